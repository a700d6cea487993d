"""grammar/new_heading.lark's ``division_heading``: in a Part's new heading (its label taken off), where the heading
of a Division that opens the Part begins (grammar/parse.py ``division_opening``, asked by read._heading_replaced,
which then substitutes the Part's heading and inserts the Division at the Part's start: tests/test_grammar_review.py
reads the instructions whole). The grammar replaced a regular expression (read._DIVISION_AFTER_PART_HEADING); the two
were compared (``python tools/differential.py division_heading``) on every text of laws/, amendments/ and tests/fixtures/ (each
file's words run together, each paragraph, each line: 19,278 texts) and on 217,298 variants (sentence ends lost,
capitals, lower case, "I." for "1.", windows of 12 and 30 words, and each line's words made a Part's heading followed
by a Division's, after an em dash, an en dash, a spaced hyphen and a hyphen): 14,261 Division headings found, 0
differences in the Part's heading and the Division's read apart."""

from __future__ import annotations

import pytest

from lawhistory.amending.grammar.parse import division_opening


@pytest.mark.parametrize(
    ("heading", "part", "division"),
    [
        (
            "Registration and identification Division 1 — Registration",
            "Registration and identification",
            "Division 1 — Registration",
        ),
        ("REGISTRATION DIVISION 1 – GENERAL", "REGISTRATION", "DIVISION 1 – GENERAL"),
        ("Registration Division 2A—General matters", "Registration", "Division 2A—General matters"),
        ("Registration Division 2 - General", "Registration", "Division 2 - General"),  # a spaced hyphen
        ("Registration Division 2 -General", None, None),  # a hyphen not spaced is no dash
        ("Registration Division 2 — general", None, None),  # the Division's heading begins with a capital
        ("Registration Division 2: General", None, None),
        ("Registration Division 2 — General (cats)", None, None),  # no bracket in it
        ("Registration Division 2 — General. More", None, None),  # it runs to the end
        ("Registration Divisions 2 — General", None, None),
        ("Registration Division2 — General", None, None),
        ("Registration division 2 — General", None, None),  # "Division" or "DIVISION", as printed
        ("Division 1 — General", None, None),  # a Part's heading comes first
        # the first word from which a Division's heading runs to the end
        ("A Division 1 — B Division 2 - C", "A", "Division 1 — B Division 2 - C"),  # a spaced hyphen in a heading
        ("A Division 1 — B Division 2 — C", "A Division 1 — B", "Division 2 — C"),
    ],
)
def test_where_a_division_heading_begins(heading: str, part: str | None, division: str | None) -> None:
    at = division_opening(heading)
    read = (None, None) if at is None else (heading[:at].strip(), heading[at:].strip())
    assert read == (part, division)
