"""What a definition defines: the defined term at the start of its words ("cat means …", "approved, in relation to a
facility, means …"). Shared by the readers of laws and instruments and by the applier (a word edit may rename a term)."""

from __future__ import annotations

import re

DEF_VERB = (
    r"(?:means|includes|include|shall mean|shall include|has the same meaning|has the meaning|has a corresponding meaning"
    # (r13) "calibre has a meaning affected by subregulation (2);"
    r"|has a meaning"
    r"|have the same meanings?"
    r"|may be|does not include|refers to|are|is)"
)
# A term is quoted (“Act”) or bare (AS/NZS, GVM (gross vehicle mass), 1 in 50 year storm); a qualifier may stand
# between it and the verb: "owner, in relation to a vehicle, has the meaning …", "premises, in addition to …, includes",
# "AS followed by a designation refers to …", "GVM (which stands for “gross vehicle mass”) has the meaning …".
DEF_START = re.compile(
    r"(?P<term>[“\"‘][^”\"’\n]{1,80}[”\"’]|[^\s;()—“][^;\n]{0,80}?)"
    # (r12) "public provider and **private provider** have the same meanings …": a second term, bold; (wr7) "animal,
    # **dog** and **owner** have the same meanings …": more terms, each bold, the last after "and" (or ", and")
    r"(?:(?P<qual>(?:, \*\*[^*\n]{1,80}\*\*)+,? and \*\*[^*\n]{1,80}\*\*|,[^,;\n]{1,120},|,? in relation to [^,;—\n]{1,80}?,?|,? followed by [^;()\n,]{1,60}?,?| and \*\*[^*\n]{1,80}\*\*"
    r"| \((?:which|that|being|also)\b[^()]{0,80}\))?"
    r"(?: (?P<verb>" + DEF_VERB + r"\b|[—–-](?= \(a\) |\s*$))"
    # a copy that lost the space before the verb: "collectable wastemeans local government waste …"
    r"|(?<=[a-z]{3})(?P<glued>means)(?= ))"
    # "owner, in relation to a vehicle— (a) licensed …, means …": the meanings follow in paragraphs
    r"|,? in relation to [^,;—\n]{1,80}?—)"
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


def term_of(m: re.Match[str]) -> str:
    """The defined term of a DEF_START match, without its quotes (the text keeps them as printed)."""
    term = m.group("term").strip()
    if term[:1] in '“"‘' and term[-1:] in '”"’':
        return term[1:-1]
    return term


def def_term_ok(m: re.Match[str]) -> bool:
    """Whether a match of DEF_START is a plausible defined term (a few words, not a sentence)."""
    term = term_of(m)
    if m.group("term").strip()[:1] in '“"‘':
        return 0 < len(term.split()) <= 10
    words = term.split()
    if not words or words[0].lower() in _STOP_FIRST:
        return False
    if re.search(r"[“”\"]", term):
        # 'CC "dwelling-house" does not include …': a quotation mark inside a term not quoted itself (a copy's OCR
        # of an opening mark as letters): where the term begins is uncertain
        return False
    limit = 4 if m.group("verb") in ("is", "are", "may be") else 8
    return len(words) <= limit and not term.endswith((",", "—"))


# (fix9) The terms printed after a definition's own term in one definition of several, as a law's file keeps them
# ("kennel and **lead** have the same meanings …", "a, **b** and **c** have …"; a law printing its terms quoted:
# "“kennel” and “lead” have …"), before the definition's verb.
_TERM_PRINTED = r"(?:\*\*[^*\n]{1,80}\*\*|“[^”\n]{1,80}”)"
_MORE_TERMS = re.compile(r"((?:, " + _TERM_PRINTED + r")*,? and " + _TERM_PRINTED + r") (?=(?:" + DEF_VERB + r"|mean|have)\b)")
_ONE_TERM = re.compile(r"\*\*([^*\n]{1,80})\*\*|“([^”\n]{1,80})”")


def defined_terms(term: str | None, text: str | None) -> list[str]:
    """(fix9, issue 20) Every term a definition defines: its own ``term`` (as a definition provision keeps it) and
    each further term of a definition of several printed after it, in order; [] for no term."""
    if not term:
        return []
    text = text or ""
    printed = next((p for p in (f"“{term}”", f"‘{term}’", f'"{term}"', f"**{term}**", term) if text.startswith(p)), None)
    if printed is None:
        return [term]
    m = _MORE_TERMS.match(text[len(printed) :])
    if m is None:
        return _listed_terms(term) if re.match(r" have\b", text[len(printed) :]) else [term]
    return [term] + [a or b for a, b in _ONE_TERM.findall(m.group(1))]


#: (wr9) Where one term of a list ends: a comma (and "and"), or "and" ("animal, dog and owner").
_LIST_JOIN = re.compile(r",\s+(?:and\s+)?|\s+and\s+")


def _listed_terms(term: str) -> list[str]:
    """(wr9, issue 20) The terms of a definition of several printed as one term, unmarked apart, before the plural
    "have" ("**animal, dog and owner** have the same meanings as in the Act;", as an instrument inserting it unquoted
    is read): each term of the list ("animal", "dog", "owner"), so that none of them is defined again unseen; the one
    term where it is no list."""
    terms = [t.strip() for t in _LIST_JOIN.split(term)]
    return terms if len(terms) > 1 and all(terms) else [term]


#: (wr11) A term marked bold in the stored format ("cat and **kitten** have …").
_BOLD_TERM = re.compile(r"\*\*([^*\n]{1,120})\*\*")


def as_printed(text: str) -> str:
    """``text`` (a law's words in the stored format) as a reader of the gazette saw them, for a message to quote: each
    term's bold marks taken off ("cat and **kitten** have …" → "cat and kitten have …"), the words kept."""
    return _BOLD_TERM.sub(r"\1", text) if "**" in text else text
