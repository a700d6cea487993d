"""``lawhistory build``: every version of every law into db/lawhistory.db and db/history.git.

The build is atomic. A full build writes a new database and a new history in ``db/.build/`` and
swaps them in at the end. An incremental build changes the database in place, in one SQLite
transaction, and adds git objects to the existing history (invisible until ``main`` moves, after
the transaction commits); while ``lawhistory serve`` is serving the database it is copied and
swapped in instead (written in ``db/.build/``, synced, renamed over the old file), so a served file
never changes under its readers, and no ``serve`` starts while a build changes the file in place
(``in_place``). A build that fails or is killed leaves the previous database and history as they
were: an interrupted transaction is rolled back from SQLite's journal by the next build, or by
``serve`` before it reads the file (``serving``); ``show`` reads no database that has a journal.

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
import errno
import fcntl
import gc
import os
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Protocol

from ..core import faults
from ..core.errors import LawHistoryError
from ..files.inputs import (
    CACHE_NAME,
    CODE_RECORD,
    Inputs,
    code_fingerprint,
    load_cache,
    read_inputs,
    recorded_fingerprint,
    save_cache,
    save_code_record,
    taken,
)
from ..files.repo import Repository, check_inside
from ..files.stamp import STAMP_NAME, save_stamp, unchanged
from . import build_history, features, history, page_parts, similar, store
from .build_commit import BuildReport as BuildReport
from .build_commit import _events, _fsync, _other_instruments, _record
from .build_plan import _full, _Plan, _plan
from .build_workers import BuildError as BuildError
from .build_workers import _derive, _derive_here, _derive_parallel, _Derived, _open, _Rows, _transaction, _write_law
from .schema import SCHEMA_VERSION

DB_NAME = "lawhistory.db"
GIT_NAME = "history.git"
SERVING_LOCK = ".serving"
#: Fewer laws than this to derive are derived in this process (starting workers costs more).
PARALLEL_FROM = 24


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
    def similar_index(self) -> Path:
        """The build's own index of texts for similar provisions (``similar.INDEX_NAME``), not published."""
        return self.db_dir / similar.INDEX_NAME

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
            or bool(history.crash_reports(self.git))
        )

    def check(self, repo: Repository) -> None:
        """Refuse, in one line, a build that would write through a symbolic link (``db/history.git`` linked elsewhere,
        or a link inside it): a build writes, renames and removes only what lies inside the repository.

        Checked before ``recover``, so recover never renames or removes what a build did not make.
        """
        repo.inside(
            self.db, self.journal, self.git, self.tmp, self.git_old, self.similar_index,
            self.db_dir / f"{similar.INDEX_NAME}-journal",
            *(
                self.db_dir / name
                for name in (CACHE_NAME, f"{CACHE_NAME}.tmp", CODE_RECORD, f"{CODE_RECORD}.tmp", STAMP_NAME, f"{STAMP_NAME}.tmp", SERVING_LOCK)
            ),
        )  # fmt: skip
        for tree in (self.git, self.git_old, self.tmp):
            for folder, dirs, files in os.walk(tree):
                for name in dirs + files:
                    if os.path.islink(os.path.join(folder, name)):
                        repo.inside(Path(folder) / name)  # refuses it, naming the link

    def recover(self) -> None:
        """Undo what an interrupted build left: a half-swapped history, temporary files, an unfinished transaction,
        lock files in the history (the caller holds the repository's write lock, so no writer is using them), and
        the crash reports a failed ``git fast-import`` writes into it (the build said what failed)."""
        for lock in history.stale_locks(self.git):
            lock.unlink(missing_ok=True)
        for report in history.crash_reports(self.git):
            report.unlink(missing_ok=True)
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


# --- is a build needed? ---------------------------------------------------------------------------------------------


def _why_stale(paths: Paths, inputs: Inputs) -> str | None:
    info = store.read_info(paths.db)
    if not info:
        return f"{paths.db_dir.name}/{DB_NAME} does not exist yet"
    if info.get("schema_version") != str(SCHEMA_VERSION) or info.get("code") != code_fingerprint(paths.db_dir):
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
        paths.check(repo)
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


def _serving_file(db_dir: Path) -> IO[str] | None:
    """``db/.serving``, opened (None when this user cannot write it: then no build of this user writes the folder)."""
    try:
        db_dir.mkdir(parents=True, exist_ok=True)
        return open(db_dir / SERVING_LOCK, "a+", encoding="utf-8")  # the caller closes it
    except OSError:
        return None


@contextlib.contextmanager
def serving(db_dir: Path, notice: Callable[[str], None] | None = None) -> Iterator[None]:
    """Mark the database as being served (a build then replaces the file rather than change it in place).

    A build changing the database in place holds the mark's lock (``in_place``): serving waits for it to end (saying
    so through ``notice``), and once it has the mark rolls back what a killed one left half-written (``_settle``), so
    the site never reads a file a build is changing or left half-changed. A repository this user cannot write is
    served unmarked: no build by this user can change it. Nothing is written through a link (``db/`` linked
    elsewhere, or a planted ``db/.serve``, where the site links the files it serves).
    """
    check_inside(db_dir.parent, db_dir / SERVING_LOCK)
    check_inside(db_dir.parent, db_dir / ".serve")  # publishing.switch.LINKS
    f = _serving_file(db_dir)
    if f is None:
        _settle(db_dir)
        yield
        return
    with f:
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            if notice is not None:
                notice(f"waiting for the build under way to finish writing {db_dir.name}/{DB_NAME}")
            fcntl.flock(f.fileno(), fcntl.LOCK_SH)
        try:
            _settle(db_dir)
            yield
        finally:
            fcntl.flock(f.fileno(), fcntl.LOCK_UN)


class HalfWritten(LawHistoryError):
    """A killed build left the database half-changed, and it cannot be put back here."""


def _settle(db_dir: Path) -> None:
    """Roll back what a build killed while changing the database in place left in it (SQLite's hot journal), before
    the site reads the file: a reader that opens it ``immutable`` (the site) would read the half-written pages as they
    are. Safe beside a build that does the same (``Paths.recover``): SQLite's own locks take turns."""
    paths = Paths(db_dir)
    if not (paths.journal.exists() and paths.db.exists()):
        return
    try:
        conn = sqlite3.connect(paths.db)  # reading through a hot journal rolls the transaction back
        try:
            conn.execute("select count(*) from sqlite_master").fetchone()
        finally:
            conn.close()
    except sqlite3.Error as e:
        raise HalfWritten(
            f"{db_dir.name}/{DB_NAME} was left half-written by a build that was killed, and cannot be put back "
            f"here ({e}); run 'lawhistory build' as a user who can write {db_dir.name}/"
        ) from None


@contextlib.contextmanager
def in_place(db_dir: Path) -> Iterator[bool]:
    """Whether a build may change the database in place: True when no ``serve`` serves it, and then none starts to
    until the block ends (it holds ``db/.serving`` exclusively); False when one does (write a copy and rename it)."""
    check_inside(db_dir.parent, db_dir / SERVING_LOCK)  # a planted link is refused, never opened (nor made)
    f = _serving_file(db_dir)
    if f is None:
        yield True
        return
    with f:
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        try:
            yield True
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


def _full_build(paths: Paths, inputs: Inputs, plan: _Plan, progress: Progress) -> BuildReport:
    """A new database and a new history in db/.build/, swapped in at the end."""
    paths.tmp.mkdir(parents=True)
    tmp_db, tmp_git, tmp_index = paths.tmp / DB_NAME, paths.tmp / GIT_NAME, paths.tmp / similar.INDEX_NAME
    history.ensure(tmp_git)
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
            progress.advance()
            progress.start(1, features.STAGE)
            similar.attach(db.conn, tmp_index, scratch=True)
            with _transaction(db):
                features.derive(db.conn)
            progress.advance()
            progress.start(1, page_parts.STAGE)
            # made in a process per CPU (reading the rows just committed), stored here in the laws' order
            made = page_parts.made_apart(db.conn, os.cpu_count() or 1) if parallel else None
            try:
                with _transaction(db):
                    page_parts.derive(db.conn, made=made)
            finally:
                if made is not None:
                    made.close()
            progress.advance()
            progress.start(1, "Writing the history")
            chain = commits.result()
        progress.advance()
        with _transaction(db):
            report, head = _record(db, inputs, plan, chain, 0, set(), code_fingerprint(paths.db_dir))
            similar.record(db.conn)
        similar.detach(db.conn)
        if head:
            history.set_head(tmp_git, head)
    finally:
        db.close()
    _fsync(tmp_db)
    _fsync(tmp_index)
    faults.point("full:database-synced")
    if paths.git.exists():
        os.rename(paths.git, paths.git_old)
        faults.point("full:history-moved-aside")
    os.rename(tmp_git, paths.git)
    faults.point("full:history-moved")
    os.replace(tmp_db, paths.db)
    os.replace(tmp_index, paths.similar_index)  # killed before: the old index is not ``current``, and is made again
    _fsync(paths.db_dir)
    faults.point("full:database-moved")
    if paths.git_old.exists():
        shutil.rmtree(paths.git_old)
        faults.point("full:old-history-removed")
    return report


def _incremental_build(paths: Paths, inputs: Inputs, plan: _Plan, progress: Progress) -> BuildReport:
    """Change the database in place, in one transaction (or a copy of it, while it is served: a served file is never
    changed, and no ``serve`` starts while it is changed in place, ``in_place``)."""
    with in_place(paths.db_dir) as unserved:
        if unserved:
            target = paths.db
        else:
            paths.tmp.mkdir(parents=True)
            target = paths.tmp / DB_NAME
            shutil.copyfile(paths.db, target)
        report, head = _incremental_rows(paths, inputs, plan, progress, target)
        if target != paths.db:
            _fsync(target)
            faults.point("incremental:copy-synced")
            os.replace(target, paths.db)
            _fsync(paths.db_dir)
            faults.point("incremental:copy-moved")
    history.set_head(paths.git, head)
    return report


def _incremental_rows(paths: Paths, inputs: Inputs, plan: _Plan, progress: Progress, target: Path) -> tuple[BuildReport, str]:
    db = _open(target, scratch=False)
    # changed in the same transaction as the database (not served, so changed in place even when the database is not)
    similar.attach(db.conn, paths.similar_index)
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
        events = [e for d in derived.values() for e in d.events]
        rewrite = build_history.plan(paths.git, paths.db, plan.derive | plan.removed, events)
        if rewrite is None:  # the history lost the database's commits: compare the whole chain
            plan.chain = store.read_history(paths.db)
        with ThreadPoolExecutor(1) as pool:
            # git re-creates the commits from the first one that changed while SQLite changes the rows
            commits = pool.submit(_write_history, paths, inputs, plan, derived, rewrite)
            with _transaction(db, point="incremental"):
                progress.start(1, "Writing the database")
                if not similar.current(db.conn):  # from the rows as they are, before any law's change
                    similar.reindex(db.conn)
                held = similar.held_by(db.conn, sorted(plan.derive | plan.removed))
                shown = store.delete_laws(db, sorted(plan.derive | plan.removed), rewritten=plan.derive)
                store.delete_instruments(db, sorted(plan.old_instruments | plan.derive | plan.removed))
                for law_rows in rows:
                    _write_law(db, law_rows, index=True)
                store.drop_unused_fragments(db, shown)
                _other_instruments(db, inputs, plan, claimers, derived)
                features.derive(db.conn, sorted(plan.derive | plan.removed), held)
                page_parts.derive(db.conn, sorted(plan.derive | plan.removed))
                progress.advance()
                progress.start(1, "Writing the history")
                chain, keep = commits.result()
                progress.advance()
                report, head = _record(db, inputs, plan, chain, keep, plan.derive, code_fingerprint(paths.db_dir))
                similar.record(db.conn)
    finally:
        db.close()
    return report, head


def _write_history(
    paths: Paths, inputs: Inputs, plan: _Plan, derived: dict[str, _Derived], rewrite: build_history.Rewrite | None
) -> tuple[list[history.Committed], int]:
    """The new chain and how many of its first commits the database holds already: from the first commit that changed
    (``build_history``), or, when the database's commits are not in the history, the whole chain compared anew."""
    if rewrite is not None:
        return build_history.write(paths.git, rewrite), rewrite.keep
    chain = history.write_history(paths.git, _events(inputs, plan, derived), plan.chain)
    keep = 0
    while keep < min(len(chain), len(plan.chain)) and chain[keep].commit == plan.chain[keep].commit:
        keep += 1
    return chain, keep


def _disk_full(e: BaseException) -> bool:
    text = str(e) + str(getattr(e, "stderr", ""))
    return getattr(e, "errno", None) in (errno.ENOSPC, errno.EDQUOT) or any(
        words in text
        for words in ("No space left on device", "Out of diskspace", "database or disk is full", "Disk quota exceeded")
    )


def _size(path: Path) -> int:
    """Bytes under ``path`` (a file or a folder; 0 when there is none)."""
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def failure(e: BaseException, repo: Repository, paths: Paths, full: bool) -> str:
    """A failed build in one line: what could not be written and, when the disk is full, about how much space a build
    needs (a full build writes a new database and history beside the old ones; an incremental one, a journal or a
    copy of the database)."""
    kept = "the previous database and history are unchanged"
    if not _disk_full(e):
        return f"the build failed ({one_line(str(e))}); {kept}"
    name = getattr(e, "filename", None)
    if isinstance(e, sqlite3.Error):
        what = f"{repo.relative(paths.db)} (the database)"
    elif name and not isinstance(e, history.with_git_errors(history.HistoryError)):
        what = repo.relative(Path(name))
    else:
        what = f"{repo.relative(paths.git)} (the history)"
    inputs = _size(repo.laws_dir) + _size(repo.amendments_dir)
    need = (_size(paths.db) + _size(paths.git) if full else _size(paths.db)) or 20 * inputs
    return (
        f"the build could not write {what}: the disk is full; a {'full ' if full else ''}build needs about "
        f"{max(1, round(need * 1.2 / 1_000_000))} MB free in {repo.relative(paths.db_dir)}/; {kept}"
    )


def one_line(text: str, limit: int = 300) -> str:
    """``text`` on one line (git's messages run over several), at most ``limit`` characters."""
    return " ".join(text.split())[:limit]


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


def build(
    repo: Repository, progress: Progress | None = None, *, full: bool = False, notice: Callable[[str], None] | None = None
) -> BuildReport:
    """Build db/lawhistory.db and db/history.git from the repository (only what changed, unless ``full``).

    A database there that cannot be built on (another schema, other code, its history gone) is built again in full, and
    ``notice`` is told why, in one line, before the build starts.
    """
    progress = progress or _Quiet()
    paths = Paths(repo.db_dir)
    with repo.lock(), _few_collections():
        paths.check(repo)
        mark = _serving_file(paths.db_dir)  # made by every build, so the one changing the file in place can hold it
        if mark is not None:
            mark.close()
        paths.recover()
        inputs = taken(repo) or read_inputs(repo, load_cache(paths.db_dir))
        if not full and _why_stale(paths, inputs) is None:
            if inputs.read:
                save_cache(paths.db_dir, inputs)
            elif not recorded_fingerprint(paths.db_dir):  # the code's record gone or out of date: ``show`` reads it
                save_code_record(paths.db_dir)
            if inputs.read or unchanged(repo.root, paths.db_dir) is None:  # files read again: the stamp hashes fewer
                save_stamp(repo.root, paths.db_dir, inputs.entries, inputs.files_hash, inputs.changed, inputs.removed)
            return BuildReport(False, len(inputs.laws), up_to_date=True)
        plan = _full(inputs, "") if full or not paths.db.exists() else _plan(inputs, paths)
        if plan.why and notice is not None:
            notice(f"full build: {plan.why}")
        try:
            report = (
                _full_build(paths, inputs, plan, progress) if plan.full else _incremental_build(paths, inputs, plan, progress)
            )
        except history.HistoryError as e:
            if _disk_full(e):
                raise BuildError(failure(e, repo, paths, plan.full)) from e
            raise history.HistoryError(one_line(str(e), 500)) from e  # git's own words run over several lines
        except history.with_git_errors(OSError, sqlite3.Error) as e:
            raise BuildError(failure(e, repo, paths, plan.full)) from e
        finally:
            shutil.rmtree(paths.tmp, ignore_errors=True)
            for crashed in history.crash_reports(paths.git):
                crashed.unlink(missing_ok=True)
        save_cache(paths.db_dir, inputs)
        save_stamp(repo.root, paths.db_dir, inputs.entries, inputs.files_hash, inputs.changed, inputs.removed)
        return report
