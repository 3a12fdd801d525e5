"""Phoenix's parameters: the numbers of its rules and components a designer may change (each printed
value read from ``data.toml``), and what a game's set-up derives from them: the rounds of each player
count and the bags' contents. The scoring values are read by ``scoring.points``.

The bags may only hold more halves than printed, never fewer: 42 of each position are exactly what a
4-player game draws (docs/rules/phoenix.md), so every count's least value is its printed one.
"""

from __future__ import annotations

from ...engine.parameters import Parameter, Rules
from .components import DATA, DIAMOND, FLAME, KIND_COLOUR, KIND_SYMBOL, KINDS, MOON, NO_SYMBOL, RAINBOW

_GAME, _SCORING = DATA["game"], DATA["scoring"]
_COLOURED = next(group for group in DATA["feathers"] if group["colour"] == "each")
_RAINBOW = next(group for group in DATA["feathers"] if group["colour"] == "rainbow")


def _score(name: str, key: str, meaning: str, most: int) -> Parameter:
    return Parameter(name, _SCORING[key], meaning, 0, most, str(_SCORING["source"]))


def _halves(name: str, group: dict[str, object], key: str, meaning: str, more: int) -> Parameter:
    printed = int(group[key])  # type: ignore[call-overload]
    return Parameter(name, printed, meaning, printed, printed + more, str(group["source"]).split(":")[0])


PARAMETERS: tuple[Parameter, ...] = (
    Parameter(
        "rounds_2p",
        _GAME["rounds_two_players"],
        "rounds of a 2-player game (each player lays two tokens a round; 8 fill the phoenix boards)",
        1,
        _GAME["rounds_two_players"],
        _GAME["source"],
    ),
    Parameter(
        "rounds_3p",
        _GAME["rounds"],
        "rounds of a 3-player game (one token each a round; 16 fill the phoenix boards)",
        1,
        _GAME["rounds"],
        _GAME["source"],
    ),
    Parameter(
        "rounds_4p",
        _GAME["rounds"],
        "rounds of a 4-player game (one token each a round; 16 fill the phoenix boards)",
        1,
        _GAME["rounds"],
        _GAME["source"],
    ),
    _score("rainbow_feather", "rainbow_feather", "points of a complete feather rainbow on rainbow", 24),
    _score("own_colour_feather", "own_colour_feather", "points of a complete feather of the phoenix's colour", 12),
    _score("other_colour_feather", "other_colour_feather", "points of a complete feather of another colour", 12),
    _score("mixed_feather", "mixed_feather", "points of a complete feather of two different colours", 6),
    _score("flame_points", "flame", "points of each flame symbol on a half in the plumage", 6),
    _score("moon_points", "moon", "points of each moon symbol on a half in the plumage", 6),
    _score("diamond_points", "diamond", "points of each diamond symbol on a half in the plumage", 6),
    _score("mirror_bonus", "mirror", "points for each pair of facing feathers of the same colours", 12),
    _halves("flame_halves", _COLOURED, "flame", "halves of each colour with a flame, in each bag", 2),
    _halves("moon_halves", _COLOURED, "moon", "halves of each colour with a moon, in each bag", 2),
    _halves("diamond_halves", _COLOURED, "diamond", "halves of each colour with a diamond, in each bag", 2),
    _halves("plain_halves", _COLOURED, "none", "halves of each colour without a symbol, in each bag", 3),
    _halves("rainbow_halves", _RAINBOW, "none", "rainbow halves in each bag", 6),
)

_BY_NAME = {p.name: p for p in PARAMETERS}
_HALVES_OF_SYMBOL = {NO_SYMBOL: "plain_halves", FLAME: "flame_halves", MOON: "moon_halves", DIAMOND: "diamond_halves"}


def rounds(rules: Rules, players: int) -> int:
    """The rounds of a game of ``players`` (rulebook, End of the game: 8 with 2 players, 16 with 3 or 4)."""
    count: int = getattr(rules, f"rounds_{players}p")
    return count


def copies_of(values: Rules | dict[str, int], kind: int) -> int:
    """How many halves of ``kind`` each bag holds, as ``values`` (a game's rules, or parameter values) say."""
    name = "rainbow_halves" if KIND_COLOUR[kind] == RAINBOW else _HALVES_OF_SYMBOL[KIND_SYMBOL[kind]]
    count: int = values[name] if isinstance(values, dict) else getattr(values, name)
    return count


def full_bags(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Every half in the box as type ids: the lower bag's content and the upper bag's (the same mix),
    worked out once for each set of rules."""
    return rules.derived(_bags)


def _bags(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    copies = [copies_of(rules, kind) for kind in range(KINDS)]
    lower = tuple(k for k, n in enumerate(copies) for _ in range(n))
    return lower, tuple(KINDS + k for k in lower)
