"""The public-server profile of the site (publish/security.py), in-process: what a stranger may ask, and what is refused."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from typing import Any

import pytest
from datasette import hookimpl
from datasette.plugins import pm

from lawhistory.files.repo import Repository
from lawhistory.publishing import security
from lawhistory.publishing.site import make_datasette

from .conftest_publish import KELLERBERRIN, METADATA

pytest_plugins = ["tests.conftest_publish"]

LAW = f"/-/law/{KELLERBERRIN}"


@pytest.fixture
def staff(built_repo: Repository) -> Any:
    return make_datasette(built_repo.db_dir / "lawhistory.db", METADATA, trusted=True)


async def sql(ds: Any, query: str) -> Any:
    return await ds.client.get("/lawhistory.json", params={"sql": query, "_shape": "array"})


async def test_a_huge_blob_is_refused_at_once(ds: Any) -> None:
    response = await sql(ds, "select length(randomblob(1000000000)) as n")
    assert response.status_code == 400
    assert "too big" in response.json()["error"]


async def test_one_expensive_step_after_another_is_stopped_at_the_time_limit(ds: Any) -> None:
    """Each step makes a blob just under the cap: Datasette's own check (every 1000 steps) would come too late."""
    ds._settings["sql_time_limit_ms"] = 300
    interrupted = security.WATCHDOG.interrupted
    query = (
        "with recursive n(i) as (select 1 union all select i + 1 from n where i < 100000) "
        f"select sum(length(randomblob({security.MAX_LENGTH - 1}))) from n"
    )
    response = await sql(ds, query)
    assert response.status_code == 400 and "took too long" in response.text
    assert security.WATCHDOG.interrupted > interrupted


async def test_ordinary_queries_and_blobs_under_the_cap_still_work(ds: Any) -> None:
    response = await sql(ds, "select length(randomblob(1000000)) as n, count(*) as laws from laws")
    assert response.status_code == 200
    assert response.json()[0]["n"] == 1000000 and response.json()[0]["laws"] > 0


class _Boom:
    def __init__(self) -> None:
        self.__name__ = "test_boom"  # Datasette lists plugins by name

    @hookimpl
    def register_routes(self) -> list[tuple[str, Any]]:
        def boom() -> None:
            raise RuntimeError("an unexpected failure with a long message\nand a second line")

        return [(r"^/-/boom$", boom)]


@pytest.fixture
def boom() -> Any:
    plugin = _Boom()
    pm.register(plugin, name="test-boom")
    yield
    pm.unregister(plugin)


async def test_an_error_is_a_plain_page_and_one_log_line_without_traceback(
    built_repo: Repository, boom: None, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    ds = make_datasette(built_repo.db_dir / "lawhistory.db", METADATA)
    capsys.readouterr()
    with caplog.at_level(logging.INFO, logger="lawhistory.site"):
        response = await ds.client.get("/-/boom")
    assert response.status_code == 500
    assert "Something went wrong" in response.text and "RuntimeError" not in response.text
    [record] = [r for r in caplog.records if r.name == "lawhistory.site"]
    line = record.getMessage()
    assert "\n" not in line and line.startswith("500 GET /-/boom: RuntimeError: an unexpected failure")
    assert record.exc_info is None
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and "an unexpected failure" not in out + err


async def test_a_request_cannot_forge_log_lines(ds: Any, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="lawhistory.site"):
        response = await ds.client.get("/lawhistory/no%0Asuch%0D%0A500 GET /forged")
    assert response.status_code in (400, 404)
    lines = [r.getMessage() for r in caplog.records if r.name == "lawhistory.site"]
    assert lines and all("\n" not in line and "\r" not in line for line in lines)


async def test_bad_sql_is_answered_with_its_message_and_no_traceback(ds: Any, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    response = await sql(ds, "select nonsense from nowhere")
    assert response.status_code == 400 and "no such table" in response.json()["error"]
    page = await ds.client.get("/lawhistory", params={"sql": "select nonsense from nowhere"})
    assert page.status_code == 400 and "no such table" in page.text
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and "nonsense" not in out + err  # a visitor's SQL is not written to the log


async def test_staff_profile_keeps_datasettes_own_handler(staff: Any) -> None:
    response = await staff.client.get("/-/threads.json")
    assert response.status_code == 200
    response = await sql(staff, "select length(randomblob(100000000)) as n")
    assert response.status_code == 200


class _Held:
    """A test plugin: SQL function ``held()`` keeps its statement running (and its database thread busy) until the
    test lets it go: a slow query without a clock, so what the gate does meanwhile is seen without timing."""

    def __init__(self) -> None:
        self.__name__ = "test_held"
        self.lock = threading.Lock()
        self.running = 0
        self.reached: dict[int, threading.Event] = {}
        self.go = threading.Event()

    @hookimpl
    def prepare_connection(self, conn: Any) -> None:
        conn.create_function("held", 0, self.held)

    def held(self) -> int:
        with self.lock:
            self.running += 1
            for n, event in self.reached.items():
                if self.running >= n:
                    event.set()
        if not self.go.wait(120):  # a safety net: a failing test must not hang the run
            raise RuntimeError("never let go")
        return 1

    async def until_running(self, n: int) -> None:
        """Return once ``n`` statements are held (each in its own database thread)."""
        with self.lock:
            event = self.reached.setdefault(n, threading.Event())
            if self.running >= n:
                event.set()
        assert await asyncio.to_thread(event.wait, 120), f"{n} held statements never ran"


@pytest.fixture
def held(built_repo: Repository) -> Any:
    """A fresh site (its connections made with ``held``) and the plugin; every held statement is let go at the end."""
    plugin = _Held()
    pm.register(plugin, name="test-held")
    ds = make_datasette(built_repo.db_dir / "lawhistory.db", METADATA)
    ds._settings["sql_time_limit_ms"] = 600_000  # held statements end when the test lets them go, not at a limit
    try:
        yield ds, plugin
    finally:
        plugin.go.set()
        pm.unregister(plugin)


async def until(condition: Callable[[], bool]) -> None:
    """Let the event loop run until ``condition`` holds (a safety net, not a measure: 60 s is far past any need)."""
    for _ in range(6000):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the condition never held")


HELD = "select held() as n"


async def test_the_cap_on_visitors_sql_turns_away_the_next_client_and_not_law_pages(held: Any) -> None:
    ds, plugin = held
    running = [asyncio.create_task(sql(ds, HELD)) for _ in range(security.HEAVY_AT_ONCE)]
    await plugin.until_running(security.HEAVY_AT_ONCE)  # both are running, each holding a database thread
    turned_away = await sql(ds, "select 1")
    assert turned_away.status_code == 503
    assert "busy" in turned_away.text and turned_away.headers["retry-after"] == "5"
    law = await ds.client.get(LAW)
    assert law.status_code == 200
    assert not any(t.done() for t in running)  # still held: the answers above came while both ran
    plugin.go.set()
    answered = await asyncio.gather(*running)
    assert [r.status_code for r in answered] == [200] * security.HEAVY_AT_ONCE
    assert all(r.json() == [{"n": 1}] for r in answered)
    assert (await sql(ds, "select 1 as n")).json() == [{"n": 1}]  # the cap counts only what runs


async def test_table_pages_wait_their_turn_and_a_full_queue_is_turned_away(held: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    ds, plugin = held
    monkeypatch.setattr(security, "DATA_QUEUE", 1)
    running = [asyncio.create_task(sql(ds, HELD)) for _ in range(security.DATA_AT_ONCE)]
    await plugin.until_running(security.DATA_AT_ONCE)  # every slot is taken
    waiting = asyncio.create_task(ds.client.get("/lawhistory/laws.json"))
    await until(lambda: ds.lawhistory_gate.waiting == 1)
    assert not waiting.done()  # in the queue, not refused
    full = await ds.client.get("/lawhistory/laws.json?_size=2")
    assert full.status_code == 503 and "busy" in full.text
    assert (await ds.client.get("/-/laws")).status_code == 200  # law pages never wait
    assert not waiting.done()
    plugin.go.set()
    assert (await waiting).status_code == 200  # its turn came when a held query ended
    assert [r.status_code for r in await asyncio.gather(*running)] == [200] * security.DATA_AT_ONCE


async def test_rows_past_the_budget_are_a_503_and_the_process_serves_on(ds: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each row is counted as Datasette reads it: a query whose rows would hold more than ``MAX_RESULT_BYTES`` in the
    serving process stops there (a budget of 2 MB here, rows of 300 KB: it stops at the seventh)."""
    monkeypatch.setattr(security, "MAX_RESULT_BYTES", 2 * 1024 * 1024)
    big = "with recursive n(i) as (select 1 union all select i + 1 from n where i < 1000) select i, zeroblob(300000) from n"
    for response in (await sql(ds, big), await ds.client.get("/lawhistory", params={"sql": big})):
        assert response.status_code == 503, response.text[:300]
        assert "more than 2 MB" in response.text and "fewer rows" in response.text
    csv = await ds.client.get("/lawhistory.csv", params={"sql": big})
    assert csv.status_code == 503
    # what fits is answered, on the same connections
    fits = "with recursive n(i) as (select 1 union all select i + 1 from n where i < 6) select i, zeroblob(300000) as b from n"
    response = await sql(ds, fits.replace("zeroblob(300000) as b", "length(zeroblob(300000)) as b"))
    assert response.status_code == 200 and len(response.json()) == 6
    assert (await sql(ds, "select count(*) as n from laws")).json()[0]["n"] > 0
    assert (await ds.client.get("/lawhistory/provisions.json?_size=100")).status_code == 200


async def test_the_default_budget_holds_a_page_of_the_largest_rows(ds: Any) -> None:
    """The largest rows of the schema (``instruments``: each an instrument's whole text) are answered, as many as a
    JSON page holds, under the default budget; a result wider than ``MAX_COLUMNS`` is refused by SQLite (400)."""
    response = await ds.client.get("/lawhistory/instruments.json?_size=1000&_shape=array")
    assert response.status_code == 200 and len(response.json()) > 1
    too_wide = "select " + ", ".join(f"{k} as c{k}" for k in range(security.MAX_COLUMNS + 1))
    refused = await sql(ds, too_wide)
    assert refused.status_code == 400 and "too many columns" in refused.text


async def test_a_process_past_its_memory_ceiling_turns_away_datasettes_pages_and_serves_law_pages(
    ds: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert security.resident_bytes() > 0
    monkeypatch.setattr(security, "MEMORY_CEILING", 1)  # this process holds more, whatever it hands back
    for path in ("/lawhistory/laws.json", "/lawhistory.json?sql=select+1"):
        response = await ds.client.get(path)
        assert response.status_code == 503 and "no memory free" in response.text, path
    assert (await ds.client.get(LAW)).status_code == 200
    monkeypatch.setattr(security, "MEMORY_CEILING", 2**62)
    assert (await ds.client.get("/lawhistory/laws.json")).status_code == 200  # served again once there is room


@pytest.mark.parametrize(
    "path",
    [
        "/-/threads",
        "/-/threads.json",
        "/-/messages",
        "/-/allow-debug",
        "/-/patterns",
        "/-/permissions",
        "/-/actor.json",
        "/-/databases.json",
        "/-/versions.json",
        "/-/plugins.json",
        "/-/settings.json",
        "/-/config",
    ],
)
async def test_debug_and_introspection_pages_are_gone(ds: Any, path: str) -> None:
    response = await ds.client.get(path)
    assert response.status_code == 404


async def test_security_headers_on_every_kind_of_page(ds: Any) -> None:
    for path in (LAW, "/-/laws", "/lawhistory/laws", "/lawhistory/laws.json", "/-/no-such-page"):
        response = await ds.client.get(path)
        assert "frame-ancestors 'none'" in response.headers["content-security-policy"], path
        assert response.headers["x-frame-options"] == "DENY"
        assert response.headers["x-content-type-options"] == "nosniff"


async def test_no_absolute_path_is_shown(ds: Any, built_repo: Repository) -> None:
    root = str(built_repo.root)
    for path in ("/.json", "/lawhistory.json", "/-/databases.json", "/_internal.json", "/_internal/databases.json"):
        response = await ds.client.get(path)
        assert root not in response.text, path
    response = await sql(ds, "select * from pragma_database_list")
    assert response.status_code == 200 and root not in response.text
    assert response.json()[0]["file"] is None


async def test_a_post_is_refused_plainly_not_a_500(ds: Any) -> None:
    for path in ("/lawhistory/laws", "/lawhistory/law_as_at", "/lawhistory", LAW):
        response = await ds.client.post(path, data={"x": "1"})
        assert response.status_code == 405 and response.headers["allow"] == "GET, HEAD", path


async def test_facet_suggestions_are_off_and_csv_bounded(ds: Any) -> None:
    settings = (await ds.client.get("/lawhistory/laws.json")).json()
    assert settings.get("suggested_facets", []) == []
    assert ds.setting("suggest_facets") is False and ds.setting("max_csv_mb") == security.PUBLIC_SETTINGS["max_csv_mb"]


@pytest.mark.parametrize(("args", "trusted"), [((), False), (("--trusted",), True)])
def test_serve_is_public_unless_trusted(
    law_repo: Repository, monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...], trusted: bool
) -> None:
    from lawhistory.publishing import site

    from .conftest import run_cli

    calls: list[bool] = []
    monkeypatch.setattr(site, "serve", lambda db, metadata, host, port, workers, trusted: calls.append(trusted))
    code, _, err = run_cli("serve", *args, "--repo", law_repo.root)
    assert code == 0, err
    assert calls == [trusted]
