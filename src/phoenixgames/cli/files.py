"""Save files of ``phoenixgames play``, and reading any game file the commands accept.

A save file is a JSON object::

    {"format": "phoenixgames-save", "version": 2, "game": "schatz", "players": 2, "options": {...},
     "seats": ["human", "greedy"], "actions": 57, "over": false, "sealed": "..."}

with ``"params"`` (the parameters changed from the printed game) after ``options`` when some are.

where ``sealed`` holds ``{"seats": [...], "state": {...}}``, the seats and the game's full state
(:meth:`GameState.to_json`), sealed with this machine's key (see :mod:`.sealing`): the file shows what
game it is, who sits where and how far it went, but not the cards others hold, and every entry of the
open header must match what is sealed. The seats are sealed because they are part of what the seal
promises: a person resumes only at their own seat (:func:`check_resumed_seats`). A save of version 1
sealed the state alone: it still loads, its seats as its header gives them.

:func:`read_save` also reads an open save (``"state"`` in place of ``"sealed"``, its seats in the
header only: nothing in it is hidden), a bare state file and a bare record (game, players, options,
seed, actions); the last two carry no seats. A copy for one seat (a state without a seed) is no
game the commands can replay or resume, and is refused.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from ..agents import HUMAN
from ..engine import GameState, InvalidGameFile, PhoenixGamesError, load_game, replay
from ..engine.api import read_json_object
from ..engine.errors import shown
from .sealing import SealError, seal, unseal

SAVE_FORMAT = "phoenixgames-save"
SAVE_VERSION = 2
#: Version 1 sealed the state alone, its seats in the open header only.
READABLE_VERSIONS = (1, SAVE_VERSION)
RECORD_KEYS = ("game", "players", "seed", "actions")


class SaveFileError(PhoenixGamesError):
    """A game file that cannot be read or written: missing, not JSON, of another kind, or damaged."""


def save_data(state: GameState, seats: list[str]) -> dict[str, Any]:
    """The save file's content for ``state`` played by the agents ``seats``."""
    data: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": state.game,
        "players": state.num_players,
        "options": dict(state.options),
    }
    if state.params:  # named in the open header too, only when changed: a save of the printed game is unchanged
        data["params"] = state.params
    data.update(
        {
            "seats": list(seats),
            "actions": len(state.history),
            "over": state.is_over,
            "sealed": seal('{"seats":' + json.dumps(list(seats)) + ',"state":' + state.to_json() + "}"),
        }
    )
    return data


def write_save(path: str | os.PathLike[str], state: GameState, seats: list[str]) -> Path:
    """Write a save file atomically: a reader sees the old file or the new one, never half of one."""
    target = Path(path)
    text = json.dumps(save_data(state, seats), separators=(",", ":"))
    directory = target.parent if str(target.parent) else Path(".")
    tmp_name = None
    try:
        with tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", dir=directory, prefix=f".{target.name}.", suffix=".tmp", delete=False
        ) as tmp:
            tmp_name = tmp.name
            tmp.write(text)
            tmp.flush()
            os.fsync(tmp.fileno())
        os.replace(tmp_name, target)
    except BaseException as exc:  # Ctrl-C too: never leave a half-written temporary file behind
        if tmp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)
        if isinstance(exc, OSError):
            raise SaveFileError(f"cannot write the save file {target}: {exc.strerror or exc}") from None
        raise
    return target


def read_json(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The JSON object in the file at ``path``; :class:`SaveFileError` if there is none."""
    target = Path(path)
    try:
        text = target.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveFileError(f"there is no file {target}") from None
    except IsADirectoryError:
        raise SaveFileError(f"{target} is a folder, not a saved game") from None
    except UnicodeDecodeError:
        raise SaveFileError(f"{target} is not a saved game: it is not text") from None
    except OSError as exc:
        raise SaveFileError(f"cannot read {target}: {exc.strerror or exc}") from None
    try:
        return read_json_object(text, "the file")
    except InvalidGameFile as exc:
        raise SaveFileError(f"{target} is not a saved game: it {str(exc).removeprefix('the file ')}") from None


def read_save(path: str | os.PathLike[str]) -> tuple[GameState, list[str] | None]:
    """The game in a save file and the agent specs of its seats.

    A bare state file or a bare record is read too; its seats are then ``None`` (not recorded).
    Raises :class:`SaveFileError` saying what is wrong with a missing, unreadable or damaged file.
    """
    target = Path(path)
    data = read_json(target)
    kind = data.get("format")
    seats: list[str] | None = None
    try:
        if kind == SAVE_FORMAT:
            state, seats = _read_play_save(target, data)
        elif kind is not None:
            if kind != "phoenixgames-state":
                raise SaveFileError(f"{target} is not a phoenixgames saved game (its format is {kind!r})")
            if data.get("seed", 0) is None:
                raise SaveFileError(
                    f"{target} holds one player's perspective copy, which has no seed: it cannot be "
                    "replayed or resumed (save the game itself with play --save)"
                )
            state = load_game(data)
        elif all(key in data for key in RECORD_KEYS):
            state = replay(data)
        else:
            raise SaveFileError(f"{target} is not a phoenixgames saved game, state or record")
    except InvalidGameFile as exc:
        raise SaveFileError(f"{target} is damaged: {exc}") from None
    except SealError as exc:
        raise SaveFileError(f"{target} cannot be opened: {exc}") from None
    return state, seats


def _read_play_save(target: Path, data: dict[str, Any]) -> tuple[GameState, list[str]]:
    """The game and the seats of a save file of ``play``, its header checked against what is sealed."""
    version = data.get("version")
    if version not in READABLE_VERSIONS or version.__class__ is not int:
        raise SaveFileError(
            f"{target} is a save file of version {shown(version)}; this program reads versions 1 and {SAVE_VERSION}"
        )
    seats = _seats(target, data.get("seats"))
    sealed_seats = seats
    if "sealed" in data:
        inner: str | dict[str, Any] = unseal(data["sealed"])
        if version == SAVE_VERSION:
            content = read_json_object(inner, "the sealed part")
            if set(content) != {"seats", "state"}:
                raise SaveFileError(f"{target} is damaged: its sealed part holds no seats and state")
            sealed_seats, inner = _seats(target, content["seats"]), content["state"]
    elif "state" in data:
        inner = data["state"]
    else:
        raise SaveFileError(f"{target} is damaged: it holds no game state")
    state = load_game(inner)
    inner_actions = read_json_object(inner, "the saved game")["actions"]
    if len(seats) != state.num_players:
        raise SaveFileError(f"{target} is damaged: it names {len(seats)} seats for a {state.num_players}-player game")
    _check_header(target, data, state, len(inner_actions), sealed_seats)
    return state, seats


def _check_header(target: Path, data: dict[str, Any], state: GameState, actions: int, seats: list[str]) -> None:
    """Refuse a save whose open header says something else than the game sealed inside it (``actions``:
    how many its record holds, which an earlier version's record may write in fewer decisions;
    ``seats``: those sealed with it)."""
    inside = {
        "game": state.game,
        "players": state.num_players,
        "options": dict(state.options),
        "seats": seats,
        "actions": actions,
        "over": state.is_over,
    }
    if state.params or "params" in data:
        inside["params"] = state.params
    for key, value in inside.items():
        if key not in data or data[key] != value or isinstance(data[key], bool) != isinstance(value, bool):
            raise SaveFileError(
                f"{target} is damaged: its header's {key!r} does not match the game inside it "
                "(the open part of the file was altered)"
            )


def _seats(target: Path, seats: object) -> list[str]:
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise SaveFileError(f"{target} is damaged: its seats must be a list of agent names")
    return list(seats)


def check_resumed_seats(target: Path, state: GameState, saved: list[str] | None, seats: list[str]) -> None:
    """Refuse to resume the unfinished game saved in ``target`` with the agents ``seats`` if a person
    would sit elsewhere than at their own seat: each seat a person played when it was saved (``saved``)
    stays a person's, and no other seat becomes one. Bots may change at the other seats. Otherwise a
    person could see the hand of a bot's seat (a person at its seat), or have bots finish the game and
    show every card and the seed while the save is still there to resume (bots at the person's seat).
    A game saved with no person at its table, or over, may be resumed with any seats."""
    saved = saved or []
    people = [seat for seat, spec in enumerate(saved) if spec == HUMAN]
    if state.is_over or not people:
        return
    own = ", ".join(str(seat + 1) for seat in people)  # seats as a person reads them, counted from 1
    for seat, spec in enumerate(seats):
        if spec == HUMAN and seat not in people:
            raise SaveFileError(
                f"{target} holds an unfinished game in which seat {seat + 1} is played by {saved[seat]}: "
                f"a person resumes it only at their own seat ({own})"
            )
        if spec != HUMAN and seat in people:
            raise SaveFileError(
                f"{target} holds an unfinished game in which seat {seat + 1} is a person's: it stays {HUMAN} "
                f"(--seats may change only the bots, like --seats {_kept(saved, seats)})"
            )


def _kept(saved: list[str], seats: list[str]) -> str:
    """``seats`` with each person's seat of ``saved`` given back to its person, as --seats takes it."""
    return ",".join(HUMAN if saved[seat] == HUMAN else spec for seat, spec in enumerate(seats))
