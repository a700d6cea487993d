"""Shared fixtures for the build, history and publishing tests (load with ``pytest_plugins``).

Repositories are real: copies of the bundled laws in ``laws/`` plus SYNTHETIC instruments from
``tests/fixtures/publish/`` (each says it is synthetic in its title and notes).

Test modules import constants from here and load the fixtures with ``pytest_plugins``; the marker
PYTEST_DONT_REWRITE keeps pytest from warning that the module was imported before it became a plugin.
"""

from __future__ import annotations

import re
import shutil
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from lawhistory.deriving.build import build
from lawhistory.deriving.schema import TABLES
from lawhistory.files.instrument_file import parse_instrument
from lawhistory.files.repo import Repository
from lawhistory.publishing.site import load_metadata, make_datasette

ROOT = Path(__file__).resolve().parent.parent
PUBLISH = ROOT / "tests" / "fixtures" / "publish"
PROJECT_METADATA = ROOT / "metadata.yml"  # the project's one metadata.yml
KELLERBERRIN = "kellerberrin/animals-environment-and-nuisance-local-law-2019"
KULIN_HEALTH = "kulin/health-local-law-2016"
KULIN_ANIMALS = "kulin/animals-environment-and-nuisance-local-law-2016"
AMENDMENT_2021 = "kellerberrin/synthetic-animals-environment-and-nuisance-amendment-local-law-2021"
AMENDMENT_2022 = "kellerberrin/synthetic-animals-environment-and-nuisance-amendment-local-law-2022"
REFUSED = "kellerberrin/synthetic-refused-amendment-local-law-2021"
PENDING = "nowhere/synthetic-pending-amendment-local-law-2021"
REPEAL = "kulin/synthetic-health-repeal-local-law-2022"
MARKUP = "kellerberrin/synthetic-markup-amendment-local-law-2021"

#: Real bundled amending instruments whose principal laws are not bundled (so they stay pending).
BUNDLED_PENDING = (
    "gosnells/local-government-property-amendment-local-law-2020.txt",
    "gosnells/standing-orders-amendment-local-law-2020.txt",
)

#: The synthetic instruments of the standard test repository.
STANDARD = (
    "synthetic_kellerberrin_amendment_2021.txt",
    "synthetic_kellerberrin_amendment_2022.txt",
    "synthetic_refused_amendment.txt",
    "synthetic_pending_amendment.txt",
    "synthetic_repeal.txt",
)


def add_instrument(repo: Repository, fixture: str) -> str:
    """Copy a synthetic instrument into ``repo``'s amendments/ (where its id says it belongs); return its id."""
    text = (PUBLISH / fixture).read_text(encoding="utf-8")
    inst = parse_instrument(text, path=fixture)
    if "SYNTHETIC" not in inst.title:
        raise ValueError(f"{fixture}: a synthetic fixture must say so in its title")
    repo.write_text(repo.instrument_path(inst.id), text)
    return inst.id


def make_law_repo(root: Path, instruments: Iterable[str] = STANDARD, laws: Iterable[str] | None = None) -> Repository:
    """A real repository at ``root``: the bundled laws (all, or the ids in ``laws``), the bundled amending
    instruments (real, pending: their laws are not bundled) when all laws are wanted, and synthetic instruments.
    """
    repo = Repository.init(root)
    if laws is None:
        for rel in BUNDLED_PENDING:
            (repo.amendments_dir / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / "amendments" / rel, repo.amendments_dir / rel)
    for path in sorted((ROOT / "laws").glob("*/*.txt")):
        law_id = path.relative_to(ROOT / "laws").with_suffix("").as_posix()
        if laws is None or law_id in laws:
            (repo.laws_dir / path.parent.name).mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, repo.law_path(law_id))
    for fixture in instruments:
        add_instrument(repo, fixture)
    return repo


@pytest.fixture
def law_repo(tmp_path: Path) -> Repository:
    """A fresh standard repository (not yet built)."""
    return make_law_repo(tmp_path / "repo")


@pytest.fixture(scope="session")
def built_repo(tmp_path_factory: pytest.TempPathFactory) -> Repository:
    """The standard repository, built once for the session. Tests must not change it."""
    repo = make_law_repo(tmp_path_factory.mktemp("built") / "repo")
    build(repo)
    return repo


@pytest.fixture(scope="session")
def markup_repo(tmp_path_factory: pytest.TempPathFactory) -> Repository:
    """The Kellerberrin law with a synthetic instrument full of HTML, built once."""
    repo = make_law_repo(tmp_path_factory.mktemp("markup") / "repo", ["synthetic_xss_amendment.txt"], laws=[KELLERBERRIN])
    build(repo)
    return repo


def table_rows(db_path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, sorted (the database's content, whatever order rows were written in); and of each
    table presented as a view of the stored ones (``provisions``), its declared columns (not its stored rowid)."""
    conn = sqlite3.connect(db_path)
    try:
        names = [
            r[0] for r in conn.execute("select name from sqlite_master where type = 'table' and name not like 'provisions_fts%'")
        ]
        out = {name: sorted(conn.execute(f"select * from [{name}]").fetchall(), key=repr) for name in sorted(names)}
        for t in TABLES:
            if t.view:
                columns = ", ".join(f"[{c.name}]" for c in t.columns)
                out[t.name] = sorted(conn.execute(f"select {columns} from [{t.name}]").fetchall(), key=repr)
        return out
    finally:
        conn.close()


def query(db_path: Path, sql: str, params: Iterable[object] = ()) -> list[dict[str, object]]:
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in conn.execute(sql, list(params))]
    finally:
        conn.close()


# --- the site over the standard repository --------------------------------------------------------------------------

#: The metadata every site is served with (metadata.yml and the schema's descriptions and canned queries).
METADATA = load_metadata(PROJECT_METADATA)


@pytest.fixture
def ds(built_repo: Repository) -> Any:
    """The site over the standard repository (the public profile)."""
    return make_datasette(built_repo.db_dir / "lawhistory.db", METADATA)


async def get(ds: Any, path: str, status: int = 200) -> str:
    """The page at ``path``, which must answer with ``status``."""
    response = await ds.client.get(path)
    assert response.status_code == status, response.text[:2000]
    return str(response.text)


async def rows(ds: Any, query: str, **params: str) -> list[dict[str, Any]]:
    """A table's or canned query's rows as JSON objects."""
    response = await ds.client.get(f"/lawhistory/{query}.json", params={**params, "_shape": "array"})
    assert response.status_code == 200, response.text[:2000]
    data: list[dict[str, Any]] = response.json()
    return data


def visible_text(html: str) -> str:
    """The page's words as a reader sees them (tags dropped, entities decoded)."""
    import html as html_module

    return " ".join(html_module.unescape(re.sub(r"<[^>]+>", " ", html)).split())
