"""Legislation-API JSON: a law's text cut into ``sections`` by its publisher.

The publisher cut the text at page headers and at lines that looked like headings, so a
"section" may start in mid-sentence and one export may hold two laws. Its sections are put
back together in ``sortOrder`` with their printed line breaks, and the result is read like
gazette text.
"""

from __future__ import annotations

import json
from typing import Any

from ...core.errors import ImportFailed
from . import Imported, ImportOptions
from .build import build_instruments


class ApiJsonImporter:
    name = "legislation-api-json"

    def detect(self, text: str) -> bool:
        return text.lstrip().startswith("{")

    def read(self, text: str, options: ImportOptions) -> Imported:
        where = options.source or "the file"
        try:
            data: Any = json.loads(text)
        except json.JSONDecodeError as e:
            raise ImportFailed(f"{where}: not valid JSON (line {e.lineno}, column {e.colno}): {e.msg}") from None
        except RecursionError:
            raise ImportFailed(f"{where}: the JSON is nested too deeply to be a legislation-API export") from None
        sections = data.get("sections") if isinstance(data, dict) else None
        if not isinstance(sections, list) or not sections:
            raise ImportFailed(f"{where}: legislation-API JSON needs a non-empty 'sections' list with the law's text")
        for i, s in enumerate(sections):
            if not isinstance(s, dict) or not isinstance(s.get("content"), str):
                raise ImportFailed(f"{where}: section {i} has no text 'content'")
        orders = [s.get("sortOrder") for s in sections]
        if all(isinstance(o, (int, float)) and not isinstance(o, bool) for o in orders):
            # The publisher's order; sorted() is stable, so equal numbers keep the file's order.
            sections = sorted(sections, key=lambda s: s["sortOrder"])
        else:
            where_missing = next(i for i, o in enumerate(orders) if not isinstance(o, (int, float)) or isinstance(o, bool))
            raise ImportFailed(
                f"{where}: section {where_missing} has no numeric 'sortOrder', so the order of the text is uncertain; "
                "give every section its sortOrder"
            )
        parts = [s["content"] if s["content"].endswith("\n") else s["content"] + "\n" for s in sections]
        return build_instruments("".join(parts), options, line_mode=True, source_label=False)
