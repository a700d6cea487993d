"""A commencement before the gazette date: a local law comes into operation on or after the day it is published,
so a commencement date earlier than the gazette date is a misread date (or a misprint), refused unless ``--force``.

With ``--force`` the instrument is stored as printed, with a note saying so (kept in its file and shown by ``amend``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from ..core.dates import INTERPRETATION, INTERPRETATION_ACT_1984, LGA_1995_IN_FORCE, UNCERTAIN, rule_of_act
from ..core.errors import LawHistoryError
from ..core.model import Commencement, Instrument, Law
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


# --- an instrument with no commencement words: the rule of the Act, or of the law it amends ---------------------------

#: Rules relative to publication a law with no commencement words may carry in the repository (set by a person, or
#: given by its Act), which an amendment made under the same Act in the same period follows.
_RELATIVE = ("on_gazettal", "day_after_gazettal", "days_after_gazettal", "lga_s3_14", INTERPRETATION)
_PERIODS = (
    (INTERPRETATION_ACT_1984, "before 1 July 1984"),
    (LGA_1995_IN_FORCE, "from 1 July 1984 to 30 June 1996"),
    (dt.date.max, "from 1 July 1996"),
)


def _period(day: dt.date) -> str:
    return next(name for end, name in _PERIODS if day < end)


def made_under_law(inst: Instrument, law: Law) -> Instrument:
    """``inst`` with the commencement it takes from ``law``, the law it amends, where its own words and the Act it
    names give none (``dates.rule_of_act`` on import left it unknown or uncertain), with a note naming the rule:

    - ``law`` came into operation, with no commencement words, by a rule relative to its publication that the
      repository records (its front matter: ``on_gazettal``, ``days_after_gazettal`` …, or the rule of its Act):
      an amendment made under the same Act and published in the same period (before 1 July 1984; to 30 June 1996;
      from 1 July 1996 — the periods of the Interpretation Act 1984 and the Local Government Act 1995) takes the same;
    - else a local law published from 1 July 1996 naming no Act is made under the Local Government Act 1995 (s 3.14).

    Unchanged when neither gives the day (``check`` then refuses it, naming the fix)."""
    meta = inst.law.meta
    when, published = meta.commencement, meta.gazette.date
    if when.wording is not None or when.date is not None or published is None or when.rule not in ("unknown", UNCERTAIN):
        return inst
    own = law.meta.commencement
    found: tuple[Commencement, str | None] | None = None
    if (
        own.wording is None
        and own.rule in _RELATIVE
        and own.date is not None
        and law.meta.gazette.date is not None
        and own.date >= law.meta.gazette.date
        and _period(law.meta.gazette.date) == _period(published)
    ):
        days = (own.date - law.meta.gazette.date).days
        day = published + dt.timedelta(days=days)
        how = {0: "on the day of its publication", 1: "on the day after its publication"}.get(
            days, f"{days} days after its publication"
        )
        rule = own.rule if own.rule in ("lga_s3_14", INTERPRETATION) else "on_gazettal" if days == 0 else "days_after_gazettal"
        found = (
            Commencement(rule=rule, days=days, date=day),
            (
                f"it has no commencement words, nor has {law.meta.title}, which the repository records as coming into "
                f"operation {how} (commencement.rule: {own.rule}); an amendment of it made under the same Act and "
                f"published in the same period ({_period(published)}) takes the same rule: in operation on {day}"
            ),
        )
    elif when.rule == "unknown" and published >= LGA_1995_IN_FORCE and "local law" in meta.title.lower():
        # an uncertain rule means it names another Act; an unknown one from 1 July 1996 that it names none
        found = rule_of_act("Local Government Act 1995", published)
        found = found[0], f"{found[1]} (a local law naming no other Act: the Local Government Act 1995's)"
    if found is None or found[0].date is None:
        return inst
    new, note = found
    notes = tuple(n for n in meta.notes if not n.startswith("it has no commencement words")) + ((note,) if note else ())
    return replace(inst, law=replace(inst.law, meta=replace(meta, commencement=new, notes=notes)))


def unknown_day(inst: Instrument, where: str) -> str:
    """Why ``inst`` (no commencement words, gazette date known) cannot be applied, naming what is known of its day and
    the fix that works: its day set in the front matter of ``where`` (its file)."""
    meta = inst.law.meta
    published = meta.gazette.date
    assert published is not None
    said = next((n for n in meta.notes if n.startswith("it has no commencement words")), None)
    window = (
        f"on {published} or on {published + dt.timedelta(days=14)}"
        if meta.commencement.rule == UNCERTAIN
        else f"on or after {published}"
    )
    return (
        f"{meta.title}: {said or 'it has no commencement words and names no Act whose rule gives the day'}; it came "
        f"into operation {window}, but the day is not known, so it cannot be applied: set commencement.date (rule: "
        f"fixed_date) to that day in the front matter of {where}"
    )
