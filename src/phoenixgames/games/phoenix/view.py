"""What one seat may know of a Phoenix game, as plain JSON-able data.

Everything is in the open: the phoenix boards and their plumages, the nests and the halves on them,
the ash tokens (who holds which, which side is up, where they lie) and so the turn order, and what the
bags still hold (everyone can count the halves drawn so far). Hidden: only the order in which the
halves will come out of the bags, which exists nowhere (the bags are unordered piles).

So a seat, a referee (``None``) and a spectator (``PUBLIC``) see the same table; only the seat to act
and the referee are shown the legal actions, and ``viewer`` says whose view it is.

The view is built part by part (one function a key, :data:`PARTS`), so that a reader wanting only a few
keys (the observation encoding, ``encoding.READS``) has only those built.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

from ...engine.state import Audience
from .actions import nest_name
from .components import COLOUR_NAMES, HALF_TYPES, KINDS, MIRROR_PAIRS, NUM_HALF_TYPES, SLOTS
from .phases import EMPTY, NO_TOKEN, NOBODY, OVER, PLAY, SIDE_NAMES
from .scoring import score_plumage

if TYPE_CHECKING:
    from .state import PhoenixState

#: The notation of each half type, and ``None`` for an empty place on a board.
_CODE: dict[int, str | None] = {EMPTY: None, **{h.id: h.code for h in HALF_TYPES}}


def _bag(bag: list[int]) -> dict[str, int]:
    """How many halves of each type ``bag`` holds, in type order, leaving out the types it has none of."""
    counts = [0] * NUM_HALF_TYPES
    for half in bag:
        counts[half] += 1
    return {HALF_TYPES[h].code: n for h, n in enumerate(counts) if n}


@cache
def _seat_nests(owners: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    """The names of each seat's nests, given each nest's owner."""
    seats = range(max(owners) + 1)
    return tuple(tuple(nest_name(k) for k, owner in enumerate(owners) if owner == seat) for seat in seats)


def _phoenixes(state: PhoenixState, player: Audience) -> list[dict[str, Any]]:
    phoenixes = []
    seat_nests = _seat_nests(state.owners)
    code = _CODE.__getitem__
    for seat, (plumage, colour) in enumerate(zip(state.plumage, state.phoenix, strict=True)):
        score = score_plumage(plumage, colour)
        phoenixes.append(
            {
                "seat": seat,
                "colour": COLOUR_NAMES[colour],
                "nests": list(seat_nests[seat]),
                "lower": list(map(code, plumage[:SLOTS])),
                "upper": list(map(code, plumage[SLOTS:])),
                "score": {
                    "colours": score.colours,
                    "symbols": score.symbols,
                    "mirrors": score.mirrors,
                    "total": score.total,
                    "own_colour_feathers": score.own_colour_feathers,
                },
            }
        )
    return phoenixes


def _nests(state: PhoenixState, player: Audience) -> list[dict[str, Any]]:
    nests = []
    for k, halves in enumerate(state.nests):
        token = state.nest_token[k]
        owner = state.owners[k]
        nests.append(
            {
                "nest": nest_name(k),
                "owner": None if owner == NOBODY else owner,
                "lower": [_CODE[h] for h in halves if h < KINDS],
                "upper": [_CODE[h] for h in halves if h >= KINDS],
                "token": None if token == NO_TOKEN else state.token_value(token),
            }
        )
    return nests


def _tokens(state: PhoenixState, player: Audience) -> list[dict[str, Any]]:
    tokens = []
    nest_token = state.nest_token
    for t in state.tokens:
        holder = state.token_holder[t]
        tokens.append(
            {
                "token": t + 1,
                "showing": state.token_value(t),
                "side": SIDE_NAMES[state.token_side[t]],
                "holder": None if holder == NOBODY else holder,
                "nest": nest_name(nest_token.index(t)) if t in nest_token else None,
            }
        )
    return tokens


#: The parts of a view, in the order the view lists them: ``PARTS[key](state, player)`` is ``view[key]``.
PARTS: dict[str, Callable[[PhoenixState, Audience], Any]] = {
    "game": lambda state, player: "phoenix",
    "players": lambda state, player: state.num_players,
    "viewer": lambda state, player: player,
    "round": lambda state, player: min(state.round + 1, state.rounds),
    "rounds": lambda state, player: state.rounds,
    "phase": lambda state, player: OVER if state.is_over else PLAY,
    "current_player": lambda state, player: state.current_player,
    "phoenixes": _phoenixes,
    "mirror_pairs": lambda state, player: [[a + 1, b + 1] for a, b in MIRROR_PAIRS],
    "nests": _nests,
    "tokens": _tokens,
    "turn_order": lambda state, player: [
        {"token": state.token_value(t), "seat": seat} for t, seat in state.turn_order()
    ],
    "bags": lambda state, player: {"lower": _bag(state.lower_bag), "upper": _bag(state.upper_bag)},
    "scores": lambda state, player: state.scores,
    "winners": lambda state, player: state.winners,
    "options": lambda state, player: dict(state.options),
}


def build_view(state: PhoenixState, player: Audience, keys: Iterable[str] | None = None) -> dict[str, Any]:
    """What ``player`` (a seat, ``None`` for the referee, ``PUBLIC`` for a spectator) sees; with ``keys``,
    only those parts of it (each equal to the whole view's), and never the legal actions."""
    if keys is not None:
        return {key: PARTS[key](state, player) for key in keys}
    view = {key: part(state, player) for key, part in PARTS.items()}
    if player is None or player == state.current_player:
        view["legal_actions"] = [str(a) for a in state.legal_actions()]
    return view
