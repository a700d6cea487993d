"""Every public page in a real browser (headless Chromium) at a phone's width (390 px) and a desktop's (1280 px): no page
scrolls sideways, every tap target is big enough, the text is big enough, no SQL or internal column name shows; and the
law page's list of what changed, with jump links that bring the provision into view; the date change keeping the
reader's place; the printed law (a PDF) with its text and none of the site's navigation.

Screenshots go where test_browser.py puts them (a temporary folder, or LAWHISTORY_SCREENSHOTS).
"""

from __future__ import annotations

import io
import re
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest_publish import KELLERBERRIN, REFUSED
from .test_browser import browser, in_view, no_sideways_scroll, shots, site  # noqa: F401  (the fixtures, shared)

pytest_plugins = ["tests.conftest_publish"]
pytestmark = pytest.mark.browser

EXAMPLETON = "exampleton/animals-environment-and-nuisance-local-law-2019"
#: Every page a member of the public reaches, by name.
PUBLIC = {
    "index": "/",
    "law": f"/-/law/{KELLERBERRIN}?at=2022-08-01",
    "law-redline": f"/-/law/{KELLERBERRIN}?at=2022-08-01&redline=1",
    "law-since": f"/-/law/{EXAMPLETON}?at=2023-09-01&since=2020-03-11",
    "law-known": f"/-/law/{EXAMPLETON}?at=2024-01-01&known=2022-01-01",
    "search": "/-/search?q=dog",
    "search-none": "/-/search?q=zebras+juggling",
    "search-phrase": "/-/search?" + urllib.parse.urlencode({"q": '"keep a dog"'}),
    "instrument": f"/-/instrument/{REFUSED}",
    "provision-history": f"/-/law/{KELLERBERRIN}?history=sec_2.7",
    "penalties": "/-/penalties?at=2022-01-01",
    "penalties-search": "/-/penalties?at=2022-01-01&q=Failure+to+maintain+adequate+enclosures",
    "reviews": "/-/reviews?at=2022-01-01",
    "similar": f"/-/similar?law={KELLERBERRIN}&eid=sec_3.9__para_a&at=2022-01-01",
    "about": "/-/about",
    "not-found": "/-/law/nowhere/no-such-law",
}
WIDTHS = {"phone": 390, "desktop": 1280}
#: What a member of the public should never read: SQL, the database's column names, jargon.
FORBIDDEN = re.compile(
    r"\bselect\b[^.]*\bfrom\b|\bSQL\b|canned|valid_to|valid_from|last_changed_by|_id\b|\beids?\b|"
    r"known from the Gazette|Flagged|rows? in \d|hidden tables",
    re.IGNORECASE,
)
#: The command line, which only the About page explains.
COMMANDS = re.compile(r"lawhistory (?:show|list|export|build|import|serve)")

#: The tap targets smaller than 24 x 24 px, except a link inside a sentence (WCAG 2.5.8's inline exception).
SMALL_TARGETS = """() => {
  const out = [];
  for (const el of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, summary')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;  // not shown
    if (getComputedStyle(el).display === 'inline' && el.parentElement) {
      let words = '';  // the words of its block that are not links: a sentence the link sits in
      for (const n of el.parentElement.childNodes) if (n.nodeType === 3) words += n.textContent;
      if (words.trim().length > 1) continue;
    }
    if (r.width < 24 || r.height < 24) out.push(`${el.tagName} "${el.textContent.trim().slice(0, 30)}" ${r.width}x${r.height}`);
  }
  return out;
}"""
#: The size of the body's text, and every shown piece of text smaller than 14 px.
TEXT_SIZES = """() => {
  const small = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || !el.getClientRects().length) continue;
    if (el.closest('footer')) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 14) small.push(`${el.tagName}.${el.className} "${n.textContent.trim().slice(0, 30)}" ${size}px`);
  }
  return {body: parseFloat(getComputedStyle(document.body).fontSize), small: small};
}"""
#: Elements whose words may break anywhere (what crushed a table's first column a few letters a line).
BREAK_ANYWHERE = """() => [...document.querySelectorAll('body *')].filter(e => {
  const s = getComputedStyle(e);
  return s.overflowWrap === 'anywhere' || s.wordBreak === 'break-all';
}).map(e => e.tagName + '.' + e.className)"""


@pytest.fixture(scope="module", params=list(WIDTHS))
def tab(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:  # noqa: F811
    """One page at a phone's width, then one at a desktop's (each for every test that asks for it)."""
    context = browser.new_context(java_script_enabled=False, viewport={"width": WIDTHS[request.param], "height": 800})
    page = context.new_page()
    page.width_name = request.param
    yield page
    context.close()


@pytest.mark.parametrize("name", list(PUBLIC))
def test_every_public_page_reads_on_a_phone_and_a_desktop(site: str, tab: Any, name: str) -> None:  # noqa: F811
    response = tab.goto(site + PUBLIC[name])
    assert response is not None and response.status == (404 if name == "not-found" else 200)
    no_sideways_scroll(tab)
    assert tab.evaluate(SMALL_TARGETS) == []
    sizes = tab.evaluate(TEXT_SIZES)
    assert sizes["body"] >= 16 and sizes["small"] == []
    assert tab.evaluate(BREAK_ANYWHERE) == []
    words = tab.inner_text("body")
    found = FORBIDDEN.search(words)
    assert found is None, f"{name}: “{found.group(0) if found else ''}” on a public page"
    assert name == "about" or COMMANDS.search(words) is None, f"{name}: a command on a public page"
    for link in tab.locator("a[href]").all():  # every link the public follows stays on lawhistory's own pages
        href = link.get_attribute("href") or ""
        path = urllib.parse.urlsplit(href).path
        if href.startswith("/") and path != "/" and not path.startswith("/-/"):
            # data pages only behind "Data" (or the menu, or the footer); an Atom feed is for a feed reader to follow
            data_or_feed = "a => !!a.closest('.data-links, footer, .nav-menu-inner') || a.type === 'application/atom+xml'"
            assert link.evaluate(data_or_feed), f"{name}: {href} is data"


@pytest.mark.parametrize("name", ["index", "law", "search", "penalties"])
def test_the_primary_controls_are_44_px(site: str, tab: Any, name: str) -> None:  # noqa: F811
    tab.goto(site + PUBLIC[name])
    controls = {
        "index": ["#index-q", "form.index-search button"],
        "law": ["#at", "#known", "#since", "form.at-date button", "form.since-date button"],
        "search": ["#q", "form.search-page button"],
        "penalties": [],
    }[name] + ["details.nav-menu > summary"]
    for selector in controls:
        box = tab.locator(selector).bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, f"{selector}: {box}"


def test_the_home_page_is_the_index_of_laws_with_a_search_box(site: str, tab: Any, shots: Path) -> None:  # noqa: F811
    tab.goto(f"{site}/")
    assert tab.locator("h1").inner_text() == "Local laws"
    assert "0 tables" not in tab.inner_text("body")
    tab.screenshot(path=str(shots / ("index.png" if tab.width_name == "desktop" else "phone-index.png")))
    if tab.width_name == "phone":  # the table of laws is a stack of cards: the title's words are not crushed
        card = tab.locator("table.laws tr", has_text="Kellerberrin Animals").first.bounding_box()
        assert card is not None and card["width"] >= 300
    tab.fill("#index-q", "dog")
    tab.click("form.index-search button")
    tab.wait_for_url("**/-/search?q=dog")
    assert tab.locator("ol.results li.result").count() >= 4
    tab.goto(f"{site}/-/data")  # Datasette's own index, still reachable for researchers
    assert tab.locator("a", has_text="lawhistory").count() >= 1


def test_what_a_version_changed_is_listed_at_the_top_with_jump_links(site: str, tab: Any, shots: Path) -> None:  # noqa: F811
    tab.goto(f"{site}{PUBLIC['law-redline']}")
    section = tab.locator("#what-changed")
    assert section.locator("h2").inner_text() == "What this version changed"
    items = section.locator("ol.change-list li").all_inner_texts()
    assert items == ["2.7 words changed", "2.7(c) words changed", "2.7(d) deleted", "2.8A words changed"]
    assert tab.locator("#previous-change").get_attribute("href") == f"/-/law/{KELLERBERRIN}?at=2021-04-23&redline=1"
    assert tab.locator("#next-change").count() == 0  # the latest change
    marked = tab.locator("ol.toc-list li.changed a").all_text_contents()  # the contents mark the clauses changed
    assert list(dict.fromkeys(m.split(" ")[0] for m in marked)) == ["2.7", "2.8A"]
    section.scroll_into_view_if_needed()
    tab.screenshot(path=str(shots / ("law-what-changed.png" if tab.width_name == "desktop" else "phone-law-what-changed.png")))
    for citation, target in (("2.7(d)", "#sec_2\\.7__para_d"), ("2.8A", "#sec_2\\.8A")):
        tab.goto(f"{site}{PUBLIC['law-redline']}")
        section.locator("a", has_text=citation).first.click()
        tab.wait_for_url(f"**{target.replace(chr(92), '')}")
        assert in_view(tab, target)
    tab.click("#previous-change")
    tab.wait_for_url("**at=2021-04-23&redline=1")
    items = tab.locator("#what-changed ol.change-list li").all_inner_texts()
    assert items == ["1.4(1) “drake” inserted", "2.7(a) words changed", "2.8A inserted", "Schedule 1 item 6 words changed"]
    assert tab.locator("#next-change").get_attribute("href") == f"/-/law/{KELLERBERRIN}?at=2022-07-01&redline=1"


def test_what_changed_since_a_date_and_its_jump_links(site: str, tab: Any) -> None:  # noqa: F811
    tab.goto(f"{site}{PUBLIC['law-since']}")
    section = tab.locator("#what-changed")
    assert section.locator("h2").inner_text() == "What changed between 2020-03-11 and 2023-09-01"
    items = section.locator("ol.change-list li").all_inner_texts()
    assert "2.12A inserted" in items and "2.7(c) deleted" in items
    section.get_by_role("link", name="2.12A", exact=True).click()
    tab.wait_for_url("**#sec_2.12A")
    assert in_view(tab, "#sec_2\\.12A")


def test_on_the_plain_text_a_deleted_provision_links_to_where_it_is_struck_out(site: str, tab: Any) -> None:  # noqa: F811
    tab.goto(f"{site}{PUBLIC['law']}")
    link = tab.locator("#what-changed a", has_text="2.7(d)")
    link.click()
    tab.wait_for_url("**redline=1#sec_2.7__para_d")
    assert in_view(tab, "#sec_2\\.7__para_d") and tab.locator("#sec_2\\.7__para_d del").count() == 1


def test_no_data_link_to_a_version_that_does_not_exist(site: str, tab: Any) -> None:  # noqa: F811
    tab.goto(f"{site}/-/law/{KELLERBERRIN}?at=2019-01-01")  # before it commenced
    assert tab.locator("a[href*='.json?'], a[href*='.akn?']").count() == 0
    tab.goto(f"{site}{PUBLIC['law']}")
    for link in tab.locator("a[href*='.json?'], a[href*='.akn?']").all():
        response = tab.request.get(site + (link.get_attribute("href") or ""))
        assert response.status == 200


def test_the_gazette_reference_is_readable(site: str, tab: Any) -> None:  # noqa: F811
    tab.goto(f"{site}{PUBLIC['law']}")
    ref = tab.locator("#gazette-ref")
    assert (
        ref.inner_text() == "Government Gazette 2020-02-26, No. 30, p. 419-437"
        or "Government Gazette 2020-02-26" in ref.inner_text()
    )
    style = ref.evaluate("e => [getComputedStyle(e).color, parseFloat(getComputedStyle(e).fontSize)]")
    assert style[1] >= 14
    assert contrast(style[0], "rgb(255, 255, 255)") >= 4.5


def contrast(foreground: str, background: str) -> float:
    """WCAG's contrast ratio between two CSS rgb() colours."""

    def luminance(colour: str) -> float:
        channels = [int(c) / 255 for c in re.findall(r"\d+", colour)[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_a_phrase_is_echoed_as_typed_and_no_results_say_what_to_try(site: str, tab: Any) -> None:  # noqa: F811
    tab.goto(f"{site}{PUBLIC['search-phrase']}")
    assert 'match "keep a dog"' in tab.locator("#search-summary").inner_text()
    assert '“"' not in tab.inner_text("body")
    tab.goto(f"{site}{PUBLIC['search-none']}")
    assert tab.locator("#search-summary").inner_text().startswith("0 provisions in force today match “zebras juggling”")
    assert "Things to try" in tab.locator("#no-results").inner_text()
    assert tab.locator("aside.facets").count() == 0  # no empty facet headings
    tab.click("#no-results a:text('every version')")
    tab.wait_for_url("**when=all**")


def test_changing_the_date_keeps_the_readers_place(site: str, browser: Any) -> None:  # noqa: F811
    context = browser.new_context(viewport={"width": 390, "height": 800})  # JavaScript on, as a reader has it
    try:
        page = context.new_page()
        page.goto(f"{site}/-/law/{KELLERBERRIN}?at=2022-08-01#sec_2.3")
        page.fill("#at", "2021-05-01")
        page.click("form.at-date button[type=submit]")
        page.wait_for_url("**at=2021-05-01**#sec_2.3")
        assert page.locator("#status-line").inner_text().startswith("As at 2021-05-01: in force.")
        assert in_view(page, "#sec_2\\.3")
    finally:
        context.close()


def test_a_printed_law_has_its_text_status_and_gazette_reference_and_no_navigation(site: str, browser: Any) -> None:  # noqa: F811
    from pdfminer.high_level import extract_text

    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{site}/-/law/{KELLERBERRIN}?at=2022-08-01")
        text = " ".join(extract_text(io.BytesIO(page.pdf(format="A4"))).split())
    finally:
        context.close()
    assert "Shire of Kellerberrin Animals, Environment and Nuisance Local Law 2019" in text
    assert "As at 2022-08-01: in force. This version applies from 2022-07-01." in text
    assert "Government Gazette 2020-02-26" in text
    assert "more than 4 ducks" in text  # the law's words
    assert "deleted by" in text  # the notes of what was removed, in square brackets
    assert "Notes on this text" in text
    for navigation in ("Search the laws", "Show the law as at", "Mark every change since", "Contents", "Versions", "Data:"):
        assert navigation not in text, navigation
