"""Instruments modelled on real WA amending local laws: each is applied exactly, or refused for its true reason.

One test per case folder in tests/fixtures/real/instruments/ (see benchmarks/real_cases.py): the case runs the way
``lawhistory amend`` runs it, in a fresh repository holding its principal law(s), and what happened is compared with
the case's expected.yml and, when it applies, the law in force at its commencement with expected.txt.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.real_cases import case_dirs, run_case


@pytest.mark.parametrize("folder", case_dirs(), ids=lambda d: d.name)
def test_real_instrument_applied_exactly_or_refused_for_its_true_reason(folder: Path) -> None:
    result = run_case(folder)
    assert result.problems == [], f"{result.outcome}: {result.message}\n" + "\n".join(result.problems)
    assert result.verdict in ("exact", "refused_true")
