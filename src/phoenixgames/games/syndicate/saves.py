"""Reading a saved Phoenix Syndicate state back, field by field.

A referee's save is proved by replaying its record; a perspective copy's save has no seed to replay, so
``_from_dict`` reads each declared field back by its type (``engine.serial.read_declared_fields``: each
there, of its type, and nothing else), checks here the length of each list and reads the galaxy and
the two true/false fields; then ``invariants.py`` checks that what it holds could be a game. (The file
is as it was written: the engine has checked its digest, ``engine/digest.py``.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import InvariantError
from ...engine.errors import shown
from ...engine.serial import read_declared_fields
from .components import FACE_UP_CONTRACTS, NUM_COLOURS, NUM_TILES
from .galaxy import NUM_CELLS, Galaxy

if TYPE_CHECKING:
    from .state import SyndicateState

SEATS = "seats"  # a length: the number of players
#: The lists of a fixed length: (length, the length of each entry or None).
LENGTHS: dict[str, tuple[int | str, int | None]] = {
    "agents": (NUM_TILES, None),
    "owned": (SEATS, None),
    "stacked": (SEATS, None),
    "res": (SEATS, NUM_COLOURS),
    "hands": (SEATS, None),
    "offers": (SEATS, None),
    "known": (SEATS, None),
    "cashed": (SEATS, None),
    "slots": (FACE_UP_CONTRACTS, None),
    "slot_res": (FACE_UP_CONTRACTS, NUM_COLOURS),
    "flipped": (SEATS, None),
    "guilds": (SEATS, None),
    "credits": (SEATS, None),
    "awards": (SEATS, None),
    "made": (NUM_COLOURS, None),
    "spent": (NUM_COLOURS, None),
}
#: The fields read here rather than by their declared types.
OWN = ("galaxy", "exchanging", "end_triggered")


def restore(state: SyndicateState, data: Any) -> None:
    """Set every field of ``state`` from ``data`` (a save's ``state``), checking each one's shape."""
    read_declared_fields(state, data, "The Phoenix Syndicate", own=OWN)
    n = state.num_players
    for name, (length, inner) in LENGTHS.items():
        value = getattr(state, name)
        wanted = n if length == SEATS else length
        if len(value) != wanted:
            raise InvariantError(f"the saved state's {name} holds {len(value)} entries, not {wanted}")
        for i, item in enumerate(value if inner is not None else ()):
            if len(item) != inner:
                raise InvariantError(f"the saved state's {name}[{i}] holds {len(item)} entries, not {inner}")
    for name in ("exchanging", "end_triggered"):
        if data[name].__class__ is not bool:
            raise InvariantError(f"the saved state's {name} must be true or false, not {shown(data[name])}")
        setattr(state, name, data[name])
    state.galaxy = read_galaxy(data["galaxy"])


def read_galaxy(data: Any) -> Galaxy:
    """The galaxy a save holds: ``{"layout": [...], "rotation": [...]}``, a tile and a turn per cell."""
    if data.__class__ is not dict or set(data) != {"layout", "rotation"}:
        raise InvariantError("the saved galaxy must hold its layout and its rotations, and nothing else")
    layout, rotation = data["layout"], data["rotation"]
    for name, value in (("layout", layout), ("rotation", rotation)):
        if value.__class__ is not list or len(value) != NUM_CELLS or not all(v.__class__ is int for v in value):
            raise InvariantError(f"the saved galaxy's {name} must be {NUM_CELLS} whole numbers, one per cell")
    try:
        return Galaxy(tuple(layout), tuple(rotation))
    except ValueError as exc:
        raise InvariantError(f"the saved galaxy is impossible: {exc}") from None
