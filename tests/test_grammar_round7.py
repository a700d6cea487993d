"""Constructs of the amending language read after the seventh first-sight round (cases 150–159, SOURCES-l.md).

Synthetic instructions (not law): each test gives wording and the operations it must make, or the refusal it must
give; each would fail on the engine before the fix it guards.
"""

from __future__ import annotations

from lawhistory.amending.instructions import parse_unit
from lawhistory.amending.parts import Unit
from lawhistory.reading.gazette import normalise


def ops(text: str, context: str | None = None) -> list[tuple[str, str | None, str | None, str | None]]:
    return [(str(o.action), o.target, o.position, o.new) for o in parse_unit(Unit("9", text, context))]


# --- definitions "in their respective alphabetical positions", "the definitions following" ----------------------


def test_definitions_inserted_in_their_respective_alphabetical_positions_each_go_to_their_place() -> None:
    for text in (
        "Clause 2.1 is amended by inserting in their respective alphabetical positions the definitions following— "
        "“kennel” means a place where dogs are kept; “litter” means young animals born together;",
        "In clause 2.1 insert in their respective alphabetical positions the following definitions— "
        "“kennel” means a place where dogs are kept; “litter” means young animals born together;",
        "In clause 2.1 insert the definitions following in alphabetical order— "
        "“kennel” means a place where dogs are kept; “litter” means young animals born together;",
    ):
        assert ops(text) == [
            ("insert_definition", "2.1", "alphabetical", "**kennel** means a place where dogs are kept;"),
            ("insert_definition", "2.1", "alphabetical", "**litter** means young animals born together;"),
        ], text


def test_doubled_single_quotation_marks_are_double_marks() -> None:
    text = "In clause 2.1 delete ‘‘the owner’’ and insert ‘‘ the keeper ’’."
    assert normalise(text).text.strip() == "In clause 2.1 delete “the owner” and insert “ the keeper ”."
    assert ops(normalise(text).text.strip()) == [("substitute_words", "2.1", None, "the keeper")]
