"""The database schema: declared once in lawhistory/deriving/schema.py, described in docs/schema.md and served with the site."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import sqlite_utils
import yaml

from lawhistory.deriving.schema import (
    END_MARKER,
    QUERIES,
    START_MARKER,
    TABLES,
    VIEWS,
    schema_markdown,
    schema_section,
    section_between_markers,
)
from lawhistory.files.repo import Repository
from lawhistory.publishing.site import load_metadata

from .conftest_publish import PROJECT_METADATA, ROOT

pytest_plugins = ["tests.conftest_publish"]


def test_docs_schema_md_is_generated_from_the_code() -> None:
    """docs/schema.md is exactly what ``python -m lawhistory.deriving.schema`` prints; regenerate it when the schema changes."""
    assert (ROOT / "docs" / "schema.md").read_text(encoding="utf-8") == schema_section()


def test_schema_section_sits_between_the_readme_markers() -> None:
    text = f"# Title\n\nintro\n\n{schema_section()}\nmore\n"
    assert section_between_markers(text) == schema_section()
    assert schema_section().startswith(START_MARKER + "\n") and schema_section().endswith(END_MARKER + "\n")


def test_schema_markdown_describes_every_table_column_and_view() -> None:
    md = schema_markdown()
    for t in TABLES:
        assert f"### `{t.name}`" in md
        for c in t.columns:
            assert f"| `{c.name}` |" in md
    for v in VIEWS:
        assert f"- `{v.name}`:" in md
    assert "Full-text search (`provisions_fts`, FTS5) on: citation, heading, text." in md


def test_the_site_describes_every_column_and_runs_every_query_of_the_schema() -> None:
    """metadata.yml holds no description of its own: the site adds the schema's when it starts."""
    raw = yaml.safe_load(PROJECT_METADATA.read_text(encoding="utf-8"))["databases"]["lawhistory"]
    assert "queries" not in raw and not any("columns" in (t or {}) for t in raw["tables"].values())
    served = load_metadata(PROJECT_METADATA)["databases"]["lawhistory"]
    tables = served["tables"]
    for t in TABLES:
        assert tables[t.name]["description"] == t.description
        assert tables[t.name]["columns"] == {c.name: c.description for c in t.columns}
    for v in VIEWS:
        assert tables[v.name]["description"] == v.description
    assert tables["laws"]["facets"] == ["local_government"]  # and metadata.yml's own settings
    assert {name: q["sql"] for name, q in served["queries"].items()} == {q.name: q.sql for q in QUERIES}


def test_built_database_has_the_declared_tables_columns_and_views(built_repo: Repository) -> None:
    db = sqlite_utils.Database(built_repo.db_dir / "lawhistory.db")
    for t in TABLES:
        if t.view:  # provisions: a view of provision_spans, with the stored row's rowid (which the full-text index names)
            assert [c.name for c in db[t.name].columns] == [c.name for c in t.columns] + ["rowid"]
            continue
        table = db[t.name]
        assert [c.name for c in table.columns] == [c.name for c in t.columns]  # type: ignore[union-attr]
        assert tuple(table.pks) == t.pk  # type: ignore[union-attr]
    assert set(db.view_names()) == {v.name for v in VIEWS} | {t.name for t in TABLES if t.view}


def test_foreign_keys_are_declared_and_hold(built_repo: Repository) -> None:
    db = sqlite_utils.Database(built_repo.db_dir / "lawhistory.db")
    stored = [t for t in TABLES if not t.view]
    declared = {(fk.table, fk.column, fk.other_table, fk.other_column) for t in stored for fk in db[t.name].foreign_keys}  # type: ignore[union-attr]
    expected = {(t.name, c.name, *c.references.split(".")) for t in stored for c in t.columns if c.references}
    assert declared == expected
    assert ("provision_spans", "law_key", "law_keys", "key") in declared
    conn = sqlite3.connect(built_repo.db_dir / "lawhistory.db")
    assert conn.execute("pragma foreign_key_check").fetchall() == []


def test_point_in_time_indexes_and_full_text_search(built_repo: Repository) -> None:
    db = sqlite_utils.Database(built_repo.db_dir / "lawhistory.db")
    indexes = {tuple(i.columns) for i in db["provision_spans"].indexes}  # type: ignore[union-attr]
    # A law as at a date is read through the primary key's index (law_key, position, from_version): in document order.
    assert ("law_key", "position", "from_version") in indexes
    from lawhistory.publishing.pages import LAW_TEXT_SQL

    plan = " ".join(r[3] for r in db.execute(f"explain query plan {LAW_TEXT_SQL}", {"law": "x", "at": "2020-01-01"}))
    assert "SEARCH provision_spans USING INDEX sqlite_autoindex_provision_spans_1 (law_key=?)" in plan and "ORDER BY" not in plan
    # The facets the site offers and the orders its tables are shown in have indexes of their own.
    assert {("kind", "position"), ("position",)} <= indexes
    assert ("law", "valid_from", "valid_to") in {tuple(i.columns) for i in db["versions"].indexes}  # type: ignore[union-attr]
    # The full-text index of the provisions view (its content, through the view's rowid: the stored row's).
    (fts,) = db.execute("select sql from sqlite_master where name = 'provisions_fts'").fetchone()
    assert "content=[provisions], content_rowid=[rowid]" in fts
    hits = db.execute(
        "select p.citation, p.text from provisions_fts f join provisions p on p.rowid = f.rowid where provisions_fts match ?",
        ["drakes"],
    ).fetchall()
    assert set(hits) >= {("2.7(a)", "roosters and drakes;")}


def test_schema_is_declared_in_one_place(tmp_path: Path) -> None:
    """Creating the schema in an empty database gives exactly the declared tables (plus FTS tables)."""
    from lawhistory.deriving.store import create_schema

    db = sqlite_utils.Database(tmp_path / "empty.db")
    create_schema(db)
    names = {n for n in db.table_names() if not n.startswith("provisions_fts")}
    assert names == {t.name for t in TABLES if not t.view}
    assert set(db.view_names()) >= {t.name for t in TABLES if t.view}
