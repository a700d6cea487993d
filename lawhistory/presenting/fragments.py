"""The law page's HTML for one provision, every word escaped.

The build stores each distinct fragment once (``fragments.html``, keyed by its hash; a provision span
names its fragment in ``provisions.fragment``), so serving a law as at a date is one query that joins
the fragments of the spans in force; the redline view renders the few provisions a version changed
with the same functions. The fragment depends only on the span's own columns, which is why spans of
other versions and other laws with the same words, place and note share it.

Pure functions over plain values: nothing here knows about Datasette.
"""

from __future__ import annotations

import bisect
import functools
import json
import re
from collections.abc import Sequence

from markupsafe import Markup, escape

from ..core.ids import Address
from ..deriving.notes import HEADING_TAG, provision_text
from ..deriving.notes import label_line as label

TABLE_END = "</tbody></table>\n"
_SPECIAL = re.compile("[&<>\"']")


def _esc(text: str) -> str:
    """``markupsafe.escape`` as a plain string (most words need no escaping, and are returned as they are)."""
    return str(escape(text)) if _SPECIAL.search(text) else text


escape_text = _esc


def block(
    kind: str,
    eid: str,
    depth: int,
    num: str | None,
    heading: str | None,
    text: str | None,
    term: str | None,
    cells: list[str] | tuple[str, ...],
    note: str | None,
    *,
    diff: Markup | None = None,
    deleted: bool = False,
    clause_diff: tuple[Markup, Markup] | None = None,
    cell_diffs: Sequence[Markup] | None = None,
    links: bool = True,
) -> str:
    """One provision as the law page shows it (a schedule row is a table row); ``diff`` is its redline.

    ``clause_diff``: a changed clause's redline as (heading, text), so that its heading stays a heading and its
    words a paragraph (``diff`` runs them together).
    """
    if kind == "item":
        return _row(eid, cells, note, diff, deleted, cell_diffs, links)
    changed = diff is not None or clause_diff is not None
    classes = f"prov {kind} depth-{depth}" + (" deleted" if deleted else "") + (" changed" if changed else "")
    text = text or ""
    if kind == "clause" and clause_diff is not None:
        heading_diff, text_diff = clause_diff
        out = f'<{HEADING_TAG["clause"]} id="{_esc(eid)}" class="{classes}">{_esc(num or "")} <span class="diff">{heading_diff}</span></{HEADING_TAG["clause"]}>\n'
        if text_diff:
            mark = " changed" if "<ins>" in text_diff or "<del>" in text_diff else ""
            out += f'<p class="prov cltext depth-{depth + 1}{mark}"><span class="diff">{text_diff}</span></p>\n'
        if note:
            out += f'<p class="note depth-{depth + 1}">{_note(eid, note, links)}</p>\n'
        return out
    if diff:
        content = f'<span class="diff">{diff}</span>'
    elif kind == "definition" and term and text.startswith(term):
        content = _esc(term).join(("<strong>", "</strong>")) + _esc(text[len(term) :])
    elif kind in HEADING_TAG and links:
        # a heading links to itself (a link to the clause to copy) and to the history of what it holds
        content = f'<a class="self" href="#{_esc(eid)}">{_esc(label(kind, num, heading, text))}</a>' + history_link(eid)
    else:
        content = _esc(label(kind, num, heading, text))
    tag = HEADING_TAG.get(kind, "p")
    out = f'<{tag} id="{_esc(eid)}" class="{classes}">{content}</{tag}>\n'
    if kind == "clause" and text and not diff:
        out += f'<p class="prov cltext depth-{depth + 1}">{_esc(text)}</p>\n'
    if note:
        out += f'<p class="note depth-{depth + 1}">{_note(eid, note, links)}</p>\n'
    return out


def _note(eid: str, note: str, links: bool = True) -> str:
    """A provision's note, linked to the provision's history (every change to it, in order) on the site."""
    return f'<a class="note-link" href="?history={_esc(eid)}" rel="nofollow">{_esc(note)}</a>' if links else _esc(note)


def history_link(eid: str) -> str:
    """The link from a heading to the history of the provision and everything in it (relative: the law page's own
    address with ``?history=<eid>``, so the stored fragment need not know the law's id)."""
    return f' <a class="hist" href="?history={_esc(eid)}" rel="nofollow">history</a>'


def _row(
    eid: str,
    cells: list[str] | tuple[str, ...],
    note: str | None,
    diff: Markup | None,
    deleted: bool,
    cell_diffs: Sequence[Markup] | None = None,
    links: bool = True,
) -> str:
    classes = " ".join(c for c, on in (("deleted", deleted), ("changed", bool(diff or cell_diffs))) if on)
    out = f'<tr id="{_esc(eid)}"' + (f' class="{classes}"' if classes else "") + ">"
    if cell_diffs:  # redlined cell by cell, so the row keeps its columns
        out += "".join(f'<td class="diff">{d}</td>' for d in cell_diffs)
    elif diff:
        out += f'<td colspan="{len(cells) or 1}" class="diff">{diff}</td>'
    else:
        out += "".join(f"<td>{_esc(c)}</td>" for c in cells)
    out += "</tr>\n"
    if note:
        out += f'<tr class="note-row"><td colspan="{len(cells) or 1}"><span class="note">{_note(eid, note, links)}</span></td></tr>\n'
    return out


def table_start(header_json: str | None) -> str:
    """Opens the table of a run of schedule rows, headed by their schedule's column headings (a JSON list)."""
    header = json.loads(header_json or "[]")
    head = "<thead><tr>" + "".join(f"<th>{escape(h)}</th>" for h in header) + "</tr></thead>" if header else ""
    return f'<table class="schedule-rows">{head}<tbody>\n'


# Every fragment is whole lines, each starting with a tag of ours (all text is escaped): "<tr" begins only the line
# of a schedule row, and '<h2 id="sch_' only a schedule's heading (its eId).
_ROW = "<tr"
_RUN = re.compile(r"(?:<tr[^\n]*\n)+")
_SCHEDULE = '<h2 id="sch_'


def wrap_tables(text: str, headers: Sequence[str | None]) -> str:
    """Fragments joined in document order, with each run of schedule rows made one table.

    A run is headed by the column headings of the schedule before it: ``headers`` holds the cells (a
    JSON list) of each schedule whose heading is in ``text``, in order.
    """
    start = text.find(_ROW)
    if start < 0:
        return text
    schedules = []
    at = text.find(_SCHEDULE)
    while at >= 0:
        schedules.append(at)
        at = text.find(_SCHEDULE, at + 1)
    out: list[str] = []
    last = 0
    while start >= 0:
        run = _RUN.match(text, start)
        end = run.end() if run else len(text)
        before = bisect.bisect_right(schedules, start)
        out += [text[last:start], table_start(headers[before - 1] if before else None), text[start:end], TABLE_END]
        last = end
        start = text.find(_ROW, end)
    out.append(text[last:])
    return "".join(out)


def wrap_pieces(pieces: Sequence[str], headers: Sequence[str | None]) -> str:
    """``wrap_tables("".join(pieces), headers)`` for fragments (and notes) given one by one: a run of schedule rows is a
    run of pieces that open with ``<tr`` (every line of a schedule row's fragment does, no line of another's), so the
    runs are found without searching the whole page again."""
    return "".join(wrapped_pieces(pieces, headers))


def wrapped_pieces(pieces: Sequence[str], headers: Sequence[str | None]) -> list[str]:
    """The pieces ``wrap_pieces`` joins: ``pieces`` with each run of schedule rows between its table's start and end."""
    out: list[str] = []
    schedules = 0
    in_run = False
    for piece in pieces:
        if piece.startswith(_ROW):
            if not in_run:
                out.append(table_start(headers[schedules - 1] if schedules else None))
                in_run = True
        else:
            if in_run:
                out.append(TABLE_END)
                in_run = False
            if piece.startswith(_SCHEDULE):
                schedules += 1
        out.append(piece)
    if in_run:
        out.append(TABLE_END)
    return out


#: How many distinct stored fragments a process remembers (``span_fragment``): bounded, so that a build worker's memory
#: does not grow with the repository.
FRAGMENTS_REMEMBERED = 1 << 15


@functools.lru_cache(maxsize=FRAGMENTS_REMEMBERED)
def _stored_block(
    kind: str,
    eid: str,
    depth: int,
    num: str | None,
    heading: str | None,
    text: str | None,
    term: str | None,
    cells: tuple[str, ...],
    note: str | None,
) -> str:
    return block(kind, eid, depth, num, heading, text, term, cells, note)


def span_fragment(a: Address, note: str | None) -> str:
    """The stored fragment of a provision span (``spans.Fragment``).

    A fragment depends only on these values, and the same provision at the same place recurs in many spans (of other
    laws made from one model text, and of other versions with another note), so the latest fragments are remembered
    (``FRAGMENTS_REMEMBERED``): the same string as ``block`` makes, made once.
    """
    p = a.provision
    cells = p.cells if isinstance(p.cells, tuple) else tuple(p.cells)
    return _stored_block(p.kind, a.eid, a.depth, p.num, p.heading, provision_text(p), p.term, cells, note)
