"""Constructs of the amending language read after the eighth first-sight round (cases 160–169, SOURCES-m.md).

Synthetic instructions and page furniture (not law): each test gives wording and what it must read as, or the refusal
it must give; each would fail on the engine before the fix it guards.
"""

from __future__ import annotations

import pytest

from lawhistory.amending.instructions import parse_unit
from lawhistory.amending.parts import Unit
from lawhistory.core.errors import LawHistoryError
from lawhistory.reading.gazette import normalise


def ops(text: str, context: str | None = None) -> list[tuple[str, str | None, str | None, str | None]]:
    return [(str(o.action), o.target, o.position, o.new) for o in parse_unit(Unit("9", text, context))]


# --- a later gazette's running head (title, Part, provision) between the lines of new text --------------------


def test_running_head_with_its_part_line_between_new_clauses_is_furniture() -> None:
    text = (
        "Delete clauses 2.1 and 2.2 and insert:\n\n2.1.  Fees\n\nThe local government may set fees.\n\n"
        "Shire of Example Parking Amendment Local Law 2021\n\n"
        "Part 2          Parking Local Law 2015 amended\n\ncl. 6\n\n2.2.  Charges\n\nCharges are payable."
    )
    got = normalise(text).text
    assert "Parking Amendment Local Law 2021" not in got and "cl. 6" not in got
    assert "The local government may set fees." in got and "2.2. Charges" in got


def test_running_head_without_part_line_is_furniture_and_a_title_alone_is_kept() -> None:
    head = "Delete clause 3.1.\n\nTown of Example Signs Amendment Local Law 2019\n\nr. 4\n\nDelete clause 3.2."
    assert "Signs Amendment Local Law 2019" not in normalise(head).text
    words = "In clause 4.1 after “under” insert:\n\nthe Town of Example Signs Amendment Local Law 2019\n\nclause 4"
    assert "Signs Amendment Local Law 2019" in normalise(words).text


# --- a Schedule heading replaced: its label printed with it; a shoulder note never dropped --------------------


def test_new_schedule_heading_printed_with_its_label_is_the_rest() -> None:
    text = "Delete the heading to Schedule 2 and insert: Schedule 2 — PRESCRIBED OFFENCES AND PENALTIES"
    assert ops(text) == [("substitute_heading", "Schedule 2", None, "PRESCRIBED OFFENCES AND PENALTIES")]


def test_new_schedule_heading_labelled_for_another_schedule_is_refused() -> None:
    with pytest.raises(LawHistoryError, match="labelled “Schedule 3"):
        parse_unit(Unit("9", "Delete the heading to Schedule 2 and insert: Schedule 3 — FEES", None))


def test_new_schedule_heading_with_a_shoulder_note_is_refused_naming_it() -> None:
    text = "Delete the heading to Schedule 2 and insert: Schedule 2 — FEES [cl. 4.1(2)]"
    with pytest.raises(LawHistoryError, match=r"\[cl\. 4\.1\(2\)\]"):
        parse_unit(Unit("9", text, None))
