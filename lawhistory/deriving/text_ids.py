"""Which provision spans are compared for similar provisions, and the id of each one's words (``provisions.text_id``).

Made where a law's rows are made (in the build's worker processes, ``rows.law_rows``), so that the index of similar
provisions (``similar``) finds every span holding a text through ``provisions.text_id`` instead of a table linking
every span to its text. Kept apart from ``similar`` (which needs datasketch and rapidfuzz) so that making the rows
imports nothing heavy.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Sequence
from typing import Any

#: Provisions compared: their own words are the unit (a clause's children are provisions of their own).
KINDS = ("clause", "subclause", "paragraph", "subparagraph", "definition", "item", "text")
#: Texts shorter than this many words (or 20 characters) are not compared.
MIN_WORDS = 6
MIN_CHARS = 21
_WORD = re.compile(r"\w+")


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def text_hash(text: str) -> int:
    """A signed 64-bit hash of ``text`` (SQLite's INTEGER): the text's id in ``provision_texts``."""
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest(), "big", signed=True)


#: At least ``MIN_WORDS`` words (as ``words`` finds them), found without listing them all.
_ENOUGH_WORDS = re.compile(rf"\w++(?:\W++\w++){{{MIN_WORDS - 1}}}")


def compared(kind: str | None, text: str | None) -> bool:
    """Whether a provision of ``kind`` with ``text`` as its own words is compared with others."""
    return kind in KINDS and text is not None and len(text) >= MIN_CHARS and _ENOUGH_WORDS.search(text.lower()) is not None


@functools.lru_cache(maxsize=1 << 16)
def text_id(kind: str | None, text: str | None) -> int | None:
    """The id of a provision's words when it is compared (None when not); the same words recur in many laws and
    versions, so a worker remembers the latest ones."""
    return text_hash(text) if text is not None and compared(kind, text) else None


def with_text_ids(spans: Sequence[tuple[Any, ...]], kind: int, text: int) -> list[tuple[Any, ...]]:
    """``spans`` (``provisions`` rows) each with its text id added as its last column (None when it is not compared);
    ``kind`` and ``text`` are the indexes of those columns."""
    return [(*row, text_id(row[kind], row[text])) for row in spans]
