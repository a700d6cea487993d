"""An instrument whose instructions are of shapes read before is read without loading wa.lark's or opening.lark's Earley
parser (amending/grammar/parse.py): one terminal's pattern and a text's kinds come from the kept lexer, the openings'
rules from their own kept file, and the openings' questions that only ask whether the kinds parse are answered by
kinds (``_kinds_parse``), kept across processes. Each answer is the one the parser gives."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from lark.exceptions import UnexpectedInput

from lawhistory.amending.grammar import parse as grammar

ROOT = Path(__file__).resolve().parent.parent
INSTRUMENT = ROOT / "tests" / "fixtures" / "instruments" / "synthetic_kulin_health_amendment_2018.txt"

TEXTS = [
    "In clause 5 delete “dog” and insert “cat”",
    "The principal local law",
    "That local law",
    "That local law is amended",
    "In clause 4.5 (as renumbered by clause 5) delete “x”",
    "Clause 3 is amended by deleting “the dog” and inserting “a cat”;",
    "In Schedule 1 delete: | 5.3(2) | dogs |",
    "After clause 9 insert— “10. X",
    "In clause 2.26(2)(c) —",
    "The Shire of Kulin Health Local Law 2018 is hereby repealed.",
    "replace it with “the words”",
    "substitute “A” for “B”",
]

#: Run in a new process: read INSTRUMENT as ``amend`` reads it, print its operations' reprs and which Earley parsers
#: were loaded; with ``forbid``, loading either raises.
_CHILD = """
import json, sys
from pathlib import Path
from lawhistory.amending.grammar import parse as grammar
loaded = []
for name in ("parser", "opening_parser"):
    real = getattr(grammar, name)
    def load(real=real, name=name):
        loaded.append(name)
        if sys.argv[2] == "forbid":
            raise AssertionError(f"{name} loaded")
        return real()
    setattr(grammar, name, load)
from lawhistory.amending.amend import read_instruments
from lawhistory.files.repo import Repository
import tempfile
with tempfile.TemporaryDirectory() as tmp:
    repo = Repository.init(Path(tmp) / "repo")
    instruments, _ = read_instruments(repo, Path(sys.argv[1]), None, None, None)
print(json.dumps({"ops": [repr(op) for i in instruments for op in i.operations], "loaded": sorted(set(loaded))}))
"""


def _read(cache: Path, forbid: bool) -> dict[str, Any]:
    env = {**os.environ, "LAWHISTORY_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(INSTRUMENT), "forbid" if forbid else "allow"],
        env=env, cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def test_an_instrument_of_shapes_read_before_loads_no_earley_parser_and_reads_the_same(tmp_path: Path) -> None:
    first = _read(tmp_path / "cache", forbid=False)  # learns the shapes and the kinds' answers, kept at exit
    assert first["ops"] and "parser" in first["loaded"]  # a cache directory with no shapes: wa.lark's parser read them
    again = _read(tmp_path / "cache", forbid=True)  # loading either parser would fail the reading
    assert again == {"ops": first["ops"], "loaded": []}


def test_the_kept_lexer_gives_the_kinds_and_the_terminal_the_parser_gives() -> None:
    for text in TEXTS:
        try:
            own = [t.type for t in grammar.parser().lex(text)]
        except UnexpectedInput:
            with pytest.raises(UnexpectedInput):
                grammar._kinds(text)
            continue
        assert grammar._kinds(text) == own
    for name in ("AS_RENUMBERED_NOTE", "PRINCIPAL_LAW", "QUOTED"):
        assert grammar._wa_terminal(name).pattern == grammar.parser().get_terminal(name).pattern.to_regexp()
    assert grammar.names_whole_law("The principal local law") and grammar.names_that_law("That local law")
    assert not grammar.names_whole_law("That local law is amended") and not grammar.names_that_law("The principal local law")


def test_the_openings_rules_kept_alone_are_the_parsers_rules() -> None:
    def described(rules: list[Any]) -> list[tuple[str, list[str], object]]:
        return [(str(r.origin), [str(x) for x in r.expansion], r.alias) for r in rules]

    assert described(grammar._opening_rules()) == described(grammar.opening_parser().rules)
    assert len(grammar._opening_rules()) > 100


def test_whether_the_kinds_parse_is_what_the_openings_parser_says(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """For every start rule and the tokens of each text (and each of its beginnings), the answer by kinds (asked afresh,
    then kept) is whether the parser parses the text's own tokens."""
    monkeypatch.setenv("LAWHISTORY_CACHE_DIR", str(tmp_path))
    grammar._kinds_memo().clear()
    grammar._parses.cache_clear()
    yes = no = 0
    for text in TEXTS:
        tokens = [tok for tok, _ in grammar._all_tokens(text + " ")]
        for n in range(1, len(tokens) + 1):
            for start in grammar.OPENINGS:
                try:
                    grammar.opening_parser().parse(tokens[:n], start=start)  # type: ignore[arg-type]
                    parses = True
                except UnexpectedInput:
                    parses = False
                assert grammar._kinds_parse(tokens[:n], start) is parses, (text, n, start)
                assert grammar._kinds_parse(tokens[:n], start) is parses  # kept
                yes, no = yes + parses, no + (not parses)
    assert yes > 5 and no > 5


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("In clause 2.26(2)(c) —", {"t": (3, 20)}),
        ("Clause 3.2 is amended in subclause (1) —", {"t2": (0, 10), "t3": (25, 38)}),
        ("In clause 5, in the definition of “dog” —", {"t": (3, 39)}),
        ("The Second Schedule to the Shire of Kulin By-laws 1980 is amended —", {"t2": (0, 19), "law": (27, 54)}),
        ("Delete clause 3.", None),
    ],
)
def test_a_lead_in_is_read_by_its_kinds(words: str, expected: object) -> None:
    """The spans the code read from the parser's answer before (the schedule's title still from its tree)."""
    grammar.lead_in.cache_clear()
    assert grammar.lead_in(words) == expected


def test_where_the_verb_of_a_payload_dash_ends_is_what_the_parsers_tree_says(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("LAWHISTORY_CACHE_DIR", str(tmp_path))
    grammar._kinds_memo().clear()
    grammar._verb_end.cache_clear()
    texts = [
        "In clause 5 insert after “dog” the following —",
        "Delete clause 4 and substitute —",
        "Clause 3 is deleted and the following clause is substituted —",
        "In clause 7 delete “x” and insert —",
        "After clause 9 insert the following —",
    ]
    read = 0
    for text in texts:
        tokens = [tok for tok, _ in grammar._all_tokens(text)]
        for j in range(len(tokens)):
            for start in ("payload_dash", "payload_dash_passive"):
                try:
                    tree = grammar.opening_parser().parse(tokens[j:], start=start)  # type: ignore[arg-type]
                except UnexpectedInput:
                    assert grammar._verb_end(tuple(t.type for t in tokens[j:]), start) == -1
                    continue
                verb = next(t for t in tree.iter_subtrees_topdown() if t.data in ("pd_verb", "pd_passive_verb"))  # type: ignore[no-untyped-call]
                assert j + grammar._verb_end(tuple(t.type for t in tokens[j:]), start) == verb.meta.end_pos
                read += 1
    assert read >= 3
