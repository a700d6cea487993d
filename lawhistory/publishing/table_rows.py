"""The rows of Datasette's table pages (its ``_table.html``), made by one function rather than by the template engine.

A table page of 50 rows of a dozen or two columns is some 1,000 cells; Datasette's template renders each through
the engine's asynchronous steps (a test of the column's class, its type, its value, each escaped), which was most of
the page's time. ``rows_html`` writes the same HTML, character for character (its whitespace too), as the loop of
``datasette/templates/_table.html`` it replaces in ``templates/_table.html``; the header row is still the template's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from datasette.utils import to_css_class
from markupsafe import Markup, escape

_ROW_OPEN = "\n            <tr>\n                "
_ROW_CLOSE = "\n            </tr>\n        "
_CELL_OPEN = '\n                    <td class="col-'
_CELL_CLOSE = "</td>\n                "


@lru_cache(maxsize=4096)
def _cell_start(column: str, value_type: str) -> str:
    return f'{_CELL_OPEN}{escape(to_css_class(column))} type-{escape(value_type)}">'


def rows_html(display_rows: Iterable[Iterable[Mapping[str, Any]]]) -> Markup:
    """What the loop over ``display_rows`` in Datasette's ``_table.html`` writes (each cell's value escaped unless it
    is markup, as the template's autoescaping does)."""
    out: list[str] = []
    for row in display_rows:
        out.append(_ROW_OPEN)
        for cell in row:
            out.append(_cell_start(str(cell["column"]), str(cell["value_type"])))
            out.append(escape(cell["value"]))
            out.append(_CELL_CLOSE)
        out.append(_ROW_CLOSE)
    return Markup("".join(out))
