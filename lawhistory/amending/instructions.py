"""Read an amending instrument's instructions into typed operations.

Each amending clause (or lettered/numbered part of one) is an instruction such as
"In clause 2.7(1) delete paragraphs (c), (e) and (j)." (``units``). It is split into a *head* (what to do to
what) and a *payload* (the words or provisions inserted); the head is parsed by the grammar of WA amending
wording (amending/grammar/wa.lark, docs/amendments.md) and lists of targets expand to one operation each.
Text that reads like an instruction but has no reading raises ``InstructionNotUnderstood`` naming it —
nothing is skipped silently. The shared parts (units, targets, payloads) are in ``parts``.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import replace

from ..core.lazy_re import lazy_pattern
from ..core.operations import LIST_IN_WORDS, WORD_ACTIONS, Operation
from ..core.quotes import UnbalancedQuote, normalise_quotes, outside_quotes
from ..reading.leaders import without_line_ends
from ..reading.line_lists import unmarked
from .families import reading, refuse_unread_instruction
from .frame import frame_kind
from .grammar.instruction import read_head
from .grammar.parse import (
    VERBS_OF_AMENDING,
    NoParse,
    clause_schedule,
    names_a_place,
    opens_instruction,
    quoted_verbs,
    relabelling,
    to_this_clause,
    verbs_outside_quotes,
    without_as_renumbered_notes,
)
from .parts import (
    _BROKEN_WORD,
    InstructionNotUnderstood,
    Unit,
    new_text_opening,
    payload_provisions,
    resolve_targets,
    units,
)

__all__ = ["InstructionNotUnderstood", "Unit", "parse_unit", "payload_provisions", "resolve_targets", "units"]


def _schedule_to_this_clause(unit: Unit, notes: list[str]) -> Unit | None:
    """``unit`` with "the provisions … referred to in the Schedule to this clause" read as the provisions that Schedule,
    printed at its end, lists ("SCHEDULE. Clauses 3.2, 4.1 and 5.3."), and the Schedule taken off its words; None when
    it names no such Schedule, or the Schedule is not a list of provisions (left to be read, or refused, as printed)."""
    named = to_this_clause(unit.text)  # structure.lark's to_this_clause and clause_schedule
    printed = clause_schedule(unit.text) if named is not None else None
    if named is None or printed is None or printed[0] < named[1]:
        return None
    listed = " ".join(printed[1].split())
    if len(resolve_targets(listed, None)) < 1:
        return None
    said = listed[:1].lower() + listed[1:]
    words = unit.text[named[0] : named[1]]
    notes.append(f"cl. {unit.clause}: “{words}” read as the provisions the Schedule after it lists: {listed}")
    return replace(unit, text=unit.text[: named[0]] + said + unit.text[named[1] : printed[0]])


#: (known2) A word of the instruction's own the copy broke over a line after a hyphen ("a new interpre- tation as
#: follows": parts.py's ``_BROKEN_WORD``), outside quotation marks: joined when whole it is one of the words
#: instructions are written in.
_INSTRUCTION_WORDS = lazy_pattern(
    r"(?:interpretations?|definitions?|(?:sub)?(?:clauses?|paragraphs?|regulations?)|by-?laws?|schedules?|"
    r"substitut(?:e|ed|ing)|insert(?:ed|ing)?|delet(?:e|ed|ing)|amend(?:ed|ing|ment)?|following|principal|provisions?)",
    re.I,
)


def _broken_words_joined(unit: Unit) -> Unit | None:
    """``unit`` with its own words broken over a line joined (``_BROKEN_WORD``); None when it has none."""
    try:
        normal = normalise_quotes(unit.text)
    except UnbalancedQuote:
        return None
    spans = outside_quotes(normal)
    cuts = [
        m
        for m in _BROKEN_WORD.finditer(normal)
        if _INSTRUCTION_WORDS().fullmatch(m.group("a") + m.group("b")) and any(a <= m.start() and m.end() <= b for a, b in spans)
    ]
    if not cuts or len(normal) != len(unit.text):
        return None
    text = unit.text
    for m in reversed(cuts):
        text = text[: m.start()] + m.group("a") + m.group("b") + text[m.end() :]
    return replace(unit, text=text)


def parse_unit(unit: Unit, notes: list[str] | None = None) -> list[Operation]:
    """The operations of one instruction, or InstructionNotUnderstood naming its words."""
    notes = notes if notes is not None else []
    if (listed := _schedule_to_this_clause(unit, notes) or _broken_words_joined(unit)) is not None:
        # the operations keep the instrument's own words as their source
        return [replace(op, source=unmarked(unit.text)) for op in parse_unit(listed, notes)]
    frame = _frame(unit.text)
    # (r3lz) "In clause 4.5 (as renumbered by clause 5) …" is a note naming the provision by its new label, no renumbering
    framed = without_as_renumbered_notes(frame)
    renumber = relabelling(framed)
    if renumber is not None and not _renumbers(unit):
        # "… and renumber paragraphs (c) and (d) as paragraphs (b) and (c)" / "redesignate … accordingly": provisions
        # given new labels with other changes, or labels not named (the grammar's word for it, outside quotation marks):
        # no reading makes them (a renumbering on its own, "Renumber clauses 4.5 and 4.6 as clauses 4.4 and 4.5", is
        # read by the grammar), so the whole instruction is refused, saying so.
        tail = framed[renumber[1] : renumber[1] + 80]  # the words after it, to the first quotation mark
        said = framed[renumber[0] : renumber[1]] + tail[: next((i for i, ch in enumerate(tail) if ch in '“”"'), len(tail))]
        raise InstructionNotUnderstood(
            f"cl. {unit.clause}: it gives provisions new labels (“{said.strip()}”), which no operation "
            f"does; amend the instrument file's operations by hand: “{unit.text[:160]}”"
        )
    try:
        ops, stopped = read_instruction(unit, notes)
    except InstructionNotUnderstood as e:
        raise InstructionNotUnderstood(f"cl. {unit.clause}: {e}: “{unit.text[:160]}”") from None
    if ops is None and not unit.required and frame_kind("", unit.text) == "savings":
        # (r3lz) a subclause saving what was done under the laws the clause repeals or amends ("The repeal of a local
        # law by subclause (1) does not affect any licence …"): it changes no law's words
        notes.append(f"cl. {unit.clause}: a saving provision, not an amending instruction: {unit.text[:80]!r}")
        return []
    if ops is None and stopped is not None and (joined := _joined_instructions(unit, notes)) is not None:
        return joined
    if ops is None:
        if unit.required or verbs_outside_quotes(unit.text, VERBS_OF_AMENDING):
            raise InstructionNotUnderstood(
                f"cl. {unit.clause}: cannot read this instruction: “{unit.text[:160]}”; "
                + (
                    f"the grammar of amending words (docs/amendments.md) cannot read it: its parse stopped at "
                    f"“{stopped.words[:60]}”, "
                    if stopped is not None
                    else "the grammar of amending words (docs/amendments.md) parses it but has no reading of what it changes, "
                )
                + "so nothing was applied — amend the instrument file's operations by hand"
            )
        if quoted := quoted_verbs(unit.text, VERBS_OF_AMENDING):
            # its only verbs are inside quotation marks (grammar/sentence.lark: a quotation is one token, never the
            # sentence's own verb): not read as an instruction, and never left as text unread either
            raise InstructionNotUnderstood(
                f"cl. {unit.clause}: cannot read this instruction: “{unit.text[:160]}”; its only verb is inside "
                f"quotation marks ({', '.join(q[:60] for q in quoted[:3])}), so it says no change of its own — nothing "
                "was applied; amend the instrument file's operations by hand"
            )
        if names_a_place(unit.text):
            # "In clause 3.2(1) in the definition of 2.10, 2.11 or 2.12.": it opens as an instruction does, naming the
            # provision, and says no change — a copy that lost its verb and words; left as text, an amendment would
            # be dropped unseen (the rest applied as if it were the whole)
            raise InstructionNotUnderstood(
                f"cl. {unit.clause}: “{unit.text[:160]}” names a provision as an instruction does but says no change "
                "(no verb of amending: its words may be lost from the copy), so nothing was applied — amend the "
                "instrument file's operations by hand"
            )
        notes.append(f"cl. {unit.clause}: not an amending instruction, left as text: {unit.text[:80]!r}")
        return []
    # the marks of printed lines' ends that dot leaders showed (reading.leaders) have kept the new provisions apart
    ops = [replace(op, new=without_line_ends(op.new)) if op.new else op for op in ops]
    for op in ops:
        _refuse_unread_page_header(unit, op.new or "")
        _refuse_new_provision_in_words(unit, op)
        _refuse_next_item_in_words(unit, op)
        _refuse_locator_after_words(unit, op)
        _refuse_instruction_in_new_words(unit, op)
        _refuse_placing_items_as_new_text(unit, op)
        _refuse_words_after_closing_stop(unit, op)
        splittable = op.action == "substitute_words" and op.occurrence == "once" and op.position is None and op.until is None
        if splittable:
            # "… by deleting “A.” and inserting instead — “ B — (a) …; or (b) …”": made into the words up to the dash
            # and the provisions under the target when the law is known (amend), or refused there; the applier never
            # puts such words in as words
            continue
        if op.action in ("substitute_words", "insert_words") and (m := LIST_IN_WORDS.search(op.new or "")):
            # "… by deleting “A.” and inserting instead — “ government is to … — (a) …; or (b) …”": the new words
            # open a list of provisions; put in as words, its labels would run into the text (wrong law).
            raise InstructionNotUnderstood(
                f"cl. {unit.clause}: its new words open a list of labelled provisions "
                f"(“{' '.join((op.new or '')[m.start() : m.start() + 50].split())} …”), "
                "which a word edit cannot put in as provisions; amend the instrument file's operations by hand "
                f"(words, then the provisions inserted under the target): “{unit.text[:160]}”"
            )
    _refuse_twice_or_empty(unit, ops)
    return _in_form(unit, ops)


#: (issue 20) A lead naming a form of a schedule: "In Schedule 1 Form 3 …", "In Schedule 1, in Form 3, …".
_FORM_LEAD = re.compile(r"In (?P<sched>Schedule \w+),? (?:in )?Form (?P<form>\w+)\b")


def _in_form(unit: Unit, ops: list[Operation]) -> list[Operation]:
    """``ops`` with the word edits of the schedule a lead names a form of narrowed to the form ("Schedule 1 Form 3"):
    amend makes them in the schedule only when the words occur in none of its other lines."""
    m = _FORM_LEAD.match(unit.text.strip())
    if m is None:
        return ops
    sched = m.group("sched")
    return [
        replace(op, target=f"{sched} Form {m.group('form')}") if op.target == sched and op.action in WORD_ACTIONS else op
        for op in ops
    ]


#: (issue 20) Where a second instruction is joined to the first in one sentence: "and" (after a semicolon or comma or
#: none) just after a closing quotation mark, then a verb ("and delete …", "; and by deleting …") or a lead naming a
#: place ("and in paragraph (a) delete …"); never "and insert …", the second half of a replacement.
_JOINED = lazy_pattern(r"(?<=”)\s*[;,]?\s+and\s+(?=(?:by\s+)?(?:delete|deleting|omit|omitting|in)\b)", re.I)
#: (issue 20) Another instruction's opening inside unquoted new words: "… and insert— 12 months and delete “the”".
_INSTRUCTION_IN_NEW = re.compile(r"[;,]?\s\band\s+(?:by\s+)?(?:delete|deleting|omit|omitting|insert|inserting)\s+[“\"]", re.I)


#: (known2) New text that goes on after an older insertion's closing full stop ("… or liquid; . By-law 14 amended."):
#: words of the copy after the new text (a marginal note, the next item), not the law's.
_WORDS_AFTER_CLOSING_STOP = re.compile(r"[;,:]\s+\.\s+\S.*", re.S)


def _refuse_words_after_closing_stop(unit: Unit, op: Operation) -> None:
    """Refuse new text that goes on after the full stop closing it (``_WORDS_AFTER_CLOSING_STOP``), naming the words:
    put in, they would be words of the law that the instrument does not give it."""
    if (m := _WORDS_AFTER_CLOSING_STOP.search(op.new or "")) is not None:
        raise InstructionNotUnderstood(
            f"cl. {unit.clause}: its new text goes on after the full stop that closes it (“{' '.join(m.group(0).split())[:60]}”), "
            f"so where it ends is uncertain; check the gazette's layout: “{unit.text[:160]}”"
        )


def _refuse_instruction_in_new_words(unit: Unit, op: Operation) -> None:
    """New words (an unquoted payload after a dash) that run on into another instruction ("and delete “the edition of”")
    would be put into the law with it: refused, naming the words."""
    if op.action in ("substitute_words", "insert_words") and (m := _INSTRUCTION_IN_NEW.search(op.new or "")):
        raise InstructionNotUnderstood(
            f"cl. {unit.clause}: its new words for {op.target} run on into what reads as another instruction "
            f"(“{(op.new or '')[m.start() : m.start() + 60].strip()}”), so where they end is not told; amend the "
            f"instrument file's operations by hand: “{unit.text[:160]}”"
        )


#: (r15) A lettered item's label at the start of a line of new text (lexical: the words after it are asked of the grammar).
_ITEM_LABEL = lazy_pattern(r"\s*\((?:[a-z]{1,2}|[ivx]{1,4})\)\s+")


def _refuse_placing_items_as_new_text(unit: Unit, op: Operation) -> None:
    """(r15) New provisions whose lettered items each name a place and new words ("By-law 7 … is amended by inserting—
    (a) after “7.”, the following— “ (1) ”; and (b) after the existing by-law, the following subclause— “ (2) … ”"):
    the items of an instruction whose verb the lead-in holds (opening.lark's ``placing_item_ahead``), never a
    provision's words — refused, naming them, so they are not put into the law as text."""
    if op.action not in ("insert", "substitute") or not op.new:
        return
    for line in op.new.splitlines():
        label = _ITEM_LABEL().match(line)
        if label is None:
            continue
        words = line[label.end() :]
        with contextlib.suppress(UnbalancedQuote):
            words = normalise_quotes(words)
        if opens_instruction(words, "placing_item_ahead"):
            raise InstructionNotUnderstood(
                f"cl. {unit.clause}: its new text for {op.target} reads as the items of an instruction (“"
                f"{' '.join(line.split())[:70]}”: a place and the words put there), whose verb is the lead-in's; "
                f"they are not read as such, so nothing was applied — amend the instrument file's operations by hand: "
                f"“{unit.text[:160]}”"
            )


#: A provision's plain label ("12A(2)(b)", "4.6(1)"): the only place the joined instruction's words may speak of.
_PLAIN_LABEL = lazy_pattern(r"\d+[A-Z]{0,2}(?:\.\d+[A-Z]{0,2})*(?:\([A-Za-z0-9]+\))*")
#: A place named after an instruction's quoted words ("delete “a” in paragraph (b)", "… insert “b” in clause 6.1(c)").
_PLACE_AFTER_WORDS = lazy_pattern(
    r"\b(?:in|of|to)\s+(?:the\s+)?(?:sub-?)?(?:clauses?|paragraphs?|items?|schedules?|parts?|divisions?|definitions?|"
    r"heading|columns?|tables?|by-?laws?|regulations?|sections?|forms?)\b",
    re.I,
)
_WORD_EDITS = ("delete_words", "insert_words", "substitute_words")


def _joined_instructions(unit: Unit, notes: list[str]) -> list[Operation] | None:
    """(issue 20) Two instructions joined in one sentence the grammar reads one at a time: "In clause 12A(2)(b) delete
    “6 months” and insert “12 months” and delete “the edition of”" / "… and in paragraph (a) delete …" / "Clause
    12D(3A) is amended by deleting “A” and inserting “B”; and by deleting “C” …" / "… and delete clause 12D(3A)." The
    first is read on its own; the second speaks of the one provision the first changes words of (a place it names is
    found from there: "paragraph (a)" beside 12A(2)(b)). None (the whole refused as before) unless the first is a word
    edit of one plain provision with only quoted words (no new text printed after a dash, which a quotation inside it
    could cut short) and the second reads in full."""
    try:
        normal = normalise_quotes(unit.text)
    except UnbalancedQuote:
        return None
    if len(normal) != len(unit.text):
        return None
    spans = outside_quotes(normal)
    for m in _JOINED().finditer(normal):
        if not any(a <= m.start() < b for a, b in spans):
            continue
        head, tail = unit.text[: m.start()].strip(), unit.text[m.end() :].strip()
        if re.search(r"[—–:]|\s-\s", "".join(normal[a:b] for a, b in spans if b <= m.start())):
            continue  # new text printed after a dash or colon: where it ends is not told by a quotation mark
        quoted_at = normal.find("“")
        if 0 <= quoted_at < m.start() and _PLACE_AFTER_WORDS().search(
            " ".join(normal[max(a, quoted_at) : b] for a, b in spans if quoted_at < b <= m.start())
        ):
            # "In clause 3 delete “a” in paragraph (b) and delete “c”": the place after the words is the first's only;
            # whether the second speaks of it or of the lead's clause is not told
            continue
        first: list[str] = []
        try:
            ops, _ = read_instruction(replace(unit, text=head), first)
        except InstructionNotUnderstood:
            continue
        if not ops or unit.whole_law or any(op.action not in _WORD_EDITS for op in ops):
            continue
        targets = {op.target for op in ops}
        if len(targets) != 1 or not _PLAIN_LABEL().fullmatch(next(iter(targets))):
            continue
        second: list[str] = []
        try:
            rest = parse_unit(replace(unit, text=tail, context=next(iter(targets)), previous=None), second)
        except InstructionNotUnderstood:
            continue
        if not rest:
            continue
        notes += first + second
        return [*ops, *rest]
    return None


def _refuse_twice_or_empty(unit: Unit, ops: list[Operation]) -> None:
    """(review) An instruction read as the same change twice ("in paragraphs (h)(i) and (i)" resolved to (h)(i) both
    times: applied twice, "fee or charge or charge"), or as words replaced or inserted by no words (new text cut off
    as the closing "Dated …" line), is refused: neither is what any instrument means."""
    seen: set[tuple[object, ...]] = set()
    for op in ops:
        key = (op.action, op.target, op.words, op.new, op.position, op.occurrence, op.provisions)
        if key in seen:
            raise InstructionNotUnderstood(
                f"cl. {unit.clause}: it is read as the same change to {op.target} twice, so which provisions it names is "
                f"uncertain; amend the instrument file's operations by hand: “{unit.text[:160]}”"
            )
        seen.add(key)
        plain = op.action == "insert_words" or (
            op.action == "substitute_words" and bool(op.words) and op.position is None and op.until is None
        )
        if plain and op.new is not None and not op.new.strip():  # ("omit all the words after “x”": a deletion)
            raise InstructionNotUnderstood(
                f"cl. {unit.clause}: its new words for {op.target} are empty (lost from the copy, or read as the closing "
                f"words?), so nothing was applied; amend the instrument file's operations by hand: “{unit.text[:160]}”"
            )


#: A provision's label after a semicolon, colon or dash (a connector between), then its words: "hall; and (c) a pavilion".
_NEW_PROVISION_IN_WORDS = re.compile(r"[;:—–]\s*(?:(?:and|or)\s+)?\(([a-z]{1,4}|[0-9]{1,3}[A-Za-z]{0,2})\)\s+[A-Za-z]")


def _refuse_new_provision_in_words(unit: Unit, op: Operation) -> None:
    """New words put into a provision's words that hold a new provision as well ("by deleting “hall.” in paragraph (b)
    and substituting — “hall; and (c) a pavilion or grandstand.”"): put in as words, its label would run into the text
    of the provision amended (wrong law), so it is refused naming it. A list opened by a dash (LIST_IN_WORDS) is read or
    refused below; words that are only a connector before the next label are read as the provision after
    (grammar/read.py, ``_words_then_provisions``) and never reach here as words."""
    new = op.new or ""
    if op.action not in ("substitute_words", "insert_words") or LIST_IN_WORDS.search(new):
        return
    if (m := _NEW_PROVISION_IN_WORDS.search(new)) is not None:
        said = " ".join(new[m.start() : m.end() + 30].split()).strip(";:—– ")
        raise InstructionNotUnderstood(
            f"cl. {unit.clause}: its new words hold a new provision (“{said} …”), which a word edit cannot put in; "
            f"amend the instrument file's operations by hand: “{unit.text[:160]}”"
        )


_ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii", "xiv", "xv")


def _next_item_labels(label: str) -> set[str]:
    """The labels an item labelled ``label`` ("a", "iv") may be followed by: the next letter, the next roman numeral."""
    out = {chr(ord(label) + 1)} if len(label) == 1 and label < "z" else set()
    if label in _ROMAN[:-1]:
        out.add(_ROMAN[_ROMAN.index(label) + 1])
    return out


def _refuse_next_item_in_words(unit: Unit, op: Operation) -> None:
    """Refuse new words of an item ("(a) after “quarry” insert: or gravel pit (b) where …") that hold, outside quotation
    marks, the label the next item would have: printed unquoted, where the words end is read from the label that begins
    the next item, and one the grammar reads no instruction after may be that item or words of the new text (put in as
    words, an item would be wrong law). The words are named."""
    own = re.search(r"\(([a-z]{1,4})\)$", unit.clause)
    new = op.new or ""
    if not unit.required or own is None or op.action not in ("substitute_words", "insert_words"):
        return
    try:
        normal = normalise_quotes(unit.text)
    except UnbalancedQuote:
        return
    spans = outside_quotes(normal)
    for nxt in sorted(_next_item_labels(own.group(1))):
        label = re.compile(rf"(?<!\S)\({nxt}\)(?=\s)")
        if not label.search(new):
            continue
        hit = next((m for m in label.finditer(normal) if any(a <= m.start() < b for a, b in spans)), None)
        if hit is not None:
            said = " ".join(normal[hit.start() : hit.start() + 60].split())
            raise InstructionNotUnderstood(
                f"cl. {unit.clause}: its unquoted new words hold “({nxt})”, the label of the item after it (“{said} …”), "
                "so whether that is another item or words of the new text is uncertain; amend the instrument file's "
                f"operations by hand: “{unit.text[:160]}”"
            )


#: A provision, item or schedule named by its kind and label: "clause 5.3(2)", "the item", "Schedule 1".
_PLACE = (
    r"(?:the )?(?:(?:sub-?)?(?:clauses?|paragraphs?|regulations?)|by-?laws?|sections?|items?|schedules?|parts?|divisions?)"
    r"(?: \d+[A-Z]{0,2}(?:\.\d+[A-Z]{0,2})*)?(?: ?\([A-Za-z0-9]{1,5}\))*"
)
#: What a place is part of: "… of the local law", "… of Schedule 1", "… of clause 5.3".
_OF_PLACE = rf"(?: of (?:(?:the |this )?(?:principal )?local law|{_PLACE}))*"
#: A place named at the end of new words: "… in clause 6.1(c).", "… in subclause (2)", "… in clause 5.3(2) of the local
#: law", "… in the item relating to clause 5.4", "… in the definition of “x”" (or of x, unquoted).
_LOCATOR_AT_END = re.compile(
    rf"\bin {_PLACE}{_OF_PLACE}(?: (?:relating|referring) to [^;“”]{{1,80}}?)?(?= ?[.;]?$)"
    rf"|\bin (?:the )?definition (?:of|for) (?:“[^“”]{{1,60}}”|[^;“”]{{1,60}}?){_OF_PLACE}(?= ?[.;]?$)",
    re.I,
)


#: An instruction that opens by naming the provision it edits: "In clause 2.3(3) …", "(2) In Schedule 1 …".
_OPENS_WITH_PLACE = re.compile(rf"(?:\(\w{{1,4}}\) )?In (?P<place>{_PLACE}){_OF_PLACE}[ ,]", re.I)
#: The depth of a bracketed label's kind below a clause: (2) a subclause, (c) a paragraph, (ii) a subparagraph.
_DEPTH = {"subclause": 1, "subclauses": 1, "paragraph": 2, "paragraphs": 2, "subparagraph": 3, "subparagraphs": 3}


def _narrows(lead: str, place: str) -> bool:
    """Whether ``place`` ("in subclause (2)", "in clause 6.1(c)") could name a part of ``lead`` ("clause 2.3(3)"), the
    provision an instruction names before its verb: a provision numbered as ``lead`` and longer, or a bracketed label
    of a kind below ``lead``'s deepest label; anything else (a schedule, an item, a definition) may."""
    num = re.search(r"\d+[A-Z]{0,2}(?:\.\d+[A-Z]{0,2})*(?:\([A-Za-z0-9]{1,5}\))*", lead)
    got = re.fullmatch(
        r"in (?:the )?(\w+)(?: (\d+[A-Z]{0,2}(?:\.\d+[A-Z]{0,2})*))?((?: ?\([A-Za-z0-9]{1,5}\))*)", place.strip(), re.I
    )
    if num is None or got is None:
        return True
    kind, number, brackets = got.group(1).lower(), got.group(2), got.group(3).replace(" ", "")
    if not re.match(r"(?:the )?(?:sub-?)?(?:clause|regulation|by-?law|section)", lead, re.I):
        return True  # a schedule, item, Part or Division: what it holds is not told by labels
    if number is not None:
        if not re.fullmatch(r"(?:clauses?|regulations?|by-?laws?|sections?)", kind):
            return True
        cited = number + brackets
        return cited.startswith(num.group(0)) and cited != num.group(0)
    if kind not in _DEPTH:
        return True
    deepest = num.group(0).count("(") + (1 if lead.lower().startswith(("subclause", "the subclause")) else 0)
    return _DEPTH[kind] > deepest


def _refuse_locator_after_words(unit: Unit, op: Operation) -> None:
    """Refuse new words printed unquoted (or after a colon) that end in a place ("delete “a” and insert: b in clause
    6.1(c)."): the place may say where the edit is made, printed after its new words (or moved there by the copy), or
    be words of the new text; read as new words, the edit would be made elsewhere with the place in the law. The place
    is named. New words the instrument quotes are its own, whatever they end with."""
    new = " ".join((op.new or "").split())
    if op.action not in ("substitute_words", "insert_words") or (m := _LOCATOR_AT_END.search(new)) is None:
        return
    try:
        normal = " ".join(normalise_quotes(unit.text).split())
    except UnbalancedQuote:
        return
    spans = outside_quotes(normal)
    at = normal.rfind(m.group(0))
    lead = _OPENS_WITH_PLACE.match(normal)
    if lead is not None and lead.end() < at and not _narrows(lead.group("place"), m.group(0)):
        # "In clause 2.3(3) after “parking permit” insert: referred to in subclause (2)": the instruction names where
        # the edit is made before its verb, and the place ending its new words cannot be inside that one (a subclause
        # of a subclause, another clause): it is words of the new text. One that could narrow it ("In clause 6.1 …
        # stand or stall in paragraph (c)") may be the edit's place moved by the copy, and is refused below.
        return
    if at >= 0 and any(a <= at < b for a, b in spans):
        place = m.group(0)
        raise InstructionNotUnderstood(
            f"cl. {unit.clause}: its new words “{new[:60]}” end in a place, “{place}”, printed after them: whether it "
            f"says where the change is made or is words of the new text is uncertain; amend the instrument file's "
            f"operations by hand: “{unit.text[:160]}”"
        )


def _renumbers(unit: Unit) -> bool:
    """(r3lz) Whether the instruction is a renumbering the grammar reads (each of its operations a `renumber`, or, wr4a,
    provisions deleted and then others renumbered: "delete subclause (2) and renumber subclause (3) as subclause (2)")."""
    try:
        ops, _ = read_instruction(unit, [])
    except InstructionNotUnderstood:
        return False
    actions = [op.action for op in ops or ()]
    return "renumber" in actions and all(a in ("renumber", "delete") for a in actions)


#: A gazette page header left in an instruction's words because it is misprinted ("3372 GOVERNMENT GAZETTE, WA 28 Auust
#: 2009"), so the page-header reader did not take it out; the page number before it belongs to it.
def _frame(text: str) -> str:
    """The words of an instruction before its new text: up to where the grammar reads the dash that opens it
    (``parts.new_text_opening``: after "insert", "substitute", "the following" …), its quotation marks read into one
    form where they balance (the words as printed are returned); all of them when no dash opens new text."""
    try:
        normal = normalise_quotes(text)
    except UnbalancedQuote:
        normal = text
    m = new_text_opening(normal)
    return text if m is None else text[: m.start()]


_UNREAD_PAGE_HEADER = re.compile(r"(?:\|? ?\d{1,5} ?\|? ?)?\bGOVERNMENT GAZETTE,? W\.?A\.?")


def _refuse_unread_page_header(unit: Unit, new: str) -> None:
    """Refuse new words that run into a page header: the words printed before the page break may be cut off there (a
    sentence broken off mid-way, its end printed elsewhere), and put in with the header they would be wrong law."""
    if m := _UNREAD_PAGE_HEADER.search(new):
        before = " ".join(new[: m.start()].split()[-8:])
        raise InstructionNotUnderstood(
            f"cl. {unit.clause}: its new words stop at a gazette page header the reader could not take out "
            f"(“{' '.join(new[m.start() : m.start() + 45].split())}”) after “… {before}”; where the words before "
            "the page break end cannot be known from the text — write the instrument file's words out by hand"
        )


def read_instruction(unit: Unit, notes: list[str]) -> tuple[list[Operation] | None, NoParse | None]:
    """The operations of one instruction (None: no reading), and where the grammar's parse stopped (None: it parsed).

    The grammar (amending/grammar/wa.lark) decides: every regular-expression family is retired into it. An instruction
    it does not read is refused; first, if its frame holds the start of another instruction, quoting that
    (``families.refuse_unread_instruction``).
    """
    r = reading(unit, [])
    own: list[str] = []
    grammar = read_head(unit, r.head, r.payload, own)
    if isinstance(grammar, list):
        notes += own
        return grammar, None
    try:
        refuse_unread_instruction(unit)
    except InstructionNotUnderstood as e:
        if isinstance(grammar, NoParse):
            raise InstructionNotUnderstood(f"{e} (the grammar's parse stopped at “{grammar.words[:60]}”)") from None
        raise
    return None, grammar
