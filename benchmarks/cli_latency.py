"""Benchmark: how long a person waits for ``lawhistory --help`` and ``lawhistory show LAW --at D --format json``.

    python -m benchmarks.cli_latency                    # the illustrative repository (examples/exampleton), 30 runs each
    python -m benchmarks.cli_latency --repo DIR --runs 50
    python -m benchmarks.cli_latency --compare OTHER-CHECKOUT   # and another checkout's code, in the same runs

Each run is a new process (``python -m lawhistory``, this checkout's code), as at a terminal. ``show`` is timed
twice: reading the build's database (built first, so it is current) and deriving the law (no database). Prints the
median and 95th percentile wall time of each, in milliseconds, and the median CPU time (user + system) of the
process, which a busy machine disturbs less than the wall time.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _summary(times: list[float], cpu: list[float]) -> dict[str, float]:
    times = sorted(times)
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return {"p50": statistics.median(times), "p95": p95, "cpu p50": statistics.median(cpu)}


def _run(args: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float]:
    """(wall, CPU) milliseconds of one ``python -m lawhistory ARGS``."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "lawhistory", *args], env=env, cwd=cwd, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = (time.perf_counter() - start) * 1000
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"lawhistory {' '.join(args)} failed ({proc.returncode})")
    return wall, (usage.ru_utime + usage.ru_stime) * 1000


def measure(repo: Path, runs: int, seed: int = 1, codes: tuple[Path, ...] = (ROOT,)) -> dict[str, dict[str, float]]:
    """Wall and CPU times of the three commands by each checkout in ``codes``, all run in turn (so a busy machine
    slows each alike)."""
    derived = repo.parent / "derived"
    shutil.copytree(repo, derived)  # never built: show derives the law
    first = {**os.environ, "PYTHONPATH": str(codes[0])}
    time.sleep(2.5)  # the copies' times settled: else the build's stamp hashes every file again for each ``show``
    subprocess.run([sys.executable, "-m", "lawhistory", "build", "-q", "--repo", str(repo)], env=first, cwd=codes[0], check=True)
    law = random.Random(seed).choice(sorted(f"{p.parent.name}/{p.stem}" for p in (repo / "laws").glob("*/*.txt")))
    show = ["show", law, "--at", "2021-06-01", "--format", "json", "--repo"]
    commands = {"--help": ["--help"], "show (database)": [*show, str(repo)], "show (derived)": [*show, str(derived)]}
    cases = {
        (f"{name} [{code.name}]" if len(codes) > 1 else name): (args, code) for name, args in commands.items() for code in codes
    }
    times: dict[str, list[float]] = {name: [] for name in cases}
    cpu: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(runs):
        for name, (args, code) in cases.items():
            wall, used = _run(args, {**os.environ, "PYTHONPATH": str(code)}, code)
            times[name].append(wall)
            cpu[name].append(used)
    return {name: _summary(times[name], cpu[name]) for name in cases}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, default=ROOT / "examples" / "exampleton", help="a law repository (copied)")
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--code", type=Path, default=ROOT, help="the checkout whose lawhistory runs (default: this one)")
    parser.add_argument("--compare", type=Path, help="another checkout, measured in the same runs (e.g. main)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        repo = Path(tmp) / "repo"
        shutil.copytree(args.repo, repo, ignore=shutil.ignore_patterns("lawhistory.db*", "history.git", ".inputs-cache.json"))
        codes = (args.code.resolve(), *([args.compare.resolve()] if args.compare else []))
        results = measure(repo, args.runs, codes=codes)
    print(f"{'command':<28} {'p50 ms':>8} {'p95 ms':>8} {'CPU p50 ms':>11}")
    for name, r in results.items():
        print(f"{name:<28} {r['p50']:>8.0f} {r['p95']:>8.0f} {r['cpu p50']:>11.0f}")


if __name__ == "__main__":
    main()
