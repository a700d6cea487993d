"""Readings a review of first-sight rounds 7 and 8 found too broad or too narrow: each once gave wrong law without a
word (a subclause's label taken into a clause's heading, a shoulder note or a Division's heading taken into a new
heading) or refused a plain heading. Synthetic sentences."""

from __future__ import annotations

import pytest

from lawhistory.amending.instructions import parse_unit
from lawhistory.amending.parts import Unit
from lawhistory.core.errors import LawHistoryError


def ops(text: str) -> list[tuple[str, str | None, str | None, str | None]]:
    return [(str(o.action), o.target, o.position, o.new) for o in parse_unit(Unit("9", text, None))]


@pytest.mark.parametrize(
    ("heading", "words"),
    [
        ("Application of this clause", "This clause applies to a permit issued before 1 July 2020."),
        ("Application of this by-law", "This by-law applies to a permit issued before 1 July 2020."),
        ("Meaning of subclause (2)", "In this clause, a permit is a licence."),
    ],
)
def test_a_new_clauses_heading_ending_in_a_provisions_name_leaves_its_first_subclause_its_label(heading: str, words: str) -> None:
    """ "5.3 Application of this clause (1) This clause applies …": (1) opens the subclauses (a label before words in
    capitals); only a label before words going on in small letters is a citation ("Subclause (3) of by-law 8")."""
    text = f"In Part 5 after clause 5.2 insert — 5.3 {heading} (1) {words} (2) A permit continues in force."
    (op,) = parse_unit(Unit("9", text, None))
    (p,) = op.provisions or ()
    assert p.heading == heading
    assert [(c.num, c.text) for c in p.children] == [("(1)", words), ("(2)", "A permit continues in force.")]


@pytest.mark.parametrize("note", ["[cl. 2.4(1)]", "[cl.2.4(1)]", "[Clause 2.4(1)]", "[clause 2.4]", "[r. 5]"])
def test_a_new_headings_shoulder_note_in_any_spelling_is_refused_naming_it(note: str) -> None:
    # (known2) a Schedule's is read: its reference line (tests/test_grammar_known2.py); any other unit's is refused
    assert ops(f"Delete the heading to Schedule 1 and insert: Schedule 1 — DOG EXERCISE AREAS {note}") == [
        ("substitute_heading", "Schedule 1", None, f"DOG EXERCISE AREAS {note}")
    ]
    with pytest.raises(LawHistoryError, match=f"reference note “{__import__('re').escape(note)}”"):
        ops(f"Delete the heading to Part 1 and insert: Part 1 — DOG EXERCISE AREAS {note}")


@pytest.mark.parametrize(
    ("new", "part", "division"),
    [
        ("PART 3 — REGISTRATION DIVISION 1 — GENERAL", "REGISTRATION", "Division 1—GENERAL"),
        ("Part 3 — Registration Division 1 - General", "Registration", "Division 1—General"),
        (
            "Part 3 — Registration and identification Division 1 — Registration",
            "Registration and identification",
            "Division 1—Registration",
        ),
    ],
)
def test_a_division_heading_after_a_parts_new_heading_opens_the_part_in_capitals_or_after_a_hyphen(
    new: str, part: str, division: str
) -> None:
    assert ops(f"Delete the heading to Part 3 and insert: {new}") == [
        ("substitute_heading", "Part 3", None, part),
        ("insert", "Part 3", "start", division),
    ]


def test_a_parts_new_heading_naming_a_division_not_read_apart_is_refused() -> None:
    with pytest.raises(LawHistoryError, match="names a Division"):
        ops("Delete the heading to Part 3 and insert: PART 3 — REGISTRATION DIVISION 1: GENERAL")


def test_a_clause_heading_beginning_with_schedule_is_a_heading_not_a_label() -> None:
    assert ops("Delete the heading to clause 5.1 and insert: Schedule of fees") == [
        ("substitute_heading", "5.1", None, "Schedule of fees")
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "This local law comes into operation on publication, and clause 3 of the principal local law is repealed.",
        "By-law 5 of the principal by-laws is hereby revoked.",
        "In this local law the Shire of Example Dogs Local Law 2010 is referred to as the principal local law, and "
        "clauses 4 and 5 of it are repealed.",
    ],
)
def test_a_frame_clause_that_also_repeals_a_provision_is_read_as_instructions_never_left_out(sentence: str) -> None:
    """A clause of the frame (its commencement, its principal law) that ends a provision too is no frame clause: it
    goes to the instructions (read, or refused naming its words), never silently left out of the amendment."""
    from lawhistory.amending.frame import frame_kind

    assert frame_kind(None, sentence) is None


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("This local law may be cited as the Shire of Example Repeal Local Law 2016.", "citation"),
        ("The repeal of the by-laws referred to in clause 4 does not affect any licence.", "savings"),
        ("Nothing in this local law affects anything done as if the by-laws had not been repealed.", "savings"),
    ],
)
def test_repeal_as_a_noun_a_title_or_a_past_is_still_frame(sentence: str, kind: str) -> None:
    from lawhistory.amending.frame import frame_kind

    assert frame_kind(None, sentence) == kind
