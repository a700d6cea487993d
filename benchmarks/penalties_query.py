"""The canned query ``penalties`` before and after it read ``offences`` (issue 23), and every canned query and table or
view page Datasette serves, on a built repository.

    python -m benchmarks.penalties_query benchmarks/out/corpus-0.3            # the SQL, then the pages
    python -m benchmarks.penalties_query benchmarks/out/corpus-1 --sql-only

The SQL: the query as it was (``OLD_SQL``, through the ``penalties`` view) and as it is (``schema.PENALTIES_SQL``),
each with its ``explain query plan``, timed (best of ``--repeat``, wall and CPU) reading every row and the first
1,001 (what Datasette's page reads), on several days, with and without a search; their rows compared. The pages: the
site made in this process (``site.make_datasette``, the public profile, the answer cache off) and asked through
Datasette's own client, CPU per page best of ``--repeat``; pages over ``--flag`` ms are marked; and the canned
query's page before and after (the query as it was served beside it as a canned query of its own).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import sqlite3
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from lawhistory.deriving.schema_types import in_force_sql, in_part_sql, omitted_sql

_AT = "coalesce(nullif(:at, ''), date('now'))"

#: The canned query ``penalties`` as it was in schema 14: the rows of the ``penalties`` view in force on a date.
OLD_SQL = (
    "select local_government, law_title, citation, clause, offence, penalty, last_changed_by, law,\n"
    f"  {omitted_sql('p.law', _AT)} as incomplete, {in_part_sql('p.law', _AT)} as in_part\n"
    "from penalties p\n"
    f"where {in_force_sql(_AT)}\n"
    "  and (:search = '' or offence like '%' || :search || '%' or clause like '%' || :search || '%'"
    " or law_title like '%' || :search || '%')\norder by local_government, law_title, position\n"
)

#: (day, search): today, days across the corpus's 20 years, and searches of an offence's and a clause's words.
CASES = [("", ""), ("2010-07-01", ""), ("2020-01-01", ""), ("", "dog"), ("", "2.1"), ("2015-03-01", "litter")]


def _best(fn: Callable[[], Any], repeat: int) -> tuple[float, float, Any]:
    """(best wall ms, best CPU ms, the last result) of ``fn`` run ``repeat`` times."""
    walls, cpus, out = [], [], None
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        out = fn()
        walls.append((time.perf_counter() - t0) * 1000)
        cpus.append((time.process_time() - c0) * 1000)
    return min(walls), min(cpus), out


def _read(conn: sqlite3.Connection, sql: str, params: dict[str, str], rows: int | None) -> list[Any]:
    cursor = conn.execute(sql, params)
    return cursor.fetchall() if rows is None else cursor.fetchmany(rows)


def plan(conn: sqlite3.Connection, sql: str) -> list[str]:
    return [str(r[3]) for r in conn.execute(f"explain query plan {sql}", {"at": "", "search": ""})]


def compare_sql(db: Path, repeat: int) -> dict[str, Any]:
    from lawhistory.deriving.schema import PENALTIES_SQL

    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    out: dict[str, Any] = {"plan before": plan(conn, OLD_SQL), "plan after": plan(conn, PENALTIES_SQL), "cases": []}
    for at, search in CASES:
        params = {"at": at, "search": search}
        row: dict[str, Any] = {"at": at or "today", "search": search}
        for name, sql in (("before", OLD_SQL), ("after", PENALTIES_SQL)):
            wall, cpu, rows = _best(partial(_read, conn, sql, params, None), repeat)
            first, first_cpu, _ = _best(partial(_read, conn, sql, params, 1001), repeat)
            row[name] = {
                "rows": len(rows),
                "all rows ms": wall,
                "all rows CPU ms": cpu,
                "first 1,001 ms": first,
                "first 1,001 CPU ms": first_cpu,
            }
            row[f"{name} rows"] = rows
        before, after = row.pop("before rows"), row.pop("after rows")
        row["same rows, same order"] = before == after
        row["same rows"] = sorted(map(repr, before)) == sorted(map(repr, after))
        out["cases"].append(row)
    conn.close()
    return out


def _urls(db: Path) -> list[str]:
    """Every canned query (its parameters one real law's and provision's) and every table and view page."""
    from lawhistory.deriving import schema

    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    law, eid, citation = conn.execute(
        "select law, eid, citation from offences where clause_eid is not null order by law limit 1"
    ).fetchone()
    conn.close()
    values = {"law": law, "at": "2020-01-01", "known": "2020-01-01", "eid": eid, "citation": citation}
    values |= {"date_from": "2015-01-01", "date_to": "2020-01-01", "search": "", "local_government": ""}
    urls = []
    for q in schema.QUERIES:
        names = sorted(set(re.findall(r"(?<!:):([a-z_]+)", q.sql)))
        urls.append(f"/lawhistory/{q.name}?" + "&".join(f"{n}={values.get(n, '')}" for n in names))
    urls += [f"/lawhistory/{t.name}" for t in schema.TABLES]
    urls += [f"/lawhistory/{v.name}" for v in schema.VIEWS]
    return urls


async def pages(repo: Path, repeat: int) -> list[tuple[str, int, float]]:
    os.environ["LAWHISTORY_CACHE_MB"] = "0"
    from lawhistory.publishing.site import load_metadata, make_datasette

    db = repo / "db" / "lawhistory.db"
    metadata = repo / "metadata.yml"
    ds = make_datasette(db, load_metadata(metadata if metadata.exists() else None))
    out = []
    for url in _urls(db):
        cpus, status = [], 0
        for _ in range(repeat):
            c0 = time.process_time()
            response = await ds.client.get(url)
            cpus.append((time.process_time() - c0) * 1000)
            status = response.status_code
        out.append((url, status, min(cpus)))
    return out


async def query_pages(repo: Path, repeat: int) -> list[tuple[str, str, int, float]]:
    """The canned query's page before and after: the site as ``pages`` makes it, with the query as it was served
    beside it as a canned query of its own (``penalties_before``), CPU per page best of ``repeat``."""
    os.environ["LAWHISTORY_CACHE_MB"] = "0"
    from urllib.parse import urlencode

    from lawhistory.publishing.site import load_metadata, make_datasette

    metadata = repo / "metadata.yml"
    served = load_metadata(metadata if metadata.exists() else None)
    served["databases"]["lawhistory"]["queries"]["penalties_before"] = {"title": "before", "sql": OLD_SQL}
    ds = make_datasette(repo / "db" / "lawhistory.db", served)
    out = []
    for at, search in CASES:
        for name, query in (("before", "penalties_before"), ("after", "penalties")):
            url = f"/lawhistory/{query}?" + urlencode({"at": at, "search": search})
            cpus, status = [], 0
            for _ in range(repeat):
                c0 = time.process_time()
                response = await ds.client.get(url)
                cpus.append((time.process_time() - c0) * 1000)
                status = response.status_code
            out.append((f"at {at or 'today'} search {search!r}", name, status, min(cpus)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repo", type=Path, help="a built repository")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--flag", type=float, default=100.0, help="mark pages costing more CPU than this (ms)")
    parser.add_argument("--sql-only", action="store_true")
    parser.add_argument("--pages-only", action="store_true")
    args = parser.parse_args()
    db = args.repo / "db" / "lawhistory.db"
    if not args.pages_only:
        result = compare_sql(db, args.repeat)
        for name in ("plan before", "plan after"):
            print(f"{name}:")
            for line in result[name]:
                print(f"    {line}")
        for row in result["cases"]:
            b, a = row["before"], row["after"]
            print(
                f"at {row['at']:<10} search {row['search']!r:<8} rows {b['rows']:>6} / {a['rows']:>6}"
                f"  all rows {b['all rows ms']:8.1f} → {a['all rows ms']:7.1f} ms"
                f" (CPU {b['all rows CPU ms']:8.1f} → {a['all rows CPU ms']:7.1f})"
                f"  first 1,001 {b['first 1,001 ms']:7.1f} → {a['first 1,001 ms']:6.1f} ms"
                f" (CPU {b['first 1,001 CPU ms']:7.1f} → {a['first 1,001 CPU ms']:6.1f})"
                f"  same rows: {row['same rows']}, same order: {row['same rows, same order']}"
            )
    if not args.sql_only:
        for case, name, status, cpu in asyncio.run(query_pages(args.repo, args.repeat)):
            print(f"query page {name:<6} {case:<32} {status}  {cpu:8.1f} ms CPU")
        for url, status, cpu in asyncio.run(pages(args.repo, args.repeat)):
            mark = "  OVER" if cpu > args.flag else ""
            print(f"{cpu:9.1f} ms CPU  {status}  {url}{mark}")


if __name__ == "__main__":
    main()
