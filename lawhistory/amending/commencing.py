"""A commencement before the gazette date: a local law comes into operation on or after the day it is published,
so a commencement date earlier than the gazette date is a misread date (or a misprint), refused unless ``--force``.

With ``--force`` the instrument is stored as printed, with a note saying so (kept in its file and shown by ``amend``).
"""

from __future__ import annotations

from dataclasses import replace

from ..core.errors import LawHistoryError
from ..core.model import Instrument
from ..files.instrument_file import check_operations


class CommencesBeforeGazettal(LawHistoryError):
    """An instrument's commencement date is before its gazette date (and ``--force`` was not given)."""


def before_gazettal(inst: Instrument) -> str | None:
    """Why ``inst``'s dates cannot both be right, or None."""
    meta = inst.law.meta
    start, published = meta.commencement.date, meta.gazette.date
    if start is None or published is None or start >= published:
        return None
    return (
        f"{inst.title}: its commencement ({start:%-d %B %Y}) is before its gazette date ({published:%-d %B %Y}); "
        "a local law comes into operation no earlier than the day it is published"
    )


def checked(inst: Instrument, force: bool) -> Instrument:
    """``inst`` itself when ``amend`` may store it: its dates agree (refused when they do not, unless ``force``: then
    with a note) and it holds no more operations than a stored instrument may (``check_operations``)."""
    check_operations(inst)
    why = before_gazettal(inst)
    if why is None:
        return inst
    if not force:
        raise CommencesBeforeGazettal(f"{why}; check both dates (or --gazette-date), or give --force to store it as printed")
    note = f"Stored with --force: {why}."
    return replace(inst, law=replace(inst.law, meta=replace(inst.law.meta, notes=(*inst.law.meta.notes, note))))
