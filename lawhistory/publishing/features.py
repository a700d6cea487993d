"""Pages that answer questions across laws: statutory reviews (``/-/reviews``), penalties for similar offences
across local governments (``/-/penalties``) and similar provisions in other laws (``/-/similar``).

Each page reads the database only; each has the same rows as JSON (``.json``) and CSV (``.csv``).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import sqlite3
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode

from datasette import Response

from ..deriving import penalties, reviews, similar
from ..deriving.schema_types import dict_rows
from . import csv_safe, pages

Row = dict[str, Any]


def asked_date(value: str | None) -> tuple[dt.date, str | None]:
    """The date asked for (today when none), and a message when it could not be read."""
    if not value:
        return dt.date.today(), None
    try:
        return dt.date.fromisoformat(value), None
    except ValueError:
        return dt.date.today(), f"“{value}” is not a date like 2021-04-23, so today is shown."


def csv_response(rows: Sequence[Row], columns: Sequence[str], filename: str) -> Response:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for r in rows:
        writer.writerow(csv_safe.row("" if r.get(c) is None else r.get(c) for c in columns))
    return Response(
        out.getvalue(),
        content_type="text/csv; charset=utf-8",
        headers={"content-disposition": f'attachment; filename="{filename}"'},
    )


# --- reviews -----------------------------------------------------------------------------------------------------------

REVIEW_COLUMNS = (
    "local_government", "title", "id", "as_at", "commencement", "repealed_from", "reviews", "last_review",
    "period_from", "due", "rule", "status", "overdue",
)  # fmt: skip


def review_rows(conn: sqlite3.Connection, at: dt.date, local_government: str = "") -> list[Row]:
    """Every law's review as at ``at`` (the rows of the ``reviews`` canned query, decoded)."""
    rows = dict_rows(conn, reviews.REVIEWS_SQL, {"at": at.isoformat(), "local_government": local_government})
    return [reviews.row_json(r) for r in rows]


def review_groups(rows: list[Row]) -> list[tuple[str, list[Row]]]:
    groups: dict[str, list[Row]] = {}
    for r in rows:
        groups.setdefault(r["local_government"], []).append(r)
    return list(groups.items())


# --- the pages ----------------------------------------------------------------------------------------------------------


def _db(datasette: Any, request: Any) -> Any:
    """The database asked for: an illustrative one when ``?db=`` names it, else the lawhistory database."""
    from . import plugin

    wanted = request.args.get("db") or ""
    if wanted in plugin._illustrative(datasette) and wanted in datasette.databases:
        return datasette.get_database(wanted)
    return plugin._database(datasette)


async def _page(datasette: Any, request: Any, template: str, context: Row) -> Response:
    from . import plugin

    return await plugin._render(datasette, request, template, context)


def _format(request: Any) -> str:
    return str(request.url_vars.get("format") or "")


async def reviews_view(datasette: Any, request: Any) -> Response:
    """``/-/reviews?at=D&local_government=X``: every law's statutory review as at D, overdue ones flagged (.json, .csv)."""
    at, problem = asked_date(request.args.get("at"))
    council = request.args.get("local_government") or ""
    db = _db(datasette, request)
    rows = await db.execute_fn(lambda conn: review_rows(conn, at, council))
    fmt = _format(request)
    if fmt == ".json":
        return Response.json({"as_at": at.isoformat(), "local_government": council or None, "rules": reviews.RULES, "laws": rows})
    if fmt == ".csv":
        flat = [{**r, "reviews": " ".join(r["reviews"])} for r in rows]
        return csv_response(flat, REVIEW_COLUMNS, f"reviews-{at.isoformat()}.csv")
    context = {
        "at": at.isoformat(), "local_government": council, "problem": problem, "groups": review_groups(rows),
        "rules": reviews.RULES, "overdue": sum(1 for r in rows if r["overdue"]), "count": len(rows), "database": db.name,
        "query": urlencode({k: v for k, v in {"at": at.isoformat(), "local_government": council, "db": request.args.get("db")}.items() if v}),
    }  # fmt: skip
    return await _page(datasette, request, "lawhistory_reviews.html", context)


async def penalties_view(datasette: Any, request: Any) -> Response:
    """``/-/penalties?at=D&q=words&threshold=80``: offences similar to the words across local governments, in force on D,
    with their penalties (.json, .csv); without ``q``, offences several councils print alike."""
    at, problem = asked_date(request.args.get("at"))
    q = (request.args.get("q") or "").strip()[:300]
    try:
        threshold = max(0, min(100, int(request.args.get("threshold") or 80)))
    except ValueError:
        threshold, problem = 80, f"“{request.args.get('threshold')}” is not a whole number from 0 to 100, so 80 is used."
    db = _db(datasette, request)
    data = await db.execute_fn(lambda conn: penalties.compare(conn, at, q, threshold))
    fmt = _format(request)
    rows = data.get("offences", [])
    for r in rows:
        r["href"] = pages.law_url(r["law"], at=at.isoformat()) + (f"#{r['clause_eid']}" if r["clause_eid"] else "")
        r["item_href"] = pages.law_url(r["law"], at=at.isoformat()) + f"#{r['eid']}"
    if fmt == ".json":
        out = {k: v for k, v in data.items() if k != "offences"}
        if q:
            out["offences"] = [{c: r.get(c) for c in penalties.COLUMNS} for r in rows]
        return Response.json(out)
    if fmt == ".csv":
        if not q:
            return csv_response(
                data["common"], ("offence", "local_governments", "offences", "min", "max", "flagged"), "offences.csv"
            )
        return csv_response(rows, penalties.COLUMNS, f"penalties-{at.isoformat()}.csv")
    for c in data.get("common", []):
        c["href"] = "?" + urlencode({"at": at.isoformat(), "q": c["offence"], "db": request.args.get("db") or ""})
    query = urlencode(
        {k: v for k, v in {"at": at.isoformat(), "q": q, "threshold": threshold, "db": request.args.get("db")}.items() if v}
    )
    context = {**data, "problem": problem, "database": db.name, "query": query, "db_arg": request.args.get("db") or ""}
    return await _page(datasette, request, "lawhistory_penalties.html", context)


async def similar_view(datasette: Any, request: Any) -> Response:
    """``/-/similar?law=ID&eid=EID&at=D``: the provisions of other laws in force on D most like this one, each with a
    word-level redline (.json, .csv), and the compared provisions it holds, each linked to its own (``within``)."""
    law, eid = request.args.get("law") or "", request.args.get("eid") or ""
    at, problem = asked_date(request.args.get("at"))
    try:
        limit = max(1, min(200, int(request.args.get("limit") or 50)))
    except ValueError:
        limit = 50
    from . import plugin

    db = plugin._database(datasette, law)
    data = await db.execute_fn(lambda conn: similar.similar_to(conn, law, eid, at, limit)) if law and eid else None
    fmt = _format(request)
    if data is None:
        message = (
            f"No provision {eid!r} of the law {law!r} is in force on {at}." if law and eid
            else "Name a provision: /-/similar?law=LAW_ID&eid=EID&at=YYYY-MM-DD (the eId is the anchor of the provision on its law page)."
        )  # fmt: skip
        if fmt:
            return Response.json({"ok": False, "error": message}, status=404)
        return await plugin._not_found(datasette, request, message)
    rows = data["similar"]
    if fmt == ".json":
        return Response.json(
            {**data, "similar": [{**{c: r.get(c) for c in similar.COLUMNS}, "diff_html": r["diff_html"]} for r in rows]}
        )
    if fmt == ".csv":
        return csv_response(rows, similar.COLUMNS, "similar.csv")
    me = data["provision"]
    me["href"] = pages.law_url(law, at=at.isoformat()) + f"#{eid}"
    for r in rows:
        r["href"] = pages.law_url(r["law"], at=at.isoformat()) + f"#{r['eid']}"
        r["redline"] = pages.safe_redline(r["diff_html"])
        r["similar_href"] = "?" + urlencode({"law": r["law"], "eid": r["eid"], "at": at.isoformat()})
    for w in data["within"]:  # what the provision holds: each to its own list (the law page links only the heading)
        w["href"] = pages.law_url(law, at=at.isoformat()) + f"#{w['eid']}"
        w["similar_href"] = "?" + urlencode({"law": law, "eid": w["eid"], "at": at.isoformat()})
    query = urlencode({"law": law, "eid": eid, "at": at.isoformat()})
    context = {**data, "at": at.isoformat(), "problem": problem, "database": db.name, "query": query, "law_id": law, "eid": eid}
    return await _page(datasette, request, "lawhistory_similar.html", context)


ROUTES = [
    (r"^/-/reviews(?P<format>\.json|\.csv)?$", reviews_view),
    (r"^/-/penalties(?P<format>\.json|\.csv)?$", penalties_view),
    (r"^/-/similar(?P<format>\.json|\.csv)?$", similar_view),
]
