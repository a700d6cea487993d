"""The parts every reading of an amending instruction shares: units, targets and payloads.

Each amending clause (or lettered/numbered part of one) is an instruction such as
"In clause 2.7(1) delete paragraphs (c), (e) and (j)." It is split into a *head* (what to do to
what) and a *payload* (the words or provisions inserted), the head is matched against the
families of WA amending wording (see docs/amendments.md), and lists of targets expand to one
operation each. Text that reads like an instruction but fits no family raises
``InstructionNotUnderstood`` naming it — nothing is skipped silently.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Literal

from ..core.dates import printed_date, spelled_number
from ..core.errors import LawHistoryError
from ..core.ids import ORDINALS, normalise_citation
from ..core.labels import row_num
from ..core.model import Law, Provision, normal_title
from ..core.operations import WHOLE_LAW, Operation
from ..core.quotes import UnbalancedQuote, normalise_quotes, outside_quotes
from ..core.terms import DEF_START, as_printed, def_term_ok
from ..files.textformat import render_fragment
from ..reading.gazette import is_enacting
from ..reading.headings import _SENTENCE_OPENERS, HEADING_NEVER_ENDS
from ..reading.instrument_meta import clauses_law, footnoted_repeal
from ..reading.line_lists import ITEM, MARKED_LIST_AT_END, line_start_keys, spaced, unmarked
from ..reading.structure import StructureParser
from .accounting import ITEM_START, LABELLED_START, split_instructions
from .frame import frame_kind
from .grammar.parse import (
    after_connector,
    amended_as_follows,
    another_clause,
    barred_repeal,
    cited_labels_inside,
    cites_by_abbreviation,
    clause_first,
    container_opening,
    dash_definitions,
    definition_note,
    divided,
    division_heads,
    ends_repeal,
    following_dash,
    following_dashes,
    gazette_item,
    headed_clause,
    heading_above_next,
    heading_above_number,
    heading_context,
    heading_first,
    heading_holds_clause,
    heading_only,
    heading_runs_on,
    label_after_heading,
    labelled_after,
    labels_inside,
    lead_in,
    list_run_together,
    marked_terms,
    names_amendment,
    names_law_title,
    names_that_law,
    names_whole_law,
    narrowed_terms,
    opens_instruction,
    payload_dash,
    penalty_line,
    penalty_payload,
    preliminary_heading,
    preliminary_words,
    provision_of,
    quoted_after,
    quoted_definitions,
    quoted_term,
    quoted_terms,
    repeal_item,
    repeal_lead,
    repeal_table,
    repealed_one,
    restated_dash,
    rows_after_delete,
    run_in_citation,
    run_on_definition,
    schedule_heading,
    second_terms,
    single_quoted_term,
    subdivisions,
    substitutes_for,
    titled_repeal,
    unmarked_definitions,
    verb_lead,
    verbs_outside_quotes,
)

PUNCTUATION_WORDS = {
    "a full stop": ".",
    "a full-stop": ".",
    "a comma": ",",
    "a semi colon": ";",
    "a semicolon": ";",
    "a semi-colon": ";",
    "a colon": ":",
}
LEVEL = {"clause": 0, "subclause": 1, "paragraph": 2, "subparagraph": 3}


class InstructionNotUnderstood(LawHistoryError):
    """An amending instruction the grammar cannot read (or reads two ways)."""


#: What a refusal says where an instruction names a law by its title and the one law the instrument amends is not told:
#: a person who knows it can tell it (``amend --law``; amend.py's ``_told``).
HOW_TO_TELL = "if you know which law the instrument amends, link it with 'lawhistory amend FILE --law ID', or "


@dataclass(frozen=True, slots=True)
class Unit:
    """One instruction: its amending-clause label, its words, and the provision it speaks of by default."""

    clause: str
    text: str
    context: str | None
    required: bool = False  # a lettered part of "is amended as follows—": it must be an instruction
    #: the kind of provision a lead-in named without its label ("In clause— (a) 5.2(1), delete …"): the items give it
    lead: str | None = None
    #: the words of the instruction before it under the same lead-in (what "that subclause" may speak of)
    previous: str | None = None
    #: (r2scope) its lead-in names the whole law ("In the principal local law— (a) delete …"): a word edit with no
    #: place of its own is made throughout the law; ``context`` is then None (no provision is the place)
    whole_law: bool = False
    #: (issue 20) its clause's heading says the whole law ("Local law amended throughout", "Various provisions
    #: amended"): a word edit "wherever occurring" that names no place is made throughout the law
    everywhere: bool = False
    #: (wrongref) the title of the one law the instrument amends (None: several, or none told): a sentence naming a law
    #: by its title ("The Shire of X Fencing Local Law 2018 is amended by …") is read only when it names this one
    law: str | None = None

    def __post_init__(self) -> None:
        if self.context == WHOLE_LAW:
            object.__setattr__(self, "context", None)
            object.__setattr__(self, "whole_law", True)


# --- walking the instrument -----------------------------------------------------------------------


def _flatten(p: Provision) -> str:
    parts = []
    if p.kind == "item":
        parts.append(" ".join(p.cells))
    else:
        if p.kind in ("subclause", "paragraph", "subparagraph") and p.num:
            parts.append(p.num)
        if p.text:
            parts.append(p.text)
    for c in p.children:
        parts.append(_flatten(c))
    return " ".join(parts)


class _AmendedAsFollows:
    """Words that make a provision's lettered parts instructions ("Clause 2.8 is amended as follows—", "In clause 5—"),
    read by the grammar (opening.lark's ``amended_as_follows``); ``match`` gives what they speak of by name (``target``
    or ``target2``), or None."""

    def match(self, text: str) -> _Lead | None:
        found = amended_as_follows(text)
        return _Lead(text, {found[0]: found[1]}) if found is not None else None


AMENDED_AS_FOLLOWS = _AmendedAsFollows()


class _Lead:
    """A lead-in read by the grammar (opening.lark's ``lead_in_alone``): the words of what it names, by name — ``t``
    (the place after "In"), ``t2`` (the provision amended), ``t3`` (the place "in" it)."""

    def __init__(self, text: str, spans: dict[str, tuple[int, int]]) -> None:
        self.named = {k: text[a:b] for k, (a, b) in spans.items()}

    def group(self, name: str) -> str | None:
        return self.named.get(name)


def _lead_in(text: str) -> _Lead | None:
    """A lead-in that only names what the following instructions speak of (it changes nothing itself: it holds no
    verb), as the grammar reads it."""
    spans = lead_in(text)
    return _Lead(text, spans) if spans is not None else None


def _lead_context(lead: _Lead, ctx: str | None) -> str | None:
    """What a lead-in ("In Schedule 3:", "Clause 5 of the principal local law is amended in subclause (1)-") speaks of."""
    if t := lead.group("t"):
        return _narrowed(t, ctx)
    base = _narrowed((lead.group("t2") or "").replace("By-law", "clause").replace("by-law", "clause"), ctx)
    return (_resolve_context(t3, base) or base) if (t3 := lead.group("t3")) else base


def _narrowed(named: str, ctx: str | None) -> str | None:
    """The place a lead-in's words give the items under it: ``WHOLE_LAW`` when they name the law itself ("In the
    principal local law—"); else the provision they name in ``ctx``, or ``ctx`` when they name none — but never the
    whole law by default: under it, words that name no provision leave no place (so the items are refused, not made
    throughout the law)."""
    if names_whole_law(named):
        return WHOLE_LAW
    if ctx == WHOLE_LAW:
        return _resolve_context(named, None)
    return _resolve_context(named, ctx) or ctx


#: A lead-in that names a kind of provision and no label: each item names the rest ("In clause— (a) 5.2(1), …").
_BARE_KIND = re.compile(r"(?:the )?(?:sub-?)?(?:clause|paragraph|regulation|section)s?|schedule|by-?laws?|items?", re.I)


def _lead_kind(target: str | None) -> str | None:
    return target.strip() if target and _BARE_KIND.fullmatch(target.strip()) else None


def _marginal_notes_moved(clauses: list[Provision]) -> list[Provision]:
    """(known2, case 162) Clauses with the marginal note printed before each clause's number, a full stop after it, read
    at the end of the clause before ("3. In this local law … the principal local law. Clause 1.3 amended. / 4. Clause
    1.3 of …", or at the end of its last item): the note (an amending heading, heading_first.lark, after the end of a
    sentence) is the heading of the next clause where that clause has none; the words before it are unchanged."""
    if not any(not b.heading and _note_at_end(a, True) for a, b in pairwise(clauses)):
        return clauses  # no note naming a provision it amends: the instrument does not print its notes so
    out = list(clauses)
    for i in range(len(out) - 1):
        if out[i + 1].heading:
            continue
        # once one such note is seen, any heading after a sentence's end ("… officer". General amendment.")
        found = _note_at_end(out[i], False)
        if found is not None:
            out[i], note = found
            out[i + 1] = replace(out[i + 1], heading=note)
    return out


def _note_at_end(p: Provision, amending: bool) -> tuple[Provision, str] | None:
    """``p`` without the heading its last words end with (after the end of a sentence, heading_first.lark's; ``amending``:
    one naming the provision it amends, opening.lark's ``amending_heading``), and that heading without its full stop;
    None when its last words end with none."""
    if p.children:
        last = _note_at_end(p.children[-1], amending)
        return None if last is None else (replace(p, children=(*p.children[:-1], last[0])), last[1])
    text = p.text or ""
    if not text.endswith("."):
        return None
    for at in range(len(text) - 2, 0, -1):
        if text[at] == " " and text[at - 1] in _SENTENCE_END and text[at + 1 : at + 2].isupper():
            words = text[at + 1 :]
            note = words.rstrip(".").rstrip()
            if words.count(" ") > _AMENDING_HEADING_SPACES or not (
                names_amendment(note) if amending else heading_first(words, False)
            ):
                return None
            return replace(p, text=text[:at].rstrip()), note
    return None


def units(law: Law) -> list[Unit]:
    """The instructions of an instrument, in order, with preliminary clauses left out."""
    out: list[Unit] = []
    clauses = _marginal_notes_moved(_clauses(law.body))
    older = _old_style_clauses(law.body)
    if len(older) <= len(clauses):
        _no_words_outside_clauses(law.body)
    for p in older if len(older) > len(clauses) else clauses:
        if p.heading and not p.text and re.search(r"[—:]$", p.heading) and _lead_in(_numbered_in_words(p.heading)):
            # "2. By-law four of the principal by-laws is amended— (a) …" (an older amending by-law, its items under a
            # lead-in, no heading): the words read as its heading are its lead-in
            p = replace(p, heading=None, text=p.heading)
        elif (
            p.heading
            and re.search(r"[—:]\s*(?:\d+[A-Z]{0,2}\.)?$", p.heading)
            and opens_instruction(_numbered_in_words(p.heading), "sentence_ahead")
        ):
            # "2. By-law three of the principal by-laws is repealed and re-enacted … as follows:— 3. These by-laws …": an
            # instruction read as the clause's heading (its new text read as the clause's words) is the clause's words
            p = replace(p, heading=None, text=" ".join(x for x in (p.heading, p.text) if x))
        if p.children and (named := clauses_law(p.children[0])) is not None:
            # (r11) "(1) The amendments in this clause are to the X …": the law its other subclauses amend
            # (instrument_meta.amended_by_part), no change of its own; words run on after it are subclause (2)'s
            said, num = normal_title(named[0].title), (p.num or "").rstrip(".")
            refs = [r for r in (law.meta.amends, *law.meta.also_amends) if r is not None]
            owner = next((r for r in refs if num in r.clauses), None) if law.meta.also_amends else law.meta.amends
            if owner is None or said != normal_title(owner.title):
                # (review) a clause naming a law other than the one the instrument gives its instructions to (one clause
                # naming a law, the rest of the instrument another, is not told apart: applied to the instrument's own
                # law, its instructions would change the wrong law)
                raise InstructionNotUnderstood(
                    f"cl. {p.num}: its subclause (1) says its amendments are to the {named[0].title}, but "
                    + (f"its instructions would be applied to the {owner.title}" if owner else "no law it amends is read for it")
                    + ", so which law they change is uncertain and nothing was applied; check the gazette"
                )
            first, rest = p.children[0], named[1]
            ran_on = (Provision(kind="subclause", num="(2)", text=rest[4:], children=first.children),) if rest else ()
            if ran_on and any(c.num == "(2)" for c in p.children[1:]):
                raise InstructionNotUnderstood(f"cl. {p.num}: its subclause (2) is printed twice, so nothing was applied")
            p = replace(p, children=ran_on + p.children[1:])
        if p.text and names_amendment(p.heading or "") and (after := _unit_law_said(p.text)) is not None:
            # (wr12, review 13's h04) "5. Clause 3.3 amended / This Part amends the X. / In clause 3.3 delete …": the
            # sentence naming the law its Part amends (read with the Part: instrument_meta.amended_by_part) changes no
            # words; the instructions after it are the clause's
            p = replace(p, text=p.text[after:])
        heading = p.heading or ""
        own = p.text or ""
        # its citation, commencement …: by its heading (grammar/heading.lark), or by the words outside quotation marks
        # (grammar/sentence.lark's ``preliminary``)
        preliminary = preliminary_heading(heading.strip())
        if preliminary and own and not p.children and not preliminary_words(own) and verbs_outside_quotes(own):
            # (issue 20) "4. Local law amended  In the local law delete “x” …": an instruction under a heading a
            # preliminary clause may have ("3. Local law amended  This local law amends …") is read, never dropped
            preliminary = False
        amending = names_amendment(heading) and not preliminary
        if preliminary or (not p.children and not amending and preliminary_words(own)):
            _no_instruction_inside(p)
            continue
        if not amending and frame_kind(p.heading, _flatten(p)) is not None:
            _no_instruction_inside(p)
            continue  # its citation, commencement, purpose … (read by their meaning: amending.frame)
        clause_ctx = _heading_context(heading)
        from_unit = len(out)
        _heading_law_checked(p, heading, law)
        _lead_in_law_checked(p, law)
        _collect(_footnote_dropped(p), p.num or "?", clause_ctx, out)
        if _WHOLE_LAW_HEADING.fullmatch(" ".join(heading.split())):
            out[from_unit:] = [replace(u, everywhere=True) for u in out[from_unit:]]
    # A special gazette's running head ("City of X … Amendment Local Law 2009 cl. 4") is page furniture left in the words.
    # Only with its "cl. N": the title alone may be words of the law (“… the day on which the Shire of X Amendment
    # Local Law 2020 clause 4 comes into operation”), which must never be dropped.
    head = re.compile(re.escape(law.meta.title) + r"\s+cl\.\s*\d+[A-Z]?\s*")
    return [replace(u, text=" ".join(head.sub(" ", u.text).split())) if law.meta.title in u.text else u for u in out]


def _scheduled_lead(own: str) -> _Lead | None:
    """(wr10) The lead-in that opens ``own`` when it names a schedule of a law by the law's title ("The Second Schedule
    to the Shire of X By-laws 1980* is amended —"; opening.lark's ``li_title``), else None."""
    first = split_instructions(own) if own else []
    lead = _lead_in(first[0]) if first else None
    return lead if lead is not None and lead.group("law") else None


#: (wr10) The footnote a title marked "*" points to, printed after a clause's last item ("[* Published in Gazette 12
#: September 1980, pp. 3101-12. …]"), as wa.lark's GAZETTE_FOOTNOTE reads it
_GAZETTE_FOOTNOTE_END = re.compile(r"\s*\[\s*\*\s*Published in (?:the )?(?:Government )?Gazette\b[^\]]*\]\.?\s*$", re.I)


def _footnote_dropped(p: Provision) -> Provision:
    """(wr10, case 229) A clause whose lead-in names the law by its title marked for a footnote ("… By-laws 1980* is
    amended — (a) … (d) … “16.00”. [* Published in Gazette …]"): the footnote after its last item is the title's, no
    words of that item (its new words end before it); the clause as it is otherwise."""
    own = p.text or ""
    lead = _scheduled_lead(_numbered_in_words(own.strip()))
    if not re.search(r"\*\s+(?:is|are)\b", own):
        return p
    if lead is None and not re.search(r"\*\s+(?:is|are)\s+(?:further\s+)?amended\b", own):
        # (wr11) one sentence naming the law by its title, the mark after it ("The Second Schedule to the Shire of X
        # By-laws 1980* is amended by deleting …. [* Published …]"): the footnote after its words (or its new text) is
        # the title's, the instrument's note — no words of the law
        return p

    def dropped(q: Provision) -> Provision:
        if q.children:
            return replace(q, children=(*q.children[:-1], dropped(q.children[-1])))
        text = q.text or ""
        cut = _GAZETTE_FOOTNOTE_END.search(text)
        return replace(q, text=text[: cut.start()]) if cut else q

    return dropped(p)


def _lead_in_law_checked(p: Provision, law: Law) -> None:
    """(issue 20, wr5a) A lead-in that names a law by its title ("The Shire of X Local Law 2015 is amended— (a) in clause
    2.5(f) …", "… is amended in clause 2.5—") gives its items no place of their own, so they would be applied to the
    instrument's law whatever the title: refused unless the title is the one law the instrument amends (as
    grammar/read.py's _law_named_read refuses a sentence naming another law), naming the words."""
    own = _numbered_in_words((p.text or "").strip())
    amended = AMENDED_AS_FOLLOWS.match(own) if own and p.children else None
    named = (amended.group("target") or amended.group("target2") or "") if amended else ""
    title = re.split(r"\s+(?:is|are)\s+(?:further\s+)?amended\b", named, maxsplit=1, flags=re.I)[0].strip(" ,")
    if title and names_that_law(title) and (law.meta.amends is None or law.meta.also_amends):
        # (wr9, review9 f9) "That local law is amended— (a) …": the law the instrument's "Local law amended" clause
        # names; where it names none, or several, which law that is cannot be told
        said = "names several laws it amends" if law.meta.also_amends else "names no law it amends that can be told"
        raise InstructionNotUnderstood(
            f"cl. {p.num}: its lead-in “{own[:120]}” speaks of “{title}”, and the instrument {said}, so which law its "
            f"items change is not certain; {HOW_TO_TELL if not law.meta.also_amends else ''}amend the instrument file's "
            "operations by hand"
        )
    if (lead := _scheduled_lead(own)) is not None:
        # (wr10) "The Second Schedule to the Shire of X By-laws 1980* is amended — (a) …": the law its schedule is of
        title = lead.group("law") or ""
    if title and (lead is not None or names_law_title(title)):
        amends = law.meta.amends.title if law.meta.amends is not None and not law.meta.also_amends else None
        if amends is None or normal_title(re.sub(r"^the\s+", "", title, flags=re.I)) != normal_title(amends):
            said = f"the law it amends is {amends}" if amends else "the one law it amends is not told"
            raise InstructionNotUnderstood(
                f"cl. {p.num}: its lead-in “{own[:120]}” names a law by its title, and {said}, so which law its items "
                f"change is not certain; {HOW_TO_TELL if amends is None else ''}amend the instrument file's operations "
                "by hand"
            )
    for c in p.children:
        if c.kind in ("subclause", "paragraph", "subparagraph"):
            _lead_in_law_checked(c, law)


#: (fix9) Where a law's title may begin in a clause's heading: at its start, or after "of", "to" or "in"
#: ("Clause 2.2 of the Shire of X Parking Local Law 2010 amended", "Amendment of clause 2.2 of the …", "Amendments to …")
_HEADING_TITLE_AT = re.compile(r"^|(?<=\s)(?=(?:of|to|in)\s)", re.I)
#: (fix9) The words that end a heading after the law it names ("… Local Law 2010 amended", "… 2010 is amended.")
_HEADING_TITLE_END = re.compile(r"(?:\s*,?\s+(?:is\s+|are\s+)?(?:further\s+)?amended)?[\s.:;—–-]*$", re.I)


def _heading_law_checked(p: Provision, heading: str, law: Law) -> None:
    """(fix9, issue 20, review9 f11/f11b) A clause heading that names a law by its title ("4. Clause 2.2 of the Shire
    of X Parking Local Law 2010 amended", "4. Amendment of clause 2.2 of the Shire of X … 2010"): its instructions
    speak of that law's provisions, so applied to the instrument's own law they would change the wrong law. Refused
    unless the title is the law the instrument gives this clause's instructions to (as _lead_in_law_checked and
    grammar/read.py's _law_named_read refuse in the words), naming the heading's words."""
    words = " ".join(heading.split())
    if not re.search(r"local\s+laws?|by-?\s?laws?", words, re.I):
        return
    named = next(
        (
            t
            for at in _HEADING_TITLE_AT.finditer(words)
            if (t := _law_named_in(_HEADING_TITLE_END.sub("", re.sub(r"^(?:of|to|in)\s+", "", words[at.start() :], flags=re.I))))
        ),
        None,
    )
    if named is None:
        return
    refs = [r for r in (law.meta.amends, *law.meta.also_amends) if r is not None]
    num = (p.num or "").rstrip(".")
    owner = next((r for r in refs if num in r.clauses), None) if law.meta.also_amends else law.meta.amends
    if owner is None:
        return  # no law its instructions go to is told: the instrument waits to be linked (``amend --law``), then asked
    said, own = normal_title(named), normal_title(owner.title)
    if not re.search(r"\d{4}$", said):
        own = re.sub(r"\s+\d{4}$", "", own)  # "Clause 4 of the Dogs Local Law amended": its year not printed
    if own == said or own.endswith(f" {said}"):
        # (real 192, Halls Creek 2004) "3. Local Government Property Local Law 2001 amended"; (review35 u1) "4. Trading
        # Local Law 2012 amended" for the "… Public Places and Trading Local Law 2012": the law's title shortened from
        # its start (the local government's name, the first words) is the same law
        return
    raise InstructionNotUnderstood(
        f"cl. {p.num}: its heading “{words[:160]}” names a law by its title (“{named}”), and its instructions would be "
        f"applied to the {owner.title}, so which law they change is not certain and nothing was applied; check the "
        "gazette, or amend the instrument file's operations by hand"
    )


#: (fix9) Words that begin no law's title in a heading: a provision ("Clause 2.2 of …"), the heading's own word for an
#: amendment ("Amendment of …"), the principal law or this one ("Principal local law amended")
_NOT_A_TITLE = re.compile(
    r"(?:the\s+)?(?:clauses?|by-?laws?|sections?|regulations?|schedules?|parts?|divisions?|subclauses?|paragraphs?"
    r"|amendments?|principal|this|that|these|those)\b",
    re.I,
)


def _law_named_in(words: str) -> str | None:
    """(fix9) The title of the law ``words`` name as the grammar reads them as a subject ("The Shire of X Local Law
    2015", "Clause 2.2 of the Shire of X Local Law 2010": wa.lark's ``law_named``, as names_law_title asks), or None."""
    from lark import Token

    from .grammar.parse import NoParse, readings

    words = words.strip(" ,")
    if not words or _NOT_A_TITLE.match(words) or not names_law_title(words):
        return None
    head = f"{words} is amended by deleting “x”."
    parsed = readings(head)
    if isinstance(parsed, NoParse):
        return None
    for tree in parsed:
        for t in tree.iter_subtrees():
            if t.data == "law_named":
                toks = [v for v in t.scan_values(lambda v: isinstance(v, Token)) if isinstance(v, Token)]
                if toks:
                    span = head[min(x.start_pos or 0 for x in toks) : max(x.end_pos or 0 for x in toks)]
                    return re.sub(r"^the\s+", "", span, flags=re.I)
    return None


#: (wr12) A clause's first sentence naming the law its Part (Division, Subdivision) amends, then words of its own.
_UNIT_LAW_SAID = re.compile(r"This (?:Part|Division|Subdivision) amends the [^.“”\"]{8,200}?\b\d{4}\.\s+(?=\S)")


def _unit_law_said(text: str) -> int | None:
    """(wr12) Where the words after a first sentence "This Part amends the X Local Law 2015." begin, when the sentence
    is a frame sentence naming the law (amending.frame's "principal law") and words follow it; else None."""
    m = _UNIT_LAW_SAID.match(text)
    if m is None or text[m.end() :].startswith("[") or frame_kind(None, m.group(0)) != "principal law":
        return None
    return m.end()


#: (issue 20) A clause heading that says its edits are made throughout the law, naming no provision; (wr12, review 13's
#: e05) or that names the law alone as what it amends ("4. Local law amended / Delete “x” wherever it occurs and insert
#: “y”."): an edit of every occurrence that names no place of its own is made throughout the law (one that names one
#: occurrence, or a place, is read as before).
_WHOLE_LAW_HEADING = re.compile(
    r"(?:(?:the )?(?:principal )?(?:local law|by-?laws?)(?: is)? amended(?: throughout)?|various provisions amended)", re.I
)


#: The labels a list of items begins with.
_FIRST_LABELS = frozenset({"(a)", "(1)", "(i)", "(A)", "a)", "1.", "a.", "i.", "a", "1", "i", "A"})  # bare too


def _no_instruction_inside(p: Provision) -> None:
    """(r10) A preliminary clause (citation, commencement …) left out of the instructions must hold none: lettered items
    under it that change words ("2. Commencement (a) in the definition of “AS” by deleting “Association of”; (b) …
    This local law comes into operation on …") are another clause's, printed here by the copy; left out, they would
    be dropped unseen and the rest applied as if whole (wrong law). Where they belong is not guessed."""
    for c in p.children:
        if c.kind in ("subclause", "paragraph", "subparagraph") and verbs_outside_quotes(c.text or ""):
            raise InstructionNotUnderstood(
                f"cl. {p.num} ({p.heading or 'a preliminary clause'}) holds an item that changes words, “{c.num} "
                f"{(c.text or '')[:120]}”, where no instruction stands (an item of another clause printed here by the "
                "copy?), so nothing was applied — check the gazette"
            )


#: The words an amending heading printed before its clause's number begins with (cheap candidates for heading_first.lark's
#: ``amending_heading``; lexical: which words).
_HEADING_FIRST_KINDS = ("Clause", "By-law", "Regulation", "Section", "Schedule", "Part", "Division", "Subdivision")
_SENTENCE_END = ".;]):"  # lexical: the marks after which a sentence has ended (a heading may follow, after a space)
_CLAUSE_WORDS_BEGIN = frozenset('ABCDEFGHIJKLMNOPQRSTUVWXYZ(“"')  # lexical: how a clause's words begin
_ANY_HEADING_MOST = 82  # a heading after a sentence's end: its first letter, 80 more, a full stop
_AMENDING_HEADING_SPACES = 13  # heading_first.lark's amending_heading holds at most 14 words


def _clause_numbers(flat: str, n: int) -> list[int]:
    """Where each " N. " numbering a clause begins in ``flat`` (at its space; its words begin with a capital, a
    bracket or a quotation mark after it): the first clause's "1." may be printed, or copied, as "I." (lexical)."""
    out = []
    for label in ("1", "I") if n == 1 else (str(n),):
        mark = f" {label}. "
        at = flat.find(mark)
        while at != -1:
            if flat[at + len(mark) : at + len(mark) + 1] in _CLAUSE_WORDS_BEGIN and at + len(mark) < len(flat):
                out.append(at)
            at = flat.find(mark, at + 1)
    return sorted(out)


def _heading_starts(flat: str) -> list[tuple[int, int, bool]]:
    """(where the heading's words begin as found, where the heading itself begins, whether only an amending heading may
    begin there) of each place a heading printed before its clause's number may begin, in order: the start of the
    words, a space after the end of a sentence (a heading of any words), a space before a word that begins an amending
    heading (heading_first.lark's ``amending_heading``)."""
    out = [(0, 0, False)] if flat[:1].isupper() else []
    for at in range(1, len(flat)):
        if flat[at] == " " and flat[at - 1] in _SENTENCE_END and flat[at + 1 : at + 2].isupper():
            out.append((at, at + 1, False))
        elif flat[at - 1] == " " and flat.startswith(_HEADING_FIRST_KINDS, at):
            out.append((at, at, True))
    return out


def _heading_before(flat: str, starts: list[tuple[int, int, bool]], pos: int, n: int) -> tuple[int, int] | None:
    """(where the heading of clause ``n`` begins, where the clause's words begin) in ``flat``, from ``pos``: the first
    place a heading may begin (``starts``) whose words, up to the nearest " N. " that numbers the clause, are a
    heading (heading_first.lark); None when no heading numbered ``n`` follows."""
    numbers = _clause_numbers(flat, n)
    width = len(f" {'1' if n == 1 else n}. ")
    for found, begins, amending in starts[bisect.bisect_left(starts, (pos, -1, False)) :]:
        for at in numbers[bisect.bisect_right(numbers, begins) :]:
            words = flat[begins:at]
            if amending:
                if words.count(" ") > _AMENDING_HEADING_SPACES:
                    break
            elif len(words) - words.endswith(".") > _ANY_HEADING_MOST - 1:
                break
            if heading_first(words, amending):
                return found, at + width
    return None


def _old_style_clauses(body: tuple[Provision, ...]) -> list[Provision]:
    """Clauses of an instrument printed the older way, heading first ("Citation 1. …", "Clause 5 amended 4. …"),
    that the structure reader left as running text: numbered 1., 2., 3. … in order, each after its heading
    (heading_first.lark: after the end of a sentence, any heading; anywhere, a heading naming the provision it amends,
    "… p. 3023 By-law 2 amended 4. By-law 2 of …", after a footnote that ends without a full stop)."""
    texts = [_running(p) for p in body]
    start = next((i for i, t in enumerate(texts) if is_enacting(t)), None)
    if start is None:
        return []
    flat = " ".join(" ".join(texts[start + 1 :]).split())
    starts = _heading_starts(flat)
    marks: list[tuple[int, int, str]] = []  # (where the heading begins, where the clause's words begin, number)
    n, pos = 1, 0
    while (found := _heading_before(flat, starts, pos, n)) is not None:
        marks.append((found[0], found[1], str(n)))
        n, pos = n + 1, found[1]
    if len(marks) < 2:
        return []
    out = []
    for i, (h_start, body_start, num) in enumerate(marks):
        end = marks[i + 1][0] if i + 1 < len(marks) else len(flat)
        heading = re.split(rf"\s{'(?:1|I)' if num == '1' else num}\.\s", flat[h_start:body_start])[0].strip().rstrip(".")
        out.append(Provision(kind="clause", num=num, heading=heading, text=flat[body_start:end].strip()))
    return out


def _running(p: Provision) -> str:
    """A provision's words as running text, labels and headings where they were printed."""
    if p.kind in ("part", "division", "subdivision"):
        return " ".join(x for x in [p.heading or "", *(_running(c) for c in p.children)] if x)
    if p.kind == "clause":
        label = f"{p.num}." if p.num and p.num.isdigit() else (p.num or "")
        heading = p.heading or ""
        # a "heading" that is a sentence is the clause's words, taken for a heading: the label comes first
        first = [label, heading] if re.search(r"\.(?:\s|$)", heading) else [heading, label]
        return " ".join(x for x in [*first, _flatten(p)] if x)
    return _flatten(p)


def _runs_on(heading: str | None) -> str | None:
    """The words from where a Part's, Division's or Subdivision's heading runs on into another heading or a clause
    (structure.lark's ``heading_runs_on``), or holds what reads as one of the instrument's clauses or an instruction
    (``heading_holds_clause``: "Meetings 6. Clause 20 amended In clause 20(2) delete …" — a clause whose number does
    not follow the last one's, a gap or a number printed twice, is not taken as a clause, and its words ran on into the
    heading —, "Amendments to clause 12F In clause 12F(2) delete “…” and insert “…”.", an instruction printed without a
    number: a heading names what its unit amends; it never quotes words to delete or insert, nor holds a numbered
    clause), to the end of that line; None when it does neither."""
    return heading_runs_on(heading or "") or heading_holds_clause(heading or "")


def _no_words_outside_clauses(body: tuple[Provision, ...]) -> None:
    """Words under one of the instrument's own Parts, Divisions or Subdivisions, in none of its clauses, belong to no
    instruction: read as such a heading, new text an instruction inserts ("… property. Subdivision 1 — Application 2.5.
    …", printed after the full stop of the clause before it) would end the payload early, and the words after it would
    be dropped unseen, the rest applied as if whole (wrong law). Where they belong is not guessed."""
    for p in body:
        if p.kind not in ("part", "division", "subdivision"):
            continue
        runs = _runs_on(p.heading)
        stray = next((c.text for c in p.children if c.kind == "text" and (c.text or "").strip()), None)
        if runs or stray:
            words = " ".join((runs or stray or "").split())
            raise InstructionNotUnderstood(
                f"the words “{words[:120]}” stand under {p.kind.capitalize()} {p.num} of the instrument, in none of its "
                "clauses, so which instruction they belong to is uncertain (new text read as the instrument's own "
                "heading, or a clause whose number does not follow the one before it — a gap, or a number printed "
                "twice — read as heading words?); check the instrument's clause numbers against the gazette; nothing "
                "was applied"
            )
        _no_words_outside_clauses(p.children)


def _clauses(body: tuple[Provision, ...]) -> list[Provision]:
    out = []
    for p in body:
        if p.kind == "clause":
            out.append(p)
        elif p.kind in ("part", "division", "subdivision"):
            out += _clauses(p.children)
    return out


def _heading_context(heading: str) -> str | None:
    """The provision a clause's heading names ("Clause 3.1 amended", "Schedule 2 amended", "Clause 10 (Election of
    presiding member)": grammar/context.lark), as a citation; None when it names none."""
    named = heading_context(heading)
    if named is None:
        return None
    kind, label = named
    if kind.lower() in ("clause", "section"):
        try:
            return normalise_citation(label.replace(" ", ""))
        except ValueError:
            return None
    return f"{kind.capitalize()} {label}"


#: (issue 20, wr7) A provision named by number words ("By-law four", "clause twenty-one", "clause twenty one"): the
#: kind, then up to four words of letters joined by a space or a hyphen, the most of them that core/dates.py's
#: ``spelled_number`` (the one reader of number words) reads as a number (lexical: which words are a number is its)
_IN_WORDS = re.compile(
    r"\b(?P<kind>(?:[Bb]y-?laws?|[Cc]lauses?|[Ss]ections?|[Rr]egulations?))\s+(?P<words>[A-Za-z]+(?:[ -][A-Za-z]+){0,3})",
    re.I,
)


def _in_figures(words: str) -> str:
    """``words`` with each provision ``_IN_WORDS`` finds named in figures, its number the most words ``spelled_number``
    reads when no dash or hyphen follows them ("by-law four-wheel" is no by-law); the words after them read on (they
    may name another: "by-law seven and by-law eight")."""
    out, at = [], 0
    m = _IN_WORDS.search(words)
    while m is not None:
        named = m.group("words")
        for cut in reversed([i for i, c in enumerate(named) if c in " -"] + [len(named)]):
            number = spelled_number(named[:cut])
            end = m.start("words") + cut
            if number is not None and words[end : end + 1] not in ("-", "—", "–"):
                out += [words[at : m.start("words")], str(number)]
                at = end
                break
        m = _IN_WORDS.search(words, max(at, m.start("words")))
    return "".join(out) + words[at:]


def _numbered_in_words(own: str) -> str:
    """ "By-law four of the principal by-laws is amended—" as "By-law 4 …" (older drafting names provisions by number
    words): in the instruction's own words only, up to its first dash or colon (new text keeps its words)."""
    cut = re.search(r"[—:]", own)
    head, rest = (own[: cut.start()], own[cut.start() :]) if cut else (own, "")
    # quoted words are the law's or new text, never renamed: only the words between quotations are read
    pieces = re.split(r"(“[^”]*”|\"[^\"]*\")", head)
    named = [p if i % 2 else _in_figures(p) for i, p in enumerate(pieces)]
    return "".join(named) + rest


def _verb_lead_items(words: str) -> tuple[str, list[tuple[str, str]]] | None:
    """(wr11) ``words`` as a lead-in holding the verb its items share and those items, each naming a place and the words
    put there (opening.lark's ``verb_lead_alone`` and ``placing_item_ahead``): the lead-in without its dash, and each
    item's label and words; None unless the lead-in reads so and every item does, from "(a)" on in order."""
    first = re.search(r"[—–:-]\s*\(a\)\s", words)
    if first is None or not verb_lead(words[: first.start() + 1]):
        return None
    head, rest = words[: first.start()].rstrip(), words[first.start() + 1 :].strip()
    try:
        spans = outside_quotes(normalise_quotes(rest))
    except UnbalancedQuote:
        return None
    starts: list[tuple[int, str]] = [(0, "(a)")]
    while (after := _next_label(starts[-1][1])) is not None:
        found = [
            m
            for m in re.finditer(re.escape(after) + r"\s", rest)
            if m.start() > starts[-1][0] and any(a <= m.start() < b for a, b in spans)
        ]
        if not found:
            break
        if not _placing_item(rest[found[0].end() :]):
            return None  # the next item gives no place and words: the whole is read (and refused) as before
        starts.append((found[0].start(), after))
    items = [
        (lab, rest[at + len(lab) : (starts[i + 1][0] if i + 1 < len(starts) else len(rest))].strip())
        for i, (at, lab) in enumerate(starts)
    ]
    return (head, items) if all(_placing_item(x) for _, x in items) else None


def _placing_item(words: str) -> bool:
    """(wr11) Whether an item's words name a place and the words put there ("after “7.”, the following— “ (1) ”"):
    opening.lark's ``placing_item_ahead``."""
    try:
        return opens_instruction(normalise_quotes(words), "placing_item_ahead")
    except UnbalancedQuote:
        return False


def _collect(
    p: Provision,
    label: str,
    ctx: str | None,
    out: list[Unit],
    required: bool = False,
    kind: str | None = None,
    before: str | None = None,
) -> None:
    """Add the instructions in ``p``: itself, or its lettered parts when it says "is amended as follows—"."""
    own = _numbered_in_words((p.text or "").strip())
    amended = AMENDED_AS_FOLLOWS.match(own) if own else None
    if amended and ends_repeal(own):
        amended = None  # "The following local laws are repealed— (a) … (b) …": one instruction, its items laws
    if amended and verbs_outside_quotes(own):
        # "In subclause (4) after paragraph (b) insert—": what follows is new text, not instructions (a verb inside
        # quotation marks is no verb: "In the definition of “add-on”—" is a lead-in; grammar/sentence.lark)
        amended = None
    parts = [c for c in p.children if c.kind in ("subclause", "paragraph", "subparagraph")]
    if amended is None and parts and own.endswith(",") and re.match(r"[Ii]n\s", own):
        # (known2) "(a) in the interpretation of the term “dwelling-house”, (i) by inserting … (ii) by deleting …": a
        # lead-in ended by a comma before the items under it (older drafting), as one ended by a dash
        amended = AMENDED_AS_FOLLOWS.match(own[:-1].rstrip() + "—")
    if parts and (amended or not own):
        if amended and (parts[0].num or "") not in _FIRST_LABELS:
            # (r10) "Clause 3 is amended as follows: (c) … (d) …": items that begin past the first are items whose
            # first ones the copy lost or printed elsewhere; applied alone they would leave the law half amended
            raise InstructionNotUnderstood(
                f"cl. {label}: the items under “{own[:80]}” begin at {parts[0].num}, not at the first item (the "
                "items before it lost or printed elsewhere by the copy?), so nothing was applied — check the gazette"
            )
        if amended:
            named = amended.group("target") or amended.group("target2") or ""
            kind = _lead_kind(named) or kind
            ctx = _narrowed(named, ctx)
        last: str | None = None  # the item before, under the same lead-in
        for c in parts:
            _collect(c, label + (c.num or ""), ctx, out, required=bool(amended), kind=kind, before=last)
            last = " ".join(x for x in [(c.text or "").strip(), *(_flatten(g) for g in c.children)] if x)
        return
    words = spaced(" ".join(x for x in [own, *(_flatten(c) for c in p.children)] if x))
    # (r11) "The Shire of X By-laws Relating to …* are repealed. [* Published in Gazette of D …]": one law repealed, its
    # title whole (its "By-laws …" is no instruction of its own)
    if (shared := _verb_lead_items(words)) is not None:
        # (wr11, case 230) "By-law 7 … is amended by inserting— (a) after “7.”, the following— “ (1) ”; and (b) after the
        # existing by-law, the following subclause— “ (2) … ”": the lead-in's verb serves each item that names a place
        # and the words put there; each is read as the lead-in's words then its own
        head, items = shared
        for i, (own_label, item) in enumerate(items):
            out.append(Unit(label + own_label, f"{head} {item}", ctx, True, kind, previous=items[i - 1][1] if i else None))
        return
    if footnoted_repeal(words) != words:
        pieces = [words]
    else:
        pieces = [piece for part in _next_item_apart(words, label) for piece in split_instructions(part)]
    # Lead-ins give the instructions after them their target, down to the next lead-in at their own level:
    # "(a) in the definition of “caretaker” — (i) … (ii) … (b) …": (i) and (ii) speak of “caretaker”, (b) does not.
    # A lead-in's own label ("(2) In Schedule 1 Form 1: (a) … (b) …") is part of the labels of the instructions under it.
    leads: list[tuple[int, str | None, str, str | None]] = [(-1, ctx, label, kind)]
    own_last = re.search(r"\((\w+)\)$", label)  # the label's own last part: "(a)" of 6(a)
    last_letter = own_last.group(1) if own_last and re.fullmatch(r"[a-z]{1,2}", own_last.group(1)) else ""
    own_depth = None
    if own_last:
        inner = own_last.group(1)
        own_depth = 0 if inner[0].isdigit() else 2 if re.fullmatch(r"[ivx]+", inner) and inner != last_letter else 1
    previous: dict[str | None, str] = {}  # the last item's words under each lead-in's place
    seen: set[str] = set()  # the items' labels so far
    for piece in pieces:
        numbered = re.match(r"(\d{1,2}|[ivx]{1,4}|[A-Z])\.\s+", piece) if len(pieces) > 1 else None
        lettered = re.match(r"(\((?:[a-z]{1,4}|\d{1,2}[A-Z]?)\))\s+", piece) if len(pieces) > 1 else None
        mark = numbered or lettered
        if mark:
            inner = mark.group(1).strip("()")
            depth = (
                0
                if inner[0].isdigit() or inner.isupper()
                else 2
                if re.fullmatch(r"[ivx]+", inner) and last_letter not in ("h", "u", "w")
                else 1
            )
            if depth == 1:
                last_letter = inner
        else:
            depth = 3
        rest = piece[mark.end() :] if mark else piece
        own = (f"({numbered.group(1)})" if numbered else mark.group(1)) if mark else ""
        while len(leads) > 1 and leads[-1][0] >= depth:
            leads.pop()
        here, base, here_kind = leads[-1][1], leads[-1][2], leads[-1][3]
        # an item "(i)" is a letter after (h) or the first roman numeral: "(ii)" with no "(i)" before it in its words is
        # the next item beside it ("(i) delete subclause (1) and insert: (1) … (i) … (ii) … (ii) in subclause (2) …")
        beside = own_last is not None and own_last.group(1) == "i" and own == "(ii)" and "(i)" not in seen
        if mark and base == label and own_last is not None and (depth == own_depth or beside):
            # "(1) Delete … (2) In Schedule 1 Form 1: (a) …" read as one subclause (1), "(a) delete … (b) delete …" as one
            # paragraph (a): (2) is beside (1), (b) beside (a), not in it
            base = label[: own_last.start()]
        seen.add(own)
        lead = _lead_in(rest) if len(pieces) > 1 else None
        if lead is None and len(pieces) > 1 and rest.endswith(",") and re.match(r"[Ii]n\s", rest):
            # (known2) "(a) in the interpretation of the term “dwelling-house”, (i) by inserting … (ii) …": a lead-in
            # ended by a comma before its items (older drafting), as one ended by a dash
            lead = _lead_in(rest[:-1].rstrip() + "—")
        if lead:
            lead_kind = _lead_kind(lead.group("t")) or here_kind
            leads.append((depth if mark else -1, _lead_context(lead, here), base + own, lead_kind))
            continue
        if mark:
            out.append(Unit(base + own, rest, here, True, here_kind, previous=previous.get(here)))
            previous[here] = rest
        else:
            out.append(Unit(label, piece, here, required, here_kind, previous=before if len(pieces) == 1 else None))


_DEPTH = {"number": 1, "letter": 2, "roman": 3}


def _next_item_apart(words: str, label: str) -> list[str]:
    """(issue 20) ``words`` cut before the next item beside the one labelled ``label`` where its label follows a label
    of its own kind or a deeper one: "(a) in clause 3.2 delete “x” and insert: paragraph (c) (b) in clause 3.3
    delete …" — (b) after (c) cites nothing ("(c)(b)" is no provision: a letter is not under a letter), it is the
    label after (a), and an item's opening follows it, so (b) is the next item (read as a citation, the unquoted new
    words ran on into it and were refused). After a word that cites a label ("insert: paragraph (b) in clause 3.3 …")
    or a label it may be under ("paragraph (a) (ii) …") it stays uncertain."""
    own = re.search(r"\((\w+)\)$", label)
    after = _next_label(own.group(0)) if own else None
    if after is None:
        return [words]
    try:
        spans = outside_quotes(normalise_quotes(words))
    except UnbalancedQuote:  # read (and refused, naming the mark) as before
        return [words]
    for m in ITEM_START.finditer(" " + words):
        at = m.start() - 1
        if m.group(0).strip() != after or not any(a <= at < b for a, b in spans):
            continue
        before = re.search(r"\((\w+)\)\s*$", words[:at])
        # a citation reaches down from a number to a letter to a roman numeral ("3(1)(a)(ii)"): a label of its own kind
        # or above cites nothing under the one before it
        if before is not None and _DEPTH[_label_sort(after)] <= _DEPTH[_label_sort(before.group(0))] and before.group(0) != after:
            return [words[:at].strip(), words[at:].strip()]
    return [words]


# --- targets ---------------------------------------------------------------------------------------

_REF = re.compile(
    r"(?P<kw>clauses?|subclauses?|paragraphs?|subparagraphs?|schedules?|items?|parts?|divisions?|by-laws?|regulations?)\s+"
    r"(?P<labels>(?:\d+(?:\.\d+)*[A-Z]{0,2}(?: ?\([\w]+\))*|\([\w]+\)(?: ?\([\w]+\))*)(?:(?:\s*,\s*|\s+and\s+|\s+to\s+)(?:\d+(?:\.\d+)*[A-Z]{0,2}(?: ?\([\w]+\))*|\([\w]+\)(?: ?\([\w]+\))*))*)",
    re.I,
)


def _labels(text: str) -> list[str]:
    # "(1)(a)" is one label reaching down two levels; "(c), (e) and (j)" are three
    return re.findall(r"\d+(?:\.\d+)*[A-Z]{0,2}(?: ?\([\w]+\))*|\([\w]+\)(?: ?\([\w]+\))*", text)


def _resolve_context(target: str, ctx: str | None) -> str | None:
    """The one provision ``target`` names (None when it names none). One that names several ("In clause 3.14 and in
    clause 3.15 delete …") is refused, naming them: falling back to the context, or keeping one, would change the
    wrong words."""
    targets = resolve_targets(target, ctx)
    if len(targets) > 1:
        raise InstructionNotUnderstood(
            f"“{target.strip()}” names {len(targets)} provisions ({', '.join(targets)}) where one is expected; "
            "amend the instrument file's operations by hand, one per provision"
        )
    return targets[0] if targets else None


#: (issue 20) Forms a place names: "Form 3", "Form 3 and Form 4", "Forms 3 and 4", "Form 3 and in Form 4".
_FORMS = re.compile(
    r"\bForms?\s+(?P<labels>\d+[A-Z]?(?:(?:\s*,\s*|,?\s+and\s+)(?:in\s+)?(?:Form\s+)?\d+[A-Z]?)*)(?![\w.(])", re.I
)
#: (r14) A table's row named by its place: "the 1st item in the Table", "the third row in the Table".
_ORDINAL_ROW = re.compile(r"\bthe (\d+(?:st|nd|rd|th)|" + "|".join(ORDINALS) + r") (?:item|row) in the table\b", re.I)
_ORDINAL_SCHEDULE = re.compile(r"(?:the\s+)?(" + "|".join(ORDINALS) + r")\s+Schedule\b", re.I)


def _schedule_named(refs: list[re.Match[str]], ctx: str | None) -> str | None:
    """The schedule a phrase names ("Schedule 2", its first such reference), or the one its context is in, or None."""
    scheds = [r for r in refs if r.group("kw").lower().startswith("schedule")]
    if scheds:
        return f"Schedule {_labels(scheds[0].group('labels'))[0]}"
    return " ".join(ctx.split()[:2]) if ctx and ctx.startswith("Schedule ") else None


#: (r17) A Part named by roman numerals ("Part II"), as a law numbering its Parts so prints them (wa.lark's LABEL)
_ROMAN_PART = re.compile(r"(?:the\s+)?Part\s+([IVX]{1,6})", re.I)
#: (wr10) A table row's subitem, cited after its item ("item 1, subitem B", "item 3, in subitem (b)"): wa.lark's SUBITEM
_SUBITEM = re.compile(r"\bsub-?item \(?(?P<label>[A-Za-z0-9]{1,3})\)?(?![\w(])", re.I)


def resolve_targets(phrase: str, ctx: str | None) -> list[str]:
    """The citations that a target phrase names, relative to ``ctx`` (a subitem named after an item: that item's row
    with that subitem, ``Second Schedule item 1 subitem B``)."""
    if roman := _ROMAN_PART.fullmatch(phrase.strip()):
        # (r17) "Part II is repealed.": a Part numbered in roman numerals, as older laws number theirs (cited "Part II")
        return [f"Part {roman.group(1)}"]
    sub = _SUBITEM.search(phrase)
    if sub is None:
        return _resolve_targets(phrase, ctx)
    rows = _resolve_targets(phrase[: sub.start()] + phrase[sub.end() :], ctx)
    if len(rows) != 1 or not re.search(r"\bitem \S+$", rows[0]) or " subitem " in rows[0]:
        raise InstructionNotUnderstood(
            f"“{sub.group(0)}” names a subitem of no one item of a schedule ({', '.join(rows) or 'none named'}), so which "
            "row it is is not told; amend the instrument file's operations by hand"
        )
    return [f"{rows[0]} subitem {sub.group('label')}"]


def _resolve_targets(phrase: str, ctx: str | None) -> list[str]:
    """The citations that a target phrase names, relative to ``ctx``.

    "paragraph (h) of subclause (2)" in the context of clause 2.8 → ["2.8(2)(h)"];
    "paragraphs (c), (e) and (j)" in clause 2.7(1) → ["2.7(1)(c)", "2.7(1)(e)", "2.7(1)(j)"].
    """
    # (known2) older drafting calls a definition an interpretation, its term "the term": "the interpretation of the term
    # “dwelling-house”"
    definition = re.search(
        r"(?:the )?(?:definition|interpretation) of (?:the term )?[“\"](?P<term>[^”\"]+)[”\"]", phrase
    ) or re.search(r"(?:the )?definition of (?P<term>[^“”\"(),]+?)\s*$", phrase)
    if definition:
        before, after = phrase[: definition.start()] + phrase[definition.end() :], phrase
        holder = [r for r in _REF.finditer(before) if r.group("kw").lower().rstrip("s") in ("clause", "subclause")]
        holders = resolve_targets(" ".join(r.group(0) for r in holder), ctx) if holder else ([ctx] if ctx else [])
        if len(holders) != 1:
            return []
        cited = f"{holders[0]} “{definition.group('term')}”"
        inner = [r for r in _REF.finditer(after) if r.group("kw").lower().rstrip("s") in ("paragraph", "subparagraph")]
        inner.sort(key=lambda r: LEVEL[r.group("kw").lower().rstrip("s")])
        for r in inner:
            cited += " " + "".join(lab if lab.startswith("(") else f"({lab})" for lab in _labels(r.group("labels"))[:1])
        return [_normalised(cited)]
    refs = list(_REF.finditer(phrase))
    if (row := _ORDINAL_ROW.search(phrase)) is not None:
        # (r14) "In Schedule 2 in the 3rd item in the Table": the table's third row by its place (``row 3``), in the
        # schedule named or the one the lead-in names; never an item number (rows may be unnumbered, or renumbered)
        sched = _schedule_named(refs, ctx)
        nth = row.group(1)
        n = int(nth[:-2]) if nth[:1].isdigit() else [o.lower() for o in ORDINALS].index(nth.lower()) + 1
        return [f"{sched} row {n}"] if sched else []
    # (r3lz) a schedule a law names by an ordinal ("the Second Schedule"), and its items
    ordinal = _ORDINAL_SCHEDULE.search(phrase)
    if ordinal:
        named = f"{ordinal.group(1).capitalize()} Schedule"
        rows = [r for r in refs if r.group("kw").lower().startswith("item")]
        return (
            [f"{named} item {n}" for n in _ranges(_labels(rows[0].group("labels")), rows[0].group("labels"))] if rows else [named]
        )
    schedule = [r for r in refs if r.group("kw").lower().startswith("schedule")]
    forms = _FORMS.search(phrase)
    if forms and all(r.group("kw").lower().startswith("schedule") for r in refs):
        # (issue 20, wrongref) "Schedule 1, Form 3", "In Form 3 and Form 4" (of the schedule the clause speaks of): the
        # forms named, not the whole schedule (the words are changed in the schedule only where they are in the forms;
        # a form's item or paragraph is read as before, in the schedule)
        sched = _schedule_named(refs, ctx)
        if sched is None:
            raise InstructionNotUnderstood(
                f"“{forms.group(0)}” names a form of no schedule the instruction names, so where it is is not told; "
                "amend the instrument file's operations by hand"
            )
        labels = re.findall(r"\d+[A-Z]?", forms.group("labels"))
        return [f"{sched} Form{'s' if len(labels) > 1 else ''} {' and '.join(labels)}"]
    if not refs:
        return []
    items = [r for r in refs if r.group("kw").lower().startswith("item")]
    if items and not schedule and ctx and _ORDINAL_SCHEDULE.fullmatch(ctx):
        return [f"{ctx} item {n}" for n in _ranges(_labels(items[0].group("labels")), items[0].group("labels"))]
    if items and not schedule and ctx and ctx.startswith("Schedule"):
        sched = " ".join(ctx.split()[:2])
        return [f"{sched} item {n}" for n in _ranges(_labels(items[0].group("labels")), items[0].group("labels"))]
    if schedule:
        sched = f"Schedule {_labels(schedule[0].group('labels'))[0]}"
        items = [r for r in refs if r.group("kw").lower().startswith("item")]
        if items:
            return [f"{sched} item {n}" for n in _ranges(_labels(items[0].group("labels")), items[0].group("labels"))]
        return [sched]
    parts = [r for r in refs if r.group("kw").lower().startswith(("part", "division"))]
    if parts:
        part = next((r for r in refs if r.group("kw").lower().startswith("part")), None)
        div = next((r for r in refs if r.group("kw").lower().startswith("division")), None)
        out = f"Part {_labels(part.group('labels'))[0]}" if part else None
        if div:
            d = f"Division {_labels(div.group('labels'))[0]}"
            out = f"{out} {d}" if out else (f"{ctx} {d}" if ctx and ctx.startswith("Part") else d)
        return [out] if out else []
    # clause-level references, ordered from the clause down
    levels: list[tuple[int, list[str]]] = []
    previous: re.Match[str] | None = None
    for r in refs:
        kw = re.sub(r"^(?:by-law|regulation)$", "clause", r.group("kw").lower().rstrip("s"))
        labels = _labels(r.group("labels"))
        level = 0 if kw == "clause" else LEVEL.get(kw, 2)
        if levels and any(lv == level for lv, _ in levels):
            # "clause 3.14 and clause 3.15", "paragraph (b) and paragraph (d)": the same level named again after a
            # conjunction is a second target beside the first, never one inside it; any other repetition is unclear
            between = phrase[previous.end() : r.start()] if previous else ""
            if levels[-1][0] != level or not re.fullmatch(r"\s*(?:,|,? and|,? or)\s+(?:in\s+)?(?:the\s+)?", between):
                return []
            levels[-1] = (level, levels[-1][1] + labels)
        else:
            levels.append((level, labels))
        previous = r
    levels.sort(key=lambda x: x[0])
    bases = [""]
    if levels and levels[0][0] != 0:
        if not ctx:
            return []
        bases = [_ctx_above(ctx, levels[0][0])]
    levels = [(level, _ranges(labels, phrase)) for level, labels in levels]
    for level, labels in levels:
        expanded: list[str] = []
        for base in bases:
            prev_lab: str | None = None
            for lab in labels:
                lab = lab.replace(" ", "")
                if level == 0 and lab.startswith("(") and expanded:
                    # "clause 24A(5) and (6)": (6) is 24A(6), a sibling of the citation before it; "clause
                    # 2.4(b)(i) and (c)": (c), a letter, is beside (b), not in it — at the depth of the last label of
                    # its own kind (as for "paragraphs (b)(i) and (c)" below); "2.4(b)(i) and (ii)" stays in (b)
                    prev = expanded[-1]
                    prev_groups = re.findall(r"\(\w+\)", prev)
                    same = [i for i, g in enumerate(prev_groups) if _label_sort(g) == _label_sort(lab[: lab.index(")") + 1])]
                    cut = prev.index("(") + sum(map(len, prev_groups[: same[-1]])) if same else None
                    if cut is not None and prev.endswith(")"):
                        expanded.append(_normalised(prev[:cut] + lab))
                    else:
                        expanded.append(_normalised(prev[: prev.rindex("(")] + lab) if prev.endswith(")") else lab)
                elif level == 0:
                    expanded.append(_normalised(lab))
                else:
                    lab = lab if lab.startswith("(") else f"({lab})"
                    groups = re.findall(r"\(\w+\)", lab)
                    prev_groups = re.findall(r"\(\w+\)", prev_lab) if prev_lab else []
                    if len(groups) < len(prev_groups):
                        # "paragraph (a)(ii) and (iii)": (iii) is (a)(iii); (r10) "paragraphs (b)(i) and (c)": (c), a
                        # letter, is a paragraph beside (b), not a subparagraph of it — a label goes at the depth of the
                        # last label of its own kind before it (else, as before, at the depth of the last)
                        same = [i for i, g in enumerate(prev_groups) if _label_sort(g) == _label_sort(groups[0])]
                        depth = same[-1] if same else len(prev_groups) - len(groups)
                        lab = "".join(prev_groups[:depth]) + lab
                    prev_lab = lab
                    expanded.append(base + lab)
        bases = expanded
    # a context deeper than the phrase (e.g. "clause 2.7(1)" then "paragraphs (c)") is kept by the caller
    return [_normalised(b) for b in bases if b]


def _label_sort(group: str) -> str:
    """The sort of a bracketed label: a number, a roman numeral or a letter ("(2)", "(ii)", "(c)")."""
    inner = group.strip("()")
    return "number" if inner[:1].isdigit() else "roman" if re.fullmatch(r"[ivx]+", inner) else "letter"


def _ctx_above(ctx: str, level: int) -> str:
    """``ctx`` cut to the provision above ``level``: "subclause (3)" in the context of 9(1) is 9(3), not 9(1)(3)."""
    if "“" in ctx or ctx.startswith(("Schedule", "Part", "Division")):
        return ctx
    m = re.match(r"^([^(]+)((?:\(\w+\))*)$", ctx)
    if not m:
        return ctx
    kept = m.group(1)
    previous = None
    for lab in re.findall(r"\(\w+\)", m.group(2)):
        inner = lab[1:-1]
        if inner[0].isdigit():
            depth = 1
        elif re.fullmatch(r"[ivx]+", inner) and previous is not None and not re.fullmatch(r"[ivx]+", previous):
            depth = 3
        else:
            depth = 2
        if depth >= level:
            break
        kept += lab
        previous = inner
    return kept


def _next_label(label: str) -> str | None:
    """The label after ``label`` in its numbering: (f) → (g), 24ZC → 24ZD, 5 → 6, 2.3 → 2.4; None if it cannot be said."""
    inner = label.strip("()")
    wrap = (lambda x: f"({x})") if label.startswith("(") else (lambda x: x)
    if re.fullmatch(r"\d+", inner) or re.fullmatch(r"\d+\.\d+", inner):
        head, _, last = inner.rpartition(".")
        return wrap(f"{head}.{int(last) + 1}" if head else str(int(last) + 1))
    m = re.fullmatch(r"(.*?)([a-zA-Z])", inner)
    if m and m.group(2).lower() not in "zi" and not re.fullmatch(r"[ivx]+", inner):
        return wrap(m.group(1) + chr(ord(m.group(2)) + 1))
    return None


def _ranges(labels: list[str], phrase: str) -> list[str]:
    """``labels`` with every "X to Y" of ``phrase`` filled in (paragraphs (f) to (h) → (f), (g), (h))."""
    out: list[str] = []
    for i, lab in enumerate(labels):
        if i > 0 and re.search(re.escape(labels[i - 1]) + r"\s+to\s+" + re.escape(lab), phrase):
            cur = out[-1]
            if lab.startswith("(") and not cur.startswith("(") and (last := re.search(r"\([^()]+\)$", cur)):
                # (r13) "clause 2.3(b) to (e)": the range runs over the last label of the citation it starts from
                cur = last.group(0)
            for _ in range(60):
                nxt = _next_label(cur)
                if nxt is None:
                    raise InstructionNotUnderstood(f"cannot tell which provisions lie between {labels[i - 1]} and {lab}")
                if nxt == lab:
                    break
                out.append(nxt)
                cur = nxt
            else:
                raise InstructionNotUnderstood(f"cannot tell which provisions lie between {labels[i - 1]} and {lab}")
        out.append(lab)
    return out


def _normalised(citation: str) -> str:
    try:
        return normalise_citation(citation)
    except ValueError:
        raise InstructionNotUnderstood(f"“{citation}” is not a provision this instruction can name") from None


# --- payloads --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Span:
    """Where in ``text`` the words that open new text are (``start()``, ``end()``, ``group(0)``, as a match has them)."""

    text: str
    begin: int
    finish: int

    def start(self) -> int:
        return self.begin

    def end(self) -> int:
        return self.finish

    def group(self, n: int = 0) -> str:
        return self.text[self.begin : self.finish]


def _split_payload(text: str, original: str | None = None) -> tuple[str, str | None]:
    """(head, payload): the payload follows "insert—", "replace with the following text—" or "as below “...”".

    ``text`` has its quotation marks normalised; the payload is taken from ``original`` (the same words as
    printed, of the same length) so the inserted text keeps its own marks.
    """
    original = original if original is not None else text
    # "…, by-law 13 now to read:— 13. …": the provision restated follows (read by the grammar's words_between_changed)
    if (restated := restated_dash(text)) is not None:
        return text[: restated[1]].strip().rstrip("—:–- "), original[restated[1] :].strip()
    m = new_text_opening(text)
    if m is None:
        # "… as below “…”", "… replace it with “…”", "… insert “…”": opening.lark's payload_quoted
        q: re.Match[str] | _Span | None = _Span(text, *found) if (found := quoted_after(text)) is not None else None
        if q is not None and q.group(0).lower().startswith("substitute") and "“" in text[q.end() :]:
            close = _closing(text, q.end())
            if close is not None and substitutes_for(text[close + 1 :]):
                # "substitute “A” for “B”" (or "“A” and “B” for “C” and “D” respectively"): all the quoted words
                # belong to the instruction
                return text, None
        if q is None or (("“" in text[: q.start()] or '"' in text[: q.start()]) and "as below" not in q.group(0)):
            # "by inserting after subclause (4) the following subclauses (4a) A withdrawal …" (no dash): opening.lark's
            # payload_labelled
            if (labelled := labelled_after(text)) is None:
                return text, None
            q = _Span(text, labelled, labelled)
        m = q
    head = (text[: m.start()] if m.group(0).strip() in ("—", ":", "", "-", "–") else text[: m.end()]).strip().rstrip("—:–- ")
    payload = text[m.end() :].strip()
    # "delete ““very high”.” and insert: “high”.": an instrument that quotes the quotation marks it deletes prints the new
    # words after the colon as they are, their marks and full stop included
    literal = m.group(0).strip() == ":" and re.search(r"“[^”]*“", text[: m.start()]) is not None
    if (
        not literal
        and payload.startswith("“")
        and (close := _closing(text, m.end())) is not None
        and re.fullmatch(r"[\s.;,'’]*(?:(?:and|or)[\s.;,'’]*)?", text[close + 1 :])
    ):
        # one quoted block: its words as printed, without the marks around them (a stray single mark after it, quoting
        # nothing, is print noise)
        return head, original[text.index("“", m.end()) + 1 : close]
    payload = original[m.end() :].strip()
    if (single := single_quoted_term(payload)) is not None and not re.search(r"[‘’“”]", payload[single[2] :]):
        # (r3lz) a definition printed the older way with only its term quoted, in single marks ("‘authorised person’
        # means …": new_text.lark's single_quoted_term): the term's marks as the law's definitions read them, as for
        # double marks (below)
        return head, f"“{payload[single[0] : single[1]]}”{payload[single[2] :]}"
    inside = ITEM_START.search(" " + normalise_quotes(payload)) if not payload.startswith(("“", '"')) else None
    if inside:
        # The block is not quoted, so where it ends is read from the words: an instruction inside it would become law.
        cited = re.search(
            r"\b(?:clauses?|subclauses?|paragraphs?|subparagraphs?|items?|regulations?|by-?laws?)"
            r"(?:\s+\d+(?:\.\d+)*[A-Z]{0,2})?(?:\s*\(\w+\))*$",
            payload[: inside.start() - 1].rstrip(),
            re.I,
        )
        if cited:
            # (issue 20) "insert: paragraph (b) in clause 3.3 delete …": (b) may be cited by the new words or label the
            # next item; neither reading is told by the labels
            label = inside.group(0).strip()
            raise InstructionNotUnderstood(
                f"its inserted words are not quoted and end “{cited.group(0)}”, and “{label}” after them may be a label "
                f"they cite (“{cited.group(0)} {label}”) or the label of the next item (“{payload[inside.start() - 1 :][:60]}”), "
                "so where they end is uncertain; check the gazette's layout"
            )
        raise InstructionNotUnderstood(
            f"its inserted words run on into what reads as another instruction (“{payload[inside.start() - 1 :][:60]}”), "
            "so where they end is uncertain; check the gazette's layout"
        )
    if payload.startswith(("“", '"')) and m.group(0).strip() == ":" and not LABELLED_START.search(" " + payload):
        # "… and insert: “extreme” or “high”": after a colon the new words are printed as they are, their own
        # quotation marks included (this instrument quotes nothing it inserts)
        return head, payload
    if (
        payload.startswith(("“", '"'))
        and re.search(r"\bdefinitions?\b", head, re.I) is not None
        and _quoted_definition(text[m.end() :].strip())
    ):
        # "… the following definition — “dwelling-house” does not include …;": a definition inserted, not quoted as a
        # whole; its term's marks are the law's own (only where the head speaks of a definition: new words for words,
        # “b” means “c”, could be the words with their marks or without them, and are refused below)
        return head, payload
    if payload.startswith(("“", '"')):
        close = _closing(text, m.end()) if "“" in text[m.end() :] else None
        if close is None:
            raise InstructionNotUnderstood(
                "its quotation marks do not balance (an opening “ has no closing ”), so where the new text ends is uncertain"
            )
        if quoted_term(text[text.index("“", m.end()) :]) and not _closing_after_term(text, close):
            # (r3lz) a definition printed the older way, only its term quoted ("“authorised person” means a person …;":
            # new_text.lark's quoted_term): the quoted words are the term, and the definition runs on to the end (the
            # term's marks as the law's definitions read them, whichever marks the instrument printed)
            return head, re.sub(r"^[‘'\"“]([^‘’'\"“”]{1,60})[’'\"”]", r"“\1”", payload)
        start = text.index("“", m.end())
        if (two := quoted_terms(text[start:])) is not None and not re.search(r"[‘’“”\"]", text[start + two :]):
            # (wr6, review6b d05) "“animal” and “owner” have the same meanings as in the Dog Act 1976;": two terms
            # alone quoted, one definition (new_text.lark's quoted_terms), read as marked_term reads it quoted whole
            return head, payload
        if quoted_definitions(text[start:]) is not None:
            # (wr9, review9 d6) "insert in alphabetical order— “kennel” means …; and “leash” has …;": several
            # definitions, each its term alone quoted (new_text.lark's next_quoted_term), read as after "the following
            # definitions—" (the connector between them, if printed, is read where they are inserted: read.py)
            return head, payload
        # words after the quoted new text that are not a connector: another instruction, or a misplaced mark
        raise InstructionNotUnderstood(
            f"words follow the quoted new text (“{' '.join(text[close + 1 :].split())[:60]}”), so what it inserts is uncertain"
        )
    return head, payload


def _closing_after_term(text: str, close: int) -> bool:
    """Whether quotation marks follow the quoted term (more quoted words after it: not a term-only definition)."""
    return "“" in text[close + 1 :] or "”" in text[close + 1 :]


def _quoted_definition(new: str) -> bool:
    """Whether new text (its marks normalised) is one definition whose term alone is quoted: “x” means … (no other
    instruction after it, its other marks paired)."""
    d = DEF_START.match(new)
    rest = new[d.end() :] if d else ""
    return (
        d is not None
        and d.group("term").startswith("“")
        and def_term_ok(d)
        and rest.count("“") == rest.count("”")
        and ITEM_START.search(" " + rest) is None
    )


def new_text_opening(text: str) -> re.Match[str] | _Span | None:
    """The words that open an instruction's new text when a dash or colon ends them: the dash after the word taking
    new text (``_payload_dash``), or else the dash after "the following" ("by inserting after “any day” the following—
    “ , or …”": opening.lark's ``payload_following``); None: no dash opens new text (a quotation may still follow a
    verb, read by ``_split_payload``)."""
    m: re.Match[str] | _Span | None = _payload_dash(text)
    if m is None:
        m = _Span(text, *found) if (found := following_dash(text)) is not None else None
    if m is None and (rows := rows_after_delete(text)) is not None:
        # (r10) "In Schedule 1 delete: | 5.3(2) | … |": the rows deleted, printed as they stand
        m = _DASH.match(text, rows[1])
    if m is not None and (more := _DASH.match(text, m.end())) is not None and more.group(0).strip():
        # (wr11, case 239) "… a by-law as follows:— Collection by contractor 12A. …": a colon and a dash printed together
        # open the new text together (the new text does not begin with the dash)
        m = _Span(text, m.start(), more.end())
    return m


#: A dash or colon, with the spaces around it (lexical: the grammar's DASH).
_DASH = re.compile(r"\s*(?:[—:–]|-(?=\s))\s*")


def _payload_dash(text: str) -> re.Match[str] | None:
    """The dash or colon after "insert", "substitute", "the following" … that opens an instruction's new text: where
    the grammar reads the first word that takes new text, then a dash with no quotation between (opening.lark's
    ``payload_dash``), the dash near the word (within 120 characters)."""
    return _dash_after(text, passive=False) or _passive_payload_dash(text)


def _passive_payload_dash(text: str) -> re.Match[str] | None:
    """(r2voice) The dash after "the following … is inserted (substituted) after “x”" (the passive voice names its
    place after the verb, quotations included): the first dash or colon outside a quotation after the verb
    (opening.lark's ``payload_dash_passive``), within 120 characters."""
    return _dash_after(text, passive=True)


def _dash_after(text: str, passive: bool) -> re.Match[str] | None:
    found = payload_dash(text, passive)
    if found is None:
        return None
    verb_end, at = found
    while at > verb_end and text[at - 1].isspace():
        at -= 1  # the spaces before the dash are the dash's
    dash = _DASH.match(text, at)
    return dash if dash is not None and dash.start() - verb_end < 120 else None


def unopened_split(text: str, original: str) -> tuple[str, str] | None:
    """(head, payload) of an instruction whose new text after a dash or colon has lost its opening quotation mark and
    been cut before its closing one (``quotes.unopened_close``): the payload is all the words after the dash, quoted
    words in it included only where they are a defined term (“code of conduct” means …: a quotation first is otherwise
    read as the new words, and which mark was lost uncertain); None when it is not so."""
    m = _payload_dash(text) or _following_dash(text)
    if m is None:
        return None
    payload = text[m.end() :]
    if payload.startswith("“") and not DEF_START.match(payload):
        return None
    return text[: m.start()].strip(), original[m.end() :].strip()


def _following_dash(text: str) -> _Span | None:
    """(r7) "by inserting before the definition of “cinema” the following definitions —": the dash after "the following
    definitions" (a quoted locator between the verb and it), outside quotation marks (new_text.lark's
    ``following_dash``)."""
    spans = outside_quotes(text)
    for start, dash, end in following_dashes(text):
        if any(a <= start and end <= b for a, b in spans):
            return _Span(text, dash, end)
    return None


def _closing(text: str, start: int) -> int | None:
    """Where the quotation opened at or after ``start`` closes (nested quotes counted), or None."""
    depth = 0
    for i in range(text.index("“", start), len(text)):
        if text[i] == "“":
            depth += 1
        elif text[i] == "”":
            depth -= 1
            if depth == 0:
                return i
    return None


def _clause_follows(prev: str, num: str) -> bool:
    """(wr8) Whether clause ``num`` comes straight after clause ``prev`` in new text: 3.4 → 3.5, 3.4 → 3.4A, 2.5B →
    2.5C, 2.5B → 2.6, 10 → 11."""
    if num in (_next_label(prev), f"{prev}A"):
        return True
    if prev[-1:].isalpha() and prev[-1] not in "Zz":
        return num in (prev[:-1] + chr(ord(prev[-1]) + 1), _next_label(prev.rstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")))
    return False


#: (wr10) Words of a sentence's verb that a clause's heading does not hold ("Cats kept must not exceed 11. …" is the end
#: of a sentence, not a heading above clause 11)
_SENTENCE_WORDS = frozenset(
    [
        "must",
        "may",
        "shall",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "will",
        "would",
        "can",
        "cannot",
        "could",
        "should",
        "does",
        "do",
        "did",
        "has",
        "have",
        "had",
        "not",
    ]
)


def _heading_above_number(payload: str) -> str:
    """The payload with a heading printed above its clause's number put after the number, where the reader takes a
    clause's heading ("10. Permission required … (1) A person …"), when so read it is that one clause, headed (wr8: or
    those clauses, each headed above its number, their numbers following one another); else the payload as it is."""
    # (r11) "Permission required for aerial spraying 10. (1) A person …": a new clause whose heading is printed above
    # its number, subclause (1) on the number's line (structure.lark's heading_above_number)
    above = heading_above_number(payload)
    if above is None:
        return payload
    heading, num, end = above
    headed = [(heading, num, end)]
    # (wr8) "Cat registration 3.4. A cat must be registered. Cat tags 3.5. A cat …": the next clause's heading printed
    # above its number after the full stop that ends the clause before (structure.lark's heading_above_next), taken
    # only where its number follows the one before and its first word opens no sentence ("The fee 3.5. …" is refused),
    # and a dotted number: undotted ones ("… subject to conditions. Spraying near schools 10A. (1) …" after "the
    # following clause is substituted", review35 e7) stay refused as before
    clauses = []
    while (nxt := heading_above_next(payload, headed[-1][2])) is not None:
        stop, heading, num, end = nxt
        if not _clause_follows(headed[-1][1], num) or heading.split()[0] in _SENTENCE_OPENERS:
            break
        if "." not in num and (
            _SENTENCE_WORDS & set(heading.lower().split()) or heading.split()[-1].lower() in HEADING_NEVER_ENDS
        ):
            # (wr10) an undotted number ("… registered. Cat tags 11. A cat …", "10A." after "10.") only where the words
            # before it cannot be a sentence ending in a count ("… must not exceed 11. A permit …"): no verb of a
            # sentence among them, and no word a heading never ends with before the number ("… up to 11.")
            break
        clauses.append(payload[headed[-1][2] : stop])
        headed.append((heading, num, end))
    clauses.append(payload[headed[-1][2] :])
    if any(another_clause(words) is not None for words in clauses):
        # (review) "… 10. (1) … (2) … subject to conditions. 10A. (1) …": with another clause after it ("10A. (1) …",
        # "11. Spraying …": structure.lark's another_clause) not headed above its number, the one clause read would
        # hold the next (its words run on into subclause (2)): no heading is moved
        return payload
    moved = " ".join(f"{num}. {heading} {words.strip()}" for (heading, num, _), words in zip(headed, clauses, strict=True))
    read = _payload_provisions(unmarked(moved), [])
    if len(read) != len(headed):
        return payload
    for p, (heading, num, _), words in zip(read, headed, clauses, strict=True):
        if p.num != num or p.heading != " ".join(heading.split()):
            return payload
        if words.startswith("(") and not (p.children and not p.text):
            return payload
        # (wr5b) "Cat registration 3.4. A cat must be registered.": the clause's words in the place of subclause (1)
        if not words.startswith("(") and not (p.text and not p.children):
            return payload
    return moved


def _labels_after(num: str) -> list[str]:
    """(fix10) The labels that may come straight after a clause's or a subclause's own in its numbering: 3.4 → 3.5,
    3.4A; 2.5B → 2.5C, 2.6; (3) → (4), (3A); (3A) → (3B), (4); a paragraph's (g) → (h), (h) → (i)."""
    inner, bracketed = num.strip("()"), num.startswith("(")
    if bracketed and inner.isalpha() and inner.islower():
        return [a] if (a := _next_label(num)) else []
    if not inner or not inner[0].isdecimal():
        return []
    bare = inner.rstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    after = {_next_label(bare)}
    if bare == inner:
        after.add(f"{inner}A")
    elif inner[-1] != "Z":
        after.add(inner[:-1] + chr(ord(inner[-1]) + 1))
    return sorted(f"({a})" if bracketed else a for a in after if a)


#: (fix11) A subparagraph's numerals, in bracketed small letters (i, ii, …, xxxix)
_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10}


def _roman(letters: str) -> int | None:
    """(fix11) The value of a subparagraph's numeral ("iii" → 3, "xiv" → 14), or None where ``letters`` is not one
    written as subparagraphs are numbered (only i, v and x; the value written back the same way)."""
    if not letters or any(c not in _ROMAN_VALUES for c in letters):
        return None
    values = [_ROMAN_VALUES[c] for c in letters]
    total = sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))
    return total if total > 0 and _as_roman(total) == letters else None


def _as_roman(n: int) -> str:
    tens, units = divmod(n, 10)
    return "x" * tens + ("", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix")[units]


def _label_key(kind: str, num: str) -> tuple[str, tuple[int, ...], str] | None:
    """(fix11) What a label is compared by in its kind's numbering: a clause's number by its points and the letters
    after (3.4 < 3.4A < 3.5 < 3.10; its shape — how many points — as its kind, 3.4 and 10 not compared); a subclause's
    bracketed number ((3) < (3A) < (4)); a paragraph's letters ((g) < (h) < (z) < (aa)); a subparagraph's numeral
    ((ii) < (iii) < (iv)); None for a label of none of these."""
    inner = num.strip("()")
    if kind == "clause" and not num.startswith("("):
        digits = inner.rstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        points = digits.split(".")
        if not all(p.isdecimal() for p in points):
            return None
        return f"clause{len(points)}", tuple(int(p) for p in points), inner[len(digits) :]
    if kind == "subclause" and num.startswith("("):
        digits = inner.rstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return ("subclause", (int(digits),), inner[len(digits) :]) if digits.isdecimal() else None
    if kind == "paragraph" and num.startswith("(") and inner.isalpha() and inner.islower():
        return "paragraph", (len(inner),), inner
    if kind == "subparagraph" and num.startswith("(") and (value := _roman(inner)) is not None:
        return "subparagraph", (value,), ""
    return None


def _printed_kinds(label: str) -> list[str]:
    """(fix11) The kinds a label printed inside words may be of: a number, a clause's; a bracketed number, a
    subclause's; bracketed letters, a paragraph's, and a subparagraph's too where they are a numeral ("(i)", "(v)")."""
    inner = label.strip("()")
    if not label.startswith("("):
        return ["clause"]
    if inner[:1].isdecimal():
        return ["subclause"]
    return ["paragraph", "subparagraph"] if _roman(inner) is not None else ["paragraph"]


def _plausibly_next(mine: tuple[int, ...], theirs: tuple[int, ...]) -> bool:
    """(fix12, review 12) Whether a clause's pointed number ``theirs``, higher than ``mine``, is as far on as a clause
    after it could plausibly be printed: the same major number a few on (3.4: 3.4A, 3.5 to 3.9) or the next major's
    first (4.1) — not a standard's, a section's or a policy's number ("AS 1926.1", "s. 6.16", "4.2" after 3.4)."""
    if theirs[:-1] == mine[:-1]:
        return theirs[-1] - mine[-1] <= 5
    return theirs[0] == mine[0] + 1 and all(n == 1 for n in theirs[1:])


def _roman_run(label: str, printed: frozenset[str]) -> bool:
    """(fix12, review 12) Whether a roman-shaped ``label`` ("(i)", "(v)") is one of a run of subparagraphs printed in
    the same words (``printed``: "… other than (i) a car park or (ii) a beach": the numeral before or after it too)."""
    value = _roman(label.strip("()"))
    return value is not None and any(f"({_as_roman(n)})" in printed for n in (value - 1, value + 1) if n > 0)


def _higher_label(own: Provision, label: str, printed: frozenset[str] = frozenset()) -> bool:
    """(fix11, issue 20) Whether ``label``, printed inside words under ``own``, is one that would come after ``own``'s
    in its numbering — the next or one further on (3.4: 3.5, 3.4A, 3.6; (3): (4), (5); (g): (h), (j); (ii): (iii)):
    so it begins a provision beside ``own``, not one of its own words. A paragraph's letters that are a numeral ("(i)",
    "(v)", "(x)") count only as the very next letter ((h) → (i), (u) → (v), (w) → (x): the next paragraph or a
    subparagraph, a provision either way); after (c) an "(i)" may be a subparagraph under it. A clause numbered without
    points (10) counts only the next three numbers (11, 12, 13 and with letters, 10A): numbers further on end many a
    sentence ("… not exceed 50. The …")."""
    mine = _label_key(own.kind, own.num or "")
    if mine is None:
        return False
    for kind in _printed_kinds(label):
        theirs = _label_key(kind, label)
        if theirs is None or theirs[0] != mine[0] or not theirs[1:] > mine[1:]:
            continue
        if kind == "paragraph" and label != _next_label(own.num or "") and _roman_run(label, printed):
            continue  # (fix12) a run of subparagraphs (i), (ii) inside a paragraph's words, not a later paragraph
        if mine[0] == "clause1" and theirs[1][0] > mine[1][0] + 3:
            continue
        if mine[0] != "clause1" and kind == "clause" and not _plausibly_next(mine[1], theirs[1]):
            continue
        return True
    return False


def _no_next_label_inside(
    provisions: tuple[Provision, ...], above: tuple[Provision, ...] = (), line_starts: frozenset[tuple[str, ...]] = frozenset()
) -> None:
    """(fix10, issue 20) Refuses new text where a label after a clause's, a subclause's, a paragraph's or a
    subparagraph's own — (fix11) the next or one further on, or one after the label of a provision it stands under — is
    printed inside its words as a provision begins ("3.4. Cat tags A cat must wear a tag. Penalty: a fine of $100 3.5.
    Cat collars A cat …", "… $100 3.6 Cat collars …", "(3) … may not exceed $1 000 (5) The local government …", "(h) a
    park (i) a beach.": structure.lark's ``next_label_inside``). The copy no longer shows the lines that would set the
    next provision apart (a line with no full stop at its end, then the next label at a line's start), so read as the
    one provision it would hold the next (wrong law)."""
    for d in provisions:
        numbered = tuple(p for p in (*above, d) if p.kind in ("clause", "subclause", "paragraph", "subparagraph") and p.num)
        words = " ".join(x for x in (d.heading, d.text) if x)
        found = labels_inside(words)
        printed = frozenset(label for _, label in found)
        for at, label in found:
            after = next((p for p in reversed(numbered) if _higher_label(p, label, printed)), None)
            if after is None:
                _no_higher_kind_inside(d, (*above, d), words, at, label)
                continue
            shown = " ".join([*words[:at].split()[-7:], *words[at:].split()[:7]])
            own = f"{after.kind} {after.num}"
            which = "the label after" if label in _labels_after(after.num or "") else "a label after"
            raise InstructionNotUnderstood(
                f"the new {own}'s words hold “… {shown} …”: {label}, {which} its own, is printed inside them "
                f"as a provision begins, and the text no longer shows its lines apart, so where {own} ends is "
                "uncertain; nothing was applied"
            )
        if line_starts:
            _no_cited_line_start(words, numbered, line_starts, printed)
        _no_next_label_inside(d.children, (*above, d), line_starts)


def _no_cited_line_start(
    words: str, numbered: tuple[Provision, ...], line_starts: frozenset[tuple[str, ...]], printed: frozenset[str]
) -> None:
    """(fix13, review 13) Refuses new text where a label after a provision's own — the next or one further on — starts
    a printed line after words that would cite it ("… the relevant Australian Standard / 3.5 Cat collars A cat …",
    "(a) the Cat Act 2011 or / (b) a local planning scheme.", "… under clause 3.3 and / (b) be kept clean."): read as
    running text, the label is cited and the provision it begins is swallowed by the one before (wrong law); whether
    the words before run on into it as a citation or end there is not told by the words, so nothing is guessed."""
    for at, label in cited_labels_inside(words):
        before, after = words[:at].split()[-1:], words[at:].split()[:2]
        if not before or (before[0], *after) not in line_starts or cites_by_abbreviation(before[0]):
            continue
        after_own = next((p for p in reversed(numbered) if _higher_label(p, label, printed)), None)
        if after_own is None:
            continue
        shown = " ".join([*words[:at].split()[-7:], "/", *words[at:].split()[:7]])
        own = f"{after_own.kind} {after_own.num}"
        which = "the label after" if label in _labels_after(after_own.num or "") else "a label after"
        raise InstructionNotUnderstood(
            f"the new {own}'s words hold “… {shown} …”: {label}, {which} its own, starts a printed line (/) after "
            f"“{before[0]}”, which may cite it (“{before[0]} {label}”) or end the line before the provision it begins, "
            f"so where {own} ends is uncertain; nothing was applied — check the gazette (a full stop or semicolon "
            "ending the line, or the new text in quotation marks, tells them apart)"
        )


#: (fix12) The kinds a provision stands under, each above the next: a label of a kind above a provision's own, printed
#: inside its words, begins a provision beside it or above it
_KIND_RANK = {"clause": 0, "subclause": 1, "paragraph": 2, "definition": 2, "subparagraph": 3}


def _no_higher_kind_inside(d: Provision, numbered: tuple[Provision, ...], words: str, at: int, label: str) -> None:
    """(fix12, review 12) Refuses new text where a label of a kind ABOVE a provision's own — a clause's number with a
    point ("3.2A Cat registration") in a subclause's, a paragraph's or a definition's words, a subclause's ("(2)
    Subclause (1) …", "(3) A reference …") in a paragraph's or a definition's — is printed inside its words as a
    provision begins, where the new text holds no provision of that kind to compare it with (a subclause, a paragraph
    or a definition inserted alone): read as the one provision, it would hold the next (wrong law)."""
    rank = _KIND_RANK.get(d.kind)
    if rank is None or words[:at].rstrip()[-1:] in "\"“”'‘’":
        return  # (fix12) a label quoted ("the following subclause— “ (2) The …"): an instruction's item, refused apart
    kind = _printed_kinds(label)[0]
    if kind == "clause":
        key = _label_key("clause", label)
        if key is None or key[0] != "clause2" or max(key[1]) > 99:
            return  # (fix12) a year, an amount, a date ("1.7.2025 The …") is no clause's number here
    elif kind != "subclause":
        return
    if _KIND_RANK[kind] >= rank or any(p.kind == kind for p in numbered):
        return
    shown = " ".join([*words[:at].split()[-7:], *words[at:].split()[:7]])
    own = f"{d.kind} {d.num}" if d.num else f"definition of {d.term}" if d.term else d.kind
    raise InstructionNotUnderstood(
        f"the new {own}'s words hold “… {shown} …”: {label}, a {kind}'s label, is printed inside them as a provision "
        f"begins, and the text no longer shows its lines apart, so where the {own} ends is uncertain; nothing was "
        "applied"
    )


def _terms_narrowed(provisions: tuple[Provision, ...], terms: frozenset[str]) -> tuple[Provision, ...]:
    """(issue 20, wr4a) Each definition read with a term narrowed after its quotation marks ("“owner” of an animal means
    …", read as "owner of an animal") given the quoted words alone as its term, its words kept as printed."""
    if not terms:
        return provisions
    out = []
    for p in provisions:
        if p.kind == "definition" and p.term is not None:
            term = next((t for t in terms if p.term.startswith(t + " of ") and (p.text or "").startswith(t + " of ")), None)
            if term is not None:
                p = replace(p, term=term)
        out.append(p.with_children(_terms_narrowed(p.children, terms)))
    return tuple(out)


def payload_provisions(payload: str, notes: list[str]) -> tuple[Provision, ...]:
    """New provisions written in an instruction, read like gazette text."""
    payload = _heading_above_number(payload)
    starts = line_start_keys(payload)  # (fix13) the printed line starts of labels (reading.line_lists' LINE)
    seen: list[str] = []
    listed = MARKED_LIST_AT_END.search(payload)
    items = [" ".join(i.split()) for i in listed.group(1).split(ITEM) if i.strip()] if listed else []
    if listed and re.search(r"[—–]\s*$", payload[: listed.start()]):
        # "… section 4(1) — / local planning scheme / region planning scheme": printed a line an item
        provisions = _with_lines(_payload_provisions(unmarked(payload[: listed.start()]), seen), items)
    else:
        provisions = _payload_provisions(unmarked(payload), seen)
    payload = unmarked(payload)
    provisions = _terms_narrowed(provisions, narrowed_terms(normalise_quotes(payload)))
    payload = _BROKEN_WORD.sub(lambda m: _joined(m, payload), payload)  # as _payload_provisions reads it
    provisions = tuple(_with_note(p) for p in provisions)
    provisions = tuple(_with_penalty_line(p) for p in provisions)
    provisions = tuple(_with_inline_paragraphs(p) for p in provisions)
    provisions = tuple(_with_lines_run_on(p) for p in provisions)
    provisions = tuple(_headed_beside(p, notes) for p in provisions)
    read = [w.lower() if w.lower() in _CONTAINER_WORDS else w for p in provisions for w in _words_of(p)]
    printed = [w.lower() if w.lower() in _CONTAINER_WORDS else w for w in re.findall(r"\w+", payload)]
    if read != printed:
        # word accounting for new text: every word printed is in the provisions read, in order, and no other
        at = next((i for i, (a, b) in enumerate(zip(read, printed, strict=False)) if a != b), min(len(read), len(printed)))
        raise InstructionNotUnderstood(
            f"its new text could not be read whole (from “{' '.join(printed[max(0, at - 3) : at + 6])}”), so it is not applied"
        )
    worded = [d for d in _walk(provisions) if (d.text or "").strip()]
    if worded and (worded[-1].text or "").rstrip().endswith(","):
        # (r17, case 253) new provisions whose last words end with a comma ("… declares to be contagious," at the page
        # foot, the words that close them printed elsewhere by a copy whose lines are displaced): a provision cut off
        # before its end; putting it in would make a law the council never made, so nothing is guessed
        raise InstructionNotUnderstood(
            f"its new text ends with a comma (“{(worded[-1].text or '').rstrip()[-80:]}”), so the words that close it "
            "are not there (lines displaced or lost in the copy?); check the gazette"
        )
    for d in _walk(provisions):
        if d.kind == "clause" and not d.heading and (cited := run_in_citation(d.text or "")):
            # (review5) "3.4 Application Clause 2.4 applies to …" (its lines run together): "Application" may be the
            # heading or the first word of the clause's words; a capitalised "Clause 2.4" within a sentence is rare, so
            # it is not guessed (it was kept as words "Application Clause 2.4 …", the heading lost)
            raise InstructionNotUnderstood(
                f"the new clause {d.num} has no heading read, and its words “{as_printed(d.text or '')[:60]}” may begin with one "
                f"(“{cited[0]}”, before “{cited[1]}”), so where its heading ends is uncertain"
            )
        siblings = [c for c in (d.children if d.kind in ("part", "division", "subdivision") else ()) if c.kind == "clause"]
        if any(c.heading for c in siblings) and (bare := next((c for c in siblings if not c.heading), None)):
            # (r12) "17. Application for licence — proof of identity Evidence of the identity …" beside headed clauses:
            # its heading, not told from its words, would be put in as its words (wrong law)
            raise InstructionNotUnderstood(
                f"the new clause {bare.num} has no heading read, though the clauses beside it have (its words “"
                f"{(bare.text or '')[:60]}” may begin with it), so where its heading ends is uncertain"
            )
        if d.kind in ("part", "division", "subdivision") and (runs := _runs_on(d.heading)):
            # (r10) "Division 2 — Permits for trading Subdivision 1 — Application 2.4. Application for …" read as one
            # heading: the headings and clauses under it, whose lines the text no longer shows apart, would become
            # heading words (wrong law); where the heading ends is uncertain, so it is not guessed
            raise InstructionNotUnderstood(
                f"the new {d.kind} heading “{(d.heading or '')[:100]}” runs on into what reads as another heading or a "
                f"clause (“{runs.strip()[:60]}”), so where the heading ends is uncertain"
            )
        if subs := subdivisions(d.text or ""):
            # "… property. Subdivision 1 — Application 2.5. …" kept as a clause's words: a Subdivision and the
            # clauses under it would become words of the clause before (wrong law)
            raise InstructionNotUnderstood(
                f"the new text “{as_printed(d.text or '')[:60]}” runs on into what reads as a Subdivision heading and a clause "
                f"(“{as_printed(d.text or '')[subs[0][0] : subs[0][0] + 60]}”), so where the {d.kind} ends is uncertain"
            )
        if not d.children and list_run_together(d.text or ""):
            # "… section 4(1) — local planning scheme region planning scheme": a list printed a line an item, whose
            # lines the text no longer shows apart; the items cannot be told apart for certain.
            raise InstructionNotUnderstood(
                f"the new text “{as_printed(d.text or '')[-80:]}” ends in a list whose lines have run together, so its items are uncertain"
            )
        unmarked_terms = unmarked_definitions(d.text or "") if d.kind != "definition" else None
        if unmarked_terms and not any(c.kind == "definition" for c in d.children):
            # "(1) In this clause brigade officer has the meaning given in clause 3(1); take control means …": definitions
            # whose terms are neither quoted nor in bold, run into the words that introduce them; where each term
            # begins is not printed, so none is guessed.
            raise InstructionNotUnderstood(
                f"the new text “{unmarked_terms[:100]}” defines terms that are neither quoted nor in bold, so "
                "where each term begins and ends is uncertain; write each term as **term** means …"
            )
        after = after_connector(d.text or "") if d.kind in ("paragraph", "subparagraph") and not d.children else None
        if after:
            # "(c) … is transferred to another; or fixture on land when …": words after the connector that ends a
            # paragraph, with no label of their own (a copy whose columns the OCR interleaved): they belong to no
            # paragraph that can be told, so none is guessed
            raise InstructionNotUnderstood(
                f"the words “{_LABEL_CUT.split(after[1])[0][:80]}” follow the “{after[0]}” that ends the new paragraph "
                f"{d.num or ''} and have no label of their own, so which provision they belong to is uncertain (lines out "
                "of order in the copy?); check the gazette"
            )
        if d.kind in ("clause", "subclause", "text") and not d.children and (listed_on := run_on_definition(d.text or "")):
            # (r12) "(3) In this clause — “a” and “b” have the same meanings …; unit means …": definitions left as the
            # words of the provision that introduces them (their terms' marks taken off, no term read): the terms
            # would be lost (wrong law), so none is guessed
            raise InstructionNotUnderstood(
                f"the new text “{as_printed(d.text or '')[:80]}” holds definitions that could not be read apart "
                f"(“{listed_on[1][2:60]}”), so they are not applied"
            )
        run_on = run_on_definition(d.text or "") if d.kind == "definition" else None
        if run_on:
            # Another definition seems to begin inside this one: where each ends is uncertain, so none is guessed.
            raise InstructionNotUnderstood(
                f"the new definition of “{d.term}” runs on into what reads as another (“{run_on[1][2:]}”), "
                "so where each definition ends is uncertain"
            )
    # (fix10) after the refusals above, which name what ran on more closely (a Subdivision's heading, a definition)
    _no_next_label_inside(provisions, line_starts=starts)
    # How headings were told apart is said once for the whole instrument, not per payload.
    notes += [n for n in seen if "clause heading(s)" not in n]
    return provisions


_CONTAINER_WORDS = ("part", "division", "subdivision")
_LABEL_CUT = re.compile(r" (?=\(\w{1,4}\) )")


def _with_lines(provisions: tuple[Provision, ...], items: list[str]) -> tuple[Provision, ...]:
    """``provisions`` with ``items`` (a list printed a line an item) as lines of the last of them, whose words end with
    the dash that opens the list; unchanged (items run into its words) when it does not end so or holds provisions."""
    if not provisions:
        return provisions
    last = provisions[-1]
    if last.children:
        return (*provisions[:-1], replace(last, children=_with_lines(last.children, items)))
    if not re.search(r"[—–]$", (last.text or "").rstrip()):
        return (*provisions[:-1], replace(last, text=f"{last.text or ''} {' '.join(items)}".strip()))
    lines = tuple(Provision(kind="text", text=i) for i in items)
    return (*provisions[:-1], replace(last, children=lines))


def _words_of(p: Provision) -> list[str]:
    keyword = p.kind if p.kind in _CONTAINER_WORDS else ""  # "Part 3A — …": the keyword is printed, not stored
    parts = [keyword, p.num or "", p.heading or "", p.text or "", *p.cells]
    return [w for part in parts for w in re.findall(r"\w+", part)] + [w for c in p.children for w in _words_of(c)]


#: (known2) Paragraphs (a), (b), … run into a subclause's words after a lead-in that lost its dash ("… of this by-law may
#: (a) apply to …; (b) be expressed …; and (c) be revoked …."): each after the one before has ended with ";", "; and"
#: or "; or", its words beginning in small letters.
_INLINE_PARAGRAPH = re.compile(r"(?:(?<=\s)|^)\((?P<l>[a-z])\)\s+(?=[a-z])")


def _with_inline_paragraphs(p: Provision) -> Provision:
    """``p`` (a subclause or clause with no provisions of its own) with paragraphs (a), (b), … printed in its words
    after its own (``_INLINE_PARAGRAPH``) made its paragraphs: only a run of two or more labelled in order from (a), each
    but the last ended as a list's items end, the last ending the words; else ``p`` as it is."""
    text = p.text or ""
    if p.kind not in ("clause", "subclause") or p.children:
        return replace(p, children=tuple(_with_inline_paragraphs(c) for c in p.children)) if p.children else p
    labels = list(_INLINE_PARAGRAPH.finditer(text))
    if len(labels) < 2 or labels[0].group("l") != "a" or labels[0].start() == 0:
        return p
    if any(b.group("l") != chr(ord(a.group("l")) + 1) for a, b in pairwise(labels)):
        return p
    ends = [m.start() for m in labels[1:]] + [len(text)]
    items = [text[m.end() : end].strip() for m, end in zip(labels, ends, strict=True)]
    if not all(re.search(r";(?:\s+(?:and|or))?$", i) for i in items[:-1]) or not items[-1].endswith("."):
        return p
    children = tuple(Provision(kind="paragraph", num=f"({m.group('l')})", text=i) for m, i in zip(labels, items, strict=True))
    return replace(p, text=text[: labels[0].start()].strip(), children=children)


def _with_note(p: Provision) -> Provision:
    """A definition followed by its note ("…; Note for this definition: …": new_text.lark's ``note``): the note is the
    definition's own text lines."""
    note = definition_note(p.text or "") if p.kind == "definition" else None
    if not note:
        return p
    at, label, words = note
    notes = (Provision(kind="text", text=label), Provision(kind="text", text=words))
    return replace(p, text=(p.text or "")[:at], children=notes + p.children)


def _with_penalty_line(p: Provision) -> Provision:
    """``p`` with a penalty line printed at the end of its words ("Penalty for this subclause: …"), run into them in a
    payload whose lines were joined, as a text line of the provision it names (the last of them); unchanged when no
    provision of that kind holds it."""
    lifted, line = _lift_penalty(p)
    return p if line is not None else lifted


#: (review4 x14) "(1) … on premises. Penalty: $300. (2) … Note: A permit …": a penalty or note line run into the
#: words of the provision it follows, in a payload whose lines were joined
_RUN_ON_LINE = re.compile(r"(?<=[.;:])\s+(?=(?:Penalty|Note):\s+\S)")


def _with_lines_run_on(p: Provision) -> Provision:
    """``p`` with each "Penalty: …" or "Note: …" line run into the end of a provision's words as a text line of that
    provision, as a principal law stores them (the note of 2.3(2), the penalty of a clause); unchanged where the
    provision holds provisions of its own (the lines' place among them is not printed)."""
    children = tuple(_with_lines_run_on(c) for c in p.children)
    p = replace(p, children=children) if children != p.children else p
    if p.kind in ("text", "definition", "item") or any(c.kind != "text" for c in p.children):
        return p
    parts = _RUN_ON_LINE.split(p.text or "")
    if len(parts) < 2 or not parts[0].strip():
        return p
    lines = tuple(Provision(kind="text", text=line.strip()) for line in parts[1:])
    return replace(p, text=parts[0].rstrip(), children=lines + p.children)


def _headed_beside(p: Provision, notes: list[str]) -> Provision:
    """(r12) ``p`` with the heading of a new clause that has none read, where clauses beside it under the same Part or
    Division have theirs ("17. Application for licence — proof of identity Evidence of the identity …"): its words up
    to the first that begins its sentence — a capitalised word after a small one that is not a word a heading never
    ends in, with a small word after it ("identity Evidence of"); unchanged where no such word is found (it is then
    refused, ``payload_provisions``)."""
    kids = tuple(_headed_beside(c, notes) for c in p.children)
    if p.kind in ("part", "division", "subdivision") and any(c.kind == "clause" and c.heading for c in kids):
        told = []
        for c in kids:
            split = _heading_in_words(c.text or "") if c.kind == "clause" and not c.heading else None
            if split is not None:
                notes.append(
                    f"the heading of new clause {c.num} (“{split[0]}”) told from its words by wording alone; check the gazette"
                )
                c = replace(c, heading=split[0], text=split[1])
            told.append(c)
        kids = tuple(told)
    return replace(p, children=kids) if kids != p.children else p


def _heading_in_words(text: str) -> tuple[str, str] | None:
    words = text.split(" ")
    for i in range(2, min(len(words) - 1, 16)):
        w, before, after = words[i], words[i - 1], words[i + 1]
        if (
            re.fullmatch(r"[A-Z][a-z’']+", w)
            and re.fullmatch(r"[a-z][a-z’'-]*", before)
            and before not in HEADING_NEVER_ENDS
            and re.fullmatch(r"[a-z][\w’'-]*[,;]?", after)
        ):
            return " ".join(words[:i]), " ".join(words[i:])
        if re.search(r"[.;:,]$", w):
            return None  # a heading holds no sentence's mark
    return None


#: (r12) A plain penalty line ending a provision's words, one sentence ("… an offence. Penalty: $1 000.").
_PLAIN_PENALTY = re.compile(r"(?<=[.;])\s+(Penalty: (?:[^.;:]|\.(?=\d))+\.)\s*$")


def _lift_penalty(p: Provision) -> tuple[Provision, tuple[str, str] | None]:
    if p.children:
        # (r12) "(1) … Penalty for this subclause: … (2) … Penalty for this subclause: …": each subclause's own line,
        # not only the last one's (a line an earlier one does not hold stays its words)
        kids = [lifted if line is None else c for c in p.children[:-1] for lifted, line in [_lift_penalty(c)]]
        last, line = _lift_penalty(p.children[-1])
        p = replace(p, children=(*kids, last))
    else:
        # "… of the CEO. Penalty for this subclause: a fine of $2 000." (new_text.lark's penalty_line)
        found = penalty_line(p.text or "") if p.kind != "text" else None
        line = (found[2].replace("-", "").lower(), found[1]) if found else None
        if found:
            p = replace(p, text=(p.text or "")[: found[0]])
        elif p.kind == "subclause" and (plain := _PLAIN_PENALTY.search(p.text or "")):
            # (r12) "(2) A street trader who fails … is guilty of an offence. Penalty: One hundred dollars.": the
            # penalty line a subclause's words end with is that subclause's own line, as the law prints it
            line = ("subclause", plain.group(1))
            p = replace(p, text=(p.text or "")[: plain.start()])
    if line is not None and line[0] == p.kind:
        return replace(p, children=(*p.children, Provision(kind="text", text=line[1]))), None
    return p, line


def _walk(provisions: tuple[Provision, ...]) -> list[Provision]:
    return [q for p in provisions for q in (p, *_walk(p.children))]


_BROKEN_WORD = re.compile(r"\b(?P<a>[A-Za-z]{2,})- (?P<b>[a-z]{2,})\b")


def _joined(m: re.Match[str], text: str) -> str:
    """A word the copy broke over a line after a hyphen ("sub- clause"), joined as the text spells it elsewhere: whole
    ("subclause", "subclauses") when it is printed so and never hyphenated ("sub-clause"); otherwise as printed."""
    whole = m.group("a") + m.group("b")
    elsewhere = text[: m.start()] + " " + text[m.end() :]
    hyphenated = re.search(r"\b" + re.escape(m.group("a")) + "-" + re.escape(m.group("b")) + r"s?\b", elsewhere, re.I)
    spelt_whole = re.search(r"\b" + re.escape(whole) + r"s?\b", elsewhere, re.I)
    return whole if spelt_whole and not hyphenated else m.group(0)


def without_term_marks(text: str) -> str:
    """``text`` with the quotation marks around each defined term taken off (``marked_terms``)."""
    out, at = [], 0
    for mark, begin, end, close in marked_terms(text):
        out += [text[at:mark], text[begin:end]]
        at = close
    # (r12) "… provider and “private provider” have the same meanings …": the second term of a definition of two, bold
    # where it stands (the definition's own term is its first: structure.lark's second_term)
    text, out, at = "".join(out) + text[at:], [], 0
    # (wr7) of three or more ("animal, “dog” and “owner” have …"), each after the first, its ", " or " and " kept
    for _begin, end, term in second_terms(text):
        out += [text[at : end - len(term) - 2], f"**{term}**"]
        at = end
    return "".join(out) + text[at:]


def _payload_provisions(payload: str, notes: list[str]) -> tuple[Provision, ...]:
    # "… of the Act;Government road means —": a semicolon glued to the next word (a copy that lost the line break
    # between two definitions) ends the words before it, as it does with a space after it
    text = re.sub(r";(?=[A-Za-z])", "; ", payload.strip())
    # "… as follows:— 3. These by-laws …": the dash of an older ":—" left before the new text opens it, no words
    text = re.sub(r"^[—–]\s*(?=\d)", "", text)
    # "… a still-born child; ." (an older insertion's closing full stop, spaced after the new words' own mark)
    text = re.sub(r"([;,.])\s+\.$", r"\1", text)
    # "… under sub- clause (6a) …": a word the copy broke over a line after a hyphen (a hyphen before a space is no
    # hyphen of a word); joined where the new text spells the whole word elsewhere ("subclauses (5) and (6)")
    text = _BROKEN_WORD.sub(lambda m: _joined(m, text), text)
    # A defined term printed in quotation marks (“local government” has the same meaning …), double or single
    # (‘local government’ …, as older blocks print a term inside their own double marks): the marks only show the
    # term, as bold type does, and the law's files mark it with ** instead (new_text.lark's marked_term).
    text = without_term_marks(text)
    # "2.3. Part does not apply …", "2.5A. Waste collection", (r8) "2A.1. Application of Part" (a clause of a Part
    # 2A): a new clause's label printed with a full stop after it (at
    # the start, or after the full stop that ends the provision before; never after a word that cites it)
    text = re.sub(r"(?:^|(?<=[.;] ))(?<![Cc]lause )(\d+[A-Z]{0,2}\.\d+[A-Z]{0,2})\.(?= [A-Z])", r"\1", text)
    # (r7) "Division 2 — Microchipping 3.4. Microchipping of dogs …": the same, after a Part or Division heading that
    # opens the new text (structure.lark's label_after_heading)
    if (stop := label_after_heading(text)) is not None:
        text = text[:stop] + text[stop + 1 :]
    alone_heading = heading_only(text)
    if alone_heading:
        # "Division 1 — General provisions": a Division (or Part) heading inserted alone, with no provisions of its own
        # (new_text.lark's heading_only)
        kw, num, heading = alone_heading
        alone: Literal["part", "division"] = "part" if kw.lower() == "part" else "division"
        return (Provision(kind=alone, num=num, heading=heading),)
    penalty = penalty_payload(text)
    if penalty is not None:
        # "Penalty: a fine of $5 000." / "Penalty: (a) for an individual, …; (b) for a body corporate, …": a penalty
        # line (a provision's own line of text), with the limbs that follow it as paragraphs (new_text.lark's
        # penalty_payload)
        limbs = text[penalty:].strip()
        if not limbs.startswith("("):
            return (Provision(kind="text", text=text),)
        paragraphs = StructureParser(mode="payload", root_kind="subclause", notes=notes).parse(limbs)
        return (Provision(kind="text", text=text[:penalty].strip()), *paragraphs)
    dashed = dash_definitions(text)
    if dashed and (d := DEF_START.match(text)) and def_term_ok(d):
        # "exempt fence — (a) means …; but (b) does not include …": a definition whose words are all in its
        # paragraphs (new_text.lark's dash_definition); the definitions before it are read as usual, each such one
        # with its paragraphs
        out: list[Provision] = []
        cuts = [start for start, _, _ in dashed] + [len(text)]
        if cuts[0] > 0:
            out += _payload_provisions(text[: cuts[0]], notes)
        for (start, term_end, first), end in zip(dashed, cuts[1:], strict=True):
            # (r12) "… (b) includes — (i) …; and (ii) …; trading permit holder means …": a definition of words after
            # the last paragraph's semicolon begins there (``run_on_definition``); read into subparagraph (ii) it
            # would be that subparagraph's words (wrong law)
            ends = run_on_definition(text[first:end])
            stop = first + ends[0] + 1 if ends is not None else end
            parser = StructureParser(mode="payload", root_kind="definition", notes=notes)
            children = parser.parse(text[first:stop])
            term = text[start:term_end]
            out.append(Provision(kind="definition", term=term, text=f"{term} —", children=children))
            if stop < end:
                out += _payload_provisions(text[stop:end], notes)
        return tuple(out)
    # (a clause numbered "9." is no defined term: "9. Agenda to include motions …" is a clause, not "9. Agenda to" defined)
    if (d := DEF_START.match(text)) and def_term_ok(d) and not re.match(r"\(|\d+\.\d+|\d+[A-Z]{0,2}\.\s", text):
        parser = StructureParser(mode="payload", root_kind="subclause", notes=notes)
        parser.root.defs = True
        return parser.parse(text)
    if re.match(r"\d+(?:\.\d+)+[A-Z]{0,2} ", text):
        return StructureParser(mode="law", notes=notes).parse(text)
    if (part := divided(text)) is not None:
        # (r12) "PART 5 — LICENSING PROCEDURES Division 1 — Applications 17. … Division 2 — Fees 19. …": a whole Part
        # inserted, its heading then its Divisions, each its heading then its clauses (structure.lark's divided,
        # division_head)
        rest = text[part[2] :]
        starts = list(division_heads(rest))
        if not starts or starts[0] != 0:
            return ()
        divisions: tuple[Provision, ...] = ()
        for a, b in zip(starts, [*starts[1:], len(rest)], strict=True):
            got = _payload_provisions(rest[a:b].strip(), notes)
            if len(got) != 1 or got[0].kind != "division" or not got[0].children:
                return ()
            divisions += got
        return (Provision(kind="part", num=part[0], heading=part[1], children=divisions),)
    # "Part 3A — Annual return 18A. …", "Division 2 — Permits Subdivision 1 — …" (structure.lark's container_clauses,
    # subdivided)
    container = container_opening(text)
    if container is None and subdivisions(text):
        # "Division 2 — Permits 2.4 Application of this Division … Subdivision 1 — Application 2.5. …": a Division
        # whose Subdivisions follow a clause of its own (its label's full stop taken off above; clause_first)
        container = clause_first(text)
    if container:
        # "Part 3A — Annual return 18A. Terms used …": a whole Part or Division inserted, its heading then its clauses;
        # (r10) "Division 2 — Permits Subdivision 1 — Application 2.4. Application for permit …": its Subdivisions,
        # each its heading then its clauses
        kw, container_num, container_heading, under = container
        rest = text[under:]
        subs = subdivisions(rest)
        if subs:
            # (the clauses of the Division before its first Subdivision, if any: "Division 2 — … 2.4. Application of
            # this Division … Subdivision 1 — …")
            first = subs[0][0]
            held: tuple[Provision, ...] = _payload_provisions(rest[:first].strip(), notes) if first else ()
            if first and (not held or any(c.kind != "clause" for c in held)):
                return ()
            for (_, sub_end, sub_num, sub_heading), end in zip(subs, [s[0] for s in subs[1:]] + [len(rest)], strict=True):
                clauses = _payload_provisions(rest[sub_end:end].strip(), notes)
                if not clauses or any(c.kind != "clause" for c in clauses):
                    return ()
                held += (Provision(kind="subdivision", num=sub_num, heading=sub_heading, children=clauses),)
        else:
            held = _payload_provisions(rest, notes)
            if not held or any(c.kind != "clause" for c in held):
                return ()
        level: Literal["part", "division"] = "part" if kw.lower() == "part" else "division"
        return (Provision(kind=level, num=container_num, heading=container_heading, children=held),)
    unheaded = re.match(r"(?P<num>\d+[A-Z]{0,2})\.\s+(?=\(1\)\s)", text)
    if unheaded and another_clause(text, unheaded.end()) is None:
        # (known2) "13A. (1) The Council may exempt … (2) …": one unheaded clause (an older by-law), its subclause (1)
        # printed on its number's line
        children = StructureParser(mode="payload", root_kind="clause", notes=notes).parse(text[unheaded.end() :])
        return (Provision(kind="clause", num=unheaded.group("num"), children=children),)
    whole = re.match(r"(\d+)[A-Z]{0,2}\.\s+[A-Z]", text)
    if whole:
        # "3. Terms used …": a clause of a law numbered 1., 2., 3.
        parser = StructureParser(mode="instrument", notes=notes)
        parser.new_text = True
        parser.last_int_clause = int(whole.group(1)) - (0 if text[len(whole.group(1))].isalpha() else 1)
        return parser.parse(text)
    kind = "clause" if re.match(r"\(\d", text) else "subclause"
    return StructureParser(mode="payload", root_kind=kind, notes=notes).parse(text)


def _schedule_payload(num: str, payload: str, notes: list[str]) -> str:
    from ..reading.tables import read_offence_table  # a new schedule's table only: not imported by every amend

    table = read_offence_table(payload, notes, f"the new Schedule {num}")
    if table is None:
        return render_fragment((_schedule_text(num, payload),))
    heading = table.before[0] if table.before else None
    rows = tuple(Provision(kind="item", num=row_num(table.header, r), cells=r) for r in table.rows)
    extra = (Provision(kind="text", text=table.after),) if table.after else ()
    return render_fragment((Provision(kind="schedule", num=num, heading=heading, cells=table.header, children=rows + extra),))


_BAR_ROW = re.compile(r"\|(?:[^|]*\|)+")
_BAR_SEPARATOR = re.compile(r"\|(?:\s*:?-{3,}:?\s*\|)+")


def _schedule_text(num: str, payload: str) -> Provision:
    """A new schedule that holds no prescribed-offence table: its table printed with its cells between bars ("Schedule
    2—FEES | Item | Description | Fee $ | |---|---| | 1 | … |") read into its heading, column headings and rows, as a
    principal law's schedule table is stored; else its words as one line. A table that cannot be read into its rows,
    or a heading running on into the words under it, is refused (issue 20, x08): one line of text holding a table's
    words would pass the word check with the table lost."""
    flat = " ".join(payload.split())
    heading = None
    own = schedule_heading(flat, num)  # "Schedule 2—" (structure.lark's schedule_heading)
    if "|" in flat:
        before, bar, rest = flat.partition("|")
        before = before.strip()
        if own is not None and before.startswith(own.strip()):
            heading = before[len(own) :].strip() or None
        elif before:
            raise InstructionNotUnderstood(
                f"the new Schedule {num} prints “{before[:80]}” before its table, which is not its heading "
                f"(“Schedule {num}—…”), so what it is is uncertain"
            )
        rows = [r.strip() for r in re.split(r"(?<=\|)\s+(?=\|)", bar + rest) if r.strip()]
        header: tuple[str, ...] = ()
        if len(rows) > 1 and _BAR_SEPARATOR.fullmatch(rows[1]):
            header = _bar_cells(rows[0])
            rows = rows[2:]
        cells = [_bar_cells(r) for r in rows if _BAR_ROW.fullmatch(r)]
        width = len(header) or (len(cells[0]) if cells else 0)
        if not cells or len(cells) != len(rows) or any(len(c) != width or not all(c) for c in cells) or width < 2:
            raise InstructionNotUnderstood(
                f"the table of the new Schedule {num} (“{(bar + rest)[:80]}”) could not be read into its rows and "
                "columns, so it is not applied"
            )
        items = tuple(Provision(kind="item", num=row_num(header, c), cells=c) for c in cells)
        return Provision(kind="schedule", num=num, heading=heading, cells=header, children=items)
    if own is not None or re.match(r"Item\b", flat):
        # "Schedule 2—Fees Item Description Fee $ 1 Permit … 60 2 …": its heading, column headings and rows run
        # together; where the heading ends and how the rows divide into columns is not printed
        raise InstructionNotUnderstood(
            f"the new Schedule {num} (“{flat[:80]}”) runs its heading into the words under it, which may be a table "
            "whose columns are not printed apart, so where its heading ends and what its rows are is uncertain; "
            "print its table with its cells between bars"
        )
    return Provision(kind="schedule", num=num, children=(Provision(kind="text", text=payload),))


def _bar_cells(row: str) -> tuple[str, ...]:
    return tuple(" ".join(c.split()) for c in row.strip().strip("|").split("|"))


def _rows_payload(payload: str) -> str | None:
    from ..reading.tables import OFFENCE_ROW  # rows of a table only: not imported by every amend

    rows = []
    pos = 0
    flat = " ".join(payload.split())
    while pos < len(flat):
        m = OFFENCE_ROW.match(flat, pos)
        if not m:
            return None
        rows.append(
            Provision(kind="item", num=m.group("n"), cells=(m.group("n"), m.group("cl"), m.group("desc"), m.group("pen")))
        )
        pos = m.end() + 1
    return render_fragment(tuple(rows)) if rows else None


# --- the families ----------------------------------------------------------------------------------


def _words(value: str) -> str:
    v = value.strip()
    return PUNCTUATION_WORDS.get(v.lower(), v)


#: The title a law named only by its gazette is given until ``amend`` finds it by that gazette's date and page.
GAZETTE_NAMED = re.compile(
    r"^the (?:local law|by-law) published in the Gazette on (?P<date>\d{4}-\d{2}-\d{2}) at page (?P<page>\d+)$"
)


def _repealed_laws(text: str) -> list[tuple[str, str | None]]:
    """(title, gazette date) of each law a repeal instruction repeals, or [] when it repeals no whole law.

    "The Shire of X Local Law 2010 as published in the Government Gazette on D is repealed." and lists —
    "The following local laws are repealed— (a) X as published … on D; and amended on D2 and D3. (b) …" —
    whose items may carry their own publication and amendment history (kept out of the title). A repeal whose words
    except part of a law ("…, other than by-law 2, are repealed", "(except by-law 4)") is refused, naming them: a
    partial repeal is not read.
    """
    text = footnoted_repeal(text)  # (r11) "The X* are repealed. [* Published in Gazette of D …]"
    found = _whole_laws_repealed(text)
    if any(provision_of(t) for t, _ in found):
        # (review) "By-law 3 of the Shire of X By-laws … is repealed.": one provision of a law, not the law; read as the
        # repeal of a law titled "By-law 3 of …", it waited for a law of that name (or might be taken for the law).
        # (wrongref) No whole law is repealed: the grammar reads it as the provision deleted (wa.lark's of_law), only in
        # the instrument's one law amended, else refused (grammar/read.py's _law_named_read)
        return []
    if "repeal" in text.lower():
        from .grammar.parse import repeal_excepting

        excepting = repeal_excepting(text)
        if excepting is not None and (found or _repeal_shaped(text)):
            raise InstructionNotUnderstood(
                f"it repeals a law only in part (“{excepting}”): a partial repeal is not read, and repealing the whole "
                "law would be wrong; amend the instrument file by hand"
            )
    return found


def _repeal_shaped(text: str) -> bool:
    """Whether ``text`` has the frame of a repeal of laws (grammar/repeal.lark), whatever the laws it names read as."""
    if repeal_lead(text) or repeal_lead(text, "repeal_by_gazette") or barred_repeal(text) or titled_repeal(text):
        return True
    from .grammar.parse import repeal_excepting

    one = repealed_one(text)
    end = re.search(r"\s(?:is|are)\s+(?:hereby\s+)?repealed\b", text, re.I) if one is None else None
    if end is not None:
        # "The X By-laws … are repealed, except by-law 2.": the law named, its repeal, and at once words of exception
        rest = text[end.end() :].lstrip(" ,(—–-")
        if (excepting := repeal_excepting(rest)) is not None and rest.startswith(excepting):
            one = text[: end.start()]
    return one is not None and re.search(r"\b(?:Local Laws?|By-?laws?)\b", one, re.I) is not None


def _whole_laws_repealed(text: str) -> list[tuple[str, str | None]]:
    """(title, gazette date) of each law a repeal instruction repeals (``_repealed_laws``), or []."""
    barred = barred_repeal(text)  # the rows of a table printed between bars (grammar/repeal.lark's barred_repeal)
    if barred is not None:
        return _barred_titles(barred)
    table = titled_repeal(text)  # the titles under "Table", a line each (grammar/repeal.lark's titled_repeal)
    if table is not None:
        # One title a line, run together: each begins with the council's or road board's name.
        rows = re.split(r"(?<=\S)\s+(?=(?:Shire|Town|City|Municipality) of )", table.strip())
        if all(len(re.findall(r"\b(?:Local Laws?|By-?laws?)\b", r, re.I)) == 1 for r in rows):
            return [(" ".join(r.split()).rstrip(".;, "), None) for r in rows]
        return []
    # "… the by-laws published in the Gazette on the following dates, at the specified pages, are repealed —": laws named
    # only by the gazette that published them; each item a date and the page it begins on ("(a) 9 April 1958 p. 727;")
    dated = repeal_lead(text, "repeal_by_gazette")  # grammar/repeal.lark
    if dated:
        items = [i.strip() for i in re.split(r"(?:^|\s)\([a-z]{1,2}\)\s*", text[dated[1] :]) if i.strip()]
        found = [gazette_item(i) for i in items]  # (its date's words, its page): grammar/repeal.lark's gazette_item
        if not items or any(g is None or printed_date(g[0]) is None for g in found):
            return []
        kind = "local law" if re.search(r"local laws?", text[dated[0] : dated[1]], re.I) else "by-law"
        return [
            (f"the {kind} published in the Gazette on {d.isoformat()} at page {g[1]}", d.isoformat())
            for g in found
            if g is not None and (d := printed_date(g[0])) is not None
        ]
    listed = repeal_lead(text)  # "The following local laws … are repealed—" (grammar/repeal.lark)
    if listed:
        items = _numbered_items(text[listed[1] :]) or re.split(r"(?:^|\s)\([a-z]{1,2}\)\s+", text[listed[1] :])
        items = [i.strip() for i in items if i.strip()]
    else:
        one = repealed_one(text)  # "X is repealed.", X no provision (grammar/repeal.lark)
        if one is None:
            return []
        items = [one]
    out = []
    for item in items:
        m = repeal_item(item.strip())  # its title, and its publication's date (grammar/repeal.lark)
        if not m or not re.search(r"\b(?:Local Laws?|By-?laws?)\b", m[0], re.I):
            return []
        title = " ".join(m[0].split()).rstrip(",;. ")
        d = printed_date(m[1]) if m[1] else None
        out.append((title, d.isoformat() if d else None))
    return out


def _barred_titles(rows_text: str) -> list[tuple[str, str | None]]:
    """(r4) "The by-laws and the local law specified in the Table to this clause are repealed. Table | Title | Published
    in the Government Gazette | |---|---| | … |" / "The local laws specified in the Schedule are repealed. Schedule—Local
    laws repealed | Item | Title | Government Gazette | …": the laws repealed are the rows of a table printed between
    bars.

    (title, gazette date) of each row of a repeal table printed between bars: its heading row names the column
    "Title" (and the one of the gazette); every other row must hold one law's title there, and a date, if that column
    is given, that reads; else [] (nothing is repealed on a guess)."""
    rows = [r.strip() for r in re.split(r"(?<=\|)\s+(?=\|)", rows_text.strip()) if r.strip()]
    cells = [[" ".join(c.split()) for c in r.strip("|").split("|")] for r in rows]
    cells = [c for c in cells if not all(re.fullmatch(r":?-+:?", x) for x in c)]
    if len(cells) < 2:
        return []
    head, body = [c.lower() for c in cells[0]], cells[1:]
    title_col = head.index("title") if "title" in head else None
    date_col = next((i for i, c in enumerate(head) if "gazette" in c), None)
    if title_col is None or any(len(c) != len(head) for c in body):
        return []
    out: list[tuple[str, str | None]] = []
    for c in body:
        title = c[title_col].rstrip(".;, ")
        if len(re.findall(r"\b(?:Local Laws?|By-?laws?)\b", title, re.I)) != 1:
            return []
        d = printed_date(c[date_col]) if date_col is not None else None
        if date_col is not None and d is None:
            return []
        out.append((title, d.isoformat() if d else None))
    return out


def _numbered_items(text: str) -> list[str]:
    """The items of a list numbered "1. … 2. … 3. …" (each number the next, after the end of the item before it), or
    [] when ``text`` does not begin with "1."."""
    if not re.match(r"1\.\s", text):
        return []
    items, n, start = [], 2, 2
    while (m := re.compile(rf"(?<=[;.])(?:\s+and)?\s+{n}\.\s+(?=[A-Z])").search(text, start)) is not None:
        items.append(text[start : m.start()])
        start, n = m.end(), n + 1
    return [*items, text[start:]]


def repeal_frame(text: str) -> tuple[str, str | None]:
    """(head, payload) of a repeal instruction (``_repealed_laws`` reads it): "The following local laws are repealed" and
    its items; "The local laws specified in the Table to this clause are repealed" and its table; a law named in the head
    ("The Shire of X Local Law 2001 as published … is repealed."), with no payload."""
    listed = repeal_lead(text) or repeal_lead(text, "repeal_by_gazette")  # grammar/repeal.lark
    if listed:
        return text[: listed[1]].strip().rstrip("—:;–- "), text[listed[1] :].strip()
    table = repeal_table(text)  # where the table of laws repealed begins (grammar/repeal.lark's table_follows)
    if table is not None:
        return text[:table].strip().rstrip("."), text[table:].strip()
    return text, None


def _op(unit: Unit, **kw: str | None) -> Operation:
    # the marks that keep a list's lines apart (reading.line_lists) are never words of the law: none of the operation's
    # words carries them (a heading or words printed on a line of their own after "insert—"); new provisions are read
    # apart (payload_provisions), and amend.py refuses an operation that still holds one
    from ..core.operations import CARRY_PROVISIONS

    carries = kw.get("action") in CARRY_PROVISIONS
    clean = {k: unmarked(v) if isinstance(v, str) and (k != "new" or not carries) else v for k, v in kw.items()}
    return Operation(clause=unit.clause, source=unmarked(unit.text), **clean)  # type: ignore[arg-type]


def _substitute(unit: Unit, targets: list[str], payload: str, notes: list[str]) -> list[Operation]:
    new = _headed_clause(payload) or payload_provisions(payload, notes)
    if len(new) == len(targets) and all(t.endswith(p.num or "\0") for t, p in zip(targets, new, strict=True)):
        return [_op(unit, action="substitute", target=t, new=render_fragment((p,))) for t, p in zip(targets, new, strict=True)]
    k = len(targets)
    if 1 < k < len(new) and all(t.endswith(p.num or "\0") for t, p in zip(targets, new[:k], strict=True)):
        # "Clause 27(2) and (3) are repealed and the following subclauses are inserted instead — (2) … (3) … (4) …":
        # each provision replaced by the new one of its label, the rest inserted after the last of them
        return [
            *(_op(unit, action="substitute", target=t, new=render_fragment((p,))) for t, p in zip(targets, new[:k], strict=True)),
            _op(unit, action="insert", target=targets[-1], position="after", new=render_fragment(new[k:])),
        ]
    if 1 <= len(new) < k and all(t.endswith(p.num or "\0") for t, p in zip(targets, new, strict=False)):
        # (r13) "Delete clause 2.3(b) to (e) and insert: (b) … (c) … (d) …": each provision replaced by the new one of its
        # label, the ones left over deleted (so that no new provision is put beside an old one of the same label)
        return [
            *(_op(unit, action="substitute", target=t, new=render_fragment((p,))) for t, p in zip(targets, new, strict=False)),
            *(_op(unit, action="delete", target=t) for t in targets[len(new) :]),
        ]
    if len(targets) == 1 and len(new) > 1 and new[0].num and targets[0].endswith(new[0].num):
        # "Delete clause 12A(2)(b) and insert: (b) … (c) …": (b) replaced, (c) inserted after it
        return [
            _op(unit, action="substitute", target=targets[0], new=render_fragment(new[:1])),
            _op(unit, action="insert", target=targets[0], position="after", new=render_fragment(new[1:])),
        ]
    ops = [_op(unit, action="substitute", target=targets[0], new=render_fragment(new))]
    deletes = [_op(unit, action="delete", target=t) for t in targets[1:]]
    if any(p.num and any(t.endswith(p.num) for t in targets[1:]) for p in new):
        # (r16) "Delete clause 9(2) and (3) and insert: (1A) … (2) … (3) …": the new text has the labels of the
        # provisions it replaces after one inserted before them; those go first, so that the new (3) is not put beside
        # the old (3) (apply.py's fit check takes the new text only if its labels run on from the one before)
        return deletes + ops
    return ops + deletes


def _headed_clause(payload: str) -> tuple[Provision, ...] | None:
    """ "Information on forms in languages other than English “7. A form is not invalid …”.": a new clause whose heading
    is printed over it, outside the quotation marks that hold its number and words, or with no marks at all (a marginal
    heading: "Application 3. These local laws have effect …") (one paragraph of words; a clause with subclauses is read
    as any new text is)."""
    read = headed_clause(" ".join(payload.split()))  # grammar/headed_clause.lark
    if read is None or re.search(r"(?:^|\s)\(\w{1,4}\)\s", read[2]):
        return None
    if another_clause(read[2]) is not None:
        # (wr10) "Cat registration 10. A cat must be registered. Cat tags 11. A cat must wear a tag.": another clause's
        # number in its words (structure.lark's another_clause) — not one clause's paragraph of words; read as new
        # text is (each clause apart, or refused), never clause 11 kept inside clause 10's words
        return None
    heading, num, text = read
    got = (Provision(kind="clause", num=num, heading=heading, text=text.strip()),)
    _no_next_label_inside(got)
    return got


# --- fee rows with lettered parts (read by the grammar: read._provisions_deleted; once the family of that name) ---

#: A value in a fee table's last column: "nil", "1.20 per hour", "$50", "2.50".
_VALUE = r"(?:nil|\$ ?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?)(?: per (?:hour|day|week|month|year|annum))?"


def _value_row_with_parts(targets: list[str], payload: str) -> str | None:
    """'delete item 11 and insert: 11. a parking station … — (a) for each motor cycle bay; nil (b) … 1.20 per hour':
    a table row whose description ends in a dash, then a row per lettered part, each ending in its value. Read so only
    when every part is lettered in order and ends in a value; the rows have three columns (item, description, value),
    and a table with other columns refuses them when they are applied."""
    if len(targets) != 1 or not re.fullmatch(r"Schedule \S+ item (\S+)", targets[0]):
        return None
    num = targets[0].rsplit(" ", 1)[1]
    text = " ".join(payload.split())
    m = re.match(re.escape(num) + r"(?P<dot>\.?) (?P<desc>[^()]+? —) (?=\(a\) )", text)
    if m is None:
        return None
    parts = re.split(r" (?=\([a-z]\) )", text[m.end() :])
    rows = [f"| {num}{m.group('dot')} | {m.group('desc')} |  |"]
    label = "a"
    for part in parts:
        v = re.fullmatch(r"(?P<desc>\(" + label + r"\) .+?) (?P<value>" + _VALUE + r")", part.strip())
        if v is None:
            return None
        rows.append(f"|  | {v.group('desc')} | {v.group('value')} |")
        label = chr(ord(label) + 1)
    return "\n".join(rows)
