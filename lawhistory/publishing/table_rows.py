"""The rows of Datasette's table pages (its ``_table.html``), made by one function rather than by the template engine;
and Datasette's ``render_cell`` hook, asked only of the cells a plugin renders.

A table page of 50 rows of a dozen or two columns is some 1,000 cells; Datasette's template renders each through
the engine's asynchronous steps (a test of the column's class, its type, its value, each escaped), which was most of
the page's time. ``rows_html`` writes the same HTML, character for character (its whitespace too), as the loop of
``datasette/templates/_table.html`` it replaces in ``templates/_table.html``; the header row is still the template's.

Datasette asks every plugin's ``render_cell`` of every cell of a page (through pluggy: some 3 µs a cell, 3 ms of a page
of 50 rows of provisions); lawhistory's renders two columns (``plugin.RENDERED``). ``RenderCell`` answers "no plugin
renders it" for any other cell while lawhistory's is the only ``render_cell`` registered, and asks the hook otherwise.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from functools import lru_cache
from typing import Any

from datasette.utils import to_css_class
from markupsafe import Markup, escape

_ROW_OPEN = "\n            <tr>\n                "
_ROW_CLOSE = "\n            </tr>\n        "
_CELL_OPEN = '\n                    <td class="col-'
_CELL_CLOSE = "</td>\n                "


try:  # markupsafe's own escaping of a string, without making a Markup of it (what ``escape`` does with a str)
    from markupsafe._speedups import _escape_inner as _escape_str
except ImportError:  # pragma: no cover - markupsafe without its C speedups, or a later one that moved it

    def _escape_str(s: str, /) -> str:
        return str(escape(s))


@lru_cache(maxsize=4096)
def _cell_start(column: str, value_type: str) -> str:
    return f'{_CELL_OPEN}{escape(to_css_class(column))} type-{escape(value_type)}">'


def rows_html(display_rows: Iterable[Iterable[Mapping[str, Any]]]) -> Markup:
    """What the loop over ``display_rows`` in Datasette's ``_table.html`` writes (each cell's value escaped unless it
    is markup, as the template's autoescaping does). A plain string is escaped as ``escape`` would without making a
    Markup of it, and an int or float (whose text holds nothing to escape) is written as its text: most of a page's
    cells, each once."""
    out: list[str] = []
    append = out.append
    for row in display_rows:
        append(_ROW_OPEN)
        for cell in row:
            append(_cell_start(str(cell["column"]), str(cell["value_type"])))
            value = cell["value"]
            kind = type(value)
            if kind is str:
                append(_escape_str(value))
            elif kind is int or kind is float:
                append(str(value))
            else:
                append(escape(value))
            append(_CELL_CLOSE)
        append(_ROW_CLOSE)
    return Markup("".join(out))


class RenderCell:
    """``pm.hook.render_cell``, asked only for the ``columns`` the plugin ``plugin`` renders while no other plugin
    implements the hook (every other attribute is the hook's: plugins registered later are added to it)."""

    def __init__(self, hook: Any, plugin: object, columns: Collection[str]) -> None:
        self.hook = hook
        self.plugin = plugin
        self.columns = frozenset(columns)

    def __call__(self, **kwargs: Any) -> Any:
        if kwargs.get("column") not in self.columns:
            # pluggy's own list of the hook's implementations (``get_hookimpls`` copies it)
            impls = getattr(self.hook, "_hookimpls", None)
            impls = self.hook.get_hookimpls() if impls is None else impls
            if len(impls) == 1 and impls[0].plugin is self.plugin:
                return ()  # what the hook answers: the one plugin returns None for it
        return self.hook(**kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.hook, name)


def ask_render_cell_only_when_needed(plugin: object, columns: Collection[str]) -> None:
    """Put ``RenderCell`` in place of Datasette's ``render_cell`` hook (once per process)."""
    from datasette.plugins import pm

    if not isinstance(pm.hook.render_cell, RenderCell):
        pm.hook.render_cell = RenderCell(pm.hook.render_cell, plugin, columns)
