"""A tampered perspective save is refused, or it plays on: never a crash, never a hang.

A perspective copy's save has no seed, so no record can prove it (``saves.py``). Each case takes a
real perspective save, changes one place of its state (a number made negative, huge or of another
type; a list emptied, shortened, lengthened or doubled; an entry added to an object or taken out) and
loads it, within a time limit: the load must raise :class:`pg.InvalidGameFile`, or the state must
play on (views, copies, saves, legal actions, moves) raising nothing but a :class:`pg.PhoenixGamesError`.
Every field of the state, of a settlement and of an auction is changed in every way, at one position
of each list chosen at random.
"""

from __future__ import annotations

import copy
import json
import random
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import phoenixgames as pg

from .helpers import new_state, play_random

NUMBERS = (-1, -(10**9), 3, 99, 10**9, 10**30, 0, 1, 2)
OTHERS: tuple[Any, ...] = (None, "1", 1.5, True, [], [[]], {}, [1, 2])
#: Actions a loaded state plays on for.
PLAY_ON = 30
#: Seconds one case may take.
LIMIT = 5.0


class Hang(Exception):
    """The case ran past its time limit."""


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


def places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key in value:
            yield from places(value[key], (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from places(item, (*path, index))


def pattern(path: tuple[Any, ...]) -> tuple[Any, ...]:
    """The field a place belongs to: list positions left out."""
    return tuple("*" if isinstance(step, int) else step for step in path)


def get(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def mutations(value: Any) -> list[tuple[str, Any]]:
    """(what, new value) for one place; ``DELETE`` takes an object's entry out."""
    found: list[tuple[str, Any]] = []
    if isinstance(value, bool):
        found += [("flipped", not value), ("made a number", 1)]
    elif isinstance(value, int):
        found += [(f"set to {n}", n) for n in NUMBERS if n != value]
    elif isinstance(value, list):
        found += [("emptied", [])]
        if value:
            found += [("shortened", value[:-1]), ("lengthened", [*value, copy.deepcopy(value[-1])])]
            found += [("doubled", value + copy.deepcopy(value)), ("reversed", value[::-1])]
    elif isinstance(value, dict):
        found += [("given an unknown entry", {**value, "extra": 1})]
    found += [(f"replaced by {other!r}", other) for other in OTHERS if type(other) is not type(value)]
    return found


DELETE = object()


def cases(state_data: dict[str, Any], rng: random.Random) -> list[tuple[tuple[Any, ...], str, Any]]:
    """Every field changed every way, at one place of each field chosen at random; and each entry of
    the state, a settlement and the auction taken out."""
    by_field: dict[tuple[Any, ...], list[tuple[Any, ...]]] = {}
    for path in places(state_data):
        if path:
            by_field.setdefault(pattern(path), []).append(path)
    found = []
    for field_places in by_field.values():
        path = rng.choice(field_places)
        found += [(path, what, new) for what, new in mutations(get(state_data, path))]
        if isinstance(path[-1], str):
            found.append((path, "taken out", DELETE))
    return found


def tampered(saved: dict[str, Any], path: tuple[Any, ...], new: Any) -> dict[str, Any]:
    data = copy.deepcopy(saved)
    parent = get(data["state"], path[:-1])
    if new is DELETE:
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return data


def play_on(state: pg.GameState, rng: random.Random) -> None:
    """Use a loaded state as a bot and a player would."""
    for _ in range(PLAY_ON):
        state.view(None)
        for seat in range(state.num_players):
            state.view(seat)
        _ = state.scores, state.winners, state.truncated, repr(state)
        if state.is_over:
            break
        state.copy(perspective=state.current_player).legal_actions()
        actions = state.legal_actions()
        assert actions, "the game is not over, yet the seat to act has no legal action"
        state.apply(rng.choice(actions))
    pg.load_game(state.to_json())


def test_a_tampered_perspective_save_is_refused_or_plays_on():
    failures, loaded, total = [], 0, 0
    for where, state in positions():
        seat = state.current_player if state.current_player is not None else 0
        saved = json.loads(state.copy(perspective=seat, seed=1).to_json())
        for path, what, new in cases(saved["state"], random.Random(where)):
            total += 1
            label = f"{where}: state{''.join(f'[{step!r}]' for step in path)} {what}"
            try:
                with time_limit(LIMIT):
                    try:
                        game = pg.load_game(json.dumps(tampered(saved, path, new)))
                    except pg.InvalidGameFile:
                        continue
                    loaded += 1
                    play_on(game, random.Random(1))
            except pg.PhoenixGamesError:
                continue
            except (Exception, Hang) as exc:  # noqa: BLE001  (what must never happen, whatever it is)
                failures.append(f"{label}: {type(exc).__name__}: {exc}")
    assert total > 1500
    assert not failures, f"{len(failures)} of {total} tampered saves crashed or hung:\n" + "\n".join(failures[:40])
    assert loaded < total / 20, "most tampered saves should be refused"


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
        (("round",), 7, r"the saved round \(7\) does not match its own history"),
        (("turn",), 2, r"the saved turn \(2\) does not match its own history"),
        (("part",), 2, r"the saved part \(2\) does not match its own history"),
        (("over",), True, "the turn is out of range|does not end a turn"),
        (("settlements", 1, "tools", 0), 1, "seat 1's tools"),
        (("settlements", 2, "trained"), 1, "seat 2's trained|workers appeared or vanished"),
        (("capped",), True, "the round cap did not end this game"),
        (("overlord",), "1", "must be a whole number"),
        (("display",), [0, 0, 0, 0], "appeared or vanished|miscounted|display"),
    ],
)
def test_a_tampered_perspective_save_is_refused_saying_what_is_wrong(path, value, reason):
    data = perspective_save()
    parent = get(data["state"], path[:-1])
    parent[path[-1]] = value
    with pytest.raises(pg.InvalidGameFile, match=reason):
        pg.load_game(json.dumps(data))


def test_the_checks_of_a_save_hold_under_python_minus_o(tmp_path):
    """The checks are real exceptions, not ``assert``: with ``python -O`` a save whose victory points
    differ from their recount, or whose discount is a billion, is still refused."""
    cases = []
    for path, value in ((("settlements", 0, "vp"), 31), (("settlements", 1, "discount", 9), 10**9)):
        data = perspective_save()
        get(data["state"], path[:-1])[path[-1]] = value
        cases.append(json.dumps(data))
    file = tmp_path / "saves.json"
    file.write_text(json.dumps(cases), encoding="utf-8")
    script = (
        "import json, sys, phoenixgames as pg\n"
        "for text in json.load(open(sys.argv[1])):\n"
        "    try:\n"
        "        pg.load_game(text)\n"
        "    except pg.InvalidGameFile as exc:\n"
        "        print('refused:', exc)\n"
        "    else:\n"
        "        print('loaded')\n"
    )
    done = subprocess.run(
        [sys.executable, "-O", "-c", script, str(file)], capture_output=True, text=True, timeout=60, check=True
    )
    lines = done.stdout.splitlines()
    assert len(lines) == 2 and all(line.startswith("refused:") for line in lines), done.stdout + done.stderr
    assert re.search("recount", lines[0]) and re.search("discount", lines[1])
