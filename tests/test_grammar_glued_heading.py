"""grammar/glued_heading.lark: a frame clause's heading printed glued to its words ("Citation This local law …"), read
off them when the reader found no heading: the longest heading the grammar reads that is followed by a word
beginning with a letter, or by "(1)" and such a word."""

from __future__ import annotations

import pytest

from lawhistory.amending.frame import frame_kind
from lawhistory.amending.grammar.parse import glued_heading


@pytest.mark.parametrize(
    ("text", "heading"),
    [
        ("Citation This local law may be cited as …", "Citation"),
        ("CITATION This local law …", "CITATION"),
        ("citation this local law …", "citation"),
        ("Short title These by-laws may be cited as …", "Short title"),
        ("Title This is …", "Title"),
        ("Commencement This local law comes …", "Commencement"),
        ("Operation This local law …", "Operation"),
        ("Purpose and effect (1) The purpose …", "Purpose and effect"),
        ("Purposes and effect The purposes …", "Purposes and effect"),
        ("Purpose The purpose …", "Purpose"),
        ("Effect The effect …", "Effect"),
        ("Objects The objects …", "Objects"),
        ("Intent The intent …", "Intent"),
        ("Content and intent The intent …", "Content and intent"),
        ("Application This local law applies …", "Application"),
        ("Interpretation In this local law …", "Interpretation"),
        ("Definitions In this local law …", "Definitions"),
        ("Terms used In this local law …", "Terms used"),
        ("Savings The repeal …", "Savings"),
        ("Savings and transitional provisions The repeal …", "Savings and transitional provisions"),
        ("Principal local law In this local law …", "Principal local law"),
        ("Principal by-laws amended These by-laws amend …", "Principal by-laws amended"),
        ("The local laws amended This local law amends …", "The local laws amended"),
        # the heading the words after it allow: "and effect 1." is no heading's end
        ("Purpose and effect 1. The purpose …", "Purpose"),
        # read as "Commencement", "Application" (as the expression replaced read them): their words then are no frame
        # sentence's, and the clause is read as instructions
        ("Commencement and operation This local law …", "Commencement"),
        ("Application of this local law This local law applies …", "Application"),
    ],
)
def test_headings_glued_to_words(text: str, heading: str) -> None:
    assert glued_heading(text) == heading


@pytest.mark.parametrize(
    "text",
    [
        "Citations This local law …",
        "Commencements This local law …",
        "Heading This local law …",
        "Citation: This local law …",
        "Citation “This local law …",
        "Citation (1)This local law …",  # a label glued to its word
        "Citation (a) This local law …",
        "Citation 1. This local law …",
        "Citation",
        "CitationThis local law …",
    ],
)
def test_no_heading_is_read_off(text: str) -> None:
    assert glued_heading(text) is None


def test_a_glued_heading_is_a_frame_clause_s_only_when_its_words_are() -> None:
    assert frame_kind(None, "Citation This is the Shire of Testville Dogs Amendment Local Law 2021.") == "citation"
    assert frame_kind(None, "Commencement (1) This local law comes into operation on 1 July 2021.") == "commencement"
    assert frame_kind(None, "Application The owner of a dog applies to the CEO for a permit.") is None
    assert frame_kind(None, "Commencement and operation This local law comes into operation on 1 July 2021.") is None
    # a heading the reader found is not read again off the words
    assert frame_kind("Citation", "Citation This is the Shire of Testville Dogs Amendment Local Law 2021.") is None
