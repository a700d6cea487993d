"""fix10 (issue 20): review 10's wrong laws in new text — a line with no full stop at its end swallowed the next provision.

Review 10 (group A) found twelve instruments whose new text had a line not ending in a full stop before the next clause
or subclause ("3.4. Cat tags / A cat must wear a tag. / Penalty: a fine of $100 / 3.5. Cat collars / …", "(3) … may not
exceed $1 000 / (4) …"), each applied with exit 0 as ONE provision holding the next (3.4's penalty line "Penalty: a fine
of $100 3.5. Cat collars A cat must wear a collar.", 3.5 lost). The instrument's words reach the reader with their lines
run together, so the line that would set the next provision apart is no longer seen: now the label after a clause's or
a subclause's own, printed inside its words as a provision begins, is refused naming the words (structure.lark's
``next_label_inside``), and ``another_clause``'s rule for "the thousands of an amount" ("$1 000. (2)") is taken only
for exactly three digits, so "… clause 3.2 3.5. A cat …", "Part 3 3.5.", "Cat Act 2011 3.5." are another clause.

Fixtures: the payloads inline are review 10's probes' new text as the reader receives it (synthetic, invented text);
tests/fixtures/fix10/ holds probe h14 whole (its README).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from lawhistory.amending.amend import amend
from lawhistory.amending.grammar import parse as grammar_parse
from lawhistory.amending.grammar.parse import another_clause
from lawhistory.amending.parts import InstructionNotUnderstood, payload_provisions
from lawhistory.core.errors import LawHistoryError
from lawhistory.files.repo import Repository

FIX10 = Path(__file__).parent / "fixtures" / "fix10"


def _read(payload: str) -> list[tuple[str | None, str | None, str | None, list[tuple[str | None, str | None]]]]:
    return [(p.num, p.heading, p.text, [(c.num, c.text) for c in p.children]) for p in payload_provisions(payload, [])]


# review 10's probes whose next clause or subclause stood inside the one before, and the words each refusal names
SWALLOWED_NAMED = [
    (  # h14-penalty-no-stop
        "3.4. Cat tags A cat must wear a tag. Penalty: a fine of $100 3.5. Cat collars A cat must wear a collar. "
        "Penalty: a fine of $100",
        "3.5",
        "Penalty: a fine of $100 3.5. Cat collars",
    ),
    (  # h15-penalty-no-stop-sub
        "3.4. Cat tags (1) A cat must wear a tag. Penalty: a fine of $100 (2) The tag must show the number.",
        "(2)",
        "a fine of $100 (2) The tag",
    ),
    (  # h13-sub-amount-no-stop
        "(3) A penalty under subclause (2) may not exceed $1 000 (4) The local government may waive a penalty.",
        "(4)",
        "exceed $1 000 (4) The local government",
    ),
    (  # the same family for a paragraph whose line lost its semicolon
        "(g) a cemetery (h) a park.",
        "(h)",
        "a cemetery (h) a park.",
    ),
    (  # h2k-no-stop-heading-after-number
        "3.4. Cat tags A cat must wear a tag 3.5. Cat collars A cat must wear a collar.",
        "3.5",
        "must wear a tag 3.5. Cat collars",
    ),
    (  # h2g-no-stop-control
        "3.4. A cat must wear a tag 3.5. A cat must wear a collar in a public place.",
        "3.5",
        "must wear a tag 3.5. A cat",
    ),
    (  # h2f-no-headings-control
        "3.4. A cat must wear a tag described in clause 3.2 3.5. A cat must wear a collar in a public place.",
        "3.5",
        "in clause 3.2 3.5. A cat",
    ),
    (  # h2c-control-heading-after-number
        "3.4. Cat tags A cat must wear a tag issued by the local government in accordance with clause 3.2 3.5. Cat "
        "collars A cat must wear a collar in a public place.",
        "3.5",
        "clause 3.2 3.5. Cat collars",
    ),
    (  # h2l-act-year-then-number
        "3.4. Cat tags A cat must wear a tag issued under the Cat Act 2011 3.5. Cat collars A cat must wear a collar.",
        "3.5",
        "Cat Act 2011 3.5. Cat collars",
    ),
]

# the same where the heading is printed above 3.4 (wr8's reading): refused as words not read whole
SWALLOWED_HEADED = [
    # h2b-sentence-end-clause-ref
    "Cat tags 3.4. A cat must wear a tag issued by the local government in accordance with Clause 3.2 3.5. A cat must "
    "wear a collar in a public place.",
    # h2d-part-3-line
    "Cat tags 3.4. A cat must wear a tag issued under Part 3 3.5. A cat must wear a collar in a public place.",
    # h2e-number-then-number-sameline
    "Cat tags 3.4. A cat must wear a tag described in clause 3.2 3.5. A cat must wear a collar in a public place.",
    # h12-act-title-heading
    "Cat tags 3.4. A cat must wear a tag issued by the local government. Cat Act 2011 3.5. A cat must wear a collar in "
    "a public place.",
]


@pytest.mark.parametrize(("payload", "label", "words"), SWALLOWED_NAMED)
def test_the_next_label_inside_a_new_provisions_words_is_refused_naming_them(payload: str, label: str, words: str) -> None:
    with pytest.raises(InstructionNotUnderstood) as e:
        payload_provisions(payload, [])
    assert f"{label}, the label after its own, is printed inside them" in str(e.value)
    assert words in str(e.value)


@pytest.mark.parametrize("payload", SWALLOWED_HEADED)
def test_the_next_clause_after_a_number_ending_the_words_is_not_read_into_the_clause_before(payload: str) -> None:
    with pytest.raises(InstructionNotUnderstood, match="could not be read whole"):
        payload_provisions(payload, [])


def test_another_clause_after_a_number_is_seen_but_not_after_the_thousands_of_an_amount() -> None:
    assert another_clause("A cat must wear a tag described in clause 3.2 3.5. A cat must wear a collar.") is not None
    assert another_clause("A cat must wear a tag issued under Part 3 3.5. A cat must wear a collar.") is not None
    assert another_clause("A tag issued under the Cat Act 2011 3.5. Cat collars A cat must wear a collar.") is not None
    # (r12) "$1 000. (2) …", "$12 500 000." : the thousands, no clause
    assert another_clause("Penalty: $1 000. (2) The local government may waive it.") is None
    assert another_clause("Penalty: $12 500 000. Cat collars must be approved.") is None


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("A cat must be kept as clause 3.5. A cat must wear a tag.", "3.5"),  # a citation ending a sentence
        ("Subject to clauses 3.3 and 3.5. A cat must wear a tag.", "3.5"),
        ("Subject to clauses 3.3, 3.5. A cat must wear a tag.", "3.5"),
        ("Subject to subclauses (3) and (4) The local government may waive it.", "(4)"),
        ("A penalty under subclause (4) A cat must wear a tag.", "(4)"),
        ("A cat must wear a tag 3.5A. A cat must wear a collar.", "3.5"),  # another label, not 3.5
        ("A penalty may not exceed $1 000 (4A) The local government may waive it.", "(4)"),
        ("The fee is the amount in column (3) of the table.", "(3)"),
        ("The fee is the amount given in (3) of the table.", "(3)"),  # a subclause's next label, then small letters
    ],
)
def test_a_label_cited_or_another_label_is_not_the_next_provision(text: str, label: str) -> None:
    assert grammar_parse.next_label_inside(text, label) is None


@pytest.mark.parametrize(
    ("payload", "want"),
    [
        (  # h2j-control-stop: each line ends in a full stop
            "3.4. Cat tags A cat must wear a tag described in clause 3.2. 3.5. Cat collars A cat must wear a collar in a "
            "public place.",
            [
                ("3.4", "Cat tags", "A cat must wear a tag described in clause 3.2.", []),
                ("3.5", "Cat collars", "A cat must wear a collar in a public place.", []),
            ],
        ),
        (  # a citation of the next clause inside the clause before
            "3.4. Cat tags A cat must wear a tag unless clause 3.5 applies. 3.5. Cat collars A cat must wear a collar.",
            [
                ("3.4", "Cat tags", "A cat must wear a tag unless clause 3.5 applies.", []),
                ("3.5", "Cat collars", "A cat must wear a collar.", []),
            ],
        ),
    ],
)
def test_new_text_whose_lines_end_in_a_full_stop_is_read_as_before(payload: str, want: list[object]) -> None:
    assert _read(payload) == want


def test_subclause_citing_the_next_is_read_as_before() -> None:
    got = _read("(1) Subject to subclause (2) A cat must wear a tag. (2) The tag must show the number.")
    assert [c[0] for c in got] == ["(1)", "(2)"]


def test_paragraphs_each_ending_in_a_semicolon_are_read_as_before() -> None:
    assert _read("(g) a cemetery; (h) a park.") == [("(g)", None, "a cemetery;", []), ("(h)", None, "a park.", [])]


def test_h14_the_instrument_is_refused_not_applied() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        repo = Repository.init(Path(tmp) / "repo")
        text = (FIX10 / "principal.txt").read_text(encoding="utf-8")
        repo.write_text(repo.law_path("testville/animals-local-law-2015"), text)
        with pytest.raises(LawHistoryError, match=r"3\.5, the label after its own"):
            amend(repo, FIX10 / "h14-instrument.txt")
