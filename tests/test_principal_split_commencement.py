"""A principal local law whose own commencement gives some of its clauses a later day ("… 14 days after … publication
…, except clause 3.2, which comes into operation on 1 July 2025"): read clause by clause (``dates.principal_commencement``,
core/split_commencement.lark), refused by ``import`` naming the words when not read whole, and — between its first day
and the last — every view of the law names the clauses not yet in force and their day: show (text, JSON, Markdown,
HTML), history, list, diff, the law page, search results, the AKN export and the SQL surface (``in_part``).

The repository is a SYNTHETIC fixture (tests/fixtures/synthetic/split-commencement/): the Shire of Splitton
(Synthetic) Dogs Local Law 2025, published 3 March 2025, in force from 17 March 2025 except clause 3.2 (1 July 2025),
with a Schedule 1 of offences; and an amending instrument commencing 1 May 2025 (clause 2.1 reworded), so the law has
two versions, both of whose first days come before clause 3.2's.
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from lawhistory.core.dates import commencement, principal_commencement, split_words
from lawhistory.core.errors import ImportFailed
from lawhistory.deriving import library
from lawhistory.deriving.build import build
from lawhistory.files.repo import Repository
from lawhistory.presenting.lawat import show
from lawhistory.publishing import search
from lawhistory.publishing.site import make_datasette
from tests.conftest import ROOT
from tests.conftest_publish import METADATA, rows, visible_text

pytest_plugins = ["tests.conftest_publish"]

FIXTURE = ROOT / "tests" / "fixtures" / "synthetic" / "split-commencement"
GAZETTE = FIXTURE / "gazette" / "splitton-dogs-local-law-2025.txt"
LAW = "splitton/synthetic-dogs-local-law-2025"
TITLE = "Shire of Splitton (Synthetic) Dogs Local Law 2025"
PUBLISHED = dt.date(2025, 3, 3)
FIRST, SECOND, LATER = "2025-03-17", "2025-05-01", "2025-07-01"  # the law's first day, the amendment's, clause 3.2's
BETWEEN = "2025-05-02"
NOTE = f"{TITLE}: cl. 3.2 on {LATER} — not yet in force, though printed in this text"
WAITING = [{"instrument": TITLE, "instrument_id": LAW, "clauses": [{"clause": "3.2", "commences": LATER}], "law_itself": True}]
CLAUSES = ["1.1", "1.2", "1.3", "2.1", "2.2", "3.1", "3.2", "3.3", "3.4", "4.1", "5.3"]
PARTS = {"1": CLAUSES[:3], "2": CLAUSES[3:5], "3": CLAUSES[5:9], "4": ["4.1"], "5": ["5.3"]}
EXCEPT = (
    "This local law comes into operation 14 days after the day on which it is published in the Government Gazette, "
    "except clause {}, which comes into operation on 1 July 2025."
)
FOLLOWS = "This local law comes into operation as follows— {}"


def _repo(tmp_path: Path, *, later: dt.date | None = None) -> Path:
    """The fixture repository in ``tmp_path``; ``later``: with clause 3.2's day moved there (its words too)."""
    repo = Repository.init(tmp_path / "repo").root
    for folder in ("laws", "amendments"):
        shutil.copytree(FIXTURE / folder, repo / folder, dirs_exist_ok=True)
    if later is not None:
        path = repo / "laws" / f"{LAW}.txt"
        text = path.read_text(encoding="utf-8").replace(f"'3.2': {LATER}", f"'3.2': {later.isoformat()}")
        path.write_text(text.replace("1 July 2025", f"{later.day} {later:%B %Y}"), encoding="utf-8")
    return repo


def _ok(cli: Any, *args: str | Path) -> str:
    result = cli(*args)
    assert result.exit_code == 0, result.stderr
    return str(result.stdout)


# --- reading the commencement ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wording", "first", "later"),
    [
        (EXCEPT.format("5.3"), dt.date(2025, 3, 17), {"5.3": dt.date(2025, 7, 1)}),
        (  # "the rest" later than the clauses named: the law is in force in part from the earlier day
            FOLLOWS.format(
                "(a) clauses 3.1 to 3.4, on 1 July 2025; (b) the rest of the local law—on the day after the day on which "
                "it is published in the Government Gazette."
            ),
            dt.date(2025, 3, 4),
            dict.fromkeys(["3.1", "3.2", "3.3", "3.4"], dt.date(2025, 7, 1)),
        ),
        (  # items naming every clause; "that day" after an item on publication
            FOLLOWS.format(
                "(a) clauses 1.1, 1.2 and 1.3—on the day on which this local law is published in the Government Gazette; "
                "(b) clauses 2.1 to 5.3—14 days after that day."
            ),
            PUBLISHED,
            {c: dt.date(2025, 3, 17) for c in CLAUSES[3:]},
        ),
        (  # no commas; "except for"; an ordinal in words; two clauses, which "come"
            "This local law comes into operation on the fourteenth day after the day on which it is published in the "
            "Government Gazette except for clauses 4.1 and 5.3 which come into operation on 1 January 2026.",
            dt.date(2025, 3, 17),
            {"4.1": dt.date(2026, 1, 1), "5.3": dt.date(2026, 1, 1)},
        ),
        (  # a sentence of its own for the clause apart
            "This local law comes into operation 14 days after the date of its publication in the Government Gazette. "
            "Clause 5.3 comes into operation on 1 July 2025.",
            dt.date(2025, 3, 17),
            {"5.3": dt.date(2025, 7, 1)},
        ),
        (  # Parts: each the clauses it holds
            FOLLOWS.format(
                "(a) Parts 1 to 3—on the day after the day on which it is published in the Government Gazette;"
                " (b) Parts 4 and 5—on 1 July 2025."
            ),
            dt.date(2025, 3, 4),
            {"4.1": dt.date(2025, 7, 1), "5.3": dt.date(2025, 7, 1)},
        ),
        (
            EXCEPT.replace("clause {}", "Part {}").format("3"),
            dt.date(2025, 3, 17),
            dict.fromkeys(CLAUSES[5:9], dt.date(2025, 7, 1)),
        ),
        (
            "This local law, other than clauses 4.1 and 5.3, comes into operation on the day on which it is published in "
            "the Government Gazette. Clauses 4.1 and 5.3 come into operation on the 28th day after that day.",
            PUBLISHED,
            {"4.1": dt.date(2025, 3, 31), "5.3": dt.date(2025, 3, 31)},
        ),
    ],
)
def test_each_clause_is_given_its_day(wording: str, first: dt.date, later: dict[str, dt.date]) -> None:
    read = principal_commencement(wording, PUBLISHED, CLAUSES, PARTS)
    assert (read.rule, read.date, dict(read.clauses)) == ("by_clause", first, later)
    assert read.in_full == max(later.values())


@pytest.mark.parametrize(
    "words",
    [
        "This local law comes into operation 14 days after the day on which it is published in the Government Gazette.",
        "This local law comes into operation on the 14th day after its publication in the Government Gazette in"
        " accordance with section 3.14 of the Local Government Act 1995.",  # a section of the Act, not of the law
    ],
)
def test_one_day_for_the_whole_law_is_read_as_before(words: str) -> None:
    assert split_words(words) is None
    assert principal_commencement(words, PUBLISHED, CLAUSES) == commencement(words, PUBLISHED)


@pytest.mark.parametrize(
    "words",
    [
        "This local law comes into operation on publication, save for clause 5.3.",
        "This local law comes into operation on publication. Clause 5.3 comes into operation when the CEO decides.",
        "This local law comes into operation on publication excluding Schedule 1.",
        # a second day given to a part of the law by name, in any unit, or to a Part named with the law's title
        "This local law comes into operation on 1 July 2025. Schedule 2 comes into operation on 1 January 2026.",
        "This local law comes into operation on 1 July 2025. Division 2 comes into operation on 1 January 2026.",
        "This local law comes into operation on 1 July 2025. Subclause 5.3(2) comes into operation on 1 January 2026.",
        "This local law comes into operation on 1 July 2025, but Part 5 of the Shire of Splitton Dogs Local Law 2025"
        " comes into operation on 1 January 2026.",
        "These by-laws come into operation on 1 July 2025. By-law 12 comes into operation on 1 January 2026.",
    ],
)
def test_words_that_set_any_clause_apart_are_never_read_as_one_day(words: str) -> None:
    assert split_words(words) is not None
    with pytest.raises(ImportFailed):
        principal_commencement(words, PUBLISHED, CLAUSES, PARTS)


@pytest.mark.parametrize(
    ("wording", "why"),
    [
        (EXCEPT.format("9.9"), "it names clause 9.9, which the law does not have"),
        (
            EXCEPT.replace("on 1 July 2025", "when the Minister approves it").format("5.3"),
            "the day “when the Minister approves it”",
        ),
        (FOLLOWS.format("(a) clauses 1.1 to 3.4—on publication; (b) clause 4.1—on 1 July 2025."), "it gives clause 5.3 no day"),
        (
            FOLLOWS.format("(a) clauses 1.1 to 3.4—on publication; (b) clauses 3.4 to 5.3—on 1 July 2025."),
            "it names clause 3.4 twice",
        ),
        (
            FOLLOWS.format("(a) clauses 3.4 to 3.1—on 1 July 2025; (b) the rest of the local law—on publication."),
            "runs backwards",
        ),
        (FOLLOWS.format("(a) Schedule 1—on 1 July 2025; (b) the rest of the local law—on publication."), "not read whole"),
        (EXCEPT.replace("clause {}", "Part {}").format("7"), "it names part 7, which the law does not have"),
        (
            "This local law comes into operation 14 days after its publication except where the CEO decides otherwise.",
            "not read whole",
        ),
        (EXCEPT.replace("1 July 2025", "1 July 2024").format("5.3"), "before the law's publication on 2025-03-03"),
    ],
)
def test_a_split_not_read_whole_is_refused_naming_the_words(wording: str, why: str) -> None:
    with pytest.raises(ImportFailed) as refused:
        principal_commencement(wording, PUBLISHED, CLAUSES, PARTS)
    message = str(refused.value)
    assert why in message and f"“{' '.join(wording.split())}”" in message and "does not guess" in message


def test_import_reads_the_split_and_refuses_one_it_cannot_read(tmp_path: Path, cli: Any) -> None:
    repo = Repository.init(tmp_path / "repo").root
    done = cli("import", GAZETTE, "--repo", repo)
    assert done.exit_code == 0 and done.stdout.strip() == LAW
    said = f"in force from {FIRST} except cl. 3.2 on {LATER} — in force in part until then"
    assert said in done.stderr
    stored = (repo / "laws" / f"{LAW}.txt").read_text(encoding="utf-8")
    assert f"  rule: by_clause\n  days: null\n  date: {FIRST}\n  clauses:\n    '3.2': {LATER}\n" in stored
    by_part = tmp_path / "by-part.txt"  # "except Part 3": the clauses of Part 3, as the law's text holds them
    by_part.write_text(GAZETTE.read_text(encoding="utf-8").replace("except clause 3.2,", "except Part 3,"), encoding="utf-8")
    third = Repository.init(tmp_path / "third").root
    assert _ok(cli, "import", by_part, "--repo", third).strip() == LAW
    stored = (third / "laws" / f"{LAW}.txt").read_text(encoding="utf-8")
    assert f"  clauses:\n    '3.1': {LATER}\n    '3.2': {LATER}\n" in stored
    # the commencement in subclauses, clause 3.2's day in (2): every subclause's words read, none lost
    split = "This local law comes into operation 14 days after the day on which it is published in the Government Gazette"
    sub = tmp_path / "subclauses.txt"
    sub.write_text(
        GAZETTE.read_text(encoding="utf-8").replace(
            f"{split}, except clause 3.2, which comes into operation on 1 July 2025.",
            f"(1) {split}.\n(2) Clause 3.2 comes into operation on 1 July 2025.",
        ),
        encoding="utf-8",
    )
    fourth = Repository.init(tmp_path / "fourth").root
    assert _ok(cli, "import", sub, "--repo", fourth).strip() == LAW
    stored = (fourth / "laws" / f"{LAW}.txt").read_text(encoding="utf-8")
    assert f"  wording: (1) {split}. (2) Clause 3.2 comes into operation on 1 July 2025.\n" in stored
    assert f"  clauses:\n    '3.2': {LATER}\n" in stored
    unread = tmp_path / "unread.txt"
    unread.write_text(
        GAZETTE.read_text(encoding="utf-8").replace("on 1 July 2025", "on a day fixed by the CEO"), encoding="utf-8"
    )
    other = Repository.init(tmp_path / "other").root
    refused = cli("import", unread, "--repo", other)
    assert refused.exit_code == 1
    assert "its commencement gives some of its clauses a day of their own" in refused.stderr
    assert "the day “on a day fixed by the CEO” is not one lawhistory reads" in refused.stderr
    assert not list((other / "laws").rglob("*.txt"))  # nothing written: not imported as wholly in force from one day


# --- the CLI ---------------------------------------------------------------------------------------------------------


def test_show_names_the_clauses_not_yet_in_force_in_every_format(tmp_path: Path, cli: Any) -> None:
    repo = _repo(tmp_path)
    for day in (FIRST, BETWEEN, "2025-06-30"):
        text = _ok(cli, "show", LAW, "--at", day, "--repo", repo)
        assert text.splitlines()[:2] == [f"IN FORCE IN PART: {NOTE}", TITLE]
        assert "An authorised person may inspect a licensed kennel" in text  # printed as made, though not in force
        assert json.loads(_ok(cli, "show", LAW, "--at", day, "--format", "json", "--repo", repo))["not_yet_in_force"] == WAITING
    md = _ok(cli, "show", LAW, "--at", BETWEEN, "--format", "md", "--repo", repo)
    assert md.index(f"IN FORCE IN PART: {NOTE}") < md.index(f"# {TITLE}")
    page = _ok(cli, "show", LAW, "--at", BETWEEN, "--format", "html", "--repo", repo)
    assert page.index('class="in-part"') < page.index("<h1>") and "though printed in this text" in page
    latest = _ok(cli, "show", LAW, "--repo", repo)  # the latest version, as today: clause 3.2's day has passed
    assert "IN FORCE IN PART" not in latest and latest.splitlines()[1].startswith("Latest version: in force")
    later = dt.date.today() + dt.timedelta(days=400)
    waiting = _ok(cli, "show", LAW, "--repo", _repo(tmp_path / "later", later=later))  # as today: it still waits
    assert (
        waiting.splitlines()[0]
        == f"IN FORCE IN PART: {TITLE}: cl. 3.2 on {later} — not yet in force, though printed in this text"
    )
    for day in ("2025-03-16", LATER, "2030-01-01"):  # before the law, and from clause 3.2's day: nothing waits
        text = _ok(cli, "show", LAW, "--at", day, "--repo", repo)
        assert "IN FORCE IN PART" not in text
        assert json.loads(_ok(cli, "show", LAW, "--at", day, "--format", "json", "--repo", repo))["not_yet_in_force"] == []


def test_history_names_the_clauses_each_version_waits_for(tmp_path: Path, cli: Any) -> None:
    repo = _repo(tmp_path)
    text = _ok(cli, "history", LAW, "--repo", repo).splitlines()
    assert text[1].startswith(f"  0: from {FIRST} to 2025-04-30 — {TITLE}")
    assert text[2] == f"     in force in part from its first day: {NOTE}"
    assert text[3].startswith(f"  1: from {SECOND} onwards — Shire of Splitton (Synthetic) Dogs Amendment Local Law 2025")
    assert text[4] == f"     in force in part from its first day: {NOTE}"
    versions = json.loads(_ok(cli, "history", LAW, "--json", "--repo", repo))["versions"]
    assert [v["clauses"] for v in versions] == [[{"clause": "3.2", "commences": LATER}], []]
    assert [v["not_yet_in_force"] for v in versions] == [WAITING, WAITING]
    assert [v["valid_from"] for v in versions] == [FIRST, SECOND]  # clause 3.2's day begins no version


def test_list_says_the_law_is_in_force_in_part_today(tmp_path: Path, cli: Any) -> None:
    later = dt.date.today() + dt.timedelta(days=400)
    repo = _repo(tmp_path, later=later)
    line = next(ln for ln in _ok(cli, "list", "--repo", repo).splitlines() if ln.startswith(LAW))
    assert line.endswith(
        f"\tcomplete\tin force in part: {TITLE}: cl. 3.2 on {later} — not yet in force, though printed in this text"
    )
    [row] = json.loads(_ok(cli, "list", "--json", "--repo", repo))
    assert row["status"] == "in_force" and row["not_yet_in_force"][0]["clauses"] == [{"clause": "3.2", "commences": str(later)}]
    [row] = library.list_rows(Repository.open(_repo(tmp_path / "fixed")), dt.date.fromisoformat(BETWEEN))
    assert row["not_yet_in_force"] == WAITING
    [row] = library.list_rows(Repository.open(_repo(tmp_path / "after")), dt.date.fromisoformat(LATER))
    assert row["not_yet_in_force"] == []
    unknown = _repo(tmp_path / "unknown")  # its first day not known (days from publication, no gazette date): listed
    path = unknown / "laws" / f"{LAW}.txt"
    path.write_text(path.read_text(encoding="utf-8").replace(f"  date: {FIRST}\n", "  date: null\n"), encoding="utf-8")
    [row] = json.loads(_ok(cli, "list", "--json", "--repo", unknown))
    assert (row["status"], row["not_yet_in_force"]) == ("commencement_unknown", [])


def test_diff_names_the_clauses_waiting_and_those_that_came_into_operation(tmp_path: Path, cli: Any) -> None:
    repo = _repo(tmp_path)
    lines = _ok(cli, "diff", LAW, "--from", FIRST, "--to", LATER, "--repo", repo).splitlines()
    assert lines[1] == f"in force in part on {FIRST}: {NOTE}"
    assert lines[2] == f"came into operation: {TITLE}: cl. 3.2 on {LATER} (its words as printed)"
    assert lines[3].startswith("2.1 (amended)")
    both = _ok(cli, "diff", LAW, "--from", FIRST, "--to", BETWEEN, "--repo", repo).splitlines()
    assert both[1:3] == [f"in force in part on {FIRST}: {NOTE}", f"in force in part on {BETWEEN}: {NOTE}"]
    assert not any(ln.startswith("came into operation") for ln in both)


def test_the_akn_export_notes_the_clauses_and_records_no_event_on_their_day(tmp_path: Path, cli: Any) -> None:
    repo = _repo(tmp_path)
    akn = _ok(cli, "export", LAW, "--at", BETWEEN, "--repo", repo)
    assert 'eId="note_in_part"' in akn and f"cl. 3.2 on {LATER}" in akn and "though printed in this text" in akn
    assert f'date="{LATER}"' not in akn  # no lifecycle event on clause 3.2's day: it amends nothing
    assert akn.count("<eventRef ") == 2  # the law made, the amendment
    assert 'eId="note_in_part"' not in _ok(cli, "export", LAW, "--at", LATER, "--repo", repo)


# --- the build: the site, search and SQL ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Repository:
    repo = Repository.open(_repo(tmp_path_factory.mktemp("split")))
    build(repo)
    return repo


def test_the_stored_build_says_what_the_timeline_says(built: Repository) -> None:
    for day in (None, "2025-03-16", FIRST, BETWEEN, "2025-06-30", LATER):
        at = dt.date.fromisoformat(day) if day else None
        assert show(built, LAW, at, stored=True) == show(built, LAW, at, stored=False), day
    conn = sqlite3.connect(built.db_dir / "lawhistory.db")
    try:
        stretches = conn.execute("select valid_from, valid_to, instrument, law_itself, note from in_part").fetchall()
    finally:
        conn.close()
    assert stretches == [(FIRST, SECOND, LAW, 1, NOTE), (SECOND, LATER, LAW, 1, NOTE)]


async def test_the_law_page_and_its_json_name_the_clauses(built: Repository) -> None:
    ds = make_datasette(built.db_dir / "lawhistory.db", METADATA)
    page = (await ds.client.get(f"/-/law/{LAW}?at={BETWEEN}")).text
    note = visible_text(page[page.index('id="in-part"') : page.index('id="status-line"')])
    assert "some clauses of this law, printed below as made, are not yet in force" in note
    assert TITLE in note and f": cl. 3.2 on {LATER} — not yet in force, though printed in this text" in note  # linked
    assert "the text below applies only some clauses" not in note
    for day in ("2025-03-16", LATER):
        assert 'id="in-part"' not in (await ds.client.get(f"/-/law/{LAW}?at={day}")).text
    as_json = (await ds.client.get(f"/-/law/{LAW}.json?at={BETWEEN}")).json()
    assert as_json["not_yet_in_force"] == WAITING
    akn = (await ds.client.get(f"/-/law/{LAW}.akn?at={BETWEEN}")).text
    assert 'eId="note_in_part"' in akn and f"cl. 3.2 on {LATER}" in akn


async def test_search_results_say_in_part(built: Repository) -> None:
    conn = sqlite3.connect(built.db_dir / "lawhistory.db")
    try:
        found = search.search(conn, search.Query("kennel", today=dt.date.fromisoformat(BETWEEN)), lambda law, at=None: law)
        after = search.search(conn, search.Query("kennel", today=dt.date.fromisoformat(LATER)), lambda law, at=None: law)
    finally:
        conn.close()
    assert found["results"] and all(r["in_part"] == [NOTE] for r in found["results"])
    assert after["results"] and all(r["in_part"] == [] for r in after["results"])
    ds = make_datasette(built.db_dir / "lawhistory.db", METADATA)
    html = (await ds.client.get("/-/search?q=kennel&when=all")).text  # each result as at its first day: in part then
    assert f"In force in part: {NOTE}" in visible_text(html)


async def test_the_canned_queries_have_an_in_part_column(built: Repository) -> None:
    ds = make_datasette(built.db_dir / "lawhistory.db", METADATA)
    for at, want in ((BETWEEN, NOTE), (LATER, None)):
        as_at = await rows(ds, "law_as_at", law=LAW, at=at)
        assert as_at and {r["in_part"] for r in as_at} == {want}
        known = await rows(ds, "law_as_known", law=LAW, at=at, known=at)
        assert known and {r["in_part"] for r in known} == {want}
        penalties = await rows(ds, "penalties", at=at, search="kennel")
        assert [(r["clause"], r["in_part"]) for r in penalties] == [("3.1", want)]
        offences = await rows(ds, "offences", at=at, search="kennel")
        assert [(r["clause"], r["in_part"]) for r in offences] == [("3.1", want)]
    similar = await rows(ds, "similar_provisions", law=LAW, eid="sec_3.2", at=BETWEEN)
    assert all("in_part" in r for r in similar)  # no other law holds these words: the column is there, the rows few


async def test_the_views_have_an_in_part_column_and_the_index_of_laws_says_so(tmp_path: Path) -> None:
    later = dt.date.today() + dt.timedelta(days=400)
    repo = Repository.open(_repo(tmp_path, later=later))
    build(repo)
    conn = sqlite3.connect(repo.db_dir / "lawhistory.db")
    try:
        status = conn.execute("select status, in_part from law_status where id = ?", [LAW]).fetchall()
        current = conn.execute("select distinct in_part from current_provisions where law = ?", [LAW]).fetchall()
    finally:
        conn.close()
    note = f"{TITLE}: cl. 3.2 on {later} — not yet in force, though printed in this text"
    assert status == [("in_force", note)] and current == [(note,)]
    index = (await make_datasette(repo.db_dir / "lawhistory.db", METADATA).client.get("/")).text
    assert f"in force In part: {note}" in visible_text(index)


async def test_an_instrument_applied_by_clause_has_the_same_in_part_column(tmp_path: Path, cli: Any) -> None:
    """The SQL surface is one for both reasons a law is in force in part: the amending instrument of
    tests/test_commencement_by_clause.py (cl. 5 on 1 July 2021) gives an ``in_part`` row and column too."""
    from tests.conftest import INSTRUMENTS, KELLERBERRIN, make_repo

    root = make_repo(tmp_path)
    _ok(cli, "amend", INSTRUMENTS / "synthetic_kellerberrin_amendment_by_clause_2021.txt", "--repo", root)
    repo = Repository.open(root)
    build(repo)
    ds = make_datasette(repo.db_dir / "lawhistory.db", METADATA)
    title = "Shire of Kellerberrin Animals, Environment and Nuisance Amendment (No. 12) Local Law 2021"
    note = f"{title}: cl. 5 on 2021-07-01 — not yet in force, so not in this text"
    for at, want in (("2021-05-01", note), ("2021-07-01", None), ("2021-04-08", None)):
        assert {r["in_part"] for r in await rows(ds, "law_as_at", law=KELLERBERRIN, at=at)} == {want}, at
