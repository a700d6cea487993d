"""Clause headings told from the words after a label, side headings, and which printed line breaks matter."""

from __future__ import annotations

import re

from ..core.headings import amending_heading_end
from ..core.lazy_re import lazy_pattern

SENTENCE_STARTERS = frozenset(
    [
        "A",
        "An",
        "The",
        "Any",
        "No",
        "Where",
        "When",
        "Whenever",
        "If",
        "Subject",
        "Except",
        "In",
        "This",
        "For",
        "Unless",
        "Without",
        "Notwithstanding",
        "Nothing",
        "Each",
        "Every",
        "All",
        "It",
        "Upon",
        "On",
        "Despite",
        "Only",
        "Such",
        "These",
        "There",
        "Before",
        "After",
        "Within",
        "Save",
        "Council",
        "Nobody",
        "Should",
    ]
)
#: Words a clause heading never ends in, so a capitalised word after one still belongs to the heading.
HEADING_NEVER_ENDS = frozenset(
    {"from", "of", "to", "for", "in", "on", "under", "by", "with", "the", "a", "an", "and", "or", "this", "that", "these", "its"}
)

#: Words that open a sentence but hardly ever a heading ("No stopping …" and "Council meetings" are headings).
_SENTENCE_OPENERS = frozenset(["The", "A", "An", "This", "These", "In", "If", "Where", "When", "Subject", "Any", "Every", "Each"])
INSTRUMENT_STARTERS = SENTENCE_STARTERS | frozenset(
    # (wr9, review9 f9) "4. Amendments That local law is amended— (a) …": "That" opens the clause's words
    ["Delete", "Insert", "Clause", "Schedule", "Replace", "Amend", "Omit", "Remove", "Part", "By-law", "That"]
)

INSERT_HEADING = re.compile(r"Insert(?:ion of)? (?:a )?new (?:[Cc]lause|Schedule|Part|Division|subclause|paragraph) [\w.()]+")
#: What a reprint or council copy prints in the place of a deleted clause ("2.4 Deleted", "2.4 [Deleted]", and
#: "5.1 PART 5 deleted" where a whole Part went).
_DELETED = lazy_pattern(r"(?:(?:PART|Part|Division) \d+[A-Z]? )?\[?(?:[Dd]eleted|[Rr]epealed|[Oo]mitted)\.?\]?")
_SIDE_HEADING = re.compile(r"[A-Z][\w’'(),/&\- ]{1,80}[\w)]")
_CAPS_HEADING = re.compile(r"[A-Z][A-Z0-9 ,’'&()/\-]*[A-Z)]")


def soften(text: str, *, sections: bool = False) -> str:
    """Keep a printed line break only where it ends a heading line; elsewhere it is just a space.

    In a law numbered in sections, the break before a section number is kept too, so that a side
    heading printed on the line above the number stays a line of its own.
    """
    lines = text.split("\n")
    out: list[str] = []
    for i, line in enumerate(lines):
        out.append(line)
        if i == len(lines) - 1:
            break
        heading_line = re.match(
            r"\s*(?:\d+(?:\.\d+)+[A-Z]{0,2} |(?:PART|Part|DIVISION|Division|Subdivision) (?:\d+|[IVX]{1,6}\.?—))", line
        ) or (sections and re.match(r"\s*\d+\. ", line))
        before_section = sections and (
            re.match(r"\s*\d+\. ", lines[i + 1])
            or (
                i + 2 < len(lines)
                and re.match(r"\s*\d+\. ", lines[i + 2])
                and (_SIDE_HEADING.fullmatch(lines[i + 1].strip()) or dotted_side_heading(line, lines[i + 1]))
            )
        )
        # A side heading printed on the line above a clause number ("Objects" / "1.3 The objectives …") keeps its lines.
        side = is_side_heading(lines[i + 1]) and i + 2 < len(lines) and _CLAUSE_LINE_START().match(lines[i + 2])
        side_above = is_side_heading(line) and _CLAUSE_LINE_START().match(lines[i + 1])
        penalty = lines[i + 1].lstrip().startswith("Penalty:")  # a clause's penalty line (see _try_penalty)
        # the second line of a clause heading printed over two lines ends the heading too
        tail = i > 0 and _CLAUSE_LINE_START().match(lines[i - 1]) and heading_tail(lines[i - 1], line, lines[i + 1])
        out.append("\n" if heading_line or before_section or side or side_above or penalty or tail else " ")
    return "".join(out)


_CLAUSE_LINE_START = lazy_pattern(r"\s*\d+\.\d+[A-Z]{0,2} [A-Z(‘“]")
_TAIL_LINE = lazy_pattern(r"[a-z][\w’'(),/&\- ]{0,60}[\w)]")
_ENDS = (".", ";", ":", ",", "—", "–", "-")


def heading_tail(heading_line: str, line: str, next_line: str) -> bool:
    """Whether ``line`` is the second printed line of the heading on ``heading_line`` ("2.3 Activities which may be
    pursued on specified local" / "government property"): a few words in small letters without closing punctuation,
    after a heading line without any, and before a line that starts a sentence or a label."""
    text, head, nxt = line.strip(), heading_line.rstrip(), next_line.lstrip()
    return (
        bool(_TAIL_LINE().fullmatch(text))
        and len(text.split()) <= 6
        and not head.endswith(_ENDS)
        and not re.search(r"\(\w{1,3}\)", head)
        and nxt[:1] in "ABCDEFGHIJKLMNOPQRSTUVWXYZ(“‘"
        and nxt[:1] != ""
    )


_DOTTED_SIDE = lazy_pattern(r"[A-Z][a-z’']+(?: (?:[A-Z][a-z’']+|of|and|the|for|to|in|on)){0,3}\.")


def dotted_side_heading(above: str, line: str) -> bool:
    """Whether ``line`` is a side heading printed with a full stop, as older by-laws print them ("Repeal.",
    "Council Offices."): a few words in title case ending in a full stop, on a line after one that ends a sentence
    or a heading (so the last words of a sentence wrapped onto a line of their own, "Stirling.", are not one)."""
    return bool(_DOTTED_SIDE().fullmatch(line.strip())) and above.rstrip().endswith((".", ":", ";", "—"))


def is_side_heading(line: str) -> bool:
    """A short line in title case with no closing punctuation: "Citation", "Objects", "Dwelling house"."""
    text = line.strip()
    return bool(_SIDE_HEADING.fullmatch(text)) and not _CAPS_HEADING.fullmatch(text) and len(text.split()) <= 8


def sections_numbered_flat(text: str) -> bool:
    """``sections_numbered`` for running text: no clause labels like ``1.1``, and sections ``1.`` and ``2.`` in order."""
    if re.search(r"(?<![\w.(/$,:\-–])\d+\.\d+[A-Z]{0,2} [A-Z]", text):
        return False
    one = re.search(r"(?<![\w.(/$,:\-–])1\. [A-Z]", text)
    return bool(one and re.search(r"(?<![\w.(/$,:\-–])2\. [A-Z]", text[one.end() :]))


def sections_numbered(text: str) -> bool:
    """Whether a law is numbered in sections (``1.``, ``2.`` at the start of printed lines) rather than clauses (``1.1``)."""
    if re.search(r"(?m)^\s*\d+\.\d+[A-Z]{0,2}\.? ", text):
        return False
    numbers = [int(n) for n in re.findall(r"(?m)^\s*(\d+)\. ", text)]
    return len(numbers) >= 2 and numbers[0] == 1 and 2 in numbers


def starts_with_words(text: str, heading: str) -> bool:
    """Whether ``text`` begins with ``heading``, allowing one misprinted word."""
    words, want = text.split()[: len(heading.split())], heading.split()
    return len(words) == len(want) and sum(a == b for a, b in zip(words, want, strict=True)) >= max(1, len(want) - 1)


_CITED_KIND = lazy_pattern(r"(?i)(?:sub)?(?:clauses?|paragraphs?|sections?|regulations?|by-?laws?|items?)")


def take_heading(s: str, end: int, *, known: str | None, mode: str) -> tuple[str | None, int, bool]:
    """The heading printed after a clause label ending at ``end`` in ``s``: (heading, characters it takes,
    whether it was told by wording alone). ``known`` is the heading the contents page lists, if any."""
    rest = s[end : end + 400]
    lead = len(rest) - len(rest.lstrip(" "))
    body = rest[lead:]
    if re.match(r"\((?:\d{1,2}[A-Z]?|[a-z])\)\s", body):
        # (review5) "2.3A (1) A person must not …": a clause's first subclause label right after its number — the clause
        # has no heading ("(1)" is no heading, and its subclauses would be lost)
        return None, lead, False
    if mode != "instrument" and _DELETED().fullmatch(body.split("\n", 1)[0].strip()):
        # "2.4 Deleted": the words standing in the place of a deleted clause, not its heading (an instrument's
        # "6. Part 5 deleted" is the heading of its amending clause)
        return None, lead, False
    if known:
        # The contents page lists the heading; it may be printed over two lines in the body.
        want = known.split()
        m = re.match(r"\S+(?:\s+\S+){" + str(len(want) - 1) + "}", body)
        if m:
            cand = m.group(0).split()
            matches = sum(1 for a, b in zip(cand, want, strict=True) if a == b)
            nxt = body[m.end() :].split(maxsplit=1)[:1]
            if matches >= max(1, len(want) - 1) and (not nxt or nxt[0][:1].isupper() or nxt[0].startswith(("(", "“"))):
                return " ".join(cand), lead + m.end(), False
    nl = body.find("\n")
    if nl >= 0:
        line = body[:nl].strip()
        words = line.split()
        # a sentence wrapped at the end of the line is not a heading ("2. The occupier of premises … on those premises")
        sentence = len(line) > 80 or (len(words) > 6 and words[0] in _SENTENCE_OPENERS)
        if (
            line
            and not sentence
            and not line.endswith((".", ";", ":", ",", "—", "–", " -"))
            and not re.search(r"\(\w{1,3}\)", line)
        ):
            after = body[nl + 1 :].split("\n", 2)
            if len(after) >= 2 and heading_tail(line, after[0], after[1]):  # a heading printed over two lines
                return f"{line} {after[0].strip()}", lead + nl + 1 + len(after[0]) + 1, False
            return line, lead + nl + 1, False
        # (core/headings.lark's amending_heading: an amending clause's heading, "Clause 3.2 amended")
        # (wr12) whatever the line's length: "4. Clause 4.1 amended In clause 4.1(2) delete "$500" and insert "$5 000"."
        # is a short line (the first clause under an instrument's Part heading, whose line break is kept)
        am = amending_heading_end(line) if mode == "instrument" else None
        if am is not None and re.match(r" [A-Z]", line[am:]):
            # "7. Clause 3.2 amended In clause 3.2— (a) …": an amending clause's heading run into its words, on a line
            # the copy joined with the ones after it; the heading ends where its words begin, with a capital
            return line[:am], lead + am, False
        if line and not (mode == "instrument" and len(line) > 80):
            return None, lead, False
        # (an instrument's clauses are read from running text: a long "line" is the words of several printed lines,
        # joined up to a Part heading, and its heading is told from its words as in running text — only when a
        # sentence follows it, not a label or a quotation: "Amendments (1) …" is left as it was read)
        joined = bool(line)
    else:
        joined = False
    words = body.split(" ")
    skip = 0
    if mode == "instrument":
        am = amending_heading_end(body) if not joined else None  # (a joined line's was tried above)
        if am is not None:
            return body[:am], lead + am, False
        im = INSERT_HEADING.match(body)
        if im:
            skip = len(im.group(0).split())
    starters = INSTRUMENT_STARTERS if mode == "instrument" else SENTENCE_STARTERS
    taken: list[str] = []
    for i, w in enumerate(words):
        if (
            i >= max(skip, 1)
            and (w in starters or re.fullmatch(r"\((?:\d+|[a-z])\)", w) or w.startswith("“"))
            and not ((w in starters or w.startswith("“")) and taken and taken[-1].lower() in HEADING_NEVER_ENDS)
            # "2. / Subclause (3) of by-law 8 … is amended": a label after a provision's name, and before words that
            # go on in small letters, is a citation in the clause's words, not the first label of its list ("5.3
            # Application of this clause (1) This clause applies …": the heading ends, (1) opens the subclauses)
            and not (
                w.startswith("(")
                and taken
                and _CITED_KIND().fullmatch(taken[-1].strip())
                and words[i + 1 : i + 2] != []
                and not words[i + 1][:1].isupper()
            )
        ):
            break  # (a heading never ends in 'from', 'of', 'to' …: "Exemptions from Schedule 2 Clause 16(b) …")
        if (
            mode == "instrument"
            and 1 <= i <= 10
            and re.fullmatch(r"\d{1,3}[A-Z]?\.", w)
            and words[i + 1 : i + 2] != []
            and words[i + 1][:1].isupper()
            and taken[-1].lower() not in HEADING_NEVER_ENDS
            and not re.fullmatch(r"(?i)(?:clauses?|sections?|regulations?|by-?laws?|parts?|items?|schedules?)", taken[-1])
            and not any(x.endswith((".", ";", ":", ",")) for x in taken)
        ):
            # "2. Commencement 3. The local law amended …": a heading with no words under it (a page break after it),
            # run into the next clause's label; a heading holds no clause label
            break
        if i > 24:
            taken = []
            break
        taken.append(w)
    else:
        taken = []
    if mode == "instrument" and any(
        re.fullmatch(r"\d{1,3}[A-Z]?\.", w) and taken[j - 1].endswith(".") for j, w in enumerate(taken) if j
    ):
        # (r12) "17. Proof of identity Evidence of identity is a passport. 18. Renewal of licence An application …": a
        # heading told by wording holds no sentence's end and the next clause's label (clause 18 would be lost)
        taken = []
    if mode == "instrument" and taken and re.search(r"[—–:]$", taken[-1]):
        # (r12) "17. Application for licence … is to be by way of — (a) …": words ending with the dash that opens a
        # list are a sentence, never a heading
        taken = []
    if mode == "instrument" and re.search(r"(?i)\b(?:is|are) (?:amended|referred to)\b", " ".join(taken)):
        # "3. / By-law 17 … is amended by adding after subclause (6) subclauses as follow: (6a) …": an instruction's
        # sentence, not a heading (a heading says "amended", never "is amended"); nor is "3. In this local law the …
        # Local Law 2003 is referred to as the principal local law." before a marginal note ("Clause 1.3 amended.")
        taken = []
    if not taken or (joined and not (words[len(taken)] if len(taken) < len(words) else "")[:1].isupper()):
        return None, lead, False
    text = " ".join(taken)
    return text, lead + len(text), True
