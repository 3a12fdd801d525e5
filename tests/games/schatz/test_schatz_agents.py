"""The greedy agent (the game's heuristic) against random play, and its treasure picks."""

import pytest

import phoenixgames as pg
from phoenixgames.agents import make_agent
from phoenixgames.sim import play_match
from tests.support.playthrough import greedy_wins_against_random

from .helpers import last_turn_of_round


def test_greedy_clearly_beats_random_in_two_player_games():
    wins, games = greedy_wins_against_random("schatz", range(50))
    assert games == 100
    assert wins / games > 0.7


def distribution(tokens):
    """The first pick of the big nest in a two-player game whose nest 3 holds ``tokens``."""
    state, play = last_turn_of_round(2, {(3, 0): ["R6", "R6"], (3, 1): ["B2", "Y3"]}, {1: ["3"], 2: ["2"], 3: tokens})
    state.apply(play)
    state.apply("draw deck")
    assert state.current_player == 0 and state.view(0)["picking"]["nest"] == 3
    return state


@pytest.mark.parametrize(
    ("tokens", "best"),
    [(["L10", "10"], "pick L10"), (["10", "L10"], "pick L10"), (["L10", "4"], "pick L10")],
)
def test_greedy_picks_the_most_valuable_token_the_large_ten_before_a_small_ten(tokens, best):
    state = distribution(tokens)
    for seed in range(5):
        agent = make_agent("greedy", seed)
        assert str(agent.choose(state.copy(perspective=0))) == best


def test_greedy_picks_the_highest_small_token():
    state, play = last_turn_of_round(3, {(1, 0): ["R6", "R6"]}, {1: ["4", "9"], 2: ["2", "2"], 3: ["L10", "3", "3"]})
    state.apply(play)
    state.apply("draw deck")
    assert state.current_player == 0
    assert str(make_agent("greedy", 1).choose(state.copy(perspective=0))) == "pick 9"


def test_a_match_between_agents_replays_from_its_record():
    result = play_match("schatz", ["greedy", "random", "greedy"], 5)
    replayed = pg.replay(result.record)
    assert replayed.is_over and replayed.scores == result.scores and replayed.winners == result.winners
    assert result.length == len(result.record["actions"]) and result.record["seed"] == 5
