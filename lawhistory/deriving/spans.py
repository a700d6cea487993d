"""Provision text spans: each provision stored once for as long as it stays the same.

Every version of a law lists its provisions in document order. WA local laws are never
renumbered, and an amendment only inserts, deletes or rewords provisions, so the provisions of all
versions fit into one *merged order*: ``position`` in it sorts any version's provisions into
document order. A span is a run of consecutive versions in which a provision (at one place in the
merged order) has the same words, label, heading, cells and provenance.

Versions share every provision an amendment did not touch (the same immutable objects, with the
same ``ids.Address``), so deciding that a provision is unchanged is usually one identity test.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from itertools import pairwise
from operator import itemgetter
from typing import Any

from ..core.ids import Address, addresses
from ..core.model import Provision
from ..core.versions import Change, Timeline, Version
from .notes import note_for, provision_text
from .schema_types import law_key

#: A ``provision_spans`` row, in the column order of ``schema.PROVISION_SPANS``.
SpanRow = tuple[Any, ...]
#: Renders a provision span as HTML for the law page: (address, note) → fragment.
Fragment = Callable[[Address, str | None], str]


@dataclass(frozen=True, slots=True)
class Slot:
    """A place in the merged order, held by one citation."""

    id: int
    citation: str


def _merge_by_matching(merged: list[Slot], cites: Sequence[str], next_id: int) -> tuple[list[Slot], list[int], int]:
    """Merge one version into the order with difflib (any reordering allowed)."""
    matcher = SequenceMatcher(None, [s.citation for s in merged], list(cites), autojunk=False)
    new_merged: list[Slot] = []
    mine: list[int] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            new_merged += merged[i1:i2]
            mine += [s.id for s in merged[i1:i2]]
            continue
        new_merged += merged[i1:i2]  # provisions this version no longer holds keep their place
        for citation in cites[j1:j2]:
            new_merged.append(Slot(next_id, citation))
            mine.append(next_id)
            next_id += 1
    return new_merged, mine, next_id


def _merge_in_order(
    merged: list[Slot], live: dict[str, int], cites: Sequence[str], next_id: int
) -> tuple[list[Slot], list[int], int] | None:
    """Merge one version whose provisions held over from the previous version keep their order (None if they do not).

    A held-over citation keeps its slot; a new one gets a new slot just before the next held-over
    provision (after any slots no longer held there), as the difflib merge places it.
    """
    index = {s.id: i for i, s in enumerate(merged)}
    kept = [index[live[c]] for c in cites if c in live]
    if any(a >= b for a, b in pairwise(kept)):
        return None
    new_merged: list[Slot] = []
    mine: list[int] = []
    done = 0  # merged[:done] is already in new_merged
    pending: list[Slot] = []
    for c in cites:
        slot = live.get(c)
        if slot is None:
            pending.append(Slot(next_id, c))
            mine.append(next_id)
            next_id += 1
            continue
        at = index[slot]
        new_merged += merged[done:at]
        new_merged += pending
        pending = []
        new_merged.append(merged[at])
        mine.append(slot)
        done = at + 1
    new_merged += merged[done:]
    new_merged += pending
    return new_merged, mine, next_id


def merge_orders(orders: Sequence[Sequence[str]]) -> tuple[list[list[int]], dict[int, int]]:
    """Merge each version's citations (in document order) into one order.

    Returns, for each version, the slot id of each of its provisions, and each slot's position in
    the merged order. Sorting a version's slots by position gives back that version's order.
    """
    merged: list[Slot] = []
    per_version: list[list[int]] = []
    next_id = 0
    live: dict[str, int] = {}
    previous: Sequence[str] = ()
    for cites in orders:
        if per_version and cites == previous:  # reworded, nothing inserted or deleted: the same slots
            per_version.append(per_version[-1])
            continue
        done = _merge_in_order(merged, live, cites, next_id) if len(set(cites)) == len(cites) else None
        merged, mine, next_id = done if done is not None else _merge_by_matching(merged, cites, next_id)
        per_version.append(mine)
        live = dict(zip(cites, mine, strict=True))
        previous = cites
    return per_version, {s.id: i for i, s in enumerate(merged)}


_cells_json = json.JSONEncoder(ensure_ascii=False).encode


def _iso(d: dt.date | None) -> str | None:
    return d.isoformat() if d else None


def _words(p: Provision) -> tuple[Any, ...]:
    return (p.kind, p.num, p.heading, provision_text(p), p.term, p.cells)


def _same(a: Address, b: Address) -> bool:
    """Whether two addresses give the same row: same place, words, label, heading and cells."""
    return a is b or (
        a.citation == b.citation
        and a.eid == b.eid
        and a.parent == b.parent
        and a.depth == b.depth
        and (a.provision is b.provision or _words(a.provision) == _words(b.provision))
    )


@dataclass
class Layout:
    """Each version's provisions with their addresses, and their places in the merged order."""

    addresses: list[list[Address]]
    slots: list[list[int]]
    position: dict[int, int]
    _index: dict[int, dict[str, int]] = field(default_factory=dict)

    def position_of(self, version: int, citation: str) -> int | None:
        """Where ``citation`` sits in the merged order, as held by ``version`` (None: not in it)."""
        if version not in self._index:
            pairs = zip(self.slots[version], self.addresses[version], strict=True)
            self._index[version] = {a.citation: self.position[slot] for slot, a in pairs}
        return self._index[version].get(citation)


def layout(tl: Timeline) -> Layout:
    adds = [addresses(v.body, v.conclusions) for v in tl.versions]
    slots, position = merge_orders([[a.citation for a in version] for version in adds])
    return Layout(adds, slots, position)


@dataclass(slots=True)
class _Open:
    address: Address
    change: Change | None  # the version's provenance entry (None: as made)
    start: int
    inserted_in: int  # the version that first held the provision


def _instrument_id(tl: Timeline, v: Version) -> str:
    return v.instrument.id if v.instrument else tl.law.meta.id


def _changed_in(tl: Timeline, change: Change, upto: int) -> int:
    """The version (at or before ``upto``) whose instrument made ``change``: ``provisions`` names the instrument (its id
    and title) from that version's row. A change no version explains is refused rather than shown as another's."""
    versions = tl.versions
    for n in range(upto, -1, -1):
        v = versions[n]
        if _instrument_id(tl, v) == change.instrument_id:
            if (v.instrument_title or tl.law.meta.title) != change.instrument:
                break
            return n
    raise ValueError(
        f"{tl.law.meta.id}: a provision was changed by {change.instrument_id} ({change.instrument!r}), which no version"
        f" of the law up to version {upto} was made by under that title"
    )


def provision_spans(tl: Timeline, lay: Layout | None = None, fragment: Fragment | None = None) -> list[SpanRow]:
    """The ``provisions`` rows of a law: one per span, ordered by (position, from_version).

    Each row holds the columns of ``schema.PROVISION_SPANS`` in order; with ``fragment``, its HTML too.
    """
    lay = lay or layout(tl)
    versions = tl.versions
    key = law_key(tl.law.meta.id)
    made_by = tl.made_by
    changed: dict[tuple[int, Change], int] = {}  # (version, change) → the version that made the change
    starts = [_iso(v.valid_from) for v in versions]
    last_end = _iso(versions[-1].valid_to)
    position = lay.position
    rows: list[SpanRow] = []
    open_: dict[int, _Open] = {}

    def close(slot: int, end: int | None) -> None:
        o = open_.pop(slot)
        a = o.address
        p = a.provision
        change = o.change or made_by
        note = note_for(a, versions[o.start], versions[: o.start + 1]) if o.change is not None else None
        if o.change is None:
            changed_in = 0
        else:
            changed_in = changed.get((o.start, o.change), -1)
            if changed_in < 0:
                changed_in = changed[(o.start, o.change)] = _changed_in(tl, o.change, o.start)
        row = (
            key, position[slot], o.start, end, starts[o.start], last_end if end is None else starts[end],
            a.citation, a.eid, p.kind, p.num, p.heading, provision_text(p), p.term,
            _cells_json(list(p.cells)) if p.cells else "[]", a.parent, a.depth, note,
            changed_in, change.clause, change.action, o.inserted_in,
        )  # fmt: skip
        rows.append((*row, fragment(a, note)) if fragment else row)

    for n, v in enumerate(versions):
        here = lay.slots[n]
        if open_:
            present = set(here)
            for slot in [s for s in open_ if s not in present]:
                close(slot, n)
        provenance = v.provenance
        for slot, a in zip(here, lay.addresses[n], strict=True):
            change = provenance.get(a.citation)
            current = open_.get(slot)
            if current is not None:
                if _same(current.address, a) and (current.change is change or current.change == change):
                    continue
                inserted_in = current.inserted_in
                close(slot, n)
            else:
                inserted_in = n
            open_[slot] = _Open(a, change, n, inserted_in)
    for slot in list(open_):
        close(slot, None)
    rows.sort(key=itemgetter(1, 2))
    return rows
