"""What became of each instrument and of each of its operations (applied, refused, not applied, pending).

A timeline records which instruments made versions and which are waiting, and why, and the applier's
trace of each: what every operation did, or where the instrument was refused. Nothing is applied again here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..amending.apply import Step
from ..core.ids import citation_of_path
from ..core.model import LawRef, Provision
from ..core.operations import ACTION_SPECS, Operation
from ..core.versions import Timeline, own_operations, refers_to
from ..files.instrument_file import Instrument


@dataclass(frozen=True, slots=True)
class OpOutcome:
    outcome: str  # applied | refused | not applied | pending
    detail: str
    law: str | None


@dataclass
class Outcome:
    """An instrument's status and reason, and the outcome of each operation (by 1-based seq)."""

    status: str  # applied | pending | refused
    reason: str | None = None
    operations: dict[int, OpOutcome] = field(default_factory=dict)


_PRECEDENCE = {"refused": 2, "pending": 1, "applied": 0}


def merge(outcomes: Sequence[Outcome]) -> Outcome:
    """One outcome for an instrument that acts on several laws (a repeal of more than one)."""
    worst = max(outcomes, key=lambda o: _PRECEDENCE[o.status])
    reasons = [o.reason for o in outcomes if o.reason and o.status == worst.status]
    ops: dict[int, OpOutcome] = {}
    for o in outcomes:
        ops.update(o.operations)
    return Outcome(worst.status, "; ".join(dict.fromkeys(reasons)) or None, ops)


def pending(inst: Instrument, reason: str, done: dict[int, OpOutcome] | None = None) -> Outcome:
    ops = {seq: OpOutcome("pending", reason, None) for seq in range(1, len(inst.operations) + 1)}
    ops.update(done or {})
    return Outcome("pending", reason, ops)


def _effect(op: Operation, body: tuple[Provision, ...], paths: list[tuple[int, ...]]) -> str:
    cites = [citation_of_path(body, p) for p in paths]
    if op.action == "delete":
        return f"deleted {op.target}"
    if op.action == "substitute_heading":
        return f"substituted the heading of {op.target}"
    verb = ACTION_SPECS[op.action].done
    return f"{verb} {', '.join(cites)}" if cites else f"{verb} nothing"


def _from_trace(steps: Sequence[Step], law_id: str) -> tuple[dict[int, OpOutcome], str | None]:
    """The outcome of each operation from the applier's trace, and the refusal (if any)."""
    out: dict[int, OpOutcome] = {}
    for step in steps:
        if step.op.is_repeal:
            continue
        if step.error is not None:
            out[step.seq] = OpOutcome("refused", str(step.error), law_id)
            return out, str(step.error)
        out[step.seq] = OpOutcome("applied", _effect(step.op, step.body, list(step.paths)), law_id)
    return out, None


def _repeal_ops(inst: Instrument, tl: Timeline, outcome: str, detail: str) -> dict[int, OpOutcome]:
    law = tl.law
    return {
        seq: OpOutcome(outcome, detail, law.meta.id)
        for seq, op in enumerate(inst.operations, start=1)
        if op.is_repeal and refers_to(LawRef(op.target), law)
    }


def _applied(tl: Timeline, inst: Instrument) -> Outcome | None:
    law_id = tl.law.meta.id
    if tl.repealed_by is not None and tl.repealed_by.id == inst.id:
        ops = _repeal_ops(inst, tl, "applied", f"repealed {tl.law.meta.title} from {tl.repealed_from}")
        for seq, op in enumerate(inst.operations, start=1):
            if not op.is_repeal:
                ops[seq] = OpOutcome("not applied", "the instrument repeals the whole law", law_id)
        return Outcome("applied", None, ops)
    # one version, or one a day when its commencement gives its clauses days of their own
    mine = [v for v in tl.versions if v.instrument is not None and v.instrument.id == inst.id]
    if not mine:
        return None
    ops = {}
    for v in mine:
        ops.update(_from_trace(v.trace, law_id)[0])
    return Outcome("applied", None, ops)


def _waiting(tl: Timeline, inst: Instrument, reason: str) -> Outcome:
    law_id = tl.law.meta.id
    if inst.law.meta.commencement.date is None:
        return pending(inst, reason)
    ops, refusal = _from_trace(tl.attempts.get(inst.id, ()), law_id)
    own = own_operations(inst, tl.law)  # all, unless the instrument amends several laws (one in each Part)
    if refusal is None:
        ops = {seq: OpOutcome("not applied", reason, law_id) for seq in own}
        ops.update(_repeal_ops(inst, tl, "not applied", reason))
        return Outcome("refused", reason, ops)
    failed = max(ops)
    cl = inst.operations[failed - 1].clause
    for seq in own:
        if seq < failed and ops.get(seq, OpOutcome("", "", None)).outcome == "applied":
            ops[seq] = OpOutcome("not applied", f"it would apply, but the instrument was refused at cl. {cl}", law_id)
        elif seq > failed:
            ops[seq] = OpOutcome("not applied", f"the instrument was refused at cl. {cl}", law_id)
    return Outcome("refused", reason, ops)


def instrument_outcomes(tl: Timeline, instruments: Sequence[Instrument]) -> dict[str, Outcome]:
    """The outcome of every instrument that amends or repeals ``tl``'s law."""
    waiting = {inst.id: why for inst, why in tl.waiting}
    out: dict[str, Outcome] = {}
    for inst in instruments:
        done = _applied(tl, inst)
        if done is not None and inst.id in waiting:
            # the clauses of its earlier days applied, a later day's refused (its clauses commence on days of their own)
            refused = _waiting(tl, inst, waiting[inst.id])
            out[inst.id] = Outcome("refused", refused.reason, {**refused.operations, **done.operations})
        elif done is not None:
            out[inst.id] = done
        elif inst.id in waiting:
            out[inst.id] = _waiting(tl, inst, waiting[inst.id])
        else:  # pragma: no cover - every instrument of a law is applied or waiting
            out[inst.id] = pending(inst, "not yet applied")
    return out
