"""Schedules that are neither tables nor forms: a lettered list in a copy whose line breaks were lost, and sentences
printed over several lines."""

from __future__ import annotations

from lawhistory.reading.tables import parse_schedule


def test_a_lettered_list_in_running_text_is_read_as_paragraphs() -> None:
    region = (
        "—RESIDENTIAL LOT [clause 2.1(1)(a)] A sufficient fence on a Residential Lot is a fence of— (a) masonry, not "
        "less than 1500mm high; or (b) sheet metal on steel posts, not less than 1500mm high."
    )
    notes: list[str] = []
    schedule = parse_schedule("2", region, line_mode=False, notes=notes)
    assert schedule.heading == "RESIDENTIAL LOT"
    assert [(c.kind, c.num, c.text) for c in schedule.children] == [
        ("text", None, "[clause 2.1(1)(a)]"),
        ("text", None, "A sufficient fence on a Residential Lot is a fence of—"),
        ("paragraph", "(a)", "masonry, not less than 1500mm high; or"),
        ("paragraph", "(b)", "sheet metal on steel posts, not less than 1500mm high."),
    ]
    assert notes == []


def test_labels_inside_a_sentence_or_out_of_order_are_not_a_list() -> None:
    for words in (
        "A fence built to clause 2.1(a) and (b) of the Scheme.",  # no dash or colon before (a)
        "A fence of— (a) masonry; or (c) timber.",  # (c) does not follow (a): one paragraph, no (b)
    ):
        schedule = parse_schedule("3", "—COMMERCIAL LOT " + words, line_mode=False, notes=[])
        assert not any(c.kind == "paragraph" and c.num == "(c)" for c in schedule.children), words


def test_sentences_printed_over_several_lines_are_one_line_each() -> None:
    region = "\nRURAL LOTS\nA sufficient fence on a Rural Lot is a fence of not fewer than\nfive wires on posts.\nA gate may be\n1200mm wide.\n"
    notes: list[str] = []
    schedule = parse_schedule("4", region, line_mode=True, notes=notes)
    assert [c.text for c in schedule.children] == [
        "A sufficient fence on a Rural Lot is a fence of not fewer than five wires on posts.",
        "A gate may be 1200mm wide.",
    ]
    assert notes == []


def test_a_form_is_not_read_as_sentences() -> None:
    region = "\nFORMS\nForm 1 – Notice of motion\nI, [name], give notice of my motion.\nDated .........\n"
    notes: list[str] = []
    schedule = parse_schedule("1", region, line_mode=True, notes=notes)
    assert [c.text for c in schedule.children][:2] == ["Form 1 – Notice of motion", "I, [name], give notice of my motion."]
