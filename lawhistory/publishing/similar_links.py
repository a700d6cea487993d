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
history link (at the end of a paragraph, in a schedule row's first cell, for a link of its own). The build makes them
for each version's stored page (``deriving.page_parts``, where the code that places them lives).
"""

from __future__ import annotations

import sqlite3

from ..deriving.page_parts import FIRST_LINE as _FIRST_LINE
from ..deriving.page_parts import HEADINGS as HEADINGS
from ..deriving.page_parts import Linked as Linked
from ..deriving.page_parts import Links as _Links
from ..deriving.page_parts import adder as adder
from ..deriving.page_parts import anchors as anchors
from ..deriving.page_parts import any_other_law as any_other_law
from ..deriving.page_parts import with_link as _with_link
from ..deriving.schema import in_force_sql

#: The law's provisions in force on :at that the index compares, read through the primary key (``+``: not through
#: the date index, nor the index on text_id).
COMPARED_SQL = f"""select eid, citation from provisions
where law = :law and {in_force_sql(":at", document_order=True)} and +text_id is not null"""

#: The same, with the headings in force (``anchors`` reads both): eId, citation, kind, whether compared.
_LINKED_SQL = f"""select eid, citation, kind, text_id is not null from provisions
where law = :law and {in_force_sql(":at", document_order=True)}
  and (+text_id is not null or kind in ({", ".join(f"'{k}'" for k in HEADINGS)}))"""


def comparable(conn: sqlite3.Connection, law_id: str, day: str) -> dict[str, str]:
    """The eId and citation of each provision of the law in force on ``day`` that the index compares; none when the
    database holds no other law to compare with (an illustrative repository of one law).

    Whether another law in force on ``day`` has similar words is left to ``/-/similar`` (which says when none has):
    asking it here for every provision of a long law costs the page 10-25 ms at scale 1, against about 2 ms."""
    if not any_other_law(conn):
        return {}
    return {eid: citation for eid, citation in conn.execute(COMPARED_SQL, {"law": law_id, "at": day})}


def linked(conn: sqlite3.Connection, law_id: str, day: str) -> dict[str, Linked]:
    """The law page's links to similar provisions on ``day`` (``anchors``); none when the database holds no other law."""
    if not any_other_law(conn):
        return {}
    return anchors(conn.execute(_LINKED_SQL, {"law": law_id, "at": day}))


def link(law_id: str, eid: str, citation: str, day: str, holds: bool = False) -> str:
    """The link (relative to the law page, /-/law/<council>/<title>, so that it works under any base URL); ``holds``:
    the provision holds other compared provisions, which its page lists."""
    return _Links(law_id, day)(eid, (citation, holds))


def add_links(conn: sqlite3.Connection, text: str, law_id: str, day: str, shown: str | None = None) -> str:
    """``text`` (the law page's HTML as at ``day``) with its links to similar provisions (``linked``); ``shown``: the
    day as the links write it (a placeholder the page fills in, ``page_cache.Tokens``), else ``day``.
    (The law page adds them fragment by fragment as it reads them, ``pages.page_text``, with ``adder``.)"""
    wanted = linked(conn, law_id, day)
    if not wanted:
        return text
    links = _Links(law_id, shown or day)
    return _FIRST_LINE.sub(lambda m: _with_link(m.group(0), m.group(1), m.group(2), wanted, links), text)
