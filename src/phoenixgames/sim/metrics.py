"""The figures of one finished game, for studies: what a designer looks at beside winners and scores.

Every game gets the generic figures: each seat's share of the victory (``win_share``, a victory shared
by k counting 1/k), the game's length in decisions (``decisions``) and, where the game says, in its own
rounds (``rounds``), how often the lead changed hands (``lead_changes``) and the margin of victory
(``margin``: the winner's score less the best of the others, 0 for a shared victory). A game whose spec
has ``metrics`` adds its own (Phoenicia's VP by source, Schatz's points by nest, ...): each figure a
number, or a list of numbers by seat.

The lead is followed cheaply while the game is played: :class:`LeadTracker` is shown the scores each
time the turn passes to another seat (no game is played again to measure it). A tie for the lead leaves
the last sole leader in the lead; the first sole leader is no change.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import GameState

#: A game's figures: a number, or one number per seat.
Figure = float | list[float]

#: The figures every game reports, whatever the game.
GENERIC = ("win_share", "decisions", "rounds", "lead_changes", "margin")


class LeadTracker:
    """Counts how often the sole leader by score changes over a game."""

    __slots__ = ("changes", "leader")

    def __init__(self) -> None:
        self.leader: int | None = None
        self.changes = 0

    def see(self, scores: Sequence[float]) -> None:
        """Take note of the scores as they stand now."""
        best = max(scores)
        leader = -1
        for seat, score in enumerate(scores):
            if score == best:
                if leader >= 0:
                    return  # a tie for the lead: nobody has taken it from the last leader
                leader = seat
        if self.leader is not None and leader != self.leader:
            self.changes += 1
        self.leader = leader


def win_share_of(winners: Sequence[int], players: int) -> list[float]:
    """Each seat's share of the victory: 1/k to each of k winners, 0 to the others."""
    shares = [0.0] * players
    for seat in winners:
        shares[seat] += 1 / len(winners)
    return shares


def margin_of(scores: Sequence[float], winners: Sequence[int]) -> float:
    """The winner's score less the best score of the others (0 for a shared victory or no winner)."""
    if len(winners) != 1 or len(scores) < 2:
        return 0.0
    winner = winners[0]
    return float(scores[winner] - max(score for seat, score in enumerate(scores) if seat != winner))


def game_metrics(state: GameState, lead_changes: int) -> dict[str, Figure]:
    """The figures of the finished game ``state``: the generic ones and the game's own."""
    own: dict[str, Any] = dict(state.spec.metrics(state)) if state.spec.metrics is not None else {}
    scores = state.scores
    winners = state.winners
    figures: dict[str, Figure] = {
        "win_share": win_share_of(winners, state.num_players),
        "decisions": float(len(state.history)),
        "lead_changes": float(lead_changes),
        "margin": margin_of(scores, winners),
    }
    if "rounds" in own:
        figures["rounds"] = float(own.pop("rounds"))
    for name, value in own.items():
        if name in figures:
            continue  # the generic figure keeps its meaning
        figures[name] = [float(v) for v in value] if isinstance(value, list | tuple) else float(value)
    return figures


__all__ = ["GENERIC", "Figure", "LeadTracker", "game_metrics", "margin_of", "win_share_of"]
