"""A repository someone else made (a clone, a shared folder) cannot make lawhistory write outside it (issue 24).

Each test plants what an attacker could put in a repository (a crafted write journal, a folder or file that is a
symbolic link, a FIFO named like a law) and checks the command refuses in one line naming it, and that nothing
outside the repository changed.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from lawhistory.files.repo import Repository
from tests.conftest import INSTRUMENTS, KELLERBERRIN, ROOT, Result, make_repo, tree_hash

I2021 = INSTRUMENTS / "synthetic_kellerberrin_amendment_2021.txt"
SEED = ROOT / "tests/fixtures/seeds/004_34274a89b0432fb1.txt"
Cli = Callable[..., Result]


def one_line(result: Result, *words: str) -> str:
    """The one line of a refusal (exit 1, no traceback), which must hold each of ``words``."""
    assert result.exit_code == 1, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder beside the repository, standing for the victim's files."""
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("the victim's file\n", encoding="utf-8")
    return victim


def test_a_crafted_write_journal_cannot_rename_a_file_outside(tmp_path: Path, cli: Cli, outside: Path) -> None:
    repo = make_repo(tmp_path)
    (repo / "db" / ".write-journal").write_text("../victim/keep.txt\t../victim/moved.txt\n", encoding="utf-8")
    one_line(cli("list", "--repo", repo), ".write-journal")
    assert (outside / "keep.txt").exists() and not (outside / "moved.txt").exists()


def test_a_journal_naming_a_file_in_a_linked_folder_is_refused(tmp_path: Path, cli: Cli, outside: Path) -> None:
    repo = make_repo(tmp_path)
    (outside / ".a.txt.x1.tmp").write_text("planted\n", encoding="utf-8")
    (repo / "amendments" / "evil").symlink_to(outside)
    (repo / "db" / ".write-journal").write_text("amendments/evil\ta.txt\t.a.txt.x1.tmp\n", encoding="utf-8")
    one_line(cli("list", "--repo", repo), "amendments/evil", "symbolic link")
    assert (outside / ".a.txt.x1.tmp").exists() and not (outside / "a.txt").exists()


def test_an_interrupted_journal_written_by_lawhistory_is_still_finished(tmp_path: Path) -> None:
    """The journal's own lines (folder, name, temporary name) pass the checks, in the new form and the old."""
    repo = make_repo(tmp_path)
    folder = repo / "amendments" / "x"
    folder.mkdir()
    (folder / ".a.txt.k1.tmp").write_text("A\n", encoding="utf-8")
    (folder / ".b.txt.k2.tmp").write_text("B\n", encoding="utf-8")
    journal = "amendments/x\ta.txt\t.a.txt.k1.tmp\namendments/x/.b.txt.k2.tmp\tamendments/x/b.txt\n"
    (repo / "db" / ".write-journal").write_text(journal, encoding="utf-8")
    Repository.open(repo)  # as every command does
    assert (folder / "a.txt").read_text() == "A\n" and (folder / "b.txt").read_text() == "B\n"
    assert not (repo / "db" / ".write-journal").exists()


def test_leftover_temporary_files_in_a_linked_folder_are_not_removed(tmp_path: Path, cli: Cli, outside: Path) -> None:
    repo = make_repo(tmp_path)
    (outside / ".victim.tmp").write_text("not lawhistory's\n", encoding="utf-8")
    (repo / "laws" / "linked").symlink_to(outside)
    cli("list", "--repo", repo)
    assert (outside / ".victim.tmp").exists()


def _moved_out(place: Path, outside: Path) -> None:
    """The folder ``place`` moved to ``outside``, a symbolic link to it left in its stead."""
    shutil.copytree(place, outside / "copy", dirs_exist_ok=True)
    shutil.rmtree(place)
    place.symlink_to(outside / "copy")


@pytest.mark.parametrize("linked", ["amendments/kellerberrin", "amendments"])
def test_amend_does_not_write_through_a_linked_folder(tmp_path: Path, cli: Cli, outside: Path, linked: str) -> None:
    repo = make_repo(tmp_path)
    (repo / "amendments" / "kellerberrin").mkdir()
    _moved_out(repo / linked, outside)
    before = tree_hash(outside)
    one_line(cli("amend", I2021, "--repo", repo), linked, "symbolic link")
    assert tree_hash(outside) == before


@pytest.mark.parametrize("linked", ["laws/kellerberrin", "laws"])
def test_import_does_not_write_through_a_linked_folder(tmp_path: Path, cli: Cli, outside: Path, linked: str) -> None:
    repo = make_repo(tmp_path, laws=False)
    (repo / "laws" / "kellerberrin").mkdir()
    _moved_out(repo / linked, outside)
    before = tree_hash(outside)
    one_line(cli("import", SEED, "--repo", repo), linked, "symbolic link")
    assert tree_hash(outside) == before


def test_build_does_not_write_through_a_linked_db_folder(tmp_path: Path, cli: Cli, outside: Path) -> None:
    repo = make_repo(tmp_path)
    shutil.rmtree(repo / "db")
    (repo / "db").symlink_to(outside)
    before = sorted(p.name for p in outside.iterdir())
    one_line(cli("build", "--repo", repo), "db", "symbolic link")
    assert sorted(p.name for p in outside.iterdir()) == before


def test_a_linked_history_is_refused_every_time_never_a_wedge(tmp_path: Path, cli: Cli, outside: Path) -> None:
    """``db/history.git`` as a link: every build says so in one line and moves nothing (it used to wedge the
    repository: the first build moved the link aside and every later one failed in ``rmtree`` with a traceback)."""
    repo = make_repo(tmp_path)
    (repo / "db" / "history.git").symlink_to(outside, target_is_directory=True)
    before = tree_hash(outside)
    for _ in range(2):
        one_line(cli("build", "--repo", repo), "db/history.git", "symbolic link")
    assert (repo / "db" / "history.git").is_symlink() and tree_hash(outside) == before
    (repo / "db" / "history.git").unlink()  # once the link is gone, the build works
    assert cli("build", "--repo", repo).exit_code == 0


def test_a_link_left_where_the_old_history_goes_is_refused_not_removed(tmp_path: Path, cli: Cli, outside: Path) -> None:
    repo = make_repo(tmp_path)
    assert cli("build", "--repo", repo).exit_code == 0
    (repo / "db" / ".history.git.old").symlink_to(outside, target_is_directory=True)
    one_line(cli("build", "--repo", repo, "--full"), ".history.git.old", "symbolic link")
    assert (outside / "keep.txt").exists()


def test_a_link_inside_the_history_is_refused(tmp_path: Path, cli: Cli, outside: Path) -> None:
    repo = make_repo(tmp_path)
    assert cli("build", "--repo", repo).exit_code == 0
    objects = repo / "db" / "history.git" / "objects" / "pack"
    shutil.rmtree(objects)
    objects.symlink_to(outside, target_is_directory=True)
    one_line(cli("build", "--repo", repo, "--full"), "objects/pack", "symbolic link")


@pytest.mark.parametrize("kind", ["fifo", "folder", "device"])
@pytest.mark.parametrize("folder", ["laws/kulin", "amendments/kulin"])
def test_a_txt_that_is_not_a_plain_file_is_refused_by_name(tmp_path: Path, cli: Cli, kind: str, folder: str) -> None:
    repo = make_repo(tmp_path)
    path = repo / folder / "odd-local-law-2020.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        path.symlink_to("/dev/null")
    what = {"fifo": "FIFO", "folder": "a folder", "device": "a device"}[kind]
    for command in (("list",), ("build",)):
        one_line(cli(*command, "--repo", repo), f"{folder}/odd-local-law-2020.txt", what)


def test_a_law_file_read_through_a_link_inside_the_repository_is_allowed(tmp_path: Path, cli: Cli) -> None:
    """Reading through a link is allowed (documented in docs/security.md): only writing through one is refused."""
    repo = make_repo(tmp_path)
    law = repo / "laws" / f"{KELLERBERRIN}.txt"
    kept = tmp_path / "kept.txt"
    shutil.move(law, kept)
    law.symlink_to(kept)
    result = cli("list", "--repo", repo)
    assert result.exit_code == 0 and "Kellerberrin" in result.stdout


def test_init_with_a_name_too_long_for_the_file_system_is_one_line(tmp_path: Path, cli: Cli) -> None:
    one_line(cli("init", tmp_path / ("x" * 300)), "too long")


def test_serve_does_not_write_through_a_linked_db_folder(tmp_path: Path, outside: Path) -> None:
    from lawhistory.core.errors import RepositoryError
    from lawhistory.deriving.build import serving

    repo = make_repo(tmp_path)
    (repo / "db").rename(outside / "db")
    (repo / "db").symlink_to(outside / "db")
    with pytest.raises(RepositoryError, match="db is a symbolic link"), serving(repo / "db"):
        pass
    assert not (outside / "db" / ".serving").exists()
    (repo / "db").unlink()
    (outside / "db").rename(repo / "db")
    (repo / "db" / ".serve").symlink_to(outside, target_is_directory=True)
    with pytest.raises(RepositoryError, match=r"db/\.serve is a symbolic link"), serving(repo / "db"):
        pass


def test_a_planted_serving_mark_is_refused_never_opened(tmp_path: Path, cli: Cli, outside: Path) -> None:
    """``db/.serving`` as a link to a file outside: a build (which holds it while it changes the database in place)
    refuses in one line and makes nothing there."""
    repo = make_repo(tmp_path)
    assert cli("build", "--repo", repo).exit_code == 0
    (repo / "db" / ".serving").unlink(missing_ok=True)
    (repo / "db" / ".serving").symlink_to(outside / "made-by-a-build.txt")
    one_line(cli("build", "--repo", repo), "db/.serving", "symbolic link")
    assert not (outside / "made-by-a-build.txt").exists()
