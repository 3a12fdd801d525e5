"""The picking order at a nest, and the end of a round (rulebook: Treasure Distribution, New Round and
End of the Game)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .phases import GAME_OVER

if TYPE_CHECKING:
    from .state import SchatzState


def picking_order(combos: Sequence[int], start: int) -> list[int]:
    """The seats in the order they pick at a nest where each seat's combo is ``combos[seat]``: highest
    combo first, ties to the seat first in turn order from ``start``, the start player (SCH-31, SCH-32)."""
    in_turn_order = [*range(start, len(combos)), *range(start)]
    return sorted(in_turn_order, key=combos.__getitem__, reverse=True)  # a stable sort: ties keep that order


def close_round(game: SchatzState) -> bool:
    """The end of a round: whoever took the large 10 takes the start player token, the cards beside the
    nests go to the discards, and the round is over; after the last round, so is the game. Returns
    whether it is."""
    game.start_player = game.large_taker
    for side in game.sides:
        game.discards.extend(side)
        side.clear()
    game.plays = 0
    game.round += 1
    if game.round == game.ruleset.rounds:
        game.phase = GAME_OVER
        game.pick_queue = []
        return True
    return False
