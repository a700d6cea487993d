"""Move lawhistory's flat modules into folders that follow the pipeline, rewriting every import that names them.

    python tools/move_folders.py            # show what would move (nothing is changed)
    python tools/move_folders.py --apply    # move with `git mv`, rewrite imports, entry points and paths, then ruff

Run it from the repository's root on a clean work tree, after every branch that edits the modules is merged; then
run the full suite. ``MOVES`` is the map (docs/architecture-move.md explains it). It rewrites:

* every ``from … import …`` and ``import lawhistory.…`` naming a moved module, in lawhistory/, tests/ and benchmarks/
  (inside functions and ``if TYPE_CHECKING:`` too), as relative imports inside the package and absolute ones outside;
* the module names of the layering test (``tests/test_layers.py``) and the build's start (``inputs.BUILD_MODULE``);
* pyproject.toml's entry points and package data, and ``lawhistory/<module>.py`` / ``python -m lawhistory.<module>``
  wherever the docs and code name them.
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "lawhistory"

#: Folder of each module (a package moves whole; ``name:new`` renames it in its folder).
FOLDERS = {
    "core": "errors model ids labels dates diff operations versions faults files quotes terms",
    "reading": "importers gazette structure headings schedules definitions sentences closing page_headers tables instrument_meta",
    "amending": "instructions families accounting apply timeline known amend",
    "files": "textformat frontmatter instrument_file repo inputs",
    "deriving": "notes outcomes spans rows schema schema_types schema_features reviews penalties similar features store history build library",
    "presenting": "views lawat akn publish.fragments:fragments",
    "publishing": "publish:.",
    "cli": "cli:. cli_app:app cli_publish:publish cli_export:export",
}
#: Each old module (dotted, below lawhistory) → its new name.
MOVES: dict[str, str] = {}
for _folder, _names in FOLDERS.items():
    for _entry in _names.split():
        _old, _, _new = _entry.partition(":")
        _leaf = _new or _old.rpartition(".")[2]
        MOVES[_old] = _folder if _leaf == "." else f"{_folder}.{_leaf}"


def old_modules() -> dict[str, Path]:
    """Every module of the package as it is now: dotted name below lawhistory ('' for the package) → file."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def new_name(old: str) -> str:
    """The new dotted name of a module (a module inside a moved package moves with it)."""
    for prefix in sorted(MOVES, key=len, reverse=True):
        if old == prefix or old.startswith(prefix + "."):
            return MOVES[prefix] + old[len(prefix) :]
    return old


def new_path(old: str, path: Path) -> Path:
    """Where a module's file goes."""
    name = new_name(old)
    is_package = path.name == "__init__.py"
    if old in MOVES and not is_package and MOVES[old] in FOLDERS:  # a module that becomes a package (cli.py → cli/)
        is_package = True
    parts = name.split(".") if name else []
    return PACKAGE.joinpath(*parts, "__init__.py") if is_package else PACKAGE.joinpath(*parts[:-1], parts[-1] + ".py")


def _relative(from_package: str, target: str) -> str:
    """``from <this> import …`` in ``from_package`` reaching ``target`` (both dotted below lawhistory)."""
    here = from_package.split(".") if from_package else []
    there = target.split(".") if target else []
    common = 0
    while common < min(len(here), len(there)) and here[common] == there[common]:
        common += 1
    return "." * (len(here) - common + 1) + ".".join(there[common:])


def _statement(indent: str, source: str, names: list[tuple[str, str | None]]) -> str:
    listed = ", ".join(f"{n} as {a}" if a else n for n, a in names)  # ``X as X`` (an explicit re-export) is kept
    return f"{indent}from {source} import {listed}\n"


def rewrite_imports(text: str, module: str | None, modules: dict[str, Path], is_init: bool) -> str:
    """``text`` with every import of a package module naming it by its new place. ``module``: the file's own old
    dotted name inside the package (None outside it: imports are then absolute)."""
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    edits: list[tuple[int, int, str]] = []
    if module is not None:
        old_package = module if is_init else module.rpartition(".")[0]
        new_package = (
            new_name(module) if is_init or (module in MOVES and MOVES[module] in FOLDERS) else new_name(module).rpartition(".")[0]
        )
    for node in ast.walk(tree):
        indent = " " * getattr(node, "col_offset", 0)
        if isinstance(node, ast.ImportFrom):
            if node.level:
                if module is None:
                    continue  # a test's own modules
                up = old_package.split(".")[: len(old_package.split(".")) - node.level + 1] if old_package else []
                base = ".".join([p for p in up if p] + ([node.module] if node.module else []))
            elif node.module == "lawhistory" or (node.module or "").startswith("lawhistory."):
                base = (node.module or "").removeprefix("lawhistory").lstrip(".")
            else:
                continue
            plain: list[tuple[str, str | None]] = []
            out = []
            for alias in node.names:
                full = f"{base}.{alias.name}".strip(".")
                if full in modules:  # a module imported by name: from its new package
                    parent, _, leaf = new_name(full).rpartition(".")
                    source = _relative(new_package, parent) if module is not None else ".".join(["lawhistory", parent]).strip(".")
                    out.append(_statement(indent, source, [(leaf, alias.asname or (alias.name if leaf != alias.name else None))]))
                else:
                    plain.append((alias.name, alias.asname))
            if plain:
                target = new_name(base)
                source = _relative(new_package, target) if module is not None else ".".join(["lawhistory", target]).strip(".")
                out.insert(0, _statement(indent, source, plain))
            edits.append((node.lineno - 1, node.end_lineno or node.lineno, "".join(out)))
        elif isinstance(node, ast.Import):
            changed = []
            for alias in node.names:
                name = alias.name.removeprefix("lawhistory").lstrip(".")
                if alias.name.startswith("lawhistory.") and name in modules and new_name(name) != name:
                    if alias.asname is None:
                        raise SystemExit(f"cannot rewrite 'import {alias.name}' without 'as' (line {node.lineno})")
                    changed.append(f"{indent}import lawhistory.{new_name(name)} as {alias.asname}\n")
                else:
                    changed.append(f"{indent}import {alias.name}" + (f" as {alias.asname}" if alias.asname else "") + "\n")
            if any("lawhistory." in c for c in changed):
                edits.append((node.lineno - 1, node.end_lineno or node.lineno, "".join(changed)))
    for start, end, new in sorted(edits, reverse=True):
        lines[start:end] = [new]
    return "".join(lines)


def rewrite_names(text: str, code: bool = False) -> str:
    """``lawhistory/<old>.py`` paths, ``python -m lawhistory.<old>`` and quoted dotted names in plain text (in ``code``,
    outside import statements, which ``rewrite_imports`` has rewritten already)."""
    if code:
        return "".join(
            line if line.lstrip().startswith(("from ", "import ")) else rewrite_names(line)
            for line in text.splitlines(keepends=True)
        )
    for old in sorted(MOVES, key=len, reverse=True):
        new = MOVES[old]
        old_file = "lawhistory/" + old.replace(".", "/")
        new_file = "lawhistory/" + new.replace(".", "/")
        text = re.sub(rf"(?<![\w/]){re.escape(old_file)}(\.py|/)", lambda m, f=new_file: f + m.group(1), text)
        text = re.sub(rf"\blawhistory\.{re.escape(old)}\b(?![\w/])", f"lawhistory.{new}", text)
    return text


def rewrite_layers(text: str) -> str:
    """The layering test's groups, with the new module names."""

    def group(m: re.Match[str]) -> str:
        names = [new_name(n) if n != "__init__" else n for n in m.group(3).split()]
        if m.group(2) in FOLDERS and m.group(2) not in names:
            names.insert(0, m.group(2))  # the folder's own package
        return m.group(1) + " ".join(names) + m.group(4)

    return re.sub(r'^(\s+"(\w+)": ")([^"]*)(",)$', group, text, flags=re.MULTILINE)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--apply", action="store_true", help="move and rewrite (default: only list the moves)")
    args = parser.parse_args()
    modules = old_modules()
    unplaced = [m for m in modules if m not in ("", "__main__") and not any(m == k or m.startswith(k + ".") for k in MOVES)]
    if unplaced:
        raise SystemExit(f"modules with no folder in FOLDERS: {', '.join(unplaced)}")
    plan = {old: (path, new_path(old, path)) for old, path in modules.items()}
    for path, target in plan.values():
        if path != target:
            print(f"{path.relative_to(ROOT)} -> {target.relative_to(ROOT)}")
    if not args.apply:
        return
    # the code first, as it is now (each file knows its own old name)
    for cache in list(ROOT.glob("**/__pycache__")):
        subprocess.run(["rm", "-rf", str(cache)], check=True)
    sources = {p for p in ROOT.glob("**/*.py") if not {".git", "fixtures", ".venv", "tools"} & set(p.parts)}
    for path in sorted(sources):
        rel = path.relative_to(ROOT).as_posix()
        inside = next((m for m, p in modules.items() if p == path), None)
        text = path.read_text(encoding="utf-8")
        new = rewrite_imports(text, inside, modules, path.name == "__init__.py")
        new = rewrite_names(new, code=True)
        if rel == "tests/test_layers.py":
            new = rewrite_layers(new)
        if rel == "lawhistory/inputs.py":
            new = re.sub(r'BUILD_MODULE = "build"', f'BUILD_MODULE = "{MOVES["build"]}"', new)
        if new != text:
            path.write_text(new, encoding="utf-8")
    docs = [p for p in ROOT.glob("*.md") if p.name != "CHANGELOG.md"]  # what was released keeps its words
    for doc in [*docs, *ROOT.glob("docs/**/*.md"), ROOT / "pyproject.toml", *ROOT.glob("changelog.d/*.md")]:
        text = doc.read_text(encoding="utf-8")
        new = rewrite_names(text)
        if doc.name == "pyproject.toml":
            new = new.replace('"publish/', f'"{MOVES["publish"]}/')
        if new != text:
            doc.write_text(new, encoding="utf-8")
    # then the files: modules that become packages first out of the way, then every move, then the data files
    for folder in FOLDERS:
        (PACKAGE / folder).mkdir(exist_ok=True)
    moved_data = [p for p in (PACKAGE / "publish").rglob("*") if p.is_file() and p.suffix != ".py"]
    for _old, (path, target) in sorted(plan.items(), key=lambda kv: kv[0].count("."), reverse=True):
        if path == target:
            continue
        if path.name != "__init__.py" and target.name == "__init__.py":
            tmp = path.with_name(f"_{path.stem}_moving.py")
            subprocess.run(["git", "mv", str(path), str(tmp)], check=True, cwd=ROOT)
            path = tmp
        target.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "mv", str(path), str(target)], check=True, cwd=ROOT)
    for data in moved_data:
        target = PACKAGE / MOVES["publish"] / data.relative_to(PACKAGE / "publish")
        target.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "mv", str(data), str(target)], check=True, cwd=ROOT)
    for folder in FOLDERS:
        init = PACKAGE / folder / "__init__.py"
        if not init.exists():
            init.write_text(f'"""lawhistory\'s {folder} stage (docs/architecture-move.md)."""\n', encoding="utf-8")
            subprocess.run(["git", "add", str(init)], check=True, cwd=ROOT)
    for leftover in sorted(PACKAGE.rglob("*"), reverse=True):
        if leftover.is_dir() and not any(leftover.iterdir()):
            leftover.rmdir()
    ruff = [sys.executable, "-m", "ruff"]
    subprocess.run([*ruff, "check", "--fix", "-q", "lawhistory", "tests", "benchmarks", "tools"], cwd=ROOT, check=False)
    subprocess.run([*ruff, "format", "-q", "lawhistory", "tests", "benchmarks", "tools"], cwd=ROOT, check=False)
    print("moved; now run the full suite (python -m pytest) and mypy")


if __name__ == "__main__":
    main()
