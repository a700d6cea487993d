"""Constructs of the amending language read after the fourteenth first-sight round (cases 220–229, SOURCES-r.md).

Synthetic instructions, laws and instruments (not law): each test gives wording and what it must read as, or the
refusal it must give; each would fail on the engine before the fix it guards.
"""

from __future__ import annotations

import pytest

from lawhistory.amending.instructions import InstructionNotUnderstood, parse_unit
from lawhistory.amending.parts import Unit
from lawhistory.reading.importers.build import ImportOptions, build_instruments
from tests.helpers import ops

# --- a clause inserted after a clause, its label the next number with a letter ("After clause 4 insert: 5A. …") -----

INSTRUMENT = """SYNTHETIC TEST FIXTURE — invented text (not law)

19 June 2009            GOVERNMENT GAZETTE, WA            2417

LOCAL GOVERNMENT ACT 1995

SHIRE OF EXAMPLE

CEMETERIES AMENDMENT LOCAL LAW 2009

Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the Council of the
Shire of Example resolved on 26 May 2009 to make the following local law.

1.             Citation

This local law is the Shire of Example Cemeteries Amendment Local Law 2009.

2.             Commencement

This local law comes into operation 14 days after the date of its publication in the Government Gazette.

3.             Local law amended

This local law amends the Shire of Example Cemeteries Local Law 2008.

4.             Clause 5A inserted

After clause 4 insert:

5A.       Delegation

The local government may delegate any of its powers under this local law to the chief executive officer.

5.             Clauses 7 and 8 deleted

Delete clauses 7 and 8.

Dated: 28 May 2009.
"""


def _clauses(text: str) -> dict[str, str]:
    (law,) = build_instruments(text, ImportOptions(), line_mode=True, source_label=False).laws
    return {p.num or "": p.text or "" for p in law.body if p.kind == "clause"}


def test_a_new_clause_5a_after_clause_4_is_new_text_when_clause_5_follows() -> None:
    clauses = _clauses(INSTRUMENT)
    assert list(clauses) == ["1", "2", "3", "4", "5"]
    assert clauses["4"].startswith("After clause 4 insert: 5A. Delegation The local government may delegate")
    assert "Delete clauses 7 and 8." in clauses["5"]


def test_an_instrument_clause_5a_after_clause_5_is_still_the_instruments() -> None:
    text = INSTRUMENT.replace(
        "5A.       Delegation\n\nThe local government may delegate any of its powers under this local law to the chief executive officer.\n\n",
        "The local government may delegate.\n\n",
    )
    text = text.replace("Dated: 28 May 2009.", "5A.            Clause 9 deleted\n\nDelete clause 9.\n\nDated: 28 May 2009.")
    assert list(_clauses(text)) == ["1", "2", "3", "4", "5", "5A"]


# --- a place ending new words that cannot be a part of the provision the instruction names first -----------------


def test_a_place_ending_new_words_after_a_named_subclause_is_words_of_the_new_text() -> None:
    got = ops("In clause 2.3(3) after “parking permit” insert:\nreferred to in subclause (2)")
    assert got == [("insert_words", "2.3(3)", "parking permit", "referred to in subclause (2)", "after", "once")]


def test_a_place_ending_new_words_that_names_another_clause_is_words_of_the_new_text() -> None:
    got = ops("In clause 6.1 delete “the fee” and insert:\nthe fee set out in clause 7.2")
    assert got == [("substitute_words", "6.1", "the fee", "the fee set out in clause 7.2", "", "once")]


@pytest.mark.parametrize(
    "text",
    [
        "In clause 6.1 delete “stall” and insert: stand or stall\n\nin paragraph (c).",
        "In clause 6.1 delete “stall” and insert: stand or stall\n\nin clause 6.1(c).",
    ],
)
def test_a_place_ending_new_words_that_could_be_the_edits_own_is_still_refused(text: str) -> None:
    with pytest.raises(InstructionNotUnderstood, match="end in a place"):
        parse_unit(Unit("9", text, None))
