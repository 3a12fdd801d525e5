"""What every game's actions have in common.

An action is a small frozen value. ``str(action)`` is its text notation, which the game's parser
reads back, so a record of notations replays a game exactly.
"""


class Action:
    """Base class of all actions. Subclasses are frozen dataclasses with ``__slots__``."""

    __slots__ = ()


def normalise_notation(text: str) -> str:
    """Fold case and runs of white space, so that ``"Play  r3 NEST2"`` reads as ``"play r3 nest2"``."""
    return " ".join(text.split()).lower()
