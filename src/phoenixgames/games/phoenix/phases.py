"""Phoenix's phases and the constants several of its modules share.

A game of Phoenix has one phase of play: round after round, each held ash token is laid in turn order
(the lowest number showing first), until the last round ends and the game is over. The view names
the phase; the state tells the two apart by whether a token is left to play.
"""

from __future__ import annotations

from .components import BLACK_VALUE, WHITE_VALUE

#: The phases, as the view names them.
PLAY = "play"  # rounds are being played: the holder of the lowest held token lays it
OVER = "over"  # the last round has ended

#: The centre nest is nest 0 (``centre`` in the notation); the players' nests are 1 to 4.
CENTRE = 0
#: The owner of the centre nest; the holder of a token lying on a nest or left in the box.
NOBODY = -1
#: No token: a nest with none on it, or the token to play once the game is over.
NO_TOKEN = -1
#: An empty place on a phoenix board.
EMPTY = -1

#: The sides of an ash token.
WHITE, BLACK = 0, 1
SIDE_NAMES: tuple[str, ...] = ("white", "black")
#: Values of the ash tokens: ``TOKEN_VALUE[side][token]``.
TOKEN_VALUE: tuple[tuple[int, ...], ...] = (WHITE_VALUE, BLACK_VALUE)
