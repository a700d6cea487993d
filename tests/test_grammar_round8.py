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
        "This local law is the Shire of Example Parking Amendment Local Law 2021.\n\n"
        "Delete clauses 2.1 and 2.2 and insert:\n\n2.1.  Fees\n\nThe local government may set fees.\n\n"
        "Shire of Example Parking Amendment Local Law 2021\n\n"
        "Part 2          Parking Local Law 2015 amended\n\ncl. 6\n\n2.2.  Charges\n\nCharges are payable."
    )
    got = normalise(text).text
    assert "Parking Amendment Local Law 2021" not in got and "cl. 6" not in got
    assert "The local government may set fees." in got and "2.2. Charges" in got


def test_running_head_without_part_line_is_furniture_and_a_title_alone_is_kept() -> None:
    head = "Delete clause 3.1.\n\nTown of Example Signs Amendment Local Law 2019\n\nr. 4\n\nDelete clause 3.2."
    cited = "TOWN OF EXAMPLE SIGNS AMENDMENT LOCAL LAW 2019\n\n" + head  # the instrument's title above, in capitals
    assert "Signs Amendment Local Law 2019" not in normalise(cited).text
    words = "In clause 4.1 after “under” insert:\n\nthe Town of Example Signs Amendment Local Law 2019\n\nclause 4"
    assert "Signs Amendment Local Law 2019" in normalise(words).text


def test_a_title_printed_once_above_a_provision_line_is_the_laws_words() -> None:
    """A line of a law that ends in an Act's title, above a line "s. 33" (a form, a penalty schedule): nothing else of
    the text names that title, so it is no running head, and its words are kept."""
    text = "4.2 Signs\nA person must display a sign in the form approved under the Dog Act 1976\n\ns. 33\n"
    got = normalise(text).text
    assert "in the form approved under the Dog Act 1976" in got and "s. 33" in got
    head = "Shire of Example Dogs Amendment Local Law 2021\n\ncl. 3\n\n"  # the same shape, its title printed twice
    assert "cl. 3" not in normalise(head + "3. Clause 4.2 amended\n\n" + head + "In clause 4.2 delete “x”.").text


# --- a Schedule heading replaced: its label printed with it; a shoulder note never dropped --------------------


def test_new_schedule_heading_printed_with_its_label_is_the_rest() -> None:
    text = "Delete the heading to Schedule 2 and insert: Schedule 2 — PRESCRIBED OFFENCES AND PENALTIES"
    assert ops(text) == [("substitute_heading", "Schedule 2", None, "PRESCRIBED OFFENCES AND PENALTIES")]


def test_new_schedule_heading_labelled_for_another_schedule_is_refused() -> None:
    with pytest.raises(LawHistoryError, match="labelled “Schedule 3"):
        parse_unit(Unit("9", "Delete the heading to Schedule 2 and insert: Schedule 3 — FEES", None))


def test_new_schedule_heading_with_a_shoulder_note_is_read_and_a_divisions_refused_naming_it() -> None:
    # (known2) a Schedule's note is read (its reference line: tests/test_grammar_known2.py); a Division's is refused
    text = "Delete the heading to Schedule 2 and insert: Schedule 2 — FEES [cl. 4.1(2)]"
    assert [(o.target, o.new) for o in parse_unit(Unit("9", text, None))] == [("Schedule 2", "FEES [cl. 4.1(2)]")]
    text = "Delete the heading to Part 2 Division 1 and insert: Division 1 — FEES [cl. 4.1(2)]"
    with pytest.raises(LawHistoryError, match=r"\[cl\. 4\.1\(2\)\]"):
        parse_unit(Unit("9", text, None))


# --- a new Part 2A and its clauses 2A.1, 2A.2 -------------------------------------------------------------------


def test_new_part_2a_with_clauses_2a_1_and_2a_2_is_read_as_a_part_of_clauses() -> None:
    text = (
        "After clause 2.4 insert: PART 2A — RECORDING OF MEETINGS 2A.1. Application of Part This Part applies to "
        "meetings. 2A.2. Meetings to be recorded (1) The CEO is to record each meeting. (2) A recording is kept."
    )
    assert ops(text) == [
        (
            "insert",
            "2.4",
            "after",
            "PART 2A—RECORDING OF MEETINGS\n2A.1 Application of Part\n  This Part applies to meetings.\n"
            "2A.2 Meetings to be recorded\n  (1) The CEO is to record each meeting.\n  (2) A recording is kept.",
        )
    ]


# --- a commencement whose first item names publication day ------------------------------------------------------


def test_items_counting_from_publication_day_named_in_the_first_item_are_read() -> None:
    from lawhistory.core.dates import clause_items

    wording = (
        "This local law comes into operation as follows — (a) clauses 1 and 2 — on the day on which this local law "
        "is published in the Gazette (publication day); (b) clauses 3 and 4 — on the day after publication day; "
        "(c) clause 5 — on 1 January 2024."
    )
    items = clause_items(wording)
    assert items is not None
    assert [(i.clauses, i.after, i.fixed) for i in items] == [
        (("1", "2"), 0, None),
        (("3", "4"), 1, None),
        (("5",), None, __import__("datetime").date(2024, 1, 1)),
    ]


# --- an OCR copy's "c1ause 3.2(1 )" in the frame; quoted words left as printed -----------------------------------


def test_ocr_figure_one_in_frame_word_and_spaced_label_are_read_outside_quotes_only() -> None:
    text = 'In c1ause 3.2(1 ) delete "c1ause 3.1(1 )" and insert: clause 3.1(1)'
    got = normalise(text).text.strip()
    assert got == 'In clause 3.2(1) delete "c1ause 3.1(1 )" and insert: clause 3.1(1)'
    assert ops(got) == [("substitute_words", "3.2(1)", None, "clause 3.1(1)")]


def test_ocr_repair_leaves_quoted_words_printed_over_two_lines_as_printed() -> None:
    """Words in quotation marks that the copy broke over a line are still the law's words: never repaired."""
    got = normalise("In c1ause 3.2(1 ) delete “the c1ause\n(1 ) words” and insert “x”.").text
    assert "In clause 3.2(1) delete" in got and "c1ause (1 ) words" in got
