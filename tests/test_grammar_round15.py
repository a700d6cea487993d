"""Constructs of the amending language read after the fifteenth first-sight round (cases 230–239, SOURCES-s.md).

Synthetic instructions, laws and instruments (not law): each test gives wording and what it must read as, or the
refusal it must give; each would fail on the engine before the fix it guards.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from lawhistory.amending.amend import amend
from lawhistory.amending.instructions import InstructionNotUnderstood, parse_unit
from lawhistory.amending.parts import Unit
from lawhistory.amending.timeline import build_timeline
from lawhistory.core.dates import EVERY, commencement, subclause_days
from lawhistory.core.versions import in_force
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse, render_body
from lawhistory.reading.importers.build import ImportOptions, build_instruments
from tests.helpers import ops

# --- a commencement in subclauses naming the by-laws' own clauses -------------------------------------------------


def _days(wording: str, published: dt.date, clauses: tuple[str, ...]) -> dict[str, dt.date]:
    assert subclause_days(wording)
    when = commencement(wording, published, {EVERY: clauses})
    assert when.rule == "by_clause"
    return dict(when.clauses)


def test_subject_to_subclause_2_of_this_by_law_gives_the_by_law_named_its_day() -> None:
    wording = (
        "(1) Subject to subclause (2) of this by-law, these by-laws shall come into operation on the day on which they "
        "are published in the Government Gazette. (2) By-law 5 of these by-laws shall come into operation on the first "
        "day of July, 1969."
    )
    days = _days(wording, dt.date(1969, 3, 14), ("1", "2", "3", "4", "5"))
    assert days["4"] == dt.date(1969, 3, 14)
    assert days["5"] == dt.date(1969, 7, 1)


def test_by_laws_5_to_7_both_inclusive_of_these_by_laws_on_a_later_day() -> None:
    wording = (
        "(1) Subject to subclause (2) of this by-law these by-laws shall come into operation on the day on which they "
        "are published in the Government Gazette. (2) By-laws 5 to 7 (both inclusive) of these by-laws shall come into "
        "operation on 1 January 1979."
    )
    days = _days(wording, dt.date(1978, 10, 20), ("1", "2", "3", "4", "5", "6", "7"))
    assert [c for c, d in days.items() if d == dt.date(1979, 1, 1)] == ["5", "6", "7"]
    assert days["4"] == dt.date(1978, 10, 20)


def test_every_subclause_naming_its_by_laws_gives_each_its_day() -> None:
    wording = (
        "(1) By-laws 1, 2, 3 and 5 of these by-laws come into operation on the day on which they are published in the "
        "Government Gazette. (2) By-laws 4 and 6 of these by-laws come into operation on 1 July 1987."
    )
    days = _days(wording, dt.date(1987, 5, 22), ("1", "2", "3", "4", "5", "6"))
    assert days == {
        "1": dt.date(1987, 5, 22),
        "2": dt.date(1987, 5, 22),
        "3": dt.date(1987, 5, 22),
        "4": dt.date(1987, 7, 1),
        "5": dt.date(1987, 5, 22),
        "6": dt.date(1987, 7, 1),
    }


PRINCIPAL = """---
id: example/trading-by-laws-1981
title: Town of Example Trading By-laws 1981
local_government: Town of Example
kind: principal
gazette:
  date: 1981-10-02
commencement:
  wording: These by-laws come into operation on the day on which they are published in the Government Gazette.
  rule: on_gazettal
  days: 0
  date: 1981-10-02
partial: true
source: 'synthetic test fixture (invented text, not law)'
---

12. Conditions
  The licensee shall keep the stall clean.

18. Licence fee
  The fee for a licence is $20 for each year.
"""

INSTRUMENT = """SYNTHETIC TEST FIXTURE — invented text (not law)

22 May 1987]            GOVERNMENT GAZETTE, W.A.            2071

LOCAL GOVERNMENT ACT 1960

TOWN OF EXAMPLE

TRADING AMENDMENT BY-LAWS 1987

Made by the Council of the Town of Example under section 191 of the Local Government Act 1960 by resolution on 28 April 1987.

Citation

1. These by-laws may be cited as the Town of Example Trading Amendment By-laws 1987.

Commencement

2. (1) By-laws 1, 2, 3 and 4 of these by-laws come into operation on the day on which they are published in the Government Gazette.

(2) By-law 5 of these by-laws comes into operation on 1 July 1987.

Principal by-laws

3. In these by-laws the Town of Example Trading By-laws 1981* are referred to as the principal by-laws.

[* Published in the Gazette of 2 October 1981 at pp. 4111-19.]

By-law 12 amended

4. By-law 12 of the principal by-laws is amended by deleting "clean" and substituting the following—

" clean and tidy ".

By-law 18 amended

5. By-law 18 of the principal by-laws is amended by deleting "$20" and substituting the following—

" $50 ".

Dated this 4th day of May, 1987.
"""


def _law_on(repo: Repository, day: dt.date) -> str:
    (law,) = repo.load_laws()
    status, version = in_force(build_timeline(law, repo.load_instruments()), day)
    assert version is not None, status
    return render_body(version.body)


def test_a_commencement_naming_the_instruments_own_first_clauses_applies_each_day(tmp_path: Path) -> None:
    repo = Repository.init(tmp_path / "repo")
    repo.write_text(repo.law_path(parse(PRINCIPAL).meta.id), PRINCIPAL)
    (tmp_path / "instrument.txt").write_text(INSTRUMENT, encoding="utf-8")
    amend(repo, tmp_path / "instrument.txt")
    on_publication = _law_on(repo, dt.date(1987, 5, 22))
    assert "clean and tidy" in on_publication and "$20" in on_publication
    assert "$50" in _law_on(repo, dt.date(1987, 7, 1))


# --- the commencement clause run on after the words of subclause (2) of clause 1 ----------------------------------

RUN_ON = """SYNTHETIC TEST FIXTURE — invented text (not law)

20 November 1964]            GOVERNMENT GAZETTE, W.A.            3807

HEALTH ACT 1911

SHIRE OF EXAMPLE

HEALTH AMENDMENT BY-LAWS 1964

Made by the Council of the Shire of Example under section 342 of the Health Act 1911 by resolution on 26 October 1964.

Citation

1. (1) These by-laws may be cited as the Shire of Example Health Amendment By-laws 1964.

(2) In these by-laws the Shire of Example Health By-laws 1958 are referred to as the principal by-laws.

Commencement

2. These by-laws shall come into operation on the day of their publication in the Government Gazette.

By-law 40 amended

3. By-law 40 of the principal by-laws is amended by inserting after the word, "registered" the word, "annually".

Dated this 30th day of October, 1964.
"""


def test_a_commencement_run_on_after_a_subclause_of_clause_1_is_its_own_sentence() -> None:
    (law,) = build_instruments(RUN_ON, ImportOptions(), line_mode=True, source_label=False).laws
    when = law.meta.commencement
    assert when.wording == "These by-laws shall come into operation on the day of their publication in the Government Gazette."
    assert when.date == dt.date(1964, 11, 20)


# --- older drafting: a comma between "the words" (or "the interpretation") and the quotation --------------------------


def test_the_words_comma_quotation_is_the_words() -> None:
    assert ops('The heading to Part 5 of the principal by-laws is amended by deleting the words, "BOARDING HOUSES AND".') == [
        ("delete_words", "Part 5 heading", "BOARDING HOUSES AND", "", "", "once")
    ]


def test_inserting_after_the_word_comma_the_word_comma() -> None:
    assert ops(
        'By-law 40 of the principal by-laws is amended by inserting after the word, "registered" the word, "annually".'
    ) == [("insert_words", "40", "registered", "annually", "after", "once")]


def test_substituting_for_the_words_comma_the_words_comma() -> None:
    got = ops('substituting for the words, "the Council may recover" the words, "the inspector may recover".', context="9(2)")
    assert got == [("substitute_words", "9(2)", "the Council may recover", "the inspector may recover", "", "once")]


def test_substituting_for_the_interpretation_comma_the_following_interpretation() -> None:
    got = ops(
        'by substituting for the interpretation, "Lodging-house", the following interpretation—\n'
        '"Lodging-house" means any building in which provision is made for lodging more than four persons; .',
        context="3",
    )
    assert [(g[0], g[1]) for g in got] == [("substitute", "3 “Lodging-house”")]
    assert got[0][3].startswith("**Lodging-house** means any building")


# --- the words that end a definition, replaced at its end ---------------------------------------------------------


def test_at_the_end_of_the_definition_words_deleted_and_substituted() -> None:
    got = ops(
        'at the end of the definition of "meeting day", by deleting "meeting." and substituting the following—\n'
        '" meeting or an electors\' meeting; "; and',
        context="2",
    )
    assert got == [("substitute_words", "2 “meeting day”", "meeting.", "meeting or an electors' meeting;", "end", "once")]


def test_at_the_end_of_the_definition_with_quoted_new_words() -> None:
    got = ops("at the end of the definition of “meeting day”, by deleting “meeting.” and substituting “meeting;”", context="2")
    assert got == [("substitute_words", "2 “meeting day”", "meeting.", "meeting;", "end", "once")]


# --- connectors and marks at the end of a paragraph (older drafting) ------------------------------------------------


def test_and_after_the_semicolon_at_the_end_of_a_paragraph_is_deleted_there() -> None:
    got = ops('by deleting "and" after the semicolon at the end of paragraph (b);', context="4(1)")
    assert got == [("delete_words", "4(1)(b)", "and", "", "end", "once")]


def test_the_full_stop_at_the_end_of_a_paragraph_substituted_by_the_following() -> None:
    got = ops(
        'by deleting the full stop at the end of paragraph (c) and substituting the following—\n" ; and "; and', context="4(1)"
    )
    assert got == [("substitute_words", "4(1)(c)", ".", "; and", "end", "once")]


def test_inserting_comma_after_a_paragraph_comma_the_following_paragraph() -> None:
    got = ops(
        'by inserting, after paragraph (c), the following paragraph—\n" (d) to sell refreshments from a vehicle. ".',
        context="4(1)",
    )
    assert got == [("insert", "4(1)(c)", "", "(d) to sell refreshments from a vehicle.", "after", "once")]


# --- the lead-in's verb with items that each name a place and new words: refused, never put in as text -------------


def test_items_that_name_a_place_and_new_words_are_not_inserted_as_text() -> None:
    text = (
        'By-law 7 of the principal by-laws is amended by inserting— (a) after "7.", the following— " (1) "; and '
        '(b) after the existing by-law, the following subclause— " (2) The Council may refund a fee. ".'
    )
    with pytest.raises(InstructionNotUnderstood, match="items of an instruction"):
        parse_unit(Unit("5", text, None))


def test_new_paragraphs_that_begin_with_a_time_and_the_following_are_still_provisions() -> None:
    got = ops(
        "After clause 4(1) insert:\n(2) Before 1 July 2020, the following persons may apply—\n(a) a resident; or\n(b) a ratepayer."
    )
    assert [g[0] for g in got] == ["insert"]


def test_the_words_comma_rewording_reads_as_the_same_edit() -> None:
    from tests.rewordings import the_words_comma

    text = "4. By-law 40 amended\n\nBy-law 40 of the principal by-laws is amended by deleting the words “shall not” and substituting the words “must not”.\n"
    worded = the_words_comma(text)
    assert worded is not None and "the words, “shall not”" in worded and "the words, “must not”" in worded
    assert ops("By-law 40 is amended by deleting the words, “shall not” and substituting the words, “must not”.") == ops(
        "By-law 40 is amended by deleting the words “shall not” and substituting the words “must not”."
    )
