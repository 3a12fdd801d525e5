"""Why an action is refused, in the player's terms. Only what the seat to act may know is named."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...engine import Action
from .actions import (
    CONVERT,
    Bid,
    BuyTool,
    BuyVictoryPoint,
    Convert,
    Employ,
    EndTurn,
    Pass,
    Shift,
    StartAuction,
    Train,
)
from .auction import Auction
from .components import ACTIVITIES, CARDS, CITY_CENTRE, Activity, DevelopmentCard
from .phases import AUCTIONS, PART_DOINGS, TOOLS

if TYPE_CHECKING:
    from .state import PhoeniciaState

KINDS = (StartAuction, Bid, Pass, Train, Employ, Shift, BuyTool, BuyVictoryPoint, EndTurn, Convert)


def _cannot_pay(what: str, cost: int) -> str:
    return f"you cannot pay {cost} for {what}: your production cards and disks do not cover it"


def _is_listed(value: object, kind: type[DevelopmentCard | Activity], listed: tuple[object, ...]) -> bool:
    """``value`` is a ``kind`` whose id is a whole number naming its own entry of ``listed``."""
    return (
        isinstance(value, kind)
        and value.id.__class__ is int
        and 0 <= value.id < len(listed)
        and listed[value.id] == value
    )


def _is_card(value: object) -> bool:
    return _is_listed(value, DevelopmentCard, CARDS)


def _is_activity(value: object) -> bool:
    return _is_listed(value, Activity, ACTIVITIES)


def _is_whole(value: object) -> bool:
    return value.__class__ is int


def malformed(action: Action) -> str | None:
    """Why an action built by hand is no Phoenicia action at all (a field that is no card, activity or
    whole number, or out of range), or ``None`` if its fields are sound."""
    if action.__class__ not in KINDS:
        return f"a {action.__class__.__name__} is not an action of Phoenicia"
    activities = ", ".join(a.name for a in ACTIVITIES)
    match action:
        case StartAuction(card=card) if not _is_card(card):
            return f"{card!r} is not a Phoenicia development card: an auction is for one of the cards"
        case Bid(amount=amount) if not _is_whole(amount):
            return f"a bid is a whole number, not {amount!r}"
        case Employ(activity=activity) | BuyTool(activity=activity) if not _is_activity(activity):
            return f"{activity!r} is not an activity: the activities are {activities}"
        case Shift(source=source, target=target):
            for end in (source, target):
                if not _is_activity(end):
                    return f"{end!r} is not an activity: the activities are {activities}"
            if target.tool_cost <= source.tool_cost:
                return f"a worker can only be shifted to a costlier activity, not from {source} to {target}"
        case Convert(value=value) if not (_is_whole(value) and value in CONVERT):
            return f"no production card is worth {value!r}: they are worth 4, 5 or 6"
    return None


def why_illegal(state: PhoeniciaState, action: Action) -> str:
    wrong = malformed(action)
    if wrong is not None:
        return wrong
    auction = state.auction
    if auction is not None:
        return _in_auction(state, action)
    if isinstance(action, (Bid, Pass)):
        return "no auction is in progress: bids and passes belong to an auction"
    s = state.settlements[state.turn_seat]
    match action:
        case StartAuction(card=card):
            if card.id not in state.display:
                names = ", ".join(CARDS[c].code for c in sorted(set(state.display))) or "none"
                return f"the {card.name} is not up for auction (for auction now: {names})"
            if state.part > AUCTIONS:
                return f"auctions come first in a turn: you are already {PART_DOINGS[state.part]}"
            if s.won_auction and state.options["first_game_auctions"]:
                return "you won an auction this round, so you may not start another (first-game rule)"
            card = state.ruleset.cards[card.id]
            return (
                f"you cannot open the auction on the {card.name} at its minimum bid, {card.min_bid}: your "
                f"production cards, disks and discount ({s.discount[card.id]}) do not cover it"
            )
        case Train() | Employ() | Shift() if state.part >= TOOLS:
            return "workers are trained, employed and shifted before tools are bought: you are already buying tools"
        case Train():
            if not s.untrained:
                return "you have no untrained worker to train"
            return _cannot_pay("training a worker", s.training_cost)
        case Employ(activity=target) | Shift(target=target) | BuyTool(activity=target):
            if isinstance(action, Employ) and not s.trained:
                return "you have no trained worker to employ"
            if isinstance(action, Shift) and not s.workers[action.source.id]:
                return f"you have no worker in {action.source.name} to shift"
            if not s.has_tile(target.id):
                return f"your settlement has no {target.name} tile"
            full = s.workers[target.id] + s.tools[target.id] >= target.circles
            if full and not (isinstance(action, Employ) and s.tools[target.id]):
                return f"every circle of your {target.name} tile is taken ({target.circles})"
            verb = {Employ: "employing a worker in", Shift: "shifting a worker to", BuyTool: "a tool disk for"}
            return _cannot_pay(f"{verb[action.__class__]} {target.name}", target.tool_cost)
        case BuyVictoryPoint():
            if not s.owned[CITY_CENTRE]:
                return "victory points are bought only at a City Centre, and you have none"
            if not s.vp_for_sale:
                return f"you have bought the City Centre's {state.ruleset.vp_limit} victory points already"
            if s.wealth < state.ruleset.vp_price:
                return _cannot_pay("a victory point", state.ruleset.vp_price)
        case Convert(value=value):
            return f"you hold no production card worth {value}"
    return f"{action} is not a legal action now"


def _in_auction(state: PhoeniciaState, action: Action) -> str:
    """Why ``action`` is refused while an auction is in progress."""
    auction = cast(Auction, state.auction)
    card = state.ruleset.cards[auction.card]
    seat = auction.bidders[auction.to_act]
    s = state.settlements[seat]
    match action:
        case Bid(amount=amount) if not auction.opened and amount < card.min_bid:
            return f"the opening bid on the {card.name} must be at least its minimum bid, {card.min_bid}"
        case Bid(amount=amount) if auction.opened and amount <= auction.high_bid:
            return f"a bid must be at least one more than the last bid ({auction.high_bid})"
        case Bid(amount=amount) if amount > state.top_bid and s.wealth + s.discount[card.id] >= amount:
            return f"no bid in this game goes above {state.top_bid}, the highest bid of its action table"
        case Bid(amount=amount):
            return (
                f"you cannot pay a bid of {amount} on the {card.name}: your production cards, disks "
                f"and discount ({s.discount[card.id]}) do not cover it"
            )
        case Pass() if not auction.opened:
            return (
                f"you put the {card.name} up for auction: open it with a bid of at least {card.min_bid} "
                "(passing comes after the opening bid)"
            )
    if not auction.opened:
        return f"the auction for the {card.name} is waiting for seat {seat}'s opening bid (at least {card.min_bid})"
    return f"an auction for the {card.name} is in progress: seat {seat} bids more than {auction.high_bid} or passes"
