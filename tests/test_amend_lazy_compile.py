"""``amend FILE --build`` of one plain instrument (a new process) imports no reader of a law's printed closing lines or
tables, and compiles none of the regular expressions kept for inputs it does not have (``core.lazy_re``)."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

from tests.conftest import make_repo

ROOT = Path(__file__).resolve().parent.parent

#: Imported where a law's printed closing lines or a table are read: not by a plain instrument nor a law without tables.
LAZY_MODULES = ("lawhistory.reading.tables", "lawhistory.reading.closing")
#: Some of the patterns compiled on first use, none of which a one-line instrument needs (cells of a printed table,
#: a gazette's cover, a copy's page header, a law's definitions printed a line each).
LAZY_PATTERNS = (
    "lawhistory.reading.gazette.WORDS_CELL_ROW", "lawhistory.reading.gazette.COVER_DATE",
    "lawhistory.reading.page_headers._HEADER_DATE", "lawhistory.reading.definitions._BARE_TERM_LINE",
    "lawhistory.core.dates.ENABLING_ACT", "lawhistory.amending.instructions._JOINED",
)  # fmt: skip

_PROBE = """
import sys, contextlib, functools
from lawhistory.entry import main
sys.argv = ['lawhistory', *ARGS]
with contextlib.suppress(SystemExit):
    main()
compiled = {}
for name, module in list(sys.modules.items()):
    if name.startswith('lawhistory'):
        for key, value in vars(module).items():
            inner = getattr(value, '__wrapped__', None)
            if inner is not None and inner.__qualname__ == 'lazy_pattern.<locals>.compiled':
                compiled[f'{name}.{key}'] = value.cache_info().currsize
print(sorted(m for m in sys.modules if m in MODULES))
print(compiled)
"""


def _run(*args: str | Path) -> tuple[str, list[str], dict[str, int]]:
    probe = _PROBE.replace("ARGS", repr([str(a) for a in args])).replace("MODULES", repr(LAZY_MODULES))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    *printed, modules, compiled = done.stdout.strip().splitlines()
    return "\n".join(printed) + done.stderr, ast.literal_eval(modules), ast.literal_eval(compiled)


def test_amend_build_of_one_instrument_imports_no_schedule_reader_and_compiles_no_unneeded_pattern(tmp_path: Path) -> None:
    instruments = ROOT / "tests" / "fixtures" / "instruments"
    repo = make_repo(tmp_path)
    said, modules, compiled = _run("build", "-q", "--repo", repo)
    assert "full build" in said, said
    said, modules, compiled = _run("amend", instruments / "synthetic_kulin_health_amendment_2018.txt", "--build", "--repo", repo)
    assert "applied to kulin/health" in said and "(re-derived 1 of 3 laws)" in said, said
    assert modules == []
    assert set(LAZY_PATTERNS) <= set(compiled), sorted(set(LAZY_PATTERNS) - set(compiled))
    assert {name: compiled[name] for name in LAZY_PATTERNS} == dict.fromkeys(LAZY_PATTERNS, 0)
    # importing a law printed a line a line reads its closing lines and looks for its schedules (the probe sees them)
    from tests.test_bare_parts import LAW

    law = tmp_path / "printed-lines.txt"
    law.write_text(LAW, encoding="utf-8")
    said, modules, compiled = _run("import", law, "--repo", make_repo(tmp_path / "import", laws=False))
    assert "example" in said.lower(), said
    assert "lawhistory.reading.closing" in modules


def test_a_lazy_pattern_is_re_compile_of_its_words_made_once() -> None:
    from lawhistory.core.lazy_re import lazy_pattern

    made = lazy_pattern(r"(?P<n>\d+)\s+ab", re.I)
    assert made.cache_info().currsize == 0  # type: ignore[attr-defined]
    first = made()
    assert first is made() and first == re.compile(r"(?P<n>\d+)\s+ab", re.I)
    assert first.match("12 AB") is not None and made.cache_info().currsize == 1  # type: ignore[attr-defined]
