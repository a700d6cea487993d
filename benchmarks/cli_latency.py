"""Benchmark: how long a person waits for ``lawhistory --help`` and ``lawhistory show LAW --at D --format json``.

    python -m benchmarks.cli_latency                    # the illustrative repository (examples/exampleton), 30 runs each
    python -m benchmarks.cli_latency --repo DIR --runs 50
    python -m benchmarks.cli_latency --code OTHER-CHECKOUT   # the same, running another checkout's code (to compare)

Each run is a new process (``python -m lawhistory``, this checkout's code), as at a terminal. ``show`` is timed
twice: reading the build's database (built first, so it is current) and deriving the law (no database). Prints the
median and 95th percentile wall time of each, in milliseconds.
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


def _summary(times: list[float]) -> dict[str, float]:
    times = sorted(times)
    return {"p50": statistics.median(times), "p95": times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]}


def measure(repo: Path, runs: int, seed: int = 1, code: Path = ROOT) -> dict[str, dict[str, float]]:
    """Wall times of the three commands, run in turn (so a busy machine slows each alike), by ``code``'s package."""
    env = {**os.environ, "PYTHONPATH": str(code)}
    derived = repo.parent / "derived"
    shutil.copytree(repo, derived)  # never built: show derives the law
    subprocess.run([sys.executable, "-m", "lawhistory", "build", "-q", "--repo", str(repo)], env=env, cwd=code, check=True)
    law = random.Random(seed).choice(sorted(f"{p.parent.name}/{p.stem}" for p in (repo / "laws").glob("*/*.txt")))
    show = ["show", law, "--at", "2021-06-01", "--format", "json", "--repo"]
    commands = {"--help": ["--help"], "show (database)": [*show, str(repo)], "show (derived)": [*show, str(derived)]}
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, args in commands.items():
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "lawhistory", *args], env=env, cwd=code, check=True, capture_output=True)
            times[name].append((time.perf_counter() - start) * 1000)
    return {name: _summary(t) for name, t in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, default=ROOT / "examples" / "exampleton", help="a law repository (copied)")
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--code", type=Path, default=ROOT, help="the checkout whose lawhistory runs (default: this one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        repo = Path(tmp) / "repo"
        shutil.copytree(args.repo, repo, ignore=shutil.ignore_patterns("lawhistory.db*", "history.git", ".inputs-cache.json"))
        results = measure(repo, args.runs, code=args.code.resolve())
    print(f"{'command':<18} {'p50 ms':>8} {'p95 ms':>8}")
    for name, r in results.items():
        print(f"{name:<18} {r['p50']:>8.0f} {r['p95']:>8.0f}")


if __name__ == "__main__":
    main()
