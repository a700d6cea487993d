"""The served site in a real browser (headless Chromium, JavaScript off): read a law, change the date, toggle the redline.

Also takes the screenshots of the law and instrument pages: into a temporary folder, or into the folder
LAWHISTORY_SCREENSHOTS names (``LAWHISTORY_SCREENSHOTS=docs/screenshots`` refreshes the committed ones).
Needs /usr/bin/chromium (the Debian package); never downloads a browser.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from lawhistory.deriving.build import staleness

from .conftest_publish import KELLERBERRIN, REFUSED, ROOT, make_law_repo
from .helpers import serving

pytest_plugins = ["tests.conftest_publish"]
pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the screenshots go: LAWHISTORY_SCREENSHOTS (relative to the project), else a temporary folder."""
    chosen = os.environ.get("LAWHISTORY_SCREENSHOTS")
    folder = ROOT / chosen if chosen else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``lawhistory serve`` on a free loopback port, as a user would run it, in a repository never built."""
    root = tmp_path_factory.mktemp("site")
    repo = make_law_repo(root / "repo")
    # with the illustrative demo, as the project's own checkout has it (serve builds it too)
    shutil.copytree(ROOT / "examples", repo.root / "examples", ignore=shutil.ignore_patterns(".serve", "*.db", "history.git"))
    with serving(repo.root, root / "serve.log", timeout=60) as base:
        assert "building first: db/lawhistory.db does not exist yet" in (root / "serve.log").read_text()
        assert staleness(repo) is None  # serve built the database (and history) before serving it
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: install Debian's chromium package to run the browser tests (apt-get install chromium)"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1000, "height": 720})
    yield context.new_page()
    context.close()


#: A desktop and a phone (390 px wide, as an iPhone 12–15).
WIDTHS = {"desktop": 1000, "phone": 390}


@pytest.fixture(params=list(WIDTHS))
def any_page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A page at desktop width, then at phone width (the test runs once for each)."""
    context = browser.new_context(java_script_enabled=False, viewport={"width": WIDTHS[request.param], "height": 760})
    page = context.new_page()
    page.width_name = request.param
    yield page
    context.close()


def no_sideways_scroll(page: Any) -> None:
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{page.url} scrolls sideways at {width} px"


def in_view(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] + box["height"] > 0 and box["y"] < page.viewport_size["height"]


def open_contents(page: Any) -> str:
    """The table of contents' selector: the sidebar on a desktop, the folded list above the text on a phone (opened
    first, by its heading)."""
    if page.width_name == "phone":
        assert not page.locator("nav.toc ol.toc-list").is_visible()  # folded under its heading on a phone
        assert page.locator("nav.toc").evaluate("n => getComputedStyle(n.parentElement).position") != "sticky"  # not a sidebar
        page.click("nav.toc #toc-open")  # the heading's width, over its label
        assert page.locator("nav.toc ol.toc-list").is_visible()
        return "nav.toc"
    assert page.locator("aside.sidebar").is_visible() and page.locator("nav.toc ol.toc-list").is_visible()
    assert page.locator("nav.toc h2").inner_text() == "Contents"  # no fold on a wider screen
    return "nav.toc"


def test_a_reader_changes_the_date_and_toggles_the_redline(site: str, page: Any, shots: Path) -> None:
    page.goto(f"{site}/-/law/{KELLERBERRIN}?at=2021-05-01")
    assert page.locator("h1").inner_text() == "Shire of Kellerberrin Animals, Environment and Nuisance Local Law 2019"
    assert (
        page.locator("#status-line").inner_text()
        == "As at 2021-05-01: in force. This version applies from 2021-04-23 to 2022-06-30."
    )
    assert page.locator("#sec_2\\.8A").is_visible()
    assert page.locator("#sec_2\\.7__para_d").inner_text() == "(d) peafowls."

    page.fill("#at", "2022-08-01")  # the date picker is a plain GET form: no JavaScript needed
    page.click("form.at-date button[type=submit]")
    page.wait_for_url("**at=2022-08-01**")
    assert page.locator("#status-line").inner_text() == "As at 2022-08-01: in force. This version applies from 2022-07-01."
    assert "more than 4 ducks" in page.locator("article.law-text").inner_text()
    assert page.locator("#sec_2\\.7__para_d").count() == 0
    assert page.locator("del").count() == 0

    page.click("#redline-toggle")
    page.wait_for_url("**redline=1**")
    words = page.locator("#sec_2\\.8A + p.cltext")  # a clause's words follow its heading
    assert words.locator("del").inner_text() == "6" and words.locator("ins").inner_text() == "4"
    assert page.locator("#sec_2\\.8A del").count() == 0  # the heading itself did not change
    deleted = page.locator("#sec_2\\.7__para_d del")
    assert deleted.inner_text() == "(d) peafowls." and deleted.is_visible()
    assert "line-through" in deleted.evaluate("e => getComputedStyle(e).textDecorationLine")
    page.locator("#sec_2\\.7").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "law-page.png"))
    assert (shots / "law-page.png").read_bytes().startswith(PNG)

    page.click("#redline-toggle")
    page.wait_for_url(lambda url: "redline" not in url)
    assert page.locator("del").count() == 0


def test_the_timeline_links_to_each_version(site: str, page: Any) -> None:
    page.goto(f"{site}/-/law/{KELLERBERRIN}?at=2022-08-01")
    page.click("nav.timeline >> text=2020-03-11 to 2021-04-22")
    page.wait_for_url("**at=2020-03-11**")
    assert page.locator("#sec_2\\.7__para_a").inner_text() == "(a) roosters;"
    assert page.locator("#sec_2\\.8A").count() == 0
    assert page.locator("nav.timeline li.current").inner_text().startswith("2020-03-11 to 2021-04-22")


def test_a_reader_follows_an_instrument_and_sees_what_it_did(site: str, page: Any, shots: Path) -> None:
    page.goto(f"{site}/-/laws")
    page.click("text=Shire of Kellerberrin Refused Amendment Local Law 2021 (SYNTHETIC TEST INSTRUMENT)")
    page.wait_for_url(f"**/-/instrument/{REFUSED}")
    assert page.locator("#instrument-status").inner_text().startswith("refused: ")
    outcomes = page.locator("section.operations tbody tr").all_inner_texts()
    assert len(outcomes) == 3 and "refused" in outcomes[1] and "the words “emus” do not occur" in outcomes[1]
    page.screenshot(path=str(shots / "instrument-page.png"))
    assert (shots / "instrument-page.png").read_bytes().startswith(PNG)
    page.click("dl.facts >> text=Shire of Kellerberrin Animals, Environment and Nuisance Local Law 2019")
    page.wait_for_url(f"**/-/law/{KELLERBERRIN}")
    assert page.locator("h1").inner_text() == "Shire of Kellerberrin Animals, Environment and Nuisance Local Law 2019"


def test_home_search_a_result_the_clause_at_its_date_and_its_history(site: str, any_page: Any, shots: Path) -> None:
    page = any_page
    page.goto(f"{site}/")
    page.fill("#lawhistory-q", "dog")  # the search box on every page
    page.click("form.lawhistory-search button[type=submit]")
    page.wait_for_url("**/-/search?q=dog")
    no_sideways_scroll(page)
    assert "in force today match “dog”" in page.locator("#search-summary").inner_text()
    results = page.locator("ol.results li.result")
    assert results.count() >= 4
    assert results.first.locator("mark").first.inner_text().lower().startswith("dog")
    if page.width_name == "desktop":
        page.screenshot(path=str(shots / "search.png"))
    else:
        page.screenshot(path=str(shots / "phone-search.png"))
    result = page.locator("li.result", has_text="Shire of Kellerberrin").filter(has_text="Cleanliness")
    result.locator(".result-title a").click()
    page.wait_for_url(f"**/-/law/{KELLERBERRIN}?at=*#sec_2.2")
    today = dt.date.today().isoformat()
    assert page.locator("#status-line").inner_text().startswith(f"As at {today}: in force.")
    assert page.locator("#sec_2\\.2").is_visible() and in_view(page, "#sec_2\\.2")  # the browser is at the clause
    no_sideways_scroll(page)
    page.click("#sec_2\\.2 a.hist")
    page.wait_for_url("**?history=sec_2.2")
    assert page.locator("h1").inner_text() == "History of 2.2 Cleanliness"
    assert "from 2020-03-11" in page.locator("section.texts").inner_text()
    no_sideways_scroll(page)


def test_contents_to_schedule_1_to_a_clause(site: str, any_page: Any, shots: Path) -> None:
    page = any_page
    page.goto(f"{site}/-/law/{KELLERBERRIN}?at=2022-08-01")
    no_sideways_scroll(page)
    contents = open_contents(page)
    page.click(f"{contents} a[href='#sch_1']")
    page.wait_for_url("**#sch_1")
    assert in_view(page, "#sch_1")
    if page.width_name == "desktop":
        page.screenshot(path=str(shots / "law-contents.png"))
    link = page.locator("#sch_1__item_1 td a[href^='#']").first  # the row's "Clause" cell (not its similar link)
    target = link.get_attribute("href")
    assert target is not None and target.startswith("#sec_")
    link.click()
    page.wait_for_url(f"**{target}")
    assert in_view(page, target.replace(".", "\\."))
    no_sideways_scroll(page)
    if page.width_name == "phone":
        page.screenshot(path=str(shots / "phone-law.png"))


def test_the_illustrative_laws_redline_between_two_dates(site: str, any_page: Any, shots: Path) -> None:
    page = any_page
    page.goto(f"{site}/-/laws")
    demo = page.locator("section.illustrative-demo")
    assert "illustrative, not law" in demo.inner_text().lower()
    demo.locator("a", has_text="Shire of Exampleton Animals, Environment and Nuisance Local Law 2019").click()
    page.wait_for_url("**/-/law/exampleton/**")
    assert page.locator("#illustrative").is_visible()  # every page of the demo says so
    page.fill("#at", "2023-09-01")
    page.click("form.at-date button[type=submit]")
    page.wait_for_url("**at=2023-09-01**")
    page.fill("#since", "2020-03-11")
    page.click("form.since-date button[type=submit]")
    page.wait_for_url("**since=2020-03-11**")
    assert page.locator("#since-line").inner_text().startswith("Showing every change between 2020-03-11 and 2023-09-01")
    assert page.locator("#sec_2\\.12A ins").inner_text() == "2.12A Noisy birds"  # a clause inserted
    assert page.locator("#sec_2\\.7__para_c del").inner_text() == "(c) turkeys; or"  # a paragraph deleted
    assert page.locator("#sch_1__item_10 td").count() == 4  # a schedule row, redlined cell by cell
    assert page.locator("#sch_1__item_10 del").inner_text() == "$250"
    assert page.locator("#illustrative").is_visible()
    no_sideways_scroll(page)
    page.locator("#sec_2\\.12A").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / ("demo-redline.png" if page.width_name == "desktop" else "phone-demo-redline.png")))
    assert (shots / "demo-redline.png").exists() or page.width_name == "phone"


def test_a_phone_reads_without_scrolling_sideways(site: str, browser: Any) -> None:
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 800})
    page = context.new_page()
    try:
        for path in (
            "/",
            "/-/laws",
            f"/-/law/{KELLERBERRIN}?at=2022-08-01",
            f"/-/law/{KELLERBERRIN}?at=2022-08-01&redline=1",
            f"/-/instrument/{REFUSED}",
            "/-/search?q=dog&when=all",
        ):
            page.goto(f"{site}{path}")
            no_sideways_scroll(page)
        page.goto(f"{site}/-/law/{KELLERBERRIN}?at=2022-08-01")
        assert not page.locator("nav.timeline").is_visible()  # the sticky versions sidebar is folded away
        assert page.locator("details.versions-narrow").is_visible()
        text = page.locator("article.law-text").bounding_box()
        assert text is not None and text["x"] >= 0 and text["x"] + text["width"] <= 390
    finally:
        context.close()


def test_a_reader_asks_what_was_known_from_the_gazette_on_a_date(site: str, any_page: Any, shots: Path) -> None:
    page = any_page
    page.goto(f"{site}/-/law/exampleton/animals-environment-and-nuisance-local-law-2019?at=2024-01-01")
    page.fill("#known", "2022-01-01")  # the second date field of the same plain GET form
    page.click("form.at-date button[type=submit]")
    page.wait_for_url("**known=2022-01-01**")
    assert page.locator("#status-line").inner_text() == (
        "As at 2024-01-01, as known on 2022-01-01: in force, as the version that applies from 2021-03-26 "
        "(the instruments published later are ignored)."
    )
    known = page.locator("#known-line").inner_text()
    assert "Amendment Local Law 2022 (published in the Gazette on 2022-06-03, commencing 2022-06-04)" in known
    assert page.locator("#sec_2\\.12A").count() == 0  # inserted by the 2022 instrument, not yet published
    assert page.locator("nav.timeline li.current").inner_text().strip().startswith("2021-03-26 to 2022-06-03")
    no_sideways_scroll(page)
    page.screenshot(path=str(shots / ("law-known.png" if page.width_name == "desktop" else "phone-law-known.png")))
