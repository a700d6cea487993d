"""The structured text format of ``laws/`` and ``amendments/`` (see docs/format.md).

``render`` and ``parse`` are exact inverses on every file the project writes:
``parse(render(law)) == law`` and ``render(parse(text)) == text``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from .errors import FormatError
from .frontmatter import dump_yaml, meta_from_dict, meta_to_dict
from .labels import BRACKET_LABEL, bracket_kind
from .model import CONTAINER_KINDS, Law, LawMeta, Provision
from .tables import row_num

INDENT = "  "
RULE = "————"
KEYWORDS = {"part": "PART", "division": "Division", "subdivision": "Subdivision", "schedule": "Schedule"}
_KEYWORD_KIND = {v: k for k, v in KEYWORDS.items()}
_LEVEL = {"part": 1, "division": 2, "subdivision": 3}

_CONTAINER_LINE = re.compile(r"(PART|Division|Subdivision|Schedule) (\d+[A-Z]{0,2})(?:—(.*))?$")
_CLAUSE_LINE = re.compile(r"(\d+(?:\.\d+)+[A-Z]{0,2}|\d+[A-Z]{0,2}\.)(?: (.*))?$")
_BRACKET_LINE = re.compile(r"(" + BRACKET_LABEL.pattern + r")(?: (.*))?$")
_DEFINITION_LINE = re.compile(r"\*\*(.+?)\*\*(.*)$")
_TABLE_SEPARATOR = re.compile(r"\|(?:---\|)+$")


def _needs_escape(line: str) -> bool:
    return bool(
        line.startswith(("\\", "**", "|", RULE))
        or _CONTAINER_LINE.match(line)
        or _CLAUSE_LINE.match(line)
        or _BRACKET_LINE.match(line)
        or line != line.strip()
        or not line
    )


def _plain(line: str) -> str:
    return "\\" + line if _needs_escape(line) else line


def _cells_line(cells: tuple[str, ...]) -> str:
    return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"


def _split_cells(line: str, lineno: int) -> tuple[str, ...]:
    if not (line.startswith("| ") and line.endswith(" |")):
        raise FormatError("a table row starts with '| ' and ends with ' |'", line=lineno)
    inner = line[2:-2]
    cells = re.split(r"(?<!\\) \| ", inner)
    return tuple(c.replace("\\|", "|") for c in cells)


# --- rendering ----------------------------------------------------------------------------------


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
        head = f"{KEYWORDS[p.kind]} {p.num}" + (f"—{p.heading}" if p.heading is not None else "")
        out.append(head)
        header_due = p.kind == "schedule" and bool(p.cells)
        for child in p.children:
            if header_due and child.kind == "item":
                _render_header(p.cells, out)
                header_due = False
            _render_provision(child, 0, out)
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
        if not text.startswith(term) or not term:
            raise FormatError(f"definition text {text[:40]!r} does not begin with its term {term!r}")
        out.append(f"{pad}**{term}**{text[len(term) :]}")
    elif p.kind == "item":
        out.append(pad + _cells_line(p.cells))
    elif p.kind == "text":
        out.append(pad + _plain(p.text or ""))
    else:  # pragma: no cover - Kind is closed
        raise FormatError(f"unknown provision kind {p.kind}")
    for child in p.children:
        _render_provision(child, depth + 1, out)


def render_body(body: tuple[Provision, ...], conclusions: tuple[Provision, ...] = ()) -> str:
    out: list[str] = []
    for p in body:
        _render_provision(p, 0, out)
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


@dataclass
class _Node:
    kind: str
    num: str | None = None
    heading: str | None = None
    text: str | None = None
    term: str | None = None
    cells: tuple[str, ...] = ()
    children: list[_Node] = field(default_factory=list)
    depth: int = 0
    own_text_open: bool = False

    def freeze(self) -> Provision:
        if self.kind == "schedule":
            for child in self.children:
                if child.kind == "item":
                    child.num = row_num(self.cells, child.cells)
        return Provision(
            kind=self.kind,  # type: ignore[arg-type]
            num=self.num,
            heading=self.heading,
            text=self.text,
            term=self.term,
            cells=self.cells,
            children=tuple(c.freeze() for c in self.children),
        )


def split_front_matter(text: str, path: str | None = None) -> tuple[dict[str, Any], str, int]:
    """(front matter mapping, body text, line number where the body starts)."""
    if not text.startswith("---\n"):
        raise FormatError("a law file starts with a '---' line and YAML front matter", path=path, line=1)
    end = text.find("\n---\n", 3)
    if end < 0:
        raise FormatError("the front matter is not closed by a '---' line", path=path)
    try:
        data = yaml.safe_load(text[4 : end + 1]) or {}
    except yaml.YAMLError as e:
        raise FormatError(f"the front matter is not valid YAML: {e}", path=path) from None
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
        _render_provision(p, 0, out)
    return "\n".join(line for line in out if line != "")


def parse_fragment(text: str, parent_kind: str | None = None) -> tuple[Provision, ...]:
    """Read new provisions written in the structured format.

    ``parent_kind`` is the kind of the provision they will sit in (``"clause"`` for subclauses,
    ``"subclause"`` for paragraphs ...), which decides what their bracketed labels are.
    """
    if parent_kind is None or parent_kind == "root" or parent_kind in CONTAINER_KINDS:
        return parse_body(text)[0]
    indented = "\n".join((INDENT + line) if line else line for line in text.split("\n"))
    return parse_body(indented, parent_kind=parent_kind)[0]


def parse_body(
    body: str, first_line: int = 1, path: str | None = None, *, parent_kind: str | None = None
) -> tuple[tuple[Provision, ...], tuple[Provision, ...]]:
    """Read a body into (provisions, closing words)."""
    root: list[_Node] = []
    containers: list[_Node] = []  # open part / division / subdivision / schedule, outermost first
    stack: list[_Node] = []  # open provisions by depth (depth 0 = child of a container or the root)
    fragment_parent: _Node | None = None
    if parent_kind is not None:
        fragment_parent = _Node(kind=parent_kind)
        stack.append(fragment_parent)
    conclusions: list[Provision] = []
    in_conclusions = False
    lines = body.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    pending_header: _Node | None = None

    def fail(message: str, lineno: int) -> FormatError:
        return FormatError(message, path=path, line=lineno)

    def siblings() -> list[_Node]:
        return containers[-1].children if containers else root

    for offset, raw in enumerate(lines):
        lineno = first_line + offset
        if raw == "":
            continue
        if in_conclusions:
            if raw.startswith(" "):
                raise fail("closing words are not indented", lineno)
            conclusions.append(Provision(kind="text", text=raw[1:] if raw.startswith("\\") else raw))
            continue
        stripped = raw.lstrip(" ")
        indent = len(raw) - len(stripped)
        if indent % len(INDENT):
            raise fail(f"indentation must be a multiple of {len(INDENT)} spaces", lineno)
        depth = indent // len(INDENT)
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
            raise fail("this line is indented deeper than the line it belongs to", lineno)
        if fragment_parent is not None and depth == 0:
            raise fail("new provisions must be indented under the provision they belong to", lineno)
        del stack[depth:]
        parent = stack[-1] if stack else None

        if depth == 0 and (m := _CONTAINER_LINE.match(raw)):
            kind = _KEYWORD_KIND[m.group(1)]
            node = _Node(kind=kind, num=m.group(2), heading=m.group(3))
            if kind == "schedule":
                containers.clear()
            else:
                while containers and _LEVEL.get(containers[-1].kind, 0) >= _LEVEL[kind]:
                    containers.pop()
            siblings().append(node)
            containers.append(node)
            stack.clear()
            continue

        if parent is not None and parent.own_text_open:
            parent.own_text_open = False
            plain = not (_BRACKET_LINE.match(stripped) or stripped.startswith(("**", "|"))) or stripped.startswith("\\")
            if plain and depth == len(stack):
                parent.text = stripped[1:] if stripped.startswith("\\") else stripped
                continue

        if stripped.startswith("\\"):
            node = _Node(kind="text", text=stripped[1:])
        elif m := _DEFINITION_LINE.match(stripped):
            node = _Node(kind="definition", term=m.group(1), text=m.group(1) + m.group(2))
        elif stripped.startswith("|"):
            node = _Node(kind="item", cells=_split_cells(stripped, lineno))
            holder = parent if parent is not None else (containers[-1] if containers else None)
            if (
                holder is not None
                and holder.kind == "schedule"
                and not holder.cells
                and not any(c.kind == "item" for c in holder.children)
            ):
                pending_header = holder
        elif (m := _BRACKET_LINE.match(stripped)) and (parent is not None):
            label = m.group(1)
            prev = next((c.num for c in reversed(parent.children) if c.kind in ("subclause", "paragraph", "subparagraph")), None)
            node = _Node(kind=bracket_kind(label, parent.kind, prev), num=label, text=m.group(3))
        elif depth == 0 and (m := _CLAUSE_LINE.match(stripped)):
            num = m.group(1)
            node = _Node(kind="clause", num=num[:-1] if num.endswith(".") and "." not in num[:-1] else num, heading=m.group(2))
            node.own_text_open = True
        else:
            node = _Node(kind="text", text=stripped)
        node.depth = depth
        if parent is not None:
            parent.children.append(node)
        else:
            siblings().append(node)
        stack.append(node)
    if fragment_parent is not None:
        return tuple(n.freeze() for n in fragment_parent.children), ()
    return tuple(n.freeze() for n in root), tuple(conclusions)


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
