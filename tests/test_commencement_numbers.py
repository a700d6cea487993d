"""(gram3, issue 20) One reader of number words in core/dates.py: ``spelled_number`` (a count: commencement.lark's
COUNT, and the counts ``commencement_rule`` and ``clause_items`` read) and ``_ordinal_number`` (a day: ORDINAL, and
their "the Nth day after"). Before, ``commencement_rule`` and ``clause_items`` read their counts and ordinals with
dictionaries of their own (``NUMBER_WORDS`` / ``_count``, ``ORDINAL_WORDS`` / ``_ordinal``) that knew fewer words.

Every word both readers knew gives the same value (below, the old dictionaries as they were). Where they disagreed
the old dictionaries did not know a word ("seventeen", "forty", "twenty-two", "fourth", "twenty-fifth"): "the rest of
the local law — on the fourth day after that day" or "— seventeen days after its publication" gave the rule "unknown"
(no day), where the grammar's reader reads 4 and 17 — the grammar's was right, and is the one reader now. (A split
commencement's items were read the same before: an item the dictionaries did not know fell to commencement.lark.) And ``spelled_number`` read "ten
five" as 15 and "ten-one" as 11 (a unit after ten or a teen, no number written so): it now reads neither (the old
dictionaries read neither either), so a sentence saying "ten five days after" is not read.
"""

from __future__ import annotations

import datetime as dt

import pytest

from lawhistory.core.dates import _ordinal_number, clause_items, commencement, commencement_rule, read_day, spelled_number

#: the old dictionaries (core/dates.py before gram3), every word of which the one reader reads the same
OLD_NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "twenty": 20, "twenty-one": 21,
    "twenty-eight": 28, "thirty": 30, "sixty": 60, "ninety": 90,
}  # fmt: skip
OLD_ORDINAL_WORDS = {
    "first": 1, "second": 2, "third": 3, "seventh": 7, "tenth": 10, "fourteenth": 14, "twenty-first": 21,
    "twenty-eighth": 28, "thirtieth": 30,
}  # fmt: skip


@pytest.mark.parametrize(("word", "value"), sorted(OLD_NUMBER_WORDS.items()))
def test_every_count_the_old_dictionary_knew_is_read_the_same(word: str, value: int) -> None:
    assert spelled_number(word) == value
    assert spelled_number(word.upper()) == value


@pytest.mark.parametrize(("word", "value"), sorted(OLD_ORDINAL_WORDS.items()))
def test_every_ordinal_the_old_dictionary_knew_is_read_the_same(word: str, value: int) -> None:
    assert _ordinal_number(word) == value
    assert _ordinal_number(word.capitalize()) == value


@pytest.mark.parametrize(
    ("words", "value"),
    [
        ("14", 14),
        ("0", 0),
        ("twenty-one", 21),
        ("twenty one", 21),
        ("Twenty-Eight", 28),
        ("seventeen", 17),
        ("forty", 40),
        ("twenty-two", 22),
        ("one hundred", 100),
        ("one-hundred", 100),
        ("one hundred and twenty", 120),
        ("one hundred and fifteen", 115),
        ("fourteen (14)", 14),
        ("fourteen (15)", None),  # the figures and the words disagree
        ("a", None),  # "a day": no count
        ("hundred", None),
        ("twenty thirty", None),
        ("fourteen five", None),
        ("ten five", None),  # was 15
        ("ten-one", None),  # was 11
        ("one hundred and ten five", None),  # was 115
        ("fourteenth", None),  # an ordinal, not a count
    ],
)
def test_a_count_in_figures_or_words(words: str, value: int | None) -> None:
    assert spelled_number(words) == value


@pytest.mark.parametrize(
    ("word", "value"),
    [
        ("14th", 14),
        ("1ST", 1),
        ("fourteenth", 14),
        ("fourth", 4),
        ("twenty-first", 21),
        ("twenty first", 21),
        ("twenty-fifth", 25),
        ("thirty-first", 31),
        ("twentieth", 20),
        ("a", None),
        ("fourteen", None),  # a count, not an ordinal
        ("forty-first", None),  # commencement.lark's ORDINAL: twenty- and thirty- only
        ("ten-first", None),
        ("twenty-tenth", None),
    ],
)
def test_an_ordinal_in_figures_or_words(word: str, value: int | None) -> None:
    assert _ordinal_number(word) == value


SPLIT = "This local law comes into operation as follows— {}"


@pytest.mark.parametrize(
    ("when", "days"),
    [
        # the dictionaries knew none of these three; commencement.lark's reading of the item gave the same day
        ("seventeen days after its publication in the Gazette", 17),
        ("twenty-two days after its publication in the Gazette", 22),
        ("on the fourth day after its publication in the Gazette", 4),
        ("fourteen days after its publication in the Gazette", 14),  # read before, the same
        ("on the twenty-first day after its publication in the Gazette", 21),  # read before, the same
    ],
)
def test_a_split_commencements_item_counts_with_the_one_reader(when: str, days: int) -> None:
    wording = SPLIT.format(
        f"(a) clauses 1 and 2 — on the day on which this local law is published in the Gazette; and (b) clauses 3 and 4 — {when}."
    )
    published = dt.date(2014, 5, 16)
    assert clause_items(wording) is not None
    read = commencement(wording, published)
    assert read.rule == "by_clause"
    assert dict(read.clauses) == {
        "1": published,
        "2": published,
        "3": published + dt.timedelta(days=days),
        "4": published + dt.timedelta(days=days),
    }


@pytest.mark.parametrize(
    ("rest", "rule"),
    [
        ("on the fourth day after that day", ("days_after_gazettal", 4, None)),  # "unknown" before (no "fourth")
        ("on the seventh day after that day", ("days_after_gazettal", 7, None)),  # read before, the same
        ("on the day after that day", ("day_after_gazettal", 1, None)),
        ("seventeen days after its publication", ("days_after_gazettal", 17, None)),  # "unknown" before
        ("fourteen days after its publication", ("days_after_gazettal", 14, None)),  # read before, the same
    ],
)
def test_the_rest_of_the_local_law_on_the_nth_day_after(rest: str, rule: tuple[str, int | None, None]) -> None:
    wording = f"(a) clauses 1 and 2 — on the day on which this local law is published; (b) the rest of the local law — {rest}."
    assert commencement_rule(wording) == rule


@pytest.mark.parametrize(
    ("sentence", "after"),
    [
        ("This local law comes into operation fourteen days after its publication in the Gazette.", 14),
        ("This local law comes into operation twenty one days after its publication in the Gazette.", 21),
        ("This local law comes into operation one hundred days after its publication in the Gazette.", 100),
        ("This local law comes into operation on the fourteenth day after its publication in the Gazette.", 14),
        ("This local law comes into operation ten five days after its publication in the Gazette.", None),  # was 15
    ],
)
def test_a_whole_commencement_sentences_count(sentence: str, after: int | None) -> None:
    reading = read_day(sentence)
    assert (None if reading is None else reading.days[0].after) == after
