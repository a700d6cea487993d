"""Statutory reviews of local laws: when each law's next review is due (s 3.16 Local Government Act 1995 (WA)).

The rule, as it applies on the date the reader asks about (``at``):

* until 6 December 2024, s 3.16(1): a local government is to review a local law within 8 years after the day it
  commenced or the day a report of its last review was accepted;
* from 7 December 2024 (Local Government Amendment Act 2024 s 20), the period is 15 years after the day the law
  commenced or a determination about it was last made under s 3.16(4);
* a law not reviewed in the 8 years before 7 December 2024 (its 8-year review was due on or before that day) is
  due by 7 December 2026 (the Act's transitional provision, Schedule 9.3 Division 7, as councils' notices describe
  it; its words were not checked against the Act itself here: check them before relying on this date).

The start of the period (``anchor``) is the later of the law's commencement and the last review date recorded in
its front matter (``reviews:``) on or before ``at``; the review is due on the day the period ends and is overdue
after it. The rule lives here once, in Python (for ``lawhistory list --reviews``) and as SQL (for the site and the
canned query); tests keep the two equal.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from typing import Any

#: The day the 15-year period replaced the 8-year one.
CHANGED = dt.date(2024, 12, 7)
YEARS_BEFORE = 8
YEARS_AFTER = 15
#: Laws whose 8-year review fell due on or before CHANGED are due by this day.
TRANSITIONAL_DUE = dt.date(2026, 12, 7)
#: A review due within this many days is "due soon".
SOON_DAYS = 365

RULES = {
    "8 years": "s 3.16(1): within 8 years of commencement or of the acceptance of the last review report",
    "15 years": "s 3.16(1) from 7 December 2024: within 15 years of commencement or of the last determination under s 3.16(4)",
    "transitional": "not reviewed in the 8 years before 7 December 2024: due by 7 December 2026 (Schedule 9.3 Division 7)",
}


def add_years(day: dt.date, years: int) -> dt.date:
    """``day`` moved on by whole years; 29 February becomes 1 March in a common year (as SQLite's date() does)."""
    try:
        return day.replace(year=day.year + years)
    except ValueError:
        return dt.date(day.year + years, 3, 1)


@dataclass(frozen=True, slots=True)
class Review:
    """A law's review as at a date: what the period runs from, when it ends, and where the law stands."""

    law: str
    title: str
    local_government: str
    commencement: dt.date | None
    repealed_from: dt.date | None
    reviews: tuple[dt.date, ...]
    as_at: dt.date
    last_review: dt.date | None  # the last review on or before as_at
    anchor: dt.date | None
    due: dt.date | None
    rule: str | None  # a key of RULES
    status: str  # overdue, due soon, not due, not yet in force, repealed, commencement unknown

    def json(self) -> dict[str, Any]:
        iso = _iso
        return {
            "id": self.law,
            "title": self.title,
            "local_government": self.local_government,
            "as_at": iso(self.as_at),
            "commencement": iso(self.commencement),
            "repealed_from": iso(self.repealed_from),
            "reviews": [d.isoformat() for d in self.reviews],
            "last_review": iso(self.last_review),
            "period_from": iso(self.anchor),
            "due": iso(self.due),
            "rule": self.rule,
            "status": self.status,
            "overdue": self.status == "overdue",
        }


def _iso(d: dt.date | None) -> str | None:
    return d.isoformat() if d else None


def due_date(anchor: dt.date, at: dt.date) -> tuple[dt.date, str]:
    """(the day the review period that started on ``anchor`` ends, the rule) under s 3.16 as it applies on ``at``."""
    if at < CHANGED:
        return add_years(anchor, YEARS_BEFORE), "8 years"
    if add_years(anchor, YEARS_BEFORE) <= CHANGED:
        return TRANSITIONAL_DUE, "transitional"
    return add_years(anchor, YEARS_AFTER), "15 years"


def review(
    law: str,
    title: str,
    local_government: str,
    commencement: dt.date | None,
    repealed_from: dt.date | None,
    reviews: tuple[dt.date, ...],
    at: dt.date,
) -> Review:
    """The review of one law as at ``at``."""
    last = max((d for d in reviews if d <= at), default=None)
    anchor = max((d for d in (commencement, last) if d is not None), default=None)
    due, rule = due_date(anchor, at) if anchor is not None else (None, None)
    if commencement is None and last is None:
        status = "commencement unknown"
    elif repealed_from is not None and repealed_from <= at:
        status = "repealed"
    elif commencement is not None and commencement > at:
        status = "not yet in force"
    elif due is not None and due < at:
        status = "overdue"
    elif due is not None and (due - at).days <= SOON_DAYS:
        status = "due soon"
    else:
        status = "not due"
    return Review(law, title, local_government, commencement, repealed_from, reviews, at, last, anchor, due, rule, status)


#: Sorting: the laws whose review matters soonest first, per local government.
def sort_key(r: Review) -> tuple[str, int, str, str]:
    live = r.status in ("overdue", "due soon", "not due")
    return (r.local_government, 0 if live else 1, r.due.isoformat() if r.due else "9999", r.title)


# --- the same rule in SQL ---------------------------------------------------------------------------------------------

_AT = "coalesce(nullif(:at, ''), date('now'))"

#: Every law with its review as at ``:at`` (empty: today), per local government, soonest due first: the rows the
#: reviews page and the ``reviews`` canned query show (the columns of ``Review.json``).
REVIEWS_SQL = f"""with base as (
  select l.id, l.title, l.local_government, l.commencement, l.repealed_from, coalesce(l.reviews, '[]') as reviews,
    {_AT} as as_at,
    (select max(j.value) from json_each(coalesce(l.reviews, '[]')) j where j.value <= {_AT}) as last_review
  from laws l
), anchored as (
  select *, case when last_review is not null and (commencement is null or last_review > commencement)
    then last_review else commencement end as period_from
  from base
), due as (
  select *, case
      when period_from is null then null
      when as_at < '{CHANGED}' then date(period_from, '+{YEARS_BEFORE} years')
      when date(period_from, '+{YEARS_BEFORE} years') <= '{CHANGED}' then '{TRANSITIONAL_DUE}'
      else date(period_from, '+{YEARS_AFTER} years') end as due,
    case
      when period_from is null then null
      when as_at < '{CHANGED}' then '8 years'
      when date(period_from, '+{YEARS_BEFORE} years') <= '{CHANGED}' then 'transitional'
      else '15 years' end as rule
  from anchored
), stated as (
  select *, case
      when commencement is null and last_review is null then 'commencement unknown'
      when repealed_from is not null and repealed_from <= as_at then 'repealed'
      when commencement is not null and commencement > as_at then 'not yet in force'
      when due < as_at then 'overdue'
      when julianday(due) - julianday(as_at) <= {SOON_DAYS} then 'due soon'
      else 'not due' end as status
  from due
)
select id, title, local_government, as_at, commencement, repealed_from, reviews, last_review, period_from, due, rule,
  status, status = 'overdue' as overdue
from stated
where (:local_government = '' or local_government = :local_government)
order by local_government, status not in ('overdue', 'due soon', 'not due'), coalesce(due, '9999'), title"""


def row_json(row: dict[str, Any]) -> dict[str, Any]:
    """A row of ``REVIEWS_SQL`` as ``Review.json`` gives it (reviews decoded, overdue a boolean)."""
    return {**row, "reviews": json.loads(row["reviews"] or "[]"), "overdue": bool(row["overdue"])}
