"""The base of every game's state: the public API of the engine, and the hooks a game fills in.

A game subclasses :class:`GameState` and implements the underscored hooks. Everything a bot, the
simulator or a tool may call is defined here, once, the same for every game.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import TYPE_CHECKING, Any, ClassVar

from .action import Action, normalise_notation
from .errors import IllegalAction, NoSuchSeat, shown
from .rng import clone_rng, rng_to_json

if TYPE_CHECKING:
    from .registry import GameSpec

STATE_FORMAT = "phoenixgames-state"
STATE_VERSION = 1
#: The longest text :meth:`GameState.parse` reads; no game's notation comes near it.
MAX_NOTATION = 1000


def _branch_seed(*parts: object) -> int:
    """A seed for a branched generator; a one-way hash, so a branch never learns its parent's key."""
    digest = hashlib.sha256(":".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest, "big")


class GameState:
    """One game in progress. See ``design.md`` section 2 for the contract.

    Attributes shared by every game: ``num_players``, ``options`` (a dict: treat it as read-only),
    ``seed`` (``None`` in a perspective copy), ``perspective`` (the seat a perspective copy was made
    for, else ``None``).
    """

    spec: ClassVar[GameSpec]

    num_players: int
    options: dict[str, Any]
    seed: int | None
    perspective: int | None
    _rng: random.Random
    _branch_key: int
    _history: list[Action]
    _legal: list[Action] | None
    _branches: int

    __slots__ = (
        "num_players",
        "options",
        "seed",
        "perspective",
        "_rng",
        "_branch_key",
        "_history",
        "_legal",
        "_branches",
    )

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> GameState:
        """Set up a new game. Use :func:`phoenixgames.new_game`, which checks the arguments first."""
        state = cls.__new__(cls)
        state.num_players = players
        state.options = dict(options)
        state.seed = seed
        state.perspective = None
        state._rng = random.Random(seed)
        state._branch_key = _branch_seed("branch-key", seed)
        state._history = []
        state._legal = None
        state._branches = 0
        state._setup()
        return state

    # ------------------------------------------------------------------ hooks for games
    def _setup(self) -> None:
        """Lay out the components for a new game, drawing from ``self._rng``."""
        raise NotImplementedError

    def _legal_actions(self) -> list[Action]:
        """The legal actions now, in a stable order; empty when the game is over."""
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        """Carry out an action already known to be legal."""
        raise NotImplementedError

    def _parse(self, text: str) -> Action:
        """Read normalised notation into an action (legal or not); raise IllegalAction if unreadable."""
        raise NotImplementedError

    def _why_illegal(self, action: Action) -> str:
        """Why ``action`` is not legal now, in the player's terms."""
        return f"{action} is not a legal action now"

    def _copy_into(self, other: GameState) -> None:
        """Copy the game's own fields into ``other`` (a bare instance): exact and independent."""
        raise NotImplementedError

    def _redeal(self, player: int) -> None:
        """Re-deal at random, from ``self._rng``, everything ``player`` cannot see."""
        raise NotImplementedError

    def _to_dict(self) -> dict[str, Any]:
        """The game's own fields as JSON-able data."""
        raise NotImplementedError

    def _from_dict(self, data: dict[str, Any]) -> None:
        """Restore the game's own fields from :meth:`_to_dict`'s output (may raise on bad data)."""
        raise NotImplementedError

    def _check(self) -> None:
        """Raise :class:`InvariantError` (see :func:`engine.require`) if an invariant of the game is broken."""

    @property
    def current_player(self) -> int | None:
        """The seat that must act now; ``None`` when the game is over."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    @property
    def scores(self) -> list[int]:
        """Each seat's score so far (the final score once the game is over)."""
        raise NotImplementedError

    @property
    def truncated(self) -> bool:
        """Whether the game was ended by a safety cap on its length (a game option, off unless asked
        for) rather than by its rules; ``scores`` and ``winners`` are then those of where it stopped."""
        return False

    @property
    def winners(self) -> list[int]:
        """The winning seats once the game is over (several share a victory); empty before."""
        if not self.is_over:
            return []
        scores = self.scores
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def _view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` (a seat already checked, or ``None`` for a referee) may know, as JSON-able data."""
        raise NotImplementedError

    # ------------------------------------------------------------------ the public API
    @property
    def game(self) -> str:
        return self.spec.name

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know, as JSON-able data. ``None``: the whole state, for referees.

        Raises :class:`NoSuchSeat` if the game has no such seat.
        """
        if player is not None:
            self._check_seat(player)
        return self._view(player)

    def legal_actions(self) -> list[Action]:
        """The legal actions of ``current_player``, in a stable order; empty when the game is over."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        return list(legal)

    def apply(self, action: Action | str, *, player: int | None = None) -> Action:
        """Carry out ``action`` (an action or its notation) and return the action applied.

        ``player``, if given, must be the seat to act. Raises :class:`IllegalAction` with the reason,
        leaving the state unchanged, if the action is not legal now.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        if player is not None and (player.__class__ is not int or player != self.current_player):
            self._refuse_seat(player)
        action = self._read(action, legal) if action.__class__ is str else self._find(action, legal)
        self._apply(action)
        self._history.append(action)
        self._legal = None
        return action

    def parse(self, text: str) -> Action:
        """The legal action that ``text`` names; raises :class:`IllegalAction` if there is none."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        return self._read(text, legal)

    def copy(self, perspective: int | None = None, *, seed: int | None = None) -> GameState:
        """An exact, independent copy; or, with ``perspective``, one where all that seat cannot see
        is re-dealt at random, consistently with its view, from a new branch of randomness.

        The original is not changed in any way that matters: its random generator is not advanced.
        ``seed`` fixes the branch (the same seed gives the same re-deal); otherwise each perspective
        copy taken from this object gets a different branch.
        """
        cls = self.__class__
        new = cls.__new__(cls)
        new.num_players = self.num_players
        new.options = self.options
        new._history = self._history.copy()
        new._branches = 0
        self._copy_into(new)
        if perspective is None:
            new.seed = self.seed
            new.perspective = self.perspective
            new._rng = clone_rng(self._rng)
            new._branch_key = self._branch_key
            new._legal = self._legal
            return new
        self._check_seat(perspective)
        if seed is None:
            self._branches += 1
            salt: object = self._branches
        else:
            salt = f"seed{seed}"
        branch = _branch_seed(self._branch_key, len(self._history), perspective, salt)
        new.seed = None
        new.perspective = perspective
        new._rng = random.Random(branch)
        new._branch_key = _branch_seed("branch-key", branch)
        new._legal = None
        new._redeal(perspective)
        return new

    @property
    def record(self) -> dict[str, Any]:
        """The game as JSON-able data: game, players, options, seed and every action's notation."""
        record = {
            "game": self.spec.name,
            "players": self.num_players,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [str(a) for a in self._history],
        }
        if self.perspective is not None:
            record["perspective"] = self.perspective
        return record

    @property
    def history(self) -> list[Action]:
        """The actions applied so far, oldest first."""
        return list(self._history)

    def to_json(self) -> str:
        """The full state, random generator included, as JSON text; :func:`load_game` reads it back."""
        data = self.record
        data = {
            "format": STATE_FORMAT,
            "version": STATE_VERSION,
            **data,
            "perspective": self.perspective,
            "rng": rng_to_json(self._rng),
            "branch_key": str(self._branch_key),
            "state": self._to_dict(),
        }
        return json.dumps(data, separators=(",", ":"), sort_keys=True)

    def check_invariants(self) -> None:
        """Raise :class:`InvariantError` (an ``AssertionError``) if an invariant (conservation...) is broken."""
        self._check()

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"seat {self.current_player} to act"
        return f"<{self.spec.title}: {self.num_players} players, {len(self._history)} actions, {status}>"

    # ------------------------------------------------------------------ helpers
    def _check_seat(self, player: int) -> None:
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < self.num_players:
            raise NoSuchSeat(
                f"there is no seat {shown(player)} in a {self.num_players}-player game "
                f"(seats are 0 to {self.num_players - 1})"
            )

    def _refuse_seat(self, player: int) -> None:
        self._check_seat(player)
        if self.is_over:
            raise IllegalAction("the game is over: no more actions can be taken")
        raise IllegalAction(f"it is seat {self.current_player}'s turn, not seat {player}'s")

    def _explain(self, action: object) -> str:
        if self.is_over:
            return "the game is over: no more actions can be taken"
        if not isinstance(action, Action):
            return f"{shown(action)} is not an action of {self.spec.title}"
        return self._why_illegal(action)

    def _find(self, action: object, legal: list[Action]) -> Action:
        """The legal action equal to ``action`` and of its very class; it is the one applied, so an
        object that merely compares equal (to everything, say) never reaches the game's rules."""
        try:
            found = legal[legal.index(action)]  # type: ignore[arg-type]
        except Exception:  # noqa: BLE001  (not found; or the object's repr, which the refusal calls, failed)
            raise IllegalAction(self._explain(action)) from None
        if found.__class__ is not action.__class__:
            found = next((a for a in legal if a.__class__ is action.__class__ and a == action), None)
            if found is None:
                raise IllegalAction(self._explain(action))
        return found

    def _read(self, text: str, legal: list[Action]) -> Action:
        if not isinstance(text, str):
            raise IllegalAction(
                f"an action's notation is text (like {str(legal[0])!r}), not {type(text).__name__}"
                if legal
                else f"an action's notation is text, not {type(text).__name__}"
            )
        if len(text) > MAX_NOTATION:
            raise IllegalAction(f"no action of {self.spec.title} is written with {len(text):,} characters")
        wanted = normalise_notation(text)
        for action in legal:
            if str(action).lower() == wanted:
                return action
        if self.is_over:
            raise IllegalAction("the game is over: no more actions can be taken")
        if not wanted:
            raise IllegalAction("no action given")
        action = self._parse(wanted)
        if action in legal:
            return action
        raise IllegalAction(self._why_illegal(action))
