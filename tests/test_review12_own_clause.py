"""Review 12 (issue 20): a clause number straight after "… and insert:" is the new clause's when the instrument prints
its own clause of that number later (round 16). A citation ending a sentence ("the fee under clause 5. The permit …")
was taken for that later clause, so an instrument whose new text is missing had its own savings clause put into the
law. The citation no longer counts: refused, naming the missing new text. SYNTHETIC instruments amending the synthetic
tests/fixtures/review12/principal.txt."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawhistory.core.errors import LawHistoryError
from tests.conftest import amend_beside

HERE = Path(__file__).parent / "fixtures" / "review12"


def _amend(tmp_path: Path, name: str) -> str:
    return amend_beside(HERE, tmp_path, name)


def test_new_text_missing_before_the_instruments_own_clause_citing_it_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LawHistoryError) as refused:
        _amend(tmp_path, "c2-new-text-lost-own-5-savings")
    assert "carries no new text" in str(refused.value)


def test_the_new_clause_then_the_instruments_own_clause_of_that_number_is_read(tmp_path: Path) -> None:
    body = _amend(tmp_path, "c1-delete-5-insert-5-then-own-5")
    assert "5. Fees not payable\n  A fee is not payable by a pensioner." in body
    assert "registration tag" in body


def test_the_instruments_savings_clause_after_a_clause_replaced_is_not_law_text(tmp_path: Path) -> None:
    body = _amend(tmp_path, "c5-delete-8-insert-8-own-5-savings")
    assert "Savings" not in body
