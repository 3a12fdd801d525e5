"""What one seat, a spectator or a referee may know of a Schatz des Phönix game, as plain JSON-able data.

Public: the nests, their treasures and every card laid beside them; the face-up card; the size of
the deck; the discards; how many cards each player holds and the cards all saw them take face up;
the treasures each player took (they are picked in the open; see docs/rules/schatz.md, SCH-36).
Private: the other players' hands (but for those known cards) and which cards are in the deck.

A seat's view adds its ``hand``; the referee's (``None``) adds every hand and the deck; a spectator's
(``PUBLIC``) adds nothing, and lists no legal actions (in the play phase they would show the hand).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.state import Audience
from .components import BIG_NEST, CARD_TYPES, NESTS, ROUNDS, SCORING_ORDER, TOKENS
from .phases import NO_CARD, PHASE_NAMES, PICK_PHASE

if TYPE_CHECKING:
    from .state import SchatzState


def _codes(cards: list[int]) -> list[str]:
    return [CARD_TYPES[c].code for c in cards]


def build_view(state: SchatzState, player: Audience) -> dict[str, Any]:
    """What ``player`` (a seat, ``PUBLIC`` or ``None`` for the referee) may know of ``state``."""
    n = state.num_players
    nests = []
    for nest in range(NESTS):
        sides = [_codes(state.sides[nest * n + seat]) for seat in range(n)]
        nests.append(
            {
                "nest": nest + 1,
                "big": nest == BIG_NEST,
                "treasures": [str(TOKENS[t]) for t in state.nest_tokens[nest]],
                "sides": sides,
                "combos": [state.combo(nest, seat) if len(sides[seat]) == 2 else None for seat in range(n)],
            }
        )
    view: dict[str, Any] = {
        "game": "schatz",
        "players": n,
        "viewer": player,
        "round": min(state.round + 1, ROUNDS),
        "rounds": ROUNDS,
        "phase": PHASE_NAMES[state.phase],
        "start_player": state.start_player,
        "current_player": state.current_player,
        "nests": nests,
        "hand_sizes": [len(h) for h in state.hands],
        "known_cards": [_codes(k) for k in state.known],
        "face_up": None if state.face_up == NO_CARD else CARD_TYPES[state.face_up].code,
        "deck_size": len(state.deck),
        "deck_may_hold": {CARD_TYPES[card].code: count for card, count in enumerate(state.deck_candidates) if count},
        "discards": _codes(sorted(state.discards)),
        "treasures": [[str(TOKENS[t]) for t in won] for won in state.won],
        "scores": state.scores,
        "winners": state.winners,
    }
    if player is None:
        view["hands"] = [_codes(h) for h in state.hands]
        view["deck"] = _codes(sorted(state.deck))
    elif isinstance(player, int):
        view["hand"] = _codes(state.hands[player])
    if state.phase == PICK_PHASE:
        view["picking"] = {"nest": SCORING_ORDER[state.scoring] + 1, "order": list(state.pick_queue)}
    if player is None or player == state.current_player:  # never PUBLIC: a hand shows in its plays
        view["legal_actions"] = [str(a) for a in state.legal_actions()]
    return view
