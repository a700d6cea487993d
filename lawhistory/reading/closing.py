"""Words that close a list or a list of definitions: the printed line after a list's last item that belongs to the provision holding the list.

    The CEO is to keep—
    (a) a plan of the cemetery showing each grave site; and
    (b) a register of grants,
    and is to make them available for inspection during office hours.

The last line is the clause's, not paragraph (b)'s. Running text cannot show this; a text that keeps its printed
lines can, and the rule asks for all of it: the line before ends the list's last item (the item before it ends in
"; and" or "; or"), stops at a comma well short of the printed width (a line that wraps runs to the margin), and
the next line starts with a connective in small letters ("and", "but", "unless", …), not a label. Anything less is
read as the item's own words, as before: "(b) maintain an adequate supply of water to, / all sanitary conveniences …"
(Kulin Health 2.7(2)) may be the object both paragraphs share or the end of (b), and plain text cannot say which.

After a list of definitions, a sentence printed on its own line ("Where terms or expressions are not defined …")
is the interpretation clause's, not the last definition's, when the definition before the last ends in "; and" or
"; or", the last one ends its line with a full stop, and the new line opens a sentence (``headings.SENTENCE_STARTERS``)
without defining a term.
"""

from __future__ import annotations

import re

from ..core.terms import DEF_START, def_term_ok
from .headings import SENTENCE_STARTERS, dotted_side_heading

_LABEL = re.compile(r"\s*(?:\((?:\d+[A-Za-z]{0,2}|[a-z]{1,3})\)|[a-z]{1,3}\))(?:\s|$)")
_CONNECTIVE = re.compile(r"(?:and|or|but|unless|except|excluding|if|where|when|whichever|provided|so|then)\b")
_LAST_ITEM_BEFORE = re.compile(r"[;,]\s*(?:and|or)\s*$")


def closing_line_starts(text: str) -> list[int]:
    """Offsets in ``text`` where printed lines that close a list begin (see the module docstring)."""
    lines = text.split("\n")
    lengths = sorted(len(ln.rstrip()) for ln in lines if ln.strip())
    if len(lengths) < 10:
        return []
    width = lengths[int(len(lengths) * 0.9)]
    starts: list[int] = []
    offsets = _line_offsets(lines)
    for i in range(1, len(lines) - 1):
        line, nxt = lines[i].rstrip(), lines[i + 1].lstrip()
        if not line.endswith(",") or len(line) > 0.7 * width or not _CONNECTIVE.match(nxt):
            continue
        item = _item_start(lines, i)
        if item is None or item == 0 or not _LAST_ITEM_BEFORE.search(lines[item - 1]):
            continue
        starts.append(offsets[i + 1])
    return starts


def _line_offsets(lines: list[str]) -> list[int]:
    """Where each of ``lines`` (split on newlines) starts in the text."""
    offsets, offset = [], 0
    for ln in lines:
        offsets.append(offset)
        offset += len(ln) + 1
    return offsets


def _item_start(lines: list[str], i: int) -> int | None:
    """The line where the labelled item holding line ``i`` starts: ``i`` itself, or up to three lines above."""
    for k in range(i, max(i - 4, -1), -1):
        if _LABEL.match(lines[k]):
            return k
        if k < i and lines[k].rstrip().endswith((";", ".", "—", ":")):
            return None
    return None


def after_definitions_starts(text: str) -> list[int]:
    """Offsets in ``text`` where a sentence printed after the last of a list of definitions begins (module docstring)."""
    lines = text.split("\n")
    starts: list[int] = []
    offsets = _line_offsets(lines)
    for i in range(1, len(lines) - 1):
        line, nxt = lines[i].rstrip(), lines[i + 1].strip()
        if not line.endswith(".") or nxt.split(" ", 1)[0] not in SENTENCE_STARTERS or _defines(nxt):
            continue
        if i + 2 < len(lines) and dotted_side_heading(line, nxt) and re.match(r"\s*\d+\. ", lines[i + 2]):
            continue  # the side heading of the next section ("Council Offices." / "3. The offices …")
        first = next((k for k in range(i, max(i - 4, -1), -1) if _defines(lines[k].strip())), None)
        if first is None or first == 0 or any(lines[k].rstrip().endswith((";", ".")) for k in range(first, i)):
            continue
        if _LAST_ITEM_BEFORE.search(lines[first - 1]) and _defines(_definition_line_of(lines, first - 1)):
            starts.append(offsets[i + 1])
    return starts


def _defines(line: str) -> bool:
    m = DEF_START.match(line)
    return bool(m and def_term_ok(m))


def _definition_line_of(lines: list[str], i: int) -> str:
    """The first line of the definition that ends on line ``i`` (up to three lines above)."""
    for k in range(i, max(i - 4, -1), -1):
        if _defines(lines[k].strip()):
            return lines[k].strip()
        if k < i and lines[k].rstrip().endswith((";", ".")):
            break
    return ""
