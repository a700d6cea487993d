"""An instrument's commencement read whole from its own commencement clause, or refused — never a wrong day (review4,
issue 20; brief: commence).

Each case is a synthetic amending local law of the invented Shire of Testville (tests/fixtures/commencement4/, its
README), published on 24 April 2020 and amending clause 2.2 (its clause 4: "lead" → "leash") and, where it has one,
clause 4.1 (its clause 5: "$500" → "$1 000") of tests/fixtures/commencement4/principal.txt. It is applied the way
``lawhistory amend`` applies it; the test checks the day each of its clauses comes into operation, or that it is refused
naming its words. On the engine before the fix every case here either applied from another day (the Act's 14 days, a
number's last word, the whole instrument one day) or was refused though its words give the day.
"""

from __future__ import annotations

import datetime as dt
import tempfile
from pathlib import Path

import pytest

from lawhistory.amending.amend import amend
from lawhistory.amending.timeline import build_timeline
from lawhistory.core.dates import commencement_rule, read_day, spelled_number
from lawhistory.core.errors import LawHistoryError
from lawhistory.core.versions import in_force
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse, render_body

CASES = Path(__file__).parent / "fixtures" / "commencement4"
PUBLISHED = dt.date(2020, 4, 24)
JULY = dt.date(2020, 7, 1)

#: case → the day its clause 4 comes into operation, and its clause 5's where it has one
APPLIED: dict[str, tuple[dt.date, dt.date | None]] = {
    "c04-later-of": (JULY, None),  # the later of 1 July 2020 and the day after publication
    "c05-fixed-being-14-days": (JULY, None),
    "c24-not-before": (JULY, None),  # 14 days after publication, but not before 1 July 2020
    "c26-expiry-one-month": (dt.date(2020, 5, 25), None),  # the day after one month from publication expires
    "c27-on-gazettal-or-date": (JULY, None),
    "c28-no-full-stop": (JULY, None),
    "c29-whichever-later-items": (JULY, None),
    "c30-day-after-fixed-dash": (dt.date(2020, 4, 25), None),
    "c31-on-day-fixed-by-colon": (JULY, None),
    "c32-no-commencement-payload-has-words": (dt.date(2020, 5, 8), None),  # no clause: the Act's 14 days, not new text's
    "c33-takes-effect": (JULY, None),
    "c34-has-effect-from": (JULY, None),
    "c35-come-into-force": (JULY, None),
    "c36-operative": (JULY, None),
    "c37-commencement-date-2-sentences": (JULY, None),
    "c46-twenty-eight-no-hyphen": (dt.date(2020, 5, 22), None),
    "c47-thirty-one-no-hyphen": (dt.date(2020, 5, 25), None),
    # (wr5b) one month after publication (24 May), then one day after it
    "c49-one-month-and-a-day": (dt.date(2020, 5, 25), None),
    "c51-fourteen-days-from": (dt.date(2020, 5, 8), None),
    "c53-upon-expiration": (dt.date(2020, 5, 9), None),  # at the expiry of 14 days from publication: the 15th day
    "c56-one-hundred-twenty": (dt.date(2020, 8, 22), None),
    "c57-fourteen-paren": (dt.date(2020, 5, 8), None),
    "g03-header-special": (dt.date(2020, 5, 8), None),  # "GOVERNMENT GAZETTE, WA [SPECIAL] No. 71, 24 April 2020"
    "g04-header-with-day": (dt.date(2020, 5, 8), None),  # "WESTERN AUSTRALIAN GOVERNMENT GAZETTE Friday, 24 April 2020"
    # a clause given its own day in a sentence or subclause of the commencement clause
    "c14-but-clause-5": (dt.date(2020, 5, 8), JULY),
    "c15b-sentence-clause-5": (dt.date(2020, 5, 8), JULY),
    "c15c-however": (dt.date(2020, 5, 8), JULY),
    "c39-subclause-however": (dt.date(2020, 5, 8), JULY),
    "c43-amendments-made-by": (dt.date(2020, 5, 8), JULY),
    "c44-sub2-the-rest": (dt.date(2020, 5, 8), JULY),
    "c45-other-than-sentence": (dt.date(2020, 5, 8), JULY),
    # (review6) "seven clear days" in a clause's own day: the eighth day after publication (2 May), as for the whole
    # instrument (test_clear_days_exclude_the_day_of_commencement_too); each gave 1 May before
    "r6-c35-clause-on-clear": (PUBLISHED, dt.date(2020, 5, 2)),
    "r6-c43-items-clear-days": (PUBLISHED, dt.date(2020, 5, 2)),
    "r6-c44-but-clear-days": (dt.date(2020, 5, 8), dt.date(2020, 5, 2)),
    "r6-c45-rest-clear": (dt.date(2020, 5, 2), JULY),
    # (review9) "as follows" then one day for the whole, no items: read whole, as without "as follows" (each gave the
    # day of a number's last word: 25 April, 29 April, 26 April; and 8 May, the condition dropped)
    "r9-c4-as-follows-twenty-one": (dt.date(2020, 5, 15), None),
    "r9-c4b-as-follows-105": (dt.date(2020, 8, 7), None),
    "r9-c4c-as-follows-21-clear": (dt.date(2020, 5, 16), None),
    "r9-c10-as-follows-not-before": (JULY, None),
    # (review9) an item's count in several words: "(b) clause 4 — twenty one days after that day" (refused before)
    "r9-c1-items-twenty-one-spaced": (dt.date(2020, 5, 15), None),
    "r9-c2-items-twenty-first-spaced": (dt.date(2020, 5, 15), None),
    "r9-c3-items-fourteen-figures": (dt.date(2020, 5, 8), None),
    "r9-c7-items-one-hundred-and-one": (dt.date(2020, 8, 3), None),
    "r9-c8-items-twenty-one-clear": (dt.date(2020, 5, 16), None),
}

#: case → words its refusal names
REFUSED = {
    "c07-after-other-law-publication": "14 days after the publication of the Shire of Testville Animals Amendment",
    "c15e-clause5-on-other-law": "Local Government Amendment Act 2020 comes into operation",
    "c21-public-notice": "14 days after public notice of it is given",
    # a clause headed "Commencement" in words no reading knows: refused, not the Act's 14 days
    "x01-commencement-heading-words-not-read": "This local law is to operate from 1 July 2020.",
    # (review9) split words read from part of them before: each was applied from a day some of its words give
    "r9-c15-as-follows-or-date": "Gazette or on 1 January 2021.” is not a day lawhistory reads whole",
    "r9-c17-as-follows-unlabelled-items": "clause 4 — 14 days after that day.” is not a day lawhistory reads whole",
    "r9-c4d-rest-only": "The rest of this local law — twenty one days after the date of its publication",
    "r9-c13-as-follows-by-notice": "a day fixed by notice, which is not known yet",
}


def _apply(name: str) -> tuple[Repository, object]:
    tmp = tempfile.mkdtemp()
    repo = Repository.init(Path(tmp) / "repo")
    text = (CASES / "principal.txt").read_text(encoding="utf-8")
    law = parse(text, path="principal.txt")
    repo.write_text(repo.law_path(law.meta.id), text)
    outcomes, _ = amend(repo, CASES / f"{name}.txt")
    return repo, outcomes


def _text_on(repo: Repository, day: dt.date) -> str:
    (law,) = repo.load_laws()
    timeline = build_timeline(law, repo.load_instruments())
    version = in_force(timeline, day)[1]
    assert version is not None
    return render_body(version.body)


@pytest.mark.parametrize("name", sorted(APPLIED))
def test_a_commencement_read_whole_gives_each_clause_its_day(name: str) -> None:
    repo, outcomes = _apply(name)
    (outcome,) = outcomes  # type: ignore[misc]
    assert outcome.status == "applied", (outcome.status, outcome.reason)
    when = outcome.instrument.law.meta.commencement
    assert when.in_full is not None
    fourth, fifth = APPLIED[name]
    assert (when.day_of("4") or when.date) == fourth
    if fifth is not None:
        assert when.day_of("5") == fifth
    # the law on each day between: the amendment not yet in force the day before its day, in force on it
    before, on = _text_on(repo, fourth - dt.timedelta(days=1)), _text_on(repo, fourth)
    if name.startswith("c32"):  # it puts in a clause 2.6
        assert "2.6 Determinations" not in before and "2.6 Determinations" in on
    else:
        assert "held on a lead " in before and "held on a leash " in on
    if fifth is not None:
        assert "$500" in _text_on(repo, fifth - dt.timedelta(days=1)) and "$1 000" in _text_on(repo, fifth)


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_commencement_not_read_whole_is_refused_naming_its_words(name: str) -> None:
    try:
        _, outcomes = _apply(name)
    except LawHistoryError as e:
        message = str(e)
    else:
        (outcome,) = outcomes  # type: ignore[misc]
        assert outcome.status == "pending", f"{name} applied from {outcome.instrument.law.meta.commencement}"
        message = f"{outcome.reason} {outcome.warnings}"
    assert REFUSED[name] in " ".join(message.split())


@pytest.mark.parametrize(
    ("words", "number"),
    [
        ("14", 14),
        ("fourteen", 14),
        ("twenty eight", 28),
        ("twenty-one", 21),
        ("thirty one", 31),
        ("one hundred and twenty", 120),
        ("fourteen (14)", 14),
        ("fourteen (15)", None),  # the words and the figures disagree
        ("twenty thirty", None),
        ("fourteen five", None),
    ],
)
def test_a_number_in_words_is_read_whole(words: str, number: int | None) -> None:
    assert spelled_number(words) == number


@pytest.mark.parametrize(
    "sentence",
    [
        "This local law comes into operation 14 days after the day on which it is published in the Government Gazette, "
        "or on the day on which the Dog Amendment Act 2020 comes into operation, whichever is later.",
        "This local law comes into operation two weeks after the day on which it is published in the Government Gazette.",
        "This local law comes into operation on the first day of the month following the day on which it is published in "
        "the Government Gazette.",
        "This local law comes into operation on the day after the day on which notice of the Minister's approval of it is "
        "published in the Government Gazette.",
    ],
)
def test_commencement_grammar_reads_no_part_of_a_sentence(sentence: str) -> None:
    assert read_day(sentence) is None


@pytest.mark.parametrize(
    ("sentence", "days"),
    [
        ("This local law comes into operation seven clear days after the date of its publication in the Government Gazette.", 8),
        (
            "This local law comes into operation 14 clear days after the day on which it is published in the Government Gazette.",
            15,
        ),
        ("This local law comes into operation seven days after the date of its publication in the Government Gazette.", 7),
    ],
)
def test_clear_days_exclude_the_day_of_commencement_too(sentence: str, days: int) -> None:
    """(review4 c50) "seven clear days after publication": both the day of publication and the day of commencement are
    excluded (Interpretation Act 1984 (WA) s. 61(1)(f)): published on 24 April, the seven clear days are 25 April to 1 May
    and the law is in operation on 2 May, the eighth day after publication. Both readers (commencement.lark and the
    older expressions of ``commencement_rule``) say so."""
    reading = read_day(sentence)
    assert reading is not None and reading.commencement(sentence, PUBLISHED).date == PUBLISHED + dt.timedelta(days=days)
    assert commencement_rule(sentence)[:2] == ("days_after_gazettal", days)
