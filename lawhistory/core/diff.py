"""Word-level redlines with diff-match-patch, and provision-by-provision changes between versions."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass

from diff_match_patch import diff_match_patch

from .ids import addresses
from .model import Provision

_TOKEN = re.compile(r"\s+|[^\s]+")
DELETE, INSERT = -1, 1  # and 0: words kept


def _encode(tokens: list[str], table: dict[str, str]) -> str:
    out = []
    for t in tokens:
        if t not in table:
            table[t] = chr(0xE000 + len(table)) if len(table) < 6400 else chr(0xF0000 + len(table))
        out.append(table[t])
    return "".join(out)


def word_diff(before: str, after: str) -> list[tuple[int, str]]:
    """Differences between two texts, whole words at a time: [(op, text)] with op -1, 0 or 1."""
    a, b = _TOKEN.findall(before), _TOKEN.findall(after)
    table: dict[str, str] = {}
    ca, cb = _encode(a, table), _encode(b, table)
    back = {v: k for k, v in table.items()}
    dmp = diff_match_patch()
    dmp.Diff_Timeout = 2.0
    diffs = dmp.diff_main(ca, cb, False)
    dmp.diff_cleanupSemantic(diffs)
    return [(op, "".join(back[ch] for ch in chars)) for op, chars in diffs]


def diff_html(before: str, after: str) -> str:
    """A redline in HTML: deletions in ``<del>``, insertions in ``<ins>``, every word escaped."""
    out = []
    for op, text in word_diff(before, after):
        t = html.escape(text)
        out.append(f"<del>{t}</del>" if op == DELETE else f"<ins>{t}</ins>" if op == INSERT else t)
    return "".join(out)


def diff_terminal(before: str, after: str) -> str:
    """A redline for a terminal: ``[-deleted-]`` and ``{+inserted+}``."""
    out = []
    for op, text in word_diff(before, after):
        out.append(f"[-{text}-]" if op == DELETE else f"{{+{text}+}}" if op == INSERT else text)
    return "".join(out)


@dataclass(frozen=True, slots=True)
class ProvisionChange:
    """A provision whose words differ between two versions (``before``/``after`` None: inserted/deleted)."""

    citation: str
    eid: str
    kind: str
    before: str | None
    after: str | None

    @property
    def change(self) -> str:
        if self.before is None:
            return "inserted"
        if self.after is None:
            return "deleted"
        return "amended"

    def html(self) -> str:
        return diff_html(self.before or "", self.after or "")

    def terminal(self) -> str:
        return diff_terminal(self.before or "", self.after or "")


def own_words(p: Provision) -> str:
    """A provision's own printed words: label, heading and text (or a row's cells)."""
    if p.kind == "item":
        return " | ".join(p.cells)
    parts = [x for x in (p.num, p.heading, p.text) if x]
    if p.kind in ("part", "division", "subdivision", "schedule"):
        parts = [f"{p.kind.capitalize()} {p.num}", p.heading or ""]
    if p.kind == "schedule" and p.cells:
        parts.append(" | ".join(p.cells))
    return " ".join(x for x in parts if x)


def changes_between(
    old: Sequence[Provision],
    new: Sequence[Provision],
    old_conclusions: Sequence[Provision] = (),
    new_conclusions: Sequence[Provision] = (),
) -> list[ProvisionChange]:
    """Every provision inserted, deleted or reworded between two bodies, in the new document order."""
    before = {a.citation: a for a in addresses(tuple(old), tuple(old_conclusions))}
    after = {a.citation: a for a in addresses(tuple(new), tuple(new_conclusions))}
    out: list[ProvisionChange] = []
    for cite, a in after.items():
        b = before.get(cite)
        if b is not None and b.provision is a.provision:
            continue  # the same (immutable) provision: versions share what an amendment did not touch
        now = own_words(a.provision)
        if b is None:
            out.append(ProvisionChange(cite, a.eid, a.provision.kind, None, now))
        elif own_words(b.provision) != now:
            out.append(ProvisionChange(cite, a.eid, a.provision.kind, own_words(b.provision), now))
    for cite, b in before.items():
        if cite not in after:
            out.append(ProvisionChange(cite, b.eid, b.provision.kind, own_words(b.provision), None))
    return out
