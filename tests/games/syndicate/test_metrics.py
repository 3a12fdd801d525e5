"""The Syndicate's metrics of a finished game: figures that add up to what the game shows."""

import random

import pytest

import phoenixgames as pg
from phoenixgames.agents import make_agent
from phoenixgames.games.syndicate import SPEC
from phoenixgames.games.syndicate.components import COLONIES
from phoenixgames.games.syndicate.metrics import metrics
from phoenixgames.games.syndicate.scoring import final_awards

from .helpers import new_state, play_random

SOURCES = ("colony_credits", "contract_credits", "colour_awards", "variety_awards", "guild_awards")
CARDS = ("loot", "collect", "expand", "gamble", "scheme", "contract")


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 4), (5, 9)])
def test_the_credits_by_source_add_up_to_each_seats_score_and_the_cards_chosen_to_the_turns(players, seed):
    state = play_random(new_state(players, seed), random.Random(seed))
    figures = metrics(state)
    assert SPEC.metrics is metrics
    assert figures["rounds"] == state.turns / players == figures["turns"] / players
    awards = final_awards(state.cashed, state.owned, state.guilds)
    for seat in range(players):
        assert sum(figures[name][seat] for name in SOURCES) == state.scores[seat] == figures["score"][seat]
        assert figures["colour_awards"][seat] == awards[seat]["colours"]
        assert figures["guild_awards"][seat] == awards[seat]["guilds"]
        assert figures["guilds_joined"][seat] == state.guilds[seat].bit_count()
        assert figures["contracts_face_up"][seat] == len(state.cashed[seat])
    assert sum(figures[f"chose_{card}"][seat] for card in CARDS for seat in range(players)) == state.turns
    taken = sum(figures["colony_credits"])
    assert taken == len(COLONIES) - state.credit_on.bit_count()
    assert figures["ended_by_pool"] == (1.0 if state.pool == 0 else 0.0)


def test_the_figures_follow_the_parameters_the_game_was_played_with():
    state = play_random(new_state(2, 3, {"colony_credit": 3, "credit_pool_2p": 10}), random.Random(3))
    figures = metrics(state)
    assert sum(figures["colony_credits"]) == 3 * (len(COLONIES) - state.credit_on.bit_count())
    assert figures["ended_by_pool"] == 1.0
    assert all(sum(figures[name][s] for name in SOURCES) == state.scores[s] for s in range(2))


def test_a_greedy_game_has_figures_of_the_same_shape():
    state = pg.new_game("syndicate", 4, seed=2)
    agents = [make_agent("greedy", s) for s in range(4)]
    while not state.is_over:
        seat = state.current_player
        state.apply(agents[seat].choose(state.copy(perspective=seat)))
    figures = metrics(state)
    for name, value in figures.items():
        assert isinstance(value, float) or (isinstance(value, list) and len(value) == 4), name
