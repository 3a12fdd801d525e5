"""How a sensible casual player plays Phoenicia, for the greedy agent and for bots.

Everything is priced in wealth. A victory point is worth the City Centre's price (3); a point of
production is worth what it will bring in before the game ends, estimated from how close the leader
is to 32 points; storehouses, workers and new abilities are worth a little. Then:

- auctions: put up the card whose worth exceeds its price (minimum bid less discount) by the most, and
  open at its minimum bid; in an auction, bid one more while the card is still worth more than the price;
- workers: employ a trained worker where it brings the most, train a worker when one can be employed
  at once, shift a worker when that brings more than it costs;
- wealth the limits will take anyway costs nothing: at the end of the turn, or, from a full
  settlement, at the next production (so a full settlement spends rather than let a game stall);
- City Centre victory points with wealth that the limits would take anyway, or once no development
  card is left to buy (wealth is then worth half as much); then end the turn.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from ...engine import Action
from .actions import BUY_VP, EMPLOY, END, PASS, SHIFT, TRAIN, Bid, StartAuction, bid
from .components import ACTIVITIES, CARD_VALUE, PRODUCTION_VALUES
from .settlement import Settlement

if TYPE_CHECKING:
    from .state import PhoeniciaState

VP_WORTH = 3.0
ABILITY_WORTH = {
    "mining": 4.0,
    "clothmaking": 3.0,
    "improved hunting": 2.0,
    "improved mining": 2.0,
    "improved storage": 2.0,
    "improved training": 1.0,
    "city centre": 2.0,
}
STOREHOUSE_WORTH = 1.5
UNTRAINED_WORTH = 3.0
TRAINED_WORTH = 5.0


def production_worth(state: PhoeniciaState) -> float:
    """What one more point of production is worth in wealth: about the rounds left."""
    leader = max(s.vp for s in state.settlements)
    rounds_left = max(0.0, (state.ruleset.vp_goal - leader) / 4.0)
    return min(3.0, 0.8 * rounds_left)


def card_worth(state: PhoeniciaState, s: Settlement, card_id: int) -> float:
    card = state.ruleset.cards[card_id]
    worth = VP_WORTH * card.vp + production_worth(state) * card.production
    worth += STOREHOUSE_WORTH * card.storehouses + UNTRAINED_WORTH * card.untrained + TRAINED_WORTH * card.trained
    if card.ability and not s.owned[card_id]:
        worth += ABILITY_WORTH.get(card.ability, 0.0)
    worth += 0.3 * sum(sizes[0] for _, sizes in card.discounts)
    return worth


def price(s: Settlement, card_id: int, amount: int) -> int:
    return max(0, amount - s.discount[card_id])


def wealth_worth(state: PhoeniciaState) -> float:
    """What one wealth is worth: less once no development card is left to buy with it."""
    if state.display or any(state.dev_piles):
        return 1.0
    return 0.5


def gain(state: PhoeniciaState, s: Settlement, production: int, vp: int, cost: int, waste: int = 0) -> float:
    """What an action bringing ``production`` and ``vp`` for ``cost`` is worth; the first ``waste`` of
    the cost is wealth the limits would take anyway, so it costs nothing."""
    return production * production_worth(state) + vp * VP_WORTH - max(0, cost - waste) * wealth_worth(state)


def employ_gain(state: PhoeniciaState, s: Settlement, activity: int, waste: int = 0) -> float:
    a = ACTIVITIES[activity]
    before = a.tile_production(s.workers[activity], s.side(activity))
    after = a.tile_production(s.workers[activity] + 1, s.side(activity))
    cost = 0 if s.tools[activity] else a.tool_cost
    return gain(state, s, after - before, a.vp, cost, waste) + a.storehouse_per_worker * STOREHOUSE_WORTH


def shift_gain(state: PhoeniciaState, s: Settlement, source: int, target: int, waste: int = 0) -> float:
    a, b = ACTIVITIES[source], ACTIVITIES[target]
    here, there = s.workers[source], s.workers[target]
    lost = a.tile_production(here, s.side(source)) - a.tile_production(here - 1, s.side(source))
    won = b.tile_production(there + 1, s.side(target)) - b.tile_production(there, s.side(target))
    worth = gain(state, s, won - lost, b.vp - a.vp, b.tool_cost, waste)
    return worth + b.storehouse_per_worker * STOREHOUSE_WORTH


def kept_after_limits(s: Settlement) -> int:
    """The wealth the storage and treasury limits would leave."""
    values = sorted((CARD_VALUE[c] for c in s.hand), reverse=True)
    kept = values[: s.storehouses]
    disks = s.disks + sum(values[s.storehouses :])
    return sum(kept) + min(disks, s.treasury_limit)


def overflow(s: Settlement) -> int:
    """The wealth the next production will push past what the settlement can keep (at most a 6 in each
    storehouse and a full treasury), which the limits will then take."""
    capacity = max(PRODUCTION_VALUES) * s.storehouses + s.treasury_limit
    return max(0, kept_after_limits(s) + s.production - capacity)


def greedy_action(state: PhoeniciaState, rng: random.Random) -> Action:
    """The action the heuristic prefers; ``rng`` breaks exact ties."""
    legal = state.legal_actions()
    if not legal:
        raise ValueError("the game is over: there is nothing to choose")
    seat = cast(int, state.current_player)
    s = state.settlements[seat]
    auction = state.auction
    # Wealth the limits will take anyway costs nothing to spend: at the end of the turn, or, from a full
    # settlement, at the next production.
    waste = s.wealth - kept_after_limits(s) + overflow(s)
    if auction is not None:
        if not auction.opened:  # the card chosen: open at its minimum bid
            return bid(state.lowest_bid)
        amount = auction.high_bid + 1
        raise_to = bid(amount)
        if raise_to in legal and card_worth(state, s, auction.card) > price(s, auction.card, amount) - waste:
            return raise_to
        return PASS
    openings = [a for a in legal if isinstance(a, StartAuction)]
    best: tuple[float, float, Action] | None = None
    min_bid = state.ruleset.min_bid
    for action in openings:
        card = action.card
        surplus = card_worth(state, s, card.id) - max(0, price(s, card.id, min_bid[card.id]) - waste)
        if surplus > 0 and (best is None or (surplus, rng.random()) > best[:2]):
            best = (surplus, rng.random(), action)
    if best is not None:
        return best[2]
    choices: list[tuple[float, float, Action]] = []
    for a in ACTIVITIES:
        if EMPLOY[a.id] in legal:
            choices.append((employ_gain(state, s, a.id, waste), rng.random(), EMPLOY[a.id]))
        for b in ACTIVITIES:
            shift = SHIFT[a.id][b.id]
            if shift is not None and shift in legal:
                choices.append((shift_gain(state, s, a.id, b.id, waste), rng.random(), shift))
    if TRAIN in legal and not s.trained:
        wealth_after = s.wealth - s.training_cost
        best_employ = max(
            (employ_gain(state, s, a.id) for a in ACTIVITIES if s.has_tile(a.id) and a.tool_cost <= wealth_after),
            default=0.0,
        )
        if best_employ > 0:
            choices.append((best_employ - s.training_cost * wealth_worth(state), rng.random(), TRAIN))
    choices = [c for c in choices if c[0] > 0]
    if choices:
        return max(choices, key=lambda c: c[:2])[2]
    if BUY_VP in legal and (s.wealth - kept_after_limits(s) >= state.ruleset.vp_price or wealth_worth(state) < 1):
        return BUY_VP
    return END


def evaluate(state: PhoeniciaState, seat: int) -> float:
    """How well ``seat`` stands, in victory points: its points, plus its production and wealth turned
    into points at the heuristic's prices, minus the same for its strongest rival."""
    worth = production_worth(state)
    estimates = [s.vp + (s.production * worth + s.wealth) / VP_WORTH / 2 for s in state.settlements]
    if state.is_over:
        estimates = [float(s.vp) for s in state.settlements]
    mine = estimates.pop(seat)
    return mine - max(estimates)


#: The opening bids a search weighs: the card's minimum bid and the next ones up to this many.
OPENING_BIDS_SEARCHED = 3


def searched_actions(state: PhoeniciaState, legal: list[Action], rng: random.Random) -> list[Action]:
    """The legal actions a search weighs: all of them but, at the auctioneer's opening bid, only the
    lowest :data:`OPENING_BIDS_SEARCHED`.

    Since an auction is opened in two decisions, the card and then the bid, the worth a search finds in
    putting a card up is the mean over the opening bids it tries after, and it tries each of the dozens
    a settlement could pay before it settles: overbids that sank the worth of every auction, so that the
    search came to open few (in 40 two-player games against the greedy agent, ``simulate phoenicia
    --agents ismcts,greedy --seed 3``, it won 90% before the split, 62% after it, 75% weighing three
    opening bids and 70% weighing one). A sensible auctioneer opens at the minimum or just above it."""
    auction = state.auction
    if auction is None or auction.opened:
        return legal
    lowest = state.lowest_bid
    return [a for a in legal if not isinstance(a, Bid) or a.amount < lowest + OPENING_BIDS_SEARCHED] or legal
