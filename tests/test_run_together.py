"""Drafting of case 82 read generally: a clause label glued to the citation before it, a term whose closing mark is lost
at the end of its line, a dash glued to the new text's label, item (a) of the commencement printed above the title,
"after each of paragraphs (a) and (b)" as an instruction of its own, and provisions replaced by more new ones."""

from __future__ import annotations

from lawhistory.amending.accounting import split_instructions
from lawhistory.amending.instructions import parse_unit
from lawhistory.amending.parts import Unit
from lawhistory.reading.importers import ImportOptions
from lawhistory.reading.importers.build import build_instruments
from lawhistory.reading.run_together import close_unclosed_terms, space_glued_dashes, split_glued_labels


def test_a_clause_label_glued_to_the_citation_before_it_starts_a_clause_with_a_note() -> None:
    notes: list[str] = []
    out = split_glued_labels("This local law is the Shire of X Amendment\nLocal Law 2007.2. Commencement\n", notes)
    assert out == "This local law is the Shire of X Amendment\nLocal Law 2007.\n2. Commencement\n"
    assert notes and "clause 2" in notes[0]


def test_a_decimal_number_in_the_law_is_not_cut() -> None:
    text = "a fee of 2007.25 dollars; clause 3.2. The words\n"
    assert split_glued_labels(text, notes := []) == text and notes == []


def test_a_term_whose_closing_mark_is_lost_at_the_line_end_is_closed_there() -> None:
    notes: list[str] = []
    out = close_unclosed_terms('(1) Clause 3 is amended in the definition of "burial records\nas follows:\n', notes)
    assert out.startswith('(1) Clause 3 is amended in the definition of "burial records"\n') and notes


def test_a_term_broken_over_two_lines_is_left_as_printed() -> None:
    text = '(1) Clause 3 is amended in the definition of "burial\nrecords" as follows:\n'
    assert close_unclosed_terms(text, notes := []) == text and notes == []


def test_a_dash_glued_to_the_label_after_it_is_spaced() -> None:
    out = space_glued_dashes("the following subclauses are inserted instead -(2) If the holder", notes := [])
    assert out == "the following subclauses are inserted instead - (2) If the holder" and notes
    assert space_glued_dashes("a fee of $5 -(2) If", []) == "a fee of $5 -(2) If"


def test_after_each_of_paragraphs_begins_an_instruction_of_its_own() -> None:
    text = "(a) after paragraph (b) by inserting - “(ba) a record;”; (b) after each of paragraphs (a) and (b) by inserting - “ and ”."
    assert len(split_instructions(text)) == 2


def test_two_provisions_replaced_by_three_are_two_replaced_and_one_inserted() -> None:
    ops = parse_unit(
        Unit(
            "5",
            "Clause 27(2) and (3) are repealed and the following subclauses are inserted instead - (2) If the holder has "
            "died, the Board may approve. (3) If the holder is living, the Board may approve. (4) An approval lapses.",
            None,
        )
    )
    assert [(o.action, o.target, o.position) for o in ops] == [
        ("substitute", "27(2)", None),
        ("substitute", "27(3)", None),
        ("insert", "27(3)", "after"),
    ]
    assert (ops[2].new or "").startswith("(4) An approval lapses.")


INSTRUMENT = """Local Government Act 1995

(a) clauses 1 and 2 — on the day on which this local law is published in the Gazette;

Shire of Example Cemeteries Amendment
Local Law 2007

Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the Council of the Shire of Example resolved on 17 July 2007 to make the following local law.

1. Citation

This local law is the Shire of Example Cemeteries
Amendment Local Law 2007.2. Commencement

This local law comes into operation as follows:

(b) the rest of the local law - on the day after that day. 3. Clause 3 amended

In clause 3 delete "grave" and insert "plot".

Dated: 17 July 2007.
"""


def test_the_commencement_item_printed_above_the_title_is_its_first_item() -> None:
    (law,) = build_instruments(INSTRUMENT, ImportOptions(), line_mode=True, source_label=False).laws
    assert law.meta.title == "Shire of Example Cemeteries Amendment Local Law 2007"
    assert law.meta.commencement.wording == (
        "This local law comes into operation as follows: (a) clauses 1 and 2 — on the day on which this local law is "
        "published in the Gazette; (b) the rest of the local law - on the day after that day."
    )
    assert any("item (a)" in n for n in law.meta.notes)
