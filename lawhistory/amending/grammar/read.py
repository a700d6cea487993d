"""Turn a parse of the grammar (wa.lark) into typed operations: one builder per change rule.

The lead ("In clause 3.1(1)(c)", "Clause 7 is amended in subclause (2)") gives the provision the change speaks of;
the change gives the action, its object (provisions, words, punctuation, definitions, a heading), its position,
occurrence and new words (quoted in the head, or the payload printed after a dash or colon). Citations are resolved
by ``parts.resolve_targets``; what the law must hold for an operation to apply stays with the applier.

``read`` returns None when a parse builds into a shape the grammar leaves to the transitional families (a Part
inserted, fee rows with lettered parts: see ``LEFT_TO_FAMILIES``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from lark import Token, Tree

from ...core.model import Provision
from ...core.operations import WORD_ACTIONS, Operation
from ...core.quotes import UnbalancedQuote, normalise_quotes
from ...files.textformat import render_fragment
from ..parts import (
    _CONTAINER_PAYLOAD,
    InstructionNotUnderstood,
    Unit,
    _headed_clause,
    _op,
    _resolve_context,
    _rows_payload,
    _schedule_payload,
    _split_payload,
    _substitute,
    _words,
    payload_provisions,
    resolve_targets,
)
from .parse import NoParse, readings

#: A payload shape the grammar reads the words of but leaves to a family to build (transitional, listed).
LEFT_TO_FAMILIES = ("a Part or Division inserted (its payload a container)", "fee rows with lettered parts")

_OCCURRENCE = {"occ_all": "all", "occ_first": "first", "occ_second": "second", "occ_last": "last"}


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
    if (relative := _relative(h, chain)) is not None:
        return relative, where
    base = _resolve_context(where, ctx) or ctx
    return (_with_column(h, chain, base) if base else base), where


def _place(h: Head, t: Tree[object]) -> str:
    """A place's words as the citation reader takes them ("the definition for X" is "the definition of X"; a term
    named without quotation marks is quoted, so the words after it are not read as part of it)."""
    return re.sub(r"\bdefinitions? for\b", "definition of", _quoting_terms(h, t), flags=re.I)


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
        inner = [v for v in c.scan_values(lambda v: isinstance(v, Token)) if isinstance(v, Token)] if c.data in _NOT_CITED else []
        if inner:
            # a column's heading is not a citation ("the column headed “Clause 3”"): it is added by _with_column
            gone.append((min(x.start_pos or 0 for x in inner), max(x.end_pos or 0 for x in inner)))
    out, pos = [], start
    for a, b in sorted(set(cuts) | set(gone)):
        if a < pos:
            continue
        out += [h.head[pos:a]] + (["“", " ".join(h.head[a:b].split()), "”"] if (a, b) in cuts else [])
        pos = b
    return "".join([*out, h.head[pos:end]])


#: Nodes of a place whose words are no citation: a column's heading (added by _with_column), the law it is of.
_NOT_CITED = ("column", "of_law")

_KIND_LEVEL = {"clause": 0, "regulation": 0, "section": 0, "subclause": 1, "paragraph": 2, "subparagraph": 3}


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
    if chain is not None and not re.search(r"\bto\b", _place(h, chain)):
        # "In clauses 3.14 and 3.15 delete …": the same edit in each provision the list names
        several = resolve_targets(_place(h, chain), h.unit.context)
        if len(several) > 1:
            return [_with_column(h, chain, t) for t in several]
    base, where = _base(h, start)
    if where is not None and re.match(r"(?:the )?heading (?:to|of)\b", where.strip(), re.I) and base:
        return [f"{base} heading"]
    if not base:
        raise InstructionNotUnderstood("cannot tell which provision its words are in")
    return [base]


def _words_deleted(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    if h.payload is not None:
        raise InstructionNotUnderstood("it deletes words and also carries new text, but does not say to insert it")
    quoted = [_unquote(q) for ql in _trees(ch, "quoted_list") for q in _tokens(ql, "QUOTED")]
    occ = _occurrence(start)
    return [
        _op(h.unit, action="delete_words", target=t, words=w, occurrence=occ) for t in _word_targets(h, start) for w in quoted
    ]


def _words_replaced(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    quoted = _tokens(ch, "QUOTED")
    old = _unquote(quoted[0])
    new_tok = [c for c in ch.children if isinstance(c, Token) and c.type in ("QUOTED", "PUNCTUATION")][1:]
    new = _pick_new(h, new_tok[-1] if new_tok else None, dashed=True)
    if new is None:
        raise InstructionNotUnderstood("it replaces words but carries no new words")
    targets = _word_targets(h, start)
    inner = _tree(ch, "place_chain")
    if inner is not None:
        # "by deleting “A” in paragraph (b) of the definition of “litter” and substituting …"
        one = _resolve_context(_place(h, inner), targets[0])
        if not one or len(targets) > 1:
            raise InstructionNotUnderstood(f"cannot tell which provision “{_span(h, inner)}” is")
        targets = [one]
    occ = _occurrence(start)
    return [_op(h.unit, action="substitute_words", target=t, words=old, new=new, occurrence=occ) for t in targets]


def _words_inserted(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    pos = next(c.data for c in ch.children if isinstance(c, Tree) and c.data in ("after", "before"))
    quoted = _tokens(ch, "QUOTED")
    anchor = _unquote(quoted[0])
    dashed = bool(_tokens(ch, "DASH"))
    news = [c for c in ch.children if isinstance(c, Token) and c.type in ("QUOTED", "PUNCTUATION")][1:]
    new = _pick_new(h, news[0] if news else None, dashed=dashed)
    if new is None:
        raise InstructionNotUnderstood("it inserts words but carries none")
    occ = _occurrence(start)
    gone = _tree(ch, "mark_deleted")
    out = []
    for t in _word_targets(h, start):
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


def _mark_ending_definition(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    """ "by deleting the semicolon after the definition of “X” and substituting a full stop": the mark ending X."""
    base, _ = _base(h, start)
    if not base:
        raise InstructionNotUnderstood("cannot tell which provision holds the definition")
    holder = base if "“" not in base else base.split(" “")[0]
    definition = _tree(ch, "definition")
    assert definition is not None
    term = _term(h, definition)
    old = _words("a " + re.sub(r"^the ", "", _tokens(ch, "MARK")[0], flags=re.I).lower())
    new = _new_words(h, ch)
    if new is None:
        raise InstructionNotUnderstood("it replaces a mark but carries no new one")
    target = f"{holder} “{term}”"
    return [_op(h.unit, action="substitute_words", target=target, words=old, new=new, occurrence="last")]


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
    if whole:
        new = _schedule_payload(whole.group(1), payload, h.notes)
        return [_op(h.unit, action="substitute", target=targets[0], new=new)]
    return _substitute(h.unit, targets, payload, h.notes)


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
        if len(targets) == 1 and re.fullmatch(r"Schedule \S+ item \S+", targets[0]) and "(a)" in h.payload:
            return None  # left to the family "table row replaced by a row with lettered parts"
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
    word = _unquote(_tokens(named, "QUOTED")[0])
    if word.strip().lower() not in ("and", "or"):
        raise InstructionNotUnderstood(f"it deletes “{word}” after a provision, which is not a connector")
    plist = _tree(named, "prov_list")
    assert plist is not None
    base, _ = _base(h, start)
    after = resolve_targets(_span(h, plist), base)
    if not after:
        raise InstructionNotUnderstood(f"cannot tell which provision “{_span(h, plist)}” is")
    return [_op(h.unit, action="delete_words", target=t, words=word.strip(), position="end") for t in after if t not in targets]


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
    if _CONTAINER_PAYLOAD.match(payload):
        return None  # left to the family "Part or Division inserted"
    if " item " in target or " row " in target:
        rows = _rows_payload(payload)
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
            _op(h.unit, action="insert_definition", target=target, new=render_fragment((d,)), position="ordered") for d in new
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
    terms = quoted or [" ".join(_span(h, t).split()) for t in _trees(ch, "term")]
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


def _definitions_inserted(h: Head, start: Tree[object], ch: Tree[object], after: str | None = None) -> list[Operation]:
    holder = _holder(h, start)
    if h.payload is None:
        raise InstructionNotUnderstood("it inserts definitions but carries no new text")
    new = payload_provisions(h.payload, h.notes)
    if not all(p.kind == "definition" for p in new):
        raise InstructionNotUnderstood("the new definitions could not be read as 'term means ...'")
    return [
        _op(
            h.unit,
            action="insert_definition",
            target=holder,
            new=render_fragment((d,)),
            position="after" if after else "alphabetical",
            words=after,
        )
        for d in new
    ]


def _definitions_inserted_after(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation]:
    definition = _tree(ch, "definition")
    assert definition is not None
    return _definitions_inserted(h, start, ch, after=_term(h, definition).strip())


def _heading_replaced(h: Head, start: Tree[object], ch: Tree[object]) -> list[Operation] | None:
    heading = _tree(ch, "heading_of")
    assert heading is not None
    plist = _tree(heading, "prov_list")
    assert plist is not None
    targets = resolve_targets(_span(h, plist), h.unit.context)
    if len(targets) != 1 or h.payload is None:
        return None
    new = " ".join(h.payload.split()).strip('“”"')
    label = re.match(r"^(?P<kw>PART|Part|Division|Subdivision)\s+(?P<n>\w+)\s*(?:[—–-]\s*)?", new)
    if label:
        # "Division 2 — Consideration and …": the label is printed with the new heading; the heading is the rest
        if not targets[0].endswith(f"{label.group('kw').capitalize()} {label.group('n')}"):
            raise InstructionNotUnderstood(f"its new heading is labelled “{label.group(0).strip()}”, not {targets[0]}")
        new = new[label.end() :]
    return [_op(h.unit, action="substitute_heading", target=targets[0], new=new)]


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
    "words_removed_beside": _words_removed_beside,
    "words_substituted_for": _words_substituted_for,
    "words_for_substituted": _words_for_substituted,
    "provisions_replaced": _provisions_replaced,
    "mark_ending_definition": _mark_ending_definition,
    "passage_changed": _passage_changed,
    "mark_ending_provision": _mark_ending_provision,
    "inserted_after_each": _inserted_after_each,
    "rows_inserted_under": _rows_inserted_under,
    "provisions_deleted": _provisions_deleted,
    "subject_changed": _subject_changed,
    "provisions_inserted": _provisions_inserted,
    "provisions_inserted_at_end": _provisions_inserted_at_end,
    "provisions_inserted_at_start": _provisions_inserted_at_start,
    "definitions_deleted": _definitions_deleted,
    "definition_replaced": _definition_replaced,
    "definition_is_deleted": _definition_is_deleted,
    "definitions_inserted": _definitions_inserted,
    "definitions_inserted_after": _definitions_inserted_after,
    "heading_replaced": _heading_replaced,
    "note_deleted": _note_deleted,
    "reference_replaced": _reference_replaced,
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


def build(h: Head, start: Tree[object]) -> list[Operation] | None:
    """The operations of one parse (None: a shape left to the transitional families)."""
    change = next(c for c in start.children if isinstance(c, Tree) and c.data in _BUILDERS)
    ops = _BUILDERS[str(change.data)](h, start, change)
    if ops == []:
        return None
    _column_read(h, start, ops)
    return ops


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
