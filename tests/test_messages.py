"""Messages that used to mislead, and files written with the user's umask."""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import INSTRUMENTS, KULIN_HEALTH, SEEDS, make_repo, run_cli

LAW = f"laws/{KULIN_HEALTH}.txt"


@pytest.fixture
def umask_027() -> Iterator[None]:
    old = os.umask(0o027)
    yield
    os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_import_and_amend_write_files_with_the_users_umask(tmp_path: Path, umask_027: None) -> None:
    repo = make_repo(tmp_path, laws=False)
    code, _, err = run_cli("import", SEEDS / "004_34274a89b0432fb1.txt", "--repo", repo)
    assert code == 0, err
    [law] = (repo / "laws").rglob("*.txt")
    assert mode(law) == 0o640
    repo2 = make_repo(tmp_path / "two")
    code, _, err = run_cli("amend", INSTRUMENTS / "synthetic_kellerberrin_amendment_2021.txt", "--repo", repo2)
    assert code == 0, err
    [inst] = (repo2 / "amendments").rglob("*.txt")
    assert mode(inst) == 0o640
    os.umask(0o022)
    code, _, err = run_cli("amend", INSTRUMENTS / "synthetic_kellerberrin_amendment_2022.txt", "--repo", repo2)
    assert code == 0, err
    assert {mode(p) for p in (repo2 / "amendments").rglob("*.txt")} == {0o640, 0o644}


def test_a_council_name_that_cannot_be_an_author_is_refused_naming_the_file(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    path = repo / LAW
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"^local_government: .*$", "local_government: Shire of <Kulin>", text, count=1, flags=re.M), "utf-8")
    for args in (("build", "--quiet"), ("list",), ("show", KULIN_HEALTH)):
        code, _, err = run_cli(*args, "--repo", repo)
        assert code == 1, args
        assert err.startswith(f"error: {LAW}: front matter field 'local_government' cannot hold '<'"), (args, err)


def test_init_in_an_existing_repository_says_so_and_changes_nothing(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    laws = len(list((repo / "laws").rglob("*.txt")))
    code, out, _ = run_cli("init", repo)
    assert code == 0
    assert out == f"{repo} is already a law repository ({laws} laws, 0 instruments); nothing was changed\n"
    code, out, _ = run_cli("init", tmp_path / "new")
    assert code == 0 and out.startswith("initialised an empty law repository in ")
