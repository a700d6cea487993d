"""Equivalent rewordings of amending instruments, for the metamorphic tests (tests/test_rewordings.py) and
``python -m benchmarks.rewordings``.

Each rewording is a pure function: the instrument's whole text in, the same instrument worded otherwise out, or
``None`` where it does not apply (nothing of its kind in the text, or nowhere it is surely equivalent). A rewording
changes only the words of the instructions, never a quoted payload's own words, never a label inside a payload, and
never the preamble: legally the two instruments say the same thing, so they must give the same law (or the reworded
one may be refused; it must never give another law).

The text is read the way a drafter would, not with the engine's reader (the reader is what is being tested):
quoted spans (“…”, "…") are found first and never edited inside except for their own quotation marks; lists of
instruction items are lettered (a), (b) … or roman (i), (ii) … after a lead-in ending in a dash or colon whose own
words insert nothing (a list after "insert—" is a payload, left alone).
"""

from __future__ import annotations

import bisect
import datetime as dt
import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

Rewording = Callable[[str], "str | None"]

# --- quoted spans -----------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1024)  # pure, and asked of the same text by every rewording
def quoted_spans(text: str) -> tuple[tuple[int, int], ...]:
    """The top-level quoted spans (start of the opening mark, end after the closing mark): curly “…” with nesting
    counted, and straight "…" pairs outside them. An unbalanced quote leaves the rest of the text unspanned."""
    spans: list[tuple[int, int]] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "“":
            depth, j = 1, i + 1
            while j < n and depth:
                depth += {"“": 1, "”": -1}.get(text[j], 0)
                j += 1
            if depth:
                break
            spans.append((i, j))
            i = j
        elif c == '"':
            j = text.find('"', i + 1)
            if j < 0:
                break
            spans.append((i, j + 1))
            i = j + 1
        else:
            i += 1
    return tuple(spans)


def _inside(pos: int, spans: Sequence[tuple[int, int]]) -> bool:
    at = bisect.bisect_right(spans, (pos, 1 << 62)) - 1  # the last span opening at or before pos
    return at >= 0 and spans[at][0] <= pos < spans[at][1]


def _subs(text: str, edits: list[tuple[int, int, str]]) -> str:
    """``text`` with each (start, end, new) edit made (edits do not overlap)."""
    out, last = [], 0
    for a, b, new in sorted(edits):
        out += [text[last:a], new]
        last = b
    return "".join(out) + text[last:]


@functools.lru_cache(maxsize=1024)
def _instructions_start(text: str) -> int:
    """Where the instructions begin: after the preamble's "… to make the following local law." (or at 0)."""
    m = re.search(r"(?:make|makes|made) the following (?:local law|by-?laws?|amendments?)[^.]{0,40}\.", text, re.I)
    return m.end() if m else 0


# the words just before a quoted span of an instruction: an action, "the words", a place ("after"), a definition's name
_QUOTING = re.compile(
    r"(?:\b(?:delete|deleting|omit|omitting|remove|removing|strike out|striking out|insert|inserting|add|adding|"
    r"substitute|substituting|with|words?|expression|after|before|place|following|figures?|letters?|"
    r"definitions? of|definition for|term|instead|to read|reads?|text|below))[ \t\n,—–-]*$",
    re.I,
)
_LISTED = re.compile(r"(?:,|\band|\bor)\s*$")


def _straight_ambiguous(text: str, spans: Sequence[tuple[int, int]]) -> bool:
    """Straight quotes pair ambiguously where a payload opens with a '"' on a line of its own (its own words may hold
    straight quotes too): then no straight-quoted span is taken as known."""
    return any(text[a] == '"' and (text[a + 1 : b - 1].strip() == "" or "\n" in text[a + 1 : a + 3]) for a, b in spans)


def _spans_after_preamble(text: str) -> list[tuple[int, int]]:
    """The quoted spans of the instructions: after the preamble, each just after an instruction's words ("delete",
    "the words", "after", "the definition of" …) or listed after one that is ("“a”, “b” and “c”"); a quotation in
    an unquoted payload (a new provision after "insert:") follows none of them and is left alone."""
    start = _instructions_start(text)
    spans = [s for s in quoted_spans(text) if s[0] >= start]
    if _straight_ambiguous(text, spans):
        spans = [s for s in spans if text[s[0]] != '"']
    out: list[tuple[int, int]] = []
    for a, b in spans:
        before = text[max(start, a - 60) : a]
        listed = out and out[-1][1] >= a - 6 and _LISTED.search(text[out[-1][1] : a])
        if _QUOTING.search(before) or listed:
            out.append((a, b))
    return out


def _requote(opening: str, closing: str, forbidden: str) -> Rewording:
    def reword(text: str) -> str | None:
        edits = []
        for a, b in _spans_after_preamble(text):
            inner = text[a + 1 : b - 1]
            if text[a] == opening or any(ch in inner for ch in forbidden):
                continue  # already so, or its own words hold the marks it would be closed by
            edits.append((a, b, opening + inner + closing))
        return _subs(text, edits) if edits else None

    return reword


# straight quotes: only where the payload holds no straight quote; single: only where it holds no single mark
# (an apostrophe ’ would close it); curly: for instruments quoted straight, where the payload holds no curly mark
quotes_straight = _requote('"', '"', '"')
quotes_single = _requote("‘", "’", '‘’"')
quotes_curly = _requote("“", "”", "“”")

# --- verbs --------------------------------------------------------------------------------------------

_OBJECT = r"(?=\s+(?:the\s+(?:words?|expression|figures?|number|letters?)\s+)?[“\"])"
_DELETE_WORDS = re.compile(r"\b(?P<v>[Dd]elete|[Dd]eleting|[Oo]mit|[Oo]mitting|[Rr]emove|[Rr]emoving)\b" + _OBJECT)
_FORMS = {
    "delete": ("delete", "deleting"),
    "omit": ("omit", "omitting"),
    "remove": ("remove", "removing"),
    "strike out": ("strike out", "striking out"),
}


def _verb(to: str) -> Rewording:
    """Deleting words: delete ≡ omit ≡ remove ≡ strike out (the gerund kept a gerund, the capital kept)."""

    def reword(text: str) -> str | None:
        spans = quoted_spans(text)
        start = _instructions_start(text)
        edits = []
        for m in _DELETE_WORDS.finditer(text, start):
            if _inside(m.start(), spans):
                continue
            word = m.group("v")
            gerund = word.lower().endswith("ing")
            new = _FORMS[to][gerund]
            if word.lower() == new:
                continue
            edits.append((m.start(), m.end(), new[0].upper() + new[1:] if word[0].isupper() else new))
        return _subs(text, edits) if edits else None

    return reword


verb_omit, verb_remove, verb_strike_out, verb_delete = (_verb(v) for v in ("omit", "remove", "strike out", "delete"))

# (issue 20, wr4a) "renumber paragraphs (c) to (f) as paragraphs (b) to (e)" ≡ "redesignate …"; "is renumbered as" ≡
# "is redesignated as" (outside quotation marks; the capital kept)
_RELABEL = re.compile(
    r"\b(?P<v>renumber|redesignate|renumbered|redesignated)(?= +(?:the +)?(?:(?:sub)?(?:clause|paragraph)s?|items?|as)\b)", re.I
)
_RELABEL_FORMS = {"renumber": ("renumber", "renumbered"), "redesignate": ("redesignate", "redesignated")}


def _relabel(to: str) -> Rewording:
    """Giving provisions new labels: renumber ≡ redesignate (the past participle kept one)."""

    def reword(text: str) -> str | None:
        spans = quoted_spans(text)
        edits = []
        for m in _RELABEL.finditer(text, _instructions_start(text)):
            if _inside(m.start(), spans):
                continue
            word = m.group("v")
            new = _RELABEL_FORMS[to][word.lower().endswith("ed")]
            if word.lower() != new:
                edits.append((m.start(), m.end(), new[0].upper() + new[1:] if word[0].isupper() else new))
        return _subs(text, edits) if edits else None

    return reword


relabel_redesignate, relabel_renumber = _relabel("redesignate"), _relabel("renumber")

# "delete “x” and insert “y”": the second verb of a replacement of quoted words
_REPLACEMENT = re.compile(
    r"\b(?:delete|omit|remove|strike out)\s+(?:the\s+(?P<what>words?|expression|figures?)\s+)?"
    r"(?:“[^“”]*”|\"[^\"]*\")(?P<sep>,?\s+and\s+)"
    r"(?P<v>insert(?:\s+in\s+(?:(?:its|their)\s+(?:place|stead)|place\s+thereof))?|in\s+substitution\s+insert|substitute"
    r"|replace\s+(?:it\s+|them\s+)?with)"
    r"(?=\s+(?:the\s+(?:words?|expression|figures?)\s+)?[“\"])",
    re.I,
)


def _replacement(form: str) -> Rewording:
    """ "delete … and insert" ≡ "… and substitute" ≡ "… and insert in its place" ≡ "… and replace with" ≡ (issue 20)
    "… and in substitution insert" ≡ "… and insert in place thereof" ≡ "… and insert in its stead"."""

    def reword(text: str) -> str | None:
        spans = quoted_spans(text)
        edits = []
        for m in _REPLACEMENT.finditer(text, _instructions_start(text)):
            if _inside(m.start(), spans):
                continue
            plural = (m.group("what") or "word").lower() in ("words", "figures")
            new = form.replace("ITS", "their" if plural else "its")
            if m.group("v").lower() != new:
                edits.append((m.start("v"), m.end("v"), new))
        return _subs(text, edits) if edits else None

    return reword


and_insert, and_substitute, and_insert_in_its_place, and_replace_with = (
    _replacement(f) for f in ("insert", "substitute", "insert in ITS place", "replace with")
)
and_in_substitution_insert, and_insert_in_place_thereof, and_insert_in_its_stead = (
    _replacement(f) for f in ("in substitution insert", "insert in place thereof", "insert in ITS stead")
)

_INSERT_AFTER_WORDS = re.compile(
    r"\bafter\s+(?:the\s+(?:words?|expression|figures?)\s+)?(?:“[^“”]*”|\"[^\"]*\"),?\s+(?P<v>insert)"
    r"(?=\s+(?:the\s+(?:words?|expression|figures?)\s+)?[“\"])",
    re.I,
)


def insert_as_add(text: str) -> str | None:
    """ "after the words “x” insert “y”" ≡ "after the words “x” add “y”"."""
    spans = quoted_spans(text)
    edits = [
        (m.start("v"), m.end("v"), "add")
        for m in _INSERT_AFTER_WORDS.finditer(text, _instructions_start(text))
        if not _inside(m.start(), spans)
    ]
    return _subs(text, edits) if edits else None


# --- the voice (r2voice) ---------------------------------------------------------------------------------------
_ACTIVE_WORDS = re.compile(
    r"\b(?P<v>[Dd]elete|[Oo]mit|[Rr]emove)\s+(?P<the>the\s+words?\s+)?(?P<a>“[^“”]*”)"
    r"(?:,?\s+and\s+(?:insert|substitute)(?:\s+in\s+(?:its|their)\s+place)?\s+(?:the\s+words?\s+)?(?P<b>“[^“”]*”))?"
    r"(?=\s*[.;](?!\w))"
)
_ACTIVE_PROVISIONS = re.compile(
    r"\b(?P<v>[Dd]elete)\s+(?P<p>(?:sub-?)?(?:clause|paragraph|subparagraph)(?P<s>s)?\s+\(?\w+(?:\.\w+)*\)?(?:\(\w+\))*"
    r"(?:(?:,|\s+and)\s+\(?\w+(?:\.\w+)*\)?(?:\(\w+\))*)*)(?=\s*[.;](?!\w))"
)


def voice_passive(text: str) -> str | None:
    """ "delete “x”" ≡ "“x” is deleted"; "delete “x” and insert “y”" ≡ "“x” is deleted and “y” is inserted instead"
    (only where the instruction ends with them: nothing after the new words that could name a place)."""
    spans = quoted_spans(text)
    edits = []
    for m in _ACTIVE_WORDS.finditer(text, _instructions_start(text)):
        if _inside(m.start(), spans):
            continue
        the = m.group("the") or ""
        if the and m.group("v")[0].isupper():
            the = the[0].upper() + the[1:]
        be = "are" if the.strip().lower().endswith("words") else "is"
        new = f"{the}{m.group('a')} {be} deleted"
        if m.group("b"):
            new += f" and {m.group('b')} is inserted instead"
        edits.append((m.start(), m.end(), new))
    return _subs(text, edits) if edits else None


def voice_passive_provisions(text: str) -> str | None:
    """ "delete paragraph (b)." ≡ "paragraph (b) is deleted."; "Delete clauses 3 and 4." ≡ "Clauses 3 and 4 are
    deleted." (only where the instruction ends with them)."""
    spans = quoted_spans(text)
    edits = []
    for m in _ACTIVE_PROVISIONS.finditer(text, _instructions_start(text)):
        if _inside(m.start(), spans):
            continue
        p = m.group("p")
        if m.group("v")[0].isupper():
            p = p[0].upper() + p[1:]
        be = "are" if m.group("s") or re.search(r",|\band\b", p) else "is"
        edits.append((m.start(), m.end(), f"{p} {be} deleted"))
    return _subs(text, edits) if edits else None


# --- lists of instruction items ------------------------------------------------------------------------

_STARTS = (
    r"(?:in|delete|deleting|omit|omitting|remove|removing|insert|inserting|add|adding|after|before|at|by|replace|"
    r"replacing|substitute|substituting|amend|amending|repeal|strike|the\s+definition|clause|subclause|paragraph)\b"
)
_LABEL = re.compile(r"\((?P<l>[a-z]{1,2}|[ivx]{1,5})\)(?=\s+" + _STARTS + ")", re.I)
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_ROMANS = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii", "xiv", "xv"]
_PAYLOAD_LEAD = re.compile(r"\b(?:insert|inserting|add|adding|substitut\w*|replac\w*|following|read|reads)\b", re.I)
_LEAD_START = re.compile(
    r"\s*(?:[A-Z][\w ]{0,60}?amended\s+)?(?:\(\d+\)\s+)?(?:In|Clause|Subclause|Paragraph|Schedule|By-law|The)\b"
)
_BLOCK_END = re.compile(r"\n(?=[ \t]*\d+[A-Z]?\.\s+[A-Z])|\n(?=[ \t]*[A-Z][^\n]{0,80}\n[ \t]*\d+[A-Z]?\.\s)")


@dataclass(frozen=True)
class ItemList:
    """A list of instruction items: where each label stands (start, end) and its style ("a" or "i")."""

    labels: tuple[tuple[int, int], ...]
    style: str
    block_end: int


def _sequence(style: str) -> list[str]:
    return list(_LETTERS) if style == "a" else _ROMANS


@functools.lru_cache(maxsize=1024)
def item_lists(text: str, *, loose: bool = False) -> tuple[ItemList, ...]:
    """The instruction lists of the text, each alone in its clause (a list with another list in its clause, nested
    in it or beside it, is left out: renumbering one of them could make the two one list). A list with an item that
    inserts new words unquoted is left out too, unless ``loose`` (a line break or a page header between items does
    not change where such words end in print; a new label or connector after them might)."""
    spans = quoted_spans(text)
    start = _instructions_start(text)
    found = [m for m in _LABEL.finditer(text, start) if not _inside(m.start(), spans)]
    lists: list[ItemList] = []
    for i, m in enumerate(found):
        first = m.group("l")
        if first not in ("a", "i"):
            continue
        before = text[: m.start()].rstrip()
        if not before or (before[-1] not in "—:-–" and "\n" not in text[len(before) : m.start()]):
            continue  # a lead-in ends in a dash or a colon, or at the end of its line ("In clause 8A(1)\n(a) …")
        *earlier, sentence = re.split(r"[.;]\s|\n\s*\n", before[-300:])
        after_dash = bool(earlier) and bool(re.search(r"[:—–-]\s*$", before[-300:][: len(before[-300:]) - len(sentence)]))
        if _PAYLOAD_LEAD.search(sentence) or not _LEAD_START.match(sentence) or after_dash:
            continue  # "insert— (a) …": the items are new text; "(b) … located— (i) …": a new provision's own list
        end_m = _BLOCK_END.search(text, m.end())
        block_end = end_m.start() if end_m else len(text)
        seq = _sequence(first)
        labels = [(m.start(), m.end())]
        for later in found[i + 1 :]:
            if later.start() >= block_end:
                break
            if len(labels) < len(seq) and later.group("l") == seq[len(labels)]:
                labels.append((later.start(), later.end()))
        if not loose and any(_unquoted_payload(text, spans, a, b) for a, b in _item_spans(text, labels, block_end)):
            continue  # an item inserting new words unquoted ("insert: 74.0 cents"): where it ends is the question
        lists.append(ItemList(tuple(labels), first, block_end))
    alone = []
    for lst in lists:
        others = [o for o in lists if o is not lst]
        a, b = lst.labels[0][0], lst.block_end
        if any(a <= o.labels[0][0] < b or o.labels[0][0] <= a < o.block_end for o in others):
            continue
        # every label found in the block is one of the list's own
        in_block = [m for m in found if a <= m.start() < b]
        if len(in_block) != len(lst.labels):
            continue
        alone.append(lst)
    return tuple(alone)


def _item_spans(text: str, labels: list[tuple[int, int]], block_end: int) -> list[tuple[int, int]]:
    """Each item's words: from its label to the next label (the last: to its full stop or the block's end)."""
    out = [(b, labels[k + 1][0]) for k, (_, b) in enumerate(labels[:-1])]
    last = labels[-1][1]
    stop = re.compile(r"\.(?:\s|$)|\n\s*\n").search(text, last, block_end)
    return [*out, (last, stop.end() if stop else block_end)]


def _unquoted_payload(text: str, spans: Sequence[tuple[int, int]], a: int, b: int) -> bool:
    """Whether the words from a to b, their quoted spans left out, hold a dash or colon (new words after it)."""
    words = "".join(ch for i, ch in enumerate(text[a:b], a) if not _inside(i, spans))
    return bool(re.search(r"[—:–]|\s-(?:\s|$)", words))


def _style_label(style: str, k: int) -> str:
    return {
        "(a)": f"({_LETTERS[k]})",
        "(i)": f"({_ROMANS[k]})",
        "i.": f"{_ROMANS[k]}.",
        "1.": f"{k + 1}.",
        "A.": f"{_LETTERS[k].upper()}.",
    }[style]


def _numbering(style: str) -> Rewording:
    """Items numbered (a) ≡ (i) ≡ i. ≡ 1. ≡ A. (a list alone in its clause, all its labels at once)."""

    def reword(text: str) -> str | None:
        edits = []
        for lst in item_lists(text):
            if f"({_sequence(lst.style)[0]})" == style or len(lst.labels) > len(_ROMANS):
                continue
            edits += [(a, b, _style_label(style, k)) for k, (a, b) in enumerate(lst.labels)]
        return _subs(text, edits) if edits else None

    return reword


numbering_roman, numbering_roman_dot, numbering_arabic_dot, numbering_capital_dot, numbering_letter = (
    _numbering(s) for s in ("(i)", "i.", "1.", "A.", "(a)")
)

_SEP = re.compile(r"(?P<p>[ \t]*[;,]?)(?P<and>[ \t]*(?:and|or)\b)?(?P<ws>\s*)$")


def _separators(text: str, lst: ItemList) -> list[tuple[int, int, str, str]] | None:
    """Before each label but the first: (start, end, its punctuation and "and", the white space before the label);
    None where the item before ends otherwise (a full stop, "or", a dash …)."""
    out = []
    for a, _ in lst.labels[1:]:
        head = text[max(0, a - 40) : a]
        m = _SEP.search(head)
        if m is None or (m.group("and") or "").strip() == "or":
            return None
        if not m.group("p").strip() and m.group("and"):
            return None  # "… and (b)" without a semicolon: rare, left as it is
        prev = head[: m.start()].rstrip()
        if prev.endswith((".", "—", "-", ":")) and not prev.endswith("..."):
            return None
        out.append((a - len(head) + m.start(), a, m.group("p").strip() + (m.group("and") or "").strip(), m.group("ws")))
    return out


def _connectors(kind: str) -> Rewording:
    """Items joined by ";" ≡ "; and" (each, or the last only) ≡ ", and" before the last."""

    def reword(text: str) -> str | None:
        edits = []
        for lst in item_lists(text):
            seps = _separators(text, lst)
            if not seps:
                continue
            for k, (a, b, _old, ws) in enumerate(seps):
                last = k == len(seps) - 1
                new = {
                    "semicolons": ";",
                    "and_each": "; and",
                    "and_last": "; and" if last else ";",
                    "comma_and_last": ", and" if last else ";",
                }[kind]
                edits.append((a, b, new + (ws if "\n" in ws else " ")))
        rewritten = _subs(text, edits) if edits else None
        return rewritten if rewritten != text else None

    return reword


connectors_semicolons, connectors_and_each, connectors_and_last, connectors_comma_and_last = (
    _connectors(k) for k in ("semicolons", "and_each", "and_last", "comma_and_last")
)


def _breaks(kind: str) -> Rewording:
    """Items on one line ≡ each on its own line ≡ a blank line between them."""

    def reword(text: str) -> str | None:
        edits = []
        for lst in item_lists(text, loose=kind != "one_line"):
            for a, _ in lst.labels:
                m = re.search(r"\s*$", text[max(0, a - 20) : a])
                assert m is not None
                ws_start = a - (len(text[max(0, a - 20) : a]) - m.start())
                new = {"lines": "\n", "blank_lines": "\n\n", "one_line": " "}[kind]
                edits.append((ws_start, a, new))
        rewritten = _subs(text, edits) if edits else None
        return rewritten if rewritten != text else None

    return reword


breaks_lines, breaks_blank_lines, breaks_one_line = (_breaks(k) for k in ("lines", "blank_lines", "one_line"))

# --- page furniture --------------------------------------------------------------------------------

_DATE = r"\d{1,2} [A-Z][a-z]+ \d{4}"
_HEADERS = (
    re.compile(rf"(?P<date>{_DATE})\]? GOVERNMENT GAZETTE, WA (?P<page>\d+)"),  # an odd page's
    re.compile(rf"(?P<page>\d+) GOVERNMENT GAZETTE, WA \[?(?P<date>{_DATE})"),  # an even page's
)


def _with_header(text: str, at: int, gazette_date: dt.date | None, after: str) -> str | None:
    """``text`` with a page header put at ``at``: the date of the instrument's own headers (or its gazette date),
    the page after the one before it, and each later page numbered on by one."""
    headers = sorted((m for rx in _HEADERS for m in rx.finditer(text)), key=lambda m: m.start())
    if headers:
        date = headers[0].group("date")
        before = [int(m.group("page")) for m in headers if m.start() < at]
        page = before[-1] + 1 if before else int(headers[0].group("page"))
    elif gazette_date is not None:
        date, page = f"{gazette_date.day} {gazette_date:%B %Y}", 1000
    else:
        return None
    later = [(m.start("page"), m.end("page"), str(int(m.group("page")) + 1)) for m in headers if m.start() >= at]
    return _subs(text, [(at, at, f"\n{date} GOVERNMENT GAZETTE, WA {page}{after}"), *later])


def page_furniture(gazette_date: dt.date | None) -> Rewording:
    """A gazette page header between two items ("26 February 2020 GOVERNMENT GAZETTE, WA 424")."""

    def reword(text: str) -> str | None:
        lists = [lst for lst in item_lists(text, loose=True) if len(lst.labels) >= 2]
        if not lists:
            return None
        return _with_header(text, lists[0].labels[len(lists[0].labels) // 2][0], gazette_date, "\n")

    return reword


_CLAUSE_LINE = re.compile(r"\n(?=[ \t]*\d+[A-Z]?\.[ \t]+(?:Clause|Schedule|Part|Insert|Delete|In)\b)")


def page_furniture_between_clauses(gazette_date: dt.date | None) -> Rewording:
    """A gazette page header between the last two amending clauses."""

    def reword(text: str) -> str | None:
        spans = quoted_spans(text)
        starts = [m.start() for m in _CLAUSE_LINE.finditer(text, _instructions_start(text)) if not _inside(m.start(), spans)]
        return _with_header(text, starts[-1], gazette_date, "") if len(starts) >= 2 else None

    return reword


def page_furniture_in_payload(gazette_date: dt.date | None) -> Rewording:
    """A gazette page header inside a quoted block of new text (a page ends mid-payload in print): at a line break,
    or in a block of one line (twelve words or more) at the space nearest its middle, the page's lines around it."""

    def reword(text: str) -> str | None:
        for a, b in _spans_after_preamble(text):
            if text[a] != "“":
                continue
            breaks = [m.start() for m in re.finditer(r"\n(?=\S)", text[a:b])]
            if len(breaks) >= 2:
                return _with_header(text, a + breaks[len(breaks) // 2], gazette_date, "")
            spaces = [m.start() for m in re.finditer(r"(?<=\w) (?=\w)", text[a:b])]
            if not breaks and len(spaces) >= 11:
                at = a + spaces[len(spaces) // 2]
                return _with_header(text[:at] + text[at + 1 :], at, gazette_date, "\n")
        return None

    return reword


def clause_blank_lines(text: str) -> str | None:
    """Amending clauses one to a line ≡ a blank line between each two."""
    spans = quoted_spans(text)
    edits = [
        (m.start(), m.start(), "\n")
        for m in _CLAUSE_LINE.finditer(text, _instructions_start(text))
        if not _inside(m.start(), spans) and text[max(0, m.start() - 1)] != "\n"
    ]
    return _subs(text, edits) if edits else None


_THE_WORDS = re.compile(
    r"\b(?P<v>delete|deleting|omit|omitting|remove|removing|after|before)\s+(?P<w>the\s+words?\s+)?(?=“(?P<q>[^“”]+)”)", re.I
)


def _the_words(add: bool) -> Rewording:
    """ "delete “x y”" ≡ "delete the words “x y”" (and "after", "before"; "the word" for one word)."""

    def reword(text: str) -> str | None:
        spans = quoted_spans(text)
        edits = []
        for m in _THE_WORDS.finditer(text, _instructions_start(text)):
            if _inside(m.start(), spans) or bool(m.group("w")) == add:
                continue
            if add:
                if not re.search(r"[A-Za-z]{2}", m.group("q")):
                    continue  # punctuation or a label is not "the words"
                one = len(m.group("q").split()) == 1
                edits.append((m.end("v"), m.end("v"), " the word" if one else " the words"))
            else:
                edits.append((m.start("w"), m.end("w"), ""))
        return _subs(text, edits) if edits else None

    return reword


the_words_added, the_words_dropped = _the_words(True), _the_words(False)

_THE_WORDS_QUOTED = re.compile(r"\bthe\s+words?(?=\s+“)", re.I)


def the_words_comma(text: str) -> str | None:
    """(r15) "delete the words “x”" ≡ "delete the words, “x”" (older drafting: a comma before the quotation)."""
    spans = quoted_spans(text)
    edits = [
        (m.end(), m.end(), ",")
        for m in _THE_WORDS_QUOTED.finditer(text, _instructions_start(text))
        if not _inside(m.start(), spans)
    ]
    return _subs(text, edits) if edits else None


def _lead_mark(mark: str) -> Rewording:
    """A lead-in before its items ends in "—" ≡ ":" (the list's lead-in only)."""

    def reword(text: str) -> str | None:
        edits = []
        for lst in item_lists(text):
            before = text[: lst.labels[0][0]].rstrip()
            if before[-1] != mark and before[-1] in "—:":
                edits.append((len(before) - 1, len(before), mark))
        return _subs(text, edits) if edits else None

    return reword


lead_in_colon, lead_in_dash = _lead_mark(":"), _lead_mark("—")

# --- lead-ins ----------------------------------------------------------------------------------------

_AMENDED_AS_FOLLOWS = re.compile(
    r"\b(?P<kind>Clause|Subclause|Paragraph|Schedule) (?P<cit>\d+(?:\.\d+)*[A-Z]?(?:\(\w+\))*) "
    r"(?:of the principal local law )?is amended (?:as follows|by)?\s*(?P<dash>[—:–-])",
)


def lead_in_as_in(text: str) -> str | None:
    """ "Clause 2.8 is amended as follows— (a) …" ≡ "In clause 2.8— (a) …" (its items one instruction list)."""
    spans = quoted_spans(text)
    starts = {lst.labels[0][0] for lst in item_lists(text)}
    edits = []
    for m in _AMENDED_AS_FOLLOWS.finditer(text, _instructions_start(text)):
        if _inside(m.start(), spans):
            continue
        nxt = re.match(r"\s*", text[m.end() :])
        assert nxt is not None
        if m.end() + nxt.end() not in starts:
            continue
        edits.append((m.start(), m.end(), f"In {m.group('kind').lower()} {m.group('cit')}{m.group('dash')}"))
    return _subs(text, edits) if edits else None


_CIT = r"(?P<cit>\d+(?:\.\d+)*[A-Z]{0,2}(?:\(\w+\))*)"
_CLAUSE_LEADS = (
    re.compile(r"\bIn clause " + _CIT + r"\s*(?P<dash>[—:–-])"),
    re.compile(r"\bClause " + _CIT + r" (?:of the principal local law )?is amended(?: as follows)?\s*(?P<dash>[—:–-])"),
)
_ITEM_SUB = re.compile(r"\s+in subclause \((?P<n>\d+[A-Z]?)\),?(?=\s)", re.I)
_ITEM_PARA = re.compile(r"\s+in paragraph \((?P<n>[a-z]{1,2})\),?(?=\s)", re.I)
_ITEM_VERB = re.compile(r"\s+(?P<v>(?:delete|omit|remove|insert|add|substitute|replace|after|before|at the end)\b)", re.I)


@dataclass(frozen=True)
class _Distributable:
    """A lead-in naming a clause before a list whose every item completes the citation or acts on the clause."""

    lead: re.Match[str]
    lst: ItemList
    items: tuple[tuple[re.Match[str], str | None], ...]  # each item's opening words, the label they add (or None)


def _distributable(text: str) -> list[_Distributable]:
    """Lead-ins "In clause 5.2—" (or "Clause 5.2 is amended as follows—") before a list whose every item begins
    "in subclause (n)" (a clause's lead-in), "in paragraph (x)" (a subclause's), or with its action ("delete …")."""
    spans = quoted_spans(text)
    lists = {lst.labels[0][0]: lst for lst in item_lists(text)}
    out = []
    for rx in _CLAUSE_LEADS:
        for m in rx.finditer(text, _instructions_start(text)):
            if _inside(m.start(), spans):
                continue
            gap = re.match(r"\s*", text[m.end() :])
            lst = lists.get(m.end() + (gap.end() if gap else 0))
            if lst is None:
                continue
            depth = m.group("cit").count("(")
            items: list[tuple[re.Match[str], str | None]] = []
            for _, b in lst.labels:
                sub = _ITEM_SUB if depth == 0 else _ITEM_PARA if depth == 1 else None
                found = sub.match(text, b) if sub else None
                if found:
                    items.append((found, found.group("n")))
                elif verb := _ITEM_VERB.match(text, b):
                    items.append((verb, None))
                else:
                    break
            if len(items) == len(lst.labels):
                out.append(_Distributable(m, lst, tuple(items)))
    return out


def _completed(cit: str, found: re.Match[str], label: str | None, partial: bool) -> str:
    """An item's opening words with the lead-in's clause given in them."""
    where = f"{cit}({label})" if label else cit
    if label:
        return f" {where}," if partial else f" in clause {where}"
    verb = found.group("v").lower()
    return f" {where}, {verb}" if partial else f" in clause {where} {verb}"


def lead_in_distributed(text: str) -> str | None:
    """ "In clause 5.2— (a) in subclause (1) delete …; (b) in subclause (4) …" ≡ "(a) in clause 5.2(1) delete …;
    (b) in clause 5.2(4) …" (and "(c) delete …" ≡ "(c) in clause 5.2 delete …"); one item: "In clause 5.2(1) delete …"."""
    edits = []
    for d in _distributable(text):
        cit = d.lead.group("cit")
        if len(d.items) == 1:
            found, label = d.items[0]
            edits.append((d.lead.start(), found.end(), "In" + _completed(cit, found, label, False)[3:]))
            continue
        gap = re.match(r"\s*", text[d.lead.end() :])
        edits.append((d.lead.start(), d.lead.end() + (gap.end() if gap else 0), ""))
        edits += [(found.start(), found.end(), _completed(cit, found, label, False)) for found, label in d.items]
    return _subs(text, edits) if edits else None


def lead_in_partial(text: str) -> str | None:
    """ "In clause 5.2— (a) in subclause (1) delete …" ≡ "In clause— (a) 5.2(1), delete …" (the lead-in names the
    kind, each item completes the citation)."""
    edits = []
    for d in _distributable(text):
        cit = d.lead.group("cit")
        edits.append((d.lead.start(), d.lead.end(), f"In clause{d.lead.group('dash')}"))
        edits += [(found.start(), found.end(), _completed(cit, found, label, True)) for found, label in d.items]
    return _subs(text, edits) if edits else None


# --- which occurrence --------------------------------------------------------------------------------------------
_OCCURRENCE = re.compile(
    r"\b(?:where it (?P<a>first|second|third|last) (?:occurs|appears)|(?P<b>first|second|third|last) occurring|"
    r"in the (?P<c>first|second|third|last) place where it (?:occurs|appears))\b"
)


def _occurrence(form: str) -> Rewording:
    """ "where it second occurs" ≡ "second occurring" ≡ "in the second place where it occurs" ≡ "where it occurs for
    the second time" ≡ "on the second occasion on which it occurs" (first, second, third, last)."""

    def reword(text: str) -> str | None:
        spans = quoted_spans(text)
        edits = [
            (m.start(), m.end(), form.format(o=m.group("a") or m.group("b") or m.group("c")))
            for m in _OCCURRENCE.finditer(text, _instructions_start(text))
            if not _inside(m.start(), spans) and form.format(o=m.group("a") or m.group("b") or m.group("c")) != m.group(0)
        ]
        return _subs(text, edits) if edits else None

    return reword


occurrence_for_the_time = _occurrence("where it occurs for the {o} time")
occurrence_on_the_occasion = _occurrence("on the {o} occasion on which it occurs")
occurrence_in_the_place = _occurrence("in the {o} place where it occurs")


#: (r12) "after the item relating to Form 2 insert: …" ≡ "after the item for Form 2 insert: …" (a row named by what it
#: cites; not "in the items relating to …", a place of a word edit)
_ROW_RELATING = re.compile(r"\b(?P<pos>after|before|delete) the item relating to (?=(?:clause|Form|regulation|by-law) \S)")


def row_item_for(text: str) -> str | None:
    spans = quoted_spans(text)
    edits = [
        (m.start(), m.end(), f"{m.group('pos')} the item for ")
        for m in _ROW_RELATING.finditer(text, _instructions_start(text))
        if not _inside(m.start(), spans)
    ]
    return _subs(text, edits) if edits else None


#: (issue 20, wr5a) "In Schedule 2 in the Table …" ≡ "In the Table to Schedule 2 …" (the schedule's table named first)
_SCHEDULE_TABLE = re.compile(r"\b(?P<in>[Ii]n) (?P<sched>Schedule \d+[A-Z]?),? in the (?P<table>[Tt]able)\b")


def table_to_schedule(text: str) -> str | None:
    spans = quoted_spans(text)
    edits = [
        (m.start(), m.end(), f"{m.group('in')} the {m.group('table')} to {m.group('sched')}")
        for m in _SCHEDULE_TABLE.finditer(text, _instructions_start(text))
        if not _inside(m.start(), spans)
    ]
    return _subs(text, edits) if edits else None


#: (issue 20, wr5a) "delete “x” wherever occurring and insert …" ≡ "delete “x” throughout and insert …" (just after the
#: words deleted, the place named elsewhere; never before a place: "throughout clause 3" is another shape)
_WHEREVER_THEN_NEW = re.compile(
    r"(?<=[”\"]) wherever (?:it |they )?(?:occurs|occurring|appears|appearing)(?= and (?:insert|inserting|substitut))"
)


def occurrence_throughout(text: str) -> str | None:
    spans = quoted_spans(text)
    edits = [
        (m.start(), m.end(), " throughout")
        for m in _WHEREVER_THEN_NEW.finditer(text, _instructions_start(text))
        if not _inside(m.start(), spans)
    ]
    return _subs(text, edits) if edits else None


# --- (issue 20, wr7) older drafting: "the passage", "re-enacting it with amendments", "a further paragraph" ---------
_DELETED_NAMED = re.compile(
    r"\b(?P<v>delete|deleting|omit|omitting|remove|removing)\s+(?P<w>the\s+(?:words?|passage))\s+(?=[“\"])", re.I
)


def _deleted_named(to: str) -> Rewording:
    """ "deleting the words “x”" ≡ "deleting the passage “x”" (the words deleted only: a passage is looked for inside
    words too, and is refused there unless the new words keep the word's letters; on word boundaries it is words)."""

    def reword(text: str) -> str | None:
        spans = quoted_spans(text)
        edits = []
        for m in _DELETED_NAMED.finditer(text, _instructions_start(text)):
            named = m.group("w").split()[-1].lower()
            if _inside(m.start(), spans) or (named == "passage") == (to == "the passage"):
                continue
            edits.append((m.start("w"), m.end("w"), to))
        return _subs(text, edits) if edits else None

    return reword


deleted_as_passage, passage_as_words = _deleted_named("the passage"), _deleted_named("the words")

_REENACTING = re.compile(r"\b(?P<v>re-?enacting\s+(?:it|them))(?P<w>\s+with\s+amendments)(?=\s+as\s+follows\b)", re.I)


def reenacting_plain(text: str) -> str | None:
    """ "repealing subclause (3) and re-enacting it with amendments as follows" ≡ "… and re-enacting it as follows" (the
    text that follows is the provision either way)."""
    spans = quoted_spans(text)
    edits = [
        (m.start("w"), m.end("w"), "")
        for m in _REENACTING.finditer(text, _instructions_start(text))
        if not _inside(m.start(), spans)
    ]
    return _subs(text, edits) if edits else None


_STAND_AS = re.compile(r"\b(?P<a>a)\s+(?P<w>further)(?=\s+(?:sub)?(?:paragraph|clause)\s+to\s+stand\s+as\b)", re.I)


def stand_as_new(text: str) -> str | None:
    """ "adding a further paragraph to stand as paragraph (e)" ≡ "adding a new paragraph to stand as paragraph (e)"."""
    spans = quoted_spans(text)
    edits = [
        (m.start("w"), m.end("w"), "new")
        for m in _STAND_AS.finditer(text, _instructions_start(text))
        if not _inside(m.start(), spans)
    ]
    return _subs(text, edits) if edits else None


#: (round 14) "in the 3rd item in the Table" ≡ "in the third item in the Table" (a row by its place, the ordinal in words)
_ROW_ORDINAL = re.compile(r"\bthe (?P<n>10|[1-9])(?:st|nd|rd|th) (?P<kind>item|row) in the (?P<table>[Tt]able)\b")
_ORDINAL_WORDS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def row_ordinal_in_words(text: str) -> str | None:
    spans = quoted_spans(text)
    edits = [
        (m.start(), m.end(), f"the {_ORDINAL_WORDS[int(m.group('n')) - 1]} {m.group('kind')} in the {m.group('table')}")
        for m in _ROW_ORDINAL.finditer(text, _instructions_start(text))
        if not _inside(m.start(), spans)
    ]
    return _subs(text, edits) if edits else None


def rewordings(gazette_date: dt.date | None = None) -> dict[str, Rewording]:
    """Every rewording by name (page furniture needs the instrument's gazette date where it prints no header)."""
    return {
        "quotes_straight": quotes_straight,
        "quotes_single": quotes_single,
        "quotes_curly": quotes_curly,
        "verb_omit": verb_omit,
        "relabel_redesignate": relabel_redesignate,
        "relabel_renumber": relabel_renumber,
        "verb_remove": verb_remove,
        "verb_strike_out": verb_strike_out,
        "verb_delete": verb_delete,
        "and_insert": and_insert,
        "and_substitute": and_substitute,
        "and_insert_in_its_place": and_insert_in_its_place,
        "and_replace_with": and_replace_with,
        "and_in_substitution_insert": and_in_substitution_insert,
        "and_insert_in_place_thereof": and_insert_in_place_thereof,
        "and_insert_in_its_stead": and_insert_in_its_stead,
        "insert_as_add": insert_as_add,
        "voice_passive": voice_passive,
        "voice_passive_provisions": voice_passive_provisions,
        "numbering_roman": numbering_roman,
        "numbering_roman_dot": numbering_roman_dot,
        "numbering_arabic_dot": numbering_arabic_dot,
        "numbering_capital_dot": numbering_capital_dot,
        "numbering_letter": numbering_letter,
        "connectors_semicolons": connectors_semicolons,
        "connectors_and_each": connectors_and_each,
        "connectors_and_last": connectors_and_last,
        "connectors_comma_and_last": connectors_comma_and_last,
        "breaks_lines": breaks_lines,
        "breaks_blank_lines": breaks_blank_lines,
        "breaks_one_line": breaks_one_line,
        "page_furniture": page_furniture(gazette_date),
        "clause_furniture": page_furniture_between_clauses(gazette_date),
        "clause_blank_lines": clause_blank_lines,
        "payload_furniture": page_furniture_in_payload(gazette_date),
        "the_words_added": the_words_added,
        "the_words_dropped": the_words_dropped,
        "lead_in_colon": lead_in_colon,
        "lead_in_dash": lead_in_dash,
        "lead_in_as_in": lead_in_as_in,
        "lead_in_distributed": lead_in_distributed,
        "lead_in_partial": lead_in_partial,
        "occurrence_for_the_time": occurrence_for_the_time,
        "occurrence_on_the_occasion": occurrence_on_the_occasion,
        "occurrence_in_the_place": occurrence_in_the_place,
        "row_item_for": row_item_for,
        "table_to_schedule": table_to_schedule,
        "occurrence_throughout": occurrence_throughout,
        "deleted_as_passage": deleted_as_passage,
        "passage_as_words": passage_as_words,
        "reenacting_plain": reenacting_plain,
        "stand_as_new": stand_as_new,
        "row_ordinal_in_words": row_ordinal_in_words,
        "the_words_comma": the_words_comma,
    }


def variants(text: str, gazette_date: dt.date | None = None, *, pairs: bool = True) -> dict[str, str]:
    """Every rewording that applies to ``text`` by name, and (``pairs``) every two of them composed ("a+b", b
    applied to a's result), each distinct from the original and from each other."""
    singles = rewordings(gazette_date)
    out: dict[str, str] = {}
    seen = {text}
    for name, fn in singles.items():
        new = fn(text)
        if new is not None and new not in seen:
            out[name] = new
            seen.add(new)
    if pairs:
        for first, once in list(out.items()):
            for name, fn in singles.items():
                if name <= first.split("+")[-1] or _same_family(first, name):
                    continue
                new = fn(once)
                if new is not None and new not in seen:
                    out[f"{first}+{name}"] = new
                    seen.add(new)
    return out


def _same_family(a: str, b: str) -> bool:
    return a.split("_")[0] == b.split("_")[0]
