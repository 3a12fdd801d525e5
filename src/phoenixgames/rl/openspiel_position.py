"""The game behind one OpenSpiel state: a phoenixgames state, what each seat saw happen, and its save.

OpenSpiel copies a Python state by building a new initial state and deep-copying every attribute of the
old one into it, and measures an observation by building yet another initial state and observing it.
So a new state must cost nothing and draw nothing: a :class:`Position` is *unborn* until it is first
used, and only then takes the next game from its game's :class:`Dealer`. A copy of an unborn position
first brings it to life, so that the copy and the original are the same game.

A position re-dealt for one seat (:meth:`Position.redealt`) has no seed and no past of its own: the
phoenixgames copy knows no events before it was made. It keeps what each seat had seen until then as
text (the seat it was re-dealt for: its own events; every other seat: what a spectator saw, since that
is all the first seat knows of theirs), and rebuilds the events since then from the world as it was
re-dealt, on demand, so that a search playing out the world pays nothing for them.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

import phoenixgames as pg
from phoenixgames import GameState

#: Seeds of the next games of a seeded run are drawn below this, as PettingZoo's and Gymnasium's resets do.
SEED_LIMIT = 2**63

#: The audiences a transcript is kept for: every seat, and the spectators (``pg.PUBLIC``).
Audience = int | str

#: What a position remembers (:meth:`Position.remembered`).
T = TypeVar("T")


class Table:
    """One game at one player count and set of options, with its action table."""

    __slots__ = ("game", "players", "options", "actions")

    def __init__(self, game: str, players: int, options: dict[str, Any]) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.actions = pg.action_table(game, players, **options)

    def new_game(self, seed: int | None) -> GameState:
        """A new game of this table dealt from ``seed`` (``None``: a fresh one)."""
        return pg.new_game(self.game, players=self.players, seed=seed, **self.options)


class Dealer:
    """Deals the games of one OpenSpiel game, in the order they are first used. With a seed of 0 or more,
    the first game is dealt from that seed and each next one from a seed drawn from
    ``numpy.random.default_rng(seed)``: the run of games PettingZoo's and Gymnasium's ``reset(seed=seed)``
    then ``reset()``, ``reset()``... play. With -1, each game from a fresh seed from the operating system
    (each game's seed is still in its record).

    The next game is dealt ahead (:meth:`next_game`) when a tensor is asked of a state not yet used: that
    is how OpenSpiel measures a tensor, on a new initial state it then throws away, so the game dealt
    for it waits for the next state to be used instead of being dealt again each time.
    """

    __slots__ = ("table", "first", "seeds", "spare", "_spare_vectors")

    def __init__(self, table: Table, seed: int) -> None:
        self.table = table
        self.first: int | None = seed if seed >= 0 else None  # the seed of the first game, until it is dealt
        self.seeds = np.random.default_rng(seed) if seed >= 0 else None
        self.spare: GameState | None = None
        self._spare_vectors: dict[int, np.ndarray] = {}  # the spare's observations, by seat

    def _next_seed(self) -> int | None:
        if self.seeds is None:
            return None  # the game draws a fresh one
        if self.first is not None:
            seed, self.first = self.first, None
            return seed
        return int(self.seeds.integers(SEED_LIMIT, dtype=np.uint64))

    def next_game(self) -> GameState:
        """The game the next state to be used will get (dealt now if not yet); it is not given out."""
        spare = self.spare
        if spare is None:
            spare = self.spare = self.table.new_game(self._next_seed())
        return spare

    def take(self, promised: GameState | None) -> GameState:
        """The game of a state used for the first time: the one it was shown (``promised``, from
        :meth:`next_game`) if any, else the next one."""
        game = promised if promised is not None else self.next_game()
        if game is not self.spare:
            return game.copy()  # another state took it meanwhile: each keeps a game of its own
        self.spare = None
        self._spare_vectors = {}
        return game

    def observation_of(self, game: GameState, seat: int) -> np.ndarray:
        """``seat``'s observation of ``game`` (from :meth:`next_game`), kept while it is not given out."""
        if game is not self.spare:
            return observation_vector(game, seat)
        found = self._spare_vectors.get(seat)
        if found is None:
            found = self._spare_vectors[seat] = observation_vector(game, seat)
        return found


def observation_vector(state: GameState, seat: int) -> np.ndarray:
    """``seat``'s observation of ``state`` as a read-only float32 array."""
    vector = np.frombuffer(state.observation(seat), dtype=np.float32)
    vector.flags.writeable = False
    return vector


class Position:
    """One OpenSpiel state's phoenixgames state, dealt on first use."""

    __slots__ = ("table", "dealer", "_state", "_promised", "_base", "_prefix", "_shadow", "_texts", "_memo")

    def __init__(self, table: Table, dealer: Dealer | None, state: GameState | None = None) -> None:
        self.table = table  # shared by every position of the game
        self.dealer = dealer
        self._state = state
        self._promised: GameState | None = None  # the game a tensor of this unborn position showed
        # A re-dealt world: the phoenixgames copy as it was re-dealt (never played on), and the texts
        # each audience had seen by then. None for a game with its seed, whose events rebuild themselves.
        self._base: GameState | None = None
        self._prefix: dict[Audience, tuple[str, ...]] = {}
        self._shadow: GameState | None = None  # the base played on with events logged, kept for reuse
        # Each audience's transcript so far: up to which action, and the texts.
        self._texts: dict[Audience, tuple[int, list[str]]] = {}
        self._memo: dict[Any, Any] = {}  # what was worked out since the last action (strings, vectors)

    @property
    def state(self) -> GameState:
        """The phoenixgames state, dealt now by the game's dealer if not yet."""
        found = self._state
        if found is None:
            if self.dealer is None:
                raise pg.InvariantError("an OpenSpiel state of phoenixgames has neither a game nor a dealer")
            found = self._state = self.dealer.take(self._promised)
            self._promised = None
        return found

    def observation(self, seat: int) -> np.ndarray:
        """``seat``'s observation vector (float32, read only), worked out once until the next action.
        Before the game is dealt, that of the game it will get: a tensor is how OpenSpiel measures a
        game's tensors, on a throw-away initial state, which must not take the game (nor deal one)."""
        dealer = self.dealer
        if self._state is None and dealer is not None:
            if self._promised is None:
                self._promised = dealer.next_game()
            return dealer.observation_of(self._promised, seat)
        return self.remembered(("vector", seat), lambda: observation_vector(self.state, seat))

    def apply(self, action: pg.Action) -> None:
        """Play ``action`` (the only way the state changes)."""
        self.state.apply(action)
        self._memo.clear()

    def remembered(self, key: Any, work: Callable[[], T]) -> T:
        """``work()``, worked out once until the next action (OpenSpiel asks for the same string often)."""
        memo = self._memo
        if key not in memo:
            memo[key] = work()
        found: T = memo[key]
        return found

    # ------------------------------------------------------------------ what each seat saw
    def transcript(self, audience: Audience) -> tuple[str, ...]:
        """The text of every event ``audience`` (a seat or ``pg.PUBLIC``) saw, oldest first."""
        state = self.state
        source, start = (state, 0) if self._base is None else (self._caught_up_shadow(state), len(self._base.history))
        number, texts = self._texts.get(audience) or (start, list(self._prefix.get(audience, ())))
        played = len(state.history)
        if number < played:
            texts.extend(event["text"] for event in source.events(audience, number))
        self._texts[audience] = (played, texts)
        return tuple(texts)

    def _caught_up_shadow(self, state: GameState) -> GameState:
        """The world as first dealt, played on as far as ``state`` with its events logged."""
        shadow = self._shadow
        if shadow is None:
            shadow = self._shadow = self._base.copy()  # type: ignore[union-attr]
            shadow.events(pg.PUBLIC, len(shadow.history))  # log from here on: the world has no past before
        # The state is only ever played on (never undone), and a copy of the position starts its own
        # shadow: what the shadow played is the start of what the state played.
        for action in state.history[len(shadow.history) :]:
            shadow.apply(action)
        return shadow

    def redealt(self, seat: int, seed: int) -> Position:
        """A new position where all ``seat`` cannot see is re-dealt at random (``state.copy(perspective=
        seat, seed=seed)``), which remembers what ``seat`` saw happen until now."""
        world = self.state.copy(perspective=seat, seed=seed)
        new = Position(self.table, None, world)
        new._base = world.copy()
        public = self.transcript(pg.PUBLIC)
        mine = self.transcript(seat)
        new._prefix = {s: mine if s == seat else public for s in range(self.table.players)}
        new._prefix[pg.PUBLIC] = public
        return new

    # ------------------------------------------------------------------ copies and saves
    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        state = self.state  # an unborn position is dealt first, so that the copy is the same game
        new = Position(self.table, self.dealer, state.copy())
        new._base = self._base  # never played on: shared
        new._prefix = self._prefix
        new._texts = {audience: (number, list(texts)) for audience, (number, texts) in self._texts.items()}
        new._memo = dict(self._memo)  # strings and read-only vectors of the same position: shared
        return new

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_restored, (self.to_text(),))

    def to_text(self) -> str:
        """The position as JSON text (:meth:`to_data`)."""
        return json.dumps(self.to_data(), sort_keys=True)

    def to_data(self) -> dict[str, Any]:
        """The position as JSON data: the game's record (game, players, options, seed, actions), which
        :func:`pg.replay` plays again; for a re-dealt world, which has no seed, its full save and that of
        the world as first dealt, with what each seat had seen."""
        state = self.state
        if self._base is None and state.seed is not None:
            return {"record": state.record}
        base = self._base if self._base is not None else state
        prefix = {str(audience): list(texts) for audience, texts in self._prefix.items()}
        return {"save": state.to_json(), "base": base.to_json(), "prefix": prefix}

    @classmethod
    def from_text(cls, text: str) -> Position:
        """The position :meth:`to_text` wrote (raises :class:`pg.InvalidGameFile` if it is damaged)."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise pg.InvalidGameFile(f"an OpenSpiel state of phoenixgames is not valid JSON: {exc}") from None
        return cls.from_data(data)

    @classmethod
    def from_data(cls, data: object) -> Position:
        """The position :meth:`to_data` wrote, read as data (raises :class:`pg.InvalidGameFile` if it is
        damaged)."""
        if not isinstance(data, dict):
            raise pg.InvalidGameFile("an OpenSpiel state of phoenixgames must be a JSON object")
        if "record" in data:
            state = pg.replay(data["record"])
            return cls(_table_of(state), None, state)
        try:
            state, base = pg.load_game(data["save"]), pg.load_game(data["base"])
            prefix = {_audience(key): tuple(texts) for key, texts in data["prefix"].items()}
        except (KeyError, TypeError, AttributeError) as exc:
            raise pg.InvalidGameFile(f"an OpenSpiel state of phoenixgames lacks a part: {exc}") from None
        new = cls(_table_of(state), None, state)
        new._base, new._prefix = base, prefix
        return new


def table_of(game: str, players: int, options: dict[str, Any]) -> Table:
    """The :class:`Table` of a game at a player count and options (options resolved), made once and kept
    among the most recently used."""
    return _table(game, players, tuple(sorted(options.items())))


@functools.lru_cache(maxsize=64)
def _table(game: str, players: int, options: tuple[tuple[str, Any], ...]) -> Table:
    return Table(game, players, dict(options))


def _table_of(state: GameState) -> Table:
    return table_of(state.spec.name, state.num_players, dict(state.options))


def _audience(key: str) -> Audience:
    return pg.PUBLIC if key == pg.PUBLIC else int(key)


def _restored(text: str) -> Position:
    return Position.from_text(text)
