"""Labels and headings a source lost, put back from what the source itself holds — each with a note.

Some sources drop words at the edges of the pieces they were cut into (the legislation-API export of
Kulin Health prints its citation sentence without ``1.1 Citation``, clauses 1.3 and 1.4 without
their headings, and no ``PART 1`` line at all). What the source still holds can put them back:

* a clause printed without its heading gets the heading its contents page lists for it;
* the unlabelled words just before clause ``N.2``, where the law has no ``N.1``, are clause ``N.1``
  (its label is what the numbering requires; its heading only if the contents page lists one);
* clauses ``1.x`` standing before ``PART 2`` with no ``PART 1`` are Part 1 (its heading only if
  the contents page lists one).

Nothing else is invented. Every label or heading supplied is named in a note that starts
``supplied:`` and quotes the words supplied, so a reader (and tests/test_fidelity.py) can tell
them from the printed words.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..labels import clause_key
from ..model import Provision

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
    return _supply_first_in(body, _clause_nums(body), headings, notes)


def _supply_first_in(body: list[Provision], nums: set[str], headings: dict[str, str], notes: list[str]) -> list[Provision]:
    out: list[Provision] = []
    for p in body:
        if p.kind in ("part", "division", "subdivision"):
            p = p.with_children(tuple(_supply_first_in(list(p.children), nums, headings, notes)))
        elif p.kind == "clause" and p.num and re.fullmatch(r"\d+\.2", p.num) and p.num[:-1] + "1" not in nums:
            # The unlabelled words (and definitions) just before it, back to the previous labelled provision.
            k = len(out)
            while k > 0 and out[k - 1].kind in ("text", "definition"):
                k -= 1
            loose = out[k:]
            if loose and all(c.kind == "definition" for c in loose[1:]):
                first = p.num[:-1] + "1"
                text = loose[0].text if loose[0].kind == "text" else None
                children = (loose[0].children if loose[0].kind == "text" else ()) + tuple(
                    loose[1:] if text is not None else loose
                )
                heading = headings.get(first)
                label = f"‘{first}’" + (f" with its heading ‘{heading}’ from the contents page" if heading else "")
                shown = (text or loose[0].text or "")[:50]
                notes.append(
                    f"{SUPPLIED} the words before clause {p.num} ({shown!r}) carry no label; they are clause {label}, "
                    "as the numbering requires"
                )
                nums.add(first)
                out[k:] = [Provision(kind="clause", num=first, heading=heading, text=text, children=children)]
        out.append(p)
    return out


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
