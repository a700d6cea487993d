"""Crash safety of ``lawhistory build``, run as a real process and killed with SIGKILL at random moments.

A repository is built, then given a new amending instrument (the 2022 Kellerberrin amendment), so a build has
something to change. Each run starts from a copy of that repository and is killed somewhere between its start and
its end: incremental builds (which change the database in place, in one transaction) and full builds (which write
new files and swap them in). Afterwards the database is exactly the old or the new content (its full-text index
consistent), the history's ``main`` is exactly the old or the new chain of commits, and ``lawhistory build`` run
again reaches the new state.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from lawhistory.deriving.build import Paths, build, staleness
from lawhistory.deriving.history import head
from lawhistory.files.repo import Repository

from .conftest import ROOT
from .conftest_publish import STANDARD, add_instrument, make_law_repo, table_rows

pytestmark = pytest.mark.slow  # long: `pytest -m "not slow"` leaves it out of the quick local loop

NEW_INSTRUMENT = "synthetic_kellerberrin_amendment_2022.txt"
KILLS = {"incremental": 14, "full": 8}
ENV = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}

State = tuple[dict[str, list[tuple[object, ...]]], list[str]]


def chain(repo: Path) -> list[str]:
    """The commits ``main`` reaches in db/history.git, oldest first ([] when there is none)."""
    tip = head(repo / "db" / "history.git")
    if not tip:
        return []
    out = subprocess.run(
        ["git", "--git-dir", str(repo / "db" / "history.git"), "rev-list", "--reverse", tip],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return out.stdout.split()


def state(repo: Path) -> State:
    """The database's content (after SQLite has rolled back any interrupted transaction) and the history's chain."""
    db = repo / "db" / "lawhistory.db"
    conn = sqlite3.connect(db)
    try:
        conn.execute("insert into provisions_fts(provisions_fts) values ('integrity-check')")
    finally:
        conn.close()
    return table_rows(db), chain(repo)


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A built repository that has since been given a new instrument: the old state, with the new inputs."""
    root = tmp_path_factory.mktemp("crash-build") / "template"
    repo = make_law_repo(root, [i for i in STANDARD if i != NEW_INSTRUMENT])
    build(repo)
    add_instrument(repo, NEW_INSTRUMENT)
    return root


@pytest.fixture(scope="module")
def outcomes(template: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, State]:
    new = tmp_path_factory.mktemp("crash-build-new") / "repo"
    shutil.copytree(template, new)
    build(Repository.open(new))
    states = {"old": state(template), "new": state(new)}
    assert states["old"][0] != states["new"][0] and states["old"][1] != states["new"][1]
    return states


def lawhistory_build(repo: Path, full: bool) -> subprocess.Popen[str]:
    args = [sys.executable, "-m", "lawhistory", "build", "--quiet", "--repo", str(repo), *(["--full"] if full else [])]
    return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)


def duration(template: Path, where: Path, full: bool) -> float:
    """Seconds an uninterrupted build takes, interpreter start included (the median of three)."""
    times = []
    for i in range(3):
        repo = where / f"calibrate-{'full' if full else 'incremental'}-{i}"
        shutil.copytree(template, repo)
        start = time.monotonic()
        proc = lawhistory_build(repo, full)
        _, err = proc.communicate()
        assert proc.returncode == 0, err
        times.append(time.monotonic() - start)
    return sorted(times)[1]


@pytest.mark.parametrize("kind", ["incremental", "full"])
def test_build_killed_at_random_moments_leaves_the_old_or_the_new_state(
    template: Path, outcomes: dict[str, State], tmp_path: Path, kind: str
) -> None:
    """SIGKILL at moments spread over the whole run: database and history are each old or new, never a mixture
    of their own; ``serve`` would know whether to build; the next build reaches the new state."""
    full = kind == "full"
    total = duration(template, tmp_path, full)
    wanted = KILLS[kind]
    rng = random.Random(f"crash-build-{kind}")
    # spread over the run: two in its first half (mostly the interpreter starting), the rest over the second half,
    # where the build reads, derives and writes
    delays = [total * (0.5 * (k + rng.random()) / 2) for k in range(2)]
    delays += [total * (0.5 + 0.5 * (k + rng.random()) / (wanted - 2)) for k in range(wanted - 2)]
    seen: Counter[str] = Counter()
    killed = attempt = 0
    while killed < wanted:
        assert attempt < 3 * wanted, f"only {killed} of {attempt} kills landed before the build finished"
        delay = delays[attempt % wanted] * (1 if attempt < wanted else rng.random())
        attempt += 1
        repo = tmp_path / f"kill-{attempt}"
        shutil.copytree(template, repo)
        proc = lawhistory_build(repo, full)
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        _, err = proc.communicate()
        if proc.returncode != -signal.SIGKILL:
            assert proc.returncode == 0, err
            continue  # it finished before the signal: not a kill
        killed += 1
        # what the next command sees: it first puts back a history that a kill left half swapped (a window of two
        # renames, tested on its own in test_build.py) and removes temporary files
        Paths(repo / "db").recover()
        rows, commits = state(repo)
        db_state = next((name for name, s in outcomes.items() if s[0] == rows), None)
        git_state = next((name for name, s in outcomes.items() if s[1] == commits), None)
        assert db_state is not None, f"killed after {delay:.3f} s: the database is neither the old nor the new content"
        assert git_state is not None, f"killed after {delay:.3f} s: the history is neither the old nor the new chain"
        seen[f"database {db_state}, history {git_state}"] += 1
        if (db_state, git_state) != ("new", "new"):
            assert staleness(Repository.open(repo)) is not None, "an unfinished build looks finished"
        again = subprocess.run(
            [sys.executable, "-m", "lawhistory", "build", "--quiet", "--repo", str(repo)],
            capture_output=True, text=True, env=ENV,
        )  # fmt: skip
        assert again.returncode == 0, again.stderr
        assert state(repo) == outcomes["new"], f"killed after {delay:.3f} s: a rerun did not reach the new state"
        assert staleness(Repository.open(repo)) is None
        shutil.rmtree(repo)
    print(f"\n{kind} build: {killed} kills in {attempt} runs (a build takes {total:.2f} s): {dict(seen)}")
    assert killed == wanted
