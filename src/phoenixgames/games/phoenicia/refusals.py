"""Why an action is refused, in the player's terms. Only what the seat to act may know is named."""

from __future__ import annotations

from typing import TYPE_CHECKING

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
from .components import ACTIVITIES, CARDS, CITY_CENTRE, VP_LIMIT, VP_PRICE, Activity, DevelopmentCard

if TYPE_CHECKING:
    from .state import PhoeniciaState

PART_NAMES = ("starting auctions", "training, employing and shifting workers", "buying tools")


def _cannot_pay(what: str, cost: int) -> str:
    return f"you cannot pay {cost} for {what}: your production cards and disks do not cover it"


KINDS = (StartAuction, Bid, Pass, Train, Employ, Shift, BuyTool, BuyVictoryPoint, EndTurn, Convert)


def _is_listed(value: object, kind: type[DevelopmentCard | Activity], listed: tuple) -> bool:
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
    kind = action.__class__
    if kind not in KINDS:
        return f"a {kind.__name__} is not an action of Phoenicia"
    activities = ", ".join(a.name for a in ACTIVITIES)
    if kind is StartAuction:
        if not _is_card(action.card):
            return f"{action.card!r} is not a Phoenicia development card: an auction is for one of the cards"
        if not _is_whole(action.bid):
            return f"an opening bid is a whole number, not {action.bid!r}"
    elif kind is Bid and not _is_whole(action.amount):
        return f"a bid is a whole number, not {action.amount!r}"
    elif kind in (Employ, BuyTool) and not _is_activity(action.activity):
        return f"{action.activity!r} is not an activity: the activities are {activities}"
    elif kind is Shift:
        for end in (action.source, action.target):
            if not _is_activity(end):
                return f"{end!r} is not an activity: the activities are {activities}"
        if action.target.tool_cost <= action.source.tool_cost:
            return f"a worker can only be shifted to a costlier activity, not from {action.source} to {action.target}"
    elif kind is Convert and not (_is_whole(action.value) and action.value in CONVERT):
        return f"no production card is worth {action.value!r}: they are worth 4, 5 or 6"
    return None


def why_illegal(state: PhoeniciaState, action: Action) -> str:
    wrong = malformed(action)
    if wrong is not None:
        return wrong
    kind = action.__class__
    auction = state.auction
    if auction is not None:
        card = CARDS[auction.card]
        seat = auction.bidders[auction.to_act]
        if kind is Bid:
            if action.amount <= auction.high_bid:
                return f"a bid must be at least one more than the last bid ({auction.high_bid})"
            s = state.settlements[seat]
            return (
                f"you cannot pay a bid of {action.amount} on the {card.name}: your production cards, disks "
                f"and discount ({s.discount[card.id]}) do not cover it"
            )
        return f"an auction for the {card.name} is in progress: seat {seat} bids more than {auction.high_bid} or passes"
    if kind in (Bid, Pass):
        return "no auction is in progress: bids and passes belong to an auction"
    s = state.settlements[state.turn_seat]
    wealth = s.wealth
    if kind is StartAuction:
        card = action.card
        if card.id not in state.display:
            names = ", ".join(CARDS[c].code for c in sorted(set(state.display))) or "none"
            return f"the {card.name} is not up for auction (for auction now: {names})"
        if state.part > 0:
            return f"auctions come first in a turn: you are already {PART_NAMES[state.part]}"
        if s.won_auction and state.options["first_game_auctions"]:
            return "you won an auction this round, so you may not start another (first-game rule)"
        if action.bid < card.min_bid:
            return f"the opening bid on the {card.name} must be at least its minimum bid, {card.min_bid}"
        return (
            f"you cannot pay a bid of {action.bid} on the {card.name}: your production cards, disks "
            f"and discount ({s.discount[card.id]}) do not cover it"
        )
    if kind in (Train, Employ, Shift) and state.part > 1:
        return "workers are trained, employed and shifted before tools are bought: you are already buying tools"
    if kind is Train:
        if not s.untrained:
            return "you have no untrained worker to train"
        return _cannot_pay("training a worker", s.training_cost)
    if kind in (Employ, Shift, BuyTool):
        target = action.target if kind is Shift else action.activity
        if kind is Employ and not s.trained:
            return "you have no trained worker to employ"
        if kind is Shift and not s.workers[action.source.id]:
            return f"you have no worker in {action.source.name} to shift"
        if not s.has_tile(target.id):
            return f"your settlement has no {target.name} tile"
        full = s.workers[target.id] + s.tools[target.id] >= target.circles
        if full and not (kind is Employ and s.tools[target.id]):
            return f"every circle of your {target.name} tile is taken ({target.circles})"
        verb = {Employ: "employing a worker in", Shift: "shifting a worker to", BuyTool: "a tool disk for"}[kind]
        return _cannot_pay(f"{verb} {target.name}", target.tool_cost)
    if kind is BuyVictoryPoint:
        if not s.owned[CITY_CENTRE]:
            return "victory points are bought only at a City Centre, and you have none"
        if not s.vp_for_sale:
            return f"you have bought the City Centre's {VP_LIMIT} victory points already"
        if wealth < VP_PRICE:
            return _cannot_pay("a victory point", VP_PRICE)
    if kind is Convert:
        return f"you hold no production card worth {action.value}"
    return f"{action} is not a legal action now"
