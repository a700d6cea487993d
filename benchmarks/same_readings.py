"""Every instrument of the test fixtures read as ``amend`` reads it, each one's operations written out (their reprs) or
its refusal: run under two checkouts' code and compare the files to show a change of the reader's machinery changed no
reading.

    PYTHONPATH=OLD python -m benchmarks.same_readings old.json
    PYTHONPATH=NEW python -m benchmarks.same_readings new.json
    python -m benchmarks.same_readings --compare old.json new.json

Files read: tests/fixtures/real/instruments/*/instrument.txt and earlier*.txt, and every other .txt of tests/fixtures
(a principal law alone is recorded as its refusal, as ``amend`` refuses it). All in one process, in order, so that
what one reading keeps (memos, parsers) is in place for the next, as in a long command.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def files() -> list[Path]:
    fixtures = ROOT / "tests" / "fixtures"
    real = sorted(p for p in (fixtures / "real" / "instruments").glob("*/*.txt") if p.name.startswith(("instrument", "earlier")))
    other = sorted(
        p for p in fixtures.rglob("*.txt") if "real" not in p.relative_to(fixtures).parts[:1] and "expected" not in p.name
    )
    return real + other


def read_all() -> dict[str, object]:
    from lawhistory.amending.amend import read_instruments
    from lawhistory.files.repo import Repository

    out: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as tmp:
        repo = Repository.init(Path(tmp) / "repo")
        for path in files():
            name = str(path.relative_to(ROOT))
            try:
                instruments, _ = read_instruments(repo, path, None)
            except Exception as e:  # a refusal is a reading too, recorded with its words
                out[name] = {"refused": f"{type(e).__name__}: {e}"}
                continue
            out[name] = [{"title": i.law.meta.title, "operations": [repr(op) for op in i.operations]} for i in instruments]
    return out


def main() -> None:
    print(f"reading with {__import__('lawhistory').__file__}", file=sys.stderr)
    if sys.argv[1] == "--compare":
        old, new = (json.loads(Path(p).read_text(encoding="utf-8")) for p in sys.argv[2:4])
        differ = sorted(k for k in old.keys() | new.keys() if old.get(k) != new.get(k))
        ops = sum(len(i["operations"]) for v in old.values() if isinstance(v, list) for i in v)
        refused = sum(1 for v in old.values() if isinstance(v, dict))
        print(f"{len(old)} files, {ops} operations, {refused} refusals; differ: {len(differ)}")
        for k in differ:
            print(f"  {k}:\n    old {str(old.get(k))[:300]}\n    new {str(new.get(k))[:300]}")
        raise SystemExit(1 if differ else 0)
    Path(sys.argv[1]).write_text(json.dumps(read_all(), indent=1, sort_keys=True), encoding="utf-8")


if __name__ == "__main__":
    main()
