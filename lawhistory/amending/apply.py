"""Apply an instrument's operations to a law, all or nothing.

Each operation is checked against the law as it stands when the instrument commences (the
previous version, with the instrument's own earlier operations applied). Targets are found by
citation as printed (WA local laws are never renumbered); quoted words must occur exactly once in
the target and its sub-provisions unless the instrument says "wherever occurring", and match on
word boundaries. Any failure refuses the whole instrument with a message naming the amending
clause, the target, what was found and what would fix it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from ..core.errors import LawHistoryError
from ..core.ids import Citation, Fragment, citation_of_path, clean_num, term_slug
from ..core.labels import HALF_BRACKET_LABEL, bare, fit_kinds, follows, is_roman, next_letter, numbered_rows, row_num
from ..core.model import BRACKETED_KINDS, CLAUSE_LEVELS, CONTAINER_KINDS, Instrument, Provision
from ..core.operations import LIST_IN_WORDS, Operation
from ..core.terms import DEF_START, as_printed, def_term_ok, defined_terms, term_of
from ..core.versions import Change

Path = tuple[int, ...]


class ApplyRefused(LawHistoryError):
    """An operation cannot be applied; the whole instrument is refused."""

    def __init__(self, inst: Instrument | None, op: Operation, reason: str, fix: str) -> None:
        who = f"{inst.title} cl. {op.clause}" if inst else f"cl. {op.clause}"
        # (wr11) the law's words a reason quotes as printed: no stored format's bold marks ("**dog**")
        reason = as_printed(reason)
        super().__init__(f"{who}: {op.target}: {reason}; {fix}")
        self.op = op
        self.reason = reason


class TargetNotFound(ApplyRefused):
    pass


class WordsNotFound(ApplyRefused):
    pass


class AmbiguousText(ApplyRefused):
    pass


# --- finding provisions ---------------------------------------------------------------------------


def _children(body: tuple[Provision, ...], path: Path) -> tuple[Provision, ...]:
    node_children = body
    for i in path:
        node_children = node_children[i].children
    return node_children


def get(body: tuple[Provision, ...], path: Path) -> Provision:
    return _children(body, path[:-1])[path[-1]]


def _walk_paths(body: tuple[Provision, ...], prefix: Path = ()) -> Iterator[tuple[Path, Provision]]:
    for i, p in enumerate(body):
        yield (*prefix, i), p
        yield from _walk_paths(p.children, (*prefix, i))


def _outline(body: tuple[Provision, ...], prefix: Path = ()) -> Iterator[tuple[Path, Provision]]:
    """Parts, divisions, subdivisions, schedules and the clauses they hold (not the clauses' insides)."""
    for i, p in enumerate(body):
        path = (*prefix, i)
        yield path, p
        if p.kind in ("part", "division", "subdivision"):
            yield from _outline(p.children, path)


def _top_level(body: tuple[Provision, ...], fragment: Fragment) -> list[Path]:
    """Paths of the clause, schedule, part, division or subdivision that ``fragment`` names."""
    out = []
    for path, p in _outline(body):
        if fragment.is_container:
            if p.kind == fragment.kind and clean_num(p.num or "") == fragment.label:
                out.append(path)
        elif p.kind == "clause" and p.num == str(fragment):
            out.append(path)
    return out


def _match_child(p: Provision, fragment: Fragment) -> list[int]:
    """Indexes of the children of ``p`` that ``fragment`` (``(2)``, ``“cat”``, ``item 4``) names."""
    if fragment.kind == "term":
        term = fragment.label
        defs = [(i, c.term or "") for i, c in enumerate(p.children) if c.kind == "definition"]
        # The term as printed; failing that, as an instrument may write it (other capitals, quotes or dashes).
        for key in (lambda t: t, str.casefold, term_slug):
            found = [i for i, t in defs if key(t) == key(term)]
            if found:
                return found
        return []
    if fragment.kind in ("item", "row", "text"):
        kind = "text" if fragment.kind == "text" else "item"
        same = [i for i, c in enumerate(p.children) if c.kind == kind]
        if fragment.kind == "item":
            return [i for i in same if clean_num(p.children[i].num or "") == fragment.label]
        n = int(fragment.label) if fragment.label.isdigit() else 0
        return [same[n - 1]] if 0 < n <= len(same) else []
    if fragment.kind == "label":
        # "(a)" names a paragraph printed "(a)", or one printed "a)" (a closing bracket only, as some councils print)
        return [i for i, c in enumerate(p.children) if c.num == fragment.label or _half_bracket_is(c.num, fragment.label)]
    return []


def _half_bracket_is(num: str | None, label: str) -> bool:
    return bool(num) and HALF_BRACKET_LABEL.fullmatch(num or "") is not None and clean_num(num or "") == clean_num(label)


def find(body: tuple[Provision, ...], citation: str) -> list[Path]:
    """Every path whose citation is ``citation`` (more than one when a label is printed twice)."""
    cited = Citation.of(citation)
    fragments = cited.fragments
    if not fragments:
        return []
    paths = _top_level(body, fragments[0])
    # "Part 6 Division 2 Subdivision 1": each container is found inside the one before it.
    for fragment in fragments[1 : cited.heads]:
        if not paths:
            break
        paths = [
            (*path, i)
            for path in paths
            for i, c in enumerate(get(body, path).children)
            if c.kind == fragment.kind and clean_num(c.num or "") == fragment.label
        ]
    return _descend(body, paths, fragments[cited.heads :] if paths else ())


def _subitem_is(body: tuple[Provision, ...], path: Path, label: str) -> bool:
    """(wr10) Whether the table row at ``path`` has the subitem ``label``: its cell in the one column of its table
    headed "Subitem" (the rows of one item share its number, each with its own subitem)."""
    row = get(body, path)
    header = get(body, path[:-1]).cells if len(path) > 1 else ()
    columns = [i for i, h in enumerate(header) if re.fullmatch(r"sub-?items?", h.strip(), re.I)]
    if row.kind != "item" or len(columns) != 1 or columns[0] >= len(row.cells):
        return False
    return row.cells[columns[0]].strip().strip("()").casefold() == label.strip("()").casefold()


def _descend(body: tuple[Provision, ...], paths: list[Path], fragments: Sequence[Fragment]) -> list[Path]:
    for fragment in fragments:
        nxt: list[Path] = []
        if fragment.kind == "subitem":
            # "Second Schedule item 1 subitem B": of the rows of item 1, the one whose subitem is B
            paths = [path for path in paths if _subitem_is(body, path, fragment.label)]
            continue
        for path in paths:
            p = get(body, path)
            found = _match_child(p, fragment)
            if not found and p.kind == "schedule" and fragment.kind == "item" and re.fullmatch(r"\w+", fragment.label):
                found = _match_child(p, Fragment("item", fragment.label + "."))  # "item 11" of a table printing "11."
            if not found and fragment.kind == "term":
                # Definitions may sit under an unlabelled lead-in ("In this Part ...—"), or in the one subclause
                # of an interpretation clause that holds them ("In clause 1.5, delete the definition of …").
                for i, c in enumerate(p.children):
                    if c.kind == "text" or (c.kind == "subclause" and any(d.kind == "definition" for d in c.children)):
                        nxt += [(*path, i, j) for j in _match_child(c, fragment)]
            nxt += [(*path, i) for i in found]
        paths = nxt
    return paths


def _one_level_down(body: tuple[Provision, ...], citation: str) -> list[str]:
    """Where a label cited as the provision's own ("clause 6.2, paragraph (b)": 6.2(b)) is printed one level down
    instead — in the provision's subclauses ("6.2(1)(b)", "6.2(2)(b)") — the citations of those; else []."""
    cited = Citation.of(citation)
    fragments = cited.fragments
    if not fragments or len(fragments) <= cited.heads or fragments[-1].kind != "label":
        return []
    parents = find(body, citation[: citation.rindex(fragments[-1].label)]) if citation.endswith(fragments[-1].label) else []
    out = []
    for parent in parents:
        for i, c in enumerate(get(body, parent).children):
            if c.kind in ("subclause", "paragraph", "subparagraph") and _match_child(c, fragments[-1]):
                out.append(f"{citation_of_path(body, (*parent, i))}{fragments[-1].label}")
    return out


def _one(body: tuple[Provision, ...], citation: str, inst: Instrument | None, op: Operation) -> Path:
    paths = find(body, citation)
    if not paths and (lower := _one_level_down(body, citation)):
        # "In clause 6.2 delete paragraph (b)" where 6.2's subclauses (1) and (2) each have a (b): the provision has
        # none of its own, and which of theirs is meant is not said — never guessed, even when only one has it
        raise AmbiguousText(
            inst,
            op,
            f"the provision has no {citation[citation.rindex('(') :]} of its own (it is printed in {' and '.join(lower)}), "
            "and the instrument does not say which is meant",
            "name the provision in full in the instrument file's operations",
        )
    if not paths:
        raise TargetNotFound(
            inst,
            op,
            "no such provision in the law as in force when this instrument commences",
            "check the citation against the law, or add the instrument that inserts it first",
        )
    if len(paths) > 1:
        raise AmbiguousText(
            inst, op, f"{len(paths)} provisions have this citation", "the law prints this label more than once; amend it by hand"
        )
    return paths[0]


# --- changing the tree ----------------------------------------------------------------------------


def _replace_children(body: tuple[Provision, ...], path: Path, new_children: tuple[Provision, ...]) -> tuple[Provision, ...]:
    """``body`` with the children of the provision at ``path`` (the root when ``path`` is empty) replaced."""
    if not path:
        return new_children
    parent_children = _children(body, path[:-1])
    node = parent_children[path[-1]]
    updated = replace(node, children=new_children)
    return _replace_children(body, path[:-1], (*parent_children[: path[-1]], updated, *parent_children[path[-1] + 1 :]))


def _set(body: tuple[Provision, ...], path: Path, new: tuple[Provision, ...]) -> tuple[Provision, ...]:
    """Replace the provision at ``path`` with zero or more provisions."""
    siblings = _children(body, path[:-1])
    return _replace_children(body, path[:-1], siblings[: path[-1]] + new + siblings[path[-1] + 1 :])


def _insert(body: tuple[Provision, ...], parent: Path, index: int, new: tuple[Provision, ...]) -> tuple[Provision, ...]:
    siblings = _children(body, parent)
    return _replace_children(body, parent, siblings[:index] + new + siblings[index:])


_CONTAINER_ORDER = ("part", "division", "subdivision")


def _container_place(body: tuple[Provision, ...], path: Path, op: Operation) -> tuple[Path, Provision]:
    """Where a whole Part or Division goes when inserted after (before) a clause: 'After clause 18 insert: Part 3A — …'
    puts it after the Part (Division) of the same kind whose last (first) provision clause 18 is. Any other target
    is left as it is (and new text that does not fit beside it is refused)."""
    kind = _opening_container(op)
    if kind is None or op.position not in ("before", "after"):
        return path, get(body, path)
    at = path
    while len(at) > 1:
        siblings = _children(body, at[:-1])
        edge = len(siblings) - 1 if op.position == "after" else 0
        if at[-1] != edge:
            break
        at = at[:-1]
        holder = get(body, at)
        if holder.kind not in _CONTAINER_ORDER:
            break
        if holder.kind == kind:
            return at, holder
        if _CONTAINER_ORDER.index(holder.kind) < _CONTAINER_ORDER.index(kind):
            break
    return path, get(body, path)


def _opening_container(op: Operation) -> str | None:
    """The part, division or subdivision the new provisions open with, also when its line is worded as no heading
    reads ('Part 3A — …'; refused once placed, as not fitting beside it)."""
    first = op.provisions[0] if op.provisions else None
    if first is None or first.kind in _CONTAINER_ORDER:
        return first.kind if first else None
    m = re.match(r"(Part|PART|Division|DIVISION|Subdivision)\s", first.text or "") if first.kind == "text" else None
    return m.group(1).lower() if m else None


def _parent_kind(body: tuple[Provision, ...], path: Path) -> str | None:
    return get(body, path[:-1]).kind if len(path) > 1 else None


def _label_before(siblings: tuple[Provision, ...], index: int) -> str | None:
    """The label of the last labelled provision among ``siblings[:index]``."""
    return next((p.num for p in reversed(siblings[:index]) if p.kind in BRACKETED_KINDS), None)


def _new_provisions(
    op: Operation,
    parent_kind: str | None,
    inst: Instrument | None,
    parent: Provision | None = None,
    previous: str | None = None,
) -> tuple[Provision, ...]:
    """The new provisions an operation carries (read when it was made), placed as children of ``parent`` (of kind
    ``parent_kind``; None or ``"root"``: the law's body) after the label ``previous``: read inside a provision, their
    bracketed labels take the kinds that place gives them; a schedule's new rows take its item numbers."""
    if op.unreadable is not None or op.provisions is None:
        reason, fix = op.unreadable or ("the operation carries no new provisions", "correct the instrument's operations")
        raise ApplyRefused(inst, op, reason, fix)
    at_top = parent_kind is None or parent_kind == "root" or parent_kind in CONTAINER_KINDS
    # Where they go was read from the citation; the law may place them otherwise (a definition cited in a part but
    # printed under a line of text in it). Definitions read the same in either place; other provisions are refused.
    if at_top == op.nested and any(p.kind != "definition" for p in op.provisions):
        read = "inside a provision" if op.nested else "in the law's body or a part, division or schedule"
        where = (
            f"inside a {parent_kind}"
            if not at_top
            else f"in a {parent_kind}"
            if parent_kind in CONTAINER_KINDS
            else "in the law's body"
        )
        raise ApplyRefused(
            inst, op, f"its new text was read as going {read} (as its citation reads), but the law puts it {where}",
            "amend the instrument file's operations by hand",
        )  # fmt: skip
    provisions = op.provisions if at_top else fit_kinds(op.provisions, parent_kind or "", previous)
    if parent is not None and parent.kind == "schedule":
        provisions = numbered_rows(parent.cells, provisions)
        if parent.cells and any(p.kind == "item" and len(p.cells) != len(parent.cells) for p in provisions):
            rows = ApplyRefused(
                inst, op, f"its new rows do not have the table's {len(parent.cells)} columns",
                "write the new rows with one cell per column of the table",
            )  # fmt: skip
            raise ApplyRefused(inst, op, f"its new text cannot be read ({rows})", "correct the new text in the instrument file")
    return provisions


# --- word-level edits -----------------------------------------------------------------------------


def _pattern(words: str) -> re.Pattern[str]:
    """``words`` as printed, on word boundaries where they begin or end with a letter or digit."""
    left = r"(?<![\w’'])" if words[:1].isalnum() else ""
    right = r"(?![\w’'])" if words[-1:].isalnum() else ""
    # (r12) "prepared —" quoted, "prepared—" in the law (or the other way): the space beside a dash inside the words is
    # print (none is taken before or after the words themselves)
    escaped = re.escape(words)
    printed = re.sub(
        r"(\\ )?([—–])(\\ )?",
        lambda m: (r"\s?" if m.start() else "") + m.group(2) + (r"\s?" if m.end() < len(escaped) else ""),
        escaped,
    )
    return re.compile(left + printed + right)


def _text_fields(p: Provision) -> list[str]:
    # Headings are changed by their own instructions ("delete the heading to ..."), not by word edits.
    return ["text"] if p.text is not None else []


#: How much of a provision a refused word edit quotes (the reader compares it with the instruction's words).
_QUOTE_CHARS = 200


def _current_words(target: Provision) -> str:
    """The words a word edit looked in (the provision's text, its rows' cells and its subprovisions'), as one line,
    cut at a word near ``_QUOTE_CHARS`` characters: what the provision says now, for the refusal to quote."""
    parts = [*([target.heading] if target.kind in CONTAINER_KINDS and target.heading else [])]
    for p in (target, *(q for _s, q in _walk_paths(target.children))):
        label = [p.num] if p is not target and p.num and not p.cells else []  # "(a) roosters;", as printed
        parts += label + [getattr(p, f) for f in _text_fields(p)] + list(p.cells)
    words = " ".join(" ".join(parts).split())
    if not words:
        return "(no words)"
    if len(words) <= _QUOTE_CHARS:
        return words
    return words[:_QUOTE_CHARS].rsplit(" ", 1)[0] + " …"


def _edit(text: str, start: int, end: int, op: Operation, tidy: bool = False) -> str:
    if op.action == "delete_words":
        before, after = text[:start], text[end:]
        if before.endswith(" ") and (after.startswith(" ") or after[:1] in ".,;:)" or not after):
            before = before[:-1]
        elif not before and after.startswith(" "):
            after = after[1:]
        return before + after
    if op.action == "substitute_words":
        before, new = text[:start], op.new or ""
        if tidy and new[:1] in (",", ";", ":", ".") and before.endswith(" "):
            before = before.rstrip(" ")  # "a day of extreme danger," → "a day, or during …": no space before the comma
        return before + new + text[end:]
    new = op.new or ""
    if op.position == "before":
        joiner = "" if new[-1:] in "(“‘" else " "
        before = text[:start]
        if tidy and new[:1] in (",", ";", ":", ".") and before.endswith(" "):
            before = before.rstrip(" ")  # “, except in Part 7,” before “means”: "meat, except in Part 7, means"
        return before + new + joiner + text[start:]
    joiner = "" if new[:1] in ".,;:)”’" else " "
    return text[:end] + joiner + new + text[end:]


def _word_op(
    body: tuple[Provision, ...], path: Path, op: Operation, inst: Instrument | None, tidy: bool = False
) -> tuple[tuple[Provision, ...], list[Path]]:
    """The word edit; with ``tidy`` (an instrument's operation) no space is left before a substituted comma, and a
    free-text line whose every word is deleted goes."""
    if op.position == "end":
        if not path:
            raise ApplyRefused(inst, op, "the law as a whole has no one end for words", "name the provision they end")
        return _edit_at_end(body, path, op, inst)
    words = op.words or ""
    if not words:
        raise ApplyRefused(inst, op, "no words to look for", "correct the instrument's operations")
    if op.action in ("substitute_words", "insert_words") and (listed := LIST_IN_WORDS.search(op.new or "")):
        raise ApplyRefused(
            inst,
            op,
            f"its new words open a list of labelled provisions (“{' '.join((op.new or '')[listed.start() : listed.start() + 50].split())} …”), "
            "which a word edit cannot put in as provisions",
            "amend the instrument file's operations by hand (the words, then the provisions inserted under the target)",
        )
    pattern = _pattern(words)
    if op.until:
        # a passage: from the words that begin it to the nearest words that end it, within one text
        until = _pattern(op.until).pattern
        pattern = re.compile(pattern.pattern + r".*?" + until, re.S)
    hits: list[tuple[Path, str, int, int]] = []
    target = get(body, path) if path else None
    # a word edit throughout the law (the empty path) looks in every provision, its heading included
    lines = [(path, target), *((path + s, q) for s, q in _walk_paths(target.children))] if target else list(_walk_paths(body))
    for sub, p in lines:
        if p.heading and (target is None or (p is target and p.kind in CONTAINER_KINDS)):
            # "In the heading to Part 3 Division 2 after “halls” insert …": a part or division has words only in its heading
            for m in pattern.finditer(p.heading):
                hits.append((sub, "heading", m.start(), m.end()))
        for fld in _text_fields(p):
            value = getattr(p, fld)
            for m in pattern.finditer(value):
                hits.append((sub, fld, m.start(), m.end()))
        for i, cell in enumerate(p.cells):
            for m in pattern.finditer(cell):
                hits.append((sub, f"cell{i}", m.start(), m.end()))
    if not hits and op.until and op.action == "delete_words" and target is not None and tidy:
        covered = _passage_lines(target, _pattern(words), _pattern(op.until))
        if covered is not None:
            # "In Schedule 2 delete the passage that begins with “Bone” and ends with “offal.”.": a passage that runs
            # over whole free-text lines of the provision (from the start of one to the end of another) takes them
            kept = tuple(c for i, c in enumerate(target.children) if i not in covered)
            return _replace_children(body, path, kept), [path]
    if not hits:
        raise WordsNotFound(
            inst,
            op,
            f"the words “{words}” do not occur in it; it reads “{_current_words(target)}”"
            if target
            else f"the words “{words}” occur nowhere in the law",
            "check the quoted words against the law's text (punctuation and spelling count)",
        )
    if op.occurrence == "once" and len(hits) > 1:
        where = dict(lines)
        penalties = sum(_in_penalty_line(where.get(sub), fld, start) for sub, fld, start, _ in hits)
        raise AmbiguousText(
            inst,
            op,
            # "In clause 9.1, in the penalty, delete “$1,000” …" where a penalty is printed under each subclause: which
            # penalty is meant is not said
            f"the words “{words}” occur {len(hits)} times"
            + (f", each in a penalty of its own ({penalties} penalties)" if penalties == len(hits) else ""),
            "the instrument must say which occurrence (or 'wherever occurring') before this can be applied",
        )
    counted = {"twice": 2, "thrice": 3}.get(str(op.occurrence))
    if counted is not None and len(hits) != counted:
        # (wr10) "by deleting “17” in the 2 places where it occurs …": the instrument counts the places; any other count
        # means the words or the place are not what it speaks of
        raise AmbiguousText(
            inst,
            op,
            f"the words “{words}” occur {'once' if len(hits) == 1 else f'{len(hits)} times'}, where the instrument says "
            f"they occur in {counted} places",
            "check the instruction against the law's text, and amend the instrument file's operations by hand",
        )
    nth = {"second": 2, "third": 3}.get(str(op.occurrence))
    if nth is not None and len(hits) < nth:
        raise WordsNotFound(
            inst,
            op,
            f"the words “{words}” occur only {'once' if len(hits) == 1 else f'{len(hits)} times'}, so there is no "
            f"{op.occurrence} occurrence",
            "check the instruction",
        )
    chosen = (
        hits
        if op.occurrence == "all" or counted is not None
        else [hits[-1]]
        if op.occurrence == "last"
        else [hits[nth - 1]]
        if nth is not None
        else [hits[0]]
    )
    changed: list[Path] = []
    renamed: list[str] = []  # the new terms of definitions the edit renamed
    before = body
    # Edit from the end so earlier offsets stay valid.
    for sub, fld, start, end in sorted(chosen, key=lambda h: (h[0], h[1], h[2]), reverse=True):
        p = get(body, sub)
        if fld.startswith("cell"):
            i = int(fld[4:])
            cells = list(p.cells)
            cells[i] = _edit(cells[i], start, end, op, tidy)
            updated = replace(p, cells=tuple(cells))
            if p.kind == "item" and len(sub) > 1:
                updated = replace(updated, num=row_num(get(body, sub[:-1]).cells, updated.cells))
            elif p.kind == "schedule":
                # The column headings decide whether the first column numbers the rows: an edit that would take
                # the rows' item numbers away (or change them) is refused, since the rows could no longer be cited.
                rows = numbered_rows(updated.cells, p.children)
                if any(old.num is not None and old.num != row.num for old, row in zip(p.children, rows, strict=True)):
                    raise ApplyRefused(
                        inst, op,
                        f"changing the column heading “{p.cells[i]}” to “{updated.cells[i]}” would take the item "
                        "numbers away from the rows of the table",
                        "check the instruction; amend the column headings by hand if the rows are to keep their numbers",
                    )  # fmt: skip
                updated = replace(updated, children=rows)
        elif fld == "heading":
            updated = replace(p, heading=_edit(p.heading or "", start, end, op, tidy))
        else:
            updated = replace(p, text=_edit(p.text or "", start, end, op, tidy))
            if tidy:
                updated = _labelled_line(body, sub, updated)
            if p.kind == "definition" and not _keeps_term(updated.text or "", p.term or ""):
                updated = _renamed_definition(updated, p, op, inst)
                renamed.append(updated.term or "")
        if tidy and updated.kind == "text" and not (updated.text or "").strip() and not updated.children:
            body = _set(body, sub, ())  # every word of a free-text line deleted: the line goes
            continue
        body = _set(body, sub, (updated,))
        if sub not in changed:
            changed.append(sub)
    if renamed:
        _check_terms_apart(before, body, renamed, op, inst)
    return body, changed


def _passage_lines(target: Provision, begins: re.Pattern[str], ends: re.Pattern[str]) -> range | None:
    """The places among ``target``'s children of the free-text lines a passage covers whole: the first line's words
    begin with the words that begin it, the last line's end with the words that end it, every line between is free
    text, and it is the one such run (None otherwise: the passage is then refused as not found)."""
    kids = target.children
    runs = []
    for i, first in enumerate(kids):
        if first.kind != "text" or first.children or not begins.match((first.text or "").strip()):
            continue
        for j in range(i, len(kids)):
            line = kids[j]
            if line.kind != "text" or line.children:
                break
            if j > i and (m := list(ends.finditer((line.text or "").strip()))) and m[-1].end() == len((line.text or "").strip()):
                runs.append(range(i, j + 1))
                break
    return runs[0] if len(runs) == 1 else None


def _check_terms_apart(
    before: tuple[Provision, ...], after: tuple[Provision, ...], renamed: list[str], op: Operation, inst: Instrument | None
) -> None:
    """A definition renamed by a word edit must not take the term another definition beside it defines (“officer”
    renamed “person” where “person” is defined): the two could no longer be told apart by their term."""

    def twice(body: tuple[Provision, ...]) -> set[str]:
        out: set[str] = set()
        for siblings in [body, *(p.children for _s, p in _walk_paths(body))]:
            slugs = [term_slug(c.term or "") for c in siblings if c.kind == "definition" and c.term]
            out |= {t for t in slugs if slugs.count(t) > 1}
        return out

    new = twice(after) - twice(before)
    if clash := [t for t in renamed if term_slug(t) in new]:
        raise ApplyRefused(
            inst, op, f"the change would make two definitions of “{clash[0]}” side by side",
            "check the instruction; amend the definitions by hand",
        )  # fmt: skip


def _edit_at_end(
    body: tuple[Provision, ...], path: Path, op: Operation, inst: Instrument | None
) -> tuple[tuple[Provision, ...], list[Path]]:
    """A word edit at the end of a provision ('after paragraph (b) by inserting “and”', 'after paragraph (ea) by
    deleting “or”'): on the provision's last line of text (its own, or its last sub-provision's), and for a deletion or
    substitution only where that line ends with the words."""
    target = get(body, path)
    lines = [(path, target), *((path + s, q) for s, q in _walk_paths(target.children))]
    sub, last = next(((s, q) for s, q in reversed(lines) if q.text), (None, None))
    if sub is None or last is None or not last.text:
        raise WordsNotFound(inst, op, "it has no words at its end", "check the instruction")
    text = last.text.rstrip()
    if op.action == "insert_words":
        new = op.new or ""
        if not new:
            raise ApplyRefused(inst, op, "no words to insert", "correct the instrument's operations")
        joiner = "" if new[:1] in ".,;:)”’" else " "
        return _set(body, sub, (replace(last, text=text + joiner + new),)), [sub]
    words = op.words or ""
    m = re.search(r"\s*" + _pattern(words).pattern + r"$", text) if words else None
    if m is None:
        raise WordsNotFound(
            inst, op, f"its last line does not end with the words “{words}”", "check the quoted words against the law's text"
        )
    if op.action == "delete_words":
        updated = text[: m.start()]
    else:
        new = op.new or ""
        joiner = "" if new[:1] in ".,;:)" or not new else " "
        updated = text[: m.start()] + joiner + new
    return _set(body, sub, (replace(last, text=updated),)), [sub]


def _keeps_term(text: str, term: str) -> bool:
    """Whether a definition's words still begin with its term, as stored (“cat” or cat) or inside printed quotes."""
    return text.startswith(term) or text.lstrip('“"‘').startswith(term)


def _renamed_definition(updated: Provision, old: Provision, op: Operation, inst: Instrument | None) -> Provision:
    """A definition whose defined term the word edit changed: it now defines the term its text begins with."""
    m = DEF_START.match(updated.text or "")
    if m is None or not def_term_ok(m):
        raise ApplyRefused(
            inst, op, f"the change would leave the definition of “{old.term}” without a defined term",
            "check the instruction; a definition must still begin with its term",
        )  # fmt: skip
    return replace(updated, term=term_of(m))


# --- definitions ----------------------------------------------------------------------------------


def _sort_key(term: str) -> str:
    return re.sub(r"[^a-z0-9 ]", "", term.lower())


def _letters_key(term: str) -> str:
    return re.sub(r"[^a-z0-9]", "", term.lower())


def _insert_definition(
    body: tuple[Provision, ...], path: Path, op: Operation, inst: Instrument | None
) -> tuple[tuple[Provision, ...], list[Path]]:
    holder = get(body, path)
    if not any(c.kind == "definition" for c in holder.children):
        # "In clause 1.5 insert …": the definitions are in the one subclause (or lead-in) of 1.5 that holds them.
        inner = [i for i, c in enumerate(holder.children) if any(d.kind == "definition" for d in c.children)]
        if len(inner) == 1:
            path, holder = (*path, inner[0]), holder.children[inner[0]]
    new = _new_provisions(op, holder.kind, inst)
    if any(p.kind != "definition" for p in new):
        raise ApplyRefused(inst, op, "the new text is not a definition", "write it as **term** means ...")
    defs = [i for i, c in enumerate(holder.children) if c.kind == "definition"]
    if not defs:
        raise TargetNotFound(inst, op, "it holds no definitions", "name the provision that holds the definitions")
    # (wr6, fix9) "kennel and **lead** have the same meanings …": every term of a definition of several, the law's
    # and the new ones alike (review9 e3: a new “lead” where the law's kennel-and-lead definition defines it)
    defined = {term_slug(t) for i in defs for t in defined_terms(holder.children[i].term, holder.children[i].text)}
    for d in new:
        # (wr7) each of three or more too ("**animal**, **dog** and **owner** have …")
        for term in defined_terms(d.term or "", d.text):
            if term_slug(term) in defined:
                raise ApplyRefused(inst, op, f"it already defines “{term}”", "substitute the definition instead of inserting it")
    new = _in_the_laws_marks(new, [holder.children[i] for i in defs])
    if op.position == "start":
        # "after the passage “In these by-laws—”": first of the definitions, after the words that open them
        def flat(words: str) -> str:
            return re.sub(r"[^\w]+", " ", words).strip().lower()

        if not flat(holder.text or "").endswith(flat(op.words or "")) or not flat(op.words or ""):
            raise TargetNotFound(
                inst, op, f"its words do not end with the passage “{op.words}”", "check the passage the instrument names"
            )
        index = defs[0]
    elif op.position in ("after", "before") and op.words:
        after = [i for i in defs if term_slug(holder.children[i].term or "") == term_slug(op.words)]
        if not after:
            raise TargetNotFound(inst, op, f"it has no definition of “{op.words}”", "check the term the instrument names")
        index = after[0] + (1 if op.position == "after" else 0)
    else:
        terms = [holder.children[i].term or "" for i in defs]
        # letter by letter, or word by word (spaces ignored): the law's definitions in either order are in order
        sort_key = next((k for k in (_sort_key, _letters_key) if [k(t) for t in terms] == sorted(map(k, terms))), None)
        key = _sort_key(new[0].term or "")
        fits = [
            g
            for g in range(len(terms) + 1)
            if (g == 0 or _sort_key(terms[g - 1]) < key) and (g == len(terms) or key < _sort_key(terms[g]))
        ]
        if sort_key is None and op.position != "ordered" and len(fits) == 1:
            # "in alphabetical order" where the law's own definitions are not all in it ("keeper" after "pound"):
            # the one place where the new one follows the definition before it and precedes the one after it
            index = defs[fits[0]] if fits[0] < len(defs) else defs[-1] + 1
            body = _insert(body, path, index, new)
            return body, [(*path, index + k) for k in range(len(new))]
        if sort_key is None:
            # no place given ("insert— Y is …"), or "in alphabetical order" where the law's own definitions are not
            # in it and the new one fits in two places: where it goes is a guess (issue 20, d01b: "microchip" fits
            # between "dog" and "pound" and between "keeper" and "premises")
            at = next(k for k in range(1, len(terms)) if _sort_key(terms[k]) < _sort_key(terms[k - 1]))
            given = "no place is given for" if op.position == "ordered" else "alphabetical order is the place given for"
            raise ApplyRefused(
                inst, op, f"{given} the new definition of “{new[0].term}”, and the law's definitions are not in "
                f"alphabetical order (“{terms[at]}” follows “{terms[at - 1]}”), so where it goes is uncertain",
                "give the new definition's place (after the definition of …) in the instrument file's operations",
            )  # fmt: skip
        key = sort_key(new[0].term or "")
        index = next((i for i in defs if sort_key(holder.children[i].term or "") > key), defs[-1] + 1)
    body = _insert(body, path, index, new)
    return body, [(*path, index + k) for k in range(len(new))]


def _in_the_laws_marks(new: tuple[Provision, ...], defs: list[Provision]) -> tuple[Provision, ...]:
    """New definitions printed as the law prints its own: when every definition there shows its term in the same
    quotation marks (“dog” means …, or ‘dog’ means …), a new one whose term is shown without them (the instrument's
    marks were read as bold type) takes them; otherwise unchanged."""
    terms = [d for d in defs if d.term]
    marks = next(
        (
            (o, c)
            for o, c in (("“", "”"), ("‘", "’"))
            if terms and all((d.text or "").startswith(f"{o}{d.term}{c}") for d in terms)
        ),
        None,
    )
    if marks is None:
        return new
    o, c = marks
    return tuple(
        replace(d, text=f"{o}{d.term}{c}{(d.text or '')[len(d.term) :]}")
        if d.term and (d.text or "").startswith(d.term) and not (d.text or "").startswith(("“", "‘", '"'))
        else d
        for d in new
    )


def _heading_only(op: Operation) -> Provision | None:
    """The new provision when an operation inserts a Division (or Subdivision) heading alone, with nothing under it."""
    new = op.provisions or ()
    if len(new) == 1 and new[0].kind in ("division", "subdivision") and not new[0].children and not new[0].text:
        return new[0]
    return None


def _insert_heading(
    body: tuple[Provision, ...], path: Path, target: Provision, heading: Provision, op: Operation, inst: Instrument | None
) -> tuple[tuple[Provision, ...], list[Path]]:
    """ "At the beginning of Part 2 insert: Division 1 — General provisions" / "After clause 2.4 insert: Division 2 — …": a
    Division heading put in where the words say, holding the provisions printed after it up to the next heading of its
    kind or the end of what held them (a heading does not stand alone: what follows it is under it). After (before) a
    provision inside a Division of the same kind, that Division ends there and the new one holds the rest of it."""
    kind = heading.kind
    bigger = ("part",) if kind == "division" else ("part", "division")
    if op.position == "start":
        if target.kind not in bigger:
            raise ApplyRefused(
                inst, op, f"a {kind} heading goes at the beginning of a part, not of a {target.kind}", "check the instruction"
            )
        holder, index = path, 0
    elif op.position in ("after", "before") and len(path) > 1:
        holder, index = path[:-1], path[-1] + (1 if op.position == "after" else 0)
    else:
        raise ApplyRefused(
            inst,
            op,
            f"a {kind} heading can be put only at the beginning of a part or beside a provision",
            "check the instruction",
        )
    holding = get(body, holder)
    siblings = _children(body, holder)
    if holding.kind == kind and len(holder) > 1:
        # inside a Division of the same kind: it ends at the place, the new one holds the rest and follows it
        moved = siblings[index:]
        body = _replace_children(body, holder, siblings[:index])
        at = (*holder[:-1], holder[-1] + 1)
        return _insert(body, holder[:-1], at[-1], (replace(heading, children=moved),)), [at]
    if holding.kind not in bigger:
        raise ApplyRefused(inst, op, f"a {kind} heading cannot go inside a {holding.kind}", "check the instruction")
    end = next((i for i in range(index, len(siblings)) if siblings[i].kind in (kind, *bigger)), len(siblings))
    moved = siblings[index:end]
    if not moved:
        raise ApplyRefused(inst, op, f"no provision would follow the new {kind} heading", "check the instruction")
    new_children = (*siblings[:index], replace(heading, children=moved), *siblings[end:])
    return _replace_children(body, holder, new_children), [(*holder, index)]


def _insert_at_start(
    body: tuple[Provision, ...], path: Path, target: Provision, op: Operation, inst: Instrument | None
) -> tuple[tuple[Provision, ...], list[Path]]:
    """'At the beginning of clause 10 insert: (1) …': the new provisions go before everything the target holds; its own
    words, if any, follow them as an unlabelled line (until an instruction labels them: 'delete “The owner” and insert:
    (2) The owner'). Only labelled provisions that start a list the target does not have yet are accepted — or, in a
    part or division ('At the beginning of Part 2 insert: Division 1A — General 2.1A. …'), provisions of the one kind
    the container already holds (no words of its own, no label it holds already), put before its first."""
    new = _new_provisions(op, target.kind, inst, target, None)
    labelled = {c.kind for c in target.children if c.kind != "text"}
    first = new[0]
    if target.kind in CONTAINER_KINDS and target.kind != "schedule":
        held = {clean_num(c.num or "") for c in target.children}
        if (
            len(labelled) != 1
            or target.text
            or any(c.kind == "text" for c in target.children)
            or any(p.kind not in labelled for p in new)
            or any(not p.num or clean_num(p.num) in held for p in new)
        ):
            raise ApplyRefused(
                inst, op, f"the new text does not read as provisions of the kind the {target.kind} begins with, "
                "under labels of their own", "check where the new text begins and ends in the instrument",
            )  # fmt: skip
        return _set(body, path, (replace(target, children=new + target.children),)), [(*path, k) for k in range(len(new))]
    if any(p.kind not in BRACKETED_KINDS for p in new) or labelled or bare(first.num or "") not in ("1", "a", "i"):
        raise ApplyRefused(
            inst, op, "the new text does not read as the first of a new list of labelled provisions",
            "check where the new text begins and ends in the instrument",
        )  # fmt: skip
    own = (Provision(kind="text", text=target.text),) if target.text else ()
    updated = replace(target, text=None, children=new + own + target.children)
    return _set(body, path, (updated,)), [(*path, k) for k in range(len(new))]


def _labelled_line(body: tuple[Provision, ...], sub: Path, line: Provision) -> Provision:
    """An unlabelled line whose words a word edit made begin with the next label of the list before it ('(2) The
    owner …' after subclause (1)) is that labelled provision; any other line stays as it is."""
    m = re.match(r"(\(\w{1,4}\)) (\S.*)$", line.text or "", re.S)
    if line.kind != "text" or m is None or len(sub) < 2 or sub[-1] == 0:
        return line
    before = _children(body, sub[:-1])[sub[-1] - 1]
    if before.kind not in BRACKETED_KINDS or next_letter(before.num or "") != m.group(1):
        return line
    return replace(line, kind=before.kind, num=m.group(1), text=m.group(2))


# --- one operation --------------------------------------------------------------------------------


def apply_operation(
    body: tuple[Provision, ...], op: Operation, inst: Instrument | None = None
) -> tuple[tuple[Provision, ...], list[Path]]:
    """``body`` with ``op`` applied, and the paths of the provisions it inserted or changed."""
    return _apply_operation(body, op, inst)


def _apply_operation(
    body: tuple[Provision, ...], op: Operation, inst: Instrument | None, fit: bool = False
) -> tuple[tuple[Provision, ...], list[Path]]:
    """``op`` applied to ``body``. With ``fit`` (an instrument's operations), new provisions must also fit where they
    go — a clause for a clause, a paragraph beside paragraphs — or the operation is refused: the words an instrument
    inserts are read from gazette text, and a misreading must not become law. (The tree edit alone, as property tests
    drive it, places any provision.)"""
    if op.action == "insert_definition":
        return _insert_definition(body, _one(body, op.target, inst, op), op, inst)
    if op.whole_law:
        # "In the principal local law, delete “A” wherever it occurs and insert “B”": every provision that holds them
        return _word_op(body, (), op, inst, tidy=fit)
    path = _one(body, op.target, inst, op)
    target = get(body, path)
    if op.action == "delete":
        _check_joint_definition(target, (), op, inst)
        return _set(body, path, ()), []
    if op.action == "substitute":
        new = _new_provisions(
            op,
            _parent_kind(body, path) or ("root" if target.kind in CONTAINER_KINDS else None),
            inst,
            get(body, path[:-1]) if len(path) > 1 else None,
            _label_before(_children(body, path[:-1]), path[-1]),
        )
        if target.kind == "definition" and new[0].kind != "definition":
            raise ApplyRefused(inst, op, "a definition can only be replaced by a definition", "write it as **term** means ...")
        _check_joint_definition(target, new, op, inst)
        if fit:
            _check_fit(target, new, inst, op, _label_before(_children(body, path[:-1]), path[-1]))
        body = _set(body, path, new)
        return body, [(*path[:-1], path[-1] + k) for k in range(len(new))]
    if op.action == "insert":
        if (heading := _heading_only(op)) is not None:
            return _insert_heading(body, path, target, heading, op, inst)
        if op.position == "start":
            return _insert_at_start(body, path, target, op, inst)
        if op.position == "end":
            new = _new_provisions(op, target.kind, inst, target, _label_before(target.children, len(target.children)))
            _refuse_own_kind_within(target, new, op, inst)
            labelled = {c.kind for c in target.children if c.kind != "text"}
            # a penalty line ("Penalty for this subclause: …") is the provision's own line of text, at its end
            unfit = [p for p in new if not _penalty_line(p) and (p.kind == "text" or (labelled and p.kind not in labelled))]
            if fit and unfit:
                odd = unfit[0]
                raise ApplyRefused(
                    inst, op, f"the new text reads as a {odd.kind}, which does not fit among its {', '.join(sorted(labelled))}s"
                    if labelled else f"the new text reads as unlabelled {odd.kind}",
                    "check where the new text begins and ends in the instrument",
                )  # fmt: skip
            _refuse_gap_at_end(target, new, op, inst)
            index = len(target.children)
            return _insert(body, path, index, new), [(*path, index + k) for k in range(len(new))]
        path, target = _container_place(body, path, op)
        index = path[-1] + (0 if op.position == "before" else 1)
        _refuse_line_after(_children(body, path[:-1]), index, target, op, inst)
        new = _new_provisions(
            op,
            _parent_kind(body, path),
            inst,
            get(body, path[:-1]) if len(path) > 1 else None,
            _label_before(_children(body, path[:-1]), index),
        )
        if fit and any(p.kind != target.kind for p in new):
            odd = next(p for p in new if p.kind != target.kind)
            raise ApplyRefused(
                inst, op, f"the new text reads as a {odd.kind}, which does not fit beside a {target.kind}",
                "check where the new text begins and ends in the instrument",
            )  # fmt: skip
        if fit:
            _refuse_gap(_children(body, path[:-1])[:index], new, op, inst)
        body = _insert(body, path[:-1], index, new)
        return body, [(*path[:-1], index + k) for k in range(len(new))]
    if op.action == "substitute_text":
        if target.kind in CONTAINER_KINDS or target.kind in ("item", "definition"):
            raise ApplyRefused(inst, op, f"a {target.kind}'s words cannot be replaced this way", "substitute the whole provision")
        return _set(body, path, (replace(target, text=" ".join((op.new or "").split())),)), [path]
    if op.action == "substitute_heading":
        if target.kind not in CONTAINER_KINDS and target.kind != "clause":
            raise ApplyRefused(
                inst, op, f"a {target.kind} has no heading", "name the part, division or clause whose heading changes"
            )
        if op.words is not None and not _heading_printed(target, op.words):
            raise ApplyRefused(
                inst, op, f"the heading it deletes, “{op.words}”, is not the heading of {target.kind} {target.num} "
                f"(“{target.heading or ''}”)", "check the heading the instrument quotes against the law",
            )  # fmt: skip
        if (becomes := _unit_kind_changed(target, op)) is not None:
            return _change_kind(body, path, target, becomes, op, inst), [path]
        if target.kind == "schedule":
            return _set(body, path, (_schedule_heading(target, op.new or ""),)), [path]
        return _set(body, path, (replace(target, heading=op.new),)), [path]
    if op.action == "renumber":
        return _renumber(body, path, target, op, inst), [path]
    if op.action in ("delete_words", "insert_words", "substitute_words"):
        return _word_op(body, path, op, inst, tidy=fit)
    raise ApplyRefused(inst, op, f"the action {op.action!r} does not change a provision", "it is handled for the whole law")


def _deleted_term(op: Operation) -> tuple[str, str] | None:
    """(the holder's citation, the term) of a delete of a definition ("2.1(2) “kennel”"), or None."""
    fragments = op.citation.fragments
    if op.action != "delete" or not fragments or fragments[-1].kind != "term":
        return None
    return str(op.target).removesuffix(str(fragments[-1])).rstrip(), fragments[-1].label


def _joint_named_whole(body: tuple[Provision, ...], inst: Instrument, index: int) -> tuple[Path, set[int]] | None:
    """(wr9, issue 20) When the ``index``-th operation deletes the definition of a term that a definition of several
    terms defines ("kennel and **lead** have the same meanings …") and the same instruction deletes the definition of
    every other term it holds ("delete the definitions of “kennel” and “lead”": each a delete with the instruction's
    words): that definition's path and the indexes of those other deletes; else None (a definition of several of which
    the instruction names only some stays refused: ``_check_joint_definition``)."""
    op = inst.operations[index]
    named = _deleted_term(op)
    if named is None:
        return None
    group = {
        j: got[1]
        for j, o in enumerate(inst.operations)
        if o.source == op.source and (got := _deleted_term(o)) is not None and got[0] == named[0]
    }
    if len(group) < 2:
        return None
    holders = find(body, named[0])
    if len(holders) != 1:
        return None
    holder = get(body, holders[0])
    for path, d in [((*holders[0], i), c) for i, c in enumerate(holder.children)] + [
        ((*holders[0], i, k), g) for i, c in enumerate(holder.children) for k, g in enumerate(c.children)
    ]:
        terms = {term_slug(t) for t in defined_terms(d.term, d.text)} if d.kind == "definition" else set()
        if len(terms) < 2 or term_slug(named[1]) not in terms:
            continue
        if not terms <= {term_slug(t) for t in group.values()}:
            return None
        return path, {j for j, t in group.items() if j != index and term_slug(t) in terms}
    return None


def _refuse_own_kind_within(target: Provision, new: tuple[Provision, ...], op: Operation, inst: Instrument | None) -> None:
    """(fix14, review 14's e09, e10) New provisions put at the end of ``target`` must be of a level within it: "In
    clause 2.4(2), at the end add— (3) …" would put a subclause (3) inside subclause (2) (or a second (3) beside the
    clause's own), a law no instrument means. Refused, naming the labels; the instrument means the end of the clause
    (or the place after the provision): amend the operation by hand."""
    if (level := CLAUSE_LEVELS.get(target.kind)) is None:
        return
    for p in new:
        digits = p.kind in CLAUSE_LEVELS and bare(p.num or "").isdigit() and target.kind in BRACKETED_KINDS
        if (p.kind in CLAUSE_LEVELS and CLAUSE_LEVELS[p.kind] <= level) or digits:
            raise ApplyRefused(
                inst, op, f"the new {p.num or p.kind} would go at the end of {target.kind} {target.num or ''}, inside it, "
                "but it is numbered as a provision beside it, not within it",
                "check where the instrument puts it (the end of the clause, or after the provision) and amend the "
                "instrument file's operations by hand",
            )  # fmt: skip


def _refuse_gap_at_end(target: Provision, new: tuple[Provision, ...], op: Operation, inst: Instrument | None) -> None:
    """(wr9, issue 20) New labelled provisions put at the end of a list ("by adding a further paragraph to stand as
    paragraph (e)" where the list ends at (c)): see ``_refuse_gap``."""
    _refuse_gap(target.children, new, op, inst)


def _simple_label(label: str, roman: bool) -> bool:
    """A label counted one by one ("(3)", "(g)", "(iv)" of a subparagraph), not one put between two ("(ca)", "(3A)")."""
    b = bare(label)
    return b.isdigit() or (len(b) == 1 and b.isalpha()) or (roman and is_roman(b))


def _refuse_gap(before: Sequence[Provision], new: tuple[Provision, ...], op: Operation, inst: Instrument | None) -> None:
    """(wr9; review 11's p2b, p3, p5, issue 20) New labelled provisions put after ``before`` (the provisions of their
    list before the place they go: all of them for the end of a list, "after paragraph (f) insert— (h) …") whose labels
    do not count on from the last of them, or among themselves ("(g) …; (i) …"): a gap, which says a provision the
    instrument counts on is missing from the law (an amendment not applied yet?), or from the copy of the new text, or
    a label is misprinted. Refused, naming the labels; a label put between two ("(ca)", "(3A)") is not counted so."""
    first = next((p for p in new if p.kind in BRACKETED_KINDS and p.num), None)
    if first is None:
        return
    kind = first.kind
    same = [c for c in before if c.kind == kind and c.num]
    if any(c.num == first.num for c in same):
        return  # a label the list has already: _check_labels names it
    chain = [same[-1].num or ""] if same else []
    chain += [p.num or "" for p in new if p.kind == kind and p.num]
    # a list counted in roman numerals: subparagraphs, or one whose labels say so ("(ii)"; "(i)" after "(h)" is a letter)
    roman = kind == "subparagraph" or any(is_roman(bare(c.num or "")) and len(bare(c.num or "")) > 1 for c in [*same, *new])
    for at, (a, b) in enumerate(pairwise(chain)):
        if not (_simple_label(a, roman) and _simple_label(b, roman)):
            continue
        want = next_letter(a, roman=roman)
        if want is None or bare(want) == bare(b):
            continue
        where = (
            f"would follow {kind} {a}, the last of its list before it,"
            if same and at == 0
            else f"follows the new {kind} {a} in the new text,"
        )
        raise ApplyRefused(
            inst, op, f"the new {kind} {b} {where} where {want} comes next, so a provision the instrument counts on "
            "may be missing from the law (an amendment not applied yet?) or from the copy of its new text, or its "
            "label is misprinted",
            "check the law's earlier amendments and the gazette, or give the operations by hand",
        )  # fmt: skip


def _check_joint_definition(target: Provision, new: tuple[Provision, ...], op: Operation, inst: Instrument | None) -> None:
    """(fix9, issue 20, review9 e2/e8) Deleting or replacing a definition of several terms ("kennel and **lead** have
    the same meanings …") that the instruction names by one of them ("delete the definition of “kennel”"): the other
    terms would silently lose their meaning. Refused, naming the definition, unless the new text defines them all."""
    if target.kind != "definition":
        return
    terms = defined_terms(target.term, target.text)
    kept = {term_slug(t) for p in new if p.kind == "definition" for t in defined_terms(p.term, p.text)}
    lost = [t for t in terms if term_slug(t) not in kept]
    if len(terms) < 2 or not lost:
        return
    also = [t for t in terms[1:] if t in lost] or lost
    words = " ".join((target.text or "").split())
    named = " and ".join(f"“{t}”" for t in also)
    action = "deleting" if not new else "replacing"
    raise ApplyRefused(
        inst, op, f"the definition of “{target.term}” is one definition of several terms (“{words[:120]}”), so "
        f"{action} it would leave {named} without a definition as well",
        "name each term the instrument means to change, or give the operations for the definition of several terms "
        "in the instrument file",
    )  # fmt: skip


#: (known2) A Schedule's reference note ("[cl. 2.4(1)]", the provision it serves), at the end of its new heading.
REFERENCE_NOTE = re.compile(r"\s*(\[[^\[\]]{1,80}\])$")


def _schedule_heading(schedule: Provision, new: str) -> Provision:
    """``schedule`` with the heading ``new``; a reference note ending ``new`` ("… AND TIMES [cl. 2.4(1)]") is the
    Schedule's reference line, printed under its heading (its first line, "[cl. 2.4]"), which it replaces; where the
    law prints no such line, the law's Schedule headings carry none, and the note is left out (the reader says so)."""
    note = REFERENCE_NOTE.search(new)
    if note is None:
        return replace(schedule, heading=new)
    first = schedule.children[0] if schedule.children else None
    heading = replace(schedule, heading=new[: note.start()].rstrip())
    if first is None or first.kind != "text" or not re.fullmatch(r"\[[^\[\]]+\]", first.text or ""):
        return heading
    return replace(heading, children=(replace(first, text=note.group(1)), *schedule.children[1:]))


def _refuse_line_after(
    siblings: tuple[Provision, ...], index: int, target: Provision, op: Operation, inst: Instrument | None
) -> None:
    """(review5) "In clause 2.2, after subclause (3) insert— (4) …" where a line of the clause's text ("Penalty:
    $200.", a note) follows subclause (3): whether the line is (3)'s or the whole clause's is not told (docs/format.md
    says neither), so the new (4) could go before it or after it. Refused, naming the line."""
    if op.position == "before" or target.kind in ("text", "item") or index >= len(siblings):
        return
    if not (_penalty_line(siblings[index]) or re.match(r"Notes?\b", siblings[index].text or "")):
        return  # (a schedule's sub-heading between rows, "Offences in halls", heads the rows after it)
    line = " ".join((siblings[index].text or "").split())
    raise ApplyRefused(
        inst, op, f"the line “{line[:80]}” follows {op.target}, and whether it is {op.target}'s or its parent's is not "
        "told, so where the new text goes (before or after that line) is not certain",
        "amend the instrument file's operations by hand",
    )  # fmt: skip


def _penalty_line(p: Provision) -> bool:
    """Whether ``p`` is a penalty line: a line of text "Penalty: …" or "Penalty for this subclause: …"."""
    return p.kind == "text" and bool(re.match(r"Penalty(?: for this [\w-]+)?:", p.text or ""))


def _check_fit(
    target: Provision, new: tuple[Provision, ...], inst: Instrument | None, op: Operation, prev: str | None = None
) -> None:
    """New provisions must be what they replace: a clause for a clause, a paragraph for a paragraph (fit check)."""
    if new[0].kind != target.kind:
        raise ApplyRefused(
            inst,
            op,
            f"the new text reads as a {new[0].kind}, not a {target.kind} like the provision it replaces",
            "check where the new text begins and ends in the instrument",
        )
    if (
        target.num
        and new[0].num
        and clean_num(new[0].num).rstrip(".") != clean_num(target.num).rstrip(".")
        and not _inserted_then_own(target, new, prev)
    ):
        # (review 10, a14b) "repealing subclause (2) and re-enacting it … (4) …", "delete subclause (2) and insert— (4)
        # …": the new text's label is not the one it replaces, so the law would read (1), (4), (3) — a slip of the
        # instrument's or of its reading; a renumbering is said in words ("to stand as", "renumber")
        raise ApplyRefused(
            inst,
            op,
            f"the new text is labelled {new[0].num}, but it replaces {target.kind} {target.num}",
            "check the gazette; a provision renumbered is said in words (give the operations by hand if it is)",
        )


def _inserted_then_own(target: Provision, new: tuple[Provision, ...], prev: str | None) -> bool:
    """(r16) "Delete clause 9(2) and (3) and insert: (1A) … (2) … (3) …": new text that opens with labels inserted
    between the provision before the target and the target ((1) → (1A)), then goes on with the target's own label, in
    sequence ((1A) → (2)); the law reads (1), (1A), (2), (3), in order. Not a renumbering."""
    if prev is None or target.kind not in BRACKETED_KINDS:
        return False
    roman = target.kind == "subparagraph"
    labels = [p.num for p in new if p.kind == target.kind and p.num]
    if target.num not in labels[1:]:
        return False
    run = [prev, *labels[: labels.index(target.num) + 1]]
    return all(follows(a, b, roman=roman) for a, b in pairwise(run))


@dataclass(frozen=True, slots=True)
class Step:
    """What one operation of an instrument did: the law after it and the provisions it changed, or why it failed
    (then ``body`` is the law it was applied to)."""

    seq: int
    op: Operation
    body: tuple[Provision, ...]
    paths: tuple[Path, ...] = ()
    error: LawHistoryError | None = None


@dataclass(frozen=True, slots=True)
class Applied:
    """An instrument applied: the law's new body, the provenance of what changed, and a step per operation."""

    body: tuple[Provision, ...]
    changes: dict[str, Change]
    trace: tuple[Step, ...]


_RANGE = re.compile(r"(?:\(\w{1,4}\)|\d+(?:\.\d+)*[A-Z]{0,2})\s+to\s+(?:\(\w{1,4}\)|\d+(?:\.\d+)*[A-Z]{0,2})")


def _check_range(body: tuple[Provision, ...], inst: Instrument, index: int) -> None:
    """'delete paragraphs (b) to (d)' read as (b), (c) and (d): at the first of its deletions, every provision between
    the first and the last must be among them — one inserted since ((ca), 3.14A) would otherwise be left in place."""
    op = inst.operations[index]
    if (
        op.action != "delete"
        or not _RANGE.search(op.source)
        or (index and inst.operations[index - 1].source == op.source and inst.operations[index - 1].action == "delete")
    ):
        return
    run = [o for o in inst.operations[index:] if o.source == op.source and o.action == "delete"]
    paths = [p for o in run for p in find(body, o.target)]
    if len(paths) < 2 or len({p[:-1] for p in paths}) != 1:
        return
    parent, indexes = paths[0][:-1], sorted(p[-1] for p in paths)
    siblings = _children(body, parent)
    left = [siblings[i] for i in range(indexes[0], indexes[-1] + 1) if i not in indexes and siblings[i].kind != "text"]
    if left:
        raise ApplyRefused(
            inst, op, f"the range it deletes also spans {', '.join(f'{p.kind} {p.num}' for p in left)}, which its "
            "labels do not name", "check whether the range includes it and amend the operations by hand",
        )  # fmt: skip


def _clause_nums(body: tuple[Provision, ...]) -> list[str]:
    """The numbers of the law's clauses in order, not those of its schedules' paragraphs (a schedule numbers its own:
    "Schedule 1 — 1. …, 2. …" after clause 8 is not out of order)."""
    return [
        n
        for p in body
        if p.kind != "schedule"
        for n in ([p.num] if p.kind == "clause" and p.num else []) + _clause_nums(p.children)
    ]


def _item_num(p: Provision) -> str | None:
    """``p``'s label as its siblings are told apart by it: a table row's item number without the full stop some
    tables print after it ("11."), any other provision's label as it is."""
    return p.num.rstrip(".") if p.kind == "item" and p.num else p.num


def _lettered_before(num: str, nxt: str) -> bool:
    """(r16) Whether clause ``num`` is numbered to stand before ``nxt`` as WA inserts clauses between 6 and 6A: 6AA,
    6AB … ("After clause 6 insert: 6AA. …"); the sort key puts 6A first, as other drafting does."""
    m = re.fullmatch(r"(.*\d[A-Z]?)[A-Z]", num)
    return bool(m and len(num) >= 3 and num[-2].isalpha() and m.group(1) == nxt)


def _sibling_base(kind: str, num: str) -> int | None:
    """(fix13) The number a subclause's, a paragraph's or a subparagraph's label is numbered from — (2) and (2A): 2;
    (c) and (ca): c; (iii): 3 — or None where it is not certain (a doubled letter "(aa)" stands after (z) in one
    convention, after (a) in another; more letters; another shape). A letter after it ("(2A)", "(ca)") puts the label
    after its base's in some laws and before it in others ("(1A)" inserted before (1)), so only the base is compared."""
    inner = num.strip("()") if num.startswith("(") and num.endswith(")") else ""
    if kind == "subclause":
        m = re.fullmatch(r"(\d+)[A-Z]?", inner)
        return int(m.group(1)) if m else None
    if kind == "paragraph" and re.fullmatch(r"[a-z]{1,2}", inner) and not (len(inner) == 2 and inner[0] == inner[1]):
        return ord(inner[0])
    if kind == "subparagraph":
        from ..core.labels import ROMAN

        return ROMAN.index(inner) + 1 if inner in ROMAN else None
    return None


def _check_order_among_siblings(
    siblings: tuple[Provision, ...], at: int, node: Provision, op: Operation, inst: Instrument | None
) -> None:
    """(fix13, review 13) A new subclause, paragraph or subparagraph must fall between its neighbours of its kind, as a
    new clause must ('After clause 2.3(3) insert: (2A) …' puts (2A) after (3); 'After clause 2.5(d) insert: (ca) …'
    puts (ca) after (d)): a law out of its own order, the instruction contradicting itself. Told by the labels' bases
    alone (``_sibling_base``): the one before must not be numbered from a later base, the one after from an earlier."""
    if node.kind not in ("subclause", "paragraph", "subparagraph") or (base := _sibling_base(node.kind, node.num or "")) is None:
        return
    prev = next((c for c in reversed(siblings[:at]) if c.kind == node.kind and c.num), None)
    nxt = next((c for c in siblings[at + 1 :] if c.kind == node.kind and c.num), None)
    pb = _sibling_base(prev.kind, prev.num or "") if prev is not None else None
    nb = _sibling_base(nxt.kind, nxt.num or "") if nxt is not None else None
    if (pb is not None and pb > base) or (nb is not None and nb < base):
        raise ApplyRefused(
            inst, op, f"a new {node.kind} {node.num} here would be out of the law's numbering "
            f"(between {prev.num if prev is not None else 'the start'} and {nxt.num if nxt is not None else 'the end'})",
            "check where the instrument puts it",
        )  # fmt: skip


def _check_labels(
    before: tuple[Provision, ...], after: tuple[Provision, ...], paths: list[Path], op: Operation, inst: Instrument | None
) -> None:
    """New provisions must not repeat a label their list already has ('After clause 3.14 insert— 3.14A …' where 3.14A
    exists, '(g)' after (f) where (g) exists), and a new clause must fall between its neighbours' numbers ('After
    clause 2.1 insert— 3.16 …'): either would make two provisions one citation names, or a law out of order."""
    from ..core.labels import clause_key

    clauses = _clause_nums(after)
    for path in paths:
        node = get(after, path)
        if not node.num or node.kind in ("text", "definition"):
            continue
        if node.kind == "clause" and not any(get(after, path[:k]).kind == "schedule" for k in range(1, len(path))):
            same = [n for n in clauses if n == node.num]
            had = [n for n in _clause_nums(before) if n == node.num]
            i = clauses.index(node.num)
            prev = clauses[i - 1] if i else None
            nxt = clauses[i + 1] if i + 1 < len(clauses) else None
            if len(same) == 1 and (
                (prev is not None and clause_key(prev) >= clause_key(node.num) and not _lettered_before(prev, node.num))
                or (nxt is not None and clause_key(node.num) >= clause_key(nxt) and not _lettered_before(node.num, nxt))
            ):
                raise ApplyRefused(
                    inst, op, f"a new clause {node.num} here would be out of the law's numbering "
                    f"(between {prev or 'the start'} and {nxt or 'the end'})", "check where the instrument puts it",
                )  # fmt: skip
        else:
            try:
                old_siblings = _children(before, path[:-1])
            except (IndexError, LawHistoryError):
                old_siblings = ()
            # (review6 t10) a table's new row numbered as a row it has ("after item 6 insert— | 6 | …"), "6" and "6."
            # one item number
            num = _item_num(node)
            same = [c.num or "" for c in _children(after, path[:-1]) if c.kind == node.kind and _item_num(c) == num]
            had = [c.num or "" for c in old_siblings if c.kind == node.kind and _item_num(c) == num]
            _check_order_among_siblings(_children(after, path[:-1]), path[-1], node, op, inst)
        if len(same) > max(1, len(had)):
            raise ApplyRefused(
                inst, op, f"the law already has {node.kind} {node.num} there, so the new one would repeat its label",
                "check the instrument's label and where it puts the new provision",
            )  # fmt: skip


def apply_instrument(body: tuple[Provision, ...], inst: Instrument) -> Applied:
    """The law's body after every operation of ``inst``, the provenance of what changed, and the trace.

    Raises the refusal of the first operation that cannot be applied (``ApplyRefused`` or another ``LawHistoryError``),
    with ``trace`` set to the steps up to it: the whole instrument is refused.
    """
    changes: dict[str, Change] = {}
    steps: list[Step] = []
    kind_changed: Operation | None = None  # (known) the last operation that made a unit another kind
    absorbed: set[int] = set()  # (wr9) the deletes of a definition of several terms already deleted whole
    for seq, op in enumerate(inst.operations, start=1):
        if op.is_repeal or seq - 1 in absorbed:
            steps.append(Step(seq, op, body))
            continue
        try:
            _check_range(body, inst, seq - 1)
            if (joint := _joint_named_whole(body, inst, seq - 1)) is not None:
                # (wr9) "delete the definitions of “kennel” and “lead”" where one definition defines both: deleted
                # whole, once (the instruction's delete of each other term it holds is its own)
                paths: list[Path] = []
                after = _set(body, joint[0], ())
                absorbed |= joint[1]
            else:
                after, paths = _apply_operation(body, op, inst, fit=True)
            if op.action in ("insert", "substitute"):
                _check_labels(body, after, paths, op, inst)
        except LawHistoryError as e:
            steps.append(Step(seq, op, body, (), e))
            e.trace = tuple(steps)
            raise
        if op.action == "substitute_heading" and paths and get(after, paths[0]).kind != get(body, paths[0]).kind:
            kind_changed = op
        body = after
        steps.append(Step(seq, op, body, tuple(paths)))
        # Citations never change after an amendment (no renumbering), so record them now.
        for path in paths:
            changes[citation_of_path(body, path)] = Change(inst.title, inst.id, op.clause, op.action, inst.by_hand is not None)
            if op.action not in ("insert", "substitute", "insert_definition"):
                continue  # a heading or word edit changes only the provision itself
            for sub, _p in _walk_paths(get(body, path).children):
                hand = inst.by_hand is not None
                changes.setdefault(citation_of_path(body, path + sub), Change(inst.title, inst.id, op.clause, "within", hand))
    if kind_changed is not None:
        try:
            _check_units_read_back(body, inst, kind_changed)
        except LawHistoryError as e:
            e.trace = tuple(steps)
            raise
    return Applied(body, changes, tuple(steps))


#: (known) The units a heading replaced may make one another (a part holds divisions, a division subdivisions).
UNIT_RANK = {"part": 0, "division": 1, "subdivision": 2}


def _heading_printed(target: Provision, quoted: str) -> bool:
    """Whether ``quoted`` is ``target``'s heading as printed, with its label or without ("DIVISION 1.—PRELIMINARY."
    for Division 1 headed "PRELIMINARY"): the same letters and digits, whatever the case, stops and dashes."""

    def letters(text: str) -> str:
        return "".join(c for c in text.lower() if c.isalnum())

    heading = target.heading or ""
    return letters(quoted) in (letters(heading), letters(f"{target.kind} {target.num or ''} {heading}"))


def _unit_kind_changed(target: Provision, op: Operation) -> Provision | None:
    """(known) The unit ``target`` becomes: the operation's ``becomes`` (its new heading is the heading line of
    another kind of unit, read when the operation was made), when ``target`` is a part, division or subdivision."""
    return op.becomes if target.kind in UNIT_RANK else None


def _change_kind(
    body: tuple[Provision, ...], path: Path, target: Provision, becomes: Provision, op: Operation, inst: Instrument | None
) -> tuple[Provision, ...]:
    """(known) ``target`` made the unit ``becomes`` names (its kind, label and heading), its contents kept: refused
    where that unit cannot stand (a part inside a part, a division holding divisions) or where its label is taken."""
    name = f"{becomes.kind} {becomes.num}"
    parent = get(body, path[:-1]).kind if len(path) > 1 else None
    rank = UNIT_RANK[becomes.kind]
    if (parent in UNIT_RANK and UNIT_RANK[parent] >= rank) or (parent is None and becomes.kind == "subdivision"):
        where = f"in {parent} {get(body, path[:-1]).num}" if parent else "at the top of the law"
        raise ApplyRefused(inst, op, f"{target.kind} {target.num} would become {name} {where}, where no {becomes.kind} can stand",
                           "check the instrument's new heading")  # fmt: skip
    inner = sorted({c.kind for c in target.children if c.kind in UNIT_RANK and UNIT_RANK[c.kind] <= rank})
    if inner:
        raise ApplyRefused(inst, op, f"{target.kind} {target.num} holds {inner[0]}s, which {name} cannot hold",
                           "check the instrument's new heading")  # fmt: skip
    siblings = _children(body, path[:-1])
    if any(i != path[-1] and s.kind == becomes.kind and s.num == becomes.num for i, s in enumerate(siblings)):
        raise ApplyRefused(inst, op, f"the law already has {name}, so {target.kind} {target.num} cannot become it",
                           "check the instrument's new heading")  # fmt: skip
    return _set(body, path, (replace(target, kind=becomes.kind, num=becomes.num, heading=becomes.heading),))


def _check_units_read_back(body: tuple[Provision, ...], inst: Instrument, op: Operation) -> None:
    """(known) After an instrument that made a unit another kind: no unit stands after a unit of a higher kind beside
    it (a Division after a Part at the top of the law), where the law's text would read it as held by that one."""
    for siblings in (body, *(p.children for _, p in _outline(body))):
        higher: Provision | None = None
        for s in siblings:
            if s.kind not in UNIT_RANK:
                continue
            if higher is not None and UNIT_RANK[s.kind] > UNIT_RANK[higher.kind]:
                raise ApplyRefused(
                    inst, op, f"{s.kind} {s.num} would stand after {higher.kind} {higher.num} beside it, where the "
                    f"law's text reads it as {higher.kind} {higher.num}'s", "check which units the instrument renames",
                )  # fmt: skip
            if higher is None or UNIT_RANK[s.kind] < UNIT_RANK[higher.kind]:
                higher = s


def _renumber(
    body: tuple[Provision, ...], path: Path, target: Provision, op: Operation, inst: Instrument | None
) -> tuple[Provision, ...]:
    """(r3lz) ``target`` given the label ``op.new`` (its words, heading and sub-provisions kept): a clause "4.4", a
    bracketed label "(b)", a part's or schedule's number, a table row's item number (its first cell too, when that
    cell prints the old number). Refused when the new label is not of the target's kind of label, or when another
    provision beside it already has it (the law would print the label twice)."""
    new = (op.new or "").strip()
    if target.kind in ("definition", "text") or target.num is None:
        raise ApplyRefused(inst, op, f"a {target.kind} has no label to renumber", "name the provision whose label changes")
    bracketed = target.num.startswith("(")
    if bracketed != new.startswith("(") or (target.kind == "clause" and not re.fullmatch(r"\d+(?:\.\d+)*[A-Z]{0,2}", new)):
        raise ApplyRefused(inst, op, f"“{new}” is not a label for {target.kind} {target.num}", "check the new label")
    siblings = _children(body, path[:-1])
    if any(i != path[-1] and s.kind == target.kind and s.num == new for i, s in enumerate(siblings)):
        raise ApplyRefused(
            inst, op, f"{target.kind} {new} is already in the law beside it", "renumber the later provisions first"
        )
    cells = target.cells
    if target.kind == "item" and cells and cells[0].strip() == target.num:
        cells = (new, *cells[1:])
    return _set(body, path, (replace(target, num=new, cells=cells),))


def _in_penalty_line(p: Provision | None, fld: str, start: int) -> bool:
    """Whether the words found at ``start`` of ``p``'s ``fld`` are on a printed line that begins "Penalty"."""
    value = getattr(p, fld, None) if p is not None and not fld.startswith("cell") and fld != "heading" else None
    if not isinstance(value, str):
        return False
    line = value[value.rfind("\n", 0, start) + 1 :]
    return re.match(r"\s*Penalty\b", line) is not None
