"""The lawhistory Datasette plugin: pages for laws, instruments and the index of laws.

Routes (all read the database only, so any number of Datasette instances can serve the same file):

- ``/`` (and ``/-/laws``) — local governments and their laws, with status, and instruments not applied;
- ``/-/data`` — Datasette's own index of the databases (the data pages, for researchers);
- ``/-/law/<law id>?at=YYYY-MM-DD&redline=1`` — a law as at a date, with a date picker, its
  timeline of versions and, optionally, the redline against the previous version;
- ``/-/instrument/<id>`` — an instrument's text, its operations and what each did;
- ``/-/lawhistory/static/<file>`` — the pages' stylesheet and script.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

from datasette import NotFound, Response, hookimpl
from jinja2 import ChoiceLoader, Environment, FileSystemLoader, PrefixLoader
from markupsafe import Markup, escape

from . import akn_rows, caching, features, feeds, known_rows, page_cache, pages, search, sync_render, table_rows
from .page_cache import Tokens
from .site import ILLUSTRATIVE

HERE = Path(__file__).parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"
DATABASE = "lawhistory"
F = TypeVar("F", bound=Callable[..., Any])


def _hook(fn: F) -> F:
    """``datasette.hookimpl``, typed (Datasette ships no type information)."""
    return cast(F, hookimpl(fn))


_CONTENT_TYPES = {".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".png": "image/png"}


def _illustrative(datasette: Any) -> set[str]:
    """The names of the databases of illustrative repositories (examples/), which are not law."""
    return set(getattr(datasette, "illustrative", set()))


def _database(datasette: Any, item_id: str | None = None) -> Any:
    """The lawhistory database: the one named ``lawhistory``, else the first that has a ``laws`` table; for a law or
    instrument whose id starts with an illustrative database's name (``exampleton/...``), that database.
    """
    if item_id is not None:
        for name in _illustrative(datasette):
            if item_id.startswith(name + "/") and name in datasette.databases:
                return datasette.get_database(name)
    if DATABASE in datasette.databases:
        return datasette.get_database(DATABASE)
    for db in datasette.databases.values():
        if not db.is_memory:
            return db
    raise NotFound("no lawhistory database is being served; run 'lawhistory serve'")


def _paths(datasette: Any) -> Callable[[str], str]:
    """``path(p)``: the site's path for ``p`` (under Datasette's base_url) as a plain string.

    Datasette's own ``urls.path`` returns a string subclass whose every attribute lookup is
    intercepted; a law page builds dozens of links, and the template engine looks them up repeatedly.
    ``urls.path("/")`` is the ``base_url`` setting itself, read here without making a ``Urls`` and its string.
    """
    base = str(datasette.setting("base_url"))

    def path(p: str) -> str:
        return base + (p[1:] if p.startswith("/") else p)

    return path


async def _build_id(datasette: Any) -> str:
    """The build the request reads (the hash of its inputs), shown in every page's head."""
    try:
        db = _database(datasette)
        # read right here on an immutable file (``pages.read``): a trip to Datasette's database thread and back cost
        # more than the rest of the page's queries
        row = await pages.read(db, lambda conn: conn.execute("select value from build_info where key = 'inputs'").fetchone())
    except Exception:  # a database without build_info (built by hand): no id to show
        return ""
    return str(row[0])[:12] if row else ""


async def _render(datasette: Any, request: Any, template: str, context: dict[str, Any], status: int = 200) -> Response:
    return Response.html(await _html(datasette, request, template, context), status=status)


async def _html(datasette: Any, request: Any, template: str, context: dict[str, Any], sync: bool = False) -> str:
    """The page's HTML (``sync``: the template rendered synchronously, ``sync_render.py``: the same bytes)."""
    context = {
        **context,
        "static": datasette.urls.path("/-/lawhistory/static/"),
        "path": _paths(datasette),
        "build_id": await _build_id(datasette),
        "illustrative_page": context.get("database") in _illustrative(datasette),
        "metadata": {k: v for k, v in (datasette.metadata() or {}).items() if k != "databases"},  # the footer's links
    }
    if sync:
        return await sync_render.render(datasette, template, context, request)
    html: str = await datasette.render_template(template, context, request=request)
    return html


async def _not_found(datasette: Any, request: Any, message: str) -> Response:
    # Rendered here rather than raised: Datasette prints a traceback for every raised NotFound.
    context = {"ok": False, "error": message, "status": 404, "title": "Not found"}
    return Response.html(await datasette.render_template("error.html", context, request=request), status=404)


def _date(value: str | None) -> tuple[dt.date, str | None]:
    """The date asked for (today when none), and a message when it could not be read."""
    if not value:
        return dt.date.today(), None
    try:
        return dt.date.fromisoformat(value), None
    except ValueError:
        return dt.date.today(), f"“{value}” is not a date like 2021-04-23, so the law is shown as at today."


async def law_view(datasette: Any, request: Any) -> Response:
    law_id = request.url_vars["law_id"]
    at, problem = _date(request.args.get("at"))
    db = _database(datasette, law_id)
    if law_id.endswith(".json"):  # the same object as ``lawhistory show LAW --at D --format json``
        data = await db.execute_fn(lambda conn: pages.law_json(conn, law_id[: -len(".json")], at))
        if data is None:
            return Response.json({"ok": False, "error": f"no law with the id {law_id[:-5]!r}"}, status=404)
        if problem:
            return Response.json({"ok": False, "error": problem}, status=400)
        return Response.json(data)
    eid = request.args.get("history")
    if eid:
        history = await db.execute_fn(lambda conn: pages.provision_history(conn, law_id, eid))
        if history is None:
            return await _not_found(datasette, request, f"No provision {eid!r} in the law {law_id!r}.")
        return await _render(datasette, request, "lawhistory_provision.html", {**history, "database": db.name})
    since = None
    if request.args.get("since"):
        since, bad = _date(request.args.get("since"))
        if bad or since >= at:
            problem = f"“{request.args.get('since')}” is not a date before {at}, so no changes are marked."
            since = None
    redline = request.args.get("redline") in ("1", "on", "true")
    known, bad_known = _date(request.args.get("known")) if request.args.get("known") else (None, None)
    if bad_known:
        problem = f"“{request.args.get('known')}” is not a date like 2021-04-23, so every instrument published is used."
    if known is not None and not bad_known and since is not None:
        problem = "Changes since a date are marked on the law with every instrument published; the second date is not used."
    as_known = known is not None and not bad_known and since is None  # the law as known on a date (known_rows.py)
    return await _law_page(datasette, request, db, law_id, at, redline, since, known if as_known else None, problem)


async def _law_page(
    datasette: Any, request: Any, db: Any, law_id: str, at: dt.date, redline: bool, since: dt.date | None,
    known: dt.date | None, problem: str | None,
) -> Response:  # fmt: skip
    """The law page: made with placeholders for what the request fills in (``page_cache.py``), from the cache when a
    page of the same key was made before."""
    fills = {Tokens.AT: at.isoformat(), Tokens.PROBLEM: problem or ""}
    build = page_cache.build_key(db)
    framed: known_rows.KnownFrame | pages.PageFrame | None
    if known is not None:
        as_known: known_rows.KnownFrame | None = await pages.read(db, lambda conn: known_rows.frame(conn, law_id, at, known))
        if as_known is not None:
            fills.update({Tokens.SHOWN: as_known.shown.isoformat(), Tokens.KNOWN: known.isoformat()})
            fills[Tokens.KNOWN_LINE] = as_known.found.sentence
        framed = as_known
    else:
        framed = await pages.read(db, lambda conn: pages.frame(conn, law_id, at, build))
    if framed is None:
        return await _not_found(datasette, request, f"No law with the id {law_id!r}; the index of local laws lists them all.")
    fills[Tokens.STATUS] = framed.status_line
    cache = page_cache.of(datasette)
    key = None
    if build is not None and framed.key is not None and since is None and cache.max_bytes and _anonymous(request):
        key = (*build, law_id, redline, bool(problem), framed.key)
    page = cache.get(key) if key is not None else None
    if key is not None:
        caching.page_answer("miss" if page is None else "hit")
    if page is None:
        if isinstance(framed, known_rows.KnownFrame):
            assert known is not None
            context = await known_rows.law_page(db, law_id, at, known, redline, framed)
        else:
            context = await pages.law_page(db, law_id, at, redline, since)
        if context is None:
            return await _not_found(datasette, request, f"No law with the id {law_id!r}; the index of local laws lists them all.")
        law = context["law"]
        feeds_ = [feeds.of_law(db.name, law["id"], law["title"]), feeds.of_council(db.name, law["local_government"])]
        context = {**context, "problem": Tokens.PROBLEM if problem else None, "database": db.name, "feeds": feeds_}
        text = context.get("law_text")
        html = (await _html(datasette, request, "lawhistory_law.html", context, sync=True)).encode("utf-8")
        page = page_cache.Split(html, text if isinstance(text, page_cache.PageText) else None)
        if key is not None:
            cache.put(key, page)
    return Response(page_cache.fill(page, fills), content_type="text/html; charset=utf-8")


def _anonymous(request: Any) -> bool:
    """Whether nothing on a page depends on who asks: no actor, no cookie (Datasette's messages are in one)."""
    return request.actor is None and not request.headers.get("cookie") and not request.headers.get("authorization")


async def instrument_view(datasette: Any, request: Any) -> Response:
    inst_id = request.url_vars["inst_id"]
    if inst_id.endswith(".json"):
        data = await pages.instrument_json(_database(datasette, inst_id), inst_id[: -len(".json")])
        if data is None:
            return Response.json({"ok": False, "error": f"no instrument with the id {inst_id[:-5]!r}"}, status=404)
        return Response.json(data)
    db = _database(datasette, inst_id)
    context = await pages.instrument_page(db, inst_id)
    if context is None:
        return await _not_found(datasette, request, f"No instrument with the id {inst_id!r}.")
    return await _render(datasette, request, "lawhistory_instrument.html", {**context, "database": db.name})


async def search_view(datasette: Any, request: Any) -> Response:
    """``/-/search?q=dog`` (in force today) or ``&when=all`` (every version), with facets; ``/-/search.json`` likewise."""
    try:
        page = int(request.args.get("page") or 1)
    except ValueError:
        page = 1
    query = search.Query(
        q=(request.args.get("q") or "")[:200],
        when="all" if request.args.get("when") == "all" else "today",
        local_government=request.args.get("local_government") or "",
        law=request.args.get("law") or "",
        page=page,
    )
    wanted = request.args.get("db") or ""
    # the illustrative demo is searched only when asked for (its pages' search boxes ask), never with the real laws
    db = (
        datasette.get_database(wanted)
        if wanted in _illustrative(datasette) and wanted in datasette.databases
        else _database(datasette)
    )
    path = str(db.path) if db.path else None  # the counts' cache is kept per database file
    data = await db.execute_fn(lambda conn: search.search(conn, query, pages.law_url, path))
    if request.url_vars.get("format") == ".json":
        results = [{k: v for k, v in r.items() if not k.endswith("_html")} for r in data["results"]]
        return Response.json({**data, "results": results})
    shown = search.shown_facets(data["facets"], query)  # the page lists the first of each facet (the JSON every one)
    context = {**data, "query": query, "database": db.name, "shown": shown}
    return await _render(datasette, request, "lawhistory_search.html", context)


async def about_view(datasette: Any, request: Any) -> Response:
    illustrative = next((name for name in datasette.databases if name.startswith("exampleton")), None)
    return await _render(datasette, request, "lawhistory_about.html", {"illustrative": illustrative})


async def laws_view(datasette: Any, request: Any) -> Response:
    context = await pages.laws_index(_database(datasette))
    demos = []
    for name in sorted(_illustrative(datasette)):
        if name in datasette.databases:
            demo = await pages.laws_index(datasette.get_database(name))
            demos.append({"name": name, **demo})
    name = _database(datasette).name
    councils = [feeds.of_council(name, local_government) for local_government, _ in context["groups"]]
    context = {**context, "database": name, "demos": demos, "feeds": [feeds.everything(name), *councils]}
    return await _render(datasette, request, "lawhistory_laws.html", context)


async def data_view(datasette: Any, request: Any) -> Response:
    """Datasette's index of databases, out of the public's way (``/`` is the index of laws)."""
    from datasette.views.index import IndexView

    response: Response = await IndexView.as_view(datasette)(request, None)
    return response


def static_view(request: Any) -> Response:
    name = request.url_vars["name"]
    path = STATIC / name
    if "/" in name or name.startswith(".") or path.suffix not in _CONTENT_TYPES or not path.is_file():
        return Response.text("no such file", status=404)
    body = path.read_bytes()
    return Response(body, content_type=_CONTENT_TYPES[path.suffix], headers={"cache-control": "max-age=3600"})


@_hook
def register_routes() -> list[tuple[str, Any]]:
    return [
        (r"^/$", laws_view),  # before Datasette's index, which moves to /-/data
        (r"^/-/laws$", laws_view),
        (r"^/-/data(?P<format>\.jsono?)?$", data_view),
        (r"^/-/about$", about_view),
        (r"^/-/search(?P<format>\.json)?$", search_view),
        (r"^/-/law/(?P<law_id>.+)\.akn$", akn_rows.akn_view),  # before the law page, which takes every other id
        (r"^/-/law/(?P<law_id>.+)$", law_view),
        (r"^/-/instrument/(?P<inst_id>.+)$", instrument_view),
        (r"^/-/lawhistory/static/(?P<name>[^/]+)$", static_view),
        *features.ROUTES,  # /-/reviews, /-/penalties, /-/similar
    ]


@_hook
def prepare_jinja2_environment(env: Environment) -> None:
    # The entry point is a module, not a package, so Datasette does not find templates/ by itself.
    # Ours come first: _crumbs.html (a search box on every page) and table.html (column descriptions behind a
    # disclosure) extend Datasette's own, which stay reachable as "datasette/<name>".
    loaders = [env.loader] if env.loader is not None else []
    env.loader = ChoiceLoader([FileSystemLoader(str(TEMPLATES)), PrefixLoader({"datasette": ChoiceLoader(loaders)}), *loaders])
    # Templates are read once: checking every template file's time on every page costs more than the page's queries.
    env.auto_reload = False
    env.globals["lawhistory_table_rows"] = table_rows.rows_html  # the rows of a table page (templates/_table.html)


@_hook
def extra_template_vars(datasette: Any) -> dict[str, Any]:
    # Datasette's own pages of an illustrative database say so too (_crumbs.html)
    return {"illustrative_databases": sorted(_illustrative(datasette)), "illustrative_words": ILLUSTRATIVE}


@_hook
def extra_css_urls(datasette: Any) -> list[str]:
    # Datasette's own pages carry the search box too (its few rules are in the stylesheet).
    return [str(datasette.urls.path("/-/lawhistory/static/lawhistory.css"))]


@_hook
def menu_links(datasette: Any) -> list[dict[str, str]]:
    return [
        {"href": datasette.urls.path("/"), "label": "Local laws"},
        {"href": datasette.urls.path("/-/search"), "label": "Search"},
        {"href": datasette.urls.path("/-/about"), "label": "About"},
        {"href": datasette.urls.path("/-/data"), "label": "Data (tables and queries)"},
    ]


#: The columns ``render_cell`` renders (any other cell it leaves to Datasette: ``table_rows.RenderCell``).
RENDERED = ("diff_html", "fragment")


@_hook
def render_cell(value: Any, column: str, table: str | None, row: Any, datasette: Any) -> Markup | None:
    """Show stored redlines as redlines (only escaped text and <del>/<ins> tags get through); a provision's page
    fragment (``provisions.fragment``) as a link to the provision on its law page, not as a key or markup to read."""
    if column == "diff_html" and isinstance(value, str):
        return pages.safe_redline(value)
    if column == "fragment" and table == "provisions" and value is not None:
        try:
            law, eid, valid_from = row["law"], row["eid"], row["valid_from"]
        except (KeyError, IndexError, TypeError):
            return None
        law = law.get("value") if isinstance(law, dict) else law  # a foreign key Datasette expanded to its label
        href = _paths(datasette)(pages.law_url(str(law), at=valid_from) + f"#{eid}")
        return Markup(f'<a href="{escape(href)}">on the law page</a>')  # as Markup.format escapes it
    return None
