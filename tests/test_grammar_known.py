"""General readings added for first-sight cases still refused wrongly (issue 20), on synthetic sentences (not law).

Each test gives wording and the operations it must make (the same for its rewordings), or the refusal it must give
for a near miss; operations resolved against a synthetic law are applied and the result checked.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace
from pathlib import Path

import pytest

from lawhistory.amending.amend import AmendOutcome, amend
from lawhistory.amending.apply import ApplyRefused, WordsNotFound, apply_instrument, apply_operation
from lawhistory.amending.grammar.parse import heading_first
from lawhistory.amending.instructions import InstructionNotUnderstood, parse_unit
from lawhistory.amending.parts import Unit
from lawhistory.core.errors import LawHistoryError
from lawhistory.core.headings import amending_heading_end
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse
from lawhistory.reading.page_headers import unglue_page_headers
from tests.helpers import body_of, ops

# --- a connector deleted after a provision kept -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "by deleting “and” after paragraph (a);",
        'by deleting "and" after paragraph (a); and',
        "delete “and” after paragraph (a).",
        "Delete the word “and” after the paragraph (a).",
        "by deleting the word “and” after paragraph (a)",
    ],
)
def test_a_connector_deleted_after_a_provision_is_deleted_where_it_ends_that_provision(text: str) -> None:
    assert ops(text, "2.1(2)") == [("delete_words", "2.1(2)(a)", "and", "", "end", "once")]


def test_a_connector_deleted_after_a_provision_under_a_lead_is_of_the_leads_provision() -> None:
    assert ops("In clause 8(1) delete “or” after paragraph (b).") == [("delete_words", "8(1)(b)", "or", "", "end", "once")]


def test_a_connector_deleted_after_a_provision_leaves_its_semicolon_and_guesses_nothing() -> None:
    op = parse_unit(Unit("9", "In clause 8(1) delete “and” after paragraph (a).", None))[0]
    body = body_of("8. Hire\n  (1) A hirer must —\n    (a) pay; and\n    (b) clean.\n")
    done, _ = apply_operation(body, op)
    assert done[0].children[0].children[0].text == "pay;"
    assert done[0].children[0].children[1].text == "clean."
    # the provision named does not end with the connector (it is inside its words): nothing is deleted
    with pytest.raises(WordsNotFound):
        apply_operation(body_of("8. Hire\n  (1) A hirer must —\n    (a) pay and sign;\n    (b) clean.\n"), op)


@pytest.mark.parametrize(
    "text",
    [
        "by deleting “the” after paragraph (a);",
        "delete “and the” after paragraph (a).",
        "by deleting “, and” after paragraph (a);",
    ],
)
def test_other_words_deleted_after_a_provision_are_not_a_connector_and_are_refused(text: str) -> None:
    with pytest.raises(InstructionNotUnderstood, match="not a connector"):
        parse_unit(Unit("9", text, "2.1(2)"))


def test_a_connector_deleted_after_a_provision_with_new_text_is_refused() -> None:
    with pytest.raises(InstructionNotUnderstood):
        parse_unit(Unit("9", "by deleting “and” after paragraph (a) and inserting “or”;", "2.1(2)"))


# --- new words that hold a new provision --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # (known2) words that end (b) and go on into (c), its next label, are read (tests/test_grammar_known2.py)
        "by deleting “hall.” in paragraph (b) and substituting “hall; and (d) a pavilion or grandstand.”;",
        "In paragraph (a) delete “hall;” and insert “hall; or (c) a pavilion;”.",
        "In paragraph (b) after “hall” insert “; or (ca) a stand”.",
    ],
)
def test_new_words_holding_a_new_provision_are_refused_naming_it(text: str) -> None:
    with pytest.raises(InstructionNotUnderstood, match="hold a new provision"):
        parse_unit(Unit("9", text, "2.1(2)"))


@pytest.mark.parametrize(
    ("text", "new"),
    [
        # a reference to a provision by its kind is words, not a new provision
        (
            "In paragraph (b) delete “hall.” and insert “hall referred to in paragraph (c).”.",
            "hall referred to in paragraph (c).",
        ),
        ("In paragraph (b) delete “hall.” and insert “hall; and”.", "hall; and"),
        ("In paragraph (b) delete “hall” and insert “hall (including a pavilion)”.", "hall (including a pavilion)"),
    ],
)
def test_new_words_citing_provisions_or_in_brackets_are_still_words(text: str, new: str) -> None:
    assert [o[3] for o in ops(text, "2.1(2)")] == [new]


# --- an amending heading naming consequential amendments too -------------------------------------------------------


@pytest.mark.parametrize(
    "heading",
    [
        "Clause 2.7A inserted and consequential amendments",
        "Clause 5 amended and consequential amendment",
        "Clauses 3 and 4 replaced and consequential amendments",
    ],
)
def test_an_amending_heading_may_name_consequential_amendments(heading: str) -> None:
    assert amending_heading_end(heading + " After clause 2.7 insert:") == len(heading)


@pytest.mark.parametrize(
    ("line", "heading"),
    [
        # "consequential" alone, or other words after "and", are not part of the heading
        ("Clause 2.7A inserted and consequential changes", "Clause 2.7A inserted"),
        ("Clause 2.7A inserted and amendments", "Clause 2.7A inserted"),
    ],
)
def test_other_words_after_an_amending_heading_are_not_taken_into_it(line: str, heading: str) -> None:
    assert amending_heading_end(line) == len(heading)


PRINCIPAL = """---
id: x/meetings-local-law-2000
title: Shire of X Meetings Local Law 2000
local_government: Shire of X
kind: principal
made: null
gazette:
  date: 2000-03-01
  number: null
  pages: null
commencement:
  wording: This local law comes into operation on the day on which it is published in the Government Gazette.
  rule: on_gazettal
  date: 2000-03-01
source: 'synthetic test law (not law)'
---

1.1 Terms used
  In this local law—
  **presiding member** means the person presiding under clause 2.6(4);
  **member** means a councillor.

2.7 Deputy presiding
  The Deputy President presides if the Shire President is absent.

3.2 Who presides
  The person presiding under clause 2.6(4) keeps order.
"""

INSTRUMENT = """LOCAL GOVERNMENT ACT 1995

Shire of X

MEETINGS AMENDMENT LOCAL LAW 2001

Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the Council of the Shire of X resolved on 1 May 2001 to make the following local law.

1. Citation

This local law may be cited as the Shire of X Meetings Amendment Local Law 2001.

2. Commencement

This local law comes into operation on the day on which it is published in the Government Gazette.

3. Principal local law

In this local law the Shire of X Meetings Local Law 2000 is referred to as the principal local law.

4. Clause 2.8 inserted and consequential amendments

(1) After clause 2.7 of the principal local law the following clause is inserted —

“

2.8 Chosen member

A member chosen to preside has the powers of the presiding member.

”.

(2) Clause 3.2 of the principal local law is amended by deleting “2.6(4)” and inserting instead “2.6(4) or 2.8”.
"""


def test_an_instrument_under_such_a_heading_makes_each_of_its_changes(tmp_path: Path) -> None:
    repo = Repository.init(tmp_path / "repo")
    repo.write_text(repo.law_path(parse(PRINCIPAL).meta.id), PRINCIPAL)
    (tmp_path / "instrument.txt").write_text(INSTRUMENT, encoding="utf-8")
    outcomes, _ = amend(repo, tmp_path / "instrument.txt", gazette_date=dt.date(2001, 6, 1))
    (outcome,) = outcomes
    assert outcome.status == "applied"
    assert [(str(o.action), o.target) for o in outcome.instrument.operations] == [
        ("insert", "2.7"),
        ("substitute_words", "3.2"),
    ]


# --- definitions deleted by a list of unquoted terms, one a line, a term holding "or" (case 183) -------------------

TERMS_LAW = """---
id: x/waste-local-law-2000
title: Shire of X Waste Local Law 2000
local_government: Shire of X
kind: principal
made: null
gazette:
  date: 2000-03-01
  number: null
  pages: null
commencement:
  wording: This local law comes into operation on the day on which it is published in the Government Gazette.
  rule: on_gazettal
  date: 2000-03-01
source: 'synthetic test law (not law)'
---

3. Terms used
  In this local law—
  {extra}**back charge or back fee** means a charge imposed for a period before it is imposed;
  **bin** means a receptacle;
  **operating revenue** means revenue from collection;
  **waste contractor** means a person engaged to collect waste.

4. Charges
  The local government may impose a charge.
"""

TERMS_INSTRUMENT = """LOCAL GOVERNMENT ACT 1995

Shire of X

WASTE AMENDMENT LOCAL LAW 2001

Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the Council of the Shire of X resolved on 1 May 2001 to make the following local law.

1. Citation

This local law is the Shire of X Waste Amendment Local Law 2001.

2. Commencement

This local law comes into operation on the day on which it is published in the Government Gazette.

3. Local law amended

This local law amends the Shire of X Waste Local Law 2000.

4. Clause 3 amended

(1) In clause 3 delete the definitions of:
{lines}
(2) In clause 4 delete “a charge” and insert:

a fee
"""


def _amend_terms(tmp_path: Path, lines: str, extra: str = "") -> AmendOutcome:
    law = TERMS_LAW.replace("{extra}", extra)
    repo = Repository.init(tmp_path / "repo")
    repo.write_text(repo.law_path(parse(law).meta.id), law)
    (tmp_path / "instrument.txt").write_text(TERMS_INSTRUMENT.replace("{lines}", lines), encoding="utf-8")
    outcomes, _ = amend(repo, tmp_path / "instrument.txt", gazette_date=dt.date(2001, 6, 1))
    (outcome,) = outcomes
    return outcome


def test_an_unquoted_list_of_terms_deleted_is_read_once_whatever_or_it_holds() -> None:
    # a term a line, run together in the text: one run, told apart by the law's own terms when applied
    text = "In clause 3 delete the definitions of: back charge or back fee operating revenue waste contractor"
    assert ops(text) == [("delete", "3 “back charge or back fee operating revenue waste contractor”", "", "", "", "once")]


def test_definitions_deleted_by_unquoted_terms_one_a_line_the_term_holding_or_is_one_term(tmp_path: Path) -> None:
    outcome = _amend_terms(tmp_path, "back charge or back fee\noperating revenue\nwaste contractor")
    assert outcome.status == "applied", outcome.reason
    assert [o.target for o in outcome.instrument.operations][:3] == [
        "3 “back charge or back fee”",
        "3 “operating revenue”",
        "3 “waste contractor”",
    ]


def test_a_term_holding_or_that_is_also_two_terms_the_law_defines_is_refused_naming_both(tmp_path: Path) -> None:
    extra = "**back charge** means a charge;\n  **back fee** means a fee;\n  "
    with pytest.raises(LawHistoryError, match=r"“back charge or back fee” is a term.*“back charge” and “back fee”"):
        _amend_terms(tmp_path, "back charge or back fee\noperating revenue", extra)


def test_a_line_of_a_list_of_terms_deleted_naming_no_definition_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LawHistoryError, match="waste collector"):
        _amend_terms(tmp_path, "back charge or back fee\nwaste collector")


# --- a Division's heading replaced by a Part's: the unit's kind and label change, its contents kept (case 187) ------

DIVISIONS_LAW = """---
id: x/health-local-law-2000
title: Shire of X Health Local Law 2000
local_government: Shire of X
kind: principal
made: null
gazette:
  date: 2000-03-01
  number: null
  pages: null
commencement:
  wording: This local law comes into operation on the day on which it is published in the Government Gazette.
  rule: on_gazettal
  date: 2000-03-01
source: 'synthetic test law (not law)'
---

Division 1—PRELIMINARY

1. Citation
  This is the Shire of X Health Local Law 2000.

Division 2—SANITARY CONVENIENCES

2. Number of conveniences
  The owner of a house shall provide a water closet.
"""

DIVISIONS_INSTRUMENT = """HEALTH ACT 1911

SHIRE OF X

HEALTH AMENDMENT LOCAL LAW 2001

Made by the Council of the Shire of X under section 342 of the Health Act 1911 by resolution on 1 May 2001.

Citation

1. This local law may be cited as the Shire of X Health Amendment Local Law 2001.

Commencement

2. This local law comes into operation on the day on which it is published in the Gazette.

Principal local law

3. This local law amends the Shire of X Health Local Law 2000.

Division 1 amended

4. Division 1 of the principal local law is amended by deleting the heading “DIVISION 1.—PRELIMINARY.” and substituting the following heading—

“PART 1—PRELIMINARY”
{more}
Dated this 21st day of May 2001.
"""

DIVISION_2_RENAMED = """
Division 2 amended

5. Division 2 of the principal local law is amended by deleting the heading “DIVISION 2.—SANITARY CONVENIENCES.” and substituting the following heading—

“PART 2—SANITARY CONVENIENCES”
"""

KIND_CHANGE = (
    "Division 1 of the principal by-laws is amended by deleting the heading “DIVISION 1.—PRELIMINARY.” and "
    "substituting the following heading— “ PART 1—PRELIMINARY ”"
)


def _amend_divisions(tmp_path: Path, more: str) -> tuple[AmendOutcome, Repository]:
    repo = Repository.init(tmp_path / "repo")
    repo.write_text(repo.law_path(parse(DIVISIONS_LAW).meta.id), DIVISIONS_LAW)
    (tmp_path / "instrument.txt").write_text(DIVISIONS_INSTRUMENT.replace("{more}", more), encoding="utf-8")
    outcomes, _ = amend(repo, tmp_path / "instrument.txt", gazette_date=dt.date(2001, 6, 1))
    (outcome,) = outcomes
    return outcome, repo


def test_a_heading_quoted_as_printed_replaced_by_another_kinds_heading_is_read_with_its_label() -> None:
    (op,) = parse_unit(Unit("4", KIND_CHANGE, None))
    assert (str(op.action), op.target, op.words, op.new) == (
        "substitute_heading",
        "Division 1",
        "DIVISION 1.—PRELIMINARY.",
        "PART 1—PRELIMINARY",
    )
    assert op.describe() == "substitute the heading of Division 1; Division 1 becomes Part 1, its contents kept"


def test_a_heading_quoted_as_printed_replaced_by_a_heading_of_its_own_kind_keeps_the_kind() -> None:
    text = KIND_CHANGE.replace("PART 1—PRELIMINARY", "DIVISION 1—GENERAL")
    (op,) = parse_unit(Unit("4", text, None))
    assert (op.target, op.words, op.new, op.describe()) == (
        "Division 1",
        "DIVISION 1.—PRELIMINARY.",
        "GENERAL",
        "substitute the heading of Division 1",
    )
    with pytest.raises(InstructionNotUnderstood, match="labelled “DIVISION 2—”, not Division 1"):
        parse_unit(Unit("4", KIND_CHANGE.replace("PART 1—PRELIMINARY", "DIVISION 2—GENERAL"), None))
    with pytest.raises(InstructionNotUnderstood, match=re.escape("labelled “DIVISION 3.—”, not Division 1")):
        parse_unit(Unit("4", KIND_CHANGE.replace("DIVISION 1.—", "DIVISION 3.—"), None))


def test_divisions_renamed_parts_hold_the_same_clauses_and_the_history_says_the_kind_changed(tmp_path: Path) -> None:
    outcome, _ = _amend_divisions(tmp_path, DIVISION_2_RENAMED)
    assert outcome.status == "applied", outcome.reason
    body = body_of(DIVISIONS_LAW.split("---\n", 2)[2])
    done = apply_instrument(body, outcome.instrument).body
    assert [(p.kind, p.num, p.heading, [c.num for c in p.children]) for p in done] == [
        ("part", "1", "PRELIMINARY", ["1"]),
        ("part", "2", "SANITARY CONVENIENCES", ["2"]),
    ]
    assert done[0].children == body[0].children and done[1].children == body[1].children
    assert [o.describe() for o in outcome.instrument.operations] == [
        "substitute the heading of Division 1; Division 1 becomes Part 1, its contents kept",
        "substitute the heading of Division 2; Division 2 becomes Part 2, its contents kept",
    ]


def test_a_division_left_after_a_division_made_a_part_is_refused(tmp_path: Path) -> None:
    # Division 2 would stand after Part 1 at the top of the law, where the law's text reads it as Part 1's
    with pytest.raises(LawHistoryError, match="division 2 would stand after part 1"):
        _amend_divisions(tmp_path, "")


def test_a_unit_made_another_kind_is_refused_where_its_label_is_taken_or_it_cannot_stand() -> None:
    body = body_of(DIVISIONS_LAW.split("---\n", 2)[2])
    first = parse_unit(Unit("4", KIND_CHANGE, None))[0]
    done, _ = apply_operation(body, first)
    second = parse_unit(
        Unit(
            "5",
            KIND_CHANGE.replace("Division 1 of", "Division 2 of").replace(
                "DIVISION 1.—PRELIMINARY.", "DIVISION 2.—SANITARY CONVENIENCES."
            ),
            None,
        )
    )[0]
    with pytest.raises(ApplyRefused, match="already has part 1"):
        apply_operation(done, second)
    # a Division inside a Part cannot become a Part; a Part holding Divisions cannot become a Division
    nested = body_of("PART 1—GENERAL\n\nDivision 1—PRELIMINARY\n\n1. Citation\n  This is a law.\n")
    with pytest.raises(ApplyRefused, match="where no part can stand"):
        apply_operation(nested, replace(first, target="Part 1 Division 1"))
    to_division = parse_unit(
        Unit(
            "4",
            KIND_CHANGE.replace("Division 1 of", "Part 1 of")
            .replace("DIVISION 1.—PRELIMINARY.", "PART 1.—GENERAL.")
            .replace("PART 1—PRELIMINARY", "DIVISION 1—GENERAL"),
            None,
        )
    )[0]
    with pytest.raises(ApplyRefused, match="holds divisions"):
        apply_operation(nested, to_division)


def test_a_heading_quoted_as_printed_that_is_not_the_units_heading_is_refused() -> None:
    body = body_of(DIVISIONS_LAW.split("---\n", 2)[2])
    op = parse_unit(Unit("4", KIND_CHANGE.replace("DIVISION 1.—PRELIMINARY.", "DIVISION 1.—GENERAL."), None))[0]
    with pytest.raises(ApplyRefused, match=re.escape("“DIVISION 1.—GENERAL.”, is not the heading of division 1")):
        apply_operation(body, op)


def test_an_amending_heading_before_its_number_may_name_a_division() -> None:
    # "… “PART 1—PRELIMINARY” Division 2 amended 5. Division 2 of …": after a closing quotation mark, only an amending
    # heading may begin, and "Division 2 amended" is one (as core/headings.lark's amending_heading has it)
    assert heading_first("Division 2 amended", True)
    assert heading_first("Subdivision 1 inserted", True)


def test_a_bracketed_page_header_printed_with_wide_spaces_is_read_apart() -> None:
    assert unglue_page_headers("29 July 1997]            GOVERNMENT GAZETTE, WA            4071") == (
        "29 July 1997] GOVERNMENT GAZETTE, WA 4071"
    )
