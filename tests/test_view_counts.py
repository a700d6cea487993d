"""Datasette's counts and facets of the views of provision spans read from the stored rows (publishing/view_counts.py):
the same answers as over the view, for every filter the site links to; anything else is left to the view."""

from __future__ import annotations

import sqlite3
from typing import Any

from lawhistory.files.repo import Repository
from lawhistory.publishing.site import make_datasette
from lawhistory.publishing.view_counts import spans_instead

from .conftest_publish import KELLERBERRIN, METADATA

pytest_plugins = ["tests.conftest_publish"]

_FACET = (
    "\n                select {col} as value, count(*) as count from (\n                    select {cols} from {view} {where}"
    "\n                )\n                where {col} is not null\n                group by {col} order by count desc,"
    " value limit 31\n            "
)


def test_every_count_and_facet_over_the_stored_rows_is_the_views_own(built_repo: Repository) -> None:
    conn = sqlite3.connect(built_repo.db_dir / "lawhistory.db")
    try:
        asked = 0
        for view in ("provisions", "current_provisions"):
            cols = ", ".join(r[1] for r in conn.execute(f"pragma table_info({view})"))
            wheres = [("", {}), ('where "kind" = :p0 ', {"p0": "definition"}), ('where "law" = :p0 ', {"p0": KELLERBERRIN})]
            wheres += [('where "kind" = :p0 and "law" = :p1 ', {"p0": "clause", "p1": KELLERBERRIN})]
            wheres += [('where "valid_from" > :p0 ', {"p0": "2021-01-01"}), ('where "law" = :p0 ', {"p0": "nowhere/none"})]
            for where, params in wheres:
                statements = [f"select count(*) from {view} {where}"]
                statements += [_FACET.format(col=c, cols=cols, view=view, where=where) for c in ("kind", "valid_from")]
                for sql in statements:
                    stored = spans_instead(sql)
                    assert stored is not None and "provision_spans" in stored and f"from {view}" not in stored, sql
                    assert conn.execute(stored, params).fetchall() == conn.execute(sql, params).fetchall(), sql
                    asked += 1
        assert asked == 2 * 6 * 3
    finally:
        conn.close()


def test_what_the_stored_rows_do_not_hold_is_left_to_the_view() -> None:
    cols = "law, position, text, rowid"
    assert spans_instead(_FACET.format(col="law", cols=cols, view="provisions", where="")) is not None  # prepared: fails
    assert spans_instead("select count(*) from provisions where law_key = 3") is None  # not a column of the view
    assert spans_instead("select count(*) from laws ") is None
    assert spans_instead("select count(*) from provisions p join provisions q on 1 ") is None
    # the full-text index's unfiltered count is its content's (provisions), never the index's name mistaken for the view's
    assert spans_instead("select count(*) from provisions_fts ") == spans_instead("select count(*) from provisions ")
    assert spans_instead("select count(*) from provisions_fts where provisions_fts match :q") is None
    assert spans_instead("select count(*) from provisions, laws ") is None


async def test_the_table_pages_of_the_views_count_from_the_stored_rows_and_facets_the_law_from_the_view(
    built_repo: Repository,
) -> None:
    ds = make_datasette(built_repo.db_dir / "lawhistory.db", METADATA)
    db = ds.databases["lawhistory"]
    conn = sqlite3.connect(built_repo.db_dir / "lawhistory.db")
    try:
        for path, sql, params in (
            ("/lawhistory/provisions.json", "select count(*) from provisions", []),
            ("/lawhistory/provisions.json?kind=definition", "select count(*) from provisions where kind = ?", ["definition"]),
            ("/lawhistory/current_provisions.json", "select count(*) from current_provisions", []),
            (f"/lawhistory/provisions.json?law={KELLERBERRIN}&_facet=law", "select count(*) from provisions where law = ?", [KELLERBERRIN]),
        ):  # fmt: skip
            page: dict[str, Any] = (await ds.client.get(path)).json()
            assert page["filtered_table_rows_count"] == conn.execute(sql, params).fetchone()[0], path
            assert not page.get("facets_timed_out"), path
        law_facet = page["facet_results"]["law"]["results"]
        assert [r["value"] for r in law_facet] == [KELLERBERRIN]
        kinds = dict(conn.execute("select kind, count(*) from provisions group by kind").fetchall())
        facet = (await ds.client.get("/lawhistory/provisions.json")).json()["facet_results"]["kind"]["results"]
        assert {r["value"]: r["count"] for r in facet} == kinds
    finally:
        conn.close()
    over_spans = [sql for sql, stored in db.over_spans.items() if stored is not None]
    left = [sql for sql, stored in db.over_spans.items() if stored is None]
    assert len(over_spans) >= 4 and any("select law as value" in sql for sql in left)


def test_a_visitors_statement_within_and_the_full_text_filter() -> None:
    where = "where exists (select 1 from instruments i where i.text = text)"
    assert spans_instead(f"select count(*) from provisions {where} ") is None
    search = "where rowid in (select rowid from provisions_fts where provisions_fts match escape_fts(:search)) "
    assert spans_instead(f"select count(*) from provisions {search}") is not None
