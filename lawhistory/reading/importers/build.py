"""From normalised gazette text to laws: shared by every importer."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace

from ...core.dates import (
    ALTER_FOR_AFTER,
    EVERY,
    UNCERTAIN,
    commencement,
    enabling_act,
    principal_commencement,
    printed_date,
    rule_of_act,
    split_words,
    statutory_commencement,
    subclause_days,
    uncertain_commencement,
)
from ...core.errors import ImportFailed
from ...core.ids import walk
from ...core.model import Commencement, Gazette, Law, LawKind, LawMeta, LawRef, Provision
from ..definitions import mark_bare_terms
from ..gazette import (
    COMMENCEMENT,
    REPEALS,
    InstrumentText,
    Stream,
    contents_headings,
    flat,
    law_id,
    normalise,
    smart_title,
    split_instruments,
)
from ..instrument_meta import RESOLVED, amended_by_part, amended_law
from ..line_lists import mark_line_lists, subsections_as_labels
from ..run_together import (
    close_unclosed_terms,
    space_glued_dashes,
    space_glued_headings,
    space_run_together_words,
    split_glued_labels,
)
from ..structure import StructureParser
from . import Imported, ImportOptions
from .repair import repair
from .titles import cited_title, title_block_spelling
from .titles import local_government as maker


def build_instruments(text: str, options: ImportOptions, *, line_mode: bool, source_label: bool) -> Imported:
    where = options.source or "the file"
    stream = normalise(text, line_mode=line_mode, source_label=source_label)
    pieces = split_instruments(stream)
    notes = list(stream.notes)
    removed = list(stream.removed)
    laws = []
    # --gazette-date is for instruments printed without page headers; it must agree with headers
    # unless the file also holds instruments that have none (then it is meant for those).
    undated = any(not {p.date for p in piece.pages} for piece in pieces)
    for i, piece in enumerate(pieces):
        law_notes: list[str] = []
        lead = flat(piece.lead)
        if lead and _is_copy_cover(piece, stream, line_mode):
            removed.append(lead)
            law_notes.append(
                f"the cover before the law's own title block and contents page (a council copy's, or an old gazette's) "
                f"is not the law's text and is left out "
                f"({len(lead.split())} words): {lead[:120]!r}"
            )
            lead = ""
        if lead:
            law_notes.append(f"words before the first instrument could not be placed and are kept as free text: {lead[:80]!r}")
        laws.append(_build(piece, stream, options, line_mode, law_notes, lead, where, index=i, strict_date=not undated))
    return Imported(laws=tuple(laws), removed=tuple(removed), notes=tuple(notes))


def _is_copy_cover(piece: InstrumentText, stream: Stream, line_mode: bool) -> bool:
    """Whether the words before the first instrument are the cover of a council's own copy: a copy that keeps its
    printed lines and has no gazette page headers (so it is not a gazette notice, whose lead words are left as text),
    and a contents page (before the title block, or after the enacting words as a consolidation prints it): the words
    before the law's own title block or contents page (the cover, its notes of adoption, gazettal and consolidation,
    the title printed over the contents page) are not its text."""
    return line_mode and not stream.pages and stream.gazette_number is None and bool(piece.contents.strip())


def _respace(cited: str, caps: str) -> str:
    """``cited`` with the spaces that the capitalised title does not have removed ("S hire" → "Shire")."""
    out, j = [], 0
    caps_u = caps.upper()
    for ch in cited:
        if ch == " " and j < len(caps_u) and caps_u[j] != " ":
            continue
        out.append(ch)
        j += 1
    return "".join(out)


def _title(piece: InstrumentText, body_flat: str, notes: list[str]) -> str | None:
    """The instrument's title from its citation clause, spaced as its capitalised title block is."""
    caps_lines = [ln.strip() for ln in re.split(r"\n| (?=(?:SHIRE|CITY|TOWN) OF )", piece.title_block) if ln.strip()]
    # (the Act's line is not the title: "LOCAL GOVERNMENT ACT 1995", "LOCAL GOVERNMENT ACT, 1960-1970."; an older
    # title block ends each line with a full stop: "City of Stirling." / "GENERAL BY-LAWS.")
    caps = " ".join(ln.rstrip(".") for ln in caps_lines if not re.search(r"\b(?:ACT|Act),? \d{4}(?:[-–]\d{4})?\.?$", ln))
    cited = cited_title(body_flat)
    if not cited and not caps:
        return _title_from_lead(piece, body_flat, notes) or _old_title(piece, notes)
    if not cited:
        return smart_title(caps) if caps else None
    squeezed, caps_squeezed = cited.replace(" ", "").upper(), caps.replace(" ", "").upper()
    if caps_squeezed and squeezed.endswith(caps_squeezed):
        n = _len_with_spaces(cited, len(caps_squeezed))
        fixed = cited[: len(cited) - n] + _respace(cited[len(cited) - n :], caps)
        if fixed != cited:
            notes.append(f"title read as {fixed!r}; the citation clause prints {cited!r} (kept as printed in the text)")
            return fixed
    return cited


_OLD_HEADING = re.compile(
    r"(?P<council>(?:Shire|Town|City|Municipality) of [A-Z][\w'’ -]*?)\.\s+(?P<bylaws>By-?laws [Rr]elating to (?:the )?[A-Z][^.—]*?"
    # (known2) "Shire of Woodanilling. / Health By-laws—Amendment." (by-laws named by their subject before the word)
    r"|(?:[A-Z][a-z]+ ){1,3}By-?laws)\s*[—–-]\s*"
    r"(?P<amendment>Amendments?)\.\s*$"
)


#: (known2) The heading lines over a 1970s notice of the Governor's approval: "Shire of Mingenew. / By-laws Relating to
#: Caravan Parks. / L.G. 511/64." (the council, the by-laws amended, the department's file number).
_NOTICE_HEADING = re.compile(
    r"(?P<council>(?:Shire|Town|City|Municipality) of [A-Z][\w'’ -]*?)\.\s+(?P<bylaws>By-?laws [Rr]elating to (?:the )?[A-Z][^.—]*?)\."
    r"(?:\s+L\.\s?G\.\s+[\d/]+\.)?\s*$"
)


def _old_title(piece: InstrumentText, notes: list[str]) -> str | None:
    """ "Shire of Nungarin. / By-laws Relating to Halls—Amendment." printed over the enacting words of a 1960s by-law
    amendment: its title, made of those heading lines (it has no citation clause)."""
    m = _OLD_HEADING.search(" ".join(piece.lead.split()))
    approved = re.search(r"\b(?:pleased\s+to\s+(?:approve|confirm)|has\s+approved\s+of)\b", piece.enacting) is not None
    notice = _NOTICE_HEADING.search(" ".join(piece.lead.split())) if m is None and approved else None
    if notice is not None:
        # (known2) a notice of approval of amending by-laws, headed by the by-laws it amends
        title = f"{notice.group('council')} {notice.group('bylaws')} Amendment"
        notes.append(
            f"title read as {title!r}: the heading lines over the notice name the by-laws amended "
            f"({notice.group('bylaws')!r}); the notice gives its by-laws no title of their own"
        )
        return title
    if not m:
        return None
    title = f"{m.group('council')} {m.group('bylaws')} {m.group('amendment')}"
    notes.append(
        f"title read from the heading lines over the enacting words as {title!r} (the instrument has no citation clause)"
    )
    return title


def _title_from_lead(piece: InstrumentText, body_flat: str, notes: list[str]) -> str | None:
    """The title printed in mixed case over the enacting words ("Shire of X Local Government Property Amendment" /
    "Local Law 2014") when the citation clause is cut short by a page break ("This local law is the Shire of X
    Local Government Property" then the next clause): taken only when the title lines begin with the citation's words."""
    cut = re.search(r"\bThis local law is the (?P<start>(?:Shire|City|Town) of [A-Z][^.;]*?) \d+\. [A-Z]", body_flat)
    if not cut:
        return None
    lead = " ".join(piece.lead.split())
    m = re.search(re.escape(cut.group("start")) + r"(?: [A-Z(][\w()’'.\-]*)*? Local Laws?(?: \(No\. \d+\))? \d{4}\b", lead)
    if not m:
        return None
    notes.append(
        f"title read from the title lines as {m.group(0)!r}: the citation clause breaks off after "
        f"{cut.group('start')!r} (a page break)"
    )
    return m.group(0)


def _len_with_spaces(text: str, letters: int) -> int:
    """How many trailing characters of ``text`` hold ``letters`` non-space characters."""
    count = 0
    for i in range(len(text) - 1, -1, -1):
        if text[i] != " ":
            count += 1
        if count == letters:
            return len(text) - i
    return len(text)


def _kind(title: str | None, body_flat: str) -> LawKind:
    t = title or ""
    if re.search(r"\bBy-?laws\b.*\bAmendment$", t):
        return "amending"  # "Shire of X By-laws Relating to Halls Amendment" (a 1960s by-law amendment)
    # "… Repeal Local Law 2017" / "Local Law No. 16—Repeal of Local Laws" (a council that numbers its local laws names
    # what the law does after its number)
    # (r11) "… Amendment and Repeal By-laws 1995" (as "… Amendment and Repeal Local Law 2024": it amends one law as well)
    if re.search(r"\bRepeal (?:Local Laws?|By-?laws)\b|\bRepeal of (?:(?:the|certain|obsolete)\s+)?(?:Local Laws|By-?laws)\b", t):
        return "repeal"
    if re.search(r"\bAmendment Local Laws?\b|\bAmendment By-?laws?\b", t) or amended_law(body_flat):
        return "amending"
    return "principal"


def _preface(piece: InstrumentText, local_government: str | None) -> list[Provision]:
    lines: list[str] = []
    block = " ".join(piece.title_block.split())
    if block:
        m = re.match(r"(.*?\bACT \d{4})\s+(.*)$", block)
        if m:
            lines.append(m.group(1))
            block = m.group(2)
        lg_caps = (local_government or "").upper()
        if lg_caps and block.startswith(lg_caps + " "):
            lines.append(lg_caps)
            block = block[len(lg_caps) + 1 :]
        lines.append(block)
    if piece.enacting:
        lines.append(flat(piece.enacting))
    return [Provision(kind="text", text=ln) for ln in lines if ln]


def _conclusions(text: str) -> tuple[Provision, ...]:
    words = flat(re.sub(r"—{2,}", " ", text))
    if not words:
        return ()
    sentences = re.split(r"(?<=[a-z0-9)]\.)\s+(?=[A-Z])|(?<=—)\s+(?=[A-Z])", words)
    return tuple(Provision(kind="text", text=s) for s in sentences if s)


def _numbered(body: tuple[Provision, ...]) -> bool:
    """Whether any provision of ``body`` carries a label (a law is made of numbered provisions; a text whose every
    line is free text, such as a licence or a letter, is not a law, whatever title it is given)."""
    return any(p.num is not None or _numbered(p.children) for p in body)


def _gazette(
    piece: InstrumentText, stream: Stream, options: ImportOptions, where: str, strict: bool, notes: list[str]
) -> Gazette:
    dates = sorted({p.date for p in piece.pages})
    if len(dates) > 1:
        raise ImportFailed(f"{where}: one instrument's pages carry different gazette dates ({', '.join(map(str, dates))})")
    header_date = dates[0] if dates else None
    if options.gazette_date and header_date and options.gazette_date != header_date:
        if strict:
            raise ImportFailed(
                f"{where}: --gazette-date {options.gazette_date} disagrees with the page headers, which say {header_date}; "
                "leave the option out or correct it"
            )
        notes.append(f"--gazette-date {options.gazette_date} was not used: the page headers of this instrument say {header_date}")
    date = header_date or options.gazette_date
    pages = sorted({p.page for p in piece.pages if p.page})  # (a header with no page number and none near it: 0)
    page_text = None
    if pages:
        page_text = str(pages[0]) if len(pages) == 1 else f"{pages[0]}-{pages[-1]}"
    number = stream.gazette_number if header_date is not None else None
    return Gazette(date=date, number=number, pages=page_text)


def _build(
    piece: InstrumentText,
    stream: Stream,
    options: ImportOptions,
    line_mode: bool,
    notes: list[str],
    lead: str,
    where: str,
    index: int,
    strict_date: bool = True,
) -> Law:
    body_flat = flat(split_glued_labels(piece.body, []))  # (the labels' note is given once, where the body is read)
    fragment = not piece.enacting
    enacting_flat = flat(piece.enacting + " " + piece.conclusions)
    title = _title(piece, body_flat, notes) if not fragment else None
    local_government = maker(enacting_flat, title, piece.title_block)
    if local_government and (spelt := title_block_spelling(local_government, piece.title_block)) != local_government:
        notes.append(
            f"local government read as {spelt!r}, as its title block prints it; the enacting words print {local_government!r}"
        )
        local_government = spelt
    if fragment:
        if not re.search(r"\d+(?:\.\d+)+[A-Z]? [A-Z]|\(\d+\) [A-Z]|\([a-z]\) [a-z]", body_flat):
            raise ImportFailed(
                f"{where}: no recognisable local law: no enacting words ('Under the powers conferred ...') "
                "and no numbered clauses were found"
            )
        if not (options.title and options.local_government):
            raise ImportFailed(
                f"{where}: this is an excerpt of a local law whose first page is missing (no title or enacting words); "
                "to import it as a partial text, give --title and --local-government"
            )
        title, local_government = options.title, options.local_government
        notes.append("partial text: an excerpt whose beginning and end are missing; its provisions are as printed")
    if options.title and not fragment and title is not None and title != options.title:
        notes.append(f"--title {options.title!r} ignored: the instrument names itself {title!r}")
    if not title and options.title:
        title = options.title
        notes.append(f"title {title!r} given with --title: the text has no citation clause or title that could be read")
    if not local_government and options.local_government:
        local_government = options.local_government
        notes.append(f"local government {local_government!r} given with --local-government: the text does not name it")
    if not title or not local_government:
        missing = "title" if not title else "local government"
        raise ImportFailed(f"{where}: instrument {index + 1}: could not read its {missing}; give --title and --local-government")
    if any(c in local_government for c in "<>\n"):
        # the law file's reader refuses such a council (it is the author of the law's commits in the history)
        raise ImportFailed(
            f"{where}: instrument {index + 1}: the local government read, {local_government!r}, holds '<', '>' or a line "
            "break; give --local-government"
        )
    kind = _kind(title, body_flat)
    mode = "fragment" if fragment else ("instrument" if kind != "principal" else "law")
    headings = contents_headings(piece.contents)
    parser = StructureParser(headings=headings, mode=mode, notes=notes)
    # An amending instrument's clauses are read from running text whatever the copy's line breaks (its instructions
    # run across printed lines); a law's printed lines show where its headings and list items start.
    lines = line_mode and mode != "instrument"
    body_text = piece.body.replace("\f", "\n" if lines else " ")
    if line_mode and not lines:
        # imported here: only an instrument read from a copy's printed lines needs them (not a plain text's ``amend``)
        from ..ocr_quotes import (
            read_lost_term_marks,
            read_ocr_closing_marks,
            read_ocr_quote_marks,
            read_single_for_double_marks,
        )

        # an opening quotation mark the OCR printed as "44", "46", "CC" … where the new text must be opened by one
        body_text = read_ocr_quote_marks(body_text, notes)
        body_text = read_lost_term_marks(body_text, notes)
        body_text = read_ocr_closing_marks(body_text, notes)
        body_text = read_single_for_double_marks(body_text, notes)
        # a clause label glued to the citation before it; a term whose closing mark is lost at the end of its line
        body_text = close_unclosed_terms(split_glued_labels(body_text, notes), notes)
        body_text = space_glued_dashes(space_glued_headings(body_text, piece.contents, notes), notes)
        # an instruction's frame words the copy ran together ("byinsertingafterthedefinitionof“reserve”the …")
        body_text = space_run_together_words(body_text, notes)
        # definitions printed a line each after "In this clause", their terms neither quoted nor in bold
        body_text = mark_bare_terms(body_text, notes)
        # a list printed a line an item after a dash keeps its items apart (reading.line_lists)
        body_text = mark_line_lists(body_text)
        body_text, relabelled = subsections_as_labels(body_text)
        if relabelled:
            notes.append("its subsections printed 3.1, 3.2 … under section 3 are read as subclauses (1), (2) … of clause 3")
        # a Part heading that starts a printed line keeps its line break: words before it that end in no full stop (a
        # long title, "A local law to amend the X and the Y") do not run on into it
        body_text = "\n".join(
            " ".join(chunk.split())
            for chunk in re.split(
                r"(?<![:—–\-“\"])(?<!\binsert)(?<!\binserted)(?<!\bfollowing)[ \t]*\n(?=[ \t]*(?:PART|Part) \d+[ \t]*[—–])",
                body_text,
            )
        )
    if lines and mode == "law":
        from .bare_parts import read_bare_parts, read_late_part_headings, read_undotted_sections  # a law's lines only

        body_text = read_late_part_headings(read_bare_parts(body_text, notes), notes)
        body_text = read_undotted_sections(body_text, notes)
    provisions = parser.parse(body_text, line_mode=lines)
    preface = _preface(piece, local_government)
    if lead:
        preface.insert(0, Provision(kind="text", text=lead))
    body = repair(tuple(preface) + provisions, len(preface), headings, notes)
    if mode != "instrument" and not _numbered(body):
        raise ImportFailed(
            f"{where}: no recognisable local law: not one provision in it is numbered (no Part, clause, section or "
            f"paragraph label could be read){', so --title does not make it one' if options.title else ''}"
        )
    _note_gaps(body, headings, len(preface), notes)

    gazette = _gazette(piece, stream, options, where, strict_date, notes)
    wording = None if fragment else _commencement_words(provisions)
    if wording is None and not fragment and kind != "principal":
        wording = _commencement_above_title(piece, provisions, notes)
    elif wording is not None and not fragment:
        wording = _first_item_above_title(piece, wording, notes)
    made = None
    rm = RESOLVED.search(enacting_flat)
    if rm:
        made = printed_date(rm.group("when"))
    repeals = (
        tuple(
            LawRef(title=" ".join(m.group("title").split()), gazette_date=printed_date(m.group("date") or ""))
            for m in REPEALS.finditer(body_flat)
        )
        if kind == "principal"
        else ()
    )
    if wording is not None and not fragment:
        # a commencement clause in subclauses ("(1) This local law comes into operation … (2) Clause 5.3 comes into
        # operation on …"): all its words, so no subclause giving a clause a day apart is left unread (an amending
        # instrument's too, r11: "(1) Subject to subclause (2), … (2) Clauses 5 and 6 come into operation on …")
        whole = _whole_clause(body, wording)
        if kind != "principal":
            # an amending instrument's: only a commencement in subclauses giving some clauses their own day (r11)
            whole = _following_subclauses(body, whole)
            # — or, where a subclause after it gives a clause a time of its own in words not read yet ("(2) Despite
            # subclause (1), clause 5 …"), all of them, so the instruction is refused naming them (review)
            whole = whole if subclause_days(whole) or uncertain_commencement(whole) else wording
        wording = whole
    if kind == "principal" and not fragment and split_words(wording):
        # some of its clauses given a day of their own: read whole, clause by clause, or refused naming the words
        numbers = [a.provision.num for a in walk(body) if a.provision.kind == "clause" and a.provision.num]
        by_part = {
            p.num: [a.provision.num for a in walk(p.children) if a.provision.kind == "clause" and a.provision.num]
            for p in body
            if p.kind == "part" and p.num
        }
        try:
            when = principal_commencement(wording, gazette.date, list(dict.fromkeys(numbers)), by_part)
        except ImportFailed as e:
            raise ImportFailed(f"{where}: {e}") from None
        if when.clauses:
            from ...core.partly import clause_days_line

            notes.append(
                f"its commencement gives some clauses a later day: in force from {when.date} except "
                f"{clause_days_line(when.clauses)} — in force in part until then (check the gazette)"
            )
    elif kind != "principal" and not fragment and subclause_days(wording):
        # (r11) an amending instrument's commencement giving some of its clauses a day of their own: read over its
        # clauses; one not read here is read again, with its Parts and Divisions, when it is applied (amend reads it
        # whole there, or refuses it naming its words)
        numbers = [a.provision.num for a in walk(body) if a.provision.kind == "clause" and a.provision.num]
        try:
            when = commencement(wording, gazette.date, {EVERY: tuple(dict.fromkeys(numbers))})
        except ImportFailed:
            when = Commencement(wording=wording)
    else:
        when = commencement(wording, gazette.date)
    if wording and ALTER_FOR_AFTER.search(" ".join(wording.split())):
        notes.append(
            "its commencement reads “on the day alter that day”: read as “after” (the copy's OCR; no other word can "
            "stand there) — check the gazette"
        )
    if kind == "principal" and wording is None and not fragment:
        # no commencement words: the Act it was made under decides, when it names one whose rule gives the day
        when, rule_note = statutory_commencement(f"{enacting_flat} {body_flat}", gazette.date)
        notes += [rule_note] if rule_note else []
    elif wording is None and not fragment:
        # an amending or repeal instrument with no commencement words: the Act it names as made under decides (its
        # enacting words first, then its heading); with none, ``amend`` looks to the law it amends
        act = enabling_act(enacting_flat, flat(piece.title_block), flat(lead), body_flat)
        when, rule_note = rule_of_act(act, gazette.date)
        if when.rule == UNCERTAIN:
            # publication or the 14th day after: no one day, so no version can start on it (``amend`` refuses it,
            # naming both days, unless the law it amends records the rule)
            when = replace(when, date=None)
        notes += [rule_note] if rule_note else []
    amends = None
    also: tuple[LawRef, ...] = ()
    earlier: tuple[dt.date, ...] = ()
    if kind == "amending" or (kind == "repeal" and re.search(r"\bAmendment and Repeal\b", title or "")):
        # (an "Amendment and Repeal Local Law" amends one law as well as repealing others)
        # a 1960s by-law amendment names the by-laws it amends in its enacting words
        am = amended_law(body_flat) or amended_law(flat(piece.enacting))
        if am and am.also_named:
            # (wr9) "This local law amends the X Local Law 2015 and the Y Local Law 2010.": which law each instruction
            # amends is not told (read against the first, one meant for the other would change the wrong law)
            notes.append(
                f"its words name two laws it amends ({am.title}; {am.also_named}) and do not say which clauses amend "
                "which, so no law is linked; link it with 'lawhistory amend FILE --law ID' if it amends one of them"
            )
        elif am:
            amends, earlier = LawRef(title=am.title, gazette_date=am.gazette_date), am.earlier
        parts = amended_by_part(body)
        if parts:
            # one law in each Part ("This Part amends …"): each gets the clauses of its Part
            # each further law keeps the earlier amendments its own Part lists
            refs = [
                LawRef(title=a.title, gazette_date=a.gazette_date, clauses=cl, earlier_amendments=a.earlier if i else ())
                for i, (a, cl) in enumerate(parts)
            ]
            amends, also, earlier = refs[0], tuple(refs[1:]), parts[0][0].earlier
    meta = LawMeta(
        id=law_id(local_government, title),
        title=title,
        local_government=local_government,
        kind=kind,
        made=made,
        gazette=gazette,
        commencement=when,
        amends=amends,
        also_amends=also,
        earlier_amendments=earlier,
        repeals=repeals,
        partial=fragment,
        source=f"{options.format_name}: {options.source}" if options.format_name and options.source else options.source,
        notes=tuple(dict.fromkeys(notes)),
    )
    return Law(meta=meta, body=body, conclusions=_conclusions(piece.conclusions))


_RUN_ON_LABEL = re.compile(r"(?<!\S)(?:\d+|I)\.\s+(?=[A-Z])")
#: "the day on which this local law comes into operation" (no statement of when that is)
_NAMES_THE_DAY = re.compile(
    r"\b(?:on|at|from|after|before) which (?:th(?:is|ese)|the) [\w ()-]{0,40}?\b(?:comes? into operation|commences?)\b"
)


#: What a commencement sentence of this instrument is about: the instrument itself (or its amendments), or one of its
#: clauses or Parts ("(1) Clause 5 comes into operation on …").
_OWN_SUBJECT = re.compile(
    r"\b(?:this|these|the) (?:amendment )?(?:local laws?|by-?laws?)\b|\bthe amendments\b|^\s*(?:\(\d+\)\s*)?(?:clauses?|parts?) \d",
    re.I,
)


#: (r17) A commencement clause's heading left as its first word, before the words it heads ("Commencement These …").
_GLUED_COMMENCEMENT_HEADING = re.compile(r"^\s*Commence-?\s?ment\s*\.?\s+(?=(?:This|These|The)\b)")


def _commencement_words(provisions: tuple[Provision, ...]) -> str | None:
    """The words of the provision that says when the instrument comes into operation."""
    for a in walk(provisions):
        text = a.provision.text or ""
        if re.search(r"\b(?:comes? into operation|commences?) as follows\b", text) or (
            re.search(r"\b(?:the later of|the following days)\s*[—–:-]*\s*$", text) and COMMENCEMENT.search(text)
        ):
            # (review4: "… comes into operation on the later of— (a) 1 July 2020; and (b) …") the items are its words
            if a.provision.kind == "clause" and not a.provision.heading:
                # (r17, case 252) its heading read as its first word ("Commencement These by-laws come into operation
                # as follows — (a) Part 1 — …", the items' "Part 1 —" keeping the clause's lines from being told apart):
                # the heading is not part of its words
                text = _GLUED_COMMENCEMENT_HEADING.sub("", text)
            return " ".join(x for x in [text, *((c.num or "") + " " + (c.text or "") for c in a.provision.children)] if x)
        # (r12) "… made before the day on which this local law comes into operation, clause 6 … continues to apply"
        # (a transitional clause): the words name the day of commencement, they do not say when it is
        m = next((s for s in COMMENCEMENT.finditer(text) if not _NAMES_THE_DAY.search(s.group(0))), None)
        if m and not _OWN_SUBJECT.search(m.group(0)):
            # (review4) "A determination of the local government under this Part comes into operation on …": the words
            # of new text an instruction puts in (or of any provision about something else), not this instrument's
            continue
        if m:
            # words of several clauses run together, their labels not read ("Citation I. These by-laws may be cited
            # as … Commencement 2. These by-laws shall come into operation …"): the commencement is its own sentence
            # (r15) the label just before its words counts: "… the principal by-laws. Commencement 2. These by-laws
            # shall come into operation …" (the words of subclause (2) of clause 1, clause 2's run on after them)
            upto = m.start() + len(m.group(0)) - len(m.group(0).lstrip()) + 1
            return m.group(0).strip() if _RUN_ON_LABEL.search(text, 0, upto) else text
    for a in walk(provisions):
        # (review4) a clause headed "Commencement" in words not read above ("This local law is to operate from …"):
        # its words, so that they are read whole or refused naming them — never the Act's 14 days in their place
        clause = a.provision
        if clause.kind == "clause" and re.fullmatch(r"\s*Commence-?\s?ment\s*\.?\s*", clause.heading or "", re.I):
            under = [x.provision for x in walk(clause.children)]
            words = " ".join(w for w in [clause.text or "", *(f"{p.num or ''} {p.text or ''}".strip() for p in under)] if w)
            if words.strip():
                return words
    return None


def _whole_clause(body: tuple[Provision, ...], wording: str) -> str:
    """``wording`` with the words of the rest of the clause it is in, when it is a subclause's: each subclause's
    label and words in order ("(1) This local law comes into operation … (2) Clause 5.3 comes into operation …")."""
    for a in walk(body):
        clause = a.provision
        if clause.kind != "clause" or not clause.children:
            continue
        under = [x.provision for x in walk(clause.children)]
        if any((p.text or "") == wording for p in under) and len([p for p in under if p.text]) > 1:
            return " ".join(f"{p.num or ''} {p.text or ''}".strip() for p in under if p.text or p.num)
    return wording


#: The next clause run on after a subclause's last sentence, as an instrument read line by line may give it ("… on 1 July
#: 1996. Principal local laws 3. In this local law …"): its heading's words, if any, then its number.
_NEXT_CLAUSE = re.compile(r"(?<=[.;])\s+(?:[A-Z][\w’',-]*(?: [\w’',-]+)*? )?\d+[A-Z]?\.\s+(?=[A-Z])")


def _following_subclauses(body: tuple[Provision, ...], wording: str) -> str:
    """(r11) An amending instrument's commencement words that are subclause (1) of a clause its lines do not hold as
    one ("(1) Subject to subclause (2), this local law comes into operation … / (2) Clauses 5 and 6 come into operation
    on 1 July 1996. Principal local laws 3. In this local law …"), with the lines of its next subclauses in order,
    each to the end of its last sentence before the next clause's heading and number: so no subclause giving some
    clauses a day of their own is left unread."""
    if not re.match(r"\(1\)\s", wording):
        return wording
    lists, found = [body], None
    while lists and found is None:
        siblings = lists.pop(0)
        at = next((i for i, p in enumerate(siblings) if p.kind == "text" and p.text == wording and not p.children), None)
        found = (siblings, at) if at is not None else None
        lists += [p.children for p in siblings if p.children]
    if found is None:
        return wording
    siblings, at = found
    out, label = [wording], 2
    for p in siblings[at + 1 :]:
        text = p.text or ""
        if p.kind != "text" or p.children or not text.startswith(f"({label}) "):
            break
        cut = _NEXT_CLAUSE.search(text)
        out.append(text[: cut.start()] if cut else text)
        label += 1
        if cut:
            break
    return " ".join(out)


#: "This local law comes into operation on 1 February 2001.": commencement words whose subject is the instrument itself.
_OWN_COMMENCEMENT = re.compile(
    r"\b(?:This|These) (?:local laws?|by-?laws?|amendments?)\s+(?:shall\s+)?(?:comes?|come) into operation\b[^.]*\."
)


def _commencement_above_title(piece: InstrumentText, provisions: tuple[Provision, ...], notes: list[str]) -> str | None:
    """Commencement words printed above the instrument's title ("This local law comes into operation on 1 February 2001."
    over "Shire of Beverley Health Amendment Local Law 2000"), where its clause headed "Commencement" has no words under
    it: read as its commencement, with a note; None when not so, or when they are not the last sentence before the title."""
    headed = [
        a.provision
        for a in walk(provisions)
        if a.provision.kind == "clause" and (a.provision.heading or "").strip().lower() == "commencement"
    ]
    if len(headed) != 1 or (headed[0].text or "").strip() or headed[0].children:
        return None
    above = flat(f"{piece.lead} {piece.title_block}")
    m = next(iter(reversed(list(_OWN_COMMENCEMENT.finditer(above)))), None)
    if m is None or "." in above[m.end() :]:
        # the words must be the last sentence before the title (not words of an earlier instrument in the copy)
        return None
    notes.append(
        f"its commencement, “{m.group(0)}”, is printed above its title (its clause headed “Commencement” has no words "
        "under it): read as its commencement — check the gazette"
    )
    return m.group(0)


_FOLLOWS_FROM_B = re.compile(r"\bas follows\s*[:—–-]?\s*(?=\(b\)\s)")
#: "(a) clauses 1 and 2 — on the day on which this local law is published in the Gazette;": a commencement item.
_FIRST_ITEM = re.compile(r"\(a\)\s+(?P<item>(?:clauses?|sections?|regulations?)\s[^;()]{1,80}?\bon\s[^;()]{1,120};)")


def _first_item_above_title(piece: InstrumentText, wording: str, notes: list[str]) -> str:
    """``wording`` with its item (a) put back when the copy printed it above the title ("… comes into operation as
    follows: (b) the rest … on the day after that day." and "(a) clauses 1 and 2 — on the day … published in the
    Gazette;" over the title): only an item (a) that names clauses and a day, where the list begins at (b); the words
    unchanged otherwise."""
    follows = _FOLLOWS_FROM_B.search(wording)
    above = _FIRST_ITEM.search(flat(f"{piece.lead} {piece.title_block}")) if follows else None
    if follows is None or above is None:
        return wording
    item = " ".join(above.group("item").split())
    notes.append(
        f"its commencement's item (a), “{item}”, is printed above its title, apart from items (b) …: read as its first "
        "item — check the gazette"
    )
    return f"{wording[: follows.end()]}(a) {item} {wording[follows.end() :]}"


def _note_gaps(body: tuple[Provision, ...], headings: dict[str, str], preface: int, notes: list[str]) -> None:
    """Say where the source lost a label or a heading, so a reviewer can check the gazette."""
    clauses = {}
    for a in walk(body):
        p = a.provision
        if p.kind == "clause":
            clauses[p.num] = p
            if p.heading is None and p.num in headings:
                notes.append(f"clause {p.num} has no heading in the text; the contents page lists it as {headings[p.num]!r}")
    for num, heading in headings.items():
        if num not in clauses:
            notes.append(f"clause {num} ({heading}) is listed on the contents page but not found in the text")
    loose = [(i, p) for i, p in enumerate(body[preface:], start=preface) if p.kind == "text"]
    if loose:
        i, first = loose[0]
        more = f" and {len(loose) - 1} more line(s) after it" if len(loose) > 1 else ""
        notes.append(
            f"words with no clause label at the top level are kept as free text: text {i + 1} ({(first.text or '')[:60]!r}){more}"
        )
    for a in walk(body):
        if a.citation.endswith("]"):
            notes.append(f"{a.citation.rsplit(' [', 1)[0]} is printed more than once; the repeat is cited as {a.citation!r}")
    for a in walk(body):
        p = a.provision
        if p.kind in ("part", "division", "subdivision"):
            for c in p.children:
                if c.kind in ("text", "definition"):
                    notes.append(
                        f"{a.citation}: {c.kind} with no clause label (the source may have lost it): {(c.text or '')[:70]!r}"
                    )
