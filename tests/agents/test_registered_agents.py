"""Agents defined outside the package: ``register_agent``, specs that name them, worker processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import phoenixgames.agents as agents
from phoenixgames.agents import (
    AGENTS,
    ENVIRONMENT,
    BadAgentSpec,
    agent_names,
    make_agent,
    register_agent,
    registered_agents,
    split_agent_list,
    tidy_spec,
    unregister_agent,
)
from phoenixgames.sim import play_match, run_games

from .plugin_agents import FirstAgent, make_broken, make_first, make_nothing

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _registry_restored(monkeypatch: pytest.MonkeyPatch):
    """Each test starts with the built-in agents only, and leaves the registry and environment as found."""
    monkeypatch.setenv(ENVIRONMENT, "")  # so that the variable's absence is what monkeypatch restores
    monkeypatch.delenv(ENVIRONMENT)
    saved = dict(AGENTS)
    yield
    os.environ.pop(ENVIRONMENT, None)  # register_agent writes it: no registration outlives its test
    AGENTS.clear()
    AGENTS.update(saved)
    agents._PENDING.clear()
    agents._SEEN_ENVIRONMENT[0] = None


def test_a_registered_agent_is_built_by_make_agent_with_its_settings_as_text():
    assert register_agent("first", make_first) == "first"
    assert "first" in agent_names() and "first" in registered_agents()
    agent = make_agent("first", seed=3)
    assert isinstance(agent, FirstAgent) and agent.settings == {}
    agent = make_agent("First:end=last,Model=Weights/V2.pt", seed=3)
    assert agent.settings == {"end": "last", "model": "Weights/V2.pt"}  # names in lower case, values as typed
    assert tidy_spec(" First : end = last ") == "first:end=last"
    assert split_agent_list("first:end=last,model=x,greedy") == ["first:end=last,model=x", "greedy"]


def test_a_registered_agent_plays_a_full_game_through_play_match():
    register_agent("first", make_first)
    result = play_match("schatz", ["first", "greedy"], seed=5)
    assert result.agents == ["first", "greedy"] and result.length > 0
    again = play_match("schatz", ["first:end=last", "greedy"], seed=5)
    assert again.record["actions"] != result.record["actions"]


def test_a_registered_agent_plays_through_the_simulate_command(run):
    register_agent("first", make_first)
    result = run("simulate", "schatz", "--players", "2", "--games", "4", "--agents", "first:end=last,greedy", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["rotation"] == ["first:end=last", "greedy"]
    assert data["games"] == 4 and [a["seated"] for a in data["agents"]] == [4, 4]


def test_a_registered_agent_plays_in_worker_processes():
    register_agent("first", make_first)
    one = run_games("schatz", 2, 4, "first,greedy", seed=2, workers=1)
    two = run_games("schatz", 2, 4, "first,greedy", seed=2, workers=2)
    assert [r.record for r in one] == [r.record for r in two]


def test_a_factory_that_cannot_be_sent_to_workers_plays_here_and_is_refused_there_with_the_reason():
    register_agent("lam", lambda seed=0: FirstAgent(seed))
    assert play_match("schatz", ["lam", "greedy"], seed=1).length > 0
    with pytest.raises(BadAgentSpec, match="cannot be sent to this one .*a lambda"):
        run_games("schatz", 2, 2, "lam,greedy", seed=2, workers=2)


def test_the_command_finds_an_agent_named_in_the_environment():
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    env = dict(os.environ, PYTHONPATH=path, **{ENVIRONMENT: "first=tests.agents.plugin_agents:make_first"})
    script = str(Path(sys.executable).with_name("phoenixgames"))
    command = [script, "simulate", "schatz", "--players", "2", "--games", "2", "--json"]
    done = subprocess.run([*command, "--agents", "first,greedy"], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["rotation"] == ["first", "greedy"]
    done = subprocess.run([*command, "--agents", "first,greedy", "-w", "2"], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["rotation"] == ["first", "greedy"]
    env[ENVIRONMENT] = "first=tests.agents.no_such_module:make_first"
    done = subprocess.run([*command, "--agents", "first,greedy"], env=env, capture_output=True, text=True)
    assert done.returncode == 2
    assert "the agent 'first' named in PHOENIXGAMES_AGENTS cannot be loaded here" in done.stderr + done.stdout


@pytest.mark.parametrize(
    ("name", "factory", "message"),
    [
        ("", make_first, "an agent's name must be a word"),
        ("   ", make_first, "an agent's name must be a word"),
        (None, make_first, "an agent's name must be a word"),
        ("my:bot", make_first, "cannot hold ':'"),
        ("my,bot", make_first, "cannot hold ','"),
        ("my=bot", make_first, "cannot hold '='"),
        ("My Bot", make_first, "lower-case letters and digits"),
        ("greedy", make_first, "'greedy' is a built-in agent"),
        ("ismcts", make_first, "'ismcts' is a built-in agent"),
        ("mybot", 3, "the factory of agent 'mybot' must be callable"),
        ("mybot", None, "the factory of agent 'mybot' must be callable"),
    ],
)
def test_bad_registrations_are_refused_with_the_reason(name, factory, message):
    with pytest.raises(BadAgentSpec, match=message):
        register_agent(name, factory)
    assert sorted(AGENTS) == ["easy", "expert", "greedy", "hard", "human", "ismcts", "medium", "random"]


def test_another_factory_under_a_registered_name_needs_replace():
    register_agent("first", make_first)
    register_agent("first", make_first)  # the same again: nothing changes
    with pytest.raises(BadAgentSpec, match="an agent named 'first' is already registered"):
        register_agent("first", FirstAgent)
    register_agent("first", FirstAgent, replace=True)
    assert AGENTS["first"].factory is FirstAgent
    unregister_agent("first")
    assert "first" not in agent_names() and ENVIRONMENT not in os.environ
    with pytest.raises(BadAgentSpec, match="unknown agent 'first'"):
        make_agent("first")
    with pytest.raises(BadAgentSpec, match="built-in"):
        unregister_agent("greedy")


def test_a_factory_that_fails_or_returns_no_agent_is_a_bad_spec():
    register_agent("nothing", make_nothing)
    register_agent("broken", make_broken)
    with pytest.raises(BadAgentSpec, match="the factory of the nothing agent returned 'not an agent', not an Agent"):
        make_agent("nothing")
    with pytest.raises(BadAgentSpec, match="could not be built from 'broken:x=1': RuntimeError: the weights file"):
        make_agent("broken:x=1")
    with pytest.raises(BadAgentSpec, match="could not be built from 'nothing:depth=3': TypeError"):
        make_agent("nothing:depth=3")  # a setting its factory does not take


def test_declared_settings_are_read_and_checked():
    register_agent("first", make_first, {"depth": (int, "a whole number"), "end": str})
    assert make_agent("first:depth=4,end=last").settings == {"depth": 4, "end": "last"}
    with pytest.raises(BadAgentSpec, match="the first setting depth must be a whole number, not 'deep'"):
        make_agent("first:depth=deep")
    with pytest.raises(BadAgentSpec, match="the first agent has no setting 'width': its settings are depth, end"):
        make_agent("first:width=2")
    register_agent("open", make_first)
    with pytest.raises(BadAgentSpec, match="the open agent's settings are named by words"):
        make_agent("open:2x=1")
    with pytest.raises(BadAgentSpec, match="setting depth needs a callable reader"):
        register_agent("other", make_first, {"depth": 3})
    with pytest.raises(BadAgentSpec, match="a setting's name must be a lower-case identifier"):
        register_agent("other", make_first, {"De pth": int})
