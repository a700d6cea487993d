"""A principal law's title and maker, read from its own words in every form WA laws use.

The citation clause names the law: "may be cited as the …", "is cited as the …", "This local law
is the …", in a local law or a by-law, with or without a year ("Shire of Mundaring Dogs Local Law"),
with the subject after a dash ("Local Law—Fencing 2013") or before ("Local Law Relating to Parking
… 2002"). The title ends with the sentence. The maker is the council named in the enacting words
("the Council of the Shire of Collie resolved", "the local government of the Shire of … resolved"),
or a body named there or in the title block ("KALGOORLIE-BOULDER CEMETERY BOARD").
"""

from __future__ import annotations

import re

_LAW_WORDS = r"(?:Local\s+Laws?|By-?\s?[Ll]aws?|Bylaws?)"
CITATION = re.compile(
    r"(?:may\s+be\s+cited\s+as|is\s+cited\s+as|\bThis\s+is\s+the(?=\s+[A-Z])|(?:This|These)\s+(?:local\s+laws?|by-?laws?)\s+(?:is|are)(?!\s+cited))\s+(?:the\s+)?"
    r"(?P<title>(?:[^.;]|\.(?=\S)|(?<=\bNo)\.\s)+?)(?:(?<!\bNo)[.;](?=\s|$)|\s*$)"
)
MAKER = re.compile(
    r"\b(?:Council|local\s+government)\s+of\s+the\s+(?P<lg>(?:Shire|City|Town)\s+of\s+[A-Z][\w’'\-/]*(?:\s+[A-Z][\w’'\-/]*)*?)"
    r"\s+(?:resolved|at|held|has|hereby|by|under)\b"
)
BOARD = re.compile(r"\b(?P<board>[A-Z][A-Z’'\-]*(?: [A-Z][A-Z’'\-]*)* (?:CEMETERY )?BOARD)\b")


def cited_title(body_flat: str) -> str | None:
    """The title the citation clause gives, as printed, or None when no citation clause names a law."""
    for m in CITATION.finditer(body_flat[:20000]):
        title = " ".join(m.group("title").split())
        if re.search(_LAW_WORDS, title) and len(title) < 200:
            return title
    return None


def local_government(enacting_flat: str, title: str | None, title_block: str) -> str | None:
    """The local government (or board) that made the law, from its enacting words or title block."""
    m = MAKER.search(enacting_flat)
    if m:
        return " ".join(m.group("lg").split())
    if title and (tm := re.match(r"^(?P<lg>(?:Shire|City|Town) of [A-Z][\w’'\-/]*(?: [A-Z][\w’'\-/]*)*?) ", title)):
        return tm.group("lg")
    block = " ".join(title_block.split())
    caps = re.search(
        r"\b(?P<kind>SHIRE|CITY|TOWN) OF (?P<name>[A-Z][A-Z’'\-/]*(?: [A-Z][A-Z’'\-/]*)*?)(?= [A-Z]+ (?:LOCAL|BY)|$)", block
    )
    if caps:
        return f"{caps.group('kind').capitalize()} of {_title_case(caps.group('name'))}"
    bm = BOARD.search(block) or BOARD.search(enacting_flat)
    if bm:
        return _title_case(bm.group("board"))
    return None


def _title_case(caps: str) -> str:
    # "DERBY/WEST KIMBERLEY" (a council named with a solidus), "KALGOORLIE-BOULDER": each word capitalised
    return re.sub(r"[^\s\-/]+", lambda m: m.group(0).capitalize(), caps)


def title_block_spelling(lg: str, title_block: str) -> str:
    """``lg`` spelt as the title block prints it when the two differ only in a hyphen for a space ("Shire of Augusta
    Margaret River" in the enacting words, "SHIRE OF AUGUSTA-MARGARET RIVER" over them): a council's name is its
    title block's and seal's; the enacting words' slip is the printer's."""
    kind, _, name = lg.partition(" of ")
    words = name.split()
    if not _ or len(words) < 2:
        return lg
    block = " ".join(title_block.split()).upper()
    pattern = r"\b" + re.escape(kind.upper()) + r" OF " + r"([ \-])".join(re.escape(w.upper()) for w in words) + r"\b"
    m = re.search(pattern, block)
    if not m or "-" not in m.groups():
        return lg
    seps = m.groups()
    return f"{kind} of " + words[0] + "".join(sep + w for sep, w in zip(seps, words[1:], strict=True))
