"""Where a sentence or a list item ends in running law text: the one test every label reader uses."""

from __future__ import annotations

import re

#: Where a printed line ended that the words no longer show: after a penalty amount that dot leaders lead to
#: (reading.leaders), a mark of the reader's own (a private-use character, never in a gazette's text), taken out again.
LINE_END = "\ue000"
STRONG_ENDINGS = ("—", ":", ";", ".", ".”", ";”", ";’", ".’", " -", " –", ".)", LINE_END)


def _tail(text: str) -> str:
    return " ".join(text.split())


def strong_break(before: str) -> bool:
    t = _tail(before)
    return t == "" or t.endswith(STRONG_ENDINGS)


def and_or_break(before: str) -> bool:
    return bool(re.search(r"[;,]\s*(?:and|or|and/or|but)\s*$", before))
