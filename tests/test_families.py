"""The family table: every family reads its own test rows, and no family earlier in precedence claims them."""

from __future__ import annotations

import pytest

from lawhistory.amending.families import FAMILIES, Family, claiming_family
from lawhistory.amending.instructions import Unit

ROWS = [(family, example) for family in FAMILIES for example in family.examples]


def test_every_family_has_test_rows_and_a_unique_name() -> None:
    assert all(f.examples for f in FAMILIES)
    assert len({f.name for f in FAMILIES}) == len(FAMILIES)


@pytest.mark.parametrize(("family", "example"), ROWS, ids=[f"{f.name}: {e[:40]}" for f, e in ROWS])
def test_each_test_row_is_read_by_its_own_family(family: Family, example: str) -> None:
    claimed = claiming_family(Unit("7", example, "3.8"))
    assert claimed is not None, f"no family reads {example!r}"
    assert claimed[0].name == family.name
    assert claimed[1], "a family that claims an instruction makes at least one operation"
