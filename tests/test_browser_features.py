"""The pages of questions across laws in a real browser (headless Chromium, JavaScript off): statutory reviews,
penalties for similar offences, similar provisions in other laws. Screenshots go where test_browser.py puts them
(a temporary folder, or LAWHISTORY_SCREENSHOTS)."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest_publish import KELLERBERRIN, KULIN_ANIMALS
from .test_browser import any_page, browser, no_sideways_scroll, page, shots, site  # noqa: F401  (the fixtures, shared)

pytest_plugins = ["tests.conftest_publish"]
pytestmark = pytest.mark.browser


def test_reviews_page_and_its_date(site: str, page: Any, shots: Any) -> None:  # noqa: F811
    page.goto(f"{site}/-/reviews?at=2022-01-01")
    assert page.locator("h1").inner_text() == "Statutory reviews of local laws"
    row = page.locator("tr.review", has_text="Shire of Kellerberrin Animals")
    assert row.locator("td.due").inner_text() == "2028-03-11"
    page.fill("input[name=at]", "2029-01-01")
    page.click("form.review-date button")
    page.wait_for_url("**at=2029-01-01*")
    row = page.locator("tr.review", has_text="Shire of Kellerberrin Animals")
    assert row.locator("td.due").inner_text() == "2035-03-11"  # from 7 December 2024: 15 years
    page.goto(f"{site}/-/reviews?db=exampleton&at=2025-01-01")
    assert page.locator("#illustrative").is_visible()
    assert page.locator("tr.review td", has_text="2021-09-21").count() >= 1
    page.goto(f"{site}/-/reviews?at=2022-01-01")
    page.screenshot(path=str(shots / "reviews.png"), full_page=True)


def test_penalties_page_from_a_common_offence_to_the_clause(site: str, page: Any, shots: Any) -> None:  # noqa: F811
    page.goto(f"{site}/-/penalties?at=2022-01-01")
    page.click("table.common-offences a:text('Failure to maintain adequate enclosures')")
    page.wait_for_url("**q=Failure+to+maintain+adequate+enclosures*")
    assert "Modified penalties from $150 to $250" in page.locator("section.summary").inner_text()
    page.screenshot(path=str(shots / "penalties.png"), full_page=True)
    page.locator("tr.offence", has_text="Shire of Kellerberrin").locator("td:nth-child(5) a").click()
    page.wait_for_url(f"**/-/law/{KELLERBERRIN}?at=2022-01-01#sec_2.3")
    assert page.locator("#sec_2\\.3").is_visible()


def test_similar_provisions_from_a_provision_history(site: str, page: Any, shots: Any) -> None:  # noqa: F811
    page.goto(f"{site}/-/law/{KELLERBERRIN}?history=sec_3.9")
    page.locator("tr", has_text="3.9(a)").locator("a.similar-link").click()
    page.wait_for_url("**/-/similar?*eid=sec_3.9__para_a*")
    first = page.locator("li.similar-provision").first
    assert "3.8(1)(a)" in first.inner_text() and "100%" in first.inner_text()
    other = page.locator("li.similar-provision", has_text="3.8(1)(c)").first
    assert other.locator("del").count() >= 1 and other.locator("ins").count() >= 1
    page.screenshot(path=str(shots / "similar.png"), full_page=True)
    first.locator("a", has_text="3.8(1)(a)").click()
    page.wait_for_url(f"**/-/law/{KULIN_ANIMALS}?at=*")


def test_similar_provisions_from_the_law_page(site: str, any_page: Any, shots: Any) -> None:  # noqa: F811
    """A clause's heading links to the similar provisions of other laws on the date shown, for it and what it holds: a
    link named for the clause, big enough to tap on a phone, the page still not scrolling sideways; its page lists the
    clause's compared provisions, each leading to its own list."""
    tab = any_page
    tab.goto(f"{site}/-/law/{KELLERBERRIN}?at=2022-01-01")
    name = "Provisions like 3.9 and what it holds, in other laws in force on 2022-01-01"
    link = tab.get_by_role("link", name=name)
    assert link.count() == 1 and link.inner_text() == "similar" and link.is_visible()
    assert tab.locator("#sec_3\\.9__para_a a.similar").count() == 0  # no link of its own: the heading's covers it
    box = link.bounding_box()
    assert box is not None
    if tab.width_name == "phone":
        assert box["width"] >= 24 and box["height"] >= 24
        no_sideways_scroll(tab)
    link.click()
    tab.wait_for_url("**/-/similar?*eid=sec_3.9*at=2022-01-01*")
    within = tab.locator("ol.within-list a.within-link", has_text="3.9(a)")
    assert within.count() == 1 and within.is_visible()
    assert "store, or allow" in within.locator("xpath=..").inner_text()  # with its words
    box = within.bounding_box()
    assert box is not None and box["height"] >= 24
    if tab.width_name == "phone":
        no_sideways_scroll(tab)
    within.click()
    tab.wait_for_url("**/-/similar?*eid=sec_3.9__para_a*at=2022-01-01*")
    first = tab.locator("li.similar-provision").first
    assert "3.8(1)(a)" in first.inner_text() and "100%" in first.inner_text()
    if tab.width_name == "desktop":
        tab.goto(f"{site}/-/law/{KELLERBERRIN}?at=2022-01-01#sec_3.9")
        tab.screenshot(path=str(shots / "law-similar-links.png"))
