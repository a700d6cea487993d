"""The grammars' built parsers are kept in the user's cache directory (grammar/compiled.py): a parser loaded from
there reads every head exactly as one built afresh, a kept file that cannot be read is built again and replaced, and
a grammar edited is never read with a parser kept for the old one."""

from __future__ import annotations

import pickle
from pathlib import Path

import lark
import pytest

from lawhistory.amending.grammar import compiled
from lawhistory.amending.grammar.parse import GRAMMAR

OPTIONS = {
    "parser": "earley",
    "lexer": "basic",
    "ambiguity": "explicit",
    "propagate_positions": True,
    "maybe_placeholders": False,
}
HEADS = [
    "In clause 5 delete “dog” and insert “cat”",
    "delete paragraphs (c), (e) and (j)",
    "in the definition of “premises”, paragraph (a), delete “or”",
    "Clause 26 is amended in subclause (2) by deleting “30 days” and substituting “60 days”",
    "Renumber clauses 4.5 and 4.6 as clauses 4.4 and 4.5 respectively",
]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("LAWHISTORY_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_a_parser_loaded_from_the_cache_reads_as_one_built_afresh(cache: Path) -> None:
    text = GRAMMAR.read_text(encoding="utf-8")
    first = compiled.built("wa", text, **OPTIONS)
    kept = cache / compiled.key("wa", text, **OPTIONS)
    assert kept.is_file()
    loaded = compiled.built("wa", text, **OPTIONS)
    assert loaded is not first  # read from the file, not built again in memory
    fresh = lark.Lark(text, **OPTIONS)  # type: ignore[arg-type]
    for head in HEADS:
        assert loaded.parse(head) == fresh.parse(head) == first.parse(head)


def test_a_kept_file_that_cannot_be_read_is_built_again_and_replaced(cache: Path) -> None:
    grammar = 'start: "a" WORD\nWORD: /[a-z]+/\n%ignore " "\n'
    path = cache / compiled.key("tiny", grammar, parser="earley")
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\x80\x05 cut short")
    parser = compiled.built("tiny", grammar, parser="earley")
    assert str(parser.parse("a dog").children[0]) == "dog"
    assert isinstance(pickle.loads(path.read_bytes()), lark.Lark)


def test_a_grammar_edited_is_a_new_kept_parser(cache: Path) -> None:
    before = 'start: "a" WORD\nWORD: /[a-z]+/\n%ignore " "\n'
    after = 'start: "b" WORD\nWORD: /[a-z]+/\n%ignore " "\n'
    assert compiled.key("tiny", before, parser="earley") != compiled.key("tiny", after, parser="earley")
    compiled.built("tiny", before, parser="earley")
    parser = compiled.built("tiny", after, parser="earley")
    assert str(parser.parse("b cat").children[0]) == "cat"
    with pytest.raises(lark.exceptions.UnexpectedInput):
        parser.parse("a cat")
    assert len(list(cache.glob("tiny-*.pickle"))) == 2


def test_a_cache_that_cannot_be_written_leaves_the_parser_built(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "not-a-directory"
    blocked.write_text("a file where the cache directory would be", encoding="utf-8")
    monkeypatch.setenv("LAWHISTORY_CACHE_DIR", str(blocked / "cache"))
    parser = compiled.built("tiny", 'start: "a"\n', parser="earley")
    assert parser.parse("a").data == "start"


def test_a_kept_file_others_may_write_is_never_loaded(cache: Path) -> None:
    grammar = 'start: "a" WORD\nWORD: /[a-z]+/\n%ignore " "\n'
    compiled.built("tiny", grammar, parser="earley")
    path = cache / compiled.key("tiny", grammar, parser="earley")
    other = lark.Lark('start: "b" WORD\nWORD: /[a-z]+/\n%ignore " "\n', parser="earley")
    path.write_bytes(compiled._dumps(other))  # planted: a parser of another grammar
    path.chmod(0o666)
    parser = compiled.built("tiny", grammar, parser="earley")
    assert str(parser.parse("a dog").children[0]) == "dog"  # built again from the grammar, not the planted file
    path.chmod(0o600)
    assert str(compiled.built("tiny", grammar, parser="earley").parse("a cat").children[0]) == "cat"
