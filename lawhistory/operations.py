"""Typed amending operations: what an instrument does to a law, each tied to its own words."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .errors import FormatError

#: Provision-level actions. ``target`` is a citation in the amended law.
PROVISION_ACTIONS = ("delete", "substitute", "substitute_text", "insert", "substitute_heading", "insert_definition")
#: Word-level actions inside ``target`` and its sub-provisions.
WORD_ACTIONS = ("delete_words", "insert_words", "substitute_words")
#: Whole-law actions. ``target`` is the repealed law's title.
LAW_ACTIONS = ("repeal",)
ACTIONS = PROVISION_ACTIONS + WORD_ACTIONS + LAW_ACTIONS


@dataclass(frozen=True, slots=True)
class Operation:
    """One change, as the instrument words it.

    * ``clause`` — the amending clause as printed in the instrument (``"7"``, ``"7(c)"``, ``"1.4(2)"``).
    * ``action`` — one of ``ACTIONS``.
    * ``target`` — the citation the change is made to (``"2.8(2)(h)"``, ``"Schedule 1 item 12"``,
      ``"1.4(1) “cat”"``), or for ``insert`` the provision it is inserted after/before/into.
    * ``words`` — the quoted words the change acts on (word-level actions), or the definition
      after which a definition is inserted.
    * ``new`` — the words inserted or substituted; for provision-level actions, new provisions in
      the structured text format.
    * ``position`` — for ``insert``/``insert_words``: ``after``, ``before``, ``end`` (at the end of
      the target) or ``alphabetical`` (definitions).
    * ``occurrence`` — ``once`` (must match exactly once), ``all``, ``first``, ``second`` or ``last``.
    * ``source`` — the instrument's exact words that this operation comes from.
    """

    clause: str
    action: str
    target: str
    source: str
    words: str | None = None
    new: str | None = None
    position: str | None = None
    occurrence: str = "once"

    def describe(self) -> str:
        """A one-line account of the operation for people."""
        what = {
            "delete": f"delete {self.target}",
            "substitute": f"substitute {self.target}",
            "insert": f"insert {'at the end of' if self.position == 'end' else self.position} {self.target}",
            "substitute_heading": f"substitute the heading of {self.target}",
            "substitute_text": f"substitute the words of {self.target}",
            "insert_definition": f"insert a definition in {self.target}",
            "delete_words": f"in {self.target} delete “{self.words}”",
            "insert_words": f"in {self.target} insert “{self.new}” {self.position} “{self.words}”",
            "substitute_words": f"in {self.target} substitute “{self.new}” for “{self.words}”",
            "repeal": f"repeal {self.target}",
        }.get(self.action, self.action)
        if self.occurrence != "once" and self.action in WORD_ACTIONS:
            what += f" ({self.occurrence} occurrences)" if self.occurrence == "all" else f" ({self.occurrence} occurrence)"
        return what


def op_to_dict(op: Operation) -> dict[str, Any]:
    d: dict[str, Any] = {}
    for f in fields(Operation):
        value = getattr(op, f.name)
        if value is None or (f.name == "occurrence" and value == "once"):
            continue
        d[f.name] = value
    return d


def op_from_dict(d: Any, index: int) -> Operation:
    if not isinstance(d, dict):
        raise FormatError(f"operation {index + 1} must be a mapping")
    for key in ("clause", "action", "target", "source"):
        if key not in d:
            raise FormatError(f"operation {index + 1} lacks {key!r}")
    if d["action"] not in ACTIONS:
        raise FormatError(f"operation {index + 1}: unknown action {d['action']!r} (one of {', '.join(ACTIONS)})")
    unknown = set(d) - {f.name for f in fields(Operation)}
    if unknown:
        raise FormatError(f"operation {index + 1}: unknown field(s) {', '.join(sorted(unknown))}")
    return Operation(**{k: (str(v) if v is not None else None) for k, v in d.items()})  # type: ignore[arg-type]
