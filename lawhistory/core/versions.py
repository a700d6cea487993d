"""Point in time: the values of a law's versions (``Version``, ``Timeline``), which instruments act on a law, and the
one rule of the version in force on a date. ``timeline.build_timeline`` derives them.

A law's versions are derived, never stored: the principal law, then each instrument that amends
it applied in commencement order (ties: gazette date, then first page). Instruments may arrive in
any order; the timeline is always recomputed from all of them.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .errors import LawHistoryError
from .model import Instrument, Law, LawRef, Provision, normal_title
from .status import commencement_fix as commencement_fix
from .status import latest_status as latest_status
from .status import status_on as status_on
from .status import uncertain_commencement as uncertain_commencement
from .status import uncertain_from as uncertain_from
from .status import unknown_commencement as unknown_commencement
from .status import unknown_status as unknown_status

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
