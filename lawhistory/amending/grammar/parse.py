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
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.lexer import Lexer, LexerThread
from lark.visitors import CollapseAmbiguities

from ...core.compiled import built, built_lexer, key
from ...core.headings import heading_first as amending_heading_first
from ...core.quotes import outside_quotes
from .shaped import FORMAT as SHAPES_FORMAT
from .shaped import KindsMemo, ShapeMemo, Stopped

GRAMMAR = Path(__file__).with_name("wa.lark")
MAX_READINGS = 32  # more than this many parses of one head is itself a sign the words are unclear


@dataclass(frozen=True, slots=True)
class NoParse:
    """The grammar has no parse of the head: ``at`` is where it stopped, ``words`` the words from there."""

    at: int
    words: str


_OPTIONS: dict[str, object] = {
    "parser": "earley",
    "lexer": "basic",
    "ambiguity": "explicit",
    "propagate_positions": True,
    "maybe_placeholders": False,
}


@cache
def parser() -> Lark:
    return built("wa", GRAMMAR.read_text(encoding="utf-8"), **_OPTIONS)


@cache
def _lexer() -> Lexer:
    """wa.lark's lexer alone (the parser's own: every terminal), kept as the parser is: a head of a shape read before is
    lexed without loading the parser."""
    return built_lexer("wa", GRAMMAR.read_text(encoding="utf-8"), **_OPTIONS)


def rule_names() -> list[str]:
    """The names of the grammar's rules and aliases, in the order the grammar declares them."""
    names: list[str] = []
    for rule in parser().rules:
        for name in (rule.alias, str(rule.origin.name)):
            if name and not name.startswith("_") and name not in names:
                names.append(str(name))
    return names


def names_whole_law(words: str) -> bool:
    """Whether ``words`` are the grammar's name of the law itself ("the principal local law", "The principal by-laws";
    (wr9) "That local law": see ``names_that_law``)."""
    try:
        return [t.type for t in parser().lex(words.strip())] == ["PRINCIPAL_LAW"] or names_that_law(words)
    except UnexpectedInput:
        return False


def names_that_law(words: str) -> bool:
    """(wr9, review9 f9) Whether ``words`` are "That local law" (wa.lark's ``whole_law``: THAT LOCAL_LAW), the law the
    instrument's "Local law amended" clause names (refused where it names none or several)."""
    try:
        return [t.type for t in parser().lex(words.strip())] == ["THAT", "LOCAL_LAW"]
    except UnexpectedInput:
        return False


#: wa.lark's parses, by their tokens' kinds: a head of a shape parsed before is not parsed again (``shaped``)
_SHAPES = ShapeMemo(key(f"wa-shapes-{SHAPES_FORMAT}", GRAMMAR.read_text(encoding="utf-8"), **_OPTIONS))


@lru_cache(maxsize=1024)
def names_law_title(words: str) -> bool:
    """(issue 20, wr5a) Whether ``words`` are a law named by its title as the grammar reads one (wa.lark's
    ``law_named``: "The Shire of X Local Law 2015"), asked as the subject of "… is amended by deleting “x”."."""
    if words.split()[:1] and words.split()[0].lower() in ("this", "these", "that", "those"):
        return False  # "In this clause —", "that local law": the instrument's own words or one named before, no title
    parsed = readings(f"{words.strip()} is amended by deleting “x”.")
    if isinstance(parsed, NoParse):
        return False
    return any(t.data == "law_named" for tree in parsed for t in tree.iter_subtrees())


def readings(head: str) -> list[Tree[object]] | NoParse:
    """Every parse of ``head`` (one tree a reading), or where the parse stopped."""
    try:
        tokens = list(LexerThread.from_text(_lexer(), head).lex(None))  # type: ignore[no-untyped-call]
    except UnexpectedInput:
        return _readings(head)  # a mark no terminal reads: the parse says where

    def parse() -> list[Tree[object]] | Stopped | NoParse:
        found = _readings(head)
        if isinstance(found, NoParse):
            at = [i for i, t in enumerate(tokens) if t.start_pos == found.at]
            return Stopped(None) if found.at == len(head) else Stopped(at[0]) if at else found
        return found

    found = _SHAPES.parses(tokens, parse)
    if isinstance(found, Stopped):
        at = len(head) if found.at is None else tokens[found.at].start_pos or 0
        return NoParse(at, head[at:])
    return found


def _readings(head: str) -> list[Tree[object]] | NoParse:
    """``readings``, parsed."""
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
    lexer = built_lexer("opening-words", text, parser="earley", lexer="basic", start="op_all_words")
    rules = _DEFINED.sub("", re.sub(r"//[^\n]*", "", opening))
    return lexer, frozenset(_NAME.findall(rules)) - {"OP_WORD", "OP_QUOTED_MARKS", "OP_OPEN_QUOTE"}


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
    """Hands the opening grammar tokens already lexed (``opens_instruction``). It takes lark's own lexer interface
    (``__future_interface__ = 2``), so lark uses the class itself, not a wrapper class made inside lark, and the built
    parser can be kept (core/compiled.py)."""

    __future_interface__ = 2

    def __init__(self, lexer_conf: object) -> None:
        pass

    def lex(self, lexer_state: Any, parser_state: object) -> Iterator[Token]:  # type: ignore[override]
        yield from lexer_state.text


OPENINGS = (
    "opening_ahead",
    "sentence_ahead",
    "numbered_ahead",
    "sentence_alone",
    "payload_dash",
    "payload_dash_passive",
    "payload_restated",
    "payload_following",
    "payload_labelled",
    "payload_named_as_follows",
    "payload_quoted",
    "substitute_for",
    "amending_heading",
    "repeal_list_end",
    "lead_in_alone",
    "place_without_verb",
    "payload_rows_deleted",
    "amended_as_follows",
    "opening_alone",
    "numbered_alone",
    "placing_item_ahead",
    "placing_item_alone",
    "verb_lead_alone",
)
#: Each ``*_ahead`` rule is its opening then any words: it is asked as the opening alone, of the tokens up to an end.
_ALONE = {
    "opening_ahead": "opening_alone",
    "sentence_ahead": "sentence_alone",
    "numbered_ahead": "numbered_alone",
    "placing_item_ahead": "placing_item_alone",
}  # opening.lark's start rules


@cache
def _opening_text() -> str:
    """opening.lark's rules as ``opening_parser`` is built from them."""
    _, named = _opening_words()
    rules = _bounded(_DEFINED.sub("", re.sub(r"//[^\n]*", "", OPENING.read_text(encoding="utf-8"))))
    inner = sorted(named - {"OP_EMDASH", "SEMI", "QUOTED", "OP_QUOTED_MARKS"})
    words = sorted(set(inner) - {"COMMA", "DASH", "LPAR", "RPAR", "STOP"})
    every = ["OP_WORD", "OP_QUOTED_MARKS", "OP_OPEN_QUOTE", *sorted(named)]
    verbs = {"INSERT", "SUBSTITUTE", "REPLACE", "REPLACED", "OP_REPLACES", "THE_FOLLOWING", "AS_BELOW", "OP_AS_FOLLOWS"}
    quotes = {"QUOTED", "OP_QUOTED_MARKS", "OP_OPEN_QUOTE"}
    acting = verbs | {"DELETE", "DELETED", "INSERTED", "SUBSTITUTED", "REPEALED", "OP_VERB_WORD"} - {
        "THE_FOLLOWING",
        "AS_BELOW",
        "OP_AS_FOLLOWS",
    }
    text = (
        f"{rules}\n_op_word: OP_WORD\n_op_named: {' | '.join(inner)}\n_op_named_words: {' | '.join(words)}\n"
        # the words before the first word that takes new text, between it and its dash, after a passive verb, and in the
        # passive's few words ("the following new definition is inserted")
        f"_pd_before: {' | '.join(k for k in every if k not in verbs)}\n"
        f"_pd_between: {' | '.join(k for k in every if k not in quotes | {'DASH', 'OP_EMDASH', 'OP_ENDASH'})}\n"
        f"_pd_after: {' | '.join(k for k in every if k not in ('DASH', 'OP_EMDASH', 'OP_ENDASH'))}\n"
        f"_pd_short: {' | '.join(k for k in every if k not in quotes | {'DASH', 'SEMI', 'OP_EMDASH', 'OP_ENDASH'})}\n"
        # a lead-in's words: no verb, no em or en dash, no quotation left open (and for the provision it is amended
        # in, no quotation)
        f"_li_word: {' | '.join(k for k in every if k not in acting | {'OP_EMDASH', 'OP_ENDASH', 'OP_OPEN_QUOTE'})}\n"
        f"_li_within: {' | '.join(k for k in every if k not in acting | (quotes - {'QUOTED'}) | {'OP_EMDASH', 'OP_ENDASH', 'OP_AS_FOLLOWS'})}\n"
        f"%declare {' '.join(every)}\n"
    )
    return text


_OPENING_OPTIONS: dict[str, object] = {
    "parser": "earley",
    "lexer": _Tokens,
    "start": list(OPENINGS),
    "maybe_placeholders": False,
    "propagate_positions": True,
}


@cache
def opening_parser() -> Lark:
    """opening.lark's rules over the tokens of wa.lark's words (OP_WORD: a terminal the rules do not name); its start
    rules are ``OPENINGS``."""
    return built("opening", _opening_text(), **_OPENING_OPTIONS)


@cache
def _kinds_memo() -> KindsMemo:
    """The openings grammar's answers for sequences of kinds (``_stops``, ``_parses``), kept across processes: it sees
    only the tokens' kinds."""
    return KindsMemo(key(f"opening-kinds-{SHAPES_FORMAT}", _opening_text(), **_OPENING_OPTIONS))


#: Sequences of token kinds (as opening.lark sees them) known to open an instruction, and known to open none: the answer
#: for words whose tokens begin with one of them is the grammar's answer for it, not asked again.
_OPENS: dict[str, set[tuple[str, ...]]] = {start: set() for start in OPENINGS}
_OPENS_NOT: dict[str, set[tuple[str, ...]]] = {start: set() for start in OPENINGS}


def opens_instruction(words: str, start: str = "opening_ahead") -> bool:
    """Whether an instruction opens at the start of ``words``: opening.lark parses ``start`` from there (an item's
    opening after its label; ``sentence_ahead``: a new sentence's; ``numbered_ahead``: a numbered instruction's)."""
    return opening_length(words, start) is not None


@lru_cache(maxsize=65536)
def opening_length(words: str, start: str = "opening_ahead") -> int | None:
    """How many characters of ``words`` the opening that opens them takes (None: no instruction opens there).

    The words are lexed with wa.lark's terminals up to ``OPENING_REACH`` tokens, or up to the first the terminals cannot
    read (a quotation cut off, a mark no terminal takes): an opening never runs past them.
    """
    lexer, named = _opening_words()
    tokens: list[Token] = []
    ends: list[int] = []  # where each token ends in ``words``
    kinds: tuple[str, ...] = ()
    try:
        for tok in LexerThread.from_text(lexer, words).lex(None):  # type: ignore[no-untyped-call]
            kind = tok.type if tok.type in named else "OP_WORD"
            if kind == "QUOTED" and (";" in tok or "—" in tok):
                kind = "OP_QUOTED_MARKS"  # a quotation holding a semicolon or an em dash
            tokens.append(Token(kind, str(tok), start_pos=len(tokens), end_pos=len(tokens) + 1))
            ends.append(tok.end_pos or 0)
            kinds += (kind,)
            if kinds in _OPENS[start]:
                return ends[-1]
            if kinds in _OPENS_NOT[start]:
                return None
            if len(tokens) >= OPENING_REACH:
                break
    except UnexpectedCharacters:
        pass
    if not tokens:
        return None
    alone = _ALONE[start]
    stopped = _stops(kinds, alone)
    last = _last_kinds(alone)
    for k in range(1, min(stopped, len(tokens)) + 1):
        if kinds[k - 1] in last and ((k == len(tokens) and stopped > len(tokens)) or _parses(kinds[:k], alone)):
            _OPENS[start].add(kinds[:k])
            return ends[k - 1]
    if stopped < len(tokens):
        # no opening reads the tokens up to the one the parse stopped at, whatever follows it
        _OPENS_NOT[start].add(kinds[: stopped + 1])
    return None


@lru_cache(maxsize=65536)
def _stops(kinds: tuple[str, ...], alone: str) -> int:
    """Where a parse of ``alone`` over tokens of ``kinds`` stops (the number of the token; an opening of these words
    ends by then): ``len(kinds) + 1`` when the whole of them is one (a shorter one is looked for first). The parser sees
    only the kinds, so words of the same kinds stop at the same token."""
    return _kinds_memo().answer(("stops", alone, *kinds), lambda: _stops_now(kinds, alone))


def _stops_now(kinds: tuple[str, ...], alone: str) -> int:
    tokens = [Token(kind, kind, start_pos=i, end_pos=i + 1) for i, kind in enumerate(kinds)]
    stopped = len(tokens)
    try:
        opening_parser().parse(tokens, start=alone)  # type: ignore[arg-type]
    except UnexpectedToken as e:
        if isinstance(e.token.start_pos, int) and e.token.type != "$END":
            stopped = e.token.start_pos
    except UnexpectedInput:
        pass
    else:
        stopped = len(tokens) + 1
    return stopped


@cache
def _kinds_of(rule: str) -> frozenset[str]:
    """The kinds of token a parse of ``rule`` may hold (computed from the grammar's rules)."""
    rules = opening_parser().rules
    seen, todo, kinds = {rule}, [rule], set()
    while todo:
        name = todo.pop()
        for r in rules:
            if r.origin.name == name:
                for x in r.expansion:
                    if x.is_term:
                        kinds.add(str(x.name))
                    elif x.name not in seen:
                        seen.add(str(x.name))
                        todo.append(str(x.name))
    return frozenset(kinds)


@cache
def _last_kinds(rule: str) -> frozenset[str]:
    """The kinds of token a parse of ``rule`` may end with (computed from the grammar's rules)."""
    rules = opening_parser().rules
    nullable: set[str] = set()
    changed = True
    while changed:
        changed = False
        for r in rules:
            if r.origin.name not in nullable and all(not x.is_term and x.name in nullable for x in r.expansion):
                nullable.add(r.origin.name)
                changed = True
    last: dict[str, set[str]] = {}
    changed = True
    while changed:
        changed = False
        for r in rules:
            mine = last.setdefault(str(r.origin.name), set())
            before = len(mine)
            for x in reversed(r.expansion):
                mine |= {str(x.name)} if x.is_term else last.get(str(x.name), set())
                if x.is_term or x.name not in nullable:
                    break
            changed |= len(mine) != before
    return frozenset(last.get(rule, set()))


@lru_cache(maxsize=65536)
def _parses(kinds: tuple[str, ...], start: str) -> bool:
    """Whether tokens of ``kinds`` are, all of them, one parse of ``start``."""
    return _kinds_memo().answer(("parses", start, *kinds), lambda: _parses_now(kinds, start))


def _parses_now(kinds: tuple[str, ...], start: str) -> bool:
    tokens = [Token(kind, kind, start_pos=i, end_pos=i + 1) for i, kind in enumerate(kinds)]
    try:
        opening_parser().parse(tokens, start=start)  # type: ignore[arg-type]
    except UnexpectedInput:
        return False
    return True


def relabelling(words: str) -> tuple[int, int] | None:
    """Where (start, end) ``words`` first give provisions new labels ("renumber", "redesignate", "reletter": opening.lark's
    OP_RELABEL), outside quotation marks (a quotation is one token); None when they do not. Marks no terminal reads are
    passed over; an opening mark that does not close ends the search (the words after it are quoted)."""
    lexer, _ = _opening_words()
    at = 0
    while at < len(words):
        try:
            for tok in LexerThread.from_text(lexer, words[at:]).lex(None):  # type: ignore[no-untyped-call]
                if tok.type == "OP_RELABEL":
                    return at + (tok.start_pos or 0), at + (tok.end_pos or 0)
            return None
        except UnexpectedCharacters as e:
            stop = at + (e.pos_in_stream or 0)
            if words[stop] == "“":
                return None
            at = stop + 1
    return None


def _all_tokens(words: str) -> Iterator[tuple[Token, tuple[int, int]]]:
    """Every token of ``words`` as opening.lark sees them (numbered in order), with where each is in ``words``; a mark
    no terminal reads is an OP_WORD (an opening quotation mark that does not close: OP_OPEN_QUOTE)."""
    lexer, named = _opening_words()
    n = at = 0
    while at < len(words):
        try:
            for tok in LexerThread.from_text(lexer, words[at:]).lex(None):  # type: ignore[no-untyped-call]
                kind = tok.type if tok.type in named else "OP_WORD"
                if kind == "QUOTED" and (";" in tok or "—" in tok):
                    kind = "OP_QUOTED_MARKS"
                yield Token(kind, str(tok), start_pos=n, end_pos=n + 1), (at + (tok.start_pos or 0), at + (tok.end_pos or 0))
                n += 1
            return
        except UnexpectedCharacters as e:
            stop = at + (e.pos_in_stream or 0)
            yield (
                Token("OP_OPEN_QUOTE" if words[stop] == "“" else "OP_WORD", words[stop], start_pos=n, end_pos=n + 1),
                (stop, stop + 1),
            )
            n += 1
            at = stop + 1


_VERB_KINDS = frozenset(
    {"INSERT", "SUBSTITUTE", "REPLACE", "REPLACED", "OP_REPLACES", "THE_FOLLOWING", "AS_BELOW", "OP_AS_FOLLOWS", "TO_READ"}
)


@lru_cache(maxsize=8192)
def payload_dash(words: str, passive: bool) -> tuple[int, int] | None:
    """(where the word that takes new text ends, where the dash that opens the new text begins) in ``words``, read by
    opening.lark's ``payload_dash`` (``payload_dash_passive``); None: no dash opens new text.

    Cheap candidates first: the first dash after the first token that may be such a word (after each "the following",
    in the passive), and its words are asked of the grammar (from that "the following", in the passive).
    """
    start = "payload_dash_passive" if passive else "payload_dash"
    tokens: list[Token] = []
    spans: list[tuple[int, int]] = []
    froms: list[int] = []  # where a parse may begin: the start (active), each "the following" (passive)
    for tok, span in _all_tokens(words):
        tokens.append(tok)
        spans.append(span)
        if passive and tok.type == "THE_FOLLOWING":
            froms.append(len(tokens) - 1)
        elif not passive and tok.type in _VERB_KINDS and not froms:
            froms.append(0)
        if tok.type not in ("DASH", "OP_EMDASH", "OP_ENDASH") or not froms:
            continue
        while froms:
            j = froms.pop(0)
            try:
                tree = opening_parser().parse(tokens[j:], start=start)  # type: ignore[arg-type]
            except UnexpectedInput:
                continue
            verb = next(t for t in tree.iter_subtrees_topdown() if t.data in ("pd_verb", "pd_passive_verb"))  # type: ignore[no-untyped-call]
            return spans[verb.meta.end_pos - 1][1], span[0]
        if not passive:
            return None  # the first dash after the first such word: no quotation may come between
    return None


def _dashes_after(words: str, at_kind: str, words_between: frozenset[str], start: str, most: int) -> tuple[int, int] | None:
    """(where the first ``at_kind`` token opening.lark's ``start`` reads ends, where the dashes after it end) in
    ``words``: each ``at_kind`` token in turn, then (at most one of ``words_between`` and) up to ``most`` dashes after
    it, asked of the grammar; None: none is read so."""
    tokens: list[Token] = []
    spans: list[tuple[int, int]] = []
    for tok, span in _all_tokens(words):
        tokens.append(tok)
        spans.append(span)
    dashes = ("DASH", "OP_EMDASH", "OP_ENDASH")
    for i, tok in enumerate(tokens):
        if tok.type != at_kind:
            continue
        j = i + 1
        if j < len(tokens) and tokens[j].type not in dashes and str(tokens[j]).lower().replace("-", "") in words_between:
            j += 1
        k = j
        while k < len(tokens) and k - j < most and tokens[k].type in dashes:
            k += 1
        if k == j:
            continue
        try:
            opening_parser().parse(tokens[:k], start=start)  # type: ignore[arg-type]
        except UnexpectedInput:
            continue
        return spans[i][1], spans[k - 1][1]
    return None


@lru_cache(maxsize=8192)
def restated_dash(words: str) -> tuple[int, int] | None:
    """(split2) (where "now to read" ends, where the dashes after it end) when the words after them restate the provision
    ("…, by-law 13 now to read:— 13. …": opening.lark's ``payload_restated``); None: no restated provision follows."""
    found = _dashes_after(words, "NOW_TO_READ", frozenset(), "payload_restated", 8)
    return found if found is not None and words[found[1] :].strip() else None


#: The words "the following" may name before the dash that opens new text (a word of the grammar's THE_WORDS,
#: DEFINITION(S) or KIND; lexical: which kinds).
_FOLLOWING_WORDS = frozenset(
    {"word", "words", "paragraph", "paragraphs", "subclause", "subclauses", "definition", "definitions", "clause"}
    | {"clauses", "subparagraph", "subparagraphs", "interpretation", "interpretations"}
)


@lru_cache(maxsize=8192)
def following_dash(words: str) -> tuple[int, int] | None:
    """(split2) (where "the following" begins, where the dash after it and its words ends) in "… the following— “…”",
    "… the following new paragraphs: …" (opening.lark's ``payload_following``); None: no such dash."""
    found = _dashes_after(words, "THE_FOLLOWING", _FOLLOWING_WORDS, "payload_following", 1)
    if found is None:
        return None
    for tok, span in _all_tokens(words):
        if tok.type == "THE_FOLLOWING" and span[1] == found[0]:
            return span[0], found[1]
    return None


_LABELLED_KINDS = frozenset(
    {"subclause", "subclauses", "paragraph", "paragraphs", "subparagraph", "subparagraphs"} | {"clause", "clauses"}
)
_ONE_LABEL = re.compile(r"\(\w+\)")  # lexical: a label of one part, "(4a)"


@lru_cache(maxsize=8192)
def labelled_after(words: str) -> int | None:
    """(split2) Where the new provisions begin in "… the following subclauses (4a) A withdrawal …" (opening.lark's
    ``payload_labelled``: "the following", a kind, one label, a word after a space beginning with a letter); None: no
    such words."""
    found = list(_all_tokens(words))
    for i in range(len(found) - 3):
        (tok, _), (kind, _), (label, at), (word, nxt) = found[i : i + 4]
        if tok.type == "KIND" and kind.type == "OP_AS_FOLLOWS":
            tok, kind = kind, tok  # (known2) "subclauses as follows (4) The …": the kind before the words
        if tok.type not in ("THE_FOLLOWING", "OP_AS_FOLLOWS") or str(kind).lower().replace("sub-", "sub") not in _LABELLED_KINDS:
            continue
        if not _ONE_LABEL.fullmatch(str(label)) or words[at[1] : nxt[0]] != " " or not re.match(r"[A-Za-z]", str(word)):
            continue
        try:
            opening_parser().parse([t for t, _ in found[i : i + 4]], start="payload_labelled")  # type: ignore[arg-type]
        except UnexpectedInput:
            continue
        return at[0]
    return _labelled_as_named(words, found)


#: (wr11) A clause's number as printed before its words ("3.3", "12A").
_CLAUSE_NUMBER = re.compile(r"\d+[A-Z]{0,2}(?:\.\d+[A-Z]{0,2})*")


def _labelled_as_named(words: str, found: list[tuple[Token, tuple[int, int]]]) -> int | None:
    """(issue 20, wr7) Where the new provision begins in "… to stand as paragraph (e) of subclause (3) as follows (e) a
    dog …" or "… re-enacting it with amendments as follows (3) The …" (opening.lark's ``payload_named_as_follows``: the
    first "as follows" after the words naming the provision, then one label and a word after a space); None: no such
    words."""
    for i, (tok, _) in enumerate(found):
        if tok.type not in ("TO_STAND_AS", "REENACTING"):
            continue
        j = next((k for k in range(i + 1, len(found)) if found[k][0].type == "OP_AS_FOLLOWS"), None)
        if j is None or j + 2 >= len(found):
            return None
        (label, at), (word, nxt) = found[j + 1], found[j + 2]
        if (
            tok.type == "REENACTING"
            and _CLAUSE_NUMBER.fullmatch(str(label))
            and str(word) == "."
            and nxt[0] == at[1]
            and j + 3 < len(found)
            and words[nxt[1] : found[j + 3][1][0]] == " "
            and re.match(r"[A-Z]", str(found[j + 3][0]))
        ):
            # (wr11) "… by repealing clause 3.3 and re-enacting it as follows 3.3. Dogs …" (no dash): a clause restated
            # from its number, its full stop, then a capitalised word (read.py checks it is the clause repealed)
            (word, nxt) = found[j + 3]
        elif not _ONE_LABEL.fullmatch(str(label)) or words[at[1] : nxt[0]] != " " or not re.match(r"[A-Za-z]", str(word)):
            return None
        try:
            opening_parser().parse([t for t, _ in found[i : j + 3]], start="payload_named_as_follows")  # type: ignore[arg-type]
        except UnexpectedInput:
            return None
        return at[0]
    return None


_QUOTED_AFTER = {
    "AS_BELOW": ("as below",),
    "REPLACE": ("replace", "it", "them", "with"),
    "REPLACED": ("replaced", "it", "them", "with"),
    "INSERT": ("insert", "the following"),
    "SUBSTITUTE": ("substitute", "the following"),
}  # lexical: the words each may be written in


@lru_cache(maxsize=8192)
def quoted_after(words: str) -> tuple[int, int] | None:
    """(split2) (where the words begin, where the quotation after them begins) for the first "as below", "replace (it)
    with", "insert", "substitute (the following)" a quotation follows after a space (opening.lark's ``payload_quoted``);
    None: none is so."""
    found = list(_all_tokens(words))
    for i, (tok, span) in enumerate(found):
        allowed = _QUOTED_AFTER.get(tok.type)
        if allowed is None or " ".join(str(tok).lower().split()) != allowed[0]:
            continue
        for j in range(i + 1, min(i + 4, len(found))):
            nxt, at = found[j]
            if str(nxt).startswith(("“", '"')):
                gap = words[found[j - 1][1][1] : at[0]]
                if not gap or gap.strip():
                    break
                if any(words[found[k - 1][1][1] : found[k][1][0]] != " " for k in range(i + 1, j)):
                    break
                if any(str(found[k][0]).lower() not in allowed[1:] for k in range(i + 1, j)):
                    break
                try:
                    opening_parser().parse([t for t, _ in found[i : j + 1]], start="payload_quoted")  # type: ignore[arg-type]
                except UnexpectedInput:
                    break
                return span[0], at[0]
    return None


@lru_cache(maxsize=8192)
def substitutes_for(after: str) -> bool:
    """(split2) Whether the words ``after`` the first quotation of "substitute “A” …" go on "… for “B”" (or ", “B” for
    …", "and “B” for the words “C” …": opening.lark's ``substitute_for``), so no new text follows "substitute"."""
    tokens = [tok for tok, _ in _all_tokens(after)]
    if not tokens or "FOR" not in (t.type for t in tokens):
        return False
    for_at = next(i for i, t in enumerate(tokens) if t.type == "FOR")
    if (
        for_at + 1 < len(tokens)
        and tokens[for_at + 1].type == "THE_WORDS"
        and not str(tokens[for_at + 1]).lower().startswith("the ")
    ):
        return False  # lexical: "for the words", never "for words"
    try:
        opening_parser().parse(tokens, start="substitute_for")  # type: ignore[arg-type]
    except UnexpectedInput:
        return False
    return True


#: (split2) The kinds a heading naming an amendment begins with, and the verbs it ends with (lexical: which words).
_HEADING_KINDS = frozenset(
    {"clause", "clauses", "subclause", "subclauses", "paragraph", "paragraphs", "schedule", "schedules", "part", "parts"}
    | {"division", "divisions", "form", "forms", "regulation", "regulations", "section", "sections", "by-law", "by-laws"}
)
_HEADING_VERBS = frozenset(
    {"amended", "deleted", "inserted", "replaced", "repealed", "substituted", "added", "renumbered", "redesignated"}
)


@lru_cache(maxsize=8192)
def names_amendment(heading: str) -> bool:
    """(split2) Whether a clause's heading names an amendment ("Clause 3 amended", "Schedule 2 replaced": opening.lark's
    ``amending_heading``)."""
    tokens = [tok for tok, _ in _all_tokens(heading.strip())]
    if len(tokens) < 3 or str(tokens[0]).lower().replace("sub-", "sub") not in _HEADING_KINDS:
        return False
    if str(tokens[-1]).lower() not in _HEADING_VERBS:
        return False
    return _parses(tuple(str(t.type) for t in tokens), "amending_heading")  # by kinds: "Clause 3 amended", "Clause 4 amended"


@lru_cache(maxsize=8192)
def ends_repeal(words: str) -> bool:
    """(split2) Whether ``words`` end "… is (are) (hereby) repealed", a dash, colon or semicolon after it or not
    (opening.lark's ``repeal_list_end``, asked of the words from each of the last few "is" / "are")."""
    tokens = [tok for tok, _ in _all_tokens(words.rstrip() + " ")]
    for i in range(max(0, len(tokens) - 5), len(tokens)):
        if tokens[i].type != "IS":
            continue
        try:
            opening_parser().parse(tokens[i:], start="repeal_list_end")  # type: ignore[arg-type]
        except UnexpectedInput:
            continue
        return True
    return False


def rows_after_delete(words: str) -> tuple[int, int] | None:
    """(r10) (where "delete" ends, where the dash after it begins) in "In Schedule 1 delete: | 5.3(2) | … |" (or
    "delete— | … |") — the dash right after "delete" (opening.lark's ``payload_rows_deleted``), only when a row between
    bars follows it; None otherwise."""
    tokens: list[Token] = []
    spans: list[tuple[int, int]] = []
    for tok, span in _all_tokens(words):
        tokens.append(tok)
        spans.append(span)
    for i, tok in enumerate(tokens):
        # the dash as ``_op_dash`` reads it: "delete:", "delete—" or "delete –"
        dash = tok.type in ("DASH", "OP_EMDASH", "OP_ENDASH")
        if not dash or i == 0 or tokens[i - 1].type != "DELETE" or i + 1 >= len(tokens):
            continue
        if not str(tokens[i + 1]).startswith("|"):
            return None
        try:
            opening_parser().parse(tokens[: i + 1], start="payload_rows_deleted")  # type: ignore[arg-type]
        except UnexpectedInput:
            return None
        return spans[i - 1][1], spans[i][0]
    return None


def names_a_place(words: str) -> bool:
    """Whether ``words`` open a sentence as an instruction's place does ("In clause 3.2(1) in the definition of …",
    "After the definition of …"; opening.lark's ``place_without_verb``): capitalised, then "In", "After" or "Before" and
    the kind of a provision."""
    if not words[:1].isupper():
        return False  # "in Part 3": words of a heading, not a sentence
    tokens = [tok for tok, _ in _all_tokens(words.rstrip() + " ")]
    try:
        opening_parser().parse(tokens, start="place_without_verb")  # type: ignore[arg-type]
    except UnexpectedInput:
        return False
    return True


_LEAD_KINDS = frozenset({"clause", "by-law", "bylaw", "subclause", "sub-clause", "schedule"})


@lru_cache(maxsize=8192)
def lead_in(words: str) -> dict[str, tuple[int, int]] | None:
    """Whether ``words`` are a lead-in (opening.lark's ``lead_in_alone``), and the spans of what they name: ``t`` (the
    place after "In"), or ``t2`` (the provision amended) and ``t3`` (the place "in" it); None when they are not one."""
    tokens: list[Token] = []
    spans: list[tuple[int, int]] = []
    for tok, span in _all_tokens(words + " "):
        tokens.append(tok)
        spans.append(span)
    try:
        tree = opening_parser().parse(tokens, start="lead_in_alone")  # type: ignore[arg-type]
    except UnexpectedInput:
        return None
    dashes = ("DASH", "OP_EMDASH", "OP_ENDASH")
    if tokens[0].type == "IN":
        # the place: every word after "In" but the closing marks (two when the last two are marks)
        end = len(tokens) - 1
        if end >= 2 and tokens[end - 1].type in (*dashes, "SEMI") and tokens[end].type in dashes:
            end -= 1
        return {"t": (spans[1][0], spans[end - 1][1])} if end > 1 else None
    if tokens[0].type == "ORDINAL_SCHEDULE":
        # (wr10) "The Second Schedule to the Shire of X By-laws 1980* is amended —": the schedule, and the title named
        # (``law``: its words, without "the" or the footnote mark), which parts.py checks is the law amended
        titled = next((t for t in tree.iter_subtrees() if t.data == "li_title"), None)
        found = {"t2": spans[0]}
        if titled is not None:
            inner = [i for i, t in enumerate(tokens) if t.type not in ("THE", "FOOTNOTE_MARK")]
            first = next(i for i in inner if i > 1)
            last = max(i for i, t in enumerate(tokens) if t.type == "LABEL")
            found["law"] = (spans[first][0], spans[last][1])
        return found
    if str(tokens[0]).lower() not in _LEAD_KINDS:
        return None
    kinds = [t.type for t in tokens]
    # (wr11) "Subclause (2) of by-law 9 of the principal by-laws is amended by—": the provision named, to its last label
    # before "of the principal …" or "is"
    named = 1
    while named + 3 < len(tokens) and kinds[named + 1] == "OF" and kinds[named + 2] == "KIND" and kinds[named + 3] == "LABEL":
        named += 3
    found = {"t2": (spans[0][0], spans[named][1])}
    if "IN" in kinds:
        last = len(tokens) - (2 if kinds[-1] in dashes else 1)
        if kinds[last] == "OP_AS_FOLLOWS":
            last -= 1  # "… is amended in the definition of “x” as follows:": the place is the words before
        found["t3"] = (spans[kinds.index("IN") + 1][0], spans[last][1])
    del tree
    return found


@lru_cache(maxsize=8192)
def verb_lead(words: str) -> bool:
    """(wr11) Whether ``words`` are a lead-in holding the verb its items share (opening.lark's ``verb_lead_alone``: "By-law
    7 of the principal by-laws is amended by inserting—")."""
    if not words.rstrip().endswith(("—", ":", "-", "–")):
        return False
    tokens = [tok for tok, _ in _all_tokens(words + " ")]
    try:
        opening_parser().parse(tokens, start="verb_lead_alone")  # type: ignore[arg-type]
    except UnexpectedInput:
        return False
    return str(tokens[0]).lower() in _LEAD_KINDS


@lru_cache(maxsize=8192)
def amended_as_follows(words: str) -> tuple[str, tuple[int, int]] | None:
    """Whether ``words`` make the lettered parts after them instructions (opening.lark's ``amended_as_follows``), and
    what they speak of: ("target", its span) in "X is amended as follows—", ("target2", its span) in "In X—"."""
    if not words.rstrip().endswith(("—", ":", "-")):
        return None  # the cheap candidate: words ending in a dash or colon
    tokens: list[Token] = []
    spans: list[tuple[int, int]] = []
    own = _kinds_of("amended_as_follows")
    for tok, span in _all_tokens(words + " "):
        tokens.append(tok if tok.type in own else Token("OP_WORD", str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos))
        spans.append(span)
    try:
        tree = opening_parser().parse(tokens, start="amended_as_follows")  # type: ignore[arg-type]
    except UnexpectedInput:
        return None
    kinds = [t.type for t in tokens]
    if tree.data == "aaf_law":
        return "target2", spans[0]  # the law itself ("The principal local laws are amended—"): every part names its own place
    if tree.data == "aaf_amended":
        # the words before the first "is … amended" the rest of the words read after ("is", never "are")
        for i, kind in enumerate(kinds):
            if i > 0 and kind == "IS" and str(tokens[i]).lower() == "is" and _parses_from(tokens, i):
                form = next((j for j in range(i, len(kinds) - 1) if kinds[j] == "FORM" and kinds[j - 1] == "IN"), None)
                if form is not None:
                    # (wrongref) "Schedule 1 is amended in Form 3 as follows—": the form is the place, not the whole
                    # schedule (its words up to the form's label, read by parts.resolve_targets as "Schedule 1 Form 3")
                    return "target", (spans[0][0], spans[form + 1][1])
                return "target", (spans[0][0], spans[i - 1][1])
    # "In X —" / "The X is amended as follows:": X is the fewest words (the closing words are not X's)
    end = len(tokens) - 1
    if end > 1 and kinds[end - 1] == "OP_AS_FOLLOWS":
        end -= 1
    if end > 2 and kinds[end - 2] == "IS" and str(tokens[end - 2]).lower() == "is" and kinds[end - 1] == "AMENDED":
        end -= 2
    return ("target2", (spans[1][0], spans[end - 1][1])) if end > 1 else None


def _parses_from(tokens: list[Token], i: int) -> bool:
    """Whether "X" then ``tokens[i:]`` is an "X is amended as follows—" (X: one word)."""
    try:
        opening_parser().parse([Token("OP_WORD", "X", start_pos=0, end_pos=1), *tokens[i:]], start="amended_as_follows")  # type: ignore[arg-type]
    except UnexpectedInput:
        return False
    return True


# --- sentence.lark: what kind of sentence a clause is, by its words outside quotation marks ------------------------

SENTENCE = Path(__file__).with_name("sentence.lark")
#: The kinds of verb sentence.lark reads: of change ("delete", "insert" …), of amending, of repealing.
VERBS_OF_CHANGE = frozenset({"changing"})
VERBS_OF_AMENDING = frozenset({"changing", "amending", "repealing"})


@cache
def sentence_parser() -> Lark:
    """sentence.lark's parser (LALR(1), so built only when the grammar is unambiguous)."""
    return _lalr("sentence", SENTENCE, "sentence")


@lru_cache(maxsize=8192)
def _sentence(words: str) -> tuple[tuple[str, str], ...]:
    """Each piece of ``words`` as sentence.lark parses them: (its kind, its words) — "preliminary", "changing",
    "amending", "repealing", "QUOTED", "WORD" or "MARK" ("amending_phrase": a preliminary phrase holding a verb of
    amending). Every text has its one parse: any mark is a MARK, any other run of letters or digits a WORD."""
    out: list[tuple[str, str]] = []
    for piece in sentence_parser().parse(words).children:
        if isinstance(piece, Token):
            out.append((piece.type, str(piece)))
            continue
        inner = piece.children[0]
        if isinstance(inner, Tree):  # preliminary → amending_phrase → its token
            out.append((str(inner.data), str(inner.children[0])))
        else:
            out.append((str(piece.data), str(inner)))
    return tuple(out)


def preliminary_words(words: str) -> str | None:
    """The words outside quotation marks that make a clause preliminary ("may be cited as", "comes into operation",
    "This local law amends", "The purpose of" as its first words: sentence.lark's ``preliminary``), or None."""
    return next((w for kind, w in _sentence(words) if kind in ("preliminary", "amending_phrase")), None)


def verbs_outside_quotes(words: str, kinds: frozenset[str] = VERBS_OF_CHANGE) -> list[str]:
    """The verbs of ``kinds`` in ``words``, outside quotation marks (sentence.lark's ``verb``; "This local law amends"
    and "The amendments in this local law are to" hold a verb of amending)."""
    found = {"amending_phrase": "amending"}
    return [w for kind, w in _sentence(words) if found.get(kind, kind) in kinds]


def quoted_verbs(words: str, kinds: frozenset[str] = VERBS_OF_CHANGE) -> list[str]:
    """The quotations in ``words`` whose own words hold a verb of ``kinds`` (read by the same grammar, quotations
    inside them too): where a verb is that is not the sentence's own."""
    out = []
    for kind, w in _sentence(words):
        if kind == "QUOTED":
            inside = w[1:-1]
            if verbs_outside_quotes(inside, kinds) or quoted_verbs(inside, kinds):
                out.append(w)
    return out


# --- heading.lark and context.lark: what a clause's heading says ------------------------------------------------------

HEADING = Path(__file__).with_name("heading.lark")
CONTEXT = Path(__file__).with_name("context.lark")


def _lalr(name: str, path: Path, start: str | list[str], lexer: str = "basic") -> Lark:
    """A small grammar's parser: LALR(1), so built only when the grammar is unambiguous; kept as the others are
    (``lexer="contextual"``: its lexer asked in each state for the words that may come there)."""
    return built(name, path.read_text(encoding="utf-8"), parser="lalr", lexer=lexer, start=start, maybe_placeholders=False)


@cache
def heading_parser() -> Lark:
    return _lalr("heading", HEADING, "heading")


@cache
def context_parser() -> Lark:
    return _lalr("context", CONTEXT, "context")


@lru_cache(maxsize=8192)
def preliminary_heading(heading: str) -> bool:
    """Whether a clause's heading is one of a preliminary clause ("Citation", "Commencement", "Principal local law
    amended": heading.lark)."""
    try:
        heading_parser().parse(heading)
    except UnexpectedInput:
        return False
    return True


@lru_cache(maxsize=8192)
def heading_context(heading: str) -> tuple[str, str] | None:
    """(the kind, the label as printed) of the provision a clause's heading names ("Clause 5 (1) amended" → ("Clause",
    "5 (1)"); "Clause 10 (Election of presiding member)" → ("Clause", "10"): context.lark), or None. The grammar
    ignores spacing: "Clause 5  (1) amended", "Clause 5 (1)amended" name 5(1) as "Clause 5 (1) amended" does."""
    try:
        tree = context_parser().parse(heading)
    except UnexpectedInput:
        return None
    kind = tree.children[0]
    if tree.data == "amended_heading":
        label = tree.children[1]
        assert isinstance(label, Tree)
        first, last = label.children[0], label.children[-1]
        assert isinstance(first, Token) and isinstance(last, Token)
        return str(kind), " ".join(heading[first.start_pos : last.end_pos].split())  # its spaces one space each
    return str(kind), str(tree.children[1])


# --- listed.lark: an item of a list of provisions deleted -------------------------------------------------------------

LISTED = Path(__file__).with_name("listed.lark")


@cache
def listed_parser() -> Lark:
    return _lalr("listed", LISTED, "citation")


def _accepts(parser: Lark, text: str) -> bool:
    """Whether ``parser`` parses the whole of ``text``."""
    try:
        parser.parse(text)
    except UnexpectedInput:
        return False
    return True


@lru_cache(maxsize=8192)
def listed_citation(item: str) -> bool:
    """Whether an item of a list of provisions is a citation of provisions and nothing else ("clause 6.24(3)",
    "subclauses 7.4(4) and (5)", "paragraph (b) of clause 8.7": listed.lark)."""
    return _accepts(listed_parser(), item)


# --- repeal.lark: the words of an instruction that repeals whole laws -------------------------------------------------

REPEAL = Path(__file__).with_name("repeal.lark")


@cache
def gazette_item_parser() -> Lark:
    """repeal.lark's ``gazette_item`` (LALR(1); its lexer asked in each state for the words that may come there)."""
    return _lalr("repeal-gazette-item", REPEAL, "gazette_item", lexer="contextual")


@lru_cache(maxsize=8192)
def gazette_item(item: str) -> tuple[str, str] | None:
    """(the date's words, the page) of an item naming a law by its gazette ("9 April 1958 p. 727;": repeal.lark's
    ``gazette_item``), or None."""
    try:
        tree = gazette_item_parser().parse(item)
    except UnexpectedInput:
        return None
    date = next(t for t in tree.children if isinstance(t, Tree))
    page = next(t for t in tree.children if isinstance(t, Token) and t.type == "GAZETTE_PAGE")
    return " ".join(str(t) for t in date.children), str(page)


@cache
def repeal_lead_parser() -> Lark:
    """repeal.lark's ``repeal_lead`` and ``repeal_by_gazette`` (Earley: the words between "The following local laws" and
    "are repealed" are any words, "is" and "repealed" among them)."""
    return built(
        "repeal-lead",
        REPEAL.read_text(encoding="utf-8"),
        parser="earley",
        lexer="basic",
        start=["repeal_lead", "repeal_by_gazette"],
        maybe_placeholders=False,
    )


_LEAD_FIRST = {"repeal_lead": "THE_FOLLOWING", "repeal_by_gazette": "LAW_KIND"}


@lru_cache(maxsize=8192)
def repeal_lead(words: str, start: str = "repeal_lead") -> tuple[int, int] | None:
    """(where it begins, where it ends) of the first lead of a list of laws repealed in ``words`` (repeal.lark's
    ``start``: "The following local laws … are repealed—"; ``repeal_by_gazette``: "… by-laws published in the Gazette on
    the following dates, at the specified pages, are repealed —"), the spaces after its mark with it; None: none.

    Cheap candidates first: each word that may begin one (in order), and each mark right after "repealed" after it (in
    order); the grammar is asked of the words between: the first it reads is the lead (the first, and the shortest).
    """
    lower = words.lower()
    if "repealed" not in lower or ("following" not in lower):
        return None  # the cheapest candidate: words that hold both
    parser = repeal_lead_parser()
    try:
        tokens = list(parser.lex(words))
    except UnexpectedInput:
        return None
    first = _LEAD_FIRST[start]
    ends = [j for j in range(1, len(tokens)) if tokens[j].type in ("LEAD_MARK", "HYPHEN") and tokens[j - 1].type == "REPEALED"]
    for i, tok in enumerate(tokens):
        if tok.type != first:
            continue
        for j in ends:
            if j <= i:
                continue
            a, b = tok.start_pos or 0, tokens[j].end_pos or 0
            try:
                parser.parse(words[a:b], start=start)
            except UnexpectedInput:
                continue
            return a, b + len(words[b:]) - len(words[b:].lstrip())
    return None


@cache
def barred_repeal_parser() -> Lark:
    """repeal.lark's ``barred_repeal`` (LALR(1), its lexer asked in each state for the words that may come there)."""
    return _lalr("repeal-barred", REPEAL, "barred_repeal", lexer="contextual")


@lru_cache(maxsize=8192)
def barred_repeal(words: str) -> str | None:
    """The rows (from the first bar to the last) of an instruction repealing the laws a table names ("The local laws
    specified in the Table to this clause are repealed. Table | Title | … |": repeal.lark's ``barred_repeal``), or
    None when the instruction is not one."""
    if words.lstrip()[:3].lower() != "the":
        return None  # the cheapest candidate: "The …" first
    try:
        tree = barred_repeal_parser().parse(words)
    except UnexpectedInput:
        return None
    return next(str(t) for t in tree.children if isinstance(t, Token) and t.type == "ROWS")


@cache
def repeal_item_parser() -> Lark:
    """repeal.lark's ``publication`` and ``item_closing`` (LALR(1), its lexer asked in each state for the words that
    may come there: a day, a month and a year)."""
    return _lalr("repeal-item", REPEAL, ["publication", "item_closing"], lexer="contextual")


def _parsed(words: str, start: str) -> Tree[Token] | None:
    try:
        return repeal_item_parser().parse(words, start=start)
    except UnexpectedInput:
        return None


_PUBLICATION_FIRST = ("as", "published", "gazetted")  # lexical: the words a publication may begin with
_CLOSINGS = frozenset({"", ".", ";", "and", ".and", ";and"})  # lexical: an item's closing words, spaces aside


@lru_cache(maxsize=8192)
def repeal_item(item: str) -> tuple[str, str | None] | None:
    """(its title as printed, the words of its publication's date or None) of one law of a list repealed ("the Shire of
    X Dogs Local Law 2001 as published in the Government Gazette on 3 May 2001; and amended …"), or None when it is
    not one (its words run over a line).

    The title ends where repeal.lark's ``publication`` reads the words from (a comma or a space after its first
    letter, the first first), else where ``item_closing`` does ("…;", "… and"): the shortest title so read. A leading
    "the" is not the title's.
    """
    item = item[:-1] if item.endswith("\n") else item  # the line break that ends its line is not its words
    if "\n" in item:
        return None  # a title, and its publication, are on one line
    lead = re.match(r"the\s+", item, re.I)  # lexical: "the" before the title
    begin = lead.end() if lead and lead.end() < len(item) else 0
    for at in range(begin + 1, len(item)):
        # cheap candidates: a comma or a space before "as", "published" or "gazetted"
        if not (item[at] == "," or item[at].isspace()) or not item[at:].lstrip(", ").lstrip().lower().startswith(
            _PUBLICATION_FIRST
        ):
            continue
        if (tree := _parsed(item[at:], "publication")) is not None:
            date = next(t for t in tree.children if isinstance(t, Tree))
            first, last = date.children[0], date.children[-1]
            assert isinstance(first, Token) and isinstance(last, Token)
            return item[begin:at], item[at:][first.start_pos : last.end_pos]
    for at in range(begin + 1, len(item) + 1):
        if "".join(item[at:].split()).lower() not in _CLOSINGS:
            continue  # cheap candidates: only a closing mark and "and" left
        if (at == len(item) or item[at] in ".;" or item[at].isspace()) and _parsed(item[at:], "item_closing") is not None:
            return item[begin:at], None
    return None


#: lexical: the words that except part of a law from its repeal ("…, other than by-law 2, are repealed", "(except
#: by-law 4)"), outside quotation marks; repeal.lark's ``PUB_REST`` (a publication's history) never holds them
_EXCEPTING = re.compile(
    r"(?<![\w-])(?:other\s+than|except|excepting|excluding|save|but\s+not|in\s+so\s+far|insofar|so\s+far\s+as"
    r"|to\s+the\s+extent)(?![\w-])[^.;:,()“”\n]{0,80}",
    re.I,
)


def repeal_excepting(words: str) -> str | None:
    """The words of ``words`` (a repeal instruction, its quotation marks normalised) that except part of a law from
    its repeal ("other than by-law 2", "except by-law 4"), outside quotation marks; None when it holds none."""
    for start, end in outside_quotes(words):
        if (m := _EXCEPTING.search(words, start, end)) is not None:
            return " ".join(words[m.start() : min(m.end(), end)].split())
    return None


@cache
def titled_repeal_parser() -> Lark:
    """repeal.lark's ``titled_repeal`` (LALR(1), its lexer asked in each state for the words that may come there)."""
    return _lalr("repeal-titled", REPEAL, "titled_repeal", lexer="contextual")


@lru_cache(maxsize=8192)
def titled_repeal(words: str) -> str | None:
    """The titles, run together, of an instruction repealing the laws a table names a title a line ("The local laws
    specified in the Table to this clause are repealed. Table Shire of X …": repeal.lark's ``titled_repeal``), or
    None when the instruction is not one."""
    if words.lstrip()[:3].lower() != "the":
        return None  # the cheapest candidate: "The …" first
    try:
        tree = titled_repeal_parser().parse(words)
    except UnexpectedInput:
        return None
    return next(str(t) for t in tree.children if isinstance(t, Token) and t.type == "TITLES")


@cache
def repealed_one_parser() -> Lark:
    """repeal.lark's ``repealed_end`` and ``provision_named`` (LALR(1), its lexer asked in each state for the words
    that may come there)."""
    return _lalr("repeal-one", REPEAL, ["repealed_end", "provision_named"], lexer="contextual")


def _reads(words: str, start: str) -> bool:
    try:
        repealed_one_parser().parse(words, start=start)
    except UnexpectedInput:
        return False
    return True


@lru_cache(maxsize=8192)
def repealed_one(words: str) -> str | None:
    """The words naming the law a sentence repeals ("The Shire of X Local Law 2001 … is repealed.": the words before
    repeal.lark's ``repealed_end``, asked from each space, the first first), or None when the sentence does not end so,
    its law's words are not on one line, or they name a provision (``provision_named``: "Clause 5 is repealed.")."""
    words = words[:-1] if words.endswith("\n") else words  # the line break that ends its line is not its words
    if "repealed" not in words.lower():
        return None  # the cheapest candidate
    for at in range(1, len(words)):
        # cheap candidates: a space before "is" / "are"
        if not words[at].isspace() or not words[at:].lstrip()[:3].lower().startswith(("is", "are")):
            continue
        if _reads(words[at:], "repealed_end"):
            law = words[:at]
            if "\n" in law or _reads(law, "provision_named"):
                return None
            return law
    return None


@cache
def repeal_table_parser() -> Lark:
    """repeal.lark's ``table_follows`` (LALR(1), its lexer asked in each state for the words that may come there)."""
    return _lalr("repeal-table", REPEAL, "table_follows", lexer="contextual")


@lru_cache(maxsize=8192)
def repeal_table(words: str) -> int | None:
    """Where the table of laws repealed begins in ``words`` ("… are repealed. Table …": repeal.lark's
    ``table_follows``, asked from each "is" / "are", the first first), or None when no table follows "repealed"."""
    if "repealed" not in words.lower():
        return None  # the cheapest candidate
    try:
        tokens = list(repeal_lead_parser().lex(words))
    except UnexpectedInput:
        return None
    for tok in tokens:
        if tok.type != "IS":
            continue
        at = tok.start_pos or 0
        try:
            tree = repeal_table_parser().parse(words[at:])
        except UnexpectedInput:
            continue
        table = tree.children[-1]
        before = tree.children[-2]
        assert isinstance(table, Token) and isinstance(before, Token)
        if (table.start_pos or 0) > (before.end_pos or 0):  # a space between "repealed" and the table
            return at + (table.start_pos or 0)
    return None


# --- frame.lark: the words that make a sentence of a frame clause an instruction ----------------------------------------

FRAME = Path(__file__).with_name("frame.lark")


@cache
def frame_parser(start: str = "frame_words") -> Lark:
    """frame.lark's parser from ``start``: LALR(1) with the contextual lexer (each start lexes only its own terminals)."""
    return _lalr(f"frame-{start}", FRAME, start, lexer="contextual")


@lru_cache(maxsize=8192)
def _frame_reads(start: str, sentence: str) -> bool:
    try:
        frame_parser(start).parse(sentence)
    except UnexpectedInput:
        return False
    return True


def frame_purpose(sentence: str) -> bool:
    """Whether ``sentence`` (a frame clause's sentence, stripped) says what the instrument is for ("The purpose of this
    local law is …", "The effects of these by-laws are …": frame.lark's ``purpose``), no double quotation mark in it."""
    return _frame_reads("purpose", sentence)


def frame_application(sentence: str) -> bool:
    """Whether ``sentence`` (a frame clause's sentence, stripped) says where the instrument applies ("This local law
    applies throughout the district.", "These by-laws have effect in …": frame.lark's ``application``), no double
    quotation mark in it."""
    return _frame_reads("application", sentence)


@lru_cache(maxsize=8192)
def frame_instruction_words(sentence: str) -> tuple[str, ...]:
    """The words of ``sentence`` that tell someone to change a law's words ("delete", "inserting", "omitted",
    "substitute", "replaced", "strike out", "renumbered", "redesignated": frame.lark's ``instruction_word``), outside
    quotation marks and inside them (a quotation's own words read by the same grammar): a sentence holding one is
    never a frame sentence, so a verb only quoted sends its clause to be read as instructions, never left out."""
    out: list[str] = []
    for piece in frame_parser().parse(sentence).children:
        if isinstance(piece, Tree):
            out.append(str(piece.children[0]))
        elif piece.type == "QUOTED":
            out.extend(frame_instruction_words(str(piece)[1:-1]))
    return tuple(out)


# --- preliminary.lark and glued_heading.lark: a frame clause's sentences, and a heading glued to them -------------------

PRELIMINARY = Path(__file__).with_name("preliminary.lark")
GLUED_HEADING = Path(__file__).with_name("glued_heading.lark")
#: preliminary.lark's starts: the kinds of frame sentence it reads, in the order frame.py asks
PRELIMINARY_KINDS = ("citation", "commencement", "principal_law", "interpretation", "savings")


@cache
def preliminary_parser() -> Lark:
    """preliminary.lark's parser, every kind a start: Earley with the dynamic lexer (a word is a keyword where one is
    expected, a WORD elsewhere); the parse is only asked whether it exists (``ambiguity="forest"``: no tree is made)."""
    return built(
        "preliminary",
        _bounded(PRELIMINARY.read_text(encoding="utf-8")),
        parser="earley",
        lexer="dynamic",
        ambiguity="forest",
        start=list(PRELIMINARY_KINDS),
        maybe_placeholders=False,
    )


@lru_cache(maxsize=8192)
def frame_sentence(kind: str, sentence: str) -> bool:
    """Whether ``sentence`` (a frame clause's sentence, stripped, its spacing single) is a frame sentence of ``kind``
    (one of ``PRELIMINARY_KINDS``: "This local law may be cited as the … Local Law 2021." is a ``citation``, "This
    local law comes into operation on …" a ``commencement``, "This local law amends the … Local Law 2015." a
    ``principal_law``, "In this local law — “x” means …" an ``interpretation``, "The repeal … does not affect …" a
    ``savings``: preliminary.lark)."""
    try:
        preliminary_parser().parse(sentence, start=kind)
    except UnexpectedInput:
        return False
    return True


@cache
def glued_heading_parser(start: str = "glued_heading") -> Lark:
    """glued_heading.lark's parser from ``start``: LALR(1) with the contextual lexer."""
    return _lalr(f"glued-{start}", GLUED_HEADING, start, lexer="contextual")


def _glued_reads(start: str, words: str) -> bool:
    try:
        glued_heading_parser(start).parse(words)
    except UnexpectedInput:
        return False
    return True


@lru_cache(maxsize=8192)
def glued_heading(text: str) -> str | None:
    """The heading of a frame clause printed glued to the start of ``text`` (a clause's words, their spacing single:
    "Citation This local law …" → "Citation"; "Purpose and effect (1) The purpose …" → "Purpose and effect"), or
    None: the longest run of its first words that glued_heading.lark's ``glued_heading`` reads, followed by what its
    ``after_heading`` reads (a word beginning with a letter, or "(1)" and such a word)."""
    words = text.split(" ")
    for n in range(min(5, len(words) - 1), 0, -1):
        if _glued_reads("glued_heading", " ".join(words[:n])) and _glued_reads("after_heading", " ".join(words[n : n + 2])):
            return " ".join(words[:n])
    return None


# --- wa.lark's ignored notes, read out of a frame ---------------------------------------------------------------------


@cache
def _wa_terminal(name: str) -> re.Pattern[str]:
    """wa.lark's terminal ``name``, as lark compiles it (its flags inline): the grammar's one description of it."""
    return re.compile(parser().get_terminal(name).pattern.to_regexp())


def without_as_renumbered_notes(words: str) -> str:
    """``words`` without wa.lark's ``AS_RENUMBERED_NOTE``s ("In clause 4.5 (as renumbered by clause 5) delete …" →
    "In clause 4.5  delete …"): a note naming a provision by the label an instrument gave it, which the grammar ignores
    and which renumbers nothing."""
    return _wa_terminal("AS_RENUMBERED_NOTE").sub("", words)


# --- publication.lark: the words of a law's publication in a repeal instruction ----------------------------------------

PUBLICATION = Path(__file__).with_name("publication.lark")


@cache
def publication_parser() -> Lark:
    return _lalr("publication", PUBLICATION, "publication_words")


@lru_cache(maxsize=8192)
def publications(text: str) -> tuple[tuple[str, str], ...]:
    """(the kind, the words) of each phrase of ``text`` that speaks of a law's publication: ``PUBLISHED_IN_GAZETTE``
    ("published in the Government Gazette"), ``PUBLISHED_IN_THE`` ("gazetted in the"), ``GAZETTE_DATED`` ("Gazette
    on", "Gazette of", "Gazette dated"): publication.lark."""
    tree = publication_parser().parse(text)
    return tuple((t.type, str(t)) for t in tree.children if isinstance(t, Token) and t.type not in ("WORD", "MARK"))


# --- heading_first.lark: the heading printed before a clause's number in an older instrument's running text ----------

HEADING_FIRST = Path(__file__).with_name("heading_first.lark")


@cache
def heading_first_parser() -> Lark:
    """heading_first.lark's parser: Earley with the dynamic lexer (a word is read as any terminal expected there); the
    parse is only asked whether it exists (``ambiguity="forest"``: no tree is made)."""
    return built(
        "heading-first",
        HEADING_FIRST.read_text(encoding="utf-8"),
        parser="earley",
        lexer="dynamic",
        ambiguity="forest",
        start="any_heading",
        maybe_placeholders=False,
    )


@lru_cache(maxsize=8192)
def heading_first(words: str, amending: bool) -> bool:
    """Whether ``words`` are a heading printed before its clause's number: after the end of a sentence, any heading
    (heading_first.lark's ``any_heading``: "Citation", "Repeal of by-laws."); anywhere, a heading naming an amendment
    (core/headings.lark's ``heading_first``, one of its descriptions of amending headings: "Clause 5 amended", "Part 2
    heading repealed and a new heading substituted")."""
    if amending:
        return amending_heading_first(words)
    try:
        heading_first_parser().parse(words)
    except UnexpectedInput:
        # (known2) a marginal note with its full stop, after a sentence's end: "… principal local law. Clause 1.3
        # amended. 4. Clause 1.3 of …" (an amending heading's label holds a full stop of its own)
        return words.endswith(".") and amending_heading_first(words[:-1].rstrip())
    return True


# --- new_heading.lark: a Division heading printed after a Part's new heading ------------------------------------------

NEW_HEADING = Path(__file__).with_name("new_heading.lark")
_WORD_AFTER_FIRST = re.compile(r"(?<=\S)\s+(?=\S)")  # the spaces before each word after the first


@cache
def new_heading_parser() -> Lark:
    """new_heading.lark's ``division_heading``: LALR(1) with the contextual lexer."""
    return _lalr("new-heading", NEW_HEADING, "division_heading", lexer="contextual")


@lru_cache(maxsize=8192)
def division_opening(heading: str) -> int | None:
    """Where, in a Part's new heading (its label taken off), the heading of a Division that opens the Part begins
    ("Registration and identification Division 1 — Registration": at "Division"), running to the end: the first word
    after the first from which new_heading.lark's ``division_heading`` parses the rest; None when none does."""
    return next(
        (m.end() for m in _WORD_AFTER_FIRST.finditer(heading) if _accepts(new_heading_parser(), heading[m.end() :])), None
    )


# --- container.lark: new text that begins with a Part's or a Division's heading ---------------------------------------

CONTAINER = Path(__file__).with_name("container.lark")


@cache
def container_parser() -> Lark:
    """container.lark's ``container_payload``: LALR(1) with the contextual lexer."""
    return _lalr("container", CONTAINER, "container_payload", lexer="contextual")


@lru_cache(maxsize=8192)
def container_payload(payload: str) -> bool:
    """Whether new text begins with a Part's or a Division's heading ("“Part 4 — Fees 4.1 …", "DIVISION 2—Permits …":
    container.lark's ``container_payload``), and so is inserted as a Part or a Division."""
    return _accepts(container_parser(), payload)


# --- headed_clause.lark: new text that is one clause with its heading printed before its number ----------------------

HEADED_CLAUSE = Path(__file__).with_name("headed_clause.lark")


@cache
def headed_clause_parser(start: str) -> Lark:
    """headed_clause.lark's parser from ``start``: LALR(1) with the contextual lexer."""
    return _lalr(f"headed-clause-{start}", HEADED_CLAUSE, start, lexer="contextual")


@lru_cache(maxsize=8192)
def headed_clause(words: str) -> tuple[str, str, str] | None:
    """(its heading, its number, its words) when ``words`` (their spacing single) are one clause with its heading
    printed before its number ("Information on forms … “7. A form is not invalid …”.", "Application 3. These local
    laws have effect …": headed_clause.lark's ``quoted_clause``, then ``margin_clause``); None when they are not."""
    for start in ("quoted_clause", "margin_clause"):
        try:
            tree = headed_clause_parser(start).parse(words)
        except UnexpectedInput:
            continue
        heading, number, text = (str(t) for t in tree.children)
        return heading, number, text
    return None


# --- new_text.lark: the structure of an instruction's new text --------------------------------------------------------

NEW_TEXT = Path(__file__).with_name("new_text.lark")
_NEW_TEXT_STARTS = [
    "quoted_term",
    "quoted_terms",
    "next_quoted_term",
    "single_quoted_term",
    "marked_term",
    "dash_definition",
    "unmarked_definitions",
    "run_on_definition",
    "following_dash",
    "penalty_line",
    "penalty_payload",
    "after_connector",
    "note",
    "heading_only",
]


@cache
def new_text_parser() -> Lark:
    """new_text.lark, from each of its start rules: LALR(1) with the contextual lexer."""
    return _lalr("new-text", NEW_TEXT, _NEW_TEXT_STARTS, lexer="contextual")


def _new_text(start: str, words: str) -> list[Token] | None:
    """The tokens of new_text.lark's parse of the whole of ``words`` from ``start`` (its rules are flat), or None."""
    try:
        tree = new_text_parser().parse(words, start=start)
    except UnexpectedInput:
        return None
    return [t for t in tree.children if isinstance(t, Token)]


def _token(tokens: list[Token], kind: str) -> Token:
    return next(t for t in tokens if t.type == kind)


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


@lru_cache(maxsize=8192)
def quoted_term(text: str) -> tuple[int, int, int] | None:
    """(where the term begins, where it ends, where its closing mark ends) when ``text`` begins with a definition whose
    term alone is quoted in double marks ("“authorised person” means …": new_text.lark's ``quoted_term``), or None."""
    tokens = _new_text("quoted_term", text)
    if tokens is None:
        return None
    term, close = _token(tokens, "DOUBLE_TERM"), _token(tokens, "DOUBLE_CLOSE")
    return term.start_pos or 0, term.end_pos or 0, close.end_pos or 0


@lru_cache(maxsize=8192)
def quoted_terms(text: str) -> int | None:
    """(wr6) Where the second term's closing mark ends when ``text`` begins with two terms alone quoted in double marks
    and defined by one definition ("“animal” and “owner” have the same meanings as …": new_text.lark's
    ``quoted_terms``), or None."""
    tokens = _new_text("quoted_terms", text)
    if tokens is None:
        return None
    return [t for t in tokens if t.type == "DOUBLE_CLOSE"][-1].end_pos or 0


@lru_cache(maxsize=8192)
def quoted_definitions(text: str) -> tuple[tuple[int, str | None], ...] | None:
    """(wr9, review9 d6) When ``text`` is several definitions printed one after another, each its term alone quoted in
    double marks and no other mark in it ("“kennel” means …; and “leash” has the same meaning …;": ``quoted_term``, then
    ``next_quoted_term`` asked at each semicolon): (where the semicolon ending the one before is, the connector printed
    after it, "and", "or" or None) of each definition after the first; None when it is not so (one definition alone
    included)."""
    first = quoted_term(text)
    if first is None:
        return None
    found: list[tuple[int, str | None]] = []
    marks = [0, first[2] - 1]  # each term's two marks
    at = text.find(";", first[2])
    while at >= 0:
        tokens = _new_text("next_quoted_term", text[at:])
        if tokens is not None:
            connector = next((str(t) for t in tokens if t.type == "CONNECTOR"), None)
            found.append((at, connector))
            marks += [at + (_token(tokens, "DOUBLE_OPEN").start_pos or 0), at + (_token(tokens, "DOUBLE_CLOSE").start_pos or 0)]
        at = text.find(";", at + 1)
    if not found or [i for i, ch in enumerate(text) if ch in "“”"] != marks:
        return None
    return tuple(found)


@lru_cache(maxsize=8192)
def single_quoted_term(text: str) -> tuple[int, int, int] | None:
    """As ``quoted_term``, the term in single marks ("‘authorised person’ means …": ``single_quoted_term``)."""
    tokens = _new_text("single_quoted_term", text)
    if tokens is None:
        return None
    term, close = _token(tokens, "SINGLE_TERM"), _token(tokens, "SINGLE_CLOSE")
    return term.start_pos or 0, term.end_pos or 0, close.end_pos or 0


_BEFORE_TERM = frozenset(";—–:")  # lexical: a mark after which (and spaces) a defined term may begin
_CONNECTORS = ("and", "or")  # lexical: a word between that mark (and spaces) and a term (wr9)
#: How far ``marked_term`` reads: a mark, 80 characters, a mark, a comma, a space, "has a corresponding meaning" and
#: the character after it, with room to spare.
_TERM_REACH = 200


@lru_cache(maxsize=8192)
def narrowed_terms(text: str) -> frozenset[str]:
    """(issue 20, wr4a) The terms printed in quotation marks in new text and narrowed by words before "means" ("“owner”
    of an animal means …": new_text.lark's ``marked_term`` read with its ``TERM_OF``): the term is the quoted words only."""
    out: set[str] = set()
    for mark, begin, end, _ in marked_terms(text):
        tokens = _new_text("marked_term", text[mark : mark + _TERM_REACH])
        if tokens is not None and any(t.type == "TERM_OF" for t in tokens):
            out.add(text[begin:end])
    return frozenset(out)


def marked_terms(text: str) -> tuple[tuple[int, int, int, int], ...]:
    """(where its opening mark is, where the term begins, where it ends, where its closing mark ends) of each defined
    term printed in quotation marks in new text ("“local government” has the same meaning …": new_text.lark's
    ``marked_term``), asked at each mark that begins the text or follows a semicolon, a colon or a dash and spaces,
    after the closing mark of the term before (a term in double marks may hold single ones: “x — ‘y’ means z” means …
    is one term)."""
    found: list[tuple[int, int, int, int]] = []
    for at, ch in enumerate(text):
        if ch not in '“"‘' or (found and at < found[-1][3]):
            continue
        before = at
        while before and text[before - 1].isspace():
            before -= 1
        if before < at and text[:before].endswith(_CONNECTORS):
            # (wr9, review9 d6) "…; and “leash” has the same meaning …": a connector printed between two definitions
            # (the mark after it begins the next one's term as after the semicolon: ``next_quoted_term``)
            word = before - len(next(c for c in _CONNECTORS if text[:before].endswith(c)))
            spaced = word
            while spaced and text[spaced - 1].isspace():
                spaced -= 1
            if spaced < word and spaced and text[spaced - 1] == ";":
                before = spaced
        if at and not (
            before < at
            and before
            and (text[before - 1] in _BEFORE_TERM or (text[before - 1] == "-" and before >= 2 and text[before - 2].isspace()))
        ):
            continue
        tokens = _new_text("marked_term", text[at : at + _TERM_REACH])
        if tokens is not None:
            term = next(t for t in tokens if t.type in ("MARKED_TERM", "MARKED_SINGLE_TERM"))
            close = next(t for t in tokens if t.type in ("TERM_CLOSE", "SINGLE_CLOSE"))
            found.append((at, at + (term.start_pos or 0), at + (term.end_pos or 0), at + (close.end_pos or 0)))
    return tuple(found)


@lru_cache(maxsize=8192)
def dash_definitions(text: str) -> tuple[tuple[int, int, int], ...]:
    """(where its term begins, where it ends, where its paragraph (a) begins) of each definition in new text whose words
    are all in its paragraphs ("exempt fence — (a) means …": ``dash_definition``), asked at the start and after each
    semicolon and the space after it (a letter there: the term's first, lexical)."""
    found = []
    semicolons = []
    nxt = text.find(";")
    while nxt >= 0:
        semicolons.append(nxt)
        nxt = text.find(";", nxt + 1)
    for n, at in enumerate([0] + [i + 2 for i in semicolons]):
        stop = semicolons[n] if n < len(semicolons) else len(text)  # the next semicolon (after the space after one)
        if at > len(text) - 1 or (at and not text[at - 1].isspace()) or not (text[at].isascii() and text[at].isalpha()):
            continue
        # the words up to the first spaced dash before the next semicolon (a term holds neither), the spaces after it
        # and four characters more: all that the rule reads
        dash = text.find(" —", at, stop)
        if dash < 0:
            continue
        end = dash + 2
        while end < len(text) and text[end].isspace():
            end += 1
        tokens = _new_text("dash_definition", text[at : end + 4])
        if tokens is not None:
            last_word = [t for t in tokens if t.type in ("TERM_FIRST", "TERM_WORD")][-1]
            found.append((at, at + (last_word.end_pos or 0), at + (_token(tokens, "FIRST_PARAGRAPH").start_pos or 0)))
    return tuple(found)


@lru_cache(maxsize=8192)
def unmarked_definitions(text: str) -> str | None:
    """The words, up to the full stop or semicolon after them, when ``text`` begins with words that define terms not
    marked as terms ("In this clause brigade officer has the meaning given in …": ``unmarked_definitions``), or None."""
    tokens = _new_text("unmarked_definitions", text)
    if tokens is None:
        return None
    end = _token(tokens, "MEANS" if any(t.type == "MEANS" for t in tokens) else "MEANING").end_pos or 0
    while end < len(text) and text[end] not in ".;":
        end += 1
    return text[:end]


@lru_cache(maxsize=8192)
def run_on_definition(text: str) -> tuple[int, str] | None:
    """(where, the words) from the first semicolon from which another definition seems to begin inside a definition's
    words ("…; road verge means …": ``run_on_definition``) to the words that define it (or the dash that ends them),
    or None."""
    for at, ch in enumerate(text):
        if ch != ";":
            continue
        # to the next semicolon (none of the words before the defining words holds one), or to the end
        nxt = text.find(";", at + 1)
        tokens = _new_text("run_on_definition", text[at : nxt + 1] if nxt >= 0 else text[at:])
        if tokens is not None:
            last = next(t for t in tokens if t.type in ("DEFINING", "DASH_AT_END"))
            return at, text[at : at + (last.end_pos or 0)]
    return None


_FOLLOWING_REACH = 120  # "the following new definitions instead —" and the spaces after it (more: read again whole)


@lru_cache(maxsize=8192)
def following_dashes(text: str) -> tuple[tuple[int, int, int], ...]:
    """(where "the following" begins, where the dash with its spaces begins, where it ends) of each "the following
    (new) definitions (instead) —" in ``text`` (``following_dash``), "the f" beginning a word (lexical)."""
    found = []
    at = text.find("the f")
    while at >= 0:
        tokens = None
        if not (at and _is_word_char(text[at - 1])):
            tokens = _new_text("following_dash", text[at : at + _FOLLOWING_REACH])
            if tokens is not None and at + (_token(tokens, "OPENING_DASH").end_pos or 0) == min(len(text), at + _FOLLOWING_REACH):
                tokens = _new_text("following_dash", text[at:])  # the spaces after the dash may run on
        if tokens is not None:
            dash = _token(tokens, "OPENING_DASH")
            found.append((at, at + (dash.start_pos or 0), at + (dash.end_pos or 0)))
        at = text.find("the f", at + 1)
    return tuple(found)


@lru_cache(maxsize=8192)
def penalty_line(text: str) -> tuple[int, str, str] | None:
    """(where the spaces before it begin, the line, the kind of provision it names) of the penalty line a provision's
    words end with ("… of the CEO. Penalty for this subclause: a fine of $2 000.": ``penalty_line``), asked after
    each full stop or semicolon that spaces and a "P" follow (lexical), the first first; None when there is none."""
    for at in range(1, len(text)):
        if text[at - 1] not in ".;" or not text[at].isspace():
            continue
        word = at
        while word < len(text) and text[word].isspace():
            word += 1
        if not text.startswith("P", word):
            continue
        tokens = _new_text("penalty_line", text[at:])
        if tokens is not None:
            first, words = _token(tokens, "PENALTY"), _token(tokens, "LINE_WORDS")
            line = text[at + (first.start_pos or 0) : at + (words.end_pos or 0)].removesuffix("\n")
            return at, line, str(_token(tokens, "LINE_KIND"))
    return None


@lru_cache(maxsize=8192)
def penalty_payload(text: str) -> int | None:
    """Where the colon ends when new text is a penalty line ("Penalty: …", "Penalty for this by-law: …":
    ``penalty_payload``), or None."""
    tokens = _new_text("penalty_payload", text)
    return None if tokens is None else _token(tokens, "COLON").end_pos


@lru_cache(maxsize=8192)
def after_connector(text: str) -> tuple[str, str] | None:
    """("or" or "and", the words after it) when a paragraph's words go on after the connector that ends them ("…; or
    fixture on land when …": ``after_connector``, asked from each semicolon), or None."""
    # only from the last semicolon: the words after the connector run to the end and hold none
    at = text.rfind(";")
    if at >= 0 and (tokens := _new_text("after_connector", text[at:])) is not None:
        return str(_token(tokens, "CONNECTOR")), str(_token(tokens, "TRAILING_WORDS"))
    return None


@lru_cache(maxsize=8192)
def definition_note(text: str) -> tuple[int, str, str] | None:
    """(where the space before it is, "Note:" or "Note for this definition:", the note's words) of the note a
    definition's words end with (``note``, asked from each space before "Note"), or None."""
    at = text.find("Note")
    while at >= 0:
        if at and text[at - 1].isspace() and (tokens := _new_text("note", text[at - 1 :])) is not None:
            colon, words = _token(tokens, "COLON"), _token(tokens, "NOTE_WORDS")
            return at - 1, text[at : at - 1 + (colon.end_pos or 0)], str(words).removesuffix("\n")
        at = text.find("Note", at + 1)
    return None


@lru_cache(maxsize=8192)
def heading_only(text: str) -> tuple[str, str, str] | None:
    """(the kind as printed, its number, its heading) when new text is a Part's or a Division's heading alone
    ("Division 1 — General provisions": ``heading_only``), or None."""
    tokens = _new_text("heading_only", text)
    if tokens is None:
        return None
    kind, number, heading = (str(_token(tokens, k)) for k in ("CONTAINER_KIND", "CONTAINER_NUMBER", "HEADING_ONLY"))
    return kind, number, heading


# --- structure.lark: the provisions an instruction's new text carries -------------------------------------------------

STRUCTURE = Path(__file__).with_name("structure.lark")
_STRUCTURE_STARTS = [
    "heading_above_number",
    "heading_above_next",
    "another_clause",
    "label_after_heading",
    "container_clauses",
    "subdivided",
    "clause_first",
    "subdivision",
    "heading_runs_on",
    "heading_holds_clause",
    "list_run_together",
    "schedule_heading",
    "to_this_clause",
    "clause_schedule",
    "divided",
    "division_head",
    "second_term",
    "run_in_citation",
    "of_council",
    "next_label_inside",
]


@cache
def structure_parser() -> Lark:
    """structure.lark, from each of its start rules: LALR(1) with the contextual lexer."""
    return _lalr("structure", STRUCTURE, _STRUCTURE_STARTS, lexer="contextual")


def _structure(start: str, words: str) -> list[Token] | None:
    """The tokens of structure.lark's parse of the whole of ``words`` from ``start`` (its rules are flat), or None."""
    try:
        tree = structure_parser().parse(words, start=start)
    except UnexpectedInput:
        return None
    return [t for t in tree.children if isinstance(t, Token)]


@lru_cache(maxsize=8192)
def heading_above_number(payload: str) -> tuple[str, str, int] | None:
    """(the heading, the clause's number, where subclause (1) begins) when new text begins with a clause's heading
    printed above its number ("Permission required for aerial spraying 10. (1) A person …": structure.lark's
    ``heading_above_number``), or None."""
    tokens = _structure("heading_above_number", payload)
    if tokens is None:
        return None
    first = next(t for t in tokens if t.type in ("FIRST_SUBCLAUSE", "FIRST_WORD"))  # (wr5b) or its words
    return str(_token(tokens, "ABOVE_HEADING")), str(_token(tokens, "ABOVE_NUMBER")), first.start_pos or 0


@lru_cache(maxsize=8192)
def second_terms(text: str) -> tuple[tuple[int, int, str], ...]:
    """(r12) Each second term of a definition of two ("… provider and “private provider” have the same meanings …":
    structure.lark's ``second_term``, asked at each " and " after a letter, a digit, "_" or ")", the next asked after
    the last one's closing mark): (where " and " begins, where its closing mark ends, the term's words). (issue 20, wr7)
    Of three terms or more ("… animal, “dog” and “owner” have …", asked at each ", " before a mark too), each term after
    the first: (where its ", " or " and " begins, where its closing mark ends, its words)."""
    found: list[tuple[int, int, str]] = []
    at = _next_joiner(text, 0)
    while at >= 0:
        if at and (text[at - 1].isalnum() or text[at - 1] in "_)") and (tokens := _structure("second_term", text[at:])):
            begin = at
            for tok in tokens:
                if tok.type in ("SECOND_COMMA", "SECOND_AND"):
                    begin = at + (tok.start_pos or 0)
                elif tok.type == "SECOND_WORDS":
                    words = str(tok)
                elif tok.type == "SECOND_CLOSE":
                    found.append((begin, at + (tok.end_pos or 0), words))
            at = _next_joiner(text, found[-1][1])
        else:
            at = _next_joiner(text, at + 1)
    return tuple(found)


def _next_joiner(text: str, at: int) -> int:
    """Where the next " and ", or ", " before a quotation mark, begins in ``text`` from ``at`` (lexical); -1: none."""
    joined = text.find(" and ", at)
    comma = at - 1
    while (comma := text.find(", ", comma + 1)) >= 0 and text[comma + 2 : comma + 3] not in ("“", '"'):
        pass
    return min((i for i in (joined, comma) if i >= 0), default=-1)


@lru_cache(maxsize=8192)
def run_in_citation(words: str) -> tuple[str, str] | None:
    """(review5) (the words before it, the citation) when a clause's words begin with a few words run into a
    capitalised citation ("Application Clause 2.4 applies …": structure.lark's ``run_in_citation``), or None."""
    tokens = _structure("run_in_citation", words)
    if tokens is None:
        return None
    kind, number = _token(tokens, "RUN_IN_KIND"), _token(tokens, "RUN_IN_NUMBER")
    return str(_token(tokens, "RUN_IN_WORDS")), f"{kind} {number}"


@lru_cache(maxsize=8192)
def ends_with_council(words: str) -> bool:
    """(review5) Whether ``words`` end with a council's name, "of the Shire of Testville" (structure.lark's
    ``of_council``, asked at each word "of")."""
    at = words.find("of")
    while at >= 0:
        if not (at and (words[at - 1].isalnum() or words[at - 1] == "_")) and _structure("of_council", words[at:]):
            return True
        at = words.find("of", at + 1)
    return False


#: structure.lark's SCHEDULED_TO_THIS, which every parse of ``to_this_clause`` holds (lexical: a quick test first)
_SCHEDULE_TO_THIS = re.compile(r"in the Schedule to this (?:clause|section|by-?law|regulation)\b", re.I)


@lru_cache(maxsize=8192)
def to_this_clause(text: str) -> tuple[int, int] | None:
    """Where "the provisions (of the principal local law) referred to in the Schedule to this clause" is printed in an
    instruction's words (structure.lark's ``to_this_clause``): (its start, its end), asked at each word's start; or
    None."""
    if _SCHEDULE_TO_THIS.search(text) is None:
        return None  # its terminal SCHEDULED_TO_THIS is printed nowhere: no parse from any word
    for at in range(len(text)):
        if at and (text[at - 1].isalnum() or text[at - 1] == "_"):
            continue
        if text[at] not in "tT":
            continue
        tokens = _structure("to_this_clause", text[at:])
        if tokens is not None:
            return at, at + (_token(tokens, "SCHEDULED_TO_THIS").end_pos or 0)
    return None


@lru_cache(maxsize=8192)
def clause_schedule(text: str) -> tuple[int, str] | None:
    """Where a Schedule printed after a clause's words begins ("… ”. SCHEDULE. Clauses 3.2, 4.1 and 5.3.":
    structure.lark's ``clause_schedule``, asked after each full stop or closing quotation mark), and its list (the
    kind and its words, the full stop and spaces at its end taken off); or None."""
    for at in range(1, len(text)):
        if text[at - 1] not in '.”"':
            continue
        tokens = _structure("clause_schedule", text[at:])
        if tokens is None:
            continue
        kind = _token(tokens, "SCHEDULE_KIND")
        words = str(_token(tokens, "SCHEDULE_LIST")).rstrip()
        words = words[:-1] if words.endswith(".") else words
        spaces = [t for t in tokens if t.type == "SCHEDULE_SPACES"][-1]
        if not words:
            continue
        return at, f"{kind}{spaces}{words}"
    return None


#: The kinds a citation names before a number ("clause 3.11", "by-laws 4"), as the word before the number, in lower case
#: and without a plural's s.
_CITING_KINDS = frozenset(
    (
        "clause",
        "subclause",
        "regulation",
        "section",
        "by-law",
        "bylaw",
        "item",
        "paragraph",
        "part",
        "division",
        "schedule",
        "form",
    )
)


@lru_cache(maxsize=8192)
def another_clause(text: str, start: int = 0) -> int | None:
    """Where another clause's number is printed in new text at or after ``start`` ("10A. (1) …", "11. Spraying …":
    ``another_clause``), asked at each digit that begins the text or follows a space (lexical), or None."""
    for at in range(start, len(text)):
        if not text[at].isdecimal() or (at and not text[at - 1].isspace()):
            continue
        if at >= 2 and text[at - 1] == " " and text[at - 2].isdecimal() and _thousands(text, at):
            continue  # (r12) the thousands of an amount spaced as printed ("Penalty: $1 000. (2) …"), no clause
        before = text[:at].split()[-1:]
        if before and before[0].lower().rstrip("s") in _CITING_KINDS:
            continue  # (review7) a citation ending a sentence ("… under clause 3.11. Spraying …"), no clause
        if _structure("another_clause", text[at:]) is not None:
            return at
    return None


def _thousands(text: str, at: int) -> bool:
    """(fix10) Whether the number at ``at`` is the thousands of an amount spaced as printed ("$1 000", "$12 500 000"):
    exactly three digits, no point and digit after them ("… under clause 3.2 3.5. A cat …", "Part 3 3.5.", "Cat Act
    2011 3.5." are another clause's number after a number ending the words before)."""
    digits, after = text[at : at + 3], text[at + 3 : at + 5]
    pointed = after[:1] == "." and after[1:].isdecimal()
    return len(digits) == 3 and digits.isdecimal() and not after[:1].isdecimal() and not pointed


#: (fix10) The words before a label that cite it, not begin it: "subclauses (1) and (2)", "clauses 3.3 to 3.5", "3.3,
#: 3.5", "column (3)", "row (b)" (besides the kinds a citation names)
_CITING_JOINS = frozenset(("and", "or", "to", "and/or", "column", "row"))

#: (fix12, review 12) Words that cite the number after them in a label's shape, besides the kinds a citation names: an
#: Australian Standard ("AS 1926.1 Swimming pool safety barriers", "AS/NZS 4.2"), a section, regulation or number
#: abbreviated ("s. 6.16 Imposition of fees", "ss. 3.5", "r. 4.1", "No. 3.5"), a policy or a standard ("Local Planning
#: Policy 4.1 Keeping of Animals"): as printed, for the capitals, and in lower case
_CITING_PRINTED = frozenset(("AS", "AS/NZS"))
_CITING_WORDS = frozenset(("s.", "ss.", "r.", "rr.", "reg.", "no.", "policy", "standard"))


@lru_cache(maxsize=8192)
def next_label_inside(text: str, label: str) -> int | None:
    """(fix10, issue 20) Where ``label`` — the clause number ("3.5", printed with its full stop), the bracketed
    subclause number ("(4)") or paragraph letter ("(h)") that comes after a new provision's own — is printed inside that provision's words ``text``
    as a provision begins (structure.lark's ``next_label_inside``: "… Penalty: a fine of $100 3.5. Cat collars A cat
    …"), after a space and not after a word that cites it ("clause 3.5.", "subclauses (3) and (4)"), or None."""
    return next((at for at, printed in labels_inside(text) if printed == label), None)


#: (fix12, review 12) The words before a kind's word that make it a whole citation, with no number after it ("set out
#: in the Schedule", "required by this Part", "under this clause")
_WHOLE_CITATION = frozenset(("the", "this", "that", "these", "those"))


def _label_shaped(word: str) -> bool:
    """(fix12) Whether ``word`` is a label or a number cited ("(2)", "3.3", "(2)(a)", "3.4A"), as a list of labels
    joined by "and", "or", "to" or a comma has before its last ("subclauses (1) and (2)", "clauses 3.3, 3.5")."""
    word = word.rstrip(",")
    return word[-1:] == ")" or word[-1:].isdecimal() or (word[-1:].isupper() and any(c.isdecimal() for c in word))


def _cites(before: tuple[str, ...]) -> bool:
    """(fix10, fix11, fix12) Whether the (up to two) words ``before`` a label cite it rather than end the words a
    provision beginning with it follows: a kind's word ("clause 3.5", "Schedule 1", "AS 1926.1", "s. 6.16", "Policy
    4.1") not after "the" or "this" (which make it a whole citation: "in the Schedule 3.5 Cat collars", "by this Part
    3.5 …", "under this clause (4) The …"); or "and", "or", "to" or a comma after a label ("subclauses (3) and (4)",
    "clauses 3.3, 3.5") — not after a word ("a cemetery or (h) a beach.")."""
    if not before:
        return False
    printed, word = before[-1], before[-1].lower()
    ahead = before[0].lower() if len(before) == 2 else ""
    bare = word.replace("-", "").rstrip("s")
    if word in ("column", "row"):
        return True
    if bare in _CITING_KINDS or word in _CITING_WORDS or printed in _CITING_PRINTED:
        return ahead not in _WHOLE_CITATION
    if word in _CITING_JOINS or bare in _CITING_JOINS:
        return _label_shaped(ahead)
    return word.endswith(",") and _label_shaped(word)


@lru_cache(maxsize=8192)
def labels_inside(text: str) -> tuple[tuple[int, str], ...]:
    """(fix11, issue 20) Each label printed inside a new provision's words ``text`` as a provision begins (structure.lark's
    ``next_label_inside``: "… $100 3.5 Cat collars A cat …", "… $1 000 (5) The …", "(g) a cemetery (j) a beach."): (where
    it begins, the label as printed, without a full stop), after a space and not after a word that cites it ("clause
    3.5.", "subclauses (3) and (4)", "column (3)") nor as the thousands of an amount ("$12 500 The …")."""
    found = []
    for at in range(1, len(text)):
        if not (text[at].isdecimal() or text[at] == "(") or not text[at - 1].isspace():
            continue  # (lexical) a label begins with a digit or a bracket, after a space
        if _cites(tuple(text[:at].split()[-2:])):
            continue
        if text[at].isdecimal() and text[at - 1] == " " and at >= 2 and text[at - 2].isdecimal() and _thousands(text, at):
            continue
        tokens = _structure("next_label_inside", text[at:])
        if tokens is not None:
            found.append((at, str(tokens[0])))
    return tuple(found)


@lru_cache(maxsize=8192)
def heading_above_next(text: str, start: int = 0) -> tuple[int, str, str, int] | None:
    """(wr8) The first heading printed above another clause's number after a full stop at or after ``start`` ("…
    registered. Cat tags 3.5. A cat …": structure.lark's ``heading_above_next``, asked at each full stop): (where the
    words before it end, just after their full stop; the heading; the number; where the clause's words or its
    subclause (1) begin), or None."""
    at = text.find(".", start)
    while at >= 0:
        tokens = _structure("heading_above_next", text[at:])
        if tokens is not None:
            first = next(t for t in tokens if t.type in ("FIRST_SUBCLAUSE", "FIRST_WORD"))
            heading, number = _token(tokens, "ABOVE_HEADING"), _token(tokens, "ABOVE_NUMBER")
            return at + 1, str(heading), str(number), at + (first.start_pos or 0)
        at = text.find(".", at + 1)
    return None


@lru_cache(maxsize=8192)
def label_after_heading(text: str) -> int | None:
    """Where the full stop after the first clause's label is, when new text is a Part's or a Division's heading then a
    clause whose label is printed with a full stop ("Division 2 — Microchipping 3.4. Microchipping of dogs …":
    ``label_after_heading``), or None."""
    tokens = _structure("label_after_heading", text)
    return None if tokens is None else _token(tokens, "LABEL_STOP").start_pos


@lru_cache(maxsize=8192)
def container_opening(text: str) -> tuple[str, str, str, int] | None:
    """(the kind as printed, its number, its heading, where what is under it begins) when new text is a Part's or a
    Division's heading then its clauses numbered 1., 2., 3. ("Part 3A — Annual return 18A. Terms used …":
    ``container_clauses``), or, where none, one whose first words under the heading are a Subdivision's heading
    ("Division 2 — Permits Subdivision 1 — …": ``subdivided``); None when neither."""
    for start, names in (
        ("container_clauses", ("CLAUSES_KIND", "CLAUSES_KIND_NUMBER", "CLAUSES_HEADING", "CLAUSES_NUMBER")),
        ("subdivided", ("SUBDIVIDED_KIND", "SUBDIVIDED_KIND_NUMBER", "SUBDIVIDED_HEADING", "SUBDIVIDED_BY")),
    ):
        tokens = _structure(start, text)
        if tokens is not None:
            kind, number, heading, under = (_token(tokens, n) for n in names)
            return str(kind), str(number), str(heading), under.start_pos or 0
    return None


@lru_cache(maxsize=8192)
def divided(text: str) -> tuple[str, str, int] | None:
    """(its number, its heading, where its first Division's heading begins) when new text is a Part's heading then a
    Division's ("PART 5 — LICENSING Division 1 — Applications 17. …": ``divided``), or None."""
    tokens = _structure("divided", text)
    if tokens is None:
        return None
    number, heading, by = (_token(tokens, n) for n in ("DIVIDED_NUMBER", "DIVIDED_HEADING", "DIVIDED_BY"))
    return str(number), str(heading), by.start_pos or 0


_DIVISION_WORDS = ("Division", "DIVISION")


@lru_cache(maxsize=8192)
def division_heads(text: str) -> tuple[int, ...]:
    """Where each Division's heading begins, before the first clause under it ("Division 1 — Applications 17. …":
    ``division_head``), asked where "Division" or "DIVISION" is printed after no letter, digit, underscore or
    apostrophe, each after the one before (its heading's end)."""
    found: list[int] = []
    at = 0
    while True:
        nxt = [i for i in (text.find(w, at) for w in _DIVISION_WORDS) if i >= 0]
        if not nxt:
            return tuple(found)
        at = min(nxt)
        if at and (_is_word_char(text[at - 1]) or text[at - 1] in "’'"):
            at += 1
            continue
        tokens = _structure("division_head", text[at:])
        if tokens is None:
            at += 1
            continue
        found.append(at)
        at += _token(tokens, "HEAD_LABEL").start_pos or 0


@lru_cache(maxsize=8192)
def clause_first(text: str) -> tuple[str, str, str, int] | None:
    """As ``container_opening``, for a Part or Division whose first clause (its label's full stop taken off) comes
    before its Subdivisions ("Division 2 — Permits 2.4 Application of this Division …": ``clause_first``)."""
    tokens = _structure("clause_first", text)
    if tokens is None:
        return None
    kind, number, heading, under = (
        _token(tokens, n) for n in ("FIRST_KIND", "FIRST_KIND_NUMBER", "FIRST_HEADING", "FIRST_LABEL")
    )
    return str(kind), str(number), str(heading), under.start_pos or 0


_SUBDIVISION_WORDS = ("Subdivision", "SUBDIVISION")  # lexical: where a Subdivision's heading may begin


@lru_cache(maxsize=8192)
def subdivisions(text: str) -> tuple[tuple[int, int, str, str], ...]:
    """(where it begins, where the first clause under it begins, its number, its heading) of each Subdivision's heading
    in new text before the first clause under it ("Subdivision 1 — Application 2.4. …": ``subdivision``), asked where
    "Subdivision" or "SUBDIVISION" is printed, each after the one before."""
    found: list[tuple[int, int, str, str]] = []
    at = 0
    while True:
        nxt = [i for i in (text.find(w, at) for w in _SUBDIVISION_WORDS) if i >= 0]
        if not nxt:
            return tuple(found)
        at = min(nxt)
        tokens = _structure("subdivision", text[at:])
        if tokens is None:
            at += 1
            continue
        end = at + (_token(tokens, "SUBDIVISION_LABEL").start_pos or 0)
        found.append((at, end, str(_token(tokens, "SUBDIVISION_NUMBER")), str(_token(tokens, "SUBDIVISION_HEADING"))))
        at = end


def _line_from(text: str, at: int, tokens: list[Token]) -> str:
    """The words from ``at`` to the end of the line on which the words read by ``tokens`` (a parse of ``text[at:]``,
    the rest of the line apart) end."""
    read = max((t.end_pos or 0) for t in tokens if t.type != "LINE_REST")
    end = text.find("\n", at + read)
    return text[at:] if end < 0 else text[at:end]


@lru_cache(maxsize=8192)
def heading_runs_on(heading: str) -> str | None:
    """The words from where a new Part's, Division's or Subdivision's heading runs on into another heading or a clause
    ("… Subdivision 1 — …", "… 2.4. Application …": ``heading_runs_on``) to the end of that line, or None. Asked at
    each word's beginning (a word character after none, lexical)."""
    for at, ch in enumerate(heading):
        if (ch not in "PDS" and not ch.isdecimal()) or (at and _is_word_char(heading[at - 1])):
            continue
        if (tokens := _structure("heading_runs_on", heading[at:])) is not None:
            return _line_from(heading, at, tokens)
    return None


_HELD_VERB_FIRST = frozenset("dior" + "s")  # lexical: the first letters of "delete", "insert", "omit", "substitute", "replace"
_HELD_OPEN = frozenset("“\"‘'")  # lexical: the marks that may open quoted words


@lru_cache(maxsize=8192)
def heading_holds_clause(heading: str) -> str | None:
    """The words from where an instrument's own heading holds what reads as a clause or an instruction ("Meetings 6.
    Clause 20 amended …", "Amendments to clause 12F In clause 12F(2) delete “…”": ``heading_holds_clause``) to the end
    of that line, or None. Asked at each digit after a space, each word's beginning and each opening mark."""
    for at, ch in enumerate(heading):
        before = heading[at - 1] if at else " "
        if ch.isdecimal():
            if not before.isspace():
                continue
        elif ch in _HELD_VERB_FIRST:
            if _is_word_char(before) and at:
                continue
        elif ch not in _HELD_OPEN:
            continue
        if (tokens := _structure("heading_holds_clause", heading[at:])) is not None:
            return _line_from(heading, at, tokens)
    return None


@lru_cache(maxsize=8192)
def list_run_together(text: str) -> bool:
    """Whether a provision's words end in a list whose lines ran together ("… section 4(1) — local planning scheme
    region planning scheme": ``list_run_together``, asked at the last dash)."""
    at = max(text.rfind("—"), text.rfind("–"))
    return at >= 0 and _structure("list_run_together", text[at:]) is not None


@lru_cache(maxsize=8192)
def schedule_heading(text: str, num: str) -> str | None:
    """The words up to the heading's (the kind, the number, the dash and the spaces after it) when a new Schedule's
    words begin with its own heading, numbered ``num`` ("Schedule 2—FEES …": ``schedule_heading``), or None."""
    tokens = _structure("schedule_heading", text)
    if tokens is None or str(_token(tokens, "SCHEDULE_NUMBER")) != num:
        return None
    return text[: _token(tokens, "SCHEDULE_DASH").end_pos or 0]


# --- provision_of.lark: a repealed law's title naming a provision of a law ---------------------------------------------

PROVISION_OF = Path(__file__).with_name("provision_of.lark")


@cache
def provision_of_parser() -> Lark:
    """provision_of.lark's ``provision_of``: LALR(1) with the contextual lexer."""
    return _lalr("provision-of", PROVISION_OF, "provision_of", lexer="contextual")


@lru_cache(maxsize=8192)
def provision_of(title: str) -> bool:
    """Whether a repealed law's title names a provision of a law ("By-law 3 of the Shire of X By-laws":
    provision_of.lark's ``provision_of``)."""
    return _accepts(provision_of_parser(), title)
