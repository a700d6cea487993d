"""Constructs read after the eleventh first-sight round's wrong refusals in titles and locators (cases 190–199,
SOURCES-o.md; issue 20).

Synthetic instructions (not law): each test gives wording and what it must read as, or the refusal it must give; each
would fail on the engine before the fix it guards.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest

from lawhistory.amending.instructions import InstructionNotUnderstood, parse_unit
from lawhistory.amending.parts import Unit, _collect, payload_provisions, units
from lawhistory.core.model import Law, LawMeta, LawRef, Provision
from lawhistory.reading.importers.build import _kind
from lawhistory.reading.instrument_meta import amended_by_part, amended_law, clauses_law, footnoted_repeal


def _ops(text: str) -> list[tuple[str, str, str | None, str | None]]:
    return [(op.action.value, op.target, op.words, op.new) for op in parse_unit(Unit("4", text, None))]


# --- an unquoted term ending in "local law" (190) ----------------------------------------------------------------


def test_an_unquoted_term_ending_in_local_law_is_the_term() -> None:
    assert _ops("In clause 1.5 delete the definition of fencing local law.") == [
        ("delete", "1.5 “fencing local law”", None, None)
    ]
    assert _ops("In clause 1.5 in the definition of fencing local law delete “a” and insert “b”.") == [
        ("substitute_words", "1.5 “fencing local law”", "a", "b")
    ]


def test_local_law_after_this_or_principal_names_the_law_and_is_refused() -> None:
    for words in ("this local law", "dog of this local law", "principal local law"):
        with pytest.raises(InstructionNotUnderstood, match=f"“{words}” name a law"):
            parse_unit(Unit("4", f"In clause 1.5 delete the definition of {words}.", None))


# --- a provision "to the principal local law" (197) -----------------------------------------------------------------


def test_schedule_to_the_principal_local_law_is_its_schedule() -> None:
    assert _ops("Schedule 1 to the principal local law is amended in item 3 by deleting “a or b” and substituting “a, b”.") == [
        ("substitute_words", "Schedule 1 item 3", "a or b", "a, b")
    ]
    assert _ops("In Schedule 2 to the local law delete item 4.") == [("delete", "Schedule 2 item 4", None, None)]


# --- a year-less by-law title named with a footnote; an "Amendment and Repeal By-laws" (193, 196) -----------------


def test_a_year_less_title_marked_for_its_footnote_is_named_with_the_footnotes_date() -> None:
    got = amended_law(
        "3. In this Part the Shire of Exampleton Reserves By-laws* are referred to as the principal by-laws. "
        "[* Published in Gazette of 2 July 1982 at pp. 2495-8.] 4. By-law 9 of the principal by-laws is amended …"
    )
    assert got is not None and (got.title, got.gazette_date) == ("Shire of Exampleton Reserves By-laws", dt.date(1982, 7, 2))
    got = amended_law(
        "3. In these by-laws the City of Exampleton Health By-laws* are referred to as the principal by-laws. "
        "[*Published in the Gazette of 17 October 1986 at pp. 3901-44.]"
    )
    assert got is not None and (got.title, got.gazette_date) == ("City of Exampleton Health By-laws", dt.date(1986, 10, 17))


def test_a_year_less_title_with_no_footnote_date_names_no_law() -> None:
    assert (
        amended_law("3. In this Part the Shire of Exampleton Reserves By-laws* are referred to as the principal by-laws.") is None
    )


def test_amendment_and_repeal_by_laws_are_not_a_principal_law() -> None:
    assert _kind("Shire of Exampleton Amendment and Repeal By-laws 1995", "") == "repeal"
    assert _kind("Shire of Exampleton Repeal By-laws 1995", "") == "repeal"


# --- a new clause printed with its heading above its number, subclause (1) on the number's line (194) -------------


def test_a_heading_above_the_number_is_the_new_clauses_heading() -> None:
    got = payload_provisions(
        " Permission required for spraying 10. (1) A person shall not spray. (2) Permission may be granted. ", []
    )
    assert [(p.kind, p.num, p.heading, p.text, [(c.num, c.text) for c in p.children]) for p in got] == [
        (
            "clause",
            "10",
            "Permission required for spraying",
            None,
            [("(1)", "A person shall not spray."), ("(2)", "Permission may be granted.")],
        )
    ]


def test_words_before_a_number_that_cite_a_provision_are_no_heading() -> None:
    with pytest.raises(InstructionNotUnderstood, match="could not be read whole"):
        payload_provisions("As provided in clause 10. (1) A person shall not spray.", [])


# --- a law repealed, named by a title marked for its footnote (193) ------------------------------------------------

_FOOTNOTED = (
    "The Shire of Exampleton By-laws Relating to Camping on Reserves* are repealed. "
    "[* Published in Gazette of 5 March 1976 at pp. 611-12.]"
)


def test_a_law_repealed_named_with_its_footnote_is_repealed_by_title_and_gazette_date() -> None:
    assert [(op.action.value, op.target, op.words) for op in parse_unit(Unit("6", _FOOTNOTED, None))] == [
        ("repeal", "Shire of Exampleton By-laws Relating to Camping on Reserves", "1976-03-05")
    ]


def test_a_footnoted_title_holding_by_laws_is_one_instruction_not_two() -> None:
    out: list[Unit] = []
    _collect(Provision(kind="clause", num="6", heading="Repeal", text=_FOOTNOTED), "6", None, out)
    assert [u.text for u in out] == [_FOOTNOTED]


def test_a_title_marked_for_a_footnote_that_gives_no_gazette_is_not_read_as_one() -> None:
    assert footnoted_repeal("The Shire of Exampleton By-laws* are repealed. [* See the note.]").endswith("[* See the note.]")


# --- each clause names the law it amends in its subclause (1) (192) ------------------------------------------------


def _naming(title: str, run_on: str = "") -> Provision:
    text = f"The amendments in this clause are to the {title}*. [* Published in Gazette 16 March 2001, pp. 1601-20.]"
    return Provision(kind="subclause", num="(1)", text=f"{text} {run_on}".strip())


def _clause(num: str, title: str, run_on: str = "", *rest: Provision) -> Provision:
    return Provision(kind="clause", num=num, heading=f"{title} amended", children=(_naming(title, run_on), *rest))


def test_each_clause_naming_its_law_in_subclause_1_amends_that_law() -> None:
    edit = Provision(kind="subclause", num="(2)", text="Clause 7.1(2) is amended by deleting “a” and inserting instead “b”.")
    body = (
        _clause("3", "Shire of Exampleton Property Local Law 2001", "(2) Clause 9.1(b) is amended by deleting “a”."),
        _clause("4", "Shire of Exampleton Dogs Local Law 1999", "", edit),
    )
    assert [(a.title, a.gazette_date, cl) for a, cl in amended_by_part(body)] == [
        ("Shire of Exampleton Property Local Law 2001", dt.date(2001, 3, 16), ("3",)),
        ("Shire of Exampleton Dogs Local Law 1999", dt.date(2001, 3, 16), ("4",)),
    ]
    law = Law(
        meta=LawMeta(
            id="x/y",
            title="Shire of Exampleton Amendment Local Law 2004",
            local_government="Shire of Exampleton",
            kind="amending",
            # as the reader gives them (reading/importers/build.py from amended_by_part): each law with its clauses
            amends=LawRef(title="Shire of Exampleton Property Local Law 2001", clauses=("3",)),
            also_amends=(LawRef(title="Shire of Exampleton Dogs Local Law 1999", clauses=("4",)),),
        ),
        body=body,
    )
    assert [(u.clause, u.text) for u in units(law)] == [
        ("3(2)", "Clause 9.1(b) is amended by deleting “a”."),
        ("4(2)", "Clause 7.1(2) is amended by deleting “a” and inserting instead “b”."),
    ]
    # (review) a clause naming a law other than the one its instructions go to is refused, naming both
    swapped = replace(
        law.meta,
        amends=LawRef(title="Shire of Exampleton Dogs Local Law 1999", clauses=("3",)),
        also_amends=(LawRef(title="Shire of Exampleton Property Local Law 2001", clauses=("4",)),),
    )
    with pytest.raises(InstructionNotUnderstood, match="says its amendments are to the Shire of Exampleton Property"):
        units(replace(law, meta=swapped))


def test_words_after_the_naming_sentence_that_are_no_subclause_are_not_dropped() -> None:
    law = Law(
        meta=LawMeta(
            id="x/y",
            title="Shire of Exampleton Amendment Local Law 2004",
            local_government="Shire of Exampleton",
            kind="amending",
        ),
        body=(_clause("3", "Shire of Exampleton Property Local Law 2001", "Clause 9.1(b) is amended by deleting “a”."),),
    )
    assert clauses_law(law.body[0].children[0]) is None
    # kept as clause 3(1)'s words (``amend`` then refuses the naming sentence: nothing dropped unseen)
    got = [(u.clause, u.text) for u in units(law)]
    assert got[0][1].startswith("The amendments in this clause are to the") and got[-1] == (
        "3(1)",
        "Clause 9.1(b) is amended by deleting “a”.",
    )
