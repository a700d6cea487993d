"""Regular expressions compiled on their first use rather than when their module is imported.

Every new process imports the reading and amending modules, and with them a few hundred module-level patterns; most
commands (one ``amend`` of one instrument) use fewer than half of them. A pattern only some inputs need is written
``_NAME = lazy_pattern(r"…", flags)`` and used as ``_NAME().match(text)``: compiled by ``re.compile`` the first time it
is called, the same compiled pattern each call after.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable


def lazy_pattern(regex: str, flags: int = 0) -> Callable[[], re.Pattern[str]]:
    """A function returning ``re.compile(regex, flags)``, compiled on its first call and kept."""

    @functools.cache
    def compiled() -> re.Pattern[str]:
        return re.compile(regex, flags)

    return compiled
