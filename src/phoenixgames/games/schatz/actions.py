"""Schatz des Phönix actions, their notation and the parser that reads it back.

Notation: ``play R3 nest2`` (lay a card beside a nest), ``draw deck`` (the top card of the deck),
``take B5`` (the face-up card), ``pick 6`` / ``pick L10`` (a treasure token; L10 is a large 10).
Every action value exists once: the tables below hold them all, so legal moves are built by lookup,
and :func:`action_table` lists them in a fixed order (the game's action space: 159 actions).

An action built by hand may hold anything in its fields (``PlayCard(card, nest=9)``, a text for a
card): :func:`flaw` says what is wrong with it, ``str`` of it never raises, and it equals no legal
action, so ``apply`` refuses it with that reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ...engine import Action, IllegalAction
from ...engine.action import exactly_equal, is_number
from ...engine.errors import shown
from .components import CARD_BY_CODE, CARD_TYPES, LARGE_TEN, NESTS, TOKENS, EquipmentCard, TreasureToken

CARD_HELP = "cards are written like R3, B7, W2 (wild) or Gx2 (x2)"
TOKEN_HELP = "small tokens are 2 to 10, the large one is L10"


def is_card(value: object) -> bool:
    """One of the game's equipment card types."""
    card_id = getattr(value, "id", None) if value.__class__ is EquipmentCard else None
    return is_number(card_id) and 0 <= card_id < len(CARD_TYPES) and exactly_equal(value, CARD_TYPES[card_id])


def is_token(value: object) -> bool:
    """One of the game's treasure tokens."""
    code = getattr(value, "code", None) if value.__class__ is TreasureToken else None
    return is_number(code) and code in TOKENS and exactly_equal(value, TOKENS[code])


def _same_card(a: object, b: object) -> bool:
    """Two fields that hold the same equipment card (both real cards of the game)."""
    return a is b or (a.__class__ is b.__class__ is EquipmentCard and a.id == b.id and is_card(a) and is_card(b))


def _same_token(a: object, b: object) -> bool:
    """Two fields that hold the same treasure token (both real tokens of the game)."""
    return a is b or (a.__class__ is b.__class__ is TreasureToken and a.code == b.code and is_token(a) and is_token(b))


def _card_text(card: object) -> str:
    return card.code if is_card(card) else shown(card)  # type: ignore[attr-defined]


def _cut(text: str) -> str:
    """A piece of notation in a message, cut short if long."""
    return text if len(text) <= 20 else f"{text[:12]}..."


@dataclass(frozen=True, slots=True, eq=False)
class PlayCard(Action):
    """Lay a card from hand face up beside a nest, on the side of your guild."""

    card: EquipmentCard
    nest: int  # 0-based; shown as nest1..nest3

    # Equality by value and by type, written out: ``nest=True`` or ``nest=1.0`` is no nest, though
    # Python counts it equal to 1, so such an action equals no legal one.
    def __eq__(self, other: object) -> bool:
        return self is other or (
            other.__class__ is PlayCard
            and self.nest == other.nest
            and self.nest.__class__ is other.nest.__class__
            and _same_card(self.card, other.card)
        )

    def __hash__(self) -> int:
        return hash((self.card, self.nest))

    def __str__(self) -> str:
        nest = f"nest{self.nest + 1}" if is_number(self.nest) else f"nest {shown(self.nest)}"
        return f"play {_card_text(self.card)} {nest}"


@dataclass(frozen=True, slots=True)
class DrawFromDeck(Action):
    """Draw the top card of the face-down deck."""

    def __str__(self) -> str:
        return "draw deck"


@dataclass(frozen=True, slots=True, eq=False)
class TakeFaceUp(Action):
    """Take the face-up card beside the deck (a new one is then turned face up)."""

    card: EquipmentCard

    def __eq__(self, other: object) -> bool:
        return self is other or (other.__class__ is TakeFaceUp and _same_card(self.card, other.card))

    def __hash__(self) -> int:
        return hash((self.card,))

    def __str__(self) -> str:
        return f"take {_card_text(self.card)}"


@dataclass(frozen=True, slots=True, eq=False)
class PickTreasure(Action):
    """Pick one treasure token from the nest being scored."""

    token: TreasureToken

    def __eq__(self, other: object) -> bool:
        return self is other or (other.__class__ is PickTreasure and _same_token(self.token, other.token))

    def __hash__(self) -> int:
        return hash((self.token,))

    def __str__(self) -> str:
        return f"pick {self.token if is_token(self.token) else shown(self.token)}"


def flaw(action: Action) -> str | None:
    """What is wrong with the fields of ``action``, an action built by hand; ``None`` if nothing is."""
    if action.__class__ not in (PlayCard, DrawFromDeck, TakeFaceUp, PickTreasure):
        return f"{shown(action)} is not an action of Schatz des Phönix"  # a subclass is no action either
    match action:
        case PlayCard(card=card, nest=nest):
            if not is_card(card):
                return f"{shown(card)} is not an equipment card: {CARD_HELP}"
            if not is_number(nest):
                return f"a card is laid beside nest 1 to {NESTS} (nest=0 to {NESTS - 1}), not beside nest {shown(nest)}"
            if not 0 <= nest < NESTS:
                return f"there is no nest {nest + 1}: the nests are 1 to {NESTS}"
        case TakeFaceUp(card=card):
            if not is_card(card):
                return f"{shown(card)} is not an equipment card: {CARD_HELP}"
        case PickTreasure(token=token):
            if not is_token(token):
                return f"{shown(token)} is not a treasure token: {TOKEN_HELP}"
    return None


PLAY: tuple[tuple[PlayCard, ...], ...] = tuple(
    tuple(PlayCard(card, nest) for nest in range(NESTS)) for card in CARD_TYPES
)
DRAW_DECK = DrawFromDeck()
TAKE: tuple[TakeFaceUp, ...] = tuple(TakeFaceUp(card) for card in CARD_TYPES)
PICK: dict[int, PickTreasure] = {code: PickTreasure(token) for code, token in TOKENS.items()}


def action_table(players: int, options: dict[str, Any]) -> tuple[Action, ...]:
    """Every action that can ever be legal, the same at every player count and option: each card
    type beside each nest (card by card, nests 1 to 3), the deck, the face-up card by card type, and
    each treasure token, the large 10 last; 37 x 3 + 1 + 37 + 10 = 159 actions."""
    return (*(a for row in PLAY for a in row), DRAW_DECK, *TAKE, *(PICK[code] for code in sorted(PICK)))


# [0-9], not \d: \d also matches other scripts' digits (and "²" passes str.isdigit but not int()).
_PLAY_RE = re.compile(r"play (\S+) nest ?([0-9]+)")
_TAKE_RE = re.compile(r"(?:take|draw) (\S+)")
_PICK_RE = re.compile(r"pick (l?)([0-9]+)")
NOTATION_HELP = "actions are written like 'play R3 nest2', 'draw deck', 'take B5', 'pick 6' or 'pick L10'"


def _number(digits: str) -> int | None:
    """The number ``digits`` write, or ``None`` if it is too long to be a nest or a token."""
    return int(digits) if len(digits) <= 6 else None


def card_from_code(code: str) -> EquipmentCard:
    card = CARD_BY_CODE.get(code.lower())
    if card is None:
        raise IllegalAction(f"{shown(code)} is not an equipment card: {CARD_HELP}")
    return card


def parse_action(text: str) -> Action:
    """Read normalised notation; raise IllegalAction if it names no Schatz action."""
    if text in ("draw deck", "draw", "deck"):
        return DRAW_DECK
    if m := _PLAY_RE.fullmatch(text):
        card = card_from_code(m.group(1))
        nest = _number(m.group(2))
        if nest is None or not 1 <= nest <= NESTS:
            raise IllegalAction(f"there is no nest {_cut(m.group(2))}: the nests are 1 to {NESTS}")
        return PLAY[card.id][nest - 1]
    if m := _TAKE_RE.fullmatch(text):
        return TAKE[card_from_code(m.group(1)).id]
    if m := _PICK_RE.fullmatch(text):
        large, value = bool(m.group(1)), _number(m.group(2))
        if large and value == TOKENS[LARGE_TEN].value:
            return PICK[LARGE_TEN]
        if not large and value in PICK and not TOKENS[value].large:
            return PICK[value]
        written = ("L" if large else "") + _cut(m.group(2))
        raise IllegalAction(f"there is no treasure token {written}: {TOKEN_HELP}")
    raise IllegalAction(f"cannot read {shown(text)}: {NOTATION_HELP}")
