"""The ``lawhistory`` entry point runs ``show`` in its plain form without typer: the same bytes, the same failures."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from lawhistory import entry
from lawhistory.cli import main as typer_main
from lawhistory.cli.app import ShowFormat
from lawhistory.files import inputs
from lawhistory.files.repo import Repository
from tests.conftest import run_main
from tests.conftest_publish import KELLERBERRIN, make_law_repo

pytest_plugins = ["tests.conftest_publish"]

ROOT = Path(__file__).resolve().parent.parent


def _run(main: Callable[[], None], args: list[str]) -> tuple[int, str, str]:
    return run_main(main, *args)


def test_show_formats_are_the_commands_formats() -> None:
    assert tuple(f.value for f in ShowFormat) == entry.FORMATS


@pytest.mark.parametrize(
    "args",
    [
        ["show", "kellerberrin"],
        ["show", "kellerberrin", "--at", "2021-05-01", "--format", "json", "--repo", "REPO"],
        ["show", "--format", "md", "kellerberrin", "--at", "2021-05-01"],
    ],
)
def test_the_plain_form_is_run_without_typer(args: list[str]) -> None:
    found = entry.plain_show(args)
    assert found is not None and found["law"] == "kellerberrin"


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["show"],
        ["list"],
        ["show", "--help"],
        ["show", "kellerberrin", "--known", "2021-01-01"],
        ["show", "kellerberrin", "--at=2021-05-01"],
        ["show", "kellerberrin", "--at", "2021-05-01", "--at", "2022-01-01"],
        ["show", "kellerberrin", "--format", "pdf"],
        ["show", "kellerberrin", "--format", "JSON"],
        ["show", "kellerberrin", "--at"],
        ["show", "kellerberrin", "--at", "-1"],
        ["show", "kellerberrin", "other"],
        ["show", ""],
        ["show", "kellerberrin", "--"],
        ["show", "kellerberrin", "--repo", ""],
    ],
)
def test_anything_else_goes_to_typer(args: list[str]) -> None:
    assert entry.plain_show(args) is None


@pytest.mark.parametrize("built", [True, False])
def test_the_entry_point_prints_what_the_typer_command_prints(tmp_path: Path, built: bool) -> None:
    repo = make_law_repo(tmp_path / "repo")
    if built:
        from lawhistory.deriving.build import build

        build(repo)
    cases = [
        ["show", KELLERBERRIN, "--at", day, "--format", fmt, "--repo", str(repo.root)]
        for day in ("2020-03-11", "2021-05-01", "2030-01-01")
        for fmt in ("json", "text", "md", "html")
    ]
    cases += [
        ["show", KELLERBERRIN, "--repo", str(repo.root)],
        ["show", "no such law", "--repo", str(repo.root)],  # refused: exit 1 and one line
        ["show", KELLERBERRIN, "--at", "2021-13-01", "--repo", str(repo.root)],  # a bad date
        ["show", KELLERBERRIN, "--repo", str(tmp_path / "nowhere")],  # no repository
    ]
    for args in cases:
        assert entry.plain_show(args) is not None
        fast = _run(entry.main, args)
        assert fast == _run(typer_main, args), args
    assert _run(entry.main, cases[0])[0] == 0 and _run(entry.main, cases[-1])[0] == 1


def test_show_loads_no_command_line_framework(tmp_path: Path) -> None:
    repo = make_law_repo(tmp_path / "repo", [], laws=[KELLERBERRIN])
    probe = (
        "import sys, contextlib, io\nfrom lawhistory.entry import main\n"
        f"sys.argv = ['lawhistory', 'show', {KELLERBERRIN!r}, '--format', 'json', '--repo', {str(repo.root)!r}]\n"
        "with contextlib.redirect_stdout(io.StringIO()): main()\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'typer', 'click', 'pydantic', 'yaml', 'sqlite_utils'}))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    # the law's file is read (no build yet), so its front matter's YAML is loaded; the framework is not
    assert done.stdout.strip().splitlines()[-1] == "['yaml']"


def test_the_code_fingerprint_is_read_back_only_while_the_code_is_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "lawhistory"
    shutil.copytree(inputs.PACKAGE_ROOT, package, ignore=shutil.ignore_patterns("__pycache__"))
    old = 1_000_000_000_000_000_000  # long ago: not a file changed a moment ago
    for path in [package, *package.rglob("*")]:
        os.utime(path, ns=(old, old))
    monkeypatch.setattr(inputs, "PACKAGE_ROOT", package)
    db_dir = tmp_path / "db"
    db_dir.mkdir()
    fingerprint = inputs.code_fingerprint()
    inputs.save_code_record(db_dir)
    assert inputs.code_fingerprint(db_dir) == fingerprint
    # a deriving module changed: the record is not used, and the fingerprint is another
    store = package / "deriving" / "store.py"
    store.write_text(store.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert inputs._recorded_fingerprint(db_dir) is None
    assert inputs.code_fingerprint(db_dir) != fingerprint
    inputs.save_code_record(db_dir)  # changed a moment ago: nothing recorded
    assert inputs._recorded_fingerprint(db_dir) is None
    # a module added to a package folder: the folder's time tells
    os.utime(store, ns=(old, old))
    inputs.save_code_record(db_dir)
    assert inputs._recorded_fingerprint(db_dir) is not None
    (package / "deriving" / "new_module.py").write_text("X = 1\n", encoding="utf-8")
    assert inputs._recorded_fingerprint(db_dir) is None


def test_a_build_records_its_code_and_show_reads_the_database_with_it(tmp_path: Path) -> None:
    from lawhistory.deriving.build import build
    from lawhistory.files.inputs import repository_index
    from lawhistory.presenting.lawat import current_database

    repo: Repository = make_law_repo(tmp_path / "repo", [], laws=[KELLERBERRIN])
    build(repo)
    assert (repo.db_dir / inputs.CODE_RECORD).exists()
    assert inputs.code_fingerprint(repo.db_dir) == inputs.code_fingerprint()
    assert current_database(repo.db_dir, repository_index(repo)) is not None
