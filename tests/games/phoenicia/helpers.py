"""Building exact Phoenicia situations for tests, and playing games out at random.

Every helper lays its situation out with ``state.arranged`` (the supported way to set up a position:
the invariants of the position are checked, so every component stays somewhere exactly once and the
wealth ledger balances), but for the few positions it refuses, laid with ``lay_unchecked`` and the
reason. Each returns the arranged state and also makes ``state`` that position in place (``_adopt``),
for the tests that keep one object; the tests then drive the rules through the public API.
"""

from __future__ import annotations

from collections.abc import Iterable

import phoenixgames as pg
from phoenixgames.games.phoenicia.auction import Auction
from phoenixgames.games.phoenicia.components import (
    ACTIVITY_BY_NAME,
    CARD_BY_NAME,
    CARDS,
    PRESET,
)
from phoenixgames.games.phoenicia.phases import AUCTIONS
from phoenixgames.games.phoenicia.settlement import Settlement
from phoenixgames.games.phoenicia.state import PhoeniciaState
from tests.support.playthrough import play_random as play_random  # the games' tests import it from here
from tests.support.positions import adopt, lay_unreachable


def new_state(players: int = 2, seed: int = 1, **options: object) -> PhoeniciaState:
    state = pg.new_game("phoenicia", players=players, seed=seed, **options)
    assert isinstance(state, PhoeniciaState)
    return state


def card_id(name: str) -> int:
    return CARD_BY_NAME[name].id


def activity_id(name: str) -> int:
    return ACTIVITY_BY_NAME[name].id


def _adopt(state: PhoeniciaState, position: pg.GameState) -> PhoeniciaState:
    """Make ``state`` the position ``position`` in place and return it; the settlements stay the same
    objects, so that a test holding one sees it change."""
    assert isinstance(position, PhoeniciaState)
    return adopt(state, position, same_objects=("settlements",))


def arrange(state: PhoeniciaState, **fields: object) -> PhoeniciaState:
    """``state`` with these fields replaced, through ``state.arranged`` (checked), in place. A position
    built on one the rules cannot reach (laid by ``lay_unchecked``) is laid unchecked in turn; any other
    refusal is the test's mistake, and raised."""
    try:
        return _adopt(state, state.arranged(**fields))
    except pg.GameSetupError as refused:
        try:
            state.check_invariants()
        except AssertionError as off_the_rules:
            reason = f"built on a position laid unchecked before ({off_the_rules}); then {refused}"
            return lay_unchecked(state, reason, **fields)
        raise


def lay_unchecked(state: PhoeniciaState, reason: str, **fields: object) -> PhoeniciaState:
    """``state`` with these fields replaced, unchecked, in place (``lay_unreachable`` in
    ``tests/support/positions.py``, with the reason): only for the positions ``arranged`` refuses, a
    hand larger than the storehouses (the limits allow one at no decision, only inside the
    administration) or more workers than the game hands out (a test of how many workers a tile takes),
    and those built on them."""
    return _adopt(state, lay_unreachable(state, reason, **fields))


def settlements_with(state: PhoeniciaState, seat: int) -> tuple[list[Settlement], Settlement]:
    """A copy of the settlements, and the copy of ``seat``'s, to lay a situation out on."""
    settlements = [s.copy() for s in state.settlements]
    return settlements, settlements[seat]


def rebalance(s: Settlement) -> None:
    """Make the wealth ledger agree with a wealth set by hand."""
    s.received = s.wealth - s.ruleset.start_disks + s.spent + s.lost


def set_hand(state: PhoeniciaState, seat: int, values: Iterable[int], disks: int | None = None) -> PhoeniciaState:
    """Give ``seat`` exactly these production cards (``PRESET`` for a preset card), from the deck."""
    settlements, s = settlements_with(state, seat)
    deck = state.prod_deck.copy()
    deck.extend(c for c in s.hand if c != PRESET)
    s.hand = []
    for value in sorted(values):
        if value != PRESET:
            deck.remove(value)
        s.hand.append(value)
    s.hand.sort()
    if disks is not None:
        s.disks = disks
    rebalance(s)
    if len(s.hand) > s.storehouses:
        reason = "a hand larger than the storehouses: the limits allow it at no decision, only in the administration"
        return lay_unchecked(state, reason, settlements=settlements, prod_deck=deck)
    return arrange(state, settlements=settlements, prod_deck=deck)


def set_display(state: PhoeniciaState, names: Iterable[str]) -> PhoeniciaState:
    """Put exactly these development cards up for auction; the cards there go back to their decks."""
    piles = [p.copy() for p in state.dev_piles]
    for card in state.display:
        piles[CARDS[card].set - 1].append(card)
    display = []
    for name in names:
        card = CARD_BY_NAME[name]
        piles[card.set - 1].remove(card.id)
        display.append(card.id)
    return arrange(state, dev_piles=piles, display=sorted(display))


def give_card(state: PhoeniciaState, seat: int, name: str) -> PhoeniciaState:
    """``seat`` gets a development card with all its effects, as if bought for nothing; the card comes
    from its deck (from the display only when the deck has none). The sale is the rules' own, on a
    copy of the state."""
    card = CARD_BY_NAME[name]
    probe = state.copy()
    assert isinstance(probe, PhoeniciaState)
    piles = [p.copy() for p in state.dev_piles]
    display = state.display.copy()
    if card.id in piles[card.set - 1]:
        piles[card.set - 1].remove(card.id)
        display = sorted([*display, card.id])
    sale = Auction.start(card.id, [seat])
    sale.raise_bid(0)
    probe.dev_piles, probe.display, probe.auction = piles, display, sale
    won = probe.settlements[seat].won_auction
    probe._sell()
    probe.settlements[seat].won_auction = won
    return arrange(
        state,
        settlements=probe.settlements,
        dev_piles=probe.dev_piles,
        display=probe.display,
        unsold=probe.unsold,
    )


def set_workers(state: PhoeniciaState, seat: int, **counts: int) -> PhoeniciaState:
    """Set workers by activity name, and ``untrained`` / ``trained``; production and VP are recounted."""
    settlements, s = settlements_with(state, seat)
    for name, count in counts.items():
        if name in ("untrained", "trained"):
            setattr(s, name, count)
        else:
            s.workers[activity_id(name)] = count
    s.storehouses = s.count_storehouses()
    s.rescore()
    try:
        return arrange(state, settlements=settlements)
    except pg.GameSetupError as refused:  # often more workers than the game hands out
        return lay_unchecked(state, f"workers the game does not hand out ({refused})", settlements=settlements)


def set_settlement(state: PhoeniciaState, seat: int, **values: object) -> PhoeniciaState:
    """Set fields of ``seat``'s settlement (``production``, ``bought_vp``...) as they are given."""
    settlements, s = settlements_with(state, seat)
    for name, value in values.items():
        setattr(s, name, value)
    return arrange(state, settlements=settlements)


def turn_of(state: PhoeniciaState, seat: int) -> PhoeniciaState:
    """Make it ``seat``'s turn as the first player of the round (``seat`` becomes the Overlord)."""
    return arrange(state, overlord=seat, turn=0, part=AUCTIONS)


def open_auction(state: PhoeniciaState, card: str, amount: int, player: int | None = None) -> PhoeniciaState:
    """Put ``card`` (notation) up for auction and open it with ``amount``: the two steps of the rules."""
    state.apply(f"auction {card}", player=player)
    state.apply(f"bid {amount}", player=player)
    return state


def wealth(state: PhoeniciaState, seat: int) -> int:
    return state.settlements[seat].wealth


def legal_strings(state: PhoeniciaState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def end_all_turns(state: PhoeniciaState) -> None:
    """End every remaining turn of the round without doing anything (administration follows)."""
    start = state.round
    while state.round == start and not state.is_over:
        if state.auction is not None:
            state.apply("pass")
        else:
            state.apply("end")
