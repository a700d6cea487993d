"""What a build worker remembers between laws gives the rows it would make without remembering anything.

The stored fragment of a span (``fragments.span_fragment``), the keys of fragments and texts and the text ids are
made once for the same values and reused for every later span and law (``rows.store_once``). Each is compared here
with the plain functions, on laws drawn by hypothesis and on the bundled laws, with the caches warm and with near
neighbours (values differing in one field) passing through them.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lawhistory.core.ids import Address, addresses
from lawhistory.core.model import Provision
from lawhistory.deriving import rows
from lawhistory.deriving.library import timelines
from lawhistory.deriving.notes import provision_text
from lawhistory.deriving.rows import fragment_id, law_rows, store_once
from lawhistory.deriving.schema import PROVISION_SPANS
from lawhistory.deriving.spans import layout, provision_spans
from lawhistory.deriving.text_ids import text_hash, text_id
from lawhistory.files.repo import Repository
from lawhistory.presenting import fragments
from lawhistory.presenting.fragments import block, span_fragment

from .strategies import bodies, examples

ROOT = Path(__file__).resolve().parent.parent
_KIND, _TEXT = (next(n for n, c in enumerate(PROVISION_SPANS.columns) if c.name == name) for name in ("kind", "text_key"))


def _block(a: Address, note: str | None) -> str:
    """The fragment made anew, as the build made it before it remembered any."""
    p = a.provision
    return block(p.kind, a.eid, a.depth, p.num, p.heading, provision_text(p), p.term, p.cells, note)


def _stored_plainly(spans: list[tuple[Any, ...]]) -> tuple[list[tuple[Any, ...]], dict[int, list[Any]], dict[int, list[Any]]]:
    """``store_once`` written out with nothing remembered: each span's fragment key, text id and text key hashed anew."""
    out: list[tuple[Any, ...]] = []
    frags: dict[int, list[Any]] = {}
    texts: dict[int, list[Any]] = {}
    for row in spans:
        html, text = row[-1], row[_TEXT]
        key = fragment_id(html)
        frags.setdefault(key, [html, 0])[1] += 1
        words = None
        if text is not None:
            words = text_hash(text)
            texts.setdefault(words, [text, 0])[1] += 1
        tid = text_hash(text) if text_id(row[_KIND], text) is not None else None
        out.append((*row[:_TEXT], words if text is not None else None, *row[_TEXT + 1 : -1], key, tid))
    return out, frags, texts


_NOTES = st.one_of(st.none(), st.sampled_from(["Amended by No. 1 of 2020.", "Inserted <in> 2021 & after.", "\u200b"]))


@settings(max_examples=examples(40), deadline=None)
@given(bodies(), st.lists(_NOTES, min_size=1, max_size=4), st.randoms(use_true_random=False))
def test_a_remembered_fragment_is_the_fragment_made_anew(body: tuple[Provision, ...], notes: list[Any], rng: Any) -> None:
    adds = addresses(body)
    calls = [(a, note) for a in adds for note in notes]
    rng.shuffle(calls)
    for a, note in calls + calls:  # the second time round, every fragment is remembered
        assert span_fragment(a, note) == _block(a, note)


def test_near_neighbours_do_not_share_a_remembered_fragment() -> None:
    base = Provision(kind="definition", num=None, text="dog means a dog of any breed", term="dog")
    a = Address(base, "2.1 “dog”", "sec_2__subsec_1__def_dog", "2.1", 2)
    neighbours = [
        a,
        replace(a, eid="sec_2__def_dog"),
        replace(a, depth=3),
        replace(a, provision=replace(base, term="do")),
        replace(a, provision=replace(base, text="dog means a dog of any breed.")),
        replace(a, provision=replace(base, kind="paragraph", num="(a)")),
        replace(a, provision=replace(base, kind="paragraph", num="(b)")),
        replace(a, provision=replace(base, kind="clause", num="2.1", heading="Dogs")),
        replace(a, provision=replace(base, kind="clause", num="2.1", heading="Cats")),
        replace(a, provision=Provision(kind="item", num="1", cells=("a", "b | c"))),
        replace(a, provision=Provision(kind="item", num="1", cells=("a | b", "c"))),
    ]
    made = set()
    for _ in range(2):
        for neighbour in neighbours:
            for note in (None, "Amended.", "Amended. "):
                html = span_fragment(neighbour, note)
                assert html == _block(neighbour, note)
                made.add(html)
    assert len(made) == len(neighbours) * 3  # no two alike, the two rows whose cells join to the same words included


def test_what_is_remembered_is_bounded() -> None:
    for cached in (fragments._stored_block, rows._fragment_key, rows._text_key, text_id):
        assert cached.cache_info().maxsize is not None


@pytest.mark.parametrize("repository", [ROOT, ROOT / "examples" / "exampleton"], ids=["bundled", "exampleton"])
def test_the_stored_spans_of_real_laws_are_the_spans_stored_plainly(repository: Path) -> None:
    tls = timelines(Repository(repository))
    assert tls
    for _ in range(2):  # the second time round, everything is remembered
        for tl in tls:
            spans = provision_spans(tl, layout(tl), span_fragment)
            assert spans == provision_spans(tl, layout(tl), _block)
            assert store_once(spans, _KIND, _TEXT) == _stored_plainly(spans)
            stored = law_rows(tl, "x", [], span_fragment)
            assert (stored.provisions, stored.fragments, stored.texts) == _stored_plainly(spans)


_SPAN = st.tuples(
    st.sampled_from(["clause", "paragraph", "item", "part"]),
    st.one_of(st.none(), st.sampled_from(["", "short", "a text long enough to be compared with others", "x" * 40])),
    st.sampled_from(["<p>a</p>\n", "<p>b</p>\n", '<h2 id="x">x</h2>\n']),
)


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(_SPAN, max_size=30))
def test_spans_are_stored_as_plainly_on_any_mix(drawn: list[tuple[str, str | None, str]]) -> None:
    width = len(PROVISION_SPANS.columns)
    spans = []
    for n, (kind, text, html) in enumerate(drawn):
        row: list[Any] = [f"c{n}"] * width
        row[_KIND], row[_TEXT] = kind, text
        spans.append((*row, html))
    assert store_once(spans, _KIND, _TEXT) == _stored_plainly(spans)


def test_two_fragments_or_texts_with_one_key_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    width = len(PROVISION_SPANS.columns)
    row: list[Any] = ["c"] * width
    row[_KIND], row[_TEXT] = "clause", "one text"
    other = list(row)
    other[_TEXT] = "another text"
    spans = [(*row, "<p>one</p>\n"), (*other, "<p>two</p>\n")]
    monkeypatch.setattr(rows, "_fragment_key", lambda html: 7)
    with pytest.raises(ValueError, match="two provision fragments hash to the key 7"):
        store_once(spans, _KIND, _TEXT)
    monkeypatch.setattr(rows, "_fragment_key", fragment_id)
    monkeypatch.setattr(rows, "_text_key", lambda text: 9)
    with pytest.raises(ValueError, match="two provision texts hash to the key 9"):
        store_once(spans, _KIND, _TEXT)
