"""A build killed mid-way never leaves a half-written database that the site or ``show`` reads as current.

A build that changes the database in place holds ``db/.serving`` exclusively: a ``serve`` that starts meanwhile
waits, and once the build ends (or is killed) rolls back what it left in the file before the site reads it. A build
while the site serves writes a copy in ``db/.build/`` and renames it in, so the served file never changes. Each test
runs a real ``lawhistory build``, stops it (SIGSTOP) or kills it (SIGKILL) at a named write step
(lawhistory/core/faults.py), and checks what the site serves; then the next build recovers and the site follows it.
"""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from lawhistory.core import faults
from lawhistory.deriving.build import serving
from lawhistory.files.inputs import read_inputs
from lawhistory.files.repo import Repository
from lawhistory.presenting.lawat import current_database
from lawhistory.publishing.site import make_datasette

from .conftest_publish import AMENDMENT_2022, KELLERBERRIN, METADATA, table_rows
from .test_crash_build import ENV, State, outcomes, state, template

__all__ = ["outcomes", "template"]  # module fixtures shared with test_crash_build

pytest_plugins = ["tests.conftest_publish"]

NEW = f"/-/instrument/{AMENDMENT_2022}"  # in the new build only


def lawhistory_build(repo: Path, *args: str, **env: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "lawhistory", "build", "--quiet", "--repo", str(repo), *args]
    clean = {k: v for k, v in ENV.items() if k not in (faults.ENV, faults.PAUSE)}
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**clean, **env})


def stopped(proc: subprocess.Popen[str]) -> None:
    """Wait until ``proc`` has stopped itself at its pause point (or fail, if it ended instead)."""
    _, status = os.waitpid(proc.pid, os.WUNTRACED)
    if not os.WIFSTOPPED(status):
        proc.returncode = os.waitstatus_to_exitcode(status)
        raise AssertionError(f"the build ended ({proc.returncode}) before its pause point: {proc.stderr.read()}")  # type: ignore[union-attr]


def killed(proc: subprocess.Popen[str]) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    assert proc.wait() == -signal.SIGKILL


class Waits(Exception):
    """``serving`` said it waits for a build."""


def refuse_to_wait(message: str) -> None:
    raise Waits(message)


@pytest.fixture
def repo(template: Path, tmp_path: Path) -> Path:
    """A copy of the built repository (the old state) given a new instrument (the inputs of the new state)."""
    root = tmp_path / "repo"
    shutil.copytree(template, root)
    return root


async def served_state(ds: Any) -> tuple[int, int, str]:
    """What the site serves: the new instrument's page, the law's page, SQLite's integrity check of the served file."""
    new = await ds.client.get(NEW)
    law = await ds.client.get(f"/-/law/{KELLERBERRIN}")
    [current] = ds.current  # the file the site reads, as it reads it (the visitor's SQL may not run pragmas)
    conn = sqlite3.connect(f"file:{current.link}?immutable=1", uri=True)
    try:
        check = conn.execute("pragma integrity_check").fetchone()[0]
    finally:
        conn.close()
    return new.status_code, law.status_code, check


def served_rows(ds: Any) -> State:
    [current] = ds.current
    return table_rows(current.link), []


@pytest.fixture
def site(repo: Path) -> Iterator[Any]:
    """The site serving ``repo`` as ``lawhistory serve`` does (the database marked served)."""
    with serving(repo / "db", notice=refuse_to_wait):
        ds = make_datasette(repo / "db" / "lawhistory.db", METADATA)
        yield ds
        ds.close_all()


async def test_serve_waits_for_a_build_changing_the_database_in_place_and_reads_it_only_once_rolled_back(
    repo: Path, outcomes: dict[str, State]
) -> None:
    db = repo / "db"
    build = lawhistory_build(repo, **{faults.PAUSE: "incremental:before-commit"})
    try:
        stopped(build)  # in its transaction: the database is being changed in place (no serve when it started)
        assert (db / "lawhistory.db-journal").exists()
        with pytest.raises(Waits, match="waiting for the build under way to finish"), serving(db, notice=refuse_to_wait):
            raise AssertionError("serving began while a build was changing the database in place")
        assert current_database(db, read_inputs(Repository.open(repo))) is None  # show reads the files instead
    finally:
        killed(build)
    with serving(db, notice=refuse_to_wait):  # the build is gone: no wait
        ds = make_datasette(db / "lawhistory.db", METADATA)
        try:
            assert await served_state(ds) == (404, 200, "ok")  # the old build, whole
            assert served_rows(ds)[0] == outcomes["old"][0]
            again = lawhistory_build(repo)  # while served: a copy, renamed in
            _, err = again.communicate()
            assert again.returncode == 0, err
            assert await served_state(ds) == (200, 200, "ok")  # the site follows the new build
            assert served_rows(ds)[0] == outcomes["new"][0]
        finally:
            ds.close_all()
    assert state(repo) == outcomes["new"]


@pytest.mark.parametrize(
    ("point", "args"),
    [
        ("incremental:before-commit", ()),  # on its copy: a served file is never changed in place
        ("incremental:committed", ()),
        ("incremental:copy-synced", ()),
        ("full:database-synced", ("--full",)),
        ("full:history-moved-aside", ("--full",)),
        ("full:history-moved", ("--full",)),
    ],
)
async def test_a_build_killed_while_the_site_serves_leaves_it_serving_the_old_build_whole(
    repo: Path, outcomes: dict[str, State], site: Any, point: str, args: tuple[str, ...]
) -> None:
    assert await served_state(site) == (404, 200, "ok")
    served = site.current[0].identity
    build = lawhistory_build(repo, *args, **{faults.ENV: point})
    _, err = build.communicate()
    assert build.returncode == -signal.SIGKILL, f"the build never reached {point}: {err}"
    assert await served_state(site) == (404, 200, "ok")  # the old build, whole
    assert site.current[0].identity == served  # the very file it served before
    assert served_rows(site)[0] == outcomes["old"][0]
    again = lawhistory_build(repo)  # recovers what the killed build left, then builds
    _, err = again.communicate()
    assert again.returncode == 0, err
    assert await served_state(site) == (200, 200, "ok")
    assert served_rows(site)[0] == outcomes["new"][0]
    assert state(repo) == outcomes["new"]


#: What a build killed in its transaction leaves when SQLite has had to write changed pages into the file before the
#: commit (a large build's changes outgrow its page cache): a hot journal and a half-changed file.
HALF_WRITE = """
import os, signal, sqlite3, sys
conn = sqlite3.connect(sys.argv[1])
conn.execute("pragma cache_size = 1")  # every changed page goes to the file at once, its old content to the journal
conn.execute("begin")
conn.execute("update provision_spans set text_id = text_id + 1000000")
conn.execute("delete from laws")
os.kill(os.getpid(), signal.SIGKILL)
"""


async def test_what_a_killed_build_half_wrote_is_rolled_back_before_the_site_reads_it(
    repo: Path, outcomes: dict[str, State]
) -> None:
    db = repo / "db"
    writer = subprocess.run([sys.executable, "-c", HALF_WRITE, str(db / "lawhistory.db")], capture_output=True, text=True)
    assert writer.returncode == -signal.SIGKILL, writer.stderr
    journal = db / "lawhistory.db-journal"
    assert journal.stat().st_size > 0
    with serving(db, notice=refuse_to_wait):
        assert not journal.exists()  # rolled back (SQLite's own recovery) before the site opens the file
        ds = make_datasette(db / "lawhistory.db", METADATA)
        try:
            assert await served_state(ds) == (404, 200, "ok")  # the old build, whole
            assert served_rows(ds)[0] == outcomes["old"][0]
        finally:
            ds.close_all()
