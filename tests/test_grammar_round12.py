"""Constructs of the amending language read after the twelfth first-sight round (cases 200–209, SOURCES-p.md).

Synthetic instructions and new text (not law): each test gives wording and what it must read as, or the refusal it
must give; each would fail on the engine before the fix it guards.
"""

from __future__ import annotations

from lawhistory.amending.instructions import parse_unit
from lawhistory.amending.parts import Unit, payload_provisions
from lawhistory.files.textformat import render_fragment

# --- a plain definition after a definition whose words are all in paragraphs with subparagraphs ------------------

_DASHED_THEN_PLAIN = (
    "stall means a table; trading activity — (a) means an activity that is — (i) carried on from a stall; or "
    "(ii) carried on by a person moving about; and (b) includes — (i) the display of goods; and (ii) the taking "
    "of orders; trading permit holder means a person who holds a licence;"
)


def test_plain_definition_after_dashed_definitions_last_subparagraph_is_its_own_definition() -> None:
    """It was read as words of subparagraph (b)(ii): "(ii) the taking of orders; trading permit holder means …"
    (wrong law text, exit 0)."""
    provisions = payload_provisions(_DASHED_THEN_PLAIN, [])
    assert [(p.kind, p.term) for p in provisions] == [
        ("definition", "stall"),
        ("definition", "trading activity"),
        ("definition", "trading permit holder"),
    ]
    last_sub = provisions[1].children[-1].children[-1]
    assert (last_sub.num, last_sub.text) == ("(ii)", "the taking of orders;")
    assert provisions[2].text == "trading permit holder means a person who holds a licence;"


def test_insert_in_alphabetical_order_reads_each_definition_after_a_dashed_one() -> None:
    text = "In clause 1.5 insert in alphabetical order: " + _DASHED_THEN_PLAIN
    inserted = [o for o in parse_unit(Unit("4", text, "1.5")) if o.action == "insert_definition"]
    assert [(o.new or "").split(" ")[0] for o in inserted] == ["**stall**", "**trading", "**trading"]
    assert (inserted[-1].new or "").startswith("**trading permit holder** means a person")


# --- a quoted term with "followed by …" before its verb ---------------------------------------------------------


def test_quoted_term_followed_by_qualifier_loses_its_marks() -> None:
    """The marks stayed round the bold term: "“**form**” followed by a designation means …" (wrong law text)."""
    text = (
        "“approved” means approved in writing; “form” followed by a designation means the form of that designation "
        "in Schedule 1; “permit” means a permit under Part 3;"
    )
    provisions = payload_provisions(text, [])
    assert [p.term for p in provisions] == ["approved", "form", "permit"]
    assert (
        render_fragment(provisions[1:2]) == "**form** followed by a designation means the form of that designation in Schedule 1;"
    )
