"""``lawhistory export``: a version of a law in an exchange format (Akoma Ntoso 3.0)."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from .app import KnownOption, RepoOption, fail, open_repo, parse_date


class ExportFormat(StrEnum):
    akn = "akn"


def export_cmd(
    law: Annotated[str, typer.Argument(help="Law id, or an unambiguous part of its title.")],
    at: Annotated[
        str | None, typer.Option("--at", help="The version in force on this date (YYYY-MM-DD); default: the latest.")
    ] = None,
    fmt: Annotated[ExportFormat, typer.Option("--format", help="Export format (akn: Akoma Ntoso 3.0 XML).")] = ExportFormat.akn,
    known: KnownOption = None,
    out: Annotated[Path | None, typer.Option("--out", help="Write to this file instead of standard output.")] = None,
    repo: RepoOption = None,
) -> None:
    """Export the version of a law in force on a date as an Akoma Ntoso 3.0 act, checked against the official schema.

    Example: lawhistory export kellerberrin --at 2020-03-11 --format akn --out kellerberrin.xml
    """
    from ..deriving import library
    from ..presenting.akn import version_akn

    when, k = parse_date(at, "--at"), parse_date(known, "--known")
    r = open_repo(repo)
    found = library.version_at(r, law, when) if k is None else library.show_known(r, law, when, k)
    tl, version = found.timeline, found.version
    if version is None:
        fail(
            f"{tl.law.meta.id} was {found.status.replace('_', ' ')} on {found.as_at}, so there is no version to export; give another --at date"
        )
    data = version_akn(tl, version, found.as_at)
    if out is None:
        typer.echo(data.decode("utf-8"), nl=False)
        return
    out.write_bytes(data)
    typer.echo(f"wrote {out} ({tl.law.meta.id} from {version.valid_from})", err=True)
