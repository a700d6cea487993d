"""Layouts of real WA local laws the importer reads by general rules, each pinned on a small synthetic text.

Each text here is invented (a test fixture, not law) and laid out as councils print their laws: a schedule printed
as a bare ``SCHEDULE``, numbered entries in a schedule, paragraph labels with a closing bracket only, a title with
a bracketed word, a contents page with dotted leaders. Every test also checks the law reads back from its file.
"""

from __future__ import annotations

import pytest

from lawhistory.core.errors import ImportFailed
from lawhistory.core.ids import addresses
from lawhistory.core.labels import bare, next_letter
from lawhistory.core.model import Law
from lawhistory.files.textformat import parse, render
from lawhistory.reading.gazette import contents_headings
from lawhistory.reading.importers import ImportOptions, read_source
from lawhistory.reading.importers.repair import supplied_words
from lawhistory.reading.page_headers import unglue_page_headers

HEAD = """LOCAL GOVERNMENT ACT 1995
SHIRE OF EXAMPLE
DOGS LOCAL LAW 2020
Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the Council of the Shire of Example resolved on 1 June 2020 to make the following local law.
PART 1—PRELIMINARY
1.1 Citation
This local law may be cited as the Shire of Example Dogs Local Law 2020.
1.2 Interpretation
In this local law—
“Act” means the Dog Act 1976;
“CEO” means the Chief Executive Officer of the local government;
“district” means the district of the local government;
“local government” means the Shire of Example; and
“owner” has the meaning given to it in the Act.
1.3 Application
This local law applies throughout the district.
PART 2—DOGS
2.1 Exercise areas
Each place shown in the Schedule is a dog exercise area.
"""
TAIL = """————
Dated: 2 June 2020.
"""


def _law(body: str) -> Law:
    return _law_from(HEAD + body)


def _law_from(text: str) -> Law:
    imported = read_source((text + TAIL).encode(), ImportOptions(source="synthetic"), "synthetic.txt")
    (law,) = [law for law in imported.laws if law.meta.kind == "principal"]
    assert parse(render(law)) == law, "the law file does not read back as the same law"
    return law


def _cites(law: Law) -> dict[str, str | None]:
    return {a.citation: a.provision.text for a in addresses(law.body)}


def test_a_bare_schedule_line_is_schedule_1_with_the_number_noted_as_supplied() -> None:
    law = _law("SCHEDULE\nDOG EXERCISE AREAS\nReserve 24185, Darlington.\nReserve 30412, Mundaring.\n")
    schedule = law.body[-1]
    assert (schedule.kind, schedule.num, schedule.heading) == ("schedule", "1", "DOG EXERCISE AREAS")
    assert [c.text for c in schedule.children] == ["Reserve 24185, Darlington.", "Reserve 30412, Mundaring."]
    assert supplied_words(law.meta.notes) == ["1"]


def test_two_bare_schedule_lines_are_kept_as_words_with_a_note_naming_their_lines() -> None:
    law = _law("SCHEDULE\nReserve 24185.\nSCHEDULE\nReserve 30412.\n")
    assert not any(p.kind == "schedule" for p in law.body)
    assert "SCHEDULE Reserve 24185. SCHEDULE Reserve 30412." in " ".join(_cites(law)["2.1"].split())  # type: ignore[union-attr]
    assert any("read only 'SCHEDULE'" in n and "number them in the source" in n for n in law.meta.notes)


def test_numbered_entries_of_a_schedule_are_items_cited_by_their_number() -> None:
    law = _law(
        "SCHEDULE 1—DOG EXERCISE AREAS\n[Clause 2.1]\n1. The reserve known as Soldiers Park, bounded by\n"
        "Steere Street.\n2. The foreshore of Minninup Pool.\n"
    )
    cites = _cites(law)
    assert cites["Schedule 1 text 1"] == "[Clause 2.1]"
    assert cites["Schedule 1 item 1"] == "The reserve known as Soldiers Park, bounded by Steere Street."
    assert cites["Schedule 1 item 2"] == "The foreshore of Minninup Pool."
    assert "1. The reserve known as Soldiers Park" in render(law)


def test_entries_numbered_out_of_order_stay_text() -> None:
    law = _law("SCHEDULE 1—DOG EXERCISE AREAS\n1. The reserve.\n3. The foreshore.\n")
    assert not any(a.provision.kind == "item" for a in addresses(law.body))
    assert any(a.provision.text == "3. The foreshore." for a in addresses(law.body))


def test_labels_with_a_closing_bracket_only_are_paragraphs_kept_as_printed() -> None:
    law = _law(
        "PART 3—CHARGES\n3.1 Charges\nThe following may be imposed—\na)the charges for seizure; and\nb) the costs of keeping a dog.\n"
        "3.2 Notice\nA notice is to be given under the Act, as set out in a) above.\n"
    )
    cites = _cites(law)
    assert cites["3.1(a)"] == "the charges for seizure; and"
    assert cites["3.1(b)"] == "the costs of keeping a dog."
    assert [p.num for p in law.body[-1].children[-2].children] == ["a)", "b)"]
    assert "3.2(a)" not in cites  # "a)" inside a sentence is words, not a label


def test_half_bracket_labels_follow_each_other() -> None:
    assert next_letter("a)") == "b)" and next_letter("(a)") == "(b)"
    assert bare("a)") == "a" and bare("(iv)") == "iv"


def test_a_title_with_a_bracketed_word_is_one_title_block() -> None:
    text = HEAD.replace("DOGS LOCAL LAW 2020", "LOCAL GOVERNMENT (MEETINGS PROCEDURE) LOCAL LAW 2020").replace(
        "Shire of Example Dogs Local Law 2020", "Shire of Example Local Government (Meetings Procedure) Local Law 2020"
    )
    imported = read_source((text + TAIL).encode(), ImportOptions(source="synthetic"), "synthetic.txt")
    (law,) = imported.laws
    assert law.meta.title == "Shire of Example Local Government (Meetings Procedure) Local Law 2020"
    assert "(MEETINGS PROCEDURE)" in render(law)


def test_contents_entries_end_at_dotted_leaders_and_page_numbers() -> None:
    contents = "Table of Contents\n1.5 Repeal ........................ 107\nPart 2 – Committees ......... 107\n2.1 Establishment ..... 108\n"
    assert contents_headings(contents) == {"1.5": "Repeal", "2.1": "Establishment"}


def test_a_title_block_after_a_contents_page_starts_on_its_own_line() -> None:
    """The last contents entry ("SCHEDULE 1—PRESCRIBED OFFENCES") does not lend its last word to the title block."""
    contents = "ARRANGEMENT\nPART 1—PRELIMINARY\n1.1 Citation\n1.2 Interpretation\nSCHEDULE 1—PRESCRIBED OFFENCES\n"
    law = _law_from(HEAD.replace("LOCAL GOVERNMENT ACT 1995\n", contents + "LOCAL GOVERNMENT ACT 1995\n", 1))
    assert law.body[0].text == "LOCAL GOVERNMENT ACT 1995"  # not "OFFENCES LOCAL GOVERNMENT ACT 1995"


CLOSING = (
    "PART 3—REGISTERS\n3.1 Registers\nThe CEO is to keep—\n(a) a plan of the cemetery showing each grave site; and\n"
    "(b) a register of grants,\nand is to make them available for inspection during office hours.\n"
)


def test_words_closing_a_list_on_their_own_line_belong_to_the_list_holder() -> None:
    """A last item that stops short at a comma, then a line in small letters: the clause's closing words."""
    cites = _cites(_law(CLOSING))
    assert cites["3.1(b)"] == "a register of grants,"
    assert cites["3.1 text 1"] == "and is to make them available for inspection during office hours."


def test_a_list_goes_on_after_words_that_close_part_of_it() -> None:
    law = _law(
        "PART 3—VEHICLES\n3.1 Vehicles\nIn this clause—\nvehicle includes—\n(a) every conveyance capable of being "
        "propelled or drawn on wheels; and\n(b) an animal being ridden,\nbut excludes—\n(c) a wheel-chair; and\n(d) a pram.\n"
    )
    cites = _cites(law)
    assert cites["3.1 “vehicle” text 1"] == "but excludes—"
    assert cites["3.1 “vehicle” (c)"] == "a wheel-chair; and"
    assert cites["3.1 “vehicle” (d)"] == "a pram."


def test_a_last_item_that_wraps_at_the_margin_keeps_its_words() -> None:
    """A line that runs to the printed width and ends in a comma is wrapped: the next line is still the item's."""
    law = _law(
        CLOSING.replace(
            "(b) a register of grants,\n",
            "(b) a register of grants of right of burial kept in the order in which the grants were made,\n",
        )
    )
    cites = _cites(law)
    assert cites["3.1(b)"] == (
        "a register of grants of right of burial kept in the order in which the grants were made, "
        "and is to make them available for inspection during office hours."
    )
    assert "3.1 text 1" not in cites


def test_a_sentence_after_the_last_definition_belongs_to_the_interpretation_clause() -> None:
    law = _law(
        "PART 3—TERMS\n3.1 Definitions\nIn this Part—\n“pound” means a pound of the local government; and\n"
        "“pound keeper” means a person appointed to keep a pound.\n"
        "Where terms are not defined in this Part they have the meanings given to them in the Act.\n"
    )
    cites = _cites(law)
    assert cites["3.1 “pound keeper”"] == "“pound keeper” means a person appointed to keep a pound."
    assert cites["3.1 text 1"] == "Where terms are not defined in this Part they have the meanings given to them in the Act."


def test_a_second_sentence_of_a_definition_in_the_middle_of_the_list_stays_in_it() -> None:
    """Only after the last definition (the one before it ends in '; and') is a new sentence the clause's."""
    law = _law(
        "PART 3—TERMS\n3.1 Definitions\nIn this Part—\n“pound” means a pound of the local government.\n"
        "Where a pound is closed the term includes a place set aside for the purpose;\n"
        "“pound keeper” means a person appointed to keep a pound.\n"
    )
    cites = _cites(law)
    assert "3.1 text 1" not in cites
    assert cites["3.1 “pound”"] == (
        "“pound” means a pound of the local government. Where a pound is closed the term includes a place set aside "
        "for the purpose;"
    )


def test_an_offence_table_printed_one_cell_a_line_keeps_its_item_numbers_and_is_read_as_rows() -> None:
    """Item numbers printed alone on a line ("1", then the clause "2.1") are cells, never page numbers."""
    law = _law(
        "SCHEDULE 1—PRESCRIBED OFFENCES\nItem\nClause\nDescription\nModified penalty\n1\n2.1\n"
        "Exercising a dog in a prohibited place\n$250\n2\n2.1\nLeaving dog faeces\n$100\n"
    )
    schedule = law.body[-1]
    assert schedule.cells == ("Item", "Clause", "Description", "Modified penalty")
    assert [c.cells for c in schedule.children] == [
        ("1", "2.1", "Exercising a dog in a prohibited place", "$250"),
        ("2", "2.1", "Leaving dog faeces", "$100"),
    ]


def test_a_council_copys_page_numbers_are_still_left_out() -> None:
    from lawhistory.reading.importers.furniture import strip_running_lines

    text = "\n".join(["words"] * 8 + ["1"] + ["more words"] * 8 + ["2"] + ["last words"] * 3)
    kept, removed = strip_running_lines(text)
    assert removed == ["1", "2"] and "\n1\n" not in kept
    table = "\n".join(["Item", "Clause", "1", "2.1", "Offence", "$250", "2", "2.2", "Offence", "$100"] + ["x"] * 8)
    assert strip_running_lines(table) == (table, [])


def test_a_deleted_clause_holds_the_word_deleted_as_its_text_not_its_heading() -> None:
    law = _law("PART 3—KEEPING\n3.1 Deleted\n3.2 PART 4 deleted\n3.3 Limit\nA person shall not keep more than 2 dogs.\n")
    clauses = {p.num: p for p in law.body[-1].children}
    assert (clauses["3.1"].heading, clauses["3.1"].text) == (None, "Deleted")
    assert (clauses["3.2"].heading, clauses["3.2"].text) == (None, "PART 4 deleted")
    assert clauses["3.3"].heading == "Limit"


def test_contents_entries_end_at_a_part_with_a_spaced_dash_but_not_at_a_schedule_cited_in_a_heading() -> None:
    contents = (
        "CONTENTS\n2.4 Deleted\nPART 3 – KEEPING OF DOGS\n3.1 Public place—Item 4(1) of Division 1, Schedule 3.1 of Act\n"
        "3.2 Limit\nSCHEDULE 1—PRESCRIBED OFFENCES\n"
    )
    assert contents_headings(contents) == {
        "2.4": "Deleted",
        "3.1": "Public place—Item 4(1) of Division 1, Schedule 3.1 of Act",
        "3.2": "Limit",
    }


def test_page_headers_glued_to_their_page_numbers_are_read_as_the_other_headers_confirm() -> None:
    text = "GOVERNMENT GAZETTE, WA 56119 October 2000]\nwords\nGOVERNMENT GAZETTE, WA [9 October 20005612\nmore words\n"
    assert unglue_page_headers(text) == (
        "9 October 2000] GOVERNMENT GAZETTE, WA 5611\nwords\n5612 GOVERNMENT GAZETTE, WA [9 October 2000\nmore words\n"
    )


def test_a_glued_page_header_nothing_confirms_is_refused_naming_it_and_the_fix() -> None:
    with pytest.raises(ImportFailed, match=r"GOVERNMENT GAZETTE, WA 56119 October 2000\].*write it apart in the source"):
        unglue_page_headers("GOVERNMENT GAZETTE, WA 56119 October 2000]\nwords\n")


def test_a_gazette_notices_classification_lines_are_furniture() -> None:
    from lawhistory.reading.importers.furniture import strip_section_labels

    kept, removed = strip_section_labels("words\nLOCAL GOVERNMENT\nLG301*\nLOCAL GOVERNMENT ACT 1995\n")
    assert (kept, removed) == ("words\nLOCAL GOVERNMENT ACT 1995\n", ["LOCAL GOVERNMENT", "LG301*"])
    assert strip_section_labels("LOCAL GOVERNMENT\nPROPERTY LOCAL LAW 2016\n") == (
        "LOCAL GOVERNMENT\nPROPERTY LOCAL LAW 2016\n",
        [],
    )


def test_a_clause_heading_printed_over_two_lines_is_one_heading() -> None:
    law = _law(
        "PART 3—USE\n3.1 Activities which may be pursued on specified local\ngovernment property\n"
        "A determination may set aside an area for any activity.\n3.2 Signs\nthe words of a sign are its own.\n"
    )
    clauses = {p.num: p for p in law.body[-1].children}
    assert clauses["3.1"].heading == "Activities which may be pursued on specified local government property"
    assert clauses["3.1"].text == "A determination may set aside an area for any activity."
    assert (clauses["3.2"].heading, clauses["3.2"].text) == ("Signs", "the words of a sign are its own.")


def test_a_paragraph_printed_with_a_closing_bracket_only_is_found_by_its_citation() -> None:
    from lawhistory.amending.apply import find

    law = _law("PART 3—CHARGES\n3.1 Charges\nThe following may be imposed—\na) the charges for seizure; and\nb) the costs.\n")
    assert len(find(law.body, "3.1(a)")) == 1
