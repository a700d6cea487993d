"""What ``show`` asks before it reads a law from the build's database, with nothing heavy imported: whether the code
that made the database is the code here (the record a build leaves beside it, ``inputs.save_code_record``) and which
law a query names (``resolve_law``). ``inputs`` exports both under their old names; this module imports no more than
``json``, ``os`` and the project's errors, so that ``show`` loads neither the repository index nor the law model.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..core.errors import UnknownLaw

#: The package's folder (``inputs.PACKAGE_ROOT``; a test keeps them the same).
PACKAGE_ROOT = Path(__file__).resolve().parents[__name__.count(".") - 1]
CODE_RECORD = ".code-fingerprint.json"
#: The format of the code's record (``inputs.save_code_record`` writes it).
RECORD_FORMAT = 2


def code_stats(root: Path, rels: list[str]) -> list[list[object]]:
    """(file, size, modification time) of each of ``rels``, and (folder, modification time) of every package folder
    (a module added anywhere changes its folder's time)."""
    out: list[list[object]] = []
    for rel in rels:
        st = os.stat(root / rel)
        out.append([rel, st.st_size, st.st_mtime_ns])
    for folder in sorted({os.path.dirname(rel) for rel in rels} | {""}):
        out.append([folder + "/", 0, os.stat(root / folder).st_mtime_ns])
    return out


def recorded_code(db_dir: Path, root: Path = PACKAGE_ROOT) -> str | None:
    """The code's fingerprint recorded beside the build when every file and folder it was made from is as recorded,
    else None."""
    try:
        with open(db_dir / CODE_RECORD, encoding="utf-8") as f:
            record = json.load(f)
        if record.get("format") != RECORD_FORMAT or record.get("root") != str(root):
            return None
        files = record["files"]
        rels = [rel for rel, _, _ in files if not rel.endswith("/")]
        if code_stats(root, rels) != files:
            return None
        code = record["code"]
        return code if isinstance(code, str) else None
    except (OSError, ValueError, TypeError, KeyError, RecursionError):
        return None


def resolve_law(query: str, titles: dict[str, str]) -> str:
    """The id among ``titles`` (law id → title, sorted by id) that is ``query``, or whose title (or id) contains it
    unambiguously; UnknownLaw naming the matches otherwise."""
    q = query.strip()
    if q in titles:
        return q
    q = q.lower()
    matches = [i for i, title in titles.items() if q and (q in title.lower() or q in i)]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise UnknownLaw(f"no law in this repository matches {query!r}; 'lawhistory list' shows their ids and titles")
    names = "; ".join(matches[:6])
    raise UnknownLaw(f"{query!r} matches {len(matches)} laws ({names}); give more of the title or the id")
