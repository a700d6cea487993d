"""The Datasette site over db/lawhistory.db: immutable, with lawhistory's metadata, time limit and plugin."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import yaml

from ..errors import LawHistoryError
from ..files import read_text
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
        data = yaml.safe_load(read_text(path, str(path)))  # the size limit, BOM and CRLF of every file read
    except (OSError, yaml.YAMLError, RecursionError) as e:
        raise ServeError(f"{path}: cannot be read as YAML metadata ({e})") from None
    if not isinstance(data, dict):
        raise ServeError(f"{path}: Datasette metadata must be a YAML mapping")
    return data


def make_datasette(db_path: Path, metadata: dict[str, Any], trusted: bool = False) -> Any:
    """A Datasette instance serving ``db_path`` read-only (immutable), with the lawhistory plugin.

    The public profile (``publish/security.py``) unless ``trusted``: the full Datasette, for staff.
    """
    from datasette.app import Datasette

    from . import plugin, security

    _ensure_plugin(plugin, "lawhistory")
    _ensure_plugin(security, security.PLUGIN)
    settings = {**SETTINGS, **security.settings(trusted)}
    return Datasette([], immutables=[str(db_path)], metadata=security.profile_metadata(metadata, trusted), settings=settings)


def _ensure_plugin(module: Any, name: str) -> None:
    # Installed packages register it through their entry point; a source checkout may not have one.
    from datasette.plugins import pm

    if not pm.is_registered(module) and pm.get_plugin(name) is None:
        pm.register(module, name=name)


_SERVED = "LAWHISTORY_SERVED_DATABASE"
_METADATA = "LAWHISTORY_SERVED_METADATA"
_TRUSTED = "LAWHISTORY_SERVED_TRUSTED"


def serve(db_path: Path, metadata: dict[str, Any], host: str, port: int, workers: int = 1, trusted: bool = False) -> None:
    """Serve the site until interrupted, from ``workers`` processes (all reading the same immutable file)."""
    import asyncio

    import uvicorn

    if workers > 1:
        # uvicorn starts each worker afresh and makes its app from the environment (the site keeps no state).
        os.environ[_SERVED] = str(db_path)
        os.environ[_METADATA] = json.dumps(metadata, default=str)
        os.environ[_TRUSTED] = "1" if trusted else ""
        uvicorn.run(f"{__name__}:app_from_environment", factory=True, host=host, port=port, workers=workers, log_level="warning")
        return
    ds = make_datasette(db_path, metadata, trusted)
    asyncio.run(ds.invoke_startup())
    uvicorn.run(ds.app(), host=host, port=port, log_level="warning")


def app_from_environment() -> Any:
    """The ASGI app of one worker process of ``serve``."""
    return make_datasette(Path(os.environ[_SERVED]), json.loads(os.environ[_METADATA]), bool(os.environ.get(_TRUSTED))).app()
