"""``lawhistory --help`` and ``show`` load no database, web or git code: those are imported by the commands using them."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import time
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


#: What ``show LAW --at D --format json`` from a current build must not load (a new process pays for each): the
#: frameworks and readers, and the package's law model, readers, index, views and deriving code.
NOT_FOR_JSON_SHOW = (
    "yaml", "jinja2", "lark", "git", "sqlite_utils", "rich", "typer", "click", "pydantic", "markupsafe", "datasette",
    "uvicorn", "numpy", "html", "hashlib", "lawhistory.core.model", "lawhistory.core.ids", "lawhistory.core.versions",
    "lawhistory.core.dates", "lawhistory.core.bodytext", "lawhistory.files.inputs", "lawhistory.files.textformat",
    "lawhistory.files.frontmatter", "lawhistory.files.instrument_file", "lawhistory.presenting.views",
    "lawhistory.presenting.fragments", "lawhistory.deriving", "lawhistory.amending", "lawhistory.cli",
)  # fmt: skip


def test_show_json_from_a_current_build_loads_only_what_it_prints(tmp_path: Path) -> None:
    """The plain ``show --format json`` (the command's entry point, as a new process runs it) reads a current build and
    loads none of ``NOT_FOR_JSON_SHOW``; the same command on a repository with no build derives the law and does load
    the model (so the probe sees what is imported)."""
    repo = make_repo(tmp_path, amendments=True)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    time.sleep(2.1)  # the files settled before the build reads them: the stamp vouches without hashing them again
    subprocess.run([sys.executable, "-m", "lawhistory", "build", "-q", "--repo", str(repo)], env=env, cwd=ROOT, check=True)

    def loaded(where: Path) -> list[str]:
        probe = (
            "import sys, contextlib, io, json\nfrom lawhistory.entry import main\n"
            f"sys.argv = ['lawhistory', 'show', {KELLERBERRIN!r}, '--at', '2021-05-01', '--format', 'json', '--repo', {str(where)!r}]\n"
            "out = io.StringIO()\n"
            "with contextlib.redirect_stdout(out): main()\n"
            "assert json.loads(out.getvalue())['status'] == 'in_force'\n"
            f"print(sorted(m for m in sys.modules if any(m == n or m.startswith(n + '.') for n in {NOT_FOR_JSON_SHOW!r})))"
        )
        done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=ROOT, check=True)
        return list(ast.literal_eval(done.stdout.strip().splitlines()[-1]))

    assert loaded(repo) == []
    unbuilt = make_repo(tmp_path / "unbuilt", amendments=True)
    assert "lawhistory.core.model" in loaded(unbuilt)


def _help(columns: int, *, through_typer: bool) -> tuple[str, list[str]]:
    """(what ``lawhistory --help`` prints, the frameworks it loaded) at a terminal ``columns`` wide: by the command's
    entry point, or by the typer app itself."""
    main = "from lawhistory.cli import main" if through_typer else "from lawhistory.entry import main"
    probe = (
        f"import sys, contextlib, io\n{main}\nsys.argv = ['lawhistory', '--help']\nout = io.StringIO()\n"
        "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(out): main()\n"
        "print(repr(out.getvalue()))\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in {'typer', 'click'} and '.' not in m))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": str(columns)}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    text, modules = done.stdout.strip().splitlines()[-2:]
    return ast.literal_eval(text), ast.literal_eval(modules)


def test_help_is_typers_text_printed_without_typer() -> None:
    """``lawhistory --help`` prints typer's own help (``entry.TOP_HELP``; if this fails after a command was added or
    renamed, paste the typer text this test shows into it) without loading typer or click; on a terminal narrower
    than ``HELP_COLUMNS`` typer formats it, as it wraps it otherwise."""
    for columns in (80, 132):
        shown, loaded = _help(columns, through_typer=False)
        typers, _ = _help(columns, through_typer=True)
        assert shown == typers, f"entry.TOP_HELP is not typer's help; typer prints:\n{typers}"
        assert loaded == []
    narrow, loaded = _help(60, through_typer=False)
    assert narrow == _help(60, through_typer=True)[0] != _help(80, through_typer=True)[0]
    assert "typer" in loaded


def test_the_build_imports_sqlite_utils_without_numpy() -> None:
    """``amend --build`` and ``build`` import neither sqlite_utils nor numpy with their modules; the build's connection
    loads sqlite_utils, without numpy, when its own methods are asked for (``deriving.lean_sqlite``: making a
    schema), and numpy is imported only where the similar provisions' MinHashes are made for many texts."""
    assert _heavy_after("import lawhistory.deriving.build, lawhistory.amending.amend") == "[]"
    loaded = _heavy_after(
        "import sqlite3\nimport lawhistory.deriving.build\nfrom lawhistory.deriving.lean_sqlite import Database\n"
        "db = Database(sqlite3.connect(':memory:'))\nassert [r['n'] for r in db.query('select 1 as n')] == [1]\n"
        "import sys; assert 'sqlite_utils' not in sys.modules\n"
        "db['t'].create({'id': int}, pk='id')\nimport sqlite_utils.db\nassert sqlite_utils.db.np is None"
    )
    assert "'sqlite_utils'" in loaded
    assert "numpy" not in loaded
    after = _heavy_after(
        "import lawhistory.deriving.build\nfrom lawhistory.deriving.similar import minhashes\n"
        "assert len(minhashes([[b'a b c']])[0]) > 0"
    )
    assert "'numpy'" in after


#: What ``lawhistory amend FILE --build`` of a plain-text instrument must not load: the readers of a copy's printed lines
#: (OCR'd quotation marks, a law's bare Part headings), which only an instrument or a law read from its printed lines
#: needs, and the reader of a PDF; each compiles its regular expressions when imported, in every new process that
#: imports it.
NOT_FOR_AMEND = ("lawhistory.reading.ocr_quotes", "lawhistory.reading.importers.bare_parts", "lawhistory.reading.importers.pdf")


def test_amend_build_of_a_plain_text_instrument_loads_no_reader_of_printed_lines(tmp_path: Path) -> None:
    """``amend FILE --build`` (a new process, as a person runs it) applies and builds without loading
    ``NOT_FOR_AMEND``; importing a law printed a line a line does load them (so the probe sees what is imported)."""
    from tests.test_bare_parts import LAW

    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def loaded(*args: str | Path) -> tuple[str, list[str]]:
        probe = (
            "import sys, contextlib\nfrom lawhistory.entry import main\n"
            f"sys.argv = ['lawhistory', *{[str(a) for a in args]!r}]\n"
            "with contextlib.suppress(SystemExit): main()\n"
            f"print(sorted(m for m in sys.modules if m in {NOT_FOR_AMEND!r}))"
        )
        done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=ROOT, check=True)
        *printed, modules = done.stdout.strip().splitlines()
        return "\n".join(printed) + done.stderr, list(ast.literal_eval(modules))

    repo = make_repo(tmp_path / "amend")
    instrument = ROOT / "tests" / "fixtures" / "instruments" / "synthetic_kellerberrin_amendment_2021.txt"
    said, modules = loaded("amend", instrument, "--build", "--repo", repo)
    assert "applied to kellerberrin" in said and "built db/lawhistory.db" in said, said
    assert modules == []
    law = tmp_path / "printed-lines.txt"
    law.write_text(LAW, encoding="utf-8")
    said, modules = loaded("import", law, "--repo", make_repo(tmp_path / "import", laws=False))
    assert "example" in said.lower(), said
    assert "lawhistory.reading.importers.bare_parts" in modules


#: What ``lawhistory amend FILE --build`` of a new instrument into a built repository must not load: the command-line
#: framework (typer, and pydantic, which typer checks options with),
#: gitpython (the history's new commits are written by ``git fast-import``, ``main`` read and moved as git's files),
#: numpy (the law's few new texts are MinHashed in Python, ``similar.small_minhashes``), ``importlib.metadata``
#: (sqlite_utils' plugins, found by reading every installed package's entry points, are not loaded by the build) and
#: sqlite_utils itself with the click and pluggy it loads (the build's connection, ``deriving.lean_sqlite``, imports it
#: only to make a schema), and multiprocessing (a full build's workers; an incremental build derives in its process).
NOT_FOR_AMEND_BUILD = (
    "typer", "pydantic", "git", "rich", "numpy", "importlib.metadata", "sqlite_utils", "click", "pluggy", "multiprocessing",
)  # fmt: skip


def test_amend_build_into_a_built_repository_loads_no_cli_framework_nor_gitpython(tmp_path: Path) -> None:
    """``amend FILE --build`` (the command's entry point, a new process) of a new instrument into a repository already
    built adds one law's version incrementally without loading ``NOT_FOR_AMEND_BUILD``; the same command with an
    option the entry point leaves to typer (``--max-file-mb``) loads typer, and the first build of a history loads
    gitpython, numpy and sqlite_utils (so the probe sees what is imported)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def loaded(*args: str | Path) -> tuple[str, list[str]]:
        probe = (
            "import sys, contextlib\nfrom lawhistory.entry import main\n"
            f"sys.argv = ['lawhistory', *{[str(a) for a in args]!r}]\n"
            "with contextlib.suppress(SystemExit): main()\n"
            f"print(sorted(({{m.split('.')[0] for m in sys.modules}} | set(sys.modules)) & {set(NOT_FOR_AMEND_BUILD)!r}))"
        )
        done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=ROOT, check=True)
        *printed, modules = done.stdout.strip().splitlines()
        return "\n".join(printed) + done.stderr, list(ast.literal_eval(modules))

    instruments = ROOT / "tests" / "fixtures" / "instruments"
    repo = make_repo(tmp_path)
    said, modules = loaded("build", "-q", "--repo", repo)
    assert "full build" in said and {"git", "numpy", "sqlite_utils"} <= set(modules), said
    said, modules = loaded("amend", instruments / "synthetic_kulin_health_amendment_2018.txt", "--build", "--repo", repo)
    assert "applied to kulin/health" in said and "(re-derived 1 of 3 laws)" in said, said
    assert modules == []
    said, modules = loaded(
        "amend", instruments / "synthetic_kellerberrin_amendment_2021.txt", "--repo", repo, "--build", "--max-file-mb", "5"
    )
    assert "applied to kellerberrin" in said and "(re-derived 1 of 3 laws)" in said, said
    assert "typer" in modules and "git" not in modules
