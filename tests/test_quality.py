"""The code is lint-clean, formatted and type-checked: ruff and mypy run as part of the test suite."""

from __future__ import annotations

import shutil
import subprocess
import sys

from tests.conftest import ROOT


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_lint_is_clean() -> None:
    result = _run("ruff", "check", "lawhistory", "tests", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_clean() -> None:
    result = _run("ruff", "format", "--check", "lawhistory", "tests", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_is_clean() -> None:
    assert shutil.which("git") is not None  # gitpython needs git; CI installs it with the system
    result = _run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr
