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

_MONTH = "(?:" + "|".join(m.capitalize() for m in MONTHS) + ")"
_GG = r"GOVERNMENT GAZETTE, W\.?A\.?"
#: An odd page's header, page glued to date: "GOVERNMENT GAZETTE, WA 56119 October 2000]".
GLUED_ODD = re.compile(_GG + r" (?P<digits>\d{2,7})(?P<rest> " + _MONTH + r" \d{4})\]")
#: An even page's header, date glued to page: "GOVERNMENT GAZETTE, WA [9 October 20005612".
GLUED_EVEN = re.compile(_GG + r" \[(?P<date>\d{1,2} " + _MONTH + r" \d{4})(?P<page>\d{1,5})(?!\d)")
_PLAIN = re.compile(
    r"(?P<d1>\d{1,2} " + _MONTH + r" \d{4})\]? " + _GG + r" (?P<p1>\d{1,5})(?!\d)"
    r"|(?<!\d)(?P<p2>\d{1,5}) ?" + _GG + r" ?\[?(?P<d2>\d{1,2} " + _MONTH + r" \d{4})(?!\d)"
)


def unglue_page_headers(text: str, where: str = "the text") -> str:
    """``text`` with each glued page header written apart (``9 October 2000] GOVERNMENT GAZETTE, WA 5611``), so the
    page header reader takes it; an odd page's header that the other headers cannot settle is refused."""
    if not (GLUED_ODD.search(text) or GLUED_EVEN.search(text)):
        return text
    pages: set[int] = set()
    dates: set[str] = set()
    for m in GLUED_EVEN.finditer(text):
        pages.add(int(m.group("page")))
        dates.add(m.group("date"))
    for m in _PLAIN.finditer(text):
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
