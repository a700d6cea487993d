"""Drafting of case 88 read generally: a clause heading with no words under it, run into the next clause's label; the
instruction "The heading to Part 2 is deleted …" kept whole; commencement words printed above the title."""

from __future__ import annotations

from lawhistory.amending.accounting import split_instructions
from lawhistory.reading.headings import take_heading
from lawhistory.reading.importers import ImportOptions
from lawhistory.reading.importers.build import build_instruments


def test_a_heading_with_no_words_ends_at_the_next_clause_label() -> None:
    s = "2. Commencement 3. The local law amended The amendments in this local law are to the Shire of X Local Law 1998."
    heading, taken, _ = take_heading(s, 2, known=None, mode="instrument")
    assert heading == "Commencement" and s[2 + taken :].lstrip().startswith("3. The local law amended")


def test_a_number_cited_in_a_heading_or_after_a_sentence_does_not_end_it() -> None:
    heading, _, _ = take_heading("5. Amendment of clause 3. The words …", 2, known=None, mode="instrument")
    assert heading != "Amendment of clause"
    heading, _, _ = take_heading(
        "1. This is the X Local Law 1998. Commencement 2. This local law …", 2, known=None, mode="instrument"
    )
    assert heading is None or "1998." in heading  # a sentence before the label is not cut into a heading


def test_the_heading_to_a_part_deleted_is_one_instruction() -> None:
    text = 'The heading to Part 2 is deleted and the following heading is inserted instead - "Part 2 - Dogs".'
    assert split_instructions(text) == [text]


INSTRUMENT = """Local Government Act 1995

This local law comes into operation on 1 February
2001.

Shire of Example Health Amendment Local Law 2000

Made by the Council of the Shire of Example by resolution on 14 December 2000 under the Local Government Act 1995.

1.            Citation

This local law may be cited as the Shire of Example Health Amendment Local Law 2000.

2.             Commencement

3.            The local law amended

The amendments in this local law are to the Shire of Example Health Local Law 1998.

4.            Clause 3 amended

Clause 3 is amended by deleting "sheet" and inserting instead - "product".

Dated: 14 December 2000.
"""


def test_commencement_words_above_the_title_are_read_when_its_commencement_clause_has_none() -> None:
    imported = build_instruments(INSTRUMENT, ImportOptions(), line_mode=True, source_label=False)
    (law,) = imported.laws
    assert law.meta.commencement.wording == "This local law comes into operation on 1 February 2001."
    assert str(law.meta.commencement.date) == "2001-02-01"
    assert any("printed above its title" in n for n in law.meta.notes)
    assert [p.num for p in law.body if p.kind == "clause"] == ["1", "2", "3", "4"]


def test_commencement_words_above_the_title_are_not_read_when_its_clause_has_words() -> None:
    text = INSTRUMENT.replace(
        "2.             Commencement\n", "2.             Commencement\n\nThis local law comes into operation on 3 March 2001.\n"
    )
    (law,) = build_instruments(text, ImportOptions(), line_mode=True, source_label=False).laws
    assert str(law.meta.commencement.date) == "2001-03-03"
