"""``/-/law/<id>.akn?at=D``: the version in force on D as Akoma Ntoso 3.0, written at request time from stored rows.

The rows give back the plain values ``akn.write`` takes (``akn.Expression``): the provisions of the version with their
eIds and notes (``provisions``), the instruments' lifecycle (``versions``, ``instruments``, ``laws.repealed_by``) and
what each version changed (``changes``), so the site and ``lawhistory export`` write the same document.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import sqlite3
from typing import Any

from ..core.incomplete import NotApplied
from ..core.model import Commencement, Gazette, LawMeta, Provision
from ..core.partly import stored_on_day
from ..deriving.schema_types import dict_rows
from ..presenting.akn import Event, Expression, Mod, write
from .pages import omitted_rows, status_at

Row = dict[str, Any]


def _date(value: str | None) -> dt.date | None:
    return dt.date.fromisoformat(value) if value else None


def _meta(row: Row, kind: str = "principal") -> LawMeta:
    return LawMeta(
        id=row["id"],
        title=row["title"],
        local_government=row["local_government"],
        kind=kind,  # type: ignore[arg-type]
        made=_date(row["made"]),
        gazette=Gazette(_date(row["gazette_date"]), row["gazette_number"], row["gazette_pages"]),
        commencement=Commencement(date=_date(row["commencement"])),
    )


def _tree(rows: list[Row]) -> tuple[tuple[Provision, ...], tuple[Provision, ...], tuple[tuple[Provision, str, str | None], ...]]:
    """The body and closing words of a version from its provision rows (in document order, each with its depth), and
    each provision with its eId and note in document order.

    Closing words are not marked in the rows: they are the free text at the top level after the law's last provision
    of any other kind (the body of every law in the repository ends with a provision or schedule).
    """
    nodes: list[dict[str, Any]] = [{"row": r, "kids": []} for r in rows]
    roots: list[dict[str, Any]] = []
    stack: list[dict[str, Any]] = []
    for n in nodes:
        depth = int(n["row"]["depth"])
        del stack[depth:]
        (stack[-1]["kids"] if stack else roots).append(n)
        stack.append(n)
    last = max((i for i, n in enumerate(roots) if n["row"]["kind"] != "text"), default=len(roots) - 1)
    found: list[tuple[Provision, str, str | None]] = []

    def build(n: dict[str, Any]) -> Provision:
        r = n["row"]
        slot = len(found)
        found.append(None)  # type: ignore[arg-type]  # filled below: document order is the parent first
        kids = tuple(build(k) for k in n["kids"])
        p = Provision(
            kind=r["kind"],
            num=r["num"],
            heading=r["heading"],
            text=None if r["kind"] == "item" else r["text"],
            term=r["term"],
            cells=tuple(json.loads(r["cells"] or "[]")),
            children=kids,
        )
        found[slot] = (p, r["eid"], r["note"])
        return p

    everything = tuple(build(n) for n in roots)
    return everything[: last + 1], everything[last + 1 :], tuple(found)


def expression(conn: sqlite3.Connection, law_id: str, at: dt.date) -> tuple[Expression | None, str]:
    """The expression in force on ``at`` (None, and the law's status, when no version is)."""
    laws = dict_rows(conn, "select * from laws where id = ?", [law_id])
    if not laws:
        return None, "unknown"
    law = laws[0]
    versions = dict_rows(conn, "select * from versions where law = ? order by number", [law_id])
    status, version = status_at(law, versions, at)
    if version is None:
        return None, status
    number = int(version["number"])
    rows = dict_rows(
        conn,
        "select kind, num, heading, text, term, cells, eid, note, depth from provisions"
        " where law = ? and from_version <= ? and (to_version is null or to_version > ?) order by position",
        [law_id, number, number],
    )
    body, conclusions, found = _tree(rows)
    meta = _meta(law)
    instruments = {
        r["id"]: r
        for r in dict_rows(
            conn,
            "select * from instruments where id in (select instrument from versions where law = ?) or id = ?",
            [law_id, law["repealed_by"]],
        )
    }
    events: list[Event] = []
    made = meta.gazette.date or meta.commencement.date or meta.made
    if made is not None:
        events.append(Event(made, "generation", "original", meta))
    for v in versions[1:]:
        inst = instruments[v["instrument"]]
        events.append(
            Event(dt.date.fromisoformat(v["valid_from"]), "amendment", f"amendment_{v['number']}", _meta(inst, inst["kind"]))
        )
    if law["repealed_by"] and law["repealed_from"] and law["repealed_by"] in instruments:
        inst = instruments[law["repealed_by"]]
        events.append(Event(dt.date.fromisoformat(law["repealed_from"]), "repeal", "repeal", _meta(inst, inst["kind"])))
    starts = {int(v["number"]): _date(v["valid_from"]) for v in versions}
    mods = tuple(
        Mod(int(c["version"]), c["change"], c["eid"], starts.get(int(c["version"]) - 1))
        for c in dict_rows(conn, "select version, change, eid from changes where law = ? and version <= ?", [law_id, number])
    )
    omitted = tuple(
        NotApplied(r["title"], r["instrument"], _date(r["commences"]), r["reason"], _date(r["published"]))
        for r in omitted_rows(conn, law_id, at)
    )
    partly = stored_on_day(version.get("not_in_force"), at)
    return Expression(
        meta, number, dt.date.fromisoformat(version["valid_from"]), body, conclusions, found, tuple(events), mods, omitted,
        partly,
    ), status  # fmt: skip


async def akn_view(datasette: Any, request: Any) -> Any:
    """The route's view: the AKN document, or a one-line error (404 unknown law, 400 bad date or no version)."""
    from datasette import Response

    from .plugin import _database

    law_id = request.url_vars["law_id"]
    day = request.args.get("at")
    try:
        at = dt.date.fromisoformat(day) if day else dt.date.today()
    except ValueError:
        return Response.text(f"“{day}” is not a date like 2021-04-23\n", status=400)
    db = _database(datasette, law_id)
    x, status = await db.execute_fn(lambda conn: expression(conn, law_id, at))
    if x is None:
        if status == "unknown":
            return Response.text(f"no law with the id {law_id!r}\n", status=404)
        return Response.text(f"{law_id} was {status.replace('_', ' ')} on {at}: no version to export\n", status=404)
    name = law_id.replace("/", "-") + f"-{x.valid_from}.xml"
    data = await asyncio.to_thread(write, x)  # ~0.1 s for a long law (most of it the schema check): not on the event loop
    return Response(
        data,
        content_type="application/akn+xml; charset=utf-8",
        headers={"content-disposition": f'inline; filename="{name}"'},
    )
