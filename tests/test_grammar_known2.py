"""General readings for KNOWN cases of issue 20 (brief: known2), on synthetic sentences and laws (not law).

Each test gives the wording of a shape a real-modelled case has and the operations (or law) it must make, and a near
miss it must refuse; each fails on the engine before the reading it guards.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lawhistory.amending.amend import _read_one
from lawhistory.amending.apply import WordsNotFound, apply_operation
from lawhistory.amending.grammar.parse import heading_first
from lawhistory.amending.instructions import InstructionNotUnderstood, parse_unit
from lawhistory.amending.parts import Unit, payload_provisions
from lawhistory.deriving.library import read_file
from lawhistory.files.textformat import render_body
from lawhistory.reading.gazette import normalise
from lawhistory.reading.importers import ImportOptions, read_source
from tests.helpers import body_of, ops

# --- 1. words substituted that end a provision and carry the next provision --------------------------------------

LIST = "8. Hire\n  (1) A hall includes —\n    (a) a community hall; and\n    (b) a supper room attached to a hall.\n"


@pytest.mark.parametrize(
    "text",
    [
        "by deleting “hall.” in paragraph (b) and substituting the following — “hall; and (c) a pavilion or grandstand.”",
        'delete "hall." in paragraph (b) and insert — " hall; and\n\n(c)     a pavilion or grandstand. ".',
        "In paragraph (b) delete “hall.” and substitute “hall; and (c) a pavilion or grandstand.”",
    ],
)
def test_words_that_end_a_provision_then_the_next_label_are_its_last_words_and_a_provision_after(text: str) -> None:
    assert ops(text, "8(1)") == [
        ("substitute_words", "8(1)(b)", "hall.", "hall; and", "end", "once"),
        ("insert", "8(1)(b)", "", "(c) a pavilion or grandstand.", "after", "once"),
    ]
    body = body_of(LIST)
    for op in parse_unit(Unit("9", text, "8(1)")):
        body, _ = apply_operation(body, op)
    assert render_body(body) == (
        "8. Hire\n  (1) A hall includes —\n    (a) a community hall; and\n    (b) a supper room attached to a hall; and\n"
        "    (c) a pavilion or grandstand.\n"
    )


def test_words_with_the_next_provision_replaced_inside_a_provision_are_not_put_in() -> None:
    # the words replaced are not the provision's last: the words after them would be neither (b)'s nor (c)'s
    body = body_of("8. Hire\n  (1) A hall includes —\n    (a) a community hall; and\n    (b) a room or hall used.\n")
    first = parse_unit(Unit("9", "in paragraph (b) delete “room” and substitute “room; and (c) a pavilion”", "8(1)"))[0]
    with pytest.raises(WordsNotFound):
        apply_operation(body, first)


def test_words_before_a_label_that_is_not_the_next_one_are_still_refused() -> None:
    with pytest.raises(InstructionNotUnderstood, match="new provision"):
        parse_unit(Unit("9", "in paragraph (b) delete “hall.” and substitute “hall; and (d) a pavilion.”", "8(1)"))


# --- 2. a Schedule's new heading with its reference note ------------------------------------------------------------

SCHEDULE = "Schedule 1—EXERCISE AREAS\n{ref}| Item | Area |\n|---|---|\n| 1 | Oval |\n"
NEW_HEADING = "Delete the heading to Schedule 1 and insert:\n\nSchedule 1 — EXERCISE AREAS AND TIMES\n\n[cl. 2.4(1)]"


def _heading_applied(law: str) -> str:
    (op,) = parse_unit(Unit("5", NEW_HEADING, None))
    assert (str(op.action), op.target) == ("substitute_heading", "Schedule 1")
    body, _ = apply_operation(body_of(law), op)
    return render_body(body)


def test_a_schedule_heading_s_reference_note_replaces_the_reference_line_under_it() -> None:
    assert _heading_applied(SCHEDULE.format(ref="[cl. 2.4]\n")) == SCHEDULE.format(ref="[cl. 2.4(1)]\n").replace(
        "EXERCISE AREAS", "EXERCISE AREAS AND TIMES"
    )


def test_a_schedule_heading_s_reference_note_is_no_heading_word_where_the_law_prints_none() -> None:
    assert _heading_applied(SCHEDULE.format(ref="")) == SCHEDULE.format(ref="").replace(
        "EXERCISE AREAS", "EXERCISE AREAS AND TIMES"
    )


def test_a_reference_note_on_a_part_s_new_heading_is_still_refused() -> None:
    with pytest.raises(InstructionNotUnderstood, match="reference note"):
        parse_unit(Unit("5", "Delete the heading to Part 2 and insert:\n\nPart 2 — AREAS\n\n[cl. 2.4(1)]", None))


# --- 3. a copy printing clauses, labels and a new clause's provisions as table cells --------------------------------

CELLS = (
    "| (1) | After clause 3.1 the following clause is inserted — |\n"
    "“\n"
    "| 3.1A. | Fees for a late application |\n"
    "| (1) | A late application is to be charged a fee. |\n"
    "| (2) | The fee is — |\n"
    "| (a) | set by the local government; and |\n"
    "| (b) | paid on application. |\n"
    "”.\n"
    "| (2) | Clause 1.4 is amended by inserting after “3.1,” — |\n"
    "| “ 3.1A(1), ”. | |\n"
)


def test_clauses_labels_and_new_provisions_printed_as_cells_are_read_as_lines() -> None:
    assert " ".join(normalise(CELLS).text.split()) == (
        "(1) After clause 3.1 the following clause is inserted — “ 3.1A. Fees for a late application (1) A late "
        "application is to be charged a fee. (2) The fee is — (a) set by the local government; and (b) paid on "
        "application. ”. (2) Clause 1.4 is amended by inserting after “3.1,” — “ 3.1A(1), ”."
    )


@pytest.mark.parametrize(
    "table",
    [
        # a table's rows (a rule, a row of several cells of words) stay a table, labelled rows and all
        "| Item | Offence |\n|---|---|\n| (a) | Failing to register a dog |\n",
        "| 3.1A. | Late application | $50 |\n| (a) | set by the local government |\n",
        # rows of words only, with no label or clause number beside them: not read as provisions
        "| This local law may be cited as the Example Local Law 1999. |\n| “ 3.1A(1), ”. | |\n",
    ],
)
def test_a_table_or_rows_of_words_alone_are_left_as_printed(table: str) -> None:
    assert " ".join(normalise(table).text.split()) == " ".join(table.split())


# --- 4. a definition named without "of" (older drafting) ---------------------------------------------------------


@pytest.mark.parametrize("text", ["by deleting the definition “Health Surveyor”;", 'delete the definition "Health Surveyor".'])
def test_a_definition_named_without_of_is_deleted(text: str) -> None:
    assert ops(text, "1.3") == [("delete", "1.3 “Health Surveyor”", "", "", "", "once")]


def test_a_definition_inserted_before_one_named_without_of_goes_just_before_it() -> None:
    text = "by inserting before the definition “owner” the following definition— “ “officer” means a person; ”."
    assert ops(text, "1.3") == [("insert_definition", "1.3", "owner", "**officer** means a person;", "before", "once")]


# --- 4b. marginal notes with full stops on lines of their own, before each clause's number -------------------------

DOTTED = """SHIRE OF EXAMPLE

HEALTH AMENDMENT LOCAL LAW 2005

Under the powers conferred by the Health Act 1911 and under all other powers enabling it, the Council of the Shire of Example resolved on 20 September 2005 to make the following local law.

Citation.

1.    This local law may be cited as the Shire of Example Health Amendment Local Law 2005.

Commencement.

2.    This local law comes into operation on the day on which it is published in the Government Gazette.

Principal local law.

3.    In this local law the Shire of Example Health Local Law 2003 is referred to as the principal local law.

Clause 1.3 amended.

4.    Clause 1.3 of the principal local law is amended by deleting the definition "Health Surveyor".

Clause 3.2 amended.

5.    Clause 3.2 of the principal local law is amended by deleting "7 days" and substituting "14 days".

Dated: 28 September 2005.
"""


def test_an_amending_heading_with_its_full_stop_after_a_sentence_is_a_heading_printed_first() -> None:
    assert heading_first("Clause 1.3 amended.", False)
    assert not heading_first("Clause 1.3 of the principal local law.", False)


def test_marginal_notes_with_full_stops_on_lines_of_their_own_head_the_clauses_after_them(tmp_path: Path) -> None:
    path = tmp_path / "instrument.txt"
    path.write_text(DOTTED, encoding="utf-8")
    (law,) = [x for x in read_source(read_file(path), ImportOptions(), str(path)).laws if x.meta.kind != "principal"]
    inst = _read_one(law)
    assert [(str(o.action), o.target, o.words, o.new) for o in inst.operations] == [
        ("delete", "1.3 “Health Surveyor”", None, None),
        ("substitute_words", "3.2", "7 days", "14 days"),
    ]


# --- 4c. a general amendment in the provisions a Schedule printed after its clause lists ----------------------------

GENERAL = (
    "The principal local law is amended by deleting “Health Surveyor” wherever occurring in the provisions of the "
    "principal local law referred to in the Schedule to this clause and substituting in each case the following— "
    "“ Environmental Health Officer ”. SCHEDULE. Clauses 3.2, 4.1 and 5.3."
)


def test_a_general_amendment_in_the_provisions_its_clause_s_schedule_lists_is_made_in_each_of_them() -> None:
    want = [("substitute_words", t, "Health Surveyor", "Environmental Health Officer", "", "all") for t in ("3.2", "4.1", "5.3")]
    assert ops(GENERAL) == want
    # the operations keep the instrument's words, Schedule and all
    assert {op.source for op in parse_unit(Unit("9", GENERAL, None))} == {GENERAL}


@pytest.mark.parametrize(
    "text",
    [
        "The principal local law is amended by deleting “Health Surveyor” wherever occurring in clauses 3.2, 4.1 and 5.3 "
        "and substituting in each case the following— “ Environmental Health Officer ”.",
        "Delete “Health Surveyor” wherever occurring in clauses 3.2, 4.1 and 5.3 and insert “Environmental Health Officer”.",
    ],
)
def test_words_replaced_in_several_provisions_named_after_the_words_are_replaced_in_each(text: str) -> None:
    assert [o[1] for o in ops(text)] == ["3.2", "4.1", "5.3"]


def test_the_schedule_to_a_clause_that_lists_no_provisions_is_not_read_as_places() -> None:
    text = GENERAL.replace("Clauses 3.2, 4.1 and 5.3.", "The provisions about inspections.")
    with pytest.raises(InstructionNotUnderstood):
        parse_unit(Unit("9", text, None))


def test_in_each_case_with_one_place_and_one_occurrence_is_refused() -> None:
    with pytest.raises(InstructionNotUnderstood, match="in each case"):
        parse_unit(Unit("9", "In clause 3 delete “a” and substitute in each case “b”.", None))


# --- 5. a 1970 notice of the Governor's approval of by-laws "set out in the schedule hereunder" -------------------

NOTICE = """LOCAL GOVERNMENT ACT, 1960-1969.

Shire of Example.

By-laws Relating to Camping Grounds.

L.G. 100/60.

IT is hereby notified, for public information, that His Excellency the Governor in Executive Council has been pleased to approve the by-laws set out in the schedule hereunder.

R. C. EXAMPLE,
Secretary for Local Government.

Schedule.

By-laws.

1. In these by-laws the Shire of Example By-laws Relating to Camping Grounds, published in the Government Gazette on the 10th March, 1964, and amended by by-laws so published on the 5th April, 1965, are referred to as the principal by-laws.

2. The principal by-laws are amended by adding immediately after by-law 7 the following by-law:—

7A. (1) The Council may waive a fee.

(2) A waiver may be revoked.

Passed by resolution at a meeting of the Council of the Shire of Example held on the 12th day of December, 1969.
"""


def test_a_notice_of_the_governors_approval_of_by_laws_set_out_in_its_schedule_is_an_amending_instrument(
    tmp_path: Path,
) -> None:
    path = tmp_path / "instrument.txt"
    path.write_text(NOTICE, encoding="utf-8")
    (law,) = read_source(read_file(path), ImportOptions(), str(path)).laws
    assert (law.meta.kind, law.meta.title, law.meta.local_government) == (
        "amending",
        "Shire of Example By-laws Relating to Camping Grounds Amendment",
        "Shire of Example",
    )
    inst = _read_one(law)
    assert inst.law.meta.amends is not None
    assert (inst.law.meta.amends.title, str(inst.law.meta.amends.gazette_date)) == (
        "Shire of Example By-laws Relating to Camping Grounds",
        "1964-03-10",
    )
    assert [(str(o.action), o.target, o.position, o.new) for o in inst.operations] == [
        ("insert", "7", "after", "7A.\n  (1) The Council may waive a fee.\n  (2) A waiver may be revoked.")
    ]


def test_a_by_law_added_immediately_after_another_goes_just_after_it() -> None:
    assert ops("by adding immediately after by-law 7 the following by-law:— 7A. The Council may waive a fee.") == [
        ("insert", "7", "", "7A.\n  The Council may waive a fee.", "after", "once")
    ]


def test_an_unheaded_clause_with_its_first_subclause_on_its_numbers_line_is_one_clause() -> None:
    (clause,) = payload_provisions("7A. (1) The Council may waive a fee. (2) A waiver may be revoked.", [])
    assert (clause.kind, clause.num, clause.heading) == ("clause", "7A", None)
    assert [(c.num, c.text) for c in clause.children] == [
        ("(1)", "The Council may waive a fee."),
        ("(2)", "A waiver may be revoked."),
    ]
    # with another clause after it, it is not read as one clause (the words of 7B are not put into 7A)
    with pytest.raises(InstructionNotUnderstood, match="could not be read whole"):
        payload_provisions("7A. (1) The Council may waive a fee. 7B. (1) A waiver may be revoked.", [])


# --- 6. a 1974 health by-law notice: its title, a lead-in ended by a comma, printed lines, older words -----------

NOTICE_1974 = """HEALTH ACT, 1911-1973.

Shire of Example.

Health By-laws—Amendment.

In pursuance of the powers conferred upon it by the abovementioned Act and all other powers enabling it, the Council of the Shire of Example hereby records having resolved on the 18th day of April, 1974, to make and submit for confirmation by the Governor the following amendment.

1. In these by-laws the Health By-laws of the Shire of Example published in the Government Gazette on the 13th day of May, 1960, are referred to as the principal by-laws.

By-law 2

amended.

2. By-law 2 of the principal by-laws is amended—

(a) in the interpretation of the term "house",

(i) by inserting before the word "building" the words "dwelling or"; and

(ii) by deleting the words "these by-laws" in line three of that interpretation and substituting the passage "the Act"; and

(b) by deleting the interpretation of the term "refuse" and substituting a new interpre-
tation as follows—

"refuse" means any waste; .

By-law 14

amended.

3. By-law 14 of the principal by-laws is amended by deleting the words "ashes" in line two and substituting the word "refuse".

Dated this 2nd day of May, 1974.
"""


def test_a_1974_health_by_law_notice_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "instrument.txt"
    path.write_text(NOTICE_1974, encoding="utf-8")
    (law,) = read_source(read_file(path), ImportOptions(), str(path)).laws
    assert law.meta.title == "Shire of Example Health By-laws Amendment"
    inst = _read_one(law)
    assert inst.law.meta.amends is not None
    assert (inst.law.meta.amends.title, str(inst.law.meta.amends.gazette_date)) == (
        "Health By-laws of the Shire of Example",
        "1960-05-13",
    )
    assert [(str(o.action), o.target, o.words, o.new) for o in inst.operations] == [
        ("insert_words", "2 “house”", "building", "dwelling or"),
        ("substitute_words", "2 “house”", "these by-laws", "the Act"),
        ("substitute", "2 “refuse”", None, "**refuse** means any waste;"),
        ("substitute_words", "14", "ashes", "refuse"),
    ]


def test_a_lead_in_ended_by_a_comma_over_items_printed_as_its_children_names_their_place() -> None:
    from lawhistory.amending.parts import _collect
    from lawhistory.core.model import Provision

    items = (
        Provision(kind="subparagraph", num="(i)", text="by inserting before the word “building” the words “dwelling or”; and"),
        Provision(kind="subparagraph", num="(ii)", text="by deleting the words “these by-laws” and substituting “the Act”."),
    )
    out: list[Unit] = []
    _collect(
        Provision(kind="paragraph", num="(a)", text="in the interpretation of the term “house”,", children=items),
        "2(a)",
        "2",
        out,
    )
    assert [(u.clause, u.context) for u in out] == [("2(a)(i)", "2 “house”"), ("2(a)(ii)", "2 “house”")]


@pytest.mark.parametrize("place", ["the interpretation of the term “house”", "the interpretation of “house”"])
def test_an_interpretation_is_a_definition(place: str) -> None:
    from lawhistory.amending.parts import resolve_targets

    assert resolve_targets(place, "2") == ["2 “house”"]


def test_a_printed_line_with_an_occurrence_counted_is_refused() -> None:
    with pytest.raises(InstructionNotUnderstood, match="printed line"):
        parse_unit(Unit("3", "by deleting “ashes” (second occurring) in line two and substituting “refuse”", "14"))


def test_new_text_going_on_after_its_closing_full_stop_is_refused_naming_the_words() -> None:
    text = "by deleting the interpretation of the term “refuse” and substituting a new interpretation as follows— "
    assert [o.new for o in parse_unit(Unit("2", text + "“refuse” means any waste; .", "2"))] == ["**refuse** means any waste;"]
    with pytest.raises(InstructionNotUnderstood, match="By-law 14 amended"):
        parse_unit(Unit("2", text + "“refuse” means any waste; . By-law 14 amended.", "2"))


# --- 7. a 1979 notice: items and marginal notes in cells, "as to subclause (1),", "at the end of the by-law" -------

NOTICE_1979 = """BUSH FIRES ACT, 1954-1979.
Shire of Example.
By-laws Relating to Bush Fires.
L.G. 77/71.
IT is hereby notified, for public information, that His Excellency the Governor in Executive Council has approved of the following amendment to the by-laws of the Shire of Example.
R. C. EXAMPLE,
Secretary for Local Government.

| 1. (1) In these by-laws the By-laws Relating | Principal |
| to Bush Fires of the Shire of Example published in the Government Gazette on the 19th day of November, 1971, are | by-laws. |
| referred to as the principal by-laws. |
| By-law 27 |
| amended. | 2. By-law 27 of the principal by-laws is amended |
| (a) | as to subclause (1), by deleting the word "except" in line three of paragraph (b) and substituting the words "other than"; and |
| (b) | by adding at the end of the by-law subclauses as follows |
(4) The Council may prohibit the use of machinery.
(5) A notice under subclause (4) may
| (a) | apply to the whole district; |
| (b) | be revoked. |
Passed by resolution of the Council of the Shire of Example at a meeting held on the 13th day of November, 1979.
"""


def test_a_1979_notice_printed_in_cells_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "instrument.txt"
    path.write_text(NOTICE_1979, encoding="utf-8")
    (law,) = read_source(read_file(path), ImportOptions(), str(path)).laws
    assert law.meta.title == "Shire of Example By-laws Relating to Bush Fires Amendment"
    inst = _read_one(law)
    assert inst.law.meta.amends is not None
    assert str(inst.law.meta.amends.gazette_date) == "1971-11-19"
    assert [(str(o.action), o.target, o.position, o.words, o.new) for o in inst.operations] == [
        ("substitute_words", "27(1)(b)", None, "except", "other than"),
        (
            "insert",
            "27",
            "end",
            None,
            "(4) The Council may prohibit the use of machinery.\n(5) A notice under subclause (4) may\n"
            "  (a) apply to the whole district;\n  (b) be revoked.",
        ),
    ]


def test_the_notice_of_approval_is_not_the_enacting_words_where_the_by_law_has_its_own() -> None:
    from lawhistory.reading.gazette import split_instruments

    text = NOTICE_1974.replace(
        "HEALTH ACT, 1911-1973.",
        "IT is hereby notified, for public information, that His Excellency the Governor in Executive Council has "
        "approved of the following amendment to the by-laws of the Shire of Example.",
    )
    assert len(split_instruments(normalise(text))) == 1


@pytest.mark.parametrize(
    ("words", "paragraphs"),
    [
        ("(5) A notice may (a) apply to the district; (b) be revoked.", ["apply to the district;", "be revoked."]),
        ("(5) A notice may (a) apply; and (b) be revoked.", ["apply; and", "be revoked."]),
    ],
)
def test_paragraphs_run_into_a_subclauses_words_after_a_lost_dash_are_its_paragraphs(words: str, paragraphs: list[str]) -> None:
    (sub,) = payload_provisions(words, [])
    assert (sub.text, [c.text for c in sub.children]) == ("A notice may", paragraphs)


@pytest.mark.parametrize(
    "words",
    [
        "(5) A notice under paragraphs (a) and (b) may be revoked.",  # labels cited, not a list
        "(5) A notice may (a) apply to the district (b) be revoked.",  # (a) not ended as a list's item
        "(5) A notice may (b) apply; (c) be revoked.",  # not from (a)
    ],
)
def test_labels_in_a_subclauses_words_that_are_not_a_list_stay_its_words(words: str) -> None:
    (sub,) = payload_provisions(words, [])
    assert sub.children == ()


def test_the_end_of_a_provision_that_is_not_the_by_law_is_refused() -> None:
    with pytest.raises(InstructionNotUnderstood):
        parse_unit(Unit("2(b)", "by adding at the end of the paragraph subclauses as follows (4) The Council may act.", "27"))
