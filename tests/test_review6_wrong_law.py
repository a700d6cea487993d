"""Review 6's wrong laws (issue 20): each was applied with exit 0 and wrong law text before its fix.

- A new table row numbered as a row the table has ("In Schedule 1, after item 6 insert— | 6 | 3.3 | … |"): the law
  printed two items 6 (wr4b's rows read after an item number; nothing checked the number). Now refused, as a new
  clause or paragraph repeating a label is.
- A repeal whose saving keeps a provision of the repealed law applying ("…, a permit … continues in force, and clause
  2.3(3) continues to apply to it."): read as a saving of things done under the law, the law repealed whole. Now the
  words after a thing kept in force may not name a provision (preliminary.lark ``_saved_tail``), and it is refused.

Fixtures: tests/fixtures/review6/ (synthetic, its README).
"""

from __future__ import annotations

import datetime as dt
import tempfile
from pathlib import Path

import pytest

from lawhistory.amending.amend import amend
from lawhistory.amending.grammar.parse import frame_sentence
from lawhistory.amending.timeline import build_timeline
from lawhistory.core.errors import LawHistoryError
from lawhistory.core.versions import in_force
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse, render_body

CASES = Path(__file__).parent / "fixtures" / "review6"


def _amend(name: str) -> tuple[Repository, list[object]]:
    repo = Repository.init(Path(tempfile.mkdtemp()) / "repo")
    text = (CASES / "principal.txt").read_text(encoding="utf-8")
    repo.write_text(repo.law_path(parse(text, path="principal.txt").meta.id), text)
    outcomes, _ = amend(repo, CASES / f"{name}.txt")
    return repo, list(outcomes)


def _text_on(repo: Repository, day: dt.date) -> str:
    """The one law's text in force on ``day``."""
    (law,) = repo.load_laws()
    version = in_force(build_timeline(law, repo.load_instruments()), day)[1]
    assert version is not None
    return render_body(version.body)


def _refusal(name: str) -> str:
    try:
        _, outcomes = _amend(name)
    except LawHistoryError as e:
        return " ".join(str(e).split())
    (outcome,) = outcomes
    assert outcome.status != "applied", f"{name} was applied"  # type: ignore[attr-defined]
    return " ".join(f"{outcome.reason} {outcome.warnings}".split())  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("t10-row-number-collides", "the law already has item 6 there"),
        ("t10b-row-collides-middle", "the law already has item 4 there"),
    ],
)
def test_a_new_row_numbered_as_a_row_of_the_table_is_refused(name: str, words: str) -> None:
    assert words in _refusal(name)


def test_a_new_row_with_a_number_of_its_own_is_inserted() -> None:
    repo, outcomes = _amend("t04-after-item4")
    (outcome,) = outcomes
    assert outcome.status == "applied", outcome.reason  # type: ignore[attr-defined]
    schedule = _text_on(repo, dt.date(2020, 5, 8)).split("Schedule 1—", 1)[1].split("Schedule 2—", 1)[0]
    rows = [cells[1].strip() for line in schedule.splitlines() if len(cells := line.split("|")) > 2]
    assert [r for r in rows if r[:1].isdigit()] == ["1", "2", "3", "4", "4A", "5", "6"]


def test_a_saving_that_keeps_a_provision_applying_is_refused() -> None:
    assert "continues to apply to it" in _refusal("s04-saving-and-provision")
    assert not frame_sentence(
        "savings",
        "Despite subclause (1), a permit in force under clause 2.3 of the repealed local law continues in force, and "
        "clause 2.3(3) continues to apply to it.",
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "Despite subclause (1), a permit in force under the repealed local law immediately before the commencement of "
        "this local law continues in force until it expires.",
        "Despite subclause (1), a permit in force under clause 2.3 of the repealed local law continues in force until "
        "it expires or is cancelled.",
    ],
)
def test_a_saving_of_a_thing_done_under_the_law_is_still_read(sentence: str) -> None:
    assert frame_sentence("savings", sentence)


@pytest.mark.parametrize(
    "name",
    [
        "r7-g05-heading-above-dotted-two",
        "r7-g08-heading-dotted-subcl-then-headed",
        "r7-g10-heading-dotted-words-then-headed-dotted-subcl",
    ],
)
def test_two_new_clauses_headed_above_dotted_numbers_are_not_read_as_one(name: str) -> None:
    """(review7) "Cat registration / 3.4. A cat must be registered. / Cat tags / 3.5. A cat must wear a tag.": the
    heading above 3.4 was moved after its number and the whole text read as one clause 3.4 holding "Cat tags 3.5. …"
    (wr5b's dotted heading_above_number; structure.lark's another_clause did not see "3.5." as another clause). Then
    refused; (wr8) now read as the two clauses, each headed (tests/test_grammar_wr8.py): no clause holds the next."""
    repo, outcomes = _amend(name)
    (outcome,) = outcomes
    assert outcome.status == "applied", outcome.reason  # type: ignore[attr-defined]
    text = _text_on(repo, dt.date(2020, 5, 8))
    assert "tags 3.5" not in text and "tags 2.5C" not in text
    assert "3.5 Cat tags" in text or "2.5C Dog tags" in text


def test_one_new_clause_headed_above_its_dotted_number_is_still_read() -> None:
    repo, outcomes = _amend("r7-g01-heading-above-dotted")
    (outcome,) = outcomes
    assert outcome.status == "applied", outcome.reason  # type: ignore[attr-defined]
    assert "3.4 Cat registration" in _text_on(repo, dt.date(2020, 5, 8)).replace("  ", " ")


def test_new_words_that_begin_with_a_label_are_refused() -> None:
    """(review7 a09) "In clause 3.3 delete “A cat” and insert: (1) A dog": the label "(1)" was put into clause 3.3's
    words ("(1) A dog enclosure must be …" printed as words, no subclause (1)). Only "(1) " before the same words is a
    designation (round 13); other words beginning with a label are refused, naming them."""
    assert "“(1) A dog”, begin with a provision's label" in _refusal("r7-a09-desig-delete-insert-wrongwords")
