"""A state's observation and action mask as NumPy arrays, the form every adapter hands on."""

from __future__ import annotations

import numpy as np

from ..engine import GameState


def observation_array(state: GameState, seat: int) -> np.ndarray:
    """``seat``'s observation (``state.observation(seat)``) as a new float32 array."""
    return np.frombuffer(state.observation(seat), dtype=np.float32).copy()


def mask_array(state: GameState) -> np.ndarray:
    """The action mask of the seat to act (``state.action_mask()``) as a new int8 array; all zeros once
    the game is over."""
    # The mask's 0s and 1s are bytes already: read them as such (a few times quicker than np.array).
    return np.frombuffer(bytearray(state.action_mask()), dtype=np.int8)
