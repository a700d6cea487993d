"""(issue 20) Instructions the review found refused though their words say exactly what to do: each applies now, as
decided by hand from the words (tests/fixtures/synthetic/review-refusals, the principal a modelled fixture), and the
near cases that must stay refused stay refused."""

from __future__ import annotations

import datetime as dt
import tempfile
from pathlib import Path

from lawhistory.amending.amend import amend
from lawhistory.amending.timeline import build_timeline
from lawhistory.core.errors import LawHistoryError
from lawhistory.core.model import Provision
from lawhistory.core.versions import in_force
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse
from tests.conftest import ROOT

HERE = ROOT / "tests" / "fixtures" / "synthetic" / "review-refusals"
CAPEL = next((ROOT / "tests" / "fixtures" / "real" / "instruments").glob("11-*")) / "principal.txt"


def _run(principal: Path, words: str, heading: str = "Clause amended") -> tuple[dict[str, str], str]:
    """(each provision's label -> its own words once the instrument commences, the error) — one of them empty."""
    template = (HERE / "capel-amendment-template.txt").read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        repo = Repository.init(Path(tmp) / "repo")
        text = principal.read_text(encoding="utf-8")
        law_id = parse(text).meta.id
        repo.write_text(repo.law_path(law_id), text)
        instrument = Path(tmp) / "instrument.txt"
        instrument.write_text(template.replace("{HEADING}", heading).replace("{WORDS}", words), encoding="utf-8")
        try:
            outcomes, _ = amend(repo, instrument, gazette_date=dt.date(2020, 4, 24))
        except LawHistoryError as e:
            return {}, str(e)
        law = next(law for law in repo.load_laws() if law.meta.id == law_id)
        when = outcomes[-1].instrument.law.meta.commencement.date
        assert when is not None
        _, version = in_force(build_timeline(law, repo.load_instruments()), when)
        assert version is not None
        return {label: p.text or "" for top in version.body for label, p in _walk(top, "")}, ""


def _walk(p: Provision, above: str) -> list[tuple[str, Provision]]:
    label = above + (p.num or "") if p.kind != "clause" else p.num or ""
    return [(label, p), *(q for c in p.children for q in _walk(c, label))]


# --- 1. instructions joined in one sentence ----------------------------------------------------------------------


def test_two_replacements_joined_by_and_in_paragraph() -> None:
    """p20: "… and in paragraph (a) delete …": paragraph (a) beside 12A(2)(b), each replacement made once."""
    law, error = _run(
        CAPEL,
        'In clause 12A(2)(b) delete "6 months" and insert "12 months" and in paragraph (a) delete "; or" and insert "; and".',
    )
    assert not error, error
    assert law["12A(2)(a)"].endswith("approval is made; and")
    assert "in effect 12 months before" in law["12A(2)(b)"]


def test_words_deleted_and_a_subclause_deleted_in_one_sentence() -> None:
    """p24: "… delete “subject to subclause (3A),” and delete clause 12D(3A).\""""
    law, error = _run(CAPEL, 'In clause 12D(3)(b) delete "subject to subclause (3A)," and delete clause 12D(3A).')
    assert not error, error
    assert law["12D(3)(b)"].startswith("the standard set out in the edition")
    assert "12D(3A)" not in law


def test_replacement_and_a_deletion_of_the_same_paragraph() -> None:
    """p135: "… and insert “12 months” and delete “the edition of”": both in 12A(2)(b)."""
    law, error = _run(CAPEL, 'In clause 12A(2)(b) delete "6 months" and insert "12 months" and delete "the edition of".')
    assert not error, error
    assert law["12A(2)(b)"] == (
        "set out in the Fencing Code that was in effect 12 months before the time the application for approval is made."
    )


def test_two_replacements_joined_by_semicolon_and_by() -> None:
    """p83: "Clause 12D(3A) is amended by deleting … and inserting …; and by deleting … and inserting …\""""
    law, error = _run(
        CAPEL,
        'Clause 12D(3A) is amended by deleting "1 July 2018" and inserting "1 July 2019"; and by deleting "approved" and inserting "constructed".',
    )
    assert not error, error
    assert law["12D(3A)"] == "Subclause (3)(b) does not apply to a fence constructed before 1 July 2019."


def test_joined_second_instruction_that_does_not_read_refuses_the_whole() -> None:
    """The first instruction is never applied alone when the words joined to it cannot be read."""
    law, error = _run(
        CAPEL, 'In clause 12A(2)(b) delete "6 months" and insert "12 months" and in paragraph (a) delete "; or" with "; and".'
    )
    assert not law and "cannot read this instruction" in error


def test_joined_instruction_after_a_provision_deleted_stays_refused() -> None:
    """Only a word edit of one provision gives the words joined to it their place: after "delete clause 12D(3A)" the
    deleted clause is no place for "delete “approved”"."""
    law, error = _run(CAPEL, 'Delete clause 12D(3A) and delete "approved".')
    assert not law and error
