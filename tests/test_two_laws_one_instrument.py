"""One instrument amending two laws, one in each Part ("This Part amends …"): each law is given the operations of its
Part, both laws' histories show the instrument, and the operations table says which law each operation changed
(case tests/fixtures/real/instruments/62-toodyay-two-laws-nested-quotes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.real_cases import CASES
from lawhistory.amending.amend import amend
from lawhistory.core.versions import own_operations
from lawhistory.deriving.build import build
from lawhistory.files.instrument_file import parse_instrument, render_instrument
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse

from .conftest_publish import query

CASE = CASES / "62-toodyay-two-laws-nested-quotes"
FIRE_BREAK = "toodyay/fire-break-local-law-2008"
BUSH_FIRE = "toodyay/bush-fire-local-law-2012"


def _repo(tmp_path: Path, principals: tuple[str, ...] = ("principal.txt", "principal-2.txt")) -> Repository:
    repo = Repository.init(tmp_path / "repo")
    for name in principals:
        text = (CASE / name).read_text(encoding="utf-8")
        repo.write_text(repo.law_path(parse(text).meta.id), text)
    return repo


def test_each_law_gets_the_operations_of_its_part_and_both_histories_show_the_instrument(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    outcomes, _ = amend(repo, CASE / "instrument.txt")
    assert [(o.law_id, o.status) for o in outcomes] == [(FIRE_BREAK, "applied"), (BUSH_FIRE, "applied")]
    inst = outcomes[0].instrument
    meta = inst.law.meta
    assert meta.amends is not None and meta.amends.clauses == ("3", "4")
    assert [r.clauses for r in meta.also_amends] == [("5", "6", "7")]
    # the stored instrument keeps both laws and their clauses
    stored = parse_instrument(render_instrument(inst))
    assert stored.law.meta.also_amends == meta.also_amends and stored.law.meta.amends == meta.amends
    laws = {law.meta.id: law for law in repo.load_laws()}
    assert own_operations(inst, laws[FIRE_BREAK]) == (1,)
    assert own_operations(inst, laws[BUSH_FIRE]) == (2, 3, 4, 5, 6)

    build(repo)
    db = repo.db_dir / "lawhistory.db"
    versions = query(db, "select law, number, instrument from versions where number > 0 order by law")
    assert [(v["law"], v["number"], v["instrument"]) for v in versions] == [
        (BUSH_FIRE, 1, inst.id),
        (FIRE_BREAK, 1, inst.id),
    ]
    ops = query(db, "select seq, law, clause, outcome from operations where instrument = ? order by seq", [inst.id])
    assert [(o["law"], o["clause"], o["outcome"]) for o in ops] == [
        (FIRE_BREAK, "4", "applied"),
        (BUSH_FIRE, "6(a)", "applied"),
        (BUSH_FIRE, "6(b)", "applied"),
        (BUSH_FIRE, "7(1)(a)", "applied"),
        (BUSH_FIRE, "7(1)(b)", "applied"),
        (BUSH_FIRE, "7(2)", "applied"),
    ]


@pytest.mark.parametrize(("present", "law", "missing"), [("principal.txt", FIRE_BREAK, "Bush Fire Local Law 2012")])
def test_a_part_whose_law_is_not_in_the_repository_waits_for_it(tmp_path: Path, present: str, law: str, missing: str) -> None:
    repo = _repo(tmp_path, (present,))
    outcomes, _ = amend(repo, CASE / "instrument.txt")
    assert [(o.law_id, o.status) for o in outcomes] == [(law, "applied"), (None, "pending")]
    assert missing in (outcomes[1].reason or "")


def test_an_instruction_in_no_part_that_names_a_law_is_refused(tmp_path: Path) -> None:
    from dataclasses import replace

    from lawhistory.amending.amend import InstrumentRefused, check_all, read_instruments

    repo = _repo(tmp_path)
    (inst,), _ = read_instruments(repo, CASE / "instrument.txt", None)
    meta = inst.law.meta
    assert meta.amends is not None
    # clause 4 in no Part that names a law: it would be applied to neither law
    stray = replace(inst, law=replace(inst.law, meta=replace(meta, amends=replace(meta.amends, clauses=("3",)))))
    with pytest.raises(InstrumentRefused, match=r"cl\. 4: .*in no Part that names the law"):
        check_all(repo, stray, list(repo.load_laws()), [])
