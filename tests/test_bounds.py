"""Bounded inputs: a size limit on every file read (clear, and raised by a flag), NUL bytes refused, JSON depth
bounded, and inserted provisions addressed in linear time (benchmarks/inserted.py measures it)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from lawhistory.core import files
from lawhistory.core.ids import citation_of_path, walk
from lawhistory.core.model import Provision
from lawhistory.files.repo import Repository

from .conftest import INSTRUMENTS, SEEDS, make_repo, run_cli, tree_hash

SEED = SEEDS / "004_34274a89b0432fb1.txt"


@pytest.fixture(autouse=True)
def default_limit() -> Iterator[None]:
    files.raise_limit(None)
    yield
    files.raise_limit(None)  # --max-file-mb of an in-process run holds for the process


def one_line_error(code: int, err: str) -> str:
    assert code == 1 and err.startswith("error: ") and err.count("\n") == 1, err
    return err


def test_import_of_an_endless_device_is_refused_at_the_limit(tmp_path: Path) -> None:
    repo = make_repo(tmp_path, laws=False)
    code, _, err = run_cli("import", "/dev/zero", "--max-file-mb", "1", "--repo", repo)
    assert "/dev/zero is larger than 1 MB, the limit for a text file" in one_line_error(code, err)
    assert "--max-file-mb" in err


def test_the_limit_is_clear_and_the_flag_raises_it(tmp_path: Path) -> None:
    repo = make_repo(tmp_path, laws=False)
    size_mb = SEED.stat().st_size / 1_000_000
    before = tree_hash(repo)
    code, _, err = run_cli("import", SEED, "--max-file-mb", f"{size_mb / 2:.4f}", "--repo", repo)
    assert f"{SEED} is larger than" in one_line_error(code, err)
    assert tree_hash(repo) == before
    code, out, err = run_cli("import", SEED, "--max-file-mb", f"{size_mb * 2:.4f}", "--repo", repo)
    assert out.strip()
    assert code == 0, err
    code, _, err = run_cli(
        "amend", INSTRUMENTS / "synthetic_kellerberrin_amendment_2021.txt", "--dry-run", "--max-file-mb", "0.001", "--repo", repo
    )
    assert "synthetic_kellerberrin_amendment_2021.txt is larger than 0.001 MB" in one_line_error(code, err)


def test_a_nul_byte_past_the_first_page_is_refused_with_its_line(tmp_path: Path) -> None:
    repo = make_repo(tmp_path, laws=False)
    text = SEED.read_bytes()
    assert len(text) > 20_000
    source = tmp_path / "with-nul.txt"
    cut = text.index(b" ", 15_000)
    source.write_bytes(text[:cut] + b"\x00" + text[cut:])
    code, _, err = run_cli("import", source, "--repo", repo)
    line = text[:cut].count(b"\n") + 1
    assert f"{source}:{line}: a NUL byte" in one_line_error(code, err)
    assert not list((repo / "laws").rglob("*.txt"))


@pytest.mark.parametrize("depth", [100, 100_000])
def test_deeply_nested_json_is_refused_not_a_recursion_error(tmp_path: Path, depth: int) -> None:
    repo = make_repo(tmp_path, laws=False)
    source = tmp_path / "deep.json"
    source.write_text('{"sections": ' + "[" * depth + "]" * depth + "}", encoding="utf-8")
    code, _, err = run_cli("import", source, "--repo", repo)
    assert "deep.json" in one_line_error(code, err)


def test_a_deep_inputs_cache_is_ignored_not_a_crash(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    (repo / "db" / ".inputs-cache.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    code, _, err = run_cli("build", "--quiet", "--repo", repo)
    assert code == 0, err
    assert json.loads((repo / "db" / ".inputs-cache.json").read_text(encoding="utf-8"))["files"]


def test_citations_of_many_inserted_clauses_agree_with_the_walk() -> None:
    """The sibling positions kept for long lists give the same citations as walking the law."""
    law = Repository(Path(__file__).resolve().parent.parent).law_files()[0]
    from lawhistory.files.textformat import parse

    body = parse(law.read_text(encoding="utf-8")).body
    extra = tuple(
        Provision("clause", f"9.{k}", f"Synthetic {k}", None, None, None, (Provision("subclause", "(1)", None, "x"),))
        for k in range(1, 400)
    )
    body = body + extra + (Provision("text", None, None, "loose words"),) * 3
    walked = {a.citation for a in walk(body)}
    paths = [(i,) for i in range(len(body))] + [(i, 0) for i in range(len(body) - 403, len(body) - 3)]
    for path in paths:
        assert citation_of_path(body, path) in walked
    assert citation_of_path(body, (len(body) - 1,)) == f"text {sum(1 for p in body if p.kind == 'text')}"
    assert citation_of_path(body, (len(body) - 4, 0)) == "9.399(1)"
