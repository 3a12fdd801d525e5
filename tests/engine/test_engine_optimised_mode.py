"""The checks that read a saved game back hold under ``python -O`` too, which removes every ``assert``.

The same tampered perspective saves of every game are loaded by this interpreter and by one started
with ``-O``; each must be refused, or loaded into the same state, by both alike. Beside it, the
package holds no ``assert`` at all (ruff's rule S101 keeps it so; this test reads the source too).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import phoenixgames as pg
from tests.support.tampering import forged

PACKAGE = Path(pg.__file__).parent

#: Loads every case given on standard input (one JSON save a line) and prints what became of each.
VERDICTS = """
import hashlib, json, sys
import phoenixgames as pg
for line in sys.stdin:
    try:
        state = pg.load_game(line)
    except pg.InvalidGameFile:
        print("refused")
    else:
        print("loaded " + hashlib.sha256(state.to_json().encode()).hexdigest()[:16])
"""


def tampered_saves() -> list[str]:
    """Perspective saves of every game, each with one number of its state changed (and its digest
    written again, so that the game's reading of the fields is what must refuse it)."""
    cases = []
    for game in pg.games():
        state = pg.new_game(game, players=pg.get_spec(game).min_players, seed=17)
        for _ in range(30):
            state.apply(state.legal_actions()[len(state.history) % len(state.legal_actions())])
        saved = json.loads(state.copy(perspective=state.current_player, seed=2).to_json())
        cases.append(json.dumps(saved))
        for key, value in sorted(saved["state"].items()):
            for new in (-1, 99, 10**6) if isinstance(value, int) and not isinstance(value, bool) else ():
                cases.append(json.dumps(forged({**saved, "state": {**saved["state"], key: new}})))
            if isinstance(value, list) and value:
                cases.append(json.dumps(forged({**saved, "state": {**saved["state"], key: [*value, value[-1]]}})))
    return cases


def _verdicts(flags: list[str], cases: list[str]) -> list[str]:
    ran = subprocess.run(
        [sys.executable, *flags, "-c", VERDICTS], input="\n".join(cases) + "\n", capture_output=True, text=True
    )
    assert ran.returncode == 0, ran.stderr
    return ran.stdout.splitlines()


def test_tampered_saves_are_refused_alike_with_and_without_python_dash_o():
    cases = tampered_saves()
    plain, optimised = _verdicts([], cases), _verdicts(["-O"], cases)
    assert len(plain) == len(cases)
    assert plain[0].startswith("loaded") and plain.count("refused") > len(cases) // 2
    assert optimised == plain


def test_the_package_holds_no_assert_statement():
    found = [
        f"{path.relative_to(PACKAGE)}:{node.lineno}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Assert)
    ]
    assert not found, f"assert statements vanish under python -O: {found}"
