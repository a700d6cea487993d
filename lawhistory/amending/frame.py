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

from .grammar.parse import frame_application, frame_instruction_words, frame_purpose

#: The instrument itself as the subject of a sentence.
_SELF = (
    r"(?:[Tt]his|[Tt]hese)\s+(?:(?:amendment|amending|repeal|amendment\s+and\s+repeal)\s+)?"
    r"(?:local\s+laws?|by-?laws?|regulations?|instrument|order|Part|amendments?)"
)
#: A heading that may be printed glued to a frame clause's words.
_HEADING = re.compile(
    r"(?:Citation|Short\s+title|Title|Commencement|Commencement\s+and\s+operation|Operation|Purpose(?:s)?(?:\s+and\s+effect)?|"
    r"Effect|Objects?|Intent|Content\s+and\s+intent|Application|Application\s+of\s+this\s+local\s+law|Interpretation|"
    r"Definitions|Terms\s+used|Savings(?:\s+and\s+transitional(?:\s+provisions)?)?|Principal\s+(?:local\s+laws?|by-?laws?)(?:\s+amended)?|(?:The\s+)?local\s+laws?\s+amended)"
    r"(?=\s+(?:\(\d+\)\s+)?[A-Z])",
    re.I,
)
#: A title as a citation names it.
_TITLE = r"(?:the\s+)?[A-Z][^;:“”\"]*?(?:Local\s+Laws?|By-?laws?|Regulations|Order)(?:\s+\(No\.\s*\d+\))?(?:\s+\d{4})?"
_CITATION = re.compile(
    rf"(?:{_SELF}\s+(?:may|shall)\s+be\s+cited\s+as|{_SELF}\s+(?:is|are)\s+cited\s+as|This\s+is|{_SELF}\s+(?:is|are))\s+"
    rf"{_TITLE}\*?\.?"
)
_COMMENCEMENT = re.compile(
    rf"(?:Subject\s+to\s+[^,;“”]{{1,120}},\s+)?(?:{_SELF}|[Cc]lauses?\s+[\d.,A-Z\s]+(?:and\s+[\d.]+[A-Z]?)?|[Tt]he\s+rest\s+of\s+{_SELF})"
    r"[^;“”\"]{0,60}?\s+(?:(?:comes?|shall\s+come|will\s+come)\s+into\s+(?:operation|effect|force)|commences?|"
    r"(?:takes?|shall\s+take)\s+effect)\b[^“”\"]*"
)
_AMENDS = re.compile(
    rf"{_SELF}\s+(?:amends?|repeals?)\s+{_TITLE}[^“”\"]*"
    rf"|The\s+amendments\s+in\s+{_SELF}\s+are\s+to\s+{_TITLE}[^“”\"]*"
    rf"|In\s+{_SELF},?\s+{_TITLE}\*?\s+(?:is|are)\s+referred\s+to\s+as\s+the\s+principal\s+(?:local\s+laws?|by-?laws?)[^“”\"]*"
)
_INTERPRETATION = re.compile(
    rf"In\s+{_SELF}\s*[,:—–-]?\s*(?:[—–-]\s*)?(?:[“\"‘'][^”\"’']{{1,60}}[”\"’']|[a-z][\w\s-]{{0,40}}?)\s+(?:means|has\s+the\s+meaning|includes)\b.*"
)
#: A savings sentence: what a repeal or an amendment (or the instrument) leaves unaffected ("The repeal of a local law
#: by subclause (1) does not affect any licence issued under it …", "The repeal of the by-laws referred to in clause 4
#: does not affect— (a) any penalty incurred …", "Nothing in this local law affects …"): it keeps what was done under
#: the law, and changes no law's words.
_SAVINGS = re.compile(
    r"(?:Despite\s+)?[Tt]he\s+(?:repeal|amendment)s?\s+(?:of\s+[^;“”\"]{1,120}?\s+)?(?:by\s+[^;“”\"]{1,80}?\s+)?"
    r"(?:does|do|shall|will)\s+not\s+affect\b[^“”\"]*"
    rf"|(?:(?:The|A|Any)\s+repeal\s+(?:of|by)\s+[^“”\"]{{1,200}}?|Nothing\s+in\s+{_SELF})\s+(?:does|shall|will|is\s+to)\s+not\s+"
    r"(?:affect|prejudice|invalidate)\b[^“”\"]*"
    rf"|Nothing\s+in\s+{_SELF}\s+(?:affects|prejudices|invalidates)\b[^“”\"]*"
)
#: Whether a sentence is each kind of frame sentence, in the order asked.
_SENTENCES: tuple[Callable[[str], object], ...] = (
    _CITATION.fullmatch,
    _COMMENCEMENT.fullmatch,
    frame_application,
    _AMENDS.fullmatch,
    _INTERPRETATION.fullmatch,
    _SAVINGS.fullmatch,
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
        glued = _HEADING.match(text)
        if glued:
            text = text[glued.end() :].lstrip()
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
    names = ("citation", "commencement", "application", "principal law", "interpretation", "savings")
    for name, reads in zip(names, _SENTENCES, strict=True):
        if reads(sentence):
            return name
    return None
