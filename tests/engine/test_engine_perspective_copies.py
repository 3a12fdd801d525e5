"""A perspective copy depends on what its seat can see, never on how the hidden things truly lie.

Two true states that differ only in what seat ``p`` cannot see (another seat's cards, a deck's or a
bag's order) must give the very same ``copy(perspective=p, seed=s)``: otherwise a bot searching its
copies could, over many games, learn something of the truth. Checked for every game and player count.
"""

from __future__ import annotations

import json
import random

import pytest

import phoenixgames as pg

CASES = [(game, players) for game in pg.games() for players in pg.get_spec(game).player_counts]


def with_hidden_information_of(state: pg.GameState, other: pg.GameState) -> pg.GameState:
    """``state`` with the hidden things of ``other``, keeping ``state``'s generator and branch key."""
    data = json.loads(other.to_json())
    mine = json.loads(state.to_json())
    data["rng"], data["branch_key"] = mine["rng"], mine["branch_key"]
    return pg.load_game(json.dumps(data))


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_perspective_copy_is_the_same_whatever_the_hidden_truth(game: str, players: int):
    rng = random.Random(players)
    state = pg.new_game(game, players=players, seed=17 * players)
    checked = differed = 0
    while not state.is_over:
        if rng.random() < 0.3:
            seat = rng.randrange(players)
            other = with_hidden_information_of(state, state.copy(perspective=seat, seed=rng.randrange(10**6)))
            assert other.view(seat) == state.view(seat)
            differed += other.to_json() != state.to_json()
            mine = state.copy(perspective=seat, seed=5).to_json()
            theirs = other.copy(perspective=seat, seed=5).to_json()
            assert mine == theirs, f"seat {seat}'s copy depends on hidden information (move {len(state.history)})"
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked >= 3 and differed > 0
