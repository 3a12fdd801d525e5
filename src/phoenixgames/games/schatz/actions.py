"""Schatz des Phönix actions, their notation and the parser that reads it back.

Notation: ``play R3 nest2`` (lay a card beside a nest), ``draw deck`` (the top card of the deck),
``take B5`` (the face-up card), ``pick 6`` / ``pick L10`` (a treasure token; L10 is a large 10).
Every action value exists once: the tables below hold them all, so legal moves are built by lookup.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...engine import Action, IllegalAction
from .components import CARD_BY_CODE, CARD_TYPES, LARGE_TEN, NESTS, TOKENS, EquipmentCard, TreasureToken


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Lay a card from hand face up beside a nest, on the side of your guild."""

    card: EquipmentCard
    nest: int  # 0-based; shown as nest1..nest3

    def __str__(self) -> str:
        return f"play {self.card} nest{self.nest + 1}"


@dataclass(frozen=True, slots=True)
class DrawFromDeck(Action):
    """Draw the top card of the face-down deck."""

    def __str__(self) -> str:
        return "draw deck"


@dataclass(frozen=True, slots=True)
class TakeFaceUp(Action):
    """Take the face-up card beside the deck (a new one is then turned face up)."""

    card: EquipmentCard

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True, slots=True)
class PickTreasure(Action):
    """Pick one treasure token from the nest being scored."""

    token: TreasureToken

    def __str__(self) -> str:
        return f"pick {self.token}"


PLAY: tuple[tuple[PlayCard, ...], ...] = tuple(
    tuple(PlayCard(card, nest) for nest in range(NESTS)) for card in CARD_TYPES
)
DRAW_DECK = DrawFromDeck()
TAKE: tuple[TakeFaceUp, ...] = tuple(TakeFaceUp(card) for card in CARD_TYPES)
PICK: dict[int, PickTreasure] = {code: PickTreasure(token) for code, token in TOKENS.items()}

_PLAY_RE = re.compile(r"play (\S+) nest ?(\d+)")
_TAKE_RE = re.compile(r"(?:take|draw) (\S+)")
_PICK_RE = re.compile(r"pick (l?)(\d+)")
NOTATION_HELP = "actions are written like 'play R3 nest2', 'draw deck', 'take B5', 'pick 6' or 'pick L10'"


def card_from_code(code: str) -> EquipmentCard:
    card = CARD_BY_CODE.get(code.lower())
    if card is None:
        raise IllegalAction(f"{code!r} is not an equipment card: cards are written like R3, B7, W2 (wild) or Gx2 (x2)")
    return card


def parse_action(text: str) -> Action:
    """Read normalised notation; raise IllegalAction if it names no Schatz action."""
    if text in ("draw deck", "draw", "deck"):
        return DRAW_DECK
    if m := _PLAY_RE.fullmatch(text):
        card = card_from_code(m.group(1))
        nest = int(m.group(2))
        if not 1 <= nest <= NESTS:
            raise IllegalAction(f"there is no nest {nest}: the nests are 1 to {NESTS}")
        return PLAY[card.id][nest - 1]
    if m := _TAKE_RE.fullmatch(text):
        return TAKE[card_from_code(m.group(1)).id]
    if m := _PICK_RE.fullmatch(text):
        large, value = bool(m.group(1)), int(m.group(2))
        if large and value == TOKENS[LARGE_TEN].value:
            return PICK[LARGE_TEN]
        if not large and value in PICK and not TOKENS[value].large:
            return PICK[value]
        raise IllegalAction(
            f"there is no treasure token {'L' if large else ''}{value}: small tokens are 2 to 10, the large one is L10"
        )
    raise IllegalAction(f"cannot read {text!r}: {NOTATION_HELP}")
