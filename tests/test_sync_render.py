"""The law page's template rendered synchronously (publishing/sync_render.py): byte for byte the page Datasette's
asynchronous rendering makes, for every law on the days that matter, plain, redlined, as known and with changes since;
and a template that calls something asynchronous is rendered by Datasette's own rendering, never printed with a
coroutine in it."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from datasette.utils.asgi import Request
from jinja2 import ChoiceLoader, DictLoader

from lawhistory.files.repo import Repository
from lawhistory.publishing import page_cache, sync_render
from lawhistory.publishing.site import make_datasette

from .conftest_publish import METADATA
from .test_site_page_cache import _days_that_matter

pytest_plugins = ["tests.conftest_publish"]


async def test_every_law_page_is_the_page_of_the_asynchronous_rendering(
    built_repo: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(page_cache.ENVIRONMENT, "0")  # every page made afresh
    db = built_repo.db_dir / "lawhistory.db"
    synchronous, asynchronous = make_datasette(db, METADATA), make_datasette(db, METADATA)
    pages = 0
    rendered: list[str] = []

    async def render(datasette: Any, template: str, context: dict[str, Any], request: Any) -> str:
        rendered.append(template)
        html: str = await datasette.render_template(template, context, request=request)
        return html

    for law, days in _days_that_matter(db).items():
        for variant in ("", "&redline=1", "&known=2022-06-20", "&since=2019-06-01", "&at=bad"):
            for day in days:
                path = f"/-/law/{law}?at={day}{variant}"
                made = await synchronous.client.get(path)
                rendered.clear()
                with monkeypatch.context() as m:
                    m.setattr(sync_render, "render", render)
                    expected = await asynchronous.client.get(path)
                assert rendered == ["lawhistory_law.html"], path
                assert made.status_code == expected.status_code == 200, path
                assert made.content == expected.content, path
                pages += 1
    assert pages > 100
    # the law page was rendered by the synchronous copy of the environment, compiled without async support
    env = sync_render.environment(synchronous)
    assert not env.is_async and synchronous.jinja_env.is_async
    assert isinstance(env.get_template("lawhistory_law.html"), sync_render.SyncTemplate)


async def test_a_template_calling_something_asynchronous_is_rendered_asynchronously(built_repo: Repository) -> None:
    ds = make_datasette(built_repo.db_dir / "lawhistory.db", METADATA)
    await ds.invoke_startup()
    ds.jinja_env.loader = ChoiceLoader([DictLoader({"synthetic_async.html": "<p>{{ answer() }}</p>"}), ds.jinja_env.loader])

    async def answer() -> str:
        return "forty-two"

    html = await sync_render.render(ds, "synthetic_async.html", {"answer": answer}, None)
    assert html == "<p>forty-two</p>"


#: Datasette's table pages as the site links them and visitors click them: facets, filters, sorting, search, pages.
TABLE_PAGES = [
    "/lawhistory/laws", "/lawhistory/instruments", "/lawhistory/instruments?status=pending", "/lawhistory/provisions",
    "/lawhistory/provisions?kind=definition", "/lawhistory/provisions?_sort_desc=position", "/lawhistory/changes",
    "/lawhistory/changes?change=deleted", "/lawhistory/operations", "/lawhistory/operations?outcome=applied",
    "/lawhistory/versions", "/lawhistory/versions?_size=2", "/lawhistory/provisions?_search=dog",
    "/lawhistory/provisions?_facet=kind&_facet=law", "/lawhistory/provisions?_where=1%3D1", "/lawhistory/offences",
    "/lawhistory/current_provisions?_size=3", "/lawhistory/nonexistent", "/lawhistory/laws?_nocol=title",
]  # fmt: skip


async def test_every_table_page_is_the_page_of_the_asynchronous_rendering(built_repo: Repository) -> None:
    """Datasette's table pages rendered synchronously (``render_tables_synchronously``): the bytes of its own
    rendering, but for the time its footer says the queries took."""
    import re

    db = built_repo.db_dir / "lawhistory.db"
    synchronous, asynchronous = make_datasette(db, METADATA), make_datasette(db, METADATA)
    del asynchronous.render_template  # Datasette's own (the wrapper is an attribute of the instance)
    rendered = 0
    original = sync_render.SyncTemplate.render

    def counted(self: Any, *args: Any, **kwargs: Any) -> str:
        nonlocal rendered
        rendered += 1
        return original(self, *args, **kwargs)

    sync_render.SyncTemplate.render = counted  # type: ignore[method-assign]
    try:
        with sqlite3.connect(db) as conn:
            laws = [r[0] for r in conn.execute("select id from laws")]
        paths = [*TABLE_PAGES, *(f"/lawhistory/provisions?law={law}" for law in laws)]
        for path in paths:
            made, expected = await synchronous.client.get(path), await asynchronous.client.get(path)
            assert made.status_code == expected.status_code, path
            timing = re.compile(rb"Queries took [0-9.]+ms")
            assert timing.sub(b"", made.content) == timing.sub(b"", expected.content), path
    finally:
        sync_render.SyncTemplate.render = original  # type: ignore[method-assign]
    assert rendered >= len(paths) - 2  # all but the missing table's page (and none in the async site)


async def test_crumbs_of_another_table_fall_back_to_the_asynchronous_rendering(built_repo: Repository) -> None:
    ds = make_datasette(built_repo.db_dir / "lawhistory.db", METADATA)
    await ds.invoke_startup()
    template = "{% for c in crumb_items(request=request, database='lawhistory', table='laws') %}{{ c.label }} {% endfor %}"
    ds.jinja_env.loader = ChoiceLoader([DictLoader({"synthetic_crumbs.html": template}), ds.jinja_env.loader])
    sync_render._ENVIRONMENTS.pop(ds, None)
    request = Request.fake("/lawhistory")
    request.scope["csrftoken"] = lambda: ""
    html = await sync_render.render(ds, "synthetic_crumbs.html", {"database": "lawhistory"}, request)
    assert html == await ds.render_template("synthetic_crumbs.html", {"database": "lawhistory"}, request=request)
    assert "laws" in html
