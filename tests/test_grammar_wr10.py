"""(issue 20, wr10) Case 229's shapes and headings printed above undotted clause numbers in new text.

Synthetic laws and instruments (invented text, modelled on case 229 and on review 7's g-probes; not law). Each
instrument is run the way ``lawhistory amend`` runs it, in a fresh repository holding the principal law, and the law
in force after it is compared line by line — or its refusal is checked to name the words. Each test fails on the
engine before wr10.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from lawhistory.amending.accounting import split_instructions
from lawhistory.amending.amend import amend
from lawhistory.amending.timeline import build_timeline
from lawhistory.core.errors import LawHistoryError
from lawhistory.core.versions import in_force
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse, render_body
from tests.helpers import ops

# --- case 229: a schedule named with its law's title, rows by item and subitem, "in the 2 places" -------------------

FEES = """---
id: exampleton/cemetery-by-laws-1980
title: Shire of Exampleton Cemetery By-laws 1980
local_government: Shire of Exampleton
kind: principal
made: null
gazette:
  date: 1980-09-12
  number: null
  pages: null
commencement:
  wording: These by-laws come into operation on the day on which they are published in the Government Gazette.
  rule: on_gazettal
  days: 0
  date: 1980-09-12
partial: true
source: 'synthetic test fixture (invented text, not law)'
---

6. Fees
  The fees set out in the Second Schedule are payable to the Council.

Second Schedule—FEES
| Item | Subitem | Particulars | Weekday $ | Saturday $ | Sunday $ |
|---|---|---|---|---|---|
| 1 | A | Interment of a person aged 12 years or over | 31 | 38 | 45 |
| 1 | B | Interment of a child under 12 years | 17 | 17 | 31 |
| 2 | A | Reopening of a grave | 15.00 | 15.00 | 20.00 |
"""

CLAUSE_2 = """2. The Second Schedule to the Shire of Exampleton Cemetery By-laws 1980* is amended —

(a) in item 1, subitem A by deleting “31” and substituting the following —

“ 32 ”;

(b) in item 1, subitem B —

(i) by deleting “17” in the 2 places where it occurs and substituting in each place the following —

“ 18 ”; and

(ii) by deleting “31” and substituting the following —

“ 32 ”;

(c) in item 2 by deleting “15.00” in the 2 places where it occurs and substituting in each place the following —

“ 16.00 ”.

[* Published in Gazette 12 September 1980, pp. 3101-12.]
"""


def _instrument(clause_2: str, principal_named: str = "") -> str:
    return f"""SYNTHETIC TEST FIXTURE — invented text (not law)

3 April 1987]            GOVERNMENT GAZETTE, W.A.            1221

LOCAL GOVERNMENT ACT 1960

SHIRE OF EXAMPLETON

CEMETERY AMENDMENT BY-LAWS 1987

Made by the Council of the Shire of Exampleton under the Local Government Act 1960 by resolution on 10 March 1987.

Citation

1. These by-laws may be cited as the Shire of Exampleton Cemetery Amendment By-laws 1987.
{principal_named}
Second Schedule amended

{clause_2}
Dated this 12th day of March 1987.
"""


def _run(tmp_path: Path, text: str, principal: str = FEES, day: dt.date = dt.date(1987, 4, 3)) -> list[str]:
    """The lines of the law in force on ``day`` after the instrument ``text`` (published on 3 April 1987, or 14 days
    before ``day`` for a later law); LawHistoryError if refused."""
    repo = Repository.init(tmp_path / "repo")
    law = parse(principal)
    repo.write_text(repo.law_path(law.meta.id), principal)
    path = tmp_path / "instrument.txt"
    path.write_text(text, encoding="utf-8")
    published = dt.date(1987, 4, 3) if day.year == 1987 else day - dt.timedelta(days=14)
    amend(repo, path, gazette_date=published, discard=True)
    (law,) = repo.load_laws()
    _, version = in_force(build_timeline(law, repo.load_instruments()), day)
    assert version is not None
    return [line.strip() for line in render_body(version.body).splitlines() if line.strip()]


def _refusal(tmp_path: Path, text: str) -> str:
    with pytest.raises(LawHistoryError) as e:
        _run(tmp_path, text)
    return " ".join(str(e.value).split())


def test_a_schedule_by_item_and_subitem_in_the_2_places_is_applied_exactly(tmp_path: Path) -> None:
    lines = _run(tmp_path, _instrument(CLAUSE_2))
    assert lines[-3:] == [
        "| 1 | A | Interment of a person aged 12 years or over | 32 | 38 | 45 |",
        "| 1 | B | Interment of a child under 12 years | 18 | 18 | 32 |",
        "| 2 | A | Reopening of a grave | 16.00 | 16.00 | 20.00 |",
    ]


def test_a_row_by_item_and_subitem_reads_as_its_own_citation() -> None:
    got = ops(
        "in item 1, subitem B by deleting “17” in the 2 places where it occurs and substituting in each place the "
        "following — “18”",
        context="Second Schedule",
    )
    assert got == [("substitute_words", "Second Schedule item 1 subitem B", "17", "18", "", "twice")]


@pytest.mark.parametrize("said", ["in the two places where it occurs", "in both places where it occurs"])
def test_the_places_counted_in_words_read_the_same(said: str) -> None:
    got = ops(f"in item 2 by deleting “15.00” {said} and substituting in each place the following — “16.00”", "Second Schedule")
    assert got == [("substitute_words", "Second Schedule item 2", "15.00", "16.00", "", "twice")]


@pytest.mark.parametrize(
    "lead",
    [
        "The Second Schedule to the Shire of Exampleton Cemetery By-laws 1980* is amended —",
        "The Second Schedule to the Shire of X Dogs Local Law 2010 is amended —",  # "Schedule …" was cut off "The Second"
    ],
)
def test_the_schedule_and_its_law_s_title_open_no_instruction(lead: str) -> None:
    from lawhistory.amending.grammar.parse import lead_in

    assert split_instructions(f"{lead} (a) in item 2 by deleting “x” and substituting “y”.")[0] == lead
    spans = lead_in(lead)
    assert spans is not None and lead[slice(*spans["t2"])] == "The Second Schedule"
    assert lead[slice(*spans["law"])] in ("Shire of Exampleton Cemetery By-laws 1980", "Shire of X Dogs Local Law 2010")


def test_words_occurring_other_than_in_the_places_counted_are_refused(tmp_path: Path) -> None:
    text = _instrument(CLAUSE_2.replace("“15.00” in the 2 places", "“15.00” in the 3 places"))
    assert "the words “15.00” occur 2 times, where the instrument says they occur in 3 places" in _refusal(tmp_path, text)


def test_words_occurring_once_where_2_places_are_counted_are_refused(tmp_path: Path) -> None:
    text = _instrument(CLAUSE_2.replace("(ii) by deleting “31”", "(ii) by deleting “31” in the 2 places where it occurs"))
    assert "the words “31” occur once, where the instrument says they occur in 2 places" in _refusal(tmp_path, text)


def test_a_subitem_the_item_has_not_is_refused(tmp_path: Path) -> None:
    text = _instrument(CLAUSE_2.replace("(b) in item 1, subitem B —", "(b) in item 1, subitem C —"))
    assert "Second Schedule item 1 subitem C: no such provision" in _refusal(tmp_path, text)


def test_an_item_whose_rows_share_its_number_is_refused_without_its_subitem(tmp_path: Path) -> None:
    text = _instrument(CLAUSE_2.replace("(a) in item 1, subitem A by deleting", "(a) in item 1 by deleting"))
    assert "Second Schedule item 1: 2 provisions have this citation" in _refusal(tmp_path, text)


def test_a_schedule_lead_in_naming_another_law_than_the_principal_is_refused(tmp_path: Path) -> None:
    named = (
        "\nPrincipal by-laws\n\n2A. In these by-laws the Shire of Exampleton Cemetery By-laws 1980 are referred to as "
        "the principal by-laws.\n"
    )
    text = _instrument(CLAUSE_2.replace("Cemetery By-laws 1980*", "Health By-laws 1980*"), named)
    assert "names a law by its title, and the law it amends is Shire of Exampleton Cemetery By-laws 1980" in _refusal(
        tmp_path, text
    )


# --- headings printed above undotted clause numbers in new text (review 7's g-probes, undotted) ---------------------

CATS = """---
id: testville/cats-local-law-2015
title: Shire of Testville Cats Local Law 2015
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

1. Citation
  This local law may be cited as the Shire of Testville Cats Local Law 2015.

9. Number of cats
  (1) A person must not keep more than 2 cats on premises.
  (2) The local government may grant a permit to keep up to 4 cats on premises.
"""


def _inserted(new_text: str) -> str:
    return f"""SYNTHETIC TEST FIXTURE — invented text (not law)

24 April 2020 GOVERNMENT GAZETTE, WA 1187

Local Government Act 1995

Shire of Testville

Probe Amendment Local Law 2020

Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the Council of the
Shire of Testville resolved on 25 March 2020 to make the following local law.

1. Citation
This local law is the Shire of Testville Probe Amendment Local Law 2020.

2. Commencement
This local law comes into operation 14 days after the date of its publication in the Government Gazette.

3. Local law amended
This local law amends the Shire of Testville Cats Local Law 2015.

4. Clauses inserted
After clause 9 insert—
{new_text}

Dated: 26 March 2020.
"""


def _after_9(tmp_path: Path, new_text: str) -> list[str]:
    lines = _run(tmp_path, _inserted(new_text), principal=CATS, day=dt.date(2020, 5, 8))
    return lines[lines.index("(2) The local government may grant a permit to keep up to 4 cats on premises.") + 1 :]


@pytest.mark.parametrize(
    "new_text",
    [
        "“Cat registration\n10. A cat must be registered.\nCat tags\n11. A cat must wear a tag.”.",
        "“Cat registration 10. A cat must be registered. Cat tags 11. A cat must wear a tag.”.",
    ],
)
def test_two_clauses_headed_above_undotted_numbers_are_two_clauses(tmp_path: Path, new_text: str) -> None:
    # before wr10: one clause 10 holding "Cat tags 11. A cat must wear a tag." in its words, exit 0 (wrong law)
    assert _after_9(tmp_path, new_text) == [
        "10. Cat registration",
        "A cat must be registered.",
        "11. Cat tags",
        "A cat must wear a tag.",
    ]


def test_10a_headed_above_its_number_after_10_with_subclauses(tmp_path: Path) -> None:
    new_text = (
        "“Cat registration\n10. A cat must be registered.\nRegistration fee\n10A. (1) A fee is payable.\n"
        "(2) The fee is set by the local government.\nCat tags\n11. A cat must wear a tag.”."
    )
    assert _after_9(tmp_path, new_text) == [
        "10. Cat registration",
        "A cat must be registered.",
        "10A. Registration fee",
        "(1) A fee is payable.",
        "(2) The fee is set by the local government.",
        "11. Cat tags",
        "A cat must wear a tag.",
    ]


@pytest.mark.parametrize(
    "new_text",
    [
        # the number does not follow the one before
        "“Cat registration\n10. A cat must be registered.\nCat tags\n12. A cat must wear a tag.”.",
        # an unheaded clause between
        "“Cat registration\n10. A cat must be registered.\n11. A cat must be desexed.\nCat tags\n12. A cat must wear a tag.”.",
        # the heading opens like a sentence
        "“Cat registration\n10. A cat must be registered.\nThe fee\n11. A fee is payable.”.",
        # the words before the number end a sentence with a count
        "“Cat registration\n10. (1) A cat must be registered.\n(2) Cats kept under a permit must not exceed 11. A permit may "
        "be cancelled.”.",
        "“Cat registration\n10. A cat must be registered. Cats kept under a permit must not exceed 11. A permit may be "
        "cancelled.”.",
        "“Cat registration\n10. A cat must be registered. Cats may be kept on premises in numbers up to 11. A permit may be "
        "cancelled.”.",
    ],
)
def test_another_clause_number_not_read_as_a_headed_clause_is_refused(tmp_path: Path, new_text: str) -> None:
    # before wr10 the first three were one clause 10 holding the rest in its words, exit 0 (wrong law)
    with pytest.raises(LawHistoryError, match="could not be read whole"):
        _after_9(tmp_path, new_text)


@pytest.mark.parametrize(
    "sentence",
    ["Cats kept under a permit must not exceed 11.", "Cats kept on premises in numbers up to 11."],
)
def test_a_sentence_ending_in_the_next_number_is_no_heading(sentence: str) -> None:
    """The words before an undotted number that follows are read as a heading only where they cannot end a sentence: a
    verb of a sentence in them ("must"), or a word a heading never ends with before the number ("to")."""
    from lawhistory.amending.parts import payload_provisions

    payload = f"Cat registration 10. A cat must be registered. {sentence} A permit may be cancelled."
    with pytest.raises(LawHistoryError, match="could not be read whole"):
        payload_provisions(payload, [])
