"""What must always hold in a game of Phoenicia: components conserved, totals equal to a recount.

Each check raises :class:`InvariantError` (through ``require``), whatever the interpreter's flags.
They run after every action in the tests and on every perspective save read back, so they also keep a
tampered save from loading: ranges come first, so that no later check loops over a damaged number.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import TYPE_CHECKING, cast

from ...engine import require
from .auction import Auction
from .components import ACTIVITIES, CARDS, CITY_CENTRE, PRESET, PRODUCTION_DECK, SETS, copies_for
from .endgame import BEST_CARD, anyone_can_reach
from .phases import AUCTIONS, NO_SEAT, PART_NAMES

if TYPE_CHECKING:
    from .settlement import Settlement
    from .state import PhoeniciaState


def check_settlement(seat: int, s: Settlement, unsold: list[int]) -> None:
    where = f"seat {seat}"
    ruleset = s.ruleset
    for a in ACTIVITIES:
        require(s.workers[a.id] + s.tools[a.id] <= a.circles, f"{where}: {a.name} holds more than its circles")
        require(s.has_tile(a.id) or s.workers[a.id] + s.tools[a.id] == 0, f"{where}: {a.name} is used without its tile")
    gained = sum((c.untrained + c.trained) * s.owned[c.id] for c in CARDS)
    require(
        s.untrained + s.trained + sum(s.workers) == ruleset.start_workers + gained,
        f"{where}: workers appeared or vanished",
    )
    require(s.production == s.count_production(), f"{where}: production {s.production} is not its recount")
    require(s.vp == s.count_vp(), f"{where}: victory points {s.vp} are not their recount")
    require(s.storehouses == s.count_storehouses(), f"{where}: the storehouses are miscounted")
    require(0 <= s.bought_vp <= ruleset.vp_limit, f"{where}: too many victory points bought")
    require(s.owned[CITY_CENTRE] or not s.bought_vp, f"{where}: victory points bought without a City Centre")
    require(not s.won_auction or any(s.owned), f"{where}: an auction won, yet no development card")
    for card in CARDS:
        discount, cubes = expected_discount(s, card.id, unsold)
        require(
            s.discount[card.id] == discount and s.cubes[card.id] == cubes,
            f"{where}: the discount on {card.name} is wrong",
        )
    require(s.hand == sorted(s.hand), f"{where}: the hand is out of order")
    # During a round wealth only goes down, from at most a card in each storehouse and a full treasury.
    require(len(s.hand) <= s.storehouses, f"{where}: more production cards than storehouses")
    require(
        BEST_CARD * len(s.hand) + s.disks <= BEST_CARD * s.storehouses + s.treasury_limit,
        f"{where}: more wealth than the settlement can have held",
    )
    require(
        s.wealth == ruleset.start_disks + s.received - s.spent - s.lost, f"{where}: wealth was created or destroyed"
    )


def expected_discount(s: Settlement, card: int, unsold: list[int]) -> tuple[int, int]:
    """(discount, cubes) that ``s`` has on ``card``: every copy of a discount card bought while ``card``
    was not sold out placed a cube; once it is sold out, the cubes leave the board (PHN-30)."""
    if not unsold[card]:
        return 0, 0
    discount = cubes = 0
    for giver, sizes in s.ruleset.discounts_on[card]:
        owned = s.owned[giver]
        discount += sum(sizes[min(k, len(sizes) - 1)] for k in range(owned))
        cubes += owned
    return discount, cubes


def check_state(state: PhoeniciaState) -> None:
    n = state.num_players
    cap = state.options["round_cap"]
    require(len(state.settlements) == n, "wrong number of settlements")
    require(0 <= state.overlord < n, "the Overlord is not a seat")
    require(state.turn == n if state.over else 0 <= state.turn < n, "the turn is out of range")
    require(0 <= state.part < len(PART_NAMES) and state.round >= 1, "impossible turn part or round")
    require(cap >= 0 and (not cap or state.round <= cap), "the round is past the round cap")
    require(len(state.dev_piles) == SETS and len(state.unsold) == len(CARDS), "wrong number of development decks")
    for index, pile in enumerate(state.dev_piles):
        require(all(0 <= c < len(CARDS) and CARDS[c].set == index + 1 for c in pile), "a card is in another set's deck")
    require(all(s.ruleset is state.ruleset for s in state.settlements), "a settlement plays with other numbers")
    require(all(0 <= c < len(CARDS) for c in state.display), "an unknown card is up for auction")
    copies = copies_for(n)
    face_down = Counter(c for pile in state.dev_piles for c in pile)
    for card in CARDS:
        left = face_down[card.id] + state.display.count(card.id)
        bought = sum(s.owned[card.id] for s in state.settlements)
        require(left == state.unsold[card.id], f"the unsold {card.name} cards are miscounted")
        require(left + bought == copies[card.id], f"{card.name} cards appeared or vanished")
    require(state.display == sorted(state.display) and len(state.display) <= n, "the display is wrong")
    for seat, s in enumerate(state.settlements):
        check_settlement(seat, s, state.unsold)
    cards = Counter(state.prod_deck) + Counter(state.prod_discards)
    for s in state.settlements:
        cards.update(c for c in s.hand if c != PRESET)
    require(cards == Counter(PRODUCTION_DECK), "production cards appeared or vanished")
    presets = sum(s.hand.count(PRESET) for s in state.settlements)
    require(presets <= (n if state.options["preset_cards"] else 0), "too many preset cards")
    for position in range(min(state.turn, n)):  # seats that finished their turn keep their limits
        s = state.settlements[(state.overlord + position) % n]
        require(len(s.hand) <= s.storehouses and s.disks <= s.treasury_limit, "a finished turn broke the limits")
    if state.auction is not None:
        check_auction(state)
    check_end(state)


def check_auction(state: PhoeniciaState) -> None:
    auction, n = cast(Auction, state.auction), state.num_players
    require(not state.over and state.part == AUCTIONS, "an auction outside the auctions of a turn")
    require(auction.card in state.display, "the card auctioned is not up for auction")
    require(auction.auctioneer == state.turn_seat, "the auctioneer is not the player whose turn it is")
    seats = [(state.overlord + i) % n for i in range(state.turn, n)]  # the bidders, clockwise from the auctioneer
    bidders = auction.bidders
    require(bidders == [s for s in seats if s in bidders], "the auction's bidders are damaged")
    require(0 <= auction.to_act < len(bidders), "the seat to bid is not in the auction")
    first_game = state.options["first_game_auctions"]
    require(not (first_game and state.settlements[auction.auctioneer].won_auction), "a winner started an auction")
    bids = auction.bids
    if not bids:  # chosen, not opened yet: the auctioneer must be able to open at the minimum bid
        opener = state.settlements[auction.auctioneer]
        require(bidders == seats and auction.to_act == 0, "an auction not opened yet has lost a bidder")
        require(auction.high_bid == 0 and auction.high_bidder == NO_SEAT, "an auction not opened yet has a bid")
        require(
            opener.wealth + opener.discount[auction.card] >= state.ruleset.min_bid[auction.card],
            "the auctioneer cannot open at the minimum bid",
        )
        return
    require(len(bidders) >= 2, "the auction's bidders are damaged")
    require(auction.high_bidder in bidders and bidders[auction.to_act] != auction.high_bidder, "the lead is wrong")
    require(bids[0][0] == auction.auctioneer and bids[-1] == [auction.high_bidder, auction.high_bid], "bids damaged")
    require(all(seat in seats for seat, _ in bids), "a seat that has finished its turn bid")
    require(all(a[1] < b[1] and a[0] != b[0] for a, b in itertools.pairwise(bids)), "a bid is not above the one before")
    require(bids[0][1] >= state.ruleset.min_bid[auction.card], "a bid below the minimum")
    require(auction.high_bid <= state.top_bid, "a bid above the highest of the game")
    lead = state.settlements[auction.high_bidder]
    require(lead.wealth + lead.discount[auction.card] >= auction.high_bid, "the highest bid cannot be paid")


def check_end(state: PhoeniciaState) -> None:
    """A finished game ended as the rules say, or by the round cap while it was still alive."""
    reached = max(s.vp for s in state.settlements) >= state.ruleset.vp_goal
    cap = state.options["round_cap"]
    if state.capped:
        require(state.over and state.round == cap and not reached, "the round cap did not end this game")
        require(anyone_can_reach(state), "the rules, not the round cap, ended this game")
    elif state.over:
        require(reached or not anyone_can_reach(state), "the game is over, yet a player can still reach the goal")
