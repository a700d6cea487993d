"""Wrong refusals found by the last stop's reviews (issue 20): shapes a careful reader applies, read now (or refused
naming the words, where reading them is unsafe).

Synthetic instructions (not law): each test gives wording and what it must read as, or the refusal it must give; each
would fail on the engine before the fix it guards.

read.py's ``_UNIT_LABEL`` → core/headings.lark's ``unit_label``: ``PYTHONPATH=. python tools/differential.py unit_label``
gave 21631 texts, 854300 variants, 159049 found by the expression, 0 differences.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from lawhistory.amending.amend import amend
from lawhistory.amending.instructions import InstructionNotUnderstood, parse_unit
from lawhistory.amending.parts import Unit
from lawhistory.amending.timeline import build_timeline
from lawhistory.core.errors import LawHistoryError
from lawhistory.core.versions import in_force
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse
from lawhistory.reading.definitions import find_intro
from tests.test_grammar_rows import CLAUSES, HEAD, ORIGINAL, instrument, refusal, run


def _ops(text: str) -> list[tuple[str, str, str | None, str | None, str]]:
    return [(op.action.value, op.target, op.words, op.new, op.occurrence.value) for op in parse_unit(Unit("4", text, None))]


# --- 1. "in substitution", "in place thereof", "in its stead", "substitute therefor", "in lieu thereof" (k1–k5, k8) ---


@pytest.mark.parametrize(
    "replacement",
    [
        "and in substitution insert",
        "and insert in substitution therefor",
        "and insert in place thereof",
        "and insert in its stead",
        "and insert in their stead",
        "and substitute therefor",
        "and in lieu thereof insert",
        "and in the place of those words insert",
        "and in place of them insert",
        "and in each case insert",
    ],
)
def test_words_replaced_with_the_new_words_said_to_go_in_their_place(replacement: str) -> None:
    assert _ops(f"In clause 12A(2)(b) delete “6 months” {replacement} “12 months”.") == [
        ("substitute_words", "12A(2)(b)", "6 months", "12 months", "once")
    ]


def test_in_each_case_after_wherever_occurring_replaces_every_occurrence() -> None:
    assert _ops("In clause 5 delete “shall” wherever occurring and in each case insert “must”.") == [
        ("substitute_words", "5", "shall", "must", "all")
    ]


def test_in_place_of_quoted_words_is_still_refused() -> None:
    # "insert “B” in place of “C”" names other words than those deleted: not a shape of "instead"
    with pytest.raises(InstructionNotUnderstood, match="cannot read this instruction"):
        parse_unit(Unit("4", "In clause 5(1) delete “A” and insert “B” in place of “C”.", None))


# --- 2. a column named by its heading, no row named (t2) -----------------------------------------------------------


def test_a_column_named_by_its_heading_has_the_words_changed_in_every_row_wherever_occurring(tmp_path: Path) -> None:
    body = "In Schedule 1 in the column headed “Modified penalty $” delete “200” wherever occurring and insert “250”."
    assert run(tmp_path, CLAUSES, body) == [*ORIGINAL[:3], ("4.3(a)", "Taking fauna", "250"), ("4.3(b)", "Removing flora", "250")]


def test_a_column_named_by_its_heading_has_words_occurring_once_there_changed_in_their_row(tmp_path: Path) -> None:
    body = "In Schedule 1, in the column headed “Modified penalty $”, delete “150” and insert “175”."
    assert run(tmp_path, CLAUSES, body) == [
        *ORIGINAL[:2],
        ("3.1", "Carrying on an activity without a permit", "175"),
        *ORIGINAL[3:],
    ]


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ("In Schedule 1 in the column headed “Modified penalty $” delete “200” and insert “250”.", "“200” occurs 2 times"),
        ("In Schedule 1 in the column headed “Penalty” delete “200” wherever occurring and insert “250”.", "no column(s) headed"),
        ("In Schedule 1 in the column headed “Description” delete “200” wherever occurring and insert “250”.", "in no cell"),
    ],
)
def test_a_column_named_by_its_heading_is_refused_where_the_words_do_not_say_which_rows(
    tmp_path: Path, body: str, why: str
) -> None:
    assert why in refusal(tmp_path, CLAUSES, body)


# --- 3. forms named in a place or a lead-in (f13) ---------------------------------------------------------------------

FORMS = (
    HEAD
    + """Schedule 1—FORMS
Form 3—Request to inspect records
I ask to inspect a notice paper given to members.
Form 4—Request for copy of records
I ask for a copy of a notice paper given to members.
"""
)
FORM_3 = "I ask to inspect a notice paper given to members."
FORM_4 = "I ask for a copy of a notice paper given to members."


def _lines(tmp_path: Path, principal: str, body: str, heading: str = "Schedule 1 amended") -> list[str]:
    """The lines of Schedule 1's forms in force after the instrument whose clause 4 (headed ``heading``) is ``body``."""
    repo = Repository.init(tmp_path / "repo")
    law = parse(principal)
    repo.write_text(repo.law_path(law.meta.id), principal)
    path = tmp_path / "instrument.txt"
    path.write_text(instrument(body).replace("4. Schedule 1 amended", f"4. {heading}"), encoding="utf-8")
    amend(repo, path, gazette_date=dt.date(2020, 3, 10), discard=True)
    (law,) = repo.load_laws()
    _, version = in_force(build_timeline(law, repo.load_instruments()), dt.date(2020, 3, 24))
    assert version is not None
    (sched,) = [p for p in version.body if p.kind == "schedule"]
    return [c.text or "" for c in sched.children if c.kind == "text" and not (c.text or "").startswith("Form")]


@pytest.mark.parametrize(
    "body",
    [
        "In Schedule 1, in Form 3 and Form 4, delete “a notice paper” and insert “an agenda”.",
        "In Schedule 1, in Forms 3 and 4, delete “a notice paper” and insert “an agenda”.",
        "In Schedule 1, in Form 3 and in Form 4, delete “a notice paper” and insert “an agenda”.",
        "In Form 3 and Form 4 delete “a notice paper” and insert “an agenda”.",
    ],
)
def test_the_same_edit_in_two_forms_is_made_in_each(tmp_path: Path, body: str) -> None:
    assert _lines(tmp_path, FORMS, body) == [
        FORM_3.replace("a notice paper", "an agenda"),
        FORM_4.replace("a notice paper", "an agenda"),
    ]


@pytest.mark.parametrize(
    "body",
    [
        "In Schedule 1, Form 4—\n(a) delete “a copy of” and insert “copies of”; and\n(b) delete “I ask for” and insert “We ask for”.",
        "In Form 4—\n(a) delete “a copy of” and insert “copies of”; and\n(b) delete “I ask for” and insert “We ask for”.",
        "Schedule 1 is amended in Form 4 as follows—\n(a) delete “a copy of” and insert “copies of”; and\n"
        "(b) delete “I ask for” and insert “We ask for”.",
        "In Form 4 delete “a copy of” and insert “copies of”.\n\nIn Form 4 delete “I ask for” and insert “We ask for”.",
    ],
)
def test_a_lead_in_naming_a_form_makes_its_items_edits_in_that_form(tmp_path: Path, body: str) -> None:
    assert _lines(tmp_path, FORMS, body) == [FORM_3, "We ask for copies of a notice paper given to members."]


@pytest.mark.parametrize(
    "body",
    [
        "In Schedule 1, Form 3—\n(a) delete “a copy of” and insert “copies of”; and\n(b) delete “I ask for” and insert “We ask for”.",
        "In Form 3—\n(a) delete “a copy of” and insert “copies of”; and\n(b) delete “I ask for” and insert “We ask for”.",
        "Schedule 1 is amended in Form 3 as follows—\n(a) delete “a copy of” and insert “copies of”; and\n"
        "(b) delete “I ask for” and insert “We ask for”.",
        "Schedule 1 is amended in Form 3 by deleting “a copy of” and inserting “copies of”.",
    ],
)
def test_words_of_another_form_under_a_lead_in_naming_a_form_are_refused(tmp_path: Path, body: str) -> None:
    # the old engine dropped the form from a lead-in and made the edits in Form 4: exit 0, wrong law
    with pytest.raises(LawHistoryError, match="“a copy of” does not occur in Form 3"):
        _lines(tmp_path, FORMS, body)


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ("In Schedule 1, in Form 3 and Form 4, delete “members” and insert “councillors”.", "occurs 2 times in Form 4"),
        ("In Schedule 1, in Form 3 and Form 4, delete “a copy of” and insert “copies of”.", "does not occur in Form 3"),
        (
            "In Schedule 1, in Form 3 and Form 5, delete “members” and insert “councillors”.",
            "no line of the schedule heads Form 5",
        ),
    ],
)
def test_an_edit_in_two_forms_is_refused_unless_the_words_are_in_each_and_nowhere_else(
    tmp_path: Path, body: str, why: str
) -> None:
    # a line of the schedule before its forms, and a second line of Form 4
    principal = FORMS.replace("FORMS\n", "FORMS\nI ask that these forms be used.\n") + "I ask for the names of members.\n"
    with pytest.raises(LawHistoryError, match=why):
        _lines(tmp_path, principal, body)


def test_an_edit_in_two_forms_whose_words_are_outside_them_too_is_made_in_their_lines_only(tmp_path: Path) -> None:
    """(wr5a) "I ask" is in the schedule's line before its forms too: Forms 3 and 4 only (before, refused)."""
    principal = FORMS.replace("FORMS\n", "FORMS\nI ask that these forms be used.\n") + "I ask for the names of members.\n"
    body = "In Schedule 1, in Form 3 and Form 4, delete “I ask” wherever occurring and insert “We ask”."
    assert _lines(tmp_path, principal, body) == [
        "I ask that these forms be used.",
        FORM_3.replace("I ask", "We ask"),
        FORM_4.replace("I ask", "We ask"),
        "We ask for the names of members.",
    ]


def test_a_form_of_no_schedule_named_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LawHistoryError, match="“Form 4” names a form of no schedule"):
        _lines(tmp_path, FORMS, "In Form 4 delete “a copy of” and insert “copies of”.", heading="Forms amended")


# --- 4. the law named by its title, then the verb, then the place after the words (w7) --------------------------------

TITLE = "Shire of Capel Fencing Local Law 2018"


def _law_ops(text: str, law: str | None = TITLE) -> list[tuple[str, str, str | None, str | None, str]]:
    return [
        (op.action.value, op.target, op.words, op.new, op.occurrence.value) for op in parse_unit(Unit("4", text, None, law=law))
    ]


@pytest.mark.parametrize(
    "text",
    [
        f"The {TITLE} is amended by deleting “6 months” in clause 12A(2)(b) and inserting “12 months”.",
        f"The {TITLE} is amended by deleting “6 months” and inserting “12 months” in clause 12A(2)(b).",
        f"{TITLE} is further amended by deleting “6 months” in clause 12A(2)(b) and substituting “12 months”.",
    ],
)
def test_the_law_amended_named_by_its_title_is_the_whole_law(text: str) -> None:
    assert _law_ops(text) == [("substitute_words", "12A(2)(b)", "6 months", "12 months", "once")]


@pytest.mark.parametrize(
    ("text", "law", "why"),
    [
        (
            "The Shire of Capel Health Local Law 2010 is amended by deleting “6 months” in clause 5.",
            TITLE,
            "the law it amends is",
        ),
        (f"The {TITLE} is amended by deleting “6 months” in clause 12A(2)(b).", None, "the one law it amends is not told"),
        ("In the definition of dog in this local law delete “a”.", TITLE, "“this local law” name a law"),
    ],
)
def test_a_title_not_the_one_law_amended_is_refused(text: str, law: str | None, why: str) -> None:
    with pytest.raises(InstructionNotUnderstood, match=why):
        _law_ops(text, law)


def test_an_instrument_naming_its_law_by_title_amends_it(tmp_path: Path) -> None:
    body = "The Shire of Testville Property Local Law 2016 is amended by deleting “a copy of” in Schedule 1 and inserting “copies of”."
    assert _lines(tmp_path, FORMS, body) == [FORM_3, "I ask for copies of a notice paper given to members."]


# --- 5. "Clause 12D amended throughout" as a clause's heading (w8) ----------------------------------------------------


def _clause_2_5(tmp_path: Path, body: str, heading: str) -> list[str]:
    """Clause 2.5's subclauses in force after the instrument whose clause 4 (headed ``heading``) is ``body``."""
    repo = Repository.init(tmp_path / "repo")
    law = parse(FORMS)
    repo.write_text(repo.law_path(law.meta.id), FORMS)
    path = tmp_path / "instrument.txt"
    path.write_text(instrument(body).replace("4. Schedule 1 amended", f"4. {heading}"), encoding="utf-8")
    outcomes, _ = amend(repo, path, gazette_date=dt.date(2020, 3, 10), discard=True)
    assert all(o.instrument.law.body[-1].heading == heading for o in outcomes)  # "throughout" is the heading's
    (law,) = repo.load_laws()
    _, version = in_force(build_timeline(law, repo.load_instruments()), dt.date(2020, 3, 24))
    assert version is not None
    return [c.text or "" for c in version.body[0].children]


def test_a_provision_amended_throughout_is_the_place_of_its_edits(tmp_path: Path) -> None:
    got = _clause_2_5(
        tmp_path, "Delete “a determination” wherever occurring and insert “an order”.", "Clause 2.5 amended throughout"
    )
    assert got == [
        "The local government may make an order about the use of property.",
        "A person must comply with an order.",
    ]


# --- 7. "In this clause  **Act** means …": two spaces before a bold term (new text) ------------------------------------


@pytest.mark.parametrize("gap", [" ", "  ", " \t "])
def test_a_bold_term_after_in_this_clause_opens_definitions_whatever_the_spaces_before_it(gap: str) -> None:
    text = f"In this clause{gap}**Act** means the Local Government Act 1995."
    at = find_intro(text, bold=True)
    assert at is not None and text[at:] == "**Act** means the Local Government Act 1995."


# --- 8. read.py's _UNIT_LABEL → core/headings.lark's unit_label ----------------------------------------------------------


@pytest.mark.parametrize(
    ("heading", "label"),
    [
        ("PART 1—PRELIMINARY", ("PART", "1", 7)),
        ("DIVISION 1.—GENERAL", ("DIVISION", "1", 12)),
        ("Division 2 - Fees", ("Division", "2", 13)),
        ("Subdivision 2A — Permits", ("Subdivision", "2A", 17)),
        ("part 4 – fees", ("part", "4", 9)),
        ("Part 3", ("Part", "3", 6)),  # no dash: the label is the whole heading
        ("Part 3 Preliminary", None),  # no dash, words after it: no label
        ("Part 1 -", None),  # a hyphen is a dash only before a space
        ("Parts 1—", None),
        ("Part 1.2—", None),
        ("Schedule 1—FEES", None),  # a unit's label only (a schedule's is heading_label's)
    ],
)
def test_a_units_heading_label_is_read_by_the_grammar(heading: str, label: tuple[str, str, int] | None) -> None:
    from lawhistory.core.headings import unit_label

    assert unit_label(heading) == label


def test_read_holds_no_sentence_shaped_unit_label_expression() -> None:
    from lawhistory.amending.grammar import read

    assert not hasattr(read, "_UNIT_LABEL")


# --- 6. a by-law repealed: "By-law 3 of the … By-laws is repealed" (p75) -----------------------------------------------

BY_LAWS = "Shire of Exampleton By-laws Relating to Refuse on Building Sites"
BY_LAWS_TEXT = f"""---
id: exampleton/by-laws-relating-to-refuse-on-building-sites
title: {BY_LAWS}
local_government: Shire of Exampleton
kind: principal
made: null
gazette:
  date: 1987-05-15
  number: null
  pages: null
commencement:
  wording: null
  rule: on_gazettal
  days: 0
  date: 1987-05-15
partial: true
source: 'synthetic test fixture (invented text, not law)'
---

1. In these by-laws, "building site" means land on which building work is being carried out.

2. The builder shall provide on the site a receptacle for refuse.

3. The builder shall not permit refuse to be blown from the building site onto a street.
"""
BY_LAW_3 = f"By-law 3 of the {BY_LAWS} published in the Government Gazette on 15 May 1987 is repealed."


def _by_laws_instrument(heading: str) -> str:
    return f"""MODELLED TEST FIXTURE — synthetic (invented text, not law)

LOCAL GOVERNMENT ACT 1995

SHIRE OF EXAMPLETON

REFUSE ON BUILDING SITES AMENDMENT LOCAL LAW 2022

Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the Council of the Shire of Exampleton resolved on 2 March 2022 to make the following local law.

1. Citation
This local law may be cited as the Shire of Exampleton Refuse on Building Sites Amendment Local Law 2022.

2. Commencement
This local law comes into operation 14 days after the date of its publication in the Government Gazette.

3. By-laws amended
This local law amends the {BY_LAWS} published in the Government Gazette on 15 May 1987.

4. {heading}
{BY_LAW_3}

————
Dated: 3 March 2022.
The Common Seal of the Shire of Exampleton was affixed by authority of a resolution of the Council in the presence of—
A. B. EXAMPLE, Shire President.
C. D. EXAMPLE, Chief Executive Officer.
———————————
"""


def _by_laws_after(tmp_path: Path, heading: str) -> tuple[str, list[str]]:
    """(its state, the numbers of its by-laws) of the by-laws on 1 June 2022, after the instrument above."""
    repo = Repository.init(tmp_path / "repo")
    law = parse(BY_LAWS_TEXT)
    repo.write_text(repo.law_path(law.meta.id), BY_LAWS_TEXT)
    path = tmp_path / "instrument.txt"
    path.write_text(_by_laws_instrument(heading), encoding="utf-8")
    amend(repo, path, gazette_date=dt.date(2022, 3, 10), discard=True)
    (law,) = repo.load_laws()
    state, version = in_force(build_timeline(law, repo.load_instruments()), dt.date(2022, 6, 1))
    return state, [p.num or "" for p in version.body] if version is not None else []


@pytest.mark.parametrize(
    "text",
    [BY_LAW_3, f"By-law 3 of the {BY_LAWS} is repealed.", f"By-law 3 of the {BY_LAWS} is deleted."],
)
def test_a_by_law_of_the_law_amended_repealed_is_deleted(text: str) -> None:
    assert _law_ops(text, BY_LAWS) == [("delete", "3", None, None, "once")]


@pytest.mark.parametrize(
    ("text", "law", "why"),
    [
        (BY_LAW_3, None, "it repeals a provision of a law"),
        ("By-law 3 of the Shire of Exampleton Dogs By-laws is repealed.", BY_LAWS, "the law it amends is"),
    ],
)
def test_a_by_law_of_another_law_or_of_no_law_told_is_refused(text: str, law: str | None, why: str) -> None:
    with pytest.raises(InstructionNotUnderstood, match=why):
        _law_ops(text, law)


def test_an_instruments_by_law_repeal_deletes_the_by_law_and_keeps_the_law(tmp_path: Path) -> None:
    state, numbers = _by_laws_after(tmp_path, "Clause 3 deleted")
    assert state != "repealed" and [n.rstrip(".") for n in numbers] == ["1", "2"]


@pytest.mark.parametrize("heading", ["Amendment", "Repeal"])
def test_a_by_law_repeal_with_its_heading_run_into_its_words_deletes_the_by_law_not_the_law(tmp_path: Path, heading: str) -> None:
    # "4. Amendment / By-law 3 of …": read as "Amendment By-law 3 of the … is repealed", the old engine repealed the whole
    # by-laws (their gazette date matched): exit 0, wrong law; then it was refused. (wr5b) The heading is cut before
    # "By-law 3 of …" (reading/headings.py), and by-law 3 alone is deleted, as under the heading "Clause 3 deleted"
    state, numbers = _by_laws_after(tmp_path, heading)
    assert state != "repealed" and [n.rstrip(".") for n in numbers] == ["1", "2"]
