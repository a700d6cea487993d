"""What the questions asked across laws cost on the statewide SYNTHETIC corpus: the build step that types the offences
and indexes similar provisions (``lawhistory.deriving.features``) with what it needs of the rows (each span's
text id, made with its row, and the index on it), full and for one law (an incremental build), how many
similar pairs it finds, how many of the close pairs it finds (against comparing every pair, for a sample), what it
adds to the database, and how fast ``/-/similar`` answers.

    python -m benchmarks.similar --scale 0.1       # 14 councils, 200 laws
    python -m benchmarks.similar --scale 1         # 140 councils, 2,000 laws

The corpus is the one ``benchmarks.run`` makes (benchmarks/out/corpus-<scale>/, generated when missing). The full
build is timed in a child process as ``benchmarks.run`` times it (it includes the step); the step is then timed again
alone on a copy of the built database. Results go to benchmarks/out/similar-<scale>.json.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import random
import shutil
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
from rapidfuzz import fuzz, process, utils

from benchmarks.run import OUT, database_size, run_build
from lawhistory.deriving import penalties, similar, text_ids
from lawhistory.publishing import similar_links

FEATURE_TABLES = ("offences", "similar_texts")
#: The build's own tables, beside the database (``similar.INDEX_NAME``).
INDEX_TABLES = ("provision_texts", "text_bands")


def _with_index(conn: sqlite3.Connection, index: Path) -> sqlite3.Connection:
    """``conn`` with the build's index of texts (``provision_texts``, ``text_bands``) at ``index`` attached."""
    conn.execute(f"attach database ? as {similar.INDEX_SCHEMA}", [str(index)])
    return conn


def _corpus(scale: float, seed: int) -> Path:
    from benchmarks.corpus import Scale, generate

    corpus = OUT / f"corpus-{scale:g}"
    if not (corpus / "laws").exists():
        generate(corpus, Scale.of(scale), seed)
    return corpus


def _timed(fn: Any) -> tuple[Any, float]:
    t0 = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - t0


def text_ids_cost(conn: sqlite3.Connection) -> dict[str, float]:
    """What the text ids add to the build before the step: each span's id made with its row (``with_text_ids`` over
    every law's spans, in one process here; the build's workers share it), and the index on ``provisions.text_id``
    (made with the other indexes)."""
    by_law: dict[str, list[tuple[Any, ...]]] = {}
    for law, kind, text in conn.execute("select law, kind, text from provisions"):
        by_law.setdefault(law, []).append((kind, text))
    _, made = _timed(lambda: [text_ids.with_text_ids(spans, 0, 1) for spans in by_law.values()])
    conn.execute("drop index if exists idx_provision_spans_text_id")
    _, indexed = _timed(lambda: conn.execute("create index idx_provision_spans_text_id on provision_spans (text_id)"))
    return {"text ids made with the rows, one process (s)": made, "index on provisions.text_id (s)": indexed}


def step_alone(db: Path) -> dict[str, Any]:
    """The feature step timed alone on a copy of the built database: full, then for one law (as an incremental build)."""
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "copy.db"
        shutil.copyfile(db, copy)
        shutil.copyfile(db.parent / similar.INDEX_NAME, Path(tmp) / similar.INDEX_NAME)
        conn = _with_index(sqlite3.connect(copy), Path(tmp) / similar.INDEX_NAME)
        out.update(text_ids_cost(conn))
        conn.execute("begin")
        offences, out["offences, full (s)"] = _timed(lambda: penalties.derive(conn))
        report, out["similar provisions, full (s)"] = _timed(lambda: similar.derive(conn))
        conn.commit()
        out["offences"] = offences
        out["offences without an amount"] = conn.execute("select count(*) from offences where penalty is null").fetchone()[0]
        out["provision spans indexed"] = report.spans
        out["distinct texts"] = report.texts
        out["all pairs of texts"] = report.texts * (report.texts - 1) // 2
        out["candidate pairs compared"] = report.candidates
        out["similar pairs kept (score >= 70)"] = report.pairs
        out["band keys skipped (> MAX_BUCKET texts)"] = report.skipped_buckets
        law = conn.execute("select id from laws order by id limit 1 offset (select count(*) / 2 from laws)").fetchone()[0]
        conn.execute("begin")
        _, out["offences, one law (s)"] = _timed(lambda: penalties.derive(conn, [law]))
        _, out["similar provisions, one law (s)"] = _timed(lambda: similar.derive(conn, [law]))
        conn.commit()
        conn.close()
    return out


def recall(db: Path, sample: int, seed: int) -> dict[str, Any]:
    """Of the pairs scoring 90 or more (and 80 or more) between a sample of texts and every text, the share found."""
    conn = _with_index(sqlite3.connect(db), db.parent / similar.INDEX_NAME)
    texts = conn.execute("select id, text from provision_texts").fetchall()
    found = set(conn.execute("select text_id, other_id from similar_texts"))
    conn.close()
    rng = random.Random(seed)
    picked = rng.sample(texts, min(sample, len(texts)))
    everything = [utils.default_process(t) for _, t in texts]
    scores, seconds = _timed(
        lambda: process.cdist(
            [utils.default_process(t) for _, t in picked], everything, scorer=fuzz.ratio, dtype=np.uint8, workers=-1
        )
    )
    out: dict[str, Any] = {"recall sample (texts)": len(picked), "brute force for the sample (s)": seconds}
    for threshold in (90, 80):
        close = [
            (picked[i][0], texts[j][0])
            for i, j in zip(*np.nonzero(scores >= threshold), strict=True)
            if picked[i][0] != texts[j][0]
        ]
        out[f"pairs scoring >= {threshold} in the sample"] = len(close)
        out[f"recall at >= {threshold}"] = sum(pair in found for pair in close) / len(close) if close else None
    return out


def query_latency(db: Path, samples: int, seed: int) -> dict[str, Any]:
    conn = sqlite3.connect(f"file:{db}?immutable=1", uri=True)
    rows = conn.execute(
        "select law, eid, valid_from from provisions where text_id is not null order by random() limit ?",
        [samples],
    ).fetchall()
    times, found = [], []
    for law, eid, valid_from in rows:
        data, seconds = _timed(
            lambda law=law, eid=eid, day=valid_from: similar.similar_to(conn, law, eid, dt.date.fromisoformat(day))
        )
        times.append(seconds * 1000)
        found.append(len(data["similar"]) if data else 0)
    pages = conn.execute(
        "select id, coalesce(commencement, '2020-01-01') from laws order by random() limit ?", [max(1, samples // 4)]
    ).fetchall()
    links, linked = [], []
    for law, day in pages:  # the law page's links (on the day it commenced, and today)
        for on in (day, dt.date.today().isoformat()):
            found_links, seconds = _timed(lambda law=law, on=on: similar_links.comparable(conn, law, on))
            links.append(seconds * 1000)
            linked.append(len(found_links))
    conn.close()
    ordered = sorted(times)
    return {
        "similar_to p50 (ms)": statistics.median(ordered) if ordered else None,
        "similar_to p95 (ms)": ordered[int(0.95 * (len(ordered) - 1))] if ordered else None,
        "similar provisions per provision (mean)": statistics.mean(found) if found else None,
        "law page similar links p50 (ms)": statistics.median(links) if links else None,
        "law page similar links p95 (ms)": sorted(links)[int(0.95 * (len(links) - 1))] if links else None,
        "law page similar links per page (mean)": statistics.mean(linked) if linked else None,
    }


def index_digest(db: Path) -> str:
    """A hash of what the index holds: each span's text id, the texts, their band keys and the similar pairs, each
    sorted. Read from ``provisions.text_id``, or from the table that linked the spans to their texts in earlier
    builds (``provision_text_ids``): two builds that index alike give the same digest, whichever way they link."""
    conn = sqlite3.connect(f"file:{db}?immutable=1", uri=True)
    if (db.parent / similar.INDEX_NAME).exists():  # earlier builds kept the index in the database
        _with_index(conn, db.parent / similar.INDEX_NAME)
    columns = {r[1] for r in conn.execute("pragma table_info(provisions)")}
    links = (
        "select law, position, from_version, text_id from provisions where text_id is not null"
        if "text_id" in columns
        else "select law, position, from_version, text_id from provision_text_ids"
    )
    digest = hashlib.blake2b(digest_size=16)
    for sql in (
        links + " order by 1, 2, 3",
        "select id, text, words from provision_texts order by id",
        "select band, text_id from text_bands order by band, text_id",
        "select text_id, other_id, score from similar_texts order by text_id, other_id",
    ):
        for row in conn.execute(sql):
            digest.update(repr(row).encode())
    conn.close()
    return digest.hexdigest()


def run(scale: float, seed: int, sample: int, queries: int) -> dict[str, Any]:
    corpus = _corpus(scale, seed)
    shutil.rmtree(corpus / "db", ignore_errors=True)
    (corpus / "db").mkdir()
    results: dict[str, Any] = {"scale": scale, "laws": len(list((corpus / "laws").glob("*/*.txt")))}
    build = run_build(corpus, full=True)
    results["full build (s)"] = build["total"]
    results["build stage: offences and similar provisions (s)"] = build["stages"].get("Offences and similar provisions")
    db = corpus / "db" / "lawhistory.db"
    results["index digest"] = index_digest(db)
    results.update(step_alone(db))
    step = results["offences, full (s)"] + results["similar provisions, full (s)"]
    step += results["text ids made with the rows, one process (s)"] + results["index on provisions.text_id (s)"]
    results["step / full build"] = step / build["total"]
    results["database (MiB)"] = db.stat().st_size / 2**20
    sizes = database_size(db)
    results["feature tables (MiB)"] = {t: round(sizes.get(t, 0.0), 2) for t in FEATURE_TABLES}
    index = database_size(db.parent / similar.INDEX_NAME)
    results["the build's index of texts, beside the database (MiB)"] = {t: round(index.get(t, 0.0), 2) for t in INDEX_TABLES}
    conn = sqlite3.connect(db)
    pages = conn.execute("select sum(pgsize) from dbstat where name = 'idx_provision_spans_text_id'").fetchone()[0]
    conn.close()
    results["index on provisions.text_id (MiB)"] = (pages or 0) / 2**20
    results.update(recall(db, sample, seed))
    results.update(query_latency(db, queries, seed))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description="Cost of typed offences and similar provisions on the SYNTHETIC corpus.")
    parser.add_argument("--scale", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sample", type=int, default=300, help="texts compared with every text to measure recall")
    parser.add_argument("--queries", type=int, default=200, help="similar_to calls timed")
    args = parser.parse_args()
    results = run(args.scale, args.seed, args.sample, args.queries)
    width = max(len(k) for k in results)
    for key, value in results.items():
        shown = f"{value:.3f}" if isinstance(value, float) else str(value)
        print(f"{key:<{width}}  {shown}")
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"similar-{args.scale:g}.json"
    path.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"\nwritten to {path}")


if __name__ == "__main__":
    main()
