"""The law pages' parts made in several processes before the transaction that stores them (a full build's
``page_parts.made_apart``, issue 23): stored, they are row for row the parts made one law after another in the build's
own process; parts made for other laws or other links are not used."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from benchmarks.corpus import Scale, generate
from lawhistory.deriving import page_parts
from lawhistory.deriving.build import build
from lawhistory.files.repo import Repository


@pytest.fixture(scope="module")
def corpus_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("apart") / "corpus"
    generate(root, Scale(councils=3, laws=8, instruments=40), seed=5)
    build(Repository(root), full=True)
    return root / "db" / "lawhistory.db"


def _pages(conn: sqlite3.Connection) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    return (
        conn.execute("select rowid, * from law_pages order by rowid").fetchall(),
        conn.execute("select rowid, * from law_page_versions order by rowid").fetchall(),
    )


def test_parts_made_apart_are_the_parts_made_here(corpus_db: Path, tmp_path: Path) -> None:
    db = tmp_path / "lawhistory.db"
    shutil.copyfile(corpus_db, db)
    conn = sqlite3.connect(db)
    try:
        with conn:
            page_parts.derive(conn)
        here = _pages(conn)
        made = page_parts.made_apart(conn, 2)
        assert made is not None and len(made.laws) == 8
        try:
            with conn:
                conn.execute("delete from law_page_versions")  # not left from the first derive: made again below
                conn.execute("delete from law_pages")
                stored = page_parts.derive(conn, made=made)
        finally:
            made.close()
        assert stored == len(here[1]) > 8
        assert _pages(conn) == here
    finally:
        conn.close()


def test_parts_made_for_other_laws_are_not_used(corpus_db: Path, tmp_path: Path) -> None:
    db = tmp_path / "lawhistory.db"
    shutil.copyfile(corpus_db, db)
    conn = sqlite3.connect(db)
    try:
        before = _pages(conn)
        made = page_parts.made_apart(conn, 2)
        assert made is not None
        one = made.laws[0]
        # the parts of every law, offered to a derive of one law: that law's parts are made here instead
        made.laws = made.laws[1:] + made.laws[:1]
        try:
            with conn:
                page_parts.derive(conn, [one], made=made)
        finally:
            made.close()
        assert _pages(conn)[1] != []
        after = {r[1:] for r in _pages(conn)[1]}
        assert after == {r[1:] for r in before[1]}
    finally:
        conn.close()


def test_parts_are_not_made_apart_inside_a_transaction(corpus_db: Path, tmp_path: Path) -> None:
    db = tmp_path / "lawhistory.db"
    shutil.copyfile(corpus_db, db)
    conn = sqlite3.connect(db)
    try:
        conn.execute("begin")
        conn.execute("delete from law_pages")
        with pytest.raises(ValueError, match="inside a transaction"):
            page_parts.made_apart(conn, 2)
        conn.rollback()
    finally:
        conn.close()


def test_a_laws_rows_made_once_are_what_each_version_makes_of_them(corpus_db: Path) -> None:
    """``_LawMemo`` (each row's fragment with its link, entry and line of the contents made once for all a law's
    versions) gives every version the pieces, contents and lines ``_page_pieces`` and ``toc_items`` make of it."""
    conn = sqlite3.connect(corpus_db)
    try:
        compared = linked_rows = 0
        for (law_id,) in conn.execute("select id from laws order by id").fetchall():
            spans = conn.execute(page_parts._LAW_SPANS_SQL, {"law": law_id}).fetchall()
            memo = page_parts._LawMemo(law_id, True)
            for number, day in conn.execute(
                "select number, valid_from from versions where law = ? and valid_from is not null", [law_id]
            ).fetchall():
                rows = [r for r in spans if r[10] is not None and r[10] <= day and (r[11] is None or r[11] > day)]
                removed = page_parts.removed_notes(conn, law_id, number)
                pieces, toc, _ = page_parts._page_pieces(rows, True, law_id, removed, page_parts.STORED_DAY)
                changed = page_parts.changed_contents(page_parts.for_version(conn, law_id, number), [t["eid"] for t in toc])
                made, made_toc = memo.page_pieces(rows, removed)
                assert (made, made_toc) == (pieces, toc)
                assert memo.toc_items(made_toc, changed) == page_parts.toc_items(toc, changed)
                assert memo.toc_items(toc, changed) == page_parts.toc_items(toc, changed)
                compared += 1
                linked_rows += sum('class="similar"' in p for p in pieces)
        assert compared > 20 and linked_rows > 0
    finally:
        conn.close()
