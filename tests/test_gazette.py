"""Gazette furniture is removed, pages are recorded, and files holding several instruments are split."""

from __future__ import annotations

import datetime as dt

from lawhistory.reading.gazette import contents_headings, flat, normalise, split_instruments
from tests.conftest import SEEDS


def test_both_page_header_forms_and_the_glued_variant_are_removed() -> None:
    raw = (
        "4624GOVERNMENT GAZETTE, WA 13 October 2016\n\n4624 GOVERNMENT GAZETTE, WA 13 October 2016 2.28 Farm animal "
        "shelters (1) Any stable shall— (a) not be within the boundary of 26 February 2020 GOVERNMENT GAZETTE, WA 4625 "
        "the lot; and (b) be clean."
    )
    s = normalise(raw)
    assert "GAZETTE" not in s.text
    assert [p.page for p in s.pages] == [4624, 4625]
    assert s.pages[0].date == dt.date(2016, 10, 13)
    assert "boundary of\fthe lot" in s.text  # a page break inside a sentence is a break marker, joined later
    assert flat(s.text).endswith("not be within the boundary of the lot; and (b) be clean.")


def test_page_headers_printed_as_table_rows_are_removed() -> None:
    raw = (
        "(a) the 2020/21 financial year; or (b) the 2021/22 financial year.\n"
        "| 1960 | GOVERNMENT GAZETTE, WA | 1 June 2021 |\n(2) In clause 14(3) delete the words.\n"
        "| 1 June 2021 | GOVERNMENT GAZETTE, WA | 1961 |\nDated: 26 May 2021."
    )
    s = normalise(raw)
    assert "GAZETTE" not in s.text and "|" not in s.text
    assert [p.page for p in s.pages] == [1960, 1961]
    assert s.pages[0].date == dt.date(2021, 6, 1)
    assert flat(s.text).startswith("(a) the 2020/21 financial year; or (b) the 2021/22 financial year. (2) In clause")


def test_the_special_gazette_cover_and_the_scraper_label_are_furniture() -> None:
    s = normalise((SEEDS / "004_34274a89b0432fb1.txt").read_text(encoding="utf-8"))
    assert "!2020028GG!" not in s.text and "ISSN" not in s.text and "PRINT POST" not in s.text
    assert "Cat Amendment Local Law 2020" not in s.text
    assert s.gazette_number == "28"
    assert any("label added by the source" in n for n in s.notes)


def test_one_file_holding_three_instruments_is_split_into_three() -> None:
    s = normalise((SEEDS / "004_34274a89b0432fb1.txt").read_text(encoding="utf-8"))
    pieces = split_instruments(s)
    assert [flat(p.title_block) for p in pieces] == [
        "LOCAL GOVERNMENT ACT 1995 CITY OF GOSNELLS LOCAL GOVERNMENT PROPERTY AMENDMENT LOCAL LAW 2020",
        "LOCAL GOVERNMENT ACT 1995 CITY OF GOSNELLS STANDING ORDERS AMENDMENT LOCAL LAW 2020",
        "LOCAL GOVERNMENT ACT 1995 SHIRE OF KELLERBERRIN ANIMALS, ENVIRONMENT AND NUISANCE LOCAL LAW 2019",
    ]
    kellerberrin = pieces[2]
    assert flat(kellerberrin.contents).startswith("LOCAL GOVERNMENT ACT 1995 SHIRE OF KELLERBERRIN")
    assert "CONTENTS" in kellerberrin.contents and "CONTENTS" not in kellerberrin.body
    assert flat(kellerberrin.conclusions).startswith("Passed by resolution of the Kellerberrin Shire Council")
    assert kellerberrin.pages[0].page == 419 and kellerberrin.pages[-1].page == 437
    assert pieces[0].pages == () and pieces[1].pages == ()  # the Gosnells notices carry no page headers


def test_contents_page_headings_are_read_for_the_body() -> None:
    s = normalise((SEEDS / "004_34274a89b0432fb1.txt").read_text(encoding="utf-8"))
    headings = contents_headings(split_instruments(s)[2].contents)
    assert headings["2.7"] == "Roosters, geese, turkeys and peafowl"
    assert headings["6.7"] == "Entry into private land"
    assert len(headings) == 66
