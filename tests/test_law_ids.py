"""Law ids are checked at the one place that makes paths: nothing is ever written outside the repository."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lawhistory.core.errors import BadLawId, LawHistoryError
from lawhistory.core.ids import LAW_ID, check_law_id
from lawhistory.files.repo import Repository
from lawhistory.reading.gazette import law_id

from .conftest import SEEDS, run_cli
from .strategies import examples

SEED = SEEDS / "000_c02ce5ed28c02fbc.txt"  # a gazette excerpt that needs --title and --local-government

names = st.one_of(
    st.text(max_size=40),
    st.text(st.characters(codec="utf-8"), max_size=300),
    st.sampled_from(["Shire of ", "Shire of", "City of  ", "Шир Кулин", "Town of ../..", "/", "..", "Shire of Kulin"]),
    st.builds(lambda a, b: a + b, st.sampled_from(["Shire of ", "City of ", ""]), st.text(max_size=20)),
)


@pytest.mark.parametrize(
    ("council", "title", "expected"),
    [
        ("Shire of Kulin", "Health Local Law 2016", "kulin/health-local-law-2016"),
        ("Shire of Kulin", "Shire of Kulin Health Local Law 2016", "kulin/health-local-law-2016"),
        ("Шир оф Кулин", "Закон о здоровье 2017", "shir-of-kulin/zakon-o-zdorove-2017"),
        ("Shire of  Kulin ", "Health  Local Law 2016", "kulin/health-local-law-2016"),
    ],
)
def test_law_id_transliterates_and_normalises_space(council: str, title: str, expected: str) -> None:
    assert law_id(council, title) == expected


@pytest.mark.parametrize(
    ("council", "title", "message"),
    [
        ("Shire of ", "Health Local Law 2017", "the local government 'Shire of ' gives no name"),
        ("Shire of Kulin", "Shire of Kulin", "gives no words for the law's id"),
        ("Shire of Kulin", "—— ··· ——", "gives no words for the law's id"),
        ("Shire of Kulin", "Law " * 60, "too long for a law id"),
    ],
)
def test_law_id_refuses_names_that_make_no_id(council: str, title: str, message: str) -> None:
    with pytest.raises(BadLawId, match=message):
        law_id(council, title)


@pytest.mark.parametrize("bad", ["/etc/passwd", "../x/y", "kulin/../../x", "kulin/", "/x", "Kulin/x", "a/b/c", "a/b.txt"])
def test_repository_paths_refuse_ids_that_could_leave_the_repository(tmp_path: Path, bad: str) -> None:
    repo = Repository.init(tmp_path / "repo")
    with pytest.raises(BadLawId):
        repo.law_path(bad)
    with pytest.raises(BadLawId):
        repo.instrument_path(bad)
    assert repo.law_by_id(bad) is None


@settings(max_examples=examples(300), deadline=None)
@given(council=names, title=names)
def test_any_names_give_a_checked_id_or_a_clear_refusal(council: str, title: str) -> None:
    """Property: every title and council name gives an id of the checked form, or BadLawId; never anything else."""
    try:
        ident = law_id(council, title)
    except BadLawId as e:
        assert str(e) and "\n" not in str(e)
        return
    assert LAW_ID.fullmatch(ident) and check_law_id(ident) == ident
    root = Path("/nowhere/repo")
    path = Repository(root).law_path(ident)
    assert path.parent.parent == root / "laws" and os.path.normpath(path) == str(path)


def _files(root: Path) -> set[Path]:
    return {p for p in root.rglob("*") if p.is_file()}


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(council=names, title=names)
def test_import_with_any_names_writes_only_a_law_file_inside_the_repository(council: str, title: str) -> None:
    """Property: ``import --title T --local-government C`` writes one file under laws/ or refuses in one line."""
    with tempfile.TemporaryDirectory() as tmp:
        outer = Path(tmp)
        repo = Repository.init(outer / "repo").root
        before = _files(outer)
        cwd = os.getcwd()
        os.chdir(repo)  # a relative path gone wrong would land here, next to laws/
        try:
            code, _, err = run_cli("import", SEED, "--title", title, "--local-government", council, "--repo", repo)
        finally:
            os.chdir(cwd)
        new = _files(outer) - before
        assert all(p.is_relative_to(repo) for p in new)
        new = {p for p in new if not p.is_relative_to(repo / "db")}  # the write lock
        if code:
            assert err.startswith("error: ") and err.count("\n") == 1, err
            assert new == set()
            return
        [written] = new
        assert written.parent.parent == repo / "laws" and LAW_ID.fullmatch(written.relative_to(repo / "laws").as_posix()[:-4])


def test_a_file_whose_id_is_a_path_is_refused_by_name(tmp_path: Path) -> None:
    repo = Repository.init(tmp_path / "repo")
    (repo.laws_dir / "kulin").mkdir()
    good = (Path(__file__).parent.parent / "laws").glob("*/*.txt")
    text = next(iter(sorted(good))).read_text(encoding="utf-8")
    ident = next(line for line in text.splitlines() if line.startswith("id: "))
    (repo.laws_dir / "kulin" / "x.txt").write_text(text.replace(ident, "id: ../../etc/x", 1), encoding="utf-8")
    with pytest.raises(LawHistoryError, match=r"laws/kulin/x.txt: the law id '../../etc/x' is not of the form"):
        repo.load_laws()
    code, _, err = run_cli("build", "--repo", repo.root)
    assert code == 1 and "laws/kulin/x.txt" in err and "not of the form" in err
