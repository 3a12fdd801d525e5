"""Agents defined outside the package: ``register_agent``, the environment, entry points, specs that name
them, worker processes (which import them by their import path, never from a pickle)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from phoenixgames.agents import (
    BUILTIN_AGENTS,
    ENTRY_POINTS,
    ENVIRONMENT,
    BadAgentSpec,
    agent_names,
    make_agent,
    outside,
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
    monkeypatch.delenv(ENVIRONMENT, raising=False)
    saved = dict(outside.REGISTERED)
    outside.REGISTERED.clear()
    yield
    outside.REGISTERED.clear()
    outside.REGISTERED.update(saved)
    outside.adopt(())  # nothing carried over
    outside._NOT_CARRIED.clear()
    outside.forget_entry_points()


def _installed_package_with_an_entry_point(folder: Path, name: str, target: str) -> Path:
    """A folder holding an installed package's metadata that brings the agent ``name`` (``target``)."""
    info = folder / "myagents-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: myagents\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINTS}]\n{name} = {target}\n", encoding="utf-8")
    return folder


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


def test_a_registered_agent_plays_in_worker_processes_which_import_it_by_its_path():
    register_agent("first", make_first, {"end": str})
    assert outside.carried() == (
        ("first", "tests.agents.plugin_agents:make_first", (("end", "builtins:str", "what str reads"),), False),
    )
    one = run_games("schatz", 2, 4, "first:end=last,greedy", seed=2, workers=1)
    two = run_games("schatz", 2, 4, "first:end=last,greedy", seed=2, workers=2)
    assert [r.record for r in one] == [r.record for r in two]
    assert ENVIRONMENT not in os.environ  # nothing written for the workers to read


def test_an_agent_is_registered_by_its_import_path():
    assert register_agent("first", "tests.agents.plugin_agents:make_first") == "first"
    assert make_agent("first:end=last").last
    with pytest.raises(BadAgentSpec, match="the factory of agent 'second' cannot be imported: AttributeError"):
        register_agent("second", "tests.agents.plugin_agents:no_such_factory")
    with pytest.raises(BadAgentSpec, match="an import path is module:attribute"):
        register_agent("second", "tests.agents.plugin_agents")


def test_an_installed_package_brings_an_agent_by_its_entry_point(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(
        str(_installed_package_with_an_entry_point(tmp_path, "first", "tests.agents.plugin_agents:make_first"))
    )
    outside.forget_entry_points()
    assert "first" in agent_names()
    assert isinstance(make_agent("first:end=last"), FirstAgent)
    # Worker processes read the installed packages themselves: nothing of this process is carried.
    assert outside.carried() == ()
    two = run_games("schatz", 2, 2, "first,greedy", seed=2, workers=2)
    assert [r.record for r in two] == [r.record for r in run_games("schatz", 2, 2, "first,greedy", seed=2)]


def test_an_entry_point_that_names_nothing_is_refused_when_it_is_used(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(
        str(_installed_package_with_an_entry_point(tmp_path, "ghost", "tests.agents.nowhere:bot"))
    )
    outside.forget_entry_points()
    assert "ghost" in agent_names()
    with pytest.raises(
        BadAgentSpec, match="the agent 'ghost' of the entry point 'tests.agents.nowhere:bot' cannot be loaded"
    ):
        make_agent("ghost")


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
        ("mybot", b"x", "the factory of agent 'mybot' must be callable"),
    ],
)
def test_bad_registrations_are_refused_with_the_reason(name, factory, message):
    with pytest.raises(BadAgentSpec, match=message):
        register_agent(name, factory)
    assert sorted(BUILTIN_AGENTS) == ["easy", "expert", "greedy", "hard", "human", "ismcts", "medium", "random"]
    assert outside.REGISTERED == {}


@pytest.mark.parametrize(
    ("settings", "replace", "message"),
    [
        ({"depth": (int,)}, False, "setting depth is a reader or a pair"),
        ({"depth": (int, "a whole number", "more")}, False, "setting depth is a reader or a pair"),
        ({"depth": (int, 3)}, False, "setting depth is a reader or a pair"),
        ({"depth": 3}, False, "setting depth needs a callable reader"),
        ({3: int}, False, "a setting's name must be a lower-case identifier"),
        (["depth"], False, "must be a dict of setting -> reader"),
        (None, "yes", "replace must be True or False"),
    ],
)
def test_wrong_types_to_register_agent_are_bad_specs(settings, replace, message):
    with pytest.raises(BadAgentSpec, match=message):
        register_agent("mybot", make_first, settings, replace=replace)
    assert outside.REGISTERED == {}


def test_another_factory_under_a_registered_name_needs_replace():
    register_agent("first", make_first)
    register_agent("first", make_first)  # the same again: nothing changes
    with pytest.raises(BadAgentSpec, match="an agent named 'first' is already registered"):
        register_agent("first", FirstAgent)
    register_agent("first", FirstAgent, replace=True)
    assert registered_agents()["first"].factory is FirstAgent
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
