"""The random and greedy agents play full games; greedy clearly beats random."""

import random

import pytest

import phoenixgames as pg
from phoenixgames.agents import make_agent
from phoenixgames.games.syndicate import SPEC
from phoenixgames.games.syndicate import actions as A
from phoenixgames.games.syndicate.heuristic import action_cost
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


def test_greedy_exchanges_only_to_afford_the_action_it_prefers():
    """SYN-34: the Loot it prefers asks for purple, and none is held: the greedy opens an exchange, turns in
    three of the colour it has most to spare (red) for a purple, then loots. With purple held, it never
    opens one."""
    agent = make_agent("greedy", 1)
    cards = {0: ["collect", "expand", "gamble", "scheme"]}  # Loot and Contract face up, but no slot to claim
    lacking = arrange(new_state(2), agents={0: ["P1"]}, res={0: "RRRRRYYYB"}, flipped=cards, slots=[None] * 3)
    assert str(agent.choose(lacking.copy(perspective=0))) == "exchange"
    lacking.apply("exchange")
    assert str(agent.choose(lacking.copy(perspective=0))) == "exchange RRR for purple"
    lacking.apply("exchange RRR for purple")
    assert str(agent.choose(lacking.copy(perspective=0))) == "loot from P1"
    holding = arrange(new_state(2), agents={0: ["P1"]}, res={0: "RRRRRYYYBP"}, flipped=cards, slots=[None] * 3)
    assert "exchange" in [str(a) for a in holding.legal_actions()]
    assert str(agent.choose(holding.copy(perspective=0))) == "loot from P1"


def test_greedy_never_exchanges_in_whole_games_but_to_afford_what_it_does_next():
    """In greedy games every exchange opened is made at once, and takes a colour the seat lacked for its
    very next action (or for a further exchange before it)."""
    for seed in (1, 2):
        state = new_state(3, seed)
        agent = make_agent("greedy", seed)
        probe = make_agent("greedy", seed)  # what the seat does next, asked without changing the game's agent
        exchanges = 0
        while not state.is_over:
            action = agent.choose(state.copy(perspective=state.current_player))
            before = state.copy()
            state.apply(action)
            if isinstance(action, A.OpenExchange):
                assert all(isinstance(a, A.Exchange) for a in state.legal_actions())
                following = probe.choose(state.copy(perspective=state.current_player))
                assert isinstance(following, A.Exchange)
            if isinstance(action, A.Exchange):
                exchanges += 1
                assert isinstance(before.history[-1], A.OpenExchange)
                following = probe.choose(state.copy(perspective=state.current_player))
                cost = action_cost(state, following)
                assert isinstance(following, A.OpenExchange) or (
                    cost is not None and cost[action.take] > before.res[before.turn][action.take]
                )
        assert 0 < exchanges < (len(state.history) - exchanges) // 15  # each exchange counted once


def test_the_search_weighs_an_exchange_only_where_the_greedy_would_open_it():
    """The searched actions are the legal ones but for an exchange the heuristic would not make; with
    an exchange open, only the heuristic's exchange."""
    cards = {0: ["collect", "expand", "gamble", "scheme"]}
    holding = arrange(new_state(2), agents={0: ["P1"]}, res={0: "RRRRRYYYBP"}, flipped=cards, slots=[None] * 3)
    legal = holding.legal_actions()
    assert legal[-1] is A.OPEN_EXCHANGE
    assert SPEC.searched(holding, legal, random.Random(1)) == legal[:-1]
    lacking = arrange(new_state(2), agents={0: ["P1"]}, res={0: "RRRRRYYYB"}, flipped=cards, slots=[None] * 3)
    assert SPEC.searched(lacking, lacking.legal_actions(), random.Random(1)) == lacking.legal_actions()
    lacking.apply("exchange")
    assert len(lacking.legal_actions()) > 1
    assert [str(a) for a in SPEC.searched(lacking, lacking.legal_actions(), random.Random(1))] == [
        "exchange RRR for purple"
    ]


def test_the_searched_actions_hold_the_greedy_choice_in_whole_games():
    rng = random.Random(5)
    for seed in (3, 4):
        state = new_state(3, seed)
        while not state.is_over:
            legal = state.legal_actions()
            searched = SPEC.searched(state, list(legal), random.Random(seed))
            assert searched and all(action in legal for action in searched)
            assert SPEC.greedy(state, random.Random(seed)) in searched
            state.apply(rng.choice(legal))


def test_ismcts_does_not_open_an_exchange_the_greedy_would_not():
    cards = {0: ["collect", "expand", "gamble", "scheme"]}
    holding = arrange(new_state(2), agents={0: ["P1"]}, res={0: "RRRRRYYYBP"}, flipped=cards, slots=[None] * 3)
    agent = make_agent("ismcts:iterations=200", 1)
    agent.choose(holding.copy(perspective=0))
    assert agent.last_root.children and "exchange" not in [str(a) for a in agent.last_root.children]
