"""(gram) core/headings.lark's rules for reading/structure.py: the words by which an instrument's own clauses are told
from its new text, declared in the grammar beside the other amending headings (issue 20) — they replaced round 16's
regular expressions ``_AMENDING_HEADING``, ``_NEW_TEXT_LEAD``, ``_STRAIGHT_OPEN``, ``_STRAIGHT_CLOSE`` and the word set
``_CITES``:

- ``own_heading`` (core.headings.own_heading_follows): an instrument clause's own heading after its number ("5.
  Local law amended"), so that number is the instrument's even after words introducing new text;
- ``new_text_lead`` (core.headings.opens_new_text): the words that end an instruction introducing new text ("… and
  insert:"), so a number after them is the new clause's;
- ``straight_open`` and ``straight_close`` (core.headings.straight_opens, straight_closes, through structure.py's
  _straight_quoted): new words between straight marks after the dash that opens them;
- ``citing_word`` (core.headings.cites, through structure.py's _own_clause_later): the word before a number that
  cites it ("clause 5.").

Compared with the expressions (kept in ``tools/differential.py``; ``python tools/differential.py gram16``, figures in
docs/amendments.md) on every text of laws/, amendments/ and tests/fixtures/ and generated variants: 0 differences.
"""

from __future__ import annotations

import pytest

from lawhistory.core.headings import (
    GRAMMAR,
    STRUCTURE_STARTS,
    _structure,
    cites,
    opens_new_text,
    own_heading_follows,
    straight_closes,
    straight_opens,
)
from lawhistory.core.model import Provision
from lawhistory.files.inputs import PACKAGE_ROOT
from lawhistory.reading.structure import StructureParser, _own_clause_later, _straight_quoted

KINDS = ("Clause", "Clauses", "Part", "Parts", "Schedule", "Division", "Subdivisions", "By-law", "Bylaws", "Regulation",
         "Local law", "Local laws")  # fmt: skip
VERBS = ("amended", "inserted", "replaced", "deleted", "repealed", "substituted", "added")


# ---- own_heading --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("verb", VERBS)
def test_an_own_heading_is_a_kind_its_words_and_a_verb(kind: str, verb: str) -> None:
    assert own_heading_follows(f" {kind} 3 {verb} In clause 3 delete …")
    assert own_heading_follows(f"\n  {kind} (fees and charges) {verb}")
    assert not own_heading_follows(f" {kind} 3 {verb}ly")  # the verb a word of its own
    assert not own_heading_follows(f" {kind.lower()} 3 {verb}")  # the kind as printed
    assert not own_heading_follows(f" {kind}x 3 {verb}")
    assert not own_heading_follows(f" A {kind} 3 {verb}")  # the kind first


@pytest.mark.parametrize("heading", ["Citation", "Commencement"])
def test_the_first_clauses_headings_are_own_headings(heading: str) -> None:
    assert own_heading_follows(f" {heading} This local law may be cited as …")
    assert not own_heading_follows(f" {heading}s")
    assert not own_heading_follows(f" The {heading}")


def test_an_own_heading_has_no_full_stop_and_at_most_60_characters_before_its_verb() -> None:
    assert not own_heading_follows(" Clause 3.8 amended")  # the label's point stops it, as the expression did
    assert not own_heading_follows(" Clause 3 applies. It is amended")
    assert own_heading_follows(" Clause " + "x" * 58 + " amended")  # 60 characters between kind and verb
    assert not own_heading_follows(" Clause " + "x" * 59 + " amended")
    assert own_heading_follows(" Clause 3 re-inserted")  # a mark before the verb ends the word before it
    assert not own_heading_follows(" Fees not payable")


# ---- new_text_lead ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "lead",
    ["insert", "inserted instead", "substitute", "substituted", "instead", "the following", "the following clause",
     "the following new clause"],
)  # fmt: skip
@pytest.mark.parametrize("opens", [":", " —", "\n–", ' — "', ": “"])
def test_the_words_that_introduce_new_text(lead: str, opens: str) -> None:
    assert opens_new_text(f"Delete clause 5 and {lead}{opens}")
    assert not opens_new_text(f"Delete clause 5 and {lead}")  # no colon or dash: it opens nothing
    assert not opens_new_text(f"Delete clause 5 and {lead}{opens} 4.")  # words after it


@pytest.mark.parametrize(
    "words",
    ["The heading to amended clause 3.7 is to read:", "Delete clause 5 and Insert:", "Delete clause 5 and reinsert:",
     "is inserted:", "the following three new clauses:", "the following  clause:", "inserts:", "the following Clause:"],
)  # fmt: skip
def test_words_that_introduce_no_new_text(words: str) -> None:
    assert not opens_new_text(words)


def test_a_lead_is_looked_for_in_the_last_80_characters_only() -> None:
    assert opens_new_text("x " * 100 + "the following clause —")
    assert not opens_new_text("the following " + "   " * 30 + "—")
    assert opens_new_text("re-insert:")  # a word begins after the hyphen


# ---- straight_open, straight_close --------------------------------------------------------------------------------


@pytest.mark.parametrize("dash", ["—", "–", ":"])
@pytest.mark.parametrize("goes_on", [";", ","])
def test_a_straight_mark_opens_after_the_dash_before_words_going_on(dash: str, goes_on: str) -> None:
    s = f'inserting {dash}\n\n"\n\n{goes_on} or (e) Manager. ".'
    assert straight_opens(s, s.index('"'))
    assert straight_closes(s, s.rindex('"'))
    assert _straight_quoted(s) == [(s.index('"') + 1, s.rindex('"'))]
    assert not straight_opens(s.replace(dash, "-"), s.index('"'))  # no dash before it
    t = s.replace(goes_on, "x", 1)
    assert not straight_opens(t, t.index('"'))  # new words that do not go on from the provision's
    u = s.replace("\n\n", "\r", 1)
    assert not straight_opens(u, u.index('"'))  # blanks are spaces, tabs and line breaks


@pytest.mark.parametrize(("after", "closes"), [(".", True), (";", True), (",", True), ("", True), ("x", False), ("..", False)])
def test_a_closing_straight_mark(after: str, closes: bool) -> None:
    assert straight_closes(f'" ; or (e) x "{after} (2)', 13) is closes
    assert straight_closes(f'"{after}', 0) is (after != "x" and after != "..")  # the end of the words after it


# ---- citing_word --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "word",
    ["clause", "clauses", "subclause", "subclauses", "by-law", "by-laws", "bylaw", "bylaws", "regulation", "regulations",
     "section", "sections", "item", "items", "paragraph", "paragraphs", "schedule", "part", "division", "form", "no.",
     "and", "or", "to", "of", "cl.", "s.", "r."],
)  # fmt: skip
def test_a_word_citing_the_number_after_it(word: str) -> None:
    assert cites(word)
    assert not cites(word + "x") and not cites("x" + word)
    assert not _own_clause_later(5, f"the fee under {word} 5. The permit …")
    assert _own_clause_later(5, f"the fee under {word} 5. The permit … 5. Local law amended")


def test_words_that_cite_nothing() -> None:
    for word in ("parts", "schedules", "forms", "no", "cl", "s", "order", "", "Clause"):
        assert not cites(word), word
    assert _own_clause_later(5, "set out in the Schedule. 5. Local law amended")


# ---- the call site, and the grammar ---------------------------------------------------------------------------------


def test_a_number_after_a_lead_is_the_new_clauses_unless_an_own_heading_follows() -> None:
    """structure.py asks the rules together: "Delete clause 3 and insert:" then "3. Fees not payable" is new text of
    the instrument's clause 2 (it prints its own clause 3 later); "3A. Clause 7 amended" right after the lead is the
    instrument's own clause (its heading says so)."""
    text = ("\n1. Citation This local law may be cited as the X Amendment Local Law 2024.\n"
            "2. Clause 3 replaced Delete clause 3 and insert: 3. Fees not payable No fee is payable. "
            "3. Clause 7 amended In clause 7 delete “x”.\n")  # fmt: skip
    clauses = [p for p in StructureParser(mode="instrument").parse(text) if p.kind == "clause"]
    assert [c.num for c in clauses] == ["1", "2", "3"]
    assert "3. Fees not payable" in _words(clauses[1])
    own = text.replace("insert: 3. Fees not payable No fee is payable. 3. Clause 7", "insert: 3A. Clause 7")
    clauses = [p for p in StructureParser(mode="instrument").parse(own) if p.kind == "clause"]
    assert [c.num for c in clauses] == ["1", "2", "3A"]
    assert "Clause 7" not in _words(clauses[1])


def _words(p: Provision) -> str:
    return " ".join([p.heading or "", p.text or "", *(_words(c) for c in p.children)])


def test_one_parser_reads_the_five_rules_and_no_expression_is_left() -> None:
    """The five starts are one LALR(1) parser of core/headings.lark (lark builds it only when it has no conflict);
    reading/structure.py holds none of the words."""
    parser = _structure()
    assert sorted(parser.options.start) == sorted(STRUCTURE_STARTS)
    grammar = GRAMMAR.read_text(encoding="utf-8")
    assert all(f"\n{start}:" in grammar for start in STRUCTURE_STARTS)
    structure = (PACKAGE_ROOT / "reading" / "structure.py").read_text(encoding="utf-8")
    for gone in ("_AMENDING_HEADING", "_NEW_TEXT_LEAD", "_STRAIGHT_OPEN", "_STRAIGHT_CLOSE", "_CITES", "substituted"):
        assert gone not in structure, gone
