"""Why an action is refused, in the player's terms (``SchatzState._why_illegal`` delegates here).

A refusal names only what its seat may know: its own hand, the cards beside the nests, the face-up
card and the tokens in the open nests, never a card of another hand or of the deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action
from .actions import DrawFromDeck, PickTreasure, PlayCard, TakeFaceUp, flaw
from .components import CARD_TYPES, CARDS_PER_SIDE, SCORING_ORDER, TOKENS
from .phases import DRAW_PHASE, NO_CARD, PICK_PHASE

if TYPE_CHECKING:
    from .state import SchatzState


def why_illegal(state: SchatzState, action: Action) -> str:
    """Why ``action`` is not legal in ``state`` (a game not over), for the seat to act."""
    wrong = flaw(action)
    if wrong is not None:
        return wrong
    if state.phase == PICK_PHASE:
        return _while_picking(state, action)
    if state.phase == DRAW_PHASE:
        return _while_drawing(state, action)
    match action:
        case PickTreasure():
            return "treasures are picked only once every card of the round has been laid"
        case DrawFromDeck() | TakeFaceUp():
            return "lay a card beside a nest first, then draw"
        case PlayCard(card=card, nest=nest):
            seat = state.turn
            if card.id not in state.hands[seat]:
                return f"you hold no {card}"
            if len(state.sides[nest * state.num_players + seat]) >= CARDS_PER_SIDE:
                return f"your guild's side of nest {nest + 1} already holds two cards"
    return f"{action} is not a legal action now"


def _while_picking(state: SchatzState, action: Action) -> str:
    nest = SCORING_ORDER[state.scoring]
    tokens = ", ".join(str(TOKENS[t]) for t in state.nest_tokens[nest])
    match action:
        case PickTreasure(token=token):
            return f"nest {nest + 1} holds no treasure {token} (it holds {tokens})"
        case _:
            seat = state.current_player
            return f"treasures are being distributed: seat {seat} picks a token from nest {nest + 1} ({tokens})"


def _while_drawing(state: SchatzState, action: Action) -> str:
    match action:
        case PickTreasure():
            return "treasures are picked only once every card of the round has been laid"
        case PlayCard():
            return "you have already laid a card this turn: now draw from the deck or take the face-up card"
        case TakeFaceUp(card=card):
            if state.face_up == NO_CARD:
                return "there is no face-up card to take"
            return f"the face-up card is {CARD_TYPES[state.face_up]}, not {card}"
        case DrawFromDeck():
            return "the deck and the discards are empty: there is nothing to draw"
    return f"{action} is not a legal action now"
