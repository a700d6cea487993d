"""A small-scale smoke run of the benchmark command: every measurement is taken and the load test has no errors.

Speed itself is measured by ``python -m benchmarks.run`` (see the README), never asserted here.
"""

from __future__ import annotations

from pathlib import Path

from benchmarks.run import run, table


def test_benchmark_smoke_run_measures_everything_with_zero_errors(tmp_path: Path) -> None:
    results = run(0.002, tmp_path, requests=40, clients=5, samples=5, seed=2, fresh=True)
    for key in (
        "full build (s)",
        "floor (s)",
        "build / floor",
        "amend + publish one instrument (s)",
        "show --at p95 (ms)",
        "law page p95 (ms)",
        "peak memory (MiB)",
    ):
        assert isinstance(results[key], float) and results[key] > 0, key
    assert results["laws"] == 4 and results["instruments"] >= 8
    assert results["law page errors"] == 0
    assert set(results["build stages (s)"]) >= {"read and parse the repository", "Writing the history"}
    assert "full build (s)" in table(results)
