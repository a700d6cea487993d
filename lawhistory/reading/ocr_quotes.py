"""Quotation marks a copy's OCR printed as figures or letters ("44", "46", "66", "33", "CC", "it", "tt"), read back only
where a quotation mark must stand: right after the dash that opens an instruction's new text, before that text.

A gazette prints the new text an instruction inserts after a dash, often opened by a quotation mark on a line of its
own ("… inserted instead - / “Part 2 - Asbestos cement product ”."); OCR reads that mark as "46", "44", "CC", "it" ….
Such a token is read back only when all of these hold:

- it is alone on its printed line (or the last word of the line whose dash opens the new text), and the words before
  it end in the dash that follows an insertion verb ("inserting -", "the following definition —", "substituted —");
- the line after it starts the new text (not another instruction, clause of the instrument, or closing words);
- either the new text (up to the next instruction) holds one quotation mark more than pairs up, so the token is its
  opening mark, and it is read as one (“46” → “"”); or the new text holds no unpaired mark (its closing mark is lost
  too) and begins as a provision does — its label "(b)", a quoted defined term, or a heading over a numbered clause —
  so the token is no word of it, and it is left out.

Each token read adds a note saying what was read as what. A token that is not so placed is left as printed (the
instruction is then refused, naming the words, as before): a figure that could be a number of the law's text is never
read as a mark.
"""

from __future__ import annotations

import re

from ..core.terms import DEF_VERB

#: What OCR makes of an opening quotation mark (“ as 66, 44, 46, CC, it, tt …; a lone "a" at the end of a dash line).
_TOKEN = r"(?:44|46|66|33|99|CC|cc|it|tt|a)"
_ALONE = re.compile(r"[ \t]*(?P<tok>" + _TOKEN + r")[ \t]*")
_AT_DASH_END = re.compile(r"(?<=[—–-])[ \t]+(?P<tok>" + _TOKEN + r")[ \t]*$")
#: The words before the new text: an insertion verb, then (within a few words) the dash that opens it.
_OPENS = re.compile(
    r"\b(?:insert\w*|substitut\w*|add(?:ed|ing)?|replac\w*|instead|(?:the )?following(?: [a-z-]+)?|as follows)\b"
    r"[^.;:\"“”]{0,80}?[ \t]*[—–-][ \t]*$",
    re.I,
)
#: A line that is not new text: another instruction, a clause of the instrument, the closing words.
_STOP = re.compile(
    r"[ \t]*(?:\d+[A-Z]{0,2}\.[ \t]+(?:Clause|Part|Schedule|Division|By-?law|Regulation)s?\b"
    r"|\((?:[a-z]{1,4}|\d{1,2})\)[ \t]+(?:by|in|after|before|at)\b"
    r"|(?:Clause|Part|Schedule|Division|By-?law|Regulation)s?[ \t]+\S+(?:[ \t]+and[ \t]+\S+)?[ \t]+"
    r"(?:amended|replaced|repealed|inserted|deleted)\b"
    r"|Dated\b|By order\b|The Common Seal\b|\|)"
)
#: How new text whose marks are all lost begins: a provision's label, a quoted defined term, or a heading line above
#: a numbered clause.
_LABEL_START = re.compile(r"[ \t]*\((?:[a-z]{1,4}|[ivx]{1,5}|\d{1,2}[A-Z]?)\)[ \t]+\S")
_TERM_START = re.compile(r"[ \t]*[\"“][^\"“”\n]{1,80}[\"”],?[ \t]+" + DEF_VERB + r"\b")
_STRAIGHT_TERM = re.compile(r"(?P<lead>[ \t]*)\"(?P<term>[^\"“”\n]{1,80})\"(?=,?[ \t]+" + DEF_VERB + r"\b)")
_CLAUSE_START = re.compile(r"[ \t]*\d+[A-Z]{0,2}\.[ \t]+[A-Z]")
_HEADING = re.compile(r"[ \t]*[A-Z][A-Za-z ,’'-]{2,80}[ \t]*")


def _nonblank(lines: list[str], start: int, step: int) -> int | None:
    i = start
    while 0 <= i < len(lines):
        if lines[i].strip():
            return i
        i += step
    return None


def _unpaired(text: str) -> int:
    """How many marks of ``text`` do not pair up: straight double marks, then curly closing marks with no opening."""
    straight = text.count('"') % 2
    curly = max(0, text.count("”") - text.count("“"))
    return straight + curly


def read_ocr_quote_marks(text: str, notes: list[str]) -> str:
    """``text`` (an instrument's printed lines) with OCR tokens for an opening quotation mark read back where one must
    stand (see the module's docstring); each one read is noted."""
    lines = text.split("\n")
    for i in range(len(lines)):
        alone = _ALONE.fullmatch(lines[i])
        glued = None if alone else _AT_DASH_END.search(lines[i])
        if alone is None and glued is None:
            continue
        if alone is not None:
            before = _nonblank(lines, i - 1, -1)
            if before is None:
                continue
            lead = " ".join(lines[k].strip() for k in range(max(0, before - 2), before + 1) if lines[k].strip())
        else:
            assert glued is not None
            lead = lines[i][: glued.start()]
        if not _OPENS.search(lead):
            continue
        nxt = _nonblank(lines, i + 1, 1)
        if nxt is None or _STOP.match(lines[nxt]):
            continue
        end = next((k for k in range(nxt + 1, len(lines)) if _STOP.match(lines[k])), len(lines))
        new_text = "\n".join(lines[nxt:end])
        tok = (alone or glued).group("tok")  # type: ignore[union-attr]
        words = " ".join(lines[nxt].split())[:50]
        if _unpaired(new_text) == 1:
            mark = "“" if "”" in new_text and '"' not in new_text else '"'
            read = f"read as an opening quotation mark: it stands after the dash before the new text “{words}”, which a quotation mark closes"
        else:
            if _unpaired(new_text) != 0 or not _begins_provision(lines, nxt):
                continue
            mark = ""
            read = f"read as an opening quotation mark whose closing mark is lost too: left out, the new text “{words}” read as printed after the dash"
        if mark == '"' and (term := _STRAIGHT_TERM.match(lines[nxt])) is not None:
            # '"“grave marker” has the meaning …; ".': the term's own marks inside the new text's, told apart as curly
            # ones (straight marks do not nest)
            lines[nxt] = f"{term.group('lead')}“{term.group('term')}”{lines[nxt][term.end() :]}"
        if alone is not None:
            lines[i] = mark
            if mark:
                # the mark opens the new text on the next line: join them, as a mark printed at its start is
                lines[i], lines[nxt] = "", mark + lines[nxt].lstrip()
        else:
            assert glued is not None
            lines[i] = lines[i][: glued.start()] + (" " + mark if mark else "")
        notes.append(f"“{tok}” (the copy's OCR) {read} — check the gazette")
    return "\n".join(lines)


def _begins_provision(lines: list[str], at: int) -> bool:
    """Whether the new text starting at line ``at`` begins as a provision: its label, a quoted defined term, or a heading
    line over a numbered clause."""
    first = lines[at]
    if _LABEL_START.match(first) or _TERM_START.match(first):
        return True
    below = _nonblank(lines, at + 1, 1)
    return bool(_HEADING.fullmatch(first) and below is not None and _CLAUSE_START.match(lines[below]))


#: A defined term at the start of new text whose opening mark the copy lost: `licensed premises” means …`.
_UNOPENED_TERM = re.compile(r"(?P<lead>[ \t]*)(?P<term>[A-Za-z][^“”\"\n;:]{0,60}?)”(?=,?[ \t]+" + DEF_VERB + r"\b)")


def read_lost_term_marks(text: str, notes: list[str]) -> str:
    """``text`` (an instrument's printed lines) with the opening mark of a defined term read back where the copy lost
    it: the term first on the line after the dash that opens new text ("… the following definition instead — /
    licensed premises” means …"), closed by its mark and followed by "means" (or another verb of definition), its
    line holding one closing mark more than pairs up. Each one read is noted."""
    lines = text.split("\n")
    for i in range(len(lines)):
        m = _UNOPENED_TERM.match(lines[i])
        if m is None or _unpaired(lines[i]) != 1:
            continue
        before = _nonblank(lines, i - 1, -1)
        if before is None or not _OPENS.search(lines[before]):
            continue
        lines[i] = f"{m.group('lead')}“{m.group('term')}”{lines[i][m.end() :]}"
        notes.append(
            f"the term “{m.group('term')}” read with an opening quotation mark: the copy prints its closing mark only, "
            "first in the new text after the dash — check the gazette"
        )
    return "\n".join(lines)


#: (r10) What a scan makes of a closing quotation mark at the end of new text: two commas, spaced from the words
#: (“… Regulations 1974 ,,”).
_COMMAS_AT_END = re.compile(r"(?<=\S)[ \t]+,,(?P<end>[.;]?)[ \t]*$")


def _opening_unclosed(line: str) -> str | None:
    """The mark that opens ``line``'s new text and is not closed on it (a straight or curly opening mark), or None."""
    if line.count('"') % 2 == 1 and "“" not in line and "”" not in line:
        return '"'
    if line.count("“") == line.count("”") + 1 and '"' not in line:
        return "”"
    return None


def read_ocr_closing_marks(text: str, notes: list[str]) -> str:
    """``text`` (an instrument's printed lines) with two commas the scan printed for the closing quotation mark of new
    text read back as the mark, only where one must stand: at the end of the line that opens the new text (after an
    insertion verb and its dash, on it or on the line before) with a mark left unclosed, spaced from the words, the next
    line another instruction, clause or the closing words (or none). Each one read is noted; elsewhere ",," is left as
    printed (the instruction is then refused, naming its marks)."""
    lines = text.split("\n")
    for i in range(len(lines)):
        m = _COMMAS_AT_END.search(lines[i])
        if m is None:
            continue
        words = lines[i][: m.start()]
        close = _opening_unclosed(words)
        if close is None:
            continue
        opened = words[: words.index('"' if close == '"' else "“")]
        before = _nonblank(lines, i - 1, -1)
        if not _OPENS.search(opened) and (opened.strip() or before is None or not _OPENS.search(lines[before])):
            continue
        nxt = _nonblank(lines, i + 1, 1)
        if nxt is not None and not (_STOP.match(lines[nxt]) or _CLAUSE_START.match(lines[nxt])):
            continue
        lines[i] = f"{words} {close}{m.group('end')}"
        notes.append(
            f"“,,” (the copy's scan) read as the closing quotation mark of the new text “{' '.join(words.split())[-50:]}”, "
            "which a mark opens and nothing else closes — check the gazette"
        )
    return "\n".join(lines)


#: (r17) A single straight mark printed for the opening double mark of quoted words ("in paragraph (b) delete
#: 'Council;" and insert: Council."): after a verb or place word that quotes words, closed by a double mark before the
#: instruction goes on.
_SINGLE_FOR_DOUBLE = re.compile(
    r"\b(?:delete|deleting|after|before|for|of|omit|omitting) (?P<mark>')(?P<words>[^'\"“”‘’\n]{1,80})\"(?=[ \t]+(?:and|is|in|where|wherever|each)\b)",
    re.I,
)


def read_single_for_double_marks(text: str, notes: list[str]) -> str:
    """``text`` (an instrument's printed lines) with a single straight mark the copy printed for the opening double
    mark of quoted words read back as a double one, only where it opens words a double mark closes on the same line
    right after a verb that quotes them, the line's double marks then pairing up ("delete 'Council;" and insert:" —
    the copy's marks are mismatched; the words quoted are plain). Each one read is noted; elsewhere a single mark is
    left as printed (the instruction is then refused, naming its marks)."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.count('"') % 2 != 1:
            continue
        m = _SINGLE_FOR_DOUBLE.search(line)
        if m is None:
            continue
        lines[i] = line[: m.start("mark")] + '"' + line[m.end("mark") :]
        notes.append(
            f"the words “{m.group('words')}” read as quoted: the copy opens them with a single mark and closes them with "
            "a double one — check the gazette"
        )
    return "\n".join(lines)
