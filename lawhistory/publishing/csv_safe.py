"""CSV that a spreadsheet opens as data: a text cell beginning with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return is prefixed with ``'`` in every CSV the site serves (its own, ``/-/penalties.csv`` and the others, and
Datasette's table and query CSVs), so no cell is run as a formula (CSV injection). Numbers are left as they are.

Data users who want the text exactly as stored add ``_formulas=keep`` to the CSV's address (or read the ``.json``,
which is never changed, or download the database). Datasette writes its CSV with ``csv.writer`` from its own
module (``datasette.views.base``); ``install`` gives that module a writer that prefixes the cells (no plugin hook
reaches Datasette's CSV rows: ``render_cell`` is for HTML only).
"""

from __future__ import annotations

import contextvars
import csv
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

#: What a spreadsheet reads as the start of a formula (OWASP's list).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
PREFIX = "'"
#: The query parameter that keeps cells as stored (``?_formulas=keep``).
OPT_OUT = b"_formulas=keep"

_keep: contextvars.ContextVar[bool] = contextvars.ContextVar("lawhistory_csv_keep", default=False)
ASGI = Callable[[MutableMapping[str, Any], Callable[..., Awaitable[Any]], Callable[..., Awaitable[Any]]], Awaitable[None]]


def cell(value: Any) -> Any:
    """``value`` fit for a spreadsheet: text that would start a formula is prefixed with ``'`` (unless opted out)."""
    if isinstance(value, str) and value.startswith(FORMULA_START) and not _keep.get():
        return PREFIX + value
    return value


def row(values: Iterable[Any]) -> list[Any]:
    return [cell(v) for v in values]


class _Writer:
    """A ``csv.writer`` whose rows pass through ``row`` first (Datasette awaits what ``writerow`` returns)."""

    def __init__(self, writer: Any) -> None:
        self._writer = writer

    def writerow(self, values: Iterable[Any]) -> Any:
        return self._writer.writerow(row(values))

    def writerows(self, rows: Iterable[Iterable[Any]]) -> Any:
        return self._writer.writerows(row(r) for r in rows)


class _CsvModule:
    """The ``csv`` module as Datasette's view code sees it: the same, but with the safe writer."""

    def __getattr__(self, name: str) -> Any:
        return getattr(csv, name)

    @staticmethod
    def writer(*args: Any, **kwargs: Any) -> _Writer:
        return _Writer(csv.writer(*args, **kwargs))


def install() -> None:
    """Make Datasette's CSV safe (once per process; every profile: staff open CSVs in spreadsheets too)."""
    import datasette.views.base as base

    if not isinstance(base.csv, _CsvModule):
        base.csv = _CsvModule()  # type: ignore[assignment]


def asgi(app: ASGI) -> ASGI:
    """``app``, told for each request whether its CSV keeps formulas (``?_formulas=keep``)."""

    async def wrapped(scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        query = scope.get("query_string", b"") if scope.get("type") == "http" else b""
        token = _keep.set(OPT_OUT in query.split(b"&"))
        try:
            await app(scope, receive, send)
        finally:
            _keep.reset(token)

    return wrapped
