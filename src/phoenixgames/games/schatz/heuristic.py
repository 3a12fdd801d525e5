"""How a sensible casual player plays Schatz des Phönix, for the greedy agent and for bots.

- Laying a card: finish a nest with the best combo you can make where it is likely to win a good
  token; or open a nest with a card that has a strong partner still in hand. The richer the nest and
  the fewer rivals ahead of you there, the better.
- Drawing: take the face-up card when it makes a strong combo with a card in hand or one waiting
  beside a nest; otherwise draw blind.
- Picking treasure: the most valuable token; the large 10 before a small 10, since it brings the start
  player token, which wins ties.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...engine import Action
from .actions import DRAW_DECK, PickTreasure, PlayCard, TakeFaceUp
from .components import CARDS_PER_SIDE, NESTS, SCORING_ORDER
from .phases import DRAW_PHASE, PICK_PHASE, PLAY_PHASE

if TYPE_CHECKING:
    from .state import SchatzState

OPENING_DISCOUNT = 0.7  # a combo still to be completed is worth less than one locked in
TAKE_FACE_UP_AT = 12  # a combo at least this good makes the face-up card worth taking
TYPICAL_COMBO = 8  # what an unfinished rival's combo is assumed to become


def expected_token(state: SchatzState, nest: int, seat: int, value: float) -> float:
    """The token ``seat`` can expect at ``nest`` with a combo worth ``value``."""
    n = state.num_players
    ahead = 0.0
    for rival in range(n):
        if rival == seat:
            continue
        cards = state.sides[nest * n + rival]
        if len(cards) == CARDS_PER_SIDE:
            rival_value = state.combo(nest, rival)
            wins_tie = (rival - state.start_player) % n < (seat - state.start_player) % n
            ahead += rival_value > value or (rival_value == value and wins_tie)
        else:
            ahead += 0.5 if value < TYPICAL_COMBO else 0.2
    worth = state.ruleset.token_value
    tokens = sorted((worth[t] for t in state.nest_tokens[nest]), reverse=True)
    rank = int(ahead + 0.5)
    return tokens[rank] if rank < len(tokens) else 0.0


def best_partner_value(state: SchatzState, card: int, hand: list[int]) -> int:
    """The best combo ``card`` makes with another card of ``hand`` (one copy of ``card`` set aside)."""
    rest = hand.copy()
    rest.remove(card)
    table = state._combo
    return max((table[card][other] for other in rest), default=0)


def play_score(state: SchatzState, action: PlayCard, seat: int) -> float:
    n = state.num_players
    card, nest = action.card.id, action.nest
    beside = state.sides[nest * n + seat]
    if beside:
        return expected_token(state, nest, seat, state._combo[beside[0]][card])
    hand = state.hands[seat]
    return OPENING_DISCOUNT * expected_token(state, nest, seat, best_partner_value(state, card, hand))


def face_up_value(state: SchatzState, seat: int) -> int:
    """The best combo the face-up card makes with a waiting card beside a nest or a card in hand."""
    n, card, table = state.num_players, state.face_up, state._combo
    waiting = [state.sides[k * n + seat][0] for k in range(NESTS) if len(state.sides[k * n + seat]) == 1]
    return max((table[card][other] for other in waiting + state.hands[seat]), default=0)


def greedy_action(state: SchatzState, rng: random.Random) -> Action:
    """The action the heuristic prefers; ``rng`` breaks exact ties."""
    legal = state.legal_actions()
    seat = state.turn
    if state.phase == PLAY_PHASE:
        scored = [(play_score(state, a, seat), rng.random(), a) for a in legal if isinstance(a, PlayCard)]
        return max(scored, key=lambda item: item[:2])[2]
    if state.phase == DRAW_PHASE:
        take = [a for a in legal if isinstance(a, TakeFaceUp)]
        if take and (DRAW_DECK not in legal or face_up_value(state, seat) >= TAKE_FACE_UP_AT):
            return take[0]
        return DRAW_DECK
    if state.phase == PICK_PHASE:
        picks = [a for a in legal if isinstance(a, PickTreasure)]
        value = state.ruleset.token_value
        return max(picks, key=lambda a: (value[a.token.code], a.token.large))
    raise ValueError("the game is over: there is nothing to choose")


def evaluate(state: SchatzState, seat: int) -> float:
    """How well ``seat`` stands: its treasure plus what it can expect from the nests still to be
    distributed this round, minus the same for its strongest rival."""
    n = state.num_players
    pending = SCORING_ORDER[state.scoring :] if state.phase == PICK_PHASE else SCORING_ORDER
    if state.is_over:
        pending = ()
    estimates = []
    for player in range(n):
        total = float(state.scores[player])
        for nest in pending:
            cards = state.sides[nest * n + player]
            value = state.combo(nest, player) if len(cards) == CARDS_PER_SIDE else (TYPICAL_COMBO if cards else 0)
            total += expected_token(state, nest, player, value)
        estimates.append(total)
    mine = estimates.pop(seat)
    return mine - max(estimates)
