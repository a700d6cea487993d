"""``lawhistory check``: is a consolidated copy of a law (a council's own consolidation) right?"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from .app import RepoOption, emit_json, fail, open_repo, parse_date


class CheckFormat(StrEnum):
    text = "text"
    json = "json"
    html = "html"


def check_cmd(
    copy: Annotated[Path, typer.Argument(help="The consolidated copy: gazette-like text or PDF.")],
    law: Annotated[
        str | None, typer.Option("--law", help="The law to check it against (default: the one its title names).")
    ] = None,
    at: Annotated[
        str | None,
        typer.Option("--at", help="The date it is consolidated to (YYYY-MM-DD); default: what the copy says it includes."),
    ] = None,
    fmt: Annotated[CheckFormat, typer.Option("--format", help="text, json, or html (a page to send on).")] = CheckFormat.text,
    as_json: Annotated[bool, typer.Option("--json", help="The same as --format json.")] = False,
    out: Annotated[Path | None, typer.Option("--out", help="Write the report to this file instead of standard output.")] = None,
    repo: RepoOption = None,
) -> None:
    """Compare a consolidated copy of a law with lawhistory's consolidation on the date the copy claims, provision
    by provision, naming the instrument that explains each difference.

    Example: lawhistory check council-copy.txt --law kellerberrin --format html --out check.html
    """
    from ..checking import report as rendering
    from ..checking.run import check_copy

    result = check_copy(open_repo(repo), copy, law=law, at=parse_date(at, "--at"))
    kind = CheckFormat.json if as_json else fmt
    if kind is CheckFormat.json and out is None:
        emit_json(rendering.as_json(result))
        return
    import json

    text = (
        json.dumps(rendering.as_json(result), ensure_ascii=False, indent=2) + "\n"
        if kind is CheckFormat.json
        else rendering.as_html(result)
        if kind is CheckFormat.html
        else rendering.as_text(result)
    )
    if out is None:
        typer.echo(text, nl=False)
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as e:
        fail(f"cannot write {out}: {e.strerror or e}")
    typer.echo(rendering.summary(result))
