"""Random games of Schatz des Phönix written straight from the rulebook, with nothing of the engine: the
reference the engine's own speed is measured against (benchmarks/bench_rl.py).

The same decisions as the engine's game (docs/rules/schatz.md): on a turn a card is laid beside a nest
whose side for the seat holds fewer than two cards, then the top card of the deck or the face-up card is
drawn; once every seat has laid two cards beside each of the three nests, the treasures are handed out,
the smaller nests first, then the big one, each seat picking a token in the order of its combo (highest
first, ties to the seat first in turn order from the start player), a pick a decision only where the
tokens left differ. Whoever took the large 10 starts the next round; after three rounds the game is over.
Cards are numbers (their type), the state a handful of lists; each decision lists the legal moves, and a
``random.Random`` picks one, as the engine's random play does. Nothing is checked: it is a loop, not a
game anyone plays.

    .venv/bin/python benchmarks/bare_schatz.py      # decisions per second at 4 players
"""

from __future__ import annotations

import random
import sys
import time

COLOURS = 5
ROUNDS = 3
HAND = 5
NESTS = 3
BIG_NEST = 2  # nests 0 and 1 are the smaller ones
PER_SIDE = 2
LARGE_TEN = 11

# The card types: (colour, value, kind), kind 0 a number card, 1 a wild card (every colour), 2 an x2 card.
TYPES: list[tuple[int, int, int]] = []
DECK: list[int] = []
for _colour in range(COLOURS):
    for _value, _copies in ((2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (7, 1)):  # 2-6 twice, one 7 a colour
        TYPES.append((_colour, _value, 0))
        DECK.extend([len(TYPES) - 1] * _copies)
for _value in (2, 3):  # wild 2 and wild 3, two each
    TYPES.append((-1, _value, 1))
    DECK.extend([len(TYPES) - 1] * 2)
for _colour in range(COLOURS):  # two x2 cards a colour
    TYPES.append((_colour, 0, 2))
    DECK.extend([len(TYPES) - 1] * 2)
SMALL_TOKENS = [value for value in range(2, 11) for _ in range(4)]  # 36 small tokens, 2 to 10
TOKEN_VALUE = {**{value: value for value in range(2, 11)}, LARGE_TEN: 10}


def _combo(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    """The rulebook's combo values, in its order (a wild card matches every colour)."""
    if a[2] == 2 and b[2] == 2:
        return 0
    if a[2] == 2 or b[2] == 2:
        card, double = (b, a) if a[2] == 2 else (a, b)
        return 2 * card[1] if card[2] == 1 or card[0] == double[0] else card[1]
    colour = a[2] == 1 or b[2] == 1 or a[0] == b[0]
    number = a[1] == b[1]
    if colour and number:
        return 11 * a[1]
    if colour or number:
        return a[1] + b[1]
    return max(a[1], b[1])


COMBO = [[_combo(a, b) for b in TYPES] for a in TYPES]


def play_game(players: int, rng: random.Random) -> int:
    """One game of random play at ``players`` seats; returns its decisions."""
    deck = DECK[:]
    rng.shuffle(deck)
    tokens = SMALL_TOKENS[:]
    rng.shuffle(tokens)
    per_nest = 4 if players == 6 else players - 1
    hands = [sorted(deck.pop() for _ in range(HAND)) for _ in range(players)]
    face_up = deck.pop()
    discards: list[int] = []
    won: list[list[int]] = [[] for _ in range(players)]
    start = 0
    decisions = 0
    for _ in range(ROUNDS):
        nests = [sorted((tokens.pop() for _ in range(per_nest)), reverse=True) for _ in range(NESTS)]
        nests[BIG_NEST].insert(0, LARGE_TEN)
        sides: list[list[int]] = [[] for _ in range(NESTS * players)]
        turn = start
        for _ in range(NESTS * PER_SIDE * players):
            hand = hands[turn]
            # Lay a card: each distinct card beside each nest with room on this seat's side.
            open_nests = [nest for nest in range(NESTS) if len(sides[nest * players + turn]) < PER_SIDE]
            moves = [(card, nest) for card in sorted(set(hand)) for nest in open_nests]
            card, nest = moves[rng.randrange(len(moves))]
            hand.remove(card)
            sides[nest * players + turn].append(card)
            # Draw: the top of the deck (the discards shuffled in when it is empty) or the face-up card.
            if not deck and discards:
                deck, discards = discards, []
                rng.shuffle(deck)
            draws = (["deck"] if deck else []) + (["face"] if face_up >= 0 else [])
            if rng.randrange(len(draws)) == 0 and draws[0] == "deck":
                hand.append(deck.pop())
            else:
                hand.append(face_up)
                face_up = deck.pop() if deck else -1
            hand.sort()
            decisions += 2
            turn = (turn + 1) % players
        # The treasures: the smaller nests, then the big one.
        order = [*range(start, players), *range(start)]
        taker = start
        for nest in (0, 1, BIG_NEST):
            combos = [COMBO[sides[nest * players + seat][0]][sides[nest * players + seat][1]] for seat in order]
            ranked = [seat for _, seat in sorted(zip(combos, order, strict=True), key=lambda pair: -pair[0])]
            left = nests[nest]
            for seat in ranked[: len(left)]:
                choices = sorted(set(left), reverse=True)
                token = choices[rng.randrange(len(choices))] if len(choices) > 1 else choices[0]
                decisions += len(choices) > 1
                left.remove(token)
                won[seat].append(token)
                if token == LARGE_TEN:
                    taker = seat
        start = taker
        for side in sides:
            discards.extend(side)
    return decisions


def main() -> int:
    rng = random.Random(1)
    decisions = 0
    begin = time.process_time()
    while time.process_time() - begin < 2.0:
        decisions += play_game(4, rng)
    print(f"{decisions / (time.process_time() - begin):,.0f} decisions a second, 4-player Schatz, bare loop")
    return 0


if __name__ == "__main__":
    sys.exit(main())
