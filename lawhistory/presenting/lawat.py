"""One law as in force on a date (``LawAt``): what ``show`` prints in every format, made from a derived timeline or
read back from the build's database when that is current (the same values either way).

A ``LawAt`` holds plain values only: the law's names, the status and the version's dates, every provision with its
reprint-style note, the compilation table. ``views`` renders it; nothing here prints.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.incomplete import NotApplied, affecting, warning_line
from ..core.partly import NotYetInForce, note_lines, stored_on_day
from ..core.status import latest_status, status_on, uncertain_commencement, uncertain_from, unknown_commencement, unknown_status
from ..files.current import recorded_code, resolve_law

if TYPE_CHECKING:  # deriving a law (no current build) imports the model, the index and the notes when it must
    from ..core.versions import Timeline, Version
    from ..files.inputs import Inputs
    from ..files.repo import Repository


@dataclass(frozen=True, slots=True)
class ProvisionAt:
    """A provision as a reader sees it in one version (the columns of a ``provisions`` row)."""

    citation: str
    eid: str
    kind: str
    num: str | None
    heading: str | None
    text: str | None  # its own words; a schedule row's cells joined by ' | '
    term: str | None
    cells: tuple[str, ...]
    parent: str | None
    depth: int
    note: str | None  # "[Clause 2.8A inserted by … cl. 4]", or None
    last_changed_by: str  # the instrument (and clause) that last inserted or changed it, else the law itself
    changed: bool  # changed by an instrument since the law was made


@dataclass(frozen=True, slots=True)
class LawAt:
    """A law as at a date (``as_at``; None: its latest version), with everything ``show`` prints."""

    id: str
    title: str
    local_government: str
    as_at: dt.date | None
    status: str  # in_force, not_in_force, repealed or commencement_unknown
    commencement: dt.date | None
    repealed_from: dt.date | None
    repealed_by: str | None  # the repealing instrument's title
    valid_from: dt.date | None  # of the version shown (None with no version)
    valid_to: dt.date | None
    instrument: str | None  # title of the instrument that made the version shown (the law's own for version 0)
    has_version: bool
    provisions: tuple[ProvisionAt, ...]
    compilation: tuple[tuple[str, str, str], ...]  # (instrument, gazette, commencement) for the law and each instrument
    known: str | None = None  # what the law is as known on a date (``known.Known.sentence``), said after the status
    incomplete: tuple[NotApplied, ...] = ()  # instruments known and not applied that this text omits (core.incomplete)
    partly: tuple[NotYetInForce, ...] = ()  # instruments applied in part on the date: their clauses not yet in force


def gazette_label(date: dt.date | str | None, pages: str | None) -> str:
    if date is None:
        return "gazette date unknown"
    return f"Gazette {date}" + (f" p. {pages}" if pages else "")


def compilation_table(tl: Timeline) -> list[tuple[str, str, str]]:
    """(instrument, gazette, commencement) for the law and every instrument applied or repealing it: an instrument
    whose clauses commence on days of their own once for each day (its version's first day)."""
    meta = tl.law.meta
    rows = [(meta.title, gazette_label(meta.gazette.date, meta.gazette.pages), str(meta.commencement.date or "unknown"))]
    made = [(v.instrument, v.valid_from) for v in tl.versions[1:] if v.instrument is not None]
    repeal = [(tl.repealed_by, tl.repealed_by.law.meta.commencement.date)] if tl.repealed_by is not None else []
    for inst, day in [*made, *repeal]:
        m = inst.law.meta
        rows.append((m.title, gazette_label(m.gazette.date, m.gazette.pages), str(day)))
    return rows


def from_timeline(tl: Timeline, as_at: dt.date | None, status: str, version: Version | None) -> LawAt:
    """The law of ``tl`` as ``show`` prints it: ``version`` (in force on ``as_at``) with its provisions and notes."""
    from ..core.ids import addresses
    from ..core.incomplete import not_applied
    from ..core.partly import not_yet_in_force
    from ..deriving.notes import note_for, provision_text, versions_to

    meta = tl.law.meta
    provisions: list[ProvisionAt] = []
    if version is not None:
        history = versions_to(tl, version)
        for a in addresses(version.body, version.conclusions):
            p = a.provision
            change = version.provenance.get(a.citation)
            provisions.append(
                ProvisionAt(
                    a.citation, a.eid, p.kind, p.num, p.heading, provision_text(p), p.term, tuple(p.cells), a.parent,
                    a.depth, note_for(a, version, history), (change or tl.made_by).label(), change is not None,
                )
            )  # fmt: skip
    return LawAt(
        meta.id, meta.title, meta.local_government, as_at, status, meta.commencement.date, tl.repealed_from,
        tl.repealed_by.title if tl.repealed_by else None,
        version.valid_from if version else None, version.valid_to if version else None,
        (version.instrument_title or meta.title) if version else None, version is not None,
        tuple(provisions), tuple(compilation_table(tl)), None, _omitted(not_applied(tl), status, as_at),
        not_yet_in_force(tl, version, _in_part_day(as_at)),
    )  # fmt: skip


def _in_part_day(as_at: dt.date | None) -> dt.date:
    """The day the in-part note of the law shown on ``as_at`` is read as on: that day, or — no date asked, the latest
    version — today (a law's own clause whose day has passed is in force, though no version began on its day)."""
    return as_at or dt.date.today()


def _omitted(items: tuple[NotApplied, ...], status: str, as_at: dt.date | None) -> tuple[NotApplied, ...]:
    """What the law shown on ``as_at`` with ``status`` omits: nothing before it commenced (nothing is shown)."""
    unshown = ("not_in_force", "commencement_unknown", "commencement_uncertain")
    return () if status in unshown and as_at is not None else affecting(items, as_at)


# --- read back from the build's database -------------------------------------------------------------------------------


def _dict_rows(conn: sqlite3.Connection, sql: str, params: list[Any]) -> list[dict[str, Any]]:
    """The rows ``sql`` selects, each as a dict of its column names (``schema_types.dict_rows``, not imported)."""
    cursor = conn.execute(sql, params)
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def _cells(stored: str | None) -> tuple[str, ...]:
    """A schedule row's cells as stored (JSON; most provisions have none, read without the JSON decoder)."""
    return () if not stored or stored == "[]" else tuple(json.loads(stored))


def _day(value: str | None) -> dt.date | None:
    return dt.date.fromisoformat(value) if value else None


def current_database(db_dir: Path, inputs: Inputs | str) -> Path | None:
    """The build's database when it holds exactly what deriving ``inputs`` (or the inputs of this ``files_hash``) with
    this code gives, else None."""
    files_hash = inputs if isinstance(inputs, str) else inputs.files_hash
    db = db_dir / "lawhistory.db"
    if not db.is_file() or (db_dir / "lawhistory.db-journal").exists() or (db_dir / ".build").exists():
        return None  # none yet, or a build under way or interrupted
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            info = dict(conn.execute("select key, value from build_info").fetchall())
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    if info.get("inputs") != files_hash:
        return None
    # The code's fingerprint covers the schema version (the build records both from the same code); its record beside
    # the build vouches for it without reading the code (else the code is read and hashed).
    code = recorded_code(db_dir)
    if code is None:
        from ..files.inputs import code_fingerprint

        code = code_fingerprint(db_dir)
    return db if info.get("code") == code else None


def _from_unchanged(repo: Repository, query: str, at: dt.date | None) -> LawAt | None:
    """The law matching ``query`` read from the build's database when the stamp says no file changed since the build
    read them (``files.stamp``: no file is read, nor the repository index), else None (the caller reads the index).

    The query is resolved as the index resolves it (``resolve_law``), over the laws the database holds, which are the
    repository's laws when the database is current (checked: the same ids as the stamp's law files).
    """
    from ..files.stamp import unchanged

    stamp = unchanged(repo.root, repo.db_dir)
    db = current_database(repo.db_dir, stamp.inputs) if stamp is not None else None
    if db is None:
        return None

    def by_query(conn: sqlite3.Connection) -> LawAt | None:
        if conn.execute("select 1 from laws where id = ?", [query]).fetchone() is not None:
            law_id = query
        else:
            titles = dict(conn.execute("select id, title from laws order by id").fetchall())
            law_id = resolve_law(query, titles) if stamp is not None and stamp.law_ids() == set(titles) else ""
        return read(conn, law_id, at) if law_id else None

    return _in_one_read(db, by_query)


def from_database(db: Path, law_id: str, at: dt.date | None) -> LawAt | None:
    """The law as at ``at`` (None: its latest version) read from a current build's rows, or None when it has none."""
    return _in_one_read(db, lambda conn: read(conn, law_id, at))


def _in_one_read(db: Path, reading: Callable[[sqlite3.Connection], LawAt | None]) -> LawAt | None:
    """What ``reading`` reads from the database ``db``, opened read-only, in one read transaction (every row from the
    same build); None when the database cannot be read."""
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        conn.execute("begin")  # one read transaction: every row from the same build
        return reading(conn)
    except sqlite3.Error:
        return None
    finally:
        conn.close()


def read(conn: sqlite3.Connection, law_id: str, at: dt.date | None, *, refuse_unknown: bool = True) -> LawAt | None:
    """The law as at ``at`` from the rows of ``conn``'s database (None: no such law). A law whose commencement is not
    known is refused as ``show`` refuses it, or (``refuse_unknown`` False, as the site shows it) has no version."""
    laws = _dict_rows(conn, "select * from laws where id = ?", [law_id])
    if not laws:
        return None
    law = laws[0]
    versions = _dict_rows(conn, "select * from versions where law = ? order by number", [law_id])
    ids = [v["instrument"] for v in versions[1:]] + ([law["repealed_by"]] if law["repealed_by"] else [])
    marks = ",".join("?" * len(ids))
    found = _dict_rows(conn, f"select * from instruments where id in ({marks})", ids) if ids else []
    instruments = {i["id"]: i for i in found}
    commencement, repealed_from = _day(law["commencement"]), _day(law["repealed_from"])
    if at is None:
        status = latest_status(commencement, repealed_from)
        n: int | None = len(versions) - 1
    elif commencement is None:
        status, n = unknown_status(at, _day(law["gazette_date"])), None
        if status == "commencement_unknown" and refuse_unknown:
            raise unknown_commencement(law_id, at, _day(law["gazette_date"]))
    else:
        uncertain = uncertain_from(law["commencement_rule"], _day(law["gazette_date"]))
        status, n = status_on(at, commencement, repealed_from, [_day(v["valid_from"]) for v in versions], uncertain)
        if status == "commencement_uncertain" and refuse_unknown and uncertain is not None:
            raise uncertain_commencement(law_id, at, uncertain, commencement)
    provisions: tuple[ProvisionAt, ...] = ()
    if n is not None:
        rows = conn.execute(
            "select citation, eid, kind, num, heading, text, term, cells, parent, depth, note, last_changed_by,"
            " change_action from provisions where law = ? and from_version <= ? and (to_version is null or to_version > ?)"
            " order by position",
            [law_id, n, n],
        ).fetchall()
        provisions = tuple(
            ProvisionAt(c, e, k, num, h, t, term, _cells(cells), parent, depth, note, by, action != "made")
            for c, e, k, num, h, t, term, cells, parent, depth, note, by, action in rows
        )
    compilation = [(law["title"], gazette_label(law["gazette_date"], law["gazette_pages"]), law["commencement"] or "unknown")]
    days = [v["valid_from"] for v in versions[1:]] + ([law["repealed_from"]] if law["repealed_by"] else [])
    for i, day in zip(ids, days, strict=True):
        row = instruments[i]
        compilation.append((row["title"], gazette_label(row["gazette_date"], row["gazette_pages"]), str(day)))
    version = versions[n] if n is not None else None
    omitted = tuple(
        NotApplied(r["title"], r["instrument"], _day(r["commences"]), r["reason"], _day(r["published"]))
        for r in _dict_rows(conn, "select * from not_applied where law = ? order by position", [law_id])
    )
    return LawAt(
        law["id"], law["title"], law["local_government"], at, status, commencement, repealed_from,
        instruments[law["repealed_by"]]["title"] if law["repealed_by"] else None,
        _day(version["valid_from"]) if version else None, _day(version["valid_to"]) if version else None,
        (version["instrument_title"] or law["title"]) if version else None, version is not None, provisions, tuple(compilation),
        None, _omitted(omitted, status, at),
        stored_on_day(version["not_in_force"], _in_part_day(at)) if version else (),
    )  # fmt: skip


def repository_index(repo: Repository) -> Inputs:
    """The repository's index (``inputs.repository_index``), imported only when ``show`` must read it."""
    from ..files import inputs

    return inputs.repository_index(repo)


def show(repo: Repository, query: str, at: dt.date | None, *, stored: bool = True) -> LawAt:
    """The law matching ``query`` as in force on ``at`` (None: its latest version), as ``lawhistory show`` prints it.

    Read from the build's database when it is current (``stored``), else derived from the law's file and the
    instruments the repository index says act on it; both give the same ``LawAt``.
    """
    found = _from_unchanged(repo, query, at) if stored else None
    if found is not None:
        return found
    from ..core.versions import in_force

    inputs = repository_index(repo)
    law_id = inputs.resolve(query)
    db = current_database(repo.db_dir, inputs) if stored else None
    found = from_database(db, law_id, at) if db is not None else None
    if found is not None:
        return found
    from ..amending.timeline import build_timeline

    tl = build_timeline(inputs.law(law_id), inputs.claimed(law_id))
    if at is None:
        status = latest_status(tl.law.meta.commencement.date, tl.repealed_from)
        return from_timeline(tl, None, status, tl.versions[-1])
    status, version = in_force(tl, at)
    return from_timeline(tl, at, status, version)


# --- what ``show --format json`` prints (``views`` renders the other formats) --------------------------------------------


def law_json(law: LawAt) -> dict[str, Any]:
    """``show --format json``: the law, the status on the date, the version's dates and its provisions."""
    out: dict[str, Any] = {
        "law": {"id": law.id, "title": law.title, "local_government": law.local_government},
        "as_at": law.as_at.isoformat() if law.as_at else None,
        "status": law.status,
        "incomplete": [n.as_json() for n in law.incomplete],
        "not_yet_in_force": [n.as_json() for n in law.partly],
        "version": None,
        "provisions": [],
    }
    if not law.has_version:
        return out
    out["version"] = {
        "valid_from": law.valid_from.isoformat() if law.valid_from else None,
        "valid_to": law.valid_to.isoformat() if law.valid_to else None,
        "instrument": law.instrument,
    }
    out["provisions"] = [
        {
            "citation": p.citation,
            "eid": p.eid,
            "kind": p.kind,
            "num": p.num,
            "heading": p.heading,
            "text": p.text,
            "parent": p.parent,
            "term": p.term,
            "cells": list(p.cells),
            "last_changed_by": p.last_changed_by,
        }
        for p in law.provisions
    ]
    return out


def warning_lines(law: LawAt) -> list[str]:
    """The warning every view of a law prints before its title when the text omits instruments (or nothing)."""
    line = warning_line(law.incomplete)
    return [line] if line else []


def partly_lines(law: LawAt) -> list[str]:
    """The note every view of a law prints before its title when the text applies part of an instrument only."""
    return note_lines(law.partly)


def show_warnings(law: LawAt) -> list[str]:
    """What ``show`` also prints on stderr: the same warning, so a script reading only stdout's JSON is told too."""
    return [f"warning: {w}" for w in warning_lines(law)]
