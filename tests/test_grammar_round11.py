"""Constructs of the amending language read after the eleventh first-sight round (cases 190–199, SOURCES-o.md).

Synthetic instructions (not law): each test gives wording and what it must read as, or the refusal it must give; each
would fail on the engine before the fix it guards.
"""

from __future__ import annotations

import datetime as dt

from lawhistory.amending.apply import _apply_operation
from lawhistory.amending.instructions import parse_unit
from lawhistory.amending.parts import Unit
from lawhistory.reading.gazette import normalise
from lawhistory.reading.page_headers import unglue_page_headers
from tests.helpers import body_of, ops

# --- an odd page's header printed with its columns spaced wide after the bracketed date -------------------------


def test_odd_page_header_spaced_wide_after_its_bracket_is_read_with_its_date() -> None:
    raw = "SHIRE OF EXAMPLE\n12 June 1998]            GOVERNMENT GAZETTE, WA            3155\nThe words of the law.\n"
    assert "12 June 1998] GOVERNMENT GAZETTE, WA 3155" in unglue_page_headers(raw)
    stream = normalise(raw)
    assert [(p.page, p.date) for p in stream.pages] == [(3155, dt.date(1998, 6, 12))]
    assert "GOVERNMENT GAZETTE" not in stream.text


# --- words inserted before a word, the place named between the verb and "before"; new words opening with a comma ----

_DEFS = "1.3 Terms used\n  In these local laws —\n  **meat** means the flesh of any animal;\n  **premises** means land;\n"


def test_place_between_the_verb_and_before_is_read() -> None:
    text = "by inserting in the definition of “meat” before “means” the following— “ , except in Part 7, ”."
    assert ops(text, "1.3") == [("insert_words", "1.3 “meat”", "means", ", except in Part 7,", "before", "once")]


def test_new_words_beginning_with_a_comma_put_before_a_word_leave_no_space_before_the_comma() -> None:
    """The space before "means" would stay before the comma: "meat , except in Part 7, means" (wrong law text)."""
    (op,) = parse_unit(
        Unit("4", "In clause 1.3, in the definition of “meat”, before “means” insert “, except in Part 7,”.", None)
    )
    body, _ = _apply_operation(body_of(_DEFS), op, None, fit=True)
    (meat,) = [p for p in body[0].children if p.term == "meat"]
    assert meat.text == "meat, except in Part 7, means the flesh of any animal;"
