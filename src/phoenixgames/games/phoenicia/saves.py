"""Reading a saved Phoenicia state back: every field of the right type, shape and range.

A referee's save is proved by replaying its record. A perspective copy's save has no seed, so nothing
can replay it (the engine has checked that the file is as it was written, ``engine/digest.py``):
:func:`read_state` checks each field as it reads it (exact keys, whole numbers, list lengths, card and
activity ids), and then ``invariants.check_state`` checks everything that must hold in a game. Any
failure raises ``ValueError`` or :class:`InvariantError`, which the engine reports as ``InvalidGameFile``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.fields import plan
from .auction import Auction
from .components import (
    NUM_ACTIVITIES,
    NUM_CARDS,
    PRESET,
    PRODUCTION_VALUES,
    SETS,
)
from .phases import NO_SEAT, PART_NAMES
from .settlement import Settlement

if TYPE_CHECKING:
    from .ruleset import Ruleset
    from .state import PhoeniciaState

HAND_CODES = frozenset((PRESET, *PRODUCTION_VALUES))
#: No number in a save is larger (the wealth a settlement receives in a game is a few hundred).
LARGEST = 10**6


def whole(value: Any, what: str, low: int = 0, high: int = LARGEST) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``; else ``ValueError`` naming ``what``."""
    if value.__class__ is not int:
        raise ValueError(f"{what} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise ValueError(f"{what} must be from {low} to {high}, not {value}")
    return value


def numbers(value: Any, what: str, length: int | None = None, low: int = 0, high: int = LARGEST) -> list[int]:
    """A new list of whole numbers from ``low`` to ``high`` (``length`` of them, if given)."""
    if value.__class__ is not list:
        raise ValueError(f"{what} must be a list, not {value!r}")
    if length is not None and len(value) != length:
        raise ValueError(f"{what} must hold {length} entries, not {len(value)}")
    return [whole(v, what, low, high) for v in value]


def flag(value: Any, what: str) -> bool:
    if value.__class__ is not bool:
        raise ValueError(f"{what} must be true or false, not {value!r}")
    return value


def fields(data: Any, keys: frozenset[str], what: str) -> dict[str, Any]:
    """``data`` if it is an object with exactly ``keys``."""
    if data.__class__ is not dict:
        raise ValueError(f"{what} must be an object, not {data!r}")
    if set(data) != keys:
        missing, extra = sorted(keys - set(data)), sorted(set(data) - keys)
        raise ValueError(f"{what} has no {missing[0]!r}" if missing else f"{what} has an unknown entry {extra[0]!r}")
    return data


def read_settlement(data: Any, seat: int, ruleset: Ruleset) -> Settlement:
    where = f"seat {seat}'s settlement"
    data = fields(data, frozenset(plan(Settlement).saved), where)
    s = Settlement()
    s.ruleset = ruleset
    for name in ("untrained", "trained", "storehouses", "disks", "vp", "production", "bought_vp"):
        setattr(s, name, whole(data[name], f"{where}: {name}"))
    for name in ("received", "spent", "lost"):
        setattr(s, name, whole(data[name], f"{where}: {name}"))
    s.workers = numbers(data["workers"], f"{where}: workers", NUM_ACTIVITIES)
    s.tools = numbers(data["tools"], f"{where}: tools", NUM_ACTIVITIES)
    for name in ("owned", "discount", "cubes"):
        setattr(s, name, numbers(data[name], f"{where}: {name}", NUM_CARDS))
    s.hand = numbers(data["hand"], f"{where}: hand", high=max(HAND_CODES))
    if any(c not in HAND_CODES for c in s.hand) or s.hand != sorted(s.hand):
        raise ValueError(f"{where}: the hand holds an unknown production card or is out of order")
    s.won_auction = flag(data["won_auction"], f"{where}: won_auction")
    return s


def read_auction(data: Any, players: int) -> Auction:
    data = fields(data, frozenset(Auction.__slots__), "the auction")
    auction = Auction()
    auction.card = whole(data["card"], "the auction's card", high=NUM_CARDS - 1)
    auction.auctioneer = whole(data["auctioneer"], "the auctioneer", high=players - 1)
    auction.high_bid = whole(data["high_bid"], "the auction's high bid")
    auction.high_bidder = whole(data["high_bidder"], "the auction's high bidder", low=NO_SEAT, high=players - 1)
    auction.bidders = numbers(data["bidders"], "the auction's bidders", high=players - 1)
    auction.to_act = whole(data["to_act"], "the auction's seat to act", high=max(0, len(auction.bidders) - 1))
    bids = data["bids"]
    if bids.__class__ is not list:
        raise ValueError(f"the auction's bids must be a list of [seat, amount], not {bids!r}")
    auction.bids = [numbers(b, "a bid of the auction", 2) for b in bids]
    for seat, _ in auction.bids:
        whole(seat, "the seat of a bid", high=players - 1)
    return auction


def read_state(state: PhoeniciaState, data: Any) -> None:
    """Set ``state``'s fields from ``data`` (``_to_dict``'s output), checking each as it is read."""
    data = fields(data, frozenset(plan(state.__class__).saved), "the saved state")
    n = state.num_players
    piles = data["dev_piles"]
    if piles.__class__ is not list or len(piles) != SETS:
        raise ValueError(f"the development decks must be a list of {SETS} lists")
    state.dev_piles = [numbers(p, f"development deck {k + 1}", high=NUM_CARDS - 1) for k, p in enumerate(piles)]
    state.unsold = numbers(data["unsold"], "the unsold cards", NUM_CARDS)
    state.display = numbers(data["display"], "the cards for auction", high=NUM_CARDS - 1)
    state.prod_deck = numbers(
        data["prod_deck"], "the production deck", low=min(PRODUCTION_VALUES), high=max(PRODUCTION_VALUES)
    )
    state.prod_discards = numbers(
        data["prod_discards"], "the production discards", low=min(PRODUCTION_VALUES), high=max(PRODUCTION_VALUES)
    )
    state.overlord = whole(data["overlord"], "the Overlord", high=n - 1)
    state.round = whole(data["round"], "the round", low=1)
    state.turn = whole(data["turn"], "the turn", high=n)
    state.part = whole(data["part"], "the part of the turn", high=len(PART_NAMES) - 1)
    settlements = data["settlements"]
    if settlements.__class__ is not list or len(settlements) != n:
        raise ValueError(f"the save must hold {n} settlements")
    state.settlements = [read_settlement(s, seat, state.ruleset) for seat, s in enumerate(settlements)]
    state.auction = None if data["auction"] is None else read_auction(data["auction"], n)
    state.over = flag(data["over"], "over")
    state.capped = flag(data["capped"], "capped")
