"""Simulation: matches between agents, many games at once, and their statistics."""

from .match import MatchResult, agent_seed, choose_action, play_match
from .runner import BadSimulation, check_agents, check_run, game_seed, run_games, seating, simulation_agents
from .stats import AgentStats, LengthStats, SeatStats, Summary, summarise, wilson_interval, win_shares

__all__ = [
    "AgentStats",
    "BadSimulation",
    "LengthStats",
    "MatchResult",
    "SeatStats",
    "Summary",
    "agent_seed",
    "choose_action",
    "check_agents",
    "check_run",
    "game_seed",
    "play_match",
    "run_games",
    "seating",
    "simulation_agents",
    "summarise",
    "wilson_interval",
    "win_shares",
]
