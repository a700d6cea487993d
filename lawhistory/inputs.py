"""What a build is made from: the repository's laws and instruments, which instruments act on which law,
and content hashes that tell whether (and which) derived results are out of date.

Only front matter is read for every file (with libyaml when available): it is enough to know which
instrument acts on which law and to hash each law's inputs. Whole files are parsed only for the laws
a build derives again, and for their instruments.
"""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .errors import FormatError
from .frontmatter import meta_from_dict
from .instrument_file import Instrument, parse_instrument
from .model import Law, LawMeta
from .repo import Repository
from .schema import SCHEMA_VERSION
from .textformat import parse
from .versions import refers_to, targets

#: Modules whose code does not decide what a build derives (the CLI and the web site).
_NOT_DERIVING = ("cli", "cli_publish", "__main__")
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _sha(parts: list[bytes]) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(len(part).to_bytes(8, "big"))
        h.update(part)
    return h.hexdigest()


def read_meta(text: str, path: str) -> LawMeta:
    """The metadata in a file's front matter, without reading its body."""
    end = text.find("\n---\n", 3)
    if not text.startswith("---\n") or end < 0:
        raise FormatError("a law file starts with YAML front matter between '---' lines", path=path)
    try:
        return meta_from_dict(yaml.load(text[4 : end + 1], Loader=_Loader))
    except yaml.YAMLError as e:
        raise FormatError(f"the front matter is not valid YAML: {e}", path=path) from None
    except FormatError as e:
        raise FormatError(str(e), path=path) from None


@dataclass
class Inputs:
    """The repository's files, what each says about itself, and the hashes a build compares."""

    root: Path
    law_metas: dict[str, LawMeta]  # by law id, sorted
    instrument_metas: dict[str, LawMeta]  # by instrument id, in repository (path) order
    law_paths: dict[str, str]
    instrument_paths: dict[str, str]
    claims: dict[str, list[str]]  # law id → the instruments that amend or repeal it, in repository order
    law_hashes: dict[str, str]
    files_hash: str
    _parsed: dict[str, Law | Instrument] = field(default_factory=dict)

    def law(self, law_id: str) -> Law:
        if law_id not in self._parsed:
            path = self.law_paths[law_id]
            self._parsed[law_id] = parse((self.root / path).read_text(encoding="utf-8"), path=path)
        law = self._parsed[law_id]
        assert isinstance(law, Law)
        return law

    def instrument(self, inst_id: str) -> Instrument:
        key = f"instrument:{inst_id}"
        if key not in self._parsed:
            path = self.instrument_paths[inst_id]
            self._parsed[key] = parse_instrument((self.root / path).read_text(encoding="utf-8"), path=path)
        inst = self._parsed[key]
        assert isinstance(inst, Instrument)
        return inst

    def claimed(self, law_id: str) -> list[Instrument]:
        return [self.instrument(i) for i in self.claims[law_id]]

    def claimers(self) -> dict[str, list[str]]:
        """Instrument id → the laws it acts on."""
        out: dict[str, list[str]] = defaultdict(list)
        for law, ids in self.claims.items():
            for i in ids:
                out[i].append(law)
        return out

    def unclaimed(self) -> list[str]:
        claimed = self.claimers()
        return [i for i in self.instrument_metas if i not in claimed]


def _key(title: str) -> str:
    """A coarse form of a title (letters and digits only): equal titles always share it."""
    return re.sub(r"[^0-9a-z]", "", title.lower())


def claims(laws: dict[str, LawMeta], instruments: dict[str, LawMeta]) -> dict[str, list[str]]:
    """For each law, the instruments that amend or repeal it (the rule of ``versions.instruments_for``, indexed)."""
    stubs = {i: Instrument(Law(meta)) for i, meta in instruments.items()}
    index: dict[str, set[str]] = defaultdict(set)
    for inst_id, inst in stubs.items():
        for ref in targets(inst):
            index[f"id:{ref.id}" if ref.id else f"title:{_key(ref.title)}"].add(inst_id)
    out: dict[str, list[str]] = {}
    for law_id, meta in laws.items():
        law = Law(meta)
        candidates = index[f"id:{law_id}"] | index[f"title:{_key(meta.title)}"]
        out[law_id] = [i for i in instruments if i in candidates and any(refers_to(ref, law) for ref in targets(stubs[i]))]
    return out


def files_hash(repo: Repository) -> str:
    """One hash of every law and instrument file (names and contents): cheap, no parsing."""
    files = sorted((repo.relative(p), p) for p in repo.law_files() + repo.instrument_files())
    return _sha([x for rel, path in files for x in (rel.encode(), path.read_bytes())])


def code_fingerprint() -> str:
    """A hash of the package's deriving code: a build by other code is rebuilt in full."""
    root = Path(__file__).parent
    parts: list[bytes] = [str(SCHEMA_VERSION).encode()]
    for path in sorted(root.glob("**/*.py")):
        rel = path.relative_to(root).as_posix()
        if rel.startswith("publish/") or path.stem in _NOT_DERIVING:
            continue
        parts += [rel.encode(), path.read_bytes()]
    return _sha(parts)


def _read(
    repo: Repository, files: list[Path], expected: Callable[[str], Path]
) -> tuple[dict[str, LawMeta], dict[str, str], dict[str, bytes]]:
    """Front matter, relative path and bytes of each file, by id; an id must match where its file is."""
    metas: dict[str, LawMeta] = {}
    paths: dict[str, str] = {}
    data: dict[str, bytes] = {}
    for path in files:
        rel = repo.relative(path)
        data[rel] = path.read_bytes()
        meta = read_meta(data[rel].decode("utf-8"), rel)
        if expected(meta.id) != path:
            raise FormatError(f"its id {meta.id!r} says it belongs at {repo.relative(expected(meta.id))}", path=rel)
        metas[meta.id], paths[meta.id] = meta, rel
    return metas, paths, data


def read_inputs(repo: Repository) -> Inputs:
    law_metas, law_paths, law_data = _read(repo, repo.law_files(), repo.law_path)
    inst_metas, inst_paths, inst_data = _read(repo, repo.instrument_files(), repo.instrument_path)
    law_metas = dict(sorted(law_metas.items()))
    claimed = claims(law_metas, inst_metas)
    data = {**law_data, **inst_data}
    law_hashes = {}
    for law_id in law_metas:
        paths = [law_paths[law_id], *sorted(inst_paths[i] for i in claimed[law_id])]
        law_hashes[law_id] = _sha([x for p in paths for x in (p.encode(), data[p])])
    everything = [x for p in sorted(data) for x in (p.encode(), data[p])]
    return Inputs(repo.root, law_metas, inst_metas, law_paths, inst_paths, claimed, law_hashes, _sha(everything))
