"""Three shapes of real drafting on which the engine once exited 0 with wrong law (brief: wronglaw).

The instruments are synthetic reconstructions (tests/fixtures/wronglaw/, its README): each case is run the way
``lawhistory amend`` runs it (``benchmarks.real_cases.run_case``: a fresh repository, the principal law, the instrument)
and the law in force after it compared with expected.txt; the instructions around them are read by ``parse_unit`` as
the other grammar tests read them. Each test fails on the engine before the fix it guards.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from benchmarks.real_cases import run_case
from lawhistory.amending.accounting import split_instructions
from lawhistory.amending.instructions import parse_unit
from lawhistory.amending.parts import Unit, units
from lawhistory.core.errors import LawHistoryError
from lawhistory.deriving.library import read_file
from lawhistory.reading.importers import ImportOptions, read_source
from lawhistory.reading.leaders import without_leaders

CASES = Path(__file__).parent / "fixtures" / "wronglaw"


def ops(
    text: str, context: str | None = None, clause: str = "4", item: bool = False
) -> list[tuple[str, str | None, str | None, str | None]]:
    return [(str(o.action), o.target, o.words, o.new) for o in parse_unit(Unit(clause, text, context, item))]


def units_of(name: str) -> list[Unit]:
    """The instructions of a case's instrument, read as ``amend`` reads them."""
    path = CASES / name / "instrument.txt"
    (law,) = [law for law in read_source(read_file(path), ImportOptions(), str(path)).laws if law.meta.kind != "principal"]
    return units(law)


def exact(name: str) -> None:
    result = run_case(CASES / name)
    assert (result.verdict, result.problems) == ("exact", []), result.message


# --- 1. an item printed after the unquoted new words of the item before it ------------------------------------------


def test_item_in_the_same_table_cell_after_unquoted_new_words_is_its_own_instruction() -> None:
    exact("1-item-in-unquoted-payload-table-cell")


def test_unquoted_new_words_end_where_an_item_after_quoted_words_begins() -> None:
    text = "(a) after “quarry” insert: or gravel pit (b) after “limestone (quarry) site” insert: where blasting is used"
    assert split_instructions(text) == [
        "(a) after “quarry” insert: or gravel pit",
        "(b) after “limestone (quarry) site” insert: where blasting is used",
    ]
    assert split_instructions(text.replace("after “limestone", "before “limestone")) == [
        "(a) after “quarry” insert: or gravel pit",
        "(b) before “limestone (quarry) site” insert: where blasting is used",
    ]


@pytest.mark.parametrize("label", ["(a)", "(i)"])
def test_unquoted_new_words_holding_the_next_items_label_are_refused_naming_it(label: str) -> None:
    after = {"(a)": "(b)", "(i)": "(ii)"}[label]
    text = f"after “open quarry” insert: or gravel pit {after} where blasting is used"
    with pytest.raises(LawHistoryError, match=rf"hold “\({after.strip('()')}\)”.*“\({after.strip('()')}\) where blasting"):
        parse_unit(Unit(f"4{label}", text, "2.1", True))


def test_quoted_new_words_or_another_label_are_still_read() -> None:
    quoted = "after “open quarry” insert “or gravel pit (b) where”"
    assert ops(quoted, "2.1", "4(a)", True) == [("insert_words", "2.1", "open quarry", "or gravel pit (b) where")]
    other = "after “open quarry” insert: or gravel pit (d) where blasting is used"
    assert ops(other, "2.1", "4(a)", True) == [("insert_words", "2.1", "open quarry", "or gravel pit (d) where blasting is used")]


# --- 2. dot leaders before a penalty, and new paragraphs labelled as the instruction's items ---------------------------


def test_dot_leaders_are_no_words_and_new_paragraphs_labelled_as_the_items_are_kept_apart() -> None:
    exact("2-dot-leaders-and-new-paragraph-labelled-as-items")


def test_items_labelled_as_the_new_texts_paragraphs_keep_their_own_labels() -> None:
    got = [(u.clause, u.text[:20]) for u in units_of("2-dot-leaders-and-new-paragraph-labelled-as-items")]
    assert got == [("4(i)", "delete subclause (1)"), ("4(ii)", "in subclause (2) del"), ("5", "Delete clause 3.3 an")]


def test_dot_leaders_in_new_words_and_provisions_are_taken_out() -> None:
    assert ops("delete “$500” and insert: Penalty . . . . $750", "3.3") == [("substitute_words", "3.3", "$500", "Penalty $750")]
    new = ops(
        "delete subclause (1) and insert: (1) A person must not — (a) keep a dog .......... $500 (b) keep a cat … $50", "3.2"
    )
    assert new == [("substitute", "3.2(1)", None, "(1) A person must not —\n  (a) keep a dog $500\n  (b) keep a cat $50")]


def test_a_full_stop_a_form_blank_hyphens_and_quoted_words_the_law_has_are_kept() -> None:
    assert without_leaders("the end. Next a dog-run — here") == "the end. Next a dog-run — here"
    for form in (
        "Name of applicant: ......... Signed: .......... (owner)",
        "Signature ........ Date ........ 20......",
        # (review) a year's blank with a space before its dots, and a word's own full stop before a blank: kept whole
        "Signed this ........ day of ........ 20 ........ by the applicant.",
        "Permit No. ........ 1 (a) Name of applicant",
    ):
        assert without_leaders(form) == form
    assert without_leaders("an offence ........ 10 penalty units.") == "an offence 10 penalty units."
    assert without_leaders("Penalty: ........ $500") == "Penalty: $500"
    quoted = "delete “Penalty . . . . $500” and insert “Penalty . . . . $750”"
    assert ops(quoted, "3.3") == [("substitute_words", "3.3", "Penalty . . . . $500", "Penalty . . . . $750")]


# --- 3. a place printed after the change, or moved after its new words by the copy ----------------------------------


def test_a_place_printed_after_the_change_is_where_it_is_made() -> None:
    exact("3-locator-printed-after-the-change")


def test_a_place_moved_after_unquoted_new_words_is_refused_naming_it() -> None:
    result = run_case(CASES / "3-locator-displaced-after-unquoted-new-words")
    assert (result.verdict, result.problems) == ("refused_true", [])
    assert "“in clause 6.1(c)”" in result.message


@pytest.mark.parametrize(
    "text",
    [
        "Delete “a” and insert “b” in clause 6.1(c).",
        "Delete “a” in clause 6.1(c) and insert “b”.",
        "delete the words “a” and insert the words “b” in clause 6.1(c).",
        "by deleting “a” and inserting “b” in clause 6.1(c).",
    ],
)
def test_a_postposed_place_is_read_under_a_lead_holding_it_or_none(text: str) -> None:
    for context in ("6.1", None):
        assert ops(text, context) == [("substitute_words", "6.1(c)", "a", "b")]
    # (review) under a lead naming another provision, the two places contradict each other: refused, naming both
    with pytest.raises(LawHistoryError, match=re.escape("it is in 5.2 but names “clause 6.1(c)” (6.1(c)), outside it")):
        parse_unit(Unit("4", text, "5.2"))


@pytest.mark.parametrize(
    "text",
    [
        "In clause 5.3(2) delete “vessel” and insert “boat” in clause 5.3(3).",
        "In clause 5.3(2) delete “vessel” in clause 5.3(3) and insert “boat”.",
        "In clause 2.4(b) delete “vessel” and insert “boat” in paragraph (c).",
    ],
)
def test_a_place_after_the_change_outside_the_instructions_own_is_refused(text: str) -> None:
    with pytest.raises(LawHistoryError, match="outside it"):
        parse_unit(Unit("4", text, None))


def test_postposed_places_for_each_word_change() -> None:
    assert ops("After “a” insert “b” in clause 6.1(c).", "6.1") == [("insert_words", "6.1(c)", "a", "b")]
    assert ops("Delete “a” in clause 6.1(c).", None) == [("delete_words", "6.1(c)", "a", None)]
    assert ops("delete “a” and insert “b” in paragraph (c).", "5.2") == [("substitute_words", "5.2(c)", "a", "b")]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("delete “a” and insert: b in clause 6.1(c).", "“in clause 6.1(c)”"),
        ("delete “a” and insert: “b” in clause 6.1(c).", "“in clause 6.1(c)”"),
        ("after “a” insert: hawker in subclause (2)", "“in subclause (2)”"),
        ("delete “a” in clause 6.1(c) and insert “b” in clause 6.1(d).", "two places"),
        ("delete “a” and insert “b” in paragraph (c).", "“paragraph (c)”"),
    ],
)
def test_a_place_that_may_be_new_words_or_is_named_twice_is_refused(text: str, said: str) -> None:
    with pytest.raises(LawHistoryError, match=re.escape(said)):
        parse_unit(Unit("4", text, "5.2" if "paragraph (c)" not in text else None))


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "In Schedule 1 delete “$150” and insert: $300 in the item relating to clause 5.4.",
            "“in the item relating to clause 5.4”",
        ),
        ("Delete “4 hours” and insert: 2 hours in clause 5.3(2) of the local law.", "“in clause 5.3(2) of the local law”"),
        (
            "In clause 1.4 delete “zoned rural” and insert: zoned rural or rural residential in the definition of Rural Lot.",
            "“in the definition of Rural Lot”",
        ),
        ("delete “$150” and insert: $300 in item 3 of Schedule 1.", "“in item 3 of Schedule 1”"),
        ("delete “a” and insert: b in paragraph (c) of subclause (2).", "“in paragraph (c) of subclause (2)”"),
        (
            "delete “a” and insert: b in subclause (2) of the principal local law.",
            "“in subclause (2) of the principal local law”",
        ),
    ],
)
def test_a_place_with_what_it_is_part_of_after_unquoted_new_words_is_refused_naming_it(text: str, said: str) -> None:
    with pytest.raises(LawHistoryError, match=re.escape(said)):
        parse_unit(Unit("4", text, "5.3"))


@pytest.mark.parametrize(
    ("text", "new"),
    [
        ("after “made” insert: in writing", "in writing"),
        ("delete “4 hours” and insert: 2 hours in any one day", "2 hours in any one day"),
        ("delete “a” and insert: b in the opinion of the local government.", "b in the opinion of the local government."),
    ],
)
def test_unquoted_new_words_holding_in_but_no_place_are_the_new_words(text: str, new: str) -> None:
    (op,) = parse_unit(Unit("4", text, "5.3"))
    assert op.new == new


def test_quoted_new_words_ending_in_a_place_are_the_new_words() -> None:
    assert ops("delete “a” and insert “as referred to in clause 6.1(c)”.", "5.2") == [
        ("substitute_words", "5.2", "a", "as referred to in clause 6.1(c)")
    ]


# --- (review) quoted words in new text read as a defined term only before a definition's verb -------------------


@pytest.mark.parametrize("marks", ["‘No Fishing’", "“No Fishing”"])
def test_quoted_words_before_has_effect_keep_their_marks(marks: str) -> None:
    """“… bearing the words — ‘No Fishing’ has effect …” is no definition: its marks are words of the law (before, the
    dash and "has" took them for a term's marks and dropped them)."""
    text = f"delete clause 5.2 and insert: 5.2 Signs on jetty A sign on the jetty bearing the words — {marks} has effect as a prohibition."
    ((_, _, _, new),) = ops(text)
    assert new is not None and f"bearing the words — {marks} has effect" in new


def test_a_term_before_has_the_meaning_is_still_read_as_a_term() -> None:
    text = "in clause 1.4 insert in alphabetical order: ‘front setback’ has the meaning given to it in the Codes;"
    ((_, _, _, new),) = ops(text)
    assert new == "**front setback** has the meaning given to it in the Codes;"


# --- (review) the same change read twice, or words replaced by no words ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("In clause 3.2, in paragraphs (h)(i) and (i) delete “fee” and insert “fee or charge”.", "the same change to"),
        ("In clause 3.3 delete “Signature of applicant.” and insert:", "are empty"),
    ],
)
def test_the_same_change_twice_or_no_new_words_is_refused(text: str, said: str) -> None:
    with pytest.raises(LawHistoryError, match=re.escape(said)):
        parse_unit(Unit("4", text, None))
