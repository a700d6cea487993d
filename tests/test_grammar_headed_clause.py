"""grammar/headed_clause.lark: new text that is one clause with its heading printed before its number, outside the
quotation marks that hold the clause (``quoted_clause``) or with no marks at all (``margin_clause``), read by
grammar/parse.py ``headed_clause`` for parts._headed_clause. The grammar replaced two regular expressions
(parts._HEADED_CLAUSE, parts._MARGIN_HEADED_CLAUSE); the two readings were compared
(``python tools/differential.py headed_clause``) on every text of laws/, amendments/ and tests/fixtures/ (each file's
words run together, each paragraph, each line: 19,278 texts) and on 557,996 variants (sentence ends lost, capitals,
lower case, "I." for "1.", windows of 12 and 30 words, and each line's first words made the heading of a clause
quoted and not, its words the clause's, and before "clause 3."): 27,860 clauses found, 0 differences in the heading,
number and words read."""

from __future__ import annotations

import pytest

from lawhistory.amending.grammar.parse import headed_clause

WORDS = "A form is not invalid because it is in English."


@pytest.mark.parametrize(
    ("text", "read"),
    [
        (f"Forms in other languages “7. {WORDS}”.", ("Forms in other languages", "7", WORDS)),
        (f'Forms "12A. {WORDS}"', ("Forms", "12A", WORDS)),
        (f"Forms “7. {WORDS}” ;", ("Forms", "7", WORDS)),
        (f"Application 3. {WORDS}", ("Application", "3", WORDS)),
        ("Application 3. These apply;", ("Application", "3", "These apply;")),
        ("Counterpart 3. These apply.", ("Counterpart", "3", "These apply.")),  # "part" inside a word cites nothing
        ("Ab 3. These apply.", None),  # a heading of 3 characters at least
        ("Abc 3. These apply.", ("Abc", "3", "These apply.")),
        (f"{'A' * 81} 3. These apply.", ("A" * 81, "3", "These apply.")),
        (f"{'A' * 82} 3. These apply.", None),  # at most 81 in the margin
        (f"{'A' * 151} “3. These apply.”", ("A" * 151, "3", "These apply.")),
        (f"{'A' * 152} “3. These apply.”", None),  # at most 151 before the marks
        ("Under clause 3. These apply.", None),  # its last word cites a provision
        ("Under By-law 3. These apply.", None),
        ("Item 3. These apply.", None),
        ("Fees (general) 3. These apply.", None),  # no bracket in a heading
        ("Application 3. these apply.", None),  # the words begin with a capital
        ("Application 3. These apply", None),  # and end in a full stop or semicolon
        ("Application 3. These “apply”.", None),  # and hold no quotation mark
        ("Forms “7. These apply.” More words.", None),
        ("Forms 2 “7. These apply.”", ("Forms 2", "7", "These apply.")),  # a digit in a heading before the marks
        ("Forms 2 3. These apply.", None),  # but not in the margin
    ],
)
def test_a_clause_with_its_heading_before_its_number(text: str, read: tuple[str, str, str] | None) -> None:
    got = headed_clause(text)
    assert (None if got is None else (got[0], got[1], got[2].strip())) == read
