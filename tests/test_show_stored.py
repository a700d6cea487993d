"""``show`` reads a law from the build's database when it is current, and derives it otherwise: the same output."""

from __future__ import annotations

import datetime as dt
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path

from lawhistory.core.errors import LawHistoryError
from lawhistory.files.inputs import repository_index
from lawhistory.files.repo import Repository
from lawhistory.presenting import views
from lawhistory.presenting.lawat import LawAt, current_database, from_database, show
from lawhistory.publishing import pages
from tests.conftest_publish import KELLERBERRIN, make_law_repo

pytest_plugins = ["tests.conftest_publish"]

DAYS = [None, "1990-01-01", "2020-03-11", "2021-04-22", "2021-05-01", "2022-07-01", "2023-01-01", "2026-01-01"]
RENDERERS: list[Callable[[LawAt], object]] = [views.law_json, views.law_text, views.law_markdown, views.law_html]


def _shown(repo: Repository, law: str, day: str | None, stored: bool) -> list[object]:
    at = dt.date.fromisoformat(day) if day else None
    try:
        law_at = show(repo, law, at, stored=stored)
    except LawHistoryError as e:
        return [f"refused: {e}"]
    return [render(law_at) for render in RENDERERS]


def test_the_database_and_the_timeline_give_the_same_show(built_repo: Repository) -> None:
    index = repository_index(built_repo)
    db = current_database(built_repo.db_dir, index)
    assert db is not None, "the session's build is current"
    for law in index.laws:
        for day in DAYS:
            assert from_database(db, law, dt.date.fromisoformat(day) if day else None) is not None or day is not None
            assert _shown(built_repo, law, day, stored=True) == _shown(built_repo, law, day, stored=False), (law, day)


def test_a_stale_database_is_not_read(tmp_path: Path) -> None:
    repo = make_law_repo(tmp_path / "repo", [], laws=[KELLERBERRIN])
    from lawhistory.deriving.build import build

    build(repo)
    assert current_database(repo.db_dir, repository_index(repo)) is not None
    law = repo.law_path(KELLERBERRIN)
    law.write_text(law.read_text(encoding="utf-8").replace("Roosters", "Cockerels"), encoding="utf-8")
    assert current_database(repo.db_dir, repository_index(repo)) is None
    shown = views.law_text(show(repo, KELLERBERRIN, dt.date(2021, 1, 1)))
    assert "Cockerels" in shown and "Roosters" not in shown


def test_show_format_html_renders_provisions_as_the_law_page_does(built_repo: Repository) -> None:
    """One provision renderer: ``show --format html`` prints each provision as the site's law page, without its links."""
    links = re.compile(r' <a class="hist"[^>]*>history</a>|<a (?:class="self"|class="note-link")[^>]*>|</a>')
    conn = sqlite3.connect(built_repo.db_dir / "lawhistory.db")
    try:
        for day in ["2020-03-11", "2021-05-01", "2022-07-01"]:
            site = pages.law_text(conn, KELLERBERRIN, day)
            shown = views.provisions_html(show(built_repo, KELLERBERRIN, dt.date.fromisoformat(day)))
            assert "<table" in shown and ('class="note' in shown) == (day != "2020-03-11")  # notes once amended
            assert shown == links.sub("", site).rstrip("\n")
    finally:
        conn.close()
