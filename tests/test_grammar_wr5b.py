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
