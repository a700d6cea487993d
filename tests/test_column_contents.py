"""A gazette whose contents page lists clause numbers as a column apart from their headings, whose clauses print
their side headings on the line above the number, whose only schedule has a heading in title case, and whose
enacting words misspell the council's name (no hyphen) that its title block prints."""

from __future__ import annotations

from lawhistory.core.ids import addresses
from lawhistory.reading.gazette import contents_headings
from lawhistory.reading.importers import ImportOptions, read_source
from lawhistory.reading.importers.titles import title_block_spelling
from lawhistory.reading.tables import parse_schedule

# Synthetic text (not law), laid out like a gazette copy that keeps its printed lines.
LAW = """5 August 2014 GOVERNMENT GAZETTE, WA 2843
LOCAL GOVERNMENT ACT 1995
SHIRE OF EXAMPLE-NORTH RIVER
EXTRACTIVE INDUSTRIES LOCAL LAW 2014
TABLE OF CONTENTS
PART 1—PRELIMINARY
1.1
1.2
Citation
Commencement
PART 2—LICENCES
2.1 Licence required
SCHEDULE
Prescribed Offences
2844 GOVERNMENT GAZETTE, WA 5 August 2014
LOCAL GOVERNMENT ACT 1995
SHIRE OF EXAMPLE-NORTH RIVER
EXTRACTIVE INDUSTRIES LOCAL LAW 2014
Under the powers conferred by the Local Government Act 1995 and under all other powers enabling
it, the local government of the Shire of Example North River resolved on 9 April 2014 to adopt the
following local law.
PART 1—PRELIMINARY
Citation
1.1 This local law may be cited as the Shire of Example North River Extractive Industries Local
Law 2014.
Commencement
1.2 This Local Law will come into operation 14 days after the day on which it is published in the
Government Gazette.
PART 2—LICENCES
Licence required
2.1 A person shall not carry on an extractive industry unless the person holds a licence.
SCHEDULE
Prescribed Offences
Clause Description Modified Penalty
2.1 Carrying on an extractive industry without a licence $1,000
Dated: 11 July 2014.
"""


def test_numbers_in_a_column_are_paired_with_their_headings() -> None:
    assert contents_headings("PART 1—PRELIMINARY\n1.1\n1.2\nCitation\nCommencement\nPART 2—X\n2.1 Licence required") == {
        "1.1": "Citation",
        "1.2": "Commencement",
        "2.1": "Licence required",
    }
    # a column of numbers without as many headings after it names no heading (none is made up)
    assert contents_headings("1.1\n1.2\nCitation\nPART 2—X") == {}


def test_the_law_reads_with_its_side_headings_schedule_heading_and_council() -> None:
    (law,) = read_source(LAW.encode(), ImportOptions(source="gg.txt"), "gg.txt").laws
    cites = {a.citation: a.provision for a in addresses(law.body)}
    assert [(c, cites[c].heading) for c in ("1.1", "1.2", "2.1")] == [
        ("1.1", "Citation"),
        ("1.2", "Commencement"),
        ("2.1", "Licence required"),
    ]
    assert [p.kind for p in cites["Part 1"].children] == ["clause", "clause"]  # no heading left behind as words
    assert cites["Schedule 1"].heading == "Prescribed Offences"
    assert law.meta.local_government == "Shire of Example-North River"
    assert any("the enacting words print 'Shire of Example North River'" in n for n in law.meta.notes)


def test_the_council_is_spelt_as_the_title_block_only_when_only_a_hyphen_differs() -> None:
    assert title_block_spelling("Shire of Example North River", "SHIRE OF EXAMPLE-NORTH RIVER") == "Shire of Example-North River"
    assert title_block_spelling("Shire of Example North River", "SHIRE OF EXAMPLE NORTH RIVER") == "Shire of Example North River"
    assert title_block_spelling("City of Perth", "SHIRE OF PERTH-HILLS") == "City of Perth"


def test_a_sub_heading_between_column_headings_and_the_first_row_is_noted() -> None:
    region = "—FEES\nItem Description Fee $\nBurials\n1 Grant of right of burial 450.00\n2 Interment 980.00\n"
    notes: list[str] = []
    schedule = parse_schedule("2", region, line_mode=True, notes=notes)
    assert schedule.cells == ("Item", "Description", "Fee $")
    assert notes == [
        "Schedule 2: the sub-heading 'Burials' is printed between the column headings and the first row; "
        "the law file writes it above the column headings"
    ]
