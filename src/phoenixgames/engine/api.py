"""Starting, loading and replaying games: the entry points of the public API."""

from __future__ import annotations

import json
import re
from typing import Any

from .action import normalise_notation
from .digest import digest_of
from .errors import GameSetupError, IllegalAction, InvalidGameFile, shown
from .options import resolve_options
from .parameters import resolve_params, rules_for
from .registry import GameSpec, get_spec
from .rng import fresh_seed, rng_from_json, rng_to_json
from .state import MAX_NOTATION, READABLE_VERSIONS, STATE_FORMAT, STATE_VERSION, GameState

#: The largest seed a game takes: any whole number up to 128 bits.
MAX_SEED = 2**128 - 1


def new_game(
    game: str,
    players: int | None = None,
    seed: int | None = None,
    *,
    params: dict[str, Any] | None = None,
    **options: Any,
) -> GameState:
    """Set up a new game of ``game`` for ``players`` seats. Same seed, same game.

    ``options`` are the game's variants (``phoenixgames list`` shows them); unknown names and bad
    values raise :class:`GameSetupError`. ``params`` changes numbers of the rules or components
    (``phoenixgames params GAME`` lists them), e.g. ``params={"vp_goal": 28}``; a value out of range is
    refused naming the parameter and its range. Without a seed, one is drawn from the operating system
    (63 bits): nobody can guess it, so nobody can rebuild the hidden cards from it.
    """
    return start_game(game, players, seed, options, params)


def start_game(
    game: str,
    players: int | None,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    params: dict[str, Any] | None = None,
) -> GameState:
    """:func:`new_game` with the options as one dict, so that any name in it, even ``seed`` or
    ``players``, is checked by the game like every other option (and refused, since no game has it)."""
    spec = get_spec(game)
    if not isinstance(players, int) or isinstance(players, bool) or players not in spec.player_counts:
        raise GameSetupError(
            f"{spec.title} is for {spec.min_players} to {spec.max_players} players, not {shown(players)}"
        )
    if seed is None:
        seed = fresh_seed()
    elif not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise GameSetupError(f"the seed must be a whole number 0 or more (at most 2**128 - 1), not {shown(seed)}")
    if options is None:
        options = {}
    elif not isinstance(options, dict):
        raise GameSetupError(f"the options must be a dict of option names and values, not {shown(options)}")
    resolved = resolve_options(spec.options, options, spec.name)
    rules = rules_for(spec.parameters, resolve_params(spec.parameters, params, spec.name))
    state: GameState = spec.state_class.new(players, seed, resolved, rules)
    return state


def replay(record: dict[str, Any]) -> GameState:
    """Rebuild a game from its ``record`` by replaying every action from the seed."""
    if not isinstance(record, dict):
        raise InvalidGameFile("a record must be a JSON object with game, players, options, seed, actions")
    missing = [k for k in ("game", "players", "seed", "actions") if k not in record]
    if missing:
        raise InvalidGameFile(f"the record has no {shown(missing[0])}")
    if record["seed"] is None:
        raise InvalidGameFile(
            "this record comes from one player's perspective copy and has no seed: it cannot be replayed"
        )
    actions = record["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise InvalidGameFile("the record's actions must be a list of action notations")
    options = record.get("options") or {}
    if not isinstance(options, dict):
        raise InvalidGameFile("the record's options must be a JSON object")
    params = record.get("params") or {}
    if not isinstance(params, dict):
        raise InvalidGameFile("the record's params must be a JSON object")
    try:
        state = start_game(record["game"], record["players"], record["seed"], options, params)
    except GameSetupError as exc:
        raise InvalidGameFile(f"the record cannot start a game: {exc}") from None
    for number, text in enumerate(actions, 1):
        try:
            state.apply(text)
        except IllegalAction as exc:
            played = _played_in_earlier_notation(state, text)
            if played is None:
                raise InvalidGameFile(
                    f"action {number} of the record ({shown(text)}) is not legal in the replayed game: {exc}"
                ) from None
            state = played
    return state


def _played_in_earlier_notation(state: GameState, text: str) -> GameState | None:
    """A copy of ``state`` with ``text``, written in an earlier version of the game's notation, played
    as the decisions it became; ``None`` if it is no earlier notation or one of them is illegal."""
    translate = state.spec.earlier_notation
    if translate is None or len(text) > MAX_NOTATION:
        return None
    steps = translate(normalise_notation(text))
    if not steps:
        return None
    played = state.copy()
    try:
        for step in steps:
            played.apply(step)
    except IllegalAction:
        return None
    return played


def load_game(text: str | bytes | dict[str, Any]) -> GameState:
    """Read back a state written by :meth:`GameState.to_json`; it continues exactly as the original.

    A damaged or inconsistent file raises :class:`InvalidGameFile` saying what is wrong.
    """
    data = read_json_object(text, "the saved game")
    if data.get("format") != STATE_FORMAT:
        raise InvalidGameFile(f"this is not a saved game (expected format {STATE_FORMAT!r})")
    version = data.get("version")
    if version not in READABLE_VERSIONS or isinstance(version, bool) or version.__class__ is not int:
        raise InvalidGameFile(
            f"the saved game is of version {shown(version)}; this program reads versions 1 and {STATE_VERSION}"
        )
    for key in ("game", "players", "options", "seed", "actions", "rng", "state", "branch_key", "perspective"):
        if key not in data:
            raise InvalidGameFile(f"the saved game has no {shown(key)}")
    try:
        saved_rng = rng_from_json(data["rng"])
        branch_key = _branch_key(data["branch_key"])
    except (ValueError, TypeError) as exc:
        raise InvalidGameFile(f"the saved game is damaged: {exc}") from None
    if data["seed"] is not None:
        # A referee's save: its record rebuilds it, which also proves the saved state consistent.
        if data["perspective"] is not None:
            raise InvalidGameFile(
                "the saved game has a seed and names a perspective: only a copy without a seed has one"
            )
        state = replay(data)
        if version != STATE_VERSION:
            # An earlier version wrote the state in an older shape: the record alone rebuilds the game,
            # and the random generator, which no shape changes, must still agree with it.
            if rng_to_json(state._rng) != data["rng"]:
                raise InvalidGameFile("the saved state does not match its own record of actions: it was altered")
        elif state._to_dict() != data["state"] or rng_to_json(state._rng) != data["rng"]:
            raise InvalidGameFile("the saved state does not match its own record of actions: it was altered")
        if state._branch_key != branch_key:
            raise InvalidGameFile("the saved game's branch key does not match its seed: it was altered")
        return state
    if version != STATE_VERSION:
        raise InvalidGameFile(
            f"this copy for one seat was saved by an earlier version (version {version}) whose state had "
            "another shape, and it has no seed to rebuild it from: only a referee's save of that version is read"
        )
    return _restore_perspective_copy(data, saved_rng, branch_key)


def _branch_key(value: object) -> int:
    """The branch key as saved: the decimal digits of a whole number of at most 256 bits."""
    if not isinstance(value, str) or not _DIGITS.fullmatch(value) or int(value) >= 2**256:
        raise ValueError(f"its branch key must be a whole number written in digits, not {shown(value)}")
    return int(value)


_DIGITS = re.compile(r"[0-9]{1,78}")


def _restore_perspective_copy(data: dict[str, Any], rng: Any, branch_key: int) -> GameState:
    spec = get_spec_or_invalid(data["game"])
    players, perspective = data["players"], data["perspective"]
    if not isinstance(players, int) or isinstance(players, bool) or players not in spec.player_counts:
        raise InvalidGameFile(f"the saved game has an impossible player count: {shown(players)}")
    if not isinstance(perspective, int) or isinstance(perspective, bool) or not 0 <= perspective < players:
        raise InvalidGameFile("a saved game without a seed must name the seat it was copied for")
    try:
        options = resolve_options(spec.options, data["options"], spec.name)
    except (GameSetupError, TypeError) as exc:
        raise InvalidGameFile(f"the saved game's options are wrong: {exc}") from None
    try:
        rules = rules_for(spec.parameters, resolve_params(spec.parameters, data.get("params") or {}, spec.name))
    except GameSetupError as exc:
        raise InvalidGameFile(f"the saved game's parameters are wrong: {exc}") from None
    state_class: type[GameState] = spec.state_class
    state = state_class.__new__(state_class)
    state.num_players, state.options, state.seed, state.perspective = players, options, None, perspective
    state.rules = rules
    state._rng, state._branch_key, state._legal, state._branches = rng, branch_key, None, 0
    state._log, state._log_start, state._origin, state._undo = None, 0, None, None
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise InvalidGameFile("the saved game's actions must be a list of action notations")
    if any(len(text) > MAX_NOTATION for text in actions):
        raise InvalidGameFile("the saved game's actions are damaged: one is far longer than any action's notation")
    try:
        state._history = [state._parse(normalise_notation(text)) for text in actions]
    except IllegalAction as exc:
        raise InvalidGameFile(f"the saved game's actions are damaged: {exc}") from None
    _check_digest(data)
    try:
        state._from_dict(data["state"])
        state._check()
    except (KeyError, TypeError, ValueError, IndexError, AssertionError, AttributeError, OverflowError) as exc:
        raise InvalidGameFile(f"the saved {spec.title} state is damaged: {exc}") from None
    return state


def _check_digest(data: dict[str, Any]) -> None:
    """Refuse a copy for one seat whose file is not as it was written (``digest.py``)."""
    if "digest" not in data:
        raise InvalidGameFile(
            "this copy for one seat has no digest to show it unchanged (it was saved by an earlier version, "
            "or altered): a copy without a seed is read only with the digest it was written with"
        )
    if data["digest"] != digest_of(data):
        raise InvalidGameFile(
            "this copy for one seat is damaged or was altered: what it holds does not match the digest it "
            "was written with (a copy has no seed to replay, so its file must be as it was written)"
        )


def get_spec_or_invalid(name: object) -> GameSpec[Any]:
    try:
        return get_spec(name)  # type: ignore[arg-type]  # a saved name may be anything: get_spec refuses it
    except GameSetupError as exc:
        raise InvalidGameFile(str(exc)) from None


def read_json_object(text: str | bytes | dict[str, Any], what: str) -> dict[str, Any]:
    """The JSON object in ``text`` (or ``text`` itself, if already one), read strictly: no ``NaN`` or
    ``Infinity``, no number of more than 4,300 digits, no nesting deeper than Python can follow.
    Anything else raises :class:`InvalidGameFile` naming ``what`` was read."""
    if isinstance(text, dict):
        return text
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise InvalidGameFile(f"{what} is not valid JSON: {exc.msg} at line {exc.lineno}") from None
    except (ValueError, UnicodeDecodeError, TypeError, RecursionError) as exc:
        raise InvalidGameFile(f"{what} is not valid JSON: {_json_trouble(exc)}") from None
    if not isinstance(data, dict):
        raise InvalidGameFile(f"{what} must be a JSON object")
    return data


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number JSON allows")


def _json_trouble(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "it is nested too deeply"
    if isinstance(exc, TypeError):
        return "it is neither text nor bytes"
    if "digits" in str(exc):
        return "it holds a number of more than 4,300 digits"
    return str(exc)
