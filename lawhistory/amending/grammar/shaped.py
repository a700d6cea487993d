"""Parses remembered by the shape of their tokens: with a basic lexer, lark's Earley parser sees only each token's kind
(``term.name == token.type``), so two texts whose tokens are of the same kinds, in the same order, have the same parses
(every reading, in the same order) and stop at the same token when they have none. Only the tokens' words and positions
differ.

A parse is kept as a template, each tree a node whose leaves are the tokens' numbers and whose positions
(``propagate_positions``) name the token each is taken from; another text of the same shape is given the template
filled with its own tokens, trees equal to the ones its own parse would give, positions and all. A parse whose trees
cannot be written so (a leaf or a position no token of the text gives) is not kept: that shape is parsed every time.

A memo given a file name keeps its shapes across processes, beside the built parsers (``core.compiled``): the name is
made from everything that decides a parse (the grammar's text, lark's options, lark's and Python's versions, this
module's ``FORMAT``), so a grammar edited starts a new file; lark's Earley parser orders its readings the same way in
every process (``ordered_sets``). The file is read when the memo is first asked, and written again (merged with what
other processes wrote since, whole or not at all) when the process ends, if it learnt a shape; one that cannot be
read, is not the user's own, or was written under another name (another grammar's memo copied over this one's) is
ignored, and a kept template that does not fit the text's tokens is parsed again.
"""

from __future__ import annotations

import atexit
import os
import pickle
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from lark import Token, Tree
from lark.tree import Meta

from ...core.compiled import _own, cache_dir

_T = TypeVar("_T")

#: How many shapes one memo keeps (a whole statewide corpus's instructions have some thousands).
MOST = 8192
#: The file's form (a dict of the file's own name, this number and what it keeps; the templates' ``_Node``): changed
#: with either, so that a file of another form is never read.
FORMAT = 2

# a position of a Meta and the attributes of a token it is copied from (lark copies them together)
_STARTS = {
    "start_pos": ("start_pos", "line", "column"),
    "container_start_pos": ("start_pos", "line", "column"),
}
_ENDS = {
    "end_pos": ("end_pos", "end_line", "end_column"),
    "container_end_pos": ("end_pos", "end_line", "end_column"),
}
_GROUPS = {
    "start_pos": ("start_pos", "line", "column"),
    "container_start_pos": ("container_start_pos", "container_line", "container_column"),
    "end_pos": ("end_pos", "end_line", "end_column"),
    "container_end_pos": ("container_end_pos", "container_end_line", "container_end_column"),
}
_TOKEN_ATTRS = ("type", "start_pos", "end_pos", "line", "column", "end_line", "end_column")


@dataclass(frozen=True, slots=True)
class _Node:
    data: object
    #: whether the tree has its Meta, and its ``empty``
    meta: bool
    empty: bool
    #: (Meta attributes, the number of the token they are copied from, that token's attributes), one a group
    positions: tuple[tuple[tuple[str, ...], int, tuple[str, ...]], ...]
    children: tuple[_Node | int, ...]
    #: whether the children are a tuple (as ``CollapseAmbiguities`` gives them), not a list
    in_tuple: bool


@dataclass(frozen=True, slots=True)
class Stopped:
    """No parse: it stopped at token number ``at`` (None: at the end of the text)."""

    at: int | None


def _template(tree: Tree[object], number: dict[int, int], tokens: Sequence[Token]) -> _Node | None:
    """``tree`` written with ``tokens``' numbers (None: a leaf or a position that no one token gives)."""
    children: list[_Node | int] = []
    if not isinstance(tree.children, list | tuple):
        return None
    for child in tree.children:
        if isinstance(child, Tree):
            node = _template(child, number, tokens)
            if node is None:
                return None
            children.append(node)
        elif isinstance(child, Token):
            at = number.get(child.start_pos) if isinstance(child.start_pos, int) else None
            if at is None or str(child) != str(tokens[at]):
                return None
            if any(getattr(child, a) != getattr(tokens[at], a) for a in _TOKEN_ATTRS):
                return None
            children.append(at)
        else:
            return None
    meta = tree._meta
    if meta is None:
        return _Node(tree.data, False, True, (), tuple(children), isinstance(tree.children, tuple))
    seen = set(vars(meta)) - {"empty"}
    positions: list[tuple[tuple[str, ...], int, tuple[str, ...]]] = []
    for key, group in _GROUPS.items():
        if key not in seen:
            if seen & set(group):
                return None  # a group in part: not what lark makes
            continue
        attrs = _STARTS.get(key) or _ENDS[key]
        value = getattr(meta, key)
        found = [i for i, t in enumerate(tokens) if getattr(t, attrs[0]) == value]  # the token it is copied from
        if len(found) != 1 or any(getattr(meta, m) != getattr(tokens[found[0]], a) for m, a in zip(group, attrs, strict=True)):
            return None
        positions.append((group, found[0], attrs))
        seen -= set(group)
    if seen:
        return None  # a Meta attribute this template does not know how to fill
    return _Node(tree.data, True, meta.empty, tuple(positions), tuple(children), isinstance(tree.children, tuple))


def _filled(node: _Node, tokens: Sequence[Token]) -> Tree[object]:
    """The tree of ``node`` with ``tokens`` as its leaves and positions."""
    listed = [tokens[c] if isinstance(c, int) else _filled(c, tokens) for c in node.children]
    children = tuple(listed) if node.in_tuple else listed
    if not node.meta:
        return Tree(node.data, children)  # type: ignore[arg-type]
    meta = Meta()  # type: ignore[no-untyped-call]
    meta.empty = node.empty
    for group, at, attrs in node.positions:
        for m, a in zip(group, attrs, strict=True):
            setattr(meta, m, getattr(tokens[at], a))
    return Tree(node.data, children, meta)  # type: ignore[arg-type]


def _read(file: str | None) -> dict[Any, Any]:
    """What the cache directory's ``file`` holds (nothing: no file, a file that cannot be read, not the user's own, or
    one written under another name: a memo of another grammar copied over this one's is never read)."""
    if file is None:
        return {}
    path = cache_dir() / file
    try:
        if _own(path):
            found = pickle.loads(path.read_bytes())
            if (
                isinstance(found, dict)
                and found.get("file") == file
                and found.get("format") == FORMAT
                and isinstance(found.get("kept"), dict)
            ):
                return {k: v for k, v in found["kept"].items() if isinstance(k, tuple)}
    except Exception:
        pass  # not kept yet, or a file that cannot be read: learnt again
    return {}


def _write(file: str, learnt: dict[Any, Any]) -> None:
    """``learnt`` written into the cache directory's ``file``, with what it holds (whole or not at all)."""
    merged = {**_read(file), **learnt}
    if len(merged) > MOST:
        merged = dict(list(merged.items())[-MOST:])
    try:
        path = cache_dir() / file
        path.parent.mkdir(parents=True, exist_ok=True)
        data = pickle.dumps({"file": file, "format": FORMAT, "kept": merged}, protocol=pickle.HIGHEST_PROTOCOL)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{file}-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)  # a reader never sees half a file
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    except (OSError, pickle.PicklingError, TypeError, AttributeError, RecursionError):
        pass  # not kept: learnt again next time


class KindsMemo:
    """Answers that are a function of a sequence of token kinds (whether a parser parses them, where it stops),
    remembered, and kept in the cache directory's ``file`` as a ``ShapeMemo`` keeps its shapes."""

    def __init__(self, file: str | None = None) -> None:
        self._kept: dict[tuple[str, ...], object] = {}
        self._file = file
        self._loaded = file is None
        self._learnt: dict[tuple[str, ...], object] = {}

    def answer(self, key: tuple[str, ...], compute: Callable[[], _T]) -> _T:
        """The answer for ``key``: ``compute``'s, the first time it is asked in any process keeping the file."""
        if not self._loaded:
            self._loaded = True
            self._kept.update(_read(self._file))
        if key in self._kept:
            kept = self._kept[key]
            if isinstance(kept, bool | int):  # the answers kept are whether, or where: anything else is not used
                return kept  # type: ignore[return-value]
        found = compute()
        if len(self._kept) >= MOST:
            self._kept.clear()
        self._kept[key] = found
        if self._file is not None:
            if not self._learnt:
                atexit.unregister(self.save)
                atexit.register(self.save)
            self._learnt[key] = found
        return found

    def save(self) -> None:
        """Write what this process learnt into the file, with what it holds already."""
        if self._file is not None and self._learnt:
            _write(self._file, self._learnt)
        self._learnt.clear()

    def clear(self) -> None:
        """Forget every answer, in this process only."""
        self._kept.clear()
        self._learnt.clear()
        self._loaded = self._file is None


class ShapeMemo:
    """The parses of texts, remembered by their tokens' kinds (see the module's note); kept in the cache directory's
    ``file`` when one is named."""

    def __init__(self, file: str | None = None) -> None:
        self._kept: dict[tuple[str, ...], tuple[_Node, ...] | Stopped | None] = {}
        self._file = file
        self._loaded = file is None
        self._learnt: dict[tuple[str, ...], tuple[_Node, ...] | Stopped] = {}

    def _read(self) -> dict[tuple[str, ...], tuple[_Node, ...] | Stopped]:
        return _read(self._file)

    def _load(self) -> None:
        self._loaded = True
        self._kept.update(self._read())

    def save(self) -> None:
        """Write what this process learnt into the file, with what it holds already."""
        if self._file is None or not self._learnt:
            return
        _write(self._file, self._learnt)
        self._learnt.clear()

    def _learn(self, shape: tuple[str, ...], kept: tuple[_Node, ...] | Stopped) -> None:
        if self._file is not None:
            if not self._learnt:
                atexit.unregister(self.save)
                atexit.register(self.save)
            self._learnt[shape] = kept

    def parses(
        self, tokens: Sequence[Token], parse: Callable[[], list[Tree[object]] | Stopped | _T]
    ) -> list[Tree[object]] | Stopped | _T:
        """The trees of the text whose tokens (all of them, as the parser's lexer makes them) are ``tokens``, or where
        its parse stopped; ``parse`` parses the text itself when no text of this shape was parsed before (anything
        else it gives, neither trees nor a ``Stopped``, is given back and that shape parsed every time)."""
        if not self._loaded:
            self._load()
        shape = tuple(str(t.type) for t in tokens)
        if shape in self._kept:
            kept = self._kept[shape]
            if isinstance(kept, Stopped):
                return kept
            if isinstance(kept, tuple):
                try:
                    return [_filled(node, tokens) for node in kept]
                except (AttributeError, IndexError, TypeError, ValueError):
                    self._kept[shape] = None  # not a template of this shape: parsed every time
            return parse()
        found = parse()
        if len(self._kept) >= MOST:
            self._kept.clear()
        if isinstance(found, Stopped):
            self._kept[shape] = found
            self._learn(shape, found)
        elif isinstance(found, list):
            number = {t.start_pos: i for i, t in enumerate(tokens) if isinstance(t.start_pos, int)}
            nodes = [_template(tree, number, tokens) for tree in found]
            if all(n is not None for n in nodes):
                template = tuple(n for n in nodes if n is not None)
                self._kept[shape] = template
                self._learn(shape, template)
            else:
                self._kept[shape] = None
        else:
            self._kept[shape] = None
        return found

    def clear(self) -> None:
        """Forget every shape, in this process only (the file is left as it is, and read again when next asked)."""
        self._kept.clear()
        self._learnt.clear()
        self._loaded = self._file is None
