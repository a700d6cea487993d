"""grammar/repeal.lark: the words of an instruction that repeals whole laws — the words that open a list of the laws
repealed, and a law named only by the gazette that published it (its date and first page)."""

from __future__ import annotations

import logging

import lark
import pytest

from lawhistory.amending.grammar.parse import (
    REPEAL,
    barred_repeal,
    gazette_item,
    repeal_item,
    repeal_lead,
    repeal_table,
    repealed_one,
    titled_repeal,
)
from lawhistory.amending.parts import _repealed_laws, repeal_frame


@pytest.mark.parametrize(
    ("item", "read"),
    [
        ("9 April 1958 p. 727;", ("9 April 1958", "727")),
        ("10 February 1960 p. 235‑6;", ("10 February 1960", "235")),  # a page range: the page it begins on
        ("28 June 1976, at pp. 3013-3015; and", ("28 June 1976", "3013")),
        ("28 June 1976 p.3013.", ("28 June 1976", "3013")),
        ("28 June 1976 p. 3013 and", ("28 June 1976", "3013")),
    ],
)
def test_an_item_naming_a_law_by_its_gazette(item: str, read: tuple[str, str]) -> None:
    assert gazette_item(item) == read


@pytest.mark.parametrize(
    "item",
    [
        "the by-laws about fish.",
        "123 April 1958 p. 727;",  # no such day
        "9 april 1958 p. 727;",  # a month is printed with its capital
        "9 April 58 p. 727;",
        "9 April 1958 P. 727;",
        "9 April 1958 p. 123456;",
        "9 April 1958 p. 727; or",
        "9 April 1958 p. 727 and 728",
    ],
)
def test_anything_else_is_not_such_an_item(item: str) -> None:
    assert gazette_item(item) is None


def test_one_item_that_is_not_a_gazette_leaves_no_law_guessed() -> None:
    text = (
        "the by-laws published in the Gazette on the following dates, at the specified pages, are repealed — "
        "(a) 9 April 1958 p. 727; (b) 28 June 1976, at pp. 3013-3015."
    )
    assert [d for _, d in _repealed_laws(text)] == ["1958-04-09", "1976-06-28"]
    assert _repealed_laws(text.replace("28 June 1976", "28 Juno 1976")) == []  # a month no date has


@pytest.mark.parametrize(
    ("text", "lead"),
    [
        ("The following local laws are repealed— (a) X", "The following local laws are repealed— "),
        (
            "The following local laws (and all subsequent amendments) are repealed: (a) X",
            "The following local laws (and all subsequent amendments) are repealed: ",
        ),
        (
            "2. The following by-laws of the Shire of X are hereby repealed; 1. X",
            "The following by-laws of the Shire of X are hereby repealed; ",
        ),
        ("The following local law is repealed - (a) X", "The following local law is repealed - "),
        # the first "repealed" a mark follows, and no em dash, colon or semicolon before it
        (
            "The following by-laws, which are repealed by it, are repealed— (a) X",
            "The following by-laws, which are repealed by it, are repealed— ",
        ),
        ("The following local laws – as amended – are repealed— (a) X", "The following local laws – as amended – are repealed— "),
    ],
)
def test_the_words_that_open_a_list_of_laws_repealed(text: str, lead: str) -> None:
    found = repeal_lead(text)
    assert found is not None and text[found[0] : found[1]] == lead


@pytest.mark.parametrize(
    "text",
    [
        "The following local laws are repealed.",  # no mark opens a list
        "The following local laws are repealed – (a) X",  # an en dash opens none
        "The following local laws: (a) X are repealed— (b) Y",  # a colon before "repealed"
        "The following laws are repealed— (a) X",  # no kind of law
        "The following local laws were repealed— (a) X",
        "Clause 5 is repealed— (a) X",
    ],
)
def test_other_words_open_no_list(text: str) -> None:
    assert repeal_lead(text) is None


def test_the_laws_named_by_their_gazettes_open_with_their_own_words() -> None:
    text = "the by-laws published in the Government Gazette on the following dates at the specified pages are hereby repealed: (a) 9 April 1958 p. 727."
    found = repeal_lead(text, "repeal_by_gazette")
    assert (
        found is not None
        and text[found[0] : found[1]].startswith("by-laws published")
        and text[found[1] :] == "(a) 9 April 1958 p. 727."
    )
    assert repeal_lead(text) is None  # not "The following …"
    assert repeal_frame(text) == (text[: found[1]].strip().rstrip(":"), "(a) 9 April 1958 p. 727.")


def test_a_list_of_laws_repealed_is_read_after_its_lead() -> None:
    text = (
        "The following local laws are repealed— (a) the Shire of X Dogs Local Law 2001 as published in the Government "
        "Gazette on 3 May 2001; and (b) the Shire of X Cats Local Law 2002."
    )
    assert _repealed_laws(text) == [("Shire of X Dogs Local Law 2001", "2001-05-03"), ("Shire of X Cats Local Law 2002", None)]
    assert repeal_frame(text)[0] == "The following local laws are repealed"


BARRED = "| Title | Published in the Government Gazette | |---|---| | Shire of X Dogs Local Law 2001 | 3 May 2001 |"


@pytest.mark.parametrize(
    "words",
    [
        f"The by-laws and the local law specified in the Table to this clause are repealed. Table {BARRED}",
        f"The local laws listed in the Schedule are hereby repealed. Schedule—Local laws repealed {BARRED}",
        f"THE LOCAL LAW SET OUT IN THE SCHEDULE TO THIS LOCAL LAW IS REPEALED SCHEDULE {BARRED}",
    ],
)
def test_laws_repealed_named_by_the_rows_of_a_table(words: str) -> None:
    assert barred_repeal(words) == BARRED
    assert _repealed_laws(words) == [("Shire of X Dogs Local Law 2001", "2001-05-03")]


@pytest.mark.parametrize(
    "words",
    [
        "The local laws specified in the Schedule are repealed.",  # no table
        f"The local laws named in the Schedule are repealed. Schedule {BARRED}",
        f"The laws specified in the Table to this clause are repealed. Table {BARRED}",
        f"The local laws specified in the Table to this clause are repealed. Table {BARRED} and more words",
        f"The local laws specified in the Table to this clause are repealed. Tables {BARRED}",
    ],
)
def test_other_words_name_no_table_of_laws(words: str) -> None:
    assert barred_repeal(words) is None


@pytest.mark.parametrize(
    ("sentence", "law"),
    [
        ("The Shire of X Local Law 2001 is repealed.", "The Shire of X Local Law 2001"),
        ("The X By-laws are hereby repealed", "The X By-laws"),
        ("The X Local Law (which is repealed by Y) is repealed.", "The X Local Law (which is repealed by Y)"),
        ("Particular Places Local Law is repealed.", "Particular Places Local Law"),  # "Part" the start of a word
        ("Clause 5 is repealed.", None),  # a provision, not a law
        ("The definition of “x” is repealed.", None),
        ("the Schedule is repealed.", None),
        ("The X Local Law is repealed by clause 3.", None),  # the sentence does not end so
        ("The X Local Law\nY is repealed.", None),  # over two lines
    ],
)
def test_one_law_repealed_by_a_sentence_of_its_own(sentence: str, law: str | None) -> None:
    assert repealed_one(sentence) == law


@pytest.mark.parametrize(
    ("words", "table"),
    [
        ("The local laws specified in the Table to this clause are repealed. Table Shire of X …", "Table Shire of X …"),
        ("The local laws are hereby repealed Schedule—Local laws | Item | Title |", "Schedule—Local laws | Item | Title |"),
        ("The X (which is repealed by Y) is repealed. Table | a |", "Table | a |"),  # the first a table follows
        ("The local laws specified in the Schedule are repealed. Schedule 1 x", None),  # no bar after "Schedule"
        ("The local laws specified in the Table are repealed.Table x", None),  # no space before the table
        ("The local laws specified in the Table are repealed: Table x", None),
        ("The following by-lawsis repealed. Table x", None),  # "is" the end of another word
    ],
)
def test_where_the_table_of_laws_repealed_begins(words: str, table: str | None) -> None:
    at = repeal_table(words)
    assert (words[at:] if at is not None else None) == table


def test_is_and_are_are_words_of_their_own() -> None:
    assert repeal_lead("The following by-lawsis repealed— (a) X") is None
    assert repeal_lead("The following by-laws is repealed— (a) X") is not None


TITLES = "Shire of X Dogs Local Law 2001 Town of Y Cats By-laws 1990"


def test_laws_repealed_named_a_title_a_line_under_table() -> None:
    words = f"The local laws and by-laws specified in the Table to this clause are hereby repealed. Table {TITLES}"
    assert titled_repeal(words) == TITLES
    assert _repealed_laws(words) == [("Shire of X Dogs Local Law 2001", None), ("Town of Y Cats By-laws 1990", None)]


@pytest.mark.parametrize(
    "words",
    [
        f"The local law specified in the Table to this clause is repealed. Table {TITLES}",  # a list: laws, are
        f"The local laws specified in the Schedule are repealed. Table {TITLES}",
        f"The local laws specified in the Table to this clause are repealed. Tables {TITLES}",
        f"The local laws specified in the Table to this clause are repealed. Table {TITLES}\nmore",
    ],
)
def test_other_words_name_no_titles_under_table(words: str) -> None:
    assert titled_repeal(words) is None


@pytest.mark.parametrize(
    ("item", "read"),
    [
        (
            "the Shire of X Dogs Local Law 2001 as published in the Government Gazette on 3 May 2001; and amended on 4 June 2002.",
            ("Shire of X Dogs Local Law 2001", "3 May 2001"),
        ),
        ("X By-laws, gazetted in the Gazette No. 12 of 3rd May, 1990", ("X By-laws", "3rd May, 1990")),
        (
            "Shire of X Cats Local Law 2002 published in the Gazette dated 1 July 2002.",
            ("Shire of X Cats Local Law 2002", "1 July 2002"),
        ),
        ("Shire of X Cats Local Law 2002.", ("Shire of X Cats Local Law 2002", None)),
        ("Shire of X Cats Local Law 2002; and", ("Shire of X Cats Local Law 2002", None)),
        # the first publication ends the title; words that are not one stay in it
        (
            "X Local Law (published in the Gazette) published in the Gazette on 3 May 2001",
            ("X Local Law (published in the Gazette)", "3 May 2001"),
        ),
        ("X Local Law published in the Gazette on 123 May 2001", ("X Local Law published in the Gazette on 123 May 2001", None)),
    ],
)
def test_one_law_repealed_its_title_and_its_publication(item: str, read: tuple[str, str | None]) -> None:
    found = repeal_item(item)
    assert found is not None and (" ".join(found[0].split()).rstrip(",;. "), found[1]) == read


def test_an_item_over_two_lines_is_not_read() -> None:
    assert repeal_item("X Local Law\npublished in the Gazette on 3 May 2001") is None
    assert repeal_item("") is None


@pytest.mark.parametrize(
    ("start", "parser"),
    [
        ("gazette_item", "lalr"),
        ("barred_repeal", "lalr"),
        ("publication", "lalr"),
        ("item_closing", "lalr"),
        ("repeal_lead", "earley"),
    ],
)
def test_repeal_lark_is_built_and_its_lalr_rules_have_no_conflict(
    start: str, parser: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.DEBUG, logger="lark"):
        lark.Lark(
            REPEAL.read_text(encoding="utf-8"), parser=parser, lexer="contextual" if parser == "lalr" else "basic", start=start
        )
    assert not [r for r in caplog.records if "conflict" in r.getMessage().lower()]
