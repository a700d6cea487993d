"""Printed lines a copy ran together or left unclosed, read back where the drafting leaves one reading.

- A clause label glued to the sentence before it: "… Cemeteries Amendment Local Law 2007.2. Commencement" is the end
  of the citation ("Local Law 2007.") and clause 2 ("2. Commencement"), as no clause of a local law is numbered
  "2007.2": read so only after a year that ends a title (Local Law, By-laws, Act, Regulations …) and before a
  capitalised word.
- A term whose closing quotation mark is lost at the end of its printed line: "in the definition of "burial records"
  over "as follows:" — the line ends the term, the next line goes on with the instruction's words ("as follows", a
  dash, "by", "is amended"), so the mark is read there.

- A dash glued to the label of the new text after it: "… inserted instead -(2) If the holder …" is the dash that
  opens the new text, then subclause (2).

Each one read adds a note.
"""

from __future__ import annotations

import re

_GLUED_LABEL = re.compile(
    r"(?P<title>\b(?:Local Laws?|By-?laws?|Act|Regulations?)[ \t]+(?:19|20)\d{2})\.(?P<num>\d{1,2}[A-Z]?)\.(?P<gap>[ \t]+)(?=[A-Z])"
)
_UNCLOSED_TERM = re.compile(r"(?P<lead>\bdefinition of[ \t]+)(?P<mark>[\"“])(?P<term>[A-Za-z][\w’' -]{0,60}?)[ \t]*$")
_GOES_ON = re.compile(r"[ \t]*(?:as follows\b|[—–:]|-(?=\s)|by\b|is amended\b)")


def split_glued_labels(text: str, notes: list[str]) -> str:
    """``text`` with each clause label glued to the citation before it put at the start of a line of its own."""

    def cut(m: re.Match[str]) -> str:
        notes.append(
            f"“{m.group('title')}.{m.group('num')}.” read as the end of a sentence and clause {m.group('num')} (its label "
            "printed glued to the words before it) — check the gazette"
        )
        return f"{m.group('title')}.\n{m.group('num')}. "

    return _GLUED_LABEL.sub(cut, text)


def close_unclosed_terms(text: str, notes: list[str]) -> str:
    """``text`` with a term's closing quotation mark read at the end of its line where the next line goes on with the
    instruction's words (see the module's docstring)."""
    lines = text.split("\n")
    for i, line in enumerate(lines[:-1]):
        m = _UNCLOSED_TERM.search(line)
        if m is None or (m.group("mark") == '"' and line.count('"') % 2 == 0):
            continue
        nxt = next((x for x in lines[i + 1 :] if x.strip()), "")
        if not _GOES_ON.match(nxt) or ('"' if m.group("mark") == '"' else "”") in nxt:
            # the next line does not go on with the instruction's words, or it may close the term itself
            # ("… of "removal / by the owner" as follows"): left as printed
            continue
        close = "”" if m.group("mark") == "“" else '"'
        lines[i] = line.rstrip() + close
        notes.append(
            f"the term {m.group('mark')}{m.group('term')} has no closing quotation mark; read as closed at the end of its "
            f"printed line (the next line goes on with “{' '.join(nxt.split())[:30]}”) — check the gazette"
        )
    return "\n".join(lines)


_GLUED_DASH = re.compile(
    r"(?P<lead>\b(?:insert\w*|substitut\w*|instead|following(?: [a-z-]+)?|as follows)[ \t]+)-(?=\((?:[a-z]{1,4}|\d{1,2}[A-Z]?)\)[ \t]+[A-Z])"
)


def space_glued_dashes(text: str, notes: list[str]) -> str:
    """``text`` with a dash glued to the label of the new text after it spaced from it ("instead -(2) If" → "instead -
    (2) If")."""

    def cut(m: re.Match[str]) -> str:
        notes.append(f"“{m.group('lead').strip()} -(” read as the dash that opens new text, then its label — check the gazette")
        return m.group("lead") + "- "

    return _GLUED_DASH.sub(cut, text)


_GLUED_HEADING = re.compile(r"^(?P<num>\d{1,3}[A-Z]?)\.(?=[A-Z][a-z])", re.M)
_UNDASHED_PART = re.compile(r"^(?P<kw>Part|PART|Division) (?P<num>\d{1,3}[A-Z]?)[ \t]+(?P<heading>[A-Z][^.;:—–\n]{1,80})$", re.M)
_CLAUSE_LINE = re.compile(r"\d{1,3}[A-Z]?\.[ \t]?[A-Z]")


def space_glued_headings(text: str, contents: str, notes: list[str]) -> str:
    """``text`` with a clause label glued to the heading after it at the start of a line spaced from it ("1.Citation" →
    "1. Citation"), and a Part heading printed with a space for its dash given its dash ("Part 1  Preliminary" →
    "Part 1 — Preliminary") where the contents list it with one, or a clause starts the next line and the heading is
    a few words with no verb; each noted once."""
    glued = _GLUED_HEADING.findall(text)
    text = _GLUED_HEADING.sub(lambda m: f"{m.group('num')}. ", text)
    if glued:
        notes.append(f"{len(glued)} clause label(s) printed glued to their headings (“{glued[0]}.…”) were read apart")
    listed = " ".join(contents.split())
    parts: list[str] = []

    def dash(m: re.Match[str]) -> str:
        label, heading = f"{m.group('kw')} {m.group('num')}", m.group("heading").strip()
        nxt = text[m.end() :].lstrip("\n").split("\n", 1)[0]
        in_contents = re.search(re.escape(label) + r" ?[—–-] ?" + re.escape(heading) + r"(?!\w)", listed) is not None
        plain = len(heading.split()) <= 8 and not re.search(r"\b(?:is|are|of the principal)\b", heading)
        if not (in_contents or (plain and _CLAUSE_LINE.match(nxt))):
            return m.group(0)
        parts.append(label)
        return f"{label} — {heading}"

    text = _UNDASHED_PART.sub(dash, text)
    if parts:
        notes.append(
            f"Part heading(s) printed with a wide space and no dash after the label ({', '.join(parts)}) read as headings"
        )
    return text


#: The words of an amending instruction's frame a copy may run together ("byinsertingafterthedefinitionof").
_FRAME_WORDS = frozenset(
    [
        "by",
        "in",
        "inserting",
        "deleting",
        "adding",
        "substituting",
        "omitting",
        "repealing",
        "after",
        "before",
        "at",
        "the",
        "end",
        "of",
        "a",
        "an",
        "definition",
        "definitions",
        "word",
        "words",
        "following",
        "and",
        "or",
        "paragraph",
        "paragraphs",
        "subclause",
        "subclauses",
        "clause",
        "clauses",
        "passage",
        "instead",
        "place",
        "its",
        "their",
        "following",
    ]
)
_RUN_TOGETHER = re.compile(r"(?<!\S)(?P<tok>[a-z“”’']*[a-z]{12,}[a-z“”’']*)(?!\S)")


def _segments(run: str) -> list[str] | None:
    """``run`` as frame words (``_FRAME_WORDS``), longest first at each place; None when it is not wholly so."""
    best: list[list[str] | None] = [None] * (len(run) + 1)
    best[len(run)] = []
    for i in range(len(run) - 1, -1, -1):
        for j in range(len(run), i, -1):
            rest = best[j]
            if run[i:j] in _FRAME_WORDS and rest is not None:
                best[i] = [run[i:j], *rest]
                break
    return best[0]


def space_run_together_words(text: str, notes: list[str]) -> str:
    """``text`` with an instruction's frame words that the copy ran together spaced apart ("byinsertingafterthe
    definitionof“reserve”the following definition" → "by inserting after the definition of “reserve” the following
    definition"): only a run of at least 12 letters read wholly as at least three such words, its quotation marks
    spaced from them; each one read is noted."""

    def spaced(m: re.Match[str]) -> str:
        pieces = [p for p in re.split(r"(“[^“”]*”)", m.group("tok")) if p]
        read: list[str] = []
        for piece in pieces:
            words = [piece] if piece.startswith("“") else _segments(piece)
            if words is None:
                return m.group(0)
            read += words
        if len(read) - sum(p.startswith("“") for p in pieces) < 3:
            return m.group(0)
        notes.append(f"“{m.group('tok')}” (words the copy ran together) read as “{' '.join(read)}” — check the gazette")
        return " ".join(read)

    return _RUN_TOGETHER.sub(spaced, text)
