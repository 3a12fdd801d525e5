"""A state's observation and action mask as NumPy arrays, the form every adapter hands on."""

from __future__ import annotations

import numpy as np

from ..engine import GameState


def observation_array(state: GameState, seat: int) -> np.ndarray:
    """``seat``'s observation (``state.observation(seat)``) as a new float32 array."""
    # Each call makes a new array.array, which nothing else holds: NumPy reads it in place, no copy needed.
    return np.frombuffer(state.observation(seat), dtype=np.float32)


def mask_array(state: GameState, size: int) -> np.ndarray:
    """The action mask of the seat to act (``state.action_mask()``, ``size`` long: the length of the action
    table) as a new int8 array; all zeros once the game is over."""
    # Bytes set one per legal action, then read as int8 without a copy: a few times quicker than
    # turning the mask's list of ``size`` numbers into an array.
    mask = bytearray(size)
    for found in state.legal_action_ids():
        mask[found] = 1
    return np.frombuffer(mask, dtype=np.int8)
