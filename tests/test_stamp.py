"""``show`` knows from the build's stamp (``files.stamp``) that no file changed, without the repository index; and every
hand edit, new, deleted or renamed file, even one within the same tick of the clock as the build read it, is seen."""

from __future__ import annotations

import array
import datetime as dt
import json
import os
from pathlib import Path

import pytest

from lawhistory.core.errors import LawHistoryError
from lawhistory.deriving.build import build
from lawhistory.files import inputs, stamp
from lawhistory.files.repo import Repository
from lawhistory.presenting import lawat, views
from tests.conftest_publish import KELLERBERRIN, add_instrument, make_law_repo, table_rows

AMENDMENT = "kellerberrin/synthetic-animals-environment-and-nuisance-amendment-local-law-2021"
DAY = dt.date(2022, 1, 1)


@pytest.fixture
def repo(tmp_path: Path) -> Repository:
    r = make_law_repo(tmp_path / "repo", ["synthetic_kellerberrin_amendment_2021.txt"], laws=[KELLERBERRIN])
    build(r)
    return r


def _no_index(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(repo: Repository) -> inputs.Inputs:
        raise AssertionError("the repository index was read")

    monkeypatch.setattr(lawat, "repository_index", refuse)


def _shown(repo: Repository, query: str = KELLERBERRIN) -> str:
    return views.law_text(lawat.show(repo, query, DAY))


def _edit(path: Path, old: str, new: str) -> None:
    """Change ``old`` to ``new`` in place (the same file, its folder untouched), as an editor writing in place does."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    with open(path, "r+", encoding="utf-8") as f:
        f.write(text.replace(old, new, 1))
        f.truncate()


def test_a_build_stamps_the_repository_and_show_reads_the_database_without_the_index(
    repo: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = stamp.unchanged(repo.root, repo.db_dir)
    assert found is not None and found.inputs == inputs.repository_index(repo).files_hash
    assert found.law_ids() == {KELLERBERRIN}
    derived = views.law_text(lawat.show(repo, KELLERBERRIN, DAY, stored=False))
    _no_index(monkeypatch)
    assert _shown(repo) == derived and "6 ducks" in derived
    assert _shown(repo, "kellerberrin animals") == derived  # a title is resolved as the index resolves it
    with pytest.raises(LawHistoryError, match="no law in this repository matches"):
        lawat.show(repo, "no such law", DAY)


def test_a_hand_edit_of_a_law_file_is_seen(repo: Repository) -> None:
    _edit(repo.law_path(KELLERBERRIN), "Roosters", "Cockerel")  # the same size
    assert stamp.unchanged(repo.root, repo.db_dir) is None
    assert "Cockerel" in _shown(repo) and "Roosters" not in _shown(repo)


def test_a_hand_edit_of_an_instrument_file_is_seen(repo: Repository) -> None:
    path = repo.instrument_path(AMENDMENT)
    _edit(path, "not keep more than 6 ducks.”", "not keep more than 7 ducks.”")
    _edit(path, "keep more than 6 ducks.\n  position", "keep more than 7 ducks.\n  position")
    assert stamp.unchanged(repo.root, repo.db_dir) is None
    shown = _shown(repo)
    assert "7 ducks" in shown and "6 ducks" not in shown


def test_a_new_file_is_seen(repo: Repository) -> None:
    add_instrument(repo, "synthetic_kellerberrin_amendment_2022.txt")
    assert stamp.unchanged(repo.root, repo.db_dir) is None
    assert _shown(repo) == views.law_text(lawat.show(repo, KELLERBERRIN, DAY, stored=False))
    build(repo)
    assert stamp.unchanged(repo.root, repo.db_dir) is not None


def test_a_new_council_folder_is_seen(repo: Repository) -> None:
    before = _shown(repo)
    folder = repo.amendments_dir / "newcouncil"
    folder.mkdir()
    assert stamp.unchanged(repo.root, repo.db_dir) is None
    assert _shown(repo) == before


def test_a_deleted_file_is_seen(repo: Repository) -> None:
    assert "6 ducks" in _shown(repo)
    repo.instrument_path(AMENDMENT).unlink()
    assert stamp.unchanged(repo.root, repo.db_dir) is None
    assert "6 ducks" not in _shown(repo)


def test_a_renamed_file_is_seen(repo: Repository) -> None:
    path = repo.instrument_path(AMENDMENT)
    path.rename(path.with_name("renamed.txt"))
    assert stamp.unchanged(repo.root, repo.db_dir) is None
    with pytest.raises(LawHistoryError, match="belongs at"):
        _shown(repo)  # its id no longer says where it is: refused, as the index refuses it


def test_a_file_replaced_by_another_is_seen(repo: Repository) -> None:
    """An editor that writes a new file and renames it over the old one: a new inode."""
    path = repo.law_path(KELLERBERRIN)
    new = path.with_name(".new")
    new.write_text(path.read_text(encoding="utf-8").replace("Roosters", "Cockerel"), encoding="utf-8")
    os.replace(new, path)
    assert stamp.unchanged(repo.root, repo.db_dir) is None
    assert "Cockerel" in _shown(repo)


def test_an_edit_with_its_modification_time_set_back_is_seen(repo: Repository, monkeypatch: pytest.MonkeyPatch) -> None:
    """``touch -d``, ``cp -p`` and checkouts set a file's modification time, never its change time: the change time
    tells (the stamp's times alone decide here: no file counts as just read)."""
    monkeypatch.setattr(stamp, "RACY_NS", -(10**18))
    stamp.save_stamp(repo.root, repo.db_dir, inputs.repository_index(repo).entries, inputs.repository_index(repo).files_hash)
    record = json.loads((repo.db_dir / stamp.STAMP_NAME).read_text(encoding="utf-8"))
    assert record["racy"] == {} and stamp.unchanged(repo.root, repo.db_dir) is not None
    path = repo.law_path(KELLERBERRIN)
    st = path.stat()
    _edit(path, "Roosters", "Cockerel")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert path.stat().st_mtime_ns == st.st_mtime_ns and path.stat().st_size == st.st_size
    assert stamp.unchanged(repo.root, repo.db_dir) is None


def test_an_edit_within_the_same_tick_as_the_build_read_it_is_seen(repo: Repository) -> None:
    """A file system whose clock did not move between the build's read and an edit leaves every time as it was: a file
    changed so shortly before the build read it is hashed again. (The stamp is given the edited file's times, as such
    a clock would leave them.)"""
    path = repo.law_path(KELLERBERRIN)
    record = json.loads((repo.db_dir / stamp.STAMP_NAME).read_text(encoding="utf-8"))
    assert f"laws/{KELLERBERRIN}.txt" in record["racy"], "the build read the law within RACY_NS of writing it"
    _edit(path, "Roosters", "Cockerel")
    st = path.stat()
    for folder in record["folders"]:
        if folder[0] == "laws/kellerberrin":
            folder[-1] = stamp._digest(array.array("q", [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]))
    (repo.db_dir / stamp.STAMP_NAME).write_text(json.dumps(record), encoding="utf-8")
    assert stamp.unchanged(repo.root, repo.db_dir) is None
    assert "Cockerel" in _shown(repo)
    _edit(path, "Cockerel", "Roosters")  # the bytes the build read again: the hash matches
    st = path.stat()
    for folder in record["folders"]:
        if folder[0] == "laws/kellerberrin":
            folder[-1] = stamp._digest(array.array("q", [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]))
    (repo.db_dir / stamp.STAMP_NAME).write_text(json.dumps(record), encoding="utf-8")
    assert stamp.unchanged(repo.root, repo.db_dir) is not None


def test_a_stamp_of_another_place_or_format_says_nothing(repo: Repository) -> None:
    path = repo.db_dir / stamp.STAMP_NAME
    record = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**record, "root": "/elsewhere"}), encoding="utf-8")
    assert stamp.unchanged(repo.root, repo.db_dir) is None
    path.write_text(json.dumps({**record, "format": 0}), encoding="utf-8")
    assert stamp.unchanged(repo.root, repo.db_dir) is None
    path.write_text("not json", encoding="utf-8")
    assert stamp.unchanged(repo.root, repo.db_dir) is None


def test_the_stamp_and_the_index_agree_on_what_is_racy() -> None:
    assert stamp.RACY_NS == inputs.RACY_NS


def test_show_finishes_an_interrupted_write_before_it_reads(repo: Repository) -> None:
    """A write of several files killed after its journal: ``show`` (which does not tidy every folder) still finishes
    it first, so it shows the new text, not the stamped database."""
    law = repo.law_path(KELLERBERRIN)
    staged = law.with_name(f".{law.name}.x1.tmp")
    staged.write_text(law.read_text(encoding="utf-8").replace("Roosters", "Cockerel"), encoding="utf-8")
    repo.journal_path.write_text(f"laws/kellerberrin\t{law.name}\t{staged.name}\n", encoding="utf-8")
    again = Repository.open(repo.root, tidy=False)
    assert "Cockerel" in _shown(again) and not repo.journal_path.exists() and not staged.exists()


# --- amend hands its index to the build that follows --------------------------------------------------------------


def test_amend_then_build_reads_no_index_again_and_equals_a_full_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from lawhistory.amending.amend import amend
    from lawhistory.deriving import build as build_module
    from tests.conftest import INSTRUMENTS

    r = make_law_repo(tmp_path / "repo", [], laws=[KELLERBERRIN])
    build(r)
    amend(r, INSTRUMENTS / "synthetic_kellerberrin_amendment_2021.txt")

    def refuse(*args: object, **kwargs: object) -> inputs.Inputs:
        raise AssertionError("the build read the repository index again")

    with monkeypatch.context() as m:
        m.setattr(build_module, "read_inputs", refuse)
        report = build(r)
    assert report.derived == [KELLERBERRIN]
    assert stamp.unchanged(r.root, r.db_dir) is not None
    assert _shown(r) == views.law_text(lawat.show(r, KELLERBERRIN, DAY, stored=False))
    full = make_law_repo(tmp_path / "full", [], laws=[KELLERBERRIN])
    amend(full, INSTRUMENTS / "synthetic_kellerberrin_amendment_2021.txt")
    build(full, full=True)
    assert table_rows(r.db_dir / "lawhistory.db") == table_rows(full.db_dir / "lawhistory.db")


def test_a_write_between_amend_and_build_makes_the_build_read_the_index(tmp_path: Path) -> None:
    from lawhistory.amending.amend import amend
    from tests.conftest import INSTRUMENTS

    r = make_law_repo(tmp_path / "repo", [], laws=[KELLERBERRIN])
    build(r)
    amend(r, INSTRUMENTS / "synthetic_kellerberrin_amendment_2021.txt")
    add_instrument(r, "synthetic_kellerberrin_amendment_2022.txt")  # another command's write, after amend's index
    build(r)
    assert stamp.unchanged(r.root, r.db_dir) is not None
    assert _shown(r) == views.law_text(lawat.show(r, KELLERBERRIN, DAY, stored=False))
    assert len(inputs.repository_index(r).claims[KELLERBERRIN]) == 2
    from lawhistory.deriving.build import staleness

    assert staleness(r) is None


def test_a_build_with_nothing_to_do_records_the_code_again_when_its_record_is_gone(repo: Repository) -> None:
    """``show`` knows the code is the build's from the record (without hashing the package): a no-op build makes it
    again when it is gone or out of date."""
    record = repo.db_dir / inputs.CODE_RECORD
    record.unlink()
    assert build(repo).up_to_date
    assert record.exists() and inputs.recorded_fingerprint(repo.db_dir)
