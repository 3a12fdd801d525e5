"""Phoenix's observation vector: a seat's view written as numbers in [0, 1] (``state.observation(seat)``).

Everything at the table is public, so the vector is the same table for every seat, turned to face the
viewer: seat-indexed parts come seat by seat from the viewer (the viewer first, then the seat after it in
seat order, viewer + 1 mod players, and so on), and the nests come the centre first, then the viewer's
nest(s), then those of the seat after it, and so on. A half on a board is written as its colour and its
symbol; a half on a nest or in a bag as its kind (one of 17: each colour plain, with a flame, a moon or a
diamond, and rainbow), since a count of colours and a count of symbols would not say which went with
which. The turn order is written out though it follows from the tokens; the legal actions (that is the
action mask) and the mirror pairs (they never change) are not written.

``encode`` reads only :data:`READS` of the view, which ``PhoenixState._observed_view`` builds alone.
"""

from __future__ import annotations

from array import array
from typing import Any

from ...engine.encoding import ObservationWriter
from ...engine.errors import InvariantError
from .components import (
    BLACK_VALUE,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    HALF_TYPES,
    KIND_COPIES,
    KINDS,
    LOWER_PER_NEST,
    MIRROR_BONUS,
    MIRROR_PAIRS,
    NO_SYMBOL,
    RAINBOW,
    RAINBOW_FEATHER,
    SLOTS,
    SYMBOL_NAMES,
    SYMBOL_POINTS,
    UPPER_PER_NEST,
    nests_per_player,
    rounds,
    tokens_in_play,
)
from .facts import PRINTED_BEST_SCORE
from .phases import BLACK, CENTRE, OVER, SIDE_NAMES, TOKEN_VALUE
from .rounds import nest_owners

#: The keys of the view that :func:`encode` reads (``PhoenixState._observed_view`` builds only these).
READS: tuple[str, ...] = ("viewer", "round", "rounds", "phase", "phoenixes", "nests", "tokens", "bags", "options")

# ------------------------------------------------------------------ what the numbers mean
_PHOENIX_COLOURS = COLOUR_NAMES[:RAINBOW]
_HALF_COLOURS = COLOUR_NAMES
_SYMBOLS = SYMBOL_NAMES[NO_SYMBOL + 1 :]
#: A half on a board: one-hot over the 5 colours, then one-hot over the 3 symbols (none for a plain half).
_HALF_SIZE = len(_HALF_COLOURS) + len(_SYMBOLS)
_KIND_CODES = tuple(h.code for h in HALF_TYPES[:KINDS])
#: The most halves of one position a nest holds.
_NEST_MOST = max(LOWER_PER_NEST, UPPER_PER_NEST)
_TOKEN_VALUES = sorted({v for side in TOKEN_VALUE for v in side})
#: The parts of a seat's score as the view names them, in words, and the most each can be: every
#: feather rainbow, every half a flame, every pair mirrored, the game's highest score, every feather of
#: the phoenix's colour.
_SCORE_PARTS = ("colours", "symbols", "mirrors", "total", "own_colour_feathers")
_SCORE_WORDS = (
    "colour points",
    "symbol points",
    "mirror points",
    "total",
    "feathers of its own colour (the tie-breaker)",
)
_SCORE_MOST = (
    SLOTS * RAINBOW_FEATHER,
    2 * SLOTS * max(SYMBOL_POINTS),
    len(MIRROR_PAIRS) * MIRROR_BONUS,
    PRINTED_BEST_SCORE,
    SLOTS,
)

_SEATS = "seat by seat from the viewer (the viewer first, then viewer + 1 mod players, and so on)"
_HALF = (
    f"one-hot over the {len(_HALF_COLOURS)} colours {', '.join(_HALF_COLOURS)}, then one-hot over the "
    f"{len(_SYMBOLS)} symbols {', '.join(_SYMBOLS)} (none for a plain half); all 0 for an empty place"
)
_KIND = (
    f"the {KINDS} kinds of half {', '.join(_KIND_CODES)} ({', '.join(COLOUR_LETTERS)} the colours, f m d the symbols)"
)
_BOX = ", ".join(f"{code} {copies}" for code, copies in zip(_KIND_CODES, KIND_COPIES, strict=True))


def observation_fields(players: int, options: dict[str, Any]) -> list[tuple[str, int, str]]:
    """The fields of a Phoenix observation at ``players`` seats (the option changes no size)."""
    nests = 1 + players * nests_per_player(players)
    tokens = len(tokens_in_play(players))
    in_order = (
        f"nest by nest: the centre, then the viewer's nest{'s' if nests_per_player(players) > 1 else ''}, "
        "then those of each next seat in seat order"
    )
    board = f"{_SEATS}, slot by slot (slot1 to slot{SLOTS})"
    score = ", ".join(f"{words} / {most}" for words, most in zip(_SCORE_WORDS, _SCORE_MOST, strict=True))
    black = f"{min(BLACK_VALUE)} to {max(BLACK_VALUE)}"
    return [
        (
            "phoenix_colour",
            players * RAINBOW,
            f"{_SEATS}: one-hot over the phoenix colours {', '.join(_PHOENIX_COLOURS)}",
        ),
        ("lower_halves", players * SLOTS * _HALF_SIZE, f"{board}, the lower half there: {_HALF}"),
        ("upper_halves", players * SLOTS * _HALF_SIZE, f"{board}, the upper half there: {_HALF}"),
        ("score", players * len(_SCORE_PARTS), f"{_SEATS}, the score of the plumage as it stands: {score}"),
        (
            "nest_lower",
            nests * KINDS,
            f"{in_order}: the lower halves on it, for each of {_KIND}, how many / {_NEST_MOST}",
        ),
        (
            "nest_upper",
            nests * KINDS,
            f"{in_order}: the upper halves on it, for each of {_KIND}, how many / {_NEST_MOST}",
        ),
        (
            "nest_token",
            nests * len(_TOKEN_VALUES),
            f"{in_order}: one-hot over the number showing on the ash token laid on it this round "
            f"({_TOKEN_VALUES[0]} to {_TOKEN_VALUES[-1]}); all 0 while it has none",
        ),
        (
            "token_holder",
            tokens * players,
            f"ash token by ash token (token 1 to {tokens}, by its white number): one-hot over the seat "
            f"holding it, {_SEATS}; all 0 while it lies on a nest",
        ),
        (
            "token_black",
            tokens,
            f"ash token by ash token (token 1 to {tokens}): 1 if it shows its black side ({black}), 0 if its white",
        ),
        (
            "turn_order",
            tokens * players,
            "the ash tokens still to be laid this round, in the order they are laid (the lowest number "
            f"first): for each place, one-hot over the seat holding it, {_SEATS}; all 0 past the last",
        ),
        ("bag_lower", KINDS, f"for each of {_KIND}, the halves left in the lower bag / the copies in the box ({_BOX})"),
        ("bag_upper", KINDS, f"for each of {_KIND}, the halves left in the upper bag / the copies in the box ({_BOX})"),
        ("round", 1, f"the round being played / the rounds of the game ({rounds(players)} with {players} players)"),
        ("game_over", 1, "1 once the last round has ended, else 0"),
        (
            "token_stays_black",
            1,
            "1 with the option token_elsewhere 'unchanged' (a black token laid on another's nest stays "
            "black), 0 with 'white'",
        ),
    ]


# ------------------------------------------------------------------ the hot path
# The fields of many numbers (the boards, the nests) are written whole, each joined from blocks made
# here once (a half on a board, a nest's halves, a token's number) as the float32 bytes the vector
# holds; the rest number by number.


def _floats(numbers: list[float]) -> bytes:
    return array("f", numbers).tobytes()


def _one_hot(size: int, index: int | None) -> bytes:
    """``size`` numbers, 1 at ``index`` (none with ``None``)."""
    return _floats([float(i == index) for i in range(size)])


#: Where a symbol's place lies within a board half's block (none for a plain half).
_SYMBOL_AT = (None, *(len(_HALF_COLOURS) + i for i in range(len(_SYMBOLS))))
#: ``_BOARD_HALF[code]``: a half on a board, its colour's place and its symbol's set to 1; ``None``: no half.
_BOARD_HALF: dict[str | None, bytes] = {
    None: _one_hot(_HALF_SIZE, None),
    **{
        h.code: _floats([float(i == h.colour or i == _SYMBOL_AT[h.symbol]) for i in range(_HALF_SIZE)])
        for h in HALF_TYPES[:KINDS]
    },
}
_PHOENIX_COLOUR: dict[str, bytes] = {
    colour: _one_hot(len(_PHOENIX_COLOURS), c) for c, colour in enumerate(_PHOENIX_COLOURS)
}
#: ``_NEST_HALVES[codes]``: the lower (or upper) halves on a nest, each kind's count / 2, for every list
#: of at most two codes a nest can hold.
_NEST_HALVES: dict[tuple[str, ...], bytes] = {
    codes: _floats([codes.count(code) / _NEST_MOST for code in _KIND_CODES])
    for codes in [(), *((a,) for a in _KIND_CODES), *((a, b) for a in _KIND_CODES for b in _KIND_CODES)]
}
_NEST_TOKEN: dict[int | None, bytes] = {
    None: _one_hot(len(_TOKEN_VALUES), None),
    **{value: _one_hot(len(_TOKEN_VALUES), i) for i, value in enumerate(_TOKEN_VALUES)},
}
#: ``_BAG_SHARE[code]``: (the kind's place, 1 / the copies of that kind in a bag).
_BAG_SHARE: dict[str, tuple[int, float]] = {
    code: (k, 1.0 / copies) for k, (code, copies) in enumerate(zip(_KIND_CODES, KIND_COPIES, strict=True))
}
_SCALES = tuple(zip(_SCORE_PARTS, (1.0 / most for most in _SCORE_MOST), strict=True))
_BLACK = SIDE_NAMES[BLACK]


class _Plan:
    """Where one player count's fields start, its length, and the nests in each viewer's order."""

    def __init__(self, writer: ObservationWriter) -> None:
        layout = writer.layout
        players = layout.players
        self.size = layout.size
        start = {f.name: f.offset for f in layout.fields}
        self.score = start["score"]
        self.nest_lower = start["nest_lower"]
        self.holder = start["token_holder"]
        self.black = start["token_black"]
        self.turn = start["turn_order"]
        self.bag_lower = start["bag_lower"]
        self.bag_upper = start["bag_upper"]
        self.round = start["round"]
        self.over = start["game_over"]
        self.option = start["token_stays_black"]
        owners = nest_owners(players)
        #: ``nest_order[viewer]``: the nests in the order the vector lists them for that viewer.
        self.nest_order = tuple(
            (CENTRE, *(k for r in range(players) for k, owner in enumerate(owners) if owner == (viewer + r) % players))
            for viewer in range(players)
        )


_PLANS: dict[int, _Plan] = {}


def encode(view: dict[str, Any], writer: ObservationWriter) -> None:
    """Write ``view`` (a seat's view, or its :data:`READS`) into ``writer`` as
    :func:`observation_fields` lays it out."""
    phoenixes = view["phoenixes"]
    players = len(phoenixes)
    plan = _PLANS.get(players)
    if plan is None:
        plan = _PLANS[players] = _Plan(writer)
    values = writer.values
    viewer = view["viewer"]
    one = 1.0

    # phoenix_colour, lower_halves, upper_halves: the first fields, written as one run
    ordered = [phoenixes[(viewer + r) % players] for r in range(players)]
    blocks = [_PHOENIX_COLOUR[phoenix["colour"]] for phoenix in ordered]
    board = _BOARD_HALF.__getitem__
    for phoenix in ordered:
        blocks.extend(map(board, phoenix["lower"]))
    for phoenix in ordered:
        blocks.extend(map(board, phoenix["upper"]))
    run = array("f", b"".join(blocks))
    values[: len(run)] = run
    at = plan.score
    for phoenix in ordered:
        score = phoenix["score"]
        for part, scale in _SCALES:
            share = score[part] * scale
            values[at] = one if share > one else share
            at += 1

    # nest_lower, nest_upper, nest_token: one run
    nests = view["nests"]
    ordered_nests = [nests[k] for k in plan.nest_order[viewer]]
    blocks = [_NEST_HALVES[tuple(nest["lower"])] for nest in ordered_nests]
    blocks.extend([_NEST_HALVES[tuple(nest["upper"])] for nest in ordered_nests])
    blocks.extend([_NEST_TOKEN[nest["token"]] for nest in ordered_nests])
    run = array("f", b"".join(blocks))
    values[plan.nest_lower : plan.nest_lower + len(run)] = run

    held = []
    for t, token in enumerate(view["tokens"]):
        holder = token["holder"]
        if holder is not None:
            values[plan.holder + players * t + (holder - viewer) % players] = one
            held.append((token["showing"], holder))
        if token["side"] == _BLACK:
            values[plan.black + t] = one
    held.sort()
    for place, (_, holder) in enumerate(held):
        values[plan.turn + players * place + (holder - viewer) % players] = one

    bags = view["bags"]
    for at, bag in ((plan.bag_lower, bags["lower"]), (plan.bag_upper, bags["upper"])):
        for code, count in bag.items():
            k, scale = _BAG_SHARE[code]
            share = count * scale  # bags fuller than printed (the parameters) read as 1
            values[at + k] = one if share > one else share

    values[plan.round] = view["round"] / view["rounds"]
    if view["phase"] == OVER:
        values[plan.over] = one
    if view["options"]["token_elsewhere"] == "unchanged":
        values[plan.option] = one
    if len(values) != plan.size:  # a run of the wrong length would have moved every field after it
        raise InvariantError(f"the Phoenix observation came out {len(values)} numbers long, not {plan.size}")
