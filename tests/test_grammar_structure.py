"""grammar/structure.lark and grammar/provision_of.lark: the provisions an instruction's new text carries, read by
grammar/parse.py for parts.py — a clause's heading printed above its number (``heading_above_number``) unless another
clause follows (``another_clause``), a Part's or a Division's heading before its first clause's label and its full stop
(``label_after_heading``), before its clauses or its Subdivisions (``container_opening``: ``container_clauses``,
``subdivided``) or before a clause of its own and then its Subdivisions (``clause_first``), a Subdivision's heading
before its clauses (``subdivisions``), a heading running on into another or a clause (``heading_runs_on``, refused), an
instrument's own heading holding a clause or an instruction (``heading_holds_clause``, refused), a list whose lines ran
together (``list_run_together``, refused), and a repealed law's title naming a provision of a law (``provision_of``,
refused), and a new Schedule's own heading before its table (``schedule_heading``).

The grammars replaced parts.py's last sentence-shaped expressions deciding an operation (``_HEADING_ABOVE_NUMBER``,
``_ANOTHER_CLAUSE``, ``_payload_provisions``' two Part headings, ``_SUBDIVISION``, ``_SUBDIVIDED``, ``_CLAUSE_FIRST``,
``_HEADING_RUNS_ON``, ``_HEADING_HOLDS_CLAUSE``, ``payload_provisions``' list run together, ``_PROVISION_OF``). Each
reading was compared with the expression it replaced (``python tools/differential.py structure``, and ``--reworded
structure`` over the rewordings' texts; the expressions are kept there): on every text of laws/, amendments/ and
tests/fixtures/ (each file's words run together, each paragraph, each line: 21,633 texts) and their variants
(sentence ends lost, capitals, lower case, "I." for "1.", windows of 12 and 30 words, and each line's words made the
structures read — a kind, a number, a dash and a heading before a clause's label with and without its full stop, a
Subdivision's heading, a heading above a number, a heading holding a number or a verb and quoted words, a list run
together, a provision named in a title — and near misses of them, turned with the text); and on the texts of every
instrument's rewordings (tests/rewordings.py, each rewording alone: 7,624 texts) and the same variants:

============================  ==========  ========  ==========  ========  ===========
check (NAME)                  corpus var.    found  reworded v.    found  differences
============================  ==========  ========  ==========  ========  ===========
heading_above_number             415,380     9,382     124,347     1,796            0
another_clause                   415,380    63,417     124,347    32,239            0
label_after_heading              415,380     3,702     124,347     1,326            0
container_opening                415,380     3,738     124,347     1,335            0
clause_first                     415,380     1,779     124,347       549            0
subdivisions                     415,380     9,649     124,347     3,187            0
heading_runs_on                  415,380   108,339     124,347    33,045            0
heading_holds_clause             415,380   104,898     124,347    53,915            0
list_run_together                415,380    11,344     124,347     3,533            0
provision_of                     415,380    24,533     124,347     8,279            0
schedule_heading (review4)       449,874    16,860     134,808     5,379            0
============================  ==========  ========  ==========  ========  ===========

"found": the texts in which the expression found what it reads; a difference: any difference in what is read (the
positions and words each caller takes, the words a refusal quotes). And at the call sites (``--calls``, the texts
parts.py asked while test_real_instruments, test_accuracy, test_openings, test_redteam_regressions and the
grammar_round10, round11, round11b, heading_runon, container, repeal, review35, new_text and headed_clause tests ran,
each distinct text once): 230 + 4 + 243 + 143 + 2 + 650 + 63 + 61 + 435 + 39 texts, 0 differences; and for
``schedule_heading`` (with test_review4 and test_grammar_wrongref), 2 texts, 0 differences.

(gram3) The last three sentence-shaped expressions deciding an operation — parts.py's ``_SECOND_TERM`` (a definition's
second term, marked), ``_RUN_IN_CITATION`` (a new clause's heading run into a citation, refused) and accounting.py's
``_OF_COUNCIL`` (a council's name before a capital: no instruction begins there) — are ``second_term``,
``run_in_citation`` and ``of_council`` (grammar/parse.py ``second_terms``, ``run_in_citation``, ``ends_with_council``).
``python tools/differential.py gram3`` (and ``--reworded gram3``), with each line's words made the three readings and
near misses of them (each mark and "meaning"/"meanings", each kind of citation and number, each council's kind, one to
four name words, spaces and case):

============================  ==========  ========  ==========  ========  ===========
check (NAME)                  corpus var.    found  reworded v.    found  differences
============================  ==========  ========  ==========  ========  ===========
second_term                      612,949    73,232     170,142    19,176            0
run_in_citation                  612,949    25,076     170,142     8,672            0
of_council                       612,949    71,704     170,142    21,787            0
============================  ==========  ========  ==========  ========  ===========

(22,912 corpus texts, 8,229 reworded texts.) At the call sites (``--calls`` with test_real_instruments, test_accuracy,
test_openings, test_redteam_regressions, test_review5, test_grammar_round12, this module and test_grammar_examples):
283, 4 and 48 distinct texts asked, 0 differences.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lawhistory.amending.accounting import split_instructions
from lawhistory.amending.grammar.parse import (
    _structure,
    another_clause,
    clause_first,
    clause_schedule,
    container_opening,
    ends_with_council,
    heading_above_number,
    heading_holds_clause,
    heading_runs_on,
    label_after_heading,
    list_run_together,
    provision_of,
    provision_of_parser,
    run_in_citation,
    schedule_heading,
    second_terms,
    structure_parser,
    subdivisions,
    to_this_clause,
)
from lawhistory.amending.parts import InstructionNotUnderstood, payload_provisions, without_term_marks
from lawhistory.files.inputs import deriving_files

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "lawhistory"


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Permission required for aerial spraying 10. (1) A person", ("Permission required for aerial spraying", "10", 44)),
        ("  Fees\n10A.  (1) x", ("Fees", "10A", 13)),
        ("Meeting of clause 10. (1) x", None),  # its last word a provision's kind: no heading
        ("Fees 10. (2) x", None),  # subclause (1) only
        ("Fees 10 (1) x", None),  # the number's full stop
        ("Fees (see 3) 10. (1) x", None),  # no bracket or digit in a heading
        (f"F{'e' * 81} 10. (1) x", None),  # 81 characters at most
        ("fees 10. (1) x", None),  # a capital first
    ],
)
def test_a_heading_printed_above_its_clauses_number(text: str, read: tuple[str, str, int] | None) -> None:
    assert heading_above_number(text) == read


@pytest.mark.parametrize(
    ("text", "start", "at"),
    [
        ("… conditions. 10A. (1) A person", 0, 14),
        ("x 11. Spraying near schools", 0, 2),
        ("11. Spraying", 0, 0),
        ("clause 3.11. Spraying", 0, None),  # a number after no space
        ("x 11. spraying", 0, None),  # a bracket or a capital after it
        ("x 11 Spraying", 0, None),
        ("x 11. Spraying 12. (1) y", 5, 15),  # from where it is asked
    ],
)
def test_another_clauses_number(text: str, start: int, at: int | None) -> None:
    assert another_clause(text, start) == at


@pytest.mark.parametrize(
    ("text", "stop"),
    [
        ("Division 2 — Microchipping 3.4. Microchipping of dogs", 30),
        ("PART 2A–Fees 2A.1. Application", 17),
        ("Division 2 — Microchipping 3.4 Microchipping", None),  # no full stop to take off
        ("Division 2 — Micro; chipping 3.4. Micro", None),  # a semicolon in the heading
        ("Schedule 2 — Fees 3.4. Fees", None),
        ("x Division 2 — Fees 3.4. Fees", None),  # from the start
    ],
)
def test_a_clauses_label_after_a_part_or_division_heading(text: str, stop: int | None) -> None:
    assert label_after_heading(text) == stop


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Part 3A — Annual return 18A. Terms used", ("Part", "3A", "Annual return", 24)),
        ("DIVISION 2—Fees — general 4. Fees", ("DIVISION", "2", "Fees — general", 26)),  # a dash in the heading
        ("Division 2 — Permits Subdivision 1 — Application 2.4. X", ("Division", "2", "Permits", 21)),
        ("Division 2 — Permits 2.4 Application", None),
        ("Part 3 — Fees. 4. Fees", None),
        ("Part 3 — Fees 4. fees", None),
    ],
)
def test_a_part_or_division_heading_then_its_clauses_or_subdivisions(text: str, read: object) -> None:
    assert container_opening(text) == read


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Division 2 — Permits 2.4 Application of this Division", ("Division", "2", "Permits", 21)),
        ("Division 2 — Permits 2.4. Application", None),  # its label's full stop is taken off first
        ("Division 2 — Permits 24 Application", None),
    ],
)
def test_a_part_or_division_heading_then_a_clause_of_its_own(text: str, read: object) -> None:
    assert clause_first(text) == read


@pytest.mark.parametrize(
    ("text", "read"),
    [
        (
            "Permits Subdivision 1 — Application 2.4. Application for x. SUBDIVISION 2A–Other 2.5 Foo",
            ((8, 36, "1", "Application"), (60, 81, "2A", "Other")),
        ),
        ("… property. Subdivision 1 — Application 2.5. X", ((12, 40, "1", "Application"),)),
        ("Subdivision 1 — Application 2.5. x", ()),  # a capital after the label
        ("subdivision 1 — Application 2.5. X", ()),
        ("Subdivision 1 — Application", ()),  # no clause under it
    ],
)
def test_a_subdivisions_heading_before_its_clauses(text: str, read: object) -> None:
    assert subdivisions(text) == read


@pytest.mark.parametrize(
    ("heading", "read"),
    [
        ("Permits for trading Subdivision 1 — Application 2.4. Application", "Subdivision 1 — Application 2.4. Application"),
        ("Permits 2.4. Application for permit\nmore", "2.4. Application for permit"),
        ("Permits 2.4 Application", "2.4 Application"),
        ("Permits for trading", None),
        ("Counterpart 3 — x", None),  # a kind beginning a word only
        ("Permits 12.4 application", None),
    ],
)
def test_a_heading_running_on_into_another_or_a_clause(heading: str, read: str | None) -> None:
    assert heading_runs_on(heading) == read


@pytest.mark.parametrize(
    ("heading", "read"),
    [
        ("Meetings 6. Clause 20 amended", "6. Clause 20 amended"),
        ('clauses "pool of\n "pool fence" and insert', '"pool of\n "pool fence" and insert'),  # to the verb's line's end
        ("Amendments to clause 12F In clause 12F(2) delete “x” and", "delete “x” and"),
        ("Clause 12F 4.\n(1) x", "4.\n(1) x"),
        ("Amendments to clause 12F", None),
        ("Delete “x”", None),  # the verbs in small letters only
        ("deleted “x”", None),
        ("delete the words. “x”", None),  # no full stop before the mark
        ("Local Law No. 5 amended", None),
    ],
)
def test_an_instruments_own_heading_holding_a_clause_or_an_instruction(heading: str, read: str | None) -> None:
    assert heading_holds_clause(heading) == read


@pytest.mark.parametrize(
    ("text", "run_together"),
    [
        ("… section 4(1) — local planning scheme region planning scheme", True),
        ("… section 4(1) — local planning scheme\n", True),
        ("… section 4(1) — local planning scheme and", False),  # ends in a connector
        ("… section 4(1) — local planning scheme or\n", False),
        ("… section 4(1) — local planning brand", True),
        ("… section 4(1) — local planning scheme.", False),
        ("… section 4(1) —local planning scheme", False),  # a space after the dash
        ("… section 4(1) — a, b", False),
        ("no dash", False),
    ],
)
def test_a_list_whose_lines_ran_together(text: str, run_together: bool) -> None:
    assert list_run_together(text) is run_together


@pytest.mark.parametrize(
    ("title", "named"),
    [
        ("By-law 3 of the Shire of X By-laws", True),
        ("CLAUSES 5 OF the Shire", True),
        ("bylaws 5\nof\tx", True),
        ("Clause 5 (1) of the Shire", False),  # one word between the kind and "of"
        ("The Shire of X By-laws", False),
        ("Part 3 offences", False),
        ("Particular 3 of x", False),
    ],
)
def test_a_repealed_laws_title_naming_a_provision(title: str, named: bool) -> None:
    assert provision_of(title) is named


@pytest.mark.parametrize(
    ("text", "num", "read"),
    [
        ("Schedule 2—FEES | Item |", "2", "Schedule 2—"),
        ("Schedule 2A – Fees", "2A", "Schedule 2A – "),
        ("Schedule 2A—Fees", "2", None),  # another Schedule's number
        ("Schedule 2 Fees", "2", None),  # no dash
        ("SCHEDULE 2—FEES", "2", None),
        ("The Schedule 2—Fees", "2", None),  # from the start
    ],
)
def test_a_new_schedules_own_heading(text: str, num: str, read: str | None) -> None:
    assert schedule_heading(text, num) == read


_GENERAL = (
    "the words “Health Surveyor” wherever occurring in the provisions{of} {verb} in the Schedule to this {unit} are deleted"
)


@pytest.mark.parametrize(
    ("of", "verb", "unit", "read"),
    [
        (
            " of the principal local law",
            "referred to",
            "clause",
            "the provisions of the principal local law referred to in the Schedule to this clause",
        ),
        ("", "specified", "section", "the provisions specified in the Schedule to this section"),
        (
            " of the principal by-laws,",
            "set out",
            "by-law",
            "the provisions of the principal by-laws, set out in the Schedule to this by-law",
        ),
        (",", "mentioned", "Regulation", "the provisions, mentioned in the Schedule to this Regulation"),
        ("", "referred to", "Part", None),  # a Part's Schedule is not this clause's
        (" of the Act", "referred to", "clause", None),  # another law's provisions
        ("", "named", "clause", None),  # no such verb
        ("", "referred to", "clauses", None),  # "clauses": no word's end after its kind
    ],
)
def test_a_general_amendments_places_named_by_the_schedule_to_its_clause(of: str, verb: str, unit: str, read: str | None) -> None:
    text = _GENERAL.format(of=of, verb=verb, unit=unit)
    found = to_this_clause(text)
    assert (text[found[0] : found[1]] if found else None) == read


@pytest.mark.parametrize(
    ("text", "read"),
    [
        (
            "… “ Environmental Health Officer ”. SCHEDULE. Clauses 3.2, 4.1 and 5.3.",
            ("… “ Environmental Health Officer ”.", "Clauses 3.2, 4.1 and 5.3"),
        ),
        ("… “Officer”.  SCHEDULE Clause 3.2 ", ("… “Officer”.", "Clause 3.2")),
        ("… the words. SCHEDULE. By-laws 4 and 5", ("… the words.", "By-laws 4 and 5")),
        ("… “Officer”. Schedule. Clauses 3.2.", None),  # "SCHEDULE" in capitals only
        ("… “Officer”. SCHEDULE. clauses 3.2.", None),  # the kind with its capital
        ("… “Officer”. SCHEDULE. Clauses 3.2 “and” 4.1.", None),  # words quoted in the list
        ("… “Officer” and SCHEDULE. Clauses 3.2.", None),  # not after a full stop or a closing mark
    ],
)
def test_the_schedule_printed_after_a_clauses_words(text: str, read: tuple[str, str] | None) -> None:
    """(the clause's words before the Schedule, the Schedule's list) or None."""
    found = clause_schedule(text)
    assert (None if found is None else (text[: found[0]], found[1])) == read


def test_a_division_with_subdivisions_is_read_as_its_provisions() -> None:
    payload = (
        "Division 2 — Permits Subdivision 1 — Application 2.4. Application for permit A person may apply. "
        "Subdivision 2 — Grant 2.5. Grant of permit The CEO may grant a permit."
    )
    (division,) = payload_provisions(payload, [])
    assert (division.kind, division.num, division.heading) == ("division", "2", "Permits")
    assert [(s.kind, s.num, s.heading, [c.num for c in s.children]) for s in division.children] == [
        ("subdivision", "1", "Application", ["2.4"]),
        ("subdivision", "2", "Grant", ["2.5"]),
    ]


def _documented() -> dict[str, str]:
    doc = (ROOT / "docs" / "amendments.md").read_text(encoding="utf-8")
    section = doc.split("#### structure.lark's and provision_of.lark's rules", 1)[1].split("\n#", 1)[0]
    rows = [line.split("|")[1:3] for line in section.splitlines() if line.startswith("| `")]
    return {cell.strip().strip("`"): example.strip() for cell, example in rows}


def test_docs_name_every_structure_rule_with_an_example_it_parses() -> None:
    documented = _documented()
    rules = {str(r.origin.name) for r in structure_parser().rules} | {str(r.origin.name) for r in provision_of_parser().rules}
    starts = {r for r in rules if not r.startswith("_") and not r.startswith("__")}
    assert starts == set(documented), f"rules without a row (or rows without a rule): {starts ^ set(documented)}"
    for rule, example in documented.items():
        assert example.startswith("“") and example.endswith("”"), f"{rule}: its example is not quoted: {example}"
        text = example[1:-1]
        parsed = provision_of(text) if rule == "provision_of" else _structure(rule, text) is not None
        assert parsed, f"{rule}: the grammar does not parse its example {text!r}"


def test_the_grammars_are_named_where_they_are_loaded() -> None:
    """structure.lark and provision_of.lark are named in the code that loads them, so a fingerprint of that code covers
    them (files/inputs.py ``deriving_files``)."""
    found = deriving_files(PACKAGE, start="amending.parts")
    assert "amending/grammar/structure.lark" in found and "amending/grammar/provision_of.lark" in found


# --- (gram3) a definition's second term, a clause's heading run into a citation, a council's name ------------------


@pytest.mark.parametrize(
    ("text", "read"),
    [
        (
            "provider and “private provider” have the same meanings as in the Act",
            ((8, 31, "private provider"),),
        ),
        ('vehicle and "trailer" have the same meaning', ((7, 21, "trailer"),)),
        ("(b) and “c” have the same meaning; x and “y” have the same meanings", ((3, 11, "c"), (36, 44, "y"))),
        ("provider and “private provider” has the same meaning", ()),  # "has": not the words of two terms
        ("provider and “private provider” have the same meaningful", ()),  # no word's end after "meaning"
        ("provider. and “private provider” have the same meaning", ()),  # not after a letter or a bracket
        ("provider and “" + "x" * 81 + "” have the same meaning", ()),  # a term of more than 80 characters
        ("provider and “private” “provider” have the same meaning", ()),  # a mark inside: not one term
    ],
)
def test_the_second_term_of_a_definition_of_two(text: str, read: tuple[tuple[int, int, str], ...]) -> None:
    """(where " and " begins, where the closing mark ends, the term) of each; parts.without_term_marks bolds them."""
    assert second_terms(text) == read


def test_the_second_term_is_bold_where_it_stands() -> None:
    assert without_term_marks("“provider” and “private provider” have the same meanings") == (
        "provider and **private provider** have the same meanings"
    )


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Application Clause 2.4 applies to dogs", ("Application", "Clause 2.4")),
        ("General Part 2 does not apply", ("General", "Part 2")),
        ("Fees and charges Schedules 1A(2) apply", ("Fees and charges", "Schedules 1A(2)")),
        # the most words (six at most) that a citation follows
        ("Application Clause 2 applies to Part 3 here", ("Application Clause 2 applies to", "Part 3")),
        ("application Clause 2.4 applies", None),  # a small letter first
        ("Application clause 2.4 applies", None),  # the citation's kind in small letters
        ("Application, Clause 2.4 applies", None),  # a comma among the words
        ("Application Clause (2) applies", None),  # no digit after the kind
        ("One two three four five six seven Clause 2 applies", None),  # seven words before it
    ],
)
def test_a_clauses_words_run_into_a_citation(text: str, read: tuple[str, str] | None) -> None:
    assert run_in_citation(text) == read


def test_a_new_clause_whose_words_run_into_a_citation_is_refused_quoting_them() -> None:
    with pytest.raises(InstructionNotUnderstood, match=re.escape("(“Application”, before “Clause 2.4”)")):
        payload_provisions("3.4 Application Clause 2.4 applies to dogs.", [])


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("By-law 3 of the Shire of Testville", True),
        ("By-law 3 of the Town of Port Hedland", True),
        ("of the City of A B C", True),
        ("of the Municipal\n  District of Esperance", True),
        ("of the Municipality of O’Brien-Hill", True),
        ("of the Shire of A B C D", False),  # four words: no council's name
        ("of the shire of Testville", False),  # the kind in small letters
        ("of the Shires of Testville", False),
        ("of the Shire of testville", False),  # the name in small letters
        ("proof the Shire of Testville", False),  # "of" inside a word
        ("of the Shire of Testville.", False),  # not at the words' end
    ],
)
def test_a_councils_name_ending_the_words(text: str, read: bool) -> None:
    assert ends_with_council(text) is read


def test_no_instruction_begins_after_a_councils_name() -> None:
    text = "By-law 3 of the Shire of Testville By-laws Relating to Dogs is repealed. Delete clause 4."
    assert split_instructions(text) == [
        "By-law 3 of the Shire of Testville By-laws Relating to Dogs is repealed.",
        "Delete clause 4.",
    ]


def _audit() -> tuple[list[list[str]], str]:
    """docs/amendments.md's audit of the regular expressions left in amending/: its table's rows (file, expressions,
    kind, sentence-shaped) and its paragraph of those not converted."""
    doc = (ROOT / "docs" / "amendments.md").read_text(encoding="utf-8")
    section = doc.split("### Every regular expression left in `amending/` (audit)", 1)[1]
    table, rest = section.split("**Not converted", 1)
    rows = [[c.strip() for c in line.split("|")[1:5]] for line in table.splitlines() if line.startswith("| ")]
    return [r for r in rows if r[0].endswith(".py")], rest.split("\n\n", 1)[0]


def test_the_audit_names_only_expressions_still_in_their_files() -> None:
    for file, names, _kind, _shaped in _audit()[0]:
        source = (PACKAGE / "amending" / file).read_text(encoding="utf-8")
        for name in re.findall(r"`(_?[A-Za-z_]+)`", names):
            assert re.search(rf"\b{re.escape(name)}\b", source), f"the audit names {name}, not in {file}"


def test_no_sentence_shaped_expression_decides_an_operation() -> None:
    """(issue 20) No row of the audit is an operation's expression that is sentence-shaped, its paragraph says none is
    left, and the expressions it names as converted are defined nowhere in amending/."""
    rows, paragraph = _audit()
    assert [r for r in rows if r[2].startswith("op") and r[3].startswith("yes")] == []
    assert paragraph.startswith(", deciding an operation from an instrument's words, sentence-shaped:** none.")
    converted = set(re.findall(r"`(_[A-Z][A-Z_]+)`", paragraph.split("Before them", 1)[0]))
    assert {"_SECOND_TERM", "_RUN_IN_CITATION", "_OF_COUNCIL"} <= converted
    for path in (PACKAGE / "amending").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert not [n for n in converted if re.search(rf"^{n} = ", source, re.M)], path
