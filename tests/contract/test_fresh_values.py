"""Views and events are fresh values: nothing that ``view(p)`` or ``events(p)`` hands out is part of the
state, so a caller may change what it was given (an adapter building an observation, a server adding a
field) and the game, its later views and its events stay as they were.

In every game at every player count, at positions along a random game whose events are logged (as a
server's are), every audience's view and events are taken, changed at every level (each list and
dict emptied of nothing but filled with junk: items replaced, items added, keys added), and the game
is checked unchanged: its save, every view and every event as they were before. The events told along
the way are checked again at the end, so that none aliases a part of the state that later actions
change; and exact copies, which share their past events with the original, are changed in turn.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import phoenixgames as pg

from .common import SEATINGS

#: What the changes write.
JUNK = "junk"
#: The positions checked along each game (by the number of actions taken), and its end.
CHECKED = frozenset((0, 3, 10, 30, 100, 300))


def deface(value: Any) -> int:
    """Change ``value`` at every level, deepest first (so that a part shared with the state is changed
    before the container that holds it is); return how many lists and dicts were changed."""
    changed = 0
    if isinstance(value, dict):
        for key in list(value):
            changed += deface(value[key])
            value[key] = JUNK
        value[JUNK] = JUNK
        return changed + 1
    if isinstance(value, list):
        for item in value:
            changed += deface(item)
        value[:] = [JUNK] * len(value)
        value.append(JUNK)
        return changed + 1
    if isinstance(value, tuple):
        return sum(deface(item) for item in value)
    return 0


def audiences(state: pg.GameState) -> list[int | str | None]:
    return [*range(state.num_players), pg.PUBLIC, None]


def everything_told(state: pg.GameState) -> dict[str, Any]:
    """Deep copies of all that the state tells (its save, every view, every event, the records)."""
    return copy.deepcopy(
        {
            "save": state.to_json(),
            "views": [state.view(a) for a in audiences(state)],
            "events": [state.events(a) for a in audiences(state) if a is not None],
            "record": state.record,
            "public_record": state.public_record(),
        }
    )


def deface_everything_told(state: pg.GameState) -> int:
    changed = 0
    for audience in audiences(state):
        changed += deface(state.view(audience))
        if audience is not None:
            changed += deface(state.events(audience))
    changed += deface(state.record) + deface(state.public_record())
    return changed


@pytest.mark.parametrize(("game", "players"), SEATINGS)
def test_changing_what_views_and_events_hand_out_changes_nothing_in_the_game(game, players):
    rng = random.Random(11)
    state = pg.new_game(game, players=players, seed=11)
    state.events(0)  # logged from the start, as a server's game is
    told: list[list[list[dict[str, Any]]]] = []
    while not state.is_over:
        if len(state.history) in CHECKED:
            told.append(copy.deepcopy([state.events(seat) for seat in range(players)]))
            expected = everything_told(state)
            twin = state.copy()
            assert deface_everything_told(state) > 10
            assert everything_told(state) == expected
            assert deface_everything_told(twin) > 10  # a copy shares the original's past events
            assert everything_told(state) == expected
        state.apply(rng.choice(state.legal_actions()))
    for events in told:
        for seat in range(players):
            now = state.events(seat)
            assert now[: len(events[seat])] == events[seat], "an event told earlier has changed since"
    expected = everything_told(state)  # the end of the game too
    assert deface_everything_told(state) > 10
    assert everything_told(state) == expected
