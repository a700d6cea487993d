"""The grammars' built parsers are kept in the user's cache directory (core/compiled.py): a parser loaded from
there reads every head exactly as one built afresh, a kept file that cannot be read is built again and replaced, and
a grammar edited is never read with a parser kept for the old one."""

from __future__ import annotations

import pickle
from pathlib import Path

import lark
import pytest

from lawhistory.amending.grammar import compiled
from lawhistory.amending.grammar.parse import GRAMMAR
from lawhistory.core import compiled as core_compiled

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


def test_the_headings_parsers_are_kept_and_read_as_built_afresh(cache: Path) -> None:
    """core/headings.lark's parsers (LALR and Earley) are kept in the cache too, and the kept ones read every heading as
    the ones built afresh do."""
    from lawhistory.core import headings

    texts = [
        "Clause 3.2 amended In clause 3.2 delete “dog”",
        "Part 2 Division 1 heading inserted",
        "Second Schedule amended",
        "Clause 2.7A inserted and consequential amendments",
        "Part 3 — Registration",
        "PART III—GENERAL",
        "Schedule 1 — Fees",
        "Clause 5 amended",
        "Part 2 heading repealed and a new heading substituted",
        "the dog must be kept",
    ]

    def read() -> list[object]:
        for f in (headings._lalr, headings._earley, headings.amending_heading_end, headings.heading_first):
            f.cache_clear()
        headings.heading_label.cache_clear()
        return [
            (
                headings.amending_heading_end(t),
                headings.heading_first(t),
                headings.heading_label(t),
                headings.heading_label(t, schedules=False),
            )
            for t in texts
        ]

    afresh = read()
    kept = sorted(p.name.rsplit("-", 1)[0] for p in cache.glob("headings-*.pickle"))
    assert kept == [
        "headings-amending_heading",
        "headings-earley-heading_first",
        "headings-heading_label",
        "headings-heading_label_no_schedule",
    ]
    assert read() == afresh
    assert any(a is not None for a, *_ in afresh) and any(f for _, f, *_ in afresh) and any(label for *_, label, _ in afresh)


def test_the_openings_lexer_is_kept_alone_and_lexes_as_built_afresh(cache: Path) -> None:
    """The openings' lexer (wa.lark's terminals with opening.lark's) is kept by itself, not as a parser to build it
    from, and the kept one gives every text the tokens the one built afresh gives."""
    from lawhistory.amending.grammar import parse

    texts = [*HEADS, "Clause 3 is amended by deleting “the dog” and inserting “a cat”;", "After clause 9 insert— “10. X", ""]

    def tokens() -> list[list[tuple[str, str, tuple[int, int]]]]:
        parse._opening_words.cache_clear()
        return [[(t.type, str(t), at) for t, at in parse._all_tokens(text)] for text in texts]

    afresh = tokens()
    assert [p.name.rsplit("-", 1)[0] for p in cache.glob("opening-words*.pickle")] == ["opening-words-lexer"]
    assert tokens() == afresh
    assert sum(map(len, afresh)) > 40


def test_a_kept_lexer_has_its_scanner_built_and_its_patterns_are_the_ones_re_compiles(cache: Path) -> None:
    """A lexer is kept with its scanner built (lark's terminals' patterns compiled on first use) and each pattern kept
    as its compiled code: loading it compiles none of them again, and each is the pattern ``re`` compiles from its text
    (the same flags, text and code), lexing every head as the lexer built afresh."""
    import re
    from re import _compiler as re_compiler  # type: ignore[attr-defined]

    from lark.lexer import LexerThread

    text = GRAMMAR.read_text(encoding="utf-8")
    core_compiled.built_lexer("wa", text, **OPTIONS)  # built and kept
    compiled_now: list[str] = []
    real = re_compiler.compile

    def counting(p: object, flags: int = 0) -> object:
        compiled_now.append(str(p))
        return real(p, flags)

    re_compiler.compile = counting
    try:
        loaded = core_compiled.built_lexer("wa", text, **OPTIONS)
        assert loaded._scanner is not None
        patterns = list(loaded._scanner._mres)
        for callback in loaded.callback.values():
            patterns += callback.scanner._mres  # type: ignore[attr-defined]
        assert patterns and compiled_now == []  # loaded, not compiled
    finally:
        re_compiler.compile = real
    for p in patterns:
        assert p == re.compile(p.pattern, p.flags) and p.groupindex == re.compile(p.pattern, p.flags).groupindex
    afresh = lark.Lark(text, **OPTIONS)._build_lexer()
    for head in HEADS:
        own = [(t.type, str(t), t.start_pos) for t in LexerThread.from_text(afresh, head).lex(None)]  # type: ignore[no-untyped-call]
        kept = [(t.type, str(t), t.start_pos) for t in LexerThread.from_text(loaded, head).lex(None)]  # type: ignore[no-untyped-call]
        assert kept == own


def test_a_kept_pattern_of_another_engine_or_of_code_that_does_not_check_is_compiled_from_its_text() -> None:
    import _sre  # type: ignore[import-not-found]
    import re

    p = re.compile(r"(?P<A>a+)|b", re.IGNORECASE)
    args = core_compiled._sre_arguments(p)
    assert args is not None
    assert core_compiled.compiled_pattern(_sre.MAGIC, args) == p
    assert core_compiled.compiled_pattern(_sre.MAGIC - 1, args) == p  # another engine's code: not used
    cut = (*args[:2], args[2][:5], *args[3:])
    assert core_compiled.compiled_pattern(_sre.MAGIC, cut) == p  # code the engine refuses: compiled again
    assert pickle.loads(core_compiled._dumps(p)) == p
