"""core/headings.lark: one description of the headings amending instruments print, loaded by core/headings.py for
reading/ and amending/ alike (issue 20).

- ``amending_heading`` (core.headings.amending_heading_end, asked by reading/headings.py's take_heading) replaced the
  regular expression reading/headings.AMENDING_HEADING. Compared (``python tools/differential.py amending_heading``)
  on every text of laws/, amendments/ and tests/fixtures/ (each file's words run together, each paragraph, each line:
  19,437 texts) and on 507,562 variants (sentence ends lost, capitals, lower case, "I." for "1.", windows of 12 and 30
  words, the words from each capitalised word as they are, in capitals and in lower case, and headings made from each
  line's words): 156,317 headings found by the expression, 0 differences in the heading cut.
- ``heading_first`` replaced heading_first.lark's own ``amending_heading`` (an older instrument's heading before its
  clause's number, asked by parts._old_style_clauses through grammar/parse.py's heading_first). Compared
  (``python tools/differential.py heading_first``, the old rule embedded there) on every text of laws/, amendments/
  and tests/fixtures/ (20,242 texts) and on 210,272 variants (as above, and 2 to 14 words from each word that may
  begin such a heading, as parts._heading_before asks, and headings made from each line's words): 1,151 headings read
  by the old rule, 0 differences.
- ``heading_label`` / ``heading_label_no_schedule`` (core.headings.heading_label, asked by grammar/read.py's
  _heading_replaced and _heading_to_read) replaced the label expressions of those two functions ("Part 3 — …": the
  label printed with a new heading, taken off it, refused when it is not the target's). Compared
  (``python tools/differential.py heading_label``, both readers' labels, with schedules and without) on every text
  of laws/, amendments/ and tests/fixtures/ (20,294 texts) and on 311,268 variants (as above, and new headings made
  from each line's words: a kind's word, every sixth word as its number, a dash or none, the words after it): 21,441
  labels found by the expressions, 0 differences in the kind, number and where the heading's words begin.

Cost: an amending heading is read in 0.04–0.1 ms (LALR, token by token; the expression took about 1.4 µs), a label
in about 0.1 ms; only words beginning as such a heading or label are given to the grammar; each parser builds in
under 20 ms, when first asked.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from lawhistory.core.headings import GRAMMAR, amending_heading_end, heading_first, heading_label
from lawhistory.files.inputs import PACKAGE_ROOT, deriving_files
from lawhistory.reading.headings import take_heading


def _heading(text: str) -> str | None:
    end = amending_heading_end(text)
    return text[:end] if end is not None else None


@pytest.mark.parametrize(
    ("text", "heading"),
    [
        ("Clause 3.2 amended In clause 3.2— (a) delete", "Clause 3.2 amended"),
        ("Clause 3.2 amended", "Clause 3.2 amended"),
        ("Part 2 Division 1 heading inserted After Part 2 insert:", "Part 2 Division 1 heading inserted"),
        ("Clauses 4.5 and 4.6 renumbered Renumber", "Clauses 4.5 and 4.6 renumbered"),
        ("Clauses 4.5, 4.6 to 4.8 deleted", "Clauses 4.5, 4.6 to 4.8 deleted"),
        ("Clause 5 (a) amended (1) In", "Clause 5 (a) amended"),
        ("Second Schedule amended In the", "Second Schedule amended"),
        ("Clause 2.3 deleted and replaced Delete", "Clause 2.3 deleted and replaced"),
        ("Schedule 3 repealed and re-inserted", "Schedule 3 repealed and re-inserted"),
        # (r7) two provisions, each with its verb; the second in any case
        (
            "Part 3 heading replaced and Part 3 Division 1 heading inserted Delete",
            "Part 3 heading replaced and Part 3 Division 1 heading inserted",
        ),
        ("Clause 2.1 replaced and clause 2.2 inserted", "Clause 2.1 replaced and clause 2.2 inserted"),
        ("Clause 2.1 replaced and CLAUSE 2.2 INSERTED", "Clause 2.1 replaced and CLAUSE 2.2 INSERTED"),
        # (issue 20) the other changes named only as a kind
        ("Clause 2.7A inserted and consequential amendments After", "Clause 2.7A inserted and consequential amendments"),
        ("Clause 5 amended and consequential amendment", "Clause 5 amended and consequential amendment"),
        ("Clause 2.7A inserted and consequential changes", "Clause 2.7A inserted"),
        ("Clause 2.7A inserted and amendments", "Clause 2.7A inserted"),
        # the heading ends at a space or at the end: the longest reading that does
        ("Clause 2.3 deleted and replaced.", "Clause 2.3 deleted"),
        ("Clause 5 amended.", None),
        ("Clause 5 amendedly", None),
        ("Clause 5amended", None),
        ("Clause  5 amended", None),  # one space between words, as printed
        ("CLAUSE 5 AMENDED", None),  # the first provision as printed: "Clause"
        # (wr5b) an instrument's clause heading names a clause, a schedule, a Part, a Division or a by-law
        ("By-law 5 amended", "By-law 5 amended"),
        ("Regulation 5 amended", None),
        ("Clause 5 of the local law is amended", None),
        ("Clause amended", None),
    ],
)
def test_an_amending_clause_heading_is_read_from_the_start_of_its_words(text: str, heading: str | None) -> None:
    assert _heading(text) == heading


def test_take_heading_cuts_an_amending_heading_run_into_its_words() -> None:
    """reading/headings.py asks the grammar (no expression of its own): a heading joined with the words after it, and
    a heading alone."""
    words = "Clause 3.2 amended In clause 3.2 delete “dog” and insert “cat” in each place the word occurs in it and more"
    line = f"7. {words}\n(a) next"
    assert take_heading(line, 3, known=None, mode="instrument") == ("Clause 3.2 amended", len("Clause 3.2 amended"), False)
    body = "2. Second Schedule amended The Second Schedule is amended"
    assert take_heading(body, 3, known=None, mode="instrument")[0] == "Second Schedule amended"


@pytest.mark.parametrize(
    ("words", "read"),
    [
        ("Clause 5 amended", True),
        ("By-laws 3 and 4 repealed", True),
        ("Regulations 3 to 4 amended", True),
        ("Part 2 heading repealed and a new heading substituted", True),
        ("Clause 5 amended and a new substituted", True),  # "new" read as the provision's word
        ("Clause 5 amended and the definition inserted", True),
        ("Clause 2.7A inserted and consequential amendments", True),
        ("Clause 5 added", False),  # not an older instrument's verb
        ("Division 5 amended", True),  # (known, case 187) "… “PART 1—PRELIMINARY” Division 2 amended 5. …"
        ("Clause 5 amended by the words", False),
        ("CLAUSE 5 AMENDED", False),
    ],
)
def test_an_older_instruments_heading_before_its_number(words: str, read: bool) -> None:
    assert heading_first(words) is read


@pytest.mark.parametrize(
    ("heading", "label", "without_schedules"),
    [
        ("Part 3 — Registration", ("Part", "3", 9), ("Part", "3", 9)),
        ("PART III", ("PART", "III", 8), ("PART", "III", 8)),
        ("Part 3A—Fees", ("Part", "3A", 8), ("Part", "3A", 8)),
        ("Division 2 -Consideration", ("Division", "2", 12), ("Division", "2", 12)),
        ("Part 3 Registration", ("Part", "3", 7), ("Part", "3", 7)),  # the space after the number is the label's
        ("Subdivision 1 – General", ("Subdivision", "1", 16), ("Subdivision", "1", 16)),
        ("Schedule 1 — DOG EXERCISE AREAS", ("Schedule", "1", 13), None),  # a note's new heading names no schedule
        ("PART CLEANING", None, None),  # a roman number is a word of its own
        ("Partly 3 — x", None, None),
        ("Parts 3 — x", None, None),
        ("The Part 3 heading", None, None),
    ],
)
def test_the_label_printed_with_a_new_heading(
    heading: str, label: tuple[str, str, int] | None, without_schedules: tuple[str, str, int] | None
) -> None:
    assert heading_label(heading) == label
    assert heading_label(heading, schedules=False) == without_schedules


def test_one_description_no_expression_of_amending_headings_left() -> None:
    """reading/headings.py compiles no expression naming an amending heading's verbs, and heading_first.lark no longer
    holds an amending heading of its own: both are core/headings.lark's."""
    reading = (PACKAGE_ROOT / "reading" / "headings.py").read_text(encoding="utf-8")
    assert "AMENDING_HEADING" not in reading and "renumbered" not in reading
    tree = ast.parse(reading)
    assert {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} >= {"amending_heading_end"}
    heading_first_lark = (PACKAGE_ROOT / "amending" / "grammar" / "heading_first.lark").read_text(encoding="utf-8")
    assert "HF_VERB" not in heading_first_lark and "amending_heading:" not in heading_first_lark
    read = (PACKAGE_ROOT / "amending" / "grammar" / "read.py").read_text(encoding="utf-8")
    assert "_LABEL_NUMBER" not in read and "heading_label(" in read
    assert GRAMMAR == PACKAGE_ROOT / "core" / "headings.lark" and GRAMMAR.is_file()


def test_the_grammar_is_code_of_whatever_build_reads_it() -> None:
    """core/headings.lark is read beside core/headings.py: a build whose code reaches that module hashes the grammar
    too (files/inputs.deriving_files; the build today reaches neither reading/headings.py nor amending/)."""
    files = deriving_files(PACKAGE_ROOT, start="core.headings")
    assert "core/headings.lark" in files and "core/headings.py" in files
    assert Path(PACKAGE_ROOT / files[0]).exists()
