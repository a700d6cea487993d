"""The README a newcomer follows: every command of its five-minute tour works on the bundled repository.

Each command in the tour's code block is run, in order, as the installed ``lawhistory`` script in a copy of the
checkout (so nothing in it changes), and the test fails naming the first command that fails. The README's two
commands and its length are checked too.
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT

README = ROOT / "README.md"
SCRIPT = Path(sys.executable).parent / "lawhistory"


def section(text: str, heading: str) -> str:
    """The README's section under ``## heading``, up to the next section."""
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def code_lines(markdown: str) -> list[str]:
    """The lines of the ``sh`` code blocks in ``markdown``."""
    return [ln for block in re.findall(r"```sh\n(.*?)```", markdown, re.S) for ln in block.splitlines() if ln.strip()]


def tour_commands() -> list[list[str]]:
    """Each command of the tour, as its arguments (the comment after ``#`` left out)."""
    return [
        shlex.split(ln, comments=True) for ln in code_lines(section(README.read_text(encoding="utf-8"), "A five-minute tour"))
    ]


def test_the_tour_names_every_command_and_imports_and_amends() -> None:
    commands = tour_commands()
    assert commands and all(c[0] == "lawhistory" for c in commands), commands
    names = {c[1] for c in commands}
    assert {"list", "show", "history", "diff", "export", "init", "import", "amend", "build"} <= names
    assert any(c[1] == "import" and "tests/fixtures/seeds/" in c[2] for c in commands)  # a seed text the repo holds
    assert any(c[1] == "amend" and "--dry-run" not in c for c in commands)  # one that applies an amendment


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the checkout as a newcomer's clone has it (no builds, no environment)."""
    copy = tmp_path_factory.mktemp("clone") / "lawhistory"
    made = [c[2] for c in tour_commands() if c[1] == "init"] + [c[c.index("--out") + 1] for c in tour_commands() if "--out" in c]
    # what the tour makes, should someone have followed it in this checkout, is not part of a newcomer's clone
    ignore = shutil.ignore_patterns(".git", ".venv", "db", "*.egg-info", "__pycache__", "out", ".pytest_cache", *made)
    shutil.copytree(ROOT, copy, ignore=ignore)
    return copy


def test_every_tour_command_works_on_the_bundled_repository(checkout: Path) -> None:
    assert SCRIPT.is_file(), f"the installed lawhistory script is not at {SCRIPT}"
    outputs: dict[str, str] = {}
    for args in tour_commands():
        done = subprocess.run([str(SCRIPT), *args[1:]], cwd=checkout, capture_output=True, text=True, timeout=600)
        line = shlex.join(args)
        assert done.returncode == 0, f"{line} exited {done.returncode}: {done.stderr.strip()}"
        assert "Traceback" not in done.stderr, line
        outputs[line] = done.stdout
    # what the tour says each step does, it does
    assert "kellerberrin/animals-environment-and-nuisance-local-law-2019" in outputs["lawhistory list"]
    diffs = [out for line, out in outputs.items() if line.startswith("lawhistory diff")]
    assert diffs and all("no changes" not in d and "(amended)" in d for d in diffs)
    imported = next(out for line, out in outputs.items() if line.startswith("lawhistory import"))
    assert imported.strip() == "kellerberrin/animals-environment-and-nuisance-local-law-2019"
    applied = [out for line, out in outputs.items() if line.startswith("lawhistory amend") and "--dry-run" not in line]
    assert applied and "applied to kellerberrin/" in applied[0]
    assert (checkout / "kellerberrin.xml").read_bytes().startswith(b"<?xml")
    assert (checkout / "my-laws" / "db" / "lawhistory.db").is_file()


def test_the_two_commands_make_and_use_a_virtual_environment() -> None:
    lines = code_lines(section(README.read_text(encoding="utf-8"), "Two commands"))
    assert lines == [
        "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/lawhistory serve",
        "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/python -m pytest",
    ]


def test_ci_runs_the_readmes_test_command_as_written() -> None:
    test_command = code_lines(section(README.read_text(encoding="utf-8"), "Two commands"))[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert test_command in ci.splitlines()
    assert "ln -s" not in ci and "ln -sf" not in ci  # no `python` alias made for it


def test_the_readme_is_short_and_its_links_resolve() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 200
    for target in re.findall(r"\]\(([^)#:]+)\)", text):
        assert (ROOT / target).exists(), target
