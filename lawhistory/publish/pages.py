"""What the site's pages show, read from the database alone (the served site is just the immutable file).

Each function returns a template context of plain values. Law text is never marked safe here except
a redline, and only after checking it holds nothing but escaped text and ``<del>``/``<ins>`` tags.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote, urlencode

from markupsafe import Markup, escape

from ..model import CONTAINER_KINDS
from ..textformat import KEYWORDS

Row = dict[str, Any]
_HEADING_TAG = {"part": "h2", "schedule": "h2", "division": "h3", "subdivision": "h3", "clause": "h4"}
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


def label(p: Row) -> str:
    """A provision's label line as printed: ``PART 2—ANIMALS``, ``2.7 Roosters``, ``(a) roosters;``."""
    if p["kind"] in CONTAINER_KINDS:
        return f"{KEYWORDS[p['kind']]} {p['num']}" + (f"—{p['heading']}" if p["heading"] else "")
    if p["kind"] == "clause":
        return f"{p['num']} {p['heading']}" if p["heading"] else str(p["num"])
    if p["kind"] in ("subclause", "paragraph", "subparagraph"):
        return f"{p['num']} {p['text'] or ''}".rstrip()
    return str(p["text"] or "")


def _block(p: Row, diff: str | None, deleted: bool = False) -> Row:
    term = p.get("term")
    text = p.get("text") or ""
    return {
        "kind": p["kind"],
        "tag": _HEADING_TAG.get(p["kind"], "p"),
        "eid": p["eid"],
        "citation": p["citation"],
        "depth": p["depth"],
        "label": label(p),
        "clause_text": p["text"] if p["kind"] == "clause" else None,
        "term": term if term and text.startswith(term) else None,
        "rest": text[len(term) :] if term and text.startswith(term) else text,
        "note": p.get("note"),
        "cells": json.loads(p["cells"] or "[]"),
        "diff": safe_redline(diff),
        "deleted": deleted,
        "position": p["position"],
    }


def group_tables(blocks: list[Row]) -> list[Row]:
    """Consecutive schedule rows become one table, headed by their schedule's column headings."""
    out: list[Row] = []
    header: list[str] = []
    for b in blocks:
        if b["kind"] == "schedule":
            header = b["cells"]
        if b["kind"] != "item":
            out.append(b)
            continue
        if not out or out[-1]["kind"] != "table":
            out.append({"kind": "table", "header": header, "rows": []})
        out[-1]["rows"].append(b)
    return out


async def _blocks(db: Any, law_id: str, at: dt.date, version: Row, redline: bool) -> list[Row]:
    day = at.isoformat()
    rows = await _rows(
        db,
        "select * from provisions where law = ? and valid_from <= ? and (valid_to is null or valid_to > ?) order by position",
        [law_id, day, day],
    )
    diffs: dict[str, str] = {}
    gone: list[Row] = []
    if redline and version["number"] > 0:
        changes = await _rows(db, "select * from changes where law = ? and version = ?", [law_id, version["number"]])
        diffs = {c["citation"]: c["diff_html"] for c in changes}
        deleted = {c["citation"] for c in changes if c["change"] == "deleted"}
        ended = await _rows(db, "select * from provisions where law = ? and to_version = ?", [law_id, version["number"]])
        gone = [_block(p, diffs.get(p["citation"]), deleted=True) for p in ended if p["citation"] in deleted]
    blocks = [_block(p, diffs.get(p["citation"])) for p in rows] + gone
    blocks.sort(key=lambda b: b["position"])
    return group_tables(blocks)


async def law_page(db: Any, law_id: str, at: dt.date, redline: bool) -> Row | None:
    law = await _one(db, "select * from laws where id = ?", [law_id])
    if law is None:
        return None
    versions = await _rows(db, "select * from versions where law = ? order by number", [law_id])
    status, version = status_at(law, versions, at)
    repealer = (
        await _one(db, "select id, title from instruments where id = ?", [law["repealed_by"]]) if law["repealed_by"] else None
    )
    instruments = await _rows(
        db,
        "select * from instruments where id = ? or amends = ? or id in (select instrument from versions where law = ?)"
        " or id = ? order by commencement is null, commencement, id",
        [law_id, law_id, law_id, law["repealed_by"]],
    )
    for v in versions:
        v["until"] = _day_before(v["valid_to"])
        v["href"] = law_url(law_id, at=v["valid_from"], redline="1" if redline else None)
        v["current"] = version is not None and v["number"] == version["number"]
        v["instrument_href"] = instrument_url(v["instrument"])
    for inst in instruments:
        inst["href"] = instrument_url(inst["id"])
    if repealer:
        repealer["href"] = instrument_url(repealer["id"])
    can_redline = version is not None and version["number"] > 0
    return {
        "law": law,
        "at": at.isoformat(),
        "status": status,
        "status_line": status_line(law, at, status, version, repealer["title"] if repealer else None),
        "version": version,
        "versions": versions,
        "blocks": await _blocks(db, law_id, at, version, redline) if version else [],
        "redline": redline and can_redline,
        "can_redline": can_redline,
        "redline_href": law_url(law_id, at=at.isoformat(), redline="1"),
        "plain_href": law_url(law_id, at=at.isoformat()),
        "form_action": law_url(law_id),
        "instruments": instruments,
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
