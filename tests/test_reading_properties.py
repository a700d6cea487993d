"""Word accounting, as a property: an instrument generated from the families is read back as exactly the generated
operations, or refused — never as a different set of operations.

Each generated amending clause holds 1–4 instructions about clause 2.7, lettered ("Clause 2.7 is amended as
follows— (a) …; and (b) …"), after a lead-in ("In clause 2.7(1): (a) delete paragraph (c); (b) in paragraph (d) …")
or not (one after another, unlettered), with and without connectors, and with inserted blocks whose words look
like instructions ("in clause", "delete", "insert") without being one.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lawhistory.amending.instructions import parse_unit, units
from lawhistory.core.errors import LawHistoryError
from lawhistory.files.textformat import parse_fragment
from lawhistory.reading.importers import ImportOptions, read_source
from tests import strategies as S

pytestmark = pytest.mark.slow  # long: `pytest -m "not slow"` leaves it out of the quick local loop

PROPERTY = settings(
    max_examples=S.examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

WORDS = ["dog", "cat", "bird", "vehicle", "permit", "fence", "gate", "noise", "waste", "hall"]
LOOK_ALIKES = ["in clause 3.1", "delete", "insert", "after the words", "replace", "in subclause (2)", "omit"]


@dataclass(frozen=True)
class Gen:
    """One generated instruction: its words (with its target relative to clause 2.7) and the operation it makes."""

    words: str
    rel: str  # the same instruction after the lead-in "In clause 2.7(1):"
    action: str
    target: str
    words_field: str | None = None
    new: str | None = None
    position: str | None = None


@st.composite
def instructions(draw: st.DrawFn, index: int, used: set[str]) -> Gen:
    kind = draw(st.sampled_from(["delete_para", "substitute_words", "insert_words", "delete_words", "insert_para"]))
    para = draw(st.sampled_from([p for p in "abcdefgh" if p not in used] or ["a"]))
    quote = draw(st.sampled_from([("“", "”"), ("‘", "’"), ('"', '"')]))
    a, b = draw(st.sampled_from(WORDS)), draw(st.sampled_from(WORDS))

    def q(w: str) -> str:
        return f"{quote[0]}{w}{quote[1]}"

    if kind == "delete_para":
        used.add(para)
        return Gen(f"in subclause (1) delete paragraph ({para})", f"delete paragraph ({para})", "delete", f"2.7(1)({para})")
    target = f"2.7(1)({para})"
    if kind == "substitute_words":
        edit = f"delete {q(a)} and insert {q(b + 's')}"
        return Gen(f"in subclause (1)({para}) {edit}", f"in paragraph ({para}) {edit}", "substitute_words", target, a, b + "s")
    if kind == "insert_words":
        edit = f"after {q(a)} insert {q(b)}"
        return Gen(f"in subclause (1)({para}) {edit}", f"in paragraph ({para}) {edit}", "insert_words", target, a, b, "after")
    if kind == "delete_words":
        return Gen(f"in subclause (1)({para}) delete {q(a)}", f"in paragraph ({para}) delete {q(a)}", "delete_words", target, a)
    label = f"({'kmnp'[index]})"
    look = draw(st.sampled_from(LOOK_ALIKES))
    text = f"a {a} that the local government may {look} {b} under this local law;"
    return Gen(
        f"in subclause (1) insert— {label} {text}", f"insert— {label} {text}", "insert", "2.7(1)", None, f"{label} {text}", "end"
    )


@st.composite
def clauses(draw: st.DrawFn) -> tuple[str, list[Gen]]:
    n = draw(st.integers(1, 4))
    used: set[str] = set()
    gens = [draw(instructions(i, used)) for i in range(n)]
    layout = draw(st.sampled_from(["lettered", "unlettered", "lead-in"]))
    if layout == "lead-in":
        # "In clause 2.7(1): (a) delete paragraph (c); (b) in paragraph (d) delete “dog” …"
        connector = draw(st.sampled_from([";", "; and"]))
        ends = [("" if g.action == "insert" else connector if i < n - 1 else ".") for i, g in enumerate(gens)]
        parts = [f"({'abcd'[i]}) {g.rel}{end}" for i, (g, end) in enumerate(zip(gens, ends, strict=True))]
        body = "In clause 2.7(1):\n" + "\n".join(parts)
    elif layout == "lettered":
        connector = draw(st.sampled_from([";", "; and", ";"]))
        ends = [("" if g.action == "insert" else connector if i < n - 1 else ".") for i, g in enumerate(gens)]
        parts = [f"({'abcd'[i]}) {g.words}{end}" for i, (g, end) in enumerate(zip(gens, ends, strict=True))]
        body = "Clause 2.7 is amended as follows— " + "\n".join(parts)
    else:
        # unlettered: each a sentence of its own, beginning with a capital
        body = "\n".join(
            "In clause 2.7(1)" + g.words[len("in subclause (1)") :] + ("" if g.action == "insert" else ".") for g in gens
        )
    return body, gens


def _new(action: str, new: str | None) -> str | None:
    """New words as generated: inserted provisions as "(k) their text", one after another."""
    if action != "insert" or new is None:
        return new
    return " ".join(f"{p.num} {p.text}" for p in parse_fragment(new, "subclause"))


def gazette(clause: str) -> str:
    return (
        "SYNTHETIC TEST FIXTURE\n\n9 April 2021 GOVERNMENT GAZETTE, WA 1401\nLOCAL GOVERNMENT ACT 1995\n"
        "SHIRE OF TESTVILLE\nANIMALS AMENDMENT LOCAL LAW 2021\n"
        "Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, "
        "the Council of the Shire of Testville resolved on 16 March 2021 to make the following local law.\n"
        "1. Citation\nThis local law may be cited as the Shire of Testville Animals Amendment Local Law 2021.\n"
        "2. Commencement\nThis local law comes into operation 14 days after the date of its publication in the Government Gazette.\n"
        "3. Principal local law\nThis local law amends the Shire of Testville Animals Local Law 2019 as published in the "
        "Government Gazette on 26 February 2020.\n"
        f"4. Clause 2.7 amended\n{clause}\n————\nDated: 20 March 2021.\n"
    )


@PROPERTY
@given(clauses())
def test_reading_recovers_exactly_the_generated_operations_or_refuses(generated: tuple[str, list[Gen]]) -> None:
    clause, gens = generated
    found = read_source(gazette(clause).encode(), ImportOptions(gazette_date=dt.date(2021, 4, 9), source="generated"), "g")
    (law,) = [law for law in found.laws if law.meta.kind != "principal"]
    try:
        ops = [op for unit in units(law) for op in parse_unit(unit, [])]
    except LawHistoryError:
        return  # refused: allowed, never a different reading
    got = [(op.action, op.target, op.words, _new(op.action, op.new), op.position) for op in ops]
    want = [(g.action, g.target, g.words_field, g.new, g.position) for g in gens]
    assert got == want, clause
