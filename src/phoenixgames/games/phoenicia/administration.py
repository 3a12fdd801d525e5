"""The administration after the player turns (rulebook: Running the Show), and the limits.

A. victory check and the new Overlord; B. new development cards; C. production; D. the storage and
treasury limits. Nothing here is a decision: it all follows from the settlements and the decks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import CARD_VALUE, PRESET, PRODUCTION_PER_CARD
from .endgame import anyone_can_reach
from .phases import NO_CARD

if TYPE_CHECKING:
    from .settlement import Settlement
    from .state import PhoeniciaState


class Report:
    """What the end of a turn and the administration did, for the events (``events.py``): each is
    told it only when the events ask for it, so that plain play pays nothing for it."""

    __slots__ = ("overlord", "added", "dealt", "limited", "turn_limits")

    def __init__(self) -> None:
        self.overlord: int | None = None  # the new Overlord, once the administration named one
        self.added: list[int] = []  # the development cards turned up for auction
        #: seat: (production cards dealt, disks received, sets of four disks turned in for a card)
        self.dealt: dict[int, tuple[list[int], int, int]] = {}
        self.limited: list[tuple[int, list[int], int]] = []  # (seat, cards discarded, disks lost)
        self.turn_limits = 0  # how many of ``limited`` came at the end of the turn (the rest at 2d)


def game_ends(state: PhoeniciaState) -> bool:
    """A. 32 or more victory points (the game's goal) end the game; so does a position where no player
    can reach the goal any more (open question 7, ``endgame.py``)."""
    goal = state.ruleset.vp_goal
    return any(s.vp >= goal for s in state.settlements) or not anyone_can_reach(state)


def next_overlord(state: PhoeniciaState) -> int:
    """The player with most victory points; ties go to the player closest to the left of the current
    Overlord, clockwise from the seat after them, the current Overlord last."""
    n, current = state.num_players, state.overlord
    order = [(current + i) % n for i in range(1, n + 1)]
    best = max(s.vp for s in state.settlements)
    return next(seat for seat in order if state.settlements[seat].vp == best)


def tie_break_key(state: PhoeniciaState, seat: int) -> tuple[int, int, int]:
    """Ranking at the game's end: victory points; then the Overlord of the last round; then unspent
    production (production cards and disks)."""
    s = state.settlements[seat]
    return (s.vp, int(seat == state.overlord), s.wealth)


def deal_production(state: PhoeniciaState, s: Settlement, report: Report | None = None, seat: int = 0) -> None:
    """C. A production card for each full 4 of production, the rest in disks; then four disks must be
    turned in for a card, as long as there are four (the rulings: "more than four" is an error) and a
    card is left to take. With no production card left at all, production is paid in disks."""
    cards, rest = divmod(s.production, PRODUCTION_PER_CARD)
    before = (s.hand.copy(), s.disks) if report is not None else None
    s.disks += rest
    s.received += rest
    for _ in range(cards):
        state.draw_production(s)
    turned_in = 0
    while s.disks >= PRODUCTION_PER_CARD and (state.prod_deck or state.prod_discards):
        s.disks -= PRODUCTION_PER_CARD
        s.spent += PRODUCTION_PER_CARD
        turned_in += 1
        state.draw_production(s)
    if report is not None and before is not None:
        new = s.hand.copy()
        for code in before[0]:
            new.remove(code)
        report.dealt[seat] = (new, s.disks - before[1] + PRODUCTION_PER_CARD * turned_in, turned_in)


def apply_limits(state: PhoeniciaState, s: Settlement, report: Report | None = None, seat: int = 0) -> None:
    """One production card per storehouse: the lowest excess cards are discarded into the treasury as
    disks; then disks over the treasury limit are lost."""
    hand = s.hand
    discarded = []
    while len(hand) > s.storehouses:
        code = hand.pop(hand.index(4) if 4 in hand else 0)  # the lowest (a preset five before a five)
        discarded.append(code)
        s.disks += CARD_VALUE[code]
        if code != PRESET:
            state.prod_discards.append(code)
    limit = s.treasury_limit
    lost = max(0, s.disks - limit)
    if lost:
        s.lost += lost
        s.disks = limit
    if report is not None and (discarded or lost):
        report.limited.append((seat, discarded, lost))


def fill_display(state: PhoeniciaState) -> list[int]:
    """B. Turn up development cards until as many are for sale as players, set after set; the cards
    turned up, in the order drawn."""
    display = state.display
    added = []
    while len(display) < state.num_players:
        card = state.draw_development()
        if card == NO_CARD:
            break
        display.append(card)
        added.append(card)
    display.sort()
    return added
