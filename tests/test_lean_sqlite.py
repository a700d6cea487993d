"""The build's connection (``deriving.lean_sqlite.Database``) runs every statement as ``sqlite_utils.Database`` does:
the same results, the same transactions left open or committed, without importing sqlite_utils for them."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import sqlite_utils

from lawhistory.deriving.lean_sqlite import Database, first_keyword

#: Statements in turn, each run with ``execute`` (or ``query`` when it starts with "?"), on one connection: outside a
#: transaction and inside one, writes that fail, pragmas, comments before the keyword, savepoints.
STEPS: list[tuple[str, Any]] = [
    ("create table t (id integer primary key, v text)", None),
    ("insert into t values (1, 'a')", None),
    ("insert into t values (?, ?)", [2, "b"]),
    ("insert into t values (1, 'dup')", None),  # fails outside a transaction
    ("  -- a comment\n/* and another */ insert into t values (3, 'c')", None),
    ("?select id, v from t order by id", None),
    ("?select 1 as a, 2 as a", None),
    ("pragma user_version = 7", None),
    ("?pragma user_version", None),
    ("begin", None),
    ("insert into t values (4, 'd')", None),
    ("insert into t values (4, 'dup')", None),  # fails inside the transaction: it stays open
    ("?select count(*) as n from t", None),
    ("savepoint s", None),
    ("update t set v = 'x' where id = 1", None),
    ("release s", None),
    ("commit", None),
    ("insert into t values (:id, :v)", {"id": 5, "v": "e"}),
    ("delete from t where id = 2", None),
    ("select nothing from nowhere", None),  # fails: no such table
    ("?select v from t where id > ?", [2]),
]


def _run(db: Any, path: Path) -> list[object]:
    seen: list[object] = []
    for sql, params in STEPS:
        try:
            if sql.startswith("?"):
                got: object = list(db.query(sql[1:], params))
            else:
                cursor = db.execute(sql, params)
                got = cursor.fetchall()
        except Exception as e:  # the same failures, of the same kind
            got = type(e).__name__
        other = sqlite3.connect(path)  # what another connection sees as committed
        try:
            committed = other.execute("select * from t order by id").fetchall()
        except sqlite3.OperationalError as e:
            committed = str(e)
        finally:
            other.close()
        seen.append((sql, got, db.conn.in_transaction, committed))
    return seen


def test_statements_run_as_sqlite_utils_runs_them(tmp_path: Path) -> None:
    lean = Database(sqlite3.connect(tmp_path / "lean.db", timeout=0.1))
    full = sqlite_utils.Database(sqlite3.connect(tmp_path / "full.db", timeout=0.1), execute_plugins=False)
    assert _run(lean, tmp_path / "lean.db") == _run(full, tmp_path / "full.db")
    recursive = [db.conn.execute("pragma recursive_triggers").fetchone() for db in (lean, full)]
    assert recursive == [(1,), (1,)]


def test_anything_else_is_sqlite_utils_own_on_the_same_connection(tmp_path: Path) -> None:
    """Making a schema (as a full build does) goes to a sqlite_utils database on the same connection."""
    lean = Database(sqlite3.connect(tmp_path / "lean.db"))
    lean["t"].create({"id": int, "v": str}, pk="id")
    lean.create_view("v", "select id from t")
    lean.execute("insert into t values (1, 'a')")
    assert lean.full().conn is lean.conn
    assert sorted(lean.full().table_names()) == ["t"] and lean.full().view_names() == ["v"]
    assert list(lean.query("select * from v")) == [{"id": 1}]


def test_the_first_keyword_is_sqlite_utils_own() -> None:
    from sqlite_utils.db import _first_keyword

    for sql in (
        "select 1",
        "  BEGIN",
        "-- x\ncommit",
        "/* a */ /* b */release s",
        ";;\ufeffSavepoint x",
        "-- no end",
        "/* open",
        "",
        "  42",
    ):
        assert first_keyword(sql) == _first_keyword(sql), sql
