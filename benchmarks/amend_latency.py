"""Benchmark: one new instrument, ``amend`` + incremental build, as ``benchmarks.run`` times it (in one process, the
interpreter's start-up and imports excluded), each run in a new process, on a copy of a built corpus.

    python -m benchmarks.amend_latency benchmarks/out/corpus-0.1 --runs 9
    python -m benchmarks.amend_latency CORPUS --compare OTHER-CHECKOUT   # and another checkout's code, run in turn
    python -m benchmarks.amend_latency CORPUS --compare OTHER-CHECKOUT --process   # whole processes, as a person runs it

With ``--process`` each run is a whole ``python -m lawhistory amend FILE --build`` process (its start-up, imports and
the git it runs included), timed from outside: wall seconds and the CPU seconds of the process and what it waited
for (``RUSAGE_CHILDREN``); the ratios are taken pair by pair (each run's two checkouts, one after the other).

Each checkout gets its own copy of the corpus, built by its own code first (a build by other code is rebuilt in full).
Run after run the checkouts take turns, so a busy machine slows each alike; each run adds one new instrument (made
by ``benchmarks.run.new_instrument_text``, a different law each time). Prints the medians of ``amend``, of the build
and of both (wall, seconds), of the process's CPU time (not the git it runs) and of the part of it spent reading,
checking and writing the repository index, its cache, the stamp and the build's plan ("index CPU"), and the ratios of
the medians to the first checkout's.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Run in the measured checkout's own code (``PYTHONPATH``): amend the file, then build, timing each.
_CHILD = """
import json, sys, time
from pathlib import Path
from lawhistory.amending import amend as amending
from lawhistory.deriving import build as building
from lawhistory.files.repo import Repository

spent = {}  # CPU in what reads, checks and writes the repository index, the stamp, the cache and the plan, by function


def timed(module, name):
    real = getattr(module, name)

    def wrapper(*args, **kwargs):
        c = time.process_time()
        try:
            return real(*args, **kwargs)
        finally:
            spent[name] = spent.get(name, 0.0) + time.process_time() - c

    setattr(module, name, wrapper)


for name in ("repository_index", "hand_over"):
    timed(amending, name)
for name in ("taken", "read_inputs", "load_cache", "save_cache", "save_stamp", "unchanged", "_plan"):
    timed(building, name)
repo = Repository(Path(sys.argv[1]))
t0, c0 = time.perf_counter(), time.process_time()
outcomes, _ = amending.amend(repo, Path(sys.argv[2]))
t1 = time.perf_counter()
report = building.build(repo)
t2, c2 = time.perf_counter(), time.process_time()
assert outcomes[0].status == "applied", outcomes[0].reason
assert len(report.derived) == 1, report.derived
print(json.dumps({"amend": t1 - t0, "build": t2 - t1, "both": t2 - t0, "cpu": c2 - c0, "index": sum(spent.values()), "parts": spent}))
"""


def _env(code: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(code)}


def main() -> None:
    from benchmarks.run import new_instrument_text

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path, help="a generated corpus (laws/, amendments/; copied, never changed)")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--code", type=Path, default=ROOT, help="the checkout whose lawhistory runs (default: this one)")
    parser.add_argument("--compare", type=Path, help="another checkout, measured in the same runs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--process", action="store_true", help="time whole `lawhistory amend FILE --build` processes")
    args = parser.parse_args()
    codes = [args.code.resolve(), *([args.compare.resolve()] if args.compare else [])]
    times: dict[Path, dict[str, list[float]]] = {c: {"amend": [], "build": [], "both": [], "cpu": [], "index": []} for c in codes}
    parts: dict[Path, dict[str, list[float]]] = {c: {} for c in codes}
    with tempfile.TemporaryDirectory() as tmp:
        copies = {}
        for n, code in enumerate(codes):
            copy = Path(tmp) / f"corpus-{n}"
            shutil.copytree(args.corpus, copy, ignore=shutil.ignore_patterns("db"))
            (copy / "db").mkdir()
            time.sleep(2.5)  # the copies' times settled (``inputs.RACY_NS``): else the next command reads every file again
            build = [sys.executable, "-m", "lawhistory", "build", "-q", "--repo", str(copy)]
            subprocess.run(build, env=_env(code), cwd=code, check=True)  # cwd: ``-m`` and ``-c`` put it first on the path
            copies[code] = copy
        if args.process:
            _processes(codes, copies, args.runs, args.seed)
            return
        for run in range(args.runs):
            instrument, _ = new_instrument_text(copies[codes[0]], args.seed + 1000 * run)
            for code in codes if run % 2 == 0 else codes[::-1]:
                out = subprocess.run(
                    [sys.executable, "-c", _CHILD, str(copies[code]), str(instrument)],
                    env=_env(code), cwd=code, check=True, capture_output=True, text=True,
                )  # fmt: skip
                found = json.loads(out.stdout.strip().splitlines()[-1])
                for name, value in found.pop("parts").items():
                    parts[code].setdefault(name, []).append(value)
                for key, value in found.items():
                    times[code][key].append(value)
    first = {key: statistics.median(v) for key, v in times[codes[0]].items()}
    print(
        f"{'checkout':<40} {'amend s':>8} {'build s':>8} {'both s':>8} {'both / first':>13} {'CPU s':>8} {'CPU / first':>12} {'index CPU ms':>13}"
    )
    for code in codes:
        med = {key: statistics.median(v) for key, v in times[code].items()}
        print(
            f"{str(code)[-40:]:<40} {med['amend']:>8.3f} {med['build']:>8.3f} {med['both']:>8.3f} {med['both'] / first['both']:>13.2f}"
            f" {med['cpu']:>8.3f} {med['cpu'] / first['cpu']:>12.2f} {med['index'] * 1000:>13.1f}"
        )
    for code in codes:
        shown = ", ".join(f"{name} {statistics.median(v) * 1000:.1f}" for name, v in parts[code].items())
        print(f"index CPU by function, medians (ms), {code.name}: {shown}")


def _processes(codes: list[Path], copies: dict[Path, Path], runs: int, seed: int) -> None:
    """Each run: one new instrument amended and built by a new ``lawhistory amend FILE --build`` process of each
    checkout in turn; prints the medians of wall and CPU seconds, and of the pairs' ratios to the first checkout."""
    import resource

    from benchmarks.run import new_instrument_text

    wall: dict[Path, list[float]] = {c: [] for c in codes}
    cpu: dict[Path, list[float]] = {c: [] for c in codes}
    for run in range(runs):
        instrument, _ = new_instrument_text(copies[codes[0]], seed + 1000 * run)
        for code in codes if run % 2 == 0 else codes[::-1]:
            command = [sys.executable, "-m", "lawhistory", "amend", str(instrument), "--build", "--repo", str(copies[code])]
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            done = subprocess.run(command, env=_env(code), cwd=code, capture_output=True, text=True, check=True)
            wall[code].append(time.perf_counter() - t0)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[code].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            if "re-derived 1 of" not in done.stdout:  # a full build (it says why on stderr) is not what is measured
                raise SystemExit(f"{code}: not one law built incrementally:\n{done.stdout[-500:]}{done.stderr[-500:]}")
    print(f"{'checkout':<40} {'runs':>5} {'wall s':>8} {'wall / first':>13} {'CPU s':>8} {'CPU / first':>12}  (pair ratios)")
    for code in codes:
        pairs_wall = statistics.median(w / f for w, f in zip(wall[code], wall[codes[0]], strict=True))
        pairs_cpu = statistics.median(c / f for c, f in zip(cpu[code], cpu[codes[0]], strict=True))
        print(
            f"{str(code)[-40:]:<40} {runs:>5} {statistics.median(wall[code]):>8.3f} {pairs_wall:>13.2f}"
            f" {statistics.median(cpu[code]):>8.3f} {pairs_cpu:>12.2f}"
        )
    for code in codes:
        print(f"CPU s of each run, {code.name}: " + " ".join(f"{c:.2f}" for c in cpu[code]))


if __name__ == "__main__":
    main()
