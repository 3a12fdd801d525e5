"""Each game's observation vector, checked for every game at every player count: one length for a whole
game, numbers in [0, 1], built from the seat's view alone (two true states the seat cannot tell apart give
the same vector), and informative (the vector changes as the game goes on).

The second true state is ``state.copy(perspective=seat)``: all that ``seat`` cannot see, re-dealt.
"""

from __future__ import annotations

import math
import random

import pytest

import phoenixgames as pg

CASES = [(game, players) for game in pg.games() for players in pg.get_spec(game).player_counts]
IDS = [f"{game}-{players}p" for game, players in CASES]


def states_along(game: str, players: int, seed: int, every: int, limit: int = 3000):
    rng = random.Random(seed)
    state = pg.new_game(game, players=players, seed=seed)
    yield state
    while not state.is_over and len(state.history) < limit:
        state.apply(rng.choice(state.legal_actions()))
        if len(state.history) % every == 0 or state.is_over:
            yield state


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_an_observation_has_one_length_for_the_whole_game_and_every_number_lies_in_0_to_1(game, players):
    layout = pg.observation_layout(game, players)
    assert layout.size == sum(field.size for field in layout.fields)
    seen = set()
    for seed in range(3):
        for state in states_along(game, players, seed, every=3):
            for seat in range(players):
                vector = state.observation(seat)
                assert len(vector) == layout.size
                assert all(0.0 <= x <= 1.0 and not math.isnan(x) for x in vector), f"seat {seat}: {list(vector)}"
                seen.add(tuple(vector))
    assert len(seen) > 10, "the observation hardly changes as the game goes on"


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_two_true_states_a_seat_cannot_tell_apart_give_it_the_same_observation(game, players):
    for seed in range(4):
        for state in states_along(game, players, 100 + seed, every=7):
            for seat in range(players):
                world = state.copy(perspective=seat, seed=seed)
                assert world.observation(seat) == state.observation(seat), f"seat {seat} after {len(state.history)}"


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_the_observation_reads_only_what_the_seats_view_shows(game, players):
    for state in states_along(game, players, 7, every=11):
        for seat in range(players):
            observed = state._observed_view(seat)
            full = state.view(seat)
            for key, value in observed.items():
                assert key in full, f"the observed view has {key!r}, which the view has not"
                assert value == full[key], f"the observed view's {key!r} differs from the view's"


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_the_seats_see_their_own_observations(game, players):
    """Where seats hold different hands, their observations differ: each is its own seat's."""
    state = next(iter(states_along(game, players, 3, every=1)))
    vectors = {tuple(state.observation(seat)) for seat in range(players)}
    assert len(vectors) == players


@pytest.mark.parametrize("game", pg.games())
def test_every_field_has_a_name_a_size_and_a_meaning(game):
    spec = pg.get_spec(game)
    for players in spec.player_counts:
        layout = pg.observation_layout(game, players)
        offset = 0
        for field in layout.fields:
            assert field.offset == offset and field.size >= 1 and len(field.meaning) > 10, field
            offset += field.size
        assert layout.part(list(range(layout.size)), layout.fields[-1].name)[-1] == layout.size - 1


def test_a_bad_game_player_count_or_option_is_refused_with_the_reason():
    with pytest.raises(pg.GameSetupError, match="no game called"):
        pg.observation_layout("chess", 2)
    with pytest.raises(pg.GameSetupError, match="players"):
        pg.observation_layout("schatz", 9)
    with pytest.raises(pg.GameSetupError):
        pg.observation_layout("schatz", 2, wild_colour="purple")
    state = pg.new_game("schatz", players=2, seed=1)
    with pytest.raises(pg.NoSuchSeat):
        state.observation(5)
