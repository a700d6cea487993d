"""``lawhistory build``: every version of every law into db/lawhistory.db and db/history.git.

The build is atomic. The database is written to ``db/.build/`` and renamed into place at the end;
a full build writes the history there too and swaps the folder in. An incremental build adds git
objects to the existing history (invisible until ``main`` moves, after the database is in place).
A build that fails or is killed leaves the previous database and history as they were.

Incremental: each law's inputs (its file and its instruments' files) are hashed into
``build_state``; a rebuild re-derives only laws whose hash changed (and instruments that changed
hands), copies everything else from the previous database, and re-creates commits only from the
first one that differs. ``staleness`` tells ``serve`` whether a build is needed.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import sqlite_utils

from . import history, store
from .errors import LawHistoryError
from .inputs import Inputs, code_fingerprint, files_hash, read_inputs
from .instrument_file import Instrument
from .model import Law
from .outcomes import OpOutcome, Outcome, merge, pending
from .repo import Repository
from .rows import LawRows, Row, instrument_row, law_rows
from .schema import SCHEMA_VERSION
from .textformat import render_body
from .versions import build_timeline, refers_to, targets

DB_NAME = "lawhistory.db"
GIT_NAME = "history.git"


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
    def git(self) -> Path:
        return self.db_dir / GIT_NAME

    @property
    def tmp(self) -> Path:
        return self.db_dir / ".build"

    @property
    def git_old(self) -> Path:
        return self.db_dir / f".{GIT_NAME}.old"

    def recover(self) -> None:
        """Undo what an interrupted build left: a half-swapped history, temporary files."""
        if self.git_old.exists():
            if self.git.exists():
                shutil.rmtree(self.git_old)
            else:
                os.rename(self.git_old, self.git)
        shutil.rmtree(self.tmp, ignore_errors=True)


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


def staleness(repo: Repository) -> str | None:
    """Why the database must be (re)built, or None when it is up to date."""
    paths = Paths(repo.db_dir)
    info = store.read_info(paths.db)
    if not info:
        return f"{repo.relative(paths.db)} does not exist yet"
    if info.get("schema_version") != str(SCHEMA_VERSION) or info.get("code") != code_fingerprint():
        return "it was built by another version of lawhistory"
    if info.get("inputs") != files_hash(repo):
        return "laws or amendments changed since the last build"
    if info.get("head", "") != history.head(paths.git):
        return f"{repo.relative(paths.git)} does not match the database"
    return None


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
    return _Plan(True, set(inputs.law_metas), set(), set(inputs.instrument_metas), set(), [])


def _plan(inputs: Inputs, paths: Paths) -> _Plan:
    info = store.read_info(paths.db)
    if info.get("schema_version") != str(SCHEMA_VERSION) or info.get("code") != code_fingerprint() or not paths.git.exists():
        return _full(inputs)
    old = store.read_state(paths.db)
    old_claims = {law: set(json.loads(ids)) for law, (_, ids) in old.items()}
    old_claimed = set().union(*old_claims.values()) if old_claims else set()
    new_claims = {law: set(ids) for law, ids in inputs.claims.items()}
    derive = {law for law, h in inputs.law_hashes.items() if old.get(law, ("", ""))[0] != h}
    removed = set(old) - set(inputs.law_metas)
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
        instruments & set(inputs.instrument_metas),
        old_instruments | instruments,
        store.read_history(paths.db),
    )


# --- deriving ---------------------------------------------------------------------------------------------------------


@dataclass
class _Derived:
    rows: LawRows
    events: list[history.Event]


def _derive(inputs: Inputs, law_id: str) -> _Derived:
    law = inputs.law(law_id)
    tl = build_timeline(law, inputs.claimed(law_id))
    rows = law_rows(tl, inputs.law_paths[law_id], inputs.claimed(law_id))
    texts = {v.number: render_body(v.body, v.conclusions) for v in tl.versions}
    return _Derived(rows, history.law_events(tl, texts))


def _amends(inst: Instrument, inputs: Inputs, claimers: list[str]) -> str | None:
    ref = inst.law.meta.amends
    return next((law for law in claimers if ref and refers_to(ref, Law(inputs.law_metas[law]))), None)


def _instrument_rows(inputs: Inputs, ids: set[str], derived: dict[str, _Derived]) -> tuple[list[Row], list[Row]]:
    claimers = inputs.claimers()
    inst_rows, op_rows = [], []
    for inst_id in inputs.instrument_metas:
        if inst_id not in ids:
            continue
        inst = inputs.instrument(inst_id)
        mine = claimers.get(inst_id, [])
        if mine:
            outcome = merge([derived[law].rows.outcomes[inst.id] for law in mine])
        else:
            names = "; ".join(ref.title for ref in targets(inst)) or "the law it amends"
            outcome = pending(inst, f"{names} is not in the repository")
        inst_rows.append(
            instrument_row(
                inst.law, inputs.instrument_paths[inst.id], outcome.status, outcome.reason, _amends(inst, inputs, mine)
            )
        )
        op_rows += _operation_rows(inst, outcome)
    return inst_rows, op_rows


def _operation_rows(inst: Instrument, outcome: Outcome) -> list[Row]:
    rows = []
    for seq, op in enumerate(inst.operations, start=1):
        done = outcome.operations.get(seq) or OpOutcome("pending", "the law it names is not in the repository", None)
        rows.append(
            {
                "instrument": inst.id, "seq": seq, "law": done.law, "clause": op.clause, "action": op.action,
                "target": op.target, "words": op.words, "new": op.new, "position": op.position,
                "occurrence": op.occurrence, "source": op.source, "description": op.describe(),
                "outcome": done.outcome, "detail": done.detail,
            }
        )  # fmt: skip
    return rows


def _principal_row(inputs: Inputs, law_id: str) -> Row:
    law = inputs.law(law_id)
    known = law.meta.commencement.date is not None
    reason = None if known else "its commencement date is not known (re-import it with --gazette-date)"
    return instrument_row(law, inputs.law_paths[law_id], "applied" if known else "pending", reason)


# --- writing ----------------------------------------------------------------------------------------------------------


def _open_tmp_db(path: Path, plan: _Plan, previous: Path) -> sqlite_utils.Database:
    if not plan.full:
        shutil.copyfile(previous, path)
    db = sqlite_utils.Database(str(path))
    db.execute("pragma journal_mode = memory")
    db.execute("pragma synchronous = off")
    if plan.full:
        store.create_schema(db)
    return db


def _write_rows(db: sqlite_utils.Database, inputs: Inputs, plan: _Plan, derived: dict[str, _Derived], progress: Progress) -> None:
    with db.conn:
        store.delete_laws(db, sorted(plan.derive | plan.removed))
        store.delete_instruments(db, sorted(plan.old_instruments | plan.derive | plan.removed))
        progress.start(len(derived), "Writing the database")
        for law_id in sorted(derived):
            store.write_law(db, derived[law_id].rows)
            store.write_instruments(db, [_principal_row(inputs, law_id)], [])
            progress.advance()
        store.write_instruments(db, *_instrument_rows(inputs, plan.instruments, derived))


def _events(inputs: Inputs, plan: _Plan, derived: dict[str, _Derived]) -> list[history.Event]:
    kept = [c.event for c in plan.chain if c.event.law in inputs.law_metas and c.event.law not in plan.derive]
    return kept + [e for d in derived.values() for e in d.events]


def _states(inputs: Inputs, laws: Iterable[str]) -> list[Row]:
    return [
        {"law": law, "input_hash": inputs.law_hashes[law], "instruments": json.dumps(inputs.claims[law])} for law in sorted(laws)
    ]


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _swap(paths: Paths, tmp_db: Path, tmp_git: Path | None, head: str) -> None:
    """Move the new database (and a new history) into place; the old ones stay until the new are complete."""
    if tmp_git is not None:
        if paths.git.exists():
            os.rename(paths.git, paths.git_old)
        os.rename(tmp_git, paths.git)
    os.replace(tmp_db, paths.db)
    if tmp_git is None:
        history.set_head(paths.git, head)
    if paths.git_old.exists():
        shutil.rmtree(paths.git_old)


def _report(plan: _Plan, inputs: Inputs, db: sqlite_utils.Database, commits: int) -> BuildReport:
    counts = {
        r["status"]: r["n"]
        for r in db.query("select status, count(*) as n from instruments where kind != 'principal' group by status")
    }
    return BuildReport(plan.full, len(inputs.law_metas), sorted(plan.derive), sorted(plan.removed), commits, counts)


def build(repo: Repository, progress: Progress | None = None, *, full: bool = False) -> BuildReport:
    """Build db/lawhistory.db and db/history.git from the repository (only what changed, unless ``full``)."""
    progress = progress or _Quiet()
    paths = Paths(repo.db_dir)
    with repo.lock():
        paths.recover()
        if not full and staleness(repo) is None:
            return BuildReport(False, len(repo.law_files()), up_to_date=True)
        inputs = read_inputs(repo)
        plan = _full(inputs) if full or not paths.db.exists() else _plan(inputs, paths)
        progress.start(len(plan.derive), "Deriving versions")
        derived = {}
        for law_id in sorted(plan.derive):
            derived[law_id] = _derive(inputs, law_id)
            progress.advance()
        try:
            return _write(paths, inputs, plan, derived, progress)
        except (OSError, sqlite3.Error) as e:
            raise BuildError(f"the build failed ({e}); the previous database and history are unchanged") from e
        finally:
            shutil.rmtree(paths.tmp, ignore_errors=True)


def _write(paths: Paths, inputs: Inputs, plan: _Plan, derived: dict[str, _Derived], progress: Progress) -> BuildReport:
    paths.tmp.mkdir(parents=True)
    tmp_db = paths.tmp / DB_NAME
    tmp_git = paths.tmp / GIT_NAME if plan.full else None
    db = _open_tmp_db(tmp_db, plan, paths.db)
    try:
        _write_rows(db, inputs, plan, derived, progress)
        progress.start(1, "Writing the history")
        chain = history.write_history(tmp_git or paths.git, _events(inputs, plan, derived), plan.chain)
        progress.advance()
        head = chain[-1].commit if chain else ""
        if tmp_git is not None and head:
            history.set_head(tmp_git, head)
        with db.conn:
            store.write_history(db, chain)
            info = {"schema_version": str(SCHEMA_VERSION), "code": code_fingerprint(), "inputs": inputs.files_hash, "head": head}
            store.write_state(db, _states(inputs, inputs.law_metas), info)
        report = _report(plan, inputs, db, len(chain))
    finally:
        db.close()
    _fsync(tmp_db)
    _swap(paths, tmp_db, tmp_git, head)
    return report
