"""The structured text format: exact round trips for every file, and clear errors for bad files."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from pathlib import Path

import pytest

from lawhistory.core.errors import FormatError
from lawhistory.core.model import HandReading, Law, LawMeta, Refusal
from lawhistory.core.model import Provision as P
from lawhistory.files.instrument_file import parse_instrument, render_instrument
from lawhistory.files.textformat import parse, parse_body, parse_fragment, render, render_body, render_fragment
from tests.conftest import ROOT

FILES = sorted((ROOT / "laws").glob("*/*.txt")) + sorted((ROOT / "amendments").glob("*/*.txt"))


def test_the_repository_has_the_bundled_files() -> None:
    names = {f.relative_to(ROOT).as_posix() for f in FILES}
    assert "laws/kellerberrin/animals-environment-and-nuisance-local-law-2019.txt" in names
    assert "amendments/gosnells/standing-orders-amendment-local-law-2020.txt" in names
    assert len(FILES) == 5


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_file_round_trips_byte_for_byte(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    if path.parts[-3] == "amendments":
        inst = parse_instrument(text)
        assert render_instrument(inst) == text
        assert parse_instrument(render_instrument(inst)) == inst
    else:
        law = parse(text)
        assert render(law) == text
        assert parse(render(law)) == law


def _law(*body: P, conclusions: tuple[P, ...] = ()) -> Law:
    return Law(meta=LawMeta(id="x/y", title="T", local_government="Shire of X"), body=body, conclusions=conclusions)


def test_text_that_looks_like_a_label_is_escaped_and_read_back_as_text() -> None:
    law = _law(
        P("text", text="(c) an orphan paragraph from an excerpt"),
        P("text", text="1.8 metres of any house."),
        P("text", text="**not a definition**"),
        P("text", text="| not a row |"),
        P("text", text="————"),
        P("clause", num="1.3", text="(a) starts like a label"),
        conclusions=(P("text", text="PART 9—NOT A PART"),),
    )
    text = render(law)
    assert "\\(c) an orphan" in text and "\\1.8 metres" in text
    assert parse(text) == law
    assert render(parse(text)) == text


def test_hierarchy_is_explicit_by_indentation() -> None:
    body = render_body(
        (
            P(
                "clause",
                num="2.8",
                heading="Pigeons",
                text="Intro—",
                children=(
                    P(
                        "subclause",
                        num="(1)",
                        text="A person—",
                        children=(P("paragraph", num="(a)", text="x;", children=(P("subparagraph", num="(i)", text="y"),)),),
                    ),
                    P("text", text="closing words."),
                ),
            ),
        )
    )
    assert body == "2.8 Pigeons\n  Intro—\n  (1) A person—\n    (a) x;\n      (i) y\n  closing words.\n"
    assert parse_body(body)[0][0].children[1].kind == "text"


def test_fragments_take_their_kinds_from_the_parent_they_join() -> None:
    new = render_fragment((P("subclause", num="(7A)", text="New words."),))
    assert new == "(7A) New words."
    assert parse_fragment(new, "clause")[0].kind == "subclause"
    assert parse_fragment("(g) more;", "subclause")[0].kind == "paragraph"
    assert parse_fragment("(iv) deeper;", "paragraph")[0].kind == "subparagraph"
    assert parse_fragment("**cat** means a cat;", "subclause")[0].term == "cat"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("no front matter\n", "starts with a '---' line"),
        ("---\nid: x/y\n", "not closed"),
        ("---\nid: [unclosed\n---\n", "not valid YAML"),
        ("---\ntitle: T\nlocal_government: L\n---\n", "lacks 'id'"),
        ("---\nid: x/y\ntitle: T\nlocal_government: L\nmade: 17 Dec\n---\n", "must be a date"),
        ("---\nid: x/y\ntitle: T\nlocal_government: L\n---\n\n1.1 A\n   odd indent\n", "multiple of 2"),
        ("---\nid: x/y\ntitle: T\nlocal_government: L\n---\n\n1.1 A\n      too deep\n", "deeper"),
    ],
)
def test_bad_files_are_refused_with_the_line_and_the_fix(text: str, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        parse(text, path="laws/x/y.txt")


def test_an_amendments_file_must_be_an_instrument() -> None:
    text = (ROOT / "laws/kulin/health-local-law-2016.txt").read_text(encoding="utf-8")
    with pytest.raises(FormatError, match="kind amending or repeal"):
        parse_instrument(text)


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("gazette: 2020-02-26", "'gazette' must be a mapping"),
        ("commencement: [1]", "'commencement' must be a mapping"),
        ("earlier_amendments: 5", "'earlier_amendments' must be a list"),
        ("repeals: 5", "'repeals' must be a list"),
        ("notes: 5", "'notes' must be a list"),
        ("commencement: {days: fourteen}", "'commencement.days' must be a whole number"),
        ("made: 2020-02-30", "not valid YAML"),
        ("partial: maybe", "'partial' must be true or false"),
        ("title: [a, b]", "'title' must be text"),
    ],
)
def test_front_matter_fields_of_the_wrong_shape_are_named(field: str, message: str) -> None:
    text = f"---\nid: x/y\ntitle: T\nlocal_government: L\n{field}\n---\n"
    with pytest.raises(FormatError, match=message):
        parse(text, path="laws/x/y.txt")


def test_characters_yaml_reads_as_line_breaks_survive_in_front_matter() -> None:
    law = _law(P("text", text="x"))
    from dataclasses import replace

    law = replace(law, meta=replace(law.meta, title="A\x85B\u2028C"))
    assert parse(render(law)).meta.title == "A\x85B\u2028C"


def test_table_cells_with_bars_and_trailing_backslashes_round_trip() -> None:
    law = _law(
        P("schedule", num="1", cells=("A", "B"), children=(P("item", cells=("C:\\", "b")), P("item", cells=("x | y", "\\|"))))
    )
    assert parse(render(law)) == law


_INSTRUMENT = ROOT / "amendments/gosnells/standing-orders-amendment-local-law-2020.txt"


def test_an_instruments_refusal_and_reading_by_hand_round_trip() -> None:
    inst = parse_instrument(_INSTRUMENT.read_text(encoding="utf-8"))
    marked = replace(
        inst, refused=Refusal("clause 3 cannot be read", dt.date(2026, 1, 2)), by_hand=HandReading("A", dt.date(2026, 1, 3))
    )
    again = parse_instrument(render_instrument(marked))
    assert (again.refused, again.by_hand) == (marked.refused, marked.by_hand)


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("not_applied: {reason: clause 3 cannot be read}", "'not_applied' needs a reason and the date it was recorded"),
        ("not_applied: {recorded: 2026-01-02}", "'not_applied' needs a reason and the date it was recorded"),
        ("reading: {by: A}", r"'reading' needs who supplied it \('by'\) and when \('on'\)"),
        ("reading: {on: 2026-01-03}", r"'reading' needs who supplied it \('by'\) and when \('on'\)"),
    ],
)
def test_an_instruments_refusal_or_reading_by_hand_without_its_words_or_day_is_refused(field: str, message: str) -> None:
    text = _INSTRUMENT.read_text(encoding="utf-8").replace("---\n", f"---\n{field}\n", 1)
    with pytest.raises(FormatError, match=message):
        parse_instrument(text, path="amendments/x/y.txt")
