"""Constructs of the amending language read after the third first-sight round (cases 122–131, SOURCES-i.md).

Synthetic instructions (not law): each test gives wording and the operations it must make, or the refusal it must
give; each would fail on the engine before the fix it guards.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from lawhistory.amending.amend import amend
from lawhistory.amending.apply import ApplyRefused, apply_operation
from lawhistory.amending.frame import frame_kind
from lawhistory.amending.instructions import InstructionNotUnderstood, parse_unit
from lawhistory.amending.parts import Unit
from lawhistory.amending.timeline import build_timeline
from lawhistory.core.headings import amending_heading_end
from lawhistory.core.ids import Citation, Fragment
from lawhistory.core.model import Provision as P
from lawhistory.core.operations import Operation
from lawhistory.core.versions import in_force
from lawhistory.files.repo import Repository
from lawhistory.reading.importers.build import _kind


def ops(text: str, context: str | None = None) -> list[tuple[str, ...]]:
    return [(str(o.action), o.target, o.words or "") for o in parse_unit(Unit("9", text, context))]


# --- a law repealed: its title told apart from the words of its publication -------------------------------------


def test_a_repeal_item_printed_with_the_ocr_govemment_names_the_law_by_its_title() -> None:
    text = (
        "The following local laws are repealed— (a) the Shire of X Dogs Local Law 1999 published in the Government "
        "Gazette on 11 June 1999; and (b) the X Road Board By-laws Relating to Wells published in the Govemment "
        "Gazette on 4 May 1951."
    )
    assert ops(text) == [
        ("repeal", "Shire of X Dogs Local Law 1999", "1999-06-11"),
        ("repeal", "X Road Board By-laws Relating to Wells", "1951-05-04"),
    ]


def test_a_repeal_whose_title_still_holds_its_publication_words_is_refused() -> None:
    # "Govt." is not read as the gazette's name, so the words after the title stay in it: such a title names a law no
    # repository holds, and applying it would leave the law meant in force
    text = "The following local laws are repealed— (a) the X Road Board By-laws Relating to Wells published in the Govt. Gazette on 4 May 1951."
    with pytest.raises(InstructionNotUnderstood, match="told apart from the words of its publication"):
        parse_unit(Unit("9", text, None))


def test_a_repeal_list_naming_more_publications_than_titles_read_is_refused() -> None:
    # the second law runs into the first item's words: read as one, the second would stay in force
    text = (
        "The following local laws are repealed— (a) the X Dogs Local Law published in the Government Gazette on 1 May "
        "1998 and the Y By-laws published in the Government Gazette on 2 May 1999."
    )
    with pytest.raises(InstructionNotUnderstood, match="2 laws by their publication, but only 1"):
        parse_unit(Unit("9", text, None))


def test_the_laws_repealed_and_all_amendments_to_them_listed_with_roman_numerals() -> None:
    text = (
        "The following local laws, and all amendments to them, are repealed— (i) Town of X Local Law Relating to Eating "
        "Houses, published in the Government Gazette on 10 July 1998; (ii) Town of X Local Law Relating to Signs, "
        "published in the Government Gazette on 19 March 1999 and amended in the Government Gazette on 4 May 2001."
    )
    assert ops(text) == [
        ("repeal", "Town of X Local Law Relating to Eating Houses", "1998-07-10"),
        ("repeal", "Town of X Local Law Relating to Signs", "1999-03-19"),
    ]


def test_a_repeal_list_without_labels_one_law_a_line() -> None:
    text = (
        "The following local laws of the Shire of X are repealed— Local Law No. 8 (Signs), published in the Government "
        "Gazette on 28 November 1997; Local Law No. 12 (Eating Houses), published in the Government Gazette on 15 May 1998."
    )
    assert ops(text) == [
        ("repeal", "Local Law No. 8 (Signs)", "1997-11-28"),
        ("repeal", "Local Law No. 12 (Eating Houses)", "1998-05-15"),
    ]


# --- the frame: a saving of what was done under the laws repealed -----------------------------------------------


def test_a_saving_subclause_is_no_instruction() -> None:
    saving = "The repeal of a local law by subclause (1) does not affect any licence issued under that local law."
    assert frame_kind("", saving) == "savings"
    assert parse_unit(Unit("3(2)", saving, None)) == []
    # words that change a law are never a saving, whatever they begin with
    assert frame_kind("", "The repeal of clause 5 does not affect clause 6; delete “dog” in clause 6.") is None


def test_a_title_naming_what_the_numbered_local_law_does_is_a_repeal() -> None:
    assert _kind("Shire of X Local Law No. 16—Repeal of Local Laws", "") == "repeal"
    assert _kind("Shire of X Local Law No. 15—Health", "") == "principal"


# --- words and headings ------------------------------------------------------------------------------------------


def with_new(text: str, context: str | None = None) -> list[tuple[str, ...]]:
    return [(str(o.action), o.target, o.words or "", o.new or "") for o in parse_unit(Unit("9", text, context))]


def test_inserting_after_quoted_words_the_words() -> None:
    assert with_new("in clause 3.4(c), by inserting after “fauna” the words “or disturb any nesting bird”;") == [
        ("insert_words", "3.4(c)", "fauna", "or disturb any nesting bird")
    ]


def test_a_heading_replaced_by_a_quoted_heading_in_the_part_the_lead_names() -> None:
    assert with_new("in Part 3, by deleting the heading to Division 2 and substituting the heading “Prohibited Activities”.") == [
        ("substitute_heading", "Part 3 Division 2", "", "Prohibited Activities")
    ]


@pytest.mark.parametrize("marks", ["“”", "‘’"])
def test_a_definition_printed_with_only_its_term_quoted(marks: str) -> None:
    o, c = marks
    text = (
        f"in clause 2.1, by deleting the definition of “authorised person” and substituting— {o}authorised person{c} "
        "means a person appointed by the City;"
    )
    assert with_new(text) == [
        ("substitute", "2.1 “authorised person”", "", "**authorised person** means a person appointed by the City;")
    ]
    # more quoted words after the term: not such a definition, and still refused as uncertain
    with pytest.raises(InstructionNotUnderstood, match="words follow the quoted new text"):
        parse_unit(Unit("9", "in clause 2.1, delete “a” and substitute— “b” means “c” and “d”", None))


# --- a numbered local law named by its number and its subject in brackets ----------------------------------------

PRINCIPAL = """---
id: testville/local-law-no-8-signs
title: Shire of Testville Local Law No. 8—Signs
local_government: Shire of Testville
kind: principal
made: null
gazette:
  date: 1997-11-28
  number: null
  pages: null
commencement:
  wording: This local law comes into operation on the day on which it is published in the Government Gazette.
  rule: on_gazettal
  days: 0
  date: 1997-11-28
partial: true
source: 'synthetic test law (not law)'
---

1. Citation
  This local law may be cited as the Shire of Testville Local Law No. 8—Signs.
"""

REPEAL = """6 June 2003 GOVERNMENT GAZETTE, WA 2051

LOCAL GOVERNMENT ACT 1995

SHIRE OF TESTVILLE

LOCAL LAW No. 16

REPEAL OF LOCAL LAWS

Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the Council of the Shire of Testville resolved on 15 May 2003 to make the following local law.

1. Citation
This local law may be cited as the Shire of Testville Local Law No. 16—Repeal of Local Laws.

2. Commencement
This local law comes into operation on the day on which it is published in the Government Gazette.

3. Repeal
The following local laws of the Shire of Testville are repealed—
Local Law No. 8 (Signs), published in the Government Gazette on 28 November 1997.

Dated this 20th day of May 2003.
"""


def test_a_numbered_local_law_named_by_its_number_and_bracketed_subject_is_repealed(tmp_path: Path) -> None:
    repo = Repository.init(tmp_path / "repo")
    repo.write_text(repo.law_path("testville/local-law-no-8-signs"), PRINCIPAL)
    (tmp_path / "repeal.txt").write_text(REPEAL, encoding="utf-8")
    outcomes, _ = amend(repo, tmp_path / "repeal.txt")
    assert [o.status for o in outcomes] == ["applied"]
    law = repo.law_by_id("testville/local-law-no-8-signs")
    assert law is not None
    assert in_force(build_timeline(law, repo.load_instruments()), dt.date(2003, 6, 6))[0] == "repealed"


# --- provisions given new labels ---------------------------------------------------------------------------------


def test_clauses_renumbered_respectively_one_renumber_each_in_order() -> None:
    assert with_new("Renumber clauses 4.5 and 4.6 as clauses 4.4 and 4.5 respectively.") == [
        ("renumber", "4.5", "", "4.4"),
        ("renumber", "4.6", "", "4.5"),
    ]
    # new labels above the old ones: the last is renumbered first, so no label is held twice between them
    assert with_new("Clauses 4.5 and 4.6 are renumbered as clauses 4.6 and 4.7.") == [
        ("renumber", "4.6", "", "4.7"),
        ("renumber", "4.5", "", "4.6"),
    ]


def test_a_row_of_a_schedule_named_by_an_ordinal_renumbered_and_deleted() -> None:
    assert with_new("In the Second Schedule renumber item 3 as item 2.") == [("renumber", "Second Schedule item 3", "", "2")]
    assert with_new("In the Second Schedule delete item 2.") == [("delete", "Second Schedule item 2", "", "")]


def test_renumbering_joined_to_another_change_is_still_refused() -> None:
    # (issue 20, wr4a) provisions deleted, then others renumbered, is read (provisions_deleted_renumbered); a renumbering
    # joined to a word edit is not
    assert with_new("In clause 3 delete paragraph (b) and renumber paragraphs (c) and (d) as paragraphs (b) and (c).") == [
        ("delete", "3(b)", "", ""),
        ("renumber", "3(c)", "", "(b)"),
        ("renumber", "3(d)", "", "(c)"),
    ]
    with pytest.raises(InstructionNotUnderstood, match="new labels"):
        parse_unit(Unit("9", "In clause 3 delete “dog” and renumber paragraphs (c) and (d) as paragraphs (b) and (c).", None))


def test_a_provision_named_as_renumbered_by_an_earlier_clause() -> None:
    assert with_new("In clause 4.5 (as renumbered by clause 5) delete “clause 4.5” and insert “clause 4.4”.") == [
        ("substitute_words", "4.5", "clause 4.5", "clause 4.4")
    ]


def test_renumber_applies_the_new_label_and_keeps_the_words() -> None:
    body = (
        P(kind="clause", num="4.4", heading="Application", text="An application is made."),
        P(kind="schedule", num="Second", heading="EVENTS", cells=("Item", "Event"), children=(
            P(kind="item", num="3", cells=("3", "Pageant")),
        )),
    )  # fmt: skip
    got, _ = apply_operation(body, Operation(clause="5", action="renumber", target="4.4", new="4.3", source="x"))
    assert got[0] == P(kind="clause", num="4.3", heading="Application", text="An application is made.")
    got, _ = apply_operation(body, Operation(clause="5", action="renumber", target="Second Schedule item 3", new="2", source="x"))
    assert got[1].children[0] == P(kind="item", num="2", cells=("2", "Pageant"))


def test_renumber_to_a_label_held_beside_it_is_refused() -> None:
    body = (P(kind="clause", num="4.4", text="A."), P(kind="clause", num="4.5", text="B."))
    with pytest.raises(ApplyRefused, match="already in the law"):
        apply_operation(body, Operation(clause="5", action="renumber", target="4.5", new="4.4", source="x"))


def test_a_schedule_named_by_an_ordinal_is_a_citation_of_a_schedule() -> None:
    assert Citation.of("Second Schedule item 2").fragments == (Fragment("schedule", "Second"), Fragment("item", "2"))


def test_headings_that_say_a_provision_is_renumbered_or_an_ordinal_schedule_amended() -> None:
    assert amending_heading_end("Clauses 4.5 and 4.6 renumbered") is not None
    assert amending_heading_end("Second Schedule amended") is not None
