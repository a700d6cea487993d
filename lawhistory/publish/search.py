"""Search for people: the provisions' full-text index (``provisions_fts``) as a readable list.

``search(conn, ...)`` returns plain values: each result is a provision with its law, citation, the heading of
the clause (or schedule, or part) it belongs to, a snippet with the matching words marked, the dates its
words applied, and a link to it on the law page as at a date on which it applied. By default only text in
force today; ``when="all"`` searches every version. Facets count results by local government and by law.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from ..dates import date_range
from ..schema import in_force_sql

PAGE = 30
_START, _END = "\x02", "\x03"
#: How many words of context a snippet keeps around the matching words.
SNIPPET_WORDS = 16


@dataclass(frozen=True)
class Query:
    q: str
    when: str = "today"  # "today" or "all"
    local_government: str = ""
    law: str = ""
    page: int = 1
    today: dt.date | None = None

    @property
    def day(self) -> str:
        return (self.today or dt.date.today()).isoformat()


def fts_query(q: str) -> str:
    """The words typed, each matched as a word (quotes and FTS operators in them have no special meaning)."""
    return " ".join('"' + w.replace('"', '""') + '"' for w in q.split())


def snippet_html(snippet: str) -> Markup:
    """A snippet as markup: every word escaped, the matching words in <mark>."""
    out = str(escape(snippet)).replace(_START, "<mark>").replace(_END, "</mark>")
    return Markup(out)


def _where(query: Query, facets: bool = True) -> tuple[str, dict[str, Any]]:
    clauses = ["provisions_fts match :fts"]
    params: dict[str, Any] = {"fts": fts_query(query.q), "day": query.day}
    if query.when != "all":
        clauses.append(in_force_sql(":day", "p"))
    if facets and query.local_government:
        clauses.append("l.local_government = :lg")
        params["lg"] = query.local_government
    if facets and query.law:
        clauses.append("p.law = :law")
        params["law"] = query.law
    return " and ".join(clauses), params


_FROM = "from provisions_fts join provisions p on p.rowid = provisions_fts.rowid join laws l on l.id = p.law"


def _heading(
    conn: sqlite3.Connection, law: str, citation: str, parent: str | None, kind: str, heading: str | None, day: str
) -> tuple[str | None, str | None]:
    """(citation, heading) of the clause, schedule or part the provision belongs to (itself when it has a heading)."""
    if heading and kind in ("clause", "schedule", "part", "division", "subdivision"):
        return citation, heading
    seen = 0
    while parent and seen < 8:
        row = conn.execute(
            "select citation, kind, heading, parent from provisions where law = :law and citation = :parent"
            f" and {in_force_sql(':at')} limit 1",
            {"law": law, "parent": parent, "at": day},
        ).fetchone()
        if row is None:
            return None, None
        if row[1] in ("clause", "schedule", "part", "division", "subdivision"):
            return row[0], row[2]
        parent = row[3]
        seen += 1
    return None, None


def search(conn: sqlite3.Connection, query: Query, law_url: Any) -> dict[str, Any]:
    """The results page's data (also its JSON): results, total, facets and the query as understood."""
    if not query.q.strip():
        return {"q": query.q, "when": query.when, "total": 0, "results": [], "facets": {"local_government": [], "law": []}}
    where, params = _where(query)
    total = conn.execute(f"select count(*) {_FROM} where {where}", params).fetchone()[0]
    offset = (max(query.page, 1) - 1) * PAGE
    rows = conn.execute(
        "select p.law, l.title, l.local_government, p.citation, p.eid, p.kind, p.heading, p.parent, p.valid_from, p.valid_to,"
        f" snippet(provisions_fts, 2, char(2), char(3), '…', {SNIPPET_WORDS}), p.last_changed_by,"
        " highlight(provisions_fts, 1, char(2), char(3))"
        f" {_FROM} where {where} order by l.local_government, l.title, p.position, p.from_version limit {PAGE} offset {offset}",
        params,
    ).fetchall()
    results = []
    for law, title, lg, citation, eid, kind, heading, parent, valid_from, valid_to, snippet, changed_by, marked in rows:
        snippet = snippet or ""  # a clause or part that is only a heading has no words of its own
        at = query.day if query.when != "all" else valid_from
        within, within_heading = _heading(conn, law, citation, parent, kind, heading, at)
        own = within == citation and marked
        results.append(
            {
                "law": law,
                "law_title": title,
                "local_government": lg,
                "citation": citation,
                "kind": kind,
                "clause": within,
                "clause_heading": within_heading,
                "clause_heading_html": snippet_html(marked) if own else escape(within_heading or ""),
                "snippet": snippet.replace(_START, "").replace(_END, ""),
                "snippet_html": snippet_html(snippet),
                "valid_from": valid_from,
                "valid_to": valid_to,
                "applies": date_range(valid_from, valid_to),
                "last_changed_by": changed_by if changed_by != title else None,
                "url": law_url(law, at=at) + f"#{eid}",
            }
        )
    where_all, params_all = _where(query, facets=False)
    facets = {
        "local_government": [
            {"value": v, "count": n}
            for v, n in conn.execute(
                f"select l.local_government, count(*) {_FROM} where {where_all} group by 1 order by 2 desc, 1", params_all
            )
        ],
        "law": [
            {"value": v, "label": t, "count": n}
            for v, t, n in conn.execute(
                f"select p.law, l.title, count(*) {_FROM} where {where_all}"
                + (" and l.local_government = :lg" if query.local_government else "")
                + " group by 1, 2 order by 3 desc, 2",
                {**params_all, **({"lg": query.local_government} if query.local_government else {})},
            )
        ],
    }
    return {"q": query.q, "when": query.when, "today": query.day, "total": total, "page": max(query.page, 1),
            "pages": (total + PAGE - 1) // PAGE, "results": results, "facets": facets}  # fmt: skip
