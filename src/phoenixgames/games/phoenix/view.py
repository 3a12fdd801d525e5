"""What one seat may know of a Phoenix game, as plain JSON-able data.

Everything is in the open: the phoenix boards and their plumages, the nests and the halves on them,
the ash tokens (who holds which, which side is up, where they lie) and so the turn order, and what the
bags still hold (everyone can count the halves drawn so far). Hidden: only the order in which the
halves will come out of the bags, which exists nowhere (the bags are unordered piles).

So a seat, a referee (``None``) and a spectator (``PUBLIC``) see the same table; only the seat to act
and the referee are shown the legal actions, and ``viewer`` says whose view it is.

Beside the table, the view says what the rules make of it, worked out by the game's own rules
(``scoring.py``) so that no reader need know them: each plumage's score slot by slot and pair by pair
(``breakdown``), the points of each kind of feather, symbol and mirror pair (``score_values``), the ash
tokens' numbers and the side a laid token turns to (``token_rules``), what each move open to the seat to
act would add to its score now (``gains``: anyone at the table can work it out, so every view has it),
and whether the tie-breaker chose the winners (``decided_by_tie_breaker``).

The view is built part by part (one function a key, :data:`PARTS`), so that a reader wanting only a few
keys (the observation encoding, ``encoding.READS``) has only those built.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

from ...engine.state import Audience
from .actions import TakeFeather, nest_name
from .components import (
    BLACK_VALUE,
    COLOUR_NAMES,
    HALF_TYPES,
    KINDS,
    LOWER,
    MIRROR_PAIRS,
    NO_SYMBOL,
    NUM_HALF_TYPES,
    POSITION_NAMES,
    SLOTS,
    SYMBOL_NAMES,
    UPPER,
    WHITE_VALUE,
)
from .phases import BLACK, EMPTY, NO_TOKEN, NOBODY, OVER, PLAY, SIDE_NAMES, WHITE
from .scoring import (
    MIRRORED,
    Points,
    decided_by_tie_breaker,
    gain,
    mirror_state,
    placed,
    points,
    score_plumage,
    slot_score,
)

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
    values = points(state.rules)
    for seat, (plumage, colour) in enumerate(zip(state.plumage, state.phoenix, strict=True)):
        score = score_plumage(plumage, colour, values)
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


def _slot(plumage: list[int], colour: int, slot: int, values: Points) -> dict[str, Any]:
    """One slot's part of the score, and the place its next half would fill (lower first, then upper;
    ``None`` once the feather is complete)."""
    score = slot_score(plumage, colour, slot, values)
    if plumage[slot] == EMPTY:
        free: str | None = POSITION_NAMES[LOWER]
    elif plumage[SLOTS + slot] == EMPTY:
        free = POSITION_NAMES[UPPER]
    else:
        free = None
    return {
        "slot": slot + 1,
        "free": free,
        "symbols": score.symbols,
        "feather": score.feather,
        "colours": score.colours,
        "own_colour": score.own_colour,
    }


def _breakdown(state: PhoenixState, player: Audience) -> list[dict[str, Any]]:
    """Each seat's score slot by slot (symbols; a complete feather's kind and points for colours; whether
    it counts for the tie-breaker) and pair of facing slots by pair (its ``status``: ``open``, ``mirror``
    or ``unlike``; and the bonus): they add up to the phoenix's ``score``."""
    breakdown = []
    values = points(state.rules)
    for seat, (plumage, colour) in enumerate(zip(state.plumage, state.phoenix, strict=True)):
        mirrors = []
        for a, b in MIRROR_PAIRS:
            pair = mirror_state(plumage, a, b)
            bonus = values.mirror if pair == MIRRORED else 0
            mirrors.append({"slots": [a + 1, b + 1], "status": pair, "points": bonus})
        slots = [_slot(plumage, colour, slot, values) for slot in range(SLOTS)]
        breakdown.append({"seat": seat, "slots": slots, "mirrors": mirrors})
    return breakdown


def _score_values(state: PhoenixState, player: Audience) -> dict[str, Any]:
    """The points of each kind of complete feather, of each symbol, and of a mirrored pair."""
    values = points(state.rules)
    return {
        "feathers": dict(values.feather_kind),
        "symbols": {SYMBOL_NAMES[s]: values.symbol[s] for s in range(NO_SYMBOL + 1, len(SYMBOL_NAMES))},
        "mirror": values.mirror,
    }


def _token_rules(state: PhoenixState, player: Audience) -> dict[str, Any]:
    """The numbers of the ash tokens in play, side by side, and the side a token turns to when laid: on
    its player's own nest, and on any other (``None``: it keeps the side it shows, the option
    ``token_elsewhere="unchanged"``)."""
    return {
        "white": [WHITE_VALUE[t] for t in state.tokens],
        "black": [BLACK_VALUE[t] for t in state.tokens],
        "laid_on_own_nest": SIDE_NAMES[BLACK],
        "laid_elsewhere": SIDE_NAMES[WHITE] if state._flip_back else None,
    }


def _gains(state: PhoenixState, player: Audience) -> dict[str, dict[str, Any]]:
    """What each legal action (by its notation) would add to the score of the seat to act, phase by
    phase, and the kind of the feather it completes (``None`` for a lower half); empty once the game is
    over."""
    seat = state.current_player
    if seat is None:
        return {}
    plumage, colour = state.plumage[seat], state.phoenix[seat]
    found: dict[tuple[int, int], dict[str, Any]] = {}  # the nest makes no difference
    values = points(state.rules)
    gains = {}
    for action in state.legal_actions():
        if not isinstance(action, TakeFeather):
            continue
        key = (action.half.id, action.slot)
        if key not in found:
            added = gain(plumage, colour, *key, values)
            feather = slot_score(placed(plumage, *key), colour, action.slot, values).feather
            found[key] = {
                "colours": added.colours,
                "symbols": added.symbols,
                "mirrors": added.mirrors,
                "total": added.total,
                "feather": feather,
            }
        gains[str(action)] = dict(found[key])
    return gains


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
    "breakdown": _breakdown,
    "mirror_pairs": lambda state, player: [[a + 1, b + 1] for a, b in MIRROR_PAIRS],
    "score_values": _score_values,
    "nests": _nests,
    "tokens": _tokens,
    "turn_order": lambda state, player: [
        {"token": state.token_value(t), "seat": seat} for t, seat in state.turn_order()
    ],
    "token_rules": _token_rules,
    "gains": _gains,
    "bags": lambda state, player: {"lower": _bag(state.lower_bag), "upper": _bag(state.upper_bag)},
    "scores": lambda state, player: state.scores,
    "winners": lambda state, player: state.winners,
    "decided_by_tie_breaker": lambda state, player: decided_by_tie_breaker(state.scores, state.winners),
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
