"""One-off differential checks: a regular expression the grammar replaced, against the grammar, on every text of
laws/, amendments/ and tests/fixtures/ and on mechanical variants of them. Not a test (it takes minutes): run it when
a grammar that replaced an expression changes, and state its figures in the test module's docstring.

    PYTHONPATH=. python tools/differential.py split_gate
    PYTHONPATH=. python tools/differential.py division_heading
    PYTHONPATH=. python tools/differential.py container_payload
    PYTHONPATH=. python tools/differential.py headed_clause
    PYTHONPATH=. python tools/differential.py amending_heading
    PYTHONPATH=. python tools/differential.py heading_label
    PYTHONPATH=. python tools/differential.py heading_first

Texts: each file's words run together, each paragraph (blank-line separated) and each line. Variants of each: its
sentence ends lost (full stops and semicolons taken out), its words in capitals, in lower case, "I." for "1.", and
windows of 12 and 30 words of each paragraph and line (a window starting every 6 words). A difference is printed with its text; the figures
(texts, variants, how many the expression found, differences) last.
"""

from __future__ import annotations

import re
import sys
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


CHECKS = {
    "split_gate": split_gate,
    "division_heading": division_heading,
    "container_payload": container_payload,
    "headed_clause": headed_clause,
    "amending_heading": amending_heading,
    "heading_label": heading_label,
    "heading_first": heading_first,
}
EXTRA = {
    "division_heading": heading_variants,
    "container_payload": payload_variants,
    "headed_clause": clause_variants,
    "amending_heading": amending_heading_variants,
    "heading_label": label_variants,
    "heading_first": heading_first_variants,
}
RAW = {"container_payload"}  # asked of the words as printed


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


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
