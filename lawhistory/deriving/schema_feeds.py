"""The Atom feeds of changes: canned queries whose columns ``datasette-atom`` turns into a feed (``.atom``).

One query serves every feed: all laws (no parameter), one local government (``local_government``) or one law
(``law``). An entry is a version of a law (the law as made, then each instrument applied: its instrument,
commencement and what it changed, linked to the law page on the day it commenced), or an instrument the repository
holds and has not applied (pending or refused, with why). Entry ids name the law and the instrument, never a row
number or a build, so the same entry keeps its id in every build.
"""

from __future__ import annotations

from .schema_types import Query

#: A tag URI (RFC 4151) prefix for entry ids; the authority is the project, the date the scheme's own.
TAG = "tag:lawhistory,2026-12-01:"
#: The most entries one feed holds (newest first).
LIMIT = 200


def _esc(sql: str) -> str:
    """SQL escaping text for HTML (datasette-atom sanitises the content too; this keeps the words as words)."""
    return f"replace(replace(replace({sql}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;')"


_CHANGED = (
    "(select '<ul>' || group_concat('<li><a href=\"/-/law/' || c.law || '?at=' || c.valid_from || '#' || c.eid || '\">'"
    f" || {_esc('c.citation')} || '</a> ' || c.change || '</li>', '') || '</ul>'"
    " from (select * from changes c where c.law = v.law and c.version = v.number order by c.position) c)"
)

FEED_SQL = (
    "select * from (\n"
    f"select '{TAG}law/' || v.law || '/' || coalesce(v.instrument, v.law) as atom_id,\n"
    "  l.title || case when v.number = 0 then ' — made' else ' — amended by ' || v.instrument_title end as atom_title,\n"
    "  v.valid_from || 'T00:00:00Z' as atom_updated,\n"
    "  '/-/law/' || v.law || '?at=' || v.valid_from as atom_link,\n"
    "  l.local_government as atom_author_name,\n"
    f"  '<p>' || {_esc('coalesce(i.title, l.title)')} || ' (Gazette ' || coalesce(i.gazette_date, '?')"
    " || ') commenced on ' || v.valid_from || '.</p>'"
    f" || coalesce({_CHANGED}, '') as atom_content_html\n"
    "from versions v join laws l on l.id = v.law left join instruments i on i.id = v.instrument\n"
    "where (:law = '' or v.law = :law) and (:local_government = '' or l.local_government = :local_government)\n"
    "union all\n"
    f"select '{TAG}instrument/' || i.id || '/not-applied' as atom_id,\n"
    "  'Not applied: ' || i.title as atom_title,\n"
    "  coalesce(i.commencement, i.gazette_date, '1900-01-01') || 'T00:00:00Z' as atom_updated,\n"
    "  '/-/instrument/' || i.id as atom_link,\n"
    "  i.local_government as atom_author_name,\n"
    f"  '<p>' || {_esc('i.title')} || ' is known to the repository and ' || case i.status when 'pending' then"
    " 'waits to be applied' else 'was refused' end || ': ' || "
    + _esc("coalesce(i.reason, 'no reason recorded')")
    + " || '.</p>' as atom_content_html\n"
    "from instruments i\n"
    "where i.kind != 'principal' and i.status != 'applied'\n"
    "  and (:law = '' or i.amends = :law) and (:local_government = '' or i.local_government = :local_government)\n"
    f") order by atom_updated desc, atom_id limit {LIMIT}\n"
)

FEED_QUERIES: tuple[Query, ...] = (
    Query(
        "changes_feed",
        "Changes to local laws",
        "A feed of every new version of a law (its instrument, commencement and what it changed) and of every instrument"
        " not applied, newest first. law: a law id, or empty for all laws; local_government: e.g. Shire of Kellerberrin,"
        " or empty for all. Add .atom to the address for the Atom feed.",
        FEED_SQL,
    ),
)
