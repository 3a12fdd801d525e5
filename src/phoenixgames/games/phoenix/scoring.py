"""Phoenix scoring (rulebook, Scoring): feather colours, feather symbols, mirror feathers, tie-breaker.

A plumage is a list of ``2 * SLOTS`` feather-half types: ``plumage[slot]`` is the lower half in that slot
and ``plumage[SLOTS + slot]`` the upper half, ``EMPTY`` where none lies yet.
"""

from __future__ import annotations

from dataclasses import dataclass

from .components import (
    KIND_COLOUR,
    KIND_SYMBOL,
    KINDS,
    MIRROR_BONUS,
    MIRROR_PAIRS,
    MIXED_FEATHER,
    OTHER_COLOUR_FEATHER,
    OWN_COLOUR_FEATHER,
    RAINBOW,
    RAINBOW_FEATHER,
    SLOTS,
    SYMBOL_POINTS,
)
from .phases import EMPTY


def feather_colour(lower_colour: int, upper_colour: int) -> int | None:
    """The colour a complete feather counts as: rainbow with a colour counts as that colour; two
    different colours make no colour (``None``)."""
    if lower_colour == upper_colour:
        return lower_colour
    if lower_colour == RAINBOW:
        return upper_colour
    if upper_colour == RAINBOW:
        return lower_colour
    return None


#: What a complete feather scores for its colours, by what it is (rulebook, Scoring 1: Feather colors):
#: of the phoenix's own colour, of another colour, all rainbow, or of two different colours.
FEATHER_KIND_POINTS: dict[str, int] = {
    "own": OWN_COLOUR_FEATHER,
    "other": OTHER_COLOUR_FEATHER,
    "rainbow": RAINBOW_FEATHER,
    "mixed": MIXED_FEATHER,
}


def feather_kind(phoenix_colour: int, lower_colour: int, upper_colour: int) -> str:
    """What a complete feather is, for its colours: one of :data:`FEATHER_KIND_POINTS`' keys."""
    colour = feather_colour(lower_colour, upper_colour)
    if colour is None:
        return "mixed"
    if colour == RAINBOW:
        return "rainbow"
    return "own" if colour == phoenix_colour else "other"


def feather_points(phoenix_colour: int, lower_colour: int, upper_colour: int) -> int:
    """Points of one complete feather (rulebook, Scoring 1: Feather colors)."""
    return FEATHER_KIND_POINTS[feather_kind(phoenix_colour, lower_colour, upper_colour)]


def matches_phoenix(phoenix_colour: int, lower_colour: int, upper_colour: int) -> bool:
    """Whether a complete feather counts for the tie-breaker: it scores as the phoenix's colour (a full
    rainbow feather does not)."""
    return feather_colour(lower_colour, upper_colour) == phoenix_colour


#: ``FEATHER_POINTS[phoenix colour][lower kind][upper kind]``, for the hot path.
FEATHER_POINTS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(feather_points(p, KIND_COLOUR[lk], KIND_COLOUR[uk]) for uk in range(KINDS)) for lk in range(KINDS))
    for p in range(RAINBOW)
)
#: ``OWN_COLOUR[phoenix colour][lower kind][upper kind]``: 1 where the feather counts for the tie-breaker.
OWN_COLOUR: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(int(matches_phoenix(p, KIND_COLOUR[lk], KIND_COLOUR[uk])) for uk in range(KINDS)) for lk in range(KINDS)
    )
    for p in range(RAINBOW)
)
#: Points of each half type's symbol.
HALF_SYMBOL_POINTS: tuple[int, ...] = tuple(SYMBOL_POINTS[KIND_SYMBOL[t % KINDS]] for t in range(2 * KINDS))
#: The colour of each half type.
HALF_COLOUR: tuple[int, ...] = tuple(KIND_COLOUR[t % KINDS] for t in range(2 * KINDS))


@dataclass(frozen=True, slots=True)
class Score:
    """One plumage's score, phase by phase, and its tie-breaker count."""

    colours: int  # phase 1: feather colours
    symbols: int  # phase 2: flames, moons and diamonds
    mirrors: int  # phase 3: mirror feathers, 5 points a pair
    own_colour_feathers: int  # the tie-breaker: complete feathers of the phoenix's colour

    @property
    def total(self) -> int:
        return self.colours + self.symbols + self.mirrors


def same_pattern(plumage: list[int], a: int, b: int) -> bool:
    """Two complete feathers with identical colours, lower with lower and upper with upper (symbols
    may differ; rainbow must face rainbow)."""
    return (
        HALF_COLOUR[plumage[a]] == HALF_COLOUR[plumage[b]]
        and HALF_COLOUR[plumage[SLOTS + a]] == HALF_COLOUR[plumage[SLOTS + b]]
    )


#: What a pair of facing slots is, for the mirror bonus: not both complete yet, scoring, or not scoring.
OPEN, MIRRORED, UNLIKE = "open", "mirror", "unlike"


def mirror_state(plumage: list[int], a: int, b: int) -> str:
    """Facing slots ``a`` and ``b`` (0-based): :data:`OPEN` while either feather is incomplete, else
    :data:`MIRRORED` (the two complete feathers have the same pattern: the pair scores the bonus) or
    :data:`UNLIKE`."""
    if plumage[SLOTS + a] == EMPTY or plumage[SLOTS + b] == EMPTY:
        return OPEN
    return MIRRORED if same_pattern(plumage, a, b) else UNLIKE


def mirror_points(plumage: list[int]) -> int:
    """Phase 3: the bonus for each pair of facing slots that both hold complete feathers of the same
    pattern."""
    points = 0
    for a, b in MIRROR_PAIRS:
        if mirror_state(plumage, a, b) == MIRRORED:
            points += MIRROR_BONUS
    return points


def score_plumage(plumage: list[int], phoenix_colour: int) -> Score:
    """Score a plumage as it stands: complete feathers for colours and mirrors, every half for symbols
    (an upper half only ever lies above a lower one)."""
    colours = symbols = own = 0
    table, matching = FEATHER_POINTS[phoenix_colour], OWN_COLOUR[phoenix_colour]
    for slot in range(SLOTS):
        lower = plumage[slot]
        if lower == EMPTY:
            continue
        symbols += HALF_SYMBOL_POINTS[lower]
        upper = plumage[SLOTS + slot]
        if upper != EMPTY:
            symbols += HALF_SYMBOL_POINTS[upper]
            colours += table[lower][upper - KINDS]
            own += matching[lower][upper - KINDS]
    return Score(colours, symbols, mirror_points(plumage), own)


def total_score(plumage: list[int], phoenix_colour: int) -> int:
    """The points of a plumage (the sum of the three phases), quickly."""
    total = 0
    table = FEATHER_POINTS[phoenix_colour]
    for slot in range(SLOTS):
        lower = plumage[slot]
        if lower == EMPTY:
            continue
        total += HALF_SYMBOL_POINTS[lower]
        upper = plumage[SLOTS + slot]
        if upper != EMPTY:
            total += table[lower][upper - KINDS] + HALF_SYMBOL_POINTS[upper]
    return total + mirror_points(plumage)


@dataclass(frozen=True, slots=True)
class SlotScore:
    """What one slot of a plumage scores: the symbols of its halves, and once its feather is complete,
    what that feather is (:func:`feather_kind`, ``None`` before) and its points for colours."""

    symbols: int  # phase 2: the symbols of the halves lying in the slot
    feather: str | None  # a key of FEATHER_KIND_POINTS, or None while the feather is incomplete
    colours: int  # phase 1: the feather's points for its colours, 0 while incomplete
    own_colour: bool  # the feather counts for the tie-breaker


def slot_score(plumage: list[int], phoenix_colour: int, slot: int) -> SlotScore:
    """The score of ``slot`` (0-based) alone; the slots' scores add up to :func:`score_plumage`'s colours,
    symbols and tie-breaker count."""
    lower, upper = plumage[slot], plumage[SLOTS + slot]
    if lower == EMPTY:
        return SlotScore(0, None, 0, False)
    if upper == EMPTY:
        return SlotScore(HALF_SYMBOL_POINTS[lower], None, 0, False)
    kind = feather_kind(phoenix_colour, HALF_COLOUR[lower], HALF_COLOUR[upper])
    own = matches_phoenix(phoenix_colour, HALF_COLOUR[lower], HALF_COLOUR[upper])
    return SlotScore(HALF_SYMBOL_POINTS[lower] + HALF_SYMBOL_POINTS[upper], kind, FEATHER_KIND_POINTS[kind], own)


def placed(plumage: list[int], half: int, slot: int) -> list[int]:
    """A copy of ``plumage`` with ``half`` (a type id) laid in ``slot`` (0-based): a lower half in the
    slot's lower place, an upper half in its upper place."""
    after = plumage.copy()
    after[slot if half < KINDS else SLOTS + slot] = half
    return after


def gain(plumage: list[int], phoenix_colour: int, half: int, slot: int) -> Score:
    """What laying ``half`` in ``slot`` adds to the plumage's score, phase by phase."""
    before = score_plumage(plumage, phoenix_colour)
    after = score_plumage(placed(plumage, half, slot), phoenix_colour)
    return Score(
        after.colours - before.colours,
        after.symbols - before.symbols,
        after.mirrors - before.mirrors,
        after.own_colour_feathers - before.own_colour_feathers,
    )


def decided_by_tie_breaker(totals: list[int], winners: list[int]) -> bool:
    """Whether the tie-breaker chose the ``winners`` among the seats with the most points (``totals``):
    more seats have the most points than win."""
    if not winners:
        return False
    best = totals[winners[0]]
    return sum(total == best for total in totals) > len(winners)
