"""Page headers a copy printed glued to their page number: ``GOVERNMENT GAZETTE, WA 56119 October 2000]``.

A PDF copy of an older gazette may lose the space between a header's page number and its date. On an even page the
date comes first and its year has four digits, so ``[9 October 20005612`` can only be page 5612. On an odd page the
page number comes first and ``56119 October`` may be page 5611 of 9 October or page 561 of 19 October: the header is
read the way the other headers of the same text confirm (a page next to one of theirs, on a date one of them prints).
A glued header they cannot settle is refused, naming it and the fix; one is never guessed.
"""

from __future__ import annotations

import re

from ..core.dates import MONTHS, printed_date
from ..core.errors import ImportFailed
from ..core.lazy_re import lazy_pattern

_MONTH = "(?:" + "|".join(m.capitalize() for m in MONTHS) + ")"
_GG = r"GOVERNMENT GAZETTE, W\.?A\.?"
#: An odd page's header, page glued to date: "GOVERNMENT GAZETTE, WA 56119 October 2000]".
GLUED_ODD = re.compile(_GG + r" (?P<digits>\d{2,7})(?P<rest> " + _MONTH + r" \d{4})\]")
#: An even page's header, date glued to page: "GOVERNMENT GAZETTE, WA [9 October 20005612".
GLUED_EVEN = re.compile(_GG + r" \[(?P<date>\d{1,2} " + _MONTH + r" \d{4})(?P<page>\d{1,5})(?!\d)")
_PLAIN = lazy_pattern(
    r"(?P<d1>\d{1,2} " + _MONTH + r" \d{4})\]? " + _GG + r" (?P<p1>\d{1,5})(?!\d)"
    r"|(?<!\d)(?P<p2>\d{1,5}) ?" + _GG + r" ?\[?(?P<d2>\d{1,2} " + _MONTH + r" \d{4})(?!\d)"
)


#: Spaces a copy printed inside a header ("1274   GOVERNMENT GAZETTE, WA [20 March 1992", "12 June 1998]   GOVERNMENT
#: GAZETTE, WA   3155", "29 July 1997]   GOVERNMENT GAZETTE, WA 4071"): one space.
_WIDE = re.compile(r"(?:(?<=\d)|(?<=\d\]))[ \t]{2,}(?=" + _GG + r")|(?P<gg>" + _GG + r")[ \t]{2,}(?=\[?\d)")
#: A header's bracket read as the figure 1 by the copy's OCR: after the year on an odd page ("20 March 19921
#: GOVERNMENT GAZETTE, WA 1275", "| 28 June 19941 | GOVERNMENT …") or before the day on an even page ("7908 GOVERNMENT
#: GAZETTE, WA 129 December 2000"): a five-figure year, or a three-figure day, that no date has.
_BRACKET_AFTER_YEAR = re.compile(r"(?<!\d)(?P<date>\d{1,2} " + _MONTH + r" \d{4})1(?P<rest>(?: \|)? " + _GG + r")")
_BRACKET_BEFORE_DAY = re.compile(r"(?P<head>" + _GG + r"(?: \|)? )1(?P<date>(?:[12]\d|3[01]) " + _MONTH + r" \d{4})(?!\d)")
_HEADER_DATE = lazy_pattern(
    _GG + r"(?: \|)? \[?(?P<a>\d{1,2} " + _MONTH + r" \d{4})(?!\d)|(?<!\d)(?P<b>\d{1,2} " + _MONTH + r" \d{4})\]?(?: \|)? " + _GG
)


def read_bracket_misreads(text: str, where: str = "the text") -> str:
    """``text`` with each page header whose bracket the OCR read as the figure 1 written with the bracket ("20 March
    19921 GOVERNMENT GAZETTE, WA" → "20 March 1992] GOVERNMENT GAZETTE, WA"), when another header of the same text
    prints that date (a gazette's pages all carry its date); one that no other header confirms is refused, naming it
    — a date is never guessed. The spaces a copy printed wide inside a header are made one first."""
    text = _WIDE.sub(lambda m: (m.group("gg") or "") + " ", text)
    if not (_BRACKET_AFTER_YEAR.search(text) or _BRACKET_BEFORE_DAY.search(text)):
        return text
    printed = {m.group("a") or m.group("b") for m in _HEADER_DATE().finditer(text)}

    def confirmed(m: re.Match[str], fixed: str) -> str:
        if m.group("date") not in printed:
            raise ImportFailed(
                f"{where}: the page header {m.group(0)!r} prints a figure where its bracket stands (a date of no "
                f"calendar), and no other page header prints {m.group('date')!r}; write the header as printed in the "
                f"gazette (e.g. '9 October 2000] GOVERNMENT GAZETTE, WA 5611')"
            )
        return fixed

    text = _BRACKET_AFTER_YEAR.sub(lambda m: confirmed(m, f"{m.group('date')}]{m.group('rest')}"), text)
    return _BRACKET_BEFORE_DAY.sub(lambda m: confirmed(m, f"{m.group('head')}[{m.group('date')}"), text)


def unglue_page_headers(text: str, where: str = "the text") -> str:
    """``text`` with each glued page header written apart (``9 October 2000] GOVERNMENT GAZETTE, WA 5611``), so the
    page header reader takes it; an odd page's header that the other headers cannot settle is refused."""
    text = read_bracket_misreads(text, where)
    if not (GLUED_ODD.search(text) or GLUED_EVEN.search(text)):
        return text
    pages: set[int] = set()
    dates: set[str] = set()
    for m in GLUED_EVEN.finditer(text):
        pages.add(int(m.group("page")))
        dates.add(m.group("date"))
    for m in _PLAIN().finditer(text):
        pages.add(int(m.group("p1") or m.group("p2")))
        dates.add(m.group("d1") or m.group("d2"))
    text = GLUED_EVEN.sub(lambda m: f"{m.group('page')} GOVERNMENT GAZETTE, WA [{m.group('date')}", text)

    def odd(m: re.Match[str]) -> str:
        digits, rest = m.group("digits"), m.group("rest")
        readings = []
        for cut in (len(digits) - 1, len(digits) - 2):
            page, day = digits[:cut], digits[cut:]
            if not page or page.startswith("0") or day.startswith("0") or len(page) > 5:
                continue
            date = f"{int(day)}{rest}"
            if printed_date(date) is None:
                continue
            confirmed = (int(page) - 1 in pages or int(page) + 1 in pages) and (not dates or date in dates)
            if confirmed:
                readings.append((page, date))
        if len(readings) != 1:
            raise ImportFailed(
                f"{where}: the page header {m.group(0)!r} prints its page number glued to its date, and the other "
                "page headers do not say where one ends; write it apart in the source "
                f"(e.g. '9 October 2000] GOVERNMENT GAZETTE, WA 5611')"
            )
        page, date = readings[0]
        return f"{date}] GOVERNMENT GAZETTE, WA {page}"

    return GLUED_ODD.sub(odd, text)
