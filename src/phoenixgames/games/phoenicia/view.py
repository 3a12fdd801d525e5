"""What one seat may know of a Phoenicia game, as plain JSON-able data.

Public: every settlement (tiles with their workers and tool disks, training ground, storehouses,
treasury disks, development cards bought, discounts, victory points and production), how many
production cards each player holds (and a preset card still held), the cards up for auction, the
auction in progress with its bids, the sizes of the decks, the production discards, the Overlord.
Private: the values of the other players' production cards; the order of every deck. Once the game
is over: every hand, and why the game ended (``ending``).

Each card up for auction comes with its facts (``card_facts``: set, minimum bid, production, victory
points, storehouses, workers, ability and discounts granted, in words as ``effect``), so that a bid can
be judged from the view alone; a seat's view adds its own discount and price at the minimum bid. Where
each settlement's victory points and production come from (``sources``: each activity's workers, each
development card bought, the City Centre) is there for a scoring broken down. A spectator's view
(``PUBLIC``) is a seat's without the hand and the wealth. The views that list the legal actions (the seat
to act's, the referee's) add, during an auction, what each bid allowed would cost the seat to act after
its discount (``bid_prices``); the views that show every hand (the referee's, and every view once the
game is over) add each seat's unspent production, cards and disks (``unspent``), the last tie-break.

:func:`observed_view` is the part of a seat's view that the observation encoding reads (``encoding.py``),
built fast for a learning agent's every step: the same values as :func:`build_view`'s, some of them
shared from one call to the next (each settlement's view, made again only once the settlement has
changed, and each card's facts), so nobody may change what it returns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Bid
from .components import ACTIVITIES, CARD_VALUE, CARDS, PRESET, card_text
from .phases import AUCTION, OVER, PART_NAMES, TURN

if TYPE_CHECKING:
    from .auction import Auction
    from .ruleset import Ruleset
    from .settlement import Settlement
    from .state import PhoeniciaState

SIDE_NAMES = ("basic", "improved", "advanced")


def card_facts(ruleset: Ruleset, card_id: int) -> dict[str, Any]:
    """A development card's facts, as printed on it (``data.toml``) or as the game's parameters change them."""
    card = ruleset.cards[card_id]
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
        "effect": ruleset.effect_text(card),
    }


#: Each card's facts, made once per ruleset (kept with it, so its id stays its own): shared by the
#: observed views only (a full view gets a copy of its own).
_SHARED_FACTS: dict[int, tuple[Ruleset, tuple[dict[str, Any], ...]]] = {}


def shared_facts(ruleset: Ruleset) -> tuple[dict[str, Any], ...]:
    found = _SHARED_FACTS.get(id(ruleset))
    if found is None or found[0] is not ruleset:
        if len(_SHARED_FACTS) >= 64:
            _SHARED_FACTS.pop(next(iter(_SHARED_FACTS)))
        found = (ruleset, tuple(card_facts(ruleset, card.id) for card in CARDS))
        _SHARED_FACTS[id(ruleset)] = found
    return found[1]


def offered(state: PhoeniciaState, seat: int | None) -> list[dict[str, Any]]:
    """The cards up for auction, each type once with its copies and facts; for a seat, its discount
    on each and what it would pay at the minimum bid."""
    cards = []
    for card_id in sorted(set(state.display)):
        facts = {**card_facts(state.ruleset, card_id), "copies": state.display.count(card_id)}
        if seat is not None:
            discount = state.settlements[seat].discount[card_id]
            facts["your_discount"] = discount
            facts["your_price_at_minimum"] = max(0, state.ruleset.min_bid[card_id] - discount)
        cards.append(facts)
    return cards


def _tiles(s: Settlement) -> list[dict[str, Any]]:
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
    return tiles


def _development_cards(s: Settlement) -> dict[str, int]:
    return {CARDS[c].name: n for c, n in enumerate(s.owned) if n}


def _discounts(s: Settlement) -> dict[str, dict[str, int]]:
    return {CARDS[c].name: {"amount": d, "cubes": s.cubes[c]} for c, d in enumerate(s.discount) if d}


def _settlement(
    s: Settlement, tiles: list[dict[str, Any]], cards: dict[str, int], discounts: dict[str, dict[str, int]]
) -> dict[str, Any]:
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
        "development_cards": cards,
        "discounts": discounts,
        "bought_vp": s.bought_vp,
        "vp_for_sale": s.vp_for_sale,
        "won_auction_this_round": s.won_auction,
    }


def sources(s: Settlement) -> dict[str, Any]:
    """Where a settlement's victory points and production come from: every activity (its tile, whether
    the settlement has it yet, and what the next worker there would add), every development card bought
    (with its effect, since the cards bought are shown with it) and the VP bought at the City Centre.
    Their VP add up to the settlement's, their production to its production."""
    activities = {}
    for a in ACTIVITIES:
        side = s.side(a.id)
        workers = s.workers[a.id]
        now = a.tile_production(workers, side)
        activities[a.name] = {
            "tile": s.has_tile(a.id),
            "given_by": a.given_by,
            "workers": workers,
            "vp_per_worker": a.vp,
            "vp": a.vp * workers,
            "production": now,
            "next_worker_production": a.tile_production(workers + 1, side) - now,
        }
    ruleset = s.ruleset
    played = ruleset.cards
    cards = {
        played[c].name: {
            "copies": n,
            "vp": played[c].vp * n,
            "production": played[c].production * n,
            "effect": ruleset.effect_text(played[c]),
        }
        for c, n in enumerate(s.owned)
        if n
    }
    return {"activities": activities, "development_cards": cards, "city_centre_vp": s.bought_vp}


def settlement_view(s: Settlement) -> dict[str, Any]:
    """The public part of a settlement."""
    return _settlement(s, _tiles(s), _development_cards(s), _discounts(s))


def ending(state: PhoeniciaState) -> str:
    """Why a finished game ended."""
    if state.capped:
        return "the round cap"
    goal = state.ruleset.vp_goal
    if max(s.vp for s in state.settlements) >= goal:
        return f"{goal} victory points"
    return f"no player could reach {goal} victory points any more"


def phase(state: PhoeniciaState) -> str:
    """The phase a view names: ``turn``, ``auction`` (an auction on top of a turn) or ``over``."""
    return OVER if state.over else (AUCTION if state.auction is not None else TURN)


def auction_view(state: PhoeniciaState, auction: Auction, facts: dict[str, Any]) -> dict[str, Any]:
    """The auction in progress, with ``facts``, the facts of the card for sale."""
    return {
        "card": CARDS[auction.card].name,
        "card_facts": facts,
        "auctioneer": auction.auctioneer,
        "opened": auction.opened,
        "high_bid": auction.high_bid if auction.opened else None,
        "high_bidder": auction.high_bidder if auction.opened else None,
        "lowest_bid": state.lowest_bid,
        "bidders": list(auction.bidders),
        "bids": [list(b) for b in auction.bids],
        "minimum_bid": state.ruleset.min_bid[auction.card],
        "discounts": [s.discount[auction.card] for s in state.settlements],
    }


#: Each production card's code as shown (``card_text``).
_CARD_TEXT = tuple(card_text(code) for code in range(len(CARD_VALUE)))


def add_hand(state: PhoeniciaState, seat: int, view: dict[str, Any]) -> None:
    """The seat's own production cards and its wealth (cards and treasury disks), into ``view``."""
    hand = state.settlements[seat].hand
    view["hand"] = [_CARD_TEXT[c] for c in hand]
    view["wealth"] = sum([CARD_VALUE[c] for c in hand]) + state.settlements[seat].disks


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
        "phase": phase(state),
        "current_player": state.current_player,
        "victory_points_to_win": state.ruleset.vp_goal,
        "for_auction": [CARDS[c].name for c in state.display],
        "cards_for_auction": offered(state, seat),
        "development_decks": [len(p) for p in state.dev_piles],
        "production_deck_size": len(state.prod_deck),
        "production_discards": sorted(state.prod_discards),
        "settlements": [settlement_view(s) for s in state.settlements],
        "sources": [sources(s) for s in state.settlements],
        "scores": state.scores,
        "winners": state.winners,
    }
    if state.over:
        view["ending"] = ending(state)
    if auction is not None:
        view["auction"] = auction_view(state, auction, card_facts(state.ruleset, auction.card))
    if player is None or state.over:
        view["hands"] = [[card_text(c) for c in s.hand] for s in state.settlements]
        view["unspent"] = [s.wealth for s in state.settlements]  # the last tie-break (PHN-81)
    if seat is not None:
        add_hand(state, seat, view)
    if player is None or (seat is not None and seat == state.current_player):
        legal = state.legal_actions()
        view["legal_actions"] = [str(a) for a in legal]
        if auction is not None:
            view["bid_prices"] = bid_prices(state, auction, legal)
    return view


def bid_prices(state: PhoeniciaState, auction: Auction, legal: list[Any]) -> dict[str, int]:
    """What each bid the seat to act may make would cost it if it won at that bid: the bid less its
    discount on the card, never below 0 (PHN-25), by the bid's amount (as text)."""
    discount = state.settlements[auction.bidders[auction.to_act]].discount[auction.card]
    return {str(a.amount): max(0, a.amount - discount) for a in legal if isinstance(a, Bid)}


class SharedSettlementView(dict[str, Any]):
    """A settlement's view, equal to what :func:`settlement_view` gives, shared by the observed views of
    that settlement for as long as it stays the same: nobody may change it. ``previous`` is the view of
    the settlement it was made after, whose tiles, development cards and discounts it shares (the same
    objects) where they did not change; ``derived`` keeps what a reader works out from it once (the
    observation encoding keeps its numbers there)."""

    __slots__ = ("derived", "previous")

    def __init__(self, view: dict[str, Any], previous: SharedSettlementView | None = None) -> None:
        super().__init__(view)
        self.derived: dict[Any, Any] = {}
        self.previous = previous


#: Per settlement observed (by its id): the settlement, a copy of it as it was then, and its shared view.
#: Each entry holds its settlement, so no other object can take that id while it is kept; emptied when
#: it holds this many (the games in progress make theirs again at once).
_OBSERVED: dict[int, tuple[Settlement, Settlement, SharedSettlementView]] = {}
_OBSERVED_MOST = 1024


def _remade(s: Settlement, then: Settlement, old: SharedSettlementView) -> SharedSettlementView:
    """The view of ``s``, changed since ``old`` was made of it (when it was ``then``): a new view sharing
    the parts of ``old`` that stand."""
    same_cards = s.owned == then.owned
    same_tiles = same_cards and s.workers == then.workers and s.tools == then.tools
    old.previous = None  # one step back is all a reader needs
    view = _settlement(
        s,
        old["tiles"] if same_tiles else _tiles(s),
        old["development_cards"] if same_cards else _development_cards(s),
        old["discounts"] if s.discount == then.discount and s.cubes == then.cubes else _discounts(s),
    )
    return SharedSettlementView(view, old)


def shared_settlement_views(settlements: list[Settlement]) -> list[SharedSettlementView]:
    """The views of ``settlements``, each made again only once something its view reads has changed (its
    hand compared exactly)."""
    views = []
    for s in settlements:
        found = _OBSERVED.get(id(s))
        if found is None or found[0] is not s:
            if len(_OBSERVED) >= _OBSERVED_MOST:
                _OBSERVED.clear()
            view = SharedSettlementView(settlement_view(s))
        else:
            then, view = found[1], found[2]
            if (
                s.vp == then.vp
                and s.disks == then.disks
                and s.hand == then.hand
                and s.workers == then.workers
                and s.tools == then.tools
                and s.trained == then.trained
                and s.untrained == then.untrained
                and s.production == then.production
                and s.storehouses == then.storehouses
                and s.bought_vp == then.bought_vp
                and s.won_auction == then.won_auction
                and s.owned == then.owned
                and s.discount == then.discount
                and s.cubes == then.cubes
            ):
                views.append(view)
                continue
            view = _remade(s, then, view)
        _OBSERVED[id(s)] = (s, s.copy(), view)
        views.append(view)
    return views


def observed_view(state: PhoeniciaState, seat: int) -> dict[str, Any]:
    """The part of ``build_view(state, seat)`` that the observation encoding reads: all but the game's
    name and player count, the turn order and the points to win (the Overlord and the rules give them),
    the cards for auction with their facts in full (their names are enough), the scores (each
    settlement's points), the ending and the hands shown at the end, and the legal actions as text. Its
    settlements and the facts of the card for auction are shared with other calls: read it, never change
    it."""
    over = state.over
    auction = state.auction
    view: dict[str, Any] = {
        "viewer": seat,
        "round": state.round,
        "overlord": state.overlord,
        "turn_seat": None if over else state.turn_seat,
        "finished_turns": 0 if over else state.turn,
        "part": PART_NAMES[state.part],
        "phase": phase(state),
        "current_player": state.current_player,
        "for_auction": [CARDS[c].name for c in state.display],
        "development_decks": [len(p) for p in state.dev_piles],
        "production_deck_size": len(state.prod_deck),
        "production_discards": sorted(state.prod_discards),
        "settlements": shared_settlement_views(state.settlements),
        "winners": state.winners,
    }
    if auction is not None:
        view["auction"] = auction_view(state, auction, shared_facts(state.ruleset)[auction.card])
    add_hand(state, seat, view)
    return view
