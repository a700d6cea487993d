"""The amending language as one declared grammar (lawhistory/amending/grammar/wa.lark): how its parts compose.

Synthetic instructions (not law): each test gives wording and the operations it must make, or the refusal it must
give. The wordings the retired families were tested with are read by the grammar in tests/test_grammar_examples.py.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from lawhistory.amending.apply import ApplyRefused, apply_operation
from lawhistory.amending.families import reading
from lawhistory.amending.grammar.instruction import read_head
from lawhistory.amending.grammar.parse import NoParse, readings, rule_names
from lawhistory.amending.instructions import (
    InstructionNotUnderstood,
    parse_unit,
    units,
)
from lawhistory.amending.parts import Unit
from lawhistory.core.model import Law, LawMeta
from lawhistory.core.model import Provision as P
from tests.helpers import ops

ROOT = Path(__file__).resolve().parents[1]


def law_of(*body: P) -> Law:
    return Law(meta=LawMeta(id="x/a", title="A", local_government="Shire of X", kind="amending"), body=body)


# --- actions x objects x positions x occurrence x payloads ----------------------------------------------------------


@pytest.mark.parametrize("verb", ["delete", "omit", "remove", "strike out", "by deleting", "by omitting", "by removing"])
@pytest.mark.parametrize(
    "put", ["insert", "substitute", "insert in its place", "replace it with", "and replace with", "and substitute"]
)
def test_verbs_for_replacing_words_combine_freely_and_read_the_same(verb: str, put: str) -> None:
    joined = put if put.startswith("and ") else f"and {put}"
    text = f"In clause 4.2(3) {verb} “shall” {joined} “must”."
    assert ops(text) == [("substitute_words", "4.2(3)", "shall", "must", "", "once")]


@pytest.mark.parametrize(
    ("qualifier", "occurrence"),
    [("wherever occurring", "all"), ("(each occurrence)", "all"), ("(first occurring)", "first"), ("", "once")],
)
@pytest.mark.parametrize(("position", "pos"), [("after", "after"), ("before", "before")])
def test_positions_and_occurrences_combine(qualifier: str, occurrence: str, position: str, pos: str) -> None:
    text = f"In clause 3.1 {position} “dog” {qualifier} insert “or cat”.".replace("  ", " ")
    assert ops(text) == [("insert_words", "3.1", "dog", "or cat", pos, occurrence)]


def test_payload_after_a_dash_or_quoted_gives_the_same_words() -> None:
    quoted = ops("In clause 7 delete “$500” and insert “$1 000”.")
    dashed = ops("Clause 7 is amended by deleting “$500” and inserting instead — “$1 000”.")
    colon = ops("In clause 7 delete “$500” and insert: $1 000")
    assert quoted == dashed == colon == [("substitute_words", "7", "$500", "$1 000", "", "once")]


def test_a_punctuation_mark_is_an_object_like_words() -> None:
    assert ops("In clause 5(1)(c) delete “.” and insert “; or”.") == [("substitute_words", "5(1)(c)", ".", "; or", "", "once")]
    assert ops("In clause 2.8(2)(f) after “implement” insert a full stop.") == [
        ("insert_words", "2.8(2)(f)", "implement", ".", "after", "once")
    ]


@pytest.mark.parametrize(
    ("text", "context", "expected"),
    [
        ("In clause 5(1) for “shall” substitute “must”.", None, [("substitute_words", "5(1)", "shall", "must", "", "once")]),
        ("In clause 4 by deleting “x” and inserting in lieu thereof “y”.", None, [("substitute_words", "4", "x", "y", "", "once")]),
        ("In clause 4 delete “x” and insert “y” in its place.", None, [("substitute_words", "4", "x", "y", "", "once")]),
        ("In clause 3, the definition of “dog” is deleted.", None, [("delete", "3 “dog”", "", "", "", "once")]),
        ("Clause 5(2) is deleted and the following subclause substituted— (2) A dog must be kept.", None,
         [("substitute", "5(2)", "", "(2) A dog must be kept.", "", "once")]),
        ("Replace subclause (2) with— (2) A dog must be kept.", "5", [("substitute", "5(2)", "", "(2) A dog must be kept.", "", "once")]),
        ("In clause 3 the following definition is inserted in alphabetical order— “cat means a cat;”", None,
         [("insert_definition", "3", "", "**cat** means a cat;", "alphabetical", "once")]),
        ("In clause 3 insert the following definitions in their appropriate alphabetical positions— “cat means a cat;”", None,
         [("insert_definition", "3", "", "**cat** means a cat;", "alphabetical", "once")]),
        ("In clause 3, in the definition of “premises”, paragraph (a), delete “shed”.", None,
         [("delete_words", "3 “premises” (a)", "shed", "", "", "once")]),
        ("in that subclause delete “dog”;", "3(3)", [("delete_words", "3(3)", "dog", "", "", "once")]),
        ("delete paragraphs (c) and (d) and “and” after each of them.", "4(2)", [("delete", "4(2)(c)", "", "", "", "once"), ("delete", "4(2)(d)", "", "", "", "once")]),
    ],
)  # fmt: skip
def test_more_wordings_read_as_their_operations(text: str, context: str | None, expected: list[tuple[str, ...]]) -> None:
    assert ops(text, context) == expected


def test_only_a_connector_after_a_deleted_provision_goes_with_it() -> None:
    with pytest.raises(InstructionNotUnderstood, match="not a connector"):
        parse_unit(Unit("9", "delete paragraph (c) and “Penalty” after it.", "4(2)"))


# --- lead-ins distribute over items; locators compose -------------------------------------------------------------


def test_a_lead_in_naming_a_kind_lets_each_item_give_the_rest_of_the_citation() -> None:
    law = law_of(
        P("clause", num="4", heading="Clause 5.2 amended", text="In clause—", children=(
            P("paragraph", num="(a)", text="5.2(1), delete “shall” and insert in their place the words “must”;"),
            P("paragraph", num="(b)", text="5.2(4), delete “may”."),
        )),
    )  # fmt: skip
    found = [op for u in units(law) for op in parse_unit(u)]
    assert [(o.clause, o.action, o.target, o.words, o.new) for o in found] == [
        ("4(a)", "substitute_words", "5.2(1)", "shall", "must"),
        ("4(b)", "delete_words", "5.2(4)", "may", None),
    ]


def test_an_item_giving_a_bare_citation_without_a_lead_in_kind_is_refused() -> None:
    with pytest.raises(InstructionNotUnderstood, match=r"what kind of provision “5\.2\(1\)” is"):
        parse_unit(Unit("4(a)", "5.2(1), delete “may”.", "5.2"))


def test_a_definition_lead_in_ending_in_a_semicolon_distributes_over_roman_items() -> None:
    law = law_of(
        P("clause", num="5", heading="Clause 1.3 amended", text=(
            "In the definition of “premises”; i. delete (b) and insert— “(b) a shed;”; "
            "ii. delete (d) and insert— “(d) a barn;”."
        )),
    )  # fmt: skip
    found = [op for u in units(law) for op in parse_unit(u)]
    assert [(o.clause, o.action, o.target, o.new) for o in found] == [
        ("5(i)", "substitute", "1.3 “premises” (b)", "(b) a shed;"),
        ("5(ii)", "substitute", "1.3 “premises” (d)", "(d) a barn;"),
    ]


@pytest.mark.parametrize("of", ["of", "for"])
def test_a_definition_named_narrows_the_words_edited(of: str) -> None:
    text = f"In clause 1.3 in the definition {of} vehicle delete “car” and replace with “motor car”."
    assert ops(text) == [("substitute_words", "1.3 “vehicle”", "car", "motor car", "", "once")]


def test_the_place_inside_the_subject_narrows_the_target() -> None:
    text = "Clause 26 is amended in paragraph (c) of subclause (2) by deleting “the Library” and substituting “a library”."
    assert ops(text) == [("substitute_words", "26(2)(c)", "the Library", "a library", "", "once")]


# --- definitions placed by the law's own order (issue 20 part 3) --------------------------------------------------


def test_a_definition_with_no_place_given_goes_in_the_laws_order_with_a_note() -> None:
    notes: list[str] = []
    [op] = parse_unit(Unit("7(a)", "insert— dog is an animal of the species Canis familiaris;", "1.3"), notes)
    assert (op.action, op.target, op.position) == ("insert_definition", "1.3", "ordered")
    assert op.new == "**dog** is an animal of the species Canis familiaris;"
    assert any("no place is given" in n and "alphabetical" in n for n in notes)
    ordered = (P("clause", num="1.3", heading="Terms", text="In this local law—", children=(
        P("definition", term="cat", text="**cat** means a cat;"),
        P("definition", term="eel", text="**eel** means an eel;"),
    )),)  # fmt: skip
    body, _ = apply_operation(ordered, op)
    assert [d.term for d in body[0].children] == ["cat", "dog", "eel"]
    unordered = (P("clause", num="1.3", heading="Terms", text="In this local law—", children=(
        P("definition", term="eel", text="**eel** means an eel;"),
        P("definition", term="cat", text="**cat** means a cat;"),
    )),)  # fmt: skip
    with pytest.raises(ApplyRefused, match="not in alphabetical order"):
        apply_operation(unordered, op)


@pytest.mark.parametrize("verb", ["is", "has the meaning given in the Act", "means"])
def test_a_definition_drafted_with_is_or_has_the_meaning_is_a_definition(verb: str) -> None:
    [op] = parse_unit(Unit("7", f"In clause 1.3 insert in alphabetical order— “dog {verb};”", None))
    assert op.action == "insert_definition" and op.new is not None and op.new.startswith("**dog**")


# --- the parse is the word accounting ---------------------------------------------------------------------------


def test_two_parses_making_different_operations_are_refused_naming_both_readings() -> None:
    # "the definitions of dog and cat": two terms, or one term "dog and cat"? (an unquoted term may hold "and")
    with pytest.raises(InstructionNotUnderstood, match="reads two ways") as e:
        parse_unit(Unit("3", "In clause 1.4 delete the definitions of dog and cat.", None))
    assert "delete 1.4 “dog”; delete 1.4 “cat”" in str(e.value) and "delete 1.4 “dog and cat”" in str(e.value)
    # one definition named: one reading
    assert ops("In clause 1.4 delete the definition of rules and regulations.") == [
        ("delete", "1.4 “rules and regulations”", "", "", "", "once")
    ]


def test_words_the_grammar_cannot_place_stop_the_parse_where_they_begin() -> None:
    stopped = readings("In clause 5 delete “dog” and frobnicate “cat”.")
    assert isinstance(stopped, NoParse) and stopped.words.startswith("frobnicate")
    with pytest.raises(InstructionNotUnderstood, match="parse stopped at “frobnicate"):
        parse_unit(Unit("3", "In clause 5 delete “dog” and frobnicate “cat”.", None))


def test_every_parse_reading_the_same_operations_is_one_reading() -> None:
    # "(c), (e) and (j)" parses as one list of labels several ways; the operations are the same, so it is not refused
    got = read_head(Unit("9", "x", "2.7(1)"), "delete paragraphs (c), (e) and (j)", None, [])
    assert isinstance(got, list) and [o.target for o in got] == ["2.7(1)(c)", "2.7(1)(e)", "2.7(1)(j)"]


# --- the grammar and the families ---------------------------------------------------------------------------------


def test_an_instruction_the_grammar_cannot_read_holding_the_start_of_another_is_refused_quoting_it() -> None:
    # the word accounting (families.refuse_unread_instruction): the second instruction's words would be left unread
    text = "In clause 3 delete “a” and frobnicate In clause 4 delete “b”."
    with pytest.raises(InstructionNotUnderstood, match="holds another instruction that would be left unread \\(“In clause 4"):
        parse_unit(Unit("9", text, None))


def test_docs_name_every_grammar_rule_with_an_example_it_parses() -> None:
    doc = (ROOT / "docs" / "amendments.md").read_text(encoding="utf-8")
    section = doc.split("## The grammar's rules", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1:3] for line in section.splitlines() if line.startswith("| `")]
    documented = {cell.strip().strip("`"): example.strip() for cell, example in rows}
    # the rules that only join parts (lists, optional words, qualifiers) are described in the doc's prose
    joining = {"start", "lead", "subject", "place_chain", "place", "prov", "prov_list", "labels", "list_join", "term"}
    joining |= {"term_word", "change", "new_words", "quoted_list", "defs", "following", "put", "replaced_by", "reference"}
    joining |= {"position", "after", "before", "occurrence", "occ_all", "occ_first", "occ_second", "occ_last", "closing"}
    joining |= {"retired_change", "retired_place", "retired_start"}  # the rules that once were families, each with its own row
    joining |= {"row_cited_for"}  # "the item for clause 6.5A": parsed as row_cited (an alias), described in its row
    parts = set(rule_names()) - joining
    assert parts <= set(documented), f"rules without a row in docs/amendments.md: {parts - set(documented)}"
    for rule, example in documented.items():
        assert example.startswith("“") and example.endswith("”"), f"{rule}: its example is not quoted: {example}"
        text = example[1:-1]
        unit = Unit("1", text, "3.8", lead="clause")
        r = reading(unit, [])
        parsed = readings(r.head)
        assert not isinstance(parsed, NoParse), f"{rule}: the grammar does not parse its example {text!r}"
        assert any(rule in {t.data for t in tree.iter_subtrees()} for tree in parsed), f"{rule} is not in the parse of {text!r}"


# --- structure ----------------------------------------------------------------------------------------------------


def _imports(path: Path, package: str) -> set[str]:
    """The modules of ``package`` that ``path`` imports anywhere: at the top, inside functions, under TYPE_CHECKING."""
    here = path.relative_to(ROOT).with_suffix("").parts
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = list(here[:-1]) if node.level else []
            for _ in range(max(node.level - 1, 0)):
                base.pop()
            mod = ".".join([*base, *(node.module.split(".") if node.module else [])])
            names = [mod] + [f"{mod}.{a.name}" for a in node.names]
            out |= {n for n in names if n.startswith(package)}
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.startswith(package)}
    return out


def test_no_import_cycle_inside_amending() -> None:
    package = "lawhistory.amending"
    files = sorted((ROOT / "lawhistory" / "amending").rglob("*.py"))
    modules = {".".join(f.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): f for f in files}
    graph = {m: {i for i in _imports(f, package) if i in modules and i != m} for m, f in modules.items()}
    state: dict[str, int] = {}

    def visit(m: str, path: list[str]) -> None:
        state[m] = 1
        for n in sorted(graph[m]):
            assert state.get(n) != 1, f"import cycle: {' -> '.join([*path, m, n])}"
            if n not in state:
                visit(n, [*path, m])
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [])
    assert "lawhistory.amending.parts" in graph["lawhistory.amending.families"]


# --- the rules that once were families compose with the grammar's other parts ------------------------------------


@pytest.mark.parametrize(
    ("text", "context", "expected"),
    [
        # a column named in words, not only as "3rd"
        ("in the item for clause 6.5 in the third column delete “8” and insert “20”", "Schedule 2",
         [("substitute_words", "Schedule 2 row relating to clause 6.5 column 3", "8", "20", "", "once")]),
        # new words that go on into the next label, with any lead: the closing words changed, then the provision after
        ("In clause 11(2)(f) delete “.” and insert “; or (g) the goods are newspapers.”", None,
         [("substitute_words", "11(2)(f)", ".", "; or", "", "once"), ("insert", "11(2)(f)", "", "(g) the goods are newspapers.", "after", "once")]),
        # a change after a provision, by: the words that end it
        ("after paragraph (f) by deleting the full stop and inserting “; or”;", "11(2)",
         [("substitute_words", "11(2)(f)", ".", "; or", "end", "once")]),
        # "the following words and paragraphs": the connector, then every provision after it
        ("After paragraph (b) insert the following words and paragraphs— “or (c) an election; (d) a poll;”", "10",
         [("insert_words", "10(b)", "", "or", "end", "once"), ("insert", "10(b)", "", "(c) an election;\n(d) a poll;", "after", "once")]),
        # all the words after others, with an ordinary lead-in
        ("In clause 36(1) omit all the words after “if the person”.", None,
         [("substitute_words", "36(1) after “if the person”", "", "", "", "once")]),
        # what a heading is to read, without "Note:"
        ("The heading to clause 8 is to read: CEO to be notified", None, [("substitute_heading", "8", "", "CEO to be notified", "", "once")]),
        # a provision of the principal law repealed is a provision deleted, never a whole law repealed
        ("By-law 13 is repealed.", None, [("delete", "13", "", "", "", "once")]),
        ("The Shire of X By-laws relating to Camping as published in the Government Gazette on 20 November 1970 are hereby repealed.", None,
         [("repeal", "Shire of X By-laws relating to Camping", "1970-11-20", "", "", "once")]),
    ],
)  # fmt: skip
def test_the_retired_families_readings_compose(text: str, context: str | None, expected: list[tuple[str, ...]]) -> None:
    assert ops(text, context) == expected


@pytest.mark.parametrize(
    ("text", "context", "refusal"),
    [
        ("Before paragraph (b), insert the following word and paragraph: “and (c) an election;”.", "10", "other than after"),
        ("After paragraph (b), insert the following word and paragraph: “(c) an election;”.", "10", "connector and then"),
        ("Delete the reference after the heading to Schedule 1 Form 3", None, "before a form's heading"),
        ("Delete the reference before the heading to clause 5 and insert: [cl. 5.1]", None, "schedule or a form"),
        ("Delete the reference before the heading to Schedule 1 Form 1 and insert: cl. 5.1", None, "not one bracketed line"),
        ("By-law 13 is amended by deleting the words “X” between “A” and “B” and inserting in lieu thereof the words “Y”, "
         "by-law 14 now to read:— 14. The Hall.", None, "restated"),
        ("Delete clause 16(a)(ii) and the passage that begins with “unless” and continues until the end of paragraph (b).",
         None, "does not hold"),
    ],
)  # fmt: skip
def test_the_retired_families_refusals_are_kept(text: str, context: str | None, refusal: str) -> None:
    with pytest.raises(InstructionNotUnderstood, match=refusal):
        parse_unit(Unit("9", text, context))


def test_quoted_words_may_hold_quotation_marks() -> None:
    # the grammar itself reads them (not a family consulted when it has no parse)
    unit = Unit("9", "delete ““very high”.” and insert: “high”.", "15B(7)")
    r = reading(unit, [])
    got = read_head(unit, r.head, r.payload, [])
    assert isinstance(got, list) and [(o.words, o.new) for o in got] == [("“very high”.", "“high”.")]


def test_a_wording_the_grammar_does_not_declare_is_refused_naming_where_its_parse_stopped() -> None:
    # the retired family "reference note replaced or deleted" read "under the heading" (as "after"); the grammar does
    # not declare "under" there, so the instruction is refused, naming where the parse stopped — nothing else reads it
    text = "Delete the reference under the heading to Schedule 2"
    with pytest.raises(InstructionNotUnderstood, match="parse stopped at “under the heading"):
        parse_unit(Unit("9", text, None))
