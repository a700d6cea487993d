"""db/history.git: every version of every law as a git commit, written with gitpython.

One linear history on ``main``. Each law is one file (``<law id>.txt``, its consolidated text);
each version is one commit dated (author and committer) at its commencement, midnight in Perth
(+08:00); a repeal is a commit deleting the file. Commits of all laws are ordered by
(date, law id, version number), so ``git log`` reads as the state's local laws in the order they
changed, ``git log -- <file>`` and ``git blame <file>`` tell one law's story, and the same inputs
always give the same commit ids. The author is the local government that made the law; the
committer is always ``lawhistory``.

Objects are written straight into the object store; only the final update of ``refs/heads/main``
makes them visible. A rebuild re-creates commits only from the first event that differs from the
previous history, so a new instrument costs a handful of commits.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, replace
from io import BytesIO
from pathlib import Path

import git
from git.objects.fun import tree_to_stream
from gitdb import IStream, LooseObjectDB  # type: ignore[import-untyped]

from .errors import LawHistoryError
from .model import LawMeta
from .rows import history_path
from .versions import Timeline, Version

BRANCH = "main"
PERTH = dt.timezone(dt.timedelta(hours=8))
COMMITTER = git.Actor("lawhistory", "lawhistory@localhost")
AUTHOR_EMAIL = "local-laws@localhost"
DESCRIPTION = "Western Australian local laws: one commit per version, dated at commencement (built by lawhistory)\n"
_BLOB, _TREE = 0o100644, 0o040000
MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


class HistoryError(LawHistoryError):
    """db/history.git cannot be written."""


@dataclass(frozen=True, slots=True)
class Event:
    """One commit to make: a law's new version (``text``) or its repeal (``text`` None)."""

    date: dt.date
    law: str
    version: int | None  # None: the repeal
    path: str
    author: str
    message: str
    text: str | None = None
    blob: str | None = None

    def key(self) -> tuple[dt.date, str, int]:
        return (self.date, self.law, self.version if self.version is not None else 1 << 30)

    def same(self, other: Event) -> bool:
        return (self.date, self.law, self.version, self.path, self.author, self.message, self.blob) == (
            other.date, other.law, other.version, other.path, other.author, other.message, other.blob,
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class Committed:
    seq: int
    commit: str
    event: Event


# --- events from a timeline -----------------------------------------------------------------------------------------


def long_date(d: dt.date) -> str:
    return f"{d.day} {MONTHS[d.month - 1]} {d.year}"


def gazette_reference(meta: LawMeta) -> str:
    """``Gazette 26 February 2020, No. 28, pp. 419-437`` (as much as is known)."""
    g = meta.gazette
    if g.date is None:
        return "Gazette reference unknown"
    out = f"Gazette {long_date(g.date)}"
    if g.number:
        out += f", No. {g.number}"
    if g.pages:
        out += f", {'pp.' if '-' in g.pages else 'p.'} {g.pages}"
    return out


def _version_message(tl: Timeline, v: Version, date: dt.date) -> str:
    law = tl.law.meta
    meta = v.instrument.law.meta if v.instrument else law
    subject = f"{meta.title} ({gazette_reference(meta)})"
    if v.instrument is None:
        body = [f"{law.title}, as made by the {law.local_government}; in operation from {long_date(date)}."]
    else:
        body = [f"Amends the {law.title}; in operation from {long_date(date)}.", ""]
        body += [f"cl. {op.clause}: {op.describe()}" for op in v.instrument.operations]
    trailer = [f"Law: {law.id}", f"Version: {v.number}"] + ([f"Instrument: {v.instrument.id}"] if v.instrument else [])
    return "\n".join([subject, "", *body, "", *trailer]) + "\n"


def law_events(tl: Timeline, render: dict[int, str]) -> list[Event]:
    """The commits for one law: one per dated version (``render`` maps version number to text), then its repeal."""
    law = tl.law.meta
    author = law.local_government
    path = history_path(law.id)
    events: list[Event] = []
    last: dt.date | None = None
    for v in tl.versions:
        date = v.valid_from or law.gazette.date or law.made
        if date is None:
            continue  # no date to commit it at: later versions carry the text
        date = max(date, last) if last else date
        last = date
        events.append(Event(date, law.id, v.number, path, author, _version_message(tl, v, date), render[v.number]))
    if tl.repealed_by is not None and tl.repealed_from is not None and events:
        meta = tl.repealed_by.law.meta
        date = max(tl.repealed_from, events[-1].date)
        message = f"{meta.title} ({gazette_reference(meta)})\n\nRepeals the {law.title} from {long_date(date)}.\n\n"
        message += f"Law: {law.id}\nInstrument: {meta.id}\n"
        events.append(Event(date, law.id, None, path, author, message))
    return events


# --- writing ----------------------------------------------------------------------------------------------------------


def _store(repo: git.Repo, kind: bytes, data: bytes) -> bytes:
    # The loose-object writer of gitdb, in Python: gitpython's own store() starts a git process per object.
    return bytes(LooseObjectDB.store(repo.odb, IStream(kind, len(data), BytesIO(data))).binsha)


def _tree(repo: git.Repo, entries: dict[str, tuple[int, bytes]]) -> bytes:
    ordered = sorted(entries.items(), key=lambda e: e[0].encode() + (b"/" if e[1][0] == _TREE else b""))
    out = BytesIO()
    tree_to_stream([(sha, mode, name) for name, (mode, sha) in ordered], out.write)
    return _store(repo, b"tree", out.getvalue())


class _Trees:
    """The files of the history at one commit, with each folder's tree id cached."""

    def __init__(self, repo: git.Repo, commit: str | None) -> None:
        self.repo = repo
        self.folders: dict[str, dict[str, bytes]] = {}
        self.cache: dict[str, bytes] = {}
        if commit:
            self._load(git.Commit(repo, bytes.fromhex(commit)).tree)

    def _load(self, root: git.Tree) -> None:
        """Start from a commit's files, keeping its folders' tree ids (unchanged folders are not rewritten)."""
        for item in root:
            if item.type == "tree":
                self.folders[item.name] = {b.name: bytes(b.binsha) for b in item if b.type == "blob"}
                self.cache[item.name] = bytes(item.binsha)
            elif item.type == "blob":
                self.folders.setdefault("", {})[item.name] = bytes(item.binsha)

    def set(self, path: str, sha: bytes | None) -> None:
        folder, _, name = path.rpartition("/")
        files = self.folders.setdefault(folder, {})
        if sha is None:
            files.pop(name, None)
        else:
            files[name] = sha
        self.cache.pop(folder, None)

    def root(self) -> bytes:
        entries: dict[str, tuple[int, bytes]] = {}
        for folder, files in sorted(self.folders.items()):
            if not files:
                continue
            if folder == "":
                entries.update({name: (_BLOB, sha) for name, sha in files.items()})
                continue
            if "/" in folder:
                raise HistoryError(f"law id {folder!r} is nested more than one folder deep; ids are <local government>/<slug>")
            if folder not in self.cache:
                self.cache[folder] = _tree(self.repo, {name: (_BLOB, sha) for name, sha in files.items()})
            entries[folder] = (_TREE, self.cache[folder])
        return _tree(self.repo, entries)


def _commit(repo: git.Repo, tree: bytes, parent: str | None, e: Event) -> str:
    when = int(dt.datetime(e.date.year, e.date.month, e.date.day, tzinfo=PERTH).timestamp())
    offset = -8 * 3600  # gitpython counts seconds west of UTC
    c = git.Commit(
        repo, git.Commit.NULL_BIN_SHA, git.Tree(repo, tree), git.Actor(e.author, AUTHOR_EMAIL), when, offset,
        COMMITTER, when, offset, e.message, [git.Commit(repo, bytes.fromhex(parent))] if parent else [], "UTF-8",
    )  # fmt: skip
    out = BytesIO()
    c._serialize(out)
    return _store(repo, b"commit", out.getvalue()).hex()


def open_or_init(git_dir: Path) -> git.Repo:
    if (git_dir / "HEAD").exists():
        return git.Repo(git_dir)
    repo = git.Repo.init(git_dir, bare=True, mkdir=True)
    git.SymbolicReference(repo, "HEAD").set_reference(git.Head(repo, f"refs/heads/{BRANCH}"))
    (git_dir / "description").write_text(DESCRIPTION, encoding="utf-8")
    return repo


def with_blobs(repo: git.Repo, events: Sequence[Event]) -> list[Event]:
    """``events`` with the blob of each new text written and its id filled in."""
    out = []
    for e in events:
        if e.text is not None and e.blob is None:
            e = replace(e, blob=_store(repo, b"blob", e.text.encode("utf-8")).hex())
        out.append(e)
    return out


def write_history(git_dir: Path, events: Sequence[Event], previous: Sequence[Committed] = ()) -> list[Committed]:
    """Commit ``events`` in history order to ``git_dir``, reusing the unchanged start of ``previous``.

    The commits are written but not yet visible: ``set_head`` moves ``main`` to the last one.
    """
    try:
        repo = open_or_init(git_dir)
        ordered = with_blobs(repo, sorted(events, key=Event.key))
        keep = 0
        while keep < min(len(previous), len(ordered)) and previous[keep].event.same(ordered[keep]):
            keep += 1
        if keep and not repo.odb.has_object(bytes.fromhex(previous[keep - 1].commit)):
            keep = 0  # the old history is gone: start again
        chain = list(previous[:keep])
        parent = chain[-1].commit if chain else None
        trees = _Trees(repo, parent)
        for e in ordered[keep:]:
            trees.set(e.path, bytes.fromhex(e.blob) if e.blob else None)
            parent = _commit(repo, trees.root(), parent, e)
            chain.append(Committed(len(chain) + 1, parent, replace(e, text=None)))
        repo.close()
    except (git.GitError, OSError, ValueError) as e:
        raise HistoryError(f"cannot write {git_dir}: {e}") from e
    return chain


def set_head(git_dir: Path, commit: str) -> None:
    """Point ``main`` at ``commit`` (an atomic rename of the ref file); ``""`` removes it (no laws, no history)."""
    try:
        repo = git.Repo(git_dir)
        if commit:
            git.Reference.create(repo, f"refs/heads/{BRANCH}", commit, force=True)
        elif head(git_dir):
            git.Reference.delete(repo, f"refs/heads/{BRANCH}")
        repo.close()
    except (git.GitError, OSError, ValueError) as e:
        raise HistoryError(f"cannot update {git_dir}: {e}") from e


def head(git_dir: Path) -> str:
    """The commit ``main`` points at ("" when there is no history)."""
    if not (git_dir / "HEAD").exists():
        return ""
    try:
        repo = git.Repo(git_dir)
        return str(git.SymbolicReference.dereference_recursive(repo, f"refs/heads/{BRANCH}"))
    except (git.GitError, OSError, ValueError):
        return ""
