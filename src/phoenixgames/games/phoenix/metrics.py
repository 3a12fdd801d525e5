"""What a designer looks at in a finished game of Phoenix, from its public events and final position:
each seat's points by scoring kind (feathers of its own colour, of another, rainbow, mixed; flames,
moons, diamonds; mirrored pairs), how many feathers of each kind it completed, and where it took its
halves (its own nests, turning the token black, the centre, or another player's)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import PUBLIC
from .actions import nest_name
from .components import DIAMOND, FLAME, KIND_SYMBOL, KINDS, MIRROR_PAIRS, MOON, RAINBOW, SLOTS
from .phases import EMPTY, NOBODY
from .scoring import FEATHER_KINDS, HALF_COLOUR, MIRRORED, mirror_state, points, slot_score

if TYPE_CHECKING:
    from .state import PhoenixState

_SYMBOLS = ((FLAME, "flame"), (MOON, "moon"), (DIAMOND, "diamond"))


def metrics(state: PhoenixState) -> dict[str, float | list[float]]:
    """The figures of a finished game, each a number or a list indexed by seat. A seat's ``score`` is
    the sum of its ``*_feather_points``, ``*_symbol_points`` and ``mirror_points``."""
    n = state.num_players
    values = points(state.rules)
    figures: dict[str, float | list[float]] = {"rounds": float(state.round)}
    feathers = {kind: [0.0] * n for kind in FEATHER_KINDS}
    feather_points = {kind: [0.0] * n for kind in FEATHER_KINDS}
    symbols = {name: [0.0] * n for _, name in _SYMBOLS}
    mirrors = [0.0] * n
    for seat, (plumage, colour) in enumerate(zip(state.plumage, state.phoenix, strict=True)):
        for slot in range(SLOTS):
            score = slot_score(plumage, colour, slot, values)
            if score.feather is not None:
                feathers[score.feather][seat] += 1
                feather_points[score.feather][seat] += score.colours
            for half in (plumage[slot], plumage[SLOTS + slot]):
                if half != EMPTY:
                    for symbol, name in _SYMBOLS:
                        if KIND_SYMBOL[half % KINDS] == symbol:
                            symbols[name][seat] += values.symbol[symbol]
        mirrors[seat] = float(sum(mirror_state(plumage, a, b) == MIRRORED for a, b in MIRROR_PAIRS))
    figures["score"] = [float(s) for s in state.scores]
    for kind in FEATHER_KINDS:
        figures[f"{kind}_feathers"] = feathers[kind]
        figures[f"{kind}_feather_points"] = feather_points[kind]
    for _, name in _SYMBOLS:
        figures[f"{name}_symbol_points"] = symbols[name]
    figures["mirror_pairs"] = mirrors
    figures["mirror_points"] = [pairs * values.mirror for pairs in mirrors]
    figures["rainbow_halves_taken"] = [
        float(sum(1 for half in plumage if half != EMPTY and HALF_COLOUR[half] == RAINBOW)) for plumage in state.plumage
    ]
    own, centre, others = [0.0] * n, [0.0] * n, [0.0] * n
    owner = {nest_name(k): seat for k, seat in enumerate(state.owners)}
    for event in state.events(PUBLIC):
        if event["kind"] != "take":
            continue
        seat, where = event["seat"], owner[event["nest"]]
        if where == seat:
            own[seat] += 1
        elif where == NOBODY:
            centre[seat] += 1
        else:
            others[seat] += 1
    figures["takes_from_own_nests"] = own
    figures["takes_from_centre"] = centre
    figures["takes_from_other_nests"] = others
    return figures
