"""Statutory reviews (s 3.16 Local Government Act 1995): the rule, the front matter, the CLI, the site's page and
the canned query, on SYNTHETIC laws of invented councils (tests/fixtures/synthetic/features/) and the bundled laws."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from lawhistory.cli import app
from lawhistory.core.errors import FormatError
from lawhistory.deriving.reviews import REVIEWS_SQL, due_date, review
from lawhistory.files.frontmatter import meta_from_dict
from lawhistory.files.repo import Repository
from lawhistory.publishing.site import load_metadata, make_datasette

from .conftest_publish import KELLERBERRIN
from .features_repo import NEWTOWN, OLDTOWN, ROOT, make_features_repo

D = dt.date


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Repository:
    return make_features_repo(tmp_path_factory.mktemp("reviews") / "repo")


@pytest.mark.parametrize(
    ("anchor", "at", "due", "rule"),
    [
        (D(2017, 1, 25), D(2024, 1, 1), D(2025, 1, 25), "8 years"),  # before 7 December 2024: 8 years
        (D(2017, 1, 25), D(2025, 6, 1), D(2032, 1, 25), "15 years"),  # 8-year review not yet due on 7 Dec 2024
        (D(2013, 5, 20), D(2025, 6, 1), D(2026, 12, 7), "transitional"),  # due before the change: by 7 Dec 2026
        (D(2016, 12, 7), D(2025, 1, 1), D(2026, 12, 7), "transitional"),  # due on the day of the change
        (D(2016, 12, 8), D(2025, 1, 1), D(2031, 12, 8), "15 years"),
        (D(2016, 2, 29), D(2020, 1, 1), D(2024, 2, 29), "8 years"),
        (D(2020, 2, 29), D(2025, 1, 1), D(2035, 3, 1), "15 years"),  # 29 February in a common year: 1 March
    ],
)
def test_due_date_follows_section_3_16_as_in_force_on_the_date_asked(
    anchor: dt.date, at: dt.date, due: dt.date, rule: str
) -> None:
    assert due_date(anchor, at) == (due, rule)


def test_the_period_runs_from_the_last_review_on_or_before_the_date() -> None:
    r = review("x", "X", "Shire", D(2005, 6, 1), None, (D(2013, 5, 20), D(2022, 3, 1)), D(2020, 6, 1))
    assert (r.last_review, r.anchor, r.due, r.status) == (D(2013, 5, 20), D(2013, 5, 20), D(2021, 5, 20), "due soon")
    r = review("x", "X", "Shire", D(2005, 6, 1), None, (D(2013, 5, 20), D(2022, 3, 1)), D(2021, 5, 21))
    assert r.status == "overdue"
    later = review("x", "X", "Shire", D(2005, 6, 1), None, (D(2013, 5, 20), D(2022, 3, 1)), D(2023, 1, 1))
    assert (later.anchor, later.due, later.status) == (D(2022, 3, 1), D(2030, 3, 1), "not due")


def test_statuses_of_laws_not_in_force() -> None:
    assert review("x", "X", "S", D(2030, 1, 1), None, (), D(2025, 1, 1)).status == "not yet in force"
    assert review("x", "X", "S", D(2010, 1, 1), D(2015, 1, 1), (), D(2025, 1, 1)).status == "repealed"
    unknown = review("x", "X", "S", None, None, (), D(2025, 1, 1))
    assert (unknown.status, unknown.due) == ("commencement unknown", None)


def _sql_rows(db: Path, at: str, council: str = "") -> list[dict[str, Any]]:
    conn = sqlite3.connect(db)
    conn.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in conn.execute(REVIEWS_SQL, {"at": at, "local_government": council})]
    finally:
        conn.close()


@pytest.mark.parametrize(
    "at", ["2010-01-01", "2013-05-20", "2021-05-20", "2021-05-21", "2024-12-06", "2024-12-07", "2026-12-08", "2040-01-01"]
)
def test_the_sql_and_the_python_rule_agree(repo: Repository, at: str) -> None:
    """The canned query's SQL and ``lawhistory list --reviews`` give the same rows in the same order."""
    from lawhistory.deriving.library import review_rows

    python = [r.json() for r in review_rows(repo, D.fromisoformat(at))]
    sql = [
        {**r, "reviews": json.loads(r["reviews"]), "overdue": bool(r["overdue"])}
        for r in _sql_rows(repo.db_dir / "lawhistory.db", at)
    ]
    assert sql == python


def test_overdue_flagged_per_local_government(repo: Repository) -> None:
    rows = {r["id"]: r for r in _sql_rows(repo.db_dir / "lawhistory.db", "2022-01-01")}
    assert rows[OLDTOWN]["due"] == "2021-05-20" and rows[OLDTOWN]["status"] == "overdue" and rows[OLDTOWN]["overdue"] == 1
    assert rows[NEWTOWN]["due"] == "2026-02-28" and rows[NEWTOWN]["status"] == "not due"
    # the bundled real laws record no review: their period runs from commencement (no review date is invented)
    assert rows[KELLERBERRIN]["reviews"] == "[]" and rows[KELLERBERRIN]["due"] == "2028-03-11"
    one = _sql_rows(repo.db_dir / "lawhistory.db", "2022-01-01", "Shire of Oldtown (SYNTHETIC)")
    assert [r["id"] for r in one] == [OLDTOWN]


def test_the_sites_canned_query_is_the_rule_in_sql() -> None:
    served = load_metadata(ROOT / "metadata.yml")  # the schema's canned queries, added at serve time
    assert served["databases"]["lawhistory"]["queries"]["reviews"]["sql"].strip() == REVIEWS_SQL.strip()


@pytest.mark.parametrize(
    ("reviews", "message"),
    [
        ("2021-06-15", "must be a list of dates"),
        (["soon"], "'soon', which is not a date"),
        ([D(2021, 6, 15), D(2020, 1, 1)], "2020-01-01 is not after 2021-06-15; list each review once, oldest first"),
        ([D(2021, 6, 15), D(2021, 6, 15)], "not after 2021-06-15"),
        ([D(2001, 1, 1)], "is before the law was made (2019-12-17)"),
    ],
)
def test_bad_reviews_are_refused_with_a_clear_message(reviews: Any, message: str) -> None:
    meta = {"id": "a/b", "title": "T", "local_government": "Shire", "made": D(2019, 12, 17), "reviews": reviews}
    with pytest.raises(FormatError, match=message.replace("(", r"\(").replace(")", r"\)")):
        meta_from_dict(meta)


def test_reviews_on_an_amending_instrument_are_refused() -> None:
    with pytest.raises(FormatError, match="belongs to a principal local law"):
        meta_from_dict({"id": "a/b", "title": "T", "local_government": "S", "kind": "amending", "reviews": [D(2021, 1, 1)]})


def test_cli_list_reviews_text_and_json(repo: Repository) -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["list", "--reviews", "--at", "2022-01-01", "--repo", str(repo.root)])
    assert out.exit_code == 0, out.output
    assert f"2021-05-20\tOVERDUE\t{OLDTOWN}\tShire of Oldtown Dogs Local Law 2005 (SYNTHETIC TEST LAW)" in out.output.splitlines()
    data = json.loads(runner.invoke(app, ["list", "--reviews", "--at", "2022-01-01", "--json", "--repo", str(repo.root)]).output)
    old = next(r for r in data if r["id"] == OLDTOWN)
    assert old == {
        "id": OLDTOWN, "title": "Shire of Oldtown Dogs Local Law 2005 (SYNTHETIC TEST LAW)",
        "local_government": "Shire of Oldtown (SYNTHETIC)", "as_at": "2022-01-01", "commencement": "2005-06-01",
        "repealed_from": None, "reviews": ["2013-05-20"], "last_review": "2013-05-20", "period_from": "2013-05-20",
        "due": "2021-05-20", "rule": "8 years", "status": "overdue", "overdue": True,
    }  # fmt: skip


def test_cli_refuses_at_without_reviews_and_a_bad_date(repo: Repository) -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["list", "--at", "2022-01-01", "--repo", str(repo.root)])
    assert out.exit_code == 1 and "--at works with --reviews" in out.output
    out = runner.invoke(app, ["list", "--reviews", "--at", "2022-13-01", "--repo", str(repo.root)])
    assert out.exit_code == 1 and "--at must be a date like" in str(out.exception)


async def test_reviews_page_json_and_csv(repo: Repository) -> None:
    ds = make_datasette(repo.db_dir / "lawhistory.db", load_metadata(ROOT / "metadata.yml"))
    page = await ds.client.get("/-/reviews?at=2022-01-01")
    assert page.status_code == 200
    html = page.text
    assert "Shire of Oldtown (SYNTHETIC)" in html and "OVERDUE" in html and "1 overdue" in html
    assert html.index("Shire of Kellerberrin") < html.index("Shire of Kulin") < html.index("Shire of Oldtown")
    data = (await ds.client.get("/-/reviews.json?at=2022-01-01")).json()
    assert [r["id"] for r in data["laws"] if r["overdue"]] == [OLDTOWN]
    csv = (await ds.client.get("/-/reviews.csv?at=2022-01-01")).text.splitlines()
    assert csv[0].startswith("local_government,title,id,as_at")
    assert any(line.startswith("Shire of Oldtown (SYNTHETIC),") and ",overdue,True" in line for line in csv)
    bad = await ds.client.get("/-/reviews?at=someday")
    assert bad.status_code == 200 and "is not a date" in bad.text
    canned = (
        await ds.client.get("/lawhistory/reviews.json", params={"at": "2022-01-01", "local_government": "", "_shape": "array"})
    ).json()
    assert [r["id"] for r in canned if r["overdue"]] == [OLDTOWN]


def test_exampleton_review_date_is_marked_illustrative() -> None:
    from lawhistory.files.textformat import parse

    law = parse((ROOT / "examples/exampleton/laws/exampleton/animals-environment-and-nuisance-local-law-2019.txt").read_text())
    assert law.meta.reviews == (D(2021, 9, 21),)
    assert any(n.startswith("ILLUSTRATIVE review date") for n in law.meta.notes)
    for path in (ROOT / "laws").glob("*/*.txt"):  # real laws: no invented review dates
        assert "\nreviews:" not in path.read_text(encoding="utf-8").split("\n---\n", 1)[0]


def test_reviews_today_view_is_the_query_as_at_today(repo: Repository) -> None:
    conn = sqlite3.connect(repo.db_dir / "lawhistory.db")
    try:
        today = conn.execute("select date('now')").fetchone()[0]
        view = conn.execute("select * from reviews_today").fetchall()
        query = conn.execute(REVIEWS_SQL, {"at": today, "local_government": ""}).fetchall()
    finally:
        conn.close()
    assert view == query and len(view) == 5
