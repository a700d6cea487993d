"""Constructs of the amending language read after the tenth first-sight round (cases 180–189, SOURCES-n.md).

Synthetic instructions (not law): each test gives wording and what it must read as, or the refusal it must give; each
would fail on the engine before the fix it guards.
"""

from __future__ import annotations

import pytest

from lawhistory.amending.instructions import InstructionNotUnderstood, parse_unit
from lawhistory.amending.parts import Unit, payload_provisions
from lawhistory.core.model import Provision


def _tree(ps: tuple[Provision, ...]) -> list[tuple[object, ...]]:
    return [(p.kind, p.num, p.heading, p.text, _tree(p.children)) for p in ps]


# --- an instruction's place with no change said (a copy that lost the verb and the words) -------------------------


def test_a_place_with_no_verb_is_refused_naming_its_words() -> None:
    """Left as text, the amendment it stood for would be dropped unseen and the rest applied as if it were whole."""
    with pytest.raises(InstructionNotUnderstood, match=r"2\.10, 2\.11 or 2\.12.*says no change"):
        parse_unit(Unit("4", "In clause 3.2(1) in the definition of 2.10, 2.11 or 2.12.", None))
    with pytest.raises(InstructionNotUnderstood, match="says no change"):
        parse_unit(Unit("4", "After the definition of “bin” the words were lost.", None))


def test_words_that_name_no_place_are_still_left_as_text() -> None:
    notes: list[str] = []
    assert parse_unit(Unit("6", "in Part 3", None), notes) == []  # words of a heading ("Division 3 inserted in Part 3")
    assert any("left as text" in n for n in notes)


# --- a Division with Subdivisions inserted ---------------------------------------------------------------------


def test_division_inserted_with_its_subdivisions_reads_each_subdivision_and_its_clauses() -> None:
    got = payload_provisions(
        "Division 2 — Permits for trading Subdivision 1 — Application 2.4. Application for permit An application must "
        "be made in writing. Subdivision 2 — Determination 2.5. Decision The local government may approve it. "
        "2.6. Duration A permit is valid for 12 months.",
        [],
    )
    assert _tree(got) == [
        (
            "division",
            "2",
            "Permits for trading",
            None,
            [
                (
                    "subdivision",
                    "1",
                    "Application",
                    None,
                    [("clause", "2.4", "Application for permit", "An application must be made in writing.", [])],
                ),
                (
                    "subdivision",
                    "2",
                    "Determination",
                    None,
                    [
                        ("clause", "2.5", "Decision", "The local government may approve it.", []),
                        ("clause", "2.6", "Duration", "A permit is valid for 12 months.", []),
                    ],
                ),
            ],
        )
    ]


def test_a_new_heading_that_runs_on_into_a_clause_is_refused_not_kept_as_heading_words() -> None:
    """Read as one heading, the clause under it would become heading words (wrong law, case 185's first run)."""
    with pytest.raises(InstructionNotUnderstood, match=r"heading .* runs on .*2\.4\. Application"):
        payload_provisions(
            "Division 2 — Permits for trading Chapter 1 — Application 2.4. Application for permit An application must "
            "be made. 2.5. Decision The local government may approve it.",
            [],
        )


def test_a_division_heading_alone_and_a_part_with_clauses_read_as_before() -> None:
    assert _tree(payload_provisions("Division 1 — General provisions", [])) == [("division", "1", "General provisions", None, [])]
    part = payload_provisions("Part 3A — Annual return 18A. Terms used In this Part, return means a return.", [])
    assert [(p.kind, p.num, p.heading, [c.num for c in p.children]) for p in part] == [("part", "3A", "Annual return", ["18A"])]
