"""One shape for the four games: a reader who knows one game package knows where everything is in the
others. Each package has the same modules with the same roles (docs/api.md, "How a game package is
built"); beside them, a game may keep modules named after parts of its rulebook."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import phoenixgames as pg

GAMES_FOLDER = Path(pg.__file__).resolve().parent / "games"

#: Every game package's modules, and the role of each.
COMMON = {
    "__init__": "registers the game's spec: options, hooks, facts",
    "phases": "the phases of play and the constants several modules share",
    "components": "the components as data (with data.toml)",
    "actions": "the actions, their notation, the parser and the action table",
    "state": "the state: fields declared once, set-up, legal actions and their effects",
    "refusals": "why an action is refused, in the player's terms",
    "hidden": "the re-deal of what a seat cannot see",
    "view": "what a seat, a spectator and the referee see",
    "events": "what each seat and the spectators saw happen",
    "saves": "reading a saved perspective copy back, field by field",
    "invariants": "what every reachable state satisfies",
    "heuristic": "the casual player's move and the evaluation for bots",
    "render": "the terminal drawing",
    "facts": "the bound on a game's length and the range of scores",
    "encoding": "the observation vector, filled from a seat's view alone",
}


def modules(game: str) -> set[str]:
    return {path.stem for path in (GAMES_FOLDER / game).glob("*.py")}


def imports_of(game: str, module: str) -> list[tuple[str, bool]]:
    """The modules of the game that ``module`` imports at run time (relative imports; those only for the
    type checker, under ``if TYPE_CHECKING:``, aside), each with whether it is imported inside a function
    or a class rather than at the top of the module."""
    tree = ast.parse((GAMES_FOLDER / game / f"{module}.py").read_text(encoding="utf-8"))
    found: list[tuple[str, bool]] = []

    def visit(node: ast.AST, nested: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if isinstance(child, ast.ImportFrom) and child.level == 1:
                names = [child.module] if child.module else [alias.name for alias in child.names]
                found.extend((name.split(".")[0], nested) for name in names)
            inner = nested or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
            visit(child, inner)

    visit(tree, False)
    return found


@pytest.mark.parametrize("game", pg.games())
def test_every_game_package_has_the_common_modules(game):
    missing = sorted(set(COMMON) - modules(game))
    assert not missing, f"{game} lacks {missing}"
    assert (GAMES_FOLDER / game / "data.toml").is_file()


@pytest.mark.parametrize("game", pg.games())
def test_nothing_in_a_game_imports_its_state_back_but_its_registration(game):
    for module in sorted(modules(game) - {"__init__", "state"}):
        assert "state" not in [name for name, _ in imports_of(game, module)], f"{game}.{module} imports state"


@pytest.mark.parametrize("game", pg.games())
def test_a_game_imports_its_own_modules_at_the_top(game):
    """No import inside a function: the modules form no cycle that would need one."""
    for module in sorted(modules(game)):
        inner = [name for name, nested in imports_of(game, module) if nested]
        assert not inner, f"{game}.{module} imports {inner} inside a function"


@pytest.mark.parametrize("game", pg.games())
def test_only_the_renderer_imports_rich(game):
    for module in sorted(modules(game) - {"render"}):
        text = (GAMES_FOLDER / game / f"{module}.py").read_text(encoding="utf-8")
        assert "import rich" not in text and "from rich" not in text, f"{game}.{module}"


@pytest.mark.parametrize("game", pg.games())
def test_a_state_declares_each_field_once(game):
    """The fields are annotations only: no slots list, no copy or save written out by hand."""
    source = (GAMES_FOLDER / game / "state.py").read_text(encoding="utf-8")
    for written_twice in ("__slots__", "def _copy_into", "def _to_dict", "_FIELDS ="):
        assert written_twice not in source, f"{game}'s state writes {written_twice}"
