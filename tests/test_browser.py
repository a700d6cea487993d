"""The served site in a real browser (headless Chromium, JavaScript off): read a law, change the date, toggle the redline.

Also takes the screenshots of the law and instrument pages: into a temporary folder, or into the folder
LAWHISTORY_SCREENSHOTS names (``LAWHISTORY_SCREENSHOTS=docs/screenshots`` refreshes the committed ones).
Needs /usr/bin/chromium (the Debian package); never downloads a browser.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from lawhistory.build import staleness

from .conftest_publish import KELLERBERRIN, REFUSED, ROOT, make_law_repo

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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``lawhistory serve`` on a free loopback port, as a user would run it, in a repository never built."""
    root = tmp_path_factory.mktemp("site")
    repo = make_law_repo(root / "repo")
    port = free_port()
    cmd = [sys.executable, "-m", "lawhistory", "serve", "--repo", str(repo.root), "--port", str(port)]
    log = (root / "serve.log").open("w+", encoding="utf-8")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                pytest.fail(f"lawhistory serve exited with {proc.returncode}: {(root / 'serve.log').read_text()}")
            try:
                with urllib.request.urlopen(f"{base}/-/laws", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail("lawhistory serve did not answer within 60 seconds")
                time.sleep(0.2)
        assert "building first: db/lawhistory.db does not exist yet" in (root / "serve.log").read_text()
        assert staleness(repo) is None  # serve built the database (and history) before serving it
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        log.close()


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
