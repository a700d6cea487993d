"""Parse the head of one instruction with the declared grammar (wa.lark): every parse, or where the parse stopped.

The grammar is read by lark's Earley parser with ``ambiguity="explicit"``, so an instruction that can be read two
ways gives both parses; ``readings`` expands them (up to ``MAX_READINGS``) and the caller refuses when they make
different operations. A head the grammar cannot parse gives ``NoParse`` naming the words where the parse stopped.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lark import Lark, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.visitors import CollapseAmbiguities

GRAMMAR = Path(__file__).with_name("wa.lark")
MAX_READINGS = 32  # more than this many parses of one head is itself a sign the words are unclear


@dataclass(frozen=True, slots=True)
class NoParse:
    """The grammar has no parse of the head: ``at`` is where it stopped, ``words`` the words from there."""

    at: int
    words: str


@cache
def parser() -> Lark:
    return Lark(
        GRAMMAR.read_text(encoding="utf-8"),
        parser="earley",
        lexer="basic",
        ambiguity="explicit",
        propagate_positions=True,
        maybe_placeholders=False,
    )


def rule_names() -> list[str]:
    """The names of the grammar's rules and aliases, in the order the grammar declares them."""
    names: list[str] = []
    for rule in parser().rules:
        for name in (rule.alias, str(rule.origin.name)):
            if name and not name.startswith("_") and name not in names:
                names.append(str(name))
    return names


def names_whole_law(words: str) -> bool:
    """Whether ``words`` are the grammar's name of the law itself ("the principal local law", "The principal by-laws")."""
    try:
        return [t.type for t in parser().lex(words.strip())] == ["PRINCIPAL_LAW"]
    except UnexpectedInput:
        return False


def readings(head: str) -> list[Tree[object]] | NoParse:
    """Every parse of ``head`` (one tree a reading), or where the parse stopped."""
    try:
        tree = parser().parse(head)
    except UnexpectedEOF:
        return NoParse(len(head), "")
    except UnexpectedToken as e:
        at = e.token.start_pos or 0 if e.token.type != "$END" else len(head)
        return NoParse(at, head[at:])
    except UnexpectedCharacters as e:
        at = e.pos_in_stream or 0
        return NoParse(at, head[at:])
    except UnexpectedInput as e:
        at = getattr(e, "pos_in_stream", None) or 0
        return NoParse(at, head[at:])
    trees: list[Tree[object]] = CollapseAmbiguities().transform(tree)
    return trees
