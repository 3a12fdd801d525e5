"""A check that a game keeps the public API's contract, for any registered game.

It plays one game at random and, at every step, checks what docs/api.md promises: legal
actions are stable, each reads back from its notation and is accepted; actions not legal now are
refused and change nothing; copies are exact and independent; a seat's perspective copy shows that
seat exactly its view and leaves the original untouched; saving and replaying rebuild the game.
Every game's tests run it for every player count; the soak scripts can run it for hours.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from .action import Action
from .api import load_game, replay, start_game
from .errors import IllegalAction
from .state import GameState


class ContractBroken(AssertionError):
    """A game broke a promise of the public API; the message says which, and where."""


@dataclass
class ConformanceReport:
    game: str
    players: int
    seed: int
    actions: int
    perspective_checks: int
    refusals_checked: int


def _require(condition: bool, state: GameState, what: str) -> None:
    if not condition:
        raise ContractBroken(f"{state.game}, {state.num_players} players, after {len(state.history)} actions: {what}")


def check_game(
    game: str, players: int, seed: int, every: int = 1, params: dict[str, Any] | None = None, **options: object
) -> ConformanceReport:
    """Play one game of ``game`` at random and check the API contract at every ``every``-th step
    (with ``params`` changed from the printed game, if given)."""
    rng = random.Random(seed)
    state = start_game(game, players, seed, dict(options), params)
    refused_earlier: list[Action] = []
    perspective_checks = refusals = 0
    step = 0
    while not state.is_over:
        legal = state.legal_actions()
        _require(bool(legal), state, "the game is not over but there is no legal action")
        _require(state.current_player in range(players), state, f"current_player is {state.current_player!r}")
        if step % every == 0:
            perspective_checks += _check_position(state, legal, rng)
            for old in refused_earlier:
                if old not in legal:
                    _check_refused(state, old)
                    refusals += 1
        action = rng.choice(legal)
        refused_earlier = (refused_earlier + [action])[-3:]
        applied = state.apply(str(action) if rng.random() < 0.5 else action, player=state.current_player)
        _require(applied == action, state, f"{action} was applied as {applied}")
        state.check_invariants()
        step += 1
    _check_end(state)
    return ConformanceReport(game, players, seed, len(state.history), perspective_checks, refusals)


def _check_position(state: GameState, legal: list[Action], rng: random.Random) -> int:
    before = state.to_json()
    _require(state.legal_actions() == legal, state, "legal_actions() changed between two calls")
    for action in legal:
        _require(state.parse(str(action)) == action, state, f"the notation {str(action)!r} does not read back")
    twin = state.copy()
    _require(twin.to_json() == before, state, "copy() is not exact")
    twin.apply(rng.choice(legal))
    _require(state.to_json() == before, state, "applying an action to a copy changed the original")
    checks = 0
    for seat in range(state.num_players):
        seen = state.copy(perspective=seat)
        _require(seen.view(seat) == state.view(seat), state, f"seat {seat}'s perspective copy shows another view")
        _require(seen.seed is None and seen.record["seed"] is None, state, "a perspective copy kept the seed")
        if seat == state.current_player:
            _require(
                [str(a) for a in seen.legal_actions()] == [str(a) for a in legal],
                state,
                "the seat to act has other legal actions in its perspective copy",
            )
        checks += 1
    _require(state.to_json() == before, state, "taking copies changed the original")
    return checks


def _check_refused(state: GameState, action: object) -> None:
    before = state.to_json()
    try:
        state.apply(action)  # type: ignore[arg-type]
    except IllegalAction as refusal:
        _require(bool(str(refusal)), state, f"{action} was refused without a reason")
    else:
        raise ContractBroken(f"{state.game}: {action} is not among the legal actions but apply accepted it")
    _require(state.to_json() == before, state, f"refusing {action} changed the state")


def _check_end(state: GameState) -> None:
    _require(state.current_player is None, state, "the game is over but a seat is still to act")
    _require(state.legal_actions() == [], state, "the game is over but actions are still legal")
    winners = state.winners
    _require(bool(winners) and set(winners) <= set(range(state.num_players)), state, f"winners are {winners!r}")
    text = state.to_json()
    _require(load_game(text).to_json() == text, state, "load_game(to_json()) is not the same game")
    _require(replay(state.record).to_json() == text, state, "replaying the record does not rebuild the game")
    _require(json.loads(json.dumps(state.view(None))) == state.view(None), state, "the view is not plain JSON")
