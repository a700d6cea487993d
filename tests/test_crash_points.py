"""Crash safety of ``lawhistory build`` at EVERY write step, by fault injection (lawhistory/core/faults.py).

The random kills of test_crash_build.py can miss narrow windows (a ref's lock file renamed, the two renames that
swap the history). Here the build kills itself exactly at each named point, for incremental builds (in place, and on
a copy while the database is served) and full builds. After each kill the database and the history are each the old
or the new state, ``serve`` sees that a build is needed, and the next plain ``lawhistory build`` reaches the new
state, whatever lock file or half-swapped folder the kill left.
"""

from __future__ import annotations

import contextlib
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from lawhistory.core import faults
from lawhistory.deriving.build import serving, staleness
from lawhistory.files.repo import Repository

from .test_crash_build import ENV, State, outcomes, state, template

__all__ = ["outcomes", "template"]  # module fixtures shared with test_crash_build

pytest_plugins = ["tests.conftest_publish"]

pytestmark = pytest.mark.slow  # long: `pytest -m "not slow"` leaves it out of the quick local loop

HISTORY = [p for p in faults.POINTS if p.startswith("history:")]
CACHE = ["cache:written", "cache:moved"]
# Each point once per code path: a served build differs from an incremental one only in its copy; a full build's
# history is written in db/.build/ (two of its points are enough to show a kill there leaves the old state).
SCENARIOS = {
    "incremental": [*HISTORY, "incremental:before-commit", "incremental:committed", *CACHE],
    "served": ["incremental:copy-synced", "incremental:copy-moved"],
    "full": ["history:commits-written", "history:ref-moved", *(p for p in faults.POINTS if p.startswith("full:"))],
}
CASES = [(kind, p) for kind, points in SCENARIOS.items() for p in points]


def test_every_point_is_crash_tested() -> None:
    assert {p for _, p in CASES} == set(faults.POINTS)


def run_build(repo: Path, *args: str, crash_at: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in ENV.items() if k != faults.ENV}
    if crash_at:
        env[faults.ENV] = crash_at
    command = [sys.executable, "-m", "lawhistory", "build", "--quiet", "--repo", str(repo), *args]
    return subprocess.run(command, capture_output=True, text=True, env=env)


@pytest.mark.parametrize(("kind", "point"), CASES)
def test_a_build_killed_at_a_write_step_is_recovered_by_the_next_build(
    template: Path, outcomes: dict[str, State], tmp_path: Path, kind: str, point: str
) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(template, repo)
    with serving(repo / "db") if kind == "served" else contextlib.nullcontext():
        killed = run_build(repo, *(["--full"] if kind == "full" else []), crash_at=point)
    assert killed.returncode == -signal.SIGKILL, f"the build never reached {point}: {killed.stderr}"
    if point == "history:ref-lock-written" and kind == "incremental":
        assert (repo / "db" / "history.git" / "refs" / "heads" / "main.lock").exists()  # the lock that used to wedge
    if point == "full:history-moved-aside":
        assert not (repo / "db" / "history.git").exists()  # between the two renames
    reason = staleness(Repository.open(repo))
    again = run_build(repo)
    assert again.returncode == 0, again.stderr
    assert state(repo) == outcomes["new"]
    assert staleness(Repository.open(repo)) is None
    if reason is None:  # serve would not build: what it serves must already be the new state
        assert point.startswith("cache:") or point in ("full:old-history-removed", "history:ref-moved"), point


def test_stale_lock_files_in_the_history_do_not_wedge_a_build(template: Path, outcomes: dict[str, State], tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(template, repo)
    git_dir = repo / "db" / "history.git"
    for lock in ("refs/heads/main.lock", "packed-refs.lock", "HEAD.lock"):
        (git_dir / lock).write_text("left by a killed process\n", encoding="utf-8")
    assert staleness(Repository.open(repo)) == "an interrupted build left it to be recovered"
    again = run_build(repo)
    assert again.returncode == 0, again.stderr
    assert state(repo) == outcomes["new"]
    assert not list(git_dir.glob("**/*.lock"))
