"""Where an instruction opens, asked of the grammar (grammar/opening.lark, read with wa.lark's words).

Synthetic words (not law). A label ("(b)", "ii.", "3.") opens an instruction when the grammar of openings parses an
opening after it; a label that none follows is words of the text around it. The instructions are split there, and an
unquoted inserted block ends there (accounting.LABELLED_START, accounting.ITEM_START).
"""

from __future__ import annotations

import pytest

from lawhistory.amending.accounting import ITEM_START, LABELLED_START, split_instructions
from lawhistory.amending.grammar.parse import (
    amended_as_follows,
    ends_repeal,
    following_dash,
    labelled_after,
    lead_in,
    names_amendment,
    opens_instruction,
    quoted_after,
    relabelling,
    restated_dash,
    substitutes_for,
)
from lawhistory.amending.instructions import _frame, parse_unit
from lawhistory.amending.parts import AMENDED_AS_FOLLOWS, InstructionNotUnderstood, Unit, _collect, _payload_dash, _split_payload
from lawhistory.core.model import Provision


@pytest.mark.parametrize(
    "words",
    [
        "by deleting “x” and inserting “y”",
        "at the end of paragraph (b) by inserting — “; or”",
        "deleting the definition of “hirer”",
        "inserting before the definition of “dog” —",
        "delete “69.0 cents” and insert “70.0 cents”",
        "strike out the words “the owner”",
        "delete paragraph (c)",
        "in subclause (2) — delete “x”",
        "in the definition of “x” — (i) delete",
        "insert in alphabetical order —",
        "in clause 5, in the column headed “Fee”, delete “5” and insert “6”",
        "after paragraph (b) insert —",
        "“. Delete whichever is not applicable.” is deleted.",
        "paragraph (d) is deleted.",
        "the definition of “hirer” is deleted.",
        # shapes the sentence-shaped regular expression before the grammar did not know
        "in regulation 4 delete “x” and insert “y”",
        "Part 5 is deleted.",
        "Schedule 2 is deleted and replaced with the following —",
    ],
)
def test_the_grammar_reads_an_instruction_opening(words: str) -> None:
    assert opens_instruction(words)


@pytest.mark.parametrize(
    "words",
    [
        "a person who is the owner of the land",
        "the person in charge of the premises at the time",
        "in the opinion of the chief executive officer, the premises are unsafe",
        "in subclause (3)(e) — cleanliness rating has the meaning given",  # a new provision's words, not a lead-in
        "subclause (1) does not apply to premises outside the townsite; and (b) the fee is deleted",
        "",
    ],
)
def test_words_that_open_no_instruction(words: str) -> None:
    assert not opens_instruction(words)


def test_an_opening_beyond_the_reach_is_not_read() -> None:
    # the place's words run on past 24 words before a verb: no opening (the words of a provision, not a lead)
    words = "in clause 3 " + "of the local government and its officers " * 5 + "delete “x”"
    assert not opens_instruction(words)
    assert opens_instruction("in clause 3 of the local government delete “x”")


def test_label_positions_are_found_only_where_an_opening_follows() -> None:
    text = " the fee in (b) above is payable (c) delete “x” 4. Part 5 is deleted."
    assert [m.group(0).strip() for m in LABELLED_START.finditer(text)] == ["(c)"]
    assert [m.group(0).strip() for m in ITEM_START.finditer(text)] == ["(c)", "4."]


def test_an_unlettered_clause_is_split_at_an_item_the_old_expression_did_not_know() -> None:
    # "(b) in regulation 4 …": the sentence-shaped expression knew "in clause", "in paragraph" … and not "regulation"
    pieces = split_instructions("In clause 3 (a) delete “5 days” and insert “7 days”; (b) in regulation 4 delete “x”.")
    assert pieces[-1] == "(b) in regulation 4 delete “x”."


@pytest.mark.parametrize(
    "item",
    [
        "(b) in regulation 4 delete “30 days”.",
        "(b) Part 5 is deleted.",
        "(b) Schedule 2 is deleted.",
        "ii. in regulation 4 delete “x”.",
    ],
)
def test_unquoted_new_words_never_run_on_into_an_item_the_grammar_reads(item: str) -> None:
    # the sentence-shaped expression before the grammar knew none of these items: the new words were
    # "60 days (b) Part 5 is deleted." (the next instruction put into the law as words)
    with pytest.raises(InstructionNotUnderstood, match="run on into what reads as another instruction"):
        _split_payload(f"delete “21 days” and insert: 60 days {item}")
    assert _split_payload("delete “21 days” and insert: 60 days (b) the fee set out above") == (
        "delete “21 days” and insert",
        "60 days (b) the fee set out above",
    )


@pytest.mark.parametrize(
    ("text", "pieces"),
    [
        # a new sentence that opens an instruction (grammar: sentence_ahead)
        (
            "Delete clause 4.6(2)(h) and insert “x”. In clause 4.6 (2), insert— (i) a fee",
            ["Delete clause 4.6(2)(h) and insert “x”.", "In clause 4.6 (2), insert— (i) a fee"],
        ),
        (
            "Clause 9(1) is amended by deleting “a”. Clause 10 is deleted.",
            ["Clause 9(1) is amended by deleting “a”.", "Clause 10 is deleted."],
        ),
        # an opening's own words never open another: "Part 4" inside "Division 3 of Part 4 is amended"
        ("Division 3 of Part 4 is amended by deleting “a”.", ["Division 3 of Part 4 is amended by deleting “a”."]),
        # numbered instructions (grammar: numbered_ahead); a number before words that open none stays with them
        (
            "In Schedule 1 Item 6 – 1. Delete “a”; 2. Delete “b”.",
            ["In Schedule 1 Item 6 –", "1. Delete “a”;", "2. Delete “b”."],
        ),
        (
            "In the definition of “premises”; i. delete (b); ii. delete (d).",
            ["In the definition of “premises”;", "i. delete (b);", "ii. delete (d)."],
        ),
        ("Delete “within 2. Fees” and insert “a”.", ["Delete “within 2. Fees” and insert “a”."]),
        # a quotation holding a semicolon: the sentence's place does not run over it to a verb (as printed before)
        (
            "(a) delete “x”; 3. In paragraph (f) of subclause (2), after the words “similar implement;” insert “a”",
            ["(a) delete “x”;", "3. In paragraph (f) of subclause (2), after the words “similar implement;” insert “a”"],
        ),
    ],
)
def test_a_clause_is_split_where_the_grammar_reads_an_instruction_opening(text: str, pieces: list[str]) -> None:
    assert split_instructions(text) == pieces


@pytest.mark.parametrize(
    ("words", "said"),
    [
        ("delete paragraph (b) and renumber paragraphs (c) and (d) as paragraphs (b) and (c).", "renumber"),
        ("delete “a” and redesignate subclause (3) accordingly", "redesignate"),
        ("delete $5 and re-letter the paragraphs", "re-letter"),  # a mark no terminal reads is passed over
    ],
)
def test_words_giving_new_labels_are_the_grammars_word_outside_quotations(words: str, said: str) -> None:
    found = relabelling(words)
    assert found is not None and words[found[0] : found[1]] == said


@pytest.mark.parametrize("words", ["delete “renumbered” and insert “x”", "delete “the unclosed renumber", "delete “a”"])
def test_quoted_words_never_give_new_labels(words: str) -> None:
    assert relabelling(words) is None


@pytest.mark.parametrize(
    ("text", "head", "payload"),
    [
        ("delete clause 3 and insert— (3) A fee is payable.", "delete clause 3 and insert", "(3) A fee is payable."),
        ("delete “a: b” and insert: c d", "delete “a: b” and insert", "c d"),  # a colon inside quoted words opens nothing
        ("Clause 5 is to read: 5. A fee", "Clause 5 is to read", "5. A fee"),
        # (r2voice) the passive names its place, quotations included, between the verb and the dash
        ("the following clause is inserted after “y” — 6. A fee", "the following clause is inserted after “y”", "6. A fee"),
    ],
)
def test_the_new_text_begins_at_the_dash_the_grammar_reads_after_the_word_taking_it(text: str, head: str, payload: str) -> None:
    dash = _payload_dash(text)
    assert dash is not None and (text[: dash.start()], text[dash.end() :]) == (head, payload)


@pytest.mark.parametrize(
    "text",
    [
        "delete “a” and insert “b — c”",  # the new words are quoted: the dash inside them opens nothing
        "insert “x” after clause 5 — the rest",  # a quotation between the word and the dash
        "delete clause 3.",  # no word taking new text
    ],
)
def test_no_dash_opens_new_text(text: str) -> None:
    assert _payload_dash(text) is None


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("In Schedule 3:", {"t": "Schedule 3"}),
        ("in the definition of “caretaker” —", {"t": "the definition of “caretaker”"}),
        ("In clause 3: paragraph (a)—", {"t": "clause 3: paragraph (a)"}),
        ("Clause 5 of the principal local law is amended in subclause (1)-", {"t2": "Clause 5", "t3": "subclause (1)"}),
        ("Clause 7 is further amended as follows:", {"t2": "Clause 7"}),
        # the provision amended in named by a definition's quoted term, "as follows" after it (not part of the place)
        (
            "Clause 3 is amended in the definition of “burial records” as follows:",
            {"t2": "Clause 3", "t3": "the definition of “burial records”"},
        ),
    ],
)
def test_a_lead_in_is_read_by_the_grammar_with_the_words_naming_its_place(text: str, named: dict[str, str]) -> None:
    found = lead_in(text)
    assert found is not None and {k: text[a:b] for k, (a, b) in found.items()} == named


@pytest.mark.parametrize(
    "text",
    [
        "In clause 3 delete “x”",
        "In the additional clause —",  # a word beginning as a verb does: never a lead-in (as before)
        # the expression before the grammar knew no "striking out": this instruction was taken for a lead-in, its change
        # never made
        "in the formula by striking out “1.5 L +”;",
        "Paragraph 5 is amended —",  # a lead-in's provision is a clause, by-law, subclause or schedule
    ],
)
def test_words_that_are_no_lead_in(text: str) -> None:
    assert lead_in(text) is None


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Clause 2.8 is amended as follows—", ("target", "Clause 2.8")),
        # (wrongref) the form is the place (its words up to the form's label): "Schedule 1" alone had its items' edits
        # made in another form
        ("Schedule 1 is amended in Form 4 as follows:", ("target", "Schedule 1 is amended in Form 4")),
        ("Clause 3 is further amended in the following manner:", ("target", "Clause 3")),
        ("In clause 5—", ("target2", "clause 5")),
        ("In the principal local law —", ("target2", "the principal local law")),
        ("The principal local laws are amended—", ("target2", "The principal local laws")),  # the law itself
    ],
)
def test_words_making_the_parts_after_them_instructions_are_read_by_the_grammar(text: str, named: tuple[str, str]) -> None:
    found = amended_as_follows(text)
    assert found is not None and (found[0], text[found[1][0] : found[1][1]]) == named


@pytest.mark.parametrize(
    "text", ["Clause 5 is amended by deleting “x”.", "Clause 3 is amended as follows:-", "In clause 5 –", "a fee of $5:"]
)
def test_words_that_do_not_make_the_parts_after_them_instructions(text: str) -> None:
    assert amended_as_follows(text) is None


def test_the_heading_to_a_provision_opens_the_sentence_and_its_provision_opens_no_other() -> None:
    text = "Clause 4 is amended. The heading to Part 2 is deleted and the following heading is inserted — “Part 2 — Dogs”."
    assert split_instructions(text) == [
        "Clause 4 is amended.",
        "The heading to Part 2 is deleted and the following heading is inserted — “Part 2 — Dogs”.",
    ]


def test_an_item_placed_after_each_of_provisions_opens_an_instruction() -> None:
    text = "(a) after paragraph (b) by inserting — “(ba) a record;”; (b) after each of paragraphs (a) and (b) by inserting — “ and ”."
    assert len(split_instructions(text)) == 2


# ---- (split2) the other words that open new text: "now to read —", "the following … —" ------------------------------


@pytest.mark.parametrize(
    ("text", "payload"),
    [
        (
            "By-law 13 is amended by deleting the words “X” and inserting the words “Y”, by-law 13 now to read:— 13. The Hall.",
            "13. The Hall.",
        ),
        # a "now to read" inside a quotation is the quoted words', not the restatement's (the old expression, seeing
        # the quotation open before it, found no restatement at all)
        (
            "By-law 13 is amended by inserting “ now to read:— 13. ” after “x”, by-law 13 now to read:— 13. The Hall.",
            "13. The Hall.",
        ),
    ],
)
def test_a_provision_restated_follows_the_grammars_now_to_read(text: str, payload: str) -> None:
    head, found = _split_payload(text)
    assert found == payload and head.endswith("by-law 13 now to read")


@pytest.mark.parametrize("text", ["by-law 13 now to read:—", "by deleting “by-law 13 now to read:— 13. x"])
def test_no_provision_restated(text: str) -> None:
    assert restated_dash(text) is None  # nothing after the dash; the words after an open quotation mark are quoted


@pytest.mark.parametrize(
    ("text", "payload"),
    [
        ("by inserting after “any day” the following— “, or a public holiday”", ", or a public holiday"),
        ("by inserting after “any day” the following words: “, or a public holiday”", ", or a public holiday"),
    ],
)
def test_the_dash_after_the_following_opens_the_new_words(text: str, payload: str) -> None:
    head, found = _split_payload(text)
    assert found == payload and head.endswith(("the following", "the following words"))


@pytest.mark.parametrize(
    "text",
    [
        "by inserting after “any day” the following items: “, or a public holiday”",  # not a word it names
        "by deleting “the following— x” and inserting “y”",  # quoted: the old expression read a dash inside the quotation
    ],
)
def test_no_dash_after_the_following_opens_new_words(text: str) -> None:
    assert following_dash(text) is None


@pytest.mark.parametrize(
    ("text", "frame"),
    [
        (
            "delete paragraph (b) and renumber paragraph (c) as paragraph (b) and insert— (d) a fee.",
            "delete paragraph (b) and renumber paragraph (c) as paragraph (b) and insert",
        ),
        ("by inserting after “x” the following— (c) the fees are renumbered each year.", "by inserting after “x” "),
        ("delete paragraph (b) and renumber paragraph (c) as paragraph (b).", None),
    ],
)
def test_the_words_before_new_text_are_where_the_grammar_reads_its_dash(text: str, frame: str | None) -> None:
    # (split2) instructions.parse_unit looks for new labels only in the words before the new text
    assert _frame(text).rstrip() == (frame if frame is not None else text).rstrip()


def test_new_labels_in_the_new_text_after_the_following_are_the_new_texts_words() -> None:
    unit = Unit("3", "by inserting after “x” the following— (c) the fees are renumbered each year.", "clause 4")
    try:
        parse_unit(unit)
    except InstructionNotUnderstood as e:
        assert "new labels" not in str(e)


def test_new_labels_before_the_new_text_are_refused_saying_so() -> None:
    unit = Unit("3", "delete paragraph (b) and renumber paragraph (c) as paragraph (b) and insert— (d) a fee.", "clause 4")
    with pytest.raises(InstructionNotUnderstood, match=r"new labels \(“renumber paragraph"):
        parse_unit(unit)


# ---- (split2) a heading naming an amendment; the words ending a list of laws repealed ------------------------------


@pytest.mark.parametrize(
    "heading",
    ["Clause 3 amended", "Schedule 2 replaced", "Clauses 5 and 6 deleted", "Sub-clause 4(2) amended", "Part 4 renumbered"],
)
def test_a_heading_naming_an_amendment_is_read_by_the_grammar(heading: str) -> None:
    assert names_amendment(heading)


@pytest.mark.parametrize(
    "heading",
    [
        "Citation",
        "Commencement",
        "Clause 3 amended.",
        "Items 3 amended",
        "Clause 3 omitted",
        "Amended clause 3",
        "Clause amended",
    ],
)
def test_headings_that_name_no_amendment(heading: str) -> None:
    assert not names_amendment(heading)


@pytest.mark.parametrize(
    ("words", "ends"),
    [
        ("The following local laws are repealed—", True),
        ("The following by-laws are hereby repealed:", True),
        ("The Dogs Local Law 2001 is repealed", True),
        ("The following local laws are repealed in part—", False),
        ("Clause 5 is amended as follows—", False),
    ],
)
def test_the_words_ending_a_list_of_laws_repealed_are_the_grammars(words: str, ends: bool) -> None:
    assert ends_repeal(words) is ends


def _clause(text: str, *items: str) -> Provision:
    return Provision(
        kind="clause",
        num="3",
        text=text,
        children=tuple(Provision(kind="paragraph", num=chr(97 + i), text=t) for i, t in enumerate(items)),
    )


def test_a_list_of_laws_repealed_is_one_instruction_and_amended_as_follows_makes_its_parts_instructions() -> None:
    # "The local laws listed below are repealed—" reads as amended_as_follows ("The X —"): its end makes it a list of laws
    assert AMENDED_AS_FOLLOWS.match("The local laws listed below are repealed—")
    out: list[Unit] = []
    _collect(
        _clause("The local laws listed below are repealed—", "the Dogs Local Law 2001;", "the Cats Local Law 2002."),
        "3",
        None,
        out,
    )
    assert len(out) == 1 and "Cats Local Law" in out[0].text
    out = []
    _collect(_clause("Clause 5 is amended as follows—", "delete “x”;", "delete “y”."), "3", None, out)
    assert [u.text for u in out] == ["delete “x”;", "delete “y”."]


# ---- (split2) new provisions after "the following subclauses (4a) …"; "substitute “A” for “B”" ---------------------


def test_new_provisions_follow_the_following_kind_and_label() -> None:
    text = "by inserting after subclause (4) the following subclauses (4a) A withdrawal is made in writing."
    head, payload = _split_payload(text)
    assert (
        head == "by inserting after subclause (4) the following subclauses" and payload == "(4a) A withdrawal is made in writing."
    )


@pytest.mark.parametrize(
    "text",
    [
        "by inserting the following items (4a) A withdrawal",  # not a kind it names
        "by inserting the following clause (2a)(b) x",  # not one label
        "by inserting the following clause (2a) 5",  # no word after the label
    ],
)
def test_no_new_provisions_follow(text: str) -> None:
    assert labelled_after(text) is None


@pytest.mark.parametrize(
    ("after", "reads"),
    [
        (" for “B”", True),
        (" and “C” for “B” and “D” respectively", True),
        (", “C” for the words “B”", True),
        (" for words “B”", False),  # "for the words", never "for words" (as the old expression read)
        (" after “B”", False),
    ],
)
def test_the_words_after_substitute_a_that_make_every_quotation_the_instructions(after: str, reads: bool) -> None:
    assert substitutes_for(after) is reads


def test_substitute_a_for_b_holds_no_new_text_after_substitute() -> None:
    assert _split_payload("In clause 3 substitute “10 days” for “7 days”.") == (
        "In clause 3 substitute “10 days” for “7 days”.",
        None,
    )


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("In clause 3 as below “x”", "as below "),
        ("delete paragraph (b) and replace it with “(b) a fee;”", "replace it with "),
        ("In clause 3 substitute the following “y”", "substitute the following "),
        ('In clause 3 insert "x"', "insert "),  # a straight mark
    ],
)
def test_the_quotation_right_after_the_words_taking_new_text_is_read_by_the_grammar(text: str, words: str) -> None:
    found = quoted_after(text)
    assert found is not None and text[found[0] : found[1]] == words


@pytest.mark.parametrize(
    "text", ["In clause 3 substitute the following new “y”", "by inserting “x”", "insert“x”", "replace the words with “y”"]
)
def test_no_quotation_follows_the_words_taking_new_text(text: str) -> None:
    assert quoted_after(text) is None


def test_new_text_in_a_quotation_after_replace_it_with() -> None:
    assert _split_payload("delete paragraph (b) and replace it with “(b) a fee of $5;”.") == (
        "delete paragraph (b) and replace it with",
        "(b) a fee of $5;",
    )
