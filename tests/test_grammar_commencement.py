"""grammar/preliminary.lark's ``commencement``: when the instrument (or some of its clauses) comes into operation. A
commencement's words after "comes into operation" are any but double quotation marks; at most eight words and marks
may stand between the instrument and "comes into operation", so a long sentence holding those words somewhere is no
commencement."""

from __future__ import annotations

import pytest

from lawhistory.amending.frame import frame_kind
from lawhistory.amending.grammar.parse import frame_sentence

COMMENCEMENTS = [
    "These by-laws shall come into operation on the day on which they are published in the Gazette.",
    "These local laws come into operation 14 days after the date of their publication in the Government Gazette.",
    "This local law comes into operation 14 days after its publication in the Government Gazette and expires on 30 June 2022.",
    "This local law comes into operation as follows — (a) clauses 1 and 2 — on the day on which this local law is "
    "published in the Gazette; (b) the rest of the local law — on the day after that day.",
    "This local law comes into operation at the expiry of 14 days from the day on which it is published in the Government Gazette.",
    "This local law commences on the 14th day after the day on which it is published in the Government Gazette.",
    "This local law will come into operation 14 days after publication in the Government Gazette.",
    "This local law takes effect on 1 July 2021.",
    "This local law shall take effect on 1 July 2021.",
    "This amendment local law comes into force on 1 July 2021.",
    "Clause 5 comes into operation on 1 July 2021.",
    "Clauses 3 and 4 come into operation on the day after publication.",
    "Clauses 3, 4 and 5A commence on 1 July 2021.",
    "clause 2.1 takes effect on 1 July 2021.",
    "The rest of this local law comes into operation on the day after that day.",
    "the rest of these by-laws commences on 4 June 2024.",
    "This local law, other than clause 5, comes into operation on 1 July 2021.",
    "This local law (except Part 3) comes into operation on 1 July 2021.",
    "Subject to subclause (2), this local law comes into operation on 1 July 2021.",
    "Subject to clause 3 and the schedule, the rest of this local law commences on 1 July 2021.",
    "This local law comes into operation",
]

NOT_COMMENCEMENTS = [
    "This local law comes into operation on the day “fixed”.",  # a double quotation mark
    "This local law is commencing on 1 July 2021.",
    "This local law comes in to operation on 1 July 2021.",
    "This local law takes place on 1 July 2021.",
    "The commencement of this local law is 1 July 2021.",
    "This law comes into operation on 1 July 2021.",  # not the instrument itself
    "Part 3 comes into operation on 1 July 2021.",
    "Clause five comes into operation on 1 July 2021.",  # no label
    "This local law; other than clause 5, comes into operation on 1 July 2021.",  # a semicolon before the verb
    "This local law and “the rest” comes into operation on 1 July 2021.",
    # more than eight words between the instrument and "comes into operation" (the expression replaced counted 60
    # characters, and read this one)
    "This local law other than clause 5 or 6 or 7 or 8 or 9 or 10 comes into operation on 1 July 2021.",
    "Subject to the Act, the Regulations, this local law comes into operation on 1 July 2021.",  # a comma in it
    "Subject to “x”, this local law comes into operation on 1 July 2021.",
    # more than sixteen words after "Subject to" (more than the 120 characters the expression replaced allowed)
    "Subject to the provisions of the Local Government Act 1995 and the regulations made under it and every other "
    "written law that applies in the district, this local law comes into operation on 1 July.",
    "This local lawyer comes into operation on 1 July 2021.",  # the expression replaced read "This local law" in it
]


@pytest.mark.parametrize("sentence", COMMENCEMENTS)
def test_commencements_are_read(sentence: str) -> None:
    assert frame_sentence("commencement", sentence)
    assert frame_kind("", sentence) == "commencement"


@pytest.mark.parametrize("sentence", NOT_COMMENCEMENTS)
def test_near_misses_are_no_commencement(sentence: str) -> None:
    assert not frame_sentence("commencement", sentence)
    assert frame_kind("", sentence) is None


def test_a_commencement_with_its_subclauses() -> None:
    words = "(1) This local law comes into operation on 1 July 2021. (2) Clause 5 commences on 1 August 2021."
    assert frame_kind("Commencement", words) == "commencement"


def test_a_commencement_beside_an_instruction_is_no_frame_clause() -> None:
    assert frame_kind(None, "Commencement This local law comes into operation on 1 July 2021. Clause 5 is deleted.") is None
