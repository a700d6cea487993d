"""Provision text spans: each provision stored once for as long as it stays the same.

Every version of a law lists its provisions in document order. WA local laws are never
renumbered, and an amendment only inserts, deletes or rewords provisions, so the provisions of all
versions fit into one *merged order*: ``position`` in it sorts any version's provisions into
document order. A span is a run of consecutive versions in which a provision (at one place in the
merged order) has the same words, label, heading, cells and provenance.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import Any

from .ids import Address, addresses
from .versions import Timeline, Version
from .views import change_for, note_for, provision_text


@dataclass(frozen=True, slots=True)
class Slot:
    """A place in the merged order, held by one citation."""

    id: int
    citation: str


def merge_orders(orders: Sequence[Sequence[str]]) -> tuple[list[list[int]], dict[int, int]]:
    """Merge each version's citations (in document order) into one order.

    Returns, for each version, the slot id of each of its provisions, and each slot's position in
    the merged order. Sorting a version's slots by position gives back that version's order.
    """
    merged: list[Slot] = []
    per_version: list[list[int]] = []
    next_id = 0
    for cites in orders:
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
                slot = Slot(next_id, citation)
                next_id += 1
                new_merged.append(slot)
                mine.append(slot.id)
        merged = new_merged
        per_version.append(mine)
    return per_version, {s.id: i for i, s in enumerate(merged)}


def _iso(d: dt.date | None) -> str | None:
    return d.isoformat() if d else None


def provision_record(a: Address, version: Version, tl: Timeline) -> dict[str, Any]:
    """The columns of a provision that, when any changes, end its span."""
    p = a.provision
    change = change_for(a, version, tl)
    return {
        "citation": a.citation,
        "eid": a.eid,
        "kind": p.kind,
        "num": p.num,
        "heading": p.heading,
        "text": provision_text(p),
        "term": p.term,
        "cells": json.dumps(list(p.cells), ensure_ascii=False),
        "parent": a.parent,
        "depth": a.depth,
        "note": note_for(a, version),
        "last_changed_by": change.label(),
        "changed_by": change.instrument_id,
        "changed_by_clause": change.clause,
        "change_action": change.action,
    }


@dataclass
class _Open:
    record: dict[str, Any]
    start: int
    inserted_by: str


def _instrument_id(tl: Timeline, v: Version) -> str:
    return v.instrument.id if v.instrument else tl.law.meta.id


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


def provision_spans(tl: Timeline, lay: Layout | None = None) -> list[dict[str, Any]]:
    """The ``provisions`` rows of a law: one per span, ordered by (position, from_version)."""
    lay = lay or layout(tl)
    versions = tl.versions
    rows: list[dict[str, Any]] = []
    open_: dict[int, _Open] = {}

    def close(slot: int, end: int | None) -> None:
        o = open_.pop(slot)
        valid_to = versions[end].valid_from if end is not None else versions[-1].valid_to
        rows.append(
            {
                "law": tl.law.meta.id,
                "position": lay.position[slot],
                "from_version": o.start,
                "to_version": end,
                "valid_from": _iso(versions[o.start].valid_from),
                "valid_to": _iso(valid_to),
                **o.record,
                "inserted_by": o.inserted_by,
            }
        )

    for n, v in enumerate(versions):
        present = set(lay.slots[n])
        for slot in [s for s in open_ if s not in present]:
            close(slot, n)
        for slot, a in zip(lay.slots[n], lay.addresses[n], strict=True):
            record = provision_record(a, v, tl)
            current = open_.get(slot)
            if current is not None and current.record == record:
                continue
            inserted_by = current.inserted_by if current is not None else _instrument_id(tl, v)
            if current is not None:
                close(slot, n)
            open_[slot] = _Open(record, n, inserted_by)
    for slot in list(open_):
        close(slot, None)
    rows.sort(key=lambda r: (r["position"], r["from_version"]))
    return rows
