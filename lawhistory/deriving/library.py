"""What the commands do, as plain functions over a repository. The CLI only parses and prints."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..amending.known import Known, known_timeline
from ..amending.timeline import build_timeline
from ..core import files
from ..core.diff import ProvisionChange, changes_between
from ..core.errors import ImportFailed, LawHistoryError
from ..core.incomplete import affecting, not_applied, one_line
from ..core.model import Law
from ..core.partly import NotYetInForce, not_yet_in_force
from ..core.versions import Timeline, Version, in_force, latest_status, status_on, uncertain_from, unknown_status
from ..files.inputs import Inputs, repository_index
from ..files.repo import Repository
from ..files.textformat import render
from ..reading.importers import ImportOptions, read_source
from .reviews import Review, review, sort_key
from .rows import version_fields


@dataclass
class ImportReport:
    imported: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    skipped_instruments: list[str] = field(default_factory=list)
    notes: dict[str, list[str]] = field(default_factory=dict)
    #: law id → each pending instrument tried on it now it is here: (title, None when applied, else why not)
    tried: dict[str, list[tuple[str, str | None]]] = field(default_factory=dict)


def read_file(path: Path) -> bytes:
    """A source file's bytes, up to the size limit (``files.max_bytes``)."""
    if path.is_dir():
        raise ImportFailed(f"{path} is a folder; give the file holding the gazette text")
    return files.read_bytes(path, str(path), error=ImportFailed)


def source_name(repo: Repository, path: Path) -> str:
    """How a source file is named in front matter: relative to the repository when inside it."""
    try:
        return str(path.resolve().relative_to(repo.root))
    except ValueError:
        return path.name


def import_file(
    repo: Repository,
    path: Path,
    *,
    gazette_date: dt.date | None = None,
    title: str | None = None,
    local_government: str | None = None,
) -> ImportReport:
    """Import the principal laws in ``path`` into ``repo``; amending instruments are left for ``amend``."""
    options = ImportOptions(
        gazette_date=gazette_date, title=title, local_government=local_government, source=source_name(repo, path)
    )
    imported = read_source(read_file(path), options, str(path))
    report = ImportReport()
    principals = [law for law in imported.laws if law.meta.kind == "principal"]
    report.skipped_instruments = [law.meta.title for law in imported.laws if law.meta.kind != "principal"]
    if not principals:
        names = "; ".join(report.skipped_instruments)
        raise ImportFailed(
            f"{path} holds amending or repeal instruments only ({names}); apply them with 'lawhistory amend {path}'"
        )
    with repo.lock():
        for law in principals:
            old = repo.law_by_id(law.meta.id)
            if old is not None:
                if render(old) == render(law):
                    report.unchanged.append(law.meta.id)
                    continue
                raise ImportFailed(
                    f"{law.meta.id} is already in the repository with a different text "
                    f"({repo.relative(repo.law_path(law.meta.id))}); remove that file first if this source should replace it"
                )
        new = [law for law in principals if law.meta.id not in report.unchanged]
        repo.write_files({repo.law_path(law.meta.id): render(law) for law in new})
        for law in new:
            report.imported.append(law.meta.id)
            report.notes[law.meta.id] = list(law.meta.notes)
        if new:
            index = repository_index(repo)
            for law in new:
                report.tried[law.meta.id] = tried_on(build_timeline(law, index.claimed(law.meta.id)))
    return report


def tried_on(tl: Timeline) -> list[tuple[str, str | None]]:
    """Each instrument of ``tl``'s law (the record of a refusal aside, which is not tried): None when applied, else why
    it is not (on one line)."""
    waiting = {i.id: one_line(why) for i, why in tl.waiting}
    mine = [v.instrument for v in tl.versions if v.instrument is not None]
    mine += [tl.repealed_by] if tl.repealed_by is not None else []
    mine += [i for i, _ in tl.waiting if i.refused is None]
    return [(i.title, waiting.get(i.id)) for i in sorted(mine, key=lambda i: (i.law.meta.commencement.date or dt.date.max, i.id))]


def timelines(repo: Repository) -> list[Timeline]:
    """Every law's timeline, each from the instruments the repository index says act on it."""
    inputs = repository_index(repo)
    return [build_timeline(inputs.law(law_id), inputs.claimed(law_id)) for law_id in inputs.laws]


def resolve(repo: Repository, query: str, inputs: Inputs | None = None) -> Law:
    """The law whose id is ``query``, or whose title (or id) contains it unambiguously (from the repository index)."""
    inputs = inputs or repository_index(repo)
    return inputs.law(inputs.resolve(query))


def timeline_for(repo: Repository, query: str) -> Timeline:
    """The timeline of one law, reading only its own file and the instruments the repository index says act on it."""
    inputs = repository_index(repo)
    law_id = inputs.resolve(query)
    return build_timeline(inputs.law(law_id), inputs.claimed(law_id))


def law_status_today(tl: Timeline, today: dt.date) -> str:
    meta = tl.law.meta
    if meta.commencement.date is None:
        return unknown_status(today, meta.gazette.date)
    uncertain = uncertain_from(meta.commencement.rule, meta.gazette.date)
    return status_on(today, meta.commencement.date, tl.repealed_from, [v.valid_from for v in tl.versions], uncertain)[0]


def list_rows(repo: Repository, today: dt.date | None = None) -> list[dict[str, Any]]:
    today = today or dt.date.today()
    rows = []
    for tl in timelines(repo):
        meta = tl.law.meta
        rows.append(
            {
                "id": meta.id,
                "title": meta.title,
                "local_government": meta.local_government,
                "status": law_status_today(tl, today),
                "commencement": meta.commencement.date.isoformat() if meta.commencement.date else None,
                "gazette_date": meta.gazette.date.isoformat() if meta.gazette.date else None,
                "versions": len(tl.versions),
                "partial": meta.partial,
                # what the text in force today omits (core.incomplete); [] when nothing
                "incomplete": [n.as_json() for n in affecting(not_applied(tl), today)],
                # the clauses not yet in force today of the law itself or of instruments applied in part (core.partly)
                "not_yet_in_force": [n.as_json() for n in in_part_on(tl, today)],
            }
        )
    return rows


def in_part_on(tl: Timeline, day: dt.date) -> tuple[NotYetInForce, ...]:
    """The clauses of ``tl``'s law (its commencement split) or of instruments applied in part that are not yet in force
    on ``day`` (``core.partly``); () when the law is not in force then, or its status that day is not known."""
    try:
        status, version = in_force(tl, day)
    except LawHistoryError:  # commencement unknown or uncertain: no text is in force to be in part
        return ()
    return not_yet_in_force(tl, version, day) if status == "in_force" else ()


def review_rows(repo: Repository, at: dt.date | None = None) -> list[Review]:
    """Every law's statutory review as at ``at`` (default today), per local government, soonest due first."""
    at = at or dt.date.today()
    out = []
    for tl in timelines(repo):
        m = tl.law.meta
        out.append(review(m.id, m.title, m.local_government, m.commencement.date, tl.repealed_from, m.reviews, at))
    return sorted(out, key=sort_key)


@dataclass(frozen=True, slots=True)
class VersionAt:
    """A law's timeline with its status and version on ``as_at`` (None: its latest version)."""

    timeline: Timeline
    as_at: dt.date | None
    status: str
    version: Version | None


@dataclass(frozen=True, slots=True)
class KnownVersion(VersionAt):
    """A ``VersionAt`` derived only from what was known on a date, with the note on what was left out."""

    known: Known


@dataclass(frozen=True, slots=True)
class LawDiff:
    """The word-level changes to a law between two dates, with its status on each (``labels``)."""

    timeline: Timeline
    changes: list[ProvisionChange]
    labels: tuple[str, str]


def version_at(repo: Repository, query: str, at: dt.date | None) -> VersionAt:
    """The law matching ``query`` with its version in force on ``at`` (default: its latest version), derived."""
    return as_at(timeline_for(repo, query), at)


def show_known(repo: Repository, query: str, at: dt.date | None, known: dt.date) -> KnownVersion:
    """As ``version_at``, using only the instruments published in the Gazette on or before ``known`` (``known.py``)."""
    inputs = repository_index(repo)
    law_id = inputs.resolve(query)
    tl, note = known_timeline(inputs.law(law_id), inputs.claimed(law_id), known)
    found = as_at(tl, at)
    return KnownVersion(found.timeline, found.as_at, found.status, found.version, note)


def as_at(tl: Timeline, at: dt.date | None) -> VersionAt:
    """``tl`` with its status and version on ``at`` (None: its latest version)."""
    if at is None:
        return VersionAt(tl, None, latest_status(tl.law.meta.commencement.date, tl.repealed_from), tl.versions[-1])
    status, version = in_force(tl, at)
    return VersionAt(tl, at, status, version)


def history_rows(tl: Timeline) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for v in tl.versions:
        meta = v.instrument.law.meta if v.instrument else tl.law.meta
        rows.append(
            {
                **version_fields(v),
                "instrument": meta.title,
                "instrument_id": meta.id,
                "gazette": f"{meta.gazette.date}" + (f" p. {meta.gazette.pages}" if meta.gazette.pages else "")
                if meta.gazette.date
                else "unknown",
                # the days its commencement gives clauses of their own (the law as made: those after its first day)
                "clauses": [{"clause": c, "commences": d.isoformat()} for c, d in meta.commencement.clauses],
                # the clauses not yet in force on its first day (core.partly): the law's own, or an instrument's
                "not_yet_in_force": [n.as_json() for n in not_yet_in_force(tl, v)],
            }
        )
    if tl.repealed_by is not None:
        meta = tl.repealed_by.law.meta
        rows.append(
            {
                "number": len(tl.versions),
                "valid_from": tl.repealed_from.isoformat() if tl.repealed_from else None,
                "valid_to": None,
                "instrument": f"{meta.title} (repeal)",
                "instrument_id": meta.id,
                "gazette": str(meta.gazette.date) if meta.gazette.date else "unknown",
                "clauses": [],
                "not_yet_in_force": [],
            }
        )
    return rows


def diff(repo: Repository, query: str, d1: dt.date, d2: dt.date) -> LawDiff:
    """The word-level changes to a law between the versions in force on two dates."""
    if d2 < d1:
        raise LawHistoryError(f"--from {d1} is after --to {d2}; give the earlier date first")
    tl = timeline_for(repo, query)
    s1, v1 = in_force(tl, d1)
    s2, v2 = in_force(tl, d2)
    old = v1.body if v1 else ()
    new = v2.body if v2 else ()
    return LawDiff(tl, changes_between(old, new), (s1, s2))
