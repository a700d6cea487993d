"""A copy that lost its spaces: labels glued to their words ("(1)In", "(a)liquid"), a defined term glued to "means"
("collectable wastemeans"), and closing words that start with a blank date ("Dated ……"). The words stay as printed."""

from __future__ import annotations

from lawhistory.core.ids import addresses
from lawhistory.core.terms import DEF_START, term_of
from lawhistory.reading.importers import ImportOptions, read_source

# Synthetic text (not law), laid out like a council copy that keeps its printed lines but lost spaces.
LAW = """Local Government Act 1995
SHIRE OF EXAMPLE
Waste Local Law 2018
Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the Council of the Shire of Example resolved on 2 May 2018 to make the following local law.
Part 1 - Preliminary
1.1Short title
This is the Shire of Example Waste Local Law 2018.
1.2Commencement
This local law commences 14 days after the day on which it is published in the Government Gazette.
1.3Meaning of terms
(1)In this local law—
authorised person means a person appointed by the local government;
collectable wastemeans local government waste that is not—
(a)liquid refuse; or
(b)liquid waste;
collection day means the day set for collection.
(2)Other terms have the meanings given to them in the Act.
Part 2 - Waste
2.1Deposit of waste
An owner must not deposit liquid waste in a receptacle.
2.2Receptacles
An owner must keep each receptacle clean.
2.3Lids
An owner must keep each lid closed.
Schedule 1 - Prescribed offences
Item Clause Description Modified penalty $
1 2.1 Depositing liquid waste in a receptacle 100
2 2.2 Failing to keep a receptacle clean 50
Dated …………………….
The Common Seal of the Shire of Example was affixed in the presence of—
"""


def test_a_copy_that_lost_its_spaces_is_read_and_kept_word_for_word() -> None:
    imported = read_source(LAW.encode(), ImportOptions(source="copy.txt"), "copy.txt")
    (law,) = imported.laws
    cites = {a.citation: a.provision for a in addresses(law.body)}
    assert [c for c in cites if c.startswith("1.3(1) “")] == [
        "1.3(1) “authorised person”",
        "1.3(1) “collectable waste”",
        "1.3(1) “collectable waste” (a)",
        "1.3(1) “collectable waste” (b)",
        "1.3(1) “collection day”",
    ]
    assert cites["1.3(1) “collectable waste”"].text == "collectable wastemeans local government waste that is not—"
    assert cites["1.3(1) “collectable waste” (a)"].text == "liquid refuse; or"
    assert cites["1.3(2)"].text == "Other terms have the meanings given to them in the Act."
    assert [r.cells for r in cites["Schedule 1"].children][-1] == ("2", "2.2", "Failing to keep a receptacle clean", "50")
    assert law.conclusions[0].text.startswith("Dated")
    notes = " | ".join(law.meta.notes + imported.notes)
    assert "label(s) printed glued to their words" in notes
    assert "'collectable waste' is printed glued to the word 'means' ('wastemeans')" in notes


def test_a_term_is_read_from_a_glued_means_only_at_a_word_ending_in_means() -> None:
    m = DEF_START.match("collectable wastemeans local government waste")
    assert m and term_of(m) == "collectable waste"
    assert DEF_START.match("Act means the Local Government Act 1995;").group("glued") is None  # type: ignore[union-attr]
    m = DEF_START.match("the demeans clause")
    assert not (m and m.group("glued") and term_of(m) == "the de")  # a sentence, not a term (def_term_ok refuses "the")
