"""Review 9's wrong laws (issue 20, fix9): a definition inserted for a term the law defines as a further term of a
definition of several, a definition of several deleted or replaced by one of its terms, and a clause heading naming
another law's provision: refused, naming the words; their controls applied exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.real_cases import run_case
from lawhistory.core.terms import defined_terms

CASES = Path(__file__).parent / "fixtures" / "fix9"
NAMES = sorted(p.name for p in CASES.iterdir() if (p / "expected.yml").is_file())


def test_every_case_has_its_expectation() -> None:
    assert len(NAMES) == 8


@pytest.mark.parametrize("name", NAMES)
def test_review9_case_refuses_or_applies_as_expected(name: str) -> None:
    result = run_case(CASES / name)
    assert result.problems == [], result.message


@pytest.mark.parametrize(
    ("term", "text", "terms"),
    [
        ("kennel", "kennel and **lead** have the same meanings as in the Dog Act 1976.", ["kennel", "lead"]),
        ("a", "“a”, “b” and “c” have the same meanings as in the Act;", ["a", "b", "c"]),
        ("a", "a, **b**, and **c** have the same meanings as in the Act;", ["a", "b", "c"]),
        ("dog", "dog means an animal and **cat** means a cat;", ["dog"]),
        ("dog", "dog means an animal of the species Canis familiaris;", ["dog"]),
        (None, "In this Part—", []),
    ],
)
def test_defined_terms_of_a_definition(term: str | None, text: str, terms: list[str]) -> None:
    assert defined_terms(term, text) == terms
