"""The public-server profile of the site: what a stranger on the internet may ask of it, and what is refused.

``lawhistory serve`` runs this profile unless ``--trusted`` is given (staff on an intranet get the full
Datasette). It is a Datasette plugin; every hook is a no-op for a Datasette made with ``trusted=True``
(``make_datasette``) or whose metadata says ``plugins: {lawhistory-security: {trusted: true}}``.

In the public profile:

- an error is answered with a plain page (JSON for ``.json``) and logged in one line, never a traceback
  (a traceback with locals costs a tenth of a second and tens of kilobytes of log per bad request);
- every SQLite connection refuses strings and blobs over ``MAX_LENGTH`` bytes, and the statement time
  limit is enforced by a watchdog that interrupts the connection (Datasette's own check runs only between
  batches of a thousand steps, so one expensive step could run far past it);
- Datasette's own pages take turns (``Gate``: two at once, 32 waiting, of which two may run visitors' SQL
  (``?sql=``, ``?_where=``) or stream CSV); the next is answered 503 at once. Law pages never wait for them, so
  they always find a free database thread;
- only GET and HEAD: nothing on the site is written, so any other method is answered 405;
- Datasette's debug and introspection pages are gone, and no absolute path is shown (``pragma_database_list``
  reads its ``file`` column as null);
- every response carries Content-Security-Policy, X-Frame-Options and X-Content-Type-Options.
"""

from __future__ import annotations

import asyncio
import html
import logging
import re
import sqlite3
import threading
import time
import urllib.parse
from collections.abc import Awaitable, Callable, Iterator, MutableMapping
from contextlib import contextmanager
from typing import Any, TypeVar, cast

from datasette import Response, hookimpl

from . import caching

PLUGIN = "lawhistory-security"
log = logging.getLogger("lawhistory.site")

#: The largest string or blob any statement may make or read (the database's largest value is far smaller).
MAX_LENGTH = 10_000_000
#: Datasette's own pages (tables, rows, queries, CSV) running at once per serving process, and waiting their turn.
DATA_AT_ONCE = 2
DATA_QUEUE = 32
#: Of those, requests running visitors' SQL or streaming CSV (waiting or running).
HEAVY_AT_ONCE = 2
#: The site's own pages, static files and the database download (which uses no database thread): never held back
#: by Datasette's pages.
LAW_PAGES = re.compile(r"^/(?:-/(?:laws(?:\.json)?$|law/|instrument/|lawhistory/static/|static/)|favicon\.ico$|[^/.]+\.db$)")
#: Settings of the public profile, over the site's own.
PUBLIC_SETTINGS: dict[str, Any] = {
    "suggest_facets": False,  # costly on every table page
    # A table page of 200 rows of two dozen columns is half a megabyte of HTML, most of its time in the template;
    # 50 rows are a quarter of the time (more with ?_size=, up to max_returned_rows).
    "default_page_size": 50,
    "facet_time_limit_ms": 200,
    "max_csv_mb": 20,  # a streamed CSV stops there
    "allow_signed_tokens": False,
    "trace_debug": False,
}
#: Datasette pages for debugging and introspection: not for the public.
HIDDEN = re.compile(
    r"^/-/(?:threads|messages|allow-debug|patterns|permissions|actor|auth-token|logout|login|databases|"
    r"plugins|versions|settings|config|metadata|create-token|api|actions)(?:\.json)?/?$"
)
HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        b"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]
F = TypeVar("F", bound=Callable[..., Any])
ASGI = Callable[[MutableMapping[str, Any], Callable[..., Awaitable[Any]], Callable[..., Awaitable[Any]]], Awaitable[None]]


def _hook(fn: F) -> F:
    return cast(F, hookimpl(fn))


def is_trusted(datasette: Any) -> bool:
    """Whether ``datasette`` serves staff (the full Datasette) rather than the public."""
    config = datasette.plugin_config(PLUGIN) or {}
    return bool(config.get("trusted"))


def profile_metadata(metadata: dict[str, Any], trusted: bool) -> dict[str, Any]:
    """``metadata`` saying which profile to serve."""
    plugins = {**metadata.get("plugins", {}), PLUGIN: {"trusted": trusted}}
    return {**metadata, "plugins": plugins}


# -- errors --------------------------------------------------------------------------------------


def _status_and_message(exception: BaseException) -> tuple[int, str]:
    from datasette.utils.asgi import Base400
    from datasette.views.base import DatasetteError

    if isinstance(exception, Base400):
        return exception.status, str(exception.args[0]) if exception.args else "Bad request"
    if isinstance(exception, DatasetteError):
        return exception.status, re.sub(r"<[^>]*>", "", str(exception.message))
    return 500, "Something went wrong on the server; the error has been logged."


def error_response(request: Any, exception: BaseException) -> Response:
    """The plain page (or JSON) for an error, logged in one line."""
    status, message = _status_and_message(exception)
    log.log(
        logging.ERROR if status >= 500 else logging.INFO,
        "%s %s %s: %s: %s",
        status,
        request.method,
        one_line(request.path),
        type(exception).__name__,
        one_line(str(exception)),
    )
    if request.path.endswith(".json"):
        return Response.json({"ok": False, "error": message, "status": status}, status=status)
    return Response.html(_page(status, message), status=status)


def one_line(text: str, limit: int = 200) -> str:
    """``text`` fit for one log line: whitespace runs as one space, control characters as ``?``, at most ``limit``."""
    return re.sub(r"[\x00-\x1f\x7f]", "?", " ".join(text.split()))[:limit]


def _page(status: int, message: str) -> str:
    title = {400: "Bad request", 403: "Forbidden", 404: "Not found", 405: "Method not allowed"}.get(status, "Error")
    return (
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{status} {title}</title></head>'
        f"<body><h1>{title}</h1><p>{html.escape(message)}</p>"
        f'<p><a href="/-/laws">Local laws</a></p></body></html>'
    )


def handle_exception(datasette: Any, request: Any, exception: BaseException) -> Iterator[Any]:
    """In the public profile, answer for every handler: Datasette's own would print a traceback with locals.

    A hook wrapper, because Datasette awaits every handler's answer (its own prints the traceback as it does).
    """
    outcome: Any = yield
    if not is_trusted(datasette):
        outcome.force_result([error_response(request, exception)])


handle_exception = cast(Any, hookimpl(hookwrapper=True))(handle_exception)


# -- the database connection ---------------------------------------------------------------------


def _authorizer(action: int, arg1: str | None, arg2: str | None, db: str | None, source: str | None) -> int:
    if action == sqlite3.SQLITE_READ and arg1 == "pragma_database_list" and arg2 == "file":
        return sqlite3.SQLITE_IGNORE  # read as null: the absolute path of the database file
    return sqlite3.SQLITE_OK


@_hook
def prepare_connection(conn: sqlite3.Connection, database: str, datasette: Any) -> None:
    if is_trusted(datasette):
        return
    conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_LENGTH)
    conn.set_authorizer(_authorizer)


class Watchdog:
    """Interrupts a connection whose statement runs past its deadline (checked every ``tick`` seconds).

    Datasette's time limit is a progress handler called every thousand virtual-machine steps; when one step
    is expensive (a large blob made or measured) the statement runs on long past the limit. ``interrupt`` is
    the one call SQLite allows from another thread, and it stops the statement at its next step.
    """

    def __init__(self, tick: float = 0.05) -> None:
        self.tick = tick
        self.deadlines: dict[int, tuple[sqlite3.Connection, float]] = {}
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None
        self.interrupted = 0

    @contextmanager
    def watching(self, conn: sqlite3.Connection, ms: float) -> Iterator[None]:
        with self.lock:
            self.deadlines[id(conn)] = (conn, time.monotonic() + ms / 1000)
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="lawhistory-sql-watchdog", daemon=True)
                self.thread.start()
        try:
            yield
        finally:
            with self.lock:
                self.deadlines.pop(id(conn), None)

    def _run(self) -> None:
        while True:
            time.sleep(self.tick)
            now = time.monotonic()
            with self.lock:
                for conn, deadline in self.deadlines.values():
                    if now > deadline:
                        conn.interrupt()
                        self.interrupted += 1


WATCHDOG = Watchdog()
_ORIGINAL_TIMELIMIT: Any = None


def _install_watchdog() -> None:
    """Put the watchdog around Datasette's own time limit (each statement it runs with one), once per process."""
    global _ORIGINAL_TIMELIMIT
    import datasette.database as database

    if _ORIGINAL_TIMELIMIT is not None:
        return
    _ORIGINAL_TIMELIMIT = database.sqlite_timelimit

    @contextmanager
    def sqlite_timelimit(conn: sqlite3.Connection, ms: float) -> Iterator[None]:
        with _ORIGINAL_TIMELIMIT(conn, ms):
            if conn.getlimit(sqlite3.SQLITE_LIMIT_LENGTH) == MAX_LENGTH:  # a public connection (prepare_connection)
                with WATCHDOG.watching(conn, ms):
                    yield
            else:
                yield

    database.sqlite_timelimit = sqlite_timelimit

    # Datasette writes every failed statement to stderr, visitors' SQL included, at whatever length it was sent:
    # in the public profile a visitor's bad SQL is answered (with SQLite's message) but not logged.
    execute = database.Database.execute

    async def quiet_execute(self: Any, *args: Any, **kwargs: Any) -> Any:
        if not is_trusted(self.ds):
            kwargs["log_sql_errors"] = False
        try:
            return await execute(self, *args, **kwargs)
        except database.QueryInterrupted:
            caching.mark_interrupted()  # the answer lacks what was cut off: it is not cached (caching.py)
            raise

    database.Database.execute = quiet_execute


_install_watchdog()


# -- requests ------------------------------------------------------------------------------------


def is_heavy(scope: MutableMapping[str, Any]) -> bool:
    """Whether a request runs a visitor's SQL or streams CSV (the requests that can keep a database thread busy)."""
    query = scope.get("query_string", b"")
    return bool(re.search(rb"(?:^|&)(?:sql|_where|_stream)=", query))


async def _plain(send: Callable[..., Awaitable[Any]], status: int, text: str, extra: list[tuple[bytes, bytes]]) -> None:
    body = text.encode("utf-8")
    headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode()), *extra]
    await send({"type": "http.response.start", "status": status, "headers": headers + HEADERS})
    await send({"type": "http.response.body", "body": body})


class Gate:
    """Admission of Datasette's own pages (tables, rows, queries, CSV) in one serving process.

    At most ``DATA_AT_ONCE`` run at once and ``DATA_QUEUE`` wait their turn; of them at most ``HEAVY_AT_ONCE`` run
    visitors' SQL or stream CSV. The rest are answered 503 at once. Law pages never pass the gate: whatever a
    visitor asks of the tables, a database thread stays free for them (Datasette has three).
    """

    def __init__(self) -> None:
        self.slots = asyncio.Semaphore(DATA_AT_ONCE)
        self.heavy = 0
        self.waiting = 0

    def refusal(self, heavy: bool) -> str | None:
        if heavy and self.heavy >= HEAVY_AT_ONCE:
            return "The server is busy with other SQL queries; try again in a few seconds. Law pages are not affected.\n"
        if self.waiting >= DATA_QUEUE:
            return "The server is busy with other table and query pages; try again in a few seconds.\n"
        return None

    async def run(self, heavy: bool, call: Callable[[], Awaitable[None]]) -> None:
        self.heavy += heavy
        self.waiting += 1
        entered = False
        try:
            async with self.slots:
                self.waiting -= 1
                entered = True
                await call()
        finally:
            if not entered:
                self.waiting -= 1
            self.heavy -= heavy


@_hook
def asgi_wrapper(datasette: Any) -> Callable[[ASGI], ASGI]:
    def wrap(app: ASGI) -> ASGI:
        if is_trusted(datasette):
            return app
        gate = Gate()  # one event loop per process: no lock needed
        http_cache = caching.HttpCache(datasette)

        async def public(scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
            if scope["type"] != "http":
                await app(scope, receive, send)
                return
            base = str(datasette.setting("base_url") or "/").rstrip("/")
            path = scope["path"][len(base) :] if base and scope["path"].startswith(base) else scope["path"]
            if scope["method"] not in ("GET", "HEAD"):
                await _plain(send, 405, "This site is read-only: only GET requests are answered.\n", [(b"allow", b"GET, HEAD")])
                return
            if HIDDEN.match(path):
                await _plain(send, 404, "Not found.\n", [])
                return

            async def with_headers(message: MutableMapping[str, Any]) -> None:
                if message["type"] == "http.response.start":
                    names = {h[0].lower() for h in HEADERS}
                    kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in names]
                    message = {**message, "headers": kept + HEADERS}
                await send(message)

            to_search = search_instead(datasette, path, scope.get("query_string", b""))
            if to_search is not None:
                await _plain(send, 302, f"See {to_search}\n", [(b"location", to_search.encode())])
                return
            if LAW_PAGES.match(path):
                await http_cache(scope, receive, with_headers, app, path)
                return
            heavy = is_heavy(scope)

            async def gated(scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
                refusal = gate.refusal(heavy)
                if refusal is not None:
                    log.info("503 %s %s: %s", scope["method"], one_line(path), one_line(refusal))
                    await _plain(send, 503, refusal, [(b"retry-after", b"5")])
                    return
                await gate.run(heavy, lambda: app(scope, receive, send))

            # an answer already made (or a 304) never waits for the gate
            await http_cache(scope, receive, with_headers, gated, path)

        return public

    return wrap


def search_instead(datasette: Any, path: str, query: bytes) -> str | None:
    """Where the search of the provisions in force (``/<db>/current_provisions?_search=words``, the HTML page) is sent
    in the public profile: the site's search page, with the same words (and law).

    Datasette counts the matches through the view, whose ``order by`` SQLite cannot flatten into the count: seconds
    for a common word at scale 1. The search page searches the same provisions (in force today) and counts them from
    the index. The JSON (``current_provisions.json?_search=``) is Datasette's own, as are other filters and sorts.
    """
    m = re.fullmatch(r"/([^/]+)/current_provisions", path)
    if m is None or m.group(1) not in datasette.databases or not query:
        return None
    args = urllib.parse.parse_qsl(query.decode("latin-1"), keep_blank_values=True)
    names = {k for k, _ in args}
    if "_search" not in names or not names <= {"_search", "law"} or len(args) != len(names):
        return None
    params = {"q": dict(args)["_search"], **({"law": dict(args)["law"]} if "law" in names else {})}
    if m.group(1) != "lawhistory":
        params["db"] = m.group(1)
    return str(datasette.urls.path("/-/search")) + "?" + urllib.parse.urlencode(params)


def settings(trusted: bool) -> dict[str, Any]:
    """Datasette settings of the profile (over the site's own)."""
    return {} if trusted else dict(PUBLIC_SETTINGS)
