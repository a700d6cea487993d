"""Refusals that quote what is there: a failed word edit quotes the provision's current words, and a text with no
numbered provision is not imported as a law, even when given a title."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lawhistory.amending.apply import _QUOTE_CHARS, _current_words
from lawhistory.core.model import Provision

from .conftest import INSTRUMENTS, make_repo


def test_a_failed_word_edit_quotes_the_provisions_current_words(tmp_path: Path, cli: Any) -> None:
    repo = make_repo(tmp_path)
    result = cli("amend", INSTRUMENTS / "synthetic_refuse_words_not_found.txt", "--repo", repo)
    assert result.exit_code == 1
    line = result.stderr.strip()
    assert "the words “ostriches” do not occur in it; it reads “Except on land in a rural or rural residential zone" in line
    assert "(a) roosters;" in line  # a paragraph under it, with its label as printed
    assert len(line.splitlines()) == 1


def test_the_quote_is_cut_at_a_word_and_says_so() -> None:
    long = Provision(kind="clause", num="2.7", text="word " * 100, children=(Provision(kind="paragraph", num="(a)", text="x;"),))
    quoted = _current_words(long)
    assert quoted.endswith(" …") and len(quoted) <= _QUOTE_CHARS + 2 and "wor …" not in quoted
    short = Provision(kind="item", num="3", cells=("3", "2.12", "Keeping birds", "$250"))
    assert _current_words(short) == "3 2.12 Keeping birds $250"
    assert _current_words(Provision(kind="clause", num="4")) == "(no words)"


LICENCE = """Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated
documentation files (the "Software"), to deal in the Software without restriction, including without limitation the
rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software.

The above copyright notice and this permission notice shall be included in all copies or substantial portions of the
Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED.
"""

NUMBERED_LICENCE = """Apache License Version 2.0, January 2004 TERMS AND CONDITIONS FOR USE 1. Definitions. "License" shall
mean the terms and conditions for use. (i) the power, direct or indirect, to cause the direction of such entity, or
(ii) ownership of fifty percent (50%) or more of the outstanding shares, or (iii) beneficial ownership of such entity.
(a) You must give any other recipients of the Work a copy of this License; and (b) You must cause any modified files
to carry prominent notices stating that You changed the files; and
"""


def test_a_text_with_no_numbered_provision_is_not_imported_as_a_law(tmp_path: Path, cli: Any) -> None:
    repo = make_repo(tmp_path, laws=False)
    for n, text in enumerate([LICENCE, NUMBERED_LICENCE]):
        source = tmp_path / f"licence-{n}.txt"
        source.write_text(text, encoding="utf-8")
        result = cli(
            "import", source, "--title", "Licence Local Law 2020", "--local-government", "Shire of Kulin", "--repo", repo
        )
        assert result.exit_code == 1, result
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"error: {source.name}: no recognisable local law"), result.stderr
        if text is NUMBERED_LICENCE:  # its bracketed letters pass for an excerpt's paragraphs, until the text is read
            assert "not one provision in it is numbered" in lines[0] and "--title does not make it one" in lines[0]
        assert not list((repo / "laws").rglob("*.txt"))


def test_an_excerpt_with_numbered_provisions_still_imports_with_a_title(tmp_path: Path, cli: Any) -> None:
    from .conftest import ROOT

    repo = make_repo(tmp_path, laws=False)
    excerpt = ROOT / "tests" / "fixtures" / "seeds" / "000_c02ce5ed28c02fbc.txt"
    result = cli("import", excerpt, "--title", "Health Local Law 2016", "--local-government", "Shire of Kulin", "--repo", repo)
    assert result.exit_code == 0, result
    assert result.stdout.strip() == "kulin/health-local-law-2016"
