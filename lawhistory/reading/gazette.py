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
from collections.abc import Callable
from dataclasses import dataclass, field

from ..core.dates import MONTHS, PRINTED_DATE, printed_date
from ..core.ids import law_id as law_id
from ..core.ids import slug as slug
from ..core.lazy_re import lazy_pattern
from .page_headers import unglue_page_headers

_DATE = r"\d{1,2} (?:" + "|".join(m.capitalize() for m in MONTHS) + r") \d{4}"
_OLD_DATE = r"\d{1,2} (?:" + "|".join(m.capitalize() for m in MONTHS) + r"), \d{4}"
# Older gazettes bracket the date and print W.A.; some copies glue the number or date on: ``12 June 2000] GOVERNMENT GAZETTE, WA 2819``, ``2820 GOVERNMENT GAZETTE, WA [12 June 2000``.
PAGE_HEADER = re.compile(
    r"(?:(?P<d1>" + _DATE + r")\]? GOVERNMENT GAZETTE, W\.?A\.? (?P<p1>\d{1,5})(?!\d))"
    r"|(?:(?<!\d)(?P<p2>\d{1,5}) ?GOVERNMENT GAZETTE, W\.?A\.? ?\[?(?P<d2>" + _DATE + r"))"
    # a copy that prints the header's three parts on three lines
    r"|(?:(?<![^\n])(?P<d3>" + _DATE + r")\]?\nGOVERNMENT GAZETTE, W\.?A\.?\n(?P<p3>\d{1,5})(?=\n|$))"
    r"|(?:(?<![^\n])(?P<p4>\d{1,5})\nGOVERNMENT GAZETTE, W\.?A\.?\n\[?(?P<d4>" + _DATE + r")(?=\n|$))"
    # a PDF's text layer in reading order: the even page's number after the title ("GOVERNMENT GAZETTE, WA 702
    # [3 March 1999"), and the odd page's header without its number, which ends the page ("3 March 1999] GOVERNMENT
    # GAZETTE, WA HEALTH ACT … Laundries 701")
    r"|(?:(?<![\w\]])GOVERNMENT GAZETTE, W\.?A\.? (?P<p5>\d{1,5}) \[(?P<d5>" + _DATE + r"))"
    r"|(?:(?<!\S)(?P<d6>" + _DATE + r")\] GOVERNMENT GAZETTE, W\.?A\.?(?= [A-Z][A-Z]))"
    # the gazettes of the 1960s and 1970s: "1402 GOVERNMENT GAZETTE, W.A. [12 May, 1971." and
    # "12 May, 1971.] GOVERNMENT GAZETTE, W.A. 1403"
    r"|(?:(?<!\d)(?P<p7>\d{1,5}) GOVERNMENT GAZETTE, W\.A\. \[(?P<d7>" + _OLD_DATE + r")\.)"
    r"|(?:(?<!\S)(?P<d8>" + _OLD_DATE + r")\.\] GOVERNMENT GAZETTE, W\.A\. (?P<p8>\d{1,5})(?!\d))"
    # a copy that prints the header as a table row: "| 1958 | GOVERNMENT GAZETTE, WA | 1 June 2021 |" and
    # "| 1 June 2021 | GOVERNMENT GAZETTE, WA | 1959 |"
    # (and the 1960s' dates: "| 2812 | GOVERNMENT GAZETTE, W.A. | [14 September, 1962. |")
    r"|(?:\| ?(?P<p9>\d{1,5}) ?\| ?GOVERNMENT GAZETTE, W\.?A\.? ?\| ?\[?(?P<d9>" + _DATE + "|" + _OLD_DATE + r")\.? ?\|)"
    r"|(?:\| ?(?P<d10>" + _DATE + "|" + _OLD_DATE + r")\.?\]? ?\| ?GOVERNMENT GAZETTE, W\.?A\.? ?\| ?(?P<p10>\d{1,5}) ?\|)"
    # (review4) a header on a line of its own with no page number: a special issue's "GOVERNMENT GAZETTE, WA
    # [SPECIAL] No. 71, 24 April 2020", and a first page's "WESTERN AUSTRALIAN GOVERNMENT GAZETTE Friday, 24 April 2020"
    r"|(?:(?<![^\n])GOVERNMENT GAZETTE, W\.?A\.? \[SPECIAL\] No\. \d{1,5},? (?P<d11>" + _DATE + r")(?=[ \t]*(?:\n|$)))"
    r"|(?:(?<![^\n])(?:WESTERN AUSTRALIAN )?GOVERNMENT GAZETTE,? (?:W\.?A\.?,? )?"
    r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),? (?P<d12>" + _DATE + r")(?=[ \t]*(?:\n|$)))"
)
COVER = re.compile(
    r"(?:!(?P<year>\d{4})(?P<num>\d{3})GG!"
    # an older cover without the mark, its words run together in a copy of the PDF's text layer
    r"|(?<![^\s])PRINT POST APPROVED PP[\d/]+ (?=.{0,400}?GOVERNMENT PRINTER AT \d))"
    r".*?(?=[\ue000-\uf8ff]|$)",
    re.S,
)
COVER_DATE = lazy_pattern(r"PERTH, [A-Z]+DAY, (?P<date>\d{1,2} [A-Z]+ \d{4}) No\. (?P<num>\d+)")
# Enacting words: "Under the powers conferred …", and in older by-laws "In pursuance of the powers conferred upon it …
# resolved … to make and submit for confirmation by the Governor the following by-law—".
ENACTING = re.compile(
    # (r17) the first word in capitals, as older gazettes print it: "IN pursuance of the powers conferred upon it …"
    r"Under the powers conferred|(?:In|IN) pursuance of the powers"
    # (known2) a 1970s notice of the Governor's approval: "IT is hereby notified, for public information, that His
    # Excellency the Governor in Executive Council has been pleased to approve the by-laws set out in the schedule
    # hereunder." (the by-laws, the council's, follow in the schedule)
    r"|(?i:it)\s+is\s+hereby\s+notified,?\s+for\s+public\s+information,?\s+that\s+His\s+Excellency\s+the\s+Governor\b"
    r"(?=[^.]{0,120}\bpleased\s+to\s+(?:approve|confirm)\s+the\s+(?:by-?laws?|amendments?)\s+set\s+out\s+in\s+the\s+schedule\b)"
)
ENACTING_END = re.compile(
    r"to\s+(?:make|adopt)(?:\s+and\s+submit\s+for\s+confirmation\s+by\s+the\s+Governor)?\s+the\s+following\s+"
    r"(?:local\s+laws?|by-?laws?)(?::—|[.—:])?"
    # (r17) "… has by resolution on the 16th day of October, 1962, made the following by-laws."
    r"|\bhas\s+[^.;]{0,120}?\bmade\s+the\s+following\s+(?:local\s+laws?|by-?laws?)(?::—|[.—:])"
    # "… to make the Local Government Property Local Law 2005, as set out below." / "… to make this local law."
    r"|to\s+make\s+the\s+[^.;]{3,200}?(?:Local\s+Laws?|By-?laws?)(?:\s+\d{4})?,?\s+as\s+(?:set\s+out\s+below|follows)[.:—]?"
    r"|to\s+make\s+this\s+(?:local\s+law|by-?law)\."
    # "… to make and submit for confirmation by the Governor the following amendment to the By-laws Relating to Halls
    # published in the Government Gazette on the 5th day of June, 1961:—" (a 1960s by-law amendment)
    r"|to\s+make\s+and\s+submit\s+for\s+confirmation\s+by\s+the\s+Governor\s+the\s+following\s+amendments?\s+to\s+"
    r"(?:the\s+)?By-?laws\b[^:—]{0,300}?(?::—|:-|—|:)"
    # "… to make and submit for confirmation by the Governor the following amendment." (the by-laws named after it)
    r"|to\s+make\s+and\s+submit\s+for\s+confirmation\s+by\s+the\s+Governor\s+the\s+following\s+amendments?(?::—|:-|[.—:])"
    # "… to amend the following local law." / "… to make the following amendment local law"
    r"|(?i:to\s+(?:make|amend)\s+(?:the\s+following|this)\s+(?:amendment\s+)?(?:local\s+laws?|by-?laws?)\.?)"
    # (known2) "… has been pleased to approve the by-laws set out in the schedule hereunder."
    r"|pleased\s+to\s+(?:approve|confirm)\s+the\s+(?:by-?laws?|amendments?)\s+set\s+out\s+in\s+the\s+schedule\s+(?:hereunder|hereto|below)\.?"
)
# Enacting words printed as one sentence that says who made the law and when, with or without the Acts it was made
# under, in any order: "Made by the Council of the Shire of X by resolution on 14 May 2024.", "Made under the Local
# Government Act 1995 section 3.5 … by the Council of the Shire of X by resolution on …", "Made by the Council of the
# City of X at an ordinary meeting of the Council held on the 5th day of May 1999 under the Health Act 1911." Such a
# sentence is the enacting words only when it names the maker (a council or local government, ``_MADE_BY``), the
# act of making (a resolution or a meeting, and its date, ``_MADE_WHEN``), and the law's provisions follow it
# (``_BODY_FOLLOWS``): "made by" in a law's own words, or in closing words after its provisions, is not them.
MADE = re.compile(r"(?<![^\s])Made\s+(?=(?:under|by|at|on|pursuant|in\s+pursuance)\b)")
#: the full stop that ends a sentence (not that of "s. 3", "No. 2", "pp. 2129-34", "W.A." or a number's "3.5")
_SENTENCE_END = lazy_pattern(
    r"(?<![\s(]s)(?<![\s(]ss)(?<![\s(]No)(?<![\s(]pp)(?<![\s(]p)(?<![\s(]cl)(?<!W\.A)(?<![\s(][A-Z])\.(?=\s|$)"
)
_MADE_BY = lazy_pattern(
    r"\bby\s+the\s+(?:Council|local\s+government)\s+of\s+the\s+(?:Shire|City|Town|Municipality)\s+of\s+[A-Z]"
    r"|\bby\s+the\s+(?:Shire|City|Town|Municipality)\s+of\s+[A-Z][\w’'\- ]*?\s+Council\b"
)
_MADE_WHEN = lazy_pattern(
    r"\b(?:by\s+(?:a\s+|an\s+)?(?:(?:special|absolute\s+majority)\s+)?resolution|resolved|(?:ordinary|special|extraordinary|general|"
    r"council)?\s*meeting\b[^.]{0,80}?\bheld|by\s+(?:an\s+)?absolute\s+majority)\b[^.]{0,80}?" + PRINTED_DATE.pattern,
    re.I,
)
# ... or the power it is made under instead of the day ("Made by the Council of the Shire of X under section 342 of
# the Health Act 1911 in accordance with …": the provisions that follow then make it enacting words)
_MADE_UNDER = lazy_pattern(
    r"\bunder\s+(?:section|s\.?|sections|ss\.?)\s*\d+[\w.()]*(?:\s*(?:and|,)\s*\d+[\w.()]*)*\s+of\s+the\s+"
    r"[A-Z][\w’'(), ]*?\bAct\s+\d{4}\b"
    r"|\bunder\s+the\s+powers\s+conferred\s+(?:on\s+it\s+)?by\s+the\s+[A-Z][\w’'(), ]*?\bAct\s+\d{4}\b"
)
_BODY_FOLLOWS = lazy_pattern(
    r"\s*(?:(?:PART|Part)\s+(?:1|I)\b|(?:1\.1|1\.?)\s*[A-Z(]|[A-Z][a-z]+(?:\s+[a-z]+){0,4}\s+1\.?\s+[A-Z(]|"
    r"(?:TABLE\s+OF\s+CONTENTS|CONTENTS|ARRANGEMENT)\b)"
)


def made_sentence(text: str, start: int, *, body: bool = True) -> int | None:
    """Where the enacting sentence "Made … by the Council of … by resolution on …." that begins at ``start`` ends
    (after its full stop), or None when the words there are not such enacting words (see ``MADE``; with ``body``
    false, the provisions that must follow them are not looked for)."""
    if not MADE.match(text, start):
        return None
    stop = _SENTENCE_END().search(text, start, min(len(text), start + 800))
    if stop is None:
        return None
    sentence = " ".join(text[start : stop.end()].split())
    if "\f" in text[start : stop.start()] or not _MADE_BY().search(sentence):
        return None
    if _MADE_WHEN().search(sentence):
        return stop.end() if not body or _BODY_FOLLOWS().match(text, stop.end()) else None
    # made under a power, with no day: enacting words only where the provisions follow them
    return stop.end() if _MADE_UNDER().search(sentence) and _BODY_FOLLOWS().match(text, stop.end()) else None


#: (known2) A 1970s notice of the Governor's approval of an amendment, printed over the council's by-law: "IT is hereby
#: notified, for public information, that His Excellency the Governor in Executive Council has approved of the
#: following amendment to the by-laws of the Shire of Lake Grace." — the enacting words only where the by-law after it
#: has none of its own ("In pursuance of the powers …").
APPROVAL_NOTICE = re.compile(
    r"(?i:it)\s+is\s+hereby\s+notified,?\s+for\s+public\s+information,?\s+that\s+His\s+Excellency\s+the\s+Governor\s+in\s+"
    r"Executive\s+Council\s+has\s+approved\s+of\s+the\s+following\s+amendments?\s+to\s+the\s+by-?laws\s+of\s+the\s+"
    r"(?:Shire|Town|City|Municipality)\s+of\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*\."
)


def enacting_spans(text: str) -> list[tuple[int, int | None]]:
    """Where each instrument's enacting words begin, in order, and where they end when that is known already (a
    "Made …" sentence, a notice of approval); None when ``ENACTING_END`` finds the end."""
    spans: list[tuple[int, int | None]] = [(m.start(), None) for m in ENACTING.finditer(text)]
    for m in MADE.finditer(text):
        end = made_sentence(text, m.start())
        if end is not None:
            spans.append((m.start(), end))
    for m in APPROVAL_NOTICE.finditer(text):
        if not any(u > m.start() for u, _ in spans):
            spans.append((m.start(), m.end()))
    return sorted(spans)


def is_enacting(words: str) -> bool:
    """Whether ``words`` (a provision's running text) hold an instrument's enacting words."""
    return (
        bool(ENACTING.search(words))
        or any(made_sentence(words, m.start(), body=False) is not None for m in MADE.finditer(words))
        or bool(APPROVAL_NOTICE.search(words))
    )


TITLE_BLOCK = re.compile(
    # a word of the title may open a bracket: LOCAL GOVERNMENT (MEETINGS PROCEDURE) LOCAL LAW 2021
    # (it starts with a word, not with a number: "… 107" ends a contents page's last entry)
    r"(?<![^\s])(?=\(?[A-Za-z])(?:(?:\(?[A-Z0-9][A-Z0-9’',()&\-]*|\(?[A-Z][a-z’'\-]+\)?|of)[ \n]+)*?(?:LOCAL LAWS?|BY-?LAWS?)"
    # "LOCAL LAW RELATING TO PARKING AND PARKING FACILITIES 2002": a title that names its subject after the words
    r"(?:[ \n]+\d{4}|[ \n]+RELATING[ \n]+TO(?:[ \n]+[A-Z][A-Z’',&\-]*)+(?:[ \n]+\d{4})?)[ \n]*$"
)
# (a copy may glue the first entry on: "TABLE OF CONTENTS1. OPERATION …")
CONTENTS = re.compile(r"\b(?:TABLE OF CONTENTS|CONTENTS|ARRANGEMENT|Table of Contents)(?![A-Za-z])")
# Closing words start at "Dated this …" / "Dated: 10 March 2016" (a form's blank "Dated ......" is not them).
ATTESTATION = re.compile(
    r"(?:—{2,}\s*)?(?=Dated(?::|\s+(?:this|the|at|\d|[….]{3,}\s*\n))|This Local Law was (?:made|passed|adopted)|This local law was (?:made|passed|adopted)|"
    r"Passed by resolution|The Common Seal of|The common seal of|By order of the Council\b|By Order of the Council\b"
    # no "Dated" line: the signatures begin them ("E. F. EXAMPLE, Shire President", at the start of a line), when no
    # clause and no "Dated" line follows (a signature printed mid-text is page furniture)
    # (r17) or a clerk's alone, as by-laws and regulations end ("J. M. EXAMPLE, Town Clerk.", "R. KENNEDY, Clerk of
    # the Executive Council.")
    r"|(?<=\n)(?:[A-Z]\.\s?){1,3}[A-Z][A-Z'’-]+(?: [A-Z][A-Z'’-]+)*, (?:Shire |Town |City )?(?:President|Mayor|Chief Executive Officer|Clerk)(?![a-z])"
    r"(?![\s\S]*?\n[ \t]*(?:\d{1,3}[A-Z]?\.[ \t]|Dated\b|The Common Seal\b)))"
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


MARGINAL_NOTE = re.compile(
    # (r17) "B.L. 3 / repealed and / re-enacted." (with full stops) as "B/L. 3 …"
    r"(?<![\w/])(?:B/L|B\.L|Ss?|Reg)\.\s*(?:\d+[A-Z]?\s+)?(?:amended|repealed|inserted|substituted|re-?enacted|"
    r"repealed\s+and\s+re-?enacted)\.(?=\s|$)"
    # the 1969 form, on lines of its own: "Amendment / to s. 8." ("to b/l. 17.")
    r"|(?m:^[ \t]*Amendment\s*\n(?:[ \t]*\n)*[ \t]*to\s+(?:s|b/l|reg)\.\s*\d+[A-Z]?\.[ \t]*$)"
    # (known2) the 1974 form, broken over two lines of its own before the item's number: "By-law 2 / amended."
    r"|(?m:^[ \t]*(?:By-?law|Regulation|Section)\s+\d+[A-Z]?[ \t]*\n(?:[ \t]*\n)*[ \t]*"
    r"(?:amended|repealed|inserted|substituted|re-?enacted)\.[ \t]*$(?=(?:\s*\n)+[ \t]*\d+[A-Z]?\.\s))"
)


_BLANKS = r"[ \t]*\n(?:[ \t]*\n)*[ \t]*"
YEAR_RUNNING_HEAD = re.compile(
    r"(?m)^[ \t]*(?:\d{4}\.\]" + _BLANKS + r"GOVERNMENT GAZETTE, W\.A\." + _BLANKS + r"\[No\. \d{1,4}\."
    r"|No\. \d{1,4}\.\]" + _BLANKS + r"GOVERNMENT GAZETTE, W\.A\." + _BLANKS + r"\[\d{4}\.)[ \t]*$"
)


#: (r8) A later gazette's running head, on lines of its own between the lines of a page: the amending law's title,
#: the Part of it the page is in ("Part 2          Local Government Property Local Law 2012 amended", when it has
#: Parts), and the provision the page begins in ("cl. 5", "r. 4", "s. 12"). Only the whole head, closed by its
#: provision line, and only when its title is printed elsewhere in the text too (the instrument's own title or
#: citation, or the head of another page): a title alone may be words of the law ("… in the form approved under
#: the Dog Act 1976" above a line "s. 33"), and is kept (``_pco_running_heads``).
PCO_RUNNING_HEAD = re.compile(
    r"(?m)^[ \t]*(?P<title>[A-Z][^\n.;:“”\"]{4,160}?\b(?:Local Laws?|By-laws|Regulations|Act|Rules)(?: \(No\. \d+\))? \d{4})[ \t]*"
    + _BLANKS
    + r"(?:(?:Part|Division) \d+[A-Z]{0,2}[ \t]+[^\n.;:“”\"]{1,160}?[ \t]*"
    + _BLANKS
    # (r17) by-laws' "bl. 4" too, as cases 250 and 255 print it after "r. 4" (an abbreviation those fixtures take from
    # the regulations' "r.", not seen in a real copy)
    + r")?(?:cl|r|s|bl)\.[ \t]*\d+[A-Z]{0,2}[ \t]*$"
)


def _pco_running_heads(text: str, running_head: Callable[[re.Match[str]], str]) -> str:
    """``text`` without the running heads ``PCO_RUNNING_HEAD`` finds whose title is printed elsewhere in the text too
    (the instrument's title or its citation, or the head of another page; in capitals or not): a line printed once,
    with nothing else of the text naming it, is the law's words, kept."""
    flat = " ".join(text.split()).casefold()

    def head(m: re.Match[str]) -> str:
        if flat.count(" ".join(m.group("title").split()).casefold()) < 2:
            return m.group(0)
        return running_head(m)

    return PCO_RUNNING_HEAD.sub(head, text)


#: (r8) An OCR copy's figure 1 for the letter l in a frame word of an instruction ("In c1ause 3.2(1 ) delete …"), and
#: a space before a label's closing bracket after a provision number ("3.2(1 )"): outside quotation marks only (the
#: words quoted are the law's, and are matched as printed).
_OCR_FRAME_WORD = re.compile(
    r"(?<![\w“\"])(?P<w>[Cc]1auses?|[Rr]egu1ations?|1ocal)(?![\w”\"])|(?<=\d)\((?P<n>\d{1,3}[A-Za-z]?) \)(?=[\s(])"
)
#: Words in quotation marks, over line breaks too (quoted words a copy printed over two lines are still the law's);
#: a mark left open keeps the rest of the text from repair.
_QUOTED_SPAN = re.compile(r"“[^“”]*(?:”|$)|\"[^\"]*(?:\"|$)")


def _ocr_frame_words(text: str) -> str:
    def fix(m: re.Match[str]) -> str:
        return m.group("w").replace("1", "l") if m.group("w") else f"({m.group('n')})"

    out, at = [], 0
    for q in _QUOTED_SPAN.finditer(text):
        out += [_OCR_FRAME_WORD.sub(fix, text[at : q.start()]), q.group(0)]
        at = q.end()
    return "".join(out) + _OCR_FRAME_WORD.sub(fix, text[at:])


NOTE_CELL_ROW = re.compile(
    r"(?m)^[ \t]*\|[ \t]*(?P<note>[^|\d\n]{0,40}?)[ \t]*\|[ \t]*(?P<words>\d{1,3}\.[ \t][^|\n]+?)[ \t]*\|[ \t]*$"
)


def _bar_rows(m: re.Match[str]) -> list[str]:
    """The lines printed between bars around the row ``m`` found (the lines above and below it that open with a bar),
    blank lines left out: the table, or the run of cells, it is printed in."""
    text = m.string
    start = text.rfind("\n", 0, m.start()) + 1
    while start > 0:
        prev = text.rfind("\n", 0, start - 1) + 1
        if not text[prev : start - 1].strip().startswith("|"):
            break
        start = prev
    end = m.end()
    while end < len(text):
        nxt = text.find("\n", end + 1)
        line = text[end + 1 : nxt if nxt >= 0 else len(text)]
        if not line.strip().startswith("|"):
            break
        end = nxt if nxt >= 0 else len(text)
    return [ln for ln in text[start:end].split("\n") if ln.strip()]


def _note_cell_words(m: re.Match[str]) -> str:
    """The item's words of a row ``NOTE_CELL_ROW`` found, when every row printed with it (the lines between bars around
    it) is such a row or a page header: a table's rows (a heading row, a |---| rule, other cells) are left as they are."""
    if all(NOTE_CELL_ROW.fullmatch(ln) or PAGE_HEADER.search(ln) for ln in _bar_rows(m)):
        return m.group("words")
    return m.group(0)


LABEL_CELL_ROW = re.compile(
    r"(?m)^[ \t]*\|[ \t]*(?P<label>\((?:[a-z]{1,2}|[ivx]{1,5}|\d{1,2}[a-z]?)\))[ \t]*\|[ \t]*(?P<words>[^|\n]*?[a-z][^|\n]*?)[ \t]*\|[ \t]*$"
)


def _label_cell_words(m: re.Match[str]) -> str:
    """The label and words of a row ``LABEL_CELL_ROW`` found, when every row printed with it (the lines between bars
    around it) is such a row, a marginal note's row or a page header: a table's rows are left as they are."""
    rows = _bar_rows(m)
    if all(LABEL_CELL_ROW.fullmatch(ln) or NOTE_CELL_ROW.fullmatch(ln) or PAGE_HEADER.search(ln) for ln in rows):
        return f"{m.group('label')} {m.group('words')}"
    return m.group(0)


#: (known2) A new clause's number and heading printed as a row of cells: "| 2.7A. | Presiding member if both are absent |".
CLAUSE_CELL_ROW = lazy_pattern(
    r"[ \t]*\|[ \t]*(?P<num>\d{1,3}(?:\.\d{1,3})?[A-Z]{0,2}\.)[ \t]*\|[ \t]*(?P<words>[A-Z][^|\n]*?)[ \t]*\|[ \t]*"
)
#: (known2) An item's words beside a marginal note's words (a few words, no figures), the note after them: "| 1. (1) In
#: these by-laws the By-laws Relating | Principal |" / "| to Bush Fires of … are | by-laws. |".
WORDS_NOTE_CELL_ROW = lazy_pattern(
    r"[ \t]*\|[ \t]*(?P<words>[^|\s][^|\n]*?\S(?: [^|\s]+){3,}?)[ \t]*\|[ \t]*(?P<note>[A-Za-z][a-z-]*(?: [a-z-]+){0,2}\.?)[ \t]*\|[ \t]*"
)
#: (known2) A marginal note's first line in a cell of its own, its verb in the next row's first cell: "| By-law 27 |" /
#: "| amended. | 2. By-law 27 of the principal by-laws is amended |".
NOTE_START_ROW = lazy_pattern(r"[ \t]*\|[ \t]*(?:By-?law|Regulation|Section|Clause)\s+\d+[A-Z]?[ \t]*\|[ \t]*")
_NOTE_VERB = lazy_pattern(r"(?:amended|repealed|inserted|substituted|re-?enacted)\.")
#: (known2) Words printed in one cell of a row, any other cell empty: "| “ 2.7A(1), ”. | |".
WORDS_CELL_ROW = lazy_pattern(r"[ \t]*\|[ \t]*(?P<words>[^|\s][^|\n]*?)[ \t]*\|(?:[ \t]*\|)*[ \t]*")
_BAR_RUN = re.compile(r"(?m)(?:^[ \t]*\|[^\n]*(?:\n|$))+")


def _cell_run_words(m: re.Match[str]) -> str:
    """(known2) A run of rows printed between bars (no blank line between them) that holds an item beside its label
    (``LABEL_CELL_ROW``) or a new clause's number beside its heading (``CLAUSE_CELL_ROW``), its other rows items
    beside notes, words in a cell of their own or page headers: each row its label, number and words, as a copy
    printing clauses, labels and provisions in cells prints them ("| (1) | After clause 2.7 … — |" / "“" / "| 2.7A. |
    Presiding member … |"). Any other row (a table's heading, a |---| rule, a row of several cells of words) leaves
    the run as it is: it is a table."""
    rows = m.group(0).rstrip("\n").split("\n")
    kinds = []
    for i, row in enumerate(rows):
        after = NOTE_CELL_ROW.fullmatch(rows[i + 1]) if i + 1 < len(rows) else None
        if PAGE_HEADER.search(row):
            kinds.append("header")
        elif LABEL_CELL_ROW.fullmatch(row) or CLAUSE_CELL_ROW().fullmatch(row):
            kinds.append("labelled")
        elif NOTE_START_ROW().fullmatch(row) and after is not None and _NOTE_VERB().fullmatch(after.group("note")):
            kinds.append("note")
        elif NOTE_CELL_ROW.fullmatch(row) or WORDS_NOTE_CELL_ROW().fullmatch(row) or WORDS_CELL_ROW().fullmatch(row):
            kinds.append("words")
        else:
            return m.group(0)
    if "labelled" not in kinds:
        return m.group(0)
    out = []
    for i, (row, kind) in enumerate(zip(rows, kinds, strict=True)):
        if kind == "header":
            out.append(row)
        elif kind == "note":
            # the marginal note, its verb from the next row's first cell: the heading printed before the item's number
            # ("By-law 27 amended." / "2. By-law 27 of …", as parts._old_style_clauses reads it)
            verb = NOTE_CELL_ROW.fullmatch(rows[i + 1])
            assert verb is not None  # (the kind says so)
            out.append(f"{row.strip().strip('|').strip()} {verb.group('note')}")
        elif (cell := WORDS_NOTE_CELL_ROW().fullmatch(row)) is not None and NOTE_CELL_ROW.fullmatch(row) is None:
            out.append(cell.group("words"))
        elif (cell := LABEL_CELL_ROW.fullmatch(row)) is not None:
            out.append(f"{cell.group('label')} {cell.group('words')}")
        elif (cell := CLAUSE_CELL_ROW().fullmatch(row) or NOTE_CELL_ROW.fullmatch(row)) is not None:
            out.append(cell.group("words") if cell.re is NOTE_CELL_ROW else f"{cell.group('num')} {cell.group('words')}")
        else:
            out.append(WORDS_CELL_ROW().fullmatch(row).group("words"))  # type: ignore[union-attr]
    return "\n".join(out) + m.group(0)[len(m.group(0).rstrip("\n")) :]


_SINGLE_MARKS = re.compile("\u2018+|\u2019+")


def _doubled_single_marks(text: str) -> str:
    """Doubled single quotation marks made double marks, reading the marks as a stack of open quotations.

    ``‘‘`` always opens a double quotation (no drafter opens two single quotations at once). A run of ``’`` closes the
    quotations open, innermost first: its last two marks are one double mark when the innermost open quotation is a
    doubled one (the marks before them are apostrophes or close single quotations); while a single quotation is open
    innermost, each ``’`` closes it (‘the ‘dog’’ keeps both marks). A ``’’`` with nothing open is a double mark, as a
    copy that lost the opening mark prints it; a single ``’`` with no single quotation open is an apostrophe.
    """
    out: list[str] = []
    stack: list[str] = []  # "D" a doubled opening mark, "S" a single one
    pos = 0
    for m in _SINGLE_MARKS.finditer(text):
        out.append(text[pos : m.start()])
        pos = m.end()
        run = m.group(0)
        if run[0] == "\u2018":
            doubles, single = divmod(len(run), 2)
            stack.extend(["D"] * doubles + ["S"] * single)
            out.append("\u201c" * doubles + "\u2018" * single)
            continue
        closes: list[str] = []
        k = len(run)
        while k:
            if stack and stack[-1] == "S":
                stack.pop()
                closes.append("\u2019")
                k -= 1
            elif k >= 2 and (not stack or stack[-1] == "D"):
                if stack:
                    stack.pop()
                # the run's last two marks close the doubled quotation; any before them are apostrophes
                closes.extend(["\u2019"] * (k - 2) + ["\u201d"])
                k = 0
            else:
                closes.append("\u2019")  # an apostrophe
                k -= 1
        out.append("".join(closes))
    out.append(text[pos:])
    return "".join(out)


def normalise(raw: str, *, line_mode: bool = False, source_label: bool = True) -> Stream:
    """Remove gazette furniture from ``raw`` (see the module docstring)."""
    removed: list[str] = []
    notes: list[str] = []
    text = raw.replace("\r\n", "\n").replace("\r", "\n").replace("\u00a0", " ").replace("\f", " ")
    text = re.sub(r"[\ue000-\uf8ff]", " ", text)
    # A web copy's list markup: a bullet before a printed line ("  • (1)") holds no words; a non-breaking hyphen
    # ("Off‑road", U+2011) is a hyphen.
    text = re.sub(r"(?m)^[ \t]*[•●▪◦‣∙][ \t]*", "", text).replace("\u2011", "-")
    # The 1990s gazette's double quotation marks printed as doubled single marks (‘‘attack’’, ‘‘ $2 000 ’’): one
    # double mark each, but never the two closing single marks of quotations nested in single marks (‘the ‘dog’’)
    text = _doubled_single_marks(text)
    # An older gazette's marginal note beside an amending item ("B/L. 4 / amended.", "S. 3 repealed.", "B/L.
    # re-enacted."), printed on lines of its own or glued to the item's words: no words of the law or the instrument
    text = MARGINAL_NOTE.sub(" ", text)

    # An older gazette's running head of year and issue number, its three parts on lines of their own ("1970.] /
    # GOVERNMENT GAZETTE, W.A. / [No. 14.", and on the facing page "No. 14.] / … / [1970."): no page, no day
    def running_head(m: re.Match[str]) -> str:
        removed.append(" ".join(m.group(0).split()))
        return " "

    text = YEAR_RUNNING_HEAD.sub(running_head, text)
    text = _pco_running_heads(text, running_head)
    text = _ocr_frame_words(text)
    # An OCR copy that printed an item beside its marginal note as a table row ("| Short title | 1. In these by-laws …
    # |"): the item's words, the note left out
    text = NOTE_CELL_ROW.sub(_note_cell_words, text)
    # (r7) "| (a) | by deleting the definition of “Board” and substituting … — |": an item printed beside its label as a
    # table row (rows of such items, marginal notes and page headers only): the label and the item's words
    text = LABEL_CELL_ROW.sub(_label_cell_words, text)
    text = _BAR_RUN.sub(_cell_run_words, text)
    if source_label:
        first, sep, rest = text.partition("\n\n")
        looks_like_label = sep and "\n" not in first.strip() and len(first) < 120 and not PAGE_HEADER.search(first)
        if looks_like_label and not re.search(r"Under the powers|\(\w\)|\d+\.\d+ ", first):
            removed.append(first.strip())
            notes.append(f"the first line {first.strip()!r} is a label added by the source, not gazette text; left out")
            text = rest
    headers: list[tuple[int, dt.date | None]] = []
    reading_order: set[int] = set()  # headers in the forms of a PDF's text layer read in order (page numbers drift)

    def mark_header(m: re.Match[str]) -> str:
        removed.append(m.group(0))
        page = next((m.group(g) for g in ("p1", "p2", "p3", "p4", "p5", "p7", "p8", "p9", "p10") if m.group(g)), None)
        date = next(m.group(g) for g in ("d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9", "d10", "d11", "d12") if m.group(g))
        # a header printed without its page number (d6) is the page after the one before it (settled below)
        headers.append((int(page) if page else 0, printed_date(date)))
        if m.group("d5") or m.group("d6"):
            reading_order.add(len(headers) - 1)
        return f" {chr(0xE000 + len(headers) - 1)} "

    gazette_number = None
    if line_mode:
        from .importers.furniture import (
            split_glued_brackets,
            split_glued_labels,
            strip_amendment_notes,
            strip_cover_lines,
            strip_running_lines,
            strip_section_labels,
        )

        text, cover_lines, gazette_number = strip_cover_lines(text)
        text, running = strip_running_lines(text)
        text, labels = strip_section_labels(text)
        text, amendment_notes = strip_amendment_notes(text)
        removed += cover_lines + running + labels + amendment_notes
        if amendment_notes:
            notes.append(
                f"{len(amendment_notes)} consolidation note(s) of an amending gazette on a line of their own "
                f"({amendment_notes[0]!r}) left out: the consolidator's, not the law's words"
            )
        text, glued = split_glued_labels(text)
        if glued:
            notes.append(f"{glued} clause label(s) printed glued to their heading ('1.1Citation') were read apart")
        text, glued = split_glued_brackets(text)
        if glued:
            notes.append(f"{glued} subclause or paragraph label(s) printed glued to their words ('(a)liquid') were read apart")
    text = unglue_page_headers(text)
    text = PAGE_HEADER.sub(mark_header, text)
    _number_pages(headers)
    text = _strip_page_end_numbers(text, headers, reading_order, removed)
    cover = COVER.search(text)
    while cover:
        cm = COVER_DATE().search(cover.group(0))
        number = cm.group("num") if cm else cover.group("num")
        gazette_number = str(int(number)) if number else gazette_number
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


def _number_pages(headers: list[tuple[int, dt.date | None]]) -> None:
    """Give a header printed without its page number (0) the number after the page before it, or before the next."""
    for i, (page, date) in enumerate(headers):
        if page == 0:
            before = next((p for p, _ in reversed(headers[:i]) if p), None)
            after = next((p for p, _ in headers[i + 1 :] if p), None)
            guess = before + 1 if before else (after - 1 if after else 0)
            headers[i] = (guess, date)


_PAGE_END = lazy_pattern(r"(?<=[.\w)]) (?P<n>\d{1,5})(?=\s*(?:[\ue000-\uf7ff]|$))")
_CITING = lazy_pattern(
    r"(?:section|sections|clause|clauses|regulation|regulations|No\.|page|pages|item|Schedule|Part|s\.|r\.|cl\.)$"
)


def _strip_page_end_numbers(
    text: str, headers: list[tuple[int, dt.date | None]], reading_order: set[int], removed: list[str]
) -> str:
    """``text`` without the page numbers a PDF's text layer prints at the end of a page ("… Laundries 701" before the
    next page's header, "… Public Health. 703" at the end): on a page whose header has that layer's forms
    (``reading_order``), a bare number just before a page break or the end that is that page's number or the next
    one's, unless a word that cites ("section 701") stands before it. Other pages keep every number."""
    if not reading_order:
        return text
    marks = [(m.start(), ord(m.group(0)) - 0xE000) for m in re.finditer(r"[\ue000-\uf7ff]", text)]

    def page_at(pos: int) -> int | None:
        before = [k for at, k in marks if at < pos]
        return headers[before[-1]][0] if before and before[-1] in reading_order else None

    def drop(m: re.Match[str]) -> str:
        page = page_at(m.start())
        n = int(m.group("n"))
        if page and n in (page, page + 1) and not _CITING().search(text[max(0, m.start() - 12) : m.start()]):
            removed.append(m.group("n"))
            return ""
        return m.group(0)

    return _PAGE_END().sub(drop, text)


def flat(text: str) -> str:
    """Running text with every kind of break as one space."""
    return " ".join(text.replace("\f", " ").split())


def contents_headings(contents: str) -> dict[str, str]:
    """Clause headings listed on a contents page: {"2.7": "Roosters, geese, turkeys and peafowl"}."""
    # A council copy's contents page prints dotted leaders and page numbers ("1.5 Repeal ........ 107"): an entry ends there.
    text = _LEADER.sub(" \u2063 ", flat(_pair_columns(contents)))
    out = {}
    for m in CONTENTS_ENTRY.finditer(text):
        heading = m.group("heading").split("\u2063")[0].strip()
        if heading and not _BARE_NUMBER.match(heading):  # "1.1 1.2 Citation": a column of numbers, not a heading
            out[m.group("num")] = heading
    return out


_BARE_NUMBER = re.compile(r"\d+(?:\.\d+)+[A-Z]{0,2}")


def _pair_columns(contents: str) -> str:
    """A contents page whose clause numbers were copied as a column apart from their headings ("1.1" / "1.2" /
    "Citation" / "Commencement") with each number put back before its heading; a run of numbers not followed by as
    many lines of words is left as it is (its numbers then name no heading)."""
    lines = contents.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        j = i
        while j < len(lines) and _BARE_NUMBER.fullmatch(lines[j].strip()):
            j += 1
        k = j - i
        headings = lines[j : j + k]
        words = [h.strip() for h in headings]
        if (
            k >= 2
            and len(words) == k
            and all(w[:1].isalpha() and not _BARE_NUMBER.match(w) for w in words)
            and not any(re.match(r"(?:PART|Part|Division|SCHEDULE|Schedule)\b", w) for w in words)
        ):
            out += [f"{n.strip()} {w}" for n, w in zip(lines[i:j], words, strict=True)]
            i = j + k
            continue
        out.append(lines[i])
        i += 1
    return "\n".join(out)


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


_FIRST_ENTRY = re.compile(r"\s*(?:TABLE OF CONTENTS|CONTENTS|ARRANGEMENT)[ \t]*\n(?P<label>PART \d+[A-Z]?|\d+(?:\.\d+)+)\b")


def _late_contents(text: str, start: int, end: int) -> int:
    """Where the body begins when a contents page is printed after the enacting words (a council consolidation:
    "… as set out below." / "ARRANGEMENT" / "PART 1 – PRELIMINARY Clauses 1 - 6" …): at the line that prints the
    contents' first entry again. ``start`` when there is no such page (or the entry is not printed again)."""
    m = _FIRST_ENTRY.match(text, start, end)
    if not m:
        return start
    again = re.compile(r"(?m)^" + re.escape(m.group("label")) + r"\b").search(text, m.end(), end)
    return again.start() if again else start


_CAPS_TITLE_LINE = lazy_pattern(r"[A-Z][A-Z ,’'&—\-]*(?:LOCAL LAWS?|BY-?LAWS?)\.?")


def _caps_title_line(text: str, end: int) -> int:
    """Where the line just above ``end`` (a contents heading) begins when it is a title in capitals without a year
    ("CITY OF STIRLING—GENERAL BY-LAWS" over CONTENTS): the title printed over a contents page is that page's."""
    if end < 1 or text[end - 1] != "\n":
        return end
    start = text.rfind("\n", 0, end - 1) + 1
    return start if _CAPS_TITLE_LINE().fullmatch(text[start : end - 1].strip()) else end


_TITLE_LINES = (
    re.compile(r"[A-Z][A-Za-z ,’'&()\-]*\b(?:ACTS?|Acts?),? \d{4}(?:[-–]\d{4})?\.?"),  # LOCAL GOVERNMENT ACT, 1960-1970.
    re.compile(r"(?:CITY|SHIRE|TOWN|City|Shire|Town) (?:OF|of) [A-Z][A-Za-z ’'\-]*\.?"),  # City of Stirling.
    re.compile(r"[A-Z][A-Za-z ,’'&—\-]*(?:LOCAL LAWS?|BY-?LAWS?|Local Laws?|By-?laws?)\.?"),  # GENERAL BY-LAWS.
)


def _plain_title_start(text: str, end: int) -> int:
    """Where a title block without a year begins, in a text that keeps its printed lines ("LOCAL GOVERNMENT ACT,
    1960-1970." / "City of Stirling." / "GENERAL BY-LAWS." over the enacting words): its last line names the law, the
    lines above it an Act or the council. ``end`` when the lines just above ``end`` are not such a block."""
    if end < 1 or text[end - 1] != "\n":
        return end
    start = end
    while start > 0:
        line_start = text.rfind("\n", 0, start - 1) + 1
        line = text[line_start : start - 1].strip()
        patterns = _TITLE_LINES[2:] if start == end else _TITLE_LINES
        if not line or not any(p.fullmatch(line) for p in patterns):
            break
        start = line_start
        if "\f" in text[line_start - 1 : line_start] or line_start == 0:
            break
    return start


def split_instruments(stream: Stream) -> list[InstrumentText]:
    """Each instrument in the stream, in order. A stream without enacting words is one fragment."""
    text = stream.text
    spans = enacting_spans(text)
    enacting = [u for u, _ in spans]
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
        if title_start == u:
            title_start = _plain_title_start(text, u)
        region_start = title_start
        contents = list(CONTENTS.finditer(text, prev_end, title_start))
        if contents:
            region_start = _title_start(text, contents[-1].start())
            if region_start == contents[-1].start():
                region_start = _caps_title_line(text, region_start)
        heads.append((region_start, title_start, u))
        prev_end = u
    result = []
    for i, (region_start, title_start, u) in enumerate(heads):
        end = heads[i + 1][0] if i + 1 < len(heads) else len(text)
        lead = text[:region_start] if i == 0 else ""
        known_end = spans[i][1]
        em = ENACTING_END.search(text, u, end) if known_end is None else None
        enact_end = known_end if known_end is not None else (em.end() if em else u)
        late = _late_contents(text, enact_end, end)
        remainder = text[late:end]
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
                contents=text[region_start:title_start] + "\n" + text[enact_end:late],
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

#: The sentence of an instrument that says when it comes into operation: the words of its Act ("comes into
#: operation", "commences") or their synonyms (review4: "takes effect", "has effect on and from", "comes into force",
#: "becomes operative", "The commencement date of this local law is …"), to its full stop or the end of the words.
COMMENCEMENT = re.compile(
    r"[^.]*?\b(?:(?:comes?|come) into (?:operation|force|effect)|commences?|commence\b|(?:takes?|take) effect|"
    r"(?:has|have) effect on and from|(?:becomes?|become) operative|commencement date of (?:this|these)|"
    r"date of commencement of (?:this|these))\b(?:[^.]|\.(?=\d))*(?:\.|$)"
)
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
