"""Golden playthroughs written out as text a person can read, and the line-by-line check of them.

A golden game is a random game (``name: (game, players, game seed, agent seed, options)``, the actions
chosen with ``random.Random(agent_seed)``) written to ``tests/contract/golden/<name>.txt``:

* a header naming the game, its players, seed and every option;
* the set-up: seat 0's view and the referee view (``view(None)``) as pretty JSON;
* for each action, a block ``== action N: seat S plays <notation>``, the legal actions that were
  offered (``offered (K): [...]``), then what changed in seat 0's view and in the referee view, one
  line a change: ``path: new value`` (``hands[0]: ["R3","G5"]``), ``path: (removed)`` for a key or
  list items that are gone (a list of plain values is written whole; the referee view lists only the
  changes seat 0's view does not already show);
* at the end the scores and the winners.

``python tests/contract/make_golden.py`` writes every file again; the test replays each game and
compares line by line, naming the first line that differs and the action it belongs to.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import phoenixgames as pg

#: game, players, game seed, agent seed, options
GoldenGame = tuple[str, int, int, int, dict[str, Any]]

HEADER = "# Written by `python tests/contract/make_golden.py` (run it again to accept a change)."
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _value(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _key(path: str, key: Any) -> str:
    if isinstance(key, str) and _NAME.fullmatch(key):
        return f"{path}.{key}" if path else key
    return f"{path}[{json.dumps(key, ensure_ascii=False)}]"


def changes(old: Any, new: Any, path: str = "") -> Iterator[str]:
    """One line per difference from ``old`` to ``new``: the path and its new value."""
    if old == new and type(old) is type(new):
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in sorted(old.keys() | new.keys(), key=str):
            where = _key(path, key)
            if key not in new:
                yield f"{where}: (removed)"
            elif key not in old:
                yield f"{where}: {_value(new[key])}"
            else:
                yield from changes(old[key], new[key], where)
    elif isinstance(old, list) and isinstance(new, list) and _structured(old) and _structured(new):
        for index, (before, after) in enumerate(zip(old, new, strict=False)):
            yield from changes(before, after, f"{path}[{index}]")
        for index in range(len(old), len(new)):
            yield f"{path}[{index}]: {_value(new[index])}"
        if len(old) > len(new):
            yield f"{path}[{len(new)}:]: (removed)"
    elif type(old) is not type(new) or old != new:
        yield f"{path or '(view)'}: {_value(new)}"


def _structured(items: list) -> bool:
    """A list of dicts or lists is compared item by item; a list of plain values is written whole."""
    return bool(items) and all(isinstance(item, (dict, list)) for item in items)


def _pretty(view: dict) -> list[str]:
    return json.dumps(view, ensure_ascii=False, indent=2, sort_keys=True).splitlines()


def lines(name: str, golden: GoldenGame) -> tuple[list[str], pg.GameState]:
    """The golden file's lines for ``golden``, played now; and the finished game."""
    game, players, seed, agent_seed, options = golden
    state = pg.new_game(game, players=players, seed=seed, **options)
    rng = random.Random(agent_seed)
    out = [
        f"# Golden game {name}: {pg.get_spec(game).title}, {players} players, seed {seed}, "
        f"options {_value(state.options)}, random actions chosen with random.Random({agent_seed}).",
        HEADER,
        "== set-up: seat 0's view",
        *_pretty(seen := state.view(0)),
        "== set-up: referee view",
        *_pretty(referee := state.view(None)),
    ]
    number = 0
    while not state.is_over:
        number += 1
        legal = state.legal_actions()
        seat = state.current_player
        action = state.apply(rng.choice(legal))
        out.append(f"== action {number}: seat {seat} plays {action}")
        out.append(f"offered ({len(legal)}): {_value([str(a) for a in legal])}")
        now_seen, now_referee = state.view(0), state.view(None)
        out.append("seat 0's view:")
        mine = list(changes(seen, now_seen))
        out.extend(f"  {line}" for line in mine)
        out.append("referee view, besides those:")
        shown = set(mine)
        out.extend(f"  {line}" for line in changes(referee, now_referee) if line not in shown)
        seen, referee = now_seen, now_referee
    out += ["== end", f"scores: {_value(state.scores)}", f"winners: {_value(state.winners)}"]
    return out, state


def write(folder: Path, name: str, golden: GoldenGame) -> Path:
    path = folder / f"{name}.txt"
    path.write_text("\n".join(lines(name, golden)[0]) + "\n", encoding="utf-8")
    return path


def _short(line: str | None) -> str:
    if line is None:
        return "(the end of the file)"
    return line if len(line) <= 300 else line[:300] + f"... ({len(line)} characters)"


def first_difference(expected: list[str], actual: list[str]) -> str | None:
    """None if the lines agree; else a message naming the first line that differs and its action."""
    for index in range(max(len(expected), len(actual))):
        want = expected[index] if index < len(expected) else None
        got = actual[index] if index < len(actual) else None
        if want == got:
            continue
        where = "the header"
        for line in reversed(actual[: index + 1]):
            if line.startswith("== "):
                where = line[3:]
                break
        return (
            f"line {index + 1} differs, in {where}:\n  written: {_short(want)}\n  now:     {_short(got)}\n"
            "if the change is meant, write the files again: python tests/contract/make_golden.py"
        )
    return None


def check(folder: Path, name: str, golden: GoldenGame) -> None:
    """Replay the golden game: every line must be as written; its record replays to the same end."""
    path = folder / f"{name}.txt"
    assert path.exists(), f"{path} is missing: python tests/contract/make_golden.py writes it"
    expected = path.read_text(encoding="utf-8").splitlines()
    actual, state = lines(name, golden)
    difference = first_difference(expected, actual)
    assert difference is None, f"golden game {name}: {difference}"
    game, players, seed, _, options = golden
    defaults = {option.name: option.default for option in pg.get_spec(game).options}
    assert state.options == {**defaults, **options}
    assert (state.record["players"], state.record["seed"]) == (players, seed)
    replayed = pg.replay(json.loads(json.dumps(state.record)))
    assert replayed.is_over and replayed.scores == state.scores and replayed.winners == state.winners
    assert replayed.record == state.record and replayed.to_json() == state.to_json()
