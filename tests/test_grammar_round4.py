"""Constructs of the amending language read after the fourth first-sight round (cases 132–141, SOURCES-j.md).

Synthetic instructions (not law): each test gives wording and the operations it must make, or the refusal it must
give; each would fail on the engine before the fix it guards.
"""

from __future__ import annotations

import datetime as dt

import pytest

from lawhistory.amending.apply import ApplyRefused, apply_operation
from lawhistory.amending.instructions import InstructionNotUnderstood, parse_unit
from lawhistory.amending.parts import Unit
from lawhistory.core.model import Provision as P
from lawhistory.core.operations import Operation
from lawhistory.reading.instrument_meta import amended_law


def ops(text: str) -> list[tuple[str, str | None, str]]:
    return [(str(o.action), o.target, o.new or "") for o in parse_unit(Unit("9", text, None))]


# --- a principal whose title puts its subject after a dash ------------------------------------------------------


def test_a_principal_titled_local_law_dash_subject_year_is_named() -> None:
    got = amended_law(
        "In this local law the Shire of X Local Law—Fencing 2013, published in the Government Gazette on 4 July 2013, "
        "is referred to as the principal local law."
    )
    assert got is not None
    assert (got.title, got.gazette_date) == ("Shire of X Local Law—Fencing 2013", dt.date(2013, 7, 4))


# --- a run of schedule items replaced by rows printed between bars ------------------------------------------------


def test_consecutive_items_deleted_and_rows_inserted_replace_the_run_in_its_place() -> None:
    text = (
        "In Schedule 4, delete items 3 and 4 and insert— | 3 | 4.2 | Erecting a fence | 300 | "
        "| 4 | 5.1 | Using an electrified fence | 350 | | 5 | 5.1 | Using a razor wire fence | 350 |"
    )
    rows = (
        "| 3 | 4.2 | Erecting a fence | 300 |\n| 4 | 5.1 | Using an electrified fence | 350 |\n"
        "| 5 | 5.1 | Using a razor wire fence | 350 |"
    )
    # the later item goes first, so the new row numbered 4 is never taken for the old item 4
    assert ops(text) == [("delete", "Schedule 4 item 4", ""), ("substitute", "Schedule 4 item 3", rows)]


def test_items_not_in_one_run_replaced_by_rows_are_still_refused() -> None:
    # items 3 and 5: where the new rows go is not one place
    text = (
        "In Schedule 4, delete items 3 and 5 and insert— | 3 | 4.2 | Erecting a fence | 300 | | 4 | 5.1 | Using a fence | 350 |"
    )
    with pytest.raises(InstructionNotUnderstood):
        parse_unit(Unit("9", text, None))


# --- laws repealed listed in a table printed between bars -----------------------------------------------------------


def repeals(text: str) -> list[tuple[str, str | None, str | None]]:
    return [(str(o.action), o.target, o.words) for o in parse_unit(Unit("3", text, None))]


def test_laws_repealed_listed_in_a_table_to_the_clause_with_title_and_gazette_columns() -> None:
    text = (
        "The by-laws and the local law specified in the Table to this clause are repealed. Table | Title | Published in "
        "the Government Gazette | |---|---| | Shire of X By-laws Relating to Dogs | 3 March 1995 | | Shire of X Local "
        "Law Relating to Thoroughfares | 21 February 2000 |"
    )
    assert repeals(text) == [
        ("repeal", "Shire of X By-laws Relating to Dogs", "1995-03-03"),
        ("repeal", "Shire of X Local Law Relating to Thoroughfares", "2000-02-21"),
    ]


def test_laws_repealed_listed_in_the_schedule_with_item_numbers() -> None:
    text = (
        "The local laws specified in the Schedule are repealed. Schedule—Local laws repealed | Item | Title | Government "
        "Gazette | |---|---|---| | 1 | City of X Local Laws Relating to Hawkers | 9 May 1997 | | 2 | City of X Local "
        "Laws Relating to Signs, Hoardings and Bill Posting | 22 January 1999 |"
    )
    assert repeals(text) == [
        ("repeal", "City of X Local Laws Relating to Hawkers", "1997-05-09"),
        ("repeal", "City of X Local Laws Relating to Signs, Hoardings and Bill Posting", "1999-01-22"),
    ]


def test_a_repeal_table_row_that_names_no_law_is_refused() -> None:
    # a row whose title cell is no local law's title: nothing is repealed on a guess
    text = (
        "The local laws specified in the Schedule are repealed. Schedule—Local laws repealed | Item | Title | Government "
        "Gazette | |---|---|---| | 1 | City of X Local Laws Relating to Hawkers | 9 May 1997 | | 2 | Signs and hoardings "
        "| 22 January 1999 |"
    )
    with pytest.raises(InstructionNotUnderstood):
        parse_unit(Unit("3", text, None))


# --- words found in more than one penalty -------------------------------------------------------------------------


def test_words_found_in_two_penalties_are_refused_naming_the_penalties() -> None:
    # "In clause 9.1, in the penalty, delete “$1,000” …" where a penalty is printed under each subclause
    body = (
        P(kind="clause", num="9.1", heading="Conduct", children=(
            P(kind="subclause", num="(1)", text="A person must not use offensive expressions."),
            P(kind="text", text="Penalty: $1,000."),
            P(kind="subclause", num="(2)", text="A person must not interrupt a member."),
            P(kind="text", text="Penalty: $1,000."),
        )),
    )  # fmt: skip
    op = Operation(clause="4", action="substitute_words", target="9.1", words="$1,000", new="$2,500", source="x")
    with pytest.raises(ApplyRefused, match=r"occur 2 times, each in a penalty of its own \(2 penalties\)"):
        apply_operation(body, op)


def test_words_found_twice_outside_penalties_are_refused_without_naming_penalties() -> None:
    body = (P(kind="clause", num="9.2", text="A fee of $1,000 and a bond of $1,000 are payable."),)
    op = Operation(clause="4", action="substitute_words", target="9.2", words="$1,000", new="$2,500", source="x")
    with pytest.raises(ApplyRefused, match=r"occur 2 times") as e:
        apply_operation(body, op)
    assert "penalt" not in str(e.value)
