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
_REAL = ROOT / "tests" / "fixtures" / "real" / "instruments"
CAPEL = next(_REAL.glob("11-*")) / "principal.txt"
BAYSWATER = next(_REAL.glob("14-*")) / "principal.txt"
DUNDAS = next(_REAL.glob("188-*")) / "principal-2.txt"


def _run(principal: Path, words: str, heading: str = "Clause amended") -> tuple[_Law, str]:
    """(each provision's label -> its own words once the instrument commences, the error) — one of them empty."""
    template = (HERE / "amendment-template.txt").read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        repo = Repository.init(Path(tmp) / "repo")
        text = principal.read_text(encoding="utf-8")
        meta = parse(text).meta
        law_id = meta.id
        template = template.replace("{COUNCIL}", meta.local_government or "").replace("{PRINCIPAL}", meta.title)
        repo.write_text(repo.law_path(law_id), text)
        instrument = Path(tmp) / "instrument.txt"
        instrument.write_text(template.replace("{HEADING}", heading).replace("{WORDS}", words), encoding="utf-8")
        try:
            outcomes, _ = amend(repo, instrument, gazette_date=dt.date(2021, 4, 24))
        except LawHistoryError as e:
            return _Law(), str(e)
        law = next(law for law in repo.load_laws() if law.meta.id == law_id)
        when = outcomes[-1].instrument.law.meta.commencement.date
        assert when is not None
        _, version = in_force(build_timeline(law, repo.load_instruments()), when)
        assert version is not None
        return _Law(version.body), ""


class _Law(dict[str, str]):
    """A version of the law: each provision's label -> its own words; its schedules' table rows by ``table``."""

    def __init__(self, body: tuple[Provision, ...] = ()) -> None:
        super().__init__({label: p.text or "" for top in body for label, p in _walk(top, "")})
        self.body = body

    def table(self, schedule: str) -> list[tuple[str, ...]]:
        (sched,) = [p for p in self.body if p.kind == "schedule" and f"Schedule {p.num}" == schedule]
        return [c.cells for c in sched.children if c.kind == "item"]


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


# --- 2. tables -------------------------------------------------------------------------------------------------


def test_item_for_a_clause_deleted_and_a_row_inserted_after_the_item_for_another() -> None:
    """p40: "delete the item for clause 6.5A" / "after the item for clause 6.4 insert— | 6.4A | … |\""""
    law, error = _run(
        BAYSWATER,
        "(1) In Schedule 2 delete the item for clause 6.5A.\n(2) In Schedule 2 after the item for clause 6.4 insert—\n"
        "| 6.4A | Permit to film on a thoroughfare | 2 |",
    )
    assert not error, error
    rows = law.table("Schedule 2")
    assert [r[0] for r in rows] == ["6.2(1)", "6.2(4)", "6.2(5)", "6.3(1)", "6.4", "6.4A", "6.5"]
    assert rows[5] == ("6.4A", "Permit to film on a thoroughfare", "2")


def test_words_in_column_2_of_the_item_for_a_clause() -> None:
    """p41: "in the item for clause 6.3(1) in column 2 delete …": that cell only."""
    law, error = _run(
        BAYSWATER,
        'In Schedule 2 in the item for clause 6.3(1) in column 2 delete "plant on a verge" and insert "plant a tree on a verge".',
    )
    assert not error, error
    assert ("6.3(1)", "Permit to plant a tree on a verge", "6") in law.table("Schedule 2")


def test_words_in_the_3rd_column_wherever_occurring() -> None:
    """p42: "in the 3rd column delete “6” wherever occurring and insert “12”": every cell of the Term column holding 6
    (not "6.2(1)" in the clause column, not "1" or "8")."""
    law, error = _run(BAYSWATER, 'In Schedule 2 in the 3rd column delete "6" wherever occurring and insert "12".')
    assert not error, error
    assert law.table("Schedule 2") == [
        ("6.2(1)", "Permit to place a sign on a thoroughfare", "12"),
        ("6.2(4)", "Permit to place a bin on a footpath", "12"),
        ("6.2(5)", "Permit to place a bench on a footpath", "12"),
        ("6.3(1)", "Permit to plant on a verge", "12"),
        ("6.4", "Permit to hold an event on a thoroughfare", "1"),
        ("6.5", "Permit to place outdoor dining furniture", "8"),
        ("6.5A", "Permit to place a temporary crossing", "12"),
    ]


def test_words_in_a_column_once_with_no_row_stay_refused() -> None:
    """Without "wherever" an edit in a column names no row: refused, not made in every row."""
    law, error = _run(BAYSWATER, 'In Schedule 2 in the 3rd column delete "6" and insert "12".')
    assert not law and error


def test_items_range_deleted_names_the_items_between() -> None:
    """p121: "delete items 2 to 4": items 2, 3 and 4 (refused before: "the range also spans item 3")."""
    law, error = _run(DUNDAS, "In Schedule 1 delete items 2 to 4.")
    assert not error, error
    assert [r[0] for r in law.table("Schedule 1")] == ["1", "5"]


# --- 3. a form of a schedule; one by-law repealed ----------------------------------------------------------------

CHITTERING = next(_REAL.glob("15-*")) / "principal.txt"
FORMS = HERE / "principal-two-forms.txt"


def test_words_in_a_form_named_after_a_comma() -> None:
    """p30: "In Schedule 1, in Form 3, delete “a notice paper” …": the form's words, not clause 62's."""
    law, error = _run(CHITTERING, 'In Schedule 1, in Form 3, delete "a notice paper" and insert "an agenda".')
    assert not error, error
    assert [label for label, text in law.items() if text.startswith("a notice paper or other document")] == [
        "46(4)(b)",
        "62(3)(b)",
    ]
    assert any(text.startswith("I ask to inspect an agenda or other document") for text in law.values())


def test_words_in_one_form_only() -> None:
    """Words that occur in Form 2 only are changed there."""
    law, error = _run(FORMS, 'In Schedule 1, in Form 2, delete "ordinary meeting" and insert "special meeting".')
    assert not error, error
    assert any(
        text.startswith("I ask for a copy of a notice paper given to members for the special meeting") for text in law.values()
    )


def test_words_of_a_form_that_are_in_another_form_only_are_refused() -> None:
    """ "In Schedule 1 Form 1 delete “ordinary meeting” …": the words are in Form 2, not Form 1 (an edit of the whole
    schedule made them in Form 2: wrong law)."""
    law, error = _run(FORMS, 'In Schedule 1 Form 1 delete "ordinary meeting" and insert "special meeting".')
    assert not law and "does not occur in Form 1" in error


def test_words_of_a_form_that_are_in_another_form_too_are_changed_in_that_form_only() -> None:
    """(wr5a) The words are in Form 1 too: changed in Form 2's own line only (before, refused)."""
    law, error = _run(FORMS, 'In Schedule 1, in Form 2, delete "a notice paper" and insert "an agenda".')
    assert not error, error
    (sched,) = [p for p in law.body if p.kind == "schedule"]
    lines = [c.text or "" for c in sched.children]
    assert lines[1].startswith("I ask to inspect a notice paper given to members")  # Form 1 untouched
    assert lines[3].startswith("I ask for a copy of an agenda given to members")


# --- 4. the whole law ---------------------------------------------------------------------------------------------

_REFERRING = ("8A(1)(a)", "12F(2)", "12H(2)")  # the provisions of the Capel law that cite "clause 12A(2)(a) or (b)"


def _cited_as(law: _Law, words: str) -> list[str]:
    return [label for label, text in law.items() if words in text]


def test_in_the_local_law_wherever_under_a_heading_a_preliminary_clause_may_have() -> None:
    """p13: "4. Local law amended  In the local law delete “(a) or (b)” wherever occurring …" (was: "no amending
    instructions were found", the clause left out as if it were "3. Local law amended  This local law amends …")."""
    law, error = _run(
        CAPEL, 'In the local law delete "(a) or (b)" wherever occurring and insert "(a), (b) or (c)".', "Local law amended"
    )
    assert not error, error
    assert _cited_as(law, "clause 12A(2)(a), (b) or (c)") == list(_REFERRING)
    assert not _cited_as(law, "(a) or (b)")


def test_in_the_local_law_wherever() -> None:
    """p13b: the same under a heading naming clause 12A(2)'s references."""
    law, error = _run(
        CAPEL,
        'In the local law delete "(a) or (b)" wherever occurring and insert "(a), (b) or (c)".',
        "References to clause 12A(2) amended",
    )
    assert not error, error
    assert _cited_as(law, "clause 12A(2)(a), (b) or (c)") == list(_REFERRING)


def test_in_each_place_where_it_occurs_under_a_heading_amended_throughout() -> None:
    """p86: "4. Local law amended throughout  Delete “12A(2)(a) or (b)” in each place where it occurs …\""""
    law, error = _run(
        CAPEL, 'Delete "12A(2)(a) or (b)" in each place where it occurs and insert "12A(2)".', "Local law amended throughout"
    )
    assert not error, error
    assert [label for label in _REFERRING if "clause 12A(2)" in law[label] and "(a) or (b)" not in law[label]] == list(_REFERRING)


def test_wherever_occurring_under_a_heading_various_provisions_amended() -> None:
    """p31: "4. Various provisions amended  Delete “…” wherever occurring …": clauses 46 and 62 and Form 3."""
    law, error = _run(
        CHITTERING,
        'Delete "a notice paper or other document given to members for the meeting" wherever occurring and insert '
        '"the agenda for the meeting".',
        "Various provisions amended",
    )
    assert not error, error
    assert [label for label in ("46(4)(b)", "62(3)(b)") if law[label].startswith("the agenda for the meeting")] == [
        "46(4)(b)",
        "62(3)(b)",
    ]
    assert any(text.startswith("I ask to inspect the agenda for the meeting held on") for text in law.values())
    assert not _cited_as(law, "a notice paper")


def test_wherever_with_no_place_under_a_heading_naming_no_whole_law_stays_refused() -> None:
    law, error = _run(CAPEL, 'Delete "12A(2)(a) or (b)" in each place where it occurs and insert "12A(2)".', "Fences amended")
    assert not law and "cannot tell which provision" in error


def test_one_edit_with_no_place_under_a_heading_amended_throughout_stays_refused() -> None:
    """Only "wherever" says every place: one occurrence with no place names none."""
    law, error = _run(CAPEL, 'Delete "6 months" and insert "12 months".', "Local law amended throughout")
    assert not law and "cannot tell which provision" in error


def test_joined_instruction_after_a_place_named_after_the_words_stays_refused() -> None:
    """ "In clause 12A(2) delete “6 months” in paragraph (b) and delete “the edition of”": whether the second speaks of
    paragraph (b) or of subclause (2) is not told."""
    law, error = _run(CAPEL, 'In clause 12A(2) delete "6 months" in paragraph (b) and delete "the edition of".')
    assert not law and error


def test_new_words_after_a_dash_running_on_into_another_instruction_are_refused() -> None:
    """ "… and insert— 12 months (the “new” period) and delete “the edition of”.": the unquoted new words ran on over
    the second instruction and were put into the law with it (exit 0, wrong law)."""
    law, error = _run(
        CAPEL, 'In clause 12A(2)(b) delete "6 months" and insert— 12 months (the "new" period) and delete "the edition of".'
    )
    assert not law and "another instruction" in error
