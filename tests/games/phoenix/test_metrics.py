"""Phoenix's metrics of a finished game: figures that add up to what the game shows."""

import random

import pytest

from phoenixgames.games.phoenix import SPEC
from phoenixgames.games.phoenix.metrics import metrics
from phoenixgames.games.phoenix.scoring import FEATHER_KINDS

from .helpers import new_state, play_random

SYMBOLS = ("flame", "moon", "diamond")


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 4), (4, 9)])
def test_the_points_by_scoring_kind_add_up_to_each_seats_score(players, seed):
    state = play_random(new_state(players, seed), random.Random(seed))
    figures = metrics(state)
    assert SPEC.metrics is metrics
    assert figures["rounds"] == state.rounds
    for seat in range(players):
        breakdown = state.score_breakdown(seat)
        colours = sum(figures[f"{kind}_feather_points"][seat] for kind in FEATHER_KINDS)
        symbols = sum(figures[f"{name}_symbol_points"][seat] for name in SYMBOLS)
        assert (colours, symbols, figures["mirror_points"][seat]) == (
            breakdown.colours,
            breakdown.symbols,
            breakdown.mirrors,
        )
        assert colours + symbols + figures["mirror_points"][seat] == state.scores[seat] == figures["score"][seat]
        assert sum(figures[f"{kind}_feathers"][seat] for kind in FEATHER_KINDS) == 8  # every feather complete
        assert figures["own_feathers"][seat] == breakdown.own_colour_feathers
    takes = ("takes_from_own_nests", "takes_from_centre", "takes_from_other_nests")
    assert sum(sum(figures[name]) for name in takes) == len(state.history)


def test_the_figures_follow_the_parameters_the_game_was_played_with():
    params = {"rounds_4p": 6, "mirror_bonus": 12, "flame_points": 0}
    state = play_random(new_state(4, 2, params=params), random.Random(2))
    figures = metrics(state)
    assert figures["rounds"] == 6 and sum(figures["flame_symbol_points"]) == 0
    assert figures["mirror_points"] == [12 * pairs for pairs in figures["mirror_pairs"]]
    for seat in range(4):
        assert sum(figures[f"{kind}_feathers"][seat] for kind in FEATHER_KINDS) <= 3  # 6 halves: 3 feathers at most
