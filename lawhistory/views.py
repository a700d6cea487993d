"""What ``show`` prints: a version of a law as JSON, plain text, Markdown or HTML.

Every rendering lists the same provisions in the same order; text and Markdown add the
reprint-style notes ("[Clause 2.8A inserted by ... cl. 8]") and a compilation table.
"""

from __future__ import annotations

import datetime as dt
import html
import re
from collections.abc import Sequence
from typing import Any

from .dates import last_day
from .ids import Address, addresses
from .model import CONTAINER_KINDS, Provision
from .operations import ACTION_SPECS
from .textformat import KEYWORDS
from .versions import Change, Timeline, Version

#: How a reader's view names what an action did to a provision (from the one table of actions).
ACTION_WORDS = {action: spec.shown for action, spec in ACTION_SPECS.items() if spec.shown}


def provision_text(p: Provision) -> str | None:
    """A provision's own words as shown to readers (a table row's cells joined by ' | ')."""
    if p.kind == "item":
        return " | ".join(p.cells)
    return p.text


def change_for(a: Address, version: Version, tl: Timeline) -> Change:
    return version.provenance.get(a.citation) or tl.made_by


#: Actions that make a provision anew: its notes start again from them (the earlier words were another text).
_MADE_ANEW = ("insert", "substitute", "insert_definition")


def changes_to(citation: str, versions: Sequence[Version]) -> list[Change]:
    """Every change to a provision over ``versions`` (oldest first), in order; it restarts where the provision was
    made anew. Changes to a provision because its parent was inserted or substituted ("within") are left out.
    """
    out: list[Change] = []
    last: Change | None = None
    for v in versions:
        ch = v.provenance.get(citation)
        if ch is None or ch == last:
            continue
        last = ch
        if ch.action in _MADE_ANEW:
            out = [ch]
        elif ch.action == "within":
            out = []
        else:
            out.append(ch)
    return out


def _noun(a: Address) -> str:
    """How a note names a provision: "Paragraph 2.7(a)", but "Schedule 1 item 6", not "Item Schedule 1 item 6"."""
    if a.citation[:1].isalpha():
        return a.citation
    return f"{a.provision.kind.capitalize()} {a.citation}"


def note_for(a: Address, version: Version, history: Sequence[Version] = ()) -> str | None:
    """The reprint-style note for a provision changed by instruments, or None: every change in order, e.g.
    "[Clause 2.8A inserted by A cl. 4; amended by B cl. 6]" (``history``: the versions up to ``version``).
    """
    chain = changes_to(a.citation, history or (version,))
    if not chain:
        return None
    return f"[{_noun(a)} " + "; ".join(f"{ACTION_WORDS.get(c.action, 'amended')} by {c.label()}" for c in chain) + "]"


def versions_to(tl: Timeline, version: Version) -> tuple[Version, ...]:
    """The law's versions up to and including ``version`` (what its notes are made from)."""
    return tuple(v for v in tl.versions if v.number <= version.number)


def version_json(tl: Timeline, as_at: dt.date | None, status: str, version: Version | None) -> dict[str, Any]:
    meta = tl.law.meta
    out: dict[str, Any] = {
        "law": {"id": meta.id, "title": meta.title, "local_government": meta.local_government},
        "as_at": as_at.isoformat() if as_at else None,
        "status": status,
        "version": None,
        "provisions": [],
    }
    if version is None:
        return out
    out["version"] = {
        "valid_from": version.valid_from.isoformat() if version.valid_from else None,
        "valid_to": version.valid_to.isoformat() if version.valid_to else None,
        "instrument": version.instrument_title or meta.title,
    }
    for a in addresses(version.body, version.conclusions):
        p = a.provision
        out["provisions"].append(
            {
                "citation": a.citation,
                "eid": a.eid,
                "kind": p.kind,
                "num": p.num,
                "heading": p.heading,
                "text": provision_text(p),
                "parent": a.parent,
                "term": p.term,
                "cells": list(p.cells),
                "last_changed_by": change_for(a, version, tl).label(),
            }
        )
    return out


def _status_line(tl: Timeline, as_at: dt.date | None, status: str, version: Version | None) -> str:
    if status == "not_in_force":
        return f"As at {as_at}: not yet in force (commences {tl.law.meta.commencement.date})."
    if status == "repealed":
        by = tl.repealed_by.title if tl.repealed_by else "a repeal"
        return f"As at {as_at}: repealed from {tl.repealed_from} by {by}."
    assert version is not None
    until = f" to {last_day(version.valid_to)}" if version.valid_to else ""
    when = f"As at {as_at}" if as_at else "Latest version"
    return f"{when}: in force. This version applies from {version.valid_from}{until}."


def compilation_table(tl: Timeline) -> list[tuple[str, str, str]]:
    """(instrument, gazette, commencement) for the law and every instrument applied or repealing it."""
    rows = []
    meta = tl.law.meta
    rows.append((meta.title, _gazette(meta.gazette.date, meta.gazette.pages), str(meta.commencement.date or "unknown")))
    for v in tl.versions[1:]:
        assert v.instrument is not None
        m = v.instrument.law.meta
        rows.append((m.title, _gazette(m.gazette.date, m.gazette.pages), str(m.commencement.date)))
    if tl.repealed_by is not None:
        m = tl.repealed_by.law.meta
        rows.append((m.title, _gazette(m.gazette.date, m.gazette.pages), str(m.commencement.date)))
    return rows


def _gazette(date: dt.date | None, pages: str | None) -> str:
    if date is None:
        return "gazette date unknown"
    return f"Gazette {date}" + (f" p. {pages}" if pages else "")


def version_text(tl: Timeline, as_at: dt.date | None, status: str, version: Version | None, known: str | None = None) -> str:
    """``known``: a sentence saying what the law is as known on a date (``known.Known.sentence``), after the status."""
    meta = tl.law.meta
    lines = [meta.title, _status_line(tl, as_at, status, version), *([known] if known else []), ""]
    if version is not None:
        history = versions_to(tl, version)
        headed: set[str | None] = set()
        for a in addresses(version.body, version.conclusions):
            if a.provision.kind == "item" and a.parent not in headed:  # a schedule's column headings, above its rows
                headed.add(a.parent)
                cells = _schedule_cells(version.body, a)
                if cells:
                    lines.append("  " * a.depth + " | ".join(cells))
            lines.extend(_text_lines(a, version, history))
    lines += ["", "Compilation table", ""]
    for title, gazette, commenced in compilation_table(tl):
        lines.append(f"  {title} — {gazette} — commenced {commenced}")
    return "\n".join(lines) + "\n"


#: The HTML element of each heading-like provision (others are paragraphs).
HEADING_TAG = {"part": "h2", "schedule": "h2", "division": "h3", "subdivision": "h3", "clause": "h4"}


def label_line(kind: str, num: str | None, heading: str | None, text: str | None) -> str:
    """A provision's label line as printed: ``PART 2—ANIMALS``, ``2.7 Roosters``, ``(a) roosters;`` (from its columns)."""
    if kind in CONTAINER_KINDS:
        return f"{KEYWORDS[kind]} {num}" + (f"—{heading}" if heading else "")
    if kind == "clause":
        return f"{num} {heading}" if heading else f"{num}"
    if kind in ("subclause", "paragraph", "subparagraph"):
        return f"{num} {text or ''}".rstrip()
    return text or ""


def _label_line(p: Provision) -> str:
    return label_line(p.kind, p.num, p.heading, provision_text(p))


def _text_lines(a: Address, version: Version, history: Sequence[Version] = ()) -> list[str]:
    p = a.provision
    pad = "  " * a.depth
    out = []
    if p.kind in CONTAINER_KINDS or p.kind == "clause":
        out.append("")
    out.append(pad + _label_line(p))
    if p.kind == "clause" and p.text:
        out.append(pad + "  " + p.text)
    note = note_for(a, version, history)
    if note:
        out.append(pad + "  " + note)
    return out


#: Provisions shown as Markdown headings; what follows one is a list under it.
_MD_HEADING = {"part": "##", "schedule": "##", "division": "###", "subdivision": "###", "clause": "####"}


def version_markdown(tl: Timeline, as_at: dt.date | None, status: str, version: Version | None, known: str | None = None) -> str:
    """The version as CommonMark (with GFM tables): every text escaped, so rendered it can never run script.

    Headings for parts, divisions and clauses; the provisions under a heading as a list nested by depth (so a
    renderer shows a list, not one paragraph); schedule rows as a table, a row's note kept in its last cell.
    """
    meta = tl.law.meta
    lines = [f"# {_md(meta.title)}", "", f"*{_md(_status_line(tl, as_at, status, version))}*", ""]
    if known:
        lines += [f"*{_md(known)}*", ""]
    if version is not None:
        in_table = False
        base = -1  # depth of the last heading: the provisions under it are listed relative to it
        history = versions_to(tl, version)
        for a in addresses(version.body, version.conclusions):
            p = a.provision
            note = note_for(a, version, history)
            if p.kind != "item" and in_table:
                lines.append("")
                in_table = False
            if p.kind in _MD_HEADING:
                base = a.depth
                lines += ["", f"{_MD_HEADING[p.kind]} {_md(_label_line(p))}", ""]
                if p.kind == "clause" and p.text:
                    lines += [_md(p.text), ""]
                if note:
                    lines += [f"*{_md(note)}*", ""]
                continue
            if p.kind == "item":
                if not in_table:
                    parent_cells = _schedule_cells(version.body, a)
                    width = len(p.cells)
                    head = parent_cells if len(parent_cells) == width else tuple("" for _ in range(width))
                    lines += ["", "| " + " | ".join(_md(c) for c in head) + " |", "|" + "---|" * width]
                    in_table = True
                cells = [_md(c) for c in p.cells]
                if note:  # in its row's last cell: a line of its own would end the table
                    cells[-1] = f"{cells[-1]} *{_md(note)}*" if cells else f"*{_md(note)}*"
                lines.append("| " + " | ".join(cells) + " |")
                continue
            level = a.depth - base - 1
            if level < 0 or (p.kind == "text" and a.depth == 0):
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
    for title, gazette, commenced in compilation_table(tl):
        lines.append(f"| {_md(title)} | {_md(gazette)} | {_md(commenced)} |")
    out = "\n".join(lines)
    while "\n\n\n" in out:
        out = out.replace("\n\n\n", "\n\n")
    return out.strip("\n") + "\n"


def _schedule_cells(body: tuple[Provision, ...], a: Address) -> tuple[str, ...]:
    for p in body:
        if p.kind == "schedule" and a.parent == f"Schedule {p.num}":
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


def provisions_html(tl: Timeline, version: Version, *, redline: dict[str, str] | None = None) -> str:
    """The body of a version as HTML, every word escaped; ``redline`` maps citations to diff HTML."""
    out: list[str] = []
    for a in addresses(version.body, version.conclusions):
        p = a.provision
        cls = f"prov {p.kind} depth-{a.depth}"
        if version.provenance.get(a.citation):
            cls += " changed"
        body = redline.get(a.citation) if redline else None
        label = html.escape(_label_line(p)) if body is None else body
        tag = HEADING_TAG.get(p.kind, "p")
        if p.kind == "item":
            cells = "".join(f"<td>{html.escape(c)}</td>" for c in p.cells)
            out.append(f'<table class="row" id="{html.escape(a.eid)}"><tr>{cells}</tr></table>')
        else:
            out.append(f'<{tag} class="{cls}" id="{html.escape(a.eid)}">{label}</{tag}>')
        if p.kind == "clause" and p.text:
            out.append(f'<p class="prov cltext depth-{a.depth + 1}">{html.escape(p.text)}</p>')
        note = note_for(a, version, versions_to(tl, version))
        if note:
            out.append(f'<p class="note depth-{a.depth + 1}">{html.escape(note)}</p>')
    return "\n".join(out)


def version_html(tl: Timeline, as_at: dt.date | None, status: str, version: Version | None, known: str | None = None) -> str:
    meta = tl.law.meta
    title = html.escape(meta.title)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{title}</title>",
        "<style>body{font-family:Georgia,serif;max-width:50em;margin:2em auto;line-height:1.45}"
        + "".join(f".depth-{i}{{margin-left:{1.5 * i}em}}" for i in range(8))
        + ".note{color:#555;font-size:.9em}table.row{border-collapse:collapse}td{border:1px solid #ccc;padding:.2em .5em}</style>",
        "</head><body>",
        f"<h1>{title}</h1>",
        f'<p class="status">{html.escape(_status_line(tl, as_at, status, version))}</p>',
    ]
    if known:
        parts.append(f'<p class="known">{html.escape(known)}</p>')
    if version is not None:
        parts.append(provisions_html(tl, version))
    parts.append("<h2>Compilation table</h2><table><tr><th>Instrument</th><th>Gazette</th><th>Commencement</th></tr>")
    for row in compilation_table(tl):
        parts.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>")
    parts.append("</table></body></html>")
    return "\n".join(parts) + "\n"
