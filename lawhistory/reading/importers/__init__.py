"""Importers: each source format is one small module behind the ``Importer`` protocol.

``read_source`` picks the importer that recognises the bytes and returns the instruments it holds.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, replace
from typing import Protocol

from ...core.errors import ImportFailed
from ...core.model import Law


@dataclass(frozen=True, slots=True)
class ImportOptions:
    """What the user may tell an importer that the source itself does not say."""

    gazette_date: dt.date | None = None
    title: str | None = None
    local_government: str | None = None
    source: str | None = None
    format_name: str | None = None


@dataclass(frozen=True, slots=True)
class Imported:
    """The instruments found in one source, with what the importer noticed on the way."""

    laws: tuple[Law, ...]
    removed: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default=())


class Importer(Protocol):
    name: str

    def detect(self, text: str) -> bool:
        """Whether this importer reads ``text``."""
        ...

    def read(self, text: str, options: ImportOptions) -> Imported:
        """The instruments in ``text``; raises ImportFailed with a clear message if it cannot."""
        ...


def decode(data: bytes, where: str) -> str:
    """Source bytes as text, refusing empty and binary files with a message that says so."""
    if not data.strip():
        raise ImportFailed(f"{where} is empty: give the gazette text or legislation-API JSON of a local law")
    if b"\x00" in data[:8192]:
        raise ImportFailed(
            f"{where} is a binary file, neither text nor PDF: import the gazette PDF, or save the notice as plain text (UTF-8)"
        )
    if b"\x00" in data:
        line = data.count(b"\n", 0, data.index(b"\x00")) + 1
        raise ImportFailed(f"{where}:{line}: a NUL byte, which no gazette text has: remove it or save the text again")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ImportFailed(
            f"{where} is not UTF-8 text (byte {e.start}): save the gazette notice as plain text (UTF-8) and import that"
        ) from None


def importers() -> list[Importer]:
    from .api_json import ApiJsonImporter
    from .gazette_text import GazetteTextImporter

    return [ApiJsonImporter(), GazetteTextImporter()]


def is_pdf(data: bytes) -> bool:
    return data.lstrip()[:5] == b"%PDF-"


def read_source(data: bytes, options: ImportOptions, where: str) -> Imported:
    if is_pdf(data):
        from .pdf import GazettePdfImporter  # (its module and patterns loaded only for a PDF)

        pdf = GazettePdfImporter()
        return pdf.read_pdf(data, replace(options, format_name=pdf.name))
    text = decode(data, where)
    for importer in importers():
        if importer.detect(text):
            return importer.read(text, replace(options, format_name=importer.name))
    raise ImportFailed(f"{where}: not a format lawhistory reads (gazette text or PDF, or legislation-API JSON)")
