"""``show --format md``: rendered (CommonMark with tables, raw HTML allowed, as many renderers do), it never runs
script; lists render as lists, schedule tables keep every row, and a note stays in its row's cell."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from lawhistory.presenting.views import _md

from .conftest import KELLERBERRIN, make_repo, run_cli
from .conftest_publish import PUBLISH
from .strategies import examples

pytest_plugins = ["tests.conftest_publish"]

RENDER = MarkdownIt("commonmark", {"html": True}).enable("table")
HOSTILE = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "[click](javascript:alert(1))",
    "<javascript:alert(1)>",
    "![x](javascript:alert(1))",
    "[x]: javascript:alert(1)",
    "&lt;script&gt;",
    "`code` *em* __strong__ # heading | pipe ~~strike~~",
    "1. an ordered list",
    "- a bullet",
    "line one\n<script>two</script>",
]


def assert_inert(rendered: str) -> None:
    tags = set(re.findall(r"<\s*([a-zA-Z][\w-]*)", rendered))
    assert tags <= {"h1", "h2", "h3", "h4", "p", "em", "strong", "ul", "li", "table", "thead", "tbody", "tr", "th", "td"}, tags


def show_md(repo: Path, law: str) -> str:
    code, out, err = run_cli("show", law, "--format", "md", "--repo", repo)
    assert code == 0, err
    return out


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(st.sampled_from(HOSTILE), st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=60)))
def test_escaped_text_renders_as_itself_and_nothing_else(text: str) -> None:
    """Property: ``_md(text)`` as a paragraph renders to exactly the text (one line), no tag, link or entity."""
    rendered = RENDER.render(_md(text))
    flat = " ".join(text.splitlines()).strip()
    if not flat:
        return
    assert rendered.startswith("<p>") and rendered.endswith("</p>\n"), rendered
    assert html.unescape(rendered[3:-5]).strip() == flat
    assert "<" not in rendered[3:-5]


def test_a_hostile_title_gazette_pages_and_texts_never_run(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    path = repo / "laws" / f"{KELLERBERRIN}.txt"
    original = path.read_text(encoding="utf-8")
    hostile = "Shire of Kellerberrin <script>alert(1)</script> [x](javascript:alert(1)) Local Law 2019"
    source = re.sub(r"^title: .*$", f"title: '{hostile}'", original, count=1, flags=re.M)
    source = re.sub(r"^  pages: .*$", "  pages: '<img src=x onerror=alert(1)>'", source, count=1, flags=re.M)
    path.write_text(source, encoding="utf-8")
    rendered = RENDER.render(show_md(repo, KELLERBERRIN))
    assert_inert(rendered)
    assert "<h1>Shire of Kellerberrin &lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:alert(1))" in rendered
    assert "&lt;img src=x onerror=alert(1)&gt;" in rendered
    path.write_text(original, encoding="utf-8")
    (repo / "amendments" / "kellerberrin").mkdir(parents=True)
    shutil.copyfile(
        PUBLISH / "synthetic_xss_amendment.txt",
        repo / "amendments" / "kellerberrin" / "synthetic-markup-amendment-local-law-2021.txt",
    )
    rendered = RENDER.render(show_md(repo, KELLERBERRIN))
    assert_inert(rendered)
    assert "write &lt;script&gt;alert('xss')&lt;/script&gt; on a fence" in rendered.replace("&#x27;", "'")
    assert "&lt;i&gt;Markup&lt;/i&gt;" in rendered


def test_lists_render_as_lists_and_tables_keep_their_rows(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    out = show_md(repo, KELLERBERRIN)
    rendered = RENDER.render(out)
    bullets = len(re.findall(r"^\s*- ", out, re.M))
    assert bullets > 100 and rendered.count("<li>") == bullets
    rows = [line for line in out.splitlines() if line.startswith("|") and not line.startswith("|---")]
    assert rendered.count("<tr>") == len(rows)
    for paragraph in re.findall(r"<p>(.*?)</p>", rendered, re.S):
        assert "\n- " not in paragraph


def test_a_note_on_a_schedule_row_stays_in_its_cell(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    (repo / "amendments" / "kellerberrin").mkdir(parents=True)
    shutil.copyfile(
        PUBLISH / "synthetic_kellerberrin_amendment_2021.txt",
        repo / "amendments" / "kellerberrin" / "synthetic-animals-environment-and-nuisance-amendment-local-law-2021.txt",
    )
    out = show_md(repo, KELLERBERRIN)
    noted = [line for line in out.splitlines() if line.startswith("|") and "*" in line and "amended" in line.lower()]
    assert noted, "no schedule row carries a note"
    rendered = RENDER.render(out)
    rows = [line for line in out.splitlines() if line.startswith("|") and not line.startswith("|---")]
    assert rendered.count("<tr>") == len(rows)
    assert_inert(rendered)
