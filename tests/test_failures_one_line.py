"""Every failure is one line (issue 24): a full disk in amend, import and build (what could not be written, how much
space is needed; nothing half-written; no crash files left)."""

from __future__ import annotations

import errno
import os
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lawhistory.deriving import build_workers, history
from tests.conftest import INSTRUMENTS, ROOT, Result, make_repo, tree_hash
from tests.test_hostile_repo import one_line

I2021 = INSTRUMENTS / "synthetic_kellerberrin_amendment_2021.txt"
SEED = ROOT / "tests/fixtures/seeds/004_34274a89b0432fb1.txt"
Cli = Callable[..., Result]


def _full(*args: Any) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def leftovers(repo: Path) -> list[str]:
    return [str(p) for p in repo.rglob("*") if re.fullmatch(r"\..+\.tmp|fast_import_crash_\d+", p.name)]


@pytest.mark.parametrize("command", ["amend", "import"])
def test_a_full_disk_while_storing_is_one_line_and_changes_nothing(
    tmp_path: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    repo = make_repo(tmp_path, laws=command == "amend")
    before = tree_hash(repo)
    monkeypatch.setattr(os, "fsync", _full)  # the disk fills as the new file is synced
    source = I2021 if command == "amend" else SEED
    line = one_line(cli(command, source, "--repo", repo), "the disk is full", "bytes needed", "nothing was changed")
    assert re.search(r"cannot write (laws|amendments)/\S+\.txt", line)
    assert tree_hash(repo) == before and not leftovers(repo)


def _tiny_database(path: Path, *, scratch: bool) -> Any:
    db = real_open(path, scratch=scratch)
    db.execute("pragma max_page_count = 40")  # SQLite's own "database or disk is full", as on a full disk
    return db


real_open = build_workers._open


@pytest.mark.parametrize("full", [True, False])
def test_a_full_disk_while_building_is_one_line_naming_the_space_needed(
    tmp_path: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch, full: bool
) -> None:
    repo = make_repo(tmp_path)
    assert cli("build", "--repo", repo).exit_code == 0
    assert cli("amend", I2021, "--repo", repo).exit_code == 0
    db = repo / "db" / "lawhistory.db"
    before = db.read_bytes()
    monkeypatch.setattr(build_workers, "_open", _tiny_database)
    monkeypatch.setattr("lawhistory.deriving.build._open", _tiny_database)
    args = ("build", "--repo", repo, *(["--full"] if full else []))
    line = one_line(cli(*args), "could not write db/lawhistory.db", "the disk is full", "MB free")
    assert "previous database and history are unchanged" in line
    assert db.read_bytes() == before and not leftovers(repo)


def test_a_failed_git_fast_import_leaves_no_crash_report(tmp_path: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """git writes ``fast_import_crash_<pid>`` into the history when it dies; the build said why, in one line."""
    repo = make_repo(tmp_path)
    assert cli("build", "--repo", repo).exit_code == 0
    assert cli("amend", I2021, "--repo", repo).exit_code == 0
    real_write = history._FastImport.write

    def garbage(self: Any, *parts: bytes) -> None:
        real_write(self, b"this is not a fast-import command\n")

    monkeypatch.setattr(history._FastImport, "write", garbage)
    one_line(cli("build", "--repo", repo), "fast-import")
    assert not list((repo / "db" / "history.git").glob("fast_import_crash_*"))


def test_the_disk_full_words_of_sqlite_and_git_are_recognised() -> None:
    from lawhistory.deriving.build import _disk_full

    assert _disk_full(sqlite3.OperationalError("database or disk is full"))
    assert _disk_full(history.HistoryError("git fast-import failed (fatal: write error. Out of diskspace)"))
    assert not _disk_full(sqlite3.OperationalError("no such table: x"))


def _early(tmp_path: Path) -> Path:
    """The synthetic 2021 amendment, commencing on a fixed day five weeks before its gazette date (9 April 2021)."""
    text = I2021.read_text(encoding="utf-8")
    words = "comes into operation 14 days after the date of its publication in the Government Gazette"
    assert words in text
    path = tmp_path / "synthetic_early.txt"
    path.write_text(text.replace(words, "comes into operation on 1 March 2021"), encoding="utf-8")
    return path


def test_a_commencement_before_the_gazette_date_is_refused_in_one_line(tmp_path: Path, cli: Cli) -> None:
    repo = make_repo(tmp_path)
    before = tree_hash(repo)
    one_line(cli("amend", _early(tmp_path), "--repo", repo), "1 March 2021", "before its gazette date", "--force")
    assert tree_hash(repo) == before


def test_with_force_it_is_stored_as_printed_with_a_note(tmp_path: Path, cli: Cli) -> None:
    repo = make_repo(tmp_path)
    result = cli("amend", _early(tmp_path), "--repo", repo, "--force")
    assert result.exit_code == 0, result.stderr
    assert "new version from 2021-03-01" in result.stdout
    stored = next((repo / "amendments" / "kellerberrin").glob("*.txt")).read_text(encoding="utf-8")
    assert "Stored with --force" in stored and "before its gazette date" in stored


def test_a_local_government_name_too_long_for_an_id_is_blamed_on_the_name_not_the_title() -> None:
    from lawhistory.core.errors import BadLawId
    from lawhistory.core.ids import law_id

    council = "Shire of " + "Longname" * 25
    with pytest.raises(BadLawId) as refused:
        law_id(council, f"{council} Animals Local Law 2020")
    assert "local government's name" in str(refused.value) and "title" not in str(refused.value)


# -- files in proportion, or refused at a documented limit ---------------------------------------------------------------


def _stored_instrument(tmp_path: Path, cli: Cli) -> tuple[Path, Path]:
    repo = make_repo(tmp_path)
    assert cli("amend", I2021, "--repo", repo).exit_code == 0
    return repo, next((repo / "amendments" / "kellerberrin").glob("*.txt"))


def _with_operations(path: Path, count: int) -> None:
    """The stored instrument at ``path`` with its operations repeated to ``count``."""
    head, rest = path.read_text(encoding="utf-8").split("operations:\n", 1)
    ops, _, body = rest.partition("\n---\n")
    items = [i if i.endswith("\n") else i + "\n" for i in re.split(r"(?m)^(?=- )", ops) if i.strip()]
    many = "".join(items[k % len(items)] for k in range(count))
    path.write_text(head + "operations:\n" + many + "\n---\n" + body, encoding="utf-8")


def test_an_instrument_of_more_operations_than_the_limit_is_refused_in_one_line(tmp_path: Path, cli: Cli) -> None:
    from lawhistory.files.instrument_file import MAX_OPERATIONS

    repo, stored = _stored_instrument(tmp_path, cli)
    _with_operations(stored, MAX_OPERATIONS + 1)
    one_line(cli("build", "--repo", repo), stored.name, f"{MAX_OPERATIONS + 1:,} operations", f"{MAX_OPERATIONS:,}")


def test_amend_refuses_to_store_an_instrument_past_the_limit() -> None:
    from lawhistory.amending import commencing
    from lawhistory.core.errors import FormatError
    from lawhistory.files.instrument_file import MAX_OPERATIONS, parse_instrument

    inst = parse_instrument(
        next((ROOT / "amendments" / "gosnells").glob("local-government-property-*.txt")).read_text(encoding="utf-8")
    )
    many = type(inst)(law=inst.law, operations=inst.operations * (MAX_OPERATIONS // len(inst.operations) + 1))
    with pytest.raises(FormatError, match="operations, more than"):
        commencing.checked(many, force=True)
    assert commencing.checked(inst, force=False) is inst


def test_a_law_file_with_a_line_past_the_limit_is_refused_naming_the_line(tmp_path: Path, cli: Cli) -> None:
    from lawhistory.files.textformat import MAX_LINE

    repo = make_repo(tmp_path)
    law = repo / "laws" / "kulin" / "health-local-law-2016.txt"
    lines = law.read_text(encoding="utf-8").split("\n")
    lines[-2] += " x" * (MAX_LINE // 2 + 1)
    law.write_text("\n".join(lines), encoding="utf-8")
    one_line(cli("build", "--repo", repo), f"health-local-law-2016.txt:{len(lines) - 1}:", f"{MAX_LINE:,} characters")
