"""CPU per law page in one serving process, cold and warm (issue 23: ≤ 3 ms warm), on a built repository.

    python -m benchmarks.page_cpu benchmarks/out/corpus-0.1            # 300 pages of 20 laws, asked twice

The site is made in this process (``site.make_datasette``, the public profile) and asked through Datasette's own
client, one page at a time: the CPU time of the first pass (each law's versions made once: the law pages' cache
fills) and of the second (every page answered from it), per page. A static file through the same stack is timed
beside them: the cost of the HTTP stack itself, which no page avoids.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import random
import sqlite3
import time
from pathlib import Path


async def measure(corpus: Path, pages: int, laws: int, seed: int) -> dict[str, float]:
    from lawhistory.publishing.site import load_metadata, make_datasette

    metadata = corpus / "metadata.yml"
    ds = make_datasette(corpus / "db" / "lawhistory.db", load_metadata(metadata if metadata.exists() else None))
    with sqlite3.connect(corpus / "db" / "lawhistory.db") as conn:
        ids = [r[0] for r in conn.execute("select id from laws order by id")]
    rng = random.Random(seed)
    chosen = rng.sample(ids, min(laws, len(ids)))
    days = [dt.date(rng.randint(2000, 2030), rng.randint(1, 12), rng.randint(1, 28)) for _ in range(pages)]
    urls = [f"/-/law/{rng.choice(chosen)}?at={d}" for d in days]
    out: dict[str, float] = {}
    for name in ("first pass", "second pass"):
        hits = 0
        t0 = time.process_time()
        for url in urls:
            response = await ds.client.get(url)
            hits += response.headers.get("x-lawhistory-cache") == "hit"
        out[f"{name}: CPU per law page (ms)"] = (time.process_time() - t0) * 1000 / len(urls)
        out[f"{name}: answered by the law pages' cache (%)"] = 100 * hits / len(urls)
    t0 = time.process_time()
    for _ in range(100):
        await ds.client.get("/-/static/app.css")
    out["a static file, CPU per request (ms)"] = (time.process_time() - t0) * 10
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repo", type=Path, help="a built repository (benchmarks/out/corpus-S after benchmarks.run)")
    parser.add_argument("--pages", type=int, default=300)
    parser.add_argument("--laws", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for key, value in asyncio.run(measure(args.repo, args.pages, args.laws, args.seed)).items():
        print(f"{key:<55} {value:8.2f}")


if __name__ == "__main__":
    main()
