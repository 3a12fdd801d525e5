"""Phoenix scoring (rulebook, Scoring): feather colours, feather symbols, mirror feathers, tie-breaker.

A plumage is a list of ``2 * SLOTS`` feather-half types: ``plumage[slot]`` is the lower half in that slot
and ``plumage[SLOTS + slot]`` the upper half, ``EMPTY`` where none lies yet. What each thing scores is a
game's :class:`Points` (``points(state.rules)``), from its parameters.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.parameters import Rules, rules_for
from .components import KIND_COLOUR, KIND_SYMBOL, KINDS, MIRROR_PAIRS, RAINBOW, SLOTS
from .parameters import PARAMETERS
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


#: What a complete feather can be, for its colours (rulebook, Scoring 1: Feather colors): of the
#: phoenix's own colour, of another colour, all rainbow, or of two different colours.
FEATHER_KINDS = ("own", "other", "rainbow", "mixed")


def feather_kind(phoenix_colour: int, lower_colour: int, upper_colour: int) -> str:
    """What a complete feather is, for its colours: one of :data:`FEATHER_KINDS`."""
    colour = feather_colour(lower_colour, upper_colour)
    if colour is None:
        return "mixed"
    if colour == RAINBOW:
        return "rainbow"
    return "own" if colour == phoenix_colour else "other"


def matches_phoenix(phoenix_colour: int, lower_colour: int, upper_colour: int) -> bool:
    """Whether a complete feather counts for the tie-breaker: it scores as the phoenix's colour (a full
    rainbow feather does not)."""
    return feather_colour(lower_colour, upper_colour) == phoenix_colour


#: ``FEATHER_KIND[phoenix colour][lower kind][upper kind]``: what the feather is (:data:`FEATHER_KINDS`).
FEATHER_KIND: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(tuple(feather_kind(p, KIND_COLOUR[lk], KIND_COLOUR[uk]) for uk in range(KINDS)) for lk in range(KINDS))
    for p in range(RAINBOW)
)
#: ``OWN_COLOUR[phoenix colour][lower kind][upper kind]``: 1 where the feather counts for the tie-breaker.
OWN_COLOUR: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(int(matches_phoenix(p, KIND_COLOUR[lk], KIND_COLOUR[uk])) for uk in range(KINDS)) for lk in range(KINDS)
    )
    for p in range(RAINBOW)
)
#: The colour of each half type.
HALF_COLOUR: tuple[int, ...] = tuple(KIND_COLOUR[t % KINDS] for t in range(2 * KINDS))


@dataclass(frozen=True, slots=True)
class Points:
    """What each thing scores in one game, from its parameters (rulebook, Scoring)."""

    #: A complete feather's points for its colours, by what it is (:data:`FEATHER_KINDS`).
    feather_kind: dict[str, int]
    #: ``feather[phoenix colour][lower kind][upper kind]``: the same, for the hot path.
    feather: tuple[tuple[tuple[int, ...], ...], ...]
    #: ``symbol[symbol]``: a symbol's points (none, flame, moon, diamond).
    symbol: tuple[int, ...]
    #: ``half_symbol[half type]``: the points of the half's symbol.
    half_symbol: tuple[int, ...]
    #: The bonus of each pair of facing feathers of the same pattern.
    mirror: int


def _build_points(rules: Rules) -> Points:
    kinds = {
        "own": rules.own_colour_feather,
        "other": rules.other_colour_feather,
        "rainbow": rules.rainbow_feather,
        "mixed": rules.mixed_feather,
    }
    symbol = (0, rules.flame_points, rules.moon_points, rules.diamond_points)
    return Points(
        feather_kind=kinds,
        feather=tuple(tuple(tuple(kinds[k] for k in row) for row in table) for table in FEATHER_KIND),
        symbol=symbol,
        half_symbol=tuple(symbol[KIND_SYMBOL[t % KINDS]] for t in range(2 * KINDS)),
        mirror=rules.mirror_bonus,
    )


def points(rules: Rules) -> Points:
    """What each thing scores in a game played with ``rules``, built once for each set of rules."""
    return rules.derived(_build_points)


#: The points of the game as printed.
PRINTED = points(rules_for(PARAMETERS, {}))


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


def mirror_points(plumage: list[int], values: Points) -> int:
    """Phase 3: the bonus for each pair of facing slots that both hold complete feathers of the same
    pattern."""
    total = 0
    for a, b in MIRROR_PAIRS:
        if mirror_state(plumage, a, b) == MIRRORED:
            total += values.mirror
    return total


def score_plumage(plumage: list[int], phoenix_colour: int, values: Points) -> Score:
    """Score a plumage as it stands, with a game's ``values``: complete feathers for colours and
    mirrors, every half for symbols (an upper half only ever lies above a lower one)."""
    colours = symbols = own = 0
    table, matching = values.feather[phoenix_colour], OWN_COLOUR[phoenix_colour]
    half_symbol = values.half_symbol
    for slot in range(SLOTS):
        lower = plumage[slot]
        if lower == EMPTY:
            continue
        symbols += half_symbol[lower]
        upper = plumage[SLOTS + slot]
        if upper != EMPTY:
            symbols += half_symbol[upper]
            colours += table[lower][upper - KINDS]
            own += matching[lower][upper - KINDS]
    return Score(colours, symbols, mirror_points(plumage, values), own)


def total_score(plumage: list[int], phoenix_colour: int, values: Points) -> int:
    """The points of a plumage (the sum of the three phases) with a game's ``values``, quickly."""
    total = 0
    table = values.feather[phoenix_colour]
    half_symbol = values.half_symbol
    for slot in range(SLOTS):
        lower = plumage[slot]
        if lower == EMPTY:
            continue
        total += half_symbol[lower]
        upper = plumage[SLOTS + slot]
        if upper != EMPTY:
            total += table[lower][upper - KINDS] + half_symbol[upper]
    return total + mirror_points(plumage, values)


@dataclass(frozen=True, slots=True)
class SlotScore:
    """What one slot of a plumage scores: the symbols of its halves, and once its feather is complete,
    what that feather is (:func:`feather_kind`, ``None`` before) and its points for colours."""

    symbols: int  # phase 2: the symbols of the halves lying in the slot
    feather: str | None  # one of FEATHER_KINDS, or None while the feather is incomplete
    colours: int  # phase 1: the feather's points for its colours, 0 while incomplete
    own_colour: bool  # the feather counts for the tie-breaker


def slot_score(plumage: list[int], phoenix_colour: int, slot: int, values: Points) -> SlotScore:
    """The score of ``slot`` (0-based) alone; the slots' scores add up to :func:`score_plumage`'s colours,
    symbols and tie-breaker count."""
    lower, upper = plumage[slot], plumage[SLOTS + slot]
    half_symbol = values.half_symbol
    if lower == EMPTY:
        return SlotScore(0, None, 0, False)
    if upper == EMPTY:
        return SlotScore(half_symbol[lower], None, 0, False)
    kind = feather_kind(phoenix_colour, HALF_COLOUR[lower], HALF_COLOUR[upper])
    own = matches_phoenix(phoenix_colour, HALF_COLOUR[lower], HALF_COLOUR[upper])
    return SlotScore(half_symbol[lower] + half_symbol[upper], kind, values.feather_kind[kind], own)


def placed(plumage: list[int], half: int, slot: int) -> list[int]:
    """A copy of ``plumage`` with ``half`` (a type id) laid in ``slot`` (0-based): a lower half in the
    slot's lower place, an upper half in its upper place."""
    after = plumage.copy()
    after[slot if half < KINDS else SLOTS + slot] = half
    return after


def gain(plumage: list[int], phoenix_colour: int, half: int, slot: int, values: Points) -> Score:
    """What laying ``half`` in ``slot`` adds to the plumage's score, phase by phase."""
    before = score_plumage(plumage, phoenix_colour, values)
    after = score_plumage(placed(plumage, half, slot), phoenix_colour, values)
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
