"""A small-scale smoke run of the benchmark command: every measurement is taken and the load test has no errors.

Speed itself is measured by ``python -m benchmarks.run`` (see the README), never asserted here.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from benchmarks.run import database_size, read_rows, run, table, write_floor_database
from lawhistory.deriving.build import build
from lawhistory.files.repo import Repository


@pytest.mark.slow
def test_benchmark_smoke_run_measures_everything_with_zero_errors(tmp_path: Path) -> None:
    results = run(0.002, tmp_path, requests=40, clients=5, samples=5, seed=2, fresh=True)
    for key in (
        "full build (s)",
        "offences and similar provisions, in the full build (s)",
        "floor (s)",
        "build / floor",
        "amend + publish one instrument (s)",
        "show --at p95 (ms)",
        "show CLI p95 (ms)",
        "--help p95 (ms)",
        "law page p95 (ms)",
        "peak memory (MiB)",
    ):
        assert isinstance(results[key], float) and results[key] > 0, key
    assert results["laws"] == 4 and results["instruments"] >= 8
    assert results["law page errors"] == 0
    assert results["show CLI refusals"] == 0
    assert set(results["build stages (s)"]) >= {"read and parse the repository", "Writing the history"}
    assert "full build (s)" in table(results)


def test_the_floor_writes_the_same_database_the_build_does(repo: Path, tmp_path: Path) -> None:
    """The honest floor is a floor of *this* database: same tables, rows, views and full-text answers."""
    build(Repository.open(repo))
    built = repo / "db" / "lawhistory.db"
    floor_db = tmp_path / "floor.db"
    write_floor_database(built, read_rows(built), floor_db)
    a, b = sqlite3.connect(built), sqlite3.connect(floor_db)
    try:
        schema = "select type, name from sqlite_master where name not like 'sqlite_%' order by type, name"
        assert a.execute(schema).fetchall() == b.execute(schema).fetchall()
        for (table,) in a.execute("select name from sqlite_master where type in ('table', 'view') and name not like '%fts%'"):
            assert (
                a.execute(f'select * from "{table}" order by 1, 2').fetchall()
                == b.execute(f'select * from "{table}" order by 1, 2').fetchall()
            ), table
        search = "select rowid from provisions_fts where provisions_fts match 'dog' order by rowid"
        assert a.execute(search).fetchall() == b.execute(search).fetchall() != []
    finally:
        a.close()
        b.close()
    sizes = database_size(built)
    assert "provision_spans" in sizes and abs(sum(sizes.values()) - built.stat().st_size / 2**20) < 0.01


def test_the_floor_writes_the_builds_history_in_the_builds_order_and_is_verified(repo: Path, tmp_path: Path) -> None:
    """The floor's history is the build's (the same head commit), written as the build writes it: every blob, law by
    law, before the commits; a floor whose output differs from the build's is refused, not measured."""
    import subprocess

    from benchmarks.run import BUILD_CACHE_SIZE, history_streams, verify_floor
    from lawhistory.deriving.build_workers import _open

    build(Repository.open(repo))
    built_db, built_git = repo / "db" / "lawhistory.db", repo / "db" / "history.git"
    blobs, commits = history_streams(built_git, tmp_path)
    assert blobs.read_bytes().startswith(b"blob\n") and b"\ncommit " not in blobs.read_bytes()
    assert b"\nblob\n" not in commits.read_bytes() and b"M 100644 " in commits.read_bytes()
    floor_git = tmp_path / "floor.git"
    subprocess.run(["git", "init", "-q", "--bare", str(floor_git)], check=True)
    for stream in (blobs, commits):
        with open(stream, "rb") as fi:
            subprocess.run(["git", "--git-dir", str(floor_git), "fast-import", "--quiet"], stdin=fi, check=True)
    floor_db = tmp_path / "floor.db"
    write_floor_database(built_db, read_rows(built_db), floor_db)
    verify_floor(built_db, floor_db, built_git, floor_git)
    conn = sqlite3.connect(floor_db)
    conn.execute("delete from versions where rowid = (select max(rowid) from versions)")
    conn.commit()
    conn.close()
    with pytest.raises(AssertionError, match="versions"):
        verify_floor(built_db, floor_db, built_git, floor_git)
    db = _open(tmp_path / "any.db", scratch=True)
    try:
        assert db.execute("pragma cache_size").fetchone()[0] == BUILD_CACHE_SIZE  # the floor writes with the build's cache
    finally:
        db.close()
