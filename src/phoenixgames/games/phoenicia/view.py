"""What one seat may know of a Phoenicia game, as plain JSON-able data.

Public: every settlement (tiles with their workers and tool disks, training ground, storehouses,
treasury disks, development cards bought, discounts, victory points and production), how many
production cards each player holds (and a preset card still held), the cards up for auction, the
auction in progress with its bids, the sizes of the decks, the production discards, the Overlord.
Private: the values of the other players' production cards; the order of every deck. Once the game
is over: every hand, and why the game ended (``ending``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .components import ACTIVITIES, CARD_VALUE, CARDS, PRESET, VICTORY_POINTS, card_text

if TYPE_CHECKING:
    from .settlement import Settlement
    from .state import PhoeniciaState

SIDE_NAMES = ("basic", "improved", "advanced")
PART_NAMES = ("auctions", "workers", "tools")


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


def build_view(state: PhoeniciaState, player: int | None) -> dict[str, Any]:
    n = state.num_players
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
        "phase": "over" if state.over else ("auction" if auction is not None else "turn"),
        "current_player": state.current_player,
        "victory_points_to_win": VICTORY_POINTS,
        "for_auction": [CARDS[c].name for c in state.display],
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
            "auctioneer": auction.auctioneer,
            "high_bid": auction.high_bid,
            "high_bidder": auction.high_bidder,
            "bidders": list(auction.bidders),
            "bids": [list(b) for b in auction.bids],
            "minimum_bid": CARDS[auction.card].min_bid,
        }
    if player is None or state.over:
        view["hands"] = [[card_text(c) for c in s.hand] for s in state.settlements]
    if player is not None:
        hand = state.settlements[player].hand
        view["hand"] = [card_text(c) for c in hand]
        view["wealth"] = sum(CARD_VALUE[c] for c in hand) + state.settlements[player].disks
    if player is None or player == state.current_player:
        view["legal_actions"] = [str(a) for a in state.legal_actions()]
    return view
