"""A consolidated copy as a council publishes it: the law it holds, the amendments it claims, its amendment marks.

A WA council consolidation opens with words such as "Consolidated extract from Government Gazette No. 133, 14 July
2005; includes amendments vide Government Gazette No. 36, 29 February 2008 and No. 181, 14 November 2014", and prints
"Amd GG No. 181 14.11.14" on a line of its own after each provision an amendment changed. The law's text is read by
the importers (which leave those lines out); this module reads what the consolidator added.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from ..core.errors import LawHistoryError
from ..core.ids import addresses
from ..core.model import Law
from ..reading.importers import ImportOptions, read_source
from ..reading.importers.furniture import AMENDMENT_NOTE


class CopyUnreadable(LawHistoryError):
    """The copy holds no law that can be compared (several laws, an amending instrument, or no numbered provisions)."""


@dataclass(frozen=True, slots=True)
class Gazetted:
    """A gazette an amendment was published in, as the copy names it (its number may be missing)."""

    number: str | None
    date: dt.date

    def label(self) -> str:
        return f"GG No. {self.number}, {self.date}" if self.number else f"the Gazette of {self.date}"


@dataclass(frozen=True, slots=True)
class Mark:
    """An amendment mark ("Amd GG No. 181 14.11.14") and the provision it stands beside (None: not found)."""

    gazette: Gazetted
    citation: str | None
    words: str  # the mark as printed


@dataclass(frozen=True, slots=True)
class CopyText:
    """What a copy holds: the law, the amendments it says it includes (oldest first), its marks."""

    law: Law
    claims: tuple[Gazetted, ...]
    marks: tuple[Mark, ...]
    where: str


_MONTHS = {m: i for i, m in enumerate(
    ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
     "december"), start=1)}  # fmt: skip
#: "includes amendments vide Government Gazette No. 36, 29 February 2008 and No. 181, 14 November 2014"
_INCLUDES = re.compile(r"\b(?:includes?|including|incorporat(?:es|ing))\s+(?:the\s+)?amendments?\b", re.I)
_NAMED_GAZETTE = re.compile(
    r"(?:No\.?\s*(?P<num>\d{1,4})\s*,?\s*(?:of\s+|dated\s+)?)?(?P<day>\d{1,2})(?:st|nd|rd|th)?\s+(?P<month>[A-Za-z]+),?\s+(?P<year>\d{4})"
)
_MARK_PARTS = re.compile(r"No\.?\s?(?P<num>\d+) (?P<d>\d{1,2})\.(?P<m>\d{1,2})\.(?P<y>\d{2,4})")


def _year(y: str) -> int:
    n = int(y)
    return n if len(y) == 4 else (1900 + n if n >= 50 else 2000 + n)


def claims_in(text: str) -> tuple[Gazetted, ...]:
    """The gazettes the copy's "includes amendments …" words name, oldest first (each once)."""
    found: dict[tuple[str | None, dt.date], Gazetted] = {}
    for m in _INCLUDES.finditer(text):
        # the claim runs to the end of its paragraph (a blank line) or of the cover's next few lines
        tail = text[m.end() : m.end() + 600].split("\n\n", 1)[0]
        lines = tail.split("\n")
        claim = lines[0]
        for ln in lines[1:4]:
            if not re.match(r"\s*(?:and\s+|&\s*|,\s*)?(?:amendments?\s+)?(?:vide\s+)?(?:Government\s+Gazette\b|No\.)", ln, re.I):
                break
            claim += " " + ln
        for g in _NAMED_GAZETTE.finditer(claim):
            month = _MONTHS.get(g.group("month").lower())
            if month is None:
                continue
            try:
                date = dt.date(int(g.group("year")), month, int(g.group("day")))
            except ValueError:
                continue
            found.setdefault((g.group("num"), date), Gazetted(g.group("num"), date))
    return tuple(sorted(found.values(), key=lambda g: (g.date, int(g.number or 0))))


def _mark(words: str) -> Gazetted | None:
    m = _MARK_PARTS.search(words)
    if m is None:
        return None
    try:
        return Gazetted(str(int(m.group("num"))), dt.date(_year(m.group("y")), int(m.group("m")), int(m.group("d"))))
    except ValueError:
        return None


def _words(text: str) -> str:
    return " ".join(re.sub(r"[\"“”‘’']", "", text).split()).lower()


def _marked_lines(text: str) -> list[tuple[str, str]]:
    """(the mark, the printed line above it) for every amendment mark on a line of its own."""
    lines = text.split("\n")
    out = []
    for i, ln in enumerate(lines):
        if AMENDMENT_NOTE.fullmatch(ln.strip()):
            above = next((lines[j].strip() for j in range(i - 1, -1, -1) if lines[j].strip()), "")
            out.append((ln.strip(), above))
    return out


def _provision_of(law: Law, line: str) -> str | None:
    """The citation of the provision whose printed line is ``line`` (its words end the line), the last if several."""
    want = _words(line)
    found = None
    for a in addresses(law.body):
        p = a.provision
        own = _words(" ".join(x for x in (p.num or "", p.heading or "", p.term or "", p.text or "", *p.cells) if x))
        text = _words(p.text or " ".join(p.cells))
        if text and (want.endswith(text) or (len(want) > 20 and own.endswith(want))):
            found = a.citation
    return found


#: A line of the consolidator's cover: "Consolidated extract from …", "Includes amendments vide …", or a line that
#: goes on naming gazettes ("and Government Gazette No. 181, 14 November 2014").
_COVER_LINE = re.compile(
    r"(?:.*\b(?:consolidat\w*|reprint\w*|compilation|includ\w* amendments?|incorporat\w* amendments?|amendments? vide)\b.*"
    r"|(?:and|&|,)?\s*(?:amendments?\s+vide\s+)?(?:Government\s+Gazette\b.*|No\.\s*\d+.*))",
    re.I,
)


#: The same cover in a text whose lines are run together (a PDF's text layer): only the words of such a cover.
_FLOWED_COVER = re.compile(
    r"(?:\s*(?:consolidated|extract|from|includ\w*|incorporat\w*|amendments?|vide|government|gazette|of|dated|and|&|,|;"
    r"|No\.?\s*\d+,?|\d{1,2}(?:st|nd|rd|th)?\s+[A-Z][a-z]+,?\s+\d{4}\b))+",
    re.I,
)


def split_cover(text: str) -> tuple[str, str]:
    """(the consolidator's cover lines at the top of ``text``, the rest): the cover is not the law's text."""
    flowed = _FLOWED_COVER.match(text)
    # the cover runs into the law on one line
    if flowed and "\n" not in flowed.group(0) and re.search(r"consolidat|includ", flowed.group(0), re.I):
        return flowed.group(0), text[flowed.end() :].lstrip()
    lines = text.split("\n")
    n = 0
    while n < len(lines) and (not lines[n].strip() or _COVER_LINE.fullmatch(lines[n].strip())):
        n += 1
    return "\n".join(lines[:n]), "\n".join(lines[n:])


def read_copy(data: bytes, where: str) -> CopyText:
    """The copy in ``data`` (gazette-like text or PDF), read as the importers read a law, with its claims and marks."""
    from ..reading.importers import decode
    from ..reading.importers.pdf import is_pdf, pdf_text

    text = pdf_text(data, where) if is_pdf(data) else decode(data, where)
    cover, rest = split_cover(text)
    # the marks are the consolidator's: read them here, and give the importer the law's words alone
    unmarked = "\n".join(ln for ln in rest.split("\n") if not AMENDMENT_NOTE.fullmatch(ln.strip()))
    imported = read_source(unmarked.encode("utf-8"), ImportOptions(source=where), where)
    principals = [law for law in imported.laws if law.meta.kind == "principal"]
    if len(principals) != 1 or len(imported.laws) != 1:
        kinds = ", ".join(f"{law.meta.title} ({law.meta.kind})" for law in imported.laws) or "nothing"
        raise CopyUnreadable(f"{where} holds {kinds}: a consolidated copy holds one principal local law")
    law = principals[0]
    if not any(a.provision.kind == "clause" for a in addresses(law.body)):
        raise CopyUnreadable(f"{where}: no numbered clauses could be read in it, so it cannot be compared provision by provision")
    claims = claims_in("\n".join([cover, *imported.removed, *law.meta.notes]))
    marks = []
    for words, above in _marked_lines(rest):
        g = _mark(words)
        if g is not None:
            marks.append(Mark(g, _provision_of(law, above) if above else None, words))
    return CopyText(law, claims, tuple(marks), where)
