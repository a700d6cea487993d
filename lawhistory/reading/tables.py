"""Schedules and their tables, rebuilt from running text.

Two table shapes are recognised: prescribed-offence tables (item, clause, description, penalty),
and two-column lists of a description and a distance (one row per printed line). A table that
fits neither keeps its printed lines as free text, with a note; nothing is dropped.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..core.ids import schedule_citation
from ..core.labels import bare, is_roman, next_letter
from ..core.labels import row_num as row_num
from ..core.model import Provision

OFFENCE_HEADER = re.compile(
    r"(?:(?P<item>Item(?: No\.?)?) )?(?P<clause>Clauses?(?: No\.?)?) "
    r"(?P<desc>Nature of [Oo]ffence|Description(?: of [Oo]ffence)?|Offence|Nature of [Oo]ffence) "
    r"(?P<pen>Modified [Pp]enalty(?: \(?\$\)?)?|Penalty(?: \(?\$\)?)?)"
)
# A clause cited in a row: 2.3(a), 4.1, or a section of a by-law: 7(a), 8.
_ROW_CLAUSE = r"\d+(?:\.\d+)*[A-Z]{0,2}(?: ?\([a-z0-9]{1,4}\))*"
# A penalty: $250, $1 000, $1,000.00, or a bare number under a "$" heading (the last row's may end the table).
_PENALTY = r"\$ ?\d{1,3}(?:[, ]\d{3})*(?:\.\d\d)?|\d{1,3}(?:,\d{3})*(?:\.\d\d)?"
OFFENCE_ROW = re.compile(
    r"(?P<n>\d+[A-Z]{0,2}) (?P<cl>" + _ROW_CLAUSE + r") (?P<desc>.+?) (?P<pen>" + _PENALTY + r")"
    r"(?= \d+[A-Z]{0,2} " + _ROW_CLAUSE + r" | *$)"
)
# A table without an item column: each row starts with the clause it cites.
CLAUSE_ROW = re.compile(
    r"(?P<cl>" + _ROW_CLAUSE + r") (?P<desc>\D.+?) (?P<pen>" + _PENALTY + r")(?= " + _ROW_CLAUSE + r" [A-Z]| *$)"
)
# (its words hold no other distance: "Less than 50 pigs 500m 1,000m 50m 30m 100m" is a row of five values, not one)
DISTANCE_ROW = re.compile(r"(?P<desc>\D(?:(?!\d[\d,]* ?m\b).)*?) (?P<value>[\d,]+ ?m)$")
RULE = re.compile(r"^—{2,}$")
REFERENCE_NOTE = re.compile(r"\[(?:cl\.|[Cc]lause|[Cc]lauses|r\.|s\.)[^\]]{0,40}\]")


@dataclass(frozen=True, slots=True)
class Table:
    """A table read from text: words before it, its column headings and its rows."""

    before: tuple[str, ...]
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    after: str = ""


def _flat(text: str) -> str:
    return " ".join(text.split())


def read_offence_table(text: str, notes: list[str] | None = None, where: str = "the table") -> Table | None:
    """Read a prescribed-offences table from running text, or None if ``text`` holds none."""
    flat = _flat(text)
    header = OFFENCE_HEADER.search(flat)
    if not header:
        return None
    caption = flat[: header.start()].strip()
    rest = flat[header.end() :]
    # A header repeated after a page break is page furniture, as is the caption printed with it.
    repeat = re.compile(r"\s*" + (re.escape(caption) + r"\s+" if caption else "") + re.escape(header.group(0)) + r"\s*")
    rest, repeats = repeat.subn(" ", rest)
    if not caption:
        rest, more = re.subn(r"\s*" + re.escape(header.group(0)) + r"\s*", " ", rest)
        repeats += more
    if repeats and notes is not None:
        notes.append(f"{where}: the column headings repeated at a page break ({repeats}×) were left out as page furniture")
    rest = rest.strip()
    rows: list[tuple[str, ...]] = []
    pos = 0
    while pos < len(rest):
        m = (OFFENCE_ROW if header.group("item") else CLAUSE_ROW).match(rest, pos)
        if not m:
            break
        rows.append(tuple(m.group(g) for g in ("n", "cl", "desc", "pen") if g in m.groupdict()))
        pos = m.end()
        while pos < len(rest) and rest[pos] == " ":
            pos += 1
    if not rows:
        return None
    head = tuple(header.group(g) for g in ("item", "clause", "desc", "pen") if header.group(g))
    return Table(before=(caption,) if caption else (), header=head, rows=tuple(rows), after=rest[pos:].strip())


_MEASURE = re.compile(r"(?<![\w,])\d[\d,]*(?:\.\d+)? ?m\b")


def readable_block(lines: list[str]) -> list[str]:
    """A table whose cells were printed a word or two a line, as fewer lines a reader can follow.

    Runs of short lines (four words or fewer) with no distance in them are joined into one line;
    a line holding distances (``5,000m 1,000m 200m``) and any longer line stay as printed. The
    words and their order are unchanged.
    """
    short = sum(len(ln.split()) <= 2 for ln in lines)
    if len(lines) < 6 or short < len(lines) / 2:
        return lines
    out: list[str] = []
    run: list[str] = []
    for ln in lines:
        if not _MEASURE.search(ln) and len(ln.split()) <= 4:
            run.append(ln)
            continue
        if run:
            out.append(" ".join(run))
            run = []
        out.append(ln)
    if run:
        out.append(" ".join(run))
    return out


# A cell that holds a value: 1150, 2.4, $250, $1 000.00, 10–20, 50%, or a dash for none.
_VALUE = r"(?:\$ ?\d{1,3}(?:[, ]\d{3})*(?:\.\d+)?|\d+(?:[.,]\d+)*%?(?: ?[–-] ?\d+(?:[.,]\d+)*)?|[—–-]|Nil|N/A)"
_VALUE_ROW = re.compile(r"(?P<n>\d+[A-Z]?)\.? (?P<desc>\D.*?)(?P<values>(?: " + _VALUE + r")+)$")


def read_value_table(
    lines: list[str], notes: list[str] | None = None, where: str = "the table"
) -> tuple[tuple[str, ...], list[Provision]] | None:
    """A numbered table printed one row a line, whose last columns hold values (numbers, amounts, ranges, "—").

    The column headings are the line starting "Item" just before the first row; the number of value columns is
    what every row shows, and the last headings name them one word each ("Minimum Maximum"; "Fee $" is one).
    A short line without values between rows ("Burials") is a sub-heading of the table, kept as text in its place.
    Returns the column headings and the schedule's children (words before, rows and sub-headings, words after).
    """
    start = next((i for i, ln in enumerate(lines) if re.match(r"Item(?: No\.?)? \S", ln)), None)
    if start is None or start + 1 >= len(lines):
        return None
    rows: list[tuple[str, ...] | str] = []
    end = start + 1
    widths: set[int] = set()
    while end < len(lines):
        m = _VALUE_ROW.match(lines[end])
        if m:
            values = re.findall(_VALUE, m.group("values"))
            widths.add(len(values))
            rows.append((m.group("n"), m.group("desc").strip(), *values))
        elif re.fullmatch(r"[A-Z][A-Za-z’' ,&()\-]{1,60}", lines[end]) and len(lines[end].split()) <= 5:
            rows.append(lines[end])
        else:
            break
        end += 1
    while rows and isinstance(rows[-1], str):  # a sub-heading with no row after it is not the table's
        rows.pop()
        end -= 1
    if not any(isinstance(r, tuple) for r in rows) or len(widths) != 1:
        return None
    k = widths.pop()
    head = lines[start].split()
    item = ["Item"] + (["No."] if head[1:2] in (["No."], ["No"]) else [])
    words = head[len(item) :]
    tail: list[str] = []
    while words and len(tail) < k:
        w = words.pop()
        if w in ("$", "($)") and words:
            w = words.pop() + " " + w
        tail.insert(0, w)
    if len(tail) < k or not words:
        return None
    header = (" ".join(item), " ".join(words), *tail)
    if isinstance(rows[0], str) and notes is not None:
        # the law file writes a table's column headings over its first row, so a sub-heading printed above that row
        # is written above the headings: the words are the same, their order is not
        notes.append(
            f"{where}: the sub-heading {rows[0]!r} is printed between the column headings and the first row; "
            "the law file writes it above the column headings"
        )
    children = [Provision(kind="text", text=t) for t in lines[:start]]
    for r in rows:
        if isinstance(r, str):
            children.append(Provision(kind="text", text=r))
        else:
            children.append(Provision(kind="item", num=row_num(header, r), cells=r))
    if lines[end:]:
        children.append(Provision(kind="text", text=" ".join(lines[end:])))
    return header, children


_LIST_LINE = re.compile(r"(?P<label>\((?:[a-z]{1,3}|\d+)\)) (?P<text>.*)$")


#: How a reader puts right a table the importer keeps as lines of text (the words are all there, in printed order).
_TABLE_FIX = (
    "to give it columns, write its rows as table rows in the law file (docs/format.md, Body) and check it against the gazette"
)


def read_list(lines: list[str] | None) -> list[Provision] | None:
    """A schedule that is not a table but words with a lettered list: "A sufficient fence is—" / "(a) …" / "(i) …".

    Lines before the first label are one block of text; each label starts a paragraph (or a subparagraph under the
    paragraph before it, as ``labels.bracket_kind`` says); a line without a label continues the provision before it.
    """
    if not lines or not any(_LIST_LINE.match(ln) and ln.startswith("(a) ") for ln in lines):
        return None
    out: list[Provision] = []
    intro: list[str] = []
    para: list[tuple[str, str, str, list[str]]] = []  # (kind, label, text, sub-lines) in order, flat
    for ln in lines:
        m = _LIST_LINE.match(ln)
        if m and (para or ln.startswith("(a) ")):
            label = m.group("label")
            if label[1].isdigit():
                # "(2) …" is a subclause, which a schedule's lettered list cannot hold: not such a list
                return None
            prev = para[-1] if para else None
            kind = "paragraph"
            roman = prev is not None and is_roman(bare(label)) and (prev[0] == "subparagraph" or bare(label) == "i")
            # "(i)" after "(h)" is the next paragraph, not a subparagraph
            if roman and prev is not None and not (prev[0] == "paragraph" and next_letter(prev[1], roman=False) == label):
                kind = "subparagraph"
            para.append((kind, label, m.group("text"), []))
        elif para:
            para[-1][3].append(ln)
        else:
            intro.append(ln)
    if intro:
        out.append(Provision(kind="text", text=" ".join(intro)))
    current: Provision | None = None
    subs: list[Provision] = []
    for kind, label, text, more in para:
        words = " ".join([text, *more])
        if kind == "paragraph":
            if current is not None:
                out.append(current.with_children(tuple(subs)))
            current, subs = Provision(kind="paragraph", num=label, text=words), []
        else:
            subs.append(Provision(kind="subparagraph", num=label, text=words))
    if current is not None:
        out.append(current.with_children(tuple(subs)))
    return out


_ENTRY_LINE = re.compile(r"(?P<n>\d{1,3})\. (?P<text>\S.*)$")


def read_numbered_list(lines: list[str]) -> list[Provision] | None:
    """A schedule that lists numbered entries, one sentence or more each: "1. The reserve known as …" / "2. …".

    Entries must be numbered 1, 2, 3 … in order, each at the start of a printed line; a line without a number
    continues the entry before it, and lines before entry 1 are one block of text. Each entry is an item cited by its
    number (``Schedule 2 item 1``), its words as printed. None when the lines are not such a list.
    """
    first = next((i for i, ln in enumerate(lines) if _ENTRY_LINE.match(ln)), None)
    if first is None or _ENTRY_LINE.match(lines[first]).group("n") != "1":  # type: ignore[union-attr]
        return None
    out = [Provision(kind="text", text=" ".join(lines[:first]))] if first else []
    entries: list[tuple[str, list[str]]] = []
    for ln in lines[first:]:
        m = _ENTRY_LINE.match(ln)
        if m and int(m.group("n")) == len(entries) + 1:
            entries.append((m.group("n"), [m.group("text")]))
        elif m:
            return None  # a number out of order: not a plain list (a table, or clauses of a schedule)
        else:
            entries[-1][1].append(ln)
    return out + [Provision(kind="item", num=n, text=" ".join(words)) for n, words in entries]


def _flat_list(text: str) -> list[str] | None:
    """Running text holding a lettered list ("… is a fence of— (a) masonry …; or (b) sheet metal …") as the lines
    ``read_list`` reads: the words before ``(a)``, then one line for each label in letter order. ``(a)`` must follow a
    dash or colon and each next label a semicolon or comma (with "and"/"or"), as list items end; None if there is no
    such list."""
    first = re.search(r"(?<=[—:]) \(a\) ", text)
    if not first:
        return None
    out = [text[: first.start()].strip()] if text[: first.start()].strip() else []
    start, label = first.start() + 1, "a"
    while True:
        nxt = next_letter(f"({label})", roman=False)
        if nxt is None:
            break
        m = re.compile(r"(?<=[;,]) (?:(?:and|or) )?" + re.escape(nxt) + " ").search(text, start)
        if not m:
            break
        cut = m.start() + len(m.group(0)) - len(nxt) - 1
        out.append(text[start:cut].strip())
        start, label = cut, nxt[1:-1]
    out.append(text[start:].strip())
    return out if len(out) - (1 if out[0][:3] != "(a)" else 0) >= 2 else None


def _prose(lines: list[str]) -> list[str] | None:
    """A schedule of sentences (no table, no list) as one line a sentence: a printed line that starts in lower case or with a
    digit continues the one before it when that one ends no sentence. None unless every line then ends a sentence."""
    out: list[str] = []
    for ln in lines:
        if out and (ln[:1].islower() or ln[:1].isdigit()) and not re.search(r"[.;:—]$", out[-1]):
            out[-1] += " " + ln
        else:
            out.append(ln)
    if not out or not all(re.search(r"[.;:—]$", ln) for ln in out):
        return None
    return out


#: A heading in title case: each word capitalised but the small ones ("Prescribed Offences", "Fees and Charges").
_TITLE_HEADING = re.compile(r"[A-Z][a-z’']+(?: (?:[A-Z][a-z’']+|and|of|for|to|the|in|on))*")


def _heading_and_lines(region: str, line_mode: bool) -> tuple[str | None, list[str]]:
    if line_mode:
        lines = [ln.strip() for ln in region.split("\n")]
        lines = [ln for ln in lines if ln and not RULE.match(ln)]
        if region.startswith("—") and lines and not lines[0].startswith("——"):
            return lines[0][1:].strip() or None, lines[1:]  # the heading printed on the label's line
        heading_lines: list[str] = []
        while lines and re.fullmatch(r"[A-Z][A-Z0-9’'\-—, ]*[A-Z]", lines[0]):
            heading_lines.append(lines.pop(0))
        if not heading_lines and lines and _TITLE_HEADING.fullmatch(lines[0]) and len(lines[0].split()) <= 6:
            # a heading in title case on the line under the label ("SCHEDULE" / "Prescribed Offences")
            heading_lines.append(lines.pop(0))
        return (" ".join(heading_lines) or None), lines
    flat = _flat(region).lstrip("— ")
    m = re.match(r"([A-Z][A-Z’'\-, ]*[A-Z])(?=\s|$)", flat)
    heading = m.group(1) if m else None
    rest = flat[m.end() :] if m else flat
    rest = " ".join(w for w in rest.split() if not RULE.match(w))
    return heading, [rest] if rest else []


#: A rule's number and side heading on a line of their own, in a schedule that sets out rules ("1. Name").
_RULE_HEAD = re.compile(r"(?P<n>\d{1,2})\. [A-Z][\w’'(),\- ]{0,60}[\w)]")


def numbered_rules(lines: list[str]) -> bool:
    """Whether a schedule's printed lines set out rules numbered 1., 2., 3. … each under a side heading on its own line
    ("1. Name" / "The brigade is to be known …"), as a bush fire brigade's rules are: they are read as clauses."""
    heads = [i for i, ln in enumerate(lines) if _RULE_HEAD.fullmatch(ln)]
    numbers = [int(_RULE_HEAD.fullmatch(lines[i]).group("n")) for i in heads]  # type: ignore[union-attr]
    return (
        len(heads) >= 2
        and numbers == list(range(1, len(heads) + 1))
        and all(i + 1 < len(lines) and not _RULE_HEAD.fullmatch(lines[i + 1]) for i in heads)
        and not any(_ENTRY_LINE.match(ln) for i, ln in enumerate(lines) if i not in heads)
    )


def parse_schedule(
    num: str,
    region: str,
    *,
    line_mode: bool,
    notes: list[str],
    read_clauses: Callable[[str], tuple[Provision, ...]] | None = None,
) -> Provision:
    """A schedule provision from the text that follows its ``Schedule N`` label. ``read_clauses`` reads the numbered
    rules some schedules set out (as clauses, with the law's own reader)."""
    heading, lines = _heading_and_lines(region, line_mode)
    children: list[Provision] = []
    if lines:
        first = lines[0]
        m = REFERENCE_NOTE.match(first)
        if m:
            children.append(Provision(kind="text", text=m.group(0)))
            remainder = first[m.end() :].strip()
            lines = ([remainder] if remainder else []) + lines[1:]
    where = schedule_citation(num)
    if line_mode and read_clauses is not None and numbered_rules(lines):
        children += read_clauses("\n".join(lines))
        return Provision(kind="schedule", num=num, heading=heading, children=tuple(children))
    table = read_offence_table("\n".join(lines), notes, where)
    cells: tuple[str, ...] = ()
    if table is not None:
        children += [Provision(kind="text", text=t) for t in table.before]
        cells = table.header
        children += [Provision(kind="item", num=row_num(cells, r), cells=r) for r in table.rows]
        if table.after:
            children.append(Provision(kind="text", text=table.after))
            notes.append(
                f"{where}: words after the last row could not be read as rows and are kept as text: {table.after[:80]!r}"
            )
    elif line_mode and (vt := read_value_table(lines, notes, where)) is not None:
        cells, rows = vt
        children += rows
    elif (
        line_mode
        and lines
        and any(DISTANCE_ROW.match(ln) for ln in lines)
        and all(DISTANCE_ROW.match(ln) for ln in lines[next(i for i, ln in enumerate(lines) if DISTANCE_ROW.match(ln)) :])
    ):
        for ln in lines:
            dm = DISTANCE_ROW.match(ln)
            if dm:
                children.append(Provision(kind="item", cells=(dm.group("desc"), dm.group("value"))))
            else:
                children.append(Provision(kind="text", text=ln))
    elif (listed := read_list(lines if line_mode else _flat_list(lines[0]) if len(lines) == 1 else None)) is not None:
        children += listed
    elif line_mode and (entries := read_numbered_list(lines)) is not None:
        children += entries
    elif line_mode and (prose := _prose(lines)) is not None:
        children += [Provision(kind="text", text=ln) for ln in prose]
    else:
        block = readable_block(lines)
        children += [Provision(kind="text", text=ln) for ln in block]
        if lines and len(block) < len(lines):
            notes.append(
                f"{where}: its table's columns could not be rebuilt from the text (its column headings are printed a word or "
                f"two a line); its {len(lines)} printed lines are kept as {len(block)} lines of text in printed order, "
                "each run of short lines joined, each line of distances on its own; " + _TABLE_FIX
            )
        elif lines:
            notes.append(
                f"{where}: its table's columns could not be rebuilt from the text; its {len(lines)} printed line(s) "
                "are kept as text in printed order; " + _TABLE_FIX
            )
    return Provision(kind="schedule", num=num, heading=heading, cells=cells, children=tuple(children))
