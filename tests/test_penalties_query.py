"""The canned query ``penalties`` read from ``offences`` (issue 23): the same rows as the query through the ``penalties``
view gave (``benchmarks.penalties_query.OLD_SQL``), on the bundled laws, on SYNTHETIC laws whose schedules are headed
as real schedules are, and on a SYNTHETIC corpus; without searching the schedules' headings on each request; and kept
right by ``amend --build`` and incremental builds (each offence's ``last_changed_by`` the ``provisions`` view's)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from benchmarks.corpus import Scale, generate
from benchmarks.penalties_query import OLD_SQL
from lawhistory.deriving.build import build
from lawhistory.deriving.schema import PENALTIES_SQL, QUERIES
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse

from .conftest import INSTRUMENTS
from .conftest_publish import KELLERBERRIN
from .features_repo import ROOT, make_features_repo

LAYOUTS = ROOT / "tests" / "fixtures" / "synthetic" / "penalties_query"
I2021 = INSTRUMENTS / "synthetic_kellerberrin_amendment_2021.txt"
EASTBROOK = "eastbrook/synthetic-local-government-property-local-law-2011"

#: Days before, inside and after the bundled laws' and instruments' versions, today, and searches of each column.
DAYS = ("", "2000-01-01", "2011-05-01", "2019-06-01", "2020-03-20", "2023-04-18", "2030-01-01")
SEARCHES = ("", "dog", "Dog", "2.1", "2.1 (1)", "property", "Description", "litter", "kellerberrin", "%", "_")


def _connect(root: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{root / 'db' / 'lawhistory.db'}?mode=ro", uri=True)


def _both(conn: sqlite3.Connection, at: str, search: str) -> tuple[list[Any], list[Any]]:
    params = {"at": at, "search": search}
    return conn.execute(OLD_SQL, params).fetchall(), conn.execute(PENALTIES_SQL, params).fetchall()


def _assert_same_rows(root: Path, days: tuple[str, ...] = DAYS, searches: tuple[str, ...] = SEARCHES) -> int:
    """Every (day, search): the same rows in the same order; how many rows in all."""
    conn = _connect(root)
    try:
        seen = 0
        for at in days:
            for search in searches:
                old, new = _both(conn, at, search)
                assert new == old, (at, search)
                seen += len(new)
        return seen
    finally:
        conn.close()


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Repository:
    """The bundled laws, the features' SYNTHETIC laws and instrument, and the SYNTHETIC law of real schedule layouts."""
    repo = make_features_repo(tmp_path_factory.mktemp("penalties-query") / "repo", built=False)
    for path in LAYOUTS.glob("*.txt"):
        text = path.read_text(encoding="utf-8")
        assert "SYNTHETIC" in parse(text).meta.title
        repo.write_text(repo.law_path(parse(text).meta.id), text)
    build(repo)
    return repo


def test_the_canned_query_is_the_one_read_from_offences() -> None:
    [query] = [q for q in QUERIES if q.name == "penalties"]
    assert query.sql == PENALTIES_SQL


def test_the_query_reads_offences_not_every_schedules_headings(repo: Repository) -> None:
    """The plan reads ``offences`` in the order of its councils, with no ``json_each`` of a schedule's headings for each
    row (through the view: three for every span, 272 ms at scale 0.3; the plan, not a time, is what is checked here)."""
    conn = _connect(repo.root)
    try:
        plan = [r[3] for r in conn.execute(f"explain query plan {PENALTIES_SQL}", {"at": "", "search": ""})]
    finally:
        conn.close()
    assert plan[0] == "SCAN o USING INDEX idx_offences_local_government", plan
    assert plan[-1] == "USE TEMP B-TREE FOR RIGHT PART OF ORDER BY", plan  # each council's rows, not all rows at once
    assert not any("VIRTUAL TABLE" in line or "provision_spans" in line for line in plan), plan


def test_the_offences_query_reads_each_councils_rows_in_turn_too(repo: Repository) -> None:
    """The canned query ``offences`` (ordered the same way) reads by council and sorts each council's rows, not every
    row in force at once; its rows are those of the same query read through the date index."""
    [query] = [q for q in QUERIES if q.name == "offences"]
    by_dates = query.sql.replace("where +valid_from", "where valid_from")
    assert by_dates != query.sql
    conn = _connect(repo.root)
    try:
        plan = [r[3] for r in conn.execute(f"explain query plan {query.sql}", {"at": "", "search": ""})]
        for at in DAYS:
            for search in ("", "dog", "litter"):
                params = {"at": at, "search": search}
                assert conn.execute(query.sql, params).fetchall() == conn.execute(by_dates, params).fetchall()
    finally:
        conn.close()
    assert plan[0] == "SCAN o USING INDEX idx_offences_local_government", plan
    assert plan[-1] == "USE TEMP B-TREE FOR RIGHT PART OF ORDER BY", plan


def test_the_rows_are_the_old_querys_on_the_bundled_and_synthetic_laws(repo: Repository) -> None:
    assert _assert_same_rows(repo.root) > 500


def test_real_schedule_layouts_keep_the_views_cells(repo: Repository) -> None:
    """A column headed only "Description" is the typed offence but not the view's (which reads headings naming an
    offence); a "Section" column and a clause cited with a space the same: the query gives the view's cells."""
    conn = _connect(repo.root)
    conn.row_factory = sqlite3.Row
    try:
        rows = [
            dict(r)
            for r in conn.execute(
                "select citation, clause, clause_cell, offence, offence_cell, penalty_text from offences where law = ?"
                " order by position",
                [EASTBROOK],
            )
        ]
        listed = conn.execute(PENALTIES_SQL, {"at": "2020-01-01", "search": ""}).fetchall()
    finally:
        conn.close()
    assert rows == [
        {
            "citation": "Schedule 1 item 1", "clause": "2.1(1)", "clause_cell": "2.1 (1)",
            "offence": "Damaging local government property", "offence_cell": None, "penalty_text": "300",
        },
        {
            "citation": "Schedule 1 item 2", "clause": "2.1(2)", "clause_cell": "2.1(2)",
            "offence": "Leaving litter on local government property", "offence_cell": None, "penalty_text": "$150",
        },
        {
            "citation": "Schedule 2 item 1", "clause": "2.2", "clause_cell": None,
            "offence": "Allowing an animal on local government property",
            "offence_cell": "Allowing an animal on local government property", "penalty_text": "$200",
        },
        {
            "citation": "Schedule 3 item 1", "clause": "2.2", "clause_cell": "2.2", "offence": "100",
            "offence_cell": "100", "penalty_text": "100",
        },
    ]  # fmt: skip
    mine = [r[2:6] for r in listed if r[7] == EASTBROOK]
    assert mine == [
        ("Schedule 1 item 1", "2.1 (1)", None, "300"),
        ("Schedule 1 item 2", "2.1(2)", None, "$150"),
        ("Schedule 2 item 1", None, "Allowing an animal on local government property", "$200"),
        ("Schedule 3 item 1", "2.2", "100", "100"),
    ]


def test_each_offence_was_last_changed_by_what_changed_its_row(repo: Repository) -> None:
    """``offences.last_changed_by`` is the ``provisions`` view's for the same span, on every row; the rows the
    SYNTHETIC instrument changed name it and its clause."""
    conn = _connect(repo.root)
    try:
        pairs = conn.execute(
            "select o.law, o.citation, o.from_version, o.last_changed_by, p.last_changed_by from offences o"
            " join provisions p on p.law = o.law and p.position = o.position and p.from_version = o.from_version"
        ).fetchall()
        offences = conn.execute("select count(*) from offences").fetchone()[0]
    finally:
        conn.close()
    assert len(pairs) == offences > 100
    assert all(mine == theirs for *_, mine, theirs in pairs)
    changed = {(citation, by) for law, citation, v, by, _ in pairs if law == KELLERBERRIN and v == 1 and "2023" in by}
    title = "Shire of Kellerberrin Animals, Environment and Nuisance Amendment Local Law 2023 (SYNTHETIC TEST INSTRUMENT)"
    assert changed == {(f"Schedule 1 item {n}", f"{title} cl. {n - 7}") for n in (10, 11, 12, 13)}


def _offences(root: Path) -> list[tuple[Any, ...]]:
    conn = _connect(root)
    try:
        return conn.execute("select * from offences order by law, position, from_version").fetchall()
    finally:
        conn.close()


def test_amend_build_keeps_the_query_right_as_a_full_build_does(tmp_path: Path, cli: Any) -> None:
    """A new instrument by ``amend --build`` (an incremental build; it deletes, rewords and inserts rows of Schedule 1):
    ``offences`` row for row a full build's, the rows it changed naming it, and the query's rows the old query's."""
    repo = make_features_repo(tmp_path / "inc", instrument=False, built=True)
    result = cli("amend", I2021, "--build", "--repo", repo.root)
    assert result.exit_code == 0, result.stderr
    assert "(full build)" not in result.stdout, result.stdout
    full = tmp_path / "full"
    shutil.copytree(repo.root, full, ignore=shutil.ignore_patterns("db"))
    build(Repository.open(full), full=True)
    assert _offences(repo.root) == _offences(full)
    changed = {r[9] for r in _offences(repo.root) if "Amendment Local Law 2021" in (r[-3] or "")}
    assert {"Schedule 1 item 10", "Schedule 1 item 14A"} <= changed, changed
    assert _assert_same_rows(repo.root, ("2021-04-22", "2021-04-23", ""), ("", "bird", "2.12A")) > 0


def test_the_rows_are_the_old_querys_on_a_synthetic_corpus(tmp_path: Path) -> None:
    """A SYNTHETIC corpus (``benchmarks.corpus``: laws made from the bundled ones, amended over 20 years)."""
    generate(tmp_path / "corpus", Scale(councils=3, laws=8, instruments=40), seed=5)
    build(Repository.open(tmp_path / "corpus"))
    days = ("", "1998-01-01", "2004-07-01", "2010-01-01", "2016-06-30", "2025-01-01")
    assert _assert_same_rows(tmp_path / "corpus", days, ("", "dog", "2.", "Local Law")) > 100
