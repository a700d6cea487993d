"""Review 6b's wrong refusals (issue 20, wr6): commencement words a careful reader applies, read exactly by the
grammars (core/commencement.lark); their right-refusal neighbours still refused."""

from __future__ import annotations

import datetime as dt

import pytest

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
