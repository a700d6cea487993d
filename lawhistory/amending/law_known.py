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

from ..core.errors import LawHistoryError
from ..core.ids import citation_of_path
from ..core.model import Provision
from ..core.operations import WORD_ACTIONS, Action, Operation
from .apply import _pattern, find, get

Path = tuple[int, ...]


class Unresolved(LawHistoryError):
    """An operation names a place by the law's words, and the law does not show that place for certain."""


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


RESOLVERS = (passage_resolved, reference_resolved, after_resolved)


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
