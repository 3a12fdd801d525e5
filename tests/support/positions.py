"""Positions set up by hand that ``state.arranged`` cannot make: the only place tests write a state's fields.

``state.arranged(**fields)`` is how a test lays out a position (docs/api.md, "Positions set up by
hand"): a copy with the named fields replaced, checked by the game's invariants. Everything a test can
set up that way it must. This module holds the two things left over, each for the few tests that need it:

* :func:`lay_unreachable`: a position the rules can never reach, which ``arranged`` rightly refuses
  (components missing from the box, a seat to act out of turn...). Every call says why, in ``reason``.
* :func:`adopt`: make a live state a position built elsewhere, in place, for the helpers whose callers
  keep the state object they passed in (Phoenicia's) rather than use the one returned.

Both write private fields of the engine's state; nothing else in the tests does.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

import phoenixgames as pg

S = TypeVar("S", bound=pg.GameState)


def lay_unreachable(state: S, reason: str, **fields: Any) -> S:
    """A copy of ``state`` with ``fields`` written straight in, unchecked, its cached legal actions
    dropped: only for a position the rules can never reach (``arranged`` refuses it, rightly), or a
    state corrupted on purpose to test a check. ``reason`` says which it is and why the test needs it
    (it is there to be read at the call; a tampered save is better made by editing its JSON).

    The values become the copy's own: pass copies (a misspelt name is refused: the fields are slots).
    As with ``arranged``, the copy's events and undo start from the position laid (its past cannot be
    replayed: the rules never lead there)."""
    assert reason.strip(), "say why this position cannot be arranged"
    world = state.copy()
    for name, value in fields.items():
        setattr(world, name, value)
    world._legal = None
    world._log = None
    world._undo = None
    world._rearranged()
    origin = world.copy()
    origin._origin = None
    world._origin = origin
    return world


def adopt(state: S, position: pg.GameState, *, same_objects: Iterable[str] = ()) -> S:
    """Make ``state`` the position ``position`` (a state made from it by ``arranged`` or
    :func:`lay_unreachable`) in place, as ``undo`` does, and return it; its events and undo then
    start where ``position``'s do. For each field named in ``same_objects`` (a list of components), the
    components stay the very objects ``state`` held, each made equal to its counterpart, so that a test
    holding one sees it change."""
    assert type(position) is type(state) and position.history == state.history, "not a position made from state"
    kept = {name: getattr(state, name) for name in same_objects}
    position._copy_into(state)
    for name, olds in kept.items():
        news = getattr(state, name)
        for old, new in zip(olds, news, strict=True):
            for slot in type(old).__slots__:
                setattr(old, slot, getattr(new, slot))
        setattr(state, name, olds)
    state._legal = None
    state._log = None
    state._undo = None
    state._origin = position._origin
    return state
