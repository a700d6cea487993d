"""An incremental build's history: the commits from the first event that changed, found from the ``history`` table.

The history is one chain of every law's events in (date, law, version) order. When a build derives some laws again,
the events of every other law are the ones the table holds; only the derived (or removed) laws' events can differ.
So the first commit to re-create is at the first of *their* events that differs (old against new, in order): every
event before it, of any law, is the same in the new chain. The table gives the derived laws' old events (by its index
on ``law``), how many commits come before that first difference, and the commits after it (which are made again on
top of a new parent); the rest of the chain is neither read nor compared.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from . import history
from .history import Committed, Event

_COLUMNS = "seq, [commit], date, law, version, path, author, message, blob"
#: A commit the database already holds and the build need not know (``store.write_history`` skips a version of None).
_UNREAD = Committed(0, "", Event(dt.date.min, "", None, "", "", ""))


@dataclass
class Rewrite:
    """The history's commits an incremental build keeps (the first ``keep``) and the events it commits after them."""

    keep: int
    known: list[Committed]  # the kept commits read: those of the changed laws, and the last one
    tail: list[Event]  # the events to commit after the ``keep`` first, in order


def _committed(rows: Iterable[tuple[int, str, str, str, int | None, str, str, str, str | None]]) -> list[Committed]:
    day = dt.date.fromisoformat
    return [
        Committed(seq, commit, Event(day(date), law, version, path, author, message, None, blob))
        for seq, commit, date, law, version, path, author, message, blob in rows
    ]


def _first_difference(old: Sequence[Event], new: Sequence[Event]) -> tuple[dt.date, str, int] | None:
    """The key of the first event (in history order) where the old and the new events of the changed laws part."""
    for a, b in zip(old, new, strict=False):
        if not a.same(b):
            return min(a.key(), b.key())
    if len(old) == len(new):
        return None
    return (old[len(new)] if len(old) > len(new) else new[len(old)]).key()


def plan(git_dir: Path, db: Path, laws: set[str], events: list[Event]) -> Rewrite | None:
    """What to commit, given ``events``, the new events of ``laws`` (the laws derived again or removed; every other
    law's events are the database's). Read before the build's transaction writes to the database. None when the
    commits to keep are not in ``git_dir`` (the database's history cannot be used)."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        marks = ", ".join("?" for _ in laws)
        mine = _committed(conn.execute(f"select {_COLUMNS} from history where law in ({marks}) order by seq", sorted(laws)))
        new = sorted(events, key=Event.key)
        cut = _first_difference([c.event for c in mine], new)
        if cut is None:
            (keep,) = conn.execute("select count(*) from history").fetchone()
        else:
            day, law, version = cut
            (keep,) = conn.execute(
                "select count(*) from history where date < ? or (date = ? and (law < ? or (law = ? and"
                " coalesce(version, ?) < ?)))",
                [day.isoformat(), day.isoformat(), law, law, 1 << 30, version],
            ).fetchone()
        last = _committed(conn.execute(f"select {_COLUMNS} from history where seq = ?", [keep])) if keep else []
        after = _committed(conn.execute(f"select {_COLUMNS} from history where seq > ? order by seq", [keep]))
    finally:
        conn.close()
    if last and not history.has_commit(git_dir, last[0].commit):
        return None
    known = [c for c in mine if c.seq < keep] + last
    if cut is None:
        return Rewrite(keep, known, [])
    tail = [c.event for c in after if c.event.law not in laws] + [e for e in new if e.key() >= cut]
    return Rewrite(keep, known, sorted(tail, key=Event.key))


def write(git_dir: Path, rewrite: Rewrite) -> list[Committed]:
    """Commit ``rewrite``'s events after its kept commits; the new chain (before ``keep``, only the commits read are
    there)."""
    chain = [_UNREAD] * rewrite.keep
    for c in rewrite.known:
        chain[c.seq - 1] = c
    if not rewrite.tail:
        return chain
    if rewrite.keep:
        last = chain[-1]
        written = history.write_history(git_dir, [last.event, *rewrite.tail], [last], found=True)  # (by ``plan``)
        if written[0].commit != last.commit:
            raise history.HistoryError(f"cannot write {git_dir}: its commit {last.commit} is gone")
        new = written[1:]
    else:
        new = history.write_history(git_dir, rewrite.tail, [])
    return chain + [Committed(rewrite.keep + n, c.commit, c.event) for n, c in enumerate(new, start=1)]
