"""An amending instrument's metadata, read the way councils write it.

* Enacting words (gazette.ENACTING_END): "resolved on 13 June 2017 to make the following local law", "resolved 10 June 2015 to make this
  local law", "… to amend the following local law".
* Its own title and its council are read as a principal law's are (``importers.titles``: one reader of each).
* The law it amends, by title and/or gazette date: "This local law amends the X as published in the Government
  Gazette on D", "… X published in the Government Gazette on D" (without "as"), "In this local law “Principal Local
  Law” means the X as published in the Government Gazette of D", "… as amended …" (the earlier amendments' dates
  follow, and are kept).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from ..core.dates import all_printed_dates, printed_date
from ..core.errors import ImportFailed
from ..core.lazy_re import lazy_pattern
from ..core.model import Provision, normal_title

_DATE = r"\d{1,2}(?:st|nd|rd|th)?\s+[A-Z][a-z]+,?\s+\d{4}"
RESOLVED = re.compile(r"resolved(?:\s+on)?\s+(?P<when>.+?)\s+to\s+(?:make|amend)")
# "Shire of Collie Local Law—Fencing 2013": a title whose subject follows "Local Law" after a dash
_LAW_TITLE = r"(?P<title>[A-Z][^.“”]*?(?:Local Laws?|By-?laws?)(?:—[A-Z][^.“”—]*?)?(?:\s+\(No\.\s*\d+\))?\s+\d{4})"
_PUBLISHED = (
    r",?\s+(?:as\s+)?(?:published|gazetted)\s+in\s+the\s+(?:Western\s+Australian\s+)?(?:Government\s+)?Gazette"
    # (known2) "… published in the Government Gazette on the 10th March, 1964" (older drafting: "the" and an ordinal)
    r"(?:\s+No\.?\s*\d+)?(?:\s+(?:on|of|dated))?\s+(?:the\s+(?=\d{1,2}(?:st|nd|rd|th)\s))?(?P<date>" + _DATE + r")"
)
#: A title with no year ("… Local Law Relating to Fencing"): read only where its gazette date follows.
_YEARLESS_TITLE = r"(?P<title>[A-Z][^.“”]*?(?:Local Laws?|By-?laws?)\s+[Rr]elating\s+to\s+(?:the\s+)?[A-Z][^.,:;“”]*?)"
#: (r11) A title with no year marked for its footnote ("the Shire of X Reserves By-laws*"): read only where the footnote
#: gives its gazette date.
_FOOTNOTED_TITLE = r"(?P<title>[A-Z][^.“”*\[\]]*?(?:Local Laws?|By-?laws?))"
_OLD_DATE = r"(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\s+day\s+of\s+[A-Z][a-z]+,?\s+\d{4}"
#: (r17) The verb that names the law amended: "This local law amends the X", and the plural's "These by-laws amend the
#: X" (only after the instrument's own name: "… to amend the following local law" names no law).
_AMEND_VERB = r"(?:\bamends|\b(?:by-?laws|local laws|regulations) amend)"
#: The law amended, as the principal-law clause names it.
AMENDED = [
    # "… the following amendment to the By-laws Relating to Halls published in the Government Gazette on the 5th day
    # of June, 1961" (a 1960s by-law amendment: the by-laws' title has no year)
    re.compile(
        # (r5) and "In these by-laws the By-laws Relating to the X published in the Government Gazette on the 14th day of
        # March, 1958, are referred to as the principal by-laws."
        r"(?:amendments?\s+to|In\s+these\s+by-?laws)\s+the\s+(?P<title>By-?laws\s+[Rr]elating\s+to\s+(?:the\s+)?[A-Z][^.,:;“”]*?),?\s+"
        r"(?:as\s+)?published\s+in\s+"
        r"the\s+(?:Government\s+)?Gazette\s+(?:on|of)\s+(?P<date>" + _OLD_DATE + r")(?P<rest>)"
    ),
    # (known2) "In these by-laws the Health By-laws of the Shire of X published in the Government Gazette on the 13th
    # day of May, 1960, are referred to as the principal by-laws." (a 1970s by-law: the by-laws named by subject and
    # council, no year)
    re.compile(
        r"In\s+these\s+by-?laws\s+the\s+(?P<title>(?:[A-Z][a-z]+\s+){1,3}By-?laws\s+of\s+the\s+(?:Shire|Town|City|Municipality)"
        r"\s+of\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*),?\s+(?:as\s+)?published\s+in\s+the\s+(?:Government\s+)?Gazette\s+"
        r"(?:on|of)\s+(?P<date>" + _OLD_DATE + r")(?P<rest>)"
    ),
    re.compile(
        r"In (?:this|these) (?:local laws?|by-?laws?|Part),?\s+the\s+" + _LAW_TITLE + r"\*?\s+(?:is|are)\s+referred\s+to\s+as\s+"
        r"the\s+[Pp]rincipal\s+(?:[Ll]ocal\s+[Ll]aws?|[Bb]y-?[Ll]aws?)\.?(?:\s*[\[(]\s*\.?\*\s*Published in (?:the )?(?:Government )?Gazette(?: on| of)?\s+"
        r"(?P<date>" + _DATE + r"))?(?P<rest>[^\])]*)"
    ),
    # (r11) "In this Part the Shire of X Reserves By-laws* are referred to as the principal by-laws. [* Published in
    # Gazette of 2 July 1982 at pp. 2495-8.]": a title with no year, marked for its footnote, which must give its gazette
    # date (the title and the date name the law together)
    re.compile(
        r"In (?:this|these) (?:local laws?|by-?laws?|Part),?\s+the\s+" + _FOOTNOTED_TITLE + r"\*\s+(?:is|are)\s+referred\s+to\s+"
        r"as\s+the\s+[Pp]rincipal\s+(?:[Ll]ocal\s+[Ll]aws?|[Bb]y-?[Ll]aws?)\.?\s*[\[(]\s*\*\s*Published in (?:the )?"
        r"(?:Government )?Gazette(?: on| of)?\s+(?P<date>" + _DATE + r")(?P<rest>[^\])]*)"
    ),
    re.compile(
        # (r13) "The amendments in these by-laws are to the Town of X Second-hand Dealers By-laws 1963*." as well
        r"amendments in (?:this local law|these by-?laws) are to\s+the\s+"
        + _LAW_TITLE
        + r"\*?\.?(?:\s*\[\*\s*Published in (?:the )?(?:Government )?"
        r"Gazette(?: on)?\s+(?P<date>" + _DATE + r"))?(?P<rest>[^.\]]*)"
    ),
    # (r17) "These by-laws amend the Town of X Hall Hire By-laws 1986." (the plural's verb) as "This by-law amends …"
    re.compile(_AMEND_VERB + r"\s+the\s+" + _LAW_TITLE + r"(?:" + _PUBLISHED + r")?(?P<rest>[^.]*)\."),
    # "This local law amends the City of X Local Law Relating to Dogs published in the Government Gazette on D." (a
    # title with no year: its gazette date, which must follow, names it with the title)
    re.compile(_AMEND_VERB + r"\s+the\s+" + _YEARLESS_TITLE + _PUBLISHED + r"(?P<rest>[^.]*)\."),
    re.compile(
        r"[“\"]?Principal (?:Local Law|local law)[”\"]? means\s+the\s+"
        + _LAW_TITLE
        + r"(?:"
        + _PUBLISHED
        + r")?(?P<rest>[^.]*)\."
    ),
    re.compile(r"\bThe\s+" + _LAW_TITLE + _PUBLISHED + r"(?P<rest>[^.]*?)\s+(?:is|are)\s+(?:hereby\s+|further\s+)?amended"),
    re.compile(
        r"\b[Tt]he\s+" + _LAW_TITLE + _PUBLISHED + r"(?P<rest>[^.]*?)\s+(?:is|are)\s+referred\s+to\s+as\s+the\s+[Pp]rincipal"
    ),
    # "In this local law the Shire of X Local Law Relating to Fencing, published in the Government Gazette on D, is
    # referred to as the principal local law." (a title with no year, named with its gazette date)
    re.compile(
        r"\b[Tt]he\s+" + _YEARLESS_TITLE + _PUBLISHED + r"(?P<rest>[^.]*?)\s+(?:is|are)\s+referred\s+to\s+as\s+the\s+[Pp]rincipal"
    ),
    # (wr10, case 229) "The Second Schedule to the Shire of X Cemetery By-laws 1980* is amended — (a) … [* Published in
    # Gazette 12 September 1980, pp. 3101-12. …]": the law a schedule is of, named in the lead-in, its footnote after
    # the items (last: only where no other words name the law)
    re.compile(
        r"\bThe\s+(?:First|Second|Third|Fourth|Fifth|Sixth|Seventh|Eighth|Ninth|Tenth)\s+Schedule\s+to\s+the\s+"
        + _LAW_TITLE
        + r"\*?\s+(?:is|are)\s+(?:further\s+)?amended\b(?:[^\[]*\[\s*\*\s*Published in (?:the )?(?:Government )?Gazette"
        r"(?: on| of)?\s+(?P<date>" + _DATE + r"))?(?P<rest>[^\]]*)"
    ),
]


#: (r11) "The Shire of X By-laws Relating to Camping on Reserves* are repealed. [* Published in Gazette of 5 March 1976
#: at pp. 611-12.]": a law repealed, named by its title marked for a footnote that gives its gazette date.
_FOOTNOTED_REPEAL = re.compile(
    r"(?P<title>[A-Z][^.“”*\[\]]*?(?:Local Laws?|By-?laws?)[^.“”*\[\]]*?)\*\s+(?P<verb>is|are)\s+(?:hereby\s+)?repealed\.?\s*"
    r"\[\s*\*\s*Published in (?:the )?(?:Government )?Gazette(?: on| of)?\s+(?P<date>" + _DATE + r")[^\]]*\]\.?"
)


def footnoted_repeal(text: str) -> str:
    """A repeal that names its law with a footnote, written as one naming it with its publication ("The X published in
    the Government Gazette on 5 March 1976 are repealed."), so the law's title and gazette date are read as any repeal's
    are; any other text as it is."""
    m = _FOOTNOTED_REPEAL.fullmatch(text.strip())
    if m is None:
        return text
    return f"{m.group('title')} published in the Government Gazette on {m.group('date')} {m.group('verb')} repealed."


@dataclass(frozen=True, slots=True)
class Amended:
    """The law an instrument amends: its title as printed, its gazette date, and the earlier amendments listed."""

    title: str
    gazette_date: dt.date | None
    earlier: tuple[dt.date, ...]
    #: (wr9) the title of another law the same words name ("… amends the X Local Law 2015 and the Y Local Law 2010."):
    #: the one law the instrument amends is then not told
    also_named: str | None = None


#: (wr9) Another law named after the first in the same words: ", and the Y Local Law 2010", " and the Y By-laws 1990".
_ALSO_NAMED = re.compile(r"\s*,?\s*and\s+(?:the\s+)?" + _LAW_TITLE)
_POINTER = re.compile(r"\bFor\s+amendments\s+(?:to|up\s+to|as\s+at)\s+" + _DATE + r"\s+see\b[^\]]*", re.I)


def amended_law(body: str, said: list[re.Pattern[str]] = AMENDED) -> Amended | None:
    """The law named in the instrument's principal-law clause, or None when it names none (``said``: the ways the
    clause may say it)."""
    for rx in said:
        m = rx.search(body)
        if m:
            date = printed_date(m.group("date")) if m.group("date") else None
            # "For amendments to 26 February 1992 see the Index to Legislation …" points to where the amendments up
            # to that day are listed; it names no amendment (the day is the index's, not a gazette's)
            rest = _POINTER.sub(" ", m.group("rest"))
            other = _ALSO_NAMED.match(m.group("rest"))
            also = " ".join(other.group("title").split()) if other else None
            return Amended(" ".join(m.group("title").split()), date, tuple(all_printed_dates(rest)), also)
    return None


_THIS_PART = lazy_pattern(
    r"\bThis (?P<unit>Part|Division|Subdivision) amends\b"
    r"|\bIn this (?P<unit2>Part|Division|Subdivision),?\s+the\b[^.]*\breferred\s+to\s+as\s+the\s+principal\b"
)
#: The kinds of provision that divide an instrument and may each say which law they amend.
_UNITS = ("part", "division", "subdivision")
#: "Division 2 — Shire of X Trading Local Law 2012 amended": a unit's heading naming the law its clauses amend.
_HEADING_NAMES = lazy_pattern(r"^(?:the\s+)?" + _LAW_TITLE + r"\s+amended\s*$")


_SET_OUT = re.compile(r"\bThe\s+" + _LAW_TITLE + r"\s+is\s+amended\s+as\s+set\s+out\s+in\s+Part\s+(?P<part>\d+[A-Z]?)\b")


#: What a refusal of units that name laws inconsistently asks for.
_BY_HAND = "check the gazette, and give each law's clauses by hand (the instrument file's `amends` and `also_amends`)"


class UnitsNameLawsInconsistently(ImportFailed):
    """The Parts and Divisions of an amending instrument name the laws they amend in a way that gives some clause no
    one law, or two (a clause outside every unit that names a law where units name different laws, a unit's law not the
    one the instrument names, a unit's words read as naming two laws)."""


def _words(p: Provision) -> list[str]:
    return [x for x in (p.heading or "", p.text or "") if x] + [w for c in p.children for w in _words(c)]


def _flat(words: list[str]) -> str:
    return " ".join(" ".join(words).split())


def _own_words(p: Provision) -> list[str]:
    """The words of a unit outside the units it holds (a Part's clauses, not its Divisions')."""
    return [x for x in (p.heading or "", p.text or "") if x] + [w for c in p.children if c.kind not in _UNITS for w in _words(c)]


def _clause_nums(p: Provision) -> list[str]:
    own = [p.num.rstrip(".")] if p.kind == "clause" and p.num else []
    return own + [n for c in p.children for n in _clause_nums(c)]


def _own_clauses(p: Provision) -> list[str]:
    return [n for c in p.children if c.kind not in _UNITS for n in _clause_nums(c)]


def _unit_name(p: Provision) -> str:
    return " ".join(x for x in (p.kind.capitalize(), (p.num or "").rstrip(".")) if x)


@dataclass(frozen=True, slots=True)
class _Naming:
    amended: Amended
    words: str  # the words that name it, as printed (for a refusal)


def _namings(p: Provision) -> dict[str, list[_Naming]]:
    """What a unit's own words say it amends, by the unit they say it of ("Part" in "This Part amends …", which a
    Division's first clause may say of the Part it is in)."""
    text = _flat(_own_words(p))
    out: dict[str, list[_Naming]] = {}
    for m in _THIS_PART().finditer(text):
        unit = (m.group("unit") or m.group("unit2")).lower()
        sentence = text[m.start() :]
        amended = amended_law(sentence)
        # the law named right after "This Part amends the" (or "In this Part, the"), not one a later sentence names
        at = sentence.find(amended.title) if amended is not None else -1
        end = sentence.find(". ", max(at, 0) + (len(amended.title) if amended is not None else 0))
        words = sentence[: end + 1] if end >= 0 else sentence
        if amended is None or not 0 <= at <= len(m.group(0)) + 8:
            raise UnitsNameLawsInconsistently(
                f"{_unit_name(p)}: “{words[:200]}” says which law it amends, but the law's title is not read; {_BY_HAND}"
            )
        out.setdefault(unit, []).append(_Naming(amended, words))
    return out


def _one(p: Provision, namings: list[_Naming]) -> _Naming:
    titles = {normal_title(n.amended.title) for n in namings}
    if len(titles) > 1:
        raise UnitsNameLawsInconsistently(
            f"{_unit_name(p)} names two laws it amends ({'; '.join(f'“{n.words}”' for n in namings)}): which law each "
            f"of its clauses amends is not read; {_BY_HAND}"
        )
    return namings[0]


_Unit = tuple["_Naming | None", Provision, list[str], Provision]


def _by_unit(units: tuple[Provision, ...], inherited: _Naming | None, root: Provision | None, out: list[_Unit]) -> None:
    """Each unit's own clauses with the law the innermost unit naming one names (None: no unit above names one)."""
    for p in units:
        if p.kind not in _UNITS:
            continue
        own = _namings(p)
        mine = own.get(p.kind, [])
        # "Division 1 — Local law amended / 3. … This Part amends the X.": said of the Part the Division is in
        if p.kind == "part":
            mine += [n for c in p.children if c.kind in ("division", "subdivision") for n in _namings(c).get("part", [])]
        stray = [n for unit, ns in own.items() if unit != p.kind and not (unit == "part" and p.kind != "part") for n in ns]
        if stray:
            raise UnitsNameLawsInconsistently(
                f"{_unit_name(p)}: “{stray[0].words}” is printed in a {p.kind}: which law its clauses amend is not "
                f"read; {_BY_HAND}"
            )
        naming = _one(p, mine) if mine else inherited
        top = root or p
        out.append((naming, p, _own_clauses(p), top))
        _by_unit(p.children, naming, top, out)


def _units_in(p: Provision) -> list[Provision]:
    """``p`` and the units under it."""
    return [p] + [u for c in p.children if c.kind in _UNITS for u in _units_in(c)]


def _heading_law(p: Provision) -> str | None:
    m = _HEADING_NAMES().match(" ".join((p.heading or "").split()))
    return " ".join(m.group("title").split()) if m else None


def _same_law(a: str, b: str) -> bool:
    """Two titles of one law, one perhaps without the council's name ("Standing Orders Local Law 2016")."""
    x, y = normal_title(a), normal_title(b)
    return x == y or x.endswith(" " + y) or y.endswith(" " + x)


def _amending_parts(body: tuple[Provision, ...]) -> list[tuple[_Naming, list[str]]]:
    """Each law named by a Part, Division or Subdivision ("This Part amends the X.", "This Division amends the Y.")
    with the clauses it amends: a unit's clauses amend the law of the innermost unit that names one (a Part's law
    for its Divisions that name none; a Division's own where it names one). [] when no unit names a law.

    Refused (``UnitsNameLawsInconsistently``), naming the words, where units name different laws and a clause would
    amend none of them or the wrong one: a clause of a Part that names no law beside Divisions that do, the instrument's
    own principal-law clause naming another law, a unit's heading ("Division 2 — Y amended") naming a law other than
    the one its clauses are read as amending."""
    units: list[_Unit] = []
    _by_unit(body, None, None, units)
    named = [(n, p, cl) for n, p, cl, _ in units if n is not None]
    if not named:
        return []
    laws: dict[str, tuple[_Naming, list[str]]] = {}
    for found, _, clauses in named:
        assert found is not None
        naming = found
        key = normal_title(naming.amended.title)
        have = laws.setdefault(key, (naming, []))
        have[1].extend(clauses)
    law_of = {id(p): n for n, p, _, _ in units}
    for _, p, _, _ in units:
        heading = _heading_law(p)
        # "Division 2 — Y amended": every clause under it amends Y (a Part's Divisions' clauses too)
        under = [law_of[id(u)] for u in _units_in(p)]
        wrong = next((n for n in under if n is not None and not _same_law(heading, n.amended.title)), None) if heading else None
        if wrong is not None:
            raise UnitsNameLawsInconsistently(
                f"{_unit_name(p)} is headed “{' '.join((p.heading or '').split())}” but clauses under it are read as "
                f"amending the law “{wrong.words}” names: which law they amend is not read; {_BY_HAND}"
            )
    outside = [(p, cl) for n, p, cl, _ in units if n is None and cl]
    words_outside = [" ".join(_flat(_words(p)) for p in body if p.kind not in _UNITS)] + [
        _flat(_own_words(p)) for p, _ in outside
    ]
    principal = next((a for a in map(amended_law, words_outside) if a is not None), None)
    if principal is not None:
        # a law the instrument names outside its units ("This local law amends the X and the Y.") is known to it
        known = normal_title(" ".join(words_outside))
        other = next(
            (
                n
                for n, _ in laws.values()
                if not _same_law(n.amended.title, principal.title) and normal_title(n.amended.title) not in known
            ),
            None,
        )
        if other is not None:
            raise UnitsNameLawsInconsistently(
                f"the instrument names the law it amends as the {principal.title}, but “{other.words}”: which law "
                f"each clause amends is not read; {_BY_HAND}"
            )
    if len(laws) > 1:
        roots = {id(root) for n, _, _, root in units if n is not None}
        for unit_law, p, clauses, root in units:
            if unit_law is None and clauses and id(root) in roots:
                raise UnitsNameLawsInconsistently(
                    f"{_unit_name(p)}: its clause {clauses[0]} is in no Part or Division that names the law it amends, "
                    f"beside ones that name different laws ({'; '.join(f'“{n.words}”' for n, _ in laws.values())}); "
                    f"{_BY_HAND}"
                )
    return list(laws.values())


def amended_by_part(body: tuple[Provision, ...]) -> list[tuple[Amended, tuple[str, ...]]]:
    """The laws an instrument amends one in each Part or Division ("Part 2 — … amended 3. Local law amended This Part
    amends the X. 4. …  Part 3 — … This Part amends the Y. …"), each with the clauses of the units that name it (the
    innermost naming unit wins, ``_amending_parts``); [] unless two or more different laws are named. Refused
    (``UnitsNameLawsInconsistently``) where the units name laws inconsistently."""
    found = [(n.amended, tuple(clauses)) for n, clauses in _amending_parts(body)]
    if not found:
        # "2.1 The X is amended as set out in Part 2. 2.2 The Y is amended as set out in Part 3." (Part 1 names them)
        parts = {p.num: p for p in body if p.kind == "part" and p.num}
        flat_body = " ".join(" ".join(_words(p)) for p in body)
        for m in _SET_OUT.finditer(" ".join(flat_body.split())):
            named = parts.get(m.group("part"))
            if named is not None:
                found.append((Amended(" ".join(m.group("title").split()), None, ()), tuple(_clause_nums(named))))
    if not found:
        # clauses naming one law apart from each other (A, B, A) give that law all of theirs
        found = _grouped(_by_clause(body))
    titles = {normal_title(a.title) for a, _ in found}
    return found if len(found) > 1 and len(titles) == len(found) else []


#: (r11) "3. … (1) The amendments in this clause are to the Shire of X Local Law 2001*. [* Published in Gazette …]":
#: a clause's subclause (1) naming the law its other subclauses amend (its footnote, if any, after it).
_THIS_CLAUSE = lazy_pattern(
    r"The\s+amendments\s+in\s+this\s+clause\s+are\s+to\s+the\s+[^“”\[\]*]+?(?:\*\.?|\.)(?:\s*\[\s*\*[^\]]*\])?"
)


#: (r11) The law a clause's subclause (1) names, read as "The amendments in this local law are to the …" is.
_CLAUSE_AMENDED = [
    re.compile(
        r"amendments in this clause are to\s+the\s+" + _LAW_TITLE + r"\*?\.?(?:\s*\[\*\s*Published in (?:the )?(?:Government )?"
        r"Gazette(?: on)?\s+(?P<date>" + _DATE + r"))?(?P<rest>[^.\]]*)"
    )
]


def clauses_law(p: Provision) -> tuple[Amended, str] | None:
    """(the law named, the words printed after the naming sentence and its footnote) when ``p`` is a subclause (1)
    naming the law its clause amends; the words after must be none, or the next subclause run on ("… pp. 1601-20.]
    (2) Clause 9.1(a) is repealed …", a copy that lost the line break); else None."""
    m = _THIS_CLAUSE().match(p.text or "") if p.kind == "subclause" and p.num == "(1)" else None
    if m is None:
        return None
    rest = (p.text or "")[m.end() :].strip()
    amended = amended_law(m.group(0), _CLAUSE_AMENDED)
    if amended is None or (rest and not rest.startswith("(2) ")) or (p.children and not rest):
        return None
    return amended, rest


def _grouped(found: list[tuple[Amended, tuple[str, ...]]]) -> list[tuple[Amended, tuple[str, ...]]]:
    """Each law named once, with the clauses of every entry naming it, in the order the laws are first named."""
    out: dict[str, tuple[Amended, tuple[str, ...]]] = {}
    for amended, nums in found:
        key = normal_title(amended.title)
        out[key] = (out[key][0], out[key][1] + nums) if key in out else (amended, nums)
    return list(out.values())


def _by_clause(body: tuple[Provision, ...]) -> list[tuple[Amended, tuple[str, ...]]]:
    """(r11) The laws an instrument amends one in each clause, each clause's subclause (1) naming its law ("(1) The
    amendments in this clause are to the X Local Law 2001*. [* Published in Gazette …]"), each with that clause (an
    instruction in no such clause is refused by ``amend``: it would be applied to none of the laws)."""
    found: list[tuple[Amended, tuple[str, ...]]] = []
    for p in body:
        named = clauses_law(p.children[0]) if p.kind == "clause" and p.children and p.num else None
        if named is not None and p.num:
            found.append((named[0], (p.num.rstrip("."),)))
    return found
