"""The ``lawhistory`` command. Each command parses its options, calls one library function, prints.

A refusal or bad input is one line on stderr and exit status 1; usage errors exit 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, cast

import typer

from ..core import files
from . import check as cli_check
from . import export as cli_export
from . import failing
from . import publish as cli_publish
from .app import KnownOption, MaxFileOption, RepoOption, ShowFormat, app, emit_json, fail, open_repo, parse_date

__all__ = ["app", "main"]


@app.command("init")
def init_cmd(directory: Annotated[Path, typer.Argument(help="Folder for the new repository.")]) -> None:
    """Create an empty law repository (laws/, amendments/, db/).

    Example: lawhistory init my-laws
    """
    from ..files.repo import Repository

    if Repository.is_repository(directory):
        repo = Repository.open(directory)
        laws, instruments = len(repo.law_files()), len(repo.instrument_files())
        typer.echo(f"{repo.root} is already a law repository ({laws} laws, {instruments} instruments); nothing was changed")
        return
    repo = Repository.init(directory)
    typer.echo(f"initialised an empty law repository in {repo.root}")


@app.command("import")
def import_cmd(
    file: Annotated[Path, typer.Argument(help="Gazette text or legislation-API JSON of a principal local law.")],
    gazette_date: Annotated[str | None, typer.Option(help="Gazette date (YYYY-MM-DD) when the text has no page headers.")] = None,
    title: Annotated[str | None, typer.Option(help="Title, for an excerpt whose first page is missing.")] = None,
    local_government: Annotated[str | None, typer.Option(help="Local government, for an excerpt.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    max_file_mb: MaxFileOption = None,
    repo: RepoOption = None,
) -> None:
    """Add the principal local law(s) in FILE to the repository and print their ids.

    Example: lawhistory import gazette-2020-02-26.txt
    """
    files.raise_limit(max_file_mb)
    r = open_repo(repo)
    from ..deriving import library

    report = library.import_file(
        r, file, gazette_date=parse_date(gazette_date, "--gazette-date"), title=title, local_government=local_government
    )
    if as_json:
        emit_json(
            {
                "imported": report.imported,
                "unchanged": report.unchanged,
                "amending_instruments_not_imported": report.skipped_instruments,
                "notes": report.notes,
                "pending_tried": {
                    law: [{"instrument": t, "applied": why is None, "reason": why} for t, why in tried]
                    for law, tried in report.tried.items()
                },
            }
        )
    else:
        for law_id in report.imported:
            typer.echo(law_id)
        for law_id in report.unchanged:
            typer.echo(f"{law_id} (already imported, unchanged)")
        for law_id, notes in report.notes.items():
            for note in notes:
                typer.echo(f"note: {law_id}: {note}", err=True)
        for law_id, tried in report.tried.items():
            for title_, why in tried:
                done = "applied" if why is None else f"not applied: {why}"
                typer.echo(f"note: {law_id}: pending instrument {title_}: {done}", err=True)
    for title_ in report.skipped_instruments:
        typer.echo(f"note: {title_} is an amending or repeal instrument; apply it with 'lawhistory amend {file}'", err=True)


@app.command("list")
def list_cmd(
    as_json: Annotated[bool, typer.Option("--json", help="Print the laws as JSON.")] = False,
    reviews: Annotated[
        bool, typer.Option("--reviews", help="Each law's statutory review (s 3.16): when it is due, overdue ones flagged.")
    ] = False,
    at: Annotated[str | None, typer.Option("--at", help="With --reviews: as at this date (YYYY-MM-DD; default today).")] = None,
    repo: RepoOption = None,
) -> None:
    """List the laws with id, status, commencement, title and whether the text in force today omits instruments the
    repository holds and has not applied (incomplete); or, with --reviews, when each law's statutory review is due.

    Example: lawhistory list --reviews --at 2028-03-11
    """
    from ..deriving import library

    if at is not None and not reviews:
        fail("--at works with --reviews (lawhistory list --reviews --at 2028-03-11); 'show LAW --at D' shows a law on a date")
    if reviews:
        due = library.review_rows(open_repo(repo), parse_date(at, "--at"))
        if as_json:
            emit_json([r.json() for r in due])
            return
        for r in due:
            flag = "OVERDUE" if r.status == "overdue" else r.status
            typer.echo(f"{r.due or 'unknown'}\t{flag}\t{r.law}\t{r.title}")
        return
    rows = library.list_rows(open_repo(repo))
    if as_json:
        emit_json(rows)
        return
    from ..core.partly import NotYetInForce

    for row in rows:
        omitted = len(row["incomplete"])
        gaps = f"incomplete ({omitted} not applied)" if omitted else "complete"
        waiting = [NotYetInForce.from_json(n).sentence() for n in row["not_yet_in_force"]]
        part = f"\tin force in part: {'; '.join(waiting)}" if waiting else ""
        typer.echo(f"{row['id']}\t{row['status']}\t{row['commencement'] or 'unknown'}\t{row['title']}\t{gaps}{part}")


@app.command("show")
def show_cmd(
    law: Annotated[str, typer.Argument(help="Law id, or an unambiguous part of its title.")],
    at: Annotated[str | None, typer.Option("--at", help="Show the law as in force on this date (YYYY-MM-DD).")] = None,
    fmt: Annotated[ShowFormat, typer.Option("--format", help="Output format.")] = ShowFormat.text,
    known: KnownOption = None,
    repo: RepoOption = None,
) -> None:
    """Show a law as in force on a date, with provenance notes and a compilation table.

    With --known K: the law in force on that date as a reader of the Gazette could have known it on K.

    Example: lawhistory show kellerberrin --at 2020-03-11 --format json
    """
    from ..entry import show_both

    out, err = show_both(law, at, fmt.value, known, repo)
    typer.echo(out, nl=False)
    if err:
        typer.echo(err, nl=False, err=True)


@app.command("amend")
def amend_cmd(
    file: Annotated[Path, typer.Argument(help="Gazette text of an amending or repeal local law.")],
    gazette_date: Annotated[str | None, typer.Option(help="Gazette date (YYYY-MM-DD) when the text has no page headers.")] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show the operations and the redline; write nothing.")] = False,
    discard: Annotated[
        bool,
        typer.Option("--discard", help="On a refusal keep nothing (by default the refused instrument is kept as not applied)."),
    ] = False,
    draft: Annotated[
        Path | None,
        typer.Option(
            "--draft",
            help="Write the operations read (and a placeholder for each instruction refused) to this file; apply nothing.",
        ),
    ] = None,
    operations: Annotated[
        Path | None,
        typer.Option("--operations", help="Apply the operations in this file (completed from --draft) instead of reading them."),
    ] = None,
    link: Annotated[
        str | None,
        typer.Option("--law", help="The id of the law it amends, where the title it prints names none (a misspelling)."),
    ] = None,
    by: Annotated[
        str | None, typer.Option("--by", help="With --operations: who supplied the reading (default: your user name).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    force: Annotated[
        bool, typer.Option("--force", help="Store an instrument whose commencement is before its gazette date, noted.")
    ] = False,
    then_build: Annotated[
        bool,
        typer.Option(
            "--build",
            help="Then build the database, in this command (the repository is read once, not again by 'lawhistory build').",
        ),
    ] = False,
    max_file_mb: MaxFileOption = None,
    repo: RepoOption = None,
) -> None:
    """Parse, verify and apply an amending or repeal instrument (all or nothing), with a redline.

    A refused instrument is kept in amendments/ as not applied, with its reason, so that every view of its law says
    the text omits it; amend a corrected file to replace the record, or give --discard to keep nothing.

    When the engine cannot read an instruction, a person can: --draft OPS.yml writes what it read, with a placeholder
    for each instruction it refused; complete it, then --operations OPS.yml verifies and applies it as parsed
    operations are, and records that the reading was supplied by hand (by whom, when).

    With --build, the database is built after the instrument is stored, as 'lawhistory build' builds it, in the same
    process: the build takes the repository's index that amend read (and its files written) instead of reading it again.

    Example: lawhistory amend amendment-2021.txt --gazette-date 2021-04-09 --dry-run
    """
    from ..amend_command import amend_and_print

    if then_build and (dry_run or draft is not None):
        fail("--build builds after an instrument is stored: not with --dry-run or --draft")
    files.raise_limit(max_file_mb)
    when = parse_date(gazette_date, "--gazette-date")
    if draft is not None:
        _write_draft(open_repo(repo), file, when, draft, operations)
        return
    if by is not None and operations is None:
        fail("--by names who supplied a reading: give it with --operations OPS.yml")
    r = open_repo(repo)
    amend_and_print(
        r,
        file,
        when=when,
        dry_run=dry_run,
        discard=discard,
        hand=_hand(operations, by),
        link=link,
        as_json=as_json,
        force=force,
        then_build=then_build,
        echo=typer.echo,
    )


def _write_draft(r: Any, file: Path, when: Any, out: Path, operations: Path | None) -> None:
    from ..amending.amend import draft
    from ..amending.by_hand import placeholders

    if operations is not None:
        fail("--draft writes a reading and --operations applies one: give one of them")
    text = draft(r, file, when)
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as e:
        fail(f"cannot write {out}: {e.strerror or e}")
    left = placeholders(text)
    typer.echo(f"wrote {out}: {left} instruction(s) to complete by hand" if left else f"wrote {out}: every instruction was read")
    typer.echo(f"then: lawhistory amend {file} --operations {out}", err=True)


def _hand(operations: Path | None, by: str | None) -> Any:
    """``amend``'s ``hand``: the operations file's reading, and who supplied it today (None without --operations)."""
    if operations is None:
        return None
    import datetime as dt
    import getpass

    from ..amending.by_hand import supplied
    from ..core.model import HandReading

    who = by or getpass.getuser()
    return supplied(operations), HandReading(who, dt.date.today())


@app.command("history")
def history_cmd(
    law: Annotated[str, typer.Argument(help="Law id, or an unambiguous part of its title.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the versions as JSON.")] = False,
    repo: RepoOption = None,
) -> None:
    """List a law's versions with their dates and the instruments that made them.

    Dates name a version's first and last day ("from 2020-03-11 to 2021-04-22", as show and the site say);
    in --json, valid_to is the first day the version no longer applies.

    Example: lawhistory history kellerberrin --json
    """
    from ..core.dates import date_range
    from ..core.incomplete import not_applied
    from ..deriving import library

    tl = library.timeline_for(open_repo(repo), law)
    rows = library.history_rows(tl)
    if as_json:
        emit_json(
            {
                "law": tl.law.meta.id,
                "title": tl.law.meta.title,
                "versions": rows,
                "not_applied": [n.as_json() for n in not_applied(tl, every=True)],
            }
        )
        return
    from ..core.partly import NotYetInForce

    typer.echo(tl.law.meta.title)
    for r in rows:
        typer.echo(
            f"  {r['number']}: {date_range(str(r['valid_from']), str(r['valid_to'] or '') or None)} — {r['instrument']} ({r['gazette']})"
        )
        for waiting in cast("list[dict[str, Any]]", r.get("not_yet_in_force") or []):
            typer.echo(f"     in force in part from its first day: {NotYetInForce.from_json(waiting).sentence()}")
    for n in not_applied(tl, every=True):
        typer.echo(f"  not applied: {n.instrument} (commences {n.commences or 'unknown'}): {n.reason}")


@app.command("diff")
def diff_cmd(
    law: Annotated[str, typer.Argument(help="Law id, or an unambiguous part of its title.")],
    date_from: Annotated[str, typer.Option("--from", help="Earlier date (YYYY-MM-DD).")],
    date_to: Annotated[str, typer.Option("--to", help="Later date (YYYY-MM-DD).")],
    repo: RepoOption = None,
) -> None:
    """Show a word-level redline of a law between two dates.

    Example: lawhistory diff kellerberrin --from 2020-03-11 --to 2021-06-01
    """
    from ..core.dates import iso_date
    from ..core.partly import clause_days_line

    d1, d2 = iso_date(date_from, "--from"), iso_date(date_to, "--to")
    from ..deriving import library

    found = library.diff(open_repo(repo), law, d1, d2)
    s1, s2 = found.labels
    from ..core.incomplete import affecting, not_applied, warning_line

    warning = warning_line(affecting(not_applied(found.timeline), d2)) if s2 != "not_in_force" else None
    if warning:
        typer.echo(warning)
        typer.echo(f"warning: {warning}", err=True)
    typer.echo(f"{found.timeline.law.meta.title}: {d1} ({s1}) → {d2} ({s2})")
    before, after = (library.in_part_on(found.timeline, d) for d in (d1, d2))
    for day, items in ((d1, before), (d2, after)):
        for n in items:
            typer.echo(f"in force in part on {day}: {n.sentence()}")
    waiting_after = {(n.instrument_id, c) for n in after for c, _ in n.clauses}
    for n in before:  # clauses that came into operation between the dates: named, whether or not the words changed
        came = [(c, d) for c, d in n.clauses if (n.instrument_id, c) not in waiting_after and d <= d2]
        if came and n.printed:
            typer.echo(f"came into operation: {n.instrument}: {clause_days_line(tuple(came))} (its words as printed)")
    if not found.changes:
        typer.echo("no changes")
    for c in found.changes:
        typer.echo(f"{c.citation} ({c.change}): {c.terminal()}")


# Commands that build and publish the database, and export a version, live in their own modules (registered here).
app.command("build")(cli_publish.build_cmd)
app.command("serve")(cli_publish.serve_cmd)
app.command("export")(cli_export.export_cmd)
app.command("check")(cli_check.check_cmd)


def main() -> None:
    """Entry point: run the app, every error a user can cause one line on stderr (``failing``)."""
    failing.run(app)
