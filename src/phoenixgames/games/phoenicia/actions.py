"""Phoenicia actions, their notation and the parser that reads it back.

Notation:
- ``auction tracker``: start an auction on a face-up development card; the opening bid follows as the
  auctioneer's first ``bid`` (two decisions, so that the action table stays small: see
  :func:`action_table` and ``docs/rules/phoenicia.md``);
- ``bid 4`` (the opening bid, at least the card's minimum; then one more than the last bid at least)
  and ``pass`` (leave the auction, once it is open);
- ``train``, ``employ farming``, ``shift hunting mining`` (turn part b);
- ``tool mining`` (buy a tool disk), ``vp`` (buy a victory point at the City Centre) (turn part c);
- ``end`` (end the turn) or ``convert 5`` (turn a production card worth 5 into disks, then end the turn).

Action values are interned: the tables below build each one once, so legal moves are built by lookup.
An action built by hand with fields that are no card, activity or whole number still prints (its
notation shows the field as it is) and is refused with the reason (``refusals.malformed``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ...engine import Action, IllegalAction
from .components import (
    ACTIVITIES,
    ACTIVITY_BY_NAME,
    CARD_BY_CODE,
    CARDS,
    GAME,
    IMPROVED_TREASURY_LIMIT,
    PRESET_VALUE,
    PRODUCTION_VALUES,
    START_STOREHOUSES,
    Activity,
    DevelopmentCard,
    copies_for,
)

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
    """Start an auction on a face-up development card; the auctioneer's opening bid comes next."""

    card: DevelopmentCard

    def __str__(self) -> str:
        return f"auction {_word(self.card)}"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid in the auction in progress: the opening bid at least the card's minimum bid, every later one
    at least one more than the last bid."""

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount!s}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Leave the auction in progress (once the auctioneer has opened it)."""

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


#: One StartAuction per card type, by its id.
START: tuple[StartAuction, ...] = tuple(StartAuction(card) for card in CARDS)
#: BIDS[amount]: the bid of that amount, for every amount the parser reads.
BIDS: tuple[Bid, ...] = tuple(Bid(amount) for amount in range(MAX_BID + 1))


def bid(amount: int) -> Bid:
    """The interned bid of ``amount`` (a whole number from 0 to ``MAX_BID``)."""
    return BIDS[amount]


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
    "actions are written like 'auction tracker' (then the opening bid: 'bid 4'), 'bid 5', 'pass', 'train', "
    "'employ farming', "
    "'shift hunting mining', 'tool mining', 'vp', 'end' or 'convert 5'"
)
# ASCII digits only: str.isdigit and \d accept digits of other scripts that no bid is written in.
_AUCTION_RE = re.compile(r"auction ([a-z-]+)( [0-9]+)?")
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


def _shortened(digits: str) -> str:
    """A number as a message repeats it: cut short past 12 digits."""
    return digits if len(digits) <= 12 else digits[:12] + "..."


def _amount(text: str) -> int:
    """A number of ASCII digits, read only if it is small enough to be a bid."""
    if len(text.lstrip("0")) > len(str(MAX_BID)) or int(text) > MAX_BID:
        raise IllegalAction(f"{_shortened(text)} is more than any settlement can pay")
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
        if m.group(2):
            raise IllegalAction(
                f"an auction is started in two steps: first 'auction {card.code}', then the opening bid, "
                f"'bid {_shortened(m.group(2).strip())}'"
            )
        return START[card.id]
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


def highest_bid(players: int) -> int:
    """The most any settlement can ever bid with ``players`` players: wealth, at most a production card
    worth the most in each storehouse it could have and a full improved treasury (during a round wealth
    only goes down from there: ``invariants``), plus the largest discount it could have on one card."""
    copies = copies_for(players)
    storehouses = START_STOREHOUSES + sum(card.storehouses * copies[card.id] for card in CARDS)
    storehouses += sum(a.storehouse_per_worker * a.circles for a in ACTIVITIES)
    discounts = [0] * len(CARDS)
    for giver in CARDS:
        for target, sizes in giver.discounts:
            discounts[target] += sum(sizes[min(k, len(sizes) - 1)] for k in range(copies[giver.id]))
    return max(PRODUCTION_VALUES) * storehouses + IMPROVED_TREASURY_LIMIT + max(discounts)


#: TOP_BID[players]: the last bid of the action table, :func:`highest_bid` of the printed game. A game
#: whose parameters let a settlement hold more stops its bids there (``ruleset.py``).
TOP_BID: tuple[int, ...] = tuple(highest_bid(n) if n >= 2 else 0 for n in range(GAME["max_players"] + 1))


def action_table(players: int, options: dict[str, Any]) -> tuple[Action, ...]:
    """Every action that can ever be legal with ``players`` players, in a stable order: an auction for
    each card type, every bid from the lowest minimum bid to :func:`highest_bid`, then pass and the
    actions of turn parts b and c. The options change nothing here."""
    lowest = min(card.min_bid for card in CARDS)
    shifts = [shift for row in SHIFT for shift in row if shift is not None]
    return (
        *START,
        *BIDS[lowest : highest_bid(players) + 1],
        PASS,
        TRAIN,
        *EMPLOY,
        *shifts,
        *TOOL,
        BUY_VP,
        END,
        *CONVERT.values(),
    )


_EARLIER_AUCTION_RE = re.compile(r"auction ([a-z-]+) ([0-9]{1,12})")


def earlier_notation(text: str) -> list[str] | None:
    """An auction opened in one decision, as records did before it took two (``auction tracker 4``):
    the decisions it is now (``auction tracker``, ``bid 4``); ``None`` for any other text."""
    found = _EARLIER_AUCTION_RE.fullmatch(text)
    if found is None:
        return None
    return [f"auction {found.group(1)}", f"bid {found.group(2)}"]
