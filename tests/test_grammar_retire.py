"""The last regular-expression families retired into the grammar (wa.lark's blocks "retired: table row found by its
words deleted" and "retired: words"): synthetic instructions (not law) and the operations they must make, or the
refusal they must give. No family of amending/families.py is consulted for them."""

from __future__ import annotations

from functools import partial

import pytest

from lawhistory.amending.apply import TargetNotFound, apply_operation
from lawhistory.amending.instructions import InstructionNotUnderstood, parse_unit
from lawhistory.amending.parts import Unit
from lawhistory.core.model import Provision as P
from tests.helpers import ops as ops_in

#: The operations an instruction reads to, under a lead-in naming clauses.
ops = partial(ops_in, lead="clause")


# --- a table row found by its words ---------------------------------------------------------------------------------


@pytest.mark.parametrize("verb", ["by deleting", "delete", "omit", "by removing", "strike out"])
@pytest.mark.parametrize("row", ["the row containing", "the row that contains", "the line which contains"])
@pytest.mark.parametrize("opposite", ["that text", "those words", "the above text"])
def test_a_row_opposite_the_text_named_before_keeps_those_words(verb: str, row: str, opposite: str) -> None:
    text = f"in the Table opposite {opposite}, {verb} {row} “(c) Wall fee” and “$”."
    assert ops(text, "Schedule 3") == [
        ("delete", "Schedule 3 row containing “(c) Wall fee” and “$” opposite that text", "", "", "", "once")
    ]


@pytest.mark.parametrize("lead", ["", "In the Table, ", "in the table "])
def test_a_row_found_by_its_words_in_the_whole_table(lead: str) -> None:
    assert ops(f"{lead}delete the row containing “Niche wall”, “$” and “each”;", "Schedule 2") == [
        ("delete", "Schedule 2 row containing “Niche wall” and “$” and “each”", "", "", "", "once")
    ]


def test_a_row_found_by_its_words_in_the_schedule_a_lead_names() -> None:
    assert ops("In Schedule 4, in the Table opposite that text, delete the row containing “x”.", "3.1") == [
        ("delete", "Schedule 4 row containing “x” opposite that text", "", "", "", "once")
    ]


def test_a_row_found_by_its_words_and_new_text_is_refused() -> None:
    with pytest.raises(InstructionNotUnderstood):
        parse_unit(Unit("9", "delete the row containing “x” and insert: | a | b |", "Schedule 2", lead="clause"))


def test_a_row_found_by_its_words_with_no_table_is_refused() -> None:
    with pytest.raises(InstructionNotUnderstood, match="which table"):
        parse_unit(Unit("9", "delete the row containing “x”.", None, lead="clause"))


# --- words in a formula, or in a paragraph of text named by its first words ------------------------------------------


@pytest.mark.parametrize("verb", ["by deleting", "delete", "omit", "by removing"])
@pytest.mark.parametrize("place", ["in the formula", "In the formula,", "in formula", "in the paragraph beginning with “R =”"])
def test_words_in_a_place_inside_the_lines_of_text_are_changed_in_the_provision(verb: str, place: str) -> None:
    assert ops(f"{place} {verb} “0.5 R +”;", "14(2)") == [("delete_words", "14(2)", "0.5 R +", "", "", "once")]


def test_a_place_inside_the_lines_of_text_composes_with_a_lead_and_with_a_replacement() -> None:
    assert ops("In clause 14(2), in the formula, delete “0.5 R” and insert “0.6 R”.", "14") == [
        ("substitute_words", "14(2)", "0.5 R", "0.6 R", "", "once")
    ]
    assert ops("In the paragraph beginning with “R =”, after “rate” insert “ per hour”.", "14(2)") == [
        ("insert_words", "14(2)", "rate", " per hour", "after", "once")
    ]


@pytest.mark.parametrize(
    "text",
    [
        "in the formula delete “R” wherever occurring;",  # counted in the whole provision, not in the formula
        "in the paragraph beginning with “R =” delete “R” in the second place where it occurs;",
        "in the formula delete paragraph (a);",  # a formula holds no provisions
        "in the subclause beginning with “R =” delete “R”;",  # a labelled provision named by its words
    ],
)
def test_a_place_inside_the_lines_of_text_refuses_what_it_cannot_narrow(text: str) -> None:
    with pytest.raises(InstructionNotUnderstood, match="lines of text"):
        parse_unit(Unit("9", text, "14(2)", lead="clause"))


def test_a_place_inside_the_lines_of_text_is_noted() -> None:
    notes: list[str] = []
    parse_unit(Unit("9", "in the formula by deleting “0.5 R +”;", "14(2)", lead="clause"), notes)
    assert any("the formula" in n and "14(2)" in n and "once" in n for n in notes)


def test_the_word_formula_is_still_a_word_of_a_term_or_a_title() -> None:
    assert ops("In clause 2 delete the definition of formula rate.") == [("delete", "2 “formula rate”", "", "", "", "once")]
    [op] = parse_unit(
        Unit(
            "9",
            "The Shire of Testville Formula Local Law 2001 as published in the Government Gazette on 3 May 2001 is repealed.",
            None,
        )
    )
    assert (str(op.action), op.target) == ("repeal", "Shire of Testville Formula Local Law 2001")


# --- unquoted terms with numbers, or a kind's name -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("term", "read"),
    [
        ("Class 3 vehicle", "Class 3 vehicle"),
        ("Zone 2 or 3 land", "Zone 2 or 3 land"),
        ("Category 1 hall Category 2 hall", "Category 1 hall Category 2 hall"),
        ("section", "section"),
        ("schedule", "schedule"),
        ("rules and regulations", "rules and regulations"),
    ],
)
@pytest.mark.parametrize("verb", ["delete", "omit", "by deleting"])
def test_unquoted_terms_may_hold_numbers_or_a_kinds_name(term: str, read: str, verb: str) -> None:
    assert ops(f"In clause 4(1) {verb} the definition of {term}.") == [("delete", f"4(1) “{read}”", "", "", "", "once")]


def test_a_definition_named_by_a_kinds_name_narrows_a_word_edit() -> None:
    assert ops("In clause 4 in the definition of section delete “Act.” and insert: Act;") == [
        ("substitute_words", "4 “section”", "Act.", "Act;", "", "once")
    ]


def test_a_definitions_paragraph_is_still_a_paragraph_not_part_of_the_term() -> None:
    assert ops("In clause 5(1) in the definition of meeting paragraph (d) delete “x.” and insert: x;") == [
        ("substitute_words", "5(1) “meeting” (d)", "x.", "x;", "", "once")
    ]


# --- a definition inserted before (after) one named ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("by inserting before the definition of “registration” the following definition— “quorum means half;”", "before"),
        ("Before the definition of registration, insert— quorum means half;", "before"),
        ("before the definition of “registration” insert the following definition: quorum means half;", "before"),
        ("by inserting after the definition of “registration” the following definition— “quorum means half;”", "after"),
    ],
)
def test_a_definition_inserted_beside_one_named(text: str, position: str) -> None:
    got = ops(text, "2")
    assert [(a, t, w, p) for a, t, w, _, p, _ in got] == [("insert_definition", "2", "registration", position)]
    assert "quorum" in got[0][3]


def test_a_definition_inserted_before_one_named_goes_just_before_it_not_in_alphabetical_order() -> None:
    unordered = (P("clause", num="2", heading="Terms", text="In these by-laws—", children=(
        P("definition", term="zone", text="**zone** means a zone;"),
        P("definition", term="registration", text="**registration** means entry;"),
    )),)  # fmt: skip
    for text, order in [
        ("by inserting before the definition of “registration” the following definition— “quorum means half;”",
         ["zone", "quorum", "registration"]),
        ("by inserting after the definition of “zone” the following definition— “quorum means half;”",
         ["zone", "quorum", "registration"]),
        ("before the definition of zone insert— quorum means half;", ["quorum", "zone", "registration"]),
    ]:  # fmt: skip
        [op] = parse_unit(Unit("4(b)", text, "2"))
        body, _ = apply_operation(unordered, op)
        assert [d.term for d in body[0].children] == order, text
    [op] = parse_unit(Unit("4(b)", "before the definition of emu insert— quorum means half;", "2"))
    with pytest.raises(TargetNotFound, match="no definition of “emu”"):
        apply_operation(unordered, op)


# --- no family is consulted ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "context"),
    [
        ("in the Table opposite that text, by deleting the row containing “(a) Lawn grave fee” and “$”.", "Schedule 1"),
        ("in the formula by deleting “1.5 L +”;", "21(1)"),
        ("In clause 14E(1) delete the definitions of: Category 1 or 2 hall Category 1 or 2 reserve", None),
        ("In clause 3 in the definition of section delete “Act.” and insert: Act;", None),
        ("by inserting before the definition of “registration” the following definition— “quorum means half;”", "2"),
        ("In clause 6.4(3) delete “$5,000” and insert “$10,000”.", None),
        ("In clause 2.7 delete “roosters” and do something to “geese”.", None),  # refused by the grammar alone
    ],
)
def test_the_grammar_alone_reads_an_instruction_or_refuses_it_naming_where_its_parse_stopped(
    text: str, context: str | None
) -> None:
    # no family is left to read what the grammar does not (test_grammar.test_no_family_is_left_to_read_an_instruction)
    try:
        got = parse_unit(Unit("9", text, context, lead="clause"))
    except InstructionNotUnderstood as e:
        assert "parse stopped" in str(e)
    else:
        assert got
