"""The applier: exact targets, whole-word matches, clean spacing, and all-or-nothing instruments."""

from __future__ import annotations

import re

import pytest

from lawhistory.amending.apply import (
    AmbiguousText,
    ApplyRefused,
    TargetNotFound,
    WordsNotFound,
    apply_instrument,
    apply_operation,
)
from lawhistory.core.ids import addresses
from lawhistory.core.model import Law, LawMeta
from lawhistory.core.model import Provision as P
from lawhistory.core.operations import Operation
from lawhistory.files.instrument_file import Instrument

BODY = (
    P(
        "clause",
        num="2.7",
        heading="Roosters, geese",
        text="Except in a rural zone, a person shall not keep—",
        children=(
            P("paragraph", num="(a)", text="roosters;"),
            P("paragraph", num="(b)", text="geese for the purpose of sale or for breeding; or"),
            P("paragraph", num="(c)", text="turkeys."),
        ),
    ),
    P(
        "clause",
        num="3.13",
        heading="Permits",
        children=(
            P(
                "subclause",
                num="(1)",
                text="A person shall not without a permit—",
                children=(P("paragraph", num="(n)", text="conduct a service station or a refuelling site; or"),),
            ),
        ),
    ),
    P(
        "clause",
        num="1.4",
        heading="Interpretation",
        children=(
            P(
                "subclause",
                num="(1)",
                text="In this local law—",
                children=(
                    P("definition", term="Act", text="Act means the Local Government Act 1995;"),
                    P("definition", term="dust", text="dust means dust;"),
                ),
            ),
        ),
    ),
    P(
        "schedule",
        num="1",
        heading="PRESCRIBED OFFENCES",
        cells=("Item", "Clause", "Offence", "Penalty"),
        children=(P("item", num="1", cells=("1", "2.7", "Keeping roosters", "$250")),),
    ),
)


def op(action: str, target: str, **kw: str) -> Operation:
    return Operation(clause="9", action=action, target=target, source="test", **kw)


def texts(body: tuple[P, ...]) -> dict[str, str | None]:
    return {
        a.citation: a.provision.text if a.provision.kind != "item" else " | ".join(a.provision.cells) for a in addresses(body)
    }


def test_words_match_on_word_boundaries_only() -> None:
    # "or" occurs inside "for", "breeding" and "or" itself; only the whole word counts
    body, _ = apply_operation(BODY, op("substitute_words", "2.7(b)", words="or", new="and", occurrence="all"))
    assert texts(body)["2.7(b)"] == "geese for the purpose of sale and for breeding; and"
    with pytest.raises(AmbiguousText, match="occur 2 times"):
        apply_operation(BODY, op("delete_words", "2.7(b)", words="or"))


def test_deleting_words_leaves_clean_spacing_and_punctuation() -> None:
    body, _ = apply_operation(BODY, op("delete_words", "3.13(1)(n)", words="or a refuelling site"))
    assert texts(body)["3.13(1)(n)"] == "conduct a service station; or"
    body, _ = apply_operation(BODY, op("delete_words", "2.7", words="Except in a rural zone,"))
    assert texts(body)["2.7"] == "a person shall not keep—"


def test_inserting_words_joins_with_one_space_and_none_before_punctuation() -> None:
    body, _ = apply_operation(BODY, op("insert_words", "2.7(a)", words="roosters", new="and drakes", position="after"))
    assert texts(body)["2.7(a)"] == "roosters and drakes;"
    body, _ = apply_operation(BODY, op("insert_words", "2.7(c)", words="turkeys", new=",", position="after"))
    assert texts(body)["2.7(c)"] == "turkeys,."
    body, _ = apply_operation(BODY, op("insert_words", "2.7(a)", words="roosters", new="young", position="before"))
    assert texts(body)["2.7(a)"] == "young roosters;"


def test_punctuation_is_significant_and_first_last_occurrences() -> None:
    with pytest.raises(WordsNotFound):
        apply_operation(BODY, op("delete_words", "2.7(a)", words="roosters,"))
    body, _ = apply_operation(BODY, op("substitute_words", "2.7(b)", words="for", new="FOR", occurrence="last"))
    assert texts(body)["2.7(b)"] == "geese for the purpose of sale or FOR breeding; or"
    body, _ = apply_operation(BODY, op("substitute_words", "2.7(b)", words="for", new="FOR", occurrence="first"))
    assert texts(body)["2.7(b)"] == "geese FOR the purpose of sale or for breeding; or"


def test_quoted_words_are_found_in_the_target_and_its_sub_provisions() -> None:
    body, changed = apply_operation(BODY, op("substitute_words", "2.7", words="turkeys", new="emus"))
    assert texts(body)["2.7(c)"] == "emus."
    assert len(changed) == 1


def test_rows_are_amended_by_their_cells() -> None:
    body, _ = apply_operation(BODY, op("substitute_words", "Schedule 1 item 1", words="$250", new="$300"))
    assert texts(body)["Schedule 1 item 1"] == "1 | 2.7 | Keeping roosters | $300"


def test_definitions_insert_in_alphabetical_order_and_refuse_a_duplicate() -> None:
    body, _ = apply_operation(BODY, op("insert_definition", "1.4(1)", new="**cat** means a cat;", position="alphabetical"))
    assert [a.provision.term for a in addresses(body) if a.provision.kind == "definition"] == ["Act", "cat", "dust"]
    with pytest.raises(ApplyRefused, match="already defines “dust”"):
        apply_operation(BODY, op("insert_definition", "1.4(1)", new="**dust** means more dust;", position="alphabetical"))


def test_targets_must_exist_and_headings_only_where_there_are_headings() -> None:
    with pytest.raises(TargetNotFound, match="no such provision"):
        apply_operation(BODY, op("delete", "2.7(d)"))
    with pytest.raises(ApplyRefused, match="has no heading"):
        apply_operation(BODY, op("substitute_heading", "2.7(a)", new="X"))


def test_an_instrument_applies_whole_or_not_at_all() -> None:
    law = Law(meta=LawMeta(id="x/a", title="Amendment", local_government="Shire of X", kind="amending"))
    good = op("delete", "2.7(c)")
    bad = op("delete_words", "2.7(a)", words="ostriches")
    with pytest.raises(WordsNotFound):
        apply_instrument(BODY, Instrument(law=law, operations=(good, bad)))
    applied = apply_instrument(
        BODY, Instrument(law=law, operations=(good, op("insert", "2.7(b)", new="(ba) ducks;", position="after")))
    )
    body, changes = applied.body, applied.changes
    assert "2.7(c)" not in texts(body) and texts(body)["2.7(ba)"] == "ducks;"
    assert changes["2.7(ba)"].clause == "9" and changes["2.7(ba)"].action == "insert"


def test_no_renumbering_after_deletion() -> None:
    body, _ = apply_operation(BODY, op("delete", "2.7(a)"))
    body, _ = apply_operation(body, op("substitute_words", "2.7(c)", words="turkeys", new="emus"))
    assert list(k for k in texts(body) if k.startswith("2.7(")) == ["2.7(b)", "2.7(c)"]


def test_a_heading_change_is_credited_to_the_provision_alone() -> None:
    law = Law(meta=LawMeta(id="x/a", title="Amendment", local_government="Shire of X", kind="amending"))
    changes = apply_instrument(BODY, Instrument(law=law, operations=(op("substitute_heading", "2.7", new="Poultry"),))).changes
    assert set(changes) == {"2.7"}


def test_a_word_edit_to_a_defined_term_renames_the_definition() -> None:
    body, _ = apply_operation(BODY, op("substitute_words", "1.4(1) “dust”", words="dust", new="grit", occurrence="first"))
    terms = [a.provision.term for a in addresses(body) if a.provision.kind == "definition"]
    assert terms == ["Act", "grit"]
    assert texts(body)["1.4(1) “grit”"] == "grit means dust;"
    with pytest.raises(ApplyRefused, match="without a defined term"):
        apply_operation(BODY, op("delete_words", "1.4(1) “Act”", words="Act means"))


def test_a_paragraph_i_inserted_after_h_is_a_paragraph() -> None:
    body = (
        P(
            "clause",
            num="6.3",
            text="An occupier shall—",
            children=tuple(P("paragraph", num=f"({x})", text=f"{x};") for x in "abcdefgh"),
        ),
    )
    after, _ = apply_operation(body, op("insert", "6.3(h)", new="(i) guinea fowl.", position="after"))
    kinds = {a.citation: (a.provision.kind, a.eid) for a in addresses(after)}
    assert kinds["6.3(i)"] == ("paragraph", "sec_6.3__para_i")
    at_end, _ = apply_operation(body, op("insert", "6.3", new="(i) guinea fowl.", position="end"))
    assert {a.citation: a.provision.kind for a in addresses(at_end)}["6.3(i)"] == "paragraph"


def test_editing_a_schedules_column_headings_never_drops_its_rows_numbers() -> None:
    """'In Schedule 1 delete “Item” and insert “No.”' would leave the rows unnumbered (no longer citable): refused."""
    with pytest.raises(ApplyRefused, match="would take the item numbers away from the rows"):
        apply_operation(BODY, op("substitute_words", "Schedule 1", words="Item", new="No."))


_PARTED = (
    P(kind="part", num="3", heading="Waste", children=(
        P(kind="clause", num="17", heading="Bins", text="A bin must be kept clean."),
        P(kind="clause", num="18", heading="Lids", text="A lid must be kept shut."),
    )),
    P(kind="part", num="4", heading="Offences", children=(P(kind="clause", num="19", heading="Offences", text="An offence."),)),
)  # fmt: skip
_PART_3A = "PART 3A—Annual return\n\n18A. Returns\n  A return must be lodged."


def _amending(*ops: Operation) -> Instrument:
    law = Law(meta=LawMeta(id="x/a", title="Amendment", local_government="Shire of X", kind="amending"))
    return Instrument(law=law, operations=ops)


def test_a_part_inserted_after_the_last_clause_of_a_part_goes_after_that_part() -> None:
    """'After clause 18 insert: Part 3A — …' (Kwinana Waste): Part 3A follows Part 3, whose last clause is 18."""
    body = apply_instrument(_PARTED, _amending(op("insert", "18", new=_PART_3A, position="after"))).body
    assert [(p.kind, p.num) for p in body] == [("part", "3"), ("part", "3A"), ("part", "4")]
    assert [c.num for c in body[1].children] == ["18A"]


def test_a_part_inserted_after_a_clause_in_the_middle_of_a_part_is_refused() -> None:
    """After clause 17 a Part 3A would split Part 3 (where would clause 18 belong?): refused, never guessed."""
    with pytest.raises(ApplyRefused, match="reads as a part, which does not fit beside a clause"):
        apply_instrument(_PARTED, _amending(op("insert", "17", new=_PART_3A, position="after")))


_CATS = (P(kind="clause", num="10", heading="Cats at shows", text="The owner of a cat need not tag it."),)


def test_a_subclause_inserted_at_the_beginning_and_the_clauses_own_words_labelled_after_it() -> None:
    """Rockingham Cats: 'At the beginning of clause 10 insert: (1) …' then 'In clause 10 delete “The owner” and
    insert: (2) The owner': the clause's words become subclause (2), after the new subclause (1)."""
    body = apply_instrument(
        _CATS,
        _amending(
            op("insert", "10", new="(1) In this clause a show is a cat show.", position="start"),
            op("substitute_words", "10", words="The owner", new="(2) The owner"),
        ),
    ).body
    assert [(c.kind, c.num, c.text) for c in body[0].children] == [
        ("subclause", "(1)", "In this clause a show is a cat show."),
        ("subclause", "(2)", "The owner of a cat need not tag it."),
    ]
    assert body[0].text is None


def test_an_insertion_at_the_beginning_that_does_not_start_a_list_is_refused() -> None:
    """'(3) …' at the beginning of a clause that has no (1) and (2) is not where a list starts: refused."""
    with pytest.raises(ApplyRefused, match="first of a new list"):
        apply_instrument(_CATS, _amending(op("insert", "10", new="(3) A show is a cat show.", position="start")))


_LIST = (
    P(kind="clause", num="24", heading="Fees", children=(
        P(kind="subclause", num="(2)", text="The local government may impose —", children=(
            P(kind="paragraph", num="(b)", text="a reduced fee or a waiver;"),
            P(kind="paragraph", num="(c)", text="different fees —", children=(
                P(kind="subparagraph", num="(i)", text="for services; and"),
                P(kind="subparagraph", num="(ii)", text="for localities; and"),
            )),
        )),
    )),
)  # fmt: skip


def test_words_at_the_end_of_a_provision_are_its_last_lines_last_words() -> None:
    """Morawa: 'after paragraph (b) by inserting “and”' and 'after paragraph (c) by deleting “; and” and inserting a
    full stop instead' change only the words that end (b) and (c)'s last line ((c)(ii), not (c)(i))."""
    body = apply_instrument(
        _LIST,
        _amending(
            op("insert_words", "24(2)(b)", new="and", position="end"),
            op("substitute_words", "24(2)(c)", words="; and", new=".", position="end"),
        ),
    ).body
    paras = body[0].children[0].children
    assert paras[0].text == "a reduced fee or a waiver; and"
    assert [s.text for s in paras[1].children] == ["for services; and", "for localities."]


def test_words_that_do_not_end_the_provision_are_refused_at_its_end() -> None:
    """'after paragraph (b) by deleting “or”': (b) holds “or” but does not end with it — refused, never the inner one."""
    with pytest.raises(WordsNotFound, match="does not end with the words “or”"):
        apply_instrument(_LIST, _amending(op("delete_words", "24(2)(b)", words="or", position="end")))


def test_new_table_rows_with_other_columns_than_the_table_are_refused() -> None:
    """A row of three cells put into a table of four columns would shift its words into the wrong columns: refused."""
    rows = (P(kind="item", num="1", cells=("1", "2.1", "Parking", "$50")),)
    body = (P(kind="schedule", num="1", cells=("Item", "Clause", "Offence", "Penalty"), children=rows),)
    with pytest.raises(ApplyRefused, match="do not have the table's 4 columns"):
        apply_instrument(
            body, _amending(op("insert", "Schedule 1 item 1", new="|  | (a) a motor cycle bay; | nil |", position="after"))
        )


def _cell_op(ref: str, words: str, new: str) -> tuple[Operation, re.Match[str]]:
    o = op("substitute_words", f"Schedule 2 row relating to clause {ref} column 3", words=words, new=new)
    m = re.fullmatch(r"(?P<sched>Schedule \S+) row relating to clause (?P<ref>.+) column (?P<col>\d+)", o.target)
    assert m is not None
    return o, m


_TERMS = (
    P(kind="schedule", num="2", cells=("Clause", "Kind of permit", "Term (months)"), children=(
        P(kind="item", cells=("6.2(1)", "Permit to place a sign for 6 days", "6")),
        P(kind="item", cells=("6.5", "Permit to place furniture", "6 or 6")),
    )),
)  # fmt: skip


def test_a_table_cell_edit_changes_only_the_named_column_of_the_row_the_clause_names() -> None:
    """Bayswater: 'in the item for clause 6.2(1) in the 3rd column delete “6” and insert: 15' — the “6” in the 2nd
    column stays; the operation becomes the row's substitution."""
    from lawhistory.amending.amend import _cell_edit

    edited = _cell_edit(_TERMS, *_cell_op("6.2(1)", "6", "15"))
    assert edited is not None and edited.action == "substitute" and edited.target == "Schedule 2 row 1"
    body, _ = apply_operation(_TERMS, edited)
    assert body[0].children[0].cells == ("6.2(1)", "Permit to place a sign for 6 days", "15")


@pytest.mark.parametrize(("ref", "words"), [("6.5", "6"), ("6.9", "6"), ("6.2(1)", "8")])
def test_a_table_cell_edit_that_is_not_certain_is_left_to_be_refused(ref: str, words: str) -> None:
    """The words twice in the cell, no row for the clause, or the words not in the cell: not resolved (refused)."""
    from lawhistory.amending.amend import _cell_edit

    assert _cell_edit(_TERMS, *_cell_op(ref, words, "15")) is None
