"""The first-sight ledger and its runs: counts only, recorded once, reported apart from the after-fix figures."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from benchmarks import accuracy, first_sight
from benchmarks.first_sight import LedgerError, ledger_summary, load_ledger, record
from benchmarks.real_cases import LEDGER, CaseResult, case_dirs, held_back, unseen_first_sight

SYNTHETIC = """\
# a synthetic ledger: two rounds, five cases
rounds:
  old-round: {fields: [first_run_old]}
  new-round: {fields: [first_run_old, first_run_grammar]}
cases:
  01-a: {round: old-round, first_run_old: wrong, first_run_grammar: null, fixed: exact}
  02-b: {round: old-round, first_run_old: refused_wrongly, first_run_grammar: null, fixed: null}
  03-c: {round: new-round, first_run_old: exact, first_run_grammar: exact, fixed: exact}
  04-d: {round: new-round, first_run_old: refused_true, first_run_grammar: null, fixed: null}
  05-e: {round: new-round, first_run_old: null, first_run_grammar: null, fixed: null}
"""


def _ledger(tmp_path: Path, text: str = SYNTHETIC) -> Path:
    path = tmp_path / "first-sight.yml"
    path.write_text(text, encoding="utf-8")
    return path


def _result(name: str, outcome: str, want: str) -> CaseResult:
    """A case result whose verdict follows from its outcome and what was expected (no engine run)."""
    return CaseResult(name, {"outcome": want}, outcome=outcome)


def test_the_summary_counts_each_round_and_run_and_what_is_not_run_yet(tmp_path: Path) -> None:
    figures = ledger_summary(load_ledger(_ledger(tmp_path)))
    assert set(figures) == {"old-round", "new-round"}
    assert set(figures["old-round"]) == {"first_run_old", "fixed"}  # the old round has no run on the grammar
    old = figures["old-round"]["first_run_old"]
    assert (old["cases"], old["wrong"], old["refused_wrongly"], old["exact"], old["not yet"]) == (2, 1, 1, 0, 0)
    assert figures["old-round"]["fixed"]["exact"] == 1 and figures["old-round"]["fixed"]["not yet"] == 1
    new_old = figures["new-round"]["first_run_old"]
    assert (new_old["exact"], new_old["refused_true"], new_old["not yet"]) == (1, 1, 1)
    grammar = figures["new-round"]["first_run_grammar"]
    assert (grammar["cases"], grammar["exact"], grammar["not yet"]) == (3, 1, 2)
    lines = first_sight.first_sight_lines(figures)
    assert lines[0].startswith("first sight")
    assert "  new-round first_run_grammar (3 cases): exact 1, " in "\n".join(lines)
    assert any(line.startswith("  old-round first_run_old (2 cases)") and "not yet" not in line for line in lines)


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ("  01-a: {round: old-round, first_run_old: wrong, first_run_grammar: null, fixed: exact}", None),
        ("  01-a: {round: no-such-round, first_run_old: null}", "names no known round"),
        ("  01-a: {round: old-round, first_run_old: mostly_right}", "not one of"),
    ],
)
def test_a_ledger_with_an_unknown_round_or_verdict_is_refused_naming_the_case(
    tmp_path: Path, bad: str, words: str | None
) -> None:
    text = SYNTHETIC.replace(SYNTHETIC.splitlines()[5], bad)
    if words is None:
        assert load_ledger(_ledger(tmp_path, text)).cases["01-a"]["first_run_old"] == "wrong"
        return
    with pytest.raises(LedgerError, match=words) as e:
        load_ledger(_ledger(tmp_path, text))
    assert "01-a" in str(e.value)


def test_cases_whose_first_runs_are_not_all_recorded_are_held_back_from_every_other_run(tmp_path: Path) -> None:
    # the new round is measured by two runs: 04-d (grammar not run) and 05-e (nothing run) are still unseen
    assert unseen_first_sight(_ledger(tmp_path)) == {"04-d", "05-e"}
    unseen = unseen_first_sight(LEDGER)
    seen_dirs = {d.name for d in case_dirs()}
    all_dirs = {d.name for d in case_dirs(unseen=True)}
    assert not unseen & seen_dirs  # neither the tests nor the accuracy report run an unseen case
    assert all_dirs - seen_dirs == unseen & all_dirs
    assert "01-busselton-dogs-2015" in seen_dirs  # a case of no first-sight round is never held back
    assert set(held_back()) == all_dirs - seen_dirs


def test_record_writes_each_verdict_on_its_line_and_never_runs_a_first_run_again(tmp_path: Path) -> None:
    path = _ledger(tmp_path)
    record(path, "first_run_grammar", [_result("04-d", "applied", "applied"), _result("05-e", "refused", "applied")])
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# a synthetic ledger")  # the ledger's comments stay
    cases = load_ledger(path).cases
    assert cases["04-d"]["first_run_grammar"] == "exact" and cases["05-e"]["first_run_grammar"] == "refused_wrongly"
    assert cases["04-d"]["first_run_old"] == "refused_true"  # the other runs of the line are untouched
    # a batch with one first run already recorded writes nothing at all
    with pytest.raises(LedgerError, match="03-c already has its first_run_old recorded"):
        record(path, "first_run_old", [_result("05-e", "applied", "applied"), _result("03-c", "applied", "applied")])
    assert path.read_text(encoding="utf-8") == text
    # the verdict after the fixes may be written again
    record(path, "fixed", [_result("03-c", "refused", "refused")])
    assert load_ledger(path).cases["03-c"]["fixed"] == "refused_true"
    with pytest.raises(LedgerError, match="no line for case 99-z"):
        record(path, "fixed", [_result("99-z", "applied", "applied")])


def test_a_round_measured_by_one_first_run_is_held_back_then_recorded_once(tmp_path: Path) -> None:
    # a later round (as issue-20-round-2) has a single run on the engine of the day: first_run
    text = SYNTHETIC + (
        "  06-f: {round: one-run-round, first_run: null, fixed: null}\n"
        "  07-g: {round: one-run-round, first_run: null, fixed: null}\n"
    )
    text = text.replace("cases:\n", "  one-run-round: {fields: [first_run]}\ncases:\n")
    path = _ledger(tmp_path, text)
    assert {"06-f", "07-g"} <= unseen_first_sight(path)
    figures = ledger_summary(load_ledger(path))
    assert set(figures["one-run-round"]) == {"first_run", "fixed"}
    assert figures["one-run-round"]["first_run"]["not yet"] == 2
    record(path, "first_run", [_result("06-f", "applied", "applied"), _result("07-g", "refused", "refused")])
    cases = load_ledger(path).cases
    assert cases["06-f"]["first_run"] == "exact" and cases["07-g"]["first_run"] == "refused_true"
    assert cases["06-f"]["fixed"] is None  # only the field named is written
    assert not {"06-f", "07-g"} & unseen_first_sight(path)
    with pytest.raises(LedgerError, match="06-f already has its first_run recorded"):
        record(path, "first_run", [_result("06-f", "refused", "applied")])


def test_the_real_ledger_names_every_run_it_uses_and_a_line_for_each_round_2_case() -> None:
    ledger = load_ledger(LEDGER)
    assert ledger.rounds["issue-20-round-2"] == ("first_run",)
    members = sorted(c for c, e in ledger.cases.items() if e["round"] == "issue-20-round-2")
    assert [m.split("-", 1)[0] for m in members] == [str(n) for n in range(100, 112)]
    assert {d.name for d in case_dirs(unseen=True)} >= set(members)  # each line is a case folder


def test_the_command_prints_the_counts_only_unless_asked_for_each_case(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # one real run, end to end, on a case of no first-sight round
    assert first_sight.main(["01"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and out[0].startswith("1 cases: exact ") and "busselton" not in out[0]
    assert sum(int(n) for n in out[0].split(": ", 1)[1].replace(",", "").split()[1::2]) == 1
    # --per-case and --json (the engine replaced by fixed results, to see what is printed)
    fake = {"01-busselton-dogs-2015": _result("01-busselton-dogs-2015", "applied", "applied")}
    monkeypatch.setattr(first_sight, "run_case", lambda d: fake[d.name])
    assert first_sight.main(["--per-case", "01-busselton-dogs-2015"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == ["  01-busselton-dogs-2015: exact"]
    assert first_sight.main(["--json", "tests/fixtures/real/instruments/01-busselton-dogs-2015"]) == 0
    assert json.loads(capsys.readouterr().out) == {"cases": 1, "verdicts": {v: int(v == "exact") for v in first_sight.VERDICTS}}


def test_the_command_records_into_the_ledger_without_printing_each_verdict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _ledger(
        tmp_path,
        SYNTHETIC + "  01-busselton-dogs-2015: {round: new-round, first_run_old: null, first_run_grammar: null, fixed: null}\n",
    )
    monkeypatch.setattr(first_sight, "run_case", lambda d: _result(d.name, "refused", "applied"))
    assert first_sight.main(["--record", "first_run_old", "--ledger", str(path), "01"]) == 0
    out = capsys.readouterr().out
    assert "busselton" not in out and "refused_wrongly 1" in out
    assert load_ledger(path).cases["01-busselton-dogs-2015"]["first_run_old"] == "refused_wrongly"
    assert first_sight.main(["--record", "first_run_old", "--ledger", str(path), "01"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "already has its first_run_old recorded" in err[0]


def test_an_unknown_case_or_field_is_a_usage_error_on_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert first_sight.main(["no-such-case"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("error: no case 'no-such-case'")
    for argv in ([], ["--record", "first_run_later", "01"]):
        with pytest.raises(SystemExit) as e:
            first_sight.main(argv)
        assert e.value.code == 2
        err = capsys.readouterr().err.splitlines()
        assert len(err) == 1 and err[0].startswith("error: ") and err[0].endswith("(see --help)")


def test_the_accuracy_report_prints_the_first_sight_figures_apart_and_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _ledger(tmp_path)
    monkeypatch.setattr(accuracy, "run", accuracy.Tally)
    monkeypatch.setattr(accuracy, "run_all", lambda: [_result("10-x", "applied", "applied")])
    monkeypatch.setattr(accuracy, "load_ledger", lambda: load_ledger(path))
    monkeypatch.setattr(accuracy, "held_back", lambda: sorted(unseen_first_sight(path)))
    monkeypatch.setattr(sys, "argv", ["accuracy"])
    accuracy.main()
    out = capsys.readouterr().out.splitlines()
    after_fix = out.index("modelled on real instruments (tests/fixtures/real/instruments), after the fixes")
    assert out[0].startswith("first sight") and after_fix == 1 + 2 + 3  # the header, two lines of one round, three of the other
    assert "  old-round first_run_old (2 cases): exact 0, refused_true 0, count_differs 0, wrong 1, refused_wrongly 1" in out
    assert out[after_fix + 1] == "  (held back: 2 first-sight cases whose first runs are not all recorded yet)"
    monkeypatch.setattr(sys, "argv", ["accuracy", "--json"])
    accuracy.main()
    report = json.loads(capsys.readouterr().out)
    assert report["first_sight"]["held_back"] == 2
    assert report["first_sight"]["rounds"]["new-round"]["first_run_grammar"]["not yet"] == 2
    assert report["modelled_on_real"]["summary"]["instruments exact"] == 1


def test_every_case_folder_of_the_issue_20_round_has_its_line_in_the_ledger() -> None:
    # a case renamed or added without its ledger line would not be held back, and would be seen case by case
    ledger = load_ledger(LEDGER)
    numbered = [d.name for d in case_dirs(unseen=True) if 80 <= int(d.name.split("-", 1)[0]) <= 99]
    assert numbered and all(name in ledger.cases for name in numbered), [n for n in numbered if n not in ledger.cases]
    assert {e["round"] for n, e in ledger.cases.items() if n in numbered} == {"issue-20"}
