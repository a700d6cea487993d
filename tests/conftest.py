"""Shared fixtures: the project's paths, real repositories in tmp_path, and a CLI runner."""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import settings

# Property tests and fuzzing explore new random inputs on every run; under CI (``CI`` set, as .ci/run does)
# they draw the same inputs every time, so CI judges the change, not the luck of the draw. Explore further
# with LAWHISTORY_FUZZ_EXAMPLES=N (tests/strategies.py); a failure found locally is replayed from .hypothesis/.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "tests" / "fixtures" / "seeds"
INSTRUMENTS = ROOT / "tests" / "fixtures" / "instruments"
SYNTHETIC = ROOT / "tests" / "fixtures" / "synthetic"
KELLERBERRIN = "kellerberrin/animals-environment-and-nuisance-local-law-2019"
KULIN_HEALTH = "kulin/health-local-law-2016"
KULIN_ANIMALS = "kulin/animals-environment-and-nuisance-local-law-2016"


@dataclass
class Result:
    exit_code: int
    stdout: str
    stderr: str


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Callable[..., Result]:
    """Run ``lawhistory ARGS`` in-process through its real entry point; return exit code and output."""
    from lawhistory.cli import main

    def run(*args: str | Path) -> Result:
        monkeypatch.setattr(sys, "argv", ["lawhistory", *map(str, args)])
        capsys.readouterr()
        code = 0
        try:
            main()
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        out, err = capsys.readouterr()
        return Result(code, out, err)

    return run


def run_cli(*args: str | Path) -> tuple[int, str, str]:
    """``lawhistory ARGS`` through its real entry point, without fixtures (for hypothesis tests and module fixtures):
    (exit status, stdout, stderr). Any other exception propagates."""
    from lawhistory.cli import main

    return run_main(main, *args)


def run_main(main: Callable[[], None], *args: str | Path) -> tuple[int, str, str]:
    """``main()`` run as the program ``lawhistory ARGS``: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    argv, sys.argv = sys.argv, ["lawhistory", *map(str, args)]
    code = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main()
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    finally:
        sys.argv = argv
    return code, out.getvalue(), err.getvalue()


def make_repo(tmp_path: Path, *, laws: bool = True, amendments: bool = False) -> Path:
    """A real law repository in ``tmp_path`` holding copies of the bundled laws (and amendments)."""
    from lawhistory.files.repo import Repository

    repo = Repository.init(tmp_path / "repo").root
    if laws:
        shutil.copytree(ROOT / "laws", repo / "laws", dirs_exist_ok=True)
    if amendments:
        shutil.copytree(ROOT / "amendments", repo / "amendments", dirs_exist_ok=True)
    return repo


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path)


def tree_hash(root: Path) -> str:
    """A hash of every file under ``root`` (names and bytes), to prove a refusal changed nothing."""
    h = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file() and ".lock" not in p.name):
        h.update(str(path.relative_to(root)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def amend_beside(folder: Path, tmp_path: Path, name: str) -> str:
    """The law after ``folder/name.txt`` (an instrument) is amended into a new repository holding ``folder/principal.txt``
    alone, rendered (``amend`` raises its refusal)."""
    from lawhistory.amending.amend import amend
    from lawhistory.amending.timeline import build_timeline
    from lawhistory.files.repo import Repository
    from lawhistory.files.textformat import parse, render_body

    made = Repository.init(tmp_path / "repo")
    text = (folder / "principal.txt").read_text(encoding="utf-8")
    made.write_text(made.law_path(parse(text, path="principal.txt").meta.id), text)
    amend(made, folder / f"{name}.txt")
    (instrument,) = made.load_instruments()
    (law,) = [law for law in made.load_laws() if law.meta.kind == "principal"]
    return render_body(build_timeline(law, [instrument]).versions[-1].body)
