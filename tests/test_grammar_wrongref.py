"""Wrong refusals found by the last stop's reviews (issue 20): shapes a careful reader applies, read now (or refused
naming the words, where reading them is unsafe).

Synthetic instructions (not law): each test gives wording and what it must read as, or the refusal it must give; each
would fail on the engine before the fix it guards.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lawhistory.amending.instructions import InstructionNotUnderstood, parse_unit
from lawhistory.amending.parts import Unit
from tests.test_grammar_rows import CLAUSES, ORIGINAL, refusal, run


def _ops(text: str) -> list[tuple[str, str, str | None, str | None, str]]:
    return [(op.action.value, op.target, op.words, op.new, op.occurrence.value) for op in parse_unit(Unit("4", text, None))]


# --- 1. "in substitution", "in place thereof", "in its stead", "substitute therefor", "in lieu thereof" (k1–k5, k8) ---


@pytest.mark.parametrize(
    "replacement",
    [
        "and in substitution insert",
        "and insert in substitution therefor",
        "and insert in place thereof",
        "and insert in its stead",
        "and insert in their stead",
        "and substitute therefor",
        "and in lieu thereof insert",
        "and in the place of those words insert",
        "and in place of them insert",
        "and in each case insert",
    ],
)
def test_words_replaced_with_the_new_words_said_to_go_in_their_place(replacement: str) -> None:
    assert _ops(f"In clause 12A(2)(b) delete “6 months” {replacement} “12 months”.") == [
        ("substitute_words", "12A(2)(b)", "6 months", "12 months", "once")
    ]


def test_in_each_case_after_wherever_occurring_replaces_every_occurrence() -> None:
    assert _ops("In clause 5 delete “shall” wherever occurring and in each case insert “must”.") == [
        ("substitute_words", "5", "shall", "must", "all")
    ]


def test_in_place_of_quoted_words_is_still_refused() -> None:
    # "insert “B” in place of “C”" names other words than those deleted: not a shape of "instead"
    with pytest.raises(InstructionNotUnderstood, match="cannot read this instruction"):
        parse_unit(Unit("4", "In clause 5(1) delete “A” and insert “B” in place of “C”.", None))


# --- 2. a column named by its heading, no row named (t2) -----------------------------------------------------------


def test_a_column_named_by_its_heading_has_the_words_changed_in_every_row_wherever_occurring(tmp_path: Path) -> None:
    body = "In Schedule 1 in the column headed “Modified penalty $” delete “200” wherever occurring and insert “250”."
    assert run(tmp_path, CLAUSES, body) == [*ORIGINAL[:3], ("4.3(a)", "Taking fauna", "250"), ("4.3(b)", "Removing flora", "250")]


def test_a_column_named_by_its_heading_has_words_occurring_once_there_changed_in_their_row(tmp_path: Path) -> None:
    body = "In Schedule 1, in the column headed “Modified penalty $”, delete “150” and insert “175”."
    assert run(tmp_path, CLAUSES, body) == [
        *ORIGINAL[:2],
        ("3.1", "Carrying on an activity without a permit", "175"),
        *ORIGINAL[3:],
    ]


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ("In Schedule 1 in the column headed “Modified penalty $” delete “200” and insert “250”.", "“200” occurs 2 times"),
        ("In Schedule 1 in the column headed “Penalty” delete “200” wherever occurring and insert “250”.", "no column(s) headed"),
        ("In Schedule 1 in the column headed “Description” delete “200” wherever occurring and insert “250”.", "in no cell"),
    ],
)
def test_a_column_named_by_its_heading_is_refused_where_the_words_do_not_say_which_rows(
    tmp_path: Path, body: str, why: str
) -> None:
    assert why in refusal(tmp_path, CLAUSES, body)
