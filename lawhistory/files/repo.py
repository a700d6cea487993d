"""The law repository on disk: ``laws/``, ``amendments/`` and ``db/`` under one root.

Only this module (and the store) touch the file system. Writes go to a temporary file in the
same folder and are renamed into place, so a file is always either old or new.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.errors import BadLawId, FormatError, RepositoryError
from ..core.files import read_text
from ..core.ids import LAW_ID, check_law_id

if TYPE_CHECKING:  # parsing files is imported by the methods that read them
    from ..core.model import Law
    from .instrument_file import Instrument

LAWS = "laws"
AMENDMENTS = "amendments"
DB = "db"


def _temporary(path: Path) -> tuple[int, str]:
    """A new temporary file beside ``path``, open for writing, with the mode a plain new file gets (the user's umask:
    ``mkstemp`` alone makes it 0600, unreadable by other staff accounts)."""
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
    def find(cls, start: Path | None = None) -> Repository:
        """The repository holding ``start`` (default: the current directory), like git finds its root."""
        here = (start or Path.cwd()).resolve()
        for d in (here, *here.parents):
            if (d / LAWS).is_dir() and (d / AMENDMENTS).is_dir():
                repo = cls(d)
                repo.recover_if_idle()
                return repo
        raise RepositoryError(
            f"{here} is not inside a law repository (no laws/ and amendments/ folders here or above); "
            "run 'lawhistory init DIR' or pass --repo DIR"
        )

    @classmethod
    def open(cls, path: Path) -> Repository:
        path = path.resolve()
        if not ((path / LAWS).is_dir() and (path / AMENDMENTS).is_dir()):
            raise RepositoryError(
                f"{path} is not a law repository (it needs laws/ and amendments/ folders); run 'lawhistory init {path}'"
            )
        repo = cls(path)
        repo.recover_if_idle()
        return repo

    @classmethod
    def init(cls, path: Path) -> Repository:
        path = path.resolve()
        if path.exists() and not path.is_dir():
            raise RepositoryError(f"{path} exists and is not a folder")
        for sub in (LAWS, AMENDMENTS, DB):
            (path / sub).mkdir(parents=True, exist_ok=True)
        gitignore = path / DB / ".gitignore"
        if not gitignore.exists():
            gitignore.write_text("*\n!.gitignore\n", encoding="utf-8")
        return cls(path)

    # -- reading -------------------------------------------------------------------------------

    def law_files(self) -> list[Path]:
        return sorted(self.laws_dir.glob("*/*.txt"))

    def instrument_files(self) -> list[Path]:
        return sorted(self.amendments_dir.glob("*/*.txt"))

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
        if not LAW_ID.fullmatch(law_id):
            return None
        path = self.law_path(law_id)
        if not path.is_file():
            return None
        from .textformat import parse

        return parse(read_text(path, self.relative(path)), path=self.relative(path))

    def law_path(self, law_id: str) -> Path:
        """Where the law ``law_id`` is kept; the one place that makes a law's path (the id is checked)."""
        return self.laws_dir / f"{check_law_id(law_id)}.txt"

    def instrument_path(self, law_id: str) -> Path:
        """Where the instrument ``law_id`` is kept (the id is checked, so the path is inside ``amendments/``)."""
        return self.amendments_dir / f"{check_law_id(law_id)}.txt"

    # -- writing -------------------------------------------------------------------------------

    def write_text(self, path: Path, text: str) -> None:
        """Write ``text`` to ``path`` atomically (temporary file, fsync, rename), with the user's umask."""
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = _temporary(path)
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
            raise

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
        staged: list[tuple[str, str]] = []
        try:
            for path, text in files.items():
                path.parent.mkdir(parents=True, exist_ok=True)
                fd, tmp = _temporary(path)
                with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
                    f.write(text)
                    f.flush()
                    os.fsync(f.fileno())
                staged.append((tmp, str(path)))
            lines = (f"{self.relative(Path(tmp))}\t{self.relative(Path(final))}\n" for tmp, final in staged)
            self.write_text(self.journal_path, "".join(lines))
        except BaseException:
            for tmp, _ in staged:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(tmp)
            raise
        self.recover()

    def _leftovers(self) -> list[Path]:
        """Temporary files of atomic writes: staged texts, and a journal that was never renamed into place."""
        staged = [p for d in (self.laws_dir, self.amendments_dir) for p in d.glob("*/.*.tmp")]
        return staged + (list(self.db_dir.glob("..write-journal.*.tmp")) if self.db_dir.is_dir() else [])

    def recover_if_idle(self) -> None:
        """Finish an interrupted write and remove what it left, unless another command is writing right now."""
        if not self.journal_path.exists() and not self._leftovers():
            return
        try:
            with self.lock(wait=False):
                self.recover()
                for path in self._leftovers():  # looked for again under the lock: no writer can be adding any now
                    path.unlink(missing_ok=True)  # staged by a write that was killed before its journal
        except RepositoryError:
            pass  # the writer holding the lock will finish its own write

    def recover(self) -> None:
        """Finish a multi-file write that was interrupted after its journal was written."""
        journal = self.journal_path
        if not journal.exists():
            return
        for line in journal.read_text(encoding="utf-8").splitlines():
            tmp, _, final = line.partition("\t")
            # Paths are relative to the repository, so a moved repository still recovers.
            if tmp and final and (self.root / tmp).exists():
                os.replace(self.root / tmp, self.root / final)
        journal.unlink()

    @contextlib.contextmanager
    def lock(self, wait: bool = True, notice: Callable[[str], None] | None = None, reading: bool = False) -> Iterator[None]:
        """Hold the repository's write lock; a second writer waits (or is refused with ``wait=False``).

        ``notice`` is told, once, when the lock is busy and the caller is about to wait for it. ``reading``: the
        caller only reads (``amend --dry-run``), so a repository this user cannot write is read without the lock.
        """
        path = self.db_dir / ".lock"
        try:
            self.db_dir.mkdir(parents=True, exist_ok=True)
            f = open(path, "a+", encoding="utf-8")  # noqa: SIM115 - closed below
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
