"""The structured text of provisions (see docs/format.md), read into provisions: the grammar of a law's body.

A body is lines: ``PART 2—Heading``, ``2.8 Heading`` and its own words, ``(a) words`` indented under what holds it,
``**term** means …``, ``| cells |`` rows, ``\\`` escaping a plain line. ``parse_body`` reads a whole body (the files in
``laws/`` and ``amendments/``, read by ``files.textformat``) and ``parse_fragment`` new provisions, as an operation
carries them: read when the operation is made, so the applier only places them.
"""

from __future__ import annotations

import re

from .errors import FormatError
from .ids import ORDINALS
from .labels import BRACKET_LABEL, HALF_BRACKET_LABEL, bracket_kind, row_num
from .model import BRACKETED_KINDS, CONTAINER_KINDS, Provision

INDENT = "  "
RULE = "————"
KEYWORDS = {"part": "PART", "division": "Division", "subdivision": "Subdivision", "schedule": "Schedule"}
_KEYWORD_KIND = {v: k for k, v in KEYWORDS.items()}
_LEVEL = {"part": 1, "division": 2, "subdivision": 3}

# A Part may be numbered in roman numerals (PART IV—…) in older laws.
CONTAINER_LINE = re.compile(r"(PART|Division|Subdivision|Schedule) (\d+[A-Z]{0,2}|[IVX]{1,6}(?=—|$))(?:—(.*))?$")
# A schedule named rather than numbered, as older laws print it: "First Schedule—SUFFICIENT FENCE".
ORDINAL_SCHEDULE_LINE = re.compile(r"(" + "|".join(ORDINALS) + r") Schedule(?:—(.*))?$")
CLAUSE_LINE = re.compile(r"(\d+(?:\.\d+)+[A-Z]{0,2}|\d+[A-Z]{0,2}\.)(?: (.*))?$")
BRACKET_LINE = re.compile(r"(" + BRACKET_LABEL.pattern + "|" + HALF_BRACKET_LABEL.pattern + r")(?: (.*))?$")
# A quoted term keeps its quotes outside the stars: “**Act**” means …
_DEFINITION_LINE = re.compile(r"([“\"‘]?)\*\*(.+?)\*\*(.*)$")
_ENTRY_LINE = re.compile(r"(\d{1,3})\. (.+)$")
_TABLE_SEPARATOR = re.compile(r"\|(?:---\|)+$")


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

        container = CONTAINER_LINE.match(raw) if depth == 0 and first in "PDS" else None
        ordinal = ORDINAL_SCHEDULE_LINE.match(raw) if depth == 0 and first in "FSTEN" and not container else None
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
            plain = not (BRACKET_LINE.match(stripped) or stripped.startswith(("**", "|"))) or first == "\\"
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
        elif (first == "(" or first.islower()) and parent is not None and (m := BRACKET_LINE.match(stripped)):
            label = m.group(1)
            node = _Node(bracket_kind(label, parent.kind, parent.last_label), label, text=m.group(3))
        elif (
            (first == "(" or first.islower())
            and depth == 0
            and containers
            and containers[-1].kind == "schedule"
            and (m := BRACKET_LINE.match(stripped))
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
        elif depth == 0 and first.isdigit() and (m := CLAUSE_LINE.match(stripped)):
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
