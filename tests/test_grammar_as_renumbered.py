"""wa.lark's ``AS_RENUMBERED_NOTE``: "(as renumbered by clause 5)" names a provision by the label an instrument gave
it, renumbers nothing, and is read out of an instruction's frame before it is asked whether it renumbers (the grammar
ignores the note; instructions.py takes it from the grammar, no copy of its own)."""

from __future__ import annotations

import pytest

from lawhistory.amending.grammar.parse import GRAMMAR, relabelling, without_as_renumbered_notes


@pytest.mark.parametrize(
    ("words", "left"),
    [
        ("In clause 4.5 (as renumbered by clause 5) delete", "In clause 4.5  delete"),
        ("In clause 4.5 (as re-numbered by clause 5) delete", "In clause 4.5  delete"),
        ("In clause 4.5 (As Renumbered By Clause 5) delete", "In clause 4.5  delete"),
        ("In clause 3 (as amended by this local law) delete", "In clause 3  delete"),
        ("In clause 3A (as inserted by clause 4.2A(1)(b)) delete", "In clause 3A  delete"),
        ("In clause 3 ( as renumbered by clause 5 ) delete", "In clause 3  delete"),
        ("Clauses 2 (as renumbered by clause 5) and 3 (as renumbered by clause 6)", "Clauses 2  and 3 "),
    ],
)
def test_the_note_is_read_out(words: str, left: str) -> None:
    assert without_as_renumbered_notes(words) == left


@pytest.mark.parametrize(
    "words",
    [
        "In clause 4.5 (as renumbered by the Act) delete",  # not this instrument's own renumbering
        "In clause 4.5 (renumbered by clause 5) delete",  # no "as"
        "In clause 4.5 as renumbered by clause 5 delete",  # not in brackets
        "In clause 4.5 (as renumbered by clause five) delete",  # no label
        "In clause 4.5 (as repealed by clause 5) delete",
        "Renumber clauses 4.5 and 4.6 as clauses 4.4 and 4.5.",
    ],
)
def test_near_misses_are_left(words: str) -> None:
    assert without_as_renumbered_notes(words) == words


def test_a_note_renumbers_nothing_but_a_renumbering_beside_it_is_still_read() -> None:
    assert relabelling(without_as_renumbered_notes("In clause 4.5 (as renumbered by clause 5) delete “x”.")) is None
    said = without_as_renumbered_notes(
        "In clause 4.5 (as renumbered by clause 5) delete “x” and renumber clause 4.6 as clause 4.5."
    )
    assert relabelling(said) is not None


def test_the_note_is_described_once_in_the_grammar() -> None:
    grammar = GRAMMAR.read_text(encoding="utf-8")
    assert "AS_RENUMBERED_NOTE" in grammar
    assert "%ignore AS_RENUMBERED_NOTE" in grammar
