"""The Phoenix Syndicate components, loaded once from ``data.toml``: tiles, contracts, guilds, credits.

Everything is identified by small ints: colours 0-4 (red, yellow, green, blue, purple), tiles 0-26 in
the order of ``data.toml``, contracts 0-67, action cards 0-5. Resources are lists of five counts.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

DATA = tomllib.loads(resources.files(__package__).joinpath("data.toml").read_text(encoding="utf-8"))

COLOURS: tuple[str, ...] = tuple(DATA["colours"])
LETTERS: tuple[str, ...] = tuple(DATA["letters"])
NUM_COLOURS = len(COLOURS)
RED, YELLOW, GREEN, BLUE, PURPLE = range(NUM_COLOURS)
COLOUR_BY_NAME: dict[str, int] = {name: i for i, name in enumerate(COLOURS)}
COLOUR_BY_LETTER: dict[str, int] = {letter: i for i, letter in enumerate(LETTERS)}
DEEP_SPACE = "*"

PRIME, COLONY, OUTPOST, REEGA, SABEAN, ASTEROID = "prime", "colony", "outpost", "reega", "sabean", "asteroid"
PLANET_KINDS = (PRIME, COLONY, OUTPOST, REEGA, SABEAN)


def edge_cost(symbols: str) -> tuple[int, ...]:
    """The resources one side of a link asks for: one per symbol; a deep space gap one of each colour."""
    if symbols == DEEP_SPACE:
        return (1,) * NUM_COLOURS
    cost = [0] * NUM_COLOURS
    for letter in symbols:
        cost[COLOUR_BY_LETTER[letter]] += 1
    return tuple(cost)


@dataclass(frozen=True, slots=True)
class Tile:
    """One galactic tile: a planet (Prime, Colony, Outpost, Reega, Sabean Core) or an asteroid field."""

    id: int
    code: str  # notation: P1-P5, C1-C9, O1-O6, RE, SC, A1-A5
    kind: str
    colour: int  # -1 for Reega, Sabean Core and asteroids
    moon: int  # -1 where there is no moon
    edges: tuple[str, ...]  # the six edges' symbols at rotation 0, clockwise from east
    name: str

    @property
    def is_planet(self) -> bool:
        return self.kind != ASTEROID

    def __str__(self) -> str:
        return self.code


def _build_tiles() -> tuple[Tile, ...]:
    tiles = []
    for i, row in enumerate(DATA["tile"]):
        colour = COLOUR_BY_NAME[row["colour"]] if "colour" in row else -1
        moon = COLOUR_BY_NAME[row["moon"]] if "moon" in row else -1
        kind = row["kind"]
        name = row.get("name") or f"{kind.capitalize()} {row['code']}"
        tiles.append(Tile(i, row["code"], kind, colour, moon, tuple(row["edges"]), name))
    return tuple(tiles)


TILES: tuple[Tile, ...] = _build_tiles()
NUM_TILES = len(TILES)
TILE_BY_CODE: dict[str, Tile] = {t.code.lower(): t for t in TILES}
PLANETS: tuple[int, ...] = tuple(t.id for t in TILES if t.is_planet)
IS_PLANET: tuple[bool, ...] = tuple(t.is_planet for t in TILES)
PRIMES = tuple(t.id for t in TILES if t.kind == PRIME)
COLONIES = tuple(t.id for t in TILES if t.kind == COLONY)
OUTPOSTS = tuple(t.id for t in TILES if t.kind == OUTPOST)
REEGA_TILE = next(t.id for t in TILES if t.kind == REEGA)
SABEAN_TILE = next(t.id for t in TILES if t.kind == SABEAN)
ASTEROIDS = tuple(t.id for t in TILES if t.kind == ASTEROID)


def guild_colours(tile: Tile) -> tuple[int, ...]:
    """The guilds a planet counts for at the end: its colour; every guild for Reega; red and purple for
    Sabean Core (rulebook, End of Game Scoring)."""
    if tile.kind == REEGA:
        return tuple(range(NUM_COLOURS))
    if tile.kind == SABEAN:
        return (RED, PURPLE)
    return (tile.colour,) if tile.colour >= 0 else ()


GUILD_COLOURS: tuple[tuple[int, ...], ...] = tuple(guild_colours(t) for t in TILES)
GUILD_COST: tuple[int, ...] = tuple(DATA["guild_track"][c] for c in COLOURS)


@dataclass(frozen=True, slots=True)
class Contract:
    """A contract card: a Prime, a Colony and an Outpost of three colours; coloured as its Prime."""

    id: int
    prime: int
    colony: int
    outpost: int
    colour: int

    @property
    def planets(self) -> tuple[int, int, int]:
        return (self.prime, self.colony, self.outpost)

    @property
    def code(self) -> str:
        return f"{TILES[self.prime].code}{TILES[self.colony].code}{TILES[self.outpost].code}"

    def __str__(self) -> str:
        return self.code


def derive_contracts() -> tuple[Contract, ...]:
    """The 68 contracts, derived from the tiles (docs/rules/syndicate.md, question 3).

    For each Prime, the candidates are the (Colony, Outpost) pairs whose three colours all differ. The
    Primes take turns, in tile order, picking one candidate each until each has the number of contracts
    its colour needs; each pick is the candidate whose Colony and Outpost have been used least so far
    (ties: least-used Colony, then Colony, then Outpost in tile order), which spreads every planet
    evenly over the deck.
    """
    needed = {prime: DATA["contracts"][COLOURS[TILES[prime].colour]] for prime in PRIMES}
    uses = [0] * NUM_TILES
    chosen: dict[int, list[tuple[int, int]]] = {prime: [] for prime in PRIMES}
    candidates = {
        prime: [
            (c, o)
            for c in COLONIES
            for o in OUTPOSTS
            if len({TILES[prime].colour, TILES[c].colour, TILES[o].colour}) == 3
        ]
        for prime in PRIMES
    }
    while any(len(chosen[p]) < needed[p] for p in PRIMES):
        for prime in PRIMES:
            if len(chosen[prime]) >= needed[prime]:
                continue
            pick = min(
                (pair for pair in candidates[prime] if pair not in chosen[prime]),
                key=lambda pair: (uses[pair[0]] + uses[pair[1]], uses[pair[0]], pair[0], pair[1]),
            )
            chosen[prime].append(pick)
            uses[pick[0]] += 1
            uses[pick[1]] += 1
    triples = sorted((prime, c, o) for prime in PRIMES for c, o in chosen[prime])
    return tuple(Contract(i, p, c, o, TILES[p].colour) for i, (p, c, o) in enumerate(triples))


CONTRACTS: tuple[Contract, ...] = derive_contracts()
NUM_CONTRACTS = len(CONTRACTS)
CONTRACT_BY_CODE: dict[str, Contract] = {c.code.lower(): c for c in CONTRACTS}
CONTRACT_COLOUR: tuple[int, ...] = tuple(c.colour for c in CONTRACTS)
CONTRACT_PLANETS: tuple[tuple[int, int, int], ...] = tuple(c.planets for c in CONTRACTS)


@dataclass(frozen=True, slots=True)
class ActionCard:
    """One of the six action cards each player has: its name and its bribe (-1: the Contract action's
    bribe, one resource for each other unflipped action card)."""

    id: int
    name: str
    bribe: int


ACTION_CARDS: tuple[ActionCard, ...] = tuple(
    ActionCard(i, row["name"], row["bribe"]) for i, row in enumerate(DATA["action_card"])
)
LOOT, COLLECT, EXPAND, GAMBLE, SCHEME, CONTRACT = range(len(ACTION_CARDS))
ALL_CARDS_UP = 0  # the bitmask of flipped cards when every card is face up
NUM_CARDS = len(ACTION_CARDS)

GAME = DATA["game"]
# The printed values; a game's rules read theirs from its parameters (parameters.py), which start from these.
STARTING_RESOURCES: int = GAME["starting_resources"]
STARTING_CONTRACTS: int = GAME["starting_contracts"]
FACE_UP_CONTRACTS: int = GAME["face_up_contracts"]
HAND_LIMIT: int = GAME["hand_limit"]
COLONY_CREDIT: int = GAME["colony_credit"]
EXCHANGE_RATE: int = DATA["cash_in"]["exchange_rate"]
CASH_TWO: int = DATA["cash_in"]["two_planets"]
CASH_THREE: int = DATA["cash_in"]["three_planets"]
SCORING = DATA["final_scoring"]


def printed_credit_pool(players: int) -> int:
    """The credits in the pool at the start as printed (rulebook, Game Set-up); a game reads its own
    from its parameters (``parameters.credit_pool``)."""
    pool: int = DATA["credit_pool"][str(players)]
    return pool
