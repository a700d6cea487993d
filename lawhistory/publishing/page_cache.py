"""The law page made once per version: its HTML kept with placeholders where the day goes, filled in per request.

A law page is a function of the build, the law, the version shown and what else decides what the page says on that
day — its status, the instruments not applied that commenced by then (the incomplete banner, issue 21: it changes
inside one version's span), and for ``?known=`` the answer and the version shown — and of the view (redline), not of
the day itself. The day appears only in the date line and the form, the links that carry it (``?at=``, the similar
provisions, the data links) and the status line. So the page is rendered with a placeholder (``Tokens``) for each of
those strings, kept under the key of everything else (``pages.PageFrame.key``), and each request fills in its own
day: two days inside one version's span are one rendering and one cache entry.

The placeholders are letters and digits only (a random word of this process), so escaping, ``quote_plus`` and
``urlencode`` leave them as they are; every page is made this way, cached or not, so the cached page is the page.

The cache (``PageCache``): at most ``LAWHISTORY_PAGE_CACHE_MB`` (default 96) per serving process, counted as the bytes
the pages hold in it (``held``: each piece, their list, the key), each page at most an eighth; segmented
least-recently-used (a page enters on probation, a quarter of the budget, and is kept for long only when asked for
again), so a visitor walking every law and every day churns the probation segment and leaves the pages others read
in place. (At scale 0.1 the median page holds some 250 KB, so the default keeps about 400 pages, 100 of them on
probation; in the load test's random-law-random-day replay the share on probation moved the hit rate by about a
point from a tenth to a half, the budget by 16 points from 48 to 96 MiB: ``benchmarks/page_load.py --replay``.) Only requests with no actor and no cookie are answered from it (nothing on the page then
depends on who asks). Each build's file has a path of its own (``switch.py``) and the key holds the file's identity:
a new build is a new key, and the old build's pages are dropped when its file is closed (``forget``).
"""

from __future__ import annotations

import os
import re
import secrets
import sys
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from markupsafe import escape

ENVIRONMENT = "LAWHISTORY_PAGE_CACHE_MB"
DEFAULT_MB = 96
#: The share of the budget for pages asked for once (the rest is for pages asked for again).
PROBATION = 0.25


_WORD = "lh" + secrets.token_hex(6)


class Tokens:
    """The placeholders of the strings a page takes from its request: a random word of this process, a name, and
    ``z`` (no placeholder is a part of another)."""

    AT = _WORD + "atz"  # the day asked for
    SHOWN = _WORD + "shownz"  # the day whose text is shown (the day asked for, or an earlier one as known then)
    KNOWN = _WORD + "knownz"  # the second date (?known=)
    STATUS = _WORD + "statusz"  # the status line
    KNOWN_LINE = _WORD + "knownlinez"  # what was known then
    PROBLEM = _WORD + "problemz"  # what was wrong with the dates asked for
    TEXT = _WORD + "textz"  # where the law's text goes (``PageText``: put in when the page is cut, never filled in)


_TOKEN = re.compile(_WORD.encode() + rb"[a-y]+z")
_AT = Tokens.AT.encode()
_TEXT = Tokens.TEXT.encode()


class PageText:
    """The law's text on a page, kept out of the template: the template writes ``Tokens.TEXT`` in its place
    (``__html__``: the text is markup, every word escaped by the build) and ``Split`` puts the text's bytes there, cut
    where ``day`` stands for the day asked for (``Tokens.AT``, or the stored pieces' own word for it). Most of a page's
    bytes are its text: this way they are neither joined into the template's output, encoded nor searched again."""

    __slots__ = ("day", "text")

    def __init__(self, text: bytes, day: bytes = _AT) -> None:
        self.text = text
        self.day = day

    def __html__(self) -> str:
        return Tokens.TEXT

    def __bool__(self) -> bool:
        return bool(self.text)


def _joined(first: list[bytes], then: list[bytes]) -> list[bytes]:
    """Two lists of pieces, the last of ``first`` and the first of ``then`` one piece (what stood between them was
    no placeholder)."""
    return [*first[:-1], first[-1] + then[0], *then[1:]]


class Split:
    """A page cut once at the placeholder of the day asked for (``Tokens.AT``: in each link to similar provisions, the
    form and the data links), so that filling it in is one join rather than a pass over the whole page for each
    placeholder; the few pieces that hold another placeholder are filled in on their own."""

    __slots__ = ("others", "pieces", "size")

    def __init__(self, page: bytes, text: PageText | None = None) -> None:
        """``page`` cut at ``Tokens.AT``; with ``text``, its ``Tokens.TEXT`` (written once, if at all) replaced by it."""
        word = _WORD.encode()
        head, found, tail = page.partition(_TEXT) if text is not None else (page, b"", b"")
        if not found or text is None:
            self.pieces = page.split(_AT)
            self.others = tuple(i for i, piece in enumerate(self.pieces) if word in piece)
        else:
            if _TEXT in tail:
                raise ValueError("a page writes its law's text once")
            before, within, after = head.split(_AT), text.text.split(text.day), tail.split(_AT)
            self.pieces = _joined(_joined(before, within), after)
            # the pieces wholly inside the text hold no other placeholder unless the text does
            inside = range(len(before), len(before) + len(within) - 2) if word not in text.text else range(0)
            self.others = tuple(i for i, piece in enumerate(self.pieces) if i not in inside and word in piece)
        # the bytes it holds: each piece's object, the list of them, the tuple of the others and this object
        self.size = (
            sum(map(sys.getsizeof, self.pieces)) + sys.getsizeof(self.pieces) + sys.getsizeof(self.others)
            + sys.getsizeof(self)
        )  # fmt: skip

    def __len__(self) -> int:
        return self.size

    def fill(self, encoded: Mapping[bytes, bytes]) -> bytes:
        pieces = self.pieces
        if self.others:
            pieces = pieces[:]
            for i in self.others:
                pieces[i] = _TOKEN.sub(lambda m: encoded.get(m.group(0), b""), pieces[i])
        return encoded.get(_AT, b"").join(pieces)


def fill(page: bytes | Split, values: Mapping[str, str]) -> bytes:
    """``page`` with each placeholder replaced by its value (``values``: placeholder → text, escaped here), in one
    pass: what a value holds is never read for a placeholder; a placeholder without a value is left out."""
    encoded = {token.encode(): str(escape(value)).encode("utf-8") for token, value in values.items()}
    return (page if isinstance(page, Split) else Split(page)).fill(encoded)


#: What the cache keeps: a page as made, or cut at its placeholders (``Split``).
Page = bytes | Split


def _size() -> int:
    try:
        mb = float(os.environ.get(ENVIRONMENT, DEFAULT_MB))
    except ValueError:
        mb = DEFAULT_MB
    return max(0, int(mb * 1024 * 1024))


#: What one entry of the cache's ordered dictionaries holds beside its key and page (CPython: its slot in the hash
#: table, its link in the order, the tuple of page and cost).
_ENTRY = 200


def _key_size(value: Any) -> int:
    if isinstance(value, tuple):
        return sys.getsizeof(value) + sum(_key_size(v) for v in value)
    return sys.getsizeof(value)


def held(key: tuple[Any, ...], page: Page) -> int:
    """The bytes a page kept under ``key`` holds in the cache: the page (``Split.size``, or the bytes object), its key
    (each part counted, shared or not) and the entry."""
    return (page.size if isinstance(page, Split) else sys.getsizeof(page)) + _key_size(key) + _ENTRY


@dataclass
class PageCache:
    """Pages under their keys, segmented least-recently-used, at most ``max_bytes`` held in all (``held``); of them,
    ``probation_share`` for pages asked for once."""

    max_bytes: int
    probation_share: float = PROBATION
    probation: OrderedDict[tuple[Any, ...], tuple[Page, int]] = field(default_factory=OrderedDict)
    protected: OrderedDict[tuple[Any, ...], tuple[Page, int]] = field(default_factory=OrderedDict)
    probation_size: int = 0
    protected_size: int = 0
    hits: int = 0
    misses: int = 0

    @property
    def size(self) -> int:
        return self.probation_size + self.protected_size

    def __len__(self) -> int:
        return len(self.probation) + len(self.protected)

    def get(self, key: tuple[Any, ...]) -> Page | None:
        found = self.protected.get(key)
        if found is not None:
            self.protected.move_to_end(key)
            self.hits += 1
            return found[0]
        found = self.probation.pop(key, None)
        if found is None:
            self.misses += 1
            return None
        self.hits += 1  # asked for again: kept for long
        self.probation_size -= found[1]
        self.protected[key] = found
        self.protected_size += found[1]
        self._trim()
        return found[0]

    def put(self, key: tuple[Any, ...], page: Page) -> None:
        cost = held(key, page)
        if cost > self.max_bytes // 8 or key in self.protected:
            return
        old = self.probation.pop(key, None)
        if old is not None:
            self.probation_size -= old[1]
        self.probation[key] = (page, cost)
        self.probation_size += cost
        self._trim()

    def _trim(self) -> None:
        """Pages asked for again keep at most their share (the oldest go back on probation); then the oldest pages
        on probation go until the whole is within the budget."""
        limit = self.max_bytes - int(self.max_bytes * self.probation_share)
        while self.protected_size > limit and self.protected:
            key, found = self.protected.popitem(last=False)
            self.protected_size -= found[1]
            self.probation[key] = found
            self.probation_size += found[1]
        while self.size > self.max_bytes and self.probation:
            _, found = self.probation.popitem(last=False)
            self.probation_size -= found[1]

    def forget(self, path: str) -> None:
        """Drop every page of the build whose file is ``path`` (no request reads it any more)."""
        for segment in (self.probation, self.protected):
            for key in [k for k in segment if k[0] == path]:
                _, cost = segment.pop(key)
                if segment is self.probation:
                    self.probation_size -= cost
                else:
                    self.protected_size -= cost


def of(datasette: Any) -> PageCache:
    """The cache of one Datasette (made with it, ``site.make_datasette``, or at its first law page)."""
    cache = getattr(datasette, "lawhistory_pages", None)
    if cache is None:
        cache = datasette.lawhistory_pages = PageCache(_size())
        if hasattr(datasette, "on_close"):
            datasette.on_close(cache.forget)
    return cache


def build_key(db: Any) -> tuple[str, str, tuple[int, int, int, int]] | None:
    """What names the build ``db`` reads: its file's path (a build's own, ``switch.py``) and identity, its name."""
    if db.is_mutable or not db.path:
        return None  # a file that may change under the page: never cached
    identity = getattr(db, "_lawhistory_identity", None)
    if identity is None:
        st = os.stat(db.path)
        identity = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
        db._lawhistory_identity = identity
    return (str(db.path), str(db.name), identity)
