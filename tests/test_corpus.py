"""The synthetic statewide corpus is realistic: sized like real laws, worded like WA instruments, and it all applies."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.corpus import NOTE, Scale, generate
from lawhistory.amending.instructions import parse_unit, units
from lawhistory.amending.timeline import build_timeline
from lawhistory.files.repo import Repository

pytestmark = pytest.mark.slow  # long: `pytest -m "not slow"` leaves it out of the quick local loop


def test_a_small_corpus_is_synthetic_sized_and_worded_like_real_instruments_and_applies(tmp_path: Path) -> None:
    laws, instruments = generate(tmp_path / "corpus", Scale(councils=2, laws=6, instruments=40), seed=3)
    assert laws == 6 and instruments >= 30
    repo = Repository(tmp_path / "corpus")
    all_laws = repo.load_laws()
    insts = repo.load_instruments()
    for law in all_laws:
        size = repo.law_path(law.meta.id).stat().st_size
        assert 40_000 <= size <= 200_000, (law.meta.id, size)
        assert NOTE in law.meta.notes
    actions = set()
    for inst in insts:
        assert NOTE in inst.law.meta.notes
        if inst.law.meta.kind == "repeal":
            continue
        reparsed = [op for unit in units(inst.law) for op in parse_unit(unit)]
        assert [(o.action, o.target, o.words, o.new, o.position) for o in reparsed] == [
            (o.action, o.target, o.words, o.new, o.position) for o in inst.operations
        ], inst.id
        numbers = sorted({int(o.clause) for o in inst.operations})
        assert numbers == list(range(4, 4 + len(numbers))), (inst.id, numbers)  # numbered without gaps, as printed
        actions |= {o.action for o in inst.operations}
    assert actions >= {
        "delete",
        "insert",
        "insert_definition",
        "substitute_heading",
        "substitute_text",
        "substitute_words",
        "insert_words",
        "delete_words",
    }
    for law in all_laws:
        tl = build_timeline(law, insts)
        assert tl.waiting == (), tl.waiting
        assert len(tl.versions) >= 2
