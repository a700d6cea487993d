"""What the site's pages show, read from the database alone (the served site is just the immutable file).

Each function returns a template context of plain values. Law text is never marked safe here except
a redline, and only after checking it holds nothing but escaped text and ``<del>``/``<ins>`` tags.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import re
import sqlite3
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlencode

from markupsafe import Markup, escape

from ..core.dates import date_range
from ..core.diff import diff_html
from ..core.partly import clause_days_line, stored_on_day
from ..core.versions import status_on, uncertain_from, unknown_status
from ..deriving import page_parts as building
from ..deriving.notes import label_line as views_label
from ..deriving.page_parts import IN_FORCE_STORED
from ..deriving.page_parts import cells_linked as _cells_linked
from ..deriving.page_parts import contents_of as _contents
from ..deriving.page_parts import notes_between as _notes_between
from ..deriving.page_parts import page_text as page_text
from ..deriving.page_parts import removed_fragment as removed_fragment
from ..deriving.page_parts import removed_notes as removed_notes
from ..deriving.schema import PROVISIONS, in_force_sql
from ..deriving.schema_types import dict_rows
from ..presenting import fragments, lawat, views
from ..presenting.views import status_words
from . import changes_list, page_cache, page_parts
from .page_cache import Tokens

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
    """(status, version) on ``at``, by the one rule (``versions.status_on``) read from the law's rows."""
    if law["commencement"] is None:
        return unknown_status(at, _date(law["gazette_date"])), None
    uncertain = uncertain_from(law.get("commencement_rule"), _date(law["gazette_date"]))
    status, n = status_on(
        at,
        dt.date.fromisoformat(law["commencement"]),
        _date(law["repealed_from"]),
        [_date(v["valid_from"]) for v in versions],
        uncertain,
    )
    return status, None if n is None else versions[n]


def _date(day: str | None) -> dt.date | None:
    return dt.date.fromisoformat(day) if day else None


def _day_before(day: str | None) -> str | None:
    return (dt.date.fromisoformat(day) - dt.timedelta(days=1)).isoformat() if day else None


def status_line(law: Row, at: dt.date, status: str, version: Row | None, repealer: str | None) -> str:
    """The law page's status line: the one ``views.status_words`` reads from the law's rows."""
    valid_from, valid_to = (version["valid_from"], version["valid_to"]) if version else (None, None)
    return status_words(at, status, law["commencement"], law["repealed_from"], repealer, valid_from, valid_to)


#: A law's provision spans in force on a date (+valid_from: read through the primary key's index, already in document
#: order, rather than sorted afterwards).
_IN_FORCE = "law = :law and " + in_force_sql(":at", document_order=True)
#: The same, of the stored rows (``provision_spans``, which name the law by its key).
_IN_FORCE_STORED = IN_FORCE_STORED
#: The law's text as at a date: the stored fragments of the spans in force, joined in document order by SQLite, and
#: the column headings of its schedules (separated by a record separator, which JSON never holds unescaped).
LAW_TEXT_SQL = (
    "select group_concat(html, ''), group_concat(case when kind = 'schedule' then cells end, char(30))"
    f" from (select f.html, kind, cells from provision_spans join fragments f on f.id = fragment where {_IN_FORCE_STORED}"
    " order by position)"
)
#: Provision spans with their page fragment (``html``), as the columns of one table.
#: (``provisions`` is a view: its columns are named, as ``*`` would add its ``rowid``.)
_COLUMNS = ", ".join(f"p.[{c.name}]" for c in PROVISIONS.columns)
_SPANS = f"select {_COLUMNS}, f.html from provisions p join fragments f on f.id = p.fragment"


def law_text(conn: sqlite3.Connection, law_id: str, day: str, removed: Sequence[Row] = ()) -> str:
    """The law's text as at ``day`` as HTML (every word escaped when the build stored it): one query, no row in Python;
    with ``removed`` (``removed_notes``), a note where each provision removed by then stood.
    """
    if removed:
        return _text_with_notes(conn, law_id, day, removed)
    text, headers = conn.execute(LAW_TEXT_SQL, {"law": law_id, "at": day}).fetchone()
    return fragments.wrap_tables(text or "", headers.split("\x1e") if headers else [])


def _text_with_notes(conn: sqlite3.Connection, law_id: str, day: str, removed: Sequence[Row]) -> str:
    rows = conn.execute(
        f"select position, f.html, kind, cells from provision_spans join fragments f on f.id = fragment where {_IN_FORCE_STORED}"
        " order by position",
        {"law": law_id, "at": day},
    ).fetchall()
    return _with_notes([(r[0], r[1]) for r in rows], [r[3] for r in rows if r[2] == "schedule"], removed)


def _with_notes(rows: Sequence[tuple[int, str]], headers: Sequence[str | None], removed: Sequence[Row]) -> str:
    """The fragments (position, html) in order, with a note where each removed provision stood."""
    return fragments.wrap_tables("".join(_notes_between(rows, removed)), headers)


def link_cells(text: str, eids: dict[str, str]) -> str:
    """Schedule cells that cite a provision of the law ("2.13(1)") as links to it (to its clause when the
    subclause cannot be found)."""
    return _cells_linked(text, eids) if "<table" in text else text


def contents(conn: sqlite3.Connection, law_id: str, day: str) -> tuple[list[Row], dict[str, str]]:
    """The table of contents as at ``day`` (parts, divisions, clauses and schedules) and every citation's eId."""
    return _contents(
        conn.execute(
            f"select citation, eid, kind, num, heading, depth from provision_spans where {_IN_FORCE_STORED} order by position",
            {"law": law_id, "at": day},
        )
    )


def text_and_contents(
    conn: sqlite3.Connection, law_id: str, day: str, removed: Sequence[Row] = ()
) -> tuple[str, list[Row], dict[str, str]]:
    """``law_text`` and ``contents`` together, from one read of the law's spans in force (the page needs both)."""
    rows = conn.execute(
        "select position, f.html, kind, cells, citation, eid, num, heading, depth from provision_spans"
        f" join fragments f on f.id = fragment where {_IN_FORCE_STORED} order by position",
        {"law": law_id, "at": day},
    ).fetchall()
    toc, eids = _contents((r[4], r[5], r[2], r[6], r[7], r[8]) for r in rows)
    headers = [r[3] for r in rows if r[2] == "schedule"]
    if removed:
        return _with_notes([(r[0], r[1]) for r in rows], headers, removed), toc, eids
    return fragments.wrap_tables("".join(r[1] for r in rows), headers), toc, eids


def toc_html(toc: Sequence[Row], changed: frozenset[str] = frozenset()) -> Markup:
    """The table of contents as the law page lists it (``page_parts.toc_html``), as markup."""
    return Markup(building.toc_html(toc, changed))


def _cell_diffs(row: Row, old: Row | None, cells: list[str]) -> list[Markup]:
    """A schedule row's redline, cell by cell: deleted rows struck out, inserted rows underlined, changed cells diffed."""
    if "gone" in row:
        return [Markup(f"<del>{escape(c)}</del>") if c else Markup("") for c in cells]
    if old is None or old.get("gone"):
        return [Markup(f"<ins>{escape(c)}</ins>") if c else Markup("") for c in cells]
    before = json.loads(old["cells"] or "[]")
    width = max(len(before), len(cells))
    before += [""] * (width - len(before))
    after = cells + [""] * (width - len(cells))
    return [Markup(diff_html(b, a)) for b, a in zip(before, after, strict=True)]


def redline_between(conn: sqlite3.Connection, law_id: str, since: str, day: str) -> str:
    """The law's text as at ``day`` with every change since ``since`` marked up (what ``lawhistory diff`` shows):
    reworded provisions redlined, inserted ones underlined, deleted ones struck through where they stood.
    """
    now = dict_rows(conn, f"{_SPANS} where {_IN_FORCE}", {"law": law_id, "at": day})
    then = {r["citation"]: r for r in dict_rows(conn, f"{_SPANS} where {_IN_FORCE}", {"law": law_id, "at": since})}
    current = {r["citation"] for r in now}
    gone = [dict(r, gone=True) for c, r in then.items() if c not in current]
    pieces, headers = [], []
    for p in sorted(now + gone, key=lambda r: int(r["position"])):
        old = then.get(p["citation"])
        same = old is not None and all(old[k] == p[k] for k in ("num", "heading", "text", "cells"))
        if same and "gone" not in p:
            pieces.append(p["html"])  # the same words then and now
        else:
            cells = json.loads(p["cells"] or "[]")
            words = views_label(p["kind"], p["num"], p["heading"], p["text"])
            if "gone" in p:
                diff = Markup(f"<del>{escape(words)}</del>")
            elif old is None:
                diff = Markup(f"<ins>{escape(words)}</ins>")
            else:
                diff = Markup(diff_html(views_label(old["kind"], old["num"], old["heading"], old["text"]), words))
            cell_diffs = None
            if p["kind"] == "item":
                cell_diffs = _cell_diffs(p, old, cells)
            pieces.append(
                fragments.block(
                    p["kind"], p["eid"], p["depth"], p["num"], p["heading"], p["text"], p["term"], cells, p["note"],
                    diff=diff, deleted="gone" in p, cell_diffs=cell_diffs,
                )
            )  # fmt: skip
        if p["kind"] == "schedule":
            headers.append(p["cells"])
    return fragments.wrap_tables("".join(pieces), headers)


def redline_text(conn: sqlite3.Connection, law_id: str, day: str, version: int) -> str:
    """The law's text as at ``day`` with what ``version`` changed marked up, and what it deleted struck through."""
    rows = dict_rows(conn, f"{_SPANS} where {_IN_FORCE}", {"law": law_id, "at": day})
    changes = dict_rows(conn, "select citation, change, diff_html from changes where law = ? and version = ?", [law_id, version])
    diffs = {c["citation"]: c["diff_html"] for c in changes}
    deleted = {c["citation"] for c in changes if c["change"] == "deleted"}
    ended = dict_rows(conn, f"{_SPANS} where law = ? and to_version = ?", [law_id, version])
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
            cells = json.loads(p["cells"] or "[]")
            cell_diffs = _cell_diffs(p, before.get(p["citation"]), cells) if p["kind"] == "item" else None
            pieces.append(
                fragments.block(
                    p["kind"], p["eid"], p["depth"], p["num"], p["heading"], p["text"], p["term"],
                    cells, p["note"], diff=None if split else safe_redline(diff),
                    deleted="gone" in p, clause_diff=split, cell_diffs=cell_diffs,
                )
            )  # fmt: skip
        if p["kind"] == "schedule":
            headers.append(p["cells"])
    return fragments.wrap_tables("".join(pieces), headers)


LawRows = tuple[Row, list[Row], Row | None]
#: ``law_rows`` of the laws of immutable builds (``page_cache.build_key``, the law's id), the most recent last: every law
#: page reads them (its frame, then its page when it is made), and a build's never change.
_LAW_ROWS: OrderedDict[tuple[object, str], LawRows | None] = OrderedDict()
_LAW_ROWS_KEPT = 4096


def law_rows(conn: sqlite3.Connection, law_id: str, key: object | None = None) -> LawRows | None:
    """The law's row, its versions and the instrument that repealed it (id, title): what its status on any day is
    read from (None: no such law). ``key``: what names an immutable build's file, whose rows are then read once (each
    call has rows of its own, to change as it likes)."""
    if key is None:
        return _law_rows(conn, law_id)
    if (key, law_id) in _LAW_ROWS:
        _LAW_ROWS.move_to_end((key, law_id))
        kept = _LAW_ROWS[key, law_id]
    else:
        kept = _LAW_ROWS[key, law_id] = _law_rows(conn, law_id)
        if len(_LAW_ROWS) > _LAW_ROWS_KEPT:
            _LAW_ROWS.popitem(last=False)
    if kept is None:
        return None
    law, versions, repealer = kept
    return dict(law), [dict(v) for v in versions], None if repealer is None else dict(repealer)


def _law_rows(conn: sqlite3.Connection, law_id: str) -> LawRows | None:
    laws = dict_rows(conn, "select * from laws where id = ?", [law_id])
    if not laws:
        return None
    law = laws[0]
    versions = dict_rows(conn, "select * from versions where law = ? order by number", [law_id])
    repealer = None
    if law["repealed_by"]:
        found = dict_rows(conn, "select id, title from instruments where id = ?", [law["repealed_by"]])
        repealer = found[0] if found else None
    return law, versions, repealer


@dataclass(frozen=True)
class PageFrame:
    """What the law page says on a day that is not the same on every day of the version shown: the status, the
    version, the instruments not applied that commenced by then (the incomplete banner), the clauses not yet in force
    (the in-part note: a law's own clauses commence inside a version's span) — together the page's ``key``
    (``page_cache.py``) — and the status line, which names the day."""

    status: str
    version: int | None
    valid_from: str | None
    omitted: tuple[str, ...]
    status_line: str
    #: the clauses not yet in force on the day (``core.partly``): the law's own change inside one version's span
    in_part: tuple[str, ...] = ()

    @property
    def key(self) -> tuple[Any, ...]:
        return (self.status, self.version, self.omitted, self.in_part)


def frame(conn: sqlite3.Connection, law_id: str, at: dt.date, key: object | None = None) -> PageFrame | None:
    """The law page's frame on ``at`` (None: no such law): a few small reads, no provision (``key``: ``law_rows``')."""
    rows = law_rows(conn, law_id, key)
    if rows is None:
        return None
    law, versions, repealer = rows
    status, version = status_at(law, versions, at)
    omitted = omitted_rows(conn, law_id, at) if version is not None or status == "repealed" else []
    return PageFrame(
        status,
        None if version is None else int(version["number"]),
        None if version is None else version["valid_from"],
        tuple(str(r["instrument"]) for r in omitted),
        status_line(law, at, status, version, repealer["title"] if repealer else None),
        tuple(n.sentence() for n in stored_on_day(version["not_in_force"], at)) if version and status == "in_force" else (),
    )


def _law_data(
    conn: sqlite3.Connection, law_id: str, at: dt.date, redline: bool, since: dt.date | None = None, shown: str = "",
    key: object | None = None,
) -> Row | None:  # fmt: skip
    """Everything the law page shows, read in one go (one trip to Datasette's database thread); ``shown``: the day
    as the page writes it (in the links to similar provisions), the day itself when empty. The plain text of a version
    is the one the build stored (``page_parts``) when it can be used (``key``: what names an immutable file)."""
    rows = law_rows(conn, law_id, key)
    if rows is None:
        return None
    law, versions, repealer = rows
    status, version = status_at(law, versions, at)
    instruments = dict_rows(
        conn,
        "select id, title, kind, commencement, status, reason from instruments where id in"
        " (select ? union select id from instruments where amends = ? union select instrument from versions where law = ?"
        " union select ? union " + ALSO_AMENDING + ") order by commencement is null, commencement, id",
        [law_id, law_id, law_id, law["repealed_by"], law_id],
    )
    text = ""
    page_text_: page_cache.PageText | None = None
    toc: Sequence[Row] = []
    removed: list[Row] = []
    changes: tuple[changes_list.Change, ...] = ()
    contents_html = None
    omitted = omitted_rows(conn, law_id, at) if version is not None or status == "repealed" else []
    parts = None
    if version is not None and since is None and not (redline and int(version["number"]) > 0):
        parts = page_parts.stored(conn, law_id, int(version["number"]), key)
    if parts is not None:  # the plain text, as the build made it for this version (``deriving.page_parts``)
        toc, removed, changes = parts.toc, parts.removed, parts.changes
        contents_html = Markup(parts.toc_html)
        if shown == Tokens.AT:  # its word for the day is where the day asked for goes: the page is cut there
            page_text_ = page_cache.PageText(parts.text, building.STORED_DAY.encode())
        else:
            text = parts.text_on(shown or at.isoformat())
    elif version is not None:
        day = at.isoformat()
        number = int(version["number"])
        removed = removed_notes(conn, law_id, number) if number > 0 else []
        if since is not None:
            toc, eids = contents(conn, law_id, day)
            text = link_cells(redline_between(conn, law_id, since.isoformat(), day), eids)
        elif redline and number > 0:
            toc, eids = contents(conn, law_id, day)
            text = link_cells(redline_text(conn, law_id, day, number), eids)
        else:  # the plain text: each compared provision links to /-/similar
            text, toc, eids = page_text(conn, law_id, day, removed, shown or day)
        changes = (
            changes_list.for_period(conn, law_id, since.isoformat(), day)
            if since
            else changes_list.for_version(conn, law_id, number)
        )
    return {"law": law, "versions": versions, "status": status, "version": version, "repealer": repealer,
            "instruments": instruments, "text": page_text_ or page_cache.PageText(text.encode("utf-8")), "toc": toc, "removed": removed, "incomplete": omitted,
            "changes": changes, "toc_html": contents_html}  # fmt: skip


def omitted_rows(conn: sqlite3.Connection, law_id: str, at: dt.date) -> list[Row]:
    """The ``not_applied`` rows the law's text on ``at`` omits (``core.incomplete.affecting``, in SQL)."""
    return dict_rows(
        conn,
        "select instrument, title, commences, reason, published from not_applied where law = ?"
        " and (coalesce(commences, published) is null or coalesce(commences, published) <= ?) order by position",
        [law_id, at.isoformat()],
    )


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


async def read(db: Any, fn: Any) -> Any:
    """``fn(connection)``: right here on an immutable file (``_read``), else in Datasette's database thread."""
    return _read(db, fn) if not db.is_mutable and db.path else await db.execute_fn(fn)


async def law_page(
    db: Any, law_id: str, at: dt.date, redline: bool, since: dt.date | None = None, day: str = Tokens.AT
) -> Row | None:
    """The law page's context; ``since``: mark every change between that date and ``at`` (earlier than ``at``).

    ``day`` is what the page writes for the day (a placeholder, ``page_cache.Tokens``), and its status line is
    ``Tokens.STATUS`` (``frame`` gives it): the page is the same on every day its ``frame`` names with one key.
    """

    key = page_cache.build_key(db)

    def body(conn: sqlite3.Connection) -> Row | None:
        return _law_data(conn, law_id, at, redline, since, day, key)

    data = await read(db, body)
    if data is None:
        return None
    law, versions, version, repealer = data["law"], data["versions"], data["version"], data["repealer"]
    for v in versions:
        v["until"] = _day_before(v["valid_to"])
        v["href"] = law_url(law_id, at=v["valid_from"], redline="1" if redline else None)
        v["current"] = version is not None and v["number"] == version["number"]
        v["instrument_href"] = instrument_url(v["instrument"])
    for inst in [*data["instruments"], *data["incomplete"]]:
        inst["href"] = instrument_url(inst.get("id") or inst["instrument"])
    if repealer:
        repealer["href"] = instrument_url(repealer["id"])
    can_redline = version is not None and version["number"] > 0
    status = data["status"]
    return {
        "law": law,
        "at": day,
        "status": status,
        "status_line": Tokens.STATUS,
        "version": version,
        "versions": versions,
        "law_text": data["text"],  # stored by the build with every word escaped (fragments.block): markup
        "redline": redline and can_redline,
        "can_redline": can_redline,
        "redline_href": law_url(law_id, at=day, redline="1"),
        "plain_href": law_url(law_id, at=day),
        # a version's data exists only on the days a version applies (before the law commenced there is none)
        "json_href": f"/-/law/{quote(law_id, safe='/')}.json?at={day}" if version is not None else None,
        "form_action": law_url(law_id),
        "instruments": data["instruments"],
        "repealer": repealer,
        "toc": data["toc"],
        "toc_html": data["toc_html"]
        or toc_html(data["toc"], changes_list.changed_contents(data["changes"], (t["eid"] for t in data["toc"]))),
        **what_changed(law_id, data["changes"], versions, version, day, redline and can_redline, since),
        "removed": data["removed"],
        "incomplete": data["incomplete"],
        "in_part": in_part(version, at) if status == "in_force" else [],
        "import_notes": sentences(law["notes"]),
        "source_href": source_address(law.get("source")),
        "since": since.isoformat() if since else None,
        "first_day": versions[0]["valid_from"] if versions else None,
    }


def in_part(version: Row | None, at: dt.date) -> list[Row]:
    """The instruments the version shown applies in part on ``at`` (``core.partly``), and the law itself when its own
    commencement leaves some of its clauses for a later day (``printed``), each with its title, link and the clauses
    not yet in force with their days, for the law page's note."""
    items = stored_on_day((version or {}).get("not_in_force"), at)
    return [
        {
            "title": n.instrument,
            "href": instrument_url(n.instrument_id),
            "clauses": clause_days_line(n.clauses),
            "after": n.after(),
            "printed": n.printed,
        }
        for n in items
    ]


def what_changed(
    law_id: str, changes: Sequence[changes_list.Change], versions: Sequence[Row], version: Row | None,
    day: str, marked: bool, since: dt.date | None,
) -> Row:  # fmt: skip
    """The "what changed" list's context: each change with its jump link (to the text marked up when this page does
    not show the deleted provision's place), and the links to the previous and next change."""
    redline_page = law_url(law_id, at=day, redline="1")
    listed = [
        {"citation": c.citation, "change": c.change, "kind": c.kind,
         "href": f"#{c.eid}" if marked or since or c.change != changes_list.DELETED else f"{redline_page}#{c.eid}"}
        for c in changes
    ]  # fmt: skip
    around = changes_list.neighbours([int(v["number"]) for v in versions], int(version["number"])) if version else None
    by_number = {int(v["number"]): v for v in versions}

    def link(n: int | None) -> Row | None:
        v = by_number.get(n) if n is not None else None
        return None if v is None else {"valid_from": v["valid_from"], "href": law_url(law_id, at=v["valid_from"], redline="1")}

    return {
        "changes": listed,
        "previous_change": link(around.previous) if around and not since else None,
        "next_change": link(around.next) if around and not since else None,
    }


def source_address(source: str | None) -> str | None:
    """The web address a text was imported from, when its ``source`` names one ("gazette-text: https://…")."""
    found = re.search(r"https?://[^\s\"'<>]+", source or "")
    return found.group(0) if found else None


def sentences(notes_json: str | None) -> list[str]:
    """Import notes (a JSON list) as sentences a reader can take in: capital first letter, full stop at the end."""
    try:
        notes = json.loads(notes_json or "[]")
    except ValueError:
        return [notes_json] if notes_json else []
    out = []
    for n in notes if isinstance(notes, list) else [notes]:
        n = str(n).strip()
        if not n:
            continue
        n = n[0].upper() + n[1:]
        out.append(n if n.endswith((".", "?", "!")) else n + ".")
    return out


def law_json(conn: sqlite3.Connection, law_id: str, at: dt.date) -> Row | None:
    """The law as at ``at``: the object ``lawhistory show LAW --at D --format json`` prints (the same ``LawAt``, read
    from the rows, rendered by the same function)."""
    law = lawat.read(conn, law_id, at, refuse_unknown=False)
    return None if law is None else views.law_json(law)


def provision_history(conn: sqlite3.Connection, law_id: str, eid: str) -> Row | None:
    """Everything that happened to a provision and what it holds: each change (with its redline) and each text it had."""
    laws = dict_rows(conn, "select id, title, local_government from laws where id = ?", [law_id])
    if not laws:
        return None
    within = "(eid = :eid or substr(eid, 1, length(:prefix)) = :prefix)"
    params = {"law": law_id, "eid": eid, "prefix": eid + "__"}
    spans = dict_rows(
        conn, f"select {_COLUMNS} from provisions p where law = :law and {within} order by position, from_version", params
    )
    if not spans:
        return None
    changes = dict_rows(
        conn,
        "select c.*, i.title as instrument_title, v.valid_to as version_to from changes c"
        " join instruments i on i.id = c.instrument join versions v on v.law = c.law and v.number = c.version"
        " where c.law = :law and (c.eid = :eid or substr(c.eid, 1, length(:prefix)) = :prefix) order by c.version, c.position",
        params,
    )
    clauses = {(r["citation"], r["from_version"]): r["changed_by_clause"] for r in spans if r["changed_by_clause"]}
    for c in changes:
        c["redline"] = safe_redline(c["diff_html"])
        c["href"] = law_url(law_id, at=c["valid_from"], redline="1") + f"#{c['eid']}"
        c["instrument_href"] = instrument_url(c["instrument"])
        c["clause"] = clauses.get((c["citation"], c["version"]))
        if c["clause"] is None:
            found = conn.execute(
                "select clause from operations where instrument = ? and target = ? order by seq limit 1",
                [c["instrument"], c["citation"]],
            ).fetchone()
            c["clause"] = found[0] if found else None
    for r in spans:
        r["applies"] = date_range(r["valid_from"], r["valid_to"])
        r["href"] = law_url(law_id, at=r["valid_from"]) + f"#{r['eid']}"
        r["shown"] = views_label(r["kind"], r["num"], r["heading"], r["text"])
        r["similar_href"] = "/-/similar?" + urlencode({"law": law_id, "eid": r["eid"], "at": r["valid_from"]})
    top = spans[0]
    return {
        "law": laws[0],
        "law_href": law_url(law_id),
        "provision": {"citation": top["citation"], "eid": eid, "kind": top["kind"], "heading": top["heading"]},
        "changes": changes,
        "spans": spans,
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
    amended = await _amended(db, inst, amends)
    return {
        "inst": inst,
        "operations": operations,
        "clauses": by_clause(operations, inst["reason"]),
        "text_html": Markup(instrument_text_html(inst["text"] or "")),
        "notes": sentences(inst["notes"]),
        "made": made,
        "repealed": repealed,
        "amends": amends,
        "amends_href": law_url(amends["id"]) if amends else None,
        "amended": amended,
        "json_href": instrument_url(inst_id) + ".json",
        "source_href": source_address(inst.get("source")),
        "is_law": inst["kind"] == "principal",
        "law_href": law_url(inst_id) if inst["kind"] == "principal" else None,
    }


#: The instruments that amend the law ``?`` as a further law, in a later Part (``instruments.also_amends``: a JSON list,
#: ``[]`` when it amends one law; one that names a further law, ``[{…``, sorts after it, and the index finds the few).
ALSO_AMENDING = (
    "select i.id from instruments i, json_each(i.also_amends) j where i.also_amends > '[]' and json_extract(j.value, '$.id') = ?"
)


async def _amended(db: Any, inst: Row, amends: Row | None) -> list[Row]:
    """Every law the instrument amends, in order (one in each Part when several), each with its page's address when
    the law is in the repository: {title, href}."""
    if not inst["amends_title"]:
        return []
    first = [{"title": amends["title"] if amends else inst["amends_title"], "href": law_url(amends["id"]) if amends else None}]
    others = []
    for ref in json.loads(inst.get("also_amends") or "[]"):
        law = await _one(db, "select id, title from laws where id = ?", [ref["id"]]) if ref.get("id") else None
        others.append({"title": law["title"] if law else ref["title"], "href": law_url(law["id"]) if law else None})
    return first + others


def by_clause(operations: list[Row], reason: str | None) -> list[Row]:
    """The operations as one row per amending clause: the instrument's words once, then what each operation does,
    with the new words; an outcome the whole instrument shares (pending, and why) is said once, above the table.
    """
    rows: list[Row] = []
    for op in operations:
        if not rows or rows[-1]["clause"] != op["clause"] or rows[-1]["source"] != op["source"]:
            rows.append({"clause": op["clause"], "source": op["source"], "operations": []})
        detail = None if op["outcome"] == "pending" and op["detail"] == reason else op["detail"]
        rows[-1]["operations"].append({**op, "detail": detail, "new_text": plain_words(op["new"])})
    for row in rows:
        outcomes = {o["outcome"] for o in row["operations"]}
        row["outcome"] = outcomes.pop() if len(outcomes) == 1 else "mixed"
    return rows


_BOLD = re.compile(r"\*\*(.+?)\*\*")


def plain_words(text: str | None) -> str | None:
    """New words as a reader sees them: the storage format's ``**term**`` markers and escapes dropped."""
    if not text:
        return text
    lines = [_BOLD.sub(r"\1", line) for line in text.split("\n")]
    return "\n".join(re.sub(r"^(\s*)\\", r"\1", line) for line in lines)


def instrument_text_html(text: str) -> str:
    """An instrument's text rendered as a law is (clauses, headings, definitions, tables), every word escaped; the
    text as stored when it cannot be read."""
    from ..core.ids import addresses
    from ..deriving.notes import provision_text
    from ..files.textformat import parse_body

    try:
        body, closing = parse_body(text)
        found = addresses(body, closing)
    except Exception:  # a text the structured format cannot read is still shown, as it is
        return f'<pre class="as-stored">{escape(text)}</pre>'
    pieces, headers = [], []
    for a in found:
        p = a.provision
        pieces.append(
            fragments.block(p.kind, a.eid, a.depth, p.num, p.heading, provision_text(p), p.term, p.cells, None, links=False)
        )
        if p.kind == "schedule":
            headers.append(json.dumps(list(p.cells)))
    return fragments.wrap_tables("".join(pieces), headers)


async def instrument_json(db: Any, inst_id: str) -> Row | None:
    """An instrument, its operations and the versions it made, as JSON (notes and lists decoded)."""
    inst = await _one(db, "select * from instruments where id = ?", [inst_id])
    if inst is None:
        return None
    operations = await _rows(db, "select * from operations where instrument = ? order by seq", [inst_id])
    made = await _rows(db, "select law, number, valid_from, valid_to from versions where instrument = ? order by law", [inst_id])
    for key in ("notes", "repeals"):
        with contextlib.suppress(ValueError):
            inst[key] = json.loads(inst[key]) if inst[key] else []
    return {"instrument": inst, "operations": operations, "versions": made}


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
