"""Citations and eIds come from one module and follow DESIGN.md's table exactly."""

from __future__ import annotations

import json
import pickle

import pytest

from lawhistory.core.ids import (
    Citation,
    addresses,
    citation_of_path,
    clean_num,
    normalise_citation,
    split_citation,
    term_slug,
)
from lawhistory.core.model import Provision as P
from lawhistory.core.operations import Operation, op_fields, op_to_dict

LAW = (
    P(
        "part",
        num="2",
        heading="KEEPING OF ANIMALS",
        children=(
            P(
                "division",
                num="1",
                heading="Animals",
                children=(
                    P(
                        "clause",
                        num="2.7",
                        heading="Roosters",
                        text="An owner shall not keep—",
                        children=(
                            P("paragraph", num="(a)", text="roosters;"),
                            P("paragraph", num="(e)", text="guinea fowl."),
                        ),
                    ),
                    P(
                        "clause",
                        num="2.8",
                        heading="Pigeons",
                        children=(
                            P(
                                "subclause",
                                num="(2)",
                                text="A person—",
                                children=(
                                    P("paragraph", num="(h)", text="h—", children=(P("subparagraph", num="(i)", text="one"),)),
                                ),
                            ),
                        ),
                    ),
                    P("clause", num="2.8A", heading="Inserted"),
                ),
            ),
        ),
    ),
    P("part", num="6", children=(P("division", num="2", children=(P("subdivision", num="1", heading="General"),)),)),
    P(
        "clause",
        num="1.4",
        heading="Interpretation",
        children=(
            P(
                "subclause",
                num="(1)",
                text="In this local law—",
                children=(
                    P("definition", term="cat", text="cat means a cat;"),
                    P(
                        "definition",
                        term="nuisance",
                        text="nuisance means—",
                        children=(P("paragraph", num="(a)", text="noise;"),),
                    ),
                ),
            ),
        ),
    ),
    P(
        "schedule",
        num="1",
        heading="PRESCRIBED OFFENCES",
        cells=("Item", "Clause", "Offence", "Penalty"),
        children=(
            P("item", num="12", cells=("12", "2.7", "Keeping roosters", "$250")),
            P("item", num="31", cells=("31", "3.9", "A", "$500")),
            P("item", num="31", cells=("31", "4.6(1)", "B", "$500")),
        ),
    ),
    P("text", text="closing words"),
)


@pytest.mark.parametrize(
    ("citation", "eid", "kind"),
    [
        ("Part 2", "part_2", "part"),
        ("Part 2 Division 1", "part_2__dvs_1", "division"),
        ("Part 6 Division 2 Subdivision 1", "part_6__dvs_2__subdvs_1", "subdivision"),
        ("2.7", "sec_2.7", "clause"),
        ("2.7(a)", "sec_2.7__para_a", "paragraph"),
        ("2.7(e)", "sec_2.7__para_e", "paragraph"),
        ("2.8(2)", "sec_2.8__subsec_2", "subclause"),
        ("2.8(2)(h)", "sec_2.8__subsec_2__para_h", "paragraph"),
        ("2.8(2)(h)(i)", "sec_2.8__subsec_2__para_h__subpara_i", "subparagraph"),
        ("2.8A", "sec_2.8A", "clause"),
        ("1.4(1) “cat”", "sec_1.4__subsec_1__def_cat", "definition"),
        ("1.4(1) “nuisance” (a)", "sec_1.4__subsec_1__def_nuisance__para_a", "paragraph"),
        ("Schedule 1", "sch_1", "schedule"),
        ("Schedule 1 item 12", "sch_1__item_12", "item"),
        ("Schedule 1 item 31", "sch_1__item_31", "item"),
        ("Schedule 1 item 31 [2]", "sch_1__item_31_2", "item"),
        ("text 1", "text_1", "text"),
    ],
)
def test_citation_and_eid_follow_the_design_table(citation: str, eid: str, kind: str) -> None:
    found = {a.citation: a for a in addresses(LAW)}
    assert citation in found, sorted(found)
    assert found[citation].eid == eid
    assert found[citation].provision.kind == kind


def test_clauses_and_schedules_are_cited_alone_whatever_part_holds_them() -> None:
    parents = {a.citation: a.parent for a in addresses(LAW)}
    assert parents["2.7"] == "Part 2 Division 1"
    assert parents["2.7(a)"] == "2.7"


def test_every_citation_and_eid_is_unique_even_with_a_label_printed_twice() -> None:
    all_addresses = addresses(LAW)
    assert len({a.citation for a in all_addresses}) == len(all_addresses)
    assert len({a.eid for a in all_addresses}) == len(all_addresses)


def test_inserting_a_clause_changes_no_other_citation() -> None:
    before = {id(a.provision): a.citation for a in addresses(LAW)}
    division = LAW[0].children[0]
    grown = division.with_children((*division.children[:2], P("clause", num="2.7A", heading="New"), *division.children[2:]))
    law2 = (LAW[0].with_children((grown,)), *LAW[1:])
    after = {id(a.provision): a.citation for a in addresses(law2)}
    assert all(after[k] == v for k, v in before.items() if k in after)
    assert "2.7A" in after.values()


def test_citation_of_path_agrees_with_walk() -> None:
    index = {}

    def paths(body: tuple[P, ...], prefix: tuple[int, ...] = ()) -> None:
        for i, p in enumerate(body):
            index[id(p)] = (*prefix, i)
            paths(p.children, (*prefix, i))

    paths(LAW)
    for a in addresses(LAW):
        if not a.citation.endswith("]") and a.citation != "text 1":
            assert citation_of_path(LAW, index[id(a.provision)]) == a.citation


@pytest.mark.parametrize(
    ("written", "parts"),
    [
        ("2.8(2)(h)", ["2.8", "(2)", "(h)"]),
        ("Schedule 1 item 4", ["Schedule 1", "item 4"]),
        ("Part 2 Division 1", ["Part 2", "Division 1"]),
        ("1.4(1) “cat”", ["1.4", "(1)", "“cat”"]),
        ('1.4(1) "garden refuse"', ["1.4", "(1)", "“garden refuse”"]),
        ("3.13 (1)", ["3.13", "(1)"]),
        # two terms in one citation: the first ends at its own closing quote (found by the property tests)
        ("1.1A “A” (b)(1) “A”", ["1.1A", "“A”", "(b)", "(1)", "“A”"]),
        ("1.4 “the “Act””", ["1.4", "“the “Act””"]),
        ("4.5 “butchers’ waste” (a)", ["4.5", "“butchers’ waste”", "(a)"]),
    ],
)
def test_split_citation_reads_what_people_write(written: str, parts: list[str]) -> None:
    assert split_citation(written) == parts


def test_normalise_citation_and_helpers() -> None:
    assert normalise_citation("3.13 (1) (n)") == "3.13(1)(n)"
    assert normalise_citation("schedule 1 ITEM 4") == "Schedule 1 item 4"
    assert clean_num("(7A)") == "7A"
    assert term_slug("Code of Practice—Pigeon Keeping") == "code-of-practice-pigeon-keeping"
    assert term_slug("AS/NZS 3500") == "as-nzs-3500"
    with pytest.raises(ValueError, match="cannot read the citation"):
        split_citation("clause two")


def test_a_citation_with_many_terms_and_no_reading_fails_quickly() -> None:
    """Each way of ending a term is tried once per tail (remembered), not once per combination: 200 terms, one call."""
    with pytest.raises(ValueError, match="cannot read the citation"):
        split_citation("1.1 " + " ".join(["“a” (b)"] * 200) + " “a” !")


@pytest.mark.parametrize(
    ("written", "fragments"),
    [
        ("2.8(2)(h)", [("clause", "2.8"), ("label", "(2)"), ("label", "(h)")]),
        ("Schedule 1 item 12", [("schedule", "1"), ("item", "12")]),
        ("1.4(1) “cat”", [("clause", "1.4"), ("label", "(1)"), ("term", "cat")]),
        ("Part 6 Division 2 Subdivision 1", [("part", "6"), ("division", "2"), ("subdivision", "1")]),
        ("6.4(1) text 1", [("clause", "6.4"), ("label", "(1)"), ("text", "1")]),
    ],
)
def test_a_citation_value_is_its_printed_string_read_once_into_typed_fragments(
    written: str, fragments: list[tuple[str, str]]
) -> None:
    cited = Citation(written)
    assert cited == written and hash(cited) == hash(written) and json.dumps(cited) == json.dumps(written)
    assert type(str(cited)) is str and str(cited) == written
    assert [(f.kind, f.label) for f in cited.fragments or ()] == fragments
    assert [str(f) for f in cited.fragments or ()] == split_citation(written)
    assert pickle.loads(pickle.dumps(cited)).fragments == cited.fragments
    with pytest.raises(AttributeError, match="immutable"):
        cited.fragments = None  # type: ignore[misc]


def test_an_operation_holds_its_target_as_a_citation_and_serialises_it_as_printed() -> None:
    op = Operation(clause="3", action="delete", target="2.8(2)(h)", source="Clause 2.8(2)(h) is deleted.")
    assert isinstance(op.target, Citation) and op.citation.fragments is not None
    assert op_to_dict(op)["target"] == "2.8(2)(h)" and type(op_fields(op)["target"]) is str
    # what does not read as a citation is kept word for word, naming nothing
    assert Citation("Schedule 1 row relating to dogs").fragments is None
    # a repeal names a law by its title: a plain string
    repeal = Operation(clause="2", action="repeal", target="Dogs Local Law 2001", source="The Dogs Local Law 2001 is repealed.")
    assert type(repeal.target) is str
