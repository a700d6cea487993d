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


_CLAUSE_HEAD = re.compile(r"(?P<num>\d+(?:\.\d+)*[A-Z]?)\.? (?P<heading>[A-Z][^.;:—]{0,80}[\w)])")
_PART_LINE = re.compile(r"PART \d+[A-Z]?\b.*")


def read_late_part_headings(text: str, notes: list[str]) -> str:
    """``text`` (a law's body, printed lines kept) with each Part heading printed just after the heading of the Part's
    first clause ("1. Citation" / "PART 1 - PRELIMINARY" / "These local laws …") moved before that clause's heading.

    A clause's heading and its words cannot stand in two Parts, so the Part holds the clause; a note names each move.
    """
    lines = text.split("\n")
    moved = []
    for i in range(len(lines) - 2):
        head, part, after = (ln.strip() for ln in lines[i : i + 3])
        before = lines[i - 1].strip() if i else ""
        if (
            (m := _CLAUSE_HEAD.fullmatch(head))
            and len(head.split()) <= 10
            and _PART_LINE.fullmatch(part)
            and after
            and not _CLAUSE_HEAD.fullmatch(after)
            and not _PART_LINE.fullmatch(after)
            and not _PART_LINE.fullmatch(before)
        ):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
            moved.append(f"'{part}' is printed after the heading of clause {m.group('num')} ('{head}')")
    if moved:
        notes.append(
            "Part headings printed after the heading of the Part's first clause are read as the Part that holds that "
            "clause: " + "; ".join(moved)
        )
    return "\n".join(lines)


_UNDOTTED = re.compile(r"(?P<num>\d{1,3}) (?=[A-Z(“\"])")
_SIDE = re.compile(r"[A-Z][A-Za-z’'\-,]*(?: [A-Za-z’'\-,()]+){0,8}")


def read_undotted_sections(text: str, notes: list[str]) -> str:
    """``text`` (a law's body, printed lines kept) with sections printed without a full stop after their number
    ("Title" / "1 This local law may be cited …", as some council consolidations print them) given it.

    Only in a law that prints no other clause or section label, where the numbers run 1, 2, 3 … at the start of
    printed lines and each stands under a side heading (a short line in title case with no closing punctuation);
    a note says so. The full stop is how the law file writes a section's number.
    """
    if re.search(r"(?m)^\s*\d+(?:\.\d+)*\.? ?[A-Z(]", text) is None:
        return text
    if re.search(r"(?m)^\s*\d+\.(?:\d+)?\s", text):
        return text  # the law prints its labels with a full stop (1., 1.1): nothing to read differently
    lines = text.split("\n")
    found: list[int] = []
    for i, line in enumerate(lines):
        m = _UNDOTTED.match(line.strip())
        if not m or int(m.group("num")) != len(found) + 1 or i == 0:
            continue
        above = lines[i - 1].strip()
        if _SIDE.fullmatch(above) and not above.isupper() and len(above.split()) <= 8:
            found.append(i)
    if len(found) < 2:
        return text
    for i in found:
        stripped = lines[i].lstrip()
        num, rest = stripped.split(" ", 1)
        lines[i] = lines[i][: len(lines[i]) - len(stripped)] + f"{num}. {rest}"
    notes.append(
        f"sections 1 to {len(found)} are printed without a full stop after their number ('1 {lines[found[0]].strip()[3:40]} …'), "
        "each under its side heading: read as sections (the law file writes '1.')"
    )
    return "\n".join(lines)
