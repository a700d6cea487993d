"""Which occurrence of the quoted words an instruction means, in more of the ways drafters say it (issue 20, review).

"where it secondly occurs", "where it occurs for the second time" and "on the second occasion on which it occurs" were
refused (the grammar knew "where it second occurs" and "in the second place where it occurs" only). Each now reads as
the same operation as the form the grammar knew; each test fails on the engine before the change.
"""

from __future__ import annotations

import pytest

from lawhistory.amending.instructions import parse_unit
from lawhistory.amending.parts import Unit


def reading(text: str) -> list[tuple[str, str | None, str | None, str | None, str]]:
    return [(str(o.action), o.target, o.words, o.new, str(o.occurrence)) for o in parse_unit(Unit("4", text, None))]


@pytest.mark.parametrize("ordinal", ["first", "second", "last"])
@pytest.mark.parametrize(
    "said",
    [
        "where it {o}ly occurs",
        "where it occurs for the {o} time",
        "on the {o} occasion on which it occurs",
        "where it {o}ly appears",
    ],
)
def test_an_occurrence_said_another_way_reads_as_the_known_form(ordinal: str, said: str) -> None:
    known = reading(f"In clause 12H(2) delete “fence” where it {ordinal} occurs and insert “wall”.")
    assert known and known[0][4] == ordinal
    assert reading(f"In clause 12H(2) delete “fence” {said.format(o=ordinal)} and insert “wall”.") == known
