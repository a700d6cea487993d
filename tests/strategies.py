"""Hypothesis strategies for lawhistory's property and fuzz tests.

* ``laws()`` draws a valid law tree in the structured text format (docs/format.md): parts, divisions,
  subdivisions, clauses with headings and own text, subclauses, paragraphs, subparagraphs, definitions,
  free text and schedules with column headings and rows, plus closing words and front matter. Labels are
  realistic (``2.8A``, ``(7A)``, ``(ba)``, ``(i)`` after ``(h)``) and the kind of every bracketed label is
  the one ``labels.bracket_kind`` gives it, as the format requires. Texts are realistic words mixed with
  what needs escaping: a leading ``(a)``, ``**``, ``|``, ``————``, clause numbers, unicode quotes and
  dashes, leading/trailing spaces, zero-width and right-to-left marks.
* ``word_ops`` / ``provision_ops`` draw operations that can be applied to a given body.
* ``examples(n)`` is the number of examples for a test: ``n`` by default, or ``LAWHISTORY_FUZZ_EXAMPLES``.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from dataclasses import dataclass

from hypothesis import strategies as st

from lawhistory.core.labels import BRACKET_LABEL, ROMAN, bracket_kind, next_letter
from lawhistory.core.model import CLAUSE_LEVELS, Commencement, Gazette, Law, LawMeta, LawRef, Provision
from lawhistory.reading.tables import row_num


def examples(default: int) -> int:
    """How many examples a property or fuzz test runs: ``default`` in CI, more with LAWHISTORY_FUZZ_EXAMPLES=N."""
    value = os.environ.get("LAWHISTORY_FUZZ_EXAMPLES")
    return int(value) if value else default


# --- words ---------------------------------------------------------------------------------------

WORDS = [
    "A", "person", "shall", "not", "keep", "more", "than", "the", "local", "government", "may", "owner", "occupier",
    "of", "premises", "land", "means", "cat", "dog", "poultry", "within", "9 metres", "and", "or", "for", "any",
    "dwelling", "residential", "building", "$250", "$5,000", "1.8", "clause", "subclause", "paragraph", "rubbish",
    "refuse", "Code", "Practice—Pigeon", "Keeping", "similar", "device;", "offence.", "nuisance;", "authorised",
    "officer", "Shire", "Kellerberrin", "(a)", "(1)", "2.8(2)(h)", "“cat”", "‘animal’", "—", "–", "…", "|", "**",
    "\\", "owner’s", "isn't", "e.g.", "10.00 pm", "6.00 am", "Felis catus", "S hire", "per cent", "%", "½", "é",
    "naïve", "Ærø", "ﬁre", "٣", "中文", "😀",
]  # fmt: skip
#: Characters that are easy to get wrong: quotes, dashes, zero-width and direction marks, combining marks, NUL.
ODD = ["“", "”", "‘", "’", "—", "–", "|", "*", "\\", "\u00a0", "\u200b", "\u200f", "\u202e", "\u0301", "\ufeff", "\x00", "\t", "\x0b", "\u2028", "\x85"]  # fmt: skip
#: Line starts that would be misread if the line were not escaped.
LOOKALIKE_STARTS = [
    "(a) ", "(c) ", "(1) ", "(7A) ", "(iv) ", "(ba) ", "**", "** ", "**x** ", "| ", "|", "————", "———— ", "2.8 ", "2.8A ",
    "12. ", "5.", "1.8 metres ", "PART 2—", "PART 3", "Division 1—", "Subdivision 2", "Schedule 1—", "Schedule 2", "\\",
    "\\(a) ", " ", "  ", "\t", "|---|",
]  # fmt: skip

#: Any character that may appear inside one line of the format (no line breaks of the file itself).
LINE_CHAR = st.characters(exclude_categories=["Cs"], exclude_characters="\n\r")
word = st.one_of(
    st.sampled_from(WORDS),
    st.sampled_from(WORDS),
    st.sampled_from(ODD),
    st.text(LINE_CHAR, min_size=1, max_size=5),
)


@st.composite
def phrase(draw: st.DrawFn, min_words: int = 1, max_words: int = 10) -> str:
    """Words joined by spaces: a realistic run of legal words with odd characters mixed in."""
    return " ".join(draw(st.lists(word, min_size=min_words, max_size=max_words)))


@st.composite
def line_text(draw: st.DrawFn) -> str:
    """The text of a provision: sometimes empty, sometimes starting like a label, a row, a rule or a clause."""
    start = draw(st.one_of(st.just(""), st.just(""), st.sampled_from(LOOKALIKE_STARTS)))
    body = draw(st.one_of(phrase(), st.just("")))
    end = draw(st.sampled_from(["", ".", ";", "; and", "; or", "—", ":", " ", "  "]))
    return start + body + end


def heading_text() -> st.SearchStrategy[str]:
    """A clause heading: non-empty (an empty heading is no heading)."""
    return phrase(1, 6)


# --- labels --------------------------------------------------------------------------------------

LETTERS = "abcdefghijklmnopqrstuvwxyz"


@st.composite
def label_list(draw: st.DrawFn, style: str, max_size: int = 5) -> list[str]:
    """Bracketed labels as printed in one list: ``(1) (2) (2A) (3)``, ``(a) (b) (ba) (c)``, ``(i) (ii)``, or anything."""
    n = draw(st.integers(1, max_size))
    if style == "random":
        return draw(st.lists(st.from_regex(BRACKET_LABEL, fullmatch=True), min_size=n, max_size=n))
    if style == "digits":
        base = [str(i) for i in range(1, n + 1)]
    elif style == "roman":
        base = ROMAN[:n]
    else:
        start = draw(st.integers(0, 9)) if style == "letters-late" else 0
        base = list(LETTERS[start : start + n])
    labels: list[str] = []
    for b in base:
        labels.append(b)
        inserted = b + ("A" if b[0].isdigit() else "a")
        if draw(st.integers(0, 9)) == 0 and BRACKET_LABEL.fullmatch(f"({inserted})"):  # an inserted label: (7A), (ba)
            labels.append(inserted)
    if draw(st.integers(0, 19)) == 0 and labels:  # a label printed twice (a typo in the gazette)
        labels.append(labels[-1])
    return [f"({x})" for x in labels]


@dataclass
class Numbers:
    """Clause, part and schedule numbers already used in one law (clauses are cited alone, so unique)."""

    clauses: set[str]
    parts: int = 0
    schedules: int = 0


# --- provisions ----------------------------------------------------------------------------------

MAX_DEPTH = 4


@st.composite
def definition(draw: st.DrawFn, depth: int, used_terms: set[str] | None = None) -> Provision:
    """A definition: ``**term** means ...``; its text begins with its term (no ``*`` in terms)."""
    term = draw(phrase(1, 3).filter(lambda t: "*" not in t and t != ""))
    if used_terms is not None:
        while term in used_terms:
            term += "x"
        used_terms.add(term)
    verb = draw(st.sampled_from([" means ", " includes ", " has the meaning given in ", " means—", "", " "]))
    rest = draw(st.one_of(st.just(""), phrase()))
    text = term + verb + rest
    children: tuple[Provision, ...] = ()
    if verb.endswith("—") and depth < MAX_DEPTH:
        children = draw(bracketed_children("definition", depth + 1, styles=["letters"]))
    return Provision(kind="definition", term=term, text=text, children=children)


@st.composite
def definitions(draw: st.DrawFn, depth: int, min_size: int = 1, max_size: int = 5) -> tuple[Provision, ...]:
    used: set[str] = set()
    n = draw(st.integers(min_size, max_size))
    return tuple(draw(definition(depth, used)) for _ in range(n))


def free_text(text: st.SearchStrategy[str] | None = None) -> st.SearchStrategy[Provision]:
    return st.builds(lambda t: Provision(kind="text", text=t), text if text is not None else line_text())


@st.composite
def bracketed_children(
    draw: st.DrawFn, parent_kind: str, depth: int, styles: list[str] | None = None, max_size: int = 5
) -> tuple[Provision, ...]:
    """A list of subclauses, paragraphs or subparagraphs under ``parent_kind``; kinds follow ``bracket_kind``."""
    style = draw(st.sampled_from(styles or ["digits", "letters", "letters-late", "roman", "random"]))
    out: list[Provision] = []
    prev: str | None = None
    for label in draw(label_list(style, max_size)):
        kind = bracket_kind(label, parent_kind, prev)
        prev = label
        children: tuple[Provision, ...] = ()
        if depth < MAX_DEPTH and draw(st.integers(0, 3)) == 0:
            children = draw(children_of(kind, depth + 1))
        text = draw(st.one_of(line_text(), st.none())) if children else draw(st.one_of(line_text(), line_text(), st.none()))
        out.append(Provision(kind=kind, num=label, text=text, children=children))  # type: ignore[arg-type]
    if draw(st.integers(0, 7)) == 0:  # closing words kept as free text under the list's holder
        out.append(draw(free_text()))
    return tuple(out)


@st.composite
def children_of(draw: st.DrawFn, kind: str, depth: int) -> tuple[Provision, ...]:
    """What a provision of ``kind`` holds in real local laws (see the census of laws/ in test_properties)."""
    if kind == "subclause":
        choice = draw(st.sampled_from(["letters", "letters", "definitions", "lead-in", "random"]))
    elif kind == "paragraph":
        choice = draw(st.sampled_from(["roman", "roman", "random"]))
    elif kind == "definition":
        choice = "letters"
    else:
        choice = draw(st.sampled_from(["letters", "roman", "random"]))
    if choice == "definitions":
        return draw(definitions(depth))
    if choice == "lead-in":  # "In this subclause—" and its definitions
        lead = draw(free_text(st.sampled_from(["In this subclause—", "In this clause—", "(a) looks like a label—"])))
        return (lead.with_children(draw(definitions(depth + 1))),)
    return draw(bracketed_children(kind, depth, styles=[choice]))


@st.composite
def clause(draw: st.DrawFn, numbers: Numbers, prefix: str = "", num: str | None = None) -> Provision:
    """A clause: a unique number (``2.8``, ``2.8A``, ``5``) unless ``num`` is given, an optional heading, own text, children."""
    if num is None:
        n = len(numbers.clauses) + 1
        num = f"{prefix}.{n}" if prefix else str(n)
        if draw(st.integers(0, 9)) == 0:
            num += draw(st.sampled_from(["A", "B", "AA"]))
        while num in numbers.clauses:
            num += "A"
    numbers.clauses.add(num)
    heading = draw(st.one_of(st.none(), heading_text()))
    shape = draw(st.sampled_from(["text", "subclauses", "paragraphs", "definitions", "bare", "text+more", "lead-in"]))
    text: str | None = None
    children: tuple[Provision, ...] = ()
    if shape in ("text", "text+more"):
        text = draw(line_text())
    if shape == "subclauses":
        children = draw(bracketed_children("clause", 1, styles=["digits"]))
    elif shape == "paragraphs":
        children = draw(bracketed_children("clause", 1, styles=["letters", "random"]))
    elif shape == "definitions":
        text = draw(st.sampled_from(["In this local law, unless the context otherwise requires—", "(a) In this clause—"]))
        children = draw(definitions(1))
    elif shape == "text+more":
        children = draw(st.lists(st.one_of(free_text(), definition(1)), min_size=1, max_size=2).map(tuple))
        children += draw(bracketed_children("clause", 1))
    elif shape == "lead-in":
        # A clause whose words are all in its subclauses: no own text, so it must not start with free text.
        children = draw(bracketed_children("clause", 1, styles=["digits"]))
        children += (draw(free_text()),)
    return Provision(kind="clause", num=num, heading=heading, text=text, children=children)


@st.composite
def clauses(draw: st.DrawFn, numbers: Numbers, prefix: str, max_size: int = 3) -> tuple[Provision, ...]:
    n = draw(st.integers(0, max_size))
    return tuple(draw(clause(numbers, prefix)) for _ in range(n))


def container_heading() -> st.SearchStrategy[str | None]:
    return st.one_of(st.none(), st.just(""), phrase(1, 5).map(str.upper), phrase(1, 5))


@st.composite
def part(draw: st.DrawFn, numbers: Numbers) -> Provision:
    """A part: words or clauses, then divisions (a part holds everything up to the next part)."""
    numbers.parts += 1
    num = str(numbers.parts) + draw(st.sampled_from(["", "", "", "A"]))
    lead = tuple(draw(st.lists(st.one_of(free_text(), definition(0)), max_size=1)))
    children = lead + draw(clauses(numbers, str(numbers.parts)))
    for d in range(draw(st.integers(0, 2))):
        div_children = draw(clauses(numbers, str(numbers.parts)))
        subdivisions = tuple(
            Provision(kind="subdivision", num=str(s + 1), heading=draw(container_heading()), children=draw(clauses(numbers, "")))
            for s in range(draw(st.integers(0, 1)))
        )
        children += (
            Provision(kind="division", num=str(d + 1), heading=draw(container_heading()), children=div_children + subdivisions),
        )
    return Provision(kind="part", num=num, heading=draw(container_heading()), children=children)


def cell() -> st.SearchStrategy[str]:
    """A table cell: any words, pipes included (written ``\\|``); not ending in a backslash (see test_properties)."""
    return st.one_of(phrase(0, 4), st.sampled_from(["2.13(1)", "$250", "Failure to obtain a permit", "a | b", "|", ""])).filter(
        lambda c: not c.endswith("\\")
    )


@st.composite
def schedule(draw: st.DrawFn, numbers: Numbers) -> Provision:
    """A schedule: a reference note or words, its table's column headings (maybe none) and rows."""
    numbers.schedules += 1
    width = draw(st.integers(1, 4))
    header: tuple[str, ...] = draw(
        st.one_of(
            st.just(()),
            st.just(("Item", "Clause", "Description", "Modified Penalty $")[:width]),
            st.lists(cell(), min_size=width, max_size=width).map(tuple),
        )
    )
    children: list[Provision] = list(draw(st.lists(free_text(), max_size=2)))
    used: set[str] = set()
    for i in range(draw(st.integers(0, 5))):
        cells = draw(st.lists(cell(), min_size=width, max_size=width).map(tuple))
        if header and header[0].startswith("Item"):
            first = str(i + 1) + draw(st.sampled_from(["", "", "A"]))
            while first in used:
                first += "A"
            cells = (first, *cells[1:])
            used.add(first)
        children.append(Provision(kind="item", num=row_num(header, cells), cells=cells))
    children += draw(st.lists(free_text(), max_size=1))
    heading = draw(st.one_of(st.none(), st.just("PRESCRIBED OFFENCES"), phrase(1, 4)))
    return Provision(kind="schedule", num=str(numbers.schedules), heading=heading, cells=header, children=tuple(children))


@st.composite
def bodies(draw: st.DrawFn) -> tuple[Provision, ...]:
    """A law's body: preface lines, then clauses (an instrument) or parts, then schedules."""
    numbers = Numbers(clauses=set())
    preface = tuple(draw(st.lists(free_text(), max_size=3)))
    if draw(st.booleans()):
        middle = draw(clauses(numbers, "", max_size=4))
    else:
        middle = draw(clauses(numbers, "1", max_size=2)) + tuple(draw(part(numbers)) for _ in range(draw(st.integers(1, 3))))
    schedules = tuple(draw(schedule(numbers)) for _ in range(draw(st.integers(0, 2))))
    return preface + middle + schedules


# --- front matter --------------------------------------------------------------------------------

#: Any text for front matter except CR (not allowed in the file) and NEL (U+0085), which PyYAML's emitter writes
#: raw inside a quoted scalar, so it comes back as a space: test_properties pins that bug on its own.
any_text = st.text(st.characters(exclude_categories=["Cs"], exclude_characters="\r\x85"), max_size=30)
dates = st.dates(min_value=dt.date(1900, 1, 1), max_value=dt.date(2100, 12, 31))


@st.composite
def metas(draw: st.DrawFn) -> LawMeta:
    """Front matter: realistic values and any text YAML must quote (``yes``, ``null``, ``2020-01-01``, ``: ``, unicode)."""
    text = st.one_of(
        phrase(1, 6).filter(lambda t: "\x85" not in t),
        any_text.filter(bool),
        st.sampled_from(["yes", "null", "~", "2020-02-26", "12", "a: b", "- x", "---"]),
    )
    opt_text = st.one_of(st.none(), text)
    kind = draw(st.sampled_from(["principal", "amending", "repeal"]))
    ref = st.builds(LawRef, title=text, gazette_date=st.one_of(st.none(), dates), id=st.one_of(st.none(), text))
    return LawMeta(
        id=draw(st.one_of(st.just("kellerberrin/animals-environment-and-nuisance-local-law-2019"), text)),
        title=draw(text),
        local_government=draw(text.filter(lambda t: not any(c in t for c in "<>\n"))),  # the reader refuses these
        kind=kind,
        made=draw(st.one_of(st.none(), dates)),
        gazette=Gazette(
            date=draw(st.one_of(st.none(), dates)),
            number=draw(st.one_of(st.none(), st.sampled_from(["28", "007"]), text)),
            pages=draw(st.one_of(st.none(), st.just("419-437"), text)),
        ),
        commencement=Commencement(
            wording=draw(opt_text),
            rule=draw(
                st.sampled_from(
                    ["on_gazettal", "day_after_gazettal", "days_after_gazettal", "fixed_date", "by_notice", "unknown"]
                )
            ),
            days=draw(st.one_of(st.none(), st.integers(0, 400))),
            date=draw(st.one_of(st.none(), dates)),
        ),
        amends=draw(st.one_of(st.none(), ref)) if kind == "amending" else None,
        earlier_amendments=tuple(draw(st.lists(dates, max_size=3))),
        repeals=tuple(draw(st.lists(ref, max_size=2))),
        partial=draw(st.booleans()),
        source=draw(opt_text),
        notes=tuple(draw(st.lists(st.one_of(text, st.just("two\nlines"), st.just("trailing \n")), max_size=3))),
    )


@st.composite
def laws(draw: st.DrawFn) -> Law:
    """A whole law: front matter, body and closing words."""
    conclusions = tuple(draw(st.lists(free_text(), max_size=3)))
    return Law(meta=draw(metas()), body=draw(bodies()), conclusions=conclusions)


# --- word boundaries (the spec in docs/amendments.md, written independently of lawhistory.amending.apply) --------------


def is_word_char(ch: str) -> bool:
    """A character that continues a word: letters, digits, underscore and apostrophes."""
    return ch.isalnum() or ch == "_" or ch in "’'"


def occurrences(text: str, words: str) -> list[tuple[int, int]]:
    """Where ``words`` occur in ``text`` on word boundaries, left to right, not overlapping."""
    out: list[tuple[int, int]] = []
    i = 0
    while words and i <= len(text) - len(words):
        j = i + len(words)
        if (
            text.startswith(words, i)
            and not (words[0].isalnum() and i > 0 and is_word_char(text[i - 1]))
            and not (words[-1].isalnum() and j < len(text) and is_word_char(text[j]))
        ):
            out.append((i, j))
            i = j
        else:
            i += 1
    return out


# --- operations on a given body --------------------------------------------------------------------

BRACKETED = ("subclause", "paragraph", "subparagraph")


@dataclass(frozen=True)
class Target:
    """A provision an operation can name: its path from the root, its citation, itself and its parent (None at the root)."""

    path: tuple[int, ...]
    citation: str
    provision: Provision
    parent: Provision | None


def fresh_clause_num(num: str, used: set[str]) -> str:
    """A clause number not in ``used`` that would be inserted after ``num``: ``2.8`` → ``2.8A`` (→ ``2.8B``)."""
    base = re.sub(r"[A-Z]+$", "", num)
    for suffix in ("A", "B", "C", "AA", "AB", "Z"):
        if base + suffix not in used and re.fullmatch(r"\d+(?:\.\d+)*[A-Z]{0,2}", base + suffix):
            return base + suffix
    n = 1
    while f"9{n}.1" in used:
        n += 1
    return f"9{n}.1"


def _label_kinds_agree(label: str, parent_kind: str, before: str | None, after: Provision | None) -> bool:
    """Whether ``label`` has one kind whatever comes before it, and leaves the next label's kind alone."""
    kind = bracket_kind(label, parent_kind, None)
    if bracket_kind(label, parent_kind, before) != kind:
        return False
    return after is None or after.num is None or bracket_kind(after.num, parent_kind, label) == after.kind


@st.composite
def new_bracketed(
    draw: st.DrawFn, parent_kind: str, siblings: tuple[Provision, ...], before: str | None, after: Provision | None, depth: int
) -> Provision | None:
    """A new subclause, paragraph or subparagraph whose label is fresh among ``siblings`` and reads the same in place."""
    used = {c.num for c in siblings}
    b = before[1:-1] if before else ""
    candidates = [b + "A", b + "a", b + "B", b + "b", "1A", "7A", "ba", "ca", "za", "ga", "2", "9", "q"]
    if before is not None:
        # a label the law's own numbering admits there: one put between ``before`` and the next ("(ba)", "(2A)"),
        # or, at the end of the list, the next in sequence ("(c)" after "(b)"); another ("(q)" after "(b)", "(9)"
        # after "(2)") leaves a gap or falls out of order, which the engine refuses (apply._refuse_gap,
        # _check_order_among_siblings), so it is no insertion this property can ask for
        candidates = [c for c in candidates if c.startswith(b) and len(c) > len(b)]
        if (
            after is None
            and (following := next_letter(before, roman=bracket_kind(before, parent_kind, None) == "subparagraph" or len(b) > 1))
            is not None
        ):
            candidates.append(following[1:-1] if following.startswith("(") else following)
    elif after is not None and after.num:
        # before the first of the list: a label numbered from the first's own base ("(1A)" before "(1)")
        first = after.num[1:-1]
        candidates = [first + "A", first + "a"]
    if parent_kind in CLAUSE_LEVELS:
        # a label of the holder's own level or above ("(2)" or "(1A)" in a subclause, "(a)" in a subparagraph) numbers
        # a provision beside the holder, not within it: refused (apply._refuse_own_kind_within)
        candidates = [
            c
            for c in candidates
            if not c[:1].isdigit() or parent_kind == "clause"
            if (k := bracket_kind(f"({c})", parent_kind, before)) not in CLAUSE_LEVELS
            or CLAUSE_LEVELS[k] > CLAUSE_LEVELS[parent_kind]
        ]
    labels = [
        f"({c})"
        for c in candidates
        if c
        and BRACKET_LABEL.fullmatch(f"({c})")
        and f"({c})" not in used
        and _label_kinds_agree(f"({c})", parent_kind, before, after)
    ]
    if not labels:
        return None
    label = draw(st.sampled_from(labels))
    kind = bracket_kind(label, parent_kind, None)
    children = draw(children_of(kind, depth + 1)) if depth < MAX_DEPTH and draw(st.booleans()) else ()
    return Provision(kind=kind, num=label, text=draw(line_text()), children=children)  # type: ignore[arg-type]


def term_key(term: str) -> str:
    """How lawhistory compares defined terms (``ids.term_slug``): a new term must differ from every existing one."""
    from lawhistory.core.ids import term_slug

    return term_slug(term)


@st.composite
def new_definition(draw: st.DrawFn, existing: list[str], term: str | None = None) -> Provision:
    """A definition with a term not yet defined among ``existing`` (or the given ``term``)."""
    if term is None:
        keys = {term_key(t) for t in existing}
        term = draw(st.sampled_from(["cat", "drone", "apiary", "zoo", "bee keeper", "owner’s land", "Code of Practice—Pigeons"]))
        while term_key(term) in keys:
            term += " x"
    rest = draw(st.one_of(st.just(" means an animal of the species Felis catus;"), phrase().map(lambda p: " means " + p)))
    return Provision(kind="definition", term=term, text=term + rest)


@st.composite
def new_row(draw: st.DrawFn, schedule_: Provision | None, like: Provision | None) -> Provision:
    """A schedule row as wide as ``like``, numbered afresh when the table's first column is the item number."""
    width = len(like.cells) if like is not None and like.cells else max(1, len(schedule_.cells) if schedule_ else 1)
    cells = tuple(draw(st.lists(cell(), min_size=width, max_size=width)))
    header = schedule_.cells if schedule_ is not None and schedule_.kind == "schedule" else ()
    if row_num(header, cells) is not None:
        used = {c.num for c in (schedule_.children if schedule_ else ())}
        first = (like.num if like is not None and like.num else "1") + "A"
        while first in used:
            first += "A"
        cells = (first, *cells[1:])
    return Provision(kind="item", num=row_num(header, cells), cells=cells)
