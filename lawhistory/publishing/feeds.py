"""The Atom feeds a page links to (``<link rel="alternate">``): the canned query ``changes_feed`` as ``.atom``
(``deriving/schema_feeds.py``; the ``datasette-atom`` plugin writes the feed)."""

from __future__ import annotations

from urllib.parse import urlencode


def feed(database: str, title: str, *, law: str = "", local_government: str = "") -> dict[str, str]:
    """A feed's title and address: every law (both empty), one local government, or one law."""
    query = urlencode({"law": law, "local_government": local_government})
    return {"title": title, "href": f"/{database}/changes_feed.atom?{query}"}


def everything(database: str) -> dict[str, str]:
    return feed(database, "Changes to every local law")


def of_council(database: str, local_government: str) -> dict[str, str]:
    return feed(database, f"Changes to the local laws of the {local_government}", local_government=local_government)


def of_law(database: str, law_id: str, title: str) -> dict[str, str]:
    return feed(database, f"Changes to the {title}", law=law_id)
