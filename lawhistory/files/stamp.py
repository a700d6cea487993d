"""Whether the repository is still as the last build read it, known from one ``stat`` a file and one a folder.

``show`` and ``staleness`` ask this before anything else. The repository index (``inputs``) answers it too, but loads
the build's cache of every file's front matter, lists every folder and hashes every law's inputs: work in proportion
to the repository, for a command that reads one law. The stamp (``db/.stamp.json``, written by every build) holds only
what the question needs: the inputs' hash the build recorded in the database, and, as the build read them, the names,
sizes, modification and change times and inodes of every law and instrument file and of every folder holding them.

The stamp vouches for the repository only when every one of them is as recorded:

* A file added, removed or renamed changes its folder's modification and change times (a council folder added or
  removed, those of ``laws/`` or ``amendments/``); a folder that differs is listed again and its ``*.txt`` names
  compared, so an editor's swap file beside a law costs one listing, not the fast path.
* A file edited in place keeps its folder's times but changes its own change time, which no program can set back
  (``touch -d`` and ``git checkout`` set the modification time only), and a file replaced by a rename has a new inode.
* A file or folder changed within ``RACY_NS`` of being read could be changed again within the same tick of the file
  system's clock and keep its times (a file system may count whole seconds, or two): such a file is hashed again
  and compared with the hash the build read (its entry carries it), such a folder listed again.

Anything else (no stamp, another format, a file or folder not as recorded) says nothing: the caller reads the
repository index as before, which reads every changed file. So the stamp can only make a command faster, never let it
show a database that is out of date.
"""

from __future__ import annotations

import array
import contextlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .repo import AMENDMENTS, LAWS

if TYPE_CHECKING:
    from .inputs import FileEntry

STAMP_NAME = ".stamp.json"
_FORMAT = 3
#: As ``inputs.RACY_NS`` (a test keeps them the same; not imported, so that ``show`` loads no more than it needs).
RACY_NS = 2_000_000_000
_FOLDERS = (LAWS, AMENDMENTS)


def _times(st: os.stat_result) -> list[int]:
    return [st.st_mtime_ns, st.st_ctime_ns, st.st_ino]


def _settled(st: os.stat_result, before_ns: int) -> bool:
    """Whether a change after ``before_ns`` would certainly give ``st``'s file other times (it last changed well before)."""
    return max(st.st_mtime_ns, st.st_ctime_ns) + RACY_NS < before_ns


def _groups(folder: str) -> list[str]:
    return sorted(e.name for e in os.scandir(folder) if e.is_dir())


def _texts(folder: str | int) -> list[str]:
    return sorted(e.name for e in os.scandir(folder) if e.name.endswith(".txt"))


def _digest(stats: array.array[int]) -> str:
    """A folder's files' sizes, times and inodes, in the order of their names, as one string (compared whole: no hash,
    and nothing imported to make one)."""
    return stats.tobytes().hex()


def _load(db_dir: Path, root: Path) -> dict[str, Any] | None:
    """The stamp's record, when it is one of this format for this repository."""
    with open(db_dir / STAMP_NAME, encoding="utf-8") as f:
        record = json.load(f)
    if not isinstance(record, dict) or record.get("format") != _FORMAT or record.get("root") != str(root):
        return None
    return record


def save_stamp(
    root: Path,
    db_dir: Path,
    entries: dict[str, FileEntry],
    files_hash: str,
    changed: set[str] | None = None,
    removed: set[str] | None = None,
) -> None:
    """Record the repository as the build read it (``entries``, whose hash is ``files_hash``), or remove the stamp when
    the repository changed since the build listed it (the next command then reads the index).

    With ``changed`` and ``removed`` (the paths whose entries the build read anew, and those gone), a council folder
    holding none of them keeps its record from the stamp there, unread: its files' entries are the ones the last
    build read (the cache's, each found unchanged since by its times). Such a record can only fail to vouch for a
    folder changed since, never vouch for one: it holds the times the files had when they were read, and a file
    changed since has other times (its change time cannot be set back).
    """
    path = db_dir / STAMP_NAME
    kept: dict[str, list[Any]] = {}
    kept_racy: dict[str, str] = {}
    if changed is not None and removed is not None:
        try:
            previous = _load(db_dir, root)
        except (OSError, ValueError, RecursionError):
            previous = None
        if previous is not None:
            stale = {rel.rpartition("/")[0] for rel in changed | removed}
            kept = {f[0]: f for f in previous["folders"] if f[0] not in _FOLDERS and f[0] not in stale}
            kept_racy = {rel: sha for rel, sha in previous["racy"].items() if rel.rpartition("/")[0] in kept}
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)  # no stamp rather than an old one while this one is made
    try:
        listed_ns = time.time_ns()  # before any folder is looked at: a change after it gives other times
        folders: list[list[object]] = []
        racy: dict[str, str] = dict(kept_racy)
        count = 0
        for top in _FOLDERS:
            top_path = os.path.join(root, top)
            st = os.stat(top_path)
            groups = _groups(top_path)
            folders.append([top, *_times(st), _settled(st, listed_ns), groups, ""])
            for group in groups:
                rel = f"{top}/{group}"
                if rel in kept:
                    old = kept[rel]
                    if any(f"{rel}/{name}" not in entries for name in old[5]):
                        return  # a file the build did not read
                    folders.append(old)
                    count += len(old[5])
                    continue
                st = os.stat(os.path.join(root, rel))
                names = _texts(os.path.join(root, rel))
                stats: array.array[int] = array.array("q")
                for name in names:
                    entry = entries.get(f"{rel}/{name}")
                    if entry is None:
                        return  # a file the build did not read: the repository changed while it ran
                    stats.extend((entry.size, entry.mtime_ns, entry.ctime_ns, entry.ino))
                    if max(entry.mtime_ns, entry.ctime_ns) + RACY_NS >= entry.read_ns:
                        racy[entry.path] = entry.sha
                folders.append([rel, *_times(st), _settled(st, listed_ns), names, _digest(stats)])
                count += len(names)
        if count != len(entries):
            return  # a file the build read is gone
        record = {"format": _FORMAT, "root": str(root), "inputs": files_hash, "folders": folders, "racy": racy}
        tmp = db_dir / f"{STAMP_NAME}.tmp"
        tmp.write_text(json.dumps(record, separators=(",", ":")), encoding="utf-8")
        os.replace(tmp, path)
    except (OSError, OverflowError):
        with contextlib.suppress(OSError):
            (db_dir / f"{STAMP_NAME}.tmp").unlink(missing_ok=True)
        return


def _same_bytes(path: str, sha: str) -> bool:
    try:
        with open(path, "rb") as f:
            import hashlib

            return hashlib.sha256(f.read()).hexdigest() == sha
    except OSError:
        return False


@dataclass(frozen=True)
class Unchanged:
    """The repository as the last build read it: the hash of its inputs (``Inputs.files_hash``) and its folders."""

    inputs: str
    folders: list[list[Any]]

    def files(self) -> int:
        """How many law and instrument files there are."""
        return sum(len(names) for rel, *_, names, _ in self.folders if rel not in _FOLDERS)

    def law_ids(self) -> set[str]:
        """The ids of the law files (each is where its id says: the build that wrote the stamp checked it)."""
        return {
            f"{rel[len(LAWS) + 1 :]}/{name[:-4]}"
            for rel, *_, names, _ in self.folders
            if rel.startswith(f"{LAWS}/")
            for name in names
        }


def unchanged(root: Path, db_dir: Path) -> Unchanged | None:
    """The hash of the repository's inputs and its files when every law and instrument file is certainly as the last
    build read it, else None (no stamp, or something changed: the caller reads the repository index).

    One ``stat`` a file, by its name in its folder (opened once), is all that is asked of each file."""
    try:
        record = _load(db_dir, root)
        if record is None:
            return None
        racy: dict[str, str] = record["racy"]
        stat = os.stat
        base = str(root) + "/"
        groups: dict[str, list[str]] = {}
        flags = os.O_RDONLY | os.O_DIRECTORY
        for rel, mtime, ctime, ino, settled, names, digest in record["folders"]:
            here = base + rel
            if rel in _FOLDERS:
                groups[rel] = names
                st = stat(here)
                same = settled and st.st_mtime_ns == mtime and st.st_ctime_ns == ctime and st.st_ino == ino
                if not same and _groups(here) != names:
                    return None  # a council folder added, removed or renamed
                continue
            if rel.partition("/")[0] not in groups or not isinstance(names, list):
                return None
            fd = os.open(here, flags)
            try:
                st = os.fstat(fd)
                same = settled and st.st_mtime_ns == mtime and st.st_ctime_ns == ctime and st.st_ino == ino
                if not same and _texts(fd) != names:
                    return None  # a file added, removed or renamed
                seen: array.array[int] = array.array("q")
                for name in names:
                    st = stat(name, dir_fd=fd)
                    seen.extend((st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino))
            finally:
                os.close(fd)
            if _digest(seen) != digest:
                return None  # a file edited (or replaced) since the build read it
        listed = {rel for rel, *_ in record["folders"]}
        if any(f"{top}/{g}" not in listed for top, names in groups.items() for g in names) or len(groups) != len(_FOLDERS):
            return None
        for rel, sha in racy.items():
            if not _same_bytes(base + rel, sha):
                return None  # changed within the same tick of the clock as the build read it
        inputs = record["inputs"]
        return Unchanged(inputs, record["folders"]) if isinstance(inputs, str) else None
    except (OSError, ValueError, TypeError, KeyError, RecursionError, OverflowError):
        return None
