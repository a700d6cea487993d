"""Gazette text: strip the page furniture, find the instruments, read their metadata.

The stages are pure functions over strings:

``normalise`` removes page headers (``26 February 2020 GOVERNMENT GAZETTE, WA 424``, the even-page
form and the form glued to its page number), the special-gazette cover (``!2020028GG!`` and the
print notes), and separators added by whoever scraped the text; it records each page break as
``\\f`` so later stages can tell a title on a new page from the words before it.

``split_instruments`` finds each instrument (by its enacting words "Under the powers conferred"),
its contents page (read for clause headings, then dropped), its title block, body and closing words.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from ..core.dates import MONTHS, printed_date
from ..core.ids import law_id as law_id
from ..core.ids import slug as slug
from .page_headers import unglue_page_headers

_DATE = r"\d{1,2} (?:" + "|".join(m.capitalize() for m in MONTHS) + r") \d{4}"
# Older gazettes bracket the date and print W.A.; some copies glue the number or date on: ``12 June 2000] GOVERNMENT GAZETTE, WA 2819``, ``2820 GOVERNMENT GAZETTE, WA [12 June 2000``.
PAGE_HEADER = re.compile(
    r"(?:(?P<d1>" + _DATE + r")\]? GOVERNMENT GAZETTE, W\.?A\.? (?P<p1>\d{1,5})(?!\d))"
    r"|(?:(?<!\d)(?P<p2>\d{1,5}) ?GOVERNMENT GAZETTE, W\.?A\.? ?\[?(?P<d2>" + _DATE + r"))"
    # a copy that prints the header's three parts on three lines
    r"|(?:(?<![^\n])(?P<d3>" + _DATE + r")\]?\nGOVERNMENT GAZETTE, W\.?A\.?\n(?P<p3>\d{1,5})(?=\n|$))"
    r"|(?:(?<![^\n])(?P<p4>\d{1,5})\nGOVERNMENT GAZETTE, W\.?A\.?\n\[?(?P<d4>" + _DATE + r")(?=\n|$))"
)
COVER = re.compile(r"!(?P<year>\d{4})(?P<num>\d{3})GG!.*?(?=[\ue000-\uf8ff]|$)", re.S)
COVER_DATE = re.compile(r"PERTH, [A-Z]+DAY, (?P<date>\d{1,2} [A-Z]+ \d{4}) No\. (?P<num>\d+)")
# Enacting words: "Under the powers conferred …", and in older by-laws "In pursuance of the powers conferred upon it …
# resolved … to make and submit for confirmation by the Governor the following by-law—".
ENACTING = re.compile(r"Under the powers conferred|In pursuance of the powers")
ENACTING_END = re.compile(
    r"to\s+(?:make|adopt)(?:\s+and\s+submit\s+for\s+confirmation\s+by\s+the\s+Governor)?\s+the\s+following\s+"
    r"(?:local\s+laws?|by-?laws?)[.—:]?"
    # "… to make the Local Government Property Local Law 2005, as set out below." / "… to make this local law."
    r"|to\s+make\s+the\s+[^.;]{3,200}?(?:Local\s+Laws?|By-?laws?)(?:\s+\d{4})?,?\s+as\s+(?:set\s+out\s+below|follows)[.:—]?"
    r"|to\s+make\s+this\s+(?:local\s+law|by-?law)\."
    # "… to make and submit for confirmation by the Governor the following amendment to the By-laws Relating to Halls
    # published in the Government Gazette on the 5th day of June, 1961:—" (a 1960s by-law amendment)
    r"|to\s+make\s+and\s+submit\s+for\s+confirmation\s+by\s+the\s+Governor\s+the\s+following\s+amendments?\s+to\s+"
    r"(?:the\s+)?By-?laws\b[^:—]{0,300}?(?::—|:-|—|:)"
    # "… to amend the following local law." / "… to make the following amendment local law"
    r"|(?i:to\s+(?:make|amend)\s+(?:the\s+following|this)\s+(?:amendment\s+)?(?:local\s+laws?|by-?laws?)\.?)"
)
TITLE_BLOCK = re.compile(
    # a word of the title may open a bracket: LOCAL GOVERNMENT (MEETINGS PROCEDURE) LOCAL LAW 2021
    # (it starts with a word, not with a number: "… 107" ends a contents page's last entry)
    r"(?<![^\s])(?=\(?[A-Za-z])(?:(?:\(?[A-Z0-9][A-Z0-9’',()&\-]*|\(?[A-Z][a-z’'\-]+\)?|of)[ \n]+)*?(?:LOCAL LAWS?|BY-?LAWS?)"
    r"(?:[ \n]+\d{4}|[ \n]+RELATING[ \n]+TO(?:[ \n]+[A-Z][A-Z’',&\-]*)+)[ \n]*$"
)
CONTENTS = re.compile(r"\b(?:TABLE OF CONTENTS|CONTENTS|ARRANGEMENT|Table of Contents)\b")
# Closing words start at "Dated this …" / "Dated: 10 March 2016" (a form's blank "Dated ......" is not them).
ATTESTATION = re.compile(
    r"(?:—{2,}\s*)?(?=Dated(?::|\s+(?:this|the|at|\d))|This Local Law was (?:made|passed|adopted)|This local law was (?:made|passed|adopted)|"
    r"Passed by resolution|The Common Seal of|The common seal of)"
)
CONTENTS_ENTRY = re.compile(
    r"(?<!\S)(?P<num>\d+(?:\.\d+)+[A-Z]{0,2}) (?P<heading>.+?)(?= \d+(?:\.\d+)+[A-Z]{0,2} [A-Z]| (?:PART|Part|Division|Subdivision) \d+ ?[—–-]| (?:SCHEDULE|Schedule)\b(?! \d+\.\d)|$)"
)


@dataclass(frozen=True, slots=True)
class Page:
    offset: int
    page: int
    date: dt.date


@dataclass(frozen=True, slots=True)
class Stream:
    """Normalised text: furniture gone, ``\\f`` at each page break, ``\\n`` at printed line breaks (if any)."""

    text: str
    pages: tuple[Page, ...]
    gazette_number: str | None
    removed: tuple[str, ...]
    notes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class InstrumentText:
    """One instrument's share of a stream."""

    title_block: str
    contents: str
    enacting: str
    body: str
    conclusions: str
    lead: str
    start: int
    end: int
    pages: tuple[Page, ...] = field(default=())


_NO_PAGE = "\uf8ff"
_MARKS = re.compile(r"[ \n]*(?:[\ue000-\uf8ff][ \n]*)+")


def normalise(raw: str, *, line_mode: bool = False, source_label: bool = True) -> Stream:
    """Remove gazette furniture from ``raw`` (see the module docstring)."""
    removed: list[str] = []
    notes: list[str] = []
    text = raw.replace("\r\n", "\n").replace("\r", "\n").replace("\u00a0", " ").replace("\f", " ")
    text = re.sub(r"[\ue000-\uf8ff]", " ", text)
    if source_label:
        first, sep, rest = text.partition("\n\n")
        looks_like_label = sep and "\n" not in first.strip() and len(first) < 120 and not PAGE_HEADER.search(first)
        if looks_like_label and not re.search(r"Under the powers|\(\w\)|\d+\.\d+ ", first):
            removed.append(first.strip())
            notes.append(f"the first line {first.strip()!r} is a label added by the source, not gazette text; left out")
            text = rest
    headers: list[tuple[int, dt.date | None]] = []

    def mark_header(m: re.Match[str]) -> str:
        removed.append(m.group(0))
        page = m.group("p1") or m.group("p2") or m.group("p3") or m.group("p4")
        headers.append((int(page), printed_date(m.group("d1") or m.group("d2") or m.group("d3") or m.group("d4"))))
        return f" {chr(0xE000 + len(headers) - 1)} "

    gazette_number = None
    if line_mode:
        from .importers.furniture import split_glued_labels, strip_cover_lines, strip_running_lines, strip_section_labels

        text, cover_lines, gazette_number = strip_cover_lines(text)
        text, running = strip_running_lines(text)
        text, labels = strip_section_labels(text)
        removed += cover_lines + running + labels
        text, glued = split_glued_labels(text)
        if glued:
            notes.append(f"{glued} clause label(s) printed glued to their heading ('1.1Citation') were read apart")
    text = unglue_page_headers(text)
    text = PAGE_HEADER.sub(mark_header, text)
    cover = COVER.search(text)
    while cover:
        cm = COVER_DATE.search(cover.group(0))
        gazette_number = str(int(cm.group("num"))) if cm else str(int(cover.group("num")))
        removed.append(" ".join(cover.group(0).split()))
        text = text[: cover.start()] + f" {_NO_PAGE} " + text[cover.end() :]
        cover = COVER.search(text, cover.start() + 3)
    text = re.sub(r"(?m)^-{3,}$", " ", text)
    # Printed rules (————) separate blocks; they hold no words.
    text = re.sub(r"(?<!\S)—{3,}(?!\S)", " ", text)
    if line_mode:
        text = re.sub(r"\n{2,}", "\n", "\n".join(" ".join(line.split()) for line in text.split("\n")))
    else:
        text = " ".join(text.split())
    pages: list[Page] = []
    out: list[str] = []
    length = 0
    last = 0
    for m in _MARKS.finditer(text):
        chunk = text[last : m.start()]
        out.append(chunk)
        sep = "\f" if m.start() and m.end() < len(text) else ""
        out.append(sep)
        length += len(chunk) + len(sep)
        last = m.end()
        for ch in m.group(0):
            if "\ue000" <= ch < _NO_PAGE:
                page, date = headers[ord(ch) - 0xE000]
                if date is not None and not (pages and pages[-1].page == page):
                    pages.append(Page(offset=length, page=page, date=date))
    out.append(text[last:])
    return Stream(
        text="".join(out), pages=tuple(pages), gazette_number=gazette_number, removed=tuple(removed), notes=tuple(notes)
    )


def flat(text: str) -> str:
    """Running text with every kind of break as one space."""
    return " ".join(text.replace("\f", " ").split())


def contents_headings(contents: str) -> dict[str, str]:
    """Clause headings listed on a contents page: {"2.7": "Roosters, geese, turkeys and peafowl"}."""
    # A council copy's contents page prints dotted leaders and page numbers ("1.5 Repeal ........ 107"): an entry ends there.
    text = _LEADER.sub(" \u2063 ", flat(contents))
    out = {}
    for m in CONTENTS_ENTRY.finditer(text):
        heading = m.group("heading").split("\u2063")[0].strip()
        if heading:
            out[m.group("num")] = heading
    return out


_LEADER = re.compile(r"\s*(?:\.\s?){4,}\s*\d*")


def _title_start(text: str, end: int) -> int:
    """Where the capitalised title block that ends at ``end`` begins (``end`` if there is none)."""
    window_start = max(text.rfind("\f", 0, end) + 1, 0)
    m = TITLE_BLOCK.search(text, window_start, end)
    if not (m and m.end() >= end - 1):
        return end
    start = m.start()
    if start > window_start and text[start - 1] != "\n" and "\n" in m.group(0).rstrip("\n"):
        # where the text keeps its printed lines, a title block starts a line: the words before the first line break
        # end the line above it ("SCHEDULE 1—PRESCRIBED OFFENCES" closing a contents page)
        start = text.index("\n", start) + 1
    return start


def split_instruments(stream: Stream) -> list[InstrumentText]:
    """Each instrument in the stream, in order. A stream without enacting words is one fragment."""
    text = stream.text
    enacting = [m.start() for m in ENACTING.finditer(text)]
    if not enacting:
        return [
            InstrumentText(
                title_block="",
                contents="",
                enacting="",
                body=text,
                conclusions="",
                lead="",
                start=0,
                end=len(text),
                pages=stream.pages,
            )
        ]
    heads: list[tuple[int, int, int]] = []  # (region start, title start, enacting start)
    prev_end = 0
    for u in enacting:
        title_start = _title_start(text, u)
        region_start = title_start
        contents = list(CONTENTS.finditer(text, prev_end, title_start))
        if contents:
            region_start = _title_start(text, contents[-1].start())
        heads.append((region_start, title_start, u))
        prev_end = u
    result = []
    for i, (region_start, title_start, u) in enumerate(heads):
        end = heads[i + 1][0] if i + 1 < len(heads) else len(text)
        lead = text[:region_start] if i == 0 else ""
        em = ENACTING_END.search(text, u, end)
        enact_end = em.end() if em else u
        remainder = text[enact_end:end]
        am = ATTESTATION.search(remainder)
        body = remainder[: am.start()] if am else remainder
        conclusions = remainder[am.start() :] if am else ""
        pages = tuple(p for p in stream.pages if region_start <= p.offset < end)
        before = [p for p in stream.pages if p.offset <= region_start]
        if before and (not pages or pages[0].offset > region_start + 1):
            pages = (before[-1], *pages)
        result.append(
            InstrumentText(
                title_block=text[title_start:u],
                contents=text[region_start:title_start],
                enacting=text[u:enact_end],
                body=body,
                conclusions=conclusions,
                lead=lead,
                start=region_start,
                end=end,
                pages=pages,
            )
        )
    return result


# --- metadata read from an instrument's words ---------------------------------------------------

COMMENCEMENT = re.compile(r"[^.]*?\b(?:comes? into operation|commences?)\b[^.]*\.")
REPEALS = re.compile(
    r"The\s+(?P<title>(?:Shire|City|Town)[^.]*?(?:Local Laws?|By-?laws?)\s+\d{4})(?:\s+as published in the Government Gazette(?:\s+No\.\s*\d+)?\s+on\s+(?P<date>"
    + _DATE.replace(" ", r"\s+")
    + r"))?[^.]*?\s(?:is|are)\s+(?:hereby\s+)?repealed"
)
SMALL_WORDS = frozenset(["of", "and", "the", "for", "in", "on", "to", "a", "an", "or", "by", "with"])


def smart_title(caps: str) -> str:
    """``SHIRE OF KULIN HEALTH LOCAL LAW 2016`` → ``Shire of Kulin Health Local Law 2016``."""
    words = caps.split()
    out = []
    for i, w in enumerate(words):
        lw = w.lower()
        out.append(lw if i and lw in SMALL_WORDS else w[:1] + w[1:].lower())
    return " ".join(out)
