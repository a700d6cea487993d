"""The families of WA amending wording, as a table: one ``Family`` per row of docs/amendments.md.

Each family says what wording it reads, what operations it makes, and the instructions it is tested with
(tests/test_families.py reads every example and checks that this family, and no earlier one, claims it).
``FAMILIES`` is in order of precedence: the first family whose ``read`` returns operations decides; a family
returns None when the wording is not its own, and raises ``InstructionNotUnderstood`` when it is its own but
cannot be read for certain (a target it cannot name, words it cannot account for).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..core.labels import next_letter
from ..core.model import Provision
from ..core.operations import Operation
from ..core.quotes import QUOTED, UnbalancedQuote, normalise_quotes, unopened_close
from ..files.textformat import render_fragment
from .accounting import INSTRUCTION_START, labelled_starts
from .parts import (
    _CONTAINER_PAYLOAD,
    _QUOTED,
    _REF,
    InstructionNotUnderstood,
    Unit,
    _headed_clause,
    _holder,
    _leading_context,
    _op,
    _repealed_laws,
    _resolve_context,
    _rows_payload,
    _schedule_payload,
    _split_payload,
    _substitute,
    _value_row_with_parts,
    _word_ops,
    payload_provisions,
    repeal_frame,
    resolve_targets,
    unopened_split,
)


@dataclass(frozen=True, slots=True)
class Reading:
    """One instruction as the families see it: its words (quotation marks in one form), head and payload."""

    unit: Unit
    text: str
    head: str
    payload: str | None
    notes: list[str]

    @property
    def ctx(self) -> str | None:
        return self.unit.context

    @property
    def head_l(self) -> str:
        return self.head.lower()


@dataclass(frozen=True, slots=True)
class Family:
    """A family of amending wording: what it reads, what it makes, and the instructions it is tested with."""

    name: str
    wording: str
    makes: str
    read: Callable[[Reading], list[Operation] | None]
    examples: tuple[str, ...] = ()


# --- the families, each a function of a Reading ---------------------------------------------------------------


_PASSAGE_TO_END = re.compile(
    r"^(?:delete|omit|remove) (?P<x>(?:clause|sub-?clause|paragraph|sub-?paragraph|regulation)s?\s+[^“”]+?),? and the "
    r"(?:passage|words) (?:that )?(?:begins|beginning) with “(?P<a>[^“”]+)”,? and (?:continues|continuing|runs|running) "
    r"(?:until|to) the end of (?P<y>(?:the )?(?:clause|sub-?clause|paragraph|sub-?paragraph|regulation)\s+[^“”]+?)"
    r"(?P<ins>,? and (?:insert|substitute|replace (?:them |it )?with)(?: the following)?)?$",
    re.I,
)


def _provision_and_passage(r: Reading) -> list[Operation] | None:
    """ "Delete clause 16(a)(ii) and the passage that begins with “unless” and continues until the end of paragraph
    (a) and insert: (ii) …": a provision and the words that follow it to the end of the provision holding it. The
    structured format keeps no words after a list, so such a passage is read as ending that provision's line: when
    the law is known (law_known.passage_resolved), it is one deletion (substitution) of the provision, and only when
    the provision is the last of the one the passage ends with and the words that begin the passage are found in it
    and nowhere else there; otherwise the instrument is refused, naming them."""
    m = _PASSAGE_TO_END.match(r.head.strip().rstrip("."))
    if m is None:
        return None
    xs = resolve_targets(m.group("x"), _leading_context(r.head, r.ctx))
    if len(xs) != 1:
        raise InstructionNotUnderstood(f"cannot tell which provision “{m.group('x')}” is")
    y = _resolve_context(re.sub(r"^the ", "", m.group("y"), flags=re.I), xs[0])
    if not y or not (xs[0].startswith(y) and len(xs[0]) > len(y)):
        raise InstructionNotUnderstood(
            f"the passage ends at the end of “{m.group('y')}”, which does not hold {xs[0]}, so where it ends is uncertain"
        )
    target = f"{xs[0]} and the passage from “{m.group('a')}” to the end of {y}"
    if not m.group("ins"):
        if r.payload is not None:
            raise InstructionNotUnderstood("it deletes a passage and also carries new text, but does not say to insert it")
        return [_op(r.unit, action="delete", target=target)]
    if r.payload is None:
        raise InstructionNotUnderstood("it replaces a provision and a passage but carries no new text")
    new = payload_provisions(r.payload, r.notes)
    label = re.search(r"(\([^()]+\)|[^()]+)$", xs[0])
    if not new or label is None or new[0].num != label.group(1):
        raise InstructionNotUnderstood(f"its new text does not begin with {xs[0]}'s label, so what it replaces is uncertain")
    ops = [_op(r.unit, action="substitute", target=target, new=render_fragment(new[:1]))]
    if len(new) > 1:
        ops.append(_op(r.unit, action="insert", target=xs[0], position="after", new=render_fragment(new[1:])))
    return ops


_REFERENCE_NOTE = re.compile(
    r"^(?:delete|omit|remove) the (?:cross-)?reference(?: note)? (?P<pos>before|above|after|below|under) the heading (?:to|of) "
    r"(?P<sched>Schedule \d+[A-Z]{0,2})(?: (?P<form>Form \d+[A-Z]{0,2}))?(?P<ins>,? and (?:insert|substitute|replace (?:it )?with))?$",
    re.I,
)


def _reference_note(r: Reading) -> list[Operation] | None:
    """ "Delete the reference before the heading to Schedule 1 Form 1 and insert: [cl. 5.1 and 6.2]": the bracketed line
    that names the clauses a form (or a schedule) serves. Which line that is, is told when the law is known
    (law_known.reference_resolved): the one line in brackets just before the form's heading (just after the schedule's);
    otherwise the instrument is refused."""
    m = _REFERENCE_NOTE.match(r.head.strip().rstrip("."))
    if m is None:
        return None
    pos = "before" if m.group("pos").lower() in ("before", "above") else "after"
    sched = " ".join(m.group("sched").split()).capitalize()
    what = " ".join(m.group("form").split()).capitalize() if m.group("form") else sched
    if (pos == "before") != bool(m.group("form")):
        raise InstructionNotUnderstood(
            f"a reference is printed before a form's heading or after a schedule's, not {pos} {what}'s"
        )
    target = f"{sched} reference {pos} the heading to {what}"
    if not m.group("ins"):
        if r.payload is not None:
            raise InstructionNotUnderstood("it deletes a reference and also carries new text, but does not say to insert it")
        return [_op(r.unit, action="delete", target=target)]
    new = " ".join((r.payload or "").split())
    if not re.fullmatch(r"\[[^\[\]]+\]", new):
        raise InstructionNotUnderstood(
            f"its new reference “{new[:60]}” is not one bracketed line, so what it puts there is uncertain"
        )
    return [_op(r.unit, action="substitute_text", target=target, new=new)]


_ROW_CONTAINING = re.compile(
    r"^(?:In (?!the Table\b)(?P<where>[^“”,]+?),?\s+)?(?:in the Table(?P<opp> opposite (?:that|those|the above) (?:text|words))?,?\s+)?"
    r"(?:by )?(?:delete|deleting|omit|omitting|remove|removing) the (?:row|line) (?:containing|that contains|which contains) "
    r"(?P<q>“[^“”]+”(?:(?:,| and) “[^“”]+”)*)\s*[.;]?(?:\s+(?:and|or))?$",
    re.I,
)


def _row_containing(r: Reading) -> list[Operation] | None:
    """ "(in the Table opposite that text,) by deleting the row containing “(a) Lawn grave fee” and “$”": the one table row
    that holds every quoted string — in the rows printed just after the words the instruction before named, when it says
    "opposite that text". Which row that is, is told when the law is known (law_known.row_resolved), or refused."""
    if r.payload is not None:
        return None
    m = _ROW_CONTAINING.match(r.text.strip())
    if m is None:
        return None
    holder = (_resolve_context(m.group("where"), r.ctx) if m.group("where") else None) or r.ctx
    if not holder:
        raise InstructionNotUnderstood("cannot tell which table's row it deletes")
    quoted = " and ".join(f"“{w}”" for w in _QUOTED.findall(m.group("q")))
    return [
        _op(
            r.unit,
            action="delete",
            target=f"{holder} row containing {quoted}" + (" opposite that text" if m.group("opp") else ""),
        )
    ]


_BETWEEN = re.compile(
    r"^(?P<where>(?:By-?law|Clause|Section|Regulation)\s+[^“”]+?),?\s+is\s+amended\s+by\s+"
    r"(?:deleting\s+the\s+words?\s+“(?P<x>[^“”]+)”\s+between\s+“(?P<a>[^“”]+)”\s+and\s+“(?P<b>[^“”]+)”"
    r"(?:,?\s+and\s+(?:inserting|substituting)\s+in\s+lieu\s+thereof\s+the\s+words?\s+“(?P<y>[^“”]+)”)?"
    r"|adding\s+the\s+words?\s+“(?P<y2>[^“”]+)”\s+between\s+“(?P<a2>[^“”]+)”\s+and\s+“(?P<b2>[^“”]+)”)"
    r"(?:,?\s+(?:by-?law|clause|section|regulation)\s+(?P<n2>[\w.]+)\s+now\s+to\s+read\s*:?\s*[—–:-]+\s*(?P<restated>.+))?"
    r"\s*[.;]?$",
    re.I,
)


def _between(r: Reading) -> list[Operation] | None:
    """ "By-law 13 is amended by deleting the words “X” between “A” and “B” and inserting in lieu thereof the words “Y”,
    by-law 13 now to read:— 13. …" / "By-law 18, subclause (1), paragraph (g), is amended by adding the words “Y”
    between “A” and “B”.": words changed where they lie between two others. Where that is, is told when the law is
    known (law_known.between_resolved: A then B once in the provision's words, with X — or nothing, when words are
    added — between them); a provision restated "now to read" is taken as restated only when its words are those the
    change makes (law_known.restated_resolved), otherwise the instrument is refused."""
    m = _BETWEEN.match(" ".join(r.text.split()))
    if m is None:
        return None
    where = re.sub(r"^By-?laws?\b", "clause", m.group("where"), flags=re.I)
    target = _resolve_context(where, r.ctx)
    if not target:
        raise InstructionNotUnderstood(f"cannot tell which provision “{m.group('where')}” is")
    a, b = (m.group("a"), m.group("b")) if m.group("a") else (m.group("a2"), m.group("b2"))
    x, y = m.group("x"), m.group("y") if m.group("a") else m.group("y2")
    ops = [_op(r.unit, action="substitute_words", target=f"{target} between “{a}” and “{b}”", words=x, new=y)]
    if m.group("restated"):
        restated = m.group("restated").strip()
        label = re.match(re.escape(m.group("n2").rstrip(".")) + r"\.?\s+", restated)
        if label is None or re.sub(r"^clause\s+", "", where, flags=re.I).split(",")[0].strip() != m.group("n2").rstrip("."):
            raise InstructionNotUnderstood(f"the provision restated “now to read” is not {m.group('where')}")
        ops.append(_op(r.unit, action="substitute_text", target=f"{target} as restated", new=restated[label.end() :]))
    return ops


_WORD_AND_PROVISION = re.compile(
    r"^After (?P<target>(?:sub-?paragraph|paragraph|sub-?clause) \((?P<label>\w{1,4})\)),? insert the following words? and "
    r"(?:sub-?paragraph|paragraph|sub-?clause)$",
    re.I,
)


def _word_and_provision(r: Reading) -> list[Operation] | None:
    """ "After paragraph (b), insert the following word and paragraph: “and (c) an election held …;”.": the connector
    goes at the end of (b) and the new paragraph after it — read so only when the new text is the connector and then
    the label that comes next after (b)."""
    m = _WORD_AND_PROVISION.match(r.head.strip())
    if m is None or r.payload is None:
        return None
    nxt = next_letter(f"({m.group('label')})")
    cut = re.match(r"(?P<word>and|or)\s+(?=" + re.escape(nxt or "(?!)") + r"\s)", r.payload.strip())
    if nxt is None or cut is None:
        raise InstructionNotUnderstood(f"its new text does not begin with a connector and then {nxt or 'the next label'}")
    target = _resolve_context(m.group("target"), r.ctx)
    if not target:
        raise InstructionNotUnderstood(f"cannot tell which provision “{m.group('target')}” is")
    provisions = payload_provisions(r.payload.strip()[cut.end() :], r.notes)
    return [
        _op(r.unit, action="insert_words", target=target, new=cut.group("word"), position="end"),
        *_inserts(r, target, "after", provisions),
    ]


_WORDS_AFTER = re.compile(
    r"^(?:(?P<where>(?:Sub-?clause|Clause|Paragraph|Sub-?paragraph|Section|Sub-?section|Regulation)\s+[^:“”]+?)\s*:\s*)?"
    r"(?:Omit|Delete) all the words after “(?P<a>[^“”]+)”"
    r"(?:,?\s*(?:and\s+)?(?:substitute|insert)\s*:?\s*“(?P<b>[^“”]*)”)?\s*[.;]?$",
    re.I,
)


def _words_after(r: Reading) -> list[Operation] | None:
    """ "Subclause 36 (1): Omit all the words after “A person is eligible … if the person”, substitute “is enrolled …”.":
    the provision's words after the quoted ones go (and the new words follow them). Where they end is told when the law
    is known (law_known.after_resolved: the quoted words once in a provision that holds no provisions of its own)."""
    m = _WORDS_AFTER.match(" ".join(r.text.split()))
    if m is None:
        return None
    # "Subclause 36 (1)" (as a Commonwealth-style instrument cites it): clause 36's subclause (1)
    where = re.sub(r"^Sub-?(?:clause|section)\s+(\d+[A-Z]{0,2})\s*(?=\()", r"clause \1", m.group("where") or "", flags=re.I)
    target = (_resolve_context(where, r.ctx) if where else None) or r.ctx
    if not target:
        raise InstructionNotUnderstood("cannot tell which provision's words it changes")
    return [_op(r.unit, action="substitute_words", target=f"{target} after “{m.group('a')}”", new=m.group("b") or "")]


def _repeal_law(r: Reading) -> list[Operation] | None:
    repealed = _repealed_laws(r.text)
    if not repealed:
        return None
    return [_op(r.unit, action="repeal", target=title, words=date) for title, date in repealed]


_DELETE_DEFINITION = re.compile(
    r"(?:delete|deleting|omit|omitting|remove|removing) the definitions? (?:of|for) ([“\"].+?[”\"](?:(?:,| and) [“\"].+?[”\"])*)",
    re.I,
)


_DELETE_UNQUOTED_DEFINITION = re.compile(
    r"(?:delete|omit|remove) the definitions? (?:of|for):?\s+(?P<terms>[^“”\"]+?)\s*[.;]?$", re.I
)


def _definition_deleted(r: Reading) -> list[Operation] | None:
    dm = _DELETE_DEFINITION.search(r.head)
    unquoted = None if dm or r.payload else _DELETE_UNQUOTED_DEFINITION.search(r.head)
    if unquoted:
        # "delete the definition of relevant offence." / "delete the definitions of: A B" (one term a line; the
        # terms are told apart when the law they are deleted from is known — amend.resolve_terms)
        holder = _holder(r.head, r.ctx)
        term = " ".join(unquoted.group("terms").split())
        return [_op(r.unit, action="delete", target=f"{holder} “{term}”")]
    if not dm:
        return None
    holder = _holder(r.head, r.ctx)
    terms = _QUOTED.findall(dm.group(1))
    if r.payload and re.search(r"\b(?:insert|substitute|replace)", r.head_l):
        new = render_fragment(payload_provisions(r.payload, r.notes))
        return [_op(r.unit, action="substitute", target=f"{holder} “{terms[0]}”", new=new)]
    return [_op(r.unit, action="delete", target=f"{holder} “{t}”") for t in terms]


_AFTER_DEFINITION = re.compile(
    r"after the definition (?:of|for) (?:[“\"](?P<q>.+?)[”\"]|(?P<u>[\w’' -]+?))(?=,?\s+(?:insert|add)\b)", re.I
)


def _definition_inserted(r: Reading) -> list[Operation] | None:
    if not (r.payload and re.search(r"alphabetical order|the following definitions?|after the definition (?:of|for)", r.head_l)):
        return None
    holder = _holder(r.head, r.ctx)
    new = payload_provisions(r.payload, r.notes)
    if not all(p.kind == "definition" for p in new):
        raise InstructionNotUnderstood("the new definitions could not be read as 'term means ...'")
    after = _AFTER_DEFINITION.search(r.head)
    term = (after.group("q") or after.group("u")).strip() if after else None
    return [
        _op(
            r.unit,
            action="insert_definition",
            target=holder,
            new=render_fragment((d,)),
            position="after" if after else "alphabetical",
            words=term,
        )
        for d in new
    ]


def _heading(r: Reading) -> list[Operation] | None:
    hm = re.search(r"(?:delete|omit|replace) the heading (?:to|of) (.+?)(?: and (?:insert|substitute)| with|$)", r.head, re.I)
    if not (hm and r.payload):
        return None
    left = re.sub(r"\b(?:of|the|in|and)\b", " ", _REF.sub(" ", hm.group(1))).split()
    if left:
        # "the heading to Schedule 1 Form 1": a form is not a provision this reader can name; never the schedule's heading
        raise InstructionNotUnderstood(f"cannot tell whose heading “{hm.group(1)}” is (“{' '.join(left)}” names no provision)")
    targets = resolve_targets(hm.group(1), r.ctx)
    if len(targets) != 1:
        return None
    new = " ".join(r.payload.split()).strip('“”"')
    label = re.match(r"^(?P<kw>PART|Part|Division|Subdivision)\s+(?P<n>\w+)\s*(?:[—–-]\s*)?", new)
    if label:
        # "Division 2 — Consideration and …": the label is printed with the new heading; the heading is the rest
        if not targets[0].endswith(f"{label.group('kw').capitalize()} {label.group('n')}"):
            raise InstructionNotUnderstood(f"its new heading is labelled “{label.group(0).strip()}”, not {targets[0]}")
        new = new[label.end() :]
    return [_op(r.unit, action="substitute_heading", target=targets[0], new=new)]


_HEADING_NOTE = re.compile(
    r"^Note:\s+The heading to (?:amended |new )?clause\s+(?P<c>\S+?)\s+is to read:?\s*(?P<h>.+?)\.?$", re.I
)


def _heading_note(r: Reading) -> list[Operation] | None:
    m = _HEADING_NOTE.match(r.text)
    if not m:
        return None
    targets = resolve_targets(f"clause {m.group('c')}", r.ctx)
    if len(targets) != 1:
        raise InstructionNotUnderstood(f"cannot tell which clause “{m.group('c')}” is")
    return [_op(r.unit, action="substitute_heading", target=targets[0], new=" ".join(m.group("h").split()))]


_CONNECTOR_AFTER = re.compile(r"\s+and\s+“(?:and|or)”\s+after\s+(?:it|them|each of them)\b", re.I)


def _words(r: Reading) -> list[Operation] | None:
    if not _QUOTED.search(_CONNECTOR_AFTER.sub("", r.head)):
        return None  # "delete paragraphs (c) and (d) and “and” after each of them" deletes provisions
    quoted = _QUOTED.findall(r.head)
    if not (quoted or re.search(r"\b(?:a full stop|a comma|a semi ?-?colon|a colon)\b", r.head_l)):
        return None
    return _word_ops(r.unit, r.head, quoted, r.payload, r.ctx)


_REFERENCE = re.compile(
    r"^(?:In (?P<where>.+?),?\s+)?(?:delete|omit|remove) the reference to (?P<a>[^“”]+?),?\s+and "
    r"(?:replace it with|insert|substitute|insert in its place)\s+(?:a reference to\s+)?(?P<b>[^“”]+?)[.;]?$",
    re.I,
)


def _reference(r: Reading) -> list[Operation] | None:
    m = _REFERENCE.match(r.text)
    if not m:
        return None
    target = (_resolve_context(m.group("where"), r.ctx) if m.group("where") else None) or r.ctx
    if not target:
        raise InstructionNotUnderstood("cannot tell which provision its words are in")
    return [_op(r.unit, action="substitute_words", target=target, words=m.group("a").strip(), new=m.group("b").strip())]


def _schedule(r: Reading) -> list[Operation] | None:
    sm = re.search(r"\bSchedule (\d+[A-Z]?)\b", r.head)
    if not sm or re.search(r"\bitems?\b|\bthe heading\b|\bforms?\b", r.head_l):
        return None
    num = sm.group(1)
    if r.payload is not None and re.search(r"(?:deleted and replaced|delete .* and (?:insert|substitute|replace))", r.head_l):
        return [_op(r.unit, action="substitute", target=f"Schedule {num}", new=_schedule_payload(num, r.payload, r.notes))]
    if r.payload is None and re.search(r"\b(?:delete|omit|remove|repeal)\b|\bis (?:deleted|repealed)\b", r.head_l):
        return [_op(r.unit, action="delete", target=f"Schedule {num}")]
    return None


_DELETES = re.compile(
    r"\b(?:delete|deleting|omit|omitting|remove|removing|repeal|repealing|strike out)\b|\b(?:is|are) (?:deleted|repealed)\b", re.I
)


_ROW_REPLACED = re.compile(
    r"^(?:In (?P<where>Schedule \S+?)\s*[:—–-]?\s*)?(?:delete|omit) the row (?:relating to|for) (?P<ref>.+?)"
    r"(?: and (?P<ins>insert|substitute))?$",
    re.I,
)


def _row_replaced(r: Reading) -> list[Operation] | None:
    m = _ROW_REPLACED.match(r.head.rstrip(" .;"))
    if not m:
        return None
    sched = m.group("where") or (r.ctx if r.ctx and r.ctx.startswith("Schedule") else None)
    if not sched:
        raise InstructionNotUnderstood("cannot tell which schedule's row it means")
    # "Schedule 2 row relating to clause 6.3": which row that is, is told when the law is known (amend.rows_found)
    target = f"{' '.join(sched.split()[:2])} row relating to {m.group('ref').strip()}"
    if not m.group("ins"):
        if r.payload is not None:
            raise InstructionNotUnderstood("it deletes a row and also carries new text, but does not say to insert it")
        return [_op(r.unit, action="delete", target=target)]
    rows = [ln for ln in re.split(r"(?<=\|)\s+(?=\|)", (r.payload or "").strip()) if ln.strip()]
    if not rows or not all(re.fullmatch(r"\|(?:[^|]*\|){2,}", row.strip()) for row in rows):
        raise InstructionNotUnderstood("the new row could not be read into its columns")
    cells = [tuple(c.strip() for c in row.strip().strip("|").split("|")) for row in rows]
    if any(len(c) < 2 for c in cells):
        raise InstructionNotUnderstood("the new row could not be read into its columns")
    new = render_fragment(tuple(Provision(kind="item", cells=c) for c in cells))
    return [_op(r.unit, action="substitute", target=target, new=new)]


def _note_deleted(r: Reading) -> list[Operation] | None:
    m = re.match(
        r"^(?:In (?P<where>.+?),?\s+)?(?:delete|omit|remove) the note(?: (?:to|at the foot of|after) (?P<of>.+?))?\.?$",
        r.text,
        re.I,
    )
    if not m:
        return None
    where = m.group("where") or m.group("of")
    target = (_resolve_context(where, r.ctx) if where else None) or r.ctx
    if not target:
        raise InstructionNotUnderstood("cannot tell which provision's note it deletes")
    # "20(1) note": which of 20(1)'s lines is its note is told when the law is known (amend.notes_found)
    return [_op(r.unit, action="delete", target=f"{target} note")]


_TARGET_FILLER = frozenset(
    [
        "the",
        "of",
        "and",
        "in",
        "to",
        "all",
        "whole",
        "entirely",
        "entirety",
        "its",
        "from",
        "local",
        "law",
        "principal",
        "laws",
        "by-laws",
        "this",
        "that",
        "new",
        "a",
    ]
)


def _check_target_phrase(phrase: str) -> None:
    """Refuse a target phrase with words no citation accounts for ("the reference before the heading to Schedule 1
    Form 1" is not Schedule 1): the provision it names would be a guess."""
    rest = _REF.sub(" ", re.sub(r"(?:the )?definitions? (?:of|for) (?:“[^”]*”|[^“”]+$)", " ", phrase))
    left = [w for w in re.findall(r"[A-Za-z][\w’'-]*", _QUOTED.sub(" ", rest)) if w.lower() not in _TARGET_FILLER]
    if left:
        raise InstructionNotUnderstood(f"cannot tell which provision “{phrase.strip()}” is (“{' '.join(left)}” names none)")


def _provision_deleted(r: Reading) -> list[Operation] | None:
    head, payload = r.head, r.payload
    if not _DELETES.search(head):
        return None
    del_m = re.search(
        r"(?:delete|deleting|omit|omitting|remove|removing|repeal|repealing|strike out)(?: all of| the whole of| the text of)? (.+?)"
        r"(?: entirely| in its entirety| from the local law)?(?: and (?:insert|substitut|replac).*)?$",
        head,
        re.I,
    )
    phrase = del_m.group(1) if del_m else re.sub(r"\b(?:is|are) (?:deleted|repealed).*$", "", head, flags=re.I)
    # "delete paragraphs (c) and (d) and “and” after each of them": the connector that ends each goes with it
    phrase = _CONNECTOR_AFTER.sub("", phrase)
    targets = resolve_targets(phrase, _leading_context(head, r.ctx))
    if not targets:
        raise InstructionNotUnderstood("cannot tell which provision it deletes")
    _check_target_phrase(phrase)
    if payload is not None and re.search(r"\b(?:insert|substitut|replac)", r.head_l):
        if re.search(r"\bthe text of\b", r.head_l):
            return [_op(r.unit, action="substitute_text", target=targets[0], new=" ".join(payload.split()))]
        rows = _value_row_with_parts(targets, payload)
        if rows is not None:
            # as "Delete clause 12A(2)(b) and insert: (b) … (c) …": the row replaced, its parts inserted after it
            first, rest = rows.split("\n", 1)
            return [
                _op(r.unit, action="substitute", target=targets[0], new=first),
                _op(r.unit, action="insert", target=targets[0], position="after", new=rest),
            ]
        return _substitute(r.unit, targets, payload, r.notes)
    if payload is not None:
        raise InstructionNotUnderstood("it deletes and also carries new text, but does not say to insert it")
    return [_op(r.unit, action="delete", target=t) for t in targets]


_CELL_EDIT = re.compile(
    r"^(?:In (?P<sched>Schedule \S+?),? in the Table,?:? )?in the items? for (?P<refs>clauses? .+?) in the (?P<col>\d+)(?:st|nd|rd|th) column delete “(?P<w>[^“”]+)” and "
    r"(?:insert|substitute)\s*:?\s*(?:“(?P<q>[^“”]*)”|(?P<new>[^“”]+?))[.;]?(?: and| or)?$",
    re.I,
)


def _cell_edited(r: Reading) -> list[Operation] | None:
    """'(In Schedule 2 in the Table:) in the items for clauses 6.2(1), (4) and (5) in the 3rd column delete “6” and
    insert: 15': a word edit in one column of each row whose first column cites the clause. The rows and the column are
    found when the law is known (amend: the words must occur once in that cell), or the instruction is refused."""
    m = _CELL_EDIT.match(" ".join(r.text.split()))
    sched = re.match(r"(Schedule \S+)", (m.group("sched") if m and m.group("sched") else None) or r.ctx or "")
    if m is None or sched is None:
        return None
    refs = resolve_targets(re.sub(r"^clauses?\s+", "clause ", m.group("refs"), flags=re.I), None)
    if not refs:
        raise InstructionNotUnderstood(f"cannot tell which rows “{m.group('refs')}” are")
    new = m.group("q") if m.group("q") is not None else m.group("new").strip()
    col = m.group("col")
    return [
        _op(
            r.unit,
            action="substitute_words",
            target=f"{sched.group(1)} row relating to clause {ref} column {col}",
            words=m.group("w"),
            new=new,
        )
        for ref in refs
    ]


def _row_with_parts_replaced(r: Reading) -> list[Operation] | None:
    """'delete item 11 and insert: 11. … — (a) …; nil (b) … 1.20 per hour': claimed only when read as such a row."""
    if r.payload is None or " — (a) " not in " ".join(r.payload.split()):
        return None
    ops = _provision_deleted(r)
    return ops if ops and len(ops) == 2 and (ops[0].new or "").startswith("| ") else None


def _container_inserted(r: Reading) -> list[Operation] | None:
    """A whole Part or Division inserted: read as any inserted provisions are, its new text a Part (Division)."""
    if r.payload is None or not _CONTAINER_PAYLOAD.match(r.payload):
        return None
    ops = _provision_inserted(r)
    if ops is not None and not all(re.match(r"\s*(?:Part|Division)\b", op.new or "", re.I) for op in ops):
        raise InstructionNotUnderstood("its new text begins with a Part or Division heading but was not read as one")
    return ops


_EDIT_THEN_PROVISIONS = re.compile(
    r"^(?:in|after) (?P<target>(?:sub-?paragraph|paragraph|sub-?clause) \((?P<label>\w{1,4})\)),? by (?:deleting|delete) "
    r"(?P<w>the full ?-?stop|the semi ?-?colon|the comma|“[^”]+”) and (?:inserting instead|inserting in its place|"
    r"substituting|inserting)(?: the following)?$",
    re.I,
)
_MARK = {
    "full stop": ".",
    "fullstop": ".",
    "full-stop": ".",
    "full -stop": ".",
    "semi colon": ";",
    "semicolon": ";",
    "semi-colon": ";",
    "comma": ",",
}


def _edit_then_provisions(r: Reading) -> list[Operation] | None:
    """'after paragraph (f) by deleting the full stop and inserting instead — “ ; or (g) the goods sold are — (i) …”':
    the words that end paragraph (f) change ('.' → '; or') and the new paragraph (g) follows it. The new words must
    hold the label that comes next after (f), and only punctuation and a connector before it."""
    m = _EDIT_THEN_PROVISIONS.match(r.head.strip())
    if r.payload is None or m is None:
        return None
    payload = r.payload.strip()
    if payload.startswith("“") and payload.endswith("”"):
        payload = payload[1:-1].strip()
    nxt = next_letter(f"({m.group('label')})")
    cut = re.match(r"(?P<words>[;,.]?\s*(?:and|or)?)\s+(?=" + re.escape(nxt or "(?!)") + r"\s)", payload)
    if nxt is None or cut is None or not cut.group("words").strip():
        return None
    target = _resolve_context(m.group("target"), r.ctx)
    if not target:
        raise InstructionNotUnderstood(f"cannot tell which provision “{m.group('target')}” is")
    old = m.group("w")
    old = old[1:-1] if old.startswith("“") else _MARK[re.sub(r"^the ", "", old.lower())]
    new_words = re.sub(r"\s+", " ", cut.group("words").strip())
    provisions = payload_provisions(payload[cut.end() :], r.notes)
    return [
        _op(r.unit, action="substitute_words", target=target, words=old, new=new_words),
        *_inserts(r, target, "after", provisions),
    ]


_AT_END = re.compile(r"^after (?P<target>(?:sub-?paragraph|paragraph|sub-?clause) \(\w{1,4}\)),? by (?P<rest>.+?)[.;]?$", re.I)
_AT_END_EDIT = re.compile(
    r"^(?:inserting\s*[—:–-]?\s*“(?P<ins>[^“”]*)”"
    r"|deleting “(?P<w>[^“”]+)”(?: and inserting (?:instead\s*[—:–-]?\s*)?(?:“(?P<new>[^“”]*)”|(?P<mark>a full ?-?stop|a comma|a semi ?-?colon))"
    r"(?: instead)?)?)$",
    re.I,
)


def _edit_at_end(r: Reading) -> list[Operation] | None:
    """'after paragraph (ea) by deleting “or”' / 'after paragraph (b) by inserting — “ and ”' / 'after paragraph (c) by
    deleting “; and” and inserting a full stop instead': a change to the words that end the provision (its connector
    or closing mark) — `position: end`, applied only where those words end its last line of text."""
    text = r.text.strip()
    m = _AT_END.match(text)
    e = _AT_END_EDIT.match(m.group("rest").strip()) if m else None
    if m is None or e is None:
        return None
    target = _resolve_context(m.group("target"), r.ctx)
    if not target:
        raise InstructionNotUnderstood(f"cannot tell which provision “{m.group('target')}” is")
    if e.group("ins") is not None:
        new = " ".join(e.group("ins").split())
        return [_op(r.unit, action="insert_words", target=target, new=new, position="end")] if new else None
    words = e.group("w")
    if e.group("new") is None and e.group("mark") is None:
        return [_op(r.unit, action="delete_words", target=target, words=words, position="end")]
    new = " ".join(e.group("new").split()) if e.group("new") is not None else _MARK[e.group("mark").lower()[2:].strip()]
    return [_op(r.unit, action="substitute_words", target=target, words=words, new=new, position="end")]


def _inserted_at_start(r: Reading) -> list[Operation] | None:
    """ "At the beginning of clause 10 insert: (1) In this clause — …": before everything the provision holds."""
    beginning = re.match(r"^At the (?:beginning|start) of (?P<ctx>.+?),?\s+(?:insert|add)\b", r.head, re.I)
    if r.payload is None or beginning is None:
        return None
    target = _resolve_context(beginning.group("ctx"), r.ctx)
    if not target:
        raise InstructionNotUnderstood("cannot tell where the new provisions go")
    return _inserts(r, target, "start", payload_provisions(r.payload, r.notes))


def _provision_inserted(r: Reading) -> list[Operation] | None:
    head, payload, ctx = r.head, r.payload, r.ctx
    if payload is None:
        return None
    lead_anchor = re.search(
        r"^(?:In (?P<ctx>.+?),?\s+)?(?P<pos>after|before) (?P<anchor>.+?),?\s+"
        r"(?:(?:insert|add)\b|the following (?:new )?(?:\w+ )?(?:is|are) inserted$)",  # "… the following Division is inserted —"
        head,
        re.I,
    )
    insert_m = re.search(
        r"(?:inserting|insert|adding|add)(?: a)?(?: new)?(?: \w+)?(?: (?P<pos>after|before) (?P<anchor>.+?))?(?: as below| the following.*)?$",
        head,
        re.I,
    )
    if not (lead_anchor or insert_m):
        return None
    if lead_anchor:
        pos, anchor = lead_anchor.group("pos").lower(), lead_anchor.group("anchor")
        base_ctx = _resolve_context(lead_anchor.group("ctx"), ctx) if lead_anchor.group("ctx") else ctx
    elif insert_m and insert_m.group("pos"):
        pos, anchor = insert_m.group("pos").lower(), insert_m.group("anchor")
        base_ctx = _leading_context(head, ctx)
    else:
        where = re.match(r"^In (?P<ctx>.+?),?\s+(?:insert|add)\b", head, re.I)
        target = _resolve_context(where.group("ctx"), ctx) if where else None
        if where is None and re.fullmatch(r"(?:insert|add)(?: the following)?", head.strip(), re.I):
            target = ctx  # "In clause 2.7(1): … (b) insert— (m) …": at the end of what the lead-in names
        if not target:
            raise InstructionNotUnderstood("cannot tell where the new provisions go")
        return _inserts(r, target, "end", payload_provisions(payload, r.notes))
    anchor = re.sub(r"^the\s+", "", anchor.strip(), flags=re.I)
    targets = resolve_targets(anchor, base_ctx)
    if len(targets) != 1:
        raise InstructionNotUnderstood(f"cannot tell which provision “{anchor}” is")
    if " item " in targets[0] or " row " in targets[0]:
        rows = _rows_payload(payload)
        if rows is None:
            raise InstructionNotUnderstood("the new table rows could not be read as item, clause, description and penalty")
        return [_op(r.unit, action="insert", target=targets[0], position=pos, new=rows)]
    return _inserts(r, targets[0], pos, _headed_clause(payload) or payload_provisions(payload, r.notes))


def _inserts(r: Reading, target: str, pos: str, new: tuple[Provision, ...]) -> list[Operation]:
    """A block of provisions inserted at one place is one insertion (the operation model)."""
    return [_op(r.unit, action="insert", target=target, position=pos, new=render_fragment(new))]


#: The families in order of precedence (docs/amendments.md lists them in this order).
FAMILIES: tuple[Family, ...] = (
    Family(
        "repeal",
        "“The Shire of … Local Law 2019 as published in the Government Gazette on … is repealed.” / “The following local "
        "laws are repealed— (a) … as published … on D; and amended on D2. (b) …”",
        "`repeal` of each law named (its own history kept out of the title)",
        _repeal_law,
        (
            "The Shire of Testville Dogs Local Law 2001 as published in the Government Gazette on 3 May 2001 is repealed.",
            "The following local laws are repealed— (a) Testville Road Board By-laws relating to Wells as published in the "
            "Government Gazette on 3 March 1939; and amended on 12 May 1950. (b) Shire of Testville By-laws relating to "
            "Camping as published in the Government Gazette on 20 November 1970.",
        ),
    ),
    Family(
        "definition deleted or substituted",
        "“delete the definition of “garden refuse”” (and “… and insert— …”)",
        "`delete` (or `substitute`) of `1.4(1) “garden refuse”`",
        _definition_deleted,
        (
            "In clause 1.4(1) delete the definition of “garden refuse”.",
            "In clause 6.1 delete the definition of relevant offence.",
        ),
    ),
    Family(
        "definition inserted",
        "“In clause 1.4(1) insert in alphabetical order— “cat means …”” / “after the definition of “dust” (or: for dust) "
        "insert the following definition— …”",
        "`insert_definition` (alphabetical, or after the definition named)",
        _definition_inserted,
        (
            "In clause 1.4(1) insert in alphabetical order— “cat means an animal of the species Felis catus;”.",
            "In clause 1.5, after the definition for occupier insert the following definition— "
            "off-street area has the meaning given to it in the Code;",
        ),
    ),
    Family(
        "heading substituted",
        "“Delete the heading to Division 6 of Part 4 and insert— …”",
        "`substitute_heading`",
        _heading,
        ("Delete the heading to Division 6 of Part 4 and insert— Amusement activities",),
    ),
    Family(
        "heading note",
        "“Note: The heading to amended clause 20A is to read: Bond amounts (cl. 14E(3A), 14F(1A) and 14G(2))”",
        "`substitute_heading`",
        _heading_note,
        ("Note: The heading to amended clause 20A is to read: Bond amounts (cl. 14E(3A) and 14G(2))",),
    ),
    Family(
        "reference note replaced or deleted",
        "“Delete the reference before the heading to Schedule 1 Form 1 and insert: [cl. 5.1 and 6.2]” (real example: "
        "tests/fixtures/real/instruments/64-victoria-park-property-passage-in-form)",
        "`substitute_text` (or `delete`) of the bracketed line just before the form's heading (just after the schedule's), "
        "found when the law is known (refused unless there is exactly one such line)",
        _reference_note,
        ("Delete the reference before the heading to Schedule 1 Form 1 and insert: [cl. 5.1 and 6.2]",),
    ),
    Family(
        "table row found by its words deleted",
        "“(in the Table opposite that text,) by deleting the row containing “(a) Lawn grave fee” and “$”” (real example: "
        "tests/fixtures/real/instruments/19-katanning-cemeteries-formula-second-place)",
        "`delete` of the one row holding every quoted string (among the rows just after the words the instruction before "
        "named, when it says “opposite that text”), found when the law is known (refused unless exactly one row holds them)",
        _row_containing,
        ("in the Table opposite that text, by deleting the row containing “(a) Lawn grave fee” and “$”.",),
    ),
    Family(
        "words between two others, a provision restated",
        "“By-law 13 is amended by deleting the words “X” between “A” and “B” and inserting in lieu thereof the words “Y”, "
        "by-law 13 now to read:— 13. …” / “By-law 18, subclause (1), paragraph (g), is amended by adding the words “Y” "
        "between “A” and “B”.” (real example: tests/fixtures/real/instruments/78-nungarin-halls-words-between-now-to-read-1963)",
        "`substitute_text` of the provision with the words changed between the two others, found when the law is known "
        "(refused unless the two occur once, with the deleted words — or nothing — between them); with “now to read”, a "
        "second `substitute_text` with the provision as restated, only when its words are those the change makes",
        _between,
        (
            "By-law 18, subclause (1), paragraph (g), is amended by adding the words “, the Secretary of the Tennis Club” "
            "between “Sports Club” and “and the Secretary”.",
        ),
    ),
    Family(
        "word and provision inserted after",
        "“After paragraph (b), insert the following word and paragraph: “and (c) …;”.” (real example: tests/fixtures/real/"
        "instruments/79-westonia-two-laws-as-set-out-in-part-omit-substitute)",
        "`insert_words` of the connector at the end of (b) and `insert` of (c) after it; read so only when the new text "
        "is a connector and then the label that comes next",
        _word_and_provision,
        ("After paragraph (b), insert the following word and paragraph: “and (c) an election to fill a vacancy;”.",),
    ),
    Family(
        "all the words after others replaced",
        "“Subclause 36 (1): Omit all the words after “A”, substitute “B”.” (real example: tests/fixtures/real/instruments/"
        "79-westonia-two-laws-as-set-out-in-part-omit-substitute)",
        "`substitute_text` of the provision: its words up to and with “A”, then “B” (found when the law is known; refused "
        "unless “A” occurs once in a provision that holds no provisions of its own)",
        _words_after,
        ("Subclause 36 (1): Omit all the words after “if the person”, substitute “is enrolled.”.",),
    ),
    Family(
        "words that end a provision",
        "“after paragraph (ea) by deleting “or”” / “after paragraph (b) by inserting — “ and ”” / “after paragraph (c) "
        "by deleting “; and” and inserting a full stop instead” (real example: tests/fixtures/real/instruments/"
        "53-morawa-thoroughfares-inserting-instead)",
        "`delete_words`, `insert_words` or `substitute_words` with `position: end`: applied only to the words that end "
        "the provision's last line of text (its connector or closing mark)",
        _edit_at_end,
        (
            "after paragraph (ea) by deleting “or”;",
            "after paragraph (b) by inserting — “ and ”;",
            "after paragraph (c) by deleting “; and” and inserting a full stop instead;",
        ),
    ),
    Family(
        "words edited and provisions inserted after",
        "“after paragraph (f) by deleting the full stop and inserting instead — “ ; or (g) the goods sold are — (i) …””"
        " (real example: tests/fixtures/real/instruments/53-morawa-thoroughfares-inserting-instead)",
        "`substitute_words` at the end of (f) ('.' → '; or') and `insert` of (g) after it; claimed only when the new "
        "words hold the label that comes next after (f), with nothing but punctuation and a connector before it",
        _edit_then_provisions,
        ("after paragraph (f) by deleting the full stop and inserting instead — “ ; or (g) the goods are newspapers. ”",),
    ),
    Family(
        "provision and passage deleted",
        "“Delete clause 16(a)(ii) and the passage that begins with “unless” and continues until the end of paragraph (a) "
        "and insert: (ii) …” (real example: tests/fixtures/real/instruments/32-jerramungup-property-words-become-paragraphs)",
        "`substitute` (or `delete`) of the provision, when the law is known: only when it is the last of the provision the "
        "passage ends with and the words that begin the passage are in it and nowhere else there (refused otherwise)",
        _provision_and_passage,
        (
            "Delete clause 16(a)(ii) and the passage that begins with “unless” and continues until the end of paragraph "
            "(a) and insert: (ii) land under the care of the local government; and",
        ),
    ),
    Family(
        "table cell edited",
        "“In Schedule 2 in the Table: (a) in the items for clauses 6.2(1), (4) and (5) and 6.3(1) in the 3rd column "
        "delete “6” and insert: 15” (real example: tests/fixtures/real/instruments/14-bayswater-permits-table-column-edits)",
        "one `substitute` per row: the row whose first column cites the clause, with the words changed in that column "
        "only (found when the law is known; refused unless the words occur once in that cell)",
        _cell_edited,
        ("In Schedule 2 in the Table in the item for clause 6.5 in the 3rd column delete “8” and insert: 20",),
    ),
    Family(
        "words",
        "quoted words: “delete “9 metres” and insert “12 metres””, “after “dwelling” insert “house””, “delete “shall””, "
        "“delete the word “voucher” and insert in its place “permit””, “after ‘;’ remove ‘or’”, “delete ‘.’ and insert ‘; or’”, "
        "“after the word “purpose” insert a full stop and delete the semi colon and the word “and””, qualified by "
        "“wherever occurring” / “(first occurring)”",
        "`substitute_words`, `insert_words`, `delete_words` (once, first, last or all)",
        _words,
        (
            "In clause 6.4(3) delete “$5,000” and insert “$10,000”.",
            "In clause 4.2(3) delete the word “voucher” and insert in its place “permit”.",
            "in subclause (1)(c) after ‘;’ remove ‘or’;",
            "in subclause (1)(d) delete ‘.’ and insert ‘; or’;",
        ),
    ),
    Family(
        "reference replaced",
        "“In clause 5.12(2)(d) delete the reference to 11.37 and replace it with 11.4.” (unquoted)",
        "`substitute_words` (once)",
        _reference,
        ("In clause 5.12(2)(d) delete the reference to 11.37 and replace it with 11.4.",),
    ),
    Family(
        "schedule row replaced by reference",
        "“In Schedule 2: (a) delete the row relating to clause 6.3 and insert: | Clause 6.3 | … |”",
        "`substitute` (or `delete`) of the row whose first column names it (found when the law is known)",
        _row_replaced,
        ("In Schedule 2 delete the row relating to clause 6.3 and insert: | Clause 6.3 | Inspect vehicles |",),
    ),
    Family(
        "schedule replaced or deleted",
        "“Schedule 1 is deleted and replaced with the following— …” / “Delete Schedule 2 from the local law.”",
        "`substitute` of the schedule (its table read into rows) / `delete`",
        _schedule,
        ("Delete Schedule 2 from the local law.",),
    ),
    Family(
        "note deleted",
        "“In clause 20(1) delete the note.”",
        "`delete` of the note's line (found in the law: the one line under the provision that begins “Note”)",
        _note_deleted,
        ("In clause 20(1) delete the note.",),
    ),
    Family(
        "table row replaced by a row with lettered parts",
        "“In Schedule 2 in the Table delete item 11 and insert: 11. a parking station … — (a) for each motor cycle bay; "
        "nil (b) for each other bay 1.80 per hour” (real example: tests/fixtures/real/instruments/"
        "66-subiaco-parking-table-item-sub-rows)",
        "`substitute` of the row (its description ending in the dash, no value) and `insert` after it of a row per "
        "lettered part (description, value); read so only when every part is lettered in order and ends in a value, and "
        "refused when applied to a table without exactly three columns",
        _row_with_parts_replaced,
        (
            "In Schedule 2 delete item 11 and insert: 11. a parking station — (a) for each motor cycle bay; nil (b) for "
            "each other bay 1.80 per hour",
        ),
    ),
    Family(
        "provision deleted or substituted",
        "“Delete all of clause 3.14.” / “Clause 4.5 is deleted.” / “In clause 2.7(1) delete paragraphs (c), (e) and (j).” / "
        "“Delete clause 2.1(1) and replace with— (1) …” / “Delete the text of subclause (1) paragraph (b) and replace it "
        "with “…””",
        "`delete` (one per target), `substitute`, `substitute_text`",
        _provision_deleted,
        (
            "Delete all of clause 3.14.",
            "In clause 2.7(1) delete paragraphs (c), (e) and (j).",
            "Delete clause 4.6 (2)(h) and replace with— (h) within 6 metres of a fire hydrant; or",
        ),
    ),
    Family(
        "Part or Division inserted",
        "“After clause 18 insert: Part 3A — Annual return 18A. Terms used …” / “After clause 27 the following Division "
        "is inserted — “Division 3 — Exemptions … 27A. …”” (real example: tests/fixtures/real/instruments/"
        "18-kwinana-waste-part-inserted-running-heads, 59-ravensthorpe-camping-division-inserted)",
        "`insert` of the Part (Division) with its clauses after the Part (Division) whose last clause is named "
        "(refused when that clause is not the last of one)",
        _container_inserted,
        (
            "After clause 18 insert: Part 3A — Annual return 18A. Annual return to be lodged (1) A liable person must lodge "
            "an annual return.",
            "After clause 27 the following Division is inserted — “Division 3 — Exemptions 27A. Exemptions Clause 16 "
            "does not apply.”",
        ),
    ),
    Family(
        "provision inserted at the beginning",
        "“At the beginning of clause 10 insert: (1) In this clause — …” (its own words follow as a line, which "
        "“In clause 10 delete “The owner” and insert: (2) The owner” then labels subclause (2); real example: "
        "tests/fixtures/real/instruments/58-rockingham-cats-text-becomes-subclause)",
        "`insert` at the `start` of the target (refused unless the new provisions begin a list it does not have yet)",
        _inserted_at_start,
        ("At the beginning of clause 10 insert: (1) In this clause a show is a cat show.",),
    ),
    Family(
        "provision inserted",
        "“After clause 2.12 insert— 2.12A …” / “Insert a new clause after Clause 2.8 as below “2.8A …”” / "
        "“In clause 4.7 (3), insert— (l) …” (at the end of that provision)",
        "`insert` after, before or at the end of the target",
        _provision_inserted,
        (
            "After clause 2.12 insert— 2.12A Noisy birds An owner shall not keep a noisy bird.",
            "In clause 4.6 (2), insert— (i) on a carriageway within 10 metres of a pedestrian crossing.",
        ),
    ),
)


def reading(unit: Unit, notes: list[str]) -> Reading:
    """``unit`` split into head and payload, its quotation marks read into one form (UnbalancedQuote refused)."""
    original = unit.text.strip()
    try:
        text = normalise_quotes(original)
    except UnbalancedQuote as e:
        # new text printed as a block whose opening mark is lost ("insert — (da) …; / ”."): read up to its closing one
        block = unopened_payload(unit, original, notes)
        if block is None:
            raise InstructionNotUnderstood(f"{e}; check the gazette and correct the instrument's text") from None
        return block
    if _repealed_laws(text):
        # a repeal of whole laws is framed apart: "The following local laws are repealed" and its items (the grammar's
        # laws_repealed / law_repealed)
        return Reading(unit, text, *repeal_frame(text), notes)
    head, payload = _split_payload(text, original)
    return Reading(unit, text, head, payload, notes)


def unopened_payload(unit: Unit, original: str, notes: list[str]) -> Reading | None:
    """The reading of an instruction whose new text, printed after a dash or colon without its opening quotation mark,
    ends with its closing one (``quotes.unopened_close``); None when it is not so (the marks are then refused)."""
    cut = unopened_close(original)
    if cut is None:
        return None
    kept = original[:cut].rstrip()
    text = normalise_quotes(kept)
    split = unopened_split(text, kept)
    if split is None:
        return None
    return Reading(unit, text, split[0], split[1], notes)


def _unread_instruction(r: Reading) -> str | None:
    """Words of the instruction's frame that begin another instruction (outside quotation marks), if any."""
    frame = QUOTED.sub(lambda m: " " * len(m.group(0)), r.head)
    labelled = labelled_starts(frame)
    if labelled:
        return r.head[labelled[0] :]
    starts = [s for s in INSTRUCTION_START.finditer(frame) if s.start() > 0 and frame[s.start() - 1].isspace()]
    return r.head[starts[0].start() :] if starts else None


def claiming_family(
    unit: Unit, notes: list[str] | None = None, skip: frozenset[str] = frozenset()
) -> tuple[Family, list[Operation]] | None:
    """The first family (in precedence order, none named in ``skip``) that reads ``unit``, with its operations; None
    when none does.

    Word accounting: an instruction whose frame holds the start of another instruction is refused, quoting it —
    whatever family would read the first, the second's words would be left unread.
    """
    r = reading(unit, notes if notes is not None else [])
    other = _unread_instruction(r) if not _repealed_laws(r.text) else None
    if other:
        raise InstructionNotUnderstood(f"it holds another instruction that would be left unread (“{other[:80]}”)")
    for family in FAMILIES:
        if family.name in skip:
            continue
        ops = family.read(r)
        if ops == []:
            raise InstructionNotUnderstood(f"it reads as {family.name}, but no operation could be made of it")
        if ops is not None:
            _check_qualifiers(r, family, ops)
            return family, ops
    return None


_WORD_ACTIONS = ("delete_words", "insert_words", "substitute_words")
_COLUMN = re.compile(r"\b(?:in|under) the (?:column|[\w-]+ column)\b|\bcolumn (?:headed|\d)", re.I)
_NTH = re.compile(
    r"\b(?:(?:third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th)) (?:time|occasion|place|occurrence)|"
    r"(?:for|on) the (?:\w+ )?(?:time|occasion)|(?:third|fourth|fifth)(?:ly| occurring| appearing))\b",
    re.I,
)


def _check_qualifiers(r: Reading, family: Family, ops: list[Operation]) -> None:
    """Word accounting for qualifiers a word edit's reading does not carry: a column ('in the column headed “Clause”',
    'in the fourth column') or an occurrence other than those read (first, second, last, all) — without them the words
    would be changed in another column or at another place, so the instruction is refused, quoting them."""
    if not any(op.action in _WORD_ACTIONS for op in ops) or family.name == "table cell edited":
        return
    # the instruction's frame: quoted words and the new text after "insert:" are not qualifiers
    frame = QUOTED.sub(lambda m: " " * len(m.group(0)), r.head if r.payload is not None else r.text)
    column = _COLUMN.search(frame)
    nth = _NTH.search(frame)
    second = re.search(r"\b(?:second|secondly)\b", frame, re.I)
    odd = column or nth or (second if not any(op.occurrence == "second" for op in ops) else None)
    if odd is not None:
        raise InstructionNotUnderstood(
            f"its words “{odd.group(0)}” qualify where the change is made in a way "
            "that is not read, so it cannot be applied as written; amend the instrument file's operations by hand"
        )


def read_instruction(unit: Unit, notes: list[str]) -> list[Operation] | None:
    """The operations of one instruction, or None when no family reads it."""
    claimed = claiming_family(unit, notes)
    return claimed[1] if claimed else None


def first_claim(unit: Unit, notes: list[str]) -> tuple[Family, list[Operation] | InstructionNotUnderstood] | None:
    """The first family (in precedence order) whose wording ``unit`` is, with its operations or its refusal."""
    r = reading(unit, notes)
    for family in FAMILIES:
        try:
            ops = family.read(r)
        except InstructionNotUnderstood as e:
            return family, e
        if ops == []:
            return family, InstructionNotUnderstood(f"it reads as {family.name}, but no operation could be made of it")
        if ops is not None:
            return family, ops
    return None
