"""Search for people: the provisions' full-text index (``provisions_fts``) as a readable list.

``search(conn, ...)`` returns plain values: each result is a provision with its law, citation, the heading of
the clause (or schedule, or part) it belongs to, a snippet with the matching words marked, the dates its
words applied, and a link to it on the law page as at a date on which it applied. By default only text in
force today; ``when="all"`` searches every version. Facets count results by local government and by law.
"""

from __future__ import annotations

import bisect
import datetime as dt
import json
import os
import sqlite3
import threading
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from ..core.dates import date_range
from ..deriving.schema import FTS_COLUMNS, in_force_sql
from ..deriving.schema_types import law_key_sql

PAGE = 30
#: How many local governments and laws each facet of the page lists (the most matches first); the rest are counted
#: in a line of their own ("and 1,980 more laws"), and the JSON keeps every one.
FACET_LIMIT = 20
_START, _END = "\x02", "\x03"
#: How many words of context a snippet keeps around the matching words.
SNIPPET_WORDS = 16
#: The words' and the heading's columns in the full-text index (``snippet`` and ``highlight`` take their numbers).
_TEXT, _HEADING = FTS_COLUMNS.index("text"), FTS_COLUMNS.index("heading")


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
            "select citation, kind, heading, parent from provision_spans"
            f" where law_key = {law_key_sql(':law')} and citation = :parent"
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


def _counts_sql(conn: sqlite3.Connection, query: Query) -> dict[str, int]:
    """``_counts`` by joining every match to its provision row (the general way, slow for common words)."""
    clauses = ["provisions_fts match :fts"]
    if query.when != "all":
        clauses.append(in_force_sql(":day", "p"))
    sql = (
        "select k.id, count(*) from provisions_fts join provision_spans p on p.rowid = provisions_fts.rowid"
        f" join law_keys k on k.key = p.law_key where {' and '.join(clauses)} group by k.id"
    )
    return dict(conn.execute(sql, {"fts": fts_query(query.q), "day": query.day}).fetchall())


def _database_key(conn: sqlite3.Connection | None, path: str | None = None) -> tuple[int, int, int, int] | None:
    """The database file's identity (device, inode, size, modification time), or None for one in memory: what the
    caches below are keyed by, so a rebuilt or replaced file is read afresh (and a hard link to it is the same file). ``path`` is the file the connection
    reads, when the caller knows it (the public site's connections do not tell SQL their file's path)."""
    if path is None and conn is not None:
        row = conn.execute("select file from pragma_database_list where name = 'main'").fetchone()
        path = row[0] if row else None
    if not path:
        return None
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


_lock = threading.Lock()
_ranges_cache: dict[tuple[int, int, int, int], tuple[list[int], list[int], list[str]] | None] = {}
_not_in_force_cache: dict[tuple[tuple[int, int, int, int], str], dict[int, str]] = {}


def _law_ranges(conn: sqlite3.Connection) -> tuple[list[int], list[int], list[str]] | None:
    """The provision rows as runs of one law's rows, in rowid order (lows, highs, laws): a law the full build wrote
    together is one run; one whose rows an incremental build kept and added to (an unchanged span keeps its row, a
    new one goes at the end) is several. Every row is in exactly one run, so a match's rowid names its law."""
    keys = dict(conn.execute("select key, id from law_keys").fetchall())
    lows: list[int] = []
    highs: list[int] = []
    laws: list[str] = []
    last = None
    for rowid, law_key in conn.execute("select rowid, law_key from provision_spans order by rowid"):
        if law_key == last:
            highs[-1] = rowid
            continue
        lows.append(rowid)
        highs.append(rowid)
        laws.append(keys[law_key])
        last = law_key
    return lows, highs, laws


def _not_in_force(conn: sqlite3.Connection, day: str) -> dict[int, str]:
    """Rowid → law of every provision row not in force on ``day`` (superseded, repealed or not yet commenced): few
    beside the rows in force, which is every row open-ended from on or before ``day``."""
    return dict(
        conn.execute(
            "select s.rowid, k.id from provision_spans s join law_keys k on k.key = s.law_key"
            f" where not ({in_force_sql(':day')}) or valid_from is null",
            {"day": day},
        ).fetchall()
    )


def _cached(
    conn: sqlite3.Connection, key: tuple[int, int, int, int], day: str | None
) -> tuple[tuple[list[int], list[int], list[str]] | None, dict[int, str] | None]:
    """The laws' rowid ranges of the database ``key`` and (if ``day``) its rows not in force on ``day``, read once."""
    with _lock:
        if key not in _ranges_cache:
            _ranges_cache.clear()
            _not_in_force_cache.clear()
            _ranges_cache[key] = _law_ranges(conn)
        ranges = _ranges_cache[key]
        if ranges is None or day is None:
            return ranges, None
        if (key, day) not in _not_in_force_cache:
            _not_in_force_cache[(key, day)] = _not_in_force(conn, day)
        return ranges, _not_in_force_cache[(key, day)]


def warm(path: str) -> None:
    """Read what the counts need from the database file at ``path`` now (a served site's worker does, as it starts,
    so that its first search does not wait for it)."""
    key = _database_key(None, path)
    if key is None:
        return
    conn = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
    try:
        _cached(conn, key, dt.date.today().isoformat())
    except sqlite3.Error:
        pass  # not a lawhistory database (the search page then says so itself)
    finally:
        conn.close()


def _counts(conn: sqlite3.Connection, query: Query, path: str | None = None) -> dict[str, int]:
    """Law id → its provisions matching the words (and in force today, unless every version is searched): one pass
    over the matches, from which the total, both facets and the laws of a page are all taken.

    The matches are read from the full-text index alone (their rowids, in order), and counted by law from each law's
    rowid runs; those not in force today are taken off, found among the few rows that are not. Both lists are read
    once per database file (and day) and kept. The counts are those of joining each match to its row
    (``_counts_sql``), which is used instead for a database in memory."""
    key = _database_key(conn, path)
    if key is None:
        return _counts_sql(conn, query)
    ranges, nif = _cached(conn, key, query.day if query.when != "all" else None)
    if ranges is None:
        return _counts_sql(conn, query)
    # One string of rowids rather than a row per match (a third less time for 200,000 matches); sorted again, as the
    # order group_concat keeps is not promised.
    (joined,) = conn.execute(
        "select group_concat(rowid) from provisions_fts where provisions_fts match ?", (fts_query(query.q),)
    ).fetchone()
    # read as one JSON array (the numbers parsed in C: about half the time of splitting and int() at 700,000 matches)
    rowids = sorted(json.loads(f"[{joined}]")) if joined else []
    lows, highs, laws = ranges
    counts: dict[str, int] = {}
    for lo, hi, law in zip(lows, highs, laws, strict=True):
        n = bisect.bisect_right(rowids, hi) - bisect.bisect_left(rowids, lo)
        if n:
            counts[law] = counts.get(law, 0) + n
    if nif:
        for r in nif.keys() & rowids:
            law = nif[r]
            counts[law] -= 1
            if not counts[law]:
                del counts[law]
    return counts


def _page_laws(order: list[tuple[tuple[str, str], str, int]], offset: int) -> tuple[list[str], int]:
    """The laws holding results ``offset`` to ``offset + PAGE`` in the order of the results (council, title, then the
    law's own order), and where in their results the page starts. Laws with the same council and title are taken
    together: their results interleave."""
    laws: list[str] = []
    before = 0
    start = None
    k = 0
    while k < len(order):
        key = order[k][0]
        group = []
        while k < len(order) and order[k][0] == key:
            group.append(order[k])
            k += 1
        n = sum(c for _, _, c in group)
        if before + n > offset and before < offset + PAGE:
            if start is None:
                start = offset - before
            laws += [law for _, law, _ in group]
        before += n
    return laws, start or 0


def search(conn: sqlite3.Connection, query: Query, law_url: Any, path: str | None = None) -> dict[str, Any]:
    """The results page's data (also its JSON): results, total, facets and the query as understood. ``path``: the
    database file ``conn`` reads, if known (see ``_database_key``)."""
    if not query.q.strip():
        return {"q": query.q, "when": query.when, "total": 0, "results": [], "facets": {"local_government": [], "law": []},
                "facet_limit": FACET_LIMIT, "facets_more": {"local_government": 0, "law": 0}}  # fmt: skip
    counts = _counts(conn, query, path)
    known = {law: (title, lg) for law, title, lg in conn.execute("select id, title, local_government from laws")}
    counts = {law: n for law, n in counts.items() if law in known}
    chosen = {
        law: n
        for law, n in counts.items()
        if (not query.local_government or known[law][1] == query.local_government) and (not query.law or law == query.law)
    }
    total = sum(chosen.values())
    offset = (max(query.page, 1) - 1) * PAGE
    order = sorted(((known[law][1], known[law][0]), law, n) for law, n in chosen.items())
    laws, start = _page_laws(order, offset)
    rows = []
    if laws:
        where, params = _where(query)
        marks = ", ".join(f":law{k}" for k in range(len(laws)))
        params.update({f"law{k}": law for k, law in enumerate(laws)})
        # The page's laws' provisions are rows lo to hi (a law's rows are written together): the full-text index
        # looks only there, instead of at every match.
        lo, hi = conn.execute(
            "select min(s.rowid), max(s.rowid) from provision_spans s join law_keys k on k.key = s.law_key"
            f" where k.id in ({marks})",
            params,
        ).fetchone()
        params.update({"lo": lo, "hi": hi})
        rows = conn.execute(
            "select p.law, l.title, l.local_government, p.citation, p.eid, p.kind, p.heading, p.parent, p.valid_from,"
            f" p.valid_to, snippet(provisions_fts, {_TEXT}, char(2), char(3), '…', {SNIPPET_WORDS}), p.last_changed_by,"
            f" highlight(provisions_fts, {_HEADING}, char(2), char(3))"
            f" {_FROM} where {where} and provisions_fts.rowid between :lo and :hi and p.law in ({marks})"
            f" order by l.local_government, l.title, p.position, p.from_version limit {PAGE} offset {start}",
            params,
        ).fetchall()
    results = []
    omitted = _omitted(conn, laws)
    waiting = _in_part(conn, laws)
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
                "incomplete": [
                    n
                    for n in omitted.get(law, [])
                    # of unknown commencement: its gazette date is the first day it can be omitted (``earliest``)
                    if _omits(n["commences"] or n["published"], query.day if query.when != "all" else None, valid_to)
                ],
                # the clauses of the law (or of an instrument applied in part) not yet in force on the day the result
                # is shown as at: its first day when every version is searched
                "in_part": [n for start, end, n in waiting.get(law, []) if at and start <= at and (end is None or end > at)],
            }
        )
    by_council: dict[str, int] = {}
    for law, n in counts.items():
        by_council[known[law][1]] = by_council.get(known[law][1], 0) + n
    facets = {
        "local_government": [{"value": v, "count": n} for v, n in sorted(by_council.items(), key=lambda kv: (-kv[1], kv[0]))],
        "law": [
            {"value": law, "label": known[law][0], "count": n}
            for law, n in sorted(counts.items(), key=lambda kv: (-kv[1], known[kv[0]][0], kv[0]))
            if not query.local_government or known[law][1] == query.local_government
        ],
    }
    more = {name: shown["more"] for name, shown in shown_facets(facets, query).items()}
    return {"q": query.q, "when": query.when, "today": query.day, "total": total, "page": max(query.page, 1),
            "pages": (total + PAGE - 1) // PAGE, "results": results, "facets": facets,
            "facet_limit": FACET_LIMIT, "facets_more": more}  # fmt: skip


def _omitted(conn: sqlite3.Connection, laws: list[str]) -> dict[str, list[dict[str, Any]]]:
    """The instruments not applied (``not_applied``) of each of ``laws``, in commencement order."""
    out: dict[str, list[dict[str, Any]]] = {}
    if not laws:
        return out
    marks = ", ".join("?" * len(laws))
    for law, inst, title, commences, reason, published in conn.execute(
        f"select law, instrument, title, commences, reason, published from not_applied where law in ({marks})"
        " order by law, position",
        laws,
    ):
        entry = {"instrument": inst, "title": title, "commences": commences, "reason": reason, "published": published}
        out.setdefault(law, []).append(entry)
    return out


def _in_part(conn: sqlite3.Connection, laws: list[str]) -> dict[str, list[tuple[str, str | None, str]]]:
    """The stretches of days each of ``laws`` is in force in part (``in_part``): (first day, first day after, note)."""
    out: dict[str, list[tuple[str, str | None, str]]] = {}
    if not laws:
        return out
    marks = ", ".join("?" * len(laws))
    for law, start, end, note in conn.execute(
        f"select law, valid_from, valid_to, note from in_part where law in ({marks}) order by law, valid_from", laws
    ):
        out.setdefault(law, []).append((start, end, note))
    return out


def _omits(commences: str | None, day: str | None, valid_to: str | None) -> bool:
    """Whether a result's words omit an instrument commencing on ``commences``: shown as at ``day`` (on or after it
    commenced), or (``day`` None: every version searched) while they applied (it commenced before they stopped)."""
    if commences is None:
        return True
    if day is not None:
        return commences <= day
    return valid_to is None or commences < valid_to


def shown_facets(facets: dict[str, list[dict[str, Any]]], query: Query) -> dict[str, dict[str, Any]]:
    """What the page lists of each facet: the ``FACET_LIMIT`` entries with the most matches (the lists come sorted so,
    ties by name), and the one chosen if it is not among them; ``listed``: those listed; ``more``: how many are not; ``rest``: those,
    by name (the page offers its local governments in a list to choose from)."""
    chosen = {"local_government": query.local_government, "law": query.law}
    out: dict[str, dict[str, Any]] = {}
    for name, values in facets.items():
        items = values[:FACET_LIMIT]
        rest = values[FACET_LIMIT:]
        if chosen.get(name) and all(v["value"] != chosen[name] for v in items):
            items = items + [v for v in rest if v["value"] == chosen[name]]
            rest = [v for v in rest if v["value"] != chosen[name]]
        out[name] = {"listed": items, "more": len(rest), "rest": sorted(rest, key=lambda v: v.get("label", v["value"]))}
    return out
