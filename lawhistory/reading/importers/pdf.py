"""Gazette PDFs: the text layer of a Government Gazette PDF, page by page, as gazette text.

The text is read with pdfminer.six (MIT licence, pure Python, so nothing to build or bundle; its
layout analysis groups characters into lines and blocks, and it reads pages whose few words
defeat PDFium's line finder). Each page's running header — a date, ``GOVERNMENT GAZETTE, WA`` and
the page number, on one line or two, in either order — is found among the top lines of the page
and written as the one-line header the gazette-text reader knows
(``26 February 2020 GOVERNMENT GAZETTE, WA 424``), so page numbers and the gazette date reach the
same page-header logic as a text copy. The rest of the page follows as running text.

Printed line breaks become spaces, as in a text copy of the gazette, except that a line ending in a
hyphen after a letter (``non-`` / ``resident``) or a line starting with a dash (``Division`` /
``—General``) joins the next without one. A PDF whose pages hold no text is refused: it needs OCR.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

from ...core.errors import ImportFailed
from . import Imported, ImportOptions
from . import is_pdf as is_pdf  # (checking.copy reads it from here)
from .build import build_instruments

_DATE = re.compile(r"\b\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b")
_GG = re.compile(r"GOVERNMENT\s+GAZETTE,\s+WA")
_PAGE_NUM = re.compile(r"(?<![\w,.])\d{1,5}(?![\w,.])")
#: Ligatures some PDF writers put in the text layer ("ﬀ" for "ff").
_LIGATURES = str.maketrans(
    {"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl", "\ufb05": "st", "\ufb06": "st"}
)
#: How many printed rows at the top of a page the running header may take.
_HEADER_ROWS = 2


@dataclass(frozen=True, slots=True)
class _Line:
    top: float
    x0: float
    text: str


def _page_lines(layout: object) -> list[_Line]:
    """The text lines of one page in reading order (pdfminer's order of blocks, lines within a block)."""
    from pdfminer.layout import LTTextContainer, LTTextLine

    lines: list[_Line] = []

    def visit(obj: object) -> None:
        if isinstance(obj, LTTextLine):
            text = obj.get_text().translate(_LIGATURES).replace("\n", " ").strip()
            if text:
                lines.append(_Line(top=obj.y1, x0=obj.x0, text=" ".join(text.split())))
        elif isinstance(obj, LTTextContainer) or hasattr(obj, "__iter__"):
            for child in obj:  # type: ignore[attr-defined]
                visit(child)

    visit(layout)
    return lines


def _rows(lines: list[_Line]) -> list[list[_Line]]:
    """Lines grouped into printed rows, top to bottom (lines whose tops are within 3 points share a row)."""
    rows: list[list[_Line]] = []
    for ln in sorted(lines, key=lambda ln: (-ln.top, ln.x0)):
        if rows and abs(rows[-1][0].top - ln.top) <= 3:
            rows[-1].append(ln)
        else:
            rows.append([ln])
    return rows


def _header_parts(text: str) -> tuple[str, str] | None:
    """(date, page number) when ``text`` is a running header and nothing else, else None."""
    date, gg = _DATE.search(text), _GG.search(text)
    if not (date and gg):
        return None
    rest = _GG.sub(" ", _DATE.sub(" ", text))
    nums = _PAGE_NUM.findall(rest)
    if len(nums) != 1 or _PAGE_NUM.sub(" ", rest).split():
        return None
    return date.group(0), nums[0]


def _running_header(lines: list[_Line]) -> tuple[str | None, list[_Line]]:
    """The page's running header as one gazette-text line, and the page's other lines.

    The header is the first one or two printed rows of the page when they hold a date,
    ``GOVERNMENT GAZETTE, WA`` and a page number and no other word.
    """
    band: list[_Line] = []
    for row in _rows(lines)[:_HEADER_ROWS]:
        band += row
        found = _header_parts(" ".join(ln.text for ln in band))
        if found is None:
            continue
        date, page = found
        num_line = next(ln for ln in band if page in ln.text.split())
        date_line = next(ln for ln in band if date in ln.text)
        # Even pages print the number at the left (``424 GOVERNMENT GAZETTE, WA 26 February 2020``).
        if num_line is date_line:
            number_first = num_line.text.split().index(page) < num_line.text.index(date)
        else:
            number_first = num_line.x0 < date_line.x0
        header = f"{page} GOVERNMENT GAZETTE, WA {date}" if number_first else f"{date} GOVERNMENT GAZETTE, WA {page}"
        return header, [ln for ln in lines if ln not in band]
    return None, lines


def _join(lines: list[str]) -> str:
    """Printed lines as running text (see the module docstring for where no space goes in)."""
    out = ""
    for line in lines:
        if not out:
            out = line
        elif re.search(r"[A-Za-z]-$", out) or line.startswith(("—", "–")):
            out += line
        else:
            out += " " + line
    return out


def pdf_text(data: bytes, where: str) -> str:
    """The gazette text of a PDF: each page's header as one line, then its words (see the module docstring)."""
    from pdfminer.high_level import extract_pages
    from pdfminer.layout import LAParams
    from pdfminer.pdfparser import PDFSyntaxError
    from pdfminer.psparser import PSException

    pages: list[str] = []
    try:
        for layout in extract_pages(io.BytesIO(data), laparams=LAParams()):
            header, lines = _running_header(_page_lines(layout))
            body = _join([ln.text for ln in lines])
            pages.append("\n".join(t for t in (header, body) if t))
    except (PDFSyntaxError, PSException) as e:
        raise ImportFailed(f"{where}: not a readable PDF ({e}); save the gazette again as PDF or as text") from None
    except Exception as e:  # pdfminer raises many kinds of error on a damaged or encrypted file
        if e.__class__.__module__.startswith("pdfminer"):
            raise ImportFailed(f"{where}: the PDF could not be read ({e.__class__.__name__}: {e})") from None
        raise
    if not pages:
        raise ImportFailed(f"{where}: the PDF has no pages")
    if not any(p.strip() for p in pages):
        raise ImportFailed(f"{where}: this PDF has no text layer; run OCR first (for example ocrmypdf) and import the result")
    # One line break between pages, never a blank line: a blank line would look like a scraper's label.
    return "\n".join(p for p in pages if p.strip())


class GazettePdfImporter:
    """A Government Gazette PDF, read into gazette text (above) and then read like a text copy."""

    name = "gazette-pdf"

    def read_pdf(self, data: bytes, options: ImportOptions) -> Imported:
        text = pdf_text(data, options.source or "the file")
        return build_instruments(text, options, line_mode=False, source_label=False)
