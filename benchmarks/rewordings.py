"""Rewordings must not change the law: every case's instrument, reworded mechanically (tests/rewordings.py), must
give exactly the same consolidation as the original, or a refusal — never another law.

Cases: the 70-odd modelled on real instruments (tests/fixtures/real/instruments/, each in its own repository as
benchmarks/real_cases.py sets it up), the synthetic and bundled instruments of tests/fixtures/accuracy/expected.yml
(in its order, each seeing the ones before it applied) and the red-team instruments (tests/fixtures/synthetic/redteam).
Each variant is read as ``lawhistory amend --dry-run`` reads it against the case's repository; its reading is the
history of every law it amends (each version's start and words, the repeal, what is left waiting).

Verdicts: ``exact`` (the same history as the original's), ``refused`` (the original applied, the variant was refused
or kept pending: a weakness, not a wrong law), ``both_refused`` (the original was refused or pending too),
``recovered`` (the original was refused, the variant applied with exactly the law the case expects), ``different``
(applied with another history than the original's, or applied where the original was refused and not to the law the
case expects: the worst bug).

Usage: python -m benchmarks.rewordings [--json] [--case SUBSTRING] [--sample N] [--singles]
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import functools
import json
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from benchmarks.real_cases import CASES, _numbered, _tree, case_dirs
from lawhistory.amending.amend import amend
from lawhistory.amending.timeline import build_timeline
from lawhistory.core.errors import LawHistoryError
from lawhistory.core.versions import in_force
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse, render_body
from tests.rewordings import variants

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
REDTEAM = FIXTURES / "synthetic" / "redteam"
REDTEAM_PRINCIPALS = {"i62": "09", "i63": "09", "i107": "09-item"}
VERDICTS = ("exact", "refused", "both_refused", "recovered", "different")


@dataclass(frozen=True)
class Reading:
    """What ``amend --dry-run`` made of an instrument: applied (with the history of each law it amends), or refused
    or pending (with why)."""

    status: str  # applied | refused | pending
    why: str = ""
    history: tuple[Any, ...] = ()
    in_force: tuple[tuple[str, tuple[Any, ...]], ...] = ()  # each law's provisions on the instrument's commencement


@dataclass
class Case:
    """An instrument, the repository it is read against (made by ``setup``), and what the case expects."""

    name: str
    text: str
    gazette_date: dt.date | None
    setup: Callable[[Repository], None]
    expected: dict[str, Any] = field(default_factory=dict)  # law id -> provisions (_tree) it should hold


@dataclass
class VariantResult:
    case: str
    rewording: str
    verdict: str
    detail: str = ""


def read(repo: Repository, path: Path, gazette_date: dt.date | None) -> Reading:
    try:
        outcomes, _ = amend(repo, path, gazette_date=gazette_date, dry_run=True)
    except LawHistoryError as e:
        return Reading("refused", str(e))
    pending = [o for o in outcomes if o.status == "pending"]
    if pending:
        return Reading("pending", "; ".join(o.reason or "" for o in pending))
    new = list({o.instrument.id: o.instrument for o in outcomes}.values())
    instruments = [*repo.load_instruments(), *new]
    amended = {o.law_id for o in outcomes}
    history, now = [], []
    when = new[-1].law.meta.commencement.date
    for law in repo.load_laws():
        if law.meta.id not in amended:
            continue
        tl = build_timeline(law, instruments)
        versions = tuple((str(v.valid_from), render_body(v.body)) for v in tl.versions)
        history.append((law.meta.id, versions, str(tl.repealed_from), tuple(sorted(i.id for i, _ in tl.waiting))))
        status, version = in_force(tl, when) if when else ("unknown", None)
        body = tl.versions[-1].body if status == "repealed" else version.body if version else ()
        now.append((law.meta.id, tuple(map(_tree, body))))
    return Reading("applied", history=tuple(history), in_force=tuple(now))


def verdict(original: Reading, variant: Reading, expected: dict[str, Any]) -> tuple[str, str]:
    if variant.status != "applied":
        return ("refused" if original.status == "applied" else "both_refused"), variant.why[:300]
    if original.status == "applied":
        if variant.history == original.history:
            return "exact", ""
        return "different", _difference(original, variant)
    if expected and all(dict(variant.in_force).get(k) == v for k, v in expected.items()):
        return "recovered", ""
    return "different", f"applied where the original was refused ({original.why[:200]})"


def _difference(a: Reading, b: Reading) -> str:
    import difflib

    for (law, va, *_), (_, vb, *_) in zip(a.history, b.history, strict=False):
        for (start_a, words_a), (start_b, words_b) in zip(va, vb, strict=False):
            if (start_a, words_a) != (start_b, words_b):
                diff = difflib.unified_diff(words_a.splitlines(), words_b.splitlines(), "original", "variant", n=0, lineterm="")
                return f"{law} from {start_a}/{start_b}: " + " | ".join(list(diff)[2:8])
        if len(va) != len(vb):
            return f"{law}: {len(va)} versions, the variant {len(vb)}"
    return "the laws amended or their waiting instruments differ"


def _write_law(repo: Repository, path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    repo.write_text(repo.law_path(parse(text, path=str(path)).meta.id), text)


def _expected_laws(folder: Path) -> dict[str, Any]:
    out = {}
    for path in _numbered(folder, "expected"):
        want = parse(path.read_text(encoding="utf-8"), path=str(path))
        out[want.meta.id] = tuple(map(_tree, want.body))
    return out


def _date(value: Any) -> dt.date | None:
    if value in (None, ""):
        return None
    return value if isinstance(value, dt.date) else dt.date.fromisoformat(str(value))


def real_cases() -> Iterator[Case]:
    for folder in case_dirs():
        spec = yaml.safe_load((folder / "expected.yml").read_text(encoding="utf-8")) or {}

        def setup(repo: Repository, folder: Path = folder) -> None:
            for path in _numbered(folder, "principal"):
                _write_law(repo, path)
            for path in _numbered(folder, "earlier"):
                amend(repo, path)

        yield Case(
            folder.name,
            (folder / "instrument.txt").read_text(encoding="utf-8"),
            _date(spec.get("gazette_date")),
            setup,
            _expected_laws(folder) if spec.get("outcome") == "applied" else {},
        )


def redteam_cases() -> Iterator[Case]:
    for path in sorted(REDTEAM.glob("i*.txt")):
        which = REDTEAM_PRINCIPALS.get(path.name.split("-")[0], "02")
        principal = (
            REDTEAM / "principal-09-item-heading.txt" if which == "09-item" else next(CASES.glob(f"{which}-*")) / "principal.txt"
        )

        def setup(repo: Repository, principal: Path = principal) -> None:
            _write_law(repo, principal)

        yield Case(f"redteam/{path.stem}", path.read_text(encoding="utf-8"), dt.date(2021, 1, 5), setup)


def _accuracy_setup(laws: list[Path], earlier: list[tuple[Path, dt.date | None]], repo: Repository) -> None:
    for path in laws:
        _write_law(repo, path)
    for path, when in earlier:
        with contextlib.suppress(LawHistoryError):  # refused in the accuracy run too: the repository stays as it was
            amend(repo, path, gazette_date=when)


def accuracy_cases() -> Iterator[Case]:
    """The instruments of tests/fixtures/accuracy/expected.yml in order, each read against the repository holding the
    principal laws and every instrument before it that applied (as benchmarks/accuracy.py runs them)."""
    specs = yaml.safe_load((FIXTURES / "accuracy" / "expected.yml").read_text(encoding="utf-8"))
    laws = sorted((ROOT / "laws").glob("*/*.txt")) + sorted((FIXTURES / "synthetic").glob("*.txt"))
    before: list[tuple[Path, dt.date | None]] = []
    for name, spec in specs.items():
        gazette_date = _date(spec.get("gazette_date"))

        setup = functools.partial(_accuracy_setup, laws, list(before))
        yield Case(f"accuracy/{Path(name).name}", (ROOT / name).read_text(encoding="utf-8"), gazette_date, setup)
        before.append((ROOT / name, gazette_date))


def all_cases() -> list[Case]:
    return [*real_cases(), *accuracy_cases(), *redteam_cases()]


def run_case(
    case: Case, *, pairs: bool = True, sample: int | None = None, only: list[str] | None = None
) -> tuple[Reading, list[VariantResult]]:
    """The original's reading and each variant's verdict (``sample``: every n-th variant only, deterministically;
    ``only``: the variants of these names)."""
    reworded = variants(case.text, case.gazette_date, pairs=pairs)
    names = sorted(reworded) if only is None else [n for n in only if n in reworded]
    if sample:
        names = names[::sample]
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        repo = Repository.init(Path(tmp) / "repo")
        case.setup(repo)
        path = Path(tmp) / "instrument.txt"
        path.write_text(case.text, encoding="utf-8")
        original = read(repo, path, case.gazette_date)
        for name in names:
            path.write_text(reworded[name], encoding="utf-8")
            v, detail = verdict(original, read(repo, path, case.gazette_date), case.expected)
            results.append(VariantResult(case.name, name, v, detail))
    return original, results


def summary(results: list[VariantResult]) -> dict[str, int]:
    counts = Counter(r.verdict for r in results)
    return {"variants": len(results), **{v: counts.get(v, 0) for v in VERDICTS}}


def by_rewording(results: list[VariantResult]) -> dict[str, dict[str, int]]:
    out: dict[str, Counter[str]] = {}
    for r in results:
        for part in r.rewording.split("+"):
            out.setdefault(part, Counter())[r.verdict] += 1
    return {k: {v: c.get(v, 0) for v in VERDICTS} for k, c in sorted(out.items())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--case", default="", help="only the cases whose name holds this")
    parser.add_argument("--sample", type=int, default=None, help="every n-th variant of each case only")
    parser.add_argument("--singles", action="store_true", help="single rewordings only, no pairs")
    args = parser.parse_args()
    results: list[VariantResult] = []
    cases = [c for c in all_cases() if args.case in c.name]
    for case in cases:
        _, found = run_case(case, pairs=not args.singles, sample=args.sample)
        results += found
    figures: dict[str, float] = {"cases": len(cases), **summary(results)}
    applied = figures["variants"] - figures["both_refused"]
    figures["share read exactly (of variants whose original applied) %"] = (
        round(100 * figures["exact"] / (figures["exact"] + figures["refused"] + figures["different"]), 1) if applied else 0
    )
    different = [r for r in results if r.verdict == "different"]
    if args.json:
        rows = [r.__dict__ for r in different]
        print(json.dumps({"summary": figures, "by_rewording": by_rewording(results), "different": rows}, indent=2))
        return
    width = max(map(len, figures))
    for k, val in figures.items():
        print(f"{k:<{width}}  {val}")
    print("by rewording (exact / refused / both_refused / recovered / different):")
    for name, c in by_rewording(results).items():
        print(f"  {name:<28} " + " / ".join(str(c[v]) for v in VERDICTS))
    for r in different:
        detail = " ".join(r.detail.split())[:400]
        print(f"DIFFERENT: {r.case} [{r.rewording}]: {detail}")


if __name__ == "__main__":
    main()
