"""Penalties as data: the rows of every schedule of prescribed offences as typed rows (``offences``), and offences
similar to a description across local governments, with their modified penalties.

A schedule is a schedule of offences when one of its column headings names a penalty ("Modified Penalty"); each
row gives the item, the clause it cites, the offence and the penalty. The penalty is read as a number of dollars
only when the cell is exactly an amount ("$250", "$1,000", "$1 000", "$250.00"); any other cell ("$250 per day",
"10 penalty units", "—", empty) keeps its words in ``penalty_text``, ``penalty`` stays null and ``problem`` says
why: a penalty is never guessed. The clause cited is linked to the provision it names in the same version of
the law (``clause_eid``): exactly, or, when the law has no such subclause or paragraph, to the clause it belongs
to (``clause_link`` = 'clause'); never to anything else.

Similarity of offences is the text similarity of their descriptions (rapidfuzz's token sort ratio, 0-100, after
lower-casing and removing punctuation), computed when asked, over the offences in force on the date asked.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import sqlite3
import statistics
from collections.abc import Iterable, Sequence
from typing import Any

from rapidfuzz import fuzz, process, utils

from .schema_features import OFFENCES, last_changed_by_sql
from .schema_types import dict_rows, in_force_sql, law_key, law_key_sql

Row = dict[str, Any]


_AMOUNT = re.compile(r"\$\s?((?:\d{1,3}(?:[, ]\d{3})+|\d+)(?:\.\d{2})?)")


def read_penalty(cell: str | None) -> tuple[float | None, str | None]:
    """(the amount in dollars, None) when ``cell`` is exactly an amount, else (None, why not)."""
    text = (cell or "").strip()
    if not text:
        return None, "no penalty is printed in this row"
    m = _AMOUNT.fullmatch(text)
    if m is None:
        return None, f"the penalty “{text}” is not an amount in dollars like $250"
    return float(m.group(1).replace(",", "").replace(" ", "")), None


def normal_clause(cited: str | None) -> str | None:
    """A clause as cited in a schedule, as lawhistory cites it: '4.7 (3)(k)' → '4.7(3)(k)'."""
    if not cited:
        return None
    return re.sub(r"\s+", "", cited.strip()) or None


def _column(headings: Sequence[str], *words: str) -> int | None:
    for k, h in enumerate(headings):
        low = h.lower()
        if any(w in low for w in words):
            return k
    return None


#: Rows of schedules with a penalty column, with their schedule's headings (the schedule span holding the row). Read
#: from the stored rows (``provision_spans``, the law named by its key): the ``provisions`` view joined to itself
#: left SQLite no index for the schedule of each row (every schedule span of every law was read for each item).
#: Each row's ``last_changed_by`` is the ``provisions`` view's, from the law's version that last changed it.
_ROWS_SQL = f"""select k.id as law, p.position, p.from_version, p.to_version, p.valid_from, p.valid_to, p.citation, p.eid,
  p.num, p.cells, p.parent, s.cells as headings, l.local_government, l.title as law_title,
  {last_changed_by_sql("c", "p")} as last_changed_by
from provision_spans p
join law_keys k on k.key = p.law_key
join provision_spans s on s.law_key = p.law_key and s.citation = p.parent and s.kind = 'schedule'
  and s.from_version <= p.from_version and (s.to_version is null or s.to_version > p.from_version)
join laws l on l.id = k.id
left join versions c on c.law = k.id and c.number = p.changed_in
where p.kind = 'item' and s.cells like '%enalt%' {{where}}
order by k.id, p.position, p.from_version"""

#: SQLite's ``like`` folds the case of ASCII letters only: the ``penalties`` view's headings are matched that way.
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _view_column(headings: Sequence[Any], starts: str | None, *words: str) -> int | None:
    """The column the ``penalties`` view reads (``schema._header_cell``): the first heading beginning with ``starts``
    or containing one of ``words``, compared as SQLite's ``like`` compares (ASCII letters in either case)."""
    for k, h in enumerate(headings):
        if not isinstance(h, str):  # json_each gives such a value no text to match
            continue
        low = h.translate(_ASCII_LOWER)
        if (starts is not None and low.startswith(starts)) or any(w in low for w in words):
            return k
    return None


def offence_rows(conn: sqlite3.Connection, laws: Sequence[str] | None = None) -> list[tuple[Any, ...]]:
    """The ``offences`` rows of ``laws`` (all laws when None), in the table's column order, clauses not yet linked."""
    where, params = "", []
    if laws is not None:  # by the laws' keys: SQLite reads those laws' spans, not every schedule row of every law
        where = f"and p.law_key in ({', '.join('?' for _ in laws)})"
        params = [law_key(law) for law in laws]
    out = []
    for r in conn.execute(_ROWS_SQL.format(where=where), params):
        law, position, from_v, to_v, vf, vt, citation, eid, num, cells_json, parent, headings_json, lg, title, changed = r
        headings = json.loads(headings_json or "[]")
        cells = json.loads(cells_json or "[]")
        pen = _column(headings, "penalty")
        if pen is None:
            continue
        off = _column(headings, "offence", "description")
        cl = _column(headings, "clause", "provision", "section")
        item = _column(headings, "item", "no.")

        def cell(k: int | None, cells: list[str] = cells) -> str | None:
            return cells[k] if k is not None and k < len(cells) else None

        penalty, problem = read_penalty(cell(pen))
        out.append(
            (
                law, position, from_v, to_v, vf, vt, lg, title, parent, citation, eid, cell(item) or num,
                normal_clause(cell(cl)), None, None, cell(off), cell(pen), penalty, problem, changed,
                cell(_view_column(headings, "clause", "provision")), cell(_view_column(headings, None, "offence")),
            )
        )  # fmt: skip
    return out


_LINK_EXACT = """update offences set clause_eid = (
  select p.eid from provision_spans p where p.law_key = {law_key}
  and p.citation = offences.clause and +p.kind != 'item'
  and p.from_version <= offences.from_version and (p.to_version is null or p.to_version > offences.from_version) limit 1),
  clause_link = 'exact'
where clause is not null {where}"""
_LINK_CLAUSE = """update offences set clause_eid = (
  select p.eid from provision_spans p where p.law_key = {law_key}
  and +p.kind = 'clause'
  and p.citation = substr(offences.clause, 1, instr(offences.clause, '(') - 1)
  and p.from_version <= offences.from_version and (p.to_version is null or p.to_version > offences.from_version) limit 1),
  clause_link = 'clause'
where clause_eid is null and instr(clause, '(') > 1 {where}"""
_UNLINKED = """update offences set clause_link = null,
  problem = coalesce(problem || '; ', '') || 'the law has no provision ' || clause || ' in this version'
where clause is not null and clause_eid is null {where}"""


def derive(conn: sqlite3.Connection, laws: Sequence[str] | None = None) -> int:
    """(Re)write the ``offences`` rows of ``laws`` (every law when None) from the provisions; how many rows."""
    if laws is not None and not laws:
        return 0
    where, params = "", []
    if laws is not None:
        where = f"and law in ({', '.join('?' for _ in laws)})"
        params = list(laws)
    conn.execute(f"delete from offences where 1 {where}", params)
    rows = offence_rows(conn, laws)
    marks = ", ".join("?" for _ in OFFENCES.columns)
    conn.executemany(f"insert into offences values ({marks})", rows)
    for sql in (_LINK_EXACT, _LINK_CLAUSE, _UNLINKED):
        conn.execute(sql.format(where=where, law_key=law_key_sql("offences.law")), params)
    return len(rows)


# --- comparing offences across local governments ------------------------------------------------------------------------

#: The most offences a comparison lists (its summary counts them all): a low threshold matches nearly every offence.
MAX_ROWS = 1000
_IN_FORCE = in_force_sql(":at")


def _summary(rows: Iterable[Row]) -> Row:
    rows = list(rows)
    amounts = [r["penalty"] for r in rows if r["penalty"] is not None]
    return {
        "offences": len(rows),
        "local_governments": len({r["local_government"] for r in rows}),
        "with_amount": len(amounts),
        "flagged": len(rows) - len(amounts),
        "min": min(amounts) if amounts else None,
        "median": statistics.median(amounts) if amounts else None,
        "max": max(amounts) if amounts else None,
    }


def common_offences(conn: sqlite3.Connection, at: dt.date, limit: int = 200) -> list[Row]:
    """Offences printed in the same words (ignoring case and spacing) by more than one local government, in force on
    ``at``, with the range of their penalties: where to start comparing."""
    return dict_rows(
        conn,
        "select lower(trim(offence)) as key, min(offence) as offence, count(distinct local_government) as local_governments,"
        " count(*) as offences, min(penalty) as min, max(penalty) as max, sum(penalty is null) as flagged"
        f" from offences where {_IN_FORCE} and offence is not null group by key having local_governments > 1"
        " order by local_governments desc, key limit :limit",
        {"at": at.isoformat(), "limit": limit},
    )


def similar_offences(conn: sqlite3.Connection, at: dt.date, q: str, threshold: int = 80) -> list[Row]:
    """Offences in force on ``at`` whose description scores at least ``threshold`` (0-100) against ``q``, best first."""
    rows = dict_rows(
        conn, f"select rowid as id, * from offences where {_IN_FORCE} and offence is not null", {"at": at.isoformat()}
    )
    texts = sorted({r["offence"] for r in rows})
    scores = {
        text: score
        for text, score, _ in process.extract(
            q, texts, scorer=fuzz.token_sort_ratio, processor=utils.default_process, score_cutoff=threshold, limit=None
        )
    }
    found = [{**r, "score": round(scores[r["offence"]], 1)} for r in rows if r["offence"] in scores]
    found.sort(key=lambda r: (-r["score"], r["local_government"], r["law_title"], r["position"]))
    return found


def compare(conn: sqlite3.Connection, at: dt.date, q: str, threshold: int = 80) -> Row:
    """The penalties page's data: with ``q``, the offences similar to it and a summary of their penalties;
    without, the offences several local governments print alike."""
    if not q:
        return {"as_at": at.isoformat(), "q": "", "threshold": threshold, "common": common_offences(conn, at)}
    found = similar_offences(conn, at, q, threshold)
    return {
        "as_at": at.isoformat(), "q": q, "threshold": threshold, "offences": found[:MAX_ROWS], "summary": _summary(found),
        "truncated": len(found) > MAX_ROWS,
    }  # fmt: skip


#: The columns of the page's CSV and JSON rows.
COLUMNS = (
    "score", "local_government", "law_title", "law", "citation", "item", "clause", "clause_eid", "offence",
    "penalty", "penalty_text", "problem", "valid_from", "valid_to",
)  # fmt: skip
