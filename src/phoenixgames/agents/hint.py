"""A hint: what the ``hard`` level would play for a seat, and why, in a sentence.

The search runs on the seat's own perspective copy, so a hint knows only what the seat may know. On
the true state of a game it is seeded as a table seeds a decision (:func:`phoenixgames.sim.choose_action`),
so the move named is the one ``hard`` would play in that seat; on a perspective copy (no seed to go
by) it is seeded by the seat and the number of actions so far, the same hint each time it is asked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import Action, GameState, PhoenixGamesError, derive_seed


@dataclass(frozen=True)
class RunnerUp:
    """A move the search weighed beside the one it chose."""

    action: Action
    #: The share of the searches spent on it.
    visit_share: float
    #: The share of the victory the search expects the seat to win after it.
    win_share: float


@dataclass(frozen=True)
class Hint:
    """What ``hard`` would play, with the figures behind it."""

    action: Action
    #: The share of the search spent on the action (1 when it is the only legal one).
    visit_share: float
    #: The share of the victory the search expects the seat to win after it (None when it did not search).
    win_share: float | None
    #: The iterations the search ran (it may stop before its budget once the move cannot change).
    searched: int
    #: The sentence saying all this, in notation.
    sentence: str
    #: The next best moves the search weighed, most searched first (at most three).
    runner_ups: tuple[RunnerUp, ...] = ()
    #: What the move does and what it expects, in words, from the seat's own view (:mod:`.advice`).
    explanation: str = ""
    #: A fair share of the victory: one over the number of players.
    fair_share: float = 0.0

    def __str__(self) -> str:
        return self.sentence

    def figures(self) -> dict[str, Any]:
        """The hint as plain data (notations as text), for a message or a file."""
        return {
            "action": str(self.action),
            "text": self.sentence,
            "visit_share": self.visit_share,
            "searches": self.searched,
            "win_share": self.win_share,
            "fair_share": self.fair_share,
            "runner_ups": [
                {"action": str(r.action), "visit_share": r.visit_share, "win_share": r.win_share}
                for r in self.runner_ups
            ],
            "explanation": self.explanation,
        }


def _share(value: float) -> str:
    return f"{100 * value:.0f}%"


def hint(state: GameState, seat: int) -> Hint:
    """What the ``hard`` level would play for ``seat`` in ``state``, and why, in a sentence.

    ``state`` is the true state of a game or ``seat``'s own perspective copy; it is left as it was.
    Raises :class:`PhoenixGamesError` when the game is over, when it is not ``seat``'s turn, or when
    ``state`` is another seat's perspective copy.
    """
    from . import make_agent
    from .advice import explain
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
    fair = 1 / state.num_players
    legal = state.legal_actions()
    if len(legal) == 1:
        words = explain(state, seat, legal[0])
        return Hint(legal[0], 1.0, None, 0, f"Hard's move: {legal[0]}, the only legal action.", (), words, fair)
    agent = make_agent(level_spec("hard", state.game), seed=0)
    if state.seed is not None:
        agent.rng.seed(derive_seed(state.seed, "decision", seat, len(state.history)))
    else:
        agent.rng.seed(derive_seed(0, "hint", seat, len(state.history)))
    action = agent.choose(state.copy(perspective=seat, seed=0))
    words = explain(state, seat, action)
    root = agent.last_root if isinstance(agent, ISMCTSAgent) else None
    if root is None or action not in root.children:
        return Hint(action, 1.0, None, 0, f"Hard's move: {action}.", (), words, fair)
    total = sum(child.visits for child in root.children.values()) or 1
    # The iterations the search ran: each visits one move at the root, so they are the root's visits.
    searched = getattr(agent, "last_iterations", 0) or total
    chosen = root.children[action]
    visit_share, win_share = chosen.visits / total, chosen.mean()
    sentence = (
        f"Hard's move: {action}. It gave it {_share(visit_share)} of {searched:,} searches and expects you then "
        f"to win {_share(win_share)} of the time (a fair share is {_share(fair)})"
    )
    others = sorted(
        (
            (child.visits, child.mean(), -order, other)
            for order, (other, child) in enumerate(root.children.items())
            if other != action and child.visits
        ),
        key=lambda entry: entry[:3],
        reverse=True,
    )
    runner_ups = tuple(RunnerUp(other, visits / total, mean) for visits, mean, _, other in others[:3])
    if runner_ups:
        best = runner_ups[0]
        sentence += (
            f"; next best, {best.action}: {_share(best.visit_share)} of the searches, {_share(best.win_share)} to win"
        )
    return Hint(action, visit_share, win_share, searched, sentence + ".", runner_ups, words, fair)


__all__ = ["Hint", "RunnerUp", "hint"]
