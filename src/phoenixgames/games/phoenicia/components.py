"""Phoenicia components, loaded once from ``data.toml``: development cards, activities, production cards.

Development cards are identified by their type id (an int, the order of ``data.toml``); activities by
their index (hunting 0, farming 1, mining 2, clothmaking 3). Production cards are small int codes:
4, 5 and 6 are ordinary cards of that value, ``PRESET`` is a first-game preset card worth 5.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

DATA = tomllib.loads(resources.files(__package__).joinpath("data.toml").read_text(encoding="utf-8"))

GAME = DATA["game"]
VICTORY_POINTS: int = GAME["victory_points"]
START_PRODUCTION: int = GAME["start_production"]
START_VP: int = GAME["start_vp"]
START_STOREHOUSES: int = DATA["storage"]["storehouses"]
START_DISKS: int = DATA["storage"]["disks"]
TREASURY_LIMIT: int = DATA["storage"]["treasury_limit"]
IMPROVED_TREASURY_LIMIT: int = DATA["storage"]["improved_treasury_limit"]
START_UNTRAINED: int = DATA["training"]["untrained"]
START_TRAINED: int = DATA["training"]["trained"]
TRAINING_COST: int = DATA["training"]["cost"]
IMPROVED_TRAINING_COST: int = DATA["training"]["improved_cost"]
VP_PRICE: int = DATA["city_centre"]["vp_price"]
VP_LIMIT: int = DATA["city_centre"]["vp_limit"]


@dataclass(frozen=True, slots=True)
class DevelopmentCard:
    """One type of development card, bought at auction."""

    id: int
    name: str
    code: str  # notation: the name in lower case, words joined by hyphens ("dye-house")
    set: int  # 1 to 4
    group: str  # "A" or "B": how many copies are used depends on the player count
    min_bid: int
    production: int
    vp: int
    storehouses: int
    untrained: int
    trained: int
    ability: str  # "" or one of the abilities below
    discounts: tuple[tuple[int, tuple[int, ...]], ...]  # (card type it applies to, size of each cube)

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"DevelopmentCard({self.name})"


@dataclass(frozen=True, slots=True)
class Activity:
    """A village tile with an activity workers are employed in."""

    id: int
    name: str
    tool_cost: int
    vp: int  # victory points per worker
    production: tuple[tuple[int, int], ...]  # per side: (odd-numbered worker, even-numbered worker)
    improved_by: str  # the card that turns the tile to its improved (one) and advanced (two) side
    given_by: str  # the card that adds the tile; "" for a starting tile
    storehouse_per_worker: int
    start_workers: int
    circles: int

    def __str__(self) -> str:
        return self.name

    def tile_production(self, workers: int, side: int) -> int:
        """What ``workers`` workers on the tile produce, on side 0 (basic), 1 (improved) or 2 (advanced)."""
        odd, even = self.production[min(side, len(self.production) - 1)]
        return (workers + 1) // 2 * odd + workers // 2 * even


def _code(name: str) -> str:
    return name.lower().replace(" ", "-")


ACTIVITIES: tuple[Activity, ...] = tuple(
    Activity(
        i,
        a["name"],
        a["tool_cost"],
        a["vp"],
        tuple(tuple(side) for side in a["production"]),
        a.get("improved_by", ""),
        a.get("given_by", ""),
        a.get("storehouse_per_worker", 0),
        a["start_workers"],
        a["circles"],
    )
    for i, a in enumerate(DATA["activity"])
)
ACTIVITY_BY_NAME: dict[str, Activity] = {a.name: a for a in ACTIVITIES}
HUNTING, FARMING, MINING, CLOTHMAKING = (
    ACTIVITY_BY_NAME[n].id for n in ("hunting", "farming", "mining", "clothmaking")
)
NUM_ACTIVITIES = len(ACTIVITIES)

_NAMES = [c["name"] for c in DATA["card"]]
CARDS: tuple[DevelopmentCard, ...] = tuple(
    DevelopmentCard(
        i,
        c["name"],
        _code(c["name"]),
        c["set"],
        c["group"],
        c["min_bid"],
        c["production"],
        c["vp"],
        c.get("storehouses", 0),
        c.get("untrained", 0),
        c.get("trained", 0),
        c.get("ability", ""),
        tuple((_NAMES.index(d["on"]), tuple(d["sizes"])) for d in c.get("discounts", ())),
    )
    for i, c in enumerate(DATA["card"])
)
NUM_CARDS = len(CARDS)
CARD_BY_CODE: dict[str, DevelopmentCard] = {c.code: c for c in CARDS}
CARD_BY_NAME: dict[str, DevelopmentCard] = {c.name: c for c in CARDS}
SETS = 4
#: Cards that turned up at setup are replaced (rulebook: "If any Granaries or Forts are flipped over").
REPLACED_AT_SETUP: frozenset[int] = frozenset(CARD_BY_NAME[n].id for n in ("Granary", "Fort"))

GRANARY = CARD_BY_NAME["Granary"].id
PUBLIC_WORKS = CARD_BY_NAME["Public Works"].id
CITY_CENTRE = CARD_BY_NAME["City Centre"].id
#: Per activity: the card type that adds its tile (-1: a starting tile) and the one that improves it.
TILE_GIVER: tuple[int, ...] = tuple(CARD_BY_NAME[a.given_by].id if a.given_by else -1 for a in ACTIVITIES)
TILE_IMPROVER: tuple[int, ...] = tuple(CARD_BY_NAME[a.improved_by].id if a.improved_by else -1 for a in ACTIVITIES)


#: The abilities a development card may have (what each does, with a game's numbers: ``Ruleset.ability_text``).
ABILITIES: tuple[str, ...] = (
    "mining",
    "clothmaking",
    "improved hunting",
    "improved mining",
    "improved storage",
    "improved training",
    "city centre",
)


def copies_for(players: int) -> tuple[int, ...]:
    """How many copies of each card type are used with ``players`` players (A and B copies)."""
    row = DATA["copies"]
    return tuple(row[card.group][players - 2] for card in CARDS)


# Production cards: codes 4, 5, 6 are ordinary cards; PRESET is a first-game preset card worth 5.
PRESET = 0
PRESET_VALUE: int = DATA["preset"]["value"]
PRESET_COUNT: int = DATA["preset"]["count"]
CARD_VALUE: tuple[int, ...] = (PRESET_VALUE, 0, 0, 0, 4, 5, 6)
PRODUCTION_DECK: tuple[int, ...] = tuple(
    group["value"] for group in DATA["production_card"] for _ in range(group["count"])
)
PRODUCTION_VALUES: tuple[int, ...] = tuple(sorted({group["value"] for group in DATA["production_card"]}))
#: Production per production card dealt (rulebook: "a card for each full 4").
PRODUCTION_PER_CARD = 4


def card_text(code: int) -> str:
    """A production card as shown: ``4``, ``5``, ``6`` or ``P5`` for a preset card."""
    return f"P{PRESET_VALUE}" if code == PRESET else str(code)
