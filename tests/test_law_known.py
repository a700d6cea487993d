"""Places named by the law's own words (amending/law_known.py): resolved to one provision for certain, or refused."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest

from lawhistory.amending.instructions import InstructionNotUnderstood, Unit, parse_unit, units
from lawhistory.amending.law_known import Unresolved, resolved
from lawhistory.amending.timeline import build_timeline
from lawhistory.core.model import Commencement, Instrument, Law, LawMeta, LawRef
from lawhistory.core.model import Provision as P
from lawhistory.core.operations import Operation
from lawhistory.core.versions import Timeline


def _clause16(ii: str, *more: P, i: str = "land owned by the Crown; or") -> tuple[P, ...]:
    return (
        P(
            "clause",
            num="16",
            heading="Land",
            text="This local law does not apply to—",
            children=(
                P(
                    "paragraph",
                    num="(a)",
                    text="the following land—",
                    children=(P("subparagraph", num="(i)", text=i), P("subparagraph", num="(ii)", text=ii), *more),
                ),
                P("paragraph", num="(b)", text="a drainage reserve."),
            ),
        ),
    )


PASSAGE = "16(a)(ii) and the passage from “unless” to the end of 16(a)"


def _op(target: str, action: str = "substitute", new: str | None = "(ii) new land; and") -> Operation:
    return Operation(clause="4(1)", action=action, target=target, source="…", new=new)  # type: ignore[arg-type]


def test_a_provision_and_the_passage_to_the_end_of_its_holder_is_that_provision() -> None:
    body = _clause16("land under its care, unless it is a park; and")
    done = resolved(body, _op(PASSAGE))
    assert done is not None and done.target == "16(a)(ii)" and done.new == "(ii) new land; and"


@pytest.mark.parametrize(
    ("body", "why"),
    [
        # (iii) follows (ii): the passage to the end of (a) would take (iii) too
        (_clause16("land under its care, unless it is a park; or", P("subparagraph", num="(iii)", text="a reserve; and")),
         "not the last"),
        # “unless” also before (ii): where the passage begins is uncertain
        (_clause16("land under its care, unless it is a park; and", i="land owned by the Crown unless leased; or"),
         r"also in 16\(a\) outside"),
        # “unless” is not in (ii) at all
        (_clause16("land under its care; and"), r"not in 16\(a\)\(ii\)"),
    ],
)  # fmt: skip
def test_a_passage_not_inside_the_provision_is_refused_naming_why(body: tuple[P, ...], why: str) -> None:
    with pytest.raises(Unresolved, match=why):
        resolved(body, _op(PASSAGE))


def _schedule(*lines: str) -> tuple[P, ...]:
    return (P("schedule", num="1", heading="FORMS", children=tuple(P("text", text=t) for t in lines)),)


REFERENCE = "Schedule 1 reference before the heading to Form 2"


def test_the_reference_before_a_forms_heading_is_the_bracketed_line_above_it() -> None:
    body = _schedule("[cl. 5.1]", "Form 1", "APPLICATION", "[cl. 6.2]", "Form 2", "NOTICE")
    done = resolved(body, _op(REFERENCE, "substitute_text", "[cl. 6.2 and 6.3]"))
    assert done is not None and done.target == "Schedule 1 text 4"


@pytest.mark.parametrize(
    ("lines", "why"),
    [
        (("[cl. 5.1]", "Form 1", "APPLICATION", "Form 2", "NOTICE"), "not a reference in brackets"),
        (("[cl. 5.1]", "Form 1", "[cl. 6.2]", "Form 2", "[cl. 6.3]", "Form 2"), "2 lines"),
        (("[cl. 5.1]", "Form 1"), "no line"),
    ],
)
def test_a_reference_the_law_does_not_show_for_certain_is_refused(lines: tuple[str, ...], why: str) -> None:
    with pytest.raises(Unresolved, match=why):
        resolved(_schedule(*lines), _op(REFERENCE, "substitute_text", "[cl. 6.2]"))


def test_a_citation_is_left_to_the_applier() -> None:
    assert resolved(_clause16("x"), _op("16(a)(ii)")) is None


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        # new words that are not one bracketed reference
        ("Delete the reference before the heading to Schedule 1 Form 1 and insert: cl. 5.1 and 6.2", "not one bracketed line"),
        # a reference is printed before a form's heading, not before a schedule's
        ("Delete the reference before the heading to Schedule 1 and insert: [cl. 5.1]", "before a form's heading"),
        # the passage ends at the end of a provision that does not hold the one deleted
        (
            "Delete clause 16(a)(ii) and the passage that begins with “unless” and continues until the end of paragraph "
            "(b) and insert: (ii) land; and",
            "does not hold 16",
        ),
        # the new text is not the provision deleted
        (
            "Delete clause 16(a)(ii) and the passage that begins with “unless” and continues until the end of paragraph "
            "(a) and insert: (iii) land; and",
            "does not begin with 16",
        ),
    ],
)
def test_words_the_grammar_cannot_read_for_certain_are_refused(text: str, refusal: str) -> None:
    with pytest.raises(InstructionNotUnderstood, match=refusal):
        parse_unit(Unit("5(1)", text, "16"))


def test_a_numbered_lead_in_read_inside_the_subclause_before_it_keeps_its_own_label() -> None:
    text = (
        "Delete the reference before the heading to Schedule 1 Form 1 and insert: [cl. 5.1 and 6.2] (2) In Schedule 1 "
        "Form 1: (a) delete “Signed” and insert “Sign”. (b) delete “here”."
    )
    clause = P("clause", num="5", heading="Schedule 1 amended", children=(P("subclause", num="(1)", text=text),))
    law = Law(
        meta=LawMeta(id="x/y", title="X Amendment Local Law 2020", kind="amending", local_government="Shire of X"), body=(clause,)
    )
    assert [u.clause for u in units(law)] == ["5(1)", "5(2)(a)", "5(2)(b)"]


def _form(*rows: tuple[str, ...] | str) -> tuple[P, ...]:
    children = tuple(P("text", text=r) if isinstance(r, str) else P("item", cells=r) for r in rows)
    return (P("schedule", num="1", heading="FORMS", children=children),)


FORM = _form(
    "2. DETAILS OF MONUMENTAL GRAVE",
    ("(a) Section and row", "$"),
    ("(b) Monumental grave fee", "$"),
    "3. DETAILS OF LAWN GRAVE",
    ("(a) Section and row", "$"),
    ("(b) Lawn grave fee", "$"),
)
LINE_DELETED = Operation(clause="7(a)", action="delete_words", target="Schedule 1", source="…", words="3. DETAILS OF LAWN GRAVE")  # type: ignore[arg-type]


def test_a_row_found_by_its_words_opposite_the_text_named_before() -> None:
    # “(a) Section and row” and “$” are in two rows; opposite “3. DETAILS OF LAWN GRAVE” there is one
    op = replace(_op("Schedule 1 row containing “(a) Section and row” and “$” opposite that text", "delete", None), clause="7(b)")
    done = resolved(FORM, op, [LINE_DELETED])
    assert done is not None and done.target == "Schedule 1 row 3"
    # without "opposite that text" the words name one row only when one row of the table holds them all
    done = resolved(FORM, _op("Schedule 1 row containing “Lawn grave fee” and “$”", "delete", None))
    assert done is not None and done.target == "Schedule 1 row 4"


@pytest.mark.parametrize(
    ("target", "earlier", "why"),
    [
        ("Schedule 1 row containing “(a) Section and row” and “$”", [], "2 rows"),
        ("Schedule 1 row containing “Lawn grave fee” and “$25”", [], "no row"),
        ("Schedule 1 row containing “(b) Monumental grave fee” opposite that text", [LINE_DELETED], "no row"),
        # "that text" must be the words the instruction before it, in the same amending clause, changed there
        ("Schedule 1 row containing “Lawn grave fee” opposite that text", [], "names no words"),
        ("Schedule 1 row containing “Lawn grave fee” opposite that text", [replace(LINE_DELETED, clause="6")], "names no words"),
        # rows inserted or deleted before it: which row is meant would move
        ("Schedule 1 row containing “Lawn grave fee”", [replace(LINE_DELETED, action="delete", target="Schedule 1 row 1")],
         "earlier instruction"),
    ],
)  # fmt: skip
def test_a_row_its_words_do_not_name_for_certain_is_refused(target: str, earlier: list[Operation], why: str) -> None:
    with pytest.raises(Unresolved, match=why):
        resolved(FORM, replace(_op(target, "delete", None), clause="7(b)"), earlier)


def test_a_schedule_amended_in_one_form_as_follows_gives_each_lettered_instruction_the_schedule() -> None:
    """Each lettered instruction is made in the Schedule and in the form the lead-in names (wrongref: the form was
    dropped, and an item's edit made in another form of the Schedule where its words were there)."""
    clause = P(
        "clause",
        num="7",
        heading="Schedule 1 amended",
        text="Schedule 1 is amended in Form 4 as follows:",
        children=(
            P("paragraph", num="(a)", text="by deleting “3. DETAILS OF LAWN GRAVE”;"),
            P(
                "paragraph",
                num="(b)",
                text="in the Table opposite that text, by deleting the row containing “(a) Lawn grave fee” and “$”.",
            ),
        ),
    )
    law = Law(
        meta=LawMeta(id="x/y", title="X Amendment Local Law 2002", kind="amending", local_government="Shire of X"), body=(clause,)
    )
    assert [(u.clause, u.context) for u in units(law)] == [("7(a)", "Schedule 1 Form 4"), ("7(b)", "Schedule 1 Form 4")]


def _timeline_of(lines: tuple[str, ...], target: str) -> Timeline:
    day = dt.date(2020, 1, 1)
    meta = LawMeta(id="x/property", title="Shire of X Property Local Law 2000", local_government="Shire of X")
    law = Law(meta=replace(meta, commencement=Commencement(date=day)), body=_schedule(*lines))
    inst_meta = LawMeta(
        id="x/property-amendment-2021",
        title="Shire of X Property Amendment Local Law 2021",
        local_government="Shire of X",
        kind="amending",
        amends=LawRef(title=meta.title),
        commencement=Commencement(date=day + dt.timedelta(days=400)),
    )
    op = replace(_op(target, "substitute_text", "[cl. 6.2 and 6.3]"), clause="5(1)")
    return build_timeline(law, [Instrument(law=Law(meta=inst_meta), operations=(op,))])


def test_a_place_kept_unresolved_while_the_law_was_missing_is_resolved_when_it_is_applied() -> None:
    tl = _timeline_of(("[cl. 5.1]", "Form 1", "[cl. 6.2]", "Form 2"), REFERENCE)
    assert tl.waiting == () and len(tl.versions) == 2
    assert [c.text for c in tl.versions[1].body[0].children] == ["[cl. 5.1]", "Form 1", "[cl. 6.2 and 6.3]", "Form 2"]
    refused = _timeline_of(("[cl. 5.1]", "Form 1", "Form 2"), REFERENCE)
    assert len(refused.versions) == 1 and "not a reference in brackets" in refused.waiting[0][1]


BYLAW_13 = (
    P(
        "clause",
        num="13",
        text="The Committee shall consist of the President, the Councillors for the North Ward, and the Clerk.",
    ),
)


def _between(words: str | None, new: str, a: str = "the President,", b: str = "and the Clerk") -> Operation:
    return Operation(
        clause="1", action="substitute_words", target=f"13 between “{a}” and “{b}”", source="…", words=words, new=new
    )  # type: ignore[arg-type]


def test_words_between_two_others_are_changed_there_only() -> None:
    done = resolved(BYLAW_13, _between("the Councillors for the North Ward", "the Councillor for the South Ward,"))
    assert done is not None and done.action == "substitute_text" and done.target == "13"
    # the words "in lieu" keep the comma after the words deleted: as printed, twice
    assert done.new == "The Committee shall consist of the President, the Councillor for the South Ward,, and the Clerk."
    added = resolved(BYLAW_13, _between(None, ", the Treasurer", a="the North Ward", b=", and the Clerk"))
    assert (
        added is not None
        and added.new
        == "The Committee shall consist of the President, the Councillors for the North Ward, the Treasurer, and the Clerk."
    )


@pytest.mark.parametrize(
    ("op", "why"),
    [
        (_between("the Councillors for the South Ward", "x"), "is not in the words"),  # other words between them
        (_between(None, "x", a="the President,", b="and the Clerk"), "is not in the words"),  # words between them
        (_between("the Councillors for the North Ward", "x", a="the Mayor,"), "is not in the words"),
    ],
)
def test_words_between_that_the_law_does_not_show_are_refused(op: Operation, why: str) -> None:
    with pytest.raises(Unresolved, match=why):
        resolved(BYLAW_13, op)


def test_a_provision_restated_now_to_read_is_taken_only_when_it_says_what_the_change_makes() -> None:
    change = resolved(BYLAW_13, _between("the Councillors for the North Ward", "the Councillor for the South Ward,"))
    assert change is not None
    restated = Operation(clause="1", action="substitute_text", target="13 as restated", source="…",  # type: ignore[arg-type]
                         new="The Committee shall consist of the President, the Councillor for the South Ward, and the Clerk.")  # fmt: skip
    done = resolved(BYLAW_13, restated, [change])
    assert done is not None and done.target == "13" and done.new == restated.new  # one comma, as restated
    other = replace(
        restated, new="The Committee shall consist of the President, the Councillor for the East Ward, and the Clerk."
    )
    with pytest.raises(Unresolved, match="does not say what the change"):
        resolved(BYLAW_13, other, [change])
    with pytest.raises(Unresolved, match="no change to its words comes before it"):
        resolved(BYLAW_13, restated, [])


def test_a_semicolon_glued_to_the_next_term_ends_the_definition_before_it() -> None:
    from lawhistory.amending.instructions import payload_provisions

    (clause,) = payload_provisions(
        "4. Terms used In this local law — goods has the meaning given in the Act;Government road means a road "
        "declared under the Public Works Act 1902.",
        [],
    )
    assert [(d.kind, d.term) for d in clause.children] == [("definition", "goods"), ("definition", "Government road")]


def test_all_the_words_after_others_are_replaced_only_where_they_end_the_provision() -> None:
    body = (P("clause", num="36", children=(P("subclause", num="(1)", text="A person is eligible if the person is resident."),)),)
    op = Operation(clause="6(1)", action="substitute_words", target="36(1) after “if the person”", source="…", new="is enrolled.")  # type: ignore[arg-type]
    done = resolved(body, op)
    assert done is not None and done.action == "substitute_text" and done.new == "A person is eligible if the person is enrolled."
    twice = (P("clause", num="36", children=(P("subclause", num="(1)", text="if the person is, if the person was."),)),)
    with pytest.raises(Unresolved, match="occur 2 times"):
        resolved(twice, op)
    held = (
        P(
            "clause",
            num="36",
            children=(P("subclause", num="(1)", text="if the person —", children=(P("paragraph", num="(a)", text="x"),)),),
        ),
    )
    with pytest.raises(Unresolved, match="followed by provisions of its own"):
        resolved(held, op)
