"""``lawhistory amend``: parse, verify and store an amending or repeal instrument, all or nothing."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from .apply import TargetNotFound, WordsNotFound
from .dates import commencement
from .diff import ProvisionChange, changes_between
from .errors import BadLawId, ImportFailed, LawHistoryError
from .gazette import law_id
from .importers import ImportOptions, read_source
from .instructions import InstructionNotUnderstood, parse_unit, units
from .instrument_file import Instrument, render_instrument
from .library import read_file, source_name
from .model import Law, LawRef
from .operations import Operation
from .repo import Repository
from .versions import Timeline, build_timeline, gazette_mismatch, instruments_for, refers_to, targets


class InstrumentRefused(LawHistoryError):
    """The instrument cannot be applied; nothing was written."""


@dataclass
class AmendOutcome:
    """What happened (or, on a dry run, would happen) to one instrument."""

    instrument: Instrument
    status: str  # applied | pending
    law_id: str | None = None
    reason: str | None = None
    version_from: dt.date | None = None
    changes: list[ProvisionChange] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    path: str | None = None


def read_instruments(repo: Repository, path: Path, gazette_date: dt.date | None) -> tuple[list[Instrument], list[str]]:
    """The amending and repeal instruments in ``path``, with their operations parsed."""
    options = ImportOptions(gazette_date=gazette_date, source=source_name(repo, path))
    found = read_source(read_file(path), options, str(path))
    instruments = []
    principals = [law.meta.title for law in found.laws if law.meta.kind == "principal"]
    for law in found.laws:
        if law.meta.kind == "principal":
            continue
        notes: list[str] = list(law.meta.notes)
        ops: list[Operation] = []
        for unit in units(law):
            try:
                ops += parse_unit(unit, notes)
            except InstructionNotUnderstood as e:
                raise InstrumentRefused(f"{law.meta.title} {e}") from None
        meta = law.meta
        if meta.kind == "repeal" or any(op.action == "repeal" for op in ops):
            repealed = tuple(
                LawRef(title=op.target, gazette_date=dt.date.fromisoformat(op.words) if op.words else None)
                for op in ops
                if op.action == "repeal"
            )
            meta = replace(meta, kind="repeal", repeals=repealed or meta.repeals)
        if not ops:
            raise InstrumentRefused(f"{meta.title}: no amending instructions were found in it")
        meta = replace(meta, notes=tuple(dict.fromkeys(notes)))
        instruments.append(Instrument(law=replace(law, meta=meta), operations=tuple(ops)))
    if not instruments:
        if principals:
            raise ImportFailed(
                f"{path} holds principal laws only ({'; '.join(principals)}); add them with 'lawhistory import {path}'"
            )
        raise ImportFailed(f"{path}: no amending or repeal instrument found")
    return instruments, principals


def _with_gazette(inst: Instrument, gazette_date: dt.date | None) -> Instrument:
    meta = inst.law.meta
    if meta.gazette.date is None and gazette_date is not None:
        meta = replace(
            meta,
            gazette=replace(meta.gazette, date=gazette_date),
            commencement=commencement(meta.commencement.wording, gazette_date),
        )
    return replace(inst, law=replace(inst.law, meta=meta))


def _earlier_missing(inst: Instrument, law: Law, existing: list[Instrument]) -> list[dt.date]:
    have = {i.law.meta.gazette.date for i in instruments_for(law, existing)}
    return [d for d in inst.law.meta.earlier_amendments if d not in have]


def _applied(tl: Timeline) -> set[str]:
    return {v.instrument.id for v in tl.versions if v.instrument is not None} | ({tl.repealed_by.id} if tl.repealed_by else set())


def check(repo: Repository, inst: Instrument, laws: list[Law], existing: list[Instrument]) -> AmendOutcome:
    """Verify ``inst`` against the repository; raise InstrumentRefused or say how it would apply.

    ``laws`` are the candidate principal laws, ``existing`` the instruments that act on them.
    """
    if any(e.id == inst.id for e in existing) and not repo.instrument_path(inst.id).exists():
        raise InstrumentRefused(f"the file holds {inst.title} twice; give each instrument once")
    if repo.instrument_path(inst.id).exists() or any(e.id == inst.id for e in existing):
        raise InstrumentRefused(
            f"{inst.title} is already in the repository ({repo.relative(repo.instrument_path(inst.id))}); it is not applied twice"
        )
    law = next((law for law in laws if any(refers_to(ref, law) for ref in targets(inst))), None)
    outcome = AmendOutcome(instrument=inst, status="pending", notes=list(inst.law.meta.notes))
    if law is None:
        names = "; ".join(r.title for r in targets(inst)) or "its principal law"
        outcome.reason = f"{names} is not in the repository; the instrument is kept and applies when that law is imported"
        if inst.law.meta.commencement.date is None:
            outcome.warnings.append("its gazette date is not known: give --gazette-date so its commencement can be computed")
        return outcome
    outcome.law_id = law.meta.id
    mismatch = gazette_mismatch(inst, law)
    if mismatch:
        raise InstrumentRefused(f"{mismatch}; check the instrument's principal-law reference and the law's gazette date")
    if inst.law.meta.commencement.date is None:
        raise InstrumentRefused(
            f"{inst.title}: its commencement cannot be computed "
            f"({inst.law.meta.commencement.wording or 'no commencement words found'}); give --gazette-date YYYY-MM-DD"
        )
    before = build_timeline(law, existing)
    after = build_timeline(law, [*existing, inst])
    refused = dict((i.id, why) for i, why in after.waiting)
    missing = _earlier_missing(inst, law, existing)
    if missing:
        outcome.warnings.append(
            "history incomplete: the instrument lists amendments published on "
            + ", ".join(str(d) for d in missing)
            + " that are not in the repository"
        )
    if inst.id in refused:
        if missing and isinstance(after.errors.get(inst.id), (TargetNotFound, WordsNotFound)):
            # It amends the law as amended by instruments we do not have yet: keep it until they arrive.
            outcome.reason = f"it cannot be applied until the amendments it lists arrive ({refused[inst.id]})"
            return outcome
        raise InstrumentRefused(refused[inst.id])
    lost = (_applied(before) - _applied(after)) & set(refused)
    if lost:
        first = next(iter(sorted(lost)))
        raise InstrumentRefused(
            f"{inst.title} commences before an instrument already applied, which would then fail: {refused[first]}"
        )
    outcome.status = "applied"
    if inst.law.meta.kind == "repeal" or any(op.action == "repeal" for op in inst.operations):
        outcome.version_from = after.repealed_from
        return outcome
    new_version = next(v for v in after.versions if v.instrument is not None and v.instrument.id == inst.id)
    previous = after.versions[new_version.number - 1]
    outcome.version_from = new_version.valid_from
    outcome.changes = changes_between(previous.body, new_version.body)
    return outcome


def _law_named(repo: Repository, inst: Instrument, ref: LawRef) -> Law | None:
    """The law an instrument names, found by the id its title gives (no other law is read)."""
    if ref.id:
        return repo.law_by_id(ref.id)
    try:
        law = repo.law_by_id(law_id(inst.law.meta.local_government, ref.title))
    except BadLawId:
        law = None  # the title makes no id: look for it among the titles
    if law is not None and refers_to(ref, law):
        return law
    for ident, title in repo.law_titles():
        if " ".join(title.lower().split()) == " ".join(ref.title.lower().split()):
            return repo.law_by_id(ident)
    return None


def amend(
    repo: Repository,
    path: Path,
    *,
    gazette_date: dt.date | None = None,
    dry_run: bool = False,
    notice: Callable[[str], None] | None = None,
) -> tuple[list[AmendOutcome], list[str]]:
    """Parse, verify and (unless ``dry_run``) store every instrument in ``path``; all or nothing.

    ``notice`` is told when another command holds the repository's lock and this one waits for it.
    """
    instruments, principals = read_instruments(repo, path, gazette_date)
    instruments = [_with_gazette(i, gazette_date) for i in instruments]
    with repo.lock(wait=not dry_run, notice=notice, reading=dry_run):
        outcomes = []
        earlier: list[Instrument] = []  # instruments of this same file, checked before this one
        for inst in instruments:
            refs = targets(inst)
            laws = [law for ref in refs if (law := _law_named(repo, inst, ref)) is not None]
            existing = [i for i in repo.instruments_about([ref.title for ref in refs]) if i.id != inst.id]
            outcomes.append(check(repo, inst, laws, [*existing, *earlier]))
            earlier.append(inst)
        if not dry_run:
            files = {repo.instrument_path(o.instrument.id): render_instrument(o.instrument) for o in outcomes}
            repo.write_files(files)
            for outcome in outcomes:
                outcome.path = repo.relative(repo.instrument_path(outcome.instrument.id))
    return outcomes, principals
