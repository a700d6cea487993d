"""wr8 (issue 20): review 7's headed dotted clauses, commencement words and by-law headings left over.

- New clauses inserted with each heading printed above its dotted number ("Cat registration / 3.4. A cat must be
  registered. / Cat tags / 3.5. A cat must wear a tag."): review 7 found two such clauses read as ONE clause swallowing
  the next (g05, g08, g10), then refused; now each is read as the clause it is, headed (structure.lark's
  ``heading_above_next``, asked at each full stop, taken only where its number follows the one before).

Fixtures: review 7's g-probes are in tests/fixtures/review6/ (synthetic, its README); the rest are payloads inline.
"""

from __future__ import annotations

import datetime as dt
import tempfile
from pathlib import Path

import pytest

from lawhistory.amending.amend import amend
from lawhistory.amending.parts import payload_provisions
from lawhistory.amending.timeline import build_timeline
from lawhistory.core.errors import LawHistoryError
from lawhistory.core.versions import in_force
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse, render_body

REVIEW6 = Path(__file__).parent / "fixtures" / "review6"


def _read(payload: str) -> list[tuple[str | None, str | None, str | None, list[tuple[str | None, str | None]]]]:
    return [(p.num, p.heading, p.text, [(c.num, c.text) for c in p.children]) for p in payload_provisions(payload, [])]


@pytest.mark.parametrize(
    ("payload", "want"),
    [
        (  # g05
            "Cat registration 3.4. A cat must be registered. Cat tags 3.5. A cat must wear a tag.",
            [("3.4", "Cat registration", "A cat must be registered.", []), ("3.5", "Cat tags", "A cat must wear a tag.", [])],
        ),
        (  # g08
            "Cat registration 3.4. (1) A cat must be registered. (2) A registration is valid for one year. Cat tags "
            "3.5. A cat must wear a tag.",
            [
                (
                    "3.4",
                    "Cat registration",
                    None,
                    [("(1)", "A cat must be registered."), ("(2)", "A registration is valid for one year.")],
                ),
                ("3.5", "Cat tags", "A cat must wear a tag.", []),
            ],
        ),
        (  # g09
            "Cat registration 3.4. A cat must be registered. Cat tags 3.5. (1) A cat must wear a tag. "
            "(2) The tag must show the owner's name.",
            [
                ("3.4", "Cat registration", "A cat must be registered.", []),
                ("3.5", "Cat tags", None, [("(1)", "A cat must wear a tag."), ("(2)", "The tag must show the owner's name.")]),
            ],
        ),
        (  # g10
            "Dog registration 2.5B. A dog must be registered. Dog tags 2.5C. A dog must wear a tag.",
            [("2.5B", "Dog registration", "A dog must be registered.", []), ("2.5C", "Dog tags", "A dog must wear a tag.", [])],
        ),
        (  # three, the last inserted after the second (3.5 → 3.5A)
            "Cat registration 3.4. A cat must be registered. Cat tags 3.5. A cat must wear a tag. Tag colours "
            "3.5A. A tag must be yellow.",
            [
                ("3.4", "Cat registration", "A cat must be registered.", []),
                ("3.5", "Cat tags", "A cat must wear a tag.", []),
                ("3.5A", "Tag colours", "A tag must be yellow.", []),
            ],
        ),
    ],
)
def test_clauses_headed_above_dotted_numbers_are_read_each_headed(payload: str, want: list[object]) -> None:
    assert _read(payload) == want


@pytest.mark.parametrize(
    "payload",
    [
        # g07, g11: a clause after the headed one with no heading above its number: refused (its heading is uncertain)
        "Cat registration 3.4. A cat must be registered. 3.5. A cat must wear a tag.",
        "Cat registration 3.4. A cat must be registered. Penalty: $100. 3.5. A cat must wear a tag.",
        # the next number does not follow (3.4 then 3.7): not taken as a heading above it
        "Cat registration 3.4. A cat must be registered. Cat tags 3.7. A cat must wear a tag.",
        # words that open a sentence before the number ("The fee 3.5."): not taken as a heading
        "Cat registration 3.4. A cat must be registered. The fee 3.5. A cat must wear a tag.",
    ],
)
def test_headed_dotted_clauses_that_cannot_be_told_apart_are_refused(payload: str) -> None:
    with pytest.raises(LawHistoryError, match="could not be read whole"):
        payload_provisions(payload, [])


@pytest.mark.parametrize(
    ("name", "lines"),
    [
        ("r7-g05-heading-above-dotted-two", ["3.4 Cat registration", "A cat must be registered.", "3.5 Cat tags"]),
        (
            "r7-g08-heading-dotted-subcl-then-headed",
            ["3.4 Cat registration", "(2) A registration is valid for one year.", "3.5 Cat tags", "A cat must wear a tag."],
        ),
        (
            "r7-g10-heading-dotted-words-then-headed-dotted-subcl",
            ["2.5B Dog registration", "A dog must be registered.", "2.5C Dog tags", "A dog must wear a tag."],
        ),
    ],
)
def test_review7_headed_dotted_clauses_amend_the_law_as_separate_clauses(name: str, lines: list[str]) -> None:
    repo = Repository.init(Path(tempfile.mkdtemp()) / "repo")
    text = (REVIEW6 / "principal.txt").read_text(encoding="utf-8")
    repo.write_text(repo.law_path(parse(text, path="principal.txt").meta.id), text)
    (outcome,) = amend(repo, REVIEW6 / f"{name}.txt")[0]
    assert outcome.status == "applied", outcome.reason
    (law,) = repo.load_laws()
    version = in_force(build_timeline(law, repo.load_instruments()), dt.date(2020, 5, 8))[1]
    assert version is not None
    got = [line.strip() for line in render_body(version.body).splitlines()]
    at = got.index(lines[0])
    assert got[at : at + len(lines) + 3].count("") <= 3
    for line in lines:
        assert line in got, line
    assert [g for g in got if g.startswith(("3.4", "3.5", "2.5B", "2.5C"))] == [g for g in lines if g[:1].isdigit()]


# --- commencement: a clause's own day "until the day after 30 June 2020"; a floor on the whole law's day -------------

_CLAUSES = ("1", "2", "3", "4", "5", "6")
_LAW = "(1) This local law comes into operation 14 days after the day on which it is published in the Government Gazette"


@pytest.mark.parametrize(
    ("wording", "first", "clause5"),
    [
        # review7 c07: clause 5 held until the day after 30 June 2020 (1 July), the rest on the 14th day (8 May)
        (
            f"{_LAW}. (2) However, clause 5 does not come into operation until the day after 30 June 2020.",
            "2020-05-08",
            "2020-07-01",
        ),
        # the whole law not before 1 June: the rest on 1 June, clause 5 held until 1 July
        (
            f"{_LAW}, but not before 1 June 2020. (2) However, clause 5 does not come into operation until 1 July 2020.",
            "2020-06-01",
            "2020-07-01",
        ),
        # the whole law not before 1 June, clause 5 held until 1 May: clause 5 is not before the law's own floor either
        (
            f"{_LAW}, but not before 1 June 2020. (2) However, clause 5 does not come into operation until 1 May 2020.",
            "2020-06-01",
            None,
        ),
        # the whole law not before 1 May (earlier than its 14th day): 8 May; clause 5 its own day
        (
            f"{_LAW}, but not before 1 May 2020. (2) Clause 5 comes into operation on 1 July 2020.",
            "2020-05-08",
            "2020-07-01",
        ),
    ],
)
def test_split_commencement_floors_are_read(wording: str, first: str, clause5: str | None) -> None:
    from lawhistory.core.dates import principal_commencement

    got = principal_commencement(wording, dt.date(2020, 4, 24), _CLAUSES)
    assert got.rule == "by_clause"
    assert got.date == dt.date.fromisoformat(first)
    assert dict(got.clauses) == ({"5": dt.date.fromisoformat(clause5)} if clause5 else {})


@pytest.mark.parametrize(
    "wording",
    [
        # a floor counted from publication, a condition, a day that does not exist: refused, naming the words
        f"{_LAW}. (2) However, clause 5 does not come into operation until the day after the day on which it is published.",
        f"{_LAW}. (2) However, clause 5 does not come into operation until the day after 31 June 2020.",
        f"{_LAW}, but not before the day after 30 June 2020 unless the Minister approves. (2) Clause 5 comes into operation on 1 July 2020.",
    ],
)
def test_split_commencement_floors_not_read_are_refused(wording: str) -> None:
    from lawhistory.core.dates import principal_commencement

    with pytest.raises(LawHistoryError, match="not"):
        principal_commencement(wording, dt.date(2020, 4, 24), _CLAUSES)


def test_the_day_after_a_date_is_read_as_a_commencement_day() -> None:
    from lawhistory.core.dates import read_day

    read = read_day("This local law comes into operation on the day after 30 June 2020.")
    assert read is not None and [d.fixed for d in read.days] == [dt.date(2020, 7, 1)]


# --- an amending heading naming provisions by their kind alone: "By-laws repealed" (review5 b06) -------------------

WR8 = Path(__file__).parent / "fixtures" / "wr8"


@pytest.mark.parametrize(
    ("text", "end"),
    [
        ("By-laws repealed By-laws 3 and 4 of the Shire of Testville Dogs By-laws are repealed.", len("By-laws repealed")),
        ("Clauses amended In clause 3.2 delete “dog”.", len("Clauses amended")),
        ("By-laws 3 and 4 repealed By-laws 3 and 4 of …", len("By-laws 3 and 4 repealed")),
        # a singular kind with no number, and a plural not right before the verb, are not headings read
        ("By-law repealed By-law 3 of the … is repealed.", None),
        ("Clauses of the law are amended", None),
    ],
)
def test_an_amending_heading_may_name_a_kind_alone(text: str, end: int | None) -> None:
    from lawhistory.core.headings import amending_heading_end

    assert amending_heading_end(text) == end


def test_review5_b06_by_laws_repealed_under_a_heading_naming_no_number() -> None:
    """ "4. By-laws repealed / By-laws 3 and 4 of the Shire of Testville Dogs By-laws are repealed.": the heading was
    read into the clause's words and the instruction refused as unread; now it is set aside, and with the law linked
    (its title has no year) by-laws 3 and 4 are deleted, the law not repealed."""
    repo = Repository.init(Path(tempfile.mkdtemp()) / "repo")
    text = (WR8 / "b06-principal.txt").read_text(encoding="utf-8")
    law_id = parse(text, path="b06-principal.txt").meta.id
    repo.write_text(repo.law_path(law_id), text)
    (outcome,) = amend(repo, WR8 / "b06-bylaws-repealed.txt", link=law_id)[0]
    assert outcome.status == "applied", outcome.reason
    assert [(op.action.value, op.target) for op in outcome.instrument.operations] == [("delete", "3"), ("delete", "4")]
    (law,) = repo.load_laws()
    timeline = build_timeline(law, repo.load_instruments())
    assert timeline.repealed_from is None
    body = render_body(timeline.versions[-1].body)
    assert "2. A dog shall be held on a lead" in body and "playground" not in body and "Penalty" not in body


def test_undotted_clauses_headed_above_their_numbers_are_read_since_wr10() -> None:
    """review35 e7's shape ("… subject to conditions. Spraying near schools 10A. (1) …"): refused by wr8 (dotted numbers
    only); (wr10) read, 10A following 10 and its heading no sentence's end: two clauses, each headed."""
    payload = (
        "Permission required for aerial spraying 10. (1) A person shall not spray. (2) Permission may be granted "
        "subject to conditions. Spraying near schools 10A. (1) A person shall not spray near a school."
    )
    read = payload_provisions(payload, [])
    assert [(p.num, p.heading, [c.num for c in p.children]) for p in read] == [
        ("10", "Permission required for aerial spraying", ["(1)", "(2)"]),
        ("10A", "Spraying near schools", ["(1)"]),
    ]
