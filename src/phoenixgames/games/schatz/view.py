"""What one seat, a spectator or a referee may know of a Schatz des Phönix game, as plain JSON-able data.

Public: the nests, their treasures and every card laid beside them; the face-up card; the size of
the deck; the discards; how many cards each player holds and the cards all saw them take face up;
the treasures each player took (they are picked in the open; see docs/rules/schatz.md, SCH-36).
Private: the other players' hands (but for those known cards) and which cards are in the deck.
The full views (not the lean one an observation reads) add ``round_results``: each finished round's
distribution, nest by nest (the cards and combos beside it, the picking order, the token each seat
took), worked out again from the actions, which are public, and the treasures taken in order; and
``rankings``: once every card is down (the pick phase; else ``None``), at each nest in the nests' order,
the seats in the order they pick there (highest combo first, ties to the seat first in turn order from
the start player).

A seat's view adds its ``hand``; the referee's (``None``) adds every hand and the deck; a spectator's
(``PUBLIC``) adds nothing, and lists no legal actions (in the play phase they would show the hand).
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any

from ...engine.state import Audience
from .actions import DrawFromDeck, PlayCard, TakeFaceUp
from .components import (
    BIG_NEST,
    CARD_TYPES,
    CARDS_PER_SIDE,
    LARGE_TEN,
    NESTS,
    SCORING_ORDER,
    TOKENS,
)
from .phases import NO_CARD, PHASE_NAMES, PICK_PHASE
from .rounds import picking_order

if TYPE_CHECKING:
    from .state import SchatzState

#: The notation of each card type, by type id, and of each treasure token, by token code.
CODES: tuple[str, ...] = tuple(card.code for card in CARD_TYPES)
TOKEN_NAMES: tuple[str, ...] = tuple(str(TOKENS[c]) if c in TOKENS else "" for c in range(max(TOKENS) + 1))
_COUNT = itemgetter(1)  # of a (card, count) pair


def build_view(state: SchatzState, player: Audience, *, lean: bool = False) -> dict[str, Any]:
    """What ``player`` (a seat, ``PUBLIC`` or ``None`` for the referee) may know of ``state``.

    ``lean``: only the parts a seat's observation reads (``SchatzState._observed_view``), each equal to
    the full view's: no game name, number of rounds, scores, winners or legal actions."""
    n = state.num_players
    codes = CODES
    tokens = TOKEN_NAMES
    table = state._combo
    laid = state.sides
    # a side holds two cards at most (CARDS_PER_SIDE): written out, not a comprehension a side
    sides = [[codes[s[0]], codes[s[1]]] if len(s) == 2 else [codes[s[0]]] if s else [] for s in laid]
    combos = [table[side[0]][side[1]] if len(side) == 2 else None for side in laid]
    nests = [
        {
            "nest": nest + 1,
            "big": nest == BIG_NEST,
            "treasures": [tokens[t] for t in state.nest_tokens[nest]],
            "sides": sides[nest * n : nest * n + n],
            "combos": combos[nest * n : nest * n + n],
        }
        for nest in range(NESTS)
    ]
    view: dict[str, Any] = {} if lean else {"game": "schatz"}
    view["players"] = n
    view["viewer"] = player
    view["round"] = min(state.round + 1, state.ruleset.rounds)
    if not lean:
        view["rounds"] = state.ruleset.rounds
    view["phase"] = PHASE_NAMES[state.phase]
    view["start_player"] = state.start_player
    view["current_player"] = state.current_player
    view["nests"] = nests
    view["hand_sizes"] = [len(h) for h in state.hands]
    view["known_cards"] = [[codes[c] for c in k] for k in state.known]
    view["face_up"] = None if state.face_up == NO_CARD else codes[state.face_up]
    view["deck_size"] = len(state.deck)
    view["deck_may_hold"] = dict(filter(_COUNT, zip(codes, state.deck_candidates, strict=True)))
    view["discards"] = [codes[c] for c in sorted(state.discards)]
    view["treasures"] = [[tokens[t] for t in won] for won in state.won]
    if not lean:  # the observation counts the scores from the treasures
        view["scores"] = state.scores
        view["winners"] = state.winners
        view["round_results"] = round_results(state)
        view["rankings"] = rankings(state, combos) if state.phase == PICK_PHASE else None
    if player is None:
        view["hands"] = [[codes[c] for c in h] for h in state.hands]
        view["deck"] = [codes[c] for c in sorted(state.deck)]
    elif isinstance(player, int):
        view["hand"] = [codes[c] for c in state.hands[player]]
    if state.phase == PICK_PHASE:
        view["picking"] = {"nest": SCORING_ORDER[state.scoring] + 1, "order": list(state.pick_queue)}
    if not lean and (player is None or player == state.current_player):  # never PUBLIC: a hand shows in its plays
        view["legal_actions"] = [str(a) for a in state.legal_actions()]
    return view


def rankings(state: SchatzState, combos: list[int | None]) -> list[list[int]]:
    """Each nest's picking order (``combos``: the combo beside each nest of each seat, nest by nest),
    worked out here so that no board need work it out."""
    n, start = state.num_players, state.start_player
    return [picking_order([c or 0 for c in combos[k * n : k * n + n]], start) for k in range(NESTS)]


def round_results(state: SchatzState) -> list[dict[str, Any]]:
    """The distribution of every finished round, as the history of actions and the treasures taken (in
    the order taken) show it: per nest in scoring order, the cards each seat laid there, their combos,
    the picking order and the token each seat took (``None``: none); per seat the round's tokens.

    The seat laying each card follows from the turns (clockwise from the round's start player, one card
    and one draw a turn); at the end of a round the ranked seats take one token each, best combo first,
    as many as the nest held, and each seat's next token in its treasures is the one it took. A
    position arranged by hand may have a history that does not make its treasures: then as many rounds
    as that history and those treasures agree on are told, and none past the first disagreement."""
    n = state.num_players
    codes, names, table, won = CODES, TOKEN_NAMES, state._combo, state.won
    small = state.ruleset.small_per_nest(n)
    per_round = NESTS * CARDS_PER_SIDE * n
    taken = [0] * n  # how many of each seat's treasures the rounds told so far account for
    results: list[dict[str, Any]] = []
    start = turn = plays = 0
    sides: list[list[int]] = [[] for _ in range(NESTS * n)]
    for action in state._history:
        if len(results) == state.round:
            break
        if action.__class__ is PlayCard:
            sides[action.nest * n + turn].append(action.card.id)
            plays += 1
            continue
        if action.__class__ not in (DrawFromDeck, TakeFaceUp):
            continue  # a pick: the treasures taken say what it took
        if plays < per_round:
            turn = (turn + 1) % n
            continue
        if any(len(side) != CARDS_PER_SIDE for side in sides):
            break
        values = [table[side[0]][side[1]] for side in sides]
        nests = []
        round_tokens: list[list[str]] = [[] for _ in range(n)]
        for nest in SCORING_ORDER:
            combos = values[nest * n : nest * n + n]
            order = [seat for *_, seat in sorted((-combos[s], (s - start) % n, s) for s in range(n))]
            got: list[str | None] = [None] * n
            for seat in order[: small + (nest == BIG_NEST)]:
                if taken[seat] == len(won[seat]):
                    return results
                token = won[seat][taken[seat]]
                taken[seat] += 1
                got[seat] = names[token]
                round_tokens[seat].append(names[token])
                if token == LARGE_TEN:
                    start = seat
            cards = [[codes[c] for c in side] for side in sides[nest * n : nest * n + n]]
            nests.append({"nest": nest + 1, "cards": cards, "combos": combos, "order": order, "tokens": got})
        results.append({"round": len(results) + 1, "nests": nests, "treasures": round_tokens})
        sides = [[] for _ in range(NESTS * n)]
        turn, plays = start, 0
    return results
