"""fix11 (issue 20): review 11's wrong laws in new text — a provision's words swallowed a later one, not only the next.

fix10 refused new text where the label straight after a provision's own ("3.5." after 3.4, "(4)" after (3), "(h)"
after (g)) begins inside its words. Review 11 found twelve instruments of neighbouring shapes each applied with exit 0
as ONE provision holding the next: a clause's number printed without its full stop, as the law itself prints it ("3.4
Cat tags / … Penalty: a fine of $100 / 3.5 Cat collars / …"); a label further on than the next ("3.6", "(5)" after (3),
"(j)" after (g)); the next letter that is a numeral ("(h) a park / (i) a beach."); a subparagraph's ("(ii) a loading
area / (iii) a walkway."). Now a label HIGHER than a provision's own in its kind — or than the label of a provision it
stands under — printed inside its words as a provision begins is refused naming the words (structure.lark's
``next_label_inside``, parse.py's ``labels_inside``, parts.py's ``_no_next_label_inside``); a word citing it ("clause
3.5", "subclauses (3) and (4)", "column (3)", "Schedule 1") still keeps it a word.

Fixtures: the payloads inline are review 11's probes' new text as the reader receives it (its lines run together;
synthetic, invented text); tests/fixtures/fix11/ holds probes f13 and f3 whole (its README).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from lawhistory.amending.amend import amend
from lawhistory.amending.grammar import parse as grammar_parse
from lawhistory.amending.parts import InstructionNotUnderstood, payload_provisions
from lawhistory.core.errors import LawHistoryError
from lawhistory.files.repo import Repository

FIX11 = Path(__file__).parent / "fixtures" / "fix11"


def _read(payload: str) -> list[tuple[str | None, str | None, str | None, list[tuple[str | None, str | None]]]]:
    return [(p.num, p.heading, p.text, [(c.num, c.text) for c in p.children]) for p in payload_provisions(payload, [])]


# review 11's probes (group A), the label refused, whose label it comes after, and the words the refusal names
SWALLOWED = [
    (  # f13-undotted-penalty
        "3.4 Cat tags A cat must wear a tag. Penalty: a fine of $100 3.5 Cat collars A cat must wear a collar.",
        "3.5, the label after its own",
        "clause 3.4",
        "Penalty: a fine of $100 3.5 Cat collars",
    ),
    (  # f21-undotted-no-stop
        "3.4 Cat tags A cat must wear a tag 3.5 Cat collars A cat must wear a collar.",
        "3.5, the label after its own",
        "clause 3.4",
        "must wear a tag 3.5 Cat collars",
    ),
    (  # f12-3-4A-inside
        "3.4 Cat tags A cat must wear a tag 3.4A Cat collars A cat must wear a collar.",
        "3.4A, the label after its own",
        "clause 3.4",
        "must wear a tag 3.4A Cat collars",
    ),
    (  # f10-schedule-1-then-clause
        "3.4 Cat tags A cat must wear a tag in the form in Schedule 1 3.5 Cat collars A cat must wear a collar.",
        "3.5, the label after its own",
        "clause 3.4",
        "in Schedule 1 3.5 Cat collars",
    ),
    (  # f1-skip-label-penalty
        "3.4 Cat tags A cat must wear a tag. Penalty: a fine of $100 3.6 Cat collars A cat must wear a collar.",
        "3.6, a label after its own",
        "clause 3.4",
        "a fine of $100 3.6 Cat collars",
    ),
    (  # f1-skip-label-penalty-dotted
        "3.4. Cat tags A cat must wear a tag. Penalty: a fine of $100 3.6. Cat collars A cat must wear a collar.",
        "3.6, a label after its own",
        "clause 3.4",
        "a fine of $100 3.6. Cat collars",
    ),
    (  # f2-skip-sub-thousands
        "(3) A penalty under subclause (2) may not exceed $1 000 (5) The local government may waive a penalty.",
        "(5), a label after its own",
        "subclause (3)",
        "exceed $1 000 (5) The local government",
    ),
    (  # f14-sub-skip-no-number
        "(3) A permit may be cancelled by the local government (5) A permit may not be transferred.",
        "(5), a label after its own",
        "subclause (3)",
        "local government (5) A permit",
    ),
    (  # f20-clause-subs-2-skip
        "3.4. Cat tags (1) A cat must wear a tag (3) The tag must show the number.",
        "(3), a label after its own",
        "subclause (1)",
        "wear a tag (3) The tag",
    ),
    (  # f15-para-skip
        "(g) a cemetery (j) a beach.",
        "(j), a label after its own",
        "paragraph (g)",
        "a cemetery (j) a beach.",
    ),
    (  # f3-roman-h-i: after (h), an "(i)" is the next paragraph or a subparagraph — a provision either way
        "(g) a cemetery; (h) a park (i) a beach.",
        "(i), the label after its own",
        "paragraph (h)",
        "a park (i) a beach.",
    ),
    (  # f18-subpara-ii-iii
        "(f) a shopping centre, other than— (i) a car park; (ii) a loading area (iii) a walkway.",
        "(iii), a label after its own",
        "subparagraph (ii)",
        "a loading area (iii) a walkway.",
    ),
    (  # a paragraph's words holding the subclause after the one it stands under
        "(3) A permit may be granted for— (a) a dog; or (b) a cat (5) The local government may cancel a permit.",
        "(5), a label after its own",
        "subclause (3)",
        "a cat (5) The local government",
    ),
]


@pytest.mark.parametrize(("payload", "label", "own", "words"), SWALLOWED)
def test_a_higher_label_inside_a_new_provisions_words_is_refused_naming_them(
    payload: str, label: str, own: str, words: str
) -> None:
    with pytest.raises(InstructionNotUnderstood) as e:
        payload_provisions(payload, [])
    assert f"the new {own}'s words hold" in str(e.value)
    assert f"{label}, is printed inside them" in str(e.value)
    assert words in str(e.value)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("A cat must wear a tag 3.5 Cat collars A cat must wear a collar.", [("3.5 Cat", "3.5")]),
        ("A cat must wear a tag. Penalty: a fine of $100 3.6. Cat collars", [("3.6. Cat", "3.6")]),
        ("a loading area (iii) a walkway.", [("(iii) a", "(iii)")]),
        ("A cat must wear a tag described in clause 3.5 A cat must wear a collar.", []),  # cited
        ("A cat must wear a tag in the form in Schedule 1 A cat must wear a collar.", []),  # cited
        ("Subject to subclauses (3) and (4) The local government may waive it.", []),  # cited
        ("The fee is the amount in column (3) of the table.", []),  # cited
        ("A penalty may not exceed $12 500 The local government may waive it.", []),  # the thousands of an amount
        ("A cat must not be kept within 3.5 metres of a boundary.", []),  # an undotted number before small letters
        ("A cat must not be kept within 3.5", []),  # an undotted number ending the words
    ],
)
def test_labels_inside_sees_a_label_beginning_a_provision_not_one_cited(text: str, want: list[tuple[str, str]]) -> None:
    assert list(grammar_parse.labels_inside(text)) == [(text.index(words), label) for words, label in want]


@pytest.mark.parametrize(
    ("payload", "want"),
    [
        (  # each line ends as it should: two clauses numbered without a full stop, read as before
            "3.4 Cat tags A cat must wear a tag. 3.5 Cat collars A cat must wear a collar.",
            [("3.4", "Cat tags", "A cat must wear a tag.", []), ("3.5", "Cat collars", "A cat must wear a collar.", [])],
        ),
        (  # a lower label, a citation of a later one, a measure: kept as words
            "3.4 Cat tags A cat must wear a tag within 3.6 metres of clause 3.2 unless clause 3.5 applies.",
            [("3.4", "Cat tags", "A cat must wear a tag within 3.6 metres of clause 3.2 unless clause 3.5 applies.", [])],
        ),
        (  # a date after a clause numbered without points (tests/fixtures/real/instruments/58-…'s clause 5)
            "5. Sterilisation standard A reference to the standard is to the guide published 7 June 2011.",
            [("5", "Sterilisation standard", "A reference to the standard is to the guide published 7 June 2011.", [])],
        ),
        (  # a count ending a sentence, further on than a clause numbered without points (62-toodyay's clause 24C)
            "24C. Fire danger A person must not light a fire when the fire danger index exceeds 35. The local "
            "government may grant a permit.",
            [
                (
                    "24C",
                    "Fire danger",
                    "A person must not light a fire when the fire danger index exceeds 35. The local government may "
                    "grant a permit.",
                    [],
                )
            ],
        ),
        (  # subparagraphs (i), (ii) under a paragraph, each line ending as it should
            "(f) a shopping centre, other than— (i) a car park; (ii) a loading area; or (iii) a walkway.",
            [
                (
                    "(f)",
                    None,
                    "a shopping centre, other than—",
                    [("(i)", "a car park;"), ("(ii)", "a loading area; or"), ("(iii)", "a walkway.")],
                )
            ],
        ),
    ],
)
def test_new_text_whose_lines_end_as_they_should_is_read_as_before(payload: str, want: list[object]) -> None:
    assert _read(payload) == want


@pytest.mark.parametrize(
    ("instrument", "words"),
    [("f13-instrument.txt", r"3\.5, the label after its own"), ("f3-instrument.txt", r"\(i\), the label after its own")],
)
def test_review11_instruments_are_refused_not_applied(instrument: str, words: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        repo = Repository.init(Path(tmp) / "repo")
        text = (FIX11 / "principal.txt").read_text(encoding="utf-8")
        repo.write_text(repo.law_path("testville/animals-local-law-2015"), text)
        with pytest.raises(LawHistoryError, match=words):
            amend(repo, FIX11 / instrument)
