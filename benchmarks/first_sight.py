"""First-sight runs: run given cases once and print only how many got each verdict, never which case got which.

A first-sight case (tests/fixtures/real/FIRST-SIGHT.md) is run for the first time after its expectation was
committed; reading its outcome case by case before that run is recorded would invite tuning the engine to it. So
this command prints the counts of verdicts (exact / count_differs / refused_true / refused_wrongly / wrong) over the
cases given, and nothing per case unless ``--per-case`` is asked for. ``--record FIELD`` writes each case's verdict
into the ledger (tests/fixtures/real/first-sight.yml) without printing it; a first run already recorded is never
overwritten (only ``fixed``, the verdict after the fixes, may be).

The ledger is also summarised here for ``python -m benchmarks.accuracy``: per round, the counts of each recorded run.

Usage: python -m benchmarks.first_sight [--per-case] [--json] [--record FIELD] CASE...
       (CASE: a case folder's name, its path, or its number, e.g. 80)
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import yaml

from benchmarks.real_cases import LEDGER, VERDICTS, CaseResult, case_dirs, run_case

# the runs a round may be measured by: issue 20's first round ran on the old engine and then on the grammar; later
# rounds have one first run, on the engine of the day (``first_run``)
RUNS = ("first_run_old", "first_run_grammar", "first_run")
FIELDS = (*RUNS, "fixed")
NOT_RUN = "not yet"


class LedgerError(ValueError):
    """The ledger or a request about it is not as it must be (one line, for the user)."""


class UnknownCase(LedgerError):
    """A case named on the command line is not a case folder (a usage error)."""


@dataclass(frozen=True)
class Ledger:
    rounds: dict[str, tuple[str, ...]]  # round → the runs it is measured by
    cases: dict[str, dict[str, Any]]  # case folder → {round, its round's runs (first_run_old …), fixed}


def load_ledger(path: Path = LEDGER) -> Ledger:
    """The ledger, checked: every case in a known round, every recorded value a verdict."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    rounds = {name: tuple((spec or {}).get("fields") or ()) for name, spec in (data.get("rounds") or {}).items()}
    for name, fields in rounds.items():
        if not set(fields) <= set(RUNS):
            raise LedgerError(f"{path.name}: round {name} is measured by an unknown run: {sorted(set(fields) - set(RUNS))}")
    cases: dict[str, dict[str, Any]] = {}
    for case, entry in (data.get("cases") or {}).items():
        entry = entry or {}
        if entry.get("round") not in rounds:
            raise LedgerError(f"{path.name}: case {case} names no known round ({entry.get('round')!r})")
        for field in FIELDS:
            value = entry.get(field)
            if value is not None and value not in VERDICTS:
                raise LedgerError(f"{path.name}: case {case} {field} is {value!r}, not one of {', '.join(VERDICTS)}")
        cases[str(case)] = entry
    return Ledger(rounds, cases)


def ledger_summary(ledger: Ledger) -> dict[str, dict[str, dict[str, int]]]:
    """Per round and per run (then ``fixed``): how many cases got each verdict, and how many are not run yet."""
    out: dict[str, dict[str, dict[str, int]]] = {}
    for name, runs in ledger.rounds.items():
        members = [e for e in ledger.cases.values() if e["round"] == name]
        out[name] = {}
        for field in (*runs, "fixed"):
            counts = {"cases": len(members)} | {v: 0 for v in VERDICTS} | {NOT_RUN: 0}
            for e in members:
                counts[e.get(field) or NOT_RUN] += 1
            out[name][field] = counts
    return out


def first_sight_lines(figures: dict[str, dict[str, dict[str, int]]]) -> list[str]:
    """The ledger's figures as printed by the accuracy report (one line per round and run)."""
    lines = ["first sight (tests/fixtures/real/first-sight.yml): each case's first run, before any fix"]
    for name, runs in figures.items():
        for field, counts in runs.items():
            shown = ", ".join(f"{k} {v}" for k, v in counts.items() if k != "cases" and (v or k != NOT_RUN))
            lines.append(f"  {name} {field} ({counts['cases']} cases): {shown}")
    return lines


def resolve(names: Iterable[str]) -> list[Path]:
    """The case folders named (by folder name, path or number); an unknown name is a usage error."""
    folders = case_dirs(unseen=True)
    out = []
    for name in names:
        key = Path(name).name
        found = [d for d in folders if d.name == key or (key.isdigit() and d.name.split("-", 1)[0] == key.zfill(2))]
        if len(found) != 1:
            raise UnknownCase(f"no case {name!r} among the {len(folders)} case folders (give its folder name or number)")
        out.append(found[0])
    return out


def counts(results: Iterable[CaseResult]) -> dict[str, int]:
    tally = {v: 0 for v in VERDICTS}
    for r in results:
        tally[r.verdict] += 1
    return tally


def record(path: Path, field: str, results: Sequence[CaseResult]) -> None:
    """Write each result's verdict into ``field`` of its ledger line; refuse, before writing any, to overwrite a run."""
    text = path.read_text(encoding="utf-8")
    ledger = load_ledger(path)
    for r in results:
        if r.name not in ledger.cases:
            raise LedgerError(f"{path.name} has no line for case {r.name}")
        if field in RUNS and ledger.cases[r.name].get(field) is not None:
            raise LedgerError(f"case {r.name} already has its {field} recorded; a first run is never run again")
    for r in results:
        # one case a line, as a flow mapping: the line is rewritten in place, so the ledger's comments stay
        line = re.compile(rf"^(  {re.escape(r.name)}: \{{.*\b{field}: )([a-z_]+)(.*)$", re.M)
        text, n = line.subn(rf"\g<1>{r.verdict}\g<3>", text)
        if n != 1:
            raise LedgerError(f"{path.name}: the line of case {r.name} is not one flow mapping with {field}")
    path.write_text(text, encoding="utf-8")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """A usage error is one line on stderr, exit 2 (not argparse's usage block)."""
        self.exit(2, f"error: {message} (see --help)\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(prog="python -m benchmarks.first_sight", description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="+", metavar="CASE")
    parser.add_argument("--per-case", action="store_true", help="also print each case's verdict (not for a first sight)")
    parser.add_argument(
        "--record", choices=FIELDS, metavar="FIELD", help=f"write the verdicts into the ledger ({', '.join(FIELDS)})"
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--ledger", type=Path, default=LEDGER, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    try:
        folders = resolve(args.cases)
        if args.record:
            load_ledger(args.ledger)  # a broken ledger is refused before anything runs
        results = [run_case(d) for d in folders]
        if args.record:
            record(args.ledger, args.record, results)
    except LedgerError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2 if isinstance(e, UnknownCase) else 1
    tally = counts(results)
    if args.json:
        out: dict[str, Any] = {"cases": len(results), "verdicts": tally}
        if args.per_case:
            out["per_case"] = {r.name: r.verdict for r in results}
        print(json.dumps(out, indent=2))
    else:
        print(f"{len(results)} cases: " + ", ".join(f"{k} {v}" for k, v in tally.items()))
        if args.per_case:
            for r in results:
                print(f"  {r.name}: {r.verdict}")
    if args.record:
        print(f"recorded {args.record} for {len(results)} cases in {args.ledger.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
