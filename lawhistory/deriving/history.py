"""db/history.git: every version of every law as a git commit, written with ``git fast-import``.

One linear history on ``main``. Each law is one file (``<law id>.txt``, its consolidated text);
each version is one commit dated (author and committer) at its commencement, midnight in Perth
(+08:00); a repeal is a commit deleting the file. Commits of all laws are ordered by
(date, law id, version number), so ``git log`` reads as the state's local laws in the order they
changed, ``git log -- <file>`` and ``git blame <file>`` tell one law's story, and the same inputs
always give the same commit ids. The author is the local government that made the law; the
committer is always ``lawhistory``.

Objects are written with ``git fast-import``; ``main`` is read and moved as git's own files (``refs/heads/main``,
``packed-refs``), and only the final update of ``refs/heads/main`` makes new commits visible. gitpython makes a new
history (and removes ``main`` when no law is left); it is imported only then, so that a command that adds a
version to an existing history (``amend --build``, an incremental build) does not pay for loading it. A rebuild re-creates commits only
from the first event that differs from the previous history: a new instrument costs its law's new
texts and a commit (and tree) for every later event, never the texts of other laws.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ..core import faults
from ..core.errors import LawHistoryError
from ..core.model import LawMeta
from ..core.versions import Timeline, Version
from .rows import history_path

if TYPE_CHECKING:  # gitpython is imported where it is used (a new history, the rare ref changes), not by every build
    import git

BRANCH = "main"
PERTH = dt.timezone(dt.timedelta(hours=8))


class _Actor(NamedTuple):
    name: str
    email: str


COMMITTER = _Actor("lawhistory", "lawhistory@localhost")
AUTHOR_EMAIL = "local-laws@localhost"
DESCRIPTION = "Western Australian local laws: one commit per version, dated at commencement (built by lawhistory)\n"
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


def git_program() -> str:
    """The git program, as gitpython runs it: its ``GIT_PYTHON_GIT_EXECUTABLE`` when gitpython is loaded, else the
    environment variable gitpython reads it from, else ``git``."""
    loaded = sys.modules.get("git")
    if loaded is not None:
        return str(loaded.Git.GIT_PYTHON_GIT_EXECUTABLE or "git")
    return os.environ.get("GIT_PYTHON_GIT_EXECUTABLE") or "git"


def with_git_errors(*kinds: type[Exception]) -> tuple[type[Exception], ...]:
    """``kinds`` and gitpython's errors when it is loaded (when it is not, none of them can have been raised), for an
    ``except`` clause (evaluated when the exception is raised)."""
    loaded = sys.modules.get("git")
    return (*kinds, loaded.GitError) if loaded is not None else kinds


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
#
# Objects are written by ``git fast-import`` (gitpython starts a git process for each object it writes, and its
# pure-Python writer compresses every text in full): blobs first, a law's versions one after another so that each is
# stored as a delta of the one before, then the commits, whose trees fast-import builds from each commit's one change.
# fast-import needs a branch to commit to; it is a scratch ref, removed as soon as the commit ids are known, so the
# new commits stay invisible until ``set_head`` moves ``main``.

SCRATCH_REF = "refs/lawhistory/build"


def blob_id(data: bytes) -> str:
    """The id git gives a blob holding ``data``."""
    h = hashlib.sha1(b"blob %d\0" % len(data))
    h.update(data)
    return h.hexdigest()


class _FastImport:
    """A ``git fast-import`` process writing into ``git_dir``."""

    def __init__(self, git_dir: Path, *options: str) -> None:
        self.git_dir = git_dir
        self.errors = tempfile.TemporaryFile()  # noqa: SIM115 - git's messages, kept until the process ends
        command = [git_program(), "--git-dir", str(git_dir), "fast-import", "--quiet", *options]
        try:
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=self.errors)
        except OSError as e:
            self.errors.close()
            raise HistoryError(f"cannot write {git_dir}: git fast-import cannot be started ({e})") from e
        assert self.process.stdin is not None
        self.stdin = self.process.stdin

    def write(self, *parts: bytes) -> None:
        try:
            for part in parts:
                self.stdin.write(part)
        except BrokenPipeError:
            self.close()  # raises with git's own message
            raise

    def close(self) -> None:
        with contextlib.suppress(BrokenPipeError):
            self.stdin.close()
        code = self.process.wait()
        self.errors.seek(0)
        message = self.errors.read().decode("utf-8", "replace").strip()
        self.errors.close()
        if code:
            raise HistoryError(f"cannot write {self.git_dir}: git fast-import failed ({message or f'exit status {code}'})")

    def abort(self) -> None:
        with contextlib.suppress(OSError):
            self.process.kill()
        self.process.wait()
        self.errors.close()


class BlobWriter:
    """Writes texts into ``git_dir`` as blobs and says their ids (use as a context manager)."""

    def __init__(self, git_dir: Path) -> None:
        self.git_dir = git_dir
        self._process: _FastImport | None = None

    def write(self, text: str) -> str:
        if self._process is None:
            self._process = _FastImport(self.git_dir)
        data = text.encode("utf-8")
        self._process.write(b"blob\ndata %d\n" % len(data), data, b"\n")
        return blob_id(data)

    def __enter__(self) -> BlobWriter:
        return self

    def __exit__(self, kind: object, error: object, traceback: object) -> None:
        if self._process is None:
            return
        process, self._process = self._process, None
        if error is None:
            process.close()
        else:
            process.abort()


def _check_path(path: str) -> None:
    if path.count("/") > 1:
        folder = path.rpartition("/")[0]
        raise HistoryError(f"law id {folder!r} is nested more than one folder deep; ids are <local government>/<slug>")
    if "\n" in path or path.startswith('"'):
        raise HistoryError(f"{path!r} cannot be a file name in the history")


def _commit_command(e: Event, mark: int, parent: str | None) -> bytes:
    when = int(dt.datetime(e.date.year, e.date.month, e.date.day, tzinfo=PERTH).timestamp())
    message = e.message.encode("utf-8")
    lines = [
        f"commit {SCRATCH_REF}",
        f"mark :{mark}",
        f"author {e.author} <{AUTHOR_EMAIL}> {when} +0800",
        f"committer {COMMITTER.name} <{COMMITTER.email}> {when} +0800",
        f"data {len(message)}",
    ]
    head = ("\n".join(lines) + "\n").encode("utf-8") + message + b"\n"
    change = f"M 100644 {e.blob} {e.path}\n" if e.blob else f"D {e.path}\n"
    return head + (f"from {parent}\n" if parent else "").encode() + change.encode("utf-8") + b"\n"


def _write_commits(git_dir: Path, parent: str | None, events: Sequence[Event]) -> list[str]:
    """Commit ``events`` in order on top of ``parent`` (None: a new root); their commit ids."""
    for e in events:
        if "<" in e.author or ">" in e.author or "\n" in e.author:
            raise HistoryError(f"{e.law}: its local government {e.author!r} cannot be a commit author ('<', '>' or a line break)")
        _check_path(e.path)
    with tempfile.TemporaryDirectory() as tmp:
        marks = Path(tmp) / "marks"
        process = _FastImport(git_dir, f"--export-marks={marks}")
        try:
            process.write(f"reset {SCRATCH_REF}\n\n".encode())
            for n, e in enumerate(events, start=1):
                process.write(_commit_command(e, n, parent if n == 1 else None))
        except BaseException:
            process.abort()
            raise
        process.close()
        faults.point("history:commits-written")
        ids = dict(line.split() for line in marks.read_text(encoding="ascii").splitlines())
    _delete_ref(git_dir, SCRATCH_REF)
    faults.point("history:scratch-ref-deleted")
    return [ids[f":{n}"] for n in range(1, len(events) + 1)]


def _delete_ref(git_dir: Path, ref: str) -> None:
    """Remove ``ref`` as gitpython's ``Reference.delete`` removes a ref whose loose file exists (as fast-import writes
    the scratch ref): the file and the ref's log, if it has one (a line of the same ref in ``packed-refs`` is left, as
    gitpython leaves it; the next build's fast-import resets the ref)."""
    loose = git_dir / ref
    if not loose.exists():
        return
    loose.unlink()
    log = git_dir / "logs" / ref
    if log.is_file():
        log.unlink()


def ensure(git_dir: Path) -> None:
    """Make ``git_dir`` a new, empty history unless it is one already."""
    if (git_dir / "HEAD").is_file() and (git_dir / "objects").is_dir() and (git_dir / "refs").is_dir():
        return  # what gitpython checks a history by (``is_git_dir``)
    open_or_init(git_dir).close()


def open_or_init(git_dir: Path) -> git.Repo:
    import git

    if (git_dir / "HEAD").exists():
        return git.Repo(git_dir)
    repo = git.Repo.init(git_dir, bare=True, mkdir=True)
    git.SymbolicReference(repo, "HEAD").set_reference(git.Head(repo, f"refs/heads/{BRANCH}"))
    (git_dir / "description").write_text(DESCRIPTION, encoding="utf-8")
    return repo


def write_history(
    git_dir: Path, events: Sequence[Event], previous: Sequence[Committed] = (), *, found: bool = False
) -> list[Committed]:
    """Commit ``events`` in history order to ``git_dir``, reusing the unchanged start of ``previous``.

    The commits are written but not yet visible: ``set_head`` moves ``main`` to the last one. Every event's text is
    already a blob (``BlobWriter``, as each law is derived). ``found``: the caller has just found the last of
    ``previous`` in ``git_dir`` (``has_commit``), so git is not asked again when all of ``previous`` is kept.
    """
    assert all(e.text is None for e in events), "write the texts with BlobWriter first"
    try:
        ensure(git_dir)
        ordered = sorted(events, key=Event.key)
        keep = 0
        while keep < min(len(previous), len(ordered)) and previous[keep].event.same(ordered[keep]):
            keep += 1
        if keep and not (found and keep == len(previous)) and not has_commit(git_dir, previous[keep - 1].commit):
            keep = 0  # the old history is gone: start again
        chain = list(previous[:keep])
        parent = chain[-1].commit if chain else None
        new = ordered[keep:]
        ids = _write_commits(git_dir, parent, new) if new else []
        for e, commit in zip(new, ids, strict=True):
            chain.append(Committed(len(chain) + 1, commit, e))
    except with_git_errors(OSError, ValueError, KeyError) as e:
        raise HistoryError(f"cannot write {git_dir}: {e}") from e
    return chain


def has_commit(git_dir: Path, commit: str) -> bool:
    """Whether ``git_dir`` holds ``commit``, loose or packed (gitpython's object database sees loose objects only)."""
    command = [git_program(), "--git-dir", str(git_dir), "cat-file", "-e", f"{commit}^{{commit}}"]
    return subprocess.run(command, capture_output=True).returncode == 0


def set_head(git_dir: Path, commit: str) -> None:
    """Point ``main`` at ``commit``; ``""`` removes it (no laws, no history).

    As git does: the new value is written to ``main.lock``, synced, and renamed over ``main``. The caller holds the
    repository's write lock, so a ``main.lock`` already there was left by a process that was killed: it is replaced.
    """
    ref = git_dir / "refs" / "heads" / BRANCH
    try:
        if not commit:
            if head(git_dir):
                import git

                repo = git.Repo(git_dir)
                git.Reference.delete(repo, f"refs/heads/{BRANCH}")
                repo.close()
            return
        ref.parent.mkdir(parents=True, exist_ok=True)
        lock = ref.with_name(f"{BRANCH}.lock")
        with open(lock, "w", encoding="ascii") as f:
            f.write(commit + "\n")
            faults.point("history:ref-lock-written")
            f.flush()
            os.fsync(f.fileno())
        faults.point("history:ref-lock-synced")
        os.replace(lock, ref)
        faults.point("history:ref-moved")
    except with_git_errors(OSError, ValueError) as e:
        raise HistoryError(f"cannot update {git_dir}: {e}") from e


def stale_locks(git_dir: Path) -> list[Path]:
    """Lock files in ``git_dir`` (``refs/heads/main.lock``, ``packed-refs.lock``, …): left by a killed writer when
    no lawhistory command holds the repository's write lock."""
    if not git_dir.is_dir():
        return []
    return [*git_dir.glob("*.lock"), *(git_dir / "refs").glob("**/*.lock")]


def crash_reports(git_dir: Path) -> list[Path]:
    """The reports a failed ``git fast-import`` leaves in ``git_dir`` (``fast_import_crash_<pid>``): the build that
    ran it said what failed, in one line; they are removed with the rest of what it left."""
    return list(git_dir.glob("fast_import_crash_*")) if git_dir.is_dir() else []


def head(git_dir: Path) -> str:
    """The commit ``main`` points at ("" when there is no history, or ``main`` cannot be read)."""
    if not (git_dir / "HEAD").exists():
        return ""
    try:
        return _ref_commit(git_dir, f"refs/heads/{BRANCH}")
    except (OSError, ValueError):
        return ""


def _ref_commit(git_dir: Path, ref: str) -> str:
    """The commit ``ref`` names, read as gitpython's ``SymbolicReference.dereference_recursive`` reads it: the loose
    file, else its line in ``packed-refs``; a symbolic ref (``ref: …``) followed. "" when there is no such ref or what
    it holds is not an object id."""
    for _ in range(10):  # git follows at most 5 symbolic refs
        loose = git_dir / ref
        if loose.is_file():
            value = loose.read_text("utf-8").strip()
        else:
            value = ""
            packed = git_dir / "packed-refs"
            if packed.is_file():
                for line in packed.read_text("utf-8").splitlines():
                    if line[:1] not in ("#", "^") and line.endswith(f" {ref}"):
                        value = line.partition(" ")[0]
                        break
        if value.startswith("ref: "):
            ref = value[5:].strip()
            continue
        return value if len(value) in (40, 64) and all(c in "0123456789abcdef" for c in value) else ""
    return ""
