"""The house rules of the layers, checked on the source with ``ast`` (ARCHITECTURE §1).

* No import cycle among ``main.py``, ``game/``, ``saves/`` and ``scenes/``: every static
  import counts, the ones inside functions and the type-only ones under
  ``if TYPE_CHECKING:`` too (a module that needs another's type while that one imports
  it names a protocol instead: ``scenes.scene.App`` for the app).
* ``game/`` imports neither pygame nor ``scenes`` nor ``saves`` (ruff checks the same
  through ``game/ruff.toml``; this test keeps it true without ruff too).
* ``game/core`` is the bottom layer: it imports nothing of ``game/`` outside itself
  (not the registry ``game``, not ``game.ai``, no game package, no CLI), type-only
  imports included.  The one declared exception to the layers, ``game/__main__.py``
  (``python -m game replay`` hands the save loader to the rules CLI), is not in it.
* The table kit (``scenes/table/*.py``) imports no game package (``game.manasurge``,
  ``game.toy``, ...): only a game's own table package ``scenes/table/<game>/`` imports
  its rules package.
* Nothing under ``scenes/table/`` imports a shell scene (pause, results, hand-off,
  title, ...): the table asks for them by name (``app.scenes.push("pause", ...)``).

Each failure names the file, the line and the import.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from scenes.scene import SCENES

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("game", "saves", "scenes")

# Shell scenes the table kit must reach only through the scene router: every
# module the router names (scenes/scene.py SCENES) but the table itself.
SHELL_SCENES = tuple(
    sorted(
        {
            target.split(":")[0].split(".")[1]
            for name, target in SCENES.items()
            if not target.startswith("scenes.table")
        }
    )
)


@dataclass(frozen=True)
class Import:
    source: str  # module that imports, e.g. "scenes.table.base"
    path: Path
    line: int
    target: str  # the module imported, resolved to a module of this tree when possible
    type_only: bool  # inside ``if TYPE_CHECKING:``

    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_files() -> list[Path]:
    files = [ROOT / "main.py"]
    for package in PACKAGES:
        files.extend(sorted((ROOT / package).rglob("*.py")))
    return files


MODULES = {_module_name(p): p for p in source_files()}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _resolve(name: str) -> str:
    """The longest prefix of ``name`` that is a module of this tree (else ``name``)."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in MODULES:
            return candidate
    return name


def _walk(node: ast.AST, type_only: bool) -> Iterator[tuple[ast.AST, bool]]:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child.test):
            for stmt in child.body:
                yield stmt, True
                yield from _walk(stmt, True)
            for stmt in child.orelse:
                yield stmt, type_only
                yield from _walk(stmt, type_only)
            continue
        yield child, type_only
        yield from _walk(child, type_only)


def imports_of(path: Path) -> list[Import]:
    """Every import statement in ``path``, module-level or nested, resolved."""
    source = _module_name(path)
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[Import] = []
    for node, type_only in _walk(tree, False):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = _resolve(alias.name)
                found.append(Import(source, path, node.lineno, target, type_only))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative import
                anchor = source.split(".")
                if not is_package:
                    anchor.pop()
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                # ``from scenes import pause`` imports the module scenes.pause
                target = _resolve(f"{base}.{alias.name}")
                found.append(Import(source, path, node.lineno, target, type_only))
    return found


ALL_IMPORTS = [imp for path in source_files() for imp in imports_of(path)]


def import_graph(imports: list[Import]) -> dict[str, dict[str, Import]]:
    """module -> {imported module of this tree -> first import statement}, type-only
    imports included."""
    graph: dict[str, dict[str, Import]] = {name: {} for name in MODULES}
    for imp in imports:
        if imp.target not in MODULES or imp.target == imp.source:
            continue
        graph[imp.source].setdefault(imp.target, imp)
    return graph


def find_cycles(graph: dict[str, dict[str, Import]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    counter = 0

    def visit(start: str) -> None:
        nonlocal counter
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(sorted(component))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return sorted(components)


def cycle_path(graph: dict[str, dict[str, Import]], members: list[str]) -> list[Import]:
    """One concrete cycle inside a strongly connected component, as import statements."""
    inside = set(members)
    start = members[0]
    # breadth-first search back to ``start`` through the component
    previous: dict[str, Import] = {}
    frontier = [start]
    while frontier:
        following: list[str] = []
        for node in frontier:
            for target, imp in sorted(graph[node].items()):
                if target not in inside:
                    continue
                if target == start:
                    chain = [imp]
                    while chain[0].source != start:
                        chain.insert(0, previous[chain[0].source])
                    return chain
                if target not in previous:
                    previous[target] = imp
                    following.append(target)
        frontier = following
    return []


def describe_cycle(chain: list[Import]) -> str:
    return "\n".join(f"    {imp.source} -> {imp.target}  ({imp.where()})" for imp in chain)


# -- the checks --------------------------------------------------------------------------


# Cycles that still exist in files other engineers are changing right now; each line is
# deleted once its cycle is broken (the test below fails when a listed cycle is gone).
KNOWN_CYCLES: list[list[str]] = []


def test_no_import_cycle() -> None:
    graph = import_graph(ALL_IMPORTS)
    cycles = [c for c in find_cycles(graph) if c not in KNOWN_CYCLES]
    report = [
        f"  cycle among {', '.join(members)}:\n{describe_cycle(cycle_path(graph, members))}"
        for members in cycles
    ]
    assert not cycles, "import cycles (break them with app.scenes / a registry):\n" + "\n".join(
        report
    )


def test_known_cycles_still_exist() -> None:
    cycles = find_cycles(import_graph(ALL_IMPORTS))
    gone = [c for c in KNOWN_CYCLES if c not in cycles]
    assert not gone, f"these cycles are gone: delete them from KNOWN_CYCLES: {gone}"


# What the table kit may import from game/: the registry, the shared core, the AI (it
# plays every game through the contract), i18n, version.
KIT_MAY_IMPORT = ("game", "game.core", "game.ai", "game.i18n", "game.version")


def _kit_may_import(target: str) -> bool:
    return any(target == ok or target.startswith(ok + ".") for ok in KIT_MAY_IMPORT[1:]) or (
        target == KIT_MAY_IMPORT[0]
    )


# Command-line entry points put the layers together (like main.py): `python -m game`
# hands the save loader to the rules CLI, so `replay` reads files exactly as the game does.
ENTRY_POINTS = ("game.__main__",)


def _rule_broken(imp: Import) -> str:
    """Why ``imp`` breaks a layer rule ("" when it does not)."""
    source, target = imp.source.split("."), imp.target.split(".")
    if imp.source in ENTRY_POINTS:
        return ""
    if source[:2] == ["game", "core"] and target[0] == "game" and target[:2] != ["game", "core"]:
        return "game/core imports nothing above it: the rules, the AI and the registry import it"
    if source[0] == "game" and target[0] in ("pygame", "scenes", "saves"):
        return "game/ stays pure Python: no pygame, scenes or saves"
    if source[:2] != ["scenes", "table"]:
        return ""
    table_dir = ROOT / "scenes" / "table"
    # scenes/table/<game>/... belongs to <game>; scenes/table/*.py is the kit
    own_game = None if imp.path.parent == table_dir else imp.path.relative_to(table_dir).parts[0]
    if target[0] == "game" and not _kit_may_import(imp.target) and target[1] != own_game:
        return f"only a game's own table package scenes/table/<game>/ imports game.{target[1]}"
    if len(target) == 2 and target[0] == "scenes" and target[1] in SHELL_SCENES:
        return 'the table asks for shell scenes by name: app.scenes.push("...")'
    return ""


def layer_violations(imports: list[Import]) -> list[str]:
    """Every import that breaks a layer rule, as ``file:line: module imports X (why)``."""
    out: list[str] = []
    for imp in imports:
        why = _rule_broken(imp)
        if why:
            out.append(f"{imp.where()}: {imp.source} imports {imp.target} ({why})")
    return out


def test_ruff_bans_every_shell_scene_in_the_table() -> None:
    """scenes/table/ruff.toml's banned-api list names every shell scene the router
    knows, so ``make lint`` reports a table importing one as this file does."""
    text = (ROOT / "scenes" / "table" / "ruff.toml").read_text(encoding="utf-8")
    banned = set(re.findall(r'^"scenes\.(\w+)"\.msg', text, flags=re.M))
    assert set(SHELL_SCENES) <= banned, sorted(set(SHELL_SCENES) - banned)


def test_layers_are_kept() -> None:
    problems = layer_violations(ALL_IMPORTS)
    assert not problems, "imports that break the layers (ARCHITECTURE §1):\n" + "\n".join(problems)


# -- the checks can fail -----------------------------------------------------------------


def _fake(rel: str, target: str, type_only: bool = False) -> Import:
    return Import(_module_name(ROOT / rel), ROOT / rel, 3, target, type_only)


def test_cycle_is_found_and_named() -> None:
    imports = [
        _fake("scenes/table/base.py", "scenes.pause"),
        _fake("scenes/pause.py", "scenes.title"),
        _fake("scenes/title.py", "scenes.table.base"),
        _fake("scenes/app.py", "scenes.scene"),
        _fake("scenes/ui/menu.py", "scenes.scene"),
    ]
    graph = import_graph(imports)
    cycles = find_cycles(graph)
    assert cycles == [["scenes.pause", "scenes.table.base", "scenes.title"]]
    text = describe_cycle(cycle_path(graph, cycles[0]))
    assert "scenes.pause -> scenes.title  (scenes/pause.py:3)" in text
    assert "scenes.table.base -> scenes.pause" in text


def test_a_type_only_cycle_is_a_cycle() -> None:
    """A scene importing the app for its type while the app imports the scene is a
    circle too (``if TYPE_CHECKING:`` hides it from the interpreter, not from a reader)."""
    imports = [
        _fake("scenes/app.py", "scenes.scene"),
        _fake("scenes/scene.py", "scenes.app", type_only=True),
    ]
    graph = import_graph(imports)
    assert find_cycles(graph) == [["scenes.app", "scenes.scene"]]
    assert "scenes.scene -> scenes.app  (scenes/scene.py:3)" in describe_cycle(
        cycle_path(graph, ["scenes.app", "scenes.scene"])
    )


@pytest.mark.parametrize(
    ("rel", "target", "broken"),
    [
        ("game/core/match.py", "pygame", True),
        ("game/manasurge/rules.py", "saves.store", True),
        ("game/cli.py", "scenes.app", True),
        ("game/cli.py", "game.core.match", False),
        ("game/core/match.py", "game", True),  # the registry
        ("game/core/match.py", "game.ai.bots", True),
        ("game/core/effects.py", "game.shv.rules", True),
        ("game/core/contract.py", "game.i18n", True),
        ("game/core/content.py", "game.core.files", False),
        ("game/core/__init__.py", "game.core.contract", False),
        ("game/ai/worker.py", "game", False),
        ("game/ai/bots.py", "game.core.contract", False),
        ("game/__init__.py", "game.core.match", False),
        ("scenes/table/base.py", "game.manasurge.state", True),
        ("scenes/table/__init__.py", "game.manasurge", True),
        ("scenes/table/base.py", "game.core.contract", False),
        ("scenes/table/base.py", "game", False),
        ("scenes/table/manasurge/table.py", "game.manasurge", False),
        ("scenes/table/manasurge/__init__.py", "game.manasurge.cards", False),
        ("scenes/table/manasurge/look.py", "game.toy", True),
        ("scenes/table/base.py", "scenes.pause", True),
        ("scenes/table/manasurge/table.py", "scenes.title", True),
        ("scenes/table/base.py", "scenes.scene", False),
        ("scenes/title.py", "scenes.pause", False),
        ("scenes/title.py", "game.manasurge", False),
    ],
)
def test_layer_rule(rel: str, target: str, broken: bool) -> None:
    imp = _fake(rel, target)
    problems = layer_violations([imp])
    assert bool(problems) == broken, problems
    if broken:
        assert problems[0].startswith(f"{rel}:3: {imp.source} imports {target} (")


def test_a_type_only_import_up_from_the_core_breaks_the_rule_too() -> None:
    """A type-only import still ties the core to what is above it (a type-only cycle)."""
    problems = layer_violations([_fake("game/core/match.py", "game.ai.levels", type_only=True)])
    assert problems and "game/core imports nothing above it" in problems[0]
