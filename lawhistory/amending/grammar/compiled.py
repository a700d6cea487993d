"""The grammars' built parsers, kept across processes: ``core.compiled`` (in core/ so that core's own grammars, the
headings', are kept too)."""

from __future__ import annotations

from ...core.compiled import _dumps, _own, built, cache_dir, key, lalr_action

__all__ = ["_dumps", "_own", "built", "cache_dir", "key", "lalr_action"]
