"""Dates as printed in the gazette, and commencement rules read from an instrument's own words."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import BadDate, ImportFailed
from .lazy_re import lazy_pattern
from .model import Commencement
from .status import UNCERTAIN as UNCERTAIN
from .status import iso_date as iso_date

if TYPE_CHECKING:
    from lark import Lark

MONTHS = {
    m: i
    for i, m in enumerate(
        [
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ],
        start=1,
    )
}
_MONTH = "(" + "|".join(MONTHS) + ")"

#: "26 February 2020", "17th December 2019", "18th day of May in the year 2016", "26 FEBRUARY 2020"
PRINTED_DATE = re.compile(
    r"\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?" + _MONTH + r",?\s+(?:in\s+the\s+year\s+)?(\d{4})\b", re.IGNORECASE
)


def printed_date(text: str) -> dt.date | None:
    """The first date printed in ``text`` ("26 February 2020", "17th day of December 2019"), or None."""
    m = PRINTED_DATE.search(text)
    if not m:
        return None
    try:
        return dt.date(int(m.group(3)), MONTHS[m.group(2).lower()], int(m.group(1)))
    except ValueError:
        return None


def all_printed_dates(text: str) -> list[dt.date]:
    out = []
    for m in PRINTED_DATE.finditer(text):
        try:
            out.append(dt.date(int(m.group(3)), MONTHS[m.group(2).lower()], int(m.group(1))))
        except ValueError:
            continue
    return out


def uncertain_commencement(wording: str | None) -> str | None:
    """The words that keep an instrument's amending clauses from one computable commencement date, if any:
    'whichever is the later', 'except clause 4 which …', '… and expires on …', or a split commencement that gives a
    clause after the preliminary ones (1 to 3, Part 1) a time of its own ('(b) clause 4 — on 1 July 2022')."""
    if not wording:
        return None
    w = " ".join(wording.split())
    if whole_reading(w) is not None:
        return None  # (review4) read whole: "on whichever is the later of the following days— (a) …; (b) …"
    m = re.search(
        r"\bwhichever\b[^;.]*|\bexcept\b[^;.]*|\b(?:and )?expires?\b[^;.]*"
        # (review) "(2) Despite subclause (1), clause 5 comes into operation on …", "Notwithstanding …", "(1) Other than
        # clauses 5 and 6, this local law …": a clause given a time of its own, in words not read yet
        r"|\b(?:despite|notwithstanding)\s+(?:sub-?clause|clause|paragraph|section|regulation)\b[^;.]*"
        r"|\bother\s+than\s+(?:sub-?clauses?|clauses?|Parts?|Divisions?|sections?|regulations?)\s+\d[^;.]*",
        w,
        re.I,
    )
    if m:
        return m.group(0)
    first = re.search(r"\(a\)\s*(?:clauses?|sections?|Part)\s+1\b[^;.]*", w)
    if first and not re.search(r"\bthe rest\b|\bremaining\b|\bother (?:clauses|provisions)\b|\([b-z]\)", w):
        # "(a) clauses 1 and 2 — on the day … published" and nothing for the rest: the amending clauses are given no
        # time (a limb lost to the page layout); the preliminary clauses' day is not theirs
        return first.group(0)
    for item in re.finditer(r"\([a-z]\)\s*(?P<what>(?:clauses?|sections?|Parts?)\s+[^—–]+?)\s*[—–-]", w):
        numbers = [int(n) for n in re.findall(r"\d+", item.group("what"))]
        part = item.group("what").lower().startswith("part")
        if any(n > (1 if part else 3) for n in numbers):
            return item.group(0)
    return None


#: "(b) the rest of the local law — on the day alter that day": the OCR's "alter" for "after", in the one place of a
#: commencement's split rule where it can only be that word (the day before the day of publication is not a day a
#: local law can commence). Read as "after", with a note (``reading.importers.build``); nowhere else.
ALTER_FOR_AFTER = re.compile(r"\bthe rest of (?:the|this) local law\s*[—–-]?\s*on the day alter (?:that day|gazettal day)", re.I)


def commencement_rule(wording: str | None) -> tuple[str, int | None, dt.date | None]:
    """(rule, days, fixed date) read from an instrument's commencement words.

    Rules: ``on_gazettal``, ``day_after_gazettal``, ``days_after_gazettal`` (with days), ``months_after_gazettal``,
    ``fixed_date`` (with the date), ``by_notice`` and ``unknown``.
    """
    if not wording:
        return "unknown", None, None
    w = " ".join(wording.split())
    rest = re.search(r"\bthe rest of (?:the|this) local law\s*[—–-]?\s*(?P<when>[^;]+)", w, re.I)
    if rest:
        # "(a) clauses 1 and 2 — on the day on which this local law is published …; (b) the rest of the local law —
        # on the day after that day": the amendments commence when the rest does.
        when = rest.group("when")
        # (a copy's OCR may print "after" as "alter" here: no other word can stand between "the day" and "that day" in
        # a commencement — a local law cannot come into operation before it is published — see ``ALTER_FOR_AFTER``)
        if re.match(r"on the day (?:after|alter) (?:that day|gazettal day|publication day)", when, re.I):
            return "day_after_gazettal", 1, None
        m = re.match(r"on the (\w+(?:-\w+)?) day after (?:that day|gazettal day|publication day)", when, re.I)
        if m and _ordinal_number(m.group(1)) is not None:
            return "days_after_gazettal", _ordinal_number(m.group(1)), None
        d = printed_date(when)
        if d:
            return "fixed_date", None, d
        w = when
    _pub = r"(?:the (?:date|day) (?:of|on which) )?(?:its |their |it is |they are |it was |they were |the )?(?:publi|gazettal)"
    m = re.search(r"\b(\w+(?:-\w+)?) (clear )?days? (?:after|following) " + _pub, w, re.I)
    if m and spelled_number(m.group(1)) is not None:
        # clear days: the day of commencement excluded too (Interpretation Act 1984 s. 61(1)(f))
        return "days_after_gazettal", (spelled_number(m.group(1)) or 0) + (1 if m.group(2) else 0), None
    m = re.search(
        r"\b(?:at|on) (?:the day (?:after|following) )?the (?:expiry|expiration|end) of (\w+(?:-\w+)?) (?:clear )?days "
        r"(?:from|after) " + _pub,
        w,
        re.I,
    )
    if m and spelled_number(m.group(1)) is not None:
        # "at the expiry of 14 days from the day on which it is published": the 14 days are reckoned from the day
        # after publication (Interpretation Act 1984 s. 61: the day a period is reckoned from is excluded), so they
        # expire at the end of the 14th day after it, and the law is in operation from the day after that — the day
        # "on the day after the expiration of 14 days from the date of its publication" names in so many words.
        return "days_after_gazettal", (spelled_number(m.group(1)) or 0) + 1, None
    if _months_after(w) is not None:
        return "months_after_gazettal", None, None
    m = re.search(
        r"\bon the (\w+(?:-\w+)?) day (?:after|following) (?:the (?:date|day) (?:of|on which)|its publi|their publi|publi)",
        w,
        re.I,
    )
    if m and _ordinal_number(m.group(1)) is not None:
        return "days_after_gazettal", _ordinal_number(m.group(1)), None
    if re.search(
        r"\bon the day (?:after|following) (?:the (?:day|date) )?(?:on which it is |on which they are |of its |of their |of |its |their )?publi",
        w,
        re.I,
    ) or re.search(r"\bday following (?:the day of )?(?:its |their )?publi", w, re.I):
        return "day_after_gazettal", 1, None
    if re.search(
        r"\bon the (?:same )?day (?:on which |that )?(?:it is|they are|(?:this|the) (?:local law|by-?law|instrument) is|"
        r"(?:these|the) (?:local laws|by-?laws) are) published|\bon the (?:date|day) of (?:its |their )?publication|\bupon (?:its |their )?publication|\bon publication",
        w,
        re.I,
    ):
        return "on_gazettal", 0, None
    if _BY_NOTICE.search(w):
        return "by_notice", None, None
    m = re.search(r"\b(?:comes into operation|commences) on (.+)", w, re.I)
    if m:
        d = printed_date(m.group(1))
        if d:
            return "fixed_date", None, d
    return "unknown", None, None


_MONTHS_AFTER = lazy_pattern(
    r"\b(\w+) (?:calendar )?months? (?:after|following) (?:the (?:date|day) (?:of|on which) )?(?:its |their |it is |they are |it was |they were |the )?"
    r"(?:publi|gazettal)",
    re.I,
)


def _months_after(wording: str) -> int | None:
    """N in "comes into operation N month(s) after the date of its publication", if the words say so."""
    m = _MONTHS_AFTER().search(" ".join(wording.split()))
    return spelled_number(m.group(1)) if m else None


def months_later(day: dt.date, months: int) -> dt.date:
    """The same day of the month ``months`` calendar months after ``day`` (the month's last day when it has no such
    day: one month after 31 January is 28 or 29 February)."""
    index = day.month - 1 + months
    year, month = day.year + index // 12, index % 12 + 1
    last = (dt.date(year + month // 12, month % 12 + 1, 1) - dt.timedelta(days=1)).day
    return dt.date(year, month, min(day.day, last))


# --- a commencement that gives its clauses days of their own ("by_clause") ------------------------------------------

#: (r17) What an instrument's commencement calls the instrument: a local law, by-laws or a by-law ("(a) by-laws 1 and
#: 2 — on the day on which these by-laws are published in the Gazette; (b) the rest of the by-laws — on 1 January
#: 1989.", "(b) the rest of the by-law — on the day after that day"), one word for every shape below.
_SELF = r"(?:(?:amendment )?local laws?|by-?laws?)"
#: (r17) What its items call its own provisions: clauses, by-laws, or the "rules" of a by-law ("(a) rules 1 and 2 —").
_OWN_UNITS = r"(?:clauses?|by-?laws?|rules?)"
#: "This local law comes into operation as follows—": the words before the items of a split commencement.
_AS_FOLLOWS = re.compile(rf"(?:This|The|These) {_SELF} (?:comes? into operation|commences?) as follows\s*[—–:-]*\s*", re.I)
_ITEM = lazy_pattern(r"\(([a-z])\)\s*")
#: (r12) "clause 6(1) —": a subclause of an amending clause named alone, its operations given its day
_CLAUSE_NUMBER = r"\d+(?:\.\d+)?[A-Z]?(?:\(\d+[A-Za-z]?\))?"
#: "clauses 1, 2 and 3", "clauses 4 to 6", "clause 6", "clauses 4 and 5" — then the dash that ends the list.
_CLAUSE_LIST = lazy_pattern(
    rf"{_OWN_UNITS} (?P<list>{_CLAUSE_NUMBER}(?:(?:\s*,\s*|\s*,?\s+and\s+|\s+to\s+){_CLAUSE_NUMBER})*)\s*[—–-]\s*(?P<when>.+)",
    re.I,
)
#: (r7) "Part 1 —", "Part 2 Division 3 —": an item naming a Part (or a Division of one) of the instrument; its
#: clauses are the instrument's own (``clause_items``'s ``parts``).
_PART_ITEM = lazy_pattern(r"(?P<part>Part \d+[A-Z]?(?: Division \d+[A-Z]?)?)\s*[—–-]\s*(?P<when>.+)", re.I)
#: (wr12, review 13's h03) "(a) Parts 1 and 2 — on …", "Parts 1, 2 and 3 —", "Parts 2 to 4 —": an item naming several
#: Parts of the instrument; their clauses are each Part's (``clause_items``'s ``parts``), in the order named.
_PARTS_ITEM = lazy_pattern(r"Parts (?P<list>\d+(?:(?:\s*,\s*|\s*,?\s+and\s+|\s+to\s+)\d+)+)\s*[—–-]\s*(?P<when>.+)", re.I)
#: The day of publication as an item names it; "that day" only after an item that named that day.
_PUBLISHED = (
    rf"(?:the (?:day|date) on which (?:(?:this|these) {_SELF} (?:is|are)|it is|they are) published(?: in the (?:Government )?Gazette)?"
    r"|the (?:day|date) of (?:its |their )?(?:publication|gazettal)(?: in the (?:Government )?Gazette)?"
    # (r8) "publication day", as "gazettal day": the name an item gives that day ("… published in the Gazette
    # (publication day)")
    r"|(?:its )?(?:publication|gazettal)(?: in the (?:Government )?Gazette)?|gazettal day|publication day)"
)
_THAT_DAY = r"that day"
#: (r10) The key of ``clause_items``'s ``parts`` under which the caller gives every clause of the instrument, so that
#: a last item "(c) the rest of the local law — on …" names the clauses no item before it named.
REST = "the rest"
#: (r11) The key of ``commencement``'s ``parts`` under which an amending instrument's caller gives every clause of it, in
#: order: a commencement in subclauses ("(1) … on the day … published … (2) Clauses 5 and 6 come into operation on 1
#: July 1996.") is then read whole, as a principal law's is (``principal_commencement``), each clause given its day.
EVERY = "every clause"
#: (r11) "Subject to subclause (2), …": the words of a commencement that leave some of it to another subclause, read
#: only when that subclause is read with them (the whole commencement clause), else refused, naming them.
_SUBJECT_TO = re.compile(
    r"\bSubject to sub(?:clause|regulation|section|-?by-?law)s? (?P<labels>\(\d+\)(?:(?:\s*,\s*|\s+and\s+)\(\d+\))*)"
    # (r15) "Subject to subclause (2) of this by-law[,] these by-laws shall come into operation …"
    r"(?:\s+of this (?:by-?law|clause|regulation|section)(?:\s*,\s*|\s+(?=th(?:is|ese)\b))|\s*,\s*)",
    re.I,
)
#: (r11) A commencement in subclauses whose later subclause gives clauses (or Parts) of an amending instrument their own
#: day: "(1) [Subject to subclause (2),] this local law comes into operation … . (2) Clauses 5 and 6 come into operation
#: on …" — the one shape an amending instrument's commencement is read whole in, as a principal law's (``EVERY``).
_SUBCLAUSE_DAYS = re.compile(
    # (r15) a by-law's or regulation's own ("Subject to subclause (2) of this by-law these by-laws …", "(2) By-law 5 of
    # these by-laws shall come …"), or (1) naming clauses too ("(1) By-laws 1, 2, 3 and 5 of these by-laws come …")
    r"\(1\) (?:(?:Subject to [^,.]{1,60}?,? )?(?:this|these|the) (?:local laws?|by-?laws?)\b|_UNITS \d)[^.]*"
    r"\bcomes? into operation\b.*?\. \(2\) _UNITS \d[^.]*\bcomes? into operation\b".replace(
        "_UNITS", "(?:Clauses?|Parts?|By-?laws?|Regulations?)"
    ),
    re.I,
)


def subclause_days(wording: str | None) -> bool:
    """(r11) Whether an amending instrument's commencement gives some of its clauses (or Parts) a day of their own in
    sentences or subclauses, not items (``_SUBCLAUSE_DAYS``; review4: "…, but clause 5 comes into operation on …", "… .
    Clause 5 comes into operation on …", "(2) However, clause 5 …", "(1) Clause 5 … (2) The rest of this local law …"
    — any its sentences that ``split_words`` finds): read whole over every clause of it (``EVERY``), or refused."""
    if not wording:
        return False
    w = " ".join(wording.split())
    if _SUBCLAUSE_DAYS.match(w):
        return True
    own = " ".join(own_sentences(w))
    # a clause or Part of it named (not a section of an Act: "on the day on which section 17 of the … Act comes into
    # operation" gives the whole instrument one day, not read)
    named = re.search(r"\b(?:clauses?|parts?) \d|\bthe (?:rest|remainder|other provisions) of (?:the|this) local law", own, re.I)
    return bool(own) and named is not None and not _SPLIT_LEAD.search(own) and split_words(own) is not None


_REST_ITEM = lazy_pattern(rf"the rest of (?:the|this|these) {_SELF}\s*[—–-]\s*(?P<when>.+)", re.I)


@dataclass(frozen=True, slots=True)
class ClauseDay:
    """One item of a split commencement as read: the clauses it names, and their day — ``after`` days after the day of
    publication, or the ``fixed`` date — with its words."""

    clauses: tuple[str, ...]
    after: int | None
    fixed: dt.date | None
    words: str
    #: (r14) calendar months after the day of publication, before the ``after`` days ("on the day after the period of
    #: 1 month beginning on gazettal day"); ``period``: counted as the day after a period of months (``Day.period``)
    months: int | None = None
    period: bool = False


def _clause_list(words: str) -> tuple[str, ...] | None:
    """The clauses "1, 2 and 3", "4 to 6", "6" name, in order; None for a range that is not of whole numbers."""
    out: list[str] = []
    parts = re.split(r"(\s*,\s*|\s*,?\s+and\s+|\s+to\s+)", words)
    for i in range(0, len(parts), 2):
        number = parts[i]
        if i > 0 and parts[i - 1].strip() == "to":
            first = out[-1]
            if not (first.isdigit() and number.isdigit() and int(first) < int(number)):
                return None
            out += [str(n) for n in range(int(first) + 1, int(number) + 1)]
        else:
            out.append(number)
    return tuple(out)


#: (review9) The words of a count in an item ("14", "twenty one", "one hundred and one", "fourteen (14)", "twenty
#: first"): up to six words, read whole by ``spelled_number`` or ``_ordinal_number`` (anything else is no count).
_COUNT_WORDS = r"[\w()-]+(?: [\w()-]+){0,5}?"


def _item_day(when: str, published_before: bool) -> tuple[int | None, dt.date | None, int | None, bool] | None:
    """(days after publication, or a fixed date; and months after publication before the days) an item's words give,
    when they are wholly one of the forms read: on publication; the day after it; N days after it; the Nth day after
    it; a calendar date; (r14) a day so many months after it (commencement.lark). ``published_before``: the item
    before this one named the day of publication, so "that day" is that day. None: not read."""
    w = re.sub(r"\s*(?:[;.,]|;?\s*and|;?\s*or)\s*$", "", " ".join(when.split()))
    # (r8) "… published in the Gazette (publication day)": the item names the day it gives, for the items after it
    w = re.sub(r"\s*\((?:publication|gazettal) day\)$", "", w)
    day = rf"(?:{_PUBLISHED}|{_THAT_DAY})" if published_before else _PUBLISHED
    if re.fullmatch(rf"on {day}", w, re.I):
        return 0, None, None, False
    if re.fullmatch(rf"on the day (?:after|following) {day}", w, re.I):
        return 1, None, None, False
    # (review9) a number of several words ("twenty one", "one hundred and one", "fourteen (14)"): the whole of it a number
    m = re.fullmatch(rf"(?:on the day that is )?({_COUNT_WORDS}) (clear )?days? (?:after|following) {day}", w, re.I)
    if m and spelled_number(m.group(1)) is not None:
        # (review6 c35, c43-c45) "seven clear days after that day": the day of commencement is excluded too
        # (Interpretation Act 1984 s. 61(1)(f)), the eighth day, as ``read_day`` reads the sentence whole
        return (spelled_number(m.group(1)) or 0) + (1 if m.group(2) else 0), None, None, False
    m = re.fullmatch(rf"on the ({_COUNT_WORDS}) day (?:after|following) {day}", w, re.I)
    if m and _ordinal_number(m.group(1)) is not None:
        return _ordinal_number(m.group(1)), None, None, False
    m = re.fullmatch(r"on " + PRINTED_DATE.pattern.removeprefix(r"\b").removesuffix(r"\b"), w, re.I)
    if m:
        found = printed_date(w)
        return (None, found, None, False) if found else None
    # (review4) a day in the words one commencement sentence gives it ("fourteen days from the date of its
    # publication", "on and from 1 July 2020"): read by commencement.lark, a day or a date, nothing more
    read = read_day(f"this local law comes into operation {w}")
    if read is not None and len(read.days) == 1 and read.least is None:
        return read.days[0].after, read.days[0].fixed, read.days[0].months, read.days[0].period
    return None


def _parts_clauses(words: str, parts: Mapping[str, tuple[str, ...]]) -> tuple[str, ...] | None:
    """(wr12) The clauses of the Parts "1 and 2", "1, 2 and 3" or "2 to 4" name, in order; None when a range is not of
    whole numbers or a Part named holds no clause of the instrument (named by mistake: the item is not read)."""
    numbers = _clause_list(words)
    if numbers is None:
        return None
    out: list[str] = []
    for n in numbers:
        held = parts.get(f"Part {n}")
        if not held:
            return None
        out += held
    return tuple(out)


def clause_items(wording: str | None, parts: Mapping[str, tuple[str, ...]] | None = None) -> tuple[ClauseDay, ...] | None:
    """The items of a commencement that gives its clauses days of their own — "This local law comes into operation
    as follows— (a) clauses 1, 2 and 3—on the day on which this local law is published in the Government Gazette;
    (b) clauses 4 and 5—14 days after that day; (c) clause 6—on 1 July 2014." — only when every item is wholly read
    (clauses named by number, list or whole-number range; a day of a form ``_item_day`` reads) and no clause is named
    twice; else None (the words stay for ``uncertain_commencement`` to name). ``parts``: the clauses of each Part (and
    "Part N Division M") of the instrument, for an item that names a Part or Division ("(b) Part 2 Division 2 — on the
    day after that day"); without it, or naming one it does not have, such an item is not read. A last item "the rest of the local
    law — …" is read only when ``parts`` gives every clause of the instrument (under ``REST``): it names those no item
    before it named."""
    if not wording:
        return None
    w = " ".join(wording.split())
    lead = _AS_FOLLOWS.match(w)  # from the first word: words before it ("Subject to clause 9, …") are not read
    if lead is None or _ITEM().match(w, lead.end()) is None:
        return None
    pieces = _ITEM().split(w[lead.end() :])
    letters, bodies = pieces[1::2], pieces[2::2]
    if pieces[0].strip() or not bodies or letters != [chr(ord("a") + i) for i in range(len(letters))]:
        return None
    # (wr9, review9 c19) one item alone ("as follows— (a) clauses 1 to 4 — 14 days after …") is read only where it
    # names every clause of the instrument (``parts``' REST or EVERY): the whole instrument's day
    every = set((parts or {}).get(EVERY) or (parts or {}).get(REST) or ())
    items: list[ClauseDay] = []
    seen: set[str] = set()
    for body in bodies:
        m = _CLAUSE_LIST().fullmatch(body.strip())
        clauses = _clause_list(m.group("list")) if m else None
        if m is None and parts is not None:
            m = _PART_ITEM().fullmatch(body.strip())
            clauses = parts.get(" ".join(m.group("part").split()).title()) if m else None
            clauses = clauses or None  # a Part of no clauses is named by mistake
        if m is None and parts is not None:
            m = _PARTS_ITEM().fullmatch(body.strip())
            clauses = _parts_clauses(m.group("list"), parts) if m else None
        if m is None and parts is not None and REST in parts and body is bodies[-1]:
            m = _REST_ITEM().fullmatch(body.strip())
            clauses = (tuple(c for c in parts[REST] if c not in seen) or None) if m else None
        published_before = bool(items) and items[-1].after == 0
        day = _item_day(m.group("when"), published_before) if m else None
        if m is None or clauses is None or day is None or seen & set(clauses):
            return None
        seen |= set(clauses)
        items.append(ClauseDay(clauses, day[0], day[1], f"({chr(ord('a') + len(items))}) {body.strip()}", day[2], day[3]))
    if len(items) == 1 and (not every or seen != every):
        return None
    return tuple(items)


def clause_days(
    wording: str | None, gazette_date: dt.date | None, parts: Mapping[str, tuple[str, ...]] | None = None
) -> tuple[tuple[str, dt.date], ...] | None:
    """Each clause a split commencement names, with the day it comes into operation (``clause_items``), in the order
    named; None when the words are not wholly read, or a day counts from publication and ``gazette_date`` is None."""
    items = clause_items(wording, parts)
    if items is None:
        return None
    out: list[tuple[str, dt.date]] = []
    for item in items:
        if item.fixed is not None:
            day = item.fixed
        elif gazette_date is None:
            return None
        else:
            start = Day(months=item.months, period=item.period).on(gazette_date) if item.months is not None else gazette_date
            assert start is not None
            day = start + dt.timedelta(days=item.after or 0)
        out += [(clause, day) for clause in item.clauses]
    return tuple(out)


def commencement(
    wording: str | None, gazette_date: dt.date | None, parts: Mapping[str, tuple[str, ...]] | None = None
) -> Commencement:
    """The commencement of an instrument: its words, the rule and — when it can be known — the date (``by_clause``:
    the first day any of its clauses comes into operation, each clause's day in ``clauses``; ``parts`` as for
    ``clause_items``)."""
    if clause_items(wording, parts) is not None:
        days_of = clause_days(wording, gazette_date, parts) or ()
        first = min((day for _, day in days_of), default=None)
        return Commencement(wording=wording, rule="by_clause", date=first, clauses=days_of)
    if parts is not None and parts.get(EVERY) and subclause_days(wording):
        return _instrument_by_clause(wording or "", gazette_date, parts)
    if wording and (subject := _SUBJECT_TO.search(" ".join(wording.split()))):
        # "Subject to subclause (2), this local law comes into operation on …" read without a subclause (2) that gives
        # some clauses a day of their own: what it leaves to that subclause is not known
        raise _subject_refused(" ".join(wording.split()), subject)
    if wording and not _SPLIT_LEAD.search(" ".join(own_sentences(wording))):
        # (review9) split or not as its own sentences are: "as follows" in another clause's words run on ("By-law
        # three … is repealed and re-enacted as follows—") splits nothing
        return _whole(wording, wording, gazette_date)
    if wording and (one := _as_follows_one_day(wording)) is not None:
        # (review9) "comes into operation as follows: twenty one days after …" with no items: the one day read whole
        return _whole(one, wording, gazette_date)
    rest = _rest_after_publication_items(wording) if wording else None
    if rest is None:
        # (review9) split words neither read as items (``clause_items``, ``subclause_days``) nor in the one shape read
        # here ("(a) clauses 1 and 2 — on the day … published …; (b) the rest of the local law — <its day>"): no day
        # read from part of them ("twenty one" as "one", a first day phrase for the whole, a condition dropped)
        return Commencement(wording=wording, rule="by_notice" if _BY_NOTICE.search(wording or "") else "unknown")
    rule, days, fixed = rest
    date: dt.date | None = None
    if rule == "fixed_date":
        date = fixed
    elif rule == "months_after_gazettal" and gazette_date is not None and wording:
        date = months_later(gazette_date, _months_after(wording) or 0)
    elif rule in ("on_gazettal", "day_after_gazettal", "days_after_gazettal") and gazette_date is not None:
        try:
            date = gazette_date + dt.timedelta(days=days or 0)
        except OverflowError:
            raise BadDate(
                f"the commencement words {wording!r} put the start {days} days after {gazette_date:%-d %B %Y},"
                " past the last date the calendar can hold; check the number of days in the commencement clause"
            ) from None
    return Commencement(wording=wording, rule=rule, days=days, date=date)


def _whole(sentence: str, wording: str, gazette_date: dt.date | None) -> Commencement:
    """One day for the whole instrument: its commencement ``sentence`` read whole (commencement.lark), or no day at
    all (``unread_commencement`` names the words) — never a day read from part of its words; ``wording`` as printed."""
    reading = whole_reading(sentence)
    if reading is not None and reading.condition_fails(gazette_date) is None:
        return reading.commencement(wording, gazette_date)
    if _BY_NOTICE.search(sentence):
        return Commencement(wording=wording, rule="by_notice")
    return Commencement(wording=wording, rule="unknown")


#: What may follow "as follows" in words that give the whole instrument one day: no item, no clause, Part or "rest".
_NAMES_PARTS = re.compile(r"\((?:[a-z]|[ivx]{1,4}|\d+)\)|\b(?:clauses?|Parts?|Divisions?|the rest of)\b", re.I)


def _as_follows_one_day(wording: str) -> str | None:
    """(review9) "This local law comes into operation as follows: 14 days after … , but not before 1 July 2020." — "as
    follows" then one day for the whole, no items: the sentence without "as follows", to be read whole; else None."""
    w = " ".join(wording.split())
    m = _AS_FOLLOWS.search(w)
    if m is None or _NAMES_PARTS.search(w[m.end() :]):
        return None
    return w[: m.start()] + f"{m.group(0).split()[0]} local law comes into operation " + w[m.end() :]


#: (review9) An item of a split commencement that gives the instrument's first clauses or its Part 1 the day of
#: publication: "(a) clauses 1 and 2 — on the day on which this local law is published in the Gazette (gazettal day);".
_PUBLICATION_ITEM = (
    # (OCR may print 1 as "I": "clauses I and 2")
    rf"\([a-z]\)\s*(?:{_OWN_UNITS}\s+[\dIl ,]+(?:and\s+[\dIl]+)?|Part\s+1)\s*[—–-]?\s*on the day on which (?:this|these) {_SELF} (?:is|are) published in the "
    r"(?:Government\s+)?Gazette(?:\s+\((?:gazettal|publication) day\))?\s*;\s*(?:and\s+)?"
)
_REST_AFTER_PUBLICATION = re.compile(
    rf"(?:This|The|These) {_SELF} (?:comes?|come) into operation as follows\s*[—–:-]*\s*(?:" + _PUBLICATION_ITEM + r")+"
    rf"\([a-z]\)\s*the rest of (?:the|this|these) {_SELF}\s*[—–-]?\s*(?P<when>[^;.]+?)(?:\.(?P<after>\s.*)?)?",
    re.I,
)


def _rest_after_publication_items(wording: str) -> tuple[str, int | None, dt.date | None] | None:
    """(review9) The (rule, days, date) of split commencement words in the one shape read for a whole amending
    instrument: items giving its first clauses (or Part 1) the day of publication, then "the rest of the local law —
    <a day>" as the last item, that day read whole (``_rest_day``): the amendments commence when the rest does. None
    for any other words."""
    m = _REST_AFTER_PUBLICATION.fullmatch(" ".join(wording.split()))
    if m is None or (m.group("after") and _OPERATES.search(m.group("after"))):
        # words after its full stop that speak of operation may give a day of their own: not read
        return None
    return _rest_day(m.group("when"))


def _rest_day(when: str) -> tuple[str, int | None, dt.date | None] | None:
    """The (rule, days, date) "the rest of the local law — <when>" gives, its words read whole as any item's are
    (``_item_day``, "that day" the day of publication the items before it named): "on the day after that day" (or its
    OCR "alter"), "on the 14th day after gazettal day", "on 1 March 2017", "twenty one days after the date of its
    publication …"; None for any other words (a day counted in months, too)."""
    w = re.sub(r"^on the day alter\b", "on the day after", when.strip(), flags=re.I)  # (``ALTER_FOR_AFTER``)
    day = _item_day(w, True)
    if day is None or day[2] is not None:
        return None
    after, fixed = day[0], day[1]
    if fixed is not None:
        return "fixed_date", None, fixed
    rule = {0: "on_gazettal", 1: "day_after_gazettal"}.get(after or 0, "days_after_gazettal")
    return rule, after, None


def _subject_refused(w: str, subject: re.Match[str]) -> ImportFailed:
    return ImportFailed(
        f"its commencement says “{subject.group(0).strip(' ,')}”, and what it leaves to {subject.group('labels')} is "
        f"not read with it as days given to some of its clauses: “{w[:300]}”; lawhistory does not guess which clauses "
        "wait — check the gazette's words (a wording not yet read is a case to report)"
    )


def _instrument_by_clause(wording: str, gazette_date: dt.date | None, parts: Mapping[str, tuple[str, ...]]) -> Commencement:
    """(r11) An amending instrument's commencement that gives some of its clauses a day apart from the rest, in the
    forms a principal law's is read in (``principal_commencement``: "(1) Subject to subclause (2), this local law comes
    into operation on the day … published … (2) Clauses 5 and 6 come into operation on 1 July 1996."): rule
    ``by_clause``, every clause of it (``parts[EVERY]``) given its day. Refused, naming the words, when not read whole."""
    every = parts[EVERY]
    by_part = {k.removeprefix("Part "): v for k, v in parts.items() if re.fullmatch(r"Part \d+[A-Z]?", k)}
    own = wording if _SUBCLAUSE_DAYS.match(" ".join(wording.split())) else " ".join(own_sentences(wording))
    read = principal_commencement(own, gazette_date, every, by_part)
    if read.rule != "by_clause":
        return replace(read, wording=wording)
    if read.date is None:
        return Commencement(wording=wording, rule="by_clause")  # days counted from publication, its date not known
    days = tuple((clause, read.day_of(clause) or read.date) for clause in every)
    return Commencement(wording=wording, rule="by_clause", date=read.date, clauses=days)


# --- a principal law whose own commencement gives some of its clauses days of their own ------------------------------

SPLIT_GRAMMAR = Path(__file__).with_name("split_commencement.lark")
_WORD_START = lazy_pattern(r"\b\w")  # where each word of a commencement starts (split_words asks the grammar there)


@cache
def _split_parser(start: str = "start") -> Lark:
    """split_commencement.lark's parser from ``start`` (LALR(1), its lexer asked in each state for the words that may
    come there)."""
    from lark import Lark

    return Lark(
        SPLIT_GRAMMAR.read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        start=start,
        maybe_placeholders=False,
        propagate_positions=start == "split_gate",
    )


def split_words(wording: str | None) -> str | None:
    """The first words of a commencement that give some clauses a day apart from the rest ("except clause 5.3, which
    …", "(a) clauses 3.1 to 3.4, on …", "the rest of the local law"), or None: one day for the whole law.

    They are split_commencement.lark's ``split_gate``, asked from each word's start, the first first: a principal
    law's commencement holding them is read whole (``principal_commencement``) or refused, naming them — a law is never
    shown wholly in force from one day when its words say part of it waits."""
    words = " ".join((wording or "").split())
    starts = [m.start() for m in _WORD_START().finditer(words)]
    if not starts:
        return None
    from lark import Tree
    from lark.exceptions import UnexpectedInput

    for at in starts:
        try:
            gate = _split_parser("split_gate").parse(words[at:]).children[0]
        except UnexpectedInput:
            continue
        assert isinstance(gate, Tree)
        return words[at : at + gate.meta.end_pos]
    return None


def _refused(wording: str, why: str) -> ImportFailed:
    return ImportFailed(
        f"its commencement gives some of its clauses a day of their own, and {why}: “{wording}”; lawhistory does not "
        "guess which clauses wait — check the gazette's words (a wording not yet read is a case to report)"
    )


_Named = tuple[tuple[str, str, str | None], ...] | None


def _split_parts(wording: str, split: str) -> list[tuple[_Named, str, tuple[str, ...]]]:
    """The parts of a split commencement as ``split_commencement.lark`` reads them: each what it names (("clause" or
    "part", a number, the last of a range "first to last" or None), …) or None for the rest of the law, with the words
    of its day, and the words of each day it is not before (", but not before 1 June 2020"; "does not come into operation
    until 1 July 2020": the law's own day, not before the law's own floor nor that), none or more."""
    from lark import Token, Tree
    from lark.exceptions import UnexpectedInput

    try:
        tree = _split_parser().parse(wording)
    except UnexpectedInput as e:
        at = getattr(e, "pos_in_stream", None)
        token = getattr(e, "token", None)
        if isinstance(token, Token) and token.start_pos is not None:
            at = token.start_pos
        words = wording[at:].strip() if isinstance(at, int) else ""
        raise _refused(wording, f"these words are not read whole (from “{words if len(words) > 1 else split}”)") from None
    parts: list[tuple[_Named, str, tuple[str, ...]]] = []
    named: _Named = None
    floor_of: str | None = None  # the token before a day that is a floor: BUT_NOT_BEFORE or NOT_UNTIL
    pieces = list(tree.children)
    if tree.data == "items":  # each item's clauses (or the rest) and day, in order
        pieces = [c for item in tree.children if isinstance(item, Tree) for c in item.children]
    for piece in pieces:
        if isinstance(piece, Tree) and piece.data in ("clauses", "parts"):
            kind = "part" if piece.data == "parts" else "clause"
            named = tuple(
                (kind, str(c.children[0]), str(c.children[1]) if len(c.children) > 1 else None)
                for c in piece.children
                if isinstance(c, Tree)
            )
        elif isinstance(piece, Token) and piece.type == "REST":
            named = None
        elif isinstance(piece, Token) and piece.type in ("BUT_NOT_BEFORE", "NOT_UNTIL"):
            floor_of = piece.type
        elif isinstance(piece, Token) and piece.type == "WHEN" and floor_of == "BUT_NOT_BEFORE" and parts:
            # (wr6) the day before it, not before this
            parts[-1] = (parts[-1][0], parts[-1][1], (*parts[-1][2], str(piece).strip()))
            floor_of = None
        elif isinstance(piece, Token) and piece.type == "WHEN" and floor_of == "NOT_UNTIL" and parts:
            # (wr6) the law's own day, not before this; (wr8) nor before the law's own floor ("(1) … 14 days after …, but
            # not before 1 June 2020. (2) However, clause 5 does not come into operation until 1 May 2020.": 1 June)
            parts.append((named, parts[0][1], (*parts[0][2], str(piece).strip())))
            named, floor_of = None, None
        elif isinstance(piece, Token) and piece.type == "WHEN":
            parts.append((named, str(piece).strip(), ()))
            named = None
    if tree.data == "except_within":  # the law's own day comes after the clauses it leaves out: the first is the rest
        parts = [(None, parts[0][1], ()), (parts[1][0], parts[1][1], ())] if len(parts) == 2 else parts
    return parts


def _named_clauses(
    w: str, kind: str, first: str, last: str | None, clauses: Sequence[str], parts: Mapping[str, Sequence[str]]
) -> list[str]:
    """The clauses "clause 5.3", "clauses 3.1 to 3.4" or "Parts 2 to 3" name, in document order (a Part: the clauses it
    holds; a range: those from the first to the last); refused, naming it, when the law has no such clause or Part."""
    names = list(parts) if kind == "part" else list(clauses)
    for number in (first, last):
        if number is not None and number not in names:
            raise _refused(w, f"it names {kind} {number}, which the law does not have")
    span = names[names.index(first) : names.index(last) + 1] if last is not None else [first]
    if not span:
        raise _refused(w, f"the range {first} to {last} runs backwards")
    if kind == "clause":
        return span
    held = [c for part in span for c in parts[part]]
    if not held:
        raise _refused(w, f"Part {span[0]} holds no clause the days can be given to")
    return held


def _fixed_day(words: str) -> dt.date | None:
    """(wr8) The one calendar day ``words`` name, as commencement.lark reads a day ("the day after 30 June 2020" as
    "on the day after 30 June 2020"), or None (a day counted from publication, or words not read)."""
    read = read_day(f"this local law comes into operation on {words}")
    if read is None or len(read.days) != 1 or read.least is not None:
        return None
    return read.days[0].fixed


def principal_commencement(
    wording: str | None,
    gazette_date: dt.date | None,
    clauses: Sequence[str],
    parts: Mapping[str, Sequence[str]] | None = None,
) -> Commencement:
    """The commencement of a principal local law whose ``clauses`` (their numbers, in document order) are those of its
    text (``parts``: each Part's number with the clauses it holds, in order): ``commencement`` when its words give the
    whole law one day; when they give some clauses (or Parts) a day apart from the rest (``split_words``) — "… 14
    days after … publication …, except clause 5.3, which comes into operation on 1 July 2025", "(a) clauses 3.1 to
    3.4, on …; (b) the rest of the local law—on …", or items naming every clause — rule
    ``by_clause``: ``date`` the first day any of it is in operation, ``clauses`` each clause that comes into operation
    after that day with its day (every other clause commences on ``date``).

    Raises ``ImportFailed``, naming the words, for a split not read whole: words the grammar does not read, a day not
    of a form read, a clause named that the law does not have or named twice, a clause given no day, a day before
    publication."""
    split = split_words(wording)
    if wording is None or split is None:
        return commencement(wording, gazette_date)
    w = " ".join(wording.split())
    read_as = w
    if subject := _SUBJECT_TO.search(w):
        # (r11) "(1) Subject to subclause (2), this local law comes into operation … (2) Clauses 5 and 6 come into
        # operation on …": what (1) leaves to (2) is (2)'s days, read with it; a subclause named that does not follow
        # is refused
        labels = re.findall(r"\(\d+\)", subject.group("labels"))
        after = w[subject.end() :]
        if not re.fullmatch(r"(?:\(\d+\)\s*)?", w[: subject.start()]) or any(
            not re.search(r"(?:^|[.;]\s)" + re.escape(label) + r"\s", after) for label in labels
        ):
            raise _subject_refused(w, subject)
        read_as = w[: subject.start()] + after[:1].upper() + after[1:]
    if not clauses:
        raise _refused(w, "no clause of the law could be read to give the days to")
    days: dict[str, dt.date | None] = {}
    rest: dt.date | bool | None = False  # False: no part names the rest
    relative = False
    previous_on_publication = False
    for named, when, floors in _split_parts(read_as, split):
        day = _item_day(when, previous_on_publication)
        if day is None:
            raise _refused(w, f"the day “{when}” is not one lawhistory reads")
        previous_on_publication = day[0] == 0
        relative = relative or day[1] is None
        on = day[1] if day[1] is not None else (gazette_date + dt.timedelta(days=day[0] or 0) if gazette_date else None)
        for floor in floors:
            # (wr6) "…, but not before 1 June 2020" / "does not come into operation until 1 July 2020": a date, and
            # the later of it and the day; (wr8, review7 c07) "until the day after 30 June 2020" (commencement.lark's
            # day_after_date): 1 July 2020
            least = printed_date(floor) if PRINTED_DATE.fullmatch(floor) else _fixed_day(floor)
            if least is None:
                raise _refused(w, f"the day “{floor}” it is not before is not a date lawhistory reads")
            on = max(on, least) if on is not None else None
        if named is None:
            if rest is not False:
                raise _refused(w, "two of its parts name the rest of the law")
            rest = on
            continue
        for kind, first, last in named:
            span = _named_clauses(w, kind, first, last, clauses, parts or {})
            for clause in span:
                if clause in days:
                    raise _refused(w, f"it names clause {clause} twice")
                days[clause] = on
    missing = [c for c in clauses if c not in days]
    if rest is False and missing:
        raise _refused(w, f"it gives clause{'s' if len(missing) > 1 else ''} {', '.join(missing)} no day")
    for clause in missing:
        days[clause] = rest if isinstance(rest, dt.date) else None
    if relative and gazette_date is None:
        # days counted from publication, and the gazette date not known: no day can be given yet
        return Commencement(wording=wording, rule="by_clause")
    known = {c: d for c, d in days.items() if d is not None}
    if gazette_date is not None and any(d < gazette_date for d in known.values()):
        raise _refused(w, f"it puts a clause in operation before the law's publication on {gazette_date}")
    earliest = min(known.values())
    later = tuple((c, known[c]) for c in clauses if known[c] > earliest)
    return Commencement(wording=wording, rule="by_clause", date=earliest, clauses=later)


def last_day(valid_to: dt.date | str | None) -> str | None:
    """The last day of an interval that runs up to, not including, ``valid_to`` (None: it has not ended)."""
    if valid_to is None or valid_to == "":
        return None
    end = valid_to if isinstance(valid_to, dt.date) else dt.date.fromisoformat(valid_to)
    return (end - dt.timedelta(days=1)).isoformat()


def date_range(valid_from: dt.date | str | None, valid_to: dt.date | str | None) -> str:
    """The one way dates of a version or a text are shown, in the CLI and on the site: "from 2020-03-11 to
    2021-04-22" names the first and the last day it applied (both included); "from 2022-07-01 onwards" has not ended.
    """
    start = str(valid_from) if valid_from else "an unknown date"
    end = last_day(valid_to)
    return f"from {start} to {end}" if end else f"from {start} onwards"


# --- a law with no commencement words: the Act it was made under decides --------------------------------------------

LGA_1995 = lazy_pattern(r"\bLocal Government Act,? 1995\b")
#: The first Act a text names as what it is made under ("… conferred by the Local Government Act 1960 …").
ENABLING_ACT = lazy_pattern(r"\b((?:[A-Z][a-z]+ )+(?:\([A-Z][a-z]+\) )?Act),? (1[89]\d\d)\b")
#: The Interpretation Act 1984 came into operation on 1 July 1984; before it, its s 41 did not govern.
INTERPRETATION_ACT_1984 = dt.date(1984, 7, 1)
#: The Local Government Act 1995 came into operation on 1 July 1996.
LGA_1995_IN_FORCE = dt.date(1996, 7, 1)
#: The rule of subsidiary legislation with no commencement words made under another Act and published from 1 July
#: 1984 (Interpretation Act 1984 s 41(1)(b)): the day of its publication.
INTERPRETATION = "interpretation_s41"
#: The names these rules had before their citation was corrected (s 41, not s 42): still read in front matter.
OLD_RULES = {"interpretation_s42": INTERPRETATION, "s42_or_s3_14": UNCERTAIN}
#: The rules a law with no commencement words takes from its Act (``statutory_commencement``).
STATUTORY_RULES = ("lga_s3_14", INTERPRETATION, UNCERTAIN)


def enabling_act(*texts: str) -> str | None:
    """The Act a law or instrument is made under, as the first of ``texts`` that names an Act names it: the Local
    Government Act 1995 when that text names it, else the first Act it names ("Local Government Act 1960")."""
    for text in texts:
        if LGA_1995().search(text):
            return "Local Government Act 1995"
        act = ENABLING_ACT().search(text)
        if act:
            return f"{act.group(1)} {act.group(2)}"
    return None


def statutory_commencement(text: str, gazette_date: dt.date | None) -> tuple[Commencement, str | None]:
    """When a law with no commencement words came into operation, by the Act it names as made under (``text``: its
    enacting words and body), and a note naming the rule used; see ``rule_of_act``."""
    return rule_of_act(enabling_act(text), gazette_date)


def rule_of_act(act: str | None, gazette_date: dt.date | None, what: str = "it") -> tuple[Commencement, str | None]:
    """When ``what`` (a law or an amending instrument), with no commencement words, made under ``act`` and published on
    ``gazette_date``, came into operation, and a note naming the rule used; (unknown, a note or None) when no rule gives
    the day. The rule is named for the section (``lga_s3_14``, ``interpretation_s41``): its own words gave none.

    - Local Government Act 1995 s 3.14(1): a local law comes into operation on the 14th day after the day on which it
      is published in the Gazette (or a later day it specifies — it specifies none).
    - Interpretation Act 1984 s 41(1)(b): subsidiary legislation (a by-law made under another Act, such as the Local
      Government Act 1960) comes into operation on the day of its publication, when published on or after 1 July 1984,
      the day that Act came into operation.
    - Made under another Act and published from 1 July 1996: that Act may apply the Local Government Act 1995's
      procedure (s 3.14), so the day is publication or the 14th day after (``UNCERTAIN``; see ``versions.status_on``).
    - Published before 1 July 1984: no rule is established here (docs/incomplete.md): unknown, with a note saying so.
    """
    if gazette_date is None or act is None:
        return Commencement(), None
    if act == "Local Government Act 1995":
        day = gazette_date + dt.timedelta(days=14)
        return Commencement(rule="lga_s3_14", days=14, date=day), (
            f"{what} has no commencement words: made under the Local Government Act 1995, {what} came into operation on "
            f"the 14th day after the day on which it was published in the Gazette (s 3.14(1)), {day}"
        )
    if gazette_date >= LGA_1995_IN_FORCE:
        # another Act may apply the Local Government Act 1995's procedure for local laws (s 3.14) to what is made under
        # it: the day is publication or the 14th day after, and the days between are not answered
        last = gazette_date + dt.timedelta(days=14)
        return Commencement(rule=UNCERTAIN, days=14, date=last), (
            f"{what} has no commencement words and is made under the {act}: {what} came into operation on the day of "
            f"its publication, {gazette_date} (Interpretation Act 1984 s 41(1)(b)), or, if that Act applies the Local "
            f"Government Act 1995's procedure, on the 14th day after it, {last} (s 3.14(1)); whether it was in force "
            "between those days is not known"
        )
    if gazette_date >= INTERPRETATION_ACT_1984:
        return Commencement(rule=INTERPRETATION, days=0, date=gazette_date), (
            f"{what} has no commencement words: subsidiary legislation made under the {act}, {what} came into operation "
            f"on the day of its publication in the Gazette (Interpretation Act 1984 s 41(1)(b)), {gazette_date}"
        )
    return Commencement(), (
        f"{what} has no commencement words and is made under the {act}, published on {gazette_date}, before the "
        "Interpretation Act 1984 (1 July 1984): no rule lawhistory can cite gives the day it came into operation, "
        f"only that it was not before {gazette_date}"
    )


# --- one day for the whole instrument: its commencement sentence read whole (commencement.lark) ----------------------

DAY_GRAMMAR = Path(__file__).with_name("commencement.lark")
_UNITS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
    "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}  # fmt: skip
_ORDINAL_UNITS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
    "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15, "sixteenth": 16,
    "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20, "thirtieth": 30,
}  # fmt: skip
#: The words of a commencement sentence that say when something comes into operation: a sentence of a commencement
#: clause without them ("Clause 3 of the principal local law is repealed.", run on from the next clause) gives no day.
#: Commencement words that give some clauses days apart in items ("as follows—", "the rest of the local law —"):
#: read by ``clause_items`` and ``commencement_rule``'s items, not as one sentence.
_SPLIT_LEAD = re.compile(
    rf"\bas follows\b|\(a\)\s*(?:{_OWN_UNITS}|Part)\b|\bthe rest of (?:the|this|these) {_SELF}\s*[—–-]", re.I
)
_BY_NOTICE = re.compile(r"\bfixed by (?:the )?(?:local government|Minister|Governor)|\bby notice\b|\bproclamation\b", re.I)
_OPERATES = re.compile(r"\b(?:operat\w*|commenc\w*|effect|force)\b", re.I)
#: A sentence's end: a full stop (not one inside a number, "5.3", nor an abbreviation "pp."), or a semicolon before a
#: capital (words of another instruction run on: "…; This local law comes into operation on …").
_SENTENCE_END = re.compile(r"(?<=\.)\s+(?=[\[(A-Z]|\d+[A-Z]?\.\s+[A-Z])|(?<=;)\s+(?=[A-Z])")
_LEAD = re.compile(r"^(?:\[?NOTE:\s*|\d+[A-Z]?\.(?:\s+|$)|Commence-?\s?ment\.?(?:\s+|$))+", re.I)


def spelled_number(words: str) -> int | None:
    """The number ``words`` give: "14", "twenty eight", "twenty-one", "one hundred and twenty", "fourteen (14)" (the
    figures and the words must agree); None when they are not a number read ("a", "ten five"). commencement.lark's
    COUNT, ``commencement_rule``'s and ``clause_items``' counts are all read by it."""
    w = " ".join(words.lower().split())
    figures = re.fullmatch(r"(.+?) \((\d+)\)", w)
    if figures:
        spelled = spelled_number(figures.group(1))
        return spelled if spelled == int(figures.group(2)) else None
    if w.isdigit():
        return int(w)
    total, current = 0, 0
    for word in re.split(r",? and |[ -]", w):
        if word == "hundred":
            if current == 0 or current >= 100:
                return None
            current *= 100
        elif word in _UNITS:
            value = _UNITS[word]
            if current % 10 or (current % 100 and value >= 10) or 10 <= current % 100 < 20:
                return None  # "twenty thirty", "fourteen five", "ten five": not one number
            current += value
        else:
            return None
    return total + current if current else None


def _ordinal_number(word: str) -> int | None:
    """The day ``word`` counts: "14th", "first", "fourteenth", "twenty-first", "thirty first" (commencement.lark's
    ORDINAL; with ``spelled_number``, the one reader of number words in this module: ``commencement_rule`` and
    ``clause_items`` ask them too); None when it is no such ordinal."""
    w = " ".join(word.lower().replace("-", " ").split())
    m = re.fullmatch(r"(\d+)(?:st|nd|rd|th)", w)
    if m:
        return int(m.group(1))
    tens, _, unit = w.rpartition(" ")
    if unit not in _ORDINAL_UNITS:
        return None
    if not tens:
        return _ORDINAL_UNITS[unit]
    if tens in ("twenty", "thirty") and _ORDINAL_UNITS[unit] < 10:
        return _UNITS[tens] + _ORDINAL_UNITS[unit]
    return None


@cache
def _day_parser(start: str = "start") -> Lark:
    """commencement.lark's parser (Earley: each sentence is short, and its words may be read more ways than one), kept
    built across processes as the other grammars are (core.compiled)."""
    from .compiled import built

    return built(f"commencement-{start}", DAY_GRAMMAR.read_text(encoding="utf-8"), parser="earley", lexer="dynamic", start=start)


@dataclass(frozen=True, slots=True)
class Day:
    """A day as a commencement gives it: ``after`` days after publication, or ``months`` months after it (and then
    ``after`` days more), or the ``fixed`` date."""

    after: int | None = None
    months: int | None = None
    fixed: dt.date | None = None
    #: (r14) the day after a period of ``months`` months beginning on the day of publication: the period ends on the
    #: day before the same day of the last month, or, that month having no such day, on its last day — so the day
    #: after it is that same day, or the first day of the month after
    period: bool = False

    def on(self, published: dt.date | None) -> dt.date | None:
        if self.fixed is not None:
            return self.fixed
        if published is None:
            return None
        start = months_later(published, self.months) if self.months is not None else published
        if self.period and start.day != published.day:
            start += dt.timedelta(days=1)
        return start + dt.timedelta(days=self.after or 0)


@dataclass(frozen=True, slots=True)
class DayReading:
    """One commencement sentence read whole: its day, or the later of its ``days``; ``least``: (being) the day must be
    at least so many days after publication."""

    days: tuple[Day, ...]
    least: int | None = None

    def commencement(self, wording: str, published: dt.date | None) -> Commencement:
        if len(self.days) > 1:
            ons = [d.on(published) for d in self.days]
            known = [d for d in ons if d is not None]
            return Commencement(wording=wording, rule="later_of", date=max(known) if len(known) == len(ons) else None)
        (day,) = self.days
        if day.fixed is not None:
            return Commencement(wording=wording, rule="fixed_date", date=day.fixed)
        if day.months is not None:
            return Commencement(wording=wording, rule="months_after_gazettal", date=day.on(published))
        rule = {0: "on_gazettal", 1: "day_after_gazettal"}.get(day.after or 0, "days_after_gazettal")
        try:
            return Commencement(wording=wording, rule=rule, days=day.after, date=day.on(published))
        except OverflowError:
            raise BadDate(
                f"the commencement words {wording!r} put the start {day.after} days after {published:%-d %B %Y},"
                " past the last date the calendar can hold; check the number of days in the commencement clause"
            ) from None

    def condition_fails(self, published: dt.date | None) -> str | None:
        """Why the day read cannot be the day (its condition, "being a day not less than 14 days after …", not met)."""
        if self.least is None or published is None:
            return None
        day = self.days[0].on(published)
        if day is not None and day < published + dt.timedelta(days=self.least):
            return f"its day, {day}, is not {self.least} days after its publication on {published}"
        return None


#: A sentence of another clause, run on after a commencement clause's words when the reader did not tell the clauses
#: apart ("Principal local law 3. In this local law the … is referred to as the principal local law.", "Clause 3
#: repealed.", (r12, case 207) "By-law 3 amended 3." — the next clause's heading and label —, "… by deleting the full
#: stop …;", a footnote "[* Published in Gazette …]"): it gives no day.
_OTHER_CLAUSE = lazy_pattern(
    r"\b(?:is|are) (?:amended|repealed|deleted|inserted|referred to)\b|\bmay be cited\b|\bby (?:deleting|inserting)\b"
    r"|^\[\*|^Principal local laws?\b"
    r"|^(?:Clauses?|Parts?|By-?laws?|Regulations?|Sections?|Schedules?|Divisions?) \S+ (?:amended|repealed|deleted|inserted|replaced)"
    # (review9) "By-law 3 repealed and re-enacted 4.": a heading of two verbs
    r"(?: and (?:re-?enacted|replaced|substituted))?"
    r"\.?(?: \d+[A-Z]{0,2}\.?)?$",
    re.I,
)


def own_sentences(wording: str | None) -> list[str]:
    """The sentences of a commencement clause, each with its leading label or heading set aside ("(2)",
    "Commencement", "[NOTE:"), in order: every one but a sentence of another clause run on (``_OTHER_CLAUSE``, and not
    a word of operation in it, ``_OPERATES``) — a sentence here that is not read leaves the commencement unread."""
    w = " ".join((wording or "").split())
    out = []
    for sentence in _SENTENCE_END.split(w):
        s = _LEAD.sub("", sentence.strip()).strip().removesuffix("]").strip()
        if s and (_OPERATES.search(s) or not _OTHER_CLAUSE().search(s)):
            out.append(s)
    return out


def _day_of(tree: object) -> Day:
    from lark import Token, Tree

    assert isinstance(tree, Tree)
    tokens = [t for t in tree.scan_values(lambda v: isinstance(v, Token))]
    count = next((spelled_number(str(c.children[0])) for c in tree.iter_subtrees() if c.data == "count"), None)
    if tree.data in ("fixed", "on_date", "date") and not any(t.type == "DATE" for t in tokens):
        # "on the first day of September, 1969" (spelled_date): the day of the month an ordinal in words or figures
        nth = _ordinal_number(next(str(t) for t in tokens if t.type == "ORDINAL"))
        month = MONTHS[next(str(t) for t in tokens if t.type == "MONTH").lower()]
        try:
            return Day(fixed=dt.date(int(next(str(t) for t in tokens if t.type == "YEAR")), month, nth or 0))
        except ValueError:
            raise ValueError("no such date") from None
    if tree.data in ("fixed", "on_date", "date"):
        found = printed_date(next(str(t) for t in tokens if t.type == "DATE"))
        if found is None:
            raise ValueError("no such date")
        return Day(fixed=found)
    if tree.data == "day_after_date":
        # (wr8) "on the day after 30 June 2020": the day after the date printed
        found = printed_date(next(str(t) for t in tokens if t.type == "DATE"))
        if found is None:
            raise ValueError("no such date")
        return Day(fixed=found + dt.timedelta(days=1))
    if count is None and tree.data in (
        "days_after",
        "months_after",
        "day_after_period_months",
        "expiry_days",
        "day_after_months",
        "months_and_days_after",
    ):
        raise ValueError("not a number")
    if tree.data == "on_publication":
        return Day(after=0)
    if tree.data == "day_after":
        return Day(after=1)
    if tree.data == "days_after":
        # "seven clear days after …": both the day of publication and the day of commencement are excluded
        # (Interpretation Act 1984 s. 61(1)(f)), so the law is in operation on the day after the seventh
        return Day(after=(count or 0) + 1 if any(t.type == "CLEAR" for t in tokens) else count)
    if tree.data == "nth_day":
        nth = _ordinal_number(next(str(t) for t in tokens if t.type == "ORDINAL"))
        if nth is None:
            raise ValueError("not an ordinal")
        return Day(after=nth)
    if tree.data == "months_after":
        return Day(months=count)
    if tree.data == "day_after_period_months":
        return Day(months=count, period=True)
    if tree.data == "expiry_days":
        # "at the expiry of 14 days from the day on which it is published": the 14 days are reckoned from the day after
        # publication (Interpretation Act 1984 s 61), so they expire at the end of the 14th day after it, and the law
        # is in operation from the day after that — the day "on the day after the expiration of 14 days from …" names
        return Day(after=(count or 0) + 1)
    if tree.data == "day_after_months":
        return Day(months=count, after=1)
    if tree.data == "months_and_days_after":
        # (wr5b) "one month and one day after …": the months first, then the days after the day they end on
        months, days = (spelled_number(str(c.children[0])) for c in tree.children if isinstance(c, Tree) and c.data == "count")
        if months is None or days is None:
            raise ValueError("not a number")
        return Day(months=months, after=days)
    raise ValueError(f"not a day: {tree.data}")


@lru_cache(maxsize=4096)
def read_day(sentence: str) -> DayReading | None:
    """One commencement sentence that gives the whole instrument one day, read whole by commencement.lark, or None."""
    from lark import Tree
    from lark.exceptions import UnexpectedInput

    s = re.sub(r"^\(\d+\)\s*", "", " ".join(sentence.split()))
    if len(s) > 600:  # no sentence the grammar reads is this long (a page of words run on): not read
        return None
    try:
        tree = _day_parser().parse(s)
    except UnexpectedInput:
        return None
    when = tree.children[-1]
    assert isinstance(when, Tree)
    try:
        if when.data in ("later_of", "not_before", "or_published"):
            subs = [c for c in when.children if isinstance(c, Tree) and c.data not in ("pub", "count")]
            days = [_day_of(c) for c in subs]
            if when.data == "or_published":
                days.append(Day(after=0))
            return DayReading(tuple(days))
        if when.data == "being":
            fixed = next(c for c in when.children if isinstance(c, Tree) and c.data == "on_date")
            count = next(c for c in when.children if isinstance(c, Tree) and c.data == "count")
            least = spelled_number(str(count.children[0]))
            return DayReading((_day_of(fixed),), least=least) if least is not None else None
        return DayReading((_day_of(when),))
    except (ValueError, StopIteration):
        return None


def unread_commencement(wording: str | None) -> str | None:
    """The words of a commencement giving the whole instrument one day that are not read whole (commencement.lark),
    or None when every sentence of it is read — or it is not of that kind (its clauses given days apart: "as
    follows—", "the rest of the local law"; read by split_commencement.lark and ``clause_items``)."""
    sentences = own_sentences(wording)
    if not sentences:
        return " ".join((wording or "").split()) or None
    if len(sentences) > 1:
        return " ".join(sentences[1:])
    return None if read_day(sentences[0]) is not None else sentences[0]


def commencement_condition_fails(wording: str | None, published: dt.date | None) -> str | None:
    """Why the one day a commencement sentence gives cannot be its day ("on 1 July 2020, being a day not less than 14
    days after …", published too late for it), or None."""
    reading = whole_reading(wording)
    return reading.condition_fails(published) if reading is not None else None


def whole_reading(wording: str | None) -> DayReading | None:
    """The one day a commencement of one sentence gives the whole instrument, read whole (``read_day``), or None (no
    such sentence, or more than one)."""
    sentences = own_sentences(wording)
    return read_day(sentences[0]) if len(sentences) == 1 else None
