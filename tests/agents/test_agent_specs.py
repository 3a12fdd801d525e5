"""Agent specs: names, settings, and the errors that name the valid choices."""

from __future__ import annotations

import pytest

from phoenixgames.agents import (
    BadAgentSpec,
    GreedyAgent,
    ISMCTSAgent,
    RandomAgent,
    make_agent,
    split_agent_list,
    tidy_spec,
)


@pytest.mark.parametrize(
    ("spec", "kind"),
    [("random", RandomAgent), ("greedy", GreedyAgent), ("ismcts", ISMCTSAgent), (" ISMCTS ", ISMCTSAgent)],
)
def test_each_name_builds_its_agent(spec, kind):
    assert isinstance(make_agent(spec, seed=3), kind)


def test_ismcts_settings_are_read_into_the_agent():
    agent = make_agent("ismcts:iterations=2000", seed=1)
    assert agent.iterations == 2000 and agent.seconds is None
    agent = make_agent("ismcts:seconds=1,c=0.7", seed=1)
    assert agent.seconds == 1.0 and agent.c == 0.7 and agent.iterations is None
    agent = make_agent("ismcts:iterations=50,rollout=greedy,depth=none")
    assert agent.rollout == "greedy" and agent.depth is None
    agent = make_agent("ismcts:rollout=random,depth=3")
    assert agent.rollout == "random" and agent.depth == 3


@pytest.mark.parametrize(
    ("spec", "named"),
    [
        ("minimax", "greedy, human, ismcts, random"),
        ("ismcts:speed=3", "iterations, seconds, c, rollout, depth, bias"),
        ("ismcts:iterations=0", "a whole number 1 or more"),
        ("ismcts:iterations=lots", "a whole number 1 or more"),
        ("ismcts:seconds=-1", "a number of seconds above 0"),
        ("ismcts:rollout=smart", "random or greedy"),
        ("ismcts:depth=-2", "or none"),
        ("ismcts:c", "needs a value"),
        ("ismcts:", "no settings after it"),
        ("greedy:depth=2", "takes no settings"),
        ("", "choose from"),
    ],
)
def test_a_bad_spec_says_what_would_do(spec, named):
    with pytest.raises(BadAgentSpec) as error:
        make_agent(spec)
    message = str(error.value)
    assert named in message
    assert "\n" not in message


def test_a_list_keeps_the_settings_of_one_spec_together():
    assert split_agent_list("random,ismcts:seconds=1,c=0.7,greedy") == ["random", "ismcts:seconds=1,c=0.7", "greedy"]
    assert split_agent_list("greedy,random") == ["greedy", "random"]


def test_specs_are_tidied():
    assert tidy_spec(" ISMCTS: Iterations = 200 , c=0.5 ") == "ismcts:iterations=200,c=0.5"
    assert tidy_spec("Greedy") == "greedy"
