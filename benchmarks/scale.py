"""The benchmark at several scales, one after another, as docs/performance.md's table.

    python -m benchmarks.scale --scales 0.1 0.3 1 3          # 200 to 6,000 laws
    python -m benchmarks.scale --scales 0.1 --requests 200   # a quick look

Each scale is a full ``benchmarks.run`` (its corpus generated once under ``--out``); its results are written to
``bench-<scale>.json`` as ``benchmarks.run`` writes them, and the table comparing them (Markdown, one column per
scale) to ``scale.md``. A scale already measured is read from its JSON with ``--reuse``.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

from benchmarks.run import OUT, TARGETS, run

#: (row of the table, key in the results, how to show it)
ROWS: list[tuple[str, str, str]] = [
    ("laws / instruments", "laws", "laws"),
    ("repository text (MiB)", "repository (MiB)", "{:.0f}"),
    ("versions (commits)", "commits", "{:,}"),
    ("full build (s)", "full build (s)", "{:.1f}"),
    (
        "of which: offences and similar provisions (s)",
        "offences and similar provisions, in the full build (s)",
        "{:.1f}",
    ),
    ("honest floor: git fast-import + sqlite3 executemany, indexes and FTS after (s)", "floor (s)", "{:.1f}"),
    ("build / floor", "build / floor", "{:.2f}"),
    (
        "sqlite-utils row inserts, same rows, no indexes or FTS (s)",
        "for comparison: sqlite-utils row inserts, no indexes or FTS (s)",
        "{:.1f}",
    ),
    ("peak memory, largest build process (MiB)", "peak memory (MiB)", "{:.0f}"),
    ("peak memory, all build processes together (MiB)", "peak memory, all build processes together (MiB)", "{:.0f}"),
    ("database (MiB)", "database (MiB)", "{:.0f}"),
    ("database / repository text", "database / repository text", "{:.1f}×"),
    ("`lawhistory show LAW --at D --format json`, a new process each, database current, p50 (ms)", "show CLI p50 (ms)", "{:.0f}"),
    ("`lawhistory show LAW --at D --format json`, a new process each, database current, p95 (ms)", "show CLI p95 (ms)", "{:.0f}"),
    ("the same, CPU time, p50 (ms)", "show CLI CPU p50 (ms)", "{:.0f}"),
    ("`lawhistory --help`, p50 (ms)", "--help p50 (ms)", "{:.0f}"),
    ("`lawhistory --help`, p95 (ms)", "--help p95 (ms)", "{:.0f}"),
    ("the same, CPU time, p50 (ms)", "--help CPU p50 (ms)", "{:.0f}"),
    ("for comparison: `python -c pass` (the start-up every command pays), p50 (ms)", "python start-up p50 (ms)", "{:.0f}"),
    ("`show LAW --at D` in process (`lawat.show`), p50 (ms)", "show --at p50 (ms)", "{:.0f}"),
    ("`show LAW --at D` in process (`lawat.show`), p95 (ms)", "show --at p95 (ms)", "{:.0f}"),
    ("one new instrument: amend + incremental build (s)", "amend + publish one instrument (s)", "{:.2f}"),
    ("law page, 20 clients, p95 (ms)", "law page p95 (ms)", "{:.0f}"),
    ("law page, 20 clients + a hostile client looping, p95 (ms)", "law page p95, hostile client looping (ms)", "{:.0f}"),
    ("Datasette table views, 20 clients, p95 (ms)", "table views p95 (ms)", "{:.0f}"),
    ("search page, common word, first page, p95 (ms)", "full-text first page, search page, p95 (ms)", "{:.0f}"),
    ("search page, every version, p95 (ms)", "full-text first page, search page, every version, p95 (ms)", "{:.0f}"),
    (
        "Datasette `_search` of current_provisions, p95 (ms)",
        "full-text first page, current_provisions _search, p95 (ms)",
        "{:.0f}",
    ),
    ("site memory, serving process (MiB)", "site memory (MiB)", "{:.0f}"),
]


def cell(results: dict[str, Any], key: str, fmt: str) -> str:
    if fmt == "laws":
        return f"{results['laws']:,} / {results['instruments']:,}"
    value = results.get(key)
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "not run"
    return fmt.format(value)


def markdown(all_results: list[dict[str, Any]]) -> str:
    head = "| measure | " + " | ".join(f"scale {r['scale']:g}" for r in all_results) + " | target |"
    lines = [head, "|---|" + "---|" * len(all_results) + "---|"]
    for name, key, fmt in ROWS:
        target = TARGETS.get(key)
        shown = "" if target is None else f"≤ {target:g}"
        lines.append(f"| {name} | " + " | ".join(cell(r, key, fmt) for r in all_results) + f" | {shown} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scales", type=float, nargs="+", default=[0.1, 0.3, 1.0, 3.0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--samples", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reuse", action="store_true", help="read a scale's results from its JSON when it exists")
    parser.add_argument("--row-inserts", action="store_true", help="time sqlite-utils row inserts too (slow)")
    args = parser.parse_args()
    all_results = []
    for scale in args.scales:
        path = args.out / f"bench-{scale:g}.json"
        if args.reuse and path.exists():
            all_results.append(json.loads(path.read_text(encoding="utf-8")))
            continue
        results = run(
            scale, args.out, requests=args.requests, clients=args.clients, samples=args.samples, seed=args.seed,
            fresh=False, row_inserts=args.row_inserts,
        )  # fmt: skip
        path.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
        all_results.append(results)
        print(markdown(all_results), flush=True)
    table = markdown(all_results)
    (args.out / "scale.md").write_text(table, encoding="utf-8")
    print(table)


if __name__ == "__main__":
    main()
