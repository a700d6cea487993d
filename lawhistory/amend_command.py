"""What ``lawhistory amend`` does and prints once its options are read, written without the command-line framework.

The typer command (``cli.amend_cmd``) and the entry point's plain form (``entry.plain_amend``: ``amend FILE`` with
``--build``, ``--json`` and the other options a script gives, each once) both call ``amend_and_print``, each with its
own ``echo`` (``typer.echo``, or the entry point's writer of the same bytes), so the two print the same and fail the
same way. It lives outside the ``cli`` package because importing that package loads typer.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import gc
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # imported when the command runs
    from .deriving.build import BuildReport
    from .files.repo import Repository


class Echo(Protocol):
    """``typer.echo``'s signature as used here: the message and a line break, on stderr when ``err``."""

    def __call__(self, message: str, *, err: bool = False) -> None: ...


def amend_and_print(
    r: Repository,
    file: Path,
    *,
    when: dt.date | None,
    dry_run: bool,
    discard: bool,
    hand: Any,
    link: str | None,
    as_json: bool,
    force: bool,
    then_build: bool,
    echo: Echo,
) -> None:
    """``lawhistory amend``'s work and output after its options are checked: amend ``file``, print the outcomes (or
    their JSON), then build when ``then_build``."""
    from .amending.amend import amend

    notice: Callable[[str], None] = lambda message: echo(message, err=True)  # noqa: E731
    with _few_collections():
        outcomes, principals = amend(
            r, file, gazette_date=when, dry_run=dry_run, discard=discard, hand=hand, link=link, notice=notice, force=force
        )
    if as_json:
        data = {
            "dry_run": dry_run,
            "instruments": [_outcome_json(o) for o in outcomes],
            "principal_laws_not_imported": principals,
        }
        echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        for group in _by_instrument(outcomes):
            _print_outcome(group, dry_run, echo)
        for title in principals:
            echo(f"note: {title} is a principal law; add it with 'lawhistory import {file}'", err=True)
    if then_build:
        from .deriving.build import build

        report = build(r, None, full=False, notice=notice)
        echo(build_summary(r, report), err=as_json)  # after --json's JSON: on stderr


@contextlib.contextmanager
def _few_collections() -> Iterator[None]:
    """Run the cyclic garbage collector rarely while an instrument is read and applied (as the build does): the parsers
    loaded and the parses make many objects, few of them in cycles, and each collection walks them all (some 6% of a
    new ``amend`` process's CPU)."""
    before = gc.get_threshold()
    gc.set_threshold(100_000, 50, 100)
    try:
        yield
    finally:
        gc.set_threshold(*before)


def build_summary(repo: Repository, report: BuildReport) -> str:
    """The line ``lawhistory build`` (and ``amend --build``) prints after a build."""
    db = repo.relative(repo.db_dir / "lawhistory.db")
    git = repo.relative(repo.db_dir / "history.git")
    if report.up_to_date:
        return f"{db} and {git} are up to date ({report.laws} laws)"
    how = "full build" if report.full else f"re-derived {len(report.derived)} of {report.laws} laws"
    statuses = ", ".join(f"{n} {status}" for status, n in sorted(report.instruments.items())) or "none"
    return f"built {db} and {git}: {report.laws} laws, {report.commits} commits, amending instruments: {statuses} ({how})"


def _outcome_json(o: Any) -> dict[str, Any]:
    from .core.operations import op_fields
    from .deriving.rows import instrument_fields

    core = instrument_fields(o.instrument.law.meta, o.status, o.reason)
    return {
        # The build's core fields, in the order amend --json has always printed them.
        **{k: core[k] for k in ("id", "title", "status")},
        "law": o.law_id,
        **{k: core[k] for k in ("reason", "gazette_date", "commencement")},
        "version_from": o.version_from.isoformat() if o.version_from else None,
        "later_versions_from": [day.isoformat() for day in o.later_versions],
        "operations": [op_fields(op) for op in o.instrument.operations],
        "changes": [{"citation": c.citation, "change": c.change, "before": c.before, "after": c.after} for c in o.changes],
        "warnings": o.warnings,
        "notes": o.notes,
        "file": o.path,
        "pending_tried": [{"instrument": t, "applied": why is None, "reason": why} for t, why in o.retried],
    }


def _by_instrument(outcomes: list[Any]) -> list[list[Any]]:
    """The outcomes in runs of one instrument each: an instrument that amends several laws, one in each Part, has one
    outcome per law."""
    groups: list[list[Any]] = []
    for o in outcomes:
        if groups and groups[-1][0].instrument.id == o.instrument.id:
            groups[-1].append(o)
        else:
            groups.append([o])
    return groups


def _print_outcome(group: list[Any], dry_run: bool, echo: Echo) -> None:
    """One instrument, once, with what it does to each law it acts on."""
    o = group[0]
    meta = o.instrument.law.meta
    echo(f"{meta.title}")
    echo(
        f"  gazette {meta.gazette.date or 'date unknown'}; commences {meta.commencement.date or 'unknown'} ({meta.commencement.rule})"
    )
    if meta.commencement.clauses:
        from .core.partly import clause_days_line

        echo(f"  its clauses commence on days of their own: {clause_days_line(meta.commencement.clauses)}")
    if len(group) > 1:
        echo(f"  amends {len(group)} laws, one in each Part:")
        refs = [r for r in (meta.amends, *meta.also_amends) if r is not None]
        for ref in refs:
            echo(f"    {ref.title} (cl. {', '.join(ref.clauses) or 'all'})")
    echo(f"  {len(o.instrument.operations)} operation(s):")
    for op in o.instrument.operations:
        echo(f"    cl. {op.clause}: {op.describe()}")
    for o in group:
        if o.status == "pending":
            echo(f"  pending{f' for {o.law_id}' if len(group) > 1 and o.law_id else ''}: {o.reason}")
            continue
        if o.instrument.is_repeal:
            echo(f"  {'would repeal' if dry_run else 'repeals'} {o.law_id} from {o.version_from}")
        else:
            also = "".join(f", and from {day}" for day in o.later_versions)
            echo(f"  {'would apply' if dry_run else 'applied'} to {o.law_id}: new version from {o.version_from}{also}")
        if o.changes:
            echo("  redline:")
            for c in o.changes:
                echo(f"    {c.citation} ({c.change}): {c.terminal()}")
    several = len(group) > 1
    for w in dict.fromkeys(f"{o.law_id}: {w}" if several and o.law_id else w for o in group for w in o.warnings):
        echo(f"warning: {w}", err=True)
    for n in dict.fromkeys(n for o in group for n in o.notes):
        echo(f"note: {n}", err=True)
    for title, why in dict.fromkeys((t, w) for o in group for t, w in o.retried):
        echo(
            f"  pending instrument {'tried' if dry_run else 'retried'}: {title}: "
            + (("would be applied" if dry_run else "applied") if why is None else f"not applied: {why}")
        )
    paths = dict.fromkeys(o.path for o in group if o.path)
    if not dry_run:
        for path in paths:
            echo(f"  stored in {path}")
