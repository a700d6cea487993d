"""Where the definitions of an interpretation clause begin, and where each one starts."""

from __future__ import annotations

import re

from ..core.lazy_re import lazy_pattern
from ..core.terms import DEF_START, DEF_VERB, def_term_ok, term_of
from .sentences import _tail

DEF_INTRO = lazy_pattern(
    r"(?:\bIn th(?:is|ese)\b|\bunless the context\b|\bFor the purposes? of th(?:is|ese)\b"
    # a definition for one subclause: "(2) In subclause (1)— detrimental to the property includes— (a) …"
    r"|\bIn (?:sub)?clause \(?[\w.]+\)?(?:\([\w]+\))?)[^—–:]*(?:—| –| -|:)$"
)


#: "In this clause **brigade officer** has the meaning …": an opening phrase with no dash, then a term in bold (as
#: ``mark_bare_terms`` marks the terms of definitions printed a line each): the definitions begin at the term.
_BOLD_AFTER_INTRO = lazy_pattern(
    r"\bIn th(?:is|ese) (?:clause|subclause|Part|Division|Subdivision|Schedule|local laws?|by-?laws?|regulations?)"
    r"(?P<gap>[ \t]+)(?=\*\*[^*\n]{1,80}\*\* " + DEF_VERB + r"\b)"  # (wrongref) any run of spaces before the term
)


def unbolded(piece: str) -> str:
    """A definition's words without the bold marks of the term it begins with (the term is stored plain)."""
    return re.sub(r"^(\s*)\*\*([^*\n]{1,80})\*\*", r"\1\2", piece)


def find_intro(text: str, *, bold: bool = False) -> int | None:
    """Where definitions begin in ``text`` (just after an "In this local law ...—"), or None; with ``bold`` (new text
    an instrument inserts), also just after an "In this clause" with no dash whose first term is in bold."""
    found = _BOLD_AFTER_INTRO().search(text) if bold else None
    if found is not None:
        return found.end("gap")
    for m in re.finditer(r"—| –| -(?= )|:", text):
        head = text[max(0, m.end() - 300) : m.end()]  # an opening phrase is a short sentence
        if DEF_INTRO().search(_tail(head)):
            tail = text[m.end() : m.end() + 200].lstrip()
            if re.match(r"[”\"’](?=[\s,;.])", tail):
                continue  # "by adding after the passage, “In these by-laws—” in line one …": the words quoted, not an intro
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


#: "(1) In this clause" ending its printed line, with no dash: the definitions may follow, one a printed line each.
_BARE_INTRO_LINE = lazy_pattern(
    r"(?:^|\s)In th(?:is|ese) (?:clause|subclause|Part|Division|Subdivision|Schedule|local laws?|by-?laws?|regulations?)[ \t]*$"
)
#: A definition's first printed line whose term is neither quoted nor in bold: a few words, then the verb.
_BARE_TERM_LINE = lazy_pattern(
    r"(?P<term>[a-z][\w’'-]*(?: [a-z][\w’'-]*){0,4}) (?=(?:means|includes|does not include|has the (?:same )?meaning)\b)"
)
#: A printed line that ends a definition: ";" (then "and" or "or") or ".".
_DEF_LINE_END = lazy_pattern(r"(?:;(?:\s*(?:and|or))?|\.)[ \t]*$")
#: A line that starts a provision rather than a definition: "(2) When …", "45B. Information …".
_LABEL_LINE = lazy_pattern(r"\s*(?:\(\w{1,5}\)|\d+[A-Z]{0,2}\.)(?:\s|$)")


def mark_bare_terms(text: str, notes: list[str]) -> str:
    """``text`` (an instrument's printed lines) with the terms of definitions that follow "In this clause" (a line of
    its own, no dash after it) in bold, where each definition begins a printed line and its term is neither quoted
    nor in bold ("In this clause / brigade officer has the meaning given in clause 3(1); / take control means …").

    The printed line shows where each term begins, and the verb ("means", "has the meaning" …) where it ends: the term
    is the words before the verb on the first line of each definition (a few words, none of them a word that starts a
    sentence). Only a run of such lines, up to the provision after them, is marked, and only when every definition in
    it is read so: otherwise the text is unchanged (and its payload refused as before, naming the words)."""
    lines = text.split("\n")
    out = list(lines)
    read: list[str] = []
    for i, line in enumerate(lines):
        if not _BARE_INTRO_LINE().search(line):
            continue
        marked: dict[int, re.Match[str]] = {}
        start, ok = True, False
        for j in range(i + 1, len(lines)):
            here = lines[j].strip()
            if not here:
                continue
            if start:
                if _LABEL_LINE().match(here) or re.match(r"\d", here):
                    ok = bool(marked)
                    break
                m, d = _BARE_TERM_LINE().match(here), DEF_START.match(here)
                if m is None or d is None or not def_term_ok(d) or term_of(d) != m.group("term"):
                    break
                marked[j] = m
            start = _DEF_LINE_END().search(here) is not None
            if start and here.endswith(".") and j + 1 == len(lines):
                ok = bool(marked)
        if not ok:
            continue
        for j, m in marked.items():
            indent = lines[j][: len(lines[j]) - len(lines[j].lstrip())]
            here = lines[j].strip()
            out[j] = f"{indent}**{m.group('term')}**{here[m.end('term') :]}"
            read.append(m.group("term"))
    if read:
        notes.append(
            "definitions after “In this clause” print their terms neither quoted nor in bold; each term read as the words "
            f"that begin its printed line, up to its verb ({', '.join(read)}) — check the gazette"
        )
    return "\n".join(out)
