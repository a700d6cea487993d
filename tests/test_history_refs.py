"""db/history.git's refs read and removed as git's own files (``history.head``, ``history._delete_ref``) give what git
and gitpython give: loose or packed, symbolic, missing or unreadable."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import git

from lawhistory.deriving import history

_WHO = {"NAME": "test", "EMAIL": "test@localhost", "DATE": "2020-01-01T00:00:00+08:00"}


def _git(git_dir: Path, *args: str) -> str:
    command = ["git", "--git-dir", str(git_dir), *args]
    fixed = {f"GIT_{who}_{what}": value for who in ("AUTHOR", "COMMITTER") for what, value in _WHO.items()}
    env = {**os.environ, **fixed}  # the same commits in twin histories
    return subprocess.run(command, input="", capture_output=True, text=True, check=True, env=env).stdout.strip()


def _history(tmp_path: Path) -> tuple[Path, str, str]:
    """A new history (as a build makes it) with two commits on ``main``: its folder and the two commit ids."""
    git_dir = tmp_path / "history.git"
    history.ensure(git_dir)
    tree = _git(git_dir, "mktree")  # the empty tree
    first = _git(git_dir, "commit-tree", tree, "-m", "one")
    second = _git(git_dir, "commit-tree", tree, "-p", first, "-m", "two")
    history.set_head(git_dir, second)
    return git_dir, first, second


def _gitpython_head(git_dir: Path) -> str:
    repo = git.Repo(git_dir)
    try:
        return str(git.SymbolicReference.dereference_recursive(repo, "refs/heads/main"))
    finally:
        repo.close()


def test_head_reads_main_loose_and_packed_as_git_does(tmp_path: Path) -> None:
    git_dir, _, second = _history(tmp_path)
    assert history.head(git_dir) == second == _git(git_dir, "rev-parse", "refs/heads/main") == _gitpython_head(git_dir)
    _git(git_dir, "pack-refs", "--all")
    assert not (git_dir / "refs" / "heads" / "main").exists()
    assert history.head(git_dir) == second == _gitpython_head(git_dir)


def test_head_follows_a_symbolic_main_and_is_empty_without_one(tmp_path: Path) -> None:
    git_dir, first, _ = _history(tmp_path)
    _git(git_dir, "update-ref", "refs/heads/other", first)
    _git(git_dir, "symbolic-ref", "refs/heads/main", "refs/heads/other")
    assert history.head(git_dir) == first == _gitpython_head(git_dir)
    (git_dir / "refs" / "heads" / "main").write_text("not an object id\n", encoding="utf-8")
    assert history.head(git_dir) == ""
    (git_dir / "refs" / "heads" / "main").unlink()
    assert history.head(git_dir) == ""
    assert history.head(tmp_path / "nothing.git") == ""


def test_the_scratch_ref_is_removed_as_gitpython_removes_it(tmp_path: Path) -> None:
    """Loose (with a log, or also packed with an older value): the same refs and logs left as gitpython's
    ``Reference.delete`` leaves, in a twin history."""
    ref = history.SCRATCH_REF
    for packed in (False, True):
        left = []
        for by in ("files", "gitpython"):
            git_dir, first, second = _history(tmp_path / f"{by}-{packed}")
            if packed:
                _git(git_dir, "update-ref", ref, first)
                _git(git_dir, "pack-refs", "--all")
            _git(git_dir, "update-ref", "--create-reflog", ref, second)
            assert (git_dir / ref).exists() and (git_dir / "logs" / ref).is_file()
            if by == "files":
                history._delete_ref(git_dir, ref)
            else:
                repo = git.Repo(git_dir)
                git.Reference.delete(repo, ref)
                repo.close()
            assert not (git_dir / ref).exists() and not (git_dir / "logs" / ref).exists()
            left.append(_git(git_dir, "for-each-ref"))
            assert history.head(git_dir) == second
        assert left[0] == left[1]
        assert (ref in left[0]) == packed
