"""One rule for "does this instrument act on that law?": the CLI and the build agree, whatever the apostrophes.

The fixture's law is titled with a straight apostrophe ("Shire of Exampleton's …") and its amending instrument names
it with a curly one ("Shire of Exampleton’s …"): both are the same law, to ``lawhistory history`` and to the database.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

from lawhistory.core.model import normal_title, title_key
from tests.conftest import SYNTHETIC, Result

LAW = "exampleton/synthetic-councils-parking-local-law-2020"
AMENDMENT = "exampleton/synthetic-councils-parking-amendment-local-law-2021"


def test_apostrophes_of_every_form_match_as_one() -> None:
    straight = "Shire of Exampleton's Parking Local Law 2020"
    for printed in ("Shire of Exampleton’s  Parking Local Law 2020", "SHIRE OF EXAMPLETON‘S PARKING LOCAL LAW 2020"):
        assert normal_title(printed) == normal_title(straight)
        assert title_key(printed) == title_key(straight)
    assert normal_title("Shire of Exampleton Parking Local Law 2020") != normal_title(straight)


def test_history_and_build_find_the_same_instruments(tmp_path: Path, cli: Callable[..., Result]) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(SYNTHETIC / "apostrophe-titles", repo)
    shown = cli("history", LAW, "--json", "--repo", repo)
    assert shown.exit_code == 0, shown.stderr
    cli_versions = [(v["number"], v["valid_from"], v["instrument_id"]) for v in json.loads(shown.stdout)["versions"]]
    built = cli("build", "--quiet", "--repo", repo)
    assert built.exit_code == 0, built.stderr
    with sqlite3.connect(repo / "db" / "lawhistory.db") as db:
        db_versions = db.execute("select number, valid_from, instrument from versions where law = ? order by number", [LAW])
        stored = [tuple(r) for r in db_versions]
    assert cli_versions == stored == [(0, "2020-02-21", LAW), (1, "2021-03-26", AMENDMENT)]
    at = cli("show", LAW, "--at", "2021-04-01", "--format", "json", "--repo", repo)
    clause = next(p for p in json.loads(at.stdout)["provisions"] if p["citation"] == "1.2")
    assert "$3 an hour" in clause["text"]
