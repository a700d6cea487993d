"""Search for people: a search box on every page, results as a readable list linked to the clause at its date,
in force today or all history, facets, the same results as JSON; table pages keep column descriptions folded."""

from __future__ import annotations

import re
from typing import Any

import pytest

from lawhistory.files.repo import Repository
from lawhistory.publishing.site import make_datasette

from .conftest_publish import KELLERBERRIN, MARKUP, METADATA, get

pytest_plugins = ["tests.conftest_publish"]


@pytest.mark.parametrize("path", ["/", "/-/laws", f"/-/law/{KELLERBERRIN}", "/lawhistory/provisions", "/lawhistory/law_as_at"])
async def test_every_page_has_a_search_box(ds: Any, path: str) -> None:
    html = await get(ds, path)
    assert re.search(r'<form class="lawhistory-search" action="/-/search" method="get" role="search">', html)
    assert '<input type="search" id="lawhistory-q" name="q"' in html


async def test_results_are_a_readable_list_linked_to_the_clause_at_its_date(ds: Any) -> None:
    html = await get(ds, "/-/search?q=ducks")
    results = re.findall(r'<li class="result">(.*?)</li>', html, re.S)
    assert results, html
    first = next(r for r in results if "#sec_2.8A" in r)
    assert "Shire of Kellerberrin Animals, Environment and Nuisance Local Law 2019" in first
    assert "<mark>ducks</mark>" in first.split('class="snippet"')[1]  # the matching words, highlighted in a snippet
    link = re.search(r'<p class="result-title"><a href="([^"]+)">(.*?)</a>', first)
    assert link is not None
    assert link.group(1).startswith(f"/-/law/{KELLERBERRIN}?at=") and link.group(1).endswith("#sec_2.8A")
    assert link.group(2) == "2.8A — Keeping of <mark>ducks</mark>"  # citation and heading, the words found marked
    assert "Applies from 2022-07-01 onwards" in first
    assert "in force today" in html and "Search all history instead" in html


async def test_all_history_finds_superseded_text_with_the_dates_it_applied(ds: Any) -> None:
    today = await get(ds, "/-/search.json?q=ducks")
    everything = await get(ds, "/-/search.json?q=ducks&when=all")
    import json

    now, all_ = json.loads(today), json.loads(everything)
    assert now["when"] == "today" and all_["when"] == "all"
    assert all(r["valid_to"] is None and r["applies"].endswith(" onwards") for r in now["results"])  # in force today
    assert [r["applies"] for r in now["results"] if r["citation"] == "2.8A"] == ["from 2022-07-01 onwards"]
    old = [r for r in all_["results"] if r["citation"] == "2.8A" and r["valid_to"] == "2022-07-01"]
    assert old and old[0]["applies"] == "from 2021-04-23 to 2022-06-30"
    assert old[0]["url"] == f"/-/law/{KELLERBERRIN}?at=2021-04-23#sec_2.8A"  # the law page on a day it applied
    assert all_["total"] > now["total"]
    # the JSON holds the same results as the page: law, citation, heading, snippet and dates
    keys = {
        "law",
        "law_title",
        "local_government",
        "citation",
        "clause",
        "clause_heading",
        "snippet",
        "valid_from",
        "valid_to",
        "applies",
        "url",
    }
    assert keys <= set(now["results"][0])


async def test_facets_by_local_government_and_law_narrow_the_results(ds: Any) -> None:
    import json

    data = json.loads(await get(ds, "/-/search.json?q=dog"))
    governments = {f["value"]: f["count"] for f in data["facets"]["local_government"]}
    assert set(governments) == {"Shire of Kellerberrin", "Shire of Kulin"}
    assert sum(governments.values()) == data["total"]
    kulin = json.loads(await get(ds, "/-/search.json?q=dog&local_government=Shire+of+Kulin"))
    assert kulin["total"] == governments["Shire of Kulin"]
    assert {r["local_government"] for r in kulin["results"]} == {"Shire of Kulin"}
    law = json.loads(await get(ds, f"/-/search.json?q=dog&law={KELLERBERRIN}"))
    assert {r["law"] for r in law["results"]} == {KELLERBERRIN}
    html = await get(ds, "/-/search?q=dog")
    assert 'aria-label="Narrow the results"' in html and "Shire of Kulin</a> (" in html


async def test_search_words_are_words_not_query_syntax(ds: Any) -> None:
    import json

    for q in ['dog"', "dog OR", "NEAR(", "*", "-"]:
        data = json.loads(await get(ds, f"/-/search.json?q={q}"))
        assert isinstance(data["total"], int)
    assert "Words to find" in await get(ds, "/-/search")  # no query: the form alone


async def test_snippets_are_escaped(markup_repo: Repository) -> None:
    ds = make_datasette(markup_repo.db_dir / "lawhistory.db", METADATA)
    html = await get(ds, "/-/search?q=script&when=all")
    results = html.split('<ol class="results"', 1)[1].split("</ol>", 1)[0]
    assert "<li" in results and "<script" not in results and "&lt;<mark>script</mark>&gt;" in results and "<b>" not in results
    assert MARKUP  # the markup instrument is in this repository


async def test_a_view_searched_with_search_is_searched_not_ignored(ds: Any) -> None:
    import json

    response = await ds.client.get("/lawhistory/current_provisions.json?_search=ducks&_shape=array")
    assert response.status_code == 200
    rows = response.json()
    assert rows and all("duck" in (r["text"] or "").lower() or "duck" in (r["heading"] or "").lower() for r in rows)
    everything = json.loads(await get(ds, "/lawhistory/current_provisions.json?_shape=array&_size=max"))
    assert len(rows) < len(everything)


async def test_table_pages_fold_the_column_descriptions(ds: Any) -> None:
    html = await get(ds, "/lawhistory/provisions")
    details = html.index('<details class="column-descriptions-disclosure">')
    assert html.count('<dl class="column-descriptions">') == 1
    assert html.index('<dl class="column-descriptions">') > details
    assert "<summary>What each column means</summary>" in html


async def test_the_index_sends_searchers_to_the_search_page_not_the_raw_table(ds: Any) -> None:
    html = await get(ds, "/-/laws")
    assert '<a href="/-/search">Search the text of every law</a>' in html
    assert 'href="/lawhistory/provisions"' not in html


async def test_a_heading_without_words_of_its_own_is_a_result_too(ds: Any) -> None:
    """Clause 2.4 is a heading over subclauses: it matches "poultry" by its heading, and has no text to quote."""
    import json

    data = json.loads(await get(ds, "/-/search.json?q=poultry"))
    heading_only = [r for r in data["results"] if r["citation"] == "2.4" and r["law"] == KELLERBERRIN]
    assert heading_only and heading_only[0]["snippet"] == ""
    assert "<mark>poultry</mark>" in await get(ds, "/-/search?q=poultry")


async def test_the_provisions_table_links_each_row_to_the_law_page_instead_of_showing_markup(ds: Any) -> None:
    html = await get(ds, f"/lawhistory/provisions?law={KELLERBERRIN}&citation=2.8A")
    cells = re.findall(r'<td class="col-fragment [^"]*">(.*?)</td>', html)
    assert cells and all(
        c.startswith(f'<a href="/-/law/{KELLERBERRIN}?at=') and c.endswith('#sec_2.8A">on the law page</a>') for c in cells
    )
    assert "&lt;h4" not in html  # the stored fragment is not shown as text
    data = (await ds.client.get(f"/lawhistory/provisions.json?law={KELLERBERRIN}&citation=2.8A&_shape=array")).json()
    fragment = (await ds.client.get(f"/lawhistory/fragments/{data[0]['fragment']}.json?_shape=array")).json()
    assert fragment[0]["html"].startswith('<h4 id="sec_2.8A"')  # the JSON keeps its key, and the key finds it
