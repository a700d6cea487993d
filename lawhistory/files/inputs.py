"""What a build is made from: the repository's laws and instruments, which instruments act on which law,
and content hashes that tell whether (and which) derived results are out of date.

Only front matter is read for every file (with libyaml when available, and without an instrument's
operations): it is enough to know which instrument acts on which law and to hash each law's inputs.
Whole files are parsed only for the laws a build derives again, and for their instruments.

What was read is cached in ``db/.inputs-cache.json``: a file whose size, modification and change
times and inode are as recorded is not read again (like git's index). A file changed within
``RACY_NS`` of being read is always read again, since a later change in the same clock tick would
leave its times as they were. The cache keeps, with the files, the index made of them (each law's input
hash and the instruments acting on it), so a command that finds every file unchanged makes none of it again.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core import faults
from ..core.errors import BadLawId, FormatError
from ..core.files import decode, read_bytes, read_text
from ..core.lazy_re import lazy_pattern
from ..core.model import normal_title
from ..core.versions import title_reaches
from .current import CODE_RECORD as CODE_RECORD
from .current import RECORD_FORMAT, code_stats, recorded_code
from .current import resolve_law as resolve_law
from .repo import AMENDMENTS, LAWS, Repository, check_regular

if TYPE_CHECKING:  # reading and parsing files is imported when a file must be read (``show`` from a current build reads none)
    from ..core.model import Law, LawMeta
    from .instrument_file import Instrument

#: The package's folder (its modules may live in folders of their own below it).
PACKAGE_ROOT = Path(__file__).resolve().parents[__name__.count(".") - 1]
#: Where a build's code starts: it runs this module and every package module it imports (``deriving_files``).
BUILD_MODULE = "deriving.build"
#: An import statement of a package module: ``from .x import y``, ``from ..x import (y, z)``, ``import lawhistory.x``.
_IMPORT = lazy_pattern(
    r"^[ \t]*from[ \t]+([.\w]+)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)|^[ \t]*import[ \t]+(lawhistory[.\w]*)", re.MULTILINE
)
CACHE_NAME = ".inputs-cache.json"
_CACHE_FORMAT = 3
RACY_NS = 2_000_000_000
# The operations of an instrument: a top-level key and the indented or listed lines under it.
_OPERATIONS = re.compile(r"^operations:.*\n(?:(?:[ -].*)?\n)*", re.MULTILINE)


def _sha(parts: list[bytes]) -> str:
    import hashlib  # here: ``show`` reading a current build hashes nothing

    h = hashlib.sha256()
    for part in parts:
        h.update(len(part).to_bytes(8, "big"))
        h.update(part)
    return h.hexdigest()


def _front_matter(text: str, path: str) -> str:
    end = text.find("\n---\n", 3)
    if not text.startswith("---\n") or end < 0:
        raise FormatError("a law file starts with YAML front matter between '---' lines", path=path)
    return text[4 : end + 1]


def _load(yaml_text: str, path: str) -> LawMeta:
    from .frontmatter import load_front_matter, meta_from_dict

    data = load_front_matter(yaml_text, path)
    try:
        return meta_from_dict(data)
    except FormatError as e:
        raise FormatError(str(e), path=path) from None


def read_meta(text: str, path: str) -> LawMeta:
    """The metadata in a file's front matter, without reading its body (nor an instrument's operations)."""
    front = _front_matter(text, path)
    short = _OPERATIONS.sub("", front, count=1)
    if short != front:
        try:
            return _load(short, path)
        except FormatError:
            pass  # the cut was not where the operations are: read it all, for the right message
    return _load(front, path)


class FileEntry(NamedTuple):
    """One law or instrument file as last read: its times, its content hash and what its front matter says."""

    path: str  # relative to the repository
    size: int
    mtime_ns: int
    ctime_ns: int
    ino: int
    read_ns: int  # when it was read
    sha: str
    id: str
    title: str
    targets: tuple[tuple[str, str | None], ...]  # (title, id) of each law it amends or repeals
    normal: tuple[str, ...]  # ``normal_title`` of its title, then of each target's title (as ``claims`` compares them)

    def fresh(self, st: os.stat_result) -> bool:
        """Whether the file, with these stat results, is certainly unchanged since it was read."""
        return (
            st.st_size == self.size
            and st.st_mtime_ns == self.mtime_ns
            and st.st_ctime_ns == self.ctime_ns
            and st.st_ino == self.ino
            and max(self.mtime_ns, self.ctime_ns) + RACY_NS < self.read_ns
        )


def _entry(path: str, st: os.stat_result, data: bytes, read_ns: int) -> FileEntry:
    import hashlib

    from ..core.model import Law
    from ..core.versions import targets
    from .instrument_file import Instrument

    meta = read_meta(decode(data, path), path)
    stub = Instrument(Law(meta))
    refs = tuple((ref.title, ref.id) for ref in targets(stub))
    return FileEntry(
        path, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, read_ns,
        hashlib.sha256(data).hexdigest(), meta.id, meta.title, refs,
        tuple(normal_title(title) for title in (meta.title, *(title for title, _ in refs))),
    )  # fmt: skip


def _entries(rows: list[list[Any]]) -> dict[str, FileEntry]:
    make = tuple.__new__
    return {row[0]: make(FileEntry, (*row[:-2], tuple(map(tuple, row[-2])), tuple(row[-1]))) for row in rows}


def load_cache(db_dir: Path) -> dict[str, FileEntry]:
    """The entries cached by the last build ({} when there are none or they cannot be read): the cache, then the
    changes appended to it since (``save_cache``) that name its generation, in order; a line cut short (a build killed
    while it wrote it) ends them."""
    return _load_cache(db_dir).entries


#: A law's input hash and the instruments acting on it, in repository order (``Inputs.law_hashes``, ``Inputs.claims``).
LawIndex = dict[str, tuple[str, list[str]]]


class _Cached(NamedTuple):
    """What the cache holds: its entries (in the order written, then those the changes added), the hash of the inputs
    they are (``Inputs.files_hash``; None when not known) and the index of every law made from them (``claims`` and
    ``_law_hash``; None when not known: the index is made again from the entries); ``added``: whether the changes
    added paths (then the entries are not all in the repository's order)."""

    entries: dict[str, FileEntry]
    files_hash: str | None
    laws: LawIndex | None
    added: bool


def _law_index(data: Any) -> LawIndex | None:
    if not isinstance(data, dict):
        return None
    return {law: (h, ids) for law, (h, ids) in data.items()}


def _load_cache(db_dir: Path) -> _Cached:
    with _held():
        return _read_cache(db_dir)


@contextlib.contextmanager
def _held() -> Iterator[None]:
    """The cyclic garbage collector held while the index is made: it is some 15 small objects a file, none in a cycle,
    and each collection while they are made walks every object alive (in a new ``amend`` process, with its parsers
    loaded, some 40% of the index's CPU at scale 1)."""
    import gc

    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _read_cache(db_dir: Path) -> _Cached:
    try:
        data = json.loads((db_dir / CACHE_NAME).read_text(encoding="utf-8"))
        if data.get("format") != _CACHE_FORMAT:
            return _Cached({}, None, None, False)
        entries = _entries(data["files"])
        generation = data.get("generation")
        files_hash = data.get("inputs")
        laws = _law_index(data.get("laws"))
    except (OSError, ValueError, TypeError, KeyError, RecursionError):
        return _Cached({}, None, None, False)
    added = False
    rehash: set[str] = set()
    try:
        with open(db_dir / CHANGES_NAME, encoding="utf-8") as f:
            for line in f:
                change = json.loads(line)
                if change["generation"] != generation:
                    continue  # appended to another cache (one written whole since, by a build killed before it removed these)
                update = _entries(change["files"])
                for path in change["removed"]:
                    entries.pop(path, None)
                added = added or not update.keys() <= entries.keys()
                entries.update(update)
                files_hash = change.get("inputs")
                changed = change.get("laws")
                if laws is not None and isinstance(changed, dict):
                    for law, ids in changed.items():
                        if ids is None:
                            laws.pop(law, None)
                        else:
                            laws[law] = ("", list(ids))  # its hash made below, from the entries as they end
                            rehash.add(law)
                else:
                    laws = None
        if laws is not None:
            for law in rehash & laws.keys():
                ids = laws[law][1]
                acting = [entries[f"{AMENDMENTS}/{i}.txt"] for i in ids]
                laws[law] = (_law_hash(entries[f"{LAWS}/{law}.txt"], acting), ids)
    except FileNotFoundError:
        pass  # no changes since the cache was written whole
    except (OSError, ValueError, TypeError, KeyError, RecursionError):
        files_hash, laws = None, None  # the changes up to here (a line cut short: a build killed while it wrote it)
    return _Cached(entries, files_hash if isinstance(files_hash, str) else None, laws, added)


#: The changes appended to the cache (``save_cache``); written whole again once they hold this share of its files.
CHANGES_NAME = ".inputs-cache.changes"
_CHANGES_SHARE = 8


def save_cache(db_dir: Path, inputs: Inputs) -> None:
    """Bring the cache up to date with ``inputs`` (atomically: a reader sees the old one or the new one): its entries,
    the hash of them (``Inputs.files_hash``) and the index of every law (its input hash and the instruments acting on
    it), so that the next command that finds every file unchanged makes none of it again (``repository_index``).

    When ``inputs`` knows what the cache on disk lacks (``changed`` and ``removed``: the paths whose entries differ from
    the cache's, and those gone from it; ``law_changes``: the laws whose index differs), only those are appended, as one
    line, to the cache's changes (``CHANGES_NAME``), unless the changes have grown to an eighth of the cache: then (and
    without them) the cache is written whole and the changes removed. A cache that cannot be written (the disk full) is
    left as it was: it only saves reading files again, and a file it wrongly calls fresh is none.
    """
    entries, files_hash = inputs.entries, inputs.files_hash
    changed, removed, laws = inputs.changed, inputs.removed, inputs.law_changes
    if changed is not None and removed is not None and laws is not None:
        index = {law: _law_state(inputs, law) for law in sorted(laws)}
        if _append_changes(db_dir, entries, changed, removed, files_hash, index):
            faults.point("cache:written")
            faults.point("cache:moved")  # appended in place: nothing to move
            save_code_record(db_dir)
            return
    tmp = db_dir / f"{CACHE_NAME}.tmp"
    files = sorted(entries.values(), key=_path_order)
    generation = os.urandom(8).hex()
    whole = {law: (h, inputs.claims[law]) for law, h in inputs.law_hashes.items()}
    try:
        tmp.write_text(
            json.dumps(
                {"format": _CACHE_FORMAT, "generation": generation, "inputs": files_hash, "files": files, "laws": whole},
                ensure_ascii=False,
            ),
            encoding="utf-8",
        )
    except OSError:
        tmp.unlink(missing_ok=True)
        return
    faults.point("cache:written")
    os.replace(tmp, db_dir / CACHE_NAME)
    faults.point("cache:moved")
    with contextlib.suppress(OSError):
        (db_dir / CHANGES_NAME).unlink(missing_ok=True)  # of the old generation: ignored if left
    save_code_record(db_dir)


def _law_state(inputs: Inputs, law: str) -> list[str] | None:
    """The instruments acting on a law, as the cache's changes record them (None: no such law now; its input hash is
    made again from the entries when they are loaded, ``_load_cache``)."""
    return inputs.claims.get(law)


def _append_changes(
    db_dir: Path,
    entries: dict[str, FileEntry],
    changed: set[str],
    removed: set[str],
    files_hash: str | None,
    laws: dict[str, list[str] | None],
) -> bool:
    """Append ``changed`` and ``removed`` (and the index of the ``laws`` it changes) to the cache's changes; False
    (nothing written) when the cache must be written whole instead: none there, of another format, or its changes
    grown to ``1 / _CHANGES_SHARE`` of it."""
    cache, changes = db_dir / CACHE_NAME, db_dir / CHANGES_NAME
    try:
        with open(cache, encoding="utf-8") as f:
            head = f.read(200)  # the format and generation are written first
        found = re.match(r'\{"format": (\d+), "generation": "([0-9a-f]{16})"', head)
        if found is None or int(found.group(1)) != _CACHE_FORMAT:
            return False
        size = changes.stat().st_size if changes.exists() else 0
        line = json.dumps(
            {
                "generation": found.group(2),
                "inputs": files_hash,
                "files": [entries[p] for p in sorted(changed)],
                "removed": sorted(removed),
                "laws": laws,
            },
            ensure_ascii=False,
        )
        if (size + len(line)) * _CHANGES_SHARE > cache.stat().st_size:
            return False
        if size:
            with open(changes, "rb") as f:
                f.seek(-1, os.SEEK_END)
                if f.read(1) != b"\n":
                    return False  # a line cut short (a build killed while it wrote it): the cache written whole
        with open(changes, "a", encoding="utf-8") as f:
            f.write(line + "\n")
    except OSError:
        return False
    return True


def _listing(root: Path, folder: str) -> list[str]:
    """``folder/*/*.txt`` under ``root``, as paths relative to it, in the repository's order (``Repository.law_files``)."""
    out = []
    try:
        groups = [e.name for e in os.scandir(root / folder) if e.is_dir()]
    except FileNotFoundError:
        return []
    for group in groups:
        for f in os.scandir(root / folder / group):
            if f.name.endswith(".txt"):
                if not f.is_file():
                    check_regular(Path(f.path), f"{folder}/{group}/{f.name}")  # refused by name, never skipped
                out.append((group, f.name))
    return [f"{folder}/{group}/{name}" for group, name in sorted(out)]


@dataclass
class Inputs:
    """The repository's files, what each says about itself, and the hashes a build compares."""

    root: Path
    laws: dict[str, FileEntry]  # by law id, sorted
    instruments: dict[str, FileEntry]  # by instrument id, in repository (path) order
    claims: dict[str, list[str]]  # law id → the instruments that amend or repeal it, in repository order
    law_hashes: dict[str, str]
    files_hash: str
    entries: dict[str, FileEntry]  # by path: every file, for the cache
    read: int = 0  # files read (not found unchanged in the cache)
    #: The paths whose entries the cache on disk does not hold as they are here, and those it holds that are gone
    #: (None: not known, the cache is written whole).
    changed: set[str] | None = None
    removed: set[str] | None = None
    #: The laws whose input hash or instruments the cache on disk does not hold as they are here (or holds, and they
    #: are gone); None: not known, the cache is written whole.
    law_changes: set[str] | None = None
    #: The index ``amend`` read before it wrote (``hand_over``): the build plans from what changed since.
    before: Inputs | None = None
    _parsed: dict[str, Law | Instrument] = field(default_factory=dict)

    def law_path(self, law_id: str) -> str:
        return self.laws[law_id].path

    def instrument_path(self, inst_id: str) -> str:
        return self.instruments[inst_id].path

    def law(self, law_id: str) -> Law:
        from ..core.model import Law
        from .textformat import parse

        if law_id not in self._parsed:
            path = self.law_path(law_id)
            self._parsed[law_id] = parse(read_text(self.root / path, path), path=path)
        law = self._parsed[law_id]
        assert isinstance(law, Law)
        return law

    def instrument(self, inst_id: str) -> Instrument:
        from .instrument_file import Instrument, parse_instrument

        key = f"instrument:{inst_id}"
        if key not in self._parsed:
            path = self.instrument_path(inst_id)
            self._parsed[key] = parse_instrument(read_text(self.root / path, path), path=path)
        inst = self._parsed[key]
        assert isinstance(inst, Instrument)
        return inst

    def forget(self) -> None:
        """Drop the parsed files (a build parses each law once)."""
        self._parsed.clear()

    def claimed(self, law_id: str) -> list[Instrument]:
        return [self.instrument(i) for i in self.claims[law_id]]

    def claimers(self) -> dict[str, list[str]]:
        """Instrument id → the laws it acts on."""
        out: dict[str, list[str]] = defaultdict(list)
        for law, ids in self.claims.items():
            for i in ids:
                out[i].append(law)
        return out

    def resolve(self, query: str) -> str:
        """The id of the law whose id is ``query``, or whose title (or id) contains it unambiguously."""
        return resolve_law(query, {law_id: e.title for law_id, e in self.laws.items()})

    def unclaimed(self) -> list[str]:
        claimed = self.claimers()
        return [i for i in self.instruments if i not in claimed]


def claims(laws: dict[str, FileEntry], instruments: dict[str, FileEntry]) -> dict[str, list[str]]:
    """For each law, the instruments that amend or repeal it (the rule of ``versions.instruments_for``, indexed).

    Each title is normalised when its file is read (and cached with it): a build and every command ask this of the
    whole repository.
    """
    by_id: dict[str, list[str]] = defaultdict(list)  # law id → instruments naming it by id
    by_title: dict[str, list[tuple[str, str]]] = defaultdict(list)  # normal title → (instrument, title) naming it
    for inst_id, inst in instruments.items():
        for (title, ref_id), normal in zip(inst.targets, inst.normal[1:], strict=True):
            if ref_id:
                by_id[ref_id].append(inst_id)
            else:
                by_title[normal].append((inst_id, title))
    order = {inst_id: n for n, inst_id in enumerate(instruments)}
    out: dict[str, list[str]] = {}
    for law_id, law in laws.items():
        titled = {i for i, title in by_title.get(law.normal[0], ()) if title_reaches(title, i, law_id)}
        found = set(by_id.get(law_id, ())) | titled
        out[law_id] = sorted(found, key=order.__getitem__)
    return out


_FINGERPRINTS: dict[tuple[tuple[str, int, int], ...], str] = {}


def deriving_files(root: Path, start: str = BUILD_MODULE) -> list[str]:
    """The package's files (relative to ``root``) whose code a build runs: ``start`` and every package module it
    imports, directly or through others, read from the code (the CLI and the web site are left out by not being
    imported by the build)."""
    modules: dict[str, Path] = {}
    for path in root.glob("**/*.py"):
        parts = path.relative_to(root).with_suffix("").parts
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    seen: set[str] = set()
    grammars: set[Path] = set()
    todo = [start]
    while todo:
        module = todo.pop()
        if module in seen or module not in modules:
            continue
        seen.add(module)
        code = modules[module].read_text(encoding="utf-8")
        # a grammar a module reads beside itself (core/dates.py's split_commencement.lark) is code the build runs too
        grammars |= {g for name in _GRAMMAR_FILE().findall(code) if (g := modules[module].with_name(name)).is_file()}
        todo += [".".join(module.split(".")[:k]) for k in range(1, module.count(".") + 1)]  # its packages run first
        package = module if modules[module].name == "__init__.py" else module.rpartition(".")[0]
        for source, names, plain in _IMPORT().findall(code):
            if plain:
                todo.append(plain.removeprefix("lawhistory").lstrip("."))
                continue
            if source.startswith("."):
                dots = len(source) - len(source.lstrip("."))
                up = package.split(".")[: len(package.split(".")) - dots + 1] if package else []
                base = ".".join([p for p in up if p] + ([source.lstrip(".")] if source.lstrip(".") else []))
            elif source == "lawhistory" or source.startswith("lawhistory."):
                base = source.removeprefix("lawhistory").lstrip(".")
            else:
                continue
            todo.append(base)
            for name in names.strip("()").replace("\n", " ").split(","):
                todo.append(f"{base}.{name.split(' as ')[0].strip()}".strip("."))
    files = {modules[m] for m in seen | ({""} & modules.keys())}
    return sorted(p.relative_to(root).as_posix() for p in files | grammars)


#: A grammar file named in a module's code ("split_commencement.lark").
_GRAMMAR_FILE = lazy_pattern(r"[\"']([\w-]+\.lark)[\"']")


def code_fingerprint(db_dir: Path | None = None) -> str:
    """A hash of the package's deriving code (``deriving_files``): a build by other code is rebuilt in full.

    With ``db_dir``: the fingerprint the last build recorded there (``save_code_record``) when that code is
    certainly unchanged since (``show`` then reads neither the code nor the schema, and a build hashes no code).
    """
    if db_dir is not None and (known := _recorded_fingerprint(db_dir)) is not None:
        return known
    root = PACKAGE_ROOT
    stats = tuple(
        (p.relative_to(root).as_posix(), st.st_size, st.st_mtime_ns)
        for pattern in ("**/*.py", "**/*.lark")
        for p in root.glob(pattern)
        if (st := p.stat())
    )
    if stats not in _FINGERPRINTS:  # read the code again only when a file changed
        from ..deriving.schema import SCHEMA_VERSION

        parts: list[bytes] = [str(SCHEMA_VERSION).encode()]
        rels = deriving_files(root)
        for rel in rels:
            parts += [rel.encode(), (root / rel).read_bytes()]
        _FINGERPRINTS[stats] = _sha(parts)
        _DERIVING[_FINGERPRINTS[stats]] = rels
    return _FINGERPRINTS[stats]


#: fingerprint → the files it was made from (``deriving_files``), for ``save_code_record``.
_DERIVING: dict[str, list[str]] = {}


def save_code_record(db_dir: Path) -> None:
    """Record, beside the build, the fingerprint of the code that made it and the times of the files it was made from
    (not when one of them changed so recently that a later change could leave its time as it is). A record that
    vouches for the code as it is already is kept (the code is then neither listed nor hashed)."""
    if _recorded_fingerprint(db_dir) is not None:
        return
    fingerprint = code_fingerprint()
    rels = _DERIVING.get(fingerprint)
    if rels is None:
        return
    try:
        stats = code_stats(PACKAGE_ROOT, rels)
        if any(int(str(mtime)) + RACY_NS >= time.time_ns() for _, _, mtime in stats):
            return
        tmp = db_dir / f"{CODE_RECORD}.tmp"
        record = {"format": RECORD_FORMAT, "root": str(PACKAGE_ROOT), "code": fingerprint, "files": stats}
        tmp.write_text(json.dumps(record), encoding="utf-8")
        os.replace(tmp, db_dir / CODE_RECORD)
    except OSError:
        return


def recorded_fingerprint(db_dir: Path) -> bool:
    """Whether the code's record beside the build (``save_code_record``) is there and vouches for the code as it is."""
    return _recorded_fingerprint(db_dir) is not None


def _recorded_fingerprint(db_dir: Path) -> str | None:
    """The recorded fingerprint when every file and folder it was made from is as recorded, else None."""
    return recorded_code(db_dir, PACKAGE_ROOT)


def _read(root: str, rel: str) -> FileEntry:
    path = os.path.join(root, rel)
    read_ns = time.time_ns()
    st = os.stat(path)
    data = read_bytes(Path(path), rel)
    return _entry(rel, st, data, read_ns)


def _read_many(root: str, rels: list[str]) -> list[FileEntry]:
    return [_read(root, rel) for rel in rels]


#: From this many files to read, they are read by one process per CPU (a first build reads every file).
PARALLEL_READ_FROM = 1000


def _read_all(root: str, rels: list[str]) -> list[FileEntry]:
    cpus = os.cpu_count() or 1
    if len(rels) < PARALLEL_READ_FROM or cpus < 2:
        return _read_many(root, rels)
    import multiprocessing

    chunks = [rels[k::cpus] for k in range(cpus)]
    with multiprocessing.get_context("fork").Pool(cpus) as pool:
        parts = pool.starmap(_read_many, [(root, chunk) for chunk in chunks])
    return [e for part in parts for e in part]


def _scan(repo: Repository, cache: dict[str, FileEntry]) -> tuple[list[FileEntry], list[FileEntry], list[str]]:
    """Every law and instruments file, read only when not unchanged in ``cache``; an id must match where its file is."""
    root = str(repo.root)
    listed = {folder: _listing(repo.root, folder) for folder in (LAWS, AMENDMENTS)}
    known: dict[str, FileEntry] = {}
    for rels in listed.values():
        for rel in rels:
            entry = cache.get(rel)
            if entry is not None and entry.fresh(os.stat(os.path.join(root, rel))):
                known[rel] = entry
    todo = [rel for rels in listed.values() for rel in rels if rel not in known]
    known.update((e.path, e) for e in _read_all(root, todo))
    found: list[list[FileEntry]] = []
    for folder, expected in ((LAWS, repo.law_path), (AMENDMENTS, repo.instrument_path)):
        entries = []
        for rel in listed[folder]:
            entry = known[rel]
            if rel != f"{folder}/{entry.id}.txt":
                try:
                    where = expected(entry.id)
                except BadLawId as e:
                    raise FormatError(str(e), path=rel) from None
                if where != repo.root / rel:
                    raise FormatError(f"its id {entry.id!r} says it belongs at {repo.relative(where)}", path=rel)
            entries.append(entry)
        found.append(entries)
    return found[0], found[1], todo


def read_inputs(repo: Repository, cache: dict[str, FileEntry] | None = None) -> Inputs:
    """The repository's inputs; files unchanged since ``cache`` was made are not read."""
    cache = cache or {}
    law_files, inst_files, read = _scan(repo, cache)
    inputs = _indexed(repo, law_files, inst_files, len(read))
    inputs.changed = set(read)
    inputs.removed = cache.keys() - inputs.entries.keys()
    inputs.law_changes = _touched_laws(cache, inputs, inputs.changed | inputs.removed)
    return inputs


def _touched_laws(old: dict[str, FileEntry], new: Inputs, paths: set[str]) -> set[str]:
    """The laws whose index (input hash, instruments acting on it) made from the entries ``old`` may differ from
    ``new``'s, where the entries of ``paths`` (only) differ between them: a law file among them (as it was and as it
    is), and the laws each instrument among them acts on, as it was and as it is (``_acts_on``). A law's index is made
    of its own entry and of those of the instruments acting on it, so no other law's can differ."""
    by_title = _by_title(new.laws)
    out: set[str] = set()
    for rel in paths:
        for entry in (old.get(rel), new.entries.get(rel)):
            if entry is None:
                continue
            if rel.startswith(f"{LAWS}/"):
                out.add(entry.id)
            else:
                out |= _acts_on(entry, new.laws, by_title)
    return out


def _by_title(laws: dict[str, FileEntry]) -> dict[str, list[str]]:
    """Normal title → the ids of the laws of that title (as ``claims`` looks them up)."""
    by_title: dict[str, list[str]] = defaultdict(list)
    for law_id, entry in laws.items():
        by_title[entry.normal[0]].append(law_id)
    return by_title


def _indexed(repo: Repository, law_files: list[FileEntry], inst_files: list[FileEntry], read: int) -> Inputs:
    """The index of these files (each list in repository order): which instruments act on which law, and the hashes."""
    laws = dict(sorted((e.id, e) for e in law_files))
    instruments = {e.id: e for e in inst_files}
    claimed = claims(laws, instruments)
    law_hashes = {law_id: _law_hash(law, [instruments[i] for i in claimed[law_id]]) for law_id, law in laws.items()}
    entries = {e.path: e for e in law_files + inst_files}
    return Inputs(repo.root, laws, instruments, claimed, law_hashes, _files_hash(entries), entries, read)


def _law_hash(law: FileEntry, acting: list[FileEntry]) -> str:
    """The hash of a law's inputs: its file and those of the instruments acting on it."""
    paths = [law, *sorted(acting, key=lambda e: e.path)]
    return _sha([x for e in paths for x in (e.path.encode(), e.sha.encode())])


def _files_hash(entries: dict[str, FileEntry]) -> str:
    """The hash of every file's path and content."""
    return _sha([x for p in sorted(entries) for x in (p.encode(), entries[p].sha.encode())])


def repository_index(repo: Repository) -> Inputs:
    """The repository's one index: every file's front matter, which instruments act on which law.

    Every command asks it. Files unchanged since the last build are not read again (its cache in ``db/``); a command
    that only reads writes nothing, so only a build brings the cache up to date.

    When the build's stamp vouches for every file (``stamp.unchanged``: one ``stat`` a file) and the cache holds the
    inputs it vouches for (the same hash), the cache is the index's files as they are: no folder is listed and no file
    looked at again, and the claims and law hashes are the ones the cache keeps with them (``_from_cache``), not made
    again from every file's entry.
    """
    with _held():
        return _repository_index(repo)


def _repository_index(repo: Repository) -> Inputs:
    from .stamp import unchanged

    cached = _read_cache(repo.db_dir)
    cache, files_hash = cached.entries, cached.files_hash
    found = unchanged(repo.root, repo.db_dir) if files_hash is not None else None
    if found is not None and found.inputs == files_hash and len(cache) == found.files():
        ordered = sorted(cache.values(), key=_path_order) if cached.added else list(cache.values())
        law_files = [e for e in ordered if e.path.startswith(f"{LAWS}/")]
        inst_files = [e for e in ordered if e.path.startswith(f"{AMENDMENTS}/")]
        made = _from_cache(repo, law_files, inst_files, files_hash, cached.laws)
        if made is None:  # the cache holds no index of the laws (or not of these): made again from the entries
            made = _indexed(repo, law_files, inst_files, 0)
            if made.files_hash != files_hash:
                return read_inputs(repo, cache)
            made.law_changes = None  # the cache is written whole by the next build that writes it
        else:
            made.law_changes = set()
        made.changed, made.removed = set(), set()
        return made
    return read_inputs(repo, cache)


def _from_cache(
    repo: Repository, law_files: list[FileEntry], inst_files: list[FileEntry], files_hash: str, index: LawIndex | None
) -> Inputs | None:
    """The index of these files (each list in repository order) as the cache recorded it with them (``index``: every
    law's input hash and instruments, made by ``_indexed`` or kept up to date by ``_updated`` and ``_touched_laws``);
    None when it holds no index of exactly these laws."""
    if index is None or len(index) != len(law_files):
        return None
    laws = dict(sorted((e.id, e) for e in law_files))
    if len(laws) != len(index) or not all(law in index for law in laws):
        return None
    claimed = {law: index[law][1] for law in laws}
    law_hashes = {law: index[law][0] for law in laws}
    entries = {e.path: e for e in law_files + inst_files}
    return Inputs(repo.root, laws, {e.id: e for e in inst_files}, claimed, law_hashes, files_hash, entries, 0)


# --- handed from one command to the next in the same process --------------------------------------------------------

#: repository root → (the entries a command read and wrote, the folders' and the database's times when it had).
_HANDED: dict[Path, tuple[Inputs, list[tuple[str, int, int, int]]]] = {}


def _folder_times(repo: Repository) -> list[tuple[str, int, int, int]]:
    """(path, modification and change times, inode) of the database and of every folder holding laws or instruments: a
    file that lawhistory writes, adds or removes is renamed into place, which changes its folder's times."""
    out = []
    for path in (repo.db_dir / "lawhistory.db", repo.laws_dir, repo.amendments_dir):
        try:
            st = os.stat(path)
        except FileNotFoundError:
            out.append((str(path), 0, 0, 0))
            continue
        out.append((str(path), st.st_mtime_ns, st.st_ctime_ns, st.st_ino))
        if path.name != "lawhistory.db":
            for e in sorted(os.scandir(path), key=lambda e: e.name):
                if e.is_dir():
                    st = os.stat(e.path)
                    out.append((e.path, st.st_mtime_ns, st.st_ctime_ns, st.st_ino))
    return out


def hand_over(repo: Repository, index: Inputs, written: list[Path]) -> None:
    """Keep ``index`` (read by ``amend`` under the repository's lock) with the files it has just ``written`` read again,
    for the build that follows in this process (``taken``), which then neither loads the cache nor reads every file's
    times again, nor makes the index again: only the laws the written files act on (or did) are indexed again
    (``_updated``).

    Each entry keeps the times its file had when it was read, so a file edited by hand since then is seen by the next
    command all the same: the build records the hashes it was given, and the stamp and the cache compare those times.
    """
    new = {repo.relative(path): _read(str(repo.root), repo.relative(path)) for path in written}
    _HANDED[repo.root] = (_updated(repo, index, new), _folder_times(repo))


def _path_order(entry: FileEntry) -> list[str]:
    """Where a file comes in the repository's order (``_listing``: by folder, then name)."""
    return entry.path.split("/")


def _acts_on(entry: FileEntry, laws: dict[str, FileEntry], by_title: dict[str, list[str]]) -> set[str]:
    """The laws among ``laws`` that the instrument ``entry`` amends or repeals (the rule of ``claims``, for one)."""
    found: set[str] = set()
    for (title, ref_id), normal in zip(entry.targets, entry.normal[1:], strict=True):
        if ref_id:
            if ref_id in laws:
                found.add(ref_id)
        else:
            found.update(law for law in by_title.get(normal, ()) if title_reaches(title, entry.id, law))
    return found


def _updated(repo: Repository, index: Inputs, new: dict[str, FileEntry]) -> Inputs:
    """``index`` with the instrument files ``new`` (by path: written, or written again) read as they are now: the same
    index ``_indexed`` makes of all the files, but only the laws they act on (or acted on) are indexed again.

    ``before`` is ``index`` (the build plans from what changed since it); ``changed`` and ``removed`` say what the
    cache on disk lacks. A law file among ``new`` (no command writes one so): the index is made again whole.
    """
    entries = {**index.entries, **new}
    if any(not rel.startswith(f"{AMENDMENTS}/") for rel in new) or any(
        (old := index.entries.get(rel)) is not None and old.id != e.id for rel, e in new.items()
    ):

        def order(folder: str) -> list[FileEntry]:
            return sorted((e for rel, e in entries.items() if rel.startswith(f"{folder}/")), key=_path_order)

        made = _indexed(repo, order(LAWS), order(AMENDMENTS), len(new))
        touched_laws = _touched_laws(index.entries, made, set(new))
    else:
        import bisect

        laws = index.laws
        instruments = dict(index.instruments)
        listed = list(instruments.values())
        added = False
        for e in sorted(new.values(), key=_path_order):
            if e.id in instruments:
                instruments[e.id] = e  # the same file (its id says where it is), read again: its place is kept
            else:
                listed.insert(bisect.bisect(listed, _path_order(e), key=_path_order), e)
                added = True
        if added:
            instruments = {e.id: instruments.get(e.id, e) for e in listed}
        by_title = _by_title(laws)
        ids = {e.id for e in new.values()}
        touched: dict[str, set[str]] = defaultdict(set)  # law → the new instruments acting on it
        for rel, e in new.items():
            if (old := index.entries.get(rel)) is not None:
                for law in _acts_on(old, laws, by_title):
                    touched.setdefault(law, set())
            for law in _acts_on(e, laws, by_title):
                touched[law].add(e.id)
        claimed = dict(index.claims)
        law_hashes = dict(index.law_hashes)
        for law, acting in touched.items():
            mine = [i for i in claimed[law] if i not in ids] + sorted(acting)
            claimed[law] = sorted(mine, key=lambda i: _path_order(instruments[i]))
            law_hashes[law] = _law_hash(laws[law], [instruments[i] for i in claimed[law]])
        made = Inputs(repo.root, laws, instruments, claimed, law_hashes, _files_hash(entries), entries, len(new))
        touched_laws = set(touched)
    made.changed = (index.changed or set()) | set(new) if index.changed is not None else None
    made.removed = index.removed
    if index.law_changes is not None:
        made.law_changes = index.law_changes | touched_laws
    made.before = index
    return made


def taken(repo: Repository) -> Inputs | None:
    """The index ``hand_over`` kept for ``repo`` (once), or None: none kept, or a file added, removed or rewritten by
    lawhistory since (a folder's times differ) or the database built by another command: the build reads the index."""
    handed = _HANDED.pop(repo.root, None)
    if handed is None or handed[1] != _folder_times(repo):
        return None
    return handed[0]
