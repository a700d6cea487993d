"""Quotation marks as WA instruments print them, read into one form.

Instruments quote words with curly double marks (“…”), straight double marks ("…"), curly single marks
(‘…’), straight single marks ('…'), or a mix of them. The reader works on one form, “…”: this module turns
every quoting pair into it, leaving apostrophes (``council’s``, ``pruning's``) alone. A quote that is opened
and never closed (or closed and never opened) makes the quoted words uncertain: ``UnbalancedQuote`` names it.
"""

from __future__ import annotations

import re

from .errors import LawHistoryError

OPEN, CLOSE = "“", "”"
_MARKS = re.compile("[“”\"‘’']")


class UnbalancedQuote(LawHistoryError):
    """A quotation mark without its partner: where the quoted words begin or end is uncertain."""


def _is_word(ch: str) -> bool:
    return ch.isalnum()


def normalise_quotes(text: str) -> str:
    """``text`` with every pair of quotation marks written “…” (apostrophes kept); UnbalancedQuote if one is missing.

    The result has the same length as ``text``: positions in one are positions in the other.
    """
    out = list(text)
    stack: list[tuple[str, int]] = []  # (the closing mark expected, where it opened)
    n = len(text)
    for found in _MARKS.finditer(text):
        i, ch = found.start(), found.group(0)
        prev = text[i - 1] if i else " "
        nxt = text[i + 1] if i + 1 < n else " "
        top = stack[-1][0] if stack else None
        if ch == "“":
            stack.append(("”", i))
        elif ch == "”":
            if top != "”":
                raise UnbalancedQuote(_where("a closing ” has no opening “", text, i))
            stack.pop()
        elif ch == '"':
            # Straight marks do not say which way they face; the spaces around them do. Older instruments quote new
            # words with spaces inside the marks (" , or any period of a day, ") and quote words inside those with
            # marks that hug them ("extreme"): a mark with a space only after it opens, one with a space only before
            # it closes; others close an open straight quote, or open one.
            before_gap = not prev.strip() or prev in "([—–-“"
            after_gap = not nxt.strip() or nxt in ".,;:)]”"
            opens = (before_gap and not after_gap) or (top != '"' and not (after_gap and not before_gap))
            if opens and not (top == '"' and not before_gap):
                stack.append(('"', i))
                out[i] = OPEN
            elif top == '"':
                stack.pop()
                out[i] = CLOSE
            else:
                raise UnbalancedQuote(_where('a closing " has no opening "', text, i))
        elif ch in "‘’'" and top in ("”", '"'):
            continue  # single marks inside double quotes are the quoted words' own
        elif ch == "‘":
            stack.append(("’", i))
            out[i] = OPEN
        elif ch == "’":
            if top == "’" and not (_is_word(prev) and _is_word(nxt)):
                stack.pop()
                out[i] = CLOSE
            # otherwise an apostrophe (council’s, pruning’s)
        elif ch == "'":
            if top == "'" and not (_is_word(prev) and _is_word(nxt)):
                stack.pop()
                out[i] = CLOSE
            elif not _is_word(prev) and nxt.strip() and top != "'":
                stack.append(("'", i))
                out[i] = OPEN
    if stack:
        mark, at = stack[0]
        opened = text[at]
        raise UnbalancedQuote(_where(f"an opening {opened} has no closing {mark}", text, at))
    return "".join(out)


#: A closing mark that ends the text, with only the instruction's closing punctuation (and a connector) after it.
_LAST_CLOSE = re.compile(r"[”\"]\s*[.;,]*\s*(?:(?:and|or)\s*[.;,]*\s*)?$")


def unopened_close(text: str) -> int | None:
    """Where a closing mark ends ``text`` that no opening mark goes with, the words before it balancing (None if not so).

    New text printed as a block after "insert —" is closed on its own line ("… of the Act; / ”."); the opening mark,
    printed in the margin, is often lost from a copy. Only such a last mark is told apart: one missing anywhere else
    leaves which words are quoted uncertain."""
    last = _LAST_CLOSE.search(text)
    if last is None:
        return None
    try:
        normalise_quotes(text)
        return None  # the mark has its opening one
    except UnbalancedQuote:
        pass
    try:
        normalise_quotes(text[: last.start()])
    except UnbalancedQuote:
        return None
    return last.start()


def _where(what: str, text: str, at: int) -> str:
    near = " ".join(text[max(0, at - 30) : at + 40].split())
    return f"its quotation marks do not balance ({what}, near “{near}”), so which words it quotes is uncertain"


QUOTED = re.compile(r"“([^“”]*)”")


def outside_quotes(text: str) -> list[tuple[int, int]]:
    """The (start, end) spans of ``text`` (already normalised) that are not inside “…”."""
    spans = []
    pos = 0
    for m in QUOTED.finditer(text):
        if m.start() > pos:
            spans.append((pos, m.start()))
        pos = m.end()
    if pos < len(text):
        spans.append((pos, len(text)))
    return spans
