"""The one rule of a law's status on a date, and the dates a person gives: what ``show`` needs before it reads a law
from the build's database, so that this module imports nothing but ``datetime`` and the project's errors (``show``
loads neither the law model nor its readers). ``versions`` and ``dates`` export these under their old names.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from .errors import BadDate, LawHistoryError

#: The rule of a law with no commencement words made under another Act and published from 1 July 1996: it came into
#: operation on the day of publication (Interpretation Act 1984 s 41(1)(b)) or, if that Act applies the Local
#: Government Act 1995's procedure, on the 14th day after (s 3.14). ``commencement.date`` is the later day;
#: ``status_on`` answers no date between the gazette date and it. (``dates.UNCERTAIN``.)
UNCERTAIN = "s41_or_s3_14"


def iso_date(value: str, option: str = "date") -> dt.date:
    """A user's ``YYYY-MM-DD`` date, or a BadDate naming the option and the expected form."""
    try:
        return dt.date.fromisoformat(value.strip())
    except ValueError:
        raise BadDate(f"{option} must be a date like 2020-03-11 (YYYY-MM-DD), not {value!r}") from None


def latest_status(commencement: dt.date | None, repealed_from: dt.date | None) -> str:
    """The status of a law's latest version (no date asked): repealed, in force, or commencement unknown."""
    return "repealed" if repealed_from else "in_force" if commencement else "commencement_unknown"


def uncertain_from(rule: str | None, gazette_date: dt.date | None) -> dt.date | None:
    """The first day of a law's window of uncertain commencement (its gazette date), or None when it has none."""
    return gazette_date if rule == UNCERTAIN else None


def status_on(
    date: dt.date,
    commencement: dt.date,
    repealed_from: dt.date | None,
    starts: Sequence[dt.date | None],
    uncertain: dt.date | None = None,
) -> tuple[str, int | None]:
    """The one rule of "in force on a date": (status, index of the version in force) for a law that commenced on
    ``commencement``, was repealed from ``repealed_from`` and whose versions apply from ``starts``.

    Status is ``in_force``, ``not_in_force`` (before commencement) or ``repealed`` — or ``commencement_uncertain``
    from ``uncertain`` (the first day it may have commenced) to the day before ``commencement`` (the last). The site
    reads the same rule from its rows (``publish.pages.status_at``); SQL uses ``schema.in_force_sql``.
    """
    if repealed_from is not None and date >= repealed_from:
        return "repealed", None
    if uncertain is not None and uncertain <= date < commencement:
        return "commencement_uncertain", None
    if date < commencement:
        return "not_in_force", None
    current = 0
    for n, start in enumerate(starts):
        if start is not None and start <= date:
            current = n
    return "in_force", current


def unknown_status(date: dt.date, gazette_date: dt.date | None) -> str:
    """The status on ``date`` of a law whose commencement is not known: ``not_in_force`` before its publication in the
    Gazette (with no commencement words it did not come into operation before it was published), else
    ``commencement_unknown``."""
    return "not_in_force" if gazette_date is not None and date < gazette_date else "commencement_unknown"


def uncertain_commencement(law_id: str, date: dt.date, first: dt.date, last: dt.date) -> LawHistoryError:
    """The refusal of a date in a law's window of uncertain commencement, naming the window and the dates answered."""
    return LawHistoryError(
        f"{law_id}: it came into operation on {first} or on {last} (no commencement words; the Act it was made under "
        f"decides: Interpretation Act 1984 s 41(1)(b), or Local Government Act 1995 s 3.14 if that Act applies it), so "
        f"whether it was in force on {date} is not known; every date before {first} or from {last} is answered — or set "
        f"commencement.date (rule: fixed_date) in the front matter of laws/{law_id}.txt"
    )


def unknown_commencement(law_id: str, date: dt.date, gazette_date: dt.date | None) -> LawHistoryError:
    """The refusal of a date on or after the publication of a law whose commencement is not known (every date before
    it is answered: not yet in force)."""
    window = (
        f" (it came into operation on or after its publication on {gazette_date}: every date before that is answered)"
        if gazette_date is not None
        else ""
    )
    return LawHistoryError(
        f"{law_id}: its commencement date is not known, so what was in force on {date} cannot be said{window}; "
        + commencement_fix(law_id, gazette_date is not None)
    )


def commencement_fix(law_id: str, gazette_known: bool) -> str:
    """The fix that works for a law whose commencement is not known: its gazette date, when that is what is missing;
    else the day itself (no commencement words, and no Act named whose rule gives the day)."""
    if not gazette_known:
        return "re-import it with --gazette-date YYYY-MM-DD (the day the Gazette published it)"
    return (
        "it has no commencement words and names no Act whose rule gives the day (Local Government Act 1995 s 3.14; "
        "Interpretation Act 1984 s 41(1)(b), from 1 July 1984); set commencement.date (rule: fixed_date) in the front "
        f"matter of laws/{law_id}.txt to the day it came into operation (rule: on_gazettal if that was the day of its "
        "publication: its amendments with no commencement words then take the same rule)"
    )
