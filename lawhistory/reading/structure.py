"""Rebuild the provision tree of a local law from its running text.

Gazette text reaches us with its layout gone: one long stream of words in which ``(1)``, ``(a)``,
``2.29`` and ``PART 3—`` may be labels that start a provision or references inside a sentence
("subclause (1)", "clause 2.29"). A candidate label is a real label only when

* the words before it end a provision (``—``, ``;``, ``; and``, ``; or``, ``.``, ``:``) or nothing
  stands between it and a heading, and
* it fits the numbering: a clause number follows the last clause; ``(b)`` follows ``(a)`` at some
  open level; ``(1)``, ``(a)`` and ``(i)`` open a new list. ``(i)`` after ``(h)`` is a paragraph,
  after a paragraph ending in ``—`` it opens subparagraphs (``labels.bracket_kind``).

In an interpretation clause the definitions are split into one provision each. Text that fits
nowhere stays as free text, never dropped. ``\\n`` in the stream marks a printed line break
(legislation-API text keeps its lines); gazette text has none.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import InitVar, dataclass, field

from ..core.headings import cites, opens_new_text, own_heading_follows, straight_closes, straight_opens
from ..core.labels import ROMAN, bare, bracket_kind, clause_key, follows, same_family_after
from ..core.lazy_re import lazy_pattern
from ..core.model import Provision
from ..core.terms import DEF_START, def_term_ok, term_of
from .definitions import find_intro, split_definitions, unbolded
from .headings import (
    _CAPS_HEADING,
    _SIDE_HEADING,
    dotted_side_heading,
    is_side_heading,
    sections_numbered,
    sections_numbered_flat,
    soften,
    starts_with_words,
    take_heading,
)
from .sentences import _tail, and_or_break, strong_break

CANDIDATE = re.compile(
    r"(?P<cont>\b(?P<ckw>PART|Part|DIVISION|Division|Subdivision) (?P<cnum>\d+[A-Z]?|[IVX]{1,6}\.?(?=—))(?P<dash>—| ?— ?| [–-] |\.-\.|\n))"
    # (r8) "2A.1": a clause of a Part numbered 2A
    # (wr5b) "2.3A. (1) A person …": a full stop after the number, before a subclause label (the stop is not the label's)
    r"|(?P<clause>(?<![\w.(/$,:\-–])\d+(?:[A-Z]{1,2}(?=\.\d))?(?:\.\d+)+[A-Z]{0,2}(?:\.(?= \(\d))?(?=[ \n]))"
    r"|(?P<iclause>(?<![\w.(/$,:\-–])\d+[A-Z]{0,2}\.(?= [A-Z‘“(]))"
    r"|(?P<br>(?<![\w)(/“‘])\((?:\d+[A-Za-z]{0,2}|[a-z]{1,3}[A-Z]{0,2})\)(?=[ \n]))"
    r"|(?P<pen>(?<=\n)Penalty:)"
    # a paragraph label printed with a closing bracket only ("a) the charges", even "a)the charges"): read only where a
    # printed line starts (see _try_half_bracket)
    r"|(?P<hb>(?<![\w)(/“‘.,\-])[a-z]{1,3}\)(?=[ \n]|[a-z]))"
)
LEVELS = {"part": 1, "division": 2, "subdivision": 3}
_TAIL = 400  # how much of a provision's text the look-backs keep at hand


def _straight_quoted(s: str) -> list[tuple[int, int]]:
    """(r16) The spans of new words an instrument quotes with straight marks after the dash that opens them, where they
    go on from the words of a provision (their first mark a semicolon or comma): "(b) after paragraph (d) by deleting
    the full stop and inserting — " ; or (e) Manager, Ranger Services. ".": the (e) inside is new text, never an item
    of the instruction's lead-in. Curly marks are counted as the scan goes; straight ones do not tell opening from
    closing, so only this shape opens, and the next mark, closing as a closing mark does, closes (else no span: the
    words are read as before). The shapes are core/headings.lark's ``straight_open`` and ``straight_close``."""
    spans: list[tuple[int, int]] = []
    pos = 0
    while (mark := s.find('"', pos)) >= 0:
        if not straight_opens(s, mark):
            pos = mark + 1
            continue
        close = s.find('"', mark + 1)
        if close < 0:
            break
        if straight_closes(s, close):
            spans.append((mark + 1, close))
        pos = close + 1
    return spans


#: (r17) The words an instruction's item begins with ("in paragraph (a) delete …", "delete …", "after …", "by …").
_INSTRUCTION_START = re.compile(r"\s+(?:in|after|before|at|by|delete|deleting|insert|inserting|omit|substitute)\b")
#: (r17) the words before a label an instruction cites ("in paragraph (c)", "paragraphs (b) and (c)", "subclause (2),")
_CITED_LABEL = re.compile(
    r"\b(?:(?:sub)?(?:paragraphs?|clauses?|regulations?)|items?|by-?laws?|rules?|and|or|to)\s*$|,\s*$|\)\s*$"
    # or a number that a label may go on from ("clause 3.4 (b)": refused as before, naming both readings)
    r"|\d[\w.]*\s*$",
    re.I,
)
_NEW_TEXT_COLON = re.compile(r"\b(?:insert|substitute)\s*:\s+\S")


def _own_clause_later(n: int, rest: str) -> bool:
    """(review 12's c2) Whether the instrument prints its own clause ``n`` later in ``rest`` ("5. Local law amended"),
    not a citation ending a sentence ("the fee under clause 5. The permit …": the word before names what it cites,
    core/headings.lark's ``citing_word``)."""
    for found in re.finditer(rf"(?<![\w.(/$,:\-–]){n}\.(?=\s+[A-Z‘“(])", rest):
        before = rest[: found.start()].split()[-1:]
        if not before or not cites(before[0].lower().strip("(,;")):
            return True
    return False


@dataclass(eq=False)
class _B:
    """A provision being built."""

    kind: str
    num: str | None = None
    heading: str | None = None
    initial: InitVar[str] = ""
    term: str | None = None
    parent: _B | None = None
    children: list[_B] = field(default_factory=list)
    defs: bool = False
    cells: tuple[str, ...] = ()
    frozen: Provision | None = None
    # The text is kept as pieces (appending to one long string would cost time in the square of
    # its length), with its last few hundred characters at hand for the look-backs that need them.
    parts: list[str] = field(default_factory=list)
    tail: str = ""

    def __post_init__(self, initial: str) -> None:
        if initial:
            self.append(initial)

    @property
    def text(self) -> str:
        if len(self.parts) > 1:
            self.parts[:] = ["".join(self.parts)]
        return self.parts[0] if self.parts else ""

    @text.setter
    def text(self, value: str) -> None:
        self.parts = [value] if value else []
        self.tail = value[-_TAIL:]

    def append(self, chunk: str) -> None:
        if chunk:
            self.parts.append(chunk)
            self.tail = (self.tail + chunk)[-_TAIL:]

    def blank(self) -> bool:
        """Whether the text so far is only white space (without joining its pieces)."""
        return not self.tail.strip() and all(not p.strip() for p in self.parts)

    def add(self, child: _B) -> _B:
        child.parent = self
        self.children.append(child)
        return child

    def labelled_children(self) -> list[_B]:
        return [c for c in self.children if c.kind in ("subclause", "paragraph", "subparagraph")]

    def freeze(self) -> Provision:
        if self.frozen is not None:
            return self.frozen
        text = " ".join(self.text.split())
        return Provision(
            kind=self.kind,  # type: ignore[arg-type]
            num=self.num,
            heading=" ".join(self.heading.split()) if self.heading is not None else None,
            text=text if (text or self.kind == "text") else None,
            term=self.term,
            cells=self.cells,
            children=tuple(c.freeze() for c in self.children if not (c.kind == "text" and c.blank())),
        )


#: The heading of an instrument's Part that amends one law, and its first clause saying so ("Shire of X Local Law 2012
#: amended 5. Local law amended This Part amends …"), from just after "Part 3 —".
_PART_AMENDS = lazy_pattern(
    r"\s*[A-Z][^.;:—–]{0,160}?\b(?:Local Laws?|By-?laws?|Regulations)(?: \(No\. ?\d+\))? \d{4} amended\s+"
    r"\d+[A-Z]{0,2}\.\s+[A-Z][^.;:]{0,60}?\s+This Part amends\b"
)


class StructureParser:
    """Turn a stream of law text into provisions (see the module docstring)."""

    def __init__(
        self,
        *,
        headings: Mapping[str, str] | None = None,
        mode: str = "law",
        notes: list[str] | None = None,
        root_kind: str = "root",
    ) -> None:
        self.headings = dict(headings or {})
        self.mode = mode  # law | instrument | fragment | payload (new provisions quoted in an instrument)
        self.notes = notes if notes is not None else []
        self.root = _B(root_kind)
        self.cur = self.root
        self.heading_of: _B | None = None  # container whose heading is being read
        self.containers: list[_B] = []
        self.last_part: int | None = None
        self.last_div: int | None = None
        self.last_subdiv: int | None = None
        self.last_clause: str | None = None
        self.last_int_clause: int | None = None
        # A law numbered in sections 1., 2., 3. (pre-1996 by-laws, model health local laws), not clauses 1.1, 1.2.
        self.int_law = False
        self.heuristic_headings = 0
        # new provisions an instrument inserts (mode "payload", or an instrument's clauses 1., 2. … read as new text):
        # only there does a term in bold after "In this clause" open definitions (reading.definitions.mark_bare_terms)
        self.new_text = mode == "payload"
        self.line_starts: set[int] = set()
        self.closing_starts: list[int] = []  # where printed lines closing a list begin (closing.py)
        self.after_definitions: list[int] = []  # where a sentence after a list of definitions begins (closing.py)

    # -- public ------------------------------------------------------------------------------

    def parse(self, stream: str, *, line_mode: bool = False) -> tuple[Provision, ...]:
        # closing, schedules and tables are imported where a law (or new text) needs them: not by an instrument's reading
        schedules: list[tuple[str, str]] = []
        if self.mode == "instrument":
            main = stream
        else:
            from .schedules import split_schedules

            main, schedules = split_schedules(stream, self.notes)
        if self.mode == "law":
            self.int_law = sections_numbered(main) if line_mode else sections_numbered_flat(main)
        if line_mode:
            self.line_starts = {i + 1 for i, ch in enumerate(main) if ch == "\n"}
            if self.mode == "law":
                from .closing import after_definitions_starts, closing_line_starts

                self.closing_starts = closing_line_starts(main)
                self.after_definitions = after_definitions_starts(main)
            main = soften(main, sections=self.int_law)  # same length: offsets still match
        self._scan(main)
        body = [c.freeze() for c in self.root.children if not (c.kind == "text" and c.blank())]
        if schedules:
            from .tables import parse_schedule
        for num, region in schedules:
            body.append(parse_schedule(num, region, line_mode=line_mode, notes=self.notes, read_clauses=self._rules))
        if self.heuristic_headings:
            self.notes.append(
                f"{self.heuristic_headings} clause heading(s) were told from their text by wording alone "
                "(no contents page or line breaks to go by); check them against the gazette"
            )
        return tuple(body)

    def _rules(self, text: str) -> tuple[Provision, ...]:
        """The numbered rules a schedule sets out, read as a law's sections are (they are cited alone: "2(a)")."""
        rules = StructureParser(mode=self.mode, notes=self.notes).parse("\n" + text + "\n", line_mode=True)
        return tuple(p for p in rules if not (p.kind == "text" and not (p.text or "").strip()))

    # -- scanning ----------------------------------------------------------------------------

    def _scan(self, s: str) -> None:
        pos = 0
        quote_depth = 0
        quote_pos = 0
        quoted = _straight_quoted(s) if self.mode == "instrument" else []
        for m in CANDIDATE.finditer(s):
            if m.start() < pos:
                continue
            if quoted and any(a <= m.start() < b for a, b in quoted):
                continue  # (r16) inside new text between straight marks on lines of their own: its words, not ours
            if self.mode == "instrument":
                seg = s[quote_pos : m.start()]
                quote_depth += seg.count("“") - seg.count("”")
                quote_pos = m.start()
                if quote_depth > 0:
                    continue
            pos = self._close_lists(s, pos, m.start())
            before = s[pos : m.start()]
            new_pos = self._try(m, before, s)
            if new_pos is not None:
                pos = new_pos
                quote_pos = max(quote_pos, pos)
        self._add_text(s[self._close_lists(s, pos, len(s)) :])

    def _close_lists(self, s: str, pos: int, end: int) -> int:
        """Read up to each printed line in ``s[pos:end]`` that closes a list; its words go to the list's holder."""
        for c in self.closing_starts:
            if not pos < c <= end:
                continue
            item: _B | None = self.cur
            while item is not None and item.kind not in ("subclause", "paragraph", "subparagraph"):
                item = item.parent
            if item is None or item.parent is None:
                continue
            self._add_text(s[pos:c])
            pos = c
            self.cur = item.parent.add(_B("text"))
        for c in self.after_definitions:
            if not pos < c <= end:
                continue
            self._add_text(s[pos:c])  # (the definitions are split as their words go in)
            pos = c
            if self.cur.kind == "definition" and self.cur.parent is not None:
                self.cur = self.cur.parent.add(_B("text"))
        return pos

    def _try(self, m: re.Match[str], before: str, s: str) -> int | None:
        if m.group("cont"):
            return self._try_container(m, before)
        if m.group("clause"):
            return self._try_clause(m.group("clause").rstrip("."), m, before, s)
        if m.group("iclause"):
            return self._try_int_clause(m, before, s)
        if m.group("pen"):
            return self._try_penalty(m, before)
        if m.group("hb"):
            if m.start() not in self.line_starts:
                return None
            return self._try_bracket(m.group("hb"), m, before)
        return self._try_bracket(m.group("br"), m, before)

    def _try_penalty(self, m: re.Match[str], before: str) -> int | None:
        """A printed line "Penalty: …" after a sentence ends belongs to the clause, not to its last subclause."""
        if not strong_break(before) or self.mode != "law":
            return None
        self._add_text(before)
        clause: _B | None = self.cur
        while clause is not None and clause.kind != "clause":
            clause = clause.parent
        if clause is None:
            return None
        self.cur = clause.add(_B("text"))
        return m.start()

    # -- containers --------------------------------------------------------------------------

    def _part_amends(self, m: re.Match[str], kind: str, n: int, want: int) -> bool:
        """ "… insert: high Part 3 — Shire of X Bush Fire Local Law 2012 amended 5. Local law amended This Part amends the
        …": the next Part of an instrument that amends one law in each Part, read as its heading though the words before
        it run on (its number follows the last Part's, its heading names a law amended, and its first clause says "This
        Part amends")."""
        return self.mode == "instrument" and kind == "part" and n == want and _PART_AMENDS().match(m.string, m.end()) is not None

    def _next_part_amends(self, m: re.Match[str], kind: str, num: str) -> bool:
        """(r12) "… insert: For the provision of a copy … requesting the copy — Part 3 — X Local Law 2008 amended 5. Local
        law amended This Part amends …": new words ending with a dash, then the instrument's next Part (``_part_amends``),
        not a Part the words insert."""
        want = 1 if self.last_part is None else self.last_part + 1
        return num.isdigit() and self._part_amends(m, kind, int(num), want)

    def _try_container(self, m: re.Match[str], before: str) -> int | None:
        kind = {"PART": "part", "Part": "part", "DIVISION": "division", "Division": "division", "Subdivision": "subdivision"}[
            m.group("ckw")
        ]
        num = m.group("cnum").rstrip(".")  # "PART I.—PRELIMINARY.": the numeral's full stop is print
        if (
            self.mode == "instrument"
            and (
                re.search(r"(?:[:—–“\"]|\binsert|\binserted|\bsubstitute[sd]?)\s*$", before[-40:]) or re.search(r"\d[A-Z]+$", num)
            )
            and not self._next_part_amends(m, kind, num)
        ):
            # "After clause 18 insert: Part 3A — Annual return …": a Part or Division an instruction inserts (after its
            # introducing words or quotation mark, or labelled as inserted, 3A) is new text, not the instrument's heading
            return None
        if self.mode == "instrument" and kind == "subdivision" and self.last_div is None:
            # "… insert: Division 2 — … 2.4. … property. Subdivision 1 — Application 2.5. …": a Subdivision where the
            # instrument has no Division of its own is new text of the Division an instruction inserts, not the
            # instrument's heading (read as that, the words under it were in no instruction)
            return None
        in_running_text = (
            self.mode == "instrument" and m.group("dash").strip() in ("—", "–", "-") and m.string[m.end() : m.end() + 1].isupper()
        )
        if (m.group("dash") != "—" or m.group("ckw") in ("Part", "DIVISION")) and not (
            self._at_line_start(m.start(), before) or in_running_text
        ):
            # "Part 3 - …" and "PART 3" alone on a line are headings only where a printed line starts (an instrument's
            # text runs on: there "Part 1 — Preliminary" is a heading where a capital follows the dash)
            return None
        n = int(re.match(r"\d+", num).group(0)) if num[0].isdigit() else ROMAN.index(num.lower()) + 1  # type: ignore[union-attr]
        expected = {"part": self.last_part, "division": self.last_div, "subdivision": self.last_subdiv}[kind]
        word = {"part": "Part", "division": "Division", "subdivision": "Subdivision"}[kind]
        want = 1 if expected is None else expected + 1
        if n != want and not (expected is None and (kind == "part" or self.mode == "fragment")):
            plainly = self.mode != "instrument" and (strong_break(before) or self._at_line_start(m.start(), before))
            if not plainly:
                return None
            if n < want:
                # Kept in the words where it stands, but never silently.
                self.notes.append(
                    f"'{m.group(0).strip()}' after {word} {expected} does not fit the numbering; "
                    f"kept as words of {self._where()}: check the gazette"
                )
                return None
            self.notes.append(
                f"{word} {num} is read as a heading though no {word} {want} heading was found before it "
                f"(in {self._where()}); check the gazette"
            )
        # A Part that fits the numbering at the start of a printed line, its heading in capitals after the dash, is a
        # Part whatever the line above ends in ("(2) [Deleted GG No. 36 29.02.08]" / "PART 2 - ENFORCEMENT").
        printed_heading = (
            n == want and m.start() in self.line_starts and bool(re.match(r"\s*[A-Z]{2}", m.string[m.end() : m.end() + 4]))
        )
        if not (
            strong_break(before)
            or self.heading_of is not None
            or "\n" in before[-2:]
            or printed_heading
            or self._part_amends(m, kind, n, want)
        ):
            return None
        self._add_text(before)
        if kind == "part":
            self.last_part, self.last_div, self.last_subdiv = n, None, None
        elif kind == "division":
            self.last_div, self.last_subdiv = n, None
        else:
            self.last_subdiv = n
        while self.containers and LEVELS[self.containers[-1].kind] >= LEVELS[kind]:
            self.containers.pop()
        holder = self.containers[-1] if self.containers else self.root
        node = holder.add(_B(kind, num=num, heading=""))
        self.containers.append(node)
        self.cur = node
        self.heading_of = node
        return m.end()

    def _at_line_start(self, start: int, before: str) -> bool:
        return start in self.line_starts or before.endswith("\n") or (not before.strip() and start == 0)

    # -- clauses -----------------------------------------------------------------------------

    def _clause_plausible(self, num: str) -> bool:
        if self.last_clause is None:
            return True
        key, last = clause_key(num), clause_key(self.last_clause)
        if key <= last:
            return False
        major, last_major = key[0], last[0]
        return isinstance(major, int) and isinstance(last_major, int) and major in (last_major, last_major + 1)

    def _try_clause(self, num: str, m: re.Match[str], before: str, s: str) -> int | None:
        if self.mode == "instrument" and self.last_int_clause is not None:
            return None
        after = s[m.end() : m.end() + 2]
        if not (after.startswith("\n") or (len(after) > 1 and (after[1].isupper() or after[1] in "(‘“"))):
            return None
        if not self._clause_plausible(num):
            return self._clause_out_of_sequence(num, m, before, s)
        if not (strong_break(before) or self.heading_of is not None or before.endswith("\n")):
            known = self.headings.get(num)
            if not (known and starts_with_words(s[m.end() : m.end() + 600], known)):
                return None
            self.notes.append(
                f"the words before clause {num} end in mid-sentence ({_tail(before)[-60:]!r}); "
                "the source may have lost words there"
            )
        self._note_skip(num)
        side = self._side_heading(num, before, s, m.end())
        if side is not None:
            before = before[: len(before) - len(side[1])]
        self._add_text(before)
        self.last_clause = num
        end = self._open_clause(num, s, m.end())
        if side is not None and self.cur.kind == "clause" and self.cur.heading is None:
            self.cur.heading = side[0]
            if re.fullmatch(r"(?:Interpretation|Definitions|Terms used)", side[0]):
                self.cur.defs = True
        return end

    def _note_skip(self, num: str) -> None:
        """Say where clause numbers skip within a Part (5.6 then 5.11): the labels are kept as printed."""
        last = self.last_clause
        if last is None or self.mode != "law":
            return
        a, b = clause_key(last), clause_key(num)
        if len(a) == len(b) == 4 and a[0] == b[0] and isinstance(a[2], int) and isinstance(b[2], int) and b[2] > a[2] + 1:
            self.notes.append(
                f"clause {num} follows clause {last}: the numbering skips {a[0]}.{a[2] + 1}"
                + (f" to {a[0]}.{b[2] - 1}" if b[2] - 1 > a[2] + 1 else "")
                + "; the labels are kept as printed"
            )

    def _side_heading(self, num: str, before: str, s: str, end: int) -> tuple[str, str] | None:
        """(heading, the text it takes from ``before``) when clause ``num`` has its heading on the line above it
        and none on its own line; None otherwise (line-mode text only)."""
        if not self.line_starts:
            return None
        known = self.headings.get(num)
        line = s[end : s.find("\n", end) if "\n" in s[end:] else len(s)].strip()
        own_heading = not line.endswith((".", ";", ":", ",", "—", "–", "-")) and not re.search(r"\(\w{1,3}\)", line)
        if not line or (own_heading and not known) or (known and starts_with_words(line, known)):
            return None  # its own line reads as a heading (or starts with the heading the contents page lists)
        body = before.rstrip("\n")
        cut = body.rfind("\n")
        last = body[cut + 1 :]
        if known:
            # the contents page lists the heading, and the line above the clause prints it (it may stand first)
            return (last.strip(), before[cut + 1 :]) if last.strip() == known else None
        if cut < 0 or not is_side_heading(last):
            return None
        return last.strip(), before[cut + 1 :]

    def _where(self) -> str:
        b: _B | None = self.cur
        while b is not None and b.kind not in ("clause", "part", "division", "subdivision"):
            b = b.parent
        if b is None:
            return "the text before the first clause"
        return f"clause {b.num}" if b.kind == "clause" else f"{b.kind.capitalize()} {b.num}"

    def _clause_out_of_sequence(self, num: str, m: re.Match[str], before: str, s: str) -> int | None:
        """A clause label at the start of a printed line, with a heading, that does not follow the last clause:
        read as the clause it plainly is when it comes later (a Part skipped or deleted), else kept as words with a note."""
        if self.mode == "instrument" or self.last_clause is None or not self._at_line_start(m.start(), before):
            return None
        if not strong_break(before) and not before.endswith("\n"):
            return None
        if clause_key(num) > clause_key(self.last_clause):
            self.notes.append(f"clause {num} follows clause {self.last_clause}: the numbering skips here; check the gazette")
            self._add_text(before)
            self.last_clause = num
            return self._open_clause(num, s, m.end())
        self.notes.append(
            f"'{num}' at the start of a line after clause {self.last_clause} does not fit the numbering; "
            f"kept as words of {self._where()}: check the gazette"
        )
        return None

    def _try_int_clause(self, m: re.Match[str], before: str, s: str) -> int | None:
        if self.int_law:
            return self._try_section(m, before, s)
        if self.mode != "instrument" or self.last_clause is not None:
            return None
        if s.startswith(" (", m.end()):
            return None
        label = m.group("iclause")[:-1]
        n = int(re.match(r"\d+", label).group(0))  # type: ignore[union-attr]
        last = self.last_int_clause or 0
        # 11A. after 11. (or 10.) is an inserted clause; a plain number must follow the one before it
        if not (n == last + 1 or (label[-1].isalpha() and n in (last, last + 1))):
            return None
        if label[-1].isalpha() and n == last + 1 and _own_clause_later(n, s[m.end() :]):
            # "5A." after clause 4 with a clause "5." printed later: the instrument's clauses cannot run 4, 5A, 5, so
            # 5A is new text (a clause inserted after clause 4 of the law: "After clause 4 insert: 5A. …")
            return None
        if (
            self.last_int_clause is not None
            and opens_new_text(before)
            and (
                not own_heading_follows(s[m.end() :])
                # (wr12, review 13's b07) "Delete clause 5 and insert: 5. Local laws repealed …" with the instrument's
                # own clause 5 printed later: the heading only looks like an amending clause's
                or (self._names_clause(label, before) and _own_clause_later(n, s[m.end() :]))
            )
            and (label[-1].isalpha() or _own_clause_later(n, s[m.end() :]))
        ):
            # (r16) "Delete clause 5 and insert:" / "Delete clause 6A and insert:" then "5. Fees not payable" or "6A. …":
            # words that introduce new text open it, so the number after them is the new clause's, not the
            # instrument's next (an instrument clause never ends with them); a plain number only when the instrument
            # prints its own clause of that number later (else the new text may be lost: the number is read as before;
            # (wr12) review 13's b02, "Delete clause 5 and insert: 5. Fees …" as the instrument's last clause, stays
            # refused so: its words cannot be told from "Delete clause 5 and insert:" whose new text is lost, then the
            # instrument's own "5. Savings …", test_grammar_round16's guard)
            return None
        if self.last_int_clause is None and not (strong_break(before) or self.heading_of is not None):
            return None
        self._add_text(before)
        self.last_int_clause = n
        return self._open_clause(label, s, m.end())

    def _names_clause(self, label: str, before: str) -> bool:
        """(wr12) Whether the instruction the words ``before`` end (with the current clause's words before them) names
        clause ``label`` of the law as the one it deletes or replaces ("Delete clause 5 and insert:", "Clause 5 is
        deleted and replaced as follows:"), in its last sentence."""
        words = " ".join((self.cur.tail + before).split())
        sentence = re.split(r"(?<=[.;])\s+(?=[A-Z(])", words)[-1]
        return (
            re.match(rf"(?:Delete|Repeal|Omit|Replace|Substitute for)\s+clause\s+{re.escape(label)}\s+and\b", sentence)
            is not None
            or re.match(rf"Clause\s+{re.escape(label)}\s+is\s+(?:deleted|repealed)\s+and\b", sentence) is not None
        )

    def _try_section(self, m: re.Match[str], before: str, s: str) -> int | None:
        """A section "5." of a law numbered in sections, at the start of a printed line; its heading may be
        printed on the line above it (a side heading: "Citation" / "1. These local laws may be cited …")."""
        label = m.group("iclause")[:-1]
        if not label.isdigit():
            return None  # "11A." is an inserted clause of an instrument's text, not a section of a law
        n = int(label)
        want = (self.last_int_clause or 0) + 1
        if self.line_starts:
            if n != want or not self._at_line_start(m.start(), before):
                return None
        else:  # running text: a section starts where a sentence or a heading ends; it may skip ahead, with a note
            if n < want or n > want + 3 or not (strong_break(before) or self.heading_of is not None):
                return None
            if n > want:
                self.notes.append(f"section {n} follows section {want - 1}: the numbering skips here; check the gazette")
        side: str | None = None
        body = before.rstrip("\n")
        cut = body.rfind("\n")
        last_line = body[cut + 1 :].strip()
        above = body[:cut].rstrip().rsplit("\n", 1)[-1] if cut > 0 else ""
        if cut >= 0 and (
            (_SIDE_HEADING.fullmatch(last_line) and not _CAPS_HEADING.fullmatch(last_line))
            or (self.line_starts and dotted_side_heading(above, last_line))
        ):
            side = last_line
            before = before[: cut + 1]
        if not (strong_break(before) or self.heading_of is not None or before.endswith("\n") or side):
            return None
        self._add_text(before)
        self.last_int_clause = n
        if side is None:
            return self._open_clause(str(n), s, m.end())
        holder = self.containers[-1] if self.containers else self.root
        node = holder.add(_B("clause", num=str(n), heading=side))
        self.heading_of = None
        self.cur = node
        if re.fullmatch(r"(?:Interpretation|Definitions|Terms used)", side):
            node.defs = True
        return m.end()

    def _open_clause(self, num: str, s: str, end: int) -> int:
        holder = self.containers[-1] if self.containers else self.root
        node = holder.add(_B("clause", num=num))
        self.heading_of = None
        self.cur = node
        heading, consumed, heuristic = take_heading(s, end, known=self.headings.get(num), mode=self.mode)
        self.heuristic_headings += heuristic
        node.heading = heading
        if heading and re.fullmatch(r"(?:Interpretation|Definitions|Terms used)", heading):
            node.defs = True
        return end + consumed

    # -- bracketed labels --------------------------------------------------------------------

    def _chain(self) -> list[_B]:
        chain: list[_B] = []
        b: _B | None = self.cur
        while (
            b is not None and b.kind in ("subclause", "paragraph", "subparagraph", "definition", "text") and b.parent is not None
        ):
            chain.append(b)
            b = b.parent
        if b is not None and b.kind in ("clause", "subclause", "paragraph", "definition"):
            chain.append(b)
        return chain

    def _try_bracket(self, label: str, m: re.Match[str], before: str) -> int | None:
        strong, andor = strong_break(before), and_or_break(before)
        if not (strong or andor) and (item := self._next_instruction_item(label, m, before)) is not None:
            # (r17, case 259) "(a) delete “A person” and insert: (1) A person (b) in paragraph (a) delete …": the new
            # words end where the next item of the instruction's own list begins with an instruction's words
            self._add_text(before)
            parent = item.parent
            assert parent is not None
            prev = parent.labelled_children()
            self.cur = parent.add(_B(bracket_kind(label, parent.kind, prev[-1].num if prev else None), num=label))
            return m.end()
        if not (strong or andor):
            return self._try_bracket_at_line_start(label, m, before)
        # The words before the label go in first: they may open the list the label belongs to.
        self._add_text(before)
        placed = self._place(label, before)
        if placed is None:
            if self.cur is self.root or (self.cur.kind == "text" and self.cur.parent is self.root):
                # Orphan labelled text before the first clause of a fragment: one free-text line each.
                self.cur = self.root.add(_B("text", initial=label))
                return m.end()
            return m.start()
        parent, note = placed
        if note:
            self.notes.append(note)
        if parent.defs and not any(c.kind == "definition" for c in parent.children):
            parent.defs = False  # "Interpretation" clause whose definitions sit in a subclause
        prev = parent.labelled_children()
        node = parent.add(_B(bracket_kind(label, parent.kind, prev[-1].num if prev else None), num=label))
        self.cur = node
        return m.end()

    def _next_instruction_item(self, label: str, m: re.Match[str], before: str) -> _B | None:
        """(r17) The item of an instrument's list whose next label ``label`` is, when new words its colon opened are
        being read under it (its words end "… and insert:") and the words after ``label`` begin an instruction ("in
        paragraph (a) delete …", "delete …", "after …"): the new words cannot go on into the next item, which has the
        instruction's own label and words. None elsewhere (words after the label that are not an instruction's stay
        new text, as before)."""
        if self.mode != "instrument" or not _INSTRUCTION_START.match(m.string, m.end()):
            return None
        if _CITED_LABEL.search(m.string, max(0, m.start() - 40), m.start()):
            return None  # a label an instruction names ("in paragraph (c) delete …"), not one an item begins with
        for node in self._chain():
            if node.kind not in ("subclause", "paragraph") or node.parent is None:
                continue
            # its words end with the colon that opens the new words (read under it), or hold it (read as its words,
            # the last of them not yet put in)
            words = f"{node.text} {before}" if node is self.cur else node.text
            if follows(node.num or "", label, roman=False) and (
                opens_new_text(_tail(node.text)) or _NEW_TEXT_COLON.search(words)
            ):
                return node
        return None

    def _try_bracket_at_line_start(self, label: str, m: re.Match[str], before: str) -> int | None:
        """A printed line that starts with the next label of an open list, after words cut short."""
        if m.start() not in self.line_starts:
            return None
        for node in self._chain():
            listed = node.kind in ("subclause", "paragraph", "subparagraph") and node.parent is not None
            if listed and follows(node.num or "", label, roman=node.kind == "subparagraph"):
                self._add_text(before)
                self.notes.append(
                    f"clause {self.last_clause}: the words before {label} end in mid-sentence "
                    f"({_tail(before)[-50:]!r}); the source may have lost words there"
                )
                parent = node.parent
                assert parent is not None
                prev = parent.labelled_children()
                self.cur = parent.add(_B(bracket_kind(label, parent.kind, prev[-1].num if prev else None), num=label))
                return m.end()
        return None

    def _place(self, label: str, before: str) -> tuple[_B, str | None] | None:
        b = bare(label)
        chain = self._chain()
        cur = self.cur
        if self.mode == "payload" and cur is self.root and not cur.labelled_children():
            return cur, None  # new provisions may start anywhere in a list: (7A), (g)
        if (
            self.mode == "instrument"
            and cur.kind not in ("root", "part", "division", "subdivision")
            and re.search(
                r"\b(?:insert|inserting|substitute|replace|replaced|following|as follows|as below)\b[^—:]*[—:]$",
                _tail(before),
                re.I,
            )
        ):
            # The first of the provisions an instruction inserts, whatever its label; never directly under a part or
            # division, where the structured format has no bracketed provisions (it would not read back).
            return cur, None
        intro = _tail(before).endswith(("—", ":", " -", " –")) or (_tail(before) == "" and cur.kind == "clause")
        # A new list under the current provision.
        if cur.kind in ("clause", "subclause", "paragraph", "definition") or (cur.kind == "text" and cur.parent is not self.root):
            kids = cur.labelled_children()
            if not kids:
                if b == "1" and cur.kind == "clause":
                    return cur, None
                if b == "a" and cur.kind in ("clause", "subclause", "definition", "text"):
                    return cur, None
                if b == "i" and intro and cur.kind in ("paragraph", "subclause", "clause", "definition", "text"):
                    return cur, None
        # The next label of the list that words closing part of it interrupt ("(b) …, / but excludes— / (c) …").
        if cur.kind == "text" and cur.parent is not None and cur.parent.kind != "root":
            kids = cur.parent.labelled_children()
            last = kids[-1] if kids else None
            if last is not None and follows(last.num or "", label, roman=last.kind == "subparagraph"):
                return cur.parent, None
        # The next label of a list that is open at some level.
        for node in chain:
            if node.kind not in ("subclause", "paragraph", "subparagraph") or node.parent is None:
                continue
            if follows(node.num or "", label, roman=node.kind == "subparagraph"):
                return node.parent, None
        if _tail(before).endswith((";", ".", "; and", "; or")):
            for node in chain:
                if node.kind in ("subclause", "paragraph", "subparagraph") and node.parent is not None:
                    if same_family_after(node.num or "", label):
                        return node.parent, (
                            f"clause {self.last_clause or self.last_int_clause}: label {label} follows {node.num}; "
                            "the source may have skipped or misprinted a label"
                        )
                    break
        return None

    # -- text --------------------------------------------------------------------------------

    def _add_text(self, chunk: str) -> None:
        if not chunk:
            return
        if self.heading_of is not None:
            container = self.heading_of
            head, nl, rest = chunk.partition("\n")
            container.heading = (container.heading or "") + head
            if not nl:
                return
            self.heading_of = None
            chunk = rest
            heading = " ".join(container.heading.split())
            more = rest.split("\n", 1)[0].strip()
            if container.kind != "clause" and _CAPS_HEADING.fullmatch(heading) and _CAPS_HEADING.fullmatch(more):
                # A capitalised heading wrapped onto a second printed line ("… KEEPING OF" / "DOGS").
                container.heading = heading + " " + more
                chunk = rest.split("\n", 1)[1] if "\n" in rest else ""
            if not chunk.strip():
                return
        cur = self.cur
        if cur.kind in ("root", "part", "division", "subdivision"):
            if not chunk.strip():
                return
            mm = DEF_START.match(chunk.strip())
            if cur.kind != "root" and mm and def_term_ok(mm):
                cur.defs = True
                self._add_defs(cur, None, chunk)
                return
            node = cur.add(_B("text"))
            self.cur = node
            cur = node
        holder = self._defs_holder()
        if holder is None:
            if cur.kind in ("clause", "subclause", "text") and not cur.children:
                # An interpretation clause may start its definitions in this very chunk; only the
                # end of the text so far can hold the "In this local law ...—" that opens them.
                window = cur.tail + chunk
                intro = find_intro(window, bold=self.new_text)
                if intro is not None:
                    before = intro - len(cur.tail)
                    if before >= 0:
                        cur.append(chunk[:before])
                        rest = chunk[before:]
                    else:
                        full = cur.text
                        cur.text = full[: len(full) + before]
                        rest = full[len(full) + before :] + chunk
                    cur.defs = True
                    self._add_defs(cur, None, rest)
                    return
                if cur.defs and cur.blank():
                    mm = DEF_START.match(chunk.strip())
                    if mm and def_term_ok(mm):
                        self._add_defs(cur, None, chunk)
                        return
                    cur.defs = False
            cur.append(chunk)
            return
        self._add_defs(holder, cur if cur is not holder else None, chunk)

    def _defs_holder(self) -> _B | None:
        b: _B | None = self.cur
        while b is not None:
            if b.defs and (b.children or b.kind in ("part", "division", "subdivision")):
                return b
            if b.kind in ("clause", "part", "division", "subdivision", "root"):
                return None
            b = b.parent
        return None

    def _add_defs(self, holder: _B, current: _B | None, chunk: str) -> None:
        """Append ``chunk`` under ``holder``, starting a new definition at each defined term."""
        pieces = split_definitions(
            chunk, starts_with_definition=current is None or (current.kind == "definition" and current.blank())
        )
        first, rest = pieces[0], pieces[1:]
        if current is not None:
            if current.kind == "definition" and current.blank() and rest == [] and first.strip():
                mm = DEF_START.match(first.strip())
                current.term = term_of(mm) if mm else None
            current.append(first)
        elif first.strip():
            holder.append(first)
        for piece in rest:
            # a term in bold ("**brigade officer** has …", reading.definitions.mark_bare_terms) is stored plain
            piece = unbolded(piece) if self.new_text else piece
            mm = DEF_START.match(piece.strip())
            if mm and mm.group("glued"):
                self.notes.append(
                    f"the defined term {term_of(mm)!r} is printed glued to the word 'means' "
                    f"({piece.strip()[: mm.end('glued')].split()[-1]!r}): read as the term, the words kept as printed"
                )
            node = holder.add(_B("definition", initial=piece, term=term_of(mm) if mm else None))
            self.cur = node
        if current is not None and current.kind == "definition" and current.term is None:
            mm = DEF_START.match(current.text.strip())
            current.term = term_of(mm) if mm else None
