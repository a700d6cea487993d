"""A law partly amended on a date: an instrument whose commencement gives its clauses days of their own (rule
``by_clause``) is applied on each of those days, and between its first and its last the law shown for a date is the
law with some of its clauses only. Every view of such a date names the clauses of the instrument not yet in force
(``not_yet_in_force``), so the law is never shown as amended by the instrument with no word that part of it waits.
The note is the same on every day of a version (each of the instrument's days begins one), so the build stores it in
the version's row (``versions.not_in_force``).

A principal law's own commencement may give some of its clauses a later day (``dates.principal_commencement``): from
its first day the law is in force in part, its text printed whole as made, and every view names the clauses not yet
in force and their days in the same note (``printed``: the law's own clauses, printed in the text though waiting).
No version begins on their days (the text does not change): the note is read as on the day shown (``on_day``).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .versions import Timeline, Version


def clause_days_line(days: tuple[tuple[str, dt.date], ...]) -> str:
    """Clauses and their days in one line: "cl. 1, 2, 3 on 2014-05-16; cl. 4, 5 on 2014-05-30; cl. 6 on 2014-07-01"."""
    by_day: dict[dt.date, list[str]] = {}
    for clause, day in days:
        by_day.setdefault(day, []).append(clause)
    return "; ".join(f"cl. {', '.join(clauses)} on {day}" for day, clauses in sorted(by_day.items()))


@dataclass(frozen=True, slots=True)
class NotYetInForce:
    """An instrument applied in part on the date shown: its title, id, and each of its clauses amending the law that
    is not yet in force, with the day it comes into operation."""

    instrument: str
    instrument_id: str
    clauses: tuple[tuple[str, dt.date], ...]
    printed: bool = False  # the law's own clauses (its commencement split): printed in the text, though not in force

    def as_json(self) -> dict[str, Any]:
        return {
            "instrument": self.instrument,
            "instrument_id": self.instrument_id,
            "clauses": [{"clause": clause, "commences": day.isoformat()} for clause, day in self.clauses],
            **({"law_itself": True} if self.printed else {}),
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> NotYetInForce:
        clauses = tuple((str(c["clause"]), dt.date.fromisoformat(c["commences"])) for c in d["clauses"])
        return cls(str(d["instrument"]), str(d["instrument_id"]), clauses, bool(d.get("law_itself")))

    def after(self) -> str:
        """What the note says of the clauses: not in the text (an instrument's), or printed though waiting (the law's)."""
        return "not yet in force, though printed in this text" if self.printed else "not yet in force, so not in this text"

    def sentence(self) -> str:
        """One line: 'X: cl. 6 on 2014-07-01 — not yet in force, so not in this text'."""
        return f"{self.instrument}: {clause_days_line(self.clauses)} — {self.after()}"


def not_yet_in_force(tl: Timeline, version: Version | None, at: dt.date | None = None) -> tuple[NotYetInForce, ...]:
    """The instruments of ``tl`` in force in part while ``version`` applies (on ``at``, a day of it, when given):
    those whose amending clauses (of this law) are given days of their own, some on or before the version's first day
    and some after it (after ``at``) — with the latter. Each of those days begins a version of its own, unless its
    clauses were refused: then from that day the instrument is not applied (``core.incomplete``), and not noted here."""
    from .versions import clause_head, own_operations

    if version is None or version.valid_from is None:
        return ()
    start = version.valid_from
    seen: dict[str, NotYetInForce] = {}
    meta = tl.law.meta
    if meta.kind == "principal" and meta.commencement.rule == "by_clause":
        # the law's own clauses given a later day (``dates.principal_commencement``): printed, though waiting
        own = tuple((clause, day) for clause, day in meta.commencement.clauses if day > start)
        if own:
            seen[meta.id] = NotYetInForce(meta.title, meta.id, own, printed=True)
    for v in tl.versions:
        inst = v.instrument
        when = inst.law.meta.commencement if inst is not None else None
        if inst is None or when is None or when.rule != "by_clause" or inst.id in seen:
            continue
        amending = {clause_head(inst.operations[seq - 1].clause) for seq in own_operations(inst, tl.law)}
        days = [(clause, day) for clause, day in when.clauses if clause in amending]
        waits = tuple((clause, day) for clause, day in days if day > start)
        if waits and any(day <= start for _, day in days):
            seen[inst.id] = NotYetInForce(inst.title, inst.id, waits)
    return on_day(tuple(seen.values()), at)


def stretches(tl: Timeline) -> list[tuple[dt.date, dt.date | None, NotYetInForce]]:
    """Each stretch of days on which ``tl``'s law is in force in part, with what waits (``not_yet_in_force``, as on
    each of its days): a version's days cut at each day a waiting clause commences, in order; (first day, the first
    day after it or None, one instrument's clauses). The rows of the database's ``in_part``."""
    out: list[tuple[dt.date, dt.date | None, NotYetInForce]] = []
    for v in tl.versions:
        items = not_yet_in_force(tl, v)
        if v.valid_from is None or not items:
            continue
        cuts = sorted({day for n in items for _, day in n.clauses if v.valid_to is None or day < v.valid_to})
        starts = [v.valid_from, *(day for day in cuts if day > v.valid_from)]
        for i, start in enumerate(starts):
            end = starts[i + 1] if i + 1 < len(starts) else v.valid_to
            out += [(start, end, n) for n in on_day(items, start)]
    return out


def on_day(items: Iterable[NotYetInForce], at: dt.date | None) -> tuple[NotYetInForce, ...]:
    """``items`` (a version's, ``not_yet_in_force``) as on ``at``: the clauses commencing after it (None: all)."""
    out = []
    for n in items:
        waits = tuple((clause, day) for clause, day in n.clauses if at is None or day > at)
        if waits:
            out.append(NotYetInForce(n.instrument, n.instrument_id, waits, n.printed))
    return tuple(out)


def stored_on_day(value: str | None, at: dt.date | None) -> tuple[NotYetInForce, ...]:
    """A version row's ``not_in_force`` (the JSON the build stores, or None) as on ``at`` (``on_day``)."""
    return on_day((NotYetInForce.from_json(d) for d in json.loads(value or "[]")), at)


def note_lines(items: Iterable[NotYetInForce]) -> list[str]:
    """The note every text view prints first (after the incomplete warning) when the law is amended in part."""
    found = list(items)
    if not found:
        return []
    return ["IN FORCE IN PART: " + "; ".join(n.sentence() for n in found)]
