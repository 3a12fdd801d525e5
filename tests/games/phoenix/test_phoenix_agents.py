"""The greedy agent (the game's heuristic) against random play, and its choices."""

import random

import pytest

import phoenixgames as pg
from phoenixgames.agents import make_agent
from phoenixgames.games.phoenix.heuristic import evaluate
from phoenixgames.sim import play_match
from tests.support.playthrough import greedy_wins_against_random

from .helpers import arrange, new_state, play_random


def test_greedy_clearly_beats_random_in_two_player_games():
    wins, games = greedy_wins_against_random("phoenix", range(30))
    assert games == 60
    assert wins / games > 0.8


def test_greedy_beats_three_random_players():
    wins = sum(
        play_match("phoenix", ["greedy", "random", "random", "random"], seed).winners == [0] for seed in range(12)
    )
    assert wins >= 9


def test_greedy_completes_a_rainbow_feather_when_it_can():
    state = new_state(4, seed=3)
    seat = state.current_player
    state = arrange(state, {0: ["l:*", "l:K", "u:R", "u:Y"]})
    state.apply("take lower * centre slot4")
    play_random(state, random.Random(0), until=lambda s: s.current_player == seat)  # the next round
    assert state.round == 1 and state.nest_token[0] == -1
    state = arrange(state, {0: ["l:K", "l:B", "u:*", "u:Bf"]})
    for agent_seed in range(5):
        choice = make_agent("greedy", agent_seed).choose(state.copy(perspective=seat))
        assert str(choice) == "take upper * centre slot4"


def test_evaluate_is_the_lead_over_the_strongest_rival_and_favours_the_winner():
    result = play_match("phoenix", ["greedy", "random", "random"], 4)
    state = pg.replay(result.record)
    leads = [evaluate(state, seat) for seat in range(3)]
    best = max(range(3), key=lambda s: state.scores[s])
    assert leads[best] > 0 and all(leads[s] < 0 for s in range(3) if s != best and state.scores[s] < state.scores[best])
    scores = state.scores
    assert leads[best] == pytest.approx(scores[best] - max(s for i, s in enumerate(scores) if i != best))


def test_a_match_between_agents_replays_from_its_record():
    result = play_match("phoenix", ["greedy", "random", "greedy", "random"], 5)
    replayed = pg.replay(result.record)
    assert replayed.is_over and replayed.scores == result.scores and replayed.winners == result.winners
    assert result.length == len(result.record["actions"]) == 64
