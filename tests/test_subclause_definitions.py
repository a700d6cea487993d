"""A definition given for one subclause ("(2) In subclause (1)— detrimental to the property includes— (a) … (b) …")
is a definition of that subclause, cited "3.2(2) “detrimental to the property”"; a list that is not one stays a list."""

from __future__ import annotations

from lawhistory.core.ids import addresses
from lawhistory.reading.importers import ImportOptions, read_source

HEAD = """LOCAL GOVERNMENT ACT 1995
TOWN OF EXAMPLE
PROPERTY LOCAL LAW 2016
Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it,
the Council of the Town of Example resolved on 23 March 2016 to make the following local law.
PART 1—PRELIMINARY
1.1 Citation
This local law may be cited as the Town of Example Property Local Law 2016.
1.2 Commencement
This local law comes into operation 14 days after the date of its publication in the Government Gazette.
PART 2—BEHAVIOUR
2.1 Behaviour detrimental to property
(1) A person shall not behave in a way that is detrimental to the property.
(2) In subclause (1)—
"""


def _cites(text: str) -> dict[str, str | None]:
    (law,) = read_source(text.encode(), ImportOptions(source="x.txt"), "x.txt").laws
    return {a.citation: a.provision.text for a in addresses(law.body)}


def test_a_definition_for_one_subclause() -> None:
    cites = _cites(
        HEAD + "detrimental to the property includes—\n(a) removing any thing from the property; and\n"
        "(b) damaging any thing on the property.\n2.2 Signs\nA person shall not remove a sign.\n"
    )
    assert cites["2.1(2)"] == "In subclause (1)—"
    assert cites["2.1(2) “detrimental to the property”"] == "detrimental to the property includes—"
    assert cites["2.1(2) “detrimental to the property” (b)"] == "damaging any thing on the property."


def test_a_list_after_in_subclause_is_not_a_definition() -> None:
    cites = _cites(HEAD + "(a) a rock; and\n(b) a plant.\n2.2 Signs\nA person shall not remove a sign.\n")
    assert cites["2.1(2)(a)"] == "a rock; and" and not any("“" in c for c in cites)
