"""Constructs of the amending language read after the third first-sight round (cases 122–131, SOURCES-i.md).

Synthetic instructions (not law): each test gives wording and the operations it must make, or the refusal it must
give; each would fail on the engine before the fix it guards.
"""

from __future__ import annotations

import pytest

from lawhistory.amending.instructions import InstructionNotUnderstood, parse_unit
from lawhistory.amending.parts import Unit


def ops(text: str, context: str | None = None) -> list[tuple[str, ...]]:
    return [(str(o.action), o.target, o.words or "") for o in parse_unit(Unit("9", text, context))]


# --- a law repealed: its title told apart from the words of its publication -------------------------------------


def test_a_repeal_item_printed_with_the_ocr_govemment_names_the_law_by_its_title() -> None:
    text = (
        "The following local laws are repealed— (a) the Shire of X Dogs Local Law 1999 published in the Government "
        "Gazette on 11 June 1999; and (b) the X Road Board By-laws Relating to Wells published in the Govemment "
        "Gazette on 4 May 1951."
    )
    assert ops(text) == [
        ("repeal", "Shire of X Dogs Local Law 1999", "1999-06-11"),
        ("repeal", "X Road Board By-laws Relating to Wells", "1951-05-04"),
    ]


def test_a_repeal_whose_title_still_holds_its_publication_words_is_refused() -> None:
    # "Govt." is not read as the gazette's name, so the words after the title stay in it: such a title names a law no
    # repository holds, and applying it would leave the law meant in force
    text = "The following local laws are repealed— (a) the X Road Board By-laws Relating to Wells published in the Govt. Gazette on 4 May 1951."
    with pytest.raises(InstructionNotUnderstood, match="told apart from the words of its publication"):
        parse_unit(Unit("9", text, None))
