"""The project's own errors. Each message says what is wrong, where, and how to fix it."""

from __future__ import annotations

from typing import Any


class LawHistoryError(Exception):
    """Base class: a refusal or bad input, reported to the user as one clear line (exit status 1).

    ``trace``: for a refused instrument, the applier's steps up to the refusal (``apply.Step`` values).
    """

    trace: tuple[Any, ...] = ()


class FormatError(LawHistoryError):
    """A structured-text file cannot be read."""

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None) -> None:
        where = ""
        if path:
            where = f"{path}:{line}: " if line else f"{path}: "
        elif line:
            where = f"line {line}: "
        super().__init__(where + message)
        self.path = path
        self.line = line


class ImportFailed(LawHistoryError):
    """A source text could not be imported."""


class UnknownLaw(LawHistoryError):
    """No law (or more than one) matches what the user asked for."""


class RepositoryError(LawHistoryError):
    """The law repository is missing, locked or inconsistent."""


class BadDate(LawHistoryError):
    """A date given by the user is not in the expected form."""


class BadLawId(LawHistoryError):
    """A law's id cannot name a file in the repository (it must be ``council/title-words``)."""


def os_error_line(e: OSError) -> str:
    """An operating-system error (a path that is missing, a folder given for a file, a folder one may not write) as the
    one line a user reads: the path and what is wrong with it, lower-case, as the project's own messages are."""
    what = (e.strerror or str(e)).lower()
    where = e.filename if e.filename is not None else None
    if where is None:
        return f"error: {what}"
    other = f" (to {e.filename2})" if e.filename2 is not None else ""
    return f"error: {where}{other}: {what}"
