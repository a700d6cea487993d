"""The one reader of text files: repository files (laws, instruments) and sources given to ``import`` and ``amend``.

A file is read only up to a size limit (``LAWHISTORY_MAX_FILE_MB``, default 32 MB; ``import --max-file-mb``);
it must be UTF-8 without NUL bytes (the file and line are named when not); a byte-order mark is dropped and
Windows line endings (CRLF, as a checkout with ``autocrlf`` makes) are read as plain ones.
"""

from __future__ import annotations

import os
from pathlib import Path

from .errors import FormatError, LawHistoryError

ENV = "LAWHISTORY_MAX_FILE_MB"
DEFAULT_MAX_MB = 32


_raised: float | None = None


def raise_limit(mb: float | None) -> None:
    """Read files of up to ``mb`` megabytes in this process (``--max-file-mb``); None: back to the default."""
    global _raised
    _raised = mb


def max_bytes(mb: float | None = None) -> int:
    """The size limit: ``mb`` megabytes when given, else ``--max-file-mb``, else ``LAWHISTORY_MAX_FILE_MB``, else 32 MB."""
    mb = _raised if mb is None else mb
    if mb is None:
        value = os.environ.get(ENV, "")
        try:
            mb = float(value) if value else DEFAULT_MAX_MB
        except ValueError:
            raise LawHistoryError(f"{ENV}={value!r} is not a number of megabytes") from None
    return int(mb * 1_000_000)


def read_bytes(path: Path, name: str, limit: int | None = None, error: type[LawHistoryError] = FormatError) -> bytes:
    """The bytes of ``path`` (named ``name`` in messages), refused past the size limit without reading them all."""
    limit = max_bytes() if limit is None else limit
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)  # a device (/dev/zero) says its size is 0: never read past the limit
    except FileNotFoundError:
        raise error(f"{name}: no such file") from None
    except IsADirectoryError:
        raise error(f"{name} is a folder, not a text file") from None
    except OSError as e:
        raise error(f"{name}: cannot be read ({e.strerror})") from None
    if len(data) > limit:
        raise error(
            f"{name} is larger than {limit / 1_000_000:g} MB, the limit for a text file; "
            f"if it really is one text, raise the limit with --max-file-mb N (import, amend) or {ENV}=N (megabytes)"
        )
    return data


def _line(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def decode(data: bytes, name: str, error: type[LawHistoryError] = FormatError) -> str:
    """``data`` as text: UTF-8 (a byte-order mark dropped), CRLF read as LF; NUL bytes and invalid UTF-8 refused."""
    nul = data.find(b"\x00")
    if nul >= 0:
        raise error(f"{name}:{_line(data, nul)}: a NUL byte: this is not a text file (save it as plain UTF-8 text)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise error(
            f"{name}:{_line(data, e.start)}: not UTF-8 text (byte {e.start}, {data[e.start : e.start + 1]!r}); "
            "save the file as UTF-8"
        ) from None
    return text.replace("\r\n", "\n") if "\r" in text else text


def read_text(path: Path, name: str, limit: int | None = None) -> str:
    """A repository file as text (see ``decode``); FormatError naming the file (and line) when it cannot be."""
    return decode(read_bytes(path, name, limit), name)


def read_head(path: Path, name: str, size: int) -> str:
    """The first ``size`` bytes of a file as text (a character cut at the end is dropped)."""
    try:
        with open(path, "rb") as f:
            data = f.read(size)
    except OSError as e:
        raise FormatError(f"{name}: cannot be read ({e.strerror})") from None
    if len(data) == size:  # a character cut at the end is dropped, not refused
        for cut in range(4):
            try:
                return decode(data[: len(data) - cut], name)
            except FormatError:
                if cut == 3 or b"\x00" in data:
                    raise
    return decode(data, name)
