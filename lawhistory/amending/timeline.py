"""Deriving a law's versions: the principal law, then each instrument that amends it applied in commencement order
(ties: gazette date, then first page), as ``versions.Timeline`` values. Pure: the same law and instruments always
give the same timeline, whatever order the instruments arrived in.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import replace

from ..core.errors import LawHistoryError
from ..core.ids import addresses
from ..core.model import Law, Provision
from ..core.operations import Operation
from ..core.versions import (
    Change,
    Timeline,
    Version,
    commencement_key,
    gazette_mismatch,
    instruments_for,
    own_operations,
    refers_to,
)
from ..files.instrument_file import Instrument
from .apply import Applied, Step, apply_instrument
from .commencing import made_under_law, unknown_day
from .law_known import Unresolved, resolved, rows_resolved


def _repeals(inst: Instrument, law: Law) -> bool:
    """Whether ``inst`` repeals ``law`` (an instrument that amends one law and repeals others — "Health Amendment and
    Repeal Local Law" — amends the first: its repeal operations are not applied to it)."""
    meta = inst.law.meta
    if not any(not op.is_repeal for op in inst.operations):
        return True
    return any(refers_to(ref, law) and (ref.id is None or ref.id == law.meta.id) for ref in meta.repeals)


def build_timeline(law: Law, instruments: Iterable[Instrument]) -> Timeline:
    """All versions of ``law`` given every instrument in the repository (pure)."""
    mine = instruments_for(law, instruments)
    waiting: list[tuple[Instrument, str]] = []
    usable = []
    for inst in mine:
        inst = made_under_law(inst, law)  # no commencement words: the rule the law it amends records
        mismatch = gazette_mismatch(inst, law)
        if inst.refused is not None:  # kept by a refused amend: shown as not applied, never applied
            waiting.append((inst, inst.refused.reason))
        elif mismatch:
            waiting.append((inst, mismatch))
        elif inst.law.meta.commencement.date is None and inst.law.meta.gazette.date is not None:
            waiting.append((inst, unknown_day(inst, "its file")))
        elif inst.law.meta.commencement.date is None:
            waiting.append((inst, "its commencement date is not known (give the gazette date with --gazette-date)"))
        else:
            usable.append(inst)
    dated = sorted(usable, key=commencement_key)
    start = law.meta.commencement.date
    provenance: dict[str, Change] = {}
    versions = [Version(0, start, None, None, law.body, law.conclusions, provenance)]
    repealed_from = None
    repealed_by = None
    errors: dict[str, LawHistoryError] = {}
    attempts: dict[str, tuple[Step, ...]] = {}
    for inst in dated:
        when = inst.law.meta.commencement.date
        if repealed_from is not None:
            waiting.append((inst, f"the law was repealed on {repealed_from} before it commenced"))
            continue
        if inst.is_repeal and _repeals(inst, law):
            if when is not None and start is not None and when < start:
                waiting.append((inst, f"it commences on {when}, before the law itself commenced ({start})"))
                continue
            repealed_from, repealed_by = when, inst
            continue
        prev = versions[-1]
        try:
            applied = _apply_own(prev.body, inst, law)
        except LawHistoryError as e:
            waiting.append((inst, str(e)))
            errors[inst.id] = e
            attempts[inst.id] = e.trace
            continue
        body, changes = applied.body, applied.changes
        merged = dict(prev.provenance)
        merged.update(changes)
        present = {a.citation for a in addresses(body)}
        merged = {k: v for k, v in merged.items() if k in present}
        versions[-1] = _close(prev, when)
        versions.append(Version(len(versions), when, None, inst, body, prev.conclusions, merged, applied.trace))
    if repealed_from is not None:
        versions[-1] = _close(versions[-1], repealed_from)
    return Timeline(law, tuple(versions), repealed_from, repealed_by, tuple(waiting), errors, attempts)


def _apply_own(body: tuple[Provision, ...], inst: Instrument, law: Law) -> Applied:
    """``inst`` applied to ``law``: the operations of the Part that amends it, when it amends several laws (one in each
    Part); the trace keeps each operation's place in the whole instrument."""
    own = own_operations(inst, law)
    ops: list[Operation] = []
    origin: list[int] = []  # the place in the whole instrument of each operation applied (a row placed in order: one a row)
    for seq in own:
        # a place named by the law's words that was not resolved when the instrument was read (its law was not in the
        # repository then): resolved now, against the law it applies to, or the instrument is refused (law_known); a
        # row named by what it cites, or put in numerical order, is told each time (law_known.rows_resolved)
        op = inst.operations[seq - 1]
        try:
            done = rows_resolved(body, op, ops) or [resolved(body, op, ops) or op]
        except Unresolved as e:
            raise Unresolved(f"{inst.title} cl. {op.clause}: {e}; check the instruction against the law") from None
        ops += done
        origin += [seq] * len(done)
    if len(own) == len(inst.operations) and ops == list(inst.operations):
        return apply_instrument(body, inst)
    part = replace(inst, operations=tuple(ops))
    try:
        applied = apply_instrument(body, part)
    except LawHistoryError as e:
        e.trace = tuple(replace(step, seq=origin[step.seq - 1]) for step in e.trace)
        raise
    return replace(applied, trace=tuple(replace(step, seq=origin[step.seq - 1]) for step in applied.trace))


def _close(v: Version, until: dt.date | None) -> Version:
    return Version(v.number, v.valid_from, until, v.instrument, v.body, v.conclusions, v.provenance, v.trace)
