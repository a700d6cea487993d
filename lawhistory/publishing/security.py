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
- a request's cost is bounded before Datasette reads it (``request_refusal``): the query string's size, its number
  of parameters, facets and sorts, the named parameters of a visitor's SQL and the shape of ``_next``; a NUL
  character is refused (400, a plain message). ``printf``/``format`` refuse a width or precision past ``MAX_LENGTH``
  (SQLite spends one uninterruptible step per repeated character), and a serving process caps SQLite's heap
  (``bound_memory``: an answer that would need more is 503, the worker lives on); the rows one statement makes in
  Python are counted (``counted_row``: past ``MAX_RESULT_BYTES`` the request is 503) and Datasette's pages are
  turned away (503) while the process holds more than ``MEMORY_CEILING``;
- a malformed value a visitor sent (a ``_next`` or filter that is not a number, a sort by no column) is a 400,
  never a 500;
- only GET and HEAD: nothing on the site is written, so any other method is answered 405;
- Datasette's debug and introspection pages are gone, and no absolute path is shown (``pragma_database_list``
  reads its ``file`` column as null);
- every response carries Content-Security-Policy, X-Frame-Options and X-Content-Type-Options.
"""

from __future__ import annotations

import asyncio
import contextvars
import html
import json
import logging
import os
import re
import sqlite3
import sys
import threading
import time
import urllib.parse
from collections.abc import Awaitable, Callable, Iterator, MutableMapping
from contextlib import contextmanager
from typing import Any, TypeVar, cast

from datasette import Response, hookimpl

from . import caching, csv_safe

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
#: What one request may ask (``request_refusal``): Datasette reads the query string again for each named parameter
#: and makes each facet (a page per facet), so these bound a request's cost before Datasette sees it.
MAX_QUERY_BYTES = 16_384
MAX_PARAMETERS = 64
MAX_FACETS = 5
MAX_SORTS = 1
MAX_SQL_PARAMETERS = 32
MAX_NEXT = 1_000
#: Rows of an HTML table page (``?_size=``): Datasette renders the page's template on the event loop, 5–15 ms a row
#: (``provisions?_size=max``, 5 MB of HTML, held every other page of the process for seconds). JSON and CSV may
#: ask for ``max_returned_rows``.
MAX_HTML_ROWS = 200
#: SQLite's memory in a serving process (all its connections): past it a statement fails "out of memory" (a 503).
HEAP_LIMIT = 768 * 1024 * 1024
#: What the rows of one statement may hold in Python (as Datasette reads them, ``sys.getsizeof`` of each value): past
#: it the statement stops and the request is answered 503 (``TooBig``). A thousand rows of instruments (each holds
#: the text of an instrument) are some 30 MB at scale 1; a thousand values of 10 MB each (``zeroblob``, ``printf``
#: under their caps) would be 10 GB.
MAX_RESULT_BYTES = 64 * 1024 * 1024
#: Columns of one statement's result (SQLite's ``SQLITE_LIMIT_COLUMN``, 2,000 by default; the widest table or view
#: of the schema has far fewer): with ``MAX_LENGTH``, what one row can hold before it is counted.
MAX_COLUMNS = 100
#: A serving process's memory (its resident set, read from /proc at each of Datasette's pages): past it Datasette's
#: pages are answered 503 until the process has less (law pages are still answered), rather than the process growing
#: until the system replaces it. ``LAWHISTORY_SERVE_MEMORY_MB`` sets it.
MEMORY_CEILING = int(os.environ.get("LAWHISTORY_SERVE_MEMORY_MB") or 2048) * 1024 * 1024
#: Rows of a visitor's query as an HTML page (its JSON and CSV have ``max_returned_rows``): rendered on the event
#: loop, a thousand rows of provisions were 2.7 s; past these the page says the results were truncated.
MAX_HTML_QUERY_ROWS = 200
_HTML_QUERY_ROWS: contextvars.ContextVar[int | None] = contextvars.ContextVar("lawhistory_html_rows", default=None)
#: Settings of the public profile, over the site's own.
PUBLIC_SETTINGS: dict[str, Any] = {
    "suggest_facets": False,  # costly on every table page
    # A table page of 200 rows of two dozen columns is half a megabyte of HTML, most of its time in the template;
    # 50 rows are a quarter of the time (more with ?_size=, up to max_returned_rows).
    "default_page_size": 50,
    # A visitor's query page shows every row it returns, up to this, rendered on the event loop (HTML of 5,000 rows
    # took 13 s); more rows are read a page at a time from the JSON (``_next``) or streamed as CSV.
    "max_returned_rows": 1000,
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


#: Errors Datasette raises from a value in the address it could not use (``_next=abc``: ValueError; a number past
#: SQLite's integers: OverflowError; a NUL in ``_where``: ProgrammingError; a text ``_next`` for a number column:
#: IntegrityError): the visitor's value, not the server, is at fault.
_BAD_VALUE = (ValueError, OverflowError, sqlite3.ProgrammingError, sqlite3.IntegrityError)
BUSY_MEMORY = "The server has no memory free for this request now; ask for less (fewer rows or columns) or try again."


def _status_and_message(exception: BaseException, query: str = "") -> tuple[int, str]:
    from datasette.utils.asgi import Base400
    from datasette.views.base import DatasetteError

    if isinstance(exception, Base400):
        return exception.status, str(exception.args[0]) if exception.args else "Bad request"
    if isinstance(exception, TooBig):
        return 503, str(exception)
    if isinstance(exception, (MemoryError, OutOfMemory)):
        return 503, BUSY_MEMORY
    if isinstance(exception, DatasetteError):
        message = re.sub(r"<[^>]*>", "", str(exception.message))
        if exception.status == 500 and query and message.startswith("Cannot sort"):
            return 400, message  # Datasette's own words for a sort by no such column, with the wrong status
        return exception.status, message
    if query and isinstance(exception, _BAD_VALUE):
        return 400, f"A value in the address cannot be used here ({one_line(str(exception), 120)}); check it."
    return 500, "Something went wrong on the server; the error has been logged."


def error_response(request: Any, exception: BaseException) -> Response:
    """The plain page (or JSON) for an error, logged in one line."""
    status, message = _status_and_message(exception, str(getattr(request, "query_string", "") or ""))
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
    conn.setlimit(sqlite3.SQLITE_LIMIT_COLUMN, MAX_COLUMNS)
    conn.row_factory = counted_row  # Datasette's sqlite3.Row, each statement's rows counted (MAX_RESULT_BYTES)
    conn.set_authorizer(_authorizer)
    # Datasette turns on tracebacks from SQL functions; a visitor's refused printf would write one per request.
    sqlite3.enable_callback_tracebacks(False)
    for name in ("printf", "format"):
        conn.create_function(name, -1, bounded_printf, deterministic=True)


def bound_memory(trusted: bool, limit: int | None = None) -> None:
    """Cap SQLite's heap in this serving process at ``limit`` (``HEAP_LIMIT``) bytes, in the public profile: a
    statement that would need more fails "out of memory" (answered 503, ``OutOfMemory``) and the worker lives on,
    instead of growing until the system replaces it. The cap is the process's (every connection), and can only be
    lowered: ``serve`` sets it once, as a worker starts."""
    if not trusted:
        sqlite3.connect(":memory:").execute(f"pragma hard_heap_limit = {int(limit or HEAP_LIMIT)}").fetchone()


class OutOfMemory(Exception):
    """A statement needed more memory than the serving process may give it (answered 503, not a 400 of bad SQL)."""


class TooBig(OutOfMemory):
    """A statement's rows would hold more than ``MAX_RESULT_BYTES`` in the serving process (answered 503)."""


class _Budget(threading.local):
    """What the rows of the statement running in this thread may still hold (None: no statement of a visitor's page;
    Datasette runs each statement, from its first row to its last, in one of its threads)."""

    left: int | None = None


_BUDGET = _Budget()


def counted_row(cursor: sqlite3.Cursor, row: tuple[Any, ...]) -> sqlite3.Row:
    """``row`` as Datasette reads it (``sqlite3.Row``), counted against the statement's ``MAX_RESULT_BYTES``: past
    them the statement stops (``TooBig``) before its next row is made, so one request never makes the serving process
    hold more than that and one row."""
    left = _BUDGET.left
    if left is not None:
        left -= sum(map(sys.getsizeof, row))
        _BUDGET.left = left
        if left < 0:
            _BUDGET.left = None  # said once: the statement ends here
            raise TooBig(
                f"The answer would hold more than {MAX_RESULT_BYTES // 1024 // 1024} MB; ask for fewer rows or columns "
                "(a table's JSON pages its rows with _next; the whole database can be downloaded)."
            )
    return sqlite3.Row(cursor, row)


@contextmanager
def counted(conn: sqlite3.Connection) -> Iterator[None]:
    """Count the rows of the statement run inside against ``MAX_RESULT_BYTES`` (this thread's)."""
    before = _BUDGET.left
    _BUDGET.left = MAX_RESULT_BYTES
    try:
        yield
    finally:
        _BUDGET.left = before


def resident_bytes() -> int:
    """This process's resident memory (0 where /proc cannot tell)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


_TRIMMED = [0.0]


def past_ceiling() -> bool:
    """Whether this process holds more than ``MEMORY_CEILING``, after handing back to the system what the C library
    keeps of freed memory (``malloc_trim``, at most every 5 s: what a big answer left may still count otherwise)."""
    if resident_bytes() <= MEMORY_CEILING:
        return False
    now = time.monotonic()
    if now - _TRIMMED[0] >= 5:
        _TRIMMED[0] = now
        try:
            import ctypes

            ctypes.CDLL(None).malloc_trim(0)
        except (OSError, AttributeError):
            pass  # not glibc
    return resident_bytes() > MEMORY_CEILING


#: One conversion of SQLite's printf: flags, width, precision (``*`` takes the next argument), type.
_CONVERSION = re.compile(r"%[-+ 0#,!]*(\*|\d+)?(?:\.(\*|\d+))?([a-zA-Z%])")
_PRINTF = threading.local()


def printf_refusal(args: tuple[Any, ...]) -> str | None:
    """Why ``printf(*args)`` is refused: a width or precision that would make more than ``MAX_LENGTH`` characters
    (SQLite repeats ``%.*c`` one character at a time, past the length limit, in one step no time limit can stop)."""
    if not args or not isinstance(args[0], str | bytes):
        return None  # a number as the format holds no conversion
    form = args[0] if isinstance(args[0], str) else args[0].decode("latin-1")  # SQLite reads a blob as text
    rest = list(args[1:])
    total = 0
    for width, precision, kind in _CONVERSION.findall(form):
        for size in (width, precision):
            if size == "*":
                size = str(abs(_as_int(rest.pop(0) if rest else 0)))
            total += int(size or 0)
        if kind != "%" and rest:
            rest.pop(0)
        if total > MAX_LENGTH:
            return f"printf: widths and precisions past {MAX_LENGTH:,} characters make a string too big"
    return None


def _as_int(value: Any) -> int:
    """``value`` as SQLite reads a ``*`` width: a number, or the number a text or blob begins with (else 0)."""
    if isinstance(value, int | float):
        return int(value) if abs(value) < 2**63 else 2**63
    if isinstance(value, bytes):
        value = value.decode("latin-1")
    m = re.match(r"\s*([-+]?\d+)", value) if isinstance(value, str) else None
    return int(m.group(1)[:20]) if m else 0


def bounded_printf(*args: Any) -> Any:
    """SQLite's own ``printf``, run on a private in-memory connection once ``printf_refusal`` finds nothing to refuse."""
    refusal = printf_refusal(args)
    if refusal is not None:
        raise ValueError(refusal)
    conn = getattr(_PRINTF, "conn", None)
    if conn is None:
        conn = _PRINTF.conn = sqlite3.connect(":memory:", check_same_thread=False)
        conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_LENGTH)
    marks = ", ".join("?" * len(args))
    return conn.execute(f"select printf({marks})", args).fetchone()[0]


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
                with WATCHDOG.watching(conn, ms), counted(conn):
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
            results = await execute(self, *args, **kwargs)
            shown = _HTML_QUERY_ROWS.get()
            if shown is not None and kwargs.get("truncate") and len(results.rows) > shown:
                return database.Results(results.rows[:shown], True, results.description)  # said truncated on the page
            return results
        except database.QueryInterrupted:
            caching.mark_interrupted()  # the answer lacks what was cut off: it is not cached (caching.py)
            raise
        except (MemoryError, sqlite3.OperationalError) as e:
            if isinstance(e, MemoryError) or "out of memory" in str(e):
                raise OutOfMemory(BUSY_MEMORY) from None  # not an SQL error: Datasette would answer it 400
            raise

    database.Database.execute = quiet_execute


_install_watchdog()
csv_safe.install()


# -- requests ------------------------------------------------------------------------------------


def _int64(text: str) -> bool:
    """Whether ``text`` is no whole number or one SQLite can hold (a longer one is a 500 deep in Datasette)."""
    digits = text.removeprefix("-")
    return not digits.isdigit() or (len(digits) <= 19 and -(2**63) <= int(text) < 2**63)


def request_refusal(path: str, query: bytes) -> str | None:
    """Why a request is refused before Datasette reads it (400), or None. Each bound is far above what the site's
    own pages and links ask; each keeps one request from costing seconds of the event loop or gigabytes of memory."""
    if len(query) > MAX_QUERY_BYTES:
        return f"The address's query is {len(query):,} bytes long; this site answers queries of at most {MAX_QUERY_BYTES:,}."
    if b"%00" in query.lower() or b"\x00" in query or "\x00" in path:
        return "The address holds a NUL character (%00), which no value on this site can hold."
    try:
        args = urllib.parse.parse_qsl(query.decode("latin-1"), keep_blank_values=True, max_num_fields=MAX_PARAMETERS)
    except ValueError:
        return f"The address has more than {MAX_PARAMETERS} query parameters; ask for less at a time."
    names = [k for k, _ in args]
    facets = sum(bool(re.fullmatch(r"_facet(?:_(?!size$)\w+)?", k)) for k in names)
    if facets > MAX_FACETS:
        return f"The address asks for {facets} facets; at most {MAX_FACETS} are made for one page."
    if sum(k in ("_sort", "_sort_desc") for k in names) > MAX_SORTS:
        return "The address asks for more than one sort; sort by one column at a time."
    for name, value in args:
        if name == "sql" and len(set(re.findall(r"[:$@][A-Za-z_]\w*", value))) > MAX_SQL_PARAMETERS:
            return f"The SQL names more than {MAX_SQL_PARAMETERS} parameters; use fewer."
        if name == "_next" and (len(value) > MAX_NEXT or not all(map(_int64, value.split(",")))):
            return "The address's _next is not one this site made; follow the page's own next link."
        if name == "_size" and not path.endswith((".json", ".csv")) and not (value.isdigit() and int(value) <= MAX_HTML_ROWS):
            return f"A table page shows at most {MAX_HTML_ROWS} rows (_size); ask the .json or .csv for more."
    return None


def is_heavy(scope: MutableMapping[str, Any]) -> bool:
    """Whether a request runs a visitor's SQL or streams CSV (the requests that can keep a database thread busy)."""
    query = scope.get("query_string", b"")
    return bool(re.search(rb"(?:^|&)(?:sql|_where|_stream)=", query))


async def _plain(send: Callable[..., Awaitable[Any]], status: int, text: str, extra: list[tuple[bytes, bytes]]) -> None:
    body = text.encode("utf-8")
    headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode()), *extra]
    await send({"type": "http.response.start", "status": status, "headers": headers + HEADERS})
    await send({"type": "http.response.body", "body": body})


async def _refuse(send: Callable[..., Awaitable[Any]], path: str, status: int, text: str) -> None:
    """A refusal as JSON for a ``.json`` address (as ``error_response`` answers), else as plain text."""
    if not path.endswith(".json"):
        await _plain(send, status, text + "\n", [])
        return
    body = json.dumps({"ok": False, "error": text, "status": status}).encode()
    headers = [(b"content-type", b"application/json; charset=utf-8"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers + HEADERS})
    await send({"type": "http.response.body", "body": body})


class Gate:
    """Admission of Datasette's own pages (tables, rows, queries, CSV) in one serving process.

    At most ``DATA_AT_ONCE`` run at once and ``DATA_QUEUE`` wait their turn; of them at most ``HEAVY_AT_ONCE`` run
    visitors' SQL or stream CSV. The rest are answered 503 at once, and so is every one while the process holds more
    than ``MEMORY_CEILING``. Law pages never pass the gate: whatever a
    visitor asks of the tables, a database thread stays free for them (Datasette has three).
    """

    def __init__(self) -> None:
        self.slots = asyncio.Semaphore(DATA_AT_ONCE)
        self.heavy = 0
        self.waiting = 0

    def refusal(self, heavy: bool) -> str | None:
        if past_ceiling():
            return (
                "The server has no memory free for table and query pages now; try again in a few seconds. "
                "Law pages are not affected.\n"
            )
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
    def wrap(inner: ASGI) -> ASGI:
        app = csv_safe.asgi(inner)  # CSV safe for spreadsheets in every profile
        if is_trusted(datasette):
            return app
        gate = datasette.lawhistory_gate = Gate()  # one event loop per process: no lock needed
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
            refusal = request_refusal(path, scope.get("query_string", b""))
            if refusal is not None:
                log.info("400 %s %s: %s", scope["method"], one_line(path), refusal)
                await _refuse(send, path, 400, refusal)
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
            if heavy and not path.endswith((".json", ".csv")):
                _HTML_QUERY_ROWS.set(MAX_HTML_QUERY_ROWS)  # this request's task only

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
