"""The fifth review's wrong laws (issue 20), now read right or refused naming the words.

Each fixture (tests/fixtures/review5/, synthetic; its README says what each once did) is run as ``lawhistory amend``
runs it (``benchmarks.real_cases.run_case``): refused ones are refused for the reason expected.yml gives, applied ones
give the law expected.txt holds. Each fails on the engine before the fix.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.real_cases import run_case

CASES = Path(__file__).parent / "fixtures" / "review5"
NAMES = sorted(p.name for p in CASES.iterdir() if (p / "expected.yml").is_file())


@pytest.mark.parametrize("name", NAMES)
def test_a_review5_probe_is_read_right_or_refused_naming_the_words(name: str) -> None:
    result = run_case(CASES / name)
    want = "refused_true" if result.expected.get("outcome") == "refused" else "exact"
    assert (result.verdict, result.problems) == (want, []), result.message
