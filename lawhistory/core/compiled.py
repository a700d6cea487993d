"""The grammars' parsers, built once and kept: lark takes some 0.15 s to build wa.lark's Earley parser and 0.3 s for
opening.lark's, in every new process that reads an instruction (every ``amend``), while loading the built parser
takes some 0.03 s.

A parser is kept in the user's cache directory (``LAWHISTORY_CACHE_DIR``, else ``$XDG_CACHE_HOME/lawhistory``, else
``~/.cache/lawhistory``), under a name made from everything that decides it: the grammar text given to lark, lark's
options, lark's and Python's versions. A grammar edited is a new name, so a kept parser is never used for another
grammar. A kept file that cannot be read (cut short, from another version of a library) is built again and replaced;
a directory that cannot be written leaves the parser built in memory only. A kept file is loaded only when it is the
user's own and no one else may write it. Nothing in the repository is ever read or written here: the files are the
program's own, made from its own grammar files.
"""

from __future__ import annotations

import _sre  # type: ignore[import-not-found]  # CPython's regular-expression engine: a kept pattern is made from its code
import copyreg
import hashlib
import importlib
import io
import os
import pickle
import re
import sys
import tempfile
import types
from collections.abc import Callable
from pathlib import Path
from re import _compiler as re_compiler  # type: ignore[attr-defined]
from re import _parser as re_parser  # type: ignore[attr-defined]
from typing import Any, TypeVar

import lark
from lark.grammar import Rule
from lark.lexer import BasicLexer, ContextualLexer
from lark.parsers import lalr_analysis

_T = TypeVar("_T")


def cache_dir() -> Path:
    """Where built parsers are kept."""
    if own := os.environ.get("LAWHISTORY_CACHE_DIR"):
        return Path(own)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "lawhistory"


def _module(m: types.ModuleType) -> tuple[Callable[[str], types.ModuleType], tuple[str]]:
    # a built parser holds the regular-expression module it lexes with: kept by its name, imported again on loading
    return importlib.import_module, (m.__name__,)


def lalr_action(name: str) -> lalr_analysis.Action:
    """lark's LALR action of that name: its parser tells a shift from a reduce by identity (``action is Shift``)."""
    action = getattr(lalr_analysis, name)
    if not isinstance(action, lalr_analysis.Action):
        raise pickle.UnpicklingError(f"not an LALR action: {name!r}")
    return action


def _action(a: lalr_analysis.Action) -> tuple[Callable[[str], lalr_analysis.Action], tuple[str]]:
    # an LALR parser's table holds lark's two actions, Shift and Reduce: kept by their names, the same objects on loading
    return lalr_action, (a.name,)


#: The kept files' form: 2 since their lexers are kept with their scanners built (their patterns as compiled code).
KEPT_FORM = 2


def _sre_arguments(p: re.Pattern[str]) -> tuple[Any, ...] | None:
    """The arguments ``re`` gave ``_sre.compile`` to make ``p`` (its compiled code among them), made again as
    ``re._compiler.compile`` makes them; None when they do not make the same pattern (the same flags, text and code)
    or this Python's ``re`` is not made so."""
    try:
        parsed = re_parser.parse(p.pattern, p.flags)
        code = [int(c) for c in re_compiler._code(parsed, p.flags)]  # its opcodes are named ints: kept as plain ones
        groupindex = dict(parsed.state.groupdict)
        indexgroup: list[str | None] = [None] * parsed.state.groups
        for name, i in groupindex.items():
            indexgroup[i] = name
        args = (p.pattern, p.flags | parsed.state.flags, code, parsed.state.groups - 1, groupindex, tuple(indexgroup))
        if _sre.compile(*args) != p:  # a pattern equals another of the same flags, text and compiled code
            return None
        return args
    except Exception:
        return None


def compiled_pattern(magic: int, args: tuple[Any, ...]) -> re.Pattern[str]:
    """A kept pattern loaded: made from its compiled code by ``_sre.compile`` (which checks the code) when the engine is
    the one that compiled it (its ``MAGIC``; the file's name holds Python's version too), else compiled from its text."""
    if magic == _sre.MAGIC:
        try:
            made = _sre.compile(*args)
            if isinstance(made, re.Pattern):
                return made
        except (RuntimeError, TypeError, ValueError, OverflowError):
            pass
    return re.compile(args[0], args[1])


def _pattern(p: re.Pattern[str]) -> tuple[Callable[..., re.Pattern[str]], tuple[Any, ...]]:
    # a lexer's built scanner holds compiled patterns: kept as their compiled code, so loading compiles none again
    args = _sre_arguments(p)
    if args is None:
        return re.compile, (p.pattern, p.flags)  # as ``re`` itself pickles a pattern
    return compiled_pattern, (_sre.MAGIC, args)


def _lexers(made: object) -> list[BasicLexer]:
    """The basic lexers a kept object lexes with (a lexer kept alone, a parser's basic lexer, or each of a contextual
    lexer's), their scanners built before it is kept."""
    if isinstance(made, BasicLexer):
        return [made]
    lexer = getattr(getattr(made, "parser", None), "lexer", None)
    if isinstance(lexer, BasicLexer):
        return [lexer]
    if isinstance(lexer, ContextualLexer):
        found = {id(x): x for x in [*lexer.lexers.values(), lexer.root_lexer] if isinstance(x, BasicLexer)}
        return list(found.values())
    return []


def _dumps(parser: object) -> bytes:
    """``parser`` pickled, with its lexers' scanners built (lark builds one on first use, compiling every terminal's
    pattern: some 30–50 ms in each new process) and their patterns kept as compiled code; pickled without them when
    they cannot be kept (a lexer callback pickle cannot write)."""
    lexers = [x for x in _lexers(parser) if x._scanner is None]
    for lexer in lexers:
        lexer.scanner  # noqa: B018 (built now, and kept with the lexer)
    try:
        return _pickled(parser)
    except (pickle.PicklingError, TypeError, AttributeError):
        for lexer in lexers:
            lexer._scanner = None
        return _pickled(parser)


def _pickled(parser: object) -> bytes:
    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {  # type: ignore[assignment]
        **copyreg.dispatch_table,
        types.ModuleType: _module,
        lalr_analysis.Action: _action,
        re.Pattern: _pattern,
    }
    pickler.dump(parser)
    return out.getvalue()


def _own(path: Path) -> bool:
    """Whether the kept file is the user's own and no one else can write it (a parser is code: one planted by someone
    else is never loaded, only built again over)."""
    st = path.stat()
    mine = not hasattr(os, "getuid") or st.st_uid == os.getuid()
    return mine and not st.st_mode & 0o022


def key(name: str, grammar: str, **options: object) -> str:
    """The file name of the parser built from ``grammar`` with ``options`` (by lark and Python of these versions)."""
    described = repr((grammar, sorted(options.items(), key=lambda kv: kv[0]), lark.__version__, sys.version, KEPT_FORM))
    return f"{name}-{hashlib.sha256(described.encode('utf-8')).hexdigest()[:24]}.pickle"


def built(name: str, grammar: str, **options: object) -> lark.Lark:
    """``lark.Lark(grammar, **options)``, loaded from the cache when it was built before, else built and kept."""
    return _kept(name, lambda: lark.Lark(grammar, **options), lark.Lark, key(name, grammar, **options))  # type: ignore[arg-type]


def built_lexer(name: str, grammar: str, **options: object) -> BasicLexer:
    """The basic lexer of ``lark.Lark(grammar, **options)`` alone (``_build_lexer()``: every terminal of the grammar),
    kept as ``built`` keeps a parser: loading it compiles none of its terminals' patterns, nor loads the parser."""

    def make() -> BasicLexer:
        made = lark.Lark(grammar, **options)._build_lexer()  # type: ignore[arg-type]
        assert isinstance(made, BasicLexer)
        return made

    return _kept(f"{name}-lexer", make, BasicLexer, key(f"{name}-lexer", grammar, **options))


def built_rules(name: str, grammar: str, **options: object) -> list[Rule]:
    """The rules of ``lark.Lark(grammar, **options)`` alone (``.rules``), kept as ``built`` keeps a parser: what is
    computed from a grammar's rules (the kinds a rule may end with) needs neither the parser's tables nor its lexer."""

    def make() -> list[Rule]:
        return list(lark.Lark(grammar, **options).rules)  # type: ignore[arg-type]

    return _kept(f"{name}-rules", make, list, key(f"{name}-rules", grammar, **options))


def _kept(name: str, make: Callable[[], _T], kind: type[_T], file: str) -> _T:
    """What ``make`` makes, loaded from the cache file ``file`` when it is there (the user's own, and a ``kind``),
    else made and kept."""
    path = cache_dir() / file
    try:
        if _own(path):
            loaded = pickle.loads(path.read_bytes())
            if isinstance(loaded, kind):
                return loaded
    except Exception:
        pass  # not kept yet, or a kept file that cannot be read (cut short, another library's): built again below
    made = make()
    try:
        data = _dumps(made)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{name}-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)  # whole or not at all: a reader never sees half a file
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        pass  # not kept: built again next time
    return made
