"""Reading a perspective save back field by field (``SchatzState._from_dict`` delegates here).

Only a perspective copy's save comes here: a referee's is proven by replaying its record. Every field
of Schatz des Phönix is a whole number or a list (of lists) of them, so the declared types say how to
read each; then the state is checked (``invariants.py``). (The file is as it was written: the engine
has checked its digest, ``engine/digest.py``.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.serial import read_declared_fields
from .combos import COMBO_TABLES
from .invariants import check_state
from .ruleset import ruleset_for

if TYPE_CHECKING:
    from .state import SchatzState


def read_fields(state: SchatzState, data: Any) -> None:
    """Set ``state``'s fields from saved ``data`` after checking that it has each field the state
    declares, no other, and each of its declared shape (true/false values are not numbers)."""
    read_declared_fields(state, data, "Schatz des Phönix")


def read_save(state: SchatzState, data: Any) -> None:
    """Read a perspective save into ``state``: each field, the derived ones worked out again, and
    every invariant; :class:`InvariantError` at the first fault."""
    read_fields(state, data)
    state._combo = COMBO_TABLES[state.options["wild_colour"]]
    state.ruleset = ruleset_for(state.rules)
    check_state(state)
