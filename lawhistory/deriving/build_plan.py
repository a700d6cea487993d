"""The build's plan: what a build must derive, remove and rewrite (full, or incremental from the last build's state)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..files.inputs import Inputs, code_fingerprint
from . import history, store
from .schema import SCHEMA_VERSION

if TYPE_CHECKING:
    from .build import Paths


# --- planning ---------------------------------------------------------------------------------------------------------


@dataclass
class _Plan:
    full: bool
    derive: set[str]
    removed: set[str]
    instruments: set[str]  # instrument rows to (re)write
    old_instruments: set[str]  # instrument rows to delete first
    chain: list[history.Committed]
    why: str = ""  # a full plan: why everything is derived again, in words (``full_reason``)


def _full(inputs: Inputs, why: str) -> _Plan:
    return _Plan(True, set(inputs.laws), set(), set(inputs.instruments), set(), [], why)


def full_reason(info: dict[str, str], paths: Paths) -> str | None:
    """Why the database at ``paths`` (its ``build_info``: ``info``) cannot be built on, so that a build derives every law
    again, in words naming what differs; None when an incremental build can start from it."""
    name = f"{paths.db_dir.name}/{paths.db.name}"
    if not info:
        return f"{name} has no build record that can be read"
    if info.get("schema_version") != str(SCHEMA_VERSION):
        return f"{name} has schema version {info.get('schema_version')}, this lawhistory writes version {SCHEMA_VERSION}"
    if (code := code_fingerprint(paths.db_dir)) != info.get("code"):
        return (
            f"{name} was built by other code (its deriving code's fingerprint {str(info.get('code'))[:12]}, "
            f"this code's {code[:12]})"
        )
    if not paths.git.exists():
        return f"{paths.db_dir.name}/{paths.git.name} is missing"
    return None


def _plan(inputs: Inputs, paths: Paths) -> _Plan:
    info = store.read_info(paths.db)
    if (why := full_reason(info, paths)) is not None:
        return _full(inputs, why)
    new_claims = {law: set(ids) for law, ids in inputs.claims.items()}
    before = inputs.before
    if before is not None and info.get("inputs") == before.files_hash:
        # The database was built from the index ``amend`` read (``hand_over``): its state is that index's, so only the
        # laws whose inputs changed since are read, to check it.
        old = {law: (h, before.claims[law]) for law, h in before.law_hashes.items()}
        touched = {law for law in old.keys() | inputs.laws.keys() if old.get(law, ("", []))[0] != inputs.law_hashes.get(law)}
        if _states_of(paths, sorted(touched & old.keys())) == {law: old[law] for law in touched & old.keys()}:
            return _planned(inputs, new_claims, old, set(before.instruments))
    stored = {law: (h, json.loads(ids)) for law, (h, ids) in store.read_state(paths.db).items()}
    return _planned(inputs, new_claims, stored, set(store.read_instrument_ids(paths.db)))


def _states_of(paths: Paths, laws: list[str]) -> dict[str, tuple[str, list[str]]]:
    """The build state of ``laws`` (those the database holds): law id → (input hash, its instruments)."""
    found: dict[str, tuple[str, list[str]]] = {}
    for k in range(0, len(laws), 500):
        chunk = laws[k : k + 500]
        marks = ",".join("?" * len(chunk))
        try:
            conn = sqlite3.connect(f"file:{paths.db}?mode=ro", uri=True)
        except sqlite3.Error:
            return {}
        try:
            rows = conn.execute(f"select law, input_hash, instruments from build_state where law in ({marks})", chunk)
            found.update((law, (h, json.loads(ids))) for law, h, ids in rows)
        except sqlite3.Error:
            return {}
        finally:
            conn.close()
    return found


def _planned(inputs: Inputs, new_claims: dict[str, set[str]], old: dict[str, tuple[str, list[str]]], stored: set[str]) -> _Plan:
    """The incremental plan from the last build's state (``old``: law id → its input hash and instruments) and the
    instruments it stored (``stored``)."""
    # a law's input hash covers its instruments' files: where it is unchanged, so are the instruments acting on it
    old_claims = {law: new_claims[law] if inputs.law_hashes.get(law) == h else set(ids) for law, (h, ids) in old.items()}
    old_claimed = set().union(*old_claims.values()) if old_claims else set()
    derive = {law for law, h in inputs.law_hashes.items() if old.get(law, ("", []))[0] != h}
    removed = set(old) - set(inputs.laws)
    instruments: set[str] = set(inputs.unclaimed())
    old_instruments = stored - old_claimed
    while True:  # an instrument acting on several laws re-derives all of them
        for law in derive | removed:
            old_instruments |= old_claims.get(law, set())
            instruments |= new_claims.get(law, set())
        acting = instruments | old_instruments
        more = {law for law, ids in new_claims.items() if not ids.isdisjoint(acting)} - derive
        if not more:
            break
        derive |= more
    return _Plan(
        False,
        derive,
        removed,
        instruments & set(inputs.instruments),
        old_instruments | instruments,
        [],  # the incremental build reads the history it needs itself (``build_history``)
    )
