"""grammar/preliminary.lark's ``savings``: what a repeal (or an amendment, or the instrument) leaves unaffected. It
keeps what was done under the law and changes no law's words; instructions.py skips an unread savings sentence."""

from __future__ import annotations

import pytest

from lawhistory.amending.frame import frame_kind
from lawhistory.amending.grammar.parse import frame_sentence

SAVINGS = [
    "The repeal of a local law by subclause (1) does not affect any licence or registration issued or made under that "
    "local law before this local law comes into operation, and any such licence or registration continues until it expires",
    "The repeal of the by-laws referred to in clause 4 does not affect— (a) any penalty incurred; or (b) any permit.",
    "The repeal does not affect any licence issued under it.",
    "The repeals do not affect anything done under the by-laws.",
    "the repeal shall not affect any licence.",
    "Despite the repeal of clause 3 by clause 2 the amendment will not affect any licence.",
    "The amendment of clause 5 by clause 3 does not affect any permit.",
    "Despite the repeal does not affect any licence.",
    "Any repeal by this local law shall not prejudice any proceedings begun before it.",
    "A repeal by clause 3 does not invalidate any notice given.",
    "The repeal of clause 3; and clause 4 is to not affect anything.",  # "The repeal of" in its wider form
    "The repeal of the local law; or the schedule does not affect any licence.",
    "Nothing in this local law affects any licence.",
    "Nothing in these by-laws prejudices any proceedings.",
    "Nothing in this local law shall not affect any licence.",
]

NOT_SAVINGS = [
    "The repeal of the “x” does not affect any licence.",  # a double quotation mark
    "The revocation does not affect any licence.",
    "The repeal does affect any licence.",
    "The repeal doesn't affect any licence.",
    "The repeal does not affected any licence.",
    "The repeal does not affect “x”.",
    "Nothing in this law affects any licence.",  # not the instrument itself
    "Nothing in this local law does affect any licence.",
    "The repeal of " + "the local law and the schedule " * 9 + "does not affect any licence.",  # too far apart
    "The amendment of the local law; or the schedule does not affect any licence.",  # a semicolon in what is amended
    "Despite the repeal, the amendment will not affect any licence.",
]


@pytest.mark.parametrize("sentence", SAVINGS)
def test_savings_are_read(sentence: str) -> None:
    assert frame_sentence("savings", sentence)
    assert frame_kind("", sentence) == "savings"


@pytest.mark.parametrize("sentence", NOT_SAVINGS)
def test_near_misses_are_no_savings(sentence: str) -> None:
    assert not frame_sentence("savings", sentence)
    assert frame_kind("", sentence) is None
