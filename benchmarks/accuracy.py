"""Accuracy report for the amendment engine.

Over every amending instrument in the repository and in the test fixtures, count the amending
instructions, how many were parsed into operations, how many operations were applied and verified
exactly, and how many instruments were refused cleanly. "Verified exactly" means the operation's
effect, checked independently after applying it, is what it says (the provision is gone, the words
occur once more, the new provision sits right after its anchor ...) and every hand-written
expectation in tests/fixtures/accuracy/expected.yml holds. The target is 100% applied or cleanly
refused, 0 applied wrongly.

The first-sight figures come first, from the ledger (tests/fixtures/real/first-sight.yml, see
benchmarks/first_sight.py): per round, how many cases got each verdict on their first run on each engine, then after
the fixes. They are the measure of reading drafting never seen before, and are not recomputed here.

The instruments modelled on real ones (tests/fixtures/real/instruments/, run by benchmarks/real_cases.py) are
reported apart from the synthetic ones, after the fixes: instruments and operations applied exactly, refused (or kept
pending) for their true reason, applied with the law exactly as expected but counted as a different number of
operations, applied wrongly, and refused when they should have applied (or for another reason). First-sight cases
whose first runs are not all recorded yet are held back from these, so that no report shows them case by case
before their first sight.

Usage: python -m benchmarks.accuracy [--json]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from benchmarks.first_sight import first_sight_lines, ledger_summary, load_ledger
from benchmarks.real_cases import VERDICTS, CaseResult, held_back, run_all
from lawhistory.amending.amend import InstrumentRefused, read_instruments
from lawhistory.amending.apply import find, get
from lawhistory.amending.instructions import units
from lawhistory.amending.timeline import build_timeline
from lawhistory.core.ids import addresses
from lawhistory.core.model import Law, Provision
from lawhistory.core.operations import Operation
from lawhistory.core.versions import in_force, instruments_for
from lawhistory.files.instrument_file import Instrument, parse_instrument
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse, parse_fragment

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"


@dataclass
class Tally:
    instruments: int = 0
    instructions: int = 0
    parsed: int = 0
    operations: int = 0
    applied_exactly: int = 0
    applied_wrongly: int = 0
    refused_cleanly: int = 0
    refused_operations: int = 0
    pending: int = 0
    problems: list[str] = field(default_factory=list)
    rows: list[dict[str, Any]] = field(default_factory=list)


def _own(p: Provision) -> str:
    return " | ".join(p.cells) if p.kind == "item" else (p.text or "")


def _count(body: tuple[Provision, ...], citation: str, words: str) -> int:
    paths = find(body, citation)
    if len(paths) != 1:
        return -1
    rx = re.compile(
        (r"(?<![\w’'])" if words[:1].isalnum() else "") + re.escape(words) + (r"(?![\w’'])" if words[-1:].isalnum() else "")
    )
    total = 0
    stack = [get(body, paths[0])]
    while stack:
        p = stack.pop()
        total += len(rx.findall(p.text or "")) + sum(len(rx.findall(c)) for c in p.cells)
        stack.extend(p.children)
    return total


def verify(before: tuple[Provision, ...], after: tuple[Provision, ...], op: Operation) -> str | None:
    """None if ``op``'s effect on ``after`` is what it says, else what is wrong."""
    cites_after = {a.citation for a in addresses(after)}
    if op.action == "delete":
        return None if op.target not in cites_after else f"{op.target} is still there"
    if op.action == "substitute_text":
        p = get(after, find(after, op.target)[0])
        return None if p.text == " ".join((op.new or "").split()) else f"{op.target} reads {p.text!r}"
    if op.action == "substitute_heading":
        p = get(after, find(after, op.target)[0])
        return None if p.heading == op.new else f"{op.target} heading is {p.heading!r}"
    if op.action in ("insert_words", "substitute_words", "delete_words"):
        words = op.words or ""
        old_count = _count(before, op.target, words)
        if op.action == "delete_words":
            new_count = _count(after, op.target, words)
            expected = 0 if op.occurrence == "all" else old_count - 1
            return None if new_count == expected else f"“{words}” occurs {new_count} times in {op.target}, expected {expected}"
        joined = (
            (op.new or "")
            if op.action == "substitute_words"
            else (words + ("" if (op.new or "")[:1] in ".,;:)" else " ") + (op.new or ""))
            if op.position != "before"
            else ((op.new or "") + " " + words)
        )
        expected_new = (old_count if op.occurrence == "all" else 1) + max(_count(before, op.target, joined), 0)
        got = _count(after, op.target, joined)
        return None if got >= expected_new else f"“{joined}” occurs {got} times in {op.target}, expected {expected_new}"
    if op.action in ("insert", "substitute", "insert_definition"):
        path = find(before, op.target)[0]
        holder = (
            get(before, path)
            if op.action == "insert_definition" or op.position == "end"
            else (get(before, path[:-1]) if len(path) > 1 else None)
        )
        new_words = {_own(p) for p in parse_fragment(op.new or "", holder.kind if holder else None)}
        after_addresses = addresses(after)
        present = {_own(a.provision) for a in after_addresses}
        missing = [w for w in new_words if w and w not in present]
        if missing:
            return f"the new words {missing[0][:60]!r} are not in the law"
        if op.action == "insert" and op.position == "after":
            order = [a.citation for a in after_addresses]
            parents = {a.citation: a.parent for a in after_addresses}
            first_new = next(
                a.citation for a in after_addresses if _own(a.provision) in new_words and a.citation not in _cites(before)
            )
            anchor = order.index(op.target)
            nxt = anchor + 1
            while nxt < len(order) and _descends(order[nxt], op.target, parents):
                nxt += 1
            if order[nxt] != first_new:
                return f"{first_new} is not right after {op.target}"
        return None
    return None


def _cites(body: tuple[Provision, ...]) -> set[str]:
    return {a.citation for a in addresses(body)}


def _descends(cite: str, ancestor: str, parents: dict[str, str | None]) -> bool:
    p = parents.get(cite)
    while p is not None:
        if p == ancestor:
            return True
        p = parents.get(p)
    return False


def _check_expectations(expect: dict[str, Any], law_body: dict[str, Provision]) -> list[str]:
    problems = []
    for cite, text in (expect.get("text") or {}).items():
        p = law_body.get(cite)
        if p is None:
            problems.append(f"expected {cite} to exist")
        elif _own(p) != text:
            problems.append(f"{cite} reads {_own(p)!r}, expected {text!r}")
    for cite in expect.get("absent") or []:
        if cite in law_body:
            problems.append(f"expected {cite} to be gone")
    return problems


def _principals() -> list[Law]:
    laws = [parse(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "laws").glob("*/*.txt"))]
    laws += [parse(p.read_text(encoding="utf-8")) for p in sorted((FIXTURES / "synthetic").glob("*.txt"))]
    return laws


def _load(path: Path, gazette_date: dt.date | None, repo: Repository) -> list[Instrument]:
    if path.parent.parent.name == "amendments" or path.parts[-3:-1] == ("amendments", path.parent.name):
        return [parse_instrument(path.read_text(encoding="utf-8"))]
    return read_instruments(repo, path, gazette_date)[0]


def run() -> Tally:
    expected = yaml.safe_load((FIXTURES / "accuracy" / "expected.yml").read_text(encoding="utf-8"))
    tally = Tally()
    laws = _principals()
    with tempfile.TemporaryDirectory() as tmp:
        repo = Repository.init(Path(tmp) / "repo")
        applied_so_far: list[Instrument] = []
        for name, spec in expected.items():
            path = ROOT / name
            gazette_date = dt.date.fromisoformat(str(spec["gazette_date"])) if spec.get("gazette_date") else None
            try:
                instruments = _load(path, gazette_date, repo)
            except InstrumentRefused as e:
                tally.instruments += 1
                tally.instructions += spec.get("instructions", 1)
                ok = spec["outcome"] == "refused"
                tally.refused_cleanly += ok
                if not ok:
                    tally.problems.append(f"{name}: refused while parsing: {e}")
                tally.rows.append({"file": name, "outcome": "refused", "reason": str(e)})
                continue
            for inst in instruments:
                tally.instruments += 1
                n_units = len(units(inst.law))
                tally.instructions += n_units
                tally.parsed += n_units
                tally.operations += len(inst.operations)
                law = next((law for law in laws if instruments_for(law, [inst])), None)
                if law is None:
                    tally.pending += 1
                    tally.rows.append({"file": name, "instrument": inst.title, "outcome": "pending"})
                    if spec["outcome"] != "pending":
                        tally.problems.append(f"{name}: pending, expected {spec['outcome']}")
                    continue
                if inst.law.meta.gazette.date is None and gazette_date:
                    from lawhistory.amending.amend import _with_gazette

                    inst = _with_gazette(inst, gazette_date)
                tl = build_timeline(law, [*applied_so_far, inst])
                refusal = dict((i.id, why) for i, why in tl.waiting).get(inst.id)
                if refusal is not None:
                    ok = spec["outcome"] == "refused"
                    tally.refused_cleanly += ok
                    tally.refused_operations += len(inst.operations)
                    if not ok:
                        tally.problems.append(f"{name}: refused: {refusal}")
                    tally.rows.append({"file": name, "instrument": inst.title, "outcome": "refused", "reason": refusal})
                    continue
                applied_so_far.append(inst)
                # the applier's trace, operation by operation, each effect verified independently
                version = next((v for v in tl.versions if v.instrument and v.instrument.id == inst.id), None)
                body = tl.versions[version.number - 1].body if version else tl.versions[-1].body
                wrong = 0
                if version is None and not any(op.action == "repeal" for op in inst.operations):
                    wrong += len(inst.operations)
                    tally.problems.append(f"{name}: made no version")
                for op in inst.operations:
                    if op.action != "repeal":
                        continue
                    status = in_force(tl, inst.law.meta.commencement.date)[0]  # type: ignore[arg-type]
                    if status == "repealed":
                        tally.applied_exactly += 1
                    else:
                        wrong += 1
                        tally.problems.append(f"{name}: repeal did not end the law")
                for step in version.trace if version else ():
                    op = step.op
                    if op.action == "repeal":
                        continue
                    after = step.body
                    problem = verify(body, after, op)
                    if problem:
                        wrong += 1
                        tally.problems.append(f"{name} cl. {op.clause} {op.describe()}: {problem}")
                    else:
                        tally.applied_exactly += 1
                    body = after
                if version is not None:
                    by_cite = {a.citation: a.provision for a in addresses(version.body)}
                    issues = _check_expectations((spec.get("expect") or {}).get(law.meta.id) or {}, by_cite)
                    tally.problems += [f"{name}: {i}" for i in issues]
                    wrong += len(issues)
                tally.applied_wrongly += wrong
                tally.rows.append(
                    {
                        "file": name,
                        "instrument": inst.title,
                        "outcome": "applied",
                        "operations": len(inst.operations),
                        "wrong": wrong,
                    }
                )
                if spec["outcome"] != "applied":
                    tally.problems.append(f"{name}: applied, expected {spec['outcome']}")
        shutil.rmtree(repo.root, ignore_errors=True)
    return tally


def real_summary(results: list[CaseResult]) -> dict[str, int]:
    """Instruments and operations of the real-modelled cases by verdict (operations as expected.yml counts them)."""
    out = {f"instruments {v}": 0 for v in VERDICTS} | {f"operations {v}": 0 for v in VERDICTS}
    out["instruments"] = len(results)
    for r in results:
        out[f"instruments {r.verdict}"] += 1
        out[f"operations {r.verdict}"] += int(r.expected.get("operations") or r.operations or 0)
    out["operations"] = sum(out[f"operations {v}"] for v in VERDICTS)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    t = run()
    real = run_all()  # first-sight cases not yet seen are held back (benchmarks/real_cases.py case_dirs)
    real_figures = real_summary(real)
    first_sight = ledger_summary(load_ledger())
    held = len(held_back())
    summary = {
        "instruments": t.instruments,
        "amending instructions": t.instructions,
        "instructions parsed": t.parsed,
        "operations": t.operations,
        "operations applied exactly": t.applied_exactly,
        "operations applied wrongly": t.applied_wrongly,
        "instruments refused cleanly": t.refused_cleanly,
        "operations in refused instruments": t.refused_operations,
        "instruments pending": t.pending,
    }
    real_rows = [{"case": r.name, "verdict": r.verdict, "outcome": r.outcome, "message": r.message} for r in real]
    real_problems = [f"{r.name}: {p}" for r in real for p in r.problems]
    if args.json:
        print(
            json.dumps(
                {
                    "first_sight": {"rounds": first_sight, "held_back": held},
                    "modelled_on_real": {"summary": real_figures, "instruments": real_rows, "problems": real_problems},
                    "synthetic": {"summary": summary, "instruments": t.rows, "problems": t.problems},
                },
                indent=2,
            )
        )
        return
    width = max(len(k) for k in [*summary, *real_figures])
    for line in first_sight_lines(first_sight):
        print(line)
    print("modelled on real instruments (tests/fixtures/real/instruments), after the fixes")
    if held:
        print(f"  (held back: {held} first-sight cases whose first runs are not all recorded yet)")
    for k, v in real_figures.items():
        print(f"  {k:<{width}}  {v}")
    print("synthetic and bundled (tests/fixtures/accuracy/expected.yml)")
    for k, v in summary.items():
        print(f"  {k:<{width}}  {v}")
    for p in real_problems + t.problems:
        print(f"problem: {p.splitlines()[0]}")


if __name__ == "__main__":
    main()
