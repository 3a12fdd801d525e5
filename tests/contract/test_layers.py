"""Imports point down: no module imports from a layer above its own, and no two modules import each other.

The layers, lowest first (README.md, "Layout"):

====  ===========================================================================================
0     ``engine``: knows no game
1     ``games``: each game package depends only on the engine
2     ``phoenixgames`` itself (its ``__init__``): the public surface, which registers the games
3     ``agents``: bots over the public API
4     ``sim``: matches, tournaments, statistics, reports, timings of bots
5     ``server`` and ``rl``, side by side: neither imports the other
6     ``cli``: the command line, which starts the server (``serve``) among the rest
====  ===========================================================================================

``phoenixgames.rules`` (the rule pages, ``docs/rules/*.md``) and ``phoenixgames.web`` (the browser's
static pages) hold no Python: any layer may read them as data. Every import counts, wherever it is: at
the top of a module, inside a function, under ``if TYPE_CHECKING:``, or by ``importlib.import_module``
with a constant name. The modules are read as text (their syntax trees), never imported.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE_FOLDER = Path(__file__).resolve().parents[2] / "src" / "phoenixgames"
ROOT = "phoenixgames"

#: Each layer's rank: a module may import from its own package or from a lower rank, never higher,
#: nor from another package of its own rank.
LAYERS = {
    "engine": 0,
    "games": 1,
    ROOT: 2,
    "agents": 3,
    "sim": 4,
    "server": 5,
    "rl": 5,
    "cli": 6,
}


@dataclass(frozen=True)
class Import:
    """One import statement's target, resolved to a module of the package."""

    source: str
    target: str
    #: the names taken from ``target`` (``from target import names``; none for ``import target``)
    names: tuple[str, ...]
    line: int
    #: inside ``if TYPE_CHECKING:`` (no import at run time)
    for_types: bool


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE_FOLDER.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def all_modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE_FOLDER.rglob("*.py"))}


def layer_of(module: str) -> str:
    """The layer of a module: its top package under ``phoenixgames`` (the root for ``phoenixgames``)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ROOT


def _targets(child: ast.AST, package: str) -> list[tuple[str, tuple[str, ...]]]:
    """(module, names taken from it) for one node, if it is an import; a submodule named in ``from
    package import name`` counts as an import of that submodule."""
    if isinstance(child, ast.Import):
        return [(alias.name, ()) for alias in child.names]
    if isinstance(child, ast.ImportFrom):
        if child.level:
            parts = package.split(".")
            source = ".".join(parts[: len(parts) - child.level + 1] + ([child.module] if child.module else []))
        else:
            source = child.module or ""
        known = all_modules()
        names = [alias.name for alias in child.names]
        found = [(f"{source}.{name}", ()) for name in names if f"{source}.{name}" in known]
        rest = tuple(name for name in names if f"{source}.{name}" not in known)
        return [(source, rest)] * bool(rest) + found
    if (
        isinstance(child, ast.Call)
        and ast.unparse(child.func).endswith("import_module")
        and child.args
        and isinstance(child.args[0], ast.Constant)
        and isinstance(child.args[0].value, str)
    ):
        return [(child.args[0].value, ())]
    return []


def imports_in(module: str, path: Path) -> Iterator[Import]:
    """Every import of ``phoenixgames`` in the module at ``path``, at any depth of its syntax tree."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]

    def visit(node: ast.AST, for_types: bool) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            typed = for_types or (isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test))
            for target, names in _targets(child, package):
                if target == ROOT or target.startswith(ROOT + "."):
                    # only statements and calls name imports, and both have a line
                    yield Import(module, target, names, child.lineno, typed)  # type: ignore[attr-defined]
            yield from visit(child, typed)

    yield from visit(tree, False)


@functools.cache
def reexports(package: str) -> dict[str, str]:
    """The names a package's ``__init__`` takes from its own modules at its top: name -> that module.

    Importing such a name from the package depends on the module that defines it, not on the
    ``__init__`` that hands it on; so a module may import it from its package without a cycle.
    """
    path = all_modules().get(package)
    if path is None or path.name != "__init__.py":
        return {}
    found: dict[str, str] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            for alias in node.names:
                found[alias.asname or alias.name] = f"{package}.{node.module}"
    return found


@functools.cache
def every_import() -> list[Import]:
    return [found for module, path in all_modules().items() for found in imports_in(module, path)]


def upward(found: Import) -> bool:
    """Whether an import runs up the layers, or across to a sibling of the same rank."""
    source, target = layer_of(found.source), layer_of(found.target)
    if source == target:
        return False
    return LAYERS[target] >= LAYERS[source]


def test_every_module_sits_in_a_layer():
    unplaced = sorted(module for module in all_modules() if layer_of(module) not in LAYERS)
    assert not unplaced, f"place these in a layer of tests/contract/test_layers.py (and docs/api.md): {unplaced}"


def test_no_module_imports_from_a_layer_above_its_own():
    wrong = [
        f"{found.source} (line {found.line}, layer {layer_of(found.source)}) imports {found.target} "
        f"(layer {layer_of(found.target)})"
        for found in every_import()
        if upward(found)
    ]
    assert not wrong, "imports that point up or across:\n" + "\n".join(wrong)


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(edges.get(node, ())):
            if other not in index:
                connect(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            connect(node)
    return groups


def runtime_edges(layer: str) -> dict[str, set[str]]:
    """Which modules of ``layer`` each of its modules imports at run time.

    A name a package's ``__init__`` hands on from one of its modules counts as imported from that
    module (:func:`reexports`); any other import of a package's ``__init__`` from one of its modules is
    a cycle, since the ``__init__`` imports its modules. An import only for the type checker is none.
    """
    edges: dict[str, set[str]] = {}
    for found in every_import():
        if found.for_types or layer_of(found.source) != layer or layer_of(found.target) != layer:
            continue
        handed_on = reexports(found.target)
        if found.names and all(name in handed_on for name in found.names):
            targets = {handed_on[name] for name in found.names}
        else:
            targets = {found.target}
        edges.setdefault(found.source, set()).update(targets - {found.source})
    return edges


@pytest.mark.parametrize("layer", sorted(set(LAYERS) - {ROOT}))
def test_no_two_modules_of_a_layer_import_each_other(layer):
    found = cycles(runtime_edges(layer))
    assert not found, f"modules of {layer} that import each other, directly or in a ring: {found}"


def test_no_module_imports_the_private_names_of_another():
    """A name with a leading underscore belongs to its module: what two modules share is made public
    (and given a home of its own) instead."""
    wrong = [
        f"{found.source} (line {found.line}) imports {', '.join(private)} from {found.target}"
        for found in every_import()
        if (private := [name for name in found.names if name.startswith("_") and not name.startswith("__")])
    ]
    assert not wrong, "\n".join(wrong)


#: The terminal's libraries: the command line draws with them (and each game's ``render`` module draws its
#: view), nothing between the games and the command line does.
TERMINAL = ("rich", "typer")


@pytest.mark.parametrize("layer", ["engine", "agents", "sim", "server"])
def test_the_terminal_interface_lives_under_cli(layer):
    found = []
    for module, path in all_modules().items():
        if layer_of(module) != layer:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            found += [f"{module} imports {name}" for name in names if name.split(".")[0] in TERMINAL]
    assert not found, found


def test_the_walk_finds_imports_inside_functions_and_for_the_type_checker():
    """The walk itself: an import inside a function, one for types and one by name are all seen."""
    sample = PACKAGE_FOLDER / "engine" / "registry.py"
    found = {(i.target, i.for_types) for i in imports_in("phoenixgames.engine.registry", sample)}
    assert found, "the engine's registry imports nothing of the package?"
    assert ("phoenixgames.engine.registry", False) not in found
    assert upward(Import("phoenixgames.engine.x", "phoenixgames.games.schatz", (), 1, False))
    assert upward(Import("phoenixgames.server.x", "phoenixgames.rl.gymnasium", (), 1, False))
    assert upward(Import("phoenixgames.games.schatz.x", "phoenixgames", (), 1, False))
    assert not upward(Import("phoenixgames.cli.x", "phoenixgames.server.app", (), 1, False))
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
