"""Amending instructions in their many wordings become the right typed operations."""

from __future__ import annotations

import pytest

from lawhistory.amending.instructions import InstructionNotUnderstood, Unit, parse_unit, resolve_targets


def ops(text: str, context: str | None = None) -> list[tuple[str, ...]]:
    return [
        tuple(
            x
            for x in (o.action, o.target, o.words, o.new, o.position, None if o.occurrence == "once" else o.occurrence)
            if x is not None
        )
        for o in parse_unit(Unit("9", text, context))
    ]


@pytest.mark.parametrize(
    ("text", "context", "expected"),
    [
        # delete provisions
        ("Delete all of clause 3.14.", None, [("delete", "3.14")]),
        ("Clause 4.5 is deleted.", None, [("delete", "4.5")]),
        ("Delete subclause (2) entirely.", "4.6", [("delete", "4.6(2)")]),
        (
            "In clause 2.7(1) delete paragraphs (c), (e) and (j).",
            None,
            [("delete", "2.7(1)(c)"), ("delete", "2.7(1)(e)"), ("delete", "2.7(1)(j)")],
        ),
        (
            "In subclause (2) delete paragraphs (a), (e), (f), (g), (i), (k);",
            "2.8",
            [("delete", f"2.8(2)({x})") for x in "aefgik"],
        ),
        ("Omit clause 3.2.", None, [("delete", "3.2")]),
        ("In clause 3.9(d) delete subparagraph (ii).", None, [("delete", "3.9(d)(ii)")]),
        ("Delete Schedule 2 from the local law.", None, [("delete", "Schedule 2")]),
        ("In Schedule 1 delete item 8.", None, [("delete", "Schedule 1 item 8")]),
        ("In clause 1.4(1) delete the definition of “garden refuse”.", None, [("delete", "1.4(1) “garden refuse”")]),
        # substitute
        (
            "Delete the text of subclause (1) paragraph (b) and replace it with “loiter in a toilet;”;",
            "4.6",
            [("substitute_text", "4.6(1)(b)", "loiter in a toilet;")],
        ),
        # words
        (
            "In clause 2.8(1)(c) delete “9 metres” and insert “12 metres”.",
            None,
            [("substitute_words", "2.8(1)(c)", "9 metres", "12 metres")],
        ),
        (
            "In clause 4.4 delete “rubbish” wherever occurring and insert “waste”.",
            None,
            [("substitute_words", "4.4", "rubbish", "waste", "all")],
        ),
        (
            "In clause 4.4 delete the words “rubbish” and substitute the words “waste” each time it appears.",
            None,
            [("substitute_words", "4.4", "rubbish", "waste", "all")],
        ),
        (
            "In clause 2.2 delete “premises” (first occurring) and insert “land or premises”.",
            None,
            [("substitute_words", "2.2", "premises", "land or premises", "first")],
        ),
        (
            "In paragraph (h) of subclause (2), after the words “similar device;” insert the word “and”;",
            "2.8",
            [("insert_words", "2.8(2)(h)", "similar device;", "and", "after")],
        ),
        ("In clause 2.3 before “premises” insert “the”.", None, [("insert_words", "2.3", "premises", "the", "before")]),
        (
            "In paragraph (j) of subclause (2) after the word “purpose” insert a full stop and delete the semi colon and the word “and”.",
            "2.8",
            [("substitute_words", "2.8(2)(j)", "purpose; and", "purpose.")],
        ),
        (
            "Amend text of paragraph (n) by removing the words “or a refuelling site”.",
            "3.13(1)",
            [("delete_words", "3.13(1)(n)", "or a refuelling site")],
        ),
        ("In clause 2.5 delete “shall” wherever it occurs.", None, [("delete_words", "2.5", "shall", "all")]),
        ("In clause 2.5 remove “, at its discretion,”.", None, [("delete_words", "2.5", ", at its discretion,")]),
        ("In clause 6.4(3) after “$5,000” insert a comma.", None, [("insert_words", "6.4(3)", "$5,000", ",", "after")]),
        (
            "In Schedule 1 item 10 delete “$250” and insert “$300”.",
            None,
            [("substitute_words", "Schedule 1 item 10", "$250", "$300")],
        ),
        # headings
        (
            "Delete the heading to Division 6 of Part 4 and insert— Amusement and entertainment activities",
            None,
            [("substitute_heading", "Part 4 Division 6", "Amusement and entertainment activities")],
        ),
        # whole laws
        (
            "The Shire of Example Local Law 2001 as published in the Government Gazette on 1 May 2001 is repealed.",
            None,
            [("repeal", "Shire of Example Local Law 2001", "2001-05-01")],
        ),
    ],
)
def test_families_and_variants(text: str, context: str | None, expected: list[tuple[str, ...]]) -> None:
    assert ops(text, context) == expected


def test_inserted_provisions_become_structured_text() -> None:
    [op] = parse_unit(
        Unit(
            "8",
            "After clause 2.12 insert— 2.12A Noisy birds (1) A bird shall not be noisy. (2) Subclause (1) does not apply to ducks.",
            None,
        )
    )
    assert (op.action, op.target, op.position) == ("insert", "2.12", "after")
    assert op.new == "2.12A Noisy birds\n  (1) A bird shall not be noisy.\n  (2) Subclause (1) does not apply to ducks."
    [op] = parse_unit(
        Unit(
            "1.4(1)",
            "In clause 4.5 after the subclause (7), insert the following new clause— (7A) If a member asks, the CEO may answer.",
            None,
        )
    )
    assert (op.target, op.position, op.new) == ("4.5(7)", "after", "(7A) If a member asks, the CEO may answer.")
    [op] = parse_unit(Unit("8", "In clause 2.13(3) insert— (c) for research.", None))
    assert (op.target, op.position, op.new) == ("2.13(3)", "end", "(c) for research.")
    [op] = parse_unit(Unit("4(1)", "In clause 1.4(1) insert in alphabetical order— “cat means a cat;”.", None))
    assert (op.action, op.target, op.position, op.new) == ("insert_definition", "1.4(1)", "alphabetical", "**cat** means a cat;")
    [op] = parse_unit(
        Unit(
            "4(3)",
            "In clause 1.4(1) after the definition of “dust” insert the following definition— “drone means a drone;”.",
            None,
        )
    )
    assert (op.position, op.words) == ("after", "dust")


def test_subclauses_replaced_together_become_one_operation_each() -> None:
    got = parse_unit(
        Unit(
            "5",
            "In clause 2.1 delete subclauses (1) and (2) entirely and replace with the following text— “(1) One. (2) Two— (a) x; and (b) y.”",
            None,
        )
    )
    assert [(o.action, o.target, o.new) for o in got] == [
        ("substitute", "2.1(1)", "(1) One."),
        ("substitute", "2.1(2)", "(2) Two—\n  (a) x; and\n  (b) y."),
    ]


def test_a_replaced_schedule_is_read_into_rows_even_across_a_repeated_heading() -> None:
    text = (
        "Schedule 1 is deleted and replaced with the following— Prescribed Offences Item Clause Description Modified Penalty $ "
        "1 2.4 Failure to comply with determination. 150 Prescribed Offences Item Clause Description Modified Penalty $ "
        "2 2.8A Carried out a prohibited activity. 150"
    )
    [op] = parse_unit(Unit("13", text, None))
    assert op.action == "substitute" and op.target == "Schedule 1"
    assert op.new == (
        "Schedule 1—Prescribed Offences\n| Item | Clause | Description | Modified Penalty $ |\n|---|---|---|---|\n"
        "| 1 | 2.4 | Failure to comply with determination. | 150 |\n| 2 | 2.8A | Carried out a prohibited activity. | 150 |"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("In clause 2.7 the words about roosters are to be amended suitably.", "cannot read this instruction"),
        ("In clause 2.7(a) delete “roosters and insert “cockerels”.", "quotation marks do not balance"),
        ("Insert a new clause as below “2.8A Heading text", "quotation marks do not balance"),
        # no family is consulted: the grammar's refusal names the words where its parse stopped
        ("In clause 2.7 delete “roosters” and do something to “geese”.", "parse stopped at “do something to “geese”"),
    ],
)
def test_instructions_that_fit_no_family_are_errors_naming_them(text: str, message: str) -> None:
    with pytest.raises(InstructionNotUnderstood, match=message) as err:
        parse_unit(Unit("4", text, None))
    assert "cl. 4" in str(err.value)


def test_text_that_is_not_an_instruction_is_noted_not_guessed() -> None:
    notes: list[str] = []
    assert parse_unit(Unit("3", "This local law applies throughout the district.", None), notes) == []
    assert notes and "not an amending instruction" in notes[0]


@pytest.mark.parametrize(
    ("phrase", "context", "citations"),
    [
        ("paragraph (h) of subclause (2)", "2.8", ["2.8(2)(h)"]),
        ("subclause (1) paragraph (b)", "4.6", ["4.6(1)(b)"]),
        ("clause 3.13 (1)", None, ["3.13(1)"]),
        ("subclauses (1) and (2)", "2.1", ["2.1(1)", "2.1(2)"]),
        ("Schedule 1 item 4", None, ["Schedule 1 item 4"]),
        ("item 4", "Schedule 2", ["Schedule 2 item 4"]),
        ("Division 3 of Part 2", None, ["Part 2 Division 3"]),
        ("clause 2.8A", None, ["2.8A"]),
    ],
)
def test_targets_are_resolved_in_their_context(phrase: str, context: str | None, citations: list[str]) -> None:
    assert resolve_targets(phrase, context) == citations


def test_a_lettered_part_of_amended_as_follows_must_be_an_instruction() -> None:
    from lawhistory.amending.instructions import units
    from lawhistory.core.model import Law, LawMeta
    from lawhistory.core.model import Provision as P

    law = Law(
        meta=LawMeta(id="x/a", title="A", local_government="Shire of X", kind="amending"),
        body=(
            P("clause", num="4", heading="Clause 2.4 amended", text="Clause 2.4 is amended as follows—", children=(
                P("paragraph", num="(a)", text="In subclause (4) after paragraph (b) insert—", children=(P("paragraph", num="(ba)", text="the period;"),)),
                P("paragraph", num="(b)", text="the cats of the district."),
            )),
        ),
    )  # fmt: skip
    found = units(law)
    assert [(u.clause, u.text, u.context) for u in found] == [
        ("4(a)", "In subclause (4) after paragraph (b) insert— (ba) the period;", "2.4"),
        ("4(b)", "the cats of the district.", "2.4"),
    ]
    assert parse_unit(found[0])[0].new == "(ba) the period;"
    with pytest.raises(InstructionNotUnderstood, match=r"cl\. 4\(b\): cannot read this instruction"):
        parse_unit(found[1])


def test_new_words_running_into_an_unread_page_header_are_refused_naming_where_they_stop() -> None:
    # a header with a misprinted month is not taken out as furniture; the words before it broke off at the page
    text = (
        "Delete paragraph (d) and insert: (d) a paper record that shows the total votes 3372 GOVERNMENT GAZETTE, WA 28 Auust 2009"
    )
    with pytest.raises(InstructionNotUnderstood, match=r"page header .*“… a paper record that shows the total votes”"):
        parse_unit(Unit("4", text, "10A"))
