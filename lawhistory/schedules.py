"""Where a law's schedules begin: the body is read as clauses, each schedule as a table or list (tables.py)."""

from __future__ import annotations

import re

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


def split_schedules(stream: str) -> tuple[str, list[tuple[str, str]]]:
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
        return stream, []
    body = stream[: starts[0].start()]
    regions = []
    for i, m in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(stream)
        back = _heading_start(m)
        # A heading printed on the label's line is marked with a leading dash (tables.parse_schedule reads it so).
        regions.append((m.group("num") or m.group("lnum"), ("—" if back else "") + stream[m.end() - back : end]))
    return body, regions
