"""The law page's text made in one read of the spans in force (``pages.page_text``): the same text as reading them,
then linking the schedule cells (``pages.link_cells``), then reading the compared provisions again and linking each
(``similar_links.add_links``), as the page was made before."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from lawhistory.deriving.build import build
from lawhistory.files.repo import Repository
from lawhistory.publishing import pages, similar_links
from lawhistory.publishing.page_cache import Tokens

from .conftest_publish import KELLERBERRIN, make_law_repo

pytest_plugins = ["tests.conftest_publish"]


def _composed(conn: sqlite3.Connection, law: str, day: str, removed: list[dict[str, object]]) -> tuple[object, ...]:
    text, toc, eids = pages.text_and_contents(conn, law, day, removed)
    text = pages.link_cells(text, eids)
    return similar_links.add_links(conn, text, law, day, Tokens.AT), toc, eids


def test_the_page_text_is_the_text_linked_as_before_on_every_version_of_every_law(built_repo: Repository) -> None:
    conn = sqlite3.connect(built_repo.db_dir / "lawhistory.db")
    versions = conn.execute("select law, number, valid_from, valid_to from versions where valid_from is not null").fetchall()
    similar = cells = notes = 0
    for law, number, valid_from, valid_to in versions:
        removed = pages.removed_notes(conn, law, number) if number > 0 else []
        days = [valid_from] + ([pages._day_before(valid_to)] if valid_to else [])
        for day in days:
            made = pages.page_text(conn, law, day, removed, Tokens.AT)
            assert made == _composed(conn, law, day, removed), (law, day)
            similar += made[0].count('class="similar"')
            cells += made[0].count('<td><a href="#')
            notes += bool(removed)
    # what the comparison covered: links to similar provisions, schedule cells citing clauses, removed provisions' notes
    assert similar > 100 and cells > 0 and notes > 0


def test_a_law_alone_in_its_database_has_no_similar_links(tmp_path: Path) -> None:
    repo = make_law_repo(tmp_path / "repo", laws=[KELLERBERRIN])
    build(repo)
    conn = sqlite3.connect(repo.db_dir / "lawhistory.db")
    made = pages.page_text(conn, KELLERBERRIN, "2022-08-01", (), Tokens.AT)
    assert 'class="prov' in made[0] and 'class="similar"' not in made[0]
    assert made == _composed(conn, KELLERBERRIN, "2022-08-01", [])


def test_the_instruments_amending_a_further_law_are_found_through_an_index(built_repo: Repository) -> None:
    conn = sqlite3.connect(built_repo.db_dir / "lawhistory.db")
    plan = " ".join(r[3] for r in conn.execute(f"explain query plan {pages.ALSO_AMENDING}", ["x"]))
    assert "USING INDEX idx_instruments_also_amends" in plan and "SCAN i" not in plan
    # every instrument amending one law writes its list as '[]'; the others sort after it
    lists = [r[0] for r in conn.execute("select also_amends from instruments")]
    assert lists and all(v == "[]" or v > "[]" for v in lists)


def test_runs_of_schedule_rows_are_wrapped_as_in_the_joined_text() -> None:
    from lawhistory.presenting import fragments

    heading = '<h2 id="sch_1" class="prov schedule depth-0">Schedule 1</h2>\n'
    row = '<tr id="sch_1__item_{}"><td>{}</td></tr>\n'
    note = '<tr class="note-row"><td colspan="1"><span class="note">[note]</span></td></tr>\n'
    text = '<p id="sec_1" class="prov clause">1.1 words</p>\n'
    headers = ['["Item", "Words"]', None, '["A"]']
    cases = [
        [],
        [text],
        [row.format(1, 1), row.format(2, 2)],  # rows before any schedule heading: no headings
        [heading, row.format(1, 1) + note, row.format(2, 2), text, row.format(3, 3)],
        [heading, text, heading.replace("sch_1", "sch_2"), row.format(1, 1), heading.replace("sch_1", "sch_3"), row.format(2, 2)],
    ]
    for pieces in cases:
        assert fragments.wrap_pieces(pieces, headers) == fragments.wrap_tables("".join(pieces), headers)
    assert fragments.wrap_pieces(cases[3], headers).count("<table") == 2
