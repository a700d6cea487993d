"""Constructs of the amending language read after the fifth first-sight round (cases 142–149, SOURCES-k.md).

Synthetic instructions (not law): each test gives wording and the operations it must make, or the refusal it must
give; each would fail on the engine before the fix it guards.
"""

from __future__ import annotations

import pytest

from lawhistory.amending.accounting import split_instructions
from lawhistory.amending.apply import ApplyRefused, _apply_operation
from lawhistory.amending.instructions import InstructionNotUnderstood, parse_unit
from lawhistory.amending.parts import Unit, payload_provisions
from lawhistory.core.model import Provision as P
from lawhistory.core.operations import Operation
from lawhistory.reading.gazette import normalise
from lawhistory.reading.instrument_meta import amended_law


def apply_fit(body: tuple[P, ...], op: Operation) -> tuple[P, ...]:
    """``op`` applied as an instrument applies it (new text must fit where it goes)."""
    return _apply_operation(body, op, None, fit=True)[0]


def ops(text: str, context: str | None = None) -> list[tuple[str, str | None, str | None]]:
    return [(str(o.action), o.target, o.position) for o in parse_unit(Unit("9", text, context))]


# --- a provision's penalty replaced ---------------------------------------------------------------------------


def test_delete_the_penalty_and_insert_replaces_the_penalty_of_the_provision_named() -> None:
    text = (
        "In clause 3.1 delete the Penalty and insert: Penalty: (a) for an individual, a fine of $5 000; "
        "(b) for a body corporate, a fine of $10 000."
    )
    got = parse_unit(Unit("4", text, None))
    assert [(str(o.action), o.target) for o in got] == [("substitute", "3.1 penalty")]
    # once the law is known (amend), the target is the provision's penalty line: here, its line 1
    body = (P(kind="clause", num="3.1", text="A person must not litter.", children=(P(kind="text", text="Penalty: $1 000."),)),)
    op = Operation(clause="4", action="substitute", target="3.1 text 1", new=got[0].new, source="x")
    (clause,) = apply_fit(body, op)
    assert [(p.kind, p.num, p.text) for p in clause.children] == [
        ("text", None, "Penalty:"),
        ("paragraph", "(a)", "for an individual, a fine of $5 000;"),
        ("paragraph", "(b)", "for a body corporate, a fine of $10 000."),
    ]


def test_a_penalty_replaced_by_words_that_are_no_penalty_is_refused() -> None:
    with pytest.raises(InstructionNotUnderstood, match="no penalty"):
        parse_unit(Unit("4", "In clause 3.1 delete the Penalty and insert: a fine of $5 000.", None))


def test_a_penalty_line_inserted_at_the_end_of_a_subclause_is_a_line_of_it() -> None:
    assert payload_provisions("Penalty for this subclause: a fine of $1 000.", []) == (
        P(kind="text", text="Penalty for this subclause: a fine of $1 000."),
    )
    body = (P(kind="clause", num="3.4", children=(P(kind="subclause", num="(3)", text="A person must not lie."),)),)
    op = Operation(
        clause="4", action="insert", target="3.4(3)", position="end", new="Penalty for this subclause: a fine of $1 000.",
        source="x",
    )  # fmt: skip
    after = apply_fit(body, op)
    assert after[0].children[0].children == (P(kind="text", text="Penalty for this subclause: a fine of $1 000."),)


def test_words_that_are_no_penalty_inserted_at_the_end_of_a_subclause_are_still_refused() -> None:
    body = (P(kind="clause", num="3.4", children=(P(kind="subclause", num="(3)", text="A person must not lie."),)),)
    op = Operation(clause="4", action="insert", target="3.4(3)", position="end", new="Some words.", source="x")
    with pytest.raises(ApplyRefused):
        apply_fit(body, op)


# --- openings and labels ------------------------------------------------------------------------------------------


def test_at_the_end_of_opens_an_instruction_after_words_in_brackets() -> None:
    text = "in paragraph (b) after “plate” insert: (if any) (2) At the end of clause 3.4(3) insert: Penalty: $5."
    assert split_instructions(text) == [
        "in paragraph (b) after “plate” insert: (if any)",
        "(2) At the end of clause 3.4(3) insert: Penalty: $5.",
    ]


def test_a_bullet_before_a_label_and_a_non_breaking_hyphen_are_print() -> None:
    stream = normalise("4.Clause 3.4 amended\n  • (1)\n\n    In clause 3.4(1) delete “x”.\nOff\u2011road")
    assert "•" not in stream.text and "Off-road" in stream.text


# --- Division headings inserted -----------------------------------------------------------------------------------

_PART = P(
    kind="part",
    num="2",
    heading="NUISANCES",
    children=tuple(P(kind="clause", num=f"2.{n}", heading=f"H{n}", text=f"Words {n}.") for n in range(1, 5)),
)


def test_a_division_heading_at_the_beginning_of_a_part_holds_its_clauses() -> None:
    op = Operation(
        clause="5", action="insert", target="Part 2", position="start", new="Division 1—General provisions", source="x"
    )
    (part,) = apply_fit((_PART,), op)
    assert [(c.kind, c.num) for c in part.children] == [("division", "1")]
    assert [c.num for c in part.children[0].children] == ["2.1", "2.2", "2.3", "2.4"]


def test_a_division_heading_after_a_clause_inside_a_division_takes_the_rest_of_it() -> None:
    start = Operation(
        clause="5", action="insert", target="Part 2", position="start", new="Division 1—General provisions", source="x"
    )
    after = Operation(clause="6", action="insert", target="2.2", position="after", new="Division 2—Premises", source="x")
    (part,) = apply_fit(apply_fit((_PART,), start), after)
    assert [(c.kind, c.num, [g.num for g in c.children]) for c in part.children] == [
        ("division", "1", ["2.1", "2.2"]),
        ("division", "2", ["2.3", "2.4"]),
    ]


def test_new_clause_labels_printed_with_a_full_stop_are_read() -> None:
    got = payload_provisions("2.5A. Waste collection (1) A person must not. 2.5B. Records The CEO may keep a record.", [])
    assert [(p.kind, p.num, p.heading) for p in got] == [("clause", "2.5A", "Waste collection"), ("clause", "2.5B", "Records")]


def test_a_clause_cited_with_a_full_stop_after_it_keeps_its_words() -> None:
    got = payload_provisions("(3) A person who complies with clause 2.3. The local government may act.", [])
    assert got[0].text == "A person who complies with clause 2.3. The local government may act."


# --- older by-law drafting ----------------------------------------------------------------------------------------


def test_an_interpretation_repealed_is_a_definition_deleted() -> None:
    assert ops("by repealing the interpretation, “Minister”;", "4") == [("delete", "4 “Minister”", None)]


def test_adding_the_subclause_designation_names_the_provision_amended() -> None:
    assert ops("By-law 12 is amended by adding after the by-law number “12.” the subclause designation, “(1)”.") == [
        ("substitute", "12 designation (1)", None)
    ]
    with pytest.raises(InstructionNotUnderstood, match="not that of the provision"):
        parse_unit(
            Unit("9", "By-law 12 is amended by adding after the by-law number “13.” the subclause designation, “(1)”.", None)
        )


def test_an_interpretation_added_after_the_passage_goes_first_where_the_words_say() -> None:
    text = (
        "By-law 4 of the principal by-laws is amended by adding after the passage, “In these by-laws—” in line one the "
        "following interpretation— “dead body” means the body of a human being; ."
    )
    got = parse_unit(Unit("3", text, None))
    assert [(str(o.action), o.target, o.position, o.words) for o in got] == [
        ("insert_definition", "4", "start", "In these by-laws—")
    ]
    body = (
        P(
            kind="clause",
            num="4",
            text="In these by-laws—",
            children=(P(kind="definition", term="Board", text="Board means the Board;"),),
        ),
    )
    (clause,) = apply_fit(body, got[0])
    assert [d.term for d in clause.children] == ["dead body", "Board"]
    assert clause.children[0].text == "dead body means the body of a human being;"


def test_an_interpretation_added_after_a_passage_the_provision_does_not_print_is_refused() -> None:
    text = "By-law 4 is amended by adding after the passage, “In this Act—” the following interpretation— “x” means y;"
    (op,) = parse_unit(Unit("3", text, None))
    body = (P(kind="clause", num="4", text="In these by-laws—", children=(P(kind="definition", term="B", text="B means c;"),)),)
    with pytest.raises(ApplyRefused, match="do not end with the passage"):
        apply_fit(body, op)


def test_repealed_and_re_enacted_with_amendments_replaces_the_by_law() -> None:
    text = "By-law 3 of the principal by-laws is repealed and re-enacted with amendments as follows:— 3. These by-laws apply."
    assert ops(text) == [("substitute", "3", None)]


def test_the_principal_by_laws_named_in_the_1960s_way() -> None:
    got = amended_law(
        "In these by-laws the By-laws Relating to the Wagin Public Cemetery published in the Government Gazette on the "
        "14th day of March, 1958, are referred to as the principal by-laws."
    )
    assert got is not None and got.title == "By-laws Relating to the Wagin Public Cemetery"


def test_marginal_notes_and_items_in_table_cells_beside_them_are_print() -> None:
    stream = normalise(
        "| Short title | 1. In these by-laws the X are referred to as the principal by-laws. |\n"
        "3. By-law 4 of the principal by-laws is amended B/L. 4 amended.\nby adding …"
    )
    assert "Short title" not in stream.text and "B/L" not in stream.text
    assert "1. In these by-laws the X are referred to" in stream.text


def test_a_table_whose_cells_begin_with_numbers_is_left_as_it_is() -> None:
    table = "| Fee | Amount |\n|---|---|\n| Dog | 1. For the first dog |\n| Cat | 2. For each cat |"
    assert normalise(table).text == " ".join(table.split())


def test_provisions_named_by_number_words_in_an_instructions_own_words_only() -> None:
    from lawhistory.amending.parts import _numbered_in_words

    assert (
        _numbered_in_words("By-law four of the principal by-laws is amended—") == "By-law 4 of the principal by-laws is amended—"
    )
    # quoted words, and new text after the dash, keep their words
    assert _numbered_in_words("In by-law two delete “section four” and insert “section 5”.") == (
        "In by-law 2 delete “section four” and insert “section 5”."
    )
    assert _numbered_in_words("By-law three is repealed and re-enacted as follows:— 3. Except by-law nine, …") == (
        "By-law 3 is repealed and re-enacted as follows:— 3. Except by-law nine, …"
    )
