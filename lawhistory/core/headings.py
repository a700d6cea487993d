"""The headings amending instruments print, read by ``headings.lark`` beside this module: an amending clause's heading
(reading/headings.py cuts it from the clause's words), an older instrument's heading before its clause's number
(amending/parts.py), and the label printed with a new heading (amending/grammar/read.py). One description of them,
in core/ so that reading/ and amending/ both may load it. (gram) And the words by which reading/structure.py tells an
instrument's own clauses from its new text: an instrument clause's own heading after its number, the words that
introduce new text, new words between straight marks, a word citing the number after it."""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lark import Lark, Token

GRAMMAR = Path(__file__).with_name("headings.lark")
#: The words an amending clause's heading begins with (lexical: the grammar is asked only of words beginning so).
_AMENDING_HEADING_STARTS: tuple[str, ...] = ("Clause", "Schedule", "Part", "Division", "Subdivision", "By-law")
_AMENDING_HEADING_STARTS += ("First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth", "Tenth")


@cache
def _lalr(start: str) -> Lark:
    """headings.lark's parser from ``start``: LALR(1), its lexer asked in each state for the words that may come there."""
    from .compiled import built  # kept built across processes, as the amending grammars are

    grammar = GRAMMAR.read_text(encoding="utf-8")
    return built(f"headings-{start}", grammar, parser="lalr", lexer="contextual", start=start, maybe_placeholders=False)


@cache
def _earley(start: str) -> Lark:
    """headings.lark's parser from ``start``: Earley with the dynamic lexer (a word is read as any terminal expected
    there); only asked whether a parse exists (``ambiguity="forest"``: no tree is made)."""
    from .compiled import built

    return built(
        f"headings-earley-{start}",
        GRAMMAR.read_text(encoding="utf-8"),
        parser="earley",
        lexer="dynamic",
        ambiguity="forest",
        start=start,
        maybe_placeholders=False,
    )


@lru_cache(maxsize=8192)
def amending_heading_end(text: str) -> int | None:
    """Where an amending clause's heading at the start of ``text`` ends ("Clause 3.2 amended In clause 3.2— …": after
    "amended"), a space or the end after it; None when ``text`` does not begin with one (headings.lark's
    ``amending_heading``: "Part 2 Division 1 heading inserted", "Second Schedule amended", "Clause 2.3 deleted and
    replaced", "Clause 2.7A inserted and consequential amendments")."""
    if not text.startswith(_AMENDING_HEADING_STARTS):
        return None  # (lexical: how such a heading begins; the grammar is not asked of other words)
    ends = [at for at, _ in _prefixes("amending_heading", text) if text[at : at + 1] in ("", " ")]
    return ends[-1] if ends else None


def _prefixes(start: str, text: str, *, first: bool = False) -> list[tuple[int, list[Token]]]:
    """(where it ends, its tokens) of every prefix of ``text`` that ``start`` reads whole, the shortest first: the
    tokens are fed one by one, until the words are not the grammar's (``first``: the shortest only). A start of
    ``STRUCTURE_STARTS`` is asked of their one parser."""
    from lark.exceptions import UnexpectedInput

    found: list[tuple[int, list[Token]]] = []
    parser = _structure() if start in STRUCTURE_STARTS else _lalr(start)
    ip = parser.parse_interactive(text, start=start)
    tokens: list[Token] = []

    def whole() -> bool:
        if "$END" not in ip.choices():  # type: ignore[no-untyped-call]
            return False  # (no reading ends here: asked of the table, without feeding the end)
        try:
            ip.copy().feed_eof()  # type: ignore[no-untyped-call]
        except UnexpectedInput:
            return False
        return True

    try:
        # lexed lazily, each token in the parser's state after the one before it (its lexer asks only for the words
        # that may come there)
        for token in ip.lexer_thread.lex(ip.parser_state):  # type: ignore[no-untyped-call]
            ip.feed_token(token)
            tokens.append(token)
            if whole():
                found.append((token.end_pos or 0, list(tokens)))
                if first:
                    break
    except UnexpectedInput:
        pass  # the words from here are not the grammar's
    return found


#: (gram) headings.lark's starts that reading/structure.py asks, of one LALR(1) parser.
STRUCTURE_STARTS = ("own_heading", "new_text_lead", "straight_open", "straight_close", "citing_word")
#: (gram) At most this many characters between the kind and the verb of an instrument clause's own heading.
_OWN_HEADING_BETWEEN = 60
#: How much of the words before a clause number ``opens_new_text`` looks at (their end).
_LEAD_TAIL = 80


@cache
def _structure() -> Lark:
    """headings.lark's parser from ``STRUCTURE_STARTS`` (LALR(1), the contextual lexer: each start lexes only its
    own terminals), kept built as the others are."""
    from .compiled import built

    grammar = GRAMMAR.read_text(encoding="utf-8")
    return built(
        "headings-structure", grammar, parser="lalr", lexer="contextual", start=list(STRUCTURE_STARTS), maybe_placeholders=False
    )


def own_heading_follows(text: str) -> bool:
    """Whether ``text`` (the words after a clause number) begins with an instrument clause's own heading ("Clause 3
    amended", "Local law amended", "Citation": headings.lark's ``own_heading``), at most 60 characters between its
    kind and its verb."""
    found = _prefixes("own_heading", text, first=True)
    if not found:
        return False
    tokens = found[0][1]
    kind = next((t for t in tokens if t.type == "OH_KIND"), None)
    if kind is None:
        return True  # "Citation", "Commencement"
    return (tokens[-1].start_pos or 0) - (kind.end_pos or 0) <= _OWN_HEADING_BETWEEN


def opens_new_text(before: str) -> bool:
    """Whether the words before a clause number end as an instruction that introduces new text does ("… and insert:",
    "… inserted instead —", "the following clause —"; an opening quotation mark after them): headings.lark's
    ``new_text_lead``, read whole from some word's start in their last 80 characters."""
    from lark.exceptions import UnexpectedInput

    tail = before.rstrip().rstrip('"“').rstrip()[-_LEAD_TAIL:]
    if not tail.endswith((":", "—", "–")):
        return False  # (lexical: every lead ends with the colon or dash that opens the new text)
    parser = _structure()
    for at in _word_starts(tail):
        try:
            parser.parse(tail[at:], start="new_text_lead")
        except UnexpectedInput:
            continue
        return True
    return False


def _word_starts(text: str) -> list[int]:
    """Where each word of ``text`` begins (a word character after none, or at the start), the last first."""
    return [at for at in range(len(text) - 1, -1, -1) if _word(text[at]) and (at == 0 or not _word(text[at - 1]))]


def _word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def straight_opens(s: str, mark: int) -> bool:
    """Whether the straight mark at ``mark`` opens new words going on from a provision's (headings.lark's
    ``straight_open``: the dash or colon before it, blanks, then a semicolon or comma after it)."""
    dash = len(s[:mark].rstrip()) - 1
    return dash >= 0 and bool(_prefixes("straight_open", s[dash:], first=True))


def straight_closes(s: str, mark: int) -> bool:
    """Whether the straight mark at ``mark`` closes as a closing mark does (headings.lark's ``straight_close``)."""
    return bool(_prefixes("straight_close", s[mark:], first=True))


@lru_cache(maxsize=4096)
def cites(word: str) -> bool:
    """Whether ``word`` (in lower case, no bracket, comma or semicolon around it) cites the number after it ("clause",
    "by-laws", "and", "cl.": headings.lark's ``citing_word``)."""
    from lark.exceptions import UnexpectedInput

    try:
        _structure().parse(word, start="citing_word")
    except UnexpectedInput:
        return False
    return True


@lru_cache(maxsize=8192)
def heading_first(words: str) -> bool:
    """Whether ``words`` (single-spaced) are an older instrument's amending heading printed before its clause's number
    ("Clause 5 amended", "Part 2 heading repealed and a new heading substituted": headings.lark's ``heading_first``)."""
    from lark.exceptions import UnexpectedInput

    try:
        _earley("heading_first").parse(words)
    except UnexpectedInput:
        return False
    return True


@lru_cache(maxsize=8192)
def heading_label(heading: str, *, schedules: bool = True) -> tuple[str, str, int] | None:
    """(its kind's word, its number, where the heading's own words begin) of the label printed at the start of a new
    heading ("Part 3 — Registration": ("Part", "3", 9); "PART III", "Schedule 1 — …"), or None when it has none
    (headings.lark's ``heading_label``; ``schedules=False``: ``heading_label_no_schedule``, a label naming a Part, a
    Division or a Subdivision only)."""
    if not heading.startswith(("PART", "Part", "Division", "Subdivision", "SCHEDULE", "Schedule")):
        return None  # (lexical: how a label begins; the grammar is not asked of other words)
    found = _prefixes("heading_label" if schedules else "heading_label_no_schedule", heading)
    if not found:
        return None
    end, tokens = found[-1]
    return str(tokens[0]), next(str(t) for t in tokens if t.type == "HL_NUMBER"), end


@lru_cache(maxsize=8192)
def unit_label(heading: str) -> tuple[str, str, int] | None:
    """(its kind's word as printed, its number, where the heading's own words begin) of the label a Part's, a
    Division's or a Subdivision's heading begins with, quoted as printed or new ("PART 1—", "DIVISION 1.—", "Division
    2 - …", or "Part 3" alone), or None (headings.lark's ``unit_label``: a label with no dash after it is the whole
    heading)."""
    found = _prefixes("unit_label", heading)
    if not found:
        return None
    end, tokens = found[-1]
    if not any(t.type == "UL_DASH" for t in tokens) and end != len(heading):
        return None  # no dash: the label must be all the heading holds ("Part 1 Preliminary" is no label)
    return str(tokens[0]), next(str(t) for t in tokens if t.type == "UL_NUMBER"), end
