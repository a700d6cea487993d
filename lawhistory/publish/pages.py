"""What the site's pages show, read from the database alone (the served site is just the immutable file).

Each function returns a template context of plain values. Law text is never marked safe here except
a redline, and only after checking it holds nothing but escaped text and ``<del>``/``<ins>`` tags.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import sqlite3
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote, urlencode

from markupsafe import Markup, escape

from ..diff import diff_html
from . import fragments

Row = dict[str, Any]
_SAFE_REDLINE = re.compile(r"(?:[^<>]|</?(?:del|ins)>)*")


async def _rows(db: Any, sql: str, params: Sequence[Any] = ()) -> list[Row]:
    result = await db.execute(sql, list(params))
    return [dict(r) for r in result.rows]


async def _one(db: Any, sql: str, params: Sequence[Any] = ()) -> Row | None:
    rows = await _rows(db, sql, params)
    return rows[0] if rows else None


def law_url(law_id: str, **params: Any) -> str:
    query = urlencode({k: v for k, v in params.items() if v})
    return f"/-/law/{quote(law_id, safe='/')}" + (f"?{query}" if query else "")


def instrument_url(inst_id: str) -> str:
    return f"/-/instrument/{quote(inst_id, safe='/')}"


def safe_redline(value: str | None) -> Markup | None:
    """A stored redline as markup, if it is only escaped text with <del>/<ins> tags; else escaped."""
    if value is None:
        return None
    return Markup(value) if _SAFE_REDLINE.fullmatch(value) else Markup(escape(value))


# --- the law page ---------------------------------------------------------------------------------------------------


def status_at(law: Row, versions: list[Row], at: dt.date) -> tuple[str, Row | None]:
    """(status, version) on ``at``, as ``versions.in_force`` decides it."""
    day = at.isoformat()
    if law["commencement"] is None:
        return "commencement_unknown", None
    if law["repealed_from"] is not None and day >= law["repealed_from"]:
        return "repealed", None
    if day < law["commencement"]:
        return "not_in_force", None
    current = versions[0]
    for v in versions:
        if v["valid_from"] is not None and v["valid_from"] <= day:
            current = v
    return "in_force", current


def _day_before(day: str | None) -> str | None:
    return (dt.date.fromisoformat(day) - dt.timedelta(days=1)).isoformat() if day else None


def status_line(law: Row, at: dt.date, status: str, version: Row | None, repealer: str | None) -> str:
    if status == "commencement_unknown":
        return "Its commencement date is not known, so what was in force on a date cannot be said."
    if status == "not_in_force":
        return f"As at {at}: not yet in force (commences {law['commencement']})."
    if status == "repealed":
        return f"As at {at}: repealed from {law['repealed_from']} by {repealer or 'a repeal'}."
    assert version is not None
    until = f" to {_day_before(version['valid_to'])}" if version["valid_to"] else ""
    return f"As at {at}: in force. This version applies from {version['valid_from']}{until}."


#: A law's provision spans in force on a date (+valid_from: read through the primary key's index, already in document
#: order, rather than sorted afterwards).
_IN_FORCE = "law = :law and +valid_from <= :at and (valid_to is null or valid_to > :at)"
#: The law's text as at a date: the stored fragments of the spans in force, joined in document order by SQLite, and
#: the column headings of its schedules (separated by a record separator, which JSON never holds unescaped).
LAW_TEXT_SQL = (
    "select group_concat(html, ''), group_concat(case when kind = 'schedule' then cells end, char(30))"
    f" from (select html, kind, cells from provisions where {_IN_FORCE} order by position)"
)


def _dicts(conn: sqlite3.Connection, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[Row]:
    cursor = conn.execute(sql, params)
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, r, strict=True)) for r in cursor.fetchall()]


def law_text(conn: sqlite3.Connection, law_id: str, day: str) -> str:
    """The law's text as at ``day`` as HTML (every word escaped when the build stored it): one query, no row in Python."""
    text, headers = conn.execute(LAW_TEXT_SQL, {"law": law_id, "at": day}).fetchone()
    return fragments.wrap_tables(text or "", headers.split("\x1e") if headers else [])


def redline_text(conn: sqlite3.Connection, law_id: str, day: str, version: int) -> str:
    """The law's text as at ``day`` with what ``version`` changed marked up, and what it deleted struck through."""
    rows = _dicts(conn, f"select * from provisions where {_IN_FORCE}", {"law": law_id, "at": day})
    changes = _dicts(conn, "select citation, change, diff_html from changes where law = ? and version = ?", [law_id, version])
    diffs = {c["citation"]: c["diff_html"] for c in changes}
    deleted = {c["citation"] for c in changes if c["change"] == "deleted"}
    ended = _dicts(conn, "select * from provisions where law = ? and to_version = ?", [law_id, version])
    gone = [dict(p, gone=True) for p in ended if p["citation"] in deleted]
    before = {p["citation"]: p for p in ended}
    pieces, headers = [], []
    for p in sorted(rows + gone, key=lambda r: int(r["position"])):
        diff = diffs.get(p["citation"])
        if diff is None:
            pieces.append(p["html"])
        else:
            old = before.get(p["citation"]) if p["kind"] == "clause" and "gone" not in p else None
            split = None
            if old is not None:  # a changed clause: its heading and its words, each with its own redline
                split = (
                    Markup(diff_html(old["heading"] or "", p["heading"] or "")),
                    Markup(diff_html(old["text"] or "", p["text"] or "")),
                )
            pieces.append(
                fragments.block(
                    p["kind"], p["eid"], p["depth"], p["num"], p["heading"], p["text"], p["term"],
                    json.loads(p["cells"] or "[]"), p["note"], diff=None if split else safe_redline(diff),
                    deleted="gone" in p, clause_diff=split,
                )
            )  # fmt: skip
        if p["kind"] == "schedule":
            headers.append(p["cells"])
    return fragments.wrap_tables("".join(pieces), headers)


def _law_data(conn: sqlite3.Connection, law_id: str, at: dt.date, redline: bool) -> Row | None:
    """Everything the law page shows, read in one go (one trip to Datasette's database thread)."""
    laws = _dicts(conn, "select * from laws where id = ?", [law_id])
    if not laws:
        return None
    law = laws[0]
    versions = _dicts(conn, "select * from versions where law = ? order by number", [law_id])
    status, version = status_at(law, versions, at)
    repealer = None
    if law["repealed_by"]:
        found = _dicts(conn, "select id, title from instruments where id = ?", [law["repealed_by"]])
        repealer = found[0] if found else None
    instruments = _dicts(
        conn,
        "select id, title, kind, commencement, status, reason from instruments where id in"
        " (select ? union select id from instruments where amends = ? union select instrument from versions where law = ?"
        " union select ?) order by commencement is null, commencement, id",
        [law_id, law_id, law_id, law["repealed_by"]],
    )
    text = ""
    if version is not None:
        day = at.isoformat()
        number = int(version["number"])
        text = redline_text(conn, law_id, day, number) if redline and number > 0 else law_text(conn, law_id, day)
    return {"law": law, "versions": versions, "status": status, "version": version, "repealer": repealer,
            "instruments": instruments, "text": text}  # fmt: skip


_CONNECTIONS: dict[str, sqlite3.Connection] = {}


def forget_connection(path: str) -> None:
    """Close the connection to a build's file that no request reads any more."""
    conn = _CONNECTIONS.pop(path, None)
    if conn is not None:
        conn.close()


def _read(db: Any, fn: Any) -> Any:
    """``fn(connection)`` right here: on an immutable file a page's queries take about a millisecond, less than
    handing them to Datasette's query threads and back (a serving process has as many as it needs: one per CPU).
    """
    conn = _CONNECTIONS.get(db.path)
    if conn is None:
        conn = _CONNECTIONS[db.path] = sqlite3.connect(f"file:{db.path}?immutable=1", uri=True, check_same_thread=False)
    return fn(conn)


async def law_page(db: Any, law_id: str, at: dt.date, redline: bool) -> Row | None:
    def read(conn: sqlite3.Connection) -> Row | None:
        return _law_data(conn, law_id, at, redline)

    data = _read(db, read) if not db.is_mutable and db.path else await db.execute_fn(read)
    if data is None:
        return None
    law, versions, version, repealer = data["law"], data["versions"], data["version"], data["repealer"]
    for v in versions:
        v["until"] = _day_before(v["valid_to"])
        v["href"] = law_url(law_id, at=v["valid_from"], redline="1" if redline else None)
        v["current"] = version is not None and v["number"] == version["number"]
        v["instrument_href"] = instrument_url(v["instrument"])
    for inst in data["instruments"]:
        inst["href"] = instrument_url(inst["id"])
    if repealer:
        repealer["href"] = instrument_url(repealer["id"])
    can_redline = version is not None and version["number"] > 0
    status = data["status"]
    return {
        "law": law,
        "at": at.isoformat(),
        "status": status,
        "status_line": status_line(law, at, status, version, repealer["title"] if repealer else None),
        "version": version,
        "versions": versions,
        "law_text": Markup(data["text"]),  # stored by the build with every word escaped (fragments.block)
        "redline": redline and can_redline,
        "can_redline": can_redline,
        "redline_href": law_url(law_id, at=at.isoformat(), redline="1"),
        "plain_href": law_url(law_id, at=at.isoformat()),
        "form_action": law_url(law_id),
        "instruments": data["instruments"],
        "repealer": repealer,
    }


# --- the instrument page ---------------------------------------------------------------------------------------------


async def instrument_page(db: Any, inst_id: str) -> Row | None:
    inst = await _one(db, "select * from instruments where id = ?", [inst_id])
    if inst is None:
        return None
    operations = await _rows(db, "select * from operations where instrument = ? order by seq", [inst_id])
    made = await _rows(
        db,
        "select v.*, l.title as law_title from versions v join laws l on l.id = v.law where v.instrument = ? order by v.law, v.number",
        [inst_id],
    )
    for v in made:
        v["href"] = law_url(v["law"], at=v["valid_from"], redline="1" if v["number"] else None)
        v["law_href"] = law_url(v["law"])
    repealed = await _rows(db, "select id, title, repealed_from from laws where repealed_by = ?", [inst_id])
    for law in repealed:
        law["href"] = law_url(law["id"], at=law["repealed_from"])
    for op in operations:
        op["law_href"] = law_url(op["law"]) if op["law"] else None
    amends = await _one(db, "select id, title from laws where id = ?", [inst["amends"]]) if inst["amends"] else None
    return {
        "inst": inst,
        "operations": operations,
        "made": made,
        "repealed": repealed,
        "amends": amends,
        "amends_href": law_url(amends["id"]) if amends else None,
        "is_law": inst["kind"] == "principal",
        "law_href": law_url(inst_id) if inst["kind"] == "principal" else None,
    }


# --- the index of laws ------------------------------------------------------------------------------------------------


async def laws_index(db: Any) -> Row:
    laws = await _rows(db, "select * from law_status order by local_government, title")
    groups: dict[str, list[Row]] = {}
    for law in laws:
        law["href"] = law_url(law["id"])
        groups.setdefault(law["local_government"], []).append(law)
    waiting = await _rows(
        db, "select * from instruments where status != 'applied' order by commencement is null, commencement, id"
    )
    for inst in waiting:
        inst["href"] = instrument_url(inst["id"])
    return {"groups": sorted(groups.items()), "waiting": waiting, "count": len(laws)}
