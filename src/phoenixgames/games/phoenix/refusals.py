"""Why Phoenix refuses an action, in the player's terms: ``PhoenixState._why_illegal`` asks here.

An action built by hand may hold anything (``actions.flaw`` names what is wrong with its fields);
one that is well formed is refused for what the table shows: a nest not in play, a token already on
the nest, a half the nest does not hold, a slot that cannot take the half.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action
from .actions import TakeFeather, flaw, nest_name
from .components import HALF_TYPES, LOWER, SLOTS, FeatherHalf
from .phases import EMPTY, NO_TOKEN

if TYPE_CHECKING:
    from .state import PhoenixState


def why_illegal(state: PhoenixState, action: Action) -> str:
    """Why ``action`` is not legal in ``state`` now."""
    wrong = flaw(action)
    if wrong is not None:
        return wrong
    match action:
        case TakeFeather(half=half, nest=nest, slot=slot):
            reason = why_not_take(state, half, nest, slot)
            if reason is not None:
                return reason
    return f"{action} is not a legal action now"


def why_not_take(state: PhoenixState, half: FeatherHalf, nest: int, slot: int) -> str | None:
    """Why the seat to act cannot take ``half`` from ``nest`` into ``slot`` (fields in range)."""
    if nest >= len(state.nests):
        return (
            f"there is no nest {nest} in a {state.num_players}-player game: "
            f"the nests are the centre and nest1 to nest{len(state.nests) - 1}"
        )
    where = nest_name(nest)
    token = state.nest_token[nest]
    if token != NO_TOKEN:
        return f"{where} already holds ash token {state.token_value(token)}: there can only be one token on each nest"
    if half.id not in state.nests[nest]:
        held = ", ".join(HALF_TYPES[h].name for h in state.nests[nest]) or "nothing"
        return f"{where} holds no {half.name} (it holds {held})"
    seat = state.current_player
    if seat is None:
        return None
    plumage = state.plumage[seat]
    if half.position == LOWER:
        if plumage[slot] != EMPTY:
            return f"slot {slot + 1} of your phoenix already holds a lower half: placed feathers never move"
    elif plumage[slot] == EMPTY:
        return f"slot {slot + 1} of your phoenix has no lower half: place a lower half before its upper half"
    elif plumage[SLOTS + slot] != EMPTY:
        return f"slot {slot + 1} of your phoenix already holds a complete feather: placed feathers never move"
    return None
