"""Gazette text: the words of a Government Gazette notice as copied from its PDF or web page."""

from __future__ import annotations

from . import Imported, ImportOptions
from .build import build_instruments


class GazetteTextImporter:
    name = "gazette-text"

    def detect(self, text: str) -> bool:
        return not text.lstrip().startswith("{")

    def read(self, text: str, options: ImportOptions) -> Imported:
        return build_instruments(text, options, line_mode=printed_lines(text), source_label=True)


def printed_lines(text: str) -> bool:
    """Whether ``text`` keeps the gazette's printed lines (most lines a printed line's length).

    A copy that keeps them shows where headings and list items start; a copy whose pages are run
    together (one paragraph a page, as the seeds are) is read as running text.
    """
    lines = [ln for ln in text.split("\n") if ln.strip()]
    if len(lines) < 20:
        return False
    short = sum(len(ln) <= 140 for ln in lines)
    return short >= 0.8 * len(lines)
