"""grammar/container.lark's ``container_payload``: new text that begins with a Part's or a Division's heading, which
grammar/read.py's _inserts inserts as a Part or a Division (_container_inserted). The grammar replaced a regular
expression (parts._CONTAINER_PAYLOAD); the two were compared (``python tools/differential.py container_payload``) on
every text of laws/, amendments/ and tests/fixtures/ as printed (each file, each paragraph, each line, line breaks
kept: 17,924 texts) and on 1,158,740 variants (the words after each dash or colon and from each word's start, as
they are, after an opening quotation mark, after a line break and spaces, and with their first space a line break;
sentence ends lost, capitals, lower case, "I." for "1."): 1,250 found, 0 differences."""

from __future__ import annotations

import pytest

from lawhistory.amending.grammar.parse import container_payload


@pytest.mark.parametrize(
    "payload",
    [
        "Part 4 — Fees 4.1 Fees may be charged.",
        "“Part 4 — Fees",
        '"PART 4—FEES',
        "Division 2A– Permits 2.1 …",
        "DIVISION 12 —Permits",
        "“  \n Part 4 — Fees",  # spaces and a line break after the opening mark
        "Part 4 — F\n4.1 (a) “x”; —",  # the rest is anything
    ],
)
def test_new_text_beginning_with_a_part_or_division_heading(payload: str) -> None:
    assert container_payload(payload)


@pytest.mark.parametrize(
    "payload",
    [
        "part 4 — Fees",  # "Part", "PART", "Division" or "DIVISION", as printed
        "Parts 4 — Fees",
        "Part  4 — Fees",  # one space between the kind and the number
        "Part\n4 — Fees",
        "Part 4  — Fees",  # at most one on each side of the dash
        "Part 4\n— Fees",
        "Part 4 —\nFees",
        "Part 4 - Fees",  # a hyphen is no dash here
        "Part 4 — fees",  # the heading begins with a capital
        "Part 4 —",
        "Part IV — Fees",
        " “Part 4 — Fees",  # the mark opens the text
        "4.1 Fees may be charged under Part 4 — Fees",
        "Subdivision 1 — Fees",
    ],
)
def test_other_new_text_is_no_part_or_division(payload: str) -> None:
    assert not container_payload(payload)
