"""Playing games in tests, and the round-trip and hidden-information checks every game's tests make.

The games' tests call these with their own player counts, seeds and lengths; what is checked is the
same for every game, since it is the engine's contract (``docs/api.md``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import pytest

import phoenixgames as pg
from phoenixgames.sim import play_match


def play_random(state: pg.GameState, rng: random.Random, until: Callable[..., bool] | None = None) -> pg.GameState:
    """Play random legal actions until the game is over or ``until(state)`` holds."""
    while not state.is_over and not (until is not None and until(state)):
        state.apply(rng.choice(state.legal_actions()))
    return state


def random_game(game: str, players: int, seed: int, agent_seed: int, **options: Any) -> pg.GameState:
    """A whole game of random actions chosen with ``random.Random(agent_seed)``."""
    return play_random(pg.new_game(game, players=players, seed=seed, **options), random.Random(agent_seed))


def advance(state: pg.GameState, rng: random.Random, steps: int) -> None:
    """Apply up to ``steps`` random actions, fewer if the game ends."""
    for _ in range(steps):
        if not state.is_over:
            state.apply(rng.choice(state.legal_actions()))


def continue_both(a: pg.GameState, b: pg.GameState, rng: random.Random, steps: int = 40) -> None:
    """Apply the same random actions to ``a`` and ``b``, checking they stay the same throughout."""
    for _ in range(steps):
        if a.is_over:
            break
        assert b.legal_actions() == a.legal_actions()
        action = rng.choice(a.legal_actions())
        a.apply(action)
        b.apply(str(action))
        assert b.to_json() == a.to_json()


# ---------------------------------------------------------------------------- round trips
def check_same_seed_same_game(game: str, players: int, seed: int) -> None:
    """The same seed and the same actions give the same game, to the last byte of its save."""
    first = random_game(game, players, seed, 1)
    second = random_game(game, players, seed, 1)
    assert first.record == second.record
    assert first.to_json() == second.to_json()


def check_loaded_game_continues(state: pg.GameState, rng: random.Random, steps: int, stride: int) -> None:
    """Every ``stride`` actions to the end, a save of ``state`` loads back equal and then plays on
    exactly like a copy of it for ``steps`` actions."""
    while not state.is_over:
        loaded = pg.load_game(state.to_json())
        assert loaded.to_json() == state.to_json()
        assert loaded.record == state.record
        continue_both(state.copy(), loaded, random.Random(len(state.history)), steps=steps)
        advance(state, rng, stride)
    assert pg.load_game(state.to_json()).to_json() == state.to_json()


def check_replays_rebuild(state: pg.GameState, rng: random.Random, stride: int) -> None:
    """Every ``stride`` actions to the end, replaying the record rebuilds the very same state."""
    while not state.is_over:
        assert pg.replay(state.record).to_json() == state.to_json()
        advance(state, rng, stride)
    replayed = pg.replay(state.record)
    assert replayed.to_json() == state.to_json()
    assert replayed.scores == state.scores and replayed.winners == state.winners


def check_record_is_plain_json(state: pg.GameState, players: int, seed: int, options: dict[str, Any]) -> None:
    """The record goes through JSON unchanged, names the game, players, seed, options and every action,
    and replays to the same state."""
    record = json.loads(json.dumps(state.record))
    assert record["game"] == state.game and record["players"] == players and record["seed"] == seed
    assert record["options"] == options
    assert record["actions"] == [str(a) for a in state.history]
    assert pg.replay(record).to_json() == state.to_json()


def check_copy_is_exact_and_independent(state: pg.GameState, steps: int) -> None:
    """A copy saves the same; playing it out leaves the original alone; both play on alike for ``steps``."""
    twin = state.copy()
    assert twin.to_json() == state.to_json() and twin.record == state.record
    before = state.to_json()
    play_random(twin, random.Random(1))
    assert state.to_json() == before
    continue_both(state, state.copy(), random.Random(2), steps=steps)


def check_loaded_perspective_copy_continues(state: pg.GameState, seat: int, steps: int) -> None:
    """A saved perspective copy loads back the same, still ``seat``'s copy with no seed and the same
    history, and plays on exactly like the copy for ``steps`` actions."""
    twin = state.copy(perspective=seat, seed=1)
    loaded = pg.load_game(twin.to_json())
    assert loaded.to_json() == twin.to_json()
    assert loaded.perspective == seat and loaded.seed is None
    assert loaded.history == twin.history
    continue_both(twin, loaded, random.Random(3), steps=steps)


def saved(state: pg.GameState) -> dict:
    """The state's save, as data to tamper with."""
    return json.loads(state.to_json())


def load_fails(data: str | dict, message: str) -> None:
    """Loading ``data`` (a save's text, or its data) is refused with ``message``."""
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(pg.InvalidGameFile, match=message):
        pg.load_game(text)


# ---------------------------------------------------------------------------- hidden information
def random_points(game: str, players: int, seed: int, steps: int, **options: Any) -> Iterator[pg.GameState]:
    """One state along a random game, every ``steps`` actions (the same object, played on in between)."""
    state = pg.new_game(game, players=players, seed=seed, **options)
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        for _ in range(steps):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))


def check_perspective_copy(state: pg.GameState, seat: int, every_seat_legal: bool = False) -> None:
    """A perspective copy for ``seat`` shows that seat exactly what ``state`` shows, has the same seat to
    act and the same legal actions for it (for every seat with ``every_seat_legal``: where nothing
    hidden changes what is legal), and keeps the game's invariants."""
    twin = state.copy(perspective=seat)
    assert twin.view(seat) == state.view(seat)
    assert twin.current_player == state.current_player
    if every_seat_legal or seat == state.current_player:
        assert twin.legal_actions() == state.legal_actions()
    twin.check_invariants()


def check_perspective_copy_names_its_seat(state: pg.GameState, seed: int, seat: int) -> None:
    """A perspective copy of a new game has no seed and names its seat, in its record and its save;
    the original keeps its ``seed`` and names no seat."""
    twin = state.copy(perspective=seat)
    assert twin.record["seed"] is None and twin.seed is None
    assert twin.record["perspective"] == seat and twin.perspective == seat
    data = saved(twin)
    assert data["seed"] is None and data["perspective"] == seat
    assert state.record["seed"] == seed and "perspective" not in state.record


def check_refusals_read_the_same(state: pg.GameState, world: pg.GameState, actions: Iterable[pg.Action]) -> None:
    """Each of ``actions`` not legal in ``state`` is refused in ``state`` and in ``world`` (a world the
    seat to act cannot tell apart from it) with the same words: a refusal gives nothing hidden away."""
    legal = state.legal_actions()
    for action in actions:
        if action in legal:
            continue
        messages = []
        for candidate in (state, world):
            with pytest.raises(pg.IllegalAction) as refused:
                candidate.apply(action)
            messages.append(str(refused.value))
        assert messages[0] == messages[1]


def check_perspective_copies_change_nothing(
    plain: pg.GameState, watched: pg.GameState, rng: random.Random, ahead: int, every: int = 1
) -> None:
    """``plain`` and ``watched`` (the same new game) play the same random game to the end; every
    ``every`` actions, a perspective copy of ``watched`` for each seat is played ``ahead`` actions on.
    Taking and playing the copies must not change the watched game."""
    while not plain.is_over:
        if len(plain.history) % every == 0:
            for seat in range(plain.num_players):
                twin = watched.copy(perspective=seat)
                play_random(twin, random.Random(seat), until=lambda s: len(s.history) > len(watched.history) + ahead)
        action = rng.choice(plain.legal_actions())
        plain.apply(action)
        watched.apply(action)
    assert watched.to_json() == plain.to_json()


def check_seeded_copy_is_reproducible(state: pg.GameState, seat: int = 1, seed: int = 5) -> pg.GameState:
    """A perspective copy with a seed is the same each time, also from a loaded save; returns it."""
    first = state.copy(perspective=seat, seed=seed)
    assert state.copy(perspective=seat, seed=seed).to_json() == first.to_json()
    assert pg.load_game(state.to_json()).copy(perspective=seat, seed=seed).to_json() == first.to_json()
    return first


# ---------------------------------------------------------------------------- bad input
def refused(state: pg.GameState, action: object, message: str, error: type[Exception] = pg.IllegalAction, **kwargs):
    """Applying ``action`` raises ``error`` matching ``message`` and leaves ``state`` exactly as it was."""
    before = state.to_json()
    with pytest.raises(error, match=message):
        state.apply(action, **kwargs)
    assert state.to_json() == before


def check_legal_actions_agree_with_apply(
    state: pg.GameState, rng: random.Random, all_actions: Sequence[pg.Action], sample: int | None = None
) -> None:
    """Every legal action (or a sample of ``sample`` of them) is accepted, also by its notation; 20 of
    the others in ``all_actions`` are refused, also by their notation, and leave the state alone."""
    legal = state.legal_actions()
    assert legal and len(set(legal)) == len(legal)
    for action in legal if sample is None else rng.sample(legal, min(sample, len(legal))):
        assert state.copy().apply(action) == action
        assert state.copy().apply(str(action)) == action  # its notation names the same action
    before = state.to_json()
    others = [a for a in all_actions if a not in legal]
    for action in rng.sample(others, 20):
        with pytest.raises(pg.IllegalAction):
            state.apply(action)
        with pytest.raises(pg.IllegalAction):
            state.apply(str(action))
    assert state.to_json() == before


def check_bad_seat_refused(state: pg.GameState, seat: object) -> None:
    """``view`` and ``copy(perspective=...)`` refuse a seat the game does not have, naming the seats."""
    with pytest.raises(pg.NoSuchSeat, match="there is no seat"):
        state.view(seat)
    with pytest.raises(pg.NoSuchSeat, match=f"seats are 0 to {state.num_players - 1}"):
        state.copy(perspective=seat)


# ---------------------------------------------------------------------------- agents
def greedy_wins_against_random(game: str, seeds: range) -> tuple[int, int]:
    """(wins, games) of the greedy agent against a random one in two-player matches, each seed played
    with greedy in each seat."""
    wins = games = 0
    for seed in seeds:
        for greedy_seat in (0, 1):
            agents = ["random", "random"]
            agents[greedy_seat] = "greedy"
            result = play_match(game, agents, seed)
            games += 1
            wins += result.winners == [greedy_seat]
    return wins, games
