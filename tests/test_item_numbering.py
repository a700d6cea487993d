"""Items under a lead-in, numbered in any style — (a), (i), i., 1., A. — are instructions speaking of the lead-in's place.

Synthetic words (not law). A dotted label ("1.", "A.", "ii.") opens an item only after what ends a lead-in or the item
before it (a dash, a colon, a semicolon, "; and", "is amended") and only when the grammar of openings reads an opening
after it (accounting.DOTTED_START); an instrument's own clause numbers and cited labels ("Schedule A.") never do.
"""

from __future__ import annotations

import pytest

from lawhistory.amending.accounting import DOTTED_START, labelled_starts, split_instructions
from lawhistory.amending.parts import Unit, _collect
from lawhistory.core.model import Provision
from tests.helpers import ops

STYLES = [("(a)", "(b)", "(c)"), ("(i)", "(ii)", "(iii)"), ("i.", "ii.", "iii."), ("1.", "2.", "3."), ("A.", "B.", "C.")]


def _units(text: str) -> list[Unit]:
    out: list[Unit] = []
    _collect(Provision(kind="clause", num="7", text=text), "7", None, out)
    return out


@pytest.mark.parametrize("labels", STYLES, ids=lambda s: s[0])
@pytest.mark.parametrize(
    ("lead", "place"),
    [
        ("In Schedule 3—", "Schedule 3"),
        ("In clause 3.2—", "3.2"),
        ("Clause 21(f) is amended as follows:", "21(f)"),
        ("Clause 30 of the principal local law is amended", "30"),
    ],
)
def test_items_in_every_numbering_style_speak_of_their_lead_ins_place(labels: tuple[str, ...], lead: str, place: str) -> None:
    a, b, c = labels
    text = (
        f"{lead} {a} in subclause (1) delete “may” and insert “must”; {b} in that subclause, after “confined” insert "
        f"“at all times”; and {c} in the Table opposite that text, by deleting the row containing “Fee”."
    )
    units = _units(text)
    assert [u.text for u in units] == [
        "in subclause (1) delete “may” and insert “must”;",
        "in that subclause, after “confined” insert “at all times”; and",
        "in the Table opposite that text, by deleting the row containing “Fee”.",
    ]
    assert [u.context for u in units] == [place] * 3
    assert all(u.required for u in units)


@pytest.mark.parametrize("labels", STYLES, ids=lambda s: s[0])
def test_items_after_a_lead_in_by_verb_are_split_at_each_label(labels: tuple[str, ...]) -> None:
    a, b, _ = labels
    text = f"Clause 5 is amended as follows— {a} by deleting “x”; {b} by inserting after “y” the words “z”."
    assert split_instructions(text) == [
        "Clause 5 is amended as follows—",
        f"{a} by deleting “x”;",
        f"{b} by inserting after “y” the words “z”.",
    ]


@pytest.mark.parametrize(
    "text",
    [
        # an instrument's own clause numbers, its clauses run together: after a full stop or a heading's word
        "This local law is the Shire of X Amendment Local Law 2020. 2. Commencement This local law comes into operation.",
        "This local law is the Shire of X Amendment Local Law 2020. 3. Clause 5 is deleted.",
        "Clause 3 amended 4. Clause 3 is amended by deleting “x”. Clause 4 is deleted.",
        "Principal local law amended 3. This local law amends the Shire of X Local Law 2001.",
        # a cited label ending a sentence
        "In Schedule A. Delete clause 6.",
        "Delete item 2 in Schedule B. In item 3 delete “5”.",
        # a label no opening follows
        "In clause 5— 1. The local government may in subclause (2) delete nothing.",
    ],
)
def test_clause_numbers_and_cited_labels_are_never_items(text: str) -> None:
    assert list(DOTTED_START.finditer(text)) == []
    assert not any(p.startswith(("2.", "3.", "4.", "A.", "B.", "1.")) for p in split_instructions(text))


def test_a_dotted_label_inside_quotation_marks_opens_no_item() -> None:
    text = "In clause 5— (a) delete “x; 2. delete the fee” and insert “y”."
    assert labelled_starts(text) == [text.index("(a)")]
    assert split_instructions(text) == ["In clause 5—", "(a) delete “x; 2. delete the fee” and insert “y”."]


def test_nested_items_numbered_one_inside_lettered_keep_their_lead_ins() -> None:
    text = "In clause 4— (a) in the definition of “premises”— i. delete (b); and ii. delete (d); (b) in subclause (2) delete “x”."
    units = _units(text)
    assert [(u.clause, u.context, u.text) for u in units] == [
        ("7(a)(i)", "4 “premises”", "delete (b); and"),
        ("7(a)(ii)", "4 “premises”", "delete (d);"),
        ("7(b)", "4", "in subclause (2) delete “x”."),
    ]


@pytest.mark.parametrize("words", ["", "the words "])
def test_all_the_words_after_quoted_words_are_read_with_or_without_the_words(words: str) -> None:
    # (the rewording `the_words_added` of a real-modelled case: 79-westonia-two-laws-as-set-out-in-part-omit-substitute)
    text = f"Subclause 36 (1): Omit all the words after {words}“if the person”, substitute “is enrolled.”."
    assert ops(text, "3.8") == [("substitute_words", "36(1) after “if the person”", "", "is enrolled.", "", "once")]
