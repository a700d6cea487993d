"""``lawhistory build`` and ``lawhistory serve``: the database, the git history and the Datasette site."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

from ..core.errors import LawHistoryError
from .app import RepoOption, fail, open_repo

if TYPE_CHECKING:  # the build, the store and rich are imported when a command runs: --help and show load none of them
    from rich.progress import Progress, TaskID

    from ..deriving.build import BuildReport
    from ..files.repo import Repository


class _RichProgress:
    """``build.Progress`` shown as rich progress bars on stderr."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress
        self.task: TaskID | None = None

    def start(self, total: int, description: str) -> None:
        if self.task is not None:
            self.progress.update(self.task, completed=self.progress.tasks[-1].total)
        self.task = self.progress.add_task(description, total=total)

    def advance(self) -> None:
        if self.task is not None:
            self.progress.advance(self.task)


@contextmanager
def _progress(quiet: bool) -> Iterator[_RichProgress | None]:
    if quiet or not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, transient=True, console=Console(stderr=True)) as p:
        yield _RichProgress(p)


def _summary(repo: Repository, report: BuildReport) -> str:
    from ..amend_command import build_summary  # the line amend --build prints too (without typer)

    return build_summary(repo, report)


def _build(repo: Repository, *, full: bool, quiet: bool) -> BuildReport:
    from ..deriving.build import build

    with _progress(quiet) as progress:
        return build(repo, progress, full=full, notice=lambda message: typer.echo(message, err=True))


def build_cmd(
    full: Annotated[bool, typer.Option("--full", help="Rebuild every law, not only those whose files changed.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bars.")] = False,
    repo: RepoOption = None,
) -> None:
    """Build db/lawhistory.db (SQLite) and db/history.git (one commit per version) from laws/ and amendments/.

    Only laws whose files (or whose instruments' files) changed are derived again; the result is the
    same as a full build. A failed or interrupted build leaves the previous database and history as they were.

    Example: lawhistory build
    """
    from ..deriving.build import is_served

    r = open_repo(repo)
    report = _build(r, full=full, quiet=quiet)
    typer.echo(_summary(r, report))
    _incomplete_summary(r)
    if is_served(r.db_dir) and not report.up_to_date:
        typer.echo(
            "a 'lawhistory serve' is running on this repository: its next request reads this build (requests under way finish on the previous one)",
            err=True,
        )


def _incomplete_summary(r: Repository) -> None:
    """One line per law whose text omits instruments the repository holds and has not applied (``not_applied``)."""
    from ..deriving.store import read_not_applied

    rows = read_not_applied(r.db_dir / "lawhistory.db")
    laws = dict.fromkeys(row["law"] for row in rows)
    if not laws:
        return
    typer.echo(f"{len(laws)} law(s) incomplete: instruments known and not applied (each view of them says so):")
    for law in laws:
        mine = [row for row in rows if row["law"] == law]
        first = min((row["commences"] or "date unknown" for row in mine), default="")
        typer.echo(f"  {law}: {len(mine)} not applied, from {first}; see 'lawhistory history {law}'")


def _listen_port(host: str, port: int) -> int:
    """The port ``serve`` will listen on (for --port 0, the free one the system gives), checked before anything is
    built; one line naming what is wrong when it cannot listen there. The check binds and closes: a server that takes
    the port in the moment before uvicorn binds it is reported by uvicorn."""
    import errno
    import socket

    try:
        family, kind, proto, _name, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except (socket.gaierror, UnicodeError) as e:
        fail(
            f"cannot listen on {host}: it is not an address or a name of this machine ({getattr(e, 'strerror', None) or e}); give --host an address such as 127.0.0.1 or 0.0.0.0"
        )
    with socket.socket(family, kind, proto) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(address)
        except OSError as e:
            why = e.strerror or str(e)
            if e.errno == errno.EADDRINUSE:
                fail(f"cannot listen on {host}:{port} ({why}); is another server using it? choose another with --port")
            if e.errno == errno.EACCES:
                fail(f"cannot listen on {host}:{port} ({why}); a port below 1024 needs root: choose another with --port")
            fail(f"cannot listen on {host}:{port} ({why}); give --host an address of this machine, such as 127.0.0.1 or 0.0.0.0")
        return int(s.getsockname()[1])


def serve_cmd(
    port: Annotated[int, typer.Option("--port", "-p", min=0, max=65535, help="Port to listen on (0: any free port).")] = 8001,
    host: Annotated[str, typer.Option("--host", help="Address to listen on (0.0.0.0 for every interface).")] = "127.0.0.1",
    workers: Annotated[
        int, typer.Option("--workers", "-w", min=1, help="Processes serving pages (default: one per CPU).")
    ] = os.cpu_count() or 1,
    examples: Annotated[
        bool,
        typer.Option(
            "--examples/--no-examples", help="Also serve the illustrative repositories in examples/ (each its own database)."
        ),
    ] = True,
    trusted: Annotated[
        bool,
        typer.Option(
            "--trusted",
            help="The full Datasette, for staff on an intranet: debug pages, tracebacks, no limits on visitors' SQL. "
            "Default: the public profile (docs/serving.md, 'Security and reliability').",
        ),
    ] = False,
    repo: RepoOption = None,
) -> None:
    """Build if the database is missing or out of date, then serve it read-only with Datasette.

    The site opens on the index of laws at /; law pages are at /-/laws, search at /-/search; metadata.yml in the repository supplies titles, descriptions and
    canned queries. The port is checked before anything is built.

    A build while it serves (lawhistory amend, then lawhistory build) writes a new database file; the site
    switches to it at once: every request is answered from exactly one build, requests that started before
    the switch finish on the previous build, every request after it reads the new one. No restart is needed.

    Each folder of examples/ that is a law repository (examples/exampleton: the Shire of Exampleton, illustrative,
    not law) is built too and served as a database of its own, every page of it marked illustrative.

    Example: lawhistory serve --port 8001
    """
    from ..deriving import store
    from ..deriving.build import recover, serving, staleness
    from ..publishing.site import find_examples, load_metadata, metadata_path, serve

    r = open_repo(repo)
    port = _listen_port(host, port)
    demos = find_examples(r) if examples else []
    try:
        reason = staleness(r)
        if reason is not None:
            typer.echo(f"building first: {reason}", err=True)
            typer.echo(_summary(r, _build(r, full=False, quiet=False)), err=True)
    except LawHistoryError as e:
        recover(r)  # a build refused before it could undo what an interrupted one left
        if not store.read_info(r.db_dir / "lawhistory.db"):
            raise
        typer.echo(f"warning: the site is not up to date: {e}", err=True)
        typer.echo("serving the last good build; fix that, then run 'lawhistory build' (serve reads it at once)", err=True)
    for demo in list(demos):
        reason = staleness(demo)
        if reason is None:
            continue
        typer.echo(f"building {r.relative(demo.root)}: {reason}", err=True)
        try:
            typer.echo(f"{r.relative(demo.root)}: " + _summary(demo, _build(demo, full=False, quiet=True)), err=True)
        except LawHistoryError as e:  # an example that cannot be built never keeps the real laws from being served
            typer.echo(f"warning: {r.relative(demo.root)} is not served: {e}", err=True)
            demos.remove(demo)
    metadata = load_metadata(metadata_path(r))
    served = {d.root.name: d.db_dir / "lawhistory.db" for d in demos}
    typer.echo(f"serving {r.relative(r.db_dir / 'lawhistory.db')} on http://{host}:{port}/ (Ctrl-C stops)", err=True)
    for name in served:
        typer.echo(f"  and the illustrative repository examples/{name} (not law) as the database '{name}'", err=True)
    with contextlib.ExitStack() as stack:
        for each in [r, *demos]:  # a build meanwhile replaces the database file instead of changing it in place
            stack.enter_context(serving(each.db_dir, notice=lambda m: typer.echo(m, err=True)))
        serve(
            r.db_dir / "lawhistory.db", metadata, host, port, workers, trusted=trusted, **({"examples": served} if served else {})
        )
