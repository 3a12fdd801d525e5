"""What every Phoenix state keeps true, checked.

A referee's save is proven by replaying its record. A perspective copy's save has no seed, so nothing
replays it: reading its fields (``saves.py``) and :func:`check_state` are all that stand between a
damaged or altered file and the rules. Together they accept only states the rules can reach as far as can be
told without the history: every feather half once, each seat's plumage as full as the turns it had,
each nest holding what a round leaves on it, every token in one place, the right token to play. Each
check raises :class:`InvariantError` (see ``engine.require``), which ``python -O`` leaves in place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import require
from .components import (
    KINDS,
    LOWER_PER_NEST,
    NUM_HALF_TYPES,
    RAINBOW,
    SLOTS,
    UPPER_PER_NEST,
    WHITE_VALUE,
)
from .parameters import full_bags
from .phases import BLACK, CENTRE, EMPTY, NO_TOKEN, NOBODY, WHITE
from .rounds import next_token

if TYPE_CHECKING:
    from .state import PhoenixState


def check_state(state: PhoenixState) -> None:
    """Raise :class:`InvariantError` unless ``state`` is one the rules can reach."""
    n = state.num_players
    require(len(state.phoenix) == n and len(state.plumage) == n, "wrong number of seats")
    require(all(0 <= c < RAINBOW for c in state.phoenix), "a phoenix has no colour")
    require(len(set(state.phoenix)) == n, "two players have the same phoenix")
    require(len(state.nests) == len(state.owners) == len(state.nest_token), "wrong number of nests")
    require(len(state.token_holder) == len(state.token_side) == len(WHITE_VALUE), "wrong number of tokens")
    require(0 <= state.round <= state.rounds, f"there is no round {state.round + 1}: the game has {state.rounds}")
    _check_halves(state)
    _check_tokens(state)
    _check_progress(state)


def _check_halves(state: PhoenixState) -> None:
    """Every feather half once: in its bag, on a nest or on a board, lower halves below upper ones."""
    counts = [0] * NUM_HALF_TYPES
    for place in (state.lower_bag, state.upper_bag, *state.nests):
        for half in place:
            require(0 <= half < NUM_HALF_TYPES, f"unknown feather half {half}")
            counts[half] += 1
    for seat, plumage in enumerate(state.plumage):
        require(len(plumage) == 2 * SLOTS, f"seat {seat}'s board has the wrong number of slots")
        for slot in range(SLOTS):
            lower, upper = plumage[slot], plumage[SLOTS + slot]
            require(lower == EMPTY or 0 <= lower < KINDS, f"seat {seat} has no lower half in a lower place")
            require(
                upper == EMPTY or (KINDS <= upper < NUM_HALF_TYPES and lower != EMPTY),
                f"seat {seat}'s slot {slot + 1} holds an upper half without its lower half, or in a lower place",
            )
        for half in plumage:
            if half != EMPTY:
                counts[half] += 1
    expected = [0] * NUM_HALF_TYPES
    lower_bag, upper_bag = full_bags(state.rules)
    for half in lower_bag + upper_bag:
        expected[half] += 1
    require(counts == expected, "feather halves appeared or vanished")
    require(all(h < KINDS for h in state.lower_bag), "an upper half is in the bag of lower halves")
    require(all(h >= KINDS for h in state.upper_bag), "a lower half is in the bag of upper halves")
    for nest in state.nests:
        require(nest == sorted(nest), "a nest is out of order")


def _check_tokens(state: PhoenixState) -> None:
    """Every token in play in one place, held by a seat or lying on a nest; the others in the box."""
    n, tokens = state.num_players, state.tokens
    require(all(side in (WHITE, BLACK) for side in state.token_side), "a token shows no side")
    require(all(h == NOBODY or 0 <= h < n for h in state.token_holder), "a token is held by no seat")
    on_nests = [t for t in state.nest_token if t != NO_TOKEN]
    require(all(t in tokens for t in on_nests), "a nest holds a token that is not in play")
    require(len(set(on_nests)) == len(on_nests), "a token lies on two nests")
    for token in range(len(WHITE_VALUE)):
        held = state.token_holder[token] != NOBODY
        if token in tokens:
            require(held != (token in on_nests), f"token {token + 1} is not exactly in one place")
        else:
            require(not held and state.token_side[token] == WHITE, "a token left in the box is in play")
    require(state.turn_token == NO_TOKEN or state.turn_token in tokens, "the token to play is not in play")


def _check_progress(state: PhoenixState) -> None:
    """Boards, nests and tokens as the turns so far leave them; the right token to play next."""
    n, tokens, holder = state.num_players, state.tokens, state.token_holder
    per_seat = len(tokens) // n
    over = state.turn_token == NO_TOKEN
    held = [sum(1 for t in tokens if holder[t] == seat) for seat in range(n)]
    for seat, plumage in enumerate(state.plumage):
        placed = sum(1 for h in plumage if h != EMPTY)
        if over:
            require(held[seat] == per_seat, f"seat {seat} holds {held[seat]} tokens at the end")
            # every turn of the game laid one half: the whole plumage with the printed rounds
            turns = state.rounds * per_seat
            require(placed == turns, f"seat {seat} placed {placed} halves in the game's {turns} turns")
        else:
            turns = state.round * per_seat + per_seat - held[seat]
            require(held[seat] <= per_seat, f"seat {seat} holds {held[seat]} tokens")
            require(placed == turns, f"seat {seat} placed {placed} halves in {turns} turns")
    short = 0
    for nest, halves in enumerate(state.nests):
        lower = sum(1 for h in halves if h < KINDS)
        taken = (LOWER_PER_NEST - lower, UPPER_PER_NEST - (len(halves) - lower))
        require(taken in ((0, 0), (1, 0), (0, 1)), f"{'the centre' if nest == CENTRE else f'nest {nest}'} is not full")
        short += taken != (0, 0)
        if not over:
            lies = state.nest_token[nest] != NO_TOKEN
            require(lies == (taken != (0, 0)), "a nest gave a half without a token on it, or kept all with one")
    if over:
        require(state.round == state.rounds, "the game ended early")
        require(all(t == NO_TOKEN for t in state.nest_token), "a token still lies on a nest at the end")
        require(short == len(tokens), "the last round took a half from other nests than its tokens lie on")
        return
    require(state.round < state.rounds, "the game goes on after its last round")
    require(state.turn_token == next_token(tokens, holder, state.token_side), "the wrong token is to play")
    if state._flip_back:
        centre = state.nest_token[CENTRE]
        require(centre == NO_TOKEN or state.token_side[centre] == WHITE, "a token on the centre shows its black side")
    if state.round == 0:
        first_round = all(state.token_side[t] == WHITE for t in tokens if holder[t] != NOBODY)
        require(first_round, "a token shows its black side before it was played")
