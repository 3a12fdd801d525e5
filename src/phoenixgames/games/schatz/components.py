"""Schatz des Phönix components, loaded once from ``data.toml``: equipment cards and treasure tokens.

Cards are identified by their *type* (an int id); the two red 3s are the same type. Hands, the deck and
the nests hold type ids, so the state is a handful of small int lists.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

DATA = tomllib.loads(resources.files(__package__).joinpath("data.toml").read_text(encoding="utf-8"))

COLOURS: tuple[str, ...] = tuple(DATA["colours"])
COLOUR_LETTERS = {colour: colour[0].upper() for colour in COLOURS}
WILD = "wild"


@dataclass(frozen=True, slots=True)
class EquipmentCard:
    """One type of equipment card: a number card, a wild card or an x2 card."""

    id: int
    kind: str  # "number", "wild" or "x2"
    colour: str  # one of COLOURS, or "wild" for wild cards
    value: int  # printed number; 0 for x2 cards
    code: str  # notation: R3, P7, W2, Gx2

    @property
    def is_wild(self) -> bool:
        return self.kind == "wild"

    @property
    def is_double(self) -> bool:
        """An x2 card: doubles a card of its colour."""
        return self.kind == "x2"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"EquipmentCard({self.code})"


def _build_cards() -> tuple[tuple[EquipmentCard, ...], tuple[int, ...], tuple[int, ...]]:
    cards: list[EquipmentCard] = []
    copies: list[int] = []
    groups_of: list[int] = []
    for kind in ("number", "wild", "x2"):
        groups = [(i, g) for i, g in enumerate(DATA["equipment"]) if g["kind"] == kind]
        colours = (WILD,) if kind == "wild" else COLOURS
        for colour in colours:
            for index, group in groups:
                for value in group["values"]:
                    letter = "W" if kind == "wild" else COLOUR_LETTERS[colour]
                    code = f"{letter}x2" if kind == "x2" else f"{letter}{value}"
                    cards.append(EquipmentCard(len(cards), kind, colour, value, code))
                    copies.append(group["copies"])
                    groups_of.append(index)
    return tuple(cards), tuple(copies), tuple(groups_of)


#: The card types, the copies of each in the box, and the ``[[equipment]]`` group of data.toml it is of.
CARD_TYPES, CARD_COPIES, CARD_GROUP = _build_cards()
NUM_CARD_TYPES = len(CARD_TYPES)
#: Every card in the box, as type ids (69 of them).
FULL_DECK: tuple[int, ...] = tuple(t for t, n in enumerate(CARD_COPIES) for _ in range(n))
CARD_BY_CODE: dict[str, EquipmentCard] = {card.code.lower(): card for card in CARD_TYPES}


@dataclass(frozen=True, slots=True)
class TreasureToken:
    """A treasure token: a small one worth 2 to 10, or one of the three large 10s."""

    code: int  # 2..10 for small tokens, LARGE_TEN for a large one
    value: int
    large: bool

    def __str__(self) -> str:
        return f"L{self.value}" if self.large else str(self.value)


LARGE_TEN = 11
TOKENS: dict[int, TreasureToken] = {v: TreasureToken(v, v, False) for v in range(2, 11)}
TOKENS[LARGE_TEN] = TreasureToken(LARGE_TEN, DATA["large_treasure"]["value"], True)
TOKEN_VALUE: tuple[int, ...] = tuple(TOKENS[c].value if c in TOKENS else 0 for c in range(LARGE_TEN + 1))
SMALL_TOKENS: tuple[int, ...] = tuple(
    v for group in DATA["small_treasure"] for v in group["values"] for _ in range(group["copies"])
)
LARGE_TOKEN_COUNT: int = DATA["large_treasure"]["count"]

ROUNDS: int = DATA["game"]["rounds"]
HAND_SIZE: int = DATA["game"]["hand_size"]
CARDS_PER_SIDE: int = DATA["game"]["cards_per_side"]
NESTS: int = DATA["nests"]["count"]
BIG_NEST: int = DATA["nests"]["big_nest"] - 1
#: Nests in the order their treasures are distributed: the smaller nests first, then the big nest.
SCORING_ORDER: tuple[int, ...] = tuple(n for n in range(NESTS) if n != BIG_NEST) + (BIG_NEST,)


def small_tokens_per_nest(players: int) -> int:
    """One less than the number of players; only four with six players (rulebook, Setup)."""
    if players == 6:
        six: int = DATA["nests"]["small_tokens_six_players"]
        return six
    return players - 1
