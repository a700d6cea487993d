"""What a version (or a period) changed, as the law page lists it at the top: each provision with its change and the
address of its place on the page.

Pure functions of the database's ``changes`` and ``operations`` rows and of (law, version) or (law, since, at): the
same arguments give the same list, so a page cached per version can cache its list with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

# made by the build for each version's stored page (``deriving.page_parts``), and here for a period's
from ..deriving.page_parts import DELETED as DELETED
from ..deriving.page_parts import INSERTED as INSERTED
from ..deriving.page_parts import SUBSTITUTED as SUBSTITUTED
from ..deriving.page_parts import WORDS_CHANGED as WORDS_CHANGED
from ..deriving.page_parts import Change as Change
from ..deriving.page_parts import changed_contents as changed_contents
from ..deriving.page_parts import for_period as for_period
from ..deriving.page_parts import for_version as for_version
from ..deriving.page_parts import net_changes

_net = net_changes  # its name here before it moved


@dataclass(frozen=True)
class Neighbours:
    """The versions before and after a version that changed the law (None at either end)."""

    previous: int | None
    next: int | None


def neighbours(numbers: Sequence[int], version: int) -> Neighbours:
    """The previous and next change around ``version`` among the law's version numbers (0 is the law as made,
    which changed nothing)."""
    earlier = [n for n in numbers if 0 < n < version]
    later = [n for n in numbers if n > version]
    return Neighbours(max(earlier) if earlier else None, min(later) if later else None)
