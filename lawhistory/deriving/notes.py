"""How a provision reads: its label line ("2.7 Roosters", "(a) roosters;"), who last changed it, and the reprint-style
note printed under it ("[Clause 2.8A inserted by A cl. 4; amended by B cl. 6]"). The one rule, used by ``show``,
the site and the build.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from ..core.ids import Address
from ..core.model import CONTAINER_KINDS, Provision
from ..core.versions import Change, Timeline, Version
from ..files.textformat import container_label

#: How a reader's view names what an action did to a provision (from the one table of actions).


@functools.cache
def action_words() -> dict[str, str]:
    """Each action's word in a note ("inserted", "deleted"), from the operations' table (imported when a note is made:
    ``show`` reading a built law makes none)."""
    from ..core.operations import ACTION_SPECS

    return {action: spec.shown for action, spec in ACTION_SPECS.items() if spec.shown}


def provision_text(p: Provision) -> str | None:
    """A provision's own words as shown to readers (a table row's cells joined by ' | ')."""
    if p.kind == "item":
        return " | ".join(p.cells)
    return p.text


def change_for(a: Address, version: Version, tl: Timeline) -> Change:
    return version.provenance.get(a.citation) or tl.made_by


#: Actions that make a provision anew: its notes start again from them (the earlier words were another text).
_MADE_ANEW = ("insert", "substitute", "insert_definition")


def changes_to(citation: str, versions: Sequence[Version]) -> list[Change]:
    """Every change to a provision over ``versions`` (oldest first), in order; it restarts where the provision was
    made anew. Changes to a provision because its parent was inserted or substituted ("within") are left out.
    """
    out: list[Change] = []
    last: Change | None = None
    for v in versions:
        ch = v.provenance.get(citation)
        if ch is None or ch == last:
            continue
        last = ch
        if ch.action in _MADE_ANEW:
            out = [ch]
        elif ch.action == "within":
            out = []
        else:
            out.append(ch)
    return out


def _noun(a: Address) -> str:
    """How a note names a provision: "Paragraph 2.7(a)", but "Schedule 1 item 6", not "Item Schedule 1 item 6"."""
    if a.citation[:1].isalpha():
        return a.citation
    return f"{a.provision.kind.capitalize()} {a.citation}"


def note_for(a: Address, version: Version, history: Sequence[Version] = ()) -> str | None:
    """The reprint-style note for a provision changed by instruments, or None: every change in order, e.g.
    "[Clause 2.8A inserted by A cl. 4; amended by B cl. 6]" (``history``: the versions up to ``version``).
    """
    chain = changes_to(a.citation, history or (version,))
    if not chain:
        return None
    return f"[{_noun(a)} " + "; ".join(f"{action_words().get(c.action, 'amended')} by {c.label()}" for c in chain) + "]"


def versions_to(tl: Timeline, version: Version) -> tuple[Version, ...]:
    """The law's versions up to and including ``version`` (what its notes are made from)."""
    return tuple(v for v in tl.versions if v.number <= version.number)


#: The HTML element of each heading-like provision (others are paragraphs).
HEADING_TAG = {"part": "h2", "schedule": "h2", "division": "h3", "subdivision": "h3", "clause": "h4"}


def label_line(kind: str, num: str | None, heading: str | None, text: str | None) -> str:
    """A provision's label line as printed: ``PART 2—ANIMALS``, ``2.7 Roosters``, ``(a) roosters;`` (from its columns)."""
    if kind in CONTAINER_KINDS:
        return container_label(kind, num) + (f"—{heading}" if heading else "")
    if kind == "clause":
        return f"{num} {heading}" if heading else f"{num}"
    if kind in ("subclause", "paragraph", "subparagraph"):
        return f"{num} {text or ''}".rstrip()
    return text or ""
