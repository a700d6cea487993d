"""What every command of the ``lawhistory`` CLI shares: the typer app, its common options and how it fails.

Command modules (``cli``, ``cli_publish``) register on ``app``; each imports its heavy dependencies inside its
command functions, so ``lawhistory --help`` and ``show`` load no database or web code.
"""

from __future__ import annotations

import datetime as dt
import json
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from ..core import files

if TYPE_CHECKING:  # the repository (and what reading it needs) is imported when a command runs, not for --help
    from ..files.repo import Repository

app = typer.Typer(
    name="lawhistory",
    help="Follow Western Australian local laws through their amendments: import, amend, show any law at any date.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

RepoOption = Annotated[
    Path | None,
    typer.Option("--repo", help="The law repository (default: found from the current folder, like git).", show_default=False),
]
KnownOption = Annotated[
    str | None,
    typer.Option("--known", help="Use only the instruments published in the Gazette on or before this date (YYYY-MM-DD)."),
]


MaxFileOption = Annotated[
    float | None,
    typer.Option(
        "--max-file-mb",
        min=0,
        help=f"Largest file to read, in megabytes (default {files.DEFAULT_MAX_MB}, or {files.ENV}).",
        show_default=False,
    ),
]


class ShowFormat(StrEnum):
    text = "text"
    json = "json"
    html = "html"
    md = "md"


def fail(message: str) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(1)


def open_repo(repo: Path | None) -> Repository:
    from ..files.repo import Repository

    return Repository.open(repo) if repo else Repository.find()


def parse_date(value: str | None, option: str) -> dt.date | None:
    from ..core.dates import iso_date  # here: ``--help`` reads no dates (nor the law model they use)

    return None if value is None else iso_date(value, option)


def emit_json(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
