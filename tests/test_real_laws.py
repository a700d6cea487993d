"""A corpus modelled on real WA principal local laws and by-laws: each imports faithfully.

Every ``tests/fixtures/real/laws/NN-*.txt`` is an invented text laid out like a real gazetted law
(SOURCES-*.md beside them name the law each one follows); ``NN-*.yml`` holds expectations written
by hand. For each case the law is imported with its ``import_options`` and then checked for its
title, council, commencement, every provision's citation in document order, headings,
definitions, tables, the import notes it must carry, and fidelity: no word lost or added besides
the page furniture the expectations list (and the contents page). ``-s`` prints the figures.
"""

from __future__ import annotations

import datetime as dt
import difflib
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from lawhistory.core.ids import ORDINALS, addresses
from lawhistory.core.model import Law
from lawhistory.files.textformat import parse, render, render_body
from lawhistory.reading.importers import ImportOptions, read_source
from lawhistory.reading.importers.repair import supplied_words
from tests.conftest import ROOT
from tests.helpers import unsupplied
from tests.test_fidelity import rendered_words
from tests.test_fidelity import words as fidelity_words

CORPUS = ROOT / "tests" / "fixtures" / "real" / "laws"
CASES = sorted(CORPUS.glob("*.yml"))
LABEL = re.compile(r"^MODELLED TEST FIXTURE\b.*$", re.M)


def _expect(case: Path) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(case.read_text(encoding="utf-8"))
    return data


def _options(expect: dict[str, Any], source: str) -> ImportOptions:
    opts = dict(expect.get("import_options") or {})
    gazette_date = opts.pop("gazette_date", None)
    if isinstance(gazette_date, str):
        gazette_date = dt.date.fromisoformat(gazette_date)
    return ImportOptions(
        gazette_date=gazette_date,
        title=opts.pop("title", None),
        local_government=opts.pop("local_government", None),
        source=source,
    )


def _import(case: Path) -> tuple[dict[str, Any], Law]:
    expect = _expect(case)
    text = case.with_suffix(".txt")
    imported = read_source(text.read_bytes(), _options(expect, text.name), text.name)
    principals = [law for law in imported.laws if law.meta.kind == "principal"]
    if len(principals) > 1:  # a gazette that prints two laws: the case is about the one it names
        principals = [law for law in principals if law.meta.title == expect["title"]]
    assert len(principals) == 1, [law.meta.title for law in imported.laws]
    _ALL[case.stem] = imported.laws
    return expect, principals[0]


#: Every instrument each case's gazette text holds (the fidelity test renders them all, as tests/test_fidelity.py does).
_ALL: dict[str, tuple[Law, ...]] = {}

# What the importer cannot read yet, case by case, and why: each is an expected failure (strict: when the importer
# learns to read it, the test fails until the entry is removed). Keys: title, provisions, structure, notes, fidelity.
KNOWN: dict[str, dict[str, str]] = {
    "23-kulin-health": dict.fromkeys(
        ("provisions", "structure"),
        "Schedule 1's one column heading ('Buffer Distance', over an unnamed first column) is kept as a line of text; "
        "Schedule 2's column headings printed a word a line cannot be grouped into its five columns from the text "
        "alone: kept as a readable block of six lines, with a note",
    ),
    "60-port-hedland-public-places-property": dict.fromkeys(
        ("provisions", "structure"),
        "Schedule 2's rows of words in three columns (item, property, activity) cannot be split into cells from the text "
        "(kept as text, with a note)",
    ),
}


def _cases(test: str) -> list[Any]:
    """The cases, each marked as an expected failure where KNOWN says this test cannot pass yet."""
    out = []
    for case in CASES:
        reason = KNOWN.get(case.stem, {}).get(test)
        marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
        out.append(pytest.param(case, id=case.stem, marks=marks))
    return out


def words(text: str) -> list[str]:
    """Words as tests/test_fidelity.py counts them, with two differences of print that are not words: a spaced
    hyphen used as a dash ("PART 1 - PRELIMINARY", "PART 1.-.PRELIMINARY") and the case of a Part's or Schedule's label ("Part 1" is rendered
    "PART 1", "SCHEDULE 1" "Schedule 1", a bare "SCHEDULE" "Schedule 1": the number supplied, with a note)."""
    # A clause label glued to its heading ("1.1Citation") is two words the importer reads apart.
    text = re.sub(r"(?m)^(\s*\d+(?:\.\d+)+[A-Z]?)(?=[A-Z][a-z])", r"\1 ", text)
    # So is a paragraph label printed with a closing bracket only and glued to its words ("a)the charges").
    text = re.sub(r"(?m)^(\s*[a-z]{1,3}\))(?=[a-z])", r"\1 ", text)
    # And a subclause or paragraph label glued to its words ("(1)In this local law—", "(a)liquid refuse;").
    text = re.sub(r"(?m)^(\s*\((?:\d+[A-Z]?|[a-z]{1,3})\))(?=[A-Za-z])", r"\1 ", text)
    return _normalise(fidelity_words(text.replace(".-.", " — ")))


def _normalise(tokens: list[str]) -> list[str]:
    # A rule printed with underscores ("_________") is no more a word than one printed with dashes ("————").
    out = [w for w in tokens if w not in ("-", "–") and not re.fullmatch(r"_{3,}", w)]
    # A Part's roman numeral printed with a full stop ("PART I.—PRELIMINARY.") is written without it ("PART I—…").
    out = [w[:-1] if i and out[i - 1] == "PART" and re.fullmatch(r"[IVX]{1,6}\.", w) else w for i, w in enumerate(out)]
    label = {"Part": "PART", "SCHEDULE": "Schedule"}
    # "SCHEDULE" printed alone (a law's only schedule, read as Schedule 1) is rendered "Schedule" too, and so is the
    # ordinal word of a named schedule ("FIRST SCHEDULE" is rendered "First Schedule").
    ordinal = {o.upper(): o for o in ORDINALS}
    return [
        label.get(w, w)
        if (i + 1 < len(out) and out[i + 1][:1].isdigit()) or w == "SCHEDULE"
        else ordinal[w]
        if w in ordinal and i + 1 < len(out) and out[i + 1] in ("SCHEDULE", "Schedule")
        else w
        for i, w in enumerate(out)
    ]


@pytest.fixture(scope="module")
def imported() -> dict[str, tuple[dict[str, Any], Law]]:
    return {}


def _get(cache: dict[str, tuple[dict[str, Any], Law]], case: Path) -> tuple[dict[str, Any], Law]:
    if case.stem not in cache:
        cache[case.stem] = _import(case)
    return cache[case.stem]


def _body_citations(law: Law) -> list[str]:
    """Citations of the body's provisions, leaving out top-level free text (title block, enacting words)."""
    out = []
    for a in addresses(law.body):
        if a.provision.kind == "text" and a.parent is None:
            continue
        out.append(a.citation)
    return out


@pytest.mark.parametrize("case", _cases("title"))
def test_title_council_and_commencement(case: Path, imported: dict[str, tuple[dict[str, Any], Law]]) -> None:
    expect, law = _get(imported, case)
    assert law.meta.title == expect["title"]
    assert law.meta.local_government == expect["local_government"]
    commencement = expect.get("commencement") or {}
    if "rule" in commencement:
        assert law.meta.commencement.rule == commencement["rule"]
    if commencement.get("days") is not None:
        assert law.meta.commencement.days == commencement["days"]
    gazette_date = expect.get("gazette_date") or (expect.get("gazette") or {}).get("date")
    if gazette_date is not None:
        assert str(law.meta.gazette.date) == str(gazette_date)


@pytest.mark.parametrize("case", _cases("provisions"))
def test_every_provision_in_document_order(case: Path, imported: dict[str, tuple[dict[str, Any], Law]]) -> None:
    expect, law = _get(imported, case)
    got = _body_citations(law)
    want = list(expect["provisions"])
    # A schedule that prints a form: how its lines group into free text is left open, but none is a clause or a row.
    for form in expect.get("form_schedules") or []:
        inside = [a for a in addresses(law.body) if a.citation.startswith(form + " ")]
        assert all(a.provision.kind == "text" for a in inside), form
        got = [c for c in got if not c.startswith(form + " ")]
        want = [c for c in want if not c.startswith(form + " ")]
    if got != want:
        diff = "\n".join(difflib.unified_diff(want, got, "expected", "imported", lineterm="", n=1))
        pytest.fail(f"provisions differ:\n{diff}")


@pytest.mark.parametrize("case", _cases("structure"))
def test_headings_definitions_tables_and_texts(case: Path, imported: dict[str, tuple[dict[str, Any], Law]]) -> None:
    expect, law = _get(imported, case)
    cites = {a.citation: a for a in addresses(law.body)}
    for citation, heading in (expect.get("headings") or {}).items():
        assert citation in cites, f"{citation} not found"
        assert cites[citation].provision.heading == heading, citation
    for holder, terms in (expect.get("definitions") or {}).items():
        got = [a.provision.term for a in addresses(law.body) if a.parent == holder and a.provision.kind == "definition"]
        assert got == terms, holder
    for citation, table in (expect.get("tables") or {}).items():
        schedule = cites[citation].provision
        rows = [c for c in schedule.children if c.kind == "item" and c.cells]
        if "columns" in table:
            assert list(schedule.cells) == table["columns"], citation
        assert len(rows) == table["rows"], citation
        assert list(rows[0].cells) == table["first"], citation
        assert list(rows[-1].cells) == table["last"], citation
    for citation, text in (expect.get("texts") or {}).items():
        assert citation in cites, f"{citation} not found"
        assert cites[citation].provision.text == text, citation


@pytest.mark.parametrize("case", _cases("notes"))
def test_notes_name_what_could_not_be_read(case: Path, imported: dict[str, tuple[dict[str, Any], Law]]) -> None:
    expect, law = _get(imported, case)
    notes = " | ".join(law.meta.notes)
    for phrase in expect.get("notes_expected") or []:
        assert phrase in notes, f"no note says {phrase!r}: {notes}"


def _furniture_free_source(case: Path, expect: dict[str, Any], law: Law) -> tuple[list[str], int]:
    """The source's words without the fixture label and the listed furniture (and the contents page)."""
    text = LABEL.sub(" ", case.with_suffix(".txt").read_text(encoding="utf-8"))
    for item in expect.get("furniture") or []:
        assert item in text, f"furniture {item!r} is not in the text"
    removed = 0
    contents = expect.get("contents")
    if isinstance(contents, dict) and not any(ln.strip() == contents["first"] for ln in text.split("\n")):
        # a copy that runs each page together: the contents page is the run of words from its first to its last entry
        start = text.index(contents["first"])
        end = text.index(contents["last"], start) + len(contents["last"])
        after_header = max((m.end() for m in re.finditer(r"GAZETTE, W\.?A\.?(?: \d+)? |\n", text[:start])), default=0)
        title = re.search(r"(?:[A-Z0-9’',()&—–\-]+ )*(?:LOCAL LAWS?|BY-?LAWS?)(?: \d{4})? $", text[after_header:start])
        if title:  # the title block printed over the contents page is part of that page
            start = after_header + title.start()
        removed += len(words(text[start:end]))
        text = text[:start] + " " + text[end:]
    elif isinstance(contents, dict):
        lines = text.split("\n")
        first = next(i for i, ln in enumerate(lines) if ln.strip() == contents["first"])
        items = [[ln.strip() for ln in item.strip().split("\n")] for item in expect.get("furniture") or []]

        def ends_furniture(i: int) -> bool:  # a page header (or a cover) ends on line i: furniture of its own
            return any(i + 1 >= len(it) and [ln.strip() for ln in lines[i + 1 - len(it) : i + 1]] == it for it in items)

        while (
            first > 0
            and re.fullmatch(r"[A-Z0-9][A-Z0-9 ,’'()&—–\-]*", lines[first - 1].strip())
            and not ends_furniture(first - 1)
        ):
            first -= 1  # the title block printed over the contents page is part of that page
        last = next(i for i in range(first, len(lines)) if lines[i].strip() == contents["last"])
        removed += len(words(" ".join(lines[first : last + 1])))
        text = "\n".join(lines[:first] + lines[last + 1 :])
    for item in expect.get("repeated_headings") or []:
        # a table's column headings printed again over its rows on the next page: the first printing heads the table,
        # each later one is page furniture (the importer leaves it out, with a note)
        lines = text.split("\n")
        at = [i for i, ln in enumerate(lines) if ln.strip() == item]
        assert len(at) >= 2, f"repeated heading {item!r} is not printed more than once"
        removed += (len(at) - 1) * len(words(item))
        text = "\n".join(ln for i, ln in enumerate(lines) if i not in at[1:])
    for item in sorted(expect.get("furniture") or [], key=len, reverse=True):
        lines = text.split("\n")
        whole = [ln for ln in lines if ln.strip() == item]
        if whole:  # a furniture line ("GOVERNMENT" of the cover crest) is that line, not the word wherever it occurs
            removed += len(whole) * len(words(item))
            text = "\n".join(ln for ln in lines if ln.strip() != item)
            continue
        n = text.count(item)
        removed += n * len(words(item))
        text = text.replace(item, " ")
    # A side heading printed above its section number ("Citation" / "1. These local laws …") is written after it
    # ("1. Citation"): the same words, the label first.
    headed = {(a.provision.num, a.provision.heading) for a in addresses(law.body) if a.provision.kind == "clause"}

    def side(m: re.Match[str]) -> str:
        heading, label = m.group(1), m.group(2)
        num = label.rstrip(".")
        # (a section printed without its full stop, "1 This local law …", is written "1." as every section is)
        return f"{num}{'' if '.' in num else '.'} {heading}\n" if (num, heading) in headed else m.group(0)

    text = re.sub(r"(?m)^([A-Z][^\n]{0,80}[\w).])\n(\d+(?:\.\d+)*[A-Z]?\.?) ", side, text)
    # A Part heading printed after the heading of the Part's first clause ("1. Citation" / "PART 1 - PRELIMINARY") is
    # written before it: the same words, the Part first (the importer notes each).
    firsts = {
        (a.provision.num, a.provision.children[0].num, a.provision.children[0].heading)
        for a in addresses(law.body)
        if a.provision.kind == "part" and a.provision.children and a.provision.children[0].kind == "clause"
    }

    def late(m: re.Match[str]) -> str:
        if (m.group(4), m.group(2), m.group(3)) in firsts:
            return f"{m.group(5)}\n{m.group(1)}\n"
        return m.group(0)

    text = re.sub(r"(?m)^((\d+(?:\.\d+)*)\.? ([A-Z][^\n]*))\n(?=PART (\d+))(PART [^\n]*)\n", late, text)
    # A table's sub-heading printed between its column headings and its first row ("Item Description Fee $" / "Burials")
    # is written above the column headings, which the law file puts over the first row (the importer notes each).
    for sub in re.findall(
        r"the sub-heading '([^']+)' is printed between the column headings and the first row", " ".join(law.meta.notes)
    ):
        text = re.sub(r"(?m)^(Item\b[^\n]*)\n(" + re.escape(sub) + r")\n", r"\2\n\1\n", text, count=1)
    # A Part printed as its number and heading without the word PART ("1. OPERATION AND INTERPRETATION") is written
    # "PART 1—OPERATION AND INTERPRETATION": its label loses the full stop, and the word PART is supplied (with a note).
    parts = {(a.provision.num, a.provision.heading) for a in addresses(law.body) if a.provision.kind == "part"}
    text = re.sub(
        r"(?m)^(\d+)\. ([A-Z][A-Z ,’'&\-]*[A-Z])$",
        lambda m: f"{m.group(1)} {m.group(2)}" if (m.group(1), m.group(2)) in parts else m.group(0),
        text,
    )
    return words(text), removed


@pytest.mark.parametrize("case", _cases("fidelity"))
def test_no_word_lost_or_added_besides_furniture(case: Path, imported: dict[str, tuple[dict[str, Any], Law]]) -> None:
    expect, law = _get(imported, case)
    source, furniture = _furniture_free_source(case, expect, law)
    rendered: list[str] = []
    supplied: list[str] = []
    for each in _ALL[case.stem]:
        text = render_body(each.body, each.conclusions)
        rendered += _normalise(rendered_words(re.sub(r"(?m)^(\s*)([“\"‘])\*\*(.+?)\*\*", r"\1**\2\3**", text)))
        supplied += [w for quoted in supplied_words(each.meta.notes) for w in words(quoted)]
    matcher = difflib.SequenceMatcher(None, source, rendered, autojunk=False)
    lost, added = [], []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        if i2 > i1:
            lost.append(" ".join(source[i1:i2]))
        if j2 > j1:
            extra = unsupplied(rendered[j1:j2], supplied)  # a label or heading the source lost, quoted in a note
            if extra:
                added.append(extra)
    if expect.get("contents_page") and lost:
        # The contents page is furniture: one lost run of words headed CONTENTS (or ARRANGEMENT).
        contents = [s for s in lost if re.search(r"\b(?:CONTENTS|ARRANGEMENT)\b", s)]
        if contents:
            lost.remove(contents[0])
    cites = [a for a in addresses(law.body) if a.provision.kind != "text"]
    defs = sum(a.provision.kind == "definition" for a in cites)
    print(
        f"\n{case.stem}: {len(source)} words, {len(rendered)} rendered, {furniture} furniture; {len(cites)} provisions, {defs} definitions"
    )
    assert parse(render(law)) == law, "the law file does not read back as the same law"
    assert added == [], f"words added: {[a[:100] for a in added[:5]]}"
    assert lost == [], f"words lost: {[w[:100] for w in lost[:5]]}"
