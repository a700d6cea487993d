"""The grammar's scope rules (r2scope): the whole law as a place, lists of words paired "respectively", provisions
inserted "at the end of" a provision, and amendment by a table of provisions.

Synthetic instructions and laws (not law): each test gives wording and the operations it must make, the law it must
give, or the refusal it must give.
"""

from __future__ import annotations

import pytest

from lawhistory.amending.apply import AmbiguousText, ApplyRefused, WordsNotFound, apply_instrument, apply_operation
from lawhistory.amending.instructions import InstructionNotUnderstood, parse_unit
from lawhistory.amending.parts import Unit, units
from lawhistory.core.errors import FormatError
from lawhistory.core.ids import citation_of_path
from lawhistory.core.model import Instrument, Law, LawMeta
from lawhistory.core.model import Provision as P
from lawhistory.core.operations import WHOLE_LAW, Operation, op_from_dict
from tests.helpers import body_of, ops

LAW = body_of(
    "PART 1—PRELIMINARY\n\n"
    "1.4 Terms used\n"
    "  In this local law—\n"
    "  **Act** means the Local Government Act 1995;\n"
    "  **authorised officer** means a person appointed to perform the functions of an authorised officer;\n"
    "  **verge** means part of a thoroughfare.\n\n"
    "PART 2—POWERS OF AUTHORISED OFFICERS\n\n"
    "2.5 Directions by authorised officer\n"
    "  (1) An authorised officer may give a direction.\n"
    "  (2) A person must comply with a direction of an authorised officer.\n\n"
    "2.6 Permits\n"
    "  A permit may be cancelled by the local government.\n"
)


def _texts(body: tuple[P, ...]) -> str:
    out = []
    for p in body:
        out += [x for x in (p.heading, p.text, p.term) if x]
        out.append(_texts(p.children))
    return " ".join(out)


# --- the whole law as a place ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "In the principal local law, delete “authorised officer” wherever it occurs and insert “authorised person”.",
        "In the principal local law delete “authorised officer” wherever occurring and substitute “authorised person”.",
        "Throughout the principal local law, delete “authorised officer” (each occurrence) and insert “authorised person”.",
        "In the principal local law, omit “authorised officer” wherever it appears and insert in its place “authorised person”.",
        "In the principal local law, for “authorised officer” wherever occurring substitute “authorised person”.",
        "Delete “authorised officer” wherever it occurs in the principal local law and insert “authorised person”.",
        "In the principal by-laws, delete “authorised officer” wherever it occurs and insert “authorised person”.",
    ],
)
def test_a_word_edit_of_the_whole_law_reads_as_one_operation_on_the_whole_law(text: str) -> None:
    assert ops(text) == [("substitute_words", WHOLE_LAW, "authorised officer", "authorised person", "", "all")]


def test_other_word_edits_take_the_whole_law_too() -> None:
    assert ops("In the principal local law, delete “, in the opinion of the CEO,” wherever it occurs.") == [
        ("delete_words", WHOLE_LAW, ", in the opinion of the CEO,", "", "", "all")
    ]
    assert ops("In the principal local law, after “officer” wherever it occurs insert “or ranger”.") == [
        ("insert_words", WHOLE_LAW, "officer", "or ranger", "after", "all")
    ]


def test_a_whole_law_edit_changes_every_occurrence_headings_and_the_defined_term_included() -> None:
    [op] = parse_unit(
        Unit(
            "4",
            "In the principal local law, delete “authorised officer” wherever it occurs and insert “authorised person”.",
            None,
        )
    )
    body, paths = apply_operation(LAW, op)
    text = _texts(body)
    assert "authorised officer" not in text and "AUTHORISED OFFICERS" in text  # capitals are other words
    assert text.count("authorised person") == 6
    clause = body[0].children[0]
    assert [d.term for d in clause.children if d.kind == "definition"] == ["Act", "authorised person", "verge"]
    assert body[1].children[0].heading == "Directions by authorised person"
    # every provision it changed is reported, and no other
    assert sorted(citation_of_path(body, p) for p in paths) == ["1.4 “authorised person”", "2.5", "2.5(1)", "2.5(2)"]


def test_a_whole_law_edit_through_an_instrument_records_every_provision_it_changed() -> None:
    op = Operation("4", "substitute_words", WHOLE_LAW, "x", words="authorised officer", new="authorised person", occurrence="all")
    meta = LawMeta(id="x/b", title="B", local_government="Shire of X", kind="amending")
    applied = apply_instrument(LAW, Instrument(law=Law(meta=meta, body=()), operations=(op,)))
    assert sorted(applied.changes) == ["1.4 “authorised person”", "2.5", "2.5(1)", "2.5(2)"]


def test_a_whole_law_edit_that_leaves_a_definition_without_its_term_is_refused() -> None:
    op = Operation("4", "delete_words", WHOLE_LAW, "x", words="authorised officer", occurrence="all")
    with pytest.raises(ApplyRefused, match="without a defined term"):
        apply_operation(LAW, op)


def test_a_whole_law_edit_that_renames_a_term_to_one_defined_beside_it_is_refused() -> None:
    op = Operation("4", "substitute_words", WHOLE_LAW, "x", words="authorised officer", new="verge", occurrence="all")
    with pytest.raises(ApplyRefused, match="two definitions of “verge”"):
        apply_operation(LAW, op)
    one = Operation("4", "substitute_words", "1.4", "x", words="authorised officer", new="Act", occurrence="all")
    with pytest.raises(ApplyRefused, match="two definitions of “Act”"):
        apply_operation(LAW, one)


def test_a_whole_law_edit_once_must_find_its_words_once_in_the_whole_law() -> None:
    once = Operation("4", "substitute_words", WHOLE_LAW, "x", words="authorised officer", new="ranger")
    with pytest.raises(AmbiguousText, match="occur 5 times"):
        apply_operation(LAW, once)
    lone = Operation("4", "substitute_words", WHOLE_LAW, "x", words="local government", new="Shire")
    body, paths = apply_operation(LAW, lone)
    assert [citation_of_path(body, p) for p in paths] == ["2.6"] and "cancelled by the Shire." in _texts(body)
    missing = Operation("4", "delete_words", WHOLE_LAW, "x", words="kangaroo", occurrence="all")
    with pytest.raises(WordsNotFound, match="occur nowhere in the law"):
        apply_operation(LAW, missing)


def test_only_a_word_edit_targets_the_whole_law() -> None:
    with pytest.raises(FormatError, match="only a word edit"):
        Operation("4", "delete", WHOLE_LAW, "x")
    with pytest.raises(FormatError, match="only a word edit"):  # as an instrument file's operation
        op_from_dict({"clause": "4", "action": "substitute", "target": WHOLE_LAW, "source": "x", "new": "1. A"}, 0)
    assert op_from_dict({"clause": "4", "action": "delete_words", "target": WHOLE_LAW, "source": "x", "words": "A"}, 0).whole_law
    at_end = Operation("4", "delete_words", WHOLE_LAW, "x", words="and", position="end")
    with pytest.raises(ApplyRefused, match="no one end"):
        apply_operation(LAW, at_end)


def test_a_provision_change_under_the_whole_law_names_its_provision_as_in_any_law() -> None:
    assert ops("In the principal local law, delete clause 2.6.") == [("delete", "2.6", "", "", "", "once")]
    with pytest.raises(InstructionNotUnderstood, match="cannot tell which provision holds the definitions"):
        parse_unit(Unit("9", "In the principal local law, delete the definition of “verge”.", None))


@pytest.mark.parametrize(
    ("text", "context"),
    [
        ("In the principal local law, clause 2.5, delete “officer” and insert “person”.", None),
        ("Delete “officer” wherever it occurs in the principal local law and insert “person”.", "2.5"),
    ],
)
def test_the_whole_law_and_a_provision_named_together_are_refused(text: str, context: str | None) -> None:
    with pytest.raises(InstructionNotUnderstood, match="principal local law"):
        parse_unit(Unit("9", text, context))


def _lead_in(text: str, *items: str) -> list[tuple[str, str, str]]:
    law = Law(
        meta=LawMeta(id="x/a", title="A", local_government="Shire of X", kind="amending"),
        body=(
            P("clause", num="4", heading="Clause 3 amended", text=text, children=tuple(
                P("paragraph", num=f"({chr(97 + i)})", text=t) for i, t in enumerate(items)
            )),
        ),
    )  # fmt: skip
    out = []
    for u in units(law):
        try:
            out += [(u.clause, str(o.action), str(o.target)) for o in parse_unit(u)]
        except InstructionNotUnderstood:
            out.append((u.clause, "refused", ""))
    return out


def test_the_whole_law_as_the_subject_of_is_amended() -> None:
    text = "The principal local law is amended by deleting “authorised officer” wherever it occurs and inserting “authorised person”."
    assert ops(text) == [("substitute_words", WHOLE_LAW, "authorised officer", "authorised person", "", "all")]


@pytest.mark.parametrize("lead", ["In the principal local law—", "The principal local law is amended as follows—"])
def test_a_lead_in_naming_the_whole_law_is_the_place_of_each_item_naming_none(lead: str) -> None:
    # the amending clause's heading names clause 3: the lead-in's words, not the heading, give the place
    got = _lead_in(
        lead,
        "delete “officer” wherever it occurs and insert “person”;",
        "in clause 3.2 delete “x”;",
        "delete clause 3.",
        "in paragraph (b) delete “x”;",
        "in the Schedule— (i) delete “y” wherever it occurs.",
    )
    assert got == [
        ("4(a)", "substitute_words", WHOLE_LAW),
        ("4(b)", "delete_words", "3.2"),
        ("4(c)", "delete", "3"),
        ("4(d)", "refused", ""),  # a paragraph of which provision?
        ("4(e)(i)", "refused", ""),  # "the Schedule" names no provision: never the whole law by default
    ]


# --- "respectively": lists of words paired in order ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Clause 3.9(2) is amended by deleting “1 July” and “30 June” and substituting “1 January” and “31 December” respectively.",
        "In clause 3.9(2) delete “1 July” and “30 June” and insert “1 January” and “31 December” respectively.",
        "In clause 3.9(2) delete the words “1 July” and “30 June”, and insert in their place the words “1 January” and “31 December” respectively.",
        "In clause 3.9(2) replace “1 July” and “30 June” with “1 January” and “31 December” respectively.",
        "In clause 3.9(2) substitute “1 January” and “31 December” for “1 July” and “30 June” respectively.",
        "In clause 3.9(2) for “1 July” and “30 June” substitute “1 January” and “31 December” respectively.",
    ],
)
def test_two_lists_paired_respectively_make_one_replacement_a_pair_in_order(text: str) -> None:
    assert ops(text) == [
        ("substitute_words", "3.9(2)", "1 July", "1 January", "", "once"),
        ("substitute_words", "3.9(2)", "30 June", "31 December", "", "once"),
    ]


def test_respectively_pairs_three_and_applies_to_each_place_and_occurrence() -> None:
    assert ops("In clauses 3 and 4 delete “a”, “b” and “c” wherever occurring and insert “x”, “y” and “z” respectively.") == [
        ("substitute_words", t, old, new, "", "all") for t in ("3", "4") for old, new in (("a", "x"), ("b", "y"), ("c", "z"))
    ]
    assert ops(
        "In the principal local law, delete “cat” and “dog” wherever they occur and insert “feline” and “canine” respectively."
    ) == [
        ("substitute_words", WHOLE_LAW, "cat", "feline", "", "all"),
        ("substitute_words", WHOLE_LAW, "dog", "canine", "", "all"),
    ]


def test_respectively_applied_gives_each_pair_its_own_words() -> None:
    body = body_of("3.9 Bees\n  (2) A hive must be registered for each period from 1 July to 30 June.\n")
    for op in parse_unit(
        Unit("4", "In clause 3.9(2) delete “1 July” and “30 June” and insert “1 January” and “31 December” respectively.", None)
    ):
        body, _ = apply_operation(body, op)
    assert body[0].children[0].text == "A hive must be registered for each period from 1 January to 31 December."


@pytest.mark.parametrize(("position", "pos"), [("after", "after"), ("before", "before")])
def test_words_inserted_beside_words_paired_respectively(position: str, pos: str) -> None:
    text = f"In clause 3.1 {position} “dog” and “cat” insert “or puppy” and “or kitten” respectively."
    assert ops(text) == [
        ("insert_words", "3.1", "dog", "or puppy", pos, "once"),
        ("insert_words", "3.1", "cat", "or kitten", pos, "once"),
    ]
    with pytest.raises(InstructionNotUnderstood, match="overlap"):
        parse_unit(Unit("9", f"In clause 3.1 {position} “dog” and “cat” insert “or cat” and “or kitten” respectively.", None))


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("In clause 3 delete “a” and “b” and insert “x” respectively.", "pairs 2 words (“a”, “b”) with 1 (“x”)"),
        ("In clause 3 replace “a” with “x” and “y” respectively.", "pairs 1 words (“a”) with 2 (“x”, “y”)"),
    ],
)
def test_lists_of_unequal_length_are_refused_naming_them(text: str, named: str) -> None:
    with pytest.raises(InstructionNotUnderstood, match="respectively") as e:
        parse_unit(Unit("9", text, None))
    assert named in str(e.value)


@pytest.mark.parametrize(
    "text",
    [
        "In clause 3 delete “cat” and “dog” and insert “dog” and “bird” respectively.",  # the first new words are the second old
        "In clause 3 delete “dog” and “cat” and insert “cat” and “dog” respectively.",  # a swap
        "In clause 3 delete “30 June” and “June” and insert “1 July” and “July” respectively.",  # old words inside others
    ],
)
def test_pairs_that_would_change_each_others_words_are_refused(text: str) -> None:
    with pytest.raises(InstructionNotUnderstood, match="overlap"):
        parse_unit(Unit("9", text, None))


def test_two_lists_without_respectively_are_not_guessed() -> None:
    with pytest.raises(InstructionNotUnderstood):
        parse_unit(Unit("9", "In clause 3 delete “a” and “b” and insert “x” and “y”.", None))


# --- at the end of a provision -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "context", "target"),
    [
        ("At the end of clause 4.2 insert— (3) A notice must give 14 days.", None, "4.2"),
        ("At the end of clause 4.2, insert the following subclause— (3) A notice must give 14 days.", None, "4.2"),
        ("At the end of subclause (2) insert— (c) a barn.", "4.2", "4.2(2)"),
    ],
)
def test_provisions_inserted_at_the_end_of_a_provision(text: str, context: str | None, target: str) -> None:
    [op] = parse_unit(Unit("5", text, context))
    assert (op.action, op.target, op.position) == ("insert", target, "end")


def test_at_the_end_of_the_whole_law_is_not_guessed() -> None:
    with pytest.raises(InstructionNotUnderstood, match="cannot tell where the new provisions go"):
        parse_unit(Unit("5", "At the end of the principal local law insert— 9.1 Savings A thing.", None))


# --- amendment by a table --------------------------------------------------------------------------------------

SENTENCE = (
    "In each provision of the principal local law listed in column 1 of the Table, delete the words set out in column 2 "
    "opposite that provision and insert the words set out in column 3 opposite that provision."
)
HEADER = "| Column 1 Provision | Column 2 Words deleted | Column 3 Words inserted | |---|---|---|"


def _table(*rows: str, sentence: str = SENTENCE, header: str = HEADER) -> str:
    # as an instrument's clause holds it: its lines run together
    return " ".join([sentence, "Table", header, *rows])


def test_each_row_of_the_table_is_one_word_edit_in_the_provision_it_cites() -> None:
    text = _table("| clause 2.1(2) | Principal Officer | Manager |", "| clause 5.4(1)(b) | 30 days | 28 days |")
    assert ops(text) == [
        ("substitute_words", "2.1(2)", "Principal Officer", "Manager", "", "once"),
        ("substitute_words", "5.4(1)(b)", "30 days", "28 days", "", "once"),
    ]


@pytest.mark.parametrize(
    ("sentence", "header"),
    [
        (SENTENCE.replace("delete", "omit").replace("and insert", "and substitute"), HEADER),
        (SENTENCE.replace("listed in", "specified in").replace("set out in", "specified in"), HEADER),
        (SENTENCE.replace("In each provision of the principal local law", "In each provision"), HEADER),
        (SENTENCE.replace("opposite that provision.", "opposite that provision:"), HEADER),
        (SENTENCE, "| Provision | Delete | Insert | |---|---|---|"),  # a header without column numbers
        (SENTENCE, "| Column 1 | Column 2 | Column 3 |"),  # no rule under the header
    ],
)
def test_the_table_sentence_and_its_header_read_the_same_in_other_words(sentence: str, header: str) -> None:
    text = _table("| clause 7.2 | Health Act 1911 | “Public Health Act 2016” |", sentence=sentence, header=header)
    assert ops(text) == [("substitute_words", "7.2", "Health Act 1911", "Public Health Act 2016", "", "once")]


def test_the_columns_are_those_the_sentence_numbers() -> None:
    sentence = SENTENCE.replace("column 2", "column X").replace("column 3", "column 2").replace("column X", "column 3")
    text = _table("| clause 3 | new words | old words |", sentence=sentence, header="| Column 1 | Column 2 | Column 3 |")
    assert ops(text) == [("substitute_words", "3", "old words", "new words", "", "once")]


def test_a_first_row_that_is_a_row_is_never_taken_for_a_header() -> None:
    text = " ".join([SENTENCE, "| clause 2.1(2) | a | b | | clause 3 | c | d |"])
    assert ops(text) == [("substitute_words", "2.1(2)", "a", "b", "", "once"), ("substitute_words", "3", "c", "d", "", "once")]


def test_a_row_cell_is_read_as_any_locator() -> None:
    text = _table("| the definition of “dog” in clause 1.4 | an animal | a canine |", "| clauses 3.1 and 3.2 | shall | must |")
    assert ops(text) == [
        ("substitute_words", "1.4 “dog”", "an animal", "a canine", "", "once"),
        ("substitute_words", "3.1", "shall", "must", "", "once"),
        ("substitute_words", "3.2", "shall", "must", "", "once"),
    ]


@pytest.mark.parametrize(
    ("row", "why"),
    [
        ("| the second clause | a | b |", "row 2 of its table (“the second clause | a | b”): cannot tell which provision"),
        ("| clause 3 | a |  |", "row 2 of its table (“clause 3 | a | ”) leaves a cell empty"),
    ],
)
def test_a_row_that_cannot_be_read_refuses_the_instruction_naming_the_row(row: str, why: str) -> None:
    with pytest.raises(InstructionNotUnderstood) as e:
        parse_unit(Unit("4", _table("| clause 2 | x | y |", row), None))
    assert why in str(e.value)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (_table("| clause 2 | x | y | z |"), "rows could not be read"),
        (
            _table("| clause 2 | x | y |", header="| Column 2 | Column 1 | Column 3 | |---|---|---|"),
            "column 1 is headed “Column 2”",
        ),
        (_table("| clause 2 | x |", header="| Provision | Words | |---|---|"), "names column 3 of a table that has 2 columns"),
        (SENTENCE, "not printed with it"),
        (_table(), "has no rows"),
    ],
)
def test_a_table_that_cannot_be_read_is_refused_saying_why(text: str, why: str) -> None:
    with pytest.raises(InstructionNotUnderstood) as e:
        parse_unit(Unit("4", text, None))
    assert why in str(e.value)
