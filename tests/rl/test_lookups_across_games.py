"""The engine's lookups for a learning loop (the action table and layout asked for last are kept, an action
is found among the legal ones by identity first) give the same answers as the plain lookups, whichever
games, player counts and options take turns."""

from __future__ import annotations

import copy
import random

import pytest

import phoenixgames as pg
from phoenixgames.engine.encoding import encode_view


def _states() -> list[pg.GameState]:
    return [
        pg.new_game("schatz", players=3, seed=1),
        pg.new_game("schatz", players=3, seed=2, wild_colour="none"),
        pg.new_game("phoenicia", players=2, seed=3, round_cap=30),
        pg.new_game("phoenicia", players=4, seed=4),
        pg.new_game("syndicate", players=2, seed=5),
        pg.new_game("phoenix", players=4, seed=6),
    ]


def test_ids_masks_and_observations_are_right_while_games_take_turns():
    states = _states()
    rng = random.Random(7)
    for _ in range(60):
        for state in states:
            if state.is_over:
                continue
            table = pg.action_table(state.game, state.num_players, **state.options)
            legal = state.legal_actions()
            ids = state.legal_action_ids()
            assert ids == [table.index(action) for action in legal]
            assert state.action_mask() == [int(number in ids) for number in range(len(table))]
            seat = state.current_player
            spec = pg.get_spec(state.game)
            assert state.observation(seat) == encode_view(spec, state.num_players, state.options, state.view(seat))
            number = rng.choice(ids)
            assert state.apply(table[number]) is table[number]  # the table's object is the legal one


def test_an_options_dict_changed_in_place_is_looked_up_again():
    state = pg.new_game("phoenicia", players=3, seed=8)
    before = state.legal_action_ids()
    state.observation(0)
    options = state.options
    options["round_cap"] = 7  # not a supported use; the lookups must not answer for the old options
    layout = pg.observation_layout("phoenicia", 3, round_cap=7)
    assert len(state.observation(0)) == layout.size
    assert state.legal_action_ids() == before  # round_cap does not shape the table


@pytest.mark.parametrize("game", pg.games())
def test_an_equal_action_that_is_not_the_legal_object_is_still_found_and_a_foreign_one_refused(game):
    state = pg.new_game(game, players=2, seed=9)
    legal = state.legal_actions()
    twin = copy.copy(legal[-1])
    assert twin is not legal[-1] and twin == legal[-1]
    assert state.copy().apply(twin) is legal[-1]  # the legal object is the one applied
    with pytest.raises(pg.IllegalAction):
        state.apply(object())
