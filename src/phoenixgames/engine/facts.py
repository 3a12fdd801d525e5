"""What an adapter must declare about a game: its facts and its fixed table of actions.

A reinforcement-learning library wants to know, before a game starts, how many distinct actions there
are, how long a game can be, and what the utilities look like; a policy network wants one index per
action. Both depend on the game, the player count and the options, never on a particular game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .bounded_cache import CACHE_LIMIT, BoundedCache
from .encoding import ObservationLayout, layout_of
from .errors import GameSetupError, shown
from .options import resolve_options
from .parameters import resolve_params, rules_for
from .registry import get_spec

if TYPE_CHECKING:
    from .action import Action
    from .registry import GameSpec


@dataclass(frozen=True)
class GameInfo:
    """The facts of one game at one player count and set of options."""

    game: str
    players: int
    options: dict[str, Any]
    #: how many distinct actions there are: the length of :func:`action_table`
    num_distinct_actions: int
    #: the most decisions a game can take (a bound: no game is longer); ``None`` where the rules let a game
    #: go on for ever (Phoenicia without its ``round_cap`` option: an adapter that needs a bound sets it)
    max_decisions: int | None
    #: what the seats cannot see: every game has hidden cards or a hidden draw
    information: str = "imperfect"
    #: how chance enters: sampled inside the game, from its own seeded generator (no chance seat)
    chance: str = "sampled"
    #: the utility: each seat's share of the victory (``state.returns()``), the shares summing to 1
    utility: str = "constant-sum"
    utility_sum: float = 1.0
    min_utility: float = 0.0
    max_utility: float = 1.0
    #: the lowest and the highest score a seat can end a game with
    min_score: int = 0
    max_score: int = 0
    #: the parameters changed from the printed game, for which these facts hold (empty: as printed)
    params: dict[str, Any] = field(default_factory=dict)


def _checked(game: str, players: int, options: dict[str, Any]) -> tuple[GameSpec[Any], dict[str, Any]]:
    spec = get_spec(game)
    if not isinstance(players, int) or isinstance(players, bool) or players not in spec.player_counts:
        raise GameSetupError(
            f"{spec.title} is for {spec.min_players} to {spec.max_players} players, not {shown(players)}"
        )
    return spec, resolve_options(spec.options, options, spec.name)


def game_info(game: str, players: int, *, params: dict[str, Any] | None = None, **options: Any) -> GameInfo:
    """The facts of ``game`` at ``players`` seats and these options (the defaults complete them), for
    the printed game or with ``params`` changed (its length and scores may then differ)."""
    spec, resolved = _checked(game, players, options)
    if spec.max_decisions is None or spec.score_range is None:
        raise GameSetupError(f"{spec.title} does not give its facts")
    changed = resolve_params(spec.parameters, params, spec.name)
    rules = rules_for(spec.parameters, changed)
    low, high = spec.score_range(players, resolved, rules)
    return GameInfo(
        game=spec.name,
        players=players,
        options=resolved,
        num_distinct_actions=len(table_of(spec, players, resolved)[0]),
        max_decisions=spec.max_decisions(players, resolved, rules),
        min_score=low,
        max_score=high,
        params=changed,
    )


def observation_layout(game: str, players: int, **options: Any) -> ObservationLayout:
    """The fields of ``game``'s observation vector at ``players`` seats and these options: each field's
    name, offset, size and meaning; ``state.observation(seat)`` is a vector of this layout's size."""
    spec, resolved = _checked(game, players, options)
    return layout_of(spec, players, resolved)


def action_table(game: str, players: int, **options: Any) -> tuple[Action, ...]:
    """Every action that can ever be legal in ``game`` at ``players`` seats and these options, in a
    stable order; ``state.action_id(action)`` is an action's index in it."""
    spec, resolved = _checked(game, players, options)
    return table_of(spec, players, resolved)[0]


_TableKey = tuple[str, int, tuple[tuple[str, Any], ...]]

# Each identity index lives exactly as long as its table is kept (the table keeps its objects alive, so
# no other object can share an identity with one of them): dropping a table drops its index.
_BY_IDENTITY: dict[_TableKey, dict[int, int]] = {}


def _drop_identity_index(key: _TableKey) -> None:
    _BY_IDENTITY.pop(key, None)


_TABLES: BoundedCache[_TableKey, tuple[tuple[Action, ...], dict[Action, int]]] = BoundedCache(
    on_drop=_drop_identity_index
)

# The names of the options that shape each game's action table.
_SHAPING: dict[str, frozenset[str]] = {}


# The table key of each full key (game, count, every option) seen lately, cleared when it grows large.
_KEYS: dict[_TableKey, _TableKey] = {}


def _table_key(spec: GameSpec[Any], players: int, options: dict[str, Any]) -> _TableKey:
    """The key of an action table: the game, the count and the options that shape the table."""
    full = (spec.name, players, tuple(sorted(options.items())))
    found = _KEYS.get(full)
    if found is None:
        shaping = _SHAPING.get(spec.name)
        if shaping is None:
            shaping = _SHAPING[spec.name] = frozenset(o.name for o in spec.options if o.shapes_actions)
        if len(_KEYS) >= 16 * CACHE_LIMIT:
            _KEYS.clear()
        found = _KEYS[full] = (spec.name, players, tuple(item for item in full[2] if item[0] in shaping))
    return found


def identity_index_of(spec: GameSpec[Any], players: int, options: dict[str, Any]) -> dict[int, int]:
    """The index in the action table of each of the table's own action objects, by identity (``id``):
    a game whose legal actions are the table's objects has them found without hashing. An index is kept
    while its table is, so no other object can share an identity with one of the table's."""
    key = _table_key(spec, players, options)
    found = _BY_IDENTITY.get(key)
    if found is None:
        table = table_of(spec, players, options)[0]
        found = _BY_IDENTITY[key] = {id(action): number for number, action in enumerate(table)}
    return found


class TableParts:
    """A game's action table with both its indexes, for the engine's lookups at every decision."""

    __slots__ = ("spec", "players", "options", "seen", "table", "index", "by_identity")

    def __init__(self, spec: GameSpec[Any], players: int, options: dict[str, Any]) -> None:
        self.spec = spec
        self.players = players
        self.options = options  # the very dict asked with, and a copy to see that it is unchanged
        self.seen = dict(options)
        self.table, self.index = table_of(spec, players, options)
        self.by_identity = identity_index_of(spec, players, options)


# The parts asked for last: a game's decisions ask for the same ones again and again (keeping the table,
# they keep its objects, so no other object can take one of their identities).
_LAST_PARTS: list[TableParts | None] = [None]


def table_parts(spec: GameSpec[Any], players: int, options: dict[str, Any]) -> TableParts:
    """The action table of a game (options already resolved), its index and its index by identity: those
    of the last call again when asked with the same options dict, unchanged, without working out a key."""
    last = _LAST_PARTS[0]
    if (
        last is not None
        and last.options is options
        and last.spec is spec
        and last.players == players
        and last.seen == options
    ):
        return last
    parts = _LAST_PARTS[0] = TableParts(spec, players, options)
    return parts


def table_of(
    spec: GameSpec[Any], players: int, options: dict[str, Any]
) -> tuple[tuple[Action, ...], dict[Action, int]]:
    """The action table of a game (options already resolved) and the index of each of its actions."""
    key = _table_key(spec, players, options)
    found = _TABLES.get(key)
    if found is None:
        if spec.action_table is None:
            raise GameSetupError(f"{spec.title} has no action table")
        table = tuple(spec.action_table(players, options))
        index = {action: number for number, action in enumerate(table)}
        if len(index) != len(table):
            raise GameSetupError(f"{spec.title}'s action table lists an action twice")
        found = _TABLES.put(key, (table, index))
    return found
