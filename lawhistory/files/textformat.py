"""The structured text format of ``laws/`` and ``amendments/`` (see docs/format.md).

``render`` and ``parse`` are exact inverses on every file the project writes:
``parse(render(law)) == law`` and ``render(parse(text)) == text``.
"""

from __future__ import annotations

import re
from typing import Any

from ..core.errors import FormatError
from ..core.ids import ORDINALS
from ..core.labels import BRACKET_LABEL, HALF_BRACKET_LABEL, bracket_kind
from ..core.model import BRACKETED_KINDS, CONTAINER_KINDS, Law, LawMeta, Provision
from ..reading.tables import row_num
from .frontmatter import dump_yaml, load_front_matter, meta_from_dict, meta_to_dict

INDENT = "  "
RULE = "————"
KEYWORDS = {"part": "PART", "division": "Division", "subdivision": "Subdivision", "schedule": "Schedule"}
_KEYWORD_KIND = {v: k for k, v in KEYWORDS.items()}
_LEVEL = {"part": 1, "division": 2, "subdivision": 3}

# A Part may be numbered in roman numerals (PART IV—…) in older laws.
_CONTAINER_LINE = re.compile(r"(PART|Division|Subdivision|Schedule) (\d+[A-Z]{0,2}|[IVX]{1,6}(?=—|$))(?:—(.*))?$")
# A schedule named rather than numbered, as older laws print it: "First Schedule—SUFFICIENT FENCE".
_ORDINAL_SCHEDULE_LINE = re.compile(r"(" + "|".join(ORDINALS) + r") Schedule(?:—(.*))?$")
_CLAUSE_LINE = re.compile(r"(\d+(?:\.\d+)+[A-Z]{0,2}|\d+[A-Z]{0,2}\.)(?: (.*))?$")
_BRACKET_LINE = re.compile(r"(" + BRACKET_LABEL.pattern + "|" + HALF_BRACKET_LABEL.pattern + r")(?: (.*))?$")
# A quoted term keeps its quotes outside the stars: “**Act**” means …
_DEFINITION_LINE = re.compile(r"([“\"‘]?)\*\*(.+?)\*\*(.*)$")
_ENTRY_LINE = re.compile(r"(\d{1,3})\. (.+)$")
_TABLE_SEPARATOR = re.compile(r"\|(?:---\|)+$")


def _needs_escape(line: str) -> bool:
    return bool(
        line.startswith(("\\", "**", "“**", '"**', "‘**", "|", RULE))
        or _CONTAINER_LINE.match(line)
        or _ORDINAL_SCHEDULE_LINE.match(line)
        or _CLAUSE_LINE.match(line)
        or _BRACKET_LINE.match(line)
        or line != line.strip()
        or not line
    )


def _plain(line: str) -> str:
    return "\\" + line if _needs_escape(line) else line


def _cells_line(cells: tuple[str, ...]) -> str:
    return "| " + " | ".join(c.replace("\\", "\\\\").replace("|", "\\|") for c in cells) + " |"


def _split_cells(line: str, lineno: int) -> tuple[str, ...]:
    """The cells of a table row; ``\\|`` is a bar inside a cell and ``\\\\`` a backslash."""
    if not (line.startswith("| ") and line.endswith(" |")):
        raise FormatError("a table row starts with '| ' and ends with ' |'", line=lineno)
    inner = line[2:-2]
    cells: list[str] = []
    current: list[str] = []
    i = 0
    while i < len(inner):
        ch = inner[i]
        if ch == "\\" and i + 1 < len(inner) and inner[i + 1] in "\\|":
            current.append(inner[i + 1])
            i += 2
        elif inner.startswith(" | ", i):
            cells.append("".join(current))
            current = []
            i += 3
        else:
            current.append(ch)
            i += 1
    cells.append("".join(current))
    return tuple(cells)


# --- rendering ----------------------------------------------------------------------------------


def container_label(kind: str, num: str | None) -> str:
    """How a part, division, subdivision or schedule is labelled: ``PART 2``, ``Schedule 1``, ``First Schedule``."""
    if kind == "schedule" and num in ORDINALS:
        return f"{num} Schedule"
    return f"{KEYWORDS[kind]} {num}"


def _clause_label(num: str) -> str:
    return num if "." in num else num + "."


def _render_header(cells: tuple[str, ...], out: list[str]) -> None:
    out.append(_cells_line(cells))
    out.append("|" + "---|" * len(cells))


def _render_provision(p: Provision, depth: int, out: list[str]) -> None:
    pad = INDENT * depth
    if p.kind in CONTAINER_KINDS:
        if depth:
            raise FormatError(f"{p.kind} {p.num} cannot sit inside another provision")
        out.append("")
        head = container_label(p.kind, p.num) + (f"—{p.heading}" if p.heading is not None else "")
        out.append(head)
        header_due = p.kind == "schedule" and bool(p.cells)
        for child in p.children:
            if header_due and child.kind == "item":
                _render_header(p.cells, out)
                header_due = False
            _render_top(child, out)
        if header_due:
            _render_header(p.cells, out)
        return
    if p.kind == "clause":
        if depth == 0:
            out.append("")
        label = _clause_label(p.num or "")
        out.append(pad + (f"{label} {p.heading}" if p.heading else label))
        if p.text is not None:
            out.append(pad + INDENT + _plain(p.text))
        elif p.children and p.children[0].kind == "text":
            raise FormatError(f"clause {p.num} has no text of its own but starts with free text")
        for child in p.children:
            _render_provision(child, depth + 1, out)
        return
    if p.kind in ("subclause", "paragraph", "subparagraph"):
        out.append(pad + (f"{p.num} {p.text}" if p.text is not None else f"{p.num}"))
    elif p.kind == "definition":
        term, text = p.term or "", p.text or ""
        quote = text[:1] if text[:1] in '“"‘' and not term.startswith(text[:1]) else ""
        if not text.startswith(quote + term) or not term:
            raise FormatError(f"definition text {text[:40]!r} does not begin with its term {term!r}")
        out.append(f"{pad}{quote}**{term}**{text[len(quote + term) :]}")
    elif p.kind == "item" and not p.cells and p.num is not None and p.text is not None:
        out.append(f"{pad}{p.num}. {p.text}")  # a numbered entry of a schedule that is a list, not a table
    elif p.kind == "item":
        out.append(pad + _cells_line(p.cells))
    elif p.kind == "text":
        out.append(pad + _plain(p.text or ""))
    else:  # pragma: no cover - Kind is closed
        raise FormatError(f"unknown provision kind {p.kind}")
    for child in p.children:
        _render_provision(child, depth + 1, out)


#: The lines of recently rendered top-level provisions, by id: id → (provision, lines). Versions of a law share every
#: provision an amendment did not touch, so each version's text is mostly lines rendered before. Entries hold their
#: provision, so an id is never reused while cached.
_RENDERED: dict[int, tuple[Provision, list[str]]] = {}
_RENDERED_SIZE = 20_000


def _render_top(p: Provision, out: list[str]) -> None:
    """``_render_provision(p, 0, out)``, reusing the lines of a provision rendered before."""
    hit = _RENDERED.get(id(p))
    if hit is not None and hit[0] is p:
        out += hit[1]
        return
    start = len(out)
    _render_provision(p, 0, out)
    if len(_RENDERED) >= _RENDERED_SIZE:
        _RENDERED.clear()
    _RENDERED[id(p)] = (p, out[start:])


def render_body(body: tuple[Provision, ...], conclusions: tuple[Provision, ...] = ()) -> str:
    out: list[str] = []
    for p in body:
        _render_top(p, out)
    if conclusions:
        out.append("")
        out.append(RULE)
        for c in conclusions:
            out.append(_plain(c.text or ""))
    while out and out[0] == "":
        out.pop(0)
    return "\n".join(out) + "\n"


def render_front_matter(data: dict[str, Any]) -> str:
    return "---\n" + dump_yaml(data) + "---\n"


def render(law: Law, extra: dict[str, Any] | None = None) -> str:
    """The structured text of ``law``; ``extra`` front matter keys follow the metadata."""
    data = meta_to_dict(law.meta)
    if extra:
        data.update(extra)
    return render_front_matter(data) + "\n" + render_body(law.body, law.conclusions)


# --- parsing ------------------------------------------------------------------------------------


class _Node:
    """A provision being read: mutable until the body is complete, then frozen into a ``Provision``."""

    __slots__ = ("cells", "children", "heading", "kind", "last_label", "num", "own_text_open", "term", "text")

    def __init__(
        self,
        kind: str,
        num: str | None = None,
        heading: str | None = None,
        text: str | None = None,
        term: str | None = None,
        cells: tuple[str, ...] = (),
    ) -> None:
        self.kind = kind
        self.num = num
        self.heading = heading
        self.text = text
        self.term = term
        self.cells = cells
        self.children: list[_Node] = []
        self.own_text_open = False
        self.last_label: str | None = None  # the label of the last subclause, paragraph or subparagraph in it

    def add(self, child: _Node) -> None:
        self.children.append(child)
        if child.kind in BRACKETED_KINDS:
            self.last_label = child.num

    def freeze(self) -> Provision:
        if self.kind == "schedule":
            for child in self.children:
                if child.kind == "item" and child.cells:  # (a numbered entry keeps its printed number)
                    child.num = row_num(self.cells, child.cells)
        children = tuple([c.freeze() for c in self.children]) if self.children else ()
        return Provision(self.kind, self.num, self.heading, self.text, self.term, self.cells, children)  # type: ignore[arg-type]


def split_front_matter(text: str, path: str | None = None) -> tuple[dict[str, Any], str, int]:
    """(front matter mapping, body text, line number where the body starts)."""
    if not text.startswith("---\n"):
        raise FormatError("a law file starts with a '---' line and YAML front matter", path=path, line=1)
    end = text.find("\n---\n", 3)
    if end < 0:
        raise FormatError("the front matter is not closed by a '---' line", path=path)
    data = load_front_matter(text[4 : end + 1], path) or {}
    body = text[end + 5 :]
    start_line = text[: end + 5].count("\n") + 1
    if body.startswith("\n"):
        body = body[1:]
        start_line += 1
    return data, body, start_line


def render_fragment(provisions: tuple[Provision, ...]) -> str:
    """New provisions (as an instrument inserts them) in the structured format, without the blank lines."""
    out: list[str] = []
    for p in provisions:
        _render_top(p, out)
    return "\n".join(line for line in out if line != "")


def parse_fragment(text: str, parent_kind: str | None = None, previous_label: str | None = None) -> tuple[Provision, ...]:
    """Read new provisions written in the structured format.

    ``parent_kind`` is the kind of the provision they will sit in (``"clause"`` for subclauses,
    ``"subclause"`` for paragraphs ...) and ``previous_label`` the label printed just before them
    (``"(h)"``): together they decide what their bracketed labels are (an ``(i)`` after ``(h)`` is a
    paragraph).
    """
    if parent_kind is None or parent_kind == "root" or parent_kind in CONTAINER_KINDS:
        return parse_body(text)[0]
    indented = "\n".join((INDENT + line) if line else line for line in text.split("\n"))
    return parse_body(indented, parent_kind=parent_kind, previous_label=previous_label)[0]


def parse_body(
    body: str,
    first_line: int = 1,
    path: str | None = None,
    *,
    parent_kind: str | None = None,
    previous_label: str | None = None,
) -> tuple[tuple[Provision, ...], tuple[Provision, ...]]:
    """Read a body into (provisions, closing words)."""
    root: list[_Node] = []
    containers: list[_Node] = []  # open part / division / subdivision / schedule, outermost first
    stack: list[_Node] = []  # open provisions by depth (depth 0 = child of a container or the root)
    fragment_parent: _Node | None = None
    if parent_kind is not None:
        fragment_parent = _Node(parent_kind)
        stack.append(fragment_parent)
        if previous_label:
            # Stands for the sibling the new provisions follow; removed before they are returned.
            fragment_parent.add(_Node(bracket_kind(previous_label, parent_kind, None), num=previous_label))
    conclusions: list[Provision] = []
    in_conclusions = False
    lines = body.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    pending_header: _Node | None = None
    width = len(INDENT)

    def fail(message: str, lineno: int) -> FormatError:
        return FormatError(message, path=path, line=lineno)

    # Each line's first character rules out most kinds of line before any pattern is tried.
    for offset, raw in enumerate(lines):
        if not raw:
            continue
        if in_conclusions:
            if raw[0] == " ":
                raise fail("closing words are not indented", first_line + offset)
            conclusions.append(Provision(kind="text", text=raw[1:] if raw[0] == "\\" else raw))
            continue
        stripped = raw.lstrip(" ")
        indent = len(raw) - len(stripped)
        if indent % width:
            raise fail(f"indentation must be a multiple of {width} spaces", first_line + offset)
        depth = indent // width
        if pending_header is not None:
            if not _TABLE_SEPARATOR.match(raw):
                # The row was an ordinary first row, not a header.
                pending_header = None
            else:
                table = pending_header
                pending_header = None
                row = table.children.pop()
                table.cells = row.cells
                continue
        if depth == 0 and raw == RULE:
            in_conclusions = True
            continue
        if depth > len(stack):
            raise fail("this line is indented deeper than the line it belongs to", first_line + offset)
        if fragment_parent is not None and depth == 0:
            raise fail("new provisions must be indented under the provision they belong to", first_line + offset)
        del stack[depth:]
        parent = stack[-1] if stack else None
        first = stripped[:1]

        container = _CONTAINER_LINE.match(raw) if depth == 0 and first in "PDS" else None
        ordinal = _ORDINAL_SCHEDULE_LINE.match(raw) if depth == 0 and first in "FSTEN" and not container else None
        if container or ordinal:
            if container:
                kind = _KEYWORD_KIND[container.group(1)]
                node = _Node(kind, container.group(2), container.group(3))
            else:
                assert ordinal is not None
                kind = "schedule"
                node = _Node(kind, ordinal.group(1), ordinal.group(2))
            if kind == "schedule":
                containers.clear()
            else:
                while containers and _LEVEL.get(containers[-1].kind, 0) >= _LEVEL[kind]:
                    containers.pop()
            if containers:
                containers[-1].add(node)
            else:
                root.append(node)
            containers.append(node)
            stack.clear()
            continue

        if parent is not None and parent.own_text_open:
            parent.own_text_open = False
            plain = not (_BRACKET_LINE.match(stripped) or stripped.startswith(("**", "|"))) or first == "\\"
            if plain and depth == len(stack):
                parent.text = stripped[1:] if first == "\\" else stripped
                continue

        if first == "\\":
            node = _Node("text", text=stripped[1:])
        elif first in '*“"‘' and (m := _DEFINITION_LINE.match(stripped)):
            node = _Node("definition", term=m.group(2), text=m.group(1) + m.group(2) + m.group(3))
        elif first == "|":
            node = _Node("item", cells=_split_cells(stripped, first_line + offset))
            holder = parent if parent is not None else (containers[-1] if containers else None)
            if (
                holder is not None
                and holder.kind == "schedule"
                and not holder.cells
                and not any(c.kind == "item" for c in holder.children)
            ):
                pending_header = holder
        elif (first == "(" or first.islower()) and parent is not None and (m := _BRACKET_LINE.match(stripped)):
            label = m.group(1)
            node = _Node(bracket_kind(label, parent.kind, parent.last_label), label, text=m.group(3))
        elif (
            (first == "(" or first.islower())
            and depth == 0
            and containers
            and containers[-1].kind == "schedule"
            and (m := _BRACKET_LINE.match(stripped))
        ):
            # a lettered list printed in a schedule that is not a table: "Schedule 1(a)"
            label = m.group(1)
            node = _Node(bracket_kind(label, "schedule", containers[-1].last_label), label, text=m.group(3))
        elif (
            depth == 0
            and first.isdigit()
            and containers
            and containers[-1].kind == "schedule"
            and (m := _ENTRY_LINE.match(stripped))
            and not _opens_block(lines, offset)
        ):
            node = _Node("item", m.group(1), text=m.group(2))  # "1. The reserve …": a schedule's numbered entry
        elif depth == 0 and first.isdigit() and (m := _CLAUSE_LINE.match(stripped)):
            num = m.group(1)
            node = _Node("clause", num[:-1] if num.endswith(".") and "." not in num[:-1] else num, m.group(2))
            node.own_text_open = True
        else:
            node = _Node("text", text=stripped)
        if parent is not None:
            parent.add(node)
        elif containers:
            containers[-1].add(node)
        else:
            root.append(node)
        stack.append(node)
    if fragment_parent is not None:
        start = 1 if previous_label else 0
        return tuple(n.freeze() for n in fragment_parent.children[start:]), ()
    return tuple(n.freeze() for n in root), tuple(conclusions)


def _opens_block(lines: list[str], offset: int) -> bool:
    """Whether the line after ``lines[offset]`` (a line at the top level) is indented under it: then "1. Name" in a
    schedule is a rule (a clause) with its words below it, not a numbered entry, whose words are on its own line."""
    nxt = lines[offset + 1] if offset + 1 < len(lines) else ""
    return nxt.startswith(INDENT)


def parse_document(text: str, path: str | None = None) -> tuple[dict[str, Any], Law]:
    """Read a whole file into (front matter mapping, law)."""
    if "\r" in text:
        raise FormatError("the file has Windows line endings; save it with Unix (LF) line endings", path=path)
    data, body, start = split_front_matter(text, path)
    try:
        meta: LawMeta = meta_from_dict(data)
    except FormatError as e:
        raise FormatError(str(e), path=path) from None
    provisions, conclusions = parse_body(body, start, path)
    return data, Law(meta=meta, body=provisions, conclusions=conclusions)


def parse(text: str, path: str | None = None) -> Law:
    return parse_document(text, path)[1]
