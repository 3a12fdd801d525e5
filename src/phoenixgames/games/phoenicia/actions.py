"""Phoenicia actions, their notation and the parser that reads it back.

Notation:
- ``auction tracker 4``: start an auction on a face-up development card with an opening bid of 4;
- ``bid 5`` (raise the bid in the auction in progress) and ``pass`` (leave it);
- ``train``, ``employ farming``, ``shift hunting mining`` (turn part b);
- ``tool mining`` (buy a tool disk), ``vp`` (buy a victory point at the City Centre) (turn part c);
- ``end`` (end the turn) or ``convert 5`` (turn a production card worth 5 into disks, then end the turn).

Action values are interned: the tables below build each one once, so legal moves are built by lookup.
An action built by hand with fields that are no card, activity or whole number still prints (its
notation shows the field as it is) and is refused with the reason (``rules_text.malformed``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...engine import Action, IllegalAction
from .components import ACTIVITIES, ACTIVITY_BY_NAME, CARD_BY_CODE, CARDS, PRESET_VALUE, Activity, DevelopmentCard

#: Bids above this are refused as unreadable (no settlement can pay that much).
MAX_BID = 400


def _word(field: object) -> str:
    """A card or an activity as written in notation; anything else (a forged action's field) as its repr."""
    if isinstance(field, DevelopmentCard):
        return str(field.code)
    if isinstance(field, Activity):
        return str(field.name)
    return repr(field)


@dataclass(frozen=True, slots=True)
class StartAuction(Action):
    """Start an auction on a face-up development card with an opening bid."""

    card: DevelopmentCard
    bid: int

    def __str__(self) -> str:
        return f"auction {_word(self.card)} {self.bid!s}"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid in the auction in progress: at least one more than the last bid."""

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount!s}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Leave the auction in progress."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Train(Action):
    """Pay to move a worker from the untrained to the trained section of the training ground."""

    def __str__(self) -> str:
        return "train"


@dataclass(frozen=True, slots=True)
class Employ(Action):
    """Employ a trained worker in an activity: pay its tool cost, or use a tool disk lying there."""

    activity: Activity

    def __str__(self) -> str:
        return f"employ {_word(self.activity)}"


@dataclass(frozen=True, slots=True)
class Shift(Action):
    """Shift a worker to a costlier activity, paying its full tool cost; a tool disk covers the old place."""

    source: Activity
    target: Activity

    def __str__(self) -> str:
        return f"shift {_word(self.source)} {_word(self.target)}"


@dataclass(frozen=True, slots=True)
class BuyTool(Action):
    """Buy a tool disk for an activity, paying its tool cost, for a worker to come."""

    activity: Activity

    def __str__(self) -> str:
        return f"tool {_word(self.activity)}"


@dataclass(frozen=True, slots=True)
class BuyVictoryPoint(Action):
    """Buy a victory point at the City Centre."""

    def __str__(self) -> str:
        return "vp"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the turn; the storage and treasury limits then apply."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Convert(Action):
    """Turn one production card of this value into disks in the treasury, then end the turn."""

    value: int

    def __str__(self) -> str:
        return f"convert {self.value!s}"


_OPENINGS: dict[tuple[int, int], StartAuction] = {}
_BIDS: dict[int, Bid] = {}


def start_auction(card: int, bid: int) -> StartAuction:
    action = _OPENINGS.get((card, bid))
    if action is None:
        action = _OPENINGS[card, bid] = StartAuction(CARDS[card], bid)
    return action


def bid(amount: int) -> Bid:
    action = _BIDS.get(amount)
    if action is None:
        action = _BIDS[amount] = Bid(amount)
    return action


PASS = Pass()
TRAIN = Train()
END = EndTurn()
BUY_VP = BuyVictoryPoint()
EMPLOY: tuple[Employ, ...] = tuple(Employ(a) for a in ACTIVITIES)
TOOL: tuple[BuyTool, ...] = tuple(BuyTool(a) for a in ACTIVITIES)
SHIFT: tuple[tuple[Shift | None, ...], ...] = tuple(
    tuple(Shift(a, b) if b.tool_cost > a.tool_cost else None for b in ACTIVITIES) for a in ACTIVITIES
)
CONVERT: dict[int, Convert] = {v: Convert(v) for v in (4, 5, 6, PRESET_VALUE)}

NOTATION_HELP = (
    "actions are written like 'auction tracker 4', 'bid 5', 'pass', 'train', 'employ farming', "
    "'shift hunting mining', 'tool mining', 'vp', 'end' or 'convert 5'"
)
# ASCII digits only: str.isdigit and \d accept digits of other scripts that no bid is written in.
_AUCTION_RE = re.compile(r"auction ([a-z-]+) ([0-9]+)")
_NUMBER_RE = re.compile(r"(bid|convert) ([0-9]+)")
_ONE_ACTIVITY_RE = re.compile(r"(employ|tool) ([a-z]+)")
_SHIFT_RE = re.compile(r"shift ([a-z]+) ([a-z]+)")
_SIMPLE = {"pass": PASS, "train": TRAIN, "end": END, "end turn": END, "vp": BUY_VP}


def _activity(name: str) -> Activity:
    activity = ACTIVITY_BY_NAME.get(name)
    if activity is None:
        names = ", ".join(a.name for a in ACTIVITIES)
        raise IllegalAction(f"{name!r} is not an activity: the activities are {names}")
    return activity


def _amount(text: str) -> int:
    """A number of ASCII digits, read only if it is small enough to be a bid."""
    if len(text.lstrip("0")) > len(str(MAX_BID)) or int(text) > MAX_BID:
        raise IllegalAction(f"{text if len(text) <= 12 else text[:12] + '...'} is more than any settlement can pay")
    return int(text)


def parse_action(text: str) -> Action:
    """Read normalised notation; raise IllegalAction if it names no Phoenicia action."""
    if text in _SIMPLE:
        return _SIMPLE[text]
    if m := _AUCTION_RE.fullmatch(text):
        card = CARD_BY_CODE.get(m.group(1))
        if card is None:
            raise IllegalAction(
                f"{m.group(1)!r} is not a development card: cards are written like "
                "tracker, indentured-worker, dye-house"
            )
        return start_auction(card.id, _amount(m.group(2)))
    if m := _NUMBER_RE.fullmatch(text):
        value = _amount(m.group(2))
        if m.group(1) == "bid":
            return bid(value)
        if value not in CONVERT:
            raise IllegalAction(f"there is no production card worth {value}: they are worth 4, 5 or 6")
        return CONVERT[value]
    if m := _ONE_ACTIVITY_RE.fullmatch(text):
        activity = _activity(m.group(2))
        return EMPLOY[activity.id] if m.group(1) == "employ" else TOOL[activity.id]
    if m := _SHIFT_RE.fullmatch(text):
        source, target = _activity(m.group(1)), _activity(m.group(2))
        shift = SHIFT[source.id][target.id]
        if shift is None:
            raise IllegalAction(
                f"a worker can only be shifted to a costlier activity: {target.name} costs "
                f"{target.tool_cost}, {source.name} {source.tool_cost}"
            )
        return shift
    raise IllegalAction(f"cannot read {text!r}: {NOTATION_HELP}")
