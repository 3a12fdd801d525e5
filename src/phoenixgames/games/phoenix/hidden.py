"""What a seat cannot see in Phoenix, re-dealt for a perspective copy: ``PhoenixState._redeal`` asks here.

Everything is in the open (boards, plumages, nests, tokens, and what the bags still hold, which anyone
can count) but the order in which halves will come out of the bags, and that order exists nowhere: the
bags are unordered piles and each draw takes a random half with the state's generator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import PhoenixState


def redeal(state: PhoenixState, player: int) -> None:
    """Only the bags are hidden, and only their order: a copy keeps them in a fixed order (so that it
    holds nothing of the original's) and draws from its own generator. The same for every seat."""
    state.lower_bag.sort()
    state.upper_bag.sort()
