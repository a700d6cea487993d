"""grammar/frame.lark: the words that make a sentence of an instrument's frame clause an instruction ("delete",
"inserting", "substituted" …), read outside quotation marks and inside them, so that no clause is ever left out of
the instructions for a verb being quoted."""

from __future__ import annotations

import logging

import lark
import pytest

from lawhistory.amending.frame import frame_kind
from lawhistory.amending.grammar.parse import FRAME, frame_application, frame_instruction_words, frame_purpose

WORDINGS = [
    ("In clause 4 delete “dog”.", ["delete"]),
    ("Clause 5 is amended by inserting after “cat” —", ["inserting"]),
    ("Omit subclause (2).", ["Omit"]),
    ("Substitute the following clause —", ["Substitute"]),
    ("Clause 3 is replaced by —", ["replaced"]),
    ("Strike out paragraph (b).", ["Strike"]),
    ("Clause 7 is renumbered as clause 8 and redesignated.", ["renumbered", "redesignated"]),
    ("DELETED by resolution", ["DELETED"]),
    ("The words are to be re-inserted.", ["inserted"]),  # a word after a mark begins where a word does
]


@pytest.mark.parametrize(("sentence", "words"), WORDINGS)
def test_each_instruction_word_is_read(sentence: str, words: list[str]) -> None:
    assert list(frame_instruction_words(sentence)) == words


@pytest.mark.parametrize(
    "sentence",
    [
        "This local law may be cited as the Shire of Testville Dogs Amendment Local Law 2021.",
        "This local law comes into operation on the day after publication.",
        "Nothing in this local law affects any undeleted licence.",  # only where a word begins
        "The words x_delete and 2omit stay.",  # inside a word: no word of instruction
    ],
)
def test_sentences_without_an_instruction_word_hold_none(sentence: str) -> None:
    assert frame_instruction_words(sentence) == ()


@pytest.mark.parametrize(
    ("sentence", "words"),
    [
        ("In this local law “delete” means to remove.", ["delete"]),
        ("In this local law ‘omitted land’ means land.", ["omitted"]),
        ('In this local law "substituted clause" means clause 3.', ["substituted"]),
        ("In this local law “the “replaced” words” means x.", ["replaced"]),  # a quotation inside a quotation
        ("This local law applies to “unclosed delete words.", ["delete"]),  # an unclosed mark: words after it are words
    ],
)
def test_a_verb_inside_quotation_marks_is_read_too(sentence: str, words: list[str]) -> None:
    # the safe direction: a quoted verb makes the sentence no frame sentence, so its clause is read as instructions
    assert list(frame_instruction_words(sentence)) == words


def test_a_frame_clause_whose_only_instruction_word_is_quoted_is_not_left_out() -> None:
    # read as instructions (and refused, naming its words, when it is not one), never skipped as a frame clause
    assert frame_kind(None, "In this local law “delete” means to remove.") is None
    assert frame_kind(None, "This local law comes into operation when “clause 4 is deleted”.") is None
    assert frame_kind(None, "In this local law “dog” means a canine.") == "interpretation"


def test_a_purpose_may_describe_the_instructions() -> None:
    assert frame_kind(None, "The purpose of this local law is to delete clause 4 and insert a new clause.") == "purpose"


@pytest.mark.parametrize(
    "sentence",
    [
        "The purpose of this local law is to delete clause 4.",
        "The purposes of these local laws are —",
        "The effect of this amendment local law is that dogs are prohibited.",
        "Its objects of these by-laws will be ‘clean streets’ (a)-(b).",
        "The objectives of this amendment and repeal local law are",
        "The intention of this Part is x.",
        "The aim of this amendment is to tidy the Schedule.",
        "The intent of these bylaws is x.",
    ],
)
def test_each_purpose_wording_is_read(sentence: str) -> None:
    assert frame_purpose(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "The Purpose of this local law is x.",  # capitals as printed
        "the purpose of this local law is x.",
        "The purpose of clause 5 is to protect wildlife.",  # not the instrument itself
        "The purpose of this local lawyer is x.",
        "The purpose of this local law island x.",  # "is" a word of its own
        "The purpose of this local law is to delete “dog”.",  # a double quotation mark: read further, never a purpose
        "The purpose of this local law is “",
        'The purpose of this local law is "x".',
        "The purpose of this local law was x.",
    ],
)
def test_other_sentences_are_no_purpose(sentence: str) -> None:
    assert not frame_purpose(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "This local law applies throughout the district.",
        "These by-laws apply to the townsite of X.",
        "This amendment local law has effect within the Shire.",
        "These regulations have effect in ‘the reserve’ (a)-(b).",
        "This Part applies to",
    ],
)
def test_each_application_wording_is_read(sentence: str) -> None:
    assert frame_application(sentence)
    assert frame_kind(None, sentence) == "application"


@pytest.mark.parametrize(
    "sentence",
    [
        "The owner of a dog applies to the CEO for a permit.",  # not the instrument itself
        "This local law applies into x.",
        "This local law applied to x.",
        "This local law applies to “x”.",  # a double quotation mark: never an application
        "This local lawyer applies to x.",
        "THIS local law applies to x.",
    ],
)
def test_other_sentences_are_no_application(sentence: str) -> None:
    assert not frame_application(sentence)


@pytest.mark.parametrize("start", ["frame_words", "purpose", "application"])
def test_frame_lark_is_lalr_without_a_conflict(start: str, caplog: pytest.LogCaptureFixture) -> None:
    # lark resolves a shift/reduce conflict as a shift, saying so only in its log: there must be none
    with caplog.at_level(logging.DEBUG, logger="lark"):
        lark.Lark(FRAME.read_text(encoding="utf-8"), parser="lalr", lexer="contextual", start=start)
    assert not [r for r in caplog.records if "conflict" in r.getMessage().lower()]
