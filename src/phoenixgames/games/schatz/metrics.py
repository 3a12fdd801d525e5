"""What a designer looks at in a finished game of Schatz des Phönix, from its public events.

Each figure is a number, or a list of numbers indexed by seat:

- ``rounds``: the rounds played;
- ``points_nest_1`` ... ``points_nest_3``: the points each seat took from that nest, over the game;
- ``points_round_1`` ... (one per round of the printed game): the points each seat took in that round
  (0 for a round the game does not have);
- ``nests_won``: how many times each seat laid the best combo at a nest (and so picked first);
- ``winning_combo``: the mean value of the best combo at a nest; ``winning_combo_nest_1`` ... the same
  at each nest; ``two_digit_combos``: the combos worth 22 or more (two matches), of all seats;
- ``large_tokens``: the large treasures each seat took.

The points by nest, and the points by round, add up to each seat's score.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import PUBLIC
from .components import DATA, LARGE_TEN, NESTS

if TYPE_CHECKING:
    from .state import SchatzState

#: The rounds of the printed game: one ``points_round_`` figure each (a game never has more).
PRINTED_ROUNDS: int = DATA["game"]["rounds"]
#: The least combo of two matches (a two-digit value, 2 and 2: 22).
TWO_DIGITS = 22


def _token_value(state: SchatzState, name: str) -> int:
    code = LARGE_TEN if name.startswith("L") else int(name)
    return state.ruleset.token_value[code]


def metrics(state: SchatzState) -> dict[str, float | list[float]]:
    """The figures of a finished game (see the module's docstring)."""
    n = state.num_players
    by_nest = [[0.0] * n for _ in range(NESTS)]
    by_round = [[0.0] * n for _ in range(PRINTED_ROUNDS)]
    nests_won = [0.0] * n
    large = [0.0] * n
    best: list[list[int]] = [[] for _ in range(NESTS)]
    two_digits = 0
    round_index = 0
    for event in state.events(PUBLIC):
        kind = event["kind"]
        if kind in ("pick", "given"):
            seat, value = event["seat"], _token_value(state, event["token"])
            by_nest[event["nest"] - 1][seat] += value
            by_round[round_index][seat] += value
            large[seat] += event["token"].startswith("L")
        elif kind == "combos":
            combos, first = event["combos"], event["order"][0]
            best[event["nest"] - 1].append(combos[first])
            nests_won[first] += 1
            two_digits += sum(value >= TWO_DIGITS for value in combos)
        elif kind == "round":
            round_index = event["round"] - 1
    every_best = [value for values in best for value in values]
    figures: dict[str, float | list[float]] = {"rounds": float(state.round)}
    for nest in range(NESTS):
        figures[f"points_nest_{nest + 1}"] = by_nest[nest]
    for index in range(PRINTED_ROUNDS):
        figures[f"points_round_{index + 1}"] = by_round[index]
    figures["nests_won"] = nests_won
    figures["winning_combo"] = sum(every_best) / len(every_best) if every_best else 0.0
    for nest in range(NESTS):
        values = best[nest]
        figures[f"winning_combo_nest_{nest + 1}"] = sum(values) / len(values) if values else 0.0
    figures["two_digit_combos"] = float(two_digits)
    figures["large_tokens"] = large
    return figures
