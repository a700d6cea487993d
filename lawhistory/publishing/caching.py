"""HTTP caching of the public site: validators, 304s and a bounded per-process cache of whole answers.

The database is an immutable file: a page is a function of the build it reads, its URL and the day (pages "in force
today" change at midnight). So, in the public profile (``security.py``), for a GET without cookies or credentials
that runs no visitor's SQL:

- the answer carries a strong ``ETag`` made of the build's fingerprint (``build_info``'s ``inputs``, else the file's
  size and time), the site's (its metadata, settings, code and templates), the day, the host and the URL, and ``Cache-Control: public, max-age=60``; a request whose
  ``If-None-Match`` names it is answered 304 before any page is made (every worker process gives the same tag);
- a 200 answer is kept in a cache of at most ``LAWHISTORY_CACHE_MB`` (default 64) per serving process, least recently
  used first out, keyed by the files the request reads (each build of each database is a file of its own,
  ``switch.py``: one build's page is never served for another's), the day, the host and the whole URL — except a law
  page, which the law pages' own cache keeps once per version, whatever the day asked for (``page_cache.py``);
- an answer made while one of its statements was interrupted by the time limit (a facet or count left out) is
  neither kept nor tagged, and the next request makes it again.

Every answer says ``x-lawhistory-cache: hit`` or ``miss`` (cacheable requests only), which the benchmark counts.
"""

from __future__ import annotations

import contextvars
import datetime as dt
import hashlib
import os
import re
import sqlite3
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

#: The cache's size per serving process, in MiB (0: no cache; validators and 304s all the same).
ENVIRONMENT = "LAWHISTORY_CACHE_MB"
DEFAULT_MB = 64
MAX_AGE = 60
HEADER = b"x-lawhistory-cache"
#: Requests whose answers are not kept: visitors' SQL, streamed CSV, the database download.
_UNCACHEABLE_QUERY = re.compile(rb"(?:^|&)(?:sql|_where|_stream|_random)=")
_UNCACHEABLE_PATH = re.compile(r"\.db$")
_KEPT_TYPES = (b"text/html", b"application/json", b"text/plain", b"text/csv", b"application/xml")

Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGI = Callable[[MutableMapping[str, Any], Any, Send], Awaitable[None]]

#: Set for each cacheable request: whether any of its statements was interrupted (read by ``security``'s wrapper of
#: ``Database.execute``). A list, so that facets run as tasks of their own (copies of the context) mark it too.
INTERRUPTED: contextvars.ContextVar[list[bool] | None] = contextvars.ContextVar("lawhistory_interrupted", default=None)


#: Set for each cacheable request: what the law pages' own cache (``page_cache.py``) said of it ("hit", "miss"), or
#: "" when it was not asked. A page it answered is not kept here too: it keeps one page per version, where this
#: cache would keep one per day asked for (a visitor asking for every day would push every other answer out).
PAGE_ANSWER: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar("lawhistory_page_answer", default=None)


def page_answer(answer: str) -> None:
    """Note that the law pages' cache answered this request (``hit``) or made and kept its page (``miss``)."""
    flag = PAGE_ANSWER.get()
    if flag is not None:
        flag[0] = answer


def mark_interrupted() -> None:
    """Note that the current request's answer lacks something a statement's time limit cut off."""
    flag = INTERRUPTED.get()
    if flag is not None:
        flag[0] = True


@dataclass
class Cached:
    status: int
    headers: list[tuple[bytes, bytes]]
    body: bytes
    size: int = 0

    def __post_init__(self) -> None:
        self.size = len(self.body) + sum(len(k) + len(v) for k, v in self.headers) + 200


def _key_size(key: tuple[Any, ...]) -> int:
    return sum(len(part) if isinstance(part, str | bytes) else len(repr(part)) for part in key)


@dataclass
class Cache:
    """Whole answers, least recently used out first, at most ``max_bytes`` in all (one answer at most an eighth)."""

    max_bytes: int
    entries: OrderedDict[tuple[Any, ...], Cached] = field(default_factory=OrderedDict)
    size: int = 0
    hits: int = 0
    misses: int = 0

    def get(self, key: tuple[Any, ...]) -> Cached | None:
        found = self.entries.get(key)
        if found is None:
            self.misses += 1
            return None
        self.entries.move_to_end(key)
        self.hits += 1
        return found

    def put(self, key: tuple[Any, ...], value: Cached) -> None:
        value.size += _key_size(key)  # a long URL costs what it holds, however small its answer
        if value.size > self.max_bytes // 8:
            return
        old = self.entries.pop(key, None)
        if old is not None:
            self.size -= old.size
        self.entries[key] = value
        self.size += value.size
        while self.size > self.max_bytes:
            _, dropped = self.entries.popitem(last=False)
            self.size -= dropped.size

    def forget(self, path: str) -> None:
        """Drop every answer read from the file ``path`` (a build no longer served)."""
        for key in [k for k in self.entries if any(p == path for _, p in k[0])]:
            self.size -= self.entries.pop(key).size


def cache_size() -> int:
    """The cache's size in bytes, from ``LAWHISTORY_CACHE_MB``."""
    try:
        mb = float(os.environ.get(ENVIRONMENT, DEFAULT_MB))
    except ValueError:
        mb = DEFAULT_MB
    return max(0, int(mb * 1024 * 1024))


def _fingerprint(path: str) -> str:
    """What identifies a build's file: its inputs' hash (the same in every worker and replica), else size and time."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True) as conn:
            row = conn.execute("select value from build_info where key = 'inputs'").fetchone()
        if row and row[0]:
            return str(row[0])
    except sqlite3.Error:
        pass
    st = os.stat(path)
    return f"{st.st_size}-{st.st_mtime_ns}"


class Validators:
    """The fingerprint of each database file served (read once per file)."""

    def __init__(self) -> None:
        self.known: dict[str, str] = {}

    def fingerprint(self, files: tuple[tuple[str, str], ...]) -> str:
        parts = []
        for name, path in files:
            if path not in self.known:
                self.known[path] = _fingerprint(path) if path else ""
            parts.append(f"{name}={self.known[path]}")
        return ";".join(parts)

    def forget(self, path: str) -> None:
        self.known.pop(path, None)


def _header(scope: MutableMapping[str, Any], name: bytes) -> bytes | None:
    for k, v in scope.get("headers", []):
        if k.lower() == name:
            return bytes(v)
    return None


def cacheable(scope: MutableMapping[str, Any], path: str) -> bool:
    """Whether the answer to this request depends only on the build, the day and the URL."""
    if scope.get("method") != "GET" or _UNCACHEABLE_PATH.search(path):
        return False
    if _header(scope, b"cookie") or _header(scope, b"authorization"):
        return False  # an actor or a CSRF token may change the page
    return not _UNCACHEABLE_QUERY.search(scope.get("query_string", b""))


def _files(datasette: Any) -> tuple[tuple[str, str], ...]:
    """The databases this request reads (pinned for it by ``switch.py``), each with the path of its build's file."""
    return tuple(sorted((name, str(db.path or "")) for name, db in datasette.databases.items() if not db.is_memory))


def _key(scope: MutableMapping[str, Any], files: tuple[tuple[str, str], ...]) -> tuple[Any, ...]:
    # Pages "in force today" read the local date, SQLite's date('now') the UTC one: both are part of the key.
    days = (dt.date.today().isoformat(), dt.datetime.now(dt.UTC).date().isoformat())
    host = _header(scope, b"host") or b""
    return (
        files,
        days,
        scope.get("scheme", "http"),
        host,
        scope.get("root_path", ""),
        scope["path"],
        scope.get("query_string", b""),
    )


def etag(fingerprint: str, key: tuple[Any, ...]) -> bytes:
    """A strong validator for the answer to ``key`` (its files replaced by their builds' fingerprints)."""
    text = repr((fingerprint, key[1:]))
    return b'"' + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32].encode() + b'"'


def _matches(scope: MutableMapping[str, Any], tag: bytes) -> bool:
    wanted = _header(scope, b"if-none-match")
    if not wanted:
        return False
    return any(t.strip().removeprefix(b"W/") in (tag, b"*") for t in wanted.split(b","))


def site_fingerprint(datasette: Any) -> str:
    """What else makes the pages of a build: the metadata, the settings, the site's code and templates, Datasette's
    version (a new release or metadata.yml served over the same build must not be answered 304 from the old one)."""
    import json
    from pathlib import Path

    import datasette as datasette_package

    digest = hashlib.sha256()
    digest.update(json.dumps(datasette.metadata() or {}, sort_keys=True, default=str).encode())
    digest.update(json.dumps(getattr(datasette, "_settings", {}), sort_keys=True, default=str).encode())
    digest.update(str(getattr(datasette_package, "__version__", "")).encode())
    here = Path(__file__).parent
    for path in sorted(here.rglob("*")):
        if path.is_file() and path.suffix in (".py", ".html", ".css", ".js"):
            digest.update(path.relative_to(here).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


class HttpCache:
    """The cache and validators of one serving process (see the module's docstring)."""

    def __init__(self, datasette: Any, max_bytes: int | None = None) -> None:
        self.datasette = datasette
        self.cache = Cache(cache_size() if max_bytes is None else max_bytes)
        self.validators = Validators()
        self.site: str | None = None
        if hasattr(datasette, "on_close"):
            datasette.on_close(self.forget)

    def forget(self, path: str) -> None:
        self.cache.forget(path)
        self.validators.forget(path)

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Send, app: ASGI, path: str) -> None:
        if not cacheable(scope, path):
            await app(scope, receive, send)
            return
        files = _files(self.datasette)
        key = _key(scope, files)
        if self.site is None:
            self.site = site_fingerprint(self.datasette)
        tag = etag(self.site + ";" + self.validators.fingerprint(files), key)
        validators = [(b"etag", tag), (b"cache-control", f"public, max-age={MAX_AGE}".encode())]
        if _matches(scope, tag):
            await send({"type": "http.response.start", "status": 304, "headers": [*validators, (HEADER, b"hit")]})
            await send({"type": "http.response.body", "body": b""})
            return
        found = self.cache.get(key) if self.cache.max_bytes else None
        if found is not None:
            await send({"type": "http.response.start", "status": found.status, "headers": [*found.headers, (HEADER, b"hit")]})
            await send({"type": "http.response.body", "body": found.body})
            return
        flag = [False]
        token = INTERRUPTED.set(flag)
        answered = [""]
        page_token = PAGE_ANSWER.set(answered)
        start: MutableMapping[str, Any] | None = None
        chunks: list[bytes] = []
        keep = True

        async def capture(message: MutableMapping[str, Any]) -> None:
            nonlocal start, keep
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {k.lower() for k, _ in headers}
                kind = next((v for k, v in headers if k.lower() == b"content-type"), b"")
                keep = (
                    message["status"] == 200
                    and b"set-cookie" not in names
                    and b"etag" not in names
                    and kind.split(b";")[0].strip() in _KEPT_TYPES
                )
                if keep:
                    headers = [(k, v) for k, v in headers if k.lower() != b"cache-control"] + validators
                headers.append((HEADER, answered[0].encode() if answered[0] else b"miss"))
                start = {**message, "headers": headers}
                # the head waits for the last chunk: an answer cut short by the time limit must not carry the tag
                if not keep:
                    await send(start)
                return
            if message["type"] == "http.response.body" and keep and start is not None:
                chunks.append(message.get("body", b""))
                if sum(map(len, chunks)) > self.cache.max_bytes // 8 and message.get("more_body"):
                    keep = False  # too big to keep: send what there is and stream the rest
                    await send(start)
                    await send({**message, "body": b"".join(chunks)})
                    return
                if not message.get("more_body"):
                    if flag[0]:
                        start = {
                            **start,
                            "headers": [(k, v) for k, v in start["headers"] if k not in (b"etag", b"cache-control")],
                        }
                    await send(start)
                    body = b"".join(chunks)
                    await send({"type": "http.response.body", "body": body})
                    if not flag[0] and self.cache.max_bytes and not answered[0]:
                        kept = [(k, v) for k, v in start["headers"] if k != HEADER]
                        self.cache.put(key, Cached(int(start["status"]), kept, body))
                return
            await send(message)

        try:
            await app(scope, receive, capture)
        finally:
            INTERRUPTED.reset(token)
            PAGE_ANSWER.reset(page_token)
