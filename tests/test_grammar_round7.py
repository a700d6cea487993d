"""Constructs of the amending language read after the seventh first-sight round (cases 150–159, SOURCES-l.md).

Synthetic instructions (not law): each test gives wording and the operations it must make, or the refusal it must
give; each would fail on the engine before the fix it guards.
"""

from __future__ import annotations

from lawhistory.amending.instructions import parse_unit
from lawhistory.amending.parts import Unit
from lawhistory.reading.gazette import normalise


def ops(text: str, context: str | None = None) -> list[tuple[str, str | None, str | None, str | None]]:
    return [(str(o.action), o.target, o.position, o.new) for o in parse_unit(Unit("9", text, context))]


# --- definitions "in their respective alphabetical positions", "the definitions following" ----------------------


def test_definitions_inserted_in_their_respective_alphabetical_positions_each_go_to_their_place() -> None:
    for text in (
        "Clause 2.1 is amended by inserting in their respective alphabetical positions the definitions following— "
        "“kennel” means a place where dogs are kept; “litter” means young animals born together;",
        "In clause 2.1 insert in their respective alphabetical positions the following definitions— "
        "“kennel” means a place where dogs are kept; “litter” means young animals born together;",
        "In clause 2.1 insert the definitions following in alphabetical order— "
        "“kennel” means a place where dogs are kept; “litter” means young animals born together;",
    ):
        assert ops(text) == [
            ("insert_definition", "2.1", "alphabetical", "**kennel** means a place where dogs are kept;"),
            ("insert_definition", "2.1", "alphabetical", "**litter** means young animals born together;"),
        ], text


def test_doubled_single_quotation_marks_are_double_marks() -> None:
    text = "In clause 2.1 delete ‘‘the owner’’ and insert ‘‘ the keeper ’’."
    assert normalise(text).text.strip() == "In clause 2.1 delete “the owner” and insert “ the keeper ”."
    assert ops(normalise(text).text.strip()) == [("substitute_words", "2.1", None, "the keeper")]


def test_nested_single_quotation_marks_are_never_made_double_marks() -> None:
    # two closing single marks of nested single quotations are not a doubled mark (‘the ‘dog’’ stays as printed)
    for text in (
        "In clause 2.1 delete ‘the ‘dog’’ and insert ‘the ‘cat’’.",
        "In clause 2.1 delete ‘the ‘owner’s dog’’.",
    ):
        assert normalise(text).text.strip() == text
    # doubled marks nested in doubled marks (the 1990s gazette's definitions inserted as a block), apostrophes kept
    text = "insert—\n‘‘\n‘‘attack’’ includes biting;\n‘‘owner’s dog’’ means the dogs’’’;\n’’."
    assert " ".join(normalise(text).text.split()) == "insert— “ “attack” includes biting; “owner’s dog” means the dogs’”; ”."


# --- "substituting for paragraph (f) a paragraph as follows", "adding after subclause (6) subclauses as follow" --


def test_substituting_for_a_paragraph_a_paragraph_as_follows_replaces_it() -> None:
    for text in (
        "Subclause (3) of by-law 8 of the principal by-laws is amended by substituting for paragraph (f) a paragraph "
        "as follows: (f) a person nominated by the Union; .",
        "In by-law 8(3) substitute for paragraph (f) the following paragraph— (f) a person nominated by the Union;",
    ):
        assert ops(text) == [("substitute", "8(3)(f)", None, "(f) a person nominated by the Union;")], text


def test_adding_after_a_subclause_subclauses_as_follow_inserts_them_after_it() -> None:
    text = (
        "By-law 17 of the principal by-laws is amended by adding after subclause (6) subclauses as follow: "
        "(6a) The Council may act. (6b) The Council may stop. ."
    )
    got = parse_unit(Unit("3", text, None))
    assert [(str(o.action), o.target, o.position) for o in got] == [("insert", "17(6)", "after")]
    assert [(p.num, p.text) for p in got[0].provisions or ()] == [
        ("(6a)", "The Council may act."),
        ("(6b)", "The Council may stop."),
    ]


def test_a_word_broken_over_a_line_by_a_hyphen_is_joined_only_as_the_new_text_spells_it() -> None:
    from lawhistory.amending.parts import payload_provisions

    (p,) = payload_provisions("(6b) A delegation under sub- clause (6a) or subclause (5) ends.", [])
    assert p.text == "A delegation under subclause (6a) or subclause (5) ends."
    # not spelt whole anywhere: the words are left as printed
    (q,) = payload_provisions("(6b) A well- known delegation ends.", [])
    assert q.text == "A well- known delegation ends."
    # spelt hyphenated elsewhere ("sub-clause"), or only as the start of a longer word ("subclauses" counts, as a
    # plural; "subclausenote" does not): never joined into a spelling the text does not use
    (r,) = payload_provisions("(6b) A delegation under sub- clause (6a) or sub-clause (5); see subclauses (1).", [])
    assert "sub- clause (6a)" in r.text
    (t,) = payload_provisions("(6b) A delegation under sub- clause (6a) ends; see the subclausenote.", [])
    assert "sub- clause (6a)" in t.text
    (u,) = payload_provisions("(6b) A delegation under sub- clause (6a) ends; see subclauses (1) and (2).", [])
    assert "subclause (6a)" in u.text


# --- an older by-law amendment: item number alone on its line, its marginal note and running head ----------------


def test_a_clause_whose_number_stands_alone_takes_no_heading_from_the_citation_or_sentence_after_it() -> None:
    from lawhistory.reading.headings import take_heading

    for body in (
        "2.\n\nSubclause (3) of by-law 8 of the principal by-laws is amended by substituting for paragraph (f) a paragraph as follows:",
        "3.\n\nBy-law 17 of the principal by-laws is amended by\n\nadding after subclause (6) subclauses as follow: (6a) The Council",
    ):
        assert take_heading(body, 2, known=None, mode="instrument")[0] is None, body


def test_a_1969_marginal_note_and_a_year_and_number_running_head_are_furniture() -> None:
    raw = "Amendment\n\nto s. 8.\n\n2. By-law 8 is amended.\n\nNo. 14.]\n\nGOVERNMENT GAZETTE, W.A.\n\n[1970.\n\nMore words."
    text = " ".join(normalise(raw).text.split())
    assert text == "2. By-law 8 is amended. More words."


# --- a Part heading replaced together with a Division heading inserted ---------------------------------------


def test_an_amending_heading_may_name_two_provisions_each_with_its_verb() -> None:
    from lawhistory.core.headings import amending_heading_end

    for heading in (
        "Part 3 heading replaced and Part 3 Division 1 heading inserted",
        "Clause 2.1 replaced and clause 2.2 inserted",
        "Clause 2.3 deleted and replaced",
    ):
        assert amending_heading_end(heading + " Delete the heading to Part 3 and insert:") == len(heading), heading


def test_a_part_heading_replaced_by_a_heading_and_a_division_heading_opens_a_division_at_the_start_of_the_part() -> None:
    text = "Delete the heading to Part 4 and insert: Part 4 — Keeping of cats Division 1 — General"
    assert ops(text) == [
        ("substitute_heading", "Part 4", None, "Keeping of cats"),
        ("insert", "Part 4", "start", "Division 1—General"),
    ]
    # a Part heading alone is replaced as before
    assert ops("Delete the heading to Part 4 and insert: Part 4 — Keeping of cats") == [
        ("substitute_heading", "Part 4", None, "Keeping of cats")
    ]


def test_a_new_clause_labelled_with_a_full_stop_after_a_division_heading_is_read_as_a_clause() -> None:
    from lawhistory.amending.parts import payload_provisions

    (division,) = payload_provisions("Division 2 — Cats 4.5. Cat flaps A cat flap must be kept shut.", [])
    assert (division.kind, division.num, division.heading) == ("division", "2", "Cats")
    assert [(c.kind, c.num, c.heading) for c in division.children] == [("clause", "4.5", "Cat flaps")]


# --- a commencement naming the instrument's Parts and Divisions ---------------------------------------------------


def test_a_commencement_naming_parts_and_divisions_gives_their_clauses_their_days() -> None:
    import datetime as dt

    from lawhistory.core.dates import clause_days, clause_items

    wording = (
        "This local law comes into operation as follows — (a) Part 1 — on the day on which this local law is published "
        "in the Government Gazette; (b) Part 2 Division 2 — on the day after that day; (c) Part 2 Division 3 — on "
        "1 July 2022."
    )
    parts = {
        "Part 1": ("1", "2"),
        "Part 2": ("3", "4", "5"),
        "Part 2 Division 1": ("3",),
        "Part 2 Division 2": ("4",),
        "Part 2 Division 3": ("5",),
    }
    assert clause_items(wording) is None  # without the instrument's Parts, not read
    assert clause_days(wording, dt.date(2022, 3, 15), parts) == (
        ("1", dt.date(2022, 3, 15)),
        ("2", dt.date(2022, 3, 15)),
        ("4", dt.date(2022, 3, 16)),
        ("5", dt.date(2022, 7, 1)),
    )
    # a Division the instrument does not have: not read
    assert clause_items(wording, {"Part 1": ("1", "2"), "Part 2 Division 2": ("4",)}) is None


def test_the_clauses_of_an_instruments_parts_and_divisions() -> None:
    from lawhistory.amending.amend import part_clauses
    from lawhistory.core.model import Provision as P

    body = (
        P(kind="part", num="1", children=(P(kind="clause", num="1"), P(kind="clause", num="2"))),
        P(
            kind="part",
            num="2",
            children=(
                P(kind="division", num="1", children=(P(kind="clause", num="3"),)),
                P(kind="division", num="2", children=(P(kind="clause", num="4"), P(kind="clause", num="10"))),
            ),
        ),
    )
    assert part_clauses(body) == {
        "Part 1": ("1", "2"),
        "Part 2": ("3", "4", "10"),
        "Part 2 Division 1": ("3",),
        "Part 2 Division 2": ("4", "10"),
    }


# --- a block whose opening mark is lost after a quoted locator; a term whose opening mark is lost -------------


def test_a_block_closed_alone_after_a_quoted_locator_is_the_new_text_after_the_following_definitions() -> None:
    text = (
        "by inserting before the definition of “cinema” the following definitions — “arcade” means a covered walk; "
        "“booth” means a small stall; ”;"
    )
    assert ops(text, "1.3(1)") == [
        ("insert_definition", "1.3(1)", "before", "**arcade** means a covered walk;"),
        ("insert_definition", "1.3(1)", "before", "**booth** means a small stall;"),
    ]


def test_deleting_a_definition_and_inserting_the_following_definition_instead_replaces_it() -> None:
    text = "by deleting the definition of “nightclub” and inserting the following definition instead — “venue” means a place; ”;"
    got = ops(text, "1.3(1)")
    assert [(a, t) for a, t, _, _ in got] == [("substitute", "1.3(1) “nightclub”")]


def test_a_term_first_in_new_text_whose_opening_mark_is_lost_is_read_with_it() -> None:
    from lawhistory.reading.ocr_quotes import read_lost_term_marks

    notes: list[str] = []
    text = "and inserting the following definition instead —\n\nvenue” means a place;\n\n”;"
    assert read_lost_term_marks(text, notes) == "and inserting the following definition instead —\n\n“venue” means a place;\n\n”;"
    assert notes and "venue" in notes[0]
    # not after a dash that opens new text, or with its marks paired: left as printed
    assert read_lost_term_marks("In clause 3 —\n\nthe word” means", []) == "In clause 3 —\n\nthe word” means"
    assert read_lost_term_marks("the following —\n\n“venue” means a place;", []) == "the following —\n\n“venue” means a place;"


# --- "The heading to Part 2 … is repealed and the following heading is substituted —" -----------------------


def test_a_heading_repealed_and_the_following_heading_substituted_replaces_it() -> None:
    text = "The heading to Part 2 of the principal local law is repealed and the following heading is substituted — “PART 2—THE COMMITTEE”."
    assert ops(text) == [("substitute_heading", "Part 2", None, "THE COMMITTEE")]


# --- items in label cells, frame words run together, an older heading naming a Part's heading ----------------


def test_an_item_printed_beside_its_label_as_a_table_row_is_the_label_and_its_words() -> None:
    raw = "6. Clause 1.3 is amended —\n| (a) | by deleting the definition of “Board”; and |\n| (b) | by deleting the definition of “sign”. |\n"
    assert " ".join(normalise(raw).text.split()) == (
        "6. Clause 1.3 is amended — (a) by deleting the definition of “Board”; and (b) by deleting the definition of “sign”."
    )
    # a table's rows (a heading row, a rule) are left as they are
    table = "| Item | Offence |\n|---|---|\n| (a) | failing to register a dog |\n"
    assert "| (a) |" in normalise(table).text


def test_frame_words_the_copy_ran_together_are_spaced_only_when_wholly_such_words() -> None:
    from lawhistory.reading.run_together import space_run_together_words

    notes: list[str] = []
    assert space_run_together_words("(b) byinsertingafterthedefinitionof“reserve”the following definition —", notes) == (
        "(b) by inserting after the definition of “reserve” the following definition —"
    )
    assert len(notes) == 1
    # a long word of the law's own, or a run that is not wholly frame words, is left as printed
    assert space_run_together_words("notwithstanding the accommodationestablishment", []) == (
        "notwithstanding the accommodationestablishment"
    )


def test_an_older_amending_heading_may_name_a_heading_and_a_new_one_substituted() -> None:
    from lawhistory.amending.parts import _old_style_clauses
    from lawhistory.core.model import Provision as P

    body = (
        P(
            kind="text",
            text="Under the powers conferred by the Local Government Act 1995 the Council resolved to make the following local law.",
        ),
        P(
            kind="text",
            text="Citation 1. This local law is the X Local Law. Commencement 2. It commences on publication. "
            "Part 2 heading repealed and a new heading substituted 3. The heading to Part 2 is repealed.",
        ),
    )
    got = [(c.num, c.heading) for c in _old_style_clauses(body)]
    assert got == [("1", "Citation"), ("2", "Commencement"), ("3", "Part 2 heading repealed and a new heading substituted")]
