"""The command line: every refusal is one clear line with exit status 1 (2 for usage), never a traceback."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import KELLERBERRIN, ROOT, make_repo

COMMANDS = ["init", "import", "amend", "list", "show", "history", "diff", "build", "serve", "export"]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_ending_with_an_example(cli, command: str) -> None:
    result = cli(command, "--help")
    assert result.exit_code == 0
    assert re.search(r"Example: lawhistory " + command, result.stdout), result.stdout


def test_every_command_is_documented_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for command in COMMANDS:
        assert f"lawhistory {command}" in readme, command


def _one_line_error(result, code: int = 1) -> str:
    assert result.exit_code == code, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "is empty"),
        (b"   \n\n", "is empty"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary file"),
        (b"\xff\xfe\xfa not utf-8", "not UTF-8"),
        (b"Dear resident, the bins are collected on Tuesdays.\n", "no recognisable local law"),
        (b'{"sections": []}', "non-empty 'sections'"),
        (b'{"sections": [', "not valid JSON"),
        (b'{"sections": [{"sortOrder": 1, "content": "a"}, {"sortOrder": null, "content": "b"}]}', "no numeric 'sortOrder'"),
    ],
)
def test_bad_sources_are_refused_with_one_line(tmp_path: Path, cli, content: bytes, message: str) -> None:
    repo = make_repo(tmp_path, laws=False)
    f = tmp_path / "source.txt"
    f.write_bytes(content)
    line = _one_line_error(cli("import", f, "--repo", repo))
    assert message in line and line.startswith("error: ")


def test_missing_file_and_folder(tmp_path: Path, cli) -> None:
    repo = make_repo(tmp_path, laws=False)
    assert "no such file" in _one_line_error(cli("import", tmp_path / "nope.txt", "--repo", repo))
    assert "is a folder" in _one_line_error(cli("import", tmp_path, "--repo", repo))


@pytest.mark.parametrize("bad", ["11/03/2020", "2020-13-01", "yesterday"])
def test_a_date_in_the_wrong_format_is_refused(cli, bad: str) -> None:
    line = _one_line_error(cli("show", "kellerberrin", "--at", bad, "--repo", ROOT))
    assert "YYYY-MM-DD" in line and bad in line


def test_unknown_and_ambiguous_law_ids(cli) -> None:
    assert "no law in this repository matches" in _one_line_error(cli("show", "gosnells-parking", "--repo", ROOT))
    assert "matches 2 laws" in _one_line_error(cli("show", "Kulin", "--repo", ROOT))


def test_outside_a_repository(tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert "not inside a law repository" in _one_line_error(cli("list"))


def test_usage_errors_exit_2(cli) -> None:
    assert cli("show", "--repo", ROOT).exit_code == 2
    assert cli("show", "kellerberrin", "--format", "pdf", "--repo", ROOT).exit_code == 2
    assert cli("frobnicate").exit_code == 2


def test_importing_an_amending_instrument_points_to_amend(tmp_path: Path, cli) -> None:
    repo = make_repo(tmp_path, laws=False)
    inst = ROOT / "tests/fixtures/instruments/synthetic_kellerberrin_amendment_2021.txt"
    line = _one_line_error(cli("import", inst, "--repo", repo))
    assert "lawhistory amend" in line


def test_repository_found_from_a_subfolder_like_git(tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = make_repo(tmp_path)
    monkeypatch.chdir(repo / "laws" / "kulin")
    result = cli("list", "--json")
    assert result.exit_code == 0
    assert len(json.loads(result.stdout)) == 3


def test_init_then_import_then_show(tmp_path: Path, cli) -> None:
    target = tmp_path / "new"
    assert cli("init", target).exit_code == 0
    assert (target / "laws").is_dir() and (target / "amendments").is_dir()
    seed = ROOT / "tests/fixtures/seeds/004_34274a89b0432fb1.txt"
    first = cli("import", seed, "--repo", target)
    assert first.stdout.split() == [KELLERBERRIN]
    assert "lawhistory amend" in first.stderr  # the two Gosnells instruments in the same file
    again = cli("import", seed, "--repo", target)
    assert "already imported, unchanged" in again.stdout


@pytest.mark.parametrize("fmt", ["text", "md", "html", "json"])
def test_show_formats(cli, fmt: str) -> None:
    result = cli("show", KELLERBERRIN, "--at", "2020-03-11", "--format", fmt, "--repo", ROOT)
    assert result.exit_code == 0
    out = result.stdout
    assert "Roosters, geese, turkeys and peafowl" in out
    if fmt == "html":
        assert out.startswith("<!DOCTYPE html>") and 'id="sec_2.7__para_a"' in out
    if fmt == "md":
        assert "#### 2.7 Roosters, geese, turkeys and peafowl" in out and "| Item No. | Clause |" in out
    if fmt == "text":
        assert "As at 2020-03-11: in force." in out and "Compilation table" in out


def test_show_before_commencement_is_not_in_force(cli) -> None:
    out = json.loads(cli("show", KELLERBERRIN, "--at", "2020-03-10", "--format", "json", "--repo", ROOT).stdout)
    assert out["status"] == "not_in_force" and out["provisions"] == [] and out["version"] is None


def test_html_escapes_law_text(tmp_path: Path, cli) -> None:
    repo = make_repo(tmp_path)
    path = repo / "laws" / f"{KELLERBERRIN}.txt"
    path.write_text(path.read_text(encoding="utf-8").replace("(a) roosters;", "(a) <script>alert(1)</script>;"), encoding="utf-8")
    out = cli("show", KELLERBERRIN, "--format", "html", "--repo", repo).stdout
    assert "<script>alert(1)</script>" not in out
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out


def test_the_readme_links_the_schema_generated_from_the_code() -> None:
    """The schema is described in docs/schema.md (tests/test_store_schema.py checks it is generated), linked from the README."""
    from lawhistory.deriving.schema import schema_section

    assert "](docs/schema.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert (ROOT / "docs" / "schema.md").read_text(encoding="utf-8") == schema_section()
