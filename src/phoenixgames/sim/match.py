"""One game between agents, seat by seat, through the public API only."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..agents import Agent, make_agent
from ..engine import Action, GameState, derive_seed, start_game


@dataclass
class MatchResult:
    """What one finished game leaves behind."""

    game: str
    players: int
    seed: int
    agents: list[str]  # agent spec per seat
    scores: list[int]
    winners: list[int]
    length: int  # actions taken
    record: dict[str, Any] = field(repr=False)
    first_player: int = 0  # the seat that acted first (not seat 0 in every game: Phoenicia's Overlord is drawn)
    truncated: bool = False  # ended by a safety cap on its length (a game option), not by its rules

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "agents": self.agents,
            "scores": self.scores,
            "winners": self.winners,
            "length": self.length,
            "record": self.record,
            "first_player": self.first_player,
            "truncated": self.truncated,
        }


def agent_seed(game_seed: int, seat: int) -> int:
    """The seed of the agent at ``seat`` in the game with ``game_seed``."""
    return derive_seed(game_seed, "agent", seat)


def choose_action(agent: Agent, state: GameState, seat: int) -> Action:
    """``agent``'s action for ``seat`` in the true ``state``, chosen on a perspective copy.

    The agent's randomness and the copy's re-deal are both seeded from the game's seed (or its
    saved branch key), the seat and the number of actions so far: a decision depends only on the
    position, so a game resumed from a save plays on exactly as it would have gone on.
    """
    agent.rng.seed(derive_seed(state.seed, "decision", seat, len(state.history)))
    return agent.choose(state.copy(perspective=seat, seed=0))


def play_match(
    game: str,
    agents: Sequence[str],
    seed: int,
    options: dict[str, Any] | None = None,
    on_action: Callable[[GameState, int, Action], None] | None = None,
    params: dict[str, Any] | None = None,
) -> MatchResult:
    """Play one game of ``game``, seat ``i`` played by ``agents[i]``, each agent seeing only its own
    perspective copy, with the game's parameters ``params`` changed (``None``: the printed game).
    ``on_action(state, seat, action)`` is called after each action."""
    state = start_game(game, len(agents), seed, options, params)
    players: list[Agent] = [make_agent(spec, agent_seed(seed, seat)) for seat, spec in enumerate(agents)]
    first_player = state.current_player
    while not state.is_over:
        seat = state.current_player
        if seat is None:
            break
        action = state.apply(choose_action(players[seat], state, seat), player=seat)
        if on_action is not None:
            on_action(state, seat, action)
    return MatchResult(
        game=game,
        players=len(agents),
        seed=seed,
        agents=list(agents),
        scores=state.scores,
        winners=state.winners,
        length=len(state.history),
        record=state.record,
        first_player=first_player if first_player is not None else 0,
        truncated=state.truncated,
    )
