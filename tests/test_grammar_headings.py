"""grammar/heading.lark and grammar/context.lark: a preliminary clause told by its heading, and the provision a
clause's heading says it amends (its instructions' place by default)."""

from __future__ import annotations

import logging
from pathlib import Path

import lark
import pytest

from lawhistory.amending.grammar.parse import CONTEXT, HEADING, preliminary_heading
from lawhistory.amending.parts import _heading_context, units
from lawhistory.core.model import Law, LawMeta
from lawhistory.core.model import Provision as P


@pytest.mark.parametrize(
    "heading",
    [
        "Citation", "Short title", "Title", "Commencement", "Application", "Purpose", "Effect", "Purpose and effect",
        "Principal local law", "Principal local laws", "Principal local law amended", "Local law amended",
        "The local laws amended", "Interpretation", "Definitions", "Content and Intent", "Content", "Intent", "Object",
        "Objects", "SHORT TITLE", "principal local law amended",
    ],
)  # fmt: skip
def test_each_preliminary_heading_is_read(heading: str) -> None:
    assert preliminary_heading(heading)


@pytest.mark.parametrize(
    "heading",
    ["", "Clause 3 amended", "Citation and commencement of clause 4", "Title of Schedule 2", "Definitions amended",
     "Amendments", "Principal", "The purpose"],
)  # fmt: skip
def test_any_other_heading_is_not_one(heading: str) -> None:
    assert not preliminary_heading(heading)


@pytest.mark.parametrize(
    ("heading", "context"),
    [
        ("Clause 3.1 amended", "3.1"),
        ("Clause 5 (1) amended", "5(1)"),
        ("Clause 5(1)(a) amended", "5(1)(a)"),
        ("CLAUSE 12A AMENDED", "12A"),
        ("Clause 5 (1) amended and clause 6 inserted", "5(1)"),
        ("Clause 5  (1) amended", "5(1)"),  # spacing is not the heading's words
        ("Schedule 2 amended", "Schedule 2"),
        ("PART 4 amended", "Part 4"),
        ("Division 3 amended", "Division 3"),
        ("Clause 10 (Election of presiding member)", "10"),
        ("Section 4 (Fees)", "4"),
        ("Clause 2.3 deleted", None),
        ("Clauses 3 and 4 amended", None),
        ("Clause 10 (Election of presiding member) 3.1", None),
        ("Citation", None),
        ("Part 4 Division 2 amended", None),
    ],
)
def test_the_provision_a_heading_names(heading: str, context: str | None) -> None:
    assert _heading_context(heading) == context


def test_a_heading_gives_the_instructions_under_it_their_place_and_a_preliminary_one_leaves_its_clause_out() -> None:
    law = Law(
        meta=LawMeta(id="x/a", title="A", local_government="Shire of X", kind="amending"),
        body=(
            P("clause", num="1", heading="Short title", text="This is the Shire of X Amendment Local Law 2020."),
            P("clause", num="2", heading="Clause 5 (1) amended", text="Delete “dog” and insert “cat”."),
        ),
    )
    assert [(u.clause, u.context) for u in units(law)] == [("2", "5(1)")]


@pytest.mark.parametrize(("path", "start"), [(HEADING, "heading"), (CONTEXT, "context")])
def test_each_grammar_is_lalr_without_a_conflict(path: Path, start: str, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG, logger="lark"):
        lark.Lark(path.read_text(encoding="utf-8"), parser="lalr", lexer="basic", start=start)
    assert not [r for r in caplog.records if "conflict" in r.getMessage().lower()]
