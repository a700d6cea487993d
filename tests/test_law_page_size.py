"""The law page's size, bounded by what it shows: the stored text of the provisions in force, then at most a little
for each provision (its heading's entry in the contents, written once; a heading's one link to similar provisions),
not a link for every compared provision and the contents twice (the page was two to three times its text then)."""

from __future__ import annotations

import sqlite3
from typing import Any

from lawhistory.files.repo import Repository

from .conftest_publish import get

pytest_plugins = ["tests.conftest_publish"]

#: What the page may add to the stored fragments, per provision in force and in all (its header, forms, versions,
#: instruments and data links). Measured: some 75-105 bytes a provision on the benchmark's synthetic laws, 300-370
#: bytes before.
PER_PROVISION = 160
FIXED = 24_000
#: The kinds of provision with a heading (the contents' kinds).
HEADINGS = ("part", "division", "subdivision", "clause", "schedule")


def _in_force(conn: sqlite3.Connection, law: str, day: str) -> list[tuple[str, str, str, bool]]:
    return conn.execute(
        "select f.html, p.eid, p.kind, p.text_id is not null from provisions p join fragments f on f.id = p.fragment"
        " where p.law = ? and p.valid_from <= ? and (p.valid_to is null or p.valid_to > ?)",
        [law, day, day],
    ).fetchall()


async def test_every_law_page_is_its_text_and_a_little_per_provision(ds: Any, built_repo: Repository) -> None:
    conn = sqlite3.connect(built_repo.db_dir / "lawhistory.db")
    versions = conn.execute("select law, valid_from from versions where valid_from is not null order by law, number").fetchall()
    assert len({law for law, _ in versions}) >= 3
    largest = 0
    for law, day in versions:
        rows = _in_force(conn, law, day)
        html = (await get(ds, f"/-/law/{law}?at={day}")).encode()
        stored = sum(len(r[0].encode()) for r in rows)
        assert len(html) <= stored + FIXED + PER_PROVISION * len(rows), (law, day, len(html), stored, len(rows))
        # the contents once, and a link to similar provisions from each heading at most, or from a compared provision
        # under none (an eId is its parent's, "__", then its own part)
        headings = {r[1] for r in rows if r[2] in HEADINGS}
        compared = [r[1] for r in rows if r[3]]
        unheaded = [e for e in compared if not any("__".join(e.split("__")[:k]) in headings for k in range(1, e.count("__") + 2))]
        links = html.count(b'<a class="similar"')
        assert html.count(b'<ol class="toc-list">') == 1
        assert 0 < links <= len(headings) + len(unheaded) and links < len(compared) / 2, (law, day, links, len(compared))
        largest = max(largest, len(rows))
    assert largest > 300  # a long law among them
