"""Parse the head of one instruction with the declared grammar (wa.lark): every parse, or where the parse stopped.

The grammar is read by lark's Earley parser with ``ambiguity="explicit"``, so an instruction that can be read two
ways gives both parses; ``readings`` expands them (up to ``MAX_READINGS``) and the caller refuses when they make
different operations. A head the grammar cannot parse gives ``NoParse`` naming the words where the parse stopped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.lexer import Lexer, LexerThread
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


OPENING = Path(__file__).with_name("opening.lark")
_DEFINED = re.compile(r"^([A-Z][A-Z0-9_]*)(?:\.\d+)?\s*:.*$", re.M)  # a terminal's definition: "IN.2: /in\b/i"
_NAME = re.compile(r"\b[A-Z][A-Z0-9_]*\b")
#: How many tokens past a candidate position an opening may reach (the longest: a place, up to 24 words, its verb).
OPENING_REACH = 32


@cache
def _opening_words() -> tuple[Lexer, frozenset[str]]:
    """The lexer of openings: wa.lark's terminals with opening.lark's own; and the terminals opening.lark names."""
    wa, opening = GRAMMAR.read_text(encoding="utf-8"), OPENING.read_text(encoding="utf-8")
    own = "\n".join(m.group(0) for m in _DEFINED.finditer(opening))
    names = sorted(set(_DEFINED.findall(wa + "\n" + own)))
    text = f"{wa}\n{own}\nop_all_words: ({' | '.join(names)})*\n"
    lexer = Lark(text, parser="earley", lexer="basic", start="op_all_words")._build_lexer()
    rules = _DEFINED.sub("", re.sub(r"//[^\n]*", "", opening))
    return lexer, frozenset(_NAME.findall(rules)) - {"OP_WORD"}


def _bounded(rules: str) -> str:
    """``rules`` with each ``x~0..n`` (up to n of x) written as a chain of rules, ``_x_upto_n: x _x_upto_(n-1) |``: the
    parser then predicts one more x at a time, where lark would list every count as an alternative of the rule."""
    wanted = {(m.group(1), int(m.group(2))) for m in re.finditer(r"\b(_?[a-z_]+)~0\.\.(\d+)", rules)}
    out = re.sub(r"\b(_?[a-z_]+)~0\.\.(\d+)", lambda m: f"_{m.group(1).lstrip('_')}_upto_{m.group(2)}", rules)
    chains = {name: max(n for m, n in wanted if m == name) for name, _ in wanted}
    for name, most in sorted(chains.items()):
        base = name.lstrip("_")
        for n in range(most, 0, -1):
            out += f"\n_{base}_upto_{n}: {name} _{base}_upto_{n - 1} | "
        out += f"\n_{base}_upto_0: "
    return out + "\n"


class _Tokens(Lexer):
    """Hands the opening grammar tokens already lexed (``opens_instruction``)."""

    def __init__(self, lexer_conf: object) -> None:
        pass

    def lex(self, data: object) -> Iterator[Token]:  # type: ignore[override]
        yield from data  # type: ignore[misc]


@cache
def opening_parser() -> Lark:
    """opening.lark's rules over the tokens of wa.lark's words (OP_WORD: a terminal the rules do not name)."""
    _, named = _opening_words()
    rules = _bounded(_DEFINED.sub("", re.sub(r"//[^\n]*", "", OPENING.read_text(encoding="utf-8"))))
    inner = sorted(named - {"OP_EMDASH", "SEMI", "QUOTED"})
    text = f"{rules}\n_op_word: OP_WORD\n_op_named: {' | '.join(inner)}\n%declare OP_WORD {' '.join(sorted(named))}\n"
    return Lark(text, parser="earley", lexer=_Tokens, start="opening_ahead", maybe_placeholders=False, propagate_positions=True)


#: Sequences of token kinds (as opening.lark sees them) known to open an instruction, and known to open none: the answer
#: for words whose tokens begin with one of them is the grammar's answer for it, not asked again.
_OPENS: set[tuple[str, ...]] = set()
_OPENS_NOT: set[tuple[str, ...]] = set()


@lru_cache(maxsize=65536)
def opens_instruction(words: str) -> bool:
    """Whether an instruction opens at the start of ``words``: opening.lark parses an opening from there.

    The words are lexed with wa.lark's terminals up to ``OPENING_REACH`` tokens, or up to the first the terminals cannot
    read (a quotation cut off, a mark no terminal takes): an opening never runs past them.
    """
    lexer, named = _opening_words()
    tokens: list[Token] = []
    kinds: tuple[str, ...] = ()
    try:
        for tok in LexerThread.from_text(lexer, words).lex(None):  # type: ignore[no-untyped-call]
            kind = tok.type if tok.type in named else "OP_WORD"
            tokens.append(Token(kind, str(tok), start_pos=len(tokens), end_pos=len(tokens) + 1))
            kinds += (kind,)
            if kinds in _OPENS:
                return True
            if kinds in _OPENS_NOT:
                return False
            if len(tokens) >= OPENING_REACH:
                break
    except UnexpectedCharacters:
        pass
    if not tokens:
        return False
    try:
        tree = opening_parser().parse(tokens)  # type: ignore[arg-type]
    except UnexpectedToken as e:
        # no opening reads the tokens up to the one the parse stopped at, whatever follows it
        at = e.token.start_pos if isinstance(e.token.start_pos, int) and e.token.type != "$END" else None
        if at is not None:
            _OPENS_NOT.add(kinds[: at + 1])
        return False
    except UnexpectedInput:
        return False
    first = tree.children[0]
    end = first.meta.end_pos if isinstance(first, Tree) and not first.meta.empty else len(kinds)
    _OPENS.add(kinds[:end])
    return True
