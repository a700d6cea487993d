"""Dot leaders: the run of dots (". . . . . ." or "……") a gazette sets between a provision's words and the penalty
printed at the right of the line. They are typography, not words of the law.

``without_leaders`` takes them out of new text an instrument prints. A leader is a run of at least three dots (spaced
or not) or of ellipsis characters, between a word and the amount it leads to ("$500", "$1 000", "10"): never a single
full stop, never a form's blank ("Name: ………", "Signed …… (owner)", "Signature ……… Date ………", "day of ……… 20……": no
amount follows, or it follows a colon other than "Penalty:"). Where a penalty amount after leaders is
followed by a provision's label, the amount ended its printed line: ``LINE_END`` is put after it, so the label begins a
provision of its own (reading.sentences reads it as the end of a sentence), and the readers take it out again
(``without_line_ends``).
"""

from __future__ import annotations

import re

from ..core.lazy_re import lazy_pattern
from .sentences import LINE_END

_LEADER = r"(?:…+|\.(?:[ \t]?\.){2,})"
#: An amount: "$500", "$1 000", "10" (penalty units), whole (not the "20" of a form's "20….").
_AMOUNT = r"(?:\$ ?)?\d{1,3}(?:[ ,]\d{3})*(?:\.\d+)?(?![\d.…])"
#: The amount a run of leaders leads to: money ("$500"), penalty units ("10 penalty units"), or a bare number that
#: ends its line or is followed by a provision's label — never a number with more leaders after it (a form's "……… 20
#: ………", "day of ……… 20 ……… by …").
_LED_AMOUNT = (
    r"(?:\$ ?\d{1,3}(?:[ ,]\d{3})*(?:\.\d+)?(?![\d.…])"
    r"|\d{1,3}(?:[ ,]\d{3})*(?:\.\d+)?(?![\d.…])(?= penalty units?\b|[ \t]*(?:$|\n|[;.](?:\s|$))|\s+\([a-z0-9]{1,4}\)\s))"
)
#: A run of leaders between words and the amount they lead to (its spaces with it). Spaced dots begin after a space
#: ("offence . . . . $500"), so a word's own full stop ("No. ……… 1") is never the first dot of a leader.
LEADERS = re.compile(
    rf"(?:(?<=[\w)’”%])(?:[ \t]+{_LEADER}|…+|\.{{3,}})|(?<=Penalty:)[ \t]*{_LEADER})(?:[ \t]*{_LEADER})*[ \t]*"
    rf"(?={_LED_AMOUNT})",
    re.M,
)
#: The amount a run of leaders leads to, then a label: the amount ends its printed line.
_AMOUNT_THEN_LABEL = lazy_pattern(rf"(?P<amount>{_AMOUNT}(?: penalty units?)?)(?=\s+\((?:[a-z]{{1,4}}|\d{{1,2}}[A-Z]?)\)\s)")


def without_leaders(text: str) -> str:
    """``text`` with its dot leaders taken out (one space for each run), and ``LINE_END`` after an amount a run of
    leaders leads to when a label follows it."""
    out: list[str] = []
    pos = 0
    for m in LEADERS.finditer(text):
        out.append(text[pos : m.start()] + " ")
        pos = m.end()
        if amount := _AMOUNT_THEN_LABEL().match(text, pos):
            out.append(amount.group("amount") + LINE_END)
            pos = amount.end()
    return "".join(out) + text[pos:]


def without_line_ends(text: str) -> str:
    """``text`` without the ``LINE_END`` marks ``without_leaders`` put in."""
    return text.replace(LINE_END, "")
