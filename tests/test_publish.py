"""The Datasette site, in-process: every route and canned query, escaping, and agreement with ``show``."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from lawhistory.core.versions import in_force
from lawhistory.deriving.library import timeline_for
from lawhistory.files.repo import Repository
from lawhistory.presenting.views import version_json
from lawhistory.publishing.site import DEFAULT_METADATA, SQL_TIME_LIMIT_MS, load_metadata, make_datasette, metadata_path

from .conftest_publish import (
    AMENDMENT_2021,
    AMENDMENT_2022,
    KELLERBERRIN,
    KULIN_HEALTH,
    MARKUP,
    METADATA,
    PENDING,
    PROJECT_METADATA,
    REFUSED,
    REPEAL,
    get,
    rows,
    visible_text,
)

pytest_plugins = ["tests.conftest_publish"]

LAW = f"/-/law/{KELLERBERRIN}"


# --- the law page ---------------------------------------------------------------------------------------------------


async def test_law_page_shows_the_law_as_at_a_date(ds: Any) -> None:
    html = await get(ds, f"{LAW}?at=2021-05-01")
    text = visible_text(html)
    assert "As at 2021-05-01: in force. This version applies from 2021-04-23 to 2022-06-30." in text
    assert "(a) roosters and drakes;" in text and "more than 6 ducks" in text and "(d) peafowls." in text
    # headings link to themselves and to the history of what they hold
    assert (
        '<h2 id="part_1" class="prov part depth-0"><a class="self" href="#part_1">PART 1—PRELIMINARY</a>'
        ' <a class="hist" href="?history=part_1" rel="nofollow">history</a></h2>'
    ) in html
    heading = (
        '<h4 id="sec_2.8A" class="prov clause depth-2"><a class="self" href="#sec_2.8A">2.8A Keeping of ducks</a>'
        ' <a class="hist" href="?history=sec_2.8A" rel="nofollow">history</a>'
    )
    # then the link to the similar provisions of other laws in force then (Kulin's laws have some)
    assert heading + ' <a class="similar" href="../../similar?' in html
    assert (
        "[Clause 2.8A inserted by Shire of Kellerberrin Animals, Environment and Nuisance Amendment Local Law 2021 (SYNTHETIC TEST INSTRUMENT) cl. 4]"
        in text
    )


async def test_law_page_schedule_rows_are_one_table_under_the_schedules_headings(ds: Any) -> None:
    html = await get(ds, f"{LAW}?at=2022-08-01")
    assert html.count('<table class="schedule-rows">') == 1
    heading = (
        '<h2 id="sch_1" class="prov schedule depth-0"><a class="self" href="#sch_1">Schedule 1—PRESCRIBED OFFENCES</a>'
        ' <a class="hist" href="?history=sch_1" rel="nofollow">history</a>'
    )
    # then the heading's one link to the similar rows of other laws (Kulin's laws have some), for every row it holds
    assert heading + ' <a class="similar" href="../../similar?' in html
    assert (
        '</a></h2>\n<p id="sch_1__text_1" class="prov text depth-1">[cl. 6.5]</p>\n'
        '<table class="schedule-rows"><thead><tr><th>Item No.</th><th>Clause</th><th>Nature of Offence</th>'
        "<th>Modified Penalty</th></tr></thead><tbody>\n"
        '<tr id="sch_1__item_1"><td>1</td>'  # no link of its own: the heading's covers it
    ) in html
    rows = html[html.index('<table class="schedule-rows">') : html.index("</tbody></table>")]
    assert rows.count("<tr id=") > 30 and "<h" not in rows.split("</thead>")[1]  # nothing but rows inside


def test_the_law_text_is_the_stored_fragments_in_document_order(built_repo: Repository) -> None:
    """What the page's one query joins is each provision's stored fragment, in the order of the law, with its tables."""
    import sqlite3

    from lawhistory.presenting import fragments
    from lawhistory.publishing import pages

    conn = sqlite3.connect(built_repo.db_dir / "lawhistory.db")
    for day in ("2020-03-11", "2021-05-01", "2022-08-01", "2030-01-01"):
        rows = conn.execute(
            "select kind, f.html, cells from provisions join fragments f on f.id = fragment"
            " where law = ? and valid_from <= ? and (valid_to is null or valid_to > ?) order by position",
            [KELLERBERRIN, day, day],
        ).fetchall()
        expected = fragments.wrap_tables("".join(r[1] for r in rows), [r[2] for r in rows if r[0] == "schedule"])
        assert pages.law_text(conn, KELLERBERRIN, day) == expected
        assert expected.count("<tr id=") == sum(1 for r in rows if r[0] == "item")
    # Each fragment is stored once, under the hash of its HTML, counting the spans that show it.
    from lawhistory.deriving.rows import fragment_id

    stored = conn.execute("select id, html, spans from fragments").fetchall()
    assert stored and all(key == fragment_id(html) for key, html, _ in stored)
    shown = dict(conn.execute("select fragment, count(*) from provisions group by fragment").fetchall())
    assert {key: spans for key, _, spans in stored} == shown


async def test_law_page_has_a_plain_date_form_a_timeline_and_instrument_links(ds: Any) -> None:
    html = await get(ds, f"{LAW}?at=2021-05-01")
    assert f'<form class="at-date" method="get" action="{LAW}">' in html
    assert '<input type="date" id="at" name="at" value="2021-05-01" required>' in html
    assert f'<a href="{LAW}?at=2020-03-11">2020-03-11 to 2021-04-22</a>' in html
    assert f'<li class="current">\n      <a href="{LAW}?at=2021-04-23">2021-04-23 to 2022-06-30</a>' in html
    assert f'<a href="{LAW}?at=2022-07-01">2022-07-01 onwards</a>' in html
    for inst in (AMENDMENT_2021, AMENDMENT_2022, REFUSED):
        assert f'href="/-/instrument/{inst}"' in html
    assert "refused: Shire of Kellerberrin Refused Amendment Local Law 2021" in visible_text(html)
    assert f'href="/lawhistory/law_as_at?law={KELLERBERRIN}&amp;at=2021-05-01"' in html


async def test_law_page_redline_shows_what_the_version_changed(ds: Any) -> None:
    plain = await get(ds, f"{LAW}?at=2022-08-01")
    assert "<del>" not in plain and f'<a id="redline-toggle" href="{LAW}?at=2022-08-01&amp;redline=1">' in plain
    html = await get(ds, f"{LAW}?at=2022-08-01&redline=1")
    assert "(c) <del>turkeys; or</del><ins>turkeys.</ins>" in html
    assert "more than <del>6</del><ins>4</ins> ducks." in html
    assert '<p id="sec_2.7__para_d" class="prov paragraph depth-3 deleted changed">' in html  # deleted, still shown
    assert "<del>(d) peafowls.</del>" in html
    # a clause whose heading changed: the heading's redline stays in the heading, its words in their own paragraph
    assert (
        '<h4 id="sec_2.7" class="prov clause depth-2 changed">2.7 <span class="diff">Roosters, <ins>drakes, </ins>geese, '
        'turkeys and peafowl</span></h4>\n<p class="prov cltext depth-3"><span class="diff">Except on land in a rural'
    ) in html
    assert f'<a id="redline-toggle" href="{LAW}?at=2022-08-01">Hide changes</a>' in html
    assert '<input type="hidden" name="redline" value="1">' in html  # the date form keeps the redline on


async def test_law_page_statuses_before_commencement_and_after_repeal(ds: Any) -> None:
    before = visible_text(await get(ds, f"{LAW}?at=2019-01-01"))
    assert "As at 2019-01-01: not yet in force (commences 2020-03-11)." in before
    repealed = visible_text(await get(ds, f"/-/law/{KULIN_HEALTH}?at=2023-06-01"))
    assert (
        "As at 2023-06-01: repealed from 2023-01-01 by Shire of Kulin Health Repeal Local Law 2022 (SYNTHETIC TEST INSTRUMENT)."
        in repealed
    )
    assert "pick an earlier date" in repealed


async def test_law_page_without_a_date_shows_today_and_a_bad_date_says_so(ds: Any) -> None:
    today = dt.date.today().isoformat()
    assert f'value="{today}"' in await get(ds, LAW)
    html = visible_text(await get(ds, f"{LAW}?at=yesterday"))
    assert "“yesterday” is not a date like 2021-04-23, so the law is shown as at today." in html


async def test_unknown_law_and_instrument_are_not_found(ds: Any) -> None:
    assert "No law with the id" in await get(ds, "/-/law/nowhere/no-such-law", status=404)
    assert "No instrument with the id" in await get(ds, "/-/instrument/nowhere/nothing", status=404)


# --- the instrument page and the index --------------------------------------------------------------------------------


async def test_instrument_page_shows_text_operations_and_outcomes(ds: Any) -> None:
    text = visible_text(await get(ds, f"/-/instrument/{AMENDMENT_2021}"))
    assert "In clause 2.7(a) delete “roosters” and insert “roosters and drakes”." in text
    assert "in 2.7(a) substitute “roosters and drakes” for “roosters”" in text
    assert "applied : changed 2.7(a)" in text and "applied : inserted 2.8A" in text
    assert "Status applied" in text
    assert (
        "This local law is the Shire of Kellerberrin Animals, Environment and Nuisance Amendment Local Law 2021 (a synthetic instrument for tests)."
        in text
    )
    html = await get(ds, f"/-/instrument/{AMENDMENT_2021}")
    assert f'href="{LAW}?at=2021-04-23&amp;redline=1"' in html and f'href="{LAW}"' in html


async def test_instrument_page_of_a_refused_and_a_pending_instrument(ds: Any) -> None:
    refused = visible_text(await get(ds, f"/-/instrument/{REFUSED}"))
    assert (
        "refused : Shire of Kellerberrin Refused Amendment Local Law 2021 (SYNTHETIC TEST INSTRUMENT) cl. 4: 2.7(a): the words “emus” do not occur"
        in refused
    )
    assert "not applied : it would apply, but the instrument was refused at cl. 4" in refused
    pending = visible_text(await get(ds, f"/-/instrument/{PENDING}"))
    assert "Shire of Nowhere Parking Local Law 2015 (SYNTHETIC) (not in this repository)" in pending
    assert "pending: Shire of Nowhere Parking Local Law 2015 (SYNTHETIC) is not in the repository" in pending
    repeal = visible_text(await get(ds, f"/-/instrument/{REPEAL}"))
    assert "Laws it repealed Shire of Kulin Health Local Law 2016 , from 2023-01-01" in repeal


async def test_instrument_page_of_a_principal_law_links_to_the_law(ds: Any) -> None:
    html = await get(ds, f"/-/instrument/{KELLERBERRIN}")
    assert "This is a principal local law." in html and f'<a href="{LAW}">Read it as at any date</a>' in html


async def test_index_lists_local_governments_their_laws_and_status(ds: Any) -> None:
    html = await get(ds, "/-/laws")
    text = visible_text(html)
    assert "Shire of Kellerberrin" in text and "Shire of Kulin" in text
    assert f'<a href="{LAW}">Shire of Kellerberrin Animals, Environment and Nuisance Local Law 2019</a>' in html
    assert "Shire of Kulin Health Local Law 2016 repealed (2023-01-01)" in text
    assert "Instruments not applied" in text and f'href="/-/instrument/{PENDING}"' in html
    assert 'href="/lawhistory/penalties"' in html


async def test_homepage_is_the_index_of_laws_and_datasettes_index_moves_to_data(ds: Any) -> None:
    html = await get(ds, "/")
    assert "<h1>Local laws</h1>" in html and '<form class="index-search"' in html
    assert '<li><a href="/">Local laws</a></li>' in html  # the menu
    assert "hidden tables" not in html and "_memory" not in html
    data = await get(ds, "/-/data")  # Datasette's own index, for researchers
    assert '<a href="/">Browse the laws by local government</a>' in data and 'href="/lawhistory"' in data
    response = await ds.client.get("/-/data.json")
    assert response.status_code == 200 and "lawhistory" in response.json()


async def test_static_files(ds: Any) -> None:
    response = await ds.client.get("/-/lawhistory/static/lawhistory.css")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/css")
    assert (await ds.client.get("/-/lawhistory/static/..%2Fplugin.py")).status_code == 404
    assert (await ds.client.get("/-/lawhistory/static/missing.css")).status_code == 404


# --- canned queries ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("day", ["2020-03-11", "2021-05-01", "2022-07-01", "2026-01-01"])
async def test_law_as_at_query_is_what_show_format_json_prints(ds: Any, built_repo: Repository, day: str) -> None:
    got = await rows(ds, "law_as_at", law=KELLERBERRIN, at=day, _json="cells")  # _json: cells as a list, as show prints them
    tl = timeline_for(built_repo, KELLERBERRIN)
    status, version = in_force(tl, dt.date.fromisoformat(day))
    shown = version_json(tl, dt.date.fromisoformat(day), status, version)
    expected = shown["provisions"]
    assert status == "in_force" and len(got) > 400
    # each row also names what the text omits (issue 21): the instruments show --format json lists as incomplete
    [omitted] = list({r.pop("incomplete") for r in got})
    assert (omitted is None) == (shown["incomplete"] == [])
    assert all(n["instrument"] in omitted and n["reason"] in omitted for n in shown["incomplete"])
    # and the clauses not yet in force (show's not_yet_in_force), in the one line every view prints
    assert {r.pop("in_part") for r in got} == {_in_part(shown["not_yet_in_force"])}
    assert got == expected


def _in_part(items: list[dict[str, Any]]) -> str | None:
    """The canned queries' ``in_part`` cell for the clauses ``show --format json`` lists as not yet in force."""
    from lawhistory.core.partly import NotYetInForce

    return "; ".join(NotYetInForce.from_json(n).sentence() for n in items) or None


async def test_changes_between_query(ds: Any) -> None:
    got = await rows(ds, "changes_between", law=KELLERBERRIN, date_from="2021-04-23", date_to="2022-12-31")
    assert [(r["valid_from"], r["citation"], r["change"]) for r in got] == [
        ("2022-07-01", "2.7", "amended"),
        ("2022-07-01", "2.7(c)", "amended"),
        ("2022-07-01", "2.7(d)", "deleted"),
        ("2022-07-01", "2.8A", "amended"),
    ]
    everything = await rows(ds, "changes_between", law="", date_from="2000-01-01", date_to="2100-01-01")
    assert len(everything) == 8 and {r["law"] for r in everything} == {KELLERBERRIN}


async def test_provision_history_query(ds: Any) -> None:
    got = await rows(ds, "provision_history", law=KELLERBERRIN, citation="2.8A")
    assert [(r["valid_from"], r["valid_to"], r["text"]) for r in got] == [
        ("2021-04-23", "2022-07-01", "An owner or occupier of premises shall not keep more than 6 ducks."),
        ("2022-07-01", None, "An owner or occupier of premises shall not keep more than 4 ducks."),
    ]


async def test_penalties_query(ds: Any) -> None:
    before = await rows(ds, "penalties", at="2021-01-01", search="rooster")
    after = await rows(ds, "penalties", at="2021-05-01", search="rooster")
    assert [(r["law"], r["citation"], r["clause"], r["penalty"]) for r in before] == [
        (KELLERBERRIN, "Schedule 1 item 6", "2.7", "$250"),
        ("kulin/animals-environment-and-nuisance-local-law-2016", "Schedule 1 item 11", "2.7", "$150"),
    ]
    assert after[0]["penalty"] == "$300" and after[0]["offence"].startswith(
        "Keep, or suffer to remain in a residential area, a rooster"
    )
    everything = await rows(ds, "penalties", at="", search="")
    assert len(everything) > 50 and {r["local_government"] for r in everything} == {"Shire of Kellerberrin", "Shire of Kulin"}


async def test_instruments_by_commencement_query(ds: Any) -> None:
    got = await rows(ds, "instruments_by_commencement", date_from="2021-01-01", date_to="2022-12-31")
    assert [(r["commencement"], r["status"]) for r in got] == [
        ("2021-02-26", "pending"),
        ("2021-04-23", "applied"),
        ("2021-05-29", "refused"),
        ("2022-07-01", "applied"),
    ]
    assert len(await rows(ds, "instruments_by_commencement", date_from="", date_to="")) == 10


async def test_every_canned_query_has_a_page(ds: Any) -> None:
    for name, q in METADATA["databases"]["lawhistory"]["queries"].items():
        assert q["title"] in await get(ds, f"/lawhistory/{name}")


async def test_redlines_render_as_redlines_in_tables(ds: Any) -> None:
    html = await get(ds, "/lawhistory/changes?version=1&citation=2.7(a)")
    assert "(a) <del>roosters;</del><ins>roosters and drakes;</ins>" in html
    crafted = await get(ds, "/lawhistory?sql=select+%27%3Cscript%3Ex%3C%2Fscript%3E%27+as+diff_html")
    assert "<script>x</script>" not in crafted and "&lt;script&gt;x&lt;/script&gt;" in crafted


# --- escaping -------------------------------------------------------------------------------------------------------


async def test_law_text_with_markup_is_shown_as_text(markup_repo: Repository) -> None:
    ds = make_datasette(markup_repo.db_dir / "lawhistory.db", METADATA)
    for path in (f"{LAW}?at=2021-07-01", f"{LAW}?at=2021-07-01&redline=1"):
        html = await get(ds, path)
        assert "<script>alert" not in html and "<b>bold</b>" not in html
        assert "A person must not write &lt;script&gt;alert(" in html and "&lt;/script&gt; on a fence." in html
        assert "2.8B Signs &lt;b&gt;bold&lt;/b&gt; &amp; fences" in html
        assert "A person must not write <script>alert('xss')</script> on a fence." in visible_text(html)
    inst = await get(ds, f"/-/instrument/{MARKUP}")
    assert "<i>Markup</i>" not in inst and "Shire of Kellerberrin &lt;i&gt;Markup&lt;/i&gt; Amendment" in inst
    assert "<script>document.title" not in inst and "&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;" in inst
    table = await get(ds, "/lawhistory/provisions?citation=2.8B")
    assert "<script>alert" not in table and "&lt;script&gt;alert" in table
    import sqlite3

    stored = sqlite3.connect(markup_repo.db_dir / "lawhistory.db").execute("select html from fragments").fetchall()
    assert not [h for (h,) in stored if "<script" in h or "<b>" in h or "<i>" in h]  # the stored fragments are escaped


# --- serving ----------------------------------------------------------------------------------------------------------


def test_the_database_is_served_immutable_with_a_time_limit(ds: Any) -> None:
    assert ds.databases["lawhistory"].is_mutable is False
    assert ds.setting("sql_time_limit_ms") == SQL_TIME_LIMIT_MS


def test_metadata_comes_from_the_repository_else_the_default(tmp_path: Path) -> None:
    bare = Repository.init(tmp_path / "new")
    assert metadata_path(bare) is None
    default = load_metadata(None)
    assert default["title"] == DEFAULT_METADATA["title"]
    assert default["databases"]["lawhistory"]["queries"] == load_metadata(PROJECT_METADATA)["databases"]["lawhistory"]["queries"]
    (bare.root / "metadata.yml").write_text("title: Our laws\n", encoding="utf-8")
    assert metadata_path(bare) == bare.root / "metadata.yml"
    own = load_metadata(metadata_path(bare))
    assert own["title"] == "Our laws"  # with the schema's descriptions and canned queries, as every site has them
    assert own["databases"]["lawhistory"]["queries"] == load_metadata(PROJECT_METADATA)["databases"]["lawhistory"]["queries"]


async def test_law_as_at_query_matches_the_show_command_output(ds: Any, built_repo: Repository, cli: Any) -> None:
    """The canned query's JSON and ``lawhistory show LAW --at DATE --format json`` list the same provisions."""
    shown = cli("show", KELLERBERRIN, "--at", "2022-08-01", "--format", "json", "--repo", built_repo.root)
    assert shown.exit_code == 0, shown.stderr
    got = await rows(ds, "law_as_at", law=KELLERBERRIN, at="2022-08-01", _json="cells")
    printed = json.loads(shown.stdout)
    omitted = {r.pop("incomplete") for r in got}  # what the text omits, as show's "incomplete" (issue 21)
    assert omitted == {None} if not printed["incomplete"] else len(omitted) == 1
    assert {r.pop("in_part") for r in got} == {_in_part(printed["not_yet_in_force"])}
    assert got == printed["provisions"]


def test_unreadable_metadata_is_a_one_line_error(tmp_path: Path) -> None:
    from lawhistory.core.errors import LawHistoryError

    bad = tmp_path / "metadata.yml"
    bad.write_text("title: [unclosed\n", encoding="utf-8")
    with pytest.raises(LawHistoryError, match=r"metadata.yml: cannot be read as YAML metadata"):
        load_metadata(bad)
    bad.write_text("- a list\n", encoding="utf-8")
    with pytest.raises(LawHistoryError, match=r"Datasette metadata must be a YAML mapping"):
        load_metadata(bad)
