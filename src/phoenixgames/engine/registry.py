"""The registry of games: each game package registers one :class:`GameSpec`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from .errors import GameSetupError, shown
from .options import Option
from .parameters import Parameter

if TYPE_CHECKING:
    import random
    from collections.abc import Callable

    from .action import Action
    from .encoding import ObservationWriter
    from .parameters import Rules
    from .state import GameState

#: The state class of the game a spec describes: its callables take that game's states.
S = TypeVar("S", bound="GameState")

#: A seat's view as :meth:`GameState.view` gives it, and a game's options resolved (name -> value).
View = dict[str, Any]
Options = dict[str, Any]


@dataclass(frozen=True)
class GameSpec(Generic[S]):
    """What the engine and the tools need to know about a game, and nothing about its rules.

    Generic in the game's state class ``S``: a game's callables take its own states. A spec of any game
    (the registry's, a state's ``spec``) is a ``GameSpec[Any]``."""

    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    state_class: type[S]
    options: tuple[Option, ...] = ()
    #: The numbers of the rules and components a designer may change (``engine/parameters.py``), each
    #: with its printed value as default; a game reads them from ``state.rules``.
    parameters: tuple[Parameter, ...] = ()
    #: ``greedy(state, rng) -> Action``: the game's sensible casual move, for the greedy agent.
    greedy: Callable[[S, random.Random], Action] | None = None
    #: ``evaluate(state, seat) -> float``: how good the position looks for ``seat``, for bots.
    evaluate: Callable[[S, int], float] | None = None
    #: ``searched(state, legal, rng) -> list``: the legal actions a search should weigh, in their order
    #: (``None``: all of them). A game leaves out moves a sensible player would not consider here
    #: (which the search would otherwise overrate), never every move.
    searched: Callable[[S, list[Action], random.Random], list[Action]] | None = None
    #: ``render(view) -> rich renderable``: the view drawn for a terminal. Imported only when called, so
    #: that ``import phoenixgames`` does not import Rich: a game gives ``"module:function"`` or the function
    #: (typed ``object`` here, since the engine knows no terminal).
    render: Callable[[View], object] | str | None = None
    #: ``action_table(players, options) -> tuple[Action, ...]``: every action that can ever be legal in a
    #: game of that player count and options, in a stable order (see :func:`phoenixgames.action_table`).
    action_table: Callable[[int, Options], tuple[Action, ...]] | None = None
    #: ``max_decisions(players, options, rules) -> int | None``: the most actions a game can take (a proven
    #: bound) with those parameters' values (``rules``), or ``None`` where the rules let a game go on for ever.
    max_decisions: Callable[[int, Options, Rules], int | None] | None = None
    #: ``earlier_notation(text) -> list[str] | None``: how an action written in an earlier version of the
    #: game's notation (``text``, normalised) is written now, as the decisions it became; ``None`` if
    #: ``text`` is no such action. Records and saves written before a decision was split still replay.
    earlier_notation: Callable[[str], list[str] | None] | None = None
    #: ``score_range(players, options, rules) -> (lowest, highest)``: the scores a seat can end a game with,
    #: with those parameters' values (``rules``).
    score_range: Callable[[int, Options, Rules], tuple[int, int]] | None = None
    #: The game's own defaults for the ISMCTS agent, as ``(setting, value)`` pairs written as in a spec
    #: (``(("bias", "1"),)``); a setting an agent spec gives overrides its default here.
    ismcts_defaults: tuple[tuple[str, str], ...] = ()
    #: The ISMCTS iterations a move of the ``hard`` difficulty level (``agents/levels.py``): a budget
    #: at which the search answers within about a second a move on a modest machine
    #: (docs/performance.md); ``expert`` searches four times as many.
    hard_iterations: int = 1000
    #: ``observation_fields(players, options) -> [(name, size, meaning), ...]``: the fields of the game's
    #: observation vector, in order (:mod:`phoenixgames.engine.encoding`).
    observation_fields: Callable[[int, Options], list[tuple[str, int, str]]] | None = None
    #: ``metrics(state) -> {name: figure}``: what a designer looks at in a finished game, from its public
    #: events and final position (``phoenixgames.sim.metrics``): each figure a number, or a list of
    #: numbers indexed by seat; ``rounds`` (the game's length in its rounds) is always among them.
    metrics: Callable[[S], dict[str, float | list[float]]] | None = None
    #: ``encode(view, writer)``: fills an observation from a seat's view alone, never from the state.
    encode: Callable[[View, ObservationWriter], None] | None = None

    def render_view(self, view: View) -> object:
        """``view`` drawn for a terminal by the game's renderer, imported now if given by name."""
        render = self.render
        if isinstance(render, str):
            from importlib import import_module

            module, _, name = render.partition(":")
            render = getattr(import_module(module), name)
        if render is None:
            raise GameSetupError(f"{self.title} has no terminal renderer")
        return render(view)

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)


_REGISTRY: dict[str, GameSpec[Any]] = {}


def register(spec: GameSpec[S]) -> GameSpec[S]:
    """Add a game; its state class learns its spec."""
    if spec.name in _REGISTRY and _REGISTRY[spec.name] is not spec:
        raise GameSetupError(f"a game named {spec.name!r} is already registered")
    _REGISTRY[spec.name] = spec
    spec.state_class.spec = spec
    return spec


def games() -> list[str]:
    """The names of the registered games, sorted."""
    return sorted(_REGISTRY)


def get_spec(name: str) -> GameSpec[Any]:
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):
        known = ", ".join(games()) or "none"
        raise GameSetupError(f"there is no game called {shown(name)} (games: {known})") from None
