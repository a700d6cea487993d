"""YAML front matter of law files: metadata to and from plain dictionaries, in a fixed order."""

from __future__ import annotations

import datetime as dt
from typing import Any

import yaml

from .errors import FormatError
from .model import Commencement, Gazette, LawMeta, LawRef


class _Dumper(yaml.SafeDumper):
    """Safe dumper that writes multi-line strings as literal blocks and never wraps lines."""


def _str_representer(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    if "\n" in value:
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|")
    return dumper.represent_scalar("tag:yaml.org,2002:str", value)


_Dumper.add_representer(str, _str_representer)


def dump_yaml(data: dict[str, Any]) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=10**9, default_flow_style=False)


def _ref_to_dict(ref: LawRef) -> dict[str, Any]:
    d: dict[str, Any] = {"title": ref.title}
    if ref.gazette_date:
        d["gazette_date"] = ref.gazette_date
    if ref.id:
        d["id"] = ref.id
    return d


def meta_to_dict(meta: LawMeta) -> dict[str, Any]:
    d: dict[str, Any] = {
        "id": meta.id,
        "title": meta.title,
        "local_government": meta.local_government,
        "kind": meta.kind,
        "made": meta.made,
        "gazette": {"date": meta.gazette.date, "number": meta.gazette.number, "pages": meta.gazette.pages},
        "commencement": {
            "wording": meta.commencement.wording,
            "rule": meta.commencement.rule,
            "days": meta.commencement.days,
            "date": meta.commencement.date,
        },
    }
    if meta.amends:
        d["amends"] = _ref_to_dict(meta.amends)
    if meta.earlier_amendments:
        d["earlier_amendments"] = list(meta.earlier_amendments)
    if meta.repeals:
        d["repeals"] = [_ref_to_dict(r) for r in meta.repeals]
    d["partial"] = meta.partial
    d["source"] = meta.source
    if meta.notes:
        d["notes"] = list(meta.notes)
    return d


def _date(value: Any, field: str) -> dt.date | None:
    if value is None or value == "":
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(str(value))
    except ValueError:
        raise FormatError(f"front matter field {field!r} must be a date like 2020-02-26, not {value!r}") from None


def _ref(d: Any, field: str) -> LawRef:
    if not isinstance(d, dict) or "title" not in d:
        raise FormatError(f"front matter field {field!r} must have a title")
    return LawRef(title=str(d["title"]), gazette_date=_date(d.get("gazette_date"), field), id=d.get("id"))


def _opt_str(value: Any) -> str | None:
    return None if value is None else str(value)


def meta_from_dict(d: Any) -> LawMeta:
    if not isinstance(d, dict):
        raise FormatError("front matter must be a YAML mapping")
    for required in ("id", "title", "local_government"):
        if not d.get(required):
            raise FormatError(f"front matter lacks {required!r}")
    kind = d.get("kind", "principal")
    if kind not in ("principal", "amending", "repeal"):
        raise FormatError(f"front matter kind must be principal, amending or repeal, not {kind!r}")
    g = d.get("gazette") or {}
    c = d.get("commencement") or {}
    days = c.get("days")
    return LawMeta(
        id=str(d["id"]),
        title=str(d["title"]),
        local_government=str(d["local_government"]),
        kind=kind,
        made=_date(d.get("made"), "made"),
        gazette=Gazette(
            date=_date(g.get("date"), "gazette.date"), number=_opt_str(g.get("number")), pages=_opt_str(g.get("pages"))
        ),
        commencement=Commencement(
            wording=c.get("wording"),
            rule=str(c.get("rule") or "unknown"),
            days=int(days) if days is not None else None,
            date=_date(c.get("date"), "commencement.date"),
        ),
        amends=_ref(d["amends"], "amends") if d.get("amends") else None,
        earlier_amendments=tuple(_date(x, "earlier_amendments") for x in d.get("earlier_amendments") or () if x),  # type: ignore[misc]
        repeals=tuple(_ref(r, "repeals") for r in d.get("repeals") or ()),
        partial=bool(d.get("partial", False)),
        source=d.get("source"),
        notes=tuple(str(n) for n in d.get("notes") or ()),
    )
