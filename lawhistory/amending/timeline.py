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
    clause_head,
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
        elif (undated := without_day(inst, law)) is not None:
            waiting.append((inst, undated))
        else:
            usable.append(inst)
    # each instrument on its day — one whose commencement gives its clauses days of their own, on each of them
    dated = sorted(
        ((day, inst, seqs) for inst in usable for day, seqs in day_parts(inst, law)),
        key=lambda part: (part[0], *commencement_key(part[1])[1:]),
    )
    start = law.meta.commencement.date
    provenance: dict[str, Change] = {}
    versions = [Version(0, start, None, None, law.body, law.conclusions, provenance)]
    repealed_from = None
    repealed_by = None
    errors: dict[str, LawHistoryError] = {}
    attempts: dict[str, tuple[Step, ...]] = {}
    for when, inst, seqs in dated:
        if inst.id in errors:  # a part of it (an earlier day's clauses) was refused: the rest is not applied either
            continue
        if repealed_from is not None:
            # (the clauses of one day: not applied, listed as commencing on that day)
            waiting.append((on_day(inst, when), f"the law was repealed on {repealed_from} before it commenced"))
            continue
        if inst.is_repeal and _repeals(inst, law):
            if when is not None and start is not None and when < start:
                waiting.append((inst, f"it commences on {when}, before the law itself commenced ({start})"))
                continue
            repealed_from, repealed_by = when, inst
            continue
        prev = versions[-1]
        try:
            applied = _apply_own(prev.body, inst, law, seqs)
        except LawHistoryError as e:
            waiting.append((on_day(inst, when), str(e)))
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


def day_parts(inst: Instrument, law: Law) -> list[tuple[dt.date, tuple[int, ...] | None]]:
    """The days ``inst`` acts on ``law``, each with the places of the operations that commence on it: its commencement
    with all of them (None), or — its commencement giving its clauses days of their own (``by_clause``) — each day
    its own amending clauses are given, with those clauses' operations, earliest first (``without_day`` has refused
    one that gives an amending clause no day)."""
    when = inst.law.meta.commencement
    assert when.date is not None
    if when.rule != "by_clause":
        return [(when.date, None)]
    by_day: dict[dt.date, list[int]] = {}
    for seq in own_operations(inst, law):
        day = when.day_of_operation(inst.operations[seq - 1].clause)
        assert day is not None, "without_day refuses an amending clause given no day"
        by_day.setdefault(day, []).append(seq)
    return [(day, tuple(seqs)) for day, seqs in sorted(by_day.items())]


def without_day(inst: Instrument, law: Law) -> str | None:
    """Why ``inst`` cannot be applied to ``law`` because its commencement (``by_clause``) gives a clause that amends it
    no day (its file edited by hand, or its days not yet computed), or None."""
    when = inst.law.meta.commencement
    if when.rule != "by_clause":
        return None
    if inst.is_repeal:
        return f"{inst.title}: it repeals a law, and a repeal whose commencement gives its clauses days of their own is not read"
    for seq in own_operations(inst, law):
        clause = clause_head(inst.operations[seq - 1].clause)
        if when.day_of_operation(inst.operations[seq - 1].clause) is None:
            return (
                f"{inst.title} cl. {inst.operations[seq - 1].clause}: its commencement gives clause {clause} no day "
                "(commencement.clauses in its file); set that clause's day there"
            )
    return None


def on_day(inst: Instrument, day: dt.date) -> Instrument:
    """``inst`` as the part of it commencing on ``day`` is listed when not applied (its commencement that day)."""
    meta = inst.law.meta
    return replace(inst, law=replace(inst.law, meta=replace(meta, commencement=replace(meta.commencement, date=day))))


def _apply_own(body: tuple[Provision, ...], inst: Instrument, law: Law, only: tuple[int, ...] | None = None) -> Applied:
    """``inst`` applied to ``law``: the operations of the Part that amends it, when it amends several laws (one in each
    Part), or ``only`` those at these places (the clauses commencing on one day); the trace keeps each operation's
    place in the whole instrument."""
    own = own_operations(inst, law) if only is None else only
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
