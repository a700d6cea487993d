"""The Datasette site over db/lawhistory.db: immutable, with lawhistory's metadata, time limit and plugin."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from ..errors import LawHistoryError
from ..repo import Repository

PACKAGED_METADATA = Path(__file__).parent / "metadata.yml"
METADATA_FILE = "metadata.yml"
SQL_TIME_LIMIT_MS = 3000
SETTINGS = {"sql_time_limit_ms": SQL_TIME_LIMIT_MS, "default_page_size": 200, "max_returned_rows": 5000}


class ServeError(LawHistoryError):
    """The site cannot be served."""


def metadata_path(repo: Repository) -> Path:
    """The repository's own metadata.yml, else the copy packaged with lawhistory."""
    own = repo.root / METADATA_FILE
    return own if own.is_file() else PACKAGED_METADATA


def load_metadata(path: Path) -> dict[str, Any]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as e:
        raise ServeError(f"{path}: cannot be read as YAML metadata ({e})") from None
    if not isinstance(data, dict):
        raise ServeError(f"{path}: Datasette metadata must be a YAML mapping")
    return data


def make_datasette(db_path: Path, metadata: dict[str, Any]) -> Any:
    """A Datasette instance serving ``db_path`` read-only (immutable), with the lawhistory plugin."""
    from datasette.app import Datasette

    from . import plugin

    _ensure_plugin(plugin)
    return Datasette([], immutables=[str(db_path)], metadata=metadata, settings=dict(SETTINGS))


def _ensure_plugin(module: Any) -> None:
    # Installed packages register it through their entry point; a source checkout may not have one.
    from datasette.plugins import pm

    if not pm.is_registered(module) and pm.get_plugin("lawhistory") is None:
        pm.register(module, name="lawhistory")


def serve(db_path: Path, metadata: dict[str, Any], host: str, port: int) -> None:
    """Serve the site until interrupted."""
    import asyncio

    import uvicorn

    ds = make_datasette(db_path, metadata)
    asyncio.run(ds.invoke_startup())
    uvicorn.run(ds.app(), host=host, port=port, log_level="warning")
