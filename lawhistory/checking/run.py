"""``lawhistory check COPY``: which law a copy holds, and the comparison with the repository's consolidation."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ..core.errors import UnknownLaw
from ..core.model import normal_title
from ..files.inputs import repository_index
from ..files.repo import Repository
from .compare import CheckReport, CopyNotAligned, compare
from .copy import read_copy


def check_copy(repo: Repository, path: Path, *, law: str | None = None, at: dt.date | None = None) -> CheckReport:
    """The copy in ``path`` checked against the repository's consolidation of its law (``law``: named explicitly)."""
    from ..deriving.library import read_file

    data = read_file(path)
    copy = read_copy(data, str(path))
    inputs = repository_index(repo)
    if law is not None:
        law_id = inputs.resolve(law)
    else:
        title = normal_title(copy.law.meta.title)
        found = [i for i, e in inputs.laws.items() if normal_title(e.title) == title]
        if not found:
            raise UnknownLaw(
                f"{path} is a copy of {copy.law.meta.title!r}, which is not in this repository: import the law and its "
                "amendments first, or name the law it should be checked against with --law ID"
            )
        if len(found) > 1:
            raise CopyNotAligned(f"{path}: several laws are titled {copy.law.meta.title!r} ({'; '.join(found)}): give --law ID")
        law_id = found[0]
    from ..amending.timeline import build_timeline

    tl = build_timeline(inputs.law(law_id), inputs.claimed(law_id))
    return compare(tl, copy, at)
