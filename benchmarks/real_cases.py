"""Cases modelled on real WA amending instruments (tests/fixtures/real/instruments/NN-*/), run end to end.

Each case folder holds ``instrument.txt`` (gazette text), ``principal.txt`` (and ``principal-2.txt`` …, the
principal law excerpts in the structured format), optional ``earlier-1.txt`` … (instruments applied first),
``expected.txt`` (the principal after the instrument, when it applies) and ``expected.yml`` (outcome, reason,
operations, gazette_date, repealed, and optionally ``days``: every day on which the instrument's operations come into
operation, each a date, or a one-key mapping of the date to an expected text of the law on that day, e.g.
``- 1996-06-28: expected-1996-06-28.txt``; expected.txt itself is the law once the whole instrument is in force). A case is run the way ``lawhistory amend`` runs it: a fresh repository
holding the principal laws, then ``amend`` on each earlier instrument and on the instrument.

Verdicts: ``exact`` (applied and everything expected holds), ``count_differs`` (applied, the law exactly as
expected, but expected.yml counts its operations otherwise — e.g. a block of inserted provisions as one operation
or one per provision), ``refused_true`` (refused or pending as expected,
for the expected reason), ``wrong`` (applied, but the law differs from what it should be, or applied when it
should have been refused), ``refused_wrongly`` (refused or pending when it should apply, or for another reason).
"""

from __future__ import annotations

import datetime as dt
import difflib
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from lawhistory.amending.amend import amend
from lawhistory.amending.timeline import build_timeline
from lawhistory.core.errors import LawHistoryError
from lawhistory.core.model import Provision
from lawhistory.core.versions import in_force
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse, render_body

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "fixtures" / "real" / "instruments"
LEDGER = ROOT / "tests" / "fixtures" / "real" / "first-sight.yml"
COUNT_PROBLEM = "operations read:"
VERDICTS = ("exact", "refused_true", "count_differs", "wrong", "refused_wrongly")


@dataclass
class CaseResult:
    name: str
    expected: dict[str, Any]
    outcome: str = "refused"  # applied | refused | pending
    message: str = ""
    operations: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def verdict(self) -> str:
        want = self.expected.get("outcome")
        if self.outcome == "applied":
            if want == "applied" and self.problems and all(p.startswith(COUNT_PROBLEM) for p in self.problems):
                return "count_differs"  # the law came out exactly as expected; the operations were counted otherwise
            return "exact" if want == "applied" and not self.problems else "wrong"
        return "refused_true" if want == self.outcome and not self.problems else "refused_wrongly"


def case_dirs(*, unseen: bool = False) -> list[Path]:
    """Every complete case folder (one being written lacks expected.yml or instrument.txt).

    First-sight cases whose first runs are not all recorded yet (``unseen_first_sight``) are held back unless
    ``unseen`` is set: a run that showed them case by case (a test, the accuracy report) would be a first sight
    before the recorded one. ``python -m benchmarks.first_sight`` runs them, printing counts only.
    """
    if not CASES.is_dir():
        return []
    held = set() if unseen else unseen_first_sight()
    return sorted(
        d for d in CASES.iterdir() if (d / "expected.yml").is_file() and (d / "instrument.txt").is_file() and d.name not in held
    )


def held_back() -> list[str]:
    """The case folders that ``case_dirs`` holds back: first-sight cases whose first runs are not all recorded."""
    unseen = unseen_first_sight()
    return [d.name for d in case_dirs(unseen=True) if d.name in unseen]


def unseen_first_sight(ledger: Path = LEDGER) -> set[str]:
    """The first-sight cases of the ledger (tests/fixtures/real/first-sight.yml) with a first run not yet recorded."""
    if not ledger.is_file():
        return set()
    data = yaml.safe_load(ledger.read_text(encoding="utf-8")) or {}
    fields = {name: (spec or {}).get("fields") or [] for name, spec in (data.get("rounds") or {}).items()}
    return {
        name
        for name, entry in (data.get("cases") or {}).items()
        if any(entry.get(f) is None for f in fields.get(entry.get("round"), []))
    }


def _tree(p: Provision) -> tuple[Any, ...]:
    """A provision as compared: its kind, label, heading, words, cells and children (not provenance)."""
    return (p.kind, p.num, p.heading, p.text, p.term, p.cells, tuple(_tree(c) for c in p.children))


def _date(value: Any) -> dt.date | None:
    if value in (None, ""):
        return None
    return value if isinstance(value, dt.date) else dt.date.fromisoformat(str(value))


def _numbered(folder: Path, stem: str) -> list[Path]:
    """``stem.txt``, ``stem-2.txt`` … (or ``stem-1.txt`` …) in order."""
    found = [folder / f"{stem}.txt"] if (folder / f"{stem}.txt").is_file() else []
    # (r14) only ``stem-N.txt``: a text of the law on a day ("expected-2010-12-25.txt", named in expected.yml's days)
    # is compared on that day, not when the instrument is in force
    numbered = [p for p in folder.glob(f"{stem}-*.txt") if re.fullmatch(rf"{re.escape(stem)}-\d+", p.stem)]
    found += sorted(numbered, key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    return found


def run_case(folder: Path) -> CaseResult:
    """Run one case in a temporary repository and compare what happened with expected.yml and expected.txt."""
    expected = yaml.safe_load((folder / "expected.yml").read_text(encoding="utf-8")) or {}
    result = CaseResult(folder.name, expected)
    with tempfile.TemporaryDirectory() as tmp:
        repo = Repository.init(Path(tmp) / "repo")
        for path in _numbered(folder, "principal"):
            text = path.read_text(encoding="utf-8")
            repo.write_text(repo.law_path(parse(text, path=str(path)).meta.id), text)
        for path in _numbered(folder, "earlier"):
            try:
                amend(repo, path)
            except LawHistoryError as e:
                result.problems.append(f"the earlier instrument {path.name} was refused: {e}")
                return result
        try:
            outcomes, _ = amend(repo, folder / "instrument.txt", gazette_date=_date(expected.get("gazette_date")))
        except LawHistoryError as e:
            result.outcome, result.message = "refused", str(e)
            _check_reason(result)
            return result
        # one outcome per law amended (an instrument amending several laws, one in each Part, has one per law)
        result.operations = sum(len(inst.operations) for inst in {o.instrument.id: o.instrument for o in outcomes}.values())
        pending = [o for o in outcomes if o.status == "pending"]
        if pending:
            result.outcome = "pending"
            result.message = "; ".join(f"{o.reason or ''} {' '.join(o.warnings)}".strip() for o in pending)
            _check_reason(result)
            return result
        result.outcome = "applied"
        result.message = "; ".join(o.instrument.title for o in outcomes)
        if expected.get("outcome") != "applied":
            result.problems.append(f"applied, but expected {expected.get('outcome')}")
            return result
        _check_applied(repo, folder, outcomes, result)
    return result


def _check_reason(result: CaseResult) -> None:
    want = result.expected.get("outcome")
    if want != result.outcome:
        result.problems.append(f"{result.outcome}, expected {want}: {result.message}")
        return
    reason = str(result.expected.get("reason") or "")
    if reason.lower() not in result.message.lower():
        result.problems.append(f"{result.outcome} for another reason: {result.message!r} does not say {reason!r}")


def _check_applied(repo: Repository, folder: Path, outcomes: list[Any], result: CaseResult) -> None:
    expected = result.expected
    if "operations" in expected and result.operations != int(expected["operations"]):
        result.problems.append(f"{COUNT_PROBLEM} {result.operations}, expected {expected['operations']}")
    inst = outcomes[-1].instrument
    # the law once the whole instrument is in force: its commencement, or (its clauses given days of their own) the
    # last of those days
    when = inst.law.meta.commencement.in_full
    if when is None:
        result.problems.append("applied without a commencement date")
        return
    laws = {law.meta.id: law for law in repo.load_laws()}
    instruments = repo.load_instruments()
    for law_id in expected.get("repealed") or []:
        law = laws.get(law_id)
        if law is None:
            result.problems.append(f"{law_id} (expected repealed) is not in the repository")
            continue
        status, _ = in_force(build_timeline(law, instruments), when)
        if status != "repealed":
            result.problems.append(f"{law_id} is {status} on {when}, expected repealed")
    texts = [(path, when) for path in _numbered(folder, "expected")]
    if "days" in expected:
        # every day the instrument's operations come into operation, as its own words give them (a clause put in force
        # on another day than its commencement says is wrong law on the days between)
        wanted = {_date(_day_of(item)) for item in expected.get("days") or []}
        got = _operation_days(inst)
        if got != wanted:
            result.problems.append(
                "its operations come into operation on "
                f"{', '.join(map(str, sorted(d for d in got if d))) or 'no day'}, expected on "
                f"{', '.join(map(str, sorted(d for d in wanted if d)))}"
            )
        texts += [
            (folder / str(file), _date(day))
            for item in expected.get("days") or []
            if isinstance(item, dict)
            for day, file in item.items()
        ]
    for path, on in texts:
        if on is None:
            continue
        want = parse(path.read_text(encoding="utf-8"), path=str(path))
        law = laws.get(want.meta.id)
        if law is None:
            result.problems.append(f"{path.name}: no law {want.meta.id} in the repository")
            continue
        tl = build_timeline(law, instruments)
        status, version = in_force(tl, on)
        if status == "repealed":
            version = tl.versions[-1]  # a repeal leaves the words as they were
        if version is None:
            result.problems.append(f"{want.meta.id} is {status} on {on}")
            continue
        if tuple(map(_tree, version.body)) != tuple(map(_tree, want.body)):
            diff = difflib.unified_diff(
                render_body(want.body).splitlines(),
                render_body(version.body).splitlines(),
                "expected",
                "got",
                lineterm="",
                n=1,
            )
            result.problems.append(f"{path.name}: the law in force on {on} differs:\n" + "\n".join(diff))


def _day_of(item: Any) -> Any:
    """The date of one entry of expected.yml's ``days``: a date, or a one-key mapping of a date to an expected text."""
    if isinstance(item, dict):
        if len(item) != 1:
            raise ValueError(f"an entry of days: maps one date to one expected text, not {item!r}")
        return next(iter(item))
    return item


def _operation_days(inst: Any) -> set[dt.date | None]:
    """The days on which the instrument's operations come into operation: its commencement's, or (its clauses given
    days of their own) each operation's clause's."""
    when = inst.law.meta.commencement
    if when.rule != "by_clause":
        return {when.date}
    return {when.day_of_operation(op.clause) for op in inst.operations}


def run_all() -> list[CaseResult]:
    return [run_case(d) for d in case_dirs()]
