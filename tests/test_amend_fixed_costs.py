"""What ``amend FILE --build`` pays in every process whatever the repository's size, kept from coming back: the git
processes an incremental build starts (the last kept commit asked of git once)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from lawhistory.amending.amend import amend
from lawhistory.deriving import history
from lawhistory.deriving.build import build
from lawhistory.files.repo import Repository
from tests.conftest import make_repo

ROOT = Path(__file__).resolve().parent.parent
INSTRUMENTS = ROOT / "tests" / "fixtures" / "instruments"


def test_an_incremental_build_asks_git_for_its_last_kept_commit_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Planning finds the last commit kept in the history (``has_commit``, a git process); writing after it does not
    ask again. The history is the one a full build of the same files makes."""
    repo = Repository(make_repo(tmp_path / "a"))
    build(repo)
    amend(repo, INSTRUMENTS / "synthetic_kulin_health_amendment_2018.txt")
    asked: list[str] = []
    real = history.has_commit

    def counted(git_dir: Path, commit: str) -> bool:
        asked.append(commit)
        return real(git_dir, commit)

    monkeypatch.setattr(history, "has_commit", counted)
    report = build(repo)
    assert len(report.derived) == 1 and not report.full
    assert len(asked) == 1, asked
    monkeypatch.setattr(history, "has_commit", real)

    fresh = Repository(make_repo(tmp_path / "b"))
    amend(fresh, INSTRUMENTS / "synthetic_kulin_health_amendment_2018.txt")
    build(fresh)

    def log(r: Repository) -> str:
        command = ["git", "--git-dir", str(r.db_dir / "history.git"), "log", "--format=%T %ad %s", "main"]
        return subprocess.run(command, capture_output=True, text=True, check=True).stdout

    assert log(repo) == log(fresh) != ""
