"""The shapes of the database's declarations: tables, their columns, views (see ``schema``)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    type: type
    description: str
    references: str | None = None  # "table.column"


@dataclass(frozen=True, slots=True)
class Table:
    name: str
    description: str
    pk: tuple[str, ...]
    columns: tuple[Column, ...]
    indexes: tuple[tuple[str, ...], ...] = ()
    fts: tuple[str, ...] = ()
    #: Not stored: a view presenting these columns from this SQL (the stored rows are in the tables it reads)
    view: str = ""
    #: Stored in its primary key's B-tree alone (``WITHOUT ROWID``): a table of keys only is then stored once, not in a
    #: table and again in the index of its primary key
    without_rowid: bool = False

    def column(self, name: str) -> Column:
        return next(c for c in self.columns if c.name == name)


@dataclass(frozen=True, slots=True)
class View:
    name: str
    description: str
    sql: str


@dataclass(frozen=True, slots=True)
class Query:
    """A canned query of the site: Datasette shows it with a form for its parameters."""

    name: str
    title: str
    description: str
    sql: str


def col(name: str, type_: type, description: str, references: str | None = None) -> Column:
    """A column of the schema (``references``: the table.column it points to)."""
    return Column(name, type_, description, references)


def dict_rows(conn: sqlite3.Connection, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[dict[str, Any]]:
    """The rows ``sql`` selects, each as a dict of its column names."""
    cursor = conn.execute(sql, params)
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def in_force_sql(at: str, alias: str = "", *, document_order: bool = False) -> str:
    """SQL true for a row (a provision span or a version) in force on ``at``, an SQL expression (``:at``,
    ``date('now')``): it applies from ``valid_from`` up to, not including, ``valid_to``. The one SQL form of
    ``versions.status_on``, used by the views, the canned queries and the law page.

    ``document_order``: ``+valid_from``, so SQLite reads one law's rows through the primary key (already in document
    order) rather than through the date index.
    """
    p = f"{alias}." if alias else ""
    return f"{'+' if document_order else ''}{p}valid_from <= {at} and ({p}valid_to is null or {p}valid_to > {at})"


def omitted_sql(law: str, at: str, known: str | None = None) -> str:
    """SQL for what the text of ``law`` on ``at`` omits (``core.incomplete.affecting``): one line naming each
    instrument not applied that commenced by then (of unknown commencement: published by then), or null when it omits
    nothing. With ``known`` (the law as known
    from the Gazette on that day, ``amending.known``), only those published by then: the others were not known."""
    published = (
        ""
        if known is None
        else f" and exists (select 1 from instruments i where i.id = n.instrument and i.gazette_date <= {known})"
    )
    return (
        "(select group_concat(n.title || ' (commencing ' || coalesce(n.commences, 'unknown') || '), not applied: '"
        f" || n.reason, '; ') from not_applied n where n.law = {law}"
        f" and (coalesce(n.commences, n.published) is null or coalesce(n.commences, n.published) <= {at})"
        f"{published})"
    )


def in_part_sql(law: str, at: str, known: str | None = None) -> str:
    """SQL for the clauses of ``law`` not yet in force on ``at`` though the law is (``core.partly``): one line naming
    each instrument applied in part, and the law itself when its own commencement gives some of its clauses a later
    day, with those clauses and their days — or null when none waits. With ``known`` (``amending.known``), only the
    instruments published by then. The ``in_part`` rows are few (laws in force in part), so the index on (law,
    valid_from) answers it at once for every other law."""
    published = (
        ""
        if known is None
        else f" and exists (select 1 from instruments i where i.id = n.instrument and i.gazette_date <= {known})"
    )
    return (
        f"(select group_concat(n.note, '; ') from in_part n where n.law = {law} and n.valid_from <= {at}"
        f" and (n.valid_to is null or n.valid_to > {at}){published})"
    )


def law_key(law_id: str) -> int:
    """A law's key in ``provision_spans`` (``law_keys.key``): the first 47 bits of the BLAKE2b hash of its id, so the
    same in every build and at most six bytes in SQLite."""
    import hashlib

    return int.from_bytes(hashlib.blake2b(law_id.encode("utf-8"), digest_size=6).digest(), "big") >> 1


def law_key_sql(law_id: str) -> str:
    """SQL for the key (``law_keys.key``) of the law whose id is the SQL expression ``law_id``, e.g. ``:law``."""
    return f"(select key from law_keys where id = {law_id})"
