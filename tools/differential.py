"""One-off differential checks: a regular expression the grammar replaced, against the grammar, on every text of
laws/, amendments/ and tests/fixtures/ and on mechanical variants of them. Not a test (it takes minutes): run it when
a grammar that replaced an expression changes, and state its figures in the test module's docstring.

    PYTHONPATH=. python tools/differential.py split_gate
    PYTHONPATH=. python tools/differential.py division_heading
    PYTHONPATH=. python tools/differential.py container_payload
    PYTHONPATH=. python tools/differential.py headed_clause
    PYTHONPATH=. python tools/differential.py amending_heading
    PYTHONPATH=. python tools/differential.py heading_label
    PYTHONPATH=. python tools/differential.py unit_label
    PYTHONPATH=. python tools/differential.py heading_first
    PYTHONPATH=. python tools/differential.py term_definition marked_term …   (and dash_definition, unmarked_definitions,
        run_on_definition, following_dash, penalty_line, penalty_payload, after_connector, note, heading_only:
        parts.py's readers of new text, new_text.lark)
    PYTHONPATH=. python tools/differential.py structure   (heading_above_number, another_clause, label_after_heading,
        container_opening, clause_first, subdivisions, heading_runs_on, heading_holds_clause, list_run_together,
        provision_of: parts.py's readers of the new text's provisions, structure.lark and provision_of.lark)
    PYTHONPATH=. python tools/differential.py --reworded structure   (the same over the rewordings' texts)
    PYTHONPATH=. python tools/differential.py --calls tests/test_real_instruments.py …   (pytest run with parts.py's
        structure readers wrapped: each text a call site asks compared with the old expression on the spot)
    PYTHONPATH=. python tools/differential.py gram16   (straight_quoted, new_text_lead, own_heading, citing_word:
        reading/structure.py's round 16 expressions, core/headings.lark; and --reworded gram16, and --calls as above)
    PYTHONPATH=. python tools/differential.py gram3   (second_term, run_in_citation, of_council: parts.py's and
        accounting.py's last sentence-shaped expressions, structure.lark; and --reworded gram3, and --calls as above)

Texts: each file's words run together, each paragraph (blank-line separated) and each line. Variants of each: its
sentence ends lost (full stops and semicolons taken out), its words in capitals, in lower case, "I." for "1.", and
windows of 12 and 30 words of each paragraph and line (a window starting every 6 words). A difference is printed with its text; the figures
(texts, variants, how many the expression found, differences) last.
"""

from __future__ import annotations

import re
import sys
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("laws", "amendments", "tests/fixtures")


def texts(raw: bool = False) -> Iterator[tuple[str, bool]]:
    """Each text, and whether it is a whole file (whose windows are those of its paragraphs); ``raw``: each file and
    paragraph as printed, its line breaks kept."""
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            if not path.is_file() or path.suffix not in (".txt", ".yml", ".md"):
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            yield text if raw else " ".join(text.split()), True
            for para in re.split(r"\n\s*\n", text):
                if para.strip():
                    yield para if raw else " ".join(para.split()), False
            for line in text.splitlines():
                if line.strip():
                    yield line.strip(), False


def reworded_texts() -> Iterator[tuple[str, bool]]:
    """The texts of the instruments' rewordings (tests/rewordings.py, each rewording alone, of each instrument of
    amendments/ and tests/fixtures/real/instruments/): each variant's words run together, each paragraph and line."""
    from tests.rewordings import variants as reworded

    paths = sorted((ROOT / "amendments").rglob("*.txt")) + sorted(
        (ROOT / "tests/fixtures/real/instruments").glob("*/instrument*.txt")
    )
    for path in paths:
        for text in reworded(path.read_text(encoding="utf-8", errors="replace"), None, pairs=False).values():
            yield " ".join(text.split()), True
            for para in re.split(r"\n\s*\n", text):
                if para.strip():
                    yield " ".join(para.split()), False
            for line in text.splitlines():
                if line.strip():
                    yield line.strip(), False


def variants(text: str, whole: bool) -> Iterator[str]:
    yield text.replace(".", "").replace(";", "")
    yield text.upper()
    yield text.lower()
    yield re.sub(r"\b1\.", "I.", text)
    words = [] if whole else text.split()
    for size in (12, 30):
        if len(words) > size:
            for at in range(0, len(words) - size + 1, 6):
                yield " ".join(words[at : at + size])


# --- 1. core/dates.py _SPLIT → split_commencement.lark's split_gate -------------------------------------------------

_SPLIT = re.compile(
    r"\bexcept\b[^;.]*|\bother than\b[^;.]*|\bwith the exception of\b[^;.]*|\bsave\b[^;.]*|\bexcluding\b[^;.]*"
    r"|\bapart from\b[^;.]*|\bas follows\b[^;.]*|\bthe (?:rest|remainder) of (?:the|this) local law\b[^;.]*"
    r"|\bremaining (?:clauses|provisions)\b[^;.]*|\ball other (?:clauses|provisions)\b[^;.]*"
    r"|\b(?:(?:sub)?clauses?|sections?|parts?|(?:sub)?divisions?|schedules?|by-?laws?|regulations?|paragraphs?)"
    r"\s+\d[\w.()]*(?![\w.()]*\s+of\s+(?:the\s+)?[A-Z])[^;]*"
    r"|\b(?:comes?|came) into (?:operation|effect|force)\b.*?\b(?:comes?|came) into (?:operation|effect|force)\b.*"
    r"|\b(?:commences?|takes? effect)\b.*?\b(?:commences?|takes? effect|(?:comes?|came) into (?:operation|effect|force))\b.*",
    re.I,
)


def split_gate() -> tuple[Callable[[str], object], Callable[[str], object]]:
    from lawhistory.core.dates import split_words

    def old(wording: str) -> object:
        m = _SPLIT.search(" ".join(wording.split()))
        return m.group(0).strip() if m else None

    return old, split_words


# --- 2. grammar/read.py _DIVISION_AFTER_PART_HEADING → new_heading.lark's division_heading ---------------------------

_DIVISION_AFTER_PART_HEADING = re.compile(
    r"(?<=\S)\s+(?:Division|DIVISION)\s+\d+[A-Z]{0,2}\s*(?:[—–]|-(?=\s))\s*[A-Z][^.;:()—–]*$"
)


def division_heading() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """(the Part's heading, the Division's), as _heading_replaced takes them; its words have single spaces."""
    from lawhistory.amending.grammar.parse import division_opening

    def old(heading: str) -> object:
        new = " ".join(heading.split())
        m = _DIVISION_AFTER_PART_HEADING.search(new)
        return (new[: m.start()].strip(), m.group(0).strip()) if m else None

    def grammar(heading: str) -> object:
        new = " ".join(heading.split())
        at = division_opening(new)
        return (new[:at].strip(), new[at:].strip()) if at is not None else None

    return old, grammar


def heading_variants(text: str) -> Iterator[str]:
    """Part headings followed by a Division's, made from each line's words (windows of 4, every 8 words): more of them
    than the corpus holds."""
    words = text.split()
    for at in range(0, max(1, len(words) - 3), 8):
        head = " ".join(words[at : at + 4])
        for dash in ("—", " - ", "-"):
            yield f"{head} Division 2 {dash} {head}"
        yield f"{head} DIVISION 12A–{head.upper()}"


# --- 3. parts.py _CONTAINER_PAYLOAD → container.lark's container_payload ---------------------------------------------

_CONTAINER_PAYLOAD = re.compile(r"[“\"]?\s*(?:Part|PART|Division|DIVISION) \d+[A-Z]{0,2} ?[—–] ?[A-Z]")


def container_payload() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """Whether new text begins with a Part's or a Division's heading, asked of the text as printed (its line breaks
    kept: each file's paragraphs and lines, and the lines after each "insert")."""
    from lawhistory.amending.grammar.parse import container_payload as grammar

    def old(payload: str) -> object:
        return _CONTAINER_PAYLOAD.match(payload) is not None

    return old, grammar


def payload_variants(text: str) -> Iterator[str]:
    """The words after each dash or colon, and from each word's start, as new text would begin: as they are, after a
    quotation mark, after a line break and spaces, their first space a line break."""
    for m in re.finditer(r"[—–:]\s*|\s(?=\S)", text):
        rest = text[m.end() :][:120]
        yield rest
        yield "“" + rest
        yield "\n  " + rest
        yield rest.replace(" ", "\n", 1)


# --- 4. parts.py _HEADED_CLAUSE, _MARGIN_HEADED_CLAUSE → headed_clause.lark ----------------------------------------

_HEADED_CLAUSE = re.compile(
    r"^(?P<heading>[A-Z][^“”\"().;:]{2,150}?)\s+[“\"](?P<num>\d+[A-Z]{0,2})\.\s+(?P<text>[A-Z][^“”\"]*?)[”\"]\s*[.;]?$"
)
_MARGIN_HEADED_CLAUSE = re.compile(
    r"^(?P<heading>[A-Z][^“”\"().;:\d]{2,80}?)(?<!\b[Cc]lause)(?<!\b[Ss]ection)(?<!\b[Rr]egulation)(?<!\b[Bb]y-law)"
    r"(?<!\b[Pp]aragraph)(?<!\b[Pp]art)(?<!\b[Ss]chedule)(?<!\b[Ii]tem)\s+(?P<num>\d+[A-Z]{0,2})\.\s+(?P<text>[A-Z][^“”\"]*?[.;])$"
)


def headed_clause() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """(heading, number, words stripped) of new text that is one clause with its heading before its number."""
    from lawhistory.amending.grammar.parse import headed_clause as grammar

    def old(payload: str) -> object:
        flat = " ".join(payload.split())
        m = _HEADED_CLAUSE.match(flat) or _MARGIN_HEADED_CLAUSE.match(flat)
        return (m.group("heading"), m.group("num"), m.group("text").strip()) if m else None

    def new(payload: str) -> object:
        read = grammar(" ".join(payload.split()))
        return (read[0], read[1], read[2].strip()) if read else None

    return old, new


def clause_variants(text: str) -> Iterator[str]:
    """Each line's words made a clause with a heading before its number: quoted and not, the heading's last words
    citing a provision or not, of each length up to 160 characters."""
    words = text.split()
    for n in (1, 3, 8, 14, 25):
        head = " ".join(words[:n])
        body = " ".join(words[n : n + 12])
        for h in (head, head.capitalize(), head[:1].upper() + head[1:]):
            yield f"{h} “7. {body}”."
            yield f'{h} "12A. {body[:1].upper() + body[1:]}"'
            yield f"{h} 3. {body[:1].upper() + body[1:]}."
            yield f"{h} clause 3. These apply;"
            yield f"{h} 3. These apply;"


# --- 5. reading/headings.py AMENDING_HEADING → core/headings.lark's amending_heading --------------------------------

_CITED_LABEL = r"\d[\w.]*(?: ?\(\w+\))*"
_CITED_PROVISION = (
    r"(?:Clauses?|Schedules?|Parts?|Divisions?|Subdivisions?) " + _CITED_LABEL + r"(?:(?:,| and| to) " + _CITED_LABEL + r")*"
)
_AMENDED_ONE = (
    r"(?:"
    + _CITED_PROVISION
    + r"(?: "
    + _CITED_PROVISION
    + r")*(?: headings?)?"
    + r"|(?:First|Second|Third|Fourth|Fifth|Sixth|Seventh|Eighth|Ninth|Tenth) Schedule)"
    + r" (?:amended|deleted|inserted|replaced|repealed|substituted|added|renumbered)"
)
_AMENDING_HEADING = re.compile(
    r"("
    + _AMENDED_ONE
    + r"(?: and (?:replaced|substituted|inserted|re-?inserted)"
    + r"| and (?i:"
    + _AMENDED_ONE
    + r"))?"
    + r"(?: and consequential amendments?)?"
    + r")(?= |$)"
)


def amending_heading() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """The heading at the start of an instrument clause's words, as take_heading cuts it (its words as printed)."""
    from lawhistory.core.headings import amending_heading_end

    def old(words: str) -> object:
        m = _AMENDING_HEADING.match(words)
        return m.group(1) if m else None

    def new(words: str) -> object:
        end = amending_heading_end(words)
        return words[:end] if end is not None else None

    return old, new


def amending_heading_variants(text: str) -> Iterator[str]:
    """The words from each word that may begin a heading, as they are and in capitals, and headings made from the words
    of each line: each provision named, then each verb, then the words after it, joined to another heading or not."""
    for m in re.finditer(r"(?<!\S)(?=[A-Z])", text):
        rest = text[m.start() :][:160]
        yield rest
        yield rest.upper()
        yield rest[:1] + rest[1:].lower()
    words = text.split()
    for at in range(0, max(1, len(words) - 3), 5):
        cited = " ".join(words[at : at + 3])
        for verb in ("amended", "inserted", "renumbered"):
            yield f"Clause {cited} {verb} In clause"
            yield f"Part 2 {cited} heading {verb} and {cited} replaced"
            yield f"Clause 3 {verb} and {cited}"
            yield f"Clause 3 {verb} and Part {cited} {verb} and consequential amendments"


# --- 6. grammar/read.py _heading_replaced's and _heading_to_read's label → core/headings.lark's heading_label ----------

_LABEL_NUMBER = r"(?P<n>(?:\d\w*|[IVXLC]+)\b)"
_LABEL = re.compile(r"^(?P<kw>PART|Part|Division|Subdivision|SCHEDULE|Schedule)\s+" + _LABEL_NUMBER + r"\s*(?:[—–-]\s*)?")
_LABEL_NO_SCHEDULE = re.compile(r"^(?P<kw>PART|Part|Division|Subdivision)\s+" + _LABEL_NUMBER + r"\s*(?:[—–-]\s*)?")


def heading_label() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """(kind, number, where the heading's words begin) of a new heading's label, both readers' (with schedules and
    without), asked of the new heading single-spaced as the readers take it."""
    from lawhistory.core.headings import heading_label as grammar

    def old(heading: str) -> object:
        new = " ".join(heading.split())
        out = []
        for expression in (_LABEL, _LABEL_NO_SCHEDULE):
            m = expression.match(new)
            out.append((m.group("kw"), m.group("n"), m.end()) if m else None)
        return tuple(out) if any(out) else None

    def new(heading: str) -> object:
        new = " ".join(heading.split())
        out = (grammar(new), grammar(new, schedules=False))
        return out if any(out) else None

    return old, new


def label_variants(text: str) -> Iterator[str]:
    """New headings made from each line's words: a kind's word, then every sixth word of the line as its number, then a
    dash or none, then the words after it."""
    words = text.split()
    for at in range(0, len(words), 6):
        number, rest = words[at], " ".join(words[at + 1 : at + 6])
        for kind, dash in (("Part", " — "), ("PART", "—"), ("Schedule", " -"), ("Division", " "), ("Subdivision", "-")):
            yield f"{kind} {number}{dash}{rest}"


# --- 6b. (wrongref) grammar/read.py _heading_quoted_replaced's _UNIT_LABEL → core/headings.lark's unit_label --------

_UNIT_LABEL = re.compile(r"(?i)(?P<kw>part|division|subdivision)\s+(?P<n>\d+[A-Z]{0,2})\.?\s*(?:[—–]|-(?=\s)|$)\s*")


def unit_label() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """(kind's word, number, where the heading's words begin) of the label a unit's heading quoted as printed, or its
    new heading, begins with, asked of the words as _heading_quoted_replaced takes them (stripped)."""
    from lawhistory.core.headings import unit_label as grammar

    def old(heading: str) -> object:
        m = _UNIT_LABEL.match(heading.strip())
        return (m.group("kw"), m.group("n"), m.end()) if m else None

    def new(heading: str) -> object:
        return grammar(heading.strip())

    return old, new


def unit_label_variants(text: str) -> Iterator[str]:
    """Headings made from each line's words: a unit's word in each case, then every sixth word of the line as its number
    (and a number, with letters, a full stop or none), then each dash or none, then the words after it or none."""
    words = text.split()
    for at in range(0, len(words), 6):
        number, rest = words[at], " ".join(words[at + 1 : at + 6])
        window = f"{at} {number} {rest}"
        for kind in _pick(window, ("PART", "Part", "part", "DIVISION", "Division", "Subdivision", "SUBDIVISION", "Parts"), 2):
            for num in (number, *_pick(window, (f"{at % 17 + 1}", f"{at % 9 + 1}A", f"{at % 5 + 1}ab", f"{at % 7 + 1}."), 1)):
                for dash in _pick(window, ("—", " — ", "–", " -", "- ", " - ", "-", " ", "", ".—", " . —", "\n- "), 4):
                    yield f"{kind} {num}{dash}{rest}"
                    yield f"{kind} {num}{dash}"


# --- 7. heading_first.lark's amending_heading → core/headings.lark's heading_first ----------------------------------

_OLD_HEADING_FIRST = r"""
amending_heading: HF_KIND HF_LABEL ((HF_AND | HF_TO) HF_LABEL)? HF_HEADING? HF_VERB hf_also? hf_consequential?
hf_also: HF_AND HF_ARTICLE HF_NEW? HF_LOWER_WORD (HF_INSERTED | HF_SUBSTITUTED)
hf_consequential: HF_AND HF_CONSEQUENTIAL HF_AMENDMENTS
HF_KIND: /(Clauses?|By-laws?|Regulations?|Sections?|Schedules?|Parts?)(?=\s|$)/
HF_LABEL: /[\w.()]+(?=\s|$)/
HF_AND: /and(?=\s|$)/
HF_TO: /to(?=\s|$)/
HF_HEADING: /headings?(?=\s|$)/
HF_VERB: /(amended|deleted|inserted|replaced|repealed|substituted|renumbered)(?=\s|$)/
HF_ARTICLE: /(an?|the)(?=\s|$)/
HF_NEW: /new(?=\s|$)/
HF_LOWER_WORD: /[a-z]+(?=\s|$)/
HF_INSERTED: /inserted(?=\s|$)/
HF_SUBSTITUTED: /substituted(?=\s|$)/
HF_CONSEQUENTIAL: /consequential(?=\s|$)/
HF_AMENDMENTS: /amendments?(?=\s|$)/
%ignore " "
"""


def heading_first() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """Whether words (single-spaced, as parts._heading_before gives them) are an older instrument's amending heading:
    heading_first.lark's own rule as it was, against core/headings.lark's."""
    from lark import Lark
    from lark.exceptions import UnexpectedInput

    from lawhistory.core.headings import heading_first as grammar

    parser = Lark(_OLD_HEADING_FIRST, parser="earley", lexer="dynamic", ambiguity="forest", start="amending_heading")

    def old(words: str) -> object:
        try:
            parser.parse(" ".join(words.split()))
        except UnexpectedInput:
            return False
        return True

    return old, lambda words: grammar(" ".join(words.split()))


def heading_first_variants(text: str) -> Iterator[str]:
    """The words from each word that may begin such a heading, 2 to 14 of them, as parts._heading_before asks; and
    headings made from each line's words."""
    words = text.split()
    for at, word in enumerate(words):
        if word.startswith(("Clause", "By-law", "Regulation", "Section", "Schedule", "Part")):
            for n in range(2, 15):
                if at + n <= len(words):
                    yield " ".join(words[at : at + n])
    for at in range(0, max(1, len(words) - 2), 4):
        some = " ".join(words[at : at + 2])
        yield f"Clause 5 amended and {some} inserted"
        yield f"By-laws {some} repealed and consequential amendments"
        yield f"Part 2 heading repealed and a {some} substituted"


# --- 8. parts.py's readers of new text → new_text.lark ------------------------------------------------------------

_SINGLE_QUOTED_TERM_DEFINITION = re.compile(r"‘([^‘’“”]{1,60})’(?=\s+(?:means|includes|has\s+the\s+(?:same\s+)?meaning)\b)")
_QUOTED_TERM_DEFINITION = re.compile(r"“[^“”]{1,60}”\s+(?:means|includes|has\s+the\s+(?:same\s+)?meaning)\b")
_DASH_DEFINITION = re.compile(
    r"(?:^|(?<=;\s))(?P<term>[A-Za-z][\w’'-]*(?: (?!means\b|includes\b|is\b|are\b)[\w’'-]+){0,5}) —\s+(?=\(a\) )"
)
_UNMARKED_DEFINITIONS = re.compile(
    r"In this (?:clause|subclause|Part|Division|Subdivision|Schedule|local law|by-?law|regulation|section)\s*[—–:-]?\s+"
    r"(?![“\"‘'*])[^.;:—–“”]{1,60}?\s(?:means|has the (?:same )?meaning)\b[^.;]*"
)
_RUN_ON_DEFINITION = re.compile(
    r";\s*(?!and\b|or\b)[A-Za-z][\w’'-]*(?: [\w’'-]+){0,4}(?:,[^;]{0,80}?,)?(?:\s+(?:means|includes|has the meaning|refers to)\b|\s*[—–-]\s*$)"
)
_FOLLOWING_DASH = re.compile(
    r"\bthe following(?: new)? (?:definitions?|words?|paragraphs?|subclauses?|clauses?)(?: instead)?(?P<dash>\s*[—–:-]\s*)"
)
_PENALTY_LINE = re.compile(
    r"(?<=[.;])\s+(?P<line>Penalty for this (?P<kind>sub-?clause|clause|regulation|sub-?regulation|paragraph): .+)$"
)
_PENALTY_PAYLOAD = re.compile(r"Penalty(?: for this (?:sub-?clause|clause|regulation|sub-?regulation|paragraph|by-?law))?:(?=\s)")
_AFTER_CONNECTOR = re.compile(r";\s*(?P<conn>or|and)\s+(?P<words>[a-z][^;]*)$")
_NOTE = re.compile(r"\s(Note(?: for this definition)?:)\s+(.+)$")
_HEADING_ONLY = re.compile(r"(?P<kw>Part|PART|Division|DIVISION) (?P<num>\d+[A-Z]{0,2}) ?[—–] ?(?P<heading>[A-Z][^.;:()—–]*?)")


def term_definition() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """Whether the words begin with a definition whose term alone is quoted in double marks, and (its term, where its
    closing single mark ends) in single ones (parts._QUOTED_TERM_DEFINITION, _SINGLE_QUOTED_TERM_DEFINITION)."""
    from lawhistory.amending.grammar.parse import quoted_term, single_quoted_term

    def old(text: str) -> object:
        single = _SINGLE_QUOTED_TERM_DEFINITION.match(text)
        found = (_QUOTED_TERM_DEFINITION.match(text) is not None, (single.group(1), single.end()) if single else None)
        return found if found != (False, None) else None

    def new(text: str) -> object:
        single = single_quoted_term(text)
        found = (quoted_term(text) is not None, (text[single[0] : single[1]], single[2]) if single else None)
        return found if found != (False, None) else None

    return old, new


def _pick(text: str, options: tuple[str, ...], k: int) -> tuple[str, ...]:
    """``k`` of ``options``, turning with the text (its checksum), so that the corpus as a whole tries each."""
    at = zlib.crc32(text.encode("utf-8"))
    return tuple(options[(at + i) % len(options)] for i in range(min(k, len(options))))


_VERBS = (
    "means",
    "includes",
    "has the meaning",
    "has the same meaning",
    "has  the\nsame meaning",
    "meanings",
    "has the sameness",
)


def term_variants(text: str) -> Iterator[str]:
    """The words from each quotation mark; each line's first words made a term, quoted in double or single marks, then
    the words that define a term (or words that do not)."""
    for m in re.finditer(r"[“‘]", text):
        yield text[m.start() :][:200]
    words = text.split()
    for n in (1, 3, 9, 14):
        head, rest = " ".join(words[:n]), " ".join(words[n : n + 8])
        for verb in _pick(text + head, _VERBS, 2):
            yield f"“{head}” {verb} {rest}"
            yield f"‘{head}’ {verb} {rest}"
        yield f"“{head}”\n{_pick(head, _VERBS, 1)[0]}"


_MARKED_TERM = re.compile(
    r"(^|;\s+|[—–:]\s+|\s-\s+)(?:[“\"]([^“”\"]{1,80})[”\"]|‘([^‘’“”\"]{1,80})’)"
    r"(?=,? (?:means|includes|has (?:the|a) (?:same |corresponding )?meaning|in relation to|does not include)\b)"
)


def marked_term() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """The words with the marks around each defined term taken off (parts._payload_provisions' re.sub), None when
    none is."""
    from lawhistory.amending.parts import without_term_marks

    def old(text: str) -> object:
        out = _MARKED_TERM.sub(lambda m: m.group(1) + (m.group(2) or m.group(3)), text)
        return out if out != text else None

    def new(text: str) -> object:
        out = without_term_marks(text)
        return out if out != text else None

    return old, new


def marked_variants(text: str) -> Iterator[str]:
    """Each line's first words made a term in double, plain or single marks, after a semicolon, a colon or a dash, then
    the words that define it (or words that do not); and the words from each mark."""
    for m in re.finditer(r"[“‘\"]", text):
        yield "x; " + text[m.start() :][:200]
    words = text.split()
    befores = ("", "x; ", "x;  ", "x: ", "x — ", "x - ", "x -", "x ", "x;\n", " ")
    verbs = ("means", "includes", "has the same meaning", "has a corresponding meaning", "in relation to", "does not include")
    verbs += ("does not includes", "has the corresponding meaning", "meanings", "has a meaning")
    for n in (1, 3, 12):
        head, rest = " ".join(words[:n]), " ".join(words[n : n + 6])
        for before in _pick(text + head, befores, 3):
            for verb in _pick(head + before, verbs, 2):
                yield f"{before}“{head}” {verb} {rest}"
                yield f"{before}‘{head}’, {verb} {rest}"
                yield f'{before}"{head}”  {verb}'
                yield f"{before}“{head}”,{verb} {rest}; “{rest}” {verb}"


def dash_definition() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """(term begins, term ends, where the paragraph (a) begins) of each definition whose words are in its paragraphs."""
    from lawhistory.amending.grammar.parse import dash_definitions

    def old(text: str) -> object:
        return tuple((m.start("term"), m.end("term"), m.end()) for m in _DASH_DEFINITION.finditer(text)) or None

    def new(text: str) -> object:
        return dash_definitions(text) or None

    return old, new


def dash_variants(text: str) -> Iterator[str]:
    """Each line's first words made a term, then a spaced dash and (a) (and after another definition's semicolon)."""
    words = text.split()
    for n in (1, 3, 6, 7):
        head, rest = " ".join(words[:n]), " ".join(words[n : n + 6])
        yield f"{head} — (a) {rest}"
        yield f"x means y; {head} — (a) {rest}"
        yield f"x means y;\n{head} —\n(a) {rest}"
        yield f"{head} — (b) {rest}"
        yield f"{head}— (a) {rest}"
        yield f"x;{head} — (a) {rest}; {head.lower()} — (a) x"


def unmarked() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """The words (to the full stop or semicolon after the defining words) of words that define unmarked terms."""
    from lawhistory.amending.grammar.parse import unmarked_definitions

    def old(text: str) -> object:
        m = _UNMARKED_DEFINITIONS.match(text)
        return m.group(0) if m else None

    return old, unmarked_definitions


_KINDS = ("clause", "subclause", "Part", "Schedule", "local law", "by-law", "bylaw", "section", "clauses", "Parts")


def unmarked_variants(text: str) -> Iterator[str]:
    words = text.split()
    for n in (1, 3, 8, 12):
        head, rest = " ".join(words[:n]), " ".join(words[n : n + 6])
        for kind in _pick(text + head, _KINDS, 2):
            for sep in _pick(head + kind, (" ", "— ", " — ", ": ", " - ", " -", "-", "  ", "\n", "- "), 2):
                yield f"In this {kind}{sep}{head} means {rest}"
            yield f"In this {kind} {head} has the same meaning {rest}"
            yield f"In this {kind}, {head} has the meaning {rest}"
            mark = _pick(head, ("“", "*", "‘", '"', "'"), 1)[0]
            yield f"In this {kind} {mark}{head}” means {rest}"


def run_on() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """Where the first semicolon is from which another definition seems to begin."""
    from lawhistory.amending.grammar.parse import run_on_definition

    def old(text: str) -> object:
        m = _RUN_ON_DEFINITION.search(text)
        return m.start() if m else None

    def new(text: str) -> object:
        found = run_on_definition(text)
        return found[0] if found else None

    return old, new


def run_on_variants(text: str) -> Iterator[str]:
    words = text.split()
    for n in (1, 2, 5, 6):
        head, rest = " ".join(words[:n]), " ".join(words[n : n + 6])
        for verb in _pick(
            text + head, ("means", "includes", "has the meaning", "refers to", "—", "-", "- ", " -", "meanings"), 2
        ):
            yield f"x means y; {head} {verb} {rest}"
            yield f"x means y; {head} {verb}"
            yield f"x means y;{head}, in relation to a {rest}, {verb} z"
            yield f"x means y; and {head} {verb} {rest}"
            yield f"x; {head}- {verb}"


def following_dash_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """(where "the following" begins, the dash's span) of each "the following definitions —"."""
    from lawhistory.amending.grammar.parse import following_dashes

    dash = re.compile(r"\s*[—–:-]\s*")

    def old(text: str) -> object:
        found = []
        for m in _FOLLOWING_DASH.finditer(text):
            d = dash.match(text, m.start("dash"))
            assert d is not None
            found.append((m.start(), d.start(), d.end()))
        return tuple(found) or None

    def new(text: str) -> object:
        return following_dashes(text) or None

    return old, new


def following_variants(text: str) -> Iterator[str]:
    words = text.split()
    head = " ".join(words[:6])
    kinds = ("definitions", "definition", "words", "word", "paragraphs", "subclauses", "clauses", "clause", "items", "wordsmith")
    for kind in _pick(text, kinds, 3):
        for new in ("", "new "):
            for tail in _pick(text + kind, ("—", " —", " instead:", " instead —", ":-", " - ", "-", " instead of —", ""), 2):
                yield f"{head} the following {new}{kind}{tail} “x”"
                yield f"{head} bathe following {new}{kind}{tail}"
                yield f"the  following {new}{kind}{tail}"


def penalty_line_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """(where, the line, its kind) of the penalty line a provision's words end with."""
    from lawhistory.amending.grammar.parse import penalty_line

    def old(text: str) -> object:
        m = _PENALTY_LINE.search(text)
        return (m.start(), m.group("line"), m.group("kind")) if m else None

    return old, penalty_line


def penalty_payload_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """Where the colon of new text that is a penalty line ends."""
    from lawhistory.amending.grammar.parse import penalty_payload

    def old(text: str) -> object:
        m = _PENALTY_PAYLOAD.match(text)
        return m.end() if m else None

    return old, penalty_payload


def penalty_variants(text: str) -> Iterator[str]:
    """The words from each "Penalty"; each line's words ending in a penalty line of each kind."""
    for m in re.finditer(r"Penalty", text):
        yield text[m.start() :][:200]
        yield "A person must not. " + text[m.start() :][:200]
    words = " ".join(text.split()[:8])
    kinds = (
        "subclause",
        "sub-clause",
        "clause",
        "regulation",
        "subregulation",
        "paragraph",
        "by-law",
        "bylaw",
        "section",
        "clauses",
    )
    for kind in _pick(text, kinds, 3):
        for tail in _pick(text + kind, (": a fine of $5 000.", ":a fine", ":  x", ": x\ny", ": x\n", ":", ": "), 2):
            yield f"{words}. Penalty for this {kind}{tail}"
            yield f"{words};\nPenalty for this {kind}{tail}"
            yield f"Penalty for this {kind}{tail}"
            yield f"{words} Penalty for this {kind}{tail}"
    for tail in _pick(text, (": (a) x", ":\nx", ":x", ":", "  : x", " : x"), 2):
        yield f"Penalty{tail}"


def after_connector_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """("or"/"and", the words after it) of a paragraph whose words go on after the connector that ends it."""
    from lawhistory.amending.grammar.parse import after_connector

    def old(text: str) -> object:
        m = _AFTER_CONNECTOR.search(text)
        return (m.group("conn"), m.group("words")) if m else None

    return old, after_connector


def connector_variants(text: str) -> Iterator[str]:
    words = " ".join(text.split()[:10])
    for conn in _pick(text, ("; or ", "; and ", ";or ", "; or\n", "; order ", ";  and  ", "; or; or ", "; or X"), 3):
        yield f"(c) the thing{conn}{words}"
        yield f"(c) the thing{conn}{words.lower()}"
        yield f"(c) a; b{conn}{words.lower()}; c"


def note_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """(where, "Note…:", its words) of the note a definition's words end with."""
    from lawhistory.amending.grammar.parse import definition_note

    def old(text: str) -> object:
        m = _NOTE.search(text)
        return (m.start(), m.group(1), m.group(2)) if m else None

    return old, definition_note


def note_variants(text: str) -> Iterator[str]:
    for m in re.finditer(r"Note", text):
        yield "x means y; " + text[m.start() :][:200]
    words = " ".join(text.split()[:8])
    for label in _pick(text, ("Note:", "Note for this definition:", "Note for this clause:", "Notes:", "Note :"), 2):
        for tail in _pick(text + label, (" see 4.", "  see", "\nsee", " ", "   ", " x\ny", " x\n", " \n", "x"), 3):
            yield f"x means {words}; {label}{tail}"
            yield f"x means {words}.\n{label}{tail}"
            yield f"{label}{tail}"


def heading_only_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """(kind, number, heading) of new text that is a Part's or a Division's heading alone."""
    from lawhistory.amending.grammar.parse import heading_only

    def old(text: str) -> object:
        m = _HEADING_ONLY.fullmatch(text)
        return (m.group("kw"), m.group("num"), m.group("heading")) if m else None

    return old, heading_only


def heading_only_variants(text: str) -> Iterator[str]:
    words = text.split()
    for n in (1, 3, 6):
        head = " ".join(words[:n])
        for kind in _pick(text + head, ("Part", "PART", "Division", "DIVISION", "Subdivision", "part"), 2):
            for num in _pick(head + kind, ("3", "12A", "3ABC", "3 A"), 2):
                for dash in _pick(head + kind + num, ("—", " — ", "– ", " -", "  —", "—  "), 2):
                    yield f"{kind} {num}{dash}{head}"
                    yield f"{kind} {num}{dash}{head[:1].upper() + head[1:]}"


# --- 9. parts.py's readers of the new text's provisions → structure.lark, provision_of.lark ---------------------------

_HEADING_ABOVE_NUMBER = re.compile(
    r"\s*(?P<heading>[A-Z][^“”\"().;:\d]{1,79}[^“”\"().;:\d\s])(?<!\b[Cc]lause)(?<!\b[Ss]ection)(?<!\b[Rr]egulation)"
    r"(?<!\b[Bb]y-law)(?<!\b[Pp]aragraph)(?<!\b[Pp]art)(?<!\b[Ss]chedule)(?<!\b[Ii]tem)\s+(?P<num>\d+[A-Z]{0,2})\.\s+(?=\(1\)\s)"
)
#: (r12) not the thousands of an amount spaced as printed ("Penalty: $1 000. (2) …")
_ANOTHER_CLAUSE = re.compile(r"(?<!\S)(?<!\d )\d+[A-Z]{0,2}\.\s+[(A-Z]")
_LABEL_AFTER_HEADING = re.compile(
    r"^((?:Part|PART|Division|DIVISION) \d+[A-Z]{0,2} ?[—–] ?[A-Z][^.;:()—–]*? )(\d+[A-Z]{0,2}\.\d+[A-Z]{0,2})\.(?= [A-Z])"
)
_CONTAINER_CLAUSES = re.compile(
    r"(?P<kw>Part|PART|Division|DIVISION) (?P<num>\d+[A-Z]{0,2}) ?[—–] ?(?P<heading>[A-Z][^.;:()]*?) (?=\d+[A-Z]{0,2}\. [A-Z])"
)
_SUBDIVISION = re.compile(
    r"(?:Subdivision|SUBDIVISION) (?P<num>\d+[A-Z]{0,2}) ?[—–] ?(?P<heading>[A-Z][^.;:()—–]*?) (?=\d+[A-Z]{0,2}\.\d+[A-Z]{0,2}\.? [A-Z])"
)
_SUBDIVIDED = re.compile(
    r"(?P<kw>Part|PART|Division|DIVISION) (?P<num>\d+[A-Z]{0,2}) ?[—–] ?(?P<heading>[A-Z][^.;:()—–]*?) (?=(?:Subdivision|SUBDIVISION) \d)"
)
_HEADING_RUNS_ON = re.compile(
    r"(?:\b(?:Part|PART|Division|DIVISION|Subdivision|SUBDIVISION) \d+[A-Z]{0,2} ?[—–]|\b\d+[A-Z]{0,2}\.\d+[A-Z]{0,2}\.? [A-Z]).*"
)
_CLAUSE_FIRST = re.compile(
    r"(?P<kw>Part|PART|Division|DIVISION) (?P<num>\d+[A-Z]{0,2}) ?[—–] ?(?P<heading>[A-Z][^.;:()—–]*?) (?=\d+[A-Z]{0,2}\.\d+[A-Z]{0,2} [A-Z])"
)
_HEADING_HOLDS_CLAUSE = re.compile(
    r"(?:(?<!\S)\d+[A-Z]{0,2}\.\s+[A-Z(]|\b(?:delete|insert|omit|substitute|replace)\b[^.]*?[“”\"‘’']"
    r"|[“\"‘'][^“”\"‘’']*[”\"’'][^.]*?\b(?:delete|insert|omit|substitute|replace)\b).*"
)
_PROVISION_OF = re.compile(
    r"(?i)(?:by-?laws?|clauses?|parts?|divisions?|regulations?|sections?|schedules?|paragraphs?)\s+\S+\s+of\s+"
)


def heading_above_number_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """(the heading, the number, where subclause (1) begins), as ``_heading_above_number`` takes them."""
    from lawhistory.amending.grammar.parse import heading_above_number

    def old(payload: str) -> object:
        m = _HEADING_ABOVE_NUMBER.match(payload)
        return (m.group("heading"), m.group("num"), m.end()) if m else None

    return old, heading_above_number


def another_clause_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """Where another clause's number is, from the start and from the middle of the text (as ``_heading_above_number``
    asks it after a heading)."""
    from lawhistory.amending.grammar.parse import another_clause

    def old(text: str) -> object:
        found = tuple((m.start() if (m := _ANOTHER_CLAUSE.search(text, at)) else None) for at in (0, len(text) // 2))
        return found if found != (None, None) else None

    def grammar(text: str) -> object:
        found = tuple(another_clause(text, at) for at in (0, len(text) // 2))
        return found if found != (None, None) else None

    return old, grammar


def label_after_heading_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """The new text with the full stop after the first clause's label taken off (None where there is none)."""
    from lawhistory.amending.grammar.parse import label_after_heading

    def old(text: str) -> object:
        new = _LABEL_AFTER_HEADING.sub(r"\1\2", text)
        return new if new != text else None

    def grammar(text: str) -> object:
        stop = label_after_heading(text)
        return None if stop is None else text[:stop] + text[stop + 1 :]

    return old, grammar


def container_opening_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """(kind, number, heading, where what is under it begins), as ``_payload_provisions`` takes them."""
    from lawhistory.amending.grammar.parse import container_opening

    def old(text: str) -> object:
        m = _CONTAINER_CLAUSES.match(text) or _SUBDIVIDED.match(text)
        return (m.group("kw"), m.group("num"), m.group("heading"), m.end()) if m else None

    return old, container_opening


def clause_first_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    from lawhistory.amending.grammar.parse import clause_first

    def old(text: str) -> object:
        m = _CLAUSE_FIRST.match(text)
        return (m.group("kw"), m.group("num"), m.group("heading"), m.end()) if m else None

    return old, clause_first


def subdivisions_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """Each Subdivision heading (where it begins, where its clauses begin, its number, its heading), as
    ``_payload_provisions`` takes them (the first one: ``payload_provisions``' refusal)."""
    from lawhistory.amending.grammar.parse import subdivisions

    def old(text: str) -> object:
        return tuple((m.start(), m.end(), m.group("num"), m.group("heading")) for m in _SUBDIVISION.finditer(text)) or None

    def grammar(text: str) -> object:
        return subdivisions(text) or None

    return old, grammar


def heading_runs_on_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """The words a refusal quotes (from where the heading runs on to the end of its line)."""
    from lawhistory.amending.grammar.parse import heading_runs_on

    def old(heading: str) -> object:
        m = _HEADING_RUNS_ON.search(heading)
        return m.group(0) if m else None

    return old, heading_runs_on


def heading_holds_clause_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """The words a refusal quotes (from where the heading holds a clause or an instruction to the end of its line)."""
    from lawhistory.amending.grammar.parse import heading_holds_clause

    def old(heading: str) -> object:
        m = _HEADING_HOLDS_CLAUSE.search(heading)
        return m.group(0) if m else None

    return old, heading_holds_clause


def list_run_together_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    from lawhistory.amending.grammar.parse import list_run_together

    def old(text: str) -> object:
        return bool(re.search(r"[—–]\s+[^.;:,—–()]+$", text) and not re.search(r"\b(?:and|or)$", text))

    return old, list_run_together


def provision_of_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    from lawhistory.amending.grammar.parse import provision_of

    def old(title: str) -> object:
        return _PROVISION_OF.match(title) is not None

    return old, provision_of


_OFS = ("of", "OF", "off", "of\n")


def schedule_heading_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """The words up to a new Schedule's heading (``_schedule_text``'s ``own``), asked of the words with single
    spaces for each of the numbers 1, 2, 2A and 10."""
    from lawhistory.amending.grammar.parse import schedule_heading

    def old(text: str) -> object:
        flat = " ".join(text.split())
        found = tuple((m.group(0) if (m := re.match(rf"Schedule {re.escape(n)}\s*[—–]\s*", flat)) else None) for n in _NUMS)
        return found if any(found) else None

    def grammar(text: str) -> object:
        flat = " ".join(text.split())
        found = tuple(schedule_heading(flat, n) for n in _NUMS)
        return found if any(found) else None

    return old, grammar


_NUMS = ("1", "2", "2A", "10")
_KINDS = ("Part", "PART", "Division", "DIVISION", "Subdivision", "SUBDIVISION", "part", "Clause")
_DASHES = (" — ", "—", " –", "– ", " - ", "  — ", " —  ")


def structure_variants(text: str) -> Iterator[str]:
    """New text's structures made from each line's words (windows of 4, every 8 words, turned with the text so that
    the corpus as a whole tries each shape), and near misses of them: a kind, a number, a dash and a heading before a
    clause's label (with or without its full stop, "N." or "N.N"), a Subdivision's heading, a heading above a number
    and subclause (1), a heading holding a number or a verb and quoted words, a list run together, a provision named
    in a title."""
    words = text.split()
    seed = zlib.crc32(text.encode())
    for n, at in enumerate(range(0, max(1, len(words) - 3), 8)):
        head = " ".join(words[at : at + 4])
        cap = head[:1].upper() + head[1:]
        k = seed + n
        kind, dash = _KINDS[k % len(_KINDS)], _DASHES[(k // 8) % len(_DASHES)]
        label = ("2.4.", "2.4", "18A.", "3.4A.", "2A.1.", "12", "2.4. ")[(k // 3) % 7]
        sub = ("Subdivision 1 — ", "SUBDIVISION 2A–", "Subdivision 1 ", "subdivision 1 — ")[(k // 5) % 4]
        yield f"{kind} 2{dash}{cap} {label} {cap}"
        yield f"{kind} 3A{dash}{cap} {sub}{cap} {label} {cap} {head}"
        yield f"{kind} 2{dash}{cap} {label} {cap}. {sub}{cap} {label} {cap}"
        yield f"{cap} {label} (1) {head}"
        yield f"  {cap}\n10. (1) {head} 10A. (1) {cap}"
        yield f"{cap} {label} {head} {('delete', 'insert', 'Delete', 'omit')[k % 4]} “{head}”."
        yield f"{cap} “{head}” {('replace', 'substitute', 'replaced', 'and')[k % 4]} {head}"
        yield f"{cap} — {head}{('', ' and', ' or', '.', ' (a)', ' brand')[k % 6]}"
        yield f"Schedule {('2', '2A', '10', '3', '2 A')[k % 5]}{dash}{cap} | {head} |"
        yield f"{('By-law', 'clauses', 'Regulation', 'Schedule', 'bylaws', 'Parts')[k % 6]} {words[at]} {_OFS[(k // 6) % 4]} {head}"


#: (known2) the expressions instructions.py read a general amendment's Schedule with, before structure.lark's rules
_OLD_TO_THIS_CLAUSE = re.compile(
    r"\bthe provisions(?: of the principal (?:local laws?|by-?laws?|regulations))?,? (?:referred to|specified|listed|set out|"
    r"mentioned) in the Schedule to this (?:clause|section|by-?law|regulation)\b",
    re.I,
)
_OLD_CLAUSE_SCHEDULE = re.compile(
    r"(?<=[.”\"])\s*SCHEDULE\.?\s+(?P<list>(?:Clauses?|Sub-?clauses?|By-?laws?|Regulations?|Sections?)\s+[^“”\"]+?)\.?\s*$"
)


def to_this_clause_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """(start, end) of "the provisions … referred to in the Schedule to this clause" in an instruction's words."""
    from lawhistory.amending.grammar.parse import to_this_clause

    def old(t: str) -> object:
        m = _OLD_TO_THIS_CLAUSE.search(t)
        return None if m is None else (m.start(), m.end())

    return old, to_this_clause


def clause_schedule_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """(start, list with single spaces) of a Schedule printed after a clause's words."""
    from lawhistory.amending.grammar.parse import clause_schedule

    def old(t: str) -> object:
        m = _OLD_CLAUSE_SCHEDULE.search(t)
        return None if m is None else (m.start(), " ".join(m.group("list").split()))

    def new(t: str) -> object:
        found = clause_schedule(t)
        return None if found is None else (found[0], " ".join(found[1].split()))

    return old, new


def schedule_variants(text: str) -> Iterator[str]:
    """Each line's words made a general amendment naming the Schedule to its clause, and that Schedule printed after
    them: the phrase in each of its forms and cases, with and without the list's kind, full stop and spaces."""
    words = text.split()
    for k in range(0, max(1, len(words) - 3), 5):
        head = " ".join(words[k : k + 8])
        of = ("", " of the principal local law", " of the principal by-laws", ",", " of the Principal Regulations,")[k % 5]
        verb = ("referred to", "specified", "listed", "set out", "mentioned", "Referred To")[k % 6]
        unit = ("clause", "section", "by-law", "bylaw", "regulation", "Clause")[(k // 2) % 6]
        kind = ("Clauses", "Clause", "Sub-clauses", "By-laws", "Regulations", "Sections", "clauses", "Items")[k % 8]
        stop = ("SCHEDULE.", "SCHEDULE", "Schedule.", "SCHEDULE. ")[(k // 3) % 4]
        end = (".", "", ". ", " .", "”")[k % 5]
        yield f"{head} wherever occurring in the provisions{of} {verb} in the Schedule to this {unit} “{head}”. {stop} {kind} {head}{end}"
        yield f"The provisions{of} {verb} in the Schedule to this {unit}s {head}.{stop}  {kind}  3.2, 4.1 and 5.3{end}"
        yield f"{head}” {stop}{kind} {head}{end}"


#: (gram3) the expressions parts.py and accounting.py read a definition's second term, a clause's heading run into a
#: citation and a council's name with, before structure.lark's second_term, run_in_citation and of_council
_OLD_SECOND_TERM = re.compile(r"(?<=[\w)]) and [“\"]([^“”\"]{1,80})[”\"](?= have the same meanings?\b)")
_OLD_RUN_IN_CITATION = re.compile(
    r"^(?P<pre>[A-Z][^\s.;:,—–]*(?: [^\s.;:,—–]+){0,5}) (?P<cite>(?:Clause|Part|Schedule|Division|Subclause|By-law|Form)s? \d\S*)"
)
_OLD_OF_COUNCIL = re.compile(r"\bof\s+the\s+(?:Shire|Town|City|Municipality|Municipal\s+District)\s+of(?:\s+[A-Z][\w’'-]*){1,3}$")


def second_term_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """The text with each second term of a definition of two made bold (what parts.without_term_marks does), or None
    when it holds none."""
    from lawhistory.amending.grammar.parse import second_terms

    def old(t: str) -> object:
        bold, n = _OLD_SECOND_TERM.subn(r" and **\1**", t)
        return bold if n else None

    def new(t: str) -> object:
        out, at = [], 0
        for begin, end, term in second_terms(t):
            out += [t[at:begin], f" and **{term}**"]
            at = end
        return "".join(out) + t[at:] if out else None

    return old, new


def run_in_citation_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """(the words before, the citation) a refusal of a clause's heading run into a citation quotes."""
    from lawhistory.amending.grammar.parse import run_in_citation

    def old(t: str) -> object:
        m = _OLD_RUN_IN_CITATION.match(t)
        return None if m is None else (m.group("pre"), m.group("cite"))

    return old, run_in_citation


def of_council_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """Whether the words (as accounting.split_instructions asks them: the last 120 characters, spaces at the end taken
    off) end with a council's name."""
    from lawhistory.amending.grammar.parse import ends_with_council

    return (lambda t: _OLD_OF_COUNCIL.search(t[-120:].rstrip()) is not None), (lambda t: ends_with_council(t[-120:].rstrip()))


def gram3_variants(text: str) -> Iterator[str]:
    """Each line's words made the three readings: a definition of two terms (each mark, lookbehind, term length and
    "meaning"/"meanings", near misses), words run into a citation (each kind, plural, words before, marks among them),
    and a council's name (each kind, one to four name words, spaces, case) ending the words."""
    words = text.split()
    for k in range(0, max(1, len(words) - 2), 4):
        head = " ".join(words[k : k + 6])
        term = " ".join(words[k : k + 1 + k % 4])
        mark = (("“", "”"), ('"', '"'), ("“", '"'), ("'", "'"))[k % 4]
        same = (" have the same meanings", " have the same meaning", " have the same meaningful", " has the same meaning")[
            (k // 4) % 4
        ]
        yield f"{head} and {mark[0]}{term}{mark[1]}{same} as in the Act."
        yield f"{head}) and {mark[0]}{term * (1 + k % 3)}{mark[1]} have the same meanings and x and “{term}” have the same meaning"
        yield f"{head}. and “{term}”{same}"
        kind = ("Clause", "Part", "Schedules", "Division", "Subclause", "By-law", "Forms", "clause", "Item")[k % 9]
        num = ("2.4", "3", "1A(2)", "x", "(2)")[k % 5]
        yield f"{head} {kind} {num} applies to {head}"
        yield f"{head.capitalize()} {kind} {num}"
        yield f"{words[k].capitalize()} {kind} {num} {head}"
        council = ("Shire", "Town", "City", "Municipality", "Municipal District", "Municipal  District", "shire", "Shires")[k % 8]
        names = " ".join(w.capitalize() for w in words[k : k + 1 + k % 4])
        sp = (" ", "  ", "\n", " ")[k % 4]
        yield f"{head} of the {council} of{sp}{names}"
        yield f"{head} By-law 3 of{sp}the {council} of {names} "
        yield f"of the {council} of {names.lower()}"
        yield f"{head}of the {council} of {names}"


# --- (gram) reading/structure.py's round 16 expressions → core/headings.lark's own_heading, new_text_lead,
# straight_open, straight_close and citing_word ----------------------------------------------------------------------

_OLD_STRAIGHT_OPEN = re.compile(r'(?<=[—–:])[ \t\n]*"(?=[ \t\n]*[;,])')
_OLD_STRAIGHT_CLOSE = re.compile(r'"[.;,]?(?=\s|$)')
_OLD_NEW_TEXT_LEAD = re.compile(
    r"\b(?:insert|inserted instead|substitute|substituted|instead|the following(?: [a-z]+){0,2})\s*[:—–]$"
)
_OLD_AMENDING_HEADING = re.compile(
    r"\s*(?:(?:Clauses?|Parts?|Schedules?|Divisions?|Subdivisions?|By-?laws?|Regulations?|Local laws?)\b[^.]{0,60}?"
    r"\b(?:amended|inserted|replaced|deleted|repealed|substituted|added)\b|Citation\b|Commencement\b)"
)
_OLD_CITES = frozenset(
    ["clause", "clauses", "subclause", "subclauses", "by-law", "by-laws", "bylaw", "bylaws", "regulation", "regulations",
     "section", "sections", "item", "items", "paragraph", "paragraphs", "schedule", "part", "division", "form", "no.",
     "and", "or", "to", "of", "cl.", "s.", "r."]
)  # fmt: skip


def _old_straight_quoted(s: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    pos = 0
    while (o := _OLD_STRAIGHT_OPEN.search(s, pos)) is not None:
        close = s.find('"', o.end())
        if close < 0:
            break
        if _OLD_STRAIGHT_CLOSE.match(s, close):
            spans.append((o.end(), close))
        pos = close + 1
    return spans


def _old_opens_new_text(before: str) -> bool:
    tail = before.rstrip().rstrip('"“').rstrip()
    return bool(_OLD_NEW_TEXT_LEAD.search(tail[-80:]))


def straight_quoted_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """The spans of new words between straight marks (reading/structure.py's _straight_quoted)."""
    from lawhistory.reading.structure import _straight_quoted

    return (lambda t: _old_straight_quoted(t) or None), (lambda t: _straight_quoted(t) or None)


def new_text_lead_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """Whether the words end as an instruction introducing new text (structure.py's call: the words before a number)."""
    from lawhistory.core.headings import opens_new_text

    return _old_opens_new_text, opens_new_text


def own_heading_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """Whether the words (after a clause number) begin with an instrument clause's own heading."""
    from lawhistory.core.headings import own_heading_follows

    return (lambda t: _OLD_AMENDING_HEADING.match(t) is not None), own_heading_follows


def citing_word_check() -> tuple[Callable[[str], object], Callable[[str], object]]:
    """Which words of the text (as _own_clause_later asks them: lower case, brackets, commas and semicolons around
    them off) cite the number after them: their places, or None."""
    from lawhistory.core.headings import cites

    def citing(said: Callable[[str], bool]) -> Callable[[str], object]:
        return lambda t: tuple(i for i, w in enumerate(t.split()) if said(w.lower().strip("(,;"))) or None

    return citing(lambda w: w in _OLD_CITES), citing(cites)


_LEADS = (
    "insert", "Insert", "inserted instead", "inserted", "inserted  instead", "substitute", "substituted", "substitutes",
    "instead", "the following", "the following clause", "the following new clause", "the following a b c",
    "the following Clause", "the  following", "reinsert", "re-insert", "(insert", "inserts", "the following\nclause",
    "insert_", "insert the following", "is to read",
)  # fmt: skip
_OPENERS = (":", "—", "–", "-", ";", ":—", "")
_AFTER = ("", ' "', "“", " “ ", '""', ' " “', "\n", ' "x')
_OWN_KINDS = (
    "Clause", "Clauses", "Part", "Schedule", "Divisions", "Subdivision", "By-law", "Bylaws", "Regulation",
    "Local law", "Local laws", "Local Law", "clause", "Clausex", "Parts3", "Citation", "Citations", "Commencement",
)  # fmt: skip
_OWN_VERBS = ("amended", "inserted", "replaced", "deleted", "repealed", "substituted", "added", "amendedly", "amend",
          "readded", "_amended", "renumbered", "re-inserted", "Amended")  # fmt: skip


def lead_variants(text: str) -> Iterator[str]:
    """Each end at a colon or dash of the text (what a clause number may follow), and the text's words ending in the
    leads, spacings, openers and marks after them, taken in turn."""
    for m in re.finditer(r"[:—–]", text):
        yield text[: m.end()]
        yield text[: m.end()] + ' "'
    words = text.split()
    for k in range(0, max(1, len(words)), 6):
        head = " ".join(words[max(0, k - 12) : k])
        for i in range(6):
            lead = _LEADS[(k // 6 + 4 * i) % len(_LEADS)]
            sep = ("", " ", "  ", "\n", " \t")[(k + i) % 5]
            opener = _OPENERS[(k // 6 + i) % len(_OPENERS)]
            yield f"{head} {lead}{sep}{opener}{_AFTER[(k + i + len(opener)) % len(_AFTER)]}"
        yield " ".join(words[k:]) + " insert:"
        yield ("x" * (k % 90)) + "the following " + " ".join(w.lower() for w in words[k : k + 2]) + " —"


def own_heading_variants(text: str) -> Iterator[str]:
    """The words after each number "5." of the text, and the text's words made a heading: each kind, the words between
    (of each length, with and without a full stop), each verb and near verb."""
    for m in re.finditer(r"\d+[A-Z]{0,2}\.", text):
        yield text[m.end() :]
    words = text.split()
    for k in range(0, max(1, len(words)), 4):
        between = " ".join(words[k : k + 1 + k % 12])
        for i in range(4):
            kind = _OWN_KINDS[(k // 4 + 5 * i) % len(_OWN_KINDS)]
            verb = _OWN_VERBS[(k // 4 + 3 * i) % len(_OWN_VERBS)]
            blank = ("", " ", "\n  ", " ")[(k + i) % 4]
            yield f"{blank}{kind} {between} {verb} {text}"
            yield f"{blank}{kind} {verb}"
            yield f"{blank}{kind}({between}){verb}."
            yield f" {kind} {'x' * (k % 70)} {verb}"


def straight_variants(text: str) -> Iterator[str]:
    """The text with new words between straight marks put at each third word: each dash, blanks, first mark, words
    (from the text: marks, labels), closing mark and what follows it."""
    words = text.split()
    for k in range(0, max(1, len(words)), 3):
        head, rest = " ".join(words[:k]), " ".join(words[k:])
        dash = ("—", "–", ":", "-", ",")[k % 5]
        blank = ("", " ", "\n\n", " \t", "\r")[(k // 3) % 5]
        goes = (";", ",", "", "x", '"')[(k // 5) % 5]
        close = ('".', '";', '"', '"x', '",', '"..')[(k // 2) % 6]
        after = ("", " ", "\n", "y")[(k // 7) % 4]
        inner = " ".join(words[k : k + 1 + k % 9])
        yield f'{head} inserting {dash}{blank}"{blank}{goes} {inner} {close}{after}{rest}'
        yield f'{head} {dash} " {goes} {inner} "{rest}'
        yield f'{dash}"{goes}{inner}{close}{after}'


def citing_variants(text: str) -> Iterator[str]:
    """The text's words, each with a full stop, "s", brackets and commas about it, and the words _own_clause_later
    names and near words."""
    words = text.split()[:40]
    yield " ".join(w + "." for w in words)
    yield " ".join(w + "s" for w in words)
    yield " ".join(f"({w}," for w in words)
    yield " ".join(sorted(_OLD_CITES)) + " clauseS cl no part. parts sub-clause by--law ors form. formS s r. r"


CHECKS = {
    "split_gate": split_gate,
    "division_heading": division_heading,
    "container_payload": container_payload,
    "headed_clause": headed_clause,
    "amending_heading": amending_heading,
    "heading_label": heading_label,
    "unit_label": unit_label,
    "heading_first": heading_first,
    "term_definition": term_definition,
    "dash_definition": dash_definition,
    "marked_term": marked_term,
    "unmarked_definitions": unmarked,
    "run_on_definition": run_on,
    "following_dash": following_dash_check,
    "penalty_line": penalty_line_check,
    "penalty_payload": penalty_payload_check,
    "after_connector": after_connector_check,
    "note": note_check,
    "heading_only": heading_only_check,
    "heading_above_number": heading_above_number_check,
    "another_clause": another_clause_check,
    "label_after_heading": label_after_heading_check,
    "container_opening": container_opening_check,
    "clause_first": clause_first_check,
    "subdivisions": subdivisions_check,
    "heading_runs_on": heading_runs_on_check,
    "heading_holds_clause": heading_holds_clause_check,
    "list_run_together": list_run_together_check,
    "provision_of": provision_of_check,
    "schedule_heading": schedule_heading_check,
    "to_this_clause": to_this_clause_check,
    "clause_schedule": clause_schedule_check,
    "second_term": second_term_check,
    "run_in_citation": run_in_citation_check,
    "of_council": of_council_check,
    "straight_quoted": straight_quoted_check,
    "new_text_lead": new_text_lead_check,
    "own_heading": own_heading_check,
    "citing_word": citing_word_check,
}
GRAM16_CHECKS = ["straight_quoted", "new_text_lead", "own_heading", "citing_word"]
GRAM3_CHECKS = ["second_term", "run_in_citation", "of_council"]
STRUCTURE_CHECKS = [
    "heading_above_number",
    "another_clause",
    "label_after_heading",
    "container_opening",
    "clause_first",
    "subdivisions",
    "heading_runs_on",
    "heading_holds_clause",
    "list_run_together",
    "provision_of",
    "schedule_heading",
    "to_this_clause",
    "clause_schedule",
]
EXTRA = {
    "division_heading": heading_variants,
    "container_payload": payload_variants,
    "headed_clause": clause_variants,
    "amending_heading": amending_heading_variants,
    "heading_label": label_variants,
    "unit_label": unit_label_variants,
    "heading_first": heading_first_variants,
    "term_definition": term_variants,
    "dash_definition": dash_variants,
    "marked_term": marked_variants,
    "unmarked_definitions": unmarked_variants,
    "run_on_definition": run_on_variants,
    "following_dash": following_variants,
    "penalty_line": penalty_variants,
    "penalty_payload": penalty_variants,
    "after_connector": connector_variants,
    "note": note_variants,
    "heading_only": heading_only_variants,
    **dict.fromkeys(STRUCTURE_CHECKS, structure_variants),
    "to_this_clause": schedule_variants,
    "clause_schedule": schedule_variants,
    **dict.fromkeys(GRAM3_CHECKS, gram3_variants),
    "straight_quoted": straight_variants,
    "new_text_lead": lead_variants,
    "own_heading": own_heading_variants,
    "citing_word": citing_variants,
}
RAW = {"container_payload", "straight_quoted"}  # asked of the words as printed


def main(name: str) -> int:
    old, new = CHECKS[name]()
    real = varied = found = differ = 0
    seen: set[str] = set()
    for text, whole in texts(raw=name in RAW):
        if text in seen:
            continue
        seen.add(text)
        real += 1
        extra = EXTRA.get(name)
        more = list(extra(text)) if extra and not whole and len(text) < (2000 if name in RAW else 300) else []
        for i, t in enumerate([text, *variants(text, whole), *more]):
            if i:
                if t in seen:
                    continue
                seen.add(t)
                varied += 1
            a, b = old(t), new(t)
            found += a not in (None, False)
            if a != b:
                differ += 1
                if differ <= 20:
                    print(f"DIFF old={a!r}\n     new={b!r}\n     text={t[:300]!r}")
    print(f"{name}: {real} texts, {varied} variants, {found} found by the expression, {differ} differences")
    return 1 if differ else 0


def _spaces_only(old: Callable[[str], object], new: Callable[[str], object], text: str) -> bool:
    """The old expression's reading of ``text`` with its spaces single is the grammar's (both find or neither does):
    the expression read a second space as the first character of the words after it."""
    return (old(" ".join(text.split())) is None) == (new(text) is None)


#: Differences examined: the expression's bug, shown by a test (tests/test_grammar_new_text.py), counted apart.
KNOWN: dict[str, Callable[[Callable[[str], object], Callable[[str], object], str], bool]] = {
    "unmarked_definitions": _spaces_only,
}


def main_many(names: list[str]) -> int:
    """``main`` for several checks at once, over one reading of the texts (each check's figures as ``main`` prints
    them; the figures of a check run alone are the same)."""
    if (len(names) == 1 and names[0] in CHECKS) or any(n in RAW for n in names):
        return max(main(n) for n in names)
    source: Iterator[tuple[str, bool]] = texts()
    if "--reworded" in names:  # the rewordings' texts instead of the corpus' own
        names = [n for n in names if n != "--reworded"]
        source = reworded_texts()
    if "gram16" in names:  # (gram) reading/structure.py's straight marks, new-text leads, own headings, citing words
        names = [n for n in names if n != "gram16"] + GRAM16_CHECKS
    if "gram3" in names:  # second_term, run_in_citation, of_council
        names = [n for n in names if n != "gram3"] + GRAM3_CHECKS
    if "structure" in names:  # every check of structure.lark and provision_of.lark
        names = [n for n in names if n != "structure"] + STRUCTURE_CHECKS
    pairs = {n: CHECKS[n]() for n in names}
    figures = {n: [0, 0, 0, 0, 0] for n in names}  # texts, variants, found, differences, examined
    seen_real: set[str] = set()
    seen: dict[str, set[str]] = {n: set() for n in names}
    for text, whole in source:
        if text in seen_real:
            continue
        seen_real.add(text)
        common = [text, *variants(text, whole)]
        for n, (old, new) in pairs.items():
            f, done = figures[n], seen[n]
            if text in done:  # a variant of a text before (as ``main`` skips it)
                continue
            done.add(text)
            f[0] += 1
            extra = EXTRA.get(n)
            more = list(extra(text)) if extra and not whole and len(text) < 300 else []
            for i, t in enumerate([*common, *more]):
                if i:
                    if t in done:
                        continue
                    done.add(t)
                    f[1] += 1
                a, b = old(t), new(t)
                f[2] += a not in (None, False)
                if a != b and n in KNOWN and KNOWN[n](old, new, t):
                    f[4] += 1
                elif a != b:
                    f[3] += 1
                    if f[3] <= 20:
                        print(f"DIFF {n} old={a!r}\n     new={b!r}\n     text={t[:300]!r}", flush=True)
    for n, (real, varied, found, differ, known) in figures.items():
        print(
            f"{n}: {real} texts, {varied} variants, {found} found by the expression, {differ} differences"
            + (f" (and {known} examined: {KNOWN[n].__doc__.split(':')[0].strip()})" if known else "")
        )
    return 1 if any(f[3] for f in figures.values()) else 0


def calls(tests: list[str]) -> int:
    """``--calls``: pytest run on ``tests`` with parts.py's structure readers wrapped, each distinct text a call site
    asks compared with the old expression's reading of it on the spot (the figures last)."""
    import pytest

    import lawhistory.amending.parts as parts
    from lawhistory.amending.grammar import parse

    asked: dict[str, set[object]] = {}
    figures = {n: [0, 0, 0] for n in [*STRUCTURE_CHECKS, *GRAM3_CHECKS, *GRAM16_CHECKS]}  # asked, found, differences

    def compare(name: str, old: Callable[[str], object], new: Callable[[str], object], arg: str) -> None:
        if arg in asked.setdefault(name, set()):
            return
        asked[name].add(arg)
        a, b = old(arg), new(arg)
        f = figures[name]
        f[0] += 1
        f[1] += a not in (None, False)
        if a != b:
            f[2] += 1
            print(f"DIFF {name} old={a!r}\n     new={b!r}\n     text={arg[:300]!r}", flush=True)

    def wrapped(name: str, fn: Callable[..., object]) -> Callable[..., object]:
        old, new = CHECKS[name]()

        def call(arg: str, *rest: object) -> object:
            compare(name, old, new, arg)
            return fn(arg, *rest)

        return call

    import lawhistory.amending.instructions as instructions

    for name in STRUCTURE_CHECKS:
        if name not in ("another_clause", "schedule_heading"):
            # (known2's to_this_clause and clause_schedule are asked by instructions.py)
            module = parts if hasattr(parts, name) else instructions
            setattr(module, name, wrapped(name, getattr(module, name)))

    def schedule(text: str, num: str) -> str | None:
        m = re.match(rf"Schedule {re.escape(num)}\s*[—–]\s*", text)
        compare("schedule_heading", lambda _: m.group(0) if m else None, lambda t: parse.schedule_heading(t, num), text)
        return parse.schedule_heading(text, num)

    parts.schedule_heading = schedule  # type: ignore[assignment]

    def another(text: str, start: int = 0) -> int | None:
        m = _ANOTHER_CLAUSE.search(text, start)
        compare("another_clause", lambda _: m.start() if m else None, lambda t: parse.another_clause(t, start), text)
        return parse.another_clause(text, start)

    parts.another_clause = another  # type: ignore[assignment]
    import lawhistory.amending.accounting as accounting

    # (gram3) a definition's second term, a clause's heading run into a citation (parts.py), a council's name
    # (accounting.py)
    parts.second_terms = wrapped("second_term", parts.second_terms)  # type: ignore[assignment]
    parts.run_in_citation = wrapped("run_in_citation", parts.run_in_citation)  # type: ignore[assignment]
    accounting.ends_with_council = wrapped("of_council", accounting.ends_with_council)  # type: ignore[assignment]
    import lawhistory.reading.structure as structure

    # (gram) reading/structure.py's straight marks, new-text leads, own headings and citing words
    for check, name in (("straight_quoted", "_straight_quoted"), ("new_text_lead", "opens_new_text"),
                        ("own_heading", "own_heading_follows"), ("citing_word", "cites")):  # fmt: skip
        setattr(structure, name, wrapped(check, getattr(structure, name)))
    rc = int(pytest.main(["-q", "-p", "no:cacheprovider", *tests]))
    for name, (n, found, differ) in figures.items():
        print(f"{name}: {n} distinct texts asked, {found} found by the expression, {differ} differences")
    return rc or (1 if any(f[2] for f in figures.values()) else 0)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--calls"]:
        sys.exit(calls(sys.argv[2:]))
    sys.exit(main_many(sys.argv[1:]))
