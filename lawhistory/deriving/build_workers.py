"""The build's workers: each law derived into its rows (in this process or in worker processes, one per CPU), and
the rows written into the database."""

from __future__ import annotations

import contextlib
import os
import pickle
import queue
import sqlite3
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ..amending.timeline import build_timeline
from ..core import faults
from ..core.errors import LawHistoryError
from ..core.ids import forget_walks
from ..core.model import Law, LawMeta
from ..core.versions import refers_to
from ..files.inputs import Inputs
from ..files.instrument_file import Instrument
from ..files.textformat import forget_rendered, render_body
from ..presenting.fragments import span_fragment
from . import history, store
from .build_plan import _Plan
from .lean_sqlite import Database
from .outcomes import Outcome, merge
from .rows import LawRows, Row, instrument_row, law_rows, operation_rows, principal_row

if TYPE_CHECKING:
    import sqlite_utils

    from .build import Progress


class BuildError(LawHistoryError):
    """The database or history cannot be built."""


# --- deriving ---------------------------------------------------------------------------------------------------------


@dataclass
class _Derived:
    """What the rest of the build needs of a derived law (its rows are already written)."""

    law: str
    events: list[history.Event]  # blobs written, texts dropped
    shared: dict[str, Outcome]  # outcomes of its instruments that act on other laws too


def _law_stub(inputs: Inputs, law_id: str) -> Law:
    entry = inputs.laws[law_id]
    return Law(LawMeta(entry.id, entry.title, ""))


def _amends(inst: Instrument, inputs: Inputs, claimers: list[str]) -> str | None:
    ref = inst.law.meta.amends
    return next((law for law in claimers if ref and refers_to(ref, _law_stub(inputs, law))), None)


def _also_amends(inst: Instrument, inputs: Inputs, claimers: list[str]) -> tuple[str | None, ...]:
    """The ids of the further laws an instrument amends, one in each later Part (None: not in the repository)."""
    stubs = [_law_stub(inputs, law) for law in claimers]
    return tuple(next((s.meta.id for s in stubs if refers_to(ref, s)), None) for ref in inst.law.meta.also_amends)


def _instrument_rows(inst: Instrument, inputs: Inputs, claimers: list[str], outcome: Outcome) -> tuple[Row, list[Row]]:
    row = instrument_row(
        inst.law,
        inputs.instrument_path(inst.id),
        outcome.status,
        outcome.reason,
        _amends(inst, inputs, claimers),
        also_amends=_also_amends(inst, inputs, claimers),
    )
    return row, operation_rows(inst, outcome)


@dataclass
class _Rows:
    """A derived law's rows, before they are written."""

    law: LawRows
    principal: Row
    instruments: list[Row]
    operations: list[Row]


def _derive(inputs: Inputs, claimers: dict[str, list[str]], blobs: history.BlobWriter, law_id: str) -> tuple[_Rows, _Derived]:
    """Derive one law: its rows (and those of the instruments that act on it alone); its texts go to ``blobs``."""
    law = inputs.law(law_id)
    instruments = inputs.claimed(law_id)
    tl = build_timeline(law, instruments)
    rows = law_rows(tl, inputs.law_path(law_id), instruments, span_fragment)
    texts = {v.number: render_body(v.body, v.conclusions) for v in tl.versions}
    out = _Rows(rows, principal_row(law, inputs.law_path(law_id), texts[0]), [], [])
    for inst in instruments:
        if claimers[inst.id] == [law_id]:
            row, ops = _instrument_rows(inst, inputs, [law_id], merge([rows.outcomes[inst.id]]))
            out.instruments.append(row)
            out.operations += ops
    events = [replace(e, text=None, blob=blobs.write(e.text)) if e.text is not None else e for e in history.law_events(tl, texts)]
    inputs.forget()
    forget_walks()  # what was remembered while this law's versions were derived: no other law shares it
    forget_rendered()
    shared = {i: o for i, o in rows.outcomes.items() if claimers[i] != [law_id]}
    return out, _Derived(law_id, events, shared)


def _write_law(db: sqlite_utils.Database, rows: _Rows, *, index: bool = False) -> dict[str, int]:
    """Write a derived law's rows (``index``: into the full-text index too); how many went into each table."""
    store.write_law(db, rows.law, index=index)
    store.write_instruments(db, [rows.principal], [])
    store.write_instruments(db, rows.instruments, rows.operations)
    return {
        "laws": 1, "versions": len(rows.law.versions), "provisions": len(rows.law.provisions), "changes": len(rows.law.changes),
        "instruments": 1 + len(rows.instruments), "operations": len(rows.operations),
    }  # fmt: skip


def _derive_here(
    db: sqlite_utils.Database, blobs: history.BlobWriter, inputs: Inputs, claimers: dict[str, list[str]], law_id: str
) -> _Derived:
    rows, derived = _derive(inputs, claimers, blobs, law_id)
    _write_law(db, rows)
    return derived


@contextlib.contextmanager
def _transaction(db: sqlite_utils.Database, begin: str = "begin", point: str = "") -> Iterator[None]:
    """One transaction around everything inside (sqlite-utils would commit each statement by itself)."""
    db.conn.execute(begin)
    try:
        yield
    except BaseException:
        db.conn.rollback()
        raise
    if point:
        faults.point(f"{point}:before-commit")
    db.conn.commit()
    if point:
        faults.point(f"{point}:committed")


def _open(path: Path, *, scratch: bool) -> sqlite_utils.Database:
    """A database connection; ``scratch``: a file thrown away on failure, written without a journal."""
    # sqlite_utils' own methods only when asked for (making a schema): an incremental build does not import it
    db = cast("sqlite_utils.Database", Database(sqlite3.connect(str(path), timeout=600)))
    if scratch:
        db.execute("pragma journal_mode = off")
        db.execute("pragma synchronous = off")
    db.execute("pragma cache_size = -65536")
    return db


def _work(inputs: Inputs, claimers: dict[str, list[str]], tasks: Any, results: Any, git_dir: Path) -> None:
    """A worker process: derive the laws it is given, send their rows to the build's process (and write their texts
    into the new history)."""
    try:
        with history.BlobWriter(git_dir) as blobs:
            while (law_id := tasks.get()) is not None:
                rows, derived = _derive(inputs, claimers, blobs, law_id)
                results.put(("law", (derived, rows)))
        results.put(("done", None))
    except BaseException as e:
        results.put(("error", _portable(e)))


def _portable(e: BaseException) -> BaseException:
    """``e`` as it can cross to the build's process (with the worker's traceback when it is not a refusal)."""
    if not isinstance(e, LawHistoryError | OSError | sqlite3.Error):
        e.add_note("in a build worker:\n" + "".join(traceback.format_exception(e)))
    try:
        pickle.loads(pickle.dumps(e))
        return e
    except Exception:
        return BuildError(f"{type(e).__name__}: {e}")


#: How many derived laws may wait for the build's process to write them. A worker that gets ahead waits rather than
#: keeping its laws' rows in its queue's buffer: unbounded, that buffer grew with the repository (the workers' memory
#: rose all through a build, 242 MiB at 600 laws).
RESULTS_WAITING = 4


def _derive_parallel(
    db: sqlite_utils.Database, inputs: Inputs, plan: _Plan, claimers: dict[str, list[str]], git_dir: Path, progress: Progress
) -> dict[str, _Derived]:
    """Derive ``plan.derive`` in worker processes, writing each law's rows into ``db`` (inside the caller's
    transaction) in the order the laws were handed out; what each law left."""
    import multiprocessing  # (a full build's workers only: an incremental build derives in its own process)

    ctx = multiprocessing.get_context("fork")
    count = max(1, min(os.cpu_count() or 1, len(plan.derive)))
    tasks, results = ctx.Queue(), ctx.Queue(maxsize=RESULTS_WAITING)
    # Biggest first, so that no worker is left with a big law at the end.
    order = sorted(plan.derive, key=lambda i: (-_cost(inputs, i), i))
    for law_id in order:
        tasks.put(law_id)
    workers = [ctx.Process(target=_work, args=(inputs, claimers, tasks, results, git_dir), daemon=True) for _ in range(count)]
    for _ in workers:
        tasks.put(None)
    for w in workers:
        w.start()
    derived: dict[str, _Derived] = {}
    waiting: dict[str, _Rows] = {}  # laws derived before a law handed out earlier: written after it
    written = 0
    finished = 0
    try:
        while finished < count:
            kind, value = results.get()
            if kind == "error":
                raise value
            if kind == "done":
                finished += 1
                continue
            done, rows = value
            derived[done.law] = done
            waiting[done.law] = rows
            while written < len(order) and order[written] in waiting:
                _write_law(db, waiting.pop(order[written]))
                written += 1
            progress.advance()
    finally:
        if finished < count:
            _stop_workers(workers, tasks, results)
        for w in workers:
            w.join()
    return derived


def _stop_workers(workers: list[Any], tasks: Any, results: Any) -> None:
    """Stop the workers after the law each is deriving: no more tasks, their results read and dropped until they end.

    Not killed: a killed worker leaves its ``git fast-import`` writing into the new history after the build has
    removed it (a refused build must leave nothing behind)."""
    with contextlib.suppress(queue.Empty):
        while True:
            tasks.get_nowait()
    for _ in workers:
        tasks.put(None)
    while any(w.is_alive() for w in workers):
        with contextlib.suppress(queue.Empty):
            results.get(timeout=0.1)


def _cost(inputs: Inputs, law_id: str) -> int:
    law = inputs.laws[law_id]
    return law.size * (1 + len(inputs.claims[law_id]))
