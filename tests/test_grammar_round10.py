"""Constructs of the amending language read after the tenth first-sight round (cases 180–189, SOURCES-n.md).

Synthetic instructions (not law): each test gives wording and what it must read as, or the refusal it must give; each
would fail on the engine before the fix it guards.
"""

from __future__ import annotations

import pytest

from lawhistory.amending.instructions import InstructionNotUnderstood, parse_unit
from lawhistory.amending.law_known import Unresolved, rows_resolved
from lawhistory.amending.parts import Unit, payload_provisions, resolve_targets, units
from lawhistory.core.model import Law, Provision
from lawhistory.reading.importers import ImportOptions, read_source
from lawhistory.reading.importers.titles import local_government
from lawhistory.reading.instrument_meta import amended_by_part
from lawhistory.reading.ocr_quotes import read_ocr_closing_marks
from tests.helpers import body_of


def _tree(ps: tuple[Provision, ...]) -> list[tuple[object, ...]]:
    return [(p.kind, p.num, p.heading, p.text, _tree(p.children)) for p in ps]


# --- an instruction's place with no change said (a copy that lost the verb and the words) -------------------------


def test_a_place_with_no_verb_is_refused_naming_its_words() -> None:
    """Left as text, the amendment it stood for would be dropped unseen and the rest applied as if it were whole."""
    with pytest.raises(InstructionNotUnderstood, match=r"2\.10, 2\.11 or 2\.12.*says no change"):
        parse_unit(Unit("4", "In clause 3.2(1) in the definition of 2.10, 2.11 or 2.12.", None))
    with pytest.raises(InstructionNotUnderstood, match="says no change"):
        parse_unit(Unit("4", "After the definition of “bin” the words were lost.", None))


def test_words_that_name_no_place_are_still_left_as_text() -> None:
    notes: list[str] = []
    assert parse_unit(Unit("6", "in Part 3", None), notes) == []  # words of a heading ("Division 3 inserted in Part 3")
    assert any("left as text" in n for n in notes)


# --- a Division with Subdivisions inserted ---------------------------------------------------------------------


def test_division_inserted_with_its_subdivisions_reads_each_subdivision_and_its_clauses() -> None:
    got = payload_provisions(
        "Division 2 — Permits for trading Subdivision 1 — Application 2.4. Application for permit An application must "
        "be made in writing. Subdivision 2 — Determination 2.5. Decision The local government may approve it. "
        "2.6. Duration A permit is valid for 12 months.",
        [],
    )
    assert _tree(got) == [
        (
            "division",
            "2",
            "Permits for trading",
            None,
            [
                (
                    "subdivision",
                    "1",
                    "Application",
                    None,
                    [("clause", "2.4", "Application for permit", "An application must be made in writing.", [])],
                ),
                (
                    "subdivision",
                    "2",
                    "Determination",
                    None,
                    [
                        ("clause", "2.5", "Decision", "The local government may approve it.", []),
                        ("clause", "2.6", "Duration", "A permit is valid for 12 months.", []),
                    ],
                ),
            ],
        )
    ]


def test_a_new_heading_that_runs_on_into_a_clause_is_refused_not_kept_as_heading_words() -> None:
    """Read as one heading, the clause under it would become heading words (wrong law, case 185's first run)."""
    with pytest.raises(InstructionNotUnderstood, match=r"heading .* runs on .*2\.4\. Application"):
        payload_provisions(
            "Division 2 — Permits for trading Chapter 1 — Application 2.4. Application for permit An application must "
            "be made. 2.5. Decision The local government may approve it.",
            [],
        )


def test_a_division_heading_alone_and_a_part_with_clauses_read_as_before() -> None:
    assert _tree(payload_provisions("Division 1 — General provisions", [])) == [("division", "1", "General provisions", None, [])]
    part = payload_provisions("Part 3A — Annual return 18A. Terms used In this Part, return means a return.", [])
    assert [(p.kind, p.num, p.heading, [c.num for c in p.children]) for p in part] == [("part", "3A", "Annual return", ["18A"])]


# --- an amending Part divided into Divisions, each amending a law ------------------------------------------------


def test_each_division_that_says_which_law_it_amends_gets_its_own_clauses() -> None:
    """Read by Parts only, the second Division's instructions were looked for in the first law (case 188): refused
    there by luck, wrong law wherever the labels exist in both."""
    body = body_of(
        "PART 2—Consequential amendments\n\n"
        "Division 1—Shire of X Property Local Law 2012 amended\n\n"
        "3. Local law amended\n  This Division amends the Shire of X Property Local Law 2012.\n\n"
        "4. Clause 6.2 deleted\n  Delete clause 6.2.\n\n"
        "Division 2—Shire of X Trading Local Law 2012 amended\n\n"
        "5. Local law amended\n  This Division amends the Shire of X Trading Local Law 2012.\n\n"
        "6. Clause 6.2 deleted\n  Delete clause 6.2.\n"
    )
    got = [(a.title, clauses) for a, clauses in amended_by_part(body)]
    assert got == [
        ("Shire of X Property Local Law 2012", ("3", "4")),
        ("Shire of X Trading Local Law 2012", ("5", "6")),
    ]


# --- items printed by the copy where no instruction stands, or a list of items that begins past its first ----------


def _law(text: str) -> Law:
    found = read_source(text.encode("utf-8"), ImportOptions(gazette_date=None, source="x"), "x")
    return next(law for law in found.laws if law.meta.kind != "principal")


_HEAD = (
    "7 January 2005 GOVERNMENT GAZETTE, WA 64\n\nHEALTH ACT 1911\n\nSHIRE OF EXAMPLE\n\nHEALTH AMENDMENT LOCAL LAW 2005\n\n"
    "Made by the Council of the Shire of Example under section 342 of the Health Act 1911 by resolution on 1 December 2004."
    "\n\n1. Citation\n\nThis local law is the Shire of Example Health Amendment Local Law 2005.\n\n"
)


def test_an_item_that_changes_words_under_the_commencement_is_refused_naming_it() -> None:
    """Left out with its preliminary clause, it would be dropped unseen and the rest applied (case 189's first run)."""
    law = _law(
        _HEAD + "2. Commencement\n\n(a) in the definition of “AS” by deleting “Association of”;\n\n"
        "This local law comes into operation on 1 February 2005.\n\n"
        "3. Local law amended\n\nThis local law amends the Shire of Example Health Local Law 2002.\n\n"
        "4. Clause 3 amended\n\nIn clause 3 delete the definition of “separate system”.\n"
    )
    with pytest.raises(InstructionNotUnderstood, match=r"Commencement.*Association of"):
        units(law)


def test_a_commencement_with_its_own_items_is_still_left_out() -> None:
    law = _law(
        _HEAD + "2. Commencement\n\nThis local law comes into operation as follows —\n\n(a) clauses 1 and 2 — on the day "
        "on which it is published in the Gazette;\n\n(b) the rest of the local law — on the day after that day.\n\n"
        "3. Local law amended\n\nThis local law amends the Shire of Example Health Local Law 2002.\n\n"
        "4. Clause 3 amended\n\nIn clause 3 delete the definition of “separate system”.\n"
    )
    assert [u.clause for u in units(law)] == ["4"]


def test_items_under_a_lead_in_that_begin_past_the_first_are_refused() -> None:
    law = _law(
        _HEAD + "2. Commencement\n\nThis local law comes into operation on 1 February 2005.\n\n"
        "3. Local law amended\n\nThis local law amends the Shire of Example Health Local Law 2002.\n\n"
        "4. Clause 3 amended\n\nClause 3 is amended as follows:\n\n(c) by deleting the definition of “separate system”;"
        "\n\n(d) by deleting the definition of “receptacle”.\n"
    )
    with pytest.raises(InstructionNotUnderstood, match=r"begin at \(c\)"):
        units(law)


def test_a_council_named_with_a_solidus_is_read_whole() -> None:
    enacting = "Made by the Council of the Shire of Derby/West Kimberley under section 342 of the Health Act 1911 by"
    assert local_government(enacting, None, "") == "Shire of Derby/West Kimberley"
    assert local_government("", None, "SHIRE OF DERBY/WEST KIMBERLEY HEALTH LOCAL LAWS") == "Shire of Derby/West Kimberley"
    # "under section …" ends the council's name as "resolved" does: a name of two words is not cut to one
    assert local_government("Made by the Council of the Shire of Peppermint Grove under section 342", None, "") == (
        "Shire of Peppermint Grove"
    )


# --- the scan's two commas for the closing mark of new text ---------------------------------------------------------


def test_two_commas_closing_new_text_opened_by_a_mark_are_read_as_the_mark() -> None:
    notes: list[str] = []
    text = (
        '6. By-law 1 of the principal by-laws is amended by deleting "Health By-laws" and substituting the following—\n\n'
        '" Health Local Law 1991 ,,\n\nDated this 21st day of July 1997.'
    )
    got = read_ocr_closing_marks(text, notes)
    assert '" Health Local Law 1991 "\n' in got and ",," not in got
    assert len(notes) == 1 and "closing quotation mark" in notes[0]


def test_two_commas_elsewhere_are_left_as_printed() -> None:
    notes: list[str] = []
    closed = 'substituting the following—\n\n" Health Local Law 1991 " ,,\n\nDated this 21st day of July 1997.'
    words = 'substituting the following—\n\n" Health Local Law 1991 ,,\n\nand the words go on here.'
    unopened = "In clause 3 delete the words ,,\n\nDated this 21st day of July 1997."
    for text in (closed, words, unopened):
        assert read_ocr_closing_marks(text, notes) == text
    assert notes == []


# --- one locator over two paragraphs of different depths; rows deleted as printed ------------------------------------


def test_a_letter_after_a_subparagraph_names_a_paragraph_beside_it() -> None:
    assert resolve_targets("paragraphs (b)(i) and (c)", "2.4") == ["2.4(b)(i)", "2.4(c)"]
    assert resolve_targets("paragraph (a)(ii) and (iii)", "2.4") == ["2.4(a)(ii)", "2.4(a)(iii)"]
    assert resolve_targets("subclauses (2)(a) and (3)", "2.4") == ["2.4(2)(a)", "2.4(3)"]


_TABLE = (
    "5.4 Damage\n  A person must not damage the jetty.\n\nSchedule 1—OFFENCES\n| Clause | Description of offence | Modified penalty |\n"
    "|---|---|---|\n| 5.2 | Using the jetty | $100 |\n| 5.3(2) | Securing a vessel too long | $200 |\n| 5.4 | Damaging the jetty | $200 |\n"
)


def test_rows_printed_under_delete_are_each_found_by_all_their_cells() -> None:
    got = parse_unit(Unit("6", "In Schedule 1 delete: | 5.3(2) | Securing a vessel too long | $200 |", None))
    assert [(str(o.action), o.target) for o in got] == [
        ("delete", "Schedule 1 row printed “5.3(2) | Securing a vessel too long | $200”")
    ]
    body = body_of(_TABLE)
    resolved = rows_resolved(body, got[0])
    assert resolved is not None and [o.target for o in resolved] == ["Schedule 1 row 2"]


def test_a_row_printed_that_the_table_does_not_hold_is_refused_naming_it() -> None:
    op = parse_unit(Unit("6", "In Schedule 1 delete: | 5.3(2) | Securing a vessel | $250 |", None))[0]
    with pytest.raises(Unresolved, match=r"no row of Schedule 1 reads “\| 5\.3\(2\) \| Securing a vessel \| \$250 \|”"):
        rows_resolved(body_of(_TABLE), op)


# --- a Division inserted with a clause before its first Subdivision ----------------------------------------------

_SUBDIVIDED_AFTER_A_CLAUSE = (
    _HEAD + "2. Commencement\n\nThis local law comes into operation on 1 February 2005.\n\n"
    "3. Local law amended\n\nThis local law amends the Shire of Example Health Local Law 2002.\n\n"
    "4. Part 2 Division 2 inserted\n\nAfter clause 2.3 insert:\n\nDivision 2 — Permits for trading\n\n"
    "2.4.           Application of this Division\n\nThis Division applies to trading on local government property.\n\n"
    "Subdivision 1 — Application\n\n2.5.           Application for trading permit\n\nAn application must be made in "
    "writing.\n\nSubdivision 2 — Determination of application\n\n2.6.           Determination of application\n\nThe "
    "local government may approve an application.\n\n"
    "5. Clause 6.3 inserted\n\nAfter clause 6.2 insert:\n\n6.3.           Service of notices\n\nA notice may be "
    "given by email.\n"
)


def test_subdivisions_after_a_new_clause_are_never_dropped_from_the_new_division() -> None:
    """After "… property." the Subdivision heading read as the instrument's own: the payload ended at 2.4 and the
    Subdivisions with 2.5 and 2.6 were dropped unseen, the rest applied (wrong law)."""
    found = units(_law(_SUBDIVIDED_AFTER_A_CLAUSE))
    assert [u.clause for u in found] == ["4", "5"]
    got = parse_unit(found[0])
    assert [op.new for op in got] == [
        "Division 2—Permits for trading\n2.4 Application of this Division\n  This Division applies to trading on local "
        "government property.\nSubdivision 1—Application\n2.5 Application for trading permit\n  An application must be "
        "made in writing.\nSubdivision 2—Determination of application\n2.6 Determination of application\n  The local "
        "government may approve an application."
    ]


def test_a_division_with_a_clause_before_its_subdivisions_reads_each_in_place() -> None:
    got = payload_provisions(
        "Division 2 — Permits 2.4. Application of this Division This Division applies to trading. Subdivision 1 — "
        "Application 2.5. Application for permit An application must be made in writing.",
        [],
    )
    assert _tree(got) == [
        (
            "division",
            "2",
            "Permits",
            None,
            [
                ("clause", "2.4", "Application of this Division", "This Division applies to trading.", []),
                (
                    "subdivision",
                    "1",
                    "Application",
                    None,
                    [("clause", "2.5", "Application for permit", "An application must be made in writing.", [])],
                ),
            ],
        )
    ]


def test_a_subdivision_run_into_a_new_clauses_words_is_refused() -> None:
    """Kept as the clause's words, the Subdivision and its clauses would be words of clause 2.4 (wrong law)."""
    with pytest.raises(InstructionNotUnderstood, match=r"Subdivision heading .*Subdivision 1 — Application 2\.5"):
        payload_provisions(
            "2.4. Application This clause applies to trading. Subdivision 1 — Application 2.5. Application for permit "
            "An application must be made in writing.",
            [],
        )


def test_words_under_an_instruments_own_heading_in_no_clause_are_refused_naming_them() -> None:
    """Under the instrument's own Division 1, "Subdivision 1 — …" after a full stop reads as the instrument's heading:
    the words after it are in no instruction, and were dropped unseen."""
    law = _law(
        _SUBDIVIDED_AFTER_A_CLAUSE.replace(
            "4. Part 2 Division 2 inserted", "Division 1 — Amendments\n\n4. Part 2 Division 2 inserted"
        )
    )
    with pytest.raises(InstructionNotUnderstood, match=r"“2\.5\. Application for trading permit.*in none of its clauses"):
        units(law)
