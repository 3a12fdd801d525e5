"""Building exact Schatz des Phönix situations for tests, and playing games out at random.

``arrange`` lays out a situation on a copy of a real :class:`SchatzState` (hands, the cards beside
the nests, the tokens in the nests...) with ``state.arranged``, keeping every card and token somewhere
exactly once, so the tests then drive the rules through the public API only.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import cast

import phoenixgames as pg
from phoenixgames.games.schatz.actions import DRAW_DECK, PICK, PLAY, TAKE
from phoenixgames.games.schatz.components import (
    CARD_BY_CODE,
    CARD_COPIES,
    CARD_TYPES,
    CARDS_PER_SIDE,
    FULL_DECK,
    HAND_SIZE,
    LARGE_TEN,
    LARGE_TOKEN_COUNT,
    NESTS,
    SMALL_TOKENS,
    TOKEN_VALUE,
    small_tokens_per_nest,
)
from phoenixgames.games.schatz.invariants import check_components
from phoenixgames.games.schatz.phases import NO_CARD, NO_SEAT, PICK_PHASE, PLAY_PHASE
from phoenixgames.games.schatz.state import SchatzState
from tests.support.playthrough import play_random as play_random  # the games' tests import it from here
from tests.support.positions import lay_unreachable

#: Every action value of the game, legal or not: what a test may offer to ``apply``.
ALL_ACTIONS = [a for row in PLAY for a in row] + [DRAW_DECK, *TAKE, *PICK.values()]

KEEP = object()


def card(code: str) -> int:
    """The card type id of a card code such as ``R3``, ``W2`` or ``Gx2``."""
    return CARD_BY_CODE[code.lower()].id


def cards(codes: Iterable[str]) -> list[int]:
    return [card(c) for c in codes]


def codes(ids: Iterable[int]) -> list[str]:
    return [CARD_TYPES[i].code for i in ids]


def token(text: str) -> int:
    """The token code of ``"6"`` or ``"L10"``."""
    return LARGE_TEN if text.upper() == "L10" else int(text)


def token_value(text: str) -> int:
    return TOKEN_VALUE[token(text)]


def new_state(players: int = 3, seed: int = 1, **options: object) -> SchatzState:
    state = pg.new_game("schatz", players=players, seed=seed, **options)
    assert isinstance(state, SchatzState)
    return state


def arrange(
    state: SchatzState,
    *,
    hands: dict[int, list[str]] | None = None,
    sides: dict[tuple[int, int], list[str]] | None = None,
    nest_tokens: dict[int, list[str]] | None = None,
    won: dict[int, list[str]] | None = None,
    known: dict[int, list[str]] | None = None,
    face_up: object = KEEP,
    deck: list[str] | None = None,
    discards: list[str] | None = None,
    start_player: int | None = None,
    turn: int | None = None,
    phase: int = PLAY_PHASE,
    plays: int | None = None,
    round: int | None = None,
    conserve: bool = True,
) -> SchatzState:
    """A copy of ``state`` with a situation laid out on it: with ``state.arranged`` (every invariant of
    a position the rules allow checked) where play can reach it, else unchecked but for every card and
    token being somewhere once (``conserve=False``: not even that).

    - ``hands``: ``{seat: codes}``; seats not named are dealt a full hand from the cards left.
    - ``sides``: ``{(nest, seat): codes}``, nests numbered 1 to 3 as in the notation; sides not
      named are empty.
    - ``nest_tokens``: ``{nest: ["6", "L10"]}``; nests not named keep their tokens. The supply is
      recounted so that every token is somewhere exactly once.
    - ``face_up``: a code, ``None`` for no face-up card, or (default) a card from those left.
    - ``deck`` / ``discards``: exact contents. The cards left over go to the deck, or to the discards
      when the deck is given; with both given they are dropped, which only ``conserve=False`` allows.
    - ``plays`` defaults to the number of cards beside the nests.
    """
    n = state.num_players
    pool = Counter(FULL_DECK)

    def take(code_list: Iterable[str]) -> list[int]:
        taken = cards(code_list)
        for c in taken:
            assert pool[c] > 0, f"no {CARD_TYPES[c].code} left to place"
            pool[c] -= 1
        return taken

    new_sides: list[list[int]] = [[] for _ in range(NESTS * n)]
    for (nest, seat), side in (sides or {}).items():
        assert len(side) <= CARDS_PER_SIDE
        new_sides[(nest - 1) * n + seat] = take(side)
    named_hands = {seat: sorted(take(hand)) for seat, hand in (hands or {}).items()}
    up = NO_CARD
    if face_up is not KEEP and face_up is not None:
        up = take([cast(str, face_up)])[0]  # neither KEEP nor None: a code
    new_deck = None if deck is None else take(deck)
    new_discards = None if discards is None else take(discards)

    rest = sorted(pool.elements())
    random.Random(0).shuffle(rest)
    new_hands = []
    for seat in range(n):
        if seat in named_hands:
            new_hands.append(named_hands[seat])
        else:
            new_hands.append(sorted(rest[:HAND_SIZE]))
            del rest[:HAND_SIZE]
    if face_up is KEEP:
        up = rest.pop()
    if new_deck is None:
        new_deck, rest = rest, []
    elif new_discards is None:
        new_discards, rest = rest, []
    assert conserve is False or not rest, f"{len(rest)} cards have nowhere to go"

    new_known = [sorted(cards(known.get(seat, []))) if known else [] for seat in range(n)]
    candidates = list(CARD_COPIES)
    if up != NO_CARD:
        candidates[up] -= 1

    new_won = state.won if won is None else [[token(t) for t in won.get(seat, [])] for seat in range(n)]
    new_nest_tokens = [list(tokens) for tokens in state.nest_tokens]
    for nest, tokens in (nest_tokens or {}).items():
        new_nest_tokens[nest - 1] = sorted((token(t) for t in tokens), reverse=True)
    placed = [t for nest in new_nest_tokens for t in nest] + [t for w in new_won for t in w]
    supply = Counter(SMALL_TOKENS)
    supply.subtract(t for t in placed if t != LARGE_TEN)
    assert min(supply.values()) >= 0, "more small tokens placed than the box holds"

    start = state.start_player if start_player is None else start_player
    fields = {
        "hands": new_hands,
        "sides": new_sides,
        "face_up": up,
        "deck": new_deck,
        "discards": new_discards or [],
        "known": new_known,
        "deck_candidates": candidates,
        "won": new_won,
        "nest_tokens": new_nest_tokens,
        "supply": sorted(supply.elements()),
        "large_supply": LARGE_TOKEN_COUNT - placed.count(LARGE_TEN),
        "start_player": start,
        "turn": start if turn is None else turn,
        "phase": phase,
        "plays": sum(len(side) for side in new_sides) if plays is None else plays,
        "round": state.round if round is None else round,
        "scoring": 0,
        "pick_queue": [],
        "large_taker": NO_SEAT,
    }
    if not conserve:
        return lay_unreachable(state, "cards or tokens taken out of the box (conserve=False)", **fields)
    try:
        arranged = state.arranged(**fields)  # checked: a position the rules allow
    except pg.GameSetupError as refused:
        # A situation play does not reach (seat 1 to act before seat 0 laid a card, say): laid out
        # unchecked, but with every card and token once, as this helper always kept them.
        world = lay_unreachable(state, f"play does not reach it: {refused}", **fields)
        check_components(world)
        return world
    assert isinstance(arranged, SchatzState)
    return arranged


def last_turn_of_round(
    players: int,
    sides: dict[tuple[int, int], list[str]],
    nest_tokens: dict[int, list[str]],
    *,
    last_nest: int = 3,
    start_player: int = 0,
    seed: int = 1,
    **options: object,
) -> tuple[SchatzState, str]:
    """The last turn of a round: every side holds its two cards but one, and the seat before the start
    player holds the card still to be laid.

    ``sides`` names the final two cards of some sides (the others get two cards from those left); the
    second card of the last seat's side at ``last_nest`` goes back to its hand. Returns the state and
    the notation of the play that completes the round.
    """
    state = new_state(players, seed, **options)
    last_seat = (start_player - 1) % players
    pool = Counter(FULL_DECK)
    for side in sides.values():
        pool.subtract(cards(side))
    spare = sorted(pool.elements())
    random.Random(seed).shuffle(spare)
    full = dict(sides)
    for nest in range(1, NESTS + 1):
        for seat in range(players):
            if (nest, seat) not in full:
                full[nest, seat] = codes([spare.pop(), spare.pop()])
    earlier = None if start_player == 0 else first_round_treasures(players, start_player, nest_tokens)
    last_card = full[last_nest, last_seat][1]
    full[last_nest, last_seat] = full[last_nest, last_seat][:1]
    hand = codes(spare[: HAND_SIZE - 1]) + [last_card]
    state = arrange(
        state,
        sides=full,
        hands={last_seat: hand},
        nest_tokens=nest_tokens,
        start_player=start_player,
        turn=last_seat,
        round=None if earlier is None else 1,
        won=earlier,
    )
    return state, f"play {last_card} nest{last_nest}"


def first_round_treasures(players: int, start_player: int, nest_tokens: dict[int, list[str]]) -> dict[int, list[str]]:
    """What the seats took in a first round after which ``start_player`` holds the start player token
    (seat 0 holds it in the first round): the large 10 for it, and the least valuable small tokens
    that ``nest_tokens`` leave, one a seat in turn after it."""
    supply = Counter(SMALL_TOKENS)
    supply.subtract(token(t) for tokens in nest_tokens.values() for t in tokens if t.upper() != "L10")
    small = sorted(supply.elements())[: NESTS * small_tokens_per_nest(players)]
    won: dict[int, list[str]] = {start_player: ["L10"]}
    for i, value in enumerate(small):
        won.setdefault((start_player + 1 + i) % players, []).append(str(value))
    return won


def finish_round(state: SchatzState, play: str) -> None:
    """Lay the last card of the round and draw, which starts the distribution of treasures."""
    state.apply(play)
    state.apply("draw deck")


def picking(state: SchatzState) -> bool:
    return state.phase == PICK_PHASE


def recount(treasures: list[list[str]]) -> list[int]:
    """Scores recounted from the tokens each player took, as a view lists them."""
    return [sum(token_value(t) for t in tokens) for tokens in treasures]
