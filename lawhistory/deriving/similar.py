"""Same clause, other councils: for a provision, the similar provisions of other laws in force on a date.

Many WA local laws follow common model texts. Comparing every provision with every other would take hours on a
statewide repository, so the build indexes instead of comparing all pairs:

1. every distinct text of a provision long enough to compare (``MIN_WORDS``) is stored once (``provision_texts``),
   and each provision span points to its text (``provisions.text_id``, a hash of the words made with the span's
   row in the build's workers, ``text_ids``) — identical texts in two laws are one text;
2. each new text gets a MinHash signature of its word shingles (``minhashes``: datasketch's default permutation
   scheme, the same values, without importing datasketch, whose package loads scipy) and is cut into ``BANDS`` bands of
   ``ROWS`` values; each band's hash is a key in ``text_bands`` (locality-sensitive hashing: two texts whose
   shingles overlap by Jaccard similarity s share a key with probability 1 - (1 - s^ROWS)^BANDS: 0.5 → 0.64,
   0.7 → 0.98). Texts sharing a key are candidates;
3. only candidates are compared word for word (rapidfuzz's ratio on lower-cased words without punctuation) and
   pairs scoring at least ``MIN_SCORE`` are kept (``similar_texts``, both ways round).

A band key shared by more than ``MAX_BUCKET`` texts (boilerplate such as "the local government may") is not used to
find candidates: it would make the comparison quadratic again; the count is reported by ``derive``. (An incremental
build judges a key by the texts holding it then; a key that grows past the limit later keeps the pairs it gave, so
only then can an incremental build hold pairs a full build would not.)
An incremental build adds only the texts it has not seen, and finds their candidates through the index.

The texts and their band keys are the build's alone: they are kept beside the published database, in
db/similar-index.db (``INDEX_NAME``), attached to the build's connection, and written in the build's transaction;
the published database holds the pairs (``similar_texts``), which is all the site and the canned queries read.

At a request, the provision's text, its similar texts and the spans holding them in other laws in force on the date
give the ranked list; the word-level redline against each is made then (``diff``), not stored.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import sqlite3
import struct
from collections import defaultdict
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz, utils

from ..core.diff import diff_html
from .schema_features import SIMILAR_SQL
from .schema_types import dict_rows, in_force_sql
from .text_ids import KINDS as KINDS
from .text_ids import MIN_WORDS as MIN_WORDS
from .text_ids import text_hash as text_hash
from .text_ids import words

SHINGLE = 2
NUM_PERM = 63
BANDS, ROWS = 21, 3
MIN_SCORE = 70.0
MAX_BUCKET = 400
_SEED = 1

Row = dict[str, Any]


def shingles(ws: Sequence[str]) -> list[bytes]:
    if len(ws) < SHINGLE:
        return [" ".join(ws).encode()]
    return [" ".join(ws[k : k + SHINGLE]).encode() for k in range(len(ws) - SHINGLE + 1)]


def minhashes(signatures: list[list[bytes]], num_perm: int = NUM_PERM, seed: int = _SEED) -> list[Any]:
    """Each text's MinHash values (a numpy array of ``num_perm`` uint32), as datasketch's ``MinHash.bulk`` makes them
    with its default scheme ("affine32", datasketch 2): each shingle's SHA-1 (its first 4 bytes, little-endian), mixed
    by the MurmurHash3 finalizer, then ``a * h + b`` modulo 2^32 for each permutation (odd ``a``, drawn with ``b`` from
    numpy's ``RandomState(seed)``), the least of each over the shingles. numpy is imported only when there are texts."""
    if not signatures:
        return []
    import numpy as np

    gen = np.random.RandomState(seed)
    a = gen.randint(0, 1 << 31, num_perm, dtype=np.uint32) * np.uint32(2) + np.uint32(1)
    b = gen.randint(0, 1 << 32, num_perm, dtype=np.uint32)
    out = []
    for shingled in signatures:
        if not shingled:
            out.append(np.full(num_perm, (1 << 32) - 1, dtype=np.uint32))
            continue
        hv = np.array([int.from_bytes(hashlib.sha1(x).digest()[:4], "little") for x in shingled], dtype=np.uint32)
        hv = hv.reshape(-1, 1)
        hv = hv ^ (hv >> np.uint32(16))
        hv = hv * np.uint32(0x85EBCA6B)
        hv = hv ^ (hv >> np.uint32(13))
        hv = hv * np.uint32(0xC2B2AE35)
        hv = hv ^ (hv >> np.uint32(16))
        out.append((hv * a + b).min(axis=0))
    return out


_MAX32 = (1 << 32) - 1
#: ``minhashes``' permutations for ``NUM_PERM`` and ``_SEED``: the ``a`` and ``b`` numpy's ``RandomState(1)`` draws
#: (``tests/test_similar.py`` draws them again), so that a few texts are hashed without importing numpy.
_A = (
    3582191691, 4270784983, 1892572953, 3715639441, 982527, 1100580627, 2597016983, 4286725387, 1260623519, 2027988865,
    793182497, 3406602499, 1599963033, 3332127887, 2968344027, 1458107385, 3408206605, 3741252147, 333433189, 2974788137,
    3600853501, 2690998987, 1591023397, 210867113, 1756231447, 3809231353, 3248004053, 1972053305, 235257659, 295613213,
    1464304741, 3555906697, 3584620975, 3927359407, 504141779, 3699672547, 1205914607, 3772079037, 1701678785,
    2391345325, 2583376155, 1855172563, 4022336275, 2600667151, 2692293247, 797152891, 1652038701, 155929203,
    3233158147, 3135500033, 3389645433, 2827350435, 730524177, 2831271345, 335478043, 2345481447, 1458832223,
    508895189, 3248219379, 1464824721, 844792893, 799426703, 3617286919,
)  # fmt: skip
_B = (
    2884732358, 4114104213, 1768615473, 2289927481, 848474627, 2971589572, 1243949848, 1355129329, 610401323,
    2948499020, 3364310042, 3584689972, 1771840848, 78547565, 146764659, 3221845289, 2680188370, 4247126031,
    2837408832, 3213347012, 1282027545, 1204497775, 1916133090, 3389928919, 954017671, 443352346, 315096729,
    1923688040, 2015364118, 3902387977, 413056707, 1261063143, 3879945342, 1235985687, 513207677, 558468452,
    2253996187, 83180453, 359158073, 2915576403, 3937889446, 908935816, 3910346016, 1140514210, 1283895050,
    2111290647, 2509932175, 229190383, 2430573655, 2465816345, 2636844999, 630194419, 4108289372, 2531048010,
    1120896190, 3005439278, 992203680, 439523032, 2291143831, 1778356919, 4079953217, 2982425969, 2117674829,
)  # fmt: skip
#: Up to this many shingles in all, ``band_keys`` hashes in Python (``small_minhashes``) rather than import numpy
#: (some 60 ms of a new process, more than hashing this many in Python): an incremental build's few new texts.
SMALL = 4000


def small_minhashes(signatures: list[list[bytes]]) -> list[tuple[int, ...]]:
    """``minhashes(signatures)``'s values (for ``NUM_PERM`` and ``_SEED``), each text's a tuple of ints, made in Python
    without numpy: the same arithmetic, modulo 2^32."""
    out: list[tuple[int, ...]] = []
    pairs = tuple(zip(_A, _B, strict=True))
    for shingled in signatures:
        if not shingled:
            out.append((_MAX32,) * NUM_PERM)
            continue
        hv = []
        for x in shingled:
            h = int.from_bytes(hashlib.sha1(x).digest()[:4], "little")
            h ^= h >> 16
            h = (h * 0x85EBCA6B) & _MAX32
            h ^= h >> 13
            h = (h * 0xC2B2AE35) & _MAX32
            hv.append(h ^ (h >> 16))
        out.append(tuple([min([(a * h + b) & _MAX32 for h in hv]) for a, b in pairs]))
    return out


def band_keys(signatures: list[list[bytes]]) -> list[list[int]]:
    """For each text's shingles, its ``BANDS`` band keys (band number and band values hashed together). A few texts
    (``SMALL`` shingles in all) are hashed without numpy (``small_minhashes``: the same values, the same keys)."""
    out = []
    if sum(len(s) for s in signatures) <= SMALL:
        bands = [
            [struct.pack(f"={ROWS}I", *v[b * ROWS : (b + 1) * ROWS]) for b in range(BANDS)] for v in small_minhashes(signatures)
        ]
    else:
        bands = [[v[b * ROWS : (b + 1) * ROWS].tobytes() for b in range(BANDS)] for v in minhashes(signatures)]
    for each in bands:
        out.append(
            [
                int.from_bytes(hashlib.blake2b(bytes([b]) + band, digest_size=8).digest(), "big", signed=True)
                for b, band in enumerate(each)
            ]
        )
    return out


def score(a: str, b: str) -> float:
    return float(fuzz.ratio(a, b, processor=utils.default_process))


@dataclass
class Report:
    """What ``derive`` did: texts indexed, candidate pairs compared, similar pairs kept, buckets skipped."""

    spans: int = 0  # provision spans with a text (counted by a full derive only)
    texts: int = 0  # distinct texts indexed (counted by a full derive only)
    new_texts: int = 0
    candidates: int = 0
    pairs: int = 0
    skipped_buckets: int = 0
    notes: list[str] = field(default_factory=list)


def _texts(conn: sqlite3.Connection, ids: list[int]) -> list[tuple[int, str, list[str]]]:
    """The words of the texts ``ids``, each read from one provision holding it (through the index on text_id)."""
    out = []
    for i in ids:
        (text,) = conn.execute("select text from provisions where text_id = ? limit 1", [i]).fetchone()
        out.append((i, text, words(text)))
    return out


def held_by(conn: sqlite3.Connection, laws: Sequence[str]) -> set[int]:
    """The text ids the provisions of ``laws`` hold now (before an incremental build removes their rows)."""
    marks = ", ".join("?" for _ in laws)
    sql = f"select distinct text_id from provisions where text_id is not null and law in ({marks})"
    return {i for (i,) in conn.execute(sql, list(laws))} if laws else set()


#: Texts hashed and indexed at a time: a text's words, shingles and signature are held only while its chunk is indexed
#: (all of them at once made the build's own process grow with the repository).
CHUNK = 2000

# --- the build's own index of texts, kept out of the published database ------------------------------------------

#: The file beside db/lawhistory.db holding the texts compared and their band keys (``provision_texts``,
#: ``text_bands``): only the build reads them (the site and the canned queries read ``similar_texts``), and in the
#: published database they were a third of a small repository's file (the bundled one: 0.88 of 2.7 MiB).
INDEX_NAME = "similar-index.db"
#: Its schema name while attached to the build's connection: the two tables' names reach it unqualified, as the
#: published database holds no table of those names.
INDEX_SCHEMA = "similar_index"
_INDEX_TABLES = (
    "create table if not exists {s}.provision_texts (id integer primary key, text text, words integer)",
    "create table if not exists {s}.text_bands (band integer not null, text_id integer not null,"
    " primary key (band, text_id)) without rowid",
    # the build_info of the database this index was last written with (``record``; ``current`` compares them)
    "create table if not exists {s}.build_info (key text primary key, value text)",
)


def attach(conn: sqlite3.Connection, path: Path, *, scratch: bool = False) -> None:
    """Attach the build's index of texts at ``path`` (made empty when there is none) to the build's connection;
    ``scratch``: a file thrown away on failure, written without a journal (a full build's, as its database is)."""
    conn.execute("attach database ? as " + INDEX_SCHEMA, [str(path)])
    if scratch:
        conn.execute(f"pragma {INDEX_SCHEMA}.journal_mode = off")
        conn.execute(f"pragma {INDEX_SCHEMA}.synchronous = off")
    for sql in _INDEX_TABLES:
        conn.execute(sql.format(s=INDEX_SCHEMA))


def detach(conn: sqlite3.Connection) -> None:
    conn.execute("detach database " + INDEX_SCHEMA)


def current(conn: sqlite3.Connection) -> bool:
    """Whether the attached index was written with the database as it is now: the same build_info (schema, code,
    inputs, history head) in both. A build killed between writing one and the other, an index deleted or copied from
    another build, or a database put back from a copy, leaves them different, and ``reindex`` makes it again."""
    ask = "select key, value from {}.build_info order by key"
    mine = conn.execute(ask.format(INDEX_SCHEMA)).fetchall()
    return bool(mine) and mine == conn.execute(ask.format("main")).fetchall()


def record(conn: sqlite3.Connection) -> None:
    """Mark the attached index as written with the database's build_info (in the build's transaction, once it is
    written)."""
    conn.execute(f"delete from {INDEX_SCHEMA}.build_info")
    conn.execute(f"insert into {INDEX_SCHEMA}.build_info (key, value) select key, value from main.build_info")


def reindex(conn: sqlite3.Connection) -> int:
    """Make the attached index again from the texts the database's provisions hold now (their pairs in
    ``similar_texts`` are kept: they were made with these texts); gives the number of texts indexed. What an
    incremental build does first when the index is not ``current``, before it changes any law's rows."""
    conn.execute("delete from text_bands")
    conn.execute("delete from provision_texts")
    count = 0
    for chunk in _new_texts(conn, None):
        _index(conn, chunk)
        count += len(chunk)
    return count


def _ensure_tables(conn: sqlite3.Connection) -> None:
    """The index's tables for a connection the build did not attach its index to (a full derive on a bare connection
    to a database, as the tests and benchmarks make): temporary ones, gone with the connection."""
    try:
        conn.execute("select 1 from text_bands limit 0")
    except sqlite3.OperationalError:
        for sql in _INDEX_TABLES[:2]:
            conn.execute(sql.format(s="temp"))


def _index(conn: sqlite3.Connection, chunk: list[int]) -> list[int]:
    """Store the texts ``chunk`` and their band keys; gives the keys."""
    new = _texts(conn, chunk)
    conn.executemany("insert into provision_texts values (?, ?, ?)", ((i, t, len(ws)) for i, t, ws in new))
    keys = band_keys([shingles(ws) for _, _, ws in new])
    conn.executemany(
        "insert into text_bands values (?, ?)", ((k, i) for (i, _, _), ks in zip(new, keys, strict=True) for k in ks)
    )
    return [k for ks in keys for k in ks]


def derive(conn: sqlite3.Connection, laws: Sequence[str] | None = None, held: Collection[int] | None = None) -> Report:
    """Index the provision texts of ``laws`` (every law when None: the tables are made anew) and find the pairs of
    similar texts among the texts not indexed before; returns what it did.

    Each span's text id was made with its row (``provisions.text_id``, in the build's workers): SQLite lists the ids
    not seen before from the index on it, ``CHUNK`` at a time; Python only hashes and compares the new texts (what it
    holds for a chunk is dropped once its band keys are written). An incremental build then forgets the texts no
    provision holds any more: of ``held`` (``held_by`` those laws before their rows were removed; only they can have
    lost their last provision), or of every text when it is not given.

    What a full derive holds does not grow with the repository: the ids of one chunk, the texts of one band key and
    the candidate pairs of one bucket at a time (the pairs themselves wait in a temporary table, ``_pairs``). An
    incremental derive holds its new texts' ids and band keys, in proportion to the laws it derives.
    """
    report = Report()
    if laws is not None and not laws:
        return report
    if laws is None:
        _ensure_tables(conn)
        for table in ("similar_texts", "text_bands", "provision_texts"):
            conn.execute(f"delete from {table}")
    new_ids: set[int] | None = None if laws is None else set()  # None: every text is new (a full derive)
    wanted: set[int] = set()  # an incremental build's band keys of its new texts (a full build reads every key)
    for chunk in _new_texts(conn, laws):
        keys = _index(conn, chunk)
        report.new_texts += len(chunk)
        if new_ids is not None:
            new_ids.update(chunk)
            wanted.update(keys)
    if laws is None:  # counted for a full derive's report only: a count of every span grows with the repository
        report.spans = conn.execute("select count(*) from provisions where text_id is not null").fetchone()[0]
    if report.new_texts:
        _pairs(conn, new_ids, None if laws is None else wanted, report)
    if laws is not None:
        _forget_unused(conn, held)
    else:  # counted for a full derive's report only, as the spans are
        report.texts = conn.execute("select count(*) from provision_texts").fetchone()[0]
    return report


_EVERY = "select distinct text_id from provisions where text_id is not null"
#: The same ids as ``_EVERY``, read in order from the spans' covering index on ``text_id`` (a chunk after another)
#: without the view's joins made for every span: every span is written with its law's key (``store.write_law``), so
#: the view holds every span.
_AFTER = "select distinct text_id from provision_spans where text_id is not null"


def _new_texts(conn: sqlite3.Connection, laws: Sequence[str] | None) -> Iterator[list[int]]:
    """The ids of the texts not indexed before, in order, ``CHUNK`` at a time: of every law (None; each chunk read
    from the index on ``text_id`` after the last, as the texts before it are indexed), or of ``laws``."""
    if laws is None:
        chunk = [i for (i,) in conn.execute(f"{_AFTER} order by text_id limit ?", [CHUNK])]
        while chunk:
            yield chunk
            after = chunk[-1]
            chunk = [i for (i,) in conn.execute(f"{_AFTER} and text_id > ? order by text_id limit ?", [after, CHUNK])]
        return
    marks = ", ".join("?" for _ in laws)
    ids = sorted(
        i
        for (i,) in conn.execute(
            f"{_EVERY} and law in ({marks}) and not exists (select 1 from provision_texts t where t.id = text_id)", list(laws)
        )
    )
    for start in range(0, len(ids), CHUNK):
        yield ids[start : start + CHUNK]


def _buckets(conn: sqlite3.Connection, wanted: set[int] | None) -> Iterator[list[int]]:
    """The texts sharing each band key, in order: of ``wanted`` keys (None: of every key, read in the order of the
    table's primary key, one key's texts held at a time)."""
    if wanted is None:
        band: int | None = None
        members: list[int] = []
        for k, text_id in conn.execute("select band, text_id from text_bands order by band, text_id"):
            if k != band:
                if members:
                    yield members
                band, members = k, []
            members.append(text_id)
        if members:
            yield members
        return
    buckets: dict[int, list[int]] = defaultdict(list)
    keys = sorted(wanted)
    for start in range(0, len(keys), 500):
        chunk = keys[start : start + 500]
        for k, text_id in conn.execute(
            f"select band, text_id from text_bands where band in ({', '.join('?' for _ in chunk)})", chunk
        ):
            buckets[k].append(text_id)
    yield from buckets.values()


def _bucket_pairs(members: list[int], new_ids: set[int] | None) -> list[tuple[int, int]]:
    """The candidate pairs (lesser id first) of the texts sharing one band key: each new text with each other text
    (``new_ids``; None: every text is new)."""
    if new_ids is None:
        ordered = sorted(members)
        return [(a, b) for n, a in enumerate(ordered) for b in ordered[n + 1 :] if a != b]
    out = []
    for a in members:
        if a not in new_ids:
            continue
        for b in members:
            if a != b and (b not in new_ids or a < b):
                out.append((a, b) if a < b else (b, a))
    return out


#: Candidate pairs compared and similar pairs written at a time.
PAIRS_CHUNK = 5000


def _pairs(conn: sqlite3.Connection, new_ids: set[int] | None, wanted: set[int] | None, report: Report) -> None:
    """Compare each new text (``new_ids``; None: every text) with the texts sharing a band key with it (``_buckets``),
    and keep the similar pairs.

    The candidates are gathered in a temporary table (a pair sharing several keys is compared once), then read back
    in order with their texts and compared ``PAIRS_CHUNK`` at a time: only one bucket's pairs and one chunk's texts are
    held at once."""
    conn.execute("drop table if exists temp.similar_candidates")
    conn.execute(
        "create temp table similar_candidates (a integer not null, b integer not null, primary key (a, b)) without rowid"
    )
    insert = "insert or ignore into temp.similar_candidates values (?, ?)"
    try:
        waiting: list[tuple[int, int]] = []
        for members in _buckets(conn, wanted):
            if len(members) > MAX_BUCKET:
                report.skipped_buckets += 1
                continue
            if len(members) < 2:
                continue
            waiting += _bucket_pairs(members, new_ids)
            if len(waiting) >= PAIRS_CHUNK:
                conn.executemany(insert, waiting)
                waiting = []
        conn.executemany(insert, waiting)
        report.candidates = conn.execute("select count(*) from temp.similar_candidates").fetchone()[0]
        rows = conn.execute(
            "select c.a, c.b, ta.text, tb.text from temp.similar_candidates c"
            " join provision_texts ta on ta.id = c.a join provision_texts tb on tb.id = c.b order by c.a, c.b"
        )
        process = functools.lru_cache(maxsize=PAIRS_CHUNK)(utils.default_process)
        while chunk := rows.fetchmany(PAIRS_CHUNK):
            kept = []
            for a, b, text_a, text_b in chunk:
                s = float(fuzz.ratio(process(text_a), process(text_b)))
                if s >= MIN_SCORE:
                    kept += [(a, b, s), (b, a, s)]
            conn.executemany("insert or replace into similar_texts values (?, ?, ?)", kept)
            report.pairs += len(kept) // 2
    finally:
        conn.execute("drop table if exists temp.similar_candidates")


def _forget_unused(conn: sqlite3.Connection, held: Collection[int] | None = None) -> None:
    """Remove the texts that no provision holds any more (of ``held``; None: of all), with their band keys and pairs
    (each found through a primary key: a text's band keys are made again from its words)."""
    unheld = "select id from provision_texts t where not exists (select 1 from provisions p where p.text_id = t.id)"
    if held is None:
        gone = [i for (i,) in conn.execute(unheld + " order by id")]
    else:
        gone = []
        ids = sorted(held)
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            gone += [i for (i,) in conn.execute(f"{unheld} and t.id in ({', '.join('?' for _ in chunk)})", chunk)]
        gone.sort()
    if not gone:
        return
    texts = dict(conn.execute(f"select id, text from provision_texts where id in ({', '.join('?' for _ in gone)})", gone))
    keys = band_keys([shingles(words(texts[i])) for i in gone])
    conn.executemany(
        "delete from text_bands where band = ? and text_id = ?", ((k, i) for i, ks in zip(gone, keys, strict=True) for k in ks)
    )
    conn.executemany(
        "delete from similar_texts where other_id = ? and text_id in (select other_id from similar_texts where text_id = ?)",
        ((i, i) for i in gone),
    )
    conn.executemany("delete from similar_texts where text_id = ?", ((i,) for i in gone))
    conn.executemany("delete from provision_texts where id = ?", ((i,) for i in gone))


# --- asking ---------------------------------------------------------------------------------------------------------


#: The provisions of other laws in force on :at whose words are the same as, or similar to, the words of the provision
#: :eid of the law :law as in force on :at, most similar first (the ``similar_provisions`` canned query); a schedule
#: row is compared with schedule rows, any other provision with provisions that are not.


def similar_to(conn: sqlite3.Connection, law: str, eid: str, at: dt.date, limit: int = 50) -> Row | None:
    """The provision ``eid`` of ``law`` as in force on ``at`` and the similar provisions of other laws in force then,
    each with a word-level redline from this provision's words to its words; None when there is no such provision."""
    mine = dict_rows(
        conn,
        "select p.law, p.citation, p.eid, p.kind, p.heading, p.text, p.valid_from, p.valid_to, l.title as law_title,"
        " l.local_government from provisions p join laws l on l.id = p.law"
        f" where p.law = :law and p.eid = :eid and {in_force_sql(':at', 'p')}",
        {"law": law, "eid": eid, "at": at.isoformat()},
    )
    if not mine:
        return None
    me = mine[0]
    rows = dict_rows(conn, SIMILAR_SQL, {"law": law, "eid": eid, "at": at.isoformat()})[:limit]
    for r in rows:
        r["diff_html"] = diff_html(me["text"] or "", r["text"] or "")
    indexed = conn.execute(
        "select 1 from provisions where law = ? and eid = ? and text_id is not null limit 1", [law, eid]
    ).fetchone()
    held = within(conn, law, eid, at)
    return {"as_at": at.isoformat(), "provision": me, "similar": rows, "indexed": indexed is not None, "within": held}


def within(conn: sqlite3.Connection, law: str, eid: str, at: dt.date) -> list[Row]:
    """The provisions that ``eid`` holds (their eIds are its own, ``__``, and more) in force on ``at`` and compared by
    the index, in document order: where the law page's one link from a heading leads on from (``similar_links``)."""
    return dict_rows(
        conn,
        "select citation, eid, kind, heading, text from provisions"
        f" where law = :law and substr(eid, 1, length(:prefix)) = :prefix and {in_force_sql(':at', document_order=True)}"
        " and +text_id is not null order by position",
        {"law": law, "prefix": eid + "__", "at": at.isoformat()},
    )


COLUMNS = ("score", "local_government", "law_title", "law", "citation", "eid", "kind", "text", "valid_from", "valid_to")
