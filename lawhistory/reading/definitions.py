"""Where the definitions of an interpretation clause begin, and where each one starts."""

from __future__ import annotations

import re

from ..core.terms import DEF_START, def_term_ok
from .sentences import _tail

DEF_INTRO = re.compile(
    r"(?:\bIn th(?:is|ese)\b|\bunless the context\b|\bFor the purposes? of th(?:is|ese)\b"
    # a definition for one subclause: "(2) In subclause (1)— detrimental to the property includes— (a) …"
    r"|\bIn (?:sub)?clause \(?[\w.]+\)?(?:\([\w]+\))?)[^—–:]*(?:—| –| -|:)$"
)


def find_intro(text: str) -> int | None:
    """Where definitions begin in ``text`` (just after an "In this local law ...—"), or None."""
    for m in re.finditer(r"—| –| -(?= )|:", text):
        head = text[max(0, m.end() - 300) : m.end()]  # an opening phrase is a short sentence
        if DEF_INTRO.search(_tail(head)):
            tail = text[m.end() : m.end() + 200].lstrip()
            mm = DEF_START.match(tail)
            if mm and def_term_ok(mm):
                return m.end()
    return None


def split_definitions(chunk: str, *, starts_with_definition: bool) -> list[str]:
    """Split ``chunk`` before each defined term; element 0 is what precedes the first term."""
    cuts: list[int] = []
    stripped = chunk.lstrip()
    lead = len(chunk) - len(stripped)
    if starts_with_definition:
        mm = DEF_START.match(stripped)
        if mm and def_term_ok(mm):
            cuts.append(lead)
    # A definition ends in ";" (with "and" or "or"), or in "." where a list's last definitions are sentences.
    for m in re.finditer(r";(?: and| or)?\s+|\.\s+(?=\S)", chunk):
        mm = DEF_START.match(chunk, m.end())
        if mm and def_term_ok(mm) and not chunk.startswith("(", m.end()):
            cuts.append(m.end())
    pieces: list[str] = []
    prev = 0
    for c in cuts:
        pieces.append(chunk[prev:c])
        prev = c
    pieces.append(chunk[prev:])
    if not cuts:
        return [chunk]
    if cuts[0] == lead and lead == 0:
        return ["", *pieces[1:]] if pieces[0] == "" else pieces
    return pieces
