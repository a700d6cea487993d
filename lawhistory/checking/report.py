"""A check of a consolidated copy as text, JSON and a standalone HTML page (every word of the law escaped)."""

from __future__ import annotations

import html
from typing import Any

from ..core.diff import DELETE, INSERT
from .compare import CheckReport, Finding

_LABELS = {
    "different": "different",
    "only_in_copy": "only in the copy",
    "only_in_lawhistory": "only in lawhistory",
    "same": "same",
}


def _counts(report: CheckReport) -> dict[str, int]:
    counts = dict.fromkeys(_LABELS, 0)
    for f in report.findings:
        counts[f.status] += 1
    return counts


def _verdict(report: CheckReport) -> str:
    if report.agrees:
        return f"The copy agrees with lawhistory's consolidation on {report.at}."
    return f"The copy differs from lawhistory's consolidation on {report.at}."


def _count_list(report: CheckReport) -> str:
    c = _counts(report)
    items = [f"{c[k]} {label}" for k, label in _LABELS.items()]
    items += [f"{len(report.marks)} amendment mark(s) questioned", f"{len(report.missing)} amendment(s) the repository lacks"]
    return '<ul class="counts">' + "".join(f"<li>{html.escape(i)}</li>" for i in items) + "</ul>"


def summary(report: CheckReport) -> str:
    c = _counts(report)
    verdict = "the copy agrees with lawhistory" if report.agrees else "the copy differs from lawhistory"
    return (
        f"{report.title} ({report.law_id}): {verdict} on {report.at} "
        f"({c['same']} same, {c['different']} different, {c['only_in_copy']} only in the copy, "
        f"{c['only_in_lawhistory']} only in lawhistory; {len(report.marks)} amendment mark(s) questioned; "
        f"{len(report.missing)} amendment(s) the copy claims that the repository lacks)"
    )


def _terminal_diff(f: Finding) -> str:
    return "".join(f"[-{t}-]" if op == DELETE else f"{{+{t}+}}" if op == INSERT else t for op, t in f.diff)


def as_text(report: CheckReport) -> str:
    lines = [
        summary(report),
        f"Compared at {report.at} ({report.at_from}) with the version from {report.version_from} made by {report.version_by}.",
    ]
    for g in report.missing:
        lines.append(
            f"missing from the repository: the copy says it includes the amendment in {g.label()}, which the repository "
            "does not hold (the repository, not the copy, may be out of date: amend it with that instrument)"
        )
    for f in report.differences:
        lines.append(f"{f.citation}: {_LABELS[f.status]}" + (f" — {f.explanation}" if f.explanation else ""))
        if f.status == "different":
            lines.append(f"  lawhistory → copy: {_terminal_diff(f)}")
        elif f.status == "only_in_copy":
            lines.append(f"  copy: {f.copy}")
        else:
            lines.append(f"  lawhistory: {f.ours}")
    for m in report.marks:
        lines.append(f"mark “{m.mark}”: {m.explanation}")
    return "\n".join(lines) + "\n"


def as_json(report: CheckReport) -> dict[str, Any]:
    return {
        "law": {"id": report.law_id, "title": report.title},
        "copy": report.copy,
        "at": report.at.isoformat(),
        "at_from": report.at_from,
        "version": {"valid_from": report.version_from.isoformat() if report.version_from else None, "made_by": report.version_by},
        "agrees": report.agrees,
        "counts": _counts(report),
        "missing_from_repository": [{"gazette_number": g.number, "gazette_date": g.date.isoformat()} for g in report.missing],
        "marks": [{"citation": m.citation, "mark": m.mark, "explanation": m.explanation} for m in report.marks],
        "provisions": [
            {
                "citation": f.citation,
                "status": f.status,
                "copy": f.copy,
                "lawhistory": f.ours,
                "explanation": f.explanation,
                "diff": [[op, t] for op, t in f.diff],
            }
            for f in report.findings
        ],
    }


_CSS = """
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1b1b1b;overflow-wrap:break-word}
h1{font-size:1.4rem}table{border-collapse:collapse;width:100%}td,th{border-top:1px solid #ccc;padding:.5rem;text-align:left;vertical-align:top}
del{background:#fdd;color:#900}ins{background:#dfd;color:#060;text-decoration:none}.verdict{font-weight:bold}
.missing,.mark{background:#fff4d6;padding:.5rem;margin:.5rem 0}
@media (max-width:600px){table,tbody,tr,td,th{display:block}thead{display:none}td{border:0;padding:.25rem 0}tr{border-top:1px solid #ccc;padding:.5rem 0}}
@media print{body{max-width:none}}
"""


def _html_diff(f: Finding) -> str:
    esc = html.escape
    return "".join(
        f"<del>{esc(t)}</del>" if op == DELETE else f"<ins>{esc(t)}</ins>" if op == INSERT else esc(t) for op, t in f.diff
    )


def as_html(report: CheckReport) -> str:
    esc = html.escape
    rows = []
    for f in report.differences:
        words = (
            _html_diff(f) if f.status == "different" else esc(f.copy or "") if f.status == "only_in_copy" else esc(f.ours or "")
        )
        rows.append(
            f'<tr id="{esc(f.citation)}"><th scope="row">{esc(f.citation)}</th><td>{esc(_LABELS[f.status])}</td>'
            f"<td>{words}</td><td>{esc(f.explanation or '')}</td></tr>"
        )
    missing = "".join(
        f'<p class="missing">The copy says it includes the amendment in {esc(g.label())}, which the repository does not '
        "hold: the repository may be out of date.</p>"
        for g in report.missing
    )
    marks = "".join(f'<p class="mark">Mark “{esc(m.mark)}”: {esc(m.explanation)}</p>' for m in report.marks)
    table = (
        "<table><thead><tr><th>Provision</th><th>Finding</th><th>Words (deleted: in lawhistory, not the copy; "
        f"inserted: in the copy only)</th><th>Why</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
        if rows
        else "<p>Every provision of the copy has the same words as lawhistory's consolidation.</p>"
    )
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>Check of {esc(report.copy)}: {esc(report.title)}</title><style>{_CSS}</style></head><body>"
        f'<h1>{esc(report.title)}</h1><p class="verdict">{esc(_verdict(report))}</p>{_count_list(report)}'
        f"<p>The copy {esc(report.copy)} was compared with the law in force on {report.at} ({esc(report.at_from)}): "
        f"the version from {report.version_from} made by {esc(report.version_by)}. Quotation marks and spacing are not "
        f"compared.</p>{missing}{marks}{table}</body></html>\n"
    )
