"""Starting, loading and replaying games: the entry points of the public API."""

from __future__ import annotations

import json
from typing import Any

from .action import normalise_notation
from .errors import GameSetupError, IllegalAction, InvalidGameFile
from .options import resolve_options
from .registry import get_spec
from .rng import fresh_seed, rng_from_json, rng_to_json
from .state import STATE_FORMAT, GameState


def new_game(game: str, players: int, seed: int | None = None, **options: Any) -> GameState:
    """Set up a new game of ``game`` for ``players`` seats. Same seed, same game.

    ``options`` are the game's variants (``phoenixgames list`` shows them); unknown names and bad
    values raise :class:`GameSetupError`.
    """
    spec = get_spec(game)
    if not isinstance(players, int) or isinstance(players, bool) or players not in spec.player_counts:
        raise GameSetupError(f"{spec.title} is for {spec.min_players} to {spec.max_players} players, not {players!r}")
    if seed is None:
        seed = fresh_seed()
    elif not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise GameSetupError(f"the seed must be a whole number 0 or more, not {seed!r}")
    return spec.state_class.new(players, seed, resolve_options(spec.options, options, spec.name))


def replay(record: dict[str, Any]) -> GameState:
    """Rebuild a game from its ``record`` by replaying every action from the seed."""
    if not isinstance(record, dict):
        raise InvalidGameFile("a record must be a JSON object with game, players, options, seed, actions")
    missing = [k for k in ("game", "players", "seed", "actions") if k not in record]
    if missing:
        raise InvalidGameFile(f"the record has no {missing[0]!r}")
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
    try:
        state = new_game(record["game"], record["players"], record["seed"], **options)
    except GameSetupError as exc:
        raise InvalidGameFile(f"the record cannot start a game: {exc}") from None
    for number, text in enumerate(actions, 1):
        try:
            state.apply(text)
        except IllegalAction as exc:
            raise InvalidGameFile(
                f"action {number} of the record ({text!r}) is not legal in the replayed game: {exc}"
            ) from None
    return state


def load_game(text: str | bytes | dict[str, Any]) -> GameState:
    """Read back a state written by :meth:`GameState.to_json`; it continues exactly as the original.

    A damaged or inconsistent file raises :class:`InvalidGameFile` saying what is wrong.
    """
    data = _parse_json(text)
    if data.get("format") != STATE_FORMAT:
        raise InvalidGameFile(f"this is not a saved game (expected format {STATE_FORMAT!r})")
    for key in ("game", "players", "options", "seed", "actions", "rng", "state", "branch_key"):
        if key not in data:
            raise InvalidGameFile(f"the saved game has no {key!r}")
    try:
        saved_rng = rng_from_json(data["rng"])
        branch_key = int(data["branch_key"])
    except (ValueError, TypeError) as exc:
        raise InvalidGameFile(f"the saved game is damaged: {exc}") from None
    if data["seed"] is not None:
        # A referee's save: its record rebuilds it, which also proves the saved state consistent.
        state = replay(data)
        if state._to_dict() != data["state"] or rng_to_json(state._rng) != data["rng"]:
            raise InvalidGameFile("the saved state does not match its own record of actions: it was altered")
        return state
    return _restore_perspective_copy(data, saved_rng, branch_key)


def _restore_perspective_copy(data: dict[str, Any], rng: Any, branch_key: int) -> GameState:
    spec = get_spec_or_invalid(data["game"])
    players, perspective = data["players"], data.get("perspective")
    if not isinstance(players, int) or players not in spec.player_counts:
        raise InvalidGameFile(f"the saved game has an impossible player count: {players!r}")
    if not isinstance(perspective, int) or not 0 <= perspective < players:
        raise InvalidGameFile("a saved game without a seed must name the seat it was copied for")
    try:
        options = resolve_options(spec.options, data["options"], spec.name)
    except (GameSetupError, TypeError) as exc:
        raise InvalidGameFile(f"the saved game's options are wrong: {exc}") from None
    state = spec.state_class.__new__(spec.state_class)
    state.num_players, state.options, state.seed, state.perspective = players, options, None, perspective
    state._rng, state._branch_key, state._legal, state._branches = rng, branch_key, None, 0
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise InvalidGameFile("the saved game's actions must be a list of action notations")
    try:
        state._history = [state._parse(normalise_notation(text)) for text in actions]
    except IllegalAction as exc:
        raise InvalidGameFile(f"the saved game's actions are damaged: {exc}") from None
    try:
        state._from_dict(data["state"])
        state._check()
    except (KeyError, TypeError, ValueError, IndexError, AssertionError, AttributeError, OverflowError) as exc:
        raise InvalidGameFile(f"the saved {spec.title} state is damaged: {exc}") from None
    return state


def get_spec_or_invalid(name: object):
    try:
        return get_spec(name)  # type: ignore[arg-type]
    except GameSetupError as exc:
        raise InvalidGameFile(str(exc)) from None


def _parse_json(text: str | bytes | dict[str, Any]) -> dict[str, Any]:
    if isinstance(text, dict):
        return text
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as exc:
        raise InvalidGameFile(f"the saved game is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise InvalidGameFile("the saved game must be a JSON object")
    return data
