"""Opening quotation marks a copy's OCR printed as figures or letters ("46", "44", "CC", "it", "tt"), read back only
where a quotation mark must stand (cases 82, 88, 89): after the dash that opens new text, before that text."""

from __future__ import annotations

import pytest

from lawhistory.amending.parts import InstructionNotUnderstood, payload_provisions
from lawhistory.reading.ocr_quotes import read_ocr_quote_marks


def test_a_token_alone_before_new_text_a_mark_closes_is_read_as_the_opening_mark_with_a_note() -> None:
    text = 'The heading to Part 2 is deleted and the following heading is inserted instead -\n\n46\n\nPart 2 - Dogs ".\n\n7. Clause 6 amended\n'
    notes: list[str] = []
    out = read_ocr_quote_marks(text, notes)
    assert '\n"Part 2 - Dogs ".\n' in out and "46" not in out
    assert len(notes) == 1 and "“46”" in notes[0] and "opening quotation mark" in notes[0]


def test_a_token_at_the_end_of_the_dash_line_is_read_as_the_mark_when_the_new_text_is_closed() -> None:
    text = '(a) after paragraph (b) by inserting - 44\n\n(ba) a record of each reopening;\n\n";\n\n(b) after paragraph (c) by inserting - " and ".\n'
    out = read_ocr_quote_marks(text, notes := [])
    assert out.startswith('(a) after paragraph (b) by inserting - "\n') and notes


def test_a_token_whose_closing_mark_is_lost_too_is_left_out_when_a_provision_label_follows() -> None:
    text = "Clause 6 is amended by deleting paragraph (b) and inserting\n\ninstead -\n\n33\n\n(b) the sheet is sold; or\n\nBy order of the Council,\n"
    out = read_ocr_quote_marks(text, notes := [])
    assert "33" not in out and "(b) the sheet is sold; or" in out
    assert notes and "closing mark is lost too" in notes[0]


def test_a_token_before_a_heading_over_a_numbered_clause_is_left_out() -> None:
    text = "4. Clause 3 of the principal local laws is repealed and the following\nclause is substituted —\nit\nApplication\n3. These local laws have effect in the district.\nClause 6 amended\n"
    out = read_ocr_quote_marks(text, notes := [])
    assert "\nit\n" not in out and "\nApplication\n3. These" in out and notes


def test_a_figure_that_could_be_a_number_of_the_law_is_left_as_printed() -> None:
    # no dash after an insertion verb before it: "44" is words of the text
    text = "The fee is\n44\ndollars for each (a) grave;\n"
    assert read_ocr_quote_marks(text, notes := []) == text and notes == []
    # after the dash, but what follows is neither closed by a mark nor begins as a provision: left (refused later)
    text = "by inserting the following -\n\n44\n\npersons at most;\n\nDated: 1 May 2000.\n"
    assert read_ocr_quote_marks(text, notes := []) == text and notes == []
    # after the dash, but what follows is another instruction: left
    text = "by inserting the following -\n44\n(b) by deleting paragraph (c).\n"
    assert read_ocr_quote_marks(text, []) == text


def test_words_after_the_connector_that_ends_a_new_paragraph_are_refused_naming_them() -> None:
    with pytest.raises(InstructionNotUnderstood, match="“fixture on land when the ownership of that land” follow"):
        payload_provisions(
            "(c) the sheet forms part of a is transferred to another; or fixture on land when the ownership of that land "
            "(d) the sheet formspart of a land) which is sold.",
            [],
        )


def _ops(text: str) -> list[tuple[str, ...]]:
    from lawhistory.amending.instructions import parse_unit
    from lawhistory.amending.parts import Unit

    return [(str(o.action), o.target, o.new or "") for o in parse_unit(Unit("9", text, None))]


def test_a_definition_inserted_whose_term_alone_is_quoted_is_read_as_a_definition() -> None:
    ((action, target, new),) = _ops(
        "Clause 2 is amended by inserting in the appropriate alphabetical position the following definition — "
        '"shed" does not include a carport;'
    )
    assert (action, target) == ("insert_definition", "2") and new.startswith("**shed** does not include a carport;")


def test_a_quoted_term_then_more_quoted_new_text_is_still_refused() -> None:
    with pytest.raises(InstructionNotUnderstood):
        _ops('Clause 2 is amended by inserting the following — "shed" means a shed; (b) by deleting "x"')


def test_a_substituted_clause_printed_heading_first_is_read_with_its_heading() -> None:
    ((action, target, new),) = _ops(
        "Clause 3 of the principal local laws is repealed and the following clause is substituted — "
        "Application 3. These local laws have effect in the whole of the district."
    )
    assert (action, target) == ("substitute", "3")
    assert new.splitlines()[:2] == ["3. Application", "  These local laws have effect in the whole of the district."]


def test_a_clause_cited_before_a_number_is_no_heading() -> None:
    from lawhistory.amending.parts import _headed_clause

    assert _headed_clause("Subject to clause 3. These local laws apply.") is None


def test_a_quoted_term_opening_new_text_a_token_opens_takes_curly_marks_inside_the_straight_ones() -> None:
    text = '(2) Clause 3 is amended by inserting in the appropriate\nalphabetical position -\n\n44\n\n"grave marker" has the meaning given in clause 20(1);\n\n".\n\n5. Clause 27 amended\n'
    out = read_ocr_quote_marks(text, notes := [])
    assert '\n"“grave marker” has the meaning given in clause 20(1);\n' in out and notes
