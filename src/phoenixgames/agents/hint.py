"""A hint: what the ``hard`` level would play for a seat, and why, in a sentence.

The search runs on the seat's own perspective copy, so a hint knows only what the seat may know. On
the true state of a game it is seeded as a table seeds a decision (:func:`phoenixgames.sim.choose_action`),
so the move named is the one ``hard`` would play in that seat; on a perspective copy (no seed to go
by) it is seeded by the seat and the number of actions so far, the same hint each time it is asked.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Action, GameState, PhoenixGamesError, derive_seed


@dataclass(frozen=True)
class Hint:
    """What ``hard`` would play, with the figures behind it."""

    action: Action
    #: The share of the search spent on the action (1 when it is the only legal one).
    visit_share: float
    #: The share of the victory the search expects the seat to win after it (None when it did not search).
    win_share: float | None
    #: The iterations the search ran.
    searched: int
    #: The sentence saying all this.
    sentence: str

    def __str__(self) -> str:
        return self.sentence


def _share(value: float) -> str:
    return f"{100 * value:.0f}%"


def hint(state: GameState, seat: int) -> Hint:
    """What the ``hard`` level would play for ``seat`` in ``state``, and why, in a sentence.

    ``state`` is the true state of a game or ``seat``'s own perspective copy; it is left as it was.
    Raises :class:`PhoenixGamesError` when the game is over, when it is not ``seat``'s turn, or when
    ``state`` is another seat's perspective copy.
    """
    from . import make_agent
    from .ismcts import ISMCTSAgent
    from .levels import level_spec

    if state.is_over:
        raise PhoenixGamesError("the game is over: there is nothing to hint")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.num_players:
        raise PhoenixGamesError(f"there is no seat {seat!r} in this {state.num_players}-player game")
    if state.perspective is not None and state.perspective != seat:
        raise PhoenixGamesError(f"this is seat {state.perspective}'s view: a hint for seat {seat} needs its own")
    if state.current_player != seat:
        raise PhoenixGamesError(f"it is not seat {seat}'s turn: a hint is for the seat about to act")
    legal = state.legal_actions()
    if len(legal) == 1:
        return Hint(legal[0], 1.0, None, 0, f"Hard's move: {legal[0]}, the only legal action.")
    agent = make_agent(level_spec("hard", state.game), seed=0)
    if state.seed is not None:
        agent.rng.seed(derive_seed(state.seed, "decision", seat, len(state.history)))
    else:
        agent.rng.seed(derive_seed(0, "hint", seat, len(state.history)))
    action = agent.choose(state.copy(perspective=seat, seed=0))
    root = agent.last_root if isinstance(agent, ISMCTSAgent) else None
    if root is None or action not in root.children:
        return Hint(action, 1.0, None, 0, f"Hard's move: {action}.")
    total = sum(child.visits for child in root.children.values()) or 1
    chosen = root.children[action]
    visit_share, win_share = chosen.visits / total, chosen.mean()
    fair = 1 / state.num_players
    sentence = (
        f"Hard's move: {action}. It gave it {_share(visit_share)} of {total:,} searches and expects you then "
        f"to win {_share(win_share)} of the time (a fair share is {_share(fair)})"
    )
    others = sorted(
        ((child.visits, child.mean(), str(other)) for other, child in root.children.items() if other != action),
        reverse=True,
    )
    if others:
        visits, mean, name = others[0]
        sentence += f"; next best, {name}: {_share(visits / total)} of the searches, {_share(mean)} to win"
    return Hint(action, visit_share, win_share, total, sentence + ".")


__all__ = ["Hint", "hint"]
