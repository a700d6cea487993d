"""Same clause, other councils: the index of similar provisions (MinHash bands, candidates compared word for word),
the /-/similar page with its word-level redlines, the canned query, and incremental builds (bundled real laws and
SYNTHETIC laws of invented councils)."""

from __future__ import annotations

import datetime as dt
import re
import shutil
import sqlite3
from pathlib import Path
from urllib.parse import urljoin

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz import fuzz, process, utils

from lawhistory.deriving import similar
from lawhistory.deriving.build import build
from lawhistory.files.repo import Repository
from lawhistory.publishing.site import load_metadata, make_datasette

from .conftest_publish import KELLERBERRIN, table_rows
from .conftest_publish import KULIN_ANIMALS as KULIN
from .features_repo import FIXTURES, NEWTOWN, OLDTOWN, ROOT, make_features_repo


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Repository:
    return make_features_repo(tmp_path_factory.mktemp("similar") / "repo")


def connect(repo: Repository) -> sqlite3.Connection:
    """The published database with the build's own index of texts attached (``provision_texts``, ``text_bands``)."""
    conn = sqlite3.connect(repo.db_dir / "lawhistory.db")
    conn.execute(f"attach database ? as {similar.INDEX_SCHEMA}", [str(repo.db_dir / similar.INDEX_NAME)])
    return conn


def all_rows(repo: Repository) -> dict[str, list[tuple[object, ...]]]:
    """Every row of the published database's tables and of the build's index of texts beside it."""
    published = table_rows(repo.db_dir / "lawhistory.db")
    conn = sqlite3.connect(repo.db_dir / similar.INDEX_NAME)
    try:
        index = {t: sorted(conn.execute(f"select * from {t}").fetchall(), key=repr) for t in ("provision_texts", "text_bands")}
        assert sorted(conn.execute("select * from build_info")) == published["build_info"]  # written with it
    finally:
        conn.close()
    return {**published, **index}


def test_a_reworded_model_clause_is_found_in_the_other_council_with_a_redline(repo: Repository) -> None:
    data = similar.similar_to(connect(repo), OLDTOWN, "sec_1.2", dt.date(2024, 1, 1))
    assert data is not None and data["indexed"]
    [other] = [r for r in data["similar"] if r["law"] == NEWTOWN]
    assert other["citation"] == "1.2" and 70 <= other["score"] < 100
    assert "<del>allow</del><ins>permit</ins>" in other["diff_html"]
    assert "capable of controlling <del>it.</del><ins>the dog.</ins>" in other["diff_html"]


def test_only_provisions_in_force_on_the_date_are_listed(repo: Repository) -> None:
    before = similar.similar_to(connect(repo), OLDTOWN, "sec_1.2", dt.date(2018, 1, 1))  # Newtown's law commenced 2018-02-28
    assert before is not None and [r["law"] for r in before["similar"]] == []
    assert similar.similar_to(connect(repo), NEWTOWN, "sec_1.2", dt.date(2018, 1, 1)) is None


def test_identical_words_in_another_law_score_100_and_rank_first(repo: Repository) -> None:
    data = similar.similar_to(connect(repo), KELLERBERRIN, "sec_3.9__para_a", dt.date(2024, 1, 1))
    assert data is not None
    first = data["similar"][0]
    assert (first["law"], first["citation"], first["score"]) == (KULIN, "3.8(1)(a)", 100.0)
    assert "<del>" not in first["diff_html"] and "<ins>" not in first["diff_html"]
    assert [r["score"] for r in data["similar"]] == sorted((r["score"] for r in data["similar"]), reverse=True)
    assert all(r["law"] != KELLERBERRIN for r in data["similar"])


def test_a_short_provision_is_not_indexed(repo: Repository) -> None:
    data = similar.similar_to(connect(repo), KELLERBERRIN, "sec_2.7__para_a", dt.date(2021, 1, 1))  # "roosters;"
    assert data is not None and not data["indexed"] and data["similar"] == []


def test_the_index_finds_nearly_every_close_pair_without_comparing_all_pairs(repo: Repository) -> None:
    """Against comparing every pair of texts: at least 95% of the pairs scoring 90 or more are found, while the
    texts compared are a small fraction of all pairs."""
    conn = connect(repo)
    texts = conn.execute("select id, text from provision_texts order by id").fetchall()
    ids = [i for i, _ in texts]
    words = [utils.default_process(t) for _, t in texts]
    scores = process.cdist(words, words, scorer=fuzz.ratio, dtype=np.uint8, workers=1)
    close = {(ids[i], ids[j]) for i, j in zip(*np.nonzero(scores >= 90), strict=True) if i < j}
    found = set(conn.execute("select text_id, other_id from similar_texts"))
    assert len(close) > 50
    assert len(close & found) >= 0.95 * len(close)
    assert len(found) // 2 < len(ids) * (len(ids) - 1) // 2 // 100
    # every pair kept scores as the module says, both ways round
    for a, b, s in conn.execute("select text_id, other_id, score from similar_texts limit 200"):
        assert (b, a) in found and s == similar.score(dict(texts)[a], dict(texts)[b]) >= similar.MIN_SCORE


def test_an_incremental_build_equals_a_full_build(tmp_path: Path) -> None:
    """Adding a law and then removing one, built incrementally, leaves the same index as a full build."""
    repo = make_features_repo(tmp_path / "inc", instrument=False, built=False)
    newtown = repo.law_path(NEWTOWN)
    text = newtown.read_text(encoding="utf-8")
    newtown.unlink()
    build(repo)
    repo.write_text(newtown, text)
    report = build(repo)
    assert report.derived == [NEWTOWN]
    fresh = make_features_repo(tmp_path / "full", instrument=False, built=True)
    tables = ("provisions", "provision_texts", "text_bands", "similar_texts", "offences")
    mine, theirs = all_rows(repo), all_rows(fresh)
    assert {t: mine[t] for t in tables} == {t: theirs[t] for t in tables}
    (repo.laws_dir / "oldtown" / "synthetic-dogs-local-law-2005.txt").unlink()
    build(repo)
    shutil.rmtree(fresh.laws_dir / "oldtown")
    build(fresh, full=True)
    mine, theirs = all_rows(repo), all_rows(fresh)
    assert {t: mine[t] for t in tables} == {t: theirs[t] for t in tables}
    assert not any(r[0] == OLDTOWN for r in mine["provisions"])


def test_texts_indexed_a_few_at_a_time_make_the_index_all_at_once_makes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The build indexes the texts in chunks (its own process holds one chunk's words and signatures at a time): chunks
    of three texts, in a full build and then an incremental one, give the rows and the report of one chunk."""
    tables = ("provision_texts", "text_bands", "similar_texts")
    whole = make_features_repo(tmp_path / "whole", instrument=False, built=False)
    monkeypatch.setattr(similar, "CHUNK", 1 << 20)
    build(whole, full=True)
    conn = connect(whole)
    expected = similar.derive(conn)
    conn.close()
    assert expected.new_texts > 3 and expected.pairs and expected.candidates
    chunked = make_features_repo(tmp_path / "chunked", instrument=False, built=False)
    newtown = chunked.law_path(NEWTOWN)
    text = newtown.read_text(encoding="utf-8")
    newtown.unlink()
    monkeypatch.setattr(similar, "CHUNK", 3)
    build(chunked, full=True)
    chunked.write_text(newtown, text)
    assert build(chunked).derived == [NEWTOWN]  # its texts indexed three at a time, found through text_bands
    mine, theirs = all_rows(chunked), all_rows(whole)
    assert {t: mine[t] for t in tables} == {t: theirs[t] for t in tables}
    conn = connect(chunked)
    assert similar.derive(conn) == expected  # a full derive in chunks of three: the same report
    conn.close()


def _pairs_from_all_candidates(conn: sqlite3.Connection) -> tuple[set[tuple[int, int, float]], int, int]:
    """The similar pairs, the candidates and the skipped buckets, found the plain way: every band key's texts read at
    once, every candidate pair held in one set, every text's words processed beforehand."""
    buckets: dict[int, list[int]] = {}
    for band, text_id in conn.execute("select band, text_id from text_bands"):
        buckets.setdefault(band, []).append(text_id)
    candidates = {
        (a, b)
        for members in buckets.values()
        if 2 <= len(members) <= similar.MAX_BUCKET
        for a in members
        for b in members
        if a < b
    }
    processed = {i: utils.default_process(t) for i, t in conn.execute("select id, text from provision_texts")}
    kept = set()
    for a, b in candidates:
        score = float(fuzz.ratio(processed[a], processed[b]))
        if score >= similar.MIN_SCORE:
            kept |= {(a, b, score), (b, a, score)}
    skipped = sum(len(m) > similar.MAX_BUCKET for m in buckets.values())
    return kept, len(candidates), skipped


def test_pairs_compared_a_few_at_a_time_are_the_pairs_of_all_candidates_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full derive holds one bucket's candidates and one chunk of pairs at a time (the candidates wait in a temporary
    table): in chunks of two pairs, and with buckets of three texts at most, it keeps the pairs and counts the
    candidates that every candidate held at once gives; an incremental build after it keeps the same pairs too."""
    default = similar.MAX_BUCKET
    for max_bucket in (default, 3):
        monkeypatch.setattr(similar, "MAX_BUCKET", max_bucket)
        monkeypatch.setattr(similar, "PAIRS_CHUNK", 2)
        whole = make_features_repo(tmp_path / f"whole-{max_bucket}", instrument=False, built=False)
        build(whole, full=True)
        conn = connect(whole)
        report = similar.derive(conn)
        kept, candidates, skipped = _pairs_from_all_candidates(conn)
        assert report.pairs * 2 == len(kept) and report.candidates == candidates and report.skipped_buckets == skipped
        assert bool(kept) and bool(skipped) == (max_bucket == 3)
        assert set(conn.execute("select text_id, other_id, score from similar_texts")) == kept
        assert not conn.execute("select name from sqlite_temp_master").fetchall()  # the candidates' table is gone
        conn.close()
        if max_bucket != default:
            continue  # a key past the limit in a full build may not have been in an incremental one (``similar``)
        parted = make_features_repo(tmp_path / f"parted-{max_bucket}", instrument=False, built=False)
        newtown = parted.law_path(NEWTOWN)
        text = newtown.read_text(encoding="utf-8")
        newtown.unlink()
        build(parted, full=True)
        parted.write_text(newtown, text)
        assert build(parted).derived == [NEWTOWN]
        tables = ("provision_texts", "text_bands", "similar_texts")
        mine, theirs = all_rows(parted), all_rows(whole)
        assert {t: mine[t] for t in tables} == {t: theirs[t] for t in tables}


async def test_similar_page_json_csv_and_canned_query(repo: Repository) -> None:
    ds = make_datasette(repo.db_dir / "lawhistory.db", load_metadata(ROOT / "metadata.yml"))
    params = {"law": OLDTOWN, "eid": "sec_1.2", "at": "2024-01-01"}
    html = (await ds.client.get("/-/similar", params=params)).text
    assert "Provisions like 1.2 in other laws" in html and "<del>allow</del><ins>permit</ins>" in html
    assert f'href="/-/law/{NEWTOWN}?at=2024-01-01#sec_1.2"' in html
    data = (await ds.client.get("/-/similar.json", params=params)).json()
    assert [(r["law"], r["citation"]) for r in data["similar"]] == [(NEWTOWN, "1.2")]
    csv = (await ds.client.get("/-/similar.csv", params=params)).text.splitlines()
    assert csv[0] == ",".join(similar.COLUMNS) and len(csv) == 2
    canned = (await ds.client.get("/lawhistory/similar_provisions.json", params={**params, "_shape": "array"})).json()
    assert [(r["law"], r["citation"], r["score"]) for r in canned] == [(NEWTOWN, "1.2", data["similar"][0]["score"])]
    missing = await ds.client.get("/-/similar", params={"law": OLDTOWN, "eid": "sec_9.9", "at": "2024-01-01"})
    assert missing.status_code == 404 and "No provision" in missing.text
    history = (await ds.client.get(f"/-/law/{OLDTOWN}", params={"history": "sec_1.2"})).text
    assert f"/-/similar?law={OLDTOWN.replace('/', '%2F')}&amp;eid=sec_1.2&amp;at=2005-06-01" in history


def test_metadata_canned_query_is_the_module_sql() -> None:
    served = load_metadata(ROOT / "metadata.yml")  # the schema's canned queries, added at serve time
    assert served["databases"]["lawhistory"]["queries"]["similar_provisions"]["sql"].strip() == similar.SIMILAR_SQL.strip()


def test_fixtures_are_synthetic() -> None:
    for path in FIXTURES.glob("*.txt"):
        assert "SYNTHETIC" in path.read_text(encoding="utf-8").split("\n---\n", 1)[0]


def test_text_ids_made_with_the_rows_link_the_spans_the_index_linked_in_sql(repo: Repository) -> None:
    """Each span's text id, made with its row in the build's workers, is what the index made before by joining every
    span to the distinct texts in SQL (kind compared, text over 20 characters, six words or more): the same spans
    linked to the same ids, and the same texts stored once each."""
    conn = connect(repo)
    kinds = ", ".join(f"'{k}'" for k in similar.KINDS)
    rows = conn.execute(
        f"select law, position, from_version, text from provisions where kind in ({kinds})"
        " and text is not null and length(text) > 20"
    ).fetchall()
    long_enough = [r for r in rows if len(similar.words(r[3])) >= similar.MIN_WORDS]
    assert len(long_enough) > 100 and len(long_enough) < len(rows)
    links = set(conn.execute("select law, position, from_version, text_id from provisions where text_id is not null"))
    assert links == {(law, pos, ver, similar.text_hash(text)) for law, pos, ver, text in long_enough}
    stored = set(conn.execute("select id, text, words from provision_texts"))
    assert stored == {(similar.text_hash(t), t, len(similar.words(t))) for *_, t in long_enough}
    # every stored text has its band keys, and pairs only join stored texts
    assert {i for (i,) in conn.execute("select distinct text_id from text_bands")} == {i for i, _, _ in stored}
    assert {i for pair in conn.execute("select text_id, other_id from similar_texts") for i in pair} <= {i for i, _, _ in stored}


async def test_every_compared_provision_is_reached_from_the_law_page_through_its_headings_one_link(
    repo: Repository,
) -> None:
    """The law page links once from each heading that is or holds a compared provision (relative to the law page, so
    that it works under any base URL), not from each provision: the heading's /-/similar page lists the provisions it
    holds, each linked to its own list. Every provision the index compares is reached so, on the date shown; a
    provision too short to compare is not listed."""
    ds = make_datasette(repo.db_dir / "lawhistory.db", load_metadata(ROOT / "metadata.yml"))
    base = f"http://localhost/-/law/{KELLERBERRIN}?at=2024-01-01"
    html = (await ds.client.get(base.removeprefix("http://localhost"))).text
    line = next(x for x in html.splitlines() if 'id="sec_3.9"' in x)  # the clause's heading: one link for all of it
    href = f"../../similar?law={KELLERBERRIN.replace('/', '%2F')}&amp;eid=sec_3.9&amp;at=2024-01-01"
    assert f'<a class="similar" href="{href}" rel="nofollow"' in line and line.endswith("</a></h4>")
    assert 'aria-label="Provisions like 3.9 and what it holds, in other laws in force on 2024-01-01"' in line
    own = next(x for x in html.splitlines() if 'id="sec_3.9__para_a"' in x)
    assert 'class="similar"' not in own  # no link of its own
    conn = connect(repo)
    compared = {
        e
        for (e,) in conn.execute(
            "select eid from provisions where law = ? and text_id is not null and valid_from <= '2024-01-01'"
            " and (valid_to is null or valid_to > '2024-01-01')",
            [KELLERBERRIN],
        )
    }
    links = re.findall(r'<a class="similar" href="([^"]+)"', html)
    assert 0 < len(links) < len(compared) / 3 and len(compared) > 20  # far fewer links than provisions compared
    reached: set[str] = set()
    for link in links:
        page = (await ds.client.get(urljoin(base, link.replace("&amp;", "&")).removeprefix("http://localhost"))).text
        heading = re.search(r"eid=([^&]+)&amp;at=2024-01-01", link)
        assert heading is not None and "Provisions like" in page
        if heading.group(1) in compared:
            reached.add(heading.group(1))
        within = re.findall(r'<a class="within-link" href="/-/similar\?law=[^&]+&amp;eid=([^&]+)&amp;at=2024-01-01">', page)
        assert set(within) <= compared and all(w.startswith(heading.group(1) + "__") for w in within)
        reached |= set(within)
    assert reached == compared
    assert "sec_2.7__para_a" not in compared  # "roosters;": too short to compare, so not listed
    resolved = urljoin(base, href.replace("&amp;", "&")).removeprefix("http://localhost")
    assert resolved.startswith("/-/similar?")
    clause = (await ds.client.get(resolved)).text
    assert "The provisions 3.9 holds" in clause
    paragraph = re.search(r'<a class="within-link" href="([^"]+eid=sec_3.9__para_a[^"]*)">3.9\(a\)</a>', clause)
    assert paragraph is not None
    page = (await ds.client.get(paragraph.group(1).replace("&amp;", "&"))).text
    assert "Provisions like 3.9(a) in other laws" in page and "3.8(1)(a)" in page
    listing = {
        e for e in compared if (found := similar.similar_to(conn, KELLERBERRIN, e, dt.date(2024, 1, 1))) and found["similar"]
    }
    assert len(listing) > 20  # most lead to a list (the others to a page saying no other law's provision is similar then)


async def test_a_heading_s_similar_page_lists_what_it_holds_in_its_data_too(repo: Repository) -> None:
    """``within`` of /-/similar.json: the compared provisions the heading holds in force then, in document order."""
    ds = make_datasette(repo.db_dir / "lawhistory.db", load_metadata(ROOT / "metadata.yml"))
    data = (await ds.client.get("/-/similar.json", params={"law": KELLERBERRIN, "eid": "sec_3.9", "at": "2024-01-01"})).json()
    eids = [w["eid"] for w in data["within"]]
    assert "sec_3.9__para_a" in eids and all(e.startswith("sec_3.9__") for e in eids)
    conn = connect(repo)
    positions = [
        conn.execute(
            "select position from provisions where law = ? and eid = ? and valid_from <= '2024-01-01'"
            " and (valid_to is null or valid_to > '2024-01-01')",
            [KELLERBERRIN, e],
        ).fetchone()[0]
        for e in eids
    ]
    assert positions == sorted(positions)
    leaf = await ds.client.get("/-/similar.json", params={"law": KELLERBERRIN, "eid": "sec_3.9__para_a", "at": "2024-01-01"})
    assert leaf.json()["within"] == []


def test_the_full_build_names_its_stage_of_offences_and_similar_provisions(tmp_path: Path) -> None:
    """The step is a stage of its own in the full build's progress (benchmarks.run times it by that name)."""
    from lawhistory.deriving import features

    class Stages:
        def __init__(self) -> None:
            self.names: list[str] = []

        def start(self, total: int, description: str) -> None:
            self.names.append(description)

        def advance(self) -> None:
            pass

    repo = make_features_repo(tmp_path / "repo", instrument=False, built=False)
    stages = Stages()
    build(repo, stages, full=True)
    assert features.STAGE in stages.names and stages.names.index(features.STAGE) > stages.names.index("Writing the database")
    assert connect(repo).execute("select count(*) from similar_texts").fetchone()[0] > 0


async def test_the_illustrative_repository_is_indexed_and_has_no_other_law_to_list(tmp_path: Path) -> None:
    """The illustrative repository (one law): its texts are indexed; a provision's page says no provision of another
    law is similar, and its law page, with no other law to compare with, links to none."""
    from .test_demo import copy_demo

    demo = copy_demo(tmp_path / "exampleton")
    build(demo)
    conn = connect(demo)
    [law] = [r[0] for r in conn.execute("select id from laws")]
    assert conn.execute("select count(*) from provision_texts").fetchone()[0] > 50
    eid = conn.execute("select eid from provisions where law = ? and text_id is not null limit 1", [law]).fetchone()[0]
    data = similar.similar_to(conn, law, eid, dt.date(2024, 1, 1))
    assert data is not None and data["indexed"] and data["similar"] == []
    ds = make_datasette(demo.db_dir / "lawhistory.db", load_metadata(ROOT / "metadata.yml"))
    html = (await ds.client.get("/-/similar", params={"law": law, "eid": eid, "at": "2024-01-01"})).text
    assert "No provision of another law in force on 2024-01-01 is similar." in html
    page = (await ds.client.get(f"/-/law/{law}", params={"at": "2024-01-01"})).text
    assert f'id="{eid}"' in page and 'class="similar"' not in page


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=80) | st.lists(st.sampled_from(["a", "bb", " ", "-", "İ", "é", "_", "1", "\n"]), max_size=30).map("".join))  # fmt: skip
def test_the_word_count_the_ids_use_is_the_words_the_index_compares(text: str) -> None:
    """A text is given an id exactly when it has six words as ``words`` finds them (and the other conditions)."""
    from lawhistory.deriving import text_ids

    expected = len(text) >= text_ids.MIN_CHARS and len(similar.words(text)) >= similar.MIN_WORDS
    assert text_ids.compared("paragraph", text) == expected
    assert text_ids.text_id("paragraph", text) == (similar.text_hash(text) if expected else None)
    assert text_ids.text_id("part", text) is None


def test_minhashes_are_datasketchs_without_importing_it() -> None:
    """The signatures are datasketch's (its default scheme), made without loading datasketch (and scipy) in a build."""
    import random

    from datasketch import MinHash

    rng = random.Random(3)
    vocabulary = [
        "dog",
        "cat",
        "the",
        "local",
        "government",
        "may",
        "by",
        "notice",
        "require",
        "the",
        "owner",
        "of",
        "premises",
        "to",
    ]
    texts = [[rng.choice(vocabulary) for _ in range(rng.randint(1, 40))] for _ in range(200)]
    signatures = [similar.shingles(ws) for ws in texts] + [[]]
    ours = similar.minhashes(signatures)
    theirs = MinHash.bulk(signatures, num_perm=similar.NUM_PERM, seed=similar._SEED)
    assert len(ours) == len(theirs) == 201
    for mine, m in zip(ours, theirs, strict=True):
        assert mine.dtype == m.hashvalues.dtype and mine.tolist() == m.hashvalues.tolist()
    assert similar.minhashes([]) == []


def test_a_few_texts_are_hashed_without_numpy_to_the_same_values_and_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    """``small_minhashes`` (an incremental build's few new texts, hashed in Python) gives ``minhashes``' values: its
    permutations are the ones numpy's ``RandomState`` draws, and ``band_keys`` gives the same keys either way."""
    import random

    gen = np.random.RandomState(similar._SEED)
    a = gen.randint(0, 1 << 31, similar.NUM_PERM, dtype=np.uint32) * np.uint32(2) + np.uint32(1)
    b = gen.randint(0, 1 << 32, similar.NUM_PERM, dtype=np.uint32)
    assert (list(similar._A), list(similar._B)) == (a.tolist(), b.tolist())
    rng = random.Random(7)
    vocabulary = [
        "the",
        "local",
        "government",
        "may",
        "by",
        "notice",
        "require",
        "owner",
        "of",
        "premises",
        "to",
        "dog",
        "cat",
        "within",
        "days",
        "“a”",
        "5",
        "§",
    ]
    texts = [[rng.choice(vocabulary) for _ in range(rng.randint(0, 60))] for _ in range(150)]
    signatures = [similar.shingles(ws) for ws in texts] + [[]]
    assert [list(v) for v in similar.small_minhashes(signatures)] == [v.tolist() for v in similar.minhashes(signatures)]
    assert sum(len(s) for s in signatures) > similar.SMALL  # so band_keys takes numpy's way here
    by_numpy = similar.band_keys(signatures)
    monkeypatch.setattr(similar, "SMALL", 10**9)
    assert similar.band_keys(signatures) == by_numpy
    assert similar.band_keys(signatures[:3]) == by_numpy[:3]
