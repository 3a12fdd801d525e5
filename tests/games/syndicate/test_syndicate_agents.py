"""The random and greedy agents play full games; greedy clearly beats random."""

import pytest

import phoenixgames as pg
from phoenixgames.agents import make_agent
from phoenixgames.games.syndicate import SPEC
from phoenixgames.sim import play_match
from tests.support.playthrough import greedy_wins_against_random

from .helpers import arrange, new_state


def test_greedy_clearly_beats_random_in_two_player_games():
    wins, games = greedy_wins_against_random("syndicate", range(20))
    assert wins / games > 0.8


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_greedy_and_random_agents_play_full_games_that_replay(players):
    agents = ["greedy", "random"] * 3
    result = play_match("syndicate", agents[:players], 10 + players)
    replayed = pg.replay(result.record)
    assert replayed.is_over and replayed.scores == result.scores and replayed.winners == result.winners


def test_greedy_cashes_in_the_contract_whose_planets_it_holds():
    state = arrange(
        new_state(2), agents={0: ["P1", "C2", "O3"]}, hands={0: ["P1C2O3"]}, flipped={0: ["loot", "expand", "gamble"]}
    )
    assert str(make_agent("greedy", 1).choose(state.copy(perspective=0))).startswith("scheme P1C2O3")


def test_evaluate_is_the_lead_over_the_strongest_rival():
    state = arrange(new_state(3), agents={0: ["P1"], 1: ["P2"], 2: ["P3"]}, credits={0: 10, 1: 4, 2: 7})
    assert SPEC.evaluate(state, 0) == pytest.approx(3.0)
    assert SPEC.evaluate(state, 1) == pytest.approx(-6.0)
