"""One match: each decision depends only on the position, so saved games play on as they would have."""

from __future__ import annotations

import pytest

import phoenixgames as pg
from phoenixgames.agents import make_agent
from phoenixgames.sim import agent_seed, choose_action, play_match


def _play_on(state: pg.GameState, agents: list, stop_after: int | None = None) -> pg.GameState:
    while not state.is_over and (stop_after is None or len(state.history) < stop_after):
        seat = state.current_player
        state.apply(choose_action(agents[seat], state, seat), player=seat)
    return state


@pytest.mark.parametrize("seats", [["random", "random", "random"], ["greedy", "random", "greedy", "random"]])
def test_a_game_saved_and_resumed_ends_exactly_as_one_played_straight_through(seats):
    straight = play_match("schatz", seats, seed=21)
    agents = [make_agent(spec, agent_seed(21, seat)) for seat, spec in enumerate(seats)]
    half = _play_on(pg.new_game("schatz", players=len(seats), seed=21), agents, stop_after=60)
    resumed = pg.load_game(half.to_json())
    fresh_agents = [make_agent(spec, seed=999) for spec in seats]  # the agents' own seeds do not matter
    assert _play_on(resumed, fresh_agents).record == straight.record


def test_a_decision_does_not_depend_on_earlier_decisions_of_the_same_agent():
    state = pg.new_game("schatz", players=2, seed=4)
    agent = make_agent("random", seed=1)
    first = choose_action(agent, state, 0)
    for _ in range(5):
        agent.choose(state.copy(perspective=0))  # use up some of the agent's randomness
    assert choose_action(agent, state, 0) == first


def test_different_games_get_different_random_decisions():
    choices = {
        str(choose_action(make_agent("random"), pg.new_game("schatz", players=2, seed=seed), 0)) for seed in range(30)
    }
    assert len(choices) > 3
