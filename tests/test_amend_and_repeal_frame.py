"""Drafting of case 86 read generally: labels glued to headings, a Part heading with no dash, closing words that begin
with the signatures, laws repealed named only by the gazette (date and first page), a passage over whole lines."""

from __future__ import annotations

from lawhistory.amending.apply import _apply_operation
from lawhistory.amending.parts import GAZETTE_NAMED, _repealed_laws
from lawhistory.core.model import Provision as P
from lawhistory.core.operations import Operation
from lawhistory.reading.gazette import ATTESTATION
from lawhistory.reading.run_together import space_glued_headings


def test_labels_glued_to_headings_and_a_part_heading_without_its_dash_are_read() -> None:
    text = "\nPart 1 Preliminary\n1.Citation\nThis local law is the X.\nPart 2 is amended by deleting it.\n3.Words\n"
    notes: list[str] = []
    out = space_glued_headings(text, "", notes)
    assert "\nPart 1 — Preliminary\n1. Citation\n" in out
    assert "\nPart 2 is amended by deleting it.\n" in out  # a sentence, not a heading
    assert len(notes) == 2


def test_a_part_heading_is_given_its_dash_when_the_contents_list_it_so() -> None:
    out = space_glued_headings("Part 3 By-laws repealed\nThe by-laws are repealed.\n", "Part 3 — By-laws repealed 5", [])
    assert out.startswith("Part 3 — By-laws repealed\n")


def test_signatures_begin_the_closing_words_when_no_clause_follows() -> None:
    text = "5. Repeal\nThe by-laws are repealed.\nE. F. EXAMPLE, Shire PresidentL.S.\nG. H. EXAMPLE, Chief Executive Officer\n"
    m = ATTESTATION.search(text)
    assert m is not None and text[m.start() :].startswith("E. F. EXAMPLE")
    mid = "3. Local law amended\nR. S. EXAMPLE, Shire President.\nThis local law amends the X.\n4. Clause 3 amended\n"
    assert ATTESTATION.search(mid) is None


def test_laws_repealed_named_by_gazette_date_and_page() -> None:
    text = (
        "For the purposes of the Act, the by-laws published in the Gazette on the following dates, at the specified "
        "pages, are repealed — (a)9 April 1958 p. 727; (b)10 February 1960 p. 235‑6; (c)28 June 1976 p. 3013."
    )
    got = _repealed_laws(text)
    assert [d for _, d in got] == ["1958-04-09", "1960-02-10", "1976-06-28"]
    assert [GAZETTE_NAMED.match(t).group("page") for t, _ in got] == ["727", "235", "3013"]  # type: ignore[union-attr]
    # an item that is not a date and a page: no law is guessed
    assert _repealed_laws(text.replace("(c)28 June 1976 p. 3013.", "(c) the by-laws about fish.")) == []


SCHEDULE = (
    P(
        kind="schedule",
        num="2",
        heading="OFFENSIVE TRADES",
        children=(
            P(kind="text", text="[cl. 6.1]"),
            P(kind="text", text="Bone boiling works."),
            P(kind="text", text="Fish curing and the processing of fish offal."),
            P(kind="text", text="Piggeries."),
        ),
    ),
)


def _passage(begins: str, ends: str) -> Operation:
    return Operation(clause="4", action="delete_words", target="Schedule 2", source="", words=begins, until=ends)  # type: ignore[arg-type]


def test_a_passage_over_whole_lines_deletes_them() -> None:
    body, _ = _apply_operation(SCHEDULE, _passage("Bone", "offal."), None, fit=True)  # as an instrument applies it
    assert [c.text for c in body[0].children] == ["[cl. 6.1]", "Piggeries."]


def test_a_passage_ending_inside_a_line_is_refused() -> None:
    import pytest

    from lawhistory.core.errors import LawHistoryError

    with pytest.raises(LawHistoryError):
        _apply_operation(SCHEDULE, _passage("Bone", "fish"), None, fit=True)
