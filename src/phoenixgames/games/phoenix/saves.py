"""Reading a Phoenix save back, field by field: ``PhoenixState._from_dict`` asks here.

Only a perspective copy's save comes here (a referee's is proven by replaying its record), and it has
no seed, so nothing replays it: each field is read by its declared type (whole numbers, lists and
lists of lists of them, nothing else), the derived fields are worked out again, and the state is then
checked (``invariants.py``). (The file is as it was written: the engine has checked its digest,
``engine/digest.py``.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.serial import read_declared_fields
from .invariants import check_state

if TYPE_CHECKING:
    from .state import PhoenixState


def read_save(state: PhoenixState, data: Any) -> None:
    """Set ``state``'s fields from saved ``data`` after checking that it has each field the state
    declares, no other, and each of its declared shape (true/false values are not numbers); then
    check the state. Raises :class:`InvariantError` naming what is amiss."""
    read_declared_fields(state, data, "Phoenix")
    state._rearranged()
    check_state(state)
