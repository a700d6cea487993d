"""Schedules named rather than numbered ("FIRST SCHEDULE", "SECOND SCHEDULE"), the numbered rules a schedule sets
out, a schedule of sentences, and Part headings printed after the heading of the Part's first clause."""

from __future__ import annotations

import pytest

from lawhistory.core.ids import addresses, normalise_citation, schedule_citation, split_citation
from lawhistory.core.model import Provision
from lawhistory.files.textformat import parse_body, render_body
from lawhistory.reading.importers import ImportOptions, read_source
from lawhistory.reading.importers.bare_parts import read_late_part_headings

# Synthetic text (not law), laid out like a council copy that keeps its printed lines.
LAW = """LOCAL GOVERNMENT ACT 1995
SHIRE OF EXAMPLE
LOCAL LAW RELATING TO FENCING
Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the
Council of the Shire of Example resolved on 24 February 2004 to make the following local law.
1.1 Citation
PART 1 - PRELIMINARY
This Local Law may be cited as the Shire of Example Local Law Relating to Fencing.
1.2 Interpretation
In this Local Law, unless the context requires otherwise:
“Rules” means the rules set out in the Second Schedule.
2.1 Sufficient Fences
PART 2 - FENCES
(1) A sufficient fence on a Residential Lot is a fence described in the First Schedule.
(2) A brigade is to follow the Rules.
2.2 Materials
A person shall build a fence only from approved materials.
FIRST SCHEDULE
SUFFICIENT FENCE—RESIDENTIAL LOT
A sufficient fence on a Residential Lot is a fence of sheet metal not less than 1500mm and not more than
1800mm in height.
SECOND SCHEDULE
RULES
[Clause 1.2]
1. Name
The brigade is to be known by the name the Shire gives it.
2. Objects
The objects of the brigade are—
(a) to prevent bush fires; and
(b) to protect life and property from fire.
Dated this 10th day of March 2004.
"""


@pytest.fixture(scope="module")
def imported() -> tuple[Provision, ...]:
    (law,) = read_source(LAW.encode(), ImportOptions(source="copy.txt"), "copy.txt").laws
    return law.body


def test_named_schedules_are_read_and_cited_before_the_word(imported: tuple[Provision, ...]) -> None:
    cites = [a.citation for a in addresses(imported) if a.provision.kind != "text" or a.parent is not None]
    assert cites[-8:] == [
        "First Schedule",
        "First Schedule text 1",
        "Second Schedule",
        "Second Schedule text 1",
        "1",
        "2",
        "2(a)",
        "2(b)",
    ]
    first, second = (p for p in imported if p.kind == "schedule")
    assert (first.num, first.heading, second.num, second.heading) == (
        "First",
        "SUFFICIENT FENCE—RESIDENTIAL LOT",
        "Second",
        "RULES",
    )
    # a sentence printed over two lines is one sentence, not a table kept line by line
    assert [c.text for c in first.children] == [
        "A sufficient fence on a Residential Lot is a fence of sheet metal not less than 1500mm and not more than "
        "1800mm in height."
    ]
    rules = [c for c in second.children if c.kind == "clause"]
    assert [(r.num, r.heading) for r in rules] == [("1", "Name"), ("2", "Objects")]
    eids = {a.citation: a.eid for a in addresses(imported)}
    assert eids["First Schedule"] == "sch_first" and eids["2(a)"] == "sec_2__para_a"


def test_a_part_heading_printed_after_its_first_clause_heading_holds_that_clause(imported: tuple[Provision, ...]) -> None:
    parts = [(p.num, p.heading, [c.num for c in p.children]) for p in imported if p.kind == "part"]
    assert parts == [("1", "PRELIMINARY", ["1.1", "1.2"]), ("2", "FENCES", ["2.1", "2.2"])]
    clause_1 = next(c for p in imported if p.kind == "part" for c in p.children if c.num == "1.1")
    assert clause_1.text == "This Local Law may be cited as the Shire of Example Local Law Relating to Fencing."


def test_the_move_is_noted_and_nothing_else_moves() -> None:
    notes: list[str] = []
    text = "1. Citation\nPART 1 - PRELIMINARY\nThis local law may be cited as X.\n"
    assert read_late_part_headings(text, notes) == "PART 1 - PRELIMINARY\n1. Citation\nThis local law may be cited as X.\n"
    assert "'PART 1 - PRELIMINARY' is printed after the heading of clause 1 ('1. Citation')" in notes[0]
    # a Part line after a clause's words, or before another clause heading, is where it belongs
    for unmoved in ("1. Citation\nThese words.\nPART 2 - GENERAL\n2. Fences\n", "1. Citation\nPART 1 - PRELIMINARY\n1.1 Title\n"):
        notes = []
        assert read_late_part_headings(unmoved, notes) == unmoved and notes == []


def test_named_schedules_and_their_rules_round_trip(imported: tuple[Provision, ...]) -> None:
    text = render_body(imported)
    assert "\nFirst Schedule—SUFFICIENT FENCE—RESIDENTIAL LOT\n" in text
    assert "\n1. Name\n  The brigade is to be known" in text
    assert parse_body(text)[0] == imported
    assert render_body(parse_body(text)[0]) == text


def test_a_numbered_entry_of_a_list_schedule_stays_an_entry() -> None:
    text = "Schedule 2—RESERVES\n1. The reserve known as Lake Park.\n2. The reserve known as Hill Park.\n"
    (schedule,) = parse_body(text)[0]
    assert [(c.kind, c.num) for c in schedule.children] == [("item", "1"), ("item", "2")]


def test_free_text_that_reads_like_a_named_schedule_is_escaped() -> None:
    body = (Provision(kind="text", text="First Schedule—NOT A SCHEDULE"),)
    assert render_body(body) == "\\First Schedule—NOT A SCHEDULE\n"
    assert parse_body(render_body(body))[0] == body


def test_citations_of_named_schedules() -> None:
    assert schedule_citation("First") == "First Schedule" and schedule_citation("3A") == "Schedule 3A"
    assert split_citation("Second Schedule (a)") == ["Second Schedule", "(a)"]
    assert normalise_citation("first schedule text 1") == "First Schedule text 1"


def test_a_wrapped_sentence_that_leaves_first_schedule_on_a_line_is_not_a_schedule() -> None:
    from lawhistory.reading.schedules import split_schedules

    text = "\n1.1 Fences\nA fence is to be built as described in the\nFirst Schedule\nor as the CEO approves.\n"
    assert split_schedules(text) == (text, [])
    body, regions = split_schedules(text + "FIRST SCHEDULE\nFENCES\nA fence of brick.\n")
    assert [num for num, _ in regions] == ["First"] and body == text
