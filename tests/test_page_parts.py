"""The law page's pieces kept at build time (deriving/page_parts.py, issue 23): the page served from them is byte for
byte the page made per request from the provision spans, on every law and several days of each version's span (as
known on other dates too, in part, pending, repealed), in the test repository, the bundled one and the illustrative
one; and pieces the serving code did not make are never served."""

from __future__ import annotations

import datetime as dt
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from lawhistory.deriving import page_parts as building
from lawhistory.deriving.build import build
from lawhistory.files.inputs import PACKAGE_ROOT, deriving_files
from lawhistory.files.repo import Repository
from lawhistory.publishing import page_cache, page_parts
from lawhistory.publishing.site import make_datasette

from .conftest import ROOT, make_repo
from .conftest_publish import KELLERBERRIN, METADATA, table_rows

pytest_plugins = ["tests.conftest_publish"]


def _day(text: str, days: int) -> str:
    return (dt.date.fromisoformat(text) + dt.timedelta(days=days)).isoformat()


def _days(db_path: Path) -> dict[str, list[str]]:
    """For each law: days before and after everything, around its commencement and repeal, and in each version's span
    its first day, the next, a day in the middle and its last day."""
    conn = sqlite3.connect(db_path)
    try:
        out: dict[str, set[str]] = {}
        for law, commencement, repealed_from in conn.execute("select id, commencement, repealed_from from laws"):
            out[law] = {"2000-01-01", "2040-06-30"} | {x for d in (commencement, repealed_from) if d for x in (d, _day(d, -1))}
        for law, start, end in conn.execute("select law, valid_from, valid_to from versions where valid_from is not null"):
            out[law] |= {start, _day(start, 1)}
            if end and end > start:
                middle = dt.date.fromisoformat(start) + (dt.date.fromisoformat(end) - dt.date.fromisoformat(start)) / 2
                out[law] |= {middle.isoformat(), _day(end, -1)}
        for law, commences in conn.execute("select law, commences from not_applied where commences is not null"):
            out[law] |= {commences, _day(commences, -1)}
        for law, start, end in conn.execute("select law, valid_from, valid_to from in_part"):
            out[law] |= {start, _day(start, -1)} | ({end, _day(end, -1)} if end else set())
    finally:
        conn.close()
    return {law: sorted(days) for law, days in out.items()}


async def _text(ds: Any, path: str) -> str:
    response = await ds.client.get(path)
    assert response.status_code == 200, response.text[:300]
    text: str = response.text
    return text


async def _same_pages(db: Path, monkeypatch: pytest.MonkeyPatch, variants: tuple[str, ...]) -> int:
    """Every law's page on every day of ``_days`` in each variant, served from the stored pieces and made per request:
    byte for byte the same; the number of pages made from stored pieces."""
    monkeypatch.setenv(page_cache.ENVIRONMENT, "0")  # every page made, none kept
    ds = make_datasette(db, METADATA)
    used = 0
    real_stored = page_parts.stored

    def counted(*args: Any) -> Any:
        nonlocal used
        found = real_stored(*args)
        used += found is not None
        return found

    paths = [f"/-/law/{law}?at={day}{v}" for law, days in _days(db).items() for day in days for v in variants]
    monkeypatch.setattr(page_parts, "stored", counted)
    served = [await _text(ds, p) for p in paths]
    monkeypatch.setattr(page_parts, "stored", lambda *args: None)
    for path, page in zip(paths, served, strict=True):
        assert page == await _text(ds, path), path
    return used


VARIANTS = ("", "&known=2021-05-01", "&known=2022-06-20", "&known=2030-01-01", "&redline=1")


async def test_the_test_repositorys_pages_from_stored_pieces_are_the_pages_made_per_request(
    built_repo: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The standard test repository: amended laws, a repealed one, instruments in part and pending, as known."""
    db = built_repo.db_dir / "lawhistory.db"
    assert await _same_pages(db, monkeypatch, VARIANTS) > 50


@pytest.mark.parametrize("repository", ["bundled", "exampleton"])
async def test_real_repositories_pages_from_stored_pieces_are_the_pages_made_per_request(
    repository: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The project's own laws and amendments, and the illustrative repository (one law: no links to similar ones)."""
    if repository == "bundled":
        root = make_repo(tmp_path, laws=True, amendments=True)
    else:
        root = tmp_path / "exampleton"
        shutil.copytree(
            ROOT / "examples" / "exampleton", root, ignore=shutil.ignore_patterns("db", ".serve", "*.db", "history.git")
        )
    repo = Repository(root)
    build(repo)
    db = repo.db_dir / "lawhistory.db"
    with sqlite3.connect(db) as conn:
        versions = conn.execute("select count(*) from law_page_versions").fetchone()[0]
        assert versions > 0
        assert {r[0] for r in conn.execute("select similar_links from law_pages")} == {int(repository == "bundled")}
    assert await _same_pages(db, monkeypatch, ("", "&known=2021-05-01")) > 0


def _tampered(source: Path, target: Path, **info: str) -> None:
    """A copy of the database whose stored text of every version says TAMPERED, with the build info changed."""
    shutil.copyfile(source, target)
    with sqlite3.connect(target) as conn:
        for law, blob in conn.execute("select law, pieces from law_pages").fetchall():
            strings = building.unpack_strings(blob)
            assert strings is not None
            strings = [s.replace("</p>", " TAMPERED</p>") for s in strings]
            packed = building._Strings()
            packed.places(strings)
            conn.execute("update law_pages set pieces = ? where law = ?", [packed.pack(), law])
        for key, value in info.items():
            conn.execute("update build_info set value = ? where key = ?", [value, key])


@pytest.mark.parametrize(
    ("info", "served"),
    [({}, True), ({"code": "other code"}, False), ({"schema_version": "11"}, False)],
    ids=["this-build", "other-code", "other-schema"],
)
async def test_pieces_are_served_only_when_made_by_this_code_for_this_schema(
    built_repo: Repository, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, info: dict[str, str], served: bool
) -> None:
    """Pieces another build's code or schema made are not served (the page is made from the spans instead); the
    pieces of this code's build are (so it is that check which keeps the others out)."""
    monkeypatch.setenv(page_cache.ENVIRONMENT, "0")
    db = tmp_path / "lawhistory.db"
    _tampered(built_repo.db_dir / "lawhistory.db", db, **info)
    page = await _text(make_datasette(db, METADATA), f"/-/law/{KELLERBERRIN}?at=2022-08-01")
    assert ("TAMPERED" in page) is served
    if not served:
        fresh = await _text(make_datasette(built_repo.db_dir / "lawhistory.db", METADATA), f"/-/law/{KELLERBERRIN}?at=2022-08-01")
        assert page == fresh.replace(str(built_repo.db_dir / "lawhistory.db"), str(db))


def test_the_build_fingerprint_covers_the_code_that_makes_the_pieces() -> None:
    """Every module whose code shapes the stored pieces is hashed into the build's fingerprint (a change to one makes the
    next build a full one); the code that only reads them back is not."""
    files = set(deriving_files(PACKAGE_ROOT))
    assert {"deriving/page_parts.py", "presenting/fragments.py", "deriving/notes.py", "deriving/schema_types.py"} <= files
    assert "publishing/page_parts.py" not in files and "publishing/pages.py" not in files


def test_runs_name_the_same_strings() -> None:
    """A pack's strings read back by their places, one by one and run by run, whatever their characters (the pack
    counts UTF-8 bytes: ‘’, — and Кулин are several bytes each)."""
    strings = ["0", "‘one’", "", "three — 3", "Кулин", "5", "<p>6</p>", "7\n", "eight", "9"]
    store = building._Strings()
    assert store.places(strings) == [0, 10]
    packed = building.unpack_packed(store.pack())
    assert packed is not None
    assert packed.strings() == strings
    for places in ([], [0], [0, 1, 2], [3, 4, 0, 1, 7], [5, 5, 6], [2, 1, 0], [8, 9, 1]):
        runs = building.runs(places)
        assert [b.decode() for b in packed.each(runs)] == [strings[i] for i in places]
        assert b"".join(packed.runs(runs)).decode() == "".join(strings[i] for i in places)
    assert building.runs(list(range(500))) == [0, 500]


def test_a_law_whose_words_hold_the_placeholder_is_not_stored(built_repo: Repository, tmp_path: Path) -> None:
    """The stored text holds ``STORED_DAY`` where the day goes: a law whose own words hold it has no stored pieces."""
    db = tmp_path / "lawhistory.db"
    shutil.copyfile(built_repo.db_dir / "lawhistory.db", db)
    with sqlite3.connect(db) as conn:
        key = conn.execute("select key from law_keys where id = ?", [KELLERBERRIN]).fetchone()[0]
        fragment = conn.execute("select fragment from provision_spans where law_key = ? limit 1", [key]).fetchone()[0]
        conn.execute("update fragments set html = html || ? where id = ?", [building.STORED_DAY, fragment])
        building.derive(conn)
        stored = {r[0] for r in conn.execute("select law from law_pages")}
    assert KELLERBERRIN not in stored and stored


def test_an_incremental_build_keeps_the_pieces_a_full_build_makes(tmp_path: Path) -> None:
    """A law added to a repository of one, then removed: the pieces (links to similar provisions made, then not) are
    each time a full build's of the same laws."""
    repo = Repository(make_repo(tmp_path / "a", laws=True))
    laws = sorted(repo.laws_dir.glob("*/*.txt"))
    for extra in laws[1:]:
        extra.unlink()
    build(repo)

    def pieces(db: Path) -> tuple[object, object]:
        rows = table_rows(db)
        return rows["law_pages"], rows["law_page_versions"]

    def full_build(count: int, name: str) -> Path:
        full = Repository(make_repo(tmp_path / name, laws=True))
        for extra in sorted(full.laws_dir.glob("*/*.txt"))[count:]:
            extra.unlink()
        build(full, full=True)
        return full.db_dir / "lawhistory.db"

    one = pieces(repo.db_dir / "lawhistory.db")
    assert {r[1] for r in table_rows(repo.db_dir / "lawhistory.db")["law_pages"]} == {0}
    shutil.copyfile(ROOT / "laws" / laws[1].relative_to(repo.laws_dir), laws[1])
    build(repo)
    assert {r[1] for r in table_rows(repo.db_dir / "lawhistory.db")["law_pages"]} == {1}
    assert pieces(repo.db_dir / "lawhistory.db") == pieces(full_build(2, "b"))
    laws[1].unlink()
    build(repo)
    assert pieces(repo.db_dir / "lawhistory.db") == one == pieces(full_build(1, "c"))


async def test_a_law_in_force_in_part_pages_from_stored_pieces_are_the_pages_made_per_request(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A principal law whose own commencement gives a clause a later day (the synthetic split-commencement fixture):
    its in-part note changes inside one version's span, so the days around each stretch of ``in_part`` are served
    from the stored pieces with the note of that day, as a page made per request."""
    root = Repository.init(tmp_path / "repo").root
    for folder in ("laws", "amendments"):
        shutil.copytree(
            ROOT / "tests" / "fixtures" / "synthetic" / "split-commencement" / folder, root / folder, dirs_exist_ok=True
        )
    repo = Repository(root)
    build(repo)
    db = repo.db_dir / "lawhistory.db"
    with sqlite3.connect(db) as conn:
        law, start, end = conn.execute(
            "select law, valid_from, valid_to from in_part where law_itself order by valid_from desc"
        ).fetchone()
    assert await _same_pages(db, monkeypatch, ("", "&known=2030-01-01")) > 0
    ds = make_datasette(db, METADATA)  # the note is the day's: said inside the last stretch, not after it
    assert "in force in part" in (await _text(ds, f"/-/law/{law}?at={start}")).lower()
    assert "in force in part" not in (await _text(ds, f"/-/law/{law}?at={end}")).lower()
