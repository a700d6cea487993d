"""The database's size against its repository's text (issue 23 item 4: at most 3×), and what takes the room.

    python -m benchmarks.db_size REPO            # a built repository: REPO/db/lawhistory.db against REPO's texts
    python -m benchmarks.db_size REPO --top 25   # more of the largest objects

The text is every ``*.txt`` file under the repository's ``laws/`` and ``amendments/`` (the files a build reads); the
database is ``db/lawhistory.db`` (the build's index of similar provisions beside it, ``db/similar-index.db``, is
shown apart and not counted: the site never opens it). Sizes are SQLite's own pages (``dbstat``), per object (each
table and each index apart, a full-text index's shadow tables under its name) and per table (its indexes with it).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
from pathlib import Path
from typing import Any

MIB = 2**20


def text_bytes(repo: Path) -> int:
    """The bytes of the repository's law and instrument files."""
    return sum(p.stat().st_size for folder in ("laws", "amendments") for p in (repo / folder).rglob("*.txt"))


def objects(path: Path) -> list[tuple[str, str, int]]:
    """(object, the table it belongs to, bytes) for every table and index of the database at ``path``, largest first;
    a full-text index's shadow tables (and their indexes) belong to it."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        owner = dict(con.execute("select name, tbl_name from sqlite_master where type in ('table', 'index')").fetchall())
        virtual = [r[0] for r in con.execute("select name from sqlite_master where sql like 'CREATE VIRTUAL TABLE%'")]
        rows = con.execute("select name, sum(pgsize) from dbstat group by name").fetchall()
    finally:
        con.close()
    out = []
    for name, size in rows:
        table = owner.get(name, name)
        table = next((v for v in virtual if table.startswith(v + "_")), table)
        out.append((name, table, int(size)))
    return sorted(out, key=lambda r: (-r[2], r[0]))


def report(repo: Path, top: int = 12) -> dict[str, Any]:
    """The ratio and the largest objects and tables of ``repo``'s built database, in MiB."""
    db = repo / "db" / "lawhistory.db"
    objs = objects(db)
    tables: dict[str, int] = {}
    for _, table, size in objs:
        tables[table] = tables.get(table, 0) + size
    text = text_bytes(repo)
    total = db.stat().st_size
    beside = repo / "db" / "similar-index.db"
    return {
        "repository text (MiB)": round(text / MIB, 3),
        "database (MiB)": round(total / MIB, 3),
        "database / repository text": round(total / text, 2),
        "beside it, db/similar-index.db (MiB)": round(beside.stat().st_size / MIB, 3) if beside.exists() else None,
        "largest objects (MiB)": {name: round(size / MIB, 3) for name, _, size in objs[:top]},
        "largest tables, indexes included (MiB)": {
            t: round(s / MIB, 3) for t, s in sorted(tables.items(), key=lambda kv: (-kv[1], kv[0]))[:top]
        },
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("repo", type=Path, help="a built repository (its db/lawhistory.db)")
    parser.add_argument("--top", type=int, default=12, help="how many of the largest objects and tables to list")
    args = parser.parse_args(argv)
    print(json.dumps(report(args.repo, args.top), indent=2))


if __name__ == "__main__":
    main()
