"""Gazette cover lines in a text that keeps the printed lines.

A special gazette opens with a cover: its ``!2017208GG!`` mark, the page number, ISSN and print-post
lines, "PERTH, FRIDAY, 27 OCTOBER 2017 No. 208 SPECIAL", "PUBLISHED BY AUTHORITY …, GOVERNMENT
PRINTER AT 12.30 PM", "© STATE OF WESTERN AUSTRALIA" and the "WESTERN AUSTRALIAN / GOVERNMENT"
crest, one item a line; older covers have no mark. None of it is the law's text. A line is cover
furniture when it is one of the unmistakable cover lines, or a short cover word ("SPECIAL",
"GOVERNMENT", a bare page number) next to one of them.
"""

from __future__ import annotations

import itertools
import re

_DAY = r"(?:MONDAY|TUESDAY|WEDNESDAY|THURSDAY|FRIDAY|SATURDAY|SUNDAY)"
STRONG = re.compile(
    r"^(?:!\d{7,9}GG!.*"
    r"|(?:WESTERN AUSTRALIAN GOVERNMENT )?ISSN \d{4}-\d{3}[\dX].*"
    r"|PRINT POST APPROVED PP[\d/]+.*"
    r"|PERTH, " + _DAY + r", \d{1,2} [A-Z]+ \d{4}(?: No\. \d+)?.*"
    r"|PUBLISHED BY AUTHORITY .*GOVERNMENT PRINTER.*"
    r"|© STATE OF WESTERN AUSTRALIA"
    # the cover of the gazettes of the 1960s and 1970s
    r"|\(Published by Authority at [\d.]+ ?[ap]\.m\.\)"
    r"|\(REGISTERED AT THE GENERAL POST OFFICE, PERTH, FOR TRANSMISSION BY POST AS A NEWSPAPER\)"
    r"|PERTH ?: " + _DAY + r", \d{1,2}(?:st|nd|rd|th)? [A-Z]+"
    r")$"
)
WEAK = re.compile(
    r"^(?:SPECIAL|GOVERNMENT|AUSTRALIAN(?: GOVERNMENT)?|WESTERN|WESTERN AUSTRALIAN(?: GOVERNMENT)?|WESTERN \d{1,5}|\d{1,5}|No\. \d{1,4}"
    # the crest glued to the page number by a copy that lost its spaces: "5611WESTERNAUSTRALIANGOVERNMENT"
    r"|\d{0,5}WESTERN ?AUSTRALIAN ?GOVERNMENT"
    # the older cover's page number, issue number and year in brackets, and its "… OF WESTERN AUSTRALIA" crest
    r"|\[\d{1,5}\]|No\. \d{1,4}\]|\[\d{4}|OF|WESTERN AUSTRALIA)$"
)
GAZETTE_NUMBER = re.compile(r"\bPERTH, " + _DAY + r", \d{1,2} [A-Z]+ \d{4}\s+No\. (?P<num>\d+)|^No\. (?P<alone>\d+)$")


def strip_cover_lines(text: str) -> tuple[str, list[str], str | None]:
    """``text`` without its cover lines, the lines removed, and the gazette number the cover gives."""
    lines = text.split("\n")
    strong = [bool(STRONG.match(ln.strip())) for ln in lines]
    drop = list(strong)
    # Weak cover words count only inside a run of cover lines (blank lines do not break a run).
    for direction in (range(len(lines)), range(len(lines) - 1, -1, -1)):
        in_cover = False
        for i in direction:
            s = lines[i].strip()
            if not s:
                continue
            if drop[i]:
                in_cover = True
            elif in_cover and WEAK.match(s):
                drop[i] = True
            else:
                in_cover = False
    removed = [lines[i].strip() for i in range(len(lines)) if drop[i]]
    number = None
    for line in removed:
        m = GAZETTE_NUMBER.search(line)
        if m:
            number = str(int(m.group("num") or m.group("alone")))
            break
    kept = [ln for i, ln in enumerate(lines) if not drop[i]]
    return "\n".join(kept), removed, number


_PAGE_NUMBER = re.compile(r"^(?:Page )?(?P<n>\d{1,3})$")
#: The fewest printed lines between two page numbers (a page of a gazette or a council copy holds dozens).
_PAGE_LINES = 6
_CITED = re.compile(r"\d+(?:\.\d+)+[A-Z]{0,2}(?:\(\w{1,4}\))*$")
_NUMBERED = re.compile(r"^(?P<title>\S.*?\S)\s+(?:Page )?(?P<n>\d{1,3}|[ivxl]{1,4})$")


def strip_running_lines(text: str) -> tuple[str, list[str]]:
    """``text`` without a council copy's page numbers and running titles, and the lines removed.

    A page number is a line holding only a number (or "Page N"), when such lines count up through the
    text a page or a few at a time, stand a page apart (at least ``_PAGE_LINES`` lines) and none is followed by a
    clause number (a table's item number is); a running title is a line of three words or more followed by a page
    number ("SHIRE OF WILUNA … LOCAL LAW 2007 2"), printed at least twice with different numbers.
    """
    lines = text.split("\n")
    drop = [False] * len(lines)
    numbers = [
        (i, int(m.group("n")))
        for i, ln in enumerate(lines)
        if (m := _PAGE_NUMBER.match(ln.strip())) and not (i + 1 < len(lines) and _CITED.match(lines[i + 1].strip()))
    ]
    # Page numbers stand a page apart, and none is followed by a clause number: numbers a few lines apart, or an item
    # number followed by the clause it cites, are a table's cells printed one a line ("1" / "3.1" / "Behaviour …" /
    # "$250" / "2" …), and are words of the law.
    spread = all(j - i >= _PAGE_LINES for (i, _), (j, _) in itertools.pairwise(numbers))
    if len(numbers) >= 2 and spread and all(0 < b - a <= 3 for (_, a), (_, b) in itertools.pairwise(numbers)):
        for i, _ in numbers:
            drop[i] = True
    # "Page 9" says what it is: such lines are page numbers wherever they count up.
    pages = [(i, n) for i, n in numbers if lines[i].strip().startswith("Page ")]
    if pages and all(a < b for (_, a), (_, b) in itertools.pairwise(pages)):
        for i, _ in pages:
            drop[i] = True
    titled: dict[str, list[tuple[int, str]]] = {}
    for i, ln in enumerate(lines):
        m = _NUMBERED.match(ln.strip())
        if m and len(m.group("title").split()) >= 3 and "GAZETTE" not in ln:  # page headers are read later
            titled.setdefault(" ".join(m.group("title").split()), []).append((i, m.group("n")))
    for entries in titled.values():
        if len(entries) >= 2 and len({n for _, n in entries}) == len(entries):
            for i, _ in entries:
                drop[i] = True
    removed = [lines[i].strip() for i in range(len(lines)) if drop[i]]
    return "\n".join(ln for i, ln in enumerate(lines) if not drop[i]), removed


_GLUED_LABEL = re.compile(r"(?m)^(\s*\d+(?:\.\d+)+[A-Z]?)(?=[A-Z][a-z])")


def split_glued_labels(text: str) -> tuple[str, int]:
    """A clause label glued to its heading at the start of a line ("1.1Citation", as some copies print it) set apart
    from it ("1.1 Citation"), and how many were."""
    return _GLUED_LABEL.subn(r"\1 ", text)


#: A consolidation's note of the amendment that last changed the provision above it, on a line of its own:
#: "Amd GG No. 181 14.11.14" (amending gazette number and date). It is the consolidator's, not the law's.
AMENDMENT_NOTE = re.compile(r"Amd(?:t|\.)? GG No\.? ?\d+ \d{1,2}\.\d{1,2}\.\d{2,4}")


def strip_amendment_notes(text: str) -> tuple[str, list[str]]:
    """``text`` without a council consolidation's amendment notes ("Amd GG No. 36 29.02.08" lines), and the lines
    removed. A note counts only as a whole line; the same words inside a provision ("[Deleted GG No. 36 29.02.08]")
    are the consolidation's text of the provision and stay."""
    lines = text.split("\n")
    keep = [ln for ln in lines if not AMENDMENT_NOTE.fullmatch(ln.strip())]
    removed = [ln.strip() for ln in lines if AMENDMENT_NOTE.fullmatch(ln.strip())]
    return "\n".join(keep), removed


_GLUED_BRACKET = re.compile(r"(?m)^(\s*\((?:\d+[A-Z]?|[a-z]{1,3})\))(?=[A-Za-z])")


def split_glued_brackets(text: str) -> tuple[str, int]:
    """A subclause or paragraph label glued to its words at the start of a line ("(1)In this local law—",
    "(a)liquid refuse;", as a copy that lost its spaces prints them) set apart from them, and how many were."""
    return _GLUED_BRACKET.subn(r"\1 ", text)


#: A gazette notice's classification code ("LG301*", "LG302") printed on a line of its own over the notice.
_SECTION_CODE = re.compile(r"[A-Z]{2,3}\d{3}\*?")
#: The gazette section a code files the notice under, printed on the line above it.
_SECTION_NAME = re.compile(r"(?:— PART \d — )?(?:LOCAL GOVERNMENT|HEALTH|AGRICULTURE|PLANNING)$")


def strip_section_labels(text: str) -> tuple[str, list[str]]:
    """``text`` without the gazette's classification lines over a notice ("LOCAL GOVERNMENT" / "LG301*"), and the
    lines removed. A code line counts only on a line of its own; the section name only on the line just above it."""
    lines = text.split("\n")
    drop = [False] * len(lines)
    for i, ln in enumerate(lines):
        if _SECTION_CODE.fullmatch(ln.strip()):
            drop[i] = True
            if i and _SECTION_NAME.fullmatch(lines[i - 1].strip()):
                drop[i - 1] = True
    removed = [lines[i].strip() for i in range(len(lines)) if drop[i]]
    return "\n".join(ln for i, ln in enumerate(lines) if not drop[i]), removed
