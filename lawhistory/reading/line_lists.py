"""Lists printed one item a line after a dash, kept apart in an instrument's running text.

An amending instrument is read from running text (its instructions run across printed lines), so the line breaks that
alone tell apart the items of a list printed a line an item — "each of these terms has the meaning given in the Act
section 4(1) — / local planning scheme / region planning scheme" — would be lost, and the items could not be told apart
("local planning scheme region planning scheme"). ``mark_line_lists`` marks such items, where the copy still shows its
lines, with characters no gazette text holds: ``ITEM`` before each item, ``END`` after the last. The new text reader
(amending.instructions.payload_provisions) makes them lines of the provision the dash ends; ``unmarked`` takes the marks
out of everything else.

Marked only when certain: the line before ends with a dash; each item is a short line (at most six words, 50 characters)
that begins with a letter and holds no closing punctuation, quotation mark, dash or label, and does not end with a word
that runs on ("and", "of", "the" …), so a sentence wrapped over printed lines is never taken for items; and the list
ends where a label, a clause number, a rule, a blank line or the end follows. One such line alone is no list (there is
nothing to keep apart): it is the short new text an instruction ending in a dash gives ("Delete the heading to clause
12F and insert— / Swimming pool fences"), left unmarked, so no mark can reach a heading or words put into the law.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..core.lazy_re import lazy_pattern
from ..core.model import Provision

ITEM = "\u2063"  # INVISIBLE SEPARATOR: an item of a list printed a line an item begins
END = "\u2064"  # INVISIBLE PLUS: the list ends
#: (fix13, review 13) LINE SEPARATOR, a space to every reader of words (``str.split``, ``\\s``): the space before a label
#: that starts a printed line after a line ending in no closing punctuation ("… the relevant Australian Standard /
#: 3.5 Cat collars …", "(a) the Cat Act 2011 or / (b) …"), where the running text alone cannot tell whether the label
#: is cited by the words before it or begins the next provision (amending.parts reads it in new text)
LINE = "\u2028"

_DASH_END = lazy_pattern(r"(?:[—–]|\s-)\s*$")
_ITEM = lazy_pattern(r"[A-Za-z][A-Za-z0-9’' /-]{0,49}")
_RUNS_ON = lazy_pattern(r"\b(?:and|or|of|the|a|an|to|in|on|for|by|with|under|that|which)$", re.I)
_AFTER = lazy_pattern(r"\s*(?:$|\(\w{1,4}\)\s|\d+[A-Z]{0,2}\.\s|\d+(?:\.\d+)+[A-Z]{0,2}\s|[—–_]{2,})")


def _is_item(line: str) -> bool:
    s = line.strip()
    return bool(_ITEM().fullmatch(s)) and len(s.split()) <= 6 and not _RUNS_ON().search(s) and not s.endswith("-")


def mark_line_lists(text: str) -> str:
    """``text`` with each list printed a line an item after a dash marked (ITEM before each item, END after the last)."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if not _DASH_END().search(lines[i]):
            i += 1
            continue
        j = i + 1
        while j < len(lines) and _is_item(lines[j]):
            j += 1
        if j > i + 2 and (j == len(lines) or _AFTER().match(lines[j])):  # two items at least
            for k in range(i + 1, j):
                lines[k] = ITEM + lines[k].strip()
            lines[j - 1] += END
        i = max(j, i + 1)
    return "\n".join(lines)


def unmarked(text: str) -> str:
    """``text`` without the marks (the items then run together, as they were read before; a line start is a space)."""
    return text.replace(ITEM, "").replace(END, "").replace(LINE, " ")


#: (fix13) A printed line's first word that is a label: a number with points or a full stop ("3.5", "3.5.", "10A."),
#: or a bracketed number or small letters ("(4)", "(b)", "(iii)"); then a space or the line's end
_LABEL_FIRST = lazy_pattern(r"(?:\d+(?:\.\d+)*[A-Z]{0,2}\.?|\(\d+[A-Z]{0,2}\)|\([a-z]{1,4}\))(?:\s|$)")
#: (fix13) A line that ends in closing punctuation (a full stop, semicolon, colon, dash, quotation mark, bracket)
_CLOSED = lazy_pattern(r"[.;:—–\-”\"’'(]\s*$")


def spaced(words: str) -> str:
    """``words`` with their spaces made one (as ``" ".join(words.split())``), each ``LINE`` mark kept as it is."""
    if LINE not in words:
        return " ".join(words.split())
    return LINE.join(" ".join(part.split()) for part in words.split(LINE)).strip(LINE)


def line_start_keys(marked: str) -> frozenset[tuple[str, ...]]:
    """(fix13) Each ``LINE`` mark in ``marked`` as the word before it and the (up to two) words from it, to know it
    again in words read with spaces alone."""
    keys = set()
    at = marked.find(LINE)
    while at >= 0:
        # (the words near it only: an instrument's body holds many marks)
        before, after = unmarked(marked[max(0, at - 300) : at]).split()[-1:], unmarked(marked[at + 1 : at + 600]).split()[:2]
        if before and after:
            keys.add((before[0], *after))
        at = marked.find(LINE, at + 1)
    return frozenset(keys)


#: (fix13) Where new text may begin in an instrument's words: after a colon or a dash, "insert", "substitute", "following"
_OPENS_NEW_TEXT = lazy_pattern(r"[:—–]|\b(?:insert|inserting|substitute|substituting|following)\b", re.I)


def marked_line_starts(
    provisions: tuple[Provision, ...], keys: frozenset[tuple[str, ...]], inside: bool = False
) -> tuple[Provision, ...]:
    """``provisions`` (an instrument's, read from running text) with ``LINE`` put back for the space before each label
    that started a printed line after a line ending in no closing punctuation (``keys``: the word before it and the two
    words from it) — only in words after where new text may begin (``_OPENS_NEW_TEXT``; ``inside``: the provision
    stands in such words), never in a heading: the new text reader (amending.parts) alone reads the mark, every other
    reader has the words as before. Where the label is a sub-provision's own ("(a) the Cat Act 2011 or / (b) …", read
    as two paragraphs), the mark ends the words before it (they are joined again as the instruction's words)."""
    if not keys:
        return provisions
    out: list[Provision] = []
    for p in provisions:
        text, opened = p.text, inside
        if text:
            opens = None if inside else _OPENS_NEW_TEXT().search(text)
            opened = inside or opens is not None
            start = 0 if opens is None else opens.end()
            if opened:
                words = list(re.finditer(r"\S+", text))
                spaces = [
                    words[i].start() - 1
                    for i in range(1, len(words))
                    if words[i].start() > start
                    and text[words[i].start() - 1] == " "
                    and tuple(w.group() for w in words[i - 1 : i + 2]) in keys
                ]
                for at in spaces:
                    text = text[:at] + LINE + text[at + 1 :]
        children = list(marked_line_starts(p.children, keys, opened))
        if opened:
            for i, c in enumerate(children):
                first = " ".join(x for x in (c.heading, c.text) if x).split()[:1]
                before = _last_word(children[i - 1]) if i else (text or "").split()[-1:]
                if c.num and before and (before[-1].rstrip(LINE), c.num, *first) in keys:
                    if i:
                        children[i - 1] = _line_after(children[i - 1])
                    elif text:
                        text = text.rstrip(LINE) + LINE
        out.append(replace(p, text=text, children=tuple(children)))
    return tuple(out)


def _last_word(p: Provision) -> list[str]:
    """The last word of ``p``'s words and its sub-provisions', as they are joined (a list of none or one)."""
    if p.children:
        return _last_word(p.children[-1])
    return " ".join(x for x in (p.heading, p.text) if x).split()[-1:]


def _line_after(p: Provision) -> Provision:
    """``p`` with ``LINE`` after its last words (those of its last sub-provision, where it has them)."""
    if p.children:
        return replace(p, children=(*p.children[:-1], _line_after(p.children[-1])))
    return replace(p, text=(p.text or "").rstrip(LINE) + LINE) if p.text else p


def joined_with_line_starts(chunk: str) -> str:
    """``chunk``'s printed lines as running text (each line's spaces made one), joined by a space — or by ``LINE``
    where a line begins with a label and the line before ends in no closing punctuation."""
    out: list[str] = []
    for line in chunk.split("\n"):
        words = " ".join(line.split())
        if not words:
            continue
        if out and _LABEL_FIRST().match(words) and not _CLOSED().search(out[-1]):
            out.append(LINE)
        elif out:
            out.append(" ")
        out.append(words)
    return "".join(out)


#: A marked list that ends the text: its items, then only spaces.
MARKED_LIST_AT_END = re.compile("\\s*((?:" + ITEM + "[^" + ITEM + END + "]+)+)" + END + "\\s*$")


def unmarked_provisions(provisions: tuple[Provision, ...]) -> tuple[Provision, ...]:
    """``provisions`` with the marks taken out of their words (an instrument's text as it is stored)."""
    return tuple(
        replace(
            p,
            text=unmarked(p.text) if p.text else p.text,
            heading=unmarked(p.heading) if p.heading else p.heading,
            children=unmarked_provisions(p.children),
        )
        for p in provisions
    )


_WHOLE = lazy_pattern(r"(\s*)(\d+)\.\s+[A-Z]")
_SUB = lazy_pattern(r"(\s*)(\d+)\.(\d+)\s+(?=\S)")


def subsections_as_labels(text: str) -> tuple[str, bool]:
    """An instrument numbered in sections with decimal subsections ("3. Clause 10 (Election …)" then "3.1 After
    paragraph (b), insert …", "3.2 …"), with each subsection that starts a printed line labelled as this project labels
    subclauses ("(1) After paragraph (b) …"), so that its instructions are read as clause 3's: only when every such
    line follows its section in order (3.1, 3.2 … after 3.); otherwise ``text`` unchanged. Returns whether it changed."""
    lines = text.split("\n")
    section: int | None = None
    expected = 1
    changed = list(lines)
    previous = ""
    for i, line in enumerate(lines):
        sub = _SUB().match(line)
        if sub:
            opens_new_text = re.search(r"(?:[:—–“\"]|\binsert|\binserted|\bfollowing)\s*$", previous)
            if section is None or int(sub.group(2)) != section or int(sub.group(3)) != expected or opens_new_text:
                # not the section's next subsection, or new text an instruction inserts ("insert: 4.1 Fees …")
                return text, False
            changed[i] = f"{sub.group(1)}({expected}) " + line[sub.end() :]
            expected += 1
            previous = line.rstrip()
            continue
        whole = _WHOLE().match(line)
        if whole:
            section, expected = int(whole.group(2)), 1
        if line.strip():
            previous = line.rstrip()
    return ("\n".join(changed), True) if changed != lines else (text, False)
