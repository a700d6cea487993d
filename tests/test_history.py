"""db/history.git: one commit per version, dated at commencement, ordered across laws; log, show and blame tell the story."""

from __future__ import annotations

import subprocess
from pathlib import Path

import git

from lawhistory.core.model import Gazette, LawMeta
from lawhistory.deriving.history import BRANCH, gazette_reference, long_date
from lawhistory.deriving.library import timeline_for
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import render_body

from .conftest_publish import AMENDMENT_2021, AMENDMENT_2022, KELLERBERRIN, KULIN_ANIMALS, KULIN_HEALTH, query

pytest_plugins = ["tests.conftest_publish"]


def history(repo: Repository) -> git.Repo:
    return git.Repo(repo.db_dir / "history.git")


def log(repo: Repository) -> list[git.Commit]:
    return list(reversed(list(history(repo).iter_commits(BRANCH))))


def test_it_is_a_bare_repository_on_main_that_git_accepts(built_repo: Repository) -> None:
    h = history(built_repo)
    assert h.bare
    assert h.head.reference.name == BRANCH
    run = subprocess.run(
        ["git", "--git-dir", str(built_repo.db_dir / "history.git"), "fsck", "--strict"], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr


def test_one_commit_per_version_and_repeal_in_date_then_law_order(built_repo: Repository) -> None:
    commits = log(built_repo)
    dates = [c.authored_datetime.date().isoformat() for c in commits]
    assert dates == sorted(dates)
    versions = query(built_repo.db_dir / "lawhistory.db", "select count(*) as n from versions")[0]["n"]
    assert len(commits) == int(str(versions)) + 1  # and one commit for the repeal
    first_day = [c for c in commits if c.authored_datetime.date().isoformat() == "2017-01-25"]
    assert [str(c.message).splitlines()[-2] for c in first_day] == [f"Law: {KULIN_ANIMALS}", f"Law: {KULIN_HEALTH}"]


def test_author_and_committer_dates_are_the_commencement(built_repo: Repository) -> None:
    c = next(c for c in log(built_repo) if f"Instrument: {AMENDMENT_2021}" in c.message)
    assert c.authored_datetime.isoformat() == "2021-04-23T00:00:00+08:00"
    assert c.committed_datetime.isoformat() == "2021-04-23T00:00:00+08:00"
    assert (c.author.name, c.committer.name) == ("Shire of Kellerberrin", "lawhistory")


def test_message_is_the_instrument_title_and_gazette_reference(built_repo: Repository) -> None:
    c = next(c for c in log(built_repo) if f"Instrument: {AMENDMENT_2021}" in c.message)
    assert c.summary == (
        "Shire of Kellerberrin Animals, Environment and Nuisance Amendment Local Law 2021 (SYNTHETIC TEST INSTRUMENT)"
        " (Gazette 9 April 2021, No. 61, pp. 1001-1002)"
    )
    assert "cl. 3: in 2.7(a) substitute “roosters and drakes” for “roosters”" in str(c.message)


def test_each_commit_holds_the_consolidated_text_of_its_version(built_repo: Repository) -> None:
    tl = timeline_for(built_repo, KELLERBERRIN)
    rows = query(
        built_repo.db_dir / "lawhistory.db", "select number, [commit] from versions where law = ? order by number", [KELLERBERRIN]
    )
    h = history(built_repo)
    for row, v in zip(rows, tl.versions, strict=True):
        blob = h.commit(str(row["commit"])).tree / f"{KELLERBERRIN}.txt"
        assert blob.data_stream.read().decode() == render_body(v.body, v.conclusions)


def test_show_gives_the_diff_an_amendment_made(built_repo: Repository) -> None:
    sha = query(built_repo.db_dir / "lawhistory.db", "select [commit] from versions where instrument = ?", [AMENDMENT_2022])[0][
        "commit"
    ]
    shown = history(built_repo).git.show(str(sha))
    assert "-  (d) peafowls." in shown
    assert "+  An owner or occupier of premises shall not keep more than 4 ducks." in shown


def test_blame_names_the_instrument_behind_each_line(built_repo: Repository) -> None:
    db = built_repo.db_dir / "lawhistory.db"
    commits = {
        r["instrument"]: r["commit"] for r in query(db, "select instrument, [commit] from versions where law = ?", [KELLERBERRIN])
    }
    blame = history(built_repo).blame(BRANCH, f"{KELLERBERRIN}.txt")
    line_commit = {line: c.hexsha for c, lines in blame for line in lines}  # type: ignore[misc, union-attr]
    assert line_commit["  (a) roosters and drakes;"] == commits[AMENDMENT_2021]
    assert line_commit["  An owner or occupier of premises shall not keep more than 4 ducks."] == commits[AMENDMENT_2022]
    assert line_commit["1.3 Application"] == commits[KELLERBERRIN]


def test_a_repeal_deletes_the_file(built_repo: Repository) -> None:
    last = log(built_repo)[-1]
    assert str(last.summary).startswith("Shire of Kulin Health Repeal Local Law 2022 (SYNTHETIC TEST INSTRUMENT)")
    assert f"{KULIN_HEALTH}.txt" not in [b.path for b in last.tree.traverse()]  # type: ignore[union-attr]
    assert f"{KULIN_HEALTH}.txt" in [b.path for b in last.parents[0].tree.traverse()]  # type: ignore[union-attr]


def test_history_table_lists_the_commits_in_order(built_repo: Repository) -> None:
    rows = query(built_repo.db_dir / "lawhistory.db", "select seq, [commit] from history order by seq")
    assert [r["commit"] for r in rows] == [c.hexsha for c in log(built_repo)]


def test_gazette_reference_says_what_is_known() -> None:
    import datetime as dt

    meta = LawMeta("x/y", "T", "Shire of X", gazette=Gazette(dt.date(2020, 2, 26), "28", "419-437"))
    assert gazette_reference(meta) == "Gazette 26 February 2020, No. 28, pp. 419-437"
    assert (
        gazette_reference(LawMeta("x/y", "T", "X", gazette=Gazette(dt.date(2020, 2, 26), None, "7")))
        == "Gazette 26 February 2020, p. 7"
    )
    assert gazette_reference(LawMeta("x/y", "T", "X")) == "Gazette reference unknown"
    assert long_date(dt.date(2021, 4, 9)) == "9 April 2021"


def test_history_path_is_relative_to_the_repository(built_repo: Repository) -> None:
    path = query(built_repo.db_dir / "lawhistory.db", "select history_path from laws where id = ?", [KELLERBERRIN])[0][
        "history_path"
    ]
    assert path == f"{KELLERBERRIN}.txt" and not Path(str(path)).is_absolute()
