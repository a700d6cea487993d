"""The law page's pieces the build stored for each version (``deriving.page_parts``), read back for a page.

A build's pieces are used only when they were made by the code that would otherwise make them here: the database's
``build_info`` names the schema version and the fingerprint of the deriving code that built it, and both must be this
process's (``current``). Otherwise — a database of another schema or built by other code, a version the build did not
store — the page is made from the provision spans per request, as before, by the same functions.
"""

from __future__ import annotations

import functools
import sqlite3

from ..deriving.page_parts import VersionParts, unpack, unpack_packed
from ..deriving.schema import SCHEMA_VERSION

#: Per database file (path and identity, or the connection's id for a file that may change): whether its pieces can be
#: used.
_CURRENT: dict[object, bool] = {}


@functools.cache
def this_code() -> str:
    """The fingerprint of the deriving code this process runs (``files.inputs.code_fingerprint``, read once: the code
    imported does not change under it)."""
    from ..files.inputs import code_fingerprint

    return code_fingerprint()


def current(conn: sqlite3.Connection, key: object | None = None) -> bool:
    """Whether the database's stored pieces were made by this code, for this schema (``key``: what names the file,
    when it cannot change: the answer is then kept)."""
    if key is not None and key in _CURRENT:
        return _CURRENT[key]
    try:
        info = dict(conn.execute("select key, value from build_info where key in ('schema_version', 'code')").fetchall())
        conn.execute("select 1 from law_page_versions limit 0").fetchall()
    except sqlite3.Error:
        info = {}
    ok = info.get("schema_version") == str(SCHEMA_VERSION) and info.get("code") == this_code()
    if key is not None:
        _CURRENT[key] = ok
    return ok


def stored(conn: sqlite3.Connection, law_id: str, version: int, key: object | None = None) -> VersionParts | None:
    """The pieces of version ``version`` of the law's page, when the build stored them and they are ``current``."""
    if not current(conn, key):
        return None
    row = conn.execute(
        "select p.pieces, v.parts from law_page_versions v join law_pages p on p.law = v.law where v.law = ? and v.version = ?",
        [law_id, version],
    ).fetchone()
    if row is None:
        return None
    strings = unpack_packed(row[0])
    return None if strings is None else unpack(strings, row[1])
