"""The law repository on disk: ``laws/``, ``amendments/`` and ``db/`` under one root.

Only this module (and the store) touch the file system. Writes go to a temporary file in the
same folder and are renamed into place, so a file is always either old or new.

A repository may be someone else's (a clone, a shared folder), so nothing in it is trusted to say where to write:
every path written, renamed or deleted must lie inside the repository's real root and reach it through no
symbolic link (``inside``), and the write journal names only files in ``laws/<council>/`` or
``amendments/<council>/``, checked before they are used. A law or instrument file *read* through a symbolic link
is allowed (a file kept elsewhere and linked in); writing it again replaces it, so that is refused too.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import re
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.errors import BadLawId, FormatError, RepositoryError
from ..core.files import read_text

if TYPE_CHECKING:  # parsing files is imported by the methods that read them
    from ..core.model import Law
    from .instrument_file import Instrument

LAWS = "laws"
AMENDMENTS = "amendments"
DB = "db"
#: A file the write journal may name: ``laws/<council>/<name>.txt`` or the same in ``amendments/``.
_JOURNAL_FOLDER = re.compile(r"(?:laws|amendments)/[a-z0-9]+(?:-[a-z0-9]+)*")
_JOURNAL_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\.txt")
#: The journal is a few lines per file written: anything larger was not written by lawhistory.
_JOURNAL_MAX = 1_000_000


def check_inside(root: Path, path: Path) -> Path:
    """``path`` itself, when lawhistory may write, rename or delete it: inside ``root`` (the repository's real root)
    and reached through no symbolic link (a link could lead anywhere: a clone or a shared folder is not trusted).

    RepositoryError naming the link (or the path) otherwise. Folders not made yet are fine: they are made as folders.
    """
    try:
        rel = path.relative_to(root)
    except ValueError:
        raise RepositoryError(f"{path} is outside the repository {root}; lawhistory writes only inside it") from None
    if ".." in rel.parts:
        raise RepositoryError(f"{rel} leads out of the repository ('..'); lawhistory writes only inside it")
    here = root
    for part in rel.parts:
        here = here / part
        if here.is_symlink():
            raise RepositoryError(
                f"{here.relative_to(root)} is a symbolic link (to {os.readlink(here)}); lawhistory does not write through "
                "links, so that nothing outside the repository changes: replace it with a real folder or file"
            )
    return path


def check_regular(path: Path, name: str) -> None:
    """Refuse a ``*.txt`` in ``laws/`` or ``amendments/`` that is not a plain file (a FIFO, a folder, a device, a
    link to nothing): skipping it would leave a law out without a word, and reading a FIFO would wait for ever."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise RepositoryError(f"{name} is a symbolic link to nothing ({os.readlink(path)}); remove it or fix it") from None
    except OSError as e:
        raise RepositoryError(f"{name} cannot be read ({e.strerror})") from None
    if stat.S_ISREG(mode):
        return
    kind = (
        "a folder" if stat.S_ISDIR(mode)
        else "a FIFO (named pipe)" if stat.S_ISFIFO(mode)
        else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
        else "a socket" if stat.S_ISSOCK(mode)
        else "not a plain file"
    )  # fmt: skip
    raise RepositoryError(f"{name} is {kind}, not a text file; only plain files named *.txt are laws: remove or rename it")


def text_files(root: Path, folder: str) -> list[Path]:
    """``folder/*/*.txt`` under ``root``, sorted; a non-regular ``*.txt`` is refused by name (``check_regular``)."""
    found = sorted((root / folder).glob("*/*.txt"))
    for path in found:
        if not path.is_file():
            check_regular(path, str(path.relative_to(root)))
    return found


def _journal_entry(line: str) -> tuple[str, str, str]:
    """(folder, final name, temporary name) of a journal line, each checked: the folder is ``laws/<council>`` or
    ``amendments/<council>``, the names are plain names in it (a line ``../a<TAB>../b`` would rename files anywhere).

    Lines are ``folder<TAB>name<TAB>temporary``; the older ``folder/temporary<TAB>folder/name`` is read as well.
    """
    parts = line.split("\t")
    if len(parts) == 2:
        (tmp_dir, _, tmp), (folder, _, name) = (p.rpartition("/") for p in parts)
        parts = [folder, name, tmp] if tmp_dir == folder else []
    if len(parts) != 3:
        raise RepositoryError(f"db/.write-journal has a line lawhistory did not write ({line[:80]!r}); remove the file")
    folder, name, tmp = parts
    if not (_JOURNAL_FOLDER.fullmatch(folder) and _JOURNAL_NAME.fullmatch(name)):
        raise RepositoryError(f"db/.write-journal names {folder}/{name[:80]}, not a law's file; remove the journal")
    if not (tmp.startswith(f".{name}.") and tmp.endswith(".tmp") and "/" not in tmp and len(tmp) < 255):
        raise RepositoryError(f"db/.write-journal names {tmp[:80]!r} as the new {folder}/{name}; remove the journal")
    return folder, name, tmp


def _no_space(e: OSError, what: str, size: int) -> RepositoryError | OSError:
    """A disk-full error as one line naming what could not be written and how much it needed; other errors as they are."""
    if e.errno not in (errno.ENOSPC, errno.EDQUOT):
        return e
    return RepositoryError(
        f"cannot write {what}: the disk is full ({size:,} bytes needed, and as much again to replace it safely); "
        "nothing was changed: free some space and try again"
    )


def _temporary(path: Path) -> tuple[int, str]:
    """A new temporary file beside ``path``, open for writing, with the mode a plain new file gets (the user's umask:
    ``mkstemp`` alone makes it 0600, unreadable by other staff accounts)."""
    import tempfile  # here: a command that only reads makes no temporary file

    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    mask = os.umask(0o022)
    os.umask(mask)
    os.fchmod(fd, 0o666 & ~mask)
    return fd, tmp


@dataclass(frozen=True)
class Repository:
    root: Path

    @property
    def laws_dir(self) -> Path:
        return self.root / LAWS

    @property
    def amendments_dir(self) -> Path:
        return self.root / AMENDMENTS

    @property
    def db_dir(self) -> Path:
        return self.root / DB

    # -- finding and creating ------------------------------------------------------------------

    @classmethod
    def find(cls, start: Path | None = None, *, tidy: bool = True) -> Repository:
        """The repository holding ``start`` (default: the current directory), like git finds its root.

        ``tidy``: remove what a killed write left (``recover_if_idle``); False for a command that only reads one law
        (``show``), which then finishes an interrupted write but does not look for its temporary files in every folder.
        """
        here = (start or Path.cwd()).resolve()
        for d in (here, *here.parents):
            if (d / LAWS).is_dir() and (d / AMENDMENTS).is_dir():
                repo = cls(d)
                repo.recover_if_idle(tidy=tidy)
                return repo
        raise RepositoryError(
            f"{here} is not inside a law repository (no laws/ and amendments/ folders here or above); "
            "run 'lawhistory init DIR' or pass --repo DIR"
        )

    @classmethod
    def open(cls, path: Path, *, tidy: bool = True) -> Repository:
        path = path.resolve()
        if not ((path / LAWS).is_dir() and (path / AMENDMENTS).is_dir()):
            raise RepositoryError(
                f"{path} is not a law repository (it needs laws/ and amendments/ folders); run 'lawhistory init {path}'"
            )
        repo = cls(path)
        repo.recover_if_idle(tidy=tidy)
        return repo

    @staticmethod
    def is_repository(path: Path) -> bool:
        """Whether ``path`` holds ``laws/`` and ``amendments/`` (False for a path the file system cannot name)."""
        try:
            return (path / LAWS).is_dir() and (path / AMENDMENTS).is_dir()
        except OSError:
            return False  # a name too long: ``init`` says so

    @classmethod
    def init(cls, path: Path) -> Repository:
        try:
            path = path.resolve()
            if path.exists() and not path.is_dir():
                raise RepositoryError(f"{path} exists and is not a folder")
            for sub in (LAWS, AMENDMENTS, DB):
                check_inside(path, path / sub)
                (path / sub).mkdir(parents=True, exist_ok=True)
            gitignore = path / DB / ".gitignore"
            if not gitignore.exists():
                gitignore.write_text("*\n!.gitignore\n", encoding="utf-8")
        except OSError as e:
            if e.errno == errno.ENAMETOOLONG:
                raise RepositoryError(
                    f"cannot make a repository at {str(path)[:60]}…: a name in that path is too long for the file system "
                    "(255 bytes at most per name); choose a shorter one"
                ) from None
            if e.errno == errno.ENOTDIR:
                blocker = next((p for p in path.parents if p.exists() and not p.is_dir()), None)
                if blocker is not None:
                    raise RepositoryError(f"cannot make a repository at {path}: {blocker} is a file, not a directory") from None
            raise RepositoryError(f"cannot make a repository at {path}: {e.strerror}") from None
        return cls(path)

    # -- reading -------------------------------------------------------------------------------

    def law_files(self) -> list[Path]:
        return text_files(self.root, LAWS)

    def instrument_files(self) -> list[Path]:
        return text_files(self.root, AMENDMENTS)

    def inside(self, *paths: Path) -> None:
        """Refuse (in one line) to write any of ``paths`` unless it is inside the repository, through no link."""
        for path in paths:
            check_inside(self.root, path)

    def relative(self, path: Path) -> str:
        try:
            return str(path.relative_to(self.root))
        except ValueError:
            return str(path)

    def load_laws(self) -> list[Law]:
        """Every law, parsed (each file's id must say where it is)."""
        from .textformat import parse

        laws = []
        for path in self.law_files():
            law = parse(read_text(path, self.relative(path)), path=self.relative(path))
            self._check_place(path, law.meta.id, self.law_path)
            laws.append(law)
        return laws

    def load_instruments(self) -> list[Instrument]:
        """Every instrument, parsed (each file's id must say where it is)."""
        from .instrument_file import parse_instrument

        out = []
        for path in self.instrument_files():
            inst = parse_instrument(read_text(path, self.relative(path)), path=self.relative(path))
            self._check_place(path, inst.id, self.instrument_path)
            out.append(inst)
        return out

    def _check_place(self, path: Path, ident: str, where: Callable[[str], Path]) -> None:
        """Refuse a file that is not where its id says it belongs (``where``)."""
        try:
            expected = where(ident)
        except BadLawId as e:
            raise FormatError(str(e), path=self.relative(path)) from None
        if expected != path:
            raise FormatError(f"its id {ident!r} says it belongs at {self.relative(expected)}", path=self.relative(path))

    def law_by_id(self, law_id: str) -> Law | None:
        """The law stored under ``law_id``, parsing only its own file (None when there is none)."""
        from ..core.ids import LAW_ID  # here: ``show`` from a current build makes no path (nor the ids' patterns)

        if not LAW_ID.fullmatch(law_id):
            return None
        path = self.law_path(law_id)
        if not path.is_file():
            return None
        from .textformat import parse

        return parse(read_text(path, self.relative(path)), path=self.relative(path))

    def law_path(self, law_id: str) -> Path:
        """Where the law ``law_id`` is kept; the one place that makes a law's path (the id is checked)."""
        from ..core.ids import check_law_id

        return self.laws_dir / f"{check_law_id(law_id)}.txt"

    def instrument_path(self, law_id: str) -> Path:
        """Where the instrument ``law_id`` is kept (the id is checked, so the path is inside ``amendments/``)."""
        from ..core.ids import check_law_id

        return self.amendments_dir / f"{check_law_id(law_id)}.txt"

    # -- writing -------------------------------------------------------------------------------

    def write_text(self, path: Path, text: str) -> None:
        """Write ``text`` to ``path`` atomically (temporary file, fsync, rename), with the user's umask.

        Only inside the repository, through no link (``inside``); a full disk is one line, the old file kept.
        """
        self.inside(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self._staged(path, text)
        try:
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
            raise

    def _staged(self, path: Path, text: str) -> str:
        """A new temporary file beside ``path`` holding ``text``, written and synced (removed again if it cannot be)."""
        fd, tmp = _temporary(path)
        data = text.encode("utf-8")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
        except BaseException as e:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
            if isinstance(e, OSError):
                raise _no_space(e, self.relative(path), len(data)) from None
            raise
        return tmp

    @property
    def journal_path(self) -> Path:
        return self.db_dir / ".write-journal"

    def write_files(self, files: dict[Path, str]) -> None:
        """Write several files so that, even if the process is killed, all or none of them change.

        Every new file is written and synced under a temporary name first; then a journal naming
        them is written and synced; then they are renamed into place and the journal removed. A
        journal found later (by ``recover``) means the renames were interrupted: they are finished.
        """
        if not files:
            return
        if len(files) == 1:
            [(path, text)] = files.items()
            self.write_text(path, text)
            return
        self.inside(self.journal_path, *files)
        staged: list[tuple[str, Path]] = []
        try:
            for path, text in files.items():
                path.parent.mkdir(parents=True, exist_ok=True)
                staged.append((self._staged(path, text), path))
            lines = (f"{self.relative(final.parent)}\t{final.name}\t{Path(tmp).name}\n" for tmp, final in staged)
            self.write_text(self.journal_path, "".join(lines))
        except BaseException:
            for tmp, _ in staged:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(tmp)
            raise
        self.recover()

    def _leftovers(self) -> list[Path]:
        """Temporary files of atomic writes: staged texts, and a journal that was never renamed into place (only those
        reached through no link: one in a linked folder is not the repository's to remove)."""
        staged = [p for d in (self.laws_dir, self.amendments_dir) for p in d.glob("*/.*.tmp")]
        journals = list(self.db_dir.glob("..write-journal.*.tmp")) if self.db_dir.is_dir() else []
        return [p for p in staged + journals if not any(q.is_symlink() for q in (p, p.parent, p.parent.parent))]

    def recover_if_idle(self, tidy: bool = True) -> None:
        """Finish an interrupted write and remove what it left, unless another command is writing right now.

        Not ``tidy``: only an interrupted write's journal is looked for (one ``stat``); temporary files a killed write
        left (never named ``*.txt``, so never read as laws) are left for the next command that tidies.
        """
        if not self.journal_path.exists() and not self.journal_path.is_symlink() and not (tidy and self._leftovers()):
            return
        try:
            with self.lock(wait=False):
                self.recover()
                for path in self._leftovers():  # looked for again under the lock: no writer can be adding any now
                    path.unlink(missing_ok=True)  # staged by a write that was killed before its journal
        except RepositoryError as e:
            if "another lawhistory command" not in str(e):
                raise  # a journal lawhistory did not write, or a link on the way: said, not skipped
            # the writer holding the lock will finish its own write

    def _journal(self) -> list[tuple[Path, Path]]:
        """(temporary, final) of each file the journal names, every one checked before any is renamed."""
        journal = self.journal_path
        self.inside(journal)
        if not journal.is_file():
            raise RepositoryError(f"{self.relative(journal)} is not a plain file, so lawhistory did not write it; remove it")
        text = read_text(journal, self.relative(journal), limit=_JOURNAL_MAX)
        out = []
        for line in text.splitlines():
            if line:
                folder, name, tmp = _journal_entry(line)
                final = self.root / folder / name
                self.inside(final, final.with_name(tmp))
                out.append((final.with_name(tmp), final))
        return out

    def recover(self) -> None:
        """Finish a multi-file write that was interrupted after its journal was written."""
        journal = self.journal_path
        if not journal.exists() and not journal.is_symlink():
            return
        # Names are relative to their folder in the repository, so a moved repository still recovers.
        for tmp, final in self._journal():
            if tmp.exists():
                os.replace(tmp, final)
        journal.unlink()

    @contextlib.contextmanager
    def lock(self, wait: bool = True, notice: Callable[[str], None] | None = None, reading: bool = False) -> Iterator[None]:
        """Hold the repository's write lock; a second writer waits (or is refused with ``wait=False``).

        ``notice`` is told, once, when the lock is busy and the caller is about to wait for it. ``reading``: the
        caller only reads (``amend --dry-run``), so a repository this user cannot write is read without the lock.
        """
        path = self.db_dir / ".lock"
        try:
            self.inside(path)
            self.db_dir.mkdir(parents=True, exist_ok=True)
            f = open(path, "a+", encoding="utf-8")  # noqa: SIM115 - closed below
        except RepositoryError:
            if not reading:
                raise
            f = None  # db/ is a link: a dry run reads without making a lock file where it leads
        except OSError as e:
            if not reading:
                raise RepositoryError(
                    f"cannot write to this repository ({self.relative(path)}: {e.strerror}); "
                    "a read-only repository can be listed, shown, served and dry-run, not changed"
                ) from None
            f = None
        if f is None:
            yield  # only reading: no writer can be changing a repository that cannot be written
            return
        with f:
            try:
                fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if not wait:
                    raise RepositoryError(
                        "another lawhistory command is writing to this repository; try again when it has finished"
                    ) from None
                if notice is not None:
                    notice(f"waiting for another lawhistory command writing to this repository ({self.relative(path)})")
                fcntl.flock(f.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(f.fileno(), fcntl.LOCK_UN)
