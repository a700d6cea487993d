"""The structured text format of ``laws/`` and ``amendments/`` (see docs/format.md).

``render`` and ``parse`` are exact inverses on every file the project writes:
``parse(render(law)) == law`` and ``render(parse(text)) == text``. The body's lines are read by ``core.bodytext``
(new provisions are read with the operation that carries them); this module writes them and reads whole documents.
"""

from __future__ import annotations

from typing import Any

from ..core.bodytext import BRACKET_LINE as _BRACKET_LINE
from ..core.bodytext import CLAUSE_LINE as _CLAUSE_LINE
from ..core.bodytext import CONTAINER_LINE as _CONTAINER_LINE
from ..core.bodytext import INDENT, RULE
from ..core.bodytext import KEYWORDS as KEYWORDS
from ..core.bodytext import ORDINAL_SCHEDULE_LINE as _ORDINAL_SCHEDULE_LINE
from ..core.bodytext import parse_body as parse_body
from ..core.bodytext import parse_fragment as parse_fragment
from ..core.errors import FormatError
from ..core.ids import ORDINALS
from ..core.model import CONTAINER_KINDS, Law, LawMeta, Provision


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


def forget_rendered() -> None:
    """Drop the remembered lines of rendered provisions (see ``core.ids.forget_walks``: kept per law, not per build)."""
    _RENDERED.clear()


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
    from .frontmatter import dump_yaml  # YAML is loaded by what reads or writes front matter, not by what shows a law

    return "---\n" + dump_yaml(data) + "---\n"


def render(law: Law, extra: dict[str, Any] | None = None) -> str:
    """The structured text of ``law``; ``extra`` front matter keys follow the metadata."""
    from .frontmatter import meta_to_dict

    data = meta_to_dict(law.meta)
    if extra:
        data.update(extra)
    return render_front_matter(data) + "\n" + render_body(law.body, law.conclusions)


# --- parsing ------------------------------------------------------------------------------------


def split_front_matter(text: str, path: str | None = None) -> tuple[dict[str, Any], str, int]:
    """(front matter mapping, body text, line number where the body starts)."""
    if not text.startswith("---\n"):
        raise FormatError("a law file starts with a '---' line and YAML front matter", path=path, line=1)
    end = text.find("\n---\n", 3)
    if end < 0:
        raise FormatError("the front matter is not closed by a '---' line", path=path)
    from .frontmatter import load_front_matter

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


#: The longest line a law or instrument file may hold, in characters: a real file's longest is under 3,000 (one
#: provision, or a table row, a line). A line of 30 MB took a build 4 GB: past this one it is refused in one line.
MAX_LINE = 1_000_000


def parse_document(text: str, path: str | None = None) -> tuple[dict[str, Any], Law]:
    """Read a whole file into (front matter mapping, law)."""
    if "\r" in text:
        raise FormatError("the file has Windows line endings; save it with Unix (LF) line endings", path=path)
    if len(text) > MAX_LINE and (longest := max(map(len, text.split("\n")))) > MAX_LINE:
        line = 1 + next(n for n, ln in enumerate(text.split("\n")) if len(ln) == longest)
        raise FormatError(
            f"a line of {longest:,} characters; a line of a law file holds one provision, at most {MAX_LINE:,} "
            "characters (check the file: a real law's longest line is a few thousand)",
            path=path,
            line=line,
        )
    data, body, start = split_front_matter(text, path)
    try:
        from .frontmatter import meta_from_dict

        meta: LawMeta = meta_from_dict(data)
    except FormatError as e:
        raise FormatError(str(e), path=path) from None
    provisions, conclusions = parse_body(body, start, path)
    return data, Law(meta=meta, body=provisions, conclusions=conclusions)


def parse(text: str, path: str | None = None) -> Law:
    return parse_document(text, path)[1]
