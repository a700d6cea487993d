"""Parses remembered by the kinds of their tokens (amending/grammar/shaped.py): a head of a shape parsed before is
not parsed again, and its readings are the ones its own parse gives, words, positions and all."""

from __future__ import annotations

from typing import Any

import pytest
from lark import Lark, Tree

from lawhistory.amending.grammar import parse as grammar


def _everything(trees: list[Tree[Any]]) -> list[object]:
    """Each tree's repr, every subtree's positions and every token's positions."""
    out: list[object] = []
    for tree in trees:
        out.append(repr(tree))
        for sub in tree.iter_subtrees():
            out.append((sub.data, type(sub.children).__name__, sorted(vars(sub._meta).items()) if sub._meta else None))
        for tok in tree.scan_values(lambda _: True):
            out.append((tok.type, str(tok), tok.start_pos, tok.end_pos, tok.line, tok.column, tok.end_line, tok.end_column))
    return out


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> list[str]:
    """The texts wa.lark's parser is asked to parse from here on (the memo emptied first, its file a new one)."""
    monkeypatch.setenv("LAWHISTORY_CACHE_DIR", str(tmp_path))
    grammar._SHAPES.clear()
    wa = grammar.parser()
    asked: list[str] = []
    real = Lark.parse

    def parse(self: Lark, text: Any, start: Any = None, on_error: Any = None) -> Any:
        if self is wa:
            asked.append(text)
        return real(self, text, start=start, on_error=on_error)

    monkeypatch.setattr(Lark, "parse", parse)
    return asked


SAME_SHAPE = [
    (
        "In clause 2.26(2)(c) delete “breaches” and insert “owner or occupier”.",
        "In clause 3.11(2)   delete “having”  and insert “a permit”.",
    ),
    (
        "In clause 1.4(1), in the definition of “liquid waste”, delete “otherwise” and insert “permit”.",
        "In clause 10.4(12), in the definition of “building permit”, delete “meaning” and insert “land”.",
    ),
    ("Delete subclause (1) of clause 3.2.", "Delete subclause (4) of clause 17.12."),
]


@pytest.mark.parametrize(("first", "second"), SAME_SHAPE)
def test_a_head_of_a_shape_read_before_is_not_parsed_again_and_reads_as_its_own_parse(
    counted: list[str], first: str, second: str
) -> None:
    grammar.readings(first)
    remembered = grammar.readings(second)
    assert counted == [first]  # the second head was not parsed: its shape's parse was filled with its tokens
    assert isinstance(remembered, list)
    own = grammar._readings(second)
    assert isinstance(own, list)
    assert _everything(remembered) == _everything(own)
    assert remembered == own


def test_a_head_that_parses_no_way_stops_at_the_same_token_of_another_head_of_its_shape(counted: list[str]) -> None:
    first, second = "In clause 3.11(2) delete “having” and frobnicate", "In clause 31.12(2)  delete “a b” and frobnicate"
    stopped = grammar.readings(first)
    remembered = grammar.readings(second)
    assert counted == [first]
    assert stopped == grammar._readings(first)
    assert remembered == grammar._readings(second)
    assert isinstance(remembered, grammar.NoParse) and remembered.words == "frobnicate"


def test_an_ambiguous_head_keeps_every_reading_in_order(counted: list[str]) -> None:
    # issue 20: a head that reads two ways is refused naming both readings; the memo gives every parse, in lark's order
    from lawhistory.amending.instructions import parse_unit
    from lawhistory.amending.parts import InstructionNotUnderstood, Unit

    first, second = (
        "In clause 1.4 delete the definitions of dog and cat.",
        "In clause 12.4(2) delete the definitions of horses and pigs.",
    )
    grammar.readings(first)
    remembered = grammar.readings(second)
    assert counted == [first]
    own = grammar._readings(second)
    assert isinstance(remembered, list) and isinstance(own, list) and len(own) >= 2
    assert _everything(remembered) == _everything(own)
    with pytest.raises(InstructionNotUnderstood, match="reads two ways") as e:
        parse_unit(Unit("3", second, None))
    assert "delete 12.4(2) “horses”; delete 12.4(2) “pigs”" in str(e.value)
    assert "delete 12.4(2) “horses and pigs”" in str(e.value)


def test_headings_of_the_same_kinds_are_asked_of_the_openings_grammar_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    monkeypatch.setenv("LAWHISTORY_CACHE_DIR", str(tmp_path))
    grammar._kinds_memo().clear()
    grammar._parses.cache_clear()
    grammar.names_amendment.cache_clear()
    opening = grammar.opening_parser()
    asked: list[str] = []
    real = Lark.parse

    def parse(self: Lark, text: Any, start: Any = None, on_error: Any = None) -> Any:
        if self is opening and start == "amending_heading":
            asked.append(" ".join(t.type for t in text))
        return real(self, text, start=start, on_error=on_error)

    monkeypatch.setattr(Lark, "parse", parse)
    assert grammar.names_amendment("Clause 3 amended")
    assert grammar.names_amendment("Clause 14.2 amended")
    assert grammar.names_amendment("Schedule 2 replaced")
    assert asked == ["KIND LABEL AMENDED", "KIND LABEL REPLACED"]


def _wa_tokens(head: str) -> list[Any]:
    from lark.lexer import LexerThread

    return list(LexerThread.from_text(grammar.parser().parser.lexer, head).lex(None))  # type: ignore[no-untyped-call]


def test_the_shapes_are_kept_across_processes_in_the_cache_directory(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from lawhistory.amending.grammar.shaped import ShapeMemo

    monkeypatch.setenv("LAWHISTORY_CACHE_DIR", str(tmp_path))
    first, second = SAME_SHAPE[1]
    learning = ShapeMemo("shapes-test.pickle")
    made = learning.parses(_wa_tokens(first), lambda: grammar._readings(first))
    assert made == grammar._readings(first)
    learning.save()
    learning.clear()
    assert (tmp_path / "shapes-test.pickle").exists()

    def never() -> Any:
        raise AssertionError("parsed again")

    another = ShapeMemo("shapes-test.pickle")  # a new process's memo: read from the file
    remembered = another.parses(_wa_tokens(second), never)
    own = grammar._readings(second)
    assert isinstance(remembered, list) and isinstance(own, list)
    assert _everything(remembered) == _everything(own)
    another.clear()  # nothing left to write when the test process ends


def test_a_kept_file_that_cannot_be_read_or_is_writable_by_others_is_not_used(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from lawhistory.amending.grammar.shaped import ShapeMemo

    monkeypatch.setenv("LAWHISTORY_CACHE_DIR", str(tmp_path))
    head = SAME_SHAPE[2][0]
    learning = ShapeMemo("shapes-test.pickle")
    learning.parses(_wa_tokens(head), lambda: grammar._readings(head))
    learning.save()
    learning.clear()
    path = tmp_path / "shapes-test.pickle"
    path.chmod(0o666)  # another user could have written it: never loaded
    asked: list[str] = []

    def parse() -> Any:
        asked.append(head)
        return grammar._readings(head)

    planted = ShapeMemo("shapes-test.pickle")
    assert planted.parses(_wa_tokens(head), parse) == grammar._readings(head)
    planted.clear()  # nothing left to write when the test process ends
    path.chmod(0o644)
    path.write_bytes(b"cut short")
    broken = ShapeMemo("shapes-test.pickle")
    assert broken.parses(_wa_tokens(head), parse) == grammar._readings(head)
    broken.clear()
    assert asked == [head, head]
    path.unlink()


def test_the_openings_answers_by_kinds_are_kept_across_processes(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from lawhistory.amending.grammar.shaped import KindsMemo

    monkeypatch.setenv("LAWHISTORY_CACHE_DIR", str(tmp_path))
    learning = KindsMemo("kinds-test.pickle")
    assert learning.answer(("parses", "amending_heading", "KIND", "LABEL", "AMENDED"), lambda: True) is True
    assert learning.answer(("stops", "sentence_alone", "IN", "KIND"), lambda: 2) == 2
    learning.save()

    def never() -> Any:
        raise AssertionError("asked again")

    another = KindsMemo("kinds-test.pickle")
    assert another.answer(("parses", "amending_heading", "KIND", "LABEL", "AMENDED"), never) is True
    assert another.answer(("stops", "sentence_alone", "IN", "KIND"), never) == 2


def test_the_kept_lexer_gives_a_head_the_tokens_the_parser_lexes_it_with() -> None:
    from lark.lexer import LexerThread

    heads = [h for pair in SAME_SHAPE for h in pair] + ["After clause 9 insert—", "Delete the principal local law.", ""]
    for head in heads:
        own = list(LexerThread.from_text(grammar.parser().parser.lexer, head).lex(None))  # type: ignore[no-untyped-call]
        kept = list(LexerThread.from_text(grammar._lexer(), head).lex(None))  # type: ignore[no-untyped-call]
        assert [(t.type, str(t), t.start_pos, t.end_pos, t.line, t.column, t.end_line, t.end_column) for t in kept] == [
            (t.type, str(t), t.start_pos, t.end_pos, t.line, t.column, t.end_line, t.end_column) for t in own
        ]


def test_a_memo_of_another_grammar_copied_under_this_ones_name_is_not_used(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file names what decides a parse (the grammar's text among them); a memo written under another name and
    copied over this one's (by hand) holds another grammar's readings and is never read."""
    import shutil

    from lawhistory.amending.grammar.shaped import ShapeMemo

    monkeypatch.setenv("LAWHISTORY_CACHE_DIR", str(tmp_path))
    head = SAME_SHAPE[2][0]
    other = ShapeMemo("wa-shapes-of-another-grammar.pickle")
    other.parses(_wa_tokens(head), lambda: [])  # another grammar's answer for this shape (none), planted
    other.save()
    other.clear()
    shutil.copy(tmp_path / "wa-shapes-of-another-grammar.pickle", tmp_path / "shapes-test.pickle")
    asked: list[str] = []

    def parse() -> Any:
        asked.append(head)
        return grammar._readings(head)

    copied = ShapeMemo("shapes-test.pickle")
    assert copied.parses(_wa_tokens(head), parse) == grammar._readings(head)
    assert asked == [head]
    copied.clear()


def test_a_kept_file_of_junk_is_parsed_again_not_a_crash(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file of the right name and form whose entries are not templates (or not answers) of their shape: each such
    entry is asked again, never a traceback."""
    import pickle

    from lawhistory.amending.grammar.shaped import FORMAT, KindsMemo, ShapeMemo

    monkeypatch.setenv("LAWHISTORY_CACHE_DIR", str(tmp_path))
    head = SAME_SHAPE[2][0]
    shape = tuple(str(t.type) for t in _wa_tokens(head))
    for junk in ("junk", ("a", 3), (None,), {"x": 1}):
        (tmp_path / "shapes-test.pickle").write_bytes(
            pickle.dumps({"file": "shapes-test.pickle", "format": FORMAT, "kept": {shape: junk}})
        )
        memo = ShapeMemo("shapes-test.pickle")
        assert memo.parses(_wa_tokens(head), lambda: grammar._readings(head)) == grammar._readings(head)
        memo.clear()
    key = ("parses", "amending_heading", "KIND", "LABEL", "AMENDED")
    (tmp_path / "kinds-test.pickle").write_bytes(
        pickle.dumps({"file": "kinds-test.pickle", "format": FORMAT, "kept": {key: "junk"}})
    )
    kinds = KindsMemo("kinds-test.pickle")
    assert kinds.answer(key, lambda: True) is True
    kinds.clear()
