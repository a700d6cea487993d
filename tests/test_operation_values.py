"""Operations are read once, when their instrument is read: new provisions are provisions before anything is applied."""

from __future__ import annotations

from dataclasses import replace

import pytest

from lawhistory.amending.apply import ApplyRefused, apply_operation
from lawhistory.core.errors import FormatError
from lawhistory.core.ids import Citation
from lawhistory.core.labels import fit_kinds
from lawhistory.core.model import Law, LawMeta
from lawhistory.core.model import Provision as P
from lawhistory.core.operations import Action, Operation, new_goes_at_top
from lawhistory.files.instrument_file import Instrument, parse_instrument, render_instrument
from lawhistory.files.textformat import parse_fragment

BODY = (
    P(
        "clause",
        num="6.3",
        heading="Birds",
        text="A person shall not keep—",
        children=(
            P("paragraph", num="(g)", text="geese;"),
            P("paragraph", num="(h)", text="turkeys; or", children=(P("subparagraph", num="(i)", text="bantams."),)),
        ),
    ),
)


def op(action: str, target: str, **kw: str) -> Operation:
    return Operation(clause="9", action=action, target=target, source="test", **kw)


def test_new_provisions_are_read_when_the_operation_is_made_and_placed_without_reading_text() -> None:
    made = op("insert", "6.3(h)", new="(i) guinea fowl;\n  (i) white ones.", position="after")
    assert made.nested and made.unreadable is None and made.provisions is not None
    assert [(p.num, p.text) for p in made.provisions] == [("(i)", "guinea fowl;")]
    body, [where] = apply_operation(BODY, made)
    placed = body[0].children[where[-1]]
    # (i) after (h) is a paragraph; the (i) under it a subparagraph: fitted from where they go
    assert (placed.kind, placed.num, placed.children[0].kind) == ("paragraph", "(i)", "subparagraph")
    # a replaced operation is read again for its new place: beside a clause, "(i) …" is no label but words
    moved = replace(made, target="6.3")
    assert not moved.nested and moved.provisions is not None and moved.provisions[0].kind == "text"


@pytest.mark.parametrize(
    ("action", "position", "target", "top"),
    [
        ("substitute", None, "6.3", True),
        ("substitute", None, "6.3(h)", False),
        ("insert", "after", "Schedule 1 item 4", True),
        ("insert", "after", "Part 2 Division 1", True),
        ("insert", "end", "6.3", False),
        ("insert", "end", "Part 2", True),
        ("insert", "start", "Schedule 1", True),
        ("insert_definition", "alphabetical", "1.4(1)", False),
        ("substitute", None, "1.4(1) “cat”", False),
    ],
)
def test_where_new_provisions_go_is_read_from_the_citation(action: str, position: str | None, target: str, top: bool) -> None:
    assert new_goes_at_top(Action(action), position, Citation(target)) is top


@pytest.mark.parametrize("holder", ["clause", "subclause", "paragraph", "subparagraph", "definition", "text"])
@pytest.mark.parametrize("previous", [None, "(h)", "(2)", "(ii)", "b)"])
def test_fitting_kinds_gives_what_reading_the_text_in_that_place_gives(holder: str, previous: str | None) -> None:
    text = "(i) guinea fowl—\n  (a) white;\n  (b) grey; and\n(j) emus;\n**emu** means an emu;\n(ii) \n(1) ducks"
    assert fit_kinds(parse_fragment(text, "clause"), holder, previous) == parse_fragment(text, holder, previous)
    read = (P("paragraph", num="(i)", text="x"),)
    assert [p.kind for p in fit_kinds(read, "subclause", "(h)")] == ["paragraph"]
    assert [p.kind for p in fit_kinds(read, "subclause", None)] == ["subparagraph"]


def test_unreadable_new_text_is_refused_when_the_instrument_is_read_naming_the_operation() -> None:
    bad = op("insert", "6.3(h)", new="(i) guinea fowl;\n   (j) odd indent", position="after")
    assert bad.provisions is None and bad.unreadable is not None
    law = Law(meta=LawMeta(id="x/a", title="Amendment", local_government="Shire of X", kind="amending"))
    text = render_instrument(Instrument(law=law, operations=(op("delete", "6.3(g)"), bad)))
    with pytest.raises(FormatError, match=r"a\.txt.*operation 2: cl\. 9: 6\.3\(h\): its new text cannot be read .*indentation"):
        parse_instrument(text, path="amendments/x/a.txt")
    # an operation made by hand and applied directly is refused the same way
    with pytest.raises(ApplyRefused, match=r"its new text cannot be read .*correct the new text in the instrument file"):
        apply_operation(BODY, bad)
    with pytest.raises(ApplyRefused, match="carries no new text"):
        apply_operation(BODY, op("substitute", "6.3(g)", new=""))


_PARTED = (
    P(
        "part",
        num="2",
        heading="Dogs",
        children=(
            P("text", text="In this Part—", children=(P("definition", term="dog", text="dog means a dog;"),)),
            P("clause", num="2.1", heading="Keeping", text="A person shall not keep a dog."),
        ),
    ),
)


def test_a_place_the_citation_does_not_show_takes_definitions_and_refuses_anything_else() -> None:
    """'Part 2 “dog”' reads as a provision of the part, but the law prints the definition under a line of text in it:
    a definition reads the same in either place and is put in; other new provisions are refused, saying why."""
    made = op("substitute", "Part 2 “dog”", new="**dog** means a canine;\n  (a) of any breed.")
    assert not made.nested
    body, [where] = apply_operation(_PARTED, made)
    assert where == (0, 0, 0)
    assert body[0].children[0].children == parse_fragment(made.new or "", "text")
    with pytest.raises(ApplyRefused, match=r"read as going in the law's body or a part.*but the law puts it inside a text"):
        apply_operation(_PARTED, op("substitute", "Part 2 “dog”", new="**dog** means a canine;\n(a) of any breed."))
