"""The Phoenix Syndicate actions, their notation and the parser that reads it back.

Tiles are written by their codes (P1-P5 Primes, C1-C9 Colonies, O1-O6 Outposts, RE Reega, SC Sabean
Core, A1-A5 asteroid fields), contracts by their three planets (``P1C2O3``), colours in full.

- set-up: ``place C3`` (an agent), ``keep 2`` (the second contract dealt);
- choosing an action card: ``loot from C3`` (from a tile holding your agent), ``collect C3``,
  ``expand C3`` (where to acquire), ``gamble reveal`` / ``gamble three`` (its two options),
  ``scheme P1C2O3 C2`` (the contract cashed in and the planet acquired from), ``contract slot2``;
- in the middle of an action: ``to A2``, ``to O4`` (Loot's path, a tile at a time, until a planet),
  ``connect C3>O4`` / ``stop`` (Expand), ``keep 3`` (the third of Gamble's three),
  ``join red`` / ``join none`` (Scheme), ``cash P1C2O3`` (down to three contracts);
- the bribe: ``bribe red slot2`` (the first resource, onto a contract slot), ``pay red`` (each other);
- at any decision of your own turn: ``exchange`` (turn in three resources for one), and then, as the next
  decision, which: ``exchange RRY for green`` (the three resources, by their letters, and the colour taken).

An action object built by hand with fields out of range is never legal; :func:`malformed` says what is
wrong with it, and its ``str()`` never fails.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from itertools import combinations_with_replacement
from typing import Any

from ...engine import Action, IllegalAction
from .components import (
    COLLECT,
    COLOUR_BY_LETTER,
    COLOUR_BY_NAME,
    COLOURS,
    CONTRACT,
    CONTRACT_BY_CODE,
    CONTRACTS,
    EXCHANGE_RATE,
    EXPAND,
    FACE_UP_CONTRACTS,
    GAMBLE,
    IS_PLANET,
    LETTERS,
    LOOT,
    NUM_COLOURS,
    NUM_CONTRACTS,
    NUM_TILES,
    SCHEME,
    TILE_BY_CODE,
    TILES,
)
from .phases import NO_GUILD


def is_index(value: object, size: int) -> bool:
    """Whether ``value`` is a plain int from 0 to ``size - 1`` (not a bool, not a float)."""
    return value.__class__ is int and 0 <= value < size


def _tile(tile: object) -> str:
    return TILES[tile].code if isinstance(tile, int) and is_index(tile, NUM_TILES) else f"?{tile!r}"


def _colour(colour: object) -> str:
    return COLOURS[colour] if isinstance(colour, int) and is_index(colour, NUM_COLOURS) else f"?{colour!r}"


def _contract(contract: object) -> str:
    if isinstance(contract, int) and is_index(contract, NUM_CONTRACTS):
        return CONTRACTS[contract].code
    return f"?{contract!r}"


def _number(value: object) -> str:
    return str(value + 1) if value.__class__ is int else f"?{value!r}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Initial placement: an agent on a planet tile."""

    tile: int

    def __str__(self) -> str:
        return f"place {_tile(self.tile)}"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Keep a contract: one of the two dealt at set-up, or one of Gamble's three, by its place in the
    order they were drawn (which is random, so the notation tells the other seats nothing)."""

    index: int  # 0-based; shown as 1, 2, 3

    def __str__(self) -> str:
        return f"keep {_number(self.index)}"


@dataclass(frozen=True, slots=True)
class Loot(Action):
    """Loot: connect to one planet (through asteroid fields), then acquire there. This chooses the card
    and the tile holding your agent the connection starts from; the path follows a tile at a time
    (:class:`LootTo`), so that no decision offers every path at once (docs/rules/syndicate.md, choice 21)."""

    tile: int

    def __str__(self) -> str:
        return f"loot from {_tile(self.tile)}"


@dataclass(frozen=True, slots=True)
class LootTo(Action):
    """The next tile of a loot's path: an asteroid field to pass through, or the planet that ends it
    (where the links are paid for, agents placed and resources acquired)."""

    tile: int

    def __str__(self) -> str:
        return f"to {_tile(self.tile)}"


@dataclass(frozen=True, slots=True)
class Collect(Action):
    """Collect: acquire from a planet where you have an agent."""

    tile: int

    def __str__(self) -> str:
        return f"collect {_tile(self.tile)}"


@dataclass(frozen=True, slots=True)
class Expand(Action):
    """Expand: acquire from a planet where you have an agent, then connect as often as you like."""

    tile: int

    def __str__(self) -> str:
        return f"expand {_tile(self.tile)}"


@dataclass(frozen=True, slots=True)
class Gamble(Action):
    """Gamble. ``three`` False: keep the top contract, reveal and discard two more for their colours'
    resources; True: draw three, keep one."""

    three: bool

    def __str__(self) -> str:
        if self.three.__class__ is not bool:
            return f"gamble ?{self.three!r}"
        return "gamble three" if self.three else "gamble reveal"


@dataclass(frozen=True, slots=True)
class Scheme(Action):
    """Scheme: cash in a contract, then acquire from one of its planets."""

    contract: int
    tile: int

    def __str__(self) -> str:
        return f"scheme {_contract(self.contract)} {_tile(self.tile)}"


@dataclass(frozen=True, slots=True)
class ClaimContract(Action):
    """The Contract action: claim a contract slot's contract and resources, then unflip all cards."""

    slot: int

    def __str__(self) -> str:
        return f"contract slot{_number(self.slot)}"


@dataclass(frozen=True, slots=True)
class Connect(Action):
    """During Expand: place an agent on a tile next to one of yours, paying for the link."""

    origin: int
    tile: int

    def __str__(self) -> str:
        return f"connect {_tile(self.origin)}>{_tile(self.tile)}"


@dataclass(frozen=True, slots=True)
class Stop(Action):
    """During Expand: make no more connections."""

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class Join(Action):
    """During Scheme: join the guild of ``colour`` (or none, -1)."""

    colour: int

    def __str__(self) -> str:
        return (
            "join none" if self.colour.__class__ is int and self.colour == NO_GUILD else f"join {_colour(self.colour)}"
        )


@dataclass(frozen=True, slots=True)
class CashIn(Action):
    """Cash in a contract from your hand (when it holds more than three)."""

    contract: int

    def __str__(self) -> str:
        return f"cash {_contract(self.contract)}"


@dataclass(frozen=True, slots=True)
class Bribe(Action):
    """The first resource of a bribe, onto a contract slot."""

    colour: int
    slot: int

    def __str__(self) -> str:
        return f"bribe {_colour(self.colour)} slot{_number(self.slot)}"


@dataclass(frozen=True, slots=True)
class Pay(Action):
    """Each further resource of a bribe, to the supply."""

    colour: int

    def __str__(self) -> str:
        return f"pay {_colour(self.colour)}"


@dataclass(frozen=True, slots=True)
class OpenExchange(Action):
    """Turn in three resources for one (rulebook: "You may always turn in any three resources for one
    resource of your choice"): the seat's next decision is which three, and which one (an
    :class:`Exchange`); then it is back at the decision it was at."""

    def __str__(self) -> str:
        return "exchange"


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """The exchange an :class:`OpenExchange` opened: three resources (``give``: their colours, in colour
    order) turned in for one of ``take``'s colour."""

    give: tuple[int, int, int]
    take: int

    def __str__(self) -> str:
        if self.give.__class__ is not tuple:
            given = f"?{self.give!r}"
        else:
            given = "".join(LETTERS[c] if is_index(c, NUM_COLOURS) else f"?{c!r}" for c in self.give)
        return f"exchange {given} for {_colour(self.take)}"


ACTION_CLASSES: tuple[type[Action], ...] = (Place, Keep, Loot, LootTo, Collect, Expand, Gamble, Scheme, ClaimContract)
ACTION_CLASSES += (Connect, Stop, Join, CashIn, Bribe, Pay, OpenExchange, Exchange)
#: The action card each action that chooses one chooses.
CARD_OF = {Loot: LOOT, Collect: COLLECT, Expand: EXPAND, Gamble: GAMBLE, Scheme: SCHEME, ClaimContract: CONTRACT}

# Every action value exists once, built here, in the order of the action table.
PLANETS = tuple(t for t in TILES if IS_PLANET[t.id])
PLACE = tuple(Place(t.id) for t in TILES)
KEEP = tuple(Keep(i) for i in range(3))
LOOT_FROM = tuple(Loot(t.id) for t in TILES)
LOOT_TO = tuple(LootTo(t.id) for t in TILES)
COLLECT_AT = tuple(Collect(t.id) for t in TILES)
EXPAND_AT = tuple(Expand(t.id) for t in TILES)
GAMBLE_REVEAL, GAMBLE_THREE = Gamble(False), Gamble(True)
SCHEME_AT = {(c.id, t): Scheme(c.id, t) for c in CONTRACTS for t in c.planets}
CLAIM = tuple(ClaimContract(s) for s in range(FACE_UP_CONTRACTS))
CONNECT = {(a.id, b.id): Connect(a.id, b.id) for a in TILES for b in TILES if a.id != b.id}
STOP = Stop()
JOIN = tuple(Join(c) for c in range(NUM_COLOURS))
JOIN_NONE = Join(NO_GUILD)
CASH = tuple(CashIn(c.id) for c in CONTRACTS)
BRIBE = tuple(tuple(Bribe(c, s) for s in range(FACE_UP_CONTRACTS)) for c in range(NUM_COLOURS))
PAY = tuple(Pay(c) for c in range(NUM_COLOURS))
OPEN_EXCHANGE = OpenExchange()
#: Every set of three resources that can be turned in, as colours in colour order.
GIVE_UPS: tuple[tuple[int, ...], ...] = tuple(combinations_with_replacement(range(NUM_COLOURS), EXCHANGE_RATE))
#: The exchanges worth making: the colour taken is not among those given up (that would only lose two).
EXCHANGES: tuple[Exchange, ...] = tuple(
    Exchange(give, take)  # type: ignore[arg-type]
    for give in GIVE_UPS
    for take in range(NUM_COLOURS)
    if take not in give
)
_EXCHANGE_AT = {(a.give, a.take): a for a in EXCHANGES}

#: Every action that can ever be legal, whatever the galaxy: the galaxy is laid at random, so a tile
#: may lie next to any other, and Loot's path and Expand's links are named tile by tile.
ACTION_TABLE: tuple[Action, ...] = (
    *(PLACE[t.id] for t in PLANETS),
    *KEEP,
    *LOOT_FROM,
    *LOOT_TO,
    *(COLLECT_AT[t.id] for t in PLANETS),
    *(EXPAND_AT[t.id] for t in PLANETS),
    GAMBLE_REVEAL,
    GAMBLE_THREE,
    *SCHEME_AT.values(),
    *CLAIM,
    *CONNECT.values(),
    STOP,
    *JOIN,
    JOIN_NONE,
    *CASH,
    *(bribe for row in BRIBE for bribe in row),
    *PAY,
    OPEN_EXCHANGE,
    *EXCHANGES,
)


def action_table(players: int, options: dict[str, Any]) -> tuple[Action, ...]:
    """Every action that can ever be legal in a game of ``players`` seats, in a stable order: the same
    table at every player count (docs/api.md gives its size)."""
    return ACTION_TABLE


def exchange_of(give: tuple[int, ...], take: int) -> Exchange:
    """The exchange giving up ``give`` (colours, in colour order) for one of ``take``."""
    return _EXCHANGE_AT.get((give, take)) or Exchange(give, take)  # type: ignore[arg-type]


def _field_problem(action: Action) -> str | None:
    """What is wrong with the fields of ``action`` (one of ACTION_CLASSES), if anything."""
    tiles = f"tiles are numbered 0 to {NUM_TILES - 1} ({TILES[0].code} to {TILES[-1].code})"
    colours = f"colours are numbered 0 to {NUM_COLOURS - 1} ({', '.join(COLOURS)})"
    contracts = f"contracts are numbered 0 to {NUM_CONTRACTS - 1}"
    slots = f"contract slots are numbered 0 to {FACE_UP_CONTRACTS - 1}"
    match action:
        case Place(tile=tile) | Collect(tile=tile) | Expand(tile=tile) | Loot(tile=tile) | LootTo(tile=tile):
            return None if is_index(tile, NUM_TILES) else tiles
        case Connect(origin=origin, tile=tile):
            if not (is_index(origin, NUM_TILES) and is_index(tile, NUM_TILES)):
                return tiles
            return "a connection joins two different tiles" if origin == tile else None
        case Keep(index=index):
            return None if is_index(index, 3) else "keep names the contract by its place among those drawn: 0 to 2"
        case Gamble(three=three):
            return None if three.__class__ is bool else "Gamble's option is True (three) or False (reveal)"
        case Scheme(contract=contract, tile=tile):
            if not is_index(contract, NUM_CONTRACTS):
                return contracts
            return None if is_index(tile, NUM_TILES) else tiles
        case CashIn(contract=contract):
            return None if is_index(contract, NUM_CONTRACTS) else contracts
        case ClaimContract(slot=slot):
            return None if is_index(slot, FACE_UP_CONTRACTS) else slots
        case Join(colour=colour):
            ok = is_index(colour, NUM_COLOURS) or (colour.__class__ is int and colour == NO_GUILD)
            return None if ok else f"{colours}, or -1 for none"
        case Bribe(colour=colour, slot=slot):
            if not is_index(colour, NUM_COLOURS):
                return colours
            return None if is_index(slot, FACE_UP_CONTRACTS) else slots
        case Pay(colour=colour):
            return None if is_index(colour, NUM_COLOURS) else colours
        case Exchange(give=give, take=take):
            if (
                give.__class__ is not tuple
                or len(give) != EXCHANGE_RATE
                or not all(is_index(c, NUM_COLOURS) for c in give)
            ):
                return f"an exchange gives up {EXCHANGE_RATE} resources, as a tuple of colours: {colours}"
            if list(give) != sorted(give):
                return "an exchange lists the resources it gives up in colour order"
            return None if is_index(take, NUM_COLOURS) else colours
    return None


def malformed(action: object) -> str | None:
    """Why ``action`` cannot be an action of this game at all (another game's action, a field out of
    range or of the wrong type), or None if it is well formed."""
    if action.__class__ not in ACTION_CLASSES:
        return f"{type(action).__name__} is not an action of The Phoenix Syndicate"
    try:
        values = ", ".join(f"{f.name}={getattr(action, f.name)!r}" for f in fields(action))  # type: ignore[arg-type]
    except AttributeError:  # a field never set (an object made with __new__)
        return f"this {type(action).__name__} has fields missing"
    problem = _field_problem(action)
    return None if problem is None else f"{type(action).__name__}({values}) is not a possible action: {problem}"


NOTATION_HELP = (
    "actions are written like 'place C3', 'keep 2', 'loot from C3' (then 'to A2', 'to O4'... a tile at a "
    "time, until a planet), 'collect C3', 'expand C3', "
    "'gamble reveal', 'gamble three', 'scheme P1C2O3 C2', 'contract slot2', 'connect C3>O4', 'stop', "
    "'join red', 'join none', 'cash P1C2O3', 'bribe red slot2', 'pay red', or 'exchange' and then, to say "
    "which three resources are turned in for which one, 'exchange RRY for green'"
)
_SLOT_RE = re.compile(r"slot ?([0-9]{1,3})")
_GIVE_RE = re.compile(r"[rygbp]{3}")


def tile_from_code(code: str) -> int:
    tile = TILE_BY_CODE.get(code)
    if tile is None:
        raise IllegalAction(
            f"{code[:20]!r} is not a tile: tiles are P1-P5, C1-C9, O1-O6, RE (Reega), SC (Sabean Core) and A1-A5"
        )
    return tile.id


def contract_from_code(code: str) -> int:
    contract = CONTRACT_BY_CODE.get(code)
    if contract is None:
        raise IllegalAction(f"{code[:20]!r} is not a contract: contracts are written by their planets, like P1C2O3")
    return contract.id


def colour_from_name(name: str) -> int:
    colour = COLOUR_BY_NAME.get(name)
    if colour is None:
        raise IllegalAction(f"{name[:20]!r} is not a resource colour: the colours are {', '.join(COLOURS)}")
    return colour


def slot_from_text(text: str) -> int:
    m = _SLOT_RE.fullmatch(text)
    if not m:
        raise IllegalAction(f"{text[:20]!r} is not a contract slot: the slots are slot1 to slot{FACE_UP_CONTRACTS}")
    slot = int(m.group(1))
    if not 1 <= slot <= FACE_UP_CONTRACTS:
        raise IllegalAction(f"there is no slot {slot}: the contract slots are 1 to {FACE_UP_CONTRACTS}")
    return slot - 1


def exchange_from_text(give: str, take: str) -> Exchange:
    if not _GIVE_RE.fullmatch(give):
        raise IllegalAction(
            f"an exchange names the {EXCHANGE_RATE} resources given up by their letters "
            f"({', '.join(LETTERS)}), like 'exchange RRY for green', not {give[:20]!r}"
        )
    colours = tuple(sorted(COLOUR_BY_LETTER[letter] for letter in give.upper()))
    wanted = colour_from_name(take)
    return exchange_of(colours, wanted)


def parse_action(text: str) -> Action:
    """Read normalised notation; raise IllegalAction only if it names no Phoenix Syndicate action (the
    engine then refuses it as malformed notation)."""
    verb, _, rest = text.partition(" ")
    args = rest.split()
    if verb == "stop" and not args:
        return STOP
    if verb == "gamble" and args in (["reveal"], ["three"]):
        return GAMBLE_THREE if args[0] == "three" else GAMBLE_REVEAL
    if verb in ("place", "collect", "expand") and len(args) == 1:
        table = {"place": PLACE, "collect": COLLECT_AT, "expand": EXPAND_AT}[verb]
        return table[tile_from_code(args[0])]
    if verb == "keep" and len(args) == 1:
        if args[0] not in ("1", "2", "3"):
            raise IllegalAction(
                f"keep names the contract by its place among those drawn: 1, 2 or 3, not {args[0][:20]!r}"
            )
        return KEEP[int(args[0]) - 1]
    if verb == "cash" and len(args) == 1:
        return CASH[contract_from_code(args[0])]
    if verb == "loot" and len(args) == 2 and args[0] == "from":
        return LOOT_FROM[tile_from_code(args[1])]
    if verb == "loot" and len(args) == 1 and ">" in args[0]:
        raise IllegalAction(
            "a loot is written a tile at a time: 'loot from C3' (where it starts), then 'to A2', 'to O4'... "
            "until a planet"
        )
    if verb == "to" and len(args) == 1:
        return LOOT_TO[tile_from_code(args[0])]
    if verb == "connect" and len(args) == 1 and args[0].count(">") == 1:
        origin, tile = (tile_from_code(code) for code in args[0].split(">"))
        if origin == tile:
            raise IllegalAction("a connection joins two different tiles")
        return CONNECT[origin, tile]
    if verb == "scheme" and len(args) == 2:
        contract, tile = contract_from_code(args[0]), tile_from_code(args[1])
        action = SCHEME_AT.get((contract, tile))
        if action is None:
            raise IllegalAction(f"{TILES[tile].code} is not one of the planets of contract {CONTRACTS[contract].code}")
        return action
    if verb == "contract" and len(args) == 1:
        return CLAIM[slot_from_text(args[0])]
    if verb == "join" and len(args) == 1:
        return JOIN_NONE if args[0] == "none" else JOIN[colour_from_name(args[0])]
    if verb == "bribe" and len(args) == 2:
        return BRIBE[colour_from_name(args[0])][slot_from_text(args[1])]
    if verb == "pay" and len(args) == 1:
        return PAY[colour_from_name(args[0])]
    if verb == "exchange" and not args:
        return OPEN_EXCHANGE
    if verb == "exchange" and len(args) == 3 and args[1] == "for":
        return exchange_from_text(args[0], args[2])
    raise IllegalAction(f"cannot read {text[:60]!r}: {NOTATION_HELP}")


def earlier_notation(text: str) -> list[str] | None:
    """A loot written whole, as records did before its path was chosen a tile at a time
    (``loot c3>a2>o4``): the decisions it is now (``loot from c3``, ``to a2``, ``to o4``); ``None`` for
    any other text (choice 21 of docs/rules/syndicate.md)."""
    verb, _, path = text.partition(" ")
    if verb != "loot" or " " in path or ">" not in path:
        return None
    tiles = path.split(">")
    if any(tile not in TILE_BY_CODE for tile in tiles):
        return None
    return [f"loot from {tiles[0]}", *(f"to {tile}" for tile in tiles[1:])]
