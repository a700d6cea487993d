"""Typed amending operations: what an instrument does to a law, each tied to its own words."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from .bodytext import parse_fragment
from .errors import FormatError, LawHistoryError
from .ids import Citation
from .model import Provision


class Action(StrEnum):
    """What an operation does. A ``StrEnum``: it compares equal to its name, and is stored as that name."""

    DELETE = "delete"
    SUBSTITUTE = "substitute"
    SUBSTITUTE_TEXT = "substitute_text"
    INSERT = "insert"
    SUBSTITUTE_HEADING = "substitute_heading"
    INSERT_DEFINITION = "insert_definition"
    DELETE_WORDS = "delete_words"
    INSERT_WORDS = "insert_words"
    SUBSTITUTE_WORDS = "substitute_words"
    REPEAL = "repeal"
    RENUMBER = "renumber"


class Occurrence(StrEnum):
    """Which occurrences of the quoted words a word-level operation acts on."""

    ONCE = "once"  # they must occur exactly once
    ALL = "all"
    FIRST = "first"
    SECOND = "second"
    THIRD = "third"  # (issue 20, wr4a) "in the third place where it occurs"
    LAST = "last"
    TWICE = "twice"  # (wr10) "in the 2 places where it occurs": both, and they must occur exactly twice
    THRICE = "thrice"  # (wr10) "in the 3 places where it occurs": all three, exactly three


@dataclass(frozen=True, slots=True)
class ActionSpec:
    """Everything said about one action, in one place: its level, how it is described and what its effect is called.

    ``describe`` and ``effect`` take the operation; ``shown`` is the word a reader's view uses for a provision it
    changed (None: the provision is gone); ``summary`` is the action's line in the schema description.
    """

    action: Action
    level: str  # provision | word | law
    describe: Callable[[Operation], str]
    done: str  # the effect's verb: "deleted", "inserted", "changed" …
    shown: str | None
    summary: str


def _where(op: Operation) -> str:
    return {"end": "at the end of", "start": "at the beginning of"}.get(str(op.position), str(op.position))


def _becomes(op: Operation) -> str:
    """(known) For a heading replaced by the heading line of another kind of unit ("PART 1—PRELIMINARY" for Division 1):
    what the unit becomes, as the history says it ("; Division 1 becomes Part 1, its contents kept"); else ""."""
    unit = op.becomes
    return f"; {op.target} becomes {unit.kind.capitalize()} {unit.num}, its contents kept" if unit is not None else ""


ACTION_SPECS: dict[str, ActionSpec] = {
    spec.action: spec
    for spec in (
        ActionSpec(Action.DELETE, "provision", lambda o: f"delete {o.target}", "deleted", None, "a provision removed"),
        ActionSpec(Action.SUBSTITUTE, "provision", lambda o: f"substitute {o.target}", "substituted", "substituted",
                   "a provision replaced by new provisions"),
        ActionSpec(Action.SUBSTITUTE_TEXT, "provision", lambda o: f"substitute the words of {o.target}", "changed", "amended",
                   "a provision's own words replaced (its label and sub-provisions kept)"),
        ActionSpec(Action.INSERT, "provision", lambda o: f"insert {_where(o)} {o.target}", "inserted", "inserted",
                   "new provisions after, before or at the end of a provision"),
        ActionSpec(Action.SUBSTITUTE_HEADING, "provision", lambda o: f"substitute the heading of {o.target}{_becomes(o)}", "changed",
                   "heading substituted", "a heading replaced"),
        ActionSpec(Action.INSERT_DEFINITION, "provision", lambda o: f"insert a definition in {o.target}", "inserted", "inserted",
                   "a definition inserted in alphabetical order or after another"),
        ActionSpec(Action.DELETE_WORDS, "word", lambda o: f"in {o.target} delete “{o.words}”", "changed", "amended",
                   "quoted words removed"),
        ActionSpec(Action.INSERT_WORDS, "word", lambda o: f"in {o.target} insert “{o.new}” {o.position} “{o.words}”", "changed",
                   "amended", "words inserted before or after quoted words"),
        ActionSpec(Action.SUBSTITUTE_WORDS, "word", lambda o: f"in {o.target} substitute “{o.new}” for “{o.words}”", "changed",
                   "amended", "quoted words replaced"),
        ActionSpec(Action.REPEAL, "law", lambda o: f"repeal {o.target}", "repealed", None, "a whole law repealed"),
        ActionSpec(Action.RENUMBER, "provision", lambda o: f"renumber {o.target} as {o.new}", "renumbered", "renumbered",
                   "a provision given a new label (new: the label), its words kept"),
    )
}  # fmt: skip

#: Provision-level actions. ``target`` is a citation in the amended law.
PROVISION_ACTIONS = tuple(a for a, spec in ACTION_SPECS.items() if spec.level == "provision")
#: Word-level actions inside ``target`` and its sub-provisions.
WORD_ACTIONS = tuple(a for a, spec in ACTION_SPECS.items() if spec.level == "word")
#: Whole-law actions. ``target`` is the repealed law's title.
LAW_ACTIONS = tuple(a for a, spec in ACTION_SPECS.items() if spec.level == "law")
ACTIONS = tuple(ACTION_SPECS)


#: The target of a word edit made throughout the law ("In the principal local law, delete “A” wherever it occurs and
#: insert “B”"): every provision of the law's body, headings included (a heading is part of the law), each one it
#: changes reported. Only word-level actions take it (``Operation`` refuses any other).
WHOLE_LAW = "the whole law"


#: New words that open a list of provisions: a dash or colon, then a first label and, further on, a second one
#: ("government is to give notice — (a) on the notice board …; or (b) otherwise, …"). A word edit never puts such
#: words in as words: its labels would run into the provision's text.
LIST_IN_WORDS = re.compile(r"[—–:-]\s*\((?:a|i|1)\)\s+\S(?=.*?[;,]\s*(?:(?:and|or)\s+)?\((?:b|ii|2)\)\s)", re.S)


@dataclass(frozen=True, slots=True)
class Operation:
    """One change, as the instrument words it.

    * ``clause`` — the amending clause as printed in the instrument (``"7"``, ``"7(c)"``, ``"1.4(2)"``).
    * ``action`` — an ``Action`` (see ``ACTION_SPECS``).
    * ``target`` — the citation the change is made to (``"2.8(2)(h)"``, ``"Schedule 1 item 12"``,
      ``"1.4(1) “cat”"``), or for ``insert`` the provision it is inserted after/before/into; for ``repeal``, the
      repealed law's title. Given as a string, held as a ``Citation`` (the same string, read once into what it
      names: ``citation``).
    * ``words`` — the quoted words the change acts on (word-level actions), or the definition
      after which a definition is inserted.
    * ``new`` — the words inserted or substituted; for provision-level actions, new provisions in
      the structured text format.
    * ``position`` — for ``insert``/``insert_words``: ``after``, ``before``, ``end`` (at the end of
      the target), ``start`` (at its beginning, before its own words) or ``alphabetical`` (definitions); for
      any word-level action, ``end``: the words that end the target's last line of text.
    * ``occurrence`` — ``once`` (must match exactly once), ``all``, ``first``, ``second``, ``third``, ``last``, ``twice`` or ``thrice`` (both or all three, which must be all there are).
    * ``until`` — for word-level actions on a passage ("the passage that begins with “A” and ends with “B”"): the
      words that end it; ``words`` then begin it, and the passage is everything from one to the other in one text.
    * ``source`` — the instrument's exact words that this operation comes from.

    Made when the instrument is read, and not given: ``provisions``, the new provisions of a ``substitute``,
    ``insert`` or ``insert_definition`` read from ``new`` (None for other actions, or when ``new`` cannot be read:
    ``unreadable`` then says why, and how to fix it). Where they go decides how their lines read (see
    ``new_goes_at_top``): at the top — in the law's body, a part, division or schedule — they are read as such;
    inside a provision (``nested``), as its children, the kinds of their bracketed labels being fitted when they are
    applied, from the kind of the provision they go in and the label before them (``labels.fit_kinds``).
    """

    clause: str
    action: Action
    target: str
    source: str
    words: str | None = None
    new: str | None = None
    position: str | None = None
    occurrence: Occurrence = Occurrence.ONCE
    until: str | None = None
    provisions: tuple[Provision, ...] | None = field(default=None, init=False, repr=False, compare=False)
    nested: bool = field(default=False, init=False, repr=False, compare=False)
    unreadable: tuple[str, str] | None = field(default=None, init=False, repr=False, compare=False)
    #: (known) for ``substitute_heading`` of a part, division or subdivision: the unit it becomes when ``new`` is the
    #: heading line of another kind of unit ("PART 1—PRELIMINARY" for Division 1): its kind, label and heading
    becomes: Provision | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Read from files and written by readers as plain strings: held as the enums (equal to those strings).
        object.__setattr__(self, "action", Action(self.action))
        object.__setattr__(self, "occurrence", Occurrence(self.occurrence))
        # A repeal names a law by its title, which is no citation: it stays a plain string.
        object.__setattr__(self, "target", str(self.target) if self.is_repeal else Citation.of(self.target))
        if self.target == WHOLE_LAW and self.action not in WORD_ACTIONS:
            raise FormatError(f"cl. {self.clause}: only a word edit can be made throughout the law, not {self.action}")
        if self.action == Action.RENUMBER and not (self.new or "").strip():
            raise FormatError(f"cl. {self.clause}: a renumbering gives the provision's new label (new), and this gives none")
        if self.action == Action.SUBSTITUTE_HEADING:
            object.__setattr__(self, "becomes", _unit_becomes(self.new, self.citation))
        if self.action in CARRY_PROVISIONS:
            nested = not new_goes_at_top(self.action, self.position, self.citation)
            provisions, unreadable = _read_new(self.new, nested)
            object.__setattr__(self, "nested", nested)
            object.__setattr__(self, "provisions", provisions)
            object.__setattr__(self, "unreadable", unreadable)

    @property
    def citation(self) -> Citation:
        """The target, read as a citation (its ``fragments`` name the provision; None when it reads as none)."""
        return Citation.of(self.target)

    @property
    def whole_law(self) -> bool:
        """Whether the operation is a word edit made throughout the law (its target ``WHOLE_LAW``)."""
        return self.target == WHOLE_LAW

    @property
    def is_repeal(self) -> bool:
        """Whether the operation repeals a law (the one place that answers it for an operation)."""
        return self.action == Action.REPEAL

    def describe(self) -> str:
        """A one-line account of the operation for people."""
        what = ACTION_SPECS[self.action].describe(self)
        if self.until is not None:
            what = what.replace(f"“{self.words}”", f"the passage from “{self.words}” to “{self.until}”")
        if self.occurrence != Occurrence.ONCE and self.action in WORD_ACTIONS:
            what += (
                f" ({self.occurrence} occurrences)"
                if self.occurrence == Occurrence.ALL
                else " (both occurrences)"
                if self.occurrence == Occurrence.TWICE
                else " (all three occurrences)"
                if self.occurrence == Occurrence.THRICE
                else f" ({self.occurrence} occurrence)"
            )
        return what


#: Actions whose ``new`` is provisions (read when the operation is made).
CARRY_PROVISIONS = (Action.SUBSTITUTE, Action.INSERT, Action.INSERT_DEFINITION)


def new_goes_at_top(action: Action, position: str | None, target: Citation) -> bool:
    """Whether the new provisions of an operation go at the top — in the law's body or in a part, division,
    subdivision or schedule — rather than inside a provision, as its citation says.

    An insert at the start or end of the target, or a definition inserted in it, goes in the target: at the top when
    the target is a part, division, subdivision or schedule. A substitution, or an insert before or after the target,
    goes beside it: at the top when the target is one (or a clause), or a provision held directly by one
    (``Schedule 1 item 4``). What does not read as a citation is taken as at the top (it names nothing to apply to).
    """
    fragments = target.fragments
    if not fragments:
        return True
    heads = target.heads
    rest, last_head = fragments[heads:], fragments[heads - 1]
    if action == Action.INSERT_DEFINITION or (action == Action.INSERT and position in ("end", "start")):
        return not rest and last_head.is_container
    return not rest or (len(rest) == 1 and last_head.is_container)


#: The kind the children of a provision are read as when the kind of their holder is not yet known: the kinds of
#: their bracketed labels are fitted to their holder when they are applied (``labels.fit_kinds``); their shape is the same.
_ANY_HOLDER = "clause"


_UNITS = ("part", "division", "subdivision")


def _unit_becomes(new: str | None, target: Citation) -> Provision | None:
    """(known) The unit a heading replaced makes a part, division or subdivision: ``new`` read as one heading line of
    another of those kinds ("PART 1—PRELIMINARY"), with its label; None when it is not one (a heading's words)."""
    fragments = target.fragments
    if not new or not fragments or fragments[-1].kind not in _UNITS:
        return None
    try:
        read = parse_fragment(new)
    except LawHistoryError:
        return None
    if len(read) != 1 or read[0].kind not in _UNITS or read[0].kind == fragments[-1].kind or read[0].children:
        return None
    return read[0] if read[0].num else None


def _read_new(new: str | None, nested: bool) -> tuple[tuple[Provision, ...] | None, tuple[str, str] | None]:
    """The provisions ``new`` holds, or why it holds none (reason, how to fix it)."""
    if not new:
        return None, ("the operation carries no new text", "correct the instrument's operations")
    try:
        provisions = parse_fragment(new, _ANY_HOLDER if nested else None)
    except LawHistoryError as e:
        return None, (f"its new text cannot be read ({e})", "correct the new text in the instrument file")
    if not provisions:
        return None, ("its new text holds no provisions", "correct the new text in the instrument file")
    return provisions, None


def op_to_dict(op: Operation) -> dict[str, Any]:
    d: dict[str, Any] = {}
    for f in fields(Operation):
        if not f.init:
            continue
        value = getattr(op, f.name)
        if value is None or (f.name == "occurrence" and value == Occurrence.ONCE):
            continue
        d[f.name] = str(value)
    return d


def op_fields(op: Operation) -> dict[str, Any]:
    """An operation as ``amend --json`` prints it and the ``operations`` table stores it (the one serialiser)."""
    return {
        "clause": op.clause, "action": op.action, "target": str(op.target), "words": op.words, "new": op.new,
        "position": op.position, "occurrence": op.occurrence, "source": op.source, "description": op.describe(),
    }  # fmt: skip


def op_from_dict(d: Any, index: int) -> Operation:
    if not isinstance(d, dict):
        raise FormatError(f"operation {index + 1} must be a mapping")
    for key in ("clause", "action", "target", "source"):
        if key not in d:
            raise FormatError(f"operation {index + 1} lacks {key!r}")
    if d["action"] not in ACTIONS:
        raise FormatError(f"operation {index + 1}: unknown action {d['action']!r} (one of {', '.join(ACTIONS)})")
    if d.get("occurrence", "once") not in {o.value for o in Occurrence}:
        raise FormatError(
            f"operation {index + 1}: unknown occurrence {d['occurrence']!r} (one of {', '.join(o.value for o in Occurrence)})"
        )
    unknown = set(d) - {f.name for f in fields(Operation) if f.init}
    if unknown:
        raise FormatError(f"operation {index + 1}: unknown field(s) {', '.join(sorted(unknown))}")
    return Operation(**{k: (str(v) if v is not None else None) for k, v in d.items()})  # type: ignore[arg-type]
