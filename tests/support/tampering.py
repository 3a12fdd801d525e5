"""Tampering with perspective saves, and checking what loading them does.

A perspective save has no seed, so no record proves it: its file carries a digest, which refuses any
edit (:func:`check_edited_saves_are_refused` edits a referee's save and a copy's once or twice), and
what a program that writes a matching digest afresh may put in it must still be checked field by field
as it is read. The games' tests take real perspective saves, change one place of each save's state in
many ways, write the digest again (:func:`forged`) and load it: the load must raise
:class:`pg.InvalidGameFile`, or give a state that plays on, within a time limit per case (a hang fails
the case). Each test chooses its own changes (a :class:`Changes` table and which places to change) and
its own way of playing on; the walk over the saved JSON, the time limit and the loop that tells
refusals from failures are here.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
import signal
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest

import phoenixgames as pg
from phoenixgames.engine.digest import digest_of
from tests.support.playthrough import load_fails

#: Seconds one case may take.
LIMIT = 5.0
#: A place of a save's state, as the keys and list positions that lead to it.
Path = tuple[Any, ...]
#: One tampered save: the place changed, what was done to it, and its new value (or :data:`REMOVED`).
Case = tuple[Path, str, Any]
#: Put in place of a new value: the entry is taken out of its object.
REMOVED = object()


# ---------------------------------------------------------------------------- the time limit
class Hang(BaseException):
    """A case ran past its time limit (a ``BaseException``, so nothing under test can swallow it)."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`Hang` in the code under the ``with`` once it has run ``seconds``."""

    def expire(_signum: int, _frame: object) -> None:
        raise Hang(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# ---------------------------------------------------------------------------- places in saved JSON
def places(value: Any, path: Path = ()) -> Iterator[Path]:
    """Every place inside nested JSON data (not the data itself), each before the places inside it."""
    if path:
        yield path
    if isinstance(value, dict):
        for key in value:
            yield from places(value[key], (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from places(item, (*path, index))


def at(data: Any, path: Path) -> Any:
    """What lies at ``path`` in ``data``."""
    for step in path:
        data = data[step]
    return data


def tampered(save: str, path: Path, new: Any) -> str:
    """``save`` (a copy for one seat's text) with the place at ``path`` of its state set to ``new``, or
    taken out if ``new`` is :data:`REMOVED`, and its digest written anew (:func:`forged`), so that the
    game's reading of the fields is what must refuse it. (Read from the text afresh: quicker than a
    deep copy of the data.)"""
    data = json.loads(save)
    parent = at(data["state"], path[:-1])
    if new is REMOVED:
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return json.dumps(forged(data))


def label(where: str, path: Path, what: str) -> str:
    """A case as a failure names it: ``2 players, start: state['round'] set to -1``."""
    return f"{where}: state{''.join(f'[{step!r}]' for step in path)} {what}"


# ---------------------------------------------------------------------------- the changes
@dataclass(frozen=True)
class Changes:
    """The ways one place is changed, by what it holds; a test's own table, so its cases stay its own."""

    #: Numbers put in place of a number.
    numbers: tuple[int, ...]
    #: Values put in place of anything of another type.
    others: tuple[Any, ...]
    #: A true/false value is flipped and made this number; ``None``: left to ``others``.
    bool_number: int | None = None
    #: Numbers appended to a list (``given an extra 99``).
    extras: tuple[int, ...] = ()
    #: A list is also repeated 200 times.
    long: bool = False
    #: A text is lengthened and emptied.
    texts: bool = False
    #: An object is given an entry it does not have.
    unknown_entry: bool = False

    def of(self, value: Any) -> list[tuple[str, Any]]:
        """(what, new value) for one place holding ``value``, always in the same order."""
        found: list[tuple[str, Any]] = []
        if isinstance(value, bool):
            if self.bool_number is not None:
                found += [("flipped", not value), ("made a number", self.bool_number)]
        elif isinstance(value, int):
            found += [(f"set to {n}", n) for n in self.numbers if n != value]
        elif isinstance(value, list):
            found += [("emptied", [])]
            found += [(f"given an extra {n}", [*value, n]) for n in self.extras]
            if value:
                found += [("shortened", value[:-1]), ("lengthened", [*value, copy.deepcopy(value[-1])])]
                found += [("doubled", value + copy.deepcopy(value)), ("reversed", value[::-1])]
                if self.long:
                    found += [("made long", value * 200)]
        elif isinstance(value, str):
            if self.texts:
                found += [("set to another text", value + "x"), ("emptied", "")]
        elif isinstance(value, dict) and self.unknown_entry:
            found += [("given an unknown entry", {**value, "extra": 1})]
        found += [(f"replaced by {other!r}", other) for other in self.others if type(other) is not type(value)]
        return found


#: The changes :func:`fields_and_entries` makes: wrong types, negatives, huge numbers, empty lists,
#: wrong lengths, extra entries.
FIELD_CHANGES = Changes(
    numbers=(-1, -(10**9), 0, 1, 2, 5, 11, 99, 10**9, 10**30),
    others=(None, "1", 1.5, True, False, [], [[]], [1], {}, {"a": 1}),
    extras=(99, -1),
    long=True,
)


def fields_and_entries(state_data: dict[str, Any], rng: random.Random, deeper: int = 150) -> list[Case]:
    """Every change of every field, each field removed, a field added, and ``deeper`` changes drawn
    from those of the fields' entries."""
    changes = FIELD_CHANGES.of
    top = [((name,), what, new) for name in state_data for what, new in changes(state_data[name])]
    inner = [
        (path, what, new) for path in places(state_data) if len(path) > 1 for what, new in changes(at(state_data, path))
    ]
    removed = [((name,), "removed", REMOVED) for name in state_data]
    return [*top, *removed, (("extra",), "added", 0), *rng.sample(inner, min(deeper, len(inner)))]


# ---------------------------------------------------------------------------- playing on
def play_on(state: pg.GameState, rng: random.Random, steps: int) -> None:
    """Use a loaded state as a bot and a player would for up to ``steps`` actions: every view, the
    scores, a perspective copy's legal actions, a random move; then save and load it."""
    for _ in range(steps):
        state.view(None)
        for seat in range(state.num_players):
            state.view(seat)
        _ = state.scores, state.winners, state.truncated, repr(state)
        if state.is_over:
            break
        state.copy(perspective=state.current_player).legal_actions()
        actions = state.legal_actions()
        if not actions:
            raise AssertionError("the game is not over, yet the seat to act has no legal action")
        state.apply(rng.choice(actions))
    pg.load_game(state.to_json())


def play_to_the_end(state: pg.GameState, rng: random.Random) -> None:
    """Use a loaded state as bots and players would, to the end of the game: every action checks the
    invariants, every fourth also views and a perspective copy; the end saves and loads back the same."""
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
    if pg.load_game(state.to_json()).to_json() != state.to_json():
        raise AssertionError("the finished game does not load back the same")


# ---------------------------------------------------------------------------- the check
@dataclass
class Tally:
    """What became of the tampered saves: how many were tried, refused as they were read, or loaded."""

    total: int = 0
    refused: int = 0
    loaded: int = 0


def check_tampered_saves(
    positions: Iterable[tuple[str, pg.GameState]],
    cases: Callable[[dict[str, Any], random.Random], list[Case]],
    play: Callable[[pg.GameState, random.Random], None],
    tolerated: tuple[type[BaseException], ...] = (),
    limit: float = LIMIT,
) -> Tally:
    """For each (name, true state): its perspective save for the seat to act (seat 0 once the game
    is over), changed in each of ``cases(state data, random.Random(name))``. Each must be refused
    with :class:`pg.InvalidGameFile` or load and ``play`` on (with ``random.Random(1)``) raising
    nothing but ``tolerated``, within ``limit`` seconds. Raises ``AssertionError`` listing the
    failures; returns the tally."""
    failures: list[str] = []
    tally = Tally()
    for where, true_state in positions:
        seat = true_state.current_player if true_state.current_player is not None else 0
        save = true_state.copy(perspective=seat, seed=1).to_json()
        for path, what, new in cases(json.loads(save)["state"], random.Random(where)):
            tally.total += 1
            try:
                with time_limit(limit):
                    try:
                        loaded = pg.load_game(tampered(save, path, new))
                    except pg.InvalidGameFile:
                        tally.refused += 1
                        continue
                    tally.loaded += 1
                    play(loaded, random.Random(1))
            except tolerated:
                continue
            except (Exception, Hang) as exc:  # noqa: BLE001  (what must never happen, whatever it is)
                failures.append(f"{label(where, path, what)}: {type(exc).__name__}: {exc}")
    if failures:
        raise AssertionError(
            f"{len(failures)} of {tally.total} tampered saves crashed, hung or broke a check:\n"
            + "\n".join(failures[:40])
        )
    return tally


# ---------------------------------------------------------------------------- forged and edited saves
def forged(save: dict[str, Any]) -> dict[str, Any]:
    """``save`` (a copy for one seat, as data, changed) with its digest written anew for what it now
    holds, as a program that writes the file afresh would: what then refuses it is the game's own
    reading of the file, field by field and by its invariants."""
    return {**save, "digest": digest_of(save)}


def forged_load_fails(data: dict[str, Any], message: str) -> None:
    """The forged save of ``data`` (:func:`forged`) is refused with ``message``."""
    load_fails(forged(data), message)


#: What a person or a program editing a save by hand might change, once or twice.
Edit = Callable[[dict[str, Any]], None]


def _first_number(state_data: dict[str, Any]) -> Path:
    return next(path for path in places(state_data) if at(state_data, path).__class__ is int)


def _first_list(state_data: dict[str, Any]) -> Path:
    return next(path for path in places(state_data) if isinstance(at(state_data, path), list) and at(state_data, path))


def _add_one(save: dict[str, Any]) -> None:
    path = _first_number(save["state"])
    at(save["state"], path[:-1])[path[-1]] += 1


def _shorten(save: dict[str, Any]) -> None:
    at(save["state"], _first_list(save["state"])).pop()


def _drop_last_action(save: dict[str, Any]) -> None:
    save["actions"].pop()


def _swap_two_actions(save: dict[str, Any]) -> None:
    """The last two different actions in a row that different seats took swapped (two of one seat's may
    make the same position in either order, as two payments of a bribe do: that record is the same game)."""
    actions, actors = save["actions"], save["actors"]
    i = next(i for i in range(len(actions) - 1, 0, -1) if actors[i] != actors[i - 1] and actions[i] != actions[i - 1])
    actions[i - 1], actions[i] = actions[i], actions[i - 1]


def _repeat_last_action(save: dict[str, Any]) -> None:
    save["actions"].append(save["actions"][-1])


#: Each edit, named; and two of them at once.
EDITS: dict[str, tuple[Edit, ...]] = {
    "a number of the state one more": (_add_one,),
    "a list of the state shortened": (_shorten,),
    "the last action dropped": (_drop_last_action,),
    "two actions of two seats swapped": (_swap_two_actions,),
    "the last action repeated": (_repeat_last_action,),
    "a number one more and the last action dropped": (_add_one, _drop_last_action),
    "a list shortened and the last action repeated": (_shorten, _repeat_last_action),
}
#: What refuses an edited save: a referee's is played again from its seed by the game's own rules; a
#: copy for one seat has no seed, and its digest shows it changed.
REFUSALS = {
    "referee": "does not match its own record|is not legal in the replayed game|damaged",
    "copy": "damaged or was altered: what it holds does not match the digest",
}


def check_edited_saves_are_refused(state: pg.GameState) -> int:
    """``state``'s save and the save of its perspective copy for the seat to act, each changed by
    every one of :data:`EDITS` (one or two changes), are refused with the reason. ``state`` must be a
    referee's, with actions of two seats in its history and a list in its state. Returns the number
    tried."""
    seat = state.current_player if state.current_player is not None else 0
    replayed = pg.new_game(state.game, state.num_players, state.seed, **state.options)
    actors = []
    for action in state.history:
        actors.append(replayed.current_player)
        replayed.apply(action)
    tried = 0
    for kind, text in (("referee", state.to_json()), ("copy", state.copy(perspective=seat, seed=1).to_json())):
        for name, edits in EDITS.items():
            data = {**json.loads(text), "actors": actors}
            for edit in edits:
                edit(data)
            del data["actors"]
            with pytest.raises(pg.InvalidGameFile, match=REFUSALS[kind]) as refused:
                pg.load_game(json.dumps(data))
            assert len(str(refused.value)) < 600, f"{kind} save, {name}: {refused.value}"
            tried += 1
    return tried


# ---------------------------------------------------------------------------- python -O
#: Loads every save given on standard input (one a line) under ``python -O`` and prints what became of it.
_VERDICTS = """
import sys
import phoenixgames as pg
from phoenixgames.engine.digest import digest_of
from tests.support.playthrough import load_fails
assert not __debug__ or sys.exit("not run with python -O")
for line in sys.stdin:
    try:
        state = pg.load_game(line)
    except pg.InvalidGameFile as exc:
        print("refused:", exc)
    else:
        print("loaded, scores", state.scores)
"""


def verdicts_under_python_dash_o(saves: list[dict[str, Any]], timeout: float = 120) -> list[str]:
    """What loading each of ``saves`` does under ``python -O``, which removes every ``assert``:
    ``refused: <the message>`` or ``loaded, scores [...]``, a line each."""
    text = "".join(json.dumps(save) + "\n" for save in saves)
    done = subprocess.run(
        [sys.executable, "-O", "-c", _VERDICTS],
        input=text,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()
