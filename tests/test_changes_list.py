"""The law page's "what changed" list (publishing/changes_list.py): each provision a version or a period changed, with
its change, read from the built database; and the pages that show it, in-process."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from lawhistory.files.repo import Repository
from lawhistory.publishing import changes_list
from lawhistory.publishing.changes_list import DELETED, INSERTED, SUBSTITUTED, WORDS_CHANGED, Change

from .conftest_publish import KELLERBERRIN, get, visible_text

pytest_plugins = ["tests.conftest_publish"]


@pytest.fixture(scope="module")
def conn(built_repo: Repository) -> Any:
    c = sqlite3.connect(f"file:{built_repo.db_dir / 'lawhistory.db'}?immutable=1", uri=True)
    yield c
    c.close()


def listed(changes: tuple[Change, ...]) -> list[tuple[str, str]]:
    return [(c.citation, c.change) for c in changes]


def test_what_each_version_changed_in_document_order(conn: sqlite3.Connection) -> None:
    assert listed(changes_list.for_version(conn, KELLERBERRIN, 1)) == [
        ("1.4(1) “drake”", INSERTED),
        ("2.7(a)", WORDS_CHANGED),
        ("2.8A", INSERTED),
        ("Schedule 1 item 6", WORDS_CHANGED),
    ]
    second = changes_list.for_version(conn, KELLERBERRIN, 2)
    assert listed(second) == [("2.7", WORDS_CHANGED), ("2.7(c)", WORDS_CHANGED), ("2.7(d)", DELETED), ("2.8A", WORDS_CHANGED)]
    assert [c.eid for c in second] == ["sec_2.7", "sec_2.7__para_c", "sec_2.7__para_d", "sec_2.8A"]
    assert changes_list.for_version(conn, KELLERBERRIN, 0) == ()  # the law as made changed nothing


def test_a_period_lists_each_provisions_net_change(conn: sqlite3.Connection) -> None:
    both = listed(changes_list.for_period(conn, KELLERBERRIN, "2020-03-11", "2022-08-01"))
    assert ("2.8A", INSERTED) in both  # inserted by the first version, reworded by the second: inserted, once
    assert [c for c, _ in both].count("2.8A") == 1
    assert ("2.7(d)", DELETED) in both
    only_first = listed(changes_list.for_period(conn, KELLERBERRIN, "2020-03-11", "2021-05-01"))
    assert only_first == listed(changes_list.for_version(conn, KELLERBERRIN, 1))
    assert changes_list.for_period(conn, KELLERBERRIN, "2022-07-01", "2022-08-01") == ()  # the day it took effect is "since"


def test_net_change_rules() -> None:
    rows = [  # citation, eid, kind, change, position, version, substituted
        ("1(a)", "sec_1__para_a", "paragraph", "inserted", 3, 1, 0),
        ("1(a)", "sec_1__para_a", "paragraph", "deleted", 3, 2, 0),  # there at neither end: not listed
        ("2", "sec_2", "clause", "amended", 5, 1, 1),
        ("2", "sec_2", "clause", "amended", 5, 2, 0),  # substituted once: substituted
        ("3", "sec_3", "clause", "amended", 9, 1, 0),
        ("3", "sec_3", "clause", "deleted", 9, 2, 0),
        ("0", "sec_0", "clause", "amended", 1, 2, 0),
    ]
    assert listed(changes_list._net(rows)) == [("0", WORDS_CHANGED), ("2", SUBSTITUTED), ("3", DELETED)]


def test_the_contents_mark_the_entries_that_hold_a_change() -> None:
    changes = [Change("2.7(d)", "sec_2.7__para_d", "paragraph", DELETED, 1), Change("3", "sec_3", "clause", WORDS_CHANGED, 2)]
    toc = ["part_2", "sec_2.7", "sec_2.70", "sec_3", "sec_4"]
    assert changes_list.changed_contents(changes, toc) == {"sec_2.7", "sec_3"}


def test_the_previous_and_next_change() -> None:
    assert changes_list.neighbours([0, 1, 2, 3], 2) == changes_list.Neighbours(1, 3)
    assert changes_list.neighbours([0, 1, 2], 1) == changes_list.Neighbours(None, 2)  # the law as made is no change
    assert changes_list.neighbours([0, 1, 2], 2) == changes_list.Neighbours(1, None)
    assert changes_list.neighbours([0, 1], 0) == changes_list.Neighbours(None, 1)


async def test_the_law_page_lists_what_its_version_changed_at_the_top(ds: Any) -> None:
    html = await get(ds, f"/-/law/{KELLERBERRIN}?at=2022-08-01&redline=1")
    section = html.split('<section class="what-changed"', 1)[1].split("</section>", 1)[0]
    assert html.index('<section class="what-changed"') < html.index('<article class="law-text')
    assert '<a href="#sec_2.7__para_d">2.7(d)</a> <span class="what">deleted</span>' in section
    assert f'id="previous-change" rel="prev" href="/-/law/{KELLERBERRIN}?at=2021-04-23&amp;redline=1"' in section
    assert 'id="next-change"' not in section
    assert '<li class="toc-clause toc-depth-2 changed"><a href="#sec_2.8A">' in html


async def test_the_plain_page_links_a_deleted_provision_to_where_it_is_struck_out(ds: Any) -> None:
    html = await get(ds, f"/-/law/{KELLERBERRIN}?at=2022-08-01")
    assert f'<a href="/-/law/{KELLERBERRIN}?at=2022-08-01&amp;redline=1#sec_2.7__para_d">2.7(d)</a>' in html
    assert '<a href="#sec_2.8A">2.8A</a> <span class="what">words changed</span>' in html


async def test_the_law_as_made_lists_no_change_but_links_the_next(ds: Any) -> None:
    html = await get(ds, f"/-/law/{KELLERBERRIN}?at=2020-06-01")
    assert '<ol class="change-list">' not in html
    assert f'id="next-change" rel="next" href="/-/law/{KELLERBERRIN}?at=2021-04-23&amp;redline=1"' in html


async def test_no_data_links_before_the_law_commenced(ds: Any) -> None:
    html = await get(ds, f"/-/law/{KELLERBERRIN}?at=2019-01-01")
    assert ".json?at=" not in html and ".akn?at=" not in html
    assert f"/-/law/{KELLERBERRIN}.json?at=2022-08-01" in await get(ds, f"/-/law/{KELLERBERRIN}?at=2022-08-01")


async def test_a_phrase_is_echoed_as_typed_and_an_empty_search_says_what_to_try(ds: Any) -> None:
    words = visible_text(await get(ds, '/-/search?q="keep+a+dog"'))
    assert 'match "keep a dog"' in words and '“"' not in words
    html = await get(ds, "/-/search?q=zebras+juggling")
    assert '<div class="no-results" id="no-results">' in html
    assert '<aside class="facets"' not in html  # no empty facet headings
