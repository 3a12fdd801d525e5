"""What one seat may know of a Phoenicia game, as plain JSON-able data.

Public: every settlement (tiles with their workers and tool disks, training ground, storehouses,
treasury disks, development cards bought, discounts, victory points and production), how many
production cards each player holds (and a preset card still held), the cards up for auction, the
auction in progress with its bids, the sizes of the decks, the production discards, the Overlord.
Private: the values of the other players' production cards; the order of every deck. Once the game
is over: every hand, and why the game ended (``ending``).

Each card up for auction comes with its facts (``card_facts``: set, minimum bid, production, victory
points, storehouses, workers, ability and discounts granted, in words as ``effect``), so that a bid can
be judged from the view alone; a seat's view adds its own discount and price at the minimum bid. A
spectator's view (``PUBLIC``) is a seat's without the hand and the wealth.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .components import ACTIVITIES, CARD_VALUE, CARDS, PRESET, VICTORY_POINTS, card_text, effect_text
from .phases import AUCTION, OVER, PART_NAMES, TURN

if TYPE_CHECKING:
    from .settlement import Settlement
    from .state import PhoeniciaState

SIDE_NAMES = ("basic", "improved", "advanced")


def card_facts(card_id: int) -> dict[str, Any]:
    """A development card's facts, as printed on it (``data.toml``)."""
    card = CARDS[card_id]
    return {
        "name": card.name,
        "notation": card.code,
        "set": card.set,
        "minimum_bid": card.min_bid,
        "production": card.production,
        "vp": card.vp,
        "storehouses": card.storehouses,
        "untrained": card.untrained,
        "trained": card.trained,
        "ability": card.ability,
        "discounts": [{"on": CARDS[t].name, "sizes": list(sizes)} for t, sizes in card.discounts],
        "effect": effect_text(card),
    }


def offered(state: PhoeniciaState, seat: int | None) -> list[dict[str, Any]]:
    """The cards up for auction, each type once with its copies and facts; for a seat, its discount
    on each and what it would pay at the minimum bid."""
    cards = []
    for card_id in sorted(set(state.display)):
        facts = {**card_facts(card_id), "copies": state.display.count(card_id)}
        if seat is not None:
            discount = state.settlements[seat].discount[card_id]
            facts["your_discount"] = discount
            facts["your_price_at_minimum"] = max(0, CARDS[card_id].min_bid - discount)
        cards.append(facts)
    return cards


def settlement_view(s: Settlement) -> dict[str, Any]:
    """The public part of a settlement."""
    tiles = []
    for a in ACTIVITIES:
        if s.has_tile(a.id):
            tiles.append(
                {
                    "activity": a.name,
                    "side": SIDE_NAMES[s.side(a.id)] if a.improved_by else "basic",
                    "workers": s.workers[a.id],
                    "tool_disks": s.tools[a.id],
                    "circles": a.circles,
                    "tool_cost": a.tool_cost,
                }
            )
    return {
        "vp": s.vp,
        "production": s.production,
        "untrained": s.untrained,
        "trained": s.trained,
        "training_cost": s.training_cost,
        "tiles": tiles,
        "storehouses": s.storehouses,
        "disks": s.disks,
        "treasury_limit": s.treasury_limit,
        "cards_in_hand": len(s.hand),
        "presets_in_hand": s.hand.count(PRESET),
        "development_cards": {CARDS[c].name: n for c, n in enumerate(s.owned) if n},
        "discounts": {CARDS[c].name: {"amount": d, "cubes": s.cubes[c]} for c, d in enumerate(s.discount) if d},
        "bought_vp": s.bought_vp,
        "vp_for_sale": s.vp_for_sale,
        "won_auction_this_round": s.won_auction,
    }


def ending(state: PhoeniciaState) -> str:
    """Why a finished game ended."""
    if state.capped:
        return "the round cap"
    if max(s.vp for s in state.settlements) >= VICTORY_POINTS:
        return f"{VICTORY_POINTS} victory points"
    return f"no player could reach {VICTORY_POINTS} victory points any more"


def build_view(state: PhoeniciaState, player: int | str | None) -> dict[str, Any]:
    n = state.num_players
    seat = player if isinstance(player, int) else None
    auction = state.auction
    view: dict[str, Any] = {
        "game": "phoenicia",
        "players": n,
        "viewer": player,
        "round": state.round,
        "overlord": state.overlord,
        "turn_seat": None if state.over else state.turn_seat,
        "turn_order": [(state.overlord + i) % n for i in range(n)],
        "finished_turns": 0 if state.over else state.turn,
        "part": PART_NAMES[state.part],
        "phase": OVER if state.over else (AUCTION if auction is not None else TURN),
        "current_player": state.current_player,
        "victory_points_to_win": VICTORY_POINTS,
        "for_auction": [CARDS[c].name for c in state.display],
        "cards_for_auction": offered(state, seat),
        "development_decks": [len(p) for p in state.dev_piles],
        "production_deck_size": len(state.prod_deck),
        "production_discards": sorted(state.prod_discards),
        "settlements": [settlement_view(s) for s in state.settlements],
        "scores": state.scores,
        "winners": state.winners,
    }
    if state.over:
        view["ending"] = ending(state)
    if auction is not None:
        view["auction"] = {
            "card": CARDS[auction.card].name,
            "card_facts": card_facts(auction.card),
            "auctioneer": auction.auctioneer,
            "opened": auction.opened,
            "high_bid": auction.high_bid if auction.opened else None,
            "high_bidder": auction.high_bidder if auction.opened else None,
            "lowest_bid": auction.lowest_bid,
            "bidders": list(auction.bidders),
            "bids": [list(b) for b in auction.bids],
            "minimum_bid": CARDS[auction.card].min_bid,
            "discounts": [s.discount[auction.card] for s in state.settlements],
        }
    if player is None or state.over:
        view["hands"] = [[card_text(c) for c in s.hand] for s in state.settlements]
    if seat is not None:
        hand = state.settlements[seat].hand
        view["hand"] = [card_text(c) for c in hand]
        view["wealth"] = sum(CARD_VALUE[c] for c in hand) + state.settlements[seat].disks
    if player is None or (seat is not None and seat == state.current_player):
        view["legal_actions"] = [str(a) for a in state.legal_actions()]
    return view
