"""wr5b (issue 20): review 5's amending clauses headed "By-law 3 repealed", "By-law 2 amended" or "Repeal" are read.

Each fixture (tests/fixtures/wr5b/, synthetic; its README says what each once did) is run as ``lawhistory amend`` runs
it (``benchmarks.real_cases.run_case``) and gives the law expected.txt holds. Each was refused before the fix.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.real_cases import run_case
from lawhistory.core.headings import amending_heading_end
from lawhistory.reading.headings import take_heading

CASES = Path(__file__).parent / "fixtures" / "wr5b"
NAMES = sorted(p.name for p in CASES.iterdir() if (p / "expected.yml").is_file())


@pytest.mark.parametrize("name", NAMES)
def test_a_by_law_headed_amending_clause_is_read_exactly(name: str) -> None:
    result = run_case(CASES / name)
    assert (result.verdict, result.problems) == ("exact", []), result.message


@pytest.mark.parametrize(
    ("words", "end"),
    [
        ("By-law 3 repealed By-law 3 of the Shire of X By-laws is repealed.", len("By-law 3 repealed")),
        ("By-laws 3 and 4 repealed By-laws 3 and 4 of the X are repealed.", len("By-laws 3 and 4 repealed")),
        ("By-law 2 amended By-law 2 of the X is amended by …", len("By-law 2 amended")),
        # a by-law named in a sentence is no heading
        ("By-law 3 of the Shire of X By-laws is repealed.", None),
    ],
)
def test_an_amending_heading_may_name_a_by_law(words: str, end: int | None) -> None:
    assert amending_heading_end(words) == end


def test_a_heading_ends_before_a_by_law_the_clause_s_words_begin_with() -> None:
    s = "4. Repeal By-law 3 of the Shire of X By-laws Relating to Y published in the Government Gazette on 15 May 1987 is repealed."
    assert take_heading(s, 2, known=None, mode="instrument")[0] == "Repeal"


@pytest.mark.parametrize(
    ("payload", "want"),
    [
        ("Cat registration 3.4. A cat must be registered.", ("Cat registration", "3.4")),
        ("Permission required for aerial spraying 10. (1) A person …", ("Permission required for aerial spraying", "10")),
        # a heading ending in a provision's kind is no heading ("… under clause 3. …")
        ("Fees under clause 3.4. A fee is payable.", None),
    ],
)
def test_a_heading_above_a_dotted_number_is_read_with_the_clause_s_words(payload: str, want: object) -> None:
    from lawhistory.amending.grammar.parse import heading_above_number

    got = heading_above_number(payload)
    assert (got[:2] if got else None) == want


@pytest.mark.parametrize(
    ("sentence", "published", "day"),
    [
        # review4 c12: the later of a fixed day and the day after publication
        (
            "This local law comes into operation on 1 July 2020 or on the day after it is published in the Government "
            "Gazette, if that is later.",
            "2020-07-10",
            "2020-07-11",
        ),
        (
            "This local law comes into operation on 1 July 2020 or on the day after it is published in the Government "
            "Gazette, if that is later.",
            "2020-06-10",
            "2020-07-01",
        ),
        # review4 c49: a month, then a day after it
        (
            "This local law comes into operation one month and one day after the date of its publication in the "
            "Government Gazette.",
            "2020-04-24",
            "2020-05-25",
        ),
        (
            "This local law comes into operation on the day after it is published in the Government Gazette.",
            "2020-04-24",
            "2020-04-25",
        ),
    ],
)
def test_a_commencement_of_a_later_day_or_a_month_and_a_day_is_read(sentence: str, published: str, day: str) -> None:
    import datetime as dt

    from lawhistory.core.dates import read_day

    reading = read_day(sentence)
    assert reading is not None
    assert reading.commencement(sentence, dt.date.fromisoformat(published)).date == dt.date.fromisoformat(day)


@pytest.mark.parametrize(
    "sentence",
    [
        # two days with no condition saying which, and a week (no unit this grammar reads), stay unread
        "This local law comes into operation on 1 July 2020 or on the day after it is published in the Government Gazette.",
        "This local law comes into operation one month and one week after the date of its publication in the Government Gazette.",
    ],
)
def test_a_commencement_with_words_unread_is_still_not_read(sentence: str) -> None:
    from lawhistory.core.dates import read_day

    assert read_day(sentence) is None


def test_a_dotted_clause_number_with_a_full_stop_before_its_first_subclause_is_a_label() -> None:
    from lawhistory.amending.parts import _payload_provisions

    (clause,) = _payload_provisions("2.3A. (1) A person must not keep a dog. (2) Subclause (1) does not apply.", [])
    assert (clause.kind, clause.num, clause.heading, clause.text) == ("clause", "2.3A", None, None)
    assert [c.num for c in clause.children] == ["(1)", "(2)"]
    # a citation ending a sentence, a subclause after it: no clause label
    got = _payload_provisions("(1) A person must comply with clause 2.3. (2) A person must not.", [])
    assert [(p.num, p.text) for p in got] == [("(1)", "A person must comply with clause 2.3."), ("(2)", "A person must not.")]
