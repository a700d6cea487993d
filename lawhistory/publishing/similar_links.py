"""The law page's link from each provision to the similar provisions of other laws (``/-/similar``) on the date shown.

Only the provisions the build indexed for similarity (``provisions.text_id``: a clause, subclause, paragraph,
definition or schedule row of six words or more) for which ``/-/similar`` lists something get one: the same or
similar words in another law in force on the date shown. The stored fragments cannot hold the link (they are shared
by every law and date showing the same words), so it is added as the page is served: into the first line of each such
provision's fragment (``fragments.block`` writes each provision as whole lines, its first line opened by a tag carrying
its eId and closed on the same line), beside a clause heading's history link, at the end of a paragraph, in a
schedule row's first cell (its item number).
"""

from __future__ import annotations

import re
import sqlite3
from urllib.parse import urlencode

from markupsafe import escape

from ..deriving.schema import in_force_sql

_FIRST_LINE = re.compile(r'^<(p|h[1-6]|tr) id="([^"]*)"[^\n]*$', re.MULTILINE)


#: Another law's span in force on :at holding the text ``q.text_id`` (a schedule row only for a schedule row).
_OTHER = "q.law != :law and (q.kind = 'item') = (p.kind = 'item') and " + in_force_sql(":at", "q", document_order=True)
#: The provisions of the law in force on :at for which /-/similar lists something (``SIMILAR_SQL`` not empty): the
#: same words, or similar words, in another law in force then. The law's rows are read through the primary key
#: (``+``: not through the date index, nor the index on text_id); the others through the index on text_id.
COMPARABLE_SQL = f"""select p.eid, p.citation from provisions p
where p.law = :law and {in_force_sql(":at", "p", document_order=True)} and +p.text_id is not null
  and (exists (select 1 from provisions q where q.text_id = p.text_id and {_OTHER})
    or exists (select 1 from similar_texts s join provisions q on q.text_id = s.other_id where s.text_id = p.text_id
      and {_OTHER}))"""


def comparable(conn: sqlite3.Connection, law_id: str, day: str) -> dict[str, str]:
    """The eId and citation of each provision of the law in force on ``day`` with similar provisions in other laws
    in force then."""
    return {eid: citation for eid, citation in conn.execute(COMPARABLE_SQL, {"law": law_id, "at": day})}


def link(law_id: str, eid: str, citation: str, day: str) -> str:
    """The link (relative to the law page, /-/law/<council>/<title>, so that it works under any base URL)."""
    up = "../" * (law_id.count("/") + 1)
    href = f"{up}similar?" + urlencode({"law": law_id, "eid": eid, "at": day})
    label = f"Provisions like {citation} in other laws in force on {day}"
    return (
        f' <a class="similar" href="{escape(href)}" rel="nofollow" aria-label="{escape(label)}"'
        f' title="{escape(label)}">similar</a>'
    )


def add_links(conn: sqlite3.Connection, text: str, law_id: str, day: str) -> str:
    """``text`` (the law page's HTML as at ``day``) with a link to similar provisions in each compared provision."""
    wanted = comparable(conn, law_id, day)
    if not wanted:
        return text

    def insert(m: re.Match[str]) -> str:
        line, tag, eid = m.group(0), m.group(1), m.group(2)
        citation = wanted.get(eid)
        if citation is None:
            return line
        if tag == "tr":  # in the row's first cell (its item number), not among the words or the penalty
            at = line.find("</td>")
            return line if at < 0 else line[:at] + link(law_id, eid, citation, day) + line[at:]
        close = f"</{tag}>"
        return line[: -len(close)] + link(law_id, eid, citation, day) + close if line.endswith(close) else line

    return _FIRST_LINE.sub(insert, text)
