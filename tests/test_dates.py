"""Commencement wording → rule → date, and the refusal of dates the calendar cannot hold."""

from __future__ import annotations

import datetime as dt

import pytest

from lawhistory.core.dates import commencement, iso_date
from lawhistory.core.errors import BadDate, LawHistoryError

GAZETTED = dt.date(2020, 2, 26)


@pytest.mark.parametrize(
    ("wording", "rule", "date"),
    [
        (
            "This local law comes into operation 14 days after the date of its publication in the Government Gazette.",
            "days_after_gazettal",
            dt.date(2020, 3, 11),
        ),
        (
            "This local law comes into operation fourteen days after the date of its publication in the Government Gazette.",
            "days_after_gazettal",
            dt.date(2020, 3, 11),
        ),
        (
            "This local law comes into operation on the day on which it is published in the Government Gazette.",
            "on_gazettal",
            GAZETTED,
        ),
        (
            "This local law comes into operation on the day after the day on which it is published in the Government Gazette.",
            "day_after_gazettal",
            dt.date(2020, 2, 27),
        ),
        ("This local law comes into operation on 1 July 2020.", "fixed_date", dt.date(2020, 7, 1)),
        ("This local law comes into operation on a day fixed by the local government.", "by_notice", None),
        (
            # the 14 days run from 27 February (the day of publication excluded) and expire at the end of 11 March
            "This local law comes into operation at the expiry of 14 days from the day on which it is published in the "
            "Government Gazette.",
            "days_after_gazettal",
            dt.date(2020, 3, 12),
        ),
        (
            "This local law comes into operation 1 month after the date of its publication in the Government Gazette.",
            "months_after_gazettal",
            dt.date(2020, 3, 26),
        ),
        (
            "This local law comes into operation two months after the day on which it is published in the Gazette.",
            "months_after_gazettal",
            dt.date(2020, 4, 26),
        ),
    ],
)
def test_commencement_wording_gives_the_rule_and_the_date(wording: str, rule: str, date: dt.date | None) -> None:
    c = commencement(wording, GAZETTED)
    assert (c.rule, c.date, c.wording) == (rule, date, wording)


def test_without_a_gazette_date_the_rule_is_kept_and_the_date_stays_unknown() -> None:
    c = commencement(
        "This local law comes into operation 14 days after the date of its publication in the Government Gazette.", None
    )
    assert (c.rule, c.days, c.date) == ("days_after_gazettal", 14, None)


@pytest.mark.parametrize("days", ["99999999", "10000000000000000000000"])
def test_a_day_count_past_the_end_of_the_calendar_is_refused_naming_the_words(days: str) -> None:
    wording = f"This local law comes into operation {days} days after the date of its publication in the Government Gazette."
    with pytest.raises(BadDate) as caught:
        commencement(wording, dt.date(2021, 4, 9))
    assert days in str(caught.value)
    assert "commencement clause" in str(caught.value)
    assert isinstance(caught.value, LawHistoryError)


def test_a_users_date_must_be_iso() -> None:
    assert iso_date("2020-03-11") == dt.date(2020, 3, 11)
    with pytest.raises(BadDate, match="--at must be a date like 2020-03-11"):
        iso_date("11/03/2020", "--at")


def test_one_month_after_the_last_day_of_january_is_the_last_day_of_february() -> None:
    wording = "This local law comes into operation one month after the date of its publication in the Government Gazette."
    assert commencement(wording, dt.date(2020, 1, 31)).date == dt.date(2020, 2, 29)
    assert commencement(wording, dt.date(2021, 12, 15)).date == dt.date(2022, 1, 15)
