"""Wrong refusals found by the last stop's reviews (issue 20): shapes a careful reader applies, read now (or refused
naming the words, where reading them is unsafe).

Synthetic instructions (not law): each test gives wording and what it must read as, or the refusal it must give; each
would fail on the engine before the fix it guards.
"""

from __future__ import annotations

import pytest

from lawhistory.amending.instructions import InstructionNotUnderstood, parse_unit
from lawhistory.amending.parts import Unit


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
