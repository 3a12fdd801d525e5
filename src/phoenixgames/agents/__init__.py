"""Agents and the specs that name them.

A spec is an agent's name, optionally followed by a colon and ``setting=value`` pairs separated by
commas: ``random``, ``greedy``, ``ismcts``, ``ismcts:iterations=2000``, ``ismcts:seconds=1,c=0.7``,
``ismcts:iterations=500,rollout=greedy,depth=none``, or a difficulty level: ``easy``, ``medium``,
``hard``, ``expert`` (:mod:`phoenixgames.agents.levels`). Specs work the same everywhere an agent is
named (``play --seats``, ``simulate --agents``, ``tournament --agents``, :func:`make_agent`).

The modules, lowest first: :mod:`.base` (the :class:`Agent` class), the agents themselves
(:mod:`.random_agent`, :mod:`.greedy`, :mod:`.ismcts` with :mod:`.search_tree` and :mod:`.parallel`),
:mod:`.levels` (what each difficulty stands for), :mod:`.kinds` (how each agent a spec names is built),
:mod:`.outside` (agents defined outside the package, by import path or entry point), :mod:`.specs`
(reading specs and building agents) and :mod:`.hint`.
"""

from __future__ import annotations

from .base import Agent
from .greedy import GreedyAgent
from .hint import Hint, hint
from .ismcts import ISMCTSAgent
from .kinds import BUILTIN_AGENTS, DEFAULT_BOT, HUMAN, AgentKind, BadAgentSpec, Reader, default_bot
from .levels import LEVELS, OFFERED_LEVELS, LevelAgent, level_spec, level_specs
from .outside import ENTRY_POINTS, ENVIRONMENT, register_agent, registered_agents, unregister_agent
from .random_agent import RandomAgent
from .specs import (
    agent_kind,
    agent_names,
    check_agent_spec,
    make_agent,
    parse_agent_spec,
    split_agent_list,
    tidy_spec,
)

__all__ = [
    "BUILTIN_AGENTS",
    "DEFAULT_BOT",
    "ENTRY_POINTS",
    "ENVIRONMENT",
    "HUMAN",
    "LEVELS",
    "OFFERED_LEVELS",
    "Agent",
    "AgentKind",
    "BadAgentSpec",
    "GreedyAgent",
    "Hint",
    "ISMCTSAgent",
    "LevelAgent",
    "RandomAgent",
    "Reader",
    "agent_kind",
    "agent_names",
    "check_agent_spec",
    "default_bot",
    "hint",
    "level_spec",
    "level_specs",
    "make_agent",
    "parse_agent_spec",
    "register_agent",
    "registered_agents",
    "split_agent_list",
    "tidy_spec",
    "unregister_agent",
]
