"""``lawhistory serve`` while ``amend`` and ``build`` run: every request reads exactly one build, and the new one
as soon as the build has finished (no restart).

A real ``serve`` (two worker processes) on a real repository; client threads read the laws index, the law page,
an instrument page and a Datasette table page over and over while instruments are amended in and built.
"""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import pytest

from lawhistory.publishing.switch import LINKS

from .conftest import INSTRUMENTS, run_cli
from .conftest_publish import KELLERBERRIN, make_law_repo
from .helpers import serving

pytest_plugins = ["tests.conftest_publish"]
pytestmark = pytest.mark.slow

I2021 = "kellerberrin/animals-environment-and-nuisance-amendment-local-law-2021"
BUILD = re.compile(r'<meta name="lawhistory-build" content="([0-9a-f]+)">')


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.status, r.read().decode("utf-8")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8")


@dataclass
class Served:
    base: str
    repo: Path
    log: Path


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    repo = make_law_repo(tmp_path / "repo", [], laws=[KELLERBERRIN])
    log = tmp_path / "serve.log"
    with serving(repo.root, log, "--workers", "2") as base:
        yield Served(base, repo.root, log)
    # a serve that stops removes the links to the builds it served (each worker at its shutdown)
    assert not list((repo.root / "db" / LINKS).glob("*.db"))


def law_page(base: str) -> tuple[str, int]:
    """(build id, number of versions in the timeline) of one response of the law page."""
    status, html = get(f"{base}/-/law/{KELLERBERRIN}")
    assert status == 200, html[:500]
    found = BUILD.search(html)
    assert found, "the page names the build it was read from"
    timeline = html.split('<nav class="timeline', 1)[1].split("</nav>", 1)[0]
    return found.group(1), timeline.count("<li")


def index_page(base: str) -> tuple[str, int]:
    """(build id, the versions column of the law) of one response of the laws index."""
    status, html = get(f"{base}/-/laws")
    assert status == 200, html[:500]
    found = BUILD.search(html)
    assert found
    row = html.split(f'href="/-/law/{KELLERBERRIN}"', 1)[1].split("</tr>", 1)[0]
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
    return found.group(1), int(cells[2])


def instrument_page(base: str) -> tuple[str, bool]:
    """(build id, whether the 2021 instrument exists) of one response of its page (a 404 page names its build too)."""
    status, html = get(f"{base}/-/instrument/{I2021}")
    found = BUILD.search(html)
    assert status in (200, 404) and (found or status == 404), html[:500]
    return (found.group(1) if found else ""), status == 200


def versions_table(base: str) -> tuple[int, int]:
    """(rows counted, rows listed) by one response of Datasette's own table page: two queries, one build."""
    status, body = get(f"{base}/lawhistory/versions.json?law={quote(KELLERBERRIN)}&_size=100")
    assert status == 200, body[:500]
    data = json.loads(body)
    return int(data["filtered_table_rows_count"]), len(data["rows"])


def test_requests_during_amend_and_build_each_read_one_build_and_then_the_new_one(served: Served) -> None:
    base = served.base
    first = law_page(base)
    assert first[1] == 1  # the law as made

    seen: dict[str, set[int]] = {}  # build id → versions counts shown with it
    instrument_seen: dict[str, set[bool]] = {}  # build id → whether the 2021 instrument's page existed in it
    problems: list[str] = []
    stop = threading.Event()
    lock = threading.Lock()

    def client(k: int) -> None:
        last = 0
        while not stop.is_set():
            try:
                page = (law_page, index_page)[k % 2](base)
                counted, listed = versions_table(base)
                inst_build, exists = instrument_page(base)
            except AssertionError as e:
                with lock:
                    problems.append(f"client {k}: {e}")
                return
            with lock:
                seen.setdefault(page[0], set()).add(page[1])
                if inst_build:
                    instrument_seen.setdefault(inst_build, set()).add(exists)
                if counted != listed:
                    problems.append(f"client {k}: the table page counted {counted} rows and listed {listed}")
                if page[1] < last:
                    problems.append(f"client {k}: saw {page[1]} versions after {last}: an older build after a newer one")
            last = max(last, page[1])

    threads = [threading.Thread(target=client, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    try:
        for n, (fixture, versions) in enumerate(
            [("synthetic_kellerberrin_amendment_2021.txt", 2), ("synthetic_kellerberrin_amendment_2022.txt", 3)]
        ):
            code, _out, err = run_cli("amend", INSTRUMENTS / fixture, "--repo", served.repo)
            assert code == 0, err
            code, _out, err = run_cli("build", "--quiet", "--repo", served.repo)
            assert code == 0, err
            assert "its next request reads this build" in err
            # the build has finished: the very next requests, in either worker, read it
            for _ in range(6):
                assert law_page(base)[1] == versions, f"after build {n + 1}"
                assert index_page(base)[1] == versions
            time.sleep(0.5)
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=60)
    assert not problems, problems[:5]
    # every build id was shown with one number of versions only: no response mixed two builds
    assert all(len(counts) == 1 for counts in seen.values()), seen
    # the instrument's page agrees with the law page of the same build: it exists exactly when the law has its version
    for build_id, exists in instrument_seen.items():
        if build_id in seen:
            assert exists == {min(seen[build_id]) >= 2}, (build_id, exists, seen[build_id])
    shown = {c for counts in seen.values() for c in counts}
    assert 3 in shown and shown <= {1, 2, 3}, seen
    # the instrument page of the new instrument exists in the new build
    status, html = get(f"{base}/-/instrument/{I2021}")
    assert status == 200 and BUILD.search(html)
    # the files of builds no request reads any more are removed (one link per worker for the current build)
    time.sleep(0.5)
    for _ in range(4):
        law_page(base)
    links = sorted((served.repo / "db" / LINKS).glob("*.db"))
    assert 1 <= len(links) <= 2, links


def test_serve_refuses_a_busy_port_before_building(tmp_path: Path) -> None:
    repo = make_law_repo(tmp_path / "repo", [], laws=[KELLERBERRIN])
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        run = subprocess.run(
            [sys.executable, "-m", "lawhistory", "serve", "--repo", str(repo.root), "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert run.returncode == 1
    assert run.stderr.count("\n") == 1 and f"cannot listen on 127.0.0.1:{port}" in run.stderr and "--port" in run.stderr
    assert "building" not in run.stderr and "serving" not in run.stderr
    assert not (repo.db_dir / "lawhistory.db").exists()  # nothing was built


def test_serve_help_and_readme_say_how_a_new_build_is_served() -> None:
    from .conftest import ROOT

    code, out, _err = run_cli("serve", "--help")
    assert code == 0
    words = " ".join(out.split())
    assert "every request is answered from exactly one build" in words and "No restart is needed" in words
    assert "The port is checked before anything is built" in words
    serving_doc = (ROOT / "docs" / "serving.md").read_text(encoding="utf-8")
    assert "every request is answered from exactly one build" in " ".join(serving_doc.split())
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for shot in re.findall(r"\]\((docs/screenshots/[^)]+\.png)\)", readme):
        assert (ROOT / shot).is_file(), shot  # every screenshot the README shows is there


def test_an_example_that_cannot_be_built_does_not_keep_the_laws_from_being_served(tmp_path: Path) -> None:
    repo = make_law_repo(tmp_path / "repo", [], laws=[KELLERBERRIN])
    broken = repo.root / "examples" / "broken"
    (broken / "amendments").mkdir(parents=True)
    (broken / "laws" / "nowhere").mkdir(parents=True)
    (broken / "laws" / "nowhere" / "bad.txt").write_text("---\nid: [not, a, law\n---\n", encoding="utf-8")
    log = tmp_path / "serve.log"
    with serving(repo.root, log, "--workers", "1") as base:
        assert "warning: examples/broken is not served: " in log.read_text()
        assert law_page(base)[1] == 1


def test_serve_names_the_address_the_readme_tells_people_to_open(served: Served) -> None:
    # The README says "open http://127.0.0.1:8001/": serve prints that address (the site's root), and it answers
    # with the index of laws.
    printed = served.log.read_text(encoding="utf-8")
    assert f"on {served.base}/ (Ctrl-C stops)" in printed, printed
    status, html = get(f"{served.base}/")
    assert status == 200
    assert f'href="/-/law/{KELLERBERRIN}"' in html
