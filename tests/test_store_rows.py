"""What the database holds: provision spans, versions, changes, instruments and operation outcomes."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from lawhistory.core.versions import in_force
from lawhistory.deriving.library import timeline_for
from lawhistory.deriving.spans import merge_orders
from lawhistory.files.repo import Repository
from lawhistory.presenting.views import version_json

from .conftest_publish import (
    AMENDMENT_2021,
    AMENDMENT_2022,
    KELLERBERRIN,
    KULIN_ANIMALS,
    KULIN_HEALTH,
    PENDING,
    REFUSED,
    REPEAL,
    query,
)

pytest_plugins = ["tests.conftest_publish"]

AS_AT = (
    "select citation, eid, kind, num, heading, text, parent, term, cells, last_changed_by from provisions"
    " where law = ? and valid_from <= ? and (valid_to is null or valid_to > ?) order by position"
)


def db_path(repo: Repository) -> Path:
    return repo.db_dir / "lawhistory.db"


def as_at(repo: Repository, law: str, day: str) -> list[dict[str, object]]:
    rows = query(db_path(repo), AS_AT, [law, day, day])
    for r in rows:
        r["cells"] = json.loads(str(r["cells"]))
    return rows


@pytest.mark.parametrize(
    ("law", "day"),
    [
        (KELLERBERRIN, "2020-03-11"),  # commencement day of the law as made
        (KELLERBERRIN, "2021-04-22"),  # the day before the 2021 amendment
        (KELLERBERRIN, "2021-04-23"),
        (KELLERBERRIN, "2022-07-01"),
        (KELLERBERRIN, "2030-01-01"),
        (KULIN_HEALTH, "2022-12-31"),  # the day before its repeal
        (KULIN_ANIMALS, "2024-05-05"),
    ],
)
def test_point_in_time_query_gives_exactly_what_show_gives(built_repo: Repository, law: str, day: str) -> None:
    tl = timeline_for(built_repo, law)
    status, version = in_force(tl, dt.date.fromisoformat(day))
    expected = version_json(tl, dt.date.fromisoformat(day), status, version)["provisions"]
    assert status == "in_force"
    assert as_at(built_repo, law, day) == expected


@pytest.mark.parametrize(
    ("law", "day"), [(KELLERBERRIN, "2020-03-10"), (KULIN_HEALTH, "2023-01-01"), (KULIN_HEALTH, "2016-01-01")]
)
def test_no_provisions_before_commencement_or_after_repeal(built_repo: Repository, law: str, day: str) -> None:
    assert as_at(built_repo, law, day) == []


def test_an_unchanged_provision_is_one_row_for_all_versions(built_repo: Repository) -> None:
    rows = query(db_path(built_repo), "select * from provisions where law = ? and citation = '1.3'", [KELLERBERRIN])
    assert len(rows) == 1
    assert (rows[0]["valid_from"], rows[0]["valid_to"], rows[0]["from_version"], rows[0]["to_version"]) == (
        "2020-03-11",
        None,
        0,
        None,
    )
    assert rows[0]["changed_by"] == KELLERBERRIN and rows[0]["inserted_by"] == KELLERBERRIN and rows[0]["note"] is None


def test_a_provision_gets_a_new_span_when_its_words_change(built_repo: Repository) -> None:
    rows = query(
        db_path(built_repo), "select * from provisions where law = ? and citation = '2.8A' order by from_version", [KELLERBERRIN]
    )
    assert [(r["valid_from"], r["valid_to"], r["text"]) for r in rows] == [
        ("2021-04-23", "2022-07-01", "An owner or occupier of premises shall not keep more than 6 ducks."),
        ("2022-07-01", None, "An owner or occupier of premises shall not keep more than 4 ducks."),
    ]
    assert {r["inserted_by"] for r in rows} == {AMENDMENT_2021}
    assert [r["changed_by"] for r in rows] == [AMENDMENT_2021, AMENDMENT_2022]
    assert rows[1]["note"] == (  # every change, in order, as a reprint lists them
        "[Clause 2.8A inserted by Shire of Kellerberrin Animals, Environment and Nuisance Amendment Local Law 2021"
        " (SYNTHETIC TEST INSTRUMENT) cl. 4; amended by Shire of Kellerberrin Animals, Environment and Nuisance"
        " Amendment Local Law 2022 (SYNTHETIC TEST INSTRUMENT) cl. 6]"
    )


def test_a_deleted_provision_span_ends_at_the_deletion(built_repo: Repository) -> None:
    rows = query(db_path(built_repo), "select * from provisions where law = ? and citation = '2.7(d)'", [KELLERBERRIN])
    assert [(r["text"], r["valid_to"], r["to_version"]) for r in rows] == [("peafowls.", "2022-07-01", 2)]


def test_schedule_rows_keep_their_cells(built_repo: Repository) -> None:
    rows = query(
        db_path(built_repo),
        "select * from provisions where law = ? and citation = 'Schedule 1 item 6' order by from_version",
        [KELLERBERRIN],
    )
    assert [json.loads(str(r["cells"]))[-1] for r in rows] == ["$250", "$300"]
    assert str(rows[1]["text"]).endswith("| $300")


def test_versions_and_the_repealed_law(built_repo: Repository) -> None:
    versions = query(
        db_path(built_repo),
        "select number, valid_from, valid_to, instrument from versions where law = ? order by number",
        [KELLERBERRIN],
    )
    assert versions == [
        {"number": 0, "valid_from": "2020-03-11", "valid_to": "2021-04-23", "instrument": KELLERBERRIN},
        {"number": 1, "valid_from": "2021-04-23", "valid_to": "2022-07-01", "instrument": AMENDMENT_2021},
        {"number": 2, "valid_from": "2022-07-01", "valid_to": None, "instrument": AMENDMENT_2022},
    ]
    law = query(db_path(built_repo), "select * from laws where id = ?", [KULIN_HEALTH])[0]
    assert (law["repealed_from"], law["repealed_by"], law["versions"]) == ("2023-01-01", REPEAL, 1)
    last = query(db_path(built_repo), "select max(valid_to) as v from provisions where law = ?", [KULIN_HEALTH])[0]
    assert last["v"] == "2023-01-01"


def test_changes_hold_word_level_redlines(built_repo: Repository) -> None:
    rows = query(db_path(built_repo), "select * from changes where law = ? order by version, position", [KELLERBERRIN])
    by = {(r["version"], r["citation"]): r for r in rows}
    assert by[(1, "2.7(a)")]["change"] == "amended"
    assert by[(1, "2.7(a)")]["diff_html"] == "(a) <del>roosters;</del><ins>roosters and drakes;</ins>"
    assert by[(1, "2.8A")]["change"] == "inserted" and by[(1, "2.8A")]["before"] is None
    assert by[(2, "2.7(d)")]["change"] == "deleted" and by[(2, "2.7(d)")]["diff_html"] == "<del>(d) peafowls.</del>"
    assert by[(2, "2.7(d)")]["instrument"] == AMENDMENT_2022 and by[(2, "2.7(d)")]["valid_from"] == "2022-07-01"
    positions = [int(str(r["position"])) for r in rows if r["version"] == 1]
    assert positions == sorted(positions)


def test_instrument_statuses(built_repo: Repository) -> None:
    rows = {r["id"]: r for r in query(db_path(built_repo), "select * from instruments")}
    assert rows[KELLERBERRIN]["kind"] == "principal" and rows[KELLERBERRIN]["status"] == "applied"
    assert (rows[AMENDMENT_2021]["status"], rows[AMENDMENT_2021]["amends"]) == ("applied", KELLERBERRIN)
    assert rows[REPEAL]["status"] == "applied" and rows[REPEAL]["kind"] == "repeal"
    assert rows[REFUSED]["status"] == "refused"
    assert "cl. 4: 2.7(a): the words “emus” do not occur in it" in str(rows[REFUSED]["reason"])
    assert rows[PENDING]["status"] == "pending" and rows[PENDING]["amends"] is None
    assert rows[PENDING]["reason"] == "Shire of Nowhere Parking Local Law 2015 (SYNTHETIC) is not in the repository"
    assert rows["gosnells/local-government-property-amendment-local-law-2020"]["status"] == "pending"


def test_operation_outcomes(built_repo: Repository) -> None:
    def ops(inst: str) -> list[tuple[object, ...]]:
        rows = query(
            db_path(built_repo), "select seq, clause, outcome, detail from operations where instrument = ? order by seq", [inst]
        )
        return [(r["seq"], r["clause"], r["outcome"], r["detail"]) for r in rows]

    assert ops(AMENDMENT_2021) == [
        (1, "3", "applied", "changed 2.7(a)"),
        (2, "4", "applied", "inserted 2.8A"),
        (3, "5", "applied", "inserted 1.4(1) “drake”"),
        (4, "6", "applied", "changed Schedule 1 item 6"),
    ]
    assert ops(AMENDMENT_2022)[1] == (2, "4", "applied", "deleted 2.7(d)")
    refused = ops(REFUSED)
    assert refused[0] == (1, "3", "not applied", "it would apply, but the instrument was refused at cl. 4")
    assert refused[1][2] == "refused" and "the words “emus” do not occur" in str(refused[1][3])
    assert refused[2] == (3, "5", "not applied", "the instrument was refused at cl. 4")
    assert ops(REPEAL) == [(1, "3", "applied", "repealed Shire of Kulin Health Local Law 2016 from 2023-01-01")]
    assert ops(PENDING)[0][2] == "pending"
    source = query(
        db_path(built_repo), "select source, description from operations where instrument = ? and seq = 1", [AMENDMENT_2021]
    )[0]
    assert source == {
        "source": "In clause 2.7(a) delete “roosters” and insert “roosters and drakes”.",
        "description": "in 2.7(a) substitute “roosters and drakes” for “roosters”",
    }


def test_merged_order_keeps_every_versions_document_order() -> None:
    orders = [["1", "2", "3"], ["1", "2", "2A", "3"], ["1", "2A", "3", "4"], ["0", "1", "2A", "3", "4"]]
    slots, position = merge_orders(orders)
    for mine in slots:
        assert [position[s] for s in mine] == sorted(position[s] for s in mine)
    assert slots[0][1] == slots[1][1]  # clause 2 keeps its place while it exists
    assert len(position) == 6  # 0, 1, 2, 2A, 3, 4: a deleted provision keeps its slot


def test_the_cli_history_and_the_database_serialise_versions_alike(built_repo: Repository) -> None:
    from lawhistory.deriving.library import history_rows

    tl = timeline_for(built_repo, KELLERBERRIN)
    stored = query(
        db_path(built_repo), "select number, valid_from, valid_to from versions where law = ? order by number", [KELLERBERRIN]
    )
    cli = [{k: r[k] for k in ("number", "valid_from", "valid_to")} for r in history_rows(tl)[: len(tl.versions)]]
    assert len(stored) == len(tl.versions) > 1
    assert cli == [dict(r) for r in stored]
