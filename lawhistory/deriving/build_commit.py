"""The build's commit: the rows no single law wrote, the history's rows, the build state and the report."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.versions import targets
from ..files.inputs import Inputs
from . import history, store
from .build_plan import _Plan
from .build_workers import _Derived, _instrument_rows
from .outcomes import merge, pending
from .rows import Row
from .schema import SCHEMA_VERSION

if TYPE_CHECKING:
    import sqlite_utils


@dataclass
class BuildReport:
    full: bool
    laws: int = 0
    derived: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    commits: int = 0
    instruments: dict[str, int] = field(default_factory=dict)  # status → count
    up_to_date: bool = False


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
    db: sqlite_utils.Database,
    inputs: Inputs,
    plan: _Plan,
    chain: list[history.Committed],
    keep: int,
    laws: set[str],
    code: str,
) -> tuple[BuildReport, str]:
    """Record the history (``chain``, whose first ``keep`` commits are the database's already), the build state and the
    build info (inside the caller's transaction); ``code``: the code's fingerprint (``code_fingerprint``).
    """
    head = chain[-1].commit if chain else ""
    store.write_history(db, chain, keep, laws)
    info = {"schema_version": str(SCHEMA_VERSION), "code": code, "inputs": inputs.files_hash, "head": head}
    store.write_state(db, _states(inputs, plan.derive), info)
    return _report(plan, inputs, db, len(chain)), head
