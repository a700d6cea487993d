"""Where a law's schedules begin: the body is read as clauses, each schedule as a table or list (tables.py).

A schedule starts at ``Schedule 3`` / ``SCHEDULE 3—HEADING`` where the numbering expects it. A law with one
schedule may print it as a bare ``SCHEDULE`` line: it is read as Schedule 1, and a note starting ``supplied:``
quotes the number supplied (the words are the printer's; the number is what the law's own numbering gives it).
Two or more bare ``SCHEDULE`` lines cannot be told apart and are left as words, with a note naming them.
"""

from __future__ import annotations

import re

from ..core.ids import ORDINALS
from .sentences import strong_break

SCHEDULE_START = re.compile(
    r"(?<![^\s—])(?:Schedule|SCHEDULE) (?P<num>\d+[A-Z]?)(?:—|\s)(?=\[|[A-Z][A-Z’'\-,]+(?:[\s—]|$))"
    # at the start of a printed line, a schedule's heading may be in any case: "Schedule 1—Specifications for …"
    r"|(?<=\n)(?:Schedule|SCHEDULE) (?P<lnum>\d+[A-Z]?)(?: ?[—–-] ?[A-Z(]| *\n)"
)


def _heading_start(m: re.Match[str]) -> int:
    """How many characters of a line-start schedule match belong to its heading (the first letter matched)."""
    if m.group("lnum") is None:
        return 0
    tail = m.group(0)[len(f"Schedule {m.group('lnum')}") :]
    return 1 if tail.rstrip()[-1:].isalpha() or tail.rstrip().endswith("(") else 0


#: A printed line naming a schedule by its place: "FIRST SCHEDULE", "Second Schedule" (its heading may follow a dash).
ORDINAL_SCHEDULE = re.compile(
    # in capitals on a line of its own or before a dash ("FIRST SCHEDULE"); in title case only before a dash and its
    # heading ("First Schedule—Fences"), as a wrapped sentence may leave "First Schedule" alone on a line
    r"(?<=\n)(?:(?P<caps>" + "|".join(o.upper() for o in ORDINALS) + r") SCHEDULE(?P<ctail> *\n| ?[—–-] ?(?=[A-Z(]))"
    r"|(?P<title>" + "|".join(ORDINALS) + r") Schedule(?P<ttail> ?[—–-] ?(?=[A-Z(])))"
)


def _ordinal_schedules(stream: str) -> tuple[str, list[tuple[str, str]]] | None:
    """Schedules named FIRST SCHEDULE, SECOND SCHEDULE … at the start of printed lines, in that order from the first
    (each takes the ordinal word as its number, ``First``); None when the law has none."""
    starts: list[re.Match[str]] = []
    for m in ORDINAL_SCHEDULE.finditer(stream):
        if len(starts) < len(ORDINALS) and (m.group("caps") or m.group("title")).capitalize() == ORDINALS[len(starts)]:
            starts.append(m)
    if not starts:
        return None
    regions = []
    for i, m in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(stream)
        dashed = not (m.group("ctail") or m.group("ttail")).endswith("\n")
        # A heading printed on the label's line is marked with a leading dash (tables.parse_schedule reads it so).
        regions.append(((m.group("caps") or m.group("title")).capitalize(), ("—" if dashed else "") + stream[m.end() : end]))
    return stream[: starts[0].start()], regions


#: A printed line holding only the word SCHEDULE (a law's only schedule, unnumbered).
BARE_SCHEDULE = re.compile(r"(?<=\n)SCHEDULE *(?=\n)")


def split_schedules(stream: str, notes: list[str] | None = None) -> tuple[str, list[tuple[str, str]]]:
    """Separate the body from its schedules: (body, [(schedule number, schedule text)])."""
    starts: list[re.Match[str]] = []
    expected = 1
    for m in SCHEDULE_START.finditer(stream):
        label = m.group("num") or m.group("lnum")
        n = int(re.match(r"\d+", label).group(0))  # type: ignore[union-attr]
        before = stream[: m.start()]
        inserted = label[-1:].isalpha() and n == expected - 1  # Schedule 3A after Schedule 3
        if n != expected and not inserted:
            continue
        # A table's last row may end in a bare number (a penalty under a "$" heading) just before the next schedule.
        if not (
            strong_break(before)
            or before.endswith("\n")
            or re.search(r"(?:PART \d+—[A-Z ,]+|\$[\d,]+|\d[\d,]* ?m?|—)\s*$", before)
        ):
            continue
        starts.append(m)
        expected = n + 1 if not inserted else expected
    if not starts:
        ordinal = _ordinal_schedules(stream)
        return ordinal if ordinal is not None else _bare_schedule(stream, notes)
    body = stream[: starts[0].start()]
    regions = []
    for i, m in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(stream)
        back = _heading_start(m)
        # A heading printed on the label's line is marked with a leading dash (tables.parse_schedule reads it so).
        regions.append((m.group("num") or m.group("lnum"), ("—" if back else "") + stream[m.end() - back : end]))
    return body, regions


def _bare_schedule(stream: str, notes: list[str] | None) -> tuple[str, list[tuple[str, str]]]:
    """A law's only schedule printed as a bare ``SCHEDULE`` line, read as Schedule 1 (with a note)."""
    bare = list(BARE_SCHEDULE.finditer(stream))
    if not bare:
        return stream, []
    if len(bare) > 1:
        if notes is not None:
            lines = ", ".join(str(stream.count("\n", 0, m.start()) + 1) for m in bare)
            notes.append(
                f"{len(bare)} lines read only 'SCHEDULE' (lines {lines} of the law's text): unnumbered schedules cannot be "
                "told apart, so they are kept as words; number them in the source ('SCHEDULE 1', 'SCHEDULE 2') to read them"
            )
        return stream, []
    m = bare[0]
    if notes is not None:
        notes.append("supplied: the law's only schedule is printed 'SCHEDULE' without a number; it is read as Schedule ‘1’")
    return stream[: m.start()], [("1", stream[m.end() :])]
