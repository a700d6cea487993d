"""The law page's second date: ``/-/law/<id>?at=D&known=K`` — the law in force on D as a reader of the Gazette on K
knew it (only instruments published on or before K), decided from one query over the stored gazette dates.

The stored versions are the timeline of every instrument. The law as known on K is one of them when the instruments
ignored (published after K) that commence by D come after every instrument that is known — the usual case, and the
case of an instrument published after K with a commencement back-dated before D: the text known then is the version
before the first one ignored. When a known instrument commences after an ignored one (before D), the text known then
was never in force and is not stored; nor is it when a known instrument that was not applied (refused, or after the
repeal) may have applied without what is ignored. Then the page says so and names the command that derives the text
(``lawhistory show LAW --at D --known K``, ``known.py``) rather than show one that may be wrong.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from dataclasses import dataclass, field
from typing import Any

from . import pages
from .page_cache import Tokens

Row = dict[str, Any]

#: The law, every version with the gazette date of the instrument that made it, and the repeal: one query.
KNOWN_SQL = """
select 'law' as what, 0 as number, l.commencement as valid_from, null as valid_to, l.id as id, l.title as title,
       l.gazette_date as gazette_date, l.commencement as commencement from laws l where l.id = :law
union all
select 'version', v.number, v.valid_from, v.valid_to, v.instrument, i.title, i.gazette_date, i.commencement
  from versions v join instruments i on i.id = v.instrument where v.law = :law and v.number > 0
union all
select 'repeal', null, l.repealed_from, null, l.repealed_by, i.title, i.gazette_date, i.commencement
  from laws l join instruments i on i.id = l.repealed_by where l.id = :law
union all
select 'unapplied', null, i.commencement, null, i.id, i.title, i.gazette_date, i.commencement
  from instruments i where i.amends = :law and i.status != 'applied'
union all
select 'unapplied', null, i.commencement, null, i.id, i.title, i.gazette_date, i.commencement
  from instruments i, json_each(i.also_amends) j
  where i.also_amends > '[]' and json_extract(j.value, '$.id') = :law and i.status != 'applied'
"""


@dataclass
class KnownAnswer:
    """What the page shows: ``day`` — the date whose stored text is the law as known (None: no text to show)."""

    status: str  # as_stored | earlier_version | repeal_ignored | not_in_force | repealed | not_published | not_stored
    day: str | None
    sentence: str
    ignored: list[Row] = field(default_factory=list)


def _published(row: Row, known: str) -> bool:
    return row["gazette_date"] is not None and row["gazette_date"] <= known


def decide(rows: list[Row], at: dt.date, known: dt.date) -> KnownAnswer | None:
    """The law in force on ``at`` as known on ``known``, from ``KNOWN_SQL``'s rows (pure); None: no such law."""
    day, k = at.isoformat(), known.isoformat()
    law = next((r for r in rows if r["what"] == "law"), None)
    if law is None:
        return None
    if not _published(law, k):
        when = f"on {law['gazette_date']}" if law["gazette_date"] else "on a date that is not known"
        return KnownAnswer(
            "not_published",
            None,
            f"As known on {k}: this law was published in the Gazette {when}, so nothing of it was known then.",
        )
    versions = sorted((r for r in rows if r["what"] == "version"), key=lambda r: int(r["number"]))
    repeal = next((r for r in rows if r["what"] == "repeal"), None)
    ignored = [r for r in versions + ([repeal] if repeal else []) if not _published(r, k)]
    names = "; ".join(
        f"{r['title']} ({'published in the Gazette on ' + r['gazette_date'] if r['gazette_date'] else 'gazette date unknown'}"
        + (f", commencing {r['commencement']})" if r["commencement"] else ")")
        for r in ignored
    )
    said = f"As known on {k}: " + (
        f"ignores, as not yet published in the Gazette, {names}."
        if ignored
        else "every instrument of this law had been published in the Gazette by then."
    )
    if law["commencement"] is None or day < law["commencement"]:
        return KnownAnswer("not_in_force", day, said, ignored)
    if repeal is not None and day >= repeal["valid_from"] and _published(repeal, k):
        return KnownAnswer("repealed", day, said, ignored)
    upto = [law] + [v for v in versions if v["valid_from"] <= day]
    # An instrument not applied to the law as published by now (refused, or after the repeal) may apply to the law as
    # known then, when something before it is ignored: that text is not stored.
    gone = [v for v in upto if not _published(v, k)] + ([repeal] if repeal and repeal["valid_from"] <= day else [])
    unapplied = [
        r["title"] for r in rows if r["what"] == "unapplied" and r["valid_from"] and r["valid_from"] <= day and _published(r, k)
    ]
    if unapplied and any(not _published(r, k) for r in gone):
        return KnownAnswer(
            "not_stored",
            None,
            said + f" {', '.join(unapplied)} did not apply to the law as published by now, but may have applied to the law"
            " as known then, which is not stored for the site: 'lawhistory show LAW --at D --known K' derives it.",
            ignored,
        )
    first = next((i for i, v in enumerate(upto) if not _published(v, k)), None)
    if first is None:
        if repeal is not None and day >= repeal["valid_from"]:  # repealed then, but the repeal was not yet published
            return KnownAnswer("repeal_ignored", upto[-1]["valid_from"], said, ignored)
        return KnownAnswer("as_stored", day, said, ignored)
    if any(_published(v, k) for v in upto[first:]):
        known_later = [v["title"] for v in upto[first:] if _published(v, k)]
        return KnownAnswer(
            "not_stored",
            None,
            said + f" The text known then applied {', '.join(known_later)} without the instruments ignored before it; that"
            " text was never in force, so it is not stored for the site: 'lawhistory show LAW --at D --known K' derives it.",
            ignored,
        )
    before = upto[first - 1]
    nxt = versions[int(before["number"])] if int(before["number"]) < len(versions) else None
    if nxt is not None and nxt["valid_from"] == before["valid_from"]:  # it never applied for a day by itself
        return KnownAnswer(
            "not_stored", None, said + " The text known then was never in force for a day, so it is not stored.", ignored
        )
    return KnownAnswer("earlier_version", before["valid_from"], said, ignored)


def _rows(conn: sqlite3.Connection, law_id: str) -> list[Row]:
    cursor = conn.execute(KNOWN_SQL, {"law": law_id})
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, r, strict=True)) for r in cursor.fetchall()]


def answer(conn: sqlite3.Connection, law_id: str, at: dt.date, known: dt.date) -> KnownAnswer | None:
    return decide(_rows(conn, law_id), at, known)


SHOWN = ("as_stored", "earlier_version", "repeal_ignored")


def nearest_shown(rows: list[Row], at: dt.date, known: dt.date) -> dt.date | None:
    """The latest day before ``at`` on which the law as known on ``known`` is a stored text (the page can show it):
    tried on the day before each date something began to apply, latest first (``decide`` judges each)."""
    starts = {r["valid_from"] for r in rows if r["valid_from"]}
    days = sorted({dt.date.fromisoformat(d) - dt.timedelta(days=1) for d in starts} | {dt.date.fromisoformat(d) for d in starts})
    for day in reversed([d for d in days if d < at]):
        found = decide(rows, day, known)
        if found is not None and found.status in SHOWN:
            return day
    return None


def not_stored_context(conn: sqlite3.Connection, law_id: str, at: dt.date, known: dt.date) -> Row:
    """What the page says when the text known then was never in force: the command that derives it, and the latest
    earlier day the site can show as known then."""
    command = f"lawhistory show {law_id} --at {Tokens.AT} --known {Tokens.KNOWN}"
    nearest = nearest_shown(_rows(conn, law_id), at, known)
    return {
        "known_command": command,
        "known_nearest": nearest.isoformat() if nearest else None,
        "known_nearest_href": pages.law_url(law_id, at=nearest.isoformat(), known=Tokens.KNOWN) if nearest else None,
    }


@dataclass(frozen=True)
class KnownFrame:
    """The frame of ``?at=D&known=K`` (``pages.PageFrame``): the answer, the day whose text is shown and its frame.
    ``key`` is None when the page is not the same on other days (the nearest day it names depends on D)."""

    found: KnownAnswer
    shown: dt.date
    page: pages.PageFrame
    status_line: str

    @property
    def key(self) -> tuple[Any, ...] | None:
        return None if self.found.status == "not_stored" else ("known", self.found.status, self.page.key)


def frame(conn: sqlite3.Connection, law_id: str, at: dt.date, known: dt.date) -> KnownFrame | None:
    found = answer(conn, law_id, at, known)
    if found is None:
        return None
    shown = dt.date.fromisoformat(found.day) if found.day else at
    page = pages.frame(conn, law_id, shown)
    if page is None:
        return None
    line = page.status_line
    if found.status in ("earlier_version", "repeal_ignored"):
        line = (
            f"As at {at}, as known on {known}: in force, as the version that applies from {page.valid_from} "
            "(the instruments published later are ignored)."
        )
    elif found.status in ("not_published", "not_stored"):
        line = f"As at {at}, as known on {known}: no text can be shown."
    return KnownFrame(found, shown, page, line)


async def law_page(db: Any, law_id: str, at: dt.date, known: dt.date, redline: bool, framed: KnownFrame) -> Row | None:
    """The law page's context for ``?at=D&known=K``: the stored text the reader on K knew, said plainly. The days are
    placeholders (``page_cache.Tokens``), ``framed`` (``frame``) gives what the request fills in."""
    found = framed.found
    context = await pages.law_page(db, law_id, framed.shown, redline and found.status == "as_stored", day=Tokens.SHOWN)
    if context is None:
        return None
    context.update(at=Tokens.AT, known=Tokens.KNOWN, known_line=Tokens.KNOWN_LINE, known_status=found.status)
    context["plain_href"] = pages.law_url(law_id, at=Tokens.AT)  # the same date, every instrument published
    if found.status in ("not_published", "not_stored"):
        context.update(law_text="", toc=[], removed=[])
        context.update(changes=[], previous_change=None, next_change=None)  # no text shown, so no change in it
    if found.status == "not_stored":
        context.update(await db.execute_fn(lambda conn: not_stored_context(conn, law_id, at, known)))
    return context
