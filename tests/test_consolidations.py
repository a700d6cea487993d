"""A council consolidation: the consolidator's notes over the title, an arrangement printed after the enacting words,
sections printed without a full stop under side headings ("Title" / "1 This local law …"), and amendment notes
("Amd GG No. 36 29.02.08") on lines of their own. The law is read, its words kept, the consolidator's left out."""

from __future__ import annotations

from lawhistory.core.ids import addresses
from lawhistory.reading.importers import ImportOptions, read_source
from lawhistory.reading.importers.bare_parts import read_undotted_sections

# Synthetic text (not law), laid out like a council consolidation that keeps its printed lines.
LAW = """Consolidated extract from Government Gazette No. 133, 14 July 2005
Local Government Act 1995
CITY OF EXAMPLE
LOCAL GOVERNMENT PROPERTY LOCAL LAW 2005
Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the Council of the City of Example resolved on 21 June 2005 to make the Local Government Property Local Law 2005, as set out below.
ARRANGEMENT
PART 1 – PRELIMINARY Clauses 1 - 3
PART 2 – ENFORCEMENT Clause 4
SCHEDULE 1
PART 1 - PRELIMINARY
Title
1 This local law may be cited as the City of Example Local Government Property Local Law 2005.
Commencement
2 This local law comes into operation 14 days after the date of its publication in the Government Gazette.
Purpose
3 (1) The purpose of this local law is to provide for the management of local government property.
Amd GG No. 181 14.11.14
(2) [Deleted GG No. 36 29.02.08]
PART 2 - ENFORCEMENT
Offences
4 A person who fails to do anything required by this local law commits an offence.
SCHEDULE 1
PRESCRIBED OFFENCES
Item No. Clause No. Description Modified Penalty $
1 3 Failing to comply 100
2 4 Failing to do anything required 150
"""


def test_a_consolidation_is_read_as_the_law_it_holds() -> None:
    imported = read_source(LAW.encode(), ImportOptions(source="copy.txt"), "copy.txt")
    (law,) = imported.laws
    cites = {a.citation: a.provision for a in addresses(law.body)}
    assert [(n, cites[n].heading) for n in ("1", "2", "3", "4")] == [
        ("1", "Title"),
        ("2", "Commencement"),
        ("3", "Purpose"),
        ("4", "Offences"),
    ]
    assert [p.num for p in law.body if p.kind == "part"] == ["1", "2"]  # the arrangement's PART lines are not Parts
    assert cites["3(2)"].text == "[Deleted GG No. 36 29.02.08]"  # the consolidation's words for a deleted provision
    assert cites["Schedule 1"].heading == "PRESCRIBED OFFENCES" and len(cites["Schedule 1"].children) == 2
    assert "Amd GG No. 181 14.11.14" in imported.removed
    assert not any("Consolidated extract" in (p.text or "") for p in law.body)
    notes = " | ".join(law.meta.notes + imported.notes)
    assert "sections 1 to 4 are printed without a full stop" in notes and "Consolidated extract" in notes
    assert "consolidation note(s)" in notes


def test_numbers_without_side_headings_or_beside_dotted_labels_are_left_alone() -> None:
    notes: list[str] = []
    plain = "The fees are—\n1 First item of the list\n2 Second item of the list\n"
    assert read_undotted_sections(plain, notes) == plain  # no side heading above either number
    dotted = "Title\n1. This local law may be cited as X.\nRepeal\n2 The old law is repealed.\n"
    assert read_undotted_sections(dotted, notes) == dotted  # the law prints its labels with a full stop
    assert notes == []
