"""The law-page part of ``benchmarks.run``'s load test alone, on a built repository, and the law pages' cache replayed.

    python -m benchmarks.page_load benchmarks/out/corpus-0.1                  # served: 20 clients, then a hostile one
    python -m benchmarks.page_load benchmarks/out/corpus-0.1 --code /tmp/old  # the same, served by another checkout
    python -m benchmarks.page_load benchmarks/out/corpus-0.1 --replay         # in process: hit rates by budget

Served (``lawhistory serve`` on 127.0.0.1, as ``benchmarks.run`` serves it): the same random-law-random-day pages as
the load test (its seed, its warm-up of 20, then ``--requests`` pages fetched by ``--clients`` clients, then as many
new ones while a hostile client loops ``benchmarks.hostile.HOSTILE``), one row per figure: p50 and p95, the law pages'
cache hits (``x-lawhistory-cache``), the median page's size and the serving processes' peak memory. ``--code DIR`` serves with ``DIR`` first on the
server's ``PYTHONPATH`` (an export of an earlier commit: a before/after pair on the same repository and machine).

``--replay``: the same sequence of pages asked in one process, one at a time; the cache's keys and pages recorded
once, then the cache (``page_cache.PageCache``) replayed on them for each budget (``--budgets``, MiB) and probation
share (``--probation``): its hit rate in each phase, and the bytes the pages held (``page_cache.held``).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import urllib.parse
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

from benchmarks.run import ROOT, _free_port, _hit_rate, _pct, _rss_mib, fetch_all, wait_for_site


def law_paths(corpus: Path, seed: int, requests: int) -> tuple[list[str], list[str], list[str]]:
    """The paths ``benchmarks.run.site_load`` asks for: its warm-up, the load and the hostile phase's load."""
    from lawhistory.files.repo import Repository

    rng = random.Random(seed)
    ids = [f"{p.parent.name}/{p.stem}" for p in Repository(corpus).law_files()]

    def paths(n: int) -> list[str]:
        return [
            f"/-/law/{urllib.parse.quote(rng.choice(ids))}?at={dt.date(rng.randint(2000, 2030), rng.randint(1, 12), rng.randint(1, 28))}"
            for _ in range(n)
        ]

    return paths(20), paths(requests), paths(requests)


def served(corpus: Path, requests: int, clients: int, seed: int, code: Path | None) -> dict[str, float]:
    from benchmarks.hostile import HOSTILE, _attack

    corpus = corpus.resolve()
    if not (corpus / "metadata.yml").exists():
        shutil.copyfile(ROOT / "metadata.yml", corpus / "metadata.yml")
    env = dict(os.environ)
    if code is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(code), *filter(None, [env.get("PYTHONPATH")])])
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "lawhistory", "serve", "--repo", str(corpus), "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True, env=env, cwd=code or ROOT,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    warm, load, hostile = law_paths(corpus, seed, requests)
    out: dict[str, float] = {}
    try:
        wait_for_site(proc, base)
        for path in warm:
            urllib.request.urlopen(base + path, timeout=30).read()
        sizes: list[int] = []
        cache = Counter[str]()
        latencies, errors = fetch_all([base + p for p in load], clients, sizes, cache)
        out["law page p50 (ms)"] = statistics.median(latencies)
        out["law page p95 (ms)"] = _pct(latencies, 0.95)
        out["law page errors"] = float(errors)
        out["law page cache hits (%)"] = _hit_rate(cache)
        out["law page size, median (KB)"] = statistics.median(sizes) / 1000
        stop, lock, statuses = threading.Event(), threading.Lock(), Counter[str]()
        attacker = threading.Thread(target=_attack, args=(base, stop, statuses, lock, HOSTILE))
        attacker.start()
        cache = Counter[str]()
        try:
            latencies, errors = fetch_all([base + p for p in hostile], clients, cache=cache)
        finally:
            stop.set()
            attacker.join(timeout=90)
        out["law page p50, hostile client looping (ms)"] = statistics.median(latencies)
        out["law page p95, hostile client looping (ms)"] = _pct(latencies, 0.95)
        out["law page errors, hostile client looping"] = float(errors)
        out["law page cache hits, hostile client looping (%)"] = _hit_rate(cache)
        out["site memory, serving processes' peak (MiB)"] = _rss_mib(proc.pid)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
    return out


async def _record(corpus: Path, paths: list[str]) -> list[tuple[Any, Any]]:
    """Each page's cache key and page as the site makes them (None: a page the cache does not keep), in order."""
    from lawhistory.publishing import page_cache
    from lawhistory.publishing.site import load_metadata, make_datasette

    metadata = corpus / "metadata.yml"
    ds = make_datasette(corpus / "db" / "lawhistory.db", load_metadata(metadata if metadata.exists() else None))
    recorded: list[tuple[Any, Any]] = []

    class Recorder(page_cache.PageCache):
        def get(self, key: tuple[Any, ...]) -> Any:
            recorded.append((key, None))
            return None  # every page made, so that each is recorded

        def put(self, key: tuple[Any, ...], page: Any) -> None:
            recorded[-1] = (key, page)

    ds.lawhistory_pages = Recorder(1 << 40)
    for path in paths:
        await ds.client.get(path)
    return recorded


def replay(corpus: Path, requests: int, seed: int, budgets: list[float], shares: list[float]) -> list[dict[str, Any]]:
    from lawhistory.publishing import page_cache

    warm, load, hostile = law_paths(corpus, seed, requests)
    recorded = asyncio.run(_record(corpus, warm + load + hostile))
    pages = {key: page for key, page in recorded if page is not None}
    sizes = sorted(page_cache.held(key, page) for key, page in pages.items())
    print(
        f"{len(recorded)} pages asked, {len(pages)} distinct; held per page: median {statistics.median(sizes) / 1000:.0f} KB,"
        f" all {sum(sizes) / 2**20:.1f} MiB"
    )
    rows = []
    for mb in budgets:
        for share in shares:
            cache = page_cache.PageCache(int(mb * 2**20), probation_share=share)
            phases = []
            for phase in (recorded[: len(warm) + len(load)], recorded[len(warm) + len(load) :]):
                hits = asked = 0
                for key, page in phase:
                    if page is None:
                        continue
                    asked += 1
                    if cache.get(key) is not None:
                        hits += 1
                    else:
                        cache.put(key, page)
                phases.append(100 * hits / asked if asked else float("nan"))
            rows.append({"budget (MiB)": mb, "probation": share, "hits (%)": phases[0], "hits, second phase (%)": phases[1],
                         "pages held": len(cache), "held (MiB)": cache.size / 2**20})  # fmt: skip
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repo", type=Path, help="a built repository (benchmarks/out/corpus-S after benchmarks.run)")
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--code", type=Path, help="serve with this checkout first on PYTHONPATH")
    parser.add_argument("--replay", action="store_true", help="replay the law pages' cache in process instead")
    parser.add_argument("--budgets", type=float, nargs="+", default=[48.0])
    parser.add_argument("--probation", type=float, nargs="+", default=[0.2])
    args = parser.parse_args()
    if args.replay:
        for row in replay(args.repo, args.requests, args.seed, args.budgets, args.probation):
            print("  ".join(f"{k} {v:.1f}" if isinstance(v, float) else f"{k} {v}" for k, v in row.items()))
        return
    for key, value in served(args.repo, args.requests, args.clients, args.seed, args.code).items():
        print(f"{key:<55} {value:8.1f}")


if __name__ == "__main__":
    main()
