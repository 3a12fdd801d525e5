"""Tampered perspective saves: a save without a seed has no record to replay, so what it holds is
checked as it is read. Altered in any field, it is refused with ``InvalidGameFile``, or it loads into a
state that plays on under the rules: no other exception, no hang."""

from __future__ import annotations

import copy
import json
import random
import signal
from contextlib import contextmanager

import pytest

import phoenixgames as pg

from .helpers import new_state

SECONDS_PER_CASE = 5


class Hung(BaseException):
    """A case ran past its time limit (a BaseException, so nothing under test can swallow it)."""


@contextmanager
def time_limit(seconds: float):
    def stop(signum, frame):
        raise Hung(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


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


def paths(value, prefix=()):
    """Every place in a save's state that can be altered: each field, each entry of each list."""
    yield prefix
    if isinstance(value, list):
        for i, item in enumerate(value):
            yield from paths(item, (*prefix, i))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))


def replacements(value):
    """Values to put in place of ``value``: other types, negatives, huge numbers, neighbours, wrong lengths."""
    out = ["x", None, 1.5, True, {}, [], -1, -7, 10**12, 2**64, [[0]]]
    if isinstance(value, int) and not isinstance(value, bool):
        out += [value + 1, value - 1, value + 99, -value - 1]
    if isinstance(value, list):
        out += [value + [value[-1] if value else 0], value[:-1], value + [0], [*value, 99], list(reversed(value))]
    return out


def altered(save: dict, path: tuple, new) -> dict:
    data = copy.deepcopy(save)
    target = data["state"]
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    return data


def cases(count: int, seed: int):
    """``count`` tampered saves: each a real save with one place in its state given another value."""
    rng = random.Random(seed)
    for _ in range(count):
        save = rng.choice(SAVES)
        path = rng.choice([p for p in paths(save["state"]) if p])
        target = save["state"]
        for key in path:
            target = target[key]
        yield save, path, rng.choice(replacements(target))


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
    text = json.dumps(altered(save, path, new))
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
        except (Exception, Hung) as exc:
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
        (8, ("card",), 3, "the phase does not belong to the action card"),
        (3, ("slot_res", 0), [0, 0, 0, 0, 0, 1], "slot_res\\[0\\] holds 6 entries, not 5"),
        (3, ("slot_res",), [[0] * 5] * 4, "slot_res holds 4 entries, not 3"),
        (3, ("res", 0), [3, 3, 3, 3, 3, 3], "res\\[0\\] holds 6 entries, not 5"),
        (3, ("res",), "many", "res holds 'many', where a list belongs"),
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
        (3, ("extra",), 1, "fields the game does not have: extra"),
    ],
)
def test_impossible_contents_are_refused_on_loading(phase, path, new, message):
    save = by_phase_number(phase)
    with time_limit(SECONDS_PER_CASE), pytest.raises(pg.InvalidGameFile, match=message):
        pg.load_game(json.dumps(altered(save, path, new)))


def by_phase_number(phase: int) -> dict:
    return next(save for save in SAVES if save["state"]["phase"] == phase)
