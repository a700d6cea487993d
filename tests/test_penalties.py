"""Penalties as data: schedule rows of prescribed offences as typed rows, linked to the clause each cites, and the
page comparing penalties for similar offences across local governments (bundled real laws, plus a SYNTHETIC
instrument that prints a penalty that is not an amount and cites clauses the law does not have)."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from lawhistory.deriving.penalties import read_penalty
from lawhistory.files.repo import Repository
from lawhistory.publishing.site import load_metadata, make_datasette

from .conftest_publish import KELLERBERRIN
from .conftest_publish import KULIN_ANIMALS as KULIN
from .features_repo import ROOT, make_features_repo


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Repository:
    return make_features_repo(tmp_path_factory.mktemp("penalties") / "repo")


def rows(repo: Repository, sql: str, params: Any = ()) -> list[dict[str, Any]]:
    conn = sqlite3.connect(repo.db_dir / "lawhistory.db")
    conn.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in conn.execute(sql, params)]
    finally:
        conn.close()


def _table_rows(law: str) -> int:
    """The rows of a law file's tables as printed there (table lines, less the heading rows above a |---| line)."""
    lines = (ROOT / "laws" / f"{law}.txt").read_text(encoding="utf-8").splitlines()
    return sum(
        1
        for k, line in enumerate(lines)
        if line.startswith("| ") and not (k + 1 < len(lines) and lines[k + 1].startswith("|---"))
    )


@pytest.mark.parametrize(
    ("cell", "amount"),
    [("$250", 250.0), ("$1,000", 1000.0), ("$1 000", 1000.0), (" $500 ", 500.0), ("$1,250.50", 1250.5), ("$ 300", 300.0)],
)
def test_amounts_are_read_as_numbers(cell: str, amount: float) -> None:
    assert read_penalty(cell) == (amount, None)


@pytest.mark.parametrize(
    "cell", ["$250 per day", "10 penalty units", "250", "—", "$250 or $500", "$1,00", "$25O", "Modified Penalty"]
)
def test_a_penalty_that_is_not_exactly_an_amount_is_flagged_never_guessed(cell: str) -> None:
    amount, problem = read_penalty(cell)
    assert amount is None and problem == f"the penalty “{cell.strip()}” is not an amount in dollars like $250"


def test_an_empty_penalty_cell_is_flagged() -> None:
    assert read_penalty("") == (None, "no penalty is printed in this row")


def test_every_bundled_schedule_row_is_typed(repo: Repository) -> None:
    """Every row of the bundled laws' offence schedules: an amount read, the clause cited linked in the law."""
    typed = rows(repo, "select * from offences where law in (?, ?) and from_version = 0", [KELLERBERRIN, KULIN])
    printed = rows(
        repo,
        "select p.law, count(*) as n from provisions p join provisions s on s.law = p.law and s.citation = p.parent"
        " and s.kind = 'schedule' and s.from_version = 0 where p.kind = 'item' and p.from_version = 0 and s.cells like '%Penalty%'"
        " and p.law in (?, ?) group by p.law",
        [KELLERBERRIN, KULIN],
    )
    in_files = {law: _table_rows(law) for law in (KELLERBERRIN, KULIN)}
    assert {r["law"]: r["n"] for r in printed} == in_files
    assert len(typed) == sum(in_files.values())
    assert all(r["penalty"] is not None and r["problem"] is None for r in typed)
    assert all(r["clause_eid"] and r["clause_link"] == "exact" for r in typed)
    bees = next(r for r in typed if r["law"] == KELLERBERRIN and r["item"] == "11")
    assert (bees["clause"], bees["clause_eid"], bees["offence"], bees["penalty"], bees["penalty_text"]) == (
        "2.13(1)", "sec_2.13__subsec_1", "Failure to obtain a permit to keep bees", 250.0, "$250",
    )  # fmt: skip
    assert (bees["citation"], bees["eid"], bees["valid_from"]) == ("Schedule 1 item 11", "sch_1__item_11", "2020-03-11")


def test_rows_changed_by_an_instrument_have_their_own_version_dates(repo: Repository) -> None:
    changed = {
        r["item"]: r
        for r in rows(
            repo, "select * from offences where law = ? and from_version = 1 and item in ('10', '11', '12', '13')", [KELLERBERRIN]
        )
    }
    assert changed["10"]["penalty"] is None and changed["10"]["penalty_text"] == "$250 per day"
    assert changed["10"]["problem"] == "the penalty “$250 per day” is not an amount in dollars like $250"
    assert (changed["11"]["clause"], changed["11"]["clause_eid"], changed["11"]["clause_link"]) == (
        "2.13(9)",
        "sec_2.13",
        "clause",
    )
    assert changed["12"]["clause_eid"] is None and changed["12"]["problem"] == "the law has no provision 9.99 in this version"
    assert changed["13"]["penalty"] == 1250.5
    before = rows(
        repo,
        "select valid_from, valid_to, penalty from offences where law = ? and item = '10' order by from_version",
        [KELLERBERRIN],
    )
    assert before == [
        {"valid_from": "2020-03-11", "valid_to": "2023-04-18", "penalty": 250.0},
        {"valid_from": "2023-04-18", "valid_to": None, "penalty": None},
    ]


async def test_penalties_page_compares_similar_offences_across_local_governments(repo: Repository) -> None:
    ds = make_datasette(repo.db_dir / "lawhistory.db", load_metadata(ROOT / "metadata.yml"))
    q = "Failure to keep premises clean and disinfected when directed by an EHO"
    data = (await ds.client.get("/-/penalties.json", params={"at": "2022-01-01", "q": q})).json()
    found = {(r["law"], r["item"]): r for r in data["offences"]}
    assert found[(KELLERBERRIN, "2")]["penalty"] == 250.0 and found[(KELLERBERRIN, "2")]["score"] == 100.0
    assert found[(KULIN, "2")]["penalty"] == 150.0
    assert data["summary"] == {
        "offences": len(found), "local_governments": 2, "with_amount": len(found), "flagged": 0,
        "min": 150.0, "median": data["summary"]["median"], "max": 250.0,
    }  # fmt: skip
    assert all(r["score"] >= 80 for r in data["offences"])
    html = (await ds.client.get("/-/penalties", params={"at": "2022-01-01", "q": q})).text
    assert "Modified penalties from <strong>$150</strong> to <strong>$250</strong>" in html
    assert f'href="/-/law/{KELLERBERRIN}?at=2022-01-01#sec_2.2__para_b"' in html
    csv = (await ds.client.get("/-/penalties.csv", params={"at": "2022-01-01", "q": q})).text.splitlines()
    assert (
        csv[0]
        == "score,local_government,law_title,law,citation,item,clause,clause_eid,offence,penalty,penalty_text,problem,valid_from,valid_to"
    )
    assert len(csv) == 1 + len(found)


async def test_a_flagged_penalty_is_shown_as_printed_and_left_out_of_the_range(repo: Repository) -> None:
    ds = make_datasette(repo.db_dir / "lawhistory.db", load_metadata(ROOT / "metadata.yml"))
    data = (
        await ds.client.get("/-/penalties.json", params={"at": "2024-01-01", "q": "Keeping birds so as to create a nuisance"})
    ).json()
    flagged = [r for r in data["offences"] if r["penalty"] is None]
    assert [(r["law"], r["item"], r["penalty_text"]) for r in flagged] == [(KELLERBERRIN, "10", "$250 per day")]
    assert data["summary"]["flagged"] == 1 and data["summary"]["with_amount"] == data["summary"]["offences"] - 1
    html = (
        await ds.client.get("/-/penalties", params={"at": "2024-01-01", "q": "Keeping birds so as to create a nuisance"})
    ).text
    assert "$250 per day ⚑" in html and "left out of the range" in html


async def test_penalties_page_without_words_lists_offences_printed_alike(repo: Repository) -> None:
    ds = make_datasette(repo.db_dir / "lawhistory.db", load_metadata(ROOT / "metadata.yml"))
    data = (await ds.client.get("/-/penalties.json", params={"at": "2022-01-01"})).json()
    common = {c["offence"]: c for c in data["common"]}
    assert common["Failure to maintain adequate enclosures"] == {
        "key": "failure to maintain adequate enclosures", "offence": "Failure to maintain adequate enclosures",
        "local_governments": 2, "offences": 2, "min": 150.0, "max": 250.0, "flagged": 0,
    }  # fmt: skip
    page = await ds.client.get("/-/penalties?at=2022-01-01&threshold=abc")
    assert page.status_code == 200 and "is not a whole number" in page.text


async def test_offences_canned_query(repo: Repository) -> None:
    ds = make_datasette(repo.db_dir / "lawhistory.db", load_metadata(ROOT / "metadata.yml"))
    got = (
        await ds.client.get("/lawhistory/offences.json", params={"at": "2024-01-01", "search": "bees", "_shape": "array"})
    ).json()
    assert {(r["law"], r["item"], r["penalty"]) for r in got} >= {(KELLERBERRIN, "11", 250.0), (KELLERBERRIN, "13", 1250.5)}


async def test_a_comparison_lists_at_most_max_rows_but_sums_up_all(repo: Repository, monkeypatch: pytest.MonkeyPatch) -> None:
    from lawhistory.deriving import penalties

    monkeypatch.setattr(penalties, "MAX_ROWS", 5)
    ds = make_datasette(repo.db_dir / "lawhistory.db", load_metadata(ROOT / "metadata.yml"))
    data = (await ds.client.get("/-/penalties.json", params={"at": "2022-01-01", "q": "failure", "threshold": "0"})).json()
    assert len(data["offences"]) == 5 and data["truncated"] is True
    assert data["summary"]["offences"] > 5
    html = (await ds.client.get("/-/penalties", params={"at": "2022-01-01", "q": "failure", "threshold": "0"})).text
    assert "The 5 most similar are listed" in html


def _plan(repo: Repository, sql: str) -> str:
    with sqlite3.connect(repo.db_dir / "lawhistory.db") as conn:
        return "\n".join(str(r[3]) for r in conn.execute(f"explain query plan {sql}"))


def test_each_rows_schedule_is_found_by_the_laws_key_and_citation(repo: Repository) -> None:
    """The offences step and the penalties view find each row's schedule by the index on (law key, citation): read
    through the provisions view joined to itself, SQLite searched every schedule span of every law for each row (the
    offences step took 109 s at 2,000 laws; the plan, not a time, is what is checked here)."""
    from lawhistory.deriving.penalties import _ROWS_SQL

    for sql in (_ROWS_SQL.format(where=""), "select * from penalties"):
        plan = _plan(repo, sql)
        assert "SEARCH s USING INDEX idx_provision_spans_law_key_citation (law_key=? AND citation=?)" in plan, plan


def test_current_provisions_reads_law_by_law_without_sorting_every_row(repo: Repository) -> None:
    """The first page of current_provisions (ordered by law and position) is read law by law from the primary key,
    not by sorting every provision in force first."""
    plan = _plan(repo, "select * from current_provisions limit 51")
    assert "USE TEMP B-TREE FOR ORDER BY" not in plan, plan
    assert plan.splitlines()[0].startswith("SCAN k USING COVERING INDEX idx_law_keys_id"), plan
