"""Amending and repeal instruments on disk: the instrument's text plus its parsed operations.

Front matter may also hold ``not_applied`` (``amend`` refused it and kept it, with the reason and the day) and
``reading`` (its operations were supplied by hand: by whom, on what day)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from ..core.errors import FormatError
from ..core.model import HandReading, Refusal
from ..core.model import Instrument as Instrument
from ..core.operations import op_from_dict, op_to_dict
from .frontmatter import _date, _mapping, _text
from .textformat import parse_document, render

#: The most operations one instrument may hold: real amending local laws hold tens (the largest bundled, 31), a
#: few hundred at most. Past it an instrument is refused in one line rather than read at a cost no real one needs
#: (20,000 operations took ``list`` 35 s and 1.7 GB).
MAX_OPERATIONS = 2_000


def _too_many(count: int, path: str | None) -> FormatError:
    return FormatError(
        f"{count:,} operations, more than the {MAX_OPERATIONS:,} one instrument may hold (real amending local laws "
        "hold tens); check the instrument, or split it",
        path=path,
    )


def check_operations(inst: Instrument, path: str | None = None) -> Instrument:
    """``inst`` itself, unless it holds more than ``MAX_OPERATIONS`` operations (FormatError, one line)."""
    if len(inst.operations) > MAX_OPERATIONS:
        raise _too_many(len(inst.operations), path or inst.title)
    return inst


def render_instrument(inst: Instrument) -> str:
    extra: dict[str, Any] = {"operations": [op_to_dict(op) for op in inst.operations]}
    if inst.refused is not None:
        extra["not_applied"] = {"reason": inst.refused.reason, "recorded": inst.refused.on}
    if inst.by_hand is not None:
        extra["reading"] = {"supplied_by_hand": True, "by": inst.by_hand.by, "on": inst.by_hand.on}
    return render(inst.law, extra=extra)


def _text_and_day(value: Any, field: str, keys: tuple[str, str], needs: str, path: str | None) -> tuple[str, dt.date] | None:
    """The words and the day that front matter field ``field`` holds under ``keys`` (None: no such field); a field
    without both is refused, saying it ``needs`` them."""
    if value is None:
        return None
    d = _mapping(value, field)
    words, on = _text(d.get(keys[0]), f"{field}.{keys[0]}"), _date(d.get(keys[1]), f"{field}.{keys[1]}")
    if words is None or on is None:
        raise FormatError(f"front matter field '{field}' needs {needs}", path=path)
    return words, on


def _refusal(value: Any, path: str | None) -> Refusal | None:
    got = _text_and_day(value, "not_applied", ("reason", "recorded"), "a reason and the date it was recorded", path)
    return Refusal(*got) if got is not None else None


def _reading(value: Any, path: str | None) -> HandReading | None:
    got = _text_and_day(value, "reading", ("by", "on"), "who supplied it ('by') and when ('on')", path)
    return HandReading(*got) if got is not None else None


def parse_instrument(text: str, path: str | None = None) -> Instrument:
    data, law = parse_document(text, path)
    if law.meta.kind == "principal":
        raise FormatError("an instrument in amendments/ must be of kind amending or repeal", path=path)
    ops = data.get("operations") or []
    if not isinstance(ops, list):
        raise FormatError("'operations' must be a list", path=path)
    if len(ops) > MAX_OPERATIONS:  # refused before each is read
        raise _too_many(len(ops), path)
    try:
        operations = tuple(op_from_dict(d, i) for i, d in enumerate(ops))
        refused, by_hand = _refusal(data.get("not_applied"), path), _reading(data.get("reading"), path)
    except FormatError as e:
        raise FormatError(str(e), path=path) from None
    for i, op in enumerate(operations):
        # new provisions are read with the operation: text that holds none is refused here, not when applied
        if op.unreadable is not None:
            reason, fix = op.unreadable
            raise FormatError(f"operation {i + 1}: cl. {op.clause}: {op.target}: {reason}; {fix}", path=path)
    return Instrument(law=law, operations=operations, refused=refused, by_hand=by_hand)
