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
