"""What one seat may know of a Phoenix game, as plain JSON-able data.

Everything is in the open: the phoenix boards and their plumages, the nests and the halves on them,
the ash tokens (who holds which, which side is up, where they lie) and so the turn order, and what the
bags still hold (everyone can count the halves drawn so far). Hidden: only the order in which the
halves will come out of the bags, which exists nowhere (the bags are unordered piles).

So a seat, a referee (``None``) and a spectator (``PUBLIC``) see the same table; only the seat to act
and the referee are shown the legal actions, and ``viewer`` says whose view it is.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ...engine.state import Audience
from .actions import nest_name
from .components import COLOUR_NAMES, HALF_TYPES, KINDS, MIRROR_PAIRS, SLOTS
from .phases import EMPTY, NO_TOKEN, NOBODY, OVER, PLAY, SIDE_NAMES

if TYPE_CHECKING:
    from .state import PhoenixState


def _code(half: int) -> str | None:
    return None if half == EMPTY else HALF_TYPES[half].code


def _bag(bag: list[int]) -> dict[str, int]:
    counts = Counter(bag)
    return {HALF_TYPES[h].code: counts[h] for h in sorted(counts)}


def build_view(state: PhoenixState, player: Audience) -> dict[str, Any]:
    """What ``player`` (a seat, ``None`` for the referee, ``PUBLIC`` for a spectator) sees."""
    n = state.num_players
    over = state.is_over
    phoenixes = []
    for seat in range(n):
        plumage = state.plumage[seat]
        score = state.score_breakdown(seat)
        phoenixes.append(
            {
                "seat": seat,
                "colour": COLOUR_NAMES[state.phoenix[seat]],
                "nests": [nest_name(k) for k, owner in enumerate(state.owners) if owner == seat],
                "lower": [_code(h) for h in plumage[:SLOTS]],
                "upper": [_code(h) for h in plumage[SLOTS:]],
                "score": {
                    "colours": score.colours,
                    "symbols": score.symbols,
                    "mirrors": score.mirrors,
                    "total": score.total,
                    "own_colour_feathers": score.own_colour_feathers,
                },
            }
        )
    nests = []
    for k, halves in enumerate(state.nests):
        token = state.nest_token[k]
        nests.append(
            {
                "nest": nest_name(k),
                "owner": None if state.owners[k] == NOBODY else state.owners[k],
                "lower": [HALF_TYPES[h].code for h in halves if h < KINDS],
                "upper": [HALF_TYPES[h].code for h in halves if h >= KINDS],
                "token": None if token == NO_TOKEN else state.token_value(token),
            }
        )
    tokens = []
    for t in state.tokens:
        lies_on = state.nest_token.index(t) if t in state.nest_token else None
        tokens.append(
            {
                "token": t + 1,
                "showing": state.token_value(t),
                "side": SIDE_NAMES[state.token_side[t]],
                "holder": None if state.token_holder[t] == NOBODY else state.token_holder[t],
                "nest": None if lies_on is None else nest_name(lies_on),
            }
        )
    view: dict[str, Any] = {
        "game": "phoenix",
        "players": n,
        "viewer": player,
        "round": min(state.round + 1, state.rounds),
        "rounds": state.rounds,
        "phase": OVER if over else PLAY,
        "current_player": state.current_player,
        "phoenixes": phoenixes,
        "mirror_pairs": [[a + 1, b + 1] for a, b in MIRROR_PAIRS],
        "nests": nests,
        "tokens": tokens,
        "turn_order": [{"token": state.token_value(t), "seat": seat} for t, seat in state.turn_order()],
        "bags": {"lower": _bag(state.lower_bag), "upper": _bag(state.upper_bag)},
        "scores": state.scores,
        "winners": state.winners,
        "options": dict(state.options),
    }
    if player is None or player == state.current_player:
        view["legal_actions"] = [str(a) for a in state.legal_actions()]
    return view
