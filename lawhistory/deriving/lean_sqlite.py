"""The build's database connection, with sqlite_utils imported only when its own methods are asked for, and then
without numpy.

Importing sqlite_utils costs a new process some 50 ms (its module, pluggy and click for its plugins, dateutil), and an
incremental build (``amend FILE --build``) asks of it only what ``Database`` here does on a connection: run a
statement (``execute``, with sqlite_utils' own rule for a statement run outside a transaction), read rows as
dictionaries (``query``), close. Anything else — making a schema's tables, indexes, views and foreign keys, as a full
build does — is a ``sqlite_utils.Database`` on the same connection, made on first use (``full``).

``sqlite_utils.db`` imports numpy if it can (only to map numpy's scalar types to column types). The build hands
sqlite_utils only Python values (the similar provisions' signatures are written with ``sqlite3`` itself), so numpy is
hidden while sqlite_utils is first imported (``load``): it is then imported only where it is used
(``similar.minhashes``). When numpy is already loaded, nothing is hidden.
"""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Iterator, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import sqlite_utils as _sqlite_utils

#: sqlite_utils' ``_TRANSACTION_CONTROL_KEYWORDS``: statements its ``execute`` never commits after.
_CONTROL = frozenset({"BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE"})


def load() -> ModuleType:
    """sqlite_utils, imported (the first time) with numpy hidden unless numpy is loaded already."""
    if "sqlite_utils" not in sys.modules and "numpy" not in sys.modules:
        sys.modules["numpy"] = None  # type: ignore[assignment]  # ``import numpy`` raises ImportError
        try:
            import sqlite_utils
        finally:
            del sys.modules["numpy"]
    import sqlite_utils

    return sqlite_utils


def first_keyword(sql: str) -> str:
    """The first keyword of a statement, upper-cased, after what the sqlite3 driver skips (white space, ``--`` and
    ``/* */`` comments, bare ``;``, a byte order mark): sqlite_utils' ``_first_keyword``; "" when there is none."""
    i, n = 0, len(sql)
    while i < n:
        if sql[i].isspace() or sql[i] in (";", "\ufeff"):
            i += 1
        elif sql.startswith("--", i):
            newline = sql.find("\n", i)
            if newline == -1:
                return ""
            i = newline + 1
        elif sql.startswith("/*", i):
            end = sql.find("*/", i + 2)
            if end == -1:
                return ""
            i = end + 2
        else:
            break
    j = i
    while j < n and (sql[j].isalpha() or sql[j] == "_"):
        j += 1
    return sql[i:j].upper()


class Database:
    """``sqlite_utils.Database(conn, execute_plugins=False)`` as the build uses it, without importing sqlite_utils for
    ``conn``, ``execute``, ``query`` and ``close``; any other attribute or item is the sqlite_utils database's."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self._full: _sqlite_utils.Database | None = None
        self.execute("PRAGMA recursive_triggers=on;")  # as sqlite_utils.Database does on every connection

    def execute(self, sql: str, parameters: Sequence[Any] | dict[str, Any] | None = None) -> sqlite3.Cursor:
        """Run ``sql`` as sqlite_utils' ``execute`` does: a statement that opens a transaction outside one is committed
        (a write) or rolled back (when it fails); inside a transaction it is part of it."""
        was_in_transaction = self.conn.in_transaction
        try:
            cursor = self.conn.execute(sql) if parameters is None else self.conn.execute(sql, parameters)
        except Exception:
            if not was_in_transaction and self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise
        if (
            not was_in_transaction
            and self.conn.in_transaction
            and cursor.description is None
            and first_keyword(sql) not in _CONTROL
        ):
            self.conn.execute("COMMIT")
        return cursor

    def query(self, sql: str, params: Sequence[Any] | dict[str, Any] | None = None) -> Iterator[dict[str, Any]]:
        """The rows of a statement that reads (``select``), each a dictionary by column name."""
        if first_keyword(sql) != "SELECT":
            return self.full().query(sql, params)  # type: ignore[no-any-return]  # sqlite_utils' checks and guards
        cursor = self.conn.execute(sql, params if params is not None else ())
        keys = [d[0] for d in cursor.description]
        if len(set(keys)) != len(keys):
            return self.full().query(sql, params)  # type: ignore[no-any-return]  # sqlite_utils names them apart
        return (dict(zip(keys, row, strict=True)) for row in cursor)

    def close(self) -> None:
        self.conn.close()

    def full(self) -> _sqlite_utils.Database:
        """The sqlite_utils database on this connection (sqlite_utils imported now, the first time)."""
        if self._full is None:
            self._full = load().Database(self.conn, recursive_triggers=False, execute_plugins=False)
        return self._full

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "_full":
            raise AttributeError(name)
        return getattr(self.full(), name)

    def __getitem__(self, name: str) -> Any:
        return self.full()[name]
