"""Refusals give the true reason: an instrument that lists amendments the repository lacks waits for them only when
what it targets could have come from them; a label between two the law holds was lost, not inserted later."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from lawhistory.amending.amend import InstrumentRefused, amend
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse

GAZETTE = dt.date(2020, 7, 3)  # the case's expected.yml
CASE = Path(__file__).resolve().parent / "fixtures" / "real" / "instruments" / "07-gosnells-property-pending"


def _repo(tmp_path: Path, principal: str) -> Repository:
    repo = Repository.init(tmp_path / "repo")
    repo.write_text(repo.law_path(parse(principal).meta.id), principal)
    return repo


def _instrument(tmp_path: Path, instruction: str) -> Path:
    """The case's instrument (it lists three earlier amendments the repository lacks) with one instruction of ours."""
    text = (CASE / "instrument.txt").read_text(encoding="utf-8")
    start = text.index("5. Clause 3.13 (1) amended")
    end = text.index("————")
    path = tmp_path / "synthetic_instrument.txt"
    path.write_text(text[:start] + f"5. Clause 3.13 amended {instruction} " + text[end:], encoding="utf-8")
    return path


def test_a_target_beyond_the_numbering_waits_for_the_missing_amendments(tmp_path: Path) -> None:
    repo = _repo(tmp_path, (CASE / "principal.txt").read_text(encoding="utf-8"))
    outcomes, _ = amend(repo, _instrument(tmp_path, "In clause 3.13(1) delete paragraph (n)."), gazette_date=GAZETTE)
    assert outcomes[0].status == "pending" and "amendments it lists" in (outcomes[0].reason or "")


def test_a_target_lost_between_two_labels_is_refused_naming_what_the_law_holds(tmp_path: Path) -> None:
    principal = (CASE / "principal.txt").read_text(encoding="utf-8")
    lost = principal.replace("    (c) take a photograph for a commercial purpose;\n", "")
    assert lost != principal
    repo = _repo(tmp_path, lost)
    before = sorted(p.read_bytes() for p in repo.root.rglob("*.txt"))
    with pytest.raises(InstrumentRefused) as refused:
        amend(repo, _instrument(tmp_path, "In clause 3.13(1) delete paragraph (c)."), gazette_date=GAZETTE, discard=True)
    message = str(refused.value)
    assert "3.13(1)(c)" in message and "the law holds (b) and (d) there" in message and "lost" in message
    assert sorted(p.read_bytes() for p in repo.root.rglob("*.txt")) == before
    shutil.rmtree(repo.root)


def test_a_misprinted_title_with_a_gazette_date_naming_one_law_is_applied_to_it_with_a_note(tmp_path: Path) -> None:
    case = CASE.parent / "01-busselton-dogs-2015"
    repo = _repo(tmp_path, (case / "principal.txt").read_text(encoding="utf-8"))
    text = (case / "instrument.txt").read_text(encoding="utf-8")
    misprinted = text.replace("means the City of Busselton Dogs Local Law 2015", "means the City of Busselton Dog Local Law 2014")
    assert misprinted != text
    path = tmp_path / "synthetic_misprinted.txt"
    path.write_text(misprinted, encoding="utf-8")
    outcomes, _ = amend(repo, path, gazette_date=None)
    assert (
        outcomes[0].status == "applied"
        and outcomes[0].law_id == parse((case / "principal.txt").read_text(encoding="utf-8")).meta.id
    )
    assert any("Dog Local Law 2014" in n and "the only law" in n for n in outcomes[0].instrument.law.meta.notes)
