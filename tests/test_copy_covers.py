"""A council's own copy of a law opens with a cover (the title again, "Gazetted …", an adoption and amendment table)
and a contents page before the law's title block: the cover is left out with a note that quotes it; the same words
before a law with no contents page, or in a gazette notice, are kept as free text (with their own note)."""

from __future__ import annotations

from lawhistory.core.model import Law
from lawhistory.reading.importers import ImportOptions, read_source

# Synthetic text (not law), laid out like a council copy: cover, blank line, contents page, then the law.
LAW = """HEALTH ACT 1911
SHIRE OF EXAMPLE
HEALTH LOCAL LAWS 2003
Under the powers conferred by the Health Act 1911 and under all other powers enabling it, the Council of the Shire of Example resolved on 16 October 2003 to make the following local laws.
PART 1—PRELIMINARY
1.1 Citation
These local laws may be cited as the Shire of Example Health Local Laws 2003.
1.2 Interpretation
In these local laws, unless the context otherwise requires—
“Act” means the Health Act 1911;
“sewer” includes sewers and drains of every kind.
PART 2—SANITATION
2.1 Dwelling House
The owner of a dwelling house must provide it with at least one toilet.
2.2 Bathrooms
The owner of a dwelling house must provide a bathroom.
2.3 Laundries
The owner of a dwelling house must provide a laundry.
2.4 Kitchens
The owner of a dwelling house must provide a kitchen.
2.5 Toilets
A toilet must be kept clean.
"""
CONTENTS = """HEALTH ACT 1911
SHIRE OF EXAMPLE
HEALTH LOCAL LAWS 2003
ARRANGEMENT
PART 1—PRELIMINARY
1.1 Citation
1.2 Interpretation
PART 2—SANITATION
2.1 Dwelling House

"""
COVER = "HEALTH ACT 1911\nSHIRE OF EXAMPLE\nHEALTH LOCAL LAWS\nGazetted 3rd February 2004\n\n"


def _law(text: str) -> Law:
    imported = read_source(text.encode(), ImportOptions(source="copy.txt"), "copy.txt")
    (law,) = imported.laws
    return law


def _words(law: Law) -> str:
    return " ".join(p.text or "" for p in law.body if p.kind == "text")


def test_a_council_copys_cover_before_its_contents_page_is_left_out_with_a_note() -> None:
    law = _law(COVER + CONTENTS + LAW)
    assert "Gazetted" not in _words(law)
    assert next(p.text for p in law.body if p.kind == "text") == "HEALTH ACT 1911"  # the law's own title block stays
    (note,) = [n for n in law.meta.notes if "cover" in n]
    assert "(13 words)" in note and "Gazetted 3rd February 2004" in note
    assert [p.num for p in law.body if p.kind == "part"] == ["1", "2"]


def test_the_same_words_before_a_law_without_a_contents_page_are_kept() -> None:
    law = _law(COVER + LAW)
    assert "Gazetted 3rd February 2004" in _words(law)
    assert any("kept as free text" in n for n in law.meta.notes)
    assert not any("cover" in n for n in law.meta.notes)


def test_words_before_a_gazette_notice_with_page_headers_are_kept() -> None:
    header = "3 February 2004 GOVERNMENT GAZETTE, WA 301\n"
    law = _law(header + COVER + CONTENTS + LAW)
    assert "Gazetted 3rd February 2004" in _words(law)
    assert not any("cover" in n for n in law.meta.notes)
