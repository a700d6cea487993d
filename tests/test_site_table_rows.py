"""Datasette's table pages with their rows made by ``table_rows.rows_html``: the same HTML as Datasette's own
``_table.html`` loop (read from the installed Datasette, so a Datasette that changes it fails here)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import datasette
import pytest
from markupsafe import Markup, escape

from lawhistory.publishing import table_rows

from .conftest_publish import KELLERBERRIN, get

pytest_plugins = ["tests.conftest_publish"]

DATASETTE_TABLE = Path(datasette.__file__).parent / "templates" / "_table.html"
OURS = Path(table_rows.__file__).parent / "templates" / "_table.html"
#: The loop over the rows in Datasette's template, and the line that stands for it in ours.
_LOOP = re.compile(r"( *){% for row in display_rows %}.*?{% endfor %}\s*</tr>\s*{% endfor %}\n", re.DOTALL)
_OURS = "        {{ lawhistory_table_rows(display_rows) }}\n"


async def _rendered(ds: Any, source: str, rows: list[list[dict[str, Any]]]) -> str:
    return str(await ds.jinja_env.from_string(source).render_async(display_rows=rows))


def test_our_table_template_is_datasettes_with_its_row_loop_replaced() -> None:
    theirs = DATASETTE_TABLE.read_text(encoding="utf-8")
    ours = OURS.read_text(encoding="utf-8")
    ours = ours[ours.index("-#}\n") + 4 :]  # our comment at the top
    assert _LOOP.search(theirs) and _LOOP.sub(_OURS, theirs, count=1) == ours


async def test_the_rows_are_the_html_of_datasettes_loop(ds: Any) -> None:
    loop = _LOOP.search(DATASETTE_TABLE.read_text(encoding="utf-8"))
    assert loop is not None
    # cells as Datasette makes them: markup (a link), text to escape, numbers, none, a column name needing a css hash
    rows = [
        [
            {"column": "id", "value_type": "pk", "value": Markup('<a href="/x/1">1</a>'), "raw": "1"},
            {"column": "title", "value_type": "str", "value": "Dogs & <cats> \"quoted\" 'single'", "raw": ""},
            {"column": "n", "value_type": "int", "value": 42, "raw": 42},
            {"column": "my column!", "value_type": "none", "value": Markup("&nbsp;"), "raw": None},
            {"column": "_hidden", "value_type": "float", "value": 1.5, "raw": 1.5},
        ],
        [{"column": "id", "value_type": "pk", "value": Markup('<a href="/x/2">2</a>'), "raw": "2"}],
    ]
    await ds.invoke_startup()
    expected = await _rendered(ds, loop.group(0), rows)
    assert "&amp; &lt;cats&gt;" in expected  # what the comparison covers: escaping
    assert str(table_rows.rows_html(rows)) == expected[len(loop.group(1)) :]  # after the indent before the loop
    assert table_rows.rows_html([]) == ""


async def test_a_table_page_shows_its_rows(ds: Any) -> None:
    html = await get(ds, f"/lawhistory/versions?law={KELLERBERRIN}")
    assert html.count('<td class="col-valid_from type-str">') == 3  # as made, 2021, 2022
    assert '<table class="rows-and-columns">' in html and "lawhistory_table_rows" not in html


async def test_the_cells_lawhistory_renders_are_rendered_and_another_plugins_cells_too(ds: Any) -> None:
    from datasette import hookimpl
    from datasette.plugins import pm

    assert isinstance(pm.hook.render_cell, table_rows.RenderCell)
    html = await get(ds, f"/lawhistory/changes?law={KELLERBERRIN}&_size=5")
    assert '<td class="col-diff_html type-str">' in html and "<ins>" in html  # a redline, not escaped markup
    html = await get(ds, f"/lawhistory/provisions?law={KELLERBERRIN}&_size=5")
    assert html.count(">on the law page</a>") == 5

    class Shouting:
        @staticmethod
        @hookimpl
        def render_cell(value: Any, column: str) -> Markup | None:
            return Markup("<b>LOUD</b>") if column == "title" else None

    pm.register(Shouting, name="shouting")
    try:
        laws = await get(ds, "/lawhistory/laws?_size=5")
        # asked of every cell again while another plugin renders cells: each row's title
        assert laws.count("<b>LOUD</b>") == laws.count("<tr>") - 1 > 0
        assert "<ins>" in await get(ds, f"/lawhistory/changes?law={KELLERBERRIN}&_size=4")  # and lawhistory's too
    finally:
        pm.unregister(name="shouting")
    assert "<b>LOUD</b>" not in await get(ds, "/lawhistory/laws?_size=4")  # (another address: answers are cached)


def test_plain_strings_and_numbers_are_escaped_without_a_markup_each(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23: most cells of a page are plain strings and numbers; ``rows_html`` escapes them as ``escape`` does but
    asks ``escape`` (a Markup made for every cell) only for the rest: None, bytes, another type; a Markup (a null's
    ``&nbsp;``, a link) is written as it is, as ``escape`` gives it back."""
    values: list[object] = [
        "Dogs & <cats> \"quoted\" 'single'",
        "plain",
        42,
        -1.5,
        float("inf"),
        Markup("<b>x</b>"),
        Markup("&nbsp;"),
        None,
        True,
        b"<",
    ]
    row = [{"column": f"c{i}", "value_type": "x", "value": v, "raw": v} for i, v in enumerate(values)]
    table_rows.rows_html([row])  # each column's cell start made (and kept) first
    asked: list[object] = []

    def counted(value: object) -> Markup:
        asked.append(value)
        return escape(value)

    monkeypatch.setattr(table_rows, "escape", counted)
    html = str(table_rows.rows_html([row]))
    assert asked == [None, True, b"<"]
    for v in values:
        assert f">{escape(v)}</td>" in html
