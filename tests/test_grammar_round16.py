"""Constructs of the amending language read after the sixteenth first-sight round (cases 240–249, SOURCES-t.md).

Synthetic instructions, laws and instruments (not law): each test gives wording and what it must read as, or the
refusal it must give; each would fail on the engine before the fix it guards (the guards pass on both).
"""

from __future__ import annotations

from pathlib import Path

import yaml

from benchmarks.real_cases import run_case
from lawhistory.core.model import Provision
from lawhistory.reading.importers.build import ImportOptions, build_instruments

FRONT = """---
id: example/{slug}
title: Shire of Example {title}
local_government: Shire of Example
kind: principal
made: null
gazette:
  date: 2010-03-05
  number: null
  pages: null
commencement:
  wording: This local law comes into operation 14 days after the date of its publication in the Government Gazette.
  rule: days_after_gazettal
  days: 14
  date: 2010-03-19
partial: true
source: 'synthetic test fixture (invented text, not law)'
---

"""

HEAD = """SYNTHETIC TEST FIXTURE — invented text (not law)

17 June 2016            GOVERNMENT GAZETTE, WA            2240

LOCAL GOVERNMENT ACT 1995

SHIRE OF EXAMPLE

{caps} AMENDMENT LOCAL LAW 2016

Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the Council of the
Shire of Example resolved on 23 May 2016 to make the following local law.

1.             Citation

This local law is the Shire of Example {title} Amendment Local Law 2016.

2.             Commencement

This local law comes into operation on the day after the day on which it is published in the Gazette.

3.             Local law amended

This local law amends the Shire of Example {title} Local Law 2010.

"""

TAIL = """
Dated: 1 June 2016.

The Common Seal of the Shire of Example was affixed by authority of a resolution of the Council in the presence of—
A. B. EXAMPLE, Shire President.
C. D. EXAMPLE, Chief Executive Officer.
"""


def _case(tmp_path: Path, title: str, principal: str, clauses: str, expected: str | None, operations: int | None) -> Path:
    """A synthetic case folder as benchmarks/real_cases.py runs one (its expected.yml: applied, or refused)."""
    slug = title.lower().replace(" ", "-") + "-local-law-2010"
    front = FRONT.format(slug=slug, title=f"{title} Local Law 2010")
    folder = tmp_path / "case"
    folder.mkdir()
    (folder / "principal.txt").write_text(front + principal, encoding="utf-8")
    (folder / "instrument.txt").write_text(HEAD.format(caps=title.upper(), title=title) + clauses + TAIL, encoding="utf-8")
    if expected is not None:
        (folder / "expected.txt").write_text(front + expected, encoding="utf-8")
    outcome = {"outcome": "applied" if expected is not None else "refused", "reason": None, "operations": operations}
    (folder / "expected.yml").write_text(yaml.safe_dump({**outcome, "gazette_date": None, "repealed": []}), encoding="utf-8")
    return folder


def _clauses(text: str) -> dict[str, str]:
    (law,) = build_instruments(text, ImportOptions(), line_mode=True, source_label=False).laws
    return {p.num or "": p.text or "" for p in law.body if p.kind == "clause"}


# --- "Delete clause 5 and insert: 5. …": the number after an instruction's opening colon is the new clause's -------

REPLACED = (
    HEAD.format(caps="FEES", title="Fees")
    + """4.             Clause 5 replaced

Delete clause 5 and insert:

5.        Fees not payable

A person is not required to pay a fee for the use of a hall by a volunteer bush fire brigade.

5.             Clause 6A replaced

Delete clause 6A and insert:

6A.       Certain fees must be waived

The CEO must waive a fee if the dog was impounded in error.
"""
    + TAIL
)


def test_a_clause_numbered_as_the_instruments_next_after_and_insert_is_new_text() -> None:
    """The new "5. Fees not payable" was read as the instrument's clause 5, and its real clause 5 as words under no
    clause (refused); the new "6A." after the instrument's clause 5 ... ending "insert:" was read as its clause 6A."""
    clauses = _clauses(REPLACED)
    assert list(clauses) == ["1", "2", "3", "4", "5"]
    assert clauses["4"].startswith("Delete clause 5 and insert: 5. Fees not payable A person is not required")
    assert clauses["5"].startswith("Delete clause 6A and insert: 6A. Certain fees must be waived The CEO must waive")


def test_an_instrument_clause_after_a_heading_note_whose_heading_is_lost_is_still_the_instruments() -> None:
    """Guard: "Note: The heading to amended clause 3.7 is to read:" with its heading lost, then "5. Clause 3.8
    amended": not new text (case 149 refuses it, naming the note)."""
    text = (
        HEAD.format(caps="FEES", title="Fees")
        + (
            "4.             Clause 3.7 amended\n\nIn clause 3.7 delete “plate” and insert:\n\nlabel\n\n"
            "Note: The heading to amended clause 3.7 is to read:\n\n5.             Clause 3.8 amended\n\n"
            "In clause 3.8 delete “plate” and insert:\n\nlabel\n"
        )
        + TAIL
    )
    assert list(_clauses(text)) == ["1", "2", "3", "4", "5"]


def test_an_instrument_clause_after_an_insert_whose_new_text_is_lost_is_still_the_instruments() -> None:
    """Guard: "After clause 6 insert:" with nothing after it, then "4. Clause 8 amended": the instrument's own clause
    (its heading says so), never new text of the clause before."""
    text = (
        HEAD.format(caps="FEES", title="Fees")
        + (
            "4.             Clause 6A inserted\n\nAfter clause 6 insert:\n\n"
            "5.             Clause 8 amended\n\nIn clause 8 delete “plate” and insert:\n\nlabel\n"
        )
        + TAIL
    )
    clauses = _clauses(text)
    assert list(clauses) == ["1", "2", "3", "4", "5"]
    assert clauses["5"].startswith("In clause 8 delete")


def test_the_instruments_next_number_after_an_insert_whose_new_text_is_lost_is_still_its_clause() -> None:
    """Guard: "Delete clause 5 and insert:" with nothing after it, then "5. Savings" (a heading of no amending shape):
    with no later clause 5 of the instrument, the number is the instrument's, as before."""
    text = (
        HEAD.format(caps="FEES", title="Fees")
        + "4.             Clause 5 replaced\n\nDelete clause 5 and insert:\n\n"
        + "5.             Savings\n\nA permit in force before this local law continues in force.\n"
        + TAIL
    )
    clauses = _clauses(text)
    assert list(clauses) == ["1", "2", "3", "4", "5"]
    assert clauses["5"].startswith("A permit in force")


# --- 6AA inserted after 6, before 6A (WA's numbering) ---------------------------------------------------------------

DOGS = """PART 2—FEES

6. Fees subject to conditions
  A fee under Schedule 1 item 1 is payable when an application for registration is made.

6A. Certain fees must be waived
  The CEO must waive a fee under Schedule 1 item 2 if the dog was impounded in error.
"""


def test_clause_6aa_inserted_after_clause_6_goes_before_6a(tmp_path: Path) -> None:
    """It was refused as out of the law's numbering (6AA sorting after 6A)."""
    new = "6AA. Certain application fees must be waived\n  The CEO must waive the fee under Schedule 1 item 1 for an assistance dog.\n"
    clauses = (
        "4.             Clause 6AA inserted\n\nAfter clause 6 insert:\n\n6AA.     Certain application fees must be waived\n\n"
        "The CEO must waive the fee under Schedule 1 item 1 for an assistance dog.\n"
    )
    expected = DOGS.replace("\n6A. Certain", "\n" + new + "\n6A. Certain")
    result = run_case(_case(tmp_path, "Dogs", DOGS, clauses, expected, 1))
    assert result.verdict == "exact", result.problems


def test_lettered_numbers_before_their_base() -> None:
    from lawhistory.amending.apply import _lettered_before

    assert _lettered_before("6AA", "6A") and _lettered_before("6AB", "6A") and _lettered_before("2.4AA", "2.4A")
    # guards: no other numbers are let out of their order
    assert not _lettered_before("6A", "6") and not _lettered_before("6AA", "6B") and not _lettered_before("7A", "6A")
    assert not _lettered_before("6B", "6A")


# --- "Delete clause 9(2) and (3) and insert: (1A) … (2) … (3) …" ----------------------------------------------------

HIRE = """PART 2—HIRE

9. Cancellation of bookings
  (1) A hirer may cancel a booking by notice in writing.
  (2) If a booking is cancelled, 50% of the hire fee is to be refunded.
  (3) No refund is payable if a booking is cancelled less than 7 days before the date of hire.

10. Keys
  A hirer must return the keys.
"""


def test_subclauses_replaced_by_a_block_opening_with_an_inserted_label(tmp_path: Path) -> None:
    """It was refused: "the new text is labelled (1A), but it replaces subclause (2)"."""
    clauses = (
        "4.             Clause 9 amended\n\nDelete clause 9(2) and (3) and insert:\n\n"
        "(1A) A fee paid for a booking cancelled and rebooked is transferred to the new booking.\n\n"
        "(2) If a booking is cancelled and not rebooked, 75% of the fee is to be refunded.\n\n"
        "(3) No refund is payable if a booking is cancelled on the date of hire.\n"
    )
    expected = HIRE.replace(
        "  (2) If a booking is cancelled, 50% of the hire fee is to be refunded.\n"
        "  (3) No refund is payable if a booking is cancelled less than 7 days before the date of hire.\n",
        "  (1A) A fee paid for a booking cancelled and rebooked is transferred to the new booking.\n"
        "  (2) If a booking is cancelled and not rebooked, 75% of the fee is to be refunded.\n"
        "  (3) No refund is payable if a booking is cancelled on the date of hire.\n",
    )
    result = run_case(_case(tmp_path, "Hire", HIRE, clauses, expected, 2))
    assert result.verdict == "exact", result.problems


def _sub(num: str) -> Provision:
    return Provision(kind="subclause", num=num, text="Words.")


def test_a_block_whose_labels_do_not_run_on_is_still_refused() -> None:
    """Guard: (4) or (2A) first, or (1A) then (3), is not the target's own label in sequence: still a misfit."""
    from lawhistory.amending.apply import _inserted_then_own

    target = _sub("(2)")
    assert _inserted_then_own(target, (_sub("(1A)"), _sub("(2)"), _sub("(3)")), "(1)")
    assert not _inserted_then_own(target, (_sub("(4)"), _sub("(2)")), "(1)")
    assert not _inserted_then_own(target, (_sub("(2A)"), _sub("(2)")), "(1)")
    assert not _inserted_then_own(target, (_sub("(1A)"), _sub("(3)")), "(1)")
    assert not _inserted_then_own(target, (_sub("(1A)"),), "(1)")
    assert not _inserted_then_own(target, (_sub("(1A)"), _sub("(2)")), None)


# --- straight quotation marks opening new text after a dash, with a paragraph inside ----------------------------------

PARKING = """PART 2—ADMINISTRATION

2.3 Authorised persons
  (1) The following persons are authorised persons—
    (a) the Chief Executive Officer;
    (b) Coordinator, Rangers; or
    (c) Manager, Parking Services.
  (2) An authorised person must carry a certificate of authority.
"""


def test_a_paragraph_inside_straight_quotation_marks_is_new_text_not_an_item(tmp_path: Path) -> None:
    """The "(d)" inside the marks was read as an item of the lead-in, and each half refused as unbalanced."""
    clauses = (
        "4.             Clause 2.3 amended\n\nClause 2.3(1) is amended as follows:\n\n"
        '(a) after paragraph (b) by deleting "or";\n\n'
        '(b) after paragraph (c) by deleting the full stop and inserting —\n\n"\n\n; or\n\n(d) Manager, Ranger Services.\n\n".\n'
    )
    expected = PARKING.replace(
        "    (b) Coordinator, Rangers; or\n    (c) Manager, Parking Services.\n",
        "    (b) Coordinator, Rangers;\n    (c) Manager, Parking Services; or\n    (d) Manager, Ranger Services.\n",
    )
    result = run_case(_case(tmp_path, "Parking", PARKING, clauses, expected, 3))
    assert result.verdict == "exact", result.problems


def test_straight_marks_open_new_text_only_after_an_opening_dash() -> None:
    from lawhistory.reading.structure import _straight_quoted

    text = 'by deleting the full stop and inserting — " ; or (e) Manager. ". (2) by deleting "Collections." and'
    spans = _straight_quoted(text)
    assert [text[a:b] for a, b in spans] == [" ; or (e) Manager. "]
    # guards: marks after no dash, new text that does not go on from the words (a provision, a heading), or a closing
    # mark not closing as one, open nothing
    assert _straight_quoted('by deleting "or" and "and"') == []
    assert _straight_quoted('re-enacted as follows— " Application 3. (1) Words. ".') == []
    assert _straight_quoted('inserting — "; x"y and more') == []
