"""Tampered perspective saves: a save without a seed has no record to replay, so its digest refuses any
edit, and what a program writing the file afresh may put in it is checked as it is read. Altered in
any field (its digest written again), it is refused with ``InvalidGameFile``, or it loads into a state
that plays on under the rules: no other exception, no hang."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import phoenixgames as pg
from tests.support.tampering import (
    EDITS,
    Hang,
    at,
    check_edited_saves_are_refused,
    places,
    tampered,
    time_limit,
)

from .helpers import new_state

#: The first word of the notation of each action that chooses an action card.
CARD_VERBS = ("loot", "collect", "expand", "gamble", "scheme", "contract")

SECONDS_PER_CASE = 5


def real_saves() -> list[dict]:
    """Perspective saves of real games, one at the first moment of each phase, over 2, 3 and 5 players."""
    saves = []
    for players, seed in ((2, 31), (3, 32), (5, 33)):
        state = new_state(players, seed)
        rng = random.Random(seed)
        seen = set()
        while True:
            if state.phase not in seen:
                seen.add(state.phase)
                seat = rng.randrange(players)
                saves.append(json.loads(state.copy(perspective=seat, seed=1).to_json()))
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
    return saves


SAVES = real_saves()


def replacements(value):
    """Values to put in place of ``value``: other types, negatives, huge numbers, neighbours, wrong lengths."""
    out: list[Any] = ["x", None, 1.5, True, {}, [], -1, -7, 10**12, 2**64, [[0]]]
    if isinstance(value, int) and not isinstance(value, bool):
        out += [value + 1, value - 1, value + 99, -value - 1]
    if isinstance(value, list):
        out += [value + [value[-1] if value else 0], value[:-1], value + [0], [*value, 99], list(reversed(value))]
    return out


def cases(count: int, seed: int):
    """``count`` tampered saves: each a real save with one place in its state given another value."""
    rng = random.Random(seed)
    for _ in range(count):
        save = rng.choice(SAVES)
        path = rng.choice(list(places(save["state"])))
        yield save, path, rng.choice(replacements(at(save["state"], path)))


def plays_on(state: pg.GameState, rng: random.Random, steps: int = 80) -> None:
    """Random legal actions, with views, copies and saves on the way; only PhoenixGames errors allowed."""
    for _ in range(steps):
        for seat in range(state.num_players):
            state.view(seat)
        state.view(None)
        state.check_invariants()
        if state.is_over:
            assert state.legal_actions() == [] and state.winners
            return
        legal = state.legal_actions()
        assert legal, "no legal action, and the game is not over"
        action = rng.choice(legal)
        assert str(action)
        if rng.random() < 0.1:
            state.copy(perspective=rng.randrange(state.num_players)).legal_actions()
            pg.load_game(state.to_json())
        state.apply(str(action) if rng.random() < 0.5 else action)


def check_case(save: dict, path: tuple, new) -> bool:
    """Load the tampered save: refused, or loads and plays on. True if it loaded."""
    text = tampered(json.dumps(save), path, new)
    with time_limit(SECONDS_PER_CASE):
        try:
            state = pg.load_game(text)
        except pg.InvalidGameFile:
            return False
        plays_on(state, random.Random(len(text)))
    return True


@pytest.mark.parametrize("chunk", range(4))
def test_a_tampered_perspective_save_is_refused_or_plays_on(chunk):
    loaded = 0
    for save, path, new in cases(150, seed=chunk):
        try:
            loaded += check_case(save, path, new)
        except pg.PhoenixGamesError:
            pass  # refused while playing on: a PhoenixGames error, as the API promises
        except (Exception, Hang) as exc:
            raise AssertionError(f"state{list(path)} = {new!r:.60}: {type(exc).__name__}: {exc}") from exc
    assert loaded < 150  # most alterations are caught as the save is read


def test_the_real_saves_load_and_play_on():
    for save in SAVES:
        state = pg.load_game(json.dumps(save))
        assert state.to_json() == json.dumps(save, separators=(",", ":"), sort_keys=True)
        plays_on(state, random.Random(1))


@pytest.mark.parametrize(
    ("phase", "path", "new", "message"),
    [
        (3, ("card",), 99, "unknown action card"),
        (8, ("card",), 3, "the phase does not belong to the action card|a Contract card face down between turns"),
        (3, ("slot_res", 0), [0, 0, 0, 0, 0, 1], "slot_res\\[0\\] holds 6 entries, not 5"),
        (3, ("slot_res",), [[0] * 5] * 4, "slot_res holds 4 entries, not 3"),
        (3, ("res", 0), [3, 3, 3, 3, 3, 3], "res\\[0\\] holds 6 entries, not 5"),
        (3, ("res",), "many", "res must be a list of lists of whole numbers"),
        (3, ("phase",), 8, "the phase does not belong to the action card"),
        (3, ("phase",), 1, "happened before the first turn"),
        (3, ("phase",), 42, "unknown phase"),
        (9, ("awards", 0), -3, "the end-of-game credits are not those earned"),
        (3, ("awards", 0), -3, "end-of-game credits before the end"),
        (3, ("pool",), -1, "impossible credit pool"),
        (3, ("bribe_left",), 10**9, "bribe_left is out of range"),
        (3, ("turn",), 7, "a seat number is out of range"),
        (3, ("stacked", 0), [99], "a further agent where the seat has none"),
        (3, ("slots", 0), -5, "a slot holds no such contract"),
        (3, ("extra",), 1, "has a field 'extra' that The Phoenix Syndicate does not know"),
    ],
)
def test_impossible_contents_are_refused_on_loading(phase, path, new, message):
    save = by_phase_number(phase)
    with time_limit(SECONDS_PER_CASE), pytest.raises(pg.InvalidGameFile, match=message):
        pg.load_game(tampered(json.dumps(save), path, new))


def by_phase_number(phase: int) -> dict:
    return next(save for save in SAVES if save["state"]["phase"] == phase)


# ---------------------------------------------------------------------------- real saves, and saves edited by hand
def perspective_save(state, seat=0) -> dict:
    return json.loads(state.copy(perspective=seat, seed=1).to_json())


@pytest.mark.parametrize("players", [2, 4])
def test_a_perspective_save_taken_at_every_point_of_a_game_loads(players):
    """After every action of a whole game (an exchange opened and not yet made too, at every kind of
    decision), a save for each seat in turn loads: the checks of a save refuse no real one; the seat
    to act's own goes on as the game does."""
    state = new_state(players, 60 + players)
    rng = random.Random(players)
    opened = 0
    while True:
        seat = len(state.history) % players
        loaded = pg.load_game(json.dumps(perspective_save(state, seat)))
        assert loaded.history == state.history and loaded.exchanging == state.exchanging
        if seat == state.current_player:
            assert loaded.legal_actions() == state.legal_actions()
        opened += state.exchanging
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert opened > 10


def test_the_saves_of_a_game_whose_pool_runs_dry_load():
    """With a pool of 10 credits (the least the parameters allow: random play never empties the printed
    one), the pool runs dry, credits come from the box and the last round starts: the checks of a save
    allow all of it."""
    from_box = 0
    for players in (2, 3, 4, 5):
        state = new_state(players, 1, {f"credit_pool_{players}p": 10})
        rng = random.Random(players)
        while True:
            if state.is_over or rng.random() < 0.2:
                pg.load_game(json.dumps(perspective_save(state, rng.randrange(players))))
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        from_box += state.from_box > 0
    assert from_box


@pytest.mark.parametrize("players", [2, 5])
def test_a_save_edited_in_one_or_two_places_is_refused_with_the_reason(players):
    """A referee's save and a copy's, early, in the middle and at the end: a number or a list of the
    state changed, an action dropped, swapped or repeated, or two of these at once."""
    state = new_state(players, 21)
    rng = random.Random(players)
    tried = 0
    for until in (lambda s: len(s.history) >= 12, lambda s: s.turns > 15, lambda s: s.is_over):
        while not until(state):
            state.apply(rng.choice(state.legal_actions()))
        tried += check_edited_saves_are_refused(state)
    assert tried == 3 * 2 * len(EDITS)
