"""A perspective save changed in any one field is refused, or it plays on: never a crash, never a hang.

A perspective save has no seed, so no record can prove it consistent: every field must be checked as
it is read. Each case here takes a real perspective save of every game, changes one field of its
state (a number made negative, huge or of another type; a list emptied, shortened or lengthened), and
loads it. The load must raise :class:`pg.InvalidGameFile`, or give a state that plays on with legal
actions, views and copies, raising nothing but a :class:`pg.PhoenixGamesError`, within a time limit.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import phoenixgames as pg
from tests.support.playthrough import advance
from tests.support.tampering import Case, Changes, at, check_tampered_saves, places, play_on

CHANGES = Changes(
    numbers=(-1, -(10**9), 99, 10**9, 10**30, 0, 1, 2),
    others=(None, "1", 1.5, True, [], [[]], {}),
    bool_number=2,
    texts=True,
)
#: Cases tried per game and position, drawn from every change of every field.
CASES = 150
#: How many actions a loaded state must play on for.
PLAY_ON = 60


def cases(state_data: dict[str, Any], rng: random.Random) -> list[Case]:
    every = [(path, what, new) for path in places(state_data) for what, new in CHANGES.of(at(state_data, path))]
    return rng.sample(every, min(CASES, len(every)))


def positions(game: str) -> Iterator[tuple[str, pg.GameState]]:
    spec = pg.get_spec(game)
    for players in sorted({spec.min_players, spec.max_players}):
        state = pg.new_game(game, players=players, seed=11)
        rng = random.Random(players)
        yield f"{game}/{players} players, start", state.copy()
        advance(state, rng, 25)
        yield f"{game}/{players} players, 25 actions in", state.copy()
        advance(state, rng, 10_000)
        yield f"{game}/{players} players, at the end", state


@pytest.mark.slow
@pytest.mark.parametrize("game", pg.games())
def test_a_tampered_perspective_save_is_refused_or_plays_on(game):
    check_tampered_saves(
        positions(game), cases, lambda state, rng: play_on(state, rng, PLAY_ON), tolerated=(pg.PhoenixGamesError,)
    )
