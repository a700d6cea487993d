"""fix14 (review 14): two wrong laws that exited 0.

1. "Clause 3.3 is amended by inserting— (a) after “approved”, the words “in writing”; and (b) after “local government”,
   the words “or an authorised person”." — items that each give a place and the words put there, the verb the
   lead-in's — were put into the clause as its paragraphs (a) and (b), the amending words as the law's. Now each item
   is read as an instruction (opening.lark's ``placing_item_alone`` reads "after “…”, the words “…”" as it read "after
   “7.”, the following— …"), or, where one is not such an item or its words are not in the clause, the instrument is
   refused (instructions.py ``_refuse_placing_items_as_new_text``).
2. "In clause 2.4(2), at the end add— (3) …" put a subclause (3) inside subclause (2). A provision numbered as one
   beside the place, not within it, is refused (apply.py ``_refuse_own_kind_within``).

The instruments are review 14's probes (synthetic, tests/fixtures/fix14/README.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lawhistory.amending.amend import InstrumentRefused, amend
from lawhistory.amending.timeline import build_timeline
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse, render_body

FIXTURES = Path(__file__).parent / "fixtures"
PRINCIPAL = FIXTURES / "fix13" / "principal.txt"
PROBES = FIXTURES / "fix14"


def _amended(tmp_path: Path, probe: str) -> str:
    repo = Repository.init(tmp_path / "repo")
    text = PRINCIPAL.read_text(encoding="utf-8")
    repo.write_text(repo.law_path(parse(text, path="principal.txt").meta.id), text)
    amend(repo, PROBES / probe / "instrument.txt")
    (law,) = [law for law in repo.load_laws() if law.meta.kind == "principal"]
    return render_body(build_timeline(law, repo.load_instruments()).versions[-1].body)


def _expected(probe: str) -> str:
    return render_body(parse((PROBES / probe / "expected.txt").read_text(encoding="utf-8"), path="expected.txt").body)


@pytest.mark.parametrize(
    "probe",
    ["v01-inserting-two-items-clause-3.3", "v11-inserting-items-principal-local-law", "v13-inserting-items-subclause-lead"],
)
def test_items_giving_a_place_and_words_under_a_shared_inserting_are_word_insertions(tmp_path: Path, probe: str) -> None:
    law = _amended(tmp_path, probe)
    assert law == _expected(probe)
    assert "the words “" not in law  # the amending words are not the law's


def test_the_clause_gets_the_words_not_paragraphs(tmp_path: Path) -> None:
    law = _amended(tmp_path, "v01-inserting-two-items-clause-3.3")
    clause = law.split("3.3 ", 1)[1].split("\n3.4 ", 1)[0]
    assert "approved in writing" in clause
    assert "(a) after" not in clause and "(b) after" not in clause


@pytest.mark.parametrize(
    ("probe", "named"),
    [
        ("v02-inserting-item-without-words", "after"),  # item (b) gives a place but no words
        ("v07-inserting-second-place-missing", "leash"),  # item (b)'s place is not in the clause
    ],
)
def test_items_not_all_read_are_refused_not_put_in_as_paragraphs(tmp_path: Path, probe: str, named: str) -> None:
    assert (PROBES / probe / "expected.txt").read_text(encoding="utf-8").startswith("REFUSE")
    with pytest.raises(InstrumentRefused) as e:
        _amended(tmp_path, probe)
    assert named in str(e.value)


@pytest.mark.parametrize("probe", ["e09-at-end-add-subclause-to-subclause", "e10-at-end-add-subclause-to-subclause-with-note"])
def test_a_subclause_at_the_end_of_a_subclause_is_refused(tmp_path: Path, probe: str) -> None:
    with pytest.raises(InstrumentRefused) as e:
        _amended(tmp_path, probe)
    assert "(3)" in str(e.value) and "inside it" in str(e.value)
