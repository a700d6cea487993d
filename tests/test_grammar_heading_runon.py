"""An instrument's own heading never holds one of its clauses, nor new text's subclause its instruction (issue 20, review).

A clause whose number does not follow the one before it (5 then 7, or 4 twice), or an instruction printed without a
number, after a Division or Subdivision heading is not read as a clause, and its words ran on into the heading: the
changes in it were dropped unseen and the rest of the instrument applied (wrong law, exit 0). The instrument is now
refused, naming the words. The fixtures (tests/fixtures/headingrunon/, synthetic) are run as ``lawhistory amend``
runs them (``benchmarks.real_cases.run_case``). Each refusal test fails on the engine before the fix.

Likewise new text whose own subclause "(2)" is read as the instrument's (tests/fixtures/payloadlabels/): the words
after it were left as "not an amending instruction" and the new clause put in without them; words after new
provisions, in the same clause, that are no instruction are now refused.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.real_cases import run_case
from lawhistory.amending.grammar.parse import heading_holds_clause

CASES = Path(__file__).parent / "fixtures" / "headingrunon"
REFUSED = sorted(p.name for p in CASES.iterdir() if p.is_dir() and not p.name.startswith("control"))


@pytest.mark.parametrize("name", REFUSED)
def test_a_clause_run_on_into_the_instruments_own_heading_is_refused(name: str) -> None:
    result = run_case(CASES / name)
    assert (result.verdict, result.problems) == ("refused_true", []), result.message
    assert "in none of its clauses" in result.message and "clause numbers" in result.message


def test_the_same_instrument_numbered_in_order_still_applies() -> None:
    result = run_case(CASES / "control-division-no-gap")
    assert (result.verdict, result.problems) == ("exact", []), result.message


@pytest.mark.parametrize(
    "heading",
    [
        "Shire of Dundas Local Government Property Local Law 2012 amended",
        "Amendments to clause 12F",
        "Shire of Dundas Activities in Thoroughfares and Public Places and Trading Local Law 2012 amended",
        "Local Law No. 5 amended",
        "Clauses inserted and deleted",
        "PRELIMINARY.",
        "Savings and repeal",
    ],
)
def test_a_heading_naming_what_its_unit_amends_is_a_heading(heading: str) -> None:
    assert heading_holds_clause(heading) is None


@pytest.mark.parametrize(
    "heading",
    [
        "Meetings 6. Clause 20 amended In clause 20(2) delete “special meeting” and insert “meeting of a committee”.",
        'Amendments to clause 12F In clause 12F(2) delete "pool fence" and insert "pool barrier".',
        "Clause 12F 4. Clause 12F amended",
        "Terms 7. (1) In clause 3 …",
    ],
)
def test_a_heading_holding_a_clause_or_an_instruction_is_told(heading: str) -> None:
    assert heading_holds_clause(heading) is not None


PAYLOADS = Path(__file__).parent / "fixtures" / "payloadlabels"


@pytest.mark.parametrize("name", sorted(p.name for p in PAYLOADS.iterdir() if p.is_dir()))
def test_new_texts_own_subclause_read_as_the_instruments_is_refused(name: str) -> None:
    result = run_case(PAYLOADS / name)
    assert (result.verdict, result.problems) == ("refused_true", []), result.message
    assert "Subclause (1) does not apply" in result.message


def test_a_label_left_alone_after_new_provisions_is_no_words_of_them() -> None:
    # case 02's items numbered "1.", "2." (a rewording): the label "2." printed alone after the new provisions of
    # item 1 is a list's label whose words were read with its item, not words cut off from the new text
    from benchmarks.rewordings import all_cases
    from benchmarks.rewordings import run_case as run_variants

    (case,) = [c for c in all_cases() if c.name.startswith("02-gosnells-property-2020")]
    _, found = run_variants(case, pairs=False)
    numbered = [r for r in found if r.rewording == "numbering_arabic_dot"]
    assert numbered and all(r.verdict == "exact" for r in numbered), [r.detail for r in numbered]
