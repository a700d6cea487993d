"""A consolidated copy compared with lawhistory's consolidation, provision by provision.

The copy is compared with the version of the law in force on the date it claims to be consolidated to (``--at``, else
the latest commencement among the amendments it says it includes, else the amendment its latest mark names). Each
provision is the same, different (with a word-level diff), only in the copy or only in lawhistory; a difference is
explained by the instrument that accounts for it where one does: the copy still has the words before an amendment,
applies an amendment twice, still has a provision an instrument deleted, or lacks one an instrument inserted.
Quotation marks and spacing are not compared (copies are typed up by hand); every other character is.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from ..core.diff import DELETE, INSERT, word_diff
from ..core.errors import LawHistoryError
from ..core.ids import addresses
from ..core.model import Instrument, Law, Provision, normal_title
from ..core.versions import Timeline, Version, in_force
from .copy import CopyText, Gazetted

#: A consolidator's placeholder for a deleted provision: "[Deleted GG No. 36 29.02.08]", "[deleted]".
_DELETED_NOTE = re.compile(r"^\[\s*(?:Deleted|Repealed|Omitted)\b[^\]]*\]\.?$", re.I)


class CopyNotAligned(LawHistoryError):
    """The copy cannot be lined up with a law of the repository (another law, or no date to compare it at)."""


@dataclass(frozen=True, slots=True)
class Finding:
    """One provision compared: ``same``, ``different``, ``only_in_copy`` or ``only_in_lawhistory``."""

    citation: str
    status: str
    copy: str | None  # the copy's words (label aside), None when the copy lacks it
    ours: str | None
    diff: tuple[tuple[int, str], ...] = ()
    explanation: str | None = None


@dataclass(frozen=True, slots=True)
class MarkFinding:
    """An amendment mark that names another gazette than the one whose instrument last changed the provision."""

    citation: str | None
    mark: str
    explanation: str


@dataclass(frozen=True, slots=True)
class CheckReport:
    law_id: str
    title: str
    copy: str
    at: dt.date
    at_from: str  # how the date was found: "--at", "the amendments the copy says it includes", "its latest amendment mark"
    version_from: dt.date | None
    version_by: str
    findings: tuple[Finding, ...]
    missing: tuple[Gazetted, ...] = ()  # amendments the copy claims that the repository does not hold
    marks: tuple[MarkFinding, ...] = ()
    notes: tuple[str, ...] = field(default=())

    @property
    def differences(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.status != "same")

    @property
    def agrees(self) -> bool:
        return not self.differences and not self.missing and not self.marks


def _norm(text: str | None) -> str:
    return " ".join(re.sub(r"[\"“”‘’']", "'", text or "").replace("—", "-").replace("–", "-").split())


def _words(p: Provision) -> str:
    """A provision's own words as compared: heading and text (a row: its cells)."""
    own = p.text if p.kind != "item" else " | ".join(p.cells)
    return " ".join(x for x in (p.heading, own) if x)


def _texts(body: tuple[Provision, ...]) -> dict[str, str]:
    return {a.citation: _words(a.provision) for a in addresses(body)}


def _matches(ref_title: str, law: Law) -> bool:
    return normal_title(ref_title) == normal_title(law.meta.title)


def _gazette_of(inst: Instrument) -> Gazetted | None:
    g = inst.law.meta.gazette
    return Gazetted(g.number, g.date) if g.date else None


def _same_gazette(a: Gazetted, b: Gazetted | None) -> bool:
    return b is not None and a.date == b.date and (a.number is None or b.number is None or str(a.number) == str(b.number))


def _applied(tl: Timeline) -> list[Instrument]:
    return [v.instrument for v in tl.versions[1:] if v.instrument is not None]


def date_claimed(tl: Timeline, copy: CopyText, at: dt.date | None) -> tuple[dt.date, str, tuple[Gazetted, ...]]:
    """The date to compare at, how it was found, and the amendments the copy claims that the repository lacks."""
    known = _applied(tl) + ([tl.repealed_by] if tl.repealed_by else []) + [inst for inst, _ in tl.waiting]
    matched = {g: next((i for i in known if _same_gazette(g, _gazette_of(i))), None) for g in copy.claims}
    missing = tuple(g for g, inst in matched.items() if inst is None)
    if at is not None:
        return at, "--at", missing
    # (an instrument whose clauses commence on days of their own is included once all of them are: its last day)
    starts = [inst.law.meta.commencement.in_full for inst in matched.values() if inst and inst.law.meta.commencement.in_full]
    if copy.claims:
        latest = max([*starts, *(g.date for g in missing)])
        return latest, "the amendments the copy says it includes", missing
    if copy.marks:
        last = max(copy.marks, key=lambda m: m.gazette.date).gazette
        inst = next((i for i in known if _same_gazette(last, _gazette_of(i))), None)
        when = inst.law.meta.commencement.in_full if inst and inst.law.meta.commencement.in_full else last.date
        return when, "its latest amendment mark", missing
    raise CopyNotAligned(
        f"{copy.where} does not say which amendments it includes (no 'includes amendments …' words, no amendment marks): "
        "give the date it is consolidated to with --at YYYY-MM-DD"
    )


def _history(tl: Timeline, upto: Version) -> list[tuple[Version, dict[str, str]]]:
    return [(v, _texts(v.body)) for v in tl.versions[: upto.number + 1]]


def _clause_of(inst: Instrument, citation: str, actions: tuple[str, ...]) -> str | None:
    """The amending clause of ``inst`` whose operation of one of ``actions`` targets ``citation`` (or holds it)."""
    for op in inst.operations:
        target = str(op.target or "")
        if str(op.action) in actions and (
            citation == target or citation.startswith(target + "(") or citation.startswith(target + " ")
        ):
            return op.clause
    return None


def _by(inst: Instrument | None, clause: str | None) -> str:
    if inst is None:
        return "the law as made"
    return f"{inst.title} cl. {clause}" if clause else inst.title


def _clause(v: Version, citation: str) -> str | None:
    change = v.provenance.get(citation)
    return change.clause if change else None


def _explain_different(citation: str, copy: str, ours: str, history: list[tuple[Version, dict[str, str]]]) -> str | None:
    # the copy has the words of an earlier version: it lacks every amendment of the provision since
    for k in range(len(history) - 2, -1, -1):
        if _norm(history[k][1].get(citation)) == _norm(copy):
            later = [
                v
                for n, (v, texts) in enumerate(history[k + 1 :], start=k + 1)
                if texts.get(citation) != history[n - 1][1].get(citation)
            ]
            by = ", ".join(_by(v.instrument, _clause(v, citation)) for v in later)
            return f"the copy lacks the amendment made by {by}: it has the words in force before it"
    # the copy applies the latest amendment of the provision a second time
    for n in range(len(history) - 1, 0, -1):
        v, texts = history[n]
        before, after = history[n - 1][1].get(citation), texts.get(citation)
        if before is None or after is None or before == after:
            continue
        done = [(op, t) for op, t in word_diff(before, after) if op != 0]
        again = [(op, t) for op, t in word_diff(ours, copy) if op != 0]
        if done and [(op, _norm(t)) for op, t in again] == [(op, _norm(t)) for op, t in done]:
            return f"the copy applies the amendment made by {_by(v.instrument, _clause(v, citation))} twice"
        break
    return None


def _explain_only_in_copy(citation: str, history: list[tuple[Version, dict[str, str]]]) -> str | None:
    for k in range(len(history) - 1, 0, -1):
        v, texts = history[k]
        if citation not in texts and citation in history[k - 1][1]:
            clause = _clause_of(v.instrument, citation, ("delete", "substitute")) if v.instrument else None
            return f"the copy still has {citation}, deleted by {_by(v.instrument, clause)}"
    return None


def _explain_only_ours(citation: str, version: Version, history: list[tuple[Version, dict[str, str]]]) -> str | None:
    for k in range(len(history) - 1, 0, -1):
        v, texts = history[k]
        if citation in texts and citation not in history[k - 1][1]:
            change = version.provenance.get(citation) or v.provenance.get(citation)
            return f"the copy lacks {citation}, inserted by {_by(v.instrument, change.clause if change else None)}"
    return None


def _check_marks(copy: CopyText, version: Version, tl: Timeline) -> list[MarkFinding]:
    out = []
    for mark in copy.marks:
        if mark.citation is None:
            continue
        change = version.provenance.get(mark.citation)
        inst = next((i for i in _applied(tl) if change and i.id == change.instrument_id), None)
        if inst is None:
            out.append(MarkFinding(mark.citation, mark.words, f"the copy marks {mark.citation} as amended by {mark.gazette.label()}, "
                                   "but no instrument in the repository has changed it"))  # fmt: skip
        elif not _same_gazette(mark.gazette, _gazette_of(inst)):
            g = _gazette_of(inst)
            out.append(MarkFinding(mark.citation, mark.words, f"the copy marks {mark.citation} as amended by {mark.gazette.label()}, "
                                   f"but it was last changed by {_by(inst, change.clause if change else None)}"
                                   f" ({g.label() if g else 'gazette unknown'})"))  # fmt: skip
    return out


def _document_order(ours: list[str], theirs: list[str]) -> list[str]:
    """Every citation once, in lawhistory's order, each one only in the copy right after the one the copy prints
    before it."""
    place = {c: float(i) for i, c in enumerate(ours)}
    last, step = -1.0, 0.0
    for c in theirs:
        if c in place:
            last, step = place[c], 0.0
        else:
            step += 1e-3
            place[c] = last + step
    return sorted(place, key=place.__getitem__)


def compare(tl: Timeline, copy: CopyText, at: dt.date | None = None) -> CheckReport:
    """``copy`` compared with the consolidation of ``tl`` on the date it claims (or ``at``)."""
    law = tl.law
    if not _matches(copy.law.meta.title, law):
        raise CopyNotAligned(
            f"{copy.where} is a copy of {copy.law.meta.title!r}, not of {law.meta.title!r} ({law.meta.id}): "
            "check it against that law (--law ID), or import it first"
        )
    when, how, missing = date_claimed(tl, copy, at)
    status, version = in_force(tl, when)
    if version is None:
        raise CopyNotAligned(
            f"{law.meta.id} was {status.replace('_', ' ')} on {when}, so there is no text to compare the copy with"
        )
    history = _history(tl, version)
    ours, theirs = history[-1][1], _texts(copy.law.body)
    findings = []
    for citation in _document_order(list(ours), list(theirs)):
        a, b = ours.get(citation), theirs.get(citation)
        if a is not None and b is not None:
            if _norm(a) == _norm(b):
                findings.append(Finding(citation, "same", b, a))
            else:
                diff = tuple(word_diff(" ".join(a.split()), " ".join(b.split())))  # shown as printed
                findings.append(Finding(citation, "different", b, a, diff, _explain_different(citation, b, a, history)))
        elif b is not None:
            if _DELETED_NOTE.match(b.strip()) and _explain_only_in_copy(citation, history):
                findings.append(Finding(citation, "same", b, None, (), "deleted in both (the copy prints a note in its place)"))
            else:
                findings.append(Finding(citation, "only_in_copy", b, None, (), _explain_only_in_copy(citation, history)))
        else:
            findings.append(Finding(citation, "only_in_lawhistory", None, a, (), _explain_only_ours(citation, version, history)))
    return CheckReport(
        law.meta.id, law.meta.title, copy.where, when, how, version.valid_from, version.instrument_title or law.meta.title,
        tuple(findings), missing, tuple(_check_marks(copy, version, tl)),
    )  # fmt: skip


__all__ = ["DELETE", "INSERT", "CheckReport", "CopyNotAligned", "Finding", "MarkFinding", "compare", "date_claimed"]
