"""Constructs of the amending language read after the twelfth first-sight round (cases 200–209, SOURCES-p.md).

Synthetic instructions and new text (not law): each test gives wording and what it must read as, or the refusal it
must give; each would fail on the engine before the fix it guards.
"""

from __future__ import annotations

import datetime as dt

import pytest

from lawhistory.amending.accounting import split_instructions
from lawhistory.amending.amend import _read_one
from lawhistory.amending.apply import _apply_operation
from lawhistory.amending.instructions import parse_unit
from lawhistory.amending.law_known import rows_resolved
from lawhistory.amending.parts import InstructionNotUnderstood, Unit, payload_provisions
from lawhistory.files.textformat import render_fragment
from lawhistory.reading.importers import ImportOptions, read_source
from tests import rewordings as rw
from tests.helpers import body_of, ops

# --- a plain definition after a definition whose words are all in paragraphs with subparagraphs ------------------

_DASHED_THEN_PLAIN = (
    "stall means a table; trading activity — (a) means an activity that is — (i) carried on from a stall; or "
    "(ii) carried on by a person moving about; and (b) includes — (i) the display of goods; and (ii) the taking "
    "of orders; trading permit holder means a person who holds a licence;"
)


def test_plain_definition_after_dashed_definitions_last_subparagraph_is_its_own_definition() -> None:
    """It was read as words of subparagraph (b)(ii): "(ii) the taking of orders; trading permit holder means …"
    (wrong law text, exit 0)."""
    provisions = payload_provisions(_DASHED_THEN_PLAIN, [])
    assert [(p.kind, p.term) for p in provisions] == [
        ("definition", "stall"),
        ("definition", "trading activity"),
        ("definition", "trading permit holder"),
    ]
    last_sub = provisions[1].children[-1].children[-1]
    assert (last_sub.num, last_sub.text) == ("(ii)", "the taking of orders;")
    assert provisions[2].text == "trading permit holder means a person who holds a licence;"


def test_insert_in_alphabetical_order_reads_each_definition_after_a_dashed_one() -> None:
    text = "In clause 1.5 insert in alphabetical order: " + _DASHED_THEN_PLAIN
    inserted = [o for o in parse_unit(Unit("4", text, "1.5")) if o.action == "insert_definition"]
    assert [(o.new or "").split(" ")[0] for o in inserted] == ["**stall**", "**trading", "**trading"]
    assert (inserted[-1].new or "").startswith("**trading permit holder** means a person")


# --- a quoted term with "followed by …" before its verb ---------------------------------------------------------


def test_quoted_term_followed_by_qualifier_loses_its_marks() -> None:
    """The marks stayed round the bold term: "“**form**” followed by a designation means …" (wrong law text)."""
    text = (
        "“approved” means approved in writing; “form” followed by a designation means the form of that designation "
        "in Schedule 1; “permit” means a permit under Part 3;"
    )
    provisions = payload_provisions(text, [])
    assert [p.term for p in provisions] == ["approved", "form", "permit"]
    assert (
        render_fragment(provisions[1:2]) == "**form** followed by a designation means the form of that designation in Schedule 1;"
    )


# --- definitions of new text that could not be read apart -----------------------------------------------------------


def test_definitions_left_as_the_words_of_their_subclause_are_refused_naming_them() -> None:
    """Definitions not read apart were kept as the subclause's words, the marks taken off “unit” without making it a term
    ("… Act 1996; unit means …": wrong law text, exit 0)."""
    text = "(3) In this clause — “public provider” and the Act's terms are as in the Training Act 1996; “unit” means a part."
    with pytest.raises(InstructionNotUnderstood, match=r"holds definitions that could not be read apart \(“unit means"):
        payload_provisions(text, [])


def test_two_terms_given_the_same_meanings_by_one_definition() -> None:
    """ "“a” and “b” have the same meanings …" was no definition read (then refused, above)."""
    text = (
        "(3) In this clause — “public provider” and “private provider” have the same meanings as they have in the "
        "Training Act 1996; “unit” means a part of a course."
    )
    (sub,) = payload_provisions(text, [])
    assert [(d.kind, d.term) for d in sub.children] == [("definition", "public provider"), ("definition", "unit")]
    assert render_fragment(sub.children[:1]) == (
        "**public provider** and **private provider** have the same meanings as they have in the Training Act 1996;"
    )


# --- an instrument with a transitional clause, and commencement items naming a subclause ----------------------------

_HEAD = """MODELLED TEST FIXTURE — synthetic, not law

15 June 2004            GOVERNMENT GAZETTE, WA            2031

LOCAL GOVERNMENT ACT 1995

SHIRE OF EXAMPLE

TRADING AMENDMENT LOCAL LAW 2004

Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the Council of the Shire of Example resolved on 19 May 2004 to make the following local law.

1.            Citation

This local law is the Shire of Example Trading Amendment Local Law 2004.

"""
_TRANSITIONAL = (
    _HEAD
    + """2.            Local law amended

This local law amends the Shire of Example Trading Local Law 1999.

3.            Clause 6 amended

In clause 6 delete “hawker” and insert:

itinerant trader

4.            Transitional

Despite the amendment made by clause 3, in relation to an application for a licence made before the day on which this local law comes into operation, clause 6 of the principal local law as in force immediately before that day continues to apply.

Dated: 21 May 2004.
"""
)


def test_the_day_on_which_the_local_law_comes_into_operation_named_by_a_transitional_clause_is_no_commencement() -> None:
    """Its words were taken for the commencement, which then named no day (refused: "cannot be computed")."""
    (law,) = read_source(_TRANSITIONAL.encode(), ImportOptions(), "synthetic").laws
    assert law.meta.commencement.wording is None or "Despite" not in law.meta.commencement.wording
    inst = _read_one(law)
    assert [(o.action, o.target) for o in inst.operations] == [("substitute_words", "6")]


_BY_SUBCLAUSE = (
    _HEAD.replace("1.            Citation", "1.            Citation").replace(
        "Amendment Local Law 2004.\n\n", "Amendment Local Law 2004.\n\n", 1
    )
    + """2.            Commencement

This local law comes into operation as follows —

(a)  clauses 1 and 2 — on the day on which this local law is published in the Gazette;

(b)  clause 4(1) — on 1 July 2004;

(c)  the rest of the local law — on 16 June 2004.

3.            Local law amended

This local law amends the Shire of Example Trading Local Law 1999.

4.            Clause 6 amended

(1)  In clause 6(1) delete “hawker” and insert:

itinerant trader

(2)  In clause 6(2) delete “$50” and insert:

$60

Dated: 21 May 2004.
"""
)


def test_commencement_item_naming_a_subclause_gives_that_subclause_its_day() -> None:
    """ "(b) clause 4(1) — on 1 July 2004" was not read: the instrument was refused (no one date)."""
    (law,) = read_source(_BY_SUBCLAUSE.encode(), ImportOptions(), "synthetic").laws
    inst = _read_one(law)
    when = inst.law.meta.commencement
    assert when.rule == "by_clause"
    days = {o.clause: when.day_of_operation(o.clause) for o in inst.operations}
    assert days == {"4(1)": dt.date(2004, 7, 1), "4(2)": dt.date(2004, 6, 16)}


# --- a penalty line at the end of each subclause of a new clause ------------------------------------------------------


def test_penalty_line_after_each_subclause_of_a_new_clause_is_that_subclauses_own_line() -> None:
    """Only the last subclause's line was lifted; the first stayed run into its words ("… entrance. Penalty for this
    subclause: a fine of $1 000.")."""
    text = (
        "3.6A. Smoking near buildings (1) A person must not smoke within 5 m of an entrance. Penalty for this subclause: "
        "a fine of $1 000. (2) A person must not smoke within 10 m of an air intake. Penalty for this subclause: a fine "
        "of $500. (3) It is a defence to prove that the accused was passing."
    )
    (clause,) = payload_provisions(text, [])
    first, second, third = clause.children
    assert first.text == "A person must not smoke within 5 m of an entrance."
    assert [c.text for c in first.children] == ["Penalty for this subclause: a fine of $1 000."]
    assert [c.text for c in second.children] == ["Penalty for this subclause: a fine of $500."]
    assert third.children == ()


# --- an amending law in Parts, new words ending with a dash before the next Part's heading ---------------------------

_IN_PARTS = """MODELLED TEST FIXTURE — synthetic, not law

12 March 2019            GOVERNMENT GAZETTE, WA            671

LOCAL GOVERNMENT ACT 1995

CITY OF EXAMPLE

LOCAL LAWS AMENDMENT (FEES) LOCAL LAW 2019

Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the Council of the City of Example resolved on 19 February 2019 to make the following local law.

Part 1 — Preliminary

1.             Citation

This local law is the City of Example Local Laws Amendment (Fees) Local Law 2019.

2.             Commencement

This local law comes into operation on the day after the day on which it is published in the Gazette.

Part 2 — City of Example Library Local Law 2005 amended

3.             Local law amended

This Part amends the City of Example Library Local Law 2005.

4.             Clause 7.2 amended

In clause 7.2 delete “For a copy that has already been prepared —” and insert:

For the provision of a copy that has already been provided —

Part 3 — City of Example Records Local Law 2008 amended

5.             Local law amended

This Part amends the City of Example Records Local Law 2008.

6.             Clause 4.3 amended

In clause 4.3 delete “preparation” and insert:

provision

Dated: 20 February 2019.
"""


def test_next_part_naming_its_law_after_new_words_ending_with_a_dash_is_the_instruments_part() -> None:
    """Read as a Part the words inserted (after their dash), Part 3 ran into clause 4: "Part 2 names two laws it
    amends" (refused)."""
    (law,) = read_source(_IN_PARTS.encode(), ImportOptions(), "synthetic").laws
    assert [(p.kind, p.num) for p in law.body if p.kind == "part"] == [("part", "1"), ("part", "2"), ("part", "3")]
    assert law.meta.amends is not None and law.meta.amends.title == "City of Example Library Local Law 2005"
    assert [ref.title for ref in law.meta.also_amends] == ["City of Example Records Local Law 2008"]


# --- quoted words whose dash is spaced otherwise than the law's --------------------------------------------------------


def test_quoted_words_match_the_law_whatever_the_spacing_beside_a_dash_inside_them() -> None:
    """“… prepared —” was not found in "… prepared—" (refused: "do not occur in it")."""
    body = body_of("7.2 Fees for copies\n  (b) For a copy that has already been prepared—\n    (i) $0.50 for each page.\n")
    (op,) = parse_unit(
        Unit(
            "4",
            "In clause 7.2(b) delete “For a copy that has already been prepared —” and insert: For the provision of a copy —",
            None,
        )
    )
    done, _ = _apply_operation(body, op, None, fit=True)
    (b,) = done[0].children
    assert b.text == "For the provision of a copy —"
    assert [c.text for c in b.children] == ["$0.50 for each page."]


# --- a Part inserted with its Divisions; a new clause whose heading is not told beside headed ones --------------------


def test_part_inserted_with_divisions_holds_each_division_and_its_clauses() -> None:
    """The Part's heading ran on into "Division 1 — Applications" (refused: where the heading ends is uncertain)."""
    text = (
        "PART 5 — LICENSING Division 1 — Applications 17. Renewal of licence An application must be made in writing. "
        "18. Refusal of licence The local government may refuse a licence. Division 2 — Fees 19. Fee for licence The "
        "fee is the fee the local government determines."
    )
    (part,) = payload_provisions(text, [])
    assert (part.kind, part.num, part.heading) == ("part", "5", "LICENSING")
    assert [(d.kind, d.num, d.heading, [c.num for c in d.children]) for d in part.children] == [
        ("division", "1", "Applications", ["17", "18"]),
        ("division", "2", "Fees", ["19"]),
    ]


def test_new_clause_with_no_heading_read_beside_headed_clauses_is_refused() -> None:
    """Clause 17's heading took the words up to the next sentence opener, clause 18's label among them ("Proof of
    identity Evidence of identity is a passport. 18. Renewal of licence": clause 18 lost, wrong law); with no heading
    read beside headed clauses, its heading would be put in as its words."""
    text = (
        "Division 1 — Applications 17. Proof of identity — Evidence of identity is a passport. 18. Renewal of licence "
        "An application must be made in writing."
    )
    with pytest.raises(InstructionNotUnderstood, match=r"the new clause 17 has no heading read"):
        payload_provisions(text, [])


def test_new_clause_heading_beside_headed_clauses_ends_before_the_word_that_begins_its_sentence() -> None:
    """ "Evidence" opens no sentence the heading rules know: the heading was left in the clause's words (wrong law),
    then refused."""
    text = (
        "Division 1 — Applications 17. Application for licence — proof of identity Evidence of the identity of an "
        "applicant is to be by way of — (a) a passport; or (b) a driver's licence. 18. Renewal of licence An "
        "application must be made in writing."
    )
    notes: list[str] = []
    (division,) = payload_provisions(text, notes)
    first, second = division.children
    assert (first.num, first.heading) == ("17", "Application for licence — proof of identity")
    assert (first.text or "").startswith("Evidence of the identity")
    assert (second.num, second.heading) == ("18", "Renewal of licence")
    assert any("told from its words by wording alone" in n for n in notes)


# --- 1980 by-law drafting: a designation added, items with no "by", two subclauses "in each case" --------------------


def test_subclause_designation_inserted_after_the_by_law_designation() -> None:
    assert ops(
        "By-law 3 of the principal by-laws is amended by inserting after the by-law designation “3.” the subclause designation “(1)”."
    ) == [("substitute", "3 designation (1)", "", "(1) [the words of the provision]", "", "once")]


def test_items_with_no_by_under_is_amended_by_are_instructions() -> None:
    """ "(a) inserting after the by-law designation …" and "(b) inserting the following subclause— …" opened no item: the
    lead-in and both items were read as one instruction (refused)."""
    text = (
        "By-law 3 is amended by— (a) inserting after the by-law designation “3.” the subclause designation “(1)”; and "
        "(b) inserting the following subclause— “ (2) A trader is guilty of an offence. ”."
    )
    assert split_instructions(text) == [
        "By-law 3 is amended by—",
        "(a) inserting after the by-law designation “3.” the subclause designation “(1)”; and",
        "(b) inserting the following subclause— “ (2) A trader is guilty of an offence. ”.",
    ]


def test_provision_amended_in_two_subclauses_named_after_a_comma_substituting_in_each_case() -> None:
    text = (
        "By-law 5 of the principal by-laws is amended, in subclause (4) and in subclause (5), by deleting “twenty "
        "dollars.” and substituting in each case the following— “ fifty dollars. ”."
    )
    assert [(o.action, o.target, o.words, o.new) for o in parse_unit(Unit("4", text, None))] == [
        ("substitute_words", "5(4)", "twenty dollars.", "fifty dollars."),
        ("substitute_words", "5(5)", "twenty dollars.", "fifty dollars."),
    ]


def test_plain_penalty_line_ending_a_new_subclause_is_its_own_line() -> None:
    """It stayed run into the subclause's words ("… an offence. Penalty: One hundred dollars.")."""
    (sub,) = payload_provisions(
        "(2) A trader who fails to produce a licence is guilty of an offence. Penalty: One hundred dollars.", []
    )
    assert sub.text == "A trader who fails to produce a licence is guilty of an offence."
    assert [c.text for c in sub.children] == ["Penalty: One hundred dollars."]


# --- a heading above the number of a new clause whose subclauses end with penalties in dollars ------------------------


def test_heading_above_number_with_penalty_amounts_spaced_as_printed() -> None:
    """ "$1 000. (2)" read as another clause "000." after it: the heading was not moved and the new text not read whole
    (refused)."""
    text = (
        "Maximum size of signs 5. (1) An occupier shall ensure that the area does not exceed 3 square metres. "
        "Penalty: $1 000. (2) An occupier shall ensure that no sign is wider than 4 metres. Penalty: $1 000."
    )
    (clause,) = payload_provisions(text, [])
    assert (clause.num, clause.heading) == ("5", "Maximum size of signs")
    assert [(c.num, [g.text for g in c.children]) for c in clause.children] == [
        ("(1)", ["Penalty: $1 000."]),
        ("(2)", ["Penalty: $1 000."]),
    ]


# --- a row of a table of forms named by the form it relates to -------------------------------------------------------

_FORMS = (
    "Schedule 1—FORMS\n| Form | Title | Clause |\n|---|---|---|\n| 1 | Application for permit | 3.2 |\n"
    "| 2 | Permit | 3.3 |\n| 3 | Notice of cancellation | 3.8 |\n"
)


def test_row_inserted_after_the_item_relating_to_a_form() -> None:
    """ "the item relating to Form 2" was not read (refused: the parse stopped at "insert")."""
    (op,) = parse_unit(
        Unit("5", "In Schedule 1 after the item relating to Form 2 insert: | 2A | Application to vary permit | 3.6 |", None)
    )
    assert (op.action, op.target, op.position) == ("insert", "Schedule 1 row relating to Form 2", "after")
    body = body_of(_FORMS)
    (found,) = rows_resolved(body, op) or []
    done, _ = _apply_operation(body, found, None, fit=True)
    rows = [c.cells[0] for c in done[0].children if c.cells]
    assert rows[-4:] == ["1", "2", "2A", "3"]


def test_rewording_the_item_relating_to_as_the_item_for_names_the_same_row() -> None:
    """The rewording tests/rewordings.py gives (``row_item_for``) reads as the original does."""
    text = "In Schedule 1 after the item relating to Form 2 insert: | 2A | Application to vary permit | 3.6 |"
    reworded = rw.row_item_for("1. Citation\n\nThis local law is the X Local Law.\n\n4. Schedule 1 amended\n\n" + text)
    assert reworded is not None and "after the item for Form 2 insert:" in reworded
    (op,) = parse_unit(
        Unit("5", "In Schedule 1 after the item for Form 2 insert: | 2A | Application to vary permit | 3.6 |", None)
    )
    assert (op.action, op.target, op.position) == ("insert", "Schedule 1 row relating to Form 2", "after")
