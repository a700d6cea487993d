"""``lawhistory amend``: parse, verify and store an amending or repeal instrument, all or nothing."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..core.bodytext import parse_fragment
from ..core.dates import (
    EVERY,
    REST,
    ClauseDay,
    clause_items,
    commencement,
    commencement_condition_fails,
    subclause_days,
    uncertain_commencement,
    unread_commencement,
)
from ..core.diff import ProvisionChange, changes_between
from ..core.errors import BadLawId, ImportFailed, LawHistoryError
from ..core.ids import citation_of_path, law_id
from ..core.incomplete import one_line
from ..core.lazy_re import lazy_pattern
from ..core.model import HandReading, Law, LawRef, Provision, Refusal, normal_title
from ..core.operations import LIST_IN_WORDS, WORD_ACTIONS, Action, Occurrence, Operation
from ..core.versions import (
    Timeline,
    clause_head,
    gazette_mismatch,
    in_force,
    instruments_for,
    own_operations,
    refers_to,
    targets,
    title_reaches,
)
from ..deriving.library import read_file, source_name
from ..files.inputs import Inputs, hand_over, repository_index
from ..files.instrument_file import Instrument, render_instrument
from ..files.repo import Repository
from ..reading.importers import ImportOptions, read_source
from ..reading.line_lists import unmarked, unmarked_provisions
from . import commencing
from .apply import TargetNotFound, WordsNotFound, find, get
from .instructions import InstructionNotUnderstood, parse_unit, units
from .law_known import Unresolved, names_rows, resolved
from .named_inserts import check_named_inserts
from .parts import GAZETTE_NAMED
from .timeline import build_timeline

#: ``amend --operations``: the operations a person gives each instrument (``by_hand.supplied``), and who and when.
HandSupplied = tuple[Callable[[Law], tuple[Operation, ...] | None], HandReading]


class InstrumentRefused(LawHistoryError):
    """The instrument cannot be applied; nothing was written but (unless ``amend --discard``) the record of it.

    ``instrument``: what was read of it, when known, for the record."""

    instrument: Instrument | None = None


@dataclass
class AmendOutcome:
    """What happened (or, on a dry run, would happen) to one instrument."""

    instrument: Instrument
    status: str  # applied | pending
    law_id: str | None = None
    reason: str | None = None
    version_from: dt.date | None = None
    later_versions: list[dt.date] = field(default_factory=list)  # the days of its other clauses (by_clause)
    changes: list[ProvisionChange] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    path: str | None = None
    retried: list[tuple[str, str | None]] = field(default_factory=list)  # (instrument, None: applied | why not)


def retried(before: Timeline, after: Timeline, new: str) -> list[tuple[str, str | None]]:
    """Each instrument ``before`` left out (but the record of a refusal, which is never tried), with None when
    ``after`` applies it, else why it still is not applied."""
    still = {i.id: why for i, why in after.waiting}
    return [
        (i.title, one_line(still[i.id]) if i.id in still else None)
        for i, _ in before.waiting
        if i.id != new and i.refused is None
    ]


def read_instruments(
    repo: Repository,
    path: Path,
    gazette_date: dt.date | None,
    hand: HandSupplied | None = None,
    link: str | None = None,
) -> tuple[list[Instrument], list[str]]:
    """The amending and repeal instruments in ``path``, with their operations parsed — or, for an instrument ``hand``
    gives operations for (``by_hand.supplied``), those operations, recorded as supplied by hand. ``link``: the id of
    the law a person says the instruments amend (``amend --law``), read as the one law amended by an instrument whose
    own words name none that can be told (``_told``)."""
    found = read_source(read_file(path), ImportOptions(gazette_date=gazette_date, source=source_name(repo, path)), str(path))
    instruments = []
    mine = [law for law in found.laws if law.meta.kind == "principal"]
    held = [law for law in mine if repo.law_by_id(law.meta.id) is not None]  # imported already: nothing to add
    principals = [law.meta.title for law in mine if law not in held]
    for law in found.laws:
        if law.meta.kind == "principal":
            continue
        told = _told(repo, law, link) if link is not None else law
        given = hand[0](told) if hand is not None else None
        try:
            inst = _read_one(told, given)
        except InstrumentRefused as e:
            # what was read of it, kept (unless --discard) so every view can say the law omits it
            e.instrument = e.instrument or Instrument(law=replace(told, body=unmarked_provisions(told.body)))
            raise
        if told is not law and inst.is_repeal:
            # the laws it repeals are named by its own words: linked to another, it would repeal that one (refused, as
            # ``_linked`` refuses a repeal instrument; no record is kept: the link was the mistake)
            raise InstrumentRefused(
                f"--law links an instrument that amends one law; {inst.title} repeals laws, which its own words name: "
                "amend it without --law (a record of it kept as not applied is replaced then)"
            )
        instruments.append(replace(inst, by_hand=hand[1]) if given is not None and hand is not None else inst)
    if not instruments:
        if held and not principals:
            ids = ", ".join(law.meta.id for law in held)
            raise ImportFailed(
                f"{path} holds principal laws only, and the repository has them already ({ids}); amend applies amending "
                "and repeal instruments — 'lawhistory show ID' shows a law"
            )
        if principals:
            raise ImportFailed(
                f"{path} holds principal laws only ({'; '.join(principals)}); add them with 'lawhistory import {path}'"
            )
        raise ImportFailed(f"{path}: no amending or repeal instrument found")
    return instruments, principals


def _told(repo: Repository, law: Law, link: str) -> Law:
    """``law`` (an instrument) amending the law ``link`` that a person named (``amend --law``), where its own words
    name no law amended that could be told — a title with no year and no gazette date ("This local law amends the
    Shire of X Dogs By-laws."), or none: that law is then the one it amends, so its instructions are read against it
    (one naming that law by its title changes it; one naming another is refused as before), with a note saying so.
    Where its words do name a law, ``_linked`` links it after reading, as before."""
    meta = law.meta
    if meta.amends is not None or meta.also_amends:
        return law
    linked = _law_to_link(repo, link)
    note = (
        f"the instrument's words name no law it amends that could be told; it was linked to {linked.meta.title} "
        f"({link}) by hand (amend --law)"
    )
    ref = LawRef(title=linked.meta.title, gazette_date=linked.meta.gazette.date, id=link)
    return replace(law, meta=replace(meta, amends=ref, notes=(*meta.notes, note)))


def _read_one(law: Law, given: tuple[Operation, ...] | None = None) -> Instrument:
    """One amending or repeal instrument of the file, with its operations parsed (or ``given``: supplied by hand);
    InstrumentRefused when it cannot be."""
    notes: list[str] = list(law.meta.notes)
    ops: list[Operation] = []
    when = law.meta.commencement
    parts = instrument_groups(law, when.wording)
    if when.rule != "by_clause" and parts and (clause_items(when.wording, parts) is not None or subclause_days(when.wording)):
        # (r7) "(b) Part 2 Division 2 — on the day after that day": a commencement naming the instrument's Parts and
        # Divisions gives their clauses their days; (r11) "(2) Clauses 5 and 6 come into operation on 1 July 1996.":
        # read whole, or refused naming its words
        try:
            when = commencement(when.wording, law.meta.gazette.date, parts)
        except ImportFailed as e:
            raise InstrumentRefused(f"{law.meta.title}: {e}") from None
        law = replace(law, meta=replace(law.meta, commencement=when))
    if when.rule != "by_clause" and when.wording and (odd := uncertain_commencement(when.wording)):
        raise InstrumentRefused(
            f"{law.meta.title}: its commencement words “{odd.strip()}” give its amendments no one date that can be "
            f"computed ({when.wording[:200]}); it cannot be applied as written — amend the instrument file by hand"
        )
    if when.wording and (fails := commencement_condition_fails(when.wording, law.meta.gazette.date)):
        raise InstrumentRefused(
            f"{law.meta.title}: its commencement cannot be computed from its words ({when.wording[:200]}): {fails}"
        )
    if when.wording and when.rule == "unknown":
        # No gazette date can fix it ("comes into operation when the Act does", "once it has been registered"):
        # it can never be applied as it stands, whatever its instructions say.
        unread = unread_commencement(when.wording)
        said = f"“{unread}” is not a day lawhistory reads whole" if unread else "it names no date and no period after publication"
        raise InstrumentRefused(
            f"{law.meta.title}: its commencement cannot be computed from its words ({when.wording[:200]}); "
            f"{said}, so it cannot be applied (a commencement clause is there: the Act's 14 days are not its day)"
        )
    try:
        found = units(law) if given is None else []
    except InstructionNotUnderstood as e:
        raise InstrumentRefused(f"{law.meta.title} {unmarked(str(e))}") from None
    inserted: Operation | None = None  # the last instruction's, when it put in new provisions
    if law.meta.amends is not None and not law.meta.also_amends:
        found = [replace(unit, law=law.meta.amends.title) for unit in found]
    for unit in found:
        try:
            got = parse_unit(unit, notes)
        except InstructionNotUnderstood as e:
            raise InstrumentRefused(f"{law.meta.title} {unmarked(str(e))}") from None
        if (
            not got
            and inserted is not None
            and clause_head(inserted.clause) == clause_head(unit.clause)
            and not _BARE_LABEL().fullmatch(unit.text)
        ):
            # (review) "4. (1) After clause 12D insert— 12E. … (1) … (2) Subclause (1) does not apply … (2) In clause
            # 12F(2) delete …": words after new provisions that are no instruction are the new text's own, cut off where
            # its own label was read as the instrument's; left as text, the new clause would be put in without them
            raise InstrumentRefused(
                f"{law.meta.title} cl. {unit.clause}: the words “{unmarked(unit.text)[:120]}”, after the new text cl. "
                f"{inserted.clause} puts in, are no instruction — the new text's own words, cut off where its own label "
                "was read as the instrument's? — so where the new text ends is uncertain and nothing was applied; "
                "check the gazette (new text in quotation marks is read whole)"
            )
        if (odd := _more_than_said(unit.text, got)) is not None:
            raise InstrumentRefused(f"{law.meta.title} cl. {unit.clause}: {odd}")
        inserted = next((op for op in reversed(got) if op.action in _PUTS_IN_PROVISIONS and op.new), None) if got else inserted
        ops += got
    ops += given or ()
    for op in ops:  # new provisions are read with their operation: text that holds none is refused now
        if op.unreadable is not None:
            why = unmarked("; ".join(op.unreadable))
            raise InstrumentRefused(f"{law.meta.title} cl. {op.clause}: {op.target}: {why}")
    if given is None and (named := check_named_inserts(law.body, ops)) is not None:
        # (fix13) "4. Clauses 3.4 and 3.5 inserted" whose new text was read as one clause (or as three)
        raise InstrumentRefused(f"{law.meta.title} {unmarked(named)}")
    if when.rule == "by_clause":
        _days_for_every_clause(law, ops)
    # the marks that kept a list's lines apart (reading.line_lists) are not the instrument's words
    law = replace(law, body=unmarked_provisions(law.body))
    meta = law.meta
    if Instrument(law=law, operations=tuple(ops)).is_repeal:
        repealed = tuple(
            LawRef(title=op.target, gazette_date=dt.date.fromisoformat(op.words) if op.words else None)
            for op in ops
            if op.is_repeal
        )
        meta = replace(meta, kind="repeal", repeals=repealed or meta.repeals)
    if not ops:
        raise InstrumentRefused(f"{meta.title}: no amending instructions were found in it")
    stray = next((op for op in ops if not op.is_repeal), None) if meta.amends is None and meta.kind == "repeal" else None
    if stray is not None:
        # an instrument that repeals laws and also amends one, whose law amended is not read: its amendments would
        # be applied to no law
        raise InstrumentRefused(
            f"{meta.title} cl. {stray.clause}: it repeals laws and also amends one, but which law it amends could not be "
            "read; amend the instrument file by hand"
        )
    meta = replace(meta, notes=tuple(dict.fromkeys(notes)))
    return _unmarked_instrument(Instrument(law=replace(law, meta=meta), operations=tuple(ops)))


def _unmarked_instrument(inst: Instrument) -> Instrument:
    """``inst``, refused loudly if an operation's words or its stored text still hold a mark of a list printed a line
    an item (reading.line_lists): marks no gazette text holds, which would go into the law unseen."""
    for op in inst.operations:
        for name in ("target", "words", "new", "until", "source"):
            value = getattr(op, name)
            if isinstance(value, str) and unmarked(value) != value:
                raise InstrumentRefused(
                    f"{inst.law.meta.title} cl. {op.clause}: its {name} “{unmarked(value)[:120]}” was read with the "
                    "invisible marks of a list printed a line an item (U+2063, U+2064) left in it; it is not applied "
                    "(a fault in reading the instrument: report it, or amend the instrument file by hand)"
                )
    if unmarked(text := render_instrument(inst)) != text:
        where = next(line for line in text.splitlines() if unmarked(line) != line)
        raise InstrumentRefused(
            f"{inst.law.meta.title}: its text as stored would hold the invisible marks of a list printed a line an item "
            f"(U+2063, U+2064), in “{unmarked(where).strip()[:120]}”; it is not applied (a fault in reading the "
            "instrument: report it, or amend the instrument file by hand)"
        )
    return inst


def _clause_numbers(body: tuple[Provision, ...]) -> set[str]:
    """The numbers of an instrument's clauses (in its Parts too)."""
    out: set[str] = set()
    for p in body:
        if p.kind == "clause" and p.num:
            out.add(p.num)
        out |= _clause_numbers(p.children)
    return out


def _days_for_every_clause(law: Law, ops: list[Operation]) -> None:
    """Refuse an instrument whose commencement gives its clauses days of their own (``dates.clause_items``) unless each
    clause it names is one the instrument has and each clause that amends is given a day; a repeal among them is not
    read (which day the law ends on would be the repeal clause's alone)."""
    items = clause_items(law.meta.commencement.wording, clause_groups(law.body, law.meta.commencement.wording)) or ()
    have = _clause_numbers(law.body)
    if not items:
        # (r11) read whole as a principal law's commencement is (dates.EVERY): every clause of it was given its day
        every = instrument_groups(law, law.meta.commencement.wording).get(EVERY, ())
        have |= set(every)
        items = (ClauseDay(every, None, None, law.meta.commencement.wording or ""),)
    for item in items:
        stray = [c for c in item.clauses if clause_head(c) not in have]  # (r12) "6(1)": a subclause of clause 6
        if stray:
            raise InstrumentRefused(
                f"{law.meta.title}: its commencement names clause {' and '.join(stray)} (“{item.words}”), which the "
                f"instrument does not have (its clauses: {', '.join(sorted(have, key=_clause_key))}); check the "
                "commencement against the instrument — amend the instrument file by hand"
            )
    named = {c for item in items for c in item.clauses}
    for op in ops:
        if op.is_repeal:
            raise InstrumentRefused(
                f"{law.meta.title} cl. {op.clause}: it repeals a law, and its commencement gives its clauses days of "
                "their own; a repeal commencing by clause is not read — amend the instrument file by hand"
            )
        if clause_head(op.clause) not in named:
            said = "; ".join(item.words for item in items)
            raise InstrumentRefused(
                f"{law.meta.title} cl. {op.clause}: its commencement gives clause {clause_head(op.clause)} no day (it "
                f"names clauses {', '.join(sorted(named, key=_clause_key))}: “{said}”); it cannot be applied as written "
                "— amend the instrument file by hand"
            )


def _clause_key(clause: str) -> tuple[int, str]:
    number = re.match(r"\d+", clause)
    return (int(number.group(0)) if number else 0, clause)


def _with_gazette(inst: Instrument, gazette_date: dt.date | None) -> Instrument:
    meta = inst.law.meta
    if meta.gazette.date is None and gazette_date is not None:
        meta = replace(
            meta,
            gazette=replace(meta.gazette, date=gazette_date),
            commencement=commencement(
                meta.commencement.wording, gazette_date, instrument_groups(inst.law, meta.commencement.wording)
            ),
        )
    return replace(inst, law=replace(inst.law, meta=meta))


def part_clauses(body: tuple[Provision, ...]) -> dict[str, tuple[str, ...]]:
    """The clauses of each Part of an instrument, and of each Division of a Part ("Part 2 Division 3"), by name."""
    out: dict[str, tuple[str, ...]] = {}
    for part in body:
        if part.kind != "part" or not part.num:
            continue
        out[f"Part {part.num}"] = tuple(sorted(_clause_numbers(part.children), key=_clause_key))
        for division in part.children:
            if division.kind == "division" and division.num:
                out[f"Part {part.num} Division {division.num}"] = tuple(
                    sorted(_clause_numbers(division.children), key=_clause_key)
                )
    return out


def clause_groups(body: tuple[Provision, ...], wording: str | None) -> dict[str, tuple[str, ...]]:
    """The groups of clauses a split commencement may name (``dates.clause_items``): the instrument's Parts and
    Divisions (``part_clauses``) and, where its words are otherwise uncertain ("(b) clause 6 — on 1 September 2023;
    (c) the rest of the local law — on the day after gazettal day": an amending clause given a day of its own), every
    clause of it, for "the rest" (``dates.REST``). A commencement read before without "the rest" reads as it did."""
    parts = part_clauses(body)
    if wording and uncertain_commencement(wording) and clause_items(wording, parts) is None:
        parts = {**parts, REST: tuple(sorted(_clause_numbers(body), key=_clause_key))}
    if subclause_days(wording) and clause_items(wording, parts) is None:
        # (r11) "(1) Subject to subclause (2), … (2) Clauses 5 and 6 come into operation on …": read whole over every
        # clause of the instrument (dates.EVERY), as a principal law's commencement is
        parts = {**parts, EVERY: tuple(sorted(_clause_numbers(body), key=_clause_key))}
    return parts


def instrument_groups(law: Law, wording: str | None) -> dict[str, tuple[str, ...]]:
    """``clause_groups`` of an instrument, every clause of it (``dates.EVERY``, when asked for) taken also from its
    amending clauses as read (``units``): an instrument read line by line holds its clauses as lines of text."""
    parts = clause_groups(law.body, wording)
    if EVERY not in parts:
        return parts
    try:
        read = {clause_head(u.clause) for u in units(law)}
    except InstructionNotUnderstood:
        read = set()
    every = set(parts[EVERY]) | read
    # (r15) its clauses before the first it holds (numbered from 1: its citation, commencement and the law it amends),
    # which a commencement may name ("(1) By-laws 1, 2, 3 and 5 of these by-laws come into operation on …") though
    # a copy read line by line holds them as lines of text
    first = min((int(c) for c in every if c.isdigit()), default=1)
    every |= {str(n) for n in range(1, first)}
    return {**parts, EVERY: tuple(sorted(every, key=_clause_key))}


def _earlier_missing(inst: Instrument, law: Law, existing: list[Instrument]) -> list[dt.date]:
    have = {i.law.meta.gazette.date for i in instruments_for(law, existing)}
    meta = inst.law.meta
    # an instrument amending several laws, one in each Part, lists each law's earlier amendments in its Part
    ref = next((r for r in meta.also_amends if _names(r, law, inst)), None)
    listed = ref.earlier_amendments if ref is not None else meta.earlier_amendments
    return [d for d in listed if d not in have]


def _applied(tl: Timeline) -> set[tuple[str, dt.date | None]]:
    """Each instrument ``tl`` applies, with each day it applies on — an instrument whose commencement gives its clauses
    days of their own is applied once a day, and a later day's clauses failing loses that part of it (issue 20)."""
    parts = {(v.instrument.id, v.valid_from) for v in tl.versions if v.instrument is not None}
    return parts | ({(tl.repealed_by.id, tl.repealed_from)} if tl.repealed_by else set())


def check(
    repo: Repository, inst: Instrument, laws: list[Law], existing: list[Instrument], link: str | None = None
) -> AmendOutcome:
    """Verify ``inst`` against the repository; raise InstrumentRefused or say how it would apply.

    ``laws`` are the candidate principal laws, ``existing`` the instruments that act on them; ``link``: the law a
    person linked it to (``amend --law``).
    """
    stored = _stored_applied(repo, inst.id, link)  # a record of a refusal is replaced by the corrected instrument
    if any(e.id == inst.id for e in existing) and not stored:
        raise InstrumentRefused(f"the file holds {inst.title} twice; give each instrument once")
    if stored or any(e.id == inst.id for e in existing):
        raise InstrumentRefused(
            f"{inst.title} is already in the repository ({repo.relative(repo.instrument_path(inst.id))}); it is not applied twice"
        )
    law = next((law for law in laws if any(_names(ref, law, inst) for ref in targets(inst))), None)
    outcome = AmendOutcome(instrument=inst, status="pending", notes=list(inst.law.meta.notes))
    if law is None:
        names = "; ".join(r.title for r in targets(inst))
        outcome.reason = f"{names} is not in the repository; the instrument is kept and applies when that law is imported"
        if not names:
            # its words name no law that can be told (no principal-law clause read, or a title with no year and no
            # gazette date): no law imported later would be found for it, so it waits to be linked by a person
            outcome.reason = (
                "the law it amends is not named in words lawhistory can tell (a title with no year or gazette date, "
                "or no principal-law clause); the instrument is kept, and applies once it is linked to its law with "
                "'lawhistory amend FILE --law ID' ('lawhistory list' gives the ids)"
            )
        if inst.law.meta.commencement.date is None and inst.law.meta.gazette.date is None:
            outcome.warnings.append("its gazette date is not known: give --gazette-date so its commencement can be computed")
        elif inst.law.meta.commencement.date is None:
            outcome.warnings.append(
                "it has no commencement words and the Act it names gives no day: it takes the rule the law it amends "
                "records when that is imported, if it records one"
            )
        return outcome
    outcome.law_id = law.meta.id
    inst = commencing.made_under_law(_naming(inst, law), law)  # no commencement words: the rule its law records
    outcome.instrument = inst
    outcome.notes = list(inst.law.meta.notes)
    mismatch = gazette_mismatch(inst, law)
    if mismatch:
        raise InstrumentRefused(f"{mismatch}; check the instrument's principal-law reference and the law's gazette date")
    if inst.law.meta.commencement.rule == "by_notice":
        outcome.status = "pending"
        outcome.reason = (
            "it comes into operation on a day fixed by notice, which is not known yet; it is kept and can be applied "
            "once that day is known"
        )
        return outcome
    if inst.law.meta.commencement.date is None and inst.law.meta.gazette.date is not None:
        where = repo.relative(repo.instrument_path(inst.id))
        raise InstrumentRefused(commencing.unknown_day(inst, f"{where} (kept by this refusal) and delete its not_applied entry"))
    if inst.law.meta.commencement.date is None:
        raise InstrumentRefused(
            f"{inst.title}: its commencement cannot be computed "
            f"({inst.law.meta.commencement.wording or 'no commencement words found'}); give --gazette-date YYYY-MM-DD"
        )
    before = build_timeline(law, existing)
    inst = _terms_told_apart(inst, before)
    outcome.instrument = inst
    after = build_timeline(law, [*existing, inst])
    refused = dict((i.id, why) for i, why in after.waiting)
    missing = _earlier_missing(inst, law, existing)
    if missing:
        outcome.warnings.append(
            "history incomplete: the instrument lists amendments published on "
            + ", ".join(str(d) for d in missing)
            + " that are not in the repository"
        )
    if inst.id in refused:
        error = after.errors.get(inst.id)
        if missing and isinstance(error, (TargetNotFound, WordsNotFound)):
            gap = _within_numbering(error.op.target, before, inst) if isinstance(error, TargetNotFound) else None
            if gap:
                # A label between two the law holds was never inserted by a later amendment (no renumbering in WA
                # local laws): waiting for the missing amendments would not bring it.
                raise InstrumentRefused(
                    f"{refused[inst.id]}; the law holds {gap} there, so {error.op.target} cannot have come from the "
                    "amendments it lists that the repository lacks — it may have been lost when the law was imported; "
                    "check the law's text against the gazette"
                )
            # It amends the law as amended by instruments we do not have yet: keep it until they arrive.
            outcome.reason = f"it cannot be applied until the amendments it lists arrive ({refused[inst.id]})"
            return outcome
        raise InstrumentRefused(refused[inst.id])
    lost = {i for i, _ in _applied(before) - _applied(after)} & set(refused)
    if lost:
        first = next(iter(sorted(lost)))
        raise InstrumentRefused(
            f"{inst.title} commences before an instrument already applied, which would then fail: {refused[first]}"
        )
    outcome.status = "applied"
    outcome.retried = retried(before, after, inst.id)
    if inst.is_repeal and not any(v.instrument is not None and v.instrument.id == inst.id for v in after.versions):
        outcome.version_from = after.repealed_from
        return outcome
    # one new version, or one a day when its commencement gives its clauses days of their own
    mine = [v for v in after.versions if v.instrument is not None and v.instrument.id == inst.id]
    outcome.version_from = mine[0].valid_from
    outcome.later_versions = [v.valid_from for v in mine[1:] if v.valid_from is not None]
    for v in mine:
        outcome.changes += changes_between(after.versions[v.number - 1].body, v.body)
    return outcome


def check_all(
    repo: Repository, inst: Instrument, laws: list[Law], existing: list[Instrument], link: str | None = None
) -> list[AmendOutcome]:
    """``check`` for each law the instrument amends: one outcome, or one per law when it amends several laws, one in
    each Part (each law checked with the operations of its Part; the instrument read for one is read on for the next)."""
    meta = inst.law.meta
    if not meta.also_amends or meta.amends is None:
        return [check(repo, inst, laws, existing, link)]
    parted = {c for ref in (meta.amends, *meta.also_amends) for c in ref.clauses}
    stray = [op for op in inst.operations if clause_head(op.clause) not in parted]
    if stray:
        # an instruction outside every Part that names a law would be applied to none of them
        raise InstrumentRefused(
            f"{inst.title} cl. {stray[0].clause}: it amends several laws, one in each Part, but this instruction is in no "
            "Part that names the law it amends; amend the instrument file's operations by hand"
        )
    outcomes = []
    for ref in (meta.amends, *meta.also_amends):
        mine = [law for law in laws if _names(ref, law, inst)]
        solo = replace(inst, law=replace(inst.law, meta=replace(meta, amends=ref, also_amends=())))
        if not mine:
            outcome = check(repo, solo, [], existing)  # pending: that law is not in the repository
        else:
            outcome = check(repo, inst, mine[:1], existing)
            inst = outcome.instrument
        outcomes.append(outcome)
    for outcome in outcomes:
        outcome.instrument = inst
    return outcomes


def _naming(inst: Instrument, law: Law) -> Instrument:
    """``inst`` naming ``law`` by its id where it names it by a title without the council's name ("the By-laws
    Relating to Halls" of the Shire of X), so that every reader of the repository finds the law it amends."""
    meta = inst.law.meta
    ref = meta.amends
    if ref is None or ref.id or refers_to(ref, law) or not _names(ref, law, inst):
        return inst
    return replace(inst, law=replace(inst.law, meta=replace(meta, amends=replace(ref, id=law.meta.id))))


def _naming_repealed(repo: Repository, index: Inputs, inst: Instrument) -> Instrument:
    """``inst`` naming by its id each law it repeals by a title without the council's name ("By-laws Relating to
    Transportable Buildings" in a list of the Shire of X's by-laws), as ``_naming`` does for the law amended: every
    reader of the repository (each repealed law's timeline) then finds it."""
    meta = inst.law.meta
    if meta.kind != "repeal" or not meta.repeals:
        return inst
    named = []
    notes: list[str] = []
    for ref in meta.repeals:
        by_gazette = None if ref.id else _by_gazette_page(repo, index, inst, ref)
        if by_gazette is not None:
            # "(a) 9 April 1958 p. 727": named only by the gazette that published it, found by that date and page
            notes.append(f"{ref.title} is {by_gazette.meta.title} (the one law of the council published on that page)")
            named.append(LawRef(title=by_gazette.meta.title, gazette_date=ref.gazette_date, id=by_gazette.meta.id))
            continue
        law = None if ref.id else _law_named(repo, index, inst, ref)
        named.append(replace(ref, id=law.meta.id) if law is not None and not refers_to(ref, law) else ref)
    if named == list(meta.repeals):
        return inst
    meta = replace(meta, repeals=tuple(named), notes=(*meta.notes, *notes))
    return replace(inst, law=replace(inst.law, meta=meta))


def _by_gazette_page(repo: Repository, index: Inputs, inst: Instrument, ref: LawRef) -> Law | None:
    """The one law of the instrument's council published in the Gazette on the date and beginning on the page that
    ``ref`` names it by (``parts.GAZETTE_NAMED``); None when it is not named so, or no one law is."""
    m = GAZETTE_NAMED.match(ref.title)
    if m is None:
        return None
    found = [
        law
        for law in _council_laws_published(repo, index, inst, m.group("date"))
        if (first := re.match(r"\d+", law.meta.gazette.pages or "")) is not None and first.group(0) == m.group("page")
    ]
    return found[0] if len(found) == 1 else None


def _council_laws_published(repo: Repository, index: Inputs, inst: Instrument, day: str) -> list[Law]:
    """The laws of ``inst``'s council published in the Gazette on ``day`` (an ISO date)."""
    council = law_id(inst.law.meta.local_government, "x").split("/")[0]
    return [
        law
        for ident in index.laws
        if ident.startswith(council + "/") and (law := repo.law_by_id(ident)) is not None and str(law.meta.gazette.date) == day
    ]


def _names(ref: LawRef, law: Law, inst: Instrument) -> bool:
    """Whether ``ref`` names ``law``, by its title or by its title without the council's name."""
    lg = inst.law.meta.local_government
    return refers_to(ref, law) or normal_title(f"{lg} {ref.title}") == normal_title(law.meta.title)


def _label_key(label: str) -> tuple[int, int] | None:
    """An order for plain labels ((3), (c), 2.7); None for labels an amendment inserts ((3A), (ba), 2.7A) or romans."""
    inner = label.strip("()")
    if re.fullmatch(r"\d+", inner):
        return (0, int(inner))
    if re.fullmatch(r"[a-hj-uwyz]", inner):  # not i, v or x: those may be roman
        return (1, ord(inner))
    m = re.fullmatch(r"(\d+)\.(\d+)", inner)
    return (int(m.group(1)), int(m.group(2))) if m else None


def _within_numbering(target: str, tl: Timeline, inst: Instrument) -> str | None:
    """ "(b) and (d)" when ``target``'s label lies between two labels its parent holds (so no later amendment
    inserted it), else None."""
    when = inst.law.meta.commencement.date
    version = in_force(tl, when)[1] if when and tl.law.meta.commencement.date else None
    m = re.fullmatch(r"(?P<parent>.*?)(?P<label>\([^()]+\)|\d+\.\d+)", target)
    if version is None or m is None or (key := _label_key(m.group("label"))) is None:
        return None
    if m.group("parent"):
        paths = find(version.body, m.group("parent"))
        if len(paths) != 1:
            return None
        siblings = get(version.body, paths[0]).children
    else:
        siblings = tuple(c for p in version.body for c in (p.children if p.kind in ("part", "division") else (p,)))
    keyed = [(k, c.num) for c in siblings if c.num and (k := _label_key(c.num.rstrip("."))) is not None and k[0] == key[0]]
    below = [num for k, num in keyed if k < key]
    above = [num for k, num in keyed if k > key]
    return f"{below[-1]} and {above[0]}" if below and above else None


def _terms_told_apart(inst: Instrument, tl: Timeline) -> Instrument:
    """``inst`` with "delete the definitions of: A B" (one term a line, run together in the text) read as one deletion per
    term, when the terms the law defines there make it up in exactly one way; otherwise unchanged (and refused later)."""
    when = inst.law.meta.commencement.date
    version = in_force(tl, when)[1] if when and tl.law.meta.commencement.date else None
    if version is None:
        return inst
    ops: list[Operation] = []
    own = set(own_operations(inst, tl.law))  # an instrument amending several laws: only this law's Part
    for seq, op in enumerate(inst.operations, start=1):
        if seq not in own:
            ops.append(op)
            continue
        form = (
            re.fullmatch(r"(?P<sched>Schedule \S+) Forms? (?P<form>\S+(?: and \S+)*)", op.target)
            if op.action in WORD_ACTIONS
            else None
        )
        if form:
            unsure = _outside_form(version.body, op, form)
            if isinstance(unsure, list):
                ops += unsure  # (wr5a) the edit made in the forms' own lines (the words occur elsewhere in the schedule)
                continue
            if unsure:
                raise InstrumentRefused(
                    f"{inst.title} cl. {op.clause}: {op.target}: {unsure}; check the instruction against the law"
                )
            several = " and " in form.group("form")  # the same edit in each form: every occurrence in the schedule
            op = replace(op, target=form.group("sched"), occurrence=Occurrence.ALL if several else op.occurrence)
        elif op.action == Action.DELETE and (
            one_form := re.fullmatch(r"(?P<sched>Schedule \S+) Form (?P<form>\d+[A-Z]?)", op.target)
        ):
            # (wr12, review 13's f05) "In Schedule 3 delete Form 4.": the form's own lines of the schedule, from its
            # heading line to the next form's, each deleted (the last first, so the lines before keep their places)
            form_lines = _form_lines(version.body, one_form.group("sched"), one_form.group("form").upper())
            if isinstance(form_lines, str):
                raise InstrumentRefused(
                    f"{inst.title} cl. {op.clause}: {op.target}: {form_lines}; check the instruction against the law"
                )
            ops += [replace(op, target=citation) for citation in reversed(form_lines)]
            continue
        elif op.action not in WORD_ACTIONS and (in_form := _IN_FORM().match(op.target)):
            if in_form.end() == len(op.target):
                # (wr12) a whole form replaced or put in its place: no provision of the schedule is the form (read as the
                # schedule, the whole schedule would be changed), so refused
                raise InstrumentRefused(
                    f"{inst.title} cl. {op.clause}: {op.target}: a form is lines of its schedule, not a provision; "
                    f"only its deletion or word edits in it are read — amend the instrument file's operations by hand"
                )
            # (wrongref) a provision or row found by its own words under a lead-in naming a form ("Schedule 1 is
            # amended in Form 4 as follows: … (b) … by deleting the row containing “…”"): found in the schedule, as
            # before forms were places (a form is no provision)
            op = replace(op, target=in_form.group("sched") + op.target[in_form.end() :])
        try:
            known = resolved(version.body, op, ops)
        except Unresolved as e:
            raise InstrumentRefused(f"{inst.title} cl. {op.clause}: {e}; check the instruction against the law") from None
        if known is not None:
            ops.append(known)
            continue
        if names_rows(op):
            # which row, or where in the order: told each time the instrument is applied (law_known.rows_resolved)
            ops.append(op)
            continue
        under = re.fullmatch(r"(?P<table>.+) under “(?P<heading>[^”]+)”", op.target) if op.action == "insert" else None
        if under and (placed := _under_heading(version.body, op, under)) is not None:
            ops.append(placed)
            continue
        column = re.fullmatch(r"(?P<row>.+) column “(?P<heading>[^”]+)”", op.target) if op.action in WORD_ACTIONS else None
        if column:
            in_column = _column_edit(version.body, op, column)
            if isinstance(in_column, str):
                raise InstrumentRefused(
                    f"{inst.title} cl. {op.clause}: {op.target}: {in_column}; check the instruction against the law"
                )
            ops += in_column if isinstance(in_column, list) else [in_column]
            continue
        cell = re.fullmatch(r"(?P<sched>Schedule \S+) row relating to clause (?P<ref>.+) column (?P<col>\d+)", op.target)
        if cell and op.action == "substitute_words" and (edited := _cell_edit(version.body, op, cell)) is not None:
            ops.append(edited)
            continue
        numbered = re.fullmatch(r"(?P<row>Schedule \S+ item \S+) column (?P<col>\d+)", op.target)
        if numbered and op.action == "substitute_words":
            # (issue 20) "In Schedule 1, in item 3, in column 4, delete “200” and insert “250”"
            in_cell = _column_edit(version.body, op, numbered, number=int(numbered.group("col")))
            if isinstance(in_cell, str):
                raise InstrumentRefused(
                    f"{inst.title} cl. {op.clause}: {op.target}: {in_cell}; check the instruction against the law"
                )
            ops += in_cell if isinstance(in_cell, list) else [in_cell]
            continue
        whole_column = re.fullmatch(r"(?P<sched>Schedule \S+) column (?P<col>\d+)", op.target)
        if whole_column and op.action == "substitute_words" and op.occurrence == Occurrence.ALL:
            edited_rows = _column_rows_edit(version.body, op, whole_column)
            if isinstance(edited_rows, str):
                raise InstrumentRefused(
                    f"{inst.title} cl. {op.clause}: {op.target}: {edited_rows}; check the instruction against the law"
                )
            ops += edited_rows
            continue
        listed = LIST_IN_WORDS.search(op.new or "") if op.action == Action.SUBSTITUTE_WORDS else None
        if listed and len(paths := find(version.body, op.target)) == 1:
            ops += _words_become_provisions(get(version.body, paths[0]), op, listed.start(), inst)
            continue
        heading = re.fullmatch(r"(?P<holder>.+) heading", op.target) if op.action in WORD_ACTIONS else None
        if heading and len(paths := find(version.body, heading.group("holder"))) == 1:
            ops.append(_heading_edit(get(version.body, paths[0]), heading.group("holder"), op, inst))
            continue
        note = re.fullmatch(r"(?P<holder>.+) note", op.target) if op.action == "delete" or op.action in WORD_ACTIONS else None
        if note and len(paths := find(version.body, note.group("holder"))) == 1:
            holder = get(version.body, paths[0])
            lines = [i for i, c in enumerate(holder.children) if c.kind == "text" and re.match(r"Notes?\b", c.text or "")]
            if len(lines) == 1:
                ops.append(replace(op, target=citation_of_path(version.body, (*paths[0], lines[0]))))
                continue
            if op.action in WORD_ACTIONS:
                # (issue 20, wr4a) "in the note, delete “A” …": the words are changed in the note line only
                # (wr6, review6b n02) with no note line of its own, the notes its subclauses hold are counted and named
                inner = [
                    c.num or "?"
                    for c in holder.children
                    if c.kind != "text"
                    for n in c.children
                    if n.kind == "text" and re.match(r"Notes?\b", n.text or "")
                ]
                where = (
                    f"{len(inner)} note line{'s' if len(inner) > 1 else ''} in its subclause"
                    f"{'s' if len(set(inner)) > 1 else ''} {', '.join(dict.fromkeys(inner))} and none of its own"
                    if not lines and inner
                    else f"{len(lines) or 'no'} note line{'s' if len(lines) > 1 else ''} of its own"
                )
                raise InstrumentRefused(
                    f"{inst.title} cl. {op.clause}: {note.group('holder')} has {where}, so where “{op.words}” is "
                    "changed cannot be told; check the instruction against the law"
                )
        penalty = re.fullmatch(r"(?P<holder>.+) penalty", op.target) if op.action == "substitute" else None
        if penalty and len(paths := find(version.body, penalty.group("holder"))) == 1:
            # "In clause 3.1 delete the Penalty and insert: …": the provision's one line of text that begins "Penalty"
            holder = get(version.body, paths[0])
            lines = [i for i, c in enumerate(holder.children) if c.kind == "text" and re.match(r"Penalty\b", c.text or "")]
            if len(lines) != 1:
                raise InstrumentRefused(
                    f"{inst.title} cl. {op.clause}: {penalty.group('holder')} has {len(lines) or 'no'} penalty line"
                    f"{'s' if len(lines) > 1 else ''} of its own, so which penalty it replaces cannot be told; check the "
                    "instruction against the law"
                )
            ops.append(replace(op, target=citation_of_path(version.body, (*paths[0], lines[0]))))
            continue
        designation = (
            re.fullmatch(r"(?P<holder>.+?) designation \(1\)(?: before “(?P<words>[^”]+)”)?", op.target)
            if op.action == "substitute"
            else None
        )
        if designation and len(paths := find(version.body, designation.group("holder"))) == 1:
            # "by adding after the by-law number “12.” the subclause designation, “(1)”": its words become subclause (1)
            from ..files.textformat import render_fragment

            holder = get(version.body, paths[0])
            # (r17, case 259) its paragraphs go with its words ("A person must not— (a) …; (b) …"), as its penalty does:
            # only a provision with subclauses of its own already has labelled provisions to refuse
            if not holder.text or any(c.kind not in ("text", "definition", "paragraph") for c in holder.children):
                raise InstrumentRefused(
                    f"{inst.title} cl. {op.clause}: {designation.group('holder')} has no words of its own to become its "
                    "subclause (1), or has labelled provisions already; check the instruction against the law"
                )
            if designation.group("words") and not holder.text.startswith(designation.group("words")):
                # (r13) "before “A dealer” by inserting the subclause designation “(1)”": only before its first words
                raise InstrumentRefused(
                    f"{inst.title} cl. {op.clause}: the words of {designation.group('holder')} do not begin with "
                    f"“{designation.group('words')}”, so the designation “(1)” put before them makes no subclause; "
                    "check the instruction against the law"
                )
            first = Provision(kind="subclause", num="(1)", text=holder.text, children=holder.children)
            new = render_fragment((replace(holder, text=None, children=(first,)),))
            ops.append(replace(op, target=designation.group("holder"), new=new))
            continue
        m = re.fullmatch(r"(?P<holder>.+?) “(?P<term>[^”]+)”", op.target) if op.action == "delete" else None
        joined = m.group("term").replace("- ", "") if m and "- " in m.group("term") else None
        if m and joined and not find(version.body, op.target) and len(find(version.body, f"{m.group('holder')} “{joined}”")) == 1:
            # “Pre- scribed”: a term the printer broke at a line end with a hyphen, which the law defines joined
            ops.append(replace(op, target=f"{m.group('holder')} “{joined}”"))
            continue
        whole = bool(m and find(version.body, op.target))
        unquoted = bool(m and _printed_unquoted(op.source, m.group("term")))
        if m and (unquoted or not whole) and len(paths := find(version.body, m.group("holder"))) == 1:
            # "delete the definitions of: back charge or back fee / operating revenue" (a term a line, run together):
            # made up of the terms the law defines there in one way only; an unquoted term holding "or"/"and" that is
            # also two terms the law defines reads two ways (refused)
            terms = [p.term for p in _definitions(get(version.body, paths[0])) if p.term]
            # (review) "delete the definition of local government vehicle" (one definition named) is never made two
            # deletions of terms the law happens to define ("local government", "vehicle"): only a list may be
            plural = re.search(r"\bdefinitions\b", op.source or "", re.I) is not None
            parts = [[m.group("term")]] if whole or not plural else _segmentations(m.group("term").split(), terms)
            if unquoted:
                _refuse_terms_two_ways(inst, op, m.group("holder"), parts, terms)
            if len(parts) == 1 and len(parts[0]) > 1:
                ops += [replace(op, target=f"{m.group('holder')} “{t}”") for t in parts[0]]
                continue
        ops.append(op)
    return replace(inst, operations=tuple(ops)) if ops != list(inst.operations) else inst


def _words_become_provisions(target: Provision, op: Operation, dash: int, inst: Instrument) -> list[Operation]:
    """'Clause 18A(1) is amended by deleting “… in the district.” and inserting instead — “ government is to give notice
    — (a) …; or (b) …”' as the provision's new words (up to the dash) and the provisions inserted under it: only when the
    target holds no provisions of its own and its words end with the deleted words, once; otherwise refused (put in as
    words, the labels would run into the text)."""
    from ..files.textformat import render_fragment
    from .apply import _pattern
    from .instructions import InstructionNotUnderstood, payload_provisions

    new = op.new or ""
    text = (target.text or "").rstrip()
    hits = list(_pattern(op.words or "").finditer(text)) if op.words else []
    where = f"{inst.title} cl. {op.clause}: {op.target}"
    if target.children or len(hits) != 1 or hits[0].end() != len(text):
        raise InstrumentRefused(
            f"{where}: its new words open a list of labelled provisions (“{' '.join(new[dash : dash + 50].split())} …”), "
            "which can be put in only after words that end a provision holding no provisions of its own; amend the "
            "instrument file's operations by hand"
        )
    lead = new[: dash + 1].rstrip()
    try:
        provisions = payload_provisions(new[dash + 1 :].strip(), [])
    except InstructionNotUnderstood as e:
        raise InstrumentRefused(f"{where}: {e}") from None
    if not provisions or any(p.kind not in ("paragraph", "subclause", "subparagraph") for p in provisions):
        raise InstrumentRefused(f"{where}: the provisions in its new words could not be read")
    joined = text[: hits[0].start()] + lead
    return [
        replace(op, action=Action.SUBSTITUTE_TEXT, words=None, new=joined),
        replace(op, action=Action.INSERT, words=None, new=render_fragment(provisions), position="end"),
    ]


def _heading_edit(holder: Provision, citation: str, op: Operation, inst: Instrument) -> Operation:
    """'In the heading to clause 3.14 delete “jetty” and insert “wharf”' as the new heading it makes (a
    ``substitute_heading``): the words are looked for in the heading only, as often as the occurrence says; otherwise
    the instrument is refused, naming the heading (the words were once changed in the clause's text instead)."""
    from .apply import _edit, _pattern

    text = holder.heading or ""
    hits = list(_pattern(op.words or "").finditer(text)) if op.words else []
    many = {
        "once": len(hits) == 1,
        "all": bool(hits),
        "first": bool(hits),
        "last": bool(hits),
        "second": len(hits) > 1,
        "third": len(hits) > 2,
        "twice": len(hits) == 2,
        "thrice": len(hits) == 3,
    }
    if not many.get(str(op.occurrence), False):
        found = "do not occur" if not hits else f"occur {len(hits)} times"
        raise InstrumentRefused(
            f"{inst.title} cl. {op.clause}: the words “{op.words}” {found} in the heading of {citation} "
            f"(“{text}”); check the instruction against the law's heading"
        )
    chosen = (
        hits
        if op.occurrence in ("all", "twice", "thrice")
        else [
            hits[-1]
            if op.occurrence == "last"
            else hits[1]
            if op.occurrence == "second"
            else hits[2]
            if op.occurrence == "third"
            else hits[0]
        ]
    )
    for h in reversed(chosen):
        text = _edit(text, h.start(), h.end(), op, tidy=True)
    return replace(
        op, action=Action.SUBSTITUTE_HEADING, target=citation, words=None, new=text, position=None, occurrence=Occurrence.ONCE
    )


def _cell_edit(body: tuple[Provision, ...], op: Operation, cell: re.Match[str]) -> Operation | None:
    """'in the item for clause 6.5 in the 3rd column delete “8” and insert: 20' as the row it changes: the one row of the
    schedule whose first column is the clause, the words occurring exactly once in that column; None otherwise (the
    operation then names no provision and is refused)."""
    from ..files.textformat import render_fragment
    from .apply import _pattern

    paths = find(body, cell.group("sched"))
    if len(paths) != 1:
        return None
    sched = get(body, paths[0])
    if not sched.cells or not sched.cells[0].lower().startswith("clause"):
        return None
    rows = [
        i
        for i, c in enumerate(sched.children)
        if c.kind == "item" and c.cells and " ".join(c.cells[0].split()) == cell.group("ref")
    ]
    col = int(cell.group("col")) - 1
    if len(rows) != 1 or not 0 < col < len(sched.cells):
        return None
    row = sched.children[rows[0]]
    hits = list(_pattern(op.words or "").finditer(row.cells[col]))
    if len(hits) != 1 or not op.words:
        return None
    h = hits[0]
    cells = (*row.cells[:col], row.cells[col][: h.start()] + (op.new or "") + row.cells[col][h.end() :], *row.cells[col + 1 :])
    new = render_fragment((replace(row, cells=cells),))
    return replace(op, action=Action.SUBSTITUTE, target=citation_of_path(body, (*paths[0], rows[0])), words=None, new=new)


def _outside_form(body: tuple[Provision, ...], op: Operation, form: re.Match[str]) -> str | list[Operation] | None:
    """(issue 20) How a word edit 'In Schedule 1, in Form 3, delete “x” …' is made: None when as an edit of the schedule
    (the words occur in no line of it outside the forms named); else (wr5a) the edits of the forms' own lines that hold
    the words, each line of the schedule an edit; a reason (refused) when neither can be told. The schedule's lines of
    a form run from its heading line ("Form 3", "Form 3—Request …") to the next form's. Several forms ("In Form 3 and
    Form 4 delete “x” …"): the same edit in each, so the words must occur in each (once in each, unless "wherever
    occurring"); as an edit of the schedule the edit is then made at every occurrence in it (the caller's)."""
    from .apply import _pattern

    forms = [f.upper() for f in re.findall(r"\d+[A-Z]?", form.group("form"))]
    named = " and ".join(f"Form {f}" for f in forms)
    paths = find(body, form.group("sched"))
    if len(paths) != 1:
        return "no one such schedule in the law as in force when this instrument commences"
    # a form's heading line: "Form 3", "FORM 3—Request …" (never a sentence that opens "Form 3 is to be used …")
    heading = re.compile(r"(?i)Form\s+(\d+[A-Z]?)\s*(?:[—–-]|$)")

    def text(p: Provision) -> str:
        return " ".join([p.heading or "", p.text or "", *p.cells, *(text(c) for c in p.children)])

    children = get(body, paths[0]).children
    headings = [i for i, c in enumerate(children) if c.kind == "text" and heading.match((c.text or "").strip())]
    inside: dict[str, list[str]] = {f: [] for f in forms}
    lines: dict[str, list[int]] = {f: [] for f in forms}  # (wr5a) each form's lines, by their index in the schedule
    outside: list[str] = []
    current: str | None = None  # the form whose lines these are
    begun = False
    for i, child in enumerate(children):
        m = heading.match((child.text or "").strip()) if child.kind == "text" else None
        like_a_heading = _LIKE_A_HEADING().fullmatch((child.text or "").strip()) is not None
        if m:
            current, begun = m.group(1).upper(), False  # the next form's heading ends a form's lines
        elif current in inside and begun and like_a_heading and i > headings[-1]:
            # (review) "… Form 3 … / Notice of meeting / Members are given …": a heading of something else after the
            # last form; where the form's lines end is not printed ((wr5a) before another form's heading, a short line
            # such as "Signature of applicant" is the form's own: the next heading ends it)
            return f"where Form {current}'s lines end is uncertain (“{(child.text or '').strip()}” follows it)"
        begun = begun or (current in inside and not m and not like_a_heading)  # the form's own words (past its title)
        inside.get(current or "", outside).append(text(child))
        if current in lines:
            lines[current].append(i)
    for f in forms:
        if not inside[f]:
            return f"no line of the schedule heads Form {f}"
    elsewhere = False
    for words in (op.words, op.until):
        for f in forms:
            if words and not _pattern(words).search(" ".join(inside[f])):
                return f"“{words}” does not occur in Form {f}"
        elsewhere = elsewhere or bool(words and _pattern(words).search(" ".join(outside)))
    if len(forms) > 1:
        if op.until or op.occurrence not in (Occurrence.ONCE, Occurrence.ALL):
            return f"which occurrence in each of {named} is not told"
        for f in forms:
            n = len(_pattern(op.words or "").findall(" ".join(inside[f])))
            if op.occurrence == Occurrence.ONCE and n != 1:
                return f"“{op.words}” occurs {n} times in Form {f} (the instruction says no “wherever”)"
    if not elsewhere:
        return None
    # (wr5a) the words occur outside the forms too: the edit is made in the forms' own lines only, each line holding the
    # words an edit there; a passage ("… until “y”") or an occurrence counted across lines is refused, naming it
    if op.until or op.occurrence not in (Occurrence.ONCE, Occurrence.ALL) or not op.words:
        return f"“{op.words}” also occurs in the schedule outside {named}, and which of its occurrences is meant is not told"
    pattern = _pattern(op.words)
    out: list[Operation] = []
    for f in forms:
        held = [i for i in lines[f] if pattern.search(children[i].text or "")]
        own = sum(len(pattern.findall(children[i].text or "")) for i in lines[f])
        whole = len(pattern.findall(" ".join(inside[f])))
        if own != whole or any(children[i].kind != "text" or children[i].children for i in held):
            return f"“{op.words}” also occurs in the schedule outside {named}, and is not in Form {f}'s own lines of text"
        if op.occurrence == Occurrence.ONCE and own != 1:
            return f"“{op.words}” occurs {own} times in Form {f} (the instruction says no “wherever”)"
        out += [replace(op, target=citation_of_path(body, (*paths[0], i))) for i in held]
    return out


def _form_lines(body: tuple[Provision, ...], sched: str, form: str) -> list[str] | str:
    """(wr12) The citations of Form ``form``'s lines in schedule ``sched`` (its heading line, "Form 4—Notice of
    cancellation", to the next form's heading line, or the schedule's end), in order; a reason (refused) when they
    cannot be told: no one such schedule, no line (or two) heading that form, a line that is not text, or a line like
    a heading of something else after the last form (where its lines end is not printed)."""
    paths = find(body, sched)
    if len(paths) != 1:
        return "no one such schedule in the law as in force when this instrument commences"
    heading = re.compile(r"(?i)Form\s+(\d+[A-Z]?)\s*(?:[—–-]|$)")  # as _outside_form reads a form's heading line
    children = get(body, paths[0]).children
    heads = [i for i, c in enumerate(children) if c.kind == "text" and heading.match((c.text or "").strip())]
    own = [i for i in heads if heading.match((children[i].text or "").strip()).group(1).upper() == form]  # type: ignore[union-attr]
    if len(own) != 1:
        return f"{'no line' if not own else 'more than one line'} of the schedule heads Form {form}"
    start = own[0]
    later = [i for i in heads if i > start]
    end = later[0] if later else len(children)
    lines = list(range(start, end))
    for i in lines:
        if children[i].kind != "text" or children[i].children:
            return f"Form {form}'s lines hold a provision that is not a line of text ({citation_of_path(body, (*paths[0], i))})"
    if not later:
        begun = False
        for i in lines[1:]:
            like_a_heading = _LIKE_A_HEADING().fullmatch((children[i].text or "").strip()) is not None
            if begun and like_a_heading:
                return f"where Form {form}'s lines end is uncertain (“{(children[i].text or '').strip()}” follows it)"
            begun = begun or not like_a_heading
    return [citation_of_path(body, (*paths[0], i)) for i in lines]


#: A target's schedule and the forms of it a place names ("Schedule 1 Form 4", "Schedule 1 Forms 3 and 4").
_IN_FORM = lazy_pattern(r"(?P<sched>Schedule \S+) Forms? \d+[A-Z]?(?: and \d+[A-Z]?)*(?![\w(])")

#: A short line printed as a heading (a capital, at most eight words, no closing mark): "Notice of meeting".
_LIKE_A_HEADING = lazy_pattern(r"[A-Z][^\s.;:,…]*(?:\s+[^\s.;:,…]+){0,7}")


def _column_rows_edit(body: tuple[Provision, ...], op: Operation, column: re.Match[str]) -> list[Operation] | str:
    """(issue 20) 'In Schedule 2 in the 3rd column delete “6” wherever occurring and insert “12”' as the rows it changes:
    each row of the schedule's one table whose cell in that column holds the words, every occurrence there replaced
    (the other columns untouched); a reason (refused) when the schedule is not one table with that column or no cell of
    it holds the words."""
    from ..files.textformat import render_fragment
    from .apply import _pattern

    paths = find(body, column.group("sched"))
    if len(paths) != 1 or not op.words:
        return "no one table of that schedule in the law as in force when this instrument commences"
    sched = get(body, paths[0])
    col = int(column.group("col")) - 1
    if not sched.cells or not 0 <= col < len(sched.cells):
        return f"the table has no column {col + 1}"
    pattern = _pattern(op.words)
    out = []
    for i, row in enumerate(sched.children):
        if row.kind != "item" or not row.cells or len(row.cells) != len(sched.cells) or not pattern.search(row.cells[col]):
            continue
        cell = pattern.sub(lambda _: op.new or "", row.cells[col])
        new = render_fragment((replace(row, cells=(*row.cells[:col], cell, *row.cells[col + 1 :])),))
        out.append(
            replace(
                op,
                action=Action.SUBSTITUTE,
                target=citation_of_path(body, (*paths[0], i)),
                words=None,
                new=new,
                occurrence=Occurrence.ONCE,
            )
        )
    if not out:
        return f"“{op.words}” is in no cell of column {col + 1}"
    return out


def _under_heading(body: tuple[Provision, ...], op: Operation, under: re.Match[str]) -> Operation | None:
    """New rows 'under the heading “Offences on reserves”' of a table as an insert after the last row under that
    sub-heading: the one line of the table that is the heading, with rows after it; None otherwise (refused)."""
    paths = find(body, under.group("table"))
    if len(paths) != 1:
        return None
    table = get(body, paths[0])
    wanted = " ".join(under.group("heading").split()).lower()
    lines = [i for i, c in enumerate(table.children) if c.kind == "text" and " ".join((c.text or "").split()).lower() == wanted]
    if len(lines) != 1:
        return None
    last = None
    for i in range(lines[0] + 1, len(table.children)):
        if table.children[i].kind != "item":
            break
        last = i
    if last is None:
        return None
    return replace(op, target=citation_of_path(body, (*paths[0], last)), position="after")


def _headed_columns(headings: Sequence[str], heading: str) -> list[int]:
    """The columns of a table whose heading is ``heading`` (spacing and case aside)."""
    wanted = " ".join(heading.split()).lower()
    return [i for i, c in enumerate(headings) if " ".join(c.split()).lower() == wanted]


def _column_edit(
    body: tuple[Provision, ...], op: Operation, column: re.Match[str], number: int | None = None
) -> Operation | list[Operation] | str:
    """'in item 1, in the column headed “Modified penalty $”, delete “100” and insert “150”' as the row it changes: the
    one row cited, in a table with exactly one column of that heading, the words occurring exactly once in that row's
    cell; otherwise why not (the instruction is refused, saying so). ``number``: (issue 20) the column named by its
    number instead ("in item 3, in column 4" / "in the 3rd column"), counted from the table's first column — refused
    when the table's headings number its columns otherwise ("Item | Column 1 | …": which column is meant is uncertain)."""
    from ..files.textformat import render_fragment
    from .apply import _edit, _pattern

    paths = find(body, column.group("row"))
    heading = column.group("heading") if number is None else f"column {number}"
    if number is None and len(paths) == 1 and get(body, paths[0]).kind != "item" and get(body, paths[0]).cells:
        return _heading_column_rows_edit(body, op, paths[0], heading)
    if len(paths) != 1 or len(paths[0]) < 2 or get(body, paths[0]).kind != "item":
        return f"no row {column.group('row')} in a table of the law as in force when this instrument commences"
    if not op.words or op.occurrence != Occurrence.ONCE or op.until:
        return "a change in one column must name its words once"
    row, table = get(body, paths[0]), get(body, paths[0][:-1])
    if number is not None:
        numbered = [i for i, c in enumerate(table.cells) if re.fullmatch(r"(?i)column\s+\d+", c.strip())]
        said = [i for i in numbered if int(table.cells[i].split()[-1]) == number]
        if numbered and said != [number - 1]:
            return f"the table's headings number its columns (“{table.cells[numbered[0]]}”), so which is column {number} is uncertain"
        if not table.cells or not 0 < number <= len(table.cells) or len(row.cells) != len(table.cells):
            return f"the table has no column {number}, or the row's cells are not the table's columns"
        col = number - 1
        where_said = f"column {number}"
    else:
        cols = _headed_columns(table.cells, heading)
        if len(cols) != 1 or cols[0] >= len(row.cells):
            return f"the table has {'no' if not cols else len(cols)} column(s) headed “{heading}”"
        col = cols[0]
        where_said = f"the column headed “{heading}”"
    hits = list(_pattern(op.words).finditer(row.cells[col]))
    if len(hits) != 1:
        where = "does not occur" if not hits else f"occurs {len(hits)} times"
        return f"“{op.words}” {where} in {where_said} of that row (“{row.cells[col]}”)"
    cell = _edit(row.cells[col], hits[0].start(), hits[0].end(), op, tidy=True)
    new = render_fragment((replace(row, cells=(*row.cells[:col], cell, *row.cells[col + 1 :])),))
    return replace(op, action=Action.SUBSTITUTE, target=citation_of_path(body, paths[0]), words=None, new=new, position=None)


def _heading_column_rows_edit(
    body: tuple[Provision, ...], op: Operation, path: tuple[int, ...], heading: str
) -> list[Operation] | str:
    """(issue 20) 'In Schedule 2 in the column headed “Term (months)” delete “6” wherever occurring and insert “12”' (no
    row named) as the rows it changes: the table's one column of that heading, each row whose cell there holds the
    words edited at every occurrence ("wherever occurring"), or at the one occurrence in the whole column (no
    qualifier: refused unless the words occur exactly once in that column); the other columns untouched."""
    from ..files.textformat import render_fragment
    from .apply import _edit, _pattern

    if not op.words or op.until or op.occurrence not in (Occurrence.ONCE, Occurrence.ALL):
        return "a change in a column of every row must name its words, once or wherever occurring"
    table = get(body, path)
    cols = _headed_columns(table.cells, heading)
    if len(cols) != 1:
        return f"the table has {'no' if not cols else len(cols)} column(s) headed “{heading}”"
    col = cols[0]
    pattern = _pattern(op.words)
    hits = {
        i: list(pattern.finditer(row.cells[col]))
        for i, row in enumerate(table.children)
        if row.kind == "item" and len(row.cells) == len(table.cells)
    }
    hits = {i: h for i, h in hits.items() if h}
    total = sum(len(h) for h in hits.values())
    if not total:
        return f"“{op.words}” is in no cell of the column headed “{heading}”"
    if op.occurrence == Occurrence.ONCE and total != 1:
        return f"“{op.words}” occurs {total} times in the column headed “{heading}” (the instruction says no “wherever”)"
    out = []
    for i, found in hits.items():
        row = table.children[i]
        cell = row.cells[col]
        for hit in reversed(found):
            cell = _edit(cell, hit.start(), hit.end(), op, tidy=True)
        new = render_fragment((replace(row, cells=(*row.cells[:col], cell, *row.cells[col + 1 :])),))
        out.append(
            replace(
                op,
                action=Action.SUBSTITUTE,
                target=citation_of_path(body, (*path, i)),
                words=None,
                new=new,
                occurrence=Occurrence.ONCE,
                position=None,
            )
        )
    return out


def _definitions(p: Provision) -> list[Provision]:
    return [c for c in p.children if c.kind == "definition"] + [
        d for c in p.children if c.kind != "definition" for d in _definitions(c)
    ]


def _printed_unquoted(source: str, term: str) -> bool:
    """Whether ``term`` is printed in ``source`` without a quotation mark before it (a term given by its words alone)."""
    text, words = " ".join(source.split()), " ".join(term.split())
    at = [i for i in range(len(text)) if text.startswith(words, i)]
    return bool(at) and not any(text[:i].rstrip().endswith(("“", '"', "‘", "'")) for i in at)


def _two_terms(term: str, terms: list[str]) -> tuple[str, str] | None:
    """``term`` split at an "or"/"and" it holds into two terms ``terms`` holds ("back charge or back fee": “back
    charge” and “back fee”), or None."""
    words, known = term.split(), {t.lower() for t in terms}
    for i, w in enumerate(words):
        if w.lower() in ("or", "and") and 0 < i < len(words) - 1:
            first, second = " ".join(words[:i]), " ".join(words[i + 1 :])
            if first.lower() in known and second.lower() in known:
                return first, second
    return None


def _refuse_terms_two_ways(inst: Instrument, op: Operation, holder: str, parts: list[list[str]], terms: list[str]) -> None:
    """Refuse an unquoted run of terms deleted (``parts``: the ways the law's ``terms`` make it up) that reads two
    ways: made up of the law's terms in two ways, or holding a term that is also two of them joined by "or"/"and"."""
    where = f"{inst.title} cl. {op.clause}: the definitions it deletes in {holder}"
    if len(parts) > 1:
        first, second = ("; ".join(f"“{t}”" for t in p) for p in parts[:2])
        raise InstrumentRefused(
            f"{where} are read two ways from the terms the law defines there, as {first} and as {second}, so which "
            "it deletes is uncertain; check the instruction against the law"
        )
    for term in parts[0] if parts else []:
        if (two := _two_terms(term, terms)) is not None:
            raise InstrumentRefused(
                f"{where} read two ways: “{term}” is a term the law defines there, and so are “{two[0]}” and "
                f"“{two[1]}”, so whether it deletes one definition or two is uncertain; check the instruction against "
                "the law"
            )


def _segmentations(words: list[str], terms: list[str]) -> list[list[str]]:
    """Every way ``words`` is a run of whole ``terms`` (at most two ways are looked for)."""
    if not words:
        return [[]]
    out: list[list[str]] = []
    for t in terms:
        tw = t.split()
        if words[: len(tw)] == tw:
            out += [[t, *rest] for rest in _segmentations(words[len(tw) :], terms)]
            if len(out) > 1:
                break
    return out


def _by_gazette_date(repo: Repository, index: Inputs, inst: Instrument) -> Instrument:
    """``inst`` amending the one law of its council published on the date it gives, when the title it prints names
    no law in the repository (a misprint): the reference then names that law by id, with a note saying so."""
    ref = inst.law.meta.amends
    if ref is None or ref.id or ref.gazette_date is None or _law_named(repo, index, inst, ref) is not None:
        return inst
    same_day = _council_laws_published(repo, index, inst, str(ref.gazette_date))
    if len(same_day) != 1 or not _same_law_misprinted(ref.title, same_day[0]):
        return inst
    law = same_day[0]
    note = (
        f"the instrument names the law it amends as {ref.title!r}, which is not in the repository; the only law of "
        f"{inst.law.meta.local_government} published on {ref.gazette_date} is {law.meta.title}, so it is applied to that law"
    )
    meta = replace(
        inst.law.meta,
        amends=LawRef(title=law.meta.title, gazette_date=ref.gazette_date, id=law.meta.id),
        notes=(*inst.law.meta.notes, note),
    )
    return replace(inst, law=replace(inst.law, meta=meta))


_TITLE_FRAME = frozenset(
    [
        "the",
        "of",
        "and",
        "city",
        "town",
        "shire",
        "local",
        "law",
        "laws",
        "by",
        "bylaw",
        "bylaws",
        "government",
        "act",
        "amendment",
        "principal",
        "no",
    ]
)


def _subject_words(title: str) -> set[str]:
    words = re.findall(r"[a-z]+", title.lower().replace("by-law", "bylaw"))
    return {
        re.sub(r"ies$", "y", w) if w.endswith("ies") else w[:-1] if w.endswith("s") and len(w) > 3 else w
        for w in words
        if w not in _TITLE_FRAME
    }


def _same_law_misprinted(printed: str, law: Law) -> bool:
    """Whether ``printed`` can be a misprint of ``law``'s title: it names the same council (when it names one) and
    most of its subject words are the law's ('Kulin Animals, Environment and Nuisance' is not 'Kulin Health')."""
    council = re.match(
        r"\s*(?:the\s+)?((?:City|Town|Shire|Municipality) of [A-Z][\w'’-]*(?: [A-Z][\w'’-]*)*?)(?= [A-Z][a-z])", printed
    )
    if council and council.group(1).lower() not in (law.meta.local_government or "").lower():
        return False
    mine, theirs = _subject_words(printed), _subject_words(law.meta.title)
    if council:
        mine -= _subject_words(council.group(1))
    theirs -= _subject_words(law.meta.local_government or "")
    if not mine or not theirs:
        return False
    return len(mine & theirs) * 2 >= max(len(mine), len(theirs))


_NUMBER_AND_SUBJECT = lazy_pattern(r"(?P<law>.*\bLocal Law No\.\s*\d+[A-Z]?)\s*\((?P<subject>[^()]+)\)")


def _law_named(repo: Repository, index: Inputs, inst: Instrument, ref: LawRef) -> Law | None:
    """The law an instrument names, found by the id its title gives (no other law is read)."""
    if ref.id:
        return repo.law_by_id(ref.id)
    try:
        law = repo.law_by_id(law_id(inst.law.meta.local_government, ref.title))
    except BadLawId:
        law = None  # the title makes no id: look for it among the titles
    if law is not None and refers_to(ref, law):
        return law
    # A repeal list may name a law without the council's name ("Cemeteries Local Law" for the Shire of X's): only
    # a law of the same council is that law (another council's "By-laws Relating to Dogs" is not).
    # (r3lz) A council that numbers its local laws may name one by its number and its subject in brackets ("Local Law
    # No. 8 (Signs, Hoardings and Billposting)") where the law's title runs them together with a dash ("… Local Law
    # No. 8—Signs, Hoardings and Billposting"): the same number and words.
    titles = [ref.title]
    if numbered := _NUMBER_AND_SUBJECT().fullmatch(ref.title):
        titles.append(f"{numbered.group('law')}—{numbered.group('subject')}")
    lg = inst.law.meta.local_government
    wanted = {normal_title(t) for t in titles} | {normal_title(f"{lg} {t}") for t in titles}
    for ident, entry in index.laws.items():  # each title normalised when its file was read (``FileEntry.normal``)
        if entry.normal[0] in wanted and title_reaches(ref.title, inst.law.meta.id, ident):
            return repo.law_by_id(ident)
    return None


def amend(
    repo: Repository,
    path: Path,
    *,
    gazette_date: dt.date | None = None,
    dry_run: bool = False,
    discard: bool = False,
    hand: HandSupplied | None = None,
    link: str | None = None,
    notice: Callable[[str], None] | None = None,
    force: bool = False,
) -> tuple[list[AmendOutcome], list[str]]:
    """Parse, verify and (unless ``dry_run``) store every instrument in ``path``; all or nothing.

    A refused instrument is kept as a record of what the law omits (``not_applied`` in its front matter), unless
    ``discard`` or ``dry_run``; the refusal is raised all the same, naming where the record is.
    ``hand``: operations supplied by a person (``amend --operations``), verified and applied as parsed ones are.
    ``link``: the id of the law the instrument amends, named by a person (``amend --law``) where its title names none.
    ``notice`` is told when another command holds the repository's lock and this one waits for it. ``force``: store an
    instrument whose commencement is before its gazette date (``commencing``), with a note.
    """
    try:
        instruments, principals = read_instruments(repo, path, gazette_date, hand, link)
    except InstrumentRefused as e:
        if e.instrument is not None and not (dry_run or discard):
            _keep_refused(repo, _with_gazette(e.instrument, gazette_date), e, notice, linked=link is not None)
        raise
    instruments = [commencing.checked(_with_gazette(i, gazette_date), force) for i in instruments]
    with repo.lock(wait=not dry_run, notice=notice, reading=dry_run):
        outcomes = []
        earlier: list[Instrument] = []  # instruments of this same file, checked before this one
        index = repository_index(repo)
        for inst in instruments:
            inst = _linked(repo, index, inst, link) if link else _by_gazette_date(repo, index, inst)
            inst = _naming_repealed(repo, index, inst)
            refs = targets(inst)
            laws = [law for ref in refs if (law := _law_named(repo, index, inst, ref)) is not None]
            acting = dict.fromkeys(i for law in laws for i in index.claims.get(law.meta.id, ()) if i != inst.id)
            existing = [index.instrument(i) for i in acting]
            try:
                checked = check_all(repo, inst, laws, [*existing, *earlier], link)
                for o in checked:
                    if o.status == "pending" and o.law_id is None:
                        _suggest(o, index, link, path)
                outcomes += checked
            except InstrumentRefused as e:
                if not (dry_run or discard) and not _stored_applied(repo, inst.id, link):
                    # the record names its law by id where it names it by a title without the council's name, so
                    # that every view of that law finds it
                    named = (_naming(inst, law) for law in laws if any(_names(r, law, inst) for r in targets(inst)))
                    _write_record(repo, next(named, inst), e)
                raise
            earlier.append(inst)
        if not dry_run:
            files = {repo.instrument_path(o.instrument.id): render_instrument(o.instrument) for o in outcomes}
            repo.write_files(files)
            hand_over(repo, index, list(files))  # the build that follows in this process reads no index again
            for outcome in outcomes:
                outcome.path = repo.relative(repo.instrument_path(outcome.instrument.id))
    return outcomes, principals


def _stored_applied(repo: Repository, inst_id: str, link: str | None = None) -> bool:
    """Whether the repository holds ``inst_id`` as an instrument — not as the record of a refusal, nor (``link``: a
    person names the law it amends) as one pending because it names no law, which the linked one replaces."""
    from ..files.instrument_file import parse_instrument

    path = repo.instrument_path(inst_id)
    if not path.exists():
        return False
    try:
        stored = parse_instrument(path.read_text(encoding="utf-8"), str(path))
    except LawHistoryError:
        return True  # an unreadable file is never overwritten by a record
    linked = repo.law_by_id(link) if link else None
    if linked is not None and not any(refers_to(ref, linked) for ref in targets(stored)):
        return False
    return stored.refused is None


def _keep_refused(
    repo: Repository, inst: Instrument, e: InstrumentRefused, notice: Callable[[str], None] | None, linked: bool = False
) -> None:
    with repo.lock(notice=notice):
        if not _stored_applied(repo, inst.id):
            _write_record(repo, inst, e, linked)


def _write_record(repo: Repository, inst: Instrument, e: InstrumentRefused, linked: bool = False) -> None:
    """Keep ``inst`` as refused (with the reason and today's date) and say so in the refusal's message. ``linked``: the
    instrument was linked to its law by ``amend --law``."""
    reason = one_line(str(e))
    again = "run amend again"
    if inst.is_repeal:
        # (wr11) a repeal not applied: every view of the law it repeals says so, in the record's reason, and that the
        # law shown may be repealed (it is shown in force: nothing repeals it until the instrument is applied); a repeal
        # names the laws it repeals by its own words, so it is amended again without --law (with it, it is refused)
        repealed = [r.title for r in inst.law.meta.repeals] or [r.title for r in targets(inst)]
        named = f" ({'; '.join(repealed)})" if repealed else ""
        reason = f"{reason} [a repeal{named}, not applied: until it is, the law shown in force may have been repealed]"
        if linked:
            again = "run amend again without --law, as a repeal names the laws it repeals by its own words,"
    record = replace(inst, refused=Refusal(reason, dt.date.today()))
    where = repo.instrument_path(inst.id)
    # a record applies nothing: any mark of a list printed a line an item left in what was read is taken out
    repo.write_files({where: unmarked(render_instrument(record))})
    e.args = (
        f"{reason} — kept as not applied in {repo.relative(where)}, so every view of the law says it omits it "
        f"(correct the file and {again} to replace the record; --discard keeps nothing)",
    )


def draft(repo: Repository, path: Path, gazette_date: dt.date | None = None) -> str:
    """``amend --draft``: the operations the engine reads in every instrument of ``path``, with a placeholder (its words
    and why) for each instruction it refuses, and why verifying them failed, if it did (``by_hand``)."""
    from .by_hand import draft_text

    found = read_source(read_file(path), ImportOptions(gazette_date=gazette_date, source=source_name(repo, path)), str(path))
    laws = [law for law in found.laws if law.meta.kind != "principal"]
    if not laws:
        raise ImportFailed(f"{path}: no amending or repeal instrument found")
    try:
        amend(repo, path, gazette_date=gazette_date, dry_run=True)
        refusal = None
    except InstrumentRefused as e:
        refusal = str(e)
    return draft_text(laws, refusal)


def _law_to_link(repo: Repository, law_id_: str) -> Law:
    """The law ``amend --law`` names, or InstrumentRefused saying there is none."""
    law = repo.law_by_id(law_id_)
    if law is None:
        raise InstrumentRefused(f"--law {law_id_}: no such law in the repository; 'lawhistory list' gives the ids")
    return law


def _linked(repo: Repository, index: Inputs, inst: Instrument, law_id_: str) -> Instrument:
    """``inst`` amending the law ``law_id_`` that a person named (``amend --law``), with a note saying so; refused
    where the instrument names, by its title, another law the repository holds (review 10's L4: its words and the
    person disagree, so which law it amends is not for this command to choose)."""
    meta = inst.law.meta
    law = _law_to_link(repo, law_id_)
    if meta.amends is not None and meta.amends.id == law_id_:
        return inst  # linked as it was read (``_told``)
    if meta.amends is None or meta.also_amends:
        raise InstrumentRefused(f"--law links an instrument that amends one law; {inst.title} does not")
    wanted = normal_title(meta.amends.title)
    held = sorted(i for i, entry in index.laws.items() if entry.normal[0] == wanted and i != law_id_)
    if held:
        raise InstrumentRefused(
            f"{inst.title} names the law it amends as {meta.amends.title!r}, which the repository holds ({', '.join(held)}), "
            f"and --law names {law_id_}: amend it without --law to apply it to the law it names, or check the "
            "instrument's words against the gazette"
        )
    note = (
        f"the instrument names the law it amends as {meta.amends.title!r}; it was linked to {law.meta.title} "
        f"({law_id_}) by hand (amend --law)"
    )
    ref = replace(meta.amends, id=law_id_)
    return replace(inst, law=replace(inst.law, meta=replace(meta, amends=ref, notes=(*meta.notes, note))))


def distance(a: str, b: str) -> int:
    """How many characters must be inserted, deleted or changed to make ``a`` into ``b`` (Levenshtein)."""
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


#: A title this many characters (or fewer) from a law's is taken for a misspelling of it.
NEAR = 4


def near_laws(index: Inputs, council: str, title: str) -> list[str]:
    """The ids of the laws of ``council`` whose titles are within ``NEAR`` characters of ``title`` (nearest first)."""
    prefix = law_id(council, "x").split("/")[0] + "/"
    wanted = normal_title(title)
    scored = sorted(
        (d, ident)
        for ident, entry in index.laws.items()
        if ident.startswith(prefix) and (d := distance(wanted, entry.normal[0])) <= NEAR
    )
    return [ident for _, ident in scored]


def _suggest(outcome: AmendOutcome, index: Inputs, link: str | None, path: Path) -> None:
    """A pending instrument naming a law the repository lacks: "did you mean ID?" when a law of the same council has
    a title a few characters away."""
    if link:
        return
    meta = outcome.instrument.law.meta
    for ref in targets(outcome.instrument):
        try:
            near = near_laws(index, meta.local_government, ref.title)
        except BadLawId:
            near = []
        if near:
            outcome.reason = f"{outcome.reason}; did you mean {near[0]}?"
            outcome.warnings.append(
                f"{ref.title} is not in the repository; did you mean {near[0]}? If so, link it with "
                f"'lawhistory amend {path} --law {near[0]}' (it then replaces this pending record)"
            )


#: A label printed alone ("2.", "(b)"): no words of new text (a list's label whose words were read with its item).
_BARE_LABEL = lazy_pattern(r"\s*(?:\(?[a-z]{1,4}\)|\(?\d{1,2}[A-Z]?[.)]|[A-Z]\.|[ivx]{1,5}\.)\s*")

#: The actions that put in new provisions (whose new text may hold labels of its own).
_PUTS_IN_PROVISIONS = frozenset({Action.INSERT, Action.SUBSTITUTE, Action.SUBSTITUTE_TEXT, Action.INSERT_DEFINITION})

#: (stop 39) "the following clause is substituted—", "insert the following new paragraph—": one provision said.
_ONE_SAID = re.compile(
    r"\bthe following (?:new )?(?P<kind>clause|subclause|paragraph|subparagraph|by-?law|definition|section|regulation)\b"
    r"(?!s)",
    re.I,
)


def _more_than_said(text: str, ops: Sequence[Operation]) -> str | None:
    """(stop 39, wr8's question) Why an instruction whose words say it puts in ONE provision ("Clause 3.3 is repealed and
    the following clause is substituted— Cat enclosures 3.3. … Cat tags 3.4. …") cannot be applied as read: its new
    text holds more (read as 3.3 substituted and 3.4 inserted, where the words promise one; "the following clauses"
    would say two) — or None. Only the instruction's own words before its new text are looked at, and only where they
    say it once (items each saying "the following paragraph" are several instructions)."""
    head = re.split(r"[“\"]|[—–]\s", text, maxsplit=1)[0]
    said = _ONE_SAID.findall(head)
    if len(said) != 1:
        return None
    kind = said[0].lower().replace("-", "")
    put = [op for op in ops if op.action in (Action.INSERT, Action.SUBSTITUTE, Action.INSERT_DEFINITION) and op.new]
    if kind in _SAID_WITHIN:  # (review 10, n4c-n4e, a14f) a subclause's, paragraph's or definition's own kind counted
        given = [p for op in put for p in parse_fragment(op.new or "", parent_kind=_SAID_WITHIN[kind]) if p.kind == kind]
        labels = [p.num or f"“{p.term or (p.text or '')[:30]}”" for p in given]
    else:
        labels = [p.num or "" for op in put for p in parse_fragment(op.new or "") if p.num]
    if len(labels) < 2:
        return None
    return (
        f"its words say “the following {said[0]}” (one), but its new text holds {len(labels)} provisions "
        f"({', '.join(labels)}), so what it puts in is uncertain; check the gazette, and give the instrument file's "
        "operations by hand"
    )


#: The provision a said subclause, paragraph, subparagraph or definition sits in (its new text is read there).
_SAID_WITHIN = {"subclause": "clause", "paragraph": "subclause", "subparagraph": "paragraph", "definition": "subclause"}
