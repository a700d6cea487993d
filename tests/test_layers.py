"""The package's layers, read from its imports with ``ast``: the pipeline runs one way.

A module's layer is named by the group below holding it. Imports inside ``if TYPE_CHECKING:`` are types only and not
counted; imports inside functions count for the layer rules, not for cycles (those are between modules at import).
"""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

from lawhistory.files.inputs import BUILD_MODULE, PACKAGE_ROOT, deriving_files

PACKAGE = PACKAGE_ROOT
LAYERS = {
    "core": "core __init__ core.errors core.bodytext core.model core.ids core.labels core.dates core.diff core.operations core.versions core.faults core.files core.quotes core.terms",
    "reading": "reading reading.importers reading.gazette reading.structure reading.headings reading.schedules reading.definitions reading.sentences reading.closing reading.page_headers reading.tables reading.instrument_meta reading.line_lists",
    "amending": "amending amending.instructions amending.families amending.accounting amending.apply amending.timeline amending.known amending.law_known amending.amend",
    "files": "files files.textformat files.frontmatter files.instrument_file files.repo files.inputs",
    "deriving": "deriving deriving.build_history deriving.notes deriving.outcomes deriving.spans deriving.rows deriving.schema deriving.schema_types deriving.schema_features deriving.reviews deriving.known_sql deriving.penalties deriving.text_ids deriving.similar deriving.features deriving.store deriving.history deriving.build deriving.build_plan deriving.build_workers deriving.build_commit deriving.library",
    "presenting": "presenting presenting.views presenting.lawat presenting.akn presenting.fragments",
    "publishing": "publishing",
    "checking": "checking checking.copy checking.compare checking.report checking.run",
    "cli": "cli cli.app cli.publish cli.export cli.check entry __main__ amend_command",
}


def _name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts) or "__init__"


MODULES = {_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer(module: str) -> str:
    """The layer of a module: the longest group name that is the module or a package holding it."""
    names = [(g, n) for n, groups in LAYERS.items() for g in groups.split()]
    found = [(len(g), n) for g, n in names if module == g or module.startswith(g + ".")]
    assert found, f"lawhistory.{module} is in no layer: add it to LAYERS"
    return max(found)[1]


def imports(module: str) -> tuple[set[str], set[str]]:
    """(imported at module level, imported anywhere) by ``module``: package modules only, TYPE_CHECKING left out."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    package = "" if module == "__init__" else module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]
    top: set[str] = set()
    every: set[str] = set()

    def visit(node: ast.AST, at_top: bool) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1] if package else []
                base = ".".join([p for p in up if p] + ([base] if base else []))
            elif base.startswith("lawhistory"):
                base = base.removeprefix("lawhistory").lstrip(".")
            else:
                return
            for alias in node.names:
                full = f"{base}.{alias.name}".lstrip(".")
                target = full if full in MODULES else base
                if target in MODULES and target != module:
                    (top.add(target) if at_top else None), every.add(target)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                name = alias.name.removeprefix("lawhistory").lstrip(".")
                if alias.name.startswith("lawhistory") and name in MODULES:
                    (top.add(name) if at_top else None), every.add(name)
        inner = at_top and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        for child in ast.iter_child_nodes(node):
            visit(child, inner)

    visit(tree, True)
    return top, every


GRAPH = {m: imports(m) for m in MODULES}


def test_every_module_has_a_layer() -> None:
    for module in MODULES:
        layer(module)


def test_the_core_imports_nothing_above_it() -> None:
    wrong = [(m, i) for m, (_, every) in GRAPH.items() if layer(m) == "core" for i in every if layer(i) != "core"]
    assert wrong == []


def test_deriving_never_imports_publishing_and_nothing_imports_the_cli() -> None:
    wrong = [(m, i) for m, (_, every) in GRAPH.items() for i in every if layer(i) == "publishing" and layer(m) == "deriving"]
    # what the build derives uses one presenting module: the stored HTML of each provision (``fragments``)
    stored_html = {m for m in MODULES if m.rpartition(".")[2] == "fragments"}
    wrong += [(m, i) for m, (_, every) in GRAPH.items() if layer(m) == "deriving" for i in every - stored_html
              if layer(i) == "presenting"]  # fmt: skip
    wrong += [(m, i) for m, (_, every) in GRAPH.items() for i in every if layer(i) == "cli" and layer(m) != "cli"]
    assert wrong == []


def test_no_import_cycles() -> None:
    def cycle_from(start: str, path: list[str]) -> list[str] | None:
        for nxt in sorted(GRAPH[path[-1]][0]):
            if nxt == start:
                return [*path, nxt]
            if nxt not in path and nxt > start:  # each cycle is found once, from its smallest module
                found = cycle_from(start, [*path, nxt])
                if found:
                    return found
        return None

    cycles = [c for m in MODULES if (c := cycle_from(m, [m]))]
    assert cycles == []


def test_the_build_fingerprint_covers_the_code_the_build_runs() -> None:
    """A build by other code is rebuilt in full: the fingerprint hashes every module the build imports, and no more."""
    reached = _reachable(BUILD_MODULE) | {"__init__"}
    # and the grammars core/dates.py reads beside itself (a change to them changes what is stored)
    grammars = {"core/split_commencement.lark", "core/commencement.lark"}
    assert set(deriving_files(PACKAGE)) == {MODULES[m].relative_to(PACKAGE).as_posix() for m in reached} | grammars
    assert not {layer(m) for m in reached if MODULES[m].name != "__init__.py"} & {"cli", "publishing"}


def _reachable(start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        m = todo.pop()
        if m not in seen:
            seen.add(m)
            todo += GRAPH[m][1] | {".".join(m.split(".")[:k]) for k in range(1, m.count(".") + 1)}
    return seen


def test_the_applier_reads_no_text() -> None:
    """Operations are read when their instrument is read (targets as citation values, new text as provisions): the
    applier imports no parser — nothing from reading/, the structured-text readers or the citation splitter."""
    _, every = GRAPH["amending.apply"]
    parsers = {m for m in every if layer(m) == "reading" or m in ("files.textformat", "core.bodytext", "files.instrument_file")}
    assert parsers == set()
    tree = ast.parse(MODULES["amending.apply"].read_text(encoding="utf-8"))
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names}
    assert {n for n in names if n.startswith("parse") or n in ("split_citation", "normalise_citation")} == set()
    assert every <= {m for m in MODULES if layer(m) == "core"}, "the applier works on core values only"


def test_a_change_to_a_grammar_the_build_reads_changes_the_fingerprint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An edit of core/split_commencement.lark (read by the build's core/dates.py) makes the next build a full one, as
    an edit of a module does; an edit of a grammar only `amend` reads (amending/grammar/) does not."""
    from lawhistory.files import inputs

    copy = tmp_path / "lawhistory"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(inputs, "PACKAGE_ROOT", copy)
    before = inputs.code_fingerprint()
    grammar = copy / "core" / "split_commencement.lark"
    grammar.write_text(grammar.read_text(encoding="utf-8") + "\n// edited\n", encoding="utf-8")
    after = inputs.code_fingerprint()
    assert after != before
    amending = copy / "amending" / "grammar" / "wa.lark"
    amending.write_text(amending.read_text(encoding="utf-8") + "\n// edited\n", encoding="utf-8")
    assert inputs.code_fingerprint() == after
