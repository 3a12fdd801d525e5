"""Phoenix's one action, its notation and the parser that reads it back.

A turn is one action: lay your ash token on a nest, take one feather half from it and place it on your
phoenix board. Notation: ``take lower Rf nest2 slot3`` (the lower red half with a flame, from nest 2,
into slot 3), ``take upper * centre slot8`` (an upper rainbow half from the centre nest, onto slot 8).
Half codes: a colour letter (R red, Y yellow, B blue, K black, ``*`` rainbow) and a symbol letter
(f flame, m moon, d diamond; none for a half without a symbol).

The centre nest is nest 0 in the code and ``centre`` in the notation; the players' nests are 1 to 4.
Every action value exists once: ``TAKE[nest][half type][slot]`` holds them all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...engine import Action, IllegalAction
from .components import HALF_BY_CODE, HALF_TYPES, NEST_BOARDS, POSITION_NAMES, SLOTS, FeatherHalf

CENTRE = 0


def nest_name(nest: int) -> str:
    """``centre`` or ``nest2``."""
    return "centre" if nest == CENTRE else f"nest{nest}"


@dataclass(frozen=True, slots=True, eq=False)
class TakeFeather(Action):
    """Lay your ash token on ``nest``, take ``half`` from it and place it in ``slot`` of your board."""

    half: FeatherHalf
    nest: int  # 0 is the centre nest, 1.. the players' nests
    slot: int  # 0-based; shown as slot1..slot8

    # Equality by value, written out: ``apply`` looks an action up in a list of legal ones, and the
    # generated comparison (tuples of fields, then the half's own comparison) was a third of its time.
    def __eq__(self, other: object) -> bool:
        return self is other or (
            other.__class__ is TakeFeather
            and self.slot == other.slot
            and self.nest == other.nest
            and self.half.id == other.half.id
        )

    def __hash__(self) -> int:
        return hash((self.half.id, self.nest, self.slot))

    def __str__(self) -> str:
        return f"take {POSITION_NAMES[self.half.position]} {self.half.code} {nest_name(self.nest)} slot{self.slot + 1}"


TAKE: tuple[tuple[tuple[TakeFeather, ...], ...], ...] = tuple(
    tuple(tuple(TakeFeather(half, nest, slot) for slot in range(SLOTS)) for half in HALF_TYPES)
    for nest in range(NEST_BOARDS)
)

_TAKE_RE = re.compile(r"take (lower|upper) (\S+) (centre|center|nest ?(\d+)) slot ?(\d+)")
NOTATION_HELP = (
    "a turn is written like 'take lower Rf nest2 slot3' or 'take upper * centre slot8': the half "
    "(lower or upper, then its colour R, Y, B, K or * for rainbow and its symbol f, m or d, if any), "
    "the nest (centre or nest1 to nest4) and the slot of your board (slot1 to slot8)"
)


def parse_action(text: str) -> Action:
    """Read normalised notation; raise IllegalAction if it names no Phoenix action."""
    m = _TAKE_RE.fullmatch(text)
    if m is None:
        raise IllegalAction(f"cannot read {text!r}: {NOTATION_HELP}")
    position = POSITION_NAMES.index(m.group(1))
    half = HALF_BY_CODE[position].get(m.group(2))
    if half is None:
        codes = ", ".join(sorted({h.code for h in HALF_TYPES}))
        raise IllegalAction(f"{m.group(2)!r} is not a feather half: halves are written {codes}")
    nest = CENTRE if m.group(4) is None else int(m.group(4))
    if m.group(4) is not None and not 1 <= nest < NEST_BOARDS:
        raise IllegalAction(f"there is no nest {nest}: the nests are the centre and nest1 to nest{NEST_BOARDS - 1}")
    slot = int(m.group(5))
    if not 1 <= slot <= SLOTS:
        raise IllegalAction(f"there is no slot {slot}: a phoenix board has slots 1 to {SLOTS}")
    return TAKE[nest][half.id][slot - 1]
