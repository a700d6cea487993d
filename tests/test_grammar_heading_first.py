"""grammar/heading_first.lark: the heading printed before a clause's number in an older instrument's running text
(parts._old_style_clauses). The grammar replaced a regular expression (parts._OLD_AMENDING_HEADING and the finder built
on it); the two were compared on every text of laws/, amendments/ and tests/fixtures/ (each instrument's words after
its enacting words, and each file's words run together: 984 texts) and on 6,470 variants of them (sentence ends lost,
"I." for "1.", verbs capitalised, "CLAUSE", brackets before the words, windows of 30 words): 3,317 headings found, 0
differences in where a heading begins or where its clause's words begin. (Its amending heading is now
core/headings.lark's ``heading_first``, beside the other descriptions of amending headings: see
tests/test_grammar_headings_shared.py.)"""

from __future__ import annotations

import pytest

from lawhistory.amending.grammar.parse import heading_first
from lawhistory.amending.parts import _old_style_clauses
from lawhistory.core.model import Provision as P

ENACTING = "Under the powers conferred by the Local Government Act 1995 the Council resolved to make the following local law."


def _clauses(text: str) -> list[tuple[str | None, str | None, str | None]]:
    body = (P(kind="text", text=ENACTING), P(kind="text", text=text))
    return [(c.num, c.heading, c.text) for c in _old_style_clauses(body)]


@pytest.mark.parametrize(
    "heading",
    [
        "Clause 5 amended",
        "By-law 2 amended",
        "By-laws 3 and 4 repealed",
        "Clauses 3.1 to 3.4 renumbered",
        "Part 2 heading repealed and a new heading substituted",
        "Clause 5 amended and the definition inserted",
        "Clause 2.7A inserted and consequential amendments",
        "Schedule 1 replaced",
        "Regulation 4(2) deleted",
    ],
)
def test_amending_headings_are_read(heading: str) -> None:
    assert heading_first(heading, amending=True)


@pytest.mark.parametrize(
    "heading",
    [
        "CLAUSE 5 amended",  # printed as the instruments print them
        "Clause 5 Amended",
        "Clause5 amended",  # a word stands alone
        "Clause 5 of the principal by-laws amended",  # one provision or two: never any words
        "Clause 5 amended and consequential",
        "Items 5 amended",
        "Clause 5 omitted",
        "Clause 5",
        "",
    ],
)
def test_other_words_are_no_amending_heading(heading: str) -> None:
    assert not heading_first(heading, amending=True)


@pytest.mark.parametrize(
    ("heading", "read"),
    [
        ("Citation", True),
        ("Repeal of by-laws.", True),
        ("Fees (Schedule 2)", True),
        ("citation", False),  # a capital first
        ("Repeal. Of by-laws", False),  # no full stop but at the end
        ("Repeal; of by-laws", False),
    ],
)
def test_any_heading_after_a_sentence(heading: str, read: bool) -> None:
    assert heading_first(heading, amending=False) is read


def test_headings_are_found_after_a_sentence_and_amending_ones_anywhere() -> None:
    text = (
        "Citation 1. These by-laws may be cited as the X By-laws. Commencement 2. They commence on publication. "
        "Gazette 3 May 1990 p. 3023 By-law 2 amended 3. By-law 2 of the principal by-laws is amended."
    )
    assert [(n, h) for n, h, _ in _clauses(text)] == [("1", "Citation"), ("2", "Commencement"), ("3", "By-law 2 amended")]


def test_a_heading_is_not_found_where_none_is() -> None:
    # "Words here" follow no sentence's end and name no amendment: they are words of clause 2
    text = "Citation 1. X By-laws. Commencement 2. They commence p. 30 Words here 3. By-law 2 is amended."
    assert [(n, h) for n, h, _ in _clauses(text)] == [("1", "Citation"), ("2", "Commencement")]


def test_the_first_clause_may_be_numbered_I_and_a_heading_after_a_sentence_is_at_most_81_letters() -> None:
    for length, found in ((81, True), (82, False)):
        text = f"Citation I. X By-laws. {'A' * length} 2. Y. Repeal 3. Z."
        got = [(n, h) for n, h, _ in _clauses(text)]
        assert got == ([("1", "Citation"), ("2", "A" * length), ("3", "Repeal")] if found else [])
