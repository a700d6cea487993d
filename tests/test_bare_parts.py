"""Parts printed without the word PART ("1. OPERATION AND INTERPRETATION" over clauses 1.1, 1.2) are read as Parts,
the word PART named as supplied in a note; a line that only looks like one stays as it is printed."""

from __future__ import annotations

from lawhistory.reading.importers import ImportOptions, read_source
from lawhistory.reading.importers.bare_parts import read_bare_parts
from lawhistory.reading.importers.repair import supplied_words

# Synthetic text (not law), laid out like a gazette copy that keeps its printed lines.
LAW = """LOCAL GOVERNMENT ACT 1995
CITY OF EXAMPLE
LOCAL LAW RELATING TO PARKING AND PARKING FACILITIES 2002
Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the
Council of the City of Example resolved on 10 December 2002 to make the following local law.
1. OPERATION AND INTERPRETATION
1.1 Citation
This local law may be cited as the City of Example Local Law Relating to Parking and Parking
Facilities 2002.
1.2 Commencement
This local law comes into operation 14 days after the date of its publication in the Government Gazette.
1.3 Application
This local law applies throughout the district.
2. STOPPING AND PARKING GENERALLY
2.1 Power to prohibit
The local government may prohibit the parking of vehicles in a parking facility.
2.2 Parking without consent
A person shall not park a vehicle in a parking facility without the consent of the local government.
3. ENFORCEMENT
3.1 Offences
A person who contravenes this local law commits an offence.
3.2 Penalties
A person who commits an offence is liable to a penalty not exceeding $5,000.
"""


def test_numbered_capital_headings_over_their_first_clause_are_parts() -> None:
    (law,) = read_source(LAW.encode(), ImportOptions(source="copy.txt"), "copy.txt").laws
    parts = [(p.num, p.heading, [c.num for c in p.children]) for p in law.body if p.kind == "part"]
    assert parts == [
        ("1", "OPERATION AND INTERPRETATION", ["1.1", "1.2", "1.3"]),
        ("2", "STOPPING AND PARKING GENERALLY", ["2.1", "2.2"]),
        ("3", "ENFORCEMENT", ["3.1", "3.2"]),
    ]
    assert supplied_words(law.meta.notes) == ["PART", "PART", "PART"]
    assert any("'1. OPERATION AND INTERPRETATION'" in n for n in law.meta.notes)
    # the title that names its subject after "LOCAL LAW RELATING TO" and ends in a year is the title block
    assert law.meta.title == "City of Example Local Law Relating to Parking and Parking Facilities 2002"
    assert [p.text for p in law.body[:3]] == [
        "LOCAL GOVERNMENT ACT 1995",
        "CITY OF EXAMPLE",
        "LOCAL LAW RELATING TO PARKING AND PARKING FACILITIES 2002",
    ]


def test_a_law_that_prints_part_lines_keeps_its_numbered_lines_as_printed() -> None:
    text = "PART 1—PRELIMINARY\n1. CITATION\n1.1 Citation\n2. REPEAL\n2.1 Repeal\n"
    notes: list[str] = []
    assert read_bare_parts(text, notes) == text and notes == []


def test_a_numbered_heading_not_followed_by_its_first_clause_is_not_a_part() -> None:
    text = "1. CITATION\nThese by-laws may be cited as the Dogs By-laws.\n2. REPEAL\nThe by-laws are repealed.\n"
    notes: list[str] = []
    assert read_bare_parts(text, notes) == text and notes == []


def test_numbers_out_of_order_are_not_parts() -> None:
    text = "1. GENERAL\n1.1 Citation\n3. ENFORCEMENT\n3.1 Offences\n"
    notes: list[str] = []
    assert read_bare_parts(text, notes) == text and notes == []
