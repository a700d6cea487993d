"""The single authority on provision addresses: citations (as lawyers cite) and eIds (Akoma Ntoso style).

| provision                       | citation                        | eId                          |
|---------------------------------|---------------------------------|------------------------------|
| part / division / subdivision   | ``Part 2 Division 1``           | ``part_2__dvs_1``            |
| clause                          | ``2.8A``                        | ``sec_2.8A``                 |
| subclause / paragraph / subpara | ``2.8(2)(h)(i)``                | ``sec_2.8__subsec_2__para_h__subpara_i`` |
| definition                      | ``1.4(1) “cat”``                | ``sec_1.4__subsec_1__def_cat`` |
| schedule / row                  | ``Schedule 1 item 12``          | ``sch_1__item_12``           |
| free text                       | ``6.4(1) text 1``               | ``sec_6.4__subsec_1__text_1`` |

Clauses and schedules are cited on their own, whatever part holds them, so inserting a provision
never changes another provision's citation. A label printed twice under one parent (a typo in the
gazette) keeps its label; the second gets `` [2]`` in its citation and ``_2`` in its eId.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .errors import BadLawId
from .model import Provision

EID_PREFIX = {
    "part": "part",
    "division": "dvs",
    "subdivision": "subdvs",
    "clause": "sec",
    "subclause": "subsec",
    "paragraph": "para",
    "subparagraph": "subpara",
    "definition": "def",
    "schedule": "sch",
    "item": "item",
    "text": "text",
}

CITATION_WORD = {"part": "Part", "division": "Division", "subdivision": "Subdivision", "schedule": "Schedule"}

#: Schedules some laws name rather than number ("FIRST SCHEDULE", "Second Schedule"): the schedule's num is the
#: ordinal word in this form, and it is cited before the word ("First Schedule", eId ``sch_first``).
ORDINALS = ("First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth", "Tenth")


def schedule_citation(num: str) -> str:
    """How a schedule numbered ``num`` is cited: ``Schedule 2``, or ``First Schedule`` for a named one."""
    return f"{num} Schedule" if num in ORDINALS else f"Schedule {num}"


LAW_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*/[a-z0-9]+(?:-[a-z0-9]+)*")
MAX_ID_PART = 150  # characters: well under the 255-byte file-name limit of every common file system


def check_law_id(law_id: str, *, title: str | None = None, local_government: str | None = None) -> str:
    """``law_id`` itself if it is ``council/title-words`` (lower-case ASCII letters, digits and ``-``); else BadLawId.

    Every path in the repository is made from an id, so this is what keeps writes inside it.
    """
    if LAW_ID.fullmatch(law_id) and all(len(part) <= MAX_ID_PART for part in law_id.split("/")):
        return law_id
    council, _, words = law_id.partition("/")
    if title is None and local_government is None:
        why = f"the law id {law_id!r} is not of the form council/title-words (lower-case letters, digits and '-')"
    elif not council:
        why = (
            f"the local government {local_government!r} gives no name for the law's id; give its full name, e.g. 'Shire of Kulin'"
        )
    elif not words:
        why = f"the title {title!r} gives no words for the law's id (after the council's name); give the title as printed"
    elif len(council) > MAX_ID_PART:
        why = (
            f"the local government's name {str(local_government)[:80]!r}… is too long for a law id "
            f"({MAX_ID_PART} characters at most); check the local government's name"
        )
    else:
        why = f"the title {title!r} is too long for a law id ({MAX_ID_PART} characters at most); check the title"
    raise BadLawId(why)


def clean_num(num: str) -> str:
    """The bare label: ``"(7A)"`` → ``"7A"``, ``"a)"`` → ``"a"``, ``"2.8A"`` → ``"2.8A"``, ``" 12 "`` → ``"12"``."""
    num = num.strip()
    if num.startswith("(") and num.endswith(")"):
        num = num[1:-1]
    elif re.fullmatch(r"[a-z]{1,3}\)", num):  # a label printed "a)": cited "(a)" like any paragraph
        num = num[:-1]
    return num


def term_slug(term: str) -> str:
    """An eId-safe form of a defined term: ``"Code of Practice—Pigeon Keeping"`` → ``code-of-practice-pigeon-keeping``."""
    slug = re.sub(r"[^0-9a-z.]+", "-", term.lower().replace("’", "").replace("'", ""))
    return slug.strip("-.") or "term"


def quote_term(term: str) -> str:
    return f"“{term}”"


@dataclass(frozen=True, slots=True)
class Address:
    """A provision together with where it sits: its citation, eId and its parent's citation."""

    provision: Provision
    citation: str
    eid: str
    parent: str | None
    depth: int


def _own_part(p: Provision, index: int) -> tuple[str, str]:
    """The citation fragment and eId fragment that ``p`` adds to its parent's address.

    ``index`` is the 1-based position of ``p`` among siblings of the same kind (used when a
    provision has no label).
    """
    prefix = EID_PREFIX[p.kind]
    if p.kind == "definition":
        term = p.term or ""
        return quote_term(term), f"{prefix}_{term_slug(term)}"
    if p.kind == "text":
        return f"text {index}", f"{prefix}_{index}"
    if p.kind == "item":
        if p.num:
            return f"item {clean_num(p.num)}", f"{prefix}_{clean_num(p.num)}"
        return f"row {index}", f"row_{index}"
    num = clean_num(p.num or str(index))
    if p.kind == "schedule":
        return schedule_citation(num), f"{prefix}_{num.lower() if num in ORDINALS else num}"
    if p.kind in CITATION_WORD:
        return f"{CITATION_WORD[p.kind]} {num}", f"{prefix}_{num}"
    if p.kind == "clause":
        return num, f"{prefix}_{num}"
    return f"({num})", f"{prefix}_{num}"


def join_citation(parent: str | None, p: Provision, fragment: str) -> str:
    """Join a parent's citation and a child's fragment as lawyers write it."""
    if p.kind in ("clause", "schedule") or not parent:
        return fragment
    if p.kind in ("subclause", "paragraph", "subparagraph") and not parent.endswith("”"):
        return parent + fragment
    return f"{parent} {fragment}"


def walk(body: Sequence[Provision], parent: Address | None = None) -> Iterator[Address]:
    """Every provision under ``body`` in document order, with its address.

    Clauses and schedules take a fresh address space (they are cited alone); everything else
    extends its parent's citation and eId.
    """
    yield from _walk(body, parent)


def _walk(body: Sequence[Provision], parent: Address | None) -> list[Address]:
    # Most laws print no label twice: their addresses depend only on where each provision sits, and a subtree
    # walked before at the same place (in an earlier version) has the same addresses. A law whose citations
    # repeat is walked again the careful way, which numbers the repeats ([2], [3], ...).
    out: list[Address] = []
    _walk_shared(body, parent, out)
    if len({a.citation for a in out}) == len(out) and len({a.eid for a in out}) == len(out):
        return out
    out = []
    _walk_renumbering(body, parent, (set(), set()), out)
    return out


#: The addresses of recently walked provisions (leaves) and subtrees, by id: id → (provision, place, addresses).
#: Versions of a law share every subtree an amendment did not touch, so most of a version's addresses are the
#: previous version's. Entries hold their provision, so an id is never reused while cached.
_Place = tuple[str | None, str | None, int, int]
_SUBTREES: dict[int, tuple[Provision, _Place, list[Address]]] = {}
_LEAVES: dict[int, tuple[Provision, _Place, Address]] = {}
_SUBTREES_SIZE = 50_000


def _walk_shared(body: Sequence[Provision], parent: Address | None, out: list[Address]) -> None:
    """The addresses under ``body``, reusing those of provisions walked before at the same place (none renumbered)."""
    counters: dict[str, int] = {}
    for p in body:
        index = counters[p.kind] = counters.get(p.kind, 0) + 1
        place = (parent.citation, parent.eid, parent.depth, index) if parent else (None, None, -1, index)
        if not p.children:
            leaf = _LEAVES.get(id(p))
            if leaf is not None and leaf[0] is p and leaf[1] == place:
                out.append(leaf[2])
                continue
            address = _address(p, index, parent)
            out.append(address)
            if len(_LEAVES) >= _SUBTREES_SIZE:
                _LEAVES.clear()
            _LEAVES[id(p)] = (p, place, address)
            continue
        hit = _SUBTREES.get(id(p))
        if hit is not None and hit[0] is p and hit[1] == place:
            out += hit[2]
            continue
        start = len(out)
        address = _address(p, index, parent)
        out.append(address)
        _walk_shared(p.children, address, out)
        if len(_SUBTREES) >= _SUBTREES_SIZE:
            _SUBTREES.clear()
        _SUBTREES[id(p)] = (p, place, out[start:])


def _walk_renumbering(
    body: Sequence[Provision], parent: Address | None, seen: tuple[set[str], set[str]], out: list[Address]
) -> None:
    cites, eids = seen
    counters: dict[str, int] = {}
    for p in body:
        index = counters[p.kind] = counters.get(p.kind, 0) + 1
        if p.children:
            # A subtree just walked at this same place (by _walk_shared) keeps its addresses when none of them
            # repeats, within it or before it: the careful walk would give each the same.
            hit = _SUBTREES.get(id(p))
            place = (parent.citation, parent.eid, parent.depth, index) if parent else (None, None, -1, index)
            if hit is not None and hit[0] is p and hit[1] == place:
                found = hit[2]
                cs, es = {a.citation for a in found}, {a.eid for a in found}
                if len(cs) == len(es) == len(found) and cites.isdisjoint(cs) and eids.isdisjoint(es):
                    out += found
                    cites |= cs
                    eids |= es
                    continue
        address = _address(p, index, parent, seen)
        out.append(address)
        if p.children:
            _walk_renumbering(p.children, address, seen, out)


def _address(p: Provision, index: int, parent: Address | None, seen: tuple[set[str], set[str]] | None = None) -> Address:
    fragment, eid_fragment = _own_part(p, index)
    if p.kind in ("clause", "schedule") or parent is None:
        citation, eid = fragment, eid_fragment
    else:
        citation = join_citation(parent.citation, p, fragment)
        eid = f"{parent.eid}__{eid_fragment}"
    if seen is not None:
        citation, eid = _unique(citation, eid, seen)
    return Address(p, citation, eid, parent.citation if parent else None, (parent.depth + 1) if parent else 0)


#: For recently seen tuples of siblings (by id, holding the tuple so an id is not reused while cached): each
#: provision's 1-based position among the siblings of its kind. An instrument inserting many provisions asks for
#: the citation of each: counting its siblings every time would be quadratic.
_POSITIONS: dict[int, tuple[Sequence[Provision], list[int]]] = {}


def _kind_positions(siblings: Sequence[Provision]) -> list[int]:
    hit = _POSITIONS.get(id(siblings))
    if hit is not None and hit[0] is siblings:
        return hit[1]
    counters: dict[str, int] = {}
    positions = []
    for q in siblings:
        counters[q.kind] = counters.get(q.kind, 0) + 1
        positions.append(counters[q.kind])
    if len(siblings) < 64:
        return positions  # cheap to count again: only long lists are kept
    if len(_POSITIONS) >= 256:
        _POSITIONS.clear()
    _POSITIONS[id(siblings)] = (siblings, positions)
    return positions


def citation_of_path(body: Sequence[Provision], path: Sequence[int]) -> str:
    """The citation of the provision at ``path`` (child indexes from the root), without walking the law.

    It agrees with ``walk`` except for the `` [2]`` suffix of a label printed twice.
    """
    citation: str | None = None
    siblings = body
    for index in path:
        p = siblings[index]
        fragment, _ = _own_part(p, _kind_positions(siblings)[index])
        citation = fragment if (p.kind in ("clause", "schedule") or citation is None) else join_citation(citation, p, fragment)
        siblings = p.children
    return citation or ""


def _unique(citation: str, eid: str, seen: tuple[set[str], set[str]]) -> tuple[str, str]:
    """A citation and eId not used before in this law: a repeat gets `` [2]`` and ``_2`` (eIds also when
    two different citations make the same eId, as the terms “Cat” and “cat” do)."""
    cites, eids = seen
    if citation in cites:
        n = 2
        while f"{citation} [{n}]" in cites:
            n += 1
        citation, eid = f"{citation} [{n}]", f"{eid}_{n}"
    if eid in eids:
        base, n = eid, 2
        while f"{base}_{n}" in eids:
            n += 1
        eid = f"{base}_{n}"
    cites.add(citation)
    eids.add(eid)
    return citation, eid


_CACHE: dict[tuple[int, int], tuple[Sequence[Provision], Sequence[Provision], list[Address]]] = {}
_CACHE_SIZE = 256


def addresses(body: Sequence[Provision], conclusions: Sequence[Provision] = ()) -> list[Address]:
    """All addresses of a law's body and closing words (closing words continue the root text count).

    The same (immutable) body is often addressed many times while versions are derived, so recent
    results are kept; the cache holds the bodies themselves, so an id is never reused while cached.
    """
    key = (id(body), id(conclusions))
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is body and hit[1] is conclusions:
        return list(hit[2])
    result = _addresses(body, conclusions)
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[key] = (body, conclusions, result)
    return list(result)


def forget_walks() -> None:
    """Drop the remembered walks (addresses, subtrees, leaves, sibling positions). They only help while one law's
    versions are derived (versions share provisions; two laws never do), and each holds its provisions alive: a
    build process forgets them after each law, so its memory follows the law, not how many laws it has derived."""
    _CACHE.clear()
    _SUBTREES.clear()
    _LEAVES.clear()
    _POSITIONS.clear()


def _addresses(body: Sequence[Provision], conclusions: Sequence[Provision]) -> list[Address]:
    result = _walk(body, None)
    root_texts = sum(1 for p in body if p.kind == "text")
    for i, p in enumerate(conclusions, start=root_texts + 1):
        result.append(Address(p, f"text {i}", f"text_{i}", None, 0))
    return result


# --- reading citations written by people -------------------------------------------------------

_BRACKET = re.compile(r"\((\d+[A-Za-z]*|[a-z]{1,3}[A-Z]{0,2}|[ivxl]+)\)")  # every label labels.py accepts
_CLAUSE = re.compile(r"\d+(?:\.\d+)+[A-Z]{0,2}")


_TERM_END = re.compile(r"(?=\s*$|\s*\(|\s+(?:text|item|row) \S+\s*(?:$|\())")
_QUOTES = {"“": "”", '"': '"', "‘": "’'", "'": "’'"}


def _term(s: str) -> tuple[str, str] | None:
    """A quoted term at the start of ``s`` and what follows it, or None.

    Terms may hold quotes, so the term ends at the first closing quote after which the rest still reads
    as a citation (``“A” (b) “B”`` is the term A, paragraph (b), then the term B).
    """
    closers = _QUOTES.get(s[:1])
    if closers is None:
        return None
    ends = [i for i in range(2, len(s)) if s[i] in closers and _TERM_END.match(s, i + 1)]
    for k, i in enumerate(ends):
        rest = s[i + 1 :].lstrip()
        if k == len(ends) - 1:
            return s[1:i], rest
        if _reads(rest):
            return s[1:i], rest
    return None


@functools.lru_cache(maxsize=4096)
def _reads(rest: str) -> bool:
    """Whether ``rest`` reads as the remainder of a citation (remembered: a term's candidates share their tails)."""
    try:
        split_citation(rest)
    except ValueError:
        return False
    return True


def split_citation(citation: str) -> list[str]:
    """Split a written citation into address fragments.

    ``"2.8(2)(h)"`` → ``["2.8", "(2)", "(h)"]``; ``"Schedule 1 item 4"`` → ``["Schedule 1", "item 4"]``;
    ``"Part 2 Division 1"`` → ``["Part 2", "Division 1"]``.
    """
    s = citation.strip()
    parts: list[str] = []
    while s:
        # (r17) a Part numbered in roman numerals ("Part II"), as older laws print them (walk cites them so)
        m = re.match(r"(Part|Division|Subdivision|Schedule)\s+([0-9]+[A-Z]?|[IVX]{1,6}\b)\s*", s, re.I)
        if m:
            parts.append(f"{m.group(1).capitalize()} {m.group(2)}")
            s = s[m.end() :]
            continue
        m = re.match(r"(" + "|".join(ORDINALS) + r")\s+Schedule\b\s*", s, re.I)
        if m:
            parts.append(schedule_citation(m.group(1).capitalize()))
            s = s[m.end() :]
            continue
        m = re.match(r"(item|row|text|subitem)\s+(\S+)\s*", s, re.I)
        if m:
            parts.append(f"{m.group(1).lower()} {m.group(2)}")
            s = s[m.end() :]
            continue
        m = _CLAUSE.match(s) or _BRACKET.match(s)
        if m:
            parts.append(m.group(0))
            s = s[m.end() :].lstrip()
            continue
        term = _term(s)
        if term is not None:
            parts.append(quote_term(term[0]))
            s = term[1]
            continue
        m = re.match(r"\d+[A-Z]{0,2}(?=\(|\s|$)\s*", s) if not parts else None
        if m:  # an instrument's own clauses are numbered 1, 2, 3 ...
            parts.append(m.group(0).strip())
            s = s[m.end() :]
            continue
        raise ValueError(f"cannot read the citation {citation!r} at {s!r}")
    return parts


#: What a citation fragment names, by the word it is cited with.
_FRAGMENT_KIND = {"Part": "part", "Division": "division", "Subdivision": "subdivision", "Schedule": "schedule",
                  "item": "item", "row": "row", "text": "text", "subitem": "subitem"}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Fragment:
    """One step of a citation: what it names and its label as cited.

    ``kind`` is ``part``, ``division``, ``subdivision``, ``schedule`` or ``clause`` (a provision cited on its own), or
    ``label`` (``(2)``, ``(h)``: a subclause, paragraph or subparagraph), ``term`` (a definition), ``item`` or ``row``
    (a schedule's row, by its item number or its place) or ``text`` (a free-text line, by its place). ``label`` is
    ``"2"``, ``"2.8A"``, ``"(h)"``, ``"cat"``, ``"12"``; ``str()`` gives the fragment as cited (``Part 2``, ``2.8A``,
    ``(h)``, ``“cat”``, ``item 12``), as ``split_citation`` does.
    """

    kind: str
    label: str

    def __str__(self) -> str:
        if self.kind in CITATION_WORD:
            return f"{CITATION_WORD[self.kind]} {self.label}"
        if self.kind in ("item", "row", "text", "subitem"):
            return f"{self.kind} {self.label}"
        if self.kind == "term":
            return quote_term(self.label)
        return self.label

    @property
    def is_container(self) -> bool:
        """Whether it names a part, division, subdivision or schedule."""
        return self.kind in CITATION_WORD


def _fragment(part: str) -> Fragment:
    """The typed form of one fragment of ``split_citation``."""
    word, _, label = part.partition(" ")
    if word in _FRAGMENT_KIND and label:
        return Fragment(_FRAGMENT_KIND[word], label)
    if word in ORDINALS and label == "Schedule":
        return Fragment("schedule", word)  # (r3lz) a schedule named by an ordinal ("Second Schedule"): num "Second"
    if part.startswith("“"):
        return Fragment("term", part[1:-1])
    if part.startswith("("):
        return Fragment("label", part)
    return Fragment("clause", part)


@functools.lru_cache(maxsize=8192)
def citation_fragments(citation: str) -> tuple[Fragment, ...] | None:
    """The fragments of a written citation, or None when it does not read as one (remembered: targets repeat)."""
    try:
        parts = split_citation(citation)
    except ValueError:
        return None
    return tuple(_fragment(part) for part in parts) if parts else None


class Citation(str):
    """A citation as printed (``"2.8(2)(h)"``, ``"Schedule 1 item 12"``, ``"1.4(1) “cat”"``), read once into fragments.

    It is the printed string itself — it compares, hashes, prints and is stored exactly as that string, so files, JSON
    and tables keep it word for word — and carries what it names: ``fragments``, the typed steps from the law's body
    down to the provision (None when the words do not read as a citation: the title of a law a repeal names, or
    "Schedule 1 row relating to …", which is resolved against the law before it is applied). Immutable.
    """

    fragments: tuple[Fragment, ...] | None

    def __new__(cls, text: str) -> Citation:
        self = super().__new__(cls, text)
        object.__setattr__(self, "fragments", citation_fragments(str(text)))
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a citation is immutable (cannot set {name!r})")

    def __reduce__(self) -> tuple[type[Citation], tuple[str]]:
        return Citation, (str(self),)

    @classmethod
    def of(cls, citation: str) -> Citation:
        """``citation`` as a ``Citation`` (itself when it is one)."""
        return citation if isinstance(citation, Citation) else cls(citation)

    @property
    def heads(self) -> int:
        """How many leading fragments name the provision at the top (a clause, part or schedule) and the divisions
        and subdivisions within it (``Part 6 Division 2 Subdivision 1``: 3); 0 when it does not read as a citation."""
        if not self.fragments:
            return 0
        n = 1
        while n < len(self.fragments) and self.fragments[n].kind in ("division", "subdivision"):
            n += 1
        return n


def normalise_citation(citation: str) -> str:
    """The canonical form of a citation written by a person (spacing and capitals)."""
    parts = split_citation(citation)
    out = ""
    for part in parts:
        if part.startswith("(") and out and not out.endswith("”"):
            out += part
        else:
            out = f"{out} {part}" if out else part
    return out


def slug(text: str) -> str:
    """Lower-case ASCII words joined by ``-``; other scripts are transliterated (``Кулин`` → ``kulin``)."""
    from anyascii import anyascii  # here: ``show`` reading a built law makes no slug

    s = re.sub(r"[’']", "", anyascii(text).lower())
    return re.sub(r"[^a-z0-9]+", "-", s).strip("-")


def law_id(local_government: str, title: str) -> str:
    """``kellerberrin/animals-environment-and-nuisance-local-law-2019``; checked by ``ids.check_law_id``."""
    council, rest = " ".join(local_government.split()), " ".join(title.split())
    if rest.lower().startswith(council.lower()):
        rest = rest[len(council) :]
    lg_name = re.sub(r"^(?:Shire|City|Town) of\b", "", council)
    return check_law_id(f"{slug(lg_name)}/{slug(rest)}", title=title, local_government=local_government)
