"""Constructs of the amending language read after the eleventh first-sight round (cases 190–199, SOURCES-o.md).

Synthetic instructions (not law): each test gives wording and what it must read as, or the refusal it must give; each
would fail on the engine before the fix it guards.
"""

from __future__ import annotations

import datetime as dt

import pytest

from lawhistory.amending.amend import _read_one
from lawhistory.amending.apply import ApplyRefused, _apply_operation
from lawhistory.amending.instructions import parse_unit
from lawhistory.amending.parts import Unit
from lawhistory.core.dates import EVERY, commencement, subclause_days
from lawhistory.core.errors import ImportFailed
from lawhistory.reading.gazette import normalise
from lawhistory.reading.importers import ImportOptions, read_source
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


# --- a Division inserted at the beginning of a Part --------------------------------------------------------------

_PART = (
    "PART 2—WASTE\n\nDivision 1—Bins\n\n2.1 Supply of bins\n  The local government is to supply a bin.\n\n"
    "Division 2—Green waste\n\n2.4 Collection\n  Green waste is collected.\n"
)


def test_division_inserted_at_the_beginning_of_a_part_goes_before_its_first_division() -> None:
    (op,) = parse_unit(
        Unit("5", "At the beginning of Part 2 insert: Division 1A — General 2.1A. Term used In this Part— bin means a bin.", None)
    )
    body, changed = _apply_operation(body_of(_PART), op, None, fit=True)
    assert [(c.kind, c.num, c.heading) for c in body[0].children] == [
        ("division", "1A", "General"),
        ("division", "1", "Bins"),
        ("division", "2", "Green waste"),
    ]
    assert [c.num for c in body[0].children[0].children] == ["2.1A"]
    assert changed == [(0, 0)]


def test_at_the_beginning_of_a_part_a_label_it_holds_or_another_kind_is_refused() -> None:
    for new in ("Division 2 — General 2.1A. Term used In this Part— bin means a bin.", "2.1A. Term used A bin is a bin."):
        (op,) = parse_unit(Unit("5", f"At the beginning of Part 2 insert: {new}", None))
        with pytest.raises(ApplyRefused, match="kind the part begins with"):
            _apply_operation(body_of(_PART), op, None, fit=True)


# --- an amending instrument's commencement in subclauses: "Subject to subclause (2), …" -------------------------------

_SPLIT = (
    "(1) Subject to subclause (2), this local law comes into operation on the day on which it is published in the "
    "Gazette. (2) Clauses 5 and 6 come into operation on 1 July 1996."
)


def test_commencement_subject_to_subclause_gives_the_clauses_it_names_their_own_day() -> None:
    when = commencement(_SPLIT, dt.date(1996, 6, 28), {EVERY: ("1", "2", "3", "4", "5", "6")})
    assert when.rule == "by_clause"
    assert [when.day_of(c) for c in ("4", "5", "6")] == [dt.date(1996, 6, 28), dt.date(1996, 7, 1), dt.date(1996, 7, 1)]
    assert when.in_full == dt.date(1996, 7, 1)


def test_subject_to_a_subclause_not_read_is_refused_naming_the_words() -> None:
    alone = _SPLIT.split(" (2) Clauses")[0]
    for wording, parts in ((alone, None), (alone, {EVERY: ("4", "5")}), (_SPLIT.replace("(2),", "(3),"), {EVERY: ("5", "6")})):
        with pytest.raises(ImportFailed, match=r"Subject to subclause \((2|3)\)"):
            commencement(wording, dt.date(1996, 6, 28), parts)


_INSTRUMENT = """MODELLED TEST FIXTURE — synthetic, not law

28 June 1996]            GOVERNMENT GAZETTE, WA            3029

HEALTH ACT 1911

SHIRE OF EXAMPLE

HEALTH AMENDMENT LOCAL LAW 1996

Made by the Council of the Shire of Example under section 342 of the Health Act 1911 by resolution on 11 June 1996.

Citation

1. This local law may be cited as the Shire of Example Health Amendment Local Law 1996.

Commencement

2. (1) Subject to subclause (2), this local law comes into operation on the day on which it is published in the Gazette.

(2) Clause 5 comes into operation on 1 July 1996.

Principal local laws

3. In this local law the Shire of Example Health Local Laws 1993* are referred to as the principal local laws.

[* Published in Gazette 23 April 1993, pp. 2101-60.]

Clause 29 amended

4. Clause 29 (2) of the principal local laws is amended by deleting "officer" and substituting the following —

" authorised person ".

Clause 33 amended

5. Clause 33 (2) of the principal local laws is amended by deleting "$255" and substituting the following —

" $270 ".

Dated this 12th day of June 1996.
"""


def test_amending_instrument_read_line_by_line_reads_its_whole_commencement_clause() -> None:
    """Read from subclause (1) alone, clause 5 was put in force on 28 June, three days before its day (wrong law)."""
    (law,) = read_source(_INSTRUMENT.encode(), ImportOptions(), "synthetic").laws
    assert law.meta.commencement.wording == _SPLIT.replace("Clauses 5 and 6 come", "Clause 5 comes")
    inst = _read_one(law)
    when = inst.law.meta.commencement
    assert when.rule == "by_clause"
    assert (when.day_of("4"), when.day_of("5")) == (dt.date(1996, 6, 28), dt.date(1996, 7, 1))


def test_only_subclauses_giving_clauses_a_day_are_read_over_every_clause() -> None:
    """Other commencements an instrument prints (items, one sentence) read as before, whatever ``EVERY`` holds."""
    assert subclause_days(_SPLIT) and subclause_days(_SPLIT.replace("Subject to subclause (2), t", "T"))
    one = "This local law comes into operation on the day on which it is published in the Gazette."
    other = "(1) " + one + " (2) The principal local law as amended may be cited as the Example Local Law 2001."
    for wording in (one, other):
        assert not subclause_days(wording)
        when = commencement(wording, dt.date(1996, 6, 28), {EVERY: ("1", "2", "3")})
        assert (when.rule, when.date, when.clauses) == ("on_gazettal", dt.date(1996, 6, 28), ())
