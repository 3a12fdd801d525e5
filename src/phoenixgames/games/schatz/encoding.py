"""A seat's observation of Schatz des Phönix as a fixed-length vector (``engine/encoding.py``).

Everything comes from the seat's view (``SchatzState._observed_view``): its hand, the cards all saw each
player take face up, the nests with their treasures and the cards laid beside them, the face-up card,
the deck and the discards, the treasures taken, the scores, and where the game stands.

A multiset of cards is 37 numbers, one per card type in the order of ``CARD_ORDER`` (red 2 to 7, blue,
yellow, green and purple the same, wild 2 and 3, then the x2 cards red to purple), each the number of
such cards divided by 2, the most copies of any type in the box. Treasure tokens are 10 numbers: the
small tokens worth 2 to 10, then the large 10. Whatever is given per seat is in blocks ordered from the
viewer: block 0 is the viewer, block 1 the next seat in turn order, and so on.
"""

from __future__ import annotations

from array import array
from typing import Any, TypeVar

from ...engine.encoding import ObservationWriter
from .combos import COMBO_TABLES
from .components import (
    CARD_COPIES,
    CARD_TYPES,
    FULL_DECK,
    HAND_SIZE,
    LARGE_TOKEN_COUNT,
    NESTS,
    NUM_CARD_TYPES,
    ROUNDS,
    SMALL_TOKENS,
    TOKENS,
)
from .facts import score_range
from .parameters import PRINTED_RULES
from .phases import PHASE_NAMES

#: The card types in the order of every card field: their notation, R2 ... Px2.
CARD_ORDER: tuple[str, ...] = tuple(card.code for card in CARD_TYPES)
#: The most copies of one card type (2): what a card count is divided by.
MOST_COPIES = max(CARD_COPIES)
#: The token kinds in the order of every token field: small 2 to 10, then the large 10 ("L10").
TOKEN_ORDER: tuple[str, ...] = tuple(sorted((str(t) for t in TOKENS.values() if not t.large), key=int)) + ("L10",)
#: The most small tokens of one value (4), what a count of small tokens is divided by.
MOST_OF_A_VALUE = max(SMALL_TOKENS.count(v) for v in set(SMALL_TOKENS))
#: The highest combo two cards in the box can make, under either wild-card option (66: two 6s of a colour).
MOST_COMBO = max(
    table[a][b]
    for table in COMBO_TABLES.values()
    for a in range(NUM_CARD_TYPES)
    for b in range(NUM_CARD_TYPES)
    if a != b or CARD_COPIES[a] > 1
)

_CARD = {code: i for i, code in enumerate(CARD_ORDER)}
_TOKEN = {name: i for i, name in enumerate(TOKEN_ORDER)}
_PHASE = {name: i for i, name in enumerate(PHASE_NAMES)}
_LARGE = len(TOKEN_ORDER) - 1
_HALF = 1.0 / MOST_COPIES
_SMALL = 1.0 / MOST_OF_A_VALUE
_LARGE_SHARE = 1.0 / LARGE_TOKEN_COUNT
_PER_CARD_HELD = 1.0 / HAND_SIZE
_PER_COMBO_POINT = 1.0 / MOST_COMBO
_TOKEN_VALUE = {str(token): token.value for token in TOKENS.values()}
_CARDS = NUM_CARD_TYPES
_TOKENS = len(TOKEN_ORDER)
_ORDER_WORDS = ", ".join(CARD_ORDER)
_TOKEN_WORDS = ", ".join(TOKEN_ORDER)
_CARD_COUNTS = f"counts of the {_CARDS} card types in the order {_ORDER_WORDS}, each / {MOST_COPIES}"
_FROM_VIEWER = "block 0 is the viewer, block 1 the next seat in turn order, and so on"


def observation_fields(players: int, options: dict[str, Any]) -> list[tuple[str, int, str]]:
    """The fields of a seat's observation at ``players`` players, in order (name, size, meaning)."""
    n = players
    highest = score_range(players, options, PRINTED_RULES)[1]
    return [
        ("hand", _CARDS, f"the viewer's hand: {_CARD_COUNTS}"),
        (
            "known_cards",
            n * _CARDS,
            f"per seat ({_FROM_VIEWER}), the cards all saw it take face up and it still holds: "
            f"{_CARDS} card counts each / {MOST_COPIES}, in the order of the hand",
        ),
        ("hand_sizes", n, f"per seat ({_FROM_VIEWER}), the cards it holds / {HAND_SIZE}"),
        (
            "nest_treasures",
            NESTS * _TOKENS,
            f"per nest (nests 1 to {NESTS}, the last the big nest), the treasures still in it: counts of the "
            f"{_TOKENS} token kinds {_TOKEN_WORDS}, small ones / {MOST_OF_A_VALUE}, the large 10 as 1 if there",
        ),
        (
            "sides",
            NESTS * n * _CARDS,
            f"per nest (1 to {NESTS}), then per seat ({_FROM_VIEWER}), the cards it laid beside that nest: "
            f"{_CARDS} card counts each / {MOST_COPIES}, in the order of the hand",
        ),
        (
            "combos",
            NESTS * n,
            f"per nest (1 to {NESTS}), then per seat ({_FROM_VIEWER}), the value of its combo there / "
            f"{MOST_COMBO}; 0 until both its cards lie there (and for two x2 cards, worth 0)",
        ),
        (
            "face_up",
            _CARDS,
            "the face-up card beside the deck: one-hot over the card types in the order of the hand, all 0 if none",
        ),
        ("deck_size", 1, f"the cards in the face-down deck / {len(FULL_DECK)}"),
        (
            "deck_may_hold",
            _CARDS,
            f"how many of each card type the deck may hold as far as every player can know: {_CARD_COUNTS}",
        ),
        ("discards", _CARDS, f"the cards cleared from the nests, waiting to be reshuffled: {_CARD_COUNTS}"),
        (
            "treasures",
            n * _TOKENS,
            f"per seat ({_FROM_VIEWER}), the treasures it took: counts of the {_TOKENS} token kinds "
            f"{_TOKEN_WORDS}, small ones / {MOST_OF_A_VALUE}, large 10s / {LARGE_TOKEN_COUNT}",
        ),
        ("scores", n, f"per seat ({_FROM_VIEWER}), its score / {highest} (the highest score a seat can reach)"),
        ("round", ROUNDS, f"one-hot over the rounds 1 to {ROUNDS}"),
        ("phase", len(PHASE_NAMES), f"one-hot over the phases {', '.join(PHASE_NAMES)}"),
        ("start_player", n, f"one-hot over the seats ({_FROM_VIEWER}): who holds the start player token"),
        ("current_player", n, f"one-hot over the seats ({_FROM_VIEWER}): who is to act; all 0 once the game is over"),
        (
            "picking_nest",
            NESTS,
            f"while treasures are picked: one-hot over the nests 1 to {NESTS}, the nest being distributed; "
            "all 0 otherwise",
        ),
        (
            "pick_order",
            n * n,
            f"while treasures are picked: per place in the picking order still to come (block 0 is the seat "
            f"picking now), one-hot over the seats ({_FROM_VIEWER}); all 0 for the places past the end of the "
            "order, and all 0 outside the picking",
        ),
    ]


class _Places:
    """Where the numbers of one player count go, worked out once: each field's offset, the highest
    score, and for each viewer the seats in the order of its blocks."""

    __slots__ = ("at", "most_score", "seats", "sides")

    def __init__(self, players: int, options: dict[str, Any], offsets: dict[str, int]) -> None:
        n = players
        self.at = offsets
        self.most_score = float(score_range(players, options, PRINTED_RULES)[1])
        #: seats[viewer]: (seat, block) for each seat, block 0 the viewer's
        self.seats = [tuple(((me + k) % n, k) for k in range(n)) for me in range(n)]
        #: sides[viewer][nest]: (seat, where its cards go, where its combo goes) for each seat
        self.sides = [
            [
                tuple(
                    ((me + k) % n, offsets["sides"] + (nest * n + k) * _CARDS, offsets["combos"] + nest * n + k)
                    for k in range(n)
                )
                for nest in range(NESTS)
            ]
            for me in range(n)
        ]


_PLACES: dict[int, _Places] = {}


def _places(writer: ObservationWriter) -> _Places:
    layout = writer.layout
    found = _PLACES.get(layout.players)
    if found is None:  # the options change no field, so one per player count
        offsets = {f.name: f.offset for f in layout.fields}
        found = _PLACES[layout.players] = _Places(layout.players, layout.options, offsets)
    return found


# The same few cards and tokens recur step after step (the discards stay put for a round, the tokens
# taken for a round, the deck's may-hold for a turn or more), so each multiset is counted once, kept
# by its notation, and copied into the vector whole: a slice copy instead of a Python step a card. The
# memos are cleared when they grow past _MEMO_LIMIT, so a long run cannot fill the memory with them.
_MEMO_LIMIT = 1 << 15
_COUNTED_CARDS: dict[tuple[str, ...], array[float]] = {}
_COUNTED_DECK: dict[tuple[Any, ...], array[float]] = {}
_COUNTED_IN_NEST: dict[tuple[str, ...], array[float]] = {}
_COUNTED_TAKEN: dict[tuple[str, ...], tuple[array[float], int]] = {}


T = TypeVar("T")


def _remember(memo: dict[Any, T], key: Any, value: T) -> T:
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = value
    return value


def _count_cards(codes: tuple[str, ...]) -> array[float]:
    counts = array("f", bytes(4 * _CARDS))
    for code in codes:
        counts[_CARD[code]] += _HALF
    return _remember(_COUNTED_CARDS, codes, counts)


def _count_deck(key: tuple[Any, ...], may_hold: dict[str, int]) -> array[float]:
    counts = array("f", bytes(4 * _CARDS))
    for code, count in may_hold.items():
        counts[_CARD[code]] = count * _HALF
    return _remember(_COUNTED_DECK, key, counts)


def _count_in_nest(names: tuple[str, ...]) -> array[float]:
    counts = array("f", bytes(4 * _TOKENS))
    for name in names:
        i = _TOKEN[name]
        counts[i] += 1.0 if i == _LARGE else _SMALL
    return _remember(_COUNTED_IN_NEST, names, counts)


def _count_taken(names: tuple[str, ...]) -> tuple[array[float], int]:
    counts = array("f", bytes(4 * _TOKENS))
    for name in names:
        i = _TOKEN[name]
        counts[i] += _LARGE_SHARE if i == _LARGE else _SMALL
    return _remember(_COUNTED_TAKEN, names, (counts, sum(_TOKEN_VALUE[name] for name in names)))


def encode(view: dict[str, Any], writer: ObservationWriter) -> None:
    """Fill ``writer`` from a seat's view, as :func:`observation_fields` lays it out. The scores are
    the values of the treasures each seat took, counted here (the observed view leaves them out).

    The numbers go straight into ``writer.values`` at offsets worked out once per player count: every
    index is a card type, a token kind, a seat or a nest, within its field by construction, and a step
    of a learning loop cannot afford a checked call a number."""
    places = _places(writer)
    at = places.at
    v = writer.values
    card = _CARD
    half = _HALF
    n = view["players"]
    me = view["viewer"]

    base = at["hand"]
    for code in view["hand"]:  # new at almost every step: counted in place
        v[base + card[code]] += half

    known = view["known_cards"]
    sizes = view["hand_sizes"]
    won = view["treasures"]
    known_at, sizes_at, won_at, scores_at = at["known_cards"], at["hand_sizes"], at["treasures"], at["scores"]
    most_score = places.most_score
    for seat, k in places.seats[me]:
        base = known_at + k * _CARDS
        for code in known[seat]:
            v[base + card[code]] += half
        v[sizes_at + k] = sizes[seat] * _PER_CARD_HELD
        if won[seat]:
            key = tuple(won[seat])
            counts, score = _COUNTED_TAKEN.get(key) or _count_taken(key)
            base = won_at + k * _TOKENS
            v[base : base + _TOKENS] = counts
            v[scores_at + k] = score / most_score

    treasures_at = at["nest_treasures"]
    for nest, (shown, sides_at) in enumerate(zip(view["nests"], places.sides[me], strict=True)):
        if shown["treasures"]:
            key = tuple(shown["treasures"])
            base = treasures_at + nest * _TOKENS
            v[base : base + _TOKENS] = _COUNTED_IN_NEST.get(key) or _count_in_nest(key)
        sides = shown["sides"]
        combos = shown["combos"]
        for seat, base, combo_at in sides_at:
            side = sides[seat]
            if side:  # two cards at most (CARDS_PER_SIDE): counted in place
                v[base + card[side[0]]] += half
                if len(side) == 2:
                    v[base + card[side[1]]] += half
                    v[combo_at] = combos[seat] * _PER_COMBO_POINT

    face_up = view["face_up"]
    if face_up is not None:
        v[at["face_up"] + card[face_up]] = 1.0
    v[at["deck_size"]] = view["deck_size"] / len(FULL_DECK)
    may_hold = view["deck_may_hold"]
    if may_hold:
        key = (*may_hold, *may_hold.values())
        base = at["deck_may_hold"]
        v[base : base + _CARDS] = _COUNTED_DECK.get(key) or _count_deck(key, may_hold)
    if view["discards"]:
        key = tuple(view["discards"])
        base = at["discards"]
        v[base : base + _CARDS] = _COUNTED_CARDS.get(key) or _count_cards(key)

    v[at["round"] + view["round"] - 1] = 1.0
    v[at["phase"] + _PHASE[view["phase"]]] = 1.0
    v[at["start_player"] + (view["start_player"] - me) % n] = 1.0
    current = view["current_player"]
    if current is not None:
        v[at["current_player"] + (current - me) % n] = 1.0
    picking = view.get("picking")
    if picking is not None:
        v[at["picking_nest"] + picking["nest"] - 1] = 1.0
        base = at["pick_order"]
        for place, seat in enumerate(picking["order"]):
            v[base + place * n + (seat - me) % n] = 1.0
