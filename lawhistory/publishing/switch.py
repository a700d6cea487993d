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
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from datasette.app import Datasette
from datasette.database import Database

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
        super().__init__([], **kwargs)
        self.sources = [_Source(name, Path(path)) for name, path in sources.items()]
        self._count = 0
        self._on_close: list[Callable[[str], None]] = []
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
