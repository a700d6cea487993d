"""Turn a parse of the grammar (wa.lark) into typed operations: one builder per change rule.

The lead ("In clause 3.1(1)(c)", "Clause 7 is amended in subclause (2)") gives the provision the change speaks of;
the change gives the action, its object (provisions, words, punctuation, definitions, a heading), its position,
occurrence and new words (quoted in the head, or the payload printed after a dash or colon). Citations are resolved
by ``parts.resolve_targets``; what the law must hold for an operation to apply stays with the applier.

``read`` returns None when a parse builds into a shape the grammar leaves to the transitional families.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import pairwise

from lark import Token, Tree

from ...core.headings import heading_label, unit_label
from ...core.ids import Citation
from ...core.labels import next_letter
from ...core.model import CLAUSE_LEVELS, Kind, Provision, normal_title
from ...core.operations import WHOLE_LAW, WORD_ACTIONS, Operation
from ...core.quotes import UnbalancedQuote, normalise_quotes
from ...files.textformat import render_fragment
from ..apply import REFERENCE_NOTE, UNIT_RANK
from ..parts import (
    GAZETTE_NAMED,
    HOW_TO_TELL,
    InstructionNotUnderstood,
    Unit,
    _headed_clause,
    _op,
    _repealed_laws,
    _resolve_context,
    _rows_payload,
    _schedule_payload,
    _split_payload,
    _substitute,
    _value_row_with_parts,
    _words,
    payload_provisions,
    resolve_targets,
)
from .parse import NoParse, container_payload, division_opening, listed_citation, publications, readings, repeal_lead

_OCCURRENCE = {
    "occ_all": "all",
    "occ_first": "first",
    "occ_second": "second",
    "occ_third": "third",
    "occ_last": "last",
    "occ_twice": "twice",
    "occ_thrice": "thrice",
}


@dataclass(frozen=True, slots=True)
class Head:
    """What a builder reads: the instruction, its head (quotation marks in one form) and its payload."""

    unit: Unit
    head: str
    payload: str | None
    notes: list[str]


def _trees(t: Tree[object], name: str) -> Iterator[Tree[object]]:
    for c in t.children:
        if isinstance(c, Tree) and c.data == name:
            yield c


def _tree(t: Tree[object], name: str) -> Tree[object] | None:
    return next(_trees(t, name), None)


def _tokens(t: Tree[object], kind: str) -> list[str]:
    return [str(c) for c in t.children if isinstance(c, Token) and c.type == kind]


def _span(h: Head, t: Tree[object]) -> str:
    """The words of the head a node covers (from its tokens: a node rebuilt from an ambiguity keeps no position); the
    law a list of provisions is said to be of ("of the principal local law", which ends the list) is not among them."""
    toks = [v for v in t.scan_values(lambda v: isinstance(v, Token)) if isinstance(v, Token) and v.type != "OF_PRINCIPAL"]
    if not toks:
        return ""
    return h.head[min(x.start_pos or 0 for x in toks) : max(x.end_pos or 0 for x in toks)]


def _unquote(q: str) -> str:
    return q[1:-1]


def _occurrence(t: Tree[object]) -> str:
    found = {_OCCURRENCE[s.data] for s in t.iter_subtrees() if s.data in _OCCURRENCE}
    if len(found) > 1:
        raise InstructionNotUnderstood(f"it names more than one occurrence ({', '.join(sorted(found))})")
    return found.pop() if found else "once"


def _base(h: Head, start: Tree[object]) -> tuple[str | None, str | None]:
    """(the provision the lead names, or the instruction's context; the lead's own place words, if any)."""
    ctx = h.unit.context
    lead = next((c for c in start.children if isinstance(c, Tree) and c.data.startswith("lead")), None)
    if lead is None:
        return ctx, None
    if lead.data == "lead_law_amended":
        return None, None  # (r2scope) "The principal local law is amended by …": no provision is the place
    chain = _tree(lead, "place_chain") or _tree(lead, "voiced_place")  # (r2voice) "The definition of … is amended"
    if lead.data == "lead_label":
        # the lead-in named the kind ("In clause—"), the item names the rest ("(a) 5.2(1), delete …")
        labels = _span(h, lead).rstrip(", ")
        if not h.unit.lead:
            raise InstructionNotUnderstood(f"cannot tell what kind of provision “{labels}” is")
        where = f"{h.unit.lead} {labels}"
        return _resolve_context(where, ctx) or ctx, where
    if lead.data == "lead_amended":
        subject = _tree(lead, "subject")
        assert subject is not None
        base = _resolve_context(_span(h, subject).split(" of the principal")[0], ctx) or ctx
        if chain is None:
            return base, None
        # "Clause 26 is amended in subparagraph (v) of paragraph (c) of subclause (2)": the place within the subject
        if base and base.startswith("Schedule "):
            # (r2voice) "Schedule 1 is amended in paragraph 3(b) by …" reads as "In Schedule 1, paragraph 3(b), …"
            return _resolve_context(f"{base}, {_place(h, chain)}", ctx) or base, None
        return _resolve_context(_place(h, chain), base) or base, None
    assert chain is not None
    where = _place(h, chain)
    if _names_whole_law(h, chain):
        return None, where  # (r2scope) the whole law: no provision is the place (word edits: see _whole_law_targets)
    if (relative := _relative(h, chain)) is not None:
        return relative, where
    base = _resolve_context(where, ctx) or ctx
    if (rows := _cited_rows(h, chain, base)) is not None:
        if len(rows) > 1:
            raise InstructionNotUnderstood(f"it names {len(rows)} rows where its change needs one ({', '.join(rows)})")
        base = rows[0]
    return (_with_column(h, chain, base) if base else base), where


def _place(h: Head, t: Tree[object]) -> str:
    """A place's words as the citation reader takes them ("the definition for X" is "the definition of X"; a term
    named without quotation marks is quoted, so the words after it are not read as part of it)."""
    words = re.sub(r"\bdefinitions? for\b", "definition of", _quoting_terms(h, t), flags=re.I)
    # "Subclause 36 (1)" (as a Commonwealth-style instrument cites it): clause 36's subclause (1)
    return re.sub(r"^Sub-?(?:clause|section)\s+(\d+[A-Z]{0,2})\s*(?=\()", r"clause \1", words, flags=re.I)


def _quoting_terms(h: Head, t: Tree[object]) -> str:
    """The words ``t`` covers, each unquoted defined term of a definition in it quoted (“meeting”)."""
    toks = [v for v in t.scan_values(lambda v: isinstance(v, Token)) if isinstance(v, Token)]
    if not toks:
        return ""
    start, end = min(x.start_pos or 0 for x in toks), max(x.end_pos or 0 for x in toks)
    cuts: list[tuple[int, int]] = []
    for d in t.iter_subtrees():
        term = _tree(d, "term") if d.data == "definition" else None
        inner = [v for v in term.scan_values(lambda v: isinstance(v, Token)) if isinstance(v, Token)] if term else []
        if inner:
            cuts.append((min(x.start_pos or 0 for x in inner), max(x.end_pos or 0 for x in inner)))
    gone: list[tuple[int, int]] = []
    for c in t.iter_subtrees():
        inner = (
            [v for v in c.scan_values(lambda v: isinstance(v, Token)) if isinstance(v, Token)]
            if c.data in (*_NOT_CITED, "row_cited", *_TEXT_PLACES, "note_line")
            else []
        )
        if inner:
            # a column's heading is not a citation ("the column headed “Clause 3”"): it is added by _with_column; nor is
            # what a row cites ("the item relating to clause 4.3(a)"): the row is added by _lead_rows
            gone.append((min(x.start_pos or 0 for x in inner), max(x.end_pos or 0 for x in inner)))
    out, pos = [], start
    for a, b in sorted(set(cuts) | set(gone)):
        if a < pos:
            continue
        out += [h.head[pos:a]] + (["“", " ".join(h.head[a:b].split()), "”"] if (a, b) in cuts else [])
        pos = b
    words = "".join([*out, h.head[pos:end]])
    if any(c.data in (*_TEXT_PLACES, "note_line") for c in t.iter_subtrees()):
        # "clause 21(1), in the formula": the joining words before a place inside its lines of text go with it
        words = re.sub(r"(?:[\s,]+in)?[\s,]*$", "", re.sub(r"^[\s,]*(?:in\b)?[\s,]*", "", words, flags=re.I), flags=re.I)
    return words


#: Nodes of a place whose words are no citation: a column's heading (added by _with_column), the law it is of.
_NOT_CITED = ("column", "of_law")

#: the kinds a citation names, by level (a regulation and a section are a clause's)
_KIND_LEVEL = {**CLAUSE_LEVELS, "regulation": 0, "section": 0}


def _level(citation: str) -> int | None:
    """How deep a clause-level citation reaches: 3.2 is a clause (0), 3.2(1) a subclause (1), 3.2(1)(a) a paragraph (2)."""
    if not re.fullmatch(r"\d+(?:\.\d+)*[A-Z]{0,2}(?:\(\w+\))*", citation):
        return None
    return len(re.findall(r"\(\w+\)", citation))


def _relative(h: Head, chain: Tree[object]) -> str | None:
    """What "that subclause" (the whole place) names: the lead-in's provision when it is of that kind, else the one of
    that kind the item before names; refused when neither is. None: the place is not a relative locator alone."""
    places = [c for c in chain.children if isinstance(c, Tree)]
    if len(places) != 1 or places[0].data != "relative":
        return None
    kind = re.sub(r"^sub-", "sub", _tokens(places[0], "KIND")[0].lower()).rstrip("s")
    want, ctx = _KIND_LEVEL.get(kind), h.unit.context
    if want is not None and ctx and _level(ctx) == want:
        return ctx
    before = _previous_place(h)
    if want is not None and before and _level(before) == want:
        return before
    raise InstructionNotUnderstood(f"cannot tell which {kind} “{_span(h, places[0])}” is")


def _previous_place(h: Head) -> str | None:
    """The provision the instruction before this one (under the same lead-in) names in its lead, if it parses."""
    prev = h.unit.previous
    if not prev:
        return None
    try:
        head, _ = _split_payload(normalise_quotes(prev.strip()))
    except (UnbalancedQuote, InstructionNotUnderstood):
        return None
    parsed = readings(head)
    if isinstance(parsed, NoParse) or len(parsed) != 1:
        return None
    lead = next((c for c in parsed[0].children if isinstance(c, Tree) and c.data == "lead_in"), None)
    chain = _tree(lead, "place_chain") if lead is not None else None
    if chain is None or any(c.data == "relative" for c in chain.iter_subtrees()):
        return None
    # the words of the item before, read against the same lead-in (its own span, not this head's)
    before = Head(h.unit, head, None, [])
    return _resolve_context(_place(before, chain), h.unit.context)


def _with_column(h: Head, chain: Tree[object] | None, target: str) -> str:
    """``target`` narrowed to the column its place names ("Schedule 3 item 1 column “Modified penalty $”"), if any."""
    columns = [c for c in chain.iter_subtrees() if c.data == "column"] if chain is not None else []
    if not columns:
        return target
    if len(columns) > 1:
        raise InstructionNotUnderstood("it names more than one column")
    heading = " ".join(_unquote(_tokens(columns[0], "QUOTED")[0]).split())
    return f"{target} column “{heading}”"


def _new_words(h: Head, change: Tree[object]) -> str | None:
    """The new words: quoted in the head (or a punctuation mark named), else the payload; never both."""
    news = [c for c in change.children if isinstance(c, Token) and c.type in ("QUOTED", "PUNCTUATION")]
    return _pick_new(h, news[-1] if news else None)


def _pick_new(h: Head, tok: Token | None, *, dashed: bool = False) -> str | None:
    if tok is not None and h.payload is not None:
        raise InstructionNotUnderstood("it gives its new words twice (quoted, and after a dash or colon)")
    if tok is None:
        return " ".join(h.payload.split()) if h.payload is not None else None
    if tok.type == "PUNCTUATION":
        return _words(str(tok))
    new = _unquote(str(tok))
    return " ".join(new.split()) if dashed else new


# --- words -------------------------------------------------------------------------------------------------------


def _word_targets(h: Head, start: Tree[object]) -> list[str]:
    """Where a word edit is made: the lead's provision (each of several named by a list), or the context."""
    lead = next((c for c in start.children if isinstance(c, Tree) and c.data == "lead_in"), None)
    chain = _tree(lead, "place_chain") if lead is not None else None
    if (chain is not None and _names_whole_law(h, chain)) or _whole_law_lead(h, start):
        return [WHOLE_LAW]
    if chain is not None and (rows := _lead_rows(h, chain)) is not None:
        # "In Schedule 1, in the items relating to clauses 2.5(2) and 2.7(2), delete …": the same edit in each row
        return [_with_column(h, chain, r) for r in rows]
    if chain is not None and not re.search(r"\bto\b", _place(h, chain)):
        # "In clauses 3.14 and 3.15 delete …": the same edit in each provision the list names
        several = resolve_targets(_place(h, chain), h.unit.context)
        if len(several) > 1:
            return [_with_column(h, chain, t) for t in several]
    amended = next((c for c in start.children if isinstance(c, Tree) and c.data == "lead_amended"), None)
    inner = _tree(amended, "place_chain") if amended is not None else None
    if (
        amended is not None
        and inner is not None
        and re.search(r"\band\b", _place(h, inner))
        and not re.search(r"\bto\b", _place(h, inner))
    ):
        # (r12) "By-law 5 … is amended, in subclause (4) and in subclause (5), by deleting …": the same edit in each
        subject = _tree(amended, "subject")
        assert subject is not None
        within = _resolve_context(_span(h, subject).split(" of the principal")[0], h.unit.context) or h.unit.context
        several = resolve_targets(_place(h, inner), within) if within and not within.startswith("Schedule") else []
        if len(several) > 1:
            return several
    base, where = _base(h, start)
    if where is not None and re.match(r"(?:the )?heading (?:to|of)\b", where.strip(), re.I) and base:
        return [f"{base} heading"]
    if not base and where is None and h.unit.everywhere and _occurrence(start) == "all":
        return [WHOLE_LAW]  # (issue 20) "4. Local law amended throughout  Delete “x” in each place where it occurs …"
    if not base:
        raise InstructionNotUnderstood("cannot tell which provision its words are in")
    return [base]


def _words_deleted(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    if h.payload is not None:
        raise InstructionNotUnderstood("it deletes words and also carries new text, but does not say to insert it")
    quoted = [_unquote(q) for ql in _trees(ch, "quoted_list") for q in _tokens(ql, "QUOTED")]
    occ = _occurrence(start)
    return [
        _op(h.unit, action="delete_words", target=_as_passage(ch, t), words=w, occurrence=occ)
        for t in _placed_targets(h, start, ch)
        for w in quoted
    ]


def _as_passage(ch: Tree[object], target: str) -> str:
    """(issue 20, wr7) The target of words named "the passage" ("by deleting the passage “hound.” … and substituting
    the passage “hound; or”"): ``7(3)(d) passage``, which may begin or end inside a word of the law, told when the law
    is known (law_known.in_word_resolved: only where the new words keep the part of that word it holds); other words
    keep their target (a passage made throughout the law is looked for as words are)."""
    return f"{target} passage" if _tree(ch, "passage_named") is not None and target != WHOLE_LAW else target


def _placed_targets(h: Head, start: Tree[object], ch: Tree[object]) -> list[str]:
    """Where a word edit is made: the lead's provision (or the context), narrowed by the place the change names itself
    before or after its words ("delete “a” in paragraph (b) and insert “b”", "delete “a” and insert “b” in clause
    6.1(c)"): never elsewhere; a change naming two places, or a place that cannot be resolved, is refused."""
    inner = list(_trees(ch, "place_chain"))
    if not inner:
        return _word_targets(h, start)
    if len(inner) > 1:
        raise InstructionNotUnderstood(f"it names two places, “{_span(h, inner[0])}” and “{_span(h, inner[1])}”")
    try:
        targets: list[str | None] = [t if t != WHOLE_LAW else None for t in _word_targets(h, start)]
    except InstructionNotUnderstood:
        targets = [None]  # no lead and no context: the place the change names is the whole of where it is made
    several = resolve_targets(_place(h, inner[0]), None) if targets == [None] else []
    if len(several) > 1:
        # (known2) "The principal local law is amended by deleting “A” wherever occurring in clauses 3.2, 4.1 and 5.3
        # and substituting …": the same edit in each provision the place names, as under a lead naming them
        return several
    one = _resolve_context(_place(h, inner[0]), targets[0])
    if not one or len(targets) > 1:
        raise InstructionNotUnderstood(f"cannot tell which provision “{_span(h, inner[0])}” is")
    if targets[0] is not None and not _within(one, targets[0]):
        # (review) "In clause 5.3(2) delete “vessel” and insert “boat” in clause 5.3(3)": the place the change names
        # must narrow the provision the instruction is in, never move the change out of it
        raise InstructionNotUnderstood(
            f"it is in {targets[0]} but names “{_span(h, inner[0])}” ({one}), outside it, so where the change is made is "
            "uncertain"
        )
    return [one]


def _within(citation: str, holder: str) -> bool:
    """Whether ``citation`` is ``holder`` or a provision inside it ("5.3(2)(a)" in "5.3(2)"; "1.3 “x”(a)" in "1.3")."""
    return citation == holder or (citation.startswith(holder) and citation[len(holder)] in "( “")


def _words_replaced(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    quoted = _tokens(ch, "QUOTED")
    old = _unquote(quoted[0])
    new_tok = [c for c in ch.children if isinstance(c, Token) and c.type in ("QUOTED", "PUNCTUATION")][1:]
    new = _pick_new(h, new_tok[-1] if new_tok else None, dashed=True)
    if new is None:
        raise InstructionNotUnderstood("it replaces words but carries no new words")
    inner = _tree(ch, "place_chain")
    if inner is not None and _names_whole_law(h, inner):
        # "delete “A” wherever it occurs in the principal local law and insert “B”" (r2scope)
        if any(isinstance(c, Tree) and c.data.startswith("lead") for c in start.children) or h.unit.context or h.unit.whole_law:
            raise InstructionNotUnderstood(f"it names a provision and also “{_span(h, inner)}”, which is uncertain")
        return [_op(h.unit, action="substitute_words", target=WHOLE_LAW, words=old, new=new, occurrence=_occurrence(start))]
    # "by deleting “A” in paragraph (b) of the definition of “litter” and substituting …", "delete “A” and insert “B”
    # in clause 6.1(c)"
    targets = _placed_targets(h, start, ch)
    occ = _occurrence(start)
    if new == f"(1) {old}" and len(targets) == 1 and occ == "once":
        # (r13) "In regulation 2: (a) delete “In these” and insert: (1) In these": the designation put before the
        # provision's first words — its words become its subclause (1) (amend.py refuses it unless they begin them)
        placeholder = _first_subclause()
        return [_op(h.unit, action="substitute", target=f"{targets[0]} designation (1) before “{old}”", new=placeholder)]
    if _tokens(ch, "IN_EACH_CASE") and occ == "once" and len(targets) == 1:
        raise InstructionNotUnderstood("it replaces words “in each case” but names one place and no occurrences")
    labelled = _LABEL_AT_START.match(new or "")
    rest = new[labelled.end() :] if labelled and new else ""
    if re.match("[A-Z]", rest) and rest != old and not _LABEL_AT_START.match(old):
        # (review7 a09) "delete “A cat” and insert: (1) A dog": new words that begin with a provision's label would put
        # the label into the words (no subclause (1) made); a label before the same words ("(2) The owner") is a
        # designation, read as before
        raise InstructionNotUnderstood(
            f"the words it inserts, “{new[:60]}”, begin with a provision's label, which would be printed as words, not "
            "made a provision"
        )
    return [
        _op(h.unit, action="substitute_words", target=_as_passage(ch, t), words=old, new=new, occurrence=occ) for t in targets
    ]


#: (wr11) A provision's number as printed before its words, quoted ("7.", "12A."), and a lone designation ("(1)").
_NUMBER_QUOTED = re.compile(r"(\d+[A-Z]{0,2}(?:\.\d+[A-Z]{0,2})*)\.")
_LONE_DESIGNATION = re.compile(r"\(\d+[A-Z]?\)")


def _words_inserted(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    pos = next(c.data for c in ch.children if isinstance(c, Tree) and c.data in ("after", "before"))
    quoted = _tokens(ch, "QUOTED")
    anchor = _unquote(quoted[0])
    dashed = bool(_tokens(ch, "DASH"))
    news = [c for c in ch.children if isinstance(c, Token) and c.type in ("QUOTED", "PUNCTUATION")][1:]
    new = _pick_new(h, news[0] if news else None, dashed=dashed)
    if new is None:
        raise InstructionNotUnderstood("it inserts words but carries none")
    if (number := _NUMBER_QUOTED.fullmatch(anchor)) is not None and _LONE_DESIGNATION.fullmatch(new.strip()):
        # (wr11, case 230) "By-law 7 … is amended by inserting after “7.”, the following— “ (1) ”": the provision's own
        # number, a designation after it: its words become its subclause (1), as designation_added reads "after the
        # by-law number “12.” the subclause designation, “(1)”" (a number not the provision's is refused)
        base, _ = _base(h, start)
        if pos != "after" or not base or base != number.group(1):
            raise InstructionNotUnderstood(
                f"it inserts the designation “{new.strip()}” {pos} the number “{anchor}”, which is not that of the "
                f"provision it amends ({base or 'none named'})"
            )
        if new.strip() != "(1)":
            raise InstructionNotUnderstood(f"the designation “{new.strip()}” is not the first of a list")
        return [_op(h.unit, action="substitute", target=f"{base} designation (1)", new=_first_subclause())]
    occ = _occurrence(start)
    gone = _tree(ch, "mark_deleted")
    out = []
    for t in _placed_targets(h, start, ch):
        if gone is not None:
            # "after the word “park” insert a full stop and delete the semi colon and the word “and”"
            if pos != "after":
                raise InstructionNotUnderstood("it deletes a mark before the words it inserts after, which is uncertain")
            mark = _words("a " + re.sub(r"^the ", "", _tokens(gone, "MARK")[0], flags=re.I).lower())
            also = _tokens(gone, "QUOTED")
            words = anchor + mark + (f" {_unquote(also[0])}" if also else "")
            out.append(_op(h.unit, action="substitute_words", target=t, words=words, new=anchor + new, occurrence=occ))
        else:
            out.append(_op(h.unit, action="insert_words", target=t, words=anchor, new=new, position=pos, occurrence=occ))
    return out


def _provisions_renumbered(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """(r3lz) "Renumber clauses 4.5 and 4.6 as clauses 4.4 and 4.5 respectively": a `renumber` of each provision of the
    first list, its new label the one of the second list in the same place (lists of unequal length refused). Given
    new labels higher than their old ones, the last is renumbered first, so that no label is held twice between them."""
    if h.payload is not None:
        raise InstructionNotUnderstood("it renumbers provisions and also carries new text")
    base, _ = _base(h, start)
    old_list, new_list = (_span(h, p) for p in _trees(ch, "prov_list"))
    olds = resolve_targets(old_list, base)
    news = [_label_of(c) for c in resolve_targets(new_list, base)]
    if not olds or len(olds) != len(news) or any(n is None for n in news):
        raise InstructionNotUnderstood(f"cannot pair the provisions “{old_list}” with their new labels “{new_list}”")
    ops = [_op(h.unit, action="renumber", target=o, new=n) for o, n in zip(olds, news, strict=True)]
    upward = all((_label_of(o) or "") < (n or "") for o, n in zip(olds, news, strict=True))
    return ops[::-1] if upward else ops


def _provisions_deleted_renumbered(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """(issue 20, wr4a) "delete subclause (2) and renumber subclause (3) as subclause (2)": a `delete` of each provision
    of the first list, then the renumbering (provisions_renumbered) of the rest, in that order."""
    if h.payload is not None:
        raise InstructionNotUnderstood("it deletes and renumbers provisions and also carries new text")
    base, _ = _base(h, start)
    phrase = _span(h, next(_trees(ch, "prov_list")))
    deleted = resolve_targets(phrase, base)
    if not deleted:
        raise InstructionNotUnderstood(f"cannot tell which provision “{phrase}” is")
    renumbered = next(_trees(ch, "provisions_renumbered"))
    return [_op(h.unit, action="delete", target=t) for t in deleted] + _provisions_renumbered(h, start, renumbered)


def _label_of(citation: str) -> str | None:
    """The label a citation ends in: "4.4" of "4.4", "(b)" of "3(b)", "2" of "Second Schedule item 2"."""
    m = re.search(r"(?:\bitem |\bPart |\bDivision |\bSchedule )?(\(\w{1,4}\)|\d+(?:\.\d+)*[A-Z]{0,2})$", citation)
    return m.group(1) if m else None


def _words_removed_beside(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    if h.payload is not None:
        return []
    pos = next(c.data for c in ch.children if isinstance(c, Tree) and c.data in ("after", "before"))
    a, w = (_unquote(q) for q in _tokens(ch, "QUOTED"))
    words = f"{a} {w}" if pos == "after" else f"{w} {a}"
    occ = _occurrence(start)
    return [_op(h.unit, action="substitute_words", target=t, words=words, new=a, occurrence=occ) for t in _word_targets(h, start)]


def _words_substituted_for(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    new, old = (_unquote(q) for q in _tokens(ch, "QUOTED"))
    occ = _occurrence(start)
    return [
        _op(h.unit, action="substitute_words", target=t, words=old, new=" ".join(new.split()), occurrence=occ)
        for t in _word_targets(h, start)
    ]


def _words_for_substituted(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "for “shall” substitute “must”": the words after "for" go, the new words take their place."""
    old = _unquote(_tokens(ch, "QUOTED")[0])
    news = [c for c in ch.children if isinstance(c, Token) and c.type in ("QUOTED", "PUNCTUATION")][1:]
    new = _pick_new(h, news[0] if news else None, dashed=True)
    if new is None:
        raise InstructionNotUnderstood("it replaces words but carries no new words")
    occ = _occurrence(start)
    return [_op(h.unit, action="substitute_words", target=t, words=old, new=new, occurrence=occ) for t in _word_targets(h, start)]


def _definition_named(h: Head, start: Tree[object], ch: Tree[object]) -> str:
    """The target of the definition "… of “X”" names, in the provision the context gives (``holder “X”``)."""
    base, _ = _base(h, start)
    if not base:
        raise InstructionNotUnderstood("cannot tell which provision holds the definition")
    holder = base if "“" not in base else base.split(" “")[0]
    definition = _tree(ch, "definition")
    assert definition is not None
    return f"{holder} “{_term(h, definition)}”"


def _mark_ending_definition(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "by deleting the semicolon after the definition of “X” and substituting a full stop": the mark ending X."""
    target = _definition_named(h, start, ch)
    old = _words("a " + re.sub(r"^the ", "", _tokens(ch, "MARK")[0], flags=re.I).lower())
    new = _new_words(h, ch)
    if new is None:
        raise InstructionNotUnderstood("it replaces a mark but carries no new one")
    return [_op(h.unit, action="substitute_words", target=target, words=old, new=new, occurrence="last")]


def _words_ending_definition(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """(r15) "at the end of the definition of “election day”, by deleting “election.” and substituting the following—
    “ election or a section 20 election; ”": the quoted words replaced where they end the definition's words
    (`substitute_words` at the `end`: refused where the definition does not end with them)."""
    target = _definition_named(h, start, ch)
    quoted = [c for c in ch.children if isinstance(c, Token) and c.type == "QUOTED"]
    old = _unquote(str(quoted[0]))
    new = _pick_new(h, quoted[1] if len(quoted) > 1 else None, dashed=True)
    if new is None:
        raise InstructionNotUnderstood("it replaces the words ending a definition but carries no new words")
    return [_op(h.unit, action="substitute_words", target=target, words=old, new=new, position="end")]


def _mark_ending_provision(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "by deleting the semicolon after paragraph (c) and inserting instead a full stop" / "by inserting before the full
    stop at the end of subparagraph (iii) — and the Code": the mark that ends each provision named, replaced (or the new
    words put before it) — `substitute_words` at the `end`, applied only where the mark ends the provision's words."""
    mark = _words("a " + re.sub(r"^the ", "", _tokens(ch, "MARK")[0], flags=re.I).lower())
    if _tokens(ch, "DELETE"):
        new = _new_words(h, ch)
        if new is None:
            raise InstructionNotUnderstood("it replaces a mark but carries no new one")
    else:
        quoted = _tokens(ch, "QUOTED")
        ins = _pick_new(h, next((c for c in ch.children if isinstance(c, Token) and c.type == "QUOTED"), None), dashed=True)
        if ins is None or (quoted and h.payload is not None):
            raise InstructionNotUnderstood("it inserts words before a mark but carries none")
        new = ins + mark
    targets = _targets(h, start, ch)
    return [_op(h.unit, action="substitute_words", target=t, words=mark, new=new, position="end") for t in targets]


def _passage_changed(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    a, b = (_unquote(q) for q in _tokens(ch, "QUOTED"))
    replaces = _tree(ch, "put") is not None
    new = " ".join(h.payload.split()) if h.payload is not None else None
    if replaces and new is None:
        raise InstructionNotUnderstood("it replaces a passage but carries no new words")
    if not replaces and new is not None:
        raise InstructionNotUnderstood("it deletes a passage and also carries new text, but does not say to insert it")
    action = "substitute_words" if replaces else "delete_words"
    return [_op(h.unit, action=action, target=t, words=a, until=b, new=new) for t in _word_targets(h, start)]


# --- provisions ----------------------------------------------------------------------------------------------------


def _targets(h: Head, start: Tree[object], ch: Tree[object]) -> list[str]:
    base, _ = _base(h, start)
    plist = _tree(ch, "prov_list")
    bare = _tree(ch, "bare_labels")
    form = _tree(ch, "form_deleted")
    if form is not None:
        # (wr12) "In Schedule 3 delete Form 4.": the form of the schedule the lead names, and no other place
        if not base or not re.fullmatch(r"Schedule \S+", base) or h.payload is not None:
            raise InstructionNotUnderstood(f"it deletes “{_span(h, form)}” but names no one schedule it is in")
        return [f"{base} Form {_tokens(form, 'LABEL')[0].upper()}"]
    if plist is None and bare is not None:
        phrase = _bare_phrase(h, bare, base)
    else:
        assert plist is not None
        phrase = _span(h, plist)
    targets = resolve_targets(phrase, base)
    if not targets:
        raise InstructionNotUnderstood(f"cannot tell which provision “{phrase}” is")
    return targets


def _bare_phrase(h: Head, bare: Tree[object], base: str | None) -> str:
    """ "delete (b)": labels with no kind named, read as paragraphs of a definition, subclauses when numbered, or
    paragraphs when lettered (never a roman numeral, which may be a letter)."""
    labels = _span(h, bare)
    first = re.match(r"\((\w+)\)", labels)
    inner = first.group(1) if first else ""
    if (base and "“" in base) or (re.fullmatch(r"[a-z]{1,2}", inner) and not re.fullmatch(r"[ivx]+", inner)):
        return f"paragraph {labels}"
    if inner[:1].isdigit():
        return f"subclause {labels}"
    raise InstructionNotUnderstood(f"cannot tell what kind of provision “{labels}” is")


def _substituted(h: Head, targets: list[str], payload: str) -> list[Operation]:
    """Provisions replaced by the payload; a whole schedule by its new text, its table read into rows."""
    whole = re.fullmatch(r"Schedule (\S+)", targets[0]) if len(targets) == 1 else None
    if len(targets) == 1 and re.fullmatch(r"Schedule \S+ (?:item|row) .+", targets[0]) and payload.lstrip().startswith("|"):
        # "In Schedule 2, delete item 3 and replace with— | 3 | 2.3(4) | … | 100 |": the row replaced by the new row(s)
        # printed with their cells between bars
        rows = _bar_rows(payload)
        if rows is None:
            raise InstructionNotUnderstood("the new rows could not be read into their columns")
        return [_op(h.unit, action="substitute", target=targets[0], new=rows)]
    if (run := _consecutive_items(targets)) is not None and payload.lstrip().startswith("|"):
        # "In Schedule 4, delete items 3 and 4 and insert— | 3 | … | | 4 | … | | 5 | … |": the run of rows replaced
        # by the rows printed between bars, in its place; the later rows go first, so that no new row's item number
        # is taken for one of them
        rows = _bar_rows(payload)
        if rows is None:
            raise InstructionNotUnderstood("the new rows could not be read into their columns")
        first, *rest = run
        return [
            *(_op(h.unit, action="delete", target=t) for t in reversed(rest)),
            _op(h.unit, action="substitute", target=first, new=rows),
        ]
    if whole:
        new = _schedule_payload(whole.group(1), payload, h.notes)
        return [_op(h.unit, action="substitute", target=targets[0], new=new)]
    return _substitute(h.unit, targets, payload, h.notes)


def _consecutive_items(targets: list[str]) -> list[str] | None:
    """Two or more items of one schedule whose numbers follow one another ("Schedule 4 item 3", "Schedule 4 item 4"),
    in order; None otherwise."""
    found = [re.fullmatch(r"(Schedule \S+ item) (\d+)", t) for t in targets]
    if len(targets) < 2 or not all(found):
        return None
    heads = {m.group(1) for m in found if m}
    numbers = [int(m.group(2)) for m in found if m]
    if len(heads) != 1 or numbers != list(range(numbers[0], numbers[0] + len(numbers))):
        return None
    return targets


def _reference_replaced(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "In clause 5.12(2)(d) delete the reference to 11.37 and replace it with 11.4.": unquoted words changed."""
    old, new = (_span(h, t).strip() for t in _trees(ch, "reference"))
    if h.payload is not None:
        raise InstructionNotUnderstood("it replaces a reference and also carries new text")
    base, _ = _base(h, start)
    if not base:
        raise InstructionNotUnderstood("cannot tell which provision its words are in")
    return [_op(h.unit, action="substitute_words", target=base, words=old, new=new)]


def _note_deleted(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "In clause 20(1) delete the note.": the line under the provision that begins "Note" (found when the law is known)."""
    chain = _tree(ch, "place_chain")
    base, _ = _base(h, start)
    target = (_resolve_context(_place(h, chain), h.unit.context) if chain is not None else None) or base
    if not target:
        raise InstructionNotUnderstood("cannot tell which provision's note it deletes")
    if h.payload is not None:
        raise InstructionNotUnderstood("it deletes a note and also carries new text, but does not say to insert it")
    return [_op(h.unit, action="delete", target=f"{target} note")]


def _penalty_replaced(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "In clause 3.1 delete the Penalty and insert: Penalty: …": the provision's penalty line replaced by the new text
    (which line is the penalty: when the law is known)."""
    base, _ = _base(h, start)
    if not base:
        raise InstructionNotUnderstood("cannot tell which provision's penalty it replaces")
    if h.payload is None or not re.match(r"\s*Penalty\b", h.payload):
        raise InstructionNotUnderstood("it replaces a penalty, but its new text is no penalty")
    return _substitute(h.unit, [f"{base} penalty"], h.payload, h.notes)


def _definitions_inserted_after_passage(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "by adding after the passage, “In these by-laws—” in line one the following interpretation— …": the new
    definitions first among the provision's definitions, just after the words quoted (checked when applied)."""
    passage = _unquote(_tokens(ch, "QUOTED")[0])
    return _definitions_inserted(h, start, ch, passage=passage)


def _designation_added(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "By-law 12 … is amended— (a) by adding after the by-law number “12.” the subclause designation, “(1)”": the
    provision's own words become its first subclause (when the law is known: refused when it has no words of its own,
    or holds labelled provisions already)."""
    base, _ = _base(h, start)
    number, label = (_unquote(q) for q in _tokens(ch, "QUOTED"))
    if not base or (base.rstrip(".") != number.rstrip(".") and not base.endswith(" " + number.rstrip("."))):
        raise InstructionNotUnderstood(f"the number “{number}” is not that of the provision it amends ({base or 'none named'})")
    return _designation_op(h, f"{base} designation", label)


def _designation_figure(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """(wr11, case 239) "by adding after the by-law number “12.” the figure “1” in brackets thus—(1)": as
    designation_added, the designation printed after "thus" (refused unless it is the figure quoted, in brackets)."""
    base, _ = _base(h, start)
    number, figure = (_unquote(q) for q in _tokens(ch, "QUOTED"))
    label = _tokens(ch, "LABEL")[-1]
    if not base or (base.rstrip(".") != number.rstrip(".") and not base.endswith(" " + number.rstrip("."))):
        raise InstructionNotUnderstood(f"the number “{number}” is not that of the provision it amends ({base or 'none named'})")
    if label != f"({figure.strip()})":
        raise InstructionNotUnderstood(f"the figure “{figure}” in brackets is not the designation printed, “{label}”")
    return _designation_op(h, f"{base} designation", label)


#: A provision's label and the space after it at the start of words ("(1) ", "(b) ", "(2A) ").
_LABEL_AT_START = re.compile(r"\((?:\d+[A-Z]?|[a-z]{1,4})\)\s+")


def _designation_op(h: Head, target: str, label: str, words: str = "") -> list[Operation]:
    """The operation of a subclause designation ``label`` added (``target``: "<base> designation"; ``words``: the
    words it is put before), refused unless it is "(1)" and carries no new text (``_first_subclause``)."""
    if label != "(1)":
        raise InstructionNotUnderstood(f"the designation “{label}” is not the first of a list")
    if h.payload is not None:
        raise InstructionNotUnderstood("it adds a designation and also carries new text")
    before = f" before “{words}”" if words else ""
    return [_op(h.unit, action="substitute", target=f"{target} {label}{before}", new=_first_subclause())]


def _first_subclause() -> str:
    """What a designation's operation carries until the law is known: a subclause (1) of the provision's own words,
    which amend.py makes of the law's words (as it stands it names no provision, so it can never be applied)."""
    return render_fragment((Provision(kind="subclause", num="(1)", text="[the words of the provision]"),))


def _designation_before_words(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """(r13) "before “A dealer” by inserting the subclause designation “(1)”": the provision's own words, which the words
    quoted begin, become its subclause (1) (amend.py checks they begin them when the law is known)."""
    base, _ = _base(h, start)
    words, label = (_unquote(q) for q in _tokens(ch, "QUOTED"))
    if not base:
        raise InstructionNotUnderstood("it adds a designation but names no provision")
    return _designation_op(h, f"{base} designation", label, words)


def _provisions_deleted(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation] | None:
    targets = _targets(h, start, ch)
    connector = _tree(ch, "connector_after")
    if connector is not None and _unquote(_tokens(connector, "QUOTED")[0]) not in ("and", "or"):
        # only a connector ending the provision goes with it (it is the provision's own last word)
        raise InstructionNotUnderstood(
            f"it deletes {_tokens(connector, 'QUOTED')[0]} after the provisions, which is not a connector"
        )
    ending = _connector_ending(h, start, ch, targets)
    replaces = _tree(ch, "put") is not None
    if ending and (h.payload is not None or replaces):
        raise InstructionNotUnderstood("it deletes a connector after a provision it keeps and also replaces provisions")
    if h.payload is not None and replaces:
        if any(t.lower() == "the text of" for t in _tokens(ch, "WHOLE")):
            return [_op(h.unit, action="substitute_text", target=targets[0], new=" ".join(h.payload.split()))]
        rows = _row_with_parts(h, targets, h.payload)
        if rows is not None:
            return rows
        return _substituted(h, targets, h.payload)
    if h.payload is not None:
        raise InstructionNotUnderstood("it deletes and also carries new text, but does not say to insert it")
    if replaces:
        raise InstructionNotUnderstood("it replaces provisions but carries no new text")
    return [_op(h.unit, action="delete", target=t) for t in targets] + ending


def _connector_ending(h: Head, start: Tree[object], ch: Tree[object], targets: list[str]) -> list[Operation]:
    """ "… and “or” after subparagraph (ii)": a connector (and, or) after a provision named. After one deleted too, it
    is that provision's own last word and goes with it (no operation); after one kept, it is deleted where it ends
    that provision's words (`delete_words` at the `end`, applied only where the connector ends its last line)."""
    named = _tree(ch, "connector_after_named")
    if named is None:
        return []
    return [op for op in _connector_ops(h, start, named) if op.target not in targets]


def _connector_ops(h: Head, start: Tree[object], node: Tree[object]) -> list[Operation]:
    """The connector (and, or) quoted in ``node`` deleted where it ends the words of each provision ``node`` names
    (`delete_words` at the `end`); any other words are not a connector and are refused."""
    word = _unquote(_tokens(node, "QUOTED")[0]).strip()
    if word.lower() not in ("and", "or"):
        raise InstructionNotUnderstood(f"it deletes “{word}” after a provision, which is not a connector")
    plist = _tree(node, "prov_list")
    assert plist is not None
    base, _ = _base(h, start)
    after = resolve_targets(_span(h, plist), base)
    if not after:
        raise InstructionNotUnderstood(f"cannot tell which provision “{_span(h, plist)}” is")
    return [_op(h.unit, action="delete_words", target=t, words=word, position="end") for t in after]


def _connector_deleted_after(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "by deleting “and” after paragraph (a)": the connector (and, or) after a provision named, which is that
    provision's own last word, deleted where it ends its words (`delete_words` at the `end`, as
    ``connector_after_named`` does for a provision kept); any other words are not a connector and are refused."""
    ops = _connector_ops(h, start, ch)
    if h.payload is not None:
        raise InstructionNotUnderstood("it deletes a connector and also carries new text")
    return ops


# --- retired: table row replaced by a row with lettered parts ---


def _row_with_parts(h: Head, targets: list[str], payload: str) -> list[Operation] | None:
    """ "In Schedule 2 in the Table delete item 11 and insert: 11. a parking station … — (a) for each motor cycle bay;
    nil (b) for each other bay 1.80 per hour": a fee row replaced (``provisions_deleted`` with new text) by a row whose
    description ends in the dash, then a row per lettered part (description, value) inserted after it. Read so only when
    every part is lettered in order and ends in a value (``parts._value_row_with_parts``); a table without exactly three
    columns refuses the rows when they are applied. None: the new text is not such a row."""
    rows = _value_row_with_parts(targets, payload)
    if rows is None:
        return None
    first, rest = rows.split("\n", 1)
    return [
        _op(h.unit, action="substitute", target=targets[0], new=first),
        _op(h.unit, action="insert", target=targets[0], position="after", new=rest),
    ]


def _provisions_reenacted(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "by repealing subclause (3) and re-enacting it with amendments as follows (3) …" (issue 20, wr7): the provision
    replaced by the new text, as "… is repealed and re-enacted with amendments as follows" (``replaced_by``) is."""
    targets = _targets(h, start, ch)
    if h.payload is None:
        raise InstructionNotUnderstood("it re-enacts provisions but carries no new text")
    new = payload_provisions(h.payload, h.notes) or ()
    given = [p for p in new if new and p.kind == new[0].kind and p.num]
    if len(given) > len(targets):
        # (review 10, a14f) "repealing subclause (2) and re-enacting it … (2) … (2A) …": "it" is one provision, the new
        # text holds more; what it puts in is uncertain
        raise InstructionNotUnderstood(
            f"it re-enacts {len(targets)} provision{'s' if len(targets) != 1 else ''} ({', '.join(targets)}), but its new "
            f"text holds {len(given)} ({', '.join(p.num or '' for p in given)})"
        )
    return _substituted(h, targets, h.payload)


def _provision_to_stand_as(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation] | None:
    """ "by adding a further paragraph to stand as paragraph (e) of subclause (3) as follows (e) …" (issue 20, wr7): the
    new provision inserted at the end of the one the words say holds it (7(3)), only when its new text is one provision
    labelled as the words name it, of the kind they name ("paragraph (e)"); refused otherwise, naming the words."""
    targets = _targets(h, start, ch)
    named = _span(h, _tree(ch, "prov_list") or ch)
    if len(targets) != 1 or not re.search(r"\(\w+\)$", targets[0]):
        raise InstructionNotUnderstood(f"cannot tell which provision “{named}” holds the new provision")
    label = re.search(r"\(\w+\)$", targets[0])
    assert label is not None
    holder = targets[0][: label.start()].rstrip()
    if h.payload is None:
        raise InstructionNotUnderstood("it inserts a provision but carries no new text")
    new = payload_provisions(h.payload, h.notes)
    if not new or len(new) != 1 or new[0].num != label.group(0):
        got = ", ".join(p.num or "(no label)" for p in new or ()) or "none"
        raise InstructionNotUnderstood(
            f"the new provision is to stand as “{named}”, but the new text's provisions are labelled {got}"
        )
    return _inserts(h, holder, "end")


def _provisions_replaced(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "Replace clause 5 with— 5. …"."""
    targets = _targets(h, start, ch)
    if h.payload is None:
        raise InstructionNotUnderstood("it replaces provisions but carries no new text")
    return _substituted(h, targets, h.payload)


def _subject_changed(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation] | None:
    """ "Clause 4.5 is deleted." / "Schedule 1 is deleted and replaced with the following— …"."""
    subject = _tree(ch, "subject")
    assert subject is not None
    plist = _tree(subject, "prov_list")
    assert plist is not None
    # (r2voice) under a lead ("In clause 5, paragraph (b) is deleted."), the subject is a provision of the lead's
    targets = resolve_targets(_span(h, plist), _base(h, start)[0])
    if not targets:
        raise InstructionNotUnderstood(f"cannot tell which provision “{_span(h, plist)}” is")
    if _tree(ch, "replaced_by") is not None:
        if h.payload is None:
            raise InstructionNotUnderstood("it replaces provisions but carries no new text")
        return _substituted(h, targets, h.payload)
    if h.payload is not None:
        raise InstructionNotUnderstood("it deletes and also carries new text, but does not say to insert it")
    return [_op(h.unit, action="delete", target=t) for t in targets]


def _inserts(h: Head, target: str, pos: str) -> list[Operation] | None:
    payload = h.payload
    if payload is None:
        raise InstructionNotUnderstood("it inserts provisions but carries no new text")
    if container_payload(payload):  # a Part's or a Division's heading first (container.lark)
        return _container_inserted(h, target, pos, payload)
    if " item " in target or " row " in target:
        # (issue 20) "In Schedule 1 after item 6 insert— | 7 | 3.3 | … | 100 |": rows between bars, as "after the item
        # relating to …" reads them (their cells must be the table's columns when applied)
        rows = _rows_payload(payload) or _pipe_rows(payload) or _unbarred_rows(payload)
        if rows is None:
            raise InstructionNotUnderstood("the new table rows could not be read as item, clause, description and penalty")
        return [_op(h.unit, action="insert", target=target, position=pos, new=rows)]
    new = _headed_clause(payload) or payload_provisions(payload, h.notes)
    if pos == "end" and new and all(p.kind == "definition" for p in new):
        # "In clause 1.3— (a) insert— Y is …": a definition with no place given goes where the law's own order puts
        # it — alphabetical — and is refused when applied if the law's definitions are not in alphabetical order.
        h.notes.append(
            f"cl. {h.unit.clause}: no place is given for the new definition(s) of "
            f"{', '.join('“' + (d.term or '') + '”' for d in new)}: put in alphabetical order, the order of the law's "
            "definitions (refused if they are not in that order)"
        )
        return [
            _op(h.unit, action="insert_definition", target=target, new=render_fragment((d,)), position="ordered")
            for d in _without_connectors(new, placed_apart=True)
        ]
    return [_op(h.unit, action="insert", target=target, position=pos, new=render_fragment(new))]


def _connector(h: Head) -> str | None:
    """The new text when it is a connector alone (“ and ”, “or”): put at the end of a provision's words, not a provision."""
    new = " ".join((h.payload or "").split())
    return new if new.lower() in ("and", "or") else None


def _inserted_after_each(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation] | None:
    """ "after each of paragraphs (a) and (b) by inserting — “ and ”": a connector at the end of each provision's words
    (`insert_words` at the `end`); other new text goes after the one provision named, as any inserted provisions."""
    targets = _targets(h, start, ch)
    connector = _connector(h)
    if connector is not None:
        if any(c.data == "before" for c in ch.children if isinstance(c, Tree)):
            raise InstructionNotUnderstood(f"it puts the connector “{connector}” before a provision, which is uncertain")
        return [_op(h.unit, action="insert_words", target=t, new=connector, position="end") for t in targets]
    if len(targets) != 1:
        raise InstructionNotUnderstood(f"it inserts new provisions after each of {', '.join(targets)}, which is uncertain")
    pos = "before" if any(c.data == "before" for c in ch.children if isinstance(c, Tree)) else "after"
    return _inserts(h, targets[0], pos)


def _rows_inserted_under(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "In Schedule 6 under the heading “Offences on reserves” insert: 14. clause 18A(2) | 250 | 500 |": new rows at
    the end of the rows under a table's sub-heading — `insert` at the `end` of “Schedule 6 under “…””, put after the
    last of those rows when the law is known (amend), and refused otherwise."""
    base, _ = _base(h, start)
    if not base or not base.startswith("Schedule "):
        raise InstructionNotUnderstood("it inserts under a heading, but names no schedule that holds it")
    if h.payload is None:
        raise InstructionNotUnderstood("it inserts rows but carries no new text")
    rows = _rows_payload(h.payload) or _pipe_rows(h.payload)
    if rows is None:
        raise InstructionNotUnderstood("the new rows could not be read into their columns")
    heading = " ".join(_unquote(_tokens(ch, "QUOTED")[0]).split())
    return [_op(h.unit, action="insert", target=f"{base} under “{heading}”", position="end", new=rows)]


#: (issue 20) A new row printed without bars, one a line: its item number, its words (no figure among them, so where
#: they end is not in doubt) and one amount ("4 Replacement registration tag 10").
_UNBARRED_ROW = re.compile(r"(\d+[A-Z]?)\.? ([A-Za-z][^\d|$]*?) (\$?\d{1,3}(?:,?\d{3})*(?:\.\d\d)?)")


def _unbarred_rows(payload: str) -> str | None:
    """New rows of a table of item, words and amount printed without bars, one a line; None when a line is not such a
    row (a table of other columns refuses the rows when they are applied: their cells are not its columns)."""
    lines = [" ".join(ln.split()) for ln in payload.splitlines() if ln.strip()]
    found = [_UNBARRED_ROW.fullmatch(ln) for ln in lines]
    if not lines or not all(found):
        return None
    return render_fragment(tuple(Provision(kind="item", num=m.group(1), cells=m.groups()) for m in found if m))


def _pipe_rows(payload: str) -> str | None:
    """New table rows printed with their cells between bars ("| 14. | clause 18A(2) | 250 | 500 |"), or one row whose
    bars before and between its item number and clause are lost ("14. clause 18A(2) | 250 | 500 |"); None otherwise."""
    flat = " ".join(payload.split())
    if flat.startswith("|"):
        rows = [r for r in re.split(r"(?<=\|)\s+(?=\|)", flat) if r.strip()]
        if not all(re.fullmatch(r"\|(?:[^|]*\|){2,}", r) for r in rows):
            return None
        cells = [tuple(c.strip() for c in r.strip("|").split("|")) for r in rows]
    else:
        pieces = [c.strip() for c in flat.rstrip("|").split("|")]
        first = re.fullmatch(r"(\d+[A-Z]{0,2}\.?) ((?:clause|regulation|by-?law|section) .+)", pieces[0], re.I)
        if len(pieces) < 2 or first is None:
            return None
        cells = [(first.group(1), first.group(2), *pieces[1:])]
    if any(not all(c) for c in cells):
        return None
    return render_fragment(tuple(Provision(kind="item", num=c[0], cells=c) for c in cells))


# --- retired: Part or Division inserted ---


def _container_inserted(h: Head, target: str, pos: str, payload: str) -> list[Operation]:
    """ "After clause 18 insert: Part 3A — Annual return 18A. …" / "After clause 27 the following Division is inserted —
    “Division 3 — … 27A. …”": a whole Part (Division) inserted as any provisions are (``provisions_inserted``), its new
    text a Part (Division) with its clauses. Where it goes — after the Part (Division) whose last clause is named — is
    told when the law is known (refused when that clause is not the last of one)."""
    new = _headed_clause(payload) or payload_provisions(payload, h.notes)
    fragment = render_fragment(new)
    if not re.match(r"\s*(?:Part|Division)\b", fragment, re.I):
        raise InstructionNotUnderstood("its new text begins with a Part or Division heading but was not read as one")
    return [_op(h.unit, action="insert", target=target, position=pos, new=fragment)]


def _provisions_inserted(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation] | None:
    pos = next(c.data for c in ch.children if isinstance(c, Tree) and c.data in ("after", "before"))
    targets = _targets(h, start, ch)
    if (connector := _connector(h)) is not None and pos == "after":
        # "after paragraph (b) insert “and”": the connector ends the provision's words
        return [_op(h.unit, action="insert_words", target=t, new=connector, position="end") for t in targets]
    if len(targets) != 1:
        raise InstructionNotUnderstood(f"cannot tell which provision “{', '.join(targets)}” is")
    return _inserts(h, targets[0], pos)


def _provisions_inserted_at_end(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation] | None:
    base, _ = _base(h, start)
    if not base:
        raise InstructionNotUnderstood("cannot tell where the new provisions go")
    if _tokens(ch, "EXISTING"):
        # (wr11, case 230) "by inserting after the existing by-law, the following subclause— …": the end of the by-law
        # (clause, regulation, section) the lead names, whichever of its provisions that is
        unit = _tokens(ch, "KIND")[0].lower()
        clause = re.match(r"\d+[A-Z]{0,2}(?:\.\d+[A-Z]{0,2})*", base)
        if clause is None or unit not in ("by-law", "bylaw", "clause", "regulation", "section"):
            raise InstructionNotUnderstood(f"cannot tell which {unit} “the existing {unit}” is")
        return _inserts(h, clause.group(0), "end")
    if _tokens(ch, "AT_END") and not _tokens(ch, "KIND") and not _tokens(ch, "OF_PRINCIPAL"):
        # (wr11) "In clause 5, at the end add— (4) …": the end of the place the lead names
        return _inserts(h, base, "end")
    if _tokens(ch, "AT_END"):
        # (known2) "by adding at the end of the by-law subclauses as follows": the end of the clause (by-law,
        # regulation, section) the instruction is in, whichever of its provisions the lead names
        of = _tokens(ch, "OF_PRINCIPAL")  # "of the by-law" (lexed as "of the by-laws" would be, the whole law's)
        unit = (of[0].split()[-1] if of else _tokens(ch, "KIND")[0]).lower()
        clause = re.match(r"\d+[A-Z]{0,2}(?:\.\d+[A-Z]{0,2})*", base)
        if clause is None or unit not in ("by-law", "bylaw", "clause", "regulation", "section"):
            raise InstructionNotUnderstood(f"cannot tell which {unit} “the end of the {unit}” is")
        base = clause.group(0)
    return _inserts(h, base, "end")


def _provisions_inserted_at_start(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation] | None:
    chain = _tree(ch, "place_chain")
    assert chain is not None
    target = _resolve_context(_span(h, chain), h.unit.context)
    if not target:
        raise InstructionNotUnderstood("cannot tell where the new provisions go")
    if h.payload is None:
        raise InstructionNotUnderstood("it inserts provisions but carries no new text")
    return [
        _op(h.unit, action="insert", target=target, position="start", new=render_fragment(payload_provisions(h.payload, h.notes)))
    ]


# --- definitions and headings ----------------------------------------------------------------------------------


def _term(h: Head, definition: Tree[object]) -> str:
    quoted = _tokens(definition, "QUOTED")
    if quoted:
        return _unquote(quoted[0])
    term = _tree(definition, "term")
    assert term is not None
    return " ".join(_span(h, term).split())


def _holder(h: Head, start: Tree[object]) -> str:
    base, _ = _base(h, start)
    if not base:
        raise InstructionNotUnderstood("cannot tell which provision holds the definitions")
    return base


def _definitions_deleted(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    holder = _holder(h, start)
    if h.payload is not None:
        raise InstructionNotUnderstood("it deletes a definition and also carries new text, but does not say to insert it")
    quoted = [_unquote(q) for ql in _trees(ch, "quoted_list") for q in _tokens(ql, "QUOTED")]
    unquoted = list(_trees(ch, "term"))
    joins = list(_trees(ch, "list_join"))
    and_or = all(not _tokens(j, "COMMA") and (_tokens(j, "AND") or _tokens(j, "OR")) for j in joins)
    if not quoted and _tokens(ch, "DEFINITIONS") and _tokens(ch, "DASH") and joins and and_or:
        # "delete the definitions of: back charge or back fee / operating revenue" (unquoted, a term a line, run
        # together in the text): where one term ends cannot be told from the words, which may hold "or"/"and"
        # inside a term, so the run is one deletion here, told apart by the terms the law defines when it is
        # applied (amend._terms_told_apart), or refused there
        toks = [v for t in unquoted for v in t.scan_values(lambda v: isinstance(v, Token)) if isinstance(v, Token)]
        run = h.head[min(x.start_pos or 0 for x in toks) : max(x.end_pos or 0 for x in toks)]
        return [_op(h.unit, action="delete", target=f"{holder} “{' '.join(run.split())}”")]
    terms = quoted or [" ".join(_span(h, t).split()) for t in unquoted]
    return [_op(h.unit, action="delete", target=f"{holder} “{t}”") for t in terms]


def _definition_is_deleted(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "In clause 3, the definition of “x” is deleted."."""
    if h.payload is not None:
        raise InstructionNotUnderstood("it deletes a definition and also carries new text, but does not say to insert it")
    definition = _tree(ch, "definition")
    assert definition is not None
    return [_op(h.unit, action="delete", target=f"{_holder(h, start)} “{_term(h, definition)}”")]


def _definition_replaced(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    holder = _holder(h, start)
    if h.payload is None:
        raise InstructionNotUnderstood("it replaces a definition but carries no new text")
    quoted = _tokens(ch, "QUOTED")
    term_node = _tree(ch, "term")
    term = _unquote(quoted[0]) if quoted else " ".join(_span(h, term_node).split()) if term_node is not None else ""
    new = render_fragment(payload_provisions(h.payload, h.notes))
    return [_op(h.unit, action="substitute", target=f"{holder} “{term}”", new=new)]


def _definition_moved(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """(issue 20, wr4a) "delete the definition of “keeper” and insert in the appropriate alphabetical position— …": a
    `delete` of the definition, then the new definitions inserted in alphabetical order (as definitions_inserted)."""
    quoted = _tokens(ch, "QUOTED")
    term_node = _tree(ch, "term")
    term = _unquote(quoted[0]) if quoted else " ".join(_span(h, term_node).split()) if term_node is not None else ""
    deleted = _op(h.unit, action="delete", target=f"{_holder(h, start)} “{term}”")
    return [deleted, *_definitions_inserted(h, start, ch)]


def _definitions_inserted(
    h: Head, start: Tree[object], ch: Tree[object], after: str | None = None, passage: str | None = None
) -> list[Operation]:
    holder = _holder(h, start)
    if h.payload is None:
        raise InstructionNotUnderstood("it inserts definitions but carries no new text")
    new = payload_provisions(h.payload, h.notes)
    if not all(p.kind == "definition" for p in new):
        raise InstructionNotUnderstood("the new definitions could not be read as 'term means ...'")
    new = _without_connectors(new, placed_apart=not (after or passage))
    if after or passage:
        # (wr9) several after the definition named (or the passage): the first there, each after the new one before
        # it, in the order printed (each put straight after the one named reversed them)
        places = [("start", passage) if passage else ("after", after)] + [("after", d.term) for d in new[:-1]]
        return [
            _op(h.unit, action="insert_definition", target=holder, new=render_fragment((d,)), position=pos, words=words)
            for d, (pos, words) in zip(new, places, strict=True)
        ]
    return [
        _op(h.unit, action="insert_definition", target=holder, new=render_fragment((d,)), position="alphabetical") for d in new
    ]


def _without_connectors(new: tuple[Provision, ...], placed_apart: bool) -> tuple[Provision, ...]:
    """(wr9, review9 d6) New definitions with the connector printed between two of them ("“kennel” means …; and “leash”
    has …;": new_text.lark's ``next_quoted_term``) taken off the words of the one before, where each goes to its own place
    (alphabetical order: the connector joins nothing there, as "the following definitions" are read, each ending with
    its semicolon); refused where they go together after a definition named (the connector would stand among the law's
    definitions) or where it ends a definition's paragraph."""
    out = []
    for n, d in enumerate(new):
        last = d
        while last.children:
            last = last.children[-1]
        connector = next((c for c in ("and", "or") if (last.text or "").endswith(f"; {c}")), None)
        if connector is None or n == len(new) - 1:
            out.append(d)
            continue
        if not placed_apart or last is not d:
            raise InstructionNotUnderstood(
                f"the new definitions of “{d.term}” and “{new[n + 1].term}” are joined by “{connector}” "
                f"(“…{(last.text or '')[-40:]} {new[n + 1].term} …”), and where they go the connector would stand among "
                "the law's definitions, so what the law's words become is uncertain; check the gazette"
            )
        out.append(replace(d, text=(d.text or "").removesuffix(f" {connector}")))
    return tuple(out)


def _definitions_inserted_after(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    definition = _tree(ch, "definition")
    assert definition is not None
    return _definitions_inserted(h, start, ch, after=_term(h, definition).strip())


def _heading_replaced(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation] | None:
    heading = _tree(ch, "heading_of")
    assert heading is not None
    plist = _tree(heading, "prov_list")
    assert plist is not None
    # (r3lz) the place a lead names holds the provision ("in Part 3, by deleting the heading to Division 2 …")
    targets = resolve_targets(_span(h, plist), _base(h, start)[0] or h.unit.context)
    # the new heading after a dash (the payload), or quoted in the head ("… and substituting the heading “X”")
    quoted = [c for c in ch.children if isinstance(c, Token) and c.type == "QUOTED"]
    if len(targets) != 1 or (h.payload is None) == (not quoted):
        return None
    new = " ".join(h.payload.split()).strip('“”"') if h.payload is not None else _unquote(quoted[0])
    # (r8) "Delete the heading to Schedule 1 and insert: Schedule 1 — DOG EXERCISE AREAS" labels it as a Part's is
    # (core/headings.lark's heading_label: "Part 3 — ", "PART III", "Schedule 1 —")
    label = heading_label(new)
    note = REFERENCE_NOTE.search(new)
    schedule = re.fullmatch(r"Schedule \S+", targets[0]) is not None and (label is None or label[0].lower() == "schedule")
    if note and not schedule:
        # (r8) a reference note is a Schedule's (the provision it serves), printed under its heading; another unit's
        # heading carrying one is not read
        raise InstructionNotUnderstood(
            f"its new heading carries the reference note “{note.group(0).strip()}”, which is not a heading's words"
        )
    if note:
        # (known2) "Schedule 1 — DOG EXERCISE AREAS AND TIMES / [cl. 2.4(1)]": a Schedule's shoulder note goes in the
        # law's reference line under the Schedule's heading (apply: ``_schedule_heading``), never in the heading's words
        h.notes.append(
            f"cl. {h.unit.clause}: the new heading's reference note “{note.group(0).strip()}” replaces the reference line "
            f"under the heading to {targets[0]}; where the law prints none there, it is left out (the law's Schedule "
            "headings carry no reference notes)"
        )
    if label:
        # "Division 2 — Consideration and …": the label is printed with the new heading; the heading is the rest
        new = _label_taken_off(new, label, targets[0])
    # (r7) a Division heading after the Part's (new_heading.lark's division_heading)
    division = division_opening(new) if label and label[0].lower() == "part" else None
    if label and label[0].lower() == "part" and division is None and _DIVISION_WORDS.search(new):
        # "PART 3 — REGISTRATION DIVISION 1: GENERAL": a Division's label inside a Part's new heading, not read apart
        raise InstructionNotUnderstood(f"its new Part heading “{new}” names a Division: which words are the heading is not clear")
    if division is not None:
        # (r7) "Delete the heading to Part 3 and insert: Part 3 — Registration and identification / Division 1 —
        # Registration": the Part's new heading, then a Division heading that opens the Part (it holds the clauses
        # after it, up to the next Division)
        part_heading, opening = new[:division].strip(), new[division:].strip()
        if _DIVISION_WORDS.search(part_heading):
            raise InstructionNotUnderstood(
                f"its new Part heading “{part_heading}” still names a Division: which is the heading is not clear"
            )
        return [
            _op(h.unit, action="substitute_heading", target=targets[0], new=part_heading),
            _op(
                h.unit,
                action="insert",
                target=targets[0],
                position="start",
                new=render_fragment(payload_provisions(opening, h.notes)),
            ),
        ]
    return [_op(h.unit, action="substitute_heading", target=targets[0], new=new)]


def _heading_quoted_replaced(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "Division 1 of the principal by-laws is amended by deleting the heading “DIVISION 1.—PRELIMINARY.” and
    substituting the following heading— “PART 1—PRELIMINARY”": the heading of the part, division or subdivision the
    lead names, quoted as printed (kept as the operation's ``words``: it must be that provision's heading, told when
    the law is known). A new heading labelled as another kind of unit ("PART 1" for a Division) makes the unit that
    kind, with that label, its contents kept: the operation's new heading is then the heading line as the law prints
    it, label and all ("PART 1—PRELIMINARY"), which the operation's account in the history names."""
    target = _base(h, start)[0]
    frags = Citation.of(target).fragments if target else None
    if target is None or not frags or frags[-1].kind not in UNIT_RANK:
        raise InstructionNotUnderstood(f"it replaces a heading quoted as printed, but “{target}” is no part or division")
    kind, num = frags[-1].kind, frags[-1].label
    if h.payload is None or not (new := " ".join(h.payload.split()).strip('“”" ')):
        raise InstructionNotUnderstood("it replaces a heading but carries no new heading")
    old = _unquote(_tokens(ch, "QUOTED")[0]).strip()
    old_label, new_label = unit_label(old), unit_label(new)
    if old_label and (old_label[0].lower() != kind or old_label[1] != num):
        raise InstructionNotUnderstood(f"the heading it deletes is labelled “{old[: old_label[2]].strip()}”, not {target}")
    if bool(old_label) != bool(new_label):
        raise InstructionNotUnderstood(
            f"the heading it deletes (“{old}”) and the new one (“{new}”) are not both printed with a label, so whether "
            f"{target} keeps its label is uncertain"
        )
    if new_label is None:
        return [_op(h.unit, action="substitute_heading", target=target, new=new, words=old)]
    new_kind, new_num, words = new_label[0].lower(), new_label[1], new[new_label[2] :].strip()
    if new_kind == kind:
        if new_num != num:
            raise InstructionNotUnderstood(f"its new heading is labelled “{new[: new_label[2]].strip()}”, not {target}")
        return [_op(h.unit, action="substitute_heading", target=target, new=words, words=old)]
    # the unit becomes another kind: its new heading line, as the law prints it (amending/apply.py changes its kind)
    line = render_fragment((Provision(kind=_UNIT_KINDS[new_kind], num=new_num, heading=words or None),)).strip()
    return [_op(h.unit, action="substitute_heading", target=target, new=line, words=old)]


_UNIT_KINDS: dict[str, Kind] = {"part": "part", "division": "division", "subdivision": "subdivision"}


def _label_taken_off(new: str, label: tuple[str, str, int], target: str) -> str:
    """A new heading's words after the label printed with it (``heading_label``: its kind, its number, where its words
    begin), refused when the label is not the target's ("Part 4 — …" given to Part 3)."""
    kind, number, end = label
    if not target.endswith(f"{kind.capitalize()} {number}"):
        raise InstructionNotUnderstood(f"its new heading is labelled “{new[:end].strip()}”, not {target}")
    return new[end:]


_DIVISION_WORDS = re.compile(r"(?i)\bdivision\s+\d")


# --- (r2scope) the whole law as a place; lists paired "respectively"; amendment by a table -----------------------


def _names_whole_law(h: Head, chain: Tree[object]) -> bool:
    """Whether a place chain names the whole law ("the principal local law"); refused when it names a provision too
    ("In the principal local law, clause 3, …": which of the two is meant is left to the instrument file)."""
    places = [c for c in chain.children if isinstance(c, Tree)]
    if not any(p.data == "whole_law" for p in places):
        return False
    if len(places) > 1:
        raise InstructionNotUnderstood(
            f"“{_span(h, chain)}” names the whole law and a provision in it; amend the instrument file's operations by hand"
        )
    return True


def _whole_law_lead(h: Head, start: Tree[object]) -> bool:
    """Whether the instruction's lead is the whole law: "The principal local law is amended by …", or no lead of its
    own under a lead-in naming the whole law ("In the principal local law— (a) delete …")."""
    lead = next((c for c in start.children if isinstance(c, Tree) and c.data.startswith("lead")), None)
    if lead is not None:
        return lead.data == "lead_law_amended"
    return h.unit.whole_law


def _words_replaced_respectively(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "by deleting “1 July” and “30 June” and substituting “1 January” and “31 December” respectively": the two lists
    paired in order, one `substitute_words` a pair, in each place the lead names. Lists of unequal length are refused,
    naming them; so is a pairing whose edits, made one after another, could act on each other's words (the pairs are
    made as one change, not in turn)."""
    if h.payload is not None:
        raise InstructionNotUnderstood("it gives its new words twice (quoted, and after a dash or colon)")
    first, second = ([_unquote(q) for q in _tokens(ql, "QUOTED")] for ql in _trees(ch, "quoted_list"))
    leading = next((c for c in ch.children if isinstance(c, Token)), None)
    old, new = (second, first) if leading is not None and leading.type == "SUBSTITUTE" else (first, second)
    if len(old) != len(new):
        raise InstructionNotUnderstood(
            f"it pairs {len(old)} words ({', '.join(f'“{w}”' for w in old)}) with {len(new)} "
            f"({', '.join(f'“{w}”' for w in new)}) “respectively”, so which replaces which cannot be told"
        )
    for i, a in enumerate(old):
        for j, b in enumerate(old):
            if i != j and (a in b or (j > i and b in new[i])):
                raise InstructionNotUnderstood(
                    f"its pairs “{a}” → “{new[i]}” and “{b}” → “{new[j]}” overlap, so made one after the other they "
                    "would change each other's words; amend the instrument file's operations by hand"
                )
    occ = _occurrence(start)
    pos = next((c.data for c in ch.children if isinstance(c, Tree) and c.data in ("after", "before")), None)
    if pos is not None:
        # "after “dog” and “cat” insert “s” and “es” respectively": each new word beside its own
        return [
            _op(h.unit, action="insert_words", target=t, words=a, new=" ".join(b.split()), position=pos, occurrence=occ)
            for t in _word_targets(h, start)
            for a, b in zip(old, new, strict=True)
        ]
    return [
        _op(h.unit, action="substitute_words", target=t, words=a, new=" ".join(b.split()), occurrence=occ)
        for t in _word_targets(h, start)
        for a, b in zip(old, new, strict=True)
    ]


def _provisions_inserted_at_end_of(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation] | None:
    """ "At the end of clause 4.2 insert— (3) …": new provisions after everything the place holds ("At the end of the
    principal local law insert— …": which Part or schedule they join is not said, so it is refused)."""
    chain = _tree(ch, "place_chain")
    if chain is None:
        raise InstructionNotUnderstood("cannot tell where the new provisions go (“the end of the principal local law”)")
    target = None if _names_whole_law(h, chain) else _resolve_context(_place(h, chain), h.unit.context)
    if not target:
        raise InstructionNotUnderstood(f"cannot tell where the new provisions go (“{_span(h, chain)}”)")
    return _inserts(h, target, "end")


def _words_changed_by_table(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "In each provision … listed in column 1 of the Table, delete the words set out in column 2 opposite that
    provision and insert the words set out in column 3 …" and the table (| provision | old words | new words |): one
    `substitute_words` a row, the row's provision read as a locator by the grammar itself ("In clause 5.4(1)(b) …").
    A row that cannot be read refuses the whole instruction, naming the row."""
    printed = _tokens(ch, "TABLE_ROWS")
    if h.payload is not None:
        # "… opposite that provision: | … |": the table printed after a colon is the table
        table = " ".join(h.payload.split()).removeprefix("Table ")
        if printed or not (table.startswith("|") and table.endswith("|")):
            raise InstructionNotUnderstood("it amends by a table and also carries new text after a dash or colon")
        printed = [table]
    where, old_col, new_col = (int(n) for n in _tokens(ch, "LABEL"))
    if not printed:
        raise InstructionNotUnderstood("it amends by a table that is not printed with it (no rows between bars follow)")
    rows = _table_rows(printed[0])
    header, body = rows[0], rows[1:]
    if body and all(set(c) <= set("-: ") and c.strip() for c in body[0]):
        body = body[1:]  # the line under the header (|---|---|)
    elif where <= len(header) and _row_places(h, _cell_words(header[where - 1])):
        # no rule under the first row, and its provision reads as one: it is a row, not a header (never skipped)
        header, body = tuple(f"Column {i}" for i in range(1, len(header) + 1)), rows
    for n in (where, old_col, new_col):
        if not 1 <= n <= len(header):
            raise InstructionNotUnderstood(f"it names column {n} of a table that has {len(header)} columns")
    for i, cell in enumerate(header, start=1):
        said = cell.split()
        if len(said) > 1 and said[0].lower() == "column" and said[1] != str(i):
            raise InstructionNotUnderstood(f"the table's column {i} is headed “{cell}”, so its columns cannot be told apart")
    if not body:
        raise InstructionNotUnderstood("its table has no rows")
    out: list[Operation] = []
    for n, row in enumerate(body, start=1):
        cite, old, new = (_cell_words(row[c - 1]) for c in (where, old_col, new_col))
        shown = " | ".join(row)
        if not cite or not old or not new:
            raise InstructionNotUnderstood(f"row {n} of its table (“{shown}”) leaves a cell empty")
        out += _table_row_edit(h, cite, old, new, f"row {n} of its table (“{shown}”)")
    return out


def _table_rows(printed: str) -> list[tuple[str, ...]]:
    """The rows of a table printed with bars, its lines run together ("| a | b | | c | d |"): the header's cells give
    the number of columns (a cell of the header is never empty), so a row's empty cell is still its own cell."""
    pieces = printed.split("|")[1:-1]
    width = next((i for i, c in enumerate(pieces) if not c.strip()), len(pieces))
    if width == 0 or (len(pieces) + 1) % (width + 1):
        raise InstructionNotUnderstood("its table's rows could not be read into the columns of its header")
    rows = [tuple(c.strip() for c in pieces[k : k + width]) for k in range(0, len(pieces), width + 1)]
    if any(pieces[k + width].strip() for k in range(0, len(pieces) - width, width + 1)):
        raise InstructionNotUnderstood("its table's rows do not all have the columns of its header")
    return rows


def _cell_words(cell: str) -> str:
    """A cell's words, its enclosing quotation marks (if it has them, and no others) taken off."""
    words = " ".join(cell.split())
    if words[:1] == "“" and words[-1:] == "”" and words.count("“") == 1 and words.count("”") == 1:
        return words[1:-1]
    return words


def _table_row_edit(h: Head, cite: str, old: str, new: str, row: str) -> list[Operation]:
    """One row's word edit: its provision read by the grammar as the place of "In … delete “…” and insert “…”", the
    row's words then put in; refused, naming the row, when the cell reads as no place (or two ways)."""
    places = _row_places(h, cite)
    if places is None:
        raise InstructionNotUnderstood(f"{row}: cannot tell which provision “{cite}” is")
    return [_op(h.unit, action="substitute_words", target=o.target, words=old, new=new, occurrence=o.occurrence) for o in places]


def _row_places(h: Head, cite: str) -> list[Operation] | None:
    """The word edits the grammar makes of “In {cite}, delete “x” and insert “y”.” (one a provision the cell names), or
    None when the cell reads as no place, or as two."""
    probe = f"In {cite}, delete “x” and insert “y”."
    parsed = readings(probe)
    built: list[list[Operation]] = []
    for tree in parsed if not isinstance(parsed, NoParse) else []:
        try:
            ops = build(Head(h.unit, probe, None, []), tree)
        except InstructionNotUnderstood:
            continue
        if ops and ops not in built:
            built.append(ops)
    if len(built) != 1 or not all(o.action == "substitute_words" and (o.words, o.new) == ("x", "y") for o in built[0]):
        return None
    return built[0]


# --- (r2voice) the passive voice: each builds the operations of its active twin ----------------------------------


def _passive_words_deleted(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "“A” is deleted." ≡ "delete “A”"; "“A” in paragraph (b) is deleted": in that place of the lead's provision."""
    ops = _words_deleted(h, start, ch)
    inner = _tree(ch, "place_chain")
    if inner is None:
        return ops
    targets = {o.target for o in ops}
    one = _resolve_context(_place(h, inner), next(iter(targets))) if len(targets) == 1 else None
    if not one:
        raise InstructionNotUnderstood(f"cannot tell which provision “{_span(h, inner)}” is")
    return [replace(o, target=one) for o in ops]


def _passive_words_replaced(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "“A” is deleted and “B” is inserted instead" / "“A” is replaced by the following words— B" ≡ "delete “A” and
    insert “B”" (the first quotation is the old words, a second the new; else the payload)."""
    return _words_replaced(h, start, ch)


def _passive_words_inserted(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "“or yard” is inserted after “premises”" / "after “premises”, “or yard” is inserted" ≡ "after “premises”
    insert “or yard”": the anchor is the quotation after the position, the new words the other (or the payload)."""
    pos_at = next(i for i, c in enumerate(ch.children) if isinstance(c, Tree) and c.data in ("after", "before"))
    pos = str(ch.children[pos_at].data)  # type: ignore[union-attr]
    anchor_tok = next(c for c in ch.children[pos_at:] if isinstance(c, Token) and c.type == "QUOTED")
    news = [c for c in ch.children if isinstance(c, Token) and c.type in ("QUOTED", "PUNCTUATION") and c is not anchor_tok]
    new = _pick_new(h, news[0] if news else None, dashed=True)
    if new is None:
        raise InstructionNotUnderstood("it inserts words but carries none")
    occ = _occurrence(start)
    anchor = _unquote(str(anchor_tok))
    return [
        _op(h.unit, action="insert_words", target=t, words=anchor, new=new, position=pos, occurrence=occ)
        for t in _word_targets(h, start)
    ]


def _passive_words_substituted_for(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "“must” is substituted for “shall”" ≡ "substitute “must” for “shall”"."""
    return _words_substituted_for(h, start, ch)


def _passive_provisions_replaced(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "Clause 5 is replaced by the following— 5. …" ≡ "Replace clause 5 with— 5. …"."""
    subject = _tree(ch, "subject")
    assert subject is not None
    plist = _tree(subject, "prov_list")
    assert plist is not None
    targets = resolve_targets(_span(h, plist), _base(h, start)[0])
    if not targets:
        raise InstructionNotUnderstood(f"cannot tell which provision “{_span(h, plist)}” is")
    if h.payload is None:
        raise InstructionNotUnderstood("it replaces provisions but carries no new text")
    return _substituted(h, targets, h.payload)


def _passive_provisions_inserted(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation] | None:
    """ "The following paragraph is inserted after paragraph (b)— …" ≡ "After paragraph (b) insert— …"."""
    return _provisions_inserted(h, start, ch)


def _passive_holder(h: Head, start: Tree[object], ch: Tree[object]) -> str:
    """The provision holding the definitions: named after them ("the definition of “dog” in clause 3 is deleted"),
    else by the lead or the context."""
    holder = _tree(ch, "passive_holder")
    if holder is None:
        return _holder(h, start)
    plist = _tree(holder, "prov_list")
    assert plist is not None
    one = _resolve_context(_span(h, plist), _base(h, start)[0])
    if not one:
        raise InstructionNotUnderstood(f"cannot tell which provision “{_span(h, plist)}” is")
    return one


def _passive_definitions_deleted(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "the definitions of “a” and “b” are deleted" ≡ "delete the definitions of “a” and “b”"."""
    if h.payload is not None:
        raise InstructionNotUnderstood("it deletes a definition and also carries new text, but does not say to insert it")
    holder = _passive_holder(h, start, ch)
    definition = _tree(ch, "definition")
    quoted = [_unquote(q) for ql in _trees(ch, "quoted_list") for q in _tokens(ql, "QUOTED")]
    terms = [_term(h, definition)] if definition is not None else quoted
    return [_op(h.unit, action="delete", target=f"{holder} “{t}”") for t in terms]


def _passive_definition_replaced(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "the definition of “x” is deleted and the following definition is substituted— …" ≡ "delete the definition of
    “x” and insert— …" (`substitute`); "… and the following definition is inserted in its appropriate alphabetical
    position— …": the old one deleted and each new one inserted where the alphabetical order puts it (it need not
    take the old one's place)."""
    definition = _tree(ch, "definition")
    assert definition is not None
    holder, term = _passive_holder(h, start, ch), _term(h, definition)
    if h.payload is None:
        raise InstructionNotUnderstood("it replaces a definition but carries no new text")
    if _tokens(ch, "IN_ALPHABETICAL"):
        gone = _op(h.unit, action="delete", target=f"{holder} “{term}”")
        defs = payload_provisions(h.payload, h.notes)
        if not defs or not all(p.kind == "definition" for p in defs):
            raise InstructionNotUnderstood("the new definitions could not be read as 'term means ...'")
        defs = _without_connectors(defs, placed_apart=True)
        return [gone] + [
            _op(h.unit, action="insert_definition", target=holder, new=render_fragment((d,)), position="alphabetical")
            for d in defs
        ]
    new = render_fragment(payload_provisions(h.payload, h.notes))
    return [_op(h.unit, action="substitute", target=f"{holder} “{term}”", new=new)]


def _passive_definitions_inserted_after(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "the following definition is inserted after the definition of “x”— …" ≡ "after the definition of “x” insert
    the following definition— …"."""
    return _definitions_inserted_after(h, start, ch)


def _passive_heading_replaced(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation] | None:
    """ "The heading to clause 3.1 is deleted and the following heading is substituted— …" ≡ "Delete the heading to
    clause 3.1 and insert— …"."""
    return _heading_replaced(h, start, ch)


def _passive_mark_replaced(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "the full stop at the end of paragraph (b) is deleted and “; and” is inserted instead" ≡ "delete the full stop at
    the end of paragraph (b) and insert “; and”"."""
    mark = _words("a " + re.sub(r"^the ", "", _tokens(ch, "MARK")[0], flags=re.I).lower())
    new = _new_words(h, ch)
    if new is None:
        raise InstructionNotUnderstood("it replaces a mark but carries no new one")
    return [_op(h.unit, action="substitute_words", target=t, words=mark, new=new, position="end") for t in _targets(h, start, ch)]


_BUILDERS = {
    "words_deleted": _words_deleted,
    "words_replaced": _words_replaced,
    "words_inserted": _words_inserted,
    "provisions_renumbered": _provisions_renumbered,
    "provisions_deleted_renumbered": _provisions_deleted_renumbered,
    "words_removed_beside": _words_removed_beside,
    "words_substituted_for": _words_substituted_for,
    "words_for_substituted": _words_for_substituted,
    "provisions_replaced": _provisions_replaced,
    "mark_ending_definition": _mark_ending_definition,
    "words_ending_definition": _words_ending_definition,
    "passage_changed": _passage_changed,
    "mark_ending_provision": _mark_ending_provision,
    "connector_deleted_after": _connector_deleted_after,
    "inserted_after_each": _inserted_after_each,
    "rows_inserted_under": _rows_inserted_under,
    "provisions_deleted": _provisions_deleted,
    "provisions_reenacted": _provisions_reenacted,  # (wr7)
    "provision_to_stand_as": _provision_to_stand_as,  # (wr7)
    "subject_changed": _subject_changed,
    "provisions_inserted": _provisions_inserted,
    "provisions_inserted_at_end": _provisions_inserted_at_end,
    "provisions_inserted_at_start": _provisions_inserted_at_start,
    "definitions_deleted": _definitions_deleted,
    "definition_replaced": _definition_replaced,
    "definition_moved": _definition_moved,
    "definition_is_deleted": _definition_is_deleted,
    "definitions_inserted": _definitions_inserted,
    "definitions_inserted_after": _definitions_inserted_after,
    "heading_replaced": _heading_replaced,
    "heading_quoted_replaced": _heading_quoted_replaced,
    "note_deleted": _note_deleted,
    "penalty_replaced": _penalty_replaced,
    "designation_added": _designation_added,
    "designation_before_words": _designation_before_words,
    "designation_figure": _designation_figure,  # (wr11)
    "definitions_inserted_after_passage": _definitions_inserted_after_passage,
    "reference_replaced": _reference_replaced,
    "words_replaced_respectively": _words_replaced_respectively,  # (r2scope)
    "words_inserted_respectively": _words_replaced_respectively,  # (r2scope)
    "provisions_inserted_at_end_of": _provisions_inserted_at_end_of,  # (r2scope)
    "words_changed_by_table": _words_changed_by_table,  # (r2scope)
    # (r2voice) the passive voice
    "passive_words_deleted": _passive_words_deleted,
    "passive_words_replaced": _passive_words_replaced,
    "passive_words_inserted": _passive_words_inserted,
    "passive_words_substituted_for": _passive_words_substituted_for,
    "passive_provisions_replaced": _passive_provisions_replaced,
    "passive_provisions_inserted": _passive_provisions_inserted,
    "passive_definitions_deleted": _passive_definitions_deleted,
    "passive_definition_replaced": _passive_definition_replaced,
    "passive_definitions_inserted_after": _passive_definitions_inserted_after,
    "passive_heading_replaced": _passive_heading_replaced,
    "passive_mark_replaced": _passive_mark_replaced,
}


# --- retired: heading note ---


def _heading_to_read(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "Note: The heading to amended clause 20A is to read: Bond amounts (cl. 14E(3A) and 14G(2))": the provision's
    heading is the payload (its closing full stop left out)."""
    heading = _tree(ch, "heading_of")
    assert heading is not None
    plist = _tree(heading, "prov_list")
    assert plist is not None
    targets = resolve_targets(_span(h, plist), h.unit.context)
    if len(targets) != 1:
        raise InstructionNotUnderstood(f"cannot tell which provision “{_span(h, plist)}” is")
    if h.payload is None or not h.payload.strip():
        raise InstructionNotUnderstood("it says what a heading is to read but gives no heading")
    new = " ".join(h.payload.split())
    new = new[:-1] if new.endswith(".") else new
    label = heading_label(new, schedules=False)  # (core/headings.lark's heading_label_no_schedule)
    if label:
        # "Part 2 — Dogs": the label is printed with the new heading; the heading is the rest
        new = _label_taken_off(new, label, targets[0])
    return [_op(h.unit, action="substitute_heading", target=targets[0], new=new)]


# --- retired: reference note replaced or deleted ---


def _reference_note_changed(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "Delete the reference before the heading to Schedule 1 Form 1 and insert: [cl. 5.1 and 6.2]": the bracketed line
    that names the clauses a form (or a schedule) serves — printed just before a form's heading, just after a
    schedule's. Which line that is, is told when the law is known (law_known.reference_resolved), or refused."""
    place = _tree(ch, "note_place")
    heading = _tree(ch, "heading_of")
    assert place is not None and heading is not None
    word = _span(h, place).lower()
    pos = "before" if word in ("before", "above") else "after"
    plist = _tree(heading, "prov_list")
    assert plist is not None
    cited = " ".join(_span(h, plist).split())
    m = re.fullmatch(r"(?i:schedule) (?P<s>\d+[A-Z]{0,2})(?: (?i:form) (?P<f>\d+[A-Z]{0,2}))?", cited)
    if m is None:
        raise InstructionNotUnderstood(f"a reference is printed at the heading of a schedule or a form, not of “{cited}”")
    sched = f"Schedule {m.group('s')}"
    what = f"Form {m.group('f')}" if m.group("f") else sched
    if (pos == "before") != bool(m.group("f")):
        raise InstructionNotUnderstood(
            f"a reference is printed before a form's heading or after a schedule's, not {pos} {what}'s"
        )
    target = f"{sched} reference {pos} the heading to {what}"
    if _tree(ch, "put") is None:
        if h.payload is not None:
            raise InstructionNotUnderstood("it deletes a reference and also carries new text, but does not say to insert it")
        return [_op(h.unit, action="delete", target=target)]
    new = " ".join((h.payload or "").split())
    if not re.fullmatch(r"\[[^\[\]]+\]", new):
        raise InstructionNotUnderstood(
            f"its new reference “{new[:60]}” is not one bracketed line, so what it puts there is uncertain"
        )
    return [_op(h.unit, action="substitute_text", target=target, new=new)]


# --- retired: words that end a provision ---


def _mark_words(tok: str) -> str:
    """ "the full stop" → ".", "the semi colon" → ";" (a mark named as the words changed)."""
    return _words("a " + re.sub(r"^the ", "", tok, flags=re.I).lower())


def _old_and_new(h: Head, ch: Tree[object]) -> tuple[str, str | None]:
    """The words a words change replaces (quoted, or a mark named) and its new words (quoted, a mark, or the payload)."""
    if ch.data == "mark_replaced":
        old = _mark_words(_tokens(ch, "MARK")[0])
        news = [c for c in ch.children if isinstance(c, Token) and c.type in ("QUOTED", "PUNCTUATION")]
    else:
        old = _unquote(_tokens(ch, "QUOTED")[0])
        news = [c for c in ch.children if isinstance(c, Token) and c.type in ("QUOTED", "PUNCTUATION")][1:]
    return old, _pick_new(h, news[-1] if news else None, dashed=True)


def _mark_replaced(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "In paragraph (d) delete the full stop and insert “; or”": a mark named as the words replaced."""
    old, new = _old_and_new(h, ch)
    if new is None:
        raise InstructionNotUnderstood("it replaces a mark but carries no new words")
    occ = _occurrence(start)
    return [_op(h.unit, action="substitute_words", target=t, words=old, new=new, occurrence=occ) for t in _word_targets(h, start)]


def _after_provision(h: Head, start: Tree[object], lead: Tree[object], ch: Tree[object]) -> list[Operation] | None:
    """ "after paragraph (ea) by deleting “or”" / "after paragraph (b) by inserting — “ and ”" / "after paragraph (c) by
    deleting “; and” and inserting a full stop instead": a words change made after the provision the lead names is a
    change to the words that end it — ``position: end``, applied only where they end its last line of text. With new
    words that go on into the next label, the provision after it (``_words_then_provisions``). None: a change this lead
    does not read (left to the families)."""
    plist = _tree(lead, "prov_list")
    assert plist is not None
    if _tree(plist, "list_join") is not None or _occurrence(start) != "once" or _tree(ch, "place_chain") is not None:
        return None
    target = _resolve_context(_span(h, plist), h.unit.context)
    if not target:
        raise InstructionNotUnderstood(f"cannot tell which provision “{_span(h, plist)}” is")
    if ch.data == "words_deleted":
        quoted = [_unquote(q) for ql in _trees(ch, "quoted_list") for q in _tokens(ql, "QUOTED")]
        if h.payload is not None or len(quoted) != 1:
            return None
        return [_op(h.unit, action="delete_words", target=target, words=quoted[0], position="end")]
    if ch.data == "provisions_inserted_at_end":
        new = " ".join((h.payload or _new_words(h, ch) or "").split())
        if new and (re.match(r"\(\w{1,4}\)\s", new) or _tree(ch, "following") is not None):
            # "after paragraph (b) by inserting — (ba) a shed;": new provisions after the one named (as
            # inserted_after_each reads the same words)
            return _inserts(h, target, "after")
        if not new:
            return None
        return [_op(h.unit, action="insert_words", target=target, new=new, position="end")]
    if ch.data in ("words_replaced", "mark_replaced"):
        if ch.data == "words_replaced" and _tokens(ch, "REPLACE"):
            return None
        then = _words_then_provisions(h, [target], ch)
        if then is not None:
            return then
        old, replacement = _old_and_new(h, ch)
        if replacement is None:
            raise InstructionNotUnderstood("it replaces words but carries no new words")
        return [
            _op(h.unit, action="substitute_words", target=target, words=old, new=" ".join(replacement.split()), position="end")
        ]
    return None


# --- retired: word and provision inserted after ---


def _word_and_provision(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "After paragraph (b), insert the following word and paragraph: “and (c) an election held …;”.": the connector
    goes at the end of (b) and the new paragraph after it — read so only when the new text is the connector and then
    the label that comes next after (b)."""
    if next((c.data for c in ch.children if isinstance(c, Tree) and c.data in ("after", "before")), None) != "after":
        raise InstructionNotUnderstood("it inserts a word and a provision other than after a provision, which is uncertain")
    targets = _targets(h, start, ch)
    label = re.search(r"\(\w{1,4}\)$", targets[0]) if len(targets) == 1 else None
    if label is None:
        raise InstructionNotUnderstood(f"cannot tell which provision “{', '.join(targets)}” is")
    nxt = next_letter(label.group(0))
    payload = (h.payload or "").strip()
    cut = re.match(r"(?P<word>and|or)\s+(?=" + re.escape(nxt or "(?!)") + r"\s)", payload)
    if nxt is None or cut is None:
        raise InstructionNotUnderstood(f"its new text does not begin with a connector and then {nxt or 'the next label'}")
    return [
        _op(h.unit, action="insert_words", target=targets[0], new=cut.group("word"), position="end"),
        _op(
            h.unit,
            action="insert",
            target=targets[0],
            position="after",
            new=render_fragment(payload_provisions(payload[cut.end() :], h.notes)),
        ),
    ]


# --- retired: all the words after others replaced ---


def _words_after_changed(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "Subclause 36 (1): Omit all the words after “A person is eligible … if the person”, substitute “is enrolled …”.":
    the provision's words after the quoted ones go (and the new words follow them). Where they end is told when the law
    is known (law_known.after_resolved: the quoted words once in a provision that holds no provisions of its own)."""
    after = _unquote(_tokens(ch, "QUOTED")[0])
    news = [c for c in ch.children if isinstance(c, Token) and c.type in ("QUOTED", "PUNCTUATION")][1:]
    replaces = _tree(ch, "put") is not None
    if not replaces and h.payload is not None:
        raise InstructionNotUnderstood("it deletes words and also carries new text, but does not say to insert it")
    new = _pick_new(h, news[-1] if news else None, dashed=True) if replaces else ""
    if new is None:
        raise InstructionNotUnderstood("it replaces words but carries no new words")
    base, _ = _base(h, start)
    if not base:
        raise InstructionNotUnderstood("cannot tell which provision's words it changes")
    return [_op(h.unit, action="substitute_words", target=f"{base} after “{after}”", new=new)]


# --- retired: provision and passage deleted ---


def _provision_and_passage(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "Delete clause 16(a)(ii) and the passage that begins with “unless” and continues until the end of paragraph (a)
    and insert: (ii) …": a provision and the words that follow it to the end of the provision holding it. The structured
    format keeps no words after a list, so such a passage is read as ending that provision's line: when the law is known
    (law_known.passage_resolved), it is one deletion (substitution) of the provision, and only when the provision is the
    last of the one the passage ends with and the words that begin the passage are found in it and nowhere else there;
    otherwise the instrument is refused, naming them."""
    plist = _tree(ch, "prov_list")
    passage = _tree(ch, "passage_to_end")
    assert plist is not None and passage is not None
    ends = _tree(passage, "prov_list")
    assert ends is not None
    base, _ = _base(h, start)
    xs = resolve_targets(_span(h, plist), base)
    if len(xs) != 1:
        raise InstructionNotUnderstood(f"cannot tell which provision “{_span(h, plist)}” is")
    y = _resolve_context(_span(h, ends), xs[0])
    if not y or not (xs[0].startswith(y) and len(xs[0]) > len(y)):
        raise InstructionNotUnderstood(
            f"the passage ends at the end of “{_span(h, ends)}”, which does not hold {xs[0]}, so where it ends is uncertain"
        )
    begins = _unquote(_tokens(passage, "QUOTED")[0])
    target = f"{xs[0]} and the passage from “{begins}” to the end of {y}"
    if _tree(ch, "put") is None:
        if h.payload is not None:
            raise InstructionNotUnderstood("it deletes a passage and also carries new text, but does not say to insert it")
        return [_op(h.unit, action="delete", target=target)]
    if h.payload is None:
        raise InstructionNotUnderstood("it replaces a provision and a passage but carries no new text")
    new = payload_provisions(h.payload, h.notes)
    label = re.search(r"(\([^()]+\)|[^()]+)$", xs[0])
    if not new or label is None or new[0].num != label.group(1):
        raise InstructionNotUnderstood(f"its new text does not begin with {xs[0]}'s label, so what it replaces is uncertain")
    ops = [_op(h.unit, action="substitute", target=target, new=render_fragment(new[:1]))]
    if len(new) > 1:
        ops.append(_op(h.unit, action="insert", target=xs[0], position="after", new=render_fragment(new[1:])))
    return ops


# --- retired: schedule row replaced by reference ---


def _row_replaced(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "In Schedule 2 delete the row relating to clause 6.3 and insert: | Clause 6.3 | Inspect vehicles |": the row whose
    first column names what is cited ("Schedule 2 row relating to clause 6.3": which row that is, is told when the law
    is known — amend.rows_found), replaced by the new row(s) read into their columns, or deleted."""
    base, _ = _base(h, start)
    if not base or not base.startswith("Schedule"):
        raise InstructionNotUnderstood("cannot tell which schedule's row it means")
    ref = _tree(ch, "row_ref")
    assert ref is not None
    target = f"{' '.join(base.split()[:2])} row relating to {' '.join(_span(h, ref).split())}"
    if _tree(ch, "put") is None:
        if h.payload is not None:
            raise InstructionNotUnderstood("it deletes a row and also carries new text, but does not say to insert it")
        return [_op(h.unit, action="delete", target=target)]
    rows = [ln for ln in re.split(r"(?<=\|)\s+(?=\|)", (h.payload or "").strip()) if ln.strip()]
    if not rows or not all(re.fullmatch(r"\|(?:[^|]*\|){2,}", row.strip()) for row in rows):
        raise InstructionNotUnderstood("the new row could not be read into its columns")
    cells = [tuple(c.strip() for c in row.strip().strip("|").split("|")) for row in rows]
    if any(len(c) < 2 for c in cells):
        raise InstructionNotUnderstood("the new row could not be read into its columns")
    new = render_fragment(tuple(Provision(kind="item", cells=c) for c in cells))
    return [_op(h.unit, action="substitute", target=target, new=new)]


# --- retired: table cell edited ---

_ORDINALS = {"first": "1", "second": "2", "third": "3", "fourth": "4", "fifth": "5", "sixth": "6"}


def _cell_edited(h: Head, start: Tree[object], lead: Tree[object], ch: Tree[object]) -> list[Operation] | None:
    """ "(In Schedule 2 in the Table:) in the items for clauses 6.2(1), (4) and (5) in the 3rd column delete “6” and
    insert: 15": a words change in one column of each row whose first column cites the clause. The rows and the column
    are found when the law is known (amend: the words must occur once in that cell), or the instruction is refused.
    [] : a change or a place these locators do not read (left to the families)."""
    chain = _tree(lead, "place_chain")
    assert chain is not None
    items = next(chain.find_data("items_for"), None)
    column = next(chain.find_data("cell_column"), None)
    others = [c for c in chain.children if isinstance(c, Tree) and c.data not in ("items_for", "cell_column", "table")]
    if items is None and column is not None and (whole := _column_edited(h, start, ch, column, others)) is not None:
        return whole
    if items is None and column is not None and (in_item := _item_column_edited(h, start, ch, column, others)):
        return in_item
    if items is None or column is None or ch.data != "words_replaced" or _tokens(ch, "REPLACE"):
        return []
    if _tree(ch, "place_chain") is not None or _occurrence(start) != "once" or len(others) > 1:
        return []
    if [k.lower() for k in _tokens(items, "KIND")] not in (["item"], ["items"]):
        return []
    where = _span(h, others[0]) if others else h.unit.context or ""
    sched = re.match(r"(?i:schedule) (\S+)$", " ".join(where.split()))
    if sched is None:
        return []
    plist = _tree(items, "prov_list")
    assert plist is not None
    refs = resolve_targets(re.sub(r"^clauses?\s+", "clause ", _span(h, plist), flags=re.I), None)
    if not refs:
        raise InstructionNotUnderstood(f"cannot tell which rows “{_span(h, plist)}” are")
    col = _column_number(h, column)
    old = " ".join(_unquote(_tokens(ch, "QUOTED")[0]).split())
    news = [c for c in ch.children if isinstance(c, Token) and c.type == "QUOTED"][1:]
    if news:
        new = " ".join(_pick_new(h, news[-1]).split())  # type: ignore[union-attr]
    elif h.payload is not None:
        # "… and insert: 15." / "… insert: 15; and": the new words, without the mark or connector that ends the item
        new = re.sub(r"[.;]?(?:\s+(?:and|or))?$", "", " ".join(h.payload.split()))
    else:
        raise InstructionNotUnderstood("it replaces words but carries no new words")
    return [
        _op(
            h.unit,
            action="substitute_words",
            target=f"Schedule {sched.group(1)} row relating to clause {ref} column {col}",
            words=old,
            new=new,
        )
        for ref in refs
    ]


def _column_edited(
    h: Head, start: Tree[object], ch: Tree[object], column: Tree[object], others: list[Tree[object]]
) -> list[Operation] | None:
    """(issue 20) "In Schedule 2 in the 3rd column delete “6” wherever occurring and insert “12”": the words replaced in
    every row's cell of that column (“Schedule 2 column 3”, the rows found when the law is known); only with "wherever"
    (an edit of one occurrence names its row). None: not this reading."""
    if ch.data != "words_replaced" or _tokens(ch, "REPLACE") or _tree(ch, "place_chain") is not None:
        return None
    if _occurrence(start) != "all" or len(others) > 1:
        return None
    where = _span(h, others[0]) if others else h.unit.context or ""
    sched = re.match(r"(?i:schedule) (\S+)$", " ".join(where.split()))
    news = [c for c in ch.children if isinstance(c, Token) and c.type == "QUOTED"][1:]
    if sched is None or not news:
        return None
    col = _column_number(h, column)
    old = " ".join(_unquote(_tokens(ch, "QUOTED")[0]).split())
    new = " ".join(_pick_new(h, news[-1]).split())  # type: ignore[union-attr]
    return [
        _op(
            h.unit,
            action="substitute_words",
            target=f"Schedule {sched.group(1)} column {col}",
            words=old,
            new=new,
            occurrence="all",
        )
    ]


def _item_column_edited(
    h: Head, start: Tree[object], ch: Tree[object], column: Tree[object], others: list[Tree[object]]
) -> list[Operation]:
    """(issue 20) "In Schedule 1, in item 3, in column 4, delete “200” and insert “250”" / "… in item 3 in the 3rd
    column …": the words replaced once in that row's cell of that column (“Schedule 1 item 3 column 4”; the row, the
    column and the one occurrence in its cell found when the law is known — amend, or refused). (wr6, review6b t12)
    "in items 1 and 2, in column 4, …": the same change in each row named, once in each. [] : not this reading."""
    if ch.data != "words_replaced" or _tokens(ch, "REPLACE") or _tree(ch, "place_chain") is not None:
        return []
    if _occurrence(start) != "once" or not 1 <= len(others) <= 2 or h.payload is not None:
        return []
    where = _span(h, others[0]) if len(others) == 2 else h.unit.context or ""
    sched = re.match(r"(?i:schedule) (\S+)$", " ".join(where.split()))
    kinds = [str(k).lower() for k in others[-1].scan_values(lambda v: isinstance(v, Token) and v.type == "KIND")]
    if sched is None or kinds not in (["item"], ["items"]):
        return []
    rows = resolve_targets(_span(h, others[-1]), f"Schedule {sched.group(1)}")
    news = [c for c in ch.children if isinstance(c, Token) and c.type == "QUOTED"][1:]
    if not rows or (kinds == ["item"]) != (len(rows) == 1) or len(set(rows)) != len(rows) or not news:
        return []
    col = _column_number(h, column)
    old = " ".join(_unquote(_tokens(ch, "QUOTED")[0]).split())
    new = " ".join(_pick_new(h, news[-1]).split())  # type: ignore[union-attr]
    return [_op(h.unit, action="substitute_words", target=f"{row} column {col}", words=old, new=new) for row in rows]


def _column_number(h: Head, column: Tree[object]) -> str:
    """The number of the column a change names ("the 3rd column", "the third column", "column 4")."""
    nth = re.match(r"the (\w+) column|column (\d+)$", _span(h, column), re.I)
    assert nth is not None
    return nth.group(2) or _ORDINALS.get(nth.group(1).lower(), re.sub(r"\D", "", nth.group(1)))


# --- retired: words between two others, a provision restated ---


def _words_between_changed(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "By-law 13 is amended by deleting the words “X” between “A” and “B” and inserting in lieu thereof the words “Y”,
    by-law 13 now to read:— 13. …" / "… is amended by adding the words “Y” between “A” and “B”.": words changed where
    they lie between two others. Where that is, is told when the law is known (law_known.between_resolved: A then B once
    in the provision's words, with X — or nothing, when words are added — between them); a provision restated "now to
    read" is taken as restated only when its words are those the change makes (law_known.restated_resolved)."""
    between = _tree(ch, "between")
    assert between is not None
    a, b = (" ".join(_unquote(q).split()) for q in _tokens(between, "QUOTED"))
    quoted = [" ".join(_unquote(q).split()) for q in _tokens(ch, "QUOTED")]
    news = [c for c in ch.children if isinstance(c, Token) and c.type in ("QUOTED", "PUNCTUATION")]
    old: str | None
    new: str | None
    if ch.data == "words_between_inserted":
        old, new = None, quoted[0]
    else:
        old = quoted[0]
        new = (
            " ".join((_words(str(news[1])) if news[1].type == "PUNCTUATION" else _unquote(news[1])).split())
            if len(news) > 1
            else None
        )
    base, _ = _base(h, start)
    if not base:
        raise InstructionNotUnderstood("cannot tell which provision its words are in")
    ops = [_op(h.unit, action="substitute_words", target=f"{base} between “{a}” and “{b}”", words=old, new=new)]
    restated = _tree(ch, "restated")
    if restated is None:
        if h.payload is not None:
            raise InstructionNotUnderstood("it changes words and also carries new text, but does not say what it is")
        return ops
    lead = next((c for c in start.children if isinstance(c, Tree) and c.data == "lead_amended"), None)
    subject = _tree(lead, "subject") if lead is not None else None
    prov = _tree(restated, "prov")
    assert prov is not None
    label = (_tokens(_tree(prov, "labels") or prov, "LABEL") or [""])[0].rstrip(".")
    named = [str(t) for t in subject.scan_values(lambda v: isinstance(v, Token) and v.type == "LABEL")] if subject else []
    text = " ".join((h.payload or "").split())
    try:
        text = normalise_quotes(text)
    except UnbalancedQuote:
        raise InstructionNotUnderstood("the quotation marks of the provision restated do not balance") from None
    printed = re.match(re.escape(label) + r"\.?\s+", text) if label else None
    if printed is None or not named or named[0].rstrip(".") != label:
        raise InstructionNotUnderstood(
            f"the provision restated “now to read” is not {_span(h, subject) if subject else 'the one amended'}"
        )
    ops.append(_op(h.unit, action="substitute_text", target=f"{base} as restated", new=text[printed.end() :]))
    return ops


# --- retired: repeal ---


def _laws_repealed(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "The following local laws are repealed— (a) X as published … on D; and amended on D2. (b) …" / "The Shire of X
    Local Law 2001 as published in the Government Gazette on 3 May 2001 is repealed.": a `repeal` of each law named,
    its title read without the history printed with it (parts._repealed_laws)."""
    if ch.data == "laws_repealed" and h.payload is None:
        raise InstructionNotUnderstood("it repeals the laws that follow, but none follow")
    for printed in _trees(ch, "law_title"):
        kinds = [v.type for v in printed.scan_values(lambda v: isinstance(v, Token)) if isinstance(v, Token)]
        if any(a == "KIND" and b == "LABEL" for a, b in pairwise(kinds)):
            # (wrongref) "Amendment By-law 3 of the Shire of X By-laws … is repealed" (a heading run into the words): a
            # title holding a provision and its label names a provision of a law; read as a law's title, the whole law
            # it resembles was repealed (exit 0, wrong law)
            raise InstructionNotUnderstood(
                f"it repeals “{_span(h, printed)[:100]}”, which names a provision and its label: a provision of a law, "
                "not a law, so what it repeals is uncertain; amend the instrument file's operations by hand"
            )
    try:
        text = normalise_quotes(h.unit.text.strip())
    except UnbalancedQuote as e:
        raise InstructionNotUnderstood(f"{e}; check the gazette and correct the instrument's text") from None
    # the OCR of a gazette's "Government" as "Govemment" (rn read as m) in "published in the Govemment Gazette on …":
    # the same words, read as printed (the instrument's text is kept as it is)
    text = _labelled_items(_OCR_GOVERNMENT.sub("Government", text))
    repealed = _repealed_laws(text)
    if not repealed:
        raise InstructionNotUnderstood("it repeals whole laws, but which laws (their titles) could not be read")
    if (published := sum(kind == "PUBLISHED_IN_GAZETTE" for kind, _ in publications(text))) > len(repealed):
        # each law of a list is named with its publication: more publications than titles read means a law was read
        # into another's words (and would stay in force)
        raise InstructionNotUnderstood(
            f"it names {published} laws by their publication, but only {len(repealed)} titles could be read; check the "
            "gazette and correct the instrument's text"
        )
    for title, _ in repealed:
        # a title that still holds the words of its publication was not told apart from them: the law it names would
        # be one no repository holds, and the law meant would stay in force
        # (a law named only by its gazette's date and page is given a title of that form on purpose: ``amend`` finds it)
        if publications(title) and GAZETTE_NAMED.match(title) is None:
            raise InstructionNotUnderstood(
                f"the title of a law it repeals could not be told apart from the words of its publication ('{title}'); "
                "check the gazette and correct the instrument's text"
            )
    return [_op(h.unit, action="repeal", target=title, words=date) for title, date in repealed]


def _labelled_items(text: str) -> str:
    """(r3lz) A repeal list whose items carry no label, one a line, each but the last ending ";" ("The following local
    laws … are repealed— Local Law No. 8 (Signs …), published … 1997; Local Law No. 12 (…), published … 1998."): the
    same list lettered, (a), (b) …, as the repeal reader reads lists. A list with labels is left as it is."""
    lead = repeal_lead(text)  # "The following local laws … are repealed—" (grammar/repeal.lark)
    if lead is None or re.match(r"\s*(?:\([a-z]{1,2}\)|\d+\.)\s", text[lead[1] :]):
        return text
    items = re.split(r"(?<=;)\s+(?:and\s+)?(?=(?:the\s+)?[A-Z])", text[lead[1] :].strip())
    if len(items) < 2 or not all(re.search(r"\b(?:Local Laws?|By-?laws?)\b", i, re.I) for i in items):
        return text
    return text[: lead[1]] + " " + " ".join(f"({chr(ord('a') + n)}) {i}" for n, i in enumerate(items))


_OCR_GOVERNMENT = re.compile(r"\bGovemment(?= Gazette\b)")
# --- (r3list) provisions deleted by a list printed after the sentence ---


def _listed_provisions_deleted(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "The following provisions of the principal local law are deleted— (a) clause 6.24(3); (b) clause 7.4(4); and
    (c) clause 8.7(1).": a `delete` of each provision the list cites, in order; an item that is not a citation of
    provisions (or cites none the instruction can place) refuses the instruction, naming the item."""
    if h.payload is None:
        raise InstructionNotUnderstood("it deletes the provisions that follow, but none follow")
    flat = " ".join(h.payload.split())
    # an item begins at the start or after the mark ending the item before ("…; (b) …", "…; and (d) …", "…. 2. …"), so
    # labels inside an item ("(a) paragraphs (b) and (c) of clause 5;") stay in it
    items = [i for i in re.split(r"(?:^|(?<=[;.])\s*(?:(?:and|or)\s+)?)(?:\(\w{1,4}\)|\d{1,2}\.)\s+", flat) if i.strip()]
    if not items or not re.match(r"\(\w{1,4}\)|\d{1,2}\.", flat):
        raise InstructionNotUnderstood(f"it deletes the provisions that follow, but “{flat[:80]}” is not a list of them")
    base, _ = _base(h, start)
    ops: list[Operation] = []
    for item in items:
        cited = re.sub(r"(?:[;,.]\s*(?:and|or)?|\s+(?:and|or))\s*$", "", item.strip()).strip()
        cited = re.sub(r"\s+of the (?:principal )?(?:local laws?|by-?laws?)$", "", cited, flags=re.I)
        # "subclauses 4.1(2) and (3)": cited in full from the clause, as "clause 4.1(2) and (3)" is
        cited = re.sub(r"^(?:the\s+)?sub-?(clause|regulation)s?\s+(?=\d)", r"\1 ", cited, flags=re.I)
        # one item: a citation of provisions ("clause 6.24(3)", "subclauses 7.4(4) and (5)"), nothing else (listed.lark)
        targets = resolve_targets(cited, base) if listed_citation(cited) else []
        if not targets:
            raise InstructionNotUnderstood(f"the item “{item.strip()}” of its list names no provision it can place")
        ops += [_op(h.unit, action="delete", target=x) for x in targets]
    return ops


# --- retired: words edited and provisions inserted after ---


def _words_then_provisions(h: Head, targets: list[str], ch: Tree[object]) -> list[Operation] | None:
    """ "after paragraph (f) by deleting the full stop and inserting instead — “ ; or (g) the goods sold are — (i) …”":
    new words that are only punctuation and a connector and then the label next after the provision's — its new closing
    words (“.” → “; or”), then the new provision inserted after it. None: the new words are not such."""
    if len(targets) != 1 or (label := re.search(r"\(\w{1,4}\)$", targets[0])) is None:
        return None
    old, new = _old_and_new(h, ch)
    nxt = re.escape(next_letter(label.group(0)) or "(?!)")
    cut = re.match(r"(?P<words>[;,.]?\s*(?:and|or)?)\s+(?=" + nxt + r"\s)", (new or "").strip())
    # (known2) "by deleting “hall.” in paragraph (b) and substituting — “hall; and (c) a pavilion …”": words that end
    # the provision's text with a semicolon (and a connector) before the next label: its new last words, which must
    # end it (``position: end``; mid-text, the words after them would be neither the provision's nor the new one's)
    wide = re.match(r"(?P<words>[^()“”\"]*?[^\s()“”\";,.:][;:]\s*(?:and|or)?)\s+(?=" + nxt + r"\s)", (new or "").strip())
    at_end = cut is None or not cut.group("words").strip()
    words = wide if at_end else cut
    if new is None or words is None:
        return None
    provisions = payload_provisions(new.strip()[words.end() :], h.notes)
    changed = re.sub(r"\s+", " ", words.group("words").strip())
    return [
        _op(h.unit, action="substitute_words", target=targets[0], words=old, new=changed, position="end" if at_end else None),
        _op(h.unit, action="insert", target=targets[0], position="after", new=render_fragment(provisions)),
    ]


# --- retired: table row found by its words deleted ---


def _row_containing_deleted(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "(in the Table opposite that text,) by deleting the row containing “(a) Lawn grave fee” and “$”": the one row of
    the table that holds every quoted string ("Schedule 1 row containing “…” and “…”"; which row that is, is told when
    the law is known — law_known.row_resolved), among the rows printed just after the line holding the words the
    instruction before names when the place says "opposite that text"."""
    if h.payload is not None:
        raise InstructionNotUnderstood("it deletes a row and also carries new text, but does not say to insert it")
    lead = next((c for c in start.children if isinstance(c, Tree) and c.data.startswith("lead")), None)
    chain = _tree(lead, "place_chain") if lead is not None else None
    places = [c for c in chain.children if isinstance(c, Tree)] if chain is not None else []
    others = [c for c in places if c.data not in ("table", "table_opposite")]
    opposite = any(c.data == "table_opposite" for c in places)
    if len(others) > 1 or (lead is not None and lead.data not in ("lead_in", "lead_colon")):
        raise InstructionNotUnderstood("cannot tell which table's row it deletes")
    holder = (_resolve_context(_place(h, others[0]), h.unit.context) if others else None) or h.unit.context
    if not holder:
        raise InstructionNotUnderstood("cannot tell which table's row it deletes")
    quoted = " and ".join(q for ql in _trees(ch, "quoted_list") for q in _tokens(ql, "QUOTED"))
    target = f"{holder} row containing {quoted}" + (" opposite that text" if opposite else "")
    return [_op(h.unit, action="delete", target=target)]


# --- retired: words (a formula, a paragraph of text named by its first words) ---

#: Places inside a provision's own lines of text ("the formula", "the paragraph beginning with “M =”"): not citations.
_TEXT_PLACES = ("formula", "text_beginning")


def _text_place_read(h: Head, start: Tree[object], ops: list[Operation] | None) -> None:
    """Word accounting for a place inside a provision's lines of text: the change is made in the provision holding it,
    as a word edit of words that must occur there once (the applier refuses them otherwise), so it is made in that
    place too. Any other change — provisions, or an occurrence counted ("wherever occurring", "in the second place"),
    which would be counted in the whole provision, not in that place — is refused, naming the place."""
    place = next((c for c in start.iter_subtrees() if c.data in _TEXT_PLACES), None)
    if place is None or ops is None:
        return
    words = " ".join(_span(h, place).split())
    kinds = [k.lower() for k in _tokens(place, "KIND")]
    if kinds not in ([], ["paragraph"]) or not all(
        op.action in WORD_ACTIONS and op.occurrence == "once" and op.until is None for op in ops
    ):
        raise InstructionNotUnderstood(
            f"its words “{words}” name a place inside a provision's lines of text, where only words that occur once in "
            "the provision can be changed; amend the instrument file's operations by hand"
        )
    h.notes.append(
        f"cl. {h.unit.clause}: “{words}”: the words are changed in {', '.join(sorted({op.target for op in ops}))}, where "
        "they must occur once"
    )


# --- retired: definition inserted (before a definition named, or "inserting after the definition of …") ---


def _definitions_inserted_beside(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "by inserting before the definition of “registration” the following definition — …": each new definition put
    just before (after) the one named (``words``), in the order given."""
    definition = _tree(ch, "definition")
    assert definition is not None
    before = _tree(ch, "before") is not None or _tokens(ch, "BEFORE") != []
    term = _term(h, definition).strip()
    ops = _definitions_inserted(h, start, ch, after=term)
    if not before:
        return ops
    # several new definitions before one named: each goes before it, so they keep the order they are given in
    return [replace(op, position="before", words=term) for op in ops]


#: The builders of the rules that once were regular-expression families (wa.lark's "retired" blocks).
_RETIRED_BUILDERS = {
    "heading_to_read": _heading_to_read,
    "reference_note_changed": _reference_note_changed,
    "mark_replaced": _mark_replaced,
    "words_after_changed": _words_after_changed,
    "provision_and_passage": _provision_and_passage,
    "row_replaced": _row_replaced,
    "words_between_changed": _words_between_changed,
    "words_between_inserted": _words_between_changed,
    "laws_repealed": _laws_repealed,
    "law_repealed": _laws_repealed,
    "row_containing_deleted": _row_containing_deleted,
    "definitions_inserted_beside": _definitions_inserted_beside,
}
_BUILDERS |= _RETIRED_BUILDERS


def _retired_build(h: Head, start: Tree[object], change: Tree[object]) -> list[Operation] | None:
    """The readings that once were families and compose with the grammar's own changes: a change made after a
    provision (lead_after), and a words change whose new words go on into the next provision. [] : left to the
    families; None: the change's own builder reads it."""
    lead = next((c for c in start.children if isinstance(c, Tree) and c.data.startswith("lead")), None)
    if lead is not None and lead.data == "lead_after":
        return _after_provision(h, start, lead, change) or []
    if lead is not None and any(True for _ in lead.find_pred(lambda t: t.data in ("items_for", "cell_column"))):
        return _cell_edited(h, start, lead, change)
    if change.data == "provisions_inserted" and any(True for _ in change.find_data("word_and_kind")):
        return _word_and_provision(h, start, change)
    if change.data in ("words_replaced", "mark_replaced"):
        if change.data == "words_replaced" and _tokens(change, "REPLACE"):
            return None
        inner = _tree(change, "place_chain")
        if inner is not None and _names_whole_law(h, inner):
            return None
        try:
            # (known2) the place may follow the words: "by deleting “hall.” in paragraph (b) and substituting …"
            targets = _word_targets(h, start) if inner is None else _placed_targets(h, start, change)
        except InstructionNotUnderstood:
            return None
        return _words_then_provisions(h, targets, change)
    return None


# --- (r2rows) a table's row found by what it cites; rows put in the table's numerical order ------------------------


def _row_refs(h: Head, row: Tree[object]) -> list[str]:
    """What a row named by its citation cites: "clause 4.3(a)" as printed; "clauses 2.5(2) and 2.7(2)" one each."""
    cit = _tree(row, "row_citation")
    assert cit is not None
    plist = _tree(cit, "prov_list")
    if plist is None or _single(plist):
        return [" ".join(_span(h, cit).split())]
    kind = re.sub(r"^sub-", "sub", _tokens(next(_trees(plist, "prov")), "KIND")[0].lower())
    kind = kind[:-1] if kind.endswith("s") else kind
    refs = resolve_targets(_span(h, plist), None)
    if not refs:
        raise InstructionNotUnderstood(f"cannot tell which provisions “{_span(h, plist)}” are")
    return [f"{kind} {r}" for r in refs]


def _single(plist: Tree[object]) -> bool:
    """Whether a list of provisions names one provision with one label ("clause 4.3(a)", not "clauses 4.3(a) and (b)")."""
    provs = list(_trees(plist, "prov"))
    labels = _tree(provs[0], "labels") if len(provs) == 1 else None
    return labels is not None and len(_tokens(labels, "LABEL")) == 1


def _cited_rows(h: Head, where: Tree[object], base: str | None) -> list[str] | None:
    """The rows ``where`` names by what they cite ("Schedule 1 row relating to clause 4.3(a)", one a provision cited;
    which row that is, is told when the law is known — amend), or None when it names no row so."""
    rows = [c for c in where.iter_subtrees() if c.data == "row_cited"]
    if not rows:
        return None
    if len(rows) > 1:
        raise InstructionNotUnderstood("it names rows by what they cite more than once")
    if not base or not base.startswith("Schedule "):
        raise InstructionNotUnderstood(f"it names “{_span(h, rows[0])}”, but no schedule whose table holds it")
    return [f"{base} row relating to {ref}" for ref in _row_refs(h, rows[0])]


def _lead_rows(h: Head, chain: Tree[object]) -> list[str] | None:
    """The rows the lead-in's place names by what they cite, in the schedule it (or the instruction's context) names."""
    if not any(c.data == "row_cited" for c in chain.iter_subtrees()):
        return None
    return _cited_rows(h, chain, _resolve_context(_place(h, chain), h.unit.context) or h.unit.context)


def _bar_rows(payload: str) -> str | None:
    """New table rows printed with their cells between bars ("| 2.8(2) | Smoking … | 100 |"), as rows without item
    numbers (the applier numbers them when the table's first column is the item number); else rows read as item,
    clause, description and penalty; None when neither reads."""
    rows = [ln for ln in re.split(r"(?<=\|)\s+(?=\|)", payload.strip()) if ln.strip()]
    if rows and all(re.fullmatch(r"\|(?:[^|]*\|){2,}", row.strip()) for row in rows):
        cells = [tuple(" ".join(c.split()) for c in row.strip().strip("|").split("|")) for row in rows]
        if all(len(c) >= 2 and all(c) for c in cells):
            return render_fragment(tuple(Provision(kind="item", cells=c) for c in cells))
        return None
    return _rows_payload(payload)


def _new_rows(h: Head) -> str:
    if h.payload is None:
        raise InstructionNotUnderstood("it inserts rows but carries no new text")
    rows = _bar_rows(h.payload)
    if rows is None:
        raise InstructionNotUnderstood("the new rows could not be read into their columns")
    return rows


def _row_deleted(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "In Schedule 2 delete the item relating to clause 6.3 (and insert: | Clause 6.3 | … |)": the row citing the
    provision deleted, or replaced by the new rows (`delete` / `substitute` of “Schedule 2 row relating to clause 6.3”)."""
    base, _ = _base(h, start)
    rows = _cited_rows(h, ch, base)
    assert rows is not None
    if _tree(ch, "put") is None:
        if h.payload is not None:
            raise InstructionNotUnderstood("it deletes a row and also carries new text, but does not say to insert it")
        return [_op(h.unit, action="delete", target=r) for r in rows]
    if len(rows) > 1:
        raise InstructionNotUnderstood(f"it replaces {len(rows)} rows by one text, so which new row is whose is uncertain")
    return [_op(h.unit, action="substitute", target=rows[0], new=_new_rows(h))]


def _rows_deleted_printed(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """(r10) "In Schedule 1 delete: | 5.3(2) | Securing a vessel … | $200 |": each row printed between bars deleted
    (`delete` of “Schedule 1 row printed “5.3(2) | … | $200””, the row of the table whose cells are those, told when
    the law is known)."""
    base, _ = _base(h, start)
    if h.payload is None or not base or not base.startswith("Schedule "):
        raise InstructionNotUnderstood("it says to delete, but names nothing it deletes")
    rows = [r.strip() for r in re.split(r"(?<=\|)\s+(?=\|)", h.payload.strip()) if r.strip()]
    if not rows or not all(re.fullmatch(r"\|(?:[^|]*\|){2,}", r) for r in rows):
        raise InstructionNotUnderstood(f"the words it deletes from {base}, “{h.payload[:80]}”, are not rows between bars")
    printed = [" | ".join(" ".join(c.split()) for c in r.strip("|").split("|")) for r in rows]
    return [_op(h.unit, action="delete", target=f"{base} row printed “{cells}”") for cells in printed]


def _row_inserted_beside(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "In Schedule 1, after the item relating to clause 2.7(2) insert— | 2.8(2) | … |": new rows before or after the
    row citing the provision."""
    pos = next(c.data for c in ch.children if isinstance(c, Tree) and c.data in ("after", "before"))
    base, _ = _base(h, start)
    rows = _cited_rows(h, ch, base)
    assert rows is not None
    if len(rows) != 1:
        raise InstructionNotUnderstood(f"it inserts rows {pos} {len(rows)} rows, so where they go is uncertain")
    return [_op(h.unit, action="insert", target=rows[0], position=pos, new=_new_rows(h))]


def _rows_inserted_in_order(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "In Schedule 1 insert in the appropriate numerical order— | 2.8(2) | … | 100 |": `insert` of the rows into
    “Schedule 1 in numerical order”, each put among the table's rows by what it cites when the law is known (amend),
    and refused when the rows' order cannot be told (or the law is not known)."""
    base, _ = _base(h, start)
    if not base or not re.fullmatch(r"Schedule \S+", base):
        raise InstructionNotUnderstood("it inserts rows in numerical order, but names no schedule whose table holds them")
    return [_op(h.unit, action="insert", target=f"{base} in numerical order", position="end", new=_new_rows(h))]


_ROW_BUILDERS = {
    "listed_provisions_deleted": _listed_provisions_deleted,  # (r3list)
    "row_deleted": _row_deleted,
    "rows_deleted_printed": _rows_deleted_printed,
    "row_inserted_beside": _row_inserted_beside,
    "rows_inserted_in_order": _rows_inserted_in_order,
}

_BUILDERS |= _ROW_BUILDERS


def build(h: Head, start: Tree[object]) -> list[Operation] | None:
    """The operations of one parse (None: a shape left to the transitional families)."""
    change = next(c for c in start.children if isinstance(c, Tree) and c.data in _BUILDERS)
    _local_law_term_read(h, start)
    _law_named_read(h, start)
    ops = _retired_build(h, start, change)
    if ops is None:
        ops = _BUILDERS[str(change.data)](h, start, change)
    if ops == []:
        return None
    _column_read(h, start, ops)
    _text_place_read(h, start, ops)
    _printed_line_read(h, start, ops)
    return _note_place_read(h, start, ops) if ops is not None else None


def _note_place_read(h: Head, start: Tree[object], ops: list[Operation]) -> list[Operation]:
    """(issue 20, wr4a) "In clause 2.3(2), in the note, delete “A” and insert “B”": the words are changed in the note
    of the provision named (target "2.3(2) note": its one line that begins "Note", found when the law is known); any
    change but a word edit is refused, naming the place."""
    place = next((c for c in start.iter_subtrees() if c.data == "note_line"), None)
    if place is None:
        return ops
    if not all(op.action in WORD_ACTIONS for op in ops):
        raise InstructionNotUnderstood(
            f"its words “{' '.join(_span(h, place).split())}” name a provision's note, where only words can be changed; "
            "amend the instrument file's operations by hand"
        )
    return [replace(op, target=f"{op.target} note") for op in ops]


def _printed_line_read(h: Head, start: Tree[object], ops: list[Operation] | None) -> None:
    """(known2) "… the words “these by-laws” in line three of that interpretation …": the gazette's line is no place in
    the law, so the words are found in the provision, where they must occur once (the applier refuses them otherwise);
    an occurrence counted ("the second “x” in line three") would be counted in the line, not the provision: refused."""
    line = next(
        (t for t in start.scan_values(lambda v: isinstance(v, Token) and v.type in ("IN_PRINTED_LINE", "IN_PRINTED_LINE_OF"))),
        None,
    )
    if line is None or ops is None:
        return
    if any(op.action not in WORD_ACTIONS or op.occurrence != "once" for op in ops):
        raise InstructionNotUnderstood(
            f"its words “{line}” count the words in a printed line, not in the provision; amend the instrument file's "
            "operations by hand"
        )
    h.notes.append(f"cl. {h.unit.clause}: “{line}”: a line of the gazette's print; the words are found in the provision, once")


def _local_law_term_read(h: Head, start: Tree[object]) -> None:
    """(r11) A term ending in "local law" ("the definition of fencing local law") is the law's to decide, except after
    "this" or "principal" ("the definition of dog in this local law"), where the words name the law: refused, naming them."""
    for t in start.iter_subtrees():
        if t.data != "term_local_law":
            continue
        words = [c for c in t.children if isinstance(c, Token)]
        if len(words) >= 2 and str(words[-2]).lower() in ("this", "principal"):
            raise InstructionNotUnderstood(
                f"its words “{_span(h, t)}” name a law where a defined term is wanted; amend the instrument file's "
                "operations by hand"
            )


def _law_named_read(h: Head, start: Tree[object]) -> None:
    """(wrongref) A law named by its title ("The Shire of X Fencing Local Law 2018 is amended by …") is the whole law
    only where it is the one law the instrument amends; any other title (another law, or the instrument's own), or an
    instrument whose one law amended is not told, is refused, naming the words. (wr9) So is "That local law" (the law
    the instrument's "Local law amended" clause names) where that one law is not told."""
    for t in start.iter_subtrees():
        if t.data == "whole_law" and _tokens(t, "THAT") and h.unit.law is None:
            raise InstructionNotUnderstood(
                f"its words “{_span(h, t)}” speak of the law the instrument amends, and the one law it amends is not "
                f"told, so which law it changes is not certain; {HOW_TO_TELL}amend the instrument file's operations by hand"
            )
        if t.data != "law_named":
            continue
        named = re.sub(r"^the\s+", "", _span(h, t), flags=re.I)
        if h.unit.law is None and any(c.data == "subject_changed" for c in start.iter_subtrees()):
            # "By-law 3 of the Shire of X By-laws … is repealed." in an instrument that amends no one law told
            raise InstructionNotUnderstood(
                f"it repeals a provision of a law (“{named}”), not a law, and the one law the instrument amends is not "
                f"told; {HOW_TO_TELL}amend the instrument file's operations by hand (delete that provision)"
            )
        if h.unit.law is None or normal_title(named) != normal_title(h.unit.law):
            amended = f"the law it amends is {h.unit.law}" if h.unit.law else "the one law it amends is not told"
            raise InstructionNotUnderstood(
                f"its words “{named}” name a law by its title, and {amended}, so which law it changes is not "
                f"certain; {HOW_TO_TELL if h.unit.law is None else ''}amend the instrument file's operations by hand"
            )


def _column_read(h: Head, start: Tree[object], ops: list[Operation] | None) -> None:
    """Word accounting for a column named ("in the column headed “Fee”"): every operation must be made in it, as a word
    edit; a change that would drop it (made in the whole row, or to provisions) is refused, naming it."""
    column = next((c for c in start.iter_subtrees() if c.data == "column"), None)
    if column is None or ops is None:
        return
    if not all(op.action in WORD_ACTIONS and " column “" in op.target for op in ops):
        raise InstructionNotUnderstood(
            f"its words “{_span(h, column)}” name a column, which this change is not made in; amend the instrument "
            "file's operations by hand"
        )
