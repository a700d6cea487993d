"""The canned query ``law_as_known``: a law in force on D as known from the Gazette on K, in one SQL statement.

The same decision as the law page's (``publishing.known_rows.decide``) and the text ``lawhistory show LAW --at D
--known K`` derives, wherever that text is one of the stored versions: the versions in force by D (``v``) are read
in order, each with the gazette date of what made it; the text known on K is the last version before the first one
not yet published (every one when all were). No row is given when nothing can be shown from the stored versions:
the law was not yet published on K, not yet in force on D, repealed on D by a repeal published by K, or the text then
known was never in force (a version published by K after one that was not, a version that shares its first day with
the next, or an instrument not applied to the law as now published that may have applied to the law then known) —
the command derives that text from the repository (``amending.known``).

``incomplete`` names, on every row, the instruments the repository holds and has not applied that were published by K
and commenced by D — what this text omits, as ``show --known`` says (null: it omits nothing).
"""

from __future__ import annotations

from .schema_types import in_force_sql, in_part_sql, omitted_sql

LAW_AS_KNOWN_SQL = f"""with law as (
  select id, commencement, gazette_date, repealed_from, repealed_by from laws where id = :law
), v as (
  select v.number, v.valid_from,
    case when v.number = 0 then (select gazette_date from law) else i.gazette_date end as gazette_date
  from versions v left join instruments i on i.id = v.instrument
  where v.law = :law and v.valid_from <= :at
), unknown as (
  select coalesce(min(number), 1000000000) as number from v where gazette_date is null or gazette_date > :known
), chosen as (
  select number, valid_from from v where number = (select max(number) from v where number < (select number from unknown))
), answer as (
  select c.valid_from as day from chosen c, law l
  where l.gazette_date <= :known and l.commencement <= :at
    and not exists (
      select 1 from instruments r where r.id = l.repealed_by and l.repealed_from <= :at and r.gazette_date <= :known
    )
    and not exists (select 1 from v where v.number > (select number from unknown) and v.gazette_date <= :known)
    and not exists (
      select 1 from versions n where n.law = :law and n.number = c.number + 1 and n.valid_from = c.valid_from
        and (select number from unknown) < 1000000000
    )
    and not (
      exists (
        select 1 from instruments u where u.amends = :law and u.status != 'applied'
          and u.commencement <= :at and u.gazette_date <= :known
      )
      and (
        (select number from unknown) < 1000000000
        or exists (
          select 1 from instruments r where r.id = l.repealed_by and l.repealed_from <= :at
            and (r.gazette_date is null or r.gazette_date > :known)
        )
      )
    )
)
select {omitted_sql(":law", ":at", ":known")} as incomplete, {in_part_sql(":law", ":at", ":known")} as in_part,
  p.citation, p.eid, p.kind, p.num, p.heading, p.text, p.parent, p.term, p.cells, p.last_changed_by,
  a.day as version_from
from answer a join provisions p on p.law = :law
where {in_force_sql("a.day", "p")}
order by p.position"""
