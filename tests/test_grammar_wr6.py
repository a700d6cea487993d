"""Review 6b's wrong refusals (issue 20, wr6): commencement words a careful reader applies, read exactly by the
grammars (core/commencement.lark); their right-refusal neighbours still refused."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from benchmarks.real_cases import run_case
from lawhistory.core.dates import read_day


@pytest.mark.parametrize(
    ("sentence", "day"),
    [
        # review6b c02: seven clear days from publication expire at the end of the seventh day after it: the eighth
        (
            "This local law comes into operation after the expiry of seven clear days from the day on which it is "
            "published in the Government Gazette.",
            "2020-05-02",
        ),
        # review6b c13: the day after 28 clear days: the 29th day after publication
        (
            "This local law comes into operation on the day after the expiry of 28 clear days after the day on which "
            "it is published in the Government Gazette.",
            "2020-05-23",
        ),
        # the same as "seven clear days after", read before (main): the eighth day
        (
            "This local law comes into operation seven clear days after the day on which it is published in the "
            "Government Gazette.",
            "2020-05-02",
        ),
        # review6b c04: an item of "the later of" that is an ordinal day without "on"
        (
            "This local law comes into operation on the later of— (a) 1 May 2020; and (b) the 14th day after the day "
            "on which it is published in the Government Gazette.",
            "2020-05-08",
        ),
        (
            "This local law comes into operation on the later of— (a) 1 June 2020; and (b) the fourteenth day after "
            "the day on which it is published in the Government Gazette.",
            "2020-06-01",
        ),
    ],
)
def test_clear_days_at_an_expiry_and_an_ordinal_item_are_read(sentence: str, day: str) -> None:
    reading = read_day(sentence)
    assert reading is not None
    assert reading.commencement(sentence, dt.date(2020, 4, 24)).date == dt.date.fromisoformat(day)


@pytest.mark.parametrize(
    "sentence",
    [
        # "clear" with no days, and an ordinal item of another event, stay unread
        "This local law comes into operation after the expiry of seven clear weeks from the day on which it is "
        "published in the Government Gazette.",
        "This local law comes into operation on the later of— (a) 1 May 2020; and (b) the 14th day after public "
        "notice of it is given.",
    ],
)
def test_neighbours_of_clear_days_and_ordinal_items_stay_unread(sentence: str) -> None:
    assert read_day(sentence) is None


_CLAUSES = ("1", "2", "3", "4", "5", "6")
_LAW = "(1) This local law comes into operation 14 days after the day on which it is published in the Government Gazette. "


@pytest.mark.parametrize(
    ("second", "published", "first", "clause5"),
    [
        # review6b c10: the law's own day, not before 1 July 2020
        ("(2) However, clause 5 does not come into operation until 1 July 2020.", "2020-04-24", "2020-05-08", "2020-07-01"),
        # published later: clause 5 with the rest
        ("(2) However, clause 5 does not come into operation until 1 July 2020.", "2020-07-20", "2020-08-03", None),
        # review6b c40: a clause's own day, not before 1 June 2020
        (
            "(2) Clause 5 comes into operation 14 days after the day on which this local law is published in the "
            "Government Gazette, but not before 1 June 2020.",
            "2020-04-24",
            "2020-05-08",
            "2020-06-01",
        ),
        (
            "(2) Clause 5 comes into operation 28 days after the day on which this local law is published in the "
            "Government Gazette, but not before 1 June 2020.",
            "2020-05-20",
            "2020-06-03",
            "2020-06-17",
        ),
    ],
)
def test_a_clause_not_before_a_date_takes_the_later_day(second: str, published: str, first: str, clause5: str | None) -> None:
    from lawhistory.core.dates import principal_commencement

    got = principal_commencement(_LAW + second, dt.date.fromisoformat(published), _CLAUSES)
    assert got.rule == "by_clause"
    assert got.date == dt.date.fromisoformat(first)
    assert dict(got.clauses) == ({"5": dt.date.fromisoformat(clause5)} if clause5 else {})


@pytest.mark.parametrize(
    "second",
    [
        # a floor that is not a date, and a clause "not until" another event, stay refused, naming the words
        "(2) Clause 5 comes into operation on 1 June 2020, but not before the day after the day on which it is published.",
        "(2) However, clause 5 does not come into operation until the Dog Amendment Act 2020 comes into operation.",
    ],
)
def test_a_clause_not_before_other_words_is_refused(second: str) -> None:
    from lawhistory.core.dates import principal_commencement
    from lawhistory.core.errors import LawHistoryError

    with pytest.raises(LawHistoryError, match="not"):
        principal_commencement(_LAW + second, dt.date(2020, 4, 24), _CLAUSES)


CASES = Path(__file__).parent / "fixtures" / "wr6"
NAMES = sorted(p.name for p in CASES.iterdir() if (p / "expected.yml").is_file())


@pytest.mark.parametrize("name", NAMES)
def test_review6b_case_reads_or_refuses_as_expected(name: str) -> None:
    result = run_case(CASES / name)
    assert result.problems == [], result.message
