"""grammar/listed.lark: an item of a list of provisions deleted is a citation of provisions and nothing else."""

from __future__ import annotations

import logging

import lark
import pytest

from lawhistory.amending.grammar.parse import LISTED, listed_citation
from lawhistory.amending.instructions import InstructionNotUnderstood, Unit, parse_unit


@pytest.mark.parametrize(
    "item",
    [
        "clause 6.24(3)",
        "subclauses 7.4(4) and (5)",
        "Sub-clauses 7.4(4), (5) and (6)",
        "paragraphs (c) to (f)",
        "the clause 5",
        "paragraph (b) of clause 8.7",
        "paragraph (b) of subclause (2) of clause 8.7",
        "items 3 and 4",
        "Schedule 2",
        "by-laws 4 and 5",
        "regulation 12A(1)(a)",
    ],
)
def test_a_citation_of_provisions_is_an_item(item: str) -> None:
    assert listed_citation(item)


@pytest.mark.parametrize(
    "item",
    [
        "the words “dog” in clause 7.4",  # words, not provisions
        "clause",  # no label
        "clause 5, and 6",  # one joining word at a time
        "clause 5 or 6",
        "clause 5 of clauses 6",  # "of" one provision, in the singular
        "definition of “dog”",
        "clause 5 x y",
    ],
)
def test_anything_else_is_not(item: str) -> None:
    assert not listed_citation(item)


def test_a_list_with_an_item_that_is_no_citation_is_refused_naming_the_item() -> None:
    with pytest.raises(InstructionNotUnderstood, match=r"the item “clause 5 or 6\.” of its list names no provision"):
        parse_unit(Unit("9", "The following provisions are deleted— (a) clause 6.24(3); (b) clause 5 or 6.", None))


def test_listed_lark_is_lalr_without_a_conflict(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG, logger="lark"):
        lark.Lark(LISTED.read_text(encoding="utf-8"), parser="lalr", lexer="basic", start="citation")
    assert not [r for r in caplog.records if "conflict" in r.getMessage().lower()]
