"""How the ``lawhistory`` command fails: every error a user can cause is one line on stderr, never a traceback.

One place for every command (``cli.main`` runs the typer app through ``run``): the project's own refusals and a path
the system refuses exit 1; a usage error (an option unknown, a value out of range, a format that does not exist)
exits 2, in one line that names the command's ``--help`` instead of click's usage block.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import Any

import typer

from ..core.errors import LawHistoryError, os_error_line

try:  # typer 0.22 and later carry their own copy of click; before, typer used click itself
    from typer._click import exceptions as click
except ImportError:  # pragma: no cover
    from click import exceptions as click  # type: ignore[no-redef]

#: The library's wordings of a bad choice and a bad range, and the project's.
_CHOICE = re.compile(r"^(?:Value error, )?'(?P<value>[^']*)' is not one of (?P<choices>.+?)\.?$")
_RANGE = re.compile(r"^(?P<value>\S+) is not in the range (?P<low>-?\d+)<=x<=(?P<high>-?\d+)\.?$")
_BOUND = re.compile(r"^(?:Value error, )?Input should be (?P<rel>greater|less) than (?P<eq>or equal to )?(?P<n>\S+?)\.?$")
_BOUND_WORDS = {
    ("greater", True): "at least",
    ("less", True): "at most",
    ("greater", False): "more than",
    ("less", False): "less than",
}


def _option_name(e: click.BadParameter) -> str:
    """The option as the user typed it (its first long name), or the argument's name."""
    if e.param is None:
        return e.param_hint if isinstance(e.param_hint, str) else "a value"
    opts: list[str] = [o for o in getattr(e.param, "opts", []) if o.startswith("-")]
    if opts and getattr(e.param, "param_type_name", "") == "option":
        return ([o for o in opts if o.startswith("--")] or opts)[0]
    return str(getattr(e.param, "name", None) or "a value").upper()


def _bad_value(e: click.BadParameter) -> str:
    name, message = _option_name(e), e.message.strip()
    if m := _CHOICE.match(message):
        choices = ", ".join(c.strip().strip("'") for c in m["choices"].split(","))
        return f"{name} must be one of {choices} (not '{m['value']}')"
    if m := _RANGE.match(message):
        return f"{name} must be from {m['low']} to {m['high']} (not {m['value']})"
    if message.startswith(("Input should be a valid integer", "Value error, Input should be a valid integer")):
        return f"{name} must be a whole number"
    if message.startswith("Input should be a valid number"):
        return f"{name} must be a number"
    if m := _BOUND.match(message):
        return f"{name} must be {_BOUND_WORDS[m['rel'], bool(m['eq'])]} {m['n']}"
    return f"invalid value for {name}: {message.removeprefix('Value error, ').rstrip('.')}"


def usage_line(e: click.UsageError) -> str:
    """A usage error as one line: what is wrong, and where the usage is."""
    if isinstance(e, click.MissingParameter) and getattr(e.param, "param_type_name", "") == "argument":
        what = f"missing argument {_option_name(e)}"  # as the usage line names it: LAW, FILE, DIRECTORY
    elif isinstance(e, click.BadParameter) and not isinstance(e, click.MissingParameter):
        what = _bad_value(e)
    else:
        what = " ".join(e.format_message().split()).rstrip(".")
        what = what[:1].lower() + what[1:]
    command = e.ctx.command_path if e.ctx is not None else "lawhistory"
    return f"error: {what} (see '{command} --help')"


def run(app: Callable[..., Any]) -> None:
    """Run the typer ``app`` as the program, every failure one line on stderr."""
    try:
        code = app(prog_name="lawhistory", standalone_mode=False)
    except click.NoArgsIsHelpError as e:  # plain `lawhistory`: the help, as always
        e.show()
        sys.exit(e.exit_code)
    except click.UsageError as e:
        typer.echo(usage_line(e), err=True)
        sys.exit(2)
    except click.ClickException as e:
        typer.echo(f"error: {' '.join(e.format_message().split())}", err=True)
        sys.exit(e.exit_code)
    except LawHistoryError as e:
        typer.echo(f"error: {e}", err=True)
        sys.exit(1)
    except OSError as e:  # a path the system refuses: missing, a folder where a file was meant, not writable
        typer.echo(os_error_line(e), err=True)
        sys.exit(1)
    except (KeyboardInterrupt, typer.Abort):
        typer.echo("interrupted", err=True)
        sys.exit(130)
    if isinstance(code, int) and code:
        sys.exit(code)
