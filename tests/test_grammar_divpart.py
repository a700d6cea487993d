"""An amending Part holding Divisions that name other laws, and three wrong refusals (issue 20).

Synthetic instruments and instructions (not law; tests/fixtures/synthetic/divpart/README.md): each test gives wording
and what it must read as, or the refusal it must give; each fails on the engine before the fix it guards.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.real_cases import run_case
from lawhistory.reading.instrument_meta import UnitsNameLawsInconsistently, amended_by_part
from tests.helpers import body_of

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


def test_a_division_headed_with_another_law_than_the_one_its_clauses_inherit_is_refused() -> None:
    """ "Division 2 — Y amended" with no words of its own naming Y, inside a Part naming X: its clauses would go to X."""
    with pytest.raises(UnitsNameLawsInconsistently, match=rf"Division 2 is headed “{Y} amended”"):
        _laws(
            f"PART 2—Amendments\n\n3. Local law amended\n  This Part amends the {X}.\n\n"
            f"Division 1—{X} amended\n\n4. Clause 6.3 deleted\n  Delete clause 6.3.\n\n"
            f"Division 2—{Y} amended\n\n5. Clause 6.2 deleted\n  Delete clause 6.2.\n"
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
