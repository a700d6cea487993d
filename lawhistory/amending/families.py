"""What is left of the regular-expression families of WA amending wording: how an instruction is read into a head and
a payload (``reading``), and the word accounting asked of every instruction the grammar does not read
(``refuse_unread_instruction``: one that holds the start of another instruction is refused, quoting it).

Every family is retired into the grammar of amending words (amending/grammar/wa.lark, read by grammar/read.py;
docs/amendments.md): it is their one reading, and no family is left to read an instruction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.quotes import QUOTED, UnbalancedQuote, normalise_quotes, unopened_close
from ..reading.leaders import LEADERS, without_leaders
from .accounting import INSTRUCTION_START, labelled_starts
from .parts import InstructionNotUnderstood, Unit, _repealed_laws, _split_payload, repeal_frame, unopened_split

#: The words that repeal a law (lexical: whether an instruction's head, before its new text, repeals anything itself).
_REPEAL_WORD = re.compile(r"(?i)\b(?:repeal|revok|rescind)")


@dataclass(frozen=True, slots=True)
class Reading:
    """One instruction as the grammar is given it: its words (quotation marks in one form), head and payload."""

    unit: Unit
    text: str
    head: str
    payload: str | None
    notes: list[str]


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
        head, payload = _split_payload(text, original)
        if payload is None or _REPEAL_WORD.search(head):
            # a repeal of whole laws is framed apart: "The following local laws are repealed" and its items (the
            # grammar's laws_repealed / law_repealed)
            return Reading(unit, text, *repeal_frame(text), notes)
        # (wr12, review 13's b07) "Delete clause 8 and insert: 8. Local laws repealed The Shire of X … are repealed.":
        # the words repealing laws are the new text an instruction inserts, not the instrument's own repeal
    else:
        head, payload = _split_payload(text, original)
    return Reading(unit, text, head, _typeset(head, payload), notes)


def _typeset(head: str, payload: str | None) -> str | None:
    """The new text without its dot leaders (reading.leaders: typography, not words), unless the words the instruction
    quotes from the law hold leaders too (the law has them as words)."""
    if payload is None or any(LEADERS.search(q.group(0)) for q in QUOTED.finditer(head)):
        return payload
    return without_leaders(payload)


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
    return Reading(unit, text, split[0], _typeset(split[0], split[1]), notes)


def _unread_instruction(r: Reading) -> str | None:
    """Words of the instruction's frame that begin another instruction (outside quotation marks), if any."""
    frame = QUOTED.sub(lambda m: " " * len(m.group(0)), r.head)
    labelled = labelled_starts(frame)
    if labelled:
        return r.head[labelled[0] :]
    starts = [s for s in INSTRUCTION_START.finditer(frame) if s.start() > 0 and frame[s.start() - 1].isspace()]
    return r.head[starts[0].start() :] if starts else None


def refuse_unread_instruction(unit: Unit) -> None:
    """Word accounting for an instruction the grammar does not read: one whose frame holds the start of another
    instruction is refused, quoting it (whatever read the first, the second's words would be left unread)."""
    r = reading(unit, [])
    other = _unread_instruction(r) if not _repealed_laws(r.text) else None
    if other:
        raise InstructionNotUnderstood(f"it holds another instruction that would be left unread (“{other[:80]}”)")
