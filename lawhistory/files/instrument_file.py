"""Amending and repeal instruments on disk: the instrument's text plus its parsed operations."""

from __future__ import annotations

from ..core.errors import FormatError
from ..core.model import Instrument as Instrument
from ..core.operations import op_from_dict, op_to_dict
from .textformat import parse_document, render


def render_instrument(inst: Instrument) -> str:
    return render(inst.law, extra={"operations": [op_to_dict(op) for op in inst.operations]})


def parse_instrument(text: str, path: str | None = None) -> Instrument:
    data, law = parse_document(text, path)
    if law.meta.kind == "principal":
        raise FormatError("an instrument in amendments/ must be of kind amending or repeal", path=path)
    ops = data.get("operations") or []
    if not isinstance(ops, list):
        raise FormatError("'operations' must be a list", path=path)
    try:
        operations = tuple(op_from_dict(d, i) for i, d in enumerate(ops))
    except FormatError as e:
        raise FormatError(str(e), path=path) from None
    for i, op in enumerate(operations):
        # new provisions are read with the operation: text that holds none is refused here, not when applied
        if op.unreadable is not None:
            reason, fix = op.unreadable
            raise FormatError(f"operation {i + 1}: cl. {op.clause}: {op.target}: {reason}; {fix}", path=path)
    return Instrument(law=law, operations=operations)
