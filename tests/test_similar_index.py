"""The build's own index of texts for similar provisions (``provision_texts``, ``text_bands``) is kept beside the
published database, in db/similar-index.db: the published file holds no table only the build reads, and an
incremental build whose index is missing or was written with another state of the database makes it again first,
so it still gives the full build's database and index (bundled real laws and SYNTHETIC laws of invented councils)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from lawhistory.deriving import similar
from lawhistory.deriving.build import build
from lawhistory.deriving.schema import TABLES, datasette_metadata
from lawhistory.files.repo import Repository

from .features_repo import NEWTOWN, OLDTOWN, make_features_repo
from .test_similar import all_rows

BUILD_ONLY = ("provision_texts", "text_bands")


def names(path: Path) -> set[str]:
    conn = sqlite3.connect(path)
    try:
        return {r[0] for r in conn.execute("select name from sqlite_master where type in ('table', 'index', 'view')")}
    finally:
        conn.close()


def test_the_published_database_holds_no_table_only_the_build_reads(tmp_path: Path) -> None:
    repo = make_features_repo(tmp_path / "repo", instrument=False)
    published = names(repo.db_dir / "lawhistory.db")
    assert "similar_texts" in published and not published & set(BUILD_ONLY)
    assert not {t.name for t in TABLES} & set(BUILD_ONLY)
    assert not datasette_metadata()["tables"].keys() & set(BUILD_ONLY)
    assert set(BUILD_ONLY) <= names(repo.db_dir / similar.INDEX_NAME)
    rows = all_rows(repo)  # the index's build_info is the database's (checked there)
    assert rows["provision_texts"] and rows["text_bands"] and rows["similar_texts"]
    assert {i for i, *_ in rows["provision_texts"]} == {i for _, i in rows["text_bands"]}


def test_an_incremental_build_with_its_index_current_does_not_make_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = make_features_repo(tmp_path / "repo", instrument=False)
    (repo.laws_dir / "oldtown" / "synthetic-dogs-local-law-2005.txt").unlink()

    def refuse(conn: sqlite3.Connection) -> int:
        raise AssertionError("the index was current")

    monkeypatch.setattr(similar, "reindex", refuse)
    assert build(repo).derived == [] and not build(repo).derived  # the law removed, then nothing to do


def _without_newtown(root: Path) -> tuple[Repository, str]:
    repo = make_features_repo(root, instrument=False, built=False)
    newtown = repo.law_path(NEWTOWN)
    text = newtown.read_text(encoding="utf-8")
    newtown.unlink()
    build(repo)
    return repo, text


@pytest.mark.parametrize("index", ["missing", "stale", "empty"])
def test_an_incremental_build_makes_a_missing_or_stale_index_again_and_equals_a_full_build(tmp_path: Path, index: str) -> None:
    """``stale``: the index of the build before the last (as a build killed after writing the database and before
    moving its index in leaves it); ``empty``: a file with no rows. Without the index made again first, the texts it
    lacks would never be compared (or the ones it holds twice refused)."""
    repo, text = _without_newtown(tmp_path / "inc")
    path = repo.db_dir / similar.INDEX_NAME
    shutil.copyfile(path, tmp_path / "before")
    repo.write_text(repo.law_path(NEWTOWN), text)
    assert build(repo).derived == [NEWTOWN]
    if index == "missing":
        path.unlink()
    elif index == "stale":
        shutil.copyfile(tmp_path / "before", path)
    else:
        path.unlink()
        sqlite3.connect(path).close()
    (repo.laws_dir / "oldtown" / "synthetic-dogs-local-law-2005.txt").unlink()
    assert build(repo).derived == []
    fresh = make_features_repo(tmp_path / "full", instrument=False, built=False)
    shutil.rmtree(fresh.laws_dir / "oldtown")
    build(fresh)
    assert all_rows(repo) == all_rows(fresh)
    assert not any(r[0] == OLDTOWN for r in all_rows(repo)["provisions"])
