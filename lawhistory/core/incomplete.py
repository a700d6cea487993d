"""What a law's consolidation leaves out (issue 21): every instrument the repository holds that acts on the law and is
not in its versions — refused when its law arrived, refused by ``amend`` and kept, or waiting for earlier amendments
the repository lacks. On and after such an instrument's commencement the law as shown is *incomplete*, and every view
says so; before it, nothing is missing. The one rule of which dates are affected is ``affecting``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .versions import Timeline


@dataclass(frozen=True, slots=True)
class NotApplied:
    """An instrument known and not applied to a law: its title, id, commencement (None: unknown), why, and its gazette
    date (``published``: with no commencement known, the first day it can affect)."""

    instrument: str
    instrument_id: str
    commences: dt.date | None
    reason: str
    published: dt.date | None = None

    @property
    def earliest(self) -> dt.date | None:
        """The first day the law's text can omit it: its commencement, else its publication (None: any day)."""
        return self.commences or self.published

    def as_json(self) -> dict[str, str | None]:
        return {
            "instrument": self.instrument,
            "instrument_id": self.instrument_id,
            "commences": self.commences.isoformat() if self.commences else None,
            "reason": self.reason,
        }

    def sentence(self) -> str:
        """One line: 'X (commencing D), not applied: why'."""
        when = f"commencing {self.commences}" if self.commences else "commencement unknown"
        return f"{self.instrument} ({when}), not applied: {self.reason}"


def one_line(text: str) -> str:
    """``text`` on one line: a reason is printed after a label, and a line break in it would run into the next line."""
    return " ".join(text.split())


def not_applied(tl: Timeline, *, every: bool = False) -> tuple[NotApplied, ...]:
    """The instruments ``tl`` leaves out, in commencement order. One that commences on or after the law's repeal is not
    missing from it (the law is no more), so it is listed only with ``every`` (``history`` lists all)."""
    out = []
    for inst, why in tl.waiting:
        when = inst.law.meta.commencement.date
        if not every and tl.repealed_from is not None and when is not None and when >= tl.repealed_from:
            continue
        reason = f"refused by amend on {inst.refused.on}: {why}" if inst.refused is not None else why
        out.append(NotApplied(inst.title, inst.id, when, one_line(reason), inst.law.meta.gazette.date))
    return tuple(sorted(out, key=lambda n: (n.commences or dt.date.max, n.instrument_id)))


def affecting(items: Iterable[NotApplied], at: dt.date | None) -> tuple[NotApplied, ...]:
    """Those of ``items`` that the law as shown on ``at`` omits: commenced on or before ``at``, or of unknown
    commencement and published by ``at`` (it cannot be said to be later; it did not commence before it was published)
    or not known to be. ``at`` None is the latest version, which omits every one."""
    return tuple(n for n in items if at is None or n.earliest is None or n.earliest <= at)


def warning_line(items: Iterable[NotApplied]) -> str | None:
    """The one warning every text view prints first, or None when nothing is missing."""
    found = list(items)
    if not found:
        return None
    return "INCOMPLETE: this text omits " + "; ".join(n.sentence() for n in found)
