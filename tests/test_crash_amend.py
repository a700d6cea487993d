"""Crash safety and concurrency of ``lawhistory amend``, run as a real process on a copy of the bundled repository.

* SIGKILL at 20 random moments spread over an amend's run (and densely around the moment it writes), and at fixed
  points inside the write phase (before/after each temporary file, fsync, rename and journal step): afterwards the
  repository is exactly the old state or exactly the new state, once the next command has finished any interrupted
  journal (``Repository.open`` does that); rerunning the same amend then succeeds, or says the instrument is
  "already in the repository" if the killed run had finished.
* Two amends started at once are serialised by the repository lock (``Repository.lock``): both instruments end up
  applied; the same instrument twice is applied once; a dry run while another command writes is refused clearly.

Temporary files (``.NAME.XXXX.tmp``) that a killed atomic write leaves behind are not part of the state compared;
the tests count them and check they are harmless (see the module's summary lines, shown with ``pytest -s``).
"""

from __future__ import annotations

import hashlib
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from lawhistory.files.repo import Repository
from tests.conftest import INSTRUMENTS, ROOT, make_repo, run_cli

pytestmark = pytest.mark.slow  # long: `pytest -m "not slow"` leaves it out of the quick local loop

I2021 = INSTRUMENTS / "synthetic_kellerberrin_amendment_2021.txt"
KULIN_2018 = INSTRUMENTS / "synthetic_kulin_health_amendment_2018.txt"
STORED_2021 = Path("amendments/kellerberrin/animals-environment-and-nuisance-amendment-local-law-2021.txt")
STORED_KULIN = Path("amendments/kulin/health-amendment-local-law-2018.txt")
KILLS = 20
ENV = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}

#: Runs ``lawhistory ARGS`` and SIGKILLs itself just before or after the N-th call of one file-system function.
CRASH_AT = """
import os, signal, sys, tempfile
when, name, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
module = tempfile if name == "mkstemp" else os
original = getattr(module, name)
calls = 0
def crashing(*args, **kwargs):
    global calls
    if "lawhistory" not in sys._getframe(1).f_code.co_filename:  # count only the repository's own writes
        return original(*args, **kwargs)
    calls += 1
    if calls == n and when == "before":
        os.kill(os.getpid(), signal.SIGKILL)
    result = original(*args, **kwargs)
    if calls == n and when == "after":
        os.kill(os.getpid(), signal.SIGKILL)
    return result
setattr(module, name, crashing)
sys.argv = ["lawhistory", *sys.argv[4:]]
from lawhistory.cli import main
main()
"""


def lawhistory(*args: str | Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "lawhistory", *map(str, args)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV
    )


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """``lawhistory ARGS`` run to completion in this process (faster than a new interpreter; nothing is killed here)."""
    return subprocess.CompletedProcess(list(args), *run_cli(*args))


def leftovers(repo: Path) -> list[str]:
    """Files a killed write may leave: temporary files of an atomic write, and an unfinished write journal."""
    return sorted(
        str(p.relative_to(repo))
        for p in repo.rglob("*")
        if p.is_file() and (re.fullmatch(r"\..+\.tmp", p.name) or p.name == ".write-journal")
    )


def state(repo: Path) -> str:
    """A hash of the repository's files (names and bytes), without the lock file and the leftovers of a killed write."""
    skip = set(leftovers(repo)) | {"db/.lock"}
    h = hashlib.sha256()
    for p in sorted(p for p in repo.rglob("*") if p.is_file()):
        rel = str(p.relative_to(repo))
        if rel not in skip:
            h.update(rel.encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled laws in a fresh repository: the state before any amend."""
    return make_repo(tmp_path_factory.mktemp("template"))


def fresh(template: Path, where: Path) -> Path:
    shutil.copytree(template, where)
    return where


@pytest.fixture(scope="module")
def two_instruments(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One gazette file holding two amending instruments (Kellerberrin 2021 and Kulin Health 2018): two files to write."""
    path = tmp_path_factory.mktemp("gazette") / "two-instruments.txt"
    kulin = KULIN_2018.read_text(encoding="utf-8").split("\n", 1)[1]  # without its 'synthetic fixture' label line
    path.write_text(I2021.read_text(encoding="utf-8") + "\n" + kulin, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def outcomes(template: Path, tmp_path_factory: pytest.TempPathFactory, two_instruments: Path) -> dict[str, str]:
    """The states to expect: before, after the 2021 amend, after the two-instrument file, after both files in turn."""
    base = tmp_path_factory.mktemp("outcomes")
    states = {"old": state(template)}
    for name, files in {"2021": [I2021], "two": [two_instruments], "both": [I2021, KULIN_2018]}.items():
        repo = fresh(template, base / name)
        for f in files:
            done = run("amend", f, "--repo", repo)
            assert done.returncode == 0, done.stderr
        states[name] = state(repo)
    assert len(set(states.values())) == 4
    return states


def settle(repo: Path) -> str:
    """The state the next command sees: opening the repository finishes an interrupted journal, as every command does."""
    Repository.open(repo)
    assert not (repo / "db" / ".write-journal").exists(), "the journal of an interrupted write was not finished"
    return state(repo)


def rerun_reaches_new_state(repo: Path, instrument: Path, settled: str, old: str, new: str) -> None:
    """Rerunning the killed amend applies the instrument, or says it is already there; either way the state is new."""
    again = run("amend", instrument, "--repo", repo)
    if settled == old:
        assert again.returncode == 0, again.stderr
        assert "stored in amendments/" in again.stdout
    else:
        assert again.returncode == 1
        assert "already in the repository" in again.stderr, again.stderr
    assert state(repo) == new


def timings(template: Path, where: Path, instrument: Path, stored: Path) -> tuple[float, float]:
    """(seconds until the instrument's file appears, seconds until the process exits) of an uninterrupted amend."""
    seen, total = [], []
    for i in range(3):
        repo = fresh(template, where / f"calibrate-{i}")
        start = time.monotonic()
        proc = lawhistory("amend", instrument, "--repo", repo)
        appeared = None
        while proc.poll() is None:
            if appeared is None and (repo / stored).exists():
                appeared = time.monotonic() - start
            time.sleep(0.001)
        total.append(time.monotonic() - start)
        seen.append(appeared if appeared is not None else total[-1])
        assert proc.returncode == 0, proc.stderr.read() if proc.stderr else ""
    return sorted(seen)[1], sorted(total)[1]


def test_amend_killed_at_random_moments_leaves_the_old_or_the_new_state(
    template: Path, outcomes: dict[str, str], tmp_path: Path
) -> None:
    """SIGKILL at 20 random moments (12 spread over the run, 8 just before it writes): the repository is exactly
    old or exactly new; a rerun of the same amend then succeeds or reports the instrument as already there."""
    write_at, duration = timings(template, tmp_path, I2021, STORED_2021)
    rng = random.Random(20210409)
    spread = [duration * (k + rng.random()) / 12 for k in range(12)]
    near_write = [max(0.0, write_at - 0.05 + 0.05 * (k + rng.random()) / 8) for k in range(8)]
    delays = spread + near_write
    seen: Counter[str] = Counter()
    tmp_left = 0
    killed = 0
    attempt = 0
    while killed < KILLS:
        assert attempt < 3 * KILLS, f"only {killed} of {attempt} kills landed before the amend finished"
        delay = delays[attempt % len(delays)] * (1 if attempt < len(delays) else rng.random())
        attempt += 1
        repo = fresh(template, tmp_path / f"kill-{attempt}")
        proc = lawhistory("amend", I2021, "--repo", repo)
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.communicate()
        if proc.returncode != -signal.SIGKILL:
            assert proc.returncode == 0
            continue  # it finished before the signal: not a kill
        killed += 1
        raw = state(repo)
        assert raw in (outcomes["old"], outcomes["2021"]), f"killed after {delay:.3f} s: neither the old nor the new state"
        seen["new" if raw == outcomes["2021"] else "old"] += 1
        tmp_left += len(leftovers(repo))
        rerun_reaches_new_state(repo, I2021, settle(repo), outcomes["old"], outcomes["2021"])
    print(f"\n{killed} kills in {attempt} runs (amend takes {duration:.2f} s, writes at {write_at:.2f} s): {dict(seen)}; "
          f"temporary files left behind: {tmp_left}")  # fmt: skip
    assert killed >= 20


def amend_crashing_at(when: str, name: str, n: int, instrument: Path, repo: Path) -> subprocess.CompletedProcess[str]:
    """``lawhistory amend`` in a process that SIGKILLs itself ``when`` (before/after) the ``n``-th call of ``name``;
    it was killed, or it finished first."""
    proc = subprocess.run(
        [sys.executable, "-c", CRASH_AT, when, name, str(n), "amend", str(instrument), "--repo", str(repo)],
        capture_output=True, text=True, env=ENV, timeout=120,
    )  # fmt: skip
    assert proc.returncode in (-signal.SIGKILL, 0), proc.stderr
    return proc


CRASH_POINTS_ONE = [("after", "mkstemp", 1), ("before", "fsync", 1), ("after", "fsync", 1), ("before", "replace", 1), ("after", "replace", 1)]  # fmt: skip
CRASH_POINTS_TWO = [
    ("after", "mkstemp", 1), ("before", "fsync", 2), ("before", "fsync", 3), ("before", "replace", 1),
    ("after", "replace", 1), ("after", "replace", 2), ("after", "replace", 3),
]  # fmt: skip


@pytest.mark.parametrize("when,name,n", CRASH_POINTS_ONE, ids=lambda v: str(v))
def test_amend_killed_inside_its_write_leaves_the_old_or_the_new_state(
    template: Path, outcomes: dict[str, str], tmp_path: Path, when: str, name: str, n: int
) -> None:
    """SIGKILL just before or after a temporary file, fsync or rename of the instrument's file: old or new state, and
    the rerun completes the amend."""
    repo = fresh(template, tmp_path / "repo")
    proc = amend_crashing_at(when, name, n, I2021, repo)
    raw = state(repo)
    assert raw in (outcomes["old"], outcomes["2021"])
    left = leftovers(repo)
    rerun_reaches_new_state(repo, I2021, settle(repo), outcomes["old"], outcomes["2021"])
    print(f"\nkilled {when} {name} #{n}: {'killed' if proc.returncode else 'finished'}, "
          f"{'new' if raw == outcomes['2021'] else 'old'} state, left behind: {left or 'nothing'}")  # fmt: skip


@pytest.mark.parametrize("when,name,n", CRASH_POINTS_TWO, ids=lambda v: str(v))
def test_amend_of_two_instruments_killed_inside_its_write_applies_both_or_neither(
    template: Path, outcomes: dict[str, str], tmp_path: Path, two_instruments: Path, when: str, name: str, n: int
) -> None:
    """A gazette file with two instruments is stored all or nothing: after SIGKILL at any step of its write, the next
    command sees neither or both instruments, and the rerun completes the amend."""
    repo = fresh(template, tmp_path / "repo")
    proc = amend_crashing_at(when, name, n, two_instruments, repo)
    raw, left = state(repo), leftovers(repo)
    settled = settle(repo)
    assert settled in (outcomes["old"], outcomes["two"]), "only one of the two instruments was stored"
    kind = {outcomes["old"]: "old", outcomes["two"]: "new"}.get(raw, "partial until the journal is finished")
    print(f"\nkilled {when} {name} #{n}: {'killed' if proc.returncode else 'finished'}, {kind} state on disk, "
          f"left behind: {left or 'nothing'}")  # fmt: skip
    rerun_reaches_new_state(repo, two_instruments, settled, outcomes["old"], outcomes["two"])


# --- concurrency ----------------------------------------------------------------------------------------------------


def test_two_amends_started_at_once_are_serialised_and_both_applied(
    template: Path, outcomes: dict[str, str], tmp_path: Path
) -> None:
    """'lawhistory amend' of two instruments started at the same moment: both succeed, both are stored, and the
    repository is what applying them one after the other gives."""
    for round_ in range(2):
        repo = fresh(template, tmp_path / f"repo-{round_}")
        first, second = lawhistory("amend", I2021, "--repo", repo), lawhistory("amend", KULIN_2018, "--repo", repo)
        out1, err1 = first.communicate(timeout=120)
        out2, err2 = second.communicate(timeout=120)
        assert (first.returncode, second.returncode) == (0, 0), err1 + err2
        assert "stored in " + str(STORED_2021) in out1 and "stored in " + str(STORED_KULIN) in out2
        assert state(repo) == outcomes["both"]
        history = run("history", "kellerberrin", "--json", "--repo", repo)
        assert history.returncode == 0 and "Amendment Local Law 2021" in history.stdout


def test_the_same_instrument_amended_twice_at_once_is_applied_once(
    template: Path, outcomes: dict[str, str], tmp_path: Path
) -> None:
    """Two identical amends at once: the lock makes the second see the first's file, so exactly one applies it and the
    other says it is already in the repository."""
    for round_ in range(2):
        repo = fresh(template, tmp_path / f"repo-{round_}")
        procs = [lawhistory("amend", I2021, "--repo", repo) for _ in range(2)]
        results = [(p.returncode, out, err) for p in procs for out, err in [p.communicate(timeout=120)]]
        codes = sorted(code for code, _, _ in results)
        assert codes == [0, 1], results
        refused = next(err for code, _, err in results if code == 1)
        assert "already in the repository" in refused and "Traceback" not in refused
        assert state(repo) == outcomes["2021"]


def waiting_for_lock(pid: int) -> bool:
    """Whether process ``pid`` is blocked waiting for a flock (the kernel lists it with '->' in /proc/locks)."""
    return any(line.split()[1:2] == ["->"] and str(pid) in line.split() for line in Path("/proc/locks").read_text().splitlines())


def test_amend_waits_for_the_repository_lock_and_a_dry_run_is_refused_clearly(
    template: Path, outcomes: dict[str, str], tmp_path: Path
) -> None:
    """While another command holds the repository lock, 'amend' waits for it (and writes nothing until it is released),
    and 'amend --dry-run' is refused at once with one clear line; when the lock is released the amend completes."""
    repo = fresh(template, tmp_path / "repo")
    with Repository.open(repo).lock():
        proc = lawhistory("amend", I2021, "--repo", repo)
        deadline = time.monotonic() + 60
        while not waiting_for_lock(proc.pid):
            assert proc.poll() is None, "amend finished while another command held the lock"
            assert time.monotonic() < deadline, "amend never reached the repository lock"
            time.sleep(0.01)
        assert not (repo / STORED_2021).exists()
        dry = run("amend", I2021, "--dry-run", "--repo", repo)
        assert dry.returncode == 1
        assert dry.stderr.strip().splitlines()[-1] == (
            "error: another lawhistory command is writing to this repository; try again when it has finished"
        )
        assert state(repo) == outcomes["old"]
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert err.splitlines()[0] == "waiting for another lawhistory command writing to this repository (db/.lock)"
    assert state(repo) == outcomes["2021"]
