"""The second review of stop 35: wrong law in the day's new readings, now refused (issue 20).

Each fixture (tests/fixtures/review35/, synthetic; its README says what each once did) is run as ``lawhistory amend``
runs it (``benchmarks.real_cases.run_case``): each was applied with wrong law and exit 0 before its fix and is now
refused, naming the words. ``u1`` (three clauses naming laws A, B, A) was kept pending as if its laws were missing;
each law now gets its own clauses. Each test fails on the engine before the fix.
"""

from __future__ import annotations

import datetime as dt
import tempfile
from pathlib import Path

import pytest

from benchmarks.real_cases import run_case
from lawhistory.amending.amend import amend
from lawhistory.amending.timeline import build_timeline
from lawhistory.core.versions import in_force
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse

CASES = Path(__file__).parent / "fixtures" / "review35"
#: (review4) once refused, now read whole: "This local law, other than clause 5, comes into operation 14 days after … .
#: Clause 5 comes into operation on 1 July 2020." is split_commencement.lark's ``except_within``, read over the
#: instrument's clauses (test_a_clause_excepted_from_the_law_s_day_applies_on_its_own_day)
READ_WHOLE = ("c17-no-subclauses",)
REFUSED = sorted(p.name for p in CASES.iterdir() if (p / "expected.yml").is_file() and p.name not in READ_WHOLE)


@pytest.mark.parametrize("name", REFUSED)
def test_a_reading_that_gave_wrong_law_is_refused_naming_the_words(name: str) -> None:
    result = run_case(CASES / name)
    assert (result.verdict, result.problems) == ("refused_true", []), result.message


def test_a_clause_excepted_from_the_law_s_day_applies_on_its_own_day() -> None:
    folder = CASES / "c17-no-subclauses"
    with tempfile.TemporaryDirectory() as tmp:
        repo = Repository.init(Path(tmp) / "repo")
        text = (folder / "principal.txt").read_text(encoding="utf-8")
        repo.write_text(repo.law_path(parse(text).meta.id), text)
        outcomes, _ = amend(repo, folder / "instrument.txt")
        when = outcomes[-1].instrument.law.meta.commencement
        assert when.rule == "by_clause" and when.date == dt.date(2020, 5, 8)
        assert when.day_of("5") == dt.date(2020, 7, 1) and when.day_of("4") in (None, dt.date(2020, 5, 8))
        (law,) = repo.load_laws()
        timeline = build_timeline(law, repo.load_instruments())
        for day, held in ((dt.date(2020, 6, 30), True), (dt.date(2020, 7, 1), False)):
            version = in_force(timeline, day)[1]
            assert version is not None and ("3.2" in _clauses(version.body)) is held


def _clauses(body: tuple) -> set[str]:  # type: ignore[type-arg]
    out: set[str] = set()
    for p in body:
        if p.kind == "clause" and p.num:
            out.add(p.num)
        out |= _clauses(p.children)
    return out


def test_clauses_naming_two_laws_one_of_them_twice_give_each_law_its_own_clauses() -> None:
    folder = CASES / "u1-clauses-name-laws-A-B-A"
    with tempfile.TemporaryDirectory() as tmp:
        repo = Repository.init(Path(tmp) / "repo")
        ids = []
        for name in ("principal.txt", "principal-2.txt"):
            text = (folder / name).read_text(encoding="utf-8")
            ids.append(parse(text).meta.id)
            repo.write_text(repo.law_path(ids[-1]), text)
        outcomes, _ = amend(repo, folder / "instrument.txt")
        assert sorted(o.status for o in outcomes) == ["applied", "applied"]
        when = outcomes[0].instrument.law.meta.commencement.date
        laws = {law.meta.id: law for law in repo.load_laws()}
        before = {
            i: _clauses(parse((folder / n).read_text(encoding="utf-8")).body)
            for i, n in zip(ids, ("principal.txt", "principal-2.txt"), strict=True)
        }
        after = {}
        for i in ids:
            _, version = in_force(build_timeline(laws[i], repo.load_instruments()), when)
            assert version is not None
            after[i] = _clauses(version.body)
        # law A (property) loses 6.2 and 6.3 (clauses 3 and 5); law B (trading) loses its 6.2 (clause 4)
        assert before[ids[0]] - after[ids[0]] == {"6.2", "6.3"}
        assert before[ids[1]] - after[ids[1]] == {"6.2"}


def test_a_provision_repealed_as_if_it_were_a_law_is_refused() -> None:
    from lawhistory.amending.instructions import parse_unit
    from lawhistory.amending.parts import InstructionNotUnderstood, Unit

    text = (
        "By-law 3 of the Shire of Dumbleyung By-laws Relating to the Control of Refuse on Building Sites published in "
        "the Government Gazette on 15 May 1987 is repealed."
    )
    with pytest.raises(InstructionNotUnderstood, match="it repeals a provision of a law"):
        parse_unit(Unit("4", text, None))
    whole = text.replace("By-law 3 of the Shire", "The Shire")
    assert [o.target for o in parse_unit(Unit("4", whole, None))] == [
        "Shire of Dumbleyung By-laws Relating to the Control of Refuse on Building Sites"
    ]
