"""Phoenix components, loaded once from ``data.toml``: feather halves, nests, ash tokens, phoenix boards.

Feather halves are identified by their *type* (an int id): every lower red half with a flame is the same
type. Types ``0 .. KINDS - 1`` are lower halves, ``KINDS .. 2 * KINDS - 1`` upper halves of the same
kinds in the same order, so ``kind = type % KINDS``. Nests, bags and plumages hold type ids.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

from ...engine import require

DATA = tomllib.loads(resources.files(__package__).joinpath("data.toml").read_text(encoding="utf-8"))

COLOURS: tuple[str, ...] = tuple(DATA["colours"])
RAINBOW = len(COLOURS)  # the colour index of rainbow halves
COLOUR_NAMES: tuple[str, ...] = (*COLOURS, "rainbow")
#: One letter per colour for the notation (K for black, as printers do), ``*`` for rainbow.
COLOUR_LETTERS: tuple[str, ...] = ("R", "Y", "B", "K", "*")
require(len(COLOUR_LETTERS) == len(COLOUR_NAMES), "data.toml: a colour has no letter")

NO_SYMBOL, FLAME, MOON, DIAMOND = 0, 1, 2, 3
SYMBOL_NAMES: tuple[str, ...] = ("none", "flame", "moon", "diamond")
SYMBOL_LETTERS: tuple[str, ...] = ("", "f", "m", "d")

LOWER, UPPER = 0, 1
POSITION_NAMES: tuple[str, ...] = ("lower", "upper")


@dataclass(frozen=True, slots=True)
class FeatherHalf:
    """One type of feather half: lower or upper, a colour (or rainbow) and a symbol (or none)."""

    id: int
    position: int  # LOWER or UPPER
    colour: int  # index into COLOUR_NAMES; RAINBOW for rainbow halves
    symbol: int  # NO_SYMBOL, FLAME, MOON or DIAMOND
    code: str  # notation without the position: Rf, Ym, Bd, K, *

    @property
    def is_rainbow(self) -> bool:
        return self.colour == RAINBOW

    @property
    def name(self) -> str:
        """``lower red flame``, ``upper rainbow``."""
        symbol = "" if self.symbol == NO_SYMBOL else f" {SYMBOL_NAMES[self.symbol]}"
        return f"{POSITION_NAMES[self.position]} {COLOUR_NAMES[self.colour]}{symbol}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        position = self.position  # a half built by hand may hold anything here: its repr still works
        known = position.__class__ is int and 0 <= position < len(POSITION_NAMES)
        return f"FeatherHalf({POSITION_NAMES[position] if known else repr(position)} {self.code})"


def _kinds() -> tuple[tuple[int, int, int], ...]:
    """(colour, symbol, copies in each bag) for every kind of half, colours first, then rainbow."""
    kinds = []
    for group in DATA["feathers"]:
        colours = range(len(COLOURS)) if group["colour"] == "each" else (COLOUR_NAMES.index(group["colour"]),)
        for colour in colours:
            for symbol in (NO_SYMBOL, FLAME, MOON, DIAMOND):
                copies = group[SYMBOL_NAMES[symbol]]
                if copies:
                    kinds.append((colour, symbol, copies))
    kinds.sort(key=lambda k: (k[0], k[1]))
    return tuple(kinds)


_KIND_DATA = _kinds()
KINDS = len(_KIND_DATA)
HALF_TYPES: tuple[FeatherHalf, ...] = tuple(
    FeatherHalf(position * KINDS + k, position, colour, symbol, COLOUR_LETTERS[colour] + SYMBOL_LETTERS[symbol])
    for position in (LOWER, UPPER)
    for k, (colour, symbol, _) in enumerate(_KIND_DATA)
)
NUM_HALF_TYPES = len(HALF_TYPES)
#: How many halves of each kind each bag holds (the same for both bags).
KIND_COPIES: tuple[int, ...] = tuple(copies for _, _, copies in _KIND_DATA)
#: Every half in the box, as type ids: the lower bag's content, then the upper bag's.
FULL_LOWER_BAG: tuple[int, ...] = tuple(k for k, n in enumerate(KIND_COPIES) for _ in range(n))
FULL_UPPER_BAG: tuple[int, ...] = tuple(KINDS + k for k, n in enumerate(KIND_COPIES) for _ in range(n))
#: ``HALF_BY_CODE[position][code]``: a type from its notation (lower case).
HALF_BY_CODE: tuple[dict[str, FeatherHalf], ...] = tuple(
    {h.code.lower(): h for h in HALF_TYPES if h.position == position} for position in (LOWER, UPPER)
)
KIND_COLOUR: tuple[int, ...] = tuple(colour for colour, _, _ in _KIND_DATA)
KIND_SYMBOL: tuple[int, ...] = tuple(symbol for _, symbol, _ in _KIND_DATA)

# ------------------------------------------------------------------ the game's sizes
MIN_PLAYERS: int = DATA["game"]["min_players"]
MAX_PLAYERS: int = DATA["game"]["max_players"]
LOWER_PER_NEST: int = DATA["game"]["lower_per_nest"]
UPPER_PER_NEST: int = DATA["game"]["upper_per_nest"]
NEST_BOARDS: int = DATA["nests"]["count"]

SLOTS: int = DATA["phoenix_board"]["slots"]
#: ``MIRROR[slot]``: the slot facing ``slot`` (0-based).
MIRROR: tuple[int, ...] = tuple(
    b - 1 if a - 1 == slot else a - 1
    for slot in range(SLOTS)
    for a, b in DATA["phoenix_board"]["mirror_pairs"]
    if slot in (a - 1, b - 1)
)
MIRROR_PAIRS: tuple[tuple[int, int], ...] = tuple((a - 1, b - 1) for a, b in DATA["phoenix_board"]["mirror_pairs"])
require(
    sorted(MIRROR) == list(range(SLOTS)) and all(MIRROR[MIRROR[s]] == s for s in range(SLOTS)),
    "data.toml: the mirror pairs must pair every slot with exactly one other",
)

# ------------------------------------------------------------------ ash tokens
#: Token ``t`` (0-based) shows ``WHITE_VALUE[t]`` on its white side and ``BLACK_VALUE[t]`` on its black side.
WHITE_VALUE: tuple[int, ...] = tuple(DATA["ash_tokens"]["white"])
BLACK_VALUE: tuple[int, ...] = tuple(DATA["ash_tokens"]["black"])
TOKEN_BY_WHITE_VALUE: dict[int, int] = {v: t for t, v in enumerate(WHITE_VALUE)}


def rounds(players: int) -> int:
    """8 rounds with 2 players, 16 with 3 or 4 (rulebook, End of the game)."""
    count: int = DATA["game"]["rounds_two_players"] if players == 2 else DATA["game"]["rounds"]
    return count


def nests_per_player(players: int) -> int:
    """2 nests each with 2 players, 1 with 3 or 4 (rulebook, Setup step 3)."""
    count: int = DATA["nests"]["per_player_two_players"] if players == 2 else DATA["nests"]["per_player"]
    return count


def tokens_in_play(players: int) -> tuple[int, ...]:
    """The ash tokens used (0-based ids): all four, or tokens 1, 2 and 3 with 3 players."""
    if players == 3:
        return tuple(TOKEN_BY_WHITE_VALUE[v] for v in DATA["ash_tokens"]["three_players"])
    return tuple(range(len(WHITE_VALUE)))


#: With 2 players, the two hands of tokens dealt (0-based ids): tokens 1 and 4, and tokens 2 and 3.
TWO_PLAYER_HANDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(TOKEN_BY_WHITE_VALUE[v] for v in hand) for hand in DATA["ash_tokens"]["two_players"]
)

# ------------------------------------------------------------------ scoring
SCORING = DATA["scoring"]
RAINBOW_FEATHER: int = SCORING["rainbow_feather"]
OWN_COLOUR_FEATHER: int = SCORING["own_colour_feather"]
OTHER_COLOUR_FEATHER: int = SCORING["other_colour_feather"]
MIXED_FEATHER: int = SCORING["mixed_feather"]
MIRROR_BONUS: int = SCORING["mirror"]
SYMBOL_POINTS: tuple[int, ...] = (0, SCORING["flame"], SCORING["moon"], SCORING["diamond"])
