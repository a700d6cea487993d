"""Point in time: the values of a law's versions (``Version``, ``Timeline``), which instruments act on a law, and the
one rule of the version in force on a date. ``timeline.build_timeline`` derives them.

A law's versions are derived, never stored: the principal law, then each instrument that amends
it applied in commencement order (ties: gazette date, then first page). Instruments may arrive in
any order; the timeline is always recomputed from all of them.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .dates import UNCERTAIN
from .errors import LawHistoryError
from .model import Instrument, Law, LawRef, Provision, normal_title

if TYPE_CHECKING:
    from ..amending.apply import Step


@dataclass(frozen=True, slots=True)
class Change:
    """Who last inserted or changed a provision: instrument title and amending clause."""

    instrument: str
    instrument_id: str
    clause: str | None
    action: str
    by_hand: bool = False  # the instrument's operations were supplied by a person (``amend --operations``)

    def label(self) -> str:
        said = f"{self.instrument} cl. {self.clause}" if self.clause else self.instrument
        return f"{said} (reading supplied by hand)" if self.by_hand else said


@dataclass(frozen=True, slots=True)
class Version:
    """The text of a law from ``valid_from`` until the day before ``valid_to``."""

    number: int
    valid_from: dt.date | None
    valid_to: dt.date | None
    instrument: Instrument | None  # None: the law as made
    body: tuple[Provision, ...]
    conclusions: tuple[Provision, ...]
    provenance: Mapping[str, Change] = field(default_factory=dict)
    trace: tuple[Step, ...] = ()  # what each operation of ``instrument`` did

    @property
    def instrument_title(self) -> str | None:
        return self.instrument.title if self.instrument else None


@dataclass(frozen=True, slots=True)
class Timeline:
    law: Law
    versions: tuple[Version, ...]
    repealed_from: dt.date | None = None
    repealed_by: Instrument | None = None
    waiting: tuple[tuple[Instrument, str], ...] = ()  # instruments not applied, and why
    errors: Mapping[str, LawHistoryError] = field(default_factory=dict)  # instrument id → the refusal
    attempts: Mapping[str, tuple[Step, ...]] = field(default_factory=dict)  # instrument id → its steps to the refusal

    @property
    def made_by(self) -> Change:
        return Change(self.law.meta.title, self.law.meta.id, None, "made")


def commencement_key(inst: Instrument) -> tuple[dt.date, dt.date, int]:
    meta = inst.law.meta
    page = int((meta.gazette.pages or "0").split("-")[0] or 0)
    assert meta.commencement.date is not None
    return (meta.commencement.date, meta.gazette.date or meta.commencement.date, page)


# A title that names its local government ("Shire of X …", "X Road Board By-laws") is that council's law whoever
# cites it (a council renamed or merged repeals its predecessor's laws by their titles).
_NAMES_COUNCIL = re.compile(
    r"\b(?:Shire|Town|City|Municipality|Municipal\s+District|Road\s+District|Roads?\s+Board\s+District)\s+of\b"
    r"|\bRoads?\s+Board\b",
    re.I,
)


def council_of(ident: str) -> str:
    """The local government part of a law's or an instrument's id (``kellerberrin`` of ``kellerberrin/…``)."""
    return ident.split("/", 1)[0]


def title_reaches(title: str, inst_id: str, law_id: str) -> bool:
    """Whether an instrument ``inst_id`` naming a law by ``title`` alone (no id) may mean the law ``law_id``: a title
    that names no local government ("By-laws Relating to Dogs", "Waste Local Law 2018") means only a law of the
    instrument's own council, never another council's law of the same title."""
    return bool(_NAMES_COUNCIL.search(title)) or council_of(inst_id) == council_of(law_id)


def refers_to(ref: LawRef, law: Law) -> bool:
    """Whether an instrument's reference (by id, else by title) names ``law``."""
    if ref.id:
        return ref.id == law.meta.id
    return normal_title(ref.title) == normal_title(law.meta.title)


def targets(inst: Instrument) -> list[LawRef]:
    meta = inst.law.meta
    amended = [meta.amends, *meta.also_amends] if meta.amends else list(meta.also_amends)
    return amended + list(meta.repeals if meta.kind == "repeal" else ())


def own_operations(inst: Instrument, law: Law) -> tuple[int, ...]:
    """The 1-based places in ``inst.operations`` of the operations that act on ``law``: all of them, unless the
    instrument amends several laws, one in each Part — then those of the clauses of the Part that amends ``law``."""
    meta = inst.law.meta
    every = tuple(range(1, len(inst.operations) + 1))
    if not meta.also_amends or meta.amends is None:
        return every
    ref = next((r for r in (meta.amends, *meta.also_amends) if refers_to(r, law)), None)
    if ref is None:
        return every
    return tuple(seq for seq, op in enumerate(inst.operations, start=1) if clause_head(op.clause) in ref.clauses)


def clause_head(clause: str) -> str:
    """The instrument's clause an operation comes from ("7" for "7(1)(a)", "1.4" for "1.4(2)")."""
    return clause.split("(", 1)[0].strip()


def instruments_for(law: Law, instruments: Iterable[Instrument]) -> list[Instrument]:
    """The instruments in the repository that amend or repeal ``law``."""
    return [
        inst
        for inst in instruments
        if any(
            refers_to(ref, law) and (ref.id or title_reaches(ref.title, inst.law.meta.id, law.meta.id)) for ref in targets(inst)
        )
    ]


def gazette_mismatch(inst: Instrument, law: Law) -> str | None:
    """Why ``inst`` cannot be applied to ``law`` because it names another publication of it, or None."""
    for ref in targets(inst):
        if refers_to(ref, law) and ref.gazette_date and law.meta.gazette.date and ref.gazette_date != law.meta.gazette.date:
            return (
                f"{inst.title} amends {ref.title} as published in the Gazette on {ref.gazette_date}, "
                f"but the repository holds the text published on {law.meta.gazette.date}"
            )
    return None


def latest_status(commencement: dt.date | None, repealed_from: dt.date | None) -> str:
    """The status of a law's latest version (no date asked): repealed, in force, or commencement unknown."""
    return "repealed" if repealed_from else "in_force" if commencement else "commencement_unknown"


def uncertain_from(rule: str | None, gazette_date: dt.date | None) -> dt.date | None:
    """The first day of a law's window of uncertain commencement (its gazette date), or None when it has none."""
    return gazette_date if rule == UNCERTAIN else None


def status_on(
    date: dt.date,
    commencement: dt.date,
    repealed_from: dt.date | None,
    starts: Sequence[dt.date | None],
    uncertain: dt.date | None = None,
) -> tuple[str, int | None]:
    """The one rule of "in force on a date": (status, index of the version in force) for a law that commenced on
    ``commencement``, was repealed from ``repealed_from`` and whose versions apply from ``starts``.

    Status is ``in_force``, ``not_in_force`` (before commencement) or ``repealed`` — or ``commencement_uncertain``
    from ``uncertain`` (the first day it may have commenced) to the day before ``commencement`` (the last). The site
    reads the same rule from its rows (``publish.pages.status_at``); SQL uses ``schema.in_force_sql``.
    """
    if repealed_from is not None and date >= repealed_from:
        return "repealed", None
    if uncertain is not None and uncertain <= date < commencement:
        return "commencement_uncertain", None
    if date < commencement:
        return "not_in_force", None
    current = 0
    for n, start in enumerate(starts):
        if start is not None and start <= date:
            current = n
    return "in_force", current


def unknown_status(date: dt.date, gazette_date: dt.date | None) -> str:
    """The status on ``date`` of a law whose commencement is not known: ``not_in_force`` before its publication in the
    Gazette (with no commencement words it did not come into operation before it was published), else
    ``commencement_unknown``."""
    return "not_in_force" if gazette_date is not None and date < gazette_date else "commencement_unknown"


def in_force(tl: Timeline, date: dt.date) -> tuple[str, Version | None]:
    """(status, version) on ``date``: ``in_force``, ``not_in_force`` (before commencement) or ``repealed``."""
    meta = tl.law.meta
    start = meta.commencement.date
    if start is None:
        if unknown_status(date, meta.gazette.date) == "not_in_force":
            return "not_in_force", None
        raise unknown_commencement(meta.id, date, meta.gazette.date)
    uncertain = uncertain_from(meta.commencement.rule, meta.gazette.date)
    status, n = status_on(date, start, tl.repealed_from, [v.valid_from for v in tl.versions], uncertain)
    if status == "commencement_uncertain" and uncertain is not None:
        raise uncertain_commencement(meta.id, date, uncertain, start)
    return status, None if n is None else tl.versions[n]


def uncertain_commencement(law_id: str, date: dt.date, first: dt.date, last: dt.date) -> LawHistoryError:
    """The refusal of a date in a law's window of uncertain commencement, naming the window and the dates answered."""
    return LawHistoryError(
        f"{law_id}: it came into operation on {first} or on {last} (no commencement words; the Act it was made under "
        f"decides: Interpretation Act 1984 s 41(1)(b), or Local Government Act 1995 s 3.14 if that Act applies it), so "
        f"whether it was in force on {date} is not known; every date before {first} or from {last} is answered — or set "
        f"commencement.date (rule: fixed_date) in the front matter of laws/{law_id}.txt"
    )


def unknown_commencement(law_id: str, date: dt.date, gazette_date: dt.date | None) -> LawHistoryError:
    """The refusal of a date on or after the publication of a law whose commencement is not known (every date before
    it is answered: not yet in force)."""
    window = (
        f" (it came into operation on or after its publication on {gazette_date}: every date before that is answered)"
        if gazette_date is not None
        else ""
    )
    return LawHistoryError(
        f"{law_id}: its commencement date is not known, so what was in force on {date} cannot be said{window}; "
        + commencement_fix(law_id, gazette_date is not None)
    )


def commencement_fix(law_id: str, gazette_known: bool) -> str:
    """The fix that works for a law whose commencement is not known: its gazette date, when that is what is missing;
    else the day itself (no commencement words, and no Act named whose rule gives the day)."""
    if not gazette_known:
        return "re-import it with --gazette-date YYYY-MM-DD (the day the Gazette published it)"
    return (
        "it has no commencement words and names no Act whose rule gives the day (Local Government Act 1995 s 3.14; "
        "Interpretation Act 1984 s 41(1)(b), from 1 July 1984); set commencement.date (rule: fixed_date) in the front "
        f"matter of laws/{law_id}.txt to the day it came into operation (rule: on_gazettal if that was the day of its "
        "publication: its amendments with no commencement words then take the same rule)"
    )
