"""The law page's pieces that do not depend on the day, made once per version by the build (issue 23).

A law page shows, on any day inside one version's span, the same text (with its links to similar provisions and the
notes where deleted provisions stood), the same contents and the same list of what the version changed: only the date
line, the form, the status, the notes that depend on the day (in part, pending) and the day the links carry differ.
So the build makes those pieces here, for every version of every law that applies on some day, and stores them packed:
each distinct string of a law's pages (a piece of its text, an entry of its contents) once in ``law_pages.pieces``
(most pieces are the same in every version), and each version as runs of places in that list
(``law_page_versions.parts``), both zlib'd. The site reads the two, joins the strings and fills in the day
(``publishing.page_parts``). At scale 0.1 that is some 10 MiB (a tenth of the database) and 5 s of the build's CPU,
which a full build spends in a process per CPU (``made_apart``).

The functions that make the pieces are the ones the site used to run per request, moved here so that the build's
fingerprint (``files.inputs.deriving_files``) covers every line of code that shapes what is stored; the site imports
them back under their old names (``publishing.pages``, ``publishing.similar_links``, ``publishing.changes_list``).

The links to similar provisions (``anchors``, ``adder``) — one a heading, as ``/-/similar`` lists them — carry the
day shown; the stored text holds ``STORED_DAY`` (letters only, which escaping and ``quote_plus`` leave as they are)
in its place, and a law whose words hold that word is not stored (its page is made per request, as before). The links
are made only when the database holds another law (``any_other_law``): ``law_pages.similar_links`` records whether
they were, so an incremental build that crosses from one law to two (or back) makes every law's pieces again.
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import pickle
import re
import sqlite3
import tempfile
import zlib
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, Any, overload
from urllib.parse import quote, quote_plus

from markupsafe import escape

from ..presenting import fragments
from ..presenting.fragments import escape_text as esc
from .notes import label_line as views_label
from .schema_types import dict_rows, in_force_sql, law_key_sql

Row = dict[str, Any]

#: The full build's stage that runs ``derive`` (as its progress names it).
STAGE = "Law pages"

# --- the text in force on a day -------------------------------------------------------------------------------------

#: The stored rows of a law (``provision_spans``, which name the law by its key) in force on :at, in document order.
LAW_KEY = f"law_key = {law_key_sql(':law')}"
IN_FORCE_STORED = f"{LAW_KEY} and " + in_force_sql(":at", document_order=True)

#: The law page's read of the spans in force: each fragment, what the contents and the schedule cells' links need, and
#: whether the similarity index compares it (``text_id``: ``anchors`` places the links), in one query.
_PAGE_TEXT_SQL = (
    "select position, f.html, kind, cells, citation, eid, num, heading, depth, text_id is not null from provision_spans"
    f" join fragments f on f.id = fragment where {IN_FORCE_STORED} order by position"
)

#: The headings of the table of contents, in document order (and the kinds whose heading carries the similar link).
TOC_KINDS = ("part", "division", "subdivision", "clause", "schedule")
HEADINGS = TOC_KINDS


def contents_of(rows: Iterable[Sequence[Any]]) -> tuple[list[Row], dict[str, str]]:
    """The table of contents and every citation's eId, from (citation, eid, kind, num, heading, depth) in order."""
    toc: list[Row] = []
    eids: dict[str, str] = {}
    for citation, eid, kind, num, heading, depth in rows:
        eids[citation] = eid
        if kind in TOC_KINDS:
            label = f"{num} {heading or ''}".strip() if kind == "clause" else views_label(kind, num, heading, None)
            toc.append({"eid": eid, "kind": kind, "label": label, "depth": int(depth), "citation": citation})
    return toc, eids


def notes_between(rows: Sequence[tuple[int, str]], removed: Sequence[Row]) -> list[str]:
    """The fragments (position, html) in order, with a note where each removed provision stood."""
    notes = sorted(removed, key=lambda r: int(r["position"]))
    pieces: list[str] = []
    k = 0
    for position, html in rows:
        while k < len(notes) and int(notes[k]["position"]) < position:
            pieces.append(removed_fragment(notes[k]))
            k += 1
        pieces.append(html)
    pieces += [removed_fragment(n) for n in notes[k:]]
    return pieces


def removed_fragment(note: Row) -> str:
    """Where a removed provision stood: "[(d) deleted by … cl. 4]" (a table row's note in a schedule)."""
    words = escape(note["note"])
    if note["kind"] == "item":
        width = len(json.loads(note["cells"] or "[]")) or 1
        return f'<tr class="note-row removed"><td colspan="{width}"><span class="note">{words}</span></td></tr>\n'
    return f'<p class="note removed depth-{int(note["depth"])}">{words}</p>\n'


def removed_notes(conn: sqlite3.Connection, law_id: str, version: int) -> list[Row]:
    """Provisions deleted by version ``version`` or before and not in that version: where each stood, and a note
    naming the instrument and amending clause ("[(d) deleted by … cl. 4]"); inside a deleted provision, only it.
    """
    rows = dict_rows(
        conn,
        "select c.citation, c.version, c.position, i.title as instrument, p.kind, p.num, p.depth, p.parent, p.heading, p.cells,"
        " (select o.clause from operations o where o.instrument = c.instrument and o.target = c.citation and o.action in"
        "  ('delete', 'substitute') order by o.seq limit 1) as clause"
        " from changes c join instruments i on i.id = c.instrument"
        " join law_keys k on k.id = c.law"
        " join provision_spans p on p.law_key = k.key and p.citation = c.citation and p.to_version = c.version"
        " where c.law = ? and c.change = 'deleted' and c.version <= ?"
        " and not exists (select 1 from provision_spans q where q.law_key = k.key and q.citation = c.citation"
        "  and q.from_version <= ? and (q.to_version is null or q.to_version > ?))"
        " order by c.position",
        [law_id, version, version, version],
    )
    deleted = {r["citation"] for r in rows}
    out = []
    for r in rows:
        if r["parent"] in deleted:
            continue  # its parent's note says it
        what = r["num"] if r["kind"] in ("subclause", "paragraph", "subparagraph") and r["num"] else r["citation"]
        if r["kind"] == "clause" and r["heading"]:
            what = f"{r['citation']} ({r['heading']})"
        by = f"{r['instrument']} cl. {r['clause']}" if r["clause"] else r["instrument"]
        out.append({**r, "note": f"[{what} deleted by {by}]"})
    return out


_CELL = re.compile(r"<td>(\d+\.\d+[A-Z]?(?:\s?\([0-9A-Za-z]+\))*)</td>")


def cells_linked(text: str, eids: dict[str, str]) -> str:
    """Schedule cells that cite a provision of the law ("2.13(1)") as links to it (to its clause when the subclause
    cannot be found)."""

    def link(m: re.Match[str]) -> str:
        cited = m.group(1)
        eid = eids.get(cited) or eids.get(cited.replace(" ", "")) or eids.get(cited.split("(")[0].strip())
        return f'<td><a href="#{eid}">{cited}</a></td>' if eid else m.group(0)

    return _CELL.sub(link, text)


def page_text(
    conn: sqlite3.Connection, law_id: str, day: str, removed: Sequence[Row] = (), shown: str | None = None
) -> tuple[str, list[Row], dict[str, str]]:
    """The plain law page's text, contents and eIds from one read of the spans in force on ``day``: the fragments in
    order with the notes of ``removed`` (``removed_notes``), schedule cells citing a provision linked to it
    (``cells_linked``) and the links to similar provisions (``adder``; ``shown``: the day as the links write it)."""
    rows = conn.execute(_PAGE_TEXT_SQL, {"law": law_id, "at": day}).fetchall()
    pieces, toc, eids = _page_pieces(rows, any_other_law(conn), law_id, removed, shown or day)
    return "".join(pieces), toc, eids


def _page_pieces(
    rows: Sequence[Sequence[Any]], linked: bool, law_id: str, removed: Sequence[Row], shown: str
) -> tuple[list[str], list[Row], dict[str, str]]:
    """``page_text`` of the rows read (``_PAGE_TEXT_SQL``'s columns), as the pieces it joins; ``linked``: whether the
    database holds another law (``any_other_law``)."""
    toc, eids = contents_of((r[4], r[5], r[2], r[6], r[7], r[8]) for r in rows)
    wanted = anchors((r[5], r[4], r[2], r[9]) for r in rows) if linked else {}
    add = adder(law_id, shown, wanted) if wanted else None
    pieces: list[tuple[int, str]] = []
    for r in rows:
        html = r[1]
        if r[2] == "item":  # a schedule row: the cells that cite a provision link to it
            html = cells_linked(html, eids)
        if add is not None and r[5] in wanted:
            html = add(html)
        pieces.append((r[0], html))
    headers = [r[3] for r in rows if r[2] == "schedule"]
    in_order = notes_between(pieces, removed) if removed else [p[1] for p in pieces]
    return fragments.wrapped_pieces(in_order, headers), toc, eids


def toc_html(toc: Sequence[Row], changed: Collection[str] = frozenset()) -> str:
    """The table of contents as the law page lists it (once: in the sidebar on a wider screen, folded above the text on
    a phone), made here: a template loop over hundreds of entries costs more than the rest of the page. The entries in
    ``changed`` (eIds) are marked as changed."""
    return _TOC_START + "".join(toc_items(toc, changed)) + _TOC_END


_TOC_START, _TOC_END = '<ol class="toc-list">\n  ', "</ol>"


def toc_items(toc: Sequence[Row], changed: Collection[str] = frozenset()) -> list[str]:
    """The entries of ``toc_html``, each as it lists it."""
    mark = ' <span class="toc-changed">changed</span>'
    return [
        f'<li class="toc-{esc(t["kind"])} toc-depth-{int(t["depth"])}{" changed" if t["eid"] in changed else ""}">'
        f'<a href="#{esc(t["eid"])}">{esc(t["label"])}</a>{mark if t["eid"] in changed else ""}</li>\n  '
        for t in toc
    ]


# --- what a version changed (the list at the top of the page) --------------------------------------------------------

#: The words the page uses for each change, in the order a provision can go through them.
INSERTED, SUBSTITUTED, DELETED, WORDS_CHANGED = "inserted", "substituted", "deleted", "words changed"


@dataclass(frozen=True)
class Change:
    """One provision's change: its citation, its eId (the page's anchor), and what happened to it."""

    citation: str
    eid: str
    kind: str
    change: str  # one of INSERTED, SUBSTITUTED, DELETED, WORDS_CHANGED
    position: int


_ROWS = (
    "select c.citation, c.eid, c.kind, c.change, c.position, c.version,"
    " exists (select 1 from operations o where o.instrument = c.instrument and o.target = c.citation"
    "  and o.action = 'substitute') as substituted"
    " from changes c where c.law = :law and {where} order by c.version, c.position"
)


def for_version(conn: sqlite3.Connection, law_id: str, version: int) -> tuple[Change, ...]:
    """What version ``version`` of the law changed, in document order (empty for the law as made)."""
    rows = conn.execute(_ROWS.format(where="c.version = :version"), {"law": law_id, "version": version}).fetchall()
    return net_changes(rows)


def for_period(conn: sqlite3.Connection, law_id: str, since: str, at: str) -> tuple[Change, ...]:
    """What changed between the law as at ``since`` and as at ``at`` (ISO dates, ``since`` earlier): each provision's
    net change over the versions that took effect after ``since`` and on or before ``at``."""
    where = "c.valid_from > :since and c.valid_from <= :at"
    rows = conn.execute(_ROWS.format(where=where), {"law": law_id, "since": since, "at": at}).fetchall()
    return net_changes(rows)


def net_changes(rows: Iterable[Sequence[object]]) -> tuple[Change, ...]:
    """One change per provision: a provision inserted and later reworded is inserted; inserted and later deleted is
    not there at either end, so it is left out; otherwise the last deletion or the kind of rewording wins."""
    seen: dict[str, list[Sequence[object]]] = {}
    for row in rows:  # in version order
        seen.setdefault(str(row[0]), []).append(row)
    out = []
    for citation, history in seen.items():
        first, last = history[0], history[-1]
        if first[3] == "inserted" and last[3] == "deleted":
            continue
        if first[3] == "inserted":
            change = INSERTED
        elif last[3] == "deleted":
            change = DELETED
        else:
            change = SUBSTITUTED if any(r[6] for r in history) else WORDS_CHANGED
        out.append(Change(citation, str(last[1]), str(last[2]), change, int(str(last[4]))))
    return tuple(sorted(out, key=lambda c: c.position))


def changed_contents(changes: Iterable[Change], toc_eids: Iterable[str]) -> frozenset[str]:
    """The contents' entries (eIds) that hold a change: the provision itself or one it contains (``sec_2.7`` holds
    ``sec_2.7__para_d``)."""
    held: set[str] = set()
    for c in changes:  # the change's eId and each eId it starts with, followed by "__"
        held.add(c.eid)
        at = c.eid.find("__")
        while at >= 0:
            held.add(c.eid[:at])
            at = c.eid.find("__", at + 1)
    return frozenset(t for t in toc_eids if t in held)


# --- the links to similar provisions ---------------------------------------------------------------------------------

FIRST_LINE = re.compile(r'^<(p|h[1-6]|tr) id="([^"]*)"[^\n]*$', re.MULTILINE)
_CLOSE = {tag: f"</{tag}>" for tag in ("p", "h1", "h2", "h3", "h4", "h5", "h6", "tr")}

#: What a link is made from: the citation of the provision linked and whether it holds other compared provisions.
Linked = tuple[str, bool]


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


#: What ``quote_plus`` leaves as it is.
_UNQUOTED = re.compile(r"[A-Za-z0-9_.~-]*")


class Links:
    """A link to similar provisions for one law and day (relative to the law page, /-/law/<council>/<title>, so that
    it works under any base URL): the parts every provision's link shares are encoded and escaped once."""

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


def with_link(line: str, tag: str, eid: str, wanted: Mapping[str, Linked], links: Links) -> str:
    """A provision's first line (``FIRST_LINE``) with its link, when ``wanted`` (``anchors``) names it."""
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
    (``wanted``: ``anchors``), one fragment at a time: the first line is the only one of a fragment's lines that
    carries an eId (``fragments.block``), so a page whose fragments are each given to ``add`` is the page
    ``similar_links.add_links`` makes."""
    links = Links(law_id, shown)

    def add(fragment: str) -> str:
        m = FIRST_LINE.match(fragment)
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


# --- the pieces of each version, packed ------------------------------------------------------------------------------

#: Where the stored text holds the day its links carry (letters only: escaping and ``quote_plus`` leave it as it is).
STORED_DAY = "lhpagepartsstoreddayz"
#: The packs' own format (a change to what a pack holds changes the code, and so the build's fingerprint, too): 2, the
#: strings' lengths counted in UTF-8 bytes (1 counted characters).
PACK_FORMAT = 2


@dataclass(frozen=True)
class VersionParts:
    """What the plain law page shows of one version on any day of its span: the text (``STORED_DAY`` where the day
    goes), the contents (rows and HTML, changed entries marked), the notes of removed provisions and what it changed."""

    #: the text as UTF-8, as stored (a page sends bytes: the text is never decoded for the page that shows it)
    text: bytes
    toc: Sequence[Row]
    toc_html: str
    removed: list[Row]
    changes: tuple[Change, ...]

    def text_on(self, shown: str) -> str:
        """The text with ``shown`` (the day as the page writes it) in its links to similar provisions."""
        return self.text.decode("utf-8").replace(STORED_DAY, shown)


_TOC_NAMES = ("eid", "kind", "label", "depth", "citation")


class _Contents(Sequence[Row]):
    """A version's rows of the contents, read from their JSON when first asked for (the law page shows the contents'
    stored HTML and asks only whether there are any)."""

    def __init__(self, rows: list[bytes]) -> None:
        self._json = rows
        self._rows: list[Row] | None = None

    def _read(self) -> list[Row]:
        if self._rows is None:
            self._rows = [dict(zip(_TOC_NAMES, t, strict=True)) for t in json.loads(b"[" + b",".join(self._json) + b"]")]
        return self._rows

    def __len__(self) -> int:
        return len(self._json)

    @overload
    def __getitem__(self, i: int) -> Row: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Row]: ...
    def __getitem__(self, i: int | slice) -> Row | Sequence[Row]:
        return self._read()[i]


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@functools.lru_cache(maxsize=1 << 14)
def _toc_row(*row: Any) -> str:
    """A row of the contents as JSON (the same rows recur in every version of a law)."""
    return _json(row)


def _zjson(value: Any) -> bytes:
    return zlib.compress(_json(value).encode("utf-8"), 6)


class _Strings:
    """The distinct strings of one law's pages (pieces of text and entries of the contents), each stored once however
    many versions show it: a version names them by their place in the list."""

    def __init__(self) -> None:
        self.found: dict[str, int] = {}

    def places(self, strings: Iterable[str]) -> list[int]:
        """The places of ``strings`` in the list, as runs (``runs``)."""
        found = self.found
        return runs([found.setdefault(s, len(found)) for s in strings])

    def pack(self) -> bytes:
        """The strings as their lengths in UTF-8 bytes (a JSON line) and then the strings themselves, one after
        another, zlib'd: read back by slicing, with no string parsed or decoded (``Packed``)."""
        found = [s.encode("utf-8") for s in self.found]
        head = _json([PACK_FORMAT, [len(s) for s in found]]).encode("utf-8")
        return zlib.compress(b"\n".join([head, b"".join(found)]), 6)


def runs(places: Sequence[int]) -> list[int]:
    """``places`` as runs of consecutive places, each its first place and its length (a version names mostly the
    strings of the version before it, in order)."""
    out: list[int] = []
    for place in places:
        if out and out[-2] + out[-1] == place:
            out[-1] += 1
        else:
            out += [place, 1]
    return out


class Packed:
    """A law's strings as stored (``_Strings.pack``): their UTF-8 bytes one after another (``data``) and where each
    starts (``starts``, one more: where the last ends). A run of strings (``runs``) is one slice of ``data``."""

    __slots__ = ("data", "starts")

    def __init__(self, data: bytes, starts: list[int]) -> None:
        self.data = data
        self.starts = starts

    def runs(self, packed: Sequence[int]) -> list[bytes]:
        """The bytes of each run ``packed`` names (its strings, one after another)."""
        data, starts = self.data, self.starts
        return [data[starts[packed[k]] : starts[packed[k] + packed[k + 1]]] for k in range(0, len(packed), 2)]

    def each(self, packed: Sequence[int]) -> list[bytes]:
        """The bytes of each string ``packed`` names, one by one."""
        data, starts = self.data, self.starts
        return [
            data[starts[i] : starts[i + 1]] for k in range(0, len(packed), 2) for i in range(packed[k], packed[k] + packed[k + 1])
        ]

    def strings(self) -> list[str]:
        """Every string, in order."""
        data, starts = self.data, self.starts
        return [data[a:b].decode("utf-8") for a, b in itertools.pairwise(starts)]


def unpack_packed(blob: bytes) -> Packed | None:
    """A law's strings (``law_pages.pieces``, ``_Strings.pack``; None: packed in another format)."""
    data = zlib.decompress(blob)
    cut = data.index(b"\n")
    form, lengths = json.loads(data[:cut])
    if form != PACK_FORMAT:
        return None
    return Packed(data, list(itertools.accumulate(lengths, initial=cut + 1)))


def unpack_strings(blob: bytes) -> list[str] | None:
    """A law's strings, each decoded (``unpack_packed``; None: packed in another format)."""
    packed = unpack_packed(blob)
    return None if packed is None else packed.strings()


def unpack(strings: Packed, blob: bytes) -> VersionParts | None:
    """A version's parts (``law_page_versions.parts``) made of its law's ``strings`` (None: in another format)."""
    data = json.loads(zlib.decompress(blob))
    if data[0] != PACK_FORMAT:
        return None
    _, text, items, toc, removed, changes = data
    return VersionParts(
        b"".join(strings.runs(text)),
        _Contents(strings.each(toc)),
        _TOC_START + b"".join(strings.runs(items)).decode("utf-8") + _TOC_END,
        removed,
        tuple(Change(*c) for c in changes),
    )


#: Every span of a law with what ``_PAGE_TEXT_SQL`` reads and its dates, in document order.
_LAW_SPANS_SQL = (
    "select position, f.html, kind, cells, citation, eid, num, heading, depth, text_id is not null, valid_from, valid_to"
    f" from provision_spans join fragments f on f.id = fragment where {LAW_KEY} order by position"
)


_UNSEEN: Any = object()


class _LawMemo:
    """What ``_page_pieces`` and ``toc_items`` make of one law's rows (``_LAW_SPANS_SQL``, read once for all its
    versions), made once for each row however many versions show it: its entry of the contents, its fragment with its
    link to similar provisions (or its own, when it has none) and its line of the contents. Each is what those
    functions make of the row (``page_pieces`` returns what ``_page_pieces`` does, less the eIds), and the same string
    in every version, so that ``_Strings.places`` hashes it once."""

    def __init__(self, law_id: str, linked: bool) -> None:
        self.linked = linked
        self.wanted: dict[str, Linked] = {}  # what ``add`` links: set before each call
        self.add = adder(law_id, STORED_DAY, self.wanted)
        self.entries: dict[int, Row | None] = {}  # id(row) → its entry of the contents (None: not listed)
        self.first_eid: dict[int, str | None] = {}  # id(row) → the eId its fragment's first line names
        self.linked_html: dict[tuple[int, Linked], str] = {}  # (id(row), its link) → its fragment with the link
        self.items: dict[tuple[Any, ...], str] = {}  # (an entry's eId, kind, label, depth, changed) → its line

    def _entry(self, r: Sequence[Any]) -> Row | None:
        """The row's entry of the contents, made (the rows are the law's, alive while it is made: an id is one row's)."""
        toc, _ = contents_of([(r[4], r[5], r[2], r[6], r[7], r[8])])
        entry = self.entries[id(r)] = toc[0] if toc else None
        return entry

    def _with_link(self, r: Sequence[Any], html: str, wanted: Mapping[str, Linked]) -> str:
        key = id(r)
        if key not in self.first_eid:
            m = FIRST_LINE.match(r[1])
            self.first_eid[key] = m.group(2) if m is not None else None
        eid = self.first_eid[key]
        found = None if eid is None else wanted.get(eid)
        if eid is None or found is None:
            return html
        made = self.linked_html.get((key, found))
        if made is None:
            self.wanted.clear()
            self.wanted[eid] = found
            made = self.linked_html[(key, found)] = self.add(html)
        return made

    def page_pieces(self, rows: Sequence[Sequence[Any]], removed: Sequence[Row]) -> tuple[list[str], list[Row]]:
        """``_page_pieces(rows, linked, law_id, removed, STORED_DAY)``'s pieces and contents."""
        entries = self.entries
        toc = []
        for r in rows:
            entry = entries.get(id(r), _UNSEEN)
            if entry is _UNSEEN:
                entry = self._entry(r)
            if entry is not None:
                toc.append(entry)
        eids = {r[4]: r[5] for r in rows}
        wanted = anchors((r[5], r[4], r[2], r[9]) for r in rows) if self.linked else {}
        pieces: list[str] = []
        for r in rows:
            html = r[1]
            if r[2] == "item":  # a schedule row: the cells that cite a provision link to it (not remembered: the
                html = cells_linked(html, eids)  # eIds it links to are the version's)
                if wanted and r[5] in wanted:
                    html = self.add_once(html, wanted)
            elif wanted and r[5] in wanted:
                html = self._with_link(r, html, wanted)
            pieces.append(html)
        headers = [r[3] for r in rows if r[2] == "schedule"]
        in_order = notes_between([(r[0], p) for r, p in zip(rows, pieces, strict=True)], removed) if removed else pieces
        return fragments.wrapped_pieces(in_order, headers), toc

    def add_once(self, html: str, wanted: Mapping[str, Linked]) -> str:
        """``adder(law_id, STORED_DAY, wanted)(html)``, not remembered."""
        self.wanted.clear()
        self.wanted.update(wanted)
        return self.add(html)

    def toc_items(self, toc: Sequence[Row], changed: Collection[str]) -> list[str]:
        """``toc_items(toc, changed)``, each entry's line made once for each way it is marked."""
        out = []
        for t in toc:
            eid = t["eid"]
            key = (eid, t["kind"], t["label"], t["depth"], eid in changed)  # what the line is made of
            line = self.items.get(key)
            if line is None:
                line = self.items[key] = toc_items([t], changed)[0]
            out.append(line)
        return out

    def toc_row(self, t: Row) -> str:
        """``_toc_row`` of an entry of the contents."""
        return _toc_row(t["eid"], t["kind"], t["label"], t["depth"], t["citation"])


def _law_parts(conn: sqlite3.Connection, law_id: str, linked: bool) -> tuple[bytes, list[tuple[int, bytes]]] | None:
    """A law's strings and each version's parts, packed (None: the law's words hold ``STORED_DAY``): every version
    that applies on some day, read as in force on its first day."""
    spans = conn.execute(_LAW_SPANS_SQL, {"law": law_id}).fetchall()
    versions = conn.execute(
        "select number, valid_from from versions where law = ? and valid_from is not null"
        " and (valid_to is null or valid_to > valid_from) order by number",
        [law_id],
    ).fetchall()
    strings = _Strings()
    memo = _LawMemo(law_id, linked)
    out = []
    for number, day in versions:
        removed = removed_notes(conn, law_id, number) if number > 0 else []
        rows = [r for r in spans if r[10] is not None and r[10] <= day and (r[11] is None or r[11] > day)]
        if any(STORED_DAY in r[1] for r in rows) or any(STORED_DAY in removed_fragment(r) for r in removed):
            return None
        pieces, toc = memo.page_pieces(rows, removed)
        changes = for_version(conn, law_id, number)
        items = memo.toc_items(toc, changed_contents(changes, (t["eid"] for t in toc)))
        packed = [
            PACK_FORMAT,
            strings.places(pieces),
            strings.places(items),
            strings.places(memo.toc_row(t) for t in toc),
            removed,
            [[c.citation, c.eid, c.kind, c.change, c.position] for c in changes],
        ]
        out.append((int(number), _zjson(packed)))
    return strings.pack(), out


def derive(conn: sqlite3.Connection, laws: Sequence[str] | None = None, made: Made | None = None) -> int:
    """Store the parts of every version (that applies on some day) of ``laws`` (every law when None, or when whether
    the database holds another law has changed since the parts were made: every page's links change); the number of
    versions stored. ``made``: the parts already made (``made_apart``), used when they are of the laws chosen here and
    made with the same links (otherwise each law's parts are made here)."""
    linked = any_other_law(conn)
    made_otherwise = conn.execute("select 1 from law_pages where similar_links != ? limit 1", [int(linked)]).fetchone()
    if laws is None or made_otherwise:
        conn.execute("delete from law_page_versions")
        conn.execute("delete from law_pages")
        chosen = [r[0] for r in conn.execute("select id from laws order by id")]
    else:
        ids = [[law] for law in sorted(set(laws))]
        conn.executemany("delete from law_page_versions where law = ?", ids)
        conn.executemany("delete from law_pages where law = ?", ids)
        chosen = [law for (law,) in ids if conn.execute("select 1 from laws where id = ?", [law]).fetchone()]
    if made is not None and (made.laws != chosen or made.linked != linked):
        made = None
    each = made.each() if made is not None else ((law_id, _law_parts(conn, law_id, linked)) for law_id in chosen)
    stored = 0
    for law_id, parts in each:
        if parts is None:
            continue  # its pages are made per request
        strings, versions = parts
        conn.execute("insert into law_pages (law, similar_links, pieces) values (?, ?, ?)", [law_id, int(linked), strings])
        conn.executemany(
            "insert into law_page_versions (law, version, parts) values (?, ?, ?)", [(law_id, n, b) for n, b in versions]
        )
        stored += len(versions)
    return stored


# --- made in several processes (a full build) -------------------------------------------------------------------------

#: A law's parts as ``_law_parts`` makes them.
Parts = tuple[bytes, list[tuple[int, bytes]]] | None


class Made:
    """Every law's parts (``laws``, in order; ``linked``: ``any_other_law``), made before the transaction that stores
    them and kept in a file in the database's folder (not in memory: they are a tenth of the database), read back in
    order by ``each``."""

    def __init__(self, laws: list[str], linked: bool, spool: IO[bytes]) -> None:
        self.laws = laws
        self.linked = linked
        self._spool = spool

    def each(self) -> Iterator[tuple[str, Parts]]:
        self._spool.seek(0)
        for law_id in self.laws:
            made_for, parts = pickle.load(self._spool)
            if made_for != law_id:  # (cannot happen: written in the same order)
                raise ValueError(f"page parts made out of order: {made_for!r} for {law_id!r}")
            yield law_id, parts

    def close(self) -> None:
        self._spool.close()


_reader: sqlite3.Connection | None = None


def _made_in_worker(task: tuple[str, str, bool]) -> tuple[str, Parts]:
    """A worker process's part of ``made_apart``: one law's parts, read through its own connection."""
    global _reader
    path, law_id, linked = task
    if _reader is None:
        _reader = sqlite3.connect(f"file:{quote(path)}?mode=ro", uri=True, timeout=600)
    return law_id, _law_parts(_reader, law_id, linked)


def made_apart(conn: sqlite3.Connection, workers: int) -> Made | None:
    """Every law's parts, made in ``workers`` processes (forked) that read the database through connections of their
    own, for ``derive`` (None: fewer than two workers, or a database not in a file). Call it outside any transaction
    of ``conn``, with the rows the parts are made of committed: the workers read what is committed, and a forked
    process must not inherit a connection holding a lock."""
    import multiprocessing  # (a full build only)

    if conn.in_transaction:
        raise ValueError("made_apart inside a transaction")
    path = next((row[2] for row in conn.execute("pragma database_list") if row[1] == "main"), "")
    laws = [r[0] for r in conn.execute("select id from laws order by id")]
    if workers < 2 or not path or len(laws) < 2 * workers:
        return None
    linked = any_other_law(conn)
    spool = tempfile.TemporaryFile(dir=os.path.dirname(path))  # noqa: SIM115 - closed by the caller (``Made.close``)
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            # in the laws' order (``imap`` keeps it), each written to the file as it arrives
            for made in pool.imap(_made_in_worker, [(path, law_id, linked) for law_id in laws], chunksize=4):
                pickle.dump(made, spool, protocol=pickle.HIGHEST_PROTOCOL)
    except BaseException:
        spool.close()
        raise
    return Made(laws, linked, spool)
