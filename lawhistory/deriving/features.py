"""The build's step for the questions asked across laws: offences as typed rows (``penalties``) and the index of
similar provisions (``similar``), made from the rows the build has just written.

``build`` calls ``derive`` once, in its transaction, after every law's rows are in: with the laws it (re)derived and
removed in an incremental build, or with None in a full build (everything anew).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from . import penalties, similar

#: The full build's stage that runs ``derive`` (as its progress names it, and the benchmarks time it).
STAGE = "Offences and similar provisions"


@dataclass
class FeatureReport:
    offences: int
    similar: similar.Report


def derive(conn: sqlite3.Connection, laws: Sequence[str] | None = None, held: Collection[int] | None = None) -> FeatureReport:
    """Fill the offences and similar-provision tables for ``laws`` (every law when None); ``held``: the provision texts
    those laws held before their rows were replaced (``similar.held_by``), the only ones that can be left unheld."""
    chosen = None if laws is None else sorted(set(laws))
    return FeatureReport(penalties.derive(conn, chosen), similar.derive(conn, chosen, held))
