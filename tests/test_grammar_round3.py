"""Constructs of WA amending local laws read after the third first-sight round of issue 20 (cases 112–121): an
amending clause headed "deleted and replaced", a table row replaced by a row printed between bars, a principal law
"referred to as the Principal Local Law" (capitalised) "as amended by" an earlier amendment, provisions deleted by a
list printed after the sentence, a savings clause, commencement "on the day after the expiration of 14 days from"
publication, and a penalty named "at the end of the clause". Every text here is synthetic, written for these tests.
"""

from __future__ import annotations

import datetime as dt

import pytest

from lawhistory.amending.frame import frame_kind
from lawhistory.amending.instructions import InstructionNotUnderstood, parse_unit, units
from lawhistory.amending.parts import Unit
from lawhistory.core.dates import commencement
from lawhistory.reading.importers import ImportOptions, read_source
from lawhistory.reading.instrument_meta import amended_law


def ops(text: str, context: str | None = None) -> list[tuple[str, ...]]:
    return [
        (str(o.action), o.target, o.words or "", o.new or "", o.position or "", str(o.occurrence))
        for o in parse_unit(Unit("9", text, context))
    ]


def _instrument(*clauses: str) -> str:
    return (
        "Local Government Act 1995\n\nShire of Testville Cats Amendment Local Law 2021\n\n"
        "Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the "
        "Council of the Shire of Testville resolved on 3 March 2021 to make the following local law.\n\n"
        "1. Citation\n\nThis local law may be cited as the Shire of Testville Cats Amendment Local Law 2021.\n\n"
        "2. Commencement\n\nThis local law comes into operation 14 days after the date of its publication in the "
        "Government Gazette.\n\n3. Principal local law\n\nThis local law amends the Shire of Testville Cats Local Law "
        "2015 published in the Government Gazette on 3 May 2015.\n\n" + "\n\n".join(clauses) + "\n"
    )


# --- an amending clause headed "Clause N deleted and replaced" -------------------------------------------------


@pytest.mark.parametrize("verbs", ["deleted and replaced", "deleted and substituted", "repealed and replaced"])
def test_a_clause_headed_deleted_and_replaced_is_one_heading_and_its_words_one_instruction(verbs: str) -> None:
    text = _instrument(f"4. Clause 2.3 {verbs}\n\nDelete clause 2.3 and replace with—\n2.3 Cats\nA cat must be kept in.")
    (law,) = read_source(text.encode(), ImportOptions(source="synthetic.txt"), "synthetic.txt").laws
    (unit,) = units(law)
    assert unit.text.startswith("Delete clause 2.3 and replace with")
    assert [(o.action, o.target) for o in parse_unit(unit)] == [("substitute", "2.3")]


# --- a table row replaced by a row printed between bars --------------------------------------------------------


def test_an_item_deleted_and_replaced_with_a_row_between_bars_is_that_row_substituted() -> None:
    got = ops("In Schedule 2, delete item 3 and replace with— | 3 | 2.3(4) | Allowing a cat to be in a place | 100 |")
    assert [(a, t) for a, t, *_ in got] == [("substitute", "Schedule 2 item 3")]
    assert "| 3 | 2.3(4) | Allowing a cat to be in a place | 100 |" in got[0][3]


def test_an_item_replaced_with_bars_that_hold_no_row_is_refused() -> None:
    with pytest.raises(InstructionNotUnderstood, match="rows"):
        ops("In Schedule 2, delete item 3 and replace with— | 3 | | |")


# --- the principal "referred to as the Principal Local Law", as amended ----------------------------------------


def test_a_principal_referred_to_with_capitals_as_amended_by_an_earlier_amendment_is_the_law_amended() -> None:
    got = amended_law(
        "3. Principal local law In this local law the Shire of X Cat Local Law 2016 published in the Government "
        "Gazette on 16 September 2016, as amended by the Shire of X Cat Amendment Local Law 2017 published in the "
        "Government Gazette on 21 November 2017, is referred to as the Principal Local Law. 4. Clause 2.3 amended"
    )
    assert got is not None
    assert (got.title, got.gazette_date, got.earlier) == (
        "Shire of X Cat Local Law 2016",
        dt.date(2016, 9, 16),
        (dt.date(2017, 11, 21),),
    )


# --- (r3list) provisions deleted by a list printed after the sentence ------------------------------------------


@pytest.mark.parametrize(
    "head",
    [
        "The following provisions of the principal local law are deleted—",
        "The following provisions are repealed—",
        "Delete the following provisions—",
        "The following subclauses are deleted—",
    ],
)
def test_provisions_deleted_by_a_list_are_each_deleted_in_order(head: str) -> None:
    got = ops(f"{head} (a) clause 6.24(3); (b) clause 7.4(4); (c) clause 7.11(3); and (d) clause 8.7(1).")
    assert [(a, t) for a, t, *_ in got] == [
        ("delete", "6.24(3)"),
        ("delete", "7.4(4)"),
        ("delete", "7.11(3)"),
        ("delete", "8.7(1)"),
    ]


def test_a_list_of_provisions_deleted_numbered_with_figures_and_citing_two_in_an_item() -> None:
    got = ops("The following provisions are deleted— 1. clause 3.2(1); 2. subclauses 4.1(2) and (3).")
    assert [(a, t) for a, t, *_ in got] == [("delete", "3.2(1)"), ("delete", "4.1(2)"), ("delete", "4.1(3)")]


@pytest.mark.parametrize(
    "items",
    [
        "(a) clause 6.24(3); (b) the words “dog” in clause 7.4.",  # an item that is no citation
        "clause 6.24(3) and clause 7.4(4).",  # no list at all
    ],
)
def test_a_list_of_provisions_deleted_with_an_item_that_is_no_citation_is_refused(items: str) -> None:
    with pytest.raises(InstructionNotUnderstood):
        ops(f"The following provisions are deleted— {items}")


def test_the_word_provisions_in_a_title_repealed_is_still_part_of_the_title() -> None:
    got = ops(
        "The Shire of X Health (Miscellaneous Provisions) Local Law 2001 published in the Government Gazette on "
        "3 May 2001 is repealed."
    )
    assert got == [("repeal", "Shire of X Health (Miscellaneous Provisions) Local Law 2001", "2001-05-03", "", "", "once")]


# --- a savings clause is frame, not an instruction -------------------------------------------------------------


@pytest.mark.parametrize(
    ("heading", "words"),
    [
        (
            "Savings",
            "The repeal of the by-laws referred to in clause 4 does not affect— (a) any penalty incurred in respect of "
            "an offence committed under those by-laws before the commencement of this local law; or (b) any "
            "proceedings commenced under those by-laws before that commencement.",
        ),
        (None, "Savings Nothing in this local law affects a permit issued under the repealed local law."),
    ],
)
def test_a_savings_clause_is_frame(heading: str | None, words: str) -> None:
    assert frame_kind(heading, words) == "savings"


def test_a_savings_clause_that_also_deletes_words_is_not_frame() -> None:
    words = "The repeal of clause 4 does not affect any permit. In clause 5 delete “dog” and insert “cat”."
    assert frame_kind("Savings", words) is None


# --- commencement on the day after the expiration of N days from publication ----------------------------------


def test_commencement_on_the_day_after_the_expiration_of_14_days_from_publication() -> None:
    wording = (
        "This local law comes into operation on the day after the expiration of 14 days from the date of its "
        "publication in the Government Gazette."
    )
    got = commencement(wording, dt.date(2024, 7, 16))
    # the 14 days are 17 to 30 July (the day of publication excluded); the day after them is 31 July
    assert (got.rule, got.days, got.date) == ("days_after_gazettal", 15, dt.date(2024, 7, 31))


# --- a penalty named at the end of the clause ------------------------------------------------------------------


@pytest.mark.parametrize("where", ["in the penalty at the end of the clause", "in the penalty at the foot of the clause"])
def test_words_in_the_penalty_at_the_end_of_the_clause_are_changed_in_that_clause(where: str) -> None:
    assert ops(f"In clause 4.2, {where}, delete “$1,000” and insert “$2,000”.") == [
        ("substitute_words", "4.2", "$1,000", "$2,000", "", "once")
    ]


# --- a paragraph cited as the clause's own when its subclauses each hold one ----------------------------------


def test_a_paragraph_cited_without_its_subclause_when_two_subclauses_hold_it_is_refused_as_uncertain() -> None:
    from lawhistory.amending.apply import AmbiguousText, TargetNotFound, apply_operation
    from lawhistory.core.model import Provision as P
    from lawhistory.core.operations import Operation

    body = (
        P(
            "clause",
            num="6.2",
            heading="Motions",
            children=(
                P("subclause", num="(1)", text="A motion is not open to debate unless—", children=(
                    P("paragraph", num="(a)", text="it is seconded; or"),
                    P("paragraph", num="(b)", text="the presiding member allows it."),
                )),
                P("subclause", num="(2)", text="A mover—", children=(
                    P("paragraph", num="(a)", text="may speak; and"),
                    P("paragraph", num="(b)", text="may reply."),
                )),
            ),
        ),
    )  # fmt: skip
    with pytest.raises(AmbiguousText, match=r"no \(b\) of its own .*6\.2\(1\)\(b\) and 6\.2\(2\)\(b\)"):
        apply_operation(body, Operation(clause="2.2", action="delete", target="6.2(b)", source="test"))
    # a label printed nowhere, not even one level down, is still simply not there
    with pytest.raises(TargetNotFound):
        apply_operation(body, Operation(clause="2.2", action="delete", target="6.2(c)", source="test"))
    # the paragraph cited in full is deleted
    done, _ = apply_operation(body, Operation(clause="2.2", action="delete", target="6.2(2)(b)", source="test"))
    assert [c.num for c in done[0].children[1].children] == ["(a)"]


def test_labels_inside_an_item_of_a_list_of_provisions_deleted_stay_in_that_item() -> None:
    got = ops("The following provisions are deleted— (a) paragraphs (b) and (c) of clause 5; and (b) clause 7(2).")
    assert [(a, t) for a, t, *_ in got] == [("delete", "5(b)"), ("delete", "5(c)"), ("delete", "7(2)")]
