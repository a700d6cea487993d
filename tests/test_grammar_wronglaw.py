"""Three shapes of real drafting on which the engine once exited 0 with wrong law (brief: wronglaw).

The instruments are synthetic reconstructions (tests/fixtures/wronglaw/, its README): each case is run the way
``lawhistory amend`` runs it (``benchmarks.real_cases.run_case``: a fresh repository, the principal law, the instrument)
and the law in force after it compared with expected.txt; the instructions around them are read by ``parse_unit`` as
the other grammar tests read them. Each test fails on the engine before the fix it guards.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.real_cases import run_case
from lawhistory.amending.accounting import split_instructions
from lawhistory.amending.instructions import parse_unit
from lawhistory.amending.parts import Unit
from lawhistory.core.errors import LawHistoryError

CASES = Path(__file__).parent / "fixtures" / "wronglaw"


def ops(
    text: str, context: str | None = None, clause: str = "4", item: bool = False
) -> list[tuple[str, str | None, str | None, str | None]]:
    return [(str(o.action), o.target, o.words, o.new) for o in parse_unit(Unit(clause, text, context, item))]


def exact(name: str) -> None:
    result = run_case(CASES / name)
    assert (result.verdict, result.problems) == ("exact", []), result.message


# --- 1. an item printed after the unquoted new words of the item before it ------------------------------------------


def test_item_in_the_same_table_cell_after_unquoted_new_words_is_its_own_instruction() -> None:
    exact("1-item-in-unquoted-payload-table-cell")


def test_unquoted_new_words_end_where_an_item_after_quoted_words_begins() -> None:
    text = "(a) after “quarry” insert: or gravel pit (b) after “limestone (quarry) site” insert: where blasting is used"
    assert split_instructions(text) == [
        "(a) after “quarry” insert: or gravel pit",
        "(b) after “limestone (quarry) site” insert: where blasting is used",
    ]
    assert split_instructions(text.replace("after “limestone", "before “limestone")) == [
        "(a) after “quarry” insert: or gravel pit",
        "(b) before “limestone (quarry) site” insert: where blasting is used",
    ]


@pytest.mark.parametrize("label", ["(a)", "(i)"])
def test_unquoted_new_words_holding_the_next_items_label_are_refused_naming_it(label: str) -> None:
    after = {"(a)": "(b)", "(i)": "(ii)"}[label]
    text = f"after “open quarry” insert: or gravel pit {after} where blasting is used"
    with pytest.raises(LawHistoryError, match=rf"hold “\({after.strip('()')}\)”.*“\({after.strip('()')}\) where blasting"):
        parse_unit(Unit(f"4{label}", text, "2.1", True))


def test_quoted_new_words_or_another_label_are_still_read() -> None:
    quoted = "after “open quarry” insert “or gravel pit (b) where”"
    assert ops(quoted, "2.1", "4(a)", True) == [("insert_words", "2.1", "open quarry", "or gravel pit (b) where")]
    other = "after “open quarry” insert: or gravel pit (d) where blasting is used"
    assert ops(other, "2.1", "4(a)", True) == [("insert_words", "2.1", "open quarry", "or gravel pit (d) where blasting is used")]
