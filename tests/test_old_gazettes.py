"""The gazettes of the 1960s and 1970s: page headers "1402 GOVERNMENT GAZETTE, W.A. [12 May, 1971." (and the odd
page's form), and a cover of bracketed numbers and registration notes, one item a line. All of it is furniture; a
table whose last line runs several distances together is not read as a two-column row."""

from __future__ import annotations

from lawhistory.reading.gazette import normalise
from lawhistory.reading.tables import DISTANCE_ROW, parse_schedule

COVER = """[1401]
OF
WESTERN AUSTRALIA
(Published by Authority at 4 p.m.)
(REGISTERED AT THE GENERAL POST OFFICE, PERTH, FOR TRANSMISSION BY POST AS A NEWSPAPER)
No. 34]
PERTH : WEDNESDAY, 12th MAY
[1971
"""
BODY = """CITY OF EXAMPLE—GENERAL BY-LAWS
1. The by-laws of the Shire of Example are hereby repealed.
2. In these by-laws, unless the context otherwise requires—
"Council" means the Council of the City of Example;
"District" means the district of the City of Example.
3. The offices of the Council shall be at the Civic Centre.
4. The Council may from time to time by resolution fix the hours during which the offices shall be open
1402 GOVERNMENT GAZETTE, W.A. [12 May, 1971.
to the public.
12 May, 1971.] GOVERNMENT GAZETTE, W.A. 1403
5. The ordinary meetings of the Council shall be held on the second Tuesday of each month.
6. No business shall be transacted at any meeting other than that specified in the notice of meeting.
7. Every member shall address the chair.
8. Every member shall stand when speaking.
9. The Mayor shall preside.
10. The Town Clerk shall keep the minutes.
11. The minutes shall be confirmed at the next meeting.
"""


def test_old_headers_and_cover_are_furniture() -> None:
    stream = normalise(COVER + BODY, line_mode=True)
    assert [(p.page, str(p.date)) for p in stream.pages] == [(1402, "1971-05-12"), (1403, "1971-05-12")]
    text = " ".join(stream.text.split())
    assert "open to the public. 5. The ordinary" in text
    assert text.startswith("CITY OF EXAMPLE—GENERAL BY-LAWS")
    assert "(Published by Authority at 4 p.m.)" in stream.removed and "[1401]" in stream.removed


def test_a_row_of_several_distances_is_not_a_two_column_row() -> None:
    assert DISTANCE_ROW.match("Less than 50 pigs 500m 1,000m 50m 30m 100m") is None
    assert DISTANCE_ROW.match("Townsite boundaries 5,000 m").groups() == ("Townsite boundaries", "5,000 m")  # type: ignore[union-attr]
    region = "\nPIGGERIES\nTownsite\nBoundaries\nPublic\nroads\nLarge\npiggeries\n5,000m 200m\nLess than 50 pigs 500m 50m\n"
    notes: list[str] = []
    schedule = parse_schedule("2", region, line_mode=True, notes=notes)
    assert not any(c.cells for c in schedule.children)  # no row made up
    assert "could not be rebuilt" in notes[0]


BY_LAW = """CITY OF EXAMPLE—GENERAL BY-LAWS
CONTENTS
PART I.—PRELIMINARY—
Repeal . . . . . . . . . . . . . . . . . . . . 1 1
PART II.—MEETINGS—
General . . . . . . . . . . . . . . . . . . . . 3-4 2
LOCAL GOVERNMENT ACT, 1960-1970.
City of Example.
GENERAL BY-LAWS.
In pursuance of the powers conferred upon it by the abovementioned Act and all other powers enabling
it, the Council of the City of Example hereby records having resolved on the 26th day of January, 1971,
to make and submit for confirmation by the Governor the following by-laws:—
PART I.—PRELIMINARY.
Repeal.
1. The by-laws of the Shire of Example are hereby repealed.
Definitions.
2. In these by-laws, unless the context otherwise requires—
"Council" means the Council of the City of Example; and
"member" means a member of the Council.
PART II.—MEETINGS.
General.
3. The ordinary meetings of the Council shall be held on the second Tuesday of each month at the Civic Centre,
Stirling.
4. No business shall be transacted at any meeting other than that specified in the notice.
Dated this 9th day of February, 1971.
"""


def test_an_old_by_law_reads_with_its_parts_side_headings_and_title() -> None:
    from lawhistory.core.ids import addresses
    from lawhistory.reading.importers import ImportOptions, read_source

    (law,) = read_source(BY_LAW.encode(), ImportOptions(source="x.txt"), "x.txt").laws
    assert law.meta.title == "City of Example General By-laws"
    parts = [(p.num, p.heading, [c.num for c in p.children]) for p in law.body if p.kind == "part"]
    assert parts == [("I", "PRELIMINARY.", ["1", "2"]), ("II", "MEETINGS.", ["3", "4"])]
    cites = {a.citation: a.provision for a in addresses(law.body)}
    assert [cites[n].heading for n in ("1", "2", "3", "4")] == ["Repeal.", "Definitions.", "General.", None]
    # the last words of a sentence wrapped onto a line of their own are not the next section's heading
    assert cites["3"].text.endswith("at the Civic Centre, Stirling.")
    # the title block over the enacting words is the law's; the title over the contents page is that page's
    assert law.body[0].text == "LOCAL GOVERNMENT ACT, 1960-1970. City of Example. GENERAL BY-LAWS."
    assert law.body[1].text.endswith("the following by-laws:—") and law.body[2].kind == "part"
    assert not any("CONTENTS" in (p.text or "") or "—GENERAL BY-LAWS" in (p.text or "") for p in law.body)
