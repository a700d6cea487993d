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


def _phase(
    hostile: int, p95: float, top: float, errors: int = 0, answers: dict[str, int] | None = None, kinds: int = 19
) -> dict[str, object]:
    return {
        "hostile clients": hostile, "law page p95 (ms)": p95, "law page max (ms)": top, "law page errors": errors,
        "hostile answers": answers or {}, "law pages": 600, "hostile kinds answered": (kinds, 19),
    }  # fmt: skip


def test_the_hostile_visitor_benchmark_ends_with_issue_24s_figures() -> None:
    """Each of issue 24's targets on a line of its own, met or not (the figures here are made up, not measured)."""
    from benchmarks.hostile import targets

    met = targets([_phase(0, 100, 400), _phase(4, 150, 1000, answers={"400": 70, "503": 9})], (0.2, 1.9))
    assert met[0].startswith("issue 24's targets (4 hostile threads") and "busy machine" not in met[0]
    assert met[1] == "  p95 beside the visitor: 150 ms = 1.50× the quiet 100 ms (target ≤ 1.5×): met"
    assert met[2] == "  max beside the visitor: 1,000 ms (target ≤ 1,000 ms; quiet max 400 ms): met"
    assert met[3].endswith("0 quiet, 0 beside the visitor (target 0): met")
    assert met[4] == "  hostile requests answered 500 or not at all: 0 of 79 (target 0): met"
    assert met[5] == "  kinds of hostile request answered at least once: 19 of 19 (600 law pages beside them): met"
    missed = targets([_phase(0, 100, 400, 1), _phase(4, 151, 1001, 0, {"500": 1, "failed": 2, "400": 3}, 18)], (9.0, 9.0))
    assert "busy machine" in missed[0]
    assert all(line.endswith("NOT MET") for line in missed[1:])
    assert "3 of 6" in missed[4]


@pytest.mark.slow
def test_the_hostile_visitor_benchmark_runs_every_request_with_no_500(tmp_path: Path) -> None:
    """A small run of ``python -m benchmarks.hostile --visitor``: each of the visitor's requests is answered at least
    once, none with a 500, and no law page fails (its times are reported, never asserted)."""
    from benchmarks.hostile import VISITOR, measure, targets

    from .conftest_publish import make_law_repo

    repo = make_law_repo(tmp_path / "repo")
    build(repo)
    quiet, busy = measure(repo.root, trusted=False, requests=10, clients=2, hostile=2, visitor=True, workers=1)
    assert busy["hostile kinds answered"] == (len(VISITOR), len(VISITOR))
    assert not {s for s in busy["hostile answers"] if s.startswith("5") and s != "503"} | (
        {"failed"} & set(busy["hostile answers"])
    )
    assert quiet["law page errors"] == busy["law page errors"] == 0
    lines = targets([quiet, busy], (0.0, 0.0))
    assert len(lines) == 6 and lines[4].endswith("(target 0): met") and lines[5].endswith(": met")


def test_the_database_size_report_is_the_files_bytes_against_the_repositorys_texts(repo: Path) -> None:
    """``benchmarks.db_size``: the database file against the bytes of ``laws/`` and ``amendments/`` (nothing else in
    the repository), its objects adding up to the file, each index apart and counted with its table."""
    from benchmarks import db_size

    build(Repository.open(repo))
    texts = [p for folder in ("laws", "amendments") for p in (repo / folder).rglob("*.txt")]
    assert texts
    (repo / "notes.txt").write_text("not a law" * 1000, encoding="utf-8")  # outside laws/ and amendments/: not counted
    db = repo / "db" / "lawhistory.db"
    report = db_size.report(repo, top=1000)
    text = sum(p.stat().st_size for p in texts)
    assert report["database / repository text"] == round(db.stat().st_size / text, 2)
    objects = report["largest objects (MiB)"]
    assert abs(sum(objects.values()) - db.stat().st_size / 2**20) < 0.01
    assert "idx_provision_spans_text_id" in objects and "provisions_fts_data" in objects
    tables = report["largest tables, indexes included (MiB)"]
    assert tables["provision_spans"] >= objects["provision_spans"] + objects["idx_provision_spans_text_id"] - 0.002
    assert "provisions_fts" in tables and "provisions_fts_data" not in tables
