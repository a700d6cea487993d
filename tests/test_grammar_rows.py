"""Table rows found by what they cite, and rows put in a table's numerical order (wa.lark, the block marked "r2rows").

Synthetic laws and instruments (invented text, not law). Each instrument is run the way ``lawhistory amend`` runs it, in
a fresh repository holding the principal law, and the table of the law in force after it is compared row by row — the
same for every rewording of the instruction — or its refusal is checked to name what is uncertain.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from lawhistory.amending.amend import amend
from lawhistory.amending.instructions import InstructionNotUnderstood, parse_unit
from lawhistory.amending.parts import Unit
from lawhistory.amending.timeline import build_timeline
from lawhistory.core.errors import LawHistoryError
from lawhistory.core.versions import in_force
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse

HEAD = """---
id: testville/property-local-law-2016
title: Shire of Testville Property Local Law 2016
local_government: Shire of Testville
kind: principal
made: null
gazette:
  date: 2016-05-20
  number: null
  pages: null
commencement:
  wording: This local law comes into operation 14 days after the date of its publication in the Government Gazette.
  rule: days_after_gazettal
  days: 14
  date: 2016-06-03
partial: true
source: 'synthetic test fixture (invented text, not law)'
---

2.5 Use of property
  (1) The local government may make a determination about the use of property.
  (2) A person must comply with a determination.

"""

#: A table whose first column cites the clause (rows without item numbers): two neighbouring rows have one penalty.
CLAUSES = (
    HEAD
    + """Schedule 1—PRESCRIBED OFFENCES
| Clause | Description | Modified penalty $ |
|---|---|---|
| 2.5(2) | Failing to comply with a determination | 100 |
| 2.7(2) | Pursuing an activity not determined | 100 |
| 3.1 | Carrying on an activity without a permit | 150 |
| 4.3(a) | Taking fauna | 200 |
| 4.3(b) | Removing flora | 200 |
"""
)

#: A table numbered by item whose clause cells name their kind ("clause 17(1)").
ITEMS = (
    HEAD
    + """Schedule 1—PRESCRIBED OFFENCES
| Item | Clause | Modified penalty $ |
|---|---|---|
| 1. | clause 2.5(2) | 100 |
| 2. | clause 3.1 | 150 |
| 3. | clause 4.3(a) | 200 |
"""
)

ORIGINAL = [
    ("2.5(2)", "Failing to comply with a determination", "100"),
    ("2.7(2)", "Pursuing an activity not determined", "100"),
    ("3.1", "Carrying on an activity without a permit", "150"),
    ("4.3(a)", "Taking fauna", "200"),
    ("4.3(b)", "Removing flora", "200"),
]


def instrument(body: str, year: int = 2020) -> str:
    return f"""MODELLED TEST FIXTURE — synthetic (invented text, not law)

LOCAL GOVERNMENT ACT 1995

SHIRE OF TESTVILLE

PROPERTY AMENDMENT LOCAL LAW {year}

Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the Council of the Shire of Testville resolved on 2 March {year} to make the following local law.

1. Citation
This local law may be cited as the Shire of Testville Property Amendment Local Law {year}.

2. Commencement
This local law comes into operation 14 days after the date of its publication in the Government Gazette.

3. Principal local law
This local law amends the Shire of Testville Property Local Law 2016 published in the Government Gazette on 20 May 2016.

4. Schedule 1 amended
{body}

————
Dated: 3 March {year}.
The Common Seal of the Shire of Testville was affixed by authority of a resolution of the Council in the presence of—
A. B. EXAMPLE, Shire President.
C. D. EXAMPLE, Chief Executive Officer.
———————————
"""


def run(tmp_path: Path, principal: str, body: str, *earlier: tuple[str, int]) -> list[tuple[str, ...]]:
    """The rows of Schedule 1 in force after the instrument whose clause 4 is ``body`` (LawHistoryError if refused),
    and after the instruments ``earlier`` (clause 4, year: each commencing before it) amended after it."""
    repo = Repository.init(tmp_path / "repo")
    law = parse(principal)
    repo.write_text(repo.law_path(law.meta.id), principal)
    for n, (text, year) in enumerate([(body, 2020), *earlier]):
        path = tmp_path / f"instrument-{n}.txt"
        path.write_text(instrument(text, year), encoding="utf-8")
        amend(repo, path, gazette_date=dt.date(year, 3, 10), discard=True)
    (law,) = repo.load_laws()
    _, version = in_force(build_timeline(law, repo.load_instruments()), dt.date(2020, 3, 24))
    assert version is not None
    (sched,) = [p for p in version.body if p.kind == "schedule"]
    return [c.cells for c in sched.children if c.kind == "item"]


def refusal(tmp_path: Path, principal: str, body: str) -> str:
    with pytest.raises(LawHistoryError) as e:
        run(tmp_path, principal, body)
    return " ".join(str(e.value).split())


def with_row(rows: list[tuple[str, ...]], at: int, row: tuple[str, ...]) -> list[tuple[str, ...]]:
    return [*rows[:at], row, *rows[at:]]


NEW = ("2.8(2)", "Smoking in contravention of a determination", "100")
BARS = "| 2.8(2) | Smoking in contravention of a determination | 100 |"


# --- a row found by what it cites, in every row action --------------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        "In Schedule 1, in the item relating to clause 4.3(a), in the column headed “Modified penalty $”, delete “200” and "
        "insert “500”.",
        "In Schedule 1 in the row relating to clause 4.3(a) in the column headed “Modified penalty $” delete “200” and "
        "substitute “500”.",
        "In Schedule 1, in the item in respect of clause 4.3(a), delete “200” and insert “500”.",
        "In Schedule 1—\n(a) in the item relating to clause 4.3(a), in the column headed “Modified penalty $”, delete “200” "
        "and insert “500”; and\n(b) in the item relating to clause 3.1 delete “150” and insert “175”.",
    ],
)
def test_a_word_edit_in_the_row_citing_a_clause_changes_that_row_only(tmp_path: Path, body: str) -> None:
    # 4.3(b) holds “200” too: the edit is made in the one row citing 4.3(a)
    want = [*ORIGINAL[:3], ("4.3(a)", "Taking fauna", "500"), ORIGINAL[4]]
    if "3.1" in body:
        want[2] = ("3.1", "Carrying on an activity without a permit", "175")
    assert run(tmp_path, CLAUSES, body) == want


def test_a_word_edit_in_the_rows_citing_two_clauses_changes_each(tmp_path: Path) -> None:
    body = (
        "In Schedule 1, in the items relating to clauses 2.5(2) and 2.7(2), in the column headed “Modified penalty $”, "
        "delete “100” and insert “120”."
    )
    got = run(tmp_path, CLAUSES, body)
    assert [r[2] for r in got] == ["120", "120", "150", "200", "200"]


@pytest.mark.parametrize(
    "body",
    [
        "In Schedule 1 delete the item relating to clause 3.1.",
        "In Schedule 1 delete the row relating to clause 3.1.",
        "In Schedule 1 omit the item relating to clause 3.1.",
    ],
)
def test_the_row_citing_a_clause_is_deleted(tmp_path: Path, body: str) -> None:
    assert run(tmp_path, CLAUSES, body) == [*ORIGINAL[:2], *ORIGINAL[3:]]


def test_the_rows_citing_two_clauses_are_each_deleted(tmp_path: Path) -> None:
    # the second row is found after the first is gone (rows without item numbers are cited by their place)
    got = run(tmp_path, CLAUSES, "In Schedule 1 delete the items relating to clauses 2.7(2) and 4.3(a).")
    assert got == [ORIGINAL[0], ORIGINAL[2], ORIGINAL[4]]


@pytest.mark.parametrize(
    "body",
    [
        "In Schedule 1 delete the item relating to clause 3.1 and insert—\n| 3.1 | Carrying on an activity without a permit | 175 |",
        "In Schedule 1 delete the row relating to clause 3.1 and substitute—\n| 3.1 | Carrying on an activity without a permit | 175 |",
    ],
)
def test_the_row_citing_a_clause_is_replaced(tmp_path: Path, body: str) -> None:
    got = run(tmp_path, CLAUSES, body)
    assert got == [*ORIGINAL[:2], ("3.1", "Carrying on an activity without a permit", "175"), *ORIGINAL[3:]]


@pytest.mark.parametrize(
    "body",
    [
        f"In Schedule 1, after the item relating to clause 2.7(2) insert—\n{BARS}",
        f"In Schedule 1 after the row relating to clause 2.7(2) insert the following—\n{BARS}",
        f"In Schedule 1, before the item relating to clause 3.1 insert—\n{BARS}",
        f"In Schedule 1 insert before the item relating to clause 3.1—\n{BARS}",
    ],
)
def test_rows_are_inserted_beside_the_row_citing_a_clause(tmp_path: Path, body: str) -> None:
    assert run(tmp_path, CLAUSES, body) == with_row(ORIGINAL, 2, NEW)


def test_a_row_cited_in_a_table_numbered_by_item_is_found_by_its_clause_cell(tmp_path: Path) -> None:
    body = "In Schedule 1, in the item relating to clause 4.3(a), in the column headed “Modified penalty $”, delete “200” and insert “500”."
    assert run(tmp_path, ITEMS, body)[2] == ("3.", "clause 4.3(a)", "500")


def test_a_row_cited_by_words_is_found_by_the_cell_holding_them(tmp_path: Path) -> None:
    principal = CLAUSES.replace("| 3.1 |", "| Local Government Act 1995 section 9.16 |")
    body = "In Schedule 1 delete the row relating to the Local Government Act 1995 section 9.16."
    assert [r[0] for r in run(tmp_path, principal, body)] == ["2.5(2)", "2.7(2)", "4.3(a)", "4.3(b)"]


# --- rows put in the table's numerical order ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "lead",
    [
        "In Schedule 1 insert in the appropriate numerical order—",
        "In Schedule 1 insert in numerical order:",
        "In Schedule 1 insert the following in the correct numerical order—",
        "In Schedule 1, in the appropriate numerical order, insert—",
    ],
)
@pytest.mark.parametrize(
    ("row", "at"),
    [
        ("| 2.8(2) | Smoking in contravention of a determination | 100 |", 2),
        ("| 1.4 | Obstructing an officer | 300 |", 0),
        ("| 5.1 | Failing to leave when directed | 100 |", 5),
        ("| 4.3(aa) | Feeding fauna | 50 |", 5),  # a lettered part of two letters: no order told
        ("| 2.10 | Damaging a sign | 100 |", 2),  # 2.10 comes after 2.7, not before
    ],
)
def test_a_row_is_put_among_the_rows_by_the_clause_it_cites(tmp_path: Path, lead: str, row: str, at: int) -> None:
    cells = tuple(c.strip() for c in row.strip("|").split("|"))
    body = f"{lead}\n{row}"
    if "(aa)" in row:
        assert "numerical order" in refusal(tmp_path, CLAUSES, body)
        return
    assert run(tmp_path, CLAUSES, body) == with_row(ORIGINAL, at, cells)


def test_two_rows_in_one_instruction_each_go_to_their_own_place(tmp_path: Path) -> None:
    body = (
        "In Schedule 1 insert in the appropriate numerical order—\n| 4.4 | Feeding fauna | 50 |\n| 2.6 | Leaving rubbish | 80 |"
    )
    got = run(tmp_path, CLAUSES, body)
    assert [r[0] for r in got] == ["2.5(2)", "2.6", "2.7(2)", "3.1", "4.3(a)", "4.3(b)", "4.4"]


def test_a_numbered_table_is_put_in_order_by_item_and_clause_together(tmp_path: Path) -> None:
    body = "In Schedule 1 insert in the appropriate numerical order—\n| 2A. | clause 3.2 | 120 |"
    assert [r[0] for r in run(tmp_path, ITEMS, body)] == ["1.", "2.", "2A.", "3."]


def test_rows_placed_and_found_in_one_instrument_see_each_other(tmp_path: Path) -> None:
    # the row found by its clause after a row is inserted before it is still that row (rows are cited by place)
    body = (
        f"(1) In Schedule 1 insert in the appropriate numerical order—\n{BARS}\n"
        "(2) In Schedule 1 delete the item relating to clause 3.1.\n"
        "(3) In Schedule 1, in the item relating to clause 4.3(a), in the column headed “Modified penalty $”, delete “200” "
        "and insert “500”.\n"
        "(4) In Schedule 1 insert in numerical order—\n| 2.9 | Damaging a sign | 100 |"
    )
    got = run(tmp_path, CLAUSES, body)
    assert got == [
        ORIGINAL[0],
        ORIGINAL[1],
        NEW,
        ("2.9", "Damaging a sign", "100"),
        ("4.3(a)", "Taking fauna", "500"),
        ORIGINAL[4],
    ]


def test_rows_found_and_placed_are_told_again_when_an_earlier_instrument_arrives_later(tmp_path: Path) -> None:
    # stored first, the 2020 instrument names rows by what they cite; the 2018 one, added after, inserts a row before
    # them: applied in commencement order, the 2020 changes still reach the rows they cite (not the rows at their place)
    body = (
        f"(1) In Schedule 1 insert in the appropriate numerical order—\n{BARS}\n"
        "(2) In Schedule 1, in the item relating to clause 4.3(a), in the column headed “Modified penalty $”, delete “200” "
        "and insert “500”.\n"
        "(3) In Schedule 1 delete the item relating to clause 4.3(b)."
    )
    earlier = "In Schedule 1, after the item relating to clause 2.5(2) insert—\n| 2.6 | Leaving rubbish | 80 |"
    got = run(tmp_path, CLAUSES, body, (earlier, 2018))
    assert got == [
        ORIGINAL[0],
        ("2.6", "Leaving rubbish", "80"),
        ORIGINAL[1],
        NEW,
        ORIGINAL[2],
        ("4.3(a)", "Taking fauna", "500"),
    ]


# --- refused when the row or the order cannot be told ---------------------------------------------------------------


def test_a_row_no_row_cites_is_refused_naming_it(tmp_path: Path) -> None:
    got = refusal(tmp_path, CLAUSES, "In Schedule 1 delete the item relating to clause 4.3.")
    assert "no row of Schedule 1 cites clause 4.3," in got


def test_a_row_several_rows_cite_is_refused_naming_them(tmp_path: Path) -> None:
    principal = CLAUSES.replace("| 4.3(b) | Removing flora |", "| 4.3(a) | Removing flora |")
    got = refusal(tmp_path, principal, "In Schedule 1, in the item relating to clause 4.3(a), delete “200” and insert “500”.")
    assert "2 rows of Schedule 1 cite clause 4.3(a)" in got and "Taking fauna" in got and "Removing flora" in got


def test_a_row_citing_what_a_row_cites_already_is_refused(tmp_path: Path) -> None:
    got = refusal(tmp_path, CLAUSES, "In Schedule 1 insert in the appropriate numerical order—\n| 2.7(2) | Camping | 100 |")
    assert "cites 2.7(2) already" in got and "Camping" in got


def test_rows_out_of_order_give_no_numerical_order(tmp_path: Path) -> None:
    principal = CLAUSES.replace("| 2.5(2) |", "| 3.9 |")
    got = refusal(tmp_path, principal, f"In Schedule 1 insert in the appropriate numerical order—\n{BARS}")
    assert "cannot be told from the table" in got and "“Clause” does not give one" in got


def test_columns_that_disagree_give_no_numerical_order(tmp_path: Path) -> None:
    got = refusal(tmp_path, ITEMS, "In Schedule 1 insert in the appropriate numerical order—\n| 4. | clause 2.6 | 120 |")
    assert "its columns put it in different places" in got


def test_a_row_between_two_rows_a_sub_heading_parts_is_refused(tmp_path: Path) -> None:
    principal = CLAUSES.replace("| 3.1 |", "Permits\n| 3.1 |")
    got = refusal(
        tmp_path, principal, "In Schedule 1 insert in the appropriate numerical order—\n| 2.9 | Damaging a sign | 100 |"
    )
    assert "a line of the table stands between" in got and "Permits" in got


def test_the_instruction_reads_the_same_operations_in_its_rewordings() -> None:
    texts = [
        "In Schedule 1, in the item relating to clause 4.3(a), in the column headed “Modified penalty $”, delete “200” and "
        "insert “500”.",
        "In Schedule 1 in the item relating to clause 4.3(a) in the column headed “Modified penalty $” delete “200” and "
        "insert in its place “500”.",
        "In Schedule 1, in the item relating to clause 4.3(a), in the column headed “Modified penalty $”, omit “200” and "
        "substitute “500”.",
    ]
    got = {tuple((o.action, o.target, o.words, o.new) for o in parse_unit(Unit("5", t, None))) for t in texts}
    assert got == {(("substitute_words", "Schedule 1 row relating to clause 4.3(a) column “Modified penalty $”", "200", "500"),)}


@pytest.mark.parametrize(
    "text",
    [
        "In the item relating to clause 4.3(a) delete “200” and insert “500”.",  # no schedule named
        "In clause 4.3 insert in the appropriate numerical order— | 4.3(c) | Feeding fauna | 50 |",  # not a table
        "In Schedule 1 insert in the appropriate numerical order— 4.3(c) Feeding fauna",  # cells cannot be told
        "In Schedule 1 delete the items relating to clauses 3.1 and 4.3(a) and insert— | 3.1 | Permit | 150 |",
    ],
)
def test_rows_named_without_a_table_or_their_cells_are_refused(text: str) -> None:
    with pytest.raises(InstructionNotUnderstood) as e:
        parse_unit(Unit("5", text, None))
    assert re.search(r"schedule|rows", str(e.value))
