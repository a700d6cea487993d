"""Legislation-API JSON: a law's text cut into ``sections`` by its publisher.

The publisher cut the text at page headers and at lines that looked like headings, so a
"section" may start in mid-sentence and one export may hold two laws. Its sections are put
back together in ``sortOrder`` with their printed line breaks, and the result is read like
gazette text.
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import ImportFailed
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
        sections = data.get("sections") if isinstance(data, dict) else None
        if not isinstance(sections, list) or not sections:
            raise ImportFailed(f"{where}: legislation-API JSON needs a non-empty 'sections' list with the law's text")
        parts = []
        for i, s in enumerate(sorted(sections, key=lambda s: s.get("sortOrder", 0) if isinstance(s, dict) else 0)):
            content = s.get("content") if isinstance(s, dict) else None
            if not isinstance(content, str):
                raise ImportFailed(f"{where}: section {i} has no text 'content'")
            parts.append(content if content.endswith("\n") else content + "\n")
        return build_instruments("".join(parts), options, line_mode=True, source_label=False)
