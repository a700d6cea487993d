"""fix12 (issue 20): review 12's findings in fix11's check of a label inside new text.

fix11 refused new text where a label HIGHER than a provision's own is printed inside its words as a provision begins.
Review 12 found plain drafting it refused wrongly (all applied exactly before fix11): a time ("between 8.00 PM and 6.00
AM", "from 6 PM until 11 PM"), an Australian Standard ("AS 4.2 Part 1", "AS 1926.1 Swimming pool safety barriers"), a
section cited abbreviated ("s. 6.16 Imposition of fees"), a policy ("Local Planning Policy 4.1 Keeping of Animals"). Now
a minor part with a leading zero ("8.00") is no clause's number and a number before AM or PM is a time (structure.lark's
``next_label_inside``); "AS", "AS/NZS", "s.", "ss.", "r.", "No.", "Policy", "Standard" cite the number after them
(parse.py's ``labels_inside``); and a pointed number counts as higher only as far on as a next clause could plausibly
be (3.4: 3.4A, 3.5 to 3.9, 4.1 — not 4.2, 6.16 or 1926.1: parts.py's ``_plausibly_next``).

Fixtures: the payloads inline are review 12's probes' new text as the reader receives it (its lines run together;
synthetic, invented text); tests/fixtures/fix12/ holds probes b1 and b10 whole (its README).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from lawhistory.amending.amend import amend
from lawhistory.amending.grammar import parse as grammar_parse
from lawhistory.amending.parts import InstructionNotUnderstood, payload_provisions
from lawhistory.amending.timeline import build_timeline
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import render_body

FIX12 = Path(__file__).parent / "fixtures" / "fix12"


def _read(payload: str) -> list[tuple[str | None, str | None, str | None, list[tuple[str | None, str | None]]]]:
    return [(p.num, p.heading, p.text, [(c.num, c.text) for c in p.children]) for p in payload_provisions(payload, [])]


# review 12's b probes: (new text, its clause's label, heading, words) — each one clause, read as printed
PLAIN = [
    ("3.4", "Cat tags", "A cat must not be in a public place between 8.00 PM and 6.00 AM."),  # b1
    ("3.4", "Cat tags", "A cat enclosure must comply with AS 4.2 Part 1 of the standard."),  # b7
    ("3.4", "Cat tags", "A cat enclosure must comply with AS 1926.1 Swimming pool safety barriers where it adjoins a pool."),
    ("3.4", "Cat tags", "A cat must wear a tag as adopted under s. 6.16 Imposition of fees of the Act."),  # b11
    ("3.4", "Cat enclosures", "A cat enclosure must be built in accordance with Local Planning Policy 4.1 Keeping of Animals."),
    ("10.", "Curfew", "A dog must not be in a park from 6 PM until 11 PM."),  # b12
    ("3.4", "Cat tags", "A cat enclosure must meet AS/NZS 3.5 Fencing and Standard 3.6 Gates."),
    ("3.4", "Cat tags", "A cat enclosure must be built as required by item 3.5 Cat runs of the policy."),
]


@pytest.mark.parametrize(("label", "heading", "words"), PLAIN)
def test_plain_drafting_citing_a_number_or_a_time_is_read_as_one_clause(label: str, heading: str, words: str) -> None:
    assert _read(f"{label} {heading} {words}") == [(label.rstrip("."), heading, words, [])]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("between 8.00 PM and 6.00 AM.", []),
        ("from 6 PM until 11 PM.", []),
        ("from 6 P.M. until 11 A.M. daily.", []),
        ("comply with AS 1926.1 Swimming pool safety barriers", []),
        ("under s. 6.16 Imposition of fees", []),
        ("under ss. 3.5 Cat collars", []),
        ("Local Planning Policy 4.1 Keeping of Animals.", []),
        ("a tag 3.5 Cat collars A cat", [("3.5 Cat", "3.5")]),  # still a label
        ("a tag 3.5. Cat collars A cat", [("3.5. Cat", "3.5")]),
        ("a tag 11 Cat collars A cat", [("11 Cat", "11")]),
    ],
)
def test_labels_inside_keeps_times_and_cited_numbers_as_words(text: str, want: list[tuple[str, str]]) -> None:
    assert list(grammar_parse.labels_inside(text)) == [(text.index(words), label) for words, label in want]


@pytest.mark.parametrize(
    ("payload", "label"),
    [
        ("3.4 Cat tags A cat must wear a tag 3.9 Cat collars A cat must wear a collar.", "3.9"),  # a few on: refused
        ("3.4 Cat tags A cat must wear a tag 4.1 Cat collars A cat must wear a collar.", "4.1"),  # the next major's first
        ("3.4 Cat tags A cat must wear a tag 3.4A Cat collars A cat must wear a collar.", "3.4A"),
    ],
)
def test_a_label_a_next_clause_could_plausibly_have_is_still_refused(payload: str, label: str) -> None:
    with pytest.raises(InstructionNotUnderstood, match=rf"{label}, (the|a) label after its own"):
        payload_provisions(payload, [])


@pytest.mark.parametrize(
    "words",
    [
        "A cat must wear a tag that shows clause 4.2 Part 1.",
        "A cat must wear a tag 6.16 Imposition of fees.",  # far on: a section's number, no next clause's
        "A cat must wear a tag 1926.1 Swimming pool safety barriers.",
    ],
)
def test_a_pointed_number_no_next_clause_could_have_is_kept_as_words(words: str) -> None:
    assert _read(f"3.4 Cat tags {words}") == [("3.4", "Cat tags", words, [])]


@pytest.mark.parametrize(
    ("instrument", "words"),
    [
        ("b1-instrument.txt", "A cat must not be in a public place between 8.00 PM and 6.00 AM."),
        (
            "b10-instrument.txt",
            "A cat enclosure must comply with AS 1926.1 Swimming pool safety barriers where it adjoins a pool.",
        ),
    ],
)
def test_review12_instruments_apply_exactly(instrument: str, words: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        repo = Repository.init(Path(tmp) / "repo")
        text = (FIX12 / "principal.txt").read_text(encoding="utf-8")
        repo.write_text(repo.law_path("testville/animals-local-law-2015"), text)
        outcomes, _ = amend(repo, FIX12 / instrument)
        assert [o.status for o in outcomes if o.status == "pending"] == []
        laws = {law.meta.id: law for law in repo.load_laws()}
        timeline = build_timeline(laws["testville/animals-local-law-2015"], repo.load_instruments())
        body = render_body(timeline.versions[-1].body)
        assert (
            f"3.3 Cat enclosures\n  A cat enclosure must be approved by the local government.\n\n3.4 Cat tags\n  {words}\n"
            in body
        )


# review 12's a probes: wrong laws (exit 0) before this fix, each one provision holding the next; now refused naming
# the label and the words
SWALLOWED = [
    (  # a4-citing-Schedule-before-clause: "the Schedule" is a whole citation, 3.5 no number of it
        "3.4 Cat tags A cat must wear a tag. Penalty: a fine of $100 or as set out in the Schedule 3.5 Cat collars A cat "
        "must wear a collar.",
        "3.5, the label after its own",
        "in the Schedule 3.5 Cat collars",
    ),
    (  # a7-Part-before-clause
        "3.4 Cat tags A cat must wear a tag as required by this Part 3.5 Cat collars A cat must wear a collar.",
        "3.5, the label after its own",
        "by this Part 3.5 Cat collars",
    ),
    (  # a5-citing-clause-before-sub
        "(3) A person must comply with a condition of a permit under this clause (4) The local government may cancel a permit.",
        "(4), the label after its own",
        "under this clause (4) The local government",
    ),
    ("(g) a cemetery or (h) a beach.", "(h), the label after its own", "a cemetery or (h) a beach."),  # a6-or-before-para
    ("(g) a cemetery, (h) a beach.", "(h), the label after its own", "a cemetery, (h) a beach."),
    ("(g) a cemetery (i) a beach.", "(i), a label after its own", "a cemetery (i) a beach."),  # a3-roman-skip-g-i
    ("(u) a cemetery (x) a beach.", "(x), a label after its own", "a cemetery (x) a beach."),
    (  # a1-sub-alone-holds-clause
        "(3) A permit may be cancelled by the local government 3.2A Cat registration A cat must be registered.",
        "3.2A, a clause's label",
        "local government 3.2A Cat registration",
    ),
    (  # a12-sub-alone-holds-clause-dotted
        "(3) A permit may be cancelled by the local government 3.2A. Cat registration A cat must be registered.",
        "3.2A, a clause's label",
        "local government 3.2A. Cat registration",
    ),
    (  # a2-para-alone-holds-sub
        "(g) a cemetery (2) Subclause (1) does not apply to a dog on a lead.",
        "(2), a subclause's label",
        "a cemetery (2) Subclause (1)",
    ),
    (  # a11-def-alone-holds-sub
        "“kennel” means premises where dogs are kept (3) A reference to a dog includes a puppy.",
        "(3), a subclause's label",
        "dogs are kept (3) A reference",
    ),
]


@pytest.mark.parametrize(("payload", "label", "words"), SWALLOWED)
def test_a_later_or_higher_label_inside_new_words_is_refused_naming_them(payload: str, label: str, words: str) -> None:
    with pytest.raises(InstructionNotUnderstood) as e:
        payload_provisions(payload, [])
    assert f"{label}, is printed inside them" in str(e.value)
    assert words in str(e.value)


@pytest.mark.parametrize(
    ("payload", "want"),
    [
        (  # a citation of a later clause, joined to one before it: kept as words
            "3.4 Cat tags A cat must wear a tag described in clauses 3.2, 3.5 or 3.6 Cat collars of the Act.",
            [("3.4", "Cat tags", "A cat must wear a tag described in clauses 3.2, 3.5 or 3.6 Cat collars of the Act.", [])],
        ),
        (  # subparagraphs run on inside a paragraph's words, (i) after (g): kept as words
            "(g) a cemetery other than (i) a car park or (ii) a beach.",
            [("(g)", None, "a cemetery other than (i) a car park or (ii) a beach.", [])],
        ),
        (  # a subclause alone citing a standard, a section, a date: kept as words
            "(3) A cat run must comply with AS 1926.1 Swimming pool safety barriers from 1.7.2025 Where it adjoins a pool.",
            [
                (
                    "(3)",
                    None,
                    "A cat run must comply with AS 1926.1 Swimming pool safety barriers from 1.7.2025 Where it adjoins a pool.",
                    [],
                )
            ],
        ),
    ],
)
def test_citations_and_run_on_subparagraphs_are_still_read_as_words(payload: str, want: list[object]) -> None:
    assert _read(payload) == want
