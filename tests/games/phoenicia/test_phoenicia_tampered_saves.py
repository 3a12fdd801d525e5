"""A tampered perspective save is refused, or it plays on: never a crash, never a hang.

A perspective copy's save has no seed, so no record can prove it: its digest refuses any edit (the
last test), and what a program that writes a matching digest afresh may put in it is read field by
field (``saves.py``). Each case takes a real perspective save, changes one place of its state (a
number made negative, huge or of another type; a list emptied, shortened, lengthened or doubled; an
entry added to an object or taken out), writes its digest again and loads it, within a time limit:
the load must raise :class:`pg.InvalidGameFile`, or the state must play on (views, copies, saves,
legal actions, moves) raising nothing but a :class:`pg.PhoenixGamesError`.
Every field of the state, of a settlement and of an auction is changed in every way, at one position
of each list chosen at random.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import phoenixgames as pg
from tests.support.tampering import (
    EDITS,
    REMOVED,
    Case,
    Changes,
    at,
    check_edited_saves_are_refused,
    check_tampered_saves,
    forged,
    places,
    play_on,
    verdicts_under_python_dash_o,
)

from .helpers import new_state, play_random

CHANGES = Changes(
    numbers=(-1, -(10**9), 3, 99, 10**9, 10**30, 0, 1, 2),
    others=(None, "1", 1.5, True, [], [[]], {}, [1, 2]),
    bool_number=1,
    unknown_entry=True,
)
#: Actions a loaded state plays on for.
PLAY_ON = 30


def positions() -> Iterator[tuple[str, pg.GameState]]:
    """Real positions: starts, mid-game, an auction in progress, first-game options, ends."""
    yield "2 players, start", new_state(2, 3)
    yield "2 players, 40 actions", play_random(new_state(2, 4), random.Random(4), until=lambda s: len(s.history) >= 40)
    auction = play_random(
        new_state(5, 5), random.Random(5), until=lambda s: len(s.history) > 60 and s.auction is not None
    )
    yield "5 players, an auction in progress", auction
    yield (
        "3 players, first game, 100 actions",
        play_random(
            new_state(3, 6, preset_cards=True, first_game_auctions=True),
            random.Random(6),
            until=lambda s: len(s.history) >= 100,
        ),
    )
    yield "4 players, over", play_random(new_state(4, 7), random.Random(7))
    yield "2 players, capped", play_random(new_state(2, 8, round_cap=3), random.Random(8))


def pattern(path: tuple[Any, ...]) -> tuple[Any, ...]:
    """The field a place belongs to: list positions left out."""
    return tuple("*" if isinstance(step, int) else step for step in path)


def cases(state_data: dict[str, Any], rng: random.Random) -> list[Case]:
    """Every field changed every way, at one place of each field chosen at random; and each entry of
    the state, a settlement and the auction taken out."""
    by_field: dict[tuple[Any, ...], list[tuple[Any, ...]]] = {}
    for path in places(state_data):
        by_field.setdefault(pattern(path), []).append(path)
    found = []
    for field_places in by_field.values():
        path = rng.choice(field_places)
        found += [(path, what, new) for what, new in CHANGES.of(at(state_data, path))]
        if isinstance(path[-1], str):
            found.append((path, "taken out", REMOVED))
    return found


def test_a_tampered_perspective_save_is_refused_or_plays_on():
    tally = check_tampered_saves(
        positions(), cases, lambda state, rng: play_on(state, rng, PLAY_ON), tolerated=(pg.PhoenixGamesError,)
    )
    assert tally.total > 1500
    assert tally.loaded < tally.total / 20, "most tampered saves should be refused"


def perspective_save() -> dict[str, Any]:
    state = play_random(new_state(3, 9), random.Random(9), until=lambda s: len(s.history) >= 50)
    return json.loads(state.copy(perspective=state.current_player, seed=1).to_json())


@pytest.mark.parametrize(
    ("path", "value", "reason"),
    [
        (("settlements", 0, "discount", 5), 10**9, "discount must be from 0 to"),
        (("settlements", 0, "discount", 5), 1000, "the discount on"),
        (("settlements", 1, "disks"), 1000, "more wealth than the settlement can have held"),
        (("settlements", 2, "received"), 10**12, "from 0 to"),
        (("settlements", 0, "hand"), [4, 4, 4, 4, 4, 4, 4, 4], "more production cards than storehouses"),
        (("settlements", 0, "vp"), 31, "victory points 31 are not their recount"),
        (("settlements", 0, "won_auction"), 1, "true or false"),
        (("settlements", 0, "extra"), 1, "unknown entry 'extra'"),
        (("round",), 10**9, "the round must be from 1 to"),
        (("turn",), 1, "the auctioneer is not the player whose turn it is"),
        (("part",), 2, "an auction outside the auctions of a turn"),
        (("over",), True, "the turn is out of range|does not end a turn"),
        (("settlements", 2, "trained"), 1, "seat 2's trained|workers appeared or vanished"),
        (("capped",), True, "the round cap did not end this game"),
        (("overlord",), "1", "must be a whole number"),
        (("display",), [0, 0, 0, 0], "appeared or vanished|miscounted|display"),
    ],
)
def test_a_tampered_perspective_save_is_refused_saying_what_is_wrong(path, value, reason):
    data = perspective_save()
    parent = at(data["state"], path[:-1])
    parent[path[-1]] = value
    with pytest.raises(pg.InvalidGameFile, match=reason):
        pg.load_game(json.dumps(forged(data)))


def test_the_checks_of_a_save_hold_under_python_minus_o():
    """The checks are real exceptions, not ``assert``: with ``python -O`` a save whose victory points
    differ from their recount, or whose discount is a billion, is still refused."""
    saves = []
    for path, value in ((("settlements", 0, "vp"), 31), (("settlements", 1, "discount", 9), 10**9)):
        data = perspective_save()
        at(data["state"], path[:-1])[path[-1]] = value
        saves.append(forged(data))
    lines = verdicts_under_python_dash_o(saves, timeout=60)
    assert len(lines) == 2 and all(line.startswith("refused:") for line in lines), lines
    assert re.search("recount", lines[0]) and re.search("discount", lines[1])


@pytest.mark.parametrize("players", [2, 5])
def test_a_save_edited_in_one_or_two_places_is_refused_with_the_reason(players):
    """A referee's save and a copy's, early, with an auction under way and at the end: a number or a
    list of the state changed, an action dropped, swapped or repeated, or two of these at once."""
    state = new_state(players, 21)
    rng = random.Random(players)
    tried = 0
    for until in (lambda s: len(s.history) >= 6, lambda s: len(s.history) > 40 and s.auction, lambda s: s.is_over):
        play_random(state, rng, until=until)
        tried += check_edited_saves_are_refused(state)
    assert tried == 3 * 2 * len(EDITS)
