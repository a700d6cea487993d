"""grammar/preliminary.lark's ``citation`` and ``principal_law``: an amending instrument's own title ("This local law
may be cited as the … Local Law 2021.") and the law it amends ("This Part amends the … Local Law 2015."), read by
their words; near misses have no parse, and their clause is read as instructions (refused, naming its words, when it
is not one)."""

from __future__ import annotations

import pytest

from lawhistory.amending.frame import frame_kind
from lawhistory.amending.grammar.parse import PRELIMINARY_KINDS, frame_sentence

CITATIONS = [
    "These by-laws may be cited as the Shire of Narrogin Standing Orders Amendment By-laws 1992.",
    "These local laws may be cited as the Shire of Harvey Health Amendment Local Law 2009.",
    "This is the City of Bunbury Meeting Procedures Amendment Local Law 2017.",
    "This is the Shire of Augusta-Margaret River Off-road Vehicles Amendment Local Law 2025.",
    "This local law is cited as the City of Greater Geraldton Repeal Local Law 2020.",
    "This local law is cited as the Shire of Kulin Animals, Environment and Nuisance Amendment Local Law 2021.",
    "This local law is the City of Cockburn Parking and Parking Facilities Amendment Local Law 2024.",
    "This local law may be cited as the Shire of Testville Dogs Amendment Local Law 2021.",
    "This amendment local law shall be cited as the Town of Testville Health Amendment Local Laws 1999*.",
    "This local law may be cited as the Shire of Testville Local Government Property Amendment Local Law (No. 2) 2016.",
    "These by-laws are the Town of Testville Halls Amendment By-laws",
    "This order may be cited as the Testville Parking Order 2003.",
    "These regulations may be cited as the Testville Fencing Amendment Regulations 1990.",
    "This local law is cited as Shire of Testville Bylaws 1988.",
]

NOT_CITATIONS = [
    "This local law may be cited as the shire of testville dogs local law.",  # the title's kind printed in capitals
    "This local law may be cited as the Shire of Testville: Dogs Local Law 2017.",  # a colon inside a title
    "This local law may be cited as the Shire of Testville; Dogs Local Law 2017.",
    "This local law may be cited as the “Shire of Testville Dogs Local Law 2017”.",  # quoted
    "This local law may be cited as the Shire of Testville Local Lawyers Guide.",  # no title's kind at its end
    "This local law may be cited as the Shire of Testville Dogs By-Laws.",  # "By-Laws": not as printed in titles
    "This local law may be cited as the Shire of Testville Dogs Local Law 2017 .",  # a full stop apart from it
    "This local law may be cited as the Shire of Testville Dogs Local Law(No. 2).",  # a number glued to it
    "This local law may be cited as the Shire of Testville Dogs Local Law 20170.",
    "This local law may be cited as the 2017 Dogs Local Law.",  # a title begins with a capital
    "This local law may be called the Shire of Testville Dogs Local Law 2017.",
    "This law is the Shire of Testville Dogs Local Law 2017.",  # not the instrument itself
    "This local lawyer is the Shire of Testville Dogs Local Law 2017.",
    "this is the Shire of Testville Dogs Local Law 2017.",  # "This is" as printed
    "This local law may be cited as the Shire of Testville Dogs Local Law 2017 as amended.",
]

PRINCIPAL_LAWS = [
    "In these by-laws the Shire of Narrogin Standing Orders By-laws 1985* are referred to as the principal by-laws.",
    "In this Part the Shire of Wiluna Cemeteries Local Law 1997* is referred to as the principal local law.",
    "In this local law the Town of Bassendean Signs and Hoardings Local Law 1999 is referred to as the principal local law.",
    "In this local law, the Shire of Testville Local Law (No. 2) 2001 is referred to as the principal local law.",
    "The amendments in this local law are to the City of Nedlands Standing Orders Local Law 2005.",
    "This Part amends the City of Bunbury Meeting Procedures Local Law 2015.",
    "This local law amends the Shire of Testville Dogs Local Law 2010 as published in the Gazette on 1 May 2010.",
    "This local law repeals the Shire of Testville Parking By-laws 1988 and the Shire of Testville Parking Local Law 1999.",
    "These by-laws amend the Town of Testville Health By-laws as follows: clause 3.",
]

NOT_PRINCIPAL_LAWS = [
    "This local law amends the following: Shire of Testville Dogs Local Law 2010.",  # a colon before the title's kind
    "This local law amends the Shire of Testville Local Lawyers Guide.",  # the expression replaced read "Local Law" in it
    "This local law amends the “Shire of Testville Dogs Local Law 2010”.",
    "This local law amends the shire of testville dogs local law.",
    "This local law is amending the Shire of Testville Dogs Local Law 2010.",
    "In this local law the Shire of Testville Dogs Local Law 2010 is called the principal local law.",
    "In this local law the Shire of Testville Dogs Local Law(No. 2) is referred to as the principal local law.",
    "The amendments in this local law are to clause 4.",
]


@pytest.mark.parametrize("sentence", CITATIONS)
def test_citations_are_read(sentence: str) -> None:
    assert frame_sentence("citation", sentence)
    assert frame_kind("", sentence) == "citation"


@pytest.mark.parametrize("sentence", NOT_CITATIONS)
def test_near_misses_are_no_citation(sentence: str) -> None:
    assert not frame_sentence("citation", sentence)


@pytest.mark.parametrize("sentence", PRINCIPAL_LAWS)
def test_principal_laws_are_read(sentence: str) -> None:
    assert frame_sentence("principal_law", sentence)
    assert frame_kind("", sentence) == "principal law"


@pytest.mark.parametrize("sentence", NOT_PRINCIPAL_LAWS)
def test_near_misses_are_no_principal_law(sentence: str) -> None:
    assert not frame_sentence("principal_law", sentence)
    assert frame_kind("", sentence) is None


def test_a_principal_law_clause_with_its_footnote() -> None:
    words = (
        "In these local laws the Shire of Testville Health Local Laws 1990* are referred to as the principal local laws. "
        "[* Published in Gazette of 22 May 1990 at pp. 2129-34.]"
    )
    assert frame_kind("Principal local laws", words) == "principal law"


def test_a_title_s_words_may_be_keywords_elsewhere() -> None:
    # "Local" and "Law" inside a title are words of it: the title ends at its last kind
    assert frame_sentence("citation", "This is the Shire of Testville Local Government Property Amendment Local Law 2016.")
    assert frame_sentence("principal_law", "This local law amends the Testville Order Paper Order 2003.")


def test_every_kind_is_a_start() -> None:
    assert PRELIMINARY_KINDS == ("citation", "commencement", "principal_law", "interpretation", "savings")
    for kind in PRELIMINARY_KINDS:
        assert not frame_sentence(kind, "In clause 4 the word dog is a cat.")
