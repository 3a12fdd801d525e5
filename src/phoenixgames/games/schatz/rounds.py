"""The end of a round (rulebook: New Round and End of the Game)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import ROUNDS
from .phases import GAME_OVER

if TYPE_CHECKING:
    from .state import SchatzState


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
    if game.round == ROUNDS:
        game.phase = GAME_OVER
        game.pick_queue = []
        return True
    return False
