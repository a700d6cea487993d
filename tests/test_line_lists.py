"""Lists printed a line an item after a dash (reading/line_lists.py): kept apart only where the lines show them for
certain, and made lines of the provision the dash ends (case tests/fixtures/real/instruments/22-gingin-…)."""

from __future__ import annotations

import pytest

from lawhistory.amending.instructions import InstructionNotUnderstood, payload_provisions
from lawhistory.reading.line_lists import END, ITEM, mark_line_lists, unmarked

HEAD = "(1A) In this clause, each of these terms has the meaning given in the Act section 4(1) —"


def test_items_a_line_each_after_a_dash_are_marked() -> None:
    text = f"{HEAD}\nlocal planning scheme\nregion planning scheme\n(2) Delete clause 10(2) and insert:"
    marked = mark_line_lists(text)
    assert f"{ITEM}local planning scheme\n{ITEM}region planning scheme{END}\n(2) Delete" in marked
    assert unmarked(marked) == text


@pytest.mark.parametrize(
    "lines",
    [
        # a sentence wrapped over printed lines: a line ends with a word that runs on
        ["the owner of", "the lot"],
        # a long line fills the column: a wrap, not an item
        ["a person holding a licence to occupy the lot under the Act", "the owner"],
        # an item with closing punctuation, or a quotation mark
        ["local planning scheme;", "region planning scheme"],
        ["“local planning scheme”", "region planning scheme"],
    ],
)
def test_lines_that_may_be_one_sentence_are_not_marked(lines: list[str]) -> None:
    text = "\n".join([HEAD, *lines, "(2) Delete clause 10(2)."])
    assert mark_line_lists(text) == text


def test_a_list_is_marked_only_where_a_label_a_clause_or_the_end_follows() -> None:
    text = f"{HEAD}\nlocal planning scheme\nregion planning scheme\nand these words go on."
    assert mark_line_lists(text) == text
    two = f"{HEAD}\nlocal planning scheme\nregion planning scheme\n5. Clause 12 amended"
    assert mark_line_lists(two) != two


def test_one_short_line_after_a_dash_is_no_list() -> None:
    # (issue 20) the short new text of an instruction ending "insert—" is not marked: nothing to keep apart
    for text in (
        f"{HEAD}\nlocal planning scheme\n5. Clause 12 amended",
        "Delete the heading to clause 12F and insert—\nSwimming pool fences\n\n————",
        'In clause 12F(2) delete "pool fence" and insert—\npool barrier\n(2) In clause 12H(2) delete "x" and insert—\ny',
    ):
        assert mark_line_lists(text) == text


def test_a_marked_list_ending_new_text_becomes_lines_of_the_provision_the_dash_ends() -> None:
    payload = " ".join(mark_line_lists(f"{HEAD}\nlocal planning scheme\nregion planning scheme").split())
    (p,) = payload_provisions(payload, [])
    assert p.num == "(1A)" and (p.text or "").endswith("section 4(1) —")
    assert [(c.kind, c.text) for c in p.children] == [("text", "local planning scheme"), ("text", "region planning scheme")]


def test_the_same_list_without_its_lines_is_refused() -> None:
    with pytest.raises(InstructionNotUnderstood, match="run together"):
        payload_provisions(f"{HEAD} local planning scheme region planning scheme", [])


def test_decimal_subsections_under_their_section_are_read_as_its_subclauses() -> None:
    from lawhistory.reading.line_lists import subsections_as_labels

    text = "3. Clause 10 (Election)\n3.1 After paragraph (b), insert …\n3.2 Delete …\n4. Clause 6 (Terms)\n4.1 In clause 6 …"
    changed, done = subsections_as_labels(text)
    assert (
        done
        and changed
        == "3. Clause 10 (Election)\n(1) After paragraph (b), insert …\n(2) Delete …\n4. Clause 6 (Terms)\n(1) In clause 6 …"
    )
    # a decimal number that does not follow its section in order (a law numbered 1.1, 1.2 …) is left as printed
    for other in (
        "Part 1\n1.1 Citation\n1.2 Commencement",
        "3. Clause 10\n3.2 Delete …",
        "3. Clause 10\n4.1 Delete …",
        "4. Clause 4.1 inserted\nAfter clause 3.9 insert:\n4.1 Fees\nThe fees are set out in Schedule 2.",  # new text
    ):
        assert subsections_as_labels(other) == (other, False)


def test_a_new_clause_whose_heading_is_printed_outside_its_quotation_marks() -> None:
    from lawhistory.amending.parts import _headed_clause

    (clause,) = _headed_clause("Information on forms “7. A form is not invalid only because it is translated.”.") or ()
    assert (clause.kind, clause.num, clause.heading, clause.text) == (
        "clause", "7", "Information on forms", "A form is not invalid only because it is translated.",
    )  # fmt: skip
    assert _headed_clause("Forms “7. (1) A form … (2) …”.") is None  # subclauses: read as any new text is
