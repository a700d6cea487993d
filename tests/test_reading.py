"""One reader of repository files (lawhistory/core/files.py, frontmatter.load_front_matter), for every command and the build.

CRLF and a byte-order mark are read as plain text; invalid UTF-8, NUL bytes, dates that are no dates and deep nesting
are refused with the file and line named, by ``list``, ``show`` and ``build`` alike (never a traceback); ``serve``
keeps serving the last good build when an input is bad; a repository that cannot be written can be served and
dry-run.
"""

from __future__ import annotations

import builtins
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from lawhistory.core import files
from lawhistory.deriving.build import build
from lawhistory.files.repo import Repository

from .conftest import INSTRUMENTS, KULIN_HEALTH, make_repo, run_cli, tree_hash
from .conftest_publish import table_rows

LAW = f"laws/{KULIN_HEALTH}.txt"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path)


def commands() -> list[tuple[str, ...]]:
    return [("list",), ("show", KULIN_HEALTH), ("show", "Kulin Health"), ("build", "--quiet")]


@pytest.mark.parametrize("change", ["crlf", "bom", "both"])
def test_crlf_and_bom_are_read_as_the_same_law(repo: Path, tmp_path: Path, change: str) -> None:
    plain = make_repo(tmp_path / "plain")
    build(Repository.open(plain))
    path = repo / LAW
    data = path.read_bytes()
    if change in ("crlf", "both"):
        data = data.replace(b"\n", b"\r\n")
    if change in ("bom", "both"):
        data = b"\xef\xbb\xbf" + data
    path.write_bytes(data)
    for args in commands():
        code, _, err = run_cli(*args, "--repo", repo)
        assert code == 0, (args, err)
    assert run_cli("show", KULIN_HEALTH, "--repo", repo)[1] == run_cli("show", KULIN_HEALTH, "--repo", plain)[1]
    db = table_rows(repo / "db" / "lawhistory.db")
    expected = table_rows(plain / "db" / "lawhistory.db")
    assert {k: v for k, v in db.items() if k not in ("build_info", "build_state")} == {
        k: v for k, v in expected.items() if k not in ("build_info", "build_state")
    }


BAD = {
    "bad date": (
        lambda d: d.replace(b"made: 2016-05-18", b"made: 2020-13-45", 1),
        ":6: the front matter is not valid YAML: '2020-13-45' is not a date",
    ),
    "invalid UTF-8": (lambda d: d + b"caf\xe9\n", ": not UTF-8 text"),
    "NUL byte": (lambda d: d.replace(b"Health", b"Hea\x00lth", 1), ": a NUL byte"),
    "deep nesting": (lambda d: d.replace(b"---\n", b"---\nx: " + b"[" * 5000 + b"\n", 1), ":2: the front matter is nested"),
    "bad YAML": (lambda d: d.replace(b"made: 2016-05-18", b"made: [2016", 1), ":7: the front matter is not valid YAML"),
}


@pytest.mark.parametrize("bad", sorted(BAD))
def test_a_bad_file_is_refused_by_every_command_naming_file_and_line(repo: Path, bad: str) -> None:
    change, message = BAD[bad]
    path = repo / LAW
    assert b"made: 2016-05-18" in path.read_bytes()
    path.write_bytes(change(path.read_bytes()))
    for args in commands():
        code, out, err = run_cli(*args, "--repo", repo)
        assert code == 1, (args, out, err)
        assert err.startswith(f"error: {LAW}") and message in err and err.count("\n") == 1, (args, err)


def test_show_names_the_broken_file_rather_than_saying_no_law_matches(repo: Path) -> None:
    path = repo / LAW
    path.write_bytes(path.read_bytes().replace(b"title:", b"titel:", 1))
    code, _, err = run_cli("show", "Kulin Health", "--repo", repo)
    assert code == 1 and err == f"error: {LAW}: front matter lacks 'title'\n", err


def test_serve_keeps_serving_the_last_good_build_and_says_what_is_bad(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from lawhistory.publishing import site

    build(Repository.open(repo))
    served: list[Path] = []
    monkeypatch.setattr(site, "serve", lambda db, *args, **kwargs: served.append(db))
    path = repo / LAW
    path.write_bytes(path.read_bytes().replace(b"made: 2016-05-18", b"made: 2020-13-45", 1))
    code, _, err = run_cli("serve", "--repo", repo)
    assert code == 0, err
    assert served == [repo / "db" / "lawhistory.db"]
    assert f"{LAW}:6: the front matter is not valid YAML: '2020-13-45' is not a date" in err
    assert "serving the last good build" in err


def test_serve_without_any_good_build_refuses(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from lawhistory.publishing import site

    monkeypatch.setattr(site, "serve", lambda *args, **kwargs: pytest.fail("served"))
    path = repo / LAW
    path.write_bytes(path.read_bytes() + b"\xff")
    code, _, err = run_cli("serve", "--repo", repo)
    assert code == 1 and LAW in err and "not UTF-8" in err


@pytest.fixture
def read_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[Path], None]]:
    """Make a folder unwritable as a read-only mount would (tests run as root, whom file modes do not stop)."""
    roots: list[str] = []
    real_open, real_os_open, real_mkdir = builtins.open, os.open, os.mkdir

    def inside(path: Any) -> bool:
        return isinstance(path, (str, os.PathLike)) and any(os.path.abspath(path).startswith(r) for r in roots)

    def denied(path: Any) -> OSError:
        return OSError(30, "Read-only file system", str(path))

    def fake_open(path: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if inside(path) and any(c in mode for c in "wax+"):
            raise denied(path)
        return real_open(path, mode, *args, **kwargs)

    def fake_os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if inside(path) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise denied(path)
        return real_os_open(path, flags, *args, **kwargs)

    def fake_mkdir(path: Any, *args: Any, **kwargs: Any) -> None:
        if inside(path):
            if os.path.isdir(path):
                raise FileExistsError(17, "File exists", str(path))
            raise denied(path)
        real_mkdir(path, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", fake_open)
    monkeypatch.setattr(os, "open", fake_os_open)
    monkeypatch.setattr(os, "mkdir", fake_mkdir)
    yield lambda root: roots.append(str(root))


def test_a_read_only_repository_can_be_dry_run_and_served(
    repo: Path, read_only: Callable[[Path], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    from lawhistory.publishing import site

    build(Repository.open(repo))
    (repo / "db" / ".lock").unlink(missing_ok=True)
    (repo / "db" / ".serving").unlink(missing_ok=True)
    before = tree_hash(repo)
    read_only(repo)
    code, out, err = run_cli("amend", INSTRUMENTS / "synthetic_kellerberrin_amendment_2021.txt", "--dry-run", "--repo", repo)
    assert code == 0, err
    assert "would apply to" in out
    served: list[Path] = []
    monkeypatch.setattr(site, "serve", lambda db, *args, **kwargs: served.append(db))
    code, _, err = run_cli("serve", "--repo", repo)
    assert code == 0, err
    assert served == [repo / "db" / "lawhistory.db"]
    code, _, err = run_cli("amend", INSTRUMENTS / "synthetic_kellerberrin_amendment_2021.txt", "--repo", repo)
    assert code == 1 and "cannot write to this repository" in err and "Read-only file system" in err
    assert tree_hash(repo) == before


def test_size_limit_is_clear_and_can_be_raised(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(files.ENV, "0.01")  # 10 kB: the Kulin health law is larger, and so is every bundled law
    code, _, err = run_cli("show", KULIN_HEALTH, "--repo", repo)
    # the repository index reads every law's file: the first one too large is named
    assert code == 1 and re.search(r"error: laws/\S+\.txt is larger than 0\.01 MB", err) and files.ENV in err
    monkeypatch.setenv(files.ENV, "5")
    assert run_cli("show", KULIN_HEALTH, "--repo", repo)[0] == 0
