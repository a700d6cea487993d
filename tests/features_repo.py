"""A repository for the tests of reviews, penalties and similar provisions: the bundled real laws, two SYNTHETIC
laws of invented councils (tests/fixtures/synthetic/features/, one with a recorded review) and a SYNTHETIC
instrument that changes Kellerberrin's Schedule 1 (a penalty that is not an amount, clauses that are not in the law).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from lawhistory.deriving.build import build
from lawhistory.files.instrument_file import parse_instrument
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "synthetic" / "features"
OLDTOWN = "oldtown/synthetic-dogs-local-law-2005"
NEWTOWN = "newtown/synthetic-dogs-local-law-2018"
SYNTHETIC_LAWS = ("synthetic-oldtown-dogs-local-law-2005.txt", "synthetic-newtown-dogs-local-law-2018.txt")
PENALTIES_2023 = "synthetic_penalties_kellerberrin_amendment_2023.txt"


def make_features_repo(root: Path, *, instrument: bool = True, built: bool = True) -> Repository:
    repo = Repository.init(root)
    for path in sorted((ROOT / "laws").glob("*/*.txt")):
        (repo.laws_dir / path.parent.name).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, repo.laws_dir / path.parent.name / path.name)
    for name in SYNTHETIC_LAWS:
        text = (FIXTURES / name).read_text(encoding="utf-8")
        law = parse(text)
        assert "SYNTHETIC" in law.meta.title
        repo.write_text(repo.law_path(law.meta.id), text)
    if instrument:
        text = (FIXTURES / PENALTIES_2023).read_text(encoding="utf-8")
        inst = parse_instrument(text, path=PENALTIES_2023)
        assert "SYNTHETIC" in inst.title
        repo.write_text(repo.instrument_path(inst.id), text)
    if built:
        build(repo)
    return repo
