"""YAML front matter of law files: metadata to and from plain dictionaries, in a fixed order."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import yaml

from ..core.dates import OLD_RULES
from ..core.errors import FormatError
from ..core.model import Commencement, Gazette, LawMeta, LawRef


class _Dumper(yaml.SafeDumper):
    """Safe dumper that writes multi-line strings as literal blocks and never wraps lines."""

    def ignore_aliases(self, data: Any) -> bool:
        return True  # a date given twice (gazette and commencement) is written twice, never as &id001 / *id001


_LINE_BREAKS = frozenset("\x85\u2028\u2029\r")


def _str_representer(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    if any(ch in _LINE_BREAKS for ch in value):
        # Characters YAML reads as line breaks are written escaped, or they would come back as spaces.
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style='"')
    if "\n" in value:
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|")
    return dumper.represent_scalar("tag:yaml.org,2002:str", value)


_Dumper.add_representer(str, _str_representer)


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """libyaml's safe loader when PyYAML has it; a date that is no date (2020-13-45) is an error with its line."""


def _timestamp(loader: Any, node: yaml.ScalarNode) -> Any:
    try:
        return yaml.SafeLoader.construct_yaml_timestamp(loader, node)
    except (ValueError, OverflowError) as e:
        raise _BadValue(
            f"the front matter is not valid YAML: {node.value!r} is not a date ({e}); dates are written YYYY-MM-DD",
            node.start_mark.line,
        ) from None


class _BadValue(Exception):
    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


_Loader.add_constructor("tag:yaml.org,2002:timestamp", _timestamp)
#: Front matter nested deeper than this is refused (no law's metadata is more than a few levels deep).
MAX_DEPTH = 20


def load_front_matter(text: str, path: str | None = None, first_line: int = 2) -> Any:
    """The YAML ``text`` of a file's front matter (which starts on line ``first_line`` of ``path``).

    The one reader of front matter, for every command and the build: bad YAML, a date that is no date and
    nesting deeper than ``MAX_DEPTH`` are each a FormatError naming the file and line.
    """
    simple = read_simple(text)
    if simple is not None:
        return simple
    try:
        _check_depth(text, path, first_line)
        return yaml.load(text, Loader=_Loader)
    except _BadValue as e:
        raise FormatError(str(e), path=path, line=first_line + e.line) from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = first_line + mark.line if mark is not None else None
        if "nesting depth" in str(e.problem):  # PyYAML 6.0.4 and later refuse deep nesting in the parser, before us
            raise FormatError(f"the front matter is nested more than {MAX_DEPTH} levels deep", path=path, line=line) from None
        raise FormatError(f"the front matter is not valid YAML: {e.problem or e.context}", path=path, line=line) from None
    except (yaml.YAMLError, ValueError, TypeError) as e:
        raise FormatError(f"the front matter is not valid YAML: {e}", path=path) from None


# --- the project's own simple front matter, read without PyYAML ------------------------------------------------------

#: A key, and what follows its colon (nothing, or a space and a value).
_KEY_LINE = re.compile(r"([A-Za-z_][A-Za-z0-9_]*):(?: (.*))?")
#: Keys YAML 1.1 reads as something other than a string, in any case (PyYAML's resolvers, and more).
_NOT_STRINGS = frozenset({"yes", "no", "true", "false", "on", "off", "null", "y", "n"})
_INT = re.compile(r"0|[1-9][0-9]*")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
#: What a plain or quoted scalar read here may hold: no tab, no character YAML takes for a line break, no control or
#: other character YAML does not print.
_CHARS = re.compile(r"[^\t\r\n\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff\ufffe\uffff]+")
#: What a plain scalar cannot start with (YAML's indicators) or hold (a comment, a key's colon).
_INDICATORS = frozenset("-?:,[]{}#&*!|>'\"%@`")
_RESOLVER = yaml.resolver.Resolver()
_TAG = "tag:yaml.org,2002:"
#: How deep the simple front matter nests (no law's or instrument's goes deeper than 3).
_SIMPLE_DEPTH = 6


class _Unread(Exception):
    """Not of the simple forms ``read_simple`` reads."""


def _simple_scalar(value: str) -> Any:
    """``value`` as PyYAML reads it, when it is one of the few forms read here."""
    if not value or value != value.strip(" ") or not _CHARS.fullmatch(value):
        raise _Unread
    if value[0] == "'":
        if len(value) < 2 or value[-1] != "'" or "'" in value[1:-1]:
            raise _Unread
        return value[1:-1]
    if value[0] in _INDICATORS or ": " in value or " #" in value or value[-1] == ":":
        raise _Unread
    tag = _RESOLVER.resolve(yaml.ScalarNode, value, (True, False))  # type: ignore[no-untyped-call]
    if tag == _TAG + "str":
        return value
    if tag == _TAG + "int" and _INT.fullmatch(value):
        return int(value)
    if tag == _TAG + "timestamp" and _DATE.fullmatch(value):
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            raise _Unread from None  # PyYAML's own words for it
    if tag == _TAG + "bool" and value in ("true", "false"):
        return value == "true"
    if tag == _TAG + "null" and value == "null":
        return None
    raise _Unread


def _simple_key(line: str) -> tuple[str, str | None] | None:
    m = _KEY_LINE.fullmatch(line)
    if m is None or m.group(1).lower() in _NOT_STRINGS:
        return None
    return m.group(1), m.group(2)


def _simple_mapping(lines: list[str], k: int, indent: int, depth: int) -> tuple[dict[str, Any], int]:
    """The mapping whose keys start at column ``indent`` from line ``k``, and the line after it."""
    if depth > _SIMPLE_DEPTH:
        raise _Unread
    out: dict[str, Any] = {}
    pad = " " * indent
    while k < len(lines) and lines[k].startswith(pad) and not lines[k].startswith((" ", "- "), indent):
        found = _simple_key(lines[k][indent:])
        if found is None or found[0] in out:
            raise _Unread
        key, value = found
        k += 1
        if value is not None:
            out[key] = _simple_scalar(value)
            continue
        after = lines[k] if k < len(lines) else ""
        if after.startswith(pad + "- "):  # a list, not indented (as ``dump_yaml`` writes it)
            out[key], k = _simple_sequence(lines, k, indent, depth + 1)
        elif after.startswith(pad + "  - "):
            out[key], k = _simple_sequence(lines, k, indent + 2, depth + 1)
        elif after.startswith(pad + "  ") and not after.startswith(pad + "   "):
            out[key], k = _simple_mapping(lines, k, indent + 2, depth + 1)
        else:
            raise _Unread  # a key with nothing (null), or another form
    if not out:
        raise _Unread
    return out, k


def _simple_sequence(lines: list[str], k: int, indent: int, depth: int) -> tuple[list[Any], int]:
    """The list whose items' dashes are at column ``indent`` from line ``k``, and the line after it."""
    out: list[Any] = []
    pad = " " * indent + "- "
    while k < len(lines) and lines[k].startswith(pad):
        rest = lines[k][len(pad) :]
        if _simple_key(rest) is not None:  # a mapping, its first key on the dash's line
            lines[k] = " " * len(pad) + rest
            item, k = _simple_mapping(lines, k, len(pad), depth + 1)
            out.append(item)
        else:
            out.append(_simple_scalar(rest))
            k += 1
    return out, k


def read_simple(text: str) -> dict[str, Any] | None:
    """The front matter ``text`` as PyYAML reads it, when it is written as the project writes its own (``dump_yaml``,
    block style): keys each on a line with a scalar, a mapping indented two spaces, or a list (its dashes indented or
    not) of scalars or of mappings; the scalars only of a few forms (a plain string, as PyYAML resolves it, a quoted
    one without quotes inside, a whole number, a date, true, false or null). None for anything else, which PyYAML reads (a
    comment, a blank line, another form of scalar, a flow collection): the same values, or PyYAML's own error."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    try:
        out, k = _simple_mapping(lines, 0, 0, 0)
    except _Unread:
        return None
    return out if k == len(lines) else None


def _check_depth(text: str, path: str | None, first_line: int) -> None:
    """Refuse deep nesting before the (recursive) constructor sees it: ``[[[[…]]]]`` would exhaust the stack."""
    depth = 0
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                line = first_line + event.start_mark.line if event.start_mark is not None else None
                raise FormatError(f"the front matter is nested more than {MAX_DEPTH} levels deep", path=path, line=line)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def dump_yaml(data: dict[str, Any]) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=10**9, default_flow_style=False)


def _ref_to_dict(ref: LawRef) -> dict[str, Any]:
    d: dict[str, Any] = {"title": ref.title}
    if ref.gazette_date:
        d["gazette_date"] = ref.gazette_date
    if ref.id:
        d["id"] = ref.id
    if ref.clauses:
        d["clauses"] = list(ref.clauses)
    if ref.earlier_amendments:
        d["earlier_amendments"] = list(ref.earlier_amendments)
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
    if meta.commencement.clauses:  # by_clause: each clause's own day
        d["commencement"]["clauses"] = {clause: day for clause, day in meta.commencement.clauses}
    if meta.amends:
        d["amends"] = _ref_to_dict(meta.amends)
    if meta.also_amends:
        d["also_amends"] = [_ref_to_dict(r) for r in meta.also_amends]
    if meta.earlier_amendments:
        d["earlier_amendments"] = list(meta.earlier_amendments)
    if meta.repeals:
        d["repeals"] = [_ref_to_dict(r) for r in meta.repeals]
    d["partial"] = meta.partial
    d["source"] = meta.source
    if meta.notes:
        d["notes"] = list(meta.notes)
    if meta.reviews:
        d["reviews"] = list(meta.reviews)
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


def _mapping(value: Any, field: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise FormatError(f"front matter field {field!r} must be a mapping of its parts (see docs/format.md), not {value!r}")
    return value


def _list(value: Any, field: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise FormatError(f"front matter field {field!r} must be a list, not {value!r}")
    return value


def _text(value: Any, field: str, *, required: bool = False) -> str | None:
    if value is None or value == "":
        if required:
            raise FormatError(f"front matter lacks {field!r}")
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise FormatError(f"front matter field {field!r} must be text, not {value!r}")
    return str(value)


def _ref(d: Any, field: str) -> LawRef:
    if not isinstance(d, dict) or "title" not in d:
        raise FormatError(f"front matter field {field!r} must have a title")
    return LawRef(
        title=_text(d["title"], f"{field}.title", required=True) or "",
        gazette_date=_date(d.get("gazette_date"), field),
        id=_text(d.get("id"), f"{field}.id"),
        clauses=tuple(_text(c, f"{field}.clauses") or "" for c in _list(d.get("clauses"), f"{field}.clauses")),
        earlier_amendments=tuple(
            x
            for x in (
                _date(e, f"{field}.earlier_amendments") for e in _list(d.get("earlier_amendments"), f"{field}.earlier_amendments")
            )
            if x is not None
        ),
    )


def meta_from_dict(d: Any) -> LawMeta:
    """Metadata from a front matter mapping; any field of the wrong shape is a FormatError naming it."""
    if not isinstance(d, dict):
        raise FormatError("front matter must be a YAML mapping")
    kind = d.get("kind", "principal")
    if kind not in ("principal", "amending", "repeal"):
        raise FormatError(f"front matter kind must be principal, amending or repeal, not {kind!r}")
    g = _mapping(d.get("gazette"), "gazette")
    c = _mapping(d.get("commencement"), "commencement")
    days = c.get("days")
    if days is not None and (isinstance(days, bool) or not isinstance(days, int)):
        raise FormatError(f"front matter field 'commencement.days' must be a whole number, not {days!r}")
    partial = d.get("partial", False)
    if not isinstance(partial, bool):
        raise FormatError(f"front matter field 'partial' must be true or false, not {partial!r}")
    earlier = [_date(x, "earlier_amendments") for x in _list(d.get("earlier_amendments"), "earlier_amendments")]
    council = _text(d.get("local_government"), "local_government", required=True) or ""
    if any(c in council for c in "<>\n"):
        # it is the author of the law's commits in the history, where these characters cannot be
        raise FormatError(f"front matter field 'local_government' cannot hold '<', '>' or a line break: {council!r}")
    return LawMeta(
        id=_text(d.get("id"), "id", required=True) or "",
        title=_text(d.get("title"), "title", required=True) or "",
        local_government=council,
        kind=kind,
        made=_date(d.get("made"), "made"),
        gazette=Gazette(
            date=_date(g.get("date"), "gazette.date"),
            number=_text(g.get("number"), "gazette.number"),
            pages=_text(g.get("pages"), "gazette.pages"),
        ),
        commencement=Commencement(
            wording=_text(c.get("wording"), "commencement.wording"),
            rule=_rule(_text(c.get("rule"), "commencement.rule")),
            days=days,
            date=_date(c.get("date"), "commencement.date"),
            clauses=_clause_days(c.get("clauses")),
        ),
        amends=_ref(d["amends"], "amends") if d.get("amends") else None,
        also_amends=tuple(_ref(r, "also_amends") for r in _list(d.get("also_amends"), "also_amends")),
        earlier_amendments=tuple(x for x in earlier if x is not None),
        repeals=tuple(_ref(r, "repeals") for r in _list(d.get("repeals"), "repeals")),
        partial=partial,
        source=_text(d.get("source"), "source"),
        notes=tuple(_text(n, "notes") or "" for n in _list(d.get("notes"), "notes")),
        reviews=_reviews(d.get("reviews"), _date(d.get("made"), "made"), kind),
    )


def _reviews(value: Any, made: dt.date | None, kind: str) -> tuple[dt.date, ...]:
    """The ``reviews:`` dates (review reports accepted under s 3.16 of the Local Government Act 1995), checked:
    dates, oldest first, none repeated, none before the law was made, on principal laws only."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise FormatError(f"front matter field 'reviews' must be a list of dates like [2021-06-15], not {value!r}")
    if value and kind != "principal":
        raise FormatError(
            "front matter field 'reviews' belongs to a principal local law, not to an amending or repeal instrument"
        )
    dates: list[dt.date] = []
    for item in value:
        if isinstance(item, dt.datetime) or not isinstance(item, dt.date):
            raise FormatError(
                f"front matter field 'reviews' holds {item!r}, which is not a date; write each date a review report"
                " was accepted as YYYY-MM-DD"
            )
        if dates and item <= dates[-1]:
            raise FormatError(
                f"front matter field 'reviews': {item} is not after {dates[-1]}; list each review once, oldest first"
            )
        if made is not None and item < made:
            raise FormatError(f"front matter field 'reviews': {item} is before the law was made ({made}); check the date")
        dates.append(item)
    return tuple(dates)


def _clause_days(value: Any) -> tuple[tuple[str, dt.date], ...]:
    """``commencement.clauses`` (rule ``by_clause``): each clause of the instrument with the day it comes into
    operation, as a mapping like {'4': 2014-05-30, '6': 2014-07-01}."""
    days = _mapping(value, "commencement.clauses")
    out = []
    for clause, day in days.items():
        when = _date(day, f"commencement.clauses.{clause}")
        if isinstance(clause, bool) or not isinstance(clause, (str, int)) or when is None:
            raise FormatError(
                f"front matter field 'commencement.clauses' must map each clause to its day, like '4': 2014-05-30,"
                f" not {clause!r}: {day!r}"
            )
        out.append((str(clause), when))
    return tuple(out)


def _rule(rule: str | None) -> str:
    """A commencement rule as front matter names it; a rule's earlier name (``dates.OLD_RULES``) reads as its name."""
    return OLD_RULES.get(rule or "unknown", rule or "unknown")
