"""Benchmark: one SYNTHETIC instrument that inserts N clauses after clause 2.8 of the Kellerberrin law.

    python -m benchmarks.inserted                 # 5,000, 20,000 and 100,000 clauses
    python -m benchmarks.inserted --sizes 100000

It times the amendment's replay (``build_timeline``: apply and record provenance), and the whole version's
addresses (``ids.walk``); both should grow linearly with N (issue 12: 100k inserted clauses once took 187 s,
quadratic in ``ids.citation_of_path``). Prints one row per size.
"""

from __future__ import annotations

import argparse
import datetime as dt
import time
from pathlib import Path

from lawhistory.amending.timeline import build_timeline
from lawhistory.core.ids import walk
from lawhistory.core.model import Commencement, Gazette, Law, LawMeta, LawRef
from lawhistory.core.operations import Action, Operation
from lawhistory.files.instrument_file import Instrument
from lawhistory.files.repo import Repository

ROOT = Path(__file__).resolve().parent.parent
LAW = "kellerberrin/animals-environment-and-nuisance-local-law-2019"


def instrument(law: Law, n: int) -> Instrument:
    """A SYNTHETIC amending instrument inserting clauses 2.8A1 … 2.8A<n> after clause 2.8."""
    new = "\n".join(f"2.8A{k} Synthetic clause {k}\n  A synthetic provision numbered {k}." for k in range(1, n + 1))
    op = Operation(clause="1", action=Action.INSERT, target="2.8", source="After clause 2.8 insert …", new=new, position="after")
    meta = LawMeta(
        id="kellerberrin/synthetic-bulk-amendment-local-law-2030",
        title="SYNTHETIC Bulk Amendment Local Law 2030",
        local_government=law.meta.local_government,
        kind="amending",
        gazette=Gazette(date=dt.date(2030, 1, 1)),
        commencement=Commencement(rule="on_gazettal", date=dt.date(2030, 1, 1)),
        amends=LawRef(title=law.meta.title, id=law.meta.id),
    )
    return Instrument(Law(meta), (op,))


def measure(n: int) -> dict[str, float]:
    law = Repository(ROOT).law_by_id(LAW)
    assert law is not None
    inst = instrument(law, n)
    start = time.perf_counter()
    tl = build_timeline(law, [inst])
    replay = time.perf_counter() - start
    latest = tl.versions[-1]
    assert latest.instrument is not None and latest.instrument.id == inst.id, "the instrument was not applied"
    start = time.perf_counter()
    count = sum(1 for _ in walk(latest.body))
    addresses = time.perf_counter() - start
    return {"clauses": n, "replay (s)": replay, "addresses (s)": addresses, "provisions": count}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[5_000, 20_000, 100_000])
    args = parser.parse_args()
    print(f"{'inserted clauses':>17} {'replay (s)':>11} {'addresses (s)':>14} {'per 1k (ms)':>12}")
    for n in args.sizes:
        row = measure(n)
        per = 1000 * row["replay (s)"] / n * 1000
        print(f"{n:>17,} {row['replay (s)']:>11.2f} {row['addresses (s)']:>14.2f} {per:>12.1f}")


if __name__ == "__main__":
    main()
