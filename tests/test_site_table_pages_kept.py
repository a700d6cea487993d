"""Datasette's table pages cheaper per request (issue 23, item 2), with the same pages and the same permissions:

- what a page reads of the schema (``sqlite_master``, columns, keys) is read once per build (``switch.BuildDatabase``),
  and a new build is read afresh;
- the metadata's ``allow`` blocks of a table are merged once while the metadata is the same
  (``switch.SwitchingDatasette._table_permission_allows``): a denied table stays denied, and a change made to the
  metadata in place is seen at the next request;
- Datasette's ``display_columns_and_rows`` does per column what it did per cell (``table_rows``), the same columns
  and cells as Datasette's own.

The private Datasette code these rely on is pinned here by its source: a Datasette that changes it fails these tests.
"""

from __future__ import annotations

import copy
import hashlib
import inspect
import os
import re
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from datasette.app import Datasette
from datasette.database import Database
from datasette.utils import CustomRow
from markupsafe import Markup

from lawhistory.files.repo import Repository
from lawhistory.publishing import switch, table_rows
from lawhistory.publishing.site import make_datasette

from .conftest_publish import KELLERBERRIN, METADATA, get

pytest_plugins = ["tests.conftest_publish"]

_TIMING = re.compile(r"Queries took [0-9.]+ms")


def _sha256(fn: Any) -> str:
    return hashlib.sha256(inspect.getsource(fn).encode("utf-8")).hexdigest()


def _site(tmp_path: Path, built_repo: Repository, metadata: dict[str, Any] | None = None) -> tuple[Any, Path]:
    """A site over a copy of the standard repository's database (so that a test can put a new build in its place)."""
    db = tmp_path / "db" / "lawhistory.db"
    db.parent.mkdir(parents=True)
    shutil.copy(built_repo.db_dir / "lawhistory.db", db)
    return make_datasette(db, copy.deepcopy(metadata if metadata is not None else METADATA)), db


def _new_build(db: Path, sql: str) -> None:
    """A new build of ``db`` (its schema changed by ``sql``) renamed into place, as ``build`` does."""
    new = db.with_name("new.db")
    shutil.copy(db, new)
    conn = sqlite3.connect(new)
    conn.executescript(sql)
    conn.close()
    os.replace(new, db)


# -- the pins ------------------------------------------------------------------------------------------------------


def test_the_datasette_code_relied_on_is_the_code_checked(ds: Any) -> None:
    from datasette import default_permissions
    from datasette.views import table as datasette_table

    assert ds._allows_checked
    # the default view-table permission reads the allow blocks through this one method, with these arguments
    assert "datasette._table_permission_allows(database, table)" in inspect.getsource(default_permissions)
    assert _sha256(Datasette._metadata_sources) == switch.METADATA_SOURCES_SHA256, (
        "Datasette's _metadata_sources changed: check switch._allow_key reads every source, then update the hash"
    )
    assert _sha256(Datasette._table_permission_allows) == switch.PERMISSION_SOURCE_SHA256, (
        "Datasette's _table_permission_allows changed: check switch._allow_key reads what it reads, then update the hash"
    )
    original = table_rows._ORIGINAL.get("display_columns_and_rows", datasette_table.display_columns_and_rows)
    assert table_rows._source_sha256(original) == table_rows.DISPLAY_SOURCE_SHA256, (
        "Datasette's display_columns_and_rows changed: check table_rows.display_columns_and_rows against it"
    )


def test_the_site_puts_the_faster_display_columns_and_rows_in_place(ds: Any) -> None:
    from datasette.views import table as datasette_table

    assert table_rows.use_display_columns_and_rows()
    assert datasette_table.display_columns_and_rows is table_rows.display_columns_and_rows


# -- the schema, once per build ------------------------------------------------------------------------------------


async def test_a_table_page_asked_again_reads_nothing_of_the_schema(
    tmp_path: Path, built_repo: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    ds, _ = _site(tmp_path, built_repo)
    page = f"/lawhistory/provisions?law={KELLERBERRIN}&_size=7"
    first = await get(ds, page)
    statements: list[str] = []
    trips: list[object] = []
    execute, execute_fn = Database.execute, switch.BuildDatabase.execute_fn

    async def recorded(self: Any, sql: str, *args: Any, **kwargs: Any) -> Any:
        if isinstance(self, switch.BuildDatabase):  # not Datasette's own internal database
            statements.append(sql)
        return await execute(self, sql, *args, **kwargs)

    async def counted(self: Any, fn: Any) -> Any:
        trips.append(fn)
        return await execute_fn(self, fn)

    monkeypatch.setattr(Database, "execute", recorded)
    monkeypatch.setattr(switch.BuildDatabase, "execute_fn", counted)
    again = await ds.client.get(page + "&_nocache=1")  # another address: not the page's cached answer
    assert again.status_code == 200
    assert statements, "the page's own rows are read"
    assert not [s for s in statements if "sqlite_master" in s or "schema_version" in s]
    assert len(trips) == len(statements)  # no trip to a database thread but the statements': columns, keys read once
    assert _TIMING.sub("", again.text).replace("&amp;_nocache=1", "").count("<tr>") == _TIMING.sub("", first).count("<tr>")


async def test_a_new_build_is_read_afresh_its_tables_and_columns(tmp_path: Path, built_repo: Repository) -> None:
    ds, db = _site(tmp_path, built_repo)
    await get(ds, "/lawhistory/brand_new", status=404)
    assert "extra_column" not in await get(ds, "/lawhistory/laws?_size=2")
    _new_build(db, "create table brand_new (x integer primary key, y text); insert into brand_new values (1, 'one');"
               "alter table laws add column extra_column text;")  # fmt: skip
    assert "one" in await get(ds, "/lawhistory/brand_new")
    html = await get(ds, "/lawhistory/laws?_size=3")
    assert 'data-column="extra_column"' in html
    assert await ds.get_database("lawhistory").table_columns("brand_new") == ["x", "y"]


async def test_what_the_schema_cache_gives_is_a_copy(ds: Any) -> None:
    db = ds.get_database("lawhistory")
    columns = await db.table_columns("laws")
    columns.append("not a column")
    keys = await db.foreign_keys_for_table("versions")
    keys[0]["other_table"] = "nowhere"
    assert "not a column" not in await db.table_columns("laws")
    assert all(k["other_table"] != "nowhere" for k in await db.foreign_keys_for_table("versions"))
    results = await db.execute("select name from sqlite_master where type='table'")
    results.rows.clear()
    assert (await db.execute("select name from sqlite_master where type='table'")).rows


# -- the same permissions ------------------------------------------------------------------------------------------


def _with_tables(tables: dict[str, Any], metadata: dict[str, Any] | None = None) -> dict[str, Any]:
    md = copy.deepcopy(metadata if metadata is not None else METADATA)
    own = md["databases"]["lawhistory"]["tables"]
    for name, config in tables.items():
        own[name] = {**own.get(name, {}), **config}
    return md


async def test_a_denied_table_stays_denied_asked_again_and_its_rows_and_json(tmp_path: Path, built_repo: Repository) -> None:
    metadata = _with_tables({"versions": {"allow": False}, "changes": {"allow": {"id": "staff"}}})
    ds, _ = _site(tmp_path, built_repo, metadata)
    for _ in range(3):
        await get(ds, "/lawhistory/versions", status=403)
        await get(ds, "/lawhistory/versions.json", status=403)
        await get(ds, f"/lawhistory/changes?law={KELLERBERRIN}", status=403)
        await get(ds, "/lawhistory/versions/1", status=403)
        await get(ds, "/lawhistory/laws?_size=2")
    database_page = await get(ds, "/lawhistory")
    assert 'href="/lawhistory/laws"' in database_page and 'href="/lawhistory/versions"' not in database_page


async def test_an_alias_spelled_in_capitals_denies_too(tmp_path: Path, built_repo: Repository) -> None:
    ds, _ = _site(tmp_path, built_repo, _with_tables({"LAWS": {"allow": False}}))
    for _ in range(2):
        await get(ds, "/lawhistory/laws?_size=2", status=403)
        await get(ds, "/lawhistory/instruments?_size=2")


async def test_a_change_made_to_the_metadata_in_place_is_seen_at_the_next_request(tmp_path: Path, built_repo: Repository) -> None:
    ds, _ = _site(tmp_path, built_repo)
    await get(ds, "/lawhistory/laws?_size=2")
    laws = ds._metadata_local["databases"]["lawhistory"]["tables"]["laws"]
    laws["allow"] = False
    await get(ds, "/lawhistory/laws?_size=3", status=403)
    laws["allow"] = {"id": "*"}  # anyone signed in: not the anonymous visitor
    await get(ds, "/lawhistory/laws?_size=4", status=403)
    del laws["allow"]
    await get(ds, "/lawhistory/laws?_size=5")
    ds._metadata_local = _with_tables({"laws": {"allow": False}})  # metadata replaced whole
    await get(ds, "/lawhistory/laws?_size=6", status=403)


#: Metadata of the shapes Datasette's ``_table_permission_allows`` reads (and some it cannot read).
SHAPES: list[Any] = [
    {},
    {"tables": {"laws": {"allow": False}}},
    {"tables": {"laws": {"allow": False}}, "databases": {"lawhistory": {}}},
    {"tables": {"laws": {"allow": False}}, "databases": {"lawhistory": {"title": "x"}}},
    {"tables": {"laws": {"allow": False}}, "databases": {"lawhistory": {"tables": {"laws": {"allow": True}}}}},
    {"tables": {"laws": {"allow": False}}, "databases": {"lawhistory": {"tables": None}}},
    {"databases": {"lawhistory": {"tables": {"Laws": {"allow": {"id": "a"}}, "LAWS": {"allow": {"id": "b"}}}}}},
    {"databases": {"lawhistory": {"tables": {"laws": {"allow": {"id": "a"}}, "LAWS": {"allow": {"id": "a"}}}}}},
    {"databases": {"lawhistory": {"tables": {"laws": {"allow": None}, "versions": {"allow": False}}}}},
    {"databases": {"other": {"tables": {"laws": {"allow": False}}}}},
    {"databases": {"lawhistory": {"tables": {"laws": "not a mapping"}}}},
    {"databases": {"lawhistory": {"tables": {1: {"allow": False}}}}},
    {"databases": {"lawhistory": "not a mapping"}},
    {"databases": {"lawhistory": ""}, "tables": {"laws": {"allow": False}}},
    {"databases": ["not", "a", "mapping"]},
    {"databases": [], "tables": {"laws": {"allow": False}}},
    {"tables": ["laws"]},
    {"tables": {"LaWs": {"allow": {"id": ["a", "b"]}, "columns": {"id": "the id"}}}},
]


def _answer(fn: Any, *args: Any) -> Any:
    try:
        return ("ok", fn(*args))
    except Exception as e:  # Datasette's own failure on metadata it cannot read: the same failure
        return ("raised", type(e))


@pytest.mark.parametrize("shape", SHAPES, ids=range(len(SHAPES)))
def test_the_kept_allow_blocks_are_datasettes_for_every_shape_of_metadata(ds: Any, shape: Any) -> None:
    ds._metadata_local = copy.deepcopy(shape)
    for table in ("laws", "LAWS", "versions", "nothing"):
        expected = _answer(Datasette._table_permission_allows, ds, "lawhistory", table)
        for _ in range(2):  # the second answer from what was kept
            assert _answer(ds._table_permission_allows, "lawhistory", table) == expected, (shape, table)
    if isinstance(shape, dict) and isinstance(shape.get("tables"), dict) and shape["tables"]:
        name = next(iter(shape["tables"]))
        if isinstance(shape["tables"][name], dict):
            ds._metadata_local["tables"][name]["allow"] = {"id": "changed in place"}
            expected = _answer(Datasette._table_permission_allows, ds, "lawhistory", "laws")
            assert _answer(ds._table_permission_allows, "lawhistory", "laws") == expected


async def test_the_metadata_is_merged_once_not_on_every_page(ds: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, str]] = []
    merged = Datasette._table_permission_allows

    def counted(self: Any, database: str, table: str) -> Any:
        calls.append((database, table))
        return merged(self, database, table)

    monkeypatch.setattr(Datasette, "_table_permission_allows", counted)
    # Datasette's table page writes the inherited source and licence into the table's metadata, in place, the first
    # time: the metadata changed, so it is merged again once
    for size in (1, 2):
        await get(ds, f"/lawhistory/laws?_size={size}")
        await get(ds, f"/lawhistory/versions?_size={size}")
    assert ("lawhistory", "versions") in calls
    calls.clear()
    for size in (3, 4, 5):
        await get(ds, f"/lawhistory/laws?_size={size}")
        await get(ds, f"/lawhistory/versions?_size={size}")
    assert calls == []


async def test_a_plugins_metadata_is_read_every_time(ds: Any) -> None:
    from datasette import hookimpl
    from datasette.plugins import pm

    state = {"allow": True}

    class Changing:
        @staticmethod
        @hookimpl
        def get_metadata(datasette: Any, key: Any, database: Any, table: Any) -> dict[str, Any]:
            return {"databases": {"lawhistory": {"tables": {"laws": {"allow": state["allow"]}}}}}

    pm.register(Changing, name="changing-metadata")
    try:
        await get(ds, "/lawhistory/laws?_size=2")
        state["allow"] = False
        await get(ds, "/lawhistory/laws?_size=3", status=403)
    finally:
        pm.unregister(name="changing-metadata")
    await get(ds, "/lawhistory/laws?_size=4")


# -- display_columns_and_rows --------------------------------------------------------------------------------------


def _cells(display: tuple[list[dict[str, Any]], list[Any]]) -> Any:
    columns, rows = display
    return columns, [[{k: (type(v), v) for k, v in cell.items()} for cell in row] for row in rows]


async def _both(ds: Any, table: str, description: Any, rows: list[Any], link_column: bool, truncate: int) -> None:
    original = table_rows._ORIGINAL["display_columns_and_rows"]
    db = ds.get_database("lawhistory")
    sortable = set(await db.table_columns(table)) if link_column else set()
    args = (ds, "lawhistory", table, description, rows, link_column, truncate, sortable)
    assert _cells(await table_rows.display_columns_and_rows(*args)) == _cells(await original(*args)), table


async def test_the_columns_and_cells_are_datasettes_for_every_table_and_view(ds: Any) -> None:
    await ds.invoke_startup()
    assert table_rows.use_display_columns_and_rows()
    db = ds.get_database("lawhistory")
    names = [r[0] for r in (await db.execute("select name, type from sqlite_master where type in ('table', 'view')")).rows]
    views = set(await db.view_names())
    for name in names:
        rowid = name not in views and not await db.primary_keys(name)  # Datasette reads a rowid table's rowid first
        results = await db.execute(f"select {'rowid, ' if rowid else ''}* from [{name}] limit 30")
        for truncate in (0, 8, 2048):
            await _both(ds, name, results.description, list(results.rows), name not in views, truncate)


async def test_the_cells_of_every_kind_of_value_are_datasettes(ds: Any) -> None:
    """Values a stored row seldom holds: bytes, a URL, an empty string, a bool, a long text, an expanded foreign key,
    numbers (long ones, for the truncation), None."""
    await ds.invoke_startup()
    assert table_rows.use_display_columns_and_rows()
    db = ds.get_database("lawhistory")
    columns = await db.table_columns("versions")
    description = [(c, None, None, None, None, None, None) for c in columns]
    values: list[Any] = [
        b"\x00\x01",
        b"x",
        "https://example.org/a?b=1&c=<2>",
        " https://example.org/padded ",
        "http://has space",
        "",
        True,
        "x" * 3000,
        123456789012,
        1.25e-7,
        None,
        Markup("<b>m</b>"),
    ]
    rows = []
    for i in range(len(values)):
        row = CustomRow(columns)
        for j, column in enumerate(columns):
            row[column] = values[(i + j) % len(values)]
        # expanded foreign keys (``?_labels=on``): a label, a label equal to the value, none
        row["law"] = {"value": KELLERBERRIN, "label": "Kellerberrin's law <1>"} if i % 2 else KELLERBERRIN
        row["instrument"] = {"value": "i/7", "label": "i/7" if i % 3 else ""}
        row["number"] = i  # part of the primary key: a link
        rows.append(row)
    for truncate in (0, 10, 2048):
        await _both(ds, "versions", description, rows, True, truncate)
        await _both(ds, "versions", description, rows, False, truncate)


async def test_a_table_with_units_and_another_plugins_cells_are_left_to_datasette(ds: Any) -> None:
    from datasette import hookimpl
    from datasette.plugins import pm

    await ds.invoke_startup()
    assert table_rows.use_display_columns_and_rows()
    db = ds.get_database("lawhistory")
    results = await db.execute("select * from versions limit 5")

    class Shouting:
        @staticmethod
        @hookimpl
        def render_cell(value: Any, column: str) -> Markup | None:
            return Markup("<b>LOUD</b>") if column == "valid_from" else None

    pm.register(Shouting, name="shouting-cells")
    try:
        await _both(ds, "versions", results.description, list(results.rows), True, 0)
        _, rows = await table_rows.display_columns_and_rows(
            ds, "lawhistory", "versions", results.description, list(results.rows), True
        )
        assert any(cell["value"] == Markup("<b>LOUD</b>") for row in rows for cell in row)
    finally:
        pm.unregister(name="shouting-cells")
    ds._metadata_local = _with_tables({"versions": {"units": {"number": "m"}}}, ds._metadata_local)
    await _both(ds, "versions", results.description, list(results.rows), True, 0)


# -- the full-text index's count -----------------------------------------------------------------------------------


def test_the_full_text_indexs_count_is_its_content_views_read_from_the_stored_rows(built_repo: Repository) -> None:
    from lawhistory.publishing.view_counts import FTS_CONTENT, spans_instead

    conn = sqlite3.connect(built_repo.db_dir / "lawhistory.db")
    try:
        (definition,) = conn.execute("select sql from sqlite_master where name = 'provisions_fts'").fetchone()
        assert f"content=[{FTS_CONTENT}]" in definition  # the index keeps no rows of its own: its content's
        for sql in ("select count(*) from provisions_fts ", "select count(*) from [provisions_fts]"):
            stored = spans_instead(sql)
            assert stored is not None and "provision_spans" in stored and "provisions_fts" not in stored
            assert conn.execute(stored).fetchall() == conn.execute(sql).fetchall() != [(0,)]
        # filtered: over the index itself
        assert spans_instead("select count(*) from provisions_fts where provisions_fts match :q") is None
        assert spans_instead('select count(*) from provisions_fts where "citation" = :p0 ') is None
    finally:
        conn.close()


async def test_the_full_text_indexs_table_page_counts_its_rows(ds: Any, built_repo: Repository) -> None:
    conn = sqlite3.connect(built_repo.db_dir / "lawhistory.db")
    (count,) = conn.execute("select count(*) from provisions_fts").fetchone()
    conn.close()
    html = await get(ds, "/lawhistory/provisions_fts")
    assert f"<h3>{count:,} row{'s' if count != 1 else ''}" in html


async def test_another_datasettes_permission_code_is_asked_every_time(ds: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    merged = Datasette._table_permission_allows

    def counted(self: Any, database: str, table: str) -> Any:
        calls.append(table)
        return merged(self, database, table)

    monkeypatch.setattr(Datasette, "_table_permission_allows", counted)
    ds._allows_checked = False  # what a Datasette whose source is not the one checked gets
    for _ in range(3):
        assert ds._table_permission_allows("lawhistory", "laws") == merged(ds, "lawhistory", "laws")
    assert calls == ["laws"] * 3
