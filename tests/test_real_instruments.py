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

KNOWN: dict[str, str] = {
    "230-perth-shire-street-trading-by-laws-1969-and-after-semicolon-deleted-full-stop-at-end-substituted-paragraph-inserted-subclause-designation-after-number-subclause-after-existing-by-law-split-days": (
        "(round 15) “By-law 7 of the principal by-laws is amended by inserting— (a) after “7.”, the following— “ (1) ”;"
        " and (b) after the existing by-law, the following subclause— “ (2) … ”” (the lead-in holds the verb, each item"
        " names a place and the words put there; “after “7.”” is the by-law's number, “the existing by-law” its end): "
        "not read yet (refused, naming its items: “reads as the items of an instruction”; before the fix it was put in "
        "as text). Its commencement in subclauses and clause 4's items are read."
    ),
    "239-bunbury-town-nightsoil-by-laws-1954-words-after-word-where-first-occurring-words-substituted-figure-1-in-brackets-after-by-law-number-subclause-added-by-law-12a-added": (
        "(round 15) “Subclause (2) of by-law 9 of the principal by-laws is amended by— (a) adding after the word “to” "
        "where first occurring the words, “…”; (b) substituting for the words, “…” the words, “…”” (a lead-in naming a "
        "subclause of a by-law, its verb “by” serving bare items), “adding after the by-law number “12.” the figure “1”"
        " in brackets thus—(1)”, “adding a subclause as follows:—” and “adding after by-law 12 a by-law as follows:— "
        "Collection by contractor 12A. …”: not read yet (refused, naming “is amended by—”)"
    ),
}


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
