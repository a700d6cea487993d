"""Word accounting: every word of an amending clause belongs to exactly one instruction.

An amending clause may hold several instructions one after another, unlettered ("Delete clause 4.6(2)(h) and
replace with— (h) … ; or In clause 4.6 (2), insert— (i) …"). An inserted block ends where a new instruction
begins, so the words of the second instruction never become part of the law: ``split_instructions`` cuts a
clause's words at every instruction that begins outside quotation marks. What is left of an instruction's
frame once its families have read it is checked by ``leftover_words``: words that no reading accounted for
refuse the clause, quoted.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from ..core.ids import ORDINALS
from ..core.lazy_re import lazy_pattern
from ..core.quotes import QUOTED, UnbalancedQuote, normalise_quotes, outside_quotes
from .grammar.parse import ends_with_council, opening_length, opens_instruction


class _Opening:
    """Where a label opens an instruction: a label shape (a lexical regular expression) that the grammar of openings
    (grammar/opening.lark) reads an instruction opening after — "(b) delete “69.0 cents” …", "(c) by inserting …",
    "ii. in the definition of “x” —", "(d) paragraph (d) is deleted." Searched like a regular expression."""

    def __init__(self, label: str, start: str = "opening_ahead", *, disjoint: bool = False) -> None:
        self.label, self.start, self.disjoint = re.compile(label), start, disjoint

    def opens_at(self, text: str, m: re.Match[str]) -> bool:
        """Whether the grammar reads an opening after the label ``m`` found in ``text``."""
        return opens_instruction(text[m.end() :], self.start)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        """The labels an opening follows; when ``disjoint``, each after the end of the opening before (an opening's own
        words, "Division 3 of Part 4 is amended", never open another)."""
        after = 0
        for m in self.label.finditer(text):
            if m.start() < after:
                continue
            length = opening_length(text[m.end() :], self.start)
            if length is not None:
                after = m.end() + length if self.disjoint else 0
                yield m

    def search(self, text: str) -> re.Match[str] | None:
        return next(self.finditer(text), None)


#: A lettered or numbered instruction inside an unquoted inserted block: "… 63.0 cents (b) delete “69.0 cents” …".
LABELLED_START = _Opening(r"(?<=\s)\((?:[a-z]{1,4}|\d{1,2}[A-Z]?)\)\s+")
#: An item labelled in a dotted numbering style — "1.", "A.", "i." — under a lead-in: "In Schedule 3— 1. delete items 2
#: and 3; and 2. in item 1, …", "Clause 21(f) is amended as follows: A. by deleting …", "Clause 30 … is amended 1. in
#: subclause (2) by deleting …". Such a label is an instruction's only after what ends a lead-in or the item before it
#: (a dash or colon, a semicolon, "; and", "is amended"), never after a full stop or a word (an instrument's own clause
#: numbers, "… Local Law 2020. 2. Commencement", "Clause 3 amended 4. Clause 3 is …", and citations, "Schedule A.",
#: are not items), and only when the grammar of openings reads an item's opening after it.
DOTTED_START = _Opening(
    r"(?:(?<=[;:—–-]\s)|(?<=[;,] and\s)|(?<=[;,] or\s)|(?<=\bis amended\s)|(?<=\bare amended\s)|(?<=\bis further amended\s))"
    r"(?:\d{1,2}|[ivx]{1,5}|[A-Z])\.\s+"
)
#: The same, its label in any numbering style — (a), (i), i., 1., A. — for telling where an unquoted payload ends.
ITEM_START = _Opening(r"(?<=\s)(?:\((?:[a-z]{1,4}|\d{1,2}[A-Z]?)\)|(?:\d{1,2}|[ivx]{1,5}|[A-Z])\.)\s+")
_REFERRING = lazy_pattern(
    r"(?:\b(?:clauses?|sub-?clauses?|paragraphs?|sub-?paragraphs?|items?|to|of|in)|(?<![;,.”’\"])\s(?:and|or)|\([\w]+\)|\b\d+\.\d+[A-Z]{0,2})$",
    re.I,
)
#: Words after which a label is cited rather than an instruction labelled ("(a) and (b)", "paragraph (b)").
_CITING = lazy_pattern(
    r"(?:\b(?:clauses?|sub-?clauses?|paragraphs?|sub-?paragraphs?|items?|to|of|in)|(?<![;,])\s(?:and|or))$", re.I
)
#: Numbered instructions inside one clause ("In Schedule 1 Item 6 – 1. Delete … ; 2. Delete …"; "In the definition of
#: “premises”; i. delete (b) …; ii. delete (d) …", "A. Delete …"): a number after a mark, a verb (or In, After,
#: Before) after it (grammar/opening.lark's ``numbered_ahead``); an arabic number only before a capital.
NUMBERED_START = (
    _Opening(r"(?<=[;.—–:-] )\d{1,2}\.\s+(?=[A-Z])", "numbered_ahead"),
    _Opening(r"(?<=[;—–:-] )(?:[ivx]{1,4}|[A-Z])\.\s+", "numbered_ahead"),
)
#: How an instruction begins, capitalised as a new sentence would: a capital (after a space) that the grammar of openings
#: reads a new sentence's opening from (``sentence_ahead``): "In clause 4.6 (2), insert—", "Delete clause …", "Clause
#: 9(1) is amended by …", "By-law 4 (2) of the principal by-laws is amended", "Note: The heading to … is to read".
INSTRUCTION_START = _Opening(r"(?<!\S)(?=[A-Z])", "sentence_ahead", disjoint=True)


_LOOK_BACK = 120  # characters before a possible start that decide whether it cites a label or begins an instruction


def _before(normal: str, at: int) -> str:
    return normal[max(0, at - _LOOK_BACK) : at].rstrip()


def _outside(spans: list[tuple[int, int]], at: int) -> bool:
    """Whether ``at`` lies in one of ``spans`` (sorted, not overlapping): outside quotation marks."""
    i = bisect.bisect_right(spans, (at, 1 << 62)) - 1
    return i >= 0 and spans[i][0] <= at < spans[i][1]


def labelled_starts(normal: str, spans: list[tuple[int, int]] | None = None) -> list[int]:
    """Where a lettered or numbered instruction begins in ``normal`` (outside quotation marks), leaving out labels
    that are cited ("subclause (4) after …", "(a) and (b)")."""
    spans = outside_quotes(normal) if spans is None else spans
    found = [
        m.start()
        for m in LABELLED_START.finditer(normal)
        if _outside(spans, m.start()) and not re.search(_REFERRING(), _before(normal, m.start()))
    ]
    dotted = [m.start() for m in DOTTED_START.finditer(normal) if _outside(spans, m.start())]
    return sorted(set(found + dotted))


def _title_goes_on(before: str, after: str) -> bool:
    """(wr10, case 229) "The Second Schedule to the Shire of Boulder Cemetery By-laws 1980* is amended —": "By-laws"
    straight after a capitalised word of a title (no mark between) is the title's kind going on, and "Schedule" after
    an ordinal ("The Second Schedule") the schedule's name going on, no instruction's start ("By-laws 3 and 4 are
    amended", "Schedule 2 is amended" open one after a mark or a label, never after a word of a name)."""
    last = before.rsplit(None, 1)[-1] if before.strip() else ""
    if re.match(r"schedule\b", after, re.I):
        return last.capitalize() in ORDINALS
    return bool(re.match(r"by-?laws?\b", after, re.I)) and last[:1].isupper() and last.isalpha()


def split_instructions(text: str) -> list[str]:
    """The instructions in one clause's words, in order (one when it holds one).

    A new instruction begins, outside quotation marks, at a capitalised "In clause …, insert", "Delete paragraph …",
    "Clause 4.6 is amended …" after the first instruction's words; quoted words never start one.
    """
    try:
        normal = normalise_quotes(text)
    except UnbalancedQuote:  # the reader refuses the whole clause, naming the mark
        return [text]
    spans = outside_quotes(normal)
    # numbered instructions inside one clause: "In Schedule 1 Item 6 – 1. Delete … ; 2. Delete …"
    cuts = [m.start() for numbered in NUMBERED_START for m in numbered.finditer(normal) if _outside(spans, m.start())]
    cuts += labelled_starts(normal, spans)  # "subclause (4) after …" cites (4); it labels nothing
    for m in INSTRUCTION_START.finditer(normal):
        at = m.start()
        if not _outside(spans, at) or at == 0 or not normal[at - 1].isspace():
            continue
        before = _before(normal, at)
        # (review5) "By-law 3 of the Shire of Testville By-laws Relating to Dogs …": after a council's name the capital
        # is the law's title going on, no instruction's start (structure.lark's of_council)
        if before.endswith(("the", "of")) or ends_with_council(before):
            continue
        if _title_goes_on(before, normal[at:]):
            continue
        # "… subclause (5) (4) After clause 24A(4) insert:": the label "(4)" is the new instruction's
        w0 = max(0, at - 12)
        label = re.search(r"(?<=\s)\((?:[a-z]{1,2}|\d{1,2}[A-Z]?)\)\s+$", normal[w0:at])
        where = w0 + label.start() if label else at
        if label and re.search(_CITING(), _before(normal, where)):
            where = at  # "14F(1A)(a) and (b)" cites (b): it ends the words before, it labels nothing
        cuts.append(where)
    pieces = []
    prev = 0
    for at in sorted(set(cuts)):
        piece = text[prev:at].strip()
        if piece:
            pieces.append(piece)
            prev = at
    pieces.append(text[prev:].strip())
    return [p for p in pieces if p]


#: Words an instruction's frame may hold besides its targets, quoted words and the inserted text.
FRAME_WORDS = frozenset(
    re.findall(
        r"\S+",
        """
    a an the of in to by and or with its their it them this that as is are be being following follows new text
    words word definition definitions heading after before insert inserting inserted add adding added delete deleting
    deleted omit omitting omitted remove removing removed repeal repealing repealed replace replacing replaced substitute
    substituting substituted strike striking out struck amend amended amending amendment place places where wherever
    occurs occur occurring occurrence occurrences appears appear appearing each every all instances instance time times first
    second last whole entirely entirety clause clauses subclause subclauses paragraph paragraphs subparagraph subparagraphs
    schedule schedules item items part parts division divisions row rows table from local law manner way below
    further hereby for alphabetical order full stop comma semi colon semicolon colon on occasion instead
    at end beginning then also
    """,
    )
)


def leftover_words(frame: str) -> list[str]:
    """Words of an instruction's frame (its words without the quoted or inserted text) that no family accounts for."""
    rest = QUOTED.sub(" ", frame)
    rest = re.sub(r"\d+(?:\.\d+)*[A-Z]{0,2}(?:\s?\([\w]+\))*|\([\w]+\)", " ", rest)
    words = re.findall(r"[A-Za-z][A-Za-z’'-]*", rest)
    return [w for w in words if w.lower() not in FRAME_WORDS]
