"""Never silently out of date (issue 21): an instrument the repository holds and has not applied — refused when its
law arrived, refused by ``amend`` and kept, or waiting for earlier amendments — makes the law *incomplete* from its
commencement on, and every view says so (show in every format, export, diff, history, list, the site's law page and
search, the tables and the canned query); none says so before the commencement."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from lawhistory.deriving.build import build
from lawhistory.files.repo import Repository
from lawhistory.publishing.site import make_datasette
from tests.conftest import INSTRUMENTS, KELLERBERRIN, SEEDS, make_repo
from tests.conftest_publish import METADATA, visible_text

TWICE = INSTRUMENTS / "synthetic_refuse_words_twice.txt"  # cl. 4: “poultry” occurs 7 times in clause 2.6
TWICE_TITLE = "Shire of Kellerberrin Animals, Environment and Nuisance Amendment (No. 11) Local Law 2021"
TWICE_ID = "kellerberrin/animals-environment-and-nuisance-amendment-no-11-local-law-2021"
I2021 = INSTRUMENTS / "synthetic_kellerberrin_amendment_2021.txt"
I2022 = INSTRUMENTS / "synthetic_kellerberrin_amendment_2022.txt"
COMMENCES = "2021-04-23"  # 14 days after the Gazette of 9 April 2021


def _show(cli: Any, repo: Path, at: str, fmt: str = "text") -> Any:
    result = cli("show", KELLERBERRIN, "--at", at, "--format", fmt, "--repo", repo)
    assert result.exit_code == 0, result.stderr
    return result


def _assert_incomplete_everywhere(cli: Any, repo: Path, title: str, commences: str, why: str) -> None:
    """Every CLI view of the law on its commencement says it omits ``title``, naming the date and the reason; the day
    before, none does."""
    text = _show(cli, repo, commences)
    first = text.stdout.splitlines()[0]
    assert first.startswith("INCOMPLETE: this text omits") and title in first and commences in first and why in first
    assert text.stdout.splitlines()[1] == "Shire of Kellerberrin Animals, Environment and Nuisance Local Law 2019"
    assert text.stderr.startswith("warning: INCOMPLETE") and title in text.stderr
    md = _show(cli, repo, commences, "md").stdout
    assert md.index("INCOMPLETE") < md.index("# Shire of Kellerberrin")
    page = _show(cli, repo, commences, "html").stdout
    assert page.index('class="incomplete"') < page.index("<h1>") and why in page
    shown = json.loads(_show(cli, repo, commences, "json").stdout)
    assert shown["status"] == "in_force"
    [entry] = shown["incomplete"]
    assert (entry["instrument"], entry["commences"]) == (title, commences) and why in entry["reason"]
    akn = cli("export", KELLERBERRIN, "--at", commences, "--repo", repo)
    assert akn.exit_code == 0 and 'eId="note_incomplete"' in akn.stdout and title in akn.stdout
    diff = cli("diff", KELLERBERRIN, "--from", "2020-03-11", "--to", commences, "--repo", repo)
    assert diff.exit_code == 0 and diff.stdout.startswith("INCOMPLETE") and title in diff.stdout
    history = cli("history", KELLERBERRIN, "--repo", repo).stdout.splitlines()
    [line] = [h for h in history if "not applied:" in h]
    assert title in line and f"(commences {commences})" in line and why in line
    # the day before it commences the text omits nothing, and nothing says it does
    before = _show(cli, repo, _day_before(commences), "json")
    assert json.loads(before.stdout)["incomplete"] == [] and before.stderr == ""
    assert "INCOMPLETE" not in _show(cli, repo, _day_before(commences)).stdout
    early = cli("export", KELLERBERRIN, "--at", _day_before(commences), "--repo", repo)
    assert "note_incomplete" not in early.stdout


def _day_before(day: str) -> str:
    import datetime as dt

    return (dt.date.fromisoformat(day) - dt.timedelta(days=1)).isoformat()


def test_a_refused_amend_is_kept_with_its_reason_and_every_view_says_the_law_omits_it(tmp_path: Path, cli) -> None:
    repo = make_repo(tmp_path)
    refused = cli("amend", TWICE, "--repo", repo)
    assert refused.exit_code == 1 and len(refused.stderr.splitlines()) == 1
    assert "occur 7 times" in refused.stderr and f"kept as not applied in amendments/{TWICE_ID}.txt" in refused.stderr
    record = (repo / "amendments" / f"{TWICE_ID}.txt").read_text(encoding="utf-8")
    assert "not_applied:" in record and "occur 7 times" in record
    _assert_incomplete_everywhere(cli, repo, TWICE_TITLE, COMMENCES, "the words “poultry” occur 7 times")
    listed = {r["id"]: r for r in json.loads(cli("list", "--json", "--repo", repo).stdout)}
    assert [n["instrument"] for n in listed[KELLERBERRIN]["incomplete"]] == [TWICE_TITLE]
    lines = cli("list", "--repo", repo).stdout.splitlines()
    assert next(r for r in lines if r.startswith(KELLERBERRIN)).endswith("\tincomplete (1 not applied)")
    assert next(r for r in lines if r.startswith("kulin/health")).endswith("\tcomplete")


def test_a_corrected_file_replaces_the_record_and_discard_keeps_nothing(tmp_path: Path, cli) -> None:
    repo = make_repo(tmp_path)
    assert cli("amend", TWICE, "--repo", repo).exit_code == 1
    fixed = tmp_path / "synthetic_corrected.txt"
    fixed.write_text(
        TWICE.read_text(encoding="utf-8").replace("delete “poultry” and", "delete “poultry” wherever occurring and"),
        encoding="utf-8",
    )
    applied = cli("amend", fixed, "--repo", repo)
    assert applied.exit_code == 0, applied.stderr
    assert "new version from 2021-04-23" in applied.stdout
    assert "not_applied:" not in (repo / "amendments" / f"{TWICE_ID}.txt").read_text(encoding="utf-8")
    shown = json.loads(_show(cli, repo, COMMENCES, "json").stdout)
    assert shown["incomplete"] == [] and shown["version"]["instrument"] == TWICE_TITLE
    again = make_repo(tmp_path / "again")
    discarded = cli("amend", TWICE, "--discard", "--repo", again)
    assert discarded.exit_code == 1 and "kept as not applied" not in discarded.stderr
    assert not (again / "amendments" / f"{TWICE_ID}.txt").exists()
    assert json.loads(_show(cli, again, COMMENCES, "json").stdout)["incomplete"] == []


def test_a_pending_instrument_refused_when_its_law_arrives_is_reported_and_shown(tmp_path: Path, cli) -> None:
    repo = make_repo(tmp_path, laws=False)
    pending = cli("amend", TWICE, "--repo", repo)
    assert pending.exit_code == 0 and "pending:" in pending.stdout
    (repo / "tests/fixtures/seeds").mkdir(parents=True)
    seed = repo / "tests/fixtures/seeds/004_34274a89b0432fb1.txt"
    shutil.copy(SEEDS / seed.name, seed)
    imported = cli("import", seed, "--repo", repo)
    assert imported.exit_code == 0, imported.stderr
    assert imported.stdout.split() == [KELLERBERRIN]  # stdout still gives only the ids
    [said] = [line for line in imported.stderr.splitlines() if "pending instrument" in line]
    assert TWICE_TITLE in said and "not applied:" in said and "occur 7 times" in said
    _assert_incomplete_everywhere(cli, repo, TWICE_TITLE, COMMENCES, "the words “poultry” occur 7 times")


def test_a_pending_instrument_waiting_for_earlier_amendments_is_shown_until_they_arrive(tmp_path: Path, cli) -> None:
    repo = make_repo(tmp_path)
    assert cli("amend", I2022, "--repo", repo).exit_code == 0
    title = "Shire of Kellerberrin Animals, Environment and Nuisance Amendment Local Law 2022"
    _assert_incomplete_everywhere(cli, repo, title, "2022-06-04", "2.12A")
    arrived = cli("amend", I2021, "--repo", repo)
    assert arrived.exit_code == 0, arrived.stderr
    assert f"pending instrument retried: {title}: applied" in arrived.stdout
    assert json.loads(_show(cli, repo, "2022-06-04", "json").stdout)["incomplete"] == []


async def test_the_site_tables_and_canned_query_say_the_law_is_incomplete(tmp_path: Path, cli) -> None:
    root = make_repo(tmp_path)
    assert cli("amend", TWICE, "--repo", root).exit_code == 1
    built = cli("build", "--quiet", "--repo", root)
    assert built.exit_code == 0, built.stderr
    assert "1 law(s) incomplete" in built.stdout and f"{KELLERBERRIN}: 1 not applied, from {COMMENCES}" in built.stdout
    repo = Repository.open(root)
    ds = make_datasette(repo.db_dir / "lawhistory.db", METADATA)
    page = (await ds.client.get(f"/-/law/{KELLERBERRIN}?at=2021-05-01")).text
    banner = page[page.index('id="incomplete"') : page.index('id="status-line"')]
    assert TWICE_TITLE in visible_text(banner) and COMMENCES in banner and "occur 7 times" in visible_text(banner)
    assert page.index('id="incomplete"') < page.index('class="law-text')
    assert 'id="incomplete"' not in (await ds.client.get(f"/-/law/{KELLERBERRIN}?at=2021-04-22")).text
    found = (await ds.client.get("/-/search.json", params={"q": "poultry"})).json()
    mine = [r for r in found["results"] if r["law"] == KELLERBERRIN]
    assert mine and all(r["incomplete"][0]["title"] == TWICE_TITLE for r in mine)
    as_json = (await ds.client.get(f"/-/law/{KELLERBERRIN}.json?at=2021-05-01")).json()
    assert as_json["incomplete"][0]["instrument"] == TWICE_TITLE
    conn = sqlite3.connect(repo.db_dir / "lawhistory.db")
    try:
        [(law_incomplete,)] = conn.execute("select incomplete from laws where id = ?", [KELLERBERRIN])
        versions = conn.execute("select incomplete from versions where law = ?", [KELLERBERRIN]).fetchall()
        rows = conn.execute("select law, instrument, commences from not_applied").fetchall()
    finally:
        conn.close()
    assert json.loads(law_incomplete)[0]["instrument_id"] == TWICE_ID
    assert [json.loads(v)[0]["commences"] for (v,) in versions] == [COMMENCES]
    assert rows == [(KELLERBERRIN, TWICE_ID, COMMENCES)]
    canned = (
        await ds.client.get("/lawhistory/law_as_at.json", params={"law": KELLERBERRIN, "at": "2021-05-01", "_shape": "array"})
    ).json()
    assert canned and all(TWICE_TITLE in r["incomplete"] for r in canned)
    early = (
        await ds.client.get("/lawhistory/law_as_at.json", params={"law": KELLERBERRIN, "at": "2021-04-22", "_shape": "array"})
    ).json()
    assert early and all(r["incomplete"] is None for r in early)
    # show reads the same from the build's rows as it derives
    stored = json.loads(_show(cli, root, "2021-05-01", "json").stdout)
    assert stored["incomplete"][0]["instrument"] == TWICE_TITLE


async def test_the_canned_query_law_as_known_says_what_its_text_omits_as_show_known_does(tmp_path: Path, cli) -> None:
    """``law_as_known`` shows the law's text on D as known on K: every row names the instrument not applied when it
    was published by K and commenced by D — exactly what ``show --at D --known K`` says — and none otherwise."""
    root = make_repo(tmp_path)
    assert cli("amend", TWICE, "--repo", root).exit_code == 1  # kept as not applied; Gazette 2021-04-09
    assert cli("build", "--quiet", "--repo", root).exit_code == 0
    ds = make_datasette(Repository.open(root).db_dir / "lawhistory.db", METADATA)

    async def canned(at: str, known: str) -> list[dict[str, Any]]:
        params = {"law": KELLERBERRIN, "at": at, "known": known, "_shape": "array"}
        rows: list[dict[str, Any]] = (await ds.client.get("/lawhistory/law_as_known.json", params=params)).json()
        assert rows, (at, known)
        return rows

    for at, known, omits in (("2021-05-01", "2021-05-01", True), ("2021-05-01", "2021-04-09", True),
                             ("2021-05-01", "2021-04-08", False), ("2021-04-22", "2021-05-01", False)):  # fmt: skip
        shown = cli("show", KELLERBERRIN, "--at", at, "--known", known, "--format", "json", "--repo", root)
        assert shown.exit_code == 0, shown.stderr
        said = json.loads(shown.stdout)["incomplete"]
        assert [n["instrument"] for n in said] == ([TWICE_TITLE] if omits else []), (at, known)
        cells = {r["incomplete"] for r in await canned(at, known)}
        if omits:
            [cell] = cells
            assert cell.startswith(f"{TWICE_TITLE} (commencing {COMMENCES}), not applied: ") and said[0]["reason"] in cell
        else:
            assert cells == {None}, (at, known)


async def test_the_canned_queries_of_provisions_across_laws_say_which_law_is_incomplete(tmp_path: Path, cli) -> None:
    """``penalties`` and ``offences`` give parts of each law's text on a date: each row of the law whose text omits an
    instrument then names it; a row of a complete law, or of the day before it commenced, names none."""
    root = make_repo(tmp_path)
    assert cli("amend", TWICE, "--repo", root).exit_code == 1  # kept as not applied, commencing 2021-04-23
    assert cli("build", "--quiet", "--repo", root).exit_code == 0
    ds = make_datasette(Repository.open(root).db_dir / "lawhistory.db", METADATA)
    for query, params in (("penalties", {"search": ""}), ("offences", {"search": ""})):
        for at, omits in (("2021-05-01", True), ("2021-04-22", False)):
            got = (await ds.client.get(f"/lawhistory/{query}.json", params={**params, "at": at, "_shape": "array"})).json()
            mine = [r for r in got if r["law"] == KELLERBERRIN]
            assert mine, (query, at)
            assert all((TWICE_TITLE in (r["incomplete"] or "")) == omits for r in mine), (query, at)
            assert all(r["incomplete"] is None for r in got if r["law"] != KELLERBERRIN), (query, at)


def test_build_derives_the_same_not_applied_rows_as_the_library(tmp_path: Path) -> None:
    """The ``not_applied`` table is what ``core.incomplete.not_applied`` says of each law (for the feeds of issue 25)."""
    from lawhistory.core.incomplete import not_applied
    from lawhistory.deriving import library
    from lawhistory.deriving.store import read_not_applied

    root = make_repo(tmp_path)
    shutil.copy(I2022, tmp_path / "i2022.txt")
    repo = Repository.open(root)
    from lawhistory.amending.amend import amend

    amend(repo, tmp_path / "i2022.txt")
    build(repo)
    stored = read_not_applied(repo.db_dir / "lawhistory.db")
    derived = [(tl.law.meta.id, n.instrument_id, n.commences) for tl in library.timelines(repo) for n in not_applied(tl)]
    assert [(r["law"], r["instrument"], r["commences"]) for r in stored] == [(a, b, c.isoformat()) for a, b, c in derived if c]
    assert len(stored) == 1


# --- a person supplies the reading (amend --draft / --operations) ---------------------------------------------------


def test_a_refused_instrument_completed_by_hand_gives_the_expected_law_noted_as_read_by_hand(tmp_path: Path, cli) -> None:
    import yaml

    repo = make_repo(tmp_path)
    assert cli("amend", TWICE, "--repo", repo).exit_code == 1  # kept as not applied
    ops = tmp_path / "ops.yml"
    drafted = cli("amend", TWICE, "--draft", ops, "--repo", repo)
    assert drafted.exit_code == 0, drafted.stderr
    doc = yaml.safe_load(ops.read_text(encoding="utf-8"))
    assert "occur 7 times" in doc["refused_when_verified"]
    [entry] = doc["instruments"][0]["instructions"]
    assert entry["words"] == "In clause 2.6 delete “poultry” and insert “fowl”."
    [op] = entry["operations"]
    assert (op["action"], op["target"], op["words"], op["new"]) == ("substitute_words", "2.6", "poultry", "fowl")
    op["occurrence"] = "all"  # what the expert reads: every “poultry” of clause 2.6
    ops.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    applied = cli("amend", TWICE, "--operations", ops, "--by", "A. Officer", "--repo", repo)
    assert applied.exit_code == 0, applied.stderr
    record = (repo / "amendments" / f"{TWICE_ID}.txt").read_text(encoding="utf-8")
    assert "not_applied:" not in record and "supplied_by_hand: true" in record and "by: A. Officer" in record
    shown = json.loads(_show(cli, repo, COMMENCES, "json").stdout)
    assert shown["incomplete"] == []
    p = {x["citation"]: x for x in shown["provisions"]}
    assert p["2.6(a)"]["text"] == "no fowl shall be kept less than 9 metres from any residential building;"
    assert "poultry" not in " ".join(x["text"] or "" for c, x in p.items() if c.startswith("2.6("))
    assert p["2.6(a)"]["last_changed_by"] == f"{TWICE_TITLE} cl. 4 (reading supplied by hand)"
    text = _show(cli, repo, COMMENCES).stdout
    assert f"[Paragraph 2.6(a) amended by {TWICE_TITLE} cl. 4 (reading supplied by hand)]" in text


def test_an_operations_file_that_leaves_a_clause_unaccounted_for_is_refused(tmp_path: Path, cli) -> None:
    import yaml

    repo = make_repo(tmp_path)
    ops = tmp_path / "ops.yml"
    assert cli("amend", I2021, "--draft", ops, "--repo", repo).exit_code == 0
    doc = yaml.safe_load(ops.read_text(encoding="utf-8"))
    instructions = doc["instruments"][0]["instructions"]
    dropped = instructions.pop(0)["clause"]
    ops.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    refused = cli("amend", I2021, "--operations", ops, "--repo", repo)
    assert refused.exit_code == 1 and f"do not account for cl. {dropped}" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
    unread = INSTRUMENTS / "synthetic_refuse_unreadable.txt"
    assert cli("amend", unread, "--draft", ops, "--repo", repo).stdout.startswith(f"wrote {ops}: 1 instruction(s) to complete")
    placeholder = cli("amend", unread, "--operations", ops, "--repo", repo)  # the placeholder left empty
    assert placeholder.exit_code == 1 and "cl. 4 has no operations" in placeholder.stderr and "none: true" in placeholder.stderr
    assert not list((repo / "amendments").rglob("*.txt"))  # a refused reading keeps no record: nothing was read


# --- commencement from the Act the law was made under -------------------------------------------------------------

BYLAW = """{day} GOVERNMENT GAZETTE, W.A. 701
{act_caps}
SHIRE OF EXAMPLETON
BY-LAWS RELATING TO SYNTHETIC TEST HALLS
In pursuance of the powers conferred upon it by the {act}, and all other powers enabling it, the Council of the Shire of \
Exampleton hereby records having resolved on 2 February 1988 to make the following by-laws.
1. In these by-laws, unless the context otherwise requires, "hall" means a hall of the Council.
2. No person shall enter a hall without the leave of the Council.
3. The Council may fix the charges for the use of a hall.
Dated this 2nd day of February 1988.
"""
REPEAL_2005 = """1 June 2005 GOVERNMENT GAZETTE, WA 2401
LOCAL GOVERNMENT ACT 1995
SHIRE OF EXAMPLETON
SYNTHETIC REPEAL LOCAL LAW 2005
Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the Council of the \
Shire of Exampleton resolved on 10 May 2005 to make the following local law.
1. Citation
This local law may be cited as the Shire of Exampleton Synthetic Repeal Local Law 2005.
2. Commencement
This local law comes into operation 14 days after the date of its publication in the Government Gazette.
3. Repeal
The Shire of Exampleton By-laws Relating to Synthetic Test Halls published in the Government Gazette on {published} are \
repealed.
Dated: 10 May 2005.
"""
HALLS = "exampleton/by-laws-relating-to-synthetic-test-halls"


def _import_bylaw(cli: Any, tmp_path: Path, day: str, act: str) -> tuple[Path, Any]:
    from lawhistory.files.repo import Repository as Repo

    repo = Repo.init(tmp_path / "repo").root
    source = tmp_path / "synthetic_bylaw.txt"
    source.write_text(BYLAW.format(day=day, act=act, act_caps=act.upper()), encoding="utf-8")
    result = cli("import", source, "--repo", repo)
    assert result.exit_code == 0, result.stderr
    return repo, result


def test_a_by_law_with_no_commencement_words_commences_by_the_interpretation_act_and_its_repeal_shows(
    tmp_path: Path, cli
) -> None:
    repo, imported = _import_bylaw(cli, tmp_path, "4 March 1988]", "Local Government Act 1960")
    assert "Interpretation Act 1984 s 41(1)(b)), 1988-03-04" in imported.stderr  # the note names the rule
    for day, status in [("1988-03-03", "not_in_force"), ("1988-03-04", "in_force"), ("2004-01-01", "in_force")]:
        shown = cli("show", HALLS, "--at", day, "--format", "json", "--repo", repo)
        assert shown.exit_code == 0, shown.stderr
        assert json.loads(shown.stdout)["status"] == status
    text = (repo / "laws" / f"{HALLS}.txt").read_text(encoding="utf-8")
    assert "rule: interpretation_s41" in text and "Interpretation Act 1984 s 41(1)(b)" in text
    repeal = tmp_path / "synthetic_repeal.txt"
    repeal.write_text(REPEAL_2005.format(published="4 March 1988"), encoding="utf-8")
    assert cli("amend", repeal, "--repo", repo).exit_code == 0
    after = json.loads(cli("show", HALLS, "--at", "2005-06-15", "--format", "json", "--repo", repo).stdout)
    assert after["status"] == "repealed"
    before = json.loads(cli("show", HALLS, "--at", "2005-06-14", "--format", "json", "--repo", repo).stdout)
    assert before["status"] == "in_force" and before["provisions"]


def test_a_law_made_under_the_local_government_act_1995_commences_14_days_after_publication(tmp_path: Path, cli) -> None:
    repo, imported = _import_bylaw(cli, tmp_path, "4 March 1998]", "Local Government Act 1995")
    assert "(s 3.14(1)), 1998-03-18" in imported.stderr
    assert json.loads(cli("show", HALLS, "--at", "1998-03-17", "--format", "json", "--repo", repo).stdout)["status"] == (
        "not_in_force"
    )
    assert json.loads(cli("show", HALLS, "--at", "1998-03-18", "--format", "json", "--repo", repo).stdout)["status"] == (
        "in_force"
    )


def test_when_no_rule_gives_the_day_the_hint_names_a_fix_that_works(tmp_path: Path, cli) -> None:
    """Before the Interpretation Act 1984 no rule here gives the day: the refusal says to set it in the law's file (the
    gazette date is known, so re-importing with --gazette-date would change nothing)."""
    repo, _ = _import_bylaw(cli, tmp_path, "4 March 1971]", "Local Government Act 1960")
    refused = cli("show", HALLS, "--at", "1990-01-01", "--repo", repo)
    assert refused.exit_code == 1 and "--gazette-date" not in refused.stderr
    assert f"set commencement.date (rule: fixed_date) in the front matter of laws/{HALLS}.txt" in refused.stderr
    law = repo / "laws" / f"{HALLS}.txt"
    text = law.read_text(encoding="utf-8")
    law.write_text(
        text.replace("  rule: unknown\n", "  rule: fixed_date\n").replace("  date: null\n", "  date: 1971-03-04\n", 1),
        encoding="utf-8",
    )
    assert json.loads(cli("show", HALLS, "--at", "1990-01-01", "--format", "json", "--repo", repo).stdout)["status"] == "in_force"


#: A synthetic by-law as the repository holds it (front matter), with its commencement as the test gives it.
HALLS_FILE = """---
id: exampleton/by-laws-relating-to-synthetic-test-halls
title: Shire of Exampleton By-laws Relating to Synthetic Test Halls
local_government: Shire of Exampleton
kind: principal
made: null
gazette:
  date: {published}
  number: null
  pages: null
commencement:
  wording: null
  rule: {rule}
  days: null
  date: {date}
partial: false
source: 'synthetic test fixture (invented text, not law)'
---

1.
  In these by-laws, unless the context otherwise requires, "hall" means a hall of the Council.

2.
  No person shall enter a hall without the leave of the Council.
"""
#: A synthetic amendment of it in the 1960s–1980s frame (heading, "records having resolved", "in lieu thereof"), with
#: no commencement words.
HALLS_AMENDMENT = """{day}] GOVERNMENT GAZETTE, W.A. 4801
{act}.
Shire of Exampleton.
By-laws Relating to Synthetic Test Halls—Amendment.
In pursuance of the powers conferred upon it by the abovementioned Act and all other powers enabling it, the Council \
of the Shire of Exampleton hereby records having resolved on the 9th day of October, {year}, to make and submit for \
confirmation by the Governor the following amendment to the By-laws Relating to Synthetic Test Halls published in the \
Government Gazette on the {published_words}:—
The By-laws Relating to Synthetic Test Halls are amended as follows:—
1. By-law 2 is amended by deleting the words "the leave" between "without" and "of the Council" and inserting in lieu \
thereof the words "the written leave".
Dated this 14th day of October, {year}.
"""


def _halls(tmp_path: Path, published: str, rule: str, date: str | None) -> Path:
    repo = Repository.init(tmp_path / "repo").root
    law = repo / "laws" / f"{HALLS}.txt"
    law.parent.mkdir(parents=True, exist_ok=True)
    law.write_text(HALLS_FILE.format(published=published, rule=rule, date=date or "null"), encoding="utf-8")
    return repo


def _halls_amendment(tmp_path: Path, day: str, act: str, published_words: str) -> Path:
    path = tmp_path / "synthetic_halls_amendment.txt"
    text = HALLS_AMENDMENT.format(day=day, act=act, year=day.split()[-1], published_words=published_words)
    path.write_text(text, encoding="utf-8")
    return path


def _text_of_2(cli: Any, repo: Path, day: str) -> str:
    shown = cli("show", HALLS, "--at", day, "--format", "json", "--repo", repo)
    assert shown.exit_code == 0, shown.stderr
    data = json.loads(shown.stdout)
    assert data["incomplete"] == [], data["incomplete"]
    return next(p["text"] for p in data["provisions"] if p["citation"] == "2")


AMENDED, ORIGINAL = "without the written leave of the Council", "without the leave of the Council"


@pytest.mark.parametrize(
    ("day", "act", "commences", "rule", "cited"),
    [
        # a by-law amendment under the Local Government Act 1960 published from 1 July 1984: on its publication
        (
            "2 December 1988",
            "Local Government Act 1960",
            "1988-12-02",
            "interpretation_s41",
            "Interpretation Act 1984 s 41(1)(b)",
        ),
        # under the Local Government Act 1995: the 14th day after
        ("2 December 2005", "Local Government Act 1995", "2005-12-16", "lga_s3_14", "(s 3.14(1))"),
    ],
)
def test_an_amendment_with_no_commencement_words_commences_by_the_act_it_names(
    tmp_path: Path, cli, day: str, act: str, commences: str, rule: str, cited: str
) -> None:
    """The law it amends records a day of its own (fixed_date), which is no rule to follow: the Act the amendment names
    decides, and the note (``amend --json``, the instrument's file) names the rule; ``show --at`` gives the amended
    text from that day and the text as it was the day before."""
    repo = _halls(tmp_path, "1988-03-04", "fixed_date", "1988-03-04")
    amended = cli("amend", _halls_amendment(tmp_path, day, act, "4th day of March, 1988"), "--json", "--repo", repo)
    assert amended.exit_code == 0, amended.stderr
    [done] = json.loads(amended.stdout)["instruments"]
    assert (done["status"], done["commencement"], done["version_from"]) == ("applied", commences, commences)
    [note] = [n for n in done["notes"] if n.startswith("it has no commencement words")]
    assert cited in note and act in note and commences in note
    stored = (repo / done["file"]).read_text(encoding="utf-8")
    assert f"rule: {rule}" in stored and cited in stored
    assert AMENDED in _text_of_2(cli, repo, commences)
    assert ORIGINAL in _text_of_2(cli, repo, _day_before(commences))


def test_a_by_law_amendment_before_1984_takes_the_rule_the_law_it_amends_records(tmp_path: Path, cli) -> None:
    """Before 1 July 1984 no rule lawhistory can cite gives the day a by-law with no commencement words came into
    operation. Where the repository records that the by-law it amends came into operation on its publication (set by a
    person: rule on_gazettal), an amendment made under the same Act in the same period takes that rule, noted."""
    repo = _halls(tmp_path, "1961-06-05", "on_gazettal", "1961-06-05")
    source = _halls_amendment(tmp_path, "3 December 1963", "Local Government Act, 1960-1962", "5th day of June, 1961")
    amended = cli("amend", source, "--json", "--repo", repo)
    assert amended.exit_code == 0, amended.stderr
    [done] = json.loads(amended.stdout)["instruments"]
    assert done["commencement"] == "1963-12-03"
    [note] = [n for n in done["notes"] if n.startswith("it has no commencement words")]
    assert "commencement.rule: on_gazettal" in note and "before 1 July 1984" in note
    assert AMENDED in _text_of_2(cli, repo, "1963-12-03") and ORIGINAL in _text_of_2(cli, repo, "1963-12-02")


def test_a_by_law_amendment_before_1984_with_no_rule_is_kept_and_the_fix_it_names_works(tmp_path: Path, cli) -> None:
    """With no rule recorded for the by-law it amends, the amendment's day is not known: it is refused and kept, every
    view says the law omits it, and the fix the refusal names (its day in the kept file's front matter) applies it."""
    repo = _halls(tmp_path, "1961-06-05", "unknown", None)
    law = repo / "laws" / f"{HALLS}.txt"
    law.write_text(law.read_text(encoding="utf-8").replace("  date: null\n", "  date: 1961-06-05\n", 1), "utf-8")
    source = _halls_amendment(tmp_path, "3 December 1963", "Local Government Act, 1960-1962", "5th day of June, 1961")
    refused = cli("amend", source, "--repo", repo)
    assert refused.exit_code == 1 and len(refused.stderr.strip().splitlines()) == 1
    assert "before the Interpretation Act 1984" in refused.stderr and "on or after 1963-12-03" in refused.stderr
    [kept] = (repo / "amendments").rglob("*.txt")
    assert f"set commencement.date (rule: fixed_date) to that day in the front matter of {kept.relative_to(repo)}" in (
        refused.stderr
    )
    shown = json.loads(cli("show", HALLS, "--at", "1970-01-01", "--format", "json", "--repo", repo).stdout)
    assert shown["incomplete"][0]["instrument"] == "Shire of Exampleton By-laws Relating to Synthetic Test Halls Amendment"
    # the fix: the day in its front matter, and the record of the refusal deleted
    text = kept.read_text(encoding="utf-8")
    head, rest = text.split("not_applied:\n", 1)
    rest = rest.split("\n", 2)[2]  # its reason and recorded lines
    fixed = (
        (head + rest).replace("  rule: unknown\n", "  rule: fixed_date\n").replace("  date: null\n", "  date: 1963-12-10\n", 1)
    )
    kept.write_text(fixed, encoding="utf-8")
    assert AMENDED in _text_of_2(cli, repo, "1963-12-10") and ORIGINAL in _text_of_2(cli, repo, "1963-12-09")


def test_an_amendment_under_another_act_from_1996_names_both_possible_days(tmp_path: Path, cli) -> None:
    """Made under the Health Act 1911 and published in 2000 with no commencement words, an amendment came into
    operation on publication (Interpretation Act 1984 s 41(1)(b)) or 14 days after (if that Act applies the LGA 1995's
    s 3.14): no one day, so it is refused and kept, naming both."""
    repo = _halls(tmp_path, "1988-03-04", "fixed_date", "1988-03-04")
    source = _halls_amendment(tmp_path, "12 June 2000", "Health Act 1911", "4th day of March, 1988")
    refused = cli("amend", source, "--repo", repo)
    assert refused.exit_code == 1 and "on 2000-06-12 or on 2000-06-26" in refused.stderr
    assert "Interpretation Act 1984 s 41(1)(b)" in refused.stderr and "front matter of amendments/" in refused.stderr
    assert ORIGINAL in _text_of_2(cli, repo, "2000-06-11")


def test_a_by_law_before_1984_with_no_commencement_words_answers_every_date_before_its_publication(tmp_path: Path, cli) -> None:
    """Before 1 July 1984 no rule lawhistory can cite gives the day: every date before the by-law was published is
    answered (not yet in force), and only the dates from its publication are refused, naming the window and the fix."""
    repo, imported = _import_bylaw(cli, tmp_path, "4 March 1971]", "Local Government Act 1960")
    assert "before the Interpretation Act 1984" in imported.stderr  # the note says why no rule gives the day
    before = cli("show", HALLS, "--at", "1971-03-03", "--format", "json", "--repo", repo)
    assert before.exit_code == 0, before.stderr
    assert json.loads(before.stdout)["status"] == "not_in_force"
    assert "not yet in force" in cli("show", HALLS, "--at", "1971-03-03", "--repo", repo).stdout
    for day in ("1971-03-04", "2001-01-01"):
        refused = cli("show", HALLS, "--at", day, "--repo", repo)
        assert refused.exit_code == 1 and "on or after its publication on 1971-03-04" in refused.stderr
        assert "rule: on_gazettal if that was the day of its publication" in refused.stderr
    assert cli("build", "--quiet", "--repo", repo).exit_code == 0
    stored = cli("show", HALLS, "--at", "1971-03-03", "--format", "json", "--repo", repo)  # read from the build
    assert stored.exit_code == 0 and json.loads(stored.stdout)["status"] == "not_in_force"


# --- did you mean -----------------------------------------------------------------------------------------------------


def test_a_misspelt_law_name_suggests_the_law_and_law_links_it(tmp_path: Path, cli) -> None:
    repo = make_repo(tmp_path)
    misspelt = tmp_path / "synthetic_misspelt.txt"
    text = I2021.read_text(encoding="utf-8")
    assert "amends the Shire of Kellerberrin Animals" in text
    misspelt.write_text(
        text.replace("amends the Shire of Kellerberrin Animals", "amends the Shire of Kellerbery Animals"), "utf-8"
    )
    pending = cli("amend", misspelt, "--repo", repo)
    assert pending.exit_code == 0, pending.stderr
    assert f"did you mean {KELLERBERRIN}?" in pending.stdout
    assert f"'lawhistory amend {misspelt} --law {KELLERBERRIN}'" in pending.stderr
    linked = cli("amend", misspelt, "--law", KELLERBERRIN, "--repo", repo)
    assert linked.exit_code == 0, linked.stderr
    assert f"applied to {KELLERBERRIN}: new version from 2021-04-23" in linked.stdout
    stored = next((repo / "amendments").rglob("*.txt")).read_text(encoding="utf-8")
    assert f"id: {KELLERBERRIN}" in stored and "by hand (amend --law)" in stored
    shown = json.loads(_show(cli, repo, "2021-04-23", "json").stdout)
    assert shown["version"]["valid_from"] == "2021-04-23"
    unknown = cli("amend", misspelt, "--law", "kellerberrin/no-such-law", "--repo", repo)
    assert unknown.exit_code == 1 and "no such law in the repository" in unknown.stderr


def test_amend_on_a_principal_law_the_repository_has_does_not_say_to_import_it(tmp_path: Path, cli) -> None:
    repo = make_repo(tmp_path)
    result = cli("amend", SEEDS / "003_9692f55efac41e9f.txt", "--repo", repo)
    assert result.exit_code == 1 and "the repository has them already" in result.stderr
    assert "lawhistory import" not in result.stderr


async def test_where_the_act_leaves_the_day_uncertain_only_the_window_is_refused(tmp_path: Path, cli) -> None:
    """A law of 2000 made under the Health Act 1911 with no commencement words came into operation on the day it was
    published (Interpretation Act 1984 s 41(1)(b)) or 14 days later (if that Act applies the Local Government Act 1995's
    s 3.14): every date before or after is answered, and the window is refused, named."""
    repo, imported = _import_bylaw(cli, tmp_path, "12 June 2000]", "Health Act 1911")
    assert "whether it was in force between those days is not known" in imported.stderr
    status = {day: cli("show", HALLS, "--at", day, "--format", "json", "--repo", repo) for day in ("2000-06-11", "2000-06-26")}
    assert json.loads(status["2000-06-11"].stdout)["status"] == "not_in_force"
    assert json.loads(status["2000-06-26"].stdout)["status"] == "in_force"
    for day in ("2000-06-12", "2000-06-25"):
        refused = cli("show", HALLS, "--at", day, "--repo", repo)
        assert refused.exit_code == 1 and len(refused.stderr.strip().splitlines()) == 1
        assert "on 2000-06-12 or on 2000-06-26" in refused.stderr and f"in force on {day} is not known" in refused.stderr
    assert cli("build", "--quiet", "--repo", repo).exit_code == 0
    stored = cli("show", HALLS, "--at", "2000-06-20", "--repo", repo)  # read from the build: the same refusal
    assert stored.exit_code == 1 and "on 2000-06-12 or on 2000-06-26" in stored.stderr
    assert json.loads(cli("show", HALLS, "--at", "2000-06-26", "--format", "json", "--repo", repo).stdout)["status"] == (
        "in_force"
    )
    ds = make_datasette(repo / "db" / "lawhistory.db", METADATA)
    page = visible_text((await ds.client.get(f"/-/law/{HALLS}?at=2000-06-20")).text)
    assert "As at 2000-06-20: whether it was in force is not known" in page and "2000-06-26" in page
    later = visible_text((await ds.client.get(f"/-/law/{HALLS}?at=2000-06-26")).text)
    assert "As at 2000-06-26: in force" in later and "No person shall enter a hall" in later


def test_the_plain_show_entry_point_warns_on_stderr_too(tmp_path: Path, cli) -> None:
    """``lawhistory show LAW --at D`` run by the fast entry point (``entry.main``) prints the same warning."""
    from lawhistory import entry
    from tests.conftest import run_main

    repo = make_repo(tmp_path)
    assert cli("amend", I2022, "--repo", repo).exit_code == 0
    code, out, err = run_main(entry.main, "show", KELLERBERRIN, "--at", "2022-06-04", "--repo", repo)
    assert code == 0 and out.startswith("INCOMPLETE: this text omits") and err.startswith("warning: INCOMPLETE")
    code, out, err = run_main(entry.main, "show", KELLERBERRIN, "--at", "2022-06-03", "--repo", repo)
    assert code == 0 and "INCOMPLETE" not in out and err == ""
