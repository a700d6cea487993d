"""The law page's template rendered without the template engine's asynchronous steps (issue 23: a page the cache
cannot answer costs its rendering).

Datasette's template environment is asynchronous: every variable, call and filter of a template goes through the
engine's ``auto_await`` and every chunk of output through an asynchronous generator, about 1 ms of the 3 ms of CPU a
law page costs when it is made. The law page's template calls nothing asynchronous but Datasette's ``menu_links``
(in ``base.html``), so ``render`` gives Datasette's ``render_template`` (its hooks, its context) the same template
compiled by a synchronous copy of the environment (``Environment.overlay``: the same loader, filters, globals and
settings), whose ``render_async`` awaits ``menu_links`` first and then renders in one synchronous pass: the same
bytes in about half the time (``tests/test_sync_render.py`` compares them). Datasette's table pages are rendered the
same way (``render_tables_synchronously``), their ``table_actions`` and breadcrumbs (``crumb_items``) awaited first.

A page that shows the text of an unawaited coroutine (something asynchronous this module does not know of, called by
a template) is made again by Datasette's own asynchronous rendering: never a page with a coroutine's name in it.
"""

from __future__ import annotations

import inspect
import weakref
from typing import Any

from jinja2 import Environment, Template, TemplateNotFound

#: What an awaitable the synchronous rendering did not await writes on the page (escaped or not).
_UNAWAITED = ("coroutine object", "async_generator object")


class NeedsAsync(Exception):
    """A template called something asynchronous this module cannot answer synchronously."""


def _refused(*args: Any, **kwargs: Any) -> Any:
    raise NeedsAsync


class SyncTemplate(Template):
    """A template compiled without async support; ``render_async`` (what Datasette's ``render_template`` calls) awaits
    what the context holds that is asynchronous — ``menu_links`` and the table page's ``table_actions`` (called with
    nothing), Datasette's ``crumb_items`` for the page's database and table — and renders synchronously. Any other
    asynchronous callable, or ``crumb_items`` asked of another database or table, raises ``NeedsAsync``."""

    async def render_async(self, *args: Any, **kwargs: Any) -> str:
        context = dict(*args, **kwargs)
        for name, value in context.items():
            if not inspect.iscoroutinefunction(value):
                continue
            if name in ("menu_links", "table_actions"):
                context[name] = _constant(await value())
            elif name == "crumb_items":
                context[name] = await _crumbs(value, context)
            else:
                context[name] = _refused
        return self.render(context)


def _constant(value: Any) -> Any:
    return lambda: value


async def _crumbs(crumb_items: Any, context: dict[str, Any]) -> Any:
    """``crumb_items(request=..., database=..., table=...)`` answered from the items awaited for the page's own
    database and table (and for the database alone, and for neither)."""
    request, database, table = context.get("request"), context.get("database"), context.get("table")
    known = {
        (database, table): await crumb_items(request=request, database=database, table=table),
        (database, None): await crumb_items(request=request, database=database, table=None),
        (None, None): await crumb_items(request=request, database=None, table=None),
    }

    def items(request: Any = None, database: Any = None, table: Any = None) -> Any:
        if request is not context.get("request") or (database, table) not in known:
            raise NeedsAsync
        return known[database, table]

    return items


#: The synchronous copy of each Datasette's environment (made when first used: after the plugins prepared it).
_ENVIRONMENTS: weakref.WeakKeyDictionary[Any, Environment] = weakref.WeakKeyDictionary()


def environment(datasette: Any) -> Environment:
    env = _ENVIRONMENTS.get(datasette)
    if env is None:
        env = datasette.jinja_env.overlay(enable_async=False, cache_size=64)
        env.template_class = SyncTemplate
        _ENVIRONMENTS[datasette] = env
    return env


async def render(datasette: Any, template: str, context: dict[str, Any], request: Any) -> str:
    """``datasette.render_template(template, context, request=request)``, the template rendered synchronously."""
    return await _render(datasette, datasette.render_template, template, context, request, None)


async def _render(
    datasette: Any, render_template: Any, templates: Any, context: Any, request: Any, view_name: Any
) -> str:  # fmt: skip
    try:
        chosen = environment(datasette).select_template([templates] if isinstance(templates, str) else templates)
        html: str = await render_template(chosen, context, request=request, view_name=view_name)
    except NeedsAsync:
        html = ""
    if not html or any(word in html for word in _UNAWAITED):  # something asynchronous: Datasette's own rendering
        html = await render_template(templates, context, request=request, view_name=view_name)
    return html


def render_tables_synchronously(datasette: Any) -> None:
    """Datasette's table pages (``view_name`` "table": ``table.html`` and its rows, ``table_rows.rows_html``) rendered
    by ``SyncTemplate`` too: ``datasette.render_template`` wrapped on this instance."""
    original = datasette.render_template

    async def render_template(templates: Any, context: Any = None, request: Any = None, view_name: Any = None) -> str:
        if view_name != "table":
            html: str = await original(templates, context, request=request, view_name=view_name)
            return html
        # Datasette's view has chosen the template already (from the async environment): the same name from ours
        names = [templates.name] if isinstance(templates, Template) else templates
        try:
            return await _render(datasette, original, names, context, request, view_name)
        except TemplateNotFound:  # a template given by a plugin, not by a loader
            html = await original(templates, context, request=request, view_name=view_name)
            return html

    datasette.render_template = render_template
