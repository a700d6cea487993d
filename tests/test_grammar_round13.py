"""Constructs of the amending language read after the thirteenth first-sight round (cases 210–219, SOURCES-q.md).

Synthetic instructions, laws and commencement words (not law): each test gives wording and what it must read as, or
the refusal it must give; each would fail on the engine before the fix it guards.
"""

from __future__ import annotations

import datetime as dt

import pytest

from lawhistory.amending.parts import InstructionNotUnderstood, Unit, _ranges, _substitute
from lawhistory.core.dates import read_day
from lawhistory.core.terms import DEF_START
from tests.helpers import ops

# --- a day of the month in words -------------------------------------------------------------------------------------


def test_a_day_of_the_month_in_words_is_a_fixed_day() -> None:
    day = read_day("These by-laws shall come into operation on the first day of September, 1969.")
    assert day is not None and [d.fixed for d in day.days] == [dt.date(1969, 9, 1)]


def test_a_day_in_words_that_is_no_date_is_not_read() -> None:
    assert read_day("These by-laws shall come into operation on the thirty-first day of February, 1969.") is None


# --- older drafting's verbs first -----------------------------------------------------------------------------------


def test_substituting_for_the_interpretation_replaces_that_definition() -> None:
    got = ops(
        'By-law 2 is amended by substituting for the interpretation "apprentice" the following interpretation—\n'
        '" "apprentice" includes a person bound by indenture; ".'
    )
    assert [(a, t) for a, t, *_ in got] == [("substitute", "2 “apprentice”")]


def test_substituting_for_the_words_the_words_replaces_them() -> None:
    got = ops('By-law 5 is amended by substituting for the words "ten pounds" the words "twenty dollars".')
    assert got == [("substitute_words", "5", "ten pounds", "twenty dollars", "", "once")]


def test_mark_at_end_of_definition_replaced_by_a_mark_inserted_instead() -> None:
    got = ops(
        'By-law 3 is amended by deleting the full stop at the end of the interpretation "shop" and inserting a semicolon instead.'
    )
    assert [(a, t, w, n) for a, t, w, n, *_ in got] == [("substitute_words", "3 “shop”", ".", ";")]


def test_at_the_end_the_following_subclauses_are_inserted() -> None:
    got = ops('At the end of by-law 5 the following subclauses are inserted—\n" (2) The Council may exempt goods. ".')
    assert [(a, t, p) for a, t, _, _, p, _ in got] == [("insert", "5", "end")]


# --- a subclause designation put before a provision's first words ------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        'By-law 5 is amended by inserting before "A dealer" the subclause designation "(1)".',
        "In clause 5 delete “A dealer” and insert:\n(1) A dealer",
    ],
)
def test_a_designation_before_the_first_words_makes_them_subclause_1(text: str) -> None:
    got = ops(text)
    assert [(a, t) for a, t, *_ in got] == [("substitute", "5 designation (1) before “A dealer”")]


# --- tables and ranges ---------------------------------------------------------------------------------------------


def test_a_row_named_straight_after_the_table() -> None:
    got = ops("In Schedule 1 in the Table item 6 delete “fruit” and insert:\nvegetables")
    assert got == [("substitute_words", "Schedule 1 item 6", "fruit", "vegetables", "", "once")]


def test_a_range_from_a_full_citation_to_a_bare_label() -> None:
    assert _ranges(["2.3(b)", "(e)"], "clause 2.3(b) to (e)") == ["2.3(b)", "(c)", "(d)", "(e)"]


def test_a_run_replaced_by_fewer_new_provisions_replaces_each_label_and_deletes_the_rest() -> None:
    """The first took the whole new block while the old (c) and (d) were still there (refused as a repeated label)."""
    got = _substitute(
        Unit("4", "x", None), ["2.3(b)", "2.3(c)", "2.3(d)", "2.3(e)"], "(b) a hall;\n(c) an oval;\n(d) a reserve.", []
    )
    assert [(o.action, o.target) for o in got] == [
        ("substitute", "2.3(b)"),
        ("substitute", "2.3(c)"),
        ("substitute", "2.3(d)"),
        ("delete", "2.3(e)"),
    ]


# --- a definition drafted with "has a meaning affected by" ---------------------------------------------------------


def test_has_a_meaning_affected_by_defines_a_term() -> None:
    m = DEF_START.match("poultry has a meaning affected by subclause (2);")
    assert m is not None and m.group("term") == "poultry"


def test_unknown_designation_words_are_not_read_as_a_designation() -> None:
    """Words replaced by other words with a label stay a words change (only “(1) ” and the same words is a designation)."""
    with pytest.raises(InstructionNotUnderstood):
        ops('By-law 5 is amended by inserting before "A dealer" the subclause designation "(2)".')


def test_two_unquoted_definitions_one_with_has_a_meaning_are_two_definitions() -> None:
    """Read as one, "poultry has a meaning …" ran on into the definition of Act (wrong law text, caught before any commit)."""
    from lawhistory.amending.parts import payload_provisions

    got = payload_provisions("Act means the Local Government Act 1995;\n\npoultry has a meaning affected by subclause (2);", [])
    assert [(p.kind, p.term) for p in got] == [("definition", "Act"), ("definition", "poultry")]
