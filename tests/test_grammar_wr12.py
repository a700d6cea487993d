"""(wr12) Review 13's wrong refusals: clear words the engine refused.

Synthetic laws and instruments (invented text, modelled on review 13's probes; not law). Each instrument is run the
way ``lawhistory amend`` runs it, in a fresh repository holding the principal law, and the law in force after it (or
on each day it commences) is compared with the words written by hand — or its refusal is checked. Each test of a
reading fails on the engine before wr12 (main at 724e706), where the instrument was refused.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from lawhistory.amending.amend import amend
from lawhistory.amending.timeline import build_timeline
from lawhistory.core.errors import LawHistoryError
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse, render_body

_HEAD = """---
id: {id}
title: {title}
local_government: Shire of Exampleton
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

"""

PETS = (
    _HEAD.format(id="exampleton/pets-local-law-2015", title="Shire of Exampleton Pets Local Law 2015")
    + """\
PART 1—PRELIMINARY

1.1 Citation
  This local law may be cited as the Shire of Exampleton Pets Local Law 2015.

1.2 Terms used
  In this local law—
  **dog** means an animal of the species Canis familiaris;
  **keeper** means the person who has the care of an animal.

PART 2—ANIMALS

2.1 Dogs on leads
  A dog of the species Canis familiaris must be held on a lead by a person in a public place.

2.2 Cat enclosures
  A cat enclosure must be approved by the local government.

PART 3—FEES

3.1 Permit fees
  (1) A permit is issued on payment of a fee.
  (2) The fee for a permit is $500.
"""
)

PETS_BUSINESS = (
    _HEAD.format(id="exampleton/hawkers-local-law-2015", title="Shire of Exampleton Hawkers Local Law 2015")
    + """\
PART 1—PRELIMINARY

1.1 Citation
  This local law may be cited as the Shire of Exampleton Hawkers Local Law 2015.

PART 2—HAWKING

2.1 Hawking permit
  A person must not hawk goods without a permit issued by the local government.

2.2 Permit fee
  The fee for a permit is $50.
"""
)

TRADE = (
    _HEAD.format(id="exampleton/trade-local-law-2012", title="Shire of Exampleton Trade Local Law 2012")
    + """\
1. Citation
  This local law may be cited as the Shire of Exampleton Trade Local Law 2012.

2. Permit required
  A person must not trade in a public place without a permit.

3. Review
  A trader whose permit is cancelled may apply for a review.

4. Hours
  Trading is allowed from 8 am to 6 pm.

5. Fees
  (1) An application for a permit must be accompanied by the fee set by the local government.
  (2) The fee is payable each year.
"""
)

#: the same law with a last clause that repeals another
TRADE_REPEALS = (
    TRADE.split("5. Fees")[0]
    + """5. Repeal
  The Shire of Exampleton Street Trading Local Law 2001 is repealed.
"""
)

_GAZETTE = """SYNTHETIC TEST FIXTURE — invented text (wr12); not law

24 April 2020 GOVERNMENT GAZETTE, WA 1187

LOCAL GOVERNMENT

Local Government Act 1995

Shire of Exampleton

Example Amendment Local Law 2020

Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the Council of \
the Shire of Exampleton resolved on 25 March 2020 to make the following local law.

"""

_SEAL = """

————
Dated: 26 March 2020.
The Common Seal of the Shire of Exampleton was affixed by authority of a resolution of the Council in the presence of—
A. B. CITIZEN, Shire President.
C. D. OFFICER, Chief Executive Officer.
———————————
"""

_CITATION = """1. Citation
This local law is the Shire of Exampleton Example Amendment Local Law 2020.

"""

_ON_14_DAYS = """2. Commencement
This local law comes into operation 14 days after the date of its publication in the Government Gazette.

"""

GAZETTAL = dt.date(2020, 4, 24)


def _instrument(body: str) -> str:
    return _GAZETTE + body + _SEAL


def _repository(tmp_path: Path, *principals: str) -> Repository:
    repo = Repository.init(tmp_path / "repo")
    for text in principals:
        repo.write_text(repo.law_path(parse(text, path="principal.txt").meta.id), text)
    return repo


def _amended(tmp_path: Path, principal: str, body: str) -> str:
    """The law in force after the instrument ``body`` (clauses after the gazette's head) amends ``principal``."""
    repo = _repository(tmp_path, principal)
    path = tmp_path / "instrument.txt"
    path.write_text(_instrument(body), encoding="utf-8")
    amend(repo, path)
    (law,) = [law for law in repo.load_laws() if law.meta.kind == "principal"]
    return render_body(build_timeline(law, repo.load_instruments()).versions[-1].body)


def _versions(repo: Repository, law_id: str) -> list[tuple[dt.date | None, str]]:
    laws = {law.meta.id: law for law in repo.load_laws()}
    tl = build_timeline(laws[law_id], repo.load_instruments())
    return [(v.valid_from, render_body(v.body)) for v in tl.versions]


def _body(principal: str, *edits: tuple[str, str]) -> str:
    """The principal's body rendered, with each (old, new) line replaced by hand."""
    out = render_body(parse(principal, path="principal.txt").body)
    for old, new in edits:
        assert out.count(old) == 1, old
        out = out.replace(old, new)
    return out


# --- 1. instruments in Parts: the first amending clause under a Part heading ------------------------------------------


PARTS_ONE_DAY = (
    _CITATION
    + _ON_14_DAYS
    + """3. Local law amended
This local law amends the Shire of Exampleton Pets Local Law 2015.

PART 2—AMENDMENTS TO FEES
4. Clause 3.1 amended
In clause 3.1(2) delete "$500" and insert "$5 000".
PART 3—OTHER AMENDMENTS
5. Clause 2.2 amended
In clause 2.2 delete "approved by the local government" and insert "approved in writing by the local government".
"""
)


def test_first_clause_under_a_part_is_split_from_its_short_heading(tmp_path: Path) -> None:
    """(review 13's h01) "4. Clause 3.1 amended / In clause 3.1(2) delete …" right after a Part heading, its words one
    short line: read as the heading and its instruction (was refused: "cannot read this instruction: “Clause 3.1
    amended”")."""
    want = _body(
        PETS,
        ("(2) The fee for a permit is $500.", "(2) The fee for a permit is $5 000."),
        ("must be approved by the local government.", "must be approved in writing by the local government."),
    )
    assert _amended(tmp_path, PETS, PARTS_ONE_DAY) == want


PARTS_TWO_DAYS = """Part 1 — Preliminary

1. Citation
This local law is the Shire of Exampleton Example Amendment Local Law 2020.

2. Commencement
This local law comes into operation as follows —
(a) Parts 1 and 2 — on the day on which this local law is published in the Government Gazette;
(b) Part 3 — on 1 July 2020.

3. Local law amended
This local law amends the Shire of Exampleton Pets Local Law 2015.

Part 2 — Amendments on publication

4. Clause 3.1 amended
In clause 3.1(2) delete "$500" and insert "$5 000".

Part 3 — Amendments on 1 July 2020

5. Clause 2.2 amended
In clause 2.2 delete "approved by the local government" and insert "approved in writing by the local government".
"""


def test_commencement_items_naming_several_parts_give_each_part_its_day(tmp_path: Path) -> None:
    """(review 13's h03) "(a) Parts 1 and 2 — on the day … published …; (b) Part 3 — on 1 July 2020.": Part 2's clause
    in force from gazettal, Part 3's from 1 July 2020 (was refused: no computable date)."""
    repo = _repository(tmp_path, PETS)
    path = tmp_path / "instrument.txt"
    path.write_text(_instrument(PARTS_TWO_DAYS), encoding="utf-8")
    amend(repo, path)
    fee = _body(PETS, ("(2) The fee for a permit is $500.", "(2) The fee for a permit is $5 000."))
    both = _body(
        PETS,
        ("(2) The fee for a permit is $500.", "(2) The fee for a permit is $5 000."),
        ("must be approved by the local government.", "must be approved in writing by the local government."),
    )
    assert _versions(repo, "exampleton/pets-local-law-2015") == [
        (dt.date(2015, 3, 24), _body(PETS)),
        (GAZETTAL, fee),
        (dt.date(2020, 7, 1), both),
    ]


def test_parts_item_naming_a_part_with_no_clauses_is_still_refused(tmp_path: Path) -> None:
    """A neighbour: "(a) Parts 1 and 4 — …" where the instrument has no Part 4 names a Part by mistake: no day can be
    told for it, so the instrument is refused (never applied on a guessed day)."""
    body = PARTS_TWO_DAYS.replace("(a) Parts 1 and 2 —", "(a) Parts 1 and 4 —")
    with pytest.raises(LawHistoryError, match=r"Parts 1 and 4"):
        _amended(tmp_path, PETS, body)


def test_this_part_amends_before_an_instruction_in_one_clause(tmp_path: Path) -> None:
    """(review 13's h04) "5. Clause 2.2 amended / This Part amends the X. / In clause 2.2 delete …": the sentence naming
    the Part's law changes no words; the instruction after it is read (was refused: “This Part amends …” unread)."""
    body = PARTS_TWO_DAYS.replace(
        "5. Clause 2.2 amended\n", "5. Clause 2.2 amended\nThis Part amends the Shire of Exampleton Pets Local Law 2015.\n"
    )
    want = _body(
        PETS,
        ("(2) The fee for a permit is $500.", "(2) The fee for a permit is $5 000."),
        ("must be approved by the local government.", "must be approved in writing by the local government."),
    )
    assert _amended(tmp_path, PETS, body) == want


TWO_LAWS = """Part 1 — Preliminary

1. Citation
This local law is the Shire of Exampleton Example Amendment Local Law 2020.

2. Commencement
This local law comes into operation as follows —
(a) Parts 1 and 2 — on the day on which this local law is published in the Government Gazette;
(b) Part 3 — on 1 July 2020.

Part 2 — Shire of Exampleton Pets Local Law 2015 amended

3. Local law amended
This Part amends the Shire of Exampleton Pets Local Law 2015.

4. Clause 3.1 amended
In clause 3.1(2) delete "$500" and insert "$5 000".

Part 3 — Shire of Exampleton Hawkers Local Law 2015 amended

5. Local law amended
This Part amends the Shire of Exampleton Hawkers Local Law 2015.

6. Clause 2.2 amended
In clause 2.2 delete "$50" and insert "$75".
"""


def test_two_laws_one_in_each_part_on_two_days(tmp_path: Path) -> None:
    """(review 13's h05, h09 shape) One law in each Part, each Part its own day: each law changed by its own Part's
    clause only, on its Part's day (the same clause numbers, 2.2, in both laws: each edit in its own law)."""
    repo = _repository(tmp_path, PETS, PETS_BUSINESS)
    path = tmp_path / "instrument.txt"
    path.write_text(_instrument(TWO_LAWS), encoding="utf-8")
    amend(repo, path)
    assert _versions(repo, "exampleton/pets-local-law-2015") == [
        (dt.date(2015, 3, 24), _body(PETS)),
        (GAZETTAL, _body(PETS, ("(2) The fee for a permit is $500.", "(2) The fee for a permit is $5 000."))),
    ]
    assert _versions(repo, "exampleton/hawkers-local-law-2015") == [
        (dt.date(2015, 3, 24), _body(PETS_BUSINESS)),
        (dt.date(2020, 7, 1), _body(PETS_BUSINESS, ("The fee for a permit is $50.", "The fee for a permit is $75."))),
    ]


# --- 2. "replace it with:", "deleted and replaced as follows:" open new text -----------------------------------------

_TRADE_HEAD = (
    _CITATION
    + _ON_14_DAYS
    + """3. Local law amended
This local law amends the Shire of Exampleton Trade Local Law 2012.

"""
)

_NEW_5 = """5. Fees
(1) An application for a permit must be accompanied by the fee set in the annual budget.
(2) The fee is payable each financial year.
"""

_REVIEW = """5. Clause 3 amended
In clause 3 after "review" insert "by the State Administrative Tribunal".
"""

_TRADE_AFTER = _body(
    TRADE,
    (
        "(1) An application for a permit must be accompanied by the fee set by the local government.",
        "(1) An application for a permit must be accompanied by the fee set in the annual budget.",
    ),
    ("(2) The fee is payable each year.", "(2) The fee is payable each financial year."),
    ("may apply for a review.", "may apply for a review by the State Administrative Tribunal."),
)


@pytest.mark.parametrize(
    "lead",
    ["Delete clause 5 and replace it with:", "Clause 5 is deleted and replaced as follows:"],
)
def test_replace_it_with_and_replaced_as_follows_open_new_text(tmp_path: Path, lead: str) -> None:
    """(review 13's b04, b05) The new "5." after these words is the new clause's number, not the instrument's own
    clause 5 (was refused at the new clause's words, or at "as follows")."""
    body = _TRADE_HEAD + "4. Clause 5 replaced\n" + lead + "\n" + _NEW_5 + _REVIEW
    assert _amended(tmp_path, TRADE, body) == _TRADE_AFTER


def test_delete_clause_and_insert_as_the_last_clause_stays_refused(tmp_path: Path) -> None:
    """(review 13's b02, left) "Delete clause 5 and insert: 5. Fees …" as the instrument's last clause: its words are
    those of "Delete clause 5 and insert:" whose new text is lost, then the instrument's own last "5. Savings …"
    (test_grammar_round16's guard), so it is refused, naming the missing new text — never applied either way."""
    body = _TRADE_HEAD + "4. Clause 5 replaced\nDelete clause 5 and insert:\n" + _NEW_5
    with pytest.raises(LawHistoryError, match=r"no new text"):
        _amended(tmp_path, TRADE, body)


def test_named_clause_then_the_instruments_own_next_clause_stays_refused(tmp_path: Path) -> None:
    """A neighbour: "Delete clause 5 and insert:" with no new text, the instrument's own "5. Clause 3 amended" next: the
    "5." is the instrument's clause (its heading is an amending clause's), never the new clause 5 — clause 4 carries
    no new text and is refused, nothing applied."""
    body = _TRADE_HEAD + "4. Clause 5 replaced\nDelete clause 5 and insert:\n" + _REVIEW
    with pytest.raises(LawHistoryError, match=r"no new text"):
        _amended(tmp_path, TRADE, body)


# --- 4. a new clause headed like an amending clause -------------------------------------------------------------------


def test_new_clause_that_repeals_laws_is_new_text(tmp_path: Path) -> None:
    """(review 13's b07) "Delete clause 5 and insert: 5. Local laws repealed / The X and the Y are repealed.": the
    repealing words are the new clause's, not a repeal by the instrument (was refused at ": 5. Local laws repealed")."""
    body = (
        _TRADE_HEAD
        + """4. Clause 5 replaced
Delete clause 5 and insert:
5. Local laws repealed
The Shire of Exampleton Street Trading Local Law 2001 and the Shire of Exampleton Stalls Local Law 2003 are repealed.
"""
        + _REVIEW
    )
    want = _body(
        TRADE_REPEALS,
        ("5. Repeal", "5. Local laws repealed"),
        (
            "The Shire of Exampleton Street Trading Local Law 2001 is repealed.",
            "The Shire of Exampleton Street Trading Local Law 2001 and the Shire of Exampleton Stalls Local Law 2003 are "
            "repealed.",
        ),
        ("may apply for a review.", "may apply for a review by the State Administrative Tribunal."),
    )
    assert _amended(tmp_path, TRADE_REPEALS, body) == want


def test_instrument_repealing_a_law_itself_is_still_a_repeal(tmp_path: Path) -> None:
    """A neighbour: an instrument's own clause "The Shire of Exampleton Trade Local Law 2012 is repealed." is still read
    as the repeal of that law (no new text holds the words)."""
    repo = _repository(tmp_path, TRADE)
    path = tmp_path / "instrument.txt"
    body = (
        _GAZETTE.replace("Example Amendment Local Law", "Example Repeal Local Law")
        + """1. Citation
This local law is the Shire of Exampleton Example Repeal Local Law 2020.

2. Commencement
This local law comes into operation 14 days after the date of its publication in the Government Gazette.

3. Repeal
The Shire of Exampleton Trade Local Law 2012 is repealed.
"""
        + _SEAL
    )
    path.write_text(body, encoding="utf-8")
    amend(repo, path)
    (inst,) = repo.load_instruments()
    assert [r.title for r in inst.law.meta.repeals] == ["Shire of Exampleton Trade Local Law 2012"]


# --- 5. "Local law amended" and an edit wherever the words occur -----------------------------------------------------


def test_wherever_it_occurs_under_local_law_amended_is_made_throughout(tmp_path: Path) -> None:
    """(review 13's e05) "4. Local law amended / Delete “Canis familiaris” wherever it occurs and insert …": the law is
    the place (was refused: "cannot tell which provision its words are in")."""
    body = (
        _CITATION
        + _ON_14_DAYS
        + """3. Local law amended
This local law amends the Shire of Exampleton Pets Local Law 2015.

4. Local law amended
Delete "Canis familiaris" wherever it occurs and insert "Canis lupus familiaris".
"""
    )
    want = _body(
        PETS,
        ("the species Canis familiaris;", "the species Canis lupus familiaris;"),
        ("the species Canis familiaris must", "the species Canis lupus familiaris must"),
    )
    assert _amended(tmp_path, PETS, body) == want


def test_one_occurrence_under_local_law_amended_stays_refused(tmp_path: Path) -> None:
    """A neighbour: "Delete “Canis familiaris” and insert …" (no "wherever") under the same heading names no place for
    its one occurrence (the words occur twice): still refused, naming the words."""
    body = (
        _CITATION
        + _ON_14_DAYS
        + """3. Local law amended
This local law amends the Shire of Exampleton Pets Local Law 2015.

4. Local law amended
Delete "Canis familiaris" and insert "Canis lupus familiaris".
"""
    )
    with pytest.raises(LawHistoryError, match=r"Canis familiaris"):
        _amended(tmp_path, PETS, body)


# --- 7. a Form of a Schedule deleted ----------------------------------------------------------------------------------

PETS_FORMS = (
    PETS
    + """
Schedule 1—FORMS
Form 1—Application for a permit
I apply for a permit to keep additional dogs on the premises.
Signature of applicant
Form 2—Notice of cancellation
The permit to keep additional dogs on the premises is cancelled.
Signature of authorised person
Form 3—Notice of approval
The cat enclosure on the premises is approved.
Signature of authorised person
"""
)

_PETS_HEAD = (
    _CITATION
    + _ON_14_DAYS
    + """3. Local law amended
This local law amends the Shire of Exampleton Pets Local Law 2015.

"""
)


def test_a_form_deleted_takes_its_own_lines_only(tmp_path: Path) -> None:
    """(review 13's f05) "In Schedule 1 delete Form 2.": Form 2's heading line and its lines, up to Form 3's heading,
    are deleted; Forms 1 and 3 stay (was refused: the grammar read no Form as a provision; read as the schedule it is
    in, the whole schedule would have gone)."""
    body = _PETS_HEAD + "4. Schedule 1 amended\nIn Schedule 1 delete Form 2.\n"
    want = _body(
        PETS_FORMS,
        (
            "Form 2—Notice of cancellation\nThe permit to keep additional dogs on the premises is cancelled.\n"
            "Signature of authorised person\n",
            "",
        ),
    )
    assert _amended(tmp_path, PETS_FORMS, body) == want


@pytest.mark.parametrize(
    ("instruction", "why"),
    [
        # the last form: where its lines end is not printed ("Signature of authorised person" may be a heading)
        ("In Schedule 1 delete Form 3.", r"where Form 3's lines end is uncertain"),
        ("In Schedule 1 delete Form 4.", r"no line of the schedule heads Form 4"),
        # a whole form put in: no reading of new forms, refused (never the schedule changed)
        (
            "In Schedule 1 after Form 3 insert:\nForm 4—Notice of refusal\nThe application is refused.\n",
            r"Form 4|not applied",
        ),
    ],
)
def test_forms_that_cannot_be_told_stay_refused(tmp_path: Path, instruction: str, why: str) -> None:
    """Neighbours: a form whose lines cannot be told, a form the schedule does not have, a form inserted: refused,
    naming the form — never the whole schedule deleted or changed."""
    body = _PETS_HEAD + "4. Schedule 1 amended\n" + instruction + "\n"
    with pytest.raises(LawHistoryError, match=why):
        _amended(tmp_path, PETS_FORMS, body)


def test_a_form_named_with_its_schedule_deleted_is_not_the_whole_schedule(tmp_path: Path) -> None:
    """(wr12, a wrong law) "Delete Schedule 1 Form 2.": on main the form named as a provision was read as its schedule,
    and the whole of Schedule 1 was deleted with exit 0; now Form 2's own lines are deleted, as "In Schedule 1 delete
    Form 2." deletes them."""
    body = _PETS_HEAD + "4. Schedule 1 amended\nDelete Schedule 1 Form 2.\n"
    want = _body(
        PETS_FORMS,
        (
            "Form 2—Notice of cancellation\nThe permit to keep additional dogs on the premises is cancelled.\n"
            "Signature of authorised person\n",
            "",
        ),
    )
    assert _amended(tmp_path, PETS_FORMS, body) == want
