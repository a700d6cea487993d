"""Datasette's counts and facets of the views of provision spans, read from the stored rows alone.

``provisions`` presents each row of ``provision_spans`` with its law's id, its words and its instruments joined in;
``current_provisions`` those in force today. A count or a facet over a column the stored row holds under the same
name (kind, citation, valid_from, ...) is the same count over ``provision_spans`` — one for one, the same values —
but SQLite (3.40) keeps every join of a view in an aggregate, so Datasette's ``select count(*) from provisions``
read every span through four joins (seconds at scale 1) and was cut by the time limit on every visit, its facets
too. ``spans_instead`` gives the statement over the stored rows (a law named by its id becomes its key), which the
indexes answer; a statement naming anything else (the words, the instruments, a facet on the law) is left as it is.
Each rewritten statement is prepared once against the file before it is used (a column it names that the stored
rows lack makes it unusable, and Datasette's own runs).

The full-text index ``provisions_fts`` keeps no rows of its own (``content=provisions``): FTS5 counts an unfiltered
scan of it by reading every row of ``provisions``, through the view's joins (3–4 s at scale 1: its table page, linked
from the database page's hidden tables, was cut by the time limit on every visit). Datasette's unfiltered count of
it is the count of ``provisions``, read from the stored rows; a filtered one (a ``MATCH``, a column) is left as it is.
"""

from __future__ import annotations

import re

from ..deriving.schema import PROVISION_SPANS, TODAY, in_force_sql

#: The columns both the views and the stored rows hold, with the same values.
_SHARED = (
    "position, from_version, to_version, valid_from, valid_to, citation, eid, kind, num, heading, term, cells, parent,"
    " depth, note, changed_by_clause, change_action, fragment, text_id"
)
_CURRENT = "position, citation, eid, kind, num, heading, term, cells, parent, depth, note, valid_from"
#: Each view, and the stored rows that are its rows (with the law's key, for a law named by its id).
SOURCES = {
    "provisions": f"(select {_SHARED}, rowid, law_key from {PROVISION_SPANS.name})",
    "current_provisions": (
        f"(select {_CURRENT}, rowid as provision_rowid, law_key from {PROVISION_SPANS.name} where {in_force_sql(TODAY)})"
    ),
}
#: Names a statement over a view never holds (they would be read from the stored rows instead of failing).
_STORED_ONLY = re.compile(r"\b(?:law_key|text_key|changed_in|inserted_in|provision_spans|law_keys)\b", re.IGNORECASE)
_VIEW = re.compile(r"\bfrom (provisions|current_provisions)(?=\s|$)")
#: The facet's inner statement: every column of the view (Datasette lists them), from the view.
_ALL_COLUMNS = re.compile(r"\bselect (?:\[?\w+\]?, )*\[?\w+\]? from (provisions|current_provisions)(?=\s|$)")
_LAW = re.compile(r'(?:"law"|\[law\]|\blaw) = (:\w+)')
#: Datasette's full-text filter (the one statement within its statements), and what its count and facet hold.
_SEARCH = re.compile(
    r"rowid in \(select rowid from \[?provisions_fts\]? where \[?provisions_fts\]? match [^()]*(?:\([^()]*\))?\)"
)
_SELECT = re.compile(r"\bselect\b", re.IGNORECASE)
_OTHER = re.compile(r"\b(?:join|union|intersect|except|with)\b|,\s*(?:provisions|current_provisions)\b", re.IGNORECASE)


#: Datasette's count of the full-text index's every row (its table page unfiltered), word for word.
_FTS_COUNT = re.compile(r"select count\(\*\) from \[?provisions_fts\]? ?")
#: What the index's rows are: its content table's (``CREATE VIRTUAL TABLE ... content=[provisions]``).
FTS_CONTENT = "provisions"


def spans_instead(sql: str) -> str | None:
    """Datasette's count or facet ``sql`` over a view of provision spans, over the stored rows (None: not one)."""
    if _FTS_COUNT.fullmatch(sql):
        return spans_instead(f"select count(*) from {FTS_CONTENT} ")
    views = _VIEW.findall(sql)
    if len(views) != 1 or _STORED_ONLY.search(sql) or _OTHER.search(sql):
        return None
    # Datasette's count has one select, its facet two: a visitor's own statement within (``_where``) may name columns
    # of other tables that a view's name would hide
    if len(_SELECT.findall(_SEARCH.sub("", sql))) != (2 if _ALL_COLUMNS.search(sql) else 1):
        return None
    source = SOURCES[views[0]]
    out = _ALL_COLUMNS.sub(f"select * from {source}", sql)
    out = _VIEW.sub(f"from {source}", out) if out == sql else out
    return _LAW.sub(r"law_key = (select key from law_keys where id = \1)", out)
