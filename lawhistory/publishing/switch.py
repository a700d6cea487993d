"""One build per request, and the newest build for every new request: how ``serve`` follows ``build``.

A build never changes the served file: it writes a new one and renames it over ``db/lawhistory.db``
(``build.serving``). The site notices the new file at the start of the next request (one ``stat``),
gives it a name of its own (a hard link, ``db/.serve/<pid>-<n>.db``, so its path never changes
under its readers) and swaps the Datasette ``Database`` for it in one assignment. Each request is
pinned, from its first byte to its last, to the set of databases current when it started:
Datasette's views and the plugin's pages read ``datasette.databases`` through that pin, so a request
never sees two builds. A build nobody reads any more has its connections closed and its link removed.

Connections are per ``Database`` object (Datasette's own are per thread and per database *name*, so a
new file under the old name would be read through the old connections).
"""

from __future__ import annotations

import contextvars
import copy
import datetime as dt
import os
import re
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from datasette.app import Datasette
from datasette.database import Database, Results
from datasette.plugins import pm

from .table_rows import _source_sha256
from .view_counts import spans_instead

NAME = "lawhistory"
LINKS = ".serve"
_PINNED: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar("lawhistory_pinned", default=None)


class BuildDatabase(Database):  # type: ignore[misc]  # Datasette ships no type information
    """An immutable database file that belongs to one build, with connections of its own."""

    def __init__(self, ds: Any, path: Path, build: int) -> None:
        super().__init__(ds, path=str(path), is_mutable=False)
        self.build = build
        self._local = threading.local()
        self.closed = False
        #: Each table's rows, counted once in the background
        #: (``count_rows``), read by Datasette's table pages through ``SwitchingDatasette.inspect_data``.
        self.row_counts: dict[str, int] | None = None
        self.results: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
        #: Datasette's counts and facets of the views of provision spans, over the stored rows (``view_counts``).
        self.over_spans: dict[str, str | None] = {}
        #: What Datasette reads of the file's schema (``SCHEMA_STATEMENTS``, ``SCHEMA_METHODS``): fixed for the build.
        self.schema: dict[tuple[Any, ...], Any] = {}

    async def execute(self, sql: str, params: Any = None, *args: Any, **kwargs: Any) -> Any:
        """Datasette's statement, its answer kept when it is one of Datasette's counts or facets (see ``kept``); a count
        or facet of a view of provision spans read from the stored rows (``view_counts``)."""
        if sql in SCHEMA_STATEMENTS:
            read = lambda: Database.execute(self, sql, params, *args, **kwargs)  # noqa: E731
            return await self._of_schema(("execute", sql, _values(params), repr(args), repr(kwargs)), read)
        key = kept(sql, params, args, kwargs)
        if key is None:
            return await super().execute(sql, params, *args, **kwargs)
        found = self.results.get(key)
        if found is not None:
            self.results.move_to_end(key)
            return found
        stored = await self._over_spans(sql, params)
        if stored is not None:
            # read through the indexes: given the statement's time limit (a facet's is a fifteenth of it), once a build
            limit = self.ds.setting("sql_time_limit_ms")
            kwargs = {**kwargs, "custom_time_limit": max(kwargs.get("custom_time_limit") or 0, limit)}
            sql = stored
        results = await super().execute(sql, params, *args, **kwargs)  # an interrupted one raises: not kept
        if len(results.rows) <= KEPT_ROWS:
            self.results[key] = results
            if len(self.results) > KEPT_RESULTS:
                self.results.popitem(last=False)
        return results

    async def _of_schema(self, key: tuple[Any, ...], read: Callable[[], Awaitable[Any]]) -> Any:
        """What ``read()`` answers of the file's schema, read once per build (a fresh copy each time: callers may
        change what they are given)."""
        if key in self.schema:
            return _fresh(self.schema[key])
        answer = await read()
        if len(self.schema) >= KEPT_RESULTS:
            self.schema.clear()  # names a visitor made up: bounded
        self.schema[key] = _fresh(answer)
        return answer

    # Datasette's readings of the schema through ``execute_fn`` (those through ``execute``: ``SCHEMA_STATEMENTS``)
    async def table_columns(self, table: str) -> Any:
        return await self._of_schema(("table_columns", table), lambda: Database.table_columns(self, table))

    async def table_column_details(self, table: str) -> Any:
        return await self._of_schema(("table_column_details", table), lambda: Database.table_column_details(self, table))

    async def primary_keys(self, table: str) -> Any:
        return await self._of_schema(("primary_keys", table), lambda: Database.primary_keys(self, table))

    async def fts_table(self, table: str) -> Any:
        return await self._of_schema(("fts_table", table), lambda: Database.fts_table(self, table))

    async def foreign_keys_for_table(self, table: str) -> Any:
        return await self._of_schema(("foreign_keys", table), lambda: Database.foreign_keys_for_table(self, table))

    async def get_all_foreign_keys(self) -> Any:
        return await self._of_schema(("all_foreign_keys",), lambda: Database.get_all_foreign_keys(self))

    async def _over_spans(self, sql: str, params: Any) -> str | None:
        """``view_counts.spans_instead(sql)``, when SQLite can prepare it with ``params`` (decided once per statement)."""
        if sql in self.over_spans:
            return self.over_spans[sql]
        stored = spans_instead(sql)
        if stored is not None:
            statement = "explain " + stored

            def prepare(conn: sqlite3.Connection) -> None:
                conn.execute(statement, params or {}).fetchall()

            try:
                await self.execute_fn(prepare)
            except sqlite3.Error:
                stored = None  # it names what the stored rows lack: Datasette's own statement
        if len(self.over_spans) >= KEPT_RESULTS:
            self.over_spans.clear()
        self.over_spans[sql] = stored
        return stored

    # Datasette reads these from ``inspect_data`` when it has some: the file's own, as without it.
    @property
    def hash(self) -> str:
        if getattr(self, "cached_hash", None) is None:
            from datasette.inspect import inspect_hash

            self.cached_hash = inspect_hash(Path(self.path))
        return str(self.cached_hash)

    @property
    def size(self) -> int:
        if getattr(self, "cached_size", None) is None:
            self.cached_size = Path(self.path).stat().st_size
        return int(self.cached_size)

    def count_rows(self) -> None:
        """Count the rows of each table once: the file is immutable, and an unfiltered table page would count
        millions of rows on every visit. (Not the views: Datasette's database page takes every name in these counts
        for a table. A view's count is kept per build once made, ``kept``.)"""
        counts: dict[str, int] = {}
        try:
            conn = sqlite3.connect(f"file:{self.path}?mode=ro&immutable=1", uri=True, check_same_thread=False)
            try:
                found = conn.execute("select name, lower(coalesce(sql, '')) from sqlite_master where type = 'table'")
                for name in [name for name, sql in found if not sql.startswith("create virtual")]:
                    counts[name] = int(conn.execute(f"select count(*) from [{name}]").fetchone()[0])
                    if self.closed:
                        return
            finally:
                conn.close()
        except sqlite3.Error:
            return  # Datasette counts as it always does
        self.row_counts = counts

    async def execute_fn(self, fn: Callable[[Any], Any]) -> Any:
        if self.ds.executor is None:
            return await super().execute_fn(fn)
        import asyncio

        def in_thread() -> Any:
            conn = getattr(self._local, "conn", None)
            if conn is None:
                conn = self._local.conn = self.connect()
                self.ds._prepare_connection(conn, self.name)
            return fn(conn)

        return await asyncio.get_event_loop().run_in_executor(self.ds.executor, in_thread)


#: Datasette's own counts and facets (``select count(*) from ...``; ``select col as value, count(*) as count from ...``).
_COUNT_OR_FACET = re.compile(r"\s*select (?:count\(\*\) from |\S+ as value, count\(\*\) as count from )", re.IGNORECASE)
#: Words of statements whose answer is not fixed by the file: the clock (a view may read it: the key holds the day),
#: random values, the connection's own state.
_VARYING = re.compile(r"random|changes\(|last_insert_rowid|sqlite_offset", re.IGNORECASE)
#: Kept answers per build: a facet has at most ``default_facet_size`` + 1 rows, a count one; a statement of at most
#: ``KEPT_SQL`` characters (a visitor's own SQL can look like Datasette's).
KEPT_ROWS = 101
KEPT_RESULTS = 1000
KEPT_SQL = 4000


#: Datasette's own statements that read the schema alone (``sqlite_master``, the schema's version), word for word:
#: on an immutable file their answers are fixed, so each is read once per build (``BuildDatabase.execute``). Every
#: table page ran some ten of them, each a trip to a database thread.
SCHEMA_STATEMENTS = frozenset(
    {
        "PRAGMA schema_version",  # Datasette.refresh_schemas, every request
        "select 1 from sqlite_master where type='table' and name=?",  # Database.table_exists
        "select name from sqlite_master where type='table'",  # Database.table_names
        "select name from sqlite_master where type='view'",  # Database.view_names
        "select sql from sqlite_master where name = :n and type=:t",  # Database.get_table_definition
        "select sql from sqlite_master where tbl_name = :n and type='index' and sql is not null",
        # Datasette.permission_allowed: the table's own spelling (view-table)
        "select name from sqlite_master where type in ('table', 'view') and name = ? collate nocase",
    }
)


def _values(params: Any) -> Any:
    if isinstance(params, dict):
        return tuple(sorted((str(k), repr(v)) for k, v in params.items()))
    return tuple(repr(v) for v in params or ())


def _fresh(value: Any) -> Any:
    """A copy of ``value``'s lists and dicts (Datasette's readings of the schema: lists of names, of named tuples,
    of dicts of foreign keys; its ``Results``, whose ``rows`` list is copied), sharing what cannot change."""
    if isinstance(value, list):
        return [_fresh(v) for v in value]
    if isinstance(value, dict):
        return {k: _fresh(v) for k, v in value.items()}
    if isinstance(value, Results):
        return Results(list(value.rows), value.truncated, value.description)
    return value


def kept(sql: str, params: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...] | None:
    """The key a count's or facet's answer is kept under (the file is immutable), or None when it is not kept."""
    if len(sql) > KEPT_SQL or not _COUNT_OR_FACET.match(sql) or _VARYING.search(sql):
        return None
    values = _values(params)
    day = dt.datetime.now(dt.UTC).date().isoformat()
    return (sql, values, repr(args), repr(sorted(kwargs.items())), day, dt.date.today().isoformat())


#: The SHA-256 of the source of Datasette's ``_table_permission_allows`` (0.65.5) that ``_allow_key`` was checked
#: against; another's answers are not kept (``tests/test_site_table_pages_kept.py`` fails until it is checked again).
PERMISSION_SOURCE_SHA256 = "b165e240f8c461d4f4609af705a634ef8887310938021e83f5c0288cd4d4ebbf"
#: And of its ``_metadata_sources`` (the plugins' ``get_metadata`` hooks, then the metadata given): what it reads.
METADATA_SOURCES_SHA256 = "d6effe857ddea6f3a64c8802a6d32fa5da15727803d77806dadaf1928f49bd23"
#: SQLite's case-folding of names (ASCII only), as Datasette's ``_table_permission_allows`` folds them.
_FOLD = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _allow_key(metadata: Any, database: str, table: str) -> str | None:
    """The text of what Datasette's ``_table_permission_allows(database, table)`` reads of ``metadata`` (its one
    source), or None when the metadata is not of the shape that reading assumes (Datasette is then asked each time)."""
    if not isinstance(metadata, dict) or not isinstance(database, str) or not isinstance(table, str):
        return None
    top = metadata.get("tables")
    databases = metadata.get("databases")
    if not isinstance(top, dict | None) or not isinstance(databases, dict | None):
        return None
    own = (databases or {}).get(database)
    if not isinstance(own, dict | None):
        return None
    if own and "tables" in own:
        level, tables = "database", own["tables"]
    else:
        level, tables = "top", top
    if not isinstance(tables, dict | None):
        return None
    for names in (top, own.get("tables") if own else None):
        if isinstance(names, dict) and not all(isinstance(name, str) for name in names):
            return None  # Datasette folds every name: one that is not a string fails there, every time
    folded = table.translate(_FOLD)
    entries = [(name, config) for name, config in (tables or {}).items() if name.translate(_FOLD) == folded]
    return repr((level, tables is None, entries))


def _identity(st: os.stat_result) -> tuple[int, int, int, int]:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@dataclass
class _Generation:
    db: BuildDatabase
    identity: tuple[int, int, int, int]
    link: Path
    requests: int = 0


class _Source:
    """One served database file and the builds of it that requests still read (the last is current)."""

    def __init__(self, name: str, path: Path) -> None:
        self.name = name
        self.path = path
        self.generations: list[_Generation] = []


class SwitchingDatasette(Datasette):  # type: ignore[misc]
    """Datasette serving the newest build of each of its database files, one build per request (see the module's
    docstring). ``sources`` maps database names to files; the first is the repository's own.
    """

    def __init__(self, sources: dict[str, Path], **kwargs: Any) -> None:
        self._databases: dict[str, Any] = {}
        self._on_close: list[Callable[[str], None]] = []  # before Datasette's own, which makes the app (caching.py)
        super().__init__([], **kwargs)
        self.sources = [_Source(name, Path(path)) for name, path in sources.items()]
        self._count = 0
        self._allows: dict[tuple[str, str], tuple[str, list[Any]]] = {}
        #: whether Datasette's ``_table_permission_allows`` is the one ``_allow_key`` was checked against
        self._allows_checked = (
            _source_sha256(Datasette._table_permission_allows) == PERMISSION_SOURCE_SHA256
            and _source_sha256(Datasette._metadata_sources) == METADATA_SOURCES_SHA256
        )
        for source in self.sources:
            self._sweep_dead_links(source.path.parent / LINKS)
        self.refresh()

    # Every read of ``datasette.databases`` during a request gets the set pinned when the request started.
    @property
    def databases(self) -> dict[str, Any]:
        pinned = _PINNED.get()
        return pinned if pinned is not None else self._databases

    @databases.setter
    def databases(self, value: dict[str, Any]) -> None:
        self._databases = value

    @property
    def inspect_data(self) -> dict[str, Any] | None:
        """The row counts of the builds this request reads (``BuildDatabase.count_rows``), as Datasette's ``inspect``
        would give them: its table pages then count only filtered rows."""
        data = {}
        for name, db in self.databases.items():
            counts = getattr(db, "row_counts", None)
            if counts is not None:
                data[name] = {"tables": {t: {"count": n} for t, n in counts.items()}}  # hash, size: the file's own
        return data or None

    @inspect_data.setter
    def inspect_data(self, value: Any) -> None:
        pass  # Datasette's own (from a configuration directory) is not used: each build has its own counts

    def _table_permission_allows(self, database: str, table: str) -> Any:
        """Datasette's ``allow`` blocks of ``table`` in the metadata (what its default ``view-table`` permission
        reads), kept while the metadata it reads them from is the same.

        Datasette answers by deep-copying the whole metadata (every table's and column's description, the canned
        queries) and merging it again, three times a table page. With no plugin's ``get_metadata`` hook its one
        source is the metadata given (``_metadata_local``), and its answer depends only on the entries of the tables
        named like ``table`` (SQLite's case-folding) in the one ``tables`` mapping it reads: the database's when the
        database's metadata is a non-empty mapping holding ``tables``, else the top level's. Their text (``repr``) is
        the key: a change made in place to the metadata is seen at the next ask. Anything else (a hook, metadata not
        of the shape Datasette expects, another Datasette's methods than those checked: ``PERMISSION_SOURCE_SHA256``)
        is answered by Datasette every time."""
        key = _allow_key(self._metadata_local, database, table) if self._allows_checked else None
        if key is None or pm.hook.get_metadata.get_hookimpls():
            return super()._table_permission_allows(database, table)
        found = self._allows.get((database, table))
        if found is not None and found[0] == key:
            return copy.deepcopy(found[1])
        answer = super()._table_permission_allows(database, table)
        if len(self._allows) >= KEPT_RESULTS:
            self._allows.clear()
        self._allows[database, table] = (key, copy.deepcopy(answer))
        return answer

    def on_close(self, fn: Callable[[str], None]) -> None:
        """Call ``fn(path)`` when a build's file is no longer read (to drop caches keyed by its path)."""
        self._on_close.append(fn)

    @property
    def current(self) -> list[_Generation]:
        return [source.generations[-1] for source in self.sources]

    def refresh(self) -> list[_Generation]:
        """The current build of each file, switching first to any file a build has replaced."""
        changed = {}
        for source in self.sources:
            generation = self._refresh(source)
            if generation is not None:
                changed[source.name] = generation.db
        if changed:
            self._databases = {**self._databases, **changed}  # one assignment: the next request sees the new builds
            for source in self.sources:
                self._collect(source)
        return self.current

    def _refresh(self, source: _Source) -> _Generation | None:
        try:
            st = os.stat(source.path)
        except FileNotFoundError:
            if source.generations:
                return None  # keep serving what we have (a build renames its file into place)
            raise
        if source.generations and _identity(st) == source.generations[-1].identity:
            return None
        links = source.path.parent / LINKS
        links.mkdir(exist_ok=True)
        self._count += 1
        link = links / f"{os.getpid()}-{self._count}.db"
        link.unlink(missing_ok=True)
        os.link(source.path, link)  # whatever file is there now; its own identity is read from the link
        db = BuildDatabase(self, link, self._count)
        db.name = db.route = source.name
        threading.Thread(target=db.count_rows, name="lawhistory-count-rows", daemon=True).start()
        generation = _Generation(db, _identity(os.stat(link)), link)
        source.generations.append(generation)
        return generation

    def _collect(self, source: _Source) -> None:
        """Close the builds that are neither current nor read by a request."""
        keep = []
        for g in source.generations[:-1]:
            if g.requests:
                keep.append(g)
                continue
            g.db.close()
            g.db.closed = True
            for fn in self._on_close:
                fn(str(g.link))
            g.link.unlink(missing_ok=True)
        source.generations = [*keep, source.generations[-1]]

    @staticmethod
    def _sweep_dead_links(links: Path) -> None:
        """Links left by serving processes that ended without removing them (killed)."""
        if not links.is_dir():
            return
        for link in links.glob("*-*.db"):
            pid = link.name.split("-", 1)[0]
            if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
                link.unlink(missing_ok=True)

    def close_all(self) -> None:
        for source in self.sources:
            for g in source.generations:
                g.db.close()
                g.link.unlink(missing_ok=True)
            source.generations = []

    def app(self) -> Any:
        inner = super().app()

        async def asgi(scope: dict[str, Any], receive: Any, send: Any) -> None:
            if scope["type"] == "lifespan":

                async def receive_and_tidy() -> Any:
                    message = await receive()
                    if message.get("type") == "lifespan.shutdown":
                        self.close_all()  # worker processes end without running atexit handlers
                    return message

                await inner(scope, receive_and_tidy, send)
                return
            if scope["type"] != "http":
                await inner(scope, receive, send)
                return
            generations = self.refresh()
            for g in generations:
                g.requests += 1
            token = _PINNED.set(self._databases)
            try:
                await inner(scope, receive, send)
            finally:
                _PINNED.reset(token)
                for g in generations:
                    g.requests -= 1
                for source, g in zip(self.sources, generations, strict=True):
                    if g is not source.generations[-1]:
                        self._collect(source)

        return asgi
