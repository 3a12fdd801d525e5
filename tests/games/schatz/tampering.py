"""Changing one field of a real perspective save in many ways, and checking what loading it does.

A perspective save has no seed, so no record proves it: each changed save must be refused with
:class:`pg.InvalidGameFile` or load into a state that plays on to the end, keeping its invariants,
without raising anything, within a time limit per case (a hang fails the case).
"""

from __future__ import annotations

import copy
import itertools
import json
import random
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import phoenixgames as pg

#: Numbers put in place of a number or of a list's entry.
NUMBERS = (-1, -(10**9), 0, 1, 2, 5, 11, 99, 10**9, 10**30)
#: Values of other types, put in place of a number, a list or an entry.
OTHERS: tuple[Any, ...] = (None, "1", 1.5, True, False, [], [[]], [1], {}, {"a": 1})


class Hang(Exception):
    """A case ran past its time limit."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def expire(_signum: int, _frame: object) -> None:
        raise Hang(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place inside nested JSON data (not the data itself)."""
    if path:
        yield path
    if isinstance(value, dict):
        for key in value:
            yield from places(value[key], (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from places(item, (*path, index))


def at(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def changes(value: Any) -> list[tuple[str, Any]]:
    """(what, new value) for one place holding ``value``: wrong types, negatives, huge numbers, empty
    lists, wrong lengths, extra entries."""
    found: list[tuple[str, Any]] = []
    if isinstance(value, int) and not isinstance(value, bool):
        found += [(f"set to {n}", n) for n in NUMBERS if n != value]
    if isinstance(value, list):
        found += [("emptied", []), ("given an extra 99", [*value, 99]), ("given an extra -1", [*value, -1])]
        if value:
            found += [("shortened", value[:-1]), ("lengthened", [*value, copy.deepcopy(value[-1])])]
            found += [("doubled", value + copy.deepcopy(value)), ("reversed", value[::-1])]
            found += [("made long", value * 200)]
    found += [(f"replaced by {other!r}", other) for other in OTHERS if type(other) is not type(value)]
    return found


def cases(state_data: dict[str, Any], rng: random.Random, deeper: int) -> list[tuple[tuple[Any, ...], str, Any]]:
    """Every change of every field, and ``deeper`` changes drawn from those of the fields' entries;
    also a field removed and a field added."""
    top = [((name,), what, new) for name in state_data for what, new in changes(state_data[name])]
    inner = [
        (path, what, new) for path in places(state_data) if len(path) > 1 for what, new in changes(at(state_data, path))
    ]
    removed = [((name,), "removed", KeyError) for name in state_data]
    return [*top, *removed, (("extra",), "added", 0), *rng.sample(inner, min(deeper, len(inner)))]


def tampered(save: str, path: tuple[Any, ...], new: Any) -> str:
    """``save`` (a save's text) with the place at ``path`` in its state set to ``new`` (or removed)."""
    data = json.loads(save)
    parent = at(data["state"], path[:-1])
    if new is KeyError:
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return json.dumps(data)


def play_to_the_end(state: pg.GameState, rng: random.Random) -> None:
    """Use a loaded state as bots and players would, to the end of the game: every action checks the
    invariants, every fourth also views and a perspective copy."""
    for step in itertools.count():
        state.check_invariants()
        if step % 4 == 0 or state.is_over:
            state.view(None)
            state.view(rng.randrange(state.num_players))
            _ = state.scores, state.winners, repr(state)
        if state.is_over:
            break
        if step % 4 == 0:
            state.copy(perspective=state.current_player).legal_actions()
        state.apply(rng.choice(state.legal_actions()))
    assert pg.load_game(state.to_json()).to_json() == state.to_json()


def check_tampered_saves(
    positions: Iterator[tuple[str, pg.GameState]], deeper: int = 150, limit: float = 5.0
) -> tuple[int, int]:
    """For each (name, true state): its perspective save for the seat to act, changed in every way
    :func:`cases` lists. Returns (refused, played on); raises AssertionError listing the failures."""
    failures: list[str] = []
    refused = played = 0
    for where, true_state in positions:
        seat = true_state.current_player if true_state.current_player is not None else 0
        save = true_state.copy(perspective=seat, seed=1).to_json()
        rng = random.Random(where)
        for path, what, new in cases(json.loads(save)["state"], rng, deeper):
            label = f"{where}: state{''.join(f'[{step!r}]' for step in path)} {what}"
            try:
                with time_limit(limit):
                    try:
                        loaded = pg.load_game(tampered(save, path, new))
                    except pg.InvalidGameFile:
                        refused += 1
                        continue
                    play_to_the_end(loaded, random.Random(1))
                    played += 1
            except (Exception, Hang) as exc:  # noqa: BLE001  (whatever it is, it must not happen)
                failures.append(f"{label}: {type(exc).__name__}: {exc}")
    assert not failures, f"{len(failures)} tampered saves crashed, hung or broke an invariant:\n" + "\n".join(
        failures[:30]
    )
    return refused, played
