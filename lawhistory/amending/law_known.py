"""Readings finished when the law is known: operations whose target names a place by the law's own words.

Some instructions name what they change by what the law says there, not by a citation: "the passage that begins with
“unless” and continues until the end of paragraph (a)", "the reference before the heading to Schedule 1 Form 1", "the row
containing “(a) Lawn grave fee” and “$”". The families read such an instruction into an operation whose target says so
(``16(a)(ii) and the passage from “unless” to the end of 16(a)``); ``resolved`` turns it into an operation on one
provision of the law as in force when the instrument commences, or refuses the instrument (``Unresolved``), naming the
words — it never picks one of several places, and never one the words do not name for certain. An operation whose law
is not known yet keeps its target, and is resolved when the instrument is applied to it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import replace
from itertools import pairwise

from ..core.errors import LawHistoryError
from ..core.ids import citation_of_path
from ..core.lazy_re import lazy_pattern
from ..core.model import Provision
from ..core.operations import WORD_ACTIONS, Action, Occurrence, Operation
from ..core.terms import as_printed
from .apply import _pattern, find, get

Path = tuple[int, ...]


class Unresolved(LawHistoryError):
    """An operation names a place by the law's words, and the law does not show that place for certain."""

    def __init__(self, message: str) -> None:
        # (wr11) the law's words it quotes as printed: no stored format's bold marks ("**dog**")
        super().__init__(as_printed(message))


PASSAGE = re.compile(r"(?P<x>.+) and the passage from “(?P<a>[^”]+)” to the end of (?P<y>.+)")


def _subtree(p: Provision, path: Path) -> Iterator[tuple[Path, Provision]]:
    yield path, p
    for i, c in enumerate(p.children):
        yield from _subtree(c, (*path, i))


def _hits(p: Provision, words: str) -> int:
    pattern = _pattern(words)
    return sum(len(pattern.findall(field)) for field in (p.text or "", *p.cells))


def passage_resolved(body: tuple[Provision, ...], op: Operation) -> Operation | None:
    """'16(a)(ii) and the passage from “unless” to the end of 16(a)' as 16(a)(ii), when 16(a)(ii) is the last of what
    16(a) holds (so the end of 16(a) is its end) and “unless” is in 16(a)(ii) and nowhere else in 16(a): the passage is
    then inside 16(a)(ii), and deleting both is deleting 16(a)(ii). None when ``op`` names no such passage."""
    m = PASSAGE.fullmatch(op.target) if op.action in (Action.DELETE, Action.SUBSTITUTE) else None
    if m is None:
        return None
    x, y, words = m.group("x"), m.group("y"), m.group("a")
    xs, ys = find(body, x), find(body, y)
    if len(xs) != 1 or len(ys) != 1:
        raise Unresolved(f"{x if len(xs) != 1 else y}: {'no such provision' if not (xs and ys) else 'printed twice'} in the law")
    px, py = xs[0], ys[0]
    if px[: len(py)] != py or len(px) <= len(py):
        raise Unresolved(f"{y} does not hold {x}, so the passage to the end of {y} is uncertain")
    for depth in range(len(py), len(px)):
        if px[depth] != len(get(body, px[:depth]).children) - 1:
            after = get(body, (*px[:depth], px[depth] + 1))
            raise Unresolved(
                f"{x} is not the last of what {y} holds ({citation_of_path(body, (*px[:depth], px[depth] + 1))} "
                f"“{(after.text or '')[:40]}” follows), so the passage to the end of {y} would take more than {x}"
            )
    inside = sum(_hits(p, words) for _, p in _subtree(get(body, px), px))
    outside = sum(_hits(p, words) for path, p in _subtree(get(body, py), py) if path[: len(px)] != px)
    if not inside or outside:
        where = f"not in {x}" if not inside else f"also in {y} outside {x}"
        raise Unresolved(f"the words “{words}” that begin the passage are {where}, so where the passage begins is uncertain")
    return replace(op, target=x)


REFERENCE = re.compile(r"(?P<sched>Schedule \S+) reference (?P<pos>before|after) the heading to (?P<what>Form \S+|Schedule \S+)")


def reference_resolved(body: tuple[Provision, ...], op: Operation) -> Operation | None:
    """'Schedule 1 reference before the heading to Form 1' as the schedule's line just before the line that heads Form 1
    ('Schedule 1 text 1'); '… after the heading to Schedule 1' as the schedule's first line. Only when that line is one
    reference in brackets ('[cl. 5.1]') and the form's heading is printed once. None when ``op`` names no reference."""
    m = REFERENCE.fullmatch(op.target)
    if m is None:
        return None
    scheds = find(body, m.group("sched"))
    if len(scheds) != 1:
        raise Unresolved(f"{m.group('sched')}: {'no such schedule' if not scheds else 'printed twice'} in the law")
    lines = get(body, scheds[0]).children
    if m.group("pos") == "after":
        at = 0
    else:
        num = m.group("what").split()[1]
        heads = [
            i for i, c in enumerate(lines) if c.kind == "text" and re.match(rf"Form\s+{re.escape(num)}(?![\w.])", c.text or "")
        ]
        if len(heads) != 1:
            found = "no line" if not heads else f"{len(heads)} lines"
            raise Unresolved(f"{found} of {m.group('sched')} begin with “{m.group('what')}”, so its heading is uncertain")
        at = heads[0] - 1
    line = lines[at] if 0 <= at < len(lines) else None
    if line is None or line.kind != "text" or not re.fullmatch(r"\[[^\[\]]+\]", line.text or ""):
        shown = f"“{(line.text or '')[:60]}”" if line is not None else "nothing"
        raise Unresolved(f"the law prints {shown} {m.group('pos')} the heading to {m.group('what')}, not a reference in brackets")
    return replace(op, target=citation_of_path(body, (*scheds[0], at)))


ROW = re.compile(r"(?P<holder>.+?) row containing (?P<q>“[^”]*”(?: and “[^”]*”)*)(?P<opp> opposite that text)?")


def _clause_of(op: Operation) -> str:
    """The amending clause an instruction belongs to ('7' for '7(b)')."""
    return re.sub(r"\([^()]*\)$", "", op.clause)


def row_resolved(body: tuple[Provision, ...], op: Operation, earlier: Sequence[Operation] = ()) -> Operation | None:
    """'Schedule 1 row containing “(a) Lawn grave fee” and “$” opposite that text' as the one row of Schedule 1 whose
    cells hold every quoted string — with "opposite that text", among the rows printed just after the line that holds
    the words the instruction before it (``earlier[-1]``, of the same amending clause) changed. Refused when no row or
    several rows hold them, or when an earlier operation of the instrument inserts or deletes provisions there (the
    rows' places would move)."""
    m = ROW.fullmatch(op.target) if op.action == Action.DELETE else None
    if m is None:
        return None
    holder, words = m.group("holder"), re.findall(r"“([^”]*)”", m.group("q"))
    path = _one_path(body, holder)
    if any(e.action not in WORD_ACTIONS and e.target.startswith(holder) for e in earlier):
        raise Unresolved(f"an earlier instruction changes the provisions of {holder}, so which row is meant is uncertain")
    children = get(body, path).children
    rows = [i for i, c in enumerate(children) if c.kind == "item" and all(_pattern(w).search(" | ".join(c.cells)) for w in words)]
    shown = " and ".join(f"“{w}”" for w in words)
    if m.group("opp"):
        before = earlier[-1] if earlier else None
        if before is None or before.words is None or _clause_of(before) != _clause_of(op) or before.target != holder:
            raise Unresolved("it speaks of the table “opposite that text”, but the instruction before it names no words there")
        lines = [i for i, c in enumerate(children) if c.kind == "text" and _pattern(before.words).search(c.text or "")]
        if len(lines) != 1:
            raise Unresolved(f"“{before.words}” is not one line of {holder}, so the table opposite it is uncertain")
        run = []
        for i in range(lines[0] + 1, len(children)):
            if children[i].kind != "item":
                break
            run.append(i)
        rows = [i for i in rows if i in run]
        shown += f" in the rows after “{before.words}”"
    if len(rows) != 1:
        raise Unresolved(f"{'no row' if not rows else f'{len(rows)} rows'} of {holder} hold {shown}, so the row is uncertain")
    return replace(op, target=citation_of_path(body, (*path, rows[0])))


BETWEEN = re.compile(r"(?P<t>.+?) between “(?P<a>[^”]+)” and “(?P<b>[^”]+)”")
RESTATED = re.compile(r"(?P<t>.+?) as restated")


def _one_path(body: tuple[Provision, ...], citation: str) -> Path:
    """The path of the one provision ``citation`` names in the law; Unresolved when it names none or two."""
    paths = find(body, citation)
    if len(paths) != 1:
        raise Unresolved(f"{citation}: {'no such provision' if not paths else 'printed twice'} in the law")
    return paths[0]


def _words_of(text: str) -> list[str]:
    return re.findall(r"\w+", text)


def between_resolved(body: tuple[Provision, ...], op: Operation) -> Operation | None:
    """'13 between “the President,” and “and the Shire Clerk”' (words “X” → “Y”) as 13's own words with X, between
    them, made Y — or, when nothing is deleted, Y put between them: only when A is followed by B once in 13's words
    and what lies between is X (or nothing). None when ``op`` names no such place."""
    m = BETWEEN.fullmatch(op.target) if op.action == Action.SUBSTITUTE_WORDS else None
    if m is None:
        return None
    path = _one_path(body, m.group("t"))
    text = get(body, path).text or ""
    a, b, x = m.group("a"), m.group("b"), op.words
    spans = [
        (ha, hb)
        for ha in _pattern(a).finditer(text)
        for hb in _pattern(b).finditer(text, ha.end())
        if _words_of(text[ha.end() : hb.start()]) == (_words_of(x) if x else [])
    ]
    if len(spans) != 1:
        what = f"“{x}” between “{a}” and “{b}”" if x else f"“{a}” followed by “{b}”"
        found = "is not" if not spans else f"is {len(spans)} times"
        raise Unresolved(f"{what} {found} in the words of {m.group('t')}, so the change is uncertain")
    ha, hb = spans[0]
    middle = text[ha.end() : hb.start()]
    new = " ".join((op.new or "").split())
    if x:
        hx = list(_pattern(x).finditer(middle))
        middle = middle[: hx[0].start()] + new + middle[hx[0].end() :]
    else:
        middle = ("" if new[:1] in ",;.:" else " ") + new + ("" if text[hb.start() : hb.start() + 1] in ",;.:" else " ")
    return replace(
        op, action=Action.SUBSTITUTE_TEXT, target=m.group("t"), words=None, new=text[: ha.end()] + middle + text[hb.start() :]
    )


def restated_resolved(body: tuple[Provision, ...], op: Operation, earlier: Sequence[Operation]) -> Operation | None:
    """'13 as restated' (a provision restated "now to read" after a change to its words) as the restated words of 13,
    only when they are the words the change before it (of the same amending clause) makes — punctuation aside (a
    change "in lieu" of words can leave a comma twice, which the restated text shows once). None when ``op`` is not
    one."""
    m = RESTATED.fullmatch(op.target) if op.action == Action.SUBSTITUTE_TEXT else None
    if m is None:
        return None
    before = earlier[-1] if earlier else None
    if before is None or before.target != m.group("t") or before.clause != op.clause or before.new is None:
        raise Unresolved(f"{m.group('t')} is restated “now to read”, but no change to its words comes before it")
    if _words_of(before.new) != _words_of(op.new or ""):
        raise Unresolved(
            f"{m.group('t')} as restated (“{(op.new or '')[:80]}”) does not say what the change to its words makes "
            f"(“{before.new[:80]}”), so which governs is uncertain"
        )
    return replace(op, target=m.group("t"))


AFTER = re.compile(r"(?P<t>.+?) after “(?P<a>[^”]+)”")


def after_resolved(body: tuple[Provision, ...], op: Operation) -> Operation | None:
    """'36(1) after “A”' (all the words after A replaced by the new words) as 36(1)'s own words up to and with A, then the
    new words: only when A occurs once in them and 36(1) holds no provisions of its own (whose words would go too)."""
    m = AFTER.fullmatch(op.target) if op.action == Action.SUBSTITUTE_WORDS else None
    if m is None:
        return None
    path = _one_path(body, m.group("t"))
    target = get(body, path)
    text = target.text or ""
    hits = list(_pattern(m.group("a")).finditer(text))
    if len(hits) != 1 or target.children:
        why = f"occur {len(hits)} times in its words" if len(hits) != 1 else "are followed by provisions of its own"
        raise Unresolved(f"the words “{m.group('a')}” {why}, so which words go is uncertain")
    new = " ".join((op.new or "").split())
    joined = text[: hits[0].end()] + ("" if not new or new[:1] in ",;.:" else " ") + new
    return replace(op, action=Action.SUBSTITUTE_TEXT, target=m.group("t"), new=joined)


IN_WORD = re.compile(r"(?P<t>.+) passage")


def _fields_of(p: Provision, path: Path) -> Iterator[str]:
    """The words a word edit may look in, in ``p`` and the provisions it holds: their headings, own words and cells."""
    for _, q in _subtree(p, path):
        yield from (f for f in (q.heading or "", q.text or "", *q.cells) if f)


def in_word_resolved(body: tuple[Provision, ...], op: Operation) -> Operation | None:
    """(issue 20, wr7) '7(3)(d) passage' (words named "the passage": “hound.” → “hound; or”) as 7(3)(d)'s words.
    A passage may begin or end inside a word ("hound." is the end of "greyhound."): taken so only when it occurs once
    in the provision's words (inside a word or not), a word boundary lies within it, and the new words keep the part of
    that word the passage holds ("hound" before "; or"), so the change never alters a word's letters: the operation
    then names the whole word (“greyhound.” → “greyhound; or”). Refused otherwise, naming the words; a passage on
    word boundaries is read as any words are. None when ``op`` names no passage."""
    m = IN_WORD.fullmatch(op.target) if op.action in (Action.SUBSTITUTE_WORDS, Action.DELETE_WORDS) else None
    if m is None:
        return None
    t, words = m.group("t"), op.words or ""
    plain = replace(op, target=t)
    path = _one_path(body, t)
    raw = [(f, h) for f in _fields_of(get(body, path), path) for h in re.finditer(re.escape(words), f)]

    def inside(f: str, h: re.Match[str]) -> tuple[bool, bool]:
        left = h.start() > 0 and _is_word(f[h.start() - 1]) and _is_word(words[:1])
        right = h.end() < len(f) and _is_word(f[h.end()]) and _is_word(words[-1:])
        return left, right

    cut = [(f, h) for f, h in raw if any(inside(f, h))]
    if not cut:
        return plain  # on word boundaries wherever it occurs: words, as any are
    if len(raw) != 1 or op.occurrence != Occurrence.ONCE:
        raise Unresolved(
            f"the passage “{words}” occurs {len(raw)} times in the words of {t}, inside a word at least once, so "
            "which is meant is uncertain"
            if len(raw) != 1
            else f"the passage “{words}” occurs inside a word of {t}, and the instruction names an occurrence of it"
        )
    f, h = cut[0]
    left, right = inside(f, h)
    word = _word_around(f, h.start(), h.end())
    new = op.new or ""
    lead, trail = _WORD_AT_START.match(words), _WORD_AT_END.search(words)
    assert lead is not None and trail is not None
    keeps_lead = not left or (len(new) > lead.end() and new.startswith(lead.group()) and not _is_word(new[lead.end()]))
    cut_end = len(new) - len(trail.group())
    keeps_trail = not right or (cut_end > 0 and new.endswith(trail.group()) and not _is_word(new[cut_end - 1]))
    if lead.end() == len(words) or not (keeps_lead and keeps_trail):
        # "hound" alone, or "hound." made "dog.": the word's own letters would change
        raise Unresolved(
            f"the passage “{words}” begins or ends inside the word “{word}” of {t}, and "
            + (f"the new words “{new}”" if new else "deleting it")
            + " would change that word's letters, so what is meant is uncertain"
        )
    before = f[h.start() - _run_before(f, h.start()) : h.start()]
    after = f[h.end() : h.end() + _run_after(f, h.end())]
    return replace(plain, words=before + words + after, new=before + new + after)


_WORD_AT_START = re.compile(r"[\w’']*")
_WORD_AT_END = re.compile(r"[\w’']*$")


def _run_before(f: str, at: int) -> int:
    """How many word characters come just before ``at`` in ``f``."""
    n = 0
    while at - n > 0 and _is_word(f[at - n - 1]):
        n += 1
    return n


def _run_after(f: str, at: int) -> int:
    """How many word characters come just after ``at`` in ``f``."""
    n = 0
    while at + n < len(f) and _is_word(f[at + n]):
        n += 1
    return n


def _is_word(c: str) -> bool:
    return bool(c) and bool(re.match(r"[\w’']", c))


def _word_around(f: str, start: int, end: int) -> str:
    """The words of ``f`` from the start of the word ``start`` is in to the end of the word ``end`` is in."""
    return f[start - _run_before(f, start) : end + _run_after(f, end)]


RESOLVERS = (passage_resolved, reference_resolved, after_resolved, in_word_resolved)


def resolved(body: tuple[Provision, ...], op: Operation, earlier: Sequence[Operation] = ()) -> Operation | None:
    """``op`` with its target made one provision of ``body``; None when its target is a citation already.
    ``earlier``: the instrument's operations before it (already resolved)."""
    row = row_resolved(body, op, earlier) or restated_resolved(body, op, earlier) or between_resolved(body, op)
    if row is not None:
        return row
    for resolver in RESOLVERS:
        done = resolver(body, op)
        if done is not None:
            return done
    return None


# --- (r2rows) a table's row found by what it cites; rows put in the table's numerical order ------------------------
# Told each time the instrument is applied (timeline), against the table as the instrument's earlier operations leave
# it: rows without item numbers are cited by their place ("Schedule 1 row 4"), which a row inserted before them moves —
# by this instrument, or by an earlier instrument added to the repository later.

CITED_ROW = re.compile(r"(?P<table>Schedule \S+) row relating to (?P<ref>.+?)(?P<column> column “(?P<heading>[^”]+)”)?")
IN_ORDER = re.compile(r"(?P<table>Schedule \S+) in numerical order")
#: (r10) A row named by all its cells as the instrument prints it: "Schedule 1 row printed “5.3(2) | … | $200”".
PRINTED_ROW = re.compile(r"(?P<table>Schedule \S+) row printed “(?P<cells>[^”]*)”")
#: A cell that cites a provision or numbers an item: "2.8(2)", "clause 17(1)", "12.", "14A"
_ORDER_CELL = lazy_pattern(
    r"(?:(?:sub-?)?(?:clause|regulation|section|by-?law|item)s?\.?\s+|cl\.\s*)?"
    r"(?P<num>\d+[A-Z]{0,2}(?:\.\d+[A-Z]{0,2})*)\.?(?P<br>(?:\s?\((?:\d+[A-Z]{0,2}|[a-z])\))*)"
)
_ORDER_HEADING = lazy_pattern(r"(?:item|clause|regulation|section|by-?law|provision|no\b|number)", re.I)


def names_rows(op: Operation) -> bool:
    """Whether ``op`` names a table row by what it cites, or puts rows in the table's numerical order."""
    cited = CITED_ROW.fullmatch(op.target)
    if cited is not None and not re.search(r" column \d+$", cited.group("ref")):  # "… column 3": amend._cell_edit's
        return True
    if PRINTED_ROW.fullmatch(op.target) is not None:
        return True
    return op.action == Action.INSERT and IN_ORDER.fullmatch(op.target) is not None


def body_after(body: tuple[Provision, ...], earlier: Sequence[Operation]) -> tuple[Provision, ...] | None:
    """``body`` as the instrument's earlier operations leave it; None when one of them does not apply (it is refused
    for itself when the instrument is applied)."""
    from .apply import apply_operation

    for op in earlier:
        if op.is_repeal:
            continue
        try:
            body = apply_operation(body, op)[0]
        except LawHistoryError:
            return None
    return body


def rows_resolved(body: tuple[Provision, ...], op: Operation, earlier: Sequence[Operation] = ()) -> list[Operation] | None:
    """'Schedule 1 row relating to clause 4.3(a)' (… column “Modified penalty $”) as the one row of Schedule 1 that
    cites the provision (a word edit in a column: a `substitute` of the row, the words once in that cell);
    'Schedule 1 in numerical order' as an insert of each new row beside the row it follows in the table's order.
    ``body``: the law before the instrument, ``earlier``: the instrument's operations before ``op`` (resolved). Unresolved,
    naming the row, when no row or several cite it, or when the order cannot be told; None when ``op`` names no row so,
    or the table is not one provision of the law (the operation is then refused when applied, naming its target)."""
    if not names_rows(op):
        return None
    now = body_after(body, earlier)
    if (printed := PRINTED_ROW.fullmatch(op.target)) is not None:
        return _printed_row(now, op, printed)
    cited = CITED_ROW.fullmatch(op.target)
    m = cited or IN_ORDER.fullmatch(op.target)
    assert m is not None
    paths = find(now, m.group("table")) if now is not None else []
    if now is None or len(paths) != 1:
        return None
    table = get(now, paths[0])
    if cited is None:
        return _in_numerical_order(now, paths[0], op)
    ref = cited.group("ref")
    rows = _rows_citing(table, ref)
    if len(rows) != 1:
        shown = "; ".join(f"“| {' | '.join(table.children[i].cells)} |”" for i in rows)
        found = (
            f"no row of {m.group('table')} cites {ref}"
            if not rows
            else f"{len(rows)} rows of {m.group('table')} cite {ref} ({shown})"
        )
        raise Unresolved(f"{found}, so which row it changes is uncertain")
    path = (*paths[0], rows[0])
    citation = citation_of_path(now, path)
    if cited.group("column") is None:
        return [replace(op, target=citation)]
    return [_column_changed(now, path, op, cited.group("heading"), citation)]


def _printed_row(now: tuple[Provision, ...] | None, op: Operation, printed: re.Match[str]) -> list[Operation] | None:
    """(r10) The one row of the table whose cells are those printed (spaces aside), as its citation; Unresolved, naming
    the row, when no row or several have them."""
    paths = find(now, printed.group("table")) if now is not None else []
    if now is None or len(paths) != 1:
        return None
    table = get(now, paths[0])
    wanted = [" ".join(c.split()) for c in printed.group("cells").split(" | ")]
    rows = [i for i, c in enumerate(table.children) if c.kind == "item" and [" ".join(x.split()) for x in c.cells] == wanted]
    if len(rows) != 1:
        found = "no row" if not rows else f"{len(rows)} rows"
        raise Unresolved(
            f"{found} of {printed.group('table')} reads “| {' | '.join(wanted)} |”, so which row it deletes is uncertain"
        )
    return [replace(op, target=citation_of_path(now, (*paths[0], rows[0])))]


def _column_changed(body: tuple[Provision, ...], path: Path, op: Operation, heading: str, citation: str) -> Operation:
    """A word edit in one column of a row as a `substitute` of the row: one column of the table has that heading, and
    the words occur once in the row's cell there (otherwise Unresolved, naming the cell)."""
    from ..files.textformat import render_fragment
    from .apply import _edit

    row, table = get(body, path), get(body, path[:-1])
    wanted = " ".join(heading.split()).lower()
    cols = [i for i, c in enumerate(table.cells) if " ".join(c.split()).lower() == wanted]
    if op.action not in WORD_ACTIONS or len(cols) != 1 or cols[0] >= len(row.cells):
        found = "no column" if not cols else f"{len(cols)} columns"
        raise Unresolved(
            f"{found} of the table {'is' if len(cols) < 2 else 'are'} headed “{heading}”, so which cell changes is uncertain"
        )
    col = cols[0]
    hits = list(_pattern(op.words or "").finditer(row.cells[col])) if op.words else []
    if len(hits) != 1 or op.occurrence != Occurrence.ONCE or op.until:
        raise Unresolved(
            f"the words “{op.words}” occur {len(hits)} times in the cell “{row.cells[col]}” of {citation} under “{heading}”, "
            "so the change is uncertain"
        )
    cell = _edit(row.cells[col], hits[0].start(), hits[0].end(), op, tidy=True)
    new = render_fragment((replace(row, cells=(*row.cells[:col], cell, *row.cells[col + 1 :])),))
    return replace(op, action=Action.SUBSTITUTE, target=citation, words=None, new=new, position=None, occurrence=Occurrence.ONCE)


def _cited_kind(heading: str) -> str:
    """The kind of provision a table's column heading says its cells cite ("Clause No." → clause)."""
    first = re.sub(r"[^a-z-]", "", (heading.split() or [""])[0].lower())
    return first[:-1] if first.endswith("s") else first


def _rows_citing(table: Provision, ref: str) -> list[int]:
    """The rows of ``table`` (child indexes) that cite ``ref`` ("clause 4.3(a)"): a cell that is the citation, or a
    cell that is its label in a column headed by its kind ("4.3(a)" under "Clause")."""
    wanted = " ".join(re.sub(r"^the\s+", "", ref, flags=re.I).lower().split())
    parts = re.fullmatch(r"(?P<kind>[a-z-]+?)s?\s+(?P<label>\S+)", wanted)
    label = parts.group("label") if parts else None
    kind_cols = [i for i, h in enumerate(table.cells) if parts and _cited_kind(h) == parts.group("kind")]
    out = []
    for i, c in enumerate(table.children):
        cells = [" ".join(x.lower().split()) for x in c.cells]
        if c.kind == "item" and (wanted in cells or any(k < len(cells) and cells[k] == label for k in kind_cols)):
            out.append(i)
    return out


def _order_key(cell: str) -> tuple[tuple[int, int, str], ...] | None:
    """A sort key for a cell citing a provision or numbering an item (2.8 < 2.8(2) < 2.8A < 2.10); None otherwise."""
    m = _ORDER_CELL().fullmatch(" ".join(cell.split()))
    if m is None:
        return None
    key = []
    for part in m.group("num").split("."):
        n = re.fullmatch(r"(\d+)([A-Z]*)", part)
        assert n is not None
        key.append((0, int(n.group(1)), n.group(2)))
    for inner in re.findall(r"\((\w+)\)", m.group("br")):
        n = re.fullmatch(r"(\d+)([A-Z]*)", inner)
        key.append((0, int(n.group(1)), n.group(2)) if n else (1, ord(inner), ""))
    return tuple(key)


def _in_numerical_order(body: tuple[Provision, ...], path: Path, op: Operation) -> list[Operation]:
    """Each new row of 'Schedule 1 in numerical order' put after the row it follows in the table's order (before the
    first row when it comes first): the order of every column that cites provisions or numbers items (by its heading),
    whose rows are in that order; Unresolved when no such column orders them, the columns disagree, a row there cites
    the same, or a line of text stands between the two rows it would go between."""
    from ..files.textformat import render_fragment
    from .apply import apply_operation

    new = op.provisions or ()
    if not new or any(p.kind != "item" for p in new):
        raise Unresolved("its new text is not table rows, so it cannot be put in numerical order")
    out: list[Operation] = []
    for row in new:
        table = get(body, path)
        shown = f"“| {' | '.join(row.cells)} |”"
        rows = [i for i, c in enumerate(table.children) if c.kind == "item"]
        places: set[int] = set()
        why: list[str] = []
        for col, heading in enumerate(table.cells):
            if not _ORDER_HEADING().match(heading) or col >= len(row.cells):
                continue
            keys = [_order_key(table.children[i].cells[col]) if col < len(table.children[i].cells) else None for i in rows]
            mine = _order_key(row.cells[col])
            known = [k for k in keys if k is not None]
            if mine is None or len(known) != len(keys) or any(a >= b for a, b in pairwise(known)):
                why.append(f"the column “{heading}” does not give one")
                continue
            if mine in known:
                raise Unresolved(
                    f"a row of the table cites {row.cells[col]} already, so where the new row {shown} goes in the "
                    "numerical order is uncertain"
                )
            places.add(sum(k < mine for k in known))
        if len(places) != 1 or not rows:
            reason = "its columns put it in different places" if len(places) > 1 else "; ".join(why) or "it has no rows"
            raise Unresolved(f"the numerical order in which the new row {shown} goes cannot be told from the table ({reason})")
        at = places.pop()
        if 0 < at < len(rows) and rows[at] != rows[at - 1] + 1:
            line = table.children[rows[at - 1] + 1]
            raise Unresolved(
                f"the new row {shown} goes between two rows that a line of the table stands between "
                f"(“{(line.text or '')[:60]}”), so which side of it is uncertain"
            )
        beside, pos = (rows[0], "before") if at == 0 else (rows[at - 1], "after")
        placed = replace(op, target=citation_of_path(body, (*path, beside)), position=pos, new=render_fragment((row,)))
        body = apply_operation(body, placed)[0]
        out.append(placed)
    return out
