"""(fix13, review 13) An amending clause's heading that names the clauses it inserts, checked against its operations.

"4. Clauses 3.4 and 3.5 inserted / After clause 3.3 insert: 3.4 … 3.5 …": where the words of new text run on over a
line that ends in no closing punctuation, a new clause may be read into the words of the one before it ("… the relevant
Australian Standard 3.5 Cat collars …"), or a number that ends a line read as a new clause ("… the Cat Regulations 2012
r. / 3.5 Cat tags."). The heading ("grammar/inserted_heading.lark") says which clauses the instruction puts in; where its
operations put in fewer clauses or more, the instrument is refused, naming both (the same number of others is a
heading misprinted, no words lost)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from pathlib import Path

from lark import Lark, UnexpectedInput

from ..core.model import Provision
from ..core.operations import Operation
from .grammar.parse import _lalr

INSERTED_HEADING = Path(__file__).with_name("grammar") / "inserted_heading.lark"


@cache
def _parser() -> Lark:
    return _lalr("inserted_heading", INSERTED_HEADING, "inserted_heading")


@lru_cache(maxsize=4096)
def named_inserted(heading: str) -> tuple[str, ...] | None:
    """The clause numbers a heading names as inserted ("Clauses 3.4 and 3.5 inserted" → ("3.4", "3.5")), or None."""
    try:
        tree = _parser().parse(heading)
    except UnexpectedInput:
        return None
    return tuple(str(t) for t in tree.children if getattr(t, "type", None) == "LABEL")


def _clauses_of(provisions: Iterable[Provision]) -> list[str]:
    """The clause numbers among ``provisions`` and the Parts and Divisions they hold (not a clause's own children)."""
    out: list[str] = []
    for p in provisions:
        if p.kind == "clause" and p.num:
            out.append(p.num.rstrip("."))
        elif p.kind in ("part", "division", "subdivision"):
            out += _clauses_of(p.children)
    return out


def _clause_head(clause: str) -> str:
    """The instrument clause an operation comes from ("4(1)(a)" → "4")."""
    return clause.split("(", 1)[0].rstrip(".")


def check_named_inserts(body: tuple[Provision, ...], ops: list[Operation]) -> str | None:
    """Why the instrument is refused — an amending clause whose heading names the clauses it inserts, and whose
    operations insert more clauses or fewer — or None. Only clauses put in as new provisions count."""
    for clause in _instrument_clauses(body):
        named = named_inserted(" ".join((clause.heading or "").split()))
        if named is None:
            continue
        own = [op for op in ops if _clause_head(op.clause) == (clause.num or "").rstrip(".")]
        inserted = [num for op in own if op.provisions for num in _clauses_of(op.provisions)]
        if not own or not inserted or len(set(inserted)) == len(set(named)):
            # (the same count, other numbers: a heading misprinted — "Clause 3.14 inserted" over "3.12 Overgrown verges" —
            # loses no words; none inserted: the clause's new text holds no clause, another check's concern)
            continue
        said = ", ".join(named)
        got = ", ".join(inserted)
        return (
            f"cl. {clause.num}: its heading “{' '.join((clause.heading or '').split())}” names clause(s) {said} inserted, "
            f"but its new text was read as inserting {got}; where one new clause ends and the next begins is uncertain "
            "(a line of new text ending in no full stop, its next clause's number read into its words, or a number at a "
            "line's start read as a clause), so nothing was applied — check the gazette"
        )
    return None


def _instrument_clauses(body: Iterable[Provision]) -> list[Provision]:
    out: list[Provision] = []
    for p in body:
        if p.kind == "clause":
            out.append(p)
        elif p.kind in ("part", "division", "subdivision"):
            out += _instrument_clauses(p.children)
    return out
