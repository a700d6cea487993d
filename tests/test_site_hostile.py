"""A hostile visitor of the public site (issue 24): every request has a bounded cost and a malformed value is a 400,
and every CSV the site serves is safe to open in a spreadsheet."""

from __future__ import annotations

import csv
import io
import subprocess
import sys
import urllib.parse
from typing import Any

import pytest

from lawhistory.files.repo import Repository
from lawhistory.publishing import csv_safe, features, security
from lawhistory.publishing.site import make_datasette

from .conftest_publish import METADATA

pytest_plugins = ["tests.conftest_publish"]


def query(sql: str, **extra: str) -> str:
    return "?" + urllib.parse.urlencode({"sql": sql, **extra})


async def refused(ds: Any, path: str, *words: str) -> str:
    response = await ds.client.get(path)
    assert response.status_code == 400, (response.status_code, response.text[:500])
    for word in words:
        assert word in response.text, response.text[:500]
    return str(response.text)


@pytest.mark.parametrize(
    ("path", "word"),
    [
        ("/-/search?q=dog%00x", "NUL"),
        ("/-/search.json?q=%00", "NUL"),
        ("/lawhistory/laws.json?_where=x%00", "NUL"),
        ("/lawhistory/provisions.json?_next=" + "9" * 5000, "_next"),
        ("/lawhistory/provisions.json?_next=99999999999999999999999", "_next"),
        ("/lawhistory/provisions.json?_next=abc", "cannot be used"),
        ("/lawhistory/provisions.json?position__gt=99999999999999999999999", "cannot be used"),
        ("/lawhistory/provisions.json?_through=nope", "cannot be used"),
        ("/lawhistory/provisions?_sort=nope", "Cannot sort"),
        ("/lawhistory/provisions.json?_sort_desc=nope", "Cannot sort"),
    ],
)
async def test_a_malformed_visitor_value_is_a_400_not_a_500(ds: Any, path: str, word: str) -> None:
    await refused(ds, path, word)


async def test_a_json_address_is_refused_in_json(ds: Any) -> None:
    response = await ds.client.get("/-/search.json?q=%00")
    assert response.status_code == 400 and response.json()["ok"] is False and "NUL" in response.json()["error"]


async def test_thousands_of_named_parameters_are_refused_before_datasette_reads_them(ds: Any) -> None:
    """Datasette reads the query string again for each named parameter: 2,000 of them took 5–10 s of the event loop."""
    await refused(ds, "/lawhistory.json" + query("select " + ", ".join(f":p{k}" for k in range(2000))))
    await refused(ds, "/lawhistory.json" + query("select " + ", ".join(f":p{k}" for k in range(40))), "parameters")


async def test_a_few_named_parameters_still_work(ds: Any) -> None:
    response = await ds.client.get("/lawhistory.json" + query("select :a || :b as ab", a="x", b="y", _shape="array"))
    assert response.status_code == 200 and response.json() == [{"ab": "xy"}]


async def test_a_thousand_facets_are_refused_and_a_few_are_made(ds: Any) -> None:
    await refused(ds, "/lawhistory/laws.json?" + "&".join(["_facet=title"] * 1000))
    await refused(ds, "/lawhistory/laws.json?" + "&".join(["_facet=title"] * 6), "facets")
    few = await ds.client.get("/lawhistory/laws.json?_facet=local_government&_facet=title")
    assert few.status_code == 200 and set(few.json()["facet_results"]) >= {"local_government", "title"}


async def test_many_parameters_a_long_query_and_two_sorts_are_refused(ds: Any) -> None:
    await refused(ds, "/lawhistory/laws.json?" + "&".join(f"x{k}=1" for k in range(100)), "query parameters")
    await refused(ds, "/lawhistory/laws.json?title=" + "a" * 20_000, "bytes")
    await refused(ds, "/lawhistory/laws.json?_sort=title&_sort_desc=id", "one sort")


async def test_one_printf_step_past_the_length_limit_is_refused_not_left_to_the_time_limit(
    ds: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """``printf('%.*c', 1e9, 'x')`` is one step of a billion characters: no progress handler or interrupt stops it."""
    interrupted = security.WATCHDOG.interrupted
    for sql in ("select printf('%.*c', 1000000000, 'x')", "select format('%2000000000d', 1)"):
        response = await ds.client.get("/lawhistory.json" + query(sql))
        assert response.status_code == 400 and "took too long" not in response.text
    assert security.WATCHDOG.interrupted == interrupted  # refused up front, never interrupted
    assert "Traceback" not in capsys.readouterr().err  # a visitor's refused printf writes no traceback to the log


async def test_printf_and_format_still_format(ds: Any) -> None:
    sql = "select printf('%5.2f|%-3s|%.*c|%%', 3.14159, 'ab', 3, 'x') as p, format('%03d', 7) as f"
    response = await ds.client.get("/lawhistory.json" + query(sql, _shape="array"))
    assert response.status_code == 200 and response.json() == [{"p": " 3.14|ab |xxx|%", "f": "007"}]


def test_printf_refusal_counts_widths_given_as_arguments() -> None:
    assert security.printf_refusal(("%.*c", 10**9, "x")) is not None
    assert security.printf_refusal(("%*d", -(10**9), 1)) is not None
    assert security.printf_refusal(("%.*c", " 1000000000 and more", "x")) is not None  # SQLite reads the number
    assert security.printf_refusal((b"%.*c", 1e9, "x")) is not None  # a blob as the format, a real as the width
    assert security.printf_refusal(("%s %.*c", "a", 5, "x")) is None


MEMORY_SCRIPT = """
import asyncio, sys, urllib.parse
from pathlib import Path
from lawhistory.publishing import security
from lawhistory.publishing.site import make_datasette
ds = make_datasette(Path(sys.argv[1]), {})
security.bound_memory(False, 20_000_000)  # as ``serve`` does, with a small cap
big = ("with recursive n(i) as (select 1 union all select i + 1 from n where i < 40) "
       "select length(json_group_array(hex(randomblob(100000)))) from n")
async def main():
    for sql in (big, "select 1 as one"):
        r = await ds.client.get("/lawhistory.json?" + urllib.parse.urlencode({"sql": sql}))
        print(r.status_code, r.json().get("error"))
asyncio.run(main())
"""


def test_a_query_past_the_memory_bound_is_a_clear_503_and_the_site_goes_on(built_repo: Repository) -> None:
    """In its own process: SQLite's heap cap is the process's and can only be lowered."""
    db = str(built_repo.db_dir / "lawhistory.db")
    done = subprocess.run([sys.executable, "-c", MEMORY_SCRIPT, db], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    big, small = done.stdout.splitlines()
    assert big.startswith("503 ") and "no memory free" in big
    assert small == "200 None"  # the worker goes on


# -- CSV -----------------------------------------------------------------------------------------------------------------

DANGEROUS = "select '=HYPERLINK(\"http://x\")' as a, '+1' as b, '-2' as c, '@SUM(A1)' as d, char(9) || 't' as e, "
DANGEROUS += "char(13) || 'r' as f, 'plain' as g, -5 as n"


async def test_datasettes_csv_prefixes_cells_that_would_be_formulas(ds: Any) -> None:
    response = await ds.client.get("/lawhistory.csv" + query(DANGEROUS))
    assert response.status_code == 200
    row = list(csv.reader(io.StringIO(response.text)))[1]
    assert row == ['\'=HYPERLINK("http://x")', "'+1", "'-2", "'@SUM(A1)", "'\tt", "'\rr", "plain", "-5"]


async def test_staff_csv_is_safe_too_and_formulas_can_be_kept_on_request(built_repo: Repository) -> None:
    staff = make_datasette(built_repo.db_dir / "lawhistory.db", METADATA, trusted=True)
    safe = await staff.client.get("/lawhistory.csv" + query("select '=1+2' as a"))
    assert safe.text.splitlines()[1] == "'=1+2"
    kept = await staff.client.get("/lawhistory.csv" + query("select '=1+2' as a", _formulas="keep"))
    assert kept.status_code == 200 and kept.text.splitlines()[1] == "=1+2"


async def test_the_sites_own_csv_prefixes_cells_that_would_be_formulas(ds: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    common = [{"offence": "=cmd|' /C calc'!A0", "local_governments": "@evil", "offences": 2, "min": -5, "max": 10}]
    monkeypatch.setattr(features.penalties, "compare", lambda conn, at, q, threshold: {"common": common})
    response = await ds.client.get("/-/penalties.csv")
    assert response.status_code == 200
    assert response.text.splitlines()[1] == "'=cmd|' /C calc'!A0,'@evil,2,-5,10,"
    kept = await ds.client.get("/-/penalties.csv?_formulas=keep")
    assert kept.text.splitlines()[1].startswith("=cmd|")


def test_a_cell_is_prefixed_only_when_it_would_start_a_formula() -> None:
    assert csv_safe.row(["=1", "+1", "-1", "@a", "\tx", "\rx", "a=1", "", None, -1, 2.5]) == [
        "'=1", "'+1", "'-1", "'@a", "'\tx", "'\rx", "a=1", "", None, -1, 2.5,
    ]  # fmt: skip
