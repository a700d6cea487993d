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
    Markup of it, an int or float (whose text holds nothing to escape) is written as its text, and a ``Markup`` (a
    null's ``&nbsp;``, a link) as it is, as ``escape`` gives it back: most of a page's cells, each once."""
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
            elif kind is Markup:  # what ``escape`` gives of it: a Markup of the same text (``__html__`` is itself)
                append(value)
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

    def asks(self, column: Any) -> bool:
        """Whether the hook has to be asked of a cell of ``column`` (False: it answers nothing)."""
        if column in self.columns:
            return True
        # pluggy's own list of the hook's implementations (``get_hookimpls`` copies it)
        impls = getattr(self.hook, "_hookimpls", None)
        impls = self.hook.get_hookimpls() if impls is None else impls
        return not (len(impls) == 1 and impls[0].plugin is self.plugin)  # the one plugin returns None for it

    def __call__(self, **kwargs: Any) -> Any:
        if not self.asks(kwargs.get("column")):
            return ()  # what the hook answers
        return self.hook(**kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.hook, name)


def ask_render_cell_only_when_needed(plugin: object, columns: Collection[str]) -> None:
    """Put ``RenderCell`` in place of Datasette's ``render_cell`` hook (once per process)."""
    from datasette.plugins import pm

    if not isinstance(pm.hook.render_cell, RenderCell):
        pm.hook.render_cell = RenderCell(pm.hook.render_cell, plugin, columns)


# -- Datasette's display_columns_and_rows, its work per cell done once per column ----------------------------------

#: The SHA-256 of the source of ``datasette.views.table.display_columns_and_rows`` that ``display_columns_and_rows``
#: below does the work of (Datasette 0.65.5). Another Datasette's is not replaced (``use_display_columns_and_rows``):
#: ``tests/test_site_table_rows.py`` fails until this function is checked against it and the hash written here.
DISPLAY_SOURCE_SHA256 = "8ff744583ce0f48331dd7199d188aaf398468295b39c676d6f679963364dd56d"


def _source_sha256(fn: Any) -> str | None:
    import hashlib
    import inspect

    try:
        return hashlib.sha256(inspect.getsource(fn).encode("utf-8")).hexdigest()
    except (OSError, TypeError):  # no source to read: not known to be the one checked
        return None


async def display_columns_and_rows(
    datasette: Any,
    database_name: str,
    table_name: str,
    description: Any,
    rows: Any,
    link_column: bool = False,
    truncate_cells: int = 0,
    sortable_columns: Any = None,
) -> tuple[list[dict[str, Any]], list[Any]]:
    """Datasette's ``display_columns_and_rows`` (``datasette/views/table.py``, Apache-2.0), the same columns and cells,
    with what it decides per cell decided per column where the cell's value cannot change the decision: whether any
    plugin's ``render_cell`` is asked (``RenderCell``: no plugin renders the column), and, for a number, neither a
    URL nor an empty value; the table's address made once. A table with ``units`` in its metadata, or a
    ``render_cell`` hook that is not ``RenderCell``, is left to Datasette's own."""
    import markupsafe
    from datasette.plugins import pm
    from datasette.utils import (
        await_me_maybe,
        format_bytes,
        is_url,
        path_from_row_pks,
        tilde_encode,
        truncate_url,
    )
    from datasette.views import table as datasette_table

    hook = pm.hook.render_cell
    table_metadata = datasette.table_metadata(database_name, table_name)
    original = _ORIGINAL.get("display_columns_and_rows")
    if table_metadata.get("units") or not isinstance(hook, RenderCell) or original is None:
        fallback = original or datasette_table.display_columns_and_rows
        answer: tuple[list[dict[str, Any]], list[Any]] = await fallback(
            datasette, database_name, table_name, description, rows, link_column, truncate_cells, sortable_columns
        )
        return answer
    sortable_columns = sortable_columns or set()
    db = datasette.databases[database_name]
    column_descriptions = table_metadata.get("columns") or {}
    column_details = {col.name: col for col in await db.table_column_details(table_name)}
    pks = await db.primary_keys(table_name)
    pks_for_display = pks
    if not pks_for_display:
        pks_for_display = ["rowid"]

    columns = []
    for r in description:
        if r[0] == "rowid" and "rowid" not in column_details:
            type_ = "integer"
            notnull = 0
        else:
            type_ = column_details[r[0]].type
            notnull = column_details[r[0]].notnull
        columns.append(
            {
                "name": r[0],
                "sortable": r[0] in sortable_columns,
                "is_pk": r[0] in pks_for_display,
                "type": type_,
                "notnull": notnull,
                "description": column_descriptions.get(r[0]),
            }
        )

    column_to_foreign_key_table = {fk["column"]: fk["other_table"] for fk in await db.foreign_keys_for_table(table_name)}

    # per column: shown (not the simple primary key already in the link column), and whether a plugin may render it
    skip_pk = pks[0] if link_column and len(pks) == 1 else None
    shown = [(column_dict["name"], hook.asks(column_dict["name"])) for column_dict in columns]
    table_path = datasette.urls.table(database_name, table_name) if link_column else ""
    cell_rows = []
    base_url = datasette.setting("base_url")
    nbsp = markupsafe.Markup("&nbsp;")
    for row in rows:
        cells = []
        if link_column:
            is_special_link_column = len(pks) != 1
            pk_path = path_from_row_pks(row, pks, not pks, False)
            cells.append(
                {
                    "column": pks[0] if len(pks) == 1 else "Link",
                    "value_type": "pk",
                    "is_special_link_column": is_special_link_column,
                    "raw": pk_path,
                    "value": markupsafe.Markup(
                        f'<a href="{table_path}/{path_from_row_pks(row, pks, not pks)}">{markupsafe.escape(pk_path)!s}</a>'
                    ),
                }
            )

        for value, (column, asked) in zip(row, shown, strict=False):
            if column == skip_pk:
                continue
            plugin_display_value = None
            if asked:
                for candidate in hook(
                    row=row, value=value, column=column, table=table_name, database=database_name, datasette=datasette
                ):
                    candidate = await await_me_maybe(candidate)
                    if candidate is not None:
                        plugin_display_value = candidate
                        break
            kind = type(value)
            if plugin_display_value:
                display_value = plugin_display_value
            elif kind is int or kind is float:  # not bytes, a dict, "" or None, a URL; no units (above)
                display_value = str(value)
                if truncate_cells and len(display_value) > truncate_cells:
                    display_value = display_value[:truncate_cells] + "\u2026"
            elif value is None:
                display_value = nbsp
            elif kind is str:  # not bytes or a dict; "" or a URL as below; no units
                if value == "":
                    display_value = nbsp
                elif is_url(value.strip()):
                    display_value = markupsafe.Markup(
                        f'<a href="{markupsafe.escape(value.strip())}">'
                        f"{markupsafe.escape(truncate_url(value.strip(), truncate_cells))}</a>"
                    )
                else:
                    display_value = value
                    if truncate_cells and len(display_value) > truncate_cells:
                        display_value = display_value[:truncate_cells] + "\u2026"
            elif isinstance(value, bytes):
                formatted = format_bytes(len(value))
                display_value = markupsafe.Markup(
                    '<a class="blob-download" href="{}"{}>&lt;Binary:&nbsp;{:,}&nbsp;byte{}&gt;</a>'.format(
                        datasette.urls.row_blob(database_name, table_name, path_from_row_pks(row, pks, not pks), column),
                        (f' title="{formatted}"' if "bytes" not in formatted else ""),
                        len(value),
                        "" if len(value) == 1 else "s",
                    )
                )
            elif isinstance(value, dict):
                # It's an expanded foreign key - display link to other row
                label = value["label"]
                value = value["value"]
                other_table = column_to_foreign_key_table[column]
                link_template = datasette_table.LINK_WITH_LABEL if (label != value) else datasette_table.LINK_WITH_VALUE
                display_value = markupsafe.Markup(
                    link_template.format(
                        database=database_name,
                        base_url=base_url,
                        table=tilde_encode(other_table),
                        link_id=tilde_encode(str(value)),
                        id=str(markupsafe.escape(value)),
                        label=str(markupsafe.escape(label)) or "-",
                    )
                )
            elif value in ("", None):
                display_value = nbsp
            elif is_url(str(value).strip()):
                display_value = markupsafe.Markup(
                    f'<a href="{markupsafe.escape(value.strip())}">{markupsafe.escape(truncate_url(value.strip(), truncate_cells))}</a>'
                )
            else:
                display_value = str(value)
                if truncate_cells and len(display_value) > truncate_cells:
                    display_value = display_value[:truncate_cells] + "\u2026"

            cells.append(
                {
                    "column": column,
                    "value": display_value,
                    "raw": value,
                    "value_type": ("none" if value is None else str(type(value).__name__)),
                }
            )
        cell_rows.append(datasette_table.Row(cells))

    if link_column:
        first_column = None
        if len(pks) == 1:
            columns = [col for col in columns if col["name"] != pks[0]]
            first_column = {
                "name": pks[0],
                "sortable": len(pks) == 1,
                "is_pk": True,
                "type": column_details[pks[0]].type,
                "notnull": column_details[pks[0]].notnull,
            }
        else:
            first_column = {"name": "Link", "sortable": False, "is_pk": False, "type": "", "notnull": 0}
        columns = [first_column, *columns]
    return columns, cell_rows


_ORIGINAL: dict[str, Any] = {}


def use_display_columns_and_rows() -> bool:
    """Put ``display_columns_and_rows`` in place of Datasette's in its table view (once per process), when Datasette's
    is the one it was checked against (``DISPLAY_SOURCE_SHA256``); whether it is in place."""
    from datasette.views import table as datasette_table

    current = datasette_table.display_columns_and_rows
    if current is display_columns_and_rows:
        return True
    if _source_sha256(current) != DISPLAY_SOURCE_SHA256:
        return False
    _ORIGINAL["display_columns_and_rows"] = current
    datasette_table.display_columns_and_rows = display_columns_and_rows
    return True
