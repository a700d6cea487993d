"""A person's reading of an instrument the engine refused (issue 21): the gazetted instrument is law whatever the
engine reads, so staff can finish the job.

``draft`` writes, for every instruction of the instrument, the operations the engine read — and for each it could not
read a placeholder holding the instruction's words and why. Staff complete it; ``supplied`` reads the completed file
back for ``amend --operations``, which verifies and applies the operations exactly as parsed ones (targets must exist,
words must occur) and records who supplied the reading, and when. ``supplied`` refuses a file that does not account for
every amending clause: each must have operations, or say ``none: true`` (it amends nothing).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from ..core.errors import FormatError, LawHistoryError
from ..core.model import Law
from ..core.operations import Operation, op_from_dict, op_to_dict
from ..files.frontmatter import dump_yaml
from ..reading.line_lists import unmarked
from .instructions import InstructionNotUnderstood, Unit, parse_unit, units

HEADER = """\
# The reading of an amending instrument, for 'lawhistory amend FILE --operations THIS-FILE'.
# For each amending clause: the operations the engine read, or, where it refused ('refused:'), a placeholder to
# complete from the instruction's words ('words:'). Each operation has the fields of an instrument file's operations
# (docs/format.md): action, target, and as the action needs words, new, position, occurrence. A clause that amends
# nothing: 'none: true'. Every clause must be accounted for; targets must exist and words occur, as for any instrument.
"""


def _entry(unit: Unit) -> dict[str, Any]:
    try:
        ops = parse_unit(unit, [])
    except InstructionNotUnderstood as e:
        return {"clause": unit.clause, "words": unmarked(unit.text), "refused": unmarked(str(e)), "operations": []}
    entry: dict[str, Any] = {"clause": unit.clause, "words": unmarked(unit.text), "operations": [op_to_dict(op) for op in ops]}
    if not ops:
        entry["none"] = True  # read as no amending instruction (left as text)
    return entry


def draft_text(laws: list[Law], refusal: str | None) -> str:
    """The draft for the instruments ``laws`` (their texts); ``refusal``: why verifying the engine's reading failed."""
    doc: dict[str, Any] = {}
    if refusal:
        doc["refused_when_verified"] = refusal
    doc["instruments"] = [
        {"id": law.meta.id, "title": law.meta.title, "instructions": [_entry(u) for u in units(law)]} for law in laws
    ]
    return HEADER + dump_yaml(doc)


def placeholders(text: str) -> int:
    """How many placeholders of a draft are left to complete."""
    doc = yaml.safe_load(text) or {}
    return sum(1 for i in doc.get("instruments", []) for e in i.get("instructions", []) if "refused" in e)


def _load(path: Path) -> dict[str, Any]:
    try:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as e:
        raise LawHistoryError(f"{path}: cannot read the operations file ({' '.join(str(e).split())})") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("instruments"), list):
        raise LawHistoryError(f"{path}: not an operations file: it needs a list 'instruments' (write one with --draft)")
    return doc


def _operations(entry: dict[str, Any], path: Path, title: str) -> list[Operation]:
    clause = str(entry.get("clause"))
    ops = entry.get("operations") or []
    if entry.get("none") is True:
        if ops:
            raise LawHistoryError(f"{path}: {title} cl. {clause} says 'none: true' and also gives operations; keep one")
        return []
    if not isinstance(ops, list) or not ops:
        why = f" (the engine refused it: {entry['refused']})" if entry.get("refused") else ""
        raise LawHistoryError(
            f"{path}: {title} cl. {clause} has no operations{why}; give them, or 'none: true' if it amends nothing"
        )
    out = []
    for i, d in enumerate(ops):
        if not isinstance(d, dict):
            raise LawHistoryError(f"{path}: {title} cl. {clause}: operation {i + 1} must be a mapping")
        full = {"clause": clause, "source": str(entry.get("words") or ""), **d}
        try:
            op = op_from_dict(full, i)
        except FormatError as e:
            raise LawHistoryError(f"{path}: {title} cl. {clause}: {e}") from None
        if op.unreadable is not None:
            raise LawHistoryError(f"{path}: {title} cl. {clause}: {op.target}: {'; '.join(op.unreadable)}")
        out.append(op)
    return out


def supplied(path: Path) -> Callable[[Law], tuple[Operation, ...] | None]:
    """For ``amend --operations``: the operations ``path`` gives an instrument (None: it gives none for it), every
    amending clause of the instrument accounted for, and no clause it does not have."""
    doc = _load(path)
    given = {str(i.get("id")): i for i in doc["instruments"] if isinstance(i, dict)}

    def ops_for(law: Law) -> tuple[Operation, ...] | None:
        mine = given.get(law.meta.id)
        if mine is None:
            return None
        entries = [e for e in mine.get("instructions") or [] if isinstance(e, dict)]
        clauses = [u.clause for u in units(law)]
        named = [str(e.get("clause")) for e in entries]
        missing = [c for c in dict.fromkeys(clauses) if c not in named]
        if missing:
            raise LawHistoryError(
                f"{path}: {law.meta.title}: the operations do not account for cl. {', '.join(missing)}; give each clause "
                "its operations, or 'none: true' if it amends nothing"
            )
        stray = [c for c in named if c not in clauses]
        if stray:
            raise LawHistoryError(f"{path}: {law.meta.title} has no amending clause {', '.join(stray)}; check the clause labels")
        ops = [op for e in entries for op in _operations(e, path, law.meta.title)]
        if not ops:
            raise LawHistoryError(f"{path}: {law.meta.title}: no clause has operations, so there is nothing to apply")
        return tuple(ops)

    return ops_for
