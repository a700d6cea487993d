"""What a definition defines: the defined term at the start of its words ("cat means …", "approved, in relation to a
facility, means …"). Shared by the readers of laws and instruments and by the applier (a word edit may rename a term)."""

from __future__ import annotations

import re

DEF_VERB = r"(?:means|includes|include|has the same meaning|has the meaning|may be|does not include|refers to|are|is)"
DEF_START = re.compile(
    r"(?P<term>[^\s;()—][^;()\n]{0,80}?)"
    r"(?P<qualifier>, (?:in relation to|in respect of|when used in|in the context of)[^;()\n]{1,120}?,|,? followed by [^;()\n,]{1,60}?,?"
    r"|, (?:in|for|during) (?:any|a|each|the) [a-z][a-z ]{1,40},)? "
    r"(?P<verb>" + DEF_VERB + r"\b|—(?= \(a\) ))"
)

_STOP_FIRST = frozenset(
    [
        "the",
        "a",
        "an",
        "any",
        "and",
        "or",
        "if",
        "in",
        "where",
        "when",
        "subject",
        "for",
        "that",
        "which",
        "this",
        "such",
        "it",
        "he",
        "she",
        "they",
        "every",
        "each",
        "no",
        "all",
        "to",
        "of",
        "on",
        "by",
        "with",
        "but",
        "unless",
        "except",
        "whether",
        "there",
        "these",
        "those",
        "its",
        "his",
        "her",
        "their",
    ]
)


def def_term_ok(m: re.Match[str]) -> bool:
    """Whether a match of DEF_START is a plausible defined term (a few words, not a sentence)."""
    term = m.group("term").strip()
    words = term.split()
    if not words or words[0].lower() in _STOP_FIRST:
        return False
    limit = 4 if m.group("verb") in ("is", "are", "may be") else 8
    return len(words) <= limit and not term.endswith((",", "—"))
