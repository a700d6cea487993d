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
    repo = Repository.init(tmp_path / "repo")
    law = parse(principal)
    repo.write_text(repo.law_path(law.meta.id), principal)
    path = tmp_path / "instrument.txt"
    path.write_text(text, encoding="utf-8")
    amend(repo, path, gazette_date=dt.date(1987, 4, 3), discard=True)
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


def test_the_title_and_its_footnote_mark_open_no_instruction() -> None:
    text = "The Second Schedule to the Shire of Exampleton Cemetery By-laws 1980* is amended — (a) in item 2 by deleting “x”"
    assert split_instructions(text)[0] == "The Second Schedule to the Shire of Exampleton Cemetery By-laws 1980* is amended —"


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
