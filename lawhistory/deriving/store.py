"""db/lawhistory.db: create the schema, write and replace a law's rows, read build state.

Only this module writes SQLite. Tables, views and indexes come from ``schema`` and are made with
sqlite-utils (full-text search included); rows come from ``rows`` and ``outcomes`` (dictionaries,
or tuples in column order for the big tables) and are inserted with sqlite3's ``executemany``,
which takes millions of rows a minute where sqlite-utils' ``insert_all`` inspects each one.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .history import Committed, Event
from .rows import LawRows, Row
from .schema import (
    BUILD_INFO,
    BUILD_STATE,
    CHANGES,
    FRAGMENTS,
    FTS_COLUMNS,
    HISTORY,
    IN_PART,
    INSTRUMENTS,
    LAW_KEYS,
    LAWS,
    NOT_APPLIED,
    OPERATIONS,
    PROVISION_SPANS,
    SPAN_TEXTS,
    TABLES,
    VERSIONS,
    VIEWS,
    Table,
    law_key,
)

if TYPE_CHECKING:
    import sqlite_utils


def _foreign_keys(t: Table, created: set[str]) -> tuple[list[tuple[str, str, str]], list[tuple[str, str, str]]]:
    """(foreign keys to tables that exist now, foreign keys to add once their table exists)."""
    now: list[tuple[str, str, str]] = []
    later: list[tuple[str, str, str]] = []
    for c in t.columns:
        if c.references:
            other, column = c.references.split(".")
            (now if other in created or other == t.name else later).append((c.name, other, column))
    return now, later


def create_schema(db: sqlite_utils.Database, *, bulk: bool = False) -> None:
    """Every table (with foreign keys), index, full-text index and view, in an empty database.

    ``bulk``: the tables, their indexes and an empty full-text index, to be filled faster than row by row;
    ``finish_schema`` adds the rest.

    The full-text index has no triggers: the build keeps it up to date itself (``write_law`` and
    ``delete_laws``), a law at a time. FTS5 flushes its pending terms at every statement a trigger runs,
    which made writing one law's provisions ten to thirty times slower and left a segment per row.

    The index keeps no sizes of its rows' columns (``columnsize=0``): they serve only ``bm25`` ranking, which no
    page asks for (the search page orders by law and place, Datasette by the rows' own order), and were a ninth of
    the index (2.3 of 20.4 MiB at scale 0.1). ``snippet`` and ``highlight`` work as before (they read the words).
    """
    created: set[str] = set()
    later: list[tuple[str, str, str, str]] = []
    for t in _STORED:
        now, after = _foreign_keys(t, created)
        _create_table(db, t, now)
        created.add(t.name)
        later += [(t.name, *fk) for fk in after]
    if later:
        db.add_foreign_keys(later)
    if not bulk:  # a bulk load makes its indexes at the end (``finish_schema``): one sort each, not a B-tree insert per row
        _indexes(db)
    db.execute(
        f"create virtual table [{_FTS}] using fts5 ({', '.join(f'[{c}]' for c in FTS_COLUMNS)},"
        f" tokenize='porter', content=[{_FTS_TABLE.name}], content_rowid=[rowid], columnsize=0)"
    )
    if not bulk:
        _views(db)


def _create_table(db: sqlite_utils.Database, t: Table, foreign_keys: list[tuple[str, str, str]]) -> None:
    """Create table ``t`` (``WITHOUT ROWID`` when it says so: sqlite-utils has no option for it)."""
    columns = {c.name: c.type for c in t.columns}
    pk = t.pk[0] if len(t.pk) == 1 else t.pk
    if not t.without_rowid:
        db[t.name].create(columns, pk=pk, foreign_keys=foreign_keys, not_null=set(t.pk))  # type: ignore[union-attr]
        return
    sql = db.create_table_sql(t.name, columns, pk=pk, foreign_keys=foreign_keys, not_null=set(t.pk))
    db.execute(sql.rstrip().rstrip(";") + " without rowid")


#: The tables stored (``provisions`` is a view presenting ``provision_spans``), and the full-text index of
#: ``provisions``: its content is the view, whose ``rowid`` column is the stored row's.
_STORED = tuple(t for t in TABLES if not t.view)
_FTS_TABLE = next(t for t in TABLES if t.fts)
_FTS = f"{_FTS_TABLE.name}_fts"


def _indexes(db: sqlite_utils.Database) -> None:
    for t in _STORED:
        for columns in t.indexes:
            db[t.name].create_index(list(columns))  # type: ignore[union-attr]


def _views(db: sqlite_utils.Database) -> None:
    for t in TABLES:
        if t.view:
            db.create_view(t.name, t.view)
    for v in VIEWS:
        db.create_view(v.name, v.sql)


def finish_schema(db: sqlite_utils.Database) -> None:
    """The rest of ``create_schema(bulk=True)`` once the rows are in: indexes, views and the full-text index (each
    made in one pass over the rows)."""
    _indexes(db)
    _views(db)  # the full-text index reads its content through the provisions view
    db.execute(f"insert into [{_FTS}]([{_FTS}]) values ('rebuild')")


def _insert(db: sqlite_utils.Database, table: Table, rows: Iterable[Sequence[Any]]) -> None:
    """Insert rows holding ``table``'s columns in order (sqlite3 directly: sqlite-utils inspects every row)."""
    columns = ", ".join(f"[{c.name}]" for c in table.columns)
    marks = ", ".join("?" for _ in table.columns)
    db.conn.executemany(f"insert into [{table.name}] ({columns}) values ({marks})", rows)


def _insert_dicts(db: sqlite_utils.Database, table: Table, rows: Iterable[Row]) -> None:
    names = [c.name for c in table.columns]
    _insert(db, table, ([r[n] for n in names] for r in rows))


def write_law(db: sqlite_utils.Database, rows: LawRows, *, index: bool = False) -> None:
    """Insert a law's rows; ``index``: and keep the full-text index up to date (a bulk build makes the index once, at
    the end). With ``index``, the spans ``delete_laws`` kept of the law's last build are compared with the new ones:
    a span the same is left as it is, one moved or ended is written again under its rowid (its full-text entry kept),
    and only spans added or removed go into or out of the full-text index (``_replace_spans``)."""
    _insert_dicts(db, LAWS, [rows.law])
    key = law_key(rows.law["id"])
    taken = db.execute(f"select id from [{LAW_KEYS.name}] where key = ?", [key]).fetchone()
    if taken is not None and not (index and taken[0] == rows.law["id"]):
        # 1 in 2**47 for a pair of laws: refused rather than one law's provisions shown as another's
        raise ValueError(f"the laws {taken[0]} and {rows.law['id']} have the same key {key} in {PROVISION_SPANS.name}")
    if taken is None:
        _insert(db, LAW_KEYS, [(key, rows.law["id"])])
    _insert_dicts(db, VERSIONS, rows.versions)
    _insert_dicts(db, NOT_APPLIED, rows.not_applied)
    _insert_dicts(db, IN_PART, rows.in_part)
    reindex: list[int] | None = _replace_spans(db, rows.law["id"], key, rows.provisions) if index and taken is not None else None
    if reindex is None:
        _insert(db, PROVISION_SPANS, rows.provisions)
    _add_fragments(db, rows.fragments)
    _count(db, SPAN_TEXTS, "text", rows.texts)
    _insert(db, CHANGES, rows.changes)
    if reindex is not None:  # the new and changed spans' words, now that their texts are stored
        db.conn.executemany(f"insert into [{_FTS}] (rowid, {_FTS_COLUMNS}) {_FTS_ROW}", [(r,) for r in reindex])
    elif index:
        _index_law(db, rows.law["id"], "")


#: The columns of ``provision_spans`` in order, and where in a row are what makes a span the same span with the same
#: indexed words (its first version, citation, eid, heading and text: not its position, which an inserted provision
#: moves, nor its last version, which the next instrument may set).
_SPAN_NAMES = [c.name for c in PROVISION_SPANS.columns]
_SPAN_SAME = [_SPAN_NAMES.index(n) for n in ("from_version", "citation", "eid", "heading", "text_key")]
_FTS_COLUMNS = ", ".join(f"[{c}]" for c in _FTS_TABLE.fts)
#: One span's indexed words, read through ``provisions`` (its text from ``span_texts``) by the span's rowid.
_FTS_ROW = f"select rowid, {_FTS_COLUMNS} from [{_FTS_TABLE.name}] where rowid = ?"
#: Above this share of a law's spans added or removed, the law's spans are written anew and indexed in one statement
#: each (cheaper than a statement a span).
_REWRITE_SHARE = 0.25


def _replace_spans(db: sqlite_utils.Database, law_id: str, key: int, rows: Sequence[Sequence[Any]]) -> list[int] | None:
    """Make the law's stored spans (those ``delete_laws`` kept) ``rows``, changing only those that differ, and give
    the rowids whose words go into the full-text index (once their texts are stored); None when the law had no spans
    or most of them changed (the caller then inserts them all and indexes the law, as for a new law).

    A span the same (first version, citation, eid, heading, text) as a stored one keeps its rowid, so its full-text
    entry stays right: left alone when every value is the same, else written again under that rowid (its position or
    last version changed). Only spans removed leave the index, and only spans added enter it."""
    columns = ", ".join(f"[{n}]" for n in _SPAN_NAMES)
    old: dict[tuple[Any, ...], list[tuple[Any, ...]]] = {}
    for r in db.conn.execute(f"select rowid, {columns} from [{PROVISION_SPANS.name}] where law_key = ?", [key]):
        old.setdefault(tuple(r[1 + i] for i in _SPAN_SAME), []).append(r)
    if not old:
        return None
    changed: list[tuple[Any, ...]] = []
    added: list[Sequence[Any]] = []
    for row in rows:
        same = old.get(tuple(row[i] for i in _SPAN_SAME))
        was = same.pop(0) if same else None
        if was is None:
            added.append(row)
        elif tuple(was[1:]) != tuple(row):
            changed.append((was[0], *row))
    removed = [r[0] for left in old.values() for r in left]
    if len(added) + len(removed) > _REWRITE_SHARE * max(len(rows), 1):
        _index_law(db, law_id, "delete")
        db.execute(f"delete from [{PROVISION_SPANS.name}] where law_key = ?", [key])
        return None
    # out of the index with the words it holds (read through the view before the rows go)
    db.conn.executemany(
        f"insert into [{_FTS}] ([{_FTS}], rowid, {_FTS_COLUMNS}) select 'delete', {_FTS_ROW.removeprefix('select ')}",
        [(r,) for r in removed],
    )
    db.conn.executemany(
        f"delete from [{PROVISION_SPANS.name}] where rowid = ?", [(r,) for r in removed + [c[0] for c in changed]]
    )
    marks = ", ".join("?" for _ in _SPAN_NAMES)
    db.conn.executemany(f"insert into [{PROVISION_SPANS.name}] (rowid, {columns}) values (?, {marks})", changed)
    insert = f"insert into [{PROVISION_SPANS.name}] ({columns}) values ({marks})"
    return [r for r in (db.conn.execute(insert, row).lastrowid for row in added) if r is not None]


def _add_fragments(db: sqlite_utils.Database, fragments: dict[int, list[Any]]) -> None:
    """Count spans showing each fragment, the fragments not stored yet stored."""
    db.conn.executemany(
        f"insert into [{FRAGMENTS.name}] (id, html, spans) values (?, ?, ?)"
        " on conflict (id) do update set spans = spans + excluded.spans",
        ((key, html, n) for key, (html, n) in fragments.items()),
    )


def _count(db: sqlite_utils.Database, table: Table, column: str, values: dict[int, list[Any]]) -> None:
    """Count the spans holding each value (key → [value, spans]) of ``table``, the values not stored yet stored."""
    db.conn.executemany(
        f"insert into [{table.name}] (id, [{column}], spans) values (?, ?, ?)"
        " on conflict (id) do update set spans = spans + excluded.spans",
        ((key, value, n) for key, (value, n) in values.items()),
    )


def drop_unused_fragments(db: sqlite_utils.Database, candidates: Iterable[int]) -> None:
    """Remove those of ``candidates`` (what ``delete_laws`` gave: fragment and text keys) that no span shows any more,
    once the laws derived again are written."""
    keys = [(k,) for k in candidates]
    for table in (FRAGMENTS, SPAN_TEXTS):
        db.conn.executemany(f"delete from [{table.name}] where id = ? and spans <= 0", keys)


def _index_law(db: sqlite_utils.Database, law_id: str, command: str) -> None:
    """Add a law's provisions to the full-text index, or with ``command`` 'delete' take them out (one statement)."""
    columns = ", ".join(f"[{c}]" for c in FTS_COLUMNS)
    first = f"[{_FTS}], " if command else ""
    value = "?, " if command else ""
    params = [command, law_id] if command else [law_id]
    db.execute(
        f"insert into [{_FTS}] ({first}rowid, {columns}) select {value}rowid, {columns} from [{_FTS_TABLE.name}] where law = ?",
        params,
    )


def delete_laws(db: sqlite_utils.Database, law_ids: Sequence[str], *, rewritten: Iterable[str] = ()) -> set[int]:
    """Remove everything derived from these laws, full-text index included (their instruments are removed by
    ``delete_instruments``); gives the fragments their spans showed and the texts they held (``drop_unused_fragments``).

    ``rewritten``: laws whose rows ``write_law`` writes again at once (``index``): their spans and full-text entries are
    kept for it to compare with the new ones (most of a law's spans are the same after one more instrument)."""
    kept = set(rewritten)
    touched: set[int] = set()
    for law_id in law_ids:
        if law_id not in kept:
            _index_law(db, law_id, "delete")
        shown = db.execute(
            f"select count(*), fragment from {PROVISION_SPANS.name} where law_key = ? group by fragment", [law_key(law_id)]
        ).fetchall()
        db.conn.executemany(f"update [{FRAGMENTS.name}] set spans = spans - ? where id = ?", shown)
        touched.update(key for _, key in shown)
        held = db.execute(
            f"select count(*), text_key from {PROVISION_SPANS.name} where law_key = ? and text_key is not null group by text_key",
            [law_key(law_id)],
        ).fetchall()
        db.conn.executemany(f"update [{SPAN_TEXTS.name}] set spans = spans - ? where id = ?", held)
        touched.update(key for _, key in held)
        if law_id not in kept:
            db.execute(f"delete from [{PROVISION_SPANS.name}] where law_key = ?", [law_key(law_id)])
            db.execute(f"delete from [{LAW_KEYS.name}] where key = ?", [law_key(law_id)])
        for table in ("changes", "versions", NOT_APPLIED.name, IN_PART.name, "build_state"):
            db.execute(f"delete from [{table}] where law = ?", [law_id])
        db.execute("delete from laws where id = ?", [law_id])
    return touched


def write_instruments(db: sqlite_utils.Database, instruments: Sequence[Row], operations: Sequence[Row]) -> None:
    _insert_dicts(db, INSTRUMENTS, instruments)
    _insert_dicts(db, OPERATIONS, operations)


def delete_instruments(db: sqlite_utils.Database, ids: Iterable[str]) -> None:
    for inst_id in ids:
        db.execute("delete from operations where instrument = ?", [inst_id])
        db.execute("delete from instruments where id = ?", [inst_id])


def write_history(db: sqlite_utils.Database, chain: Sequence[Committed], keep: int = 0, laws: Iterable[str] = ()) -> None:
    """Make the ``history`` table ``chain``, whose first ``keep`` commits it already holds, and point versions at
    their commits: those of the new commits, and all those of ``laws`` (whose versions were written again).
    """
    db.execute("delete from history where seq > ?", [keep])
    _insert_dicts(
        db,
        HISTORY,
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
            for c in chain[keep:]
        ),
    )
    again = set(laws)
    db.conn.executemany(
        "update versions set [commit] = ? where law = ? and number = ?",
        (
            (c.commit, c.event.law, c.event.version)
            for n, c in enumerate(chain)
            if c.event.version is not None and (n >= keep or c.event.law in again)
        ),
    )


def write_state(db: sqlite_utils.Database, states: Sequence[Row], info: dict[str, str]) -> None:
    """Record the build state of ``states``' laws (their old state already deleted) and replace the build info."""
    _insert_dicts(db, BUILD_STATE, states)
    db.execute("delete from build_info")
    _insert_dicts(db, BUILD_INFO, ({"key": k, "value": v} for k, v in sorted(info.items())))


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


def read_not_applied(path: Path) -> list[dict[str, Any]]:
    """Every ``not_applied`` row of the database at ``path`` (law, instrument, position, title, commences, reason), by
    law and commencement: what each law's text omits from its commencement on ([] when there is no database)."""
    if not path.exists():
        return []
    return [dict(r) for r in _rows(path, f"select * from {NOT_APPLIED.name} order by law, position")]


def read_state(path: Path) -> dict[str, tuple[str, str]]:
    """law id → (input hash, JSON list of its instruments) from a previous build."""
    return {r["law"]: (r["input_hash"], r["instruments"]) for r in _rows(path, "select * from build_state")}


def read_history(path: Path) -> list[Committed]:
    """The history chain recorded by a previous build, in order."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error:
        return []
    try:
        rows = conn.execute(
            f"select seq, [commit], date, law, version, path, author, message, blob from {HISTORY.name} order by seq"
        ).fetchall()
    except sqlite3.Error:
        return []
    finally:
        conn.close()
    day = dt.date.fromisoformat
    return [
        Committed(seq, commit, Event(day(date), law, version, path_, author, message, None, blob))
        for seq, commit, date, law, version, path_, author, message, blob in rows
    ]


def read_instrument_ids(path: Path) -> list[str]:
    return [r["id"] for r in _rows(path, "select id from instruments where kind != 'principal'")]
