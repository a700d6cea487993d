"""The database rows of a law and its instruments, derived from a timeline (pure).

Small tables' rows are dictionaries; a law's provision spans and changes, which are most of the
database, are tuples in the column order of ``schema`` (cheaper to make and to insert).
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.diff import changes_between
from ..core.incomplete import not_applied
from ..core.model import Law, LawMeta
from ..core.operations import op_fields
from ..core.partly import not_yet_in_force, stretches
from ..core.versions import Timeline, Version, commencement_fix, instruments_for
from ..files.instrument_file import Instrument
from ..files.textformat import render_body
from .outcomes import OpOutcome, Outcome, instrument_outcomes
from .schema import PROVISION_SPANS
from .spans import Fragment, Layout, SpanRow, layout, provision_spans
from .text_ids import text_hash, text_id

_KIND, _TEXT = (next(n for n, c in enumerate(PROVISION_SPANS.columns) if c.name == name) for name in ("kind", "text_key"))

Row = dict[str, Any]


def iso(d: dt.date | None) -> str | None:
    return d.isoformat() if d else None


def history_path(law_id: str) -> str:
    """The law's file in db/history.git."""
    return f"{law_id}.txt"


@dataclass
class LawRows:
    """Everything the database holds for one law (its ``unit``), and the outcomes of its instruments."""

    law: Row
    versions: list[Row]
    provisions: list[SpanRow]  # schema.PROVISION_SPANS columns, in order
    changes: list[tuple[Any, ...]]  # schema.CHANGES columns, in order
    not_applied: list[Row] = field(default_factory=list)  # schema.NOT_APPLIED rows
    in_part: list[Row] = field(default_factory=list)  # schema.IN_PART rows
    outcomes: dict[str, Outcome] = field(default_factory=dict)
    fragments: dict[int, list[Any]] = field(default_factory=dict)  # fragment id → [html, spans showing it]
    texts: dict[int, list[Any]] = field(default_factory=dict)  # text key → [text, spans holding it]


def fragment_id(html: str) -> int:
    """A fragment's key (``fragments.id``): the first 8 bytes of the BLAKE2b hash of its HTML, as a signed integer.

    Made from the HTML alone, so a fragment has the same key whichever law, build or process writes it first.
    """
    return int.from_bytes(hashlib.blake2b(html.encode(), digest_size=8).digest(), "big", signed=True)


#: How many distinct fragments' and texts' keys a process remembers: the same HTML and words recur in many laws'
#: spans (a build worker hashes each once), and the bound keeps a worker's memory from growing with the repository.
KEYS_REMEMBERED = 1 << 15
_fragment_key = functools.lru_cache(maxsize=KEYS_REMEMBERED)(fragment_id)
_text_key = functools.lru_cache(maxsize=KEYS_REMEMBERED)(text_hash)


def store_once(spans: list[SpanRow], kind: int, column: int) -> tuple[list[SpanRow], dict[int, list[Any]], dict[int, list[Any]]]:
    """Spans (ending with their HTML) as stored, in one pass: the HTML replaced by its fragment's key (``fragment_id``),
    the words (``column``) by their key in ``span_texts`` (``text_ids.text_hash``; None stays None), and the text id
    (``text_ids.text_id`` of the ``kind`` column and the words) added as the last column; with each fragment and each
    text and the number of spans holding it.

    Two HTML fragments (or two texts) with one key are refused rather than one shown for the other (1 in 2**64 for
    a pair)."""
    fragments: dict[int, list[Any]] = {}
    texts: dict[int, list[Any]] = {}
    html_keys: dict[str, int] = {}
    text_keys: dict[str, int] = {}
    out = []
    last = len(spans[0]) - 1 if spans else 0
    for row in spans:
        html = row[last]
        key = html_keys.get(html)
        if key is None:
            key = html_keys[html] = _fragment_key(html)
            if key in fragments:
                raise ValueError(f"two provision fragments hash to the key {key}")
            fragments[key] = [html, 0]
        fragments[key][1] += 1
        text = row[column]
        if text is None:
            out.append((*row[:last], key, text_id(row[kind], text)))
            continue
        words = text_keys.get(text)
        if words is None:
            words = text_keys[text] = _text_key(text)
            if words in texts:
                raise ValueError(f"two provision texts hash to the key {words}")
            texts[words] = [text, 0]
        texts[words][1] += 1
        out.append((*row[:column], words, *row[column + 1 : last], key, text_id(row[kind], text)))
    return out, fragments, texts


def _gazette(meta: LawMeta) -> Row:
    return {"gazette_date": iso(meta.gazette.date), "gazette_number": meta.gazette.number, "gazette_pages": meta.gazette.pages}


def version_fields(v: Version) -> Row:
    """A version's number and dates: the core of every serialised version (``version_rows``, ``history_rows``)."""
    return {"number": v.number, "valid_from": iso(v.valid_from), "valid_to": iso(v.valid_to)}


def instrument_fields(meta: LawMeta, status: str, reason: str | None) -> Row:
    """An instrument's outcome: the core of every serialised outcome (``instrument_row``, the CLI's ``amend --json``)."""
    return {
        "id": meta.id,
        "title": meta.title,
        "status": status,
        "reason": reason,
        "gazette_date": iso(meta.gazette.date),
        "commencement": iso(meta.commencement.date),
    }


def law_row(tl: Timeline, path: str) -> Row:
    meta = tl.law.meta
    return {
        "id": meta.id,
        "title": meta.title,
        "local_government": meta.local_government,
        "made": iso(meta.made),
        **_gazette(meta),
        "commencement": iso(meta.commencement.date),
        "commencement_wording": meta.commencement.wording,
        "commencement_rule": meta.commencement.rule,
        "repealed_from": iso(tl.repealed_from),
        "repealed_by": tl.repealed_by.id if tl.repealed_by else None,
        "versions": len(tl.versions),
        "latest_version_from": iso(tl.versions[-1].valid_from),
        "partial": int(meta.partial),
        "source": meta.source,
        "notes": json.dumps(list(meta.notes), ensure_ascii=False),
        "path": path,
        "history_path": history_path(meta.id),
        "reviews": json.dumps([d.isoformat() for d in meta.reviews]),
        "incomplete": json.dumps([n.as_json() for n in not_applied(tl)], ensure_ascii=False),
    }


def not_applied_rows(tl: Timeline) -> list[Row]:
    """The ``not_applied`` rows of ``tl``'s law (``core.incomplete``)."""
    return [
        {"law": tl.law.meta.id, "instrument": n.instrument_id, "position": i, "title": n.instrument,
         "commences": iso(n.commences), "reason": n.reason, "published": iso(n.published)}
        for i, n in enumerate(not_applied(tl))
    ]  # fmt: skip


def in_part_rows(tl: Timeline) -> list[Row]:
    """The ``in_part`` rows of ``tl``'s law: each stretch of days on which clauses of it or of an instrument applied
    in part are not yet in force (``core.partly.stretches``), with the note every view prints."""
    return [
        {"law": tl.law.meta.id, "valid_from": start.isoformat(), "valid_to": iso(end), "instrument": n.instrument_id,
         "law_itself": int(n.printed), "clauses": json.dumps(n.as_json()["clauses"], ensure_ascii=False),
         "note": n.sentence()}
        for start, end, n in stretches(tl)
    ]  # fmt: skip


def _omitted_in(tl: Timeline, v: Version) -> str:
    """The instruments not applied that commence before ``v`` stops applying: its text omits them on some day."""
    omitted = [n for n in not_applied(tl) if n.earliest is None or v.valid_to is None or n.earliest < v.valid_to]
    return json.dumps([n.as_json() for n in omitted], ensure_ascii=False)


def instrument_row(
    law: Law,
    path: str,
    status: str,
    reason: str | None,
    amends: str | None = None,
    text: str | None = None,
    also_amends: tuple[str | None, ...] = (),
) -> Row:
    """The ``instruments`` row of a principal law (``law``) or of an instrument's text (``text``: its body, rendered).

    ``amends`` is the id of the law ``meta.amends`` names, ``also_amends`` those of ``meta.also_amends`` (in order;
    None for a law not in the repository)."""
    meta = law.meta
    ids = (*also_amends, *(None,) * (len(meta.also_amends) - len(also_amends)))
    return {
        **instrument_fields(meta, status, reason),
        "local_government": meta.local_government,
        "kind": meta.kind,
        "made": iso(meta.made),
        **_gazette(meta),
        "commencement_rule": meta.commencement.rule,
        "commencement_wording": meta.commencement.wording,
        "amends": amends,
        "amends_title": meta.amends.title if meta.amends else None,
        "amends_gazette_date": iso(meta.amends.gazette_date) if meta.amends else None,
        "also_amends": json.dumps(
            [
                {"id": ident, "title": ref.title, "gazette_date": iso(ref.gazette_date)}
                for ref, ident in zip(meta.also_amends, ids, strict=False)
            ],
            ensure_ascii=False,
        ),
        "repeals": json.dumps([r.title for r in meta.repeals], ensure_ascii=False),
        "text": text if text is not None else render_body(law.body, law.conclusions),
        "partial": int(meta.partial),
        "source": meta.source,
        "notes": json.dumps(list(meta.notes), ensure_ascii=False),
        "path": path,
    }


def principal_row(law: Law, path: str, text: str) -> Row:
    """The ``instruments`` row of a principal law (``text``: its body as made, rendered)."""
    known = law.meta.commencement.date is not None
    fix = commencement_fix(law.meta.id, law.meta.gazette.date is not None)
    reason = None if known else f"its commencement date is not known: {fix}"
    return instrument_row(law, path, "applied" if known else "pending", reason, text=text)


def operation_rows(inst: Instrument, outcome: Outcome) -> list[Row]:
    """The ``operations`` rows of an instrument, with what became of each."""
    rows = []
    for seq, op in enumerate(inst.operations, start=1):
        done = outcome.operations.get(seq) or OpOutcome("pending", "the law it names is not in the repository", None)
        rows.append(
            {
                "instrument": inst.id, "seq": seq, "law": done.law, **op_fields(op),
                "outcome": done.outcome, "detail": done.detail,
            }
        )  # fmt: skip
    return rows


def version_rows(tl: Timeline) -> list[Row]:
    return [
        {
            "law": tl.law.meta.id,
            **version_fields(v),
            "instrument": v.instrument.id if v.instrument else tl.law.meta.id,
            "instrument_title": v.instrument_title or tl.law.meta.title,
            "commit": None,
            "incomplete": _omitted_in(tl, v),
            "not_in_force": json.dumps([n.as_json() for n in not_yet_in_force(tl, v)], ensure_ascii=False),
        }
        for v in tl.versions
    ]


def change_rows(tl: Timeline, lay: Layout) -> list[tuple[Any, ...]]:
    """What each version changed, provision by provision, with word-level redlines (``schema.CHANGES`` columns)."""
    rows = []
    law_id = tl.law.meta.id
    for n in range(1, len(tl.versions)):
        prev, v = tl.versions[n - 1], tl.versions[n]
        assert v.instrument is not None
        for ch in changes_between(prev.body, v.body, prev.conclusions, v.conclusions):
            position = lay.position_of(n, ch.citation)
            if position is None:
                position = lay.position_of(n - 1, ch.citation)
            rows.append(
                (
                    law_id, n, ch.citation, iso(v.valid_from), v.instrument.id, ch.eid, ch.kind, ch.change,
                    ch.before, ch.after, ch.html(), position,
                )
            )  # fmt: skip
    return rows


def law_rows(tl: Timeline, law_path: str, instruments: Sequence[Instrument], fragment: Fragment | None = None) -> LawRows:
    """All rows for ``tl``'s law; ``instruments`` are every instrument in the repository.

    With ``fragment``, each provision row ends with the key of the span's HTML for the law page (``fragments``).
    """
    lay = layout(tl)
    spans = provision_spans(tl, lay, fragment)
    fragments: dict[int, list[Any]] = {}
    texts: dict[int, list[Any]] = {}
    if fragment is not None:
        spans, fragments, texts = store_once(spans, _KIND, _TEXT)
    return LawRows(
        law=law_row(tl, law_path),
        versions=version_rows(tl),
        provisions=spans,
        changes=change_rows(tl, lay),
        not_applied=not_applied_rows(tl),
        in_part=in_part_rows(tl),
        outcomes=instrument_outcomes(tl, instruments_for(tl.law, instruments)),
        fragments=fragments,
        texts=texts,
    )
