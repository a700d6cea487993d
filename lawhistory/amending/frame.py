"""The frame of an amending instrument: the clauses that speak of the instrument itself, not of the law it amends.

An amending or repeal local law opens with clauses that change nothing in any law: its citation ("This local law
may be cited as …", "This is the … Local Law 2017."), its commencement ("This local law comes into operation …",
with or without items that split it), its purpose and effect ("The purpose of this local law is to …", "The effect
of this local law is that …"), what it applies to, which law it amends ("This Part amends the …", "In these local
laws the … are referred to as the principal local laws") and what its own words mean ("In this local law —
“principal local law” means …"). They are told by their meaning: every sentence of the clause has the instrument
itself (this local law, these by-laws, this Part, this instrument) as what it speaks of (or, in a savings clause,
what a repeal by it does not affect), and none of them tells anyone to delete, insert, omit, substitute or replace
words (grammar/frame.lark reads those words, inside quotation marks too: a verb only quoted sends the clause to be
read as instructions, never leaves it out). A clause heading printed glued to such words ("Citation This is the …",
"Purpose and effect (1) The purpose …") is the heading of a frame clause only when its words are.

A clause that holds any other sentence is not a frame clause, whatever its heading: it is read as instructions
(and refused, naming its words, when it is not one) — nothing is skipped on its heading's words alone here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

from .grammar.parse import frame_application, frame_instruction_words, frame_purpose, frame_sentence, glued_heading

#: Whether a sentence is each kind of frame sentence, in the order asked (preliminary.lark reads all but application,
#: which frame.lark reads).
_SENTENCES: tuple[tuple[str, Callable[[str], bool]], ...] = (
    ("citation", partial(frame_sentence, "citation")),
    ("commencement", partial(frame_sentence, "commencement")),
    ("application", frame_application),
    ("principal law", partial(frame_sentence, "principal_law")),
    ("interpretation", partial(frame_sentence, "interpretation")),
    ("savings", partial(frame_sentence, "savings")),
)
#: The footnote that follows a principal-law clause ("[* Published in Gazette 22 May 1998, pp. 2129-34. …]").
_FOOTNOTE = re.compile(r"\s*\[\s*\.?\*[^\]]*\]?\s*$")


def frame_kind(heading: str | None, words: str) -> str | None:
    """What a clause of an instrument is when it speaks of the instrument itself ("citation", "commencement",
    "purpose", "application", "principal law", "interpretation", "savings"), or None when any of its words may be an instruction.
    ``words`` are the clause's words as running text (its subclauses' labels and words included); ``heading`` is its
    heading, if the reader found one."""
    text = " ".join(words.split())
    if heading is None:
        glued = glued_heading(text)
        if glued:
            text = text[len(glued) :].lstrip()
    text = _FOOTNOTE.sub("", text)
    if not text:
        return None
    kinds: list[str] = []
    for piece in _pieces(text):
        kind = _sentence_kind(piece)
        if kind is None:
            return None
        kinds.append(kind)
    return kinds[0] if kinds else None


def _pieces(text: str) -> list[str]:
    """The sentences of ``text``, a subclause label ("(1)", "(2)") opening one dropped; a commencement's items
    ("as follows — (a) Part 1 — on …; (b) the rest … on 4 June 2024.") stay in their sentence."""
    parts = re.split(r"(?<=[.;])\s+(?=\(\d+\)\s)|^\(\d+\)\s+|(?<=\.)\s+(?=[A-Z])", text)
    return [re.sub(r"^\(\d+\)\s+", "", p).strip() for p in parts if p and p.strip()]


def _sentence_kind(sentence: str) -> str | None:
    if frame_purpose(sentence):
        return "purpose"
    if frame_instruction_words(sentence):  # outside quotation marks or inside them: read as instructions
        return None
    for name, reads in _SENTENCES:
        if reads(sentence):
            return name
    return None
