"""Reading a saved Phoenix Syndicate state back: every field must have the shape ``to_json`` writes.

A referee's save is proved by replaying its record; a perspective copy's save has no seed to replay, so
``_from_dict`` checks here that each field is there, of its type and its length, and nothing else is;
then ``invariants.py`` checks that what it holds could be a game, and ``history.py`` that it is the game
its own history of actions makes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .components import FACE_UP_CONTRACTS, NUM_COLOURS, NUM_TILES
from .galaxy import NUM_CELLS, Galaxy

if TYPE_CHECKING:
    from .state import SyndicateState

SEATS = "seats"  # a length: the number of players
ANY = None  # a length: any
INT = "int"
BOOL = "bool"

#: Each field: INT, BOOL, or a list of (length, inner shape).
SHAPES: dict[str, Any] = {
    "agents": (NUM_TILES, INT),
    "owned": (SEATS, INT),
    "stacked": (SEATS, (ANY, INT)),
    "credit_on": INT,
    "res": (SEATS, (NUM_COLOURS, INT)),
    "hands": (SEATS, (ANY, INT)),
    "offers": (SEATS, (ANY, INT)),
    "known": (SEATS, (ANY, INT)),
    "cashed": (SEATS, (ANY, INT)),
    "deck": (ANY, INT),
    "discards": (ANY, INT),
    "discard_seen": (ANY, INT),
    "slots": (FACE_UP_CONTRACTS, INT),
    "slot_res": (FACE_UP_CONTRACTS, (NUM_COLOURS, INT)),
    "pending": (ANY, INT),
    "flipped": (SEATS, INT),
    "guilds": (SEATS, INT),
    "credits": (SEATS, INT),
    "awards": (SEATS, INT),
    "pool": INT,
    "from_box": INT,
    "made": (NUM_COLOURS, INT),
    "spent": (NUM_COLOURS, INT),
    "start_player": INT,
    "turn": INT,
    "phase": INT,
    "card": INT,
    "bribe_left": INT,
    "bribe_total": INT,
    "exchanging": BOOL,
    "reshuffles": INT,
    "turns": INT,
    "unflipped_by_rule": INT,
}
OTHER_KEYS = ("layout", "rotation", "end_triggered")


def _read(name: str, value: Any, shape: Any, players: int) -> Any:
    """A fresh copy of ``value`` after checking it has ``shape``; ValueError saying where if not."""
    if shape == INT:
        if value.__class__ is not int:
            raise ValueError(f"{name} holds {value!r:.40}, where a whole number belongs")
        return value
    if shape == BOOL:
        if value.__class__ is not bool:
            raise ValueError(f"{name} holds {value!r:.40}, where true or false belongs")
        return value
    length, inner = shape
    if value.__class__ is not list:
        raise ValueError(f"{name} holds {value!r:.40}, where a list belongs")
    wanted = players if length == SEATS else length
    if wanted is not ANY and len(value) != wanted:
        raise ValueError(f"{name} holds {len(value)} entries, not {wanted}")
    return [_read(f"{name}[{i}]", item, inner, players) for i, item in enumerate(value)]


def restore(state: SyndicateState, data: Any) -> None:
    """Set every field of ``state`` from ``data`` (``_to_dict``'s output), checking each one's shape."""
    if data.__class__ is not dict:
        raise ValueError("the saved state must be a JSON object")
    extra = sorted(set(data) - set(SHAPES) - set(OTHER_KEYS))
    if extra:
        raise ValueError(f"the saved state holds fields the game does not have: {', '.join(map(str, extra))[:80]}")
    n = state.num_players
    for name, shape in SHAPES.items():
        if name not in data:
            raise ValueError(f"the saved state has no {name}")
        setattr(state, name, _read(name, data[name], shape, n))
    layout = _read("layout", data.get("layout"), (NUM_CELLS, INT), n)
    rotation = _read("rotation", data.get("rotation"), (NUM_CELLS, INT), n)
    state.galaxy = Galaxy(tuple(layout), tuple(rotation))
    if data.get("end_triggered").__class__ is not bool:
        raise ValueError("end_triggered must be true or false")
    state.end_triggered = data["end_triggered"]
