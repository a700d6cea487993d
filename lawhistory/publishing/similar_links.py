"""The law page's link from each provision to the similar provisions of other laws (``/-/similar``) on the date shown.

Every provision the build indexed for similarity (``provisions.text_id``: a clause, subclause, paragraph, definition
or schedule row of six words or more) gets one, when the database holds another law. The stored fragments cannot hold the link (they are shared
by every law and date showing the same words), so it is added as the page is served: into the first line of each such
provision's fragment (``fragments.block`` writes each provision as whole lines, its first line opened by a tag carrying
its eId and closed on the same line), beside a clause heading's history link, at the end of a paragraph, in a
schedule row's first cell (its item number).
"""

from __future__ import annotations

import re
import sqlite3
from urllib.parse import quote_plus

from ..deriving.schema import in_force_sql
from ..presenting.fragments import escape_text as esc

_FIRST_LINE = re.compile(r'^<(p|h[1-6]|tr) id="([^"]*)"[^\n]*$', re.MULTILINE)


#: The law's provisions in force on :at that the index compares, read through the primary key (``+``: not through
#: the date index, nor the index on text_id).
COMPARED_SQL = f"""select eid, citation from provisions
where law = :law and {in_force_sql(":at", document_order=True)} and +text_id is not null"""


def comparable(conn: sqlite3.Connection, law_id: str, day: str) -> dict[str, str]:
    """The eId and citation of each provision of the law in force on ``day`` that the index compares; none when the
    database holds no other law to compare with (an illustrative repository of one law).

    Whether another law in force on ``day`` has similar words is left to ``/-/similar`` (which says when none has):
    asking it here for every provision of a long law costs the page 10-25 ms at scale 1, against about 2 ms."""
    if conn.execute("select count(*) > 1 from (select 1 from laws limit 2)").fetchone()[0] == 0:
        return {}
    return {eid: citation for eid, citation in conn.execute(COMPARED_SQL, {"law": law_id, "at": day})}


def link(law_id: str, eid: str, citation: str, day: str) -> str:
    """The link (relative to the law page, /-/law/<council>/<title>, so that it works under any base URL)."""
    return _Links(law_id, day)(eid, citation)


#: What ``quote_plus`` leaves as it is.
_UNQUOTED = re.compile(r"[A-Za-z0-9_.~-]*")


class _Links:
    """``link`` for one law and day: the parts every provision's link shares are encoded and escaped once (a long
    law has thousands of links; encoding each link's whole query took most of the page's time)."""

    def __init__(self, law_id: str, day: str) -> None:
        up = "../" * (law_id.count("/") + 1)
        self.head = esc(f"{up}similar?law={quote_plus(law_id)}&eid=")
        self.tail = esc(f"&at={quote_plus(day)}")
        self.day = day

    def __call__(self, eid: str, citation: str) -> str:
        # urlencode({"law": .., "eid": .., "at": ..}), then escaped: escaping is character by character
        quoted = eid if _UNQUOTED.fullmatch(eid) else esc(quote_plus(eid))
        href = f"{self.head}{quoted}{self.tail}"
        label = esc(f"Provisions like {citation} in other laws in force on {self.day}")
        return f' <a class="similar" href="{href}" rel="nofollow" aria-label="{label}" title="{label}">similar</a>'


def add_links(conn: sqlite3.Connection, text: str, law_id: str, day: str, shown: str | None = None) -> str:
    """``text`` (the law page's HTML as at ``day``) with a link to similar provisions in each compared provision;
    ``shown``: the day as the links write it (a placeholder the page fills in, ``page_cache.Tokens``), else ``day``."""
    wanted = comparable(conn, law_id, day)
    if not wanted:
        return text

    links = _Links(law_id, shown or day)

    def insert(m: re.Match[str]) -> str:
        line, tag, eid = m.group(0), m.group(1), m.group(2)
        citation = wanted.get(eid)
        if citation is None:
            return line
        if tag == "tr":  # in the row's first cell (its item number), not among the words or the penalty
            at = line.find("</td>")
            return line if at < 0 else line[:at] + links(eid, citation) + line[at:]
        close = f"</{tag}>"
        return line[: -len(close)] + links(eid, citation) + close if line.endswith(close) else line

    return _FIRST_LINE.sub(insert, text)
