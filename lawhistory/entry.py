"""The ``lawhistory`` command's entry point: ``show`` as a person types it, without loading the command-line framework.

``lawhistory show LAW [--at D] [--format F] [--repo DIR]`` is what people (and scripts) run most, and a new process
each time: typer, click and pydantic (which typer uses to check every option's value) cost more than reading the law
from the build's database. Written in that one plain form (each option once, as ``--opt VALUE``, in any order), it is
run here, by the same function the typer command calls (``show_output``), so it prints the same bytes and fails the
same way. ``lawhistory amend FILE`` in its plain form (``--build``, ``--json``, ``--dry-run``, ``--discard``,
``--force`` and ``--repo``, ``--gazette-date``, ``--law`` with a value, each once) is run here too, by the function
the typer command calls (``amend_command.amend_and_print``). Anything else (``--known``, ``--help``, ``--at=D``, an
option twice, ``--draft`` or ``--operations``, another command, a value typer would refuse) goes to the typer app in
``cli``, which parses it as it always has. ``lawhistory --help`` alone is printed
from ``TOP_HELP``, typer's own text, kept the same by a test.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .core.errors import LawHistoryError, os_error_line

#: ``lawhistory --help`` as typer prints it at a terminal of 80 columns or more (click wraps to 78): printed without
#: loading typer and click (their import and formatting cost more than Python's own start-up). A test keeps it the same
#: as typer's; after adding or renaming a command, paste typer's output here (``tests/test_lazy_imports.py`` shows it).
TOP_HELP = (
    "Usage: lawhistory [OPTIONS] COMMAND [ARGS]...\n"
    "\n"
    "  Follow Western Australian local laws through their amendments: import,\n"
    "  amend, show any law at any date.\n"
    "\n"
    "Options:\n"
    "  --help  Show this message and exit.\n"
    "\n"
    "Commands:\n"
    "  init     Create an empty law repository (laws/, amendments/, db/).\n"
    "  import   Add the principal local law(s) in FILE to the repository and...\n"
    "  list     List the laws with id, status, commencement, title and whether...\n"
    "  show     Show a law as in force on a date, with provenance notes and a...\n"
    "  amend    Parse, verify and apply an amending or repeal instrument (all...\n"
    "  history  List a law's versions with their dates and the instruments...\n"
    "  diff     Show a word-level redline of a law between two dates.\n"
    "  build    Build db/lawhistory.db (SQLite) and db/history.git (one commit...\n"
    "  serve    Build if the database is missing or out of date, then serve it...\n"
    "  export   Export the version of a law in force on a date as an Akoma...\n"
    "  check    Compare a consolidated copy of a law with lawhistory's...\n"
)
#: The narrowest terminal ``TOP_HELP`` is for (click formats for ``min(columns, 80) - 2``).
HELP_COLUMNS = 80

#: show's formats (``cli.app.ShowFormat``'s values; a test keeps them the same).
FORMATS = ("text", "json", "html", "md")
_SHOW_OPTIONS = {"--at": "at", "--format": "format", "--repo": "repo"}
#: amend's options run here (the rest, ``--draft``, ``--operations``, ``--by``, ``--max-file-mb``, go to typer).
_AMEND_OPTIONS = {"--repo": "repo", "--gazette-date": "gazette_date", "--law": "law"}
_AMEND_FLAGS = {"--build": "build", "--json": "json", "--dry-run": "dry_run", "--discard": "discard", "--force": "force"}


def show_output(law: str, at: str | None, fmt: str, known: str | None, repo: Path | None) -> str:
    """What ``lawhistory show`` prints, every byte of it (JSON ends with a line break, as ``typer.echo`` adds)."""
    return show_both(law, at, fmt, known, repo)[0]


def show_both(law: str, at: str | None, fmt: str, known: str | None, repo: Path | None) -> tuple[str, str]:
    """What ``lawhistory show`` prints on stdout, and on stderr (the warning that the text omits instruments)."""
    # only what the plain json form reads from a current build: the views, the model and the index when needed
    from .core.status import iso_date
    from .files.repo import Repository
    from .presenting.lawat import law_json, show, show_warnings

    when = None if at is None else iso_date(at, "--at")
    k = None if known is None else iso_date(known, "--known")
    r = Repository.open(repo, tidy=False) if repo else Repository.find(tidy=False)
    extra: dict[str, object] = {}
    if k is None:
        law_at = show(r, law, when)
    else:
        from dataclasses import replace

        from .deriving import library
        from .presenting.lawat import from_timeline

        found = library.show_known(r, law, when, k)
        law_at = replace(from_timeline(found.timeline, found.as_at, found.status, found.version), known=found.known.sentence())
        extra = found.known.as_json()
    err = "".join(w + "\n" for w in show_warnings(law_at))
    if fmt == "json":
        from .presenting.json_text import dumps  # json.dumps(..., ensure_ascii=False, indent=2), the same characters

        return dumps({**law_json(law_at), **extra}) + "\n", err
    from .presenting import views

    if fmt == "md":
        return views.law_markdown(law_at), err
    if fmt == "html":
        return views.law_html(law_at), err
    return views.law_text(law_at), err


def _plain(
    args: list[str], command: str, options: dict[str, str], flag_names: dict[str, str]
) -> tuple[str, dict[str, str], set[str]] | None:
    """(its one argument, its options with values, its flags) when ``args`` (after the program's name) are ``command``
    in its plain form — each option given once with a value, each flag once, one argument — else None (the typer app
    parses them)."""
    if len(args) < 2 or args[0] != command:
        return None
    argument: str | None = None
    found: dict[str, str] = {}
    flags: set[str] = set()
    rest = iter(args[1:])
    for token in rest:
        if token in options:
            value = next(rest, None)
            name = options[token]
            if value is None or value == "" or value.startswith("-") or name in found:
                return None
            found[name] = value
        elif token in flag_names:
            if flag_names[token] in flags:
                return None
            flags.add(flag_names[token])
        elif token.startswith("-") or argument is not None or token == "":
            return None
        else:
            argument = token
    return None if argument is None else (argument, found, flags)


def plain_show(args: list[str]) -> dict[str, str] | None:
    """``show``'s argument and options when ``args`` (after the program's name) are ``show`` in its plain form, else
    None (the typer app parses them)."""
    plain = _plain(args, "show", _SHOW_OPTIONS, {})
    if plain is None or plain[1].get("format", "text") not in FORMATS:
        return None
    return {**plain[1], "law": plain[0]}


def plain_amend(args: list[str]) -> tuple[str, dict[str, str], set[str]] | None:
    """``amend``'s file, options with values and flags when ``args`` (after the program's name) are ``amend`` in its
    plain form, else None (the typer app parses them, and refuses what it refuses: ``--build`` with ``--dry-run``)."""
    plain = _plain(args, "amend", _AMEND_OPTIONS, _AMEND_FLAGS)
    return None if plain is None or {"build", "dry_run"} <= plain[2] else plain


def _run_amend(file: str, found: dict[str, str], flags: set[str]) -> None:
    """``lawhistory amend`` in its plain form, as the typer command runs it (``cli.amend_cmd``)."""
    from .amend_command import amend_and_print
    from .core import files
    from .core.dates import iso_date
    from .files.repo import Repository

    files.raise_limit(None)
    when = iso_date(found["gazette_date"], "--gazette-date") if "gazette_date" in found else None
    r = Repository.open(Path(found["repo"])) if "repo" in found else Repository.find()
    amend_and_print(
        r,
        Path(file),
        when=when,
        dry_run="dry_run" in flags,
        discard="discard" in flags,
        hand=None,
        link=found.get("law"),
        as_json="json" in flags,
        force="force" in flags,
        then_build="build" in flags,
        echo=_echo_line,
    )


def _echo_line(message: str, *, err: bool = False) -> None:
    """``typer.echo(message, err=err)``: the message and a line break."""
    _echo(message + "\n", err=err)


def _echo(text: str, *, err: bool = False) -> None:
    """Print as ``typer.echo(text, nl=False)`` does. Click removes ANSI escapes from text not sent to a terminal and
    writes UTF-8 to a stream that says it is ASCII: such text, or such a stream, is left to click itself."""
    import codecs

    out = sys.stderr if err else sys.stdout
    if out is None:
        return
    encoding = getattr(out, "encoding", None)  # None: a stream of text only (as tests capture output)
    if "\x1b" in text or (encoding is not None and codecs.lookup(encoding).name != "utf-8"):
        import typer

        typer.echo(text, nl=False, err=err)
        return
    out.write(text)
    out.flush()


def main() -> None:
    """Run the ``lawhistory`` command: its plain ``show`` here, anything else through the typer app (``cli.main``)."""
    if sys.argv[1:] == ["--help"]:
        import shutil

        if shutil.get_terminal_size().columns >= HELP_COLUMNS:  # as click measures it; narrower: click wraps the text
            _echo(TOP_HELP)
            return
    plain = plain_show(sys.argv[1:])
    amending = None if plain is not None else plain_amend(sys.argv[1:])
    if plain is None and amending is None:
        from .cli import main as typer_main

        typer_main()
        return
    try:
        if amending is not None:
            _run_amend(*amending)
            return
        assert plain is not None
        repo = Path(plain["repo"]) if "repo" in plain else None
        out, err = show_both(plain["law"], plain.get("at"), plain.get("format", "text"), None, repo)
        _echo(out)
        if err:
            _echo(err, err=True)
    except LawHistoryError as e:
        _echo(f"error: {e}\n", err=True)
        sys.exit(1)
    except OSError as e:  # a path the system refused (a folder given as --repo that cannot be read, ...)
        _echo(os_error_line(e) + "\n", err=True)
        sys.exit(1)
    except KeyboardInterrupt:
        _echo("interrupted\n", err=True)
        sys.exit(130)
