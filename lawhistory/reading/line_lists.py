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
    """``text`` without the marks (the items then run together, as they were read before)."""
    return text.replace(ITEM, "").replace(END, "")


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
