"""Fidelity: no word of a seed law is lost or added on import.

For each seed, the words of the source are compared (a word-level diff) with the words of every
instrument rendered from it. Every word missing from the rendering must be gazette furniture of a
kind named in tests/fixtures/fidelity/expected.yml (page headers, the special-gazette cover, the
contents pages, a table heading repeated at a page break, a label added by the scraper), and the
rendering must add no word except a label or heading the importer supplied where the source lost it
(each quoted in a "supplied:" note of the law, lawhistory/reading/importers/repair.py). Run with ``-s`` to see the per-law report.
"""

from __future__ import annotations

import difflib
import json
import re

import pytest
import yaml

from lawhistory.files.textformat import render_body
from lawhistory.reading.importers import ImportOptions, read_source
from lawhistory.reading.importers.repair import supplied_words
from tests.conftest import ROOT, SEEDS
from tests.helpers import unsupplied

EXPECTED = yaml.safe_load((ROOT / "tests/fixtures/fidelity/expected.yml").read_text(encoding="utf-8"))

PAGE_HEADER = re.compile(r"(?:\d{1,2} \w+ \d{4} GOVERNMENT GAZETTE, WA \d+|\d+ ?GOVERNMENT GAZETTE, WA \d{1,2} \w+ \d{4})")
COVER = re.compile(r"^!\d{7}GG! \d+ ISSN .* PRINT POST APPROVED .*GOVERNMENT PRINTER\b.*$")
CONTENTS = re.compile(r"^(?:[A-Z0-9 ,]*LOCAL LAW \d{4} )?CONTENTS (?:PART|Division|\d+\.\d+) .*$")
TABLE_HEADING = re.compile(
    r"^(?:Prescribed Offences )?Item(?: No\.?)? Clause (?:Nature of Offence|Description) Modified Penalty(?: \$)?$"
)
LABEL = re.compile(r"^Cat Amendment Local Law 2020$")


def classify(span: str) -> dict[str, int] | None:
    """The kinds of furniture in a span of source words missing from the rendering, or None if it is not all furniture."""
    kinds: dict[str, int] = {}
    headers = PAGE_HEADER.findall(span)
    if headers:
        kinds["page header"] = sum(len(words(h)) for h in headers)
    rest = " ".join(words(PAGE_HEADER.sub(" ", span)))
    if not rest:
        return kinds
    at = rest.find("CONTENTS")
    cover, contents = (rest, "") if at < 0 else (rest[:at], rest[at:])
    if contents:
        title = re.search(r"(?:[A-Z0-9,]+ )*LOCAL LAW \d{4} $", cover)
        if title:
            cover, contents = cover[: title.start()], title.group(0) + contents
        if not CONTENTS.match(contents):
            return None
        kinds["contents page"] = len(words(contents))
    cover = cover.strip()
    if not cover:
        return kinds
    for kind, rx in (("gazette cover", COVER), ("repeated table heading", TABLE_HEADING), ("scraper label", LABEL)):
        if rx.match(cover):
            kinds[kind] = len(words(cover))
            return kinds
    return None


def words(text: str) -> list[str]:
    return [w for w in re.split(r"[\s—–]+", text) if w]


def source_text(seed: str) -> str:
    raw = (SEEDS / seed).read_text(encoding="utf-8")
    if raw.lstrip().startswith("{"):
        sections = sorted(json.loads(raw)["sections"], key=lambda s: s["sortOrder"])
        return "\n".join(s["content"] for s in sections)
    return raw.replace("\n---\n", "\n")  # a scraper's separator line, not gazette text


def rendered_words(body_text: str) -> list[str]:
    out: list[str] = []
    for line in body_text.split("\n"):
        line = line.strip()
        if not line or re.fullmatch(r"\|(?:---\|)+|—+", line):
            continue
        line = line.removeprefix("\\")
        line = re.sub(r"^\*\*(.+?)\*\*", r"\1", line)
        if line.startswith("| ") and line.endswith(" |"):
            line = " ".join(c.replace("\\|", "|") for c in re.split(r"(?<!\\) \| ", line[2:-2]))
        out += words(line)
    return out


SEED_FILES = [
    "000_c02ce5ed28c02fbc.txt",
    "001_7c32cc955d86c832.txt",
    "002_addf94c1d46598d9.txt",
    "003_9692f55efac41e9f.txt",
    "004_34274a89b0432fb1.txt",
]


@pytest.mark.parametrize("seed", SEED_FILES)
def test_no_word_is_lost_or_added(seed: str) -> None:
    imported = read_source((SEEDS / seed).read_bytes(), ImportOptions(title="Excerpt", local_government="Shire of X"), seed)
    rendered: list[str] = []
    supplied: list[str] = []
    for law in imported.laws:
        rendered += rendered_words(render_body(law.body, law.conclusions))
        supplied += [w for quoted in supplied_words(law.meta.notes) for w in words(quoted)]
    source = words(source_text(seed))
    matcher = difflib.SequenceMatcher(None, source, rendered, autojunk=False)
    removed: dict[str, int] = {}
    added: list[str] = []
    unexplained: list[str] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        if j2 > j1:
            # A label or heading the source lost and the importer put back is added on purpose: only words that a
            # "supplied:" note of the law quotes may be added, each as often as the notes quote it.
            extra = unsupplied(rendered[j1:j2], supplied)
            if extra:
                added.append(extra)
        if i2 > i1:
            span = " ".join(source[i1:i2])
            kinds = classify(span)
            if kinds is None:
                unexplained.append(span)
            else:
                for kind, n in kinds.items():
                    removed[kind] = removed.get(kind, 0) + n
    titles = ", ".join(law.meta.title for law in imported.laws)
    print(f"\n{seed} ({titles}): {len(source)} source words, {len(rendered)} rendered, furniture removed {removed}")
    assert added == [], f"words added by the rendering: {added[:5]}"
    assert unexplained == [], f"words lost that are not furniture: {[u[:120] for u in unexplained[:5]]}"
    assert removed == EXPECTED[seed]
