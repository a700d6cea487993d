"""The tables of the questions asked across laws: offences (``penalties``) and similar provisions (``similar``).

Declared here, apart from the core tables in ``schema`` (which adds them to ``TABLES``, so the database, docs/schema.md and
metadata.yml describe them like every other table). The build fills them after the laws' rows are written
(``features.derive``).
"""

from __future__ import annotations

from .known_sql import LAW_AS_KNOWN_SQL
from .reviews import REVIEWS_SQL
from .schema_types import Query, Table, View, col, in_force_sql, in_part_sql, omitted_sql

OFFENCES = Table(
    "offences",
    "Prescribed offences as typed rows: every row of a schedule with a penalty column, in every version, "
    "its penalty read as a number where it is one.",
    ("law", "position", "from_version"),
    (
        col("law", str, "The law", "laws.id"),
        col("position", int, "Document order (as in provisions.position)"),
        col("from_version", int, "First version holding this row"),
        col("to_version", int, "First version no longer holding it (null: still in the latest version)"),
        col("valid_from", str, "First day this row applies"),
        col("valid_to", str, "First day it no longer applies (null: still applies)"),
        col("local_government", str, "The local government that made the law"),
        col("law_title", str, "The law's title"),
        col("schedule", str, "The schedule holding the row, e.g. Schedule 1"),
        col("citation", str, "The row's citation, e.g. Schedule 1 item 12"),
        col("eid", str, "The row's eId on the law page"),
        col("item", str, "The item number as printed"),
        col("clause", str, "The clause the row cites, as printed, e.g. 2.13(1)"),
        col("clause_eid", str, "The eId of the provision cited, in the same version (null: the law has no such provision)"),
        col("clause_link", str, "How the clause was found: exact, or clause (the subclause cited is not in the law)"),
        col("offence", str, "The description of the offence, as printed"),
        col("penalty_text", str, "The penalty cell as printed"),
        col("penalty", float, "The modified penalty in dollars (null when the cell is not exactly an amount)"),
        col("problem", str, "Why the penalty is null, or why the clause is not linked"),
        col(
            "last_changed_by",
            str,
            "Instrument (and amending clause) that last inserted or changed the row (as provisions.last_changed_by)",
        ),
        col(
            "clause_cell",
            str,
            "The cell under the first heading beginning “Clause” or naming a provision, as printed (the `penalties` view's"
            " clause; null: no such heading)",
        ),
        col(
            "offence_cell",
            str,
            "The cell under the first heading naming an offence, as printed (the `penalties` view's offence; null: no"
            " such heading, e.g. a column headed only “Description”, which `offence` reads)",
        ),
    ),
    indexes=(("valid_from", "valid_to"), ("local_government",)),
)


def last_changed_by_sql(version: str, span: str) -> str:
    """SQL for ``provisions.last_changed_by`` of the span ``span`` (a ``provision_spans`` row), ``version`` being the
    law's ``versions`` row numbered its ``changed_in``: the instrument's title and its amending clause."""
    return f"{version}.instrument_title || coalesce(' cl. ' || nullif({span}.changed_by_clause, ''), '')"


SIMILAR_TEXTS = Table(
    "similar_texts",
    "Pairs of similar provision texts (both ways round), with their similarity (0-100); each text is a `span_texts` row.",
    ("text_id", "other_id"),
    (
        col("text_id", int, "A text (`provisions.text_id`)", "span_texts.id"),
        col("other_id", int, "A similar text", "span_texts.id"),
        col("score", float, "Similarity of the words, 0-100 (rapidfuzz ratio)"),
    ),
    # every pair is read by its key: stored once in the key's B-tree, not in a table and again in its key's index
    # (23.0 → 12.9 MiB at scale 1)
    without_rowid=True,
)

#: The texts compared and their band keys (``provision_texts``, ``text_bands``) are the build's own, kept beside the
#: database (``similar.INDEX_NAME``): the published database holds the pairs.
FEATURE_TABLES: tuple[Table, ...] = (OFFENCES, SIMILAR_TEXTS)

FEATURE_VIEWS: tuple[View, ...] = (
    View(
        "reviews_today",
        "Each law's statutory review (s 3.16) as at today: when it is due, overdue ones flagged (the canned query reviews"
        " takes a date).",
        REVIEWS_SQL.replace(":at", "''").replace(":local_government", "''"),
    ),
)


#: A canned query's date: the :at given, or today when it is left empty.
_AT = "coalesce(nullif(:at, ''), date('now'))"

#: Similar provisions of other laws in force on a date, most similar first (``similar.similar_rows``).
SIMILAR_SQL = f"""with me as (
  select p.law, p.kind, p.text, p.text_id from provisions p
  where p.law = :law and p.eid = :eid and p.text_id is not null
    and {in_force_sql(_AT, "p")}
), others as (
  select text_id as other_id, 100.0 as score from me
  union all
  select s.other_id, s.score from similar_texts s join me on s.text_id = me.text_id
)
select o.score, l.local_government, l.title as law_title, p.law, p.citation, p.eid, p.kind, p.heading, p.text,
  p.valid_from, p.valid_to, {omitted_sql("p.law", _AT)} as incomplete, {in_part_sql("p.law", _AT)} as in_part
from others o
join provisions p on p.text_id = o.other_id
join laws l on l.id = p.law
where p.law != (select law from me)
  and (p.kind = 'item') = ((select kind from me) = 'item')
  and {in_force_sql(_AT, "p")}
order by o.score desc, l.local_government, l.title, p.position
limit 200"""


#: The canned queries of the questions asked across laws (added to ``schema.QUERIES``).
FEATURE_QUERIES: tuple[Query, ...] = (
    Query(
        "law_as_known",
        "A law as at a date, as known from the Gazette on another date",
        "Every provision of one law as in force on a date (at) using only the instruments published in the Gazette on"
        " or before another date (known), in document order: the rows of `lawhistory show LAW --at DATE --known K"
        " --format json`, and version_from, the first day of the stored version that text is. No rows when nothing"
        " was known or in force, or when the text then known was never in force (the command derives it; the law page"
        " says why). law: a law id; at, known: YYYY-MM-DD. incomplete: the instruments the repository holds and has not"
        " applied that were published by known and commenced by at, which this text omits (null: it omits nothing)."
        " in_part: the clauses not yet in force on at of the law itself, or of instruments published by known and applied"
        " in part (null: none).",
        LAW_AS_KNOWN_SQL,
    ),
    Query(
        "reviews",
        "Statutory reviews of local laws",
        "When each law's review under s 3.16 of the Local Government Act 1995 is due, as at a date (empty: today), per local government, soonest first; overdue = 1 when the due date has passed. local_government: one council's name, or empty for all. The rule: lawhistory/deriving/reviews.py.",
        REVIEWS_SQL,
    ),
    Query(
        "similar_provisions",
        "Similar provisions in other laws",
        "The provisions of other laws in force on a date (empty: today) whose words are the same as or similar to one provision's (law: a law id; eid: the provision's eId, e.g. sec_2.7__para_a), most similar first (score 0-100); incomplete: the instruments not applied that each law's text then omits (null: none); in_part: the clauses of each law not yet in force then (null: none). The page /-/similar shows each with a word-level redline.",
        SIMILAR_SQL,
    ),
    Query(
        "offences",
        "Offences and modified penalties (typed)",
        "Every prescribed offence in force on a date (empty: today), its modified penalty as a number of dollars (null, with the reason in problem, when the schedule does not print an amount) and the eId of the clause it cites. search: words in the offence (optional). /-/penalties compares similar offences across local governments. incomplete: the instruments not applied that the law's text then omits (null: none); in_part: the clauses of the law not yet in force then (null: none).",
        "select local_government, law_title, citation, item, clause, clause_eid, offence, penalty, penalty_text, problem, law,"
        f"\n  {omitted_sql('o.law', _AT)} as incomplete, {in_part_sql('o.law', _AT)} as in_part\nfrom offences o"
        # +valid_from: read by council, each council's rows sorted (the first 1,001 rows 3 ms of CPU at scale 1, not
        # 84 ms sorting every row in force first)
        f"\nwhere {in_force_sql(_AT, document_order=True)}\n  and (:search = '' or offence like '%' || :search || '%')\norder by local_government, law_title, position\n",
    ),
)
