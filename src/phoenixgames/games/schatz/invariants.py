"""What every Schatz des Phönix state keeps true, checked.

A referee's save is proven by replaying its record. A perspective copy's save has no seed, so nothing
replays it: ``saves.read_fields`` and :func:`check_state` are all that stand between a damaged or
altered file and the rules. Together they accept only states the rules can reach as far as can be
told without the history: every card and token once, the cards laid by each seat matching the turns
it had, the tokens of each nest matching the phase, the picking order matching the combos. Each
check raises :class:`InvariantError` (see ``engine.require``), which ``python -O`` leaves in place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import require
from .components import BIG_NEST, CARDS_PER_SIDE, LARGE_TEN, NESTS, NUM_CARD_TYPES, SCORING_ORDER, TOKENS
from .phases import DRAW_PHASE, GAME_OVER, NO_CARD, NO_SEAT, PHASE_NAMES, PICK_PHASE, PLAY_PHASE

if TYPE_CHECKING:
    from .state import SchatzState

SMALL_CODES = frozenset(code for code, token in TOKENS.items() if not token.large)


def check_state(state: SchatzState) -> None:
    """Raise :class:`InvariantError` unless ``state`` is one the rules can reach."""
    check_components(state)
    _check_round(state)
    _check_turns(state)
    _check_nests(state)
    _check_distribution(state)


def check_components(state: SchatzState) -> None:
    """Raise :class:`InvariantError` unless every card and token is somewhere exactly once and every
    field is in range: the part of :func:`check_state` that a situation laid out by hand keeps too."""

    n = state.num_players
    require(len(state.hands) == n and len(state.known) == n and len(state.won) == n, "wrong number of seats")
    require(len(state.sides) == NESTS * n and len(state.nest_tokens) == NESTS, "wrong number of nests")
    require(len(state.deck_candidates) == NUM_CARD_TYPES, f"the deck's possible cards must be {NUM_CARD_TYPES} counts")
    require(0 <= state.phase < len(PHASE_NAMES), "unknown phase")
    rounds = state.ruleset.rounds
    require(0 <= state.round <= rounds, f"there is no round {state.round + 1}: the game has {rounds}")
    require(0 <= state.start_player < n, "the start player token is held by no seat")
    _check_cards(state)
    _check_tokens(state)


def _check_round(state: SchatzState) -> None:

    rounds = state.ruleset.rounds
    if state.phase == GAME_OVER:
        require(state.round == rounds, "the game is over before its last round has ended")
    else:
        require(state.round < rounds, f"there is no round {state.round + 1}: the game has {rounds}")
    require(state.round > 0 or state.start_player == 0, "seat 0 holds the start player token in the first round")


def _check_cards(state: SchatzState) -> None:
    """Every equipment card once; hands full and sorted; what all know agrees with where cards are."""

    counts = [0] * NUM_CARD_TYPES
    require(state.face_up == NO_CARD or 0 <= state.face_up < NUM_CARD_TYPES, f"unknown card {state.face_up}")
    places = [*state.hands, state.deck, state.discards, *state.sides, [state.face_up] if state.face_up >= 0 else []]
    for place in places:
        for card in place:
            require(0 <= card < NUM_CARD_TYPES, f"unknown card {card}")
            counts[card] += 1
    ruleset = state.ruleset
    require(counts == list(ruleset.card_copies), "equipment cards appeared or vanished")
    require(all(len(side) <= CARDS_PER_SIDE for side in state.sides), "a side holds more than two cards")
    something_to_draw = state._can_draw()
    for seat, hand in enumerate(state.hands):
        drawing = state.phase == DRAW_PHASE and seat == state.turn
        expected = ruleset.hand_size - 1 if drawing else ruleset.hand_size
        require(
            len(hand) == expected or (not something_to_draw and len(hand) < expected),
            f"seat {seat} holds {len(hand)} cards",
        )
        require(hand == sorted(hand), "a hand is out of order")
        hidden = hand.copy()
        for card in state.known[seat]:
            require(card in hidden, "a card known to be in a hand is not there")
            hidden.remove(card)
    in_deck = [0] * NUM_CARD_TYPES
    for card in state.deck:
        in_deck[card] += 1
    for card, may_hold in enumerate(state.deck_candidates):
        require(
            in_deck[card] <= may_hold <= ruleset.card_copies[card],
            "the count of cards the deck may hold does not agree with the deck",
        )
    if state.phase != GAME_OVER and state.face_up == NO_CARD:
        require(not state.deck and not state.discards, "no card lies face up, though there are cards to turn up")


def _check_turns(state: SchatzState) -> None:
    """The cards beside the nests were laid one a turn, clockwise from the start player."""

    n, start, phase = state.num_players, state.start_player, state.phase
    plays = sum(len(side) for side in state.sides)
    require(state.plays == plays, "the count of cards laid this round is wrong")
    every_card = NESTS * CARDS_PER_SIDE * n
    if phase == PLAY_PHASE:
        require(plays < every_card and state.turn == (start + plays) % n, "the wrong seat is to lay a card")
    elif phase == DRAW_PHASE:
        require(0 < plays <= every_card and state.turn == (start + plays - 1) % n, "the wrong seat is to draw")
    elif phase == PICK_PHASE:
        require(plays == every_card, "treasures are distributed before every card of the round is laid")
        require(state.turn == (start - 1) % n, "the last turn of the round was not the last seat's")
    else:
        require(plays == 0, "cards lie beside the nests after the end of the game")
        require(0 <= state.turn < n, "the last turn went to no seat")
    if phase == GAME_OVER:
        return
    for seat in range(n):
        laid = sum(len(state.sides[nest * n + seat]) for nest in range(NESTS))
        turns = plays // n + ((seat - start) % n < plays % n)
        require(laid == turns, f"seat {seat} laid {laid} cards this round, but had {turns} turns")


def _check_tokens(state: SchatzState) -> None:
    """Every treasure token once: in the supply, a nest or a player's treasure."""
    require(all(t in SMALL_CODES for t in state.supply), "the supply holds a token that is no small token")
    for tokens in (*state.nest_tokens, *state.won):
        require(all(t in TOKENS for t in tokens), "a nest or a player holds a token that is no treasure token")
    ruleset = state.ruleset
    large_tokens = ruleset.large_tokens
    require(0 <= state.large_supply <= large_tokens, "impossible number of large tokens in the box")
    everywhere = state.supply + [t for nest in state.nest_tokens for t in nest] + [t for w in state.won for t in w]
    expected = list(ruleset.small_tokens) + [LARGE_TEN] * (large_tokens - state.large_supply)
    require(sorted(everywhere) == sorted(expected), "treasure tokens appeared or vanished")


def _check_nests(state: SchatzState) -> None:
    """The tokens in the box, the supply and each nest are those the rounds so far leave there."""

    ruleset = state.ruleset
    rounds_set_up = min(state.round, ruleset.rounds - 1) + 1
    require(state.large_supply == ruleset.large_tokens - rounds_set_up, "the wrong number of large 10s are in the box")
    per_nest = ruleset.small_per_nest(state.num_players)
    require(
        len(state.supply) == len(ruleset.small_tokens) - NESTS * per_nest * rounds_set_up,
        "the wrong number of small tokens are in the supply",
    )
    done = {GAME_OVER: NESTS, PICK_PHASE: state.scoring}.get(state.phase, 0)
    for order, nest in enumerate(SCORING_ORDER):
        tokens = state.nest_tokens[nest]
        require(tokens == sorted(tokens, reverse=True), f"the tokens of nest {nest + 1} are out of order")
        large = tokens.count(LARGE_TEN)
        full = (per_nest, 1 if nest == BIG_NEST else 0)
        if order < done:
            require(not tokens, f"nest {nest + 1} was distributed but still holds tokens")
        elif order == done and state.phase == PICK_PHASE:
            require(len(tokens) - large <= full[0] and large <= full[1], f"nest {nest + 1} holds too many tokens")
        else:
            require((len(tokens) - large, large) == full, f"nest {nest + 1} does not hold this round's tokens")
    rounds_done = ruleset.rounds if state.phase == GAME_OVER else state.round
    most = NESTS * rounds_done + (state.scoring + 1 if state.phase == PICK_PHASE else 0)
    for seat, won in enumerate(state.won):
        require(len(won) <= most, f"seat {seat} took more tokens than one a nest")


def _check_distribution(state: SchatzState) -> None:
    """Who picks next, who took the large 10: as the combos beside the nest being scored decide."""

    n = state.num_players
    if state.phase == GAME_OVER:
        require(state.scoring == NESTS and not state.pick_queue, "treasures are still distributed after the game")
        taker = state.large_taker
        require(0 <= taker < n and LARGE_TEN in state.won[taker], "no seat took the last large 10")
        require(state.start_player == taker, "the start player token did not go to whoever took the large 10")
        return
    if state.phase != PICK_PHASE:
        require(state.scoring == 0 and not state.pick_queue, "treasures are distributed while cards are laid")
        require(state.large_taker == NO_SEAT, "the large 10 was taken before the distribution")
        return
    require(0 <= state.scoring < NESTS, "no nest is being distributed")
    nest = SCORING_ORDER[state.scoring]
    tokens = state.nest_tokens[nest]
    require(len(set(tokens)) > 1, f"the tokens left in nest {nest + 1} leave no choice to make")
    full = state.ruleset.small_per_nest(n) + (nest == BIG_NEST)
    given = full - len(tokens)
    ranking = state.ranking(nest)
    require(state.pick_queue == ranking[given:full], f"the order of picking at nest {nest + 1} is not the combos'")
    if nest == BIG_NEST and LARGE_TEN not in tokens:
        taker = state.large_taker
        took = taker in ranking[:given] and state.won[taker][-1:] == [LARGE_TEN]
        require(took, "the large 10 was taken by no seat that picked")
    else:
        require(state.large_taker == NO_SEAT, "the large 10 is taken while it lies in the nest")
