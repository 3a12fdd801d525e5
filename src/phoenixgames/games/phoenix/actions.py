"""Phoenix's one action, its notation and the parser that reads it back.

A turn is one action: lay your ash token on a nest, take one feather half from it and place it on your
phoenix board. Notation: ``take lower Rf nest2 slot3`` (the lower red half with a flame, from nest 2,
into slot 3), ``take upper * centre slot8`` (an upper rainbow half from the centre nest, onto slot 8).
Half codes: a colour letter (R red, Y yellow, B blue, K black, ``*`` rainbow) and a symbol letter
(f flame, m moon, d diamond; none for a half without a symbol).

The centre nest is nest 0 in the code and ``centre`` in the notation; the players' nests are 1 to 4.
Every action value exists once: ``TAKE[nest][half type][slot]`` holds them all, and
:func:`action_table` lists those of the nests in play at a player count, the game's fixed action space.

An action built by hand may hold anything in its fields (``TakeFeather(half, nest, slot=99)``, a text
for a half): :func:`flaw` says what is wrong with it, ``str`` of it never raises, and it equals no
legal action, so ``apply`` refuses it with that reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, TypeGuard

from ...engine import Action, IllegalAction
from ...engine.action import exactly_equal, is_number
from ...engine.errors import shown
from .components import HALF_BY_CODE, HALF_TYPES, NEST_BOARDS, POSITION_NAMES, SLOTS, FeatherHalf, nests_per_player
from .phases import CENTRE


def nest_name(nest: int) -> str:
    """``centre`` or ``nest2``."""
    return "centre" if nest == CENTRE else f"nest{nest}"


def is_half(value: object) -> TypeGuard[FeatherHalf]:
    """One of the game's feather half types: the very object, or one of its class equal to it field by
    field, each field of the same type (a half whose colour is ``1.0`` is no half of the game)."""
    if value.__class__ is not FeatherHalf:
        return False
    half_id = getattr(value, "id", None)
    if not (is_number(half_id) and 0 <= half_id < len(HALF_TYPES)):
        return False
    return exactly_equal(value, HALF_TYPES[half_id])


@dataclass(frozen=True, slots=True, eq=False)
class TakeFeather(Action):
    """Lay your ash token on ``nest``, take ``half`` from it and place it in ``slot`` of your board."""

    half: FeatherHalf
    nest: int  # 0 is the centre nest, 1.. the players' nests
    slot: int  # 0-based; shown as slot1..slot8

    # Equality by value, written out: ``apply`` looks an action up in a list of legal ones, and the
    # generated comparison (tuples of fields, then the half's own comparison) was a third of its time.
    # Types count too: ``slot=True`` or ``nest=1.0`` is no slot or nest, though Python counts it equal
    # to 1, so an action holding one equals no legal action.
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is not TakeFeather or self.slot != other.slot or self.nest != other.nest:
            return False
        mine, theirs = self.half, other.half
        if mine is not theirs and not (
            mine.__class__ is theirs.__class__ is FeatherHalf
            and mine.id == theirs.id
            and is_half(mine)
            and is_half(theirs)
        ):
            return False
        return self.slot.__class__ is other.slot.__class__ and self.nest.__class__ is other.nest.__class__

    def __hash__(self) -> int:
        half = self.half
        return hash((half.id if half.__class__ is FeatherHalf else half, self.nest, self.slot))

    def __str__(self) -> str:
        half, nest, slot = self.half, self.nest, self.slot
        if not is_half(half):
            return f"take {shown(half)} {shown(nest)} {shown(slot)}"
        where = nest_name(nest) if is_number(nest) else f"nest {shown(nest)}"
        place = f"slot{slot + 1}" if is_number(slot) else f"slot {shown(slot)}"
        return f"take {POSITION_NAMES[half.position]} {half.code} {where} {place}"


def flaw(action: Action) -> str | None:
    """What is wrong with the fields of ``action``, an action built by hand; ``None`` if nothing is."""
    match action:
        case TakeFeather(half=half, nest=nest, slot=slot) if action.__class__ is TakeFeather:
            return _take_flaw(half, nest, slot)
    return f"{shown(action)} is not an action of Phoenix"  # a subclass of TakeFeather is none either


def _take_flaw(half: object, nest: object, slot: object) -> str | None:
    if not is_half(half):
        return f"{shown(half)} is not a feather half: {HALF_HELP}"
    if not is_number(nest):
        return f"a nest is numbered 0 (the centre) to {NEST_BOARDS - 1}, not {shown(nest)}"
    if not 0 <= nest < NEST_BOARDS:
        return f"there is no nest {nest}: the nests are the centre and nest1 to nest{NEST_BOARDS - 1}"
    if not is_number(slot):
        return f"a slot is numbered 0 (slot1) to {SLOTS - 1} (slot{SLOTS}), not {shown(slot)}"
    if not 0 <= slot < SLOTS:
        return f"there is no slot {slot + 1}: a phoenix board has slots 1 to {SLOTS}"
    return None


TAKE: tuple[tuple[tuple[TakeFeather, ...], ...], ...] = tuple(
    tuple(tuple(TakeFeather(half, nest, slot) for slot in range(SLOTS)) for half in HALF_TYPES)
    for nest in range(NEST_BOARDS)
)


def nests_in_play(players: int) -> int:
    """The centre and the players' nests: 5 with 2 players (2 nests each), 4 with 3, 5 with 4."""
    return 1 + players * nests_per_player(players)


def action_table(players: int, options: dict[str, Any]) -> tuple[TakeFeather, ...]:
    """Every action that can ever be legal at ``players`` seats: any half type from any nest in play
    into any slot, nest by nest, then half type by half type, then slot by slot (1,360 actions with 2
    or 4 players, 1,088 with 3). The options change no action."""
    return tuple(take for nest in TAKE[: nests_in_play(players)] for row in nest for take in row)


# [0-9], not \d: \d also matches other scripts' digits (and "²" passes str.isdigit but not int()).
_TAKE_RE = re.compile(r"take (lower|upper) (\S+) (centre|center|nest ?([0-9]+)) slot ?([0-9]+)")
HALF_HELP = "halves are written " + ", ".join(sorted({h.code for h in HALF_TYPES}))
NOTATION_HELP = (
    "a turn is written like 'take lower Rf nest2 slot3' or 'take upper * centre slot8': the half "
    "(lower or upper, then its colour R, Y, B, K or * for rainbow and its symbol f, m or d, if any), "
    "the nest (centre or nest1 to nest4) and the slot of your board (slot1 to slot8)"
)


def _number(digits: str) -> int | None:
    """The number ``digits`` write, or ``None`` if it is too long to be a nest or a slot."""
    return int(digits) if len(digits) <= 6 else None


def _cut(text: str) -> str:
    """A piece of notation in a message, cut short if long."""
    return text if len(text) <= 20 else f"{text[:12]}..."


def parse_action(text: str) -> Action:
    """Read normalised notation; raise IllegalAction if it names no Phoenix action."""
    m = _TAKE_RE.fullmatch(text)
    if m is None:
        raise IllegalAction(f"cannot read {shown(text)}: {NOTATION_HELP}")
    position = POSITION_NAMES.index(m.group(1))
    half = HALF_BY_CODE[position].get(m.group(2))
    if half is None:
        raise IllegalAction(f"{shown(m.group(2))} is not a feather half: {HALF_HELP}")
    nest = CENTRE
    if m.group(4) is not None:
        nest = _number(m.group(4))  # type: ignore[assignment]
        if nest is None or not 1 <= nest < NEST_BOARDS:
            raise IllegalAction(
                f"there is no nest {_cut(m.group(4))}: the nests are the centre and nest1 to nest{NEST_BOARDS - 1}"
            )
    slot = _number(m.group(5))
    if slot is None or not 1 <= slot <= SLOTS:
        raise IllegalAction(f"there is no slot {_cut(m.group(5))}: a phoenix board has slots 1 to {SLOTS}")
    return TAKE[nest][half.id][slot - 1]
