"""The Phoenix Syndicate's parameters: the numbers of its rules and components a designer may change
(each printed value read from ``data.toml``), and the tables of a game's rules derived from them.

A rule reads a plain number from ``state.rules`` (``state.rules.hand_limit``) and a derived table from
:func:`tables` (``tables(state.rules).gain``): what acquiring at each planet gives, the guild costs, the
bribes, what cashing in brings, the end-of-game awards.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.parameters import Parameter, Rules
from .components import (
    ACTION_CARDS,
    ASTEROID,
    COLLECT,
    COLOUR_BY_NAME,
    COLOURS,
    CONTRACT,
    DATA,
    EXPAND,
    GAMBLE,
    LOOT,
    NUM_COLOURS,
    REEGA,
    SABEAN,
    SCHEME,
    TILES,
)

_GAME, _POOL, _ACQUIRE, _CASH, _SCORING = (
    DATA["game"],
    DATA["credit_pool"],
    DATA["acquire"],
    DATA["cash_in"],
    DATA["final_scoring"],
)
_BRIBE = {card.name: card.bribe for card in ACTION_CARDS}

#: The most a bribe of Loot, Collect, Expand or Scheme may be set to, and the least acquiring at any
#: planet gives (a planet's resources and a shared moon's at their least; Reega's five; Sabean Core's six):
#: so an action that acquires always brings in its own bribe (SYN-21), which the rules of a turn rely on.
MOST_ACTION_BRIBE = 3
LEAST_PLANET_RESOURCES = 3


def _source(section: dict[str, object]) -> str:
    """The data file's word for a section's values: ``rulebook``, ``reference`` or ``assumed``."""
    return str(section.get("source", "rulebook")).split(":")[0]


def _pool(players: int) -> Parameter:
    return Parameter(
        f"credit_pool_{players}p",
        _POOL[str(players)],
        f"credits in the pool at the start of a {players}-player game; the round it runs out is the last",
        10,
        120,
        _source(_POOL),
    )


def _bribe(card: str, meaning: str) -> Parameter:
    return Parameter(f"{card}_bribe", _BRIBE[card], meaning, 0, MOST_ACTION_BRIBE, "rulebook")


def _guild(colour: str) -> Parameter:
    return Parameter(
        f"guild_cost_{colour}",
        DATA["guild_track"][colour],
        f"{colour} resources paid to join the {colour} guild (Scheme)",
        1,
        8,
        _source(DATA["guild_track"]),
    )


PARAMETERS: tuple[Parameter, ...] = (
    *(_pool(players) for players in range(_GAME["min_players"], _GAME["max_players"] + 1)),
    Parameter(
        "colony_credit",
        _GAME["colony_credit"],
        "credits on each Colony tile at the start, taken by the first agent there",
        0,
        3,
        _source(_GAME),
    ),
    Parameter(
        "starting_resources",
        _GAME["starting_resources"],
        "resources of each colour every player starts with",
        0,
        6,
        _source(_GAME),
    ),
    Parameter(
        "hand_limit",
        _GAME["hand_limit"],
        "contracts a hand may hold: with more, cash in down to this many",
        1,
        5,
        _source(_GAME),
    ),
    Parameter(
        "planet_resources",
        _ACQUIRE["planet"],
        "resources of its colour that acquiring at a planet gives",
        LEAST_PLANET_RESOURCES,
        7,
        _source(_ACQUIRE),
    ),
    Parameter(
        "moon_alone",
        _ACQUIRE["moon_alone"],
        "resources of its moon's colour that acquiring at a planet gives with no other player's agent there",
        0,
        3,
        _source(_ACQUIRE),
    ),
    Parameter(
        "moon_shared",
        _ACQUIRE["moon_shared"],
        "resources of its moon's colour that acquiring at a planet gives when another player's agent is there",
        0,
        3,
        _source(_ACQUIRE),
    ),
    Parameter(
        "reega_resources",
        _ACQUIRE["reega_each"],
        "resources of each colour that acquiring at Reega gives",
        1,
        2,
        _source(_ACQUIRE),
    ),
    Parameter(
        "cash_two_planets",
        _CASH["two_planets"],
        "credits for cashing in a contract with agents on two of its planets",
        0,
        5,
        _source(_CASH),
    ),
    Parameter(
        "cash_three_planets",
        _CASH["three_planets"],
        "credits for cashing in a contract with agents on all three of its planets",
        0,
        8,
        _source(_CASH),
    ),
    Parameter(
        "colour_first",
        _SCORING["colour_first"],
        "end-of-game credits for the most face-up contracts of a colour",
        0,
        6,
        _source(_SCORING),
    ),
    Parameter(
        "colour_second",
        _SCORING["colour_second"],
        "end-of-game credits for the second most face-up contracts of a colour",
        0,
        6,
        _source(_SCORING),
    ),
    Parameter(
        "variety_first",
        _SCORING["variety_first"],
        "end-of-game credits for the most colours of face-up contracts",
        0,
        6,
        _source(_SCORING),
    ),
    Parameter(
        "variety_second",
        _SCORING["variety_second"],
        "end-of-game credits for the second most colours of face-up contracts",
        0,
        6,
        _source(_SCORING),
    ),
    *(_guild(colour) for colour in COLOURS),
    _bribe("loot", "resources of the bribe for the Loot action"),
    _bribe("collect", "resources of the bribe for the Collect action"),
    _bribe("expand", "resources of the bribe for the Expand action"),
    _bribe("scheme", "resources of the bribe for the Scheme action"),
    Parameter(
        "contract_bribe_per_card",
        _GAME["contract_bribe_per_card"],
        "resources of the Contract action's bribe for each other face-up action card",
        0,
        2,
        _source(_GAME),
    ),
)

_BY_NAME = {p.name: p for p in PARAMETERS}
#: The end-of-game awards' parameters, as the view names them too.
AWARDS = ("colour_first", "colour_second", "variety_first", "variety_second")


@dataclass(frozen=True, slots=True)
class Tables:
    """The figures of one game's rules that several rules read, derived once from its parameters."""

    #: acquire[tile] = (alone, shared): what acquiring there gives, by colour (SYN-30, SYN-31).
    acquire: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    #: gain[tile][shared]: how many resources acquiring there gives, alone (0) or sharing the tile (1).
    gain: tuple[tuple[int, int], ...]
    #: guild_cost[colour]: the resources of its colour that joining a guild costs.
    guild_cost: tuple[int, ...]
    #: bribe[card]: the bribe of each action card; the Contract card's is per other face-up card.
    bribe: tuple[int, ...]
    #: cash_in[held]: whether cashing in with ``held`` (0-3) planets held goes face up, and its credits.
    cash_in: tuple[tuple[bool, int], ...]
    #: The end-of-game awards: colour_first, colour_second, variety_first, variety_second.
    scoring: dict[str, int]


def _acquire_table(rules: Rules) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    table = []
    for tile in TILES:
        alone = [0] * NUM_COLOURS
        shared = [0] * NUM_COLOURS
        if tile.kind == REEGA:
            alone = shared = [rules.reega_resources] * NUM_COLOURS
        elif tile.kind == SABEAN:
            for name, count in _ACQUIRE["sabean"].items():
                alone[COLOUR_BY_NAME[name]] = shared[COLOUR_BY_NAME[name]] = count
        elif tile.kind != ASTEROID:
            alone[tile.colour] = shared[tile.colour] = rules.planet_resources
            alone[tile.moon] += rules.moon_alone
            shared[tile.moon] += rules.moon_shared
        table.append((tuple(alone), tuple(shared)))
    return tuple(table)


def _build(rules: Rules) -> Tables:
    acquire = _acquire_table(rules)
    bribe = [0] * len(ACTION_CARDS)
    for card, name in ((LOOT, "loot"), (COLLECT, "collect"), (EXPAND, "expand"), (SCHEME, "scheme")):
        bribe[card] = getattr(rules, f"{name}_bribe")
    bribe[GAMBLE] = ACTION_CARDS[GAMBLE].bribe
    bribe[CONTRACT] = rules.contract_bribe_per_card
    return Tables(
        acquire=acquire,
        gain=tuple((sum(alone), sum(shared)) for alone, shared in acquire),
        guild_cost=tuple(getattr(rules, f"guild_cost_{colour}") for colour in COLOURS),
        bribe=tuple(bribe),
        cash_in=((False, 0), (True, 0), (True, rules.cash_two_planets), (True, rules.cash_three_planets)),
        scoring={
            key: getattr(rules, key) for key in ("colour_first", "colour_second", "variety_first", "variety_second")
        },
    )


def tables(rules: Rules) -> Tables:
    """The derived figures of a game played with ``rules``, built once for each set of rules."""
    return rules.derived(_build)


_WORDS = ("none", "one", "two", "three", "four", "five", "six")


def in_words(count: int) -> str:
    """A small count as the rulebook writes it ("three"); a larger one in figures."""
    return _WORDS[count] if 0 <= count < len(_WORDS) else str(count)


def credit_pool(rules: Rules, players: int) -> int:
    """The credits in the pool at the start of a game of ``players`` (rulebook, Game Set-up)."""
    pool: int = getattr(rules, f"credit_pool_{players}p")
    return pool
