"""One instruction read by the grammar: its operations, a refusal naming both readings, or where the parse stopped."""

from __future__ import annotations

from ...core.operations import Operation
from ..parts import InstructionNotUnderstood, Unit
from .parse import MAX_READINGS, NoParse, readings
from .read import Head, build


def describe(ops: list[Operation]) -> str:
    """A reading in a few words: each operation's action, target and words."""
    return "; ".join(
        " ".join(x for x in (str(op.action), op.target, f"“{op.words}”" if op.words else "", op.position or "") if x)
        for op in ops
    )


def read_head(unit: Unit, head: str, payload: str | None, notes: list[str]) -> list[Operation] | NoParse | None:
    """The operations the grammar reads in ``head`` (None: a shape left to the transitional families).

    Every parse is built; parses that make different operations refuse the instruction, naming two of them.
    """
    parsed = readings(head)
    if isinstance(parsed, NoParse):
        return parsed
    if len(parsed) > MAX_READINGS:
        raise InstructionNotUnderstood(f"its words parse {len(parsed)} ways, too many to tell what it does")
    results: list[tuple[list[Operation] | None, list[str]]] = []
    errors: list[str] = []
    for tree in parsed:
        own: list[str] = []
        try:
            ops = build(Head(unit, head, payload, own), tree)
        except InstructionNotUnderstood as e:
            errors.append(str(e))
            continue
        if all(ops != seen for seen, _ in results):
            results.append((ops, own))
    if errors and not results:
        raise InstructionNotUnderstood(errors[0])
    if errors:
        # one parse builds and another is refused: which the words mean is uncertain
        raise InstructionNotUnderstood(
            f"it reads two ways: as {describe(results[0][0] or [])} and as a change that cannot be made ({errors[0]})"
        )
    if len(results) > 1:
        first, second = (describe(ops or []) or "a shape left to the families" for ops, _ in results[:2])
        raise InstructionNotUnderstood(f"it reads two ways, as {first} and as {second}, so what it does is uncertain")
    ops, own = results[0]
    notes += own
    return ops
