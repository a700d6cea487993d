"""``lawhistory build``: every version of every law into db/lawhistory.db and db/history.git.

The build is atomic. A full build writes a new database and a new history in ``db/.build/`` and
swaps them in at the end. An incremental build changes the database in place, in one SQLite
transaction, and adds git objects to the existing history (invisible until ``main`` moves, after
the transaction commits); while ``lawhistory serve`` is serving the database it is copied and
swapped in instead, so a served file never changes under its readers. A build that fails or is
killed leaves the previous database and history as they were (an interrupted transaction is rolled
back by the next command, from SQLite's journal).

Incremental: each law's inputs (its file and its instruments' files) are hashed into
``build_state``; a rebuild re-derives only laws whose hash changed (and instruments that changed
hands), keeps everything else, and re-creates commits only from the first one that differs.
Files unchanged since the last build are not even read (``inputs``). ``staleness`` tells ``serve``
whether a build is needed.

A full build derives laws in parallel, one process per CPU: each sends its laws' rows to the build's
process and writes their texts into the new history with its own ``git fast-import``; the build's
process writes the rows once, straight into the new database (``executemany``), as they arrive, in the
order the laws were handed out (so the result does not depend on which process derived what), and
makes the indexes and the full-text index once, at the end, each in one pass.
"""

from __future__ import annotations

import contextlib
import fcntl
import gc
import json
import multiprocessing
import os
import pickle
import queue
import shutil
import sqlite3
import traceback
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

import sqlite_utils

from ..amending.timeline import build_timeline
from ..core import faults
from ..core.errors import LawHistoryError
from ..core.model import Law, LawMeta
from ..core.versions import refers_to, targets
from ..files.inputs import Inputs, code_fingerprint, load_cache, read_inputs, save_cache
from ..files.instrument_file import Instrument
from ..files.repo import Repository
from ..files.textformat import render_body
from ..presenting.fragments import span_fragment
from . import features, history, store
from .outcomes import Outcome, merge, pending
from .rows import LawRows, Row, instrument_row, law_rows, operation_rows, principal_row
from .schema import SCHEMA_VERSION

DB_NAME = "lawhistory.db"
GIT_NAME = "history.git"
SERVING_LOCK = ".serving"
#: Fewer laws than this to derive are derived in this process (starting workers costs more).
PARALLEL_FROM = 24


class BuildError(LawHistoryError):
    """The database or history cannot be built."""


class Progress(Protocol):
    def start(self, total: int, description: str) -> None: ...

    def advance(self) -> None: ...


class _Quiet:
    def start(self, total: int, description: str) -> None:
        pass

    def advance(self) -> None:
        pass


@dataclass(frozen=True)
class Paths:
    db_dir: Path

    @property
    def db(self) -> Path:
        return self.db_dir / DB_NAME

    @property
    def journal(self) -> Path:
        return self.db_dir / f"{DB_NAME}-journal"

    @property
    def git(self) -> Path:
        return self.db_dir / GIT_NAME

    @property
    def tmp(self) -> Path:
        return self.db_dir / ".build"

    @property
    def git_old(self) -> Path:
        return self.db_dir / f".{GIT_NAME}.old"

    def interrupted(self) -> bool:
        """Whether an interrupted build left something for ``recover`` (call it holding the repository's write lock)."""
        return (
            (self.db.exists() and self.journal.exists())
            or self.git_old.exists()
            or self.tmp.exists()
            or bool(history.stale_locks(self.git))
        )

    def recover(self) -> None:
        """Undo what an interrupted build left: a half-swapped history, temporary files, an unfinished transaction,
        lock files in the history (the caller holds the repository's write lock, so no writer is using them)."""
        for lock in history.stale_locks(self.git):
            lock.unlink(missing_ok=True)
        if self.git_old.exists():
            if self.git.exists():
                shutil.rmtree(self.git_old)
            else:
                os.rename(self.git_old, self.git)
        shutil.rmtree(self.tmp, ignore_errors=True)
        if self.journal.exists() and self.db.exists():
            conn = sqlite3.connect(self.db)  # reading through a hot journal rolls the transaction back
            try:
                conn.execute("select count(*) from sqlite_master").fetchone()
            finally:
                conn.close()
            if self.journal.exists():  # not hot: the build stopped before it wrote to the database
                self.journal.unlink()


@dataclass
class BuildReport:
    full: bool
    laws: int = 0
    derived: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    commits: int = 0
    instruments: dict[str, int] = field(default_factory=dict)  # status → count
    up_to_date: bool = False


# --- is a build needed? ---------------------------------------------------------------------------------------------


def _why_stale(paths: Paths, inputs: Inputs) -> str | None:
    info = store.read_info(paths.db)
    if not info:
        return f"{paths.db_dir.name}/{DB_NAME} does not exist yet"
    if info.get("schema_version") != str(SCHEMA_VERSION) or info.get("code") != code_fingerprint():
        return "it was built by another version of lawhistory"
    if info.get("inputs") != inputs.files_hash:
        return "laws or amendments changed since the last build"
    if info.get("head", "") != history.head(paths.git):
        return f"{paths.db_dir.name}/{GIT_NAME} does not match the database"
    return None


def recover(repo: Repository) -> None:
    """Undo what an interrupted build left (as a build does first), unless a build is running or nothing can be written."""
    paths = Paths(repo.db_dir)
    if not paths.interrupted():
        return
    with contextlib.suppress(LawHistoryError), repo.lock(wait=False):
        paths.recover()


def staleness(repo: Repository) -> str | None:
    """Why the database must be (re)built, or None when it is up to date."""
    paths = Paths(repo.db_dir)
    if paths.interrupted():
        return "an interrupted build left it to be recovered"
    if not store.read_info(paths.db):
        return f"{repo.relative(paths.db)} does not exist yet"
    return _why_stale(paths, read_inputs(repo, load_cache(paths.db_dir)))


# --- serving -----------------------------------------------------------------------------------------------------------


@contextlib.contextmanager
def serving(db_dir: Path) -> Iterator[None]:
    """Mark the database as being served (a build then replaces the file rather than change it in place).

    A repository this user cannot write is served unmarked: no build by this user can change it.
    """
    try:
        db_dir.mkdir(parents=True, exist_ok=True)
        f = open(db_dir / SERVING_LOCK, "a+", encoding="utf-8")  # noqa: SIM115 - closed below
    except OSError:
        f = None
    if f is None:
        yield
        return
    with f:
        fcntl.flock(f.fileno(), fcntl.LOCK_SH)
        try:
            yield
        finally:
            fcntl.flock(f.fileno(), fcntl.LOCK_UN)


def is_served(db_dir: Path) -> bool:
    """Whether a `lawhistory serve` is serving the database in ``db_dir`` now."""
    path = db_dir / SERVING_LOCK
    if not path.exists():
        return False
    with open(path, "a+", encoding="utf-8") as f:
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(f.fileno(), fcntl.LOCK_UN)
        return False


# --- planning ---------------------------------------------------------------------------------------------------------


@dataclass
class _Plan:
    full: bool
    derive: set[str]
    removed: set[str]
    instruments: set[str]  # instrument rows to (re)write
    old_instruments: set[str]  # instrument rows to delete first
    chain: list[history.Committed]


def _full(inputs: Inputs) -> _Plan:
    return _Plan(True, set(inputs.laws), set(), set(inputs.instruments), set(), [])


def _plan(inputs: Inputs, paths: Paths) -> _Plan:
    info = store.read_info(paths.db)
    if info.get("schema_version") != str(SCHEMA_VERSION) or info.get("code") != code_fingerprint() or not paths.git.exists():
        return _full(inputs)
    old = store.read_state(paths.db)
    old_claims = {law: set(json.loads(ids)) for law, (_, ids) in old.items()}
    old_claimed = set().union(*old_claims.values()) if old_claims else set()
    new_claims = {law: set(ids) for law, ids in inputs.claims.items()}
    derive = {law for law, h in inputs.law_hashes.items() if old.get(law, ("", ""))[0] != h}
    removed = set(old) - set(inputs.laws)
    instruments: set[str] = set(inputs.unclaimed())
    old_instruments = set(store.read_instrument_ids(paths.db)) - old_claimed
    while True:  # an instrument acting on several laws re-derives all of them
        for law in derive | removed:
            old_instruments |= old_claims.get(law, set())
            instruments |= new_claims.get(law, set())
        more = {law for law, ids in new_claims.items() if ids & (instruments | old_instruments)} - derive
        if not more:
            break
        derive |= more
    return _Plan(
        False,
        derive,
        removed,
        instruments & set(inputs.instruments),
        old_instruments | instruments,
        store.read_history(paths.db),
    )


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


def _instrument_rows(inst: Instrument, inputs: Inputs, claimers: list[str], outcome: Outcome) -> tuple[Row, list[Row]]:
    row = instrument_row(
        inst.law, inputs.instrument_path(inst.id), outcome.status, outcome.reason, _amends(inst, inputs, claimers)
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
    db = sqlite_utils.Database(sqlite3.connect(str(path), timeout=600))
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


def _derive_parallel(
    db: sqlite_utils.Database, inputs: Inputs, plan: _Plan, claimers: dict[str, list[str]], git_dir: Path, progress: Progress
) -> dict[str, _Derived]:
    """Derive ``plan.derive`` in worker processes, writing each law's rows into ``db`` (inside the caller's
    transaction) in the order the laws were handed out; what each law left."""
    ctx = multiprocessing.get_context("fork")
    count = max(1, min(os.cpu_count() or 1, len(plan.derive)))
    tasks, results = ctx.Queue(), ctx.Queue()
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


# --- writing ----------------------------------------------------------------------------------------------------------


def _other_instruments(
    db: sqlite_utils.Database, inputs: Inputs, plan: _Plan, claimers: dict[str, list[str]], derived: dict[str, _Derived]
) -> None:
    """Rows of the instruments no derived law wrote: those acting on several laws, and those on none."""
    inst_rows, op_rows = [], []
    for inst_id in inputs.instruments:
        mine = claimers.get(inst_id, [])
        if inst_id not in plan.instruments or len(mine) == 1:
            continue
        inst = inputs.instrument(inst_id)
        if mine:
            outcome = merge([derived[law].shared[inst.id] for law in mine])
        else:
            names = "; ".join(ref.title for ref in targets(inst)) or "the law it amends"
            outcome = pending(inst, f"{names} is not in the repository")
        row, ops = _instrument_rows(inst, inputs, mine, outcome)
        inst_rows.append(row)
        op_rows += ops
    store.write_instruments(db, inst_rows, op_rows)
    inputs.forget()


def _events(inputs: Inputs, plan: _Plan, derived: dict[str, _Derived]) -> list[history.Event]:
    kept = [c.event for c in plan.chain if c.event.law in inputs.laws and c.event.law not in plan.derive]
    return kept + [e for d in derived.values() for e in d.events]


def _states(inputs: Inputs, laws: Iterator[str] | set[str]) -> list[Row]:
    return [
        {"law": law, "input_hash": inputs.law_hashes[law], "instruments": json.dumps(inputs.claims[law])} for law in sorted(laws)
    ]


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _report(plan: _Plan, inputs: Inputs, db: sqlite_utils.Database, commits: int) -> BuildReport:
    counts = {
        r["status"]: r["n"]
        for r in db.query("select status, count(*) as n from instruments where kind != 'principal' group by status")
    }
    return BuildReport(plan.full, len(inputs.laws), sorted(plan.derive), sorted(plan.removed), commits, counts)


def _record(
    db: sqlite_utils.Database, inputs: Inputs, plan: _Plan, chain: list[history.Committed], keep: int, laws: set[str]
) -> tuple[BuildReport, str]:
    """Record the history (``chain``, whose first ``keep`` commits are the database's already), the build state and the
    build info (inside the caller's transaction).
    """
    head = chain[-1].commit if chain else ""
    store.write_history(db, chain, keep, laws)
    info = {"schema_version": str(SCHEMA_VERSION), "code": code_fingerprint(), "inputs": inputs.files_hash, "head": head}
    store.write_state(db, _states(inputs, plan.derive), info)
    return _report(plan, inputs, db, len(chain)), head


def _full_build(paths: Paths, inputs: Inputs, plan: _Plan, progress: Progress) -> BuildReport:
    """A new database and a new history in db/.build/, swapped in at the end."""
    paths.tmp.mkdir(parents=True)
    tmp_db, tmp_git = paths.tmp / DB_NAME, paths.tmp / GIT_NAME
    history.open_or_init(tmp_git).close()
    claimers = inputs.claimers()
    progress.start(len(plan.derive), "Deriving versions")
    parallel = len(plan.derive) >= PARALLEL_FROM and (os.cpu_count() or 1) > 1
    derived: dict[str, _Derived] = {}
    db = _open(tmp_db, scratch=True)
    try:
        store.create_schema(db, bulk=True)
        if parallel:
            with _transaction(db):
                derived = _derive_parallel(db, inputs, plan, claimers, tmp_git, progress)
        else:
            with _transaction(db), history.BlobWriter(tmp_git) as blobs:
                for law_id in sorted(plan.derive):
                    derived[law_id] = _derive_here(db, blobs, inputs, claimers, law_id)
                    progress.advance()
        progress.start(1, "Writing the database")
        with ThreadPoolExecutor(1) as pool:
            # git writes the commits while SQLite makes the indexes and the full-text index (side by side)
            commits = pool.submit(history.write_history, tmp_git, _events(inputs, plan, derived), [])
            with _transaction(db):
                _other_instruments(db, inputs, plan, claimers, derived)
            store.finish_schema(db)
            with _transaction(db):
                features.derive(db.conn)
            progress.advance()
            progress.start(1, "Writing the history")
            chain = commits.result()
        progress.advance()
        with _transaction(db):
            report, head = _record(db, inputs, plan, chain, 0, set())
        if head:
            history.set_head(tmp_git, head)
    finally:
        db.close()
    _fsync(tmp_db)
    faults.point("full:database-synced")
    if paths.git.exists():
        os.rename(paths.git, paths.git_old)
        faults.point("full:history-moved-aside")
    os.rename(tmp_git, paths.git)
    faults.point("full:history-moved")
    os.replace(tmp_db, paths.db)
    faults.point("full:database-moved")
    if paths.git_old.exists():
        shutil.rmtree(paths.git_old)
        faults.point("full:old-history-removed")
    return report


def _incremental_build(paths: Paths, inputs: Inputs, plan: _Plan, progress: Progress) -> BuildReport:
    """Change the database in place, in one transaction (or a copy of it, while it is served)."""
    if is_served(paths.db_dir):
        paths.tmp.mkdir(parents=True)
        target = paths.tmp / DB_NAME
        shutil.copyfile(paths.db, target)
    else:
        target = paths.db
    db = _open(target, scratch=False)
    claimers = inputs.claimers()
    try:
        progress.start(len(plan.derive), "Deriving versions")
        derived: dict[str, _Derived] = {}
        rows: list[_Rows] = []
        with history.BlobWriter(paths.git) as blobs:
            for law_id in sorted(plan.derive):
                law_rows, derived[law_id] = _derive(inputs, claimers, blobs, law_id)
                rows.append(law_rows)
                progress.advance()
        with ThreadPoolExecutor(1) as pool:
            # git re-creates the commits from the first one that changed while SQLite changes the rows
            commits = pool.submit(history.write_history, paths.git, _events(inputs, plan, derived), plan.chain)
            with _transaction(db, point="incremental"):
                progress.start(1, "Writing the database")
                shown = store.delete_laws(db, sorted(plan.derive | plan.removed))
                store.delete_instruments(db, sorted(plan.old_instruments | plan.derive | plan.removed))
                for law_rows in rows:
                    _write_law(db, law_rows, index=True)
                store.drop_unused_fragments(db, shown)
                _other_instruments(db, inputs, plan, claimers, derived)
                features.derive(db.conn, sorted(plan.derive | plan.removed))
                progress.advance()
                progress.start(1, "Writing the history")
                chain = commits.result()
                progress.advance()
                keep = 0
                while keep < min(len(chain), len(plan.chain)) and chain[keep].commit == plan.chain[keep].commit:
                    keep += 1
                report, head = _record(db, inputs, plan, chain, keep, plan.derive)
    finally:
        db.close()
    if target != paths.db:
        _fsync(target)
        faults.point("incremental:copy-synced")
        os.replace(target, paths.db)
        faults.point("incremental:copy-moved")
    history.set_head(paths.git, head)
    return report


@contextlib.contextmanager
def _few_collections() -> Iterator[None]:
    """Run the cyclic garbage collector rarely: deriving makes millions of short-lived, acyclic objects (freed by
    reference counting), and each collection would walk every object alive, a quarter of a build's time.
    """
    before = gc.get_threshold()
    gc.set_threshold(100_000, 50, 100)
    try:
        yield
    finally:
        gc.set_threshold(*before)


def build(repo: Repository, progress: Progress | None = None, *, full: bool = False) -> BuildReport:
    """Build db/lawhistory.db and db/history.git from the repository (only what changed, unless ``full``)."""
    progress = progress or _Quiet()
    paths = Paths(repo.db_dir)
    with repo.lock(), _few_collections():
        paths.recover()
        inputs = read_inputs(repo, load_cache(paths.db_dir))
        if not full and _why_stale(paths, inputs) is None:
            if inputs.read:
                save_cache(paths.db_dir, inputs.entries)
            return BuildReport(False, len(inputs.laws), up_to_date=True)
        plan = _full(inputs) if full or not paths.db.exists() else _plan(inputs, paths)
        try:
            report = (
                _full_build(paths, inputs, plan, progress) if plan.full else _incremental_build(paths, inputs, plan, progress)
            )
        except (OSError, sqlite3.Error) as e:
            raise BuildError(f"the build failed ({e}); the previous database and history are unchanged") from e
        finally:
            shutil.rmtree(paths.tmp, ignore_errors=True)
        save_cache(paths.db_dir, inputs.entries)
        return report
