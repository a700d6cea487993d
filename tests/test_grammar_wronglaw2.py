"""Two wrong-law paths the red-team review of issue 20 found (brief: wrongfix).

1. New words printed on a line of their own after an instruction's dash ("Delete the heading to clause 5 and insert—" /
   "Swimming pool fences") were taken for a list printed a line an item (reading.line_lists) and its invisible marks
   (U+2063, U+2064) stored in the law and in the instrument's file.
2. Words excepting part of a law from its repeal ("…, other than by-law 2, are repealed.") were read as the history of
   its publication (grammar/repeal.lark's ``PUB_REST``) and the whole law repealed.

The cases are synthetic (tests/fixtures/wronglaw2/, its README), run as ``lawhistory amend`` runs them
(``benchmarks.real_cases.run_case``); each test fails on the engine before the fix it guards.
"""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path

import pytest

from benchmarks.real_cases import run_case
from lawhistory.amending.amend import InstrumentRefused, _read_one, _unmarked_instrument, amend
from lawhistory.amending.grammar.parse import repeal_excepting, repeal_item
from lawhistory.amending.instructions import parse_unit
from lawhistory.amending.parts import InstructionNotUnderstood, Unit, _repealed_laws
from lawhistory.deriving.library import read_file
from lawhistory.files.instrument_file import Instrument
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse
from lawhistory.reading.importers import ImportOptions, read_source
from lawhistory.reading.line_lists import END, ITEM

CASES = Path(__file__).parent / "fixtures" / "wronglaw2"
MARKS = (ITEM, END)


def verdict(name: str) -> tuple[str, list[str]]:
    result = run_case(CASES / name)
    return result.verdict, result.problems


# --- 1. no invisible list mark reaches the law or the instrument's file -----------------------------------------------


@pytest.mark.parametrize(
    "name", ["1-headings-printed-on-their-own-line-after-a-dash", "2-words-printed-on-their-own-line-after-a-dash"]
)
def test_new_words_on_a_line_of_their_own_after_a_dash_are_put_in_as_printed(name: str) -> None:
    assert verdict(name) == ("exact", [])


@pytest.mark.parametrize(
    "name", ["1-headings-printed-on-their-own-line-after-a-dash", "2-words-printed-on-their-own-line-after-a-dash"]
)
def test_no_file_amend_writes_holds_a_list_mark(name: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        repo = Repository.init(Path(tmp) / "repo")
        text = (CASES / name / "principal.txt").read_text(encoding="utf-8")
        repo.write_text(repo.law_path(parse(text).meta.id), text)
        outcomes, _ = amend(repo, CASES / name / "instrument.txt")
        assert [o.status for o in outcomes] == ["applied"]
        stored = repo.instrument_path(outcomes[0].instrument.id).read_text(encoding="utf-8")
        assert not any(m in stored for m in MARKS)
        ops = outcomes[0].instrument.operations
        assert not any(m in (v or "") for op in ops for v in (op.target, op.words, op.new, op.source) for m in MARKS)


def _instrument(name: str) -> Instrument:
    path = CASES / name / "instrument.txt"
    (law,) = [law for law in read_source(read_file(path), ImportOptions(), str(path)).laws if law.meta.kind != "principal"]
    return _read_one(law)


def test_a_heading_printed_over_two_lines_after_a_dash_is_its_words_without_marks() -> None:
    inst = _instrument("1-headings-printed-on-their-own-line-after-a-dash")
    assert [(str(o.action), o.target, o.new) for o in inst.operations] == [
        ("substitute_heading", "Part 3", "STANDARDS FOR FENCES AND WALLS"),
        ("substitute_heading", "5", "Swimming pool fences"),
        ("substitute_heading", "7", "Changes to approved fences and walls"),
    ]


def test_words_given_on_a_line_of_their_own_after_a_dash_carry_no_marks() -> None:
    unit = Unit("4", f"Delete the heading to clause 7 and insert— {ITEM}Changes to approved {ITEM}fences{END}", None)
    assert [o.new for o in parse_unit(unit)] == ["Changes to approved fences"]
    unit = Unit("4(1)", f"In clause 5(2) delete “pool fence” and insert— {ITEM}pool barrier{END}", None)
    assert [(o.words, o.new) for o in parse_unit(unit)] == [("pool fence", "pool barrier")]


@pytest.mark.parametrize("field", ["new", "words", "source"])
def test_an_instrument_whose_operation_would_still_hold_a_mark_is_refused(field: str) -> None:
    inst = _instrument("2-words-printed-on-their-own-line-after-a-dash")
    op = inst.operations[0]
    marked = replace(op, **{field: f"{ITEM}{getattr(op, field)}{END}"})
    with pytest.raises(InstrumentRefused, match=rf"cl\. 4\(1\): its {field} .*invisible marks"):
        _unmarked_instrument(replace(inst, operations=(marked, *inst.operations[1:])))


def test_an_instrument_whose_stored_text_would_hold_a_mark_is_refused() -> None:
    inst = _instrument("2-words-printed-on-their-own-line-after-a-dash")
    law = inst.law
    body = (replace(law.body[0], text=f"{ITEM}{law.body[0].text}{END}"), *law.body[1:])
    with pytest.raises(InstrumentRefused, match="its text as stored would hold the invisible marks"):
        _unmarked_instrument(replace(inst, law=replace(law, body=body)))


# --- 2. a repeal of a law but part of it is refused, naming the words of exception ------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "3-repeal-other-than-one-by-law",
        "4-repeal-except-in-brackets",
        "5-repeal-list-item-except",
        "6-repeal-then-except",
    ],
)
def test_a_repeal_of_all_but_part_of_a_law_is_refused_naming_its_words(name: str) -> None:
    assert verdict(name) == ("refused_true", [])


LAW = "The Shire of X Dogs Local Law 2001 published in the Government Gazette on 3 May 2001"


@pytest.mark.parametrize(
    ("words", "named"),
    [
        (f"{LAW}, other than clause 5, is repealed.", "other than clause 5"),
        (f"{LAW} (except clause 5) is repealed.", "except clause 5"),
        (f"{LAW}, excepting clause 5, is repealed.", "excepting clause 5"),
        (f"{LAW}, excluding Part 3, is repealed.", "excluding Part 3"),
        (f"{LAW}, save for clause 5, is repealed.", "save for clause 5"),
        (f"{LAW}, but not clause 5, is repealed.", "but not clause 5"),
        (f"{LAW} is repealed in so far as it applies to the townsite.", "in so far as it applies to the townsite"),
        (f"{LAW}, insofar as it applies to the townsite, is repealed.", "insofar as it applies to the townsite"),
        (f"{LAW} so far as it applies to the townsite is repealed.", "so far as it applies to the townsite is repealed"),
        (f"{LAW}, to the extent that it applies to reserves, is repealed.", "to the extent that it applies to reserves"),
        (f"The following local laws are repealed— (a) {LAW}, other than clause 5; and", "other than clause 5"),
    ],
)
def test_each_word_of_exception_is_refused_by_name(words: str, named: str) -> None:
    with pytest.raises(InstructionNotUnderstood, match=f"only in part \\(“{named}”\\)"):
        _repealed_laws(words)


def test_words_of_exception_are_no_history_of_a_publication() -> None:
    # PUB_REST (repeal.lark): the history after the date is still read as before, words of exception are not
    assert repeal_item(f"{LAW}; and amended on 4 June 2002") == ("Shire of X Dogs Local Law 2001", "3 May 2001")
    # (read as no publication at all: the words stay in what is named, which _repealed_laws refuses)
    for rest in (", other than clause 5", " (except clause 5)"):
        assert repeal_item(LAW + rest) == (LAW.removeprefix("The ") + rest, None)


def test_whole_repeals_and_amendments_that_speak_of_exceptions_are_read_as_before() -> None:
    assert _repealed_laws(f"{LAW} is repealed.") == [("Shire of X Dogs Local Law 2001", "2001-05-03")]
    assert _repealed_laws(f"{LAW}; and amended on 4 June 2002 is repealed.") == [("Shire of X Dogs Local Law 2001", "2001-05-03")]
    # not a repeal of a law: an amendment whose new words, or its own frame, hold the words
    assert _repealed_laws("In clause 5 after “dog” insert “, except a guide dog,”.") == []
    assert _repealed_laws("By-law 3 of the principal by-laws is repealed and re-enacted, except by-law 9 as follows") == []
    assert repeal_excepting("In clause 5 after “dog” insert “, except a guide dog,”.") is None


def test_the_record_of_a_refused_instrument_holds_no_list_mark() -> None:
    from lawhistory.amending.amend import _write_record

    inst = _instrument("2-words-printed-on-their-own-line-after-a-dash")
    law = inst.law
    body = (replace(law.body[0], text=f"{ITEM}{law.body[0].text}{END}"), *law.body[1:])
    with tempfile.TemporaryDirectory() as tmp:
        repo = Repository.init(Path(tmp) / "repo")
        _write_record(repo, replace(inst, law=replace(law, body=body)), InstrumentRefused("refused"))
        stored = repo.instrument_path(inst.id).read_text(encoding="utf-8")
        assert str(law.body[0].text) in stored and not any(m in stored for m in MARKS)
