"""The build's plan: what a build must derive, remove and rewrite (full, or incremental from the last build's state)."""

from __future__ import annotations

import json
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


def _full(inputs: Inputs) -> _Plan:
    return _Plan(True, set(inputs.laws), set(), set(inputs.instruments), set(), [])


def _plan(inputs: Inputs, paths: Paths) -> _Plan:
    info = store.read_info(paths.db)
    if (
        info.get("schema_version") != str(SCHEMA_VERSION)
        or info.get("code") != code_fingerprint(paths.db_dir)
        or not paths.git.exists()
    ):
        return _full(inputs)
    old = store.read_state(paths.db)
    new_claims = {law: set(ids) for law, ids in inputs.claims.items()}
    # a law's input hash covers its instruments' files: where it is unchanged, so are the instruments acting on it
    old_claims = {
        law: new_claims[law] if inputs.law_hashes.get(law) == h else set(json.loads(ids)) for law, (h, ids) in old.items()
    }
    old_claimed = set().union(*old_claims.values()) if old_claims else set()
    derive = {law for law, h in inputs.law_hashes.items() if old.get(law, ("", ""))[0] != h}
    removed = set(old) - set(inputs.laws)
    instruments: set[str] = set(inputs.unclaimed())
    old_instruments = set(store.read_instrument_ids(paths.db)) - old_claimed
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
