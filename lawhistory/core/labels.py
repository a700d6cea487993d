"""What a printed label is: the one place that decides a bracketed label's kind.

Both the gazette importer and the structured-text parser ask this module, so a law read from
the gazette and the same law read back from ``laws/`` always agree.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .model import BRACKETED_KINDS, Provision

ROMAN = [
    "i",
    "ii",
    "iii",
    "iv",
    "v",
    "vi",
    "vii",
    "viii",
    "ix",
    "x",
    "xi",
    "xii",
    "xiii",
    "xiv",
    "xv",
    "xvi",
    "xvii",
    "xviii",
    "xix",
    "xx",
    "xxi",
    "xxii",
    "xxiii",
    "xxiv",
    "xxv",
]
_ROMAN_SET = frozenset(ROMAN)
#: A letter label that comes just before a one-letter roman numeral in an alphabetical list.
_LETTER_BEFORE_ROMAN = {"i": "h", "v": "u", "x": "w"}

BRACKET_LABEL = re.compile(r"\((\d+[A-Za-z]{0,2}|[a-z]{1,3}[A-Z]{0,2}|[ivx]+)\)")
#: A letter with a closing bracket only, as some councils print their paragraphs ("a) the charges …"): kept as
#: printed and cited like "(a)".
HALF_BRACKET_LABEL = re.compile(r"[a-z]{1,3}\)")


def is_roman(label: str) -> bool:
    return label in _ROMAN_SET


def bare(label: str) -> str:
    """The label without its brackets: ``(7A)`` → ``7A``, ``a)`` → ``a``."""
    label = label.strip()
    if label.startswith("("):
        return label[1:-1]
    return label[:-1] if label.endswith(")") else label


def bracket_kind(label: str, parent_kind: str | None, previous_label: str | None) -> str:
    """The kind of a bracketed label from its parent and the label printed just before it.

    ``(1)``/``(7A)`` is a subclause. A roman numeral is a subparagraph when it continues a roman
    list or starts a list under a paragraph or elsewhere; ``(i)`` after ``(h)`` (and ``(v)`` after
    ``(u)``, ``(x)`` after ``(w)``) is a paragraph. Other letters are paragraphs.
    """
    b = bare(label)
    if b[:1].isdigit():
        return "subclause"
    if parent_kind == "paragraph":
        return "subparagraph"
    if is_roman(b):
        prev = bare(previous_label) if previous_label else None
        if prev is not None and prev == _LETTER_BEFORE_ROMAN.get(b):
            return "paragraph"
        if prev is not None and not is_roman(prev):
            return "paragraph"
        return "subparagraph"
    return "paragraph"


def next_letter(label: str, roman: bool | None = None) -> str | None:
    """The label that would follow ``label`` in its list: ``(b)`` → ``(c)``, ``(ii)`` → ``(iii)``, ``(3)`` → ``(4)``; a label printed ``a)`` is followed by ``b)``.

    ``roman`` says whether the list counts in roman numerals (a paragraph ``(i)`` is followed by
    ``(j)``, a subparagraph ``(i)`` by ``(ii)``); by default a roman-looking label is taken as roman.
    """
    b = bare(label)
    nxt: str | None = None
    if b.isdigit():
        nxt = str(int(b) + 1)
    elif is_roman(b) and roman is not False:
        i = ROMAN.index(b)
        nxt = ROMAN[i + 1] if i + 1 < len(ROMAN) else None
    elif len(b) == 1 and b.isalpha() and b != "z":
        nxt = chr(ord(b) + 1)
    if nxt is None:
        return None
    return f"{nxt})" if label.strip().endswith(")") and not label.strip().startswith("(") else f"({nxt})"


def clause_key(num: str) -> tuple[int | str, ...]:
    """A sort key for clause numbers: ``2.8`` < ``2.8A`` < ``2.9`` < ``2.10``."""
    key: list[int | str] = []
    for part in num.split("."):
        m = re.match(r"(\d+)([A-Z]*)", part)
        if not m:
            return (10**9,)
        key.append(int(m.group(1)))
        key.append(m.group(2))
    return tuple(key)


def follows(prev: str, label: str, *, roman: bool) -> bool:
    """Whether ``label`` comes straight after ``prev`` in a list, counting inserted labels like (7A) and (ba)."""
    if next_letter(prev, roman) == label:
        return True
    p, b = bare(prev), bare(label)
    if b.startswith(p) and len(b) == len(p) + 1 and b[-1].isalpha() and not is_roman(b):
        return True  # (7) → (7A), (b) → (ba)
    if len(p) == len(b) >= 2 and p[:-1] == b[:-1] and p[-1].isalpha() and b[-1] == chr(ord(p[-1]) + 1) and not is_roman(b):
        return True  # (ka) → (kb), (7A) → (7B)
    base = re.match(r"(\d+|[a-z])[A-Za-z]$", p)
    return bool(base and next_letter(f"({base.group(1)})", roman) == label)  # (7A) → (8), (ba) → (c)


def same_family_after(prev: str, label: str) -> bool:
    p, b = bare(prev), bare(label)
    if p.isdigit() and b.isdigit():
        return int(p) < int(b) <= int(p) + 3
    if is_roman(p) and is_roman(b):
        return False
    if len(p) == 1 and len(b) == 1 and p.isalpha() and b.isalpha():
        return ord(p) < ord(b) <= ord(p) + 3
    return False


def row_num(header: tuple[str, ...], cells: tuple[str, ...]) -> str | None:
    """A row's item number: its first cell when the table's first column is the item number."""
    if header and cells and header[0].lower().startswith("item"):
        return cells[0]
    return None


def numbered_rows(header: tuple[str, ...], provisions: tuple[Provision, ...]) -> tuple[Provision, ...]:
    """``provisions`` with each table row numbered as ``row_num`` says for a schedule headed ``header``."""
    return tuple(replace(p, num=row_num(header, p.cells)) if p.kind == "item" else p for p in provisions)


def fit_kinds(provisions: tuple[Provision, ...], parent_kind: str, previous_label: str | None) -> tuple[Provision, ...]:
    """Provisions read as the children of some provision, with the kinds their bracketed labels take as the children
    of a ``parent_kind`` placed after the label ``previous_label`` (an ``(i)`` after ``(h)`` is a paragraph, under a
    paragraph a subparagraph), and so on down: what reading their text in that place gives (``bracket_kind``, label by
    label, each list's last label deciding the next). Other provisions keep their kinds."""
    last = previous_label or None
    out: list[Provision] = []
    for p in provisions:
        kind: str = p.kind
        if kind in BRACKETED_KINDS:
            kind = bracket_kind(p.num or "", parent_kind, last)
            last = p.num
        children = fit_kinds(p.children, kind, None) if p.children else ()
        out.append(p if kind == p.kind and children == p.children else replace(p, kind=kind, children=children))  # type: ignore[arg-type]
    return tuple(out)
