"""The law page's links to the similar provisions of other laws (``/-/similar``) on the date shown: one a heading.

Every provision the build indexed for similarity (``provisions.text_id``: a clause, subclause, paragraph, definition
or schedule row of six words or more) can be looked up there, when the database holds another law. A long law has
hundreds of them (some 700 at scale 0.1), and a link beside each was more than half of the page's bytes (it made the
law pages' cache hold a third as many pages) and a fifth of a first page's time. So a page links once from each
heading (a clause, a schedule, a part, division or subdivision: the contents' kinds) that is, or holds, a compared
provision not under a nearer heading (``anchors``): its ``/-/similar`` page lists the heading's own similar provisions
and each compared provision it holds, every one linked to its own list. A compared provision under no heading (a
law's title line) keeps a link of its own.

The stored fragments cannot hold the link (they are shared by every law and date showing the same words), so it is
added as the page is served: into the first line of the heading's fragment (``fragments.block`` writes each
provision as whole lines, its first line opened by a tag carrying its eId and closed on the same line), beside its
history link (at the end of a paragraph, in a schedule row's first cell, for a link of its own).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterable, Mapping
from urllib.parse import quote_plus

from ..deriving.schema import in_force_sql
from ..presenting.fragments import escape_text as esc

_FIRST_LINE = re.compile(r'^<(p|h[1-6]|tr) id="([^"]*)"[^\n]*$', re.MULTILINE)
_CLOSE = {tag: f"</{tag}>" for tag in ("p", "h1", "h2", "h3", "h4", "h5", "h6", "tr")}

#: The kinds of provision whose heading carries the link for what it holds (the table of contents' kinds).
HEADINGS = ("part", "division", "subdivision", "clause", "schedule")

#: The law's provisions in force on :at that the index compares, read through the primary key (``+``: not through
#: the date index, nor the index on text_id).
COMPARED_SQL = f"""select eid, citation from provisions
where law = :law and {in_force_sql(":at", document_order=True)} and +text_id is not null"""

#: The same, with the headings in force (``anchors`` reads both): eId, citation, kind, whether compared.
_LINKED_SQL = f"""select eid, citation, kind, text_id is not null from provisions
where law = :law and {in_force_sql(":at", document_order=True)}
  and (+text_id is not null or kind in ({", ".join(f"'{k}'" for k in HEADINGS)}))"""

#: What a link is made from: the citation of the provision linked and whether it holds other compared provisions.
Linked = tuple[str, bool]


def comparable(conn: sqlite3.Connection, law_id: str, day: str) -> dict[str, str]:
    """The eId and citation of each provision of the law in force on ``day`` that the index compares; none when the
    database holds no other law to compare with (an illustrative repository of one law).

    Whether another law in force on ``day`` has similar words is left to ``/-/similar`` (which says when none has):
    asking it here for every provision of a long law costs the page 10-25 ms at scale 1, against about 2 ms."""
    if not any_other_law(conn):
        return {}
    return {eid: citation for eid, citation in conn.execute(COMPARED_SQL, {"law": law_id, "at": day})}


def anchors(rows: Iterable[tuple[str, str, str, bool]]) -> dict[str, Linked]:
    """Where the law page links to similar provisions, from its provisions in force in document order (eId, citation,
    kind, whether compared): each compared provision's nearest heading — itself, when it is one — by its eId (a
    provision's eId is its parent's, ``__``, then its own part), or the provision itself under no heading; eId →
    (citation, whether it holds other compared provisions)."""
    headings: dict[str, str] = {}
    out: dict[str, Linked] = {}
    for eid, citation, kind, compared in rows:
        if kind in HEADINGS:
            headings[eid] = citation
        if not compared:
            continue
        anchor, cut = eid, len(eid)
        while anchor not in headings and cut > 0:
            cut = eid.rfind("__", 0, cut)
            anchor = eid[:cut] if cut > 0 else eid
        if anchor not in headings:
            anchor = eid  # under no heading: a link of its own
        if anchor in out:
            out[anchor] = (out[anchor][0], True)
        else:
            out[anchor] = (headings.get(anchor, citation), anchor != eid)
    return out


def linked(conn: sqlite3.Connection, law_id: str, day: str) -> dict[str, Linked]:
    """The law page's links to similar provisions on ``day`` (``anchors``); none when the database holds no other law."""
    if not any_other_law(conn):
        return {}
    return anchors(conn.execute(_LINKED_SQL, {"law": law_id, "at": day}))


def link(law_id: str, eid: str, citation: str, day: str, holds: bool = False) -> str:
    """The link (relative to the law page, /-/law/<council>/<title>, so that it works under any base URL); ``holds``:
    the provision holds other compared provisions, which its page lists."""
    return _Links(law_id, day)(eid, (citation, holds))


#: What ``quote_plus`` leaves as it is.
_UNQUOTED = re.compile(r"[A-Za-z0-9_.~-]*")


class _Links:
    """``link`` for one law and day: the parts every provision's link shares are encoded and escaped once."""

    def __init__(self, law_id: str, day: str) -> None:
        up = "../" * (law_id.count("/") + 1)
        # urlencode({"law": .., "eid": .., "at": ..}), then escaped: escaping is character by character
        self.head = ' <a class="similar" href="' + esc(f"{up}similar?law={quote_plus(law_id)}&eid=")
        self.tail = esc(f"&at={quote_plus(day)}") + '" rel="nofollow" aria-label="'
        self.label_tail = esc(f" in other laws in force on {day}")
        self.holds_tail = esc(f" and what it holds, in other laws in force on {day}")

    def __call__(self, eid: str, linked: Linked) -> str:
        citation, holds = linked
        quoted = eid if _UNQUOTED.fullmatch(eid) else esc(quote_plus(eid))
        label = f"Provisions like {esc(citation)}{self.holds_tail if holds else self.label_tail}"
        return f'{self.head}{quoted}{self.tail}{label}" title="{label}">similar</a>'


def any_other_law(conn: sqlite3.Connection) -> bool:
    """Whether the database holds another law to compare with (not an illustrative repository of one law)."""
    return bool(conn.execute("select count(*) > 1 from (select 1 from laws limit 2)").fetchone()[0])


def _with_link(line: str, tag: str, eid: str, wanted: Mapping[str, Linked], links: _Links) -> str:
    """A provision's first line (``_FIRST_LINE``) with its link, when ``wanted`` (``anchors``) names it."""
    found = wanted.get(eid)
    if found is None:
        return line
    if tag == "tr":  # in the row's first cell (its item number), not among the words or the penalty
        at = line.find("</td>")
        return line if at < 0 else line[:at] + links(eid, found) + line[at:]
    close = f"</{tag}>"
    return line[: -len(close)] + links(eid, found) + close if line.endswith(close) else line


def adder(law_id: str, shown: str, wanted: Mapping[str, Linked]) -> Callable[[str], str]:
    """``add(fragment)``: a stored fragment with the link in its first line when that line names a provision linked
    (``wanted``: ``anchors``). What ``add_links`` does to the whole page, one fragment at a time: the first line is
    the only one of a fragment's lines that carries an eId (``fragments.block``), so a page whose fragments are each
    given to ``add`` is the page ``add_links`` makes."""
    links = _Links(law_id, shown)

    def add(fragment: str) -> str:
        m = _FIRST_LINE.match(fragment)
        if m is None:
            return fragment
        tag, eid = m.group(1, 2)
        found = wanted.get(eid)
        if found is None:
            return fragment
        end = m.end()
        if tag == "tr":  # in the row's first cell (its item number), not among the words or the penalty
            at = fragment.find("</td>", 0, end)
            return fragment if at < 0 else f"{fragment[:at]}{links(eid, found)}{fragment[at:]}"
        close = _CLOSE[tag]
        if not fragment.endswith(close, 0, end):
            return fragment
        return f"{fragment[: end - len(close)]}{links(eid, found)}{fragment[end - len(close) :]}"

    return add


def add_links(conn: sqlite3.Connection, text: str, law_id: str, day: str, shown: str | None = None) -> str:
    """``text`` (the law page's HTML as at ``day``) with its links to similar provisions (``linked``); ``shown``: the
    day as the links write it (a placeholder the page fills in, ``page_cache.Tokens``), else ``day``.
    (The law page adds them fragment by fragment as it reads them, ``pages.page_text``, with ``adder``.)"""
    wanted = linked(conn, law_id, day)
    if not wanted:
        return text
    links = _Links(law_id, shown or day)
    return _FIRST_LINE.sub(lambda m: _with_link(m.group(0), m.group(1), m.group(2), wanted, links), text)
