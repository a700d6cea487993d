"""Parts printed without the word PART: "1. OPERATION AND INTERPRETATION" over clauses 1.1, 1.2 ….

Some laws numbered in clauses (``1.1``, ``2.3``) print each Part as its number with a full stop and its heading in
capitals, on a line of its own. Such a line is a Part only where nothing else can be meant: the law prints no
``PART`` line at all, the heading is in capitals, the numbers run 1, 2, 3 … and the next printed line is the Part's
first clause (``N.1``). The line is then written as the Part it is (``PART 1—OPERATION AND INTERPRETATION``), and a
note starting ``supplied:`` quotes the word supplied, so a reader can tell it from the printed words.
"""

from __future__ import annotations

import re

from .repair import SUPPLIED

_BARE_PART = re.compile(r"(?P<num>\d{1,2})\. (?P<heading>[A-Z][A-Z ,’'&\-]*[A-Z])")
_ANY_PART = re.compile(r"(?m)^\s*PART\s+(?:\d|[IVX])")


def read_bare_parts(text: str, notes: list[str]) -> str:
    """``text`` (a law's body, printed lines kept) with each Part printed without the word PART written with it."""
    if _ANY_PART.search(text):
        return text
    lines = text.split("\n")
    found: list[int] = []
    for i, line in enumerate(lines):
        m = _BARE_PART.fullmatch(line.strip())
        if not m or int(m.group("num")) != len(found) + 1:
            continue
        following = next((ln.strip() for ln in lines[i + 1 :] if ln.strip()), "")
        if re.match(re.escape(m.group("num")) + r"\.1[A-Z]?(?:\s|$)", following):
            found.append(i)
    if len(found) < 2:  # one such line is too little to tell a Part from a section with a capitalised heading
        return text
    for i in found:
        m = _BARE_PART.fullmatch(lines[i].strip())
        assert m is not None
        lines[i] = f"PART {m.group('num')}—{m.group('heading')}"
    for i in found:
        num, heading = lines[i][len("PART ") :].split("—", 1)
        notes.append(
            f"{SUPPLIED} Part {num} is printed '{num}. {heading}', without the word PART: it is read as Part {num} "
            "(‘PART’ is supplied)"
        )
    return "\n".join(lines)
