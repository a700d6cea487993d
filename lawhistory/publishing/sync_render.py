"""The law page's template rendered without the template engine's asynchronous steps (issue 23: a page the cache
cannot answer costs its rendering).

Datasette's template environment is asynchronous: every variable, call and filter of a template goes through the
engine's ``auto_await`` and every chunk of output through an asynchronous generator, about 1 ms of the 3 ms of CPU a
law page costs when it is made. The law page's template calls nothing asynchronous but Datasette's ``menu_links``
(in ``base.html``), so ``render`` gives Datasette's ``render_template`` (its hooks, its context) the same template
compiled by a synchronous copy of the environment (``Environment.overlay``: the same loader, filters, globals and
settings), whose ``render_async`` awaits ``menu_links`` first and then renders in one synchronous pass: the same
bytes in about half the time (``tests/test_sync_render.py`` compares them).

A page that shows the text of an unawaited coroutine (something asynchronous this module does not know of, called by
a template) is made again by Datasette's own asynchronous rendering: never a page with a coroutine's name in it.
"""

from __future__ import annotations

import weakref
from typing import Any

from jinja2 import Environment, Template

#: What an awaitable the synchronous rendering did not await writes on the page (escaped or not).
_UNAWAITED = ("coroutine object", "async_generator object")


class SyncTemplate(Template):
    """A template compiled without async support; ``render_async`` (what Datasette's ``render_template`` calls) awaits
    the context's ``menu_links`` and renders synchronously."""

    async def render_async(self, *args: Any, **kwargs: Any) -> str:
        context = dict(*args, **kwargs)
        menu_links = context.get("menu_links")
        if callable(menu_links):
            links = await menu_links()
            context["menu_links"] = lambda: links
        return self.render(context)


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
    html: str = await datasette.render_template(environment(datasette).get_template(template), context, request=request)
    if any(word in html for word in _UNAWAITED):  # something asynchronous was called: Datasette's own rendering
        html = await datasette.render_template(template, context, request=request)
    return html
