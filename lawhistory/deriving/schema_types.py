"""The shapes of the database's declarations: tables, their columns, views (see ``schema``)."""

from __future__ import annotations

from dataclasses import dataclass


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
