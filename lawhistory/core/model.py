"""Plain, frozen values for laws and their provisions.

Vocabulary follows Akoma Ntoso where it helps: a provision has a ``num`` (its label as printed),
an optional ``heading``, its own ``text`` and ``children``. Nothing here knows about files,
databases or the command line.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from .operations import Operation

Kind = Literal[
    "part",
    "division",
    "subdivision",
    "clause",
    "subclause",
    "paragraph",
    "subparagraph",
    "definition",
    "schedule",
    "item",
    "text",
]

#: Provisions that group others and carry only a heading (no text of their own).
CONTAINER_KINDS: frozenset[str] = frozenset({"part", "division", "subdivision", "schedule"})
#: Provisions whose label is printed in parentheses: (1), (a), (i).
BRACKETED_KINDS: frozenset[str] = frozenset({"subclause", "paragraph", "subparagraph"})
#: The levels of a clause's provisions, outermost 0: a provision holds only provisions of a later level.
CLAUSE_LEVELS: dict[str, int] = {"clause": 0, "subclause": 1, "paragraph": 2, "subparagraph": 3}

LawKind = Literal["principal", "amending", "repeal"]


@dataclass(frozen=True, slots=True)
class Provision:
    """One provision: a part, clause, paragraph, definition, schedule row or a block of free text.

    ``num`` is the label exactly as printed (``"2.8A"``, ``"(7A)"``, ``"(ba)"``, ``"1"``; ``None`` for
    free text and definitions). ``text`` is the provision's own words, without its label and
    without its children; for a definition it is the whole definition sentence and ``term`` the
    defined term. Table rows (``item``) keep their columns in ``cells``; a schedule keeps its
    table's column headings in ``cells``.
    """

    kind: Kind
    num: str | None = None
    heading: str | None = None
    text: str | None = None
    term: str | None = None
    cells: tuple[str, ...] = ()
    children: tuple[Provision, ...] = ()

    def with_children(self, children: tuple[Provision, ...]) -> Provision:
        return replace(self, children=children)


@dataclass(frozen=True, slots=True)
class Gazette:
    """Where an instrument was published in the Western Australian Government Gazette."""

    date: dt.date | None = None
    number: str | None = None
    pages: str | None = None


@dataclass(frozen=True, slots=True)
class Commencement:
    """When an instrument comes into operation: its own words, the rule read from them, the date."""

    wording: str | None = None
    rule: str = "unknown"  # on_gazettal | day_after_gazettal | days_after_gazettal | months_after_gazettal | fixed_date | by_clause | by_notice | unknown
    days: int | None = None
    date: dt.date | None = None  # by_clause: the first day any of its clauses comes into operation
    #: by_clause: each clause its commencement names, with the day it comes into operation (in the order named)
    clauses: tuple[tuple[str, dt.date], ...] = ()

    @property
    def in_full(self) -> dt.date | None:
        """The day it is in operation in full: its date, or (``by_clause``) the last of its clauses' days."""
        return max((day for _, day in self.clauses), default=self.date)

    def day_of(self, clause: str) -> dt.date | None:
        """The day ``clause`` (an instrument's clause, "4") comes into operation under a ``by_clause`` rule, or None."""
        return next((day for named, day in self.clauses if named == clause), None)

    def day_of_operation(self, clause: str) -> dt.date | None:
        """(r12) The day an operation of the instrument's ``clause`` ("6(1)", "6(1)(a)", "6") comes into operation: that
        of the smallest part of it the commencement names ("(b) clause 6(1) — on 1 July 2019"), else its clause's."""
        while True:
            day = self.day_of(clause.strip())
            if day is not None or "(" not in clause:
                return day
            clause = clause.rsplit("(", 1)[0]


#: Apostrophes and single quotation marks as printed (curly or straight): a title is matched with them all as ``'``.
_APOSTROPHES = str.maketrans(
    {
        "\u2019": "'",
        "\u2018": "'",
        "\u02bc": "'",
    }
)


def normal_title(title: str) -> str:
    """A title as references are matched by it: case, spacing and the form of apostrophes aside.

    The one rule for "does this reference name that law?", used by every command and by the build.
    """
    return " ".join(title.translate(_APOSTROPHES).lower().split())


def title_key(title: str) -> str:
    """A coarse index key of a title (its letters and digits): titles with equal ``normal_title`` share it."""
    return re.sub(r"[^0-9a-z]", "", normal_title(title))


@dataclass(frozen=True, slots=True)
class LawRef:
    """A reference from one instrument to another law, as the instrument words it."""

    title: str
    gazette_date: dt.date | None = None
    id: str | None = None
    #: For an instrument that amends several laws, one in each Part ("This Part amends …"): the instrument's clauses
    #: that amend this one (empty: every clause of the instrument).
    clauses: tuple[str, ...] = ()
    #: For a further law in ``LawMeta.also_amends``: the earlier amendments of that law its Part lists (the first
    #: law's are ``LawMeta.earlier_amendments``).
    earlier_amendments: tuple[dt.date, ...] = ()


@dataclass(frozen=True, slots=True)
class LawMeta:
    """The metadata held in a law file's front matter."""

    id: str
    title: str
    local_government: str
    kind: LawKind = "principal"
    made: dt.date | None = None
    gazette: Gazette = field(default_factory=Gazette)
    commencement: Commencement = field(default_factory=Commencement)
    amends: LawRef | None = None
    #: The further laws an instrument amends, one in each later Part (``amends`` is the first); see LawRef.clauses.
    also_amends: tuple[LawRef, ...] = ()
    earlier_amendments: tuple[dt.date, ...] = ()
    repeals: tuple[LawRef, ...] = ()
    partial: bool = False
    source: str | None = None
    notes: tuple[str, ...] = ()
    #: Dates the council accepted a report of a statutory review of the law (s 3.16 Local Government Act 1995),
    #: oldest first; see ``reviews``.
    reviews: tuple[dt.date, ...] = ()


@dataclass(frozen=True, slots=True)
class Law:
    """A local law or instrument: metadata, the body in document order, and its closing words.

    ``conclusions`` hold the words after the body (resolution, seal and signatures); they are
    free text and never amended.
    """

    meta: LawMeta
    body: tuple[Provision, ...] = ()
    conclusions: tuple[Provision, ...] = ()


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why ``amend`` refused an instrument it keeps in the repository as not applied (issue 21), and on what day."""

    reason: str
    on: dt.date


@dataclass(frozen=True, slots=True)
class HandReading:
    """Who supplied an instrument's operations by hand (``amend --operations``), and on what day."""

    by: str
    on: dt.date


@dataclass(frozen=True, slots=True)
class Instrument:
    """An amending or repeal instrument: its text (as a Law value) and what it does.

    ``refused``: kept by a refused ``amend`` so every view can say the law omits it; never applied while set.
    ``by_hand``: its operations were supplied by a person, not read by the engine."""

    law: Law
    operations: tuple[Operation, ...] = ()
    refused: Refusal | None = None
    by_hand: HandReading | None = None

    @property
    def id(self) -> str:
        return self.law.meta.id

    @property
    def title(self) -> str:
        return self.law.meta.title

    @property
    def is_repeal(self) -> bool:
        """Whether it repeals a law (a repeal instrument, or an amending one with a repeal operation)."""
        return self.law.meta.kind == "repeal" or any(op.is_repeal for op in self.operations)
