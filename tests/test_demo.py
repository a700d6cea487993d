"""The illustrative demo (examples/exampleton): a fictional council whose principal law is a real law's text re-titled,
amended by invented instruments in real WA wording families; served as a database of its own, every page marked
illustrative, never mixed with laws/ and amendments/."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from lawhistory.deriving.build import build
from lawhistory.files.instrument_file import parse_instrument, render_instrument
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse, render
from lawhistory.publishing.site import ILLUSTRATIVE, find_examples, make_datasette

from .conftest import run_cli
from .conftest_publish import KELLERBERRIN, METADATA, ROOT, get, make_law_repo, query

pytest_plugins = ["tests.conftest_publish"]

DEMO = ROOT / "examples" / "exampleton"
LAW_ID = "exampleton/animals-environment-and-nuisance-local-law-2019"
LAW = f"/-/law/{LAW_ID}"
I2022 = "exampleton/animals-environment-and-nuisance-amendment-local-law-2022"
I2023 = "exampleton/animals-environment-and-nuisance-amendment-local-law-2023"
PENDING = "exampleton/parking-amendment-local-law-2024"


def copy_demo(root: Path) -> Repository:
    shutil.copytree(DEMO, root, ignore=shutil.ignore_patterns("db"))
    return Repository.init(root)


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Repository:
    repo = copy_demo(tmp_path_factory.mktemp("demo") / "exampleton")
    build(repo)
    return repo


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, demo: Repository) -> Any:
    main = make_law_repo(tmp_path_factory.mktemp("main") / "repo")
    build(main)
    return make_datasette(main.db_dir / "lawhistory.db", METADATA, {"exampleton": demo.db_dir / "lawhistory.db"})


def test_the_demo_files_round_trip_and_say_they_are_illustrative() -> None:
    files = sorted(DEMO.glob("laws/*/*.txt")) + sorted(DEMO.glob("amendments/*/*.txt"))
    assert len(files) == 5
    for path in files:
        text = path.read_text(encoding="utf-8")
        if path.parts[-3] == "amendments":
            assert render_instrument(parse_instrument(text)) == text, path
        else:
            assert render(parse(text)) == text, path
        assert "ILLUSTRATIVE, NOT LAW" in text, path


def test_the_principal_law_is_a_real_laws_text_re_titled() -> None:
    real = parse((ROOT / "laws" / f"{KELLERBERRIN}.txt").read_text(encoding="utf-8"))
    demo = parse((DEMO / "laws" / f"{LAW_ID}.txt").read_text(encoding="utf-8"))
    assert demo.meta.title == "Shire of Exampleton Animals, Environment and Nuisance Local Law 2019"
    assert "re-titled" in " ".join(demo.meta.notes)
    real_words = render(real).split("\n---\n", 1)[1].replace("Kellerberrin", "Exampleton").replace("KELLERBERRIN", "EXAMPLETON")
    demo_words = render(demo).split("\n---\n", 1)[1]
    assert demo_words == real_words.replace("S hire of Exampleton", "Shire of Exampleton")  # nothing else changed


@pytest.mark.parametrize("source", sorted(p.name for p in (DEMO / "sources").glob("*.txt")))
def test_the_engine_makes_the_stored_operations_from_each_source(tmp_path: Path, source: str) -> None:
    """The instruments use wording families the amendment engine applies: amending again gives the same operations."""
    repo = copy_demo(tmp_path / "exampleton")
    stored = {p.stem: parse_instrument(p.read_text(encoding="utf-8")) for p in (repo.amendments_dir / "exampleton").glob("*.txt")}
    for p in (repo.amendments_dir / "exampleton").glob("*.txt"):
        p.unlink()
    # the instruments before this one, in order, then this one
    for earlier in sorted((DEMO / "sources").glob("*.txt")):
        code, _out, err = run_cli("amend", earlier, "--repo", repo.root)
        assert code == 0, err
        if earlier.name == source:
            break
    made = {p.stem: parse_instrument(p.read_text(encoding="utf-8")) for p in (repo.amendments_dir / "exampleton").glob("*.txt")}
    for stem, inst in made.items():
        assert inst.operations == stored[stem].operations


def test_the_demo_shows_every_kind_of_change(demo: Repository) -> None:
    db = demo.db_dir / "lawhistory.db"
    versions = query(db, "select number, valid_from from versions where law = ? order by number", [LAW_ID])
    assert [v["valid_from"] for v in versions] == ["2020-03-11", "2021-03-26", "2022-06-04", "2023-09-01"]
    statuses = {r["id"]: r["status"] for r in query(db, "select id, status from instruments where kind = 'amending'")}
    assert statuses[PENDING] == "pending" and sorted(statuses.values()).count("applied") == 3
    actions = {r["action"] for r in query(db, "select distinct action from operations")}
    assert {"substitute_words", "delete", "insert", "insert_definition", "insert_words"} <= actions
    # a later instrument amends what an earlier one inserted
    note = query(db, "select note from provisions where law = ? and citation = '2.12A(1)' and to_version is null", [LAW_ID])
    assert note[0]["note"] == (
        "[Subclause 2.12A(1) amended by Shire of Exampleton Animals, Environment and Nuisance Amendment Local Law 2023 cl. 4]"
    )
    assert query(db, "select count(*) as n from changes where citation like 'Schedule 1 item%'")[0]["n"] == 3


@pytest.mark.parametrize(
    "path",
    [
        LAW,
        f"{LAW}?at=2023-09-01&since=2020-03-11",
        f"{LAW}?at=2022-07-01&redline=1",
        f"{LAW}?history=sec_2.12A",
        f"/-/instrument/{I2022}",
        f"/-/instrument/{PENDING}",
        "/exampleton",
        "/exampleton/provisions",
        f"/exampleton/law_as_at?law={LAW_ID}&at=2023-09-01",
        "/-/search?q=poultry&db=exampleton",
    ],
)
async def test_every_page_of_the_demo_says_it_is_illustrative(site: Any, path: str) -> None:
    html = await get(site, path)
    assert html.count('class="illustrative-banner"') == 1
    assert ILLUSTRATIVE.split(":")[0] in html


@pytest.mark.parametrize("path", [f"/-/law/{KELLERBERRIN}", "/lawhistory", "/lawhistory/provisions", "/-/search?q=dog"])
async def test_the_real_laws_pages_are_not_marked_illustrative(site: Any, path: str) -> None:
    assert 'class="illustrative-banner"' not in await get(site, path)


async def test_the_demo_never_mixes_with_the_repositorys_laws(site: Any) -> None:
    index = await get(site, "/-/laws")
    main, demo = index.split('<section class="illustrative-demo" id="demo-exampleton">', 1)
    assert "exampleton" not in main.split("<h1>", 1)[1]  # the real laws' part of the index
    assert f'href="{LAW}"' in demo and "illustrative-banner" in demo
    ids = [r["id"] for r in (await site.client.get("/lawhistory/laws.json?_shape=array")).json()]
    assert ids and not any(i.startswith("exampleton/") for i in ids)
    search = (await site.client.get("/-/search.json?q=Exampleton&when=all")).json()
    assert search["total"] == 0  # searching the real laws finds nothing of the demo


async def test_the_demo_law_redlines_every_change_between_two_dates(site: Any) -> None:
    html = await get(site, f"{LAW}?at=2023-09-01&since=2020-03-11")
    assert "Showing every change between 2020-03-11 and 2023-09-01" in html
    assert re.search(r'<p id="sec_2.7__para_c" class="[^"]*deleted[^"]*"><span class="diff"><del>\(c\) turkeys; or</del>', html)
    assert "(a) more than <del>12</del><ins>10</ins> poultry; and" in html
    assert '<h4 id="sec_2.12A" class="prov clause depth-2 changed"><span class="diff"><ins>2.12A Noisy birds</ins>' in html
    assert "<del>10.00 pm</del>" not in html and "9.00 pm" in html  # inserted, then amended: shown as it now reads
    assert '<td class="diff"><del>$250</del><ins>$300</ins></td>' in html  # a schedule row, cell by cell
    unchanged = await get(site, f"{LAW}?at=2023-09-01")
    assert "<ins>" not in unchanged


def test_serve_finds_the_bundled_demo() -> None:
    found = find_examples(Repository.open(ROOT))
    assert [r.root.name for r in found] == ["exampleton"]


async def test_the_demos_pages_search_the_demo_only(site: Any) -> None:
    law_page = await get(site, LAW)
    assert '<input type="hidden" name="db" value="exampleton">' in law_page  # its search box searches the demo
    data = (await site.client.get("/-/search.json?q=poultry&db=exampleton")).json()
    assert data["total"] > 0 and {r["law"] for r in data["results"]} == {LAW_ID}
    html = await get(site, "/-/search?q=poultry&db=exampleton")
    assert html.count('class="illustrative-banner"') == 1
    real = (await site.client.get("/-/search.json?q=poultry")).json()
    assert real["total"] > 0 and not any(r["law"].startswith("exampleton/") for r in real["results"])
