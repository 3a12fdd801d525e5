"""Phoenicia's observation: a seat's view (``view.observed_view``) as a fixed-length vector of numbers.

The fields, in order (:func:`observation_fields` says what each index means and how it is scaled):
where the game stands (round, Overlord, whose turn, phase and part of the turn), the cards for auction
(by type, then each type on offer with its facts), the decks, the winners; the auction in progress (its
card, bids, who is still in and who has passed); the viewer's own production cards and wealth; then one
block of fields per settlement, the viewer's first, then the next seat clockwise, and so on.

A development card is written by its identity (one-hot over the 19 types, in the order of ``data.toml``)
followed by the numbers printed on it. Counts are divided by the most they can be at the player count,
worked out from the components (the same reasoning as ``facts.py`` and ``actions.highest_bid``).

Speed: a learning agent encodes at every step, so what does not change from one step to the next is
worked out once: each card's numbers; the display's, by the cards for auction; and each settlement's
block, kept with the shared settlement view it was read from (``view.SharedSettlementView``), and made
from the block of the view before it where the tiles, cards or discounts stand. ``encode`` writes the
vector's float array directly, at offsets taken once per layout from the fields (every index inside its
field), and reads a full ``view(seat)`` as well as the observed view, to the same vector.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import Any

from ...engine import InvariantError
from ...engine.bounded_cache import BoundedCache
from ...engine.encoding import ObservationLayout, ObservationWriter
from .actions import highest_bid
from .components import (
    ABILITIES,
    ACTIVITIES,
    CARDS,
    IMPROVED_TREASURY_LIMIT,
    NUM_CARDS,
    PRODUCTION_DECK,
    PRODUCTION_VALUES,
    SETS,
    START_STOREHOUSES,
    START_TRAINED,
    START_UNTRAINED,
    TRAINING_COST,
    VP_LIMIT,
    card_text,
    copies_for,
)
from .facts import score_range
from .parameters import PRINTED_RULES
from .phases import AUCTION, OVER, PART_NAMES, TURN
from .view import SIDE_NAMES, SharedSettlementView

CARD_NAMES = tuple(card.name for card in CARDS)
CARD_INDEX = {card.name: card.id for card in CARDS}
ACTIVITY_INDEX = {a.name: a.id for a in ACTIVITIES}
SIDE_INDEX = {name: i for i, name in enumerate(SIDE_NAMES)}
PHASES = (TURN, AUCTION, OVER)
PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}
PART_INDEX = {name: i for i, name in enumerate(PART_NAMES)}
#: The card types a discount can apply to (each named by some card's discount), in card order.
DISCOUNTED = tuple(sorted({target for card in CARDS for target, _ in card.discounts}))
DISCOUNT_INDEX = {card: i for i, card in enumerate(DISCOUNTED)}
#: The production cards by how the view writes them: ordinary 4, 5, 6, then the preset card.
HAND_CARDS = (*(str(value) for value in PRODUCTION_VALUES), card_text(0))
PRODUCTION_COUNTS = tuple(PRODUCTION_DECK.count(value) for value in PRODUCTION_VALUES)
BEST_CARD = max(PRODUCTION_VALUES)
#: The round a round number is divided by, whatever ``round_cap`` is (there is no last round; random games
#: end before round 50, games played to win in 10 to 40): the same inputs in every adapter, OpenSpiel's cap
#: of 50 rounds included.
ROUND_SCALE = 100
_DECK_SCALE = 1.0 / len(PRODUCTION_DECK)

# The most a card's printed number is, over all 19 types.
MOST_MIN_BID = max(card.min_bid for card in CARDS)
MOST_CARD_PRODUCTION = max(card.production for card in CARDS)
MOST_CARD_VP = max(card.vp for card in CARDS)
MOST_CARD_STOREHOUSES = max(card.storehouses for card in CARDS)
MOST_CARD_UNTRAINED = max(card.untrained for card in CARDS)
MOST_CARD_TRAINED = max(card.trained for card in CARDS)
MOST_CUBE = max(sizes[0] for card in CARDS for _, sizes in card.discounts)

CARD_FACTS = 6 + SETS + len(ABILITIES) + len(DISCOUNTED)
#: A card's block: its identity, then its facts.
CARD_SIZE = NUM_CARDS + CARD_FACTS
#: A card for auction: its block, then its copies on offer.
SLOT_SIZE = CARD_SIZE + 1
TILE_SIZE = 6

CARD_MEANING = (
    f"one-hot over the {NUM_CARDS} development card types ({', '.join(CARD_NAMES)}), then the card's "
    f"minimum bid / {MOST_MIN_BID}, production / {MOST_CARD_PRODUCTION}, victory points / {MOST_CARD_VP}, "
    f"storehouses / {MOST_CARD_STOREHOUSES}, untrained workers / {MOST_CARD_UNTRAINED}, trained workers / "
    f"{MOST_CARD_TRAINED}, its set one-hot over 1 to {SETS}, its ability one-hot over {', '.join(ABILITIES)} "
    f"(all 0: none), and the discount its first copy grants on each of {', '.join(CARD_NAMES[c] for c in DISCOUNTED)} "
    f"/ {MOST_CUBE}"
)


def _most_vp(players: int) -> int:
    """The most victory points a settlement can score in the printed game: what a total is scaled by."""
    return score_range(players, {}, PRINTED_RULES)[1]


def most_storehouses(players: int) -> int:
    """The most storehouses a settlement can have: the two it starts with, every card's, and one for
    each clothmaker on every circle."""
    copies = copies_for(players)
    total = START_STOREHOUSES + sum(card.storehouses * copies[card.id] for card in CARDS)
    return total + sum(a.storehouse_per_worker * a.circles for a in ACTIVITIES)


def most_wealth(players: int) -> int:
    """The most wealth a settlement can hold: a best production card in each storehouse and a full
    improved treasury (``invariants``)."""
    return BEST_CARD * most_storehouses(players) + IMPROVED_TREASURY_LIMIT


def most_workers(players: int) -> int:
    """The most workers a settlement can ever have (``facts.max_decisions`` counts them so)."""
    copies = copies_for(players)
    total = START_UNTRAINED + START_TRAINED + sum(a.start_workers for a in ACTIVITIES)
    return total + sum((card.untrained + card.trained) * copies[card.id] for card in CARDS)


def most_production(players: int) -> int:
    """The most production a settlement can have: every card's, and every circle of every tile holding a
    worker on its advanced side."""
    copies = copies_for(players)
    total = sum(card.production * copies[card.id] for card in CARDS)
    return total + sum(a.tile_production(a.circles, 2) for a in ACTIVITIES)


def most_discounts(players: int) -> tuple[int, ...]:
    """Per card type, the most discount a settlement can have on it: every cube of every copy of the
    cards granting one."""
    copies = copies_for(players)
    most = [0] * NUM_CARDS
    for giver in CARDS:
        for target, sizes in giver.discounts:
            most[target] += sum(sizes[min(k, len(sizes) - 1)] for k in range(copies[giver.id]))
    return tuple(most)


def deck_sizes(players: int) -> tuple[int, ...]:
    """How many development cards each set holds at this player count."""
    copies = copies_for(players)
    return tuple(sum(copies[card.id] for card in CARDS if card.set == s) for s in range(1, SETS + 1))


def settlement_fields(players: int) -> list[tuple[str, int, str]]:
    """The fields of one settlement's block (each name gets the block's number in front)."""
    copies = copies_for(players)
    workers, stores = most_workers(players), most_storehouses(players)
    most = most_discounts(players)
    tiles = "; ".join(f"{a.name} (circles {a.circles})" for a in ACTIVITIES)
    return [
        ("vp", 1, f"victory points / {_most_vp(players)} (the most a settlement can score)"),
        ("production", 1, f"production / {most_production(players)} (the most a settlement can have)"),
        ("untrained", 1, f"untrained workers / {workers} (the most workers a settlement can have)"),
        ("trained", 1, f"trained workers waiting in the training ground / {workers}"),
        ("training_cost", 1, f"what training a worker costs / {TRAINING_COST} (1 with Public Works)"),
        (
            "tiles",
            TILE_SIZE * len(ACTIVITIES),
            f"{TILE_SIZE} numbers for each village tile in turn, {tiles}: 1 if the settlement has the tile, "
            f"its side one-hot over {', '.join(SIDE_NAMES)}, workers on it / its circles, tool disks on it "
            "/ its circles (all 0 without the tile)",
        ),
        ("storehouses", 1, f"storehouses / {stores} (the most a settlement can have)"),
        (
            "disks",
            1,
            f"disks in the treasury / {IMPROVED_TREASURY_LIMIT} (the most there ever are: the improved "
            "treasury's limit; the change of a payment is less than a production card)",
        ),
        ("treasury_limit", 1, f"disks the treasury keeps at the end of a turn / {IMPROVED_TREASURY_LIMIT}"),
        ("cards_in_hand", 1, f"production cards in hand / {stores} (at most one a storehouse)"),
        ("presets_in_hand", 1, "1 if a first-game preset production card is in hand"),
        (
            "development_cards",
            NUM_CARDS,
            f"per development card type ({', '.join(CARD_NAMES)}): the copies owned / the copies in the game "
            f"at {players} players ({', '.join(map(str, copies))})",
        ),
        (
            "discounts",
            len(DISCOUNTED),
            "per card type a discount can apply to ("
            + ", ".join(f"{CARD_NAMES[c]} / {most[c]}" for c in DISCOUNTED)
            + "): the settlement's discount on it / the most it can be",
        ),
        ("bought_vp", 1, f"victory points bought at the City Centre / {VP_LIMIT}"),
        ("vp_for_sale", 1, f"victory points still for sale at its City Centre / {VP_LIMIT} (0 without one)"),
        ("won_auction", 1, "1 if the settlement won an auction this round"),
    ]


def observation_fields(players: int, options: dict[str, Any]) -> list[tuple[str, int, str]]:
    """The fields of Phoenicia's observation at ``players`` players (the same with any options)."""
    n = players
    rounds = ROUND_SCALE
    bid = highest_bid(players)
    copies = copies_for(players)
    relative = f"one-hot over the {n} seats counted clockwise from the viewer (index 0: the viewer)"
    flags = f"one flag for each of the {n} seats counted clockwise from the viewer (index 0: the viewer)"
    per_seat = f"one number for each of the {n} seats counted clockwise from the viewer (index 0: the viewer)"
    fields: list[tuple[str, int, str]] = [
        (
            "round",
            1,
            f"the round / {rounds}, 1 from round {rounds} on (there is no last round; the same with any round_cap)",
        ),
        ("overlord", n, f"the Overlord, first in the round's turn order: {relative}"),
        ("turn_seat", n, f"the seat whose turn it is: {relative}; all 0 once the game is over"),
        ("current_player", n, f"the seat to act now (in an auction, to bid or pass): {relative}; all 0 when over"),
        ("phase", len(PHASES), f"one-hot over the phases {', '.join(PHASES)} (an auction lies on top of a turn)"),
        ("part", len(PART_NAMES), f"the part of the turn reached, one-hot over {', '.join(PART_NAMES)}"),
        (
            "for_auction_copies",
            NUM_CARDS,
            f"per development card type ({', '.join(CARD_NAMES)}): its copies for auction / its copies in the "
            f"game at {n} players",
        ),
        (
            "for_auction_cards",
            n * SLOT_SIZE,
            f"{n} blocks of {SLOT_SIZE}, one for each type for auction in card order (all 0 past the last): "
            f"{CARD_MEANING}; then its copies for auction / {max(copies)}",
        ),
        (
            "development_decks",
            SETS,
            "the development cards face down in each set 1 to 4 / the set's cards at this player count ("
            + ", ".join(map(str, deck_sizes(players)))
            + ")",
        ),
        ("production_deck", 1, f"production cards face down / {len(PRODUCTION_DECK)}"),
        (
            "production_discards",
            len(PRODUCTION_VALUES),
            "production cards in the discards worth "
            + ", ".join(f"{v} / {c}" for v, c in zip(PRODUCTION_VALUES, PRODUCTION_COUNTS, strict=True))
            + " (the cards of that worth)",
        ),
        ("winners", n, f"the winners once the game is over: {flags}"),
        ("auction_card", CARD_SIZE, f"the card of the auction in progress (all 0 without one): {CARD_MEANING}"),
        ("auction_opened", 1, "1 if the auction in progress has its opening bid"),
        ("auctioneer", n, f"the seat that started the auction in progress: {relative}"),
        ("high_bidder", n, f"the seat with the highest bid in the auction: {relative}; all 0 before the opening bid"),
        ("high_bid", 1, f"the highest bid in the auction / {bid} (the most a settlement can bid at {n} players)"),
        ("lowest_bid", 1, f"the least bid allowed now in the auction / {bid}"),
        ("bidders", n, f"the seats still in the auction: {flags}"),
        ("passed", n, f"the seats that have left the auction by passing: {flags}"),
        ("auction_bids", n, f"each seat's last bid in the auction / {bid}: {per_seat}"),
        ("auction_discounts", n, f"each seat's discount on the card for auction / {bid}: {per_seat}"),
        (
            "hand",
            len(HAND_CARDS),
            f"the viewer's production cards worth {', '.join(HAND_CARDS[:-1])} / {most_storehouses(players)} "
            f"(one a storehouse at most), then its preset cards ({HAND_CARDS[-1]}, at most 1)",
        ),
        (
            "wealth",
            1,
            f"the viewer's wealth (production cards and disks) / {most_wealth(players)} (the most a "
            "settlement can hold)",
        ),
    ]
    for r in range(n):
        whose = (
            "the viewer's own settlement"
            if r == 0
            else "the settlement of the next seat clockwise"
            if r == 1
            else f"the settlement of the seat {r} places clockwise from the viewer"
        )
        for name, size, meaning in settlement_fields(players):
            fields.append((f"settlement{r}_{name}", size, f"{meaning}: {whose}"))
    return fields


def _clip(x: float) -> float:
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


def card_block(card_id: int) -> list[float]:
    """A card's identity and facts, as :data:`CARD_MEANING` says."""
    card = CARDS[card_id]
    block = [0.0] * CARD_SIZE
    block[card_id] = 1.0
    at = NUM_CARDS
    for value, most in (
        (card.min_bid, MOST_MIN_BID),
        (card.production, MOST_CARD_PRODUCTION),
        (card.vp, MOST_CARD_VP),
        (card.storehouses, MOST_CARD_STOREHOUSES),
        (card.untrained, MOST_CARD_UNTRAINED),
        (card.trained, MOST_CARD_TRAINED),
    ):
        block[at] = value / most
        at += 1
    block[at + card.set - 1] = 1.0
    at += SETS
    if card.ability:
        block[at + ABILITIES.index(card.ability)] = 1.0
    at += len(ABILITIES)
    for target, sizes in card.discounts:
        block[at + DISCOUNT_INDEX[target]] = sizes[0] / MOST_CUBE
    return block


CARD_BLOCKS = tuple(array("f", card_block(card.id)) for card in CARDS)


#: The fields ``encode`` writes at an offset of its own, in the order of :attr:`Tables.offsets`.
_OFFSETS = (
    "round",
    "overlord",
    "turn_seat",
    "current_player",
    "phase",
    "part",
    "for_auction_copies",
    "development_decks",
    "production_deck",
    "production_discards",
    "winners",
    "hand",
    "wealth",
    "settlement0_vp",
)
_AUCTION_OFFSETS = (
    "auction_card",
    "auction_opened",
    "auctioneer",
    "high_bidder",
    "high_bid",
    "lowest_bid",
    "bidders",
    "passed",
    "auction_bids",
    "auction_discounts",
)


@dataclass(slots=True)
class Tables:
    """What ``encode`` needs at one player count and round scale: field offsets and scales."""

    players: int
    offsets: tuple[int, ...]  # the offsets of the fields of _OFFSETS
    auction_offsets: tuple[int, ...]  # the offsets of the fields of _AUCTION_OFFSETS
    round_scale: float
    block: int  # the size of one settlement's block
    zero_block: bytes  # a settlement's block of zeros, as float32 bytes
    copies: tuple[int, ...]
    slot_blocks: tuple[tuple[array[float], ...], ...]  # [card][copies]: the block of a card for auction
    deck_scale: tuple[float, ...]
    bid_scale: float
    hand_scale: tuple[float, ...]
    wealth_scale: float
    # a settlement's block
    vp_scale: float
    production_scale: float
    worker_scale: float
    store_scale: float
    discount_scale: tuple[float, ...]


_TABLES: BoundedCache[int, Tables] = BoundedCache()


def tables(layout: ObservationLayout) -> Tables:
    """The tables of ``layout`` (made once for each player count)."""
    n = layout.players
    found = _TABLES.get(n)
    if found is None:
        copies = copies_for(n)
        most_copies = max(copies)
        stores = most_storehouses(n)
        block = sum(size for _, size, _ in settlement_fields(n))
        copies_field, cards_field = layout.field("for_auction_copies"), layout.field("for_auction_cards")
        if cards_field.offset != copies_field.offset + copies_field.size:  # encode writes the two at once
            raise InvariantError("the fields for_auction_copies and for_auction_cards must lie side by side")
        found = _TABLES.put(
            n,
            Tables(
                players=n,
                offsets=tuple(layout.field(name).offset for name in _OFFSETS),
                auction_offsets=tuple(layout.field(name).offset for name in _AUCTION_OFFSETS),
                round_scale=1.0 / ROUND_SCALE,
                block=block,
                zero_block=bytes(4 * block),
                copies=copies,
                slot_blocks=tuple(
                    tuple(array("f", [*card_block(c), _clip(k / most_copies)]) for k in range(n + 1))
                    for c in range(NUM_CARDS)
                ),
                deck_scale=tuple(1.0 / size for size in deck_sizes(n)),
                bid_scale=1.0 / highest_bid(n),
                hand_scale=(*(1.0 / stores for _ in PRODUCTION_VALUES), 1.0),
                wealth_scale=1.0 / most_wealth(n),
                vp_scale=1.0 / _most_vp(n),
                production_scale=1.0 / most_production(n),
                worker_scale=1.0 / most_workers(n),
                store_scale=1.0 / stores,
                discount_scale=tuple(1.0 / m if m else 0.0 for m in most_discounts(n)),
            ),
        )
    return found


def _block_offsets() -> dict[str, int]:
    """Where each field of a settlement's block starts within the block (its sizes are the same at every
    player count)."""
    offsets, at = {}, 0
    for name, size, _ in settlement_fields(2):
        offsets[name] = at
        at += size
    return offsets


_BLOCK_AT = _block_offsets()
_VP_AT, _PRODUCTION_AT, _UNTRAINED_AT, _TRAINED_AT, _TRAINING_AT = (
    _BLOCK_AT[name] for name in ("vp", "production", "untrained", "trained", "training_cost")
)
_TILES_AT, _STORE_AT, _DISKS_AT, _LIMIT_AT, _IN_HAND_AT, _PRESETS_AT = (
    _BLOCK_AT[name] for name in ("tiles", "storehouses", "disks", "treasury_limit", "cards_in_hand", "presets_in_hand")
)
_CARDS_AT, _DISCOUNTS_AT, _BOUGHT_AT, _FOR_SALE_AT, _WON_AT = (
    _BLOCK_AT[name] for name in ("development_cards", "discounts", "bought_vp", "vp_for_sale", "won_auction")
)
#: Per activity name: the offset of its tile in a settlement's block.
_TILE_AT = {a.name: _TILES_AT + TILE_SIZE * a.id for a in ACTIVITIES}
#: Per side name: its place after a tile's first number.
_SIDE_AT = {name: 1 + i for i, name in enumerate(SIDE_NAMES)}
#: Per card name: its offset among the development cards, and among the discounts.
_CARD_AT = {card.name: _CARDS_AT + card.id for card in CARDS}
_DISCOUNT_AT = {CARD_NAMES[c]: _DISCOUNTS_AT + i for i, c in enumerate(DISCOUNTED)}
_ZERO_TILES = array("f", bytes(4 * (_STORE_AT - _TILES_AT)))
_ZERO_CARDS = array("f", bytes(4 * NUM_CARDS))
_ZERO_DISCOUNTS = array("f", bytes(4 * len(DISCOUNTED)))


def settlement_block(d: dict[str, Any], t: Tables) -> array[float]:
    """A settlement's view as the numbers of its block (:func:`settlement_fields`). Each number lies in
    [0, 1] by the maxima above; the two that rest on a limit of the rules, not on the components, are
    held to it all the same."""
    out = array("f", t.zero_block)
    _write_tiles(d["tiles"], out)
    _write_cards(d["development_cards"], out, t)
    _write_discounts(d["discounts"], out, t)
    _write_numbers(d, out, t)
    return out


def _shared_block(d: SharedSettlementView, t: Tables) -> array[float]:
    """The block of a shared settlement view, made once; from the block of the view it was made after
    where there is one, writing again only the parts that changed."""
    previous = d.previous
    before = None if previous is None else previous.derived.get(t.players)
    if previous is None or before is None:
        out = settlement_block(d, t)
    else:
        out = array("f", before)
        if d["tiles"] is not previous["tiles"]:
            out[_TILES_AT:_STORE_AT] = _ZERO_TILES
            _write_tiles(d["tiles"], out)
        if d["development_cards"] is not previous["development_cards"]:
            out[_CARDS_AT:_DISCOUNTS_AT] = _ZERO_CARDS
            _write_cards(d["development_cards"], out, t)
        if d["discounts"] is not previous["discounts"]:
            out[_DISCOUNTS_AT:_BOUGHT_AT] = _ZERO_DISCOUNTS
            _write_discounts(d["discounts"], out, t)
        _write_numbers(d, out, t)
    d.derived[t.players] = out
    return out


def _write_tiles(tiles: list[dict[str, Any]], out: array[float]) -> None:
    for tile in tiles:
        at = _TILE_AT[tile["activity"]]
        circles = tile["circles"]
        out[at] = 1.0
        out[at + _SIDE_AT[tile["side"]]] = 1.0
        out[at + 4] = tile["workers"] / circles
        out[at + 5] = tile["tool_disks"] / circles


def _write_cards(cards: dict[str, int], out: array[float], t: Tables) -> None:
    copies = t.copies
    for name, count in cards.items():
        at = _CARD_AT[name]
        out[at] = count / copies[at - _CARDS_AT]


def _write_discounts(discounts: dict[str, dict[str, int]], out: array[float], t: Tables) -> None:
    scale = t.discount_scale
    for name, discount in discounts.items():
        out[_DISCOUNT_AT[name]] = discount["amount"] * scale[CARD_INDEX[name]]


def _write_numbers(d: dict[str, Any], out: array[float], t: Tables) -> None:
    """The numbers of a block outside its tiles, development cards and discounts (every one written)."""
    out[_VP_AT] = d["vp"] * t.vp_scale
    out[_PRODUCTION_AT] = d["production"] * t.production_scale
    out[_UNTRAINED_AT] = d["untrained"] * t.worker_scale
    out[_TRAINED_AT] = d["trained"] * t.worker_scale
    out[_TRAINING_AT] = d["training_cost"] / TRAINING_COST
    out[_STORE_AT] = d["storehouses"] * t.store_scale
    out[_DISKS_AT] = min(1.0, d["disks"] / IMPROVED_TREASURY_LIMIT)
    out[_LIMIT_AT] = d["treasury_limit"] / IMPROVED_TREASURY_LIMIT
    out[_IN_HAND_AT] = min(1.0, d["cards_in_hand"] * t.store_scale)
    out[_PRESETS_AT] = 1.0 if d["presets_in_hand"] else 0.0
    out[_BOUGHT_AT] = d["bought_vp"] / VP_LIMIT
    out[_FOR_SALE_AT] = d["vp_for_sale"] / VP_LIMIT
    out[_WON_AT] = 1.0 if d["won_auction_this_round"] else 0.0


#: The display's numbers (fields for_auction_copies and for_auction_cards, which lie side by side) by
#: player count and cards for auction; emptied when it holds this many.
_DISPLAYS: dict[tuple[int, tuple[str, ...]], array[float]] = {}
_DISPLAYS_MOST = 4096


def display_numbers(names: tuple[str, ...], t: Tables) -> array[float]:
    """The numbers of the fields for_auction_copies and for_auction_cards for the cards ``names``."""
    n = t.players
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    if len(counts) > n:
        raise InvariantError(f"{len(counts)} card types for auction, more than the {n} the observation holds")
    out = array("f", bytes(4 * (NUM_CARDS + n * SLOT_SIZE)))
    slot = NUM_CARDS
    for name, count in counts.items():
        c = CARD_INDEX[name]
        out[c] = _clip(count / t.copies[c])
        out[slot : slot + SLOT_SIZE] = t.slot_blocks[c][min(count, n)]
        slot += SLOT_SIZE
    return out


_last: list[Any] = [None, None]  # the layout encoded last, and its tables


def encode(view: dict[str, Any], writer: ObservationWriter) -> None:
    """Fill ``writer`` from a seat's view (``observed_view`` or the full ``view(seat)``)."""
    layout = writer.layout
    t = _last[1] if layout is _last[0] else None
    if t is None:
        t = tables(layout)
        _last[0], _last[1] = layout, t
    (
        round_at,
        overlord_at,
        turn_at,
        current_at,
        phase_at,
        part_at,
        display_at,
        decks_at,
        deck_at,
        discards_at,
        winners_at,
        hand_at,
        wealth_at,
        start,
    ) = t.offsets
    v = writer.values
    n = t.players
    me = view["viewer"]
    x = view["round"] * t.round_scale
    v[round_at] = x if x < 1.0 else 1.0
    v[overlord_at + (view["overlord"] - me) % n] = 1.0
    seat = view["turn_seat"]
    if seat is not None:
        v[turn_at + (seat - me) % n] = 1.0
    seat = view["current_player"]
    if seat is not None:
        v[current_at + (seat - me) % n] = 1.0
    v[phase_at + PHASE_INDEX[view["phase"]]] = 1.0
    v[part_at + PART_INDEX[view["part"]]] = 1.0

    key = (n, tuple(view["for_auction"]))
    display = _DISPLAYS.get(key)
    if display is None:
        if len(_DISPLAYS) >= _DISPLAYS_MOST:
            _DISPLAYS.clear()
        display = _DISPLAYS[key] = display_numbers(key[1], t)
    v[display_at : display_at + len(display)] = display

    scale = t.deck_scale
    first, second, third, fourth = view["development_decks"]
    v[decks_at] = first * scale[0]
    v[decks_at + 1] = second * scale[1]
    v[decks_at + 2] = third * scale[2]
    v[decks_at + 3] = fourth * scale[3]
    v[deck_at] = view["production_deck_size"] * _DECK_SCALE
    discards = view["production_discards"]
    if discards:
        for i, value in enumerate(PRODUCTION_VALUES):
            v[discards_at + i] = discards.count(value) / PRODUCTION_COUNTS[i]
    for seat in view["winners"]:
        v[winners_at + (seat - me) % n] = 1.0

    auction = view.get("auction")
    if auction is not None:
        _encode_auction(view, auction, v, t, me)

    hand = view["hand"]
    if hand:
        scale = t.hand_scale
        for i, text in enumerate(HAND_CARDS):
            count = hand.count(text)
            if count:
                x = count * scale[i]
                v[hand_at + i] = x if x < 1.0 else 1.0
    x = view["wealth"] * t.wealth_scale
    v[wealth_at] = x if x < 1.0 else 1.0

    settlements = view["settlements"]
    size = t.block
    for r in range(n):
        d = settlements[(me + r) % n]
        if d.__class__ is SharedSettlementView:
            block = d.derived.get(n)
            if block is None:
                block = _shared_block(d, t)
        else:
            block = settlement_block(d, t)
        v[start : start + size] = block
        start += size


def _encode_auction(view: dict[str, Any], auction: dict[str, Any], v: array[float], t: Tables, me: int) -> None:
    card_at, opened_at, auctioneer_at, high_at, bid_at, lowest_at, bidders_at, passed_at, bids_at, discounts_at = (
        t.auction_offsets
    )
    n, scale = t.players, t.bid_scale
    v[card_at : card_at + CARD_SIZE] = CARD_BLOCKS[CARD_INDEX[auction["card"]]]
    v[auctioneer_at + (auction["auctioneer"] - me) % n] = 1.0
    if auction["opened"]:
        v[opened_at] = 1.0
        v[high_at + (auction["high_bidder"] - me) % n] = 1.0
        x = auction["high_bid"] * scale
        v[bid_at] = x if x < 1.0 else 1.0
    x = auction["lowest_bid"] * scale
    v[lowest_at] = x if x < 1.0 else 1.0
    bidders = auction["bidders"]
    for seat in bidders:
        v[bidders_at + (seat - me) % n] = 1.0
    # The auction was open to the seats from the auctioneer's turn to the end of the round.
    overlord = view["overlord"]
    for i in range(view["finished_turns"], n):
        seat = (overlord + i) % n
        if seat not in bidders:
            v[passed_at + (seat - me) % n] = 1.0
    for seat, amount in auction["bids"]:
        x = amount * scale
        v[bids_at + (seat - me) % n] = x if x < 1.0 else 1.0
    for seat, discount in enumerate(auction["discounts"]):
        if discount:
            x = discount * scale
            v[discounts_at + (seat - me) % n] = x if x < 1.0 else 1.0
