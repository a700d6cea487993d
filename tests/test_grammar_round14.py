"""Constructs of the amending language read after the fourteenth first-sight round (cases 220–229, SOURCES-r.md).

Synthetic instructions, laws and instruments (not law): each test gives wording and what it must read as, or the
refusal it must give; each would fail on the engine before the fix it guards.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from benchmarks.real_cases import _numbered
from lawhistory.amending.instructions import InstructionNotUnderstood, parse_unit
from lawhistory.amending.parts import Unit
from lawhistory.core.dates import REST, clause_days, read_day
from lawhistory.reading.importers.build import ImportOptions, build_instruments
from tests.helpers import ops

# --- a clause inserted after a clause, its label the next number with a letter ("After clause 4 insert: 5A. …") -----

INSTRUMENT = """SYNTHETIC TEST FIXTURE — invented text (not law)

19 June 2009            GOVERNMENT GAZETTE, WA            2417

LOCAL GOVERNMENT ACT 1995

SHIRE OF EXAMPLE

CEMETERIES AMENDMENT LOCAL LAW 2009

Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the Council of the
Shire of Example resolved on 26 May 2009 to make the following local law.

1.             Citation

This local law is the Shire of Example Cemeteries Amendment Local Law 2009.

2.             Commencement

This local law comes into operation 14 days after the date of its publication in the Government Gazette.

3.             Local law amended

This local law amends the Shire of Example Cemeteries Local Law 2008.

4.             Clause 5A inserted

After clause 4 insert:

5A.       Delegation

The local government may delegate any of its powers under this local law to the chief executive officer.

5.             Clauses 7 and 8 deleted

Delete clauses 7 and 8.

Dated: 28 May 2009.
"""


def _clauses(text: str) -> dict[str, str]:
    (law,) = build_instruments(text, ImportOptions(), line_mode=True, source_label=False).laws
    return {p.num or "": p.text or "" for p in law.body if p.kind == "clause"}


def test_a_new_clause_5a_after_clause_4_is_new_text_when_clause_5_follows() -> None:
    clauses = _clauses(INSTRUMENT)
    assert list(clauses) == ["1", "2", "3", "4", "5"]
    assert clauses["4"].startswith("After clause 4 insert: 5A. Delegation The local government may delegate")
    assert "Delete clauses 7 and 8." in clauses["5"]


def test_an_instrument_clause_5a_after_clause_5_is_still_the_instruments() -> None:
    text = INSTRUMENT.replace(
        "5A.       Delegation\n\nThe local government may delegate any of its powers under this local law to the chief executive officer.\n\n",
        "The local government may delegate.\n\n",
    )
    text = text.replace("Dated: 28 May 2009.", "5A.            Clause 9 deleted\n\nDelete clause 9.\n\nDated: 28 May 2009.")
    assert list(_clauses(text)) == ["1", "2", "3", "4", "5", "5A"]


# --- a place ending new words that cannot be a part of the provision the instruction names first -----------------


def test_a_place_ending_new_words_after_a_named_subclause_is_words_of_the_new_text() -> None:
    got = ops("In clause 2.3(3) after “parking permit” insert:\nreferred to in subclause (2)")
    assert got == [("insert_words", "2.3(3)", "parking permit", "referred to in subclause (2)", "after", "once")]


def test_a_place_ending_new_words_that_names_another_clause_is_words_of_the_new_text() -> None:
    got = ops("In clause 6.1 delete “the fee” and insert:\nthe fee set out in clause 7.2")
    assert got == [("substitute_words", "6.1", "the fee", "the fee set out in clause 7.2", "", "once")]


@pytest.mark.parametrize(
    "text",
    [
        "In clause 6.1 delete “stall” and insert: stand or stall\n\nin paragraph (c).",
        "In clause 6.1 delete “stall” and insert: stand or stall\n\nin clause 6.1(c).",
    ],
)
def test_a_place_ending_new_words_that_could_be_the_edits_own_is_still_refused(text: str) -> None:
    with pytest.raises(InstructionNotUnderstood, match="end in a place"):
        parse_unit(Unit("9", text, None))


# --- a clause in force on the day after a period of months beginning on gazettal day -------------------------------

SPLIT = (
    "This local law comes into operation as follows — (a) clauses 1 and 2 — on the day on which this local law is "
    "published in the Gazette (gazettal day); (b) clauses 5 to 7 — on the day after the period of 1 month beginning on "
    "gazettal day; (c) the rest of the local law — on the day after gazettal day."
)


def test_the_day_after_a_period_of_1_month_beginning_on_gazettal_day_is_a_month_after_it() -> None:
    day = read_day("This local law comes into operation on the day after the period of 1 month beginning on gazettal day.")
    assert day is not None and [d.on(dt.date(2010, 12, 24)) for d in day.days] == [dt.date(2011, 1, 24)]


def test_an_item_of_a_split_commencement_gives_its_clauses_the_day_after_the_period() -> None:
    days = dict(clause_days(SPLIT, dt.date(2010, 12, 24), {REST: ("1", "2", "3", "4", "5", "6", "7")}) or ())
    assert days == {
        "1": dt.date(2010, 12, 24),
        "2": dt.date(2010, 12, 24),
        "3": dt.date(2010, 12, 25),
        "4": dt.date(2010, 12, 25),
        "5": dt.date(2011, 1, 24),
        "6": dt.date(2011, 1, 24),
        "7": dt.date(2011, 1, 24),
    }


def test_a_period_of_months_at_the_end_of_a_short_month() -> None:
    day = read_day("This local law comes into operation on the day after the period of 1 month beginning on gazettal day.")
    # the period beginning on 31 January ends on 28 February (February has no 31st): the day after it is 1 March
    assert day is not None and [d.on(dt.date(2011, 1, 31)) for d in day.days] == [dt.date(2011, 3, 1)]


# --- the case harness: a text of the law on a day is compared on that day -------------------------------------------


def test_a_dated_expected_text_is_not_a_numbered_expected_text(tmp_path: Path) -> None:
    for name in ("expected.txt", "expected-2.txt", "expected-2010-12-25.txt"):
        (tmp_path / name).write_text("", encoding="utf-8")
    assert [p.name for p in _numbered(tmp_path, "expected")] == ["expected.txt", "expected-2.txt"]


# --- a table's row named by its place ("the 1st item in the Table") --------------------------------------------------


def test_the_3rd_item_in_the_table_is_the_third_row_by_place() -> None:
    got = ops("In Schedule 2 in the 3rd item in the Table delete “$1.50” and insert:\n$1.80")
    assert got == [("substitute_words", "Schedule 2 row 3", "$1.50", "$1.80", "", "once")]


def test_the_first_item_in_the_table_under_a_lead_in_naming_the_schedule() -> None:
    got = ops("in the first item in the Table delete “Zone A” and insert:\nZone A, Zone AA", context="Schedule 2")
    assert got == [("substitute_words", "Schedule 2 row 1", "Zone A", "Zone A, Zone AA", "", "once")]


def test_items_of_a_lead_in_each_naming_a_row_by_its_place_are_instructions_apart() -> None:
    from lawhistory.amending.accounting import split_instructions

    text = (
        "In Schedule 2: (a) in the 1st item in the Table delete “Zone A” and insert: Zone A, Zone AA "
        "(b) in the 3rd item in the Table delete “$1.50” and insert: $1.80"
    )
    pieces = [" ".join(p.split()) for p in split_instructions(text)]
    assert any(p.startswith("(b) in the 3rd item in the Table") or p.startswith("in the 3rd item") for p in pieces), pieces


def test_the_row_ordinal_in_words_reads_as_the_same_row() -> None:
    from tests.rewordings import row_ordinal_in_words

    text = "4. Schedule 2 amended\n\nIn Schedule 2 in the 3rd item in the Table delete “$1.50” and insert:\n\n$1.80\n"
    worded = row_ordinal_in_words(text)
    assert worded is not None and "the third item in the Table" in worded
    assert ops("In Schedule 2 in the third item in the Table delete “$1.50” and insert:\n$1.80") == ops(
        "In Schedule 2 in the 3rd item in the Table delete “$1.50” and insert:\n$1.80"
    )
