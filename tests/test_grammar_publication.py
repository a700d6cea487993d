"""grammar/publication.lark: the words of a repeal instruction that speak of a law's publication ("published in the
Government Gazette", "Gazette of"), counted against the titles read and looked for in each title (read.py refuses
when a law was read into another's words, or a title holds its publication's words)."""

from __future__ import annotations

import pytest

from lawhistory.amending.grammar.parse import publications


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("as published in the Government Gazette on 3 May 1990", ["PUBLISHED_IN_GAZETTE"]),
        ("gazetted in the Gazette", ["PUBLISHED_IN_GAZETTE"]),
        ("PUBLISHED IN THE GOVERNMENT GAZETTE", ["PUBLISHED_IN_GAZETTE"]),
        ("published  in\nthe   Gazette", ["PUBLISHED_IN_GAZETTE"]),  # any spacing
        ("published in the Gazette of 1 May; published in the Government Gazette on 2 June", ["PUBLISHED_IN_GAZETTE"] * 2),
        ("published in the special edition", ["PUBLISHED_IN_THE"]),
        ("the Gazette dated 2 May 1990", ["GAZETTE_DATED"]),
        ("in Gazette of 22 May 1990", ["GAZETTE_DATED"]),
        (
            "Health Local Laws, published in the Gazette on 1 May 1990 (Gazette of 2 May)",
            ["PUBLISHED_IN_GAZETTE", "GAZETTE_DATED"],
        ),
    ],
)
def test_publication_words_are_read(text: str, kinds: list[str]) -> None:
    assert [k for k, _ in publications(text)] == kinds


@pytest.mark.parametrize(
    "text",
    [
        "Shire of Testville Health Local Laws 1990",
        "unpublished in the Gazette",  # a phrase begins where a word does
        "published in thereof",
        "the Gazette, on 1 May",
        "Gazetteon 1 May",
        "published on the website",
        "",
    ],
)
def test_other_words_hold_none(text: str) -> None:
    assert publications(text) == ()
