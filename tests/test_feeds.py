"""Atom feeds of changes (``/lawhistory/changes_feed.atom``, written by datasette-atom from the canned query
``changes_feed``): all laws, one local government, one law. An entry per version (its instrument, commencement and the
list of what it changed, linked to the law page on that day) and per instrument not applied; well-formed, with the
elements Atom requires, entry ids the same in every build, and linked from the index, each council and each law."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from lawhistory.deriving.build import build
from lawhistory.publishing.site import make_datasette
from tests.conftest_publish import (
    AMENDMENT_2021,
    KELLERBERRIN,
    KULIN_HEALTH,
    METADATA,
    PENDING,
    REFUSED,
    get,
    make_law_repo,
    query,
)

pytest_plugins = ["tests.conftest_publish"]

ATOM = "{http://www.w3.org/2005/Atom}"


def _entries(xml: str) -> list[dict[str, Any]]:
    """The feed's entries (parsing fails on a feed that is not well-formed XML), checking the elements Atom requires."""
    root = ET.fromstring(xml)
    assert root.tag == f"{ATOM}feed"
    for name in ("id", "title", "updated"):
        assert (root.findtext(f"{ATOM}{name}") or "").strip(), f"the feed has no {name}"
    out = []
    for e in root.findall(f"{ATOM}entry"):
        entry = {name: e.findtext(f"{ATOM}{name}") for name in ("id", "title", "updated", "content")}
        assert all(entry[n] for n in ("id", "title", "updated")), entry
        assert e.find(f"{ATOM}author/{ATOM}name") is not None or root.find(f"{ATOM}author") is not None
        link = e.find(f"{ATOM}link")
        assert link is not None or entry["content"], "an entry needs a link or content"
        entry["link"] = link.get("href") if link is not None else None
        out.append(entry)
    return out


async def _feed(ds: Any, law: str = "", local_government: str = "") -> list[dict[str, Any]]:
    response = await ds.client.get("/lawhistory/changes_feed.atom", params={"law": law, "local_government": local_government})
    assert response.status_code == 200, response.text[:500]
    assert "xml" in response.headers["content-type"]
    return _entries(response.text)


async def test_the_feed_of_every_law_has_an_entry_per_version_and_per_instrument_not_applied(ds: Any, built_repo: Any) -> None:
    entries = await _feed(ds)
    db = built_repo.db_dir / "lawhistory.db"
    versions = query(db, "select law, instrument, valid_from from versions")
    waiting = query(db, "select id from instruments where kind != 'principal' and status != 'applied'")
    assert len(entries) == len(versions) + len(waiting)
    ids = {e["id"] for e in entries}
    assert len(ids) == len(entries)  # every id once
    assert f"tag:lawhistory,2026-12-01:instrument/{REFUSED}/not-applied" in ids
    assert f"tag:lawhistory,2026-12-01:instrument/{PENDING}/not-applied" in ids
    assert [e["updated"] for e in entries] == sorted((e["updated"] for e in entries), reverse=True)  # newest first


async def test_a_version_entry_lists_what_it_changed_with_links_to_the_law_on_that_day(ds: Any, built_repo: Any) -> None:
    entries = await _feed(ds, law=KELLERBERRIN)
    assert {e["link"].split("?")[0] for e in entries if e["id"].startswith("tag:lawhistory,2026-12-01:law/")} == {
        f"/-/law/{KELLERBERRIN}"
    }
    (entry,) = [e for e in entries if e["id"].endswith(f"/{AMENDMENT_2021}")]
    (v,) = query(built_repo.db_dir / "lawhistory.db", "select * from versions where instrument = ?", [AMENDMENT_2021])
    assert entry["link"] == f"/-/law/{KELLERBERRIN}?at={v['valid_from']}"
    assert entry["updated"].startswith(v["valid_from"])
    changed = query(
        built_repo.db_dir / "lawhistory.db", "select citation, eid, change from changes where law = ? and version = ?",
        [KELLERBERRIN, v["number"]],
    )  # fmt: skip
    assert changed
    for c in changed:
        assert f'#{c["eid"]}">{c["citation"]}</a> {c["change"]}</li>' in entry["content"]


async def test_the_feed_of_one_law_or_one_council_holds_only_theirs(ds: Any) -> None:
    law = await _feed(ds, law=KULIN_HEALTH)
    assert law and all(KULIN_HEALTH in e["id"] or "kulin/" in e["id"] for e in law)
    council = await _feed(ds, local_government="Shire of Kellerberrin")
    assert council and all("kellerberrin/" in e["id"] for e in council)
    everything = await _feed(ds)
    assert len(council) < len(everything)


async def test_entry_ids_are_the_same_in_another_build(ds: Any, tmp_path: Path) -> None:
    again = make_law_repo(tmp_path / "again")
    build(again)
    other = make_datasette(again.db_dir / "lawhistory.db", METADATA)
    first = {e["id"]: e["updated"] for e in await _feed(ds)}
    second = {e["id"]: e["updated"] for e in await _feed(other)}
    assert first == second


async def test_pages_link_their_feeds(ds: Any) -> None:
    index = await get(ds, "/-/laws")
    assert '<link rel="alternate" type="application/atom+xml" title="Changes to every local law"' in index
    council = "/lawhistory/changes_feed.atom?law=&amp;local_government=Shire+of+Kellerberrin"
    assert (
        f'<link rel="alternate" type="application/atom+xml" title="Changes to the local laws of the Shire of Kellerberrin" href="{council}">'
        in index
    )
    assert f'<a href="{council}" type="application/atom+xml">Follow changes to the Shire of Kellerberrin' in index
    page = await get(ds, f"/-/law/{KELLERBERRIN}?at=2021-06-01")
    assert f'href="/lawhistory/changes_feed.atom?law={KELLERBERRIN.replace("/", "%2F")}&amp;local_government="' in page
    assert 'rel="alternate" type="application/atom+xml"' in page
