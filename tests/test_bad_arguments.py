"""One line for every error: every command of the typer app, given each kind of bad argument its options take, prints
exactly one line on stderr and exits 1 (a refusal) or 2 (usage), never a traceback.

The commands and their options are read from the app itself, so a new command or option is covered without being
listed here; each option gets the bad values of its kind (a path, a number, a choice, a date, a law).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from enum import Enum
from pathlib import Path
from typing import Any

import pytest
import typer.main

from lawhistory.cli import app

from .conftest import ROOT, make_repo

COMMAND = typer.main.get_command(app)
COMMANDS: dict[str, Any] = dict(COMMAND.commands)  # type: ignore[attr-defined]
SEED = ROOT / "tests" / "fixtures" / "seeds" / "004_34274a89b0432fb1.txt"


def _annotation(param: Any) -> Any:
    return param.type_descriptor.annotation


def _is_folder(param: Any) -> bool:
    return param.name in ("repo", "directory") or "dir" in param.name


def _takes_a_date(param: Any) -> bool:
    return "YYYY-MM-DD" in (getattr(param, "help", None) or "")


def _flag(param: Any) -> str:
    return next(o for o in param.opts if o.startswith("--"))


def _unwritable(tmp: Path) -> Path:
    """A folder this process may not write into: /sys as root (whom permissions do not stop), else a read-only one."""
    if os.geteuid() == 0:
        return Path("/sys/lawhistory-test")
    ro = tmp / "read-only"
    ro.mkdir()
    ro.chmod(0o500)
    return ro / "x"


def _bad_path(tmp: Path, kind: str) -> Path:
    """A path of the bad ``kind`` in ``tmp`` (made there: a regular file, a folder it may not write)."""
    regular = tmp / "a-file.txt"
    regular.write_text("not a folder\n", encoding="utf-8")
    return {
        "under a missing folder": lambda: tmp / "missing-dir" / "x.txt",
        "under a regular file": lambda: regular / "x",
        "in a folder it may not write": lambda: _unwritable(tmp),
        "a regular file for a folder": lambda: regular,
        "a folder for a file": lambda: tmp,
    }[kind]()


def _path_kinds(param: Any) -> tuple[str, ...]:
    last = "a regular file for a folder" if _is_folder(param) else "a folder for a file"
    # a folder to be made (init's) may be under folders still to be made, as with mkdir -p
    missing = () if param.name == "directory" else ("under a missing folder",)
    return (*missing, "under a regular file", "in a folder it may not write", last)


def bad_values(param: Any, tmp: Path | None) -> Iterator[tuple[str, str]]:
    """Each kind of bad value ``param`` can be given, named (a path's made in ``tmp``; without it, only named)."""
    kind = _annotation(param)
    if kind is Path:
        for name in _path_kinds(param):
            yield name, "" if tmp is None else str(_bad_path(tmp, name))
    elif kind in (int, float):
        yield "not a number", "abc"
        if param.min is not None:
            yield "below its least value", str(param.min - 1)
        if param.max is not None:
            yield "above its greatest value", str(param.max + 1)
        if param.name == "port":
            yield "port 99999", "99999"
            yield "port -1", "-1"
    elif isinstance(kind, type) and issubclass(kind, Enum):
        yield "a format that does not exist", "pdf"
    elif _takes_a_date(param):
        yield "not a date", "2020-13-45"
    elif param.name == "law":
        yield "no such law", "no-such-law-anywhere"
    elif param.name == "host":
        yield "no such address", "999.1.1.1"


#: A good value for each required argument, so that the bad one is what fails.
GOOD = {"law": "kellerberrin", "file": str(SEED), "directory": "new-repository"}


def _council_copy(tmp: Path) -> Path:
    import datetime as dt

    from tests.copies import copy_lines, write_copy

    law = "kellerberrin/animals-environment-and-nuisance-local-law-2019"
    return write_copy(tmp / "council-copy.txt", copy_lines(dt.date(2021, 1, 1), ROOT, law), cover="")


def cases() -> Iterator[tuple[str, str]]:
    for name, command in COMMANDS.items():
        yield name, "an option that does not exist"
        for param in command.params:
            if param.param_type_name == "option" and param.is_flag:
                continue
            for kind, _value in bad_values(param, None):  # the names only; values are made per test
                yield name, f"{param.name}: {kind}"


def _args(command: Any, tmp: Path, repo: Path, bad: str) -> list[str]:
    """The command line: good values everywhere except the one named ``bad`` ("param: kind")."""
    bad_param, _, bad_kind = bad.partition(": ")
    args: list[str] = [command.name]
    if bad == "an option that does not exist":
        args.append("--no-such-option")
    for param in command.params:
        value: str | None = None
        if param.name == bad_param:
            value = next(v for k, v in bad_values(param, tmp) if k == bad_kind)
        elif param.name == "copy":  # check's council copy: one of the bundled law, made from its text
            value = str(_council_copy(tmp))
        elif param.param_type_name == "argument":
            value = GOOD[param.name] if param.name != "directory" else str(tmp / GOOD["directory"])
        elif param.name == "repo":
            value = str(repo)
        elif param.required:
            value = {"date_from": "2020-03-11", "date_to": "2021-06-01"}.get(param.name, "2020-03-11")
        if value is None:
            continue
        if param.param_type_name == "argument":
            args.append(value)
        else:
            args += [_flag(param), value]
    return args


def test_every_command_and_option_kind_is_covered() -> None:
    """The cases come from the app: every command, and the options of each kind the issue names."""
    found = set(cases())
    assert {name for name, _ in found} == set(COMMANDS) and len(COMMANDS) >= 10
    for case in [
        ("export", "out: under a missing folder"),
        ("export", "out: a folder for a file"),
        ("export", "fmt: a format that does not exist"),
        ("serve", "port: port 99999"),
        ("serve", "port: port -1"),
        ("serve", "host: no such address"),
        ("init", "directory: under a regular file"),
        ("init", "directory: in a folder it may not write"),
        ("show", "at: not a date"),
    ]:
        assert case in found, case


@pytest.fixture
def never_serve(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bad argument that serve accepted would start a server: fail the test instead of waiting for it."""

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("serve started a server with a bad argument")

    monkeypatch.setattr("lawhistory.publishing.site.serve", refuse)


@pytest.mark.parametrize(("name", "bad"), sorted(set(cases())))
def test_a_bad_argument_is_one_line_and_exit_1_or_2(tmp_path: Path, cli: Any, never_serve: None, name: str, bad: str) -> None:
    repo = make_repo(tmp_path)
    work = tmp_path / "work"
    work.mkdir()
    args = _args(COMMANDS[name], work, repo, bad)
    try:
        result = cli(*args)
    finally:
        (work / "read-only").exists() and (work / "read-only").chmod(0o700)
    assert result.exit_code in (1, 2), (args, result)
    assert "Traceback" not in result.stderr
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), (args, result.stderr)
    assert "Value error" not in lines[0] and "Input should be" not in lines[0], lines[0]  # the library's own wording


def test_the_messages_name_what_is_wrong(tmp_path: Path, cli: Any) -> None:
    repo = make_repo(tmp_path)
    missing = cli("export", "kellerberrin", "--out", tmp_path / "missing-dir" / "k.xml", "--repo", repo)
    assert missing.stderr.strip() == f"error: {tmp_path / 'missing-dir' / 'k.xml'}: no such file or directory"
    folder = cli("export", "kellerberrin", "--out", tmp_path, "--repo", repo)
    assert folder.stderr.strip() == f"error: {tmp_path}: is a directory"
    pdf = cli("export", "kellerberrin", "--format", "pdf", "--repo", repo)
    assert (pdf.exit_code, pdf.stderr.strip()) == (
        2,
        "error: --format must be one of akn (not 'pdf') (see 'lawhistory export --help')",
    )
    port = cli("serve", "--port", "99999", "--repo", repo)
    assert (port.exit_code, port.stderr.strip()) == (2, "error: --port must be at most 65535 (see 'lawhistory serve --help')")
    host = cli("serve", "--host", "999.1.1.1", "--repo", repo)
    assert host.exit_code == 1 and "999.1.1.1: it is not an address or a name of this machine" in host.stderr
    assert "another server" not in host.stderr


def test_init_under_a_regular_file_names_it(tmp_path: Path, cli: Any) -> None:
    regular = tmp_path / "a-file"
    regular.write_text("x", encoding="utf-8")
    result = cli("init", regular / "laws-repo")
    assert result.exit_code == 1 and "not a directory" in result.stderr and str(regular) in result.stderr
    assert regular.read_text(encoding="utf-8") == "x"


def test_serve_on_port_0_prints_the_port_it_listens_on(tmp_path: Path, cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []
    monkeypatch.setattr("lawhistory.publishing.site.serve", lambda _db, _meta, _host, port, *a, **k: asked.append(port))
    repo = make_repo(tmp_path)
    shutil.rmtree(repo / "examples", ignore_errors=True)
    result = cli("serve", "--port", "0", "--workers", "1", "--no-examples", "--repo", repo)
    assert result.exit_code == 0, result
    assert len(asked) == 1 and 0 < asked[0] <= 65535
    assert f"http://127.0.0.1:{asked[0]}/ (Ctrl-C stops)" in result.stderr


@pytest.mark.parametrize("bad", sorted(b for n, b in set(cases()) if n == "show"))
def test_show_in_its_plain_form_fails_as_the_typer_command_does(tmp_path: Path, bad: str) -> None:
    """``lawhistory show`` written plainly is run without typer (lawhistory/entry.py): the same one line and status."""
    from lawhistory.entry import main as entry_main

    from .conftest import run_main

    repo = make_repo(tmp_path)
    work = tmp_path / "work"
    work.mkdir()
    args = _args(COMMANDS["show"], work, repo, bad)
    try:
        plain, typed = run_main(entry_main, *args), run_cli_main(*args)
    finally:
        (work / "read-only").exists() and (work / "read-only").chmod(0o700)
    assert plain[0] in (1, 2) and len(plain[2].strip().splitlines()) == 1, (args, plain)
    assert (plain[0], plain[2]) == (typed[0], typed[2])


def run_cli_main(*args: str) -> tuple[int, str, str]:
    from lawhistory.cli import main as cli_main

    from .conftest import run_main

    return run_main(cli_main, *args)


def test_missing_arguments_and_options_are_named_as_the_usage_names_them(cli: Any) -> None:
    assert cli("show").stderr.strip() == "error: missing argument LAW (see 'lawhistory show --help')"
    diff = cli("diff", "kellerberrin", "--from", "2020-03-11")
    assert (diff.exit_code, diff.stderr.strip()) == (2, "error: missing option '--to' (see 'lawhistory diff --help')")
    unknown = cli("frobnicate")
    assert (unknown.exit_code, unknown.stderr.strip()) == (2, "error: no such command 'frobnicate' (see 'lawhistory --help')")
