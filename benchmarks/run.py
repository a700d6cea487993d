"""Benchmarks for a statewide repository: full build against its floor, incremental amend + publish,
``show --at``, the served law page under concurrent load, and peak memory.

    python -m benchmarks.run --scale 1.0          # 140 councils, 2,000 laws, 6,000 instruments
    python -m benchmarks.run --scale 0.05 --requests 200

It prints a table and writes JSON (benchmarks/out/bench-<scale>.json). The corpus is SYNTHETIC
(benchmarks/corpus.py) and is generated once per scale under benchmarks/out/.

The *floor* is measured in the same run, on the build's own outputs prepared in memory beforehand
(untimed): the history written by ``git fast-import`` in the build's own order (every text, law by law,
then the commits naming them), plus the database written by raw ``sqlite3`` with the build's schema and
its writer's pragmas (``executemany`` in one transaction, journal and syncs off, the build's 64 MiB page
cache, indexes and the full-text index built after, in one pass). The floor's output is then checked to
be the build's (every table's rows, the full-text tables' counts, the history's head commit) before its
time is used. The build is reported as a ratio to that floor; sqlite-utils' row inserts of the same rows are shown
beside it for comparison only. ``dbstat`` gives the database's size per table.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import multiprocessing
import os
import random
import resource
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "out"
TARGETS = {
    "full build (s)": 60.0,
    "build / floor": 1.5,
    "amend + publish one instrument (s)": 0.5,
    "show CLI p95 (ms)": 150.0,
    "--help p95 (ms)": 150.0,
    "law page p95 (ms)": 50.0,
    "law page p95, hostile client looping (ms)": 50.0,
    "table views p95 (ms)": 300.0,
    "full-text first page, search page, p95 (ms)": 200.0,
    "full-text first page, current_provisions _search, p95 (ms)": 200.0,
    "database / repository text": 3.0,
    "peak memory (MiB)": 1024.0,
}


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


# --- the build, in a child process so its peak memory is its own ------------------------------------


BUILD_CHILD = r"""
import json, os, resource, sys, threading, time
from pathlib import Path
from lawhistory.deriving.build import build
from lawhistory.files.repo import Repository

def tree_rss_kib():
    # The resident memory of this process and all its descendants (workers, git), now.
    total, todo = 0, [os.getpid()]
    while todo:
        pid = todo.pop()
        try:
            total += int(next(l for l in open(f"/proc/{pid}/status") if l.startswith("VmRSS:")).split()[1])
            for task in os.listdir(f"/proc/{pid}/task"):
                todo += [int(c) for c in open(f"/proc/{pid}/task/{task}/children").read().split()]
        except (OSError, StopIteration, ValueError):
            pass
    return total

peak = [0]
def sample():
    while True:
        peak[0] = max(peak[0], tree_rss_kib())
        time.sleep(0.1)
threading.Thread(target=sample, daemon=True).start()

class Clock:
    def __init__(self):
        self.t0 = time.perf_counter(); self.marks = []
    def start(self, total, description):
        self.marks.append((description, time.perf_counter() - self.t0))
    def advance(self):
        pass

clock = Clock()
report = build(Repository(Path(sys.argv[1])), clock, full=sys.argv[2] == "full")
total = time.perf_counter() - clock.t0
print(json.dumps({"total": total, "marks": clock.marks, "laws": report.laws, "commits": report.commits,
                  "derived": len(report.derived), "maxrss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                  "children_maxrss_kib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, "tree_peak_kib": peak[0]}))
"""


def run_build(corpus: Path, full: bool) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, "-c", BUILD_CHILD, str(corpus), "full" if full else "incremental"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    data: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    stages: dict[str, float] = {}
    marks = data["marks"]
    first = marks[0][1] if marks else data["total"]
    stages["read and parse the repository"] = first
    ends = [m[1] for m in marks[1:]] + ([data["total"]] if marks else [])
    for (name, at), until in zip(marks, ends, strict=True):
        stages[name] = stages.get(name, 0.0) + (until - at)
    data["stages"] = stages
    return data


# --- the floor ---------------------------------------------------------------------------------------


def floor(corpus: Path, row_inserts: bool = True) -> dict[str, float]:
    """The honest floor: seconds to write the build's own outputs with nothing but the storage engines' bulk paths.

    Measured in a child process: the floor holds every row in memory at once, and a benchmark process that had
    grown so large would lend its size to every process it starts afterwards (a fork shares its pages).
    """
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        return pool.submit(_floor, corpus, row_inserts).result()


def _schema(source: sqlite3.Connection) -> tuple[list[str], list[str], list[str], list[tuple[str, str]]]:
    """The built database's own DDL: plain tables, indexes, views, and full-text tables with their content table."""
    tables, indexes, views, fts = [], [], [], []
    shadow = {r[0] for r in source.execute("select name from sqlite_master where sql like 'CREATE VIRTUAL TABLE%'")}
    for kind, name, sql in source.execute("select type, name, sql from sqlite_master where sql is not null order by rowid"):
        if name.startswith("sqlite_") or any(name.startswith(v + "_") for v in shadow):
            continue
        if name in shadow:
            fts.append((name, sql))
        elif kind == "table":
            tables.append(sql)
        elif kind == "index":
            indexes.append(sql)
        elif kind == "view":
            views.append(sql)
    return tables, indexes, views, fts


def read_rows(built_db: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the built database's plain tables (not the full-text index), by table."""
    source = sqlite3.connect(built_db)
    try:
        fts = _schema(source)[3]
        names = [
            r[0]
            for r in source.execute("select name from sqlite_master where type = 'table' and sql not like 'CREATE VIRTUAL%'")
            if not r[0].startswith("sqlite_") and not any(r[0].startswith(f[0] + "_") for f in fts)
        ]
        return {t: source.execute(f'select * from "{t}"').fetchall() for t in names}
    finally:
        source.close()


def write_floor_database(built_db: Path, data: dict[str, list[tuple[Any, ...]]], dest: Path) -> float:
    """Write ``data`` to ``dest`` with the built database's schema by SQLite's bulk path; the seconds it took."""
    source = sqlite3.connect(built_db)
    tables, indexes, views, fts = _schema(source)
    source.close()
    raw = sqlite3.connect(dest, isolation_level=None)
    t0 = time.perf_counter()
    raw.execute("pragma journal_mode = off")
    raw.execute("pragma synchronous = off")
    raw.execute(f"pragma cache_size = {BUILD_CACHE_SIZE}")  # the build's own writer's cache (``build_workers._open``)
    raw.execute("begin")
    for sql in tables:
        raw.execute(sql)
    for table, rows in data.items():
        if rows:
            marks = ", ".join("?" * len(rows[0]))
            raw.executemany(f'insert into "{table}" values ({marks})', rows)
    for sql in indexes + views:
        raw.execute(sql)
    for name, sql in fts:
        raw.execute(sql)
        raw.execute(f'insert into "{name}"("{name}") values (\'rebuild\')')
    raw.execute("commit")
    raw.close()
    return time.perf_counter() - t0


#: The page cache of the build's writer (``lawhistory.deriving.build_workers._open``; a test keeps them the same).
BUILD_CACHE_SIZE = -65536


def history_streams(built_git: Path, dest: Path) -> tuple[Path, Path]:
    """Two ``git fast-import`` streams of the built history, in the order the build writes it (untimed): every blob,
    law by law and each law's texts in the order of its versions (as each build worker writes the texts of the laws
    it derives), then the commits, which name their blobs by id (as the build's commit writer does)."""
    commits = dest / "commits.fi"
    with open(commits, "wb") as f:
        subprocess.run(["git", "--git-dir", str(built_git), "fast-export", "--no-data", "--all"], stdout=f, check=True)
    by_law: dict[str, list[str]] = {}
    with open(commits, "rb") as f:
        for line in f:
            if line.startswith(b"M 100644 "):
                _, _, blob, path = line.rstrip(b"\n").decode("utf-8").split(" ", 3)
                by_law.setdefault(path, []).append(blob)
    order = list(dict.fromkeys(b for path in sorted(by_law) for b in by_law[path]))
    blobs = dest / "blobs.fi"
    batch = subprocess.Popen(
        ["git", "--git-dir", str(built_git), "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert batch.stdin is not None and batch.stdout is not None
    with open(blobs, "wb") as out:
        for blob in order:
            batch.stdin.write(blob.encode() + b"\n")
            batch.stdin.flush()
            size = int(batch.stdout.readline().split()[2])
            data = batch.stdout.read(size)
            batch.stdout.read(1)
            out.write(b"blob\ndata %d\n" % size + data + b"\n")
    batch.stdin.close()
    batch.wait()
    return blobs, commits


def verify_floor(built_db: Path, floor_db: Path, built_git: Path, floor_git: Path) -> None:
    """Refuse (AssertionError) a floor whose output is not the build's: every plain table's rows in the same order,
    every full-text table's row count and the history's head commit (the same commit ids: the same history)."""
    a, b = sqlite3.connect(built_db), sqlite3.connect(floor_db)
    try:
        listing = "select type, name from sqlite_master where name not like 'sqlite_%' order by type, name"
        assert a.execute(listing).fetchall() == b.execute(listing).fetchall(), "the floor's schema differs"
        fts = [n for (n,) in a.execute("select name from sqlite_master where sql like 'CREATE VIRTUAL TABLE%'")]
        for table in read_rows_names(a, fts):
            left, right = a.execute(f'select * from "{table}"'), b.execute(f'select * from "{table}"')
            while True:
                x, y = left.fetchmany(5000), right.fetchmany(5000)
                assert x == y, f"the floor's table {table} differs from the build's"
                if not x:
                    break
        for table in fts:
            count = f'select count(*) from "{table}"'
            assert a.execute(count).fetchone() == b.execute(count).fetchone(), f"the floor's {table} differs"
    finally:
        a.close()
        b.close()
    heads = [
        subprocess.run(
            ["git", "--git-dir", str(g), "rev-parse", "refs/heads/main"], capture_output=True, text=True, check=True
        ).stdout.strip()
        for g in (built_git, floor_git)
    ]
    assert heads[0] == heads[1], f"the floor's history ends at {heads[1]}, the build's at {heads[0]}"


def read_rows_names(source: sqlite3.Connection, fts: list[str]) -> list[str]:
    """The built database's plain tables (not the full-text tables nor their shadow tables)."""
    return [
        r[0]
        for r in source.execute("select name from sqlite_master where type = 'table' and sql not like 'CREATE VIRTUAL%'")
        if not r[0].startswith("sqlite_") and not any(r[0].startswith(f + "_") for f in fts)
    ]


def _floor(corpus: Path, row_inserts: bool = True) -> dict[str, float]:
    """Both floors of the history and the database, from data prepared in memory beforehand (untimed).

    * history: ``git fast-import`` of the built history's blobs in the build's own order, then of its commits
      (``history_streams``);
    * database (the honest floor): raw ``sqlite3`` with the build's own schema, every row through ``executemany``
      in one transaction with the journal and syncs off, then the indexes, then the full-text index in one pass;
    * for comparison only, sqlite-utils ``insert_all`` of the same rows (the figure earlier runs called the floor).
    """
    import sqlite_utils

    built_git = corpus / "db" / "history.git"
    built_db = corpus / "db" / "lawhistory.db"
    with tempfile.TemporaryDirectory() as tmp:
        blobs, commits = history_streams(built_git, Path(tmp))
        target = Path(tmp) / "floor.git"
        subprocess.run(["git", "init", "-q", "--bare", str(target)], check=True)
        t0 = time.perf_counter()
        for stream in (blobs, commits):
            with open(stream, "rb") as fi:
                subprocess.run(["git", "--git-dir", str(target), "fast-import", "--quiet"], stdin=fi, check=True)
        git_s = time.perf_counter() - t0

        data = read_rows(built_db)
        sqlite_s = write_floor_database(built_db, data, Path(tmp) / "raw.db")
        raw_size = (Path(tmp) / "raw.db").stat().st_size
        verify_floor(built_db, Path(tmp) / "raw.db", built_git, target)  # untimed: the floor wrote the build's output

        rows_s = float("nan")
        if row_inserts:
            built = sqlite3.connect(built_db)
            columns = {t: [d[1] for d in built.execute(f'pragma table_info("{t}")')] for t in data}
            built.close()
            db = sqlite_utils.Database(Path(tmp) / "rows.db")
            t0 = time.perf_counter()
            with db.conn:
                for table, rows in data.items():
                    if rows:
                        db.table(table).insert_all((dict(zip(columns[table], r, strict=True)) for r in rows), batch_size=1000)
            rows_s = time.perf_counter() - t0
            db.close()
    return {
        "git fast-import (s)": git_s,
        "sqlite3 executemany, indexes and FTS after (s)": sqlite_s,
        "floor (s)": git_s + sqlite_s,
        "floor database (MiB)": raw_size / 2**20,
        "floor verified identical to the build (tables, full-text counts, history)": 1.0,
        "for comparison: sqlite-utils row inserts, no indexes or FTS (s)": rows_s,
        "floor: peak memory (MiB)": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def database_size(path: Path) -> dict[str, float]:
    """MiB per table (its indexes and full-text shadow tables counted with it), from SQLite's ``dbstat``."""
    con = sqlite3.connect(path)
    try:
        owner = {r[0]: r[1] for r in con.execute("select name, tbl_name from sqlite_master where type in ('table', 'index')")}
        virtual = [r[0] for r in con.execute("select name from sqlite_master where sql like 'CREATE VIRTUAL TABLE%'")]
        sizes: dict[str, float] = {}
        for name, pages in con.execute("select name, sum(pgsize) from dbstat group by name"):
            table = owner.get(name, name)
            table = next((v for v in virtual if table.startswith(v + "_")), table)
            sizes[table] = sizes.get(table, 0.0) + pages / 2**20
    finally:
        con.close()
    return dict(sorted(sizes.items(), key=lambda kv: -kv[1]))


# --- one new instrument ----------------------------------------------------------------------------------


def new_instrument_text(corpus: Path, seed: int, *, newest: bool = True) -> tuple[Path, str]:
    """Gazette text of one new amending instrument for a random law, valid against its latest version.

    ``newest``: it commences after every instrument in the repository, as a newly gazetted one does;
    otherwise it commences at a random date after the law's own last version (back-dated among the
    other laws' later versions, which the single date-ordered history then re-creates).
    """
    from benchmarks.corpus import gazette_text, make_instruments
    from lawhistory.deriving.library import timeline_for
    from lawhistory.files.repo import Repository

    repo = Repository(corpus)
    rng = random.Random(seed)
    tl = timeline_for(repo, rng.choice(sorted(p.parent.name + "/" + p.stem for p in repo.law_files())))
    law = tl.law
    if tl.repealed_from is not None:
        return new_instrument_text(corpus, seed + 1, newest=newest)
    latest = tl.versions[-1]
    last_date = max((v.valid_from for v in tl.versions if v.valid_from), default=dt.date(2020, 1, 1))
    if newest:
        with sqlite3.connect(corpus / "db" / "lawhistory.db") as db:
            (newest_date,) = db.execute("select max(valid_from) from versions").fetchone()
        last_date = max(last_date, dt.date.fromisoformat(newest_date)) if newest_date else last_date
    number = 900 + len(tl.versions) + len(tl.waiting)  # unique among this law's instruments, run after run
    made = next(
        make_instruments(rng, replace(law, body=latest.body), 1, repeal=False, after=last_date, first_number=number), None
    )
    if made is None:  # no instruction could be made for this law: another one
        return new_instrument_text(corpus, seed + 1, newest=newest)
    inst = made
    if newest:
        inst = _within_a_month(inst, last_date)
    path = Path(tempfile.mkdtemp()) / "new-instrument.txt"
    path.write_text(gazette_text(inst), encoding="utf-8")
    return path, law.meta.id


def _within_a_month(inst: Any, after: dt.date) -> Any:
    """The instrument gazetted within a month after ``after`` (a new instrument is the newest one)."""
    from lawhistory.core.dates import commencement

    meta = inst.law.meta
    gazette = after + dt.timedelta(days=14)
    meta = replace(meta, gazette=replace(meta.gazette, date=gazette), made=gazette - dt.timedelta(days=14))
    meta = replace(meta, commencement=commencement(meta.commencement.wording, gazette))
    return replace(inst, law=replace(inst.law, meta=meta))


def amend_and_publish(corpus: Path, instrument: Path) -> dict[str, float]:
    """Apply one instrument and rebuild, in process (interpreter start-up excluded) and through the CLI."""
    from lawhistory.amending.amend import amend
    from lawhistory.deriving.build import build
    from lawhistory.files.repo import Repository

    repo = Repository(corpus)
    t0 = time.perf_counter()
    outcomes, _ = amend(repo, instrument)
    t1 = time.perf_counter()
    report = build(repo)
    t2 = time.perf_counter()
    assert outcomes[0].status == "applied", outcomes[0].reason
    assert len(report.derived) == 1, report.derived
    return {"amend (s)": t1 - t0, "publish: incremental build (s)": t2 - t1, "amend + publish one instrument (s)": t2 - t0}


# --- show --at -------------------------------------------------------------------------------------


def show_at(corpus: Path, samples: int, seed: int) -> dict[str, float]:
    from lawhistory.files.repo import Repository
    from lawhistory.presenting import lawat, views

    repo = Repository(corpus)
    rng = random.Random(seed)
    ids = [f"{p.parent.name}/{p.stem}" for p in repo.law_files()]
    times = []
    for _ in range(samples):
        ident = rng.choice(ids)
        at = dt.date(rng.randint(1998, 2036), rng.randint(1, 12), rng.randint(1, 28))
        t0 = time.perf_counter()
        views.law_json(lawat.show(repo, ident, at))  # what `lawhistory show --format json` runs
        times.append((time.perf_counter() - t0) * 1000)
    return {"show --at p50 (ms)": statistics.median(times), "show --at p95 (ms)": _pct(times, 0.95)}


def _cli(args: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """(wall ms, CPU ms, exit status) of one ``python -m lawhistory ARGS``, a new process as at a terminal."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "lawhistory", *args], env=env, cwd=ROOT, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    return (time.perf_counter() - start) * 1000, (usage.ru_utime + usage.ru_stime) * 1000, os.waitstatus_to_exitcode(status)


def show_cli(corpus: Path, samples: int, seed: int) -> dict[str, float]:
    """``lawhistory show LAW --at D --format json`` and ``lawhistory --help`` as a person runs them: a new process each
    (interpreter start-up included), the build's database current. Bytecode is cached as an installed package's is
    (``PYTHONDONTWRITEBYTECODE`` is left out: a first untimed run of each writes it). ``python -c pass`` is timed
    beside them: the start-up no command can avoid."""
    from lawhistory.deriving.build import staleness
    from lawhistory.files.repo import Repository

    assert staleness(Repository(corpus)) is None, "the database must be current"
    rng = random.Random(seed)
    ids = sorted(f"{p.parent.name}/{p.stem}" for p in (corpus / "laws").glob("*/*.txt"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)
    show = ["show", ids[0], "--at", "2021-06-01", "--format", "json", "--repo", str(corpus)]
    _cli(show, env), _cli(["--help"], env)  # bytecode written, files in the page cache
    shown: list[tuple[float, float]] = []
    helped: list[tuple[float, float]] = []
    started: list[tuple[float, float]] = []
    refused = 0
    for _ in range(samples):
        at = dt.date(rng.randint(1998, 2036), rng.randint(1, 12), rng.randint(1, 28))
        wall, cpu, code = _cli(["show", rng.choice(ids), "--at", at.isoformat(), "--format", "json", "--repo", str(corpus)], env)
        shown.append((wall, cpu))
        refused += code != 0
        wall, cpu, _ = _cli(["--help"], env)
        helped.append((wall, cpu))
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", "pass"], env=env)
        _, _, usage = os.wait4(proc.pid, 0)
        started.append(((time.perf_counter() - t0) * 1000, (usage.ru_utime + usage.ru_stime) * 1000))
    out: dict[str, float] = {"show CLI refusals": float(refused)}
    for name, times in (("show CLI", shown), ("--help", helped), ("python start-up", started)):
        walls = [w for w, _ in times]
        out[f"{name} p50 (ms)"] = statistics.median(walls)
        out[f"{name} p95 (ms)"] = _pct(walls, 0.95)
        out[f"{name} CPU p50 (ms)"] = statistics.median(c for _, c in times)
    return out


# --- the served site under load ------------------------------------------------------------------------


BROWSER = {"Accept-Encoding": "gzip, deflate", "Accept": "text/html,application/xhtml+xml"}


def wait_for_site(proc: subprocess.Popen[bytes], base: str, timeout: float = 600) -> None:
    """Wait until the site served by ``proc`` at ``base`` answers (its list of laws), or raise with its stderr."""
    deadline = time.time() + timeout
    while True:
        try:
            urllib.request.urlopen(base + "/-/laws", timeout=5).read()
            return
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                raise RuntimeError(f"the site did not start: {proc.stderr.read().decode() if proc.stderr else ''}") from None
            time.sleep(0.2)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def site_load(corpus: Path, requests: int, clients: int, seed: int) -> dict[str, float]:
    """Latency of law pages fetched by ``clients`` concurrent clients on loopback; errors counted."""
    # Served as the project's site is: with its metadata.yml (the facets and sort orders of the table pages, the
    # full-text table of current_provisions), not the bare default a repository without one gets.
    if not (corpus / "metadata.yml").exists():
        shutil.copyfile(ROOT / "metadata.yml", corpus / "metadata.yml")
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "lawhistory", "serve", "--repo", str(corpus), "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for_site(proc, base)
        from lawhistory.files.repo import Repository

        rng = random.Random(seed)
        ids = [f"{p.parent.name}/{p.stem}" for p in Repository(corpus).law_files()]

        def law_urls(n: int) -> list[str]:
            # a random law on a random day: each URL is almost always new, so the site's cache of answers seldom
            # answers them (the hit rate is reported); the warm-up and the hostile phase fetch URLs of their own
            return [
                f"{base}/-/law/{urllib.parse.quote(rng.choice(ids))}?at={dt.date(rng.randint(2000, 2030), rng.randint(1, 12), rng.randint(1, 28))}"
                for _ in range(n)
            ]

        for url in law_urls(20):  # warm up
            urllib.request.urlopen(url, timeout=30).read()
        urls = law_urls(requests)
        sizes: list[int] = []
        cache = Counter[str]()
        t0 = time.perf_counter()
        latencies, errors = fetch_all(urls, clients, sizes, cache)
        elapsed = time.perf_counter() - t0
        results = {
            "law page p50 (ms)": statistics.median(latencies),
            "law page p95 (ms)": _pct(latencies, 0.95),
            "law pages per second": len(latencies) / elapsed,
            "law page size (KB)": statistics.median(sizes) / 1000 if sizes else float("nan"),
            "law page errors": float(errors),
            "law page cache hits (%)": _hit_rate(cache),
        }
        results.update(_under_attack(base, law_urls(requests), clients))
        results.update(_table_views(base, ids, requests, clients, rng))
        results.update(_full_text(base))
        results["site memory (MiB)"] = _rss_mib(proc.pid)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
    return results


def fetch_all(
    urls: list[str], clients: int, sizes: list[int] | None = None, cache: Counter[str] | None = None
) -> tuple[list[float], int]:
    """Fetch ``urls`` with ``clients`` concurrent clients, as a browser does (the site may answer compressed or not):
    (latencies in ms, errors); the size of each answer is added to ``sizes`` when given, and to ``cache`` whether the
    site's cache answered it (``x-lawhistory-cache``: hit, miss, or none when the answer was not cacheable)."""
    latencies: list[float] = []
    errors = 0
    lock = threading.Lock()

    def fetch(url: str) -> None:
        nonlocal errors
        t0 = time.perf_counter()
        try:
            with urllib.request.urlopen(urllib.request.Request(url, headers=BROWSER), timeout=60) as r:
                body = r.read()
                ok = r.status == 200
                answered = r.headers.get("x-lawhistory-cache") or "none"
            if cache is not None:
                with lock:
                    cache[answered] += 1
            if sizes is not None:
                sizes.append(len(body))
        except OSError:
            ok = False
        ms = (time.perf_counter() - t0) * 1000
        with lock:
            latencies.append(ms)
            errors += 0 if ok else 1

    with ThreadPoolExecutor(max_workers=clients) as pool:
        list(pool.map(fetch, urls))
    return latencies, errors


def _hit_rate(cache: Counter[str]) -> float:
    """The share of cacheable answers the site's cache gave (``x-lawhistory-cache``), in percent."""
    asked = cache["hit"] + cache["miss"]
    return 100 * cache["hit"] / asked if asked else float("nan")


def _under_attack(base: str, urls: list[str], clients: int, attackers: int = 1) -> dict[str, float]:
    """The same law pages, fetched again while ``attackers`` hostile clients loop bad and expensive requests
    (``benchmarks.hostile``: invalid SQL, costly statements, huge blobs, a streamed CSV, a POST, debug pages)."""
    from collections import Counter

    from benchmarks.hostile import HOSTILE, _attack

    stop, lock, statuses = threading.Event(), threading.Lock(), Counter[str]()
    threads = [threading.Thread(target=_attack, args=(base, stop, statuses, lock, HOSTILE)) for _ in range(attackers)]
    for t in threads:
        t.start()
    cache = Counter[str]()
    try:
        latencies, errors = fetch_all(urls, clients, cache=cache)
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=90)
    return {
        "law page p50, hostile client looping (ms)": statistics.median(latencies),
        "law page p95, hostile client looping (ms)": _pct(latencies, 0.95),
        "law page errors, hostile client looping": float(errors),
        "hostile requests answered": float(sum(statuses.values())),
        "law page cache hits, hostile client looping (%)": _hit_rate(cache),
    }


def _table_views(base: str, ids: list[str], requests: int, clients: int, rng: random.Random) -> dict[str, float]:
    """Datasette's table pages (with the facets the metadata offers, filtered and sorted as visitors click them)."""
    quote = urllib.parse.quote
    pages = [
        "/lawhistory/laws",
        "/lawhistory/instruments",
        "/lawhistory/instruments?status=pending",
        "/lawhistory/provisions",
        "/lawhistory/provisions?kind=definition",
        "/lawhistory/changes",
        "/lawhistory/changes?change=deleted",
        "/lawhistory/operations",
        "/lawhistory/operations?outcome=applied",
        "/lawhistory/versions",
    ]
    urls = [base + rng.choice(pages) for _ in range(requests // 2)]
    urls += [f"{base}/lawhistory/provisions?law={quote(rng.choice(ids))}" for _ in range(requests - len(urls))]
    rng.shuffle(urls)
    cache = Counter[str]()
    fetch_all(urls[:10], 1)  # warm up
    latencies, errors = fetch_all(urls, clients, cache=cache)
    return {
        "table views p50 (ms)": statistics.median(latencies),
        "table views p95 (ms)": _pct(latencies, 0.95),
        "table view errors": float(errors),
        # the ten pages without a law are asked for again and again (as the most visited pages are); the pages of
        # one law's provisions mostly once
        "table view cache hits (%)": _hit_rate(cache),
    }


#: Common words of local laws, searched as a visitor would.
COMMON_WORDS = ("local government", "person", "premises", "notice", "permit", "dog", "land", "owner")


def _full_text(base: str, rounds: int = 3) -> dict[str, float]:
    """The first page of results for common words: the site's search page (in force today, and every version) and
    Datasette's own search of the provisions in force, one visitor at a time. Every round asks the same URLs, so from
    the second round on the site's cache answers them: the first round (each word asked for the first time) is
    reported on its own."""
    quote = urllib.parse.quote
    kinds = ("search page", "search page, every version", "current_provisions _search")
    found: dict[str, list[float]] = {kind: [] for kind in kinds}
    first: dict[str, list[float]] = {kind: [] for kind in kinds}
    for round_ in range(rounds):
        for word in COMMON_WORDS:
            for kind, path in (
                ("search page", f"/-/search?q={quote(word)}"),
                ("search page, every version", f"/-/search?q={quote(word)}&when=all"),
                ("current_provisions _search", f"/lawhistory/current_provisions?_search={quote(word)}"),
            ):
                latencies, errors = fetch_all([base + path], 1)
                ms = latencies[0] if not errors else float("inf")
                found[kind].append(ms)
                if round_ == 0:
                    first[kind].append(ms)
    out: dict[str, float] = {}
    for kind, times in found.items():
        out[f"full-text first page, {kind}, p50 (ms)"] = statistics.median(times)
        out[f"full-text first page, {kind}, p95 (ms)"] = _pct(times, 0.95)
        out[f"full-text first page, {kind}, first asked, p50 (ms)"] = statistics.median(first[kind])
        out[f"full-text first page, {kind}, first asked, max (ms)"] = max(first[kind])
    return out


def _rss_mib(pid: int) -> float:
    """Peak resident memory of ``pid`` and its descendants (the serving worker processes), added up."""
    total, todo, seen = 0, [pid], False
    while todo:
        p = todo.pop()
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    total += int(line.split()[1])
                    seen = True
            for task in Path(f"/proc/{p}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            pass
    return total / 1024 if seen else float("nan")


# --- the whole run ---------------------------------------------------------------------------------------


def run(
    scale: float, out: Path, *, requests: int, clients: int, samples: int, seed: int, fresh: bool, row_inserts: bool = True
) -> dict[str, Any]:
    from benchmarks.corpus import Scale, generate

    out.mkdir(parents=True, exist_ok=True)
    corpus = out / f"corpus-{scale:g}"
    results: dict[str, Any] = {"scale": scale, "date": dt.date.today().isoformat(), "cpus": os.cpu_count()}
    if fresh and corpus.exists():
        shutil.rmtree(corpus)
    if not (corpus / "laws").exists():
        t0 = time.perf_counter()
        generate(corpus, Scale.of(scale), seed)
        results["generate corpus (s)"] = time.perf_counter() - t0
    shutil.rmtree(corpus / "db", ignore_errors=True)
    (corpus / "db").mkdir(exist_ok=True)
    results["laws"] = len(list((corpus / "laws").glob("*/*.txt")))
    results["instruments"] = len(list((corpus / "amendments").glob("*/*.txt")))
    results["repository (MiB)"] = sum(p.stat().st_size for p in corpus.rglob("*.txt")) / 2**20

    full = run_build(corpus, full=True)
    results["full build (s)"] = full["total"]
    results["build stages (s)"] = full["stages"]
    # the stage lawhistory.deriving.features.STAGE (not imported here: it would bring numpy into this process)
    results["offences and similar provisions, in the full build (s)"] = full["stages"].get("Offences and similar provisions")
    results["commits"] = full["commits"]
    # The build runs in several processes (workers, a full-text indexer, git): the target applies to the largest;
    # all of them together, sampled every 0.1 s, are reported beside it.
    results["peak memory (MiB)"] = max(full["maxrss_kib"], full["children_maxrss_kib"]) / 1024
    results["peak memory, build process (MiB)"] = full["maxrss_kib"] / 1024
    results["peak memory, all build processes together (MiB)"] = full["tree_peak_kib"] / 1024
    os.sync()  # the build's files on disk before anything else is timed
    results.update(show_at(corpus, samples, seed))
    results.update(show_cli(corpus, samples, seed))
    instrument, law = new_instrument_text(corpus, seed, newest=True)
    results["amended law"] = law
    results.update(amend_and_publish(corpus, instrument))
    instrument, law = new_instrument_text(corpus, seed + 1000, newest=False)
    back_dated = amend_and_publish(corpus, instrument)
    results["back-dated instrument: amend + publish (s)"] = back_dated["amend + publish one instrument (s)"]
    rebuild = run_build(corpus, full=False)
    results["no-op rebuild (s)"] = rebuild["total"]
    results.update(site_load(corpus, requests, clients, seed))
    # The floor last: it holds every row in memory and writes gigabytes of its own, which (measured first) slowed
    # the one-instrument and page timings after it by half. By now the repository has the two instruments added
    # above: two versions more than the full build wrote, of some 8,000 at scale 1.
    results["database (MiB)"] = (corpus / "db" / "lawhistory.db").stat().st_size / 2**20
    results["database / repository text"] = results["database (MiB)"] / results["repository (MiB)"]
    results["database size by table (MiB)"] = database_size(corpus / "db" / "lawhistory.db")
    results.update(floor(corpus, row_inserts))
    results["build / floor"] = full["total"] / results["floor (s)"]
    return results


def table(results: dict[str, Any]) -> str:
    rows = []
    for key, value in results.items():
        if isinstance(value, dict):
            for k, v in value.items():
                rows.append((f"  {k}", f"{v:.3f}" if isinstance(v, float) else str(v), ""))
            continue
        target = TARGETS.get(key)
        shown = f"{value:.3f}" if isinstance(value, float) else str(value)
        verdict = "" if target is None else (f"met (≤ {target:g})" if value <= target else f"MISSED (target ≤ {target:g})")
        rows.append((key, shown, verdict))
    width = max(len(r[0]) for r in rows)
    return "\n".join(f"{k:<{width}}  {v:>12}  {t}" for k, v, t in rows)


def main() -> None:
    parser = argparse.ArgumentParser(description="Benchmark lawhistory on a SYNTHETIC statewide corpus.")
    parser.add_argument("--scale", type=float, default=1.0, help="1.0 = 140 councils, 2,000 laws, 6,000 instruments")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--requests", type=int, default=1000, help="law page requests in the load test")
    parser.add_argument("--clients", type=int, default=20, help="concurrent clients in the load test")
    parser.add_argument("--samples", type=int, default=50, help="show --at samples")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fresh", action="store_true", help="generate the corpus again")
    parser.add_argument("--no-row-inserts", action="store_true", help="skip the sqlite-utils row inserts (for comparison)")
    args = parser.parse_args()
    results = run(
        args.scale, args.out, requests=args.requests, clients=args.clients, samples=args.samples, seed=args.seed,
        fresh=args.fresh, row_inserts=not args.no_row_inserts,
    )  # fmt: skip
    print(table(results))
    path = args.out / f"bench-{args.scale:g}.json"
    path.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"\nwritten to {path}")


if __name__ == "__main__":
    main()
