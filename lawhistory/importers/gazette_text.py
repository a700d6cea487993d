"""Gazette text: the words of a Government Gazette notice as copied from its PDF or web page."""

from __future__ import annotations

from . import Imported, ImportOptions
from .build import build_instruments


class GazetteTextImporter:
    name = "gazette-text"

    def detect(self, text: str) -> bool:
        return not text.lstrip().startswith("{")

    def read(self, text: str, options: ImportOptions) -> Imported:
        return build_instruments(text, options, line_mode=False, source_label=True)
