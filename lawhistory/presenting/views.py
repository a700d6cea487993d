"""What ``show`` prints: a version of a law as JSON, plain text, Markdown or HTML.

Every rendering lists the same provisions in the same order; text and Markdown add the
reprint-style notes ("[Clause 2.8A inserted by ... cl. 8]") and a compilation table.
"""

from __future__ import annotations

import datetime as dt
import html
import json
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..core.dates import last_day
from ..core.ids import schedule_citation
from ..core.model import CONTAINER_KINDS
from ..core.versions import Timeline, Version
from ..deriving.notes import label_line
from . import fragments
from .lawat import LawAt, ProvisionAt, from_timeline
from .lawat import law_json as law_json
from .lawat import partly_lines as _partly
from .lawat import show_warnings as show_warnings
from .lawat import warning_lines as _warning


def version_json(tl: Timeline, as_at: dt.date | None, status: str, version: Version | None) -> dict[str, Any]:
    return law_json(from_timeline(tl, as_at, status, version))


def status_line(law: LawAt) -> str:
    """The status line ``show`` prints (``status_words``)."""
    return status_words(law.as_at, law.status, law.commencement, law.repealed_from, law.repealed_by, law.valid_from, law.valid_to)


Day = dt.date | str | None  # a date, or its ISO string as a database row holds it


def status_words(
    as_at: Day, status: str, commencement: Day, repealed_from: Day, repealed_by: str | None, valid_from: Day, valid_to: Day
) -> str:
    """The one status line ("As at D: in force. This version applies from …"), as ``show`` and the law page print it."""
    if status == "commencement_unknown" and as_at is not None:
        return "Its commencement date is not known, so what was in force on a date cannot be said."
    if status == "not_in_force" and commencement is None:
        return f"As at {as_at}: not yet in force (not yet published in the Gazette; its commencement date is not known)."
    if status == "not_in_force":
        return f"As at {as_at}: not yet in force (commences {commencement})."
    if status == "commencement_uncertain":
        return (
            f"As at {as_at}: whether it was in force is not known: with no commencement words, it came into operation on"
            f" the day it was published or on {commencement}, as the Act it was made under decides."
        )
    if status == "repealed":
        return f"As at {as_at}: repealed from {repealed_from} by {repealed_by or 'a repeal'}."
    until = f" to {last_day(valid_to)}" if valid_to else ""
    when = f"As at {as_at}" if as_at else "Latest version"
    return f"{when}: in force. This version applies from {valid_from}{until}."


def version_text(tl: Timeline, as_at: dt.date | None, status: str, version: Version | None, known: str | None = None) -> str:
    return law_text(replace(from_timeline(tl, as_at, status, version), known=known))


def law_text(law: LawAt) -> str:
    lines = [*_warning(law), *_partly(law), law.title, status_line(law), *([law.known] if law.known else []), ""]
    headed: set[str | None] = set()
    for p in law.provisions:
        if p.kind == "item" and p.parent not in headed:  # a schedule's column headings, above its rows
            headed.add(p.parent)
            cells = _schedule_cells(law.provisions, p)
            if cells:
                lines.append("  " * p.depth + " | ".join(cells))
        lines.extend(_text_lines(p))
    lines += ["", "Compilation table", ""]
    for title, gazette, commenced in law.compilation:
        lines.append(f"  {title} — {gazette} — commenced {commenced}")
    return "\n".join(lines) + "\n"


def _label_line(p: ProvisionAt) -> str:
    return label_line(p.kind, p.num, p.heading, p.text)


def _text_lines(p: ProvisionAt) -> list[str]:
    pad = "  " * p.depth
    out = []
    if p.kind in CONTAINER_KINDS or p.kind == "clause":
        out.append("")
    out.append(pad + _label_line(p))
    if p.kind == "clause" and p.text:
        out.append(pad + "  " + p.text)
    if p.note:
        out.append(pad + "  " + p.note)
    return out


#: Provisions shown as Markdown headings; what follows one is a list under it.
_MD_HEADING = {"part": "##", "schedule": "##", "division": "###", "subdivision": "###", "clause": "####"}


def version_markdown(tl: Timeline, as_at: dt.date | None, status: str, version: Version | None, known: str | None = None) -> str:
    return law_markdown(replace(from_timeline(tl, as_at, status, version), known=known))


def law_markdown(law: LawAt) -> str:
    """The version as CommonMark (with GFM tables): every text escaped, so rendered it can never run script.

    Headings for parts, divisions and clauses; the provisions under a heading as a list nested by depth (so a
    renderer shows a list, not one paragraph); schedule rows as a table, a row's note kept in its last cell.
    """
    lines = [
        *(f"> **{_md(w)}**\n" for w in (*_warning(law), *_partly(law))),
        f"# {_md(law.title)}",
        "",
        f"*{_md(status_line(law))}*",
        "",
    ]
    if law.known:
        lines += [f"*{_md(law.known)}*", ""]
    if law.has_version:
        in_table = False
        base = -1  # depth of the last heading: the provisions under it are listed relative to it
        for p in law.provisions:
            note = p.note
            if p.kind != "item" and in_table:
                lines.append("")
                in_table = False
            if p.kind in _MD_HEADING:
                base = p.depth
                lines += ["", f"{_MD_HEADING[p.kind]} {_md(_label_line(p))}", ""]
                if p.kind == "clause" and p.text:
                    lines += [_md(p.text), ""]
                if note:
                    lines += [f"*{_md(note)}*", ""]
                continue
            if p.kind == "item":
                if not in_table:
                    parent_cells = _schedule_cells(law.provisions, p)
                    width = len(p.cells)
                    head = parent_cells if len(parent_cells) == width else tuple("" for _ in range(width))
                    lines += ["", "| " + " | ".join(_md(c) for c in head) + " |", "|" + "---|" * width]
                    in_table = True
                cells = [_md(c) for c in p.cells]
                if note:  # in its row's last cell: a line of its own would end the table
                    cells[-1] = f"{cells[-1]} *{_md(note)}*" if cells else f"*{_md(note)}*"
                lines.append("| " + " | ".join(cells) + " |")
                continue
            level = p.depth - base - 1
            if level < 0 or (p.kind == "text" and p.depth == 0):
                lines += ["", _md(p.text or ""), ""]  # words outside any heading (a preamble): a paragraph
                if note:
                    lines += [f"*{_md(note)}*", ""]
                continue
            if p.kind == "definition":
                term = p.term or ""
                item = f"**{_md(term)}**{_md((p.text or '')[len(term) :])}"
            elif p.kind == "text":
                item = _md(p.text or "")
            else:
                item = _md(_label_line(p))
            lines.append("  " * level + f"- {item}")
            if note:
                lines.append("  " * (level + 1) + f"*{_md(note)}*")  # a continuation line of the same item
    lines += ["", "## Compilation table", "", "| Instrument | Gazette | Commencement |", "|---|---|---|"]
    for title, gazette, commenced in law.compilation:
        lines.append(f"| {_md(title)} | {_md(gazette)} | {_md(commenced)} |")
    out = "\n".join(lines)
    while "\n\n\n" in out:
        out = out.replace("\n\n\n", "\n\n")
    return out.strip("\n") + "\n"


def _schedule_cells(provisions: Sequence[ProvisionAt], row: ProvisionAt) -> tuple[str, ...]:
    for p in provisions:
        if p.kind == "schedule" and p.depth == 0 and row.parent == schedule_citation(p.num or ""):
            return p.cells
    return ()


_MD_SPECIAL = re.compile(r"[\\`*_\[\]<>#|&~!]")
_MD_LINE_START = re.compile(r"^(\s*)(?:([-+=])|(\d{1,9})([.)]))(?=\s|$)")


def _md(text: str) -> str:
    """Markdown-safe inline text: one line, every character that could start formatting, a link, an HTML tag or
    an entity escaped, and a leading ``-``, ``+``, ``=`` or ``1.`` that would start a list or heading."""
    flat = " ".join(text.splitlines())
    escaped = _MD_SPECIAL.sub(lambda m: "\\" + m.group(0), flat)
    return _MD_LINE_START.sub(
        lambda m: m.group(1) + ("\\" + m.group(2) if m.group(2) else m.group(3) + "\\" + m.group(4)), escaped
    )


def provisions_html(law: LawAt) -> str:
    """The body of a version as HTML, every word escaped: each provision as the law page shows it
    (``publish.fragments.block``), without the page's links."""
    pieces = [
        fragments.block(p.kind, p.eid, p.depth, p.num, p.heading, p.text, p.term, p.cells, p.note, links=False)
        for p in law.provisions
    ]
    headers = [json.dumps(list(p.cells), ensure_ascii=False) for p in law.provisions if p.kind == "schedule"]
    return fragments.wrap_tables("".join(pieces), headers).rstrip("\n")


def version_html(tl: Timeline, as_at: dt.date | None, status: str, version: Version | None, known: str | None = None) -> str:
    return law_html(replace(from_timeline(tl, as_at, status, version), known=known))


def law_html(law: LawAt) -> str:
    title = html.escape(law.title)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{title}</title>",
        "<style>body{font-family:Georgia,serif;max-width:50em;margin:2em auto;line-height:1.45}"
        + "".join(f".depth-{i}{{margin-left:{1.5 * i}em}}" for i in range(8))
        + ".note{color:#555;font-size:.9em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em}</style>",
        "</head><body>",
        *(f'<p class="incomplete" role="alert"><strong>{html.escape(w)}</strong></p>' for w in _warning(law)),
        *(f'<p class="in-part" role="note"><strong>{html.escape(w)}</strong></p>' for w in _partly(law)),
        f"<h1>{title}</h1>",
        f'<p class="status">{html.escape(status_line(law))}</p>',
        *([f'<p class="known">{html.escape(law.known)}</p>'] if law.known else []),
    ]
    if law.has_version:
        parts.append(provisions_html(law))
    parts.append("<h2>Compilation table</h2><table><tr><th>Instrument</th><th>Gazette</th><th>Commencement</th></tr>")
    for row in law.compilation:
        parts.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>")
    parts.append("</table></body></html>")
    return "\n".join(parts) + "\n"
