"""Every rule of every registered game's checklist is pinned by a test that names it.

A test names rule ``PHX-21`` by ``phx21`` in its function name, or by ``PHX-21`` in its docstring or in a
marker's arguments. The checklists live beside the rulebooks, in ``shared/rules/`` next to the checkout.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

import phoenixgames as pg

TESTS = Path(__file__).resolve().parent
RULES = TESTS.parent.parent / "shared" / "rules"

# game name -> (checklist file, rule-id prefix)
CHECKLISTS = {
    "schatz": ("checklist-schatz.md", "SCH"),
    "phoenix": ("checklist-phoenix.md", "PHX"),
    "phoenicia": ("checklist-phoenicia.md", "PHN"),
    "syndicate": ("checklist-syndicate.md", "SYN"),
}

GAMES = [game for game in pg.games() if game in CHECKLISTS]


def checklist_ids(game: str) -> list[str]:
    filename, prefix = CHECKLISTS[game]
    path = RULES / filename
    if not path.is_file():
        pytest.skip(f"the rule checklist is not here: {path}")
    ids = sorted(set(re.findall(rf"\b{prefix}-(\d\d)\b", path.read_text(encoding="utf-8"))))
    assert ids, f"no rule ids found in {path}"
    return ids


@cache
def all_test_functions() -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """(where, function name, texts that may name rules) for every test function under tests/."""
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        if path == Path(__file__).resolve():
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
                texts = [ast.get_docstring(node) or ""]
                for decorator in node.decorator_list:
                    texts += [
                        part.value
                        for part in ast.walk(decorator)
                        if isinstance(part, ast.Constant) and isinstance(part.value, str)
                    ]
                found.append((str(path.relative_to(TESTS)), node.name, tuple(texts)))
    return tuple(found)


def named_ids(game: str) -> dict[str, list[str]]:
    prefix = CHECKLISTS[game][1]
    found: dict[str, list[str]] = {}
    for where, name, texts in all_test_functions():
        ids = set(re.findall(rf"{prefix.lower()}(\d\d)(?!\d)", name))
        for text in texts:
            ids |= set(re.findall(rf"\b{prefix}-(\d\d)\b", text))
        for rule in ids:
            found.setdefault(rule, []).append(f"{where}::{name}")
    return found


def test_every_game_with_a_rulebook_has_a_checklist_entry():
    assert "schatz" in GAMES


@pytest.mark.parametrize("game", GAMES)
def test_every_checklist_rule_is_pinned_by_a_named_test(game: str):
    prefix = CHECKLISTS[game][1]
    named = named_ids(game)
    missing = [f"{prefix}-{rule}" for rule in checklist_ids(game) if rule not in named]
    assert not missing, f"no test names {', '.join(missing)}"


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_a_test_names_is_in_the_checklist(game: str):
    prefix = CHECKLISTS[game][1]
    unknown = sorted(f"{prefix}-{rule}" for rule in set(named_ids(game)) - set(checklist_ids(game)))
    assert not unknown, f"tests name rules the checklist does not have: {', '.join(unknown)}"
