"""HTTP caching of the public site (publishing/caching.py), the row counts and kept counts of each build
(publishing/switch.py) and the search of current_provisions sent to the search page (publishing/security.py)."""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from datasette import Response, hookimpl
from datasette.plugins import pm

from lawhistory.files.repo import Repository
from lawhistory.publishing import caching, switch
from lawhistory.publishing.site import make_datasette

from .conftest_publish import KELLERBERRIN, KULIN_HEALTH, METADATA

pytest_plugins = ["tests.conftest_publish"]

LAW = f"/-/law/{KELLERBERRIN}?at=2022-06-01"


async def test_a_page_carries_a_strong_validator_and_a_conditional_request_is_answered_304(ds: Any) -> None:
    first = await ds.client.get(LAW)
    assert first.status_code == 200
    tag = first.headers["etag"]
    assert tag.startswith('"') and not tag.startswith("W/")
    assert "max-age" in first.headers["cache-control"]
    again = await ds.client.get(LAW, headers={"if-none-match": tag})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["etag"] == tag
    stale = await ds.client.get(LAW, headers={"if-none-match": '"not-this-one"'})
    assert stale.status_code == 200 and stale.content == first.content


async def test_the_same_page_from_the_cache_is_the_same_answer_and_another_url_is_another_page(ds: Any) -> None:
    first = await ds.client.get(LAW)
    second = await ds.client.get(LAW)
    assert first.headers["x-lawhistory-cache"] == "miss" and second.headers["x-lawhistory-cache"] == "hit"
    assert second.content == first.content and second.headers["etag"] == first.headers["etag"]
    other = await ds.client.get(f"/-/law/{KELLERBERRIN}?at=2019-06-01")
    assert other.headers["x-lawhistory-cache"] == "miss"
    assert other.headers["etag"] != first.headers["etag"] and other.content != first.content
    json_first = await ds.client.get("/lawhistory/laws.json?_shape=array")
    json_again = await ds.client.get("/lawhistory/laws.json?_shape=array")
    assert json_again.headers["x-lawhistory-cache"] == "hit" and json_again.json() == json_first.json()


async def test_a_replica_gives_the_same_validator_for_the_same_build(built_repo: Repository) -> None:
    one = make_datasette(built_repo.db_dir / "lawhistory.db", METADATA)
    two = make_datasette(built_repo.db_dir / "lawhistory.db", METADATA)
    assert (await one.client.get(LAW)).headers["etag"] == (await two.client.get(LAW)).headers["etag"]


async def test_other_metadata_over_the_same_build_is_another_validator(built_repo: Repository) -> None:
    one = make_datasette(built_repo.db_dir / "lawhistory.db", METADATA)
    two = make_datasette(built_repo.db_dir / "lawhistory.db", {**METADATA, "title": "Another title"})
    first, second = await one.client.get(LAW), await two.client.get(LAW)
    assert first.headers["etag"] != second.headers["etag"]
    assert (await two.client.get(LAW, headers={"if-none-match": first.headers["etag"]})).status_code == 200


async def test_a_new_build_is_never_answered_from_the_old_builds_pages(
    built_repo: Repository, markup_repo: Repository, tmp_path: Path
) -> None:
    served = tmp_path / "db" / "lawhistory.db"
    served.parent.mkdir()
    shutil.copyfile(built_repo.db_dir / "lawhistory.db", served)
    ds = make_datasette(served, METADATA)
    before = await ds.client.get("/-/laws")
    assert KULIN_HEALTH in before.text
    assert (await ds.client.get("/-/laws")).headers["x-lawhistory-cache"] == "hit"
    new = tmp_path / "db" / "new.db"
    shutil.copyfile(markup_repo.db_dir / "lawhistory.db", new)
    os.replace(new, served)  # as a build does
    after = await ds.client.get("/-/laws")
    assert after.headers["x-lawhistory-cache"] == "miss"
    assert KULIN_HEALTH not in after.text and KELLERBERRIN in after.text
    assert after.headers["etag"] != before.headers["etag"]
    # the old tag names the old build: not answered 304
    assert (await ds.client.get("/-/laws", headers={"if-none-match": before.headers["etag"]})).status_code == 200


async def test_requests_with_cookies_visitors_sql_and_head_are_not_cached(ds: Any) -> None:
    for _ in range(2):
        with_cookie = await ds.client.get(LAW, cookies={"ds_actor": "x"})
        assert "x-lawhistory-cache" not in with_cookie.headers and "etag" not in with_cookie.headers
        sql = await ds.client.get("/lawhistory.json", params={"sql": "select count(*) from laws"})
        assert sql.status_code == 200 and "etag" not in sql.headers
        assert "x-lawhistory-cache" not in sql.headers
    missing = await ds.client.get("/-/law/nowhere/no-such-law")
    again = await ds.client.get("/-/law/nowhere/no-such-law")
    assert missing.status_code == again.status_code == 404
    assert again.headers["x-lawhistory-cache"] == "miss" and "etag" not in again.headers


class _Interrupted:
    """A page whose statement the time limit cut short (as a facet left out), and one that was not."""

    __name__ = "test_interrupted"

    @hookimpl
    def register_routes(self) -> list[tuple[str, Any]]:
        def cut_short() -> Response:
            caching.mark_interrupted()
            return Response.text("a page with something left out")

        return [(r"^/-/laws-cut-short$", cut_short)]


@pytest.fixture
def interrupted() -> Any:
    plugin = _Interrupted()
    pm.register(plugin, name="test-interrupted")
    yield
    pm.unregister(plugin)


async def test_an_answer_cut_short_by_the_time_limit_is_neither_kept_nor_tagged(
    built_repo: Repository, interrupted: None
) -> None:
    ds = make_datasette(built_repo.db_dir / "lawhistory.db", METADATA)  # made after the route is registered
    for _ in range(2):
        response = await ds.client.get("/-/laws-cut-short")
        assert response.status_code == 200 and response.text == "a page with something left out"
        assert response.headers["x-lawhistory-cache"] == "miss" and "etag" not in response.headers


def test_the_cache_is_bounded_by_bytes_and_forgets_a_build() -> None:
    cache = caching.Cache(max_bytes=80_000)
    files = (("lawhistory", "/db/.serve/1-1.db"),)
    for k in range(20):
        cache.put((files, k), caching.Cached(200, [], b"x" * 9_000))
    assert cache.size <= 80_000 and len(cache.entries) < 20
    assert cache.get((files, 0)) is None and cache.get((files, 19)) is not None
    cache.put((files, "big"), caching.Cached(200, [], b"x" * 20_000))  # over an eighth of the cache: not kept
    assert cache.get((files, "big")) is None
    cache.put((files, "q" * 50_000), caching.Cached(200, [], b"small"))  # a long URL is as costly as a big answer
    assert cache.get((files, "q" * 50_000)) is None
    cache.forget("/db/.serve/1-1.db")
    assert not cache.entries and cache.size == 0


async def test_the_search_of_current_provisions_is_sent_to_the_search_page(ds: Any) -> None:
    response = await ds.client.get("/lawhistory/current_provisions?_search=dog")
    assert response.status_code == 302 and response.headers["location"] == "/-/search?q=dog"
    response = await ds.client.get(f"/lawhistory/current_provisions?_search=dog+cat&law={KELLERBERRIN}")
    assert response.status_code == 302
    assert response.headers["location"] == f"/-/search?q=dog+cat&law={KELLERBERRIN.replace('/', '%2F')}"
    # Datasette's own: its JSON, other filters and sorts, and the page without a search
    assert (await ds.client.get("/lawhistory/current_provisions.json?_search=dog")).status_code == 200
    assert (await ds.client.get("/lawhistory/current_provisions?_search=dog&_sort=law")).status_code == 200
    assert (await ds.client.get("/lawhistory/current_provisions?_search=dog&kind=clause")).status_code == 200
    assert (await ds.client.get("/lawhistory/current_provisions")).status_code == 200


async def test_staff_keep_datasettes_search_and_no_cache(built_repo: Repository) -> None:
    staff = make_datasette(built_repo.db_dir / "lawhistory.db", METADATA, trusted=True)
    assert (await staff.client.get("/lawhistory/current_provisions?_search=dog")).status_code == 200
    assert "x-lawhistory-cache" not in (await staff.client.get(LAW)).headers


async def test_unfiltered_table_pages_read_the_builds_row_counts(built_repo: Repository) -> None:
    ds = make_datasette(built_repo.db_dir / "lawhistory.db", METADATA, trusted=True)
    db = ds.databases["lawhistory"]
    db.count_rows()  # as the thread started with the build does
    assert db.row_counts is not None
    conn = sqlite3.connect(built_repo.db_dir / "lawhistory.db")
    try:
        tables = [
            r[0] for r in conn.execute("select name from sqlite_master where type = 'table' and sql not like 'create virtual%'")
        ]
        for table in tables:
            assert db.row_counts[table] == conn.execute(f"select count(*) from [{table}]").fetchone()[0]
        views = [r[0] for r in conn.execute("select name from sqlite_master where type = 'view'")]
    finally:
        conn.close()
    assert views and not set(views) & set(db.row_counts)  # Datasette's database page takes every name for a table
    largest = max((t for t in tables if not t.startswith("provisions_fts")), key=lambda t: db.row_counts[t])
    assert ds.inspect_data["lawhistory"]["tables"][largest]["count"] == db.row_counts[largest]
    page = (await ds.client.get(f"/lawhistory/{largest}.json")).json()
    assert page["filtered_table_rows_count"] == db.row_counts[largest]


async def test_datasettes_counts_and_facets_are_kept_per_build_and_nothing_else(built_repo: Repository) -> None:
    assert switch.kept("select count(*) from provisions where law = :p0", {"p0": "x"}, (), {}) is not None
    facet = "select kind as value, count(*) as count from (select * from provisions) where kind is not null group by kind"
    assert switch.kept(facet, [], (), {}) is not None
    assert switch.kept("select * from provisions limit 10", [], (), {}) is None
    assert switch.kept("select count(*) from laws where random() > 0", [], (), {}) is None
    assert switch.kept("select count(*) from laws", {"a": 1}, (), {}) != switch.kept(
        "select count(*) from laws", {"a": 2}, (), {}
    )
    ds = make_datasette(built_repo.db_dir / "lawhistory.db", METADATA, trusted=True)
    db = ds.databases["lawhistory"]
    first = await db.execute("select count(*) from provisions where law = ?", [KELLERBERRIN])
    again = await db.execute("select count(*) from provisions where law = ?", [KELLERBERRIN])
    other = await db.execute("select count(*) from provisions where law = ?", [KULIN_HEALTH])
    assert again is first and other.rows[0][0] != first.rows[0][0]


@pytest.mark.parametrize(
    ("law_id", "eid", "citation", "day"),
    [
        ("kellerberrin/a-law", "sec_3__subsec_2", "3(2)", "2022-06-01"),
        ("a b/c&d", "x<y>'\"&é", 'cl. 3 "quoted" & <b>', "2022-06-01"),
        ("x/y+z%", "", "", ""),
    ],
)
def test_the_similar_link_is_the_query_encoded_then_escaped(law_id: str, eid: str, citation: str, day: str) -> None:
    """The law page's link made once per page for its law and day (similar_links._Links) is the link made whole."""
    from urllib.parse import urlencode

    from markupsafe import escape

    from lawhistory.publishing.similar_links import link

    href = "../" * (law_id.count("/") + 1) + "similar?" + urlencode({"law": law_id, "eid": eid, "at": day})
    label = escape(f"Provisions like {citation} in other laws in force on {day}")
    expected = f' <a class="similar" href="{escape(href)}" rel="nofollow" aria-label="{label}" title="{label}">similar</a>'
    assert link(law_id, eid, citation, day) == expected
    # a heading's link, for what it holds too
    label = escape(f"Provisions like {citation} and what it holds, in other laws in force on {day}")
    expected = f' <a class="similar" href="{escape(href)}" rel="nofollow" aria-label="{label}" title="{label}">similar</a>'
    assert link(law_id, eid, citation, day, holds=True) == expected
