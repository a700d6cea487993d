"""lawhistory build: deterministic, incremental (same result as a full build) and atomic."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lawhistory.deriving import history, store
from lawhistory.deriving.build import BuildError, Paths, build, staleness
from lawhistory.deriving.history import HistoryError, head
from lawhistory.files.repo import Repository

from .conftest_publish import AMENDMENT_2022, KELLERBERRIN, KULIN_HEALTH, add_instrument, make_law_repo, query, table_rows

pytest_plugins = ["tests.conftest_publish"]


def db(repo: Repository) -> Path:
    return repo.db_dir / "lawhistory.db"


def commits(repo: Repository) -> list[str]:
    return [str(r["commit"]) for r in query(db(repo), "select [commit] from history order by seq")]


def snapshot(repo: Repository) -> tuple[dict[str, list[tuple[object, ...]]], str, bytes]:
    """The database content, where main points, and the database file's bytes."""
    return table_rows(db(repo)), head(repo.db_dir / "history.git"), db(repo).read_bytes()


def test_two_builds_of_the_same_inputs_are_identical(tmp_path: Path) -> None:
    """Same database content and the same commit ids, whatever folder the repository is in."""
    a = make_law_repo(tmp_path / "a")
    b = make_law_repo(tmp_path / "elsewhere" / "b")
    build(a)
    build(b)
    assert table_rows(db(a)) == table_rows(db(b))
    assert commits(a) == commits(b) and len(commits(a)) == 6
    assert head(a.db_dir / "history.git") == head(b.db_dir / "history.git") == commits(a)[-1]
    build(a, full=True)
    assert table_rows(db(a)) == table_rows(db(b)) and commits(a) == commits(b)


def test_an_incremental_build_equals_a_full_build(tmp_path: Path) -> None:
    instruments = ["synthetic_kellerberrin_amendment_2021.txt", "synthetic_pending_amendment.txt", "synthetic_repeal.txt"]
    repo = make_law_repo(tmp_path / "inc", instruments)
    first = build(repo)
    assert first.full and len(first.derived) == 3
    add_instrument(repo, "synthetic_kellerberrin_amendment_2022.txt")
    add_instrument(repo, "synthetic_refused_amendment.txt")
    second = build(repo)
    assert not second.full
    assert second.derived == [KELLERBERRIN]  # only the law whose inputs changed is derived again
    fresh = make_law_repo(tmp_path / "full")
    build(fresh)
    assert table_rows(db(repo)) == table_rows(db(fresh))
    assert commits(repo) == commits(fresh)
    assert head(repo.db_dir / "history.git") == commits(fresh)[-1]
    # The full-text index, kept up to date by the incremental build itself, finds what the full build's finds:
    # the heading the 2022 amendment inserted, and the old spans of what it deleted (“peafowls”) only in old versions.
    for word in ("peafowl", "peafowls", "drakes", "ducks", "rooster", "dog"):
        assert search(db(repo), word) == search(db(fresh), word), word
    assert search(db(repo), "Roosters drakes geese turkeys peafowl")


def _spans(repo: Repository) -> dict[tuple[object, ...], object]:
    """Each stored span's values (rowid left out) → its rowid."""
    rows = query(db(repo), "select rowid as r, * from provision_spans")
    return {tuple(v for k, v in r.items() if k != "r"): r["r"] for r in rows}


def test_an_incremental_build_rewrites_only_the_spans_that_changed(tmp_path: Path) -> None:
    """A law derived again keeps the rows (and full-text entries) of its spans that one more instrument left as they
    were: only spans added, ended or reworded are written, and the index still matches its content."""
    repo = make_law_repo(tmp_path / "inc", ["synthetic_kellerberrin_amendment_2021.txt"])
    build(repo)
    before = _spans(repo)
    add_instrument(repo, "synthetic_kellerberrin_amendment_2022.txt")
    assert build(repo).derived == [KELLERBERRIN]
    after = _spans(repo)
    same = set(before) & set(after)
    assert len(same) > len(after) // 2, "most spans are the same after one more instrument"
    assert {before[k] for k in same} == {after[k] for k in same}, "a span left as it was keeps its row"
    assert set(after) - set(before), "the spans the instrument made are written"
    assert search(db(repo), "Roosters drakes geese turkeys peafowl")  # the integrity check passes, the new words found


@pytest.mark.parametrize("share", [0.0, 1.0])
def test_spans_written_anew_or_span_by_span_give_the_full_builds_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, share: float
) -> None:
    """Whether a law derived again has its spans written anew (most changed: ``share`` 0) or span by span (``share``
    1), the database and its full-text index are the full build's."""
    monkeypatch.setattr(store, "_REWRITE_SHARE", share)
    first, both = ["synthetic_kellerberrin_amendment_2021.txt"], ["synthetic_kellerberrin_amendment_2022.txt"]
    repo = make_law_repo(tmp_path / "inc", first)
    build(repo)
    add_instrument(repo, both[0])  # spans ended and made
    assert build(repo).derived == [KELLERBERRIN]
    fresh = make_law_repo(tmp_path / "both", first + both)
    build(fresh)
    assert table_rows(db(repo)) == table_rows(db(fresh))
    repo.instrument_path(AMENDMENT_2022).unlink()  # spans made again as they were, ended ones open again
    assert build(repo).derived == [KELLERBERRIN]
    fresh = make_law_repo(tmp_path / "first", first)
    build(fresh)
    assert table_rows(db(repo)) == table_rows(db(fresh))
    for word in ("peafowl", "peafowls", "drakes", "rooster", "dog", "food"):
        assert search(db(repo), word) == search(db(fresh), word), word


def test_removing_an_instrument_and_a_law_rebuilds_to_the_same_result(tmp_path: Path) -> None:
    repo = make_law_repo(tmp_path / "inc")
    build(repo)
    repo.instrument_path(AMENDMENT_2022).unlink()
    repo.law_path(KULIN_HEALTH).unlink()
    report = build(repo)
    assert report.removed == [KULIN_HEALTH] and report.derived == [KELLERBERRIN]
    fresh = make_law_repo(tmp_path / "full", [i for i in _standard() if "2022" not in i], laws=None)
    fresh.law_path(KULIN_HEALTH).unlink()
    build(fresh)
    assert table_rows(db(repo)) == table_rows(db(fresh))
    assert commits(repo) == commits(fresh)
    # a removed law leaves nothing in the full-text index
    for word in ("food", "premises", "dog", "peafowls"):
        assert search(db(repo), word) == search(db(fresh), word), word
    assert search(db(repo), "food") and not [law for law, _ in search(db(repo), "food") if law == KULIN_HEALTH]


def search(path: Path, words: str) -> list[tuple[str, str]]:
    """What the full-text index finds for ``words`` (law, citation), after checking the index is consistent."""
    conn = sqlite3.connect(path)
    try:
        conn.execute("insert into provisions_fts(provisions_fts) values ('integrity-check')")
        sql = (
            "select p.law, p.citation from provisions_fts f join provisions p on p.rowid = f.rowid"
            " where provisions_fts match ? order by p.law, p.position, p.from_version"
        )
        return conn.execute(sql, [words]).fetchall()
    finally:
        conn.close()


def test_an_incremental_build_keeps_packed_commits_and_writes_only_the_new_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The previous commits are found in packs too: the build keeps them and writes only the commits from the first
    that changed (the 2022 amendment's version, and the one later event: a 2022 repeal)."""
    repo = make_law_repo(tmp_path / "repo", [i for i in _standard() if "2022" not in i])
    assert build(repo, full=True).full
    # a full build of a large repository leaves its commits in packs (a small one, loose); pack them, as git gc would
    git_dir = repo.db_dir / "history.git"
    subprocess.run(["git", "--git-dir", str(git_dir), "repack", "-a", "-d", "-q"], check=True)
    assert not list((git_dir / "objects").glob("??/*"))
    before = commits(repo)
    written: list[int] = []
    original = history._write_commits

    def counting(git_dir: Path, parent: str | None, events: list[history.Event]) -> list[str]:
        written.append(len(events))
        return original(git_dir, parent, events)

    monkeypatch.setattr(history, "_write_commits", counting)
    add_instrument(repo, "synthetic_kellerberrin_amendment_2022.txt")
    report = build(repo)
    after = commits(repo)
    kept = next(k for k, (a, b) in enumerate(zip([*before, ""], after, strict=False)) if a != b)
    assert not report.full and written == [len(after) - kept] and len(after) == len(before) + 1
    assert 0 < len(after) - kept <= 2
    fresh = make_law_repo(tmp_path / "fresh")
    build(fresh)
    assert commits(repo) == commits(fresh)


def _standard() -> list[str]:
    from .conftest_publish import STANDARD

    return list(STANDARD)


def test_staleness_tells_whether_a_build_is_needed(tmp_path: Path) -> None:
    repo = make_law_repo(tmp_path / "repo")
    assert staleness(repo) == "db/lawhistory.db does not exist yet"
    build(repo)
    assert staleness(repo) is None
    assert build(repo).up_to_date
    before = db(repo).read_bytes()
    add_instrument(repo, "synthetic_xss_amendment.txt")
    assert staleness(repo) == "laws or amendments changed since the last build"
    build(repo)
    assert staleness(repo) is None and db(repo).read_bytes() != before


def _fail_on_second(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> None:
    real: Callable[..., Any] = getattr(module, name)
    calls = []

    def failing(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 2:
            raise OSError("injected failure")
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, failing)


@pytest.mark.parametrize("full", [True, False])
def test_a_failure_mid_build_leaves_the_previous_database_and_history(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, full: bool
) -> None:
    repo = make_law_repo(tmp_path / "repo")
    build(repo)
    before = snapshot(repo)
    add_instrument(repo, "synthetic_xss_amendment.txt")
    _fail_on_second(monkeypatch, store, "write_instruments")  # after the first law's rows are written
    with pytest.raises(
        BuildError, match=r"the build failed \(injected failure\); the previous database and history are unchanged"
    ):
        build(repo, full=full)
    assert snapshot(repo) == before
    assert not Paths(repo.db_dir).tmp.exists()
    monkeypatch.undo()
    build(repo)
    assert snapshot(repo) != before


def test_a_failure_writing_history_leaves_everything_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # an instrument that makes a new version (one applying to nothing leaves the history as it is: nothing to write)
    repo = make_law_repo(tmp_path / "repo", [i for i in _standard() if "2022" not in i])
    build(repo)
    before = snapshot(repo)
    add_instrument(repo, "synthetic_kellerberrin_amendment_2022.txt")

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise HistoryError("cannot write db/history.git: injected")

    monkeypatch.setattr(history, "write_history", broken)
    with pytest.raises(HistoryError):
        build(repo)
    assert snapshot(repo) == before
    assert sorted(p.name for p in repo.db_dir.iterdir()) == [
        ".code-fingerprint.json",
        ".gitignore",
        ".inputs-cache.json",
        ".lock",
        ".serving",  # made by the first build (an incremental build holds it while it changes the database in place)
        ".stamp.json",
        "history.git",
        "lawhistory.db",
        "similar-index.db",  # the build's own index of texts for similar provisions (``similar.INDEX_NAME``)
    ]


def test_a_build_killed_while_swapping_is_recovered(tmp_path: Path) -> None:
    """A kill between moving the old history aside and moving the new one in loses nothing."""
    repo = make_law_repo(tmp_path / "repo")
    build(repo)
    before = snapshot(repo)
    paths = Paths(repo.db_dir)
    paths.git.rename(paths.git_old)  # as if killed right after the first rename of the swap
    (paths.tmp / "history.git").mkdir(parents=True)
    assert build(repo).up_to_date
    assert snapshot(repo) == before and not paths.git_old.exists() and not paths.tmp.exists()


def test_build_command_reports_what_it_did(tmp_path: Path, cli: Any) -> None:
    repo = make_law_repo(tmp_path / "repo")
    result = cli("build", "--repo", repo.root)
    assert result.exit_code == 0, result.stderr
    incomplete = (  # the refused synthetic instrument: the law's text omits it from its commencement (issue 21)
        "1 law(s) incomplete: instruments known and not applied (each view of them says so):\n"
        f"  {KELLERBERRIN}: 1 not applied, from 2021-05-29; see 'lawhistory history {KELLERBERRIN}'\n"
    )
    assert result.stdout == (
        "built db/lawhistory.db and db/history.git: 3 laws, 6 commits, amending instruments: 3 applied, 3 pending, 1 refused (full build)\n"
        + incomplete
    )
    again = cli("build", "--repo", repo.root)
    assert again.stdout == "db/lawhistory.db and db/history.git are up to date (3 laws)\n" + incomplete


def _set_info(repo: Repository, key: str, value: str) -> None:
    with sqlite3.connect(db(repo)) as conn:
        conn.execute("update build_info set value = ? where key = ?", [value, key])
    conn.close()


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (
            lambda repo: _set_info(repo, "code", "0123456789abcdef"),
            "was built by other code (its deriving code's fingerprint 0123456789ab, this code's ",
        ),
        (lambda repo: _set_info(repo, "schema_version", "1"), "has schema version 1, this lawhistory writes version "),
        (lambda repo: shutil.rmtree(repo.db_dir / "history.git"), None),
    ],
    ids=["other code", "other schema", "history gone"],
)
def test_a_full_rebuild_of_a_built_database_says_why_in_one_line(
    tmp_path: Path, cli: Any, change: Callable[[Repository], object], why: str | None
) -> None:
    """A database that cannot be built on is built again in full, and the build says why on stderr (one line) before it
    starts; an incremental build, a first build and one asked for with --full say nothing of it."""
    repo = make_law_repo(tmp_path / "repo")
    first = cli("build", "--repo", repo.root)
    assert first.exit_code == 0 and "full build:" not in first.stderr  # a first build: nothing to explain
    add_instrument(repo, "synthetic_kellerberrin_amendment_2022.txt")
    assert "full build:" not in cli("build", "--repo", repo.root).stderr  # incremental
    change(repo)
    add_instrument(repo, "synthetic_xss_amendment.txt")
    result = cli("build", "--repo", repo.root)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("built db/lawhistory.db") and "(full build)" in result.stdout
    said = [line for line in result.stderr.splitlines() if line.startswith("full build: ")]
    assert len(said) == 1, result.stderr
    assert said[0].startswith("full build: db/" + ("history.git is missing" if why is None else f"lawhistory.db {why}"))
    asked = cli("build", "--full", "--repo", repo.root)
    assert asked.exit_code == 0 and "full build:" not in asked.stderr


def test_build_command_says_a_running_serve_reads_the_new_build_next(tmp_path: Path, cli: Any) -> None:
    from lawhistory.deriving.build import serving

    repo = make_law_repo(tmp_path / "repo", ["synthetic_kellerberrin_amendment_2021.txt"])
    build(repo)
    add_instrument(repo, "synthetic_kellerberrin_amendment_2022.txt")
    with serving(repo.db_dir):
        result = cli("build", "--quiet", "--repo", repo.root)
        again = cli("build", "--quiet", "--repo", repo.root)
    assert result.exit_code == 0
    assert result.stderr.strip().splitlines()[-1] == (
        "a 'lawhistory serve' is running on this repository: its next request reads this build (requests under way finish on the previous one)"
    )
    assert again.exit_code == 0 and "serve" not in again.stderr  # nothing new was built
    add_instrument(repo, "synthetic_refused_amendment.txt")
    unserved = cli("build", "--quiet", "--repo", repo.root)
    assert unserved.exit_code == 0 and "serve" not in unserved.stderr  # built, but nothing was being served


def test_build_command_refuses_outside_a_repository_with_one_line(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "lawhistory", "build", "--repo", str(tmp_path)], capture_output=True, text=True)
    assert run.returncode == 1
    assert run.stderr.count("\n") == 1 and run.stderr.startswith("error: ") and "is not a law repository" in run.stderr


def test_build_errors_are_lawhistory_errors() -> None:
    from lawhistory.core.errors import LawHistoryError

    assert issubclass(BuildError, LawHistoryError) and issubclass(HistoryError, LawHistoryError)


@pytest.mark.parametrize("command", ["build", "serve"])
def test_help_ends_with_an_example(cli: Any, command: str) -> None:
    result = cli(command, "--help")
    assert result.exit_code == 0
    doc = result.stdout.split("Options:")[0].strip()
    assert doc.splitlines()[-1].strip().startswith(f"Example: lawhistory {command}")


# --- speed without giving up safety ---------------------------------------------------------------------------------


def test_laws_derived_in_worker_processes_give_the_same_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A full build derives laws in parallel from PARALLEL_FROM laws on; the result does not depend on it."""
    import lawhistory.deriving.build as build_module

    sequential = make_law_repo(tmp_path / "one")
    build(sequential)
    parallel = make_law_repo(tmp_path / "many")
    monkeypatch.setattr(build_module, "PARALLEL_FROM", 1)
    monkeypatch.setattr(build_module.os, "cpu_count", lambda: 2)
    report = build(parallel)
    assert report.full and len(report.derived) == 3
    assert table_rows(db(parallel)) == table_rows(db(sequential))
    assert commits(parallel) == commits(sequential)
    run = subprocess.run(["git", "--git-dir", str(parallel.db_dir / "history.git"), "fsck", "--strict"], capture_output=True)
    assert run.returncode == 0, run.stderr
    # The full-text index made by a process of its own is the index SQLite would have made.
    conn = sqlite3.connect(db(parallel))
    conn.execute("insert into provisions_fts(provisions_fts) values ('integrity-check')")
    search = "select p.law, p.citation from provisions_fts f join provisions p on p.rowid = f.rowid where provisions_fts match ?"
    for word in ("drakes", "rooster", "dog"):
        assert sorted(conn.execute(search, [word]).fetchall()) == sorted(
            sqlite3.connect(db(sequential)).execute(search, [word]).fetchall()
        )
    # The build keeps the index up to date itself, not through triggers (see test_an_incremental_build_...)
    assert conn.execute("select name from sqlite_master where type = 'trigger'").fetchall() == []


def test_a_refusal_in_a_worker_process_is_the_builds_refusal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import lawhistory.deriving.build as build_module
    from lawhistory.core.errors import FormatError

    repo = make_law_repo(tmp_path / "repo")
    path = repo.law_path(KULIN_HEALTH)
    path.write_text(path.read_text(encoding="utf-8") + "  indented closing words\n", encoding="utf-8")
    monkeypatch.setattr(build_module, "PARALLEL_FROM", 1)
    monkeypatch.setattr(build_module.os, "cpu_count", lambda: 2)
    with pytest.raises(FormatError, match=r"health-local-law-2016.txt:\d+: closing words are not indented"):
        build(repo)
    assert not db(repo).exists() and not Paths(repo.db_dir).tmp.exists()


@pytest.mark.slow
def test_an_incremental_build_changes_the_database_in_place_unless_it_is_served(tmp_path: Path) -> None:
    """In place (one SQLite transaction) normally; while served, a new file is swapped in so readers never see a change."""
    from lawhistory.deriving.build import serving

    repo = make_law_repo(tmp_path / "repo", ["synthetic_kellerberrin_amendment_2021.txt"])
    build(repo)
    inode = db(repo).stat().st_ino
    add_instrument(repo, "synthetic_kellerberrin_amendment_2022.txt")
    assert build(repo).derived == [KELLERBERRIN]
    assert db(repo).stat().st_ino == inode
    add_instrument(repo, "synthetic_refused_amendment.txt")
    with serving(repo.db_dir):
        assert build(repo).derived == [KELLERBERRIN]
    assert db(repo).stat().st_ino != inode
    fresh = make_law_repo(
        tmp_path / "fresh",
        [
            "synthetic_kellerberrin_amendment_2021.txt",
            "synthetic_kellerberrin_amendment_2022.txt",
            "synthetic_refused_amendment.txt",
        ],
    )
    build(fresh)
    assert table_rows(db(repo)) == table_rows(db(fresh)) and commits(repo) == commits(fresh)


KILL_MID_TRANSACTION = """
import os, sqlite3, sys
conn = sqlite3.connect(sys.argv[1])
conn.execute("pragma cache_size = 10")  # small: changed pages go to the database file before the commit
conn.execute("begin")
conn.execute("delete from provision_spans")
conn.execute("update build_info set value = 'half-built'")
os._exit(1)  # killed mid-transaction: the journal is left behind
"""


def test_a_build_killed_mid_transaction_is_rolled_back(tmp_path: Path) -> None:
    """SQLite's journal undoes an in-place build that was killed; ``serve`` sees it must build first."""
    repo = make_law_repo(tmp_path / "repo")
    build(repo)
    before = table_rows(db(repo))
    subprocess.run([sys.executable, "-c", KILL_MID_TRANSACTION, str(db(repo))], check=False)
    assert Paths(repo.db_dir).journal.exists()
    assert staleness(repo) == "an interrupted build left it to be recovered"
    assert build(repo).up_to_date
    assert not Paths(repo.db_dir).journal.exists()
    assert table_rows(db(repo)) == before


def test_unchanged_files_are_not_read_again(tmp_path: Path) -> None:
    from lawhistory.files.inputs import RACY_NS, load_cache, read_inputs

    repo = make_law_repo(tmp_path / "repo")
    build(repo)
    cache = load_cache(repo.db_dir)
    assert set(cache) == {repo.relative(p) for p in repo.law_files() + repo.instrument_files()}
    # Files written just now are read again (a change in the same clock tick would not show); older ones are not.
    assert read_inputs(repo, cache).read == len(cache)
    aged = {path: e._replace(read_ns=e.read_ns + 2 * RACY_NS) for path, e in cache.items()}
    assert read_inputs(repo, aged).read == 0
    # Same size, same modification time, new words: the change time gives it away.
    path = repo.law_path(KELLERBERRIN)
    text = path.read_text(encoding="utf-8")
    st = path.stat()
    path.write_text(text.replace("roosters;", "roosterz;", 1), encoding="utf-8")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert read_inputs(repo, aged).read == 1
    assert staleness(repo) == "laws or amendments changed since the last build"
    assert build(repo).derived == [KELLERBERRIN]


def test_a_build_process_forgets_each_laws_walks_after_deriving_it(tmp_path: Path) -> None:
    """What is remembered while one law's versions are derived (addresses, subtrees, rendered lines) is dropped after
    that law: a worker's memory follows the law it derives, not how many it has derived. The rows are unchanged."""
    from lawhistory.core import ids
    from lawhistory.deriving.build_workers import _derive
    from lawhistory.files import textformat
    from lawhistory.files.inputs import read_inputs

    repo = make_law_repo(tmp_path / "r")
    inputs = read_inputs(repo, {})
    claimers = inputs.claimers()
    law_id = max(inputs.laws, key=lambda i: len(inputs.claims[i]))  # the law with most instruments: many versions

    class Blobs:
        def write(self, text: str) -> str:
            return history.blob_id(text.encode("utf-8"))

    first, _ = _derive(inputs, claimers, Blobs(), law_id)  # type: ignore[arg-type]
    remembered = (ids._CACHE, ids._SUBTREES, ids._LEAVES, ids._POSITIONS, textformat._RENDERED)
    assert all(len(cache) == 0 for cache in remembered)
    again, _ = _derive(inputs, claimers, Blobs(), law_id)  # type: ignore[arg-type]
    assert again.law.provisions == first.law.provisions and again.law.changes == first.law.changes
    assert len(first.law.versions) > 1


def test_an_instrument_acting_on_no_law_changes_no_commit_and_equals_a_full_build(tmp_path: Path) -> None:
    """No law is derived again: the history's commits are all kept (none read but the last) and the rows are a full
    build's."""
    repo = make_law_repo(tmp_path / "inc", [], laws=[KELLERBERRIN])
    build(repo)
    before = commits(repo)
    add_instrument(repo, "synthetic_pending_amendment.txt")
    report = build(repo)
    assert not report.full and report.derived == [] and report.instruments == {"pending": 1}
    assert commits(repo) == before and head(repo.db_dir / "history.git") == before[-1]
    fresh = make_law_repo(tmp_path / "full", ["synthetic_pending_amendment.txt"], laws=[KELLERBERRIN])
    build(fresh)
    assert table_rows(db(repo)) == table_rows(db(fresh)) and commits(repo) == commits(fresh)
