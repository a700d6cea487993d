"""The repository index kept up to date in part: ``amend``'s index updated for the files it wrote (``inputs._updated``)
is the index made anew; the build's plan from it (reading the state of only the laws changed) is the plan from every
law's state; the cache's appended changes load as the whole cache; the stamp keeps the records of folders nothing
changed in. And whatever is kept, a hand edit of a law or instrument file, a new file or a deleted one between
commands is seen: ``show`` does not vouch for the old database and the next build derives the law again."""

from __future__ import annotations

import datetime as dt
import json
import time
from pathlib import Path

import pytest

from lawhistory.amending.amend import amend
from lawhistory.deriving import build_plan
from lawhistory.deriving.build import Paths, build, staleness
from lawhistory.files import inputs, stamp
from lawhistory.files.repo import Repository
from lawhistory.presenting import lawat, views
from tests.conftest import INSTRUMENTS
from tests.conftest_publish import KELLERBERRIN, KULIN_HEALTH, PUBLISH, make_law_repo, table_rows

DAY = dt.date(2023, 1, 1)
AMENDMENT_2021 = "synthetic_kellerberrin_amendment_2021.txt"


@pytest.fixture(autouse=True)
def settled(monkeypatch: pytest.MonkeyPatch) -> None:
    """No file counts as just written (the tests' files are all written within a tick of being read): what is kept
    from one command to the next is then what a repository whose files are older keeps. Every edit below changes a
    file's size, so that a file system's coarse clock cannot hide it."""
    monkeypatch.setattr(inputs, "RACY_NS", -(10**18))
    monkeypatch.setattr(stamp, "RACY_NS", -(10**18))


def _same_index(a: inputs.Inputs, b: inputs.Inputs) -> None:
    assert list(a.laws) == list(b.laws) and list(a.instruments) == list(b.instruments)  # the same order too
    assert a.claims == b.claims and a.law_hashes == b.law_hashes and a.files_hash == b.files_hash
    assert {p: e.sha for p, e in a.entries.items()} == {p: e.sha for p, e in b.entries.items()}


def _write(repo: Repository, rel: str, text: str) -> Path:
    path = repo.root / rel
    repo.write_text(path, text)
    return path


def _shown(repo: Repository, law: str = KELLERBERRIN) -> str:
    return views.law_text(lawat.show(repo, law, DAY))


def _derived(repo: Repository, law: str = KELLERBERRIN) -> str:
    return views.law_text(lawat.show(repo, law, DAY, stored=False))


# --- the index updated for what amend wrote ----------------------------------------------------------------------------


@pytest.mark.parametrize("case", ["new", "new council", "rewritten", "retargeted"])
def test_the_index_updated_for_written_files_is_the_index_made_anew(tmp_path: Path, case: str) -> None:
    repo = make_law_repo(tmp_path / "r", ["synthetic_kellerberrin_amendment_2022.txt", "synthetic_repeal.txt"])
    before = inputs.repository_index(repo)
    text = (PUBLISH / AMENDMENT_2021).read_text(encoding="utf-8")
    inst_id = "kellerberrin/synthetic-animals-environment-and-nuisance-amendment-local-law-2021"
    if case == "new":
        written = [_write(repo, f"amendments/{inst_id}.txt", text)]
    elif case == "new council":  # a council folder of its own, before every other in the repository's order
        other = text.replace(f"id: {inst_id}", "id: aaa/synthetic-x-local-law-2021")
        written = [_write(repo, "amendments/aaa/synthetic-x-local-law-2021.txt", other)]
    else:
        old = next(e for e in before.instruments.values() if "2022" in e.path)
        body = (repo.root / old.path).read_text(encoding="utf-8")
        if case == "rewritten":
            body = body.replace("SYNTHETIC", "SYNTHETIC (rewritten)", 1)
        else:  # it names another law now: the law it amended loses it, the other gains it
            named = "  title: Shire of Kellerberrin Animals, Environment and Nuisance Local Law 2019"
            assert named in body
            body = body.replace(named, "  title: Shire of Kulin Health Local Law 2016")
        written = [_write(repo, old.path, body)]
    inputs.hand_over(repo, before, written)
    handed = inputs.taken(repo)
    assert handed is not None and handed.before is before
    _same_index(handed, inputs.read_inputs(repo, {}))
    assert handed.changed is not None and {repo.relative(p) for p in written} <= handed.changed


# --- the plan from amend's index ------------------------------------------------------------------------------------


def test_the_plan_from_amends_index_is_the_plan_from_every_laws_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = make_law_repo(tmp_path / "r", ["synthetic_pending_amendment.txt", "synthetic_repeal.txt"])
    build(repo)
    amend(repo, INSTRUMENTS / AMENDMENT_2021)
    handed = inputs._HANDED[repo.root][0]
    assert handed.before is not None
    read: list[list[str]] = []
    real = build_plan._states_of
    monkeypatch.setattr(build_plan, "_states_of", lambda paths, laws: read.append(laws) or real(paths, laws))
    paths = Paths(repo.db_dir)
    planned = build_plan._plan(handed, paths)
    assert read == [[KELLERBERRIN]]  # the state of the one law changed, not of every law
    handed.before = None
    assert build_plan._plan(handed, paths) == planned
    assert planned.derive == {KELLERBERRIN} and not planned.full


def test_a_database_not_built_from_amends_index_is_planned_from_every_laws_state(tmp_path: Path) -> None:
    repo = make_law_repo(tmp_path / "r", [], laws=[KELLERBERRIN, KULIN_HEALTH])
    build(repo)
    law = repo.law_path(KULIN_HEALTH)
    law.write_text(law.read_text(encoding="utf-8").replace("Health", "Health (edited)", 1), encoding="utf-8")  # not built
    amend(repo, INSTRUMENTS / AMENDMENT_2021)
    handed = inputs._HANDED[repo.root][0]
    planned = build_plan._plan(handed, Paths(repo.db_dir))
    assert planned.derive == {KELLERBERRIN, KULIN_HEALTH}


# --- the cache's changes -------------------------------------------------------------------------------------------


def test_the_caches_changes_load_as_the_whole_cache(tmp_path: Path) -> None:
    repo = make_law_repo(tmp_path / "r")
    build(repo)
    changes = repo.db_dir / inputs.CHANGES_NAME
    assert not changes.exists()
    amend(repo, INSTRUMENTS / "synthetic_kulin_health_amendment_2018.txt")
    build(repo)
    assert len(changes.read_text(encoding="utf-8").splitlines()) == 1  # one line appended, the cache not written whole
    whole = inputs.read_inputs(repo, {}).entries
    assert {p: e.sha for p, e in inputs.load_cache(repo.db_dir).items()} == {p: e.sha for p, e in whole.items()}
    # a line cut short (a build killed while it wrote it) ends the changes; the next build writes the cache whole
    with open(changes, "a", encoding="utf-8") as f:
        f.write('{"generation": "')
    assert inputs.load_cache(repo.db_dir).keys() == whole.keys()
    removed = next(p for p in whole if p.startswith("amendments/kulin/"))
    (repo.root / removed).unlink()
    build(repo)
    assert not changes.exists()
    assert set(inputs.load_cache(repo.db_dir)) == set(whole) - {removed}


def test_changes_appended_to_another_cache_are_not_read(tmp_path: Path) -> None:
    repo = make_law_repo(tmp_path / "r")
    build(repo)
    cache = inputs.load_cache(repo.db_dir)
    path = next(iter(cache))
    line = {"generation": "0" * 16, "files": [], "removed": [path]}
    (repo.db_dir / inputs.CHANGES_NAME).write_text(json.dumps(line) + "\n", encoding="utf-8")
    assert inputs.load_cache(repo.db_dir).keys() == cache.keys()


# --- hand edits between commands are seen, whatever was kept ------------------------------------------------------------


def _amended(tmp_path: Path) -> Repository:
    """A built repository of two councils' laws, then one instrument amended and built in one process (the index
    handed over, the stamp keeping the other council's records)."""
    repo = make_law_repo(tmp_path / "r", [], laws=[KELLERBERRIN, KULIN_HEALTH])
    build(repo)
    amend(repo, INSTRUMENTS / AMENDMENT_2021)
    assert build(repo).derived == [KELLERBERRIN]
    assert stamp.unchanged(repo.root, repo.db_dir) is not None and staleness(repo) is None
    return repo


def _in_place(path: Path, old: str, new: str) -> None:
    """Change ``old`` to ``new`` in place (the same file, its folder untouched), as an editor writing in place does."""
    text = path.read_text(encoding="utf-8")
    assert old in text and len(old) != len(new)
    with open(path, "r+", encoding="utf-8") as f:
        f.write(text.replace(old, new, 1))
        f.truncate()


def _seen(repo: Repository, law: str, words: str | None) -> None:
    """The stamp vouches for nothing, ``show`` gives the law as it now is, and the build derives ``law`` again."""
    assert stamp.unchanged(repo.root, repo.db_dir) is None
    assert staleness(repo) == "laws or amendments changed since the last build"
    shown = _shown(repo, law)
    assert shown == _derived(repo, law)
    if words is not None:
        assert words in shown
    assert law in build(repo).derived
    assert _shown(repo, law) == shown and staleness(repo) is None
    assert stamp.unchanged(repo.root, repo.db_dir) is not None


def test_a_hand_edit_of_a_law_of_a_folder_the_stamp_kept_is_seen(tmp_path: Path) -> None:
    repo = _amended(tmp_path)
    _in_place(repo.law_path(KULIN_HEALTH), "Health Local Law", "Health (Hand Edited) Local Law")
    _seen(repo, KULIN_HEALTH, "Hand Edited")


def test_a_hand_edit_of_the_amended_law_is_seen(tmp_path: Path) -> None:
    repo = _amended(tmp_path)
    _in_place(repo.law_path(KELLERBERRIN), "Roosters", "Roosters and hens")
    _seen(repo, KELLERBERRIN, None)


def test_a_hand_edit_of_the_instrument_amend_wrote_is_seen(tmp_path: Path) -> None:
    repo = _amended(tmp_path)
    path = next((repo.amendments_dir / "kellerberrin").glob("*.txt"))
    before = _shown(repo)
    _in_place(path, "  new: $10,000\n", "  new: $100,000\n")
    _seen(repo, KELLERBERRIN, "$100,000")
    assert before != _shown(repo)


def test_a_new_instrument_file_is_seen(tmp_path: Path) -> None:
    repo = _amended(tmp_path)
    text = (PUBLISH / "synthetic_kellerberrin_amendment_2022.txt").read_text(encoding="utf-8")
    repo.instrument_path(inputs.read_meta(text, "new").id).write_text(text, encoding="utf-8")  # by hand
    _seen(repo, KELLERBERRIN, None)
    assert len(inputs.repository_index(repo).claims[KELLERBERRIN]) == 2


def test_a_deleted_instrument_file_is_seen(tmp_path: Path) -> None:
    repo = _amended(tmp_path)
    amended = _shown(repo)
    next((repo.amendments_dir / "kellerberrin").glob("*.txt")).unlink()
    _seen(repo, KELLERBERRIN, None)
    assert _shown(repo) != amended


def test_a_hand_edit_between_amend_and_its_build_is_seen(tmp_path: Path) -> None:
    """A file of another council edited after ``amend`` read the index and before the build that takes it over: the
    build derives what amend read, and its stamp vouches for nothing, so the next command sees the edit."""
    repo = make_law_repo(tmp_path / "r", [], laws=[KELLERBERRIN, KULIN_HEALTH])
    build(repo)
    amend(repo, INSTRUMENTS / AMENDMENT_2021)
    _in_place(repo.law_path(KULIN_HEALTH), "Health Local Law", "Health (Hand Edited) Local Law")
    assert build(repo).derived == [KELLERBERRIN]
    _seen(repo, KULIN_HEALTH, "Hand Edited")


def test_amend_and_build_with_everything_kept_equals_a_full_build(tmp_path: Path) -> None:
    repo = _amended(tmp_path)
    amend(repo, INSTRUMENTS / "synthetic_kellerberrin_amendment_2022.txt")
    assert build(repo).derived == [KELLERBERRIN]
    full = make_law_repo(tmp_path / "full", [], laws=[KELLERBERRIN, KULIN_HEALTH])
    amend(full, INSTRUMENTS / AMENDMENT_2021)
    amend(full, INSTRUMENTS / "synthetic_kellerberrin_amendment_2022.txt")
    build(full, full=True)
    assert table_rows(repo.db_dir / "lawhistory.db") == table_rows(full.db_dir / "lawhistory.db")
    assert stamp.unchanged(repo.root, repo.db_dir) is not None
    assert _shown(repo) == _derived(repo)


def test_the_build_after_amend_lists_only_the_folders_it_wrote_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The stamp keeps the records of the folders nothing changed in (``laws/kulin`` here), unlisted."""
    repo = make_law_repo(tmp_path / "r", [], laws=[KELLERBERRIN, KULIN_HEALTH])
    build(repo)
    before = {f[0]: f for f in json.loads((repo.db_dir / stamp.STAMP_NAME).read_text(encoding="utf-8"))["folders"]}
    listed: list[str] = []
    real = stamp._texts
    monkeypatch.setattr(stamp, "_texts", lambda folder: listed.append(str(folder)) or real(folder))
    amend(repo, INSTRUMENTS / AMENDMENT_2021)
    assert build(repo).derived == [KELLERBERRIN]
    assert listed == [str(repo.amendments_dir / "kellerberrin")]
    after = {f[0]: f for f in json.loads((repo.db_dir / stamp.STAMP_NAME).read_text(encoding="utf-8"))["folders"]}
    assert after["laws/kulin"] == before["laws/kulin"] and "amendments/kellerberrin" in after
    monkeypatch.setattr(stamp, "_texts", real)
    assert stamp.unchanged(repo.root, repo.db_dir) is not None


def test_the_index_from_a_stamp_that_vouches_is_the_index_read_anew(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """When the stamp vouches for every file and the cache holds what it vouches for, no folder is listed (the cache
    is the index); it is the index read from every file."""
    repo = make_law_repo(tmp_path / "r")
    build(repo)
    amend(repo, INSTRUMENTS / "synthetic_kulin_health_amendment_2018.txt")
    build(repo)

    def no_listing(root: Path, folder: str) -> list[str]:
        raise AssertionError("a folder was listed")

    with monkeypatch.context() as m:
        m.setattr(inputs, "_listing", no_listing)
        index = inputs.repository_index(repo)
    _same_index(index, inputs.read_inputs(repo, {}))
    _in_place(repo.law_path(KULIN_HEALTH), "Health Local Law", "Health (Hand Edited) Local Law")
    edited = inputs.repository_index(repo)  # the stamp vouches for nothing now: the folders listed, the law read
    _same_index(edited, inputs.read_inputs(repo, {}))
    assert edited.law_hashes[KULIN_HEALTH] != index.law_hashes[KULIN_HEALTH] and edited.read == 1


def test_a_build_with_nothing_to_do_stamps_again_files_it_read_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file read within a tick of its last change is hashed by every ``show`` (``stamp``); a build that reads it again
    once it has settled stamps it by its times alone."""
    monkeypatch.undo()  # the real RACY_NS: the files written just now are read within a tick of being written
    repo = make_law_repo(tmp_path / "r", [], laws=[KELLERBERRIN])
    build(repo)
    record = json.loads((repo.db_dir / stamp.STAMP_NAME).read_text(encoding="utf-8"))
    assert record["racy"]
    time.sleep(inputs.RACY_NS / 1e9 + 0.1)  # settled since: a change now would give them other times
    assert build(repo).up_to_date
    assert json.loads((repo.db_dir / stamp.STAMP_NAME).read_text(encoding="utf-8"))["racy"] == {}
    assert stamp.unchanged(repo.root, repo.db_dir) is not None


# --- the laws' index kept with the cache ------------------------------------------------------------------------------


def _from_the_cache(repo: Repository, monkeypatch: pytest.MonkeyPatch) -> inputs.Inputs:
    """``repository_index`` with no folder listed, no file read and no claims made: the index the cache keeps."""

    def never(*args: object) -> None:
        raise AssertionError("made again, not taken from the cache")

    with monkeypatch.context() as m:
        for name in ("_listing", "_read", "claims", "_indexed"):
            m.setattr(inputs, name, never)
        index = inputs.repository_index(repo)
    assert index.read == 0 and index.law_changes == set()
    return index


def _retargeted(path: Path) -> None:
    """The instrument at ``path`` made to amend Kulin's Health local law instead of Kellerberrin's, in place."""
    named = "  title: Shire of Kellerberrin Animals, Environment and Nuisance Local Law 2019"
    _in_place(path, named, "  title: Shire of Kulin Health Local Law 2016")


def test_the_laws_index_the_cache_keeps_is_the_index_made_anew(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each law's claims and input hash are kept with the cache (written whole, then in the changes appended to it), so
    a command that finds every file unchanged makes none of them again; after every kind of change, by a command or by
    hand, the kept index is the index made from every file."""
    monkeypatch.setattr(inputs, "_CHANGES_SHARE", 0)  # the changes always appended, the cache never written whole again
    repo = make_law_repo(tmp_path / "r", ["synthetic_repeal.txt"], laws=[KELLERBERRIN, KULIN_HEALTH])
    changes = repo.db_dir / inputs.CHANGES_NAME

    def built_and_kept() -> inputs.Inputs:
        build(repo)
        kept = _from_the_cache(repo, monkeypatch)
        _same_index(kept, inputs.read_inputs(repo, {}))
        return kept

    built_and_kept()
    amend(repo, INSTRUMENTS / AMENDMENT_2021)  # an instrument added by amend, the index handed to the build
    assert len(built_and_kept().claims[KELLERBERRIN]) == 1 and changes.exists()
    amended = next((repo.amendments_dir / "kellerberrin").glob("*.txt"))
    _retargeted(amended)  # by hand: the law it amended loses it, the other gains it
    kept = built_and_kept()
    inst_id = inputs.read_meta(amended.read_text(encoding="utf-8"), "x").id
    assert kept.claims[KELLERBERRIN] == [] and inst_id in kept.claims[KULIN_HEALTH]
    assert len(changes.read_text(encoding="utf-8").splitlines()) == 2
    amended.unlink()  # an instrument removed by hand
    assert inst_id not in built_and_kept().claims[KULIN_HEALTH]
    law = repo.law_path(KULIN_HEALTH)
    text = law.read_text(encoding="utf-8")
    law.unlink()  # a law removed: it leaves the index
    assert KULIN_HEALTH not in built_and_kept().laws
    law.write_text(text, encoding="utf-8")  # and added again: the instruments naming it claim it again
    assert built_and_kept().claims[KULIN_HEALTH]
    assert len(changes.read_text(encoding="utf-8").splitlines()) == 5  # each build's changes appended as one line


def test_an_instrument_retargeted_by_hand_is_seen_by_the_next_command(tmp_path: Path) -> None:
    """An instrument edited by hand (no command run) to amend another law: the next command's index sees it (the laws'
    index kept with the cache is not taken: the stamp vouches for nothing), and the next build derives both laws."""
    repo = _amended(tmp_path)
    kept = inputs.repository_index(repo)
    path = next((repo.amendments_dir / "kellerberrin").glob("*.txt"))
    inst_id = inputs.read_meta(path.read_text(encoding="utf-8"), "x").id
    assert kept.claims[KELLERBERRIN] == [inst_id] and kept.claims[KULIN_HEALTH] == []
    _retargeted(path)
    index = inputs.repository_index(repo)
    assert index.read == 1 and index.claims[KELLERBERRIN] == [] and index.claims[KULIN_HEALTH] == [inst_id]
    assert staleness(repo) == "laws or amendments changed since the last build"
    assert sorted(build(repo).derived) == sorted([KELLERBERRIN, KULIN_HEALTH])
    assert staleness(repo) is None and inputs.repository_index(repo).claims[KULIN_HEALTH] == [inst_id]
