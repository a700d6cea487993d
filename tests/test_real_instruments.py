"""Instruments modelled on real WA amending local laws: each is applied exactly, or refused for its true reason.

One test per case folder in tests/fixtures/real/instruments/ (see benchmarks/real_cases.py): the case runs the way
``lawhistory amend`` runs it, in a fresh repository holding its principal law(s), and what happened is compared with
the case's expected.yml and, when it applies, the law in force at its commencement with expected.txt.

KNOWN lists, case by case, the instruments the engine still refuses although they should apply, with what reading
them needs. Such a case is a strict expected failure: it fails only by being refused (never by wrong law, which
fails every case unconditionally), and once it starts passing the test fails until its entry is removed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.real_cases import case_dirs, run_case

KNOWN: dict[str, str] = {}


class KnownRefusal(Exception):
    """A case listed in KNOWN was refused, as it still is expected to be."""


@pytest.mark.parametrize(
    "folder",
    [
        pytest.param(d, id=d.name, marks=[pytest.mark.xfail(reason=KNOWN[d.name], raises=KnownRefusal, strict=True)])
        if d.name in KNOWN
        else pytest.param(d, id=d.name)
        for d in case_dirs()
    ],
)
def test_real_instrument_applied_exactly_or_refused_for_its_true_reason(folder: Path) -> None:
    result = run_case(folder)
    # Wrong law fails every case, listed or not (an AssertionError is not the expected failure of a KNOWN case).
    assert result.verdict != "wrong", f"{result.outcome}: {result.message}\n" + "\n".join(result.problems)
    if folder.name in KNOWN and result.verdict == "refused_wrongly":
        raise KnownRefusal(result.message)
    assert result.problems == [], f"{result.outcome}: {result.message}\n" + "\n".join(result.problems)
    assert result.verdict in ("exact", "refused_true")


def test_every_known_case_exists() -> None:
    assert set(KNOWN) <= {d.name for d in case_dirs()}
