"""What an OpenSpiel observer of a phoenixgames state gives: strings and tensors, from views alone.

- The observation of a seat is its view: the string is ``state.view(seat)`` written one entry a line,
  the tensor ``state.observation(seat)`` (the game's encoding of that view).
- The information state of a seat is its history as it lived it: the text of every event it saw
  (``state.events(seat)``), oldest first, then its view. The tensor is the observation vector again: a
  view carries what a seat remembers (Schatz's cards it saw, Phoenicia's auctions, the Syndicate's
  contracts), so the vector summarises the information state rather than listing the history.
- A spectator's observer (``private_info=NONE``) gives the public view and the public events, and no
  tensor (the encodings are written for seats).

Nothing here reads the true state: a seat's strings and tensors are the same in every world its
perspective copy could be (tests/rl/test_openspiel.py checks it).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

import phoenixgames as pg

if TYPE_CHECKING:
    from .openspiel_position import Audience, Position


_JSON = json.JSONEncoder(sort_keys=True, ensure_ascii=False)


def view_text(view: dict[str, Any]) -> str:
    """A view as text, one entry a line (``hand: ["R3", "G5"]``), in the game's own order of entries."""
    return "\n".join(f"{key}: {_JSON.encode(value)}" for key, value in view.items())


#: What every seat and the spectators see while chance draws the seed (``chance=explicit``): nothing yet.
NOT_DEALT = "the game is not dealt yet: chance is drawing its seed"


def observation_string(position: Position | None, audience: Audience | None) -> str:
    """What ``audience`` (a seat, ``pg.PUBLIC``, or ``None``: the referee) sees now."""
    if position is None:
        return NOT_DEALT
    return position.remembered(("view", audience), lambda: view_text(position.state.view(audience)))


def information_state_string(position: Position | None, audience: Audience) -> str:
    """What ``audience`` saw happen, one event a line, then what it sees now."""
    if position is None:
        return NOT_DEALT

    def work() -> str:
        events = "\n".join(position.transcript(audience))
        return f"{events}\n--\n{observation_string(position, audience)}"

    return position.remembered(("history", audience), work)


def observation_vector(position: Position, seat: int) -> np.ndarray:
    """``seat``'s observation vector, as float32 (read only: it is shared until the next action)."""
    return position.observation(seat)


class PhoenixGamesObserver:
    """An observer in the form OpenSpiel's Python games use (``make_py_observer``): ``tensor``, ``dict``,
    ``set_from(state, player)`` and ``string_from(state, player)``."""

    def __init__(
        self, size: int, iig_obs_type: pyspiel.IIGObservationType | None, params: dict[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(f"the observers of phoenixgames take no parameters, not {sorted(params)}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if kind.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("phoenixgames observes for one seat or for the spectators, not for all players at once")
        self.perfect_recall = kind.perfect_recall
        self.spectator = kind.private_info == pyspiel.PrivateInfoType.NONE
        self.public_info = kind.public_info
        self.tensor: np.ndarray | None = None if self.spectator else np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        if self.tensor is not None:
            self.dict["information_state" if self.perfect_recall else "observation"] = self.tensor

    def _audience(self, player: int) -> Audience:
        return pg.PUBLIC if self.spectator else player

    def set_from(self, state: Any, player: int) -> None:
        """Write ``player``'s tensor of ``state`` into :attr:`tensor`."""
        if self.tensor is not None:
            if state.position is None:
                self.tensor[:] = 0.0
            else:
                self.tensor[:] = observation_vector(state.position, player)

    def string_from(self, state: Any, player: int) -> str:
        """``player``'s observation or information-state string of ``state``."""
        if not self.public_info and self.spectator:
            return ""
        audience = self._audience(player)
        if self.perfect_recall:
            return information_state_string(state.position, audience)
        return observation_string(state.position, audience)
