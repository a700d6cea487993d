"""One instrument amending two laws, one in each Part ("This Part amends …"): each law is given the operations of its
Part, both laws' histories show the instrument, and the operations table says which law each operation changed
(case tests/fixtures/real/instruments/62-toodyay-two-laws-nested-quotes)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from benchmarks.real_cases import CASES
from lawhistory.amending.amend import amend
from lawhistory.core.versions import own_operations
from lawhistory.deriving.build import build
from lawhistory.files.instrument_file import parse_instrument, render_instrument
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse

from .conftest_publish import query

CASE = CASES / "62-toodyay-two-laws-nested-quotes"
FIRE_BREAK = "toodyay/fire-break-local-law-2008"
BUSH_FIRE = "toodyay/bush-fire-local-law-2012"


def _repo(tmp_path: Path, principals: tuple[str, ...] = ("principal.txt", "principal-2.txt")) -> Repository:
    repo = Repository.init(tmp_path / "repo")
    for name in principals:
        text = (CASE / name).read_text(encoding="utf-8")
        repo.write_text(repo.law_path(parse(text).meta.id), text)
    return repo


def test_each_law_gets_the_operations_of_its_part_and_both_histories_show_the_instrument(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    outcomes, _ = amend(repo, CASE / "instrument.txt")
    assert [(o.law_id, o.status) for o in outcomes] == [(FIRE_BREAK, "applied"), (BUSH_FIRE, "applied")]
    inst = outcomes[0].instrument
    meta = inst.law.meta
    assert meta.amends is not None and meta.amends.clauses == ("3", "4")
    assert [r.clauses for r in meta.also_amends] == [("5", "6", "7")]
    # the stored instrument keeps both laws and their clauses
    stored = parse_instrument(render_instrument(inst))
    assert stored.law.meta.also_amends == meta.also_amends and stored.law.meta.amends == meta.amends
    laws = {law.meta.id: law for law in repo.load_laws()}
    assert own_operations(inst, laws[FIRE_BREAK]) == (1,)
    assert own_operations(inst, laws[BUSH_FIRE]) == (2, 3, 4, 5, 6)

    build(repo)
    db = repo.db_dir / "lawhistory.db"
    versions = query(db, "select law, number, instrument from versions where number > 0 order by law")
    assert [(v["law"], v["number"], v["instrument"]) for v in versions] == [
        (BUSH_FIRE, 1, inst.id),
        (FIRE_BREAK, 1, inst.id),
    ]
    ops = query(db, "select seq, law, clause, outcome from operations where instrument = ? order by seq", [inst.id])
    assert [(o["law"], o["clause"], o["outcome"]) for o in ops] == [
        (FIRE_BREAK, "4", "applied"),
        (BUSH_FIRE, "6(a)", "applied"),
        (BUSH_FIRE, "6(b)", "applied"),
        (BUSH_FIRE, "7(1)(a)", "applied"),
        (BUSH_FIRE, "7(1)(b)", "applied"),
        (BUSH_FIRE, "7(2)", "applied"),
    ]


@pytest.mark.parametrize(("present", "law", "missing"), [("principal.txt", FIRE_BREAK, "Bush Fire Local Law 2012")])
def test_a_part_whose_law_is_not_in_the_repository_waits_for_it(tmp_path: Path, present: str, law: str, missing: str) -> None:
    repo = _repo(tmp_path, (present,))
    outcomes, _ = amend(repo, CASE / "instrument.txt")
    assert [(o.law_id, o.status) for o in outcomes] == [(law, "applied"), (None, "pending")]
    assert missing in (outcomes[1].reason or "")


def test_an_instruction_in_no_part_that_names_a_law_is_refused(tmp_path: Path) -> None:
    from dataclasses import replace

    from lawhistory.amending.amend import InstrumentRefused, check_all, read_instruments

    repo = _repo(tmp_path)
    (inst,), _ = read_instruments(repo, CASE / "instrument.txt", None)
    meta = inst.law.meta
    assert meta.amends is not None
    # clause 4 in no Part that names a law: it would be applied to neither law
    stray = replace(inst, law=replace(inst.law, meta=replace(meta, amends=replace(meta.amends, clauses=("3",)))))
    with pytest.raises(InstrumentRefused, match=r"cl\. 4: .*in no Part that names the law"):
        check_all(repo, stray, list(repo.load_laws()), [])


def _with_earlier_for_the_second_law(tmp_path: Path) -> Path:
    """The case's instrument with Part 3 (the second law) listing an earlier amendment of its own, which the
    repository lacks (a synthetic variant of the modelled case)."""
    text = (CASE / "instrument.txt").read_text(encoding="utf-8")
    said = "This Part amends the Shire of Toodyay Bush Fire Local Law 2012."
    assert said in text
    path = tmp_path / "synthetic-two-laws-earlier.txt"
    path.write_text(
        text.replace(
            said,
            "This Part amends the Shire of Toodyay Bush Fire Local Law 2012 published in the Government Gazette on "
            "2 March 2012 as amended in the Government Gazette on 5 May 2015.",
        ),
        encoding="utf-8",
    )
    return path


def test_each_law_is_checked_against_the_earlier_amendments_its_own_part_lists(tmp_path: Path) -> None:
    import datetime as dt

    repo = _repo(tmp_path)
    outcomes, _ = amend(repo, _with_earlier_for_the_second_law(tmp_path))
    inst = outcomes[0].instrument
    assert inst.law.meta.earlier_amendments == ()
    assert [r.earlier_amendments for r in inst.law.meta.also_amends] == [(dt.date(2015, 5, 5),)]
    # kept in the stored instrument
    assert parse_instrument(render_instrument(inst)).law.meta.also_amends == inst.law.meta.also_amends
    by_law = {o.law_id: o for o in outcomes}
    assert [o.status for o in outcomes] == ["applied", "applied"]
    assert not any("history incomplete" in w for w in by_law[FIRE_BREAK].warnings)
    assert any("history incomplete" in w and "2015-05-05" in w for w in by_law[BUSH_FIRE].warnings)


@pytest.mark.parametrize("dry_run", [True, False])
def test_the_cli_prints_the_instrument_once_naming_each_law(tmp_path: Path, cli, dry_run: bool) -> None:
    repo = _repo(tmp_path)
    result = cli("amend", CASE / "instrument.txt", "--repo", repo.root, *(["--dry-run"] if dry_run else []))
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    title = "Shire of Toodyay Bush Fire Local Laws Amendment Local Law 2022"
    assert out.count(title) == 1
    assert "Shire of Toodyay Fire Break Local Law 2008 (cl. 3, 4)" in out
    assert "Shire of Toodyay Bush Fire Local Law 2012 (cl. 5, 6, 7)" in out
    verb = "would apply" if dry_run else "applied"
    assert out.count(f"{verb} to {FIRE_BREAK}: new version from 2022-09-01") == 1
    assert out.count(f"{verb} to {BUSH_FIRE}: new version from 2022-09-01") == 1
    assert out.count("operation(s):") == 1
    assert out.count("stored in ") == (0 if dry_run else 1)


def test_the_second_law_shows_the_instrument_in_history_and_show(tmp_path: Path, cli) -> None:
    import json

    repo = _repo(tmp_path)
    (outcome, _), _ = amend(repo, CASE / "instrument.txt")
    inst_id, title = outcome.instrument.id, outcome.instrument.title
    for law, changed in ((FIRE_BREAK, {"Schedule 1 item 6A"}), (BUSH_FIRE, {"15B(7)", "24C(2)", "24C(3)"})):
        result = cli("history", law, "--json", "--repo", repo.root)
        assert result.exit_code == 0, result.stderr
        versions = json.loads(result.stdout)
        versions = versions["versions"] if isinstance(versions, dict) else versions
        assert [v["instrument_id"] for v in versions][-1] == inst_id, law
        shown = cli("show", law, "--at", "2022-09-01", "--format", "json", "--repo", repo.root)
        assert shown.exit_code == 0, shown.stderr
        got = json.loads(shown.stdout)
        assert got["version"]["instrument"] == title, law
        by = {p["citation"] for p in got["provisions"] if (p["last_changed_by"] or "").startswith(title + " cl. ")}
        assert changed <= by, law
        text = cli("show", law, "--at", "2022-09-01", "--repo", repo.root).stdout
        # each law's notes cite the clauses of its own Part
        cited = set(re.findall(re.escape(title) + r" cl\. (\d+)", text))
        assert cited == ({"4"} if law == FIRE_BREAK else {"6", "7"}), law


def _built(tmp_path: Path, principals: tuple[str, ...] = ("principal.txt", "principal-2.txt")) -> tuple[Repository, str]:
    repo = _repo(tmp_path, principals)
    (outcome, *_), _ = amend(repo, CASE / "instrument.txt")
    build(repo)
    return repo, outcome.instrument.id


def test_the_instruments_table_names_every_law_the_instrument_amends(tmp_path: Path) -> None:
    import json

    repo, inst_id = _built(tmp_path)
    (row,) = query(
        repo.db_dir / "lawhistory.db",
        "select amends, amends_title, also_amends from instruments where id = ?",
        [inst_id],
    )
    assert row["amends"] == FIRE_BREAK
    assert row["amends_title"] == "Shire of Toodyay Fire Break Local Law 2008"
    assert json.loads(str(row["also_amends"])) == [
        {"id": BUSH_FIRE, "title": "Shire of Toodyay Bush Fire Local Law 2012", "gazette_date": None}
    ]


def test_a_further_law_not_in_the_repository_is_named_without_an_id(tmp_path: Path) -> None:
    import json

    repo, inst_id = _built(tmp_path, ("principal.txt",))
    (row,) = query(repo.db_dir / "lawhistory.db", "select amends, also_amends from instruments where id = ?", [inst_id])
    assert row["amends"] == FIRE_BREAK
    assert [(r["id"], r["title"]) for r in json.loads(str(row["also_amends"]))] == [
        (None, "Shire of Toodyay Bush Fire Local Law 2012")
    ]


def test_an_instrument_amending_one_law_keeps_its_columns(tmp_path: Path) -> None:
    from tests.conftest_publish import KELLERBERRIN, make_law_repo

    repo = make_law_repo(tmp_path / "one")
    build(repo)
    found = query(
        repo.db_dir / "lawhistory.db",
        "select amends, also_amends from instruments where kind = 'amending' and amends = ?",
        [KELLERBERRIN],
    )
    assert found and all(r["also_amends"] == "[]" for r in found)


async def test_the_instrument_page_links_every_law_and_each_law_page_lists_the_instrument(tmp_path: Path) -> None:
    from lawhistory.publishing.pages import instrument_url, law_url

    from .conftest_publish import METADATA, get, make_datasette, visible_text

    repo, inst_id = _built(tmp_path)
    ds = make_datasette(repo.db_dir / "lawhistory.db", METADATA)
    html = await get(ds, instrument_url(inst_id))
    for law in (FIRE_BREAK, BUSH_FIRE):
        assert f'href="{law_url(law)}"' in html, law
        assert f'href="{instrument_url(inst_id)}"' in await get(ds, law_url(law)), law
    text = visible_text(html)
    assert "Shire of Toodyay Fire Break Local Law 2008" in text and "Shire of Toodyay Bush Fire Local Law 2012" in text


async def test_a_part_whose_target_may_come_from_its_own_missing_amendments_waits_and_its_law_lists_it(
    tmp_path: Path,
) -> None:
    """Part 3 lists an earlier amendment of its law that the repository lacks and amends a clause (15C) its law does
    not hold: that law waits for it; the first law is amended; the second law's page lists the waiting instrument."""
    from lawhistory.publishing.pages import instrument_url, law_url

    repo = _repo(tmp_path)
    path = _with_earlier_for_the_second_law(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace("In clause 15B(7):", "In clause 15C(7):"), encoding="utf-8")
    outcomes, _ = amend(repo, path)
    assert [(o.law_id, o.status) for o in outcomes] == [(FIRE_BREAK, "applied"), (BUSH_FIRE, "pending")]
    assert "until the amendments it lists arrive" in (outcomes[1].reason or "")
    assert "15C(7)" in (outcomes[1].reason or "")
    build(repo)
    rows = query(
        repo.db_dir / "lawhistory.db", "select law, number from versions where instrument = ?", [outcomes[0].instrument.id]
    )
    assert [(r["law"], r["number"]) for r in rows] == [(FIRE_BREAK, 1)]
    from .conftest_publish import METADATA, get, make_datasette

    ds = make_datasette(repo.db_dir / "lawhistory.db", METADATA)
    assert f'href="{instrument_url(outcomes[0].instrument.id)}"' in await get(ds, law_url(BUSH_FIRE))
