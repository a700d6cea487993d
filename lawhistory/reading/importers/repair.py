"""Labels and headings a source lost, put back from what the source itself holds — each with a note.

Some sources drop words at the edges of the pieces they were cut into (the legislation-API export of
Kulin Health prints its citation sentence without ``1.1 Citation``, clauses 1.3 and 1.4 without
their headings, and no ``PART 1`` line at all). What the source still holds can put them back:

* a clause printed without its heading gets the heading its contents page lists for it;
* the unlabelled words just before the law's first clause when it is ``1.2`` (and there is no ``1.1``)
  are clause ``1.1`` (its label is what the numbering requires; its heading only if the contents page
  lists one);
* clauses ``1.x`` standing before ``PART 2`` with no ``PART 1`` are Part 1 (its heading only if
  the contents page lists one).

Nothing else is invented. Every label or heading supplied is named in a note that starts
``supplied:`` and quotes the words supplied, so a reader (and tests/test_fidelity.py) can tell
them from the printed words.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ...core.labels import clause_key
from ...core.model import Provision

SUPPLIED = "supplied:"


def supplied_words(notes: tuple[str, ...] | list[str]) -> list[str]:
    """The words that ``repair`` supplied, as its notes quote them."""
    out: list[str] = []
    for note in notes:
        if note.startswith(SUPPLIED):
            out += re.findall(r"‘([^’]+)’", note)
    return out


def repair(body: tuple[Provision, ...], preface: int, headings: dict[str, str], notes: list[str]) -> tuple[Provision, ...]:
    """``body`` with lost labels and headings supplied from the source's own contents page and numbering."""
    head, rest = list(body[:preface]), list(body[preface:])
    rest = _supply_first_clause(rest, headings, notes)
    rest = _supply_part_1(rest, headings, notes)
    rest = [_supply_headings(p, headings, notes) for p in rest]
    return tuple(head + rest)


def _supply_headings(p: Provision, headings: dict[str, str], notes: list[str]) -> Provision:
    if p.kind in ("part", "division", "subdivision"):
        return p.with_children(tuple(_supply_headings(c, headings, notes) for c in p.children))
    if p.kind != "clause" or p.heading is not None or p.num not in headings:
        return p
    heading = headings[p.num or ""]
    if (p.text or "").startswith(heading):
        return p
    notes.append(f"{SUPPLIED} clause {p.num} is printed without its heading; ‘{heading}’ is taken from the contents page")
    return replace(p, heading=heading)


def _clause_nums(body: list[Provision]) -> set[str]:
    nums: set[str] = set()
    for p in body:
        if p.kind == "clause" and p.num:
            nums.add(p.num)
        elif p.kind in ("part", "division", "subdivision"):
            nums |= _clause_nums(list(p.children))
    return nums


def _supply_first_clause(body: list[Provision], headings: dict[str, str], notes: list[str]) -> list[Provision]:
    # Only the law's first clause: inside a Part the contents page, not the numbering, says whether a clause N.1 exists
    # (Kulin Health lists Division 1 of Part 2 from 2.2, so its unlabelled interpretation words stay text, with a note).
    i = next((i for i, p in enumerate(body) if p.kind != "text"), None)
    if i is None or i == 0 or body[i].kind != "clause" or body[i].num != "1.2" or "1.1" in _clause_nums(body):
        return body
    loose = body[i - 1]
    text = loose.text or ""
    heading = headings.get("1.1")
    label = "‘1.1’" + (f" with its heading ‘{heading}’ from the contents page" if heading else "")
    notes.append(
        f"{SUPPLIED} the words before clause 1.2 ({text[:50]!r}) carry no label; they are clause {label}, as the numbering requires"
    )
    clause = Provision(kind="clause", num="1.1", heading=heading, text=text, children=loose.children)
    return [*body[: i - 1], clause, *body[i:]]


def _supply_part_1(body: list[Provision], headings: dict[str, str], notes: list[str]) -> list[Provision]:
    parts = [i for i, p in enumerate(body) if p.kind == "part"]
    if not parts or body[parts[0]].num != "2":
        return body
    start = next((i for i, p in enumerate(body) if p.kind == "clause"), None)
    if start is None or start > parts[0]:
        return body
    lead = body[start : parts[0]]
    if not all(p.kind == "clause" and clause_key(p.num or "")[:1] == (1,) for p in lead):
        return body
    heading = headings.get("Part 1")
    notes.append(
        f"{SUPPLIED} clauses {lead[0].num} to {lead[-1].num} stand before PART 2 with no PART 1 line; "
        f"they are put in ‘PART 1’" + (f" ‘{heading}’" if heading else ", whose heading is not in the source: check the gazette")
    )
    part = Provision(kind="part", num="1", heading=heading, children=tuple(lead))
    return [*body[:start], part, *body[parts[0] :]]
