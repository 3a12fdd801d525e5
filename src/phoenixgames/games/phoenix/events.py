"""What each seat and the spectators saw happen in Phoenix: ``PhoenixState._events`` asks here.

Everything a turn does happens on the open table, so every audience sees the same events; only the
words differ ("you took" for the seat that took, "seat 2 took" for the others and for spectators).
A turn gives, in order:

- ``take``: who laid which ash token on which nest, and which feather half went into which slot
  (with the points it added);
- ``token``: the token turning to its black side (laid on its player's own nest) or back to its white
  side (laid on another nest, under the ``token_elsewhere = white`` option);
- at the end of a round, ``round_end``: where each token went back; then, unless the game is over,
  ``refill`` (the halves drawn from the bags onto each nest, which everyone sees laid out),
  ``round_start`` (the new turn order);
- ``turn``: who is to play next, with which token;
- once the game is over, ``scoring`` for each seat (colours, symbols, mirrors, the tie-breaker count)
  and ``game_over`` (the winners, and whether the tie-breaker decided).

The notation of a turn hides nothing, so the public record is the plain record (the engine's default
``_public_notation``); and a turn draws randomness only when it ends a round, which the engine's undo
already refuses, so no ``_undo_refusal`` is needed.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...engine import Action
from ...engine.events import Event, who, whose
from .actions import TakeFeather, nest_name
from .components import COLOUR_NAMES, HALF_TYPES, KINDS, POSITION_NAMES, FeatherHalf
from .phases import CENTRE, NO_TOKEN, SIDE_NAMES, WHITE

if TYPE_CHECKING:
    from .state import PhoenixState


def points(number: int) -> str:
    return f"{number} point" if number == 1 else f"{number} points"


def feathers(number: int, colour: str) -> str:
    return f"{number} complete {colour} feather" + ("" if number == 1 else "s")


def place(nest: int) -> str:
    """``the centre nest`` or ``nest2``, in a sentence."""
    return "the centre nest" if nest == CENTRE else nest_name(nest)


def take_events(before: PhoenixState, after: PhoenixState, action: Action, audience: int | str) -> list[Event]:
    """The events of one turn, ``before`` being an exact copy of the state before it, for ``audience``
    (a seat or ``PUBLIC``)."""
    match action:
        case TakeFeather(half=half, nest=nest, slot=slot):
            return _turn(before, after, half, nest, slot, audience)
    return []


def _turn(
    before: PhoenixState, after: PhoenixState, half: FeatherHalf, nest: int, slot: int, audience: int | str
) -> list[Event]:
    token = before.turn_token
    seat = before.token_holder[token]
    gained = after.scores[seat] - before.scores[seat]
    events: list[Event] = [
        {
            "kind": "take",
            "seat": seat,
            "token": token + 1,
            "showing": before.token_value(token),
            "nest": nest_name(nest),
            "half": half.code,
            "position": POSITION_NAMES[half.position],
            "slot": slot + 1,
            "points": gained,
            "score": after.scores[seat],
            "text": (
                f"{who(seat, audience)} laid ash token {token + 1} (showing {before.token_value(token)}) on "
                f"{place(nest)} and took the {half.name} half ({half.code}) into slot {slot + 1}"
                + (f": +{points(gained)}, {after.scores[seat]} in all" if gained else "")
            ),
        }
    ]
    if after.token_side[token] != before.token_side[token]:
        side = after.token_side[token]
        showing = after.token_value(token)
        why = "it lies on its player's own nest" if side != WHITE else "it lies on a nest not its player's own"
        turned = "turned to its black side" if side != WHITE else "turned back to its white side"
        events.append(
            {
                "kind": "token",
                "token": token + 1,
                "side": SIDE_NAMES[side],
                "showing": showing,
                "text": f"ash token {token + 1} {turned} and now shows {showing}: {why}",
            }
        )
    if after.round != before.round:
        events += _round_end(before, after, nest, half.id, audience)
    if after.is_over:
        events += _final_scoring(after, audience)
    else:
        following = after.turn_token
        player = after.token_holder[following]
        shown = after.token_value(following)
        events.append(
            {
                "kind": "turn",
                "seat": player,
                "token": following + 1,
                "showing": shown,
                "text": (
                    f"your turn, with ash token {following + 1} (showing {shown})"
                    if player == audience
                    else f"seat {player} is to play, with ash token {following + 1} (showing {shown})"
                ),
            }
        )
    return events


def _round_end(before: PhoenixState, after: PhoenixState, nest: int, taken: int, audience: int | str) -> list[Event]:
    """The tokens going back, and unless the game is over, the refill and the new turn order (the turn
    took ``taken`` from ``nest``)."""
    token = before.turn_token
    lying = before.nest_token.copy()
    lying[nest] = token
    returned = []
    parts = []
    for where in [*range(1, len(lying)), CENTRE]:
        laid = lying[where]
        if laid == NO_TOKEN:
            continue
        holder = after.token_holder[laid]
        returned.append({"token": laid + 1, "nest": nest_name(where), "seat": holder})
        if where == CENTRE:
            parts.append(f"the centre's token {laid + 1} to {who(holder, audience)}, whose nest stayed empty")
        else:
            parts.append(f"token {laid + 1} to {who(holder, audience)}")
    ended = before.round + 1
    events: list[Event] = [
        {
            "kind": "round_end",
            "round": ended,
            "rounds": before.rounds,
            "returned": returned,
            "text": f"round {ended} of {before.rounds} ends; the ash tokens go back: " + ", ".join(parts),
        }
    ]
    if after.is_over:
        return events
    for where, halves in enumerate(after.nests):
        left = Counter(before.nests[where])
        if where == nest:
            left[taken] -= 1
        drawn = sorted((Counter(halves) - left).elements())
        if not drawn:
            continue
        lower = [HALF_TYPES[h].code for h in drawn if h < KINDS]
        upper = [HALF_TYPES[h].code for h in drawn if h >= KINDS]
        named = [f"lower {code}" for code in lower] + [f"upper {code}" for code in upper]
        events.append(
            {
                "kind": "refill",
                "nest": nest_name(where),
                "lower": lower,
                "upper": upper,
                "text": f"{place(where)} is refilled from the bags with " + " and ".join(named),
            }
        )
    order = [{"token": t + 1, "showing": after.token_value(t), "seat": holder} for t, holder in after.turn_order()]
    listed = ", ".join(f"{item['showing']} ({who(item['seat'], audience)})" for item in order)
    events.append(
        {
            "kind": "round_start",
            "round": after.round + 1,
            "rounds": after.rounds,
            "order": order,
            "text": f"round {after.round + 1} of {after.rounds} begins; the tokens play in the order {listed}",
        }
    )
    return events


def _final_scoring(after: PhoenixState, audience: int | str) -> list[Event]:
    """Each seat's score broken down, then the winners (most points; tied: most feathers of the
    phoenix's own colour; still tied: a shared victory)."""
    events: list[Event] = []
    breakdowns = [after.score_breakdown(seat) for seat in range(after.num_players)]
    for seat, score in enumerate(breakdowns):
        colour = COLOUR_NAMES[after.phoenix[seat]]
        events.append(
            {
                "kind": "scoring",
                "seat": seat,
                "phoenix": colour,
                "colours": score.colours,
                "symbols": score.symbols,
                "mirrors": score.mirrors,
                "total": score.total,
                "own_colour_feathers": score.own_colour_feathers,
                "text": (
                    f"{who(seat, audience)} {'score' if seat == audience else 'scores'} {score.colours} for "
                    f"feather colours, {score.symbols} for symbols and {score.mirrors} for mirror feathers: "
                    f"{points(score.total)} ({feathers(score.own_colour_feathers, colour)} on "
                    f"{whose(seat, audience)} {colour} phoenix)"
                ),
            }
        )
    winners = after.winners
    best = breakdowns[winners[0]].total
    own = breakdowns[winners[0]].own_colour_feathers
    tied = [seat for seat, score in enumerate(breakdowns) if score.total == best]
    names = " and ".join(who(seat, audience) for seat in winners)
    if len(winners) > 1:
        text = f"{names} share the victory with {points(best)} and {own} feathers of their phoenix's colour each"
    else:
        text = f"{names} {'win' if winners[0] == audience else 'wins'} with {points(best)}"
        if len(tied) > 1:
            text += f", ahead on the tie-breaker with {own} feathers of the phoenix's colour"
    events.append(
        {
            "kind": "game_over",
            "winners": winners,
            "scores": [score.total for score in breakdowns],
            "tie_breaker": len(tied) > len(winners),
            "text": text,
        }
    )
    return events
