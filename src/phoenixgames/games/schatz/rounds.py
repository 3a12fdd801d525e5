"""The end of a round (rulebook: New Round and End of the Game), shared by a game and by the public
game a history makes (``history.py``)."""

from __future__ import annotations

from typing import Protocol

from .components import ROUNDS
from .phases import GAME_OVER


class RoundTable(Protocol):
    """What the end of a round changes: a game, or the public game a history makes."""

    start_player: int
    large_taker: int
    sides: list[list[int]]
    discards: list[int]
    plays: int
    round: int
    phase: int
    pick_queue: list[int]


def close_round(game: RoundTable) -> bool:
    """The end of a round, in a game or in the game a history makes: whoever took the large 10 takes
    the start player token, the cards beside the nests go to the discards, and the round is over; after
    the last round, so is the game. Returns whether it is."""
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
