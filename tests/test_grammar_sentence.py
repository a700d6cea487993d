"""grammar/sentence.lark: what kind of sentence a clause is, by its words outside quotation marks — the words of a
preliminary clause, the verbs of an instruction — and a quotation never lends a sentence its words."""

from __future__ import annotations

import logging

import lark
import pytest

from lawhistory.amending.grammar.parse import (
    SENTENCE,
    VERBS_OF_AMENDING,
    preliminary_words,
    quoted_verbs,
    verbs_outside_quotes,
)
from lawhistory.amending.instructions import InstructionNotUnderstood, Unit, parse_unit
from lawhistory.amending.parts import units
from lawhistory.core.model import Law, LawMeta
from lawhistory.core.model import Provision as P


def _law(*body: P) -> Law:
    return Law(meta=LawMeta(id="x/a", title="A", local_government="Shire of X", kind="amending"), body=body)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("This local law may be cited as the Shire of X Dogs Amendment Local Law 2020.", "may be cited as"),
        ("This local law is the Shire of X Dogs Amendment Local Law 2020.", "This local law is the"),
        ("This local law comes into operation 14 days after the day on which it is published.", "comes into operation"),
        ("This local law commences on the day after publication.", "commences on"),
        ("This local law applies throughout the district.", "applies throughout"),
        ("This local law amends the Shire of X Dogs Local Law 2010.", "This local law amends"),
        ("This Part amends the Shire of X Dogs Local Law 2010.", "This Part amends"),
        ("The amendments in this local law are to the Shire of X Dogs Local Law 2010.", "amendments in this local law are to"),
        ("The Shire of X Dogs Local Law 2010 is referred to as the principal local law.", "is referred to as the principal"),
        ("The purpose of this local law is to amend the fees.", "The purpose of"),
        ("The effect of this local law is to change the fees.", "The effect of"),
        ("THIS LOCAL LAW MAY BE CITED AS THE X LOCAL LAW.", "MAY BE CITED AS"),  # any case
    ],
)
def test_each_preliminary_wording_is_read(text: str, words: str) -> None:
    assert preliminary_words(text) == words


@pytest.mark.parametrize(
    "text",
    [
        "In clause 3 delete “comes into operation” and insert “commences”.",  # quoted: the law's words, not the clause's
        "In clause 3 delete ‘may be cited as’ and insert ‘is’.",
        'In clause 3 delete "applies throughout" and insert "applies in".',
        "In clause 3, after “The purpose of”, insert “this local law”.",  # "The purpose of" only as the first words
        "Clause 3 is amended by deleting the words after the heading.",
    ],
)
def test_words_in_quotation_marks_or_later_in_the_sentence_make_no_clause_preliminary(text: str) -> None:
    assert preliminary_words(text) is None


def test_a_clause_changing_the_words_of_a_commencement_is_an_instruction_not_a_preliminary_clause() -> None:
    law = _law(
        P("clause", num="1", heading="Citation", text="This local law may be cited as the X Amendment Local Law 2020."),
        P("clause", num="2", text="This local law comes into operation on 1 May 2020."),
        P("clause", num="3", text="In clause 3 delete “comes into operation” and insert “commences”."),
    )
    assert [(u.clause, u.text) for u in units(law)] == [
        ("3", "In clause 3 delete “comes into operation” and insert “commences”.")
    ]


@pytest.mark.parametrize(
    ("text", "verbs"),
    [
        ("In clause 4 delete “dog” and insert “cat”.", ["delete", "insert"]),
        ("Clause 4 is amended by deleting paragraph (b) and substituting—", ["deleting", "substituting"]),
        ("Omit clause 3.2.", ["Omit"]),
        ("Remove the full stop and add a comma.", ["Remove", "add"]),
        ("After clause 5 insert the following clause—", ["insert"]),
        ("In the definition of “delete” —", []),  # inside quotation marks: no verb
        ("In clause 5 “a “delete” b” x", []),  # a quotation inside a quotation
        ("In the definition of “add-on”—", []),
    ],
)
def test_verbs_of_change_are_read_outside_quotation_marks_only(text: str, verbs: list[str]) -> None:
    assert verbs_outside_quotes(text) == verbs


def test_verbs_of_amending_and_repealing_and_the_phrases_that_hold_one() -> None:
    assert verbs_outside_quotes("Clause 4 is amended.", VERBS_OF_AMENDING) == ["amended"]
    assert verbs_outside_quotes("The X Local Law 2001 is repealed.", VERBS_OF_AMENDING) == ["repealed"]
    assert verbs_outside_quotes("This local law amends the X Local Law.", VERBS_OF_AMENDING) == ["This local law amends"]
    assert verbs_outside_quotes("Clause 4 is amended.") == []  # not a verb of change
    assert quoted_verbs("The words “deleted by resolution” and “x” are in clause 4.", VERBS_OF_AMENDING) == [
        "“deleted by resolution”"
    ]
    assert quoted_verbs("In clause 5 “a “repealed” b” x", VERBS_OF_AMENDING) == ["“a “repealed” b”"]


def test_a_lead_in_whose_only_verb_is_quoted_makes_its_lettered_parts_instructions() -> None:
    law = _law(
        P("clause", num="4", text="In clause 2.1, in the definition of “add-on”—", children=(
            P("paragraph", num="(a)", text="delete “x” and insert “y”;"),
            P("paragraph", num="(b)", text="delete “z” and insert “w”."),
        )),
    )  # fmt: skip
    assert [(u.clause, u.text, u.required) for u in units(law)] == [
        ("4(a)", "delete “x” and insert “y”;", True),
        ("4(b)", "delete “z” and insert “w”.", True),
    ]


def test_a_lead_in_with_a_verb_of_its_own_keeps_its_parts_as_new_text() -> None:
    law = _law(
        P("clause", num="4", text="Clause 2.4 is amended as follows—", children=(
            P("paragraph", num="(a)", text="In subclause (4) after paragraph (b) insert—", children=(
                P("paragraph", num="(ba)", text="the period;"),
            )),
        )),
    )  # fmt: skip
    (unit,) = units(law)
    assert unit.text == "In subclause (4) after paragraph (b) insert— (ba) the period;"


def test_an_instruction_whose_only_verb_is_quoted_is_refused_naming_the_quotation() -> None:
    with pytest.raises(InstructionNotUnderstood, match=r"its only verb is inside quotation marks \(“deleted by resolution”\)"):
        parse_unit(Unit("9", "The words “deleted by resolution” are in clause 4.", None))
    with pytest.raises(InstructionNotUnderstood, match=r"quotation marks \(“inserted”, “amended”\)"):
        parse_unit(Unit("9", "Clause 4 holds the words “inserted” and “amended”.", None))


def test_an_unread_instruction_with_a_verb_of_its_own_is_refused_and_words_with_none_are_left_as_text() -> None:
    with pytest.raises(InstructionNotUnderstood, match=r"the grammar of amending words .* cannot read it"):
        parse_unit(Unit("9", "Clause 4 is to be read with “x”; then delete it somehow", None))
    notes: list[str] = []
    assert parse_unit(Unit("9", "Clause 4 holds the words “x”.", None), notes) == []
    assert notes and "not an amending instruction, left as text" in notes[0]


def test_sentence_lark_is_lalr_without_a_conflict(caplog: pytest.LogCaptureFixture) -> None:
    # lark resolves a shift/reduce conflict as a shift, saying so only in its log: there must be none
    with caplog.at_level(logging.DEBUG, logger="lark"):
        lark.Lark(SENTENCE.read_text(encoding="utf-8"), parser="lalr", lexer="basic", start="sentence")
    assert not [r for r in caplog.records if "conflict" in r.getMessage().lower()]
