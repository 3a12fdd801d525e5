"""Simulation: matches between agents, many games at once, and their statistics."""

from .match import MatchResult, agent_seed, play_match

__all__ = ["MatchResult", "agent_seed", "play_match"]
