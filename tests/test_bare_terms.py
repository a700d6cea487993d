"""Definitions printed a line each after "In this clause" (no dash), their terms neither quoted nor in bold (case 87):
the printed line shows where each term begins, its verb where it ends."""

from __future__ import annotations

import pytest

from lawhistory.amending.parts import InstructionNotUnderstood, payload_provisions
from lawhistory.reading.definitions import mark_bare_terms

PRINTED = """45A. Information to be given when a bush fire is taken over

(1) In this clause

fire officer has the meaning given in
clause 3(1);

take over means take control of all operations in
relation to a bush fire.

(2) The fire officer must tell the CEO.
"""


def test_terms_that_begin_printed_lines_after_in_this_clause_are_marked_with_a_note() -> None:
    notes: list[str] = []
    marked = mark_bare_terms(PRINTED, notes)
    assert "\n**fire officer** has the meaning given in\n" in marked
    assert "\n**take over** means take control" in marked
    assert "(1) In this clause\n" in marked and "(2) The fire officer must tell the CEO." in marked
    assert notes and "fire officer, take over" in notes[0]


def test_a_line_that_is_not_a_definition_leaves_the_whole_run_unmarked() -> None:
    # the second definition's line starts with "the": no term can be told, so neither is marked (and refused later)
    text = PRINTED.replace("take over means", "the officer means")
    notes: list[str] = []
    assert mark_bare_terms(text, notes) == text
    assert notes == []


def test_in_this_clause_followed_by_a_dash_is_left_to_the_definition_reader() -> None:
    text = PRINTED.replace("(1) In this clause\n", "(1) In this clause —\n")
    assert mark_bare_terms(text, []) == text


def test_marked_terms_are_read_as_definitions_of_the_new_clause_and_stored_plain() -> None:
    notes: list[str] = []
    flat = " ".join(mark_bare_terms(PRINTED, notes).split())
    (clause,) = payload_provisions(flat, notes)
    (sub1, sub2) = clause.children
    assert sub1.text == "In this clause"
    assert [(d.kind, d.term, d.text) for d in sub1.children] == [
        ("definition", "fire officer", "fire officer has the meaning given in clause 3(1);"),
        ("definition", "take over", "take over means take control of all operations in relation to a bush fire."),
    ]
    assert sub2.text == "The fire officer must tell the CEO."


def test_unmarked_terms_in_new_text_are_still_refused() -> None:
    with pytest.raises(InstructionNotUnderstood, match="neither quoted nor in bold"):
        payload_provisions(" ".join(PRINTED.split()), [])
