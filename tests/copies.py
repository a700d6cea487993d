"""Council-style consolidated copies made from the illustrative repository's versions, for the tests of ``check``.

A copy is the law as ``show --format text`` prints a version, laid out the way a council types its consolidation up:
the consolidator's cover ("Consolidated extract from … / Includes amendments vide …"), no lawhistory notes, the
schedule's rows as printed lines. Defects are planted into it by replacing exact lines (each replacement must match).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from lawhistory.amending.timeline import build_timeline
from lawhistory.core.versions import in_force
from lawhistory.files.inputs import repository_index
from lawhistory.files.repo import Repository
from lawhistory.presenting import views
from lawhistory.presenting.lawat import from_timeline

from .conftest import ROOT

EXAMPLETON = ROOT / "examples" / "exampleton"
LAW = "exampleton/animals-environment-and-nuisance-local-law-2019"
COVER = (
    "Consolidated extract from Government Gazette of 26 February 2020\n"
    "Includes amendments vide Government Gazette of 12 March 2021, Government Gazette of 3 June 2022 and Government "
    "Gazette of 18 August 2023\n"
)


def copy_lines(at: dt.date, repo: Path = EXAMPLETON, law: str = LAW) -> list[str]:
    """The lines of a council copy of ``law`` (the Exampleton law) as in force on ``at`` (without its cover)."""
    inputs = repository_index(Repository.open(repo))
    tl = build_timeline(inputs.law(law), inputs.claimed(law))
    status, version = in_force(tl, at)
    text = views.law_text(from_timeline(tl, at, status, version))
    out = []
    for line in text.split("\n")[2:]:  # the title and the status line are lawhistory's, not the copy's
        s = line.strip()
        if s == "Compilation table":
            break
        if s.startswith("[") and s.endswith("]") and " by " in s:
            continue  # lawhistory's notes
        if s.startswith("Schedule 1—"):
            out += ["SCHEDULE 1", s.split("—", 1)[1]]
            continue
        out.append(s.replace(" | ", " "))
    return out


def plant(lines: list[str], old: str, new: list[str]) -> list[str]:
    """``lines`` with the one line equal to ``old`` replaced by ``new`` (several lines, or none)."""
    found = [i for i, ln in enumerate(lines) if ln == old]
    assert len(found) == 1, f"{old!r} is on {len(found)} lines of the copy"
    i = found[0]
    return [*lines[:i], *new, *lines[i + 1 :]]


def write_copy(path: Path, lines: list[str], cover: str = COVER) -> Path:
    path.write_text(cover + "\n".join(lines) + "\n", encoding="utf-8")
    return path
