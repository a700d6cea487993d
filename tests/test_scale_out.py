"""Scaling out: the site is the immutable database file alone, served by any number of read-only Datasette replicas.

A replica is started here as a container platform would start one made by ``datasette package`` or ``datasette
publish``: plain ``datasette serve --immutable`` on a copy of db/lawhistory.db in an empty folder, with the metadata
and the lawhistory plugin (installed with the package), and no repository, history or build beside it.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from lawhistory.files.repo import Repository

from .conftest_publish import KELLERBERRIN

pytest_plugins = ["tests.conftest_publish"]
ROOT = Path(__file__).resolve().parent.parent


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def test_a_replica_serves_the_law_pages_from_the_immutable_database_file_alone(built_repo: Repository, tmp_path: Path) -> None:
    replica = tmp_path / "replica"
    replica.mkdir()
    shutil.copyfile(built_repo.db_dir / "lawhistory.db", replica / "lawhistory.db")
    served = subprocess.run(  # the metadata a site serves: the project's file with the schema's queries, as JSON
        [sys.executable, "-m", "lawhistory.publishing.site", str(ROOT / "metadata.yml")], capture_output=True, check=True
    ).stdout
    (replica / "metadata.json").write_bytes(served)
    os.chmod(replica / "lawhistory.db", 0o444)  # nothing writes it
    port = _port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    command = [sys.executable, "-m", "datasette", "serve", "--immutable", "lawhistory.db", "--metadata", "metadata.json"]
    proc = subprocess.Popen(
        [*command, "--port", str(port), "--host", "127.0.0.1"],
        cwd=replica, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 120
        while True:
            try:
                urllib.request.urlopen(base + "/-/laws", timeout=5).read()
                break
            except OSError:
                assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
                assert time.time() < deadline, "the replica did not start"
                time.sleep(0.2)
        status, page = _get(f"{base}/-/law/{KELLERBERRIN}?at=2022-08-01")
        assert status == 200
        assert "As at 2022-08-01: in force." in page
        assert '<table class="schedule-rows">' in page  # the stored fragments, joined in document order
        assert "more than 4 ducks" in page
        status, law_json = _get(f"{base}/-/law/{KELLERBERRIN}.json?at=2022-08-01")
        assert status == 200 and '"citation": "2.8A"' in law_json
        status, search = _get(f"{base}/-/search?q=ducks")
        assert status == 200 and "<mark>ducks</mark>" in search
        status, _ = _get(f"{base}/-/threads")
        assert status == 404  # the public profile: its plugin is loaded from the package, not from a serve command
        status, canned = _get(f"{base}/lawhistory/law_as_at.json?law={KELLERBERRIN}&at=2022-08-01&_shape=array")
        assert status == 200 and '"citation": "2.8A"' in canned  # the schema's canned queries come with the metadata
        assert sorted(p.name for p in replica.iterdir()) == ["lawhistory.db", "metadata.json"]  # nothing written beside it
    finally:
        proc.terminate()
        proc.wait(timeout=30)
