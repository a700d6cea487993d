"""The Datasette site over db/lawhistory.db: immutable, with lawhistory's metadata, time limit and plugin."""

from __future__ import annotations

import atexit
import json
import os
import threading
from pathlib import Path
from typing import Any

import yaml

from ..core.errors import LawHistoryError
from ..core.files import read_text
from ..files.repo import Repository
from . import search, security, sync_render

METADATA_FILE = "metadata.yml"
#: The metadata of a repository that keeps no metadata.yml of its own (this project's is ``metadata.yml`` at its top).
DEFAULT_METADATA: dict[str, Any] = {
    "title": "Local laws and their history",
    "about": "lawhistory — about this site",
    "about_url": "/-/about",
}
SQL_TIME_LIMIT_MS = 3000
SETTINGS = {"sql_time_limit_ms": SQL_TIME_LIMIT_MS, "default_page_size": 200, "max_returned_rows": 5000}


class ServeError(LawHistoryError):
    """The site cannot be served."""


def metadata_path(repo: Repository) -> Path | None:
    """The repository's own metadata.yml (None when it keeps none: ``DEFAULT_METADATA`` is served)."""
    own = repo.root / METADATA_FILE
    return own if own.is_file() else None


def load_metadata(path: Path | None) -> dict[str, Any]:
    """The metadata in ``path`` (None: ``DEFAULT_METADATA``) with the schema's descriptions and canned queries."""
    if path is None:
        return with_schema(dict(DEFAULT_METADATA))
    try:
        data = yaml.safe_load(read_text(path, str(path)))  # the size limit, BOM and CRLF of every file read
    except (OSError, yaml.YAMLError, RecursionError) as e:
        raise ServeError(f"{path}: cannot be read as YAML metadata ({e})") from None
    if not isinstance(data, dict):
        raise ServeError(f"{path}: Datasette metadata must be a YAML mapping")
    return with_schema(data)


def with_schema(metadata: dict[str, Any]) -> dict[str, Any]:
    """``metadata`` with what the schema says of the ``lawhistory`` database (``schema.datasette_metadata``): every
    table's and column's description and the canned queries; whatever ``metadata`` sets itself is kept."""
    from ..deriving.schema import datasette_metadata

    described = datasette_metadata()
    databases = dict(metadata.get("databases") or {})
    own = dict(databases.get("lawhistory") or {})
    mine = dict(own.get("tables") or {})
    tables = {name: {**table, **(mine.pop(name, None) or {})} for name, table in described["tables"].items()}
    own["tables"] = {**tables, **mine}
    own["queries"] = {**described["queries"], **(own.get("queries") or {})}
    databases["lawhistory"] = own
    return {**metadata, "databases": databases}


def make_datasette(
    db_path: Path, metadata: dict[str, Any], examples: dict[str, Path] | None = None, trusted: bool = False
) -> Any:
    """A Datasette instance serving ``db_path`` read-only (immutable), with the lawhistory plugin; ``examples``: the
    databases of illustrative repositories (name → file), each served as a database of its own, marked illustrative.

    Each request reads one build; a build that replaces a file is served from the next request on (``switch``).
    The public profile (``publish/security.py``) unless ``trusted``: the full Datasette, for staff.
    """
    from . import page_cache, pages, plugin, security, table_rows
    from .switch import NAME, SwitchingDatasette

    _ensure_plugin(plugin, "lawhistory")
    _ensure_plugin(security, security.PLUGIN)
    table_rows.ask_render_cell_only_when_needed(plugin, plugin.RENDERED)
    table_rows.use_display_columns_and_rows()
    examples = examples or {}
    metadata = security.profile_metadata(_with_examples(metadata, examples), trusted)
    settings = {**SETTINGS, **security.settings(trusted)}
    ds = SwitchingDatasette({NAME: db_path, **examples}, metadata=metadata, settings=settings)
    ds.illustrative = set(examples)
    ds.on_close(pages.forget_connection)
    sync_render.render_tables_synchronously(ds)
    page_cache.of(ds)  # the law pages' cache, which forgets a build's pages when its file is closed
    return ds


def _with_examples(metadata: dict[str, Any], examples: dict[str, Path]) -> dict[str, Any]:
    """The metadata, with a title and description that say each illustrative database is not law."""
    if not examples:
        return metadata
    databases = dict(metadata.get("databases") or {})
    main = databases.get("lawhistory") or {}
    for name in examples:
        # the same tables and canned queries as the repository's own database, under a title that says what it is
        own = {k: v for k, v in main.items() if k in ("tables", "queries")}
        own.update(databases.get(name) or {})
        own.setdefault("title", f"{name} — illustrative, not law")
        own["description"] = ILLUSTRATIVE + (" " + str(own["description"]) if own.get("description") else "")
        databases[name] = own
    return {**metadata, "databases": databases}


#: What every page of an illustrative repository says.
ILLUSTRATIVE = (
    "Illustrative, not law: a demonstration repository. Its council is fictional and its amending instruments were "
    "never made or published; its principal law is a real law's text re-titled."
)


def find_examples(repo: Repository) -> list[Repository]:
    """The illustrative repositories bundled with ``repo``: each folder of examples/ that is a law repository."""
    folder = repo.root / "examples"
    if not folder.is_dir():
        return []
    return [Repository.open(d) for d in sorted(folder.iterdir()) if (d / "laws").is_dir() and (d / "amendments").is_dir()]


def _ensure_plugin(module: Any, name: str) -> None:
    # Installed packages register it through their entry point; a source checkout may not have one.
    from datasette.plugins import pm

    if not pm.is_registered(module) and pm.get_plugin(name) is None:
        pm.register(module, name=name)


_SERVED = "LAWHISTORY_SERVED_DATABASE"
_METADATA = "LAWHISTORY_SERVED_METADATA"
_EXAMPLES = "LAWHISTORY_SERVED_EXAMPLES"
_TRUSTED = "LAWHISTORY_SERVED_TRUSTED"


def serve(
    db_path: Path,
    metadata: dict[str, Any],
    host: str,
    port: int,
    workers: int = 1,
    examples: dict[str, Path] | None = None,
    trusted: bool = False,
) -> None:
    """Serve the site until interrupted, from ``workers`` processes (all reading the same immutable files)."""
    import asyncio

    import uvicorn

    if workers > 1:
        # uvicorn starts each worker afresh and makes its app from the environment (the site keeps no state).
        os.environ[_SERVED] = str(db_path)
        os.environ[_METADATA] = json.dumps(metadata, default=str)
        os.environ[_EXAMPLES] = json.dumps({k: str(v) for k, v in (examples or {}).items()})
        os.environ[_TRUSTED] = "1" if trusted else ""
        uvicorn.run(f"{__name__}:app_from_environment", factory=True, host=host, port=port, workers=workers, log_level="warning")
        return
    ds = make_datasette(db_path, metadata, examples, trusted)
    security.bound_memory(trusted)
    atexit.register(ds.close_all)
    asyncio.run(ds.invoke_startup())
    uvicorn.run(ds.app(), host=host, port=port, log_level="warning")


def app_from_environment() -> Any:
    """The ASGI app of one worker process of ``serve``."""
    examples = {k: Path(v) for k, v in json.loads(os.environ.get(_EXAMPLES) or "{}").items()}
    trusted = bool(os.environ.get(_TRUSTED))
    ds = make_datasette(Path(os.environ[_SERVED]), json.loads(os.environ[_METADATA]), examples, trusted)
    security.bound_memory(trusted)
    atexit.register(ds.close_all)
    # the search page's counts read each law's rowid range once: read them now rather than at the first search
    threading.Thread(target=search.warm, args=(os.environ[_SERVED],), daemon=True).start()
    return ds.app()


def main(argv: list[str] | None = None) -> None:
    """``python -m lawhistory.publishing.site [metadata.yml]``: print the metadata a site serves (the file's, with the
    schema's descriptions and canned queries) as JSON, for a replica started with plain ``datasette serve``."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else None
    print(json.dumps(load_metadata(path), indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
