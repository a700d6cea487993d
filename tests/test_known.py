"""Bitemporal point in time: ``show LAW --at D --known K`` and the law page's ``?at=D&known=K`` give the law in force
on D using only the instruments published in the Gazette on or before K.

The repositories here are copies of the illustrative one (examples/exampleton, not law) with an instrument's gazette
date moved, so that it is published after it commences (a retrospective commencement) or before an instrument that
commences earlier; each variant is made in the test's temporary folder and says what it changed.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lawhistory.deriving import library
from lawhistory.deriving.build import build
from lawhistory.files.repo import Repository
from lawhistory.presenting.views import version_json, version_text
from lawhistory.publishing.site import load_metadata, make_datasette

from .conftest import ROOT, run_cli
from .test_demo import copy_demo

pytest_plugins = ["tests.conftest_publish"]

EXAMPLETON = ROOT / "examples" / "exampleton"
LAW = "exampleton/animals-environment-and-nuisance-local-law-2019"
I2022 = "exampleton/animals-environment-and-nuisance-amendment-local-law-2022"
I2023 = "exampleton/animals-environment-and-nuisance-amendment-local-law-2023"
METADATA = load_metadata(ROOT / "metadata.yml")


def variant(root: Path, changes: dict[str, list[tuple[str, str]]]) -> Repository:
    """A copy of the illustrative repository with lines of instruments' front matter replaced ({id: [(old, new)]})."""
    repo = copy_demo(root)
    for inst_id, edits in changes.items():
        path = repo.instrument_path(inst_id)
        text = path.read_text(encoding="utf-8")
        for old, new in edits:
            assert text.count(old) == 1, (inst_id, old)
            text = text.replace(old, new)
        path.write_text(text, encoding="utf-8")
    return repo


#: The 2023 instrument commences on 1 September 2023 (a fixed date), here published only on 20 October 2023.
RETROSPECTIVE = {I2023: [("  date: 2023-08-18\n", "  date: 2023-10-20\n")]}
#: The 2023 instrument published early (10 January 2023, still commencing 1 September 2023), the 2022 one published
#: later (1 March 2023, commencing the day after): on 1 February 2023 the 2023 one was known and the 2022 one was not.
OUT_OF_ORDER = {
    I2023: [("  date: 2023-08-18\n", "  date: 2023-01-10\n"), ("made: 2023-07-25\n", "made: 2023-01-05\n")],
    I2022: [
        ("  date: 2022-06-03\n", "  date: 2023-03-01\n"),
        ("  date: 2022-06-04\n", "  date: 2023-03-02\n"),
        ("made: 2022-05-17\n", "made: 2023-02-20\n"),
    ],
}


def show(repo: Path, *args: str) -> tuple[int, str, str]:
    return run_cli("show", LAW, *args, "--repo", repo)


# --- the command line ----------------------------------------------------------------------------------------------


def _last_gazette(repo: Repository) -> dt.date:
    law = library.resolve(repo, LAW)
    from lawhistory.core.versions import instruments_for

    dates = [i.law.meta.gazette.date for i in instruments_for(law, repo.load_instruments())]
    return max(d for d in [*dates, law.meta.gazette.date] if d is not None)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(at=st.dates(dt.date(2019, 1, 1), dt.date(2030, 12, 31)), later=st.integers(0, 4000))
def test_known_on_or_after_the_last_gazette_is_plain_at(at: dt.date, later: int) -> None:
    repo = Repository.open(EXAMPLETON)
    known = _last_gazette(repo) + dt.timedelta(days=later)
    plain = library.version_at(repo, LAW, at)
    found = library.show_known(repo, LAW, at, known)
    assert found.known.ignored == ()
    args = (plain.timeline, plain.as_at, plain.status, plain.version)
    k_args = (found.timeline, found.as_at, found.status, found.version)
    assert version_json(*k_args) == version_json(*args)
    assert version_text(*k_args) == version_text(*args)


def test_an_instrument_published_after_k_is_ignored_though_it_commences_before_d(tmp_path: Path) -> None:
    repo = variant(tmp_path / "retro", RETROSPECTIVE)
    code, plain, err = show(repo.root, "--at", "2023-09-15", "--format", "json")
    assert code == 0, err
    assert json.loads(plain)["version"]["valid_from"] == "2023-09-01"  # the 2023 instrument, back-dated
    code, out, err = show(repo.root, "--at", "2023-09-15", "--known", "2023-10-01", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["version"]["valid_from"] == "2022-06-04" and data["known"] == "2023-10-01"
    assert [i["id"] for i in data["ignored_instruments"]] == [I2023]
    assert data["ignored_instruments"][0] == {
        "id": I2023,
        "title": "Shire of Exampleton Animals, Environment and Nuisance Amendment Local Law 2023",
        "gazette_date": "2023-10-20",
        "commencement": "2023-09-01",
    }
    # the words the 2023 instrument changed are as they were before it
    before = {p["citation"]: p["text"] for p in data["provisions"]}
    after = {p["citation"]: p["text"] for p in json.loads(plain)["provisions"]}
    assert "Schedule 1 item 8" in before and "Schedule 1 item 8" not in after  # the 2023 instrument deletes item 8
    # on the day it was published, it is known
    code, out, _ = show(repo.root, "--at", "2023-09-15", "--known", "2023-10-20", "--format", "json")
    assert json.loads(out)["version"]["valid_from"] == "2023-09-01" and json.loads(out)["ignored_instruments"] == []
    code, text, _ = show(repo.root, "--at", "2023-09-15", "--known", "2023-10-01")
    assert text.splitlines()[2] == (
        "As known on 2023-10-01: ignores, as not yet published in the Gazette, Shire of Exampleton Animals, Environment "
        "and Nuisance Amendment Local Law 2023 (published in the Gazette on 2023-10-20, commencing 2023-09-01)."
    )


@pytest.mark.parametrize(
    ("known", "message"),
    [
        ("2023-02-30", "error: --known must be a date like 2020-03-11 (YYYY-MM-DD), not '2023-02-30'"),
        ("yesterday", "error: --known must be a date like 2020-03-11 (YYYY-MM-DD), not 'yesterday'"),
        ("2019-01-01", f"error: {LAW} was published in the Gazette on 2020-02-26, after --known 2019-01-01: nothing of it"),
    ],
)
def test_a_bad_known_date_is_one_clear_line(known: str, message: str) -> None:
    code, out, err = show(EXAMPLETON, "--at", "2022-01-01", "--known", known)
    assert code == 1 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith(message)


def test_export_takes_known_too(tmp_path: Path) -> None:
    repo = variant(tmp_path / "retro", RETROSPECTIVE)
    code, out, err = run_cli("export", LAW, "--at", "2023-09-15", "--known", "2023-10-01", "--repo", repo.root)
    assert code == 0, err
    assert "/eng@2022-06-04" in out and "amendment_3" not in out


# --- the site ------------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Repository]:
    out = {}
    for name, changes in (("retro", RETROSPECTIVE), ("order", OUT_OF_ORDER)):
        repo = variant(tmp_path_factory.mktemp(name) / "exampleton", changes)
        build(repo)
        out[name] = repo
    return out


@pytest.fixture(scope="module")
def sites(built: dict[str, Repository]) -> dict[str, Any]:
    return {name: make_datasette(repo.db_dir / "lawhistory.db", METADATA) for name, repo in built.items()}


#: The days each (day, known) test asks about: before, at and after each instrument of the test repositories.
DAYS = ["2020-01-01", "2020-03-11", "2021-03-26", "2022-06-04", "2023-01-20", "2023-03-02", "2023-09-01", "2023-09-15", "2025-01-01"]  # fmt: skip


def every_pair_of_dates(built: dict[str, Repository]) -> Iterator[tuple[sqlite3.Connection, Any, dt.date, dt.date]]:
    """(database, the timeline known on K or None when nothing was published by then, D, K) for every D in DAYS and
    every K the day before, of and after each gazette date, in each built repository."""
    from lawhistory.amending.known import known_timeline
    from lawhistory.core.errors import LawHistoryError

    for repo in built.values():
        law, instruments = library.resolve(repo, LAW), repo.load_instruments()
        conn = sqlite3.connect(repo.db_dir / "lawhistory.db")
        gazettes = sorted({r[0] for r in conn.execute("select gazette_date from instruments where gazette_date is not null")})
        knowns = sorted({str(dt.date.fromisoformat(g) + dt.timedelta(days=d)) for g in gazettes for d in (-1, 0, 1)})
        for known in knowns:
            k = dt.date.fromisoformat(known)
            try:
                tl, _ = known_timeline(law, instruments, k)
            except LawHistoryError:
                tl = None
            for day in DAYS:
                yield conn, tl, dt.date.fromisoformat(day), k
        conn.close()


def test_the_page_and_the_command_agree_on_every_pair_of_dates(built: dict[str, Repository]) -> None:
    """Wherever the page shows a text for (D, K), it is the text ``show --at D --known K`` derives."""
    from lawhistory.core.versions import in_force
    from lawhistory.publishing import known_rows, pages

    shown = 0
    for conn, tl, at, k in every_pair_of_dates(built):
        day, known = str(at), str(k)
        found = known_rows.answer(conn, LAW, at, k)
        assert found is not None
        if tl is None:
            assert found.status == "not_published", (day, known)
            continue
        status, version = in_force(tl, at)
        if found.status in ("not_in_force", "repealed"):
            assert status == found.status, (day, known)
        elif found.status != "not_stored":
            assert status == "in_force" and version is not None, (day, known, found.status)
            assert found.day is not None
            page = pages.law_json(conn, LAW, dt.date.fromisoformat(found.day))
            assert page is not None and page["version"]["valid_from"] == str(version.valid_from), (day, known)
            ours = [(p["citation"], p["text"]) for p in page["provisions"]]
            derived = version_json(tl, at, status, version)["provisions"]
            assert ours == [(p["citation"], p["text"]) for p in derived], (day, known)
            shown += 1
    assert shown > 50


async def page(ds: Any, query: str) -> str:
    response = await ds.client.get(f"/-/law/{LAW}?{query}")
    assert response.status_code == 200, response.text[:500]
    return str(response.text)


def law_text(html: str) -> str:
    return html[html.index('id="status-line"') :]


async def test_the_page_shows_the_law_as_known_and_names_what_it_ignored(sites: dict[str, Any]) -> None:
    ds = sites["retro"]
    html = await page(ds, "at=2023-09-15&known=2023-10-01")
    assert "As at 2023-09-15, as known on 2023-10-01: in force, as the version that applies from 2022-06-04" in html
    assert (
        'id="known-line">As known on 2023-10-01: ignores, as not yet published in the Gazette, Shire of Exampleton '
        "Animals, Environment and Nuisance Amendment Local Law 2023 (published in the Gazette on 2023-10-20, commencing 2023-09-01)."
    ) in html
    earlier = await page(ds, "at=2022-06-04")
    marker = '<article class="law-text'
    assert html[html.index(marker) : html.index("</article>")] == earlier[earlier.index(marker) : earlier.index("</article>")]
    assert 'name="known" value="2023-10-01"' in html


async def test_the_page_known_after_every_gazette_is_the_plain_page(sites: dict[str, Any]) -> None:
    ds = sites["retro"]
    for at in ("2021-01-01", "2022-06-04", "2023-09-15", "2026-01-01"):
        known = await page(ds, f"at={at}&known=2023-10-20")
        plain = await page(ds, f"at={at}")
        assert "every instrument of this law had been published in the Gazette by then" in known
        marker = '<article class="law-text'
        assert known[known.index(marker) :].split("</article>")[0] == plain[plain.index(marker) :].split("</article>")[0]


async def test_a_text_that_was_never_in_force_is_said_not_stored(sites: dict[str, Any]) -> None:
    html = await page(sites["order"], "at=2023-10-01&known=2023-02-01")
    assert "As at 2023-10-01, as known on 2023-02-01: no text can be shown." in html
    assert "lawhistory show LAW --at D --known K" in html
    assert (
        "Animals, Environment and Nuisance Amendment Local Law 2022 (published in the Gazette on 2023-03-01, commencing 2023-03-02)"
        in html
    )


async def test_a_bad_known_date_on_the_page_is_said_and_ignored(sites: dict[str, Any]) -> None:
    html = await page(sites["retro"], "at=2023-09-15&known=someday")
    assert "“someday” is not a date like 2021-04-23, so every instrument published is used." in html
    assert "This version applies from 2023-09-01" in html


async def test_a_law_not_yet_published_on_k(sites: dict[str, Any]) -> None:
    html = await page(sites["retro"], "at=2021-01-01&known=2019-06-01")
    assert "this law was published in the Gazette on 2020-02-26, so nothing of it was known then" in html


def test_an_instrument_known_but_amending_what_was_not_yet_published_is_named(tmp_path: Path) -> None:
    """On 1 February 2023 the 2023 instrument was published, but it amends clause 2.12A, which the 2022 instrument
    (published only on 1 March 2023) inserts: the law as then known is the 2021 version, and the page says why."""
    repo = variant(tmp_path / "order", OUT_OF_ORDER)
    code, out, err = show(repo.root, "--at", "2023-10-01", "--known", "2023-02-01", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["version"]["valid_from"] == "2021-03-26"
    assert [i["id"] for i in data["ignored_instruments"]] == [I2022]
    [refused] = data["not_applicable"]
    assert refused["instrument"].endswith("Amendment Local Law 2023") and "2.12A(1): no such provision" in refused["reason"]


async def test_known_with_since_says_the_second_date_is_not_used(sites: dict[str, Any]) -> None:
    html = await page(sites["retro"], "at=2023-09-15&known=2023-10-01&since=2021-01-01")
    assert "the second date is not used" in html and 'id="known-line"' not in html


# --- the page's decision, over the rows of its one query ------------------------------------------------------------


def _row(what: str, number: int | None, valid_from: str, gazette: str | None, title: str) -> dict[str, Any]:
    return {"what": what, "number": number, "valid_from": valid_from, "valid_to": None, "id": title, "title": title,
            "gazette_date": gazette, "commencement": valid_from}  # fmt: skip


LAW_ROW = _row("law", 0, "2020-03-11", "2020-02-26", "the law")


def test_a_repeal_not_yet_published_leaves_the_last_version_in_force() -> None:
    from lawhistory.publishing.known_rows import decide

    rows = [LAW_ROW, _row("version", 1, "2021-01-01", "2020-12-01", "A"), _row("repeal", None, "2022-01-01", "2022-03-01", "R")]
    found = decide(rows, dt.date(2022, 2, 1), dt.date(2022, 2, 1))  # repealed (back-dated) by R, published a month later
    assert found is not None and (found.status, found.day) == ("repeal_ignored", "2021-01-01")
    assert "R (published in the Gazette on 2022-03-01, commencing 2022-01-01)" in found.sentence
    known_later = decide(rows, dt.date(2022, 2, 1), dt.date(2022, 3, 1))
    assert known_later is not None and known_later.status == "repealed"


def test_a_version_that_never_applied_for_a_day_is_not_shown() -> None:
    from lawhistory.publishing.known_rows import decide

    rows = [
        LAW_ROW,
        _row("version", 1, "2021-01-01", "2020-12-01", "A"),
        _row("version", 2, "2021-01-01", "2021-02-01", "B"),  # commences the same day as A, published later
    ]
    found = decide(rows, dt.date(2021, 6, 1), dt.date(2021, 1, 15))
    assert found is not None and (found.status, found.day) == ("not_stored", None)
    assert decide([], dt.date(2021, 6, 1), dt.date(2021, 1, 15)) is None


# --- the canned query law_as_known -------------------------------------------------------------------------------------


def _omitted(incomplete: list[dict[str, Any]]) -> str | None:
    """The canned queries' ``incomplete`` cell for the instruments ``show --format json`` lists as omitted."""
    lines = [f"{n['instrument']} (commencing {n['commences'] or 'unknown'}), not applied: {n['reason']}" for n in incomplete]
    return "; ".join(lines) or None


def _in_part(items: list[dict[str, Any]]) -> str | None:
    """The canned queries' ``in_part`` cell for the clauses ``show --format json`` lists as not yet in force."""
    from lawhistory.core.partly import NotYetInForce

    return "; ".join(NotYetInForce.from_json(n).sentence() for n in items) or None


def test_the_canned_query_gives_the_text_show_known_derives_wherever_it_is_stored(built: dict[str, Repository]) -> None:
    """For every pair of dates around each gazette date: ``law_as_known`` lists the provisions of the text
    ``show --at D --known K`` derives (the same objects) exactly when the law page shows a stored text, and no rows
    otherwise (not published, not in force, repealed, or a text never in force that only the command derives)."""
    from lawhistory.core.versions import in_force
    from lawhistory.deriving.known_sql import LAW_AS_KNOWN_SQL
    from lawhistory.publishing import known_rows

    seen: dict[str, int] = {}
    for conn, tl, at, k in every_pair_of_dates(built):
        day, known = str(at), str(k)
        cursor = conn.execute(LAW_AS_KNOWN_SQL, {"law": LAW, "at": day, "known": known})
        names = [d[0] for d in cursor.description]
        got = [dict(zip(names, r, strict=True)) for r in cursor.fetchall()]
        found = known_rows.answer(conn, LAW, at, k)
        assert found is not None
        seen[found.status] = seen.get(found.status, 0) + 1
        if found.status not in ("as_stored", "earlier_version", "repeal_ignored"):
            assert got == [], (day, known, found.status)
            continue
        assert tl is not None
        status, version = in_force(tl, at)
        assert status == "in_force" and version is not None
        shown = version_json(tl, at, status, version)
        expected = shown["provisions"]
        assert {r.pop("version_from") for r in got} == {str(version.valid_from)}, (day, known)
        assert {r.pop("incomplete") for r in got} == {_omitted(shown["incomplete"])}, (day, known)
        assert {r.pop("in_part") for r in got} == {_in_part(shown["not_yet_in_force"])}, (day, known)
        assert [{**r, "cells": json.loads(r["cells"])} for r in got] == expected, (day, known)
    assert seen.get("as_stored", 0) > 20 and seen.get("earlier_version", 0) > 5 and seen.get("not_stored", 0) > 0
    assert seen.get("not_published", 0) > 0 and seen.get("not_in_force", 0) > 0


async def test_the_canned_query_is_what_show_known_prints(built: dict[str, Repository], sites: dict[str, Any]) -> None:
    """On the site: the canned query's JSON lists the provisions ``lawhistory show --known --format json`` prints."""
    from .conftest_publish import rows

    for name, at, known in (("retro", "2023-09-15", "2023-10-01"), ("retro", "2023-09-15", "2023-10-20"), ("order", "2023-02-15", "2023-02-01")):  # fmt: skip
        code, out, err = show(built[name].root, "--at", at, "--known", known, "--format", "json")
        assert code == 0, err
        printed = json.loads(out)
        got = await rows(sites[name], "law_as_known", law=LAW, at=at, known=known, _json="cells")
        assert {r.pop("version_from") for r in got} == {printed["version"]["valid_from"]}
        assert {r.pop("incomplete") for r in got} == {_omitted(printed["incomplete"])}
        assert {r.pop("in_part") for r in got} == {_in_part(printed["not_yet_in_force"])}
        assert got == printed["provisions"] and len(got) > 50
    # a text never in force: the command derives it, the query gives no rows
    code, out, _ = show(built["order"].root, "--at", "2023-10-01", "--known", "2023-02-01", "--format", "json")
    assert code == 0 and json.loads(out)["provisions"]
    assert await rows(sites["order"], "law_as_known", law=LAW, at="2023-10-01", known="2023-02-01") == []


async def test_a_text_never_in_force_names_the_exact_command_and_the_nearest_day_shown(sites: dict[str, Any]) -> None:
    """The page cannot show a text that was never in force: it says so, gives the command with this law and these
    dates, and links to the latest earlier day it can show as known then (which the page then shows)."""
    html = await page(sites["order"], "at=2023-10-01&known=2023-02-01")
    assert 'id="known-not-stored"' in html and "a text that was never in force, so the site cannot show it" in html
    assert f'<code class="command">lawhistory show {LAW} --at 2023-10-01 --known 2023-02-01</code>' in html
    nearest = html.split('id="known-nearest" href="')[1].split('"')[0].replace("&amp;", "&")
    assert nearest == f"/-/law/{LAW}?at=2023-08-31&known=2023-02-01"  # the day before the 2023 instrument commenced
    shown = await page(sites["order"], nearest.split("?")[1])
    assert "As at 2023-08-31, as known on 2023-02-01:" in shown and 'id="known-not-stored"' not in shown
    assert "no text can be shown" not in shown and '<article class="law-text">\n<p id="text_1"' in shown
    plain = await page(sites["retro"], "at=2023-09-15&known=2023-10-01")  # a stored text: no such block
    assert 'id="known-not-stored"' not in plain
