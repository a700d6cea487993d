"""``lawhistory check COPY``: a council's consolidated copy compared with lawhistory's consolidation, provision by
provision, each difference explained by the instrument that accounts for it.

The copies are made from the illustrative repository's versions (tests/copies.py) with known defects planted: a missed
amendment, an amendment applied twice, a typo, a provision left in that an instrument deleted, an amendment mark that
names the wrong gazette, and an amendment the copy claims that the repository lacks. Each is reported exactly; a copy
equal to the consolidation reports no difference.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from lawhistory.checking.compare import CheckReport
from lawhistory.checking.run import check_copy
from lawhistory.files.repo import Repository

from .conftest import ROOT, run_cli
from .copies import EXAMPLETON, LAW, copy_lines, plant, write_copy

LATEST = dt.date(2024, 6, 1)
A2021 = "Shire of Exampleton Animals, Environment and Nuisance Amendment Local Law 2021"
A2023 = "Shire of Exampleton Animals, Environment and Nuisance Amendment Local Law 2023"
GARDEN_REFUSE = "garden refuse means clippings or pruning’s from trees or shrubs or lawn clippings or a combination thereof;"
PIGEONS = (
    "(2) An affiliated person who keeps pigeons, or permits pigeons to be kept, shall do so in accordance with the Code "
    "of Practice—Pigeon Keeping, as in force from time to time, subject to the provisions of this local law."
)
NOISY = "(1) An owner or occupier of land shall not keep a bird that emits an unreasonable noise between 9.00 pm and 6.00 am."


def _check(tmp_path: Path, lines: list[str], **kw: object) -> CheckReport:
    copy = write_copy(tmp_path / "copy.txt", lines, **kw)  # type: ignore[arg-type]
    return check_copy(Repository.open(EXAMPLETON), copy)


def _differences(report: CheckReport) -> dict[str, tuple[str, str | None]]:
    return {f.citation: (f.status, f.explanation) for f in report.differences}


def test_a_copy_equal_to_the_consolidation_reports_no_difference(tmp_path: Path) -> None:
    report = _check(tmp_path, copy_lines(LATEST))
    assert report.law_id == LAW
    assert report.at == dt.date(2023, 9, 1) and report.at_from == "the amendments the copy says it includes"
    assert report.agrees and report.differences == () and report.missing == ()
    assert len(report.findings) > 400  # every provision was compared


def test_each_planted_defect_is_reported_with_the_instrument_that_explains_it(tmp_path: Path) -> None:
    lines = copy_lines(LATEST)
    lines = plant(lines, "(a) more than 10 poultry; and", ["(a) more than 12 poultry; and"])  # a missed amendment
    twice = PIGEONS.replace("time to time,", "time to time, as in force from time to time,")
    lines = plant(lines, PIGEONS, [twice])  # an amendment applied twice
    lines = plant(lines, "This local law applies throughout the district.", ["This local law applies thruoghout the district."])
    horse = next(ln for ln in lines if ln.startswith("horse means "))
    lines = plant(lines, horse, [GARDEN_REFUSE, horse])  # a definition the 2021 instrument deleted, left in
    report = _check(tmp_path, lines)
    assert _differences(report) == {
        "2.4(2)(a)": ("different", f"the copy lacks the amendment made by {A2021} cl. 5: it has the words in force before it"),
        "2.8(2)": ("different", f"the copy applies the amendment made by {A2023} cl. 5(b) twice"),
        "1.3": ("different", None),  # a typo: no instrument explains it
        "1.4(1) “garden refuse”": ("only_in_copy", f"the copy still has 1.4(1) “garden refuse”, deleted by {A2021} cl. 4(2)"),
    }
    typo = next(f for f in report.differences if f.citation == "1.3")
    assert [(op, t) for op, t in typo.diff if op] == [(-1, "throughout"), (1, "thruoghout")]


def test_a_provision_the_copy_lacks_names_the_instrument_that_inserted_it(tmp_path: Path) -> None:
    lines = copy_lines(LATEST)
    start = lines.index("2.12A Noisy birds")
    lines = lines[:start] + lines[start + 3 :]  # the clause, its two subclauses
    report = _check(tmp_path, lines)
    found = _differences(report)
    assert found["2.12A"][0] == "only_in_lawhistory"
    assert found["2.12A"][1] == (
        "the copy lacks 2.12A, inserted by Shire of Exampleton Animals, Environment and Nuisance Amendment Local Law 2022 cl. 4"
    )
    assert {c for c, (s, _) in found.items()} == {"2.12A", "2.12A(1)", "2.12A(2)"}


def test_an_amendment_mark_naming_the_wrong_gazette_is_questioned(tmp_path: Path) -> None:
    lines = copy_lines(LATEST)
    lines = plant(lines, NOISY, [NOISY, "Amd GG No. 55 12.03.21"])  # 2.12A(1) was last changed by the 2023 instrument
    lines = plant(lines, PIGEONS, [PIGEONS, "Amd GG No. 140 18.08.23"])  # right: the 2023 instrument's gazette
    report = _check(tmp_path, lines)
    assert report.differences == ()  # the marks are the consolidator's, not the law's words
    assert [(m.citation, m.explanation) for m in report.marks] == [
        (
            "2.12A(1)",
            "the copy marks 2.12A(1) as amended by GG No. 55, 2021-03-12, but it was last changed by "
            f"{A2023} cl. 4 (the Gazette of 2023-08-18)",
        )
    ]


def test_an_amendment_the_copy_claims_that_the_repository_lacks_is_named(tmp_path: Path) -> None:
    cover = (
        "Consolidated extract from Government Gazette of 26 February 2020\n"
        "Includes amendments vide Government Gazette of 12 March 2021, Government Gazette of 3 June 2022,\n"
        "Government Gazette of 18 August 2023 and Government Gazette No. 99, 5 May 2025\n"
    )
    report = _check(tmp_path, copy_lines(LATEST), cover=cover)
    assert [(g.number, g.date) for g in report.missing] == [("99", dt.date(2025, 5, 5))]
    assert not report.agrees and report.differences == ()


def test_the_date_comes_from_the_last_mark_when_the_copy_names_no_amendments(tmp_path: Path) -> None:
    lines = plant(
        copy_lines(dt.date(2022, 7, 1)), "(a) more than 10 poultry; and", ["(a) more than 10 poultry; and", "Amd GG 12.03.21"]
    )
    lines = plant(lines, "(a) more than 10 poultry; and", ["(a) more than 10 poultry; and", "Amd GG No. 7 3.06.22"])
    report = _check(tmp_path, [ln for ln in lines if ln != "Amd GG 12.03.21"], cover="")
    assert (report.at, report.at_from) == (dt.date(2022, 6, 4), "its latest amendment mark")
    assert report.agrees is False and [m.citation for m in report.marks] == ["2.4(2)(a)"]  # changed in 2021, not 2022


def test_the_cli_prints_text_json_and_a_page(tmp_path: Path) -> None:
    lines = plant(copy_lines(LATEST), "(a) more than 10 poultry; and", ["(a) more than 12 poultry; and"])
    copy = write_copy(tmp_path / "copy.txt", lines)
    code, out, err = run_cli("check", copy, "--repo", EXAMPLETON)
    assert (code, err) == (0, "")
    assert "the copy differs from lawhistory on 2023-09-01" in out.splitlines()[0]
    assert "2.4(2)(a): different — the copy lacks the amendment made by" in out
    assert "lawhistory → copy: more than [-10-]{+12+} poultry; and" in out
    code, out, _ = run_cli("check", copy, "--repo", EXAMPLETON, "--json")
    data = json.loads(out)
    assert data["law"]["id"] == LAW and data["agrees"] is False and data["counts"]["different"] == 1
    (row,) = [p for p in data["provisions"] if p["status"] != "same"]
    assert row["citation"] == "2.4(2)(a)" and row["copy"] == "more than 12 poultry; and"
    page = tmp_path / "check.html"
    code, out, _ = run_cli("check", copy, "--repo", EXAMPLETON, "--format", "html", "--out", page)
    assert code == 0 and "differs" in out
    html = page.read_text(encoding="utf-8")
    assert '<tr id="2.4(2)(a)">' in html and "<del>10</del><ins>12</ins>" in html


def test_a_copy_of_another_law_is_refused(tmp_path: Path) -> None:
    kellerberrin = "kellerberrin/animals-environment-and-nuisance-local-law-2019"
    other = write_copy(tmp_path / "kellerberrin.txt", copy_lines(dt.date(2021, 1, 1), ROOT, kellerberrin), cover="")
    code, _, err = run_cli("check", other, "--repo", EXAMPLETON, "--law", LAW)
    assert code == 1 and len(err.splitlines()) == 1
    assert "is a copy of 'Shire of Kellerberrin Animals, Environment and Nuisance Local Law 2019', not of" in err
    code, _, err = run_cli("check", other, "--repo", EXAMPLETON)
    assert code == 1 and "which is not in this repository" in err


def test_a_copy_that_says_nothing_of_its_date_is_refused_unless_at_is_given(tmp_path: Path) -> None:
    copy = write_copy(tmp_path / "copy.txt", copy_lines(LATEST), cover="")
    code, _, err = run_cli("check", copy, "--repo", EXAMPLETON)
    assert code == 1 and "give the date it is consolidated to with --at YYYY-MM-DD" in err
    code, out, _ = run_cli("check", copy, "--repo", EXAMPLETON, "--at", "2024-06-01")
    assert code == 0 and "the copy agrees with lawhistory on 2024-06-01" in out


def test_a_copy_whose_numbering_cannot_be_read_is_refused(tmp_path: Path) -> None:
    copy = tmp_path / "letter.txt"
    copy.write_text("Dear ratepayer,\nThe council has consolidated its local laws.\nRegards\n", encoding="utf-8")
    code, _, err = run_cli("check", copy, "--repo", EXAMPLETON)
    assert code == 1 and len(err.splitlines()) == 1 and err.startswith("error: ")


@pytest.mark.browser
def test_the_check_page_reads_on_a_phone(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    lines = plant(copy_lines(LATEST), "(a) more than 10 poultry; and", ["(a) more than 12 poultry; and"])
    page_file = tmp_path / "check.html"
    run_cli("check", write_copy(tmp_path / "copy.txt", lines), "--repo", EXAMPLETON, "--format", "html", "--out", page_file)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page(viewport={"width": 390, "height": 800})
            page.goto(page_file.as_uri())
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            assert page.locator("del").first.inner_text() == "10" and page.locator("ins").first.inner_text() == "12"
            size = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
            assert size >= 16
        finally:
            browser.close()


@pytest.mark.browser
def test_a_pdf_copy_gives_the_findings_of_its_text(tmp_path: Path) -> None:
    """A council copy printed to PDF (by headless Chromium, one printed line a line) is read and checked like its text."""
    import html

    from playwright.sync_api import sync_playwright

    lines = plant(copy_lines(LATEST), "(a) more than 10 poultry; and", ["(a) more than 12 poultry; and"])
    text_copy = write_copy(tmp_path / "copy.txt", lines)
    body = "".join(f"<p>{html.escape(ln)}</p>" for ln in text_copy.read_text(encoding="utf-8").splitlines())
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page()
            page.set_content(f"<style>p{{margin:0;font:10px serif}}</style>{body}")
            (tmp_path / "copy.pdf").write_bytes(page.pdf(format="A4"))
        finally:
            browser.close()
    from_text = check_copy(Repository.open(EXAMPLETON), text_copy)
    from_pdf = check_copy(Repository.open(EXAMPLETON), tmp_path / "copy.pdf")
    assert (
        _differences(from_pdf)
        == _differences(from_text)
        == {
            "2.4(2)(a)": ("different", f"the copy lacks the amendment made by {A2021} cl. 5: it has the words in force before it")
        }
    )
    assert from_pdf.at == from_text.at == dt.date(2023, 9, 1)
