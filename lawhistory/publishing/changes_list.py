"""What a version (or a period) changed, as the law page lists it at the top: each provision with its change and the
address of its place on the page.

Pure functions of the database's ``changes`` and ``operations`` rows and of (law, version) or (law, since, at): the
same arguments give the same list, so a page cached per version can cache its list with it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: The words the page uses for each change, in the order a provision can go through them.
INSERTED, SUBSTITUTED, DELETED, WORDS_CHANGED = "inserted", "substituted", "deleted", "words changed"


@dataclass(frozen=True)
class Change:
    """One provision's change: its citation, its eId (the page's anchor), and what happened to it."""

    citation: str
    eid: str
    kind: str
    change: str  # one of INSERTED, SUBSTITUTED, DELETED, WORDS_CHANGED
    position: int


_ROWS = (
    "select c.citation, c.eid, c.kind, c.change, c.position, c.version,"
    " exists (select 1 from operations o where o.instrument = c.instrument and o.target = c.citation"
    "  and o.action = 'substitute') as substituted"
    " from changes c where c.law = :law and {where} order by c.version, c.position"
)


def for_version(conn: sqlite3.Connection, law_id: str, version: int) -> tuple[Change, ...]:
    """What version ``version`` of the law changed, in document order (empty for the law as made)."""
    rows = conn.execute(_ROWS.format(where="c.version = :version"), {"law": law_id, "version": version}).fetchall()
    return _net(rows)


def for_period(conn: sqlite3.Connection, law_id: str, since: str, at: str) -> tuple[Change, ...]:
    """What changed between the law as at ``since`` and as at ``at`` (ISO dates, ``since`` earlier): each provision's
    net change over the versions that took effect after ``since`` and on or before ``at``."""
    where = "c.valid_from > :since and c.valid_from <= :at"
    rows = conn.execute(_ROWS.format(where=where), {"law": law_id, "since": since, "at": at}).fetchall()
    return _net(rows)


def _net(rows: Iterable[Sequence[object]]) -> tuple[Change, ...]:
    """One change per provision: a provision inserted and later reworded is inserted; inserted and later deleted is
    not there at either end, so it is left out; otherwise the last deletion or the kind of rewording wins."""
    seen: dict[str, list[Sequence[object]]] = {}
    for row in rows:  # in version order
        seen.setdefault(str(row[0]), []).append(row)
    out = []
    for citation, history in seen.items():
        first, last = history[0], history[-1]
        if first[3] == "inserted" and last[3] == "deleted":
            continue
        if first[3] == "inserted":
            change = INSERTED
        elif last[3] == "deleted":
            change = DELETED
        else:
            change = SUBSTITUTED if any(r[6] for r in history) else WORDS_CHANGED
        out.append(Change(citation, str(last[1]), str(last[2]), change, int(str(last[4]))))
    return tuple(sorted(out, key=lambda c: c.position))


def changed_contents(changes: Iterable[Change], toc_eids: Iterable[str]) -> frozenset[str]:
    """The contents' entries (eIds) that hold a change: the provision itself or one it contains (``sec_2.7`` holds
    ``sec_2.7__para_d``)."""
    eids = [c.eid for c in changes]
    return frozenset(t for t in toc_eids if any(e == t or e.startswith(t + "__") for e in eids))


@dataclass(frozen=True)
class Neighbours:
    """The versions before and after a version that changed the law (None at either end)."""

    previous: int | None
    next: int | None


def neighbours(numbers: Sequence[int], version: int) -> Neighbours:
    """The previous and next change around ``version`` among the law's version numbers (0 is the law as made,
    which changed nothing)."""
    earlier = [n for n in numbers if 0 < n < version]
    later = [n for n in numbers if n > version]
    return Neighbours(max(earlier) if earlier else None, min(later) if later else None)
