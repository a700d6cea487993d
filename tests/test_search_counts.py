"""Search counts taken from the full-text index and each law's rowid range are the counts of joining every match to
its provision row: in force on a day, over all history, and when a law's rows interleave with another's (an
incremental build's)."""

from __future__ import annotations

import datetime as dt
import shutil
import sqlite3
from pathlib import Path

import pytest

from lawhistory.files.repo import Repository
from lawhistory.publishing import search as S

pytest_plugins = ["tests.conftest_publish"]

WORDS = ["dog", "ducks", "local government", "person", "the", "nosuchwordanywhere"]


def _days(conn: sqlite3.Connection) -> list[str]:
    """Every day on which some row starts or stops applying, the day before each, and one far ahead."""
    dates = {d for (d,) in conn.execute("select valid_from from provisions union select valid_to from provisions") if d}
    before = {f"{int(d[:4]) - 1}{d[4:]}" for d in dates}
    return sorted(dates | before | {"2999-01-01"})


@pytest.mark.parametrize("when", ["today", "all"])
def test_counts_from_the_index_are_the_counts_of_the_join(built_repo: Repository, when: str) -> None:
    conn = sqlite3.connect(built_repo.db_dir / "lawhistory.db")
    assert S._law_ranges(conn) is not None  # the build writes each law's rows together
    days = _days(conn)
    assert len(days) > 3
    seen = 0
    for word in WORDS:
        for day in days:
            query = S.Query(q=word, when=when, today=dt.date.fromisoformat(day))
            fast, joined = S._counts(conn, query), S._counts_sql(conn, query)
            assert fast == joined, (word, when, day)
            seen += sum(fast.values())
    assert seen > 0


def test_a_law_whose_rows_an_incremental_build_wrote_apart_is_counted_from_each_of_its_runs(
    built_repo: Repository, tmp_path: Path
) -> None:
    # an incremental build keeps a law's unchanged rows and writes its new ones at the end: the law is then two runs of
    # rows, with other laws' rows between (the counts once fell back to joining every match for every search, 2.5x
    # slower for common words at scale 1, after any incremental build)
    db = tmp_path / "interleaved.db"
    shutil.copy(built_repo.db_dir / "lawhistory.db", db)
    conn = sqlite3.connect(db)
    first = conn.execute("select law from provisions order by rowid limit 1").fetchone()[0]
    top = conn.execute("select max(rowid) from provisions").fetchone()[0]
    cols = [r[1] for r in conn.execute("pragma table_info(provision_spans)")]
    picked = ", ".join("999" if c == "from_version" else f'"{c}"' for c in cols)
    conn.execute(
        f"insert into provision_spans(rowid, {', '.join(cols)}) select :top + 1, {picked} from provision_spans"
        " where law_key = (select key from law_keys where id = :law)"
        " and text_key in (select id from span_texts where text like '%dog%') limit 1",
        {"top": top, "law": first},
    )
    conn.execute("insert into provisions_fts(provisions_fts) values ('rebuild')")
    conn.commit()
    ranges = S._law_ranges(conn)
    assert ranges is not None and ranges[2].count(first) == 2 and ranges[2][-1] == first
    query = S.Query(q="dog", when="all")
    counts = S._counts(conn, query)
    assert counts == S._counts_sql(conn, query)
    original = S._counts_sql(sqlite3.connect(built_repo.db_dir / "lawhistory.db"), query)
    assert counts[first] == original.get(first, 0) + 1  # the row written out of place is counted for its law


def test_the_public_sites_connections_are_counted_from_the_index_through_the_files_path(built_repo: Repository) -> None:
    """The public site hides the database file's path from SQL: the search page passes it, so the counts still come
    from the index (and its cache), not from the join."""
    from lawhistory.publishing.security import _authorizer

    path = str(built_repo.db_dir / "lawhistory.db")
    conn = sqlite3.connect(path)
    conn.set_authorizer(_authorizer)
    assert S._database_key(conn) is None  # the path, read as null
    key = S._database_key(conn, path)
    assert key is not None and key == S._database_key(sqlite3.connect(path))
    query = S.Query(q="dog")
    S._ranges_cache.clear()
    assert S._counts(conn, query, path) == S._counts_sql(conn, query)
    assert key in S._ranges_cache and S._ranges_cache[key] is not None  # read through the index


def test_warming_reads_the_ranges_a_served_sites_search_then_uses(built_repo: Repository, tmp_path: Path) -> None:
    """A worker reads the ranges as it starts, from the file it serves; the search page's file (a hard link to it,
    as ``serve`` makes) is the same file, so its first search finds them read."""
    path = built_repo.db_dir / "lawhistory.db"
    link = tmp_path / "link.db"
    link.hardlink_to(path)
    S._ranges_cache.clear()
    S.warm(str(path))
    key = S._database_key(None, str(link))
    assert key is not None and S._ranges_cache.get(key) is not None
    conn = sqlite3.connect(link)
    query = S.Query(q="dog")
    assert S._counts(conn, query, str(link)) == S._counts_sql(conn, query)
