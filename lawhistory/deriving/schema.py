"""The database's tables, views and indexes, declared once.

``store`` creates the database from these declarations and ``schema_markdown`` describes it for
README.md (between ``<!-- schema:start -->`` and ``<!-- schema:end -->``) and docs/schema.md, so
the description can never drift from the code. ``metadata.yml`` repeats the column descriptions
for Datasette; a test keeps the two equal.

Run ``python -m lawhistory.deriving.schema`` to print the text for docs/schema.md.
"""

from __future__ import annotations

from typing import Any

from ..core.operations import ACTIONS, Occurrence
from .schema_features import FEATURE_QUERIES, FEATURE_TABLES, FEATURE_VIEWS
from .schema_types import Column as Column
from .schema_types import Query as Query
from .schema_types import Table as Table
from .schema_types import View as View

#: Bump when a table, column, view or index changes: an older database is rebuilt in full.
SCHEMA_VERSION = 3

START_MARKER = "<!-- schema:start -->"
END_MARKER = "<!-- schema:end -->"


def _c(name: str, type_: type, description: str, references: str | None = None) -> Column:
    return Column(name, type_, description, references)


_GAZETTE = (
    _c("gazette_date", str, "Date of the Government Gazette that published it (YYYY-MM-DD)"),
    _c("gazette_number", str, "Gazette number"),
    _c("gazette_pages", str, "Gazette pages, e.g. 419-437"),
)

LAWS = Table(
    "laws",
    "Principal local laws in the repository, one row each.",
    ("id",),
    (
        _c(
            "id",
            str,
            "Law id: local government folder and slug, e.g. kellerberrin/animals-environment-and-nuisance-local-law-2019",
        ),
        _c("title", str, "Title as printed"),
        _c("local_government", str, "The local government that made the law"),
        _c("made", str, "Date the council resolved to make it"),
        *_GAZETTE,
        _c("commencement", str, "Date it came into operation (null when unknown)"),
        _c("commencement_wording", str, "The law's own commencement words"),
        _c("repealed_from", str, "Date its repeal commenced (null while not repealed)"),
        _c("repealed_by", str, "The repealing instrument", "instruments.id"),
        _c("versions", int, "Number of versions (the law as made, then one per amending instrument applied)"),
        _c("latest_version_from", str, "Date the latest version applies from"),
        _c("partial", int, "1 when the text is an excerpt (part of the gazette was missing)"),
        _c("source", str, "Where the text was imported from"),
        _c("notes", str, "Import notes as a JSON list"),
        _c("path", str, "The law's file in the repository"),
        _c("history_path", str, "The law's consolidated text in db/history.git"),
        _c("reviews", str, "Dates the council accepted a report of a statutory review (s 3.16), as a JSON list"),
    ),
    indexes=(("local_government",),),
)

INSTRUMENTS = Table(
    "instruments",
    "Every instrument: principal laws (as made), amending instruments and repeals, with what became of each.",
    ("id",),
    (
        _c("id", str, "Instrument id (for a principal law, the law id)"),
        _c("title", str, "Title as printed"),
        _c("local_government", str, "The local government that made it"),
        _c("kind", str, "principal, amending or repeal"),
        _c("made", str, "Date the council resolved to make it"),
        *_GAZETTE,
        _c("commencement", str, "Date it came into operation (null when unknown)"),
        _c(
            "commencement_rule",
            str,
            "How the date was computed: on_gazettal, day_after_gazettal, days_after_gazettal, fixed_date ...",
        ),
        _c("commencement_wording", str, "The instrument's own commencement words"),
        _c("amends", str, "The law it amends, when that law is in the repository", "laws.id"),
        _c("amends_title", str, "The title of the law it amends, as the instrument words it"),
        _c("amends_gazette_date", str, "The publication of the amended law the instrument names"),
        _c("repeals", str, "Titles of the laws it repeals, as a JSON list"),
        _c("status", str, "applied, pending (waiting for its law or its commencement date) or refused"),
        _c("reason", str, "Why it is pending or refused (null when applied)"),
        _c("text", str, "The instrument's text in the structured format"),
        _c("partial", int, "1 when the text is an excerpt"),
        _c("source", str, "Where the text was imported from"),
        _c("notes", str, "Import notes as a JSON list"),
        _c("path", str, "The instrument's file in the repository"),
    ),
    indexes=(
        ("commencement",),
        ("amends",),
        ("status", "commencement"),
        ("kind", "commencement"),
        ("local_government", "commencement"),
    ),
)

VERSIONS = Table(
    "versions",
    "Every version of every law: the law as made (number 0), then one per amending instrument applied.",
    ("law", "number"),
    (
        _c("law", str, "The law", "laws.id"),
        _c("number", int, "Version number: 0 for the law as made"),
        _c("valid_from", str, "First day this version applies"),
        _c("valid_to", str, "First day it no longer applies (null: still the latest)"),
        _c("instrument", str, "The instrument that made this version", "instruments.id"),
        _c("instrument_title", str, "That instrument's title"),
        _c("commit", str, "The commit of this version in db/history.git"),
    ),
    indexes=(("law", "valid_from", "valid_to"), ("instrument",), ("valid_from",)),
)

PROVISIONS = Table(
    "provisions",
    "Provision text spans: one row per provision for as long as its words, place and provenance stay the same.",
    ("law", "position", "from_version"),
    (
        _c("law", str, "The law", "laws.id"),
        _c("position", int, "Document order: sorting a version's rows by position gives the law as printed"),
        _c("from_version", int, "First version holding this text"),
        _c("to_version", int, "First version no longer holding it (null: still in the latest version)"),
        _c("valid_from", str, "First day this text applies"),
        _c("valid_to", str, "First day it no longer applies (null: still applies)"),
        _c("citation", str, "How lawyers cite it: 2.7(a), 1.4(1) “cat”, Schedule 1 item 12"),
        _c("eid", str, "Akoma Ntoso style id, e.g. sec_2.7__para_a"),
        _c(
            "kind",
            str,
            "part, division, subdivision, clause, subclause, paragraph, subparagraph, definition, schedule, item or text",
        ),
        _c("num", str, "Label as printed: 2.8A, (7A), (ba)"),
        _c("heading", str, "Heading (parts, divisions, clauses, schedules)"),
        _c("text", str, "Its own words without its label or its children; a schedule row's cells joined by ' | '"),
        _c("term", str, "The defined term (definitions)"),
        _c("cells", str, "A schedule row's cells, or a schedule's column headings, as a JSON list"),
        _c("parent", str, "The citation of the provision holding it"),
        _c("depth", int, "Nesting depth (0: top level)"),
        _c("note", str, "Reprint-style provenance note, e.g. [Paragraph 2.7(a) amended by ... cl. 3]"),
        _c("last_changed_by", str, "Instrument (and amending clause) that last inserted or changed it"),
        _c("changed_by", str, "The instrument that last inserted or changed it (the law itself if unchanged)", "instruments.id"),
        _c("changed_by_clause", str, "The amending clause of that instrument"),
        _c("change_action", str, "What that clause did: made, insert, substitute, substitute_words, within ..."),
        _c("inserted_by", str, "The instrument whose version first held this provision", "instruments.id"),
        _c(
            "fragment",
            int,
            "The provision as the law page shows it (its HTML, stored once for every span showing it)",
            "fragments.id",
        ),
    ),
    indexes=(("law", "citation"), ("kind", "position"), ("position",)),
    fts=("citation", "heading", "text"),
)

FRAGMENTS = Table(
    "fragments",
    "Each distinct provision as the law page shows it, stored once however many spans of however many laws show it.",
    ("id",),
    (
        _c("id", int, "The fragment's key: the first 8 bytes of the BLAKE2b hash of its HTML, as a signed integer"),
        _c("html", str, "HTML with every word escaped (the provision's note included)"),
        _c("spans", int, "Number of provision spans showing it"),
    ),
)

CHANGES = Table(
    "changes",
    "What each version changed: provisions inserted, deleted or reworded, with a word-level redline.",
    ("law", "version", "citation"),
    (
        _c("law", str, "The law", "laws.id"),
        _c("version", int, "The version that made the change"),
        _c("citation", str, "The provision changed"),
        _c("valid_from", str, "Date the change took effect"),
        _c("instrument", str, "The instrument that made it", "instruments.id"),
        _c("eid", str, "The provision's eId"),
        _c("kind", str, "The provision's kind"),
        _c("change", str, "inserted, deleted or amended"),
        _c("before", str, "Its printed words before (label, heading and text)"),
        _c("after", str, "Its printed words after"),
        _c("diff_html", str, "Word-level redline: deletions in <del>, insertions in <ins>, all words escaped"),
        _c("position", int, "Document order (as in provisions.position)"),
    ),
    indexes=(("law", "valid_from"), ("instrument",), ("valid_from",), ("change", "valid_from")),
)

OPERATIONS = Table(
    "operations",
    "Each operation parsed from an amending or repeal instrument, its source words and its outcome.",
    ("instrument", "seq"),
    (
        _c("instrument", str, "The instrument", "instruments.id"),
        _c("seq", int, "Order within the instrument (1, 2, ...)"),
        _c("law", str, "The law it changes, when in the repository", "laws.id"),
        _c("clause", str, "The amending clause as printed"),
        _c(
            "action",
            str,
            ", ".join(ACTIONS[:-1]) + " or " + ACTIONS[-1],
        ),
        _c("target", str, "The citation changed (or the title of the law repealed)"),
        _c("words", str, "The quoted words acted on"),
        _c("new", str, "The words or provisions inserted or substituted"),
        _c("position", str, "Where new words or provisions go: after, before, start, end or alphabetical"),
        _c("occurrence", str, ", ".join(o.value for o in list(Occurrence)[:-1]) + " or " + list(Occurrence)[-1].value),
        _c("source", str, "The instrument's own words"),
        _c("description", str, "The operation in one line"),
        _c("outcome", str, "applied, refused (this operation failed), not applied (the instrument was refused) or pending"),
        _c("detail", str, "What it did (the provisions it changed) or why it was not applied"),
    ),
    indexes=(("law",), ("outcome",), ("action",)),
)

HISTORY = Table(
    "history",
    "The commits of db/history.git in order: one per version, and one per repeal.",
    ("seq",),
    (
        _c("seq", int, "Order in the history (1 is the first commit)"),
        _c("commit", str, "Commit id"),
        _c("date", str, "Author and committer date (the commencement date)"),
        _c("law", str, "The law whose file the commit changes", "laws.id"),
        _c("version", int, "The version committed (null for a repeal, which deletes the file)"),
        _c("path", str, "The law's file in the history"),
        _c("blob", str, "The file's blob id (null for a repeal)"),
        _c("author", str, "Commit author: the local government that made the law"),
        _c("message", str, "Commit message"),
    ),
    indexes=(("law",),),
)

BUILD_STATE = Table(
    "build_state",
    "What each law was built from: a hash of its file and its instruments' files (for incremental builds).",
    ("law",),
    (
        _c("law", str, "The law", "laws.id"),
        _c("input_hash", str, "SHA-256 of the law's file and the files of the instruments that amend or repeal it"),
        _c("instruments", str, "Those instruments' ids as a JSON list"),
    ),
)

BUILD_INFO = Table(
    "build_info",
    "About the build: schema version, code fingerprint and a hash of all inputs (tells serve whether to rebuild).",
    ("key",),
    (
        _c("key", str, "Name"),
        _c("value", str, "Value"),
    ),
)

TABLES: tuple[Table, ...] = (
    LAWS,
    INSTRUMENTS,
    VERSIONS,
    PROVISIONS,
    FRAGMENTS,
    CHANGES,
    OPERATIONS,
    HISTORY,
    BUILD_STATE,
    BUILD_INFO,
)
TABLES += FEATURE_TABLES  # the tables of the questions asked across laws (offences, similar provisions)


def in_force_sql(at: str, alias: str = "", *, document_order: bool = False) -> str:
    """SQL true for a row (a provision span or a version) in force on ``at``, an SQL expression (``:at``,
    ``date('now')``): it applies from ``valid_from`` up to, not including, ``valid_to``. The one SQL form of
    ``versions.status_on``, used by the views, the canned queries and the law page.

    ``document_order``: ``+valid_from``, so SQLite reads one law's rows through the primary key (already in document
    order) rather than through the date index.
    """
    p = f"{alias}." if alias else ""
    return f"{'+' if document_order else ''}{p}valid_from <= {at} and ({p}valid_to is null or {p}valid_to > {at})"


def law_status_sql(at: str, alias: str = "l") -> str:
    """SQL for a law's status on ``at`` (``in_force``, ``not_in_force``, ``repealed``, ``commencement_unknown``), as
    ``versions.status_on`` decides it from the ``laws`` row."""
    return (
        f"case when {alias}.commencement is null then 'commencement_unknown'"
        f" when {alias}.repealed_from is not null and {alias}.repealed_from <= {at} then 'repealed'"
        f" when {alias}.commencement > {at} then 'not_in_force'"
        " else 'in_force' end"
    )


#: Today, in SQL.
TODAY = "date('now')"
_IN_FORCE_TODAY = in_force_sql(TODAY, "p")


def _header_cell(match: str) -> str:
    """SQL for the cell of row ``p`` under the first heading of schedule ``s`` matching ``match``."""
    return f"(select json_extract(p.cells, '$[' || h.key || ']') from json_each(s.cells) h where {match} order by h.key limit 1)"


_CLAUSE_CELL = _header_cell("h.value like 'clause%' or h.value like '%provision%'")
_OFFENCE_CELL = _header_cell("h.value like '%offence%'")
_PENALTY_CELL = _header_cell("h.value like '%penalty%'")

VIEWS: tuple[View, ...] = (
    View(
        "law_status",
        "Each law with its status today: in_force, not_in_force (not yet commenced), repealed or commencement_unknown.",
        f"select l.id, l.title, l.local_government, {law_status_sql(TODAY)} as status,"
        " l.commencement, l.repealed_from, l.versions, l.latest_version_from"
        " from laws l order by l.local_government, l.title",
    ),
    View(
        "current_provisions",
        "The text of every law as in force today, in document order.",
        "select p.law, p.position, p.citation, p.eid, p.kind, p.num, p.heading, p.text, p.term, p.cells,"
        " p.parent, p.depth, p.note, p.last_changed_by, p.valid_from, p.rowid as provision_rowid"
        f" from provisions p where {_IN_FORCE_TODAY} order by p.law, p.position",
    ),
    View(
        "penalties",
        "Every row of a schedule whose columns include a penalty (offences and modified penalties), in every version.",
        "select p.law, l.title as law_title, l.local_government, p.parent as schedule, p.citation, p.position,"
        f" {_CLAUSE_CELL} as clause, {_OFFENCE_CELL} as offence, {_PENALTY_CELL} as penalty,"
        " p.cells, p.valid_from, p.valid_to, p.last_changed_by"
        " from provisions p"
        " join provisions s on s.law = p.law and s.kind = 'schedule' and s.citation = p.parent"
        " and s.from_version <= p.from_version and (s.to_version is null or s.to_version > p.from_version)"
        " join laws l on l.id = p.law"
        " where p.kind = 'item' and exists (select 1 from json_each(s.cells) h where h.value like '%penalty%')",
    ),
)

VIEWS += FEATURE_VIEWS  # statutory reviews as at today


_AT_OR_TODAY = "coalesce(nullif(:at, ''), date('now'))"

QUERIES: tuple[Query, ...] = (
    Query(
        "law_as_at",
        "A law as at a date",
        "Every provision of one law as in force on a date, in document order (the same rows as `lawhistory show LAW"
        " --at DATE --format json`). law: a law id; at: YYYY-MM-DD.",
        "select citation, eid, kind, num, heading, text, parent, term, cells, last_changed_by\nfrom provisions\n"
        f"where law = :law\n  and {in_force_sql(':at')}\norder by position\n",
    ),
    Query(
        "changes_between",
        "Changes between two dates",
        "Every provision inserted, deleted or reworded by versions that commenced after date_from and on or before"
        " date_to, with a word-level redline. Leave law empty for all laws.",
        "select c.valid_from, c.law, c.version, i.title as instrument, c.citation, c.change, c.before, c.after,"
        " c.diff_html\nfrom changes c join instruments i on i.id = c.instrument\nwhere (:law = '' or c.law = :law)\n"
        "  and c.valid_from > :date_from and c.valid_from <= :date_to\norder by c.valid_from, c.law, c.version, c.position\n",
    ),
    Query(
        "provision_history",
        "History of one provision",
        "Every text a provision has had, with the dates it applied and the instrument that made it. law: a law id;"
        " citation: as lawyers cite it, e.g. 2.7(a).",
        "select valid_from, valid_to, from_version, to_version, citation, kind, heading, text, cells, last_changed_by,"
        " note\nfrom provisions\nwhere law = :law and citation = :citation\norder by from_version\n",
    ),
    Query(
        "penalties",
        "Offences and penalties across all laws",
        "Every prescribed offence with its modified penalty, from the schedules of every law, as in force on a date"
        " (empty: today). search: words in the offence, clause or law title (optional).",
        "select local_government, law_title, citation, clause, offence, penalty, last_changed_by, law\nfrom penalties\n"
        f"where {in_force_sql(_AT_OR_TODAY)}\n"
        "  and (:search = '' or offence like '%' || :search || '%' or clause like '%' || :search || '%'"
        " or law_title like '%' || :search || '%')\norder by local_government, law_title, position\n",
    ),
    Query(
        "instruments_by_commencement",
        "Instruments by commencement",
        "Principal, amending and repeal instruments in order of commencement, with their status, between two dates"
        " (either may be empty).",
        "select commencement, title, kind, status, reason, gazette_date, gazette_number, gazette_pages, amends, id\n"
        "from instruments\nwhere (:date_from = '' or commencement >= :date_from)\n"
        "  and (:date_to = '' or commencement <= :date_to)\norder by commencement, gazette_date, id\n",
    ),
)
QUERIES += FEATURE_QUERIES  # statutory reviews, similar provisions, offences


def datasette_metadata() -> dict[str, dict[str, Any]]:
    """What the schema tells Datasette about the ``lawhistory`` database: every table's and view's description and
    column descriptions, and the canned queries (added to metadata.yml's at serve time)."""
    tables: dict[str, Any] = {
        t.name: {"description": t.description, "columns": {c.name: c.description for c in t.columns}} for t in TABLES
    }
    tables.update({v.name: {"description": v.description} for v in VIEWS})
    queries = {q.name: {"title": q.title, "description": q.description, "sql": q.sql} for q in QUERIES}
    return {"tables": tables, "queries": queries}


# --- the description ------------------------------------------------------------------------------------------------


def _type_name(t: type) -> str:
    return {str: "TEXT", int: "INTEGER", float: "REAL"}[t]


def _table_markdown(t: Table) -> list[str]:
    lines = [f"### `{t.name}`", "", t.description, "", f"Primary key: {', '.join(f'`{c}`' for c in t.pk)}.", ""]
    lines += ["| column | type | description |", "|---|---|---|"]
    for c in t.columns:
        ref = f" → `{c.references}`" if c.references else ""
        description = c.description.replace("|", "\\|")
        lines.append(f"| `{c.name}` | {_type_name(c.type)} | {description}{ref} |")
    extras = []
    if t.indexes:
        extras.append("Indexes: " + "; ".join("(" + ", ".join(i) + ")" for i in t.indexes) + ".")
    if t.fts:
        extras.append(f"Full-text search (`{t.name}_fts`, FTS5) on: {', '.join(t.fts)}.")
    if extras:
        lines += ["", *extras]
    return [*lines, ""]


def schema_markdown() -> str:
    """The schema of db/lawhistory.db as Markdown, generated from ``TABLES`` and ``VIEWS``."""
    lines = [
        f"Schema version {SCHEMA_VERSION}. Dates are ISO strings (YYYY-MM-DD); an interval runs from `valid_from`"
        " up to, not including, `valid_to`. A provision in force on a date D has `valid_from <= D` and"
        " (`valid_to` is null or `valid_to > D`).",
        "",
        "## Tables",
        "",
    ]
    for t in TABLES:
        lines += _table_markdown(t)
    lines += ["## Views", ""]
    for v in VIEWS:
        lines += [f"- `{v.name}`: {v.description}"]
    return "\n".join(lines) + "\n"


def schema_section() -> str:
    """The text README.md holds between its schema markers (markers included)."""
    return f"{START_MARKER}\n{schema_markdown()}{END_MARKER}\n"


def section_between_markers(text: str) -> str:
    """The part of ``text`` from the start marker to the end marker (inclusive), for comparing with ``schema_section``."""
    start = text.index(START_MARKER)
    end = text.index(END_MARKER, start) + len(END_MARKER)
    return text[start:end] + "\n"


if __name__ == "__main__":  # pragma: no cover
    print(schema_section(), end="")
