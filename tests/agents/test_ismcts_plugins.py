"""ISMCTS with its evaluation, rollout policy and prior handed in, and each game's own defaults."""

from __future__ import annotations

import dataclasses
import random

import pytest

import phoenixgames as pg
from phoenixgames.agents import DEFAULT_BOT, ISMCTSAgent, default_bot, level_spec, make_agent
from phoenixgames.agents.ismcts import game_defaults
from phoenixgames.engine import Action, GameState


def opening(game: str = "schatz", players: int = 2, seed: int = 3) -> tuple[GameState, int]:
    """A perspective copy of an early position with several legal actions, and its seat."""
    state = pg.new_game(game, players=players, seed=seed)
    while len(state.legal_actions()) < 3:
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    return state.copy(perspective=seat, seed=0), seat


def test_a_custom_evaluation_scores_every_cut_off_rollout():
    calls: list[int] = []

    def evaluate(state: GameState, seat: int) -> float:
        calls.append(seat)
        return 0.0

    view, _ = opening()
    agent = ISMCTSAgent(seed=1, iterations=40, depth=1, evaluate=evaluate)
    action = agent.choose(view)
    assert action in view.legal_actions()
    assert len(calls) == 2 * agent.last_iterations > 0  # both seats scored at every cut-off


def test_a_custom_rollout_policy_plays_the_rollouts():
    calls = 0

    def policy(state: GameState, legal: list[Action], rng: random.Random) -> Action:
        nonlocal calls
        calls += 1
        assert legal == state.legal_actions()
        return legal[-1]

    view, _ = opening()
    agent = ISMCTSAgent(seed=1, iterations=30, rollout=policy, depth=4)
    assert agent.choose(view) in view.legal_actions()
    assert 0 < calls <= 4 * agent.last_iterations and calls > agent.last_iterations


def test_a_prior_naming_one_action_is_tried_first_and_favoured():
    calls = 0

    def prior(state: GameState, legal: list[Action], rng: random.Random) -> Action:
        nonlocal calls
        calls += 1
        return legal[-1]

    view, seat = opening()
    legal = view.legal_actions()
    agent = ISMCTSAgent(seed=1, iterations=60, bias=50.0, prior=prior)
    root = agent.search(view, seat)
    assert calls > 0 and root.preferred == legal[-1]
    assert next(iter(root.children)) == legal[-1]  # tried first
    assert max(root.children.items(), key=lambda item: item[1].visits)[0] == legal[-1]  # and favoured


@pytest.mark.parametrize("as_mapping", [True, False])
def test_a_prior_giving_weights_leads_the_search_to_the_heaviest_action(as_mapping: bool):
    calls = 0
    view, seat = opening()
    target = view.legal_actions()[1]

    def prior(state: GameState, legal: list[Action], rng: random.Random):
        nonlocal calls
        calls += 1
        weights = [1.0 if action == target else 0.0 for action in legal]
        return dict(zip(legal, weights, strict=True)) if as_mapping else weights

    agent = ISMCTSAgent(seed=2, iterations=80, bias=100.0, prior=prior)
    assert agent.choose(view) == target
    root = agent.last_root
    assert root is not None and root.weights is not None and root.weights[target] == 1.0
    assert calls > 1  # consulted at every new node with a choice, not only at the root
    unbiased = ISMCTSAgent(seed=2, iterations=80, bias=0.0, prior=prior)
    unbiased.choose(view)
    assert unbiased.last_root is not None
    assert root.children[target].visits > unbiased.last_root.children[target].visits


def test_a_prior_naming_an_action_not_searched_is_an_error():
    view, seat = opening()
    elsewhere = pg.new_game("schatz", players=2, seed=99)
    foreign = [a for a in elsewhere.legal_actions() if a not in view.legal_actions()]
    if not foreign:
        pytest.skip("no foreign action found")
    agent = ISMCTSAgent(seed=1, iterations=10, prior=lambda state, legal, rng: foreign[0])
    with pytest.raises(ValueError, match="the prior chose .* not among the actions searched"):
        agent.search(view, seat)
    with pytest.raises(ValueError, match="weights for"):
        ISMCTSAgent(seed=1, iterations=10, prior=lambda state, legal, rng: [1.0]).search(view, seat)


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="rollout must be one of random, greedy"):
        ISMCTSAgent(rollout="smart")
    with pytest.raises(ValueError, match="evaluate must be a function"):
        ISMCTSAgent(evaluate=3)
    with pytest.raises(ValueError, match="prior must be a function"):
        ISMCTSAgent(prior="greedy")


def test_with_nothing_handed_in_the_game_s_own_functions_are_used():
    view, seat = opening()
    spec = view.spec
    own = ISMCTSAgent(seed=4, iterations=100)
    handed = ISMCTSAgent(seed=4, iterations=100, evaluate=spec.evaluate)
    visits = [{a: c.visits for a, c in agent.search(view, seat).children.items()} for agent in (own, handed)]
    assert visits[0] == visits[1]


# ------------------------------------------------------------------ each game's defaults
def test_every_game_s_ismcts_defaults_are_settings_a_spec_could_give():
    for game in pg.games():
        spec = pg.get_spec(game)
        assert isinstance(spec.ismcts_defaults, tuple)
        game_defaults(spec)  # raises for a setting that does not exist or a bad value


def test_phoenix_searches_with_the_bias_unless_a_spec_says_otherwise():
    phoenix, schatz = pg.get_spec("phoenix"), pg.get_spec("schatz")
    assert dict(phoenix.ismcts_defaults) == {"bias": "1"}
    assert make_agent("ismcts").settings_for(phoenix)["bias"] == 1.0
    assert make_agent("ismcts:bias=0").settings_for(phoenix)["bias"] == 0.0
    assert make_agent("ismcts:bias=2").settings_for(phoenix)["bias"] == 2.0
    assert make_agent("ismcts").settings_for(schatz)["bias"] == 0.0
    view, seat = opening("phoenix")

    def tree(spec: str) -> dict[Action, int]:
        agent = make_agent(spec, seed=5)
        assert isinstance(agent, ISMCTSAgent)
        return {a: c.visits for a, c in agent.search(view, seat).children.items()}

    assert tree("ismcts:iterations=300") == tree("ismcts:iterations=300,bias=1")
    assert tree("ismcts:iterations=300") != tree("ismcts:iterations=300,bias=0")


def test_a_game_s_defaults_fill_only_the_settings_not_given():
    spec = dataclasses.replace(
        pg.get_spec("schatz"), ismcts_defaults=(("iterations", "7"), ("depth", "none"), ("c", "0.2"))
    )
    assert ISMCTSAgent().settings_for(spec) == {
        "iterations": 7,
        "seconds": None,
        "c": 0.2,
        "rollout": "greedy",
        "depth": None,
        "bias": 0.0,
        "workers": 1,
    }
    given = ISMCTSAgent(seconds=2.0, depth=3, c=0.7).settings_for(spec)
    assert (given["iterations"], given["seconds"], given["depth"], given["c"]) == (None, 2.0, 3, 0.7)
    bad = dataclasses.replace(spec, ismcts_defaults=(("speed", "3"),))
    with pytest.raises(ValueError, match="the schatz game sets an ISMCTS default 'speed', which is no setting"):
        game_defaults(bad)
    bad = dataclasses.replace(spec, ismcts_defaults=(("bias", "-1"),))
    with pytest.raises(ValueError, match="the schatz game's ISMCTS default bias must be a number 0 or more"):
        game_defaults(bad)


def test_the_default_bot_is_hard_which_spells_out_the_game_s_defaults():
    for game in ("schatz", "syndicate", "phoenix", "phoenicia", "no-such-game"):
        assert default_bot(game) == DEFAULT_BOT == "hard"
    assert level_spec("hard", "phoenix").endswith(",bias=1")
    assert level_spec("hard", "phoenicia").endswith(",depth=16")
