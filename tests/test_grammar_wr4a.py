"""(issue 20, wr4a) review4's wrong refusals: provisions redesignated, definitions narrowed or made by "is", words in a
provision's note and in the third place where they occur.

Synthetic laws and instruments (invented text, modelled on review4's probes; not law). Each instrument is run the way
``lawhistory amend`` runs it, in a fresh repository holding the principal law, and the law in force after it is
compared line by line — or its refusal is checked to name the words.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from lawhistory.amending.amend import amend
from lawhistory.amending.instructions import parse_unit
from lawhistory.amending.parts import Unit
from lawhistory.amending.timeline import build_timeline
from lawhistory.core.errors import LawHistoryError
from lawhistory.core.versions import in_force
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse, render_body
from tests import rewordings as rw

PRINCIPAL = """---
id: testville/animals-local-law-2015
title: Shire of Testville Animals Local Law 2015
local_government: Shire of Testville
kind: principal
made: null
gazette:
  date: 2015-03-10
  number: null
  pages: null
commencement:
  wording: This local law comes into operation 14 days after the date of its publication in the Government Gazette.
  rule: days_after_gazettal
  days: 14
  date: 2015-03-24
partial: true
source: 'synthetic test fixture (invented text, not law)'
---

1.2 Terms used
  (1) In this local law—
    **cat** means an animal of the species Felis catus;
    **dog** means an animal of the species Canis familiaris;
    **keeper** means the person who has the care of an animal;
    **pound** means a place set apart by the local government for impounding animals;
    **vehicle** includes a trailer.
  (2) A term used in this local law and defined in the Act has the meaning given to it in the Act.

2.2 Dogs in public places
  (1) A dog must be held on a lead in a public place.
  (2) Subclause (1) does not apply to a dog in a dog exercise area.
  (3) The keeper of a dog must remove the faeces of the dog from a public place.

2.3 Number of dogs
  (1) A person must not keep more than 2 dogs on premises.
  (2) The local government may grant a permit to keep up to 4 dogs on premises.
    Note: A permit is required for each premises.
  (3) A permit under subclause (2) may be cancelled by the local government.

2.5 Places where dogs are prohibited
  A dog must not be in—
  (a) a playground;
  (b) a sporting ground during a game;
  (c) a beach marked by a sign;
  (d) a picnic area;
  (e) a school ground; or
  (f) a shopping centre.

2.5A Dog tags
  A dog must wear a registration tag in a public place.
"""


def instrument(body: str, heading: str) -> str:
    return f"""MODELLED TEST FIXTURE — synthetic (invented text, not law)

LOCAL GOVERNMENT ACT 1995

SHIRE OF TESTVILLE

ANIMALS AMENDMENT LOCAL LAW 2020

Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the Council of the Shire of Testville resolved on 2 March 2020 to make the following local law.

1. Citation
This local law may be cited as the Shire of Testville Animals Amendment Local Law 2020.

2. Commencement
This local law comes into operation 14 days after the date of its publication in the Government Gazette.

3. Principal local law
This local law amends the Shire of Testville Animals Local Law 2015.

4. {heading}
{body}

————
Dated: 3 March 2020.
The Common Seal of the Shire of Testville was affixed by authority of a resolution of the Council in the presence of—
A. B. EXAMPLE, Shire President.
C. D. EXAMPLE, Chief Executive Officer.
———————————
"""


def run(tmp_path: Path, body: str, heading: str, principal: str = PRINCIPAL) -> list[str]:
    """The lines of the law in force after the instrument whose clause 4 is ``body`` under ``heading`` (LawHistoryError
    if refused)."""
    repo = Repository.init(tmp_path / "repo")
    law = parse(principal)
    repo.write_text(repo.law_path(law.meta.id), principal)
    path = tmp_path / "instrument.txt"
    path.write_text(instrument(body, heading), encoding="utf-8")
    amend(repo, path, gazette_date=dt.date(2020, 3, 10), discard=True)
    (law,) = repo.load_laws()
    _, version = in_force(build_timeline(law, repo.load_instruments()), dt.date(2020, 3, 24))
    assert version is not None
    return [line.strip() for line in render_body(version.body).splitlines() if line.strip()]


def refusal(tmp_path: Path, body: str, heading: str) -> str:
    with pytest.raises(LawHistoryError) as e:
        run(tmp_path, body, heading)
    return " ".join(str(e.value).split())


def between(lines: list[str], first: str, last: str) -> list[str]:
    return lines[lines.index(first) : lines.index(last) + 1]


REDESIGNATED = [
    "2.5 Places where dogs are prohibited",
    "A dog must not be in—",
    "(a) a playground;",
    "(b) a beach marked by a sign;",
    "(c) a picnic area;",
    "(d) a school ground; or",
    "(e) a shopping centre.",
]


@pytest.mark.parametrize(
    "body",
    [
        # review4 r01: deleted and redesignated in one sentence
        "In clause 2.5 delete paragraph (b) and redesignate paragraphs (c) to (f) as paragraphs (b) to (e).",
        "In clause 2.5 delete paragraph (b) and renumber paragraphs (c) to (f) as paragraphs (b) to (e).",
        "In clause 2.5—\n(a) delete paragraph (b);\n(b) redesignate paragraphs (c), (d), (e) and (f) as paragraphs (b), (c), "
        "(d) and (e) respectively.",
    ],
)
def test_paragraphs_deleted_and_redesignated(tmp_path: Path, body: str) -> None:
    lines = run(tmp_path, body, "Clause 2.5 amended")
    assert between(lines, "2.5 Places where dogs are prohibited", "(e) a shopping centre.") == REDESIGNATED


def test_a_redesignated_paragraph_is_named_by_its_new_label(tmp_path: Path) -> None:
    # review4 r02, r11: the item after names the paragraph by its new label ("(as redesignated by subclause (1))")
    lines = run(
        tmp_path,
        "(1) In clause 2.5 delete paragraph (b) and redesignate paragraphs (c) to (f) as paragraphs (b) to (e).\n"
        "(2) In clause 2.5(b) (as redesignated by subclause (1)) delete “marked by a sign” and insert “signposted”.",
        "Clause 2.5 amended",
    )
    assert "(b) a beach signposted;" in lines and "(c) a picnic area;" in lines


def test_words_named_by_the_old_label_after_redesignation_are_refused(tmp_path: Path) -> None:
    # review4 r02b: after the redesignation paragraph (c) is the picnic area, which holds no such words
    got = refusal(
        tmp_path,
        "Clause 2.5 is amended as follows—\n(a) delete paragraph (b);\n"
        "(b) redesignate paragraphs (c) to (f) as paragraphs (b) to (e);\n"
        "(c) in paragraph (c) delete “marked by a sign” and insert “signposted”.",
        "Clause 2.5 amended",
    )
    assert "“marked by a sign” do not occur" in got


def test_a_clause_redesignated(tmp_path: Path) -> None:
    # review4 r19: "no amending instructions were found" before
    lines = run(tmp_path, "Clause 2.5A is redesignated as clause 2.6.", "Clause 2.5A redesignated")
    assert "2.6 Dog tags" in lines and "2.5A Dog tags" not in lines


def test_a_subclause_deleted_and_renumbered_in_one_sentence(tmp_path: Path) -> None:
    # review4 r08
    lines = run(tmp_path, "In clause 2.2 delete subclause (2) and renumber subclause (3) as subclause (2).", "Clause 2.2 amended")
    assert between(lines, "2.2 Dogs in public places", "2.3 Number of dogs")[1:-1] == [
        "(1) A dog must be held on a lead in a public place.",
        "(2) The keeper of a dog must remove the faeces of the dog from a public place.",
    ]


def test_the_deletion_and_renumbering_read_as_their_operations() -> None:
    ops = parse_unit(Unit("4", "In clause 2.2 delete subclause (2) and renumber subclause (3) as subclause (2).", None))
    assert [(o.action, o.target, o.new) for o in ops] == [("delete", "2.2(2)", None), ("renumber", "2.2(3)", "(2)")]


DEFINITIONS_HEAD = "(1) In this local law—"


@pytest.mark.parametrize("where", ["clause 1.2(1)", "clause 1.2"])
def test_a_term_narrowed_before_means_is_inserted_in_alphabetical_order(tmp_path: Path, where: str) -> None:
    # review4 d01, d18: "“owner” of an animal means …" (the term is “owner”; the words after it kept as printed)
    lines = run(
        tmp_path,
        f"In {where} insert in the appropriate alphabetical position—\n“owner” of an animal means the person who owns it;",
        "Clause 1.2 amended",
    )
    assert between(lines, "**keeper** means the person who has the care of an animal;", "**vehicle** includes a trailer.") == [
        "**keeper** means the person who has the care of an animal;",
        "**owner** of an animal means the person who owns it;",
        "**pound** means a place set apart by the local government for impounding animals;",
        "**vehicle** includes a trailer.",
    ]


def test_a_definition_by_is(tmp_path: Path) -> None:
    # review4 d02
    lines = run(
        tmp_path,
        "In clause 1.2(1) insert in the appropriate alphabetical position—\n“CEO” is the chief executive officer of the local government;",
        "Clause 1.2 amended",
    )
    assert between(
        lines, "**cat** means an animal of the species Felis catus;", "**dog** means an animal of the species Canis familiaris;"
    ) == [
        "**cat** means an animal of the species Felis catus;",
        "**CEO** is the chief executive officer of the local government;",
        "**dog** means an animal of the species Canis familiaris;",
    ]


def test_a_definition_deleted_and_its_new_one_put_in_alphabetical_order(tmp_path: Path) -> None:
    # review4 d09
    lines = run(
        tmp_path,
        "In clause 1.2(1) delete the definition of “cat” and insert in the appropriate alphabetical position—\n"
        "“cat” of a domestic breed means an animal of the species Felis catus;",
        "Clause 1.2 amended",
    )
    assert between(lines, DEFINITIONS_HEAD, "**vehicle** includes a trailer.") == [
        DEFINITIONS_HEAD,
        "**cat** of a domestic breed means an animal of the species Felis catus;",
        "**dog** means an animal of the species Canis familiaris;",
        "**keeper** means the person who has the care of an animal;",
        "**pound** means a place set apart by the local government for impounding animals;",
        "**vehicle** includes a trailer.",
    ]


def test_a_definition_out_of_order_deleted_and_its_new_one_put_in_its_alphabetical_place(tmp_path: Path) -> None:
    # review4 d09: "keeper" printed after "pound"; the new one goes where alphabetical order puts it
    principal = PRINCIPAL.replace("    **keeper** means the person who has the care of an animal;\n", "").replace(
        "impounding animals;\n", "impounding animals;\n    **keeper** means the person who has the care of an animal;\n"
    )
    lines = run(
        tmp_path,
        "In clause 1.2(1) delete the definition of “keeper” and insert in the appropriate alphabetical position—\n"
        "“keeper” of an animal means the person who has the care or control of the animal;",
        "Clause 1.2 amended",
        principal=principal,
    )
    assert between(lines, "**dog** means an animal of the species Canis familiaris;", "**vehicle** includes a trailer.") == [
        "**dog** means an animal of the species Canis familiaris;",
        "**keeper** of an animal means the person who has the care or control of the animal;",
        "**pound** means a place set apart by the local government for impounding animals;",
        "**vehicle** includes a trailer.",
    ]


def test_words_changed_in_a_note(tmp_path: Path) -> None:
    # review4 w26: the words are found in the note line of 2.3(2)
    lines = run(
        tmp_path, "In clause 2.3(2), in the note, delete “each premises” and insert “each parcel of land”.", "Clause 2.3 amended"
    )
    assert "Note: A permit is required for each parcel of land." in lines


def test_words_in_a_note_the_provision_does_not_have_are_refused(tmp_path: Path) -> None:
    got = refusal(tmp_path, "In clause 2.3(1), in the note, delete “premises” and insert “land”.", "Clause 2.3 amended")
    assert "2.3(1) has no note line" in got


def test_words_changed_in_the_third_place_where_they_occur(tmp_path: Path) -> None:
    # review4 w37
    lines = run(
        tmp_path, "In clause 2.2 delete “dog” in the third place where it occurs and insert “animal”.", "Clause 2.2 amended"
    )
    assert "(2) Subclause (1) does not apply to a dog in a animal exercise area." in lines
    assert "(1) A dog must be held on a lead in a public place." in lines


def test_a_third_occurrence_that_is_not_there_is_refused(tmp_path: Path) -> None:
    got = refusal(
        tmp_path, "In clause 2.5A delete “dog” in the third place where it occurs and insert “animal”.", "Clause 2.5A amended"
    )
    assert "occur only once" in got and "no third occurrence" in got


@pytest.mark.parametrize(
    "text",
    [
        "In clause 2.5 delete paragraph (b) and redesignate paragraphs (c) to (f) as paragraphs (b) to (e).",
        "Clause 2.5A is redesignated as clause 2.6.",
        "In clause 2.2 delete “dog” in the third place where it occurs and insert “animal”.",
    ],
)
def test_the_rewordings_read_the_same_operations(text: str) -> None:
    # tests/rewordings.py: renumber ≡ redesignate; "in the third place where it occurs" ≡ "where it occurs for the third time"
    variants = [text] + [
        v for f in (rw.relabel_renumber, rw.relabel_redesignate, rw.occurrence_for_the_time) if (v := f(instrument(text, "x")))
    ]
    assert len(variants) == 2
    got = {
        tuple(
            (o.action, o.target, o.new, o.occurrence) for o in parse_unit(Unit("4", v.split("4. x\n")[-1].split("\n")[0], None))
        )
        for v in variants
    }
    assert len(got) == 1
