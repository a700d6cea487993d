"""Laws a reader can navigate and formats made for people: contents, heading and schedule links, notes where
provisions were removed, per-provision history, every change in a note, cell-by-cell schedule redlines, one date
convention, import notes as sentences, instruments rendered as laws, JSON for the plugin's pages."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from lawhistory.deriving.build import build
from lawhistory.files.repo import Repository
from lawhistory.publishing.pages import plain_words, sentences

from .conftest_publish import (
    AMENDMENT_2021,
    AMENDMENT_2022,
    BUNDLED_PENDING,
    KELLERBERRIN,
    METADATA,
    PENDING,
    get,
    make_law_repo,
    visible_text,
)

pytest_plugins = ["tests.conftest_publish"]

LAW = f"/-/law/{KELLERBERRIN}"
GOSNELLS = "gosnells/" + Path(BUNDLED_PENDING[0]).stem


async def test_the_law_page_has_a_table_of_contents_of_parts_clauses_and_schedules(ds: Any) -> None:
    html = await get(ds, f"{LAW}?at=2022-08-01")
    toc = html.split('<nav class="toc" aria-label="Contents">', 1)[1].split("</nav>", 1)[0]
    assert '<a href="#part_1">PART 1—PRELIMINARY</a>' in toc
    assert '<a href="#sec_2.8A">2.8A Keeping of ducks</a>' in toc
    assert '<a href="#sch_1">Schedule 1—PRESCRIBED OFFENCES</a>' in toc
    # every entry is an anchor of the text, in the text's order
    anchors = re.findall(r'href="#([^"]+)"', toc)
    positions = [html.index(f'id="{a}"') for a in anchors]
    assert positions == sorted(positions) and len(anchors) > 50
    assert '<aside class="sidebar">' in html  # it follows the reader (sticky, in the stylesheet)
    # written once: on a phone the same list folds under its heading (a checkbox its label ticks, in the stylesheet)
    assert html.count('<ol class="toc-list">') == 1 and html.count('<a href="#sec_2.8A">2.8A Keeping of ducks</a>') == 1
    assert '<input type="checkbox" id="toc-open" class="toc-open"><h2><label for="toc-open">Contents</label></h2>' in toc


async def test_schedule_clause_cells_link_to_the_clause(ds: Any) -> None:
    html = await get(ds, f"{LAW}?at=2022-08-01")
    rows = html[html.index('<table class="schedule-rows">') : html.index("</tbody></table>")]
    links = re.findall(r'<td><a href="#([^"]+)">([^<]+)</a></td>', rows)
    assert len(links) > 20
    for eid, cited in links:
        assert f'id="{eid}"' in html, cited  # each link goes to a provision on the page
    assert ("sec_2.8A", "2.8A") in links or any(e.startswith("sec_") for e, _ in links)


async def test_a_removed_provision_leaves_a_note_where_it_stood(ds: Any) -> None:
    html = await get(ds, f"{LAW}?at=2022-08-01")
    note = re.search(r'<p class="note removed depth-\d">([^<]+)</p>', html)
    assert note is not None
    assert note.group(1) == (
        "[(d) deleted by Shire of Kellerberrin Animals, Environment and Nuisance Amendment Local Law 2022 (SYNTHETIC TEST"
        " INSTRUMENT) cl. 4]"
    )
    # where (d) stood: after (c), before the next clause
    assert html.index('id="sec_2.7__para_c"') < note.start() < html.index('id="sec_2.8"')
    before = await get(ds, f"{LAW}?at=2021-05-01")
    assert 'class="note removed' not in before  # nothing was removed yet


async def test_every_heading_links_to_the_history_of_what_it_holds(ds: Any) -> None:
    html = await get(ds, f"{LAW}?at=2022-08-01")
    assert '<a class="hist" href="?history=sec_2.7" rel="nofollow">history</a>' in html
    page = await get(ds, f"{LAW}?history=sec_2.7")
    text = visible_text(page)
    assert "History of 2.7" in text
    changes = page.split('<ol class="change-list">', 1)[1].split("</ol>", 1)[0]
    items = re.findall(r"<li>(.*?)</li>", changes, re.S)
    # every change to 2.7 and what it holds, in order, with the instrument, the clause and the redline
    assert [visible_text(i).split(" by ")[0] for i in items] == [
        "2021-04-23 : 2.7(a) amended",
        "2022-07-01 : 2.7 amended",
        "2022-07-01 : 2.7(c) amended",
        "2022-07-01 : 2.7(d) deleted",
    ]
    assert "cl. 3" in items[0] and "<ins>" in items[0]  # the amending clause and the words it inserted
    assert f'href="{LAW}?at=2022-07-01&amp;redline=1#sec_2.7__para_d"' in changes
    assert "from 2020-03-11 to 2021-04-22" in text  # the texts it had, one date convention
    missing = await ds.client.get(f"{LAW}?history=sec_99")
    assert missing.status_code == 404


async def test_a_note_lists_every_change_in_order_without_doubled_words(ds: Any) -> None:
    text = visible_text(await get(ds, f"{LAW}?at=2022-08-01"))
    assert (
        "[Clause 2.8A inserted by Shire of Kellerberrin Animals, Environment and Nuisance Amendment Local Law 2021"
        " (SYNTHETIC TEST INSTRUMENT) cl. 4; amended by Shire of Kellerberrin Animals, Environment and Nuisance"
        " Amendment Local Law 2022 (SYNTHETIC TEST INSTRUMENT) cl. 6]"
    ) in text
    assert "[Schedule 1 item 6 amended by" in text
    assert "Schedule Schedule" not in text and "Item Schedule" not in text


def test_show_lists_every_change_in_a_note_in_text_and_markdown_as_the_site_does(built_repo: Repository, cli: Any) -> None:
    both = "inserted by Shire of Kellerberrin Animals, Environment and Nuisance Amendment Local Law 2021"
    later = "amended by Shire of Kellerberrin Animals, Environment and Nuisance Amendment Local Law 2022"
    for fmt in ("text", "md"):
        result = cli("show", "kellerberrin", "--at", "2022-08-01", "--format", fmt, "--repo", built_repo.root)
        assert result.exit_code == 0, result.stderr
        line = next(ln for ln in result.stdout.splitlines() if "Clause 2.8A inserted" in ln)
        assert both in line and later in line and line.index(both) < line.index(later), (fmt, line)


def test_paragraphs_of_an_inserted_clause_are_not_each_noted(tmp_path: Path) -> None:
    from .conftest import INSTRUMENTS, run_cli
    from .conftest_publish import query

    repo = make_law_repo(tmp_path / "repo", [], laws=[KELLERBERRIN])
    code, _out, err = run_cli("amend", INSTRUMENTS / "synthetic_kellerberrin_amendment_2021.txt", "--repo", repo.root)
    assert code == 0, err
    build(repo)
    rows = query(
        repo.db_dir / "lawhistory.db",
        "select citation, note from provisions where law = ? and citation like '2.12A%' order by position",
        [KELLERBERRIN],
    )
    assert rows[0]["citation"] == "2.12A" and "[Clause 2.12A inserted by" in str(rows[0]["note"])
    assert len(rows) > 1 and all(r["note"] is None for r in rows[1:])  # what it holds: the clause's note says it


async def test_a_schedule_row_redline_keeps_its_cells(ds: Any) -> None:
    html = await get(ds, f"{LAW}?at=2021-05-01&redline=1")
    row = re.search(r'<tr id="sch_1__item_6" class="changed">(.*?)</tr>', html)
    assert row is not None
    cells = re.findall(r'<td class="diff">(.*?)</td>', row.group(1))
    assert len(cells) == 4  # the row keeps its four columns
    assert sum(1 for c in cells if "<del>" in c or "<ins>" in c) >= 1
    assert sum(1 for c in cells if "<del>" not in c and "<ins>" not in c) >= 1  # unchanged cells stay plain


def test_show_and_history_use_one_date_convention(built_repo: Repository, cli: Any) -> None:
    show = cli("show", "kellerberrin", "--at", "2021-05-01", "--repo", built_repo.root)
    history = cli("history", "kellerberrin", "--repo", built_repo.root)
    assert "This version applies from 2021-04-23 to 2022-06-30." in show.stdout
    assert "  1: from 2021-04-23 to 2022-06-30 — " in history.stdout  # the last day it applied, as show says
    assert "  0: from 2020-03-11 to 2021-04-22 — " in history.stdout
    assert "  2: from 2022-07-01 onwards — " in history.stdout


async def test_import_notes_are_shown_on_the_law_page_as_sentences(ds: Any) -> None:
    html = await get(ds, f"{LAW}?at=2022-08-01")
    notes = html.split('<details class="import-notes">', 1)[1].split("</details>", 1)[0]
    items = re.findall(r"<li>(.*?)</li>", notes)
    assert items and all(i[0].isupper() and i.endswith(".") for i in items)
    assert "Schedule 1 item 31 is printed more than once" in visible_text(notes)
    assert '["' not in html  # no raw JSON list anywhere on the page
    assert sentences('["the words end", "Done."]') == ["The words end.", "Done."]


async def test_the_instrument_page_reads_as_a_law_with_one_row_per_amending_clause(ds: Any) -> None:
    html = await get(ds, f"/-/instrument/{GOSNELLS}")
    text_html = html.split('<section class="instrument-text">', 1)[1]
    assert "**" not in text_html and '<pre class="as-stored">' not in text_html
    assert re.search(r'<h4 id="sec_5" class="prov clause depth-\d">5 Clause 2.1 amended</h4>', text_html)
    rows = html.split('<section class="operations">', 1)[1].split("</section>", 1)[0]
    body = rows.split("<tbody>", 1)[1]
    clauses = re.findall(r"<tr [^>]*>\s*<td>([^<]+)</td>", body)
    assert len(clauses) == len(set(clauses))  # one row per amending clause
    reason = "City of Gosnells Local Government Property Local Law 2009 is not in the repository"
    assert rows.count(reason) == 1  # the pending reason, once
    assert '<div class="new-words">(1) This local law is subject to any written law' in rows  # the new words


async def test_the_plugins_pages_as_json(ds: Any, built_repo: Repository, cli: Any) -> None:
    response = await ds.client.get(f"{LAW}.json?at=2021-05-01")
    assert response.status_code == 200
    shown = cli("show", KELLERBERRIN, "--at", "2021-05-01", "--format", "json", "--repo", built_repo.root)
    assert response.json() == json.loads(shown.stdout)  # the same object as show --format json
    inst = await ds.client.get(f"/-/instrument/{AMENDMENT_2021}.json")
    assert inst.status_code == 200
    data = inst.json()
    assert data["instrument"]["id"] == AMENDMENT_2021 and isinstance(data["instrument"]["notes"], list)
    assert [o["seq"] for o in data["operations"]] == list(range(1, len(data["operations"]) + 1))
    assert data["versions"][0]["law"] == KELLERBERRIN
    assert (await ds.client.get("/-/law/nowhere/nothing.json")).status_code == 404
    assert (await ds.client.get(f"/-/instrument/{PENDING}.json")).status_code == 200
    assert AMENDMENT_2022


def test_new_words_drop_the_storage_markers() -> None:
    assert plain_words("**cat** means a domestic cat;\n  \\(c) text") == "cat means a domestic cat;\n  (c) text"


@pytest.mark.parametrize("path", ["/", "/-/laws", LAW, "/lawhistory/provisions", "/-/search?q=dog", "/-/about"])
async def test_footer_links_go_somewhere(ds: Any, path: str) -> None:
    html = await get(ds, path)
    footer = html.split('<footer class="ft">', 1)[1].split("</footer>", 1)[0]
    links = re.findall(r'href="([^"]+)"', footer)
    assert "/-/about" in links and "https://github.com/" not in links
    assert all(link != "https://github.com/" for link in links)
    about = await get(ds, "/-/about")
    assert "names the first and the last day a text applied" in visible_text(about)


@pytest.mark.parametrize("query", ["law_as_at", "changes_between", "provision_history", "penalties"])
async def test_canned_query_pages_are_titled_by_their_titles_not_their_sql(ds: Any, query: str) -> None:
    html = await get(ds, f"/lawhistory/{query}")
    title = re.search(r"<title>(.*?)</title>", html, re.S)
    assert title is not None
    expected = METADATA["databases"]["lawhistory"]["queries"][query]["title"]
    assert title.group(1).strip() == f"{expected} — lawhistory"
    assert "select" not in title.group(1).lower()
