"""grammar/repeal.lark: the words of an instruction that repeals whole laws — a law named only by the gazette that
published it (its date and first page)."""

from __future__ import annotations

import logging

import lark
import pytest

from lawhistory.amending.grammar.parse import REPEAL, gazette_item
from lawhistory.amending.parts import _repealed_laws


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


def test_repeal_lark_is_lalr_without_a_conflict(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG, logger="lark"):
        lark.Lark(REPEAL.read_text(encoding="utf-8"), parser="lalr", lexer="contextual", start="gazette_item")
    assert not [r for r in caplog.records if "conflict" in r.getMessage().lower()]
