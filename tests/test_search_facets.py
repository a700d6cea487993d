"""The search page's facets stay short at any size: each lists the laws (and local governments) with the most
matches first, up to ``FACET_LIMIT``, then says in a line of text how many more there are and how to narrow; the
counts and the total stay exact, and the JSON keeps every entry. The repository is SYNTHETIC, written here."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from lawhistory.deriving.build import build
from lawhistory.files.repo import Repository
from lawhistory.publishing import search as S
from lawhistory.publishing.site import make_datasette

from .conftest_publish import METADATA, get

pytest_plugins = ["tests.conftest_publish"]

LAWS = 25  # more than the facet lists
COUNCILS = 3


def _law_text(i: int, matches: int) -> tuple[str, str]:
    """A SYNTHETIC principal law whose first ``matches`` clauses mention a wombat (and one more clause does not)."""
    council = f"Shire of Synthetica{i % COUNCILS}"
    law_id = f"synthetica{i % COUNCILS}/synthetic-local-law-{i:02d}"
    clauses = "\n\n".join(
        f"1.{k} Clause {k}\n  A synthetic clause {'about a wombat' if k <= matches else 'of no interest'}."
        for k in range(1, matches + 2)
    )
    text = f"""---
id: {law_id}
title: {council} Synthetic Local Law {i:02d}
local_government: {council}
kind: principal
made: 2020-01-01
gazette:
  date: 2020-02-01
  number: null
  pages: null
commencement:
  wording: This local law comes into operation on the day it is published in the Government Gazette.
  rule: on_gazettal
  days: 0
  date: 2020-02-01
partial: false
source: 'synthetic: tests/test_search_facets.py'
---

PART 1

{clauses}
"""
    return law_id, text


def _matches(i: int) -> int:
    return 1 + (i * 5) % 7  # 1 to 7: many laws tie


#: Law id → (title, local government, clauses mentioning a wombat).
EXPECTED: dict[str, tuple[str, str, int]] = {
    f"synthetica{i % COUNCILS}/synthetic-local-law-{i:02d}": (
        f"Shire of Synthetica{i % COUNCILS} Synthetic Local Law {i:02d}",
        f"Shire of Synthetica{i % COUNCILS}",
        _matches(i),
    )
    for i in range(LAWS)
}


@pytest.fixture(scope="module")
def many(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The site over a SYNTHETIC repository of ``LAWS`` laws in ``COUNCILS`` local governments."""
    repo = Repository.init(tmp_path_factory.mktemp("facets") / "repo")
    for i in range(LAWS):
        law_id, text = _law_text(i, _matches(i))
        repo.write_text(repo.law_path(law_id), text)
    build(repo)
    return make_datasette(repo.db_dir / "lawhistory.db", METADATA)


def _aside(html: str) -> str:
    return html.split('<aside class="facets"', 1)[1].split("</aside>", 1)[0]


def _councils(html: str) -> str:
    """The local government facet (the aside before the law facet)."""
    return _aside(html).split("<h2>Law</h2>", 1)[0]


def _law_facet(html: str) -> list[tuple[str, int]]:
    """The law facet's entries as the page lists them: (title, count)."""
    laws = _aside(html).split("<h2>Law</h2>", 1)[1]
    ul = laws.split("<ul>", 1)[1].split("</ul>", 1)[0]
    return [
        (t, int(n.replace(",", "")))
        for t, n in re.findall(r"<li>(?:<a [^>]*>|<strong>)([^<]*)(?:</a>|</strong>) \(([\d,]+)\)</li>", ul)
    ]


async def test_the_law_facet_lists_the_laws_with_the_most_matches_and_says_how_many_more(many: Any) -> None:
    html = await get(many, "/-/search?q=wombat")
    listed = _law_facet(html)
    ranked = sorted(((-n, title) for title, _, n in EXPECTED.values()))
    assert len(EXPECTED) > S.FACET_LIMIT
    assert listed == [(title, -n) for n, title in ranked[: S.FACET_LIMIT]]  # most matches first, ties by title
    more = len(EXPECTED) - S.FACET_LIMIT
    line = re.search(r'<p class="facet-more" id="more-laws">(.*?)</p>', html)
    assert line is not None
    assert line.group(1) == f"and {more} more laws with fewer matches: choose a local government to list its laws."
    # the total and the local governments' counts are still those of every law
    total = sum(n for _, _, n in EXPECTED.values())
    assert f"{total} provisions in force today match" in html
    councils = re.findall(r'local_government=[^"]*">([^<]*)</a> \((\d+)\)', _councils(html))
    by_council = {lg: sum(n for _, c, n in EXPECTED.values() if c == lg) for _, lg, _ in EXPECTED.values()}
    assert {lg: int(n) for lg, n in councils} == by_council
    assert 'id="more-local-governments"' not in html  # three local governments: all listed
    # the JSON keeps every law, and says how many the page does not list
    data = json.loads(await get(many, "/-/search.json?q=wombat"))
    assert data["total"] == total and len(data["facets"]["law"]) == len(EXPECTED)
    assert data["facet_limit"] == S.FACET_LIMIT and data["facets_more"] == {"local_government": 0, "law": more}


async def test_fewer_laws_than_the_limit_are_all_listed_without_a_more_line(many: Any) -> None:
    lg = "Shire of Synthetica1"
    html = await get(many, "/-/search?q=wombat&local_government=Shire+of+Synthetica1")
    mine = {title: n for title, c, n in EXPECTED.values() if c == lg}
    assert len(mine) < S.FACET_LIMIT
    listed = _law_facet(html)
    assert dict(listed) == mine and [n for _, n in listed] == sorted(mine.values(), reverse=True)
    assert "facet-more" not in html and "more law" not in html


async def test_a_chosen_law_outside_the_first_is_still_listed(many: Any) -> None:
    fewest = min(EXPECTED, key=lambda law: (EXPECTED[law][2], EXPECTED[law][0]))
    ranked = sorted(EXPECTED, key=lambda law: (-EXPECTED[law][2], EXPECTED[law][0]))
    assert fewest not in ranked[: S.FACET_LIMIT]
    html = await get(many, f"/-/search?q=wombat&law={fewest}")
    listed = _law_facet(html)
    assert len(listed) == S.FACET_LIMIT + 1 and listed[-1] == (EXPECTED[fewest][0], EXPECTED[fewest][2])
    assert f"<strong>{EXPECTED[fewest][0]}</strong>" in html
    assert f"and {len(EXPECTED) - S.FACET_LIMIT - 1} more laws" in html


async def test_local_governments_past_the_limit_are_counted_and_offered_in_a_list(
    many: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(S, "FACET_LIMIT", 1)
    # a site of its own: the served site keeps its answers (caching.py), and its code never changes while it serves
    html = await get(make_datasette(many.sources[0].path, METADATA), "/-/search?q=wombat")
    by_council: dict[str, int] = {}
    for _, lg, n in EXPECTED.values():
        by_council[lg] = by_council.get(lg, 0) + n
    top, *rest = sorted(by_council, key=lambda lg: (-by_council[lg], lg))
    aside = _councils(html)
    assert re.findall(r'local_government=[^"]*">([^<]*)</a>', aside) == [top]
    assert '<p class="facet-more" id="more-local-governments">and 2 more local governments with fewer matches:</p>' in aside
    options = re.findall(r'<option value="([^"]*)">([^<]*)</option>', aside)
    assert options == [(lg, f"{lg} ({by_council[lg]})") for lg in sorted(rest)]  # the rest, by name, counts exact
    assert (
        '<label for="facet-local-government">' in aside
        and '<select id="facet-local-government" name="local_government">' in aside
    )
    kulin = json.loads(await get(many, f"/-/search.json?q=wombat&local_government={rest[0].replace(' ', '+')}"))
    assert kulin["total"] == by_council[rest[0]]
