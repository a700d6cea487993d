"""An amending Part holding Divisions that name other laws, and three wrong refusals (issue 20).

Synthetic instruments and instructions (not law; tests/fixtures/synthetic/divpart/README.md): each test gives wording
and what it must read as, or the refusal it must give; each fails on the engine before the fix it guards.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from benchmarks.real_cases import run_case
from lawhistory.amending.instructions import InstructionNotUnderstood, parse_unit
from lawhistory.amending.law_known import rows_resolved
from lawhistory.amending.parts import Unit, resolve_targets, units
from lawhistory.reading.importers import ImportOptions, read_source
from lawhistory.reading.instrument_meta import UnitsNameLawsInconsistently, amended_by_part
from tests.helpers import body_of, ops

FIXTURES = Path(__file__).parent / "fixtures" / "synthetic" / "divpart"
REAL = Path(__file__).parent / "fixtures" / "real" / "instruments"

X = "Shire of X Property Local Law 2012"
Y = "Shire of X Trading Local Law 2012"


def _laws(text: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(a.title, clauses) for a, clauses in amended_by_part(body_of(text))]


# --- 1. the innermost unit that names a law decides which law its clauses amend ----------------------------------


def test_a_division_naming_another_law_inside_a_part_naming_one_is_applied_to_its_own_law() -> None:
    """The wrong-law path: read by the Division alone (fewer than two laws), every clause went to the Part's law; the
    Division's "Delete clause 6.2." deleted the Part's law's clause 6.2 and left the Division's law whole."""
    result = run_case(FIXTURES / "part-names-x-division-names-y")
    assert (result.outcome, result.problems) == ("applied", [])


def test_a_parts_clauses_and_its_unnamed_division_go_to_the_part_and_a_naming_division_to_its_own() -> None:
    got = _laws(
        "PART 2—Amendments\n\n"
        f"3. Local law amended\n  This Part amends the {X}.\n\n"
        "4. Clause 6.3 deleted\n  Delete clause 6.3.\n\n"
        "Division 1—Particular property\n\n"
        "5. Clause 5.2 deleted\n  Delete clause 5.2.\n\n"
        f"Division 2—{Y} amended\n\n"
        f"6. Local law amended\n  This Division amends the {Y}.\n\n"
        "7. Clause 6.2 deleted\n  Delete clause 6.2.\n"
    )
    assert got == [(X, ("3", "4", "5")), (Y, ("6", "7"))]


def test_case_188_each_division_names_its_law_still_exact() -> None:
    case = next(REAL.glob("188-*"))
    result = run_case(case)
    assert (result.outcome, result.problems) == ("applied", [])


def test_two_parts_naming_one_law_and_a_third_another_each_get_their_clauses() -> None:
    """Read before as three namings of two titles, the instrument was taken to amend one law (the first): wrong law for
    the third Part."""
    got = _laws(
        f"PART 2—One\n\n3. Local law amended\n  This Part amends the {X}.\n\n4. Clause 6.3 deleted\n  Delete clause 6.3.\n\n"
        f"PART 3—Two\n\n5. Local law amended\n  This Part amends the {Y}.\n\n6. Clause 6.2 deleted\n  Delete clause 6.2.\n\n"
        f"PART 4—Three\n\n7. Local law amended\n  This Part amends the {X}.\n\n8. Clause 5.2 deleted\n  Delete clause 5.2.\n"
    )
    assert got == [(X, ("3", "4", "7", "8")), (Y, ("5", "6"))]


def test_a_division_saying_this_part_amends_names_its_parts_law() -> None:
    """Case 159's shape ("Division 1 — Local law amended / 3. This Part amends the X."): the Part's Divisions after it
    amend X."""
    got = _laws(
        "PART 2—Amendments\n\nDivision 1—Local law amended\n\n"
        f"3. Local law amended\n  This Part amends the {X}.\n\n"
        "Division 2—Others\n\n4. Clause 6.3 deleted\n  Delete clause 6.3.\n\n"
        f"PART 3—Other law\n\n5. Local law amended\n  This Part amends the {Y}.\n\n6. Clause 6.2 deleted\n  Delete clause 6.2.\n"
    )
    assert got == [(X, ("3", "4")), (Y, ("5", "6"))]


def test_a_clause_under_no_naming_unit_beside_units_naming_different_laws_is_refused_naming_it() -> None:
    with pytest.raises(UnitsNameLawsInconsistently, match=r"Division 2: its clause 5 is in no Part or Division"):
        _laws(
            "PART 2—Consequential amendments\n\n"
            f"Division 1—One\n\n3. Local law amended\n  This Division amends the {X}.\n\n"
            "4. Clause 6.3 deleted\n  Delete clause 6.3.\n\n"
            "Division 2—Two\n\n5. Clause 6.2 deleted\n  Delete clause 6.2.\n\n"
            f"Division 3—Three\n\n6. Local law amended\n  This Division amends the {Y}.\n\n"
            "7. Clause 5.2 deleted\n  Delete clause 5.2.\n"
        )


def test_a_division_naming_a_law_not_the_instruments_principal_law_is_refused_naming_both() -> None:
    """One law named by a unit, another by the instrument's principal-law clause: read before as one law (the
    principal) for every clause."""
    with pytest.raises(UnitsNameLawsInconsistently, match=rf"as the {X}, but “This Division amends the {Y}\.”"):
        _laws(
            f"PART 1—Preliminary\n\n1. Principal local law\n  In this local law the {X} is referred to as the principal "
            "local law.\n\n"
            "PART 2—Amendments\n\n2. Clause 6.3 deleted\n  Delete clause 6.3.\n\n"
            f"Division 1—Other\n\n3. Local law amended\n  This Division amends the {Y}.\n\n"
            "4. Clause 6.2 deleted\n  Delete clause 6.2.\n"
        )


def test_units_naming_laws_the_instruments_own_clause_names_are_read() -> None:
    """ "This local law amends the X and the Y." before Parts naming each: both laws are known to the instrument."""
    got = _laws(
        f"PART 1—Preliminary\n\n1. Local laws amended\n  This local law amends the {X} and the {Y}.\n\n"
        f"PART 2—One\n\n2. Local law amended\n  This Part amends the {X}.\n\n3. Clause 6.3 deleted\n  Delete clause 6.3.\n\n"
        f"PART 3—Two\n\n4. Local law amended\n  This Part amends the {Y}.\n\n5. Clause 6.2 deleted\n  Delete clause 6.2.\n"
    )
    assert got == [(X, ("2", "3")), (Y, ("4", "5"))]


def test_a_division_headed_with_another_law_than_the_one_its_clauses_inherit_is_refused() -> None:
    """ "Division 2 — Y amended" with no words of its own naming Y, inside a Part naming X: its clauses would go to X."""
    with pytest.raises(UnitsNameLawsInconsistently, match=rf"Division 2 is headed “{Y} amended”"):
        _laws(
            f"PART 2—Amendments\n\n3. Local law amended\n  This Part amends the {X}.\n\n"
            f"Division 1—{X} amended\n\n4. Clause 6.3 deleted\n  Delete clause 6.3.\n\n"
            f"Division 2—{Y} amended\n\n5. Clause 6.2 deleted\n  Delete clause 6.2.\n"
        )


def test_a_division_saying_it_amends_a_law_whose_title_is_not_read_is_refused_naming_its_words() -> None:
    """Skipped before, its clauses went to the Part's law."""
    with pytest.raises(UnitsNameLawsInconsistently, match=r"Division 1: “This Division amends the dog by-laws\.” says"):
        _laws(
            f"PART 2—Amendments\n\n3. Local law amended\n  This Part amends the {X}.\n\n"
            "Division 1—Dogs\n\n4. By-laws amended\n  This Division amends the dog by-laws.\n\n"
            "5. Clause 6.2 deleted\n  Delete clause 6.2.\n"
        )


def test_a_part_headed_with_one_law_holding_a_division_naming_another_is_refused() -> None:
    """ "Part 2 — X amended" naming no law in its words, its Division "This Division amends the Y.": read as one law (Y)
    for every clause, the Part's heading said otherwise."""
    with pytest.raises(UnitsNameLawsInconsistently, match=rf"Part 2 is headed “{X} amended” but clauses under it"):
        _laws(
            f"PART 2—{X} amended\n\n3. Clause 6.3 deleted\n  Delete clause 6.3.\n\n"
            f"Division 1—Other\n\n4. Local law amended\n  This Division amends the {Y}.\n\n"
            "5. Clause 6.2 deleted\n  Delete clause 6.2.\n"
        )


def test_a_short_title_in_a_heading_is_the_same_law() -> None:
    """Case 166's "Part 2 — Standing Orders Local Law 2016 amended" over "This Division amends the Shire of … 2016."."""
    got = _laws(
        "PART 2—Property Local Law 2012 amended\n\n"
        f"Division 1—First day\n\n3. Local law amended\n  This Division amends the {X}.\n\n"
        "4. Clause 6.3 deleted\n  Delete clause 6.3.\n\n"
        f"PART 3—Other\n\n5. Local law amended\n  This Part amends the {Y}.\n\n6. Clause 6.2 deleted\n  Delete clause 6.2.\n"
    )
    assert got == [(X, ("3", "4")), (Y, ("5", "6"))]


# --- 2. a letter after a subparagraph, in a clause's citation, names the paragraph beside it ---------------------


def test_a_letter_after_a_clause_cited_to_a_subparagraph_is_the_paragraph_beside_it() -> None:
    """Read as 2.4(b)(c) (no such provision), the instruction was refused."""
    assert ops("In clause 2.4(b)(i) and (c) delete “the CEO”.") == [
        ("delete_words", "2.4(b)(i)", "the CEO", "", "", "once"),
        ("delete_words", "2.4(c)", "the CEO", "", "", "once"),
    ]


@pytest.mark.parametrize(
    ("phrase", "want"),
    [
        ("clause 2.4(b)(i) and (ii)", ["2.4(b)(i)", "2.4(b)(ii)"]),  # a roman numeral stays under (b)
        ("clauses 2.4(b)(i), (ii) and (c)", ["2.4(b)(i)", "2.4(b)(ii)", "2.4(c)"]),
        ("clause 3(1)(a)(i) and (2)", ["3(1)(a)(i)", "3(2)"]),
        ("clause 24A(5) and (6)", ["24A(5)", "24A(6)"]),
        ("clause 2.4(1)(a) and (b)", ["2.4(1)(a)", "2.4(1)(b)"]),
        ("clause 2.4(h) and (i)", ["2.4(h)", "2.4(i)"]),
    ],
)
def test_each_label_after_a_clause_citation_goes_at_the_depth_of_its_own_kind(phrase: str, want: list[str]) -> None:
    assert resolve_targets(phrase, None) == want


# --- 3. rows printed after "delete—" -------------------------------------------------------------------------------

_TABLE = (
    "5.4 Damage\n  A person must not damage the jetty.\n\nSchedule 1—OFFENCES\n| Clause | Description of offence | Modified penalty |\n"
    "|---|---|---|\n| 5.2 | Using the jetty | $100 |\n| 5.3(2) | Securing a vessel too long | $200 |\n| 5.4 | Damaging the jetty | $200 |\n"
)


@pytest.mark.parametrize("dash", ["—", "– ", "—\n", ":"])
def test_rows_printed_after_a_dash_under_delete_are_deleted_as_after_a_colon(dash: str) -> None:
    """ "In Schedule 1 delete— | row |" was not read (only "delete:" was)."""
    got = parse_unit(Unit("6", f"In Schedule 1 delete{dash} | 5.3(2) | Securing a vessel too long | $200 |", None))
    assert [(str(o.action), o.target) for o in got] == [
        ("delete", "Schedule 1 row printed “5.3(2) | Securing a vessel too long | $200”")
    ]
    resolved = rows_resolved(body_of(_TABLE), got[0])
    assert resolved is not None and [o.target for o in resolved] == ["Schedule 1 row 2"]


def test_words_not_rows_after_delete_dash_are_still_refused() -> None:
    with pytest.raises(InstructionNotUnderstood, match=r"cannot read this instruction"):
        parse_unit(Unit("6", "In Schedule 1 delete— Securing a vessel too long", None))


# --- 4. the next item after unquoted new words that end in a label ------------------------------------------------

_HEAD = (
    "7 January 2005 GOVERNMENT GAZETTE, WA 64\n\nLOCAL GOVERNMENT ACT 1995\n\nSHIRE OF EXAMPLE\n\n"
    "PROPERTY AMENDMENT LOCAL LAW 2005\n\nUnder the powers conferred by the Local Government Act 1995 and under all other "
    "powers enabling it, the Council of the Shire of Example resolved on 1 December 2004 to make the following local law."
    "\n\n1. Citation\n\nThis local law is the Shire of Example Property Amendment Local Law 2005.\n\n"
    "2. Commencement\n\nThis local law comes into operation on 1 February 2005.\n\n"
    "3. Local law amended\n\nThis local law amends the Shire of Example Property Local Law 2002.\n\n"
)


def _ops_of(clause: str) -> list[tuple[str, str, str, str]]:
    found = read_source((_HEAD + clause).encode("utf-8"), ImportOptions(gazette_date=None, source="x"), "x")
    law = next(law for law in found.laws if law.meta.kind != "principal")
    return [(u.clause, str(o.action), o.target, o.new or o.words or "") for u in units(law) for o in parse_unit(u)]


@pytest.mark.parametrize("new", ["paragraph (c)", "subparagraph (b)(ii)", "clause 2.4(1)(a)"])
def test_an_item_after_new_words_ending_in_a_label_of_its_own_kind_or_deeper_is_the_next_item(new: str) -> None:
    """(b) after "paragraph (c)" cites nothing ((c)(b) is no provision; nor is (ii)(b)) and is the label after (a): read
    as a citation, the new words ran on into item (b) and the clause was refused."""
    got = _ops_of(
        f"4. Clause 3 amended\n\n(a) in clause 3.2 delete “the CEO” and insert: {new}\n\n(b) in clause 3.3 delete “the Shire”.\n"
    )
    assert got == [
        ("4(a)", "substitute_words", "3.2", new),
        ("4(b)", "delete_words", "3.3", "the Shire"),
    ]


@pytest.mark.parametrize(("ending", "cited"), [("paragraph", "paragraph (b)"), ("clause 3.4", "clause 3.4 (b)")])
def test_an_item_after_new_words_that_may_cite_its_label_is_refused_saying_so(ending: str, cited: str) -> None:
    """ "insert: paragraph (b) in clause 3.3 …": the new words "paragraph (b)" or "paragraph" then item (b)."""
    with pytest.raises(
        InstructionNotUnderstood,
        match=rf"end “{ending}”, and “\(b\)” after them may be a label they cite \(“{re.escape(cited)}”\)",
    ):
        _ops_of(
            f"4. Clause 3 amended\n\n(a) in clause 3.2 delete “the CEO” and insert: {ending}\n\n"
            "(b) in clause 3.3 delete “the Shire”.\n"
        )


def test_a_roman_numeral_after_a_letter_in_new_words_stays_cited() -> None:
    """ "paragraph (a) (ii)": (ii) may be cited under (a), and is not the label after (i) read beside: refused."""
    with pytest.raises(InstructionNotUnderstood, match=r"may be a label they cite"):
        _ops_of(
            "4. Clause 3 amended\n\n(a) in clause 3.2—\n\n(i) delete “the CEO” and insert: paragraph (a)\n\n"
            "(ii) delete “the Shire”.\n"
        )


def test_an_instrument_with_a_division_naming_no_law_between_divisions_naming_two_is_refused_at_import() -> None:
    result = run_case(FIXTURES / "unnamed-division-beside-divisions-naming-two-laws")
    assert (result.outcome, result.problems) == ("refused", [])


def test_rows_printed_after_delete_dash_in_an_instrument_are_read() -> None:
    """The gazette's layout: the row printed on its own line after "delete—"."""
    got = _ops_of(
        "4. Schedule 1 amended\n\nIn Schedule 1 delete—\n\n| 5.3(2) | Securing a vessel too long | $200 |\n\n"
        "5. Clause 6 amended\n\nDelete clause 6.2.\n"
    )
    assert got == [
        ("4", "delete", "Schedule 1 row printed “5.3(2) | Securing a vessel too long | $200”", ""),
        ("5", "delete", "6.2", ""),
    ]
