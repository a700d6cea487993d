"""A gazette copied from a PDF's text layer in reading order: the cover's words run together without its !…GG! mark,
an even page's header with its parts out of order ("GOVERNMENT GAZETTE, WA 702 [3 March 1999"), an odd page's header
without its number, which is printed at the end of the page ("… 701"). All of it is page furniture."""

from __future__ import annotations

from lawhistory.reading.gazette import normalise

COVER = (
    "PRINT POST APPROVED PP665002/00041 3 March 1999] WESTERN GOVERNMENT GAZETTE, WA AUSTRALIAN GOVERNMENT 699 699 "
    "PERTH, WEDNESDAY, 3 MARCH 1999 No. 33 PUBLISHED BY AUTHORITY JOHN A. STRIJK, GOVERNMENT PRINTER AT 3.30 PM "
    "HEALTH ACT 1911 SHIRE OF EXAMPLE HEALTH LOCAL LAWS 1998 SPECIAL"
)
PAGES = (
    "700 GOVERNMENT GAZETTE, WA [3 March 1999\n\n"
    "3 March 1999] GOVERNMENT GAZETTE, WA HEALTH ACT 1911 SHIRE OF EXAMPLE 1. Citation These local laws may be cited "
    "as the Example Laws. 2. Repeal The laws published in section 701 are repealed. 701\n\n"
    "GOVERNMENT GAZETTE, WA 702 [3 March 1999 3. Toilets The owner must provide a toilet. 703"
)


def test_headers_in_reading_order_and_page_end_numbers_are_furniture() -> None:
    stream = normalise(COVER + "\n\n" + PAGES)
    assert [(p.page, str(p.date)) for p in stream.pages] == [(700, "1999-03-03"), (701, "1999-03-03"), (702, "1999-03-03")]
    text = " ".join(stream.text.split())
    assert text.startswith("HEALTH ACT 1911 SHIRE OF EXAMPLE 1. Citation")  # the cover page is gone, title and all
    assert "section 701 are repealed." in text  # a number a word cites is the law's
    assert not text.endswith("703") and " 701 3. Toilets" not in text
    assert "GAZETTE" not in text and "PRINT POST" not in text
    assert stream.gazette_number == "33"
    assert {"701", "703", "3 March 1999] GOVERNMENT GAZETTE, WA", "GOVERNMENT GAZETTE, WA 702 [3 March 1999"} <= set(
        stream.removed
    )


def test_a_number_ending_a_page_that_is_not_its_page_number_stays() -> None:
    stream = normalise("700 GOVERNMENT GAZETTE, WA [3 March 1999\n\nThe fee is set out in item 12. 45")
    assert stream.text.rstrip().endswith("45")


def test_a_page_with_an_ordinary_header_keeps_a_number_at_its_end() -> None:
    # only pages whose header has the text layer's forms lose a number at their end
    stream = normalise("700 GOVERNMENT GAZETTE, WA [3 March 1999\n\nThe modified penalty for item 3 is 700")
    assert stream.text.rstrip().endswith("is 700")
