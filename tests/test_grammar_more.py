"""More of the amending language read by the grammar (wa.lark, the blocks marked "known-grammar"), with variants.

Synthetic instructions and laws (not law): each test gives wording and the operations it must make — the same for its
rewordings — or the refusal it must give; the operations resolved against a law are applied and the result checked.
"""

from __future__ import annotations

import re

import pytest

from lawhistory.amending.amend import _column_edit, _under_heading
from lawhistory.amending.apply import WordsNotFound, apply_operation
from lawhistory.amending.families import reading
from lawhistory.amending.instructions import InstructionNotUnderstood, parse_unit
from lawhistory.amending.parts import Unit, payload_provisions
from lawhistory.core.model import Provision as P
from lawhistory.core.operations import Operation
from lawhistory.files.textformat import render_fragment
from tests.helpers import body_of, ops

# --- a definition narrowed by its own provision, no comma between -------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "In clause 5.12(1) in the definition of meeting paragraph (d) delete “x” and insert “y”.",
        "In clause 5.12(1) in the definition of “meeting” paragraph (d) delete “x” and insert “y”.",
        "In clause 5.12(1), in the definition of meeting, paragraph (d), delete “x” and insert “y”.",
        "In paragraph (d) of the definition of meeting in clause 5.12(1) delete “x” and insert “y”.",
        "In clause 5.12(1) in the definition for meeting paragraph (d) delete “x” and substitute “y”.",
    ],
)
def test_a_definition_then_its_paragraph_names_the_paragraph_of_that_definition(text: str) -> None:
    assert ops(text) == [("substitute_words", "5.12(1) “meeting” (d)", "x", "y", "", "once")]


def test_an_unquoted_term_of_several_words_is_still_one_term_before_a_paragraph() -> None:
    assert ops("In clause 3 in the definition of public place paragraph (b) delete “road”.") == [
        ("delete_words", "3 “public place” (b)", "road", "", "", "once")
    ]


# --- the connector after a provision named ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "by deleting subparagraphs (i) and (ii) and “or” after subparagraph (ii);",
        "delete subparagraphs (i) and (ii) and “or” after subparagraph (ii).",
        "Delete subparagraphs (i) and (ii) and “or” after the subparagraph (ii).",
    ],
)
def test_a_connector_after_a_provision_deleted_too_goes_with_it(text: str) -> None:
    assert ops(text, "21(f)") == [
        ("delete", "21(f)(i)", "", "", "", "once"),
        ("delete", "21(f)(ii)", "", "", "", "once"),
    ]


def test_a_connector_after_a_provision_kept_is_deleted_where_it_ends_that_provision() -> None:
    assert ops("In clause 8(1) delete paragraph (c) and “and” after paragraph (b).") == [
        ("delete", "8(1)(c)", "", "", "", "once"),
        ("delete_words", "8(1)(b)", "and", "", "end", "once"),
    ]
    body = body_of("8. Hire\n  (1) A hirer must —\n    (a) pay;\n    (b) clean; and\n")
    op = parse_unit(Unit("9", "In clause 8(1) delete paragraph (c) and “and” after paragraph (b).", None))[1]
    done, _ = apply_operation(body, op)
    assert done[0].children[0].children[1].text == "clean;"
    # where the provision kept does not end with the connector, nothing is guessed
    with pytest.raises(WordsNotFound):
        apply_operation(body_of("8. Hire\n  (1) A hirer must —\n    (a) pay;\n    (b) clean or sweep;\n"), op)


def test_other_words_after_a_provision_are_not_a_connector_and_are_refused() -> None:
    with pytest.raises(InstructionNotUnderstood, match="not a connector"):
        parse_unit(Unit("9", "delete paragraph (c) and “dog” after paragraph (b).", "8(1)"))


# --- the mark that ends a provision -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "by deleting the semicolon after paragraph (c) and inserting instead a full stop;",
        "delete the semicolon after paragraph (c) and insert a full stop.",
        "delete the semi-colon at the end of paragraph (c) and substitute a full stop.",
        "Delete the semicolon after paragraph (c) and insert “.”.",
    ],
)
def test_the_mark_ending_a_provision_is_replaced_at_its_end(text: str) -> None:
    assert ops(text, "8(1)") == [("substitute_words", "8(1)(c)", ";", ".", "end", "once")]


def test_the_mark_ending_several_provisions_is_replaced_in_each() -> None:
    assert ops("In clause 8(1) delete the semicolon after paragraphs (c) and (d) and substitute a comma.") == [
        ("substitute_words", "8(1)(c)", ";", ",", "end", "once"),
        ("substitute_words", "8(1)(d)", ";", ",", "end", "once"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "by inserting before the full stop at the end of subparagraph (iii) — and the Code",
        "by inserting before the full stop at the end of subparagraph (iii) “ and the Code”.",
        "before the full stop at the end of subparagraph (iii) insert “and the Code”.",
        "Before the full stop at the end of subparagraph (iii), insert— and the Code",
    ],
)
def test_words_inserted_before_the_mark_ending_a_provision(text: str) -> None:
    assert ops(text, "21(f)") == [("substitute_words", "21(f)(iii)", ".", "and the Code.", "end", "once")]
    body = body_of("21. Interests\n  (f) an interest —\n    (iii) described in the Act.\n")
    done, _ = apply_operation(body, parse_unit(Unit("9", text, "21(f)"))[0])
    assert done[0].children[0].children[0].text == "described in the Act and the Code."


# --- a connector or provisions inserted after provisions named ----------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "after each of paragraphs (a) and (b) by inserting — “ and ”.",
        'after each of paragraphs (a) and (b) by inserting - " and ".',
        "After each of paragraphs (a) and (b) insert “and”.",
        "after each of paragraphs (a) and (b), insert— and",
    ],
)
def test_a_connector_after_each_of_several_provisions_ends_each(text: str) -> None:
    assert ops(text, "3 “burial records”") == [
        ("insert_words", "3 “burial records” (a)", "", "and", "end", "once"),
        ("insert_words", "3 “burial records” (b)", "", "and", "end", "once"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "after paragraph (b) by inserting — “ and ”; '",
        "after paragraph (b) insert “and”.",
        "After paragraph (b) by inserting “or”.",
    ],
)
def test_a_connector_after_one_provision_ends_it(text: str) -> None:
    got = ops(text, "8(1)")
    assert len(got) == 1 and got[0][:2] == ("insert_words", "8(1)(b)") and got[0][3:5] in (("and", "end"), ("or", "end"))


def test_provisions_after_a_provision_named_by_inserting_are_inserted_after_it() -> None:
    assert ops("after paragraph (b) by inserting — (ba) a shed;", "8(1)") == [
        ("insert", "8(1)(b)", "", "(ba) a shed;", "after", "once")
    ]
    with pytest.raises(InstructionNotUnderstood, match="after each of"):
        parse_unit(Unit("9", "after each of paragraphs (a) and (b) insert— (ba) a shed;", "8(1)"))


# --- a column of a table ------------------------------------------------------------------------------------------

TABLE = (
    "Schedule 3—PENALTIES\n| Item | Clause | Offence | Modified penalty $ |\n|---|---|---|---|\n"
    "| 1 | 3.2 | Failing to collect 100 dogs | 100 |\n| 2 | 5.1 | Failing to confine | 200 |\n"
)


@pytest.mark.parametrize(
    ("text", "context"),
    [
        ("in item 1, in the column headed “Modified penalty $”, delete “100” and insert “150”.", "Schedule 3"),
        ("In Schedule 3, item 1, in the column headed “Modified penalty $”, delete “100” and insert “150”.", None),
        ("In Schedule 3 in the column headed “Modified penalty $” in item 1 delete “100” and substitute “150”.", None),
        ("In item 1 in the column headed “Modified  penalty $” omit “100” and insert in its place “150”.", "Schedule 3"),
    ],
)
def test_a_word_edit_in_a_column_is_made_in_that_cell_only(text: str, context: str | None) -> None:
    (op,) = parse_unit(Unit("9", text, context))
    assert op.target == "Schedule 3 item 1 column “Modified penalty $”"
    body = body_of(TABLE)
    m = _column_match(op)
    row = _column_edit(body, op, m)
    assert isinstance(row, Operation) and row.action == "substitute" and row.target == "Schedule 3 item 1"
    done, _ = apply_operation(body, row)
    # "100" is also in the offence column: only the penalty column changes
    assert done[0].children[0].cells == ("1", "3.2", "Failing to collect 100 dogs", "150")


def _column_match(op: Operation) -> re.Match[str]:
    m = re.fullmatch(r"(?P<row>.+) column “(?P<heading>[^”]+)”", op.target)
    assert m is not None
    return m


def test_a_column_that_is_not_the_tables_or_words_not_in_its_cell_are_not_guessed() -> None:
    body = body_of(TABLE)
    for text, why in (
        ("In Schedule 3, item 1, in the column headed “Fee”, delete “100” and insert “150”.", "no column(s) headed “Fee”"),
        (
            "In Schedule 3, item 2, in the column headed “Modified penalty $”, delete “100” and insert “150”.",
            "“100” does not occur in the column headed “Modified penalty $” of that row",
        ),
    ):
        (op,) = parse_unit(Unit("9", text, None))
        assert why in str(_column_edit(body, op, _column_match(op)))  # refused when applied, saying why


def test_a_column_named_in_a_change_not_made_in_it_is_refused() -> None:
    with pytest.raises(InstructionNotUnderstood, match="name a column"):
        parse_unit(Unit("9", "In Schedule 3, in the column headed “Fee”, delete item 4.", None))
    with pytest.raises(InstructionNotUnderstood, match="more than one column"):
        parse_unit(Unit("9", "In item 1, in the column headed “A”, in the column headed “B”, delete “x”.", "Schedule 3"))


# --- rows inserted under a sub-heading of a table -----------------------------------------------------------------

GROUPED = (
    "Schedule 6—OFFENCES\n[cl. 40]\nOffences on reserves\n| Item | Clause | First $ | Later $ |\n|---|---|---|---|\n"
    "| 12. | clause 17(1) | 150 | 300 |\n| 13. | clause 18(1) | 200 | 400 |\nOffences in halls\n| 20. | clause 25(1) | 100 | 200 |\n"
)


@pytest.mark.parametrize(
    ("text", "context"),
    [
        ("In Schedule 6 under the heading “Offences on reserves” insert: 14. clause 18A(2) | 250 | 500 |", None),
        ("under the heading “Offences on reserves”, insert— | 14. | clause 18A(2) | 250 | 500 |", "Schedule 6"),
        ("In Schedule 6, under the heading “Offences  on reserves” insert the following— 14. clause 18A(2) | 250 | 500 |", None),
    ],
)
def test_rows_under_a_sub_heading_go_after_the_last_row_under_it(text: str, context: str | None) -> None:
    (op,) = parse_unit(Unit("9", text, context))
    assert op.target == "Schedule 6 under “Offences on reserves”" and op.position == "end"
    m = re.fullmatch(r"(?P<table>.+) under “(?P<heading>[^”]+)”", op.target)
    assert m is not None
    placed = _under_heading(body_of(GROUPED), op, m)
    assert placed is not None and placed.target == "Schedule 6 item 13." and placed.position == "after"
    done, _ = apply_operation(body_of(GROUPED), placed)
    rows = [c.cells for c in done[0].children if c.kind == "item"]
    assert rows[2] == ("14.", "clause 18A(2)", "250", "500") and rows[3][0] == "20."


def test_rows_under_a_heading_the_table_does_not_print_are_not_placed() -> None:
    (op,) = parse_unit(
        Unit("9", "In Schedule 6 under the heading “Offences in parks” insert: 14. clause 18A(2) | 250 | 500 |", None)
    )
    m = re.fullmatch(r"(?P<table>.+) under “(?P<heading>[^”]+)”", op.target)
    assert m is not None and _under_heading(body_of(GROUPED), op, m) is None


# --- new text whose opening quotation mark is lost ----------------------------------------------------------------


@pytest.mark.parametrize("close", ["”.", "”;", "” ;", "”; and", '".'])
def test_new_text_closed_on_its_own_line_without_its_opening_mark_is_read_up_to_the_close(close: str) -> None:
    unit = Unit(
        "9", f"After clause 11(d) the following paragraph is inserted — (da) written reasons for each decision; {close}", None
    )
    r = reading(unit, [])
    assert r.payload is not None and r.payload.strip() == "(da) written reasons for each decision;"
    assert ops(unit.text) == [("insert", "11(d)", "", "(da) written reasons for each decision;", "after", "once")]


def test_a_lost_opening_mark_before_a_quoted_term_is_read_as_a_definition() -> None:
    text = (
        "Clause 3(1) is amended by inserting in alphabetical order the following definition — “code” means a code of conduct; ”."
    )
    assert ops(text) == [("insert_definition", "3(1)", "", "**code** means a code of conduct;", "alphabetical", "once")]


@pytest.mark.parametrize(
    "text",
    [
        "In clause 3 delete “dog and insert “cat”.",  # a mark lost inside the head: which words are quoted is uncertain
        "In clause 3 after “dog” insert — “A” and B”.",  # a quotation first that is not a defined term
    ],
)
def test_other_unbalanced_marks_are_still_refused(text: str) -> None:
    with pytest.raises(InstructionNotUnderstood, match=r"do not balance|words follow"):
        parse_unit(Unit("9", text, None))


# --- payload lines ------------------------------------------------------------------------------------------------


def test_a_penalty_line_naming_its_provision_is_a_line_of_that_provision() -> None:
    new = payload_provisions("(2) A person must not display a sign. Penalty for this subclause: a fine of $2 000. (3) X.", [])
    assert render_fragment(new) == (
        "(2) A person must not display a sign.\n  Penalty for this subclause: a fine of $2 000.\n(3) X."
    )
    nested = payload_provisions("(2) A person must — (a) x; (b) y. Penalty for this subclause: a fine.", [])
    assert render_fragment(nested).splitlines()[-1] == "  Penalty for this subclause: a fine."
    # a penalty for a kind of provision the new text does not hold stays in the words
    kept = payload_provisions("(2) A person must not. Penalty for this clause: a fine.", [])
    assert render_fragment(kept) == "(2) A person must not. Penalty for this clause: a fine."


def test_a_quoted_term_after_the_dash_that_opens_definitions_is_marked_as_a_term() -> None:
    new = payload_provisions("(1) In this clause — “notifiable gift” means a gift; “token gift” means a gift.", [])
    assert [d.term for d in new[0].children] == ["notifiable gift", "token gift"]
    assert not any((d.text or "").startswith("“") for d in new[0].children)


def test_a_new_definition_takes_the_laws_quotation_marks_when_all_its_definitions_show_them() -> None:
    body = body_of("3. Terms\n  (1) In this local law —\n    “**applicant**” means a person;\n    “**hall**” means a hall.\n")
    (op,) = parse_unit(Unit("9", "In clause 3(1) insert in alphabetical order— fee means a fee;", None))
    done, _ = apply_operation(body, op)
    assert [d.text for d in done[0].children[0].children] == [
        "“applicant” means a person;",
        "“fee” means a fee;",
        "“hall” means a hall.",
    ]
    plain = body_of("3. Terms\n  (1) In this local law —\n    **applicant** means a person;\n    **hall** means a hall.\n")
    done, _ = apply_operation(plain, op)
    assert [d.text for d in done[0].children[0].children][1] == "fee means a fee;"


# --- relative locators ----------------------------------------------------------------------------------------------


def _items(lead: str, *items: str) -> list[tuple[str, str, str]]:
    from lawhistory.amending.instructions import units
    from lawhistory.core.model import Law, LawMeta

    children = tuple(P("paragraph", num=f"({chr(97 + i)})", text=t) for i, t in enumerate(items))
    law = Law(
        meta=LawMeta(id="x/a", title="A", local_government="Shire of X", kind="amending"),
        body=(P("clause", num="7", heading="Clause 3.2 amended", text=lead, children=children),),
    )
    return [(o.clause, str(o.action), o.target) for u in units(law) for o in parse_unit(u)]


@pytest.mark.parametrize("lead", ["In clause 3.2—", "Clause 3.2 is amended as follows—", "In clause 3.2:"])
def test_that_subclause_is_the_one_the_item_before_names_and_it_is_the_lead_ins_provision(lead: str) -> None:
    assert _items(
        lead,
        "in subclause (1) delete “may” and insert “must”;",
        "in that subclause, after “confined” insert “at all times”; and",
        "in the heading to it delete “Dogs to be” and insert “Dog to be kept”.",
    ) == [
        ("7(a)", "substitute_words", "3.2(1)"),
        ("7(b)", "insert_words", "3.2(1)"),
        ("7(c)", "substitute_words", "3.2 heading"),
    ]


def test_that_subclause_with_no_subclause_named_before_is_refused() -> None:
    with pytest.raises(InstructionNotUnderstood, match="cannot tell which subclause"):
        _items("In clause 3.2—", "delete “may” and insert “must”;", "in that subclause, after “confined” insert “at all times”.")
    # the lead-in names a subclause: that subclause is it
    assert _items("In clause 3.2(2)—", "in that subclause delete “may”.") == [("7(a)", "delete_words", "3.2(2)")]


def test_an_amending_heading_run_into_its_lead_in_is_the_heading() -> None:
    from lawhistory.reading.headings import take_heading

    s = "7. Clause 3.2 amended In clause 3.2— (a) in subclause (1) delete “may” and insert “must”; (b) in the heading …\nPart 4"
    heading, taken, _ = take_heading(s, 2, known=None, mode="instrument")
    assert heading == "Clause 3.2 amended" and s[2 + taken :].startswith(" In clause 3.2—")
    # words that are not a capitalised sentence after it are not cut off as a heading
    s2 = "7. Clause 3.2 amended by deleting “may” and inserting “must” in subclause (1), which is a long sentence …\nPart 4"
    assert take_heading(s2, 2, known=None, mode="instrument")[0] is None


def test_a_new_clause_numbered_with_a_full_stop_is_a_clause_even_when_its_heading_reads_like_a_definition() -> None:
    # "9. Agenda to include …": not the definition of “9. Agenda to” (a term never starts with a clause number)
    new = payload_provisions(
        "9. Agenda to include motions on notice (1) In this clause - motion on notice means a motion. (2) The CEO acts.", []
    )
    assert [(p.kind, p.num, p.heading) for p in new] == [("clause", "9", "Agenda to include motions on notice")]
    assert [d.term for d in new[0].children[0].children] == ["motion on notice"]
