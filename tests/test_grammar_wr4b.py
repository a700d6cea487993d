"""review4's wrong refusals of tables and repeals (issue 20), now read exactly or refused naming the words.

Each fixture (tests/fixtures/wr4b/, synthetic: invented probes of review4 on its invented "Shire of Testville Animals
Local Law 2015"; tests/fixtures/wr4b/README.md) is run as ``lawhistory amend`` runs it (``benchmarks.real_cases
.run_case``): applied ones give the law expected.txt holds, refused ones are refused for the reason expected.yml
gives. The applied ones were refused before the fix; the refused ones guard the new readings.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.real_cases import run_case

CASES = Path(__file__).parent / "fixtures" / "wr4b"
NAMES = sorted(p.name for p in CASES.iterdir() if (p / "expected.yml").is_file())


@pytest.mark.parametrize("name", NAMES)
def test_a_table_or_repeal_probe_is_read_exactly_or_refused_naming_the_words(name: str) -> None:
    result = run_case(CASES / name)
    want = "refused_true" if result.expected.get("outcome") == "refused" else "exact"
    assert (result.verdict, result.problems) == (want, []), result.message
