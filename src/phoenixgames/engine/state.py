"""The base of every game's state: the public API of the engine, and the hooks a game fills in.

A game subclasses :class:`GameState` and implements the underscored hooks. Everything a bot, the
simulator or a tool may call is defined here, once, the same for every game.
"""

from __future__ import annotations

import hashlib
import json
import random
from array import array
from typing import TYPE_CHECKING, Any, ClassVar

from .action import Action, exactly_equal, normalise_notation
from .digest import digest_of
from .encoding import ObservationLayout, ObservationWriter, encode_view, layout_of
from .errors import (
    BadRequest,
    GameSetupError,
    IllegalAction,
    InvariantError,
    MalformedNotation,
    NoSuchSeat,
    PhoenixGamesError,
    shown,
)
from .events import Event
from .facts import TableParts, table_of, table_parts
from .fields import StateMeta, copied, plan, type_mismatch
from .parameters import Rules, rules_for
from .rng import GameRandom, clone_rng, counting, draw_mark, drew_since, rng_to_json
from .serial import fresh

if TYPE_CHECKING:
    from .registry import GameSpec

#: The audience of a spectator: ``state.view(PUBLIC)`` and ``state.events(PUBLIC)`` show what someone
#: watching the table sees. It is text, so that a game's code can never take it for a seat's number.
PUBLIC = "public"

#: Who a view or an event is for: a seat, ``PUBLIC``, or ``None`` (the referee, views only).
Audience = int | str | None

STATE_FORMAT = "phoenixgames-state"
#: Version 2: each game's state as declared by its fields (the Syndicate's galaxy in one field, a loot's
#: route, Phoenicia's auction opened in two decisions). A version 1 save of the referee's is still read:
#: its record is replayed, earlier notations translated; its state, written in the older shape, is not
#: compared.
STATE_VERSION = 2
#: The versions :func:`phoenixgames.load_game` reads.
READABLE_VERSIONS = (1, 2)
#: The longest text :meth:`GameState.parse` reads; no game's notation comes near it.
MAX_NOTATION = 1000


def _branch_seed(*parts: object) -> int:
    """A seed for a branched generator; a one-way hash, so a branch never learns its parent's key."""
    digest = hashlib.sha256(":".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest, "big")


#: What :meth:`GameState.can_undo_after` tries an action with: only whether it draws matters, not what.
_TRIAL_RNG = GameRandom(0)


class Undoable:
    """What undo keeps of an action it may take back: the position ``before`` it (with no random
    generator of its own) and ``mark``, the count of the game generator's draws then (``rng.draw_mark``),
    which tells whether the action drew anything."""

    __slots__ = ("before", "mark")

    def __init__(self, before: GameState, mark: object) -> None:
        self.before = before
        self.mark = mark


# The observation layout used last, with the options dict, game and player count it is of (and a copy of the
# options, to see that they are unchanged): a game's observations ask for the same one again and again.
_LAST_LAYOUT: list[tuple[dict[str, Any], Any, int, dict[str, Any], ObservationLayout] | None] = [None]


def _ids_of(legal: list[Action], parts: TableParts) -> list[int]:
    """The index in ``parts``' table of each action of ``legal``, in order: by identity where the legal
    actions are the table's own objects (in every game of this package), else by equality."""
    ids = list(map(parts.by_identity.get, map(id, legal)))
    if None in ids:
        return _by_equality(legal, parts)
    return ids  # type: ignore[return-value]


def _by_equality(legal: list[Action], parts: TableParts) -> list[int]:
    found = list(map(parts.index.get, legal))
    if None in found:
        missing = legal[found.index(None)]
        raise InvariantError(f"the legal action {missing} is missing from {parts.spec.title}'s action table")
    return found  # type: ignore[return-value]


class GameState(metaclass=StateMeta):
    """One game in progress. See ``docs/api.md`` for the contract.

    Attributes shared by every game: ``num_players``, ``options`` (a dict: treat it as read-only),
    ``rules`` (every parameter's value: ``state.rules.vp_goal``; ``params`` the ones changed),
    ``seed`` (``None`` in a perspective copy), ``perspective`` (the seat a perspective copy was made
    for, else ``None``).

    A game's subclass declares its own fields once, as annotations (see ``engine/fields.py``): slots,
    copies and saves follow from them.
    """

    spec: ClassVar[GameSpec[Any]]

    num_players: int
    options: dict[str, Any]
    rules: Rules
    seed: int | None
    perspective: int | None
    _rng: random.Random
    _branch_key: int
    _history: list[Action]
    _legal: list[Action] | None
    _branches: int
    _log: list[tuple[list[Event], ...]] | None
    _log_start: int
    _origin: GameState | None
    _undo: list[Undoable | str] | None

    __slots__ = (
        "num_players",
        "options",
        "rules",
        "seed",
        "perspective",
        "_rng",
        "_branch_key",
        "_history",
        "_legal",
        "_branches",
        "_log",  # once events are asked for: per action, the events of each seat and of PUBLIC (last)
        "_log_start",  # the number of the first action the log covers
        "_origin",  # a position set up by hand (arranged): where rebuilding the past starts, not the seed
        "_undo",  # once undo is asked about: what it may take back (``Undoable``), oldest first
    )

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any], rules: Rules | None = None) -> GameState:
        """Set up a new game. Use :func:`phoenixgames.new_game`, which checks the arguments first."""
        state = cls.__new__(cls)
        state.num_players = players
        state.options = dict(options)
        state.rules = rules if rules is not None else rules_for(cls.spec.parameters, {})
        state.seed = seed
        state.perspective = None
        state._rng = random.Random(seed)
        state._branch_key = _branch_seed("branch-key", seed)
        state._history = []
        state._legal = None
        state._branches = 0
        state._log = None
        state._log_start = 0
        state._origin = None
        state._undo = None
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
        """Copy the game's own fields into ``other`` (a bare instance): exact and independent. The engine
        writes this from the declared fields; the first call puts the written function in its place."""
        cls = self.__class__
        copier = plan(cls).copy_fields
        cls._copy_into = copier  # type: ignore[method-assign]
        copier(self, other)

    def _redeal(self, player: int) -> None:
        """Re-deal at random, from ``self._rng``, everything ``player`` cannot see."""
        raise NotImplementedError

    def _to_dict(self) -> dict[str, Any]:
        """The game's own saved fields as JSON-able data (every declared field but the derived ones)."""
        return plan(self.__class__).to_saved(self)

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

    def _view(self, player: Audience) -> dict[str, Any]:
        """What ``player`` (a seat already checked, ``PUBLIC`` for a spectator, or ``None`` for a referee)
        may know, as JSON-able data."""
        raise NotImplementedError

    def _events(self, before: GameState, action: Action, audience: int | str) -> list[dict[str, Any]]:
        """What ``audience`` (a seat or ``PUBLIC``) saw happen when ``action`` took ``before`` (an exact
        copy of the state before it) to this state: a list of dicts, each with a ``text``. It must show
        nothing the audience may not know: two states it cannot tell apart give the same events."""
        actor = before.current_player
        if audience == actor:
            return [{"text": f"you played {action}"}]
        return [{"text": f"seat {actor} played {self._public_notation(action)}"}]

    def _public_notation(self, action: Action) -> str:
        """``action``'s notation as those who did not take it see it (the game hides a secret choice)."""
        return str(action)

    def _undo_refusal(self, before: GameState, action: Action) -> str | None:
        """Why ``action`` (which drew no randomness and left its seat to act) cannot be taken back,
        if it showed its seat something hidden; ``None`` if it can."""
        return None

    # ------------------------------------------------------------------ the public API
    @property
    def game(self) -> str:
        return self.spec.name

    def view(self, player: Audience) -> dict[str, Any]:
        """What ``player`` may know, as JSON-able data. ``None``: the whole state, for referees;
        ``PUBLIC``: what a spectator sees (no hand, no face-down card, no deck order).

        Raises :class:`NoSuchSeat` if the game has no such seat.
        """
        if player is not None and player != PUBLIC:
            self._check_seat(player)  # type: ignore[arg-type]
            return self._view(player)
        return self._view(None if player is None else PUBLIC)

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
        if self._log is not None or self._undo is not None:
            self._apply_kept(action)
            return action
        self._apply(action)
        self._history.append(action)
        self._legal = None
        return action

    def _apply_kept(self, action: Action) -> None:
        """:meth:`apply` for a game that keeps its events (``_log``) or what undo may take back (``_undo``):
        the position before the action is kept for them (with its own random generator only for the
        events, which may work out again what the action drew)."""
        log, undo = self._log, self._undo
        before = self._position(rng=log is not None)
        if undo is not None:
            mark = draw_mark(self._rng)
            if undo:
                self._close_turn(undo)
        self._apply(action)
        self._history.append(action)
        self._legal = None
        if undo is not None:
            undo.append(Undoable(before, mark))
        if log is not None:
            number = len(self._history) - 1
            audiences: list[int | str] = [*range(self.num_players), PUBLIC]
            entry = tuple(
                [{"action": number, **fresh(event)} for event in self._events(before, action, audience)]
                for audience in audiences
            )
            log.append(entry)

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
        if perspective is None:
            new = self._position(rng=True)
            if self._log is not None:
                new._log = self._log.copy()
                new._log_start = self._log_start
            if self._undo is not None:
                new._undo = self._undo.copy()
            return new
        self._check_seat(perspective)
        cls = self.__class__
        new = cls.__new__(cls)
        new.num_players = self.num_players
        new.options = self.options
        new.rules = self.rules
        new._history = self._history.copy()
        new._branches = 0
        self._copy_into(new)
        new._log = None  # a re-dealt world has no past of its own to tell
        new._log_start = 0
        new._origin = None
        new._undo = None
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

    def _position(self, *, rng: bool) -> GameState:
        """An exact, independent copy of the position, without the past the original keeps (its events,
        what undo may take back); with a copy of the random generator, or (``rng=False``, for undo, which
        keeps only positions whose action drew nothing) none: then it must not draw."""
        cls = self.__class__
        new = cls.__new__(cls)
        new.num_players = self.num_players
        new.options = self.options
        new.rules = self.rules
        new._history = self._history.copy()
        new._branches = 0
        self._copy_into(new)
        new.seed = self.seed
        new.perspective = self.perspective
        new._rng = clone_rng(self._rng) if rng else None  # type: ignore[assignment]
        new._branch_key = self._branch_key
        new._legal = self._legal
        new._log = None
        new._log_start = 0
        new._origin = self._origin
        new._undo = None
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
        changed = self.rules.changed
        if changed:
            record["params"] = changed
        if self.perspective is not None:
            record["perspective"] = self.perspective
        return record

    @property
    def params(self) -> dict[str, int | bool]:
        """The parameters this game was set up with that differ from the printed game (a fresh dict;
        empty for the game as printed). ``rules`` holds every parameter's value."""
        return self.rules.changed

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
        if self.perspective is not None:  # no seed proves a copy for one seat: its file carries a digest
            data["digest"] = digest_of(data)
        return json.dumps(data, separators=(",", ":"), sort_keys=True)

    # ------------------------------------------------------------------ the seams: events, spectators, undo
    def events(self, seat: int | str, since: int = 0) -> list[Event]:
        """What ``seat`` (or ``PUBLIC``) saw happen from action number ``since`` on (0: from the start),
        oldest first: dicts with ``action`` (the index in :attr:`history` of the action that caused
        it) and ``text`` in the player's terms, and what else the game adds. The first call on a game
        with a seed rebuilds the past from its record; a copy without a seed knows the events only from
        the first time it is asked on, and gives those (from there on) for any earlier ``since``. The
        events are fresh values: changing them changes nothing the game holds."""
        public = seat == PUBLIC
        if not public:
            self._check_seat(seat)  # type: ignore[arg-type]
        played = len(self._history)
        if since.__class__ is not int or not 0 <= since <= played:
            raise BadRequest(f"events are numbered by action, from 0 to {played} in this game, not {shown(since)}")
        log = self._log
        if log is None:
            log = self._start_log()
        index = self.num_players if public else seat
        start = max(since - self._log_start, 0)
        return [fresh(event) for entry in log[start:] for event in entry[index]]  # type: ignore[index]

    def _start_log(self) -> list[tuple[list[Event], ...]]:
        if not self._rebuildable():
            self._log, self._log_start = [], len(self._history)
            return self._log
        shadow = self._rebuilt(len(self._history), logged=True)
        self._log, self._log_start = shadow._log, self._first_rebuilt()
        return self._log  # type: ignore[return-value]

    def _rebuildable(self) -> bool:
        return self.seed is not None or self._origin is not None

    def _first_rebuilt(self) -> int:
        """The number of the first action that rebuilding replays: 0, or that of an arranged position."""
        return 0 if self._origin is None else len(self._origin._history)

    def _rebuilt(self, actions: int, *, logged: bool = False, undoable: bool = False) -> GameState:
        """This game as it stood after its first ``actions`` actions, rebuilt from its seed (or from the
        position it was arranged from), keeping its events (``logged``) or what undo may take back
        (``undoable``) on the way."""
        origin = self._origin
        shadow = origin.copy() if origin is not None else self._replayed_from_seed()
        if logged:
            shadow._log, shadow._log_start = [], len(shadow._history)
        if undoable:
            shadow._undo = []
            shadow._rng = counting(shadow._rng)
        for action in self._history[len(shadow._history) : actions]:
            shadow.apply(action)
        return shadow

    def _replayed_from_seed(self) -> GameState:
        """This game's set-up, dealt again from its seed (which the caller knows it has)."""
        return self.__class__.new(self.num_players, self.seed, self.options, self.rules)  # type: ignore[arg-type]

    def public_record(self) -> dict[str, Any]:
        """The record as a spectator may see it while the game runs: game, players, options and every
        action's notation as those who did not take it saw it; no seed, nothing that shows a hidden card."""
        record = {
            "game": self.spec.name,
            "players": self.num_players,
            "options": dict(self.options),
            "actions": self.public_actions(),
        }
        changed = self.rules.changed
        if changed:
            record["params"] = changed
        return record

    def public_actions(self, since: int = 0) -> list[str]:
        """The notations of the actions from number ``since`` on, as those who did not take them saw them
        (what :meth:`public_record` lists): a table that shows the last few moves asks for those alone."""
        if since.__class__ is not int or not 0 <= since <= len(self._history):
            raise BadRequest(f"actions are numbered from 0 to {len(self._history)} in this game, not {shown(since)}")
        notation = self._public_notation
        return [notation(a) for a in self._history[since:]]

    def can_undo(self) -> bool:
        """Whether :meth:`undo` would take back the last action (:meth:`undo_refusal` says why not)."""
        return self._undo_target()[0] is not None

    def undo_refusal(self) -> str | None:
        """Why :meth:`undo` would refuse to take back the last action, in the player's terms; ``None``
        if it would take it back."""
        before, reason = self._undo_target()
        return None if before is not None else reason

    def can_undo_after(self, action: Action | str) -> bool:
        """Whether ``action`` (a legal action or its notation), taken now, could then be taken back: what
        :meth:`can_undo` would answer after it, without changing this game. It costs about one action
        (no events are told for the trial), so a table can ask it of every legal action, to ask a player
        to confirm a move that is final. Raises :class:`IllegalAction` as :meth:`apply` does."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        action = self._read(action, legal) if action.__class__ is str else self._find(action, legal)
        if self._undo is None and not self._rebuildable():
            return False  # as can_undo would answer: no seed to go back by
        trial = self._position(rng=False)
        # Whether the action draws at all does not depend on what is drawn (nothing has been yet when it
        # starts to), so the trial draws from a generator of its own whose numbers do not matter.
        trial._rng = _TRIAL_RNG
        mark = draw_mark(_TRIAL_RNG)
        trial._apply(action)
        trial._history.append(action)
        # As _undo_target would answer with this very position as the one before the action.
        return not (
            trial.is_over
            or trial.current_player != self.current_player
            or drew_since(_TRIAL_RNG, mark)
            or trial._undo_refusal(self, action) is not None
        )

    def undo(self) -> Action:
        """Take back the last action and return it: allowed when the seat that took it is still to act,
        it drew no randomness and it showed nothing hidden. Otherwise raises :class:`IllegalAction` with
        the reason (:meth:`undo_refusal`), and changes nothing."""
        before, reason = self._undo_target()
        if before is None:
            raise IllegalAction(reason)
        action = self._history.pop()
        before._copy_into(self)  # the generator stays: the action drew nothing from it
        self._legal = before._legal
        self._undo.pop()  # type: ignore[union-attr]  # found by _undo_target
        if self._log is not None:
            del self._log[len(self._history) - self._log_start :]
        return action

    def _undo_target(self) -> tuple[GameState | None, str]:
        """The position before the last action, if undo may go back to it; else ``None`` and why not.
        The first question of a game rebuilds what undo may take back (as :meth:`events` rebuilds the
        past); from then on the game keeps it as it goes, so each answer costs about one action."""
        if self.is_over:
            return None, "the game is over: its last action cannot be taken back"
        undo = self._undo
        if undo is None and self._rebuildable():
            undo = self._start_undo()
        if not self._history:
            return None, "nothing has been played yet: there is nothing to take back"
        if undo is None:
            return None, "this copy has no seed to rebuild the position before the last action"
        if not undo:
            return None, "this position was set up by hand: there is nothing before it to go back to"
        last = undo[-1]
        if isinstance(last, str):
            return None, last
        before, mark = last.before, last.mark
        action = self._history[-1]
        if before.current_player != self.current_player:
            return None, self._turn_passed(before)
        if drew_since(self._rng, mark):
            return None, f"{action} was left to chance (something was drawn or dealt): it cannot be taken back"
        refusal = self._undo_refusal(before, action)
        if refusal is not None:
            return None, refusal
        return before, ""

    def _start_undo(self) -> list[Undoable | str]:
        """Rebuild what undo may take back, replaying the game once, and keep it from now on."""
        if len(self._history) <= self._first_rebuilt():
            self._rng = counting(self._rng)
            self._undo = []  # nothing to replay: nothing before this position to go back to
            return self._undo
        shadow = self._rebuilt(len(self._history), undoable=True)
        undo: list[Undoable | str] = shadow._undo  # type: ignore[assignment]  # kept from its start
        if shadow._rng.getstate() == self._rng.getstate():
            # The rebuilt game's generator, in this one's very state, takes its place: it counted the
            # draws that what undo kept of each action is marked with (else each reads as left to chance).
            self._rng = shadow._rng
        else:
            self._rng = counting(self._rng)
        self._undo = undo
        return undo

    def _turn_passed(self, before: GameState) -> str:
        """Why the last action, which took ``before`` to this position and passed the turn to another
        seat, cannot be taken back."""
        done = self._public_notation(self._history[-1])  # told to whoever asks: no secret of the actor's
        actor, now = before.current_player, self.current_player
        return f"the last action ({done}) was seat {actor}'s, and now seat {now} is to act"

    def _close_turn(self, undo: list[Undoable | str]) -> None:
        """Before an action is applied: if the last one passed the turn, nothing before it can ever be
        taken back, so all undo keeps of it is why (which undo tells once it is the last action again)."""
        last = undo[-1]
        if not isinstance(last, str) and last.before.current_player != self.current_player:
            undo[:] = [self._turn_passed(last.before)]

    # ------------------------------------------------------------------ the seams: a fixed action space
    @property
    def action_table(self) -> tuple[Action, ...]:
        """Every action that can ever be legal in this game's player count and options, in a stable
        order: the same as :func:`phoenixgames.action_table`."""
        return table_of(self.spec, self.num_players, self.options)[0]

    def action_id(self, action: Action | str) -> int:
        """The index of ``action`` (or of the legal action its notation names) in :attr:`action_table`.
        It takes what :meth:`apply` takes: an action of the table to its last field (``exactly_equal``:
        not ``Bid(2.0)`` for ``Bid(2)``), or notation; anything else raises :class:`IllegalAction`."""
        if action.__class__ is str:
            action = self.parse(action)
        table, index = table_of(self.spec, self.num_players, self.options)
        try:
            found = index[action]  # type: ignore[index]  # text was parsed above
            if table[found] is action or exactly_equal(action, table[found]):
                return found
        except Exception:  # noqa: BLE001  (not in the table; or an object whose hash or equality fails)
            pass
        raise IllegalAction(f"{shown(action)} is no action of {self.spec.title}'s action table")

    def legal_action_ids(self) -> list[int]:
        """The index in :attr:`action_table` of each of :meth:`legal_actions`, in the same order: what a
        learning agent picks among (OpenSpiel's legal actions, the 1s of :meth:`action_mask`)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        return _ids_of(legal, table_parts(self.spec, self.num_players, self.options))

    def action_mask(self) -> list[int]:
        """A list of 0 and 1 as long as :attr:`action_table`: 1 exactly where the action is legal now."""
        mask = [0] * len(table_parts(self.spec, self.num_players, self.options).table)
        for found in self.legal_action_ids():
            mask[found] = 1
        return mask

    def observation(self, seat: int) -> array[float]:
        """``seat``'s observation: its view written as a fixed-length ``array.array`` of float32 numbers in
        [0, 1], laid out as :func:`phoenixgames.observation_layout` says. It is built from the view alone
        (from :meth:`_observed_view`, the parts of ``view(seat)`` that the encoding reads)."""
        self._check_seat(seat)
        spec, options, n = self.spec, self.options, self.num_players
        encode = spec.encode
        if encode is None:
            return encode_view(spec, n, options, self._observed_view(seat))  # which says so
        last = _LAST_LAYOUT[0]
        if last is None or last[0] is not options or last[1] is not spec or last[2] != n or last[3] != options:
            last = _LAST_LAYOUT[0] = (options, spec, n, dict(options), layout_of(spec, n, options))
        writer = ObservationWriter(last[4])
        encode(self._observed_view(seat), writer)
        return writer.values

    def _observed_view(self, seat: int) -> dict[str, Any]:
        """The part of ``view(seat)`` that the game's observation encoding reads: every key it has is a key
        of the full view with the same value (tests/contract/test_observations.py checks it). A game may
        leave out what only a person reads (the legal actions as text, a card's effect in words), to make
        observations fast; by default it is the whole view."""
        return self._view(seat)

    def returns(self) -> list[float]:
        """Each seat's share of the victory: 1/k for each of k winners once the game is over (they sum
        to 1), 0 for every seat before."""
        winners = self.winners
        if not winners:
            return [0.0] * self.num_players
        share = 1.0 / len(winners)
        return [share if seat in winners else 0.0 for seat in range(self.num_players)]

    # ------------------------------------------------------------------ setting up positions
    def arranged(self, **fields: Any) -> GameState:
        """A copy of this state with the named fields of the game replaced by ``fields`` (each a value in
        the game's own terms, as the game's state class declares it): the supported way to set up a
        position for a test or a puzzle. The copy must be one the rules allow (its invariants are
        checked), else :class:`GameSetupError` says what is wrong. Its record no longer rebuilds it; its
        events and undo start from the arranged position."""
        declared = plan(self.__class__)
        known = declared.saved
        for name, value in fields.items():
            if name not in known:
                raise GameSetupError(
                    f"{self.spec.title} has no field {shown(name)} to arrange (its fields: {', '.join(known)})"
                )
            wrong = type_mismatch(declared.kinds[name], value, name)
            if wrong is not None:
                raise GameSetupError(f"that is no position of {self.spec.title}: {wrong}")
        new = self.copy()
        for name, value in fields.items():
            setattr(new, name, copied(value))
        new._legal = None
        new._log = None
        new._undo = None
        try:
            new._rearranged()
            new._check()
            new._try_out()
        except PhoenixGamesError as exc:
            raise GameSetupError(f"that is no position of {self.spec.title}: {exc}") from None
        except Exception as exc:  # noqa: BLE001  (values of the right types that the rules cannot work with)
            raise GameSetupError(f"that is no position of {self.spec.title}: {shown(exc, 200)}") from None
        origin = new.copy()
        origin._origin = None
        new._origin = origin  # its past is rebuilt from here, for events and undo, not from the seed
        return new

    def _try_out(self) -> None:
        """Work out once what the position tells (whose turn, the legal actions, the scores, every view),
        so that an arranged position the rules cannot work with is refused at once, not later."""
        _ = self.current_player, self.is_over, self.scores, self.winners
        self._legal = self._legal_actions()
        for audience in (*range(self.num_players), PUBLIC, None):
            self._view(audience)

    def _rearranged(self) -> None:
        """Work out again what the game derives from its fields, after :meth:`arranged` set some."""

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
        """The legal action equal to ``action``, of its very class and with every field of the very class
        of the legal one's (``exactly_equal``); it is the one applied, so an object that merely compares
        equal (to everything, say, or a bid of ``True``) never reaches the game's rules."""
        # One of the legal objects themselves (what legal_actions() and the action table hand out): found
        # by identity, without calling each action's __eq__ (written in Python) on the legal ones before it.
        for found in legal:
            if found is action:
                return found
        try:
            found = legal[legal.index(action)]  # type: ignore[arg-type]
        except Exception:  # noqa: BLE001  (not found; or the object's repr, which the refusal calls, failed)
            raise IllegalAction(self._explain(action)) from None
        if found is action:
            return found
        if not exactly_equal(action, found):
            same = next((a for a in legal if exactly_equal(action, a)), None)
            if same is None:
                raise IllegalAction(self._explain(action))
            return same
        return found

    def _read(self, text: str, legal: list[Action]) -> Action:
        if not isinstance(text, str):
            raise MalformedNotation(
                f"an action's notation is text (like {str(legal[0])!r}), not {type(text).__name__}"
                if legal
                else f"an action's notation is text, not {type(text).__name__}"
            )
        if len(text) > MAX_NOTATION:
            raise MalformedNotation(f"no action of {self.spec.title} is written with {len(text):,} characters")
        wanted = normalise_notation(text)
        for action in legal:
            if str(action).lower() == wanted:
                return action
        if self.is_over:
            raise IllegalAction("the game is over: no more actions can be taken")
        if not wanted:
            raise MalformedNotation("no action given")
        try:
            action = self._parse(wanted)
        except MalformedNotation:
            raise
        except IllegalAction as exc:
            raise MalformedNotation(str(exc)) from None
        if action in legal:
            return action
        raise IllegalAction(self._why_illegal(action))
