"""``lawhistory --help`` and ``show`` load no database, web or git code: those are imported by the commands using them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import KELLERBERRIN, make_repo

ROOT = Path(__file__).resolve().parent.parent
HEAVY = "{'datasette', 'uvicorn', 'sqlite_utils', 'numpy', 'git'}"


def _heavy_after(code: str) -> str:
    probe = f"{code}\nimport sys; print(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY}))"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    return done.stdout.strip().splitlines()[-1]


def test_importing_the_cli_loads_no_heavy_module() -> None:
    assert _heavy_after("import lawhistory.cli") == "[]"


def test_show_loads_no_heavy_module(tmp_path: Path) -> None:
    repo = make_repo(tmp_path, amendments=True)
    run = (
        "import sys, contextlib, io, json\nfrom lawhistory.cli import main\n"
        f"sys.argv = ['lawhistory', 'show', {KELLERBERRIN!r}, '--at', '2021-05-01', '--format', 'json', '--repo', {str(repo)!r}]\n"
        "out = io.StringIO()\n"
        "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(out): main()\n"
        "assert json.loads(out.getvalue())['status'] == 'in_force'"
    )
    assert _heavy_after(run) == "[]"


def test_importing_the_cli_loads_no_law_model() -> None:
    """``lawhistory --help`` builds no law: the model's dataclasses and the dates' patterns are made by the commands."""
    probe = "import lawhistory.cli, sys; print(sorted(m for m in sys.modules if m in {'lawhistory.core.model', 'lawhistory.core.dates'}))"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"
