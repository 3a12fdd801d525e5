"""A perspective save changed in any one field is refused, or it plays on: never a crash, never a hang.

A perspective save has no seed, so no record can prove it consistent: every field must be checked as
it is read. Each case here takes a real perspective save of every game, changes one field of its
state (a number made negative, huge or of another type; a list emptied, shortened or lengthened), and
loads it. The load must raise :class:`pg.InvalidGameFile`, or give a state that plays on with legal
actions, views and copies, raising nothing but a :class:`pg.PhoenixGamesError`, within a time limit.
"""

from __future__ import annotations

import copy
import json
import random
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import phoenixgames as pg
from tests.support.playthrough import advance

#: Values a number is replaced with.
NUMBERS = (-1, -(10**9), 99, 10**9, 10**30, 0, 1, 2)
#: Values of other types, put in place of a number or a list.
OTHERS: tuple[Any, ...] = (None, "1", 1.5, True, [], [[]], {})
#: Cases tried per game and position, drawn from every mutation of every field.
CASES = 150
#: How many actions a loaded state must play on for.
PLAY_ON = 60
#: Seconds one case may take.
LIMIT = 5.0


class Hang(Exception):
    """The case ran past its time limit."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def expire(_signum: int, _frame: object) -> None:
        raise Hang(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in nested JSON data, the data itself included."""
    yield path
    if isinstance(value, dict):
        for key in value:
            yield from paths(value[key], (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*path, index))


def get(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def mutations(value: Any) -> list[tuple[str, Any]]:
    """(description, new value) pairs for one place holding ``value``."""
    found: list[tuple[str, Any]] = []
    if isinstance(value, bool):
        found += [("flipped", not value), ("made a number", 2)]
    elif isinstance(value, int):
        found += [(f"set to {n}", n) for n in NUMBERS if n != value]
    elif isinstance(value, list):
        found += [("emptied", [])]
        if value:
            found += [("shortened", value[:-1]), ("lengthened", [*value, copy.deepcopy(value[-1])])]
            found += [("doubled", value + copy.deepcopy(value)), ("reversed", value[::-1])]
    elif isinstance(value, str):
        found += [("set to another text", value + "x"), ("emptied", "")]
    found += [(f"replaced by {other!r}", other) for other in OTHERS if type(other) is not type(value)]
    return found


def cases(state_data: dict[str, Any], rng: random.Random) -> list[tuple[tuple[Any, ...], str, Any]]:
    every = [(path, what, new) for path in paths(state_data) if path for what, new in mutations(get(state_data, path))]
    return rng.sample(every, min(CASES, len(every)))


def play_on(state: pg.GameState, rng: random.Random) -> None:
    """Use the loaded state as a bot and a player would: views, copies, legal actions, moves."""
    for _ in range(PLAY_ON):
        state.view(None)
        for seat in range(state.num_players):
            state.view(seat)
        _ = state.scores, state.winners, state.is_over
        if state.is_over:
            break
        seat = state.current_player
        state.copy(perspective=seat).legal_actions()
        actions = state.legal_actions()
        if not actions:
            raise AssertionError("the game is not over, yet the seat to act has no legal action")
        state.apply(rng.choice(actions))
    pg.load_game(state.to_json())


def positions(game: str) -> Iterator[tuple[str, pg.GameState]]:
    spec = pg.get_spec(game)
    for players in sorted({spec.min_players, spec.max_players}):
        state = pg.new_game(game, players=players, seed=11)
        rng = random.Random(players)
        yield f"{players} players, start", state.copy()
        advance(state, rng, 25)
        yield f"{players} players, 25 actions in", state.copy()
        advance(state, rng, 10_000)
        yield f"{players} players, at the end", state


@pytest.mark.slow
@pytest.mark.parametrize("game", pg.games())
def test_a_tampered_perspective_save_is_refused_or_plays_on(game):
    failures = []
    for where, true_state in positions(game):
        seat = true_state.current_player if true_state.current_player is not None else 0
        saved = json.loads(true_state.copy(perspective=seat, seed=1).to_json())
        rng = random.Random(f"{game}/{where}")
        for path, what, new in cases(saved["state"], rng):
            tampered = copy.deepcopy(saved)
            if len(path) == 1:
                tampered["state"][path[0]] = new
            else:
                get(tampered["state"], path[:-1])[path[-1]] = new
            label = f"{where}: state{''.join(f'[{step!r}]' for step in path)} {what}"
            try:
                with time_limit(LIMIT):
                    try:
                        loaded = pg.load_game(json.dumps(tampered))
                    except pg.InvalidGameFile:
                        continue
                    play_on(loaded, random.Random(1))
            except pg.PhoenixGamesError:
                continue
            except (Exception, Hang) as exc:  # noqa: BLE001  (what must never happen, whatever it is)
                failures.append(f"{label}: {type(exc).__name__}: {exc}")
    assert not failures, f"{len(failures)} tampered saves crashed or hung:\n" + "\n".join(failures[:40])
