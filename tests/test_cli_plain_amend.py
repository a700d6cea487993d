"""``lawhistory amend`` in its plain form, run by the entry point without typer (``entry.plain_amend``), prints the same
bytes, exits with the same status and leaves the same files as the typer command (``cli.main``) given the same words."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from lawhistory.entry import plain_amend
from tests.conftest import make_repo, tree_hash

ROOT = Path(__file__).resolve().parent.parent
INSTRUMENTS = ROOT / "tests" / "fixtures" / "instruments"
AMEND = str(INSTRUMENTS / "synthetic_kellerberrin_amendment_2021.txt")
REFUSED = str(INSTRUMENTS / "synthetic_refuse_words_not_found.txt")


def _run(main: str, args: list[str], cwd: Path) -> tuple[str, str, int]:
    probe = f"import sys\nfrom {main} import main\nsys.argv = ['lawhistory', *{args!r}]\nmain()\n"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100"}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=cwd)
    here = str(cwd)  # the two repositories' own paths, where a message names one
    return done.stdout.replace(here, "REPO"), done.stderr.replace(here, "REPO"), done.returncode


@pytest.mark.parametrize(
    "args",
    [
        ["amend", AMEND],
        ["amend", AMEND, "--dry-run", "--json"],
        ["amend", "--json", AMEND, "--repo", "."],
        ["amend", REFUSED],
        ["amend", REFUSED, "--discard", "--json"],
        ["amend", AMEND, "--gazette-date", "2021-13-01"],
        ["amend", AMEND, "--law", "kulin/no-such-law"],
        ["amend", "missing-file.txt", "--force"],
        ["amend", AMEND, "--repo", "no-such-folder"],
    ],
)
def test_the_plain_form_prints_and_does_what_typer_does(tmp_path: Path, args: list[str]) -> None:
    assert plain_amend(args) is not None  # the entry point runs it itself
    plain, typer = make_repo(tmp_path / "plain", amendments=True), make_repo(tmp_path / "typer", amendments=True)
    by_entry = _run("lawhistory.entry", args, plain)
    by_typer = _run("lawhistory.cli", args, typer)
    assert by_entry == by_typer
    assert tree_hash(plain) == tree_hash(typer)


@pytest.mark.parametrize("json", [False, True])
def test_the_plain_form_with_build_prints_and_builds_what_typer_does(tmp_path: Path, json: bool) -> None:
    args = ["amend", AMEND, "--build", *(["--json"] if json else [])]
    plain, typer = make_repo(tmp_path / "plain"), make_repo(tmp_path / "typer")
    by_entry = _run("lawhistory.entry", args, plain)
    by_typer = _run("lawhistory.cli", args, typer)
    assert by_entry == by_typer
    assert by_entry[2] == 0 and "built db/lawhistory.db" in by_entry[1 if json else 0]
    assert tree_hash(plain / "amendments") == tree_hash(typer / "amendments")


@pytest.mark.parametrize(
    "args",
    [
        ["amend"],
        ["amend", AMEND, "--build", "--dry-run"],  # typer refuses the pair, in its words
        ["amend", AMEND, "--draft", "ops.yml"],
        ["amend", AMEND, "--operations", "ops.yml"],
        ["amend", AMEND, "--max-file-mb", "5"],
        ["amend", AMEND, "--build", "--build"],
        ["amend", AMEND, "--repo"],
        ["amend", AMEND, "--repo=."],
        ["amend", AMEND, "--help"],
        ["amend", AMEND, AMEND],
        ["amend", ""],
        ["amend", AMEND, "--law", ""],
        ["show", AMEND],
    ],
)
def test_other_forms_are_left_to_typer(args: list[str]) -> None:
    assert plain_amend(args) is None
