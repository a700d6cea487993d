"""wr7 (issue 20): the readings case 151 and the reviews left — read exactly, or refused naming the words.

1. Case 151's older drafting: "by deleting the passage “hound.” … and substituting the passage “hound; or”" (a passage
   named as the words deleted, which may end inside a word: only where the new words keep that word's letters), "by
   adding a further paragraph to stand as paragraph (e) of subclause (3) as follows", "by repealing subclause (3) and
   re-enacting it with amendments as follows". The case itself is tests/fixtures/real/instruments/151-* (no longer
   KNOWN in tests/test_real_instruments.py).
2. Three terms given the same meanings as in the Act: "“a”, “b” and “c” have the same meanings as they have in the Act".
3. Number words in a provision's name ("clause five", "clause twenty-one"): core/dates.py ``spelled_number``.

Each reading test failed on the engine before the fix (wr7's brief); the refusal tests guard the new readings.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from benchmarks.real_cases import run_case
from lawhistory.amending.apply import ApplyRefused, WordsNotFound, apply_operation
from lawhistory.amending.instructions import parse_unit
from lawhistory.amending.law_known import Unresolved, resolved
from lawhistory.amending.parts import InstructionNotUnderstood, Unit, _numbered_in_words
from lawhistory.core.model import Provision
from lawhistory.files.textformat import render_body
from tests.helpers import body_of, ops

LAW = """7.
  (1) Every dog kept within the district shall be registered.
  (3) This by-law does not apply to—
    (c) a dog which is kept by a person; or
    (d) a greyhound registered with the Western Australian Greyhound Racing Association while in training as a racing greyhound.

15.
  (3) The Council may fix a concessional rate for dogs owned by pensioners.
"""


def _applied(text: str, law: str = LAW) -> tuple[Provision, ...]:
    """The law ``law`` after the one instruction ``text`` (amending clause 9, under no lead-in), each operation resolved
    against the law as the instrument's are when it is applied (law_known.resolved)."""
    body = body_of(law)
    for op in parse_unit(Unit("9", text, None)):
        body = apply_operation(body, resolved(body, op) or op)[0]
    return body


def _line(body: tuple[Provision, ...], words: str) -> str:
    return next(line.strip() for line in render_body(body).splitlines() if words in line)


# --- 1. a passage named as the words deleted --------------------------------------------------------------------

PASSAGE = (
    'By-law 7 of the principal by-laws is amended by deleting the passage "hound." in line five of paragraph (d) of '
    'subclause (3) and substituting the passage "{new}".'
)


def test_a_passage_named_as_the_words_deleted_is_read_with_its_place() -> None:
    assert ops(PASSAGE.format(new="hound; or")) == [("substitute_words", "7(3)(d) passage", "hound.", "hound; or", "", "once")]


def test_a_passage_ending_inside_a_word_is_changed_where_the_new_words_keep_the_word() -> None:
    body = _applied(PASSAGE.format(new="hound; or"))
    assert _line(body, "(d)") == (
        "(d) a greyhound registered with the Western Australian Greyhound Racing Association while in training as a "
        "racing greyhound; or"
    )


def test_a_passage_on_word_boundaries_is_words() -> None:
    text = 'By-law 7 is amended by deleting the passage "racing greyhound." in paragraph (d) of subclause (3) and substituting the passage "racing dog."'
    assert _line(_applied(text), "(d)").endswith("while in training as a racing dog.")


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        # the new words would change the word's letters ("greydog.")
        (PASSAGE.format(new="dog."), "begins or ends inside the word “greyhound.” of 7(3)(d), and the new words “dog.”"),
        # the new words run on into the word's letters ("houndish")
        (PASSAGE.format(new="houndish"), "the new words “houndish” would change that word's letters"),
        # deleting it would leave "grey"
        (
            'By-law 7 is amended by deleting the passage "hound." in paragraph (d) of subclause (3).',
            "deleting it would change that word's letters",
        ),
        # a part of a word only ("Association" → "Assocation"): no word boundary inside the passage
        (
            'By-law 7 is amended by deleting the passage "ociat" in paragraph (d) of subclause (3) and substituting the passage "ocat".',
            "begins or ends inside the word “Association” of 7(3)(d)",
        ),
        # "hound" is printed inside "greyhound" twice and "Greyhound" once: which is meant is uncertain
        (
            'By-law 7 is amended by deleting the passage "hound" in paragraph (d) of subclause (3) and substituting the passage "hound,".',
            "the passage “hound” occurs 3 times in the words of 7(3)(d), inside a word at least once",
        ),
        # every occurrence, one inside a word
        (
            'By-law 7 is amended by deleting the passage "hound." wherever occurring in paragraph (d) of subclause (3) '
            'and substituting the passage "hound; or".',
            "occurs inside a word of 7(3)(d), and the instruction names an occurrence of it",
        ),
    ],
)
def test_a_passage_inside_a_word_is_refused_where_the_word_would_change(text: str, refusal: str) -> None:
    with pytest.raises(Unresolved, match=re.escape(refusal)):
        _applied(text)


def test_words_not_named_a_passage_never_match_inside_a_word() -> None:
    text = 'By-law 7 is amended by deleting the words "hound." in paragraph (d) of subclause (3) and substituting the words "hound; or".'
    with pytest.raises(WordsNotFound, match=re.escape("the words “hound.” do not occur in it")):
        _applied(text)


# --- 1. a further paragraph to stand as paragraph (e) -------------------------------------------------------------

STAND_AS = (
    "By-law 7 of the principal by-laws is amended by adding a further paragraph to stand as paragraph ({label}) of "
    "subclause (3) as follows (e) a dog kept in an approved kennel. ."
)


def test_a_further_paragraph_to_stand_as_one_named_goes_at_the_end_of_its_holder() -> None:
    assert ops(STAND_AS.format(label="e")) == [("insert", "7(3)", "", "(e) a dog kept in an approved kennel.", "end", "once")]
    body = _applied(STAND_AS.format(label="e"))
    assert _line(body, "(e)") == "(e) a dog kept in an approved kennel."


def test_a_further_paragraph_labelled_otherwise_than_named_is_refused() -> None:
    with pytest.raises(
        InstructionNotUnderstood,
        match=r"to stand as “paragraph \(f\) of subclause \(3\)”, but the new text's provisions are labelled \(e\)",
    ):
        ops(STAND_AS.format(label="f"))


# --- 1. repealing a subclause and re-enacting it with amendments ----------------------------------------------------

REENACTED = (
    "By-law 15 of the principal by-laws is amended by repealing subclause (3) and re-enacting it with amendments as "
    "follows (3) The Council may fix concessional rates of registration fee payable (a) by pensioners; and (b) in "
    "respect of a sterilised dog. ."
)


def test_a_subclause_repealed_and_re_enacted_with_amendments_is_replaced_by_the_text_that_follows() -> None:
    got = ops(REENACTED)
    assert [(o[0], o[1]) for o in got] == [("substitute", "15(3)")]
    body = _applied(REENACTED)
    assert _line(body, "(3) The Council") == "(3) The Council may fix concessional rates of registration fee payable"
    assert _line(body, "(b) in respect") == "(b) in respect of a sterilised dog."


def test_re_enacting_without_new_text_is_refused() -> None:
    with pytest.raises(InstructionNotUnderstood, match="re-enacts provisions but carries no new text"):
        ops("By-law 15 is amended by repealing subclause (3) and re-enacting it with amendments as follows.")


# --- 2. three terms given the same meanings -------------------------------------------------------------------------

DEFINED = """3.
  **Act** means the Dog Act 1976;
  **council** means the council of the Shire;
  **dog** means a dog of either sex;
  **zone** means a zone;
"""
SAME = "In clause 3 insert in alphabetical order— {terms} have the same meanings as they have in the Act;"


@pytest.mark.parametrize(
    ("terms", "new"),
    [
        ("“animal”, “cat” and “owner”", "**animal**, **cat** and **owner** have the same meanings as they have in the Act;"),
        ("“animal”, “cat”, and “owner”", "**animal**, **cat**, and **owner** have the same meanings as they have in the Act;"),
        (
            "“animal”, “cat”, “keeper” and “owner”",
            "**animal**, **cat**, **keeper** and **owner** have the same meanings as they have in the Act;",
        ),
    ],
)
def test_three_terms_given_the_same_meanings_are_one_definition(terms: str, new: str) -> None:
    assert ops(SAME.format(terms=terms)) == [("insert_definition", "3", "", new, "alphabetical", "once")]
    body = _applied(SAME.format(terms=terms), DEFINED)
    assert render_body(body).splitlines()[2] == f"  {new}"  # after “Act”, before “council”
    assert body[0].children[1].term == "animal"


@pytest.mark.parametrize(
    ("terms", "defined"),
    [
        ("“dog”, “cat” and “owner”", "dog"),
        ("“animal”, “dog” and “owner”", "dog"),
        ("“animal”, “cat”, and “dog”", "dog"),
        ("“animal”, “zone”, “cat” and “owner”", "zone"),
    ],
)
def test_each_of_three_terms_the_law_already_defines_is_refused(terms: str, defined: str) -> None:
    with pytest.raises(ApplyRefused, match=re.escape(f"it already defines “{defined}”")):
        _applied(SAME.format(terms=terms), DEFINED)


# --- 3. number words in a provision's name: spelled_number ----------------------------------------------------------

#: parts.py's dictionary before wr7 (``_NUMBER_WORDS``): each word after a kind, read the same by ``spelled_number``
OLD_NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
    "eighteen": 18, "nineteen": 19, "twenty": 20,
}  # fmt: skip


@pytest.mark.parametrize(("word", "value"), sorted(OLD_NUMBER_WORDS.items()))
@pytest.mark.parametrize("kind", ["By-law", "by-laws", "Clause", "section", "Regulation"])
def test_every_number_word_the_old_dictionary_knew_names_the_same_provision(kind: str, word: str, value: int) -> None:
    assert _numbered_in_words(f"{kind} {word} of the principal by-laws is amended—") == (
        f"{kind} {value} of the principal by-laws is amended—"
    )
    assert _numbered_in_words(f"{kind} {word.capitalize()} is repealed.") == f"{kind} {value} is repealed."


@pytest.mark.parametrize(
    ("words", "read"),
    [
        # (wr7) a number the old dictionary did not know: hyphened or spaced, or past twenty
        ("By-law twenty-one of the principal by-laws is amended—", "By-law 21 of the principal by-laws is amended—"),
        ("Clause twenty one is repealed.", "Clause 21 is repealed."),
        ("In clause thirty-four delete “dog”.", "In clause 34 delete “dog”."),
        ("Clause one hundred and two is repealed.", "Clause 102 is repealed."),
        # each provision named in turn
        ("By-law seven and by-law twenty-eight are repealed.", "By-law 7 and by-law 28 are repealed."),
        # as before: the most words that are a number; a word that runs on after a hyphen is no number
        ("In clause ten five dogs …", "In clause 10 five dogs …"),
        ("a clause five-year plan", "a clause five-year plan"),
        ("Clause twenty-first is repealed.", "Clause twenty-first is repealed."),
        # quoted words and new text keep their words
        (
            "In by-law two delete “section twenty-one” and insert “section 5”.",
            "In by-law 2 delete “section twenty-one” and insert “section 5”.",
        ),
    ],
)
def test_a_provision_named_by_number_words_is_read_by_spelled_number(words: str, read: str) -> None:
    assert _numbered_in_words(words) == read


def test_by_laws_twenty_one_and_twenty_two_named_in_words_are_amended() -> None:
    result = run_case(Path(__file__).parent / "fixtures" / "wr7" / "by-law-twenty-one")
    assert (result.verdict, result.problems) == ("exact", []), result.message
