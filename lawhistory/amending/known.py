"""Bitemporal point in time: the law in force on a date *as known* on another date.

A reader of the Government Gazette on day K knew only the instruments published in it by K. The law in force on D as
known on K is the timeline built from the principal law and the instruments gazetted on or before K, read on D. An
instrument gazetted after K is ignored even when it commences before D (a retrospective commencement), and so is one
whose gazette date is not known (nobody can say it was known).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from ..core.errors import LawHistoryError
from ..core.model import Instrument, Law
from ..core.versions import Timeline, instruments_for
from .timeline import build_timeline


@dataclass(frozen=True, slots=True)
class Ignored:
    """An instrument left out because it was not published in the Gazette by the date known."""

    id: str
    title: str
    gazette_date: dt.date | None
    commencement: dt.date | None

    def describe(self) -> str:
        published = f"published in the Gazette on {self.gazette_date}" if self.gazette_date else "gazette date unknown"
        starts = f", commencing {self.commencement}" if self.commencement else ""
        return f"{self.title} ({published}{starts})"

    def as_json(self) -> dict[str, str | None]:
        return {
            "id": self.id,
            "title": self.title,
            "gazette_date": self.gazette_date.isoformat() if self.gazette_date else None,
            "commencement": self.commencement.isoformat() if self.commencement else None,
        }


@dataclass(frozen=True, slots=True)
class Known:
    """The date known, and what was ignored as not yet published."""

    date: dt.date
    ignored: tuple[Ignored, ...]
    refused: tuple[tuple[str, str], ...] = ()  # (title, why): published by then, but not applicable to the law then known

    def sentence(self) -> str:
        if not self.ignored:
            said = f"As known on {self.date}: every instrument of this law had been published in the Gazette by then."
        else:
            names = "; ".join(i.describe() for i in self.ignored)
            said = f"As known on {self.date}: ignores, as not yet published in the Gazette, {names}."
        if self.refused:
            said += " Published by then but not applicable to the law as then known: " + "; ".join(
                f"{title} ({why})" for title, why in self.refused
            )
            said += "."
        return said

    def as_json(self) -> dict[str, object]:
        return {
            "known": self.date.isoformat(),
            "ignored_instruments": [i.as_json() for i in self.ignored],
            "not_applicable": [{"instrument": title, "reason": why} for title, why in self.refused],
        }


def published_by(inst: Instrument, known: dt.date) -> bool:
    date = inst.law.meta.gazette.date
    return date is not None and date <= known


def known_timeline(law: Law, instruments: Iterable[Instrument], known: dt.date) -> tuple[Timeline, Known]:
    """The law's timeline from the instruments published by ``known``, and those ignored (pure).

    Refuses a law that itself was not published by then: nothing of it could be known.
    """
    meta = law.meta
    if meta.gazette.date is None:
        raise LawHistoryError(
            f"{meta.id}: its gazette date is not known, so what could be known of it on {known} cannot be said; "
            "re-import it with --gazette-date"
        )
    if meta.gazette.date > known:
        raise LawHistoryError(
            f"{meta.id} was published in the Gazette on {meta.gazette.date}, after --known {known}: "
            "nothing of it could be known then; give a later --known date"
        )
    mine = instruments_for(law, instruments)
    kept = [i for i in mine if published_by(i, known)]
    ignored = tuple(
        Ignored(i.id, i.title, i.law.meta.gazette.date, i.law.meta.commencement.date)
        for i in sorted(mine, key=lambda i: (i.law.meta.gazette.date or dt.date.max, i.id))
        if not published_by(i, known)
    )
    tl = build_timeline(law, kept)
    refused = tuple((i.title, str(tl.errors[i.id])) for i in kept if i.id in tl.errors)
    return tl, Known(known, ignored, refused)
