"""(issue 20, wr5a) Review 5's wrong refusals of common shapes a careful reader applies: a table named "to" its
schedule, a law named by its title then the place in it, "throughout" after the words deleted, and word edits in forms
named whose words also occur in another form. Each is read exactly (decided by hand from the words; the principal is a
synthetic fixture modelled on review 5's probe principal); the near cases stay refused, naming the words."""

from __future__ import annotations

import datetime as dt
import tempfile
from pathlib import Path

import pytest

from lawhistory.amending.amend import amend
from lawhistory.amending.timeline import build_timeline
from lawhistory.core.errors import LawHistoryError
from lawhistory.core.model import Provision
from lawhistory.core.versions import in_force
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse
from tests.conftest import ROOT

PRINCIPAL = ROOT / "tests" / "fixtures" / "synthetic" / "wr5a" / "principal.txt"
TEMPLATE = ROOT / "tests" / "fixtures" / "synthetic" / "review-refusals" / "amendment-template.txt"


def _run(words: str, heading: str = "Amendment") -> tuple[tuple[Provision, ...], str]:
    """(the law's body once the instrument commences, the error) — one of them empty."""
    text = PRINCIPAL.read_text(encoding="utf-8")
    meta = parse(text).meta
    template = TEMPLATE.read_text(encoding="utf-8")
    template = template.replace("{COUNCIL}", meta.local_government or "").replace("{PRINCIPAL}", meta.title)
    with tempfile.TemporaryDirectory() as tmp:
        repo = Repository.init(Path(tmp) / "repo")
        repo.write_text(repo.law_path(meta.id), text)
        instrument = Path(tmp) / "instrument.txt"
        instrument.write_text(template.replace("{HEADING}", heading).replace("{WORDS}", words), encoding="utf-8")
        try:
            outcomes, _ = amend(repo, instrument, gazette_date=dt.date(2021, 4, 24))
        except LawHistoryError as e:
            return (), str(e)
        law = next(law for law in repo.load_laws() if law.meta.id == meta.id)
        when = outcomes[-1].instrument.law.meta.commencement.date
        assert when is not None
        _, version = in_force(build_timeline(law, repo.load_instruments()), when)
        assert version is not None
        return version.body, ""


def _original() -> tuple[Provision, ...]:
    return parse(PRINCIPAL.read_text(encoding="utf-8")).body


def _schedule(body: tuple[Provision, ...], num: str) -> Provision:
    (sched,) = [p for p in body if p.kind == "schedule" and p.num == num]
    return sched


def _lines(body: tuple[Provision, ...], num: str) -> list[str]:
    """A schedule's lines of text (its forms), or its rows' cells joined."""
    return [c.text or " | ".join(c.cells) for c in _schedule(body, num).children]


def _clause(body: tuple[Provision, ...], num: str) -> Provision:
    for top in body:
        for c in (top, *top.children):
            if c.kind == "clause" and c.num == num:
                return c
    raise AssertionError(num)


def _changed(before: list[str], after: list[str]) -> list[tuple[str, str]]:
    assert len(before) == len(after)
    return [(a, b) for a, b in zip(before, after, strict=True) if a != b]


# --- a table named "to" its schedule (a23) -----------------------------------------------------------------------


def test_column_of_the_table_to_a_schedule() -> None:
    """ "In the table to Schedule 1, in the column headed “Modified penalty $”, delete “200” … wherever occurring": the
    rows of Schedule 1 with 200 in that column (3, 4 and 6); Schedule 2 (200 in its row 1) untouched."""
    body, error = _run(
        "In the table to Schedule 1, in the column headed “Modified penalty $”, delete “200” and insert “250” "
        "wherever occurring.",
        heading="Schedule 1 amended",
    )
    assert not error, error
    rows = {c.cells[0]: c.cells[-1] for c in _schedule(body, "1").children}
    assert rows == {"1": "100", "2": "100", "3": "250", "4": "250", "5": "100", "6": "250"}
    assert _lines(body, "2") == _lines(_original(), "2")


# --- the law named by its title, then the place (t04) --------------------------------------------------------------


def test_title_amended_in_a_paragraph() -> None:
    body, error = _run(
        "The Shire of Testville Animals Local Law 2015 is amended in clause 2.5(f) by deleting “centre” and inserting “mall”."
    )
    assert not error, error
    (f,) = [c for c in _clause(body, "2.5").children if c.num == "(f)"]
    assert f.text == "a shopping mall."


def test_another_title_amended_in_a_clause_is_refused_naming_it() -> None:
    body, error = _run(
        "The Shire of Testville Cats Local Law 2015 is amended in clause 2.5(f) by deleting “centre” and inserting “mall”."
    )
    assert not body and "“Shire of Testville Cats Local Law 2015” name a law by its title" in error


# --- "throughout" after the words deleted (h03) -------------------------------------------------------------------


def test_words_deleted_throughout_a_clause() -> None:
    body, error = _run("Clause 2.3 is amended by deleting “dogs” throughout and inserting “pets”.", heading="Clause 2.3 amended")
    assert not error, error
    texts = [c.text for c in _clause(body, "2.3").children]
    assert texts[:2] == [
        "A person must not keep more than 2 pets on premises.",
        "The local government may grant a permit to keep up to 4 pets on premises.",
    ]
    assert _clause(body, "2.4") == _clause(_original(), "2.4")  # "dog" elsewhere untouched


def test_words_throughout_then_a_place_is_not_read() -> None:
    """ "delete “dogs” throughout clause 2.3": the place after "throughout" is not read (refused, naming the words)."""
    body, error = _run("Delete “dogs” throughout clause 2.3 and insert “pets”.")
    assert not body and "throughout clause 2.3" in error


# --- forms named whose words occur in another form too (f01, f02, f04) ------------------------------------------------


def test_words_in_two_forms_named_and_in_a_third_form() -> None:
    """ "In Form 3 and Form 4, delete “premises” …": Forms 3 and 4 only ("premises" is in Form 5 too); the short line
    "Signature of applicant" ends no form (Form 4's heading follows it)."""
    body, error = _run("In Form 3 and Form 4, delete “premises” and insert “land”.", heading="Schedule 3 amended")
    assert not error, error
    assert _changed(_lines(_original(), "3"), _lines(body, "3")) == [
        (
            "I apply for a permit to keep additional dogs on the premises.",
            "I apply for a permit to keep additional dogs on the land.",
        ),
        (
            "The permit to keep additional dogs on the premises is cancelled.",
            "The permit to keep additional dogs on the land is cancelled.",
        ),
    ]
    assert _clause(body, "2.3") == _clause(_original(), "2.3")


def test_items_under_a_lead_in_naming_one_form() -> None:
    body, error = _run(
        "In Schedule 3, Form 4—\n(a) delete “cancelled” and insert “revoked”;\n(b) delete “authorised person” and insert “CEO”.",
        heading="Schedule 3 amended",
    )
    assert not error, error
    assert _changed(_lines(_original(), "3"), _lines(body, "3")) == [
        (
            "The permit to keep additional dogs on the premises is cancelled.",
            "The permit to keep additional dogs on the premises is revoked.",
        ),
        ("Signature of authorised person", "Signature of CEO"),
    ]


def test_schedule_amended_in_a_form_as_follows() -> None:
    body, error = _run(
        "Schedule 3 is amended in Form 4 as follows—\n(a) delete “premises” and insert “land”.", heading="Schedule 3 amended"
    )
    assert not error, error
    assert _changed(_lines(_original(), "3"), _lines(body, "3")) == [
        (
            "The permit to keep additional dogs on the premises is cancelled.",
            "The permit to keep additional dogs on the land is cancelled.",
        ),
    ]


def test_words_of_a_form_that_are_in_another_form_only_stay_refused() -> None:
    body, error = _run("In Schedule 3, Form 3, delete “cancelled” and insert “revoked”.")
    assert not body and "“cancelled” does not occur in Form 3" in error


def test_an_occurrence_counted_in_a_form_whose_words_are_in_another_form_stays_refused() -> None:
    """ "the first “premises”" of Form 4, the words in Form 5 too: an occurrence counted is not made line by line."""
    body, error = _run("In Schedule 3, Form 4, delete “premises” (first occurring) and insert “land”.")
    assert not body and "which of its occurrences is meant is not told" in error


def test_a_line_after_the_last_form_still_makes_its_end_uncertain() -> None:
    """Form 5 is the schedule's last form: its closing short line may head something else (refused, naming it)."""
    body, error = _run("In Schedule 3, Form 5, delete “premises” and insert “land”.")
    assert not body and "where Form 5's lines end is uncertain (“Signature of authorised person” follows it)" in error


# --- a lead-in naming a law by its title (t02, t04's neighbours) ----------------------------------------------------

_ITEMS = "\n(a) in paragraph (f) by deleting “centre” and inserting “mall”;\n(b) in paragraph (a) by deleting “playground” and inserting “park”."


def test_a_lead_in_naming_the_law_amended_by_its_title_gives_its_items_their_place() -> None:
    body, error = _run("The Shire of Testville Animals Local Law 2015 is amended in clause 2.5—" + _ITEMS)
    assert not error, error
    texts = {c.num: c.text for c in _clause(body, "2.5").children}
    assert texts["(a)"] == "a park;" and texts["(f)"] == "a shopping mall."


def test_a_lead_in_naming_another_law_by_its_title_is_refused_naming_it() -> None:
    """Its items name places of their own: applied to the instrument's law they changed it (exit 0, wrong law)."""
    for lead in (
        "The Shire of Testville Cats Local Law 2015 is amended in clause 2.5—",
        "The Shire of Testville Cats Local Law 2015 is amended—",
        "In the Shire of Testville Cats Local Law 2015—",
    ):
        items = _ITEMS if "clause 2.5" in lead else _ITEMS.replace("in paragraph (", "in clause 2.5(")
        body, error = _run(lead + items)
        assert not body and f"its lead-in “{lead}” names a law by its title" in error, (lead, error)


@pytest.mark.parametrize("words", ["this clause", "This local law", "these by-laws", "that clause"])
def test_the_instruments_own_words_are_no_law_title(words: str) -> None:
    """(merge of wr5a and round 13) "(3) In this clause —", a new subclause's lead-in to its definitions, was read as a
    lead-in naming a law by its title ("this" a title's first word, "clause" its kind) and real case 33 refused."""
    from lawhistory.amending.grammar.parse import names_law_title

    assert not names_law_title(words)
    assert names_law_title("The Shire of Capel Fencing Local Law 2018")
