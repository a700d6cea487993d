"""Review 12 (issue 20): a clause number straight after "… and insert:" is the new clause's when the instrument prints
its own clause of that number later (round 16). A citation ending a sentence ("the fee under clause 5. The permit …")
was taken for that later clause, so an instrument whose new text is missing had its own savings clause put into the
law. The citation no longer counts: refused, naming the missing new text. SYNTHETIC instruments amending the synthetic
tests/fixtures/review12/principal.txt."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawhistory.amending.amend import amend
from lawhistory.amending.timeline import build_timeline
from lawhistory.core.errors import LawHistoryError
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse, render_body

HERE = Path(__file__).parent / "fixtures" / "review12"


def _amend(tmp_path: Path, name: str) -> tuple[Repository, str]:
    repo = Repository.init(tmp_path / "repo")
    text = (HERE / "principal.txt").read_text(encoding="utf-8")
    repo.write_text(repo.law_path(parse(text, path="principal.txt").meta.id), text)
    amend(repo, HERE / f"{name}.txt")
    (instrument,) = repo.load_instruments()
    (law,) = [law for law in repo.load_laws() if law.meta.kind == "principal"]
    return repo, render_body(build_timeline(law, [instrument]).versions[-1].body)


def test_new_text_missing_before_the_instruments_own_clause_citing_it_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LawHistoryError) as refused:
        _amend(tmp_path, "c2-new-text-lost-own-5-savings")
    assert "carries no new text" in str(refused.value)


def test_the_new_clause_then_the_instruments_own_clause_of_that_number_is_read(tmp_path: Path) -> None:
    _, body = _amend(tmp_path, "c1-delete-5-insert-5-then-own-5")
    assert "5. Fees not payable\n  A fee is not payable by a pensioner." in body
    assert "registration tag" in body


def test_the_instruments_savings_clause_after_a_clause_replaced_is_not_law_text(tmp_path: Path) -> None:
    _, body = _amend(tmp_path, "c5-delete-8-insert-8-own-5-savings")
    assert "Savings" not in body
