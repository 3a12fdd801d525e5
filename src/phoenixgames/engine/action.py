"""What every game's actions have in common.

An action is a small frozen value. ``str(action)`` is its text notation, which the game's parser
reads back, so a record of notations replays a game exactly.
"""

from __future__ import annotations

from typing import TypeGuard

#: Numbers beyond this are never a field of an action (a nest, a slot, a token): actions holding them are
#: not written as notation.
LARGEST_NUMBER = 10**12


class Action:
    """Base class of all actions. Subclasses are frozen dataclasses with ``__slots__``."""

    __slots__ = ()


def normalise_notation(text: str) -> str:
    """Fold case and runs of white space, so that ``"Play  r3 NEST2"`` reads as ``"play r3 nest2"``."""
    return " ".join(text.split()).lower()


def is_number(value: object) -> TypeGuard[int]:
    """A whole number of a sensible size (``True`` is not a number here)."""
    return value.__class__ is int and -LARGEST_NUMBER < value < LARGEST_NUMBER


def exactly_equal(value: object, real: object) -> bool:
    """``value`` is ``real`` to the last field: of its very class, each field (and each item of a tuple)
    of the very class of ``real``'s and equal to it, so that ``Bid(True)`` or ``Bid(1.0)``, equal to
    ``Bid(1)`` by Python's loose equality, is not ``Bid(1)``; and a game component (a frozen dataclass
    with ``__slots__``) whose number is ``3.0`` is no component of the game."""
    if value is real:
        return True
    if value.__class__ is not real.__class__:
        return False
    if isinstance(real, tuple) and isinstance(value, tuple):  # of one class, checked above
        return len(value) == len(real) and all(exactly_equal(a, b) for a, b in zip(value, real, strict=True))
    slots = getattr(real.__class__, "__slots__", None)
    if slots and not isinstance(real, int | float | str | bytes):
        return all(exactly_equal(getattr(value, name, None), getattr(real, name)) for name in slots)
    return value == real
