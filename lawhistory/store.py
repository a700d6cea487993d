"""db/lawhistory.db through sqlite-utils: create the schema, write and replace a law's rows, read build state.

Only this module writes SQLite. Tables, views and indexes come from ``schema``; rows come from
``rows`` and ``outcomes`` as plain dictionaries.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import sqlite_utils

from .history import Committed, Event
from .rows import LawRows, Row
from .schema import BUILD_INFO, HISTORY, TABLES, VIEWS, Table


def _foreign_keys(t: Table, created: set[str]) -> tuple[list[tuple[str, str, str]], list[tuple[str, str, str]]]:
    """(foreign keys to tables that exist now, foreign keys to add once their table exists)."""
    now: list[tuple[str, str, str]] = []
    later: list[tuple[str, str, str]] = []
    for c in t.columns:
        if c.references:
            other, column = c.references.split(".")
            (now if other in created or other == t.name else later).append((c.name, other, column))
    return now, later


def create_schema(db: sqlite_utils.Database) -> None:
    """Every table (with foreign keys), index, full-text index and view, in an empty database."""
    created: set[str] = set()
    deferred: list[tuple[str, str, str, str]] = []
    for t in TABLES:
        now, later = _foreign_keys(t, created)
        db[t.name].create(  # type: ignore[union-attr]
            {c.name: c.type for c in t.columns},
            pk=t.pk[0] if len(t.pk) == 1 else t.pk,
            foreign_keys=now,
            not_null=set(t.pk),
        )
        created.add(t.name)
        deferred += [(t.name, *fk) for fk in later]
    if deferred:
        db.add_foreign_keys(deferred)
    for t in TABLES:
        for columns in t.indexes:
            db[t.name].create_index(list(columns))  # type: ignore[union-attr]
        if t.fts:
            db[t.name].enable_fts(list(t.fts), create_triggers=True, tokenize="porter")  # type: ignore[union-attr]
    for v in VIEWS:
        db.create_view(v.name, v.sql)


def _insert(db: sqlite_utils.Database, table: str, rows: Iterable[Row]) -> None:
    db[table].insert_all(rows, batch_size=500)  # type: ignore[union-attr]


def write_law(db: sqlite_utils.Database, rows: LawRows) -> None:
    _insert(db, "laws", [rows.law])
    _insert(db, "versions", rows.versions)
    _insert(db, "provisions", rows.provisions)
    _insert(db, "changes", rows.changes)


def delete_laws(db: sqlite_utils.Database, law_ids: Sequence[str]) -> None:
    """Remove everything derived from these laws (their instruments are removed by ``delete_instruments``)."""
    for law_id in law_ids:
        for table in ("provisions", "changes", "versions", "build_state"):
            db.execute(f"delete from [{table}] where law = ?", [law_id])
        db.execute("delete from laws where id = ?", [law_id])


def write_instruments(db: sqlite_utils.Database, instruments: Sequence[Row], operations: Sequence[Row]) -> None:
    _insert(db, "instruments", instruments)
    _insert(db, "operations", operations)


def delete_instruments(db: sqlite_utils.Database, ids: Iterable[str]) -> None:
    for inst_id in ids:
        db.execute("delete from operations where instrument = ?", [inst_id])
        db.execute("delete from instruments where id = ?", [inst_id])


def write_history(db: sqlite_utils.Database, chain: Sequence[Committed]) -> None:
    """Replace the ``history`` table with ``chain`` and point every version at its commit."""
    db.execute("delete from history")
    _insert(
        db,
        "history",
        (
            {
                "seq": c.seq,
                "commit": c.commit,
                "date": c.event.date.isoformat(),
                "law": c.event.law,
                "version": c.event.version,
                "path": c.event.path,
                "blob": c.event.blob,
                "message": c.event.message,
                "author": c.event.author,
            }
            for c in chain
        ),
    )
    db.execute("update versions set [commit] = null")
    for c in chain:
        if c.event.version is not None:
            db.execute("update versions set [commit] = ? where law = ? and number = ?", [c.commit, c.event.law, c.event.version])


def write_state(db: sqlite_utils.Database, states: Sequence[Row], info: dict[str, str]) -> None:
    """Replace the build state (every law's input hash) and the build info."""
    db.execute("delete from build_state")
    _insert(db, "build_state", states)
    db.execute("delete from build_info")
    _insert(db, "build_info", ({"key": k, "value": v} for k, v in sorted(info.items())))


# --- reading a previous build ---------------------------------------------------------------------------------------


def _rows(path: Path, sql: str) -> list[dict[str, Any]]:
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error:
        return []
    try:
        conn.row_factory = sqlite3.Row
        return [dict(r) for r in conn.execute(sql)]
    except sqlite3.Error:
        return []
    finally:
        conn.close()


def read_info(path: Path) -> dict[str, str]:
    """The build_info of the database at ``path`` ({} when missing or unreadable)."""
    if not path.exists():
        return {}
    return {r["key"]: r["value"] for r in _rows(path, f"select key, value from {BUILD_INFO.name}")}


def read_state(path: Path) -> dict[str, tuple[str, str]]:
    """law id → (input hash, JSON list of its instruments) from a previous build."""
    return {r["law"]: (r["input_hash"], r["instruments"]) for r in _rows(path, "select * from build_state")}


def read_history(path: Path) -> list[Committed]:
    """The history chain recorded by a previous build, in order."""
    out = []
    for r in _rows(path, f"select * from {HISTORY.name} order by seq"):
        event = Event(
            dt.date.fromisoformat(r["date"]), r["law"], r["version"], r["path"], r["author"], r["message"], None, r["blob"]
        )
        out.append(Committed(r["seq"], r["commit"], event))
    return out


def read_instrument_ids(path: Path) -> list[str]:
    return [r["id"] for r in _rows(path, "select id from instruments where kind != 'principal'")]
