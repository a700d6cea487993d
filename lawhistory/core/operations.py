"""Typed amending operations: what an instrument does to a law, each tied to its own words."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from .errors import FormatError
from .ids import Citation


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


class Occurrence(StrEnum):
    """Which occurrences of the quoted words a word-level operation acts on."""

    ONCE = "once"  # they must occur exactly once
    ALL = "all"
    FIRST = "first"
    SECOND = "second"
    LAST = "last"


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
        ActionSpec(Action.SUBSTITUTE_HEADING, "provision", lambda o: f"substitute the heading of {o.target}", "changed",
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
    )
}  # fmt: skip

#: Provision-level actions. ``target`` is a citation in the amended law.
PROVISION_ACTIONS = tuple(a for a, spec in ACTION_SPECS.items() if spec.level == "provision")
#: Word-level actions inside ``target`` and its sub-provisions.
WORD_ACTIONS = tuple(a for a, spec in ACTION_SPECS.items() if spec.level == "word")
#: Whole-law actions. ``target`` is the repealed law's title.
LAW_ACTIONS = tuple(a for a, spec in ACTION_SPECS.items() if spec.level == "law")
ACTIONS = tuple(ACTION_SPECS)


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
    * ``occurrence`` — ``once`` (must match exactly once), ``all``, ``first``, ``second`` or ``last``.
    * ``until`` — for word-level actions on a passage ("the passage that begins with “A” and ends with “B”"): the
      words that end it; ``words`` then begin it, and the passage is everything from one to the other in one text.
    * ``source`` — the instrument's exact words that this operation comes from.
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

    def __post_init__(self) -> None:
        # Read from files and written by readers as plain strings: held as the enums (equal to those strings).
        object.__setattr__(self, "action", Action(self.action))
        object.__setattr__(self, "occurrence", Occurrence(self.occurrence))
        # A repeal names a law by its title, which is no citation: it stays a plain string.
        object.__setattr__(self, "target", str(self.target) if self.is_repeal else Citation.of(self.target))

    @property
    def citation(self) -> Citation:
        """The target, read as a citation (its ``fragments`` name the provision; None when it reads as none)."""
        return Citation.of(self.target)

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
                f" ({self.occurrence} occurrences)" if self.occurrence == Occurrence.ALL else f" ({self.occurrence} occurrence)"
            )
        return what


def op_to_dict(op: Operation) -> dict[str, Any]:
    d: dict[str, Any] = {}
    for f in fields(Operation):
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
    unknown = set(d) - {f.name for f in fields(Operation)}
    if unknown:
        raise FormatError(f"operation {index + 1}: unknown field(s) {', '.join(sorted(unknown))}")
    return Operation(**{k: (str(v) if v is not None else None) for k, v in d.items()})  # type: ignore[arg-type]
