"""An amending instrument whose commencement gives its clauses days of their own (rule ``by_clause``): each clause's
operations are applied on its day, each day a version citing the instrument, and on the days between the law shown
says which clauses of the instrument are not yet in force (the CLI's text and JSON, the stored build, the site's law
page), so it is never shown as simply amended by the instrument. Words not wholly read, a clause the instrument does
not have and an amending clause given no day are refused, naming them.

The instrument is a SYNTHETIC fixture (tests/fixtures/instruments/synthetic_kellerberrin_amendment_by_clause_2021.txt):
cl. 4 (4.4: "rubbish" → "waste") on publication, 9 April 2021; cl. 5 (6.4(3): "$5,000" → "$10,000") on 1 July 2021.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from lawhistory.core.dates import REST, clause_days, clause_items, commencement, uncertain_commencement
from lawhistory.deriving.build import build
from lawhistory.files.repo import Repository
from lawhistory.presenting import views
from lawhistory.presenting.lawat import show
from lawhistory.publishing.site import make_datasette
from tests.conftest import INSTRUMENTS, KELLERBERRIN, make_repo
from tests.conftest_publish import METADATA, visible_text

pytest_plugins = ["tests.conftest_publish"]

BY_CLAUSE = INSTRUMENTS / "synthetic_kellerberrin_amendment_by_clause_2021.txt"
TITLE = "Shire of Kellerberrin Animals, Environment and Nuisance Amendment (No. 12) Local Law 2021"
INST_ID = "kellerberrin/animals-environment-and-nuisance-amendment-no-12-local-law-2021"
PUBLISHED = dt.date(2021, 4, 9)
LAST = "2021-07-01"
BETWEEN = "2021-05-01"
SPLIT = "This local law comes into operation as follows— {}"


# --- reading the commencement ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("items", "days"),
    [
        (  # the words of case 135: a list, "14 days after that day", a calendar date
            "(a) clauses 1, 2 and 3—on the day on which this local law is published in the Government Gazette; "
            "(b) clauses 4 and 5—14 days after that day; (c) clause 6—on 1 July 2014.",
            {"1": 0, "2": 0, "3": 0, "4": 14, "5": 14, "6": dt.date(2014, 7, 1)},
        ),
        (
            "(a) clauses 1 to 3 — on the day of its publication in the Gazette; (b) clauses 4 to 6 — on the 14th day "
            "after that day.",
            {"1": 0, "2": 0, "3": 0, "4": 14, "5": 14, "6": 14},
        ),
        (
            "(a) clauses 1, 2, 3 and 5 — on the day after the day on which it is published in the Government Gazette; "
            "(b) clause 4 — on 1 July 2022.",
            {"1": 1, "2": 1, "3": 1, "5": 1, "4": dt.date(2022, 7, 1)},
        ),
        (
            "(a) clauses 1 and 2 — on the day on which this local law is published in the Gazette; and "
            "(b) clauses 3 and 4 — 28 days after its publication in the Gazette.",
            {"1": 0, "2": 0, "3": 28, "4": 28},
        ),
    ],
)
def test_each_clause_named_is_given_its_day(items: str, days: dict[str, int | dt.date]) -> None:
    published = dt.date(2014, 5, 16)
    want = tuple((c, d if isinstance(d, dt.date) else published + dt.timedelta(days=d)) for c, d in days.items())
    assert clause_days(SPLIT.format(items), published) == want
    read = commencement(SPLIT.format(items), published)
    assert (read.rule, read.date, read.clauses) == ("by_clause", min(d for _, d in want), want)


@pytest.mark.parametrize(
    "items",
    [
        "(a) clauses 1 to 3 — on publication; (b) the rest of this local law — on 1 July 2022.",  # the rest: not read
        "(a) Part 1 — on the day on which this local law is published in the Gazette; (b) Part 2 — on 1 July 2022.",
        "(a) clauses 1 to 3 — on 1 July 2022; (b) clause 4 — 14 days after that day.",  # "that day" not publication
        "(a) clauses 1 to 3 — on publication; (b) clause 4 — when the Minister approves it.",
        "(a) clauses 1 to 4 — on publication; (b) clause 4 — on 1 July 2022.",  # clause 4 twice
        "(a) clauses 1 to 3 — on publication; (b) clauses 5 to 4 — on 1 July 2022.",  # a range backwards
        "(a) clauses 1 and 2 — on the day on which this local law is published in the Gazette;",  # one item only
    ],
)
def test_words_not_wholly_read_give_no_clause_days(items: str) -> None:
    assert clause_items(SPLIT.format(items)) is None
    assert commencement(SPLIT.format(items), dt.date(2022, 1, 5)).rule != "by_clause"


@pytest.mark.parametrize(
    "wording",
    [
        "Subject to clause 9, this local law comes into operation as follows— (a) clauses 1 to 3—on publication;"
        " (b) clause 4—on 1 July 2022.",
        SPLIT.format("(a) clauses 1 to 3—on publication; (b) clause 4—on 1 July 2022. Clause 4 expires on 1 July 2023."),
    ],
)
def test_words_before_or_after_the_items_give_no_clause_days(wording: str) -> None:
    assert clause_items(wording) is None


def test_days_counted_from_publication_wait_for_the_gazette_date() -> None:
    words = SPLIT.format("(a) clauses 1 to 3 — on publication; (b) clause 4 — on 1 July 2022.")
    read = commencement(words, None)
    assert (read.rule, read.date, read.clauses) == ("by_clause", None, ())


# --- applied through the CLI --------------------------------------------------------------------------------------


def _amended(tmp_path: Path, cli: Any) -> Path:
    repo = make_repo(tmp_path)
    done = cli("amend", BY_CLAUSE, "--repo", repo)
    assert done.exit_code == 0, done.stderr
    assert "its clauses commence on days of their own: cl. 1, 2, 3, 4 on 2021-04-09; cl. 5 on 2021-07-01" in done.stdout
    assert f"new version from 2021-04-09, and from {LAST}" in done.stdout
    return repo


def _show(cli: Any, repo: Path, at: str, fmt: str = "text") -> Any:
    result = cli("show", KELLERBERRIN, "--at", at, "--format", fmt, "--repo", repo)
    assert result.exit_code == 0, result.stderr
    return result


def _penalty(text: str) -> str:
    return next(line for line in text.splitlines() if "liable to a maximum penalty of" in line)


def test_between_the_days_the_law_names_the_clauses_not_yet_in_force(tmp_path: Path, cli: Any) -> None:
    repo = _amended(tmp_path, cli)
    text = _show(cli, repo, BETWEEN).stdout
    first, title = text.splitlines()[:2]
    assert first == f"IN FORCE IN PART: {TITLE}: cl. 5 on {LAST} — not yet in force, so not in this text"
    assert title == "Shire of Kellerberrin Animals, Environment and Nuisance Local Law 2019"
    assert "This version applies from 2021-04-09 to 2021-06-30." in text
    assert "set fire to waste, refuse" in text and "set fire to rubbish" not in text  # cl. 4: in force
    assert "$5,000" in _penalty(text) and "$10,000" not in text  # cl. 5: not yet
    shown = json.loads(_show(cli, repo, BETWEEN, "json").stdout)
    assert shown["not_yet_in_force"] == [
        {"instrument": TITLE, "instrument_id": INST_ID, "clauses": [{"clause": "5", "commences": LAST}]}
    ]
    assert shown["version"] == {"valid_from": "2021-04-09", "valid_to": LAST, "instrument": TITLE}
    assert shown["incomplete"] == []
    md = _show(cli, repo, BETWEEN, "md").stdout
    assert md.index("IN FORCE IN PART") < md.index("# Shire of Kellerberrin")
    page = _show(cli, repo, BETWEEN, "html").stdout
    assert page.index('class="in-part"') < page.index("<h1>")
    akn = cli("export", KELLERBERRIN, "--at", BETWEEN, "--repo", repo)
    assert akn.exit_code == 0 and 'eId="note_in_part"' in akn.stdout and f"cl. 5 on {LAST}" in akn.stdout
    assert 'eId="note_in_part"' not in cli("export", KELLERBERRIN, "--at", LAST, "--repo", repo).stdout


def test_from_the_last_day_the_whole_instrument_is_in_force_and_nothing_is_noted(tmp_path: Path, cli: Any) -> None:
    repo = _amended(tmp_path, cli)
    for at in (LAST, "2030-01-01"):
        text = _show(cli, repo, at).stdout
        assert "IN FORCE IN PART" not in text and text.splitlines()[0].startswith("Shire of Kellerberrin")
        assert "$10,000" in _penalty(text) and "set fire to waste, refuse" in text
        shown = json.loads(_show(cli, repo, at, "json").stdout)
        assert shown["not_yet_in_force"] == [] and shown["version"]["valid_from"] == LAST
        assert shown["version"]["instrument"] == TITLE
    latest = cli("show", KELLERBERRIN, "--repo", repo)
    assert latest.exit_code == 0 and "IN FORCE IN PART" not in latest.stdout and "$10,000" in latest.stdout


def test_before_the_first_day_the_law_is_as_it_was(tmp_path: Path, cli: Any) -> None:
    repo = _amended(tmp_path, cli)
    text = _show(cli, repo, "2021-04-08").stdout
    assert "IN FORCE IN PART" not in text and "set fire to rubbish, refuse" in text and "$5,000" in _penalty(text)
    assert json.loads(_show(cli, repo, "2021-04-08", "json").stdout)["not_yet_in_force"] == []


def test_the_instrument_file_keeps_each_clause_day(tmp_path: Path, cli: Any) -> None:
    repo = _amended(tmp_path, cli)
    stored = (repo / "amendments" / f"{INST_ID}.txt").read_text(encoding="utf-8")
    assert "  rule: by_clause\n" in stored and "  clauses:\n" in stored and f"    '5': {LAST}\n" in stored
    inst = next(i for i in Repository.open(repo).load_instruments() if i.id == INST_ID)
    assert inst.law.meta.commencement.day_of("4") == PUBLISHED and inst.law.meta.commencement.day_of("5").isoformat() == LAST


def test_a_clause_beyond_the_instrument_is_refused_naming_it(tmp_path: Path, cli: Any) -> None:
    repo = make_repo(tmp_path)
    changed = tmp_path / "synthetic_by_clause_beyond.txt"
    text = BY_CLAUSE.read_text(encoding="utf-8").replace("(b) clause 5—on 1 July 2021.", "(b) clauses 5 and 7—on 1 July 2021.")
    changed.write_text(text, encoding="utf-8")
    refused = cli("amend", changed, "--repo", repo)
    assert refused.exit_code == 1
    assert (
        f"{TITLE}: its commencement names clause 7 (“(b) clauses 5 and 7—on 1 July 2021.”), which the instrument does "
        "not have (its clauses: 1, 2, 3, 4, 5)"
    ) in refused.stderr
    assert "IN FORCE IN PART" not in _show(cli, repo, BETWEEN).stdout


def test_an_amending_clause_given_no_day_is_refused_naming_it(tmp_path: Path, cli: Any) -> None:
    repo = make_repo(tmp_path)
    changed = tmp_path / "synthetic_by_clause_no_day.txt"
    text = BY_CLAUSE.read_text(encoding="utf-8").replace("(a) clauses 1, 2, 3 and 4—", "(a) clauses 1, 2 and 3—")
    changed.write_text(text.replace("(b) clause 5—", "(b) clause 4—"), encoding="utf-8")
    refused = cli("amend", changed, "--repo", repo)
    assert refused.exit_code == 1
    assert f"{TITLE} cl. 5: its commencement gives clause 5 no day (it names clauses 1, 2, 3, 4:" in refused.stderr
    # kept as not applied: from the instrument's first day every view says the law omits it
    shown = json.loads(_show(cli, repo, "2021-04-09", "json").stdout)
    assert [n["instrument"] for n in shown["incomplete"]] == [TITLE]
    assert json.loads(_show(cli, repo, "2021-04-08", "json").stdout)["incomplete"] == []


def test_a_hand_edited_file_that_leaves_an_amending_clause_without_a_day_is_not_applied(tmp_path: Path, cli: Any) -> None:
    repo = _amended(tmp_path, cli)
    path = repo / "amendments" / f"{INST_ID}.txt"
    path.write_text(path.read_text(encoding="utf-8").replace(f"    '5': {LAST}\n", ""), encoding="utf-8")
    shown = json.loads(_show(cli, repo, BETWEEN, "json").stdout)
    [entry] = shown["incomplete"]
    assert entry["instrument"] == TITLE and "gives clause 5 no day" in entry["reason"]
    assert shown["not_yet_in_force"] == []


# --- the build, the site and show read from it --------------------------------------------------------------------


async def test_the_build_keeps_the_rule_and_the_site_and_show_say_the_same(tmp_path: Path, cli: Any) -> None:
    root = _amended(tmp_path, cli)
    repo = Repository.open(root)
    build(repo)
    days = ["2021-04-08", "2021-04-09", BETWEEN, "2021-06-30", LAST, "2030-01-01"]
    for day in [None, *days]:
        at = dt.date.fromisoformat(day) if day else None
        stored, derived = show(repo, KELLERBERRIN, at, stored=True), show(repo, KELLERBERRIN, at, stored=False)
        assert stored == derived, day
        assert views.law_json(stored) == views.law_json(derived) and views.law_text(stored) == views.law_text(derived)
    ds = make_datasette(repo.db_dir / "lawhistory.db", METADATA)
    page = (await ds.client.get(f"/-/law/{KELLERBERRIN}?at={BETWEEN}")).text
    note = page[page.index('id="in-part"') : page.index('id="status-line"')]
    assert TITLE in visible_text(note) and f"cl. 5 on {LAST}" in visible_text(note) and "not yet in force" in note
    assert page.index('id="in-part"') < page.index('class="law-text')
    assert 'id="incomplete"' not in page
    for day in ("2021-04-08", LAST):
        assert 'id="in-part"' not in (await ds.client.get(f"/-/law/{KELLERBERRIN}?at={day}")).text
    as_json = (await ds.client.get(f"/-/law/{KELLERBERRIN}.json?at={BETWEEN}")).json()
    assert as_json["not_yet_in_force"][0]["clauses"] == [{"clause": "5", "commences": LAST}]
    versions = (
        await ds.client.get("/lawhistory/versions.json", params={"law": KELLERBERRIN, "_shape": "array", "_sort": "number"})
    ).json()
    assert [(v["valid_from"], v["instrument"]) for v in versions[-2:]] == [("2021-04-09", INST_ID), (LAST, INST_ID)]
    assert json.loads(versions[-2]["not_in_force"])[0]["clauses"] == [{"clause": "5", "commences": LAST}]
    assert json.loads(versions[-1]["not_in_force"]) == []
    operations = (await ds.client.get("/lawhistory/operations.json", params={"instrument": INST_ID, "_shape": "array"})).json()
    assert [o["outcome"] for o in operations] == ["applied", "applied"]


def test_an_incremental_build_equals_a_full_build_with_a_by_clause_instrument(tmp_path: Path, cli: Any) -> None:
    root = make_repo(tmp_path / "a")
    build(Repository.open(root))
    assert cli("amend", BY_CLAUSE, "--repo", root).exit_code == 0
    build(Repository.open(root))  # incremental: the law's instruments changed
    full = _amended(tmp_path / "b", cli)
    build(Repository.open(full))
    import sqlite3

    def rows(where: Path) -> list[Any]:
        conn = sqlite3.connect(Repository.open(where).db_dir / "lawhistory.db")
        try:
            return conn.execute(
                "select number, valid_from, valid_to, instrument, not_in_force from versions where law = ? order by number",
                [KELLERBERRIN],
            ).fetchall()
        finally:
            conn.close()

    assert rows(root) == rows(full) and len(rows(full)) == 3


def test_a_later_day_refused_leaves_the_earlier_day_applied_and_the_law_incomplete_from_that_day(
    tmp_path: Path, cli: Any
) -> None:
    """Its file edited so cl. 5 names words 6.4(3) does not hold: cl. 4 still applies on its day, the days between
    say cl. 5 is not yet in force, and from cl. 5's day the law says it omits the instrument (never silently)."""
    root = _amended(tmp_path, cli)
    path = root / "amendments" / f"{INST_ID}.txt"
    path.write_text(path.read_text(encoding="utf-8").replace("  words: $5,000\n", "  words: $7,000\n"), encoding="utf-8")
    between = json.loads(_show(cli, root, BETWEEN, "json").stdout)
    assert between["incomplete"] == [] and between["not_yet_in_force"][0]["clauses"] == [{"clause": "5", "commences": LAST}]
    last = json.loads(_show(cli, root, LAST, "json").stdout)
    [entry] = last["incomplete"]
    assert (entry["instrument"], entry["commences"]) == (TITLE, LAST) and "$7,000" in entry["reason"]
    assert last["version"]["valid_from"] == "2021-04-09"  # cl. 4's version goes on: cl. 5 was not applied
    assert last["not_yet_in_force"] == []  # on its day cl. 5 is not "not yet in force": it is not applied
    repo = Repository.open(root)
    build(repo)
    import sqlite3

    conn = sqlite3.connect(repo.db_dir / "lawhistory.db")
    try:
        ops = conn.execute("select seq, outcome from operations where instrument = ? order by seq", [INST_ID]).fetchall()
        [(status,)] = conn.execute("select status from instruments where id = ?", [INST_ID]).fetchall()
    finally:
        conn.close()
    assert ops == [(1, "applied"), (2, "refused")] and status == "refused"
    for day in (BETWEEN, LAST):  # the build's rows say the same as the timeline
        at = dt.date.fromisoformat(day)
        assert show(repo, KELLERBERRIN, at, stored=True) == show(repo, KELLERBERRIN, at, stored=False)


# --- "the rest of the local law" beside an amending clause's own day (round 10, case 183) --------------------------

REST_ITEMS = (
    "(a) clauses 1 and 2 — on the day on which this local law is published in the Gazette (gazettal day); "
    "(b) clause 5 — on 1 September 2023; (c) the rest of the local law — on the day after gazettal day."
)


def test_the_rest_names_the_clauses_no_item_before_it_named() -> None:
    published = dt.date(2023, 6, 30)
    every = {REST: ("1", "2", "3", "4", "5")}
    want = (
        ("1", published),
        ("2", published),
        ("5", dt.date(2023, 9, 1)),
        ("3", dt.date(2023, 7, 1)),
        ("4", dt.date(2023, 7, 1)),
    )
    assert clause_days(SPLIT.format(REST_ITEMS), published, every) == want
    # without every clause given, "the rest" is not read (the words are refused for the amending clause's own day)
    assert clause_items(SPLIT.format(REST_ITEMS)) is None
    assert uncertain_commencement(SPLIT.format(REST_ITEMS)) is not None


@pytest.mark.parametrize(
    "items",
    [
        # "the rest" not last: which clauses it leaves to the items after it is not read
        "(a) clauses 1 and 2 — on publication; (b) the rest of the local law — on the day after that day; "
        "(c) clause 5 — on 1 September 2023.",
        # nothing left for "the rest" to name
        "(a) clauses 1 to 3 — on publication; (b) clauses 4 and 5 — on 1 September 2023; (c) the rest of the local "
        "law — on the day after that day.",
        # a day not read
        "(a) clauses 1 and 2 — on publication; (b) clause 5 — on 1 September 2023; (c) the rest of the local law — "
        "when the Minister approves it.",
    ],
)
def test_the_rest_not_wholly_read_gives_no_clause_days(items: str) -> None:
    assert clause_items(SPLIT.format(items), {REST: ("1", "2", "3", "4", "5")}) is None


def test_an_amending_clause_with_its_own_day_beside_the_rest_is_applied_on_each_day(tmp_path: Path, cli: Any) -> None:
    """Before, the words were refused ("(b) clause 5 — … give its amendments no one date"): cl. 4 now commences with the
    rest, the day after publication, and cl. 5 on its own day. ("The day after that day" after (b) is not read: that
    day would be 1 July 2021, not the day of publication.)"""
    repo = make_repo(tmp_path)
    changed = tmp_path / "synthetic_by_clause_rest.txt"
    text = BY_CLAUSE.read_text(encoding="utf-8").replace(
        "(a) clauses 1, 2, 3 and 4—on the day on which this local law is published in the Government Gazette; "
        "(b) clause 5—on 1 July 2021.",
        "(a) clauses 1 and 2—on the day on which this local law is published in the Government Gazette; "
        "(b) clause 5—on 1 July 2021; (c) the rest of the local law—on the day after its publication in the Gazette.",
    )
    assert text != BY_CLAUSE.read_text(encoding="utf-8")
    changed.write_text(text, encoding="utf-8")
    done = cli("amend", changed, "--repo", repo)
    assert done.exit_code == 0, done.stderr
    assert "cl. 1, 2 on 2021-04-09" in done.stdout and "cl. 3, 4 on 2021-04-10" in done.stdout
    assert "cl. 5 on 2021-07-01" in done.stdout
    before = _show(cli, repo, "2021-04-09").stdout
    assert "set fire to rubbish, refuse" in before  # cl. 4 not yet: it commences the day after publication
    between = _show(cli, repo, BETWEEN).stdout
    assert "set fire to waste, refuse" in between and "$5,000" in _penalty(between)
    assert "$10,000" in _penalty(_show(cli, repo, LAST).stdout)
