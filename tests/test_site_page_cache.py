"""The law page made once per version and filled in per day (publishing/page_cache.py): the same page as made afresh
on every day, one entry per version, a new build's pages for a new build, the incomplete banner from its day on, and
a cache that a visitor asking for every day neither fills nor empties."""

from __future__ import annotations

import datetime as dt
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from lawhistory.deriving.build import build
from lawhistory.files.repo import Repository
from lawhistory.publishing import page_cache
from lawhistory.publishing.site import make_datasette

from .conftest_publish import KELLERBERRIN, KULIN_HEALTH, METADATA, REFUSED, add_instrument, make_law_repo

pytest_plugins = ["tests.conftest_publish"]


def _day(text: str, days: int = 0) -> str:
    return (dt.date.fromisoformat(text) + dt.timedelta(days=days)).isoformat()


def _days_that_matter(db_path: Path) -> dict[str, list[str]]:
    """For each law: every day something begins or ends (versions, commencement, repeal, instruments not applied),
    the day before each, and a day inside each version's span."""
    conn = sqlite3.connect(db_path)
    try:
        out: dict[str, set[str]] = {}
        for law, commencement, repealed_from in conn.execute("select id, commencement, repealed_from from laws"):
            days = out.setdefault(law, {"2000-01-01", "2040-06-30"})
            for d in (commencement, repealed_from):
                if d:
                    days |= {d, _day(d, -1), _day(d, 1)}
        for law, start, end in conn.execute("select law, valid_from, valid_to from versions"):
            days = out[law]
            for d in (start, end):
                if d:
                    days |= {d, _day(d, -1)}
            if start:
                days.add(_day(start, 3))
        for law, commences in conn.execute("select law, commences from not_applied"):
            if commences:
                out[law] |= {commences, _day(commences, -1)}
    finally:
        conn.close()
    return {law: sorted(days) for law, days in out.items()}


async def _page(ds: Any, path: str) -> tuple[str, str]:
    response = await ds.client.get(path)
    assert response.status_code == 200, response.text[:500]
    return response.text, response.headers.get("x-lawhistory-cache", "")


async def test_every_page_from_the_cache_is_the_page_made_afresh_on_that_day(
    built_repo: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    """For every law, every day where anything begins or ends (and the day before), plain, redlined and as known on
    several dates: the cached site's page is byte for byte the page of a site that keeps none — so the key holds
    everything that changes what the page shows (status, version, incomplete banner, repeal, what was known)."""
    db = built_repo.db_dir / "lawhistory.db"
    cached = make_datasette(db, METADATA)
    monkeypatch.setenv(page_cache.ENVIRONMENT, "0")
    fresh = make_datasette(db, METADATA)
    assert page_cache.of(fresh).max_bytes == 0 and page_cache.of(cached).max_bytes > 0
    hits = 0
    for law, days in _days_that_matter(db).items():
        for variant in (
            "", "&redline=1", "&known=2021-05-01", "&known=2022-06-20", "&known=2023-06-01", "&redline=1&known=2022-06-20",
            "&since=nonsense", "&since=2019-06-01",
        ):  # fmt: skip
            for day in days:
                path = f"/-/law/{law}?at={day}{variant}"
                page, answered = await _page(cached, path)
                again, _ = await _page(fresh, path)
                assert page == again, path
                hits += answered == "hit"
    assert hits > 0  # the cache answered some of them (each version's page once made)
    assert len(page_cache.of(cached)) < hits


async def test_two_days_of_one_version_are_one_page_with_their_own_date_lines(ds: Any) -> None:
    first, answered = await _page(ds, f"/-/law/{KELLERBERRIN}?at=2021-05-01")
    second, answered_again = await _page(ds, f"/-/law/{KELLERBERRIN}?at=2021-05-20")
    assert (answered, answered_again) == ("miss", "hit")
    assert "As at 2021-05-01: in force. This version applies from 2021-04-23" in first
    assert "As at 2021-05-20: in force. This version applies from 2021-04-23" in second
    assert 'value="2021-05-20"' in second and "2021-05-01" not in second
    assert second.replace("2021-05-20", "2021-05-01") == first  # the day is all that differs
    assert len(page_cache.of(ds)) == 1


async def test_the_incomplete_banner_begins_on_its_day_inside_one_version(ds: Any) -> None:
    """Issue 21: the refused instrument commences on 2021-05-29, inside the span of the version from 2021-04-23."""
    before = f"/-/law/{KELLERBERRIN}?at=2021-05-28"
    on = f"/-/law/{KELLERBERRIN}?at=2021-05-29"
    for path in (before, on, before, on):  # each asked twice: each its own page, the banner only from its day
        page, _ = await _page(ds, path)
        assert ('id="incomplete"' in page) is (path == on)
        assert (f"/-/instrument/{REFUSED}" in page.split('id="status-line"')[0]) is (path == on)
        assert "This version applies from 2021-04-23" in page
    assert len(page_cache.of(ds)) == 2


async def test_a_repeal_and_the_days_before_commencement_are_pages_of_their_own(ds: Any) -> None:
    repealed, _ = await _page(ds, f"/-/law/{KULIN_HEALTH}?at=2023-01-01")
    in_force, _ = await _page(ds, f"/-/law/{KULIN_HEALTH}?at=2022-12-31")
    later, answered = await _page(ds, f"/-/law/{KULIN_HEALTH}?at=2024-03-01")
    assert "repealed from 2023-01-01" in repealed and "repealed from" not in in_force.split('id="status-line"')[1][:300]
    assert answered == "hit" and later.replace("2024-03-01", "2023-01-01") == repealed


async def test_a_new_build_shows_its_own_text_at_once(tmp_path: Path) -> None:
    """The key holds the build's file: a rebuild (a new instrument) is a new page for the same address."""
    repo = make_law_repo(tmp_path / "repo", ["synthetic_kellerberrin_amendment_2021.txt"], laws=[KELLERBERRIN])
    build(repo)
    ds = make_datasette(repo.db_dir / "lawhistory.db", METADATA)
    path = f"/-/law/{KELLERBERRIN}?at=2023-01-01"
    old, answered = await _page(ds, path)
    assert answered == "miss" and (await _page(ds, path))[1] == "hit"
    add_instrument(repo, "synthetic_kellerberrin_amendment_2022.txt")
    build(repo)
    new, answered = await _page(ds, path)
    assert answered == "miss" and new != old
    assert "This version applies from 2022-07-01" in new and "This version applies from 2021-04-23" in old
    shutil.copyfile(repo.db_dir / "lawhistory.db", tmp_path / "copy.db")
    afresh, _ = await _page(make_datasette(tmp_path / "copy.db", METADATA), path)
    assert new == afresh


async def test_a_visitor_asking_for_every_day_adds_one_page_per_version_and_pushes_nothing_out(ds: Any) -> None:
    cache = page_cache.of(ds)
    for _ in range(2):  # the pages others read, each asked for twice
        for law in (KULIN_HEALTH, "kulin/animals-environment-and-nuisance-local-law-2016"):
            await _page(ds, f"/-/law/{law}?at=2020-01-01")
    kept = set(cache.protected)
    assert len(kept) == 2
    day = dt.date(2019, 1, 1)
    while day < dt.date(2023, 6, 1):  # every day of four years of one law
        await _page(ds, f"/-/law/{KELLERBERRIN}?at={day}")
        day += dt.timedelta(days=9)
    assert kept <= set(cache.protected)  # still there
    assert len(cache) <= 2 + 6  # as made, 2021, 2022; with and without the incomplete banner; before it commenced


def test_the_cache_is_bounded_and_a_scan_of_pages_asked_once_leaves_the_pages_asked_again() -> None:
    cache = page_cache.PageCache(max_bytes=100_000)
    build = ("/db/.serve/1-1.db", "lawhistory", (1, 2, 3, 4))
    for k in range(6):
        cache.put((*build, k), b"x" * 5_000)
        assert cache.get((*build, k)) is not None  # asked again: kept for long
    for k in range(100, 400):  # a scan: each page once
        cache.put((*build, k), b"y" * 5_000)
        assert cache.size <= cache.max_bytes
    assert all((*build, k) in cache.protected for k in range(6))
    assert cache.get((*build, 100)) is None and cache.get((*build, 399)) is not None
    cache.put((*build, "big"), b"z" * 20_000)  # over an eighth of the budget: not kept
    assert cache.get((*build, "big")) is None
    cache.forget("/db/.serve/1-1.db")
    assert len(cache) == 0 and cache.size == 0


def test_the_budget_bounds_the_memory_the_pages_hold() -> None:
    """The cache counts what each page holds in memory (its pieces, their list, its key: ``page_cache.held``), not
    only its characters: pages cut at many placeholders, put until the budget is full, hold no more than the budget
    (Python's own allocator's count, ``tracemalloc``), and nearly all of it."""
    import tracemalloc

    T = page_cache.Tokens
    build = ("/db/.serve/1-1.db", "lawhistory", (1, 2, 3, 4))
    budget = 4_000_000
    tracemalloc.start()
    try:
        cache = page_cache.PageCache(max_bytes=budget)
        before = tracemalloc.get_traced_memory()[0]
        for k in range(400):  # ~25 KB each, cut at 800 placeholders of the day: some 160 pages' worth of budget
            page = "".join(f"<p>{k} {n}<a href='?at={T.AT}'>x</a></p>" for n in range(800)).encode()
            cache.put((*build, f"law/{k}", False, False, ("in_force", k, ())), page_cache.Split(page))
            del page
        used = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert 50 < len(cache) < 400 and cache.size <= budget
    assert used <= budget and used > 0.8 * cache.size, (used, cache.size)


def test_the_placeholders_are_filled_in_one_pass_and_escaped() -> None:
    T = page_cache.Tokens
    page = f"<p>{T.AT}</p><p>{T.STATUS}</p><a href='?known={T.KNOWN}'>{T.KNOWN_LINE}</a>".encode()
    filled = page_cache.fill(page, {T.AT: "2021-05-01", T.STATUS: "<b>&", T.KNOWN: "2022-01-01", T.KNOWN_LINE: T.AT})
    assert filled == f"<p>2021-05-01</p><p>&lt;b&gt;&amp;</p><a href='?known=2022-01-01'>{T.AT}</a>".encode()


def test_a_value_holding_a_placeholder_is_not_read_for_one() -> None:
    T = page_cache.Tokens
    page = f"<p>{T.PROBLEM}</p><p>{T.AT}</p>".encode()
    filled = page_cache.fill(page, {T.PROBLEM: f"“{T.AT}” is not a date", T.AT: "2021-05-01"})
    assert filled == f"<p>“{T.AT}” is not a date</p><p>2021-05-01</p>".encode()


@pytest.mark.parametrize(
    "text",
    [
        b"",
        b"<p>no link</p>",
        b"<p>1</p><a href='?at=DAY'>similar</a>",
        b"DAY<p>\xe2\x80\x98two\xe2\x80\x99</p><a href='?at=DAY'>a</a><a href='?at=DAY&x'>b</a>DAY",
    ],
    ids=["empty", "no-day", "one-day", "days-at-both-ends"],
)
@pytest.mark.parametrize("text_holds_status", [False, True], ids=["plain", "status-in-text"])
def test_a_text_kept_apart_is_the_page_with_the_text_written_in_place(text: bytes, text_holds_status: bool) -> None:
    """``Split(page, PageText)``: the page the template wrote with ``Tokens.TEXT`` for its text, the text cut where its
    own word for the day stands, fills in to the same bytes as the page written whole with ``Tokens.AT`` there."""
    T = page_cache.Tokens
    if text_holds_status:  # between two days: a piece wholly inside the text
        text = f"<a href='?at=DAY'>x</a><p>{T.STATUS}</p><a href='?at=DAY'>y</a>".encode() + text
    head, tail = f"<h1>{T.STATUS}</h1><form>{T.AT}</form>", f"<a href='?at={T.AT}'>json</a><p>{T.PROBLEM}</p>"
    whole = head.encode() + text.replace(b"DAY", T.AT.encode()) + tail.encode()
    apart = page_cache.Split((head + T.TEXT + tail).encode(), page_cache.PageText(text, b"DAY"))
    values = {T.AT: "2021-05-01", T.STATUS: "In force <now>", T.PROBLEM: "“x” is no date"}
    assert page_cache.fill(apart, values) == page_cache.fill(whole, values)
    assert b"DAY" not in page_cache.fill(apart, values) and T.TEXT.encode() not in page_cache.fill(apart, values)


def test_a_page_writing_its_text_twice_is_refused() -> None:
    T = page_cache.Tokens
    with pytest.raises(ValueError, match="once"):
        page_cache.Split(f"{T.TEXT}<p>{T.TEXT}</p>".encode(), page_cache.PageText(b"<p>law</p>"))


def test_a_builds_law_rows_are_read_once_and_each_caller_has_its_own() -> None:
    """``pages.law_rows`` with a build's key reads the rows once (the law page's frame and its page both ask); what
    a caller changes in them (the page adds each version's links) is not what the next caller gets."""
    from lawhistory.publishing import pages

    conn = sqlite3.connect(":memory:")
    conn.executescript(
        "create table laws (id text, repealed_by text); create table versions (law text, number int, valid_from text);"
        " create table instruments (id text, title text);"
        " insert into laws values ('a/law', 'a/repeal'); insert into versions values ('a/law', 0, '2020-01-01');"
        " insert into instruments values ('a/repeal', 'Repeal')"
    )
    statements: list[str] = []
    conn.set_trace_callback(statements.append)
    key = ("build.db", "lawhistory", (1, 2, 3, 4))
    first = pages.law_rows(conn, "a/law", key)
    assert first is not None and len(statements) == 3
    first[0]["title"] = "changed"
    first[1][0]["href"] = "/changed"
    assert first[2] is not None
    first[2]["href"] = "/changed"
    again = pages.law_rows(conn, "a/law", key)
    assert len(statements) == 3  # not read again
    assert again == ({"id": "a/law", "repealed_by": "a/repeal"}, [{"law": "a/law", "number": 0, "valid_from": "2020-01-01"}],
                     {"id": "a/repeal", "title": "Repeal"})  # fmt: skip
    assert pages.law_rows(conn, "no/law", key) is None and pages.law_rows(conn, "no/law", key) is None
    assert len(statements) == 4  # a law that is not there is remembered too
    pages.law_rows(conn, "a/law")
    assert len(statements) == 7  # without a key (a file that may change), read each time
