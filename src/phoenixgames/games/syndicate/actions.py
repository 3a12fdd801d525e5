"""The Phoenix Syndicate actions, their notation and the parser that reads it back.

Tiles are written by their codes (P1-P5 Primes, C1-C9 Colonies, O1-O6 Outposts, RE Reega, SC Sabean
Core, A1-A5 asteroid fields), contracts by their three planets (``P1C2O3``), colours in full.

- set-up: ``place C3`` (an agent), ``keep 2`` (the second contract dealt);
- choosing an action card: ``loot C3>A2>O4`` (the path, from a tile holding your agent), ``collect C3``,
  ``expand C3`` (where to acquire), ``gamble reveal`` / ``gamble three`` (its two options),
  ``scheme P1C2O3 C2`` (the contract cashed in and the planet acquired from), ``contract slot2``;
- in the middle of an action: ``connect C3>O4`` / ``stop`` (Expand), ``keep 3`` (the third of Gamble's three),
  ``join red`` / ``join none`` (Scheme), ``cash P1C2O3`` (down to three contracts);
- the bribe: ``bribe red slot2`` (the first resource, onto a contract slot), ``pay red`` (each other).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...engine import Action, IllegalAction
from .components import (
    COLOUR_BY_NAME,
    COLOURS,
    CONTRACT_BY_CODE,
    CONTRACTS,
    FACE_UP_CONTRACTS,
    NUM_COLOURS,
    TILE_BY_CODE,
    TILES,
)


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Initial placement: an agent on a planet tile."""

    tile: int

    def __str__(self) -> str:
        return f"place {TILES[self.tile].code}"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Keep a contract: one of the two dealt at set-up, or one of Gamble's three, by its place in the
    order they were drawn (which is random, so the notation tells the other seats nothing)."""

    index: int  # 0-based; shown as 1, 2, 3

    def __str__(self) -> str:
        return f"keep {self.index + 1}"


@dataclass(frozen=True, slots=True)
class Loot(Action):
    """Loot: connect to one planet along ``path`` (through asteroid fields), then acquire there."""

    path: tuple[int, ...]

    def __str__(self) -> str:
        return "loot " + ">".join(TILES[t].code for t in self.path)


@dataclass(frozen=True, slots=True)
class Collect(Action):
    """Collect: acquire from a planet where you have an agent."""

    tile: int

    def __str__(self) -> str:
        return f"collect {TILES[self.tile].code}"


@dataclass(frozen=True, slots=True)
class Expand(Action):
    """Expand: acquire from a planet where you have an agent, then connect as often as you like."""

    tile: int

    def __str__(self) -> str:
        return f"expand {TILES[self.tile].code}"


@dataclass(frozen=True, slots=True)
class Gamble(Action):
    """Gamble. ``three`` False: keep the top contract, reveal and discard two more for their colours'
    resources; True: draw three, keep one."""

    three: bool

    def __str__(self) -> str:
        return "gamble three" if self.three else "gamble reveal"


@dataclass(frozen=True, slots=True)
class Scheme(Action):
    """Scheme: cash in a contract, then acquire from one of its planets."""

    contract: int
    tile: int

    def __str__(self) -> str:
        return f"scheme {CONTRACTS[self.contract].code} {TILES[self.tile].code}"


@dataclass(frozen=True, slots=True)
class ClaimContract(Action):
    """The Contract action: claim a contract slot's contract and resources, then unflip all cards."""

    slot: int

    def __str__(self) -> str:
        return f"contract slot{self.slot + 1}"


@dataclass(frozen=True, slots=True)
class Connect(Action):
    """During Expand: place an agent on a tile next to one of yours, paying for the link."""

    origin: int
    tile: int

    def __str__(self) -> str:
        return f"connect {TILES[self.origin].code}>{TILES[self.tile].code}"


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
        return f"join {COLOURS[self.colour]}" if self.colour >= 0 else "join none"


@dataclass(frozen=True, slots=True)
class CashIn(Action):
    """Cash in a contract from your hand (when it holds more than three)."""

    contract: int

    def __str__(self) -> str:
        return f"cash {CONTRACTS[self.contract].code}"


@dataclass(frozen=True, slots=True)
class Bribe(Action):
    """The first resource of a bribe, onto a contract slot."""

    colour: int
    slot: int

    def __str__(self) -> str:
        return f"bribe {COLOURS[self.colour]} slot{self.slot + 1}"


@dataclass(frozen=True, slots=True)
class Pay(Action):
    """Each further resource of a bribe, to the supply."""

    colour: int

    def __str__(self) -> str:
        return f"pay {COLOURS[self.colour]}"


# Every action value but Loot's paths exists once, built here; Loot's are interned as they appear.
PLACE = tuple(Place(t.id) for t in TILES)
KEEP = tuple(Keep(i) for i in range(3))
COLLECT_AT = tuple(Collect(t.id) for t in TILES)
EXPAND_AT = tuple(Expand(t.id) for t in TILES)
GAMBLE_REVEAL, GAMBLE_THREE = Gamble(False), Gamble(True)
SCHEME_AT = {(c.id, t): Scheme(c.id, t) for c in CONTRACTS for t in c.planets}
CLAIM = tuple(ClaimContract(s) for s in range(FACE_UP_CONTRACTS))
CONNECT = {(a.id, b.id): Connect(a.id, b.id) for a in TILES for b in TILES if a.id != b.id}
STOP = Stop()
JOIN = tuple(Join(c) for c in range(NUM_COLOURS))
JOIN_NONE = Join(-1)
CASH = tuple(CashIn(c.id) for c in CONTRACTS)
BRIBE = tuple(tuple(Bribe(c, s) for s in range(FACE_UP_CONTRACTS)) for c in range(NUM_COLOURS))
PAY = tuple(Pay(c) for c in range(NUM_COLOURS))
_LOOT: dict[tuple[int, ...], Loot] = {}


def loot(path: tuple[int, ...]) -> Loot:
    action = _LOOT.get(path)
    if action is None:
        action = _LOOT[path] = Loot(path)
    return action


NOTATION_HELP = (
    "actions are written like 'place C3', 'keep 2', 'loot C3>A2>O4', 'collect C3', 'expand C3', "
    "'gamble reveal', 'gamble three', 'scheme P1C2O3 C2', 'contract slot2', 'connect C3>O4', 'stop', "
    "'join red', 'join none', 'cash P1C2O3', 'bribe red slot2' or 'pay red'"
)
_SLOT_RE = re.compile(r"slot ?(\d+)")


def tile_from_code(code: str) -> int:
    tile = TILE_BY_CODE.get(code)
    if tile is None:
        raise IllegalAction(
            f"{code!r} is not a tile: tiles are P1-P5, C1-C9, O1-O6, RE (Reega), SC (Sabean Core) and A1-A5"
        )
    return tile.id


def contract_from_code(code: str) -> int:
    contract = CONTRACT_BY_CODE.get(code)
    if contract is None:
        raise IllegalAction(f"{code!r} is not a contract: contracts are written by their planets, like P1C2O3")
    return contract.id


def colour_from_name(name: str) -> int:
    colour = COLOUR_BY_NAME.get(name)
    if colour is None:
        raise IllegalAction(f"{name!r} is not a resource colour: the colours are {', '.join(COLOURS)}")
    return colour


def slot_from_text(text: str) -> int:
    m = _SLOT_RE.fullmatch(text)
    if not m:
        raise IllegalAction(f"{text!r} is not a contract slot: the slots are slot1 to slot{FACE_UP_CONTRACTS}")
    slot = int(m.group(1))
    if not 1 <= slot <= FACE_UP_CONTRACTS:
        raise IllegalAction(f"there is no slot {slot}: the contract slots are 1 to {FACE_UP_CONTRACTS}")
    return slot - 1


def parse_action(text: str) -> Action:
    """Read normalised notation; raise IllegalAction if it names no Phoenix Syndicate action."""
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
            raise IllegalAction(f"keep names the contract by its place among those drawn: 1, 2 or 3, not {args[0]!r}")
        return KEEP[int(args[0]) - 1]
    if verb == "cash" and len(args) == 1:
        return CASH[contract_from_code(args[0])]
    if verb == "loot" and len(args) == 1:
        path = tuple(tile_from_code(code) for code in args[0].split(">"))
        if len(path) < 2 or len(set(path)) != len(path):
            raise IllegalAction("a loot path names the tile you start from and each tile after it, like C3>A2>O4")
        return loot(path)
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
    raise IllegalAction(f"cannot read {text!r}: {NOTATION_HELP}")
