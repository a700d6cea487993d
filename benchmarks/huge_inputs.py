"""How long reading takes on hostile multi-megabyte inputs (the fuzz tests' huge cases), measured, not asserted.

The fuzz tests check that each of these inputs is read or refused cleanly; this script times them, so that a runaway
(quadratic) reading shows as a number here rather than as a flaky timed assertion in the tests.

    python -m benchmarks.huge_inputs [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from lawhistory.core.errors import LawHistoryError
from lawhistory.reading.importers import ImportOptions, read_source

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "tests" / "fixtures" / "seeds"
INSTRUMENTS = ROOT / "tests" / "fixtures" / "instruments"


def _seed(name: str) -> str:
    return (SEEDS / name).read_text(encoding="utf-8")


def _instrument_2021() -> str:
    return (INSTRUMENTS / "synthetic_kellerberrin_amendment_2021.txt").read_text(encoding="utf-8")


def _json_seed() -> str:
    return next(
        p.read_text(encoding="utf-8")
        for p in sorted(SEEDS.glob("*.txt"))
        if p.read_text(encoding="utf-8").lstrip().startswith("{")
    )


def _repeat_json_sections(times: int) -> bytes:
    data = json.loads(_json_seed())
    data["sections"] = data["sections"] * times
    return json.dumps(data).encode()


def _one_clause_with_many_labels(n: int) -> bytes:
    i2021 = _instrument_2021()
    head = i2021[: i2021.index("4. Clause 1.4 amended")]
    return (head + "4. Noise A person shall not— " + "(a) x; " * n + "———— Dated: 1 May 2021.").encode()


HUGE: dict[str, Callable[[], tuple[bytes, ImportOptions]]] = {
    "gazette seed repeated to 2.2 MB": lambda: (_seed("004_34274a89b0432fb1.txt").encode() * 30, ImportOptions()),
    "API JSON with its sections repeated to 2.8 MB": lambda: (_repeat_json_sections(15), ImportOptions()),
    "instrument repeated to 1.6 MB": lambda: (_instrument_2021().encode() * 600, ImportOptions()),
    "excerpt repeated to 1.6 MB": lambda: (
        _seed("000_c02ce5ed28c02fbc.txt").encode() * 400,
        ImportOptions(title="Shire of X Local Law 2020", local_government="Shire of X"),
    ),
    "one long line of 3 MB": lambda: (b"x" * 3_000_000, ImportOptions()),
    "3 MB of page headers": lambda: (b"26 February 2020 GOVERNMENT GAZETTE, WA 424 " * 70_000, ImportOptions()),
    "3 MB of unbalanced quotes": lambda: ("“".encode() * 1_000_000, ImportOptions()),
    "a clause with 250,000 labels (1.8 MB)": lambda: (_one_clause_with_many_labels(250_000), ImportOptions()),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print("| input | MB | seconds (median) | MB/s | outcome |\n|---|---|---|---|---|")
    for name, make in HUGE.items():
        data, options = make()
        times, outcome = [], ""
        for _ in range(args.runs):
            start = time.perf_counter()
            try:
                found = read_source(data, options, "huge.txt")
                outcome = f"read ({len(found.laws)} laws)"
            except LawHistoryError as e:
                outcome = f"refused: {str(e)[:60]}"
            times.append(time.perf_counter() - start)
        mb, t = len(data) / 1e6, statistics.median(times)
        print(f"| {name} | {mb:.1f} | {t:.2f} | {mb / t:.2f} | {outcome} |")


if __name__ == "__main__":
    main()
