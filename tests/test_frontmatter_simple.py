"""The reader of the project's own simple front matter (``frontmatter.read_simple``, issue 23: PyYAML's constructor
and the depth check's own pass were a twentieth of deriving): on every file it accepts, the values and their types are
PyYAML's; everything else (literal blocks, nulls, comments, flow collections, other scalars) is left to PyYAML, whose
errors are kept."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from lawhistory.core.errors import FormatError
from lawhistory.files import frontmatter
from lawhistory.files.frontmatter import load_front_matter, read_simple

from .conftest import ROOT


def _pyyaml(text: str) -> Any:
    return yaml.load(text, Loader=frontmatter._Loader)


def _typed(value: Any) -> Any:
    """``value`` with each scalar's type beside it (True == 1 and a date is no string: equal values, different types)."""
    if isinstance(value, dict):
        return {k: _typed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_typed(v) for v in value]
    return (type(value).__name__, value)


def _front_matters() -> list[tuple[str, str]]:
    out = []
    for folder in ("laws", "amendments", "tests/fixtures", "examples"):
        for path in sorted((ROOT / folder).glob("**/*")):
            if path.suffix not in (".txt", ".md") or not path.is_file():
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            end = text.find("\n---\n", 3)
            if text.startswith("---\n") and end > 0:
                out.append((str(path.relative_to(ROOT)), text[4 : end + 1]))
    return out


def test_every_front_matter_it_reads_is_what_pyyaml_reads() -> None:
    read = {"laws": 0, "amendments": 0}
    for name, text in _front_matters():
        simple = read_simple(text)
        if simple is None:
            continue
        assert _typed(simple) == _typed(_pyyaml(text)), name
        for folder in read:
            read[folder] += name.startswith(folder + "/")
    assert read["laws"] > 0 and read["amendments"] > 0, read


SIMPLE = """id: shire/a-law
title: Shire of A Local Law 2001
made: 2001-02-03
gazette:
  date: 2001-03-04
  number: '6'
  pages: '12'
partial: false
repealed: null
days: 0
notes:
- One note
operations:
- clause: '4'
  action: delete
  target: 2.6(e)
"""


def test_the_simple_forms_are_read() -> None:
    assert read_simple(SIMPLE) == {
        "id": "shire/a-law",
        "title": "Shire of A Local Law 2001",
        "made": dt.date(2001, 2, 3),
        "gazette": {"date": dt.date(2001, 3, 4), "number": "6", "pages": "12"},
        "partial": False,
        "repealed": None,
        "days": 0,
        "notes": ["One note"],
        "operations": [{"clause": "4", "action": "delete", "target": "2.6(e)"}],
    }
    assert _typed(read_simple(SIMPLE)) == _typed(_pyyaml(SIMPLE))


@pytest.mark.parametrize(
    "line",
    [
        "made: ~", "made: Null", "made:", "partial: yes", "partial: No", "partial: True", "days: 012", "days: 0x1F",
        "days: 1_000", "days: 1.5", "days: -3", "made: 2020-13-45", "title: a: b", "title: a #c",
        "title: 'it''s'", 'title: "x"', "title: |-", "title: [a, b]", "title: {a: 1}", "title: &a x", "title: *a",
        "title: !!str 5", "on: x", "# a comment", "", "title: x ", "title:  x", "title: a\tb", "title: .inf", "---",
    ],
)  # fmt: skip
def test_other_forms_are_left_to_pyyaml(line: str) -> None:
    assert read_simple(f"id: x\n{line}\nkind: principal\n") is None


def test_pyyamls_errors_are_kept() -> None:
    with pytest.raises(FormatError, match="not a date"):
        load_front_matter("id: x\nmade: 2020-13-45\n", "laws/x/y.txt")
    with pytest.raises(FormatError, match="not valid YAML"):
        load_front_matter("id: x\ntitle: a: b\n", "laws/x/y.txt")


_WORDS = st.sampled_from(
    [
        "a", "Shire", "of", "x:", ":", "#", " #", "'", '"', "-", "- ", "yes", "No", "null", "~", "true", "False", "on",
        "0", "012", "7", "1.5", "1e3", "2020-01-02", "2020-13-45", "12:30", "0x1F", ".inf", "“quoted”", "—", "[", "]",
        "{", "}", ",", "&", "*", "!", "|", ">", "%", "@", "`", "2.6(e)", "é", "\t", " ", "\u2028", "\x85", "\\",
    ]
)  # fmt: skip
_PLAIN_WORDS = st.sampled_from(["Shire", "of", "a", "2.6(e)", "“quoted”", "—", "x", "7", "2020-01-02", "true", "null", "No."])
_SCALARS = (
    st.lists(_PLAIN_WORDS, min_size=1, max_size=3).map(" ".join)
    | st.lists(_WORDS, min_size=0, max_size=4).map("".join)
    | st.text(max_size=8)
)
_KEYS = st.sampled_from(["id", "title", "made", "on", "No", "gazette", "date", "k_2", "number"])


@st.composite
def _documents(draw: st.DrawFn) -> str:
    lines = []
    for _ in range(draw(st.integers(1, 6))):
        key = draw(_KEYS)
        form = draw(st.sampled_from(["scalar", "quoted", "mapping", "list", "indented list", "list of mappings"]))
        if form == "scalar":
            lines.append(f"{key}: {draw(_SCALARS)}")
        elif form == "quoted":
            lines.append(f"{key}: '{draw(_SCALARS)}'")
        elif form == "mapping":
            lines.append(f"{key}:")
            lines += [f"  {draw(_KEYS)}: {draw(_SCALARS)}" for _ in range(draw(st.integers(0, 3)))]
        elif form in ("list", "indented list"):
            pad = "" if form == "list" else "  "
            lines.append(f"{key}:")
            lines += [f"{pad}- {draw(_SCALARS)}" for _ in range(draw(st.integers(0, 3)))]
        else:
            lines.append(f"{key}:")
            for _ in range(draw(st.integers(0, 2))):
                lines.append(f"- {draw(_KEYS)}: {draw(_SCALARS)}")
                lines += [f"  {draw(_KEYS)}: {draw(_SCALARS)}" for _ in range(draw(st.integers(0, 2)))]
    return "\n".join(lines) + "\n"


@settings(max_examples=600, deadline=None)
@given(_documents())
def test_what_it_reads_of_any_document_is_what_pyyaml_reads(text: str) -> None:
    simple = read_simple(text)
    if simple is None:
        return
    assert _typed(simple) == _typed(_pyyaml(text))


def test_a_file_read_with_the_simple_reader_is_the_file_read_with_pyyaml(tmp_path: Path) -> None:
    """``load_front_matter`` (every command's and the build's reader) gives what PyYAML gives on a simple file."""
    assert _typed(load_front_matter(SIMPLE, "laws/shire/a-law.txt")) == _typed(_pyyaml(SIMPLE))
