"""The database's tables, views and indexes, declared once.

``store`` creates the database from these declarations and ``schema_markdown`` describes it for
docs/schema.md (between ``<!-- schema:start -->`` and ``<!-- schema:end -->``; a test compares the file with
it), so the description can never drift from the code. ``metadata.yml`` repeats the column descriptions
for Datasette; a test keeps the two equal.

Run ``python -m lawhistory.deriving.schema > docs/schema.md`` to write docs/schema.md again.
"""

from __future__ import annotations

from typing import Any

from ..core.operations import ACTIONS, Occurrence
from .schema_features import FEATURE_QUERIES, FEATURE_TABLES, FEATURE_VIEWS, last_changed_by_sql
from .schema_feeds import FEED_QUERIES
from .schema_types import Column as Column
from .schema_types import Query as Query
from .schema_types import Table as Table
from .schema_types import View as View
from .schema_types import col
from .schema_types import in_force_sql as in_force_sql
from .schema_types import in_part_sql as in_part_sql
from .schema_types import law_key as law_key
from .schema_types import omitted_sql as omitted_sql

#: Bump when a table, column, view or index changes: an older database is rebuilt in full.
SCHEMA_VERSION = 15

START_MARKER = "<!-- schema:start -->"
END_MARKER = "<!-- schema:end -->"


_GAZETTE = (
    col("gazette_date", str, "Date of the Government Gazette that published it (YYYY-MM-DD)"),
    col("gazette_number", str, "Gazette number"),
    col("gazette_pages", str, "Gazette pages, e.g. 419-437"),
)

LAWS = Table(
    "laws",
    "Principal local laws in the repository, one row each.",
    ("id",),
    (
        col(
            "id",
            str,
            "Law id: local government folder and slug, e.g. kellerberrin/animals-environment-and-nuisance-local-law-2019",
        ),
        col("title", str, "Title as printed"),
        col("local_government", str, "The local government that made the law"),
        col("made", str, "Date the council resolved to make it"),
        *_GAZETTE,
        col("commencement", str, "Date it came into operation (null when unknown)"),
        col("commencement_wording", str, "The law's own commencement words"),
        col(
            "commencement_rule",
            str,
            "How the date was found: from its words (on_gazettal, days_after_gazettal, fixed_date ...), or, with none, from"
            " the Act it was made under (lga_s3_14, interpretation_s41; s41_or_s3_14: on the gazette date or 14 days"
            " after, dates between not answered)",
        ),
        col("repealed_from", str, "Date its repeal commenced (null while not repealed)"),
        col("repealed_by", str, "The repealing instrument", "instruments.id"),
        col("versions", int, "Number of versions (the law as made, then one per amending instrument applied)"),
        col("latest_version_from", str, "Date the latest version applies from"),
        col("partial", int, "1 when the text is an excerpt (part of the gazette was missing)"),
        col("source", str, "Where the text was imported from"),
        col("notes", str, "Import notes as a JSON list"),
        col("path", str, "The law's file in the repository"),
        col("history_path", str, "The law's consolidated text in db/history.git"),
        col("reviews", str, "Dates the council accepted a report of a statutory review (s 3.16), as a JSON list"),
        col(
            "incomplete",
            str,
            "Instruments the repository holds that act on this law and are not applied (rows of `not_applied`), as a JSON"
            " list of {instrument, instrument_id, commences, reason}; [] when its text omits nothing",
        ),
    ),
    indexes=(("local_government",),),
)

INSTRUMENTS = Table(
    "instruments",
    "Every instrument: principal laws (as made), amending instruments and repeals, with what became of each.",
    ("id",),
    (
        col("id", str, "Instrument id (for a principal law, the law id)"),
        col("title", str, "Title as printed"),
        col("local_government", str, "The local government that made it"),
        col("kind", str, "principal, amending or repeal"),
        col("made", str, "Date the council resolved to make it"),
        *_GAZETTE,
        col("commencement", str, "Date it came into operation (null when unknown)"),
        col(
            "commencement_rule",
            str,
            "How the date was computed: on_gazettal, day_after_gazettal, days_after_gazettal, fixed_date ...",
        ),
        col("commencement_wording", str, "The instrument's own commencement words"),
        col("amends", str, "The law it amends, when that law is in the repository", "laws.id"),
        col("amends_title", str, "The title of the law it amends, as the instrument words it"),
        col("amends_gazette_date", str, "The publication of the amended law the instrument names"),
        col(
            "also_amends",
            str,
            "The further laws it amends, one in each later Part (amends names the first): a JSON list of "
            "{id (null when that law is not in the repository), title, gazette_date}; [] when it amends one law",
        ),
        col("repeals", str, "Titles of the laws it repeals, as a JSON list"),
        col("status", str, "applied, pending (waiting for its law or its commencement date) or refused"),
        col("reason", str, "Why it is pending or refused (null when applied)"),
        col("text", str, "The instrument's text in the structured format"),
        col("partial", int, "1 when the text is an excerpt"),
        col("source", str, "Where the text was imported from"),
        col("notes", str, "Import notes as a JSON list"),
        col("path", str, "The instrument's file in the repository"),
    ),
    indexes=(
        ("commencement",),
        ("amends",),
        ("status", "commencement"),
        ("kind", "commencement"),
        ("local_government", "commencement"),
        # what every build asks of all the instruments (their ids, the count by status) without reading their rows
        ("status", "kind", "id"),
        # the few that amend further laws (``also_amends > '[]'``), found without reading every instrument's row
        ("also_amends",),
    ),
)

VERSIONS = Table(
    "versions",
    "Every version of every law: the law as made (number 0), then one per amending instrument applied (one per day"
    " when its commencement gives its clauses days of their own).",
    ("law", "number"),
    (
        col("law", str, "The law", "laws.id"),
        col("number", int, "Version number: 0 for the law as made"),
        col("valid_from", str, "First day this version applies"),
        col("valid_to", str, "First day it no longer applies (null: still the latest)"),
        col("instrument", str, "The instrument that made this version", "instruments.id"),
        col("instrument_title", str, "That instrument's title"),
        col("commit", str, "The commit of this version in db/history.git"),
        col(
            "incomplete",
            str,
            "The instruments not applied that commence while this version applies (or before), which its text therefore"
            " omits on some of its days: a JSON list as in `laws.incomplete`",
        ),
        col(
            "not_in_force",
            str,
            "The instruments this version applies in part (their commencement gives their clauses days of their own,"
            " rule by_clause): each with its clauses not yet in force on the version's first day and the day each"
            " commences (on a later day of the version, those commencing after it), as a JSON list"
            ' [{"instrument", "instrument_id", "clauses": [{"clause", "commences"}]}] (empty: none)',
        ),
    ),
    indexes=(("law", "valid_from", "valid_to"), ("instrument",), ("valid_from",)),
)

NOT_APPLIED = Table(
    "not_applied",
    "Every instrument the repository holds that acts on a law and is not in its consolidation (refused when its law"
    " arrived, refused by amend and kept, or waiting for earlier amendments): on and after its commencement the law's"
    " text is incomplete, and every view says so.",
    ("law", "instrument"),
    (
        col("law", str, "The law whose text omits it", "laws.id"),
        col("instrument", str, "The instrument", "instruments.id"),
        col("position", int, "Order among the law's instruments not applied (by commencement)"),
        col("title", str, "The instrument's title"),
        col("commences", str, "Its commencement (null when unknown: then every date is affected)"),
        col("reason", str, "Why it is not applied, on one line"),
        col("published", str, "Its gazette date: with no commencement known, the first day the law's text can omit it"),
    ),
    indexes=(("law", "commences"),),
)

IN_PART = Table(
    "in_part",
    "Each stretch of days on which a law is in force in part: clauses of an instrument applied to it (its commencement"
    " gives its clauses days of their own, rule by_clause), or of the law itself (its own commencement gives some"
    " clauses a later day), are not yet in force. One row an instrument a stretch; every view names them (in_part).",
    ("law", "valid_from", "instrument"),
    (
        col("law", str, "The law in force in part", "laws.id"),
        col("valid_from", str, "First day of the stretch"),
        col("valid_to", str, "First day after it (null: it has not ended)"),
        col("instrument", str, "The instrument whose clauses wait (the law's own id: its own clauses)", "instruments.id"),
        col(
            "law_itself",
            int,
            "1: the law's own clauses, printed in its text though not yet in force; 0: an instrument's, not in the text",
        ),
        col(
            "clauses",
            str,
            'Its clauses not yet in force and the day each commences, as a JSON list [{"clause", "commences"}]',
        ),
        col("note", str, "The one line every view prints: the instrument, the clauses and their days, and what that means"),
    ),
    indexes=(("law", "valid_from"),),
)

_LAW = col("law", str, "The law", "laws.id")
_SPAN_COLUMNS = (
    col("position", int, "Document order: sorting a version's rows by position gives the law as printed"),
    col("from_version", int, "First version holding this text"),
    col("to_version", int, "First version no longer holding it (null: still in the latest version)"),
    col("valid_from", str, "First day this text applies"),
    col("valid_to", str, "First day it no longer applies (null: still applies)"),
    col("citation", str, "How lawyers cite it: 2.7(a), 1.4(1) “cat”, Schedule 1 item 12"),
    col("eid", str, "Akoma Ntoso style id, e.g. sec_2.7__para_a"),
    col(
        "kind",
        str,
        "part, division, subdivision, clause, subclause, paragraph, subparagraph, definition, schedule, item or text",
    ),
    col("num", str, "Label as printed: 2.8A, (7A), (ba)"),
    col("heading", str, "Heading (parts, divisions, clauses, schedules)"),
    col("text", str, "Its own words without its label or its children; a schedule row's cells joined by ' | '"),
    col("term", str, "The defined term (definitions)"),
    col("cells", str, "A schedule row's cells, or a schedule's column headings, as a JSON list"),
    col("parent", str, "The citation of the provision holding it"),
    col("depth", int, "Nesting depth (0: top level)"),
    col("note", str, "Reprint-style provenance note, e.g. [Paragraph 2.7(a) amended by ... cl. 3]"),
)
_SPAN_TAIL = (
    col(
        "fragment",
        int,
        "The provision as the law page shows it (its HTML, stored once for every span showing it)",
        "fragments.id",
    ),
    col(
        "text_id",
        int,
        "Its words among the texts compared for similar provisions: `text_key` where they are compared (null: a part,"
        " division or schedule, or fewer than six words)",
        "span_texts.id",
    ),
)
_CHANGED_BY_CLAUSE = col("changed_by_clause", str, "The amending clause of that instrument")
_CHANGE_ACTION = col("change_action", str, "What that clause did: made, insert, substitute, substitute_words, within ...")

LAW_KEYS = Table(
    "law_keys",
    "Each law's key in `provision_spans`: a number made from its id (the same in every build), stored there instead of the id.",
    ("key",),
    (
        col("key", int, "The law's key: the first 47 bits of the BLAKE2b hash of its id"),
        col("id", str, "The law", "laws.id"),
    ),
    indexes=(("id",),),
)

SPAN_TEXTS = Table(
    "span_texts",
    "Each distinct text of `provisions.text`, stored once however many spans of however many laws hold it.",
    ("id",),
    (
        col("id", int, "The text's key: the first 8 bytes of the BLAKE2b hash of the text, as a signed integer"),
        col("text", str, "The words"),
        col("spans", int, "Number of provision spans holding it"),
    ),
)

#: The stored columns of a span: its words by their key in ``span_texts``.
_STORED_SPAN_COLUMNS = tuple(
    col("text_key", int, "Its words (`provisions.text`; null: none)", "span_texts.id") if c.name == "text" else c
    for c in _SPAN_COLUMNS
)

PROVISION_SPANS = Table(
    "provision_spans",
    "The stored rows of `provisions` (which presents them): the law is named by its key (`law_keys`), each"
    " instrument by the number of the law's version it made (`versions.number`), not by their ids and titles again"
    " on every row.",
    ("law_key", "position", "from_version"),
    (
        col("law_key", int, "The law", "law_keys.key"),
        *_STORED_SPAN_COLUMNS,
        col("changed_in", int, "The version whose instrument last inserted or changed it (0: the law as made)"),
        _CHANGED_BY_CLAUSE,
        _CHANGE_ACTION,
        col("inserted_in", int, "The version that first held this provision"),
        *_SPAN_TAIL,
    ),
    indexes=(("law_key", "citation"), ("kind", "position"), ("position",), ("text_id",)),
)

_COLUMNS_BEFORE_PROVENANCE = ", ".join("t.text as text" if c.name == "text" else f"s.[{c.name}]" for c in _SPAN_COLUMNS)

#: ``provisions``: each span with its instruments' ids and title named again from the law's versions. ``rowid`` is
#: the span's own (what ``provisions_fts`` indexes): a view has none of its own.
_PROVISIONS_COLUMNS = (
    f"select k.id as law, {_COLUMNS_BEFORE_PROVENANCE},"
    f" {last_changed_by_sql('c', 's')} as last_changed_by,"
    " c.instrument as changed_by, s.changed_by_clause, s.change_action, i.instrument as inserted_by,"
    " s.fragment, s.text_id, s.rowid as rowid"
)
_PROVISIONS_JOINS = (
    f" left join {SPAN_TEXTS.name} t on t.id = s.text_key"
    " left join versions c on c.law = k.id and c.number = s.changed_in"
    " left join versions i on i.law = k.id and i.number = s.inserted_in"
)
PROVISIONS_SQL = (
    f"{_PROVISIONS_COLUMNS} from {PROVISION_SPANS.name} s join {LAW_KEYS.name} k on k.key = s.law_key{_PROVISIONS_JOINS}"
)
#: The same rows, read law by law in the order of their ids (``cross join`` keeps SQLite to that order): a query
#: ordered by law and position then reads each law's rows by the primary key instead of sorting every row first
#: (``current_provisions``' first page at scale 1: 3.5 s through ``provisions``, 3 ms this way).
PROVISIONS_BY_LAW_SQL = (
    f"{_PROVISIONS_COLUMNS} from {LAW_KEYS.name} k cross join {PROVISION_SPANS.name} s on s.law_key = k.key{_PROVISIONS_JOINS}"
)

PROVISIONS = Table(
    "provisions",
    "Provision text spans: one row per provision for as long as its words, place and provenance stay the same.",
    ("law", "position", "from_version"),
    (
        _LAW,
        *_SPAN_COLUMNS,
        col("last_changed_by", str, "Instrument (and amending clause) that last inserted or changed it"),
        col("changed_by", str, "The instrument that last inserted or changed it (the law itself if unchanged)", "instruments.id"),
        _CHANGED_BY_CLAUSE,
        _CHANGE_ACTION,
        col("inserted_by", str, "The instrument whose version first held this provision", "instruments.id"),
        *_SPAN_TAIL,
    ),
    fts=("citation", "heading", "text"),
    view=PROVISIONS_SQL,
)

#: The full-text index's columns in its own order, the words first: FTS5 marks each match outside its first column with
#: the column's number, two bytes more for every word of a row in a later column, and most words are in ``text``
#: (with ``citation`` first the index was a third larger: 17.7 against 13.3 MiB at scale 0.1). ``snippet`` and
#: ``highlight`` name a column by its number in this order.
FTS_COLUMNS = ("text", "heading", "citation")
assert sorted(FTS_COLUMNS) == sorted(PROVISIONS.fts)

FRAGMENTS = Table(
    "fragments",
    "Each distinct provision as the law page shows it, stored once however many spans of however many laws show it.",
    ("id",),
    (
        col("id", int, "The fragment's key: the first 8 bytes of the BLAKE2b hash of its HTML, as a signed integer"),
        col("html", str, "HTML with every word escaped (the provision's note included)"),
        col("spans", int, "Number of provision spans showing it"),
    ),
)

CHANGES = Table(
    "changes",
    "What each version changed: provisions inserted, deleted or reworded, with a word-level redline.",
    ("law", "version", "citation"),
    (
        col("law", str, "The law", "laws.id"),
        col("version", int, "The version that made the change"),
        col("citation", str, "The provision changed"),
        col("valid_from", str, "Date the change took effect"),
        col("instrument", str, "The instrument that made it", "instruments.id"),
        col("eid", str, "The provision's eId"),
        col("kind", str, "The provision's kind"),
        col("change", str, "inserted, deleted or amended"),
        col("before", str, "Its printed words before (label, heading and text)"),
        col("after", str, "Its printed words after"),
        col("diff_html", str, "Word-level redline: deletions in <del>, insertions in <ins>, all words escaped"),
        col("position", int, "Document order (as in provisions.position)"),
    ),
    indexes=(("law", "valid_from"), ("instrument",), ("valid_from",), ("change", "valid_from")),
)

OPERATIONS = Table(
    "operations",
    "Each operation parsed from an amending or repeal instrument, its source words and its outcome.",
    ("instrument", "seq"),
    (
        col("instrument", str, "The instrument", "instruments.id"),
        col("seq", int, "Order within the instrument (1, 2, ...)"),
        col("law", str, "The law it changes, when in the repository", "laws.id"),
        col("clause", str, "The amending clause as printed"),
        col(
            "action",
            str,
            ", ".join(ACTIONS[:-1]) + " or " + ACTIONS[-1],
        ),
        col("target", str, "The citation changed (or the title of the law repealed)"),
        col("words", str, "The quoted words acted on"),
        col("new", str, "The words or provisions inserted or substituted"),
        col("position", str, "Where new words or provisions go: after, before, start, end or alphabetical"),
        col("occurrence", str, ", ".join(o.value for o in list(Occurrence)[:-1]) + " or " + list(Occurrence)[-1].value),
        col("source", str, "The instrument's own words"),
        col("description", str, "The operation in one line"),
        col("outcome", str, "applied, refused (this operation failed), not applied (the instrument was refused) or pending"),
        col("detail", str, "What it did (the provisions it changed) or why it was not applied"),
    ),
    indexes=(("law",), ("outcome",), ("action",)),
)

HISTORY = Table(
    "history",
    "The commits of db/history.git in order: one per version, and one per repeal.",
    ("seq",),
    (
        col("seq", int, "Order in the history (1 is the first commit)"),
        col("commit", str, "Commit id"),
        col("date", str, "Author and committer date (the commencement date)"),
        col("law", str, "The law whose file the commit changes", "laws.id"),
        col("version", int, "The version committed (null for a repeal, which deletes the file)"),
        col("path", str, "The law's file in the history"),
        col("blob", str, "The file's blob id (null for a repeal)"),
        col("author", str, "Commit author: the local government that made the law"),
        col("message", str, "Commit message"),
    ),
    indexes=(("law",),),
)

BUILD_STATE = Table(
    "build_state",
    "What each law was built from: a hash of its file and its instruments' files (for incremental builds).",
    ("law",),
    (
        col("law", str, "The law", "laws.id"),
        col("input_hash", str, "SHA-256 of the law's file and the files of the instruments that amend or repeal it"),
        col("instruments", str, "Those instruments' ids as a JSON list"),
    ),
)

BUILD_INFO = Table(
    "build_info",
    "About the build: schema version, code fingerprint and a hash of all inputs (tells serve whether to rebuild).",
    ("key",),
    (
        col("key", str, "Name"),
        col("value", str, "Value"),
    ),
)

LAW_PAGES = Table(
    "law_pages",
    "The law page's pieces made by the build, per law: whether their text links to similar provisions (it does when the"
    " database holds another law; an incremental build that changes this makes every law's pieces again).",
    ("law",),
    (
        col("law", str, "The law (laws.id)"),
        col("similar_links", int, "1 when the stored text links to similar provisions, else 0"),
        col(
            "pieces",
            bytes,
            "The distinct pieces of its versions' pages (of text and of the contents), each once, as zlib-compressed"
            " JSON (lawhistory.deriving.page_parts)",
        ),
    ),
)

LAW_PAGE_VERSIONS = Table(
    "law_page_versions",
    "The law page's pieces that are the same on every day of a version's span, made by the build for each version that"
    " applies on some day: the text (with its links to similar provisions, the day left as a placeholder, and a note"
    " where each removed provision stood), the contents and what the version changed. The site fills in the day.",
    ("law", "version"),
    (
        col("law", str, "The law (laws.id)"),
        col("version", int, "The version (versions.number)"),
        col(
            "parts",
            bytes,
            "The version's page as zlib-compressed JSON: its text and contents as places in law_pages.pieces, the contents'"
            " rows, the removed provisions' notes and what it changed (lawhistory.deriving.page_parts)",
        ),
    ),
)

TABLES: tuple[Table, ...] = (
    LAWS,
    INSTRUMENTS,
    VERSIONS,
    NOT_APPLIED,
    IN_PART,
    LAW_KEYS,
    SPAN_TEXTS,
    PROVISION_SPANS,
    PROVISIONS,
    FRAGMENTS,
    CHANGES,
    OPERATIONS,
    HISTORY,
    BUILD_STATE,
    BUILD_INFO,
    LAW_PAGES,
    LAW_PAGE_VERSIONS,
)
TABLES += FEATURE_TABLES  # the tables of the questions asked across laws (offences, similar provisions)


def law_status_sql(at: str, alias: str = "l") -> str:
    """SQL for a law's status on ``at`` (``in_force``, ``not_in_force``, ``repealed``, ``commencement_unknown``), as
    ``versions.status_on`` decides it from the ``laws`` row."""
    return (
        f"case when {alias}.commencement is null and {alias}.gazette_date > {at} then 'not_in_force'"
        f" when {alias}.commencement is null then 'commencement_unknown'"
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
        "Each law with its status today: in_force, not_in_force (not yet commenced), repealed or commencement_unknown;"
        " in_part names the clauses not yet in force today of the law itself or of instruments applied in part (null:"
        " none).",
        f"select l.id, l.title, l.local_government, {law_status_sql(TODAY)} as status,"
        " l.commencement, l.repealed_from, l.versions, l.latest_version_from,"
        f" {in_part_sql('l.id', TODAY)} as in_part"
        " from laws l order by l.local_government, l.title",
    ),
    View(
        "current_provisions",
        "The text of every law as in force today, in document order; incomplete names the instruments not applied that"
        " it omits (null: none); in_part the clauses not yet in force today (null: none).",
        "select p.law, p.position, p.citation, p.eid, p.kind, p.num, p.heading, p.text, p.term, p.cells,"
        " p.parent, p.depth, p.note, p.last_changed_by, p.valid_from, p.rowid as provision_rowid,"
        f" {omitted_sql('p.law', TODAY)} as incomplete, {in_part_sql('p.law', TODAY)} as in_part"
        f" from ({PROVISIONS_BY_LAW_SQL}) p where {_IN_FORCE_TODAY} order by p.law, p.position",
    ),
    View(
        "penalties",
        "Every row of a schedule whose columns include a penalty (offences and modified penalties), in every version.",
        "select p.law, l.title as law_title, l.local_government, p.parent as schedule, p.citation, p.position,"
        f" {_CLAUSE_CELL} as clause, {_OFFENCE_CELL} as offence, {_PENALTY_CELL} as penalty,"
        " p.cells, p.valid_from, p.valid_to, p.last_changed_by"
        " from provisions p"
        # the schedule from the stored rows, by the row's law key: through the view SQLite found no index for it
        " join provision_spans ps on ps.rowid = p.rowid"
        " join provision_spans s on s.law_key = ps.law_key and s.kind = 'schedule' and s.citation = p.parent"
        " and s.from_version <= p.from_version and (s.to_version is null or s.to_version > p.from_version)"
        " join laws l on l.id = p.law"
        " where p.kind = 'item' and exists (select 1 from json_each(s.cells) h where h.value like '%penalty%')",
    ),
)

VIEWS += FEATURE_VIEWS  # statutory reviews as at today


_AT_OR_TODAY = "coalesce(nullif(:at, ''), date('now'))"

#: The canned query ``penalties``: the rows of the ``penalties`` view in force on a date, read from ``offences``, where
#: the build stores each row's cells as the view reads them (``clause_cell``, ``offence_cell``; its ``penalty`` is
#: ``penalty_text``) and its ``last_changed_by``. Read through the view, every row's schedule headings were searched
#: with ``json_each`` three times on every request (272 ms at scale 0.3, docs/performance.md). ``+valid_from``: SQLite
#: reads the rows in the order of the index on ``local_government`` and sorts each council's few rows, so the page's
#: first 1,001 rows are read without sorting every row in force first (2.7 against 24.5 ms of CPU at scale 0.3).
PENALTIES_SQL = (
    "select local_government, law_title, citation, clause_cell as clause, offence_cell as offence,"
    " penalty_text as penalty, last_changed_by, law,\n"
    f"  {omitted_sql('o.law', _AT_OR_TODAY)} as incomplete, {in_part_sql('o.law', _AT_OR_TODAY)} as in_part\n"
    "from offences o\n"
    f"where {in_force_sql(_AT_OR_TODAY, 'o', document_order=True)}\n"
    "  and (:search = '' or offence_cell like '%' || :search || '%' or clause_cell like '%' || :search || '%'"
    " or law_title like '%' || :search || '%')\norder by local_government, law_title, position\n"
)

QUERIES: tuple[Query, ...] = (
    Query(
        "law_as_at",
        "A law as at a date",
        "Every provision of one law as in force on a date, in document order (the same rows as `lawhistory show LAW"
        " --at DATE --format json`). law: a law id; at: YYYY-MM-DD. incomplete: the instruments the repository holds and"
        " has not applied that commenced by then, which this text omits (null: it omits nothing). in_part: the clauses"
        " not yet in force then, of the law itself (printed in its text) or of instruments applied in part (not in it)"
        " (null: none).",
        f"select {omitted_sql(':law', ':at')} as incomplete, {in_part_sql(':law', ':at')} as in_part,\n"
        "  citation, eid, kind, num, heading, text, parent, term, cells, last_changed_by\nfrom provisions\n"
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
        " (empty: today). search: words in the offence, clause or law title (optional). incomplete: the instruments not"
        " applied that the law's text then omits (null: none). in_part: the clauses of the law not yet in force then"
        " (null: none).",
        PENALTIES_SQL,
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
QUERIES += FEED_QUERIES  # the Atom feeds of changes


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
    return {str: "TEXT", int: "INTEGER", float: "REAL", bytes: "BLOB"}[t]


def _table_markdown(t: Table) -> list[str]:
    key = f"Primary key: {', '.join(f'`{c}`' for c in t.pk)}."
    if t.view:
        key = (
            f"A view (one row for each row of `{PROVISION_SPANS.name}`, keyed by {', '.join(f'`{c}`' for c in t.pk)}),"
            " with one more column, `rowid`: the stored row's, which the full-text index names."
        )
    lines = [f"### `{t.name}`", "", t.description, "", key, ""]
    lines += ["| column | type | description |", "|---|---|---|"]
    for c in t.columns:
        ref = f" → `{c.references}`" if c.references else ""
        description = c.description.replace("|", "\\|")
        lines.append(f"| `{c.name}` | {_type_name(c.type)} | {description}{ref} |")
    extras = []
    if t.indexes:
        extras.append("Indexes: " + "; ".join("(" + ", ".join(i) + ")" for i in t.indexes) + ".")
    if t.fts:
        extras.append(
            f"Full-text search (`{t.name}_fts`, FTS5) on: {', '.join(t.fts)}. Its columns, numbered as `snippet()` and"
            f" `highlight()` take them: {', '.join(f'{n} {c}' for n, c in enumerate(FTS_COLUMNS))}."
        )
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
    """The text docs/schema.md holds between its schema markers (markers included)."""
    return f"{START_MARKER}\n{schema_markdown()}{END_MARKER}\n"


def section_between_markers(text: str) -> str:
    """The part of ``text`` from the start marker to the end marker (inclusive), for comparing with ``schema_section``."""
    start = text.index(START_MARKER)
    end = text.index(END_MARKER, start) + len(END_MARKER)
    return text[start:end] + "\n"


if __name__ == "__main__":  # pragma: no cover
    print(schema_section(), end="")
