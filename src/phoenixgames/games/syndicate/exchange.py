"""The exchange (SYN-34): "You may always turn in any three resources for one resource of your choice.
(This conversion is always available, not just while connecting.)"

An exchange takes two decisions. At any decision of the seat's own turn once the game has begun where
some exchange is legal, ``exchange`` opens one; the seat's next decision is which: the legal exchanges
(``exchange RRY for green``); then it is back at the decision it was at, with its new resources. An
exchange is not legal where it would leave the player unable to go on: short of the bribe still due
(rulebook: "You may not select or perform an action that leaves you unable to pay the bribe"), or, when
choosing an action card, with no card left that could be chosen. Turning in a resource of the colour
taken only loses two, so those exchanges are never legal. An exchange opened cannot be taken back
(``docs/rules/syndicate.md``, choice 4).

Paying a cost in given colours still makes any missing exchange by itself, as a convenience
(``payment.py``): the explicit exchange is for choosing which three resources to give up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...engine import Action
from . import actions as A
from .components import EXCHANGE_RATE, NUM_CARDS
from .phases import BRIBING
from .rules import choose_actions

if TYPE_CHECKING:
    from .state import SyndicateState

#: What an exchange costs in resources held: three given up, one taken.
LOSS = EXCHANGE_RATE - 1
_CAP = EXCHANGE_RATE + 1
#: _AFFORDABLE[key]: the exchanges a player can make, by resources held, each colour capped at three.
_AFFORDABLE: dict[int, tuple[A.Exchange, ...]] = {}


def affordable(res: list[int]) -> tuple[A.Exchange, ...]:
    """The exchanges resources ``res`` can pay for, in a stable order."""
    capped = [count if count < EXCHANGE_RATE else EXCHANGE_RATE for count in res]
    key = 0
    for count in reversed(capped):
        key = key * _CAP + count
    found = _AFFORDABLE.get(key)
    if found is None:
        found = _AFFORDABLE[key] = tuple(
            action for action in A.EXCHANGES if all(action.give.count(c) <= capped[c] for c in set(action.give))
        )
    return found


def exchanged(res: list[int], action: A.Exchange) -> list[int]:
    """The resources ``res`` would be after ``action``."""
    after = res.copy()
    for colour in action.give:
        after[colour] -= 1
    after[action.take] += 1
    return after


def make_exchange(state: SyndicateState, seat: int, action: A.Exchange) -> None:
    """Turn in the three resources for one; the supply takes and gives (resources are not limiting)."""
    res = state.res[seat]
    for colour in action.give:
        res[colour] -= 1
        state.spent[colour] += 1
    res[action.take] += 1
    state.made[action.take] += 1


def resources_to_keep(state: SyndicateState) -> int:
    """How many resources the seat to act must still hold after an exchange: the bribe still due."""
    return state.bribe_left if state.phase == BRIBING else state.bribe_total


def _enough_to_exchange(state: SyndicateState, res: list[int]) -> bool:
    """Whether ``res`` holds three resources to turn in and, one exchange later, still the bribe due."""
    total = res[0] + res[1] + res[2] + res[3] + res[4]
    return total >= EXCHANGE_RATE and total - LOSS >= resources_to_keep(state)


def exchange_actions(state: SyndicateState, p: int, cards: list[Action] | None = None) -> Sequence[A.Exchange]:
    """The exchanges ``p`` may make now. ``cards``: when choosing an action card, the cards' actions
    legal now (an exchange must leave one of them possible)."""
    res = state.res[p]
    if not _enough_to_exchange(state, res):
        return ()
    options = affordable(res)
    if cards is None or _a_card_needs_nothing(state, p, cards):
        return options
    return [action for action in options if _a_card_remains(state, p, exchanged(res, action))]


def can_exchange(state: SyndicateState, p: int, cards: list[Action] | None = None) -> bool:
    """Whether ``p`` could make some exchange now (``exchange_actions`` would not be empty), found
    without listing them: whether ``exchange`` is offered."""
    res = state.res[p]
    if not _enough_to_exchange(state, res):
        return False
    if cards is None or _a_card_needs_nothing(state, p, cards):
        return True  # three resources held give some exchange: one taking a colour not given up
    return any(_a_card_remains(state, p, exchanged(res, action)) for action in affordable(res))


def is_legal_exchange(state: SyndicateState, p: int, action: A.Exchange, cards: list[Action] | None = None) -> bool:
    """Whether ``action`` is among ``exchange_actions(state, p, cards)``, found without listing them."""
    res = state.res[p]
    if action.take in action.give or not _enough_to_exchange(state, res):
        return False
    give = action.give
    for colour in give:
        if give.count(colour) > res[colour]:
            return False
    return cards is None or _a_card_needs_nothing(state, p, cards) or _a_card_remains(state, p, exchanged(res, action))


def _a_card_needs_nothing(state: SyndicateState, p: int, cards: list[Action]) -> bool:
    """Whether one of the legal card actions ``cards`` stays legal whatever resources are given up: any
    but Loot, whose links ask for colours, and a Contract action with a bribe to pay. (Loot's actions
    come first in the list, the Contract action's last.)"""
    for action in reversed(cards):
        kind = action.__class__
        if kind is A.Loot:
            return False
        if kind is not A.ClaimContract or state.flipped[p].bit_count() == NUM_CARDS - 1:  # no bribe (SYN-48)
            return True
    return False


def _a_card_remains(state: SyndicateState, p: int, after: list[int]) -> bool:
    before = state.res[p]
    state.res[p] = after
    try:
        return bool(choose_actions(state, p))
    finally:
        state.res[p] = before
